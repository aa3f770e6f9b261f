"""How an Uragan deal comes and goes: the opening deal, each round from the stock, the remainder
swept at the end, the score sheet and what follows it (a mixin of ``UraganTable``)."""

from __future__ import annotations

from typing import Any

import pygame

from engine import cards as C
from game.uragan.words import CATEGORIES
from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetButton, SheetRow
from game.words.grammar import say
from game.words.i18n import plural, t


class UraganFlow:
    """The deal's beginning and end for ``UraganTable`` (uses its ``match``, ``shown``, ``sync`` …)."""

    match: Any
    shown: Any
    app: Any

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
        from game.screens import open_new_game, open_table

        if not self.demo:
            open_new_game(app)  # the options again, never an instant deal with the old ones
            return
        level = next((lv for lv in self.levels if lv), "club")
        open_table(app, "uragan", demo=True, level=level, options=self.match.options.to_dict())

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
