"""The New game dialog for both games: players, opponents' names and levels, every table option.

Eralash: 2, 3 or 4 players, pairs (4 only, your partner opposite), each opponent's name and level,
classic runs, short deal (2–3 players), the points for 3 and 4 Aces, the robber's trick target.
Uragan: the opponent's name and level, claims by the book or strict, primiera needing all four suits,
the game's target. Every option has its one-line explanation. The choices are remembered in the
settings (``eralash`` / ``uragan``, ``last_game``) and the table is opened with them.
"""

from __future__ import annotations

import contextlib
import warnings
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextEntryLine

from game.looks.resources import AssetError
from game.screens import GameSetup, game_setup
from game.store.settings import BOT_NAMES
from game.widgets.gui_scene import GuiScene, row_rects
from game.words import i18n
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from game.app import App

LEVELS = ("novice", "club", "master")
NAMES = BOT_NAMES  # with their genders in game.store.settings.NAME_GENDERS


def default_choice(app: App) -> dict[str, Any]:
    """The last choices (from the settings) or the defaults of docs/rules.md."""
    lang = i18n.get_language()
    names = NAMES.get(lang, NAMES["en"])
    choice: dict[str, Any] = {
        "game": "eralash",
        "eralash": {"players": 4, "levels": ["club"] * 3, "names": names[1:], "options": {}},
        "uragan": {"players": 2, "levels": ["club"], "names": names[1:2], "options": {}},
    }
    settings = app.settings
    with contextlib.suppress(Exception):
        choice["game"] = settings.last_game
    for game in ("eralash", "uragan"):
        with contextlib.suppress(Exception):
            setup = settings.get(game)
            setup["options"] = settings.new_game_options(game)
            choice[game] = setup
    for game in ("eralash", "uragan"):  # untouched defaults follow the interface language
        setup = choice[game]
        for other in NAMES.values():
            if setup["names"] and all(n in other for n in setup["names"]):
                setup["names"] = [names[other.index(n)] for n in setup["names"]]
    e = choice["eralash"]
    while len(e["names"]) < 3:
        e["names"].append(names[len(e["names"]) + 1])
    while len(e["levels"]) < 3:
        e["levels"].append("club")
    return choice


class NewGameScene(GuiScene):
    """pygame_gui on the cloth; Esc or Back returns to the menu, Enter or Deal starts."""

    title_key = "newgame.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.choice = default_choice(app)
        self.entries: dict[str, UITextEntryLine] = {}
        self.error = ""
        self.abandon_confirmed = False  # the player agreed to give up the game in progress
        self._asked_seed: int | None = None  # the deal number asked for while the question is open

    # --- the current choices ----------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.choice["game"]

    @property
    def setup(self) -> dict[str, Any]:
        return self.choice[self.game]

    @property
    def options(self) -> dict[str, Any]:
        return self.setup["options"]

    def option(self, key: str, default: Any) -> Any:
        return self.options.get(key, default)

    @property
    def own(self) -> GameSetup:
        """The chosen game's part of the dialog: its rows, its options' fit, its table."""
        return game_setup(self.game)

    def players(self) -> int:
        """The seats chosen: the remembered count (the most by default) when the game offers a choice."""
        from engine.games import game_named  # the rules of every game: not needed at start-up

        counts = game_named(self.game).seat_counts
        return int(self.setup.get("players", max(counts))) if len(counts) > 1 else counts[0]

    def engine_options(self) -> dict[str, Any]:
        """The chosen table options as the engine's ``Options.from_dict`` takes them."""
        return self.own.engine_options(self.options, self.players())

    # --- lifecycle --------------------------------------------------------------------------------

    def clear(self) -> None:
        super().clear()
        self.entries.clear()

    # --- building ---------------------------------------------------------------------------------

    def build(self) -> None:
        """Lay the dialog out in a panel sized for its game's rows at this window size: the rows'
        places depend only on the window and the game, never on the choices made. (At a larger text
        size an explanation may take two lines: laid out again once their lines are known.)"""
        self.about_extra = getattr(self, "about_extra", 0)
        self._build()
        if self.about_seen != self.about_extra:
            self.about_extra = self.about_seen
            self._build()

    def _build(self) -> None:
        self.clear()
        self.about_seen = 0
        ui = self.app.ui
        w, h = self.app.size
        # The game's option rows (a label and buttons) and their one-line explanations; Eralash always
        # keeps room for three opponents, so no row moves when the player count changes.
        rows, abouts = self.own.rows
        more_rows, more_abouts = self.extra_rows()
        rows, abouts = rows + more_rows, abouts + more_abouts
        scale = self.app.text.scale
        pw = min(int(1040 * scale), int(w * (0.9 if scale == 1.0 else 0.94)))
        room = h - 2 * max(14, h // 40)  # inside the cloth's rail
        border = 18  # the panel's border and shadow, both sides
        # The smallest sizes that hold the theme's fonts (buttons 20 px, explanations 14 px); at a
        # taller window every size grows together, up to 4/3 of these.
        title_h, button_h, pad = int(36 * scale), int(38 * scale), 8
        error_lines = [self.error] if self.error else []
        if self.error and scale != 1.0:  # a larger text size: a long refusal on lines of its own
            from game.widgets.text import wrap_lines

            with contextlib.suppress(Exception):
                font = self.app.ui.get_theme().get_font(["#notice", "label"])
                error_lines = [line for line in wrap_lines(font, self.error, pw - 72) if line] or [self.error]
        line_h = int(28 * scale)
        error_h = line_h * len(error_lines)
        ring = 6  # under the title: room for the keyboard focus's ring round the first row
        fixed = title_h + ring + button_h + 2 * pad + 6 + error_h
        # A refusal the rows leave no room for, even at their lowest (Host with Eralash's rows at
        # 960x600 and 125 %): it goes on the buttons' row, left of them, each button as wide as its words.
        beside = None
        if self.error and scale != 1.0 and fixed + rows * (int(30 * scale * 0.8) + 3) + border > room:
            beside = self._refusal_beside(pw - 60, button_h)
        if beside is not None:
            error_lines, line_h = beside[0], beside[1]
            error_h = max(0, line_h * len(error_lines) - button_h)  # the row grows for a third line
            fixed = title_h + ring + button_h + 2 * pad + 6 + error_h
        abouts += self.about_extra
        # A window too short for every row and explanation (a larger text size, or Eralash's rows with
        # the people row at 960x600): the explanations become the tooltips of their rows' buttons.
        whole = fixed + rows * (30 * scale + 3) + abouts * 17 * scale + border
        self.show_abouts = whole <= room
        # At the normal text size one line above the buttons then explains the row under the pointer or
        # the keyboard focus (Eralash with the people row at 960x600 would otherwise explain nothing).
        self.one_about = not self.show_abouts and scale == 1.0
        self.row_abouts: dict[str, tuple[list[Any], str]] = {}
        if not self.show_abouts:
            abouts = 1 if self.one_about else 0
        base = rows * (30 * scale + 3) + abouts * 17 * scale
        # (rows too many for the window even so, Host with Eralash's at a larger text size: a little lower)
        f = max(0.8, min(4 / 3, (room - border - fixed) / base))
        self.row_h, self.about_h = int(30 * scale * f), int(17 * scale * f)
        spare = room - border - fixed - rows * self.row_h - abouts * self.about_h
        self.gap = max(3, min(12, spare // rows))
        need = fixed + rows * (self.row_h + self.gap) + abouts * self.about_h + border
        ph = min(room, need)
        panel = self.add_panel(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph))
        self.titled = True
        self.label_w = int(pw * (0.24 if scale == 1.0 else 0.275))
        self.inner = pw - 60
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            UILabel(pygame.Rect(30, pad, self.inner, title_h), t(self.title_key), ui, container=panel,
                    object_id="#dialog_title")
        y = pad + title_h + ring
        y = self.choice_row(
            y,
            "game",
            t("newgame.game"),
            [("game_eralash", t("game.eralash")), ("game_uragan", t("game.uragan"))],
            f"game_{self.game}",
            t(f"newgame.game.{self.game}.about"),
        )
        y = self.own.option_rows(self, y)
        y = self.more_rows(y)
        self.content_bottom = y
        inside = panel.get_container().get_rect().height
        band = inside - pad - button_h - error_h  # the top of the refusal and the buttons
        for i, line in enumerate(error_lines):
            x, width = (30, self.inner) if beside is None else (30, beside[2])
            UILabel(
                pygame.Rect(x, band + i * line_h, width, line_h - 2),
                line,
                ui,
                container=panel,
                object_id="#notice",
            )
        self.about_line: UILabel | None = None
        if self.one_about:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.about_line = UILabel(
                    pygame.Rect(30, inside - pad - button_h - error_h - self.about_h - 2, self.inner,
                                self.about_h),
                    "", ui, container=panel, object_id="#about")
            self.about_shown = ""
            self.show_row_about()
        bottom = self.bottom_buttons()
        rects = row_rects(30, inside - pad - button_h, self.inner, len(bottom), button_h)
        if beside is not None:  # the buttons at the right of the refusal, as wide as their words
            x = 30 + self.inner
            for rect, need in reversed(list(zip(rects, beside[3], strict=True))):
                rect.width, rect.right = need, x
                rect.centery = band + (button_h + error_h) // 2
                x = rect.left - 10
        elif scale != 1.0:  # a larger text size: each button as wide as its words ask, of the row's width
            font = self.app.text.font(20)
            needs = [font.size(text)[0] + 60 for _, text, _ in bottom]
            room = self.inner - 10 * (len(bottom) - 1)
            x = 30
            for rect, need in zip(rects, needs, strict=True):
                rect.x, rect.width = x, room * need // sum(needs)
                x = rect.right + 10
        for (key, text, tip), rect in zip(bottom, rects, strict=True):
            self.button(key, text, rect, tooltip=tip, container=panel)

    def _refusal_beside(self, inner: int, button_h: int) -> tuple[list[str], int, int, list[int]] | None:
        """The refusal's lines left of the bottom buttons (each as wide as its words), their height,
        the width they take and the buttons' widths; None when it would need more than three lines."""
        from game.widgets.text import wrap_lines

        try:
            font = self.app.ui.get_theme().get_font(["#notice", "label"])
            line_h = font.size("Ay")[1] + 4
        except Exception:  # noqa: BLE001 - no theme font: the refusal stays on lines of its own
            return None
        words = self.app.text.font(20)
        needs = [words.size(text)[0] + 60 for _, text, _ in self.bottom_buttons()]
        width = inner - sum(needs) - 10 * len(needs) - 12
        lines = [line for line in wrap_lines(font, self.error, width - 8) if line]
        if not lines or len(lines) > 3:
            return None
        return lines, line_h, width, needs

    # --- what a dialog built on this one changes (Host a table: game.people.host_screen) ---------------

    title_key = "newgame.title"

    def extra_rows(self) -> tuple[int, int]:
        """Rows (and their explanations) below the game's own: playing with people, for a game whose
        table a person at another app can sit at (``Game.guest_match``)."""
        return (1, 1) if self.with_people() else (0, 0)

    def with_people(self) -> bool:
        from engine.games import game_named

        return game_named(self.game).guest_match is not None

    def more_rows(self, y: int) -> int:
        """Host a table or join one (their screens: ``game.screens.SCREENS``)."""
        if not self.with_people():
            return y
        return self.choice_row(y, "people", t("people.row"), [("people_host", t("people.host")),
                                                             ("people_join", t("people.join"))],
                               "", t("people.row.about"))

    def bottom_buttons(self) -> list[tuple[str, str, str | None]]:
        return [("start", t("menu.start"), None),
                ("number", t("deal_number.play"), t("deal_number.play.about")),
                ("back", t("menu.back"), None)]

    def choice_row(
        self,
        y: int,
        name: str,
        label: str,
        items: list[tuple[str, str]],
        selected: str,
        about: str | None = None,
        enabled: bool = True,
    ) -> int:
        """A label, a row of buttons (one selected), and the option's explanation under them."""
        x0 = 30 + self.label_w
        width = self.inner - self.label_w
        self.row_label(y, label)
        gap = 8
        bw = min(int(230 * self.app.text.scale), (width - gap * (len(items) - 1)) // len(items))
        row = []
        for i, (key, text) in enumerate(items):
            row.append(self.button(
                key,
                text,
                pygame.Rect(x0 + i * (bw + gap), y, bw, self.row_h),
                key == selected,
                enabled,
                tooltip=None if self.show_abouts or self.one_about else about,
                container=self.panel,
            ))
        control = self.focus.add_list(name, label, row)
        if about:
            self.row_abouts[control.key] = (row, about)
        y += self.row_h
        if about:
            y += self.about(y, about)
        return y + self.gap

    def follow_focus(self, shown_again: bool) -> None:
        """Once a frame, after pygame_gui knows what the pointer is over: the explanation line too."""
        super().follow_focus(shown_again)
        self.show_row_about()

    def show_row_about(self) -> None:
        """The one explanation line: the row under the pointer, else the row with the keyboard focus."""
        line: UILabel | None = getattr(self, "about_line", None)
        if line is None:
            return
        text = ""
        for row, about in self.row_abouts.values():
            if any(getattr(b, "hovered", False) for b in row):
                text = about
                break
        else:
            here = self.focus.current()
            if here is not None and here.key in self.row_abouts:
                text = self.row_abouts[here.key][1]
        if text != self.about_shown:
            self.about_shown = text
            line.set_text(text)

    def row_label(self, y: int, label: str) -> None:
        """The label at the left of an option's row."""
        UILabel(
            pygame.Rect(30, y, self.label_w - 10, self.row_h),
            label,
            self.app.ui,
            container=self.panel,
            object_id="#option_label",
        )

    def about(self, y: int, text: str) -> int:
        """An option's one-line explanation, across the whole panel under its buttons (on two lines at
        a larger text size if it must); the height it takes."""
        from game.widgets.text import wrap_lines

        if not getattr(self, "show_abouts", True):
            return 0
        lines = [text]
        if self.app.text.scale != 1.0:
            with contextlib.suppress(Exception):
                font = self.app.ui.get_theme().get_font(["#about", "label"])
                lines = [line for line in wrap_lines(font, text, self.inner - 12) if line] or [text]
        self.about_seen += len(lines) - 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pygame_gui warns when a label is tight; the panel is wide
            for i, line in enumerate(lines):
                UILabel(
                    pygame.Rect(30, y + i * self.about_h, self.inner, self.about_h),
                    line,
                    self.app.ui,
                    container=self.panel,
                    object_id="#about",
                )
        return len(lines) * self.about_h

    def level_row(self, y: int, seat: int, label: str) -> int:
        """One opponent: name (a text field) and level (three buttons)."""
        ui = self.app.ui
        x0 = 30 + self.label_w
        width = self.inner - self.label_w
        self.row_label(y, label)
        name_w = int(width * (0.3 if self.app.text.scale == 1.0 else 0.2))  # (a longer name scrolls)
        entry = UITextEntryLine(
            pygame.Rect(x0, y, name_w, self.row_h),
            ui,
            container=self.panel,
            initial_text=self.setup["names"][seat - 1],
            object_id=f"#name{seat}",
        )
        entry.set_text_length_limit(20)
        self.entries[f"name{seat}"] = entry
        self.focus.add_field(f"name{seat}", t("focus.name", seat=label), entry)
        gap = 8 if self.app.text.scale == 1.0 else 6
        rects = row_rects(x0 + name_w + 14, y, width - name_w - 14, len(LEVELS), self.row_h, gap=gap)
        row = []
        for level, rect in zip(LEVELS, rects, strict=True):
            row.append(self.button(
                f"level{seat}_{level}",
                t(f"level.{level}"),
                rect,
                self.setup["levels"][seat - 1] == level,
                tooltip=t(f"level.{level}.about"),
                container=self.panel,
            ))
        self.focus.add_list(f"level{seat}", t("focus.level", seat=label), row)
        return y + self.row_h + self.gap

    def target_row(self, y: int, targets: tuple[int, ...], default: int, unit: str) -> int:
        """What the game is played to: one button per target (``unit`` words it), this game's note."""
        target = int(self.option("target", default))
        return self.choice_row(
            y,
            "target",
            t("newgame.target"),
            [(f"target_{k}", plural(k, unit)) for k in targets],
            f"target_{target}",
            t(f"newgame.target.{self.game}.about"),
        )

    # --- events -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.confirmed(event):
            self.abandon_confirmed = True
            self.start(self._asked_seed)
            return True
        if self.dialog is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.dismiss_dialog()
            return True  # the dialog answers with its own buttons
        key = self.pressed(event)
        if key is not None:
            self.press(key)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.read_entries()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.press("back")
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press("start")
            return True
        return True  # modal: the menu below waits

    def read_entries(self) -> None:
        for key, entry in self.entries.items():
            text = entry.get_text()
            if key.startswith("name"):
                seat = int(key[4:])
                if 0 < seat <= len(self.setup["names"]):
                    self.setup["names"][seat - 1] = text.strip()
            elif key.startswith("aces"):
                aces = dict(self.options.get("aces", {"3": 30, "4": 60}))
                aces[key[4:]] = int(text) if text.isdigit() else 0
                self.options["aces"] = aces

    def press(self, key: str) -> None:
        self.read_entries()
        kind, _, value = key.partition("_")
        if key == "back":
            self.app.stack.remove(self)
            return
        if key == "start":
            self.start()
            return
        if kind == "people":
            from game.screens import open_screen

            self.app.stack.remove(self)
            open_screen(self.app, value)
            return
        if key == "number":
            from game.menus.deal_number_dialog import DealNumberDialog

            self.app.stack.push(DealNumberDialog(self.app, self.start))
            return
        if kind == "game":
            self.choice["game"] = value
        elif kind == "players":
            self.setup["players"] = int(value)
        elif kind == "pairs":
            self.options["pairs"] = value == "yes"
        elif kind == "classic":
            self.options["classic_runs"] = value == "yes"
        elif kind == "short":
            self.options["short_deal"] = value == "yes"
        elif kind == "target":
            self.options["target"] = int(value)
        elif kind == "claims":
            self.options["claims"] = value
        elif kind == "primiera":
            self.options["primiera_all_suits"] = value == "yes"
        elif kind.startswith("level"):
            seat = int(kind[5:])
            self.setup["levels"][seat - 1] = value
        self.error = ""
        self.build()

    def start(self, seed: int | None = None) -> None:
        """Check the options with the engine, remember the choices, open the table (``seed``: the
        deal number to play again, else a fresh one)."""
        from engine.games import game_named  # the rules and bots of every game: not needed at start-up

        game = self.game
        options = self.engine_options()
        n = self.players()
        names = [x.strip() or NAMES["en"][i + 1] for i, x in enumerate(self.setup["names"][: n - 1])]
        levels = list(self.setup["levels"][: n - 1])
        try:
            game_named(game).Options.from_dict(options)
        except (ValueError, TypeError) as err:
            self.error = t("newgame.bad_option", reason=str(err))
            self.build()
            return
        refused = self._uncounted_game()
        if refused:  # the dialog stays: the notice says why and what to do
            self.app.notify(refused, 12.0, "warn")
            return
        if not self.abandon_confirmed and self._game_in_progress():
            self._asked_seed = seed
            self.ask_confirmation("newgame.abandon", "#newgame_abandon_dialog", game=self._saved_game_name())
            return
        kept_levels = list(self.setup["levels"])  # every seat's choice, the seats not played too
        kept_names = [x.strip() or NAMES["en"][i + 1] for i, x in enumerate(self.setup["names"])]
        with contextlib.suppress(Exception):
            self.app.settings.update(
                {
                    game: {"players": n, "levels": kept_levels, "names": kept_names, "options": options},
                    "last_game": game,
                }
            )
        app = self.app
        app.stack.remove(self)
        self.own.open(app, options, n, names, levels, seed)

    def _uncounted_game(self) -> str:
        """Why no new game can start (a finished game in the save the disk would not let be counted:
        a new save would write over it), or "" — the finished game counted now if it can be."""
        from game.store.saves import UncountedGame, count_finished_game

        try:
            count_finished_game(self.app.store)
        except UncountedGame as err:
            if err.unrecorded == "refused":
                return t("storage.new_game_refused_refused")
            return t("storage.new_game_refused_full")
        except (OSError, ImportError):
            return ""
        return ""

    def _game_in_progress(self) -> bool:
        from game.store.saves import game_in_progress

        try:
            return game_in_progress(self.app.store)
        except (OSError, ImportError):  # a save that cannot be looked at is not a game to ask about
            return False

    def _saved_game_name(self) -> str:
        from game.store.saves import load_game

        saved = load_game(self.app.store)
        return t(f"game.{saved.game}") if saved is not None else ""

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        try:
            surface.blit(self._background(surface.get_size()), (0, 0))
        except (AssetError, pygame.error):  # no table art: the plain felt
            from game.widgets.felt import table_background

            surface.blit(table_background(surface.get_size(), self.table_colour()), (0, 0))
