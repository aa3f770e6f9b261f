"""Uragan at the table: the scene, its hand, capture chooser, claims flow, plaques, move log and words."""
