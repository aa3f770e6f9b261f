"""Memory held by the app's caches and screens (issue 34): caps hold, and what a screen drew goes with it."""

from __future__ import annotations

import gc
import weakref

import pytest


def test_turned_card_images_stay_under_their_cap_and_keep_the_recent_ones(make_app) -> None:
    from game.widgets.cards import ROTATED_CARDS, CardImages

    app = make_app()
    images = CardImages(app.text, (60, 84))
    cap = images.rotated_cap()
    assert cap == ROTATED_CARDS * 60 * 84 * 4
    kept = images.image(5, True, angle=9)  # drawn again and again below: must survive
    for n in range(400):  # a flight through every angle, cards of every kind
        images.image(n % 52, True, angle=3 * (n % 119) + 3)
        images.image(None, False, angle=3 * (n % 119) + 3, scale=0.9)
        images.image(5, True, angle=9)
        assert images.rotated_bytes() <= cap
    assert images.turned > ROTATED_CARDS  # the cap was reached and images were let go
    assert images.image(5, True, angle=9) is kept  # the one in use was never dropped
    total = sum(s.get_width() * s.get_height() * 4 for s in images._rotated.values())
    assert total == images.rotated_bytes()  # the running count is the real one


def test_a_covered_menu_lets_go_of_its_panel_surfaces(make_app) -> None:
    from game.menus.menu import MenuScene
    from game.scene import Scene

    app = make_app(size=(1920, 1080))
    menu = app.stack.push(MenuScene(app))
    app.frame(0.016, [])
    assert menu.panel.drawable_shape is not None
    held = weakref.ref(menu.panel.drawable_shape)
    app.stack.push(Scene(app))  # the menu is covered: its elements are killed
    app.frame(0.016, [])
    gc.collect()
    assert held() is None
    assert menu.panel.drawable_shape is None
    app.stack.pop()  # back on the menu: built again, drawn as before
    app.frame(0.016, [])
    assert menu.panel.drawable_shape is not None and menu.panel.alive()


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_a_closed_table_frees_its_surfaces(make_app, game: str) -> None:
    from game.screens import open_table

    app = make_app(size=(1280, 800), bots="game.checks.tour:make_smoke_bot")
    from game.menus.menu import MenuScene

    app.stack.push(MenuScene(app))
    table = open_table(app, game, demo=True, seed=3)
    for _ in range(5):
        app.frame(0.016, [])
    faces = [table.images.face(c) for c in (0, 13, 51)]
    gone = [weakref.ref(table), weakref.ref(table.images)] + [weakref.ref(s) for s in faces]
    del faces
    app.stack.remove(table)
    del table
    for _ in range(3):
        app.frame(0.016, [])
    gc.collect()
    assert [r() is None for r in gone] == [True] * len(gone)


def test_glibc_arenas_are_limited_unless_the_environment_says(monkeypatch) -> None:
    from game import memory

    calls = []

    class Lib:
        def mallopt(self, what: int, value: int) -> int:
            calls.append((what, value))
            return 1

    monkeypatch.setattr(memory, "_libc", Lib())
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    assert memory.limit_arenas() is True
    assert calls == [(memory.M_ARENA_MAX, memory.ARENAS)]
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert memory.limit_arenas() is False
    assert len(calls) == 1


def test_the_window_surface_is_software_on_x11_only(monkeypatch) -> None:
    from game.app import software_window_surface

    class Display:
        def __init__(self, driver: str) -> None:
            self.driver = driver

        def get_driver(self) -> str:
            return self.driver

    class Pg:
        def __init__(self, driver: str) -> None:
            self.display = Display(driver)

    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    software_window_surface(Pg("wayland"))
    import os

    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    software_window_surface(Pg("x11"))
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")  # the player's choice wins
    software_window_surface(Pg("x11"))
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"


def _app_as_started(size: tuple[int, int] = (1280, 800)):
    """A headless App that opens its first screens as ``salon`` does, with the real bots' worker."""
    from game.app import App, build_parser, first_screens

    args = build_parser().parse_args(["--lang", "en"])
    app = App(args, headless=True, size=size)
    first_screens(app, args)
    return app


@pytest.mark.parametrize("way", ["new game", "a table"])
def test_the_menu_starts_no_bot_process_until_the_player_heads_for_a_table(way: str) -> None:
    from game.botworker import BotWorker
    from game.menus.menu import MenuScene
    from game.screens import open_table

    app = _app_as_started()
    try:
        for _ in range(5):
            app.frame(0.016, [])
        assert isinstance(app.stack.top, MenuScene)
        assert app._worker is None  # nothing made the bots' worker, let alone its process
        if way == "new game":
            app.stack.top.press("new")  # the player chooses a game: the process starts meanwhile
        else:
            open_table(app, "uragan", demo=True, seed=3)  # e.g. --demo, or a practice table
            app.frame(0.016, [])
        worker = app._worker
        assert isinstance(worker, BotWorker)
        assert worker.wait_started(timeout=120.0)
    finally:
        app.close()


def test_the_menu_keeps_its_fan_and_not_the_upright_faces(make_app) -> None:
    from engine import cards as C
    from game.menus.menu import SHOWCASE, MenuScene

    app = make_app(size=(1920, 1080))
    menu = app.stack.push(MenuScene(app))
    app.frame(0.016, [])
    assert menu.warmer.wait(60), "the menu's background never came"
    app.frame(0.016, [])
    bg, fan = menu._bg
    assert len(fan) == 1  # the fan, drawn from the turned cards laid on the cloth
    assert not any(menu.images.cached(C.parse(name), True) for name in SHOWCASE)
    assert menu.images._art._cache == {}


def test_the_menu_loads_the_network_only_when_the_people_left_a_file(tmp_path, monkeypatch) -> None:
    # asyncio, ssl and OpenSSL are 8 MB: the menu asks "anything of the people's to continue?" on every
    # build, and loads their modules only when a hosted table or a taken seat was kept on disk.
    from helpers import app_on_disk

    from game import screens
    from game.people import net

    assert set(screens.PEOPLE_FILES) == {net.HOSTED_FILE, net.JOINED_FILE}
    loaded = []
    real = screens.load

    def load(target: str):
        loaded.append(target)
        return real(target)

    monkeypatch.setattr(screens, "load", load)
    app = app_on_disk(tmp_path)
    try:
        assert screens.hosted_to_continue(app) is False
        assert loaded == []
        (tmp_path / net.JOINED_FILE).write_text("{}", encoding="utf-8")  # a damaged seat: nothing to take
        assert screens.hosted_to_continue(app) is False
        assert loaded == ["game.people.host_screen:people_to_continue"]
    finally:
        app.close()


@pytest.mark.parametrize("compact", [False, True])
def test_the_menus_fan_is_one_surface_that_draws_as_its_five_cards(make_app, monkeypatch, compact) -> None:
    # The fan is held as the five turned cards laid on the cloth under them, one box (at 3840x2160
    # 4.5 MB instead of 10.7): drawn over the cloth it must give the very pixels of the five cards.
    import pygame

    from game.looks import art
    from game.menus.menu import SHOWCASE, MenuScene
    from game.widgets import felt

    if compact:  # as a large window holds it: 3 bytes a pixel
        monkeypatch.setattr(art, "COMPACT_FROM", 0)
        monkeypatch.setattr(felt, "_table_art", None)  # a cloth made now, not one cached before
    app = make_app(size=(1280, 800))
    menu = app.stack.push(MenuScene(app))
    turned: list[weakref.ref] = []
    made = menu.fan_cards

    def fan_cards(size):
        cards = made(size)
        turned.extend(weakref.ref(img) for img, _ in cards)
        return cards

    monkeypatch.setattr(menu, "fan_cards", fan_cards)
    app.frame(0.016, [])
    assert menu.warmer.wait(60), "the menu's background never came"
    app.frame(0.016, [])
    cloth, fan = menu._bg
    assert len(fan) == 1 and len(turned) == len(SHOWCASE)
    gc.collect()
    assert [r() for r in turned] == [None] * len(SHOWCASE)  # the turned cards themselves are let go
    laid, box = fan[0]
    assert laid.get_bytesize() == (3 if compact else 4) == cloth.get_bytesize()
    cards = made(app.size)
    turned_area = sum(img.get_width() * img.get_height() for img, _ in cards)
    assert laid.get_width() * laid.get_height() < 0.6 * turned_area

    window = pygame.display.get_surface()
    one_by_one = pygame.Surface(app.size, 0, window)
    one_by_one.blit(cloth, (0, 0))
    one_by_one.fblits(cards)
    at_once = pygame.Surface(app.size, 0, window)
    at_once.blit(cloth, (0, 0))
    at_once.blit(laid, box)
    assert pygame.image.tobytes(at_once, "RGB") == pygame.image.tobytes(one_by_one, "RGB")
    menu.draw(at_once)  # and the menu draws it so
    assert pygame.image.tobytes(at_once, "RGB") == pygame.image.tobytes(one_by_one, "RGB")


def test_a_large_windows_cloth_is_held_at_three_bytes_a_pixel_in_the_same_colours(monkeypatch) -> None:
    import pygame

    from game.looks import art
    from game.widgets.felt import contrast_cloth

    assert art.holds_compact((3840, 2160)) and art.holds_compact((3200, 1800))
    assert not art.holds_compact((1920, 1080)) and not art.holds_compact((2560, 1600))
    size = (320, 200)
    monkeypatch.setattr(art, "COMPACT_FROM", size[0] * size[1])
    plain = art.TableArt().background(size)
    assert plain.get_bytesize() == 4 and contrast_cloth(size, 12).get_bytesize() == 4
    monkeypatch.setattr(art, "COMPACT_FROM", size[0] * size[1] - 1)
    compact = art.TableArt().background(size)
    assert compact.get_bytesize() == 3 and contrast_cloth(size, 12).get_bytesize() == 3
    drawn = []
    for cloth in (plain, compact):
        window = pygame.Surface(size, 0, 32)
        window.blit(cloth, (0, 0))
        drawn.append(pygame.image.tobytes(window, "RGB"))
    assert drawn[0] == drawn[1]


def test_a_table_over_the_menu_paints_from_a_four_byte_cloth_and_the_menu_keeps_no_second_copy(
        make_app, monkeypatch) -> None:
    # A large window: the menu holds its cloth at 3 bytes a pixel, a table (painting in parts) at 4. One
    # cloth at a time: the menu under the table lets go of its own and takes it back on the way out.
    import pygame

    from game.looks import art
    from game.menus.menu import MenuScene
    from game.menus.new_game import NewGameScene
    from game.screens import open_table
    from game.widgets import felt

    monkeypatch.setattr(art, "COMPACT_FROM", 0)  # 1280x800 held as a large window is
    monkeypatch.setattr(felt, "_table_art", None)
    app = make_app(size=(1280, 800), bots="game.checks.tour:make_smoke_bot")
    menu = app.stack.push(MenuScene(app))
    app.frame(0.016, [])
    assert menu.warmer.wait(60), "the menu's background never came"
    app.frame(0.016, [])
    assert menu._bg[0].get_bytesize() == 3
    menus_cloth = weakref.ref(menu._bg[0])
    shown = pygame.Surface(app.size, 0, pygame.display.get_surface())
    menu.draw(shown)
    before = pygame.image.tobytes(shown, "RGB")

    new_game = app.stack.push(NewGameScene(app))  # the way to a table, on the same cloth
    app.frame(0.016, [])
    assert new_game.backdrop._bg is menus_cloth()
    app.stack.remove(new_game)  # (kept referenced here, as something in the app may)
    table = open_table(app, "uragan", demo=True, seed=3)
    assert table.warmer.wait(60), "the table never warmed up"
    for _ in range(3):
        app.frame(0.016, [])
    assert table.art.felt_surface is not None and table.art.felt_surface.get_bytesize() == 4
    gc.collect()
    assert menus_cloth() is None  # no second cloth under the table
    tables_cloth = weakref.ref(table.art.felt_surface)

    app.stack.remove(table)  # back on the menu: its cloth at once, before any frame or helper
    del table
    assert menu._bg is not None and menu._bg[0].get_bytesize() == 3
    menu.draw(shown)
    assert pygame.image.tobytes(shown, "RGB") == before
    for _ in range(3):  # (the painter lets go of the table's last frame too)
        app.frame(0.016, [])
    gc.collect()
    assert tables_cloth() is None
