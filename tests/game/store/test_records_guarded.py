"""Records are read as guarded as saves, off the UI thread, and whatever a record or its name holds,
the app stays up and says why in one line.

The real reader (``game.store.records.read_record``) and the real app loop (a record dropped on the
window, the records browser, ``salon RECORD``) on hostile files: 200,000 nested ``[``, a link to
/dev/zero, a FIFO named ``*.json``, a 50 MB file, a 10,000-deal record, names that are not UTF-8, and
a property-based run of mutated records. Names from records are cleaned as names from saves are.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers import drop, frames, headless_app, settle_opening
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from places import DATA

from engine.state import RecordError
from game.review.opening import OpeningScene
from game.store.records import MAX_RECORD_BYTES, read_record
from game.words.safe import clean_name, safe_text

pytestmark = pytest.mark.slow

URAGAN = json.loads((DATA / "uragan_claims.json").read_text(encoding="utf-8"))
ERALASH = json.loads((DATA / "eralash_illustrative.json").read_text(encoding="utf-8"))
CP1251 = "Партия".encode("cp1251")  # b'\xcf\xe0\xf0\xf2\xe8\xff': not UTF-8
KOI8 = "Записи".encode("koi8-r")


def _hostile(folder: Path) -> dict[str, Path]:
    """One file of each kind that once crashed or froze the app."""
    out = {"nested": folder / "nested.json", "zero": folder / "zero.json", "fifo": folder / "fifo.json",
           "huge": folder / "huge.json", "deals": folder / "deals.json"}
    out["nested"].write_text("[" * 200_000, encoding="ascii")
    os.symlink("/dev/zero", out["zero"])
    os.mkfifo(out["fifo"])
    with open(out["huge"], "wb") as f:  # 50 MB of a valid JSON string
        f.write(b'{"game": "uragan", "x": "')
        f.write(b"a" * (50 * 2**20))
        f.write(b'"}')
    one = URAGAN["deals"][0]
    out["deals"].write_text(json.dumps({**URAGAN, "deals": [one] * 10_000}), encoding="utf-8")
    return out


needs_posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")


@needs_posix
def test_the_reader_refuses_each_hostile_file_in_one_line(tmp_path):
    files = _hostile(tmp_path)
    reasons = {}
    for kind, path in files.items():
        with pytest.raises(RecordError) as err:
            read_record(path)
        reasons[kind] = str(err.value)
    assert "nested" in reasons["nested"] or "RecursionError" in reasons["nested"]
    assert "not a regular file" in reasons["zero"] and "not a regular file" in reasons["fifo"]
    assert f"larger than {MAX_RECORD_BYTES}" in reasons["huge"]
    assert "10000 deals" in reasons["deals"]
    assert all("\n" not in r and len(r) < 200 for r in reasons.values())


@needs_posix
def test_hostile_records_dropped_on_the_window_each_end_as_a_notice(tmp_path, monkeypatch):
    app = headless_app("ru")
    from game.menus.menu import MenuScene

    menu = app.stack.push(MenuScene(app))
    frames(app, 2)
    monkeypatch.setattr(OpeningScene, "hold", True)  # the answer waits, so the plaque can be seen
    for kind, path in _hostile(tmp_path).items():
        frames(app, 1, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
        opening = app.stack.top
        assert isinstance(opening, OpeningScene), kind  # read off the UI thread, "Opening…" shows
        frames(app, 2)  # the window goes on drawing while the reader works
        assert app.stack.top is opening
        opening.release()
        settle_opening(app)
        text, _, kind_shown = app.toast
        assert app.stack.top is menu and kind_shown == "warn" and path.name in text and "\n" not in text, kind


@needs_posix
def test_salon_record_on_a_fifo_opens_nothing_and_says_why(tmp_path):
    from game.app import build_parser

    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    args = build_parser().parse_args([str(fifo)])
    assert args.record == str(fifo)
    app = headless_app("en")
    from game.menus.menu import MenuScene

    app.stack.push(MenuScene(app))
    app.open_record_file(args.record)  # what play() does for ``salon RECORD``
    settle_opening(app)
    assert isinstance(app.stack.top, MenuScene) and "not a regular file" in app.toast[0]


def test_salon_record_opens_a_good_record_in_the_viewer(tmp_path):
    path = tmp_path / "game.json"
    shutil.copy(DATA / "uragan_claims.json", path)
    app = headless_app("en")
    drop(app, path)
    assert getattr(app.stack.top, "replay", None) is not None


def test_a_name_that_is_not_utf8_on_this_file_system_is_drawn_safely(tmp_path):
    folder = Path(os.fsdecode(bytes(tmp_path) + b"/" + KOI8))
    try:
        folder.mkdir()
        path = folder / os.fsdecode(CP1251 + b".json")
        shutil.copy(DATA / "uragan_claims.json", path)
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    assert path.exists() and "\udccf" in str(path)  # surrogate escapes, as the system hands them over
    app = headless_app("ru")
    drop(app, path)  # opened; and a bad one says so with the name drawn safely
    assert getattr(app.stack.top, "replay", None) is not None
    bad = folder / os.fsdecode(CP1251 + b"-bad.json")
    bad.write_text("{", encoding="utf-8")
    drop(app, bad)
    assert "?" in app.toast[0] and "\udccf" not in app.toast[0]
    frames(app, 2)  # the notice with the name is drawn: the font code never sees a surrogate
    from game.review.browser import RecordsScene

    os.environ["SALON_RECORDS_DIR"] = str(folder)
    try:
        browser = app.stack.push(RecordsScene(app))
        assert browser.wait()
        frames(app, 2)
        names = {r.name for r in browser.rows}
        assert all(safe_text(n) == n for n in names) and len(names) == 2
    finally:
        os.environ.pop("SALON_RECORDS_DIR", None)


def test_the_font_code_draws_and_measures_surrogates_and_nul():
    app = headless_app("en")
    font = app.text.font(18)
    for text in ("a\udccfb", "\udcff" * 10, "x\0y", os.fsdecode(CP1251)):
        assert font.size(text)[0] > 0
        assert app.text.get(text, 18).get_width() > 0


# --- names ----------------------------------------------------------------------------------------

NASTY = ["Анна\nДеал 2: Павел берёт всё", "A\u0301" + "\u0301" * 3000, "\u202eанна\u202c", "Bo\x00b\x07",
         "\ud800x", "  ", "Ю" * 300]


def test_names_from_records_are_cleaned_as_names_from_saves(tmp_path):
    from game.store.saves import cap_name

    for name in NASTY:
        shown = clean_name(name)
        assert shown == cap_name(name)
        assert shown and "\n" not in shown and "\u202e" not in shown and "\x00" not in shown
        assert sum(1 for c in shown if c == "\u0301") <= 2 and len(shown) <= 20 + 2
        safe_text(shown).encode("utf-8")
    path = tmp_path / "names.json"
    path.write_text(json.dumps({**URAGAN, "players": NASTY[:2]}), encoding="utf-8")
    record, match = read_record(path)
    assert match.players == [clean_name(NASTY[0]), clean_name(NASTY[1])]
    app = headless_app("en")
    drop(app, path)  # the viewer draws them, one line each
    assert getattr(app.stack.top, "replay", None) is not None
    frames(app, 3)


# --- mutated records through the app's open path -------------------------------------------------

EXAMPLES = int(os.environ.get("SALON_HOSTILE_EXAMPLES", "40"))
values = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=20),
                   st.sampled_from(["x" * 5000, "\u0000\n", "\u202e", "AS", "10C", "ZZ", -1, 99]),
                   st.lists(st.sampled_from(["AS", "2C", "KH", "7D", "x"]), max_size=8),
                   st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))


def _places(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _places(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:30]):
            out += _places(v, (*prefix, i))
    return out


def _mutate(doc: Any, at: tuple[Any, ...], how: str, value: Any) -> Any:
    if not at:
        return value
    parent = doc
    for k in at[:-1]:
        parent = parent[k]
    if how == "delete" and isinstance(parent, dict | list):
        del parent[at[-1]]
    else:
        parent[at[-1]] = value
    return doc


@pytest.fixture(scope="module")
def open_app() -> Any:
    from game.menus.menu import MenuScene

    app = headless_app("ru", (960, 600))
    app.stack.push(MenuScene(app))
    frames(app, 2)
    return app


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(base=st.sampled_from(["uragan", "eralash"]), pick=st.integers(0, 10**6),
       how=st.sampled_from(["value", "delete", "truncate", "bytes"]), value=values,
       cut=st.floats(0.0, 1.0), junk=st.binary(max_size=64))
def test_mutated_records_through_the_open_path_never_crash(open_app, tmp_path_factory, base, pick, how, value,
                                                          cut, junk):
    app = open_app
    doc = json.loads(json.dumps(URAGAN if base == "uragan" else ERALASH))
    places = _places(doc)
    path = tmp_path_factory.mktemp("rec") / "mutated.json"
    if how in ("value", "delete"):
        path.write_text(json.dumps(_mutate(doc, places[pick % len(places)], how, value), ensure_ascii=False),
                        encoding="utf-8", errors="surrogatepass")
    elif how == "truncate":
        raw = json.dumps(doc).encode()
        path.write_bytes(raw[: int(len(raw) * cut)])
    else:
        path.write_bytes(junk)
    drop(app, path)
    top = app.stack.top
    if getattr(top, "replay", None) is not None:  # it still replays: it is shown, and draws
        frames(app, 2)
        app.stack.remove(top)
        frames(app, 1)
    else:
        text, _, kind = app.toast
        assert kind == "warn" and "\n" not in text
    assert not isinstance(app.stack.top, OpeningScene)
    with contextlib.suppress(Exception):
        app.toast = None


def test_a_data_folder_named_in_cp1251_draws_the_menu_about_and_the_saved_notice(tmp_path, monkeypatch):
    from helpers import app_on_disk

    from game.menus.about_screen import AboutScene
    from game.menus.menu import MenuScene

    folder = Path(os.fsdecode(bytes(tmp_path) + b"/" + CP1251))
    documents = Path(os.fsdecode(bytes(tmp_path) + b"/" + KOI8))
    try:
        folder.mkdir()
        documents.mkdir()
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    monkeypatch.setenv("SALON_RECORDS_DIR", str(documents))
    app = app_on_disk(folder, lang="ru", size="960x600")
    try:
        app.stack.push(MenuScene(app))
        frames(app, 2)  # the first menu frame (before: UnicodeEncodeError in the font code)
        app.stack.push(AboutScene(app))
        frames(app, 2)
        from game.review.open import save_record_file

        path = save_record_file(app, json.loads(json.dumps(URAGAN)))
        assert path is not None and path.parent == documents
        frames(app, 2)  # the "saved" notice, with the KOI8-R folder in it
        assert "?" in app.toast[0] and all(safe_text(line) == line for line in app.toast[0].split("\n"))
    finally:
        app.close()


def test_a_nested_last_game_does_not_break_records(tmp_path):
    from helpers import app_on_disk

    from game.menus.menu import MenuScene

    (tmp_path / "last_game.json").write_text("[" * 200_000, encoding="ascii")
    app = app_on_disk(tmp_path, size="960x600")
    try:
        menu = app.stack.push(MenuScene(app))
        frames(app, 2)
        menu.press("records")  # before: RecursionError on every click
        frames(app, 2)
        assert not menu.buttons["save_record"].is_enabled
        menu.press("open_record")
        frames(app, 2)
    finally:
        app.close()
