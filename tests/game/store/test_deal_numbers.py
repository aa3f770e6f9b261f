"""Deal numbers: every game has one (its seed); "Play deal number…" deals exactly the same cards."""

import pygame
import pygame_gui
import pytest
from helpers import frames

from engine import cards as C
from game.menus.deal_number_dialog import DealNumberDialog, parse_deal_number
from game.menus.new_game import NewGameScene
from game.store.saves import DEAL_NUMBERS, Session


def hands(match):
    """Every card of the first deal as dealt, by seat (both games)."""
    deal = match.deal
    dealt = getattr(deal, "dealt", None)
    return [C.names(h) for h in dealt] if dealt else [C.names(h) for h in deal.hands]


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_a_number_deals_the_same_cards_again(game):
    a = Session.new(None, game, {}, ["A", "B"] if game == "uragan" else ["A", "B", "C", "D"],
                    [None, "club"] if game == "uragan" else [None, "club", "club", "club"], seed=4242)
    b = Session.new(None, game, {}, ["X", "Y"] if game == "uragan" else ["X", "Y", "Z", "W"],
                    [None, "novice"] if game == "uragan" else [None, "novice", "club", "master"], seed=4242)
    c = Session.new(None, game, {}, ["A", "B"] if game == "uragan" else ["A", "B", "C", "D"],
                    [None, "club"] if game == "uragan" else [None, "club", "club", "club"], seed=4243)
    assert a.deal_number == b.deal_number == 4242
    assert hands(a.match) == hands(b.match) and a.match.deal.dealer == b.match.deal.dealer
    assert hands(a.match) != hands(c.match)
    assert a.match.to_record()["seed"] == 4242  # the record keeps the number


def test_fresh_numbers_are_short_and_positive():
    numbers = {Session.new(None, "uragan", {}, ["A", "B"], [None, "club"]).deal_number for _ in range(5)}
    assert all(0 < n < DEAL_NUMBERS for n in numbers) and len(numbers) > 1


def test_parse_deal_number():
    assert parse_deal_number("482 193 557") == 482193557
    assert parse_deal_number("0") is None and parse_deal_number("") is None
    assert parse_deal_number("12a") is None


def press(app, button):
    """A pygame_gui button pressed, as pygame_gui announces it (through the app's event handling)."""
    frames(app, 1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_play_deal_number_from_the_new_game_dialog(make_app, game):
    app = make_app(lang="ru")
    scene = NewGameScene(app)
    app.stack.push(scene)
    scene.press(f"game_{game}")
    frames(app, 2)
    press(app, scene.buttons["number"])
    dialog = app.stack.top
    assert isinstance(dialog, DealNumberDialog)
    press(app, dialog.buttons["deal"])  # nothing typed: refused in words
    assert app.stack.top is dialog and dialog.error
    dialog.entry.set_text("")
    frames(app, 1)
    for ch in "777 001":
        frames(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    assert dialog.entry.get_text() == "777 001"
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    finished = [e for e in pygame.event.get() if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED]
    frames(app, 1, finished)  # the entry announces Enter on pygame's queue, as in the app
    table = app.stack.top
    assert table.game == game and table.session.deal_number == 777001
    again = Session.new(None, game, table.match.options.to_dict(), list(table.match.players),
                        list(table.session.seats), seed=777001)
    assert hands(table.match) == hands(again.match)
    shown = table.deal_number_text()
    assert shown == "Партия № 777\u00a0001"  # the game's number, not "Сдача" (the deal count)
    assert parse_deal_number(shown.split("№")[1]) == 777001  # typed back as shown, spaces and all


def test_the_game_number_never_reads_as_the_deal_count():
    """"Deal 1" (the deal within the match) and the game number sit side by side on the Uragan table:
    they must not share a word, in either language."""
    from game.store.game_number import game_number_label
    from game.words import i18n

    before = i18n.get_language()
    try:
        for lang, label, count in (("en", "Game No. 482\u00a0193\u00a0557", "Deal 1"),
                                   ("ru", "Партия № 482\u00a0193\u00a0557", "Сдача 1")):
            i18n.set_language(lang)
            assert game_number_label(482193557) == label
            assert i18n.t("table.deal_number", n=1) == count
            assert label.split()[0] != count.split()[0]
            assert parse_deal_number(label.split(maxsplit=2)[2]) == 482193557
    finally:
        i18n.set_language(before)
