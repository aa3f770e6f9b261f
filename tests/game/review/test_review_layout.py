"""The viewer's table beside the coach's panel lays a round's hand side by side where the cloth has the
room (issue 33: it overlapped the cards even at 1920x1080), and never over the stock or the piles."""

from __future__ import annotations

import json

import pytest
from helpers import frames
from places import DATA

from engine import cards as C
from engine.records import match_from_record
from game.review.viewer import viewer_for


def _viewer(make_app, size):
    app = make_app(size=size)
    rec = json.loads((DATA / "uragan_claims.json").read_text(encoding="utf-8"))
    viewer = viewer_for(app, "uragan", match_from_record(rec), 0, record=rec, review=False)
    app.stack.push(viewer)
    frames(app, 3)
    viewer.goto(0, animate=False)
    frames(app, 2)
    return viewer


def _xs(viewer, mask):
    return sorted(viewer.table.sprites[c].x for c in C.cards(mask))


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)])
def test_your_hand_lies_side_by_side_where_there_is_room(make_app, size):
    viewer = _viewer(make_app, size)
    lay = viewer.table.layout
    cw = lay.card[0]
    deal = viewer.table.shown
    mine = _xs(viewer, deal.hands[0])
    assert len(mine) == 6
    assert all(b - a >= cw for a, b in zip(mine, mine[1:], strict=False))  # no card covers another
    assert mine[0] - cw / 2 > lay.stock[0] + cw / 2  # clear of the stock
    assert mine[-1] + cw / 2 < lay.my_pile[0] - cw / 2  # and of your pile
    theirs = _xs(viewer, deal.hands[1])
    assert theirs[0] - cw / 2 > lay.score.right  # the opponent's clear of the score plaque
    assert theirs[-1] + cw / 2 < lay.opp_pile[0] - cw / 2  # and of her pile


def test_a_small_window_still_keeps_the_hand_clear_of_the_piles(make_app):
    viewer = _viewer(make_app, (960, 600))
    lay = viewer.table.layout
    cw = lay.card[0]
    mine = _xs(viewer, viewer.table.shown.hands[0])
    assert mine[-1] - mine[0] + cw > lay.size[0] * 0.5  # wider than the table's own half of the cloth
    assert mine[-1] + cw / 2 < lay.my_pile[0] - cw / 2
    assert mine[0] - cw / 2 > lay.stock[0] + cw / 2
