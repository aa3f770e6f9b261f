"""``python -m engine review``: the output of docs/records.md (Reviewing a record) for both games,
and one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest
from club_records import uragan_into_the_second_deal

from engine.__main__ import main
from engine.eralash.match import Match as EMatch
from engine.games import game_named
from engine.review import decisions, match_before, review_json, review_record
from engine.uragan.match import Match as UMatch
from engine.uragan.options import Options


def _uragan_record(seed: int = 5, plays: int | None = None) -> dict:
    m = UMatch.new(Options(), ["a", "b"], seed)
    bots = [game_named("uragan").make_bot("club", 1), game_named("uragan").make_bot("club", 2)]
    while not m.deals_done and (plays is None or len(m.deal.plays) < plays):
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    return m.to_record()


def _eralash_record(seed: int = 11) -> dict:
    m = EMatch.new(None, ["a", "b", "c", "d"], seed)
    bots = [game_named("eralash").make_bot("club", i) for i in range(4)]
    while not m.deals_done:
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    return m.to_record()


@pytest.fixture(scope="module")
def uragan_rec() -> dict:
    return _uragan_record(plays=12)


def test_review_json_has_the_contract_keys(uragan_rec: dict) -> None:
    out = review_json(uragan_rec, 0, None, 1, iterations=40)
    assert out["game"] == "uragan" and out["seat"] == 0
    ds = out["decisions"]
    assert len(ds) == len(decisions(uragan_rec, 0)) > 0
    for d in ds:
        assert {"deal", "play", "played", "best", "win_chance_played", "win_chance_best", "loss"} <= set(d)
        assert d["loss"] >= 0
        assert d["loss"] == pytest.approx(d["win_chance_best"] - d["win_chance_played"], abs=1e-4)
        if d["played"] == d["best"]:
            assert d["loss"] == 0
    assert out["total_loss"] == pytest.approx(sum(d["loss"] for d in ds), abs=1e-3)


def test_same_seed_same_verdicts(uragan_rec: dict) -> None:
    a = review_json(uragan_rec, 1, None, 4, iterations=40)
    b = review_json(uragan_rec, 1, None, 4, iterations=40)
    assert a == b


def test_eralash_decisions_and_note() -> None:
    rec = _eralash_record()
    out = review_json(rec, 2, None, 0, iterations=25)
    assert out["game"] == "eralash" and "note" in out
    assert all(isinstance(d["played"], str | dict) for d in out["decisions"])
    assert len(out["decisions"]) == len(decisions(rec, 2))


def test_position_of_a_decision(uragan_rec: dict) -> None:
    d = decisions(uragan_rec, 0)[2]
    m = match_before(uragan_rec, d.move_index)
    assert m.current_player() == 0
    assert d.played in m.legal_moves()


def test_should_stop_ends_the_review(uragan_rec: dict) -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    got = list(review_record(uragan_rec, 0, iterations=10_000, should_stop=stop))
    assert len(got) < len(decisions(uragan_rec, 0))


def test_cli_prints_json(tmp_path, capsys, uragan_rec: dict) -> None:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(uragan_rec))
    assert main(["review", str(f), "--seat", "1", "--iterations", "20", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 1 and out["decisions"]


@pytest.mark.parametrize("args,words", [
    (["--seat", "x"], "--seat"), (["--seat", "-1"], "--seat"), (["--seat", "2"], "--seat"),
    (["--seat", "0", "--budget", "0"], "--budget"), (["--seat", "0", "--budget", "nan"], "--budget"),
    (["--seat", "0", "--budget", "inf"], "--budget"), (["--seat"], "--seat"),
    (["--seat", "0", "--seed", "q"], "--seed"), (["--seat", "0", "--iterations", "0"], "--iterations"),
])
def test_bad_options_one_line_exit_2(tmp_path, capsys, uragan_rec: dict, args: list, words: str) -> None:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(uragan_rec))
    try:
        status = main(["review", str(f), *args])
    except SystemExit as exit_:  # argparse's own refusal (engine.cli.OneLineParser: one line)
        status = exit_.code
    assert status == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and words in err


def test_bad_record_same_line_as_replay(tmp_path, capsys, uragan_rec: dict) -> None:
    bad = json.loads(json.dumps(uragan_rec))
    bad["deals"][0]["plays"][3] = {"card": "AS", "take": ["KD"]}
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad))
    assert main(["replay", str(f)]) == 2
    replay_err = capsys.readouterr().err
    assert main(["review", str(f), "--seat", "0"]) == 2
    assert capsys.readouterr().err == replay_err
    assert "deal 1, play 4" in replay_err


def test_eralash_trump_choice_is_judged() -> None:
    """Nobody holds a run (ranks dealt four apart): the eldest hand names trump, a judged decision."""
    from engine.cards import names

    hands = [0, 0, 0, 0]
    for c in range(52):
        hands[(c % 13) % 4 if c % 13 < 12 else c // 13] |= 1 << c  # Aces spread one per hand
    m = EMatch.new(None, ["a", "b", "c", "d"], 3, None, [(3, hands)])
    assert m.deal.choices  # the eldest (seat 0) must choose
    bots = [game_named("eralash").make_bot("club", i) for i in range(4)]
    for _ in range(5):
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    rec = m.to_record()
    assert names(hands[0]) == rec["deals"][0]["hands"][0]
    out = review_json(rec, 0, None, 0, iterations=30)
    first = out["decisions"][0]
    assert first["kind"] == "trump" and set(first["played"]) == {"trump"}
    assert first["deal"] == 1 and first["play"] == 1


def test_verdicts_cross_a_process_boundary(uragan_rec: dict) -> None:
    """The app's bot worker sends verdicts to the app: they pickle and compare equal."""
    import pickle

    vs = list(review_record(uragan_rec, 0, iterations=10))
    assert vs and pickle.loads(pickle.dumps(vs)) == vs


def test_review_limited_to_some_deals() -> None:
    rec = uragan_into_the_second_deal()
    second = [d.move_index for d in decisions(rec, 1) if d.deal == 2]
    got = [v.move_index for v in review_record(rec, 1, iterations=10, deals=[2])]
    assert got == second and second
