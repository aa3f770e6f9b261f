"""Whatever settings.json, save.json and stats.json hold, the app starts and every screen stays up.

A property-based test takes a real data folder (settings changed from their defaults, a game in
progress, statistics with games in them), damages one file in one of many ways (truncation, a value
of the wrong type, deep nesting, huge numbers, long or non-text strings, wrong shapes, a folder or a
FIFO in place of the file) and starts the app on it: the menu comes up, Continue either resumes the
game or is disabled, the Statistics screen draws its sheets, no exception escapes, and the damaged
file is still there (kept, or set aside beside it).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers import app_on_disk
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.botworker import InlineWorker
from game.store.saves import Session, load_game
from game.store.settings import Settings
from game.store.stats import Stats
from game.store.storage import Store

pytestmark = pytest.mark.slow

FILES = ("settings.json", "save.json", "stats.json")
# Each example starts the whole app (about 6 s of CPU): 24 keep the suite in its 10 minutes beside the
# named damages below, which try every kind on every file; SALON_HOSTILE_EXAMPLES=200 for a deeper run.
EXAMPLES = int(os.environ.get("SALON_HOSTILE_EXAMPLES", "24"))


def _real_folder(folder: Path, game: str) -> Path:
    store = Store(folder)
    settings = Settings.load(store)
    settings.update({"player_name": "Анна", "volume": 0.4, "table_colour": "blue", "last_game": game})
    stats = Stats.load(store)
    stats.record("uragan", ["club"], "win", double=True, game_id="a1")
    stats.record("eralash", ["master", "club"], "shared", slam=True, undo=True, game_id="b2", variant="3")
    stats.record_review("uragan", [0.1, 0.0, 0.25], review_id="r1")
    stats.record("eralash", ["novice"], "loss", game_id="c3")
    seats = [None, "club"] if game == "uragan" else [None, "club", "novice", "master"]
    names = ["Анна", "Павел", "Светлана", "Андрей"][: len(seats)]
    session = Session.new(store, game, {}, names, seats, seed=5)
    for _ in range(9):
        session.play(session.match.legal_moves()[0])
    store.flush()
    return folder


@pytest.fixture(scope="module")
def real_folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return {g: _real_folder(tmp_path_factory.mktemp(g), g) for g in ("uragan", "eralash")}


# --- damage ---------------------------------------------------------------------------------------

HUGE = "9" * 5000
values = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30), st.sampled_from(["x" * 20000, "\u0000\u0007", "\ufffd\u202e", ""]),
    st.lists(st.integers(0, 5), max_size=4), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)
RAW_VALUES = [HUGE, "-" + HUGE, "1e999", "NaN", "-Infinity", "\"\\ud800\"", "[" * 50000 + "]" * 50000,
              "{\"a\":" * 3000 + "1" + "}" * 3000, "\"" + "я" * 20000 + "\"", "1.5", "-1", "true"]


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (keys of objects, indexes of lists)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:40]):
            out += _paths(v, (*prefix, i))
    return out


def _replace_at(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    return doc


SHAPES = ["[]", "null", "7", '"text"', "{}", '{"version": "1"}', '{"version": 99}', '{"version": -1}',
          '{"version": ' + HUGE + "}", '{"version": 1}']
MARK = "\u2063MARK\u2063"  # replaced in the JSON text by a raw token json.dumps cannot write


@st.composite
def damage(draw: Any) -> tuple[str, str, Any]:
    """(file, kind of damage, how) — applied by ``_apply``."""
    name = draw(st.sampled_from(FILES))
    kind = draw(st.sampled_from(["truncate", "value", "raw", "delete_key", "shape", "bytes", "fifo",
                                 "folder", "value", "raw"]))
    if kind == "truncate":
        return name, kind, draw(st.floats(0.0, 1.0))
    if kind in ("value", "delete_key"):
        return name, kind, (draw(st.integers(0, 10**6)), draw(values))
    if kind == "raw":
        return name, kind, (draw(st.integers(0, 10**6)), draw(st.sampled_from(RAW_VALUES)))
    if kind == "shape":
        return name, kind, draw(st.sampled_from(SHAPES))
    if kind == "bytes":
        return name, kind, draw(st.binary(max_size=200))
    return name, kind, None


def _apply(folder: Path, name: str, kind: str, how: Any) -> None:
    path = folder / name
    raw = path.read_bytes()
    if kind == "truncate":
        path.write_bytes(raw[: int(len(raw) * how)])
    elif kind in ("value", "raw", "delete_key"):
        doc = json.loads(raw)
        places = _paths(doc)
        at = places[how[0] % len(places)]
        if kind == "delete_key":
            if at and isinstance(at[-1], str):
                parent = doc
                for k in at[:-1]:
                    parent = parent[k]
                del parent[at[-1]]
            text = json.dumps(doc, ensure_ascii=False)
        elif kind == "value":
            text = json.dumps(_replace_at(doc, at, how[1]), ensure_ascii=False)
        else:
            text = json.dumps(_replace_at(doc, at, MARK), ensure_ascii=False)
            text = text.replace(json.dumps(MARK), how[1])
        path.write_text(text, encoding="utf-8")
    elif kind == "shape":
        path.write_text(how, encoding="utf-8")
    elif kind == "bytes":
        path.write_bytes(how)
    elif kind == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif kind == "folder":
        path.unlink()
        path.mkdir()
        (path / "inside.txt").write_text("x")


# --- the app on it --------------------------------------------------------------------------------


def _press(app: Any, button: Any) -> None:
    import pygame_gui

    app.frame(0.016, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def _exists_somewhere(folder: Path, name: str) -> bool:
    stem = Path(name).stem
    return os.path.lexists(folder / name) or any(folder.glob(f"{stem}.corrupt-*.json"))


def start_and_visit(folder: Path) -> dict[str, Any]:
    """Start the app on ``folder`` as ``salon --data-dir`` does; open the menu, Continue, Statistics."""
    from game.menus.menu import MenuScene
    from game.menus.stats_screen import StatsScene

    seen: dict[str, Any] = {}
    app = app_on_disk(folder, size="960x600")
    app.worker = InlineWorker()  # the bots' process is not what is tried here
    try:
        menu = app.stack.push(MenuScene(app))
        for _ in range(2):
            app.frame(0.016, [])
        button = menu.buttons["continue"]
        seen["continue_enabled"] = button.is_enabled
        seen["notices"] = list(menu.notice_texts())
        if button.is_enabled:
            _press(app, button)
            seen["resumed"] = app.stack.top is not menu
            for _ in range(3):
                app.frame(0.016, [])
            while app.stack.top is not menu:
                app.stack.remove(app.stack.top)
            app.frame(0.016, [])
        _press(app, menu.buttons["stats"])
        top = app.stack.top
        seen["stats_open"] = isinstance(top, StatsScene)
        for _ in range(3):
            app.frame(0.016, [])
        seen["stats_played"] = {g: top.stats.total(g).played for g in ("uragan", "eralash")}
        app.stack.remove(top)
        app.frame(0.016, [])
        seen["notices"] += [n for n in menu.notice_texts() if n not in seen["notices"]]  # shown on return
        app.settings.set("volume", 0.55)  # the settings go on saving, whatever was in the file
        app.store.flush()
    finally:
        app.close()
    seen["volume_saved"] = Settings.load(Store(folder)).volume == 0.55
    return seen


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(["uragan", "eralash"]), hurt=damage())
def test_any_damage_to_the_data_folder_keeps_the_app_up(real_folders: dict[str, Path], game: str,
                                                        hurt: tuple[str, str, Any]) -> None:
    name, kind, how = hurt
    folder = Path(tempfile.mkdtemp(prefix="salon-hostile-"))
    try:
        shutil.copytree(real_folders[game], folder, dirs_exist_ok=True)
        _apply(folder, name, kind, how)
        seen = start_and_visit(folder)
        assert seen["stats_open"]
        assert seen["volume_saved"]
        if seen["continue_enabled"]:
            assert seen["resumed"], "Continue was offered for a save that does not resume"
        elif name != "save.json":
            assert False, f"damage to {name} took the saved game away"
        if name == "save.json" and not seen["continue_enabled"]:
            assert load_game(Store(folder)) is None
        assert _exists_somewhere(folder, name), f"{name} vanished"
    finally:
        with contextlib.suppress(OSError):
            shutil.rmtree(folder)


def test_the_real_folder_itself_starts_clean(real_folders: dict[str, Path], tmp_path: Path) -> None:
    shutil.copytree(real_folders["eralash"], tmp_path, dirs_exist_ok=True)
    seen = start_and_visit(tmp_path)
    assert seen["continue_enabled"] and seen["resumed"] and seen["notices"] == []
    assert seen["stats_played"] == {"uragan": 1, "eralash": 2}


# --- the cases the issue names, each on every file ------------------------------------------------


@pytest.fixture
def no_hang():
    """Fail (rather than hang the suite) if start-up blocks, e.g. opening a FIFO for reading."""
    import signal

    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def stop(*_: Any) -> None:
        raise TimeoutError("start-up hung")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(120)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


NAMED = [("fifo", None), ("folder", None), ("raw", (0, "[" * 50000 + "]" * 50000)), ("raw", (0, HUGE)),
         ("shape", '{"version": 1, "x": ' + "[" * 30 + "]" * 30 + "}")]


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize(("kind", "how"), NAMED)
def test_named_damage(real_folders: dict[str, Path], tmp_path: Path, no_hang: None, name: str, kind: str,
                      how: Any) -> None:
    shutil.copytree(real_folders["uragan"], tmp_path, dirs_exist_ok=True)
    _apply(tmp_path, name, kind, how)
    seen = start_and_visit(tmp_path)
    assert seen["stats_open"] and seen["volume_saved"]
    assert seen["continue_enabled"] == (name != "save.json") and seen.get("resumed", True)
    assert _exists_somewhere(tmp_path, name)
    if kind != "shape":  # a damaged file is said so on the menu
        assert seen["notices"], "no notice for the player"


@pytest.mark.parametrize(("players", "resumes"), [
    (["A" * 20000, "B"], True),  # capped to a name's length, the game goes on
    ([7, "B"], False),  # not text: the save is set aside
    ([None, ["x"]], False),
    (["A"], False),  # fewer names than seats
])
def test_player_names_in_the_save(real_folders: dict[str, Path], tmp_path: Path, players: list[Any],
                                  resumes: bool) -> None:
    from game.store.settings import MAX_NAME

    shutil.copytree(real_folders["uragan"], tmp_path, dirs_exist_ok=True)
    doc = json.loads((tmp_path / "save.json").read_text())
    doc["match"]["players"] = players
    (tmp_path / "save.json").write_text(json.dumps(doc))
    seen = start_and_visit(tmp_path)
    assert seen["continue_enabled"] == resumes and seen.get("resumed", True)
    saved = load_game(Store(tmp_path))
    if resumes:
        assert saved is not None and all(len(p) <= MAX_NAME for p in saved.match["players"])
    else:
        assert saved is None and list(tmp_path.glob("save.corrupt-*.json"))


def test_a_long_name_wraps_quickly() -> None:
    import time

    from game.widgets.text import TextCache

    pygame.font.init()
    text = TextCache()
    calls = {"n": 0}
    font = text.font(18)
    real = type(font).size

    class Counting(type(font)):  # count the measurements: linear, not one per character per line
        def size(self, s: str) -> tuple[int, int]:
            calls["n"] += 1
            return real(self, s)

    text._fonts[(18, "regular")] = Counting(None, 18)
    lines = text.wrap("W" * 20000, 18, 300)
    assert "".join(lines) == "W" * 20000
    assert all(text.font(18).size(line)[0] <= 300 for line in lines)
    assert calls["n"] < 40 * len(lines)
    del time


# --- salon --smoke on hostile folders -------------------------------------------------------------

SMOKE_VISITS = {"main menu", "Continue", "Statistics", "Settings"}


def _hostile_a(folder: Path) -> None:
    _apply(folder, "settings.json", "fifo", None)
    _apply(folder, "stats.json", "raw", (0, "[" * 100000 + "]" * 100000))
    _apply(folder, "save.json", "folder", None)


def _hostile_b(folder: Path) -> None:
    _apply(folder, "stats.json", "raw", (5, HUGE))
    doc = json.loads((folder / "save.json").read_text())
    doc["match"]["players"][0] = "Щ" * 20000
    (folder / "save.json").write_text(json.dumps(doc))
    _apply(folder, "settings.json", "value", (3, ["x" * 20000]))


def _hostile_c(folder: Path) -> None:
    (folder / "save.json").write_bytes((folder / "save.json").read_bytes()[:100])
    (folder / "stats.json").write_text('{"version": 1, "games": {"uragan": 7}, "variants": []}')
    (folder / "settings.json").write_text('{"version": 1e999}')


@pytest.mark.parametrize("hurt", [_hostile_a, _hostile_b, _hostile_c])
def test_smoke_survives_a_hostile_folder(real_folders: dict[str, Path], tmp_path: Path, no_hang: None,
                                         hurt: Any) -> None:
    """``salon --smoke --data-dir D`` (its menu, Continue, Statistics and Settings visits): no exception,
    no hang, and every damaged file still there or set aside beside it."""
    import argparse

    from game.app import build_parser
    from game.checks.smoke import smoke

    shutil.copytree(real_folders["uragan"], tmp_path, dirs_exist_ok=True)
    hurt(tmp_path)
    args: argparse.Namespace = build_parser().parse_args(["--smoke", "--data-dir", str(tmp_path)])
    report = smoke(args, (960, 600), only=lambda name: name in SMOKE_VISITS)
    raised = [p for p in report["problems"] if p["what"].startswith("raised")]
    assert raised == []
    assert report["screens"] >= len(SMOKE_VISITS)
    for name in FILES:
        assert _exists_somewhere(tmp_path, name), name
