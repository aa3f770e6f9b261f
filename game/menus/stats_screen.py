"""The Statistics screen: a score sheet per game, one row per opponent level and a total.

Columns: played, won, win rate, current and best streak, double wins (Uragan) or slams (Eralash),
abandoned games (counted as losses) and games played with undo. The Eralash sheet shows its rows by
opponent level or, switched with the two buttons on it, by table: 2, 3, 4 players, or pairs.
The sheets are drawn by our own code, ruled like a card-room record; beside each, on the cloth, the
coach's accuracy with its chart (``stats_coach``). Reset asks for confirmation in a pygame_gui
dialog first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.looks.themes import BRASS, BRASS_LIGHT, INK, IVORY
from game.menus.stats_coach import coach_lines, draw_coach
from game.screens import game_setup
from game.store.practice import Practice
from game.store.settings import LEVELS
from game.store.stats import ERALASH_VARIANTS, Record, Stats
from game.widgets.backdrop import rail_width
from game.widgets.gui_scene import GuiScene
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from game.app import App

GAMES = ("eralash", "uragan")
SHEET = (246, 238, 218)
RULE = (190, 160, 110)
CLARET = (112, 28, 40)


def columns(game: str) -> list[str]:
    """The sheet's columns: the game's own feat (``GameSetup.stats_special``) among the common ones."""
    special = game_setup(game).stats_special
    return ["played", "won", "rate", "streak", "best", special, "abandoned", "undo"]


def cell(rec: Record, column: str) -> str:
    """The text of one figure (a dash where there is nothing to show yet)."""
    if column == "rate":
        rate = rec.win_rate
        return t("stats.none") if rate is None else f"{round(rate * 100)}%"
    value = {"played": rec.played, "won": rec.won + rec.shared, "streak": rec.streak,
             "best": rec.best_streak, "slams": rec.slams, "doubles": rec.double_wins,
             "undo": rec.with_undo, "abandoned": rec.abandoned}[column]
    if column == "won" and rec.shared:  # a shared win is half a win, as in the win rate
        whole, half = divmod(rec.won * 2 + rec.shared, 2)
        return f"{whole}½" if half else str(whole)
    return str(value) if rec.played else t("stats.none")


def summary(stats: Stats, game: str) -> str:
    """One sentence under the sheet, with Russian plurals: 'Окончено 5 партий, выиграно 3, …'."""
    total = stats.total(game)
    if not total.played:
        return t("stats.empty")
    parts = [plural(total.played, "stats.games_played"), plural(total.won, "stats.games_won")]
    if total.abandoned:
        parts.append(plural(total.abandoned, "stats.games_abandoned"))
    if total.best_streak:
        parts.append(plural(total.best_streak, "stats.best_streak"))
    return ", ".join(parts)


def accuracy_text(stats: Stats, game: str) -> str:
    """The coach's figures in one line ('' before any review): accuracy, deal value lost, judged."""
    lines = coach_lines(stats, game)
    return "" if lines[0][1] == "none" else " · ".join(text for text, _ in lines)


def practice_line(book: Practice, game: str) -> str:
    """How practice went in ``game`` ('' before any): found of practised, and mistakes still to go."""
    practised, found, left = book.practised.get(game, 0), book.found.get(game, 0), len(book.pending(game))
    if not practised and not left:
        return ""
    return t("stats.practice.counts", found=found, practised=practised, left=left)


class StatsScene(GuiScene):
    """Two ruled sheets on the cloth; Esc or Back returns, Reset asks first."""

    button_id_prefix = "stats_"
    title_key = "stats.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        store = app.store
        self.stats = Stats.load(store) if store is not None else Stats()
        self.practice = Practice.load(store) if store is not None else Practice()
        self.sheets: list[tuple[str, pygame.Rect]] = []
        self.coach: dict[str, pygame.Rect] = {}  # the coach's column beside each sheet, on the cloth
        self._coach_words: list[pygame.Rect] = []
        self.eralash_by = "level"  # or "table": the Eralash rows by number of players and pairs
        self.one_sheet = False  # a larger text size in a window too short for both sheets: one at a time
        self.game_shown = GAMES[0]  # (the one shown then)
        self._by_below = 0

    def build(self) -> None:
        self.clear()
        w, h = self.app.size
        narrow = w < 1200
        room = w - (32 if narrow else 48) - 2 * rail_width((w, h))
        gap = 14 if narrow else 32
        # the sheet keeps room for its column heads (each as wide as its longest word: _columns)
        scale = self.app.text.scale
        share = 0.2 if narrow else 0.17 if scale == 1.0 else 0.22
        coach_w = max(150, min(int(300 * scale), int(room * share)))
        total = min(int(1200 * scale) + gap + coach_w, room)
        sw = total - gap - coach_w
        x = (w - total) // 2
        rail = rail_width((w, h))
        top = (70 if h < 800 else 96) + rail // 2
        bottom = (70 if h < 800 else 90) + rail // 2
        if scale != 1.0:  # a larger text size: room for the title above and the buttons below
            title = self.app.text.font(30 if h < 800 else 36, "bold").get_linesize()
            top = max(top, rail + 8 + title + 14)
            bottom = max(bottom, rail + 16 + self.app.text.font(20).get_linesize() + self.app.text.px(14))
        room_h = h - top - bottom - 14
        sheet_h = min(300, room_h // 2)
        self.one_sheet = False
        self._by_below = 0  # the height of Eralash's by-level/by-table line under the games' buttons
        if scale != 1.0:  # a larger text size: as tall as the rows ask, where the window allows
            needs = [self._sheet_need(g, sw) for g in GAMES]
            # both sheets where they fit, else one at a time, chosen with the games' buttons on it
            self.one_sheet = sum(needs) > room_h
            sheet_h = room_h if self.one_sheet else max(min(round(300 * scale), room_h // 2), *needs)
        top += max(0, (h - top - bottom - (1 if self.one_sheet else 2) * sheet_h - 14) // 2)
        shown = (self.game_shown,) if self.one_sheet else GAMES
        self.sheets = [(g, pygame.Rect(x, top + i * (sheet_h + 14), sw, sheet_h))
                       for i, g in enumerate(shown)]
        self.coach = {g: pygame.Rect(r.right + gap, r.y, coach_w, r.height) for g, r in self.sheets}
        by = h - bottom + (bottom - 46) // 2
        px = self.app.text.px  # the buttons' words at the text size (the theme's 20 px) need this room
        bw = max(190, *(self.app.text.font(20).size(t(k))[0] + px(40) for k in ("stats.reset", "stats.back")))
        bh = max(46, self.app.text.font(20).get_linesize() + px(14))
        by = min(by, h - rail - bh - 8)
        self.button("reset", t("stats.reset"), pygame.Rect(x, by, bw, bh))
        self.button("back", t("stats.back"), pygame.Rect(x + total - bw, by, bw, bh))
        left = len(self.practice.pending())
        label = t("stats.practise_left", n=left) if left else t("stats.practise")
        practise_w = max(190, min(px(340), self.app.text.font(18, "bold").size(label)[0] + px(56)))
        self.button("practise", label, pygame.Rect(x + total - bw - 12 - practise_w, by, practise_w, bh))
        if not self.practice.pending():
            self.buttons["practise"].disable()
        if self.stats.is_empty():
            self.buttons["reset"].disable()
        r = self.sheets[0][1]
        small = self._is_small(r)
        order = ["list:eralash_by", "practise", "reset", "back"]
        if self.one_sheet:
            pad, font = 24, self.app.text.font(20)  # (the theme's buttons)
            gx = r.x + pad - 6
            tabs = []
            for g in GAMES:
                gw = font.size(t(f"game.{g}"))[0] + self.app.text.px(40)
                rect = pygame.Rect(gx, r.y + 8, gw, self._name_h())
                tabs.append(self.button(f"sheet_{g}", t(f"game.{g}"), rect, g == self.game_shown))
                gx += gw + 6
            self.focus.add_list("sheet", t("stats.title"), tabs)
            order.insert(0, "list:sheet")
            if not game_setup(self.game_shown).stats_by_table:  # (its by-table buttons: Eralash's)
                self.focus.reorder(order)
                return
        bh, bw = (28, 190) if small else (34, 210)
        bh = max(bh, self.app.text.font(20).get_linesize() + 6)
        bw = max(bw, *(self.app.text.font(20).size(t(f"stats.by.{k}"))[0] + self.app.text.px(36)
                       for k in ("table", "level")))
        by_y = r.y + 8
        if self.one_sheet and r.right - (18 if small else 24) - 2 * bw - 6 < gx + 6:
            by_y += self._name_h() + 6  # no room beside the games' buttons: a line of their own below
            self._by_below = bh + 6
        for i, by_what in enumerate(("table", "level")):
            rect = pygame.Rect(r.right - (18 if small else 24) - (i + 1) * bw - i * 6, by_y, bw, bh)
            self.button(f"by_{by_what}", t(f"stats.by.{by_what}"), rect, by_what == self.eralash_by)
        by = [self.buttons["by_table"], self.buttons["by_level"]]
        self.focus.add_list("eralash_by", t("game.eralash"), by)
        self.focus.reorder(order)  # the reading order

    def practise(self) -> None:
        """Practice on the mistakes kept from the coach's reviews (every game's, oldest first)."""
        from game.practice.open import open_practice

        open_practice(self.app, None, book=self.practice)

    def resume(self) -> None:
        """Back from practice: its counts and the list changed."""
        store = self.app.store
        if store is not None:
            self.practice = Practice.load(store)
        super().resume()

    def ask_reset(self) -> None:
        self.ask_confirmation("stats.reset", "#stats_reset_dialog")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.confirmed(event):
            self.stats.reset()
            self.practice.reset()
            self.build()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("back"):
                self.app.stack.pop()
                return True
            if event.ui_element is self.buttons.get("reset"):
                self.ask_reset()
                return True
            if event.ui_element is self.buttons.get("practise"):
                self.practise()
                return True
            for g in GAMES:
                if event.ui_element is self.buttons.get(f"sheet_{g}"):
                    self.game_shown = g
                    self.build()
                    return True
            for by_what in ("level", "table"):
                if event.ui_element is self.buttons.get(f"by_{by_what}"):
                    self.eralash_by = by_what
                    self.build()
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.dismiss_dialog():
                self.app.stack.pop()
            return True
        return False

    # drawing ---------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(surface.get_size()), (0, 0))
        text = self.app.text
        compact = self.app.size[1] < 800
        title = text.get(t("stats.title"), 30 if compact else 36, BRASS_LIGHT, "bold", shadow=True)
        if self.sheets:
            surface.blit(title, (self.sheets[0][1].x, self.sheets[0][1].y - title.get_height() - 14))
        words: list[pygame.Rect] = []
        for game, rect in self.sheets:
            self._draw_sheet(surface, game, rect)
            if game in self.coach:
                words += draw_coach(surface, text, self.stats, game, self.coach[game], compact,
                                    practice_line(self.practice, game))
        self._coach_words = words
        self._draw_note(surface)

    def _draw_note(self, surface: pygame.Surface) -> None:
        """The footnote between the buttons, wrapped to two lines at most (left out if it cannot fit)."""
        reset, back = self.buttons.get("reset"), self.buttons.get("practise") or self.buttons.get("back")
        if reset is None or back is None:
            return
        left, right = reset.rect.right + 24, back.rect.left - 24
        if right - left < 200:
            return
        text = self.app.text
        shared, abandoned, undo = t("stats.shared_note"), t("stats.abandoned_note"), t("stats.undo_note")
        for note in (f"{shared} {abandoned} {undo}", f"{abandoned} {undo}", abandoned):
            lines = text.wrap(note, 14, right - left, "italic")
            if len(lines) <= 2:
                step = max(18, text.font(14, "italic").get_linesize())
                y = reset.rect.centery - len(lines) * step // 2
                for k, line in enumerate(lines):
                    img = text.get(line, 14, IVORY, "italic")
                    surface.blit(img, ((left + right - img.get_width()) // 2, y + k * step))
                return

    def _head_size(self, cols: list[str], size: int, width: int) -> int:
        """The largest heading size (down to 10) at which no word of a column head is cut in two."""
        font = self.app.text.font
        while size > 10 and any(font(size, "bold").size(word)[0] > width
                                for col in cols for word in t(f"stats.col.{col}").split()):
            size -= 1
        return size

    def _columns(self, cols: list[str], size: int, room: int) -> tuple[int, list[int]]:
        """The heading size and each column's width in ``room`` pixels: the largest size (down to 10)
        at which every column is as wide as its longest head word (heads wrap between words, never
        inside one: "Выиграно", "Двойные" at 960×600), the room left shared out evenly; failing
        that, even columns at the size ``_head_size`` finds."""
        font = self.app.text.font
        for hs in range(size, 9, -1):
            needs = [max(font(hs, "bold").size(word)[0] for word in t(f"stats.col.{col}").split()) + 10
                     for col in cols]
            if sum(needs) <= room:
                extra = (room - sum(needs)) // len(cols)
                return hs, [n + extra for n in needs]
        even = room // len(cols)
        return self._head_size(cols, size, even - 8), [even] * len(cols)

    def _rows_shown(self, game: str) -> int:
        """The sheet's rows, the total's included."""
        by_table = game_setup(game).stats_by_table and self.eralash_by == "table"
        return (len(ERALASH_VARIANTS) if by_table else len(LEVELS)) + 1

    def _summary_lines(self, game: str, size: int, width: int) -> tuple[int, list[str]]:
        """The sentence under the sheet: at 100 % smaller where it must be, else on two lines; at a
        larger text size on as many lines as it takes, at the sheet's size."""
        if self.app.text.scale == 1.0:
            return self.app.text.fit(summary(self.stats, game), size - 1, width, "italic", lines=2)
        return size - 1, self.app.text.wrap(summary(self.stats, game), size - 1, width, "italic")

    def _sheet_need(self, game: str, width: int) -> int:
        """The height a sheet ``width`` wide needs at the text size (its rows at their closest)."""
        text, pad, size = self.app.text, 24, 18
        cols = columns(game)
        first_w = 112 if width < 800 else max(150, width // 5)
        hs, widths = self._columns(cols, size - 1, width - 2 * pad - first_w)
        step = max(hs + 2, text.font(hs, "bold").get_linesize())
        heads = max(len(text.wrap(t(f"stats.col.{c}"), hs, w - 8, "bold"))
                    for c, w in zip(cols, widths, strict=True))
        head_h = max(text.px(size) + 10, heads * step + 8)
        fs, lines = self._summary_lines(game, size, width - 2 * pad)
        summary_h = len(lines) * text.font(fs, "italic").get_linesize() + 8
        name_h = self._name_h()
        return 8 + name_h + 14 + head_h + 4 + self._rows_shown(game) * self._row_floor(size) + summary_h + 6

    def _is_small(self, r: pygame.Rect) -> bool:
        """A sheet drawn in the smaller sizes: a short one, or (one sheet at a time, the window's
        height) a narrow one."""
        return r.width < 800 if self.one_sheet else r.height < 290

    def _name_h(self) -> int:
        """The height of a sheet's first line: the game's name (or, one sheet at a time, its buttons)."""
        name = self.app.text.get(t("game.eralash"), 28, CLARET, "bold").get_height()
        if not self.one_sheet:
            return name
        return max(name, self.app.text.font(20).get_linesize() + self.app.text.px(10)) + self._by_below

    def _row_floor(self, size: int) -> int:
        """The least height of a row of figures: its words never touch the next row's."""
        return max(size + 4, self.app.text.px(size + 4))

    def _draw_sheet(self, surface: pygame.Surface, game: str, r: pygame.Rect) -> None:
        text = self.app.text
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 80))
        surface.blit(shadow, r.move(5, 7))
        pygame.draw.rect(surface, SHEET, r)
        pygame.draw.rect(surface, BRASS, r, width=2)
        small = self._is_small(r)
        pad = 18 if small else 24
        name = text.get(t(f"game.{game}"), 22 if small else 28, CLARET, "bold")
        if self.one_sheet:  # (the games' buttons name it)
            name = pygame.Surface((1, self._name_h()), pygame.SRCALPHA)
        else:
            surface.blit(name, (r.x + pad, r.y + 8))
        cols = columns(game)
        size = 15 if small else 18
        first_w = 112 if r.width < 800 else max(150, r.width // 5)  # narrow: room for the column heads
        hs, widths = self._columns(cols, size - 1, r.width - 2 * pad - first_w)
        centres = [r.x + pad + first_w + sum(widths[:i]) + widths[i] // 2 for i in range(len(cols))]
        y = r.y + name.get_height() + 14
        by_table = game_setup(game).stats_by_table and self.eralash_by == "table"
        first = t("stats.col.table" if by_table else "stats.col.level")
        surface.blit(text.get(first, size, CLARET, "bold"), (r.x + pad, y))
        head_h = text.px(size) + 10
        step = max(hs + 2, text.font(hs, "bold").get_linesize())  # (lines apart at any text size)
        for i, col in enumerate(cols):
            cx = centres[i]
            words = text.wrap(t(f"stats.col.{col}"), hs, widths[i] - 8, "bold")
            for k, word in enumerate(words):
                head = text.get(word, hs, CLARET, "bold")
                surface.blit(head, (cx - head.get_width() // 2, y + k * step))
            head_h = max(head_h, len(words) * step + 8)
        y += head_h
        pygame.draw.line(surface, RULE, (r.x + pad, y - 5), (r.right - pad, y - 5), 2)
        y += 4
        fs, lines = self._summary_lines(game, size, r.width - 2 * pad)
        summary_h = size + 14
        if text.scale != 1.0:
            summary_h = max(summary_h, len(lines) * text.font(fs, "italic").get_linesize() + 8)
        if by_table:
            rows = [(t(f"stats.variant.{v}"), self.stats.variant(game, v), "regular")
                    for v in ERALASH_VARIANTS]
        else:
            rows = [(t(f"level.{lv}"), self.stats.get(game, lv), "regular") for lv in LEVELS]
        room = (r.bottom - y - summary_h - 6) // (len(rows) + 1)
        row_h = max(self._row_floor(size), min(text.px(40), room))
        if by_table:
            total = Record()
            for _label, rec, _style in rows:
                total = total.add(rec)
            rows.append((t("stats.total_tables"), total, "bold"))
        else:
            rows.append((t("stats.total"), self.stats.total(game), "bold"))
        for n, (label, rec, style) in enumerate(rows):
            if n == len(rows) - 1:
                pygame.draw.line(surface, RULE, (r.x + pad, y - 3), (r.right - pad, y - 3), 1)
            surface.blit(text.get(label, size, INK, style), (r.x + pad, y))
            for i, col in enumerate(cols):
                img = text.get(cell(rec, col), size, INK, style)
                cx = centres[i]
                surface.blit(img, (cx - img.get_width() // 2, y))
            y += row_h
        step = text.font(fs, "italic").get_linesize()
        y = min(y + 6, r.bottom - summary_h + 2 - (step * (len(lines) - 1) if text.scale == 1.0 else 0))
        for k, words in enumerate(lines):
            surface.blit(text.get(words, fs, CLARET, "italic"), (r.x + pad, y + k * step))
