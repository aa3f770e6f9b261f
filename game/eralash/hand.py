"""How the player plays at the Eralash table: drag a legal card to the centre or click it, or ←/→ and
Enter (the keyboard's card ringed and raised above the other legal ones); refusals in the player's
words (a mixin of ``EralashTable``)."""

from __future__ import annotations

from typing import Any

import pygame

from engine import cards as C
from game.eralash.declarations import suit_word
from game.widgets.cards import CardSprite
from game.words import i18n
from game.words.i18n import t


class EralashHand:
    """The player's cards for ``EralashTable`` (uses its ``shown``, ``sprites``, ``layout`` …)."""

    shown: Any
    sprites: Any
    layout: Any
    selected: int | None

    def on_drag_start(self, sprite: CardSprite) -> None:
        self.selected = None
        sprite.z = 900
        sprite.scale = 1.0

    def on_drop(self, sprite: CardSprite, pos: tuple[int, int]) -> None:
        card = sprite.card
        if card is None or not self.can_play_card_now():
            self.fly_home(sprite)
            return
        if self.layout.trick_area.inflate(self.layout.card[0], self.layout.card[1] * 0.3).collidepoint(pos):
            self.play_card(card, sprite)
        else:
            self.fly_home(sprite)
            self.sync()

    def can_play_card_now(self) -> bool:
        return self.phase == "play" and self.is_human_turn() and self.match.deal is self.shown

    def on_click(self, sprite: CardSprite) -> None:
        if sprite.card is None:
            return
        if self.can_play_card():
            self.play_card(sprite.card, sprite)
        else:  # ahead of the turn a click picks the card (or puts it back); it is played on the turn
            self.selected = None if self.selected == sprite.card else sprite.card
            self.lift_hand()
            self.sync(duration=0.15)

    def draggable(self) -> list[CardSprite]:
        """The hand while a card may be played, or picked ahead of the player's turn."""
        if not (self.can_play_card() or self.can_pick_card()):
            return []
        return [self.sprites[c] for c in C.cards(self.shown.hands[self.me]) if c in self.sprites]

    def play_card(self, card: int, sprite: CardSprite | None = None) -> None:
        error = self.propose(card)
        if error is not None:
            self.refuse(self.reason(card, error))
            if sprite is not None:
                self.fly_home(sprite)
            self.sync()

    def reason(self, card: int, error: str) -> str:
        """The engine's refusal in the player's words (the engine speaks English)."""
        deal = self.shown
        if not self.is_human_turn():
            return t("eralash.reason.not_your_turn")
        if (
            deal.pos
            and card // 13 not in (deal.led, deal.trump)
            and deal.hands[self.me] & C.SUIT_MASK[deal.led]
        ):
            if deal.led == deal.trump:
                return t("eralash.reason.follow_trump", trump=suit_word(deal.trump))
            return t("eralash.reason.follow", led=suit_word(deal.led), trump=suit_word(deal.trump))
        return error if i18n.get_language() == "en" else t("eralash.reason.other", reason=error)

    def key(self, key: int, mod: int = 0) -> bool:
        """A key press; ``mod``: the event's own modifiers (Ctrl+Z undoes)."""
        if key == pygame.K_z and mod & pygame.KMOD_CTRL or key == pygame.K_BACKSPACE:
            self.undo()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is None and self.play_hint():
            return True
        if key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        if self.phase == "declare" and key in (pygame.K_RETURN, pygame.K_SPACE) and self.shown.trump >= 0:
            self.end_declarations()
            return True
        if not self.can_pick_card():
            return False
        hand = sorted(C.cards(self.shown.hands[self.me]), key=self.hand_order)
        my_turn = self.can_play_card()
        # Ahead of the player's turn any card may be picked (which will be legal is not known yet);
        # only a key pressed on the player's own turn plays it.
        legal = [c for c in hand if self.shown.legal_mask() >> c & 1] if my_turn else hand
        if not legal:
            return False
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP) and not my_turn:
            if self.selected is not None:
                self.say(t("table.wait_your_turn"), 2.0)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = (
                legal.index(self.selected)
                if self.selected in legal
                else (-1 if key == pygame.K_RIGHT else len(legal))
            )
            self.selected = legal[(i + (1 if key == pygame.K_RIGHT else -1)) % len(legal)]
            self.lift_hand()
            return True
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP) and self.selected in hand:
            card, self.selected = self.selected, None
            self.play_card(card, self.sprites.get(card))
            return True
        return False

    def can_pick_card(self) -> bool:
        """May a card of the hand be picked (raised, not played) now: in the play, the player's
        own turn or a bot's, with the deal on the cloth the match's own."""
        return (
            self.phase == "play"
            and not self.match.is_over()
            and self.match.deal is self.shown
            and self.shown.trump >= 0
            and bool(self.shown.hands[self.me])
            and self.me in self.humans
            and not self.busy()
        )

    def lift_hand(self) -> None:
        """Raise the hovered or selected card a little more than the other legal ones.

        These small moves run on their own tweener: they must not make the table "busy", or a click
        right after the mouse moved would find the hand locked."""
        if not self.can_pick_card():
            return
        targets = self.targets()
        for c in C.cards(self.shown.hands[self.me]):
            s = self.sprites.get(c)
            if s is not None and s.highlight in (None, "selected"):  # the keyboard's card: ringed
                s.highlight = "selected" if c == self.selected else None
        for c in C.cards(self.shown.hands[self.me]):
            s, tg = self.sprites.get(c), targets.get(c)
            if s is None or tg is None or abs(s.y - tg.y) < 0.5:
                continue
            self.fx.cancel(s)
            self.fx.tween(s, 0.1, y=tg.y)
            s.set_home(tg.x, tg.y, tg.angle)
