"""The Eralash table: 2–4 seats round the cloth, declarations, trump, tricks, the score sheet.

A deal is dealt out card by card from the dealer, then comes the declarations moment: every run is
laid face up in front of its owner with its points, Aces are announced, and the plaque in the centre
says who names trump and why (or, with no run anywhere, the eldest hand chooses with four suit
buttons). Then the tricks: your legal cards stand raised, you drag one to the centre or click it, the
others' cards fly in, the finished trick is gathered to its winner. Tab or S shows the score sheet; L (or
a click on a pile of won tricks) shows the last trick again.

The Rules screen's hook ``game.eralash.example.open_example(app)`` replays the original text's
illustrative game.
"""

from __future__ import annotations

import contextlib
import functools
from typing import TYPE_CHECKING, Any

import pygame

from engine import cards as C
from engine.eralash import ChooseTrump
from game.eralash.declarations import (
    nothing_declared,
    suit_label,
    suit_word,
)
from game.eralash.hand import EralashHand
from game.eralash.last_trick import LastTrick
from game.eralash.layout import OPP_SCALE, PILE_SCALE, EralashLayout
from game.eralash.places import OPEN_SCALE, EralashPlaces
from game.eralash.plaques import EralashPlaques
from game.eralash.plates import EralashPlates
from game.eralash.trick import TRICK_DWELL, TrickMarks
from game.store.settings import BOT_NAMES
from game.tween import Sequence, Wait
from game.widgets.buttons import Button, row_of_buttons
from game.widgets.cards import CardSprite
from game.widgets.table import Message, ShownMatch, TableScene, Target
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from engine.eralash import Deal
    from game.app import App
    from game.eralash.speech import EralashNarrator
    from game.store.saves import Session

RED = (214, 70, 70)
DIM = (200, 190, 160)
DEMO_NAMES = BOT_NAMES  # with their genders in game.store.settings.NAME_GENDERS


class EralashTable(TableScene):
    """The table's own state (the deal on the cloth, the phase, a finished trick lying in the centre);
    its parts draw it and take the player's cards: ``plates``, ``plaques``, ``last``, ``marks``,
    ``places``, ``hand``."""

    game = "eralash"
    trick_captions = True  # the narrated example tells each trick in its own words instead
    open_top_scale = OPEN_SCALE  # the open hand across the table (the example's): at most this size
    race_shown = True  # the live table's; the narrated example and the replays lay the top out their own way

    def __init__(self, app: App, session: Session | ShownMatch, *, demo: bool = False,
                 reveal: bool = False) -> None:
        self.plates = EralashPlates(self)
        self.plaques = EralashPlaques(self, self.plates)
        self.last = LastTrick(self, self.plates)
        self.marks = TrickMarks(self)
        self.places = EralashPlaces(self)
        self.hand = EralashHand(self)
        super().__init__(app, session, demo=demo)
        self.reveal: bool = reveal  # every hand face up (the example game)
        self.shown: Deal = self.match.deal  # the deal on the cloth (the finished one while its sheet shows)
        self.gather: int | None = None  # a finished trick still lying in the centre
        self.dwell: Wait | None = None  # how long more it lies there (a key or a click ends it)
        self.phase: str = "play"  # dealing (and waiting for the card images), declare, play
        self.banner: tuple[str, float] | None = None
        self._opening_pending: bool = not self.shown.history()  # dealt when the card images are ready
        if self._opening_pending:
            self.phase = "dealing"
        elif self.shown.trump < 0:  # resumed while trump is still to be named
            self.phase = "declare"
        self._declare_since = 0.0
        self._button_state: tuple[Any, ...] | None = None  # what the buttons were built for
        self._lot_message: Message | None = None  # who deals, said after the draw for the deal

    # --- what is written on the cloth (``plates``, ``plaques``) ------------------------------------------

    def name(self, seat: int) -> str:
        """A seat's name as the table shows it: a hand-edited 20 W's cut with "…" (``short_name``)."""
        return self.text.short_name(self.player_name(seat), self.font_size(0.022), "bold")

    def turn_seat(self) -> int | None:
        return self.plates.turn_seat()

    def race_line(self) -> str:
        return self.plaques.race_line()

    def race_rect(self) -> pygame.Rect | None:
        return self.plaques.race_rect()

    def plate_rects(self) -> list[pygame.Rect]:
        """Where the seats' name plates' words lie (a trick mark's word keeps clear of them)."""
        return [r for seat in range(self.n) for _, r in self.plates.plate_parts(seat)[0]]

    def announce_box(self) -> pygame.Rect:
        return self.plaques.announce_box()

    def runs_on_cloth(self, seat: int) -> bool:
        return self.plaques.runs_on_cloth(seat)

    def draw_table(self, surface: pygame.Surface) -> None:
        self.plaques.draw_table(surface)

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        self.plaques.draw_message(surface, midbottom)

    # --- the player's hand (``hand``) -------------------------------------------------------------------

    @property
    def selected(self) -> int | None:
        """The card of the player's hand picked ahead of the turn (or by the keyboard)."""
        return self.hand.selected

    @selected.setter
    def selected(self, card: int | None) -> None:
        self.hand.selected = card

    def on_drag_start(self, sprite: CardSprite) -> None:
        self.hand.on_drag_start(sprite)

    def on_drop(self, sprite: CardSprite, pos: tuple[int, int]) -> None:
        self.hand.on_drop(sprite, pos)

    def on_click(self, sprite: CardSprite) -> None:
        self.hand.on_click(sprite)

    def draggable(self) -> list[CardSprite]:
        return self.hand.draggable()

    def play_card(self, card: int, sprite: CardSprite | None = None) -> None:
        self.hand.play_card(card, sprite)

    def key(self, key: int, mod: int = 0) -> bool:
        """A key press; ``mod``: the event's own modifiers (Ctrl+Z undoes)."""
        return self.hand.key(key, mod)

    # --- where the cards rest (``places``) -------------------------------------------------------------

    def targets(self) -> dict[int, Target]:
        return self.places.targets()

    def reserved_rects(self) -> list[pygame.Rect]:
        return self.places.reserved_rects()

    def captioned_cards(self) -> set[int]:
        return self.places.captioned_cards()

    def hand_order(self, card: int) -> tuple[int, int]:
        return self.places.hand_order(card)

    def run_cards(self, seat: int) -> int:
        return self.places.run_cards(seat)

    def aside_spot(self) -> tuple[float, float]:
        return self.places.aside_spot()

    # --- the trick's marks and caption (``marks``) ----------------------------------------------------

    def trick_caption(self) -> str | None:
        return self.marks.trick_caption()

    def trick_mark_boxes(self) -> list[tuple[str, pygame.Rect]]:
        return self.marks.trick_mark_boxes()

    # --- the last trick, looked at again (``last``) --------------------------------------------------

    @property
    def peeking(self) -> bool:
        return self.last.peeking

    def last_trick_index(self) -> int | None:
        return self.last.last_trick_index()

    def open_last_trick(self) -> None:
        self.last.open_last_trick()

    def close_last_trick(self) -> None:
        self.last.close_last_trick()

    def on_a_pile(self, pos: tuple[int, int]) -> bool:
        return self.last.on_a_pile(pos)

    def peek_event(self, event: pygame.event.Event) -> bool:
        return self.last.peek_event(event)

    # --- starting and restoring ---------------------------------------------------------------------

    @classmethod
    def new_game(
        cls,
        app: App,
        *,
        demo: bool = False,
        seed: int | None = None,
        level: str | None = None,
        options: dict[str, Any] | None = None,
        players: int | None = None,
        names: list[str] | None = None,
        levels: list[str] | None = None,
    ) -> EralashTable:
        """A new robber: the remembered New game choices (or a four-bot demo)."""
        from game.store.saves import Session

        lang = i18n.get_language()
        setup: dict[str, Any] = {}
        with contextlib.suppress(Exception):
            setup = app.settings.get("eralash")
        n = players or int(setup.get("players", 4))
        if demo:
            n = players or 4
            names = list(names or DEMO_NAMES.get(lang, DEMO_NAMES["en"])[:n])
            seats: list[str | None] = [level or "club"] * n
        else:
            me = app.settings.player_name
            if me in ("Вы", "You"):  # the untouched default follows the interface language
                me = "Вы" if lang == "ru" else "You"
            opp_names = list(names or setup.get("names") or DEMO_NAMES.get(lang, DEMO_NAMES["en"])[1:])
            here = DEMO_NAMES.get(lang, DEMO_NAMES["en"])
            for other in DEMO_NAMES.values():  # untouched default names follow the interface language
                opp_names = [here[other.index(x)] if x in other else x for x in opp_names]
            opp_levels = list(levels or setup.get("levels") or [])
            while len(opp_names) < n - 1:
                opp_names.append(DEMO_NAMES["ru" if lang == "ru" else "en"][len(opp_names) + 1])
            while len(opp_levels) < n - 1:
                opp_levels.append(level or "club")
            if level and not levels:
                opp_levels = [level] * (n - 1)
            names = [me, *opp_names[: n - 1]]
            seats = [None, *opp_levels[: n - 1]]
        if options is None:
            options = {}
            with contextlib.suppress(Exception):
                options = app.settings.new_game_options("eralash")
        if n != 4 and options.get("pairs"):
            options = {**options, "pairs": False}
        store = None if demo else app.store
        session = Session.new(store, "eralash", options, names, seats, seed=seed)
        return cls(app, session, demo=demo)

    @classmethod
    def from_session(cls, app: App, session: Session) -> EralashTable:
        return cls(app, session)

    # --- layout and where the cards rest ------------------------------------------------------------

    @property
    def n(self) -> int:
        return self.shown.n

    def make_layout(self, size: tuple[int, int]) -> EralashLayout:
        width, extra = self.plaques.score_fit(size)
        lay = EralashLayout.for_size(size, self.match.n_players, width, extra,
                                     text_scale=self.app.text.scale, card_scale=self.card_scale())
        if self.app.text.scale != 1.0:  # the score plaque as drawn may be taller than the layout guessed
            before, self.layout = self.layout, lay
            try:
                names = tuple(self.plaques.side_name(side) for side in range(self.match.sides()))
                actual = self.plaques._score_height(self.plaques._score_names(names))
                fs, small = self.font_size(0.021), self.font_size(0.017)
                guess = int(small * 1.6 + fs * 1.5 + self.match.n_players * int(fs * 1.45) + small * 1.9 + 14)
            finally:
                self.layout = before
            # (and the side hands lowered only as far as the plaque as drawn asks)
            lay = EralashLayout.for_size(size, self.match.n_players, width, max(extra, actual - guess),
                                         text_scale=self.app.text.scale, card_scale=self.card_scale(),
                                         score_drawn=actual)
        lay.fit_bottom_hand(lay.seats[0].plate[0] + self.plates.your_plate_px())  # your name beside your hand
        lay.trump.height = self.plates.trump_height(lay)
        if self.app.text.scale != 1.0 and self.n >= 3 and self.grows_side_hands():
            lay.lengthen_side_hands(self.room_under_side_plates(lay))
        return lay

    def grows_side_hands(self) -> bool:
        """Whether the side hands may grow down at a larger text size: not where every hand lies open
        (the example: the open cards would grow with the hand, over its narration)."""
        return not self.reveal

    def room_under_side_plates(self, lay: EralashLayout) -> int:
        """``EralashPlates.room_under_side_plates`` for the layout ``lay`` (not yet the table's)."""
        before, self.layout = self.layout, lay
        try:
            return self.plates.room_under_side_plates()
        finally:
            self.layout = before

    def deal_number_text(self) -> str:
        """In a demo the number says so too ("Demo · Game No. 7"): no room for a line of its own."""
        text = super().deal_number_text()
        return t("table.demo_number", number=text) if text and self.demo and not self.reveal else text

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Under the trump indicator, at the top right."""
        if self.reveal:
            return None  # the example game: a record of the text, not a deal to play again
        if self.phase == "declare" and self.message is not None and self.app.text.scale != 1.0:
            return None  # a larger text size: the hint's message takes that corner while it shows
        return ("topright", (self.layout.trump.right, self.plates.trump_rect().bottom + 6))

    def deal_number_width(self) -> int | None:
        """No wider than the trump plaque above it: the race line's room ends at that plaque's left."""
        return self.layout.trump.width if self.layout is not None else None

    def layout_origin(self, card: int) -> tuple[float, float]:
        if self.layout is None:
            return super().layout_origin(card)
        return self.layout.place(self.shown.dealer, self.me).pile

    def on_warm(self) -> None:
        if self.phase == "lot":  # the draw for the deal is on the cloth; the deal follows it
            return
        if self._opening_pending:
            if self.lot_cards() and self.phase != "lot":
                self.show_lot()
                return
            self._opening_pending = False
            self.deal_opening()

    def lot_cards(self) -> dict[int, int]:
        """The first deal of a robber: the cards drawn for the deal (the last round), by seat."""
        lot = self.match.lot
        if not lot or self.match.deals_done or self.shown is not self.match.deal or self.shown.history():
            return {}
        return {seat: card for seat, card in enumerate(lot[-1]) if card >= 0}

    def show_lot(self) -> None:
        """Everyone draws a card; the highest deals (docs/rules.md, Eralash: Seating and dealer).
        Shown, then the deal."""
        self.phase = "lot"
        self.holds.add("dealing")
        drawn = self.lot_cards()
        self.app.play_sound("shuffle")
        last = self.sync(duration=0.4, stagger=0.18, order=list(drawn.values()))
        # who deals is said once every drawn card lies face up, never ahead of the last one
        f = self.tweens.factor
        self.tweens.add(Sequence(Wait(last), self._announce_lot, Wait(1.8 * f), self._lot_done))

    def _announce_lot(self) -> None:
        drawn = self.lot_cards()
        dealer = self.shown.dealer
        if dealer not in drawn:
            return
        card = C.display(drawn[dealer], i18n.get_language())
        key = "eralash.lot.you" if dealer in self.humans else "eralash.lot"
        self.say(t(key, name=self.name(dealer), card=card), 3.2)
        self._lot_message = self.message
        if drawn[dealer] in self.sprites:
            self.sprites[drawn[dealer]].highlight = "legal"  # the highest card deals

    def _lot_done(self) -> None:
        self.phase = "dealing"
        self._opening_pending = True
        self.sync(duration=0.3)
        self.tweens.add(Sequence(Wait(0.35 * self.tweens.factor), self._deal_after_lot))

    def _deal_after_lot(self) -> None:
        self._opening_pending = False
        self.deal_opening()

    def on_setting(self, name: str, value: Any) -> None:
        super().on_setting(name, value)
        if name == "language":
            self.build_buttons()

    def sync(
        self,
        instant: bool = False,
        duration: float = 0.35,
        stagger: float = 0.0,
        order: list[int] | None = None,
        skip: set[int] | frozenset[int] = frozenset(),
    ) -> float:
        last = super().sync(instant, duration, stagger, order, skip)
        for card, scale in self.places.scales.items():
            s = self.sprites.get(card)
            if s is None or card in skip or abs(s.scale - scale) < 1e-3:
                continue
            if instant or self.tweens.factor == 0:
                s.scale = scale
            else:
                self.tweens.tween(s, duration, scale=scale)
        return last

    # --- the deal: dealing, declarations, trump ------------------------------------------------------

    def deal_opening(self) -> None:
        """All the cards from the dealer, one at a time from the eldest hand, then the declarations."""
        deal = self.shown
        self.phase = "dealing"
        self.gather = None
        x, y = self.layout.place(deal.dealer, self.me).pile
        for c in list(self.sprites):
            del self.sprites[c]
        for c in range(52):
            s = self.sprite(c)
            s.x, s.y, s.scale = x, y, PILE_SCALE
        order: list[int] = []
        hands = [sorted(C.cards(deal.dealt[s]), key=self.places.hidden_order) for s in range(deal.n)]
        for i in range(deal.size):
            for k in range(deal.n):
                order.append(hands[(deal.eldest + k) % deal.n][i])
        order += list(C.cards(deal.aside))
        self.app.play_sound("shuffle")
        self.holds.add("dealing")
        last = self.sync(duration=0.32, stagger=min(0.03, 1.6 / max(1, len(order))), order=order)
        self.tweens.add(Sequence(Wait(last + 0.1 * self.tweens.factor), self.begin_declarations))

    def begin_declarations(self) -> None:
        self.holds.discard("dealing")
        if self.message is not None and self.message is self._lot_message:
            self.message = None  # the draw is over (the score plaque names the dealer); runs lie there now
        deal = self.shown
        self.phase = "declare"
        self._declare_since = self.clock
        if not (deal.choices and deal.trump_by not in self.humans):
            self.holds.add("declare")  # a bot naming trump must be free to think meanwhile
        if any(deal.runs):
            self.app.play_sound("deal")
        self.sync(duration=0.45, stagger=0.03)
        self.build_buttons()

    def end_declarations(self) -> None:
        """The player has read the declarations (or the demo moved on): to the tricks."""
        if self.phase != "declare" or self.shown.trump < 0:
            return
        self.phase = "play"
        self.holds.discard("declare")
        self._idle_since = self.clock
        self.sync(duration=0.4, stagger=0.02)
        self.build_buttons()

    def choose_trump(self, suit: int) -> None:
        if self.shown.trump >= 0 or not self.is_human_turn():
            return
        error = self.propose(ChooseTrump(suit))
        if error is not None:
            self.refuse(error)

    def narrator(self) -> EralashNarrator:
        from game.eralash.speech import EralashNarrator

        return EralashNarrator(self)

    def hint_text(self, move: Any) -> str:
        """The Master's advice in words: a card ("10♣") or a trump ("козырь ♣ трефы")."""
        if isinstance(move, ChooseTrump):
            return t("eralash.hint.trump", suit=suit_label(move.suit))
        return super().hint_text(move)

    def hint_button_key(self, move: Any) -> str | None:
        """Advice to name a trump lights that suit's button."""
        return f"trump{move.suit}" if isinstance(move, ChooseTrump) else None

    def hint_available(self) -> bool:
        """A hint also while the player names trump (the declarations wait for that choice)."""
        if super().hint_available():
            return True
        return (
            self.must_choose_trump()
            and self.play is not None
            and not self.demo
            and self.holds <= {"declare"}
            and not self.tweens.busy
            and not self.drag.dragging
        )

    def must_choose_trump(self) -> bool:
        return (
            self.phase == "declare"
            and self.shown.trump < 0
            and self.is_human_turn()
            and self.match.deal is self.shown
        )

    # --- moves, animated ------------------------------------------------------------------------------

    def on_moved(self, move: Any, before: Any, finished: Any | None) -> None:
        deal = finished if finished is not None else self.match.deal
        picked = self.selected
        if picked is not None and (finished is not None or not deal.hands[self.me] >> picked & 1):
            self.selected = None  # else a card picked ahead of the turn stays picked
        if isinstance(move, ChooseTrump):
            self.app.play_sound("click")
            self.holds.add("declare")
            self._declare_since = self.clock
            self.sync(duration=0.3)
            self.build_buttons()
            return
        self.app.play_sound("play")
        f = self.tweens.factor
        if len(deal.winners) > len(before.winners):
            self.gather = len(deal.winners) - 1
            self.sync(duration=0.3)
            # the trick stays to be read: until a key or a click, or its dwell (longer when Slow)
            self.dwell = Wait(TRICK_DWELL * f)
            if self.message is not None:  # it waits while the caption has its line
                self.message.until += (TRICK_DWELL + 0.3) * f
            steps: list[Any] = [Wait(0.3 * f), self.dwell, self.gather_trick, Wait(0.5 * f)]
            if deal.is_over():
                steps.append(lambda deal=deal: self.show_sheet(deal_end=True))
            self.tweens.add(Sequence(*steps))
        else:
            self.sync(duration=0.3)

    def end_dwell(self, event: pygame.event.Event) -> bool:
        """A key or a click while a finished trick is shown: it is gathered now. The event is spent
        on that, but for one that has its own work: Esc, S and the buttons' keys (Tab opens the sheet),
        as a click on a button."""
        dwell = self.dwell
        if dwell is None or dwell.done or self.gather is None:
            return False
        if event.type == pygame.KEYDOWN:
            dwell.finish()
            own = event.key in (pygame.K_ESCAPE, pygame.K_s) or any(
                b.enabled and b.hotkey == event.key for b in self.buttons)
            return not own
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            dwell.finish()
            return not any(b.rect.collidepoint(event.pos) for b in self.buttons)
        return False

    def gather_trick(self) -> None:
        deal = self.shown
        for s in self.sprites.values():
            if s.highlight == "legal":
                s.highlight = None
        if self.gather is not None and self.gather < len(deal.winners):
            w = deal.winners[self.gather]
            if len(deal.winners) == deal.size and deal.tricks_won[w] == deal.size:
                self.banner = (t("eralash.slam"), self.clock)
        self.gather = None
        self.app.play_sound("trick")
        self.sync(duration=0.45, stagger=0.03)

    def on_undone(self) -> None:
        """The player's last move and the bots' replies were taken back: show the match as it is now."""
        self.close_last_trick()
        self.shown = self.match.deal
        self.gather = None
        self.selected = None
        self.banner = None
        self._opening_pending = False
        self.holds.discard("declare")
        self.phase = "play" if self.shown.trump >= 0 else "declare"
        self.say(t("table.undone"), 2.0)
        self.sync(duration=0.3)
        self.build_buttons()

    def show_sheet(self, deal_end: bool = False) -> None:
        from game.eralash.sheet import SheetScene

        if deal_end:
            self.holds.add("sheet")
            self.banner = None  # the sheet celebrates a slam itself
        self.app.stack.push(SheetScene(self.app, self, deal_end=deal_end))
        if deal_end:
            self.maybe_review_after_deal()

    def match_replaced(self) -> None:
        """The controller's match was built again, or the deal being played was told after it began (a
        seat at a hosted table whose own card ended the deal before): the deal as it is now, dealt again
        if no card of it is played; while a finished deal's sheet is open, closing it deals it."""
        if "sheet" in self.holds:
            return
        self.tweens.finish_all()
        self.close_last_trick()
        self.gather = None
        self.shown = self.match.deal
        if not self.shown.history() and not self.match.is_over():
            self._opening_pending = False
            self.deal_opening()
        else:
            self.phase = "declare" if self.shown.trump < 0 else "play"
            self.sync(instant=True)
        self.build_buttons()

    def next_deal(self) -> None:
        """The sheet after a deal was closed: deal the one the match has already dealt."""
        self.holds.discard("sheet")
        self.close_last_trick()
        self.banner = None
        self.message = None
        if self.match.is_over() or self.match.deal is self.shown:
            return
        self.shown = self.match.deal
        self.gather = None
        self.deal_opening()

    # --- the human's hand ------------------------------------------------------------------------------

    def legal_mask_for_me(self) -> int:
        deal = self.shown
        if (
            self.phase != "play"
            or deal is not self.match.deal
            or not self.is_human_turn()
            or self.match.current_player() != self.me
            or self.gather is not None
        ):
            return 0
        return deal.legal_mask()

    def can_play_card(self) -> bool:
        return (
            self.phase == "play"
            and self.is_human_turn()
            and self.match.deal is self.shown
            and self.shown.trump >= 0
            and not self.busy()
        )

    def tip_seen(self, tip: str) -> bool:
        return tip in self.app.settings.tips_seen

    def remember_tip(self, tip: str) -> None:
        """A tip is explained once to a player, not once per run: it is kept in the settings."""
        self.app.settings.set("tips_seen", [*self.app.settings.tips_seen, tip])

    def maybe_tip(self) -> None:
        """Once: the rule that surprises whist players, when it first applies to your hand."""
        deal = self.shown
        if not self.can_play_card() or not deal.pos or deal.led == deal.trump or self.tip_seen("trump_any"):
            return
        legal = deal.legal_mask()  # the player's own turn: a trump may go on a suit the hand still holds
        if legal & C.SUIT_MASK[deal.led] and legal & C.SUIT_MASK[deal.trump]:
            self.remember_tip("trump_any")
            self.say(
                t("eralash.tip.trump_any", led=suit_word(deal.led), trump=suit_word(deal.trump)), 9.0, "tip"
            )

    # --- buttons, keys, mouse ----------------------------------------------------------------------------

    def build_buttons(self) -> None:
        lay = self.layout
        if lay is None:
            return
        w, h = lay.size
        bh = self.button_height()
        fs = self.font_size(0.024)
        top = [
            Button(
                "sheet", t("eralash.sheet.button"), pygame.Rect(0, 0, 10, bh), self.show_sheet, pygame.K_TAB
            ),
            Button("menu", t("table.menu"), pygame.Rect(0, 0, 10, bh), self.to_menu),
        ]
        if self.humans and not self.demo and getattr(self.control, "helps", True):  # (a hosted seat: neither)
            top.insert(0, self.make_undo_button(bh))
            hint = self.make_hint_button(bh)  # in the row from the start: it never has to find a spot
            hint.enabled = self.hint_available()
            top.insert(0, hint)
        row_of_buttons(top, (0, 0), bh, self.text, fs, gap=10, pad=18)
        # A larger text size: the row's words smaller (down to their 100 % size) where the row would
        # leave the top hand no room beside the score plaque.
        room = w - int(h * 0.03) - (lay.score.right + max(8, w // 100) + lay.card[0] * OPP_SCALE * 3.2)
        plain = max(12, int(h * 0.024))
        while fs > plain and top[-1].rect.right - top[0].rect.left > room:
            fs -= 1
            row_of_buttons(top, (0, 0), bh, self.text, fs, gap=10, pad=18)
        for b in top:
            b.text_size = fs
        right = w - int(h * 0.03)
        for b in reversed(top):
            b.rect.topright = (right, int(h * 0.03))
            right = b.rect.left - 10
        self.buttons = top
        row = top[0].rect.unionall([b.rect for b in top])
        if lay.clear_of_buttons(row) and self.sprites and not self.busy():
            self.sync(instant=True)
        if self.phase == "play" and not self.demo:
            self.buttons.append(self.last.last_trick_button(bh))
            last = self.buttons[-1].rect
            hand_top = lay.seats[0].hand[1] - lay.card[1] * 0.75  # a raised card reaches this high
            moved = last.bottom > hand_top and lay.fit_bottom_hand(last.right)
            if moved and self.sprites and not self.busy():
                self.sync(instant=True)
        chips: list[Button] = []
        box = self.announce_box()
        if self.must_choose_trump():
            for i, s in enumerate(self.shown.choices):
                chips.append(
                    Button(
                        f"trump{s}",
                        suit_label(s),
                        pygame.Rect(0, 0, 10, bh),
                        functools.partial(self.choose_trump, s),
                        pygame.K_1 + i,
                    )  # no accent: four rings at once read as four focused buttons
                )
                chips[-1].suits = self.suits()
        elif self.phase == "declare" and self.shown.trump >= 0 and not self.demo:
            chips.append(
                Button(
                    "play",
                    t("eralash.decl.play"),
                    pygame.Rect(0, 0, 10, bh),
                    self.end_declarations,
                    pygame.K_RETURN,
                    accent=True,
                )
            )
        if chips:
            row_of_buttons(
                chips, (box.centerx, box.bottom - bh // 2 - int(h * 0.018)), bh, self.text, fs, gap=10, pad=20
            )
            self.buttons += chips

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.peek_event(event):
            return True
        if self.end_dwell(event):
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_s
            and not getattr(event, "mod", 0) & pygame.KMOD_CTRL  # Ctrl+S saves the record
            and self.phase != "declare"
        ):
            self.show_sheet()
            return True
        if super().handle_event(event):
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.phase == "declare"
            and self.shown.trump >= 0
            and self.announce_box().collidepoint(event.pos)
            and not self.demo
        ):
            self.end_declarations()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.on_a_pile(event.pos):
            self.open_last_trick()
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event.key, getattr(event, "mod", 0))
        return False

    # --- the frame ---------------------------------------------------------------------------------------

    def timers_running(self) -> bool:
        """A demo's declarations pause (it moves on by itself)."""
        declaring = self.phase == "declare" and self.demo
        return super().timers_running() or declaring

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.marks.draw(surface)
        self.plaques.draw_overlay(surface)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.last.draw_last_trick(surface)  # over everything, the buttons too: they wait while it is open

    def update(self, dt: float) -> None:
        super().update(dt)
        state = (
            self.phase,
            self.must_choose_trump(),
            self.shown.trump,
            self.demo,
            self.undo_available,
            self.last_trick_index() is not None,
            # (the declarations plaque moves as its words change: its buttons go with it)
            tuple(self.announce_box()) if self.phase == "declare" and self.layout is not None else None,
        )
        if state != self._button_state:
            self._button_state = state
            self.build_buttons()
        if self.phase == "declare" and self.sprites and not self.tweens.busy and self.plaques.runs_moved():
            self.sync()  # (a larger text size: the runs go into their hands, or back out of them)
        if self.phase == "declare" and self.shown.trump >= 0 and not self.tweens.busy:
            wait = 2.2 if nothing_declared(self.shown) else 4.5
            if self.demo and self.clock - self._declare_since > wait * max(0.3, self.tweens.factor):
                self.end_declarations()
        if self.banner is not None and self.clock - self.banner[1] > 2.5:
            self.banner = None
        self.maybe_tip()
