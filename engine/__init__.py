"""Salon's rules engine: Eralash and Uragan, records, bots, arena and benchmarks (never imports pygame)."""

__version__ = "0.1.0"
