"""The table and the data folder: the end of a match kept safely, and disk failures said at the table."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from game.words.i18n import t

if TYPE_CHECKING:
    from game.widgets.table import TableScene


UNRECORDED = {  # Session.unrecorded -> what the table says (what is kept, and what happens next)
    "pending": "storage.result_pending",
    "resumes": "storage.result_resumes",
    "lost": "storage.result_lost",
    "refused": "storage.result_refused",
}


def finish_match(table: TableScene) -> None:
    """The match is over: keep its record as the last game, count its result, and say at the table,
    once, what could not be written and what will become of it (``saves.end_match``)."""
    from game.store.saves import end_match

    store = table.app.store
    kept, unrecorded = True, ""
    with contextlib.suppress(Exception):
        if table.stats is None and store is not None:
            from game.store.stats import Stats

            table.stats = Stats.load(store)
        kept, unrecorded = end_match(store, table.session, table.stats)
    if unrecorded:
        told: set[str] = table.app.__dict__.setdefault("told_write_failures", set())
        told.update(("stats.json", "save.json"))  # said here, fully
        table.app.notify(t(UNRECORDED[unrecorded]), 12.0, "warn")
    elif not kept and getattr(store, "read_only", None) is None:
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
        key = getattr(n, "key", "")
        if name in told:
            continue
        if key == "storage.write_failed":
            told.add(name)
            table.app.notify(t("storage.autosave_failed", file=name), 10.0, "warn")
        elif key.startswith("storage.not_written_") and name == "save.json":  # newer, or unreadable
            told.add(name)
            table.app.notify(t("storage.game_not_saved", file=name), 12.0, "warn")
