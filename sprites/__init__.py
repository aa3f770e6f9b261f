"""Salon's card faces and backs, table art and icon (SVG, drawn by tools/make_sprites.py): package data."""
