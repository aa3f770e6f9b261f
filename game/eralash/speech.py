"""What the Eralash table says aloud (``game.speech.announcer``'s narrator): the deal and the player's
hand, runs and Aces declared, trump named, each card played, each trick's winner (the trick caption's
words), the deal's score, the robber's end; the prompt waiting for the player (trump to name, the
declarations read); the query keys' answers (the hand by suit, the current trick, the score and the
race, whether the chosen card may be played)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from engine import cards as C
from engine.eralash.deal import Deal
from engine.eralash.match import Match
from engine.eralash.story import (
    AcesAnnounced,
    CardPlayed,
    DealScored,
    HandDealt,
    RobberOver,
    RunsDeclared,
    TrickWon,
    TrumpNamed,
    TrumpToName,
)
from engine.story import Event
from game.speech.announcer import TableHost, dealer_words, is_you, whose_turn
from game.speech.words import card_words, hand_words, listing, suit_of_card_words, suit_words
from game.words.grammar import say
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from engine.eralash.run import Run
    from game.eralash.plaques import EralashPlaques


class NarratorHost(TableHost[Match, Deal], Protocol):
    """What the narrator reads from its table."""

    @property
    def phase(self) -> str: ...
    @property
    def plaques(self) -> EralashPlaques: ...
    def must_choose_trump(self) -> bool: ...
    def race_line(self) -> str: ...
    def legal_mask_for_me(self) -> int: ...


def _order(card: int) -> tuple[int, int]:
    return (C.suit_of(card), -C.rank_of(card))


class EralashNarrator:
    """The Eralash words of the announcer."""

    def __init__(self, host: NarratorHost) -> None:
        self.host = host

    # --- the story -------------------------------------------------------------------------------

    def waits(self, event: Event) -> bool:
        return isinstance(event, HandDealt) and event.deal > self.host.shown.number

    def told(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        host = self.host
        name = host.player_name
        out: list[tuple[str, str]] = []
        for e in events:
            if isinstance(e, HandDealt):
                if e.seat != host.me or host.demo:
                    continue  # a demo has no hand of the listener's
                deal = host.shown
                dealer = dealer_words(host, deal.dealer)
                out.append(
                    (
                        "deal",
                        t(
                            "speech.eralash.deal",
                            n=e.deal,
                            dealer=dealer,
                            count=plural(C.count(e.cards), "eralash.n_cards"),
                            suits=hand_words(e.cards, _order),
                        ),
                    )
                )
            elif isinstance(e, RunsDeclared):
                runs = listing(self._run(r) for r in e.runs)
                out.append(
                    (
                        "move",
                        t(
                            "speech.eralash.runs",
                            name=name(e.seat),
                            runs=runs,
                            points=plural(e.points, "eralash.n_points"),
                        ),
                    )
                )
            elif isinstance(e, AcesAnnounced):
                out.append(
                    (
                        "move",
                        t(
                            "speech.eralash.aces",
                            name=name(e.seat),
                            aces=plural(e.count, "eralash.n_aces"),
                            points=plural(e.points, "eralash.n_points"),
                        ),
                    )
                )
            elif isinstance(e, TrumpToName):
                key = "eralash.trump.you_name" if is_you(self.host, e.seat) else "eralash.trump.to_name"
                out.append(("move", t(key, name=name(e.seat))))
            elif isinstance(e, TrumpNamed):
                suit = suit_words(e.suit)
                text = (
                    t("eralash.trump.named_by_you", suit=suit)
                    if is_you(self.host, e.seat)
                    else t("eralash.trump.named", suit=suit, name=name(e.seat))
                )
                out.append(("move", text))
            elif isinstance(e, TrickWon):
                out.append(("move", self._trick(e)))
            elif isinstance(e, CardPlayed):
                out.append(("move", t("speech.eralash.played", name=name(e.seat), card=card_words(e.card))))
            elif isinstance(e, DealScored):
                out.append(("score", self._scored(e)))
            elif isinstance(e, RobberOver):
                out.append(("end", self._end(e)))
        return out

    def _run(self, run: Run) -> str:
        """A run in words: "seven, eight and nine of clubs"."""
        ranks = [C.RANK_NAMES[_lang()][C.rank_of(c)] for c in sorted(C.cards(run.cards), key=C.rank_of)]
        return t("speech.card", rank=listing(ranks), suit=suit_of_card_words(run.suit))

    def _trick(self, e: TrickWon) -> str:
        host = self.host
        n = len(e.cards)
        winning = e.cards[(e.seat - e.leader) % n]
        led = C.suit_of(e.cards[0])
        trump = host.shown.trump
        key = (
            "eralash.trick.trumps_takes"
            if C.suit_of(winning) == trump and led != trump
            else "eralash.trick.takes"
        )
        form = "you" if is_you(self.host, e.seat) else host.form(e.seat)
        return say(key, form, name=host.player_name(e.seat))

    def _side(self, side: int) -> str:
        return self.host.plaques.side_name(side)

    def _scored(self, e: DealScored) -> str:
        tricks = e.breakdown.get("tricks", [0] * len(e.points))
        lines = "; ".join(
            t(
                "speech.eralash.score_line",
                name=self._side(s),
                tricks=plural(int(tricks[s]), "eralash.n_tricks"),
                points=plural(int(p), "eralash.n_points"),
            )
            for s, p in enumerate(e.points)
        )
        return t("speech.eralash.score", n=e.deal, lines=lines)

    def _end(self, e: RobberOver) -> str:
        plaques = self.host.plaques
        if len(e.winners) > 1 and not self.host.match.options.pairs:
            text = t("eralash.end.shared", names=listing(self.host.player_name(s) for s in e.winners))
        else:
            side = self.host.shown.side_of(e.winners[0])
            text = say("eralash.end.winner", plaques.side_form(side), name=plaques.side_name(side))
        if e.slam is not None:
            text += ". " + t("eralash.end.slam", name=plaques.side_name(e.slam))
        return text

    # --- the player's turn ---------------------------------------------------------------------------

    def prompt(self) -> str | None:
        host = self.host
        if host.demo:
            return None
        if host.must_choose_trump():
            choices = listing(
                t("speech.key", k=i + 1, what=suit_words(s)) for i, s in enumerate(host.shown.choices)
            )
            return t("speech.eralash.choose_trump", choices=choices)
        if host.phase == "declare" and host.shown.trump >= 0 and host.match.deal is host.shown:
            return t("speech.eralash.declared_keys")
        return None

    def chosen(self) -> int | None:
        return self.host.selected

    def focus(self, card: int) -> str:
        legal = self.host.legal_mask_for_me()
        if legal and not legal >> card & 1:
            return t("speech.focus.not_legal", card=card_words(card))
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
                "speech.hand", count=plural(C.count(hand), "eralash.n_cards"), suits=hand_words(hand, _order)
            )
        if query == "table":
            cards = deal.current_trick()
            if not cards:
                return t("speech.eralash.trick_empty")
            leader = deal.lead
            said = [
                t(
                    "speech.eralash.trick_card",
                    name=host.player_name((leader + i) % deal.n),
                    card=card_words(c),
                )
                for i, c in enumerate(cards)
            ]
            trump = t("eralash.hint.trump", suit=suit_words(deal.trump)) if deal.trump >= 0 else ""
            return t("speech.eralash.trick", n=len(deal.winners) + 1, cards="; ".join(said)) + (
                f". {trump}" if trump else ""
            )
        if query == "score":
            match = host.match
            points, tricks = match.score(), match.tricks()
            lines = "; ".join(
                t(
                    "speech.eralash.race_line",
                    name=self._side(s),
                    tricks=plural(int(tricks[s]), "eralash.n_tricks"),
                    points=plural(int(points[s]), "eralash.n_points"),
                )
                for s in range(len(points))
            )
            return (
                t("speech.eralash.race", lines=lines, target=match.options.target) + ". " + host.race_line()
            )
        if query == "chosen":
            card = host.selected
            if card is None:
                return t("speech.nothing_chosen")
            legal = deal.legal_mask() if deal.current_player() == host.me else 0
            if legal >> card & 1:
                return t("speech.eralash.can_follow", card=card_words(card))
            if deal.pos and deal.led >= 0:
                key = "eralash.reason.follow_trump" if deal.led == deal.trump else "eralash.reason.follow"
                why = t(key, led=suit_words(deal.led), trump=suit_words(deal.trump))
            else:
                why = t("eralash.reason.not_your_turn")
            return t("speech.eralash.cannot_follow", card=card_words(card), why=why)
        if query == "turn":
            return whose_turn(host, host.match, deal.dealer)
        return None


def _lang() -> str:
    from game.words import i18n

    lang = i18n.get_language()
    return lang if lang in C.RANK_NAMES else "en"
