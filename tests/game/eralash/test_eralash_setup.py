"""New game for Eralash says what the choices make of a robber: one deal (or a fixed number) decided by
the cards dealt, or a race of several deals; for two it recommends 13 cards each to 21 tricks."""

import random

import pytest
from helpers import frames

from engine.eralash import Match, Options
from game.eralash.setup import RECOMMENDED_FOR_TWO, robber_span
from game.menus.new_game import NewGameScene
from game.words import i18n


@pytest.mark.parametrize(
    "options,n,span",
    [
        (Options(), 2, (1, 1)),  # 26 tricks: someone always has 13
        (Options(target=21), 2, (1, 2)),
        (Options(short_deal=True), 2, (2, 2)),  # 13 of 13 is a slam; 26 tricks after two deals
        (Options(short_deal=True, target=21), 2, (2, 4)),
        (Options(), 3, (1, 3)),
        (Options(), 4, (2, 4)),
        (Options(pairs=True), 4, (2, 2)),
    ],
)
def test_robber_span_counts_the_deals_a_robber_can_last(options, n, span):
    assert robber_span(options, n) == span


@pytest.mark.parametrize("options,n", [(Options(), 2), (Options(short_deal=True, target=21), 2),
                                       (Options(), 3)])
def test_robbers_played_out_last_within_the_span(options, n):
    """Random play never ends a robber (without a slam) outside the span the dialog states."""
    fewest, most = robber_span(options, n)
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        m = Match.new(options, [f"P{i}" for i in range(n)], seed)
        while not m.is_over():
            m.play(rng.choice(m.legal_moves()))
        if m.slam() is None:
            seen.add(len(m.deals_done))
    assert seen and min(seen) >= fewest and max(seen) <= most


def shown_texts(app):
    elements = app.ui.get_sprite_group().sprites()
    return [str(getattr(e, "text", "")) for e in elements if e.alive() and e.visible]


def test_new_game_for_two_says_what_the_one_deal_form_means_and_recommends_a_race(make_app):
    app = make_app(size=(960, 600))
    scene = app.stack.push(NewGameScene(app))
    frames(app, 1)
    scene.press("game_eralash")
    scene.press("players_2")
    scene.press("short_no")
    scene.press("target_13")
    texts = shown_texts(app)
    assert any("Every robber is one deal" in x and "a slam" in x for x in texts)
    assert any(x.startswith("Recommended for two: 13 cards each, to 21 tricks") for x in texts)
    scene.press("short_yes")
    assert any("Every robber is 2 deals" in x for x in shown_texts(app))
    scene.press("target_21")
    assert scene.engine_options()["short_deal"] == RECOMMENDED_FOR_TWO["short_deal"]
    texts = shown_texts(app)
    assert any("A robber lasts 2 to 4 deals" in x for x in texts)
    assert not any(x.startswith("Recommended") for x in texts)  # already the form recommended
    i18n.set_language("ru")
    try:
        scene.build()
        assert any("Роббер длится от 2 до 4 сдач" in x for x in shown_texts(app))
    finally:
        i18n.set_language("en")
