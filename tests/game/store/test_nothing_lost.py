"""Issue 30, "nothing lost on a real machine": one test per failure found, named for what it protects.
(Kills at every write: test_kill_every_write; a real full disk: test_real_full_disk; lock files:
test_lock_kinds; the command line: test_closed_streams.)"""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

from helpers import app_on_disk, to_one_move_from_the_end

from game.store.saves import (
    Session,
    abandon_saved_game,
    check_saved_game,
    has_saved_game,
    load_game,
    settle_finished_game,
)
from game.store.settings import Settings
from game.store.stats import Stats
from game.store.storage import Store
from game.words import i18n

NEWER = json.dumps({"version": 999, "from": "a Salon of the future"})


def almost_over(store: Store) -> Session:
    session = Session.new(store, "uragan", {"target": 1}, ["Вы", "Светлана"], [None, "club"], seed=11)
    to_one_move_from_the_end(session.match)
    session.match = session.match
    session.save(background=False)
    return session


def test_a_result_is_not_dropped_when_stats_json_is_from_a_newer_salon(tmp_path):
    (tmp_path / "stats.json").write_text(NEWER, encoding="utf-8")
    store = Store(tmp_path)
    session = almost_over(store)
    session.play(session.match.legal_moves()[0])
    session.finish(Stats.load(store))
    assert session.unrecorded == "refused"  # said at the table (storage.result_refused)
    assert any(n.key == "storage.not_written_newer" and n.params["file"] == "stats.json"
               for n in store.notices)
    assert (tmp_path / "stats.json").read_text(encoding="utf-8") == NEWER  # never written over
    kept = load_game(Store(tmp_path))
    assert kept is not None and kept.game_id == session.saved.game_id  # the finished game waits, saved


def test_an_unreadable_stats_json_does_not_drop_the_result_either(tmp_path, monkeypatch):
    from game.store import storage

    (tmp_path / "stats.json").write_text('{"version": 1}', encoding="utf-8")
    real = storage.read_regular_bytes

    def denied(path, *args):  # a stats.json of another user, mode 600 (as root, modes do not count)
        if Path(path).name == "stats.json":
            raise PermissionError(13, "Permission denied")
        return real(path, *args)

    monkeypatch.setattr(storage, "read_regular_bytes", denied)
    store = Store(tmp_path)
    session = almost_over(store)
    session.play(session.match.legal_moves()[0])
    session.finish(Stats.load(store))
    assert session.unrecorded == "refused"
    assert any(n.key == "storage.not_written_unreadable" for n in store.notices)
    assert (tmp_path / "save.json").exists() and (tmp_path / "stats.json").read_text() == '{"version": 1}'


def test_a_new_game_over_a_save_json_from_a_newer_salon_is_said_not_to_be_saved(tmp_path):
    from game.widgets.table_store import tell_write_failures

    (tmp_path / "save.json").write_text(NEWER, encoding="utf-8")
    app = app_on_disk(tmp_path)
    try:
        Session.new(app.store, "uragan", {}, ["You", "Bot"], [None, "club"], seed=3)

        class Table:
            pass

        table = Table()
        table.app = app  # type: ignore[attr-defined]
        tell_write_failures(table)  # type: ignore[arg-type]
        assert app.toast is not None and app.toast[0] == i18n.t("storage.game_not_saved", file="save.json")
    finally:
        app.close()
    assert (tmp_path / "save.json").read_text(encoding="utf-8") == NEWER


def test_a_kill_between_abandoning_and_removing_the_save_never_resumes_a_counted_game(tmp_path):
    store = Store(tmp_path)
    session = almost_over(store)
    saved_text = (tmp_path / "save.json").read_text(encoding="utf-8")
    abandon_saved_game(store)
    assert Stats.load(store).recorded_ids == [session.saved.game_id]
    (tmp_path / "save.json").write_text(saved_text, encoding="utf-8")  # as if killed before the removal
    again = Store(tmp_path)
    assert not has_saved_game(again) and load_game(again) is None
    assert not (tmp_path / "save.json").exists()
    assert Stats.load(again).total("uragan").played == 1


def test_reviewing_the_last_deal_after_the_end_does_not_bring_back_a_save(tmp_path):
    store = Store(tmp_path)
    session = almost_over(store)
    session.play(session.match.legal_moves()[0])
    store.flush()
    session.finish(Stats.load(store))
    assert not (tmp_path / "save.json").exists()
    session.keep_review(1, 0, len(session.match.moves), [{"loss": 0.0}], None, True)
    store.flush()
    assert not (tmp_path / "save.json").exists()
    assert not check_saved_game(Store(tmp_path))  # no Continue that opens nothing


def test_a_finished_save_is_never_offered_as_continue(tmp_path):
    store = Store(tmp_path)
    session = almost_over(store)
    session.play(session.match.legal_moves()[0])
    session.save(background=False)
    assert not check_saved_game(Store(tmp_path))


def test_a_result_settled_at_the_next_start_keeps_the_last_game_s_record(tmp_path):
    store = Store(tmp_path)
    session = almost_over(store)
    session.play(session.match.legal_moves()[0])
    session.save(background=False)  # killed here: over, saved, not counted
    assert not (tmp_path / "last_game.json").exists()
    assert settle_finished_game(Store(tmp_path))
    kept = json.loads((tmp_path / "last_game.json").read_text(encoding="utf-8"))
    assert kept["deals"] == json.loads(json.dumps(session.match.to_record()))["deals"]


def test_a_bom_a_version_1_0_and_undo_used_yes_read_as_they_plainly_mean(tmp_path):
    store = Store(tmp_path)
    session = almost_over(store)
    doc = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    doc["version"] = 1.0
    doc["undo_used"] = "yes"
    (tmp_path / "save.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(doc).encode("utf-8"))
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + b'{"version": 1.0, "volume": 0.4}')
    again = Store(tmp_path)
    kept = load_game(again)
    assert kept is not None and kept.game_id == session.saved.game_id and kept.undo_used is True
    assert Settings.load(again).volume == 0.4
    assert not again.notices and not list(tmp_path.glob("*.corrupt-*"))


def test_names_from_settings_json_are_cleaned_as_the_settings_field_cleans_them(tmp_path):
    from game.words.safe import MAX_MARKS

    stacked = "A" + "\u0301" * 19
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "player_name": stacked}),
                                            encoding="utf-8")
    name = Settings.load(Store(tmp_path)).player_name
    assert name.startswith(("A", "Á")) and sum(unicodedata.combining(c) > 0 for c in name) <= MAX_MARKS
    field = Settings.unsaved()
    field.set("player_name", stacked)  # what the Settings field does with the same text
    assert field.player_name == name
    long = "W" * 30
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "player_name": long}), encoding="utf-8")
    from game.store.settings import MAX_NAME

    assert Settings.load(Store(tmp_path)).player_name == "W" * MAX_NAME  # cut as the field cuts it


def test_the_records_list_survives_a_file_dated_past_the_year_9999(tmp_path):
    from game.review.browser import file_date, list_folder

    record = tmp_path / "far.json"
    record.write_text("{}", encoding="utf-8")
    far = 253402300800 + 86400 * 400  # 10001-02-…
    try:
        os.utime(record, (far, far))
    except (OSError, OverflowError):
        far = 10**12  # this file system cannot hold it: the date as an archive would carry it
    rows = list_folder(tmp_path)
    when = rows[0].when if rows and rows[0].when > 253402300799 else far
    assert file_date(when) == ""
    assert file_date(0) == "" and file_date(1.7e9).startswith("20")


def test_the_records_list_names_players_in_the_interface_language(tmp_path):
    from game.review.browser import Row, summarise
    from game.store.records import save_record

    store = Store(tmp_path)
    session = almost_over(store)
    session.play(session.match.legal_moves()[0])
    path = save_record(session.match.to_record(), tmp_path / "records")
    before = i18n.get_language()
    try:
        i18n.set_language("en")
        row = Row(path, path.name)
        summarise(row)
        assert row.players == "You, Svetlana" and "Вы" not in row.result and "Светлана" not in row.result
        i18n.set_language("ru")
        row = Row(path, path.name)
        summarise(row)
        assert row.players == "Вы, Светлана"
    finally:
        i18n.set_language(before)

