"""How the player plays at the Uragan table: drag a card onto a table card or the cloth, or click it
and then the table, or ←/→ and Enter; what may be taken glows (claimable captures in the warning
colour); the Master's hint; refusals in the player's words (a part of ``UraganTable``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from engine.uragan.moves import Claim, LetStand, Play
from game.uragan.words import PICK_PHASE, PLAY_PHASE, card_text, hand_order, reason_words, take_text
from game.widgets.cards import CardSprite
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from engine.state import IllegalMove
    from engine.uragan.claim import Breach
    from engine.uragan.deal import Deal
    from engine.uragan.match import Match
    from game.layout import UraganLayout
    from game.tween import Tweener
    from game.uragan.choice import UraganChoice
    from game.uragan.log import UraganLog
    from game.widgets.cards import CardImages


class HandHost(Protocol):
    """What the hand reads from its table: the deal and match shown, the places and sprites, whose turn it
    is, the prompts it opens, the log its key toggles, and the table's own verbs (propose, undo, say)."""

    @property
    def layout(self) -> UraganLayout: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def match(self) -> Match: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
    @property
    def images(self) -> CardImages: ...
    @property
    def fx(self) -> Tweener: ...
    @property
    def me(self) -> int: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def prompts(self) -> UraganChoice: ...
    @property
    def log(self) -> UraganLog: ...
    def busy(self) -> bool: ...
    def is_human_turn(self) -> bool: ...
    def can_play_card(self) -> bool: ...
    def propose(self, move: Any) -> str | None: ...
    def refuse(self, reason: str) -> None: ...
    def say(self, text: str, seconds: float = 3.0, kind: str = "info", sticky: bool = False) -> None: ...
    def fly_home(self, sprite: CardSprite) -> None: ...
    def sync(
        self,
        instant: bool = False,
        duration: float = 0.35,
        stagger: float = 0.0,
        order: list[int] | None = None,
        skip: set[int] | frozenset[int] = frozenset(),
    ) -> float: ...
    def undo(self) -> None: ...
    def to_menu(self) -> None: ...
    def play_hint(self) -> bool: ...
    def hint_words(self, move: Any) -> str: ...
    def breach_text(self, b: Breach) -> str: ...


class UraganHand:
    """The player's hand at ``UraganTable``: the card picked (raised), whether the dragged card may be
    trailed, and the move being proposed (so a refusal can say why in the player's words)."""

    def __init__(self, host: HandHost) -> None:
        self.host = host
        self.selected: int | None = None
        self.drag_can_trail = False  # the cloth glows while a card that may be trailed is dragged
        self.proposed: Any = None  # the move the engine is being asked to accept
        self._lit_for: tuple[int | None, bool, int] | None = None  # what the picked card's glow was lit for

    def legal_for(self, card: int) -> list[Play]:
        return [m for m in self.host.match.legal_moves() if isinstance(m, Play) and m.card == card]

    def clear_highlights(self) -> None:
        for s in self.host.sprites.values():
            s.highlight = None

    def highlight_targets(self, card: int) -> None:
        """The table cards ``card`` may take glow; in ``book`` claims a card every capture through
        which breaks a priority glows as claimable (the warning colour) before the player commits."""
        self.clear_highlights()
        fair = claimable = 0
        for m in self.legal_for(card):
            if self.host.prompts.claimable(m):
                claimable |= m.take
            else:
                fair |= m.take
        for c in C.cards(fair | claimable):
            if c in self.host.sprites:
                self.host.sprites[c].highlight = "legal" if fair >> c & 1 else "claim"
        if card in self.host.sprites and card == self.selected:
            self.host.sprites[card].highlight = "selected"

    def trail_claimable(self, card: int | None) -> bool:
        """Would trailing ``card`` (if it may be trailed) break a priority in ``book`` claims?"""
        claimable = self.host.prompts.claimable
        return card is not None and any(m.take == 0 and claimable(m) for m in self.legal_for(card))

    def on_drag_start(self, sprite: CardSprite) -> None:
        self.drag_can_trail = sprite.card is not None and any(
            m.take == 0 for m in self.legal_for(sprite.card)
        )
        self.selected = None
        sprite.z = 900
        if sprite.card is not None:
            self.highlight_targets(sprite.card)

    def table_card_at(self, pos: tuple[int, int]) -> int | None:
        size = self.host.images.size
        for c in sorted(
            C.cards(self.host.shown.table),
            key=lambda c: self.host.sprites[c].z if c in self.host.sprites else 0,
            reverse=True,
        ):
            s = self.host.sprites.get(c)
            if s is not None and s.rect(size).collidepoint(pos):
                return c
        return None

    def over_table(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on the cloth where cards are laid: the table's band, from the stock to the piles
        and from under the opponent's hand to above the player's (a gap between table cards too)."""
        lay = self.host.layout
        if lay.table.inflate(lay.card[0], lay.card[1] * 0.4).collidepoint(pos):
            return True
        cw = lay.card[0]
        left = lay.stock[0] + cw // 2 + 4
        right = min(lay.my_pile[0], lay.opp_pile[0]) - cw // 2 - 4
        band = pygame.Rect(left, lay.opp_hand.bottom, right - left, lay.my_hand.top - lay.opp_hand.bottom)
        return band.collidepoint(pos)

    def aimed_at(self, pos: tuple[int, int]) -> tuple[str, int | None]:
        """What a drop or a click at ``pos`` means, the same for both: ``("capture", table card)``,
        ``("trail", None)`` on the cloth, or ``("none", None)`` elsewhere."""
        tc = self.table_card_at(pos)
        if tc is not None:
            return "capture", tc
        if self.over_table(pos):
            return "trail", None
        return "none", None

    def play_at(self, card: int, pos: tuple[int, int], sprite: CardSprite | None = None) -> bool:
        """Play ``card`` where it was dropped or the cloth clicked; False when ``pos`` means no move.
        Drag and click go through here alike, so a refusal (a capture the rules demand) or a warning
        is said the same way, before any move is made."""
        aim, tc = self.aimed_at(pos)
        if aim == "capture" and tc is not None:
            self.play_onto(card, tc, sprite)
        elif aim == "trail":
            self.play_trail(card, sprite)
        else:
            return False
        return True

    def on_drop(self, sprite: CardSprite, pos: tuple[int, int]) -> None:
        card = sprite.card
        self.clear_highlights()
        if card is None or not self.can_play_card_now():
            self.host.fly_home(sprite)
            return
        if not self.play_at(card, pos, sprite):
            self.host.fly_home(sprite)
            self.host.sync()

    def can_pick_card(self) -> bool:
        """May a card of the hand be picked (raised, not played) now: in the play, on the player's
        own turn or the bot's, while nothing moves."""
        return (
            self.host.me in self.host.humans
            and not self.host.match.is_over()
            and self.host.match.deal is self.host.shown
            and self.host.shown.phase == PLAY_PHASE
            and bool(self.host.shown.hands[self.host.me])
            and not self.host.busy()
            and self.host.prompts.choice is None
        )

    def draggable(self) -> list[CardSprite]:
        """The hand while a card may be played, or picked ahead of the player's turn."""
        if not (self.host.can_play_card() or self.can_pick_card()):
            return []
        sprites = self.host.sprites
        return [sprites[c] for c in C.cards(self.host.shown.hands[self.host.me]) if c in sprites]

    def relight_pick(self) -> None:
        """A card picked during the bot's turn: once the turn is the player's, what it may take glows."""
        if self.host.busy():
            return
        state = (self.selected, self.can_play_card_now(), len(self.host.match.moves))
        if state == self._lit_for:
            return
        self._lit_for = state
        if self.selected is not None and self.selected in self.host.sprites and not self.host.prompts.choice:
            self.highlight_targets(self.selected)
            sprite = self.host.sprites[self.selected]
            if sprite.lift < 0.12:  # the move's glide set it down with the rest of the hand
                self.host.fx.tween(sprite, 0.12, lift=0.12)

    def can_play_card_now(self) -> bool:
        host = self.host
        return host.is_human_turn() and host.match.deal is host.shown and host.shown.phase == PLAY_PHASE

    def play_onto(self, card: int, table_card: int, sprite: CardSprite | None = None) -> None:
        options = [m for m in self.legal_for(card) if m.take >> table_card & 1]
        if len(options) == 1:
            self.submit(options[0], sprite)
        elif options:
            self.host.prompts.open_choice(card, options)
        else:
            self.submit(Play(card, 1 << table_card), sprite)

    def play_trail(self, card: int, sprite: CardSprite | None = None) -> None:
        self.submit(Play(card, 0), sprite)

    def submit(self, move: Play, sprite: CardSprite | None = None) -> None:
        error = self.host.propose(move)
        if error is not None:
            self.host.refuse(error)  # already in the player's language (refusal_text)
            if sprite is not None:
                self.host.fly_home(sprite)
            self.host.sync()

    def refusal_text(self, err: IllegalMove) -> str:
        """The engine's refusal of the move being proposed, in the player's language: the table's words
        for the rule it names (``reason_words``), else the engine's own sentence."""
        return reason_words(err.key, err.params, self.host.breach_text) or err.sentence(i18n.get_language())

    def highlight_hint(self, move: Any) -> None:
        """The Master's advice: the card to play and what it should take glow; a claim answer's button
        glows (the base places the glow); the advice is also said in words."""
        if self.host.prompts.choice is not None:  # a parked card waiting for its capture: advice replaces it
            self.host.prompts.close_choice()
        self.select(None)
        self.clear_highlights()
        if isinstance(move, Play):
            playing = self.host.shown.phase == PLAY_PHASE
            cards = [move.card, *C.cards(move.take)] if playing else C.cards(move.take)
            for c in cards:
                if c in self.host.sprites:
                    self.host.sprites[c].highlight = "hint"
        self.host.say(self.host.hint_words(move), 6.0, "hint")

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
        if isinstance(move, Play) and self.host.shown.phase == PICK_PHASE:
            picks = self.host.prompts.pick_moves()
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
        if self.selected is not None and self.selected in self.host.sprites:
            self.host.sprites[self.selected].lift = 0.0
        self.selected = card
        self.clear_highlights()
        if card is not None and card in self.host.sprites:
            self.host.fx.tween(self.host.sprites[card], 0.12, lift=0.12)  # raised, ringed (highlight_targets)
            self.highlight_targets(card)

    def click_table(self, pos: tuple[int, int]) -> bool:
        if self.host.prompts.choice is not None:
            tc = self.table_card_at(pos)
            if tc is not None:
                matching = [i for i, m in enumerate(self.host.prompts.choice[1]) if m.take >> tc & 1]
                if len(matching) == 1:
                    self.host.prompts.choose(matching[0])
                return True
            return False
        if self.selected is None or not self.can_play_card_now():
            return False
        card = self.selected
        if self.aimed_at(pos)[0] == "none":
            return False
        self.selected = None
        return self.play_at(card, pos)

    def key(self, key: int, mod: int = 0) -> bool:
        """A key press; ``mod``: the event's own modifiers (Ctrl+Z undoes)."""
        if key == pygame.K_z and mod & pygame.KMOD_CTRL or key == pygame.K_BACKSPACE:
            self.host.undo()
            return True
        if key == pygame.K_l or (key == pygame.K_ESCAPE and self.host.log.open):
            self.host.log.toggle()
            return True
        if self.host.prompts.choice_key(key):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is None and self.host.play_hint():
            return True
        if key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.select(None)
            else:
                self.host.to_menu()
            return True
        if not self.can_pick_card():
            return False
        hand = sorted(C.cards(self.host.shown.hands[self.host.me]), key=hand_order)
        if not hand:
            return False
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP) and not self.can_play_card_now():
            # picked ahead of the turn: only a key pressed on the player's own turn plays it
            if self.selected is not None:
                self.host.say(t("table.wait_your_turn"), 2.0)
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
                self.host.prompts.open_choice(card, options)
            return True
        return False
