"""How an Uragan deal comes and goes: the opening deal, each round from the stock, the remainder
swept at the end, the score sheet and what follows it (a part of ``UraganTable``)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from game.uragan.words import CATEGORIES
from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetButton, SheetRow
from game.words.grammar import say
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from engine.uragan.deal import Deal
    from engine.uragan.match import Match
    from game.app import App
    from game.layout import UraganLayout
    from game.tween import Tweener
    from game.widgets.cards import CardSprite
    from game.widgets.table import Message


class FlowHost(Protocol):
    """What the deal's flow reads from its table: the app (sounds, the scene stack), the match and the deal
    shown, the places and sprites, the seats, the order of the piles it adds to, and the table's verbs."""

    @property
    def app(self) -> App: ...
    @property
    def match(self) -> Match: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def layout(self) -> UraganLayout: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
    @property
    def tweens(self) -> Tweener: ...
    @property
    def holds(self) -> set[str]: ...
    @property
    def pile_order(self) -> list[list[int]]: ...
    @property
    def me(self) -> int: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def levels(self) -> list[str | None]: ...
    @property
    def demo(self) -> bool: ...
    message: Message | None
    banner: tuple[str, float] | None
    def sprite(self, card: int) -> CardSprite: ...
    def sync(
        self,
        instant: bool = False,
        duration: float = 0.35,
        stagger: float = 0.0,
        order: list[int] | None = None,
        skip: set[int] | frozenset[int] = frozenset(),
    ) -> float: ...
    def say(self, text: str, seconds: float = 3.0, kind: str = "info", sticky: bool = False) -> None: ...
    def player_name(self, seat: int) -> str: ...
    def form(self, seat: int) -> str: ...
    def opp(self) -> int: ...
    def suits(self) -> Any: ...
    def deal_number_text(self) -> str: ...
    def review_deal(self, deal: int | None = None) -> Any: ...
    def save_record(self) -> Any: ...
    @property
    def play(self) -> Any: ...  # the play controller (undo, hint); None at a table of people
    def maybe_review_after_deal(self) -> None: ...
    def keep_snapshot(self) -> None: ...
    def to_menu(self) -> None: ...
    def _adopt_deal(self, deal: Deal) -> None: ...


class UraganFlow:
    """How ``UraganTable``'s deals come and go; it keeps the open score sheet and how many were closed."""

    def __init__(self, host: FlowHost, sheets_seen: int) -> None:
        self.host = host
        self.sheet: ScoreSheetScene | None = None
        self.sheets_seen = sheets_seen  # deals whose score sheet the player closed

    def sweep_remainder(self, deal: Deal) -> None:
        seat, rest = deal.remainder if deal.remainder else (-1, 0)
        if seat >= 0 and rest:
            self.host.pile_order[seat] += list(C.cards(rest))
            self.host.say(
                say(
                    "uragan.remainder",
                    self.host.form(seat),
                    name=self.host.player_name(seat),
                    cards=plural(C.count(rest), "uragan.n_cards"),
                ),
                3.0,
            )
        self.host.sync(duration=0.5, stagger=0.04)

    def deal_round(self, deal: Deal) -> None:
        """Six more cards each from the stock, one at a time, the dealer's opponent first."""
        first = 1 - deal.dealer
        a = sorted(C.cards(deal.hands[first]))
        b = sorted(C.cards(deal.hands[1 - first]))
        order = [c for pair in zip(a, b, strict=False) for c in pair]
        self.host.app.play_sound("deal")
        self.host.sync(duration=0.35, stagger=0.07, order=order)

    def deal_opening(self) -> None:
        """The start of a deal: 3 to the opponent, 3 to the dealer, 4 to the table, 3 and 3 more."""
        deal = self.host.shown
        lay = self.host.layout
        for c in list(self.host.sprites):
            del self.host.sprites[c]
        for c in C.cards(deal.table0 | deal.dealt[0] | deal.dealt[1]):
            s = self.host.sprite(c)
            s.x, s.y = lay.stock
        first = 1 - deal.dealer
        h1 = sorted(C.cards(deal.dealt[2 * 0 + first]))
        h2 = sorted(C.cards(deal.dealt[2 * 0 + 1 - first]))
        order = h1[:3] + h2[:3] + list(C.cards(deal.table0)) + h1[3:] + h2[3:]
        self.host.app.play_sound("shuffle")
        self.host.sync(duration=0.4, stagger=0.08, order=order)

    def show_deal_score(self, deal: Deal) -> None:
        """The score sheet of the deal just finished (and, at the end, of the whole game)."""
        self.host.message = None
        match = self.host.match
        over = match.is_over()
        if over:
            won = bool(set(match.winners()) & set(self.host.humans))
            self.host.app.play_sound("win" if won or self.host.demo else "lose")
        self.host.holds.add("score")
        f = self.host.tweens.factor
        auto = self.after_sheet if self.host.demo else None
        sheet = ScoreSheetScene(self.host.app, self.deal_sheet(deal), step=0.45 * f, auto=auto)
        self.sheet = sheet
        self.host.app.stack.push(sheet)
        self.host.maybe_review_after_deal()

    def deal_sheet(self, deal: Deal) -> Sheet:
        match, me, opp = self.host.match, self.host.me, self.host.opp()
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
            self.host.deal_number_text(),
        ]
        title, banner = t("uragan.score.deal_title"), ""
        if match.is_over():
            winners = match.winners()
            if winners and winners[0] in self.host.humans:
                title = t("table.you_win")
            elif winners:
                first = winners[0]
                title = say("table.winner", self.host.form(first), name=self.host.player_name(first))
            else:
                title = t("table.game_over")
            banner = t("table.double_win") if match.double else ""
        if match.is_over() and not self.host.demo:
            buttons = [
                SheetButton("new", t("table.new_game"), self.new_game_after, pygame.K_RETURN, True),
                SheetButton("menu", t("table.to_menu"), self.menu_after, pygame.K_ESCAPE),
            ]
        else:
            buttons = [SheetButton("next", t("common.continue"), self.after_sheet, pygame.K_RETURN, True)]
        if not self.host.demo and self.host.humans:
            from game.uragan.plaques import finished_index

            number = len(match.deals_done) + (1 if finished_index(match, deal) is None else 0)
            buttons += [
                SheetButton(
                    "review", t("sheet.review"), partial(self.host.review_deal, number), pygame.K_r, row=1
                ),
            ]
            if self.host.play is not None or match.is_over():  # a seat at a table of people does not
                # know the cards of the deal dealt next until it is played: its record, at the end
                buttons.append(SheetButton("record", t("sheet.save_record"), self.host.save_record, row=1))
        columns = [self.host.player_name(me), self.host.player_name(opp)]
        return Sheet(title, columns, rows, footer, banner, buttons, suits=self.host.suits())

    def close_sheet(self) -> None:
        if self.sheet is not None:
            self.host.app.stack.remove(self.sheet)

    def after_sheet(self) -> None:
        """The sheet is closed: the next deal (or, in a demo after the last deal, a new game)."""
        self.close_sheet()
        if self.host.match.is_over():
            self.new_game_after()
        else:
            self.next_deal()

    def new_game_after(self) -> None:
        app = self.host.app
        self.close_sheet()
        self.host.to_menu()
        from game.screens import open_new_game, open_table

        if not self.host.demo:
            open_new_game(app)  # the options again, never an instant deal with the old ones
            return
        level = next((lv for lv in self.host.levels if lv), "club")
        open_table(app, "uragan", demo=True, level=level, options=self.host.match.options.to_dict())

    def menu_after(self) -> None:
        self.close_sheet()
        self.host.to_menu()

    def next_deal(self) -> None:
        """The score sheet was closed: show the deal the match has already dealt."""
        self.host.holds.discard("score")
        self.host.banner = None
        self.host.message = None
        if self.host.match.is_over():
            return
        self.sheets_seen = len(self.host.match.deals_done)
        self.host._adopt_deal(self.host.match.deal)
        self.host.keep_snapshot()
        self.deal_opening()
