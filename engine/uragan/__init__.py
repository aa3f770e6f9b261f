"""Uragan (Ураган): the two-player Scopa relative with sum captures, claims, uragans and primiera."""
