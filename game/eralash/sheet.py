"""The score sheet (запись) over the Eralash table, and the robber's end.

Two columns for each player (or team): points for runs and honours, and tricks — one row per deal
with the running totals under each figure. Opened with Tab, S or the Sheet button at any time, and
by itself when a deal ends; when the robber is over it names the winner(s) and celebrates a slam.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from game.looks.themes import BRASS, BRASS_LIGHT, GLOW, IVORY, WARN
from game.scene import ANIMATING, Scene
from game.tween import ease_out_back
from game.widgets import shapes
from game.widgets.buttons import Button, row_of_buttons
from game.widgets.felt import panel
from game.widgets.suits import suit_colour
from game.widgets.text import MIN_TEXT_PX
from game.words.grammar import say
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from game.app import App
    from game.eralash.table import EralashTable

DIM = (200, 190, 160)
SUITS = "♠♥♦♣"


class SheetScene(Scene):
    """Modal over the live table; ``deal_end`` when a deal has just finished (Continue deals the next)."""

    transparent = True

    def __init__(self, app: App, table: EralashTable, deal_end: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.deal_end = deal_end
        self.clock = 0.0
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 1, 1)
        self._bg: pygame.Surface | None = None
        self._shade: pygame.Surface | None = None
        self.over = table.match.is_over() and deal_end
        self.confetti: list[tuple[float, float, float, float, int]] = []
        if self.over:
            self._sound()
            if table.match.slam() is not None:
                rng = random.Random(7)
                self.confetti = [
                    (
                        rng.random(),
                        rng.random() * 1.5,
                        0.12 + rng.random() * 0.2,
                        rng.random() * math.tau,
                        rng.randrange(4),
                    )
                    for _ in range(70)
                ]

    def _sound(self) -> None:
        table = self.table
        winners = table.match.winners()
        if table.demo or not table.humans:
            self.app.play_sound("win")
        else:
            self.app.play_sound("win" if table.me in winners else "lose")

    # --- lifecycle ----------------------------------------------------------------------------------

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        sides = self.table.match.sides()
        fs, small, big = self.sizes(h)
        row_h = self.row_height(fs, small)
        width = int(min(w * 0.82, h * (0.75 + 0.22 * sides)))
        sub_h = self.app.table_text.font(small, "italic").get_height()
        content = (
            h * 0.025
            + big * 1.3
            + small * 1.4
            + (len(self.subtitle_lines(width, small)) - 1) * sub_h
            + h * 0.02
            + fs * 1.5
            + small * 1.5
            + 12
            + len(self.rows()) * row_h
            + fs * 1.6
            + h * 0.12
            + self.extra_row_height(h)
        )
        self.box = pygame.Rect(0, 0, width, int(min(h * 0.88, content)))
        self.box.center = (w // 2, h // 2)
        self._bg = panel(self.box.size, 242)
        bh = max(36, int(h * 0.055), int(self.px(max(12, int(h * 0.026))) * 1.6))
        fs = self.px(max(12, int(h * 0.026)))
        if self.over and not self.table.demo:
            self.buttons = [
                Button(
                    "new",
                    t("table.new_game"),
                    pygame.Rect(0, 0, 1, 1),
                    self.new_game,
                    pygame.K_RETURN,
                    accent=True,
                ),
                Button("menu", t("table.to_menu"), pygame.Rect(0, 0, 1, 1), self.to_menu, pygame.K_ESCAPE),
            ]
        elif self.deal_end:
            self.buttons = [
                Button(
                    "next",
                    t("eralash.sheet.next_deal"),
                    pygame.Rect(0, 0, 1, 1),
                    self.close,
                    pygame.K_RETURN,
                    accent=True,
                )
            ]
        else:
            self.buttons = [
                Button(
                    "close",
                    t("eralash.sheet.close"),
                    pygame.Rect(0, 0, 1, 1),
                    self.close,
                    pygame.K_ESCAPE,
                    accent=True,
                )
            ]
        row_of_buttons(
            self.buttons, (self.box.centerx, self.box.bottom - int(bh * 0.95)), bh, self.app.table_text, fs
        )
        if self.deal_end and not self.table.demo and self.table.humans:
            number = len(self.table.match.deals_done)
            extra = [
                Button("review", t("sheet.review"), pygame.Rect(0, 0, 1, 1),
                       lambda: self.table.review_deal(number), pygame.K_r),
                Button("record", t("sheet.save_record"), pygame.Rect(0, 0, 1, 1), self.table.save_record),
            ]
            y = self.box.bottom - int(bh * 0.95) - bh - 12
            row_of_buttons(extra, (self.box.centerx, y), bh, self.app.table_text, fs)
            self.buttons += extra

    def subtitle_lines(self, width: int, small: int) -> list[str]:
        """The line under the title (what is counted, or the slam; the game's number after a dot): one
        line where it fits, else the number on a line of its own, each part wrapped if it must be."""
        table, match = self.table, self.table.match
        sub = t("eralash.sheet.subtitle", tricks=plural(match.options.target, "eralash.n_tricks"))
        slam = match.slam()
        if self.over and slam is not None:
            sub = t("eralash.end.slam", name=table.plaques.side_name(slam))
        parts = [sub, table.deal_number_text()]
        text, room = self.app.table_text, width - 40
        whole = " · ".join(p for p in parts if p)
        if text.font(small, "italic").size(whole)[0] <= room:
            return [whole]
        return [line for p in parts if p for line in text.wrap(p, small, room, "italic")]

    def px(self, size: int) -> int:
        """A size at the player's text size, in pixels: the sheet draws with the tables' cache, so the
        rows and gaps worked out from its sizes grow with its words."""
        return round(size * self.app.text.scale)

    def sizes(self, h: int) -> tuple[int, int, int]:
        """The sheet's sizes (names and figures, small words, the title) for a window ``h`` tall."""
        px = self.px
        return px(max(12, int(h * 0.025))), px(max(10, int(h * 0.018))), px(max(16, int(h * 0.042)))

    def extra_row_height(self, h: int) -> int:
        """Room for the second row of buttons (Review this deal, Save record) at a deal's end."""
        if self.deal_end and not self.table.demo and self.table.humans:
            return max(36, int(h * 0.055), int(self.px(max(12, int(h * 0.026))) * 1.6)) + 12
        return 0

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.table.demo and self.deal_end and self.clock > (6.0 if self.over else 3.5):
            if self.over:
                self.new_game()
            else:
                self.close()

    def wake_in(self) -> float | None:
        """Animating while it springs up (and for as long as a slam's confetti falls); a demo's sheet
        closes itself on time; else it waits for the player."""
        if self.confetti or self.clock < 0.6:
            return ANIMATING
        if self.table.demo and self.deal_end:
            return max(0.0, (6.0 if self.over else 3.5) - self.clock) + 0.001
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if (
            event.type == pygame.KEYDOWN
            and not self.deal_end
            and event.key in (pygame.K_TAB, pygame.K_s, pygame.K_RETURN)
        ):
            self.close()
            return True
        return True  # modal: the table waits under the sheet

    def close(self) -> None:
        self.app.stack.remove(self)
        if self.deal_end:
            if self.table.match.is_over():
                return
            self.table.next_deal()

    def new_game(self) -> None:
        app, table = self.app, self.table
        app.stack.remove(self)
        app.stack.remove(table)
        from game.screens import open_new_game, open_table

        level = next((lv for lv in table.levels if lv), "club")
        if table.demo:
            open_table(app, "eralash", demo=True, level=level, options=table.match.options.to_dict())
        else:
            open_new_game(app)  # the options again: another count of players, another target

    def to_menu(self) -> None:
        self.app.stack.remove(self)
        self.app.stack.remove(self.table)

    # --- drawing ------------------------------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """The sheet's rows, without the next deal when it is dealt but not on the table yet."""
        table = self.table
        rows = table.match.sheet()
        if table.match.deal is not table.shown and rows and not rows[-1]["finished"]:
            rows = rows[:-1]
        return rows

    def title(self) -> str:
        table, match = self.table, self.table.match
        if not self.over:
            if self.deal_end:
                return t("eralash.sheet.deal_over", n=len(match.deals_done))
            return t("eralash.sheet.title")
        winners = match.winners()
        sides = sorted({match.side_of(s) for s in winners})
        if table.humans and table.me in winners and len(sides) == 1:
            return t("table.you_win")
        if len(sides) > 1:
            return t("eralash.end.shared", names=", ".join(table.plaques.side_name(s) for s in sides))
        if not sides:
            return t("table.game_over")
        plaques = table.plaques
        return say("eralash.end.winner", plaques.side_form(sides[0]), name=plaques.side_name(sides[0]))

    def draw(self, surface: pygame.Surface) -> None:
        text = self.app.table_text
        w, h = self.app.size
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 120))
        surface.blit(self._shade, (0, 0))
        box = self.box
        assert self._bg is not None, "drawn before resize"
        surface.blit(self._bg, box)
        table, match = self.table, self.table.match
        fs, small, big = self.sizes(h)
        y = box.y + int(h * 0.025)
        # a long title (a shared win in pairs: four names) smaller, then on two lines, never cut
        size, lines = text.fit(self.title(), big, box.width - 40, "bold", lines=2)
        for line in lines:
            title = text.get(line, size, BRASS_LIGHT, "bold", shadow=True)
            surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
            y += title.get_height()
        y += 4
        slam = match.slam()
        for line in self.subtitle_lines(box.width, small):
            img = text.get(line, small, WARN if self.over and slam is not None else DIM, "italic")
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        y += int(h * 0.02)
        sides = match.sides()
        left = box.x + int(box.width * 0.05)
        deal_col = self.deal_column(box.width, small)
        col_w = (box.width - 2 * int(box.width * 0.05) - deal_col) / sides
        side_name = table.plaques.side_name
        heads = [text.fit_name(side_name(s), fs, int(col_w - 8), "bold", lines=2) for s in range(sides)]
        for side, (size, lines) in enumerate(heads):
            cx, ny = left + deal_col + col_w * (side + 0.5), y
            for line in lines:  # each column's name whole: smaller, then on two lines
                name = text.get(line, size, BRASS_LIGHT, "bold")
                surface.blit(name, name.get_rect(midtop=(int(cx), ny)))
                ny += name.get_height()
        y += max(
            int(fs * 1.5), max(len(lines) * text.font(size, "bold").get_height() for size, lines in heads) + 4
        )
        lbl = text.get(t("eralash.sheet.deal"), small, DIM, "italic")
        surface.blit(lbl, (left, y))
        for side in range(sides):
            x0 = left + deal_col + col_w * side
            for k, key in enumerate(("eralash.score.points", "eralash.score.tricks")):
                img = text.get(t(key), small, DIM, "italic")
                surface.blit(img, img.get_rect(midtop=(int(x0 + col_w * (0.3 + 0.42 * k)), y)))
        y += int(small * 1.5)
        shapes.line(surface, BRASS, (left, y), (box.right - int(box.width * 0.05), y), 1)
        y += 6
        rows = self.rows()
        row_h = self.row_height(fs, small)
        room = box.bottom - int(h * 0.1) - self.extra_row_height(h) - y - int(fs * 2.4)
        if room // row_h < len(rows):
            rows = rows[-max(1, room // row_h) :]
        for r in rows:
            self._row(surface, r, y, left, deal_col, col_w, fs, small)
            y += row_h
        shapes.line(surface, BRASS, (left, y), (box.right - int(box.width * 0.05), y), 1)
        y += 6
        lbl = text.get(t("eralash.sheet.total"), fs, BRASS_LIGHT, "bold")
        surface.blit(lbl, (left, y))
        pts = match.finished_points() if self.over or match.deal is not table.shown else match.score()
        trs = match.finished_tricks() if self.over or match.deal is not table.shown else match.tricks()
        winners = {match.side_of(s) for s in match.winners()}
        for side in range(sides):
            x0 = left + deal_col + col_w * side
            colour = GLOW if self.over and side in winners else IVORY  # gold for the winner, never red
            for k, v in enumerate((int(pts[side]), trs[side])):
                img = text.get(str(v), fs, colour, "bold")
                surface.blit(img, img.get_rect(midtop=(int(x0 + col_w * (0.3 + 0.42 * k)), y)))
        for b in self.buttons:
            b.draw(surface, text, fs)
        if self.confetti:
            self._draw_slam(surface, big)

    def dealer_px(self, small: int) -> int:
        """The size of the "dealt by" line under each deal's number: small, but legible."""
        return max(MIN_TEXT_PX, int(small * 0.85))

    def row_height(self, fs: int, small: int) -> int:
        """A deal's row: its numbers over their running totals, its number over who dealt it."""
        return int(fs * 1.25 + max(small, self.dealer_px(small)) * 1.2)

    def dealt_by(self, dealer: int) -> str:
        table = self.table
        return say("eralash.sheet.dealt_by", table.form(dealer), name=table.name(dealer))

    def deal_column(self, width: int, small: int) -> int:
        """The deal column: wide enough for "dealt by" and the dealer's name (up to a fifth of the sheet,
        the players' columns keep the rest)."""
        font = self.app.table_text.font(self.dealer_px(small), "italic")
        widest = max((font.size(self.dealt_by(r["dealer"]))[0] for r in self.rows()), default=0)
        # each player's column keeps room for its two heads side by side ("points", "tricks"): the
        # deal column gives it up (its "dealt by" then says the dealer's name alone)
        heads = self.app.table_text.font(small, "italic")
        pair = (heads.size(t("eralash.score.points"))[0] + heads.size(t("eralash.score.tricks"))[0]) / 2 + 12
        most = width * 0.9 - self.table.match.sides() * pair / 0.42
        return int(max(width * 0.08, min(max(width * 0.12, widest + 8), width * 0.2, most)))

    def _row(
        self,
        surface: pygame.Surface,
        r: dict[str, Any],
        y: int,
        left: int,
        deal_col: int,
        col_w: float,
        fs: int,
        small: int,
    ) -> None:
        text = self.app.table_text
        match, table = self.table.match, self.table
        label = str(r["deal"])
        img = text.get(label, fs, IVORY if r["finished"] else DIM, "regular" if r["finished"] else "italic")
        surface.blit(img, (left, y))
        px = self.dealer_px(small)
        words = self.dealt_by(r["dealer"])
        if text.font(px, "italic").size(words)[0] > deal_col - 6:
            words = table.name(r["dealer"])  # no room for the verb: the dealer's name alone
        size, lines = text.fit(words, px, deal_col - 6, "italic")
        if len(lines) == 1:
            surface.blit(text.get(words, size, DIM, "italic"), (left, y + img.get_height() - 2))
        for side in range(match.sides()):
            x0 = left + deal_col + col_w * side
            vals = (int(r["points"][side]), r["tricks"][side])
            tots = (int(r["total_points"][side]), r["total_tricks"][side])
            for k in range(2):
                cx = int(x0 + col_w * (0.3 + 0.42 * k))
                colour = IVORY if r["finished"] else DIM
                if k == 1 and r["slam"] == side:
                    colour = WARN
                v = text.get(str(vals[k]), fs, colour)
                surface.blit(v, v.get_rect(midtop=(cx, y)))
                tot = text.get(f"Σ {tots[k]}", small, DIM, "italic")
                surface.blit(tot, tot.get_rect(midtop=(cx, y + v.get_height() - 3)))

    def _draw_slam(self, surface: pygame.Surface, big: int) -> None:
        """A slam: the word springs up and suit signs fall like confetti over the sheet."""
        w, h = surface.get_size()
        for x0, delay, speed, phase, suit in self.confetti:
            age = self.clock - delay
            if age <= 0:
                continue
            y = (age * speed * h) % (h + 40) - 20
            x = x0 * w + math.sin(age * 2 + phase) * 24
            four = self.app.settings.four_colour
            img = self.app.table_text.get(SUITS[suit], big, suit_colour(suit, four, BRASS_LIGHT), "bold")
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        scale = ease_out_back(min(1.0, self.clock / 0.5))
        word = self.app.table_text.get(t("eralash.slam"), int(big * 1.8), WARN, "bold", shadow=True)
        if scale < 0.999:
            word = pygame.transform.smoothscale_by(word, max(0.05, scale))
        room = self.box.y > word.get_height() + 12  # above the sheet if there is room, else over its top
        centre_y = self.box.y - word.get_height() // 2 - 6 if room else self.box.y + word.get_height() // 2
        surface.blit(word, word.get_rect(center=(w // 2, centre_y)))
