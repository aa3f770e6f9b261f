"""Helpers of the people tests: a table hosted on loopback by a headless app, guests at it, and waiting
on what happens with a generous deadline (never a count of frames)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from helpers import frames

from game.checks.tour import uragan_step

DEADLINE = 120.0  # seconds: a generous bound for anything over loopback on a loaded machine


def until(app: Any, done: Callable[[], bool], *, play: tuple[Any, ...] = (), timeout: float = DEADLINE,
          what: str = "") -> None:
    """Run frames until ``done`` (the scenes under the top one, a second seat's lobby or table in the
    same app, are updated too); the tables in ``play`` answer their turns as the smoke does."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what or done}"
        for table in play:
            uragan_step(table)
            sheet = getattr(table.flow, "sheet", None)
            if sheet is not None and sheet is app.stack.top and not table.match.is_over():
                table.flow.after_sheet()  # the player closes a deal's score sheet: the next deal
        frames(app, 1, dt=0.1)
        for scene in list(app.stack.scenes):
            if scene is not app.stack.top and hasattr(scene, "control"):
                scene.update(0.1)
        time.sleep(0.002)


def host_uragan(app: Any, *, target: int = 11, grace: float = 30.0, name: str = "Аня",
                save: Any = None) -> tuple[Any, Any]:
    """Host an Uragan table for two people (this app's player at seat 0): (the Hosted, its lobby)."""
    from engine.games import game_named
    from engine.net.host import SeatSpec
    from game.people.lobby import host_table
    from game.people.net import Hosted, network, room_code

    game = game_named("uragan")
    hosted = Hosted(network(app), game, game.Options.from_dict({"target": target}),
                    [SeatSpec(True), SeatSpec(True)], room_code(), table_name="test", grace=grace,
                    advertise=False, bind="127.0.0.1", save=save)
    lobby = host_table(app, hosted, name)
    until(app, lambda: bool(hosted.error) or (lobby.control is not None and lobby.control.game is not None),
          what="the host listening and its player seated")
    assert not hosted.error and lobby.control.seat == 0
    return hosted, lobby
