"""Uragan records: the golden replay, claimed plays, and malformed or illegal records refused in one line."""

import copy
import json
import subprocess
import sys

import pytest
from places import DATA, ROOT

from engine.cards import parse_set
from engine.records import replay_record
from engine.state import RecordError
from engine.uragan import Deal, Match, Options
from engine.uragan.match import _deal_to_json
from engine.uragan.record import match_from_record, replay

GOLDEN = DATA / "uragan_claims.json"


def golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def one_deal_record(table, hand0, hand1, plays, claims="book") -> dict:
    """A record of one deal (dealer 1, so seat 0 plays first) opening with the given cards."""
    d = Deal.position(Options(claims=claims), 1, parse_set(table), parse_set(hand0), parse_set(hand1))
    spec = _deal_to_json(d)
    spec["plays"] = plays
    return {"game": "uragan", "players": ["A", "B"], "options": {"claims": claims}, "deals": [spec]}


def refused(rec) -> str:
    with pytest.raises(RecordError) as info:
        replay(rec)
    msg = str(info.value)
    assert "\n" not in msg
    return msg


# -- the golden record ------------------------------------------------------------------------------

def test_golden_record_replays_to_the_stored_output():
    expected = json.loads((DATA / "uragan_claims_replay.json").read_text(encoding="utf-8"))
    assert replay_record(golden()) == expected


def test_golden_record_facts_checked_by_hand():
    out = replay(golden())
    deal = out["deals"][0]
    plays = deal["plays"]
    # 1. KS took 4S+6H past the KD; seat 1 claimed, so the King took the King.
    assert plays[0] == {"seat": 0, "card": "KS", "take": ["KD"], "uragan": False, "claimed": True,
                        "claimed_from": ["4S", "6H"], "broke": "equal"}
    # 2. 4C trailed though the 4S lay there; the record shows no claim: it was let stand.
    assert plays[1]["take"] == [] and plays[1]["broke"] == "equal" and "claimed" not in plays[1]
    # 14. JH (8) took 4S+4C, the last two cards on the table: an uragan.
    assert plays[13] == {"seat": 1, "card": "JH", "take": ["4S", "4C"], "uragan": True}
    assert deal["points"][1]["uragans"] == 1 and deal["complete"] is False and deal["remainder"] is None
    assert set(deal["counts"][0]) >= {"cards", "hearts", "primiera"}
    assert out["match"] == {"points": [0, 0], "finished": False, "winner": None, "double": False}


def test_match_to_record_reproduces_the_golden_record():
    rec = golden()
    m = match_from_record(rec)
    again = m.to_record()
    assert again["deals"][0]["plays"][0] == rec["deals"][0]["plays"][0]
    assert replay(again) == replay(rec)


def test_complete_match_record_reports_winner_and_double():
    import random

    m = Match.new(Options(), ["A", "B"], 77)
    rng = random.Random(77)
    while not m.is_over():
        m.play(rng.choice(m.legal_moves()))
    out = replay(json.loads(json.dumps(m.to_record())))
    assert out["match"] == {"points": m.points, "finished": True, "winner": m.winner, "double": m.double}
    for deal_out, deal in zip(out["deals"], m.deals_done, strict=True):
        assert deal_out["complete"] and deal_out["remainder"] is not None
        assert sum(len(c) for c in deal_out["captured"]) == 40 - (
            len(deal_out["remainder"]["cards"]) if deal_out["remainder"]["seat"] is None else 0)
        assert [p["total"] for p in deal_out["points"]] == [int(s) for s in deal.score()]


# -- claims in records ------------------------------------------------------------------------------

def test_a_claim_without_claimed_from_counts_as_a_claimed_trail():
    rec = one_deal_record(["3S", "3H", "5D", "AC"], ["6S"], [],
                          [{"card": "6S", "take": ["5D", "AC"], "claimed": True}])
    play = replay(rec)["deals"][0]["plays"][0]
    assert play["claimed"] and play["take"] == ["AC", "5D"] and play["broke"] == "trail"


def test_a_claim_on_a_play_that_broke_nothing_is_refused():
    rec = one_deal_record(["3S", "3H", "5D", "AC"], ["6S"], [],
                          [{"card": "6S", "take": ["5D", "AC"], "claimed": True,
                            "claimed_from": ["3S", "3H"]}])
    assert refused(rec) == (
        "deal 1, play 1 (seat 0, 6S): the claim is not legitimate: taking 3S+3H broke no priority")
    rec = one_deal_record(["3S", "3H", "5D", "KC"], ["QS"], [], [{"card": "QS", "claimed": True}])
    assert refused(rec) == (
        "deal 1, play 1 (seat 0, QS): the claim is not legitimate: QS could not capture anything")


def test_a_claim_must_end_in_a_demanded_capture():
    rec = one_deal_record(["KD", "4S", "6H", "2C"], ["KS"], [],
                          [{"card": "KS", "take": ["4S", "6H"], "claimed": True, "claimed_from": []}])
    assert refused(rec) == "deal 1, play 1 (seat 0, KS): the claim turns KS into taking KD, not 4S+6H"


def test_strict_records_refuse_breaking_plays_and_claims():
    rec = one_deal_record(["KD", "4S", "6H", "2C"], ["KS"], [], [{"card": "KS", "take": ["4S", "6H"]}],
                          claims="strict")
    assert refused(rec) == "deal 1, play 1 (seat 0, KS): A King must take a King lying on the table"
    rec = one_deal_record(["KD", "4S", "6H", "2C"], ["KS"], [],
                          [{"card": "KS", "take": ["KD"], "claimed": True}], claims="strict")
    assert "no claims are made with strict claims" in refused(rec)


# -- malformed and illegal records ------------------------------------------------------------------

def test_the_issue_example_message():
    rec = one_deal_record(["3C", "4D", "KH", "2S"], ["6C"], [], [{"card": "6C", "take": ["3C", "4D"]}])
    assert refused(rec) == "deal 1, play 1 (seat 0, 6C): 6C cannot take 3C+4D: they add up to 7, not 6"


def _mutated(fn) -> dict:
    rec = copy.deepcopy(golden())
    fn(rec)
    return rec


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda r: r["deals"][0]["plays"].__setitem__(6, {"card": "7H", "take": ["2C"]}),
         "deal 1, play 7 (seat 0, 7H): 7H cannot take 2C: it counts 2, not 7"),
        (lambda r: r["deals"][0]["plays"].__setitem__(1, {"card": "KS"}),
         "deal 1, play 2 (seat 1, KS): KS is not in the hand"),
        (lambda r: r["deals"][0]["plays"].__setitem__(1, {"card": "4C", "take": ["QD"]}),
         "deal 1, play 2 (seat 1, 4C): QD is not on the table"),
        (lambda r: r["deals"][0]["plays"].__setitem__(1, {"card": "9C"}),
         "deal 1, play 2 (seat 1, 9C): 9C is not in the Uragan deck (no 8s, 9s or 10s)"),
        (lambda r: r["deals"][0]["plays"].__setitem__(1, {"card": "XX"}),
         "deal 1, play 2 (seat 1): 'XX' has no suit: the last letter must be one of S, H, D, C"),
        (lambda r: r["deals"][0]["plays"].__setitem__(1, "4C"),
         'deal 1, play 2 (seat 1): a play must be an object like {"card": "7H", "take": ["3C", "4D"]}'),
        (lambda r: r["deals"][0]["table"].__setitem__(0, "9S"),
         "deal 1: table: 9S is not in the Uragan deck (no 8s, 9s or 10s)"),
        (lambda r: r["deals"][0]["table"].__setitem__(0, "KS"),
         "deal 1: card KS is dealt twice"),
        (lambda r: r["deals"][0]["hands"][1].pop(),
         "deal 1: hands must be 3 rounds of 2 hands of 6 cards (hands[round][seat])"),
        (lambda r: r["deals"][0].__setitem__("dealer", 2), "deal 1: dealer must be seat 0 or 1, not 2"),
        (lambda r: r.__setitem__("options", {"claims": "loose"}),
         'options: option claims must be "book" or "strict", not \'loose\''),
        (lambda r: r.__setitem__("options", {"jokers": True}),
         "options: unknown Uragan option 'jokers': the options are claims, primiera_all_suits, target"),
        (lambda r: r.__setitem__("players", ["solo"]), '"players" must list the names of the two players'),
        (lambda r: r["deals"].append(copy.deepcopy(r["deals"][0])),
         "deal 2: the dealer must be seat 0: the deal alternates"),
    ],
)
def test_bad_records_are_refused_with_one_clear_line(mutate, expected):
    assert refused(_mutated(mutate)) == expected


def test_unfinished_deal_followed_by_another_is_refused():
    def add_deal(r):
        nxt = copy.deepcopy(r["deals"][0])
        nxt["dealer"] = 0
        nxt["plays"] = []
        r["deals"].append(nxt)

    expected = "deal 2: deal 1 is unfinished (15 of 36 plays) but another deal follows"
    assert refused(_mutated(add_deal)) == expected


def test_plays_after_the_end_of_a_deal_are_refused():
    import random

    m = Match.new(Options(), ["A", "B"], 4, first_dealer=0)
    rng = random.Random(4)
    while not m.deals_done:
        m.play(rng.choice(m.legal_moves()))
    rec = m.to_record()
    rec["deals"] = rec["deals"][:1]
    rec["deals"][0]["plays"].append({"card": "AS"})
    assert "play 37" in refused(rec) and "the deal is already over" in refused(rec)


# -- the command line ---------------------------------------------------------------------------------

def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", "replay", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_cli_replays_a_good_record_as_json():
    out = run_cli(str(GOLDEN))
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout) == replay(golden())


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"game": "uragan", "deals": 5}',
        '{"game": "uragan", "deals": [{"dealer": 1, "table": ["AS"]}]}',
        json.dumps(_mutated(lambda r: r["deals"][0]["plays"].__setitem__(6, {"card": "7H", "take": ["2C"]}))),
        json.dumps(_mutated(lambda r: r["deals"][0]["plays"].__setitem__(0, {"card": "KS", "take": 5}))),
        json.dumps(_mutated(lambda r: r.__setitem__("options", {"target": "many"}))),
    ],
)
def test_cli_refuses_bad_records_in_one_line_with_exit_2(text):
    out = run_cli("-", stdin=text)
    assert out.returncode == 2 and out.stdout == ""
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1 and out.stderr.strip()


def test_a_match_read_from_a_record_saves_and_restores_exactly():
    m = match_from_record(golden())
    save = json.loads(json.dumps(m.to_save(), ensure_ascii=False))
    assert "deals" in save  # the recorded cards travel with the save
    restored = Match.from_save(save)
    assert restored == m and restored.deal.dealt == m.deal.dealt
