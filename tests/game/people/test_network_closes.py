"""The app's network thread (``game.people.net.network``, started when first needed) ends when the app
closes: a process that makes many apps (the tests) does not keep an event loop running for each."""

from __future__ import annotations

import game  # noqa: F401  (before the tests' helpers: tests/game shadows the package)
from game.app import App, build_parser
from game.people.net import network


def test_closing_the_app_stops_its_network_thread():
    app = App(build_parser().parse_args(["--lang", "en"]), headless=True, size=(960, 600))
    net = network(app)
    assert net.run(_answer()) == 42  # the loop runs
    thread = net._thread
    assert thread.is_alive()
    app.close()
    thread.join(5.0)
    assert not thread.is_alive() and net.loop.is_closed()




def test_what_was_handed_to_the_network_just_before_closing_still_runs():
    """A table closing with the app says goodbye on the network thread: that is let run (briefly)."""
    import asyncio

    app = App(build_parser().parse_args(["--lang", "en"]), headless=True, size=(960, 600))
    net = network(app)
    said: list[str] = []

    async def goodbye() -> None:
        await asyncio.sleep(0)  # (one more turn of the loop: no clock in it)
        said.append("bye")

    net.submit(goodbye())
    app.close()
    assert said == ["bye"]


async def _answer() -> int:
    return 42
