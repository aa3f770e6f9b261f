"""The protocol's messages: frames checked, hellos read, and a seat's view and events written as JSON
with card names and nothing private; the leak check of the network tests catches a planted leak."""

from __future__ import annotations

import json

import pytest
from netplay import ROOM, assert_told_only_its_own, hosting, run

from engine.games import GAMES, game_named
from engine.net.client import Guest
from engine.net.host import seats_from_text
from engine.net.protocol import MAX_SIZE, ProtocolError, event_json, parse, read_hello, view_json


@pytest.mark.parametrize("frame, reason", [
    ("x" * (MAX_SIZE + 1), "too_big"), ("{", "malformed"), ("[]", "malformed"), ('{"type": 1}', "malformed"),
    (b"\xc3(", "malformed"), ("[" * 5000 + "]" * 5000, "malformed"),
])
def test_a_bad_frame_is_a_protocol_error_with_its_reason(frame, reason):
    with pytest.raises(ProtocolError) as err:
        parse(frame)
    assert err.value.reason == reason


def test_a_hello_is_read_with_its_name_cleaned_and_its_language_checked():
    hello = read_hello({"type": "hello", "version": 1, "room": ROOM, "name": " Аня\x00\n" + "я" * 40,
                        "lang": "fr", "token": "t"})
    assert hello.room == ROOM and hello.token == "t" and hello.lang == "en"
    assert hello.name == ("Аня" + "я" * 40)[:32]
    for bad, reason in [({"type": "move"}, "hello_first"), ({"type": "hello", "version": "1"}, "version"),
                        ({"type": "hello", "version": 1, "room": ROOM, "token": 5}, "malformed")]:
        with pytest.raises(ProtocolError) as err:
            read_hello(bad)
        assert err.value.reason == reason


def test_seats_are_remote_or_a_level_offered_to_players():
    assert [s.text() for s in seats_from_text("remote, BOT:Master,bot:novice")] == \
        ["remote", "bot:master", "bot:novice"]
    for bad in ("robot", "bot:oracle", "bot:", "remote,,remote"):
        with pytest.raises(ValueError):
            seats_from_text(bad)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_view_and_its_events_are_json_with_card_names_and_no_other_hand(name):
    game = game_named(name)
    n = game.seat_counts[-1]
    match = game.Match.new(game.Options(), [f"P{i}" for i in range(n)], seed=12)
    for _ in range(5):
        match.play(match.legal_moves()[0])
    for seat in range(n):
        view = view_json(match.view(seat), game.move_to_json)
        json.dumps(view)  # plain JSON
        assert not any(k.startswith("_") for k in view)
        mine = set(view["hand"])
        assert len(mine) == match.view(seat).hand.bit_count() and all(isinstance(c, str) for c in mine)
        others = set()
        for other in range(n):
            if other != seat:
                others |= set(view_json(match.view(other), game.move_to_json)["hand"])
        assert not mine & others
        events = [event_json(e) for e in match.events_for(seat)]
        assert all("known_to" not in e for e in events)
        told = json.dumps([view, events])
        # the cards the rules show: each declared run's (Eralash), and every card once played
        shown = {c for e in events for run in e.get("runs", []) for c in run["cards"]}
        for card in others:  # another seat's card appears only once shown (then everyone knows it)
            played = any(e.get("card") == card for e in events)
            assert played or card in shown or f'"{card}"' not in told, card


def test_the_leak_check_catches_a_planted_leak():
    async def scenario():
        host, url = await hosting("uragan", "remote,remote", seed=1)
        a = await Guest.join(url, ROOM, "A")
        await Guest.join(url, ROOM, "B")
        await a.until("update")
        return host, a

    host, a = run(scenario)
    assert_told_only_its_own(a, host)
    planted = {"event": "HandDealt", "index": -1, "deal": 1, "seat": 1 - a.seat, "cards": [], "round": 0}
    a.events.append(planted)
    with pytest.raises(AssertionError):
        assert_told_only_its_own(a, host)
