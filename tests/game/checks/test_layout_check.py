"""The layout check catches what it is for (planted faults), and ``salon --smoke`` runs and reports."""

from __future__ import annotations

import json

import pygame
import pytest
from helpers import frames

from game.__main__ import main as run
from game.checks.layout_check import Box, check_app, problems
from game.widgets.gui_scene import GuiScene

SIZE = (960, 600)


def test_clean_boxes_have_no_problems():
    boxes = [
        Box("a", "control", pygame.Rect(10, 10, 100, 30), "OK", 40),
        Box("b", "control", pygame.Rect(120, 10, 100, 30), "Cancel", 60),
        Box("card", "card", pygame.Rect(10, 100, 70, 100)),
    ]
    assert problems(boxes, SIZE) == []


@pytest.mark.parametrize(
    ("boxes", "words"),
    [
        ([Box("a", "control", pygame.Rect(10, 10, 100, 30)), Box("b", "label", pygame.Rect(60, 20, 100, 30))],
         "overlaps"),
        ([Box("a", "control", pygame.Rect(900, 10, 100, 30))], "outside the window"),
        ([Box("a", "control", pygame.Rect(10, 10, 100, 30), "Much too long a label", 180)], "needs 192 px"),
        ([Box("a", "text", pygame.Rect(10, 10, 100, 30), "Требование проти…")], "ellipsis"),
        ([Box("a", "control", pygame.Rect(10, 10, 100, 30), within=pygame.Rect(0, 0, 80, 80))], "sticks out"),
        ([Box("card c", "card", pygame.Rect(10, 10, 70, 100)),
          Box("b", "control", pygame.Rect(40, 50, 90, 30))], "covers the card"),
        ([Box("t", "text", pygame.Rect(10, 10, 100, 20), "one"),
          Box("u", "text", pygame.Rect(20, 15, 100, 20), "two")], "prints over"),
    ],
)
def test_each_planted_fault_is_reported(boxes, words):
    found = problems(boxes, SIZE)
    assert any(words in p for p in found), found


class Broken(GuiScene):
    """A screen laid out wrong on purpose: two buttons on top of each other, one off the window, a
    label too narrow for its text, and a text of our own printed over a button."""

    def build(self) -> None:
        from pygame_gui.elements import UILabel

        self.clear()
        self.button("one", "One", pygame.Rect(100, 100, 200, 40))
        self.button("two", "Two", pygame.Rect(150, 110, 200, 40))
        self.button("off", "Off", pygame.Rect(SIZE[0] - 50, 300, 200, 40))
        self.add(UILabel(pygame.Rect(100, 400, 60, 30), "A label far wider than its box", self.app.ui))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        surface.blit(self.app.text.get("Printed over", 20), (120, 105))


def test_a_broken_screen_fails_the_check(make_app):
    app = make_app(size=SIZE)
    app.stack.push(Broken(app))
    frames(app, 2)
    found = check_app(app)
    text = "\n".join(found)
    assert "'One'" in text and "overlaps" in text
    assert "'Off'" in text and "outside the window" in text
    assert "A label far wider" in text and "needs" in text
    assert "Printed over" in text


def dealt_uragan(make_app):
    """An Uragan table at ``SIZE`` with its cards dealt and nothing moving."""
    from game.uragan.table import UraganTable

    app = make_app(size=SIZE)
    table = UraganTable.new_game(app, seed=3, level="club")
    app.stack.push(table)
    table._opening_pending = False
    frames(app, 2)
    table.tweens.finish_all()
    return app, table


def test_a_table_button_over_a_card_fails_the_check(make_app):
    app, table = dealt_uragan(make_app)
    assert not [p for p in check_app(app) if "covers the card" in p]
    card = next(iter(table.sprites.values()))
    table.buttons[0].rect.center = (int(card.x), int(card.y))
    assert any("covers the card" in p for p in check_app(app))


def test_a_card_in_flight_is_not_checked_until_it_lies_still(make_app):
    """A card passing under a plaque on its way is no fault; the same card lying there is."""
    from engine import cards as C

    app, table = dealt_uragan(make_app)
    card = next(iter(table.sprites.values()))
    table.buttons[0].rect.center = (int(card.x), int(card.y))
    covered = f"covers the card {C.name(card.card)}"
    table.tweens.tween(card, 5.0, x=card.x + 1.0)
    assert not [p for p in check_app(app) if covered in p]
    table.tweens.finish_all()
    assert any(covered in p for p in check_app(app))


def test_smoke_rejects_a_window_below_the_minimum(capsys):
    assert run(["--smoke", "--size", "800x500"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "960x600" in err


def test_smoke_prints_one_json_line(tmp_path, capsys, monkeypatch):
    from game.checks import smoke, tour

    ran = []
    visits = [("main menu", smoke._menu), ("boom", lambda s: ran.append(1) or 1 / 0)]
    monkeypatch.setattr(tour, "VISITS", visits)
    code = run(["--smoke", "--data-dir", str(tmp_path), "--lang", "en", "--size", "1280x800"])
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    report = json.loads(out[0])
    assert report["screens"] == 1 and ran == [1]
    assert code == 1
    boom = [p for p in report["problems"] if p["screen"] == "boom"]
    assert len(boom) == 1 and boom[0]["size"] == "1280x800"
    assert "ZeroDivisionError" in boom[0]["what"]


# --- §4 of issue 21: each fault the check let through, planted --------------------------------------


def _card(name: str, x: int, y: int, **kw) -> Box:
    return Box(f"card {name}", "card", pygame.Rect(x, y, 70, 100), **kw)


@pytest.mark.parametrize(
    ("boxes", "words"),
    [
        # "last move" across the middle of the opponent's face-up pile card
        (
            [
                _card("5S", 100, 100, open_face=True),
                Box("text 'last move'", "text", pygame.Rect(95, 140, 60, 14)),
            ],
            "covers the card 5S",
        ),
        # the instruction line drawn under a raised card of your hand
        (
            [
                Box("text 'drag a card'", "text", pygame.Rect(60, 120, 300, 14), order=3),
                _card("QD", 100, 100, open_face=True, order=9),
            ],
            "is hidden under the card QD",
        ),
        # the instruction line across your empty pile's ring
        (
            [
                Box("card place of your pile", "card", pygame.Rect(400, 300, 70, 100)),
                Box("text 'drag a card'", "text", pygame.Rect(200, 340, 300, 14)),
            ],
            "covers the card place of your pile",
        ),
        # the claim banner over your pile
        (
            [
                Box("card place of your pile", "card", pygame.Rect(400, 300, 70, 100)),
                Box("claim banner", "plaque", pygame.Rect(150, 280, 300, 80)),
            ],
            "claim banner covers",
        ),
        # "Game No. …" touching the rail
        (
            [
                Box("the table's rail", "frame", pygame.Rect(17, 17, 926, 566)),
                Box("text 'Game No. 39'", "text", pygame.Rect(860, 137, 82, 14)),
            ],
            "touches the table's rail",
        ),
        # a dialog's button no wider than its label
        ([Box("button 'Abandon'", "control", pygame.Rect(10, 10, 184, 30), "Abandon", 176)], "needs"),
    ],
)
def test_each_fault_of_issue_21_is_reported(boxes, words):
    found = problems(boxes, SIZE)
    assert any(words in p for p in found), found


def test_a_run_caption_may_cross_its_cards_and_a_clear_text_may_sit_by_the_rail():
    boxes = [
        _card("8C", 100, 100, open_face=True, captioned=True),
        Box("text '8-9-10♣ — 27'", "text", pygame.Rect(95, 160, 80, 14)),
        Box("the table's rail", "frame", pygame.Rect(17, 17, 926, 566)),
        Box("text 'Game No. 39'", "text", pygame.Rect(850, 137, 82, 14)),
    ]
    assert problems(boxes, SIZE) == []


def test_the_abandon_dialog_leaves_room_round_its_labels(make_app):
    from game.menus.new_game import NewGameScene

    app = make_app(size=SIZE)
    scene = NewGameScene(app)
    app.stack.push(scene)
    frames(app, 2)
    dialog = scene.ask_confirmation("newgame.abandon", "#newgame_abandon_dialog", game="Uragan")
    frames(app, 2)
    assert not [p for p in check_app(app) if "needs" in p]
    button = dialog.confirm_button  # planted: back to the width of its label, as pygame_gui made it
    button.set_dimensions((button.font.size(button.text)[0] + 16, button.rect.height))
    frames(app, 2)
    assert any("confirm_button" in p and "needs" in p for p in check_app(app))


def test_a_text_drawn_under_the_cards_of_a_table_is_found_hidden(make_app):
    app, table = dealt_uragan(make_app)
    assert not [p for p in check_app(app) if "Planted" in p]
    card = next(iter(table.sprites.values()))
    draw_table = table.draw_table

    def planted(surface):
        draw_table(surface)
        surface.blit(app.text.get("Planted under a card", 18), (int(card.x) - 20, int(card.y)))

    table.draw_table = planted
    assert any("Planted under a card" in p and "hidden under" in p for p in check_app(app))
