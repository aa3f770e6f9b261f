"""The Eralash table's compact score sheet: points and tricks per player (team) for the robber so far,
and at the live table in a wide window the tricks each side still needs (a part of ``EralashPlaques``,
reading the table through its ``PlaquesHost``). Composed once per score and blitted whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.eralash.race import ends_now, tricks_to_end
from game.eralash.plates import DIM
from game.looks.themes import BRASS_LIGHT, GLOW, IVORY, WARN
from game.widgets.boxes import ComposedPlaque
from game.words.grammar import say
from game.words.i18n import plural, t

TEAM_LINES = 3  # a side's name ("Константин Шереметев и Владислава Жемчужина"): 3 lines, then "…"

if TYPE_CHECKING:
    from game.eralash.plaques import PlaquesHost


class ScorePlaque:
    """The score plaque of an Eralash table (``plaque``: composed once per what it says)."""

    def __init__(self, host: PlaquesHost) -> None:
        self.host = host
        self.plaque = ComposedPlaque()

    def side_form(self, side: int) -> str:
        """The grammatical form for a column of the sheet: partners in pairs are plural."""
        return "pl" if self.host.match.options.pairs else self.host.form(side)

    def side_name(self, side: int) -> str:
        """A column of the sheet: a player, or a team of partners in pairs."""
        host = self.host
        if host.match.options.pairs:
            return t("eralash.team", a=host.name(side), b=host.name(side + 2))
        return host.name(side)

    def score_column_px(self, size: tuple[int, int], small: int) -> int:
        """From the points column's right edge to the tricks column's (the same on a plaque widened for
        a long name); with the race column, only as wide as its header needs."""
        tricks_w = self.host.text.font(small, "italic").size(t("eralash.score.tricks"))[0]
        if self.right_columns(size) == 2:
            return tricks_w + 12
        return max(int(max(size[0] * 0.2, 230) * 0.3) - 14, tricks_w + 16)

    def to_end_words(self) -> str:
        return t("eralash.score.to_end", target=self.host.match.options.target)

    def to_end_px(self, small: int) -> int:
        """The race column: its header ("to 13") or a two-figure number, whichever is wider."""
        host = self.host
        return max(host.text.font(small, "italic").size(self.to_end_words())[0],
                   host.text.font(host.font_size(0.021), "bold").size("88")[0]) + 10

    def right_columns(self, size: tuple[int, int] | None = None) -> int:
        """The columns right of the points: the robber's tricks, and at the live table in a wide window
        the tricks each side still needs to end the robber (the replays and the example lay a narrower
        top out; a squarish window leaves the names no room for it: the race line and the prompt say it)."""
        host = self.host
        w, h = size or host.layout.size
        return 2 if host.race_shown and w >= h * 1.5 else 1

    def points_px(self, fs: int) -> int:
        """Room for a side's points left of their column's right edge (and a gap after the name)."""
        return self.host.text.font(fs, "bold").size("-888")[0] + 10

    def score_fit(self, size: tuple[int, int]) -> tuple[int, int]:
        """The score plaque's width for its longest name at the smallest text size (a team's names go on
        two lines: its longer name and the word joining them), up to a third of the window; and the
        height its rows need beyond one line a player (names that still must take two lines)."""
        host = self.host
        # (a larger text size: names are not made small to fit a plaque sized for the smallest text)
        font = host.text.font(host.text.min_size if host.app.text.scale == 1.0 else host.font_size(0.021))
        players = host.match.players
        widest = max((font.size(host.name(seat))[0] for seat in range(len(players))), default=0)
        pairs = host.match.options.pairs
        if pairs:
            widest += font.size(t("eralash.team", a="", b="").strip() + " ")[0]
        fs, small = host.font_size(0.021), host.font_size(0.017)
        columns = 12 + self.points_px(fs) + self.score_column_px(size, small) + 14
        if self.right_columns(size) == 2:
            columns += self.to_end_px(small)
        base = int(max(size[0] * 0.2, 230))
        # wider in a wide window; in a squarish one the top hand needs that room: two lines instead
        most = size[0] * 0.34
        if host.app.text.scale != 1.0 and len(players) == 3:  # clear of "N cards aside" at the top
            aside = host.text.font(host.font_size(0.016), "italic").size(plural(1, "eralash.n_aside"))[0]
            most = min(most, size[0] * 0.4 - aside / 2 - size[1] * 0.03 - 40)  # (the rail: 0.03 h)
        if size[0] >= size[1] * 1.5:
            width = int(min(max(base, widest + columns), most))
        elif host.app.text.scale != 1.0:  # a squarish cloth (the viewer's) at a larger text size: the
            # columns alone would fill the base width, so it widens for the names (to 0.45 of the cloth)
            width = int(min(max(base, widest + columns), size[0] * 0.45))
        else:
            width = base
        extra = 0
        sides = host.match.sides()
        rows = len(players) // max(1, sides)  # the layout keeps a row a player: a team has two
        for side in range(sides):
            x, lines = self._name_fit(self.side_name(side), fs, width - columns)
            if len(lines) > 1:
                need = len(lines) * host.text.font(x).get_height() + int(fs * 0.3)
                extra += max(0, need - rows * int(fs * 1.45))
        return width, extra

    def draw_score(self, surface: pygame.Surface) -> None:
        """The compact score sheet: points and tricks per player (team) for the robber so far. Drawn
        once per score and blitted whole (``ComposedPlaque``): it says the same for many frames."""
        host = self.host
        match = host.match
        points, tricks = match.score(), match.tricks()
        if match.deal is not host.shown or host.phase in ("lot", "dealing"):
            # the finished deal's sheet is showing, or this deal is not declared yet: totals so far
            points, tricks = match.finished_points(), match.finished_tricks()
        need, shares = tricks_to_end(tricks, match.options.target), ends_now(points)
        dealer = host.shown.dealer
        foot = say("eralash.score.deal", host.form(dealer), n=self.deal_number(), name=host.name(dealer))
        if len(host.text.fit(foot, host.font_size(0.017), host.layout.score.width - 24, "italic")[1]) > 1:
            # no room for a long name: its plate says "deals"
            foot = t("table.deal_number", n=self.deal_number())
        title = t("eralash.score.title", target=match.options.target)
        names = tuple(self.side_name(side) for side in range(match.sides()))
        scores = tuple(int(p) for p in points), tuple(tricks), need, shares
        key = (
            tuple(host.layout.score),
            names,
            scores,
            title,
            foot,
            host.font_size(0.021),
            t("eralash.score.points"),
            t("eralash.score.tricks"),
            self.to_end_words(),
        )
        plaque = self.plaque
        felt = host._felt
        shown = plaque.shown(key, felt)
        if shown is None:
            lines = self._score_names(names)
            rect = host.layout.score.copy()
            rect.height = self._score_height(lines)

            def draw(target: pygame.Surface, dx: int, dy: int) -> None:
                self._draw_score(target, rect.move(dx, dy), lines, scores, title, foot)

            if felt is None:  # no cloth yet (still warming): drawn in place
                draw(surface, 0, 0)
            else:
                shown = plaque.compose(key, rect, felt, host.text, draw), plaque.rect
        if shown is not None:
            surface.blit(*shown)

    def _score_columns(self, rect: pygame.Rect) -> tuple[int, int, int, int]:
        """Where the columns' right edges are: points, robber tricks, tricks to the end."""
        small = self.host.font_size(0.017)
        column = self.score_column_px(self.host.layout.size, small)
        col_e = rect.right - 14
        col_t = col_e - self.to_end_px(small) if self.right_columns() == 2 else col_e
        return rect.x + 12, col_t - column, col_t, col_e

    def _score_names(self, names: tuple[str, ...]) -> list[list[pygame.Surface]]:
        """Each side's name: whole, smaller if it must, on two lines for a team that still does not fit
        (the layout keeps a row per player, so a pair's two lines fit the plaque)."""
        host = self.host
        fs = host.font_size(0.021)
        x, col_p, _, _ = self._score_columns(host.layout.score)
        name_w = col_p - x - self.points_px(fs)
        # One size for every side (two teams' names never differ in size beside each other): as
        # ``_name_fit`` gives it.
        fits = [self._name_fit(words, fs, name_w) for words in names]
        size = min(own for own, _ in fits)
        out: list[list[pygame.Surface]] = []
        for words, (own, found) in zip(names, fits, strict=True):
            lines = found if own == size else host.text.name_lines(words, size, name_w, lines=TEAM_LINES)
            out.append([host.text.get(line, size, IVORY) for line in lines])
        return out

    def _name_fit(self, words: str, fs: int, width: int) -> tuple[int, list[str]]:
        """A side's name in the score plaque: its size and lines. At a larger text size a team keeps
        the chosen size on two lines, one name a line and the word joining them with the second
        ("Светлана / и Андрей": a pair has two rows of room), before it is made smaller ("Вы и Павел"
        at 200 % was fitted onto one line at about half the size); else whole, smaller, then wrapped."""
        host = self.host
        joiner = " " + t("eralash.team", a="", b="").strip() + " "  # " и ", " & "
        first, _, second = words.partition(joiner)
        if host.app.text.scale != 1.0 and second and host.match.options.pairs:
            two = [first, joiner.lstrip() + second]
            if all(host.text.font(fs).size(line)[0] <= width for line in two):
                return fs, two
        return host.text.fit_name(words, fs, width, lines=TEAM_LINES)

    def _row_heights(self, lines: list[list[pygame.Surface]]) -> list[int]:
        fs = self.host.font_size(0.021)
        row_h = int(fs * 1.45)
        # (a larger text size: a name made small on two lines never leaves its row shorter than its figures)
        least = row_h if self.host.app.text.scale != 1.0 else 0
        return [
            row_h if len(imgs) == 1 else max(least, sum(i.get_height() for i in imgs) + int(fs * 0.3))
            for imgs in lines
        ]

    def _score_height(self, lines: list[list[pygame.Surface]]) -> int:
        fs, small = self.host.font_size(0.021), self.host.font_size(0.017)
        # the title, the columns' heads (as ``_draw_score`` steps them), the rows, the foot (one line
        # and a little air above it: names on two lines make the plaque tall enough in a narrow window)
        return int(small * 1.6 + fs * 1.3 + sum(self._row_heights(lines)) + small * 1.4 + 14)

    def _draw_score(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        lines: list[list[pygame.Surface]],
        scores: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[float, ...]],
        title_words: str,
        foot: str,
    ) -> None:
        host = self.host
        fs, small = host.font_size(0.021), host.font_size(0.017)
        x, col_p, col_t, col_e = self._score_columns(rect)
        surface.blit(host._plaque(rect.size), rect)
        title = host.text.get(title_words, host.text.fit(title_words, small, rect.width - 24)[0], BRASS_LIGHT)
        surface.blit(title, (x, rect.y + 8))
        y = rect.y + 8 + int(small * 1.6)
        heads = (t("eralash.score.points"), t("eralash.score.tricks"), self.to_end_words())
        race = self.right_columns() == 2
        for col, words in zip((col_p, col_t, col_e) if race else (col_p, col_t), heads, strict=False):
            img = host.text.get(words, small, DIM, "italic")
            surface.blit(img, img.get_rect(topright=(col, y)))
        y += int(fs * 1.3)
        points, tricks, need, shares = scores
        for side, height in enumerate(self._row_heights(lines)):
            ny = y
            for img in lines[side]:
                surface.blit(img, (x, ny))
                ny += img.get_height()
            p = host.text.get(str(points[side]), fs, BRASS_LIGHT, "bold")
            surface.blit(p, p.get_rect(topright=(col_p, y)))
            tr = host.text.get(str(tricks[side]), fs, IVORY, "bold")
            surface.blit(tr, tr.get_rect(topright=(col_t, y)))
            # the tricks it needs to end the robber: bright when the end now wins for it, red when it loses
            if race:
                colour = IVORY if shares[side] not in (0.0, 1.0) else (GLOW if shares[side] else WARN)
                e = host.text.get(str(need[side]), fs, colour, "bold")
                surface.blit(e, e.get_rect(topright=(col_e, y)))
            y += height
        img = host.text.get(foot, host.text.fit(foot, small, rect.width - 24, "italic")[0], DIM, "italic")
        surface.blit(img, (x, rect.bottom - img.get_height() - 8))

    def deal_number(self) -> int:
        """1-based number of the deal on the cloth."""
        host = self.host
        done = [r.deal for r in host.match.deals_done]
        return done.index(host.shown) + 1 if host.shown in done else len(done) + 1

    def score_drawn_rect(self) -> pygame.Rect:
        """The score plaque as ``draw_score`` draws it (its height follows its names)."""
        names = tuple(self.side_name(side) for side in range(self.host.match.sides()))
        rect = self.host.layout.score.copy()
        rect.height = self._score_height(self._score_names(names))
        return rect
