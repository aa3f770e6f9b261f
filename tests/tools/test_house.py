"""The house keeps its shape (docs/architecture.md): no import circle, no floor crossed, no game-named file
in a shared folder — and the check catches each of them when planted."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest
from places import ROOT


def _house():
    spec = importlib.util.spec_from_file_location("house", ROOT / "tools" / "house.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["house"] = module
    spec.loader.exec_module(module)
    return module


house = _house()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the project's two packages to plant faults in."""
    for pkg in ("engine", "game"):
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.json",
                                                                               "*.ttf", "*.md"))
    return tmp_path


def plant(path: Path, code: str) -> None:
    """Add ``code`` to the end of a module of the copy."""
    path.write_text(path.read_text(encoding="utf-8") + "\n\n" + code, encoding="utf-8")


def test_the_project_is_in_shape():
    assert house.findings(ROOT) == []


def test_every_module_has_a_floor():
    unplaced = [m for m in house.modules(ROOT) if house.floor_of(m) is None]
    assert unplaced == []


def test_a_planted_circle_is_caught_even_when_deferred(tree: Path):
    view = tree / "engine" / "uragan" / "view.py"
    plant(view, "def _planted():\n    from engine.uragan.deal import Deal\n\n    return Deal\n")
    found = house.findings(tree)
    circles = [f for f in found if f.startswith("import circle:")]
    assert any("engine.uragan.view" in f and "engine.uragan.deal" in f for f in circles), found


def test_a_type_checking_import_is_not_a_circle(tree: Path):
    view = tree / "engine" / "uragan" / "view.py"
    text = view.read_text(encoding="utf-8")
    assert "if TYPE_CHECKING:\n    from engine.uragan.deal import Deal" in text
    assert house.findings(tree) == []


def test_a_planted_floor_crossing_is_caught(tree: Path):
    table = tree / "game" / "widgets" / "table.py"
    plant(table, "def _planted():\n    from game.review.open import review_deal\n\n    return review_deal\n")
    found = house.findings(tree)
    assert "floor crossed: game.widgets.table imports game.review.open, a floor above it" in found


def test_the_app_importing_a_check_is_caught(tree: Path):
    app = tree / "game" / "app.py"
    plant(app, "def _planted():\n    from game.checks.smoke import run_smoke\n\n    return run_smoke\n")
    found = house.findings(tree)
    assert any("game.app imports game.checks.smoke" in f for f in found), found


def test_one_game_importing_the_other_is_caught(tree: Path):
    hand = tree / "game" / "uragan" / "hand.py"
    plant(hand, "from game.eralash.layout import PILE_SCALE  # noqa\n")
    found = house.findings(tree)
    assert "one game imports the other: game.uragan.hand imports game.eralash.layout" in found


@pytest.mark.parametrize("where", ["game/widgets/uragan_claims.py", "engine/bots/eralash_new.py",
                                   "game/menus/eralash_options.py"])
def test_a_planted_game_named_file_in_a_shared_folder_is_caught(tree: Path, where: str):
    (tree / where).write_text('"""Planted."""\n', encoding="utf-8")
    found = house.findings(tree)
    assert f"named after a game inside a shared folder: {where}" in found


def test_a_game_named_file_in_its_own_folder_is_fine(tree: Path):
    (tree / "game" / "uragan" / "uragan_words_extra.py").write_text('"""Planted."""\n', encoding="utf-8")
    assert house.findings(tree) == []
