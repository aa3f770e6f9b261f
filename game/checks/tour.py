"""The smoke tour: a real App driven through registered visits, each screen drawn and its layout checked.

Adding a visit
--------------
A visit is a function taking the running ``Smoke`` and registered by name, in the order it runs::

    @visit("review viewer")
    def _review(s: Smoke) -> None:
        s.home()                               # the main menu, nothing above it
        s.push(ReviewScene(s.app, ...))        # or s.click_button("review") on the screen shown
        s.check("review viewer")               # a few frames, the layout check, one screen counted
        s.key(pygame.K_RIGHT); s.check("review viewer, next move")

``Smoke`` gives: ``app`` (a real App on the data folder, bots thinking inline), ``home()``,
``push(scene)``, ``frames(n)``, ``settle(table)`` (animations and bot moves run until the player is
asked something), ``click(pos)``, ``key(k)``, ``click_button(key)`` (a GuiScene's button by key,
clicked at its centre), ``check(name)``. A visit that raises is reported as a problem of the screen it
was on; the others still run. Table states are driven deterministically: seeded deals, bots that
play their first legal move (or break a priority, so the claim prompt shows), no real-time threads.
``SALON_SMOKE_SHOTS=DIR`` saves every screen checked as a PNG (to look at).
"""

from __future__ import annotations

import contextlib
import os
import traceback
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene
    from game.widgets.table import TableScene

    S = TypeVar("S", bound=Scene)
    V = TypeVar("V", bound=Callable[..., None])

VISITS: list[tuple[str, Callable[[Smoke], None]]] = []
PARTS: dict[str, Callable[[Smoke], None]] = {}  # pieces of visits another visit runs again (by name)
FRAMES_PER_CHECK = 3
DT = 1 / 60


def visit(name: str) -> Callable[[V], V]:
    """Register a visit (run in the order registered); the function keeps its own signature (a visit
    another pass calls again may take more, with defaults)."""

    def register(fn: V) -> V:
        VISITS.append((name, fn))
        return fn

    return register


def top_scene(app: App, kind: type[S]) -> S:
    """The scene on top of ``app``'s stack, which must be a ``kind`` (a clear error if it is not)."""
    top = app.stack.top
    if not isinstance(top, kind):
        raise RuntimeError(f"expected a {kind.__name__} on top, found {type(top).__name__}")
    return top


def top_table(app: App) -> TableScene:
    """The table on top of ``app``'s stack (a clear error if another scene is there)."""
    from game.widgets.table import TableScene

    return top_scene(app, TableScene)


def uragan_step(table: Any) -> None:
    """The player's plainest next step at an Uragan table: the first legal move when it is their card
    to play; else, once nothing moves, a claim let stand or the first capture of a choice."""
    from engine.uragan import LET_STAND

    if table.can_play_card():
        table.submit(table.match.legal_moves()[0])
    elif table.busy():
        return
    elif table.claim_prompt():
        table.answer_claim(LET_STAND)
    elif table.pick_moves():
        table.choose(0)


# --- the bots of the smoke: instant, deterministic, and willing to break a priority once ----------------


class SmokeBot:
    """Plays the first legal move; in Uragan it breaks a priority when it can (so the player sees the
    claim prompt) and claims when the player broke one."""

    def __init__(self, game: str) -> None:
        self.game = game

    def choose(self, view: Any) -> Any:
        moves = list(view.legal_moves())
        if self.game == "uragan":
            from engine.uragan.moves import Claim, Play

            claims = [m for m in moves if isinstance(m, Claim)]
            if claims:
                return claims[0]
            for m in moves:
                if isinstance(m, Play):
                    with contextlib.suppress(Exception):
                        if view.breach_of(m.card, m.take) is not None:
                            return m
        return moves[0]


def make_smoke_bot(name: str, game: str, seed: int = 0, budget: Any = None) -> SmokeBot:
    return SmokeBot(game)


# --- the driver -----------------------------------------------------------------------------------------


class Smoke:
    def __init__(self, app: App, size_text: str) -> None:
        self.app = app
        self.size_text = size_text
        self.screens = 0
        self.problems: list[dict[str, str]] = []
        self.current = "start"
        self.prefix = ""  # put before each screen's name (a second pass over the same screens)

    # --- what visits use ------------------------------------------------------------------------------

    def frames(self, n: int = 1, events: Any = (), dt: float = DT) -> None:
        import pygame

        for i in range(n):
            queued = pygame.event.get()
            self.app.frame(dt, (list(events) if i == 0 else []) + queued)

    def opened(self, check: str | None = None) -> None:
        """A record is being opened off the UI thread ("Opening…"): check that plaque if asked, wait
        for its reader (no frame count: the thread is joined), and run the frames that show the answer."""
        from game.review.opening import OpeningScene

        for scene in list(self.app.stack.scenes):
            if isinstance(scene, OpeningScene):
                if check:
                    self.check(check)  # always there: the smoke holds its answer (OpeningScene.hold)
                scene.release()
                if not scene.wait(60.0):
                    raise RuntimeError("a record's reader never answered")
                self.frames(2)

    def home(self) -> Any:
        """The main menu alone on the stack."""
        from game.menus.menu import MenuScene

        self.app.stack.clear()
        menu = MenuScene(self.app)
        self.app.stack.push(menu)
        self.frames(2)
        return menu

    def push(self, scene: Any) -> Any:
        self.app.stack.push(scene)
        self.frames(2)
        return scene

    def click(self, pos: tuple[int, int]) -> None:
        import pygame

        self.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        self.frames(2, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def key(self, k: int, mod: int = 0) -> None:
        import pygame

        self.frames(2, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])

    def click_button(self, key: str) -> None:
        """Click the top GuiScene's button ``key`` where it shows (it must be there)."""
        from game.widgets.gui_scene import GuiScene

        scene = top_scene(self.app, GuiScene)
        button = scene.buttons[key]
        self.click(button.rect.center)

    def settle(self, table: TableScene, limit: int = 600, until: Callable[[], bool] | None = None) -> None:
        """Let animations, holds the table lifts itself, and bot moves run until the player is asked
        for something (or another scene is on top). Big time steps: nothing here waits on a clock."""
        for _ in range(limit):
            if self.app.stack.top is not table:
                return
            table.tweens.finish_all()
            self.frames(1, dt=0.5)
            if until is not None:
                if until():
                    return
                continue
            if table.match.is_over() and not table.busy():
                return
            if table.is_human_turn() and not table.busy():
                return
            if self.waiting(table):
                return
        raise RuntimeError("the table never came to rest")

    def waiting(self, table: TableScene) -> bool:
        """Is ``table`` waiting on the player (a prompt, the declarations) rather than on itself?"""
        if table.tweens.busy:
            return False
        holds = set(table.holds) - {"warming"}
        if getattr(table, "must_choose_trump", lambda: False)() and holds <= {"declare"}:
            return True
        if getattr(table, "phase", "") == "declare" and holds <= {"declare"} and table.shown.trump >= 0:
            return not table.demo
        return False

    @contextlib.contextmanager
    def labelled(self, prefix: str) -> Iterator[None]:
        """Screens checked in the block are named ``prefix`` + their name."""
        before, self.prefix = self.prefix, prefix
        try:
            yield
        finally:
            self.prefix = before

    def check(self, name: str) -> None:
        """Draw a few frames of what shows now, check its layout, count one screen."""
        from game.checks.layout_check import check_app

        name = self.prefix + name
        self.current = name
        self.frames(FRAMES_PER_CHECK)
        self.screens += 1
        shots = os.environ.get("SALON_SMOKE_SHOTS")
        if shots:  # every screen checked, as a PNG (for looking at, never for the tests)
            import pygame

            safe = "".join(ch if ch.isalnum() else "_" for ch in name)
            os.makedirs(shots, exist_ok=True)
            pygame.image.save(self.app.screen, os.path.join(shots, f"{self.screens:03d}_{safe}.png"))
        for what in check_app(self.app):
            self.problem(name, what)

    def problem(self, screen: str, what: str) -> None:
        entry = {"screen": screen, "size": self.size_text, "what": what}
        if entry not in self.problems:
            self.problems.append(entry)

    # --- running ------------------------------------------------------------------------------------

    def run(self, only: Callable[[str], bool] | None = None) -> None:
        for name, fn in VISITS:
            if only is not None and not only(name):
                continue
            self.current = name
            try:
                fn(self)
            except Exception as err:  # the check's purpose: report every screen's failure, visit the rest
                where = traceback.extract_tb(err.__traceback__)[-1]
                self.problem(
                    self.current,
                    f"raised {type(err).__name__}: {err} ({os.path.basename(where.filename)}:{where.lineno})",
                )
            with contextlib.suppress(Exception):
                self.app.stack.clear()

    def report(self) -> dict[str, Any]:
        return {"screens": self.screens, "problems": self.problems}


# --- the visits ------------------------------------------------------------------------------------------
