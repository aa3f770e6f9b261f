"""Eralash (Ералаш): the whist relative with runs, Ace honours, trump by the longest run, robber to 13."""
