"""Playing with people through the real tables: a headless app hosts an Uragan table on loopback, a
second seat joins from the same process, and a whole deal is played through both ``UraganTable``s
driven by their ``RemoteControl``s; the host's match and each guest's agree."""

from __future__ import annotations

import pytest
from people_helpers import host_uragan, until

from engine.uragan.moves import Play
from game.people.lobby import join_table
from game.uragan.table import UraganTable
from game.words.i18n import t

pytestmark = pytest.mark.slow


@pytest.fixture
def app(make_app):
    return make_app(speed="instant")


def _tables(app):
    return [s for s in app.stack.scenes if isinstance(s, UraganTable)]


def _seated(app, **host):
    """A table hosted (``host_uragan``'s options) and Боря joined: (hosted, host's table, guest's table)."""
    hosted, _lobby = host_uragan(app, **host)
    join_table(app, f"ws://127.0.0.1:{hosted.port}", hosted.room, "Боря")
    until(app, lambda: len(_tables(app)) == 2, what="both tables open")
    a, b = sorted(_tables(app), key=lambda tb: tb.me)
    return hosted, a, b


def test_a_whole_deal_is_played_by_two_people_at_the_real_tables(app):
    hosted, a, b = _seated(app)
    assert (a.me, b.me) == (0, 1)
    host_match = hosted.host.match
    assert host_match is not None
    # a move the rules refuse is refused at the seat's own table, in its words, and never sent
    until(app, lambda: a.is_human_turn() and not a.busy() and a.control.asked is not None, play=(b,),
          what="the host's seat to play")
    # no undo at a table of people: its turn's line does not offer Ctrl+Z (nor is there a button for it)
    hows: list[str | None] = []
    a.draw_turn_hint = lambda surface, hint, how, *rest, **kw: hows.append(how)
    a.message = None  # (the other seat's move said, stays until the player acts)
    a.plaques.draw_overlay(app.screen)
    assert hows == [t("uragan.how_to_play.no_undo")] and "Ctrl" not in str(hows[0])
    assert {b.key for b in a.buttons} & {"undo", "hint"} == set()
    del a.draw_turn_hint
    stranger = next(c for c in range(52) if not (a.match.deal.hands[a.me] | a.match.deal.table) >> c & 1)
    reason = a.propose(Play(stranger, 0))
    assert reason and reason != t("table.not_your_turn") and not a.control.sent
    assert len(host_match.moves) == len(a.match.moves)
    until(app, lambda: len(host_match.deals_done) >= 1 and all(len(t.match.deals_done) >= 1 for t in (a, b)),
          play=(a, b), what="the first deal played out")
    done = host_match.deals_done[0]
    for table in (a, b):
        mine = table.match.deals_done[0]
        assert mine.plays == done.plays and mine.piles == done.piles and mine.dealt == done.dealt
        assert table.match.moves == host_match.moves[: len(table.match.moves)]
        assert table.match.players == ["Аня", "Боря"], (table.me, table.match.players, table.control.people)
    hosted.stop()


def _listening(port: int) -> bool:
    import socket

    with socket.socket() as s:
        s.settimeout(5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_dropped_guest_is_shown_replaced_by_a_bot_and_takes_its_seat_back(app):
    hosted, a, b = _seated(app, grace=0.3)
    host = hosted.host
    # play a few moves, then stop at the guest's turn
    until(app, lambda: len(host.match.moves) >= 3 and host.match.current_player() == b.me
          and not a.control.incoming, play=(a, b), what="the guest's turn")
    token = b.control.token
    conn = host.seats[b.me].conn
    hosted.net.loop.call_soon_threadsafe(conn.transport.abort)  # the guest's network goes away
    moves = len(host.match.moves)
    stand_in = t("people.note.stand_in", name="Боря")
    until(app, lambda: a.seat_note(b.me) == stand_in, play=(a,), what="the other seat shown played by a bot")
    until(app, lambda: len(host.match.moves) > moves, play=(a,), what="the bot's move for the dropped guest")
    # (the host's seat waits meanwhile: the match must not end before the guest's next try)
    until(app, lambda: b.control.lost_at is None and host.seats[b.me].conn is not None,
          what="the guest back with its token")
    assert b.control.token == token and b.me == 1 and host.seats[b.me].name == "Боря"
    until(app, lambda: a.seat_note(b.me) == t("people.note.person"), play=(a, b), what="a person again")
    until(app, lambda: len(host.match.deals_done) >= 1
          and all(len(tb.match.deals_done) >= 1 for tb in (a, b)),
          play=(a, b), what="the first deal played out")
    for table in (a, b):
        assert table.match.deals_done[0].plays == host.match.deals_done[0].plays
    hosted.stop()


def test_hosting_then_leaving_leaves_nothing_listening(app):
    hosted, lobby = host_uragan(app)
    assert _listening(hosted.port)
    lobby.leave()
    until(app, lambda: not _listening(hosted.port), timeout=30, what="the port closed")
    hosted2, _lobby2 = host_uragan(app)
    join_table(app, f"ws://127.0.0.1:{hosted2.port}", hosted2.room, "Боря")
    until(app, lambda: len(_tables(app)) == 2, what="both tables open")
    host_table = next(tb for tb in _tables(app) if tb.me == 0)
    app.stack.remove(host_table)  # the host's player leaves the table: the table is no longer hosted
    assert not _listening(hosted2.port)
    assert not hosted2.listening()


def test_the_end_of_a_match_is_counted_once_for_each_person_and_its_record_kept(tmp_path):
    from helpers import app_on_disk

    from engine.records import replay_record
    from game.store.records import LAST_GAME_FILE
    from game.store.stats import Stats

    app = app_on_disk(tmp_path / "data")
    try:
        app.settings.set("animation_speed", "instant")
        hosted, a, b = _seated(app, target=1)
        until(app, lambda: a.control.counted and b.control.counted, play=(a, b), what="the match over")
        host_match = hosted.host.match
        assert host_match.is_over()
        winner = host_match.winners()[0]
        stats = Stats.load(app.store)
        people = stats.people["uragan"]["people"]
        # one app holds both seats here, so one data folder: the match is counted once by its id (each
        # person's own app counts its own player)
        assert people.played == 1 and people.won + people.shared <= 1
        assert a.control.result() == ("win" if winner == 0 else "loss")
        assert b.control.result() == ("win" if winner == 1 else "loss")
        a.control.counted = False
        a.control.update(a)  # the same match's end again: not counted twice
        assert Stats.load(app.store).people["uragan"]["people"].played == 1
        import json

        record = json.loads((app.store.folder / LAST_GAME_FILE).read_text(encoding="utf-8"))
        assert replay_record(record)["game"] == "uragan"
        assert record == host_match.to_record()
        hosted.stop()
    finally:
        app.close()


def test_a_hosted_table_closed_mid_deal_is_hosted_again_from_continue(tmp_path):
    from helpers import app_on_disk

    from game.people.net import hosted_path
    from game.screens import continue_game, hosted_to_continue

    app = app_on_disk(tmp_path / "data")
    try:
        app.settings.set("animation_speed", "instant")
        hosted, a, b = _seated(app, save=hosted_path(app))
        until(app, lambda: len(hosted.host.match.moves) >= 4 and not a.control.incoming
              and not b.control.incoming and len(a.match.moves) == len(hosted.host.match.moves),
              play=(a, b), what="a few moves")
        moves = list(hosted.host.match.moves)
        app.stack.remove(a)  # the host's player leaves: the table stops, its save stays
        assert not hosted.listening() and hosted_to_continue(app)
        until(app, lambda: b.control.lost_at is not None, what="the guest waiting for the host")
        continue_game(app)
        until(app, lambda: len(_tables(app)) == 2 and b.control.lost_at is None,
              what="the table hosted again")
        a2 = next(tb for tb in _tables(app) if tb.me == 0)
        host2 = next(s for s in [a2.control.hosted] if s is not None)
        assert host2.port == hosted.port and host2.room == hosted.room
        assert host2.host.match.moves[: len(moves)] == moves
        until(app, lambda: len(host2.host.match.deals_done) >= 1
              and all(len(tb.match.deals_done) >= 1 for tb in (a2, b)), play=(a2, b),
              what="the deal played out")
        for table in (a2, b):
            assert table.match.deals_done[0].plays == host2.host.match.deals_done[0].plays
        host2.stop()
    finally:
        app.close()


def test_a_wrong_room_code_or_no_host_is_said_in_the_lobby(app):
    hosted, _lobby = host_uragan(app)
    lobby = join_table(app, f"ws://127.0.0.1:{hosted.port}", "WRONG", "Боря")
    until(app, lambda: lobby.control.refused == "room", what="the refusal")
    assert t("people.lobby.refused", reason=t("people.refused.room")) in lobby.lines()
    lobby.leave()
    hosted.stop()
    lobby = join_table(app, f"ws://127.0.0.1:{hosted.port}", hosted.room, "Боря")
    until(app, lambda: lobby.control.unreachable, what="nobody listening")
    assert t("people.lobby.unreachable") in lobby.lines()


def test_a_guest_whose_app_closed_takes_its_seat_back_from_continue(tmp_path):
    from helpers import app_on_disk

    from game.people.lobby import take_seat_back
    from game.people.net import remembered_seat

    app = app_on_disk(tmp_path / "data")
    try:
        app.settings.set("animation_speed", "instant")
        hosted, a, b = _seated(app, grace=0.3)
        seat = remembered_seat(app)
        assert seat is not None and seat["token"] == b.control.token and seat["room"] == hosted.room
        app.stack.remove(b)  # the guest's table (its app) goes away; the seat waits for its token
        until(app, lambda: hosted.host.seats[1].conn is None, what="the seat empty")
        until(app, lambda: a.seat_note(1) == t("people.note.stand_in", name="Боря"), play=(a,),
              what="the seat played by a bot")
        take_seat_back(app)
        until(app, lambda: len(_tables(app)) == 2 and hosted.host.seats[1].conn is not None,
              what="the seat taken back")
        b2 = next(tb for tb in _tables(app) if tb.me == 1)
        assert b2 is not b and b2.control.token == seat["token"]
        assert b2.match.moves == hosted.host.match.moves[: len(b2.match.moves)]
        hosted.stop()
    finally:
        app.close()



def test_leaving_a_table_of_people_asks_first_cancel_the_default(app):
    import pygame
    from helpers import frames

    from game.people.leave_question import LeaveQuestion
    from game.speech import RecordingSpeaker

    def press(*keys):
        for k in keys:
            frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
        frames(app, 2)

    app.speech = RecordingSpeaker()
    hosted, a, b = _seated(app)
    app.stack.scenes.remove(b)  # the guest's table on top first (in its own app it is)
    app.stack.scenes.append(b)
    for table, texts in ((b, "people.leave.guest"), (a, "people.leave.host")):
        assert app.stack.top is table
        table.to_menu()
        question = app.stack.top
        assert isinstance(question, LeaveQuestion) and question.texts == texts
        frames(app, 1)
        assert app.speech.texts("screen")[-2:] == [t(f"{texts}.title"), t(f"{texts}.question")]
        assert app.speech.texts("focus")[-1] == f"{t('common.cancel')}, {t('focus.role.button')}"
        press(pygame.K_RETURN)  # Enter is Cancel: nothing left
        assert app.stack.top is table and hosted.listening() and hosted.host.seats[table.me].conn
        table.to_menu()
        press(pygame.K_ESCAPE)
        assert app.stack.top is table and hosted.listening()
        table.to_menu()
        press(pygame.K_LEFT, pygame.K_RETURN)  # to the confirm button, pressed
        assert table not in app.stack.scenes
        if table is b:  # the guest left: its seat waits for its token, the table stays hosted
            until(app, lambda: hosted.host.seats[1].conn is None, what="the guest's seat empty")
            assert hosted.listening()
    assert not hosted.listening()  # the host left: the table is closed for everyone
