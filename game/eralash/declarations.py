"""The declarations of an Eralash deal in words: each player's runs and honours, and why trump is what it is.

Pure text from the engine's ``Deal`` (no drawing), so tests can check the sentences and the table,
the example game and the score sheet all say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import cards as C
from game.words import i18n
from game.words.i18n import plural, t


def suit_word(suit: int) -> str:
    """The suit's name: "трефы" / "clubs"."""
    return C.SUIT_NAMES[i18n.get_language() if i18n.get_language() in C.SUIT_NAMES else "en"][suit]


def suit_label(suit: int) -> str:
    """Symbol and name: "♣ трефы"."""
    return f"{C.SUIT_SYMBOLS[suit]} {suit_word(suit)}"


def run_label(run: Any) -> str:
    """A run and its points: "8-9-10♣ — 27" (ranks in the deck's index letters)."""
    lang = i18n.get_language()
    return f"{run.label(lang if lang in C.RANK_INDEX else 'en')} — {run.points}"


def seat_lines(deal: Any, name: Callable[[int], str]) -> list[tuple[int, str]]:
    """One line per seat in play order from the eldest hand: ``(seat, "Светлана: 8-9-10♣ — 27")``."""
    out: list[tuple[int, str]] = []
    for i in range(deal.n):
        seat = (deal.eldest + i) % deal.n
        parts = [run_label(r) for r in deal.runs[seat]]
        if deal.aces[seat]:
            parts.append(
                t(
                    "eralash.decl.aces",
                    aces=plural(deal.aces[seat], "eralash.n_aces"),
                    points=deal.honours[seat],
                )
            )
        if parts:
            text = t("eralash.decl.line", name=name(seat), what=", ".join(parts), total=deal.points[seat])
            if len(parts) == 1:
                text = t("eralash.decl.line_one", name=name(seat), what=parts[0])
        else:
            text = t("eralash.decl.nothing", name=name(seat))
        out.append((seat, text))
    return out


def best_runs(deal: Any) -> list[tuple[int, Any]]:
    """Every seat's longest-then-richest run, in play order from the eldest: ``(seat, run)``."""
    out = []
    for i in range(deal.n):
        seat = (deal.eldest + i) % deal.n
        if deal.runs[seat]:
            out.append((seat, max(deal.runs[seat], key=lambda r: (r.length, r.points))))
    return out


def trump_reason(deal: Any, name: Callable[[int], str], you: int | None = None) -> str:
    """Why trump is (or is about to be) named by ``deal.trump_by``: the rule that decided it.

    ``you``: the player's own seat; when the player names trump the sentence speaks to them."""
    by = deal.trump_by

    def say(key: str, **kw: Any) -> str:
        return t(f"eralash.trump.why.{key}.you", **kw) if by == you else t(f"eralash.trump.why.{key}", **kw)

    if not any(deal.runs):  # once the eldest hand has chosen, the sentence says it is done
        return say("no_runs.done" if deal.trump >= 0 else "no_runs", name=name(by))
    runs = best_runs(deal)
    mine = max(deal.runs[by], key=lambda r: (r.length, r.points))
    rivals = [(s, r) for s, r in runs if s != by]
    if deal.choices and len(deal.choices) > 1:
        return say("two_runs", name=name(by), length=mine.length)
    if not rivals:
        return say("only", name=name(by), run=run_label(mine))
    same_len = [(s, r) for s, r in rivals if r.length == mine.length]
    if not same_len:
        return say(
            "longest", name=name(by), run=run_label(mine), cards=plural(mine.length, "eralash.n_cards")
        )
    same_pts = [(s, r) for s, r in same_len if r.points == mine.points]
    if not same_pts:
        return say("points", name=name(by), run=run_label(mine), other=name(same_len[0][0]))
    return say("eldest", name=name(by), run=run_label(mine), other=name(same_pts[0][0]))


def trump_line(deal: Any, name: Callable[[int], str], you: int | None = None) -> str:
    """Trump and who named it ("Trump: ♣ clubs, named by Svetlana"), or who is to name it.

    ``you``: the player's own seat, spoken to in the second person."""
    mine = you is not None and deal.trump_by == you
    if deal.trump < 0:
        return t("eralash.trump.you_name") if mine else t("eralash.trump.to_name", name=name(deal.trump_by))
    if mine:
        return t("eralash.trump.named_by_you", suit=suit_label(deal.trump))
    return t("eralash.trump.named", suit=suit_label(deal.trump), name=name(deal.trump_by))


def nothing_declared(deal: Any) -> bool:
    return not any(deal.runs) and not any(deal.aces)
