"""Uragan game records (docs/records.md): writing a Match as a record, replaying a record with full checks.

A claimed play is written as it finally stood (``take`` is the capture the claim demanded) with
``"claimed": true``, plus the extra key ``"claimed_from"``: the take as first played (``[]`` = a
trail). Replaying checks that this first play broke a priority (docs/rules.md, Uragan 6) and that the final
take is one the claim demands. Without ``claimed_from`` the first play is taken to be a trail, which
breaks a priority exactly when the card could capture: the demanded captures are the same either way.
"""

from __future__ import annotations

from typing import Any

from engine import cards as C
from engine.state import IllegalMove, RecordError
from engine.uragan.deal import CLAIM_PHASE, PICK, Deal
from engine.uragan.deck import DECK, PLAYS_PER_DEAL
from engine.uragan.match import Match
from engine.uragan.moves import CLAIM, LET_STAND, Play, take_cards, take_names
from engine.uragan.options import Options
from engine.uragan.spec import spec_from_json

GAME = "uragan"  # the name its records carry

TOTAL_PLAYS = PLAYS_PER_DEAL


# -- writing ------------------------------------------------------------------------------------

# -- reading ------------------------------------------------------------------------------------

def _play_fields(obj: Any, prefix: str, seat: int) -> tuple[int, int, bool, int | None]:
    if not isinstance(obj, dict) or "card" not in obj:
        raise RecordError(
            f'{prefix} (seat {seat}): a play must be an object like {{"card": "7H", "take": ["3C", "4D"]}}')
    try:
        card = C.parse(obj["card"])
    except C.CardParseError as err:
        raise RecordError(f"{prefix} (seat {seat}): {err}") from None
    take_obj = obj.get("take") or []
    claimed = obj.get("claimed", False)
    if not isinstance(claimed, bool):
        raise RecordError(f"{prefix} (seat {seat}, {C.name(card)}): \"claimed\" must be true or false")
    original_obj = obj.get("claimed_from")
    try:
        if not isinstance(take_obj, list):
            raise C.CardParseError('"take" must be a list of cards')
        take = C.parse_set(take_obj)
        original = None
        if original_obj is not None:
            if not isinstance(original_obj, list):
                raise C.CardParseError('"claimed_from" must be a list of cards')
            original = C.parse_set(original_obj)
    except C.CardParseError as err:
        raise RecordError(f"{prefix} (seat {seat}, {C.name(card)}): {err}") from None
    return card, take, claimed, original


def _apply_play(m: Match, card: int, take: int, claimed: bool, original: int | None) -> None:
    """Feed one recorded play (and the claim moves it implies) to the match; IllegalMove on error."""
    deal = m.deal
    if not claimed:
        m.play(Play(card, take))
        if deal.phase == CLAIM_PHASE:
            m.play(LET_STAND)  # a breach the record shows unclaimed: the opponent let it stand
        return
    if m.options.strict:
        raise IllegalMove("uragan.no_claims_strict")
    first = 0 if original is None else original
    m.play(Play(card, first))
    if deal.phase != CLAIM_PHASE:
        if original is None:
            raise IllegalMove("uragan.claim_cannot_capture", card=card)
        if first:
            raise IllegalMove("uragan.claim_no_breach_take", take=take_cards(first))
        raise IllegalMove("uragan.claim_no_breach_trail")
    demanded = deal.pending.demanded if deal.pending else ()
    if take not in demanded:
        raise IllegalMove("uragan.claim_other_take", card=card, take=take_cards(take),
                          choices=tuple(take_cards(t) for t in demanded))
    m.play(CLAIM)
    if deal.phase == PICK:
        m.play(Play(card, take))


def match_from_record(rec: Any) -> Match:
    if not isinstance(rec, dict) or rec.get("game") != "uragan":
        raise RecordError('an Uragan record must be a JSON object with "game": "uragan"')
    players = rec.get("players")
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)):
        raise RecordError('"players" must list the names of the two players')
    try:
        options = Options.from_dict(rec.get("options"))
    except (ValueError, TypeError) as err:
        raise RecordError(f"options: {err}") from None
    deals = rec.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError('"deals" must be a list of deals')
    seed = rec.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError('"seed" must be a whole number')
    specs = tuple(spec_from_json(d, i + 1) for i, d in enumerate(deals))
    for i, spec in enumerate(specs):
        if spec.hands and (spec.table | sum(h for rnd in spec.hands for h in rnd)) != DECK:
            raise RecordError(f"deal {i + 1}: the table and hands must hold the 40 cards once each")
        if i and spec.dealer == specs[i - 1].dealer:
            raise RecordError(f"deal {i + 1}: the dealer must be seat {1 - spec.dealer}: the deal alternates")
    first_dealer = specs[0].dealer if specs else 0
    m = Match(options, players, seed, first_dealer, specs)
    for i, d in enumerate(deals):
        number = i + 1
        if i:
            if m.is_over():
                raise RecordError(f"deal {number}: the match was already won after deal {i}")
            if len(m.deals_done) < i:
                raise RecordError(f"deal {number}: deal {i} is unfinished "
                                  f"({len(m.deal.plays)} of {TOTAL_PLAYS} plays) but another deal follows")
        plays = d.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError(f"deal {number}: plays must be a list")
        for p, obj in enumerate(plays, start=1):
            prefix = f"deal {number}, play {p}"
            deal = m.deal
            seat = deal.turn
            card, take, claimed, original = _play_fields(obj, prefix, seat)
            head = f"{prefix} (seat {seat}, {C.name(card)})"
            if len(m.deals_done) > i or deal.is_over():
                raise RecordError(f"{head}: the deal is already over after {TOTAL_PLAYS} plays")
            try:
                _apply_play(m, card, take, claimed, original)
            except IllegalMove as err:
                raise RecordError(f"{head}: {err}") from None
    return m


# -- replay output ------------------------------------------------------------------------------

def _deal_summary(deal: Deal) -> dict[str, Any]:
    plays = []
    for p in deal.plays:
        item: dict[str, Any] = {"seat": p.seat, "card": C.name(p.card), "take": take_names(p.take),
                                "uragan": p.uragan}
        if p.claimed:
            item["claimed"] = True
            item["claimed_from"] = take_names(p.original)
        if p.broke:
            item["broke"] = p.broke
        plays.append(item)
    remainder = None
    if deal.remainder is not None:
        seat, cards_mask = deal.remainder
        remainder = {"seat": seat if seat >= 0 else None, "cards": C.names(cards_mask)}
    bd = deal.score_breakdown()
    points = bd["points"]
    if not deal.is_over():
        # Until the deal ends only the uragans are certain.
        points = [{"cards": 0, "hearts": 0, "seven": 0, "primiera": 0, "uragans": u, "total": u}
                  for u in deal.uragans]
    return {"dealer": deal.dealer, "plays": plays, "remainder": remainder,
            "captured": [C.names(p) for p in deal.piles], "counts": bd["counts"], "points": points,
            "uragan_marks": [{"seat": mk.seat, "card": C.name(mk.card)} for mk in deal.marks],
            "complete": deal.is_over()}


def summary(m: Match) -> dict[str, Any]:
    deals = list(m.deals_done)
    recorded = len(m.deals_done) < len(m.specs)  # the deal under way was in the record
    if not m.is_over() and (recorded or m.deal.plays):
        deals.append(m.deal)
    return {"game": "uragan",
            "deals": [_deal_summary(d) for d in deals],
            "match": {"points": m.points[:], "finished": m.is_over(), "winner": m.winner,
                      "double": m.double}}


def replay(rec: dict[str, Any]) -> dict[str, Any]:
    """Replay a record and report every deal (docs/records.md keys); RecordError with one line if bad."""
    return summary(match_from_record(rec))
