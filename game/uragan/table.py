"""The Uragan table: your hand below, the bot's above, the table cards between, piles, stock and score.

Play by dragging a card onto a table card (capture) or onto the cloth (trail); when the drop allows
several captures the choices light up and you pick one. A click selects a card and a second click
on the table plays it; the keyboard works too (←/→, Enter, 1–9, Esc). In ``book`` claims a play that
breaks a priority waits for the opponent's answer: you are asked in plain words, or you are told
what the bot did and why. The end of each deal counts the points category by category.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame

from engine import cards as C
from engine.state import IllegalMove
from engine.uragan.deal import Deal
from engine.uragan.deck import ROUNDS
from engine.uragan.moves import Claim, LetStand, Move, Play
from game.layout import UraganLayout, fan, grid, text_edge
from game.tween import Sequence, Wait
from game.uragan.choice import UraganChoice
from game.uragan.flow import UraganFlow
from game.uragan.hand import UraganHand
from game.uragan.log import UraganLog, entry_text
from game.uragan.plaques import UraganPlaques
from game.uragan.words import (
    PICK_PHASE,
    PLAY_PHASE,
    card_text,
    default_name,
    hand_order,
    localised_name,
    take_text,
)
from game.widgets.buttons import Button, row_of_buttons
from game.widgets.cards import CardSprite
from game.widgets.table import ShownMatch, TableScene, Target
from game.words.i18n import t

if TYPE_CHECKING:
    from engine.uragan.claim import Breach
    from engine.uragan.legal import PlayRecord
    from game.app import App
    from game.store.saves import Session
    from game.uragan.speech import UraganNarrator


class UraganTable(TableScene):
    """The table holds the deal shown, the order of the cloth and the piles, and its parts, each owning its
    state and reading the table through a Protocol of what it needs: ``hand`` (the card picked, drags, clicks,
    keys), ``prompts`` (the capture chooser, the claim question, the pick), ``log`` (the move log),
    ``plaques`` (what is drawn besides the cards) and ``flow`` (a deal's opening, rounds, end and score
    sheet). Its methods are the verbs the base, the replay viewer and the checks call."""

    game = "uragan"

    def __init__(self, app: App, session: Session | ShownMatch, *, demo: bool = False) -> None:
        super().__init__(app, session, demo=demo)
        self.log = UraganLog(self)
        self.plaques = UraganPlaques(self)
        self.hand = UraganHand(self)
        self.prompts = UraganChoice(self)
        self.flow = UraganFlow(self, len(self.match.deals_done))
        self.shown: Deal = self.match.deal  # the deal on the cloth (the finished one while its score shows)
        self.table_order: list[int] = []
        self.pile_order: list[list[int]] = [[], []]
        self.banner: tuple[str, float] | None = None  # "Uragan!" and when it started
        self._adopt_deal(self.shown)
        # A fresh deal is dealt out with animation once the card images are ready.
        self._opening_pending: bool = not self.shown.history
        self._sheet_pending = False  # Continue right after a deal ended: its sheet shows again
        self._button_state: tuple[Any, ...] | None = None  # what the buttons were last built for

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
    ) -> UraganTable:
        from game.store.saves import Session

        settings = app.settings
        try:
            setup = settings.get("uragan")
            opp_name, level = setup["names"][0], level or setup["levels"][0]
        except (KeyError, IndexError, TypeError):  # no New game choices kept yet
            opp_name = default_name(1)
        me = settings.player_name or default_name(0)
        me, opp_name = localised_name(me, 0), localised_name(opp_name, 1)
        level = level or "club"
        seats: list[str | None]
        if demo:
            names, seats = [default_name(2), default_name(1)], [level, level]
        else:
            names, seats = [me, opp_name], [None, level]
        store = None if demo else app.store
        session = Session.new(store, "uragan", options or {}, names, seats, seed=seed)
        return cls(app, session, demo=demo)

    @classmethod
    def from_session(cls, app: App, session: Session) -> UraganTable:
        scene = cls(app, session)
        snap = session.saved.table
        if snap:
            scene.restore_ui(snap)
        scene.resume_sheet(snap or {})
        return scene

    def resume_sheet(self, snap: dict[str, Any]) -> None:
        """Saved right after a deal ended (its sheet not yet closed): show that deal and its sheet again."""
        match = self.match
        done = match.deals_done
        seen = snap.get("sheets_seen")
        if not isinstance(seen, int):
            seen = len(done) - 1  # an older save: a deal not yet begun means its sheet was pending
        if not done or seen >= len(done) or match.is_over() or match.deal.history:
            return
        self._adopt_deal(done[-1])
        self._opening_pending = False
        self._sheet_pending = True

    def ui_state(self) -> dict[str, Any]:
        """The UI-only bits worth keeping with a save (the order cards lie on the cloth and in piles)."""
        return {
            "table_order": [C.name(c) for c in self.table_order],
            "pile_order": [[C.name(c) for c in p] for p in self.pile_order],
            "sheets_seen": self.flow.sheets_seen,
        }

    def restore_ui(self, state: dict[str, Any]) -> None:
        seen = state.get("sheets_seen")
        if isinstance(seen, int):
            self.flow.sheets_seen = seen
        with contextlib.suppress(Exception):
            order = [C.parse(x) for x in state.get("table_order", [])]
            deal = self.shown
            self.table_order = [c for c in order if deal.table >> c & 1]
            self.table_order += [c for c in C.cards(deal.table) if c not in self.table_order]
            piles = state.get("pile_order")
            if piles:
                for s in (0, 1):
                    saved = [C.parse(x) for x in piles[s]]
                    self.pile_order[s] = [c for c in saved if deal.piles[s] >> c & 1]
                    self.pile_order[s] += [c for c in C.cards(deal.piles[s]) if c not in self.pile_order[s]]

    def match_replaced(self) -> None:
        """The controller's match was built again (a guest told its seat's whole story): its deal as it is."""
        if self.shown is not self.match.deal and self.shown.is_over():
            return  # a finished deal's score shows: the deal in progress is taken up when it closes
        self.tweens.finish_all()
        self._opening_pending = False
        self._adopt_deal(self.match.deal)
        self.sync(instant=True)

    def _adopt_deal(self, deal: Deal) -> None:
        self.shown = deal
        self.table_order = [c for c in C.cards(deal.table0) if deal.table >> c & 1]
        self.table_order += [
            c
            for p in deal.plays
            if not p.take
            for c in [p.card]
            if deal.table >> c & 1 and c not in self.table_order
        ]
        self.table_order += [c for c in C.cards(deal.table) if c not in self.table_order]
        self.pile_order = [[], []]
        for p in deal.plays:
            if p.take:
                self.pile_order[p.seat] += [c for c in C.cards(p.take)] + [p.card]
        for s in (0, 1):
            self.pile_order[s] += [c for c in C.cards(deal.piles[s]) if c not in self.pile_order[s]]

    # --- layout and targets ---------------------------------------------------------------------------

    def make_layout(self, size: tuple[int, int]) -> UraganLayout:
        return self.table_clear_of_score(UraganLayout.for_size(size, self.card_scale()))

    def table_clear_of_score(self, lay: UraganLayout) -> UraganLayout:
        """Names on two lines (long names) make the score plaque taller: the cards on the table start
        right of it when it reaches down beside them."""
        before, self.layout = self.layout, lay
        try:
            rect = self.score_rect()
            bottom = rect.bottom
        finally:
            self.layout = before
        gap = max(8, lay.size[0] // 100)
        if bottom > lay.table.top and lay.score.right + gap > lay.table.left:
            lay.table.width -= lay.score.right + gap - lay.table.left
            lay.table.left = lay.score.right + gap
        if self.app.text.scale != 1.0:  # room for an uragan's point that may come to be said there
            bottom += self.text.font(self.font_size(0.018), "bold").get_height()
        if getattr(self, "demo", False):  # the demonstration's word under the plaque
            lines = len(self.plaques.demo_lines(rect))
            bottom += lines * self.text.font(self.font_size(0.019), "italic").get_height() + 6
        stock_top = lay.stock[1] - lay.card[1] // 2 - 12  # (its pile leans up and left)
        if bottom + gap > stock_top:  # a larger text size or large cards: the stock goes down under it
            lay.stock = (lay.stock[0], lay.stock[1] + bottom + gap - stock_top)
        return lay

    def deck_cards(self) -> list[int]:
        from engine.uragan.deck import DECK

        return list(C.cards(DECK))

    def on_warm(self) -> None:
        if self._sheet_pending:
            self._sheet_pending = False
            self.show_deal_score(self.shown)
        if self._opening_pending:
            self._opening_pending = False
            self.flow.deal_opening()

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Under the opponent's pile and its count, in the right column (quiet mid-deal)."""
        lay = self.layout
        px, py = lay.my_pile if self.me == 1 else lay.opp_pile
        line = self.text.font(self.font_size(0.022)).get_linesize()
        return ("midtop", (int(px), int(py + lay.card[1] * 0.56) + line + 4))

    def layout_origin(self, card: int) -> tuple[float, float]:
        return self.layout.stock

    def opp(self) -> int:
        return 1 - self.me

    def stock_cards(self, deal: Deal) -> list[int]:
        out: list[int] = []
        for r in range(deal.round + 1, ROUNDS):
            out += list(C.cards(deal.dealt[2 * r] | deal.dealt[2 * r + 1]))
        return out

    def targets(self) -> dict[int, Target]:
        deal, lay = self.shown, self.layout
        cw, ch = lay.card
        out: dict[int, Target] = {}
        if self._opening_pending:  # not dealt out yet: the whole deck waits in the stock
            deck = self.deck_cards()
            return {
                c: Target(lay.stock[0] - i * 0.4, lay.stock[1] - i * 0.4, 0.0, False, i)
                for i, c in enumerate(deck)
            }
        me, opp = self.me, self.opp()
        choice_card = self.choice[0] if self.choice else None
        mine = sorted((c for c in C.cards(deal.hands[me]) if c != choice_card), key=hand_order)
        for i, (c, (x, y, a)) in enumerate(
            zip(
                mine,
                fan(
                    len(mine), lay.my_hand.centerx, lay.my_hand.centery, cw, lay.my_hand.width, 0.0, ch * 0.04
                ),
                strict=True,
            )
        ):
            if c == choice_card:
                continue
            out[c] = Target(x, y, a, True, 200 + i)
        theirs = sorted(C.cards(deal.hands[opp]))
        for i, (c, (x, y, a)) in enumerate(
            zip(
                theirs,
                fan(
                    len(theirs),
                    lay.opp_hand.centerx,
                    lay.opp_hand.centery,
                    cw,
                    lay.opp_hand.width,
                    0.0,
                    -ch * 0.04,
                ),
                strict=True,
            )
        ):
            out[c] = Target(x, y, a, False, 150 + i)
        waiting = self.prompts.waiting_card()
        if waiting is not None:
            x, y = self.prompts.play_spot()
            out[waiting] = Target(x, y, 0.0, True, 400)
        on_table = [c for c in self.table_order if deal.table >> c & 1]
        on_table += [c for c in C.cards(deal.table) if c not in on_table]
        area = self.prompts.table_area()
        for i, (c, (x, y)) in enumerate(zip(on_table, grid(len(on_table), area, lay.card), strict=True)):
            out[c] = Target(x, y, 0.0, True, 60 + i)
        marked = {m.card for m in deal.marks}
        for s in (0, 1):
            px, py = lay.my_pile if s == me else lay.opp_pile
            pile = [c for c in self.pile_order[s] if deal.piles[s] >> c & 1]
            pile += [c for c in C.cards(deal.piles[s]) if c not in pile]
            n_marks = 0
            for i, c in enumerate(pile):
                if c in marked:  # uragan markers: face up, crosswise, fanned beside the pile
                    out[c] = Target(px - cw * 0.25 + n_marks * cw * 0.16, py, 90.0, True, 120 + n_marks)
                    n_marks += 1
                else:
                    off = min(i, 24) * 0.35
                    out[c] = Target(px + cw * 0.15 - off, py - off, 0.0, False, 20 + i)
        for i, c in enumerate(self.stock_cards(deal)):
            off = i * 0.4
            out[c] = Target(lay.stock[0] - off, lay.stock[1] - off, 0.0, False, i)
        return out

    def can_play_card(self) -> bool:
        return (
            self.is_human_turn()
            and self.match.deal is self.shown
            and self.shown.phase == PLAY_PHASE
            and not self.busy()
        )

    # --- moves, animated --------------------------------------------------------------------------------

    def on_moved(self, move: Move, before: Deal, finished: Deal | None) -> None:
        deal = finished if finished is not None else self.match.deal
        seat = before.current_player()
        kept = self.selected
        mine = seat in self.humans or finished is not None
        if kept is not None and (mine or not deal.hands[self.me] >> kept & 1):
            kept = None  # a card picked ahead of the turn stays picked through the bot's move
        if self.selected is not None and kept is None and self.selected in self.sprites:
            self.sprites[self.selected].lift = 0.0
        self.selected = kept
        self.choice = None
        self.hand.clear_highlights()
        if kept is not None and kept in self.sprites:
            self.sprites[kept].highlight = "selected"
        self.explain_claim(move, before, deal, seat)
        if len(deal.plays) == len(before.plays):  # a play that waits for the claim answer
            self.app.play_sound("play")
            self.sync(duration=0.3)
            return
        rec = deal.plays[-1]
        new_round = deal.round > before.round
        steps: list[Any] = []
        f = self.tweens.factor
        if rec.seat not in self.humans and self.humans and not isinstance(move, (Claim, LetStand)):
            # what the opponent did stays until the player acts (at least ~4 s): never missed
            self.say(entry_text(rec, self.player_name(rec.seat)), 4.0, sticky=True)
        if rec.take:
            self.app.play_sound("capture")
            target = min(C.cards(rec.take), key=lambda c: self.sprites[c].x if c in self.sprites else 0)
            ts = self.sprites.get(target)
            ps = self.sprite(rec.card)
            ps.z = 500
            if ts is not None:
                self.tweens.tween(
                    ps,
                    0.3,
                    x=ts.x + self.layout.card[0] * 0.28,
                    y=ts.y + self.layout.card[1] * 0.12,
                    angle=0.0,
                    turn=1.0,
                    lift=0.0,
                )
            for c in C.cards(rec.take):
                if c in self.sprites:
                    self.sprites[c].highlight = "choice"
            steps.append(Wait(0.65 * f))

            def sweep(rec: PlayRecord = rec) -> None:
                for c in [*C.cards(rec.take), rec.card]:
                    if c in self.sprites:
                        self.sprites[c].highlight = None
                self.pile_order[rec.seat] += [*C.cards(rec.take), rec.card]
                if rec.uragan:
                    self.whirl(rec)
                self.sync(duration=0.5, stagger=0.05)

            steps.append(sweep)
            steps.append(Wait((0.55 + (0.6 if rec.uragan else 0.0)) * f))
        else:
            self.app.play_sound("play")
            self.table_order.append(rec.card)
            self.sync(duration=0.35)
            steps.append(Wait(0.35 * f))
        if deal.is_over():
            steps.append(lambda deal=deal: self.flow.sweep_remainder(deal))
            steps.append(Wait(0.7 * f))
            steps.append(lambda deal=deal: self.show_deal_score(deal))
        elif new_round:
            steps.append(lambda: self.flow.deal_round(deal))
        self.tweens.add(Sequence(*steps))

    def show_deal_score(self, deal: Deal) -> None:
        """The score sheet of the deal just finished (``flow``; the replay viewer shows none)."""
        self.flow.show_deal_score(deal)

    def after_sheet(self) -> None:
        self.flow.after_sheet()

    def whirl(self, rec: PlayRecord) -> None:
        """An uragan: the swept cards spin into the pile and the word flashes over the table."""
        self.banner = (t("uragan.banner"), self.clock)
        self.app.play_sound("uragan")
        for c in [*C.cards(rec.take), rec.card]:
            s = self.sprites.get(c)
            if s is not None:
                s.angle -= 360.0

    def explain_claim(self, move: Move, before: Deal, deal: Deal, seat: int) -> None:
        """Tell the player what became of a priority-breaking play, in plain words."""
        if isinstance(move, (Claim, LetStand)) and before.pending is not None:
            b = before.pending
            offender = before.turn
            claimant = 1 - offender
            rule = self.breach_text(b)
            if isinstance(move, LetStand):
                key = "uragan.claim.you_let_stand" if claimant in self.humans else "uragan.claim.let_stand"
                bot = claimant not in self.humans
                self.say(t(key, name=self.player_name(claimant), rule=rule), 4.0, sticky=bot)
            elif offender in self.humans:
                key = (
                    "uragan.claim.bot_claimed_pick"
                    if deal.phase == PICK_PHASE
                    else "uragan.claim.bot_claimed"
                )
                self.say(t(key, name=self.player_name(claimant), rule=rule), 7.0, "claim", sticky=True)
            else:
                self.say(t("uragan.claim.you_claimed", name=self.player_name(claimant), rule=rule), 5.0)

    def breach_text(self, b: Breach) -> str:
        card = card_text(b.card)
        if b.kind == "equal":
            equal = " / ".join(take_text(tk) for tk in b.demanded)
            return t("uragan.rule.equal", card=card, equal=equal)
        return t("uragan.rule.trail", card=card, options=" / ".join(take_text(tk) for tk in b.demanded))

    # --- the player's hand and the prompts (``hand``, ``prompts``): what the base, the replay viewer and
    # the checks drive ---------------------------------------------------------------------------------

    @property
    def selected(self) -> int | None:
        """The card of the hand picked (raised) to be played."""
        return self.hand.selected

    @selected.setter
    def selected(self, card: int | None) -> None:
        self.hand.selected = card

    @property
    def choice(self) -> tuple[int, list[Play]] | None:
        """A card parked while the player picks which capture it makes, and the options."""
        return self.prompts.choice

    @choice.setter
    def choice(self, choice: tuple[int, list[Play]] | None) -> None:
        self.prompts.choice = choice

    def draggable(self) -> list[CardSprite]:
        return self.hand.draggable()

    def on_drag_start(self, sprite: CardSprite) -> None:
        self.hand.on_drag_start(sprite)

    def on_drop(self, sprite: CardSprite, pos: tuple[int, int]) -> None:
        self.hand.on_drop(sprite, pos)

    def on_click(self, sprite: CardSprite) -> None:
        self.hand.on_click(sprite)

    def click_table(self, pos: tuple[int, int]) -> bool:
        return self.hand.click_table(pos)

    def legal_for(self, card: int) -> list[Play]:
        return self.hand.legal_for(card)

    def select(self, card: int | None) -> None:
        self.hand.select(card)

    def submit(self, move: Play, sprite: CardSprite | None = None) -> None:
        self.hand.submit(move, sprite)

    def propose(self, move: Any) -> str | None:
        self.hand.proposed = move  # a refusal names what was wrong with it (refusal_text)
        try:
            return super().propose(move)
        finally:
            self.hand.proposed = None

    def refusal_text(self, err: IllegalMove) -> str:
        text = self.hand.refusal_text(err)
        self._refused: tuple[str, IllegalMove] | None = (text, err)  # said in words by spoken_refusal
        return text

    def spoken_refusal(self, reason: str) -> str:
        refused, self._refused = getattr(self, "_refused", None), None
        if refused is None or refused[0] != reason:
            return reason
        from game.uragan.speech import refusal_words

        return refusal_words(refused[1].key, refused[1].params) or reason

    def highlight_hint(self, move: Any) -> None:
        self.hand.highlight_hint(move)

    def narrator(self) -> UraganNarrator:
        from game.uragan.speech import UraganNarrator

        return UraganNarrator(self)

    def hint_text(self, move: Any) -> str:
        return self.hand.hint_text(move)

    def hint_button_key(self, move: Any) -> str | None:
        return self.hand.hint_button_key(move)

    def prompt_open(self) -> bool:
        return self.prompts.prompt_open()

    def claim_prompt(self) -> bool:
        return self.prompts.claim_prompt()

    def pick_moves(self) -> list[Play]:
        return self.prompts.pick_moves()

    def open_choice(self, card: int, options: list[Play]) -> None:
        self.prompts.open_choice(card, options)

    def close_choice(self) -> None:
        self.prompts.close_choice()

    def choose(self, index: int) -> None:
        self.prompts.choose(index)

    def answer_claim(self, move: Any) -> None:
        self.prompts.answer_claim(move)

    # --- buttons, keys, mouse -----------------------------------------------------------------------

    def build_buttons(self) -> None:
        lay = self.layout
        if lay is None:
            return
        w, h = lay.size
        bh = self.button_height()
        fs = self.font_size(0.026)
        menu = Button("menu", t("table.menu"), pygame.Rect(0, 0, 10, bh), self.to_menu)
        top = [menu]
        if self.humans and not self.demo and self.play is not None:  # (a seat at a hosted table: neither)
            top.insert(0, self.make_undo_button(bh))
            hint = self.make_hint_button(bh)
            hint.enabled = self.hint_available()
            top.insert(0, hint)
        row_of_buttons(top, (0, lay.inset + bh // 2), bh, self.text, fs, gap=10)
        shift = w - lay.inset - top[-1].rect.right  # right-aligned in the corner, inside the rail
        for b in top:
            b.rect.x += shift
        self.fit_opponent_hand(top[0].rect.left)
        self.buttons = list(top)
        chips = self.prompts.prompt_chips(bh)
        self.prompts.place_chips(chips, fs)
        self.buttons += chips

    def fit_opponent_hand(self, buttons_left: int) -> None:
        """The bot's hand lies between the score plaque and the buttons, never under either."""
        lay = self.layout
        gap = max(12, lay.size[0] // 80)
        left, right = lay.score.right + gap, buttons_left - gap
        hand = lay.opp_hand
        width = min(int(lay.size[0] * 0.4), right - left)
        centre = min(max(lay.size[0] // 2, left + width // 2), right - width // 2)
        if (hand.width, hand.centerx) != (width, centre):
            lay.opp_hand = pygame.Rect(0, hand.y, width, hand.height)
            lay.opp_hand.centerx = centre
            if self.sprites and not self.busy():  # (a resize syncs right after this anyway)
                self.sync()

    def look(self) -> tuple[Any, ...]:
        return (
            *super().look(),
            self.banner,
            self.selected,
            self.choice is not None,
            self.prompts.hover,
            self.prompts.focus,
            self.log.open,
            self.hand.drag_can_trail,
            self._button_look(),
        )

    def _button_look(self) -> tuple[Any, ...]:
        return tuple((b.key, b.hover, b.enabled, b.label) for b in self.buttons)

    def on_undone(self) -> None:
        self.choice = None
        self.prompts.hover = self.prompts.focus = None
        self.selected = None
        self.banner = None
        self.hand.clear_highlights()
        self._adopt_deal(self.match.deal)
        self._opening_pending = False
        self.say(t("table.undone"), 2.0)
        self.sync(duration=0.3)

    def draw(self, surface: pygame.Surface) -> None:
        if self.log.open:  # the prompt's buttons wait under the log (it has every click and key)
            shown = self.buttons
            prompt = ("choice", "pick", "claim", "stand", "cancel")
            self.buttons = [b for b in shown if not b.key.startswith(prompt)]
            try:
                super().draw(surface)
            finally:
                self.buttons = shown
        else:
            super().draw(surface)
        self.log.draw_panel(surface)  # over everything

    def layout_boxes(self) -> list[Any]:
        """The table's boxes for the layout check, with the log's glance, the prompt's plaque and, while
        it is open, the log's panel (an opaque sheet: what lies under it is hidden, not covered)."""
        from game.widgets.boxes import Box

        out = super().layout_boxes()
        panel = self.log.panel_rect() if self.log.open else None
        if panel is not None:
            out = [b for b in out if b.kind not in ("card", "control") or not b.rect.colliderect(panel)]
        if not self.log.open:  # an empty pile's ring is a card's place: nothing may lie across it
            out += [
                Box(
                    "card place of your pile" if s == self.me else "card place of the opponent's pile",
                    "card",
                    self.plaques.pile_outline(s),
                )
                for s in self.plaques.empty_piles()
            ]
        shown = self.glance_boxes() + ([] if self.log.open else self.prompts.prompt_boxes())
        out += [Box(name, "plaque", rect) for name, rect in shown]
        out += [Box(name, "plaque", rect) for name, rect in self.log.boxes()]
        spot = self.prompts.waiting_spot()
        if spot is not None:  # the caption over the waiting card: a notice keeps clear of it
            out.append(Box("uragan.about_to_play", "label", spot[2], text=t("story.about_to_play")))
        return out

    # --- what is drawn besides the cards (``plaques``) --------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        self.plaques.draw_table(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.plaques.draw_overlay(surface)

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        if self.prompt_open() or self.log.open:
            return  # the prompt speaks now (a claim's news is its first line)
        super().draw_message(surface, midbottom)

    def message_room(self) -> int:
        """Between the stock and the piles' places (their rings), centred as the plaque is."""
        lay = self.layout
        ring_left = min(lay.my_pile[0], lay.opp_pile[0]) - lay.card[0] // 2 - 12
        room = min(super().message_room(), 2 * (ring_left - lay.size[0] // 2) - 8)
        if self.app.text.scale != 1.0:  # and clear of the stock's words (wider than its card, larger text)
            label = self.text.font(self.font_size(0.022)).size(t("uragan.stock", n=88))[0]
            right = max(int(lay.stock[0]) + label // 2, text_edge(lay.size) + label)
            room = min(room, 2 * (lay.size[0] // 2 - right) - 16)
        return room

    def turn_seat(self) -> int | None:
        """The seat the turn marker stands at (none between deals or once the match is over)."""
        match = self.match
        if match.is_over() or self.shown is not match.deal or self.shown.is_over() or self._opening_pending:
            return None
        return int(match.current_player())

    def score_rect(self) -> pygame.Rect:
        return self.plaques.score_rect()

    def last_play_box(self) -> tuple[pygame.Rect, str] | None:
        return self.plaques.last_play_box()

    def last_play_tag_rect(self) -> pygame.Rect | None:
        return self.plaques.last_play_tag_rect()

    def draw_last_play(self, surface: pygame.Surface) -> None:
        self.plaques.draw_last_play(surface)

    # --- the log (the replay viewer draws and opens it through these too) ---------------------------------

    def log_event(self, event: pygame.event.Event) -> bool:
        return self.log.event(event)

    def log_click(self, pos: tuple[int, int]) -> bool:
        return self.log.click(pos)

    def toggle_log(self) -> None:
        self.log.toggle()

    def glance_boxes(self) -> list[tuple[str, pygame.Rect]]:
        return self.log.glance_boxes()

    def draw_log_glance(self, surface: pygame.Surface) -> None:
        self.log.draw_glance(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.log_event(event):
            self.note_action(event)
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.log_click(event.pos) or self.click_table(event.pos)
        if event.type == pygame.MOUSEMOTION and self.prompts.options():
            self.prompts.hover_option(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.hand.key(event.key, getattr(event, "mod", 0))
        return False

    # --- the frame -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.hand.relight_pick()
        want = (
            self.choice is not None,
            bool(self.pick_moves()),
            self.claim_prompt(),
            self.undo_available,
            self.prompts.prompt_text() if self.prompt_open() else None,
        )
        if want != self._button_state:
            self._button_state = want
            self.build_buttons()
        if self.banner is not None and self.clock - self.banner[1] > 1.8:
            self.banner = None
