"""Records played by Club bots, shared by the review tests: one Eralash deal (a move planted in it if
asked), and an Uragan match played into its second deal."""

from __future__ import annotations

from typing import Any

from engine.cards import parse


def eralash_club_deal(n: int, seed: int, plant: tuple[int, str] | None = None,
                      hands: list[int] | None = None) -> dict[str, Any]:
    """One Club deal of Eralash (of a robber seeded ``seed``, ``n`` players); ``plant`` = (move index,
    card) replaces one move; ``hands`` deals the first deal's hands (seat 1 deals)."""
    from engine.bots.eralash.club import ClubBot
    from engine.eralash.match import Match
    from engine.eralash.options import Options

    deals = [(1, hands)] if hands is not None else None
    m = Match.new(Options(), [f"P{i}" for i in range(n)], seed=seed, first_dealer=1 if hands else None,
                  deals=deals)
    bots = [ClubBot(seed + i) for i in range(n)]
    while not m.is_over() and not m.deals_done:
        seat = m.current_player()
        if plant is not None and len(m.moves) == plant[0]:
            m.play(parse(plant[1]))
        else:
            m.play(bots[seat].choose(m.view(seat)))
    return m.to_record()


def uragan_into_the_second_deal() -> dict[str, Any]:
    """An Uragan match to 40 (seed 8) between two Club bots, played until 6 plays of its second deal."""
    from engine.games import game_named
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    m = Match.new(Options(target=40), ["a", "b"], 8)
    bots = [game_named("uragan").make_bot("club", 1), game_named("uragan").make_bot("club", 2)]
    while len(m.deals_done) < 1 or len(m.deal.plays) < 6:
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    return m.to_record()
