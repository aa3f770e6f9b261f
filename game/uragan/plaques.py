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
from game.words.i18n import plural, t


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
                r = pygame.Rect(0, 0, cw, ch)
                r.center = (int(px), int(py))
                pygame.draw.rect(surface, (*BRASS,), r, width=1, border_radius=max(4, cw // 12))
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
            pygame.draw.rect(surface, WARN if warn else GLOW, glow, width=3 if warn else 2, border_radius=18)
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

    def draw_score(self, surface: pygame.Surface) -> None:
        lay = self.layout
        rect = self.score_rect()
        surface.blit(self._plaque(rect.size), rect)
        fs = self.font_size(0.024)
        small = self.font_size(0.019)
        x, y = rect.x + 14, rect.y + 10
        title = self.text.get(t("uragan.score.title", target=self.match.options.target), small, BRASS_LIGHT)
        surface.blit(title, (x, y))
        y += title.get_height() + 6
        scores = self.match.score()
        for s in (self.opp(), self.me):
            name = self.player_name(s)
            turn = s == self.turn_seat()
            img = self.text.get(name, fs, BRASS_LIGHT if turn else IVORY)
            surface.blit(img, (x, y))
            if turn:
                self.draw_turn_mark(surface, img.get_rect(topleft=(x, y)), room=x - rect.x)
            if s == self.shown.dealer:  # a brass chip and "deals" / "you deal" (never "Вы сдаёт")
                you = s in self.humans and name == default_name(0)  # "Вы": "сдаёте", a name: "сдаёт"
                word = t("table.you_deal") if you else t("table.dealer_mark")
                r = max(4, small // 3)
                cx, cy = x + img.get_width() + 8 + r, y + img.get_height() // 2 + 1
                room = rect.right - 14 - self.text.font(fs, "bold").size(str(int(scores[s])))[0] - 8
                size = small  # smaller rather than over the points (a long name in a narrow plaque)
                while size > 9 and cx + r + 5 + self.text.font(size, "italic").size(word)[0] > room:
                    size -= 1
                mark = self.text.get(word, size, (205, 195, 165), "italic")
                pygame.draw.circle(surface, BRASS, (cx, cy), r)
                pygame.draw.circle(surface, BRASS_LIGHT, (cx, cy), r, width=1)
                at = (cx + r + 5, y + img.get_height() - mark.get_height() - 2)
                surface.blit(mark, at)
            pts = self.text.get(str(int(scores[s])), fs, BRASS_LIGHT, "bold")
            surface.blit(pts, (rect.right - 14 - pts.get_width(), y))
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
            pending = self.pending_uragans(s)
            if pending:  # the uragan's point, plainly, until the deal is scored and the book counts it
                words = t("story.pending.line", n=pending)
                size = self.font_size(0.018)  # bold, as large as the plaque's width allows
                while size > 10 and self.text.font(size, "bold").size(words)[0] > rect.right - 10 - (x + 6):
                    size -= 1
                p = self.text.get(words, size, BRASS_LIGHT, "bold")
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
        if self.demo:
            d = self.text.get(t("table.demo"), small, (220, 210, 180), "italic", shadow=True)
            surface.blit(d, d.get_rect(bottomleft=(rect.x + 8, lay.size[1] - int(lay.size[1] * 0.05))))

    def score_rect(self) -> pygame.Rect:
        """The score plaque: the layout's, a line taller for each seat with an uragan point pending."""
        rect = self.layout.score.copy()
        line = self.text.font(self.font_size(0.018), "bold").get_linesize()
        rect.height += sum(line for s in (0, 1) if self.pending_uragans(s))
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
        pygame.draw.rect(surface, BRASS_LIGHT, box, width=3, border_radius=10)
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
            hint = self.text.get(
                t("table.your_turn"), self.font_size(0.022), (220, 210, 180), "italic", shadow=True
            )
            surface.blit(hint, hint.get_rect(center=lay.message.center))
            if not self.match.deals_done:  # the first deal: how to play, once under the hint
                keys = self.text.get(
                    t("uragan.how_to_play"), self.font_size(0.017), (190, 180, 150), "italic"
                )
                surface.blit(
                    keys,
                    keys.get_rect(
                        midtop=(lay.message.centerx, hint.get_rect(center=lay.message.center).bottom + 2)
                    ),
                )
