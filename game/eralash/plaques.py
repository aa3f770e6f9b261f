"""What the Eralash table writes on the cloth: name plates, the compact score sheet, the trump
indicator, the declarations plaque with each run's points, and messages (a mixin of ``EralashTable``).

Everything here only draws (text comes from the shared ``TextCache``: nothing is rendered twice);
the table's state lives in ``EralashTable``.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine import cards as C
from game.eralash.declarations import (
    run_label,
    seat_lines,
    suit_label,
    suit_word,
    trump_line,
    trump_reason,
)
from game.eralash.layout import RUN_SCALE
from game.layout import text_edge
from game.looks.themes import BRASS, BRASS_LIGHT, GLOW, IVORY, WARN
from game.tween import ease_out_back
from game.widgets.buttons import button_height
from game.widgets.text import MIN_TEXT_PX
from game.words.grammar import say
from game.words.i18n import plural, t

DIM = (200, 190, 160)


class EralashPlaques:
    """Drawing for ``EralashTable`` (uses its ``layout``, ``shown``, ``match``, ``text`` …)."""

    layout: Any
    shown: Any
    match: Any
    text: Any
    sprites: Any
    images: Any

    def name(self, seat: int) -> str:
        return self.player_name(seat)

    def side_form(self, side: int) -> str:
        """The grammatical form for a column of the sheet: partners in pairs are plural."""
        return "pl" if self.match.options.pairs else self.form(side)

    def side_name(self, side: int) -> str:
        """A column of the sheet: a player, or a team of partners in pairs."""
        if self.match.options.pairs:
            return t("eralash.team", a=self.name(side), b=self.name(side + 2))
        return self.name(side)

    def score_column_px(self, size: tuple[int, int], small: int) -> int:
        """From the points column's right edge to the tricks column's (the same on a plaque widened for
        a long name)."""
        tricks_w = self.text.font(small, "italic").size(t("eralash.score.tricks"))[0]
        return max(int(max(size[0] * 0.2, 230) * 0.3) - 14, tricks_w + 16)

    def points_px(self, fs: int) -> int:
        """Room for a side's points left of their column's right edge (and a gap after the name)."""
        return self.text.font(fs, "bold").size("-888")[0] + 10

    def score_fit(self, size: tuple[int, int]) -> tuple[int, int]:
        """The score plaque's width for its longest name at the smallest text size (a team's names go on
        two lines: its longer name and the word joining them), up to a third of the window; and the
        height its rows need beyond one line a player (names that still must take two lines)."""
        font = self.text.font(MIN_TEXT_PX)
        players = getattr(self.match, "players", None) or []
        widest = max((font.size(self.name(seat))[0] for seat in range(len(players))), default=0)
        pairs = self.match.options.pairs
        if pairs:
            widest += font.size(t("eralash.team", a="", b="").strip() + " ")[0]
        fs, small = self.font_size(0.021), self.font_size(0.017)
        columns = 12 + self.points_px(fs) + self.score_column_px(size, small) + 14
        base = int(max(size[0] * 0.2, 230))
        # wider in a wide window; in a squarish one the top hand needs that room: two lines instead
        width = int(min(max(base, widest + columns), size[0] * 0.34)) if size[0] >= size[1] * 1.5 else base
        extra = 0
        sides = self.match.sides()
        rows = len(players) // max(1, sides)  # the layout keeps a row a player: a team has two
        for side in range(sides):
            x, lines = self.text.fit(self.side_name(side), fs, width - columns, lines=2)
            if len(lines) > 1:
                need = len(lines) * self.text.font(x).get_height() + int(fs * 0.3)
                extra += max(0, need - rows * int(fs * 1.45))
        return width, extra

    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if lay is None:
            return
        for seat in range(self.n):
            self.draw_plate(surface, seat)
        self.draw_score(surface)
        if self.shown.trump >= 0 and self.phase == "play":
            self.draw_trump(surface)
        deal = self.shown
        if deal.aside and self.phase not in ("lot", "dealing"):  # the unseen cards, named once
            x, y = self.aside_spot()
            label = self.text.get(
                plural(deal.aside.bit_count(), "eralash.n_aside"),
                self.font_size(0.016),
                DIM,
                "italic",
                shadow=True,
            )
            surface.blit(label, label.get_rect(midtop=(int(x), int(y + lay.card[1] * 0.3))))
        if self.drag.dragging and self.drag.pressed is not None and self.drag.pressed.card is not None:
            ok = deal.legal_mask() >> self.drag.pressed.card & 1
            pygame.draw.rect(surface, GLOW if ok else WARN, lay.trick_area, width=2, border_radius=18)

    def plate_width(self, place: Any) -> int:
        """How wide a seat's name plate may be: clear of the message line beside the side seats, of the
        score and trump plaques across the table, and of your hand beside yours."""
        lay = self.layout
        w, h = lay.size
        edge, gap = max(int(h * 0.03), text_edge(lay.size)), max(8, w // 100)
        if place.side in ("left", "right"):
            room = lay.message.left - gap - edge
            you = lay.seats[0]
            if place.plate[1] + h * 0.07 > you.hand[1] - lay.card[1] * 0.72:  # beside your hand (a tall window)
                room = min(room, int(you.hand[0] - you.hand_len / 2) - gap - edge)  # (the same each side)
            return room
        if place.side == "top":
            x = place.plate[0]
            return 2 * min(x - lay.score.right, self.trump_rect().left - x) - 2 * gap
        return int(place.hand[0] - place.hand_len / 2 - place.plate[0] - gap)

    def plate_words(self, seat: int, level_shown: bool = True) -> str:
        """The line under a seat's name: its level, tricks, the dealer's mark."""
        deal = self.shown
        level = self.levels[seat]
        bits = [plural(deal.tricks_won[seat], "eralash.n_tricks")]
        if seat == deal.dealer:
            bits.append(t("eralash.dealer_mark"))
        if level and not self.reveal and level_shown:
            bits.insert(0, t(f"level.{level}"))
        if self.match.options.pairs and self.humans and seat != self.me and seat % 2 == self.me % 2:
            bits.insert(0, t("eralash.partner"))
        return " · ".join(bits)

    def plate_text(self, seat: int) -> tuple[int, list[str], int, str]:
        """A seat's name plate as drawn: the name's size and lines (one, or two when it must), the
        size of the line under it, and that line."""
        place = self.layout.place(seat, self.me)
        width = max(1, self.plate_width(place)) - 2
        fs, lines = self.text.fit(self.name(seat), self.font_size(0.022), width, "bold", lines=2)
        words = self.plate_words(seat)
        small, sub = self.text.fit(words, self.font_size(0.018), width, "italic")
        if len(sub) > 1:  # no room for it all beside your hand: the level goes (New game says it)
            words = self.plate_words(seat, level_shown=False)
            small = self.text.fit(words, self.font_size(0.018), width, "italic")[0]
        return fs, lines, small, words

    def your_plate_px(self) -> int:
        """How wide your name plate must be at the smallest text: the name on at most two lines, and
        the line under it at its longest (many tricks, the dealer's mark)."""
        bold, italic = self.text.font(MIN_TEXT_PX, "bold"), self.text.font(MIN_TEXT_PX, "italic")
        name = self.name(self.me)
        lines = self.text.fit(name, MIN_TEXT_PX, bold.size(name)[0] // 2 + bold.size("Ш")[0], "bold", 2)[1]
        sub = " · ".join([plural(17, "eralash.n_tricks"), t("eralash.dealer_mark")])
        return max([bold.size(x)[0] for x in lines] + [italic.size(sub)[0]]) + 4

    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        lay = self.layout
        place = lay.place(seat, self.me)
        colour = BRASS_LIGHT if seat == self.match.current_player() else IVORY
        fs, lines, small, words = self.plate_text(seat)
        names = [self.text.get(line, fs, colour, "bold", shadow=True) for line in lines]
        sub = self.text.get(words, small, DIM, "italic", shadow=True)
        x, y = place.plate
        edge = max(int(lay.size[1] * 0.03), text_edge(lay.size))  # clear of the rail
        height = sum(img.get_height() for img in names)
        rects: list[pygame.Rect] = []
        # yours grows up from its corner; the others down from where one line would start (a hand above)
        one = names[0].get_height()
        top = y - sub.get_height() - height if place.side == "bottom" else y - (one + sub.get_height()) // 2
        for img in names:
            rect = img.get_rect(topleft=(x, top)) if place.side == "bottom" else img.get_rect(midtop=(x, top))
            rect.left = max(rect.left, edge)
            rect.right = min(rect.right, lay.size[0] - edge)
            surface.blit(img, rect)
            rects.append(rect)
            top = rect.bottom
        rect = rects[0].unionall(rects[1:])
        sub_rect = sub.get_rect(midtop=(rect.centerx, rect.bottom))
        if place.side == "bottom":
            sub_rect = sub.get_rect(topleft=(rect.left, rect.bottom))
        sub_rect.left = max(sub_rect.left, edge)
        sub_rect.right = min(sub_rect.right, lay.size[0] - edge)
        surface.blit(sub, sub_rect)
        if self.bot_thinking() == seat:
            self.draw_thinking(surface, (rects[0].right + 10, rects[0].centery), seat)
        if seat == self.match.current_player() and self.phase == "play" and not self.busy():
            pygame.draw.line(
                surface, BRASS_LIGHT, (rect.left, rect.bottom + 1), (rect.right, rect.bottom + 1), 2
            )

    def draw_score(self, surface: pygame.Surface) -> None:
        """The compact score sheet: points and tricks per player (team) for the robber so far."""
        lay = self.layout
        match = self.match
        sides = match.sides()
        fs = self.font_size(0.021)
        small = self.font_size(0.017)
        row_h = int(fs * 1.45)
        rect = lay.score.copy()
        x = rect.x + 12
        col_t = rect.right - 14
        col_p = col_t - self.score_column_px(lay.size, small)
        name_w = col_p - x - self.points_px(fs)
        # Each side's name: whole, smaller if it must, on two lines for a team that still does not fit
        # (the layout keeps a row per player, so a pair's two lines fit the plaque).
        names: list[list[pygame.Surface]] = []
        for side in range(sides):
            size, lines = self.text.fit(self.side_name(side), fs, name_w, lines=2)
            names.append([self.text.get(line, size, IVORY) for line in lines])
        heights = [row_h if len(imgs) == 1 else sum(i.get_height() for i in imgs) + int(fs * 0.3)
                   for imgs in names]
        rect.height = int(small * 1.6 + fs * 1.5 + sum(heights) + small * 1.9 + 14)
        surface.blit(self._plaque(rect.size), rect)
        inside = rect.width - 24
        words = t("eralash.score.title", target=match.options.target)
        title = self.text.get(words, self.text.fit(words, small, inside)[0], BRASS_LIGHT)
        surface.blit(title, (x, rect.y + 8))
        y = rect.y + 8 + int(small * 1.6)
        for col, key in ((col_p, "eralash.score.points"), (col_t, "eralash.score.tricks")):
            img = self.text.get(t(key), small, DIM, "italic")
            surface.blit(img, img.get_rect(topright=(col, y)))
        y += int(fs * 1.3)
        points, tricks = match.score(), match.tricks()
        if match.deal is not self.shown or self.phase in ("lot", "dealing"):
            # the finished deal's sheet is showing, or this deal is not declared yet: totals so far
            points, tricks = match.finished_points(), match.finished_tricks()
        for side in range(sides):
            ny = y
            for img in names[side]:
                surface.blit(img, (x, ny))
                ny += img.get_height()
            p = self.text.get(str(int(points[side])), fs, BRASS_LIGHT, "bold")
            surface.blit(p, p.get_rect(topright=(col_p, y)))
            tr = self.text.get(str(tricks[side]), fs, IVORY, "bold")
            surface.blit(tr, tr.get_rect(topright=(col_t, y)))
            y += heights[side]
        dealer = self.shown.dealer
        foot = say("eralash.score.deal", self.form(dealer), n=self.deal_number(), name=self.name(dealer))
        size, lines = self.text.fit(foot, small, inside, "italic")
        if len(lines) > 1:  # no room for the dealer's long name: its plate says "deals" already
            foot = t("table.deal_number", n=self.deal_number())
            size = self.text.fit(foot, small, inside, "italic")[0]
        img = self.text.get(foot, size, DIM, "italic")
        surface.blit(img, (x, rect.bottom - img.get_height() - 8))
        if self.demo and not self.reveal:
            d = self.text.get(t("table.demo"), small, DIM, "italic", shadow=True)
            # Under the trump indicator: below the score plaque the left seat's hand would cover it.
            surface.blit(d, d.get_rect(topright=(self.layout.trump.right, self.trump_rect().bottom + 6)))

    def deal_number(self) -> int:
        """1-based number of the deal on the cloth."""
        done = [r.deal for r in self.match.deals_done]
        return done.index(self.shown) + 1 if self.shown in done else len(done) + 1

    def trump_parts(self) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """The trump indicator's plaque and its texts (the suit's symbol first): the line with a long
        name smaller if it must, then on two lines (the plaque grows a little wider, then taller)."""
        lay = self.layout
        deal = self.shown
        rect = lay.trump.copy()
        big = self.text.get(
            C.SUIT_SYMBOLS[deal.trump], self.trump_mark_size(), IVORY, "bold", shadow=True,
            suits=self.suits(),
        )
        fs, small = self.font_size(0.02), self.font_size(0.016)
        a = self.text.get(t("eralash.trump.title"), small, DIM, "italic")
        b = self.text.get(suit_word(deal.trump), fs, IVORY, "bold")
        key = "eralash.trump.chosen_by" if deal.chosen else "eralash.trump.run_of"
        words = say(key, self.form(deal.trump_by), name=self.name(deal.trump_by))
        room = max(rect.width, int(lay.size[0] * 0.26)) - 20 - big.get_width() - 12
        size, lines = self.text.fit(words, small, room, lines=2)
        texts = [a, b, *(self.text.get(line, size, DIM) for line in lines)]
        rect.width = max(rect.width, 20 + big.get_width() + max(x.get_width() for x in texts) + 12)
        rect.height = max(rect.height, sum(x.get_height() for x in texts) + 12)
        rect.topright = lay.trump.topright
        return rect, [big, *texts]

    def trump_mark_size(self, lay: Any = None) -> int:
        """The trump suit's symbol on its plaque: the size of the plaque's usual height."""
        lay = lay or self.layout
        return int(int(lay.size[1] * 0.11) * 0.62) if lay is not None else 24

    def trump_height(self, lay: Any) -> int:
        """How tall the trump plaque must be for the longest "chosen by …" line any seat's name makes
        (so what lies under it is placed clear of it from the start)."""
        small, fs = self.font_size(0.016), self.font_size(0.02)
        mark = self.text.font(self.trump_mark_size(lay), "bold").size("♠")[0]
        room = max(lay.trump.width, int(lay.size[0] * 0.26)) - 20 - mark - 12
        worst = 0
        for seat in range(len(getattr(self.match, "players", None) or [])):
            for key in ("eralash.trump.chosen_by", "eralash.trump.run_of"):
                size, lines = self.text.fit(say(key, self.form(seat), name=self.name(seat)), small, room, lines=2)
                worst = max(worst, len(lines) * self.text.font(size).get_height())
        words = self.text.font(small, "italic").get_height() + self.text.font(fs, "bold").get_height()
        return max(lay.trump.height, words + worst + 12)

    def trump_rect(self) -> pygame.Rect:
        """Where the trump indicator is (or will be, before trump is known)."""
        if self.layout is None or self.shown.trump < 0:
            return self.layout.trump if self.layout is not None else pygame.Rect(0, 0, 0, 0)
        return self.trump_parts()[0]

    def draw_trump(self, surface: pygame.Surface) -> None:
        """The trump indicator: it stays on the table for the whole deal."""
        rect, (big, *lines) = self.trump_parts()
        surface.blit(self._plaque(rect.size), rect)
        surface.blit(big, big.get_rect(midleft=(rect.x + 12, rect.centery)))
        x = rect.x + 20 + big.get_width()
        y = rect.centery - sum(img.get_height() for img in lines) // 2
        for img in lines:
            surface.blit(img, (x, y))
            y += img.get_height()

    # --- the declarations plaque ---------------------------------------------------------------------

    def announce_width(self) -> int:
        """How wide the declarations plaque is: wider with two players (no side seats' runs beside
        it), and always wide enough for the row of trump buttons."""
        lay = self.layout
        w, h = lay.size
        width = lay.announce.width if self.n != 2 else int(min(w * 0.62, h * 1.1))
        if self.must_choose_trump():
            fs = self.font_size(0.024)
            chips = [self.text.font(fs).size(suit_label(s))[0] + 40 for s in self.shown.choices]
            width = max(width, sum(chips) + 10 * (len(chips) - 1) + 40)
        return min(width, w - 2 * lay.card[0])

    def announce_box(self) -> pygame.Rect:
        """The declarations plaque, sized to what it says, between the rows of runs across the table
        and in front of the player when it fits there."""
        lay = self.layout
        deal = self.shown
        h = lay.size[1]
        fs, small = self.font_size(0.023), self.font_size(0.019)
        width = self.announce_width()
        why = len(self.text.wrap(self.why_text(), small, width - 40, "italic"))
        height = (
            fs * 0.6
            + self.font_size(0.028) * 1.25
            + fs * 0.3
            + len(self.declaration_lines()) * fs * 1.25
            + fs * 0.7
            + fs * 1.25
            + why * small * 1.2
            + fs * 0.6
        )
        chips = self.must_choose_trump() or (self.phase == "declare" and deal.trump >= 0 and not self.demo)
        if chips:
            height += button_height(h) + h * 0.02
        run_h = lay.card[1] * RUN_SCALE
        gap = max(4, h // 100)
        below = lay.place(self.me, self.me).runs[1] - run_h / 2 - gap
        above = next((p.runs[1] + run_h / 2 + gap for p in lay.seats if p.side == "top"), None)
        title_h = self.font_size(0.028) * 1.25 + fs * 0.3
        self.announce_titled = not (above is not None and height > below - above >= height - title_h)
        if not self.announce_titled:  # a small window: the rows of runs say what the title would
            height -= title_h
        box = pygame.Rect(0, 0, width, int(height))
        box.center = (lay.centre[0], lay.centre[1] + int(h * 0.04))
        if above is not None and box.height <= below - above:
            box.centery = int((above + below) / 2)
        elif box.bottom > below:
            box.bottom = int(below)
        return box

    def declaration_lines(self) -> list[str]:
        """Each seat's declaration in the plaque's width: smaller if it must, then on two lines."""
        fs = self.font_size(0.023)
        out: list[str] = []
        for _seat, line in seat_lines(self.shown, self.name):
            out += self.text.fit(line, fs, self.announce_width() - 40, lines=2)[1]
        return out

    def why_text(self) -> str:
        deal = self.shown
        why = trump_reason(deal, self.name, self.me if self.humans else None)
        if self.must_choose_trump():
            return why + " " + t("eralash.trump.you_choose")
        if deal.trump < 0:
            return why + " " + t("eralash.trump.thinking", name=self.name(deal.trump_by))
        return why

    def draw_overlay(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if lay is None:
            return
        if self.phase == "declare":
            self.draw_declarations(surface)
        if self.banner is not None:
            text, start = self.banner
            scale = ease_out_back(min(1.0, (self.clock - start) / 0.4))
            img = self.text.get(text, self.font_size(0.09), BRASS_LIGHT, "bold", shadow=True)
            if scale < 0.999:
                img = pygame.transform.smoothscale_by(img, max(0.05, scale))
            surface.blit(img, img.get_rect(center=lay.centre))
        if self.can_play_card() and self.message is None and not self.drag.dragging:
            how = t("eralash.how_to_play") if self.deal_number() == 1 and len(self.shown.winners) < 2 else None
            hand = lay.seats[0]
            floor = int(hand.hand[1] - lay.card[1] * 0.72)  # the top of a raised card of your hand
            self.draw_turn_hint(surface, t("table.your_turn"), how, floor, (DIM, DIM))

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        """Messages wrap to a plaque over the cloth (tips are a sentence or two)."""
        msg = self.message
        if msg is None or self.layout is None:
            return
        lay = self.layout
        fs = self.font_size(0.024)
        colour = WARN if msg.kind == "warn" else (IVORY if msg.kind == "info" else BRASS_LIGHT)
        declaring = self.phase == "declare" and midbottom is None  # the runs lie where messages go
        lines = self.text.wrap(msg.text, fs, int(lay.size[0] * (0.3 if declaring else 0.5)))
        imgs = [self.text.get(line, fs, colour, suits=self.suits()) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 40, sum(i.get_height() for i in imgs) + 18)
        box.midbottom = midbottom or lay.message.midbottom
        if declaring:  # under the row of buttons, at the right (the trump plaque comes there later)
            h = lay.size[1]
            box.topright = (lay.trump.right, int(h * 0.03) + button_height(h) + int(h * 0.02))
        surface.blit(self._plaque(box.size), box)
        y = box.y + 9
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def draw_declarations(self, surface: pygame.Surface) -> None:
        deal = self.shown
        box = self.announce_box()
        surface.blit(self._plaque(box.size), box)
        fs, small = self.font_size(0.023), self.font_size(0.019)
        y = box.y + int(fs * 0.6)
        if getattr(self, "announce_titled", True):
            title = self.text.get(
                t("eralash.decl.title"), self.font_size(0.028), BRASS_LIGHT, "bold", shadow=True
            )
            surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
            y += title.get_height() + int(fs * 0.3)
        inside = self.announce_width() - 40
        for line in self.declaration_lines():  # smaller rather than wider than the plaque (long names)
            img = self.text.get(line, self.text.fit(line, fs, inside)[0], IVORY, suits=self.suits())
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += int(fs * 1.25)
        y += int(fs * 0.3)
        pygame.draw.line(surface, BRASS, (box.x + 24, y), (box.right - 24, y), 1)
        y += int(fs * 0.4)
        words = trump_line(deal, self.name, self.me if self.humans else None)
        head = self.text.get(words, self.text.fit(words, fs, inside, "bold")[0], BRASS_LIGHT, "bold",
                             suits=self.suits())
        surface.blit(head, head.get_rect(midtop=(box.centerx, y)))
        y += head.get_height()
        why = self.why_text()
        for line in self.text.wrap(why, small, box.width - 40, "italic"):
            img = self.text.get(line, small, DIM, "italic", suits=self.suits())
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        # each run's points on a small plaque across its cards (the corner indices stay clear)
        size = self.images.size
        for seat in range(deal.n):
            for r in deal.runs[seat]:
                rects = [
                    sp.rect(size)
                    for c in C.cards(r.cards)
                    if (sp := self.sprites.get(c)) is not None and sp.turn >= 1.0 and sp.scale == RUN_SCALE
                ]
                if not rects:
                    continue
                rect = rects[0].unionall(rects[1:])
                img = self.text.get(run_label(r), small, BRASS_LIGHT, "bold", suits=self.suits())
                pill = img.get_rect(center=(rect.centerx, rect.centery + rect.height // 8)).inflate(14, 6)
                surface.blit(self._plaque(pill.size), pill)
                surface.blit(img, img.get_rect(center=pill.center))
