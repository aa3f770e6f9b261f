"""People come and go: a guest killed mid-deal takes its seat back with its token; one that stays away
past the grace period is played by the stand-in bot until it returns."""

from __future__ import annotations

import asyncio

import pytest
from netplay import assert_told_only_its_own, chooser, hosting, run, until

from engine.net.client import Guest, Refused

pytestmark = pytest.mark.slow


def moved(n: int):
    return lambda guest: sum(m["type"] == "your_turn" for m in guest.received) >= n


def test_a_guest_killed_mid_deal_takes_its_seat_back_with_its_token():
    async def scenario():
        host, url = await hosting("uragan", "remote,remote", seed=2, grace=60.0)
        a = await Guest.join(url, "K7Q2", "A")
        b = await Guest.join(url, "K7Q2", "B")
        b_play = asyncio.create_task(b.play(chooser(2)))
        await a.play(chooser(1), stop=moved(3))
        a.conn.transport.abort()  # killed: no close handshake
        await until(lambda: host.seats[0].conn is None)
        assert not host.match.is_over() and host.match.deal_number == 1  # mid-deal
        with pytest.raises(Refused, match="token"):
            await Guest.join(url, "K7Q2", "A", token="not-" + a.token)
        with pytest.raises(Refused, match="full"):
            await Guest.join(url, "K7Q2", "C")  # a dropped seat is kept for its guest
        back = await Guest.join(url, "K7Q2", "A", token=a.token)
        assert back.seat == 0 and back.token == a.token
        await asyncio.gather(back.play(chooser(3)), b_play)
        await host.finished
        return host, back, b

    host, back, b = run(scenario)
    assert host.match.is_over() and not any(s.standing_in for s in host.seats)
    assert_told_only_its_own(back, host)  # the whole story of its seat again, and nothing more
    assert_told_only_its_own(b, host)
    assert any("seat 0 ('A') dropped" in line for line in host.lines)


def test_a_guest_away_past_the_grace_is_played_by_the_stand_in_until_it_returns():
    async def scenario():
        host, url = await hosting("uragan", "remote,remote", seed=4, grace=0.0, stand_in="novice")
        a = await Guest.join(url, "K7Q2", "A")
        b = await Guest.join(url, "K7Q2", "B")
        a_task = asyncio.create_task(a.play(chooser(1), stop=moved(2)))
        await b.play(chooser(2), stop=moved(2))
        await a_task
        await a.close()
        await b.play(chooser(2), stop=lambda g: host.seats[0].standing_in)
        await until(lambda: host.seats[0].standing_in)
        bot_moves = len(host.match.moves)
        back = await Guest.join(url, "K7Q2", "A", token=a.token)
        assert not host.seats[0].standing_in
        await asyncio.gather(back.play(chooser(3)), b.play(chooser(2)))
        await host.finished
        return host, back, b, bot_moves

    host, back, b, bot_moves = run(scenario)
    assert host.match.is_over()
    assert any("played by novice" in line for line in host.lines)
    stand_ins = [m for m in b.received if m["type"] == "table" and m["seats"][0]["stand_in"]]
    assert stand_ins, "the other guest is told that a bot plays the seat"
    assert any(m["type"] == "your_turn" for m in back.received)  # its seat came back to it
    assert bot_moves < len(host.match.moves)
