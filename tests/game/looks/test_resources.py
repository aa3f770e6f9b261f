"""Shipped files are found through importlib.resources, and a missing or unreadable one is a clear
error naming it: never a silent placeholder."""

from __future__ import annotations

import importlib.resources
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from places import ROOT
from shipping import isolated_env

from game.looks import art, resources, sound
from game.looks.resources import AssetMissing, AssetUnreadable, asset, resource_path


def test_each_resource_package_is_found_by_importlib_resources():
    for package in resources.PACKAGES:
        assert resource_path(package) == Path(str(importlib.resources.files(package)))
    assert asset("sprites", "cards", "ru-4c", "QS.svg").is_file()
    assert asset("sounds", "deal.wav").is_file()
    assert asset("game", "rules", "rules.ru.md").is_file()


def test_an_unknown_package_is_refused():
    with pytest.raises(ValueError, match="docs"):
        resource_path("docs", "rules.en.md")


def test_a_missing_file_names_itself():
    with pytest.raises(AssetMissing, match=r"sprites/cards/en-2c/ZZ\.svg"):
        asset("sprites", "cards", "en-2c", "ZZ.svg")


def _point_sprites_at(monkeypatch, folder: Path) -> None:
    monkeypatch.setitem(resources._roots, "sprites", folder)


def test_a_missing_card_face_is_an_error_not_a_placeholder(monkeypatch, tmp_path):
    _point_sprites_at(monkeypatch, tmp_path)  # an installation without card art
    cards = art.CardArt((50, 70), "en", False, "burgundy")
    with pytest.raises(AssetMissing, match=r"sprites/cards/en-2c/AS\.svg"):
        cards.face("AS")


def test_an_unreadable_card_face_names_the_file(monkeypatch, tmp_path):
    face = tmp_path / "cards" / "en-2c" / "AS.svg"
    face.parent.mkdir(parents=True)
    face.write_text("<not an svg", encoding="utf-8")
    _point_sprites_at(monkeypatch, tmp_path)
    with pytest.raises(AssetUnreadable, match="AS.svg"):
        art.CardArt((50, 70), "en", False, "burgundy").face("AS")


def test_a_missing_table_cloth_is_an_error(monkeypatch, tmp_path):
    _point_sprites_at(monkeypatch, tmp_path)
    with pytest.raises(AssetMissing, match="baize"):
        art.TableArt().background((200, 120), "green")


def test_a_missing_sound_is_an_error_when_a_mixer_opens(monkeypatch, tmp_path):
    monkeypatch.setitem(resources._roots, "sounds", tmp_path)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    with pytest.raises(AssetMissing, match=r"sounds/deal\.wav"):
        sound.Sounds()


def test_the_app_reports_a_broken_install_in_one_line_and_exits_1(tmp_path):
    # a copy of the code with an empty sprites package: what a wheel without its art would be
    for name in ("engine", "game", "sounds"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "sprites").mkdir()
    (tmp_path / "sprites" / "__init__.py").write_text('"""empty"""\n', encoding="utf-8")
    env_code = (
        "import sys, game\n"
        "assert game.__file__.startswith(sys.argv[2])  # the copy, not the checkout\n"
        "from game.app import run\n"
        "sys.exit(run(['--data-dir', sys.argv[1]]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", env_code, str(tmp_path / "data"), str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env=isolated_env(tmp_path),  # the copy is found from the working folder
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "sprites/" in done.stderr and "missing" in done.stderr


def test_a_missing_table_art_is_an_error_on_screens_too(monkeypatch, tmp_path):
    # the screens' backdrop renders the table on a helper thread; its failure must surface, not leave
    # the plain stand-in cloth for good
    from game.widgets import felt
    from game.widgets.backdrop import Backdrop

    _point_sprites_at(monkeypatch, tmp_path)
    monkeypatch.setattr(felt, "_table_art", None)
    backdrop = Backdrop()
    backdrop.get((200, 120), "green")  # the stand-in while the (inline) warming fails
    with pytest.raises(AssetMissing, match="sprites/table"):
        backdrop.get((200, 120), "blue")


def test_missing_translations_are_an_error_not_bare_keys(monkeypatch, tmp_path):
    from game.words import i18n

    monkeypatch.setitem(resources._roots, "game", tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    with pytest.raises(AssetMissing, match=r"game/i18n/common\.ru\.json"):
        i18n._catalog("ru")
