"""Tables on the local network: an advertised table is found with its game and port (never its room
code)."""

from __future__ import annotations

import pytest
from netplay import run, until

from engine.net.lan import Advert, Finder

pytestmark = pytest.mark.slow
LOOPBACK = ["127.0.0.1"]


def test_an_advertised_table_is_found_with_its_game_and_port():
    async def scenario():
        finder = await Finder.start(interfaces=LOOPBACK)
        advert = await Advert.start(port=45678, table="Аня. table", game="eralash", address="127.0.0.1",
                                    interfaces=LOOPBACK)
        try:
            await until(lambda: any(t.port == 45678 for t in finder.tables.values()), 20)
            table = next(t for t in finder.tables.values() if t.port == 45678)
        finally:
            await advert.close()
            await finder.close()
        return table

    table = run(scenario)
    assert table.game == "eralash" and table.version == 1 and table.url == "ws://127.0.0.1:45678"
    assert table.name.startswith("Аня table")
