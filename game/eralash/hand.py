"""How the player plays at the Eralash table: drag a legal card to the centre or click it, or ←/→ and
Enter (the keyboard's card ringed and raised above the other legal ones); refusals in the player's
words (a part of ``EralashTable``, reading it through ``HandHost``; ``selected`` is its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from engine.eralash import legal_cards
from game.eralash.declarations import suit_word
from game.widgets.cards import CardSprite
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from engine.eralash import Deal, Match
    from game.eralash.layout import EralashLayout
    from game.tween import Tweener
    from game.widgets.table import Target


class HandHost(Protocol):
    """What the player's hand reads from its table (and the table's moves it asks for)."""

    @property
    def shown(self) -> Deal: ...
    @property
    def match(self) -> Match: ...
    @property
    def phase(self) -> str: ...
    @property
    def me(self) -> int: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
    @property
    def layout(self) -> EralashLayout: ...
    @property
    def fx(self) -> Tweener: ...

    def is_human_turn(self) -> bool: ...
    def can_play_card(self) -> bool: ...
    def busy(self) -> bool: ...
    def propose(self, move: Any) -> str | None: ...
    def refuse(self, reason: str) -> None: ...
    def fly_home(self, sprite: CardSprite) -> None: ...
    def sync(self, instant: bool = False, duration: float = 0.35) -> float: ...
    def say(self, text: str, seconds: float = 3.0, kind: str = "info", sticky: bool = False) -> None: ...
    def undo(self) -> None: ...
    def play_hint(self) -> bool: ...
    def to_menu(self) -> None: ...
    def end_declarations(self) -> None: ...
    def targets(self) -> dict[int, Target]: ...
    def hand_order(self, card: int) -> tuple[int, int]: ...


class EralashHand:
    """The player's cards at an ``EralashTable``; ``selected``: the card picked (by a click ahead of the
    turn, or the keyboard), raised above the others."""

    def __init__(self, host: HandHost) -> None:
        self.host = host
        self.selected: int | None = None

    def on_drag_start(self, sprite: CardSprite) -> None:
        self.selected = None
        sprite.z = 900
        sprite.scale = 1.0

    def on_drop(self, sprite: CardSprite, pos: tuple[int, int]) -> None:
        card = sprite.card
        if card is None or not self.can_play_card_now():
            self.host.fly_home(sprite)
            return
        lay = self.host.layout
        if lay.trick_area.inflate(lay.card[0], lay.card[1] * 0.3).collidepoint(pos):
            self.play_card(card, sprite)
        else:
            self.host.fly_home(sprite)
            self.host.sync()

    def can_play_card_now(self) -> bool:
        host = self.host
        return host.phase == "play" and host.is_human_turn() and host.match.deal is host.shown

    def on_click(self, sprite: CardSprite) -> None:
        if sprite.card is None:
            return
        if self.host.can_play_card():
            self.play_card(sprite.card, sprite)
        else:  # ahead of the turn a click picks the card (or puts it back); it is played on the turn
            self.selected = None if self.selected == sprite.card else sprite.card
            self.lift_hand()
            self.host.sync(duration=0.15)

    def draggable(self) -> list[CardSprite]:
        """The hand while a card may be played, or picked ahead of the player's turn."""
        if not (self.host.can_play_card() or self.can_pick_card()):
            return []
        sprites = self.host.sprites
        return [sprites[c] for c in C.cards(self.host.shown.hands[self.host.me]) if c in sprites]

    def play_card(self, card: int, sprite: CardSprite | None = None) -> None:
        error = self.host.propose(card)
        if error is not None:
            self.host.refuse(self.reason(card, error))
            if sprite is not None:
                self.host.fly_home(sprite)
            self.host.sync()

    def reason(self, card: int, error: str) -> str:
        """The engine's refusal in the player's words (the engine speaks English)."""
        deal = self.host.shown
        if not self.host.is_human_turn():
            return t("eralash.reason.not_your_turn")
        if deal.pos and not legal_cards(deal.hands[self.host.me], deal.led, deal.trump) >> card & 1:
            if deal.led == deal.trump:
                return t("eralash.reason.follow_trump", trump=suit_word(deal.trump))
            return t("eralash.reason.follow", led=suit_word(deal.led), trump=suit_word(deal.trump))
        return error if i18n.get_language() == "en" else t("eralash.reason.other", reason=error)

    def key(self, key: int, mod: int = 0) -> bool:
        """A key press; ``mod``: the event's own modifiers (Ctrl+Z undoes)."""
        if key == pygame.K_z and mod & pygame.KMOD_CTRL or key == pygame.K_BACKSPACE:
            self.host.undo()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is None and self.host.play_hint():
            return True
        if key == pygame.K_ESCAPE:
            self.host.to_menu()
            return True
        declared = self.host.phase == "declare" and self.host.shown.trump >= 0
        if declared and key in (pygame.K_RETURN, pygame.K_SPACE):
            self.host.end_declarations()
            return True
        if not self.can_pick_card():
            return False
        hand = sorted(C.cards(self.host.shown.hands[self.host.me]), key=self.host.hand_order)
        my_turn = self.host.can_play_card()
        # Ahead of the player's turn any card may be picked (which will be legal is not known yet);
        # only a key pressed on the player's own turn plays it.
        legal = [c for c in hand if self.host.shown.legal_mask() >> c & 1] if my_turn else hand
        if not legal:
            return False
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP) and not my_turn:
            if self.selected is not None:
                self.host.say(t("table.wait_your_turn"), 2.0)
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
            self.play_card(card, self.host.sprites.get(card))
            return True
        return False

    def can_pick_card(self) -> bool:
        """May a card of the hand be picked (raised, not played) now: in the play, the player's
        own turn or a bot's, with the deal on the cloth the match's own."""
        return (
            self.host.phase == "play"
            and not self.host.match.is_over()
            and self.host.match.deal is self.host.shown
            and self.host.shown.trump >= 0
            and bool(self.host.shown.hands[self.host.me])
            and self.host.me in self.host.humans
            and not self.host.busy()
        )

    def lift_hand(self) -> None:
        """Raise the hovered or selected card a little more than the other legal ones.

        These small moves run on their own tweener: they must not make the table "busy", or a click
        right after the mouse moved would find the hand locked."""
        if not self.can_pick_card():
            return
        targets = self.host.targets()
        for c in C.cards(self.host.shown.hands[self.host.me]):
            s = self.host.sprites.get(c)
            if s is not None and s.highlight in (None, "selected"):  # the keyboard's card: ringed
                s.highlight = "selected" if c == self.selected else None
        for c in C.cards(self.host.shown.hands[self.host.me]):
            s, tg = self.host.sprites.get(c), targets.get(c)
            if s is None or tg is None or abs(s.y - tg.y) < 0.5:
                continue
            self.host.fx.cancel(s)
            self.host.fx.tween(s, 0.1, y=tg.y)
            s.set_home(tg.x, tg.y, tg.angle)
