"""The game number (a match's seed, PySolFC-style) as the tables, sheets and review viewer show it:
"Game No. 482 193 557" / "Партия № 482 193 557" — never "Deal …", which is the deal count within a match."""

from __future__ import annotations

from game.words.i18n import t

GROUP = "\u00a0"  # a no-break space between groups of three digits: read at a glance, never split


def grouped(n: int) -> str:
    """``482193557`` → ``"482 193 557"`` (the Play game number dialog takes it back with the spaces)."""
    return f"{n:,}".replace(",", GROUP)


def game_number_label(n: int) -> str:
    return t("deal_number.label", n=grouped(n))
