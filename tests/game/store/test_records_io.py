"""Records out and in: a game saved as a record reads back exactly; bad files give one line."""

import json
import random
from datetime import datetime

import pytest

from engine.state import RecordError
from game.store.records import (
    last_game,
    read_record,
    record_name,
    records_folder,
    remember_last_game,
    save_record,
)
from game.store.saves import Session


def played(game, moves, seed=9):
    n = 2 if game == "uragan" else 4
    session = Session.new(None, game, {}, [f"P{i}" for i in range(n)], [None] + ["club"] * (n - 1), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.match.is_over():
            break
        session.match.play(rng.choice(session.match.legal_moves()))
    return session.match


@pytest.mark.parametrize("game", ["uragan", "eralash"])
@pytest.mark.parametrize("moves", [0, 7, 400])
def test_save_then_load_round_trips_exactly(tmp_path, game, moves):
    match = played(game, moves)
    record = match.to_record()
    path = save_record(record, tmp_path, when=datetime(2026, 11, 30, 16, 4))
    assert path.name == f"{game}-2026-11-30-1604.json"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # atomic: no temporary file left behind
    loaded, again = read_record(path)
    assert loaded == record
    assert again.to_record() == record and again.moves == match.moves[: len(again.moves)]
    assert loaded["seed"] == match.seed  # the deal number travels with the record


def test_a_second_save_the_same_minute_gets_its_own_name(tmp_path):
    record = played("uragan", 3).to_record()
    when = datetime(2026, 1, 2, 3, 4)
    a, b = save_record(record, tmp_path, when), save_record(record, tmp_path, when)
    assert a != b and b.name == "uragan-2026-01-02-0304-2.json"


def test_records_go_to_the_documents_folder_unless_told(monkeypatch, tmp_path):
    monkeypatch.delenv("SALON_RECORDS_DIR", raising=False)
    import platformdirs

    assert records_folder() == __import__("pathlib").Path(platformdirs.user_documents_dir()) / "Salon"
    monkeypatch.setenv("SALON_RECORDS_DIR", str(tmp_path))
    assert records_folder() == tmp_path
    assert record_name("eralash", datetime(2026, 5, 6, 7, 8)) == "eralash-2026-05-06-0708.json"


def test_bad_files_raise_one_line(tmp_path):
    cases = {
        "notjson.json": "{",
        "list.json": "[1, 2]",
        "game.json": json.dumps({"game": "chess"}),
        "cards.json": json.dumps({"game": "uragan", "players": ["a", "b"],
                                  "deals": [{"dealer": 0, "table": ["XX"], "hands": []}]}),
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        with pytest.raises(RecordError) as err:
            read_record(tmp_path / name)
        assert "\n" not in str(err.value) and str(err.value)
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError):
        read_record(tmp_path / "binary.json")
    with pytest.raises(RecordError):
        read_record(tmp_path / "absent.json")


def test_the_last_finished_game_is_kept_for_the_menu(tmp_path):
    assert last_game(tmp_path) is None
    record = played("uragan", 20).to_record()
    remember_last_game(tmp_path, record)
    assert last_game(tmp_path) == record
    (tmp_path / "last_game.json").write_text("{broken", encoding="utf-8")
    assert last_game(tmp_path) is None
