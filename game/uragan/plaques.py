"""What the Uragan table draws besides the cards: pile and stock counts, the score plaque, the claim
prompt, the capture choice's glow, the "Uragan!" banner and the your-turn hint (a mixin of
``UraganTable``; text comes from the shared ``TextCache``, so a steady frame renders nothing new)."""

from __future__ import annotations

from typing import Any

import pygame

from engine import cards as C
from game.looks.themes import BRASS, BRASS_LIGHT, GLOW, IVORY, WARN
from game.tween import ease_out_back
from game.uragan.words import PLAY_PHASE, card_text, default_name
from game.widgets import shapes
from game.widgets.boxes import ComposedPlaque
from game.words.i18n import get_language, plural, t


class UraganPlaques:
    """Drawing for ``UraganTable`` (uses its ``layout``, ``shown``, ``match``, ``text``, ``sprites`` …)."""

    layout: Any
    shown: Any
    match: Any
    text: Any
    sprites: Any
    images: Any

    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.layout
        deal = self.shown
        cw, ch = lay.card
        fs = self.font_size(0.022)
        # piles: count under each, a brass ring when empty
        for s in (0, 1):
            px, py = lay.my_pile if s == self.me else lay.opp_pile
            n = self.cards_near((px, py), deal.piles[s])
            if n == 0:
                r = self.pile_outline(s)
                shapes.rect(surface, (*BRASS,), r, width=1, border_radius=max(4, cw // 12))
            label = self.text.get(plural(n, "uragan.n_cards"), fs, IVORY, shadow=True)
            surface.blit(label, label.get_rect(midtop=(int(px), int(py + ch * 0.56))))
        sx, sy = lay.stock
        stock = self.cards_near(lay.stock, -1)
        if stock:
            label = self.text.get(t("uragan.stock", n=stock), fs, IVORY, shadow=True)
            surface.blit(label, label.get_rect(midtop=(int(sx), int(sy + ch * 0.56))))
        if self.drag.dragging and self.drag_can_trail:
            card = self.drag.pressed.card if self.drag.pressed is not None else None
            warn = self.trail_claimable(card)
            glow = lay.table.inflate(cw * 0.6, ch * 0.2)
            shapes.rect(surface, WARN if warn else GLOW, glow, width=3 if warn else 2, border_radius=18)
            if warn:
                self.draw_trail_warning(surface, card)
        elif (
            self.selected is not None
            and self.trail_claimable(self.selected)
            and not self.prompt_open()
            and not self.log_open
        ):
            self.draw_trail_warning(surface, self.selected)
        self.draw_score(surface)
        self.draw_log_glance(surface)
        thinking = self.thinking_shown()
        if thinking is not None and thinking != self.me:
            self.draw_thinking_label(surface, (lay.opp_hand.centerx, lay.opp_hand.bottom + 3), thinking)

    def turn_seat(self) -> int | None:
        """The seat the turn marker stands at (none between deals or once the match is over)."""
        if self.match.is_over() or self.shown is not self.match.deal or self.shown.is_over():
            return None
        if getattr(self, "_opening_pending", False):
            return None
        return self.match.current_player()

    def pile_outline(self, seat: int) -> pygame.Rect:
        """The brass ring where a seat's empty pile will lie."""
        lay = self.layout
        px, py = lay.my_pile if seat == self.me else lay.opp_pile
        r = pygame.Rect(0, 0, *lay.card)
        r.center = (int(px), int(py))
        return r

    def empty_piles(self) -> list[int]:
        deal = self.shown
        return [
            s
            for s in (0, 1)
            if not self.cards_near(
                self.layout.my_pile if s == self.me else self.layout.opp_pile, deal.piles[s]
            )
        ]

    def draw_trail_warning(self, surface: pygame.Surface, card: int) -> None:
        """In ``book`` claims: trailing this card breaks a priority, and the opponent may claim."""
        text = t("story.trail.claimable", card=card_text(card))
        img = self.text.get(text, self.font_size(0.02), WARN, shadow=True, suits=self.suits())
        surface.blit(img, img.get_rect(midtop=(self.layout.table.centerx, self.layout.table.top - 2)))

    def cards_near(self, point: tuple[float, float], among: int) -> int:
        """How many of ``among`` (a mask; -1 for any card) have landed on ``point``: the counts under the
        piles and the stock follow the flying cards, not the engine, which is already ahead."""
        cw, ch = self.layout.card
        x, y = point
        return sum(
            1
            for c, s in self.sprites.items()
            if among >> c & 1 and abs(s.x - x) < cw * 0.6 and abs(s.y - y) < ch * 0.3
        )

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        if self.prompt_open() or self.log_open:
            return  # the prompt speaks now (a claim's news is its first line)
        super().draw_message(surface, midbottom)

    def message_room(self) -> int:
        """Between the stock and the piles' places (their rings), centred as the plaque is."""
        lay = self.layout
        ring_left = min(lay.my_pile[0], lay.opp_pile[0]) - lay.card[0] // 2 - 12
        return min(super().message_room(), 2 * (ring_left - lay.size[0] // 2) - 8)

    def draw_score(self, surface: pygame.Surface) -> None:
        """The score plaque, drawn once per score and turn and blitted whole (``ComposedPlaque``); a
        demo's word goes under it."""
        lay = self.layout
        deal = self.shown
        done = self.match.deals_done
        names = tuple(self.player_name(s) for s in (0, 1))
        # What the plaque's size and words follow, cheap to gather: the rest is worked out once per it.
        state = (
            len(self.match.moves), id(deal), len(done), deal.dealer, tuple(deal.piles), tuple(deal.uragans),
            self.turn_seat(), tuple(lay.score), lay.size, names, get_language(),
            bool(getattr(self.app.settings, "four_colour", False)), tuple(self.humans),
        )
        rect = self.remembered("score_rect", state, self.score_rect)  # type: ignore[attr-defined]
        key = self.remembered("score_key", state, lambda: self.score_key(names, rect))  # type: ignore[attr-defined]
        plaque = self.__dict__.setdefault("_score_plaque", ComposedPlaque())
        felt = self._felt
        shown = plaque.shown(key, felt)
        if shown is None:
            if felt is None:  # no cloth yet (still warming): drawn in place
                self._draw_score(surface, rect)
            else:
                image = plaque.compose(
                    key,
                    rect,
                    felt,
                    self.text,
                    lambda target, dx, dy: self._draw_score(target, rect.move(dx, dy)),
                )
                shown = image, rect
        if shown is not None:
            surface.blit(*shown)
        if self.demo:
            small = self.font_size(0.019)
            d = self.text.get(t("table.demo"), small, (220, 210, 180), "italic", shadow=True)
            surface.blit(d, d.get_rect(topleft=(rect.x + 8, rect.bottom + 6)))  # clear of the log's glance

    def score_key(self, names: tuple[str, ...], rect: pygame.Rect) -> tuple[Any, ...]:
        """Everything the score plaque shows (its image is composed again when this changes)."""
        lay = self.layout
        scores = self.match.score()
        deal = self.shown
        done = self.match.deals_done
        return (
            tuple(rect),
            lay.size,
            t("uragan.score.title", target=self.match.options.target),
            tuple(int(v) for v in scores),
            names,
            tuple(self.humans),
            deal.dealer,
            tuple(deal.piles),
            tuple(self.pending_uragans(s) for s in (0, 1)),
            t("uragan.claims." + self.match.options.claims),
            done.index(deal) if deal in done else len(done),
            bool(getattr(self.app.settings, "four_colour", False)),
            t("table.deal_number", n=0),
            self.turn_seat(),
        )

    def _draw_score(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(self._plaque(rect.size), rect)
        fs = self.font_size(0.024)
        small = self.font_size(0.019)
        x, y = rect.x + 14, rect.y + 10
        title = self.text.get(t("uragan.score.title", target=self.match.options.target), small, BRASS_LIGHT)
        surface.blit(title, (x, y))
        y += title.get_height() + 6
        scores = self.match.score()
        for s in (self.opp(), self.me):
            size, lines, inline = self.score_name(s, rect)
            turn = s == self.turn_seat()
            colour = BRASS_LIGHT if turn else IVORY
            imgs = [self.text.get(line, size, colour) for line in lines]
            img = imgs[-1]
            first = y
            for line_img in imgs[:-1]:
                surface.blit(line_img, (x, y))
                y += line_img.get_height()
            surface.blit(img, (x, y))
            if turn:
                self.draw_turn_mark(surface, imgs[0].get_rect(topleft=(x, first)), room=x - rect.x)
            pts = self.text.get(str(int(scores[s])), fs, BRASS_LIGHT, "bold")
            surface.blit(pts, (rect.right - 14 - pts.get_width(), first))
            mark_at = (x + img.get_width() + 8, y + img.get_height()) if inline else None
            y += img.get_height() + 1
            pile = self.shown.piles[s]
            line = t(
                "uragan.score.pile",
                cards=plural(C.count(pile), "uragan.n_cards"),
                hearts=C.count(pile & C.SUIT_MASK[C.HEARTS]),
            )
            u = self.text.get(line, self.font_size(0.017), (205, 195, 165), suits=self.suits())
            surface.blit(u, (x + 6, y))
            y += u.get_height() + 2
            if s == self.shown.dealer:  # after the name when it fits there, else on a line of its own
                if mark_at is None:
                    y += self.mark_height()
                self.draw_dealer_mark(surface, s, mark_at or (x + 6, y))
            pending = self.pending_uragans(s)
            if pending:  # the uragan's point, plainly, until the deal is scored and the book counts it
                size, lines = self.pending_lines(s, rect)
                for line in lines:
                    p = self.text.get(line, size, BRASS_LIGHT, "bold")
                    surface.blit(p, (x + 6, y))
                    y += p.get_height()
            y += 4
        done = self.match.deals_done
        n = done.index(self.shown) + 1 if self.shown in done else len(done) + 1
        y = rect.bottom - 8
        for line in (t("uragan.claims." + self.match.options.claims), t("table.deal_number", n=n)):
            foot = self.text.get(line, small, (200, 190, 160))
            y -= foot.get_height()
            surface.blit(foot, (x, y))

    def dealer_word(self, seat: int) -> str:
        """ "deals" / "you deal" (never "Вы сдаёт")."""
        you = seat in self.humans and self.player_name(seat) == default_name(0)  # "Вы": "сдаёте"
        return t("table.you_deal") if you else t("table.dealer_mark")

    def mark_height(self) -> int:
        return self.text.font(self.font_size(0.019), "italic").get_height()

    def dealer_mark_px(self, seat: int) -> int:
        r = max(4, self.font_size(0.019) // 3)
        return 2 * r + 13 + self.text.font(self.font_size(0.019), "italic").size(self.dealer_word(seat))[0]

    def draw_dealer_mark(self, surface: pygame.Surface, seat: int, bottomleft: tuple[int, int]) -> None:
        """A brass chip and the dealer's word, its baseline at ``bottomleft``."""
        small = self.font_size(0.019)
        r = max(4, small // 3)
        mark = self.text.get(self.dealer_word(seat), small, (205, 195, 165), "italic")
        x, bottom = bottomleft
        cx, cy = x + r, bottom - mark.get_height() // 2 - 1
        shapes.circle(surface, BRASS, (cx, cy), r)
        shapes.circle(surface, BRASS_LIGHT, (cx, cy), r, width=1)
        surface.blit(mark, (cx + r + 5, bottom - mark.get_height() - 2))

    def score_name(self, seat: int, rect: pygame.Rect) -> tuple[int, list[str], bool]:
        """A seat's name on the score plaque: its size, its lines, and whether the dealer's mark follows
        it on its line (else it follows the pile line under it). Whole, smaller, then on two lines."""
        fs = self.font_size(0.024)
        name = self.player_name(seat)
        room = rect.width - 28 - self.text.font(fs, "bold").size("88")[0] - 8
        mark = self.dealer_mark_px(seat) if seat == self.shown.dealer else 0
        size, lines = self.text.fit(name, fs, room - mark)
        if len(lines) == 1 and size >= fs * 0.85:
            return size, lines, bool(mark)
        size, lines = self.text.fit(name, fs, room, lines=2)
        return size, lines, False

    def pending_lines(self, seat: int, rect: pygame.Rect) -> tuple[int, list[str]]:
        """ "+1 pending (uragan)": bold, as large as the plaque's width allows, on two lines if it must."""
        words = t("story.pending.line", n=self.pending_uragans(seat))
        return self.text.fit(words, self.font_size(0.018), rect.width - 30, "bold", lines=2)

    def score_rect(self) -> pygame.Rect:
        """The score plaque: the layout's, a line taller for each seat with an uragan point pending or a
        name on two lines."""
        rect = self.layout.score.copy()
        for s in (0, 1):
            if self.pending_uragans(s):
                size, lines = self.pending_lines(s, rect)
                rect.height += len(lines) * self.text.font(size, "bold").get_height()
            size, lines, inline = self.score_name(s, rect)
            rect.height += (len(lines) - 1) * self.text.font(size).get_height()
            if s == self.shown.dealer and not inline:
                rect.height += self.mark_height()
        return rect

    def pending_uragans(self, seat: int) -> int:
        """Uragans made this deal whose point the score does not yet count (until the deal is scored)."""
        deal = self.shown
        return 0 if deal in self.match.deals_done else deal.uragans[seat]

    def last_play_box(self) -> tuple[pygame.Rect, str] | None:
        """Where the last play is marked until the next one: the trailed card, or the pile that took."""
        deal = self.shown
        if not deal.plays or deal.pending is not None or self.busy() or deal.is_over():
            return None
        rec = deal.plays[-1]
        size = self.images.size
        if not rec.take:
            s = self.sprites.get(rec.card)
            if s is None or not deal.table >> rec.card & 1:
                return None
            return s.rect(size).inflate(12, 12), "card"
        px, py = self.layout.my_pile if rec.seat == self.me else self.layout.opp_pile
        box = pygame.Rect(0, 0, size[0] + 14, size[1] + 14)
        box.center = (int(px + size[0] * 0.15 - 4), int(py - 4))
        return box, "pile"

    def draw_last_play(self, surface: pygame.Surface) -> None:
        found = self.last_play_box()
        if found is None:
            return
        box, where = found
        shapes.rect(surface, BRASS_LIGHT, box, width=3, border_radius=10)
        tag = self.text.get(t("story.last_play"), self.font_size(0.016), BRASS_LIGHT, "italic", shadow=True)
        if where == "pile":  # beside the pile, clear of its count below and the buttons above
            at = tag.get_rect(midright=(box.left - 4, box.centery))
        else:
            at = tag.get_rect(midbottom=(box.centerx, box.top - 1))
        surface.blit(tag, at)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if not self.log_open:  # (the log's panel covers the cloth: nothing to say under it)
            self.draw_last_play(surface)
            self.draw_waiting(surface)
            self.draw_prompt(surface)
        if self.banner is not None:
            text, start = self.banner
            age = self.clock - start
            scale = ease_out_back(min(1.0, age / 0.35))
            img = self.text.get(text, self.font_size(0.09), BRASS_LIGHT, "bold", shadow=True)
            if scale < 0.999:
                img = pygame.transform.smoothscale_by(img, max(0.05, scale))
            surface.blit(img, img.get_rect(center=lay.table.center))
        if (
            self.is_human_turn()
            and self.shown.phase == PLAY_PHASE
            and not self.busy()
            and self.message is None
            and self.choice is None
            and not self.log_open
        ):
            how = t("uragan.how_to_play") if not self.match.deals_done else None  # the first deal
            floor = int(lay.my_hand.top - lay.card[1] * 0.22)  # the top of a raised card of your hand
            self.draw_turn_hint(surface, t("table.your_turn"), how, floor, ((220, 210, 180), (190, 180, 150)))
