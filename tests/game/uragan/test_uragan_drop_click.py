"""Drag and click agree: a card dropped on the cloth (in the gap between table cards, beside the stock,
just above the hand) means what a click on the same spot means, so a capture the rules demand is said
the same way, before any move is made."""

import pytest
from helpers import click, drag, frames
from uragan_tables import centre, crafted, new_table, settle

from engine import cards as C
from engine.uragan import Play


@pytest.fixture
def app(make_app):
    return make_app(speed="fast", bots="uragan_tables:make_first_bot", size=(960, 600), lang="ru")


def spots(table):
    """Points of the cloth that hold no card: between two table cards, beside the stock, above the hand."""
    lay = table.layout
    xs = sorted(int(table.sprites[c].x) for c in C.cards(table.shown.table))
    y = int(table.sprites[next(iter(C.cards(table.shown.table)))].y)
    gap = ((xs[0] + xs[1]) // 2, y)
    beside_stock = (lay.stock[0] + lay.card[0], lay.table.bottom + lay.card[1] // 4)
    above_hand = (lay.table.right - 10, lay.my_hand.top - 6)
    found = [gap, beside_stock, above_hand]
    for p in found:
        assert table.hand.table_card_at(p) is None
    return found


def outcome(app, claims, how, index):
    table = new_table(app, claims=claims)
    settle(app, table)
    crafted(app, table, ["7S", "KH"], ["3C", "4D", "QS", "JD"])
    frames(app, 3)
    spot = spots(table)[index]
    seven = C.parse("7S")
    if how == "drag":
        drag(app, centre(table, seven), spot)
    else:
        click(app, centre(table, seven))
        frames(app, 2)
        click(app, spot)
    frames(app, 2)
    message = table.message
    return list(table.match.moves), (message.kind, message.text) if message is not None else None


@pytest.mark.parametrize("index", [0, 1, 2])
def test_a_drop_on_the_cloth_is_refused_as_a_click_is_when_a_capture_is_demanded(app, make_app, index):
    dragged = outcome(app, "strict", "drag", index)
    clicked = outcome(make_app(speed="fast", bots="uragan_tables:make_first_bot", size=(960, 600), lang="ru"),
                      "strict", "click", index)
    assert dragged == clicked
    moves, said = dragged
    assert moves == []  # refused before the move is made
    assert said is not None and said[0] == "warn" and "3♣ + 4♦" in said[1]


@pytest.mark.parametrize("index", [0, 2])
def test_where_a_trail_is_allowed_drop_and_click_trail_alike(app, make_app, index):
    dragged = outcome(app, "book", "drag", index)
    clicked = outcome(make_app(speed="fast", bots="uragan_tables:make_first_bot", size=(960, 600), lang="ru"),
                      "book", "click", index)
    assert dragged[0][:1] == clicked[0][:1] == [Play(C.parse("7S"), 0)]


def test_a_drop_off_the_cloth_means_nothing_for_click_or_drag(app):
    table = new_table(app, claims="strict")
    settle(app, table)
    crafted(app, table, ["7S", "KH"], ["3C", "4D", "QS", "JD"])
    frames(app, 3)
    lay = table.layout
    off = (lay.my_pile[0], lay.my_pile[1])  # on the player's pile, not the cloth
    assert table.hand.aimed_at(off) == ("none", None)
    drag(app, centre(table, C.parse("7S")), off)
    assert table.match.moves == [] and (table.message is None or table.message.kind != "warn")
