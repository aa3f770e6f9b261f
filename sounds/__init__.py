"""Salon's sound effects (WAV, made by tools/make_sounds.py): package data."""
