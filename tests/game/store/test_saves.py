"""Saves: Session saves after every move, resumes exactly, undoes the player's move with the bots'
replies, records statistics once; damaged saves are set aside. Uses a tiny stand-in game that keeps
the engine contract (``Match.new/to_save/from_save``, ``movers``, ``events``, ``move_from_json``), so it
runs without the real engines; tests/game/store/test_saves_engines.py repeats the essentials with Eralash
and Uragan."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game.store import saves
from game.store.saves import SAVE_KIND, SavedGame, Session, has_saved_game, load_game
from game.store.stats import Stats
from game.store.storage import Store


@dataclass(frozen=True)
class Options:
    target: int = 10

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Options:
        unknown = set(d) - {"target"}
        if unknown:
            raise ValueError(f"unknown option {unknown.pop()}")
        return cls(**d)

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target}


class Match:
    """Seats take turns adding 1..3 to a running total; whoever reaches the target wins. A card-free
    stand-in: the seed decides the first player, so a replay must honour it."""

    def __init__(self, options: Options, players: list[str], seed: int, first: int | None) -> None:
        self.options, self.players, self.seed = options, players, seed
        self.first = random.Random(seed).randrange(len(players)) if first is None else first
        self.total = 0
        self.moves: list[int] = []
        self.movers: list[int] = []  # the seat that made each move, as the engines keep it
        self.events: list[Any] = []  # what happened (no deal is ever scored here)
        self.deals_done: list[dict[str, Any]] = []

    @classmethod
    def new(cls, options: Options, players: list[str], seed: int, first_dealer: int | None = None) -> Match:
        return cls(options, players, seed, first_dealer)

    def current_player(self) -> int:
        return (self.first + len(self.moves)) % len(self.players)

    def legal_moves(self) -> list[int]:
        return [] if self.is_over() else [m for m in (1, 2, 3) if self.total + m <= self.options.target]

    def play(self, move: int) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"illegal {move}")
        self.movers.append(self.current_player())
        self.moves.append(move)
        self.total += move

    def is_over(self) -> bool:
        return self.total >= self.options.target

    def winners(self) -> list[int]:
        return [(self.first + len(self.moves) - 1) % len(self.players)] if self.is_over() else []

    def score(self) -> list[float]:
        return [float(s in self.winners()) for s in range(len(self.players))]

    def to_save(self) -> dict[str, Any]:
        return {"options": self.options.to_dict(), "players": list(self.players), "seed": self.seed,
                "first_dealer": self.first, "moves": list(self.moves)}

    @classmethod
    def from_save(cls, d: dict[str, Any]) -> Match:
        m = cls(Options.from_dict(d["options"]), d["players"], d["seed"], d["first_dealer"])
        for mv in d["moves"]:
            m.play(move_from_json(mv))
        return m


def move_from_json(obj: Any) -> int:
    if not isinstance(obj, int):
        raise ValueError("bad move")
    return obj


FAKE = SimpleNamespace(Options=Options, Match=Match, move_from_json=move_from_json, move_to_json=lambda m: m)


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch) -> None:
    monkeypatch.setattr(saves, "engine_module", lambda game: FAKE)


def new_session(tmp_path: Path, seed: int = 3, seats: list[str | None] | None = None) -> Session:
    seats = seats or [None, "club"]
    names = ["You", "Bot 1", "Bot 2", "Bot 3"][: len(seats)]
    return Session.new(Store(tmp_path), "uragan", {"target": 10}, names, seats, seed=seed, first_dealer=0)


def test_new_game_is_saved_at_once_and_after_every_move(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    assert has_saved_game(Store(tmp_path))
    for move in (2, 3, 1):
        s.play(move)
        resumed = Session.resume(Store(tmp_path))
        assert resumed is not None
        assert resumed.match.to_save() == s.match.to_save()
        assert resumed.match.current_player() == s.match.current_player()
        assert resumed.seats == [None, "club"] and resumed.saved.game_id == s.saved.game_id


def test_illegal_move_changes_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    before = (tmp_path / "save.json").read_bytes()
    with pytest.raises(ValueError):
        s.play(7)
    assert (tmp_path / "save.json").read_bytes() == before


def test_undo_takes_back_the_players_move_and_the_bot_replies(tmp_path: Path) -> None:
    s = new_session(tmp_path, seats=[None, "club", "novice"])  # the human moves first (dealer 0)
    for move in (1, 2, 1, 1, 3):  # human, bot, bot, human, bot
        s.play(move)
    assert s.movers() == [0, 1, 2, 0, 1]
    assert s.undo() == 2  # the human's 1 and the bot's 3
    assert s.match.moves == [1, 2, 1]
    assert s.is_human_turn()
    assert s.undo_used
    assert s.undo() == 3
    assert s.match.moves == []
    assert not s.can_undo() and s.undo() == 0
    resumed = Session.resume(Store(tmp_path))
    assert resumed.match.moves == [] and resumed.undo_used


def test_table_snapshot_travels_with_the_save(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    s.set_table_snapshot({"claim_prompt": True, "sort": "suit"})
    s.play(1)
    assert Session.resume(Store(tmp_path)).saved.table == {"claim_prompt": True, "sort": "suit"}


@pytest.mark.parametrize("moves,human_wins", [((3, 3, 3, 1), False), ((1, 2, 3, 1, 2), True),
                                              ((3, 3, 2, 2), False), ((3, 3, 3), True)])
def test_finish_records_once_and_removes_the_save(tmp_path: Path, moves, human_wins) -> None:
    store = Store(tmp_path)
    stats = Stats.load(store)
    s = new_session(tmp_path)  # the human (seat 0) moves first: whoever makes the last move wins
    s.match = Match.from_save({**s.match.to_save(), "options": {"target": sum(moves)}})
    for move in moves:
        s.play(move)
    assert s.match.is_over()
    assert s.finish(stats)
    rec = stats.get("uragan", "club")
    assert rec.played == 1 and rec.won == int(human_wins)
    assert not (tmp_path / "save.json").exists()
    assert not s.finish(stats)  # counted once
    assert Stats.load(Store(tmp_path)).get("uragan", "club").played == 1


def test_finish_before_the_end_does_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    assert not s.finish(Stats())
    assert (tmp_path / "save.json").exists()


def test_result_in_pairs_and_shared_wins(tmp_path: Path) -> None:
    s = new_session(tmp_path, seats=[None, "club", "club", "club"])
    s.saved.match["options"] = {"pairs": True}
    s.match.winners = lambda: [2]  # the partner opposite
    assert s.result()["result"] == "win"
    s.saved.match["options"] = {}
    assert s.result()["result"] == "loss"
    s.match.winners = lambda: [0, 3]
    assert s.result()["result"] == "shared"


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(game="chess"),
    lambda d: d.update(seats=["club", "club"]),  # no human
    lambda d: d.update(bot_seeds=[1]),
    lambda d: d["match"].update(moves=[3, 3, 3, 3, 3]),  # the engine refuses the replay
    lambda d: d["match"].update(moves="lots"),
    lambda d: d.pop("game_id"),
])
def test_damaged_save_is_set_aside(tmp_path: Path, mutate) -> None:
    s = new_session(tmp_path)
    s.play(2)
    s.store.flush()
    doc = json.loads((tmp_path / "save.json").read_text())
    mutate(doc)
    (tmp_path / "save.json").write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert load_game(store) is None
    assert [n.key for n in store.notices] == ["storage.corrupt"]
    assert len(list(tmp_path.glob("save.corrupt-*.json"))) == 1
    assert not has_saved_game(store)


def test_save_from_a_newer_salon_is_kept_and_not_overwritten(tmp_path: Path) -> None:
    newer = json.dumps({"version": SAVE_KIND.version + 1, "game": "uragan", "hologram": 1})
    (tmp_path / "save.json").write_text(newer)
    store = Store(tmp_path)
    assert Session.resume(store) is None
    assert not has_saved_game(store)
    s = Session.new(store, "uragan", {}, ["You", "Bot"], [None, "club"], seed=1)
    s.play(1)
    assert (tmp_path / "save.json").read_text() == newer
    assert [n.key for n in store.notices] == ["storage.newer", "storage.not_written_newer"]  # said: not saved


def test_saved_game_round_trips_as_data() -> None:
    match = {"moves": [1], "players": ["A", "B", "C"]}
    sg = SavedGame(game="eralash", match=match, seats=[None, "master", "club"], bot_seeds=[0, 1, 2])
    again = SavedGame.from_dict(json.loads(json.dumps(sg.to_dict())))
    assert again == sg
    assert again.humans == [0]


def test_bot_seeds_follow_the_match_seed(tmp_path: Path) -> None:
    a = new_session(tmp_path / "a", seed=11)
    b = new_session(tmp_path / "b", seed=11)
    c = new_session(tmp_path / "c", seed=12)
    assert a.saved.bot_seeds == b.saved.bot_seeds != c.saved.bot_seeds
    assert len(set(a.saved.bot_seeds)) == 2


def test_a_finished_game_left_in_the_save_is_counted_on_resume(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    for move in (1, 1, 2, 3, 3):  # the human (first) makes the fifth and last move and wins
        s.match.play(move)
    s.save(background=False)  # as if killed after the last autosave, before the result was counted
    assert Session.resume(Store(tmp_path)) is None
    assert not (tmp_path / "save.json").exists()
    rec = Stats.load(Store(tmp_path)).get("uragan", "club")
    assert (rec.played, rec.won) == (1, 1)
    assert Session.resume(Store(tmp_path)) is None


def test_a_move_is_serialised_once_and_the_save_made_on_the_writer(tmp_path: Path, monkeypatch) -> None:
    import threading

    s = new_session(tmp_path)
    calls: list[str] = []
    to_save = Match.to_save
    monkeypatch.setattr(Match, "to_save", lambda self: calls.append("to_save") or to_save(self))
    made_on: list[str] = []
    maker = s.document_maker

    def traced_maker():
        document = maker()
        return lambda: made_on.append(threading.current_thread().name) or document()

    monkeypatch.setattr(s, "document_maker", traced_maker)
    for move in (2, 3, 1):
        s.play(move)
    Store(tmp_path).flush()
    assert calls == []  # each move's JSON is made by play, never the whole match again
    assert made_on and set(made_on) == {"salon-writer"}
    assert Session.resume(Store(tmp_path)).match.moves == [2, 3, 1]
