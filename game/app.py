"""The desktop app: command-line flags, the window, the scene stack and the frame loop.

``run(argv)`` is ``python -m game``. The first frame is shown before anything heavy is loaded
(pygame_gui, the card art, the bot process all start lazily), so the window appears at once.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import multiprocessing
import os
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame
    import pygame_gui

    from game.botworker import BotWorker, InlineWorker
    from game.looks.sound import Sounds
    from game.speech import Speaker
    from game.store.lock import DataLock
    from game.store.settings import Settings
    from game.store.storage import Store

from game.scene import Scene
from game.version import version
from game.words.safe import safe_text

PROCESS_START = time.perf_counter()
FPS = 60
MAX_SLEEP = 0.5  # the longest the loop sleeps with nothing to do (a signal is handled when it wakes)
POLL_WORKER = 1 / 30  # seconds between looks for the bots' answers while they think
SIZE_SAVE_AFTER = 0.8  # seconds after the last resize before the window size is saved
TOAST_CROWDED = 0.5  # seconds between searches for a notice's place on a screen with no free room
MAX_SIZE = (16384, 16384)  # beyond any screen; SDL refuses a larger surface
MIN_SIZE = (960, 600)  # the window itself refuses to be made smaller (every screen is laid out for it)
# Settings the app applies itself, wherever the player is (scenes listen for the ones they draw).
APP_SETTINGS = ("language", "volume", "mute", "fullscreen", "text_size", "card_size", "high_contrast")


def build_parser() -> argparse.ArgumentParser:
    from engine.cli import OneLineParser, VersionAction, bounded_int, idle_seconds, positive_int, seed_int

    p = OneLineParser(prog="salon", description="Eralash and Uragan, two Russian salon card games.")
    p.add_argument("--data-dir", metavar="DIR", help="keep settings, saves and statistics in DIR")
    p.add_argument("--lang", choices=["ru", "en"],
                   help="interface language for this run (Settings keeps the chosen one)")
    p.add_argument("--demo", action="store_true", help="bots in every seat (never touches your saved game)")
    p.add_argument("--game", choices=["uragan", "eralash"], default="uragan", help="game for --demo/--bench")
    p.add_argument("--bench", type=positive_int, metavar="N",
                   help="headless bot demo for N frames; print frame times")
    p.add_argument("--bench-moves", type=bounded_int(0, 100_000), default=0, metavar="M",
                   help="with --bench: go on past N frames until the bots made M moves")
    p.add_argument("--bench-idle", type=idle_seconds, nargs="?", const=4.0, metavar="SECONDS",
                   help="each screen left alone in the real loop for SECONDS (default 4); "
                        "print its CPU per wall second")
    p.add_argument("--bench-memory", type=idle_seconds, nargs="?", const=15.0, metavar="SECONDS",
                   help="start the app on the menu and at each table (bots playing) at 960x600, 1280x800, "
                        "1920x1080 and 3840x2160 (or --size) under DISPLAY; after SECONDS (default 15) "
                        "print the resident memory of it, its bot process and the resource tracker")
    p.add_argument("--bench-memory-source", metavar="DIR", help=argparse.SUPPRESS)
    p.add_argument("--soak", type=positive_int, metavar="DEALS",
                   help="headless: play DEALS deals in one app with resizes, menu trips, hints and undos; "
                        "print memory and frame times")
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 1600x1000")
    p.add_argument("--paint-whole", action="store_true",
                   help="draw every frame whole, not only where it changed (to compare; --bench, --demo)")
    p.add_argument("--seed", type=seed_int, help="deal seed for --demo/--bench")
    p.add_argument(
        "--smoke", action="store_true",
        help="visit every screen headless, check its layout, print one JSON line (exit 1 on a problem)",
    )
    p.add_argument("--smoke-only", metavar="NAMES",
                   help="with --smoke: visit only the screens whose names start with one of NAMES (commas)")
    p.add_argument("--speech-log", metavar="FILE",
                   help="speech on for this run; append every announcement to FILE as a JSON line")
    p.add_argument("--text-size", type=text_size, metavar="N",
                   help="size of every word the app draws, in per cent: 100, 125, 150 or 200 (this run)")
    p.add_argument("record", nargs="?", metavar="RECORD",
                   help="a game record to open in the replay viewer (as Records → Open record… does)")
    p.add_argument("--version", action=VersionAction, version=f"salon {version()}")
    return p


def text_size(text: str) -> int:
    """``--text-size``: one of the sizes Settings offers."""
    from game.store.settings import TEXT_SIZES

    try:
        value = int(text.strip().rstrip("%"))
    except ValueError:
        value = -1
    if value not in TEXT_SIZES:
        raise argparse.ArgumentTypeError(
            f"must be one of {', '.join(map(str, TEXT_SIZES))}, not {text!r}")
    return value


def check_data_dir_flag(text: str | None) -> None:
    """ValueError (one line) for a ``--data-dir`` that can never be a folder: empty, holding a NUL, or
    naming something that exists and is not a folder. A folder that cannot be written is not refused:
    the app runs and tells the player that progress cannot be saved."""
    if text is None:
        return
    if not text.strip() or "\0" in text:
        raise ValueError(f"--data-dir must name a folder, not {text!r}")
    from game.store.paths import DataDirError, expand

    try:
        path = expand(text, "--data-dir")
    except DataDirError as err:
        raise ValueError(str(err)) from None
    try:
        exists, is_dir = path.exists(), path.is_dir()
    except (OSError, ValueError) as err:
        raise ValueError(f"--data-dir {text!r} cannot be used ({err})") from None
    if exists and not is_dir:
        raise ValueError(f"--data-dir {text!r} is not a folder")


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``"1600x1000"`` → (1600, 1000); ValueError (a one-line reason) for anything else or anything
    smaller than ``MIN_SIZE``."""
    if not text:
        return None
    w, sep, h = text.strip().lower().partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit() or len(w) + len(h) > 16:
        raise ValueError(f"--size must look like 1600x1000, not {text[:40]!r}")
    size = int(w), int(h)
    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
        raise ValueError(f"--size must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, not {text}")
    if size[0] > MAX_SIZE[0] or size[1] > MAX_SIZE[1]:
        raise ValueError(f"--size must be at most {MAX_SIZE[0]}x{MAX_SIZE[1]}, not {text[:40]}")
    return size


def hidpi_hints() -> None:
    """Ask SDL for a window drawn in real pixels, so the card art is rasterised at the size it shows.

    Windows: per-monitor DPI awareness (v2), without SDL's own coordinate scaling: the window and its
    surface are in physical pixels and the SVGs are rendered at exactly that size (no blurry
    upscaling by the system). X11 and KMS already work in pixels. macOS draws a software window
    surface in points, which the system doubles on Retina screens; SDL 2 offers no sharper path for
    a window surface. The first window is sized from the desktop (``fit_window``), so on a large or
    high-DPI screen everything is drawn bigger in real pixels rather than scaled."""
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        os.environ.setdefault("SDL_WINDOWS_DPI_SCALING", "0")


def fit_window(
    wanted: tuple[int, int], desktop: tuple[int, int] | None, grow: bool = False
) -> tuple[int, int]:
    """The window size to open: ``wanted`` (the remembered size) made to fit the desktop with room for
    the title bar and task bar; with ``grow`` (never resized by the player) as large as 80 % of the
    desktop allows at 16:10, so a 4K or HiDPI screen gets big, sharp cards instead of a small window."""
    w, h = int(wanted[0]), int(wanted[1])
    if desktop and desktop[0] > 0 and desktop[1] > 0:
        room_w, room_h = int(desktop[0] * 0.94), int(desktop[1] * 0.88)
        if grow:
            scale = min(desktop[0] * 0.8 / w, desktop[1] * 0.8 / h)
            if scale > 1.0:
                w, h = int(w * scale), int(h * scale)
        if w > room_w or h > room_h:
            scale = min(room_w / w, room_h / h)
            w, h = int(w * scale), int(h * scale)
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


def software_window_surface(pg: Any) -> None:
    """On X11, show frames through SDL's own shared-memory window surface, not an OpenGL texture.

    SDL 2 otherwise makes every window surface a texture of an OpenGL renderer: loading the system's
    GL driver (Mesa: its LLVM, 60 MB; a GPU's driver much the same) costs about 100 MB of resident
    memory (docs/benchmarks.md, "Light and quick — memory"), for a window the game paints in software
    and updates only where it changed. Set before the first window; the player's own
    ``SDL_FRAMEBUFFER_ACCELERATION`` wins. Wayland has no software window surface: left alone."""
    with contextlib.suppress(Exception):
        if pg.display.get_driver() == "x11":
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    """One window, one scene stack; ``frame()`` is one turn of the loop (the bench times it)."""

    def __init__(
        self, args: argparse.Namespace, headless: bool = False, size: tuple[int, int] | None = None
    ) -> None:
        self.args = args
        self.headless = headless
        if not headless:
            hidpi_hints()
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pg = pygame
        from game.memory import limit_arenas

        limit_arenas()
        pygame.display.init()
        software_window_surface(pygame)
        pygame.font.init()
        self.store: Store | None = None
        self.data_dir: Path | None = None
        self.portable = False
        self.data_lock: DataLock | None = None
        self.settings: Settings = self._load_settings(args, headless)
        from game.words import i18n

        lang = args.lang or self.settings.language
        # --lang is for this run only: the saved setting is left alone (the Settings screen shows the
        # language in use, and choosing one there is what persists).
        i18n.set_language(lang if lang in i18n.LANGUAGES else "en")
        self.windowed_size = size or parse_size(getattr(args, "size", None))
        if self.windowed_size is None:
            w, h = self.settings.window_size
            untouched = [w, h] == self.settings.default("window_size")
            desktop = None
            if not headless:
                with contextlib.suppress(pygame.error, IndexError):
                    desktop = pygame.display.get_desktop_sizes()[0]
            self.windowed_size = fit_window((w, h), desktop, grow=untouched)
        self.fullscreen = self.settings.fullscreen and not headless
        self.screen = self._set_mode()
        self._laid_out = self.screen.get_size()  # the size the screens were last laid out for
        pygame.display.set_caption(i18n.t("app.title"))
        pygame.key.set_repeat(350, 40)
        from game.scene import SceneStack
        from game.widgets.text import TextCache

        self.text = TextCache()
        # The tables ask their sizes in pixels, already at the text size (``table_draw.font_size``), so
        # their plaques and rows, worked out from those sizes, grow with the text: a cache that adds none.
        self.table_text = TextCache()
        # The text size chosen (--text-size for this run, else the setting) and the one drawn (the
        # largest the window holds: game.looks.text_size); the last fallback said, to say it once.
        self.text_size_wanted: int = getattr(args, "text_size", None) or self.settings.text_size
        self.text_size: int = 100
        self._text_size_told: tuple[int, int] | None = None
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self._ui: pygame_gui.UIManager | None = None
        self._worker: BotWorker | InlineWorker | None = None
        self._sounds: Sounds | _NoSounds | None = None
        self.running = True
        self._esc_held = False  # Esc is down: its key repeats are not new presses
        self._enter_held = False  # Enter is down: likewise (a menu's Enter must not carry into the next)
        self.first_frame_ms: float | None = None
        self._size_to_save: tuple[int, int] | None = None
        self._drawn_top: Scene | None = None  # the scene drawn last (a new top scene is always drawn)
        self._focus_top: Scene | None = None  # the scene whose focus was followed last (a new one is said)
        from game.widgets.painter import Painter

        self.painter = Painter()  # paints a frame over only what changed, where the scenes allow it
        self.painted: list[pygame.Rect] | None = None  # what the last frame changed (None: the whole window)
        self._painted_on: pygame.Surface | None = None  # the window surface the painter's last frame is on
        self.sleeps = 0  # turns of the loop that slept until an event or a timer (nothing moving)
        self._trim_when_still = True  # give freed memory back once the loop first rests (start-up's)
        self._size_changed_at = 0.0
        self.toast: tuple[str, float, str] | None = None  # a word for the player over any screen
        self._toast_drawn: tuple[str, float, str] | None = None
        self._toast_place: tuple[Any, ...] | None = None  # (placed for what, where, when, what it saw)
        self._clock = 0.0

        # What the app says (game.speech): silent unless the player turned speech on, or --speech-log.
        self._speech_log: str | None = getattr(args, "speech_log", None)
        self._speech_problem: str | None = None  # why speech could not start (set by the speech thread)
        self.speech: Speaker = self._open_speech()
        self.settings.on_change(self.on_setting, APP_SETTINGS)
        self.settings.on_change(self.on_speech_setting, ("speech", "speech_voice"))
        from game.widgets.felt import HIGH_CONTRAST

        HIGH_CONTRAST[0] = bool(self.settings.high_contrast)
        self.apply_text_size()
        if not headless:  # the salon's own icon in the title bar and task bar (a missing one: AssetError)
            from game.looks.art import icon_surface

            icon = icon_surface()
            with contextlib.suppress(pygame.error):
                pygame.display.set_icon(icon)

    # --- services, created on first use ---------------------------------------------------------

    def _load_settings(self, args: argparse.Namespace, headless: bool) -> Settings:
        from game.store.settings import Settings

        if headless:
            return Settings.unsaved()
        try:
            from game.store.lock import NO_LOCKS, lock_data_folder
            from game.store.paths import ensure_data_dir, is_portable
            from game.store.storage import Store

            folder, read_only = ensure_data_dir(args.data_dir)
            self.data_dir = Path(folder)
            self.portable = is_portable(args.data_dir)
            no_locks = False
            if read_only is None:  # one writer per data folder (game.store.lock has the one rule)
                self.data_lock, refused = lock_data_folder(folder)
                no_locks = refused == NO_LOCKS
                if refused is not None and not no_locks:
                    read_only = refused
                    print(f"salon: {refused} ({safe_text(folder)}); this window saves nothing",
                          file=sys.stderr)
            self.store = Store(folder, read_only=read_only)
            if no_locks:
                self.store.note_no_locks()
            return Settings.load(self.store)
        except Exception as err:  # the data folder is the outside world: whatever it does, the game starts
            print(f"salon: settings unavailable ({err}); using defaults", file=sys.stderr)
            if self.store is not None:
                from game.store.storage import Notice

                text = f"Could not read settings.json ({err}); using defaults."
                self.store.notices.append(Notice("storage.unreadable", {"file": "settings.json"}, text))
                return Settings(self.store)  # the defaults, and they still save
            return Settings.unsaved()

    @property
    def ui(self) -> pygame_gui.UIManager:
        """The pygame_gui manager with the salon theme (made when a menu first needs it)."""
        if self._ui is None:
            import pygame_gui

            from game.looks.themes import theme_dict

            self._ui = pygame_gui.UIManager(
                self.screen.get_size(), theme_dict(scale=self.text.scale), enable_live_theme_updates=False
            )
        return self._ui

    @property
    def worker(self) -> BotWorker | InlineWorker:
        if self._worker is None:
            from game.botworker import BotWorker

            self._worker = BotWorker()
        return self._worker

    @worker.setter
    def worker(self, value: BotWorker | InlineWorker) -> None:
        self._worker = value

    @property
    def sounds(self) -> Sounds | _NoSounds:
        """The sound effects (opened on first use; silent when there is no audio device)."""
        if self._sounds is None:
            sounds: Sounds | _NoSounds = _NoSounds()
            # The audio device is the outside world: without one the game is silent, never stopped.
            with contextlib.suppress(Exception):
                from game.looks.sound import Sounds

                sounds = Sounds(volume=self.settings.volume, muted=self.settings.mute)
            self._sounds = sounds
        return self._sounds

    def say(self, kind: str, text: str, *, interrupt: bool = True) -> None:
        """Announce ``text`` (a kind of game.speech.KINDS) through the speech in use; never raises."""
        from game.speech import check_kind

        check_kind(kind)  # an unknown kind is the caller's bug, and raises
        # A screen reader is the outside world: speech failing never stops the game.
        with contextlib.suppress(Exception):
            self.speech.say(kind, text, interrupt=interrupt)

    def _open_speech(self) -> Speaker:
        from game.speech.reader import open_speaker

        return open_speaker(self.settings, self._speech_log, self._speech_trouble)

    def _speech_trouble(self, why: str) -> None:
        """(The speech thread) no screen reader or voice answered: stderr now, a notice at the next frame."""
        from game.speech.reader import say_problem

        say_problem(why)
        self._speech_problem = why

    def on_speech_setting(self, name: str, value: Any) -> None:
        """Speech turned on or off, or another voice chosen: the speaker is rebuilt at once."""
        old = self.speech
        self._speech_problem = None
        self.speech = self._open_speech()
        with contextlib.suppress(Exception):
            old.close()

    def _tell_speech_problem(self) -> None:
        why, self._speech_problem = self._speech_problem, None
        if why is None:
            return
        from game.words import i18n

        if self.settings.speech_voice != "builtin":
            why = i18n.t("speech.no_reader")
        self.notify(i18n.t("speech.unavailable", why=why), 8.0, "warn")

    def speech_opening(self) -> bool:
        """The screen reader's backend is still opening (its thread reports soon)."""
        parts = [self.speech, getattr(self.speech, "first", None), getattr(self.speech, "second", None)]
        return any(getattr(p, "opening", False) for p in parts)

    def toggle_speech(self) -> None:
        """The speech chord (Ctrl+Alt+S, on every screen): speech on or off, said by the speech itself
        ("Speech off" while it still speaks, "Speech on" once it does)."""
        from game.words.i18n import t

        if self.settings.speech:
            self.say("answer", t("focus.speech.off"))
            self.settings.set("speech", False)
        else:
            self.settings.set("speech", True)
            self.say("answer", t("focus.speech.on"))

    def play_sound(self, name: str) -> None:
        if self._sounds is None:
            return  # not opened yet (the table opens it while warming): stay silent, never stall
        with contextlib.suppress(Exception):  # the audio device may fail at any time: a sound is not worth it
            self._sounds.play(name)

    def _apply_volume(self) -> None:
        s = self._sounds
        if s is None:
            return
        with contextlib.suppress(Exception):  # as in ``sounds``: the audio device may fail at any time
            s.set_volume(self.settings.volume)
            s.set_muted(self.settings.mute)

    def on_setting(self, name: str, value: Any) -> None:
        """Settings that change the whole app at once (the Settings screen may also apply them)."""
        from game.words import i18n

        if name == "language" and value in i18n.LANGUAGES:
            if value != i18n.get_language():
                i18n.set_language(value)
            self.pg.display.set_caption(i18n.t("app.title"))
        elif name in ("volume", "mute"):
            self._apply_volume()
        elif name == "fullscreen" and bool(value) != self.fullscreen and not self.headless:
            self.toggle_fullscreen()
        elif name == "text_size":
            self.text_size_wanted = int(value)
            self.apply_text_size()
        elif name in ("card_size", "high_contrast"):  # every screen laid out and drawn again
            from game.widgets.felt import HIGH_CONTRAST

            HIGH_CONTRAST[0] = bool(self.settings.high_contrast)
            self._drawn_top = None
            self.stack.resize(self.screen.get_size())

    def apply_text_size(self) -> None:
        """Draw text at the size chosen, or the largest the window holds (said once in a notice);
        every screen is laid out again when the size drawn changes."""
        from game.looks.text_size import SMALLEST_WINDOW, fitting_text_size

        size = self.screen.get_size()
        shown = fitting_text_size(self.text_size_wanted, size)
        if shown < self.text_size_wanted and self._text_size_told != (self.text_size_wanted, shown):
            from game.words.i18n import t

            need = SMALLEST_WINDOW[self.text_size_wanted]
            self.notify(t("app.text_size.fallback", wanted=self.text_size_wanted, shown=shown,
                          w=need[0], h=need[1]))
        self._text_size_told = (self.text_size_wanted, shown) if shown < self.text_size_wanted else None
        self.text_size = shown
        if not self.text.set_scale(shown / 100):
            return
        if self._ui is not None:  # pygame_gui's fonts come from its theme: a new manager at the new size
            from game.widgets.gui_scene import GuiScene

            for scene in self.stack.scenes:
                if isinstance(scene, GuiScene):
                    scene.clear()
            self._ui.clear_and_reset()
            self._ui = None
        self._drawn_top = None
        self._toast_place = None
        self.stack.resize(size)

    # --- window -------------------------------------------------------------------------------

    def _set_mode(self) -> pygame.Surface:
        pg = self.pg
        if self.fullscreen:
            screen = pg.display.set_mode((0, 0), pg.FULLSCREEN)
        else:
            screen = pg.display.set_mode(self.windowed_size, pg.RESIZABLE)
            with warnings.catch_warnings(), contextlib.suppress(pg.error, AttributeError):  # old SDL
                warnings.simplefilter("ignore")
                pg.Window.from_display_module().minimum_size = MIN_SIZE
        return screen

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode()
        self.settings.set("fullscreen", self.fullscreen)
        self._resized()

    def _resized(self) -> None:
        self._drawn_top = None
        self.screen = self.pg.display.get_surface() or self.screen
        size = self.screen.get_size()
        self._laid_out = size
        if self._ui is not None:
            self._ui.set_window_resolution(size)
        self.stack.resize(size)
        self.apply_text_size()

    def on_window_resized(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            self._resized()
            return
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        shown = self.pg.display.get_surface()
        if (w, h) == self._laid_out and shown is not None and shown.get_size() == (w, h):
            # The system says the size again (a window shown, focused, moved to another screen): the
            # screens are laid out for it already. Building them again would also lose a click in flight:
            # its button would be one that no longer exists.
            return
        self.windowed_size = (w, h)
        self._resized()
        # Remembered once the resizing stops (a drag sends dozens of events; each save is a disk write).
        self._size_to_save = (w, h)
        self._size_changed_at = time.perf_counter()

    def _remember_size(self, force: bool = False) -> None:
        size = self._size_to_save
        if size is None or self.headless:
            return
        if force or time.perf_counter() - self._size_changed_at > SIZE_SAVE_AFTER:
            self._size_to_save = None
            with contextlib.suppress(ValueError):  # a size the settings refuse is simply not remembered
                self.settings.set("window_size", list(size))

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # --- a word for the player over any screen ----------------------------------------------------

    def notify(self, text: str, seconds: float = 6.0, kind: str = "info") -> None:
        """Show ``text`` over whatever is on screen for a few seconds (a record saved, a bad record)."""
        self.toast = (text, self._clock + seconds, kind)

    def place_toast_again(self) -> None:
        """A screen changed all it shows at once (a records list for another folder): the notice looks
        for its place again on the next frame."""
        self._toast_place = None

    def draw_toast(self, surface: Any) -> None:
        if self.toast is None:
            return
        from game.widgets.toast import content_now, covers, draw_toast, place_toast

        key = (self.toast[0], surface.get_size(), tuple(id(s) for s in self.stack.scenes))
        place = self._toast_place
        if place is None or place[0] != key:  # a new screen on top: look again
            place = (key, place_toast(self, self.toast[0]), self._clock, content_now(self))
        else:  # cards come and go: the notice moves once one comes to lie under it
            seen = content_now(self)
            if seen != place[3]:
                again = place[1][3] or self._clock - place[2] >= TOAST_CROWDED  # the costly search: seldom
                if not covers(place[1][0], seen):
                    place = (*place[:3], seen)
                elif again:
                    place = (key, place_toast(self, self.toast[0]), self._clock, seen)
        self._toast_place = place
        draw_toast(surface, self.text, self.toast[0], self.toast[2], place[1])

    def toast_rect(self) -> Any:
        """Where the toast shown now lies (None: no toast), for the layout check."""
        if self.toast is None or self._toast_place is None:
            return None
        return self._toast_place[1][0]

    def review_deal(self, table: Any, deal: int | None = None) -> Any:
        """A table's "Review this deal": the replay viewer over it (game.review.open). The shared table
        base is handed this through the app, so it never imports the review, which knows both tables."""
        from game.review.open import review_deal

        return review_deal(self, table, deal)

    def save_match_record(self, match: Any) -> Any:
        """Save ``match`` as a record and say where; the path, or None (said too)."""
        from game.review.open import save_match_record

        return save_match_record(self, match)

    def open_record_file(self, path: str) -> Any:
        """A record dropped on the window or picked in a dialog: its replay, or the engine's reason."""
        from game.review.open import open_record_async

        return open_record_async(self, path)

    def records_folder(self) -> Path:
        """Where this app saves records (inside the data folder in portable mode); ``RecordError``
        (one line) when the folder named cannot exist."""
        from game.review.open import records_folder_of

        return records_folder_of(self)

    # --- the loop -------------------------------------------------------------------------------

    def esc_repeat(self, event: Any) -> bool:
        """Is this KEYDOWN a held Esc repeating? One press of Esc is one step back (a table to the menu),
        never several (the menu's question, or the app gone)."""
        pg = self.pg
        if event.type in (pg.WINDOWFOCUSLOST, pg.WINDOWFOCUSGAINED):
            self._esc_held = False  # its key-up may go to another window
            return False
        if getattr(event, "key", None) != pg.K_ESCAPE:
            return False
        if event.type == pg.KEYUP:
            self._esc_held = False
            return False
        if event.type != pg.KEYDOWN:
            return False
        if self._esc_held:  # no key-up since the last press: the key is repeating
            return True
        # Held down by a real keyboard: its repeats (queued, perhaps, until after the key went up,
        # when the frame is slow) are dropped until its key-up arrives. A key-down posted with no
        # key held (tests, other programs) is a press of its own.
        with contextlib.suppress(pg.error):
            self._esc_held = bool(pg.key.get_pressed()[pg.K_ESCAPE])
        return False

    def enter_repeat(self, event: Any) -> bool:
        """Is this KEYDOWN a held Enter repeating? One Enter is one choice: on the menu it opens New
        game, and its repeats (queued while the next screen is built) must not deal a game too."""
        pg = self.pg
        if event.type in (pg.WINDOWFOCUSLOST, pg.WINDOWFOCUSGAINED):
            self._enter_held = False
            return False
        if getattr(event, "key", None) not in (pg.K_RETURN, pg.K_KP_ENTER):
            return False
        if event.type == pg.KEYUP:
            self._enter_held = False
            return False
        if event.type != pg.KEYDOWN:
            return False
        if self._enter_held:
            return True
        with contextlib.suppress(pg.error, IndexError):  # as esc_repeat: a posted key-down is a press
            self._enter_held = bool(pg.key.get_pressed()[event.key])
        return False

    def dispatch(self, event: Any) -> None:
        pg = self.pg
        if event.type == pg.QUIT:
            self.running = False
            return
        if self.esc_repeat(event) or self.enter_repeat(event):
            return
        if event.type == pg.WINDOWSIZECHANGED:
            self.on_window_resized((event.x, event.y))
            return
        if event.type in (pg.WINDOWEXPOSED, pg.WINDOWRESTORED, pg.WINDOWSHOWN):
            self.painter.forget()  # the system may have lost the window's pixels: paint it all again
        if event.type == pg.KEYDOWN and event.key == pg.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pg.DROPFILE:  # a record dropped onto the window opens in the replay viewer
            self.open_record_file(event.file)
            return
        if event.type == pg.KEYDOWN and is_speech_chord(event):
            self.toggle_speech()
            return
        focus_key = getattr(self.stack.top, "focus_key", None)  # Tab, arrows, Enter on a menu's controls
        if focus_key is not None and focus_key(event):
            return
        if self._ui is not None and self._ui.process_events(event):
            return
        self.stack.handle_event(event)

    def frame(self, dt: float, events: list[Any], asked: bool = True) -> bool:
        """One frame of work: events, update, draw (no flip, no waiting). Returns False when nothing
        on screen could have changed: no event, and the top scene says it is still (``is_still``) or,
        having no such say, did not ask for this turn (``asked`` False: the loop woke for another
        scene's timer or its own safety wake). Such a frame is not drawn and need not be flipped."""
        self._clock += dt
        for event in events:
            self.dispatch(event)
        self.stack.update(dt)
        if self._speech_problem is not None:
            self._tell_speech_problem()
        if self.toast is not None and self._clock > self.toast[1]:
            self.toast = None
        if self._ui is not None:
            self._ui.update(dt)
        if self._size_to_save is not None:
            self._remember_size()
        top = self.stack.top
        follow = getattr(top, "follow_focus", None)  # a menu says its title and focused control
        if follow is not None:
            follow(top is not self._focus_top)
        self._focus_top = top
        still = getattr(top, "is_still", None)
        toast_same = self.toast == self._toast_drawn
        if not events and self._drawn_top is top and toast_same and (still() if still else not asked):
            return False
        # a screen closed or covered (one that held nothing big, such as a reading plaque, is let go alone:
        # a collection then would walk a long record that is just being opened)
        drawn = self._drawn_top
        if drawn is not None and drawn is not top and getattr(drawn, "holds_memory", True):
            from game.memory import release_free_memory

            release_free_memory()  # a screen closed or paused: its big surfaces can go back to the system
            self._trim_when_still = True  # and again once the new one has settled (its helpers' leftovers)
        self._drawn_top = top
        self._toast_drawn = self.toast
        if self.paints_in_parts():
            if self._painted_on is not self.screen:
                self.painter.forget()
                self._painted_on = self.screen
            self.painted = self.painter.paint(self.screen, self._draw_scenes)
            return True
        self.painter.forget()
        self.painted = None
        self.stack.draw(self.screen)
        if self._ui is not None:
            self._ui.draw_ui(self.screen)
        ring = getattr(top, "draw_focus", None)
        if ring is not None:
            ring(self.screen)
        self.draw_toast(self.screen)
        return True

    def _draw_scenes(self, surface: Any) -> None:
        self.stack.draw(surface)
        self.draw_toast(surface)

    def paints_in_parts(self) -> bool:
        """Every scene shown draws in a way the painter can follow, and pygame_gui shows nothing."""
        if getattr(self.args, "paint_whole", False):
            return False
        if not all(getattr(s, "painted_in_parts", False) for s in self.stack.shown()):
            return False
        if self._ui is None:
            return True
        root = self._ui.get_root_container()  # (always there and visible; it draws nothing itself)
        shown = (e for e in self._ui.get_sprite_group().sprites() if e is not root)
        return not any(getattr(e, "visible", False) for e in shown)

    def show(self) -> None:
        """Put the frame just drawn on the screen: the whole window, or only what changed."""
        if self.painted is None:
            self.pg.display.flip()
        elif self.painted:
            self.pg.display.update(self.painted)

    def advance(self, seconds: float) -> None:
        """Time that passed while the loop slept: the clocks of the app, the scenes and pygame_gui move
        on (nothing was moving, so nothing jumps), before the events that woke it are handled."""
        self._clock += seconds
        self.stack.update(seconds)
        if self._ui is not None:
            self._ui.update(seconds)

    def wake_in(self) -> float | None:
        """Seconds until the loop must turn with no event: 0.0 while anything moves (60 FPS), else the
        earliest timer of the scenes being updated, pygame_gui, the notice, the bots' answers or the
        window size waiting to be saved; None: only an event can change the screen."""
        waits = [self.stack.wake_in()]
        if self._ui is not None:
            from game.widgets.gui_scene import ui_wake_in

            waits.append(ui_wake_in(self._ui))
        if self.toast is not None:
            waits.append(max(0.0, self.toast[1] - self._clock) + 0.001)
        if self._worker is not None and getattr(self._worker, "pending", None):
            waits.append(POLL_WORKER)  # the bots' process has no way to wake the loop: look often
        if self._speech_problem is not None or self.speech_opening():
            waits.append(POLL_WORKER)  # the speech thread cannot wake the loop either
        if self._size_to_save is not None:
            waits.append(max(0.0, SIZE_SAVE_AFTER - (time.perf_counter() - self._size_changed_at)) + 0.01)
        found = [w for w in waits if w is not None]
        return min(found) if found else None

    def next_turn(self, waiter: Any) -> tuple[float, list[Any], bool]:
        """Wait for the next turn of the loop: a 60 FPS tick while something moves, else a real sleep
        until an event or the earliest wake (at most ``MAX_SLEEP``, so Ctrl+C is seen). Returns the
        frame's ``dt``, its events, and whether a scene asked for this turn."""
        pg = self.pg
        wait = self.wake_in()
        if wait is not None and wait < 1.0 / FPS:
            return min(self.clock.tick(FPS) / 1000.0, 0.1), pg.event.get(), True
        sleep = MAX_SLEEP if wait is None else min(wait, MAX_SLEEP)
        if self._trim_when_still and wait is None:  # nothing moves: no frame waits for the trim
            from game.memory import release_free_memory

            if release_free_memory():
                self._trim_when_still = False
        self.sleeps += 1
        waiter.wait(sleep)
        events = pg.event.get()
        elapsed = self.clock.tick() / 1000.0  # since the last frame began: its work and the sleep
        asked = not events and wait is not None and wait <= MAX_SLEEP
        # The time slept is handed on first (clocks, timers); the frame itself gets at most one 60 FPS
        # step, so an animation the waking event starts begins at its beginning.
        idle = max(0.0, elapsed - 1.0 / FPS)
        if wait is not None:
            idle = min(idle, max(0.0, wait - 1.0 / FPS))
        if idle > 0:
            self.advance(idle)
        return min(elapsed - idle, 0.1), events, asked

    def run(self) -> int:
        from game.idle import EventWaiter

        pg = self.pg
        waiter: EventWaiter | None = None  # made after the first frame (it looks for SDL's library)
        dt, events, asked = 0.0, pg.event.get(), True
        with quit_on_signals(self):
            while self.running and self.stack.top is not None:
                if self.frame(dt, events, asked):
                    self.show()
                if self.first_frame_ms is None:
                    self.first_frame_ms = (time.perf_counter() - PROCESS_START) * 1000
                if not self.running or self.stack.top is None:
                    break
                if waiter is None:
                    waiter = EventWaiter(pg)
                dt, events, asked = self.next_turn(waiter)
            self.close()
        return 0

    def close(self) -> None:
        self._remember_size(force=True)
        self.stack.clear()
        with contextlib.suppress(Exception):  # as in ``say``: the screen reader is the outside world
            self.speech.close()
        if self.store is not None:  # the last autosave reaches the disk before the window goes
            self.store.flush()
            self.store.write_again()  # what the disk refused earlier, once more (room may be free now)
        if self._worker is not None:
            self._worker.close()
        net = self.__dict__.pop("network", None)  # (``game.people.net.network``: started when first needed)
        if net is not None:  # its loop thread ends with the app, not with the process (tests make many apps)
            net.settle()  # (what the tables said as they closed still goes out)
            net.stop()
        if self.data_lock is not None:
            self.data_lock.release()
            self.data_lock = None
        # Fonts and surfaces are freed here, on the thread that drew them and while pygame still runs:
        # left to the cycle collector they would be freed later on whichever thread next trips it (the
        # network's loop, the store's writer), inside SDL_ttf and FreeType, which are not thread-safe.
        self.text.forget()
        self.table_text.forget()
        from game.widgets.cards import close_index_text

        close_index_text()
        gc.collect()
        self.pg.quit()


def is_speech_chord(event: Any) -> bool:
    """Ctrl+Alt+S: speech on or off, on every screen (no screen uses it: Ctrl+S saves a record)."""
    import pygame

    mod = getattr(event, "mod", 0)
    return bool(event.key == pygame.K_s and mod & pygame.KMOD_CTRL and mod & pygame.KMOD_ALT)


_SIGNALLED: list[int] = []  # signals that asked the app to end (Ctrl+C, SIGTERM), in order


@contextlib.contextmanager
def quit_on_signals(app: App) -> Iterator[None]:
    """Ctrl+C (SIGINT) and SIGTERM end the frame loop like closing the window: the game in progress
    is saved, the bot worker closed, no traceback. A second Ctrl+C while closing is ignored."""
    import signal

    wanted = [signal.SIGINT] + ([signal.SIGTERM] if hasattr(signal, "SIGTERM") else [])
    old: dict[signal.Signals, Any] = {}

    def stop(signum: int, _frame: Any) -> None:
        _SIGNALLED.append(signum)
        app.running = False

    if threading_is_main():
        for sig in wanted:
            with contextlib.suppress(ValueError, OSError):
                old[sig] = signal.signal(sig, stop)
    try:
        yield
    finally:
        for sig, handler in old.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, handler)


def threading_is_main() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


class SplashScene(Scene):
    """The very first frame: the cloth colour and the title, drawn while the menu, pygame_gui and the
    engine are imported in a helper thread (that can take a second on a busy machine); ``then``
    replaces it with the real scenes once they are loaded."""

    transparent = False
    modal = True
    update_below = False

    def __init__(self, app: App, modules: list[str], then: Any) -> None:
        import importlib
        import threading

        self.app = app
        self.then = then
        self.clock = 0.0
        self.error: BaseException | None = None

        def load() -> None:
            try:
                for name in modules:
                    importlib.import_module(name)
            except BaseException as err:  # reported on the main thread when it takes over
                self.error = err

        self._thread = threading.Thread(target=load, name="salon-load", daemon=True)
        self._thread.start()

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def handle_event(self, event: Any) -> bool:
        return True

    @property
    def loaded(self) -> bool:
        return not self._thread.is_alive()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.loaded:
            if self.error is not None:
                raise self.error
            self.app.stack.remove(self)
            self.then()
            import gc

            # What start-up made (modules, tables of the engine, the art) lives as long as the app: the
            # collector need not walk it again, and its full passes shrink from tens of ms to a few.
            gc.freeze()

    def draw(self, surface: Any) -> None:
        from game.looks.themes import BAIZE_DARK, BRASS, BRASS_LIGHT
        from game.words.i18n import t

        surface.fill(BAIZE_DARK)
        w, h = surface.get_size()
        title = self.app.text.get(t("app.title"), max(24, h // 10), BRASS_LIGHT, "bold", shadow=True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2)))
        r = max(3, h // 200)
        for i in range(3):
            on = int(self.clock * 3) % 3 == i
            colour = BRASS if on else (70, 62, 40)
            self.app.pg.draw.circle(surface, colour, (w // 2 + (i - 1) * r * 4, h // 2 + h // 12), r)


class _NoSounds:
    def play(self, name: str) -> None: ...

    def set_volume(self, volume: float) -> None: ...

    def set_muted(self, muted: bool) -> None: ...


def parse_args(argv: list[str] | None = None) -> argparse.Namespace | int:
    """The command line, checked: the arguments, or the exit code (2) after one line on stderr."""
    multiprocessing.freeze_support()
    args = build_parser().parse_args(argv)
    try:
        parse_size(args.size)
        check_data_dir_flag(args.data_dir)
    except ValueError as err:
        print(f"salon: {err}", file=sys.stderr)
        return 2
    return args


def guarded(job: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run the app (or a check driving it): a broken install is one line and exit 1, Ctrl+C is 130."""
    from game.looks.resources import AssetError

    try:
        return job(args)
    except AssetError as err:
        return broken_install(err)
    except KeyboardInterrupt:  # Ctrl+C before the window's loop took over: nothing to save yet
        print("salon: interrupted", file=sys.stderr)
        return 130


def run(argv: list[str] | None = None) -> int:
    """Play: the menu (or ``--demo``). ``python -m game`` also dispatches the checks (game.__main__)."""
    args = parse_args(argv)
    return args if isinstance(args, int) else guarded(play, args)


def play(args: argparse.Namespace) -> int:
    """Open the window on the menu (or a demo table) and run until the player quits."""
    app = App(args)

    def start() -> None:
        first_screens(app, args)

    modules = ["pygame_gui", "game.menus.menu"]
    if args.demo:
        modules.append(f"game.{args.game}.table")
    app.stack.push(SplashScene(app, modules, start))
    return app.run()


def first_screens(app: App, args: argparse.Namespace) -> None:
    """The menu (no bots' process yet: the menu starts it on the way to a table), and what the
    command line opens over it."""
    from game.menus.menu import MenuScene

    settle_unrecorded_result(app)
    app.stack.push(MenuScene(app))
    if getattr(args, "record", None):  # salon RECORD: "Open with" from a file manager
        app.open_record_file(args.record)
    if args.demo:
        from game.screens import open_table

        open_table(app, args.game, demo=True, seed=args.seed)


def settle_unrecorded_result(app: App) -> None:
    """A game that ended while its result could not be written (a full disk) is still saved, over:
    count it now, once (by its game id), and remove the save only once that is on disk."""
    store = app.store
    if store is None or store.read_only is not None:
        return
    with contextlib.suppress(Exception):
        from game.store.saves import settle_finished_game

        if settle_finished_game(store):
            from game.store.storage import Notice

            store.notices.append(Notice("storage.result_kept", {}, "The result of a finished game that "
                                        "could not be recorded before has now been counted."))


def broken_install(err: Exception) -> int:
    """A shipped file is missing or unreadable: say which, on stderr and in a message box, and exit 1."""
    print(f"salon: {err}", file=sys.stderr)
    with contextlib.suppress(Exception):  # a windowed build has no console to print to
        import pygame

        if pygame.display.get_init() and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            pygame.display.message_box("Salon", str(err), message_type="error")
    return 1

