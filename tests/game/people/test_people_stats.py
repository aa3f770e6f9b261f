"""The statistics of matches played with people: counted once by the match's id, kept apart from the
bots' levels, read back, and a damaged section set aside without losing the rest."""

from __future__ import annotations

import json
from pathlib import Path

from game.store.stats import Stats
from game.store.storage import Store


def test_a_match_with_people_is_counted_once_and_read_back(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    assert stats.record_people("uragan", "win", "people:abc")
    assert not stats.record_people("uragan", "loss", "people:abc")  # the same match again
    assert stats.record_people("uragan", "loss", "people:def")
    back = Stats.load(Store(tmp_path))
    rec = back.people["uragan"]["people"]
    assert (rec.played, rec.won, rec.lost) == (2, 1, 1)
    assert all(r.played == 0 for r in back.records["uragan"].values())  # not under a bot's level
    back.reset()
    assert Stats.load(Store(tmp_path)).people["uragan"]["people"].played == 0


def test_a_damaged_people_section_is_set_aside_and_the_rest_kept(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    stats.record("uragan", ["club"], "win")
    stats.record_people("eralash", "win", "people:x")
    path = next(tmp_path.rglob("stats.json"))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["people"]["eralash"]["people"] = {"played": -3}
    path.write_text(json.dumps(doc), encoding="utf-8")
    back = Stats.load(Store(tmp_path))
    assert back.get("uragan", "club").played == 1
    assert back.people["eralash"]["people"].played == 0
