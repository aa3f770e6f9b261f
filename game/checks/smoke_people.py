"""The smoke's visit of Play with people: the Host and Join screens, a table hosted on loopback (not
offered on the network), the lobby, a guest's table at it and a dropped guest played by a bot."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.checks.tour import Smoke, visit

WAIT = 60.0  # seconds: anything over loopback, on a loaded machine


def _until(s: Smoke, done: Callable[[], bool], what: str, others: bool = True) -> None:
    """Frames until ``done``; ``others``: the scenes under the top one are updated too (the host's seat
    under the guest's, as a second app would run it)."""
    end = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > end:
            raise RuntimeError(f"play with people: timed out waiting for {what}")
        s.frames(1, dt=0.1)
        for scene in list(s.app.stack.scenes):
            if others and scene is not s.app.stack.top and hasattr(scene, "control"):
                scene.update(0.1)
        time.sleep(0.002)


@visit("play with people")
def _people(s: Smoke) -> None:
    from engine.games import game_named
    from engine.net.host import SeatSpec
    from engine.net.lan import Table
    from game.people.host_screen import HostScene
    from game.people.join_screen import JoinScene
    from game.people.lobby import host_table, join_table
    from game.people.net import Hosted, network, room_code
    from game.widgets.table import TableScene
    from game.words.i18n import t

    s.home()
    s.app.toast = None  # the last visit's notice has been read
    scene = s.push(HostScene(s.app))
    s.check("host a table")
    scene.press("game_eralash")
    s.check("host a table: eralash")
    for seat in range(1, scene.players()):
        scene.press(f"seat{seat}_club")
    scene.start()
    s.check("host a table: no other person")
    s.app.stack.remove(scene)
    join = s.push(JoinScene(s.app))
    s.check("join a table: none found")
    join.tables = [Table(t("people.table_name", name="Аня"), "192.168.1.20", 41234, "uragan", 1),
                   Table("Salon", "10.0.0.7", 8765, "uragan", 1)]
    join.build()
    s.check("join a table: tables found on the network")
    join.pick(0)
    s.check("join a table: a table chosen")
    join.fields["room"], join.fields["port"] = "", "x"
    join.join()
    s.check("join a table: a bad address")
    s.app.stack.remove(join)

    game = game_named("uragan")
    hosted = Hosted(network(s.app), game, game.Options.from_dict({}), [SeatSpec(True), SeatSpec(True)],
                    room_code(), table_name="smoke", bind="127.0.0.1", advertise=False, grace=0.2)
    try:
        lobby = host_table(s.app, hosted, t("people.name.host"))
        _until(s, lambda: bool(hosted.error)
               or (lobby.control is not None and lobby.control.game is not None),
               "the host's seat")
        s.check("lobby: the host waits for a guest")
        join_table(s.app, f"ws://127.0.0.1:{hosted.port}", hosted.room, "Борис")

        def tables() -> list[Any]:
            return [x for x in s.app.stack.scenes if isinstance(x, TableScene)]

        # the guest's table first, the host's seat (its lobby) left waiting: the host's turn is a person's
        _until(s, lambda: isinstance(s.app.stack.top, TableScene), "the guest's table", others=False)
        guest_seat: Any = s.app.stack.top
        s.app.toast = None  # what the data folder had to say, told by the first table, has been read
        s.settle(guest_seat, until=lambda: not guest_seat.busy())
        s.check("a guest's table")

        def guest_step() -> bool:
            from game.checks.tour import uragan_step

            uragan_step(guest_seat)
            return guest_seat.thinking_shown() == 1 - guest_seat.me and not guest_seat.busy()

        _until(s, guest_step, "the host's turn", others=False)
        s.check("a guest's table: a person's turn")
        _leave_question(s, guest_seat, "a guest's table: leaving asks first")
        _until(s, lambda: len(tables()) == 2, "the host's table")
        host_seat: Any = s.app.stack.top
        s.app.toast = None
        s.settle(host_seat, until=lambda: not host_seat.busy())
        s.check("the host's table")
        _leave_question(s, host_seat, "the host's table: leaving asks first")
        # the guest leaves (its network gone): the host's table shows the seat played by a bot
        s.app.stack.remove(guest_seat)

        def host_step() -> bool:
            from game.checks.tour import uragan_step

            uragan_step(host_seat)
            return host_seat.seat_note(guest_seat.me) == t("people.note.stand_in", name="Борис")

        _until(s, host_step, "the dropped guest played by a bot")
        s.check("the host's table: a dropped guest played by a bot")
    finally:
        hosted.stop()
        s.home()


def _leave_question(s: Any, table: Any, name: str) -> None:
    """Leaving a table of people asks first: the question checked, then answered Cancel (Esc)."""
    import pygame

    table.to_menu()
    s.frames(2)
    s.check(name)
    s.key(pygame.K_ESCAPE)
    if s.app.stack.top is not table:
        raise RuntimeError(f"{name}: Esc did not go back to the table")
