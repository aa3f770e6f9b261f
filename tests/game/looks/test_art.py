"""The SVG card art: every file exists and renders, variants differ where they should, CardArt caches."""

from __future__ import annotations

import re

import pygame
import pytest

from engine import cards as C
from game.looks import art
from game.looks.resources import resource_path

DECKS = ("en-2c", "en-4c", "ru-2c", "ru-4c")
NAMES = [C.name(c) for c in range(52)]
SIZES = ((100, 140), (200, 280))


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    yield


def svg(*parts: str) -> str:
    return resource_path("sprites", *parts).read_text(encoding="utf-8")


def visible_pixels(surf: pygame.Surface) -> int:
    """Pixels with some opacity on a coarse grid (enough to tell an image from a blank)."""
    w, h = surf.get_size()
    return sum(1 for x in range(0, w, 4) for y in range(0, h, 4) if surf.get_at((x, y)).a > 0)


def test_every_face_of_every_deck_renders_at_two_sizes():
    for deck in DECKS:
        for name in NAMES:
            path = resource_path("sprites", "cards", deck, f"{name}.svg")
            assert path.is_file(), path
            for size in SIZES:
                surf = art.render_svg(path, size)
                assert surf.get_size() == size
    # spot-check content: a rendered face is a mostly opaque card with dark marks on it
    surf = art.render_svg(resource_path("sprites", "cards", "en-2c", "7S.svg"), (100, 140))
    assert visible_pixels(surf) > 0.9 * (25 * 35)
    dark = sum(1 for x in range(100) for y in range(140) if sum(surf.get_at((x, y))[:3]) < 150)
    assert dark > 300


def test_backs_slot_table_and_icon_render():
    backs = art.available_backs()
    assert {"burgundy", "green"} <= set(backs)
    for name in [*backs]:
        for size in SIZES:
            surf = art.render_svg(resource_path("sprites", "backs", f"{name}.svg"), size)
            assert surf.get_size() == size
            assert visible_pixels(surf) > 0.9 * (size[0] // 4) * (size[1] // 4)
    slot = art.render_svg(resource_path("sprites", "slot.svg"), (100, 140))
    assert slot.get_size() == (100, 140)
    assert visible_pixels(slot) > 0
    for colour in art.TABLE_COLOURS:
        assert resource_path("sprites", "table", f"baize-{colour}.svg").is_file()
    icon = art.icon_surface()
    assert icon.get_size() == (256, 256)
    ico = resource_path("sprites", "icon", "salon.ico").read_bytes()
    assert ico[:4] == b"\x00\x00\x01\x00" and ico[4] >= 1


def test_no_svg_feature_nanosvg_would_drop():
    """nanosvg ignores <text>, <use> and <pattern>; anything drawn with them would silently vanish."""
    for f in resource_path("sprites").rglob("*.svg"):
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"<(text|use|pattern|clipPath|filter)\b", text), f


def test_ru_and_en_decks_differ_exactly_on_court_cards_and_aces():
    for colours in ("2c", "4c"):
        differ = {n for n in NAMES if svg("cards", f"en-{colours}", f"{n}.svg")
                  != svg("cards", f"ru-{colours}", f"{n}.svg")}
        assert differ == {n for n in NAMES if n[:-1] in ("J", "Q", "K", "A")}


def test_four_colour_differs_only_on_diamonds_and_clubs():
    for lang in ("en", "ru"):
        differ = {n for n in NAMES if svg("cards", f"{lang}-2c", f"{n}.svg")
                  != svg("cards", f"{lang}-4c", f"{n}.svg")}
        assert differ == {n for n in NAMES if n[-1] in "DC"}


def test_four_colour_pips_are_coloured_per_suit():
    a = art.CardArt((60, 84), four_colour=True)
    centre = {}
    for name in ("AS", "AH", "AD", "AC"):
        px = a.face(name).get_at((30, 44))[:3]
        centre[name[-1]] = px
    assert len(set(centre.values())) == 4  # four different inks at the heart of the big pip
    two = art.CardArt((60, 84), four_colour=False)
    assert two.face("AD").get_at((30, 44))[:3] == two.face("AH").get_at((30, 44))[:3]


def test_card_art_caches_per_size_and_rerenders_on_resize():
    a = art.CardArt((80, 112), lang="ru")
    first = a.face("QS")
    assert a.face("QS") is first
    assert a.face(C.parse("QS")) is first  # an engine int and its notation are the same card
    assert a.rendered == 1
    assert a.set_size((80, 112)) is False
    assert a.face("QS") is first
    assert a.set_size((90, 126)) is True
    second = a.face("QS")
    assert second is not first and second.get_size() == (90, 126)
    assert a.rendered == 2


def test_warm_prerenders_everything_then_frames_render_nothing():
    a = art.CardArt((50, 70), back="green")
    assert a.warm() == 54
    n = a.rendered
    for c in range(52):
        a.face(c)
    a.back()
    a.slot()
    assert a.rendered == n


def test_deck_and_back_switches():
    a = art.CardArt((50, 70))
    en = a.face("KH")
    a.set_deck("ru", False)
    ru = a.face("KH")
    assert ru is not en
    assert a.face("KH", lang="en") is en  # the card widget may ask per call
    burgundy = a.back()
    a.set_back("green")
    assert a.back() is not burgundy
    assert a.back(name="no-such-back") is burgundy  # falls back to the default design


def test_table_background_is_cached_per_size_and_colour():
    table = art.TableArt()
    s = table.background((320, 200))
    assert s.get_size() == (320, 200)
    assert table.background((320, 200)) is s
    assert table.rendered == 1
    assert table.background((400, 250)).get_size() == (400, 250)
    red = table.background((320, 200), "red")
    r, g, b = red.get_at((160, 100))[:3]
    assert r > g  # a red cloth in the middle
    r, g, b = s.get_at((160, 100))[:3]
    assert g > r and g > b  # the green one
    assert table.rendered == 3


def test_sprites_stay_small():
    total = sum(p.stat().st_size for p in resource_path("sprites").rglob("*") if p.is_file())
    assert total < 3 * 1024 * 1024
