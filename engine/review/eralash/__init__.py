"""The review's judge for Eralash: exact where every card is known, else Master's search from the seat's view.

Each decision is valued in two currencies (docs/records.md, ``python -m engine review``): the chance that
the seat's side wins the robber (Master's robber value) and the tricks its side takes in this deal.

- **Exact** (``exact``): when the View pins every hidden card down (``endgame.known_hands``: both
  hands of a 2-player deal, any deal once counts and voids leave one placement) and the position fits
  the solver's node cap, every legal card is solved twice — for the side's robber chance and for its
  tricks — and ``line`` is the best card with the replies of the trick solve.
- **Sampled**: Master's ISMCTS over equal-card classes; each class's robber chance and mean tricks
  come from the same iterations. If the played class is not the most visited, a second stage
  compares the two on fresh samples. A class searched too little to trust is valued at most as the
  played card: it only shows how much the choice mattered. ``line`` is the best card and the most visited
  replies of the search tree.
- **Trump**: every suit is played out on the same sampled deals (robber chance and tricks).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.bots.eralash import DEFAULT_BUDGET, make
from engine.bots.eralash.endgame import NODE_CAP, NODES_PER_SECOND, Endgame, TooBig, fits, known_hands
from engine.bots.eralash.master import ROLLOUT_SKILL, expected_line, search_root
from engine.bots.eralash.robber import RobberValue
from engine.bots.eralash.tricks import equivalence_classes
from engine.bots.eralash.view import Situation, decision_rng, trick_play_of, trump_choices
from engine.bots.search import stable_seed
from engine.cards import cards
from engine.eralash.match import Match
from engine.eralash.moves import ChooseTrump, move_to_json
from engine.review.budget import Budget, check, whole
from engine.review.eralash.why import exact_reason, hint_reasons, reasons
from engine.review.judgement import NOISE, Judgement, best_of
from engine.review.parts import ReviewParts

LINE_PLIES = 4
MIN_SHARE = 0.1  # a class searched less than this share of the most visited one is left out of the table
MIN_VISITS = 8
THIN_VISITS = 3  # fewer visits tell nothing of a class (every class gets one)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def robber_chance(value: RobberValue, seat: int) -> Callable[[tuple[int, ...]], float]:
    """The chance that ``seat``'s side wins the robber once the deal ends with ``won`` tricks per seat."""
    side = value.side_of(seat)

    def chance(won: tuple[int, ...]) -> float:
        side_won = [0] * value.sides
        for s, w in enumerate(won):
            side_won[value.side_of(s)] += w
        return value.side_values(side_won)[side]

    return chance


def side_tricks(sit: Situation) -> int:
    """Tricks the seat's side has taken so far in this deal."""
    me = sit.side_of(sit.seat)
    return sum(w for s, w in enumerate(sit.won) if sit.side_of(s) == me)


def named_best(table: dict[Any, tuple[float, float]], played: Any) -> Any:
    """The move settle will name best (the line starts with it)."""
    return best_of(table, played, NOISE["eralash"])


def judge(view: Any, played: Any, budget: Budget, seed: int,
          should_stop: Callable[[], bool] | None = None) -> Judgement:
    sit = Situation.of(view)
    rng = decision_rng(seed, view)
    if sit.trump is None:
        return _judge_trump(view, sit, played, budget, rng, should_stop)
    if fits(sit.n, sum(view.counts)):
        hands = known_hands(view)
        if hands is not None:
            exact = judge_exact(sit, hands, int(played), budget)
            if exact is not None:
                return exact
    return _judge_sampled(view, sit, played, budget, seed, rng, should_stop)


def _node_cap(budget: Budget) -> int:
    if budget.seconds is None:
        return NODE_CAP
    return max(NODE_CAP, int(budget.seconds * NODES_PER_SECOND))


def judge_exact(sit: Situation, hands: list[int], played: int, budget: Budget) -> Judgement | None:
    """Every legal card solved for the robber chance and the deal's tricks; None when it does not fit."""
    cap = _node_cap(budget)
    args = (sit.n, hands, sit.trump if sit.trump is not None else 0, sit.leader, sit.trick, sit.won, sit.seat,
            sit.pairs)
    trick_solver = Endgame(*args, node_cap=cap)
    robber = Endgame(*args, utility=robber_chance(sit.robber_value(), sit.seat), node_cap=cap)
    try:
        tricks = trick_solver.move_values()
        chances = robber.move_values()
    except TooBig:
        return None
    before = side_tricks(sit)
    table = {c: (chances[c], before + tricks[c]) for c in tricks}
    best = named_best(table, played)
    line = trick_solver.line_after(best, LINE_PLIES)
    return Judgement(best, table[played][0], table[best][0], trick_solver.nodes + robber.nodes,
                     table=table, exact=True, line=line)


def _judge_sampled(view: Any, sit: Situation, played: Any, budget: Budget, seed: int, rng: random.Random,
                   should_stop: Callable[[], bool] | None) -> Judgement:
    legal_mask = 0
    for m in view.legal_moves():
        legal_mask |= 1 << int(m)
    classes = equivalence_classes(legal_mask, sit.settled())
    rep = {c: _lowest(k) for k in classes for c in cards(k)}
    reps = [_lowest(k) for k in classes]
    value = sit.robber_value()
    mine = rep[int(played)]
    dl = budget.stage(True, should_stop, check_every=8)
    totals: dict[int, float] = {}
    tree: list[Any] = []
    visits, means, its = search_root(sit, reps, view.determinize, value, rng, dl, totals, tree)
    check(dl)
    best = max(reps, key=lambda c: (visits[c], means[c], -c))
    top_visits = max(visits.values())
    # keys: the played card itself for its class, the lowest card of each other class
    table: dict[Any, tuple[float, float]] = {}
    thin: list[int] = []
    for c in reps:
        if c in (mine, best) or visits[c] >= max(MIN_VISITS, MIN_SHARE * top_visits):
            key = played if c == mine else c
            table[key] = (means[c], totals.get(c, 0.0) / max(1, visits[c]))
        elif visits[c] >= THIN_VISITS:
            thin.append(c)
    # A class the search left after a few visits looked worse; its few samples may still be lucky,
    # so it is valued at most as the played card (it is never named best, never raises the best deal
    # value) — but it counts for how much the choice mattered (``decided``).
    win_played, deal_played = table[played]
    for c in thin:
        table[c] = (min(means[c], win_played), min(totals.get(c, 0.0) / visits[c], deal_played))
    if best == mine:
        line, assumed = assumed_cards(view, _line(tree[0], named_best(table, played), played, mine), seed)
        return Judgement(played, means[best], means[best], its, table=table, line=line, assumed=assumed)
    dl = budget.stage(False, should_stop, check_every=8)
    rng2 = random.Random(stable_seed(seed, "compare", view.seat, view.hand, view.played, view.deal_number))
    totals2: dict[int, float] = {}
    visits2, means2, its2 = search_root(sit, [best, mine], view.determinize, value, rng2, dl, totals2)
    check(dl)
    for c in (best, mine):
        key = played if c == mine else c
        table[key] = (means2[c], totals2.get(c, 0.0) / max(1, visits2[c]))
    line, assumed = assumed_cards(view, _line(tree[0], named_best(table, played), played, mine), seed)
    if means2[mine] >= means2[best]:
        return Judgement(played, means2[mine], means2[mine], its + its2, table=table, line=line,
                         assumed=assumed)
    return Judgement(best, means2[mine], means2[best], its + its2, table=table, line=line, assumed=assumed)


def _line(root: Any, first: Any, played: Any, mine: int) -> list[Any]:
    """``first`` (a table key) and the replies the search tree expects after it."""
    line = expected_line(root, mine if first == played else first, LINE_PLIES)
    line[0] = first
    return line


def _judge_trump(view: Any, sit: Situation, played: Any, budget: Budget, rng: random.Random,
                 should_stop: Callable[[], bool] | None) -> Judgement:
    """Every suit on the same sampled deals, played out by Master's rollout policy."""
    value = sit.robber_value()
    me = sit.seat
    side = [s for s in range(sit.n) if sit.side_of(s) == sit.side_of(me)]
    choices = trump_choices(view)
    totals = dict.fromkeys(choices, 0.0)
    tricks = dict.fromkeys(choices, 0.0)
    dl = whole(budget, should_stop)
    it = 0
    while not dl.expired(it):
        deal = view.determinize(rng)
        for s in choices:
            tp = trick_play_of(deal, trump=s)
            tp.rollout(rng, sit.pairs, ROLLOUT_SKILL)
            totals[s] += value(tp.won)[me]
            tricks[s] += sum(tp.won[j] for j in side)
        it += 1
    check(dl)
    n = max(1, it)
    means = {s: totals[s] / n for s in choices}
    best = max(choices, key=lambda s: (means[s], -s))
    table = {ChooseTrump(s): (means[s], tricks[s] / n) for s in choices}
    return Judgement(ChooseTrump(best), means[played.suit], means[best], it, table=table,
                     line=(ChooseTrump(best),))


def hold(deal: Any, seat: int, card: int, keep: int = 0) -> bool:
    """Make ``seat`` hold ``card`` (a line's assumption about a hidden hand): it changes places with
    a card of the seat's hand not in ``keep`` nor a declared run (a card of the same suit when there
    is one, so no seat's suits change and the line's following stays lawful), from another hand or
    from the cards aside. True when the seat holds the card then."""
    if deal.hands[seat] >> card & 1:
        return True
    where = next((j for j in range(deal.n) if j != seat and deal.hands[j] >> card & 1), None)
    if where is None and not deal.aside >> card & 1:
        return False
    runs = 0
    for r in deal.runs[seat]:
        runs |= r.cards
    spare = deal.hands[seat] & ~keep & ~runs
    same = spare & 0x1FFF << 13 * (card // 13)
    pick = same or spare
    if not pick:
        return False
    swap = (pick & -pick) | 1 << card
    dealt = list(deal.dealt)
    deal.hands[seat] ^= swap
    dealt[seat] ^= swap
    if where is None:
        deal.aside ^= swap
    else:
        deal.hands[where] ^= swap
        dealt[where] ^= swap
    deal.dealt = tuple(dealt)
    return True


def assumed_cards(view: Any, line: Sequence[object], seed: int) -> tuple[tuple[object, ...], tuple[int, ...]]:
    """The line as far as a sample of the hidden cards (drawn from the seat's view) lets it be played,
    each other seat's card made part of that seat's sampled hand; and the cards other seats play in
    it that the seat had not seen (the line assumes their owners hold them)."""
    rng = random.Random(stable_seed(seed, "line", view.seat, view.hand, view.played, view.deal_number))
    deal = view.determinize(rng)
    unseen = view.unseen()
    out: list[object] = []
    assumed: list[int] = []
    for k, move in enumerate(line):
        mover = deal.current_player()
        if isinstance(move, int) and mover != view.seat:
            rest = 0
            for m in line[k + 1:]:
                if isinstance(m, int):
                    rest |= 1 << m
            if not unseen >> move & 1 and not deal.hands[mover] >> move & 1:
                break
            if not hold(deal, mover, move, rest):
                break
        try:
            deal.play(move)
        except ValueError:
            break
        out.append(move)
        if isinstance(move, int) and mover != view.seat and unseen >> move & 1:
            assumed.append(move)
    return tuple(out), tuple(assumed)


def _decision(match: Any, move: object) -> tuple[str, int]:
    """(kind, play number) of ``move`` about to be made in ``match``: naming trump, or a card."""
    return ("trump" if isinstance(move, ChooseTrump) else "play"), len(match.deal.played) + 1


def _exact_reason(view: Any, line: Sequence[object], deal_best: float | None,
                  deal_played: float | None) -> Any:
    return exact_reason(deal_best, deal_played)


def _new_match(seed: int) -> Match:
    return Match.new(None, ["a", "b", "c", "d"], seed)


REVIEW = ReviewParts(
    name="eralash", judge=judge, decision=_decision, reasons=reasons, hint_reasons=hint_reasons,
    exact_reason=_exact_reason, facts=lambda moves, index: {}, move_to_json=move_to_json,
    default_budget=float(DEFAULT_BUDGET), new_match=_new_match, club=lambda seed: make("club", seed),
    note=("Eralash is decided mostly by the deal: the points come from runs and honours, "
          f"and losses under {NOISE['eralash']} of win chance are reported as none"),
)
