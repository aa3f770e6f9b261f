"""Why an Eralash card cost, and what speaks for a hinted one: typed reasons from the seat's view alone.

The cost is said in what the rules score (``engine.review.eralash.race``): a trick that brings the robber's
end nearer while the seat leads, or nearer an end it loses while it trails, a trick that lets the leader
reach the target, a slam made or let through; then the card facts that explain it (a trump spent high, a
partner over-taken, a loser played high). Each reason says itself (``said``, from
``engine.review.eralash.words``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import SUIT_MASK, cards
from engine.eralash.trick import beats
from engine.review.eralash import words as EW
from engine.review.eralash.race import Race
from engine.review.reasons import Decided

RACE_HINT_REACH = 3  # a hint speaks of the race when a side it concerns is this many tricks from the end


class Said:
    """A reason of this game: it says itself in ``lang`` (``engine.review.words.clauses`` asks)."""

    def said(self, lang: str) -> list[str]:
        return EW.clauses(self, lang)


@dataclass(frozen=True)
class HighTrump(Said):
    """``card``, a trump, wins the trick; ``lower``, a lower trump in the hand, wins it as surely."""

    card: int
    lower: int


@dataclass(frozen=True)
class HighLoser(Said):
    """``card`` cannot win the trick; ``lower``, of the same suit, loses it as well and keeps ``card``."""

    card: int
    lower: int


@dataclass(frozen=True)
class ExactTricks(Said):
    """Solved exactly: with best play the seat (or team) takes ``best`` tricks in this deal, and
    ``played`` after the move played."""

    best: int
    played: int


@dataclass(frozen=True)
class OverPartner(Said):
    """In pairs: the partner's ``partner`` card was winning the trick, and ``card`` beat it."""

    card: int
    partner: int


@dataclass(frozen=True)
class Slam(Said):
    """``how`` "let": the opponents hold every trick so far and ``best`` takes this one; "missed":
    the seat's side holds every trick so far and ``move`` gives this one away."""

    how: str
    move: object
    best: object


@dataclass(frozen=True)
class RaceTrick(Said):
    """The trick on the table moves the race. ``how``: "duck" (``card`` surely takes it while the side
    trails; ``best`` lets it go), "take" (``best`` surely takes it while the side leads; ``card`` does
    not), "stop_rival" (``card`` lets the leading other side keep it; ``best`` takes it), "let_rival" (the
    other side would end the robber with it while the seat's side leads; ``card`` takes it from them).
    "stop_end" (``card`` lets another side take the trick that ends the robber while the seat's side
    would not win it; ``best`` takes it).
    ``after``: the taker's robber tricks with it, of ``target``; ``gap``: the points between the sides;
    ``team``: the other side is a team (pairs)."""

    how: str
    card: int
    best: int
    after: int
    target: int
    gap: float
    team: bool = False


@dataclass(frozen=True)
class RaceTricks(Said):
    """Solved (or double dummy over samples): ``best`` takes more tricks in this deal than the move
    played while the side leads (``leading``, ``need`` tricks from the end), or the move played takes more
    while it trails (``tricks`` of ``target`` so far)."""

    leading: bool
    gap: float
    need: int
    tricks: int
    target: int
    solved: bool = True  # a trick lost for sure; else the search's averages point the race's way


@dataclass(frozen=True)
class RaceEnd(Said):
    """Solved exactly (two sides): with one move the side's robber tricks reach the ``target`` at the
    deal's end and the robber ends, with the other it goes on. ``leading``: the side leads by ``gap``
    (ending is its win; ``best`` ends it), else trails (``played`` ends it: its loss)."""

    leading: bool
    gap: float
    best: int  # the side's robber tricks at the deal's end after the better move
    played: int  # ... after the move played
    target: int
    exact: bool = False  # said as solved exactly (it then stands for ``ExactTricks``)


@dataclass(frozen=True)
class RaceChance(Said):
    """Nothing simpler to point at: ``best`` keeps ``amount`` more chance to win the robber."""

    best: object
    amount: float


@dataclass(frozen=True)
class NoDifference(Said):
    """The move played does as well as any: ``why`` "level" (the points are level at ``points`` and no
    slam is open) or "same" (``card`` and ``best`` come to the same)."""

    why: str
    card: object
    best: object
    points: float = 0.0


@dataclass(frozen=True)
class HintRace(Said):
    """The race behind a hint: "take" (the side leads by ``gap``, ``need`` tricks from the end), "duck"
    (it trails), "stop" (the other side leads and is ``need`` from the end)."""

    how: str
    gap: float
    need: int
    team: bool = False


@dataclass(frozen=True)
class Hint(Said):
    """What speaks for a hinted card (``how``, see ``engine.review.eralash.words``): the card's fact,
    ``other`` a card it names (the lower trump, the partner's winner, the best on the table; -1 none),
    ``count`` a number it says, and the race when it matters."""

    how: str
    card: int
    other: int = -1
    count: int = 0
    race: HintRace | None = None


def _wins_now(view: Any, c: int) -> bool:
    """Whether ``c`` beats the trick as it stands (leading: it starts the trick)."""
    return view.pos == 0 or beats(c, view.best, view.trump)


def _surely_wins(view: Any, c: int) -> bool:
    """Whether ``c`` beats the current trick and nothing still to come can beat it."""
    if not _wins_now(view, c):
        return False
    if view.pos == view.n_players - 1:
        return True
    trump = view.trump
    if c // 13 != trump:
        return False
    higher = SUIT_MASK[trump] & ~((1 << (c + 1)) - 1)
    return not higher & view.unseen()


def _different(view: Any, low: int, high: int) -> bool:
    """Some unseen card lies between ``low`` and ``high`` of one suit (they are not the same card)."""
    between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
    return bool(between & view.unseen())


def reasons(view: Any, played: object, best: object, *, decided: bool = False, loss: float = 0.0,
            best_tricks: float | None = None, played_tricks: float | None = None,
            solved: bool = False) -> list[Any]:
    """The reasons ``best`` beats ``played``, most telling first (a decided deal: only that).

    ``best_tricks``/``played_tricks``: this deal's tricks of the side after each move; ``solved``
    when they are solved (exactly, or double dummy per sample): a trick lost and the robber's end are
    then said from them; a search's averages only point the race's way. ``loss``: the win chance the
    move played gives up (said when nothing simpler explains it)."""
    if decided:
        return [Decided()]
    if not isinstance(played, int) or not isinstance(best, int) or view.trump < 0:
        if best == played:
            return []
        return [RaceChance(best, loss) if loss > 0 else no_difference(view, played, best)]
    out: list[Any] = []
    me, side = view.seat, view.side_of(view.seat)
    trump = view.trump
    race = Race.of(view)
    done = len(view.winners)
    if done * 2 >= view.size and view.pos > 0:
        mine_all = all(view.side_of(w) == side for w in view.winners)
        theirs_all = not any(view.side_of(w) == side for w in view.winners)
        if theirs_all and _wins_now(view, best) and not _wins_now(view, played):
            out.append(Slam("let", played, best))
        elif mine_all and view.side_of(view.best_seat) != side and _wins_now(view, best) \
                and not _wins_now(view, played):
            out.append(Slam("missed", played, best))
    trick = race_trick(view, race, played, best)
    if trick is not None:
        out.append(trick)
    if played // 13 == trump and _surely_wins(view, played):
        lows = [c for c in cards(view.legal_mask() & SUIT_MASK[trump])
                if c < played and _surely_wins(view, c) and _different(view, c, played)]
        if lows:
            out.append(HighTrump(played, lows[0]))
    if view.pos > 0 and best // 13 == played // 13 and best < played \
            and not _wins_now(view, played) and _different(view, best, played):
        out.append(HighLoser(played, best))
    if view.pairs and view.pos > 0 and view.best_seat != me and view.side_of(view.best_seat) == side \
            and beats(played, view.best, trump) and not beats(best, view.best, trump):
        out.append(OverPartner(played, view.best))
    end = race_end(race, best_tricks, played_tricks) if solved else None
    if end is not None:
        out.insert(0, end)
    tricks = race_tricks(race, best_tricks, played_tricks, solved)
    if tricks is not None and trick is None and end is None:
        out.append(tricks)
    if view.pos == 0 and best // 13 != played // 13 and not SUIT_MASK[best // 13] & ~((2 << best) - 1) \
            & view.unseen():
        out.append(Hint("last_trump" if best // 13 == trump else "last_high", best))
    if not out and best != played:
        out.append(RaceChance(best, loss) if loss > 0 else no_difference(view, played, best))
    return out


def race_trick(view: Any, race: Race, played: int, best: int) -> RaceTrick | None:
    """The race, when the trick on the table decides it one way: see ``RaceTrick``."""
    side = race.side
    lead = race.lead()
    if lead == 0:
        return None
    gap = abs(lead)
    takes_p, takes_b = _surely_wins(view, played), _surely_wins(view, best)
    if lead < 0 and takes_p and not _wins_now(view, best) and race.can_end(side):
        return RaceTrick("duck", played, best, race.tricks[side] + 1, race.target, gap)
    if lead > 0 and takes_b and not _wins_now(view, played) and race.can_end(side):
        return RaceTrick("take", played, best, race.tricks[side] + 1, race.target, gap)
    if view.pos != view.n_players - 1 or view.side_of(view.best_seat) == side:
        return None
    # the seat plays last and another side holds the trick: it keeps it unless the seat takes it
    other = view.side_of(view.best_seat)
    after = race.tricks[other] + 1
    team = race.pairs
    if race.points[other] > race.points[side] and takes_b and not _wins_now(view, played) \
            and race.can_end(other):
        gap = race.points[other] - race.points[side]
        return RaceTrick("stop_rival", played, best, after, race.target, gap,
                         team)
    if after >= race.target and not race.wins_if_ended(side) and takes_b and not _wins_now(view, played):
        return RaceTrick("stop_end", played, best, after, race.target, gap, team)
    if lead > 0 and after >= race.target and race.tricks[side] + 1 < race.target and takes_p \
            and not _wins_now(view, best):
        return RaceTrick("let_rival", played, best, after, race.target, gap, team)
    return None


def race_end(race: Race, best_tricks: float | None, played_tricks: float | None) -> RaceEnd | None:
    """The robber ends with one move and goes on with the other (solved tricks of this deal, two sides:
    the other side's tricks are what is left)."""
    if best_tricks is None or played_tricks is None or race.sides != 2 or race.lead() == 0:
        return None
    if best_tricks != int(best_tricks) or played_tricks != int(played_tricks):
        return None
    before = race.tricks[race.side] - race.deal_tricks[race.side]
    other = 1 - race.side
    other_before = race.tricks[other] - race.deal_tricks[other]
    size = sum(race.deal_tricks) + race.left
    b, p = before + int(best_tricks), before + int(played_tricks)
    ob, op = other_before + size - int(best_tricks), other_before + size - int(played_tricks)
    lead = race.lead()
    t = race.target
    if lead > 0 and b >= t > p and op < t:
        return RaceEnd(True, lead, b, p, t)
    if lead < 0 and p >= t > b and ob < t:
        return RaceEnd(False, -lead, b, p, t)
    return None


def race_tricks(race: Race, best_tricks: float | None, played_tricks: float | None,
                solved: bool = True) -> RaceTricks | None:
    """The race, when the tricks differ between the moves (by a whole trick when ``solved``, by half a
    trick on the search's averages, said then as the race's way, not as a trick lost) and the side could
    end the robber."""
    if best_tricks is None or played_tricks is None or race.ending() or not race.can_end(race.side):
        return None
    lead = race.lead()
    if lead > 0 and best_tricks >= played_tricks + 0.5:
        return RaceTricks(True, lead, race.need(race.side), race.tricks[race.side], race.target, solved)
    if lead < 0 and played_tricks >= best_tricks + 0.5:
        return RaceTricks(False, -lead, race.need(race.side), race.tricks[race.side], race.target, solved)
    return None


def no_difference(view: Any, played: object, best: object) -> NoDifference:
    """Why the move played does as well as ``best``: the points level with no slam left, or the same."""
    race = Race.of(view)
    if len(set(race.points)) == 1 and not race.slam_open():
        return NoDifference("level", played, best, race.points[0])
    return NoDifference("same", played, best)


def exact_reason(deal_best: float | None, deal_played: float | None) -> ExactTricks | None:
    """The exact verdict's tricks, best play against the move played (whole tricks when solved)."""
    if deal_best is None or deal_played is None or deal_best != int(deal_best) \
            or deal_played != int(deal_played):
        return None
    return ExactTricks(int(deal_best), int(deal_played))


# -- hints -----------------------------------------------------------------------------------------

def hint_reasons(view: Any, move: object) -> list[Any]:
    """What speaks for the hinted move: always one ``Hint`` (a card's fact, and the race when it counts)."""
    if not isinstance(move, int):
        return [_trump_hint(view, move)]
    if view.trump < 0:
        return []
    return [_card_hint(view, move)]


def _trump_hint(view: Any, move: Any) -> Hint:
    suit = int(move.suit)
    held = [(view.hand & SUIT_MASK[s]).bit_count() for s in range(4)]
    most = all(held[suit] > held[s] for s in range(4) if s != suit)
    return Hint("trump" if most else "trump_count", suit, count=held[suit])


def _card_hint(view: Any, c: int) -> Hint:
    trump = view.trump
    legal = view.legal_mask()
    race = _hint_race(view, c)
    suit = c // 13
    if legal.bit_count() == 1:
        return Hint("only", c, race=race)
    if view.pos > 0:
        winners = [x for x in cards(legal) if beats(x, view.best, trump)]
        side = view.side_of(view.seat)
        if suit == trump and _surely_wins(view, c):
            higher = [x for x in cards(legal & SUIT_MASK[trump])
                      if x > c and _surely_wins(view, x) and _different(view, c, x)]
            if higher:
                return Hint("lowest_trump", c, other=higher[-1], race=race)
        if _surely_wins(view, c):
            return Hint("sure", c, race=race)
        if view.pairs and view.best_seat != view.seat and view.side_of(view.best_seat) == side \
                and not beats(c, view.best, trump):
            return Hint("partner", c, other=view.best, race=race)
        if not winners:
            return Hint("cannot", c, race=race)
        if beats(c, view.best, trump):
            return Hint("beats", c, other=view.best, race=race)
        if c != min(cards(legal & SUIT_MASK[suit]), default=c):
            return Hint("let_go", c, race=race)
    above = SUIT_MASK[suit] & ~((2 << c) - 1)
    if not above & view.unseen():
        return Hint("last_trump" if suit == trump else "last_high", c, race=race)
    below = view.hand & SUIT_MASK[suit] & ((1 << c) - 1)
    if not below:
        return Hint("low", c, race=race)
    return Hint("suit", c, count=(view.unseen() & SUIT_MASK[suit]).bit_count(), race=race)


def _hint_race(view: Any, c: int) -> HintRace | None:
    """The race behind a card that surely takes the trick or surely lets it go, when a side it concerns
    is within reach of the end (``RACE_HINT_REACH`` tricks) and the points are not level."""
    race = Race.of(view)
    side = race.side
    lead = race.lead()
    if lead == 0:
        return None
    takes = _surely_wins(view, c)
    lets_go = view.pos > 0 and not _wins_now(view, c)
    near = race.can_end(side) and race.need(side) <= RACE_HINT_REACH
    if lead > 0 and takes and near:
        return HintRace("take", lead, race.need(side))
    if lead < 0 and lets_go and near:
        return HintRace("duck", -lead, race.need(side))
    if view.pos > 0 and view.side_of(view.best_seat) != side:
        rival = view.side_of(view.best_seat)
        if race.points[rival] > race.points[side] and takes and race.can_end(rival) \
                and race.need(rival) <= RACE_HINT_REACH:
            return HintRace("stop", race.points[rival] - race.points[side], race.need(rival), race.pairs)
    return None
