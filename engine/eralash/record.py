"""Eralash game records (docs/records.md): check and replay a record, and describe what happened as JSON."""

from __future__ import annotations

from typing import Any

from engine.cards import SUIT_LETTERS, CardParseError, name, names, parse, parse_set
from engine.eralash.deal import Deal
from engine.eralash.illegal import IllegalPlay
from engine.eralash.match import Match
from engine.eralash.moves import ChooseTrump, parse_suit
from engine.eralash.options import Options
from engine.eralash.trump import suit_name
from engine.state import RecordError

GAME = "eralash"  # the name its records carry


class _Parsed:
    __slots__ = ("dealer", "hands", "trump", "plays")

    def __init__(self, dealer: int, hands: list[int], trump: int | None, plays: list[Any]) -> None:
        self.dealer, self.hands, self.trump, self.plays = dealer, hands, trump, plays


def _parse_deal(i: int, raw: Any, n: int, options: Options) -> _Parsed:
    if not isinstance(raw, dict):
        raise RecordError(f"deal {i}: must be an object with dealer, hands and plays")
    dealer = raw.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise RecordError(f"deal {i}: dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise RecordError(f"deal {i}: hands must list {n} hands, one per player in seat order")
    hands = []
    for seat, h in enumerate(hands_raw):
        if not isinstance(h, list) or not all(isinstance(c, str) for c in h):
            raise RecordError(f'deal {i}: the hand of seat {seat} must be a list of cards like "10C"')
        try:
            hands.append(parse_set(h))
        except CardParseError as err:
            raise RecordError(f"deal {i}: hand of seat {seat}: {err}") from None
    try:
        Deal.from_hands(options, dealer, hands)
    except ValueError as err:
        raise RecordError(f"deal {i}: {err}") from None
    trump = None
    if raw.get("trump") is not None:
        try:
            trump = parse_suit(raw["trump"])
        except ValueError as err:
            raise RecordError(f"deal {i}: trump {err}") from None
    plays = raw.get("plays", [])
    if not isinstance(plays, list):
        raise RecordError(f"deal {i}: plays must be a list of cards in the order played")
    return _Parsed(dealer, hands, trump, plays)


def match_from_record(rec: dict[str, Any]) -> Match:
    """Check and replay a record into a Match; RecordError (one line) at the first problem."""
    if not isinstance(rec, dict):
        raise RecordError("record must be a JSON object")
    if rec.get("game") != "eralash":
        raise RecordError(f"not an Eralash record: game is {rec.get('game')!r}")
    players = rec.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names in seat order")
    if not 2 <= len(players) <= 4:
        raise RecordError(f"players: Eralash is played by 2, 3 or 4 players, not {len(players)}")
    try:
        options = Options.from_dict(rec.get("options"))
        options.check_players(len(players))
    except ValueError as err:
        raise RecordError(f"bad options: {err}") from None
    n = len(players)
    raw_deals = rec.get("deals", [])
    if not isinstance(raw_deals, list):
        raise RecordError("deals must be a list of deals")
    parsed = [_parse_deal(i, raw, n, options) for i, raw in enumerate(raw_deals, 1)]
    seed = rec.get("seed", 0)
    if not isinstance(seed, int | str):
        seed = 0
    m = Match.new(options, players, seed, None, [(p.dealer, p.hands) for p in parsed])
    for i, p in enumerate(parsed, 1):
        if m.is_over():
            raise RecordError(f"deal {i}: the robber was already over after deal {i - 1}")
        _replay_deal(m, i, p)
        if i < len(parsed) and not m.deal.is_over() and len(m.deals_done) < i:
            d = m.deal
            raise RecordError(
                f"deal {i}: unfinished ({len(d.played)} of {d.n * d.size} cards played) "
                f"but deal {i + 1} follows"
            )
    return m


def _replay_deal(m: Match, i: int, p: _Parsed) -> None:
    d = m.deal
    if d.choices:
        if p.trump is None:
            if not p.plays:
                return  # the record stops before trump is named
            if len(d.choices) == 4:
                raise RecordError(
                    f"deal {i}: nobody holds a run, so the record must give the trump "
                    f"the eldest hand (seat {d.eldest}) chose"
                )
            raise RecordError(
                f"deal {i}: seat {d.trump_by} holds equal best runs in "
                f"{' and '.join(suit_name(s) for s in d.choices)}, so the record must give the trump chosen"
            )
        if p.trump not in d.choices:
            raise RecordError(
                f"deal {i}: trump must be {' or '.join(suit_name(s) for s in d.choices)} "
                f"(seat {d.trump_by}'s equal best runs), not {suit_name(p.trump)}"
            )
        m.play(ChooseTrump(p.trump))
    elif p.trump is not None and p.trump != d.trump:
        best = max((r for r in d.runs[d.trump_by] if r.suit == d.trump), key=lambda r: (r.length, r.points))
        raise RecordError(
            f"deal {i}: trump is {suit_name(d.trump)} by seat {d.trump_by}'s run "
            f"{'-'.join(names(best.cards))}, not {suit_name(p.trump)}"
        )
    for k, text in enumerate(p.plays, 1):
        if d.is_over():
            raise RecordError(f"deal {i}, play {k}: the deal is already over after {d.size} tricks")
        seat = d.cur
        if not isinstance(text, str):
            raise RecordError(
                f'deal {i}, play {k} (seat {seat}): a play must be a card like "QS", not {text!r}'
            )
        try:
            card = parse(text)
        except CardParseError as err:
            raise RecordError(f"deal {i}, play {k} (seat {seat}, {text}): {err}") from None
        try:
            m.play(card)
        except IllegalPlay as err:
            raise RecordError(f"deal {i}, play {k} (seat {seat}, {name(card)}): {err.reason}") from None


def _deal_out(d: Deal) -> dict[str, Any]:
    tricks = [
        {"leader": d.trick_leader(t), "cards": [name(c) for c in d.trick_cards(t)], "winner": w}
        for t, w in enumerate(d.winners)
    ]
    under_way = None  # the trick on the table when the record stops mid-trick (an extra key)
    if d.pos:
        under_way = {"leader": d.lead, "cards": [name(c) for c in d.current_trick()]}
    return {
        "dealer": d.dealer,
        "runs": [
            [{"cards": names(r.cards), "points": r.points} for r in seat_runs] for seat_runs in d.runs
        ],
        "honours": list(d.honours),
        "aces": list(d.aces),
        "points": [int(x) for x in d.score()],
        "trump": SUIT_LETTERS[d.trump] if d.trump >= 0 else None,
        "trump_by": d.trump_by,
        "tricks": tricks,
        "trick_under_way": under_way,
        "tricks_won": list(d.tricks_won),
        "complete": d.is_over(),
        "slam": d.slam(),
    }


def replay(rec: dict[str, Any]) -> dict[str, Any]:
    """The replay output of docs/records.md: per deal runs, honours, trump, tricks; then the robber."""
    m = match_from_record(rec)
    n_rec = len(rec.get("deals", []))
    deals = [r.deal for r in m.deals_done][:n_rec]
    if n_rec > len(deals):
        deals.append(m.deal)
        points, tricks = m.score(), m.tricks()  # the record's last deal is under way
    else:
        points, tricks = m.finished_points(), m.finished_tricks()
    winners = sorted({m.side_of(s) for s in m.winners()})
    return {
        "game": "eralash",
        "players": list(m.players),
        "options": m.options.to_dict(),
        "deals": [_deal_out(d) for d in deals],
        "robber": {
            "points": [int(p) for p in points],
            "tricks": [int(t) for t in tricks],
            "finished": m.is_over(),
            "winners": winners,
            "slam": m.slam(),
        },
    }
