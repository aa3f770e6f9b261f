"""Ways into the replay viewer and out to a record file: from a table's sheet, a file, the menu.

- ``save_match_record(app, match)``: the game as a record in the documents folder; the app says where.
- ``open_record(app, path)``: a record file in the viewer, any seat to review; a bad file gets its one
  line in the app, and nothing else happens. ``open_record_async``: the same off the UI thread, with
  an "Opening…" plaque (a dropped file, the records browser, ``salon RECORD``).
- ``review_deal(app, table, deal)``: the end-of-deal sheet's "Review this deal".
- ``FileDialogHost``: pygame_gui's stock file dialog (no longer what Records → Open record… shows:
  that is the records browser, ``game.review.browser``; kept for the menu that mixes it in).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.state import RecordError
from game.words.i18n import t
from game.words.safe import safe_text

if TYPE_CHECKING:
    from game.app import App
    from game.widgets.table import TableScene


def save_match_record(app: App, match: Any) -> Path | None:
    """Write ``match`` as a record (docs/records.md) and tell the player where; None if it failed (said)."""
    return save_record_file(app, match.to_record())


def records_folder_of(app: App) -> Path:
    """Where this app keeps records: inside a data folder the player named (portable), else the
    documents folder, or ``$SALON_RECORDS_DIR``; ``RecordError`` for a folder that cannot exist."""
    from game.store.records import records_folder

    return records_folder(app.data_dir if getattr(app, "portable", False) else None)


def save_record_file(app: App, record: dict[str, Any]) -> Path | None:
    """Write ``record`` into the records folder and say where; None if it failed (said too)."""
    from game.store.records import one_line, save_record

    folder: Any = "?"
    try:
        folder = records_folder_of(app)
        path = save_record(record, folder)
    except (OSError, ValueError) as err:  # RecordError is a ValueError: $SALON_RECORDS_DIR=~nosuchuser
        app.notify(t("record.save_failed", folder=safe_text(folder), reason=safe_text(one_line(err))), 8.0,
                   "warn")
        return None
    app.notify(t("record.saved", path=safe_text(path)), 8.0)
    return path


def open_record(app: App, path: str) -> Any:
    """The record at ``path`` in the replay viewer (pushed on top), or None with the reason shown.
    Read here and now (tests, the smoke); the app opens files with ``open_record_async``."""
    from game.store.records import read_record

    try:
        record, match = read_record(path)
    except RecordError as err:
        app.notify(t("record.bad", name=safe_text(Path(path).name), reason=safe_text(err)), 10.0, "warn")
        return None
    return open_viewer(app, record, match)


def open_record_async(app: App, path: str | Path, on_done: Any = None) -> Any:
    """The record at ``path`` read and replayed on a helper thread while an "Opening…" plaque shows;
    then the viewer, or the one-line reason. Returns the plaque scene."""
    from game.review.opening import OpeningScene

    return app.stack.push(OpeningScene(app, Path(path), open_viewer, on_done))


def open_viewer(app: App, record: dict[str, Any], match: Any, seat: int = 0, replay: Any = None) -> Any:
    """An opened record in the viewer: no review until the player chooses a seat. ``replay``: its
    steps laid out already (``game.review.model.Replay``, by the plaque's helper thread)."""
    from game.review.viewer import viewer_for

    try:
        viewer = viewer_for(app, record["game"], match, seat, record=record, choose_seat=True, replay=replay)
    except Exception as err:  # a record the engine took but the table cannot show: still no crash
        from game.store.records import one_line

        app.notify(t("record.bad", name=safe_text(record.get("game", "")), reason=safe_text(one_line(err))),
                   10.0, "warn")
        return None
    viewer.control.any_seat = True
    app.stack.push(viewer)
    return viewer


def review_deal(app: App, table: TableScene, deal: int | None = None, on_close: Any = None) -> Any:
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
    control = viewer.control
    control.review_deals = [deal]
    control.replay.scope = {deal}
    control.count_in_stats = not table.demo
    play = getattr(table, "play", None)
    if not table.demo and play is not None:
        control.keep_in = play.session
    app.stack.push(viewer)
    if control.preload_kept():  # judged whole before: shown as it was, nothing to think about again
        control.review_state = "done"
        viewer.build_buttons()
    else:
        viewer.start_review()
    return viewer


class FileDialogHost:
    """Mixed into a GuiScene: ``open_file_dialog()`` shows pygame_gui's file dialog for a record and
    ``file_dialog_event(event)`` opens the chosen file in the viewer."""

    app: App
    file_dialog: Any = None

    def open_file_dialog(self) -> Any:
        import pygame
        from pygame_gui.windows import UIFileDialog

        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(720, w - 40), min(520, h - 40))
        rect.center = (w // 2, h // 2)
        try:
            folder = records_folder_of(self.app)
        except RecordError:
            folder = Path.home()
        start = folder if folder.is_dir() else Path.home()
        with contextlib.suppress(Exception):  # pygame_gui's own words (OK, Cancel) in our language
            from game.words import i18n

            self.app.ui.set_locale(i18n.get_language())
        self.file_dialog = UIFileDialog(rect, self.app.ui, window_title=t("record.open.title"),
                                        initial_file_path=str(start), allow_existing_files_only=True,
                                        allowed_suffixes={".json"}, object_id="#record_dialog")
        with contextlib.suppress(Exception):
            self.file_dialog.set_blocking(True)  # the menu waits under it
        with contextlib.suppress(Exception):  # OK and Cancel with room round their words
            from game.widgets.gui_scene import roomy_buttons

            ok, cancel = self.file_dialog.ok_button, self.file_dialog.cancel_button
            right, y = cancel.rect.right, cancel.rect.y
            roomy_buttons([ok, cancel])
            cancel.set_position((right - cancel.rect.width, y))
            ok.set_position((cancel.rect.left - 10 - ok.rect.width, y))
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
