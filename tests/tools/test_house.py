"""The house keeps its shape (docs/architecture.md): no import circle, no floor crossed, no game-named file
in a shared folder, no deep class in game/, no branch on a game's name and no game module imported by string
outside the registry — and the check catches each of them when planted."""

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

def key(finding: str) -> str:
    """A finding without its parenthesis (line numbers, counts), which other edits move."""
    return finding.split(" (", 1)[0]


def new_findings(root: Path) -> list[str]:
    """Every finding under ``root``."""
    return list(house.findings(root))


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
    assert new_findings(ROOT) == []


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
    assert new_findings(tree) == []


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
    assert new_findings(tree) == []


# --- deep classes ----------------------------------------------------------------------------------------

DEEP = """\"\"\"Planted: classes over AboutScene (AboutScene, GuiScene, Scene: three game/ classes).\"\"\"

import pygame

from game.menus.about_screen import AboutScene as Base


class Four(Base):
    pass


class Five(Four):
    pass


class Surfaces(pygame.Surface):
    pass


class DeepSurfaces(Surfaces):  # pygame's classes do not count
    pass
"""

DEEPER = """\"\"\"Planted: the same reached through a module and through a package.\"\"\"

import game.menus.planted as planted
from game.menus import planted as same


class FiveByModule(planted.Four):
    pass


class FiveByPackage(same.Four, object):
    pass
"""


def test_a_planted_deep_class_is_caught(tree: Path):
    (tree / "game" / "menus" / "planted.py").write_text(DEEP, encoding="utf-8")
    (tree / "game" / "menus" / "deeper.py").write_text(DEEPER, encoding="utf-8")
    found = new_findings(tree)
    assert {key(f) for f in found} == {"deep class: game.menus.planted.Five",
                                       "deep class: game.menus.deeper.FiveByModule",
                                       "deep class: game.menus.deeper.FiveByPackage"}, found
    assert ("deep class: game.menus.planted.Five (5 game/ classes in its MRO, at most 4: "
            "AboutScene, Five, Four, GuiScene, Scene)") in found


# --- the games behind their registry ----------------------------------------------------------------------

BRANCH = "branch on a game's name"


@pytest.mark.parametrize("branch", [
    'return game == "uragan"',
    'return match.game != "eralash"',
    'return "eralash" == game',
    'return 1 if game in ("uragan", "other") else 2',
    'return game not in {"eralash"}',
    'match game:\n        case "uragan" | "x":\n            return 1\n    return 2',
])
def test_a_planted_branch_on_a_game_name_is_caught(tree: Path, branch: str):
    plant(tree / "game" / "menus" / "about_screen.py", f"def _planted(game, match):\n    {branch}\n")
    found = new_findings(tree)
    assert [key(f) for f in found] == [f"{BRANCH}: game/menus/about_screen.py in _planted"], found


@pytest.mark.parametrize("where", ["engine/games.py", "engine/review/words.py", "game/uragan/words.py",
                                   "engine/eralash/illegal.py", "game/checks/bench.py"])
def test_a_branch_on_a_game_name_is_fine_where_words_are_chosen(tree: Path, where: str):
    plant(tree / where, 'def _planted(game):\n    return game == "uragan" or game in ("eralash",)\n')
    assert new_findings(tree) == []


def test_a_game_may_compare_with_its_own_name_but_not_the_other(tree: Path):
    record = tree / "engine" / "uragan" / "record.py"
    plant(record, 'def _mine(rec):\n    return rec.get("game") == "uragan"\n')
    assert new_findings(tree) == []
    plant(record, 'def _theirs(rec):\n    return rec.get("game") == "eralash"\n')
    assert [key(f) for f in new_findings(tree)] == [f"{BRANCH}: engine/uragan/record.py in _theirs"]


def test_a_loop_over_the_names_or_a_word_is_not_a_branch(tree: Path):
    plant(tree / "game" / "menus" / "about_screen.py",
          'def _planted(word):\n    return [g for g in ("uragan", "eralash")] + [word == "uraganic"]\n')
    assert new_findings(tree) == []


@pytest.mark.parametrize("call", [
    'importlib.import_module(f"engine.{game}")',
    'importlib.import_module(f"game.{game}.table")',
    'import_module("engine.uragan.deal")',
    '__import__("engine.eralash")',
    '__import__(f"engine.bots.{game}")',
])
def test_a_planted_import_by_string_is_caught(tree: Path, call: str):
    plant(tree / "engine" / "arena.py",
          "def _planted(game):\n    import importlib\n    from importlib import import_module\n\n"
          f"    return {call}\n")
    found = new_findings(tree)
    assert [key(f) for f in found] == ["game module imported by string: engine/arena.py in _planted"], found


def test_an_import_by_string_is_fine_in_the_registry_or_of_a_shared_module(tree: Path):
    code = 'def _planted(game):\n    import importlib\n\n    return importlib.import_module(f"engine.{game}")'
    plant(tree / "engine" / "games.py", code)
    plant(tree / "engine" / "cli.py", 'def _planted():\n    import importlib\n\n'
                                       '    return importlib.import_module("engine.cards")\n')
    assert new_findings(tree) == []
