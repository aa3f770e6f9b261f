"""How the player plays at the Uragan table: drag a card onto a table card or the cloth, or click it
and then the table, or ←/→ and Enter; what may be taken glows (claimable captures in the warning
colour); the Master's hint; refusals in the player's words (a mixin of ``UraganTable``)."""

from __future__ import annotations

from typing import Any

import pygame

from engine import cards as C
from engine.uragan.moves import Claim, LetStand, Play
from game.uragan.words import PICK_PHASE, PLAY_PHASE, card_text, hand_order, refusal, take_text
from game.widgets.cards import CardSprite
from game.words import i18n
from game.words.i18n import t


class UraganHand:
    """The player's moves for ``UraganTable`` (uses its ``shown``, ``match``, ``sprites``, ``layout`` …)."""

    shown: Any
    match: Any
    sprites: Any
    layout: Any
    selected: int | None

    def legal_for(self, card: int) -> list[Play]:
        return [m for m in self.match.legal_moves() if isinstance(m, Play) and m.card == card]

    def clear_highlights(self) -> None:
        for s in self.sprites.values():
            s.highlight = None

    def highlight_targets(self, card: int) -> None:
        """The table cards ``card`` may take glow; in ``book`` claims a card every capture through
        which breaks a priority glows as claimable (the warning colour) before the player commits."""
        self.clear_highlights()
        fair = claimable = 0
        for m in self.legal_for(card):
            if self.claimable(m):
                claimable |= m.take
            else:
                fair |= m.take
        for c in C.cards(fair | claimable):
            if c in self.sprites:
                self.sprites[c].highlight = "legal" if fair >> c & 1 else "claim"
        if card in self.sprites and card == self.selected:
            self.sprites[card].highlight = "selected"

    def trail_claimable(self, card: int | None) -> bool:
        """Would trailing ``card`` (if it may be trailed) break a priority in ``book`` claims?"""
        return card is not None and any(m.take == 0 and self.claimable(m) for m in self.legal_for(card))

    def on_drag_start(self, sprite: CardSprite) -> None:
        self.drag_can_trail = sprite.card is not None and any(
            m.take == 0 for m in self.legal_for(sprite.card)
        )
        self.selected = None
        sprite.z = 900
        if sprite.card is not None:
            self.highlight_targets(sprite.card)

    def table_card_at(self, pos: tuple[int, int]) -> int | None:
        size = self.images.size
        for c in sorted(
            C.cards(self.shown.table),
            key=lambda c: self.sprites[c].z if c in self.sprites else 0,
            reverse=True,
        ):
            s = self.sprites.get(c)
            if s is not None and s.rect(size).collidepoint(pos):
                return c
        return None

    def over_table(self, pos: tuple[int, int]) -> bool:
        return self.layout.table.inflate(self.layout.card[0], self.layout.card[1] * 0.4).collidepoint(pos)

    def on_drop(self, sprite: CardSprite, pos: tuple[int, int]) -> None:
        card = sprite.card
        self.clear_highlights()
        if card is None or not self.can_play_card_now():
            self.fly_home(sprite)
            return
        tc = self.table_card_at(pos)
        if tc is not None:
            self.play_onto(card, tc, sprite)
        elif self.over_table(pos):
            self.play_trail(card, sprite)
        else:
            self.fly_home(sprite)
            self.sync()

    def can_pick_card(self) -> bool:
        """May a card of the hand be picked (raised, not played) now: in the play, on the player's
        own turn or the bot's, while nothing moves."""
        return (
            self.me in self.humans
            and not self.match.is_over()
            and self.match.deal is self.shown
            and self.shown.phase == PLAY_PHASE
            and bool(self.shown.hands[self.me])
            and not self.busy()
            and self.choice is None
        )

    def draggable(self) -> list[CardSprite]:
        """The hand while a card may be played, or picked ahead of the player's turn."""
        if not (self.can_play_card() or self.can_pick_card()):
            return []
        return [self.sprites[c] for c in C.cards(self.shown.hands[self.me]) if c in self.sprites]

    def relight_pick(self) -> None:
        """A card picked during the bot's turn: once the turn is the player's, what it may take glows."""
        if self.busy():
            return
        state = (self.selected, self.can_play_card_now(), len(self.match.moves))
        if state == getattr(self, "_lit_for", None):
            return
        self._lit_for = state
        if self.selected is not None and self.selected in self.sprites and self.choice is None:
            self.highlight_targets(self.selected)
            sprite = self.sprites[self.selected]
            if sprite.lift < 0.12:  # the move's glide set it down with the rest of the hand
                self.fx.tween(sprite, 0.12, lift=0.12)

    def can_play_card_now(self) -> bool:
        return self.is_human_turn() and self.match.deal is self.shown and self.shown.phase == PLAY_PHASE

    def play_onto(self, card: int, table_card: int, sprite: CardSprite | None = None) -> None:
        options = [m for m in self.legal_for(card) if m.take >> table_card & 1]
        if len(options) == 1:
            self.submit(options[0], sprite)
        elif options:
            self.open_choice(card, options)
        else:
            self.submit(Play(card, 1 << table_card), sprite)

    def play_trail(self, card: int, sprite: CardSprite | None = None) -> None:
        self.submit(Play(card, 0), sprite)

    def submit(self, move: Play, sprite: CardSprite | None = None) -> None:
        error = self.propose(move)
        if error is not None:
            self.refuse(error)  # already in the player's language (refusal_text)
            if sprite is not None:
                self.fly_home(sprite)
            self.sync()

    def reason(self, move: Play, error: str) -> str:
        """Why the engine refused ``move``, in the player's language (the engine speaks English)."""
        return refusal(self.shown, move, self.match.options.strict, self.breach_text) or error

    def refusal_text(self, err: Any) -> str:
        move = getattr(self, "_proposed", None)
        found = refusal(self.shown, move, self.match.options.strict, self.breach_text)
        if found:
            return found
        return str(err) if i18n.get_language() == "en" else t("uragan.reason.other")

    def propose(self, move: Any) -> str | None:
        self._proposed = move
        try:
            return super().propose(move)
        finally:
            self._proposed = None

    def highlight_hint(self, move: Any) -> None:
        """The Master's advice: the card to play and what it should take glow; a claim answer's button
        glows (the base places the glow); the advice is also said in words."""
        if self.choice is not None:  # a parked card waiting for its capture: the advice replaces it
            self.close_choice()
        self.select(None)
        self.clear_highlights()
        if isinstance(move, Play):
            cards = [move.card, *C.cards(move.take)] if self.shown.phase == PLAY_PHASE else C.cards(move.take)
            for c in cards:
                if c in self.sprites:
                    self.sprites[c].highlight = "hint"
        self.say(self.hint_words(move), 6.0, "hint")

    def hint_text(self, move: Any) -> str:
        if isinstance(move, Claim):
            return t("uragan.hint.claim")
        if isinstance(move, LetStand):
            return t("uragan.hint.stand")
        if isinstance(move, Play) and move.take:
            return t("uragan.hint.capture", card=card_text(move.card), take=take_text(move.take))
        if isinstance(move, Play):
            return t("uragan.hint.trail", card=card_text(move.card))
        return str(move)

    def hint_button_key(self, move: Any) -> str | None:
        if isinstance(move, Claim):
            return "claim"
        if isinstance(move, LetStand):
            return "stand"
        if isinstance(move, Play) and self.shown.phase == PICK_PHASE:
            picks = self.pick_moves()
            return f"pick{picks.index(move)}" if move in picks else None
        return None

    def on_click(self, sprite: CardSprite) -> None:
        card = sprite.card
        if card is None:
            return
        if self.selected == card:
            self.select(None)
        else:
            self.select(card)

    def select(self, card: int | None) -> None:
        if self.selected is not None and self.selected in self.sprites:
            self.sprites[self.selected].lift = 0.0
        self.selected = card
        self.clear_highlights()
        if card is not None and card in self.sprites:
            self.fx.tween(self.sprites[card], 0.12, lift=0.12)  # raised, and ringed (highlight_targets)
            self.highlight_targets(card)

    def click_table(self, pos: tuple[int, int]) -> bool:
        if self.choice is not None:
            tc = self.table_card_at(pos)
            if tc is not None:
                matching = [i for i, m in enumerate(self.choice[1]) if m.take >> tc & 1]
                if len(matching) == 1:
                    self.choose(matching[0])
                return True
            return False
        if self.selected is None or not self.can_play_card_now():
            return False
        card = self.selected
        tc = self.table_card_at(pos)
        if tc is not None:
            self.selected = None
            self.play_onto(card, tc)
            return True
        if self.over_table(pos):
            self.selected = None
            self.play_trail(card)
            return True
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        """A key press; ``mod``: the event's own modifiers (Ctrl+Z undoes)."""
        if key == pygame.K_z and mod & pygame.KMOD_CTRL or key == pygame.K_BACKSPACE:
            self.undo()
            return True
        if key == pygame.K_l or (key == pygame.K_ESCAPE and self.log.open):
            self.toggle_log()
            return True
        if self.choice_key(key):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is None and self.play_hint():
            return True
        if key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.select(None)
            else:
                self.to_menu()
            return True
        if not self.can_pick_card():
            return False
        hand = sorted(C.cards(self.shown.hands[self.me]), key=hand_order)
        if not hand:
            return False
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP) and not self.can_play_card_now():
            # picked ahead of the turn: only a key pressed on the player's own turn plays it
            if self.selected is not None:
                self.say(t("table.wait_your_turn"), 2.0)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = (
                hand.index(self.selected)
                if self.selected in hand
                else (-1 if key == pygame.K_RIGHT else len(hand))
            )
            i = (i + (1 if key == pygame.K_RIGHT else -1)) % len(hand)
            self.select(hand[i])
            return True
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP) and self.selected in hand:
            card = self.selected
            self.select(None)
            options = self.legal_for(card)
            if len(options) == 1:
                self.submit(options[0])
            else:
                self.open_choice(card, options)
            return True
        return False
