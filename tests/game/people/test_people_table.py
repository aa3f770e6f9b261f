"""Playing with people through the real tables: a headless app hosts an Uragan table on loopback, a
second seat joins from the same process, and a whole deal is played through both ``UraganTable``s
driven by their ``RemoteControl``s; the host's match and each guest's agree."""

from __future__ import annotations

import pytest
from people_helpers import host_uragan, until

from game.people.lobby import join_table
from game.uragan.table import UraganTable

pytestmark = pytest.mark.slow


@pytest.fixture
def app(make_app):
    return make_app(speed="instant")


def _tables(app):
    return [s for s in app.stack.scenes if isinstance(s, UraganTable)]


def test_a_whole_deal_is_played_by_two_people_at_the_real_tables(app):
    hosted, _lobby = host_uragan(app)
    url = f"ws://127.0.0.1:{hosted.port}"
    join_table(app, url, hosted.room, "Боря")
    until(app, lambda: len(_tables(app)) == 2, what="both tables open")
    a, b = _tables(app)
    assert {a.me, b.me} == {0, 1}
    host_match = hosted.host.match
    assert host_match is not None
    until(app, lambda: len(host_match.deals_done) >= 1 and all(len(t.match.deals_done) >= 1 for t in (a, b)),
          play=(a, b), what="the first deal played out")
    done = host_match.deals_done[0]
    for table in (a, b):
        mine = table.match.deals_done[0]
        assert mine.plays == done.plays and mine.piles == done.piles and mine.dealt == done.dealt
        assert table.match.moves == host_match.moves[: len(table.match.moves)]
        assert table.match.players == ["Аня", "Боря"], (table.me, table.match.players, table.control.people)
    hosted.stop()
