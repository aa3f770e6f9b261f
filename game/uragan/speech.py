"""What the Uragan table says aloud (``game.speech.announcer``'s narrator): the deal and the table,
each play and what it took (in the move log's own sentences, the cards in words), claims, uragans,
the remainder, the deal's score and the match's end; the prompt waiting for the player; the query keys'
answers (the hand by suit, the table and its total, the score, what the chosen card can take)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine import cards as C
from engine.story import DealScored, Event, HandDealt
from engine.uragan.claim import EQUAL
from engine.uragan.deal import Deal
from engine.uragan.deck import VALUE
from engine.uragan.match import Match
from engine.uragan.story import (
    Captured,
    Claimed,
    ClaimLetStand,
    MatchWon,
    Played,
    PriorityBroken,
    RemainderTaken,
    Swept,
    TableLaid,
    Trailed,
)
from game.speech.announcer import TableHost, whose_turn
from game.speech.words import card_words, cards_words, hand_words
from game.uragan.words import hand_order
from game.words.grammar import say
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from engine.uragan import Play
    from engine.uragan.claim import Breach
    from game.uragan.choice import UraganChoice


class NarratorHost(TableHost[Match, Deal], Protocol):
    """What the narrator reads from its table."""

    @property
    def prompts(self) -> UraganChoice: ...
    def legal_for(self, card: int) -> list[Play]: ...
    def claim_prompt(self) -> bool: ...


def take_words(take: int) -> str:
    """A capture in words, lowest value first, as the log orders it ("тройку треф и четвёрку бубён")."""
    return cards_words(sorted(C.cards(take), key=hand_order), "acc")


def rule_words(b: Breach) -> str:
    """The priority a play broke, as the table's claim prompt says it, the cards in words."""
    card = card_words(b.card)
    options = t("story.claim.or").join(cards_words(sorted(C.cards(tk), key=hand_order)) for tk in b.demanded)
    if b.kind == EQUAL:
        return t("uragan.rule.equal", card=card, equal=options)
    return t("uragan.rule.trail", card=card, options=options)


def refusal_words(key: str, params: Mapping[str, Any]) -> str | None:
    """A refused move's reason in the table's words (``game.uragan.words.reason_words``) with the cards in
    words, for the keys whose sentences take a card as subject and a capture as object; None: the
    reason as the table shows it is said."""
    card = params.get("card", -1)
    if key in ("uragan.sum", "uragan.value"):
        take = take_words(C.to_mask(params.get("take", ())))
        total, value = params.get("total"), params.get("value")
        return t(f"uragan.reason.{key[7:]}", card=card_words(card), take=take, total=total, value=value)
    choices = [C.to_mask(c) for c in params.get("choices", ())]
    if key == "uragan.pick":
        return t("uragan.reason.pick", options="; ".join(take_words(tk) for tk in choices))
    if key in ("uragan.breach_equal", "uragan.breach_trail"):
        from engine.uragan.claim import Breach

        return rule_words(Breach(key[14:], card, 0, tuple(choices)))
    return None


class UraganNarrator:
    """The Uragan words of the announcer."""

    def __init__(self, host: NarratorHost) -> None:
        self.host = host
        self._played: dict[int, int] = {}  # card -> the take as played (a claim may change it)
        self._let_stand: set[int] = set()  # cards whose priority-breaking play was let stand

    # --- the story -------------------------------------------------------------------------------

    def waits(self, event: Event) -> bool:
        deal = getattr(event, "deal", None)
        return deal is not None and deal > self.host.shown.number

    def told(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        name = self.host.player_name
        for e in events:
            if isinstance(e, TableLaid):
                out.append(
                    (
                        "deal",
                        t(
                            "speech.uragan.deal",
                            n=e.deal,
                            cards=cards_words(sorted(C.cards(e.cards), key=hand_order)),
                        ),
                    )
                )
            elif isinstance(e, HandDealt):
                if e.seat != self.host.me or self.host.demo:
                    continue  # a demo has no hand of the listener's
                key = "speech.hand" if e.round == 0 else "speech.uragan.round"
                out.append(
                    (
                        "deal",
                        t(
                            key,
                            count=plural(C.count(e.cards), "uragan.n_cards"),
                            suits=hand_words(e.cards, hand_order),
                            cards=hand_words(e.cards, hand_order),
                        ),
                    )
                )
            elif isinstance(e, Played):
                self._played[e.card] = e.take
            elif isinstance(e, PriorityBroken):
                first = self._first(e.card)
                out.append(
                    ("move", t("story.log.pending", name=name(e.seat), card=card_words(e.card), first=first))
                )
            elif isinstance(e, ClaimLetStand):
                self._let_stand.add(e.card)
            elif isinstance(e, Claimed):
                pass  # told by the capture it makes
            elif isinstance(e, Captured | Trailed):
                out.append(("move", self._play_line(e)))
            elif isinstance(e, Swept):
                if out and out[-1][0] == "move":
                    out[-1] = ("move", t("story.log.uragan", line=out[-1][1]))
            elif isinstance(e, RemainderTaken):
                if e.seat >= 0 and e.cards:
                    out.append(
                        ("move", t("story.log.remainder", name=name(e.seat), take=take_words(e.cards)))
                    )
            elif isinstance(e, MatchWon):
                out.append(("end", self._end(e)))
            elif isinstance(e, DealScored):
                out.append(("score", self._scored(e)))
        return out

    def _first(self, card: int) -> str:
        take = self._played.get(card, 0)
        return t("story.log.first_take", take=take_words(take)) if take else t("story.log.first_trail")

    def _play_line(self, e: Captured | Trailed) -> str:
        name = self.host.player_name(e.seat)
        card = card_words(e.card)
        if isinstance(e, Captured) and e.claimed:
            line = t(
                "story.log.claimed", name=name, card=card, first=self._first(e.card), take=take_words(e.take)
            )
        elif isinstance(e, Captured):
            line = t("story.log.took", name=name, card=card, take=take_words(e.take))
        else:
            line = t("story.log.trail", name=name, card=card)
        if e.card in self._let_stand:
            self._let_stand.discard(e.card)
            line = t("story.log.let_stand", line=line)
        return line

    def _scored(self, e: DealScored) -> str:
        host = self.host
        me, opp = host.me, 1 - host.me
        total = host.match.score()
        return t(
            "speech.uragan.score",
            n=e.deal,
            me=host.player_name(me),
            opp=host.player_name(opp),
            me_points=plural(e.points[me], "speech.n_points"),
            opp_points=plural(e.points[opp], "speech.n_points"),
            me_total=int(total[me]),
            opp_total=int(total[opp]),
            target=host.match.options.target,
        )

    def _end(self, e: MatchWon) -> str:
        host = self.host
        winner = e.winners[0]
        line = (
            t("table.game_over")
            + ". "
            + say("table.winner", host.form(winner), name=host.player_name(winner))
        )
        return line + (" " + t("table.double_win") if e.double else "")

    # --- the player's turn ---------------------------------------------------------------------------

    def prompt(self) -> str | None:
        host = self.host
        prompts = host.prompts
        deal = host.shown
        if host.claim_prompt() and deal.pending is not None:  # the play itself was just said
            return self._rule(deal.pending) + ". " + t("speech.uragan.claim_keys")
        options = prompts.options()
        if options:
            head = t("uragan.choose_capture")
            return (
                head
                + ": "
                + "; ".join(
                    t("speech.uragan.option", i=i + 1, what=self._option(m))
                    for i, m in enumerate(options[:9])
                )
            )
        return None

    def _rule(self, b: Breach) -> str:
        return rule_words(b)

    def _option(self, move: Play) -> str:
        return take_words(move.take) if move.take else t("speech.uragan.trail_option")

    def chosen(self) -> int | None:
        return self.host.selected

    def focus(self, card: int) -> str:
        return card_words(card)

    # --- the query keys ---------------------------------------------------------------------------------

    def answer(self, query: str) -> str | None:
        host = self.host
        deal = host.shown
        if query == "hand":
            hand = deal.hands[host.me]
            if not hand:
                return t("speech.hand.none")
            return t(
                "speech.hand",
                count=plural(C.count(hand), "uragan.n_cards"),
                suits=hand_words(hand, hand_order),
            )
        if query == "table":
            if not deal.table:
                return t("speech.uragan.table_empty")
            cards = sorted(C.cards(deal.table), key=hand_order)
            return (
                t("speech.uragan.table", total=sum(VALUE[c] for c in cards), cards=cards_words(cards))
                + ". "
                + t("speech.uragan.stock", n=deal.stock_size())
            )
        if query == "score":
            total = host.match.score()
            me, opp = host.me, 1 - host.me
            return t(
                "speech.score.uragan",
                me=host.player_name(me),
                opp=host.player_name(opp),
                me_total=int(total[me]),
                opp_total=int(total[opp]),
                target=host.match.options.target,
            )
        if query == "chosen":
            card = host.selected
            if card is None:
                return t("speech.nothing_chosen")
            takes = [m.take for m in host.legal_for(card) if m.take]
            if not takes:
                return t("speech.uragan.can_only_trail", card=card_words(card))
            return t(
                "speech.uragan.can_take",
                card=card_words(card),
                options="; ".join(take_words(tk) for tk in takes),
            )
        if query == "turn":
            return self._whose_turn()
        return None

    def _whose_turn(self) -> str:
        return whose_turn(self.host, self.host.match, self.host.shown.dealer)
