"""Eralash records: the seed's illustrative game, writing and replaying, and bad records refused clearly."""

import copy
import json
import random
import subprocess
import sys

import pytest
from places import DATA, ROOT

from engine.cards import parse
from engine.eralash import Match, Options
from engine.eralash.record import match_from_record, replay
from engine.state import RecordError


def illustrative() -> dict:
    return json.loads((DATA / "eralash_illustrative.json").read_text(encoding="utf-8"))


# --- the illustrative game of the seed text ------------------------------------------------------


def test_illustrative_game_after_six_tricks():
    out = replay(illustrative())
    (deal,) = out["deals"]
    # Светлана (seat 1) alone holds a run, 8-9-10 of clubs: 27 points, and names clubs trump.
    assert deal["runs"] == [[], [{"cards": ["8C", "9C", "10C"], "points": 27}], [], []]
    assert deal["honours"] == [0, 0, 0, 0]
    assert (deal["trump"], deal["trump_by"]) == ("C", 1)
    assert [t["winner"] for t in deal["tricks"]] == [1, 3, 1, 0, 0, 1]
    assert [t["leader"] for t in deal["tricks"]] == [1, 1, 3, 1, 0, 0]
    assert deal["tricks"][0] == {"leader": 1, "cards": ["AC", "5C", "3C", "6C"], "winner": 1}
    # "Светлана взяла три, Юлия — две, Андрей — одну, Павлу пока не досталось ни одной."
    assert deal["tricks_won"] == [2, 3, 0, 1]
    assert deal["complete"] is False and deal["slam"] is None
    assert out["robber"] == {"points": [0, 27, 0, 0], "tricks": [2, 3, 0, 1], "finished": False,
                             "winners": [], "slam": None}


def test_illustrative_text_trick_four_as_written_is_refused():
    # The text has Андрей play the 3♣ in trick 4, but he played it in trick 1; the record has the 4♣.
    rec = illustrative()
    assert rec["deals"][0]["plays"][14] == "4C" and "4 of clubs" in rec["comment"]
    rec["deals"][0]["plays"][14] = "3C"
    with pytest.raises(RecordError, match=r"^deal 1, play 15 \(seat 3, 3C\): already played$"):
        replay(rec)


def test_illustrative_position_from_the_view_of_pavel():
    m = match_from_record(illustrative())
    v = m.view(2)
    assert v.current_player() == 1 and v.trump == 3 and v.trump_by == 1
    assert v.counts == (7, 7, 7, 7)
    # Павел showed no clubs in trick 5 and Андрей neither (both were led trumps)
    assert v.voids[2] >> 3 & 1 and v.voids[3] >> 3 & 1
    assert v.hand & (1 << parse("AH")) == 0 and v.hand & (1 << parse("JH"))


# --- writing and replaying ---------------------------------------------------------------------------


def _random_match(options: Options, n: int, seed: int, stop: int | None = None) -> Match:
    rng = random.Random(seed)
    m = Match.new(options, [f"p{i}" for i in range(n)], seed)
    k = 0
    while not m.is_over() and (stop is None or k < stop):
        moves = m.legal_moves()
        m.play(moves[int(rng.random() * len(moves))])
        k += 1
    return m


@pytest.mark.parametrize("stop", [None, 0, 1, 30, 100])
def test_a_written_record_replays_to_the_same_match(stop):
    for seed, (opts, n) in enumerate(
        [(Options(), 4), (Options(pairs=True), 4), (Options(short_deal=True), 3), (Options(), 2),
         (Options(classic_runs=True, target=5), 3)]
    ):
        m = _random_match(opts, n, seed, stop)
        rec = json.loads(json.dumps(m.to_record()))
        again = match_from_record(rec)
        assert again == m
        assert again.score() == m.score() and again.winners() == m.winners()
        out = replay(rec)
        assert out["robber"]["finished"] == m.is_over()
        assert len(out["deals"]) == len(rec["deals"])
        if m.is_over():
            assert out["robber"]["points"] == [int(p) for p in m.score()]
            assert sorted({m.side_of(s) for s in m.winners()}) == out["robber"]["winners"]


def test_save_and_restore_rebuild_the_exact_state():
    m = _random_match(Options(pairs=True), 4, 9, stop=70)
    again = Match.from_save(json.loads(json.dumps(m.to_save())))
    assert again == m and again.deal == m.deal and again.moves == m.moves
    rec_match = match_from_record(m.to_record())
    assert Match.from_save(rec_match.to_save()) == rec_match


# --- bad records: one clear line ----------------------------------------------------------------------


def _bad(mutate) -> dict:
    rec = illustrative()
    mutate(rec)
    return rec


def _set(path, value):
    def f(rec):
        obj = rec
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return f


def _swap_card(rec):
    rec["deals"][0]["hands"][1][0] = rec["deals"][0]["hands"][0][0]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (_set(["deals", 0, "plays", 7], "QD"),
         r"^deal 1, play 8 \(seat 0, QD\): must follow spades or play a trump$"),
        (_set(["deals", 0, "plays", 1], "9C"), r"^deal 1, play 2 \(seat 2, 9C\): seat 2 does not hold 9C$"),
        (_set(["deals", 0, "plays", 0], "2D"), r"^deal 1, play 1 \(seat 1, 2D\): seat 1 does not hold 2D$"),
        (_set(["deals", 0, "plays", 4], "ZZ"), r"^deal 1, play 5 \(seat 1, ZZ\): .*no suit"),
        (_set(["deals", 0, "plays", 4], 7), r"^deal 1, play 5 \(seat 1\): a play must be a card"),
        (_set(["deals", 0, "plays", 17], "AC"), r"^deal 1, play 18 \(seat 1, AC\): already played$"),
        (_set(["deals", 0, "trump"], "H"), r"^deal 1: trump is clubs by seat 1's run 8C-9C-10C, not hearts$"),
        (_set(["deals", 0, "trump"], "X"), r"^deal 1: trump .*not a suit"),
        (_swap_card, r"^deal 1: hands are not disjoint"),
        (_set(["deals", 0, "hands", 3], ["6D"]), r"^deal 1: every hand must hold 13 cards"),
        (_set(["deals", 0, "hands", 2, 0], "11D"), r"^deal 1: hand of seat 2: '11D' has no rank"),
        (_set(["deals", 0, "dealer"], 4), r"^deal 1: dealer must be a seat from 0 to 3"),
        (_set(["options"], {"pairs": "no"}), r"^bad options: option pairs must be true or false"),
        (_set(["options"], {"jokers": True}), r"^bad options: unknown Eralash option 'jokers'"),
        (_set(["players"], ["a", "b", "c", "d", "e"]), r"^players: Eralash is played by 2, 3 or 4 players"),
        (_set(["players"], "Юлия"), r"^players must be a list"),
        (_set(["deals"], {"dealer": 0}), r"^deals must be a list"),
    ],
)
def test_bad_records_are_refused_with_one_line(mutate, message):
    with pytest.raises(RecordError, match=message) as err:
        replay(_bad(mutate))
    assert "\n" not in str(err.value)


def _no_run_record() -> dict:
    hands = [
        ["2S", "4S", "6S", "8S", "10S", "QS", "2H", "4H", "6H", "8H", "10H", "QH", "2D"],
        ["3S", "5S", "7S", "9S", "JS", "KS", "3H", "5H", "7H", "9H", "JH", "KH", "3D"],
        ["4D", "6D", "8D", "10D", "QD", "AD", "2C", "4C", "6C", "8C", "10C", "QC", "AS"],
        ["5D", "7D", "9D", "JD", "KD", "3C", "5C", "7C", "9C", "JC", "KC", "AC", "AH"],
    ]
    return {"game": "eralash", "players": ["a", "b", "c", "d"],
            "deals": [{"dealer": 3, "hands": hands, "plays": ["2S"]}]}


def test_missing_trump_when_nobody_holds_a_run():
    rec = _no_run_record()
    with pytest.raises(RecordError, match=r"^deal 1: nobody holds a run, so the record must give the trump"):
        replay(rec)
    rec["deals"][0]["trump"] = "h"
    out = replay(rec)
    assert (out["deals"][0]["trump"], out["deals"][0]["trump_by"]) == ("H", 0)


def test_deal_after_an_unfinished_deal_is_refused():
    rec = illustrative()
    rec["deals"].append(copy.deepcopy(rec["deals"][0]))
    with pytest.raises(RecordError, match=r"^deal 1: unfinished \(24 of 52 cards played\) but deal 2"):
        replay(rec)


def test_plays_past_the_end_of_a_deal_are_refused():
    m = _random_match(Options(), 2, 4, stop=None)
    rec = m.to_record()
    rec["deals"][0]["plays"].append("2S")
    with pytest.raises(RecordError, match=r"^deal 1, play 53: the deal is already over after 26 tricks"):
        replay(rec)
    rec = m.to_record()
    rec["deals"].append(rec["deals"][-1])
    with pytest.raises(RecordError, match=r"the robber was already over after deal"):
        replay(rec)


# --- the command line -----------------------------------------------------------------------------------


def _cli(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", "replay", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_cli_replays_a_record_as_json():
    r = _cli([str(DATA / "eralash_illustrative.json")])
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["robber"]["tricks"] == [2, 3, 0, 1]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (json.dumps(_bad(_set(["deals", 0, "plays", 7], "QD"))), "deal 1, play 8 (seat 0, QD): must follow"),
        ("{not json", "not valid JSON"),
        ("[]", "JSON object"),
        (json.dumps({"game": "eralash", "players": ["a", "b"], "options": {"target": "x"}}), "bad options"),
        (json.dumps({"game": "eralash", "players": ["a", "b"], "deals": [{"dealer": 0, "hands": 3}]}),
         "deal 1: hands must list 2 hands"),
    ],
)
def test_cli_refuses_bad_records_with_one_line_and_exit_2(text, message):
    r = _cli(["-"], stdin=text)
    assert r.returncode == 2
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert message in r.stderr


def test_a_record_stopping_mid_trick_lists_finished_tricks_and_the_one_under_way():
    rec = illustrative()
    rec["deals"][0]["plays"] = rec["deals"][0]["plays"][:6]
    (deal,) = replay(rec)["deals"]
    assert deal["tricks"] == [{"leader": 1, "cards": ["AC", "5C", "3C", "6C"], "winner": 1}]
    assert deal["trick_under_way"] == {"leader": 1, "cards": ["QS", "QC"]}
    assert replay(illustrative())["deals"][0]["trick_under_way"] is None


def test_illustrative_replay_matches_its_golden_file():
    # The golden file was written by `python -m engine replay` and checked by hand against the
    # seed text (see test_illustrative_game_after_six_tricks); it guards the output's shape.
    golden = json.loads((DATA / "eralash_illustrative_replay.json").read_text(encoding="utf-8"))
    assert replay(illustrative()) == golden
