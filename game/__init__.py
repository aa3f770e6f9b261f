"""Salon's desktop app: pygame-ce scenes, the card tables, menus, settings, saves and statistics."""
