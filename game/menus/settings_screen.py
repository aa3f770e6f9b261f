"""The Settings screen: language, deck style, card back, table cloth, animation, sound, full screen.

Every choice applies at once (the screen calls ``apply_setting``, and the change is saved to
``settings.json`` by ``Settings.set``), and a preview shows the cards and cloth as they will look.
Choices are pygame_gui buttons in rows (a selected button is the current value) and a volume slider;
the card backs and the cloths are drawn as small pictures you click. Defaults are restored after a
confirmation dialog.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider, UITextEntryLine

from engine import cards as C
from game.looks.themes import BRASS, BRASS_LIGHT, IVORY, TABLE_COLOURS
from game.store.settings import (
    ANIMATION_SPEEDS,
    CARD_SIZES,
    DECK_INDEXES,
    LANGUAGES,
    MAX_NAME,
    PLAYER_GENDERS,
    SPEECH_VOICES,
    TEXT_SIZES,
    Settings,
    available_card_backs,
)
from game.widgets.backdrop import rail_width
from game.widgets.gui_scene import GuiScene
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App

PREVIEW_CARDS = ("QD", "KC", "7H", "AS")
MIN_BUTTON = 124  # narrower than this, "Мгновенно" no longer fits its button
# Settings this screen changes (what "Defaults" restores): not the window size or new-game choices.
SCREEN_SETTINGS = ("language", "deck_index", "four_colour", "card_back", "table_colour", "animation_speed",
                   "volume", "mute", "fullscreen", "player_name", "player_gender",
                   "text_size", "card_size", "high_contrast")
# The screen's pages: at 100 % text, cards, sound and you on one and the text size, card size and contrast
# on the other; at a larger text size (``LARGE_PAGES``) the first is two, each laid out in columns.
PAGES = ("cards", "reading")
LARGE_PAGES = ("cards", "play", "reading")


def apply_setting(app: App, name: str, value: Any) -> None:
    """Make a changed setting visible now (the app may also register this with ``settings.on_change``)."""
    if name == "language" and value in i18n.LANGUAGES:
        i18n.set_language(value)
    elif name in ("volume", "mute"):
        apply = getattr(app, "_apply_volume", None)
        if apply is not None and getattr(app, "_sounds", None) is not None:
            with contextlib.suppress(Exception):
                apply()
    elif name == "fullscreen" and bool(getattr(app, "fullscreen", value)) != value:
        with contextlib.suppress(Exception):
            app.toggle_fullscreen()


_NAME_ENTRY_THEME = {  # the theme file has no text entry block; ours matches the labels and buttons
    "#settings_player_name": {
        "font": {"name": "salonserif", "size": "19"},
        "colours": {"dark_bg": "#1c1209", "normal_text": "#f3e6c4", "selected_bg": "#6d4a26",
                    "normal_border": "#b08d45", "text_cursor": "#f0d080"},
        "misc": {"border_width": "2", "shape": "rounded_rectangle", "shape_corner_radius": "6"},
    }
}


def _theme_name_entry(ui: Any, scale: float = 1.0) -> None:
    import copy

    from game.looks.themes import scaled_theme

    with contextlib.suppress(Exception):
        ui.get_theme().load_theme(scaled_theme(copy.deepcopy(_NAME_ENTRY_THEME), scale))


def _shown_name(name: str) -> str:
    """A default player name shows in the interface language ("You" → "Вы"); a chosen one as it is."""
    from game.store.settings import DEFAULT_NAMES

    if any(name == names[0] for names in DEFAULT_NAMES.values()):
        return DEFAULT_NAMES.get(i18n.get_language(), DEFAULT_NAMES["en"])[0]
    return name


def _fit(width: int, n: int, aspect: float, gap: int = 14) -> int:
    """The tallest picture height at which ``n`` pictures of ``aspect`` (w / h) fit in one row."""
    return max(24, int((width - 8 - gap * (n - 1)) / (n * aspect)))


class SettingsScene(GuiScene):
    """Rows of choices on a wooden plaque over the cloth; Esc or Back returns to the menu."""

    button_id_prefix = "settings_"
    title_key = "settings.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # Without a data folder the app runs on stand-in settings; edit a real (unsaved) set then.
        self.settings = app.settings if isinstance(app.settings, Settings) else Settings(None)
        self.buttons: dict[str, tuple[UIButton, str, Any]] = {}  # object key -> (button, name, value)
        self.slider: UIHorizontalSlider | None = None
        self.name_entry: UITextEntryLine | None = None
        self.labels: list[tuple[str, tuple[int, int], str, int, tuple[int, int, int]]] = []
        self.pictures: list[tuple[pygame.Rect, str, Any]] = []  # clickable backs and cloths
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self._images: dict[tuple[Any, ...], Any] = {}
        self._volume_dirty = False
        self._metrics = (28, 42, 18)
        self.page = PAGES[0]

    # lifecycle -------------------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        # The speech chord (Ctrl+Alt+S) may turn speech on or off while this screen is open: show it.
        self._unlisten = self.settings.on_change(lambda _name, _value: self.build(),
                                                 ("speech", "speech_voice"))

    def exit(self) -> None:
        self._unlisten()
        self._flush_volume()
        super().exit()

    def clear(self) -> None:
        super().clear()
        self.slider = None
        self.name_entry = None

    # building --------------------------------------------------------------------------------------

    def build(self) -> None:
        self.clear()
        self.labels, self.pictures = [], []
        w, h = self.app.size
        compact = h < 800 or w < 1200  # the smallest window (1024 × 640) still fits everything
        self._metrics = (22, 36, 8) if compact else (28, 42, 18)  # label, button, gap
        margin = 24 if compact else 36
        out = max(12 if compact else 30, rail_width((w, h)) + 6)  # clear of the table's rail
        scale = self.app.text.scale
        pw, ph = min(int(1240 * scale), w - 2 * out), min(int(760 * scale), h - 2 * out)
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        p = self.panel_rect
        self._label(t("settings.title"), (p.x + margin, p.y + 16), 28 if compact else 34, "bold", BRASS_LIGHT)
        if scale != 1.0:
            self._build_large(p, margin, compact)
            return
        if self.page not in PAGES:
            self.page = PAGES[0]
        self._page_tabs(p, margin, compact, PAGES)
        if self.page == "reading":
            self._build_reading(p, margin, compact)
            return
        # The right column holds four animation buttons: give it a little more room than the left.
        inner = pw - margin * 3
        col_w, right_w = int(inner * 0.47), inner - int(inner * 0.47)
        left, right = p.x + margin, p.x + margin * 2 + col_w
        s = self.settings
        top = p.y + (62 if compact else 84)
        head = 34 if compact else 42

        y = top
        self._label(t("settings.section.cards"), (left, y), 22 if compact else 24, "bold", BRASS)
        y += head
        y = self._row(left, y, col_w, "language", LANGUAGES, i18n.get_language())
        y = self._row(left, y, col_w, "deck_index", DECK_INDEXES, s.deck_index,
                      tooltip=t("settings.deck_index.about"))
        y = self._row(left, y, col_w, "four_colour", (False, True), s.four_colour,
                      tooltip=t("settings.four_colour.about"))
        half = (col_w - 24) // 2
        label_h, button_h, gap = self._metrics
        # The player's gender row sits just above the bottom buttons; the pictures (and the name
        # under the cloths) share what is left between it and the rows above.
        gender_y = p.bottom - (58 if compact else 72) - gap - 4 - (label_h + button_h)
        per_line = self._per_line(col_w, "player_gender", tuple(PLAYER_GENDERS))
        gender_y -= (-(-len(PLAYER_GENDERS) // per_line) - 1) * (button_h + 6)  # a wrapped row: lines up
        area = gender_y - gap - y
        if compact:  # the last rows a little closer: every pixel counts at 960 × 600
            gender_y += 4
        backs = available_card_backs()
        back_h = max(24, min(100, area - label_h - 4, _fit(half, len(backs), 0.72)))
        self._pictures(left, y, half, "card_back", backs, back_h)
        cloths = list(TABLE_COLOURS)
        cloth_h = min(42, _fit(half, len(cloths), 1.3))
        while cloth_h > 16:
            per_row = max(1, (half + 14) // (int(cloth_h * 1.3) + 14))
            rows = -(-len(cloths) // per_row)
            if label_h + 4 + rows * (cloth_h + 14) - 14 + gap + label_h + button_h <= area:
                break
            cloth_h -= 2
        cloth_rows = self._pictures(left + half + 24, y, half, "table_colour", cloths, cloth_h)
        name_y = y + label_h + 4 + cloth_rows * (cloth_h + 14) - 14 + gap
        self._label(t("settings.player_name"), (left + half + 24, name_y), 19, "regular", IVORY)
        _theme_name_entry(self.app.ui, self.app.text.scale)
        self.name_entry = UITextEntryLine(pygame.Rect(left + half + 24, name_y + label_h, half, button_h),
                                          self.app.ui, object_id="#settings_player_name")
        self.name_entry.set_text_length_limit(MAX_NAME)
        self.name_entry.set_text(_shown_name(s.player_name))
        self.add(self.name_entry)
        self.focus.add_field("player_name", t("settings.player_name"), self.name_entry)
        self._row(left, gender_y, col_w, "player_gender", PLAYER_GENDERS, s.player_gender,
                  tooltip=t("settings.player_gender.about"))

        y = top
        self._label(t("settings.section.play"), (right, y), 22 if compact else 24, "bold", BRASS)
        y += head
        y = self._row(right, y, right_w, "animation_speed", ANIMATION_SPEEDS, s.animation_speed)
        label_h, button_h, gap = self._metrics
        self._label(t("settings.volume"), (right, y), 19, "regular", IVORY)
        self.slider = UIHorizontalSlider(pygame.Rect(right, y + label_h, right_w - 80, button_h - 4),
                                         round(s.volume * 100), (0, 100), self.app.ui,
                                         object_id="#settings_volume")
        self.add(self.slider)
        self.focus.add_field("volume", t("settings.volume"), self.slider)
        self._volume_label_pos = (right + right_w - 66, y + label_h + 4)
        y += label_h + button_h + gap
        row_y = y
        y = self._row(right, row_y, (right_w - 24) // 2, "mute", (False, True), s.mute)
        self._row(right + (right_w + 24) // 2, row_y, (right_w - 24) // 2, "fullscreen", (False, True),
                  self.app.fullscreen, tooltip=t("settings.fullscreen.about"))
        y = self._row(right, y, right_w, "review_after_deal", (False, True),
                      s.review_after_deal,
                      tooltip=t("settings.review_after_deal.about"))
        self._label(t("settings.preview"), (right, y), 19, "regular", IVORY)
        bottom = p.bottom - (58 if compact else 72)
        self.preview_rect = pygame.Rect(right, y + label_h, right_w, max(48, bottom - 16 - y - label_h))

        bw, bh = (200, 42) if compact else (220, 48)
        self._button("reset", t("settings.reset"), pygame.Rect(p.x + margin, bottom, bw, bh))
        self._button("back", t("settings.back"), pygame.Rect(p.right - margin - bw, bottom, bw, bh))

    def _page_tabs(self, p: pygame.Rect, margin: int, compact: bool, pages: tuple[str, ...]) -> int:
        """The pages' tabs at the title's right, or under it where the title leaves too little room
        (the selected one is the page shown); the y under the title and tabs."""
        rects, below = self._tab_rects(p, margin, compact, pages)
        tabs = []
        for name, rect in zip(pages, rects, strict=True):
            b = self._button(f"page_{name}", self._tab_word(name, pages), rect, "page", name)
            if name == self.page:
                b.select()
            tabs.append(b)
        self.focus.add_list("page", t("settings.page"), tabs)  # one stop: ←/→ turn the pages
        return below

    def _tab_rects(self, p: pygame.Rect, margin: int, compact: bool,
                   pages: tuple[str, ...]) -> tuple[list[pygame.Rect], int]:
        """Where the tabs go: beside the title if they fit there, else under it, in as many lines as
        they need; and the y under them."""
        text = self.app.text
        title = text.font(28 if compact else 34, "bold")
        widths = [text.font(20).size(self._tab_word(name, pages))[0] + text.px(40) for name in pages]
        h = max(self._metrics[1], text.font(20).get_linesize() + text.px(12))
        whole = sum(widths) + 8 * (len(widths) - 1)
        x, y = p.right - margin - whole, p.y + 14
        if x >= p.x + margin + title.size(t("settings.title"))[0] + margin:
            out = []
            for w in widths:
                out.append(pygame.Rect(x, y, w, h))
                x += w + 8
            return out, y + max(h, title.get_linesize())
        x, y = p.x + margin, p.y + 16 + title.get_linesize() + 4
        out = []
        for w in widths:
            if x > p.x + margin and x + w > p.right - margin:
                x, y = p.x + margin, y + h + 6
            out.append(pygame.Rect(x, y, w, h))
            x += w + 8
        return out, y + h

    @staticmethod
    def _tab_word(name: str, pages: tuple[str, ...]) -> str:
        if pages == PAGES:
            return t(f"settings.page.{name}")
        subject = name.rstrip("0123456789")
        if subject == name:
            return t(f"settings.page.large.{name}")
        return t("settings.page.more", page=t(f"settings.page.large.{subject}"),
                 n=1 + sum(p.startswith(subject) for p in pages[: pages.index(name)]))

    def _large_metrics(self) -> tuple[int, int, int]:
        """(label, button, gap) heights from the fonts at the text size shown."""
        text = self.app.text
        label_h = text.font(19).get_linesize() + text.px(4)
        button_h = int(text.font(20).get_linesize() * 1.5)
        return label_h, button_h, text.px(8)

    def _build_large(self, p: pygame.Rect, margin: int, compact: bool) -> None:
        """Larger text: the rows in two columns a page, the pages by subject (``LARGE_PAGES``); a page
        whose rows outgrow it goes on over a further page of its own."""
        s = self.settings
        self._metrics = self._large_metrics()
        label_h, button_h, gap = self._metrics
        if self.page not in LARGE_PAGES and not self.page.startswith(LARGE_PAGES):
            self.page = LARGE_PAGES[0]
        bw = max(self.app.text.font(20).size(t(k))[0] for k in ("settings.reset", "settings.back"))
        bw, bh = bw + self.app.text.px(60), button_h
        bottom = p.bottom - bh - (16 if compact else 24)
        inner = p.width - margin * 3
        col_w = inner // 2
        cols = (p.x + margin, p.x + margin * 2 + col_w)
        gender = tuple(PLAYER_GENDERS)
        back_h, cloth_h = self.app.text.px(64), self.app.text.px(30)
        blocks: dict[str, list[tuple[str, Any]]] = {
            "cards": [("row", ("language", LANGUAGES, i18n.get_language(), None)),
                      ("row", ("deck_index", DECK_INDEXES, s.deck_index, "settings.deck_index.about")),
                      ("row", ("four_colour", (False, True), s.four_colour, "settings.four_colour.about")),
                      ("pictures", ("card_back", available_card_backs(), back_h)),
                      ("pictures", ("table_colour", list(TABLE_COLOURS), cloth_h))],
            "play": [("row", ("animation_speed", ANIMATION_SPEEDS, s.animation_speed, None)),
                     ("volume", None),
                     ("row", ("mute", (False, True), s.mute, None)),
                     ("row", ("fullscreen", (False, True), self.app.fullscreen, "settings.fullscreen.about")),
                     ("row", ("review_after_deal", (False, True), s.review_after_deal,
                              "settings.review_after_deal.about")),
                     ("name", None),
                     ("row", ("player_gender", gender, s.player_gender, "settings.player_gender.about"))],
            "reading": [("row", ("speech", (False, True), s.speech, "settings.speech.about")),
                        ("row", ("speech_voice", SPEECH_VOICES, s.speech_voice,
                                 "settings.speech_voice.about")),
                        ("row", ("text_size", TEXT_SIZES, getattr(self.app, "text_size_wanted", s.text_size),
                                 "settings.text_size.about")),
                        ("row", ("card_size", CARD_SIZES, s.card_size, "settings.card_size.about")),
                        ("row", ("high_contrast", (False, True), s.high_contrast,
                                 "settings.high_contrast.about"))],
        }

        def height(kind: str, args: Any) -> int:
            if kind == "row":
                per_line = self._per_line(col_w, args[0], tuple(args[1]))
                lines = -(-len(args[1]) // per_line)
                return label_h + lines * button_h + (lines - 1) * 6 + gap
            if kind == "pictures":
                name, values, ph = args
                w = int(ph * 0.72) if name == "card_back" else int(ph * 1.3)
                rows = -(-len(values) // max(1, (col_w + 14) // (w + 14)))
                return label_h + 4 + rows * (ph + 14) - 14 + gap + 8
            return label_h + button_h + gap

        # Lay every subject's blocks into columns; a subject more than a page long is pages of its own.
        pages: list[tuple[str, list[tuple[int, int, str, Any]]]] = []
        for subject, items in blocks.items():
            top = p.y + 16  # (put right below once the tabs are known: all pages share their height)
            placed: list[tuple[int, int, str, Any]] = []
            col, y = 0, 0
            for kind, args in items:
                need = height(kind, args)
                if placed and y + need > bottom - 16 - top - self._tabs_room(p, margin, compact):
                    col, y = col + 1, 0
                    if col == 2:
                        pages.append((subject, placed))
                        placed, col = [], 0
                placed.append((col, y, kind, args))
                y += need
            pages.append((subject, placed))
        names = []
        for i, (subject, _) in enumerate(pages):
            names.append(subject if i == 0 or pages[i - 1][0] != subject else f"{subject}{i}")
        if self.page not in names:
            self.page = names[0]
        tabs = tuple(names)
        top = self._page_tabs(p, margin, compact, tabs) + gap + 4
        shown = pages[names.index(self.page)][1]
        for kind, args, x, y in ((k, a, cols[c], top + dy) for c, dy, k, a in shown):
            if kind == "row":
                name, values, current, about = args
                self._row(x, y, col_w, name, values, current, tooltip=t(about) if about else None)
            elif kind == "pictures":
                self._pictures(x, y, col_w, *args)
            elif kind == "volume":
                self._label(t("settings.volume"), (x, y), 19, "regular", IVORY)
                room = self.app.text.font(20).size(t("settings.volume.value", n=100))[0] + 16
                self.slider = self.add(UIHorizontalSlider(
                    pygame.Rect(x, y + label_h, col_w - room, button_h - 4), round(s.volume * 100), (0, 100),
                    self.app.ui, object_id="#settings_volume"))
                self.focus.add_field("volume", t("settings.volume"), self.slider)
                self._volume_label_pos = (x + col_w - room + 10, y + label_h + 4)
            elif kind == "name":
                self._label(t("settings.player_name"), (x, y), 19, "regular", IVORY)
                _theme_name_entry(self.app.ui, self.app.text.scale)
                self.name_entry = self.add(UITextEntryLine(pygame.Rect(x, y + label_h, col_w, button_h),
                                                           self.app.ui, object_id="#settings_player_name"))
                self.name_entry.set_text_length_limit(MAX_NAME)
                self.name_entry.set_text(_shown_name(s.player_name))
                self.focus.add_field("player_name", t("settings.player_name"), self.name_entry)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self._button("reset", t("settings.reset"), pygame.Rect(p.x + margin, bottom, bw, bh))
        self._button("back", t("settings.back"), pygame.Rect(p.right - margin - bw, bottom, bw, bh))

    def _tabs_room(self, p: pygame.Rect, margin: int, compact: bool) -> int:
        """The height the title and the tabs take at the top of the panel (measured with a further page
        of each subject, the most tabs there may be)."""
        pages = tuple(n for name in LARGE_PAGES for n in (name, f"{name}1"))
        return self._tab_rects(p, margin, compact, pages)[1] - p.y - 16 + self._metrics[2] + 4

    def _build_reading(self, p: pygame.Rect, margin: int, compact: bool) -> None:
        """The text size, the card size and high contrast, over a preview of the table as they make it."""
        s = self.settings
        inner = p.width - margin * 3
        col_w, right_w = int(inner * 0.5), inner - int(inner * 0.5)
        left, right = p.x + margin, p.x + margin * 2 + col_w
        title_h = self.app.text.font(28 if compact else 34, "bold").get_linesize()
        top = p.y + 16 + max(self._metrics[1], title_h)
        top += self._metrics[2] + 6
        y = top
        wanted = getattr(self.app, "text_size_wanted", s.text_size)
        # Speech first (the right column, over the preview): where a player who listens finds it first.
        ry = self._row(right, top, right_w, "speech", (False, True), s.speech,
                       tooltip=t("settings.speech.about"))
        ry = self._row(right, ry, right_w, "speech_voice", SPEECH_VOICES, s.speech_voice,
                       tooltip=t("settings.speech_voice.about"))
        y = self._row(left, y, col_w, "text_size", TEXT_SIZES, wanted,
                      tooltip=t("settings.text_size.about"))
        y = self._row(left, y, col_w, "card_size", CARD_SIZES, s.card_size,
                      tooltip=t("settings.card_size.about"))
        y = self._row(left, y, col_w, "high_contrast", (False, True), s.high_contrast,
                      tooltip=t("settings.high_contrast.about"))
        y = self._row(left, y, col_w, "four_colour", (False, True), s.four_colour,
                      tooltip=t("settings.four_colour.about"))
        label_h = self._metrics[0]
        bw, bh = (200, 42) if compact else (220, 48)
        bw = max(bw, self.app.text.font(20).size(t("settings.back"))[0] + self.app.text.px(60))
        bottom = p.bottom - bh - (16 if compact else 24)
        self._label(t("settings.preview"), (right, ry), 19, "regular", IVORY)
        self.preview_rect = pygame.Rect(right, ry + label_h, right_w, max(48, bottom - 16 - ry - label_h))
        self._button("reset", t("settings.reset"), pygame.Rect(p.x + margin, bottom, bw, bh))
        self._button("back", t("settings.back"), pygame.Rect(p.right - margin - bw, bottom, bw, bh))

    def _label(self, text: str, pos: tuple[int, int], size: int, style: str,
               colour: tuple[int, int, int]) -> None:
        self.labels.append((text, pos, style, size, colour))

    def _button(self, key: str, text: str, rect: pygame.Rect, name: str = "", value: Any = None,
                tooltip: str | None = None) -> UIButton:
        b = self.button(key, text, rect, tooltip=tooltip, remember=False)
        self.buttons[key] = (b, name, value)
        return b

    def _row(self, x: int, y: int, width: int, name: str, values: Any, current: Any,
             tooltip: str | None = None) -> int:
        """A label above one button per value; the current value's button is selected."""
        label_h, button_h, gap = self._metrics
        self._label(t(f"settings.{name}"), (x, y), 19, "regular", IVORY)
        values = tuple(values)
        space = 6
        row = []
        per_line = self._per_line(width, name, values)
        bw = (width - space * (per_line - 1)) // per_line
        for i, value in enumerate(values):
            line, col = divmod(i, per_line)
            text = self._value_text(name, value)
            rect = pygame.Rect(x + col * (bw + space), y + label_h + line * (button_h + space), bw, button_h)
            b = self._button(f"{name}_{value}", text, rect, name, value, tooltip)
            row.append(b)
            if value == current:
                b.select()
        if values == (False, True):
            self.focus.add_checkbox(name, t(f"settings.{name}"), *row)
        else:
            self.focus.add_list(name, t(f"settings.{name}"), row)
        lines = (len(values) + per_line - 1) // per_line
        return y + label_h + lines * button_h + (lines - 1) * space + gap

    def _per_line(self, width: int, name: str, values: tuple[Any, ...]) -> int:
        """How many of a row's buttons go on one line (long words in a narrow window wrap it)."""
        _, button_h, _ = self._metrics
        space = 6
        per_line = len(values)
        # The widest label in the theme's button font (the "as language" one is themed smaller).
        widest = max(self.app.text.font(15 if (name, v) == ("deck_index", "auto") else 20)
                     .size(self._value_text(name, v))[0] for v in values) + 2 * (5 + round(button_h * 0.2))
        def narrow(k: int) -> bool:
            bw = (width - space * (k - 1)) // k
            return bw < widest or (k > 2 and bw < MIN_BUTTON)

        while per_line > 1 and narrow(per_line):
            per_line = (per_line + 1) // 2  # long words in a narrow window: wrap the row
        return per_line

    def _value_text(self, name: str, value: Any) -> str:
        if name == "text_size":
            return t("settings.text_size.value", n=value)
        if isinstance(value, bool):
            return t("settings.on" if value else "settings.off")
        return t(f"settings.{name}.{value}")

    def _pictures(self, x: int, y: int, width: int, name: str, values: list[str], height: int) -> int:
        """A label above clickable pictures (card backs, cloths), wrapping into rows; how many rows."""
        label_h = self._metrics[0]
        self._label(t(f"settings.{name}"), (x, y), 19, "regular", IVORY)
        gap = 14
        w = int(height * 0.72) if name == "card_back" else int(height * 1.3)
        per_row = max(1, (width + gap) // (w + gap))
        rects = []
        for i, value in enumerate(values):
            row, col = divmod(i, per_row)
            rect = pygame.Rect(x + 4 + col * (w + gap), y + label_h + 4 + row * (height + gap), w, height)
            self.pictures.append((rect, name, value))
            rects.append(rect)
        current = self.settings.get(name)
        self.focus.add_pictures(name, t(f"settings.{name}"), [t(f"settings.{name}.{v}") for v in values],
                                values.index(current) if current in values else -1, rects,
                                lambda i: self.change(name, values[i]))
        return (len(values) + per_row - 1) // per_row

    def layout_boxes(self) -> list[Any]:
        """The clickable card backs and cloths (the layout check finds the rest itself)."""
        from game.widgets.boxes import Box

        return [Box(f"{name} {value}", "control", pygame.Rect(rect)) for rect, name, value in self.pictures]

    # changing --------------------------------------------------------------------------------------

    def change(self, name: str, value: Any) -> None:
        """Set, save and apply one setting, then rebuild the screen (its own language may change)."""
        if name == "fullscreen":
            apply_setting(self.app, name, value)  # the app flips the window and saves the setting
        elif name == "speech":
            if bool(value) != self.settings.speech:
                self.app.toggle_speech()  # said by the speech itself, as the chord does
        else:
            overridden = name == "language" and i18n.get_language() != self.settings.language
            wanted = getattr(self.app, "text_size_wanted", value)
            overridden = overridden or (name == "text_size" and wanted != self.settings.text_size)
            self.settings.set(name, value)
            if overridden and self.settings.get(name) == value:
                self.settings.announce(name)  # the saved value again, after a --lang or --text-size run
            apply_setting(self.app, name, value)
        self.build()

    def _flush_volume(self) -> None:
        if self._volume_dirty:
            self.settings.save()
            self._volume_dirty = False

    def reset(self) -> None:
        was_fullscreen = bool(getattr(self.app, "fullscreen", False))
        self.settings.reset([n for n in SCREEN_SETTINGS if n != "fullscreen"])
        for name in SCREEN_SETTINGS:
            if name != "fullscreen":
                apply_setting(self.app, name, self.settings.get(name))
        if was_fullscreen != self.settings.default("fullscreen"):
            apply_setting(self.app, "fullscreen", self.settings.default("fullscreen"))
        self.build()

    def ask_reset(self) -> None:
        self.ask_confirmation("settings.reset", "#settings_reset_dialog")

    # events ----------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.confirmed(event):
            self.reset()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, (b, name, value) in list(self.buttons.items()):
                if event.ui_element is b:
                    self.press(key, name, value)
                    return True
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                and event.ui_element is self.name_entry:
            with contextlib.suppress(ValueError):  # an empty or odd name is simply not taken
                self.settings.set("player_name", event.text)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.settings.set("volume", round(event.value) / 100, save=False)
            apply_setting(self.app, "volume", self.settings.volume)
            self._volume_dirty = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._flush_volume()  # the slider was let go: write the file once, not per pixel
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.dialog is None:
            for rect, name, value in self.pictures:
                if rect.collidepoint(event.pos):
                    self.change(name, value)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.dismiss_dialog():
                self.press("back", "", None)
            return True
        return False

    def press(self, key: str, name: str, value: Any) -> None:
        if key == "back":
            self.app.stack.pop()
        elif key == "reset":
            self.ask_reset()
        elif name == "page":
            self.page = value
            self.build()
        elif name:
            self.change(name, value)

    # drawing ---------------------------------------------------------------------------------------

    def _card_images(self, back: str | None = None) -> Any:
        s = self.settings
        size = (int(self.preview_rect.height * 0.62 * 0.72), int(self.preview_rect.height * 0.62))
        lang = i18n.get_language() if s.deck_index == "auto" else s.deck_index
        key = (lang, s.four_colour, back or s.card_back, size)
        images = self._images.get(key)
        if images is None:
            from game.widgets.cards import CardImages

            images = CardImages(self.app.text, size, lang=key[0], back=key[2], four_colour=key[1])
            if len(self._images) > 12:
                self._images.clear()
            self._images[key] = images
        return images

    def _back_image(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", name, size)
        img = self._images.get(key)
        if img is None:
            from game.widgets.cards import CardImages

            img = CardImages(self.app.text, size, back=name).back()
            self._images[key] = img
        return img

    def table_colour(self) -> str:
        return self.settings.table_colour

    def draw(self, surface: pygame.Surface) -> None:
        from game.widgets.felt import baize, panel

        surface.blit(self._background(surface.get_size()), (0, 0))
        surface.blit(panel(self.panel_rect.size, 225), self.panel_rect.topleft)
        text = self.app.text
        for label, pos, style, size, colour in self.labels:
            surface.blit(text.get(label, size, colour, style), pos)
        if self.slider is not None:
            surface.blit(text.get(t("settings.volume.value", n=round(self.settings.volume * 100)), 20, IVORY),
                         self._volume_label_pos)
        mouse = pygame.mouse.get_pos()
        for rect, name, value in self.pictures:
            selected = self.settings.get(name) == value
            if name == "card_back":
                surface.blit(self._back_image(value, rect.size), rect)
            else:
                key = ("cloth", value, rect.size)
                cloth = self._images.get(key)
                if cloth is None:
                    cloth = baize(rect.size, TABLE_COLOURS[value], rim=False)
                    self._images[key] = cloth
                surface.blit(cloth, rect)
            ring = BRASS_LIGHT if selected else (BRASS if rect.collidepoint(mouse) else (90, 70, 40))
            pygame.draw.rect(surface, ring, rect.inflate(8, 8), width=3 if selected else 2, border_radius=8)
        self._draw_preview(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        r = self.preview_rect
        if r.width <= 0:
            return
        from game.widgets.felt import baize

        key = ("preview", self.settings.table_colour, r.size)
        cloth = self._images.get(key)
        if cloth is None:
            cloth = baize(r.size, TABLE_COLOURS.get(self.settings.table_colour, TABLE_COLOURS["green"]),
                          rim=False)
            self._images[key] = cloth
        surface.blit(cloth, r)
        pygame.draw.rect(surface, BRASS, r, width=2, border_radius=4)
        images = self._card_images()
        cw, ch = images.size
        x = r.x + 18
        y = r.centery - ch // 2
        back = images.back()
        surface.blit(back, (x, y))
        x += cw + 24
        step = min(cw + 8, (r.right - 18 - x - cw) // max(1, len(PREVIEW_CARDS) - 1))
        for name in PREVIEW_CARDS:
            surface.blit(images.face(C.parse(name)), (x, y))
            x += step
