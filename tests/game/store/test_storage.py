"""Atomic JSON files: crashes leave the old file, bad files are kept aside, newer ones left alone."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.store import paths, storage
from game.store.storage import FileKind, Store, write_json_atomic

KIND = FileKind("thing", "thing.json", version=2, migrations={
    0: lambda d: {**{k: v for k, v in d.items() if k != "color"}, "colour": d.get("color", "green")},
    1: lambda d: {**d, "size": d.get("size", 3) * 10},
})


def test_write_then_load_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.load(KIND) is None
    assert store.save(KIND, {"colour": "blue", "size": 40, "name": "Юлия"})
    doc = Store(tmp_path).load(KIND)
    assert doc == {"version": 2, "colour": "blue", "size": 40, "name": "Юлия"}
    assert "Юлия" in (tmp_path / "thing.json").read_text(encoding="utf-8")  # readable, not escaped
    assert not store.notices


def test_crash_between_write_and_replace_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "thing.json"
    write_json_atomic(target, {"version": 2, "size": 1})

    def crash(src, dst):
        raise KeyboardInterrupt  # the process dies right before the rename

    monkeypatch.setattr(storage.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        write_json_atomic(target, {"version": 2, "size": 2})
    monkeypatch.undo()
    assert json.loads(target.read_text()) == {"version": 2, "size": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["thing.json"]  # the temporary was cleaned up


def test_stale_temporary_from_a_killed_writer_is_removed_and_ignored(tmp_path: Path) -> None:
    write_json_atomic(tmp_path / "thing.json", {"version": 2, "size": 5})
    stale = tmp_path / ".thing.json.999.123.tmp"
    stale.write_text('{"version": 2, "si')  # half written when the process was killed
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".thing.json.998.124.tmp"  # another Salon, mid-write right now
    fresh.write_text("{")
    store = Store(tmp_path)
    assert store.load(KIND) == {"version": 2, "size": 5}
    assert not stale.exists()
    assert fresh.exists()


def test_replace_retries_while_the_system_holds_the_file(tmp_path: Path, monkeypatch) -> None:
    real = os.replace
    calls = []

    def busy(src, dst):
        calls.append(dst)
        if len(calls) < 3:
            raise PermissionError(13, "file in use")
        real(src, dst)

    monkeypatch.setattr(storage.os, "replace", busy)
    monkeypatch.setattr(storage, "REPLACE_DELAY", 0.0)
    write_json_atomic(tmp_path / "thing.json", {"version": 2})
    assert len(calls) == 3
    assert json.loads((tmp_path / "thing.json").read_text()) == {"version": 2}


def test_write_failure_is_a_notice_not_a_crash(tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write_text_atomic", full)
    assert not store.save(KIND, {"size": 1})
    assert not store.save(KIND, {"size": 2})
    assert [n.key for n in store.notices] == ["storage.write_failed"]  # once, not once per move


@pytest.mark.parametrize("content", [
    b"",
    b'{"version": 2, "size": 4',  # truncated
    b"\xff\xfe garbage",
    b"[1, 2, 3]",
    b'{"size": 4}',  # no version
    b'{"version": "two"}',
    b'{"version": true}',
])
def test_corrupt_file_is_renamed_aside_and_defaults_used(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "thing.json").write_bytes(content)
    store = Store(tmp_path)
    assert store.load(KIND) is None
    aside = sorted(tmp_path.glob("thing.corrupt-*.json"))
    assert len(aside) == 1
    assert aside[0].read_bytes() == content  # never lost
    assert not (tmp_path / "thing.json").exists()
    [notice] = store.notices
    assert notice.key == "storage.corrupt"
    assert notice.params["aside"] == aside[0].name
    assert aside[0].name in str(notice)
    assert store.save(KIND, {"size": 1})  # the game goes on and can save again


def test_two_corrupt_files_in_the_same_second_both_kept(tmp_path: Path) -> None:
    for content in (b"{", b"}"):
        (tmp_path / "thing.json").write_bytes(content)
        Store(tmp_path).load(KIND)
    kept = sorted(p.read_bytes() for p in tmp_path.glob("thing.corrupt-*.json"))
    assert kept == [b"{", b"}"]


def test_newer_version_is_left_untouched_and_never_overwritten(tmp_path: Path) -> None:
    newer = b'{"version": 3, "size": 1, "hologram": true}'
    (tmp_path / "thing.json").write_bytes(newer)
    store = Store(tmp_path)
    assert store.load(KIND) is None
    assert store.is_blocked(KIND)
    assert [n.key for n in store.notices] == ["storage.newer"]
    assert not store.save(KIND, {"size": 2})
    store.remove(KIND)
    assert (tmp_path / "thing.json").read_bytes() == newer
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_older_versions_migrate_forward_step_by_step(tmp_path: Path) -> None:
    (tmp_path / "thing.json").write_text('{"version": 0, "color": "red", "size": 2}')
    store = Store(tmp_path)
    assert store.load(KIND) == {"version": 2, "colour": "red", "size": 20}
    (tmp_path / "thing.json").write_text('{"version": 1, "colour": "red", "size": 2}')
    assert store.load(KIND) == {"version": 2, "colour": "red", "size": 20}
    assert not store.notices


def test_a_migration_that_fails_sets_the_file_aside(tmp_path: Path) -> None:
    kind = FileKind("thing", "thing.json", version=2, migrations={1: lambda d: {**d, "x": 1 / 0}})
    (tmp_path / "thing.json").write_text('{"version": 0}')  # no step from 0 at all
    store = Store(tmp_path)
    assert store.load(kind) is None
    (tmp_path / "thing.json").write_text('{"version": 1}')  # a step that raises
    assert store.load(kind) is None
    assert [n.key for n in store.notices] == ["storage.corrupt", "storage.corrupt"]
    assert len(list(tmp_path.glob("thing.corrupt-*.json"))) == 2


def test_take_notices_empties_the_list(tmp_path: Path) -> None:
    (tmp_path / "thing.json").write_text("nonsense")
    store = Store(tmp_path)
    store.load(KIND)
    assert len(store.take_notices()) == 1
    assert store.take_notices() == []


def test_data_dir_precedence(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    assert paths.resolve_data_dir().name == "Salon"
    assert paths.default_data_dir().name == "Salon"
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "env"))
    assert paths.resolve_data_dir() == tmp_path / "env"
    assert paths.resolve_data_dir(tmp_path / "flag") == tmp_path / "flag"
    folder, why = paths.ensure_data_dir(tmp_path / "flag" / "deeper")
    assert why is None and folder.is_dir()


def test_an_unusable_data_dir_is_reported_not_replaced(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    folder, why = paths.ensure_data_dir(blocker / "Salon")
    assert why and folder == blocker / "Salon"  # the same path: the player is told about this one


def test_background_writes_land_in_order_and_loads_see_them(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for n in range(50):
        store.save(KIND, {"size": n}, background=True)
    assert Store(tmp_path).load(KIND)["size"] == 49  # load waits for this process's pending write
    store.save(KIND, {"size": 100}, background=True)
    store.save(KIND, {"size": 7})  # a direct save after it wins: the older pending one is dropped
    assert store.flush()
    assert json.loads((tmp_path / "thing.json").read_text())["size"] == 7


def test_remove_cancels_a_pending_background_write(tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path)
    real = storage.write_text_atomic
    started = []

    def slow(path, text, **kw):
        started.append(path)
        time.sleep(0.05)
        real(path, text, **kw)

    monkeypatch.setattr(storage, "write_text_atomic", slow)
    for n in range(5):
        store.save(KIND, {"size": n}, background=True)
    store.remove(KIND)
    assert store.flush()
    assert not (tmp_path / "thing.json").exists()


def test_background_write_failure_becomes_a_notice(tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write_text_atomic", full)
    assert store.save(KIND, {"size": 1}, background=True)
    assert store.flush()
    assert [n.key for n in store.notices] == ["storage.write_failed"]
