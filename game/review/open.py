"""Ways into the replay viewer and out to a record file: from a table's sheet, a file, the menu.

- ``save_match_record(app, match)``: the game as a record in the documents folder; the app says where.
- ``open_record(app, path)``: a record file (picked or dropped) in the viewer, any seat to review;
  a bad file gets the engine's one line in the app, and nothing else happens.
- ``review_deal(app, table, deal)``: the end-of-deal sheet's "Review this deal".
- ``FileDialogHost``: opens pygame_gui's file dialog for "Open record…" and takes its answer.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from engine.state import RecordError
from game.words.i18n import t


def save_match_record(app: Any, match: Any) -> Path | None:
    """Write ``match`` as a record (RECORDS.md) and tell the player where; None if it failed (said)."""
    from game.store.records import one_line, records_folder, save_record

    try:
        path = save_record(match.to_record())
    except (OSError, ValueError) as err:
        app.notify(t("record.save_failed", folder=str(records_folder()), reason=one_line(err)), 8.0, "warn")
        return None
    app.notify(t("record.saved", path=str(path)), 8.0)
    return path


def open_record(app: Any, path: str) -> Any:
    """The record at ``path`` in the replay viewer (pushed on top), or None with the reason shown."""
    from game.store.records import read_record

    try:
        record, match = read_record(path)
    except RecordError as err:
        app.notify(t("record.bad", name=Path(path).name, reason=str(err)), 10.0, "warn")
        return None
    return open_viewer(app, record, match)


def open_viewer(app: Any, record: dict[str, Any], match: Any, seat: int = 0) -> Any:
    """An opened record in the viewer: no review until the player chooses a seat."""
    from game.review.viewer import viewer_for

    try:
        viewer = viewer_for(app, record["game"], match, seat, record=record, choose_seat=True)
    except Exception as err:  # a record the engine took but the table cannot show: still no crash
        from game.store.records import one_line

        app.notify(t("record.bad", name=str(record.get("game", "")), reason=one_line(err)), 10.0, "warn")
        return None
    viewer.any_seat = True
    app.stack.push(viewer)
    return viewer


def review_deal(app: Any, table: Any, deal: int | None = None, on_close: Any = None) -> Any:
    """The viewer over a table: the game so far from the player's seat, opened at ``deal`` (from 1),
    reviewing only that deal's decisions (the deals before it still count for the match score). The
    verdicts already kept with the saved game show at once, on this deal and the others."""
    from game.review.viewer import viewer_for

    match = table.match
    record = match.to_record()
    if deal is None:
        deal = len(record.get("deals", [])) or 1
    viewer = viewer_for(app, table.game, match, table.me, record=record, start_deal=deal,
                        review=False, on_close=on_close)
    viewer.review_deals = [deal]
    viewer.replay.scope = {deal}
    viewer.count_in_stats = not table.demo
    session = getattr(table, "session", None)
    if not table.demo and hasattr(session, "kept_reviews"):
        viewer.keep_in = session
    app.stack.push(viewer)
    if viewer.preload_kept():  # judged whole before: shown as it was, nothing to think about again
        viewer.review_state = "done"
        viewer.build_buttons()
    else:
        viewer.start_review()
    return viewer


class FileDialogHost:
    """Mixed into a GuiScene: ``open_file_dialog()`` shows pygame_gui's file dialog for a record and
    ``file_dialog_event(event)`` opens the chosen file in the viewer."""

    app: Any
    file_dialog: Any = None

    def open_file_dialog(self) -> Any:
        import pygame
        from pygame_gui.windows import UIFileDialog

        from game.store.records import records_folder

        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(720, w - 40), min(520, h - 40))
        rect.center = (w // 2, h // 2)
        folder = records_folder()
        start = folder if folder.is_dir() else Path.home()
        with contextlib.suppress(Exception):  # pygame_gui's own words (OK, Cancel) in our language
            from game.words import i18n

            self.app.ui.set_locale(i18n.get_language())
        self.file_dialog = UIFileDialog(rect, self.app.ui, window_title=t("record.open.title"),
                                        initial_file_path=str(start), allow_existing_files_only=True,
                                        allowed_suffixes={".json"}, object_id="#record_dialog")
        with contextlib.suppress(Exception):
            self.file_dialog.set_blocking(True)  # the menu waits under it
        return self.file_dialog

    def file_dialog_event(self, event: Any) -> bool:
        import pygame_gui

        dialog = self.file_dialog
        if dialog is None:
            return False
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is dialog:
            self.file_dialog = None
            open_record(self.app, event.text)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is dialog:
            self.file_dialog = None
            return True
        return False

    def close_file_dialog(self) -> None:
        if self.file_dialog is not None:
            with contextlib.suppress(Exception):
                self.file_dialog.kill()
        self.file_dialog = None
