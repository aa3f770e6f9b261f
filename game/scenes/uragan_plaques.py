"""What the Uragan table draws besides the cards: pile and stock counts, the score plaque, the claim
prompt, the capture choice's glow, the "Uragan!" banner and the your-turn hint (a mixin of
``UraganTable``; text comes from the shared ``TextCache``, so a steady frame renders nothing new)."""

from __future__ import annotations

from typing import Any

import pygame

from engine import cards as C
from game.grammar import say
from game.i18n import plural, t
from game.scenes.uragan_words import PLAY_PHASE, card_text, default_name, take_text
from game.themes import BRASS, BRASS_LIGHT, GLOW, GLOW_CHOICE, IVORY
from game.tween import ease_out_back


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
            pygame.draw.rect(surface, GLOW, lay.table.inflate(cw * 0.6, ch * 0.2), width=2, border_radius=18)
        self.draw_score(surface)

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

    def above_chips(self) -> tuple[int, int]:
        """Where a prompt sits: just above the row of answer buttons."""
        lay = self.layout
        return (lay.size[0] // 2, self.chip_y() - int(max(34, lay.size[1] * 0.05) * 0.75))

    def chip_y(self) -> int:
        """The centre line of answer buttons (claim, captures to choose): over the top edge of your
        hand, which waits meanwhile, so the prompt above them never hides the table cards in question."""
        lay = self.layout
        return lay.my_hand.top + self.button_height() // 2 + int(lay.card[1] * 0.04)

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        if self.claim_prompt() or self.choice is not None:
            return  # the prompt or the choice speaks now
        if self.pick_moves():
            midbottom = self.above_chips()
        super().draw_message(surface, midbottom)

    def draw_score(self, surface: pygame.Surface) -> None:
        lay = self.layout
        rect = lay.score
        surface.blit(self._plaque(rect.size), rect)
        fs = self.font_size(0.024)
        small = self.font_size(0.019)
        x, y = rect.x + 14, rect.y + 10
        title = self.text.get(t("uragan.score.title", target=self.match.options.target), small, BRASS_LIGHT)
        surface.blit(title, (x, y))
        y += title.get_height() + 6
        scores = self.match.score()
        thinking = self.thinking_shown()
        for s in (self.opp(), self.me):
            name = self.player_name(s)
            img = self.text.get(name, fs, IVORY)
            surface.blit(img, (x, y))
            if s == self.shown.dealer:  # a brass chip and "deals" / "you deal" (never "Вы сдаёт")
                you = s in self.humans and name == default_name(0)  # "Вы": "сдаёте", a name: "сдаёт"
                word = t("table.you_deal") if you else t("table.dealer_mark")
                mark = self.text.get(word, small, (205, 195, 165), "italic")
                r = max(4, small // 3)
                cx, cy = x + img.get_width() + 8 + r, y + img.get_height() // 2 + 1
                pygame.draw.circle(surface, BRASS, (cx, cy), r)
                pygame.draw.circle(surface, BRASS_LIGHT, (cx, cy), r, width=1)
                at = (cx + r + 5, y + img.get_height() - mark.get_height() - 2)
                surface.blit(mark, at)
            pts = self.text.get(str(int(scores[s])), fs, BRASS_LIGHT, "bold")
            surface.blit(pts, (rect.right - 14 - pts.get_width(), y))
            if thinking == s:
                dot = max(3, lay.size[1] // 220)
                at = (rect.right - 26 - pts.get_width() - 8 * dot, y + img.get_height() // 2)
                self.draw_thinking(surface, at, s)
            y += img.get_height() + 1
            pile = self.shown.piles[s]
            line = t(
                "uragan.score.pile",
                cards=plural(C.count(pile), "uragan.n_cards"),
                hearts=C.count(pile & C.SUIT_MASK[C.HEARTS]),
            )
            urs = self.shown.uragans[s]
            if urs:
                line += " · " + plural(urs, "uragan.n_uragans")
            u = self.text.get(line, self.font_size(0.017), (255, 200, 140) if urs else (205, 195, 165),
                              suits=self.suits())
            surface.blit(u, (x + 6, y))
            y += u.get_height() + 6
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

    def draw_overlay(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if self.claim_prompt() and self.shown.pending is not None:
            b = self.shown.pending
            name = self.player_name(self.shown.turn)
            form = self.form(self.shown.turn)
            text = say("uragan.claim.prompt", form, name=name, rule=self.breach_text(b))
            if len(b.demanded) == 1:
                effect = t("uragan.claim.effect_one", card=card_text(b.card), take=take_text(b.demanded[0]))
            else:
                effect = say(
                    "uragan.claim.effect_pick",
                    form,
                    name=name,
                    options=" / ".join(take_text(tk) for tk in b.demanded),
                )
            fs = self.font_size(0.023)
            width = int(lay.size[0] * 0.66)
            lines = self.text.wrap(text, fs, width) + self.text.wrap(effect, fs, width)
            imgs = [self.text.get(line, fs, IVORY, suits=self.suits()) for line in lines]
            hgt = sum(i.get_height() for i in imgs)
            box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 48, hgt + 28)
            box.midbottom = self.above_chips()
            surface.blit(self._plaque(box.size), box)
            y = box.y + 14
            for img in imgs:
                surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
                y += img.get_height()
        if self.choice is not None and self.choice_hover is not None:
            opts = self.choice[1]
            if 0 <= self.choice_hover < len(opts):
                size = self.images.size
                for c in C.cards(opts[self.choice_hover].take):
                    s = self.sprites.get(c)
                    if s is not None:
                        pygame.draw.rect(
                            surface, GLOW_CHOICE, s.rect(size).inflate(16, 16), width=6, border_radius=12
                        )
        if self.choice is not None or (self.pick_moves() and self.message is None):
            hint = self.text.get(t("uragan.choose_capture"), self.font_size(0.024), GLOW_CHOICE, shadow=True)
            surface.blit(hint, hint.get_rect(midbottom=self.above_chips()))
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
