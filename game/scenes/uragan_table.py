"""The Uragan table: your hand below, the bot's above, the table cards between, piles, stock and score.

Play by dragging a card onto a table card (capture) or onto the cloth (trail); when the drop allows
several captures the choices light up and you pick one. A click selects a card and a second click
on the table plays it; the keyboard works too (←/→, Enter, 1–9, Esc). In ``book`` claims a play that
breaks a priority waits for the opponent's answer: you are asked in plain words, or you are told
what the bot did and why. The end of each deal counts the points category by category.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from engine import cards as C
from engine.uragan.deck import ROUNDS
from engine.uragan.moves import CLAIM, LET_STAND, Claim, LetStand, Play
from game import i18n
from game.grammar import say
from game.i18n import plural, t
from game.layout import UraganLayout, fan, grid
from game.scenes.uragan_plaques import UraganPlaques
from game.scenes.uragan_words import (
    CATEGORIES,
    CLAIM_PHASE,
    PICK_PHASE,
    PLAY_PHASE,
    card_text,
    default_name,
    hand_order,
    localised_name,
    refusal,
    take_text,
)
from game.tween import Sequence, Wait
from game.widgets.buttons import Button, row_of_buttons
from game.widgets.cards import CardSprite
from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetButton, SheetRow
from game.widgets.table import TableScene, Target


class UraganTable(UraganPlaques, TableScene):
    game = "uragan"

    def __init__(self, app: Any, session: Any, *, demo: bool = False) -> None:
        super().__init__(app, session, demo=demo)
        self.shown = self.match.deal  # the deal on the cloth (the finished one while its score shows)
        self.table_order: list[int] = []
        self.pile_order: list[list[int]] = [[], []]
        self.selected: int | None = None
        self.choice: tuple[int, list[Play]] | None = None  # a card waiting for the player to pick a capture
        self.choice_hover: int | None = None
        self.banner: tuple[str, float] | None = None  # "Uragan!" and when it started
        self.sheet: ScoreSheetScene | None = None
        self._adopt_deal(self.shown)
        # A fresh deal is dealt out with animation once the card images are ready.
        self._opening_pending = not self.shown.history
        self.drag_can_trail = False  # the cloth glows while a card that may be trailed is dragged
        self.sheets_seen = len(self.match.deals_done)  # deals whose score sheet the player closed
        self._sheet_pending = False  # Continue right after a deal ended: its sheet shows again

    # --- starting and restoring ---------------------------------------------------------------------

    @classmethod
    def new_game(
        cls,
        app: Any,
        *,
        demo: bool = False,
        seed: int | None = None,
        level: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> UraganTable:
        from game.saves import Session

        settings = app.settings
        try:
            setup = settings.get("uragan")
            opp_name, level = setup["names"][0], level or setup["levels"][0]
        except Exception:
            opp_name = default_name(1)
        me = getattr(settings, "player_name", None) or default_name(0)
        me, opp_name = localised_name(me, 0), localised_name(opp_name, 1)
        level = level or "club"
        if demo:
            names, seats = [default_name(2), default_name(1)], [level, level]
        else:
            names, seats = [me, opp_name], [None, level]
        store = None if demo else app.store
        session = Session.new(store, "uragan", options or {}, names, seats, seed=seed)
        return cls(app, session, demo=demo)

    @classmethod
    def from_session(cls, app: Any, session: Any) -> UraganTable:
        scene = cls(app, session)
        snap = getattr(session.saved, "table", None)
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
            "sheets_seen": self.sheets_seen,
        }

    def restore_ui(self, state: dict[str, Any]) -> None:
        seen = state.get("sheets_seen")
        if isinstance(seen, int):
            self.sheets_seen = seen
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

    def _adopt_deal(self, deal: Any) -> None:
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

    def player_name(self, seat: int) -> str:
        """A default name follows the interface language ("Вы" becomes "You" when it changes)."""
        name = super().player_name(seat)
        if self.demo:
            return name
        return localised_name(name, 0 if seat in self.humans else 1)

    # --- layout and targets ---------------------------------------------------------------------------

    def make_layout(self, size: tuple[int, int]) -> UraganLayout:
        return UraganLayout.for_size(size)

    def deck_cards(self) -> list[int]:
        from engine.uragan.deck import DECK

        return list(C.cards(DECK))

    def on_warm(self) -> None:
        if self._sheet_pending:
            self._sheet_pending = False
            self.show_deal_score(self.shown)
        if self._opening_pending:
            self._opening_pending = False
            self.deal_opening()

    def layout_origin(self, card: int) -> tuple[float, float]:
        return self.layout.stock

    def opp(self) -> int:
        return 1 - self.me

    def stock_cards(self, deal: Any) -> list[int]:
        out: list[int] = []
        for r in range(deal.round + 1, ROUNDS):
            out += list(C.cards(deal.dealt[2 * r] | deal.dealt[2 * r + 1]))
        return out

    def pending_spot(self, seat: int) -> tuple[float, float]:
        lay = self.layout
        cw, ch = lay.card
        if seat == self.me:
            return (lay.my_hand.centerx + lay.my_hand.width * 0.36 + cw, lay.my_hand.top - ch * 0.35)
        return (lay.opp_hand.centerx + lay.opp_hand.width * 0.36 + cw, lay.opp_hand.bottom + ch * 0.45)

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
        if deal.pending is not None and not deal.is_over():
            x, y = self.pending_spot(deal.turn)
            out[deal.pending.card] = Target(x, y, 0.0, True, 400)
        if choice_card is not None:
            x, y = self.pending_spot(me)
            out[choice_card] = Target(x, y, 0.0, True, 400)
        on_table = [c for c in self.table_order if deal.table >> c & 1]
        on_table += [c for c in C.cards(deal.table) if c not in on_table]
        for i, (c, (x, y)) in enumerate(zip(on_table, grid(len(on_table), lay.table, lay.card), strict=True)):
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

    def on_moved(self, move: Any, before: Any, finished: Any | None) -> None:
        deal = finished if finished is not None else self.match.deal
        self.selected = None
        self.choice = None
        self.clear_highlights()
        seat = before.current_player()
        self.explain_claim(move, before, deal, seat)
        if len(deal.plays) == len(before.plays):  # a play that waits for the claim answer
            self.app.play_sound("play")
            self.sync(duration=0.3)
            return
        rec = deal.plays[-1]
        new_round = deal.round > before.round
        steps: list[Any] = []
        f = self.tweens.factor
        if rec.take and rec.seat not in self.humans and not rec.claimed:
            self.say(
                t(
                    "uragan.took",
                    name=self.player_name(rec.seat),
                    card=card_text(rec.card),
                    take=take_text(rec.take),
                ),
                2.5,
            )
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

            def sweep(rec: Any = rec) -> None:
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
            steps.append(lambda deal=deal: self.sweep_remainder(deal))
            steps.append(Wait(0.7 * f))
            steps.append(lambda deal=deal: self.show_deal_score(deal))
        elif new_round:
            steps.append(lambda: self.deal_round(deal))
        self.tweens.add(Sequence(*steps))

    def whirl(self, rec: Any) -> None:
        """An uragan: the swept cards spin into the pile and the word flashes over the table."""
        self.banner = (t("uragan.banner"), self.clock)
        self.app.play_sound("uragan")
        for c in [*C.cards(rec.take), rec.card]:
            s = self.sprites.get(c)
            if s is not None:
                s.angle -= 360.0

    def sweep_remainder(self, deal: Any) -> None:
        seat, rest = deal.remainder if deal.remainder else (-1, 0)
        if seat >= 0 and rest:
            self.pile_order[seat] += list(C.cards(rest))
            self.say(
                say(
                    "uragan.remainder",
                    self.form(seat),
                    name=self.player_name(seat),
                    cards=plural(C.count(rest), "uragan.n_cards"),
                ),
                3.0,
            )
        self.sync(duration=0.5, stagger=0.04)

    def deal_round(self, deal: Any) -> None:
        """Six more cards each from the stock, one at a time, the dealer's opponent first."""
        first = 1 - deal.dealer
        a = sorted(C.cards(deal.hands[first]))
        b = sorted(C.cards(deal.hands[1 - first]))
        order = [c for pair in zip(a, b, strict=False) for c in pair]
        self.app.play_sound("deal")
        self.sync(duration=0.35, stagger=0.07, order=order)

    def deal_opening(self) -> None:
        """The start of a deal: 3 to the opponent, 3 to the dealer, 4 to the table, 3 and 3 more."""
        deal = self.shown
        lay = self.layout
        for c in list(self.sprites):
            del self.sprites[c]
        for c in C.cards(deal.table0 | deal.dealt[0] | deal.dealt[1]):
            s = self.sprite(c)
            s.x, s.y = lay.stock
        first = 1 - deal.dealer
        h1 = sorted(C.cards(deal.dealt[2 * 0 + first]))
        h2 = sorted(C.cards(deal.dealt[2 * 0 + 1 - first]))
        order = h1[:3] + h2[:3] + list(C.cards(deal.table0)) + h1[3:] + h2[3:]
        self.app.play_sound("shuffle")
        self.sync(duration=0.4, stagger=0.08, order=order)

    def show_deal_score(self, deal: Any) -> None:
        """The score sheet of the deal just finished (and, at the end, of the whole game)."""
        self.message = None
        match = self.match
        over = match.is_over()
        if over:
            won = bool(set(match.winners()) & set(self.humans))
            self.app.play_sound("win" if won or self.demo else "lose")
        self.holds.add("score")
        f = self.tweens.factor
        sheet = ScoreSheetScene(
            self.app, self.deal_sheet(deal), step=0.45 * f, auto=(self.after_sheet if self.demo else None)
        )
        self.sheet = sheet
        self.app.stack.push(sheet)
        self.maybe_review_after_deal()

    def deal_sheet(self, deal: Any) -> Sheet:
        match, me, opp = self.match, self.me, self.opp()
        result = deal.score_breakdown()
        counts, points = result["counts"], result["points"]
        rows = []
        for cat in CATEGORIES:
            detail = "" if cat == "seven" else f"{counts[me][cat]} : {counts[opp][cat]}"
            rows.append(
                SheetRow(
                    t(f"uragan.score.{cat}"),
                    [points[me][cat], points[opp][cat]],
                    detail,
                    accent=cat == "uragans",
                )
            )
        rows.append(
            SheetRow(t("uragan.score.total"), [points[me]["total"], points[opp]["total"]], total=True)
        )
        scores = match.score()
        footer = [
            t("uragan.score.match", me=int(scores[me]), opp=int(scores[opp]), target=match.options.target),
            self.deal_number_text(),
        ]
        title, banner = t("uragan.score.deal_title"), ""
        if match.is_over():
            winners = match.winners()
            if winners and winners[0] in self.humans:
                title = t("table.you_win")
            elif winners:
                title = say("table.winner", self.form(winners[0]), name=self.player_name(winners[0]))
            else:
                title = t("table.game_over")
            banner = t("table.double_win") if match.double else ""
        if match.is_over() and not self.demo:
            buttons = [
                SheetButton("new", t("table.new_game"), self.new_game_after, pygame.K_RETURN, True),
                SheetButton("menu", t("table.to_menu"), self.menu_after, pygame.K_ESCAPE),
            ]
        else:
            buttons = [SheetButton("next", t("common.continue"), self.after_sheet, pygame.K_RETURN, True)]
        if not self.demo and self.humans:
            number = len(match.deals_done) if deal in match.deals_done else len(match.deals_done) + 1
            buttons += [
                SheetButton("review", t("sheet.review"), lambda: self.review_deal(number), pygame.K_r, row=1),
                SheetButton("record", t("sheet.save_record"), self.save_record, row=1),
            ]
        columns = [self.player_name(me), self.player_name(opp)]
        return Sheet(title, columns, rows, footer, banner, buttons, suits=self.suits())

    def after_sheet(self) -> None:
        """The sheet is closed: the next deal (or, in a demo after the last deal, a new game)."""
        self.app.stack.remove(self.sheet)
        if self.match.is_over():
            self.new_game_after()
        else:
            self.next_deal()

    def new_game_after(self) -> None:
        app = self.app
        app.stack.remove(self.sheet)
        app.stack.remove(self)
        from game.scenes import open_table

        level = next((lv for lv in self.levels if lv), "club")
        open_table(app, "uragan", demo=self.demo, level=level, options=self.match.options.to_dict())

    def menu_after(self) -> None:
        self.app.stack.remove(self.sheet)
        self.app.stack.remove(self)

    def next_deal(self) -> None:
        """The score sheet was closed: show the deal the match has already dealt."""
        self.holds.discard("score")
        self.banner = None
        self.message = None
        if self.match.is_over():
            return
        self.sheets_seen = len(self.match.deals_done)
        self._adopt_deal(self.match.deal)
        self.keep_snapshot()
        self.deal_opening()

    def explain_claim(self, move: Any, before: Any, deal: Any, seat: int) -> None:
        """Tell the player what became of a priority-breaking play, in plain words."""
        if isinstance(move, (Claim, LetStand)) and before.pending is not None:
            b = before.pending
            offender = before.turn
            claimant = 1 - offender
            rule = self.breach_text(b)
            if isinstance(move, LetStand):
                key = "uragan.claim.you_let_stand" if claimant in self.humans else "uragan.claim.let_stand"
                self.say(t(key, name=self.player_name(claimant), rule=rule), 4.0)
            elif offender in self.humans:
                key = (
                    "uragan.claim.bot_claimed_pick"
                    if deal.phase == PICK_PHASE
                    else "uragan.claim.bot_claimed"
                )
                self.say(t(key, name=self.player_name(claimant), rule=rule), 7.0, "claim")
            else:
                self.say(t("uragan.claim.you_claimed", name=self.player_name(claimant), rule=rule), 5.0)

    def breach_text(self, b: Any) -> str:
        card = card_text(b.card)
        if b.kind == "equal":
            equal = " / ".join(take_text(tk) for tk in b.demanded)
            return t("uragan.rule.equal", card=card, equal=equal)
        return t("uragan.rule.trail", card=card, options=" / ".join(take_text(tk) for tk in b.demanded))

    # --- the human's hand ----------------------------------------------------------------------------

    def legal_for(self, card: int) -> list[Play]:
        return [m for m in self.match.legal_moves() if isinstance(m, Play) and m.card == card]

    def clear_highlights(self) -> None:
        for s in self.sprites.values():
            s.highlight = None

    def highlight_targets(self, card: int) -> None:
        self.clear_highlights()
        for m in self.legal_for(card):
            for c in C.cards(m.take):
                if c in self.sprites:
                    self.sprites[c].highlight = "legal"

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

    # --- the hint ---------------------------------------------------------------------------------------

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
        self.say(t("table.hint.move", move=self.hint_text(move)), 6.0, "hint")

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
            self.fx.tween(self.sprites[card], 0.12, lift=0.22)
            self.highlight_targets(card)

    def open_choice(self, card: int, options: list[Play]) -> None:
        """Several plays are possible: park the card, light the options, let the player pick."""
        self.choice = (card, options)
        self.selected = None
        self.clear_highlights()
        for m in options:
            for c in C.cards(m.take):
                if c in self.sprites:
                    self.sprites[c].highlight = "choice"
        self.sync(duration=0.2)
        self.build_buttons()

    def close_choice(self) -> None:
        self.choice = None
        self.clear_highlights()
        self.sync(duration=0.2)
        self.build_buttons()

    def choose(self, index: int) -> None:
        if self.choice is None:
            moves = self.pick_moves()
            if 0 <= index < len(moves):
                self.submit(moves[index])
            return
        card, options = self.choice
        if 0 <= index < len(options):
            self.choice = None
            self.submit(options[index])
            self.build_buttons()

    def pick_moves(self) -> list[Play]:
        """The captures the human must choose between after the bot's claim (PICK phase)."""
        if self.is_human_turn() and self.shown.phase == PICK_PHASE and self.match.deal is self.shown:
            return [m for m in self.match.legal_moves() if isinstance(m, Play)]
        return []

    def claim_prompt(self) -> bool:
        return self.is_human_turn() and self.shown.phase == CLAIM_PHASE and self.match.deal is self.shown

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
        if self.humans and not self.demo:
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
        chips: list[Button] = []
        if self.choice is not None:
            for i, m in enumerate(self.choice[1]):
                label = f"{i + 1}. " + (take_text(m.take) if m.take else t("uragan.trail"))
                chips.append(
                    Button(
                        f"choice{i}",
                        label,
                        pygame.Rect(0, 0, 10, bh),
                        lambda i=i: self.choose(i),
                        pygame.K_1 + i if i < 9 else None,
                        accent=True,
                    )
                )
            chips.append(
                Button(
                    "cancel",
                    t("uragan.cancel"),
                    pygame.Rect(0, 0, 10, bh),
                    self.close_choice,
                    pygame.K_ESCAPE,
                )
            )
        elif self.pick_moves():
            for i, m in enumerate(self.pick_moves()):
                chips.append(
                    Button(
                        f"pick{i}",
                        f"{i + 1}. {take_text(m.take)}",
                        pygame.Rect(0, 0, 10, bh),
                        lambda i=i: self.choose(i),
                        pygame.K_1 + i if i < 9 else None,
                        accent=True,
                    )
                )
        elif self.claim_prompt():
            chips.append(
                Button(
                    "claim",
                    t("uragan.claim.claim"),
                    pygame.Rect(0, 0, 10, bh),
                    lambda: self.answer_claim(CLAIM),
                    pygame.K_y,
                    accent=True,
                )
            )
            chips.append(
                Button(
                    "stand",
                    t("uragan.claim.let_it_stand"),
                    pygame.Rect(0, 0, 10, bh),
                    lambda: self.answer_claim(LET_STAND),
                    pygame.K_n,
                )
            )
        if chips:
            row_of_buttons(chips, (w // 2, self.chip_y()), bh, self.text, fs)
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
            self.choice_hover,
            self.drag_can_trail,
            self._button_look(),
        )

    def _button_look(self) -> tuple[Any, ...]:
        return tuple((b.key, b.hover, b.enabled, b.label) for b in self.buttons)

    def on_undone(self) -> None:
        self.choice = None
        self.selected = None
        self.banner = None
        self.clear_highlights()
        self._adopt_deal(self.match.deal)
        self._opening_pending = False
        self.say(t("table.undone"), 2.0)
        self.sync(duration=0.3)

    def answer_claim(self, move: Any) -> None:
        error = self.propose(move)
        if error:
            self.refuse(error)
        self.build_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.click_table(event.pos)
        if event.type == pygame.MOUSEMOTION and self.choice is not None:
            self.choice_hover = None
            for i, b in enumerate(self.buttons):
                if b.key.startswith("choice") and b.rect.collidepoint(event.pos):
                    self.choice_hover = i - 1
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return False

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

    def key(self, key: int) -> bool:
        if key == pygame.K_z and pygame.key.get_mods() & pygame.KMOD_CTRL or key == pygame.K_BACKSPACE:
            self.undo()
            return True
        if key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.select(None)
            else:
                self.to_menu()
            return True
        if not self.can_play_card_now() or self.tweens.busy or self.holds:
            return False
        hand = sorted(C.cards(self.shown.hands[self.me]), key=hand_order)
        if not hand:
            return False
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

    # --- the frame -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        want = (self.choice is not None, bool(self.pick_moves()), self.claim_prompt(), self.undo_available)
        if want != getattr(self, "_button_state", None):
            self._button_state = want
            self.build_buttons()
        if self.banner is not None and self.clock - self.banner[1] > 1.8:
            self.banner = None
