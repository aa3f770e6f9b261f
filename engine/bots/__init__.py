"""Bots: Novice, Club and Master for both games, and the Oracle for the arena only."""
