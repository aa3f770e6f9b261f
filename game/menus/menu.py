"""The main menu: New game, Continue, Settings, Rules, Statistics, About and Quit — pygame_gui on the baize.

"New game" opens a second panel on the same screen: which game, which opponent, the main table
option. Screens another helper has not built yet are shown disabled.
"""

from __future__ import annotations

import contextlib
import math
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UILabel

from engine import cards as C
from game.looks.themes import BAIZE_DARK, BRASS_LIGHT, IVORY
from game.review.open import FileDialogHost
from game.screens import continue_game, open_screen, screen_available
from game.widgets.cards import CardImages
from game.widgets.felt import lay_on_cloth, table_background, table_background_kept
from game.widgets.felt import panel as plaque
from game.widgets.gui_scene import POLL_HELPER, GuiScene, row_rects
from game.widgets.warm import Warmer
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App

SHOWCASE = ("7H", "AS", "KD", "QC", "JH")  # the fan of cards beside the menu
Composed = tuple[pygame.Surface, list[tuple[pygame.Surface, pygame.Rect]]]  # the cloth, the fan on it



def panel_rect(size: tuple[int, int], scale: float = 1.0) -> pygame.Rect:
    """The menu's plaque: 8 % of the width from the left, at most 460 px wide (the subtitle fits at
    1024); at a larger text size larger, the subtitle on two lines if it must."""
    w, h = size
    pw, ph = min(460, max(440, int(w * 0.4))), min(560, int(h * 0.86))
    x = int(w * 0.08)
    if scale != 1.0:
        pw, ph = min(int(460 * scale), int(w * 0.56)), min(int(560 * scale), int(h * 0.9))
        x = int(w * 0.05)
    return pygame.Rect(x, (h - ph) // 2, pw, ph)

class MenuScene(FileDialogHost, GuiScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.mode = "main"  # or "records"
        self._bg: Composed | None = None
        self._bg_key: Any = None
        self._ready: dict[Any, Composed] = {}
        self._made_for: Any = None  # the key ``_bg`` was composed for (``_bg_key`` is reset to remake it)
        self._paused_fan: tuple[Any, list[tuple[pygame.Surface, pygame.Rect]]] = (None, [])
        self._warming_key: Any = None
        self.warmer = Warmer()
        settings = app.settings
        self.images = CardImages(
            app.text,
            (150, 214),
            self.deck_language(),
            settings.card_back,
            settings.four_colour,
        )
        self._unlisten: Any = None

    def screen_title(self) -> str:
        return t("app.title") if self.mode == "main" else t("menu.records")

    def first_focus(self) -> str | None:
        """Enter on the menu continues the saved game, or starts a new one: the focus starts there."""
        return ("continue" if self._has_save() else "new") if self.mode == "main" else None

    def deck_language(self) -> str:
        index = self.app.settings.deck_index
        return index if index in i18n.LANGUAGES else i18n.get_language()

    def on_setting(self, name: str, value: Any) -> None:
        """A setting changed (on the Settings screen above, or anywhere): the menu follows at once."""
        if name in ("language", "deck_index", "four_colour", "card_back"):
            self.images.set_style(
                lang=self.deck_language(),
                back=self.app.settings.card_back,
                four_colour=self.app.settings.four_colour,
            )
            self._bg_key = None  # the fan of cards beside the menu is drawn again in the new style
        if name == "language" and self.app.stack.top is self:
            self.build()

    # --- lifecycle --------------------------------------------------------------------------------

    def enter(self) -> None:
        with contextlib.suppress(Exception):
            self._unlisten = self.app.settings.on_change(self.on_setting)
        if self.app.store is not None:
            with contextlib.suppress(Exception):  # a damaged save is set aside now, and said so below
                from game.store.saves import check_saved_game

                check_saved_game(self.app.store)
        self.build()

    def pause(self) -> None:
        self.close_file_dialog()
        self._let_go_of_the_cloth()
        super().pause()

    def exit(self) -> None:
        self.close_file_dialog()
        if self._unlisten:
            self._unlisten()
            self._unlisten = None
        super().exit()

    def resume(self) -> None:
        self._take_the_cloth_again()
        self.on_setting("deck_index", None)  # in case a setting changed without telling (defaults)
        super().resume()

    def _let_go_of_the_cloth(self) -> None:
        """What covers the menu may be a table, which wants the cloth at 4 bytes a pixel (the cache
        then keeps that form): the menu's 3-byte one would be a second copy under it (23.7 MB at
        3840x2160). The fan is kept, and the cloth taken again from the cache on the way back."""
        if self._bg is not None:
            self._paused_fan = (self._made_for, self._bg[1])
        self._bg, self._bg_key, self._warming_key = None, None, None
        self._ready = {}  # (a composition still on its way lands in the old one, and goes with it)

    def _take_the_cloth_again(self) -> None:
        """Back on the menu: its cloth (converted from the table's form, no rasterisation) under the
        fan it kept, at once; when the cloth is not at hand, plain baize until the helper makes it."""
        key, fan = self._paused_fan
        self._paused_fan = (None, [])
        size, colour = self.app.size, self.app.settings.table_colour
        if key is not None and key[:2] == (size, colour) and table_background_kept(size, colour):
            cloth = table_background(size, colour, compact=True)
            self._bg, self._bg_key, self._made_for = (cloth, fan), key, key

    # --- building ---------------------------------------------------------------------------------

    def build(self) -> None:
        self.clear()
        ui = self.app.ui
        w, h = self.app.size
        scale = self.app.text.scale
        self.top = int(150 * scale)
        panel = self.add_panel(panel_rect((w, h), scale))
        pw, ph = panel.rect.size
        inner = pw - 60
        cw = panel.get_container().get_rect().width  # inside the panel's border
        UILabel(pygame.Rect(30, int(20 * scale), inner, int(70 * scale)), t("app.title"), ui, container=panel,
                object_id="#title")
        subtitle = [t("app.subtitle")]
        if scale != 1.0:
            from game.widgets.text import wrap_lines

            with contextlib.suppress(Exception):
                font = ui.get_theme().get_font(["#subtitle", "label"])
                subtitle = [line for line in wrap_lines(font, subtitle[0], cw - 16) if line] or subtitle
        line_h = int(30 * scale)
        for i, line in enumerate(subtitle):
            UILabel(pygame.Rect(2, int(92 * scale) + i * line_h, cw - 4, line_h), line, ui, container=panel,
                    object_id="#subtitle")
        if scale != 1.0:  # the buttons right under the subtitle: every pixel for them in a short window
            self.top = int(92 * scale) + len(subtitle) * line_h + 12
        self.build_notices(panel.rect)
        if self.mode == "main":
            self._build_main(panel, inner, ph)
        else:
            self._build_records(panel, inner, ph)

    def _build_main(self, panel: Any, inner: int, ph: int) -> None:
        has_save = self._has_save()
        entries = [
            ("new", t("menu.new_game"), True),
            ("continue", t("menu.continue"), has_save),
            ("settings", t("menu.settings"), screen_available("settings")),
            ("rules", t("menu.rules"), screen_available("rules")),
            ("stats", t("menu.stats"), screen_available("stats")),
            ("records", t("menu.records"), True),
            ("quit", t("menu.quit"), True),
        ]
        bh = min(56, (ph - 200) // len(entries) - 10)
        if self.app.text.scale != 1.0:
            bh = min(int(56 * self.app.text.scale), (ph - self.top - 30) // len(entries) - 12)
        y = self.top
        for key, text, enabled in entries:
            tooltip = None if enabled or key == "continue" else t("menu.not_yet")
            rect = pygame.Rect(30, y, inner, bh)
            if key == "quit":  # About shares the last row with Quit
                about, rect = row_rects(30, y, inner, 2, bh, gap=12)
                self.button("about", t("about.menu"), about, container=panel)
            self.button(key, text, rect, enabled=enabled, tooltip=tooltip, container=panel)
            y += bh + 12

    def _build_records(self, panel: Any, inner: int, ph: int) -> None:
        """Records…: open one (the records browser; or drop a file onto the window), save the game."""
        import warnings

        y = self.top
        bh = min(int(56 * self.app.text.scale), max(int(36 * self.app.text.scale), (ph - self.top - 50) // 6))
        self.button("open_record", t("menu.records.open"), pygame.Rect(30, y, inner, bh), container=panel)
        y += bh + 12
        can_save = self.record_to_save() is not None
        self.button("save_record", t("menu.records.save"), pygame.Rect(30, y, inner, bh), enabled=can_save,
                    tooltip=None if can_save else t("record.nothing"), container=panel)
        y += bh + 16
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pygame_gui.elements import UITextBox

            about_h = max(60, ph - y - bh - 50)
            UITextBox(t("menu.records.about"), pygame.Rect(24, y, inner + 12, about_h), self.app.ui,
                      container=panel, object_id="#records_about")
        self.button("back", t("menu.back"), pygame.Rect(30, ph - bh - 24, inner, bh), container=panel)

    def record_to_save(self) -> dict[str, Any] | None:
        """The game to save as a record: the game in progress, else the last one finished."""
        store = self.app.store
        if store is None:
            return None
        with contextlib.suppress(Exception):
            from game.store.saves import load_game

            saved = load_game(store)
            if saved is not None:
                return saved.restore_match().to_record()
        from game.store.records import last_game

        return last_game(getattr(store, "folder", None))

    def save_record(self) -> None:
        from game.review.open import save_record_file

        record = self.record_to_save()
        if record is None:
            self.app.notify(t("record.nothing"), 5.0, "warn")
            return
        save_record_file(self.app, record)

    def _has_save(self) -> bool:
        if self.app.store is None:
            return False
        try:
            from game.screens import hosted_to_continue
            from game.store.saves import has_saved_game

            return has_saved_game(self.app.store) or hosted_to_continue(self.app)
        except (OSError, ImportError):  # a save that cannot be looked at offers no Continue
            return False

    # --- notices ----------------------------------------------------------------------------------

    def notice_texts(self) -> list[str]:
        """Every message the data folder has for the player (a save set aside, a setting reset…)."""
        out = []
        for n in list(getattr(self.app.store, "notices", None) or []):
            key = getattr(n, "key", "")
            text = str(n)
            if i18n.has(key):
                with contextlib.suppress(KeyError, IndexError, ValueError):
                    text = t(key, **dict(getattr(n, "params", {})))
            if text not in out:
                out.append(text)
        return out

    def build_notices(self, beside: pygame.Rect) -> None:
        """A plaque right of the menu with every notice, wrapped to fit, and a button to dismiss them."""
        self.notice_box = None
        self.notice_lines: list[tuple[str, bool]] = []
        texts = self.notice_texts()
        if not texts:
            return
        w, h = self.app.size
        gap = max(16, int(w * 0.03))
        left = beside.right + gap
        width = min(620, w - left - gap)
        pad, bh = 18, 40
        text = self.app.text
        for size in (18, 16, 14, 13):
            lines: list[tuple[str, bool]] = [(t("menu.notice.title"), True)]
            for i, msg in enumerate(texts):
                bullet = text.wrap(msg, size, width - 2 * pad - 18)
                lines += [(("• " if j == 0 else "   ") + ln, False) for j, ln in enumerate(bullet)]
                if i < len(texts) - 1:
                    lines.append(("", False))
            line_h = text.font(size).get_linesize()
            height = line_h * len(lines) + 6 + 3 * pad + bh
            if height <= h - 2 * beside.top or size == 13:
                break
        self.notice_size = size
        self.notice_lines = lines
        box = pygame.Rect(left, beside.top, width, min(height, h - 2 * max(8, beside.top // 2)))
        self.notice_box = box
        bw = max(140, text.font(18).size(t("menu.notice.dismiss"))[0] + 40)
        self.button("dismiss", t("menu.notice.dismiss"),
                    pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh))

    def dismiss_notices(self) -> None:
        store = self.app.store
        if store is not None:
            with contextlib.suppress(Exception):
                store.take_notices()
        self.build()

    def draw_notices(self, surface: pygame.Surface) -> None:
        box = getattr(self, "notice_box", None)
        if box is None:
            return
        surface.blit(plaque(box.size, 235), box)
        text = self.app.text
        y = box.y + 18
        for line, title in self.notice_lines:
            if line:
                img = text.get(line, self.notice_size + (2 if title else 0), BRASS_LIGHT if title else IVORY,
                               "bold" if title else "regular")
                surface.blit(img, (box.x + 18, y))
            y += text.font(self.notice_size).get_linesize() + (6 if title else 0)

    # --- events -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.file_dialog_event(event):
            return True
        if self.quit_question(event):
            return True
        key = self.pressed(event)
        if key is not None:
            self.press(key)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.file_dialog is not None:
                self.close_file_dialog()
            elif self.mode == "records":
                self.press("back")
            else:
                self.ask_to_quit()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and self.mode == "main":
            self.press("continue" if self._has_save() else "new")
            return True
        return False

    def ask_to_quit(self) -> None:
        """Esc on the main menu never closes the app at once: "Quit Salon?" (Enter quits, Esc stays),
        saying the game in progress is kept only when there is one."""
        if self.dialog is None:
            saved = self._saved_game_name()
            if saved:
                self.ask_confirmation("menu.quit_ask", "#quit_dialog", game=saved)
            else:
                self.ask_confirmation("menu.quit_ask", "#quit_dialog", question="question_none")

    def _saved_game_name(self) -> str:
        """The name of the game Continue brings back ("" when there is none to continue)."""
        store = self.app.store
        if store is None or not self._has_save():
            return ""
        from game.store.saves import load_game

        try:
            saved = load_game(store)
        except (OSError, ImportError):
            return ""
        return t(f"game.{saved.game}") if saved is not None else ""

    def quit_question(self, event: pygame.event.Event) -> bool:
        """The quit question's answers: its Quit button or Enter ends the app, Esc closes the question."""
        if self.confirmed(event):
            self.app.running = False
            return True
        if self.dialog is None or event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.dismiss_dialog()
            self.app.running = False
        elif event.key == pygame.K_ESCAPE:
            self.dismiss_dialog()
        return True  # the question is modal: other keys wait

    def press(self, key: str) -> None:
        if key in ("new", "continue", "open_record"):
            # The menu needs no bots (nor their 25-30 MB process): it starts on the way to a table or
            # a record's review, while the player chooses, so the first bot move is not later.
            self.app.worker.start_async()
        if key == "new":
            from game.menus.new_game import NewGameScene

            self.app.stack.push(NewGameScene(self.app))
        elif key == "back":
            self.mode = "main"
            self.focus.focus_on("records")
            self.build()
        elif key == "continue":
            if continue_game(self.app) is None:
                self.build()
        elif key in ("settings", "rules", "stats", "about"):
            open_screen(self.app, key)
        elif key == "quit":
            self.app.running = False
        elif key == "records":
            self.mode = "records"
            self.focus.focus_on("open_record")
            self.build()
        elif key == "open_record":
            from game.review.browser import RecordsScene

            self.app.stack.push(RecordsScene(self.app))
        elif key == "save_record":
            self.save_record()
        elif key == "dismiss":
            self.dismiss_notices()

    # --- drawing ----------------------------------------------------------------------------------

    def fan_geometry(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """The showcase fan's card height and centre: in the cloth right of the menu panel, never
        under it."""
        w, h = size
        panel_right = panel_rect(size, self.app.text.scale).right
        rail = max(16, h // 30)
        room = w - rail - panel_right - 2 * max(12, w // 80)
        ch = max(60, min(int(h * 0.34), int(room / 2.45)))
        cx = panel_right + (w - rail - panel_right) // 2
        return ch, cx, int(h * 0.56)

    def fan_rects(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where the showcase cards lie (rotated cards: their bounding boxes)."""
        ch, cx, cy = self.fan_geometry(size)
        cw = int(ch * 2.5 / 3.5)
        n = len(SHOWCASE)
        out = []
        for i in range(n):
            a = abs((i - (n - 1) / 2) * 11)
            bw = int(cw * math.cos(math.radians(a)) + ch * math.sin(math.radians(a)))
            bh = int(ch * math.cos(math.radians(a)) + cw * math.sin(math.radians(a)))
            off = (i - (n - 1) / 2) * ch * 0.33
            r = pygame.Rect(0, 0, bw, bh)
            r.center = (int(cx + off), int(cy + abs(i - (n - 1) / 2) ** 2 * ch * 0.03))
            out.append(r)
        return out

    def layout_boxes(self) -> list[Any]:
        from game.widgets.boxes import Box

        if getattr(self, "notice_box", None) is not None or self._bg_key is None or not self._bg_key[-1]:
            return []  # the notices' plaque stands where the fan would be
        rects = self.fan_rects(self.app.size)
        return [Box(f"showcase card {name}", "card", r) for name, r in zip(SHOWCASE, rects, strict=True)]

    def _compose(self, size: tuple[int, int], colour_name: str, fan: bool = True) -> Composed:
        """The cloth and a fan of cards beside the menu (made in the helper thread); no fan while
        the notices' plaque takes that place. The cloth is the tables' own (``table_background``'s
        cache), not a copy: at 1920x1080 a copy is 8 MB more, at 3840x2160 32 MB. The fan is one
        surface, the five cards laid on the cloth under them (``lay_on_cloth``), drawn over it."""
        bg = table_background(size, colour_name, compact=True)
        if not fan:
            return bg, []
        return bg, [lay_on_cloth(bg, self.fan_cards(size))]

    def fan_cards(self, size: tuple[int, int]) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The five turned cards of the fan and their places, left to right (the upright faces they
        are turned from are let go: 7.5 MB at 3840x2160)."""
        ch, cx, cy = self.fan_geometry(size)
        self.images.set_size((int(ch * 2.5 / 3.5), ch))
        n = len(SHOWCASE)
        cards: list[tuple[pygame.Surface, pygame.Rect]] = []
        for i, name in enumerate(SHOWCASE):
            a = (i - (n - 1) / 2) * 11
            img = pygame.transform.rotozoom(self.images.face(C.parse(name)), -a, 1.0)
            off = (i - (n - 1) / 2) * ch * 0.33
            cards.append((img, img.get_rect(center=(cx + off, cy + abs(i - (n - 1) / 2) ** 2 * ch * 0.03))))
        self.images.forget()
        return cards

    def _background_key(self, size: tuple[int, int]) -> tuple[Any, ...]:
        colour_name = self.app.settings.table_colour
        images = self.images
        fan = getattr(self, "notice_box", None) is None
        scale = self.app.text.scale
        return (size, colour_name, images.lang, images.four_colour, images.back_name, fan, scale)

    def _menu_background(self, size: tuple[int, int]) -> Composed | None:
        key = self._background_key(size)
        colour_name, fan = key[1], key[5]
        if self._bg is not None and self._bg_key == key:
            return self._bg
        ready = self._ready.pop(key, None)
        if ready is not None:
            self._bg, self._bg_key, self._made_for = ready, key, key
            return ready
        if self.warmer.ready and self._warming_key != key:
            self._warming_key = key
            store = self._ready
            self.warmer.start(lambda: store.__setitem__(key, self._compose(size, colour_name, fan)))
        return self._bg if self._bg is not None else None

    def update(self, dt: float) -> None:
        self._menu_background(self.app.size)  # starts or collects the background made in the helper thread

    def wake_in(self) -> float | None:
        """A poll of the helper thread while the background it paints is on its way."""
        if self._bg is None or self._bg_key != self._background_key(self.app.size):
            return POLL_HELPER
        return super().wake_in()

    def draw(self, surface: pygame.Surface) -> None:
        composed = self._bg  # the last finished background (a new one is on its way after a resize)
        if composed is None or composed[0].get_size() != surface.get_size():
            surface.fill(BAIZE_DARK)
        if composed is not None:
            surface.blit(composed[0], (0, 0))
            surface.fblits(composed[1])
        self.draw_notices(surface)
