"""Eralash guests are told what the rules reveal and nothing more: at every message a guest receives, each
card it names is its own (a hand it was dealt), one played, or one of a declared run; never another
seat's hidden card or a card set aside. The check is shown to catch a planted leak."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest
from netplay import ROOM, chooser, hosting, run

from engine.cards import names
from engine.eralash import Match
from engine.net.client import Guest

pytestmark = pytest.mark.slow

CARD = re.compile(r'"((?:10|[2-9JQKA])[SHDC])"')


def revealed(host_match: Match, seat: int, moves: int) -> set[str]:
    """The cards ``seat`` may know once ``moves`` moves of the host's robber are played: its own hands,
    every declared run (their cards are shown), every card played."""
    save = host_match.to_save()
    match = Match.from_save({**save, "moves": []})
    for move in host_match.moves[:moves]:
        match.play(move)
    deals = [r.deal for r in match.deals_done] + ([] if match.is_over() else [match.deal])
    known = 0
    for deal in deals:
        known |= deal.dealt[seat]
        for declared in deal.runs:
            for r in declared:
                known |= r.cards
        for card in deal.played:
            known |= 1 << card
    return set(names(known))


def unrevealed(messages: list[dict[str, Any]], host_match: Match, seat: int) -> list[tuple[int, str]]:
    """Each card named in a message (before the match's end, whose record shows the robber whole) that
    the seat could not know when it was sent: (the message's place, the card)."""
    told = 0  # the moves the seat had been told of
    out = []
    for i, msg in enumerate(messages):
        if msg.get("type") == "over":
            break
        told += len(msg.get("moves", []))
        allowed = revealed(host_match, seat, told)
        named = CARD.findall(json.dumps(msg, ensure_ascii=False))
        out += [(i, card) for card in named if card not in allowed]
    return out


@pytest.mark.parametrize(("seats", "options"), [
    ("remote,remote,remote", {"short_deal": True, "target": 7}),  # cards set aside, never shown
    ("remote,bot:club,remote,bot:novice", {"pairs": True, "target": 7}),
])
def test_no_message_names_a_card_the_rules_have_not_shown(seats, options):
    async def scenario():
        host, url = await hosting("eralash", seats, options, seed=21, budget=0.05)
        guests = [await Guest.join(url, ROOM, f"G{i}") for i in range(seats.count("remote"))]
        await asyncio.gather(*(g.play(chooser(i)) for i, g in enumerate(guests)))
        await host.finished
        return host, guests

    host, guests = run(scenario)
    # runs were declared (their cards shown before they are played) and cards set aside or held unseen
    assert any(e["event"] == "RunsDeclared" and e["seat"] != guests[0].seat for e in guests[0].events)
    for guest in guests:
        assert any(m.get("type") == "update" for m in guest.received)
        assert unrevealed(guest.received, host.match, guest.seat) == []
    # the check catches a planted leak: another seat's card, not yet played, in an early update
    guest = guests[0]
    other = (guest.seat + 1) % host.match.n_players
    first = host.match.deals_done[0].deal
    hidden = [c for c in names(first.dealt[other]) if c not in revealed(host.match, guest.seat, 0)]
    planted = [dict(m) for m in guest.received]
    at = next(i for i, m in enumerate(planted) if m.get("type") == "update")
    planted[at]["view"] = {**planted[at]["view"], "hand": [*planted[at]["view"]["hand"], hidden[-1]]}
    assert unrevealed(planted, host.match, guest.seat) == [(at, hidden[-1])]
