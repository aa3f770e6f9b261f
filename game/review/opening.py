"""Opening a record off the UI thread: an "Opening…" plaque while a helper thread reads and replays it.

A record is read through the guarded reader (``game.store.records.read_record``) on a daemon thread,
so a slow disk, a huge file or a long replay never freezes the window; Esc gives up waiting (the
thread's answer is then dropped). When the answer comes the plaque goes and the viewer opens, or the
one-line reason is shown.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.looks.themes import BRASS_LIGHT, IVORY
from game.scene import Scene
from game.widgets import shapes
from game.widgets.felt import panel as plaque
from game.words.i18n import t
from game.words.safe import safe_text

if TYPE_CHECKING:
    from game.app import App


def ready_to_show(replay: Any) -> None:
    """What the viewer's first frame would otherwise work out on the UI thread, worked out here: the
    seat's decisions and their summary (walks of every step), and the viewer's modules imported."""
    replay.decisions()
    replay.decisions_by_deal()
    replay.summary()
    import game.review.viewer  # noqa: F401  (and both tables with it)

    # A long record is ~250,000 objects that live as long as the viewer: the collector's full pass
    # would walk them all (0.5 s in a frame). Kept out of its walks until the viewer closes
    # (``ReviewScene.exit`` gives them back), as the app does with what start-up made.
    gc.freeze()
    replay.frozen = True


class OpeningScene(Scene):
    """A small plaque over whatever is on screen, "Opening name…", until the record is read."""

    transparent = True
    modal = True
    hold = False  # the smoke holds every answer until it has checked the plaque (``release()``)
    holds_memory = False  # a small plaque: its closing is no reason to walk the heap (a record just read)

    def __init__(self, app: App, path: Path, show: Any, on_done: Any = None) -> None:
        """``show(app, record, match)`` opens the viewer (game.review.open.open_viewer) and returns it."""
        super().__init__(app)
        self.app = app
        self.path = Path(path)
        self.name = safe_text(self.path.name)[:80]
        self.show = show
        self.on_done = on_done  # called with the viewer (or None) once the answer is shown
        self.clock = 0.0
        self.answer: list[tuple[Any, Any]] = []  # [(record, match)] or [(None, reason)]
        self.replay: Any = None  # the viewer's steps, laid out on the helper thread
        self.cancelled = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.thread = threading.Thread(target=self._read, name="salon-open-record", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        from engine.state import RecordError
        from game.store.records import read_record

        try:
            record, match = read_record(self.path)
            replay = None
            with contextlib.suppress(Exception):  # laid out here, off the UI thread (else by the viewer)
                from game.review.model import Replay

                replay = Replay(record["game"], match, 0)
                ready_to_show(replay)
                if self.cancelled:  # nobody will show it: the collector may walk it again
                    replay.frozen = False
                    gc.unfreeze()
            self.replay = replay
            self.answer.append((record, match))
        except RecordError as err:
            self.answer.append((None, safe_text(err)))
        except BaseException as err:  # noqa: BLE001  (MemoryError, a bug: still one line, never a crash)
            from game.store.records import one_line

            self.answer.append((None, safe_text(one_line(err))))

    @property
    def done(self) -> bool:
        return bool(self.answer)

    def release(self) -> None:
        """Let ``update`` take the answer (after the smoke has looked at the plaque)."""
        self.hold = False

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until the helper thread answered (tests, the smoke); True if it did."""
        self.thread.join(timeout)
        return self.done

    def handle_event(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancelled = True
            self.app.stack.remove(self)
        return True

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.answer or self.cancelled or self.hold:
            return
        record, match = self.answer[0]
        self.app.stack.remove(self)
        viewer = None
        if record is None:
            self.app.notify(t("record.bad", name=self.name, reason=match), 10.0, "warn")
        else:
            viewer = self.show(self.app, record, match, replay=self.replay) if self.replay is not None \
                else self.show(self.app, record, match)
        if viewer is None and getattr(self.replay, "frozen", False):
            self.replay.frozen = False
            gc.unfreeze()
        if self.on_done is not None:
            self.on_done(viewer)

    def is_still(self) -> bool:
        return False  # the dots move, and the answer must be picked up

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        text = self.app.text
        size = max(18, h // 34)
        font = text.font(size)
        label = t("record.opening", name=self.name).rstrip("…").rstrip(".")
        while len(label) > 8 and font.size(label + "...")[0] > w - 80:
            label = label[:-2] + "…" if not label.endswith("…") else label[:-2] + "…"
        dots = "." * (1 + int(self.clock * 3) % 3)
        img = text.get(label + dots, size, IVORY)
        pad = size
        box = pygame.Rect(0, 0, font.size(label + "...")[0] + 2 * pad, font.get_linesize() + 2 * pad)
        box.center = (w // 2, h // 2)
        self.rect = box
        surface.blit(plaque(box.size, 235), box)
        y = box.bottom - pad // 2
        run = int((box.width - 2 * pad) * (self.clock % 1.0))
        shapes.line(surface, BRASS_LIGHT, (box.x + pad, y), (box.x + pad + run, y), 2)
        surface.blit(img, (box.x + pad, box.y + pad))

    def layout_boxes(self) -> list[Any]:
        from game.widgets.boxes import Box

        return [Box("opening a record", "plaque", self.rect.copy())]
