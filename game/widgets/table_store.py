"""The table and the data folder: the end of a match kept safely, and disk failures said at the table."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from game.words.i18n import t

if TYPE_CHECKING:
    from game.widgets.table import TableScene


def finish_match(table: TableScene) -> None:
    """The match is over: keep its record as the last game, count its result, and say at the table
    when either could not be written (the finished save then stays, to be counted at the next start)."""
    kept = True
    store = table.app.store
    with contextlib.suppress(Exception):
        from game.store.records import remember_last_game

        folder = getattr(store, "folder", None)
        if folder is not None and getattr(store, "read_only", None) is None:
            kept = remember_last_game(folder, table.match.to_record(), store)
    with contextlib.suppress(Exception):
        if table.stats is None and store is not None:
            from game.store.stats import Stats

            table.stats = Stats.load(store)
        table.session.finish(table.stats)
    if getattr(table.session, "unrecorded", False):
        table.app.__dict__.setdefault("told_write_failures", set()).add("stats.json")  # said here, fully
        table.app.notify(t("storage.result_pending"), 12.0, "warn")
    elif not kept:
        table.app.notify(t("storage.last_game_failed"), 10.0, "warn")


def tell_write_failures(table: TableScene) -> None:
    """An autosave the disk refused is said at the table too (not only on the menu): once per file in
    the app's run, plainly, with what is kept."""
    notices = getattr(table.app.store, "notices", None)
    if not notices or len(notices) == getattr(table, "_notices_seen", 0):
        return
    table._notices_seen = len(notices)
    told: set[str] = table.app.__dict__.setdefault("told_write_failures", set())
    for n in list(notices):
        name = dict(getattr(n, "params", {})).get("file", "")
        if getattr(n, "key", "") == "storage.write_failed" and name not in told:
            told.add(name)
            table.app.notify(t("storage.autosave_failed", file=name), 10.0, "warn")
