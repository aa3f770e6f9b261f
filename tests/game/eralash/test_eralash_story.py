"""The Eralash table tells the story (issue 12 §2–3): the trick laid out in seat order with every index
readable, the led card marked, the winning card marked before the trick is gathered; the keyboard's card
ringed, a hint while naming trump (Enter takes it), Undo enabled only when it acts, Ctrl+Z by the
event's own modifiers. Real events through ``App.frame``."""

import itertools

import pygame
import pytest
from eralash_tables import find_match, table_for, to_play, until
from helpers import frames, key

from engine import cards as C
from engine.eralash import ChooseTrump
from game.eralash.layout import EralashLayout

pytestmark = pytest.mark.slow

SIDES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


@pytest.fixture
def app(make_app):
    return make_app(speed="fast", bots="eralash_tables:make_first_bot")


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_trick_lies_round_the_centre_in_seat_order_no_card_over_another(size, n):
    lay = EralashLayout.for_size(size, n)
    w, h = lay.card
    rects = {}
    for place in lay.seats:
        r = pygame.Rect(0, 0, w, h)
        r.center = (int(place.trick[0]), int(place.trick[1]))
        rects[place.side] = r
    assert set(rects) == set(SIDES[n])
    for a, b in itertools.combinations(rects.values(), 2):
        assert not a.colliderect(b), (a, b)
    cx, cy = lay.centre
    assert rects["bottom"].centery > cy  # your card nearest you, each seat's card on its side
    if "top" in rects:
        assert rects["top"].centery < cy
    if "left" in rects:
        assert rects["left"].centerx < cx < rects["right"].centerx
    for r in rects.values():
        assert pygame.Rect((0, 0), size).contains(r)


def test_the_led_card_is_marked_and_the_winner_before_the_trick_is_gathered(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    deal = table.shown
    card = next(c for c in C.cards(deal.hands[0]) if deal.legal_mask() >> c & 1)
    table.play_card(card)
    frames(app, 1)
    marks = dict(table.trick_mark_boxes())
    assert set(marks) == {"led"}
    assert marks["led"].collidepoint((int(table.sprites[card].x), int(table.sprites[card].y)))
    for _ in range(4000):  # the bots follow; the complete trick lies there with its winner ringed
        frames(app, 1)
        if table.gather is not None:
            break
    assert table.gather == 0
    trick = deal.trick_cards(0)
    winner = trick[(deal.winners[0] - deal.trick_leader(0)) % deal.n]
    frames(app, 12)  # the last card has landed; the trick is not yet gathered
    assert table.gather == 0
    marks = dict(table.trick_mark_boxes())
    assert marks["winner"].contains(table.sprites[winner].rect(table.images.size))
    assert marks["led"].contains(table.sprites[trick[0]].rect(table.images.size))
    until(app, lambda: table.gather is None)
    assert "winner" not in dict(table.trick_mark_boxes())


def test_the_keyboard_card_is_ringed_and_raised_above_the_other_playable_ones(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    key(app, pygame.K_RIGHT)
    frames(app, 20)
    sel = table.selected
    legal = [c for c in C.cards(table.shown.hands[0]) if table.shown.legal_mask() >> c & 1 and c != sel]
    assert table.sprites[sel].highlight == "selected"
    assert all(table.sprites[c].highlight != "selected" for c in legal)
    if legal:
        assert table.sprites[sel].y < min(table.sprites[c].y for c in legal) - 1


def test_a_hint_while_naming_trump_and_enter_takes_it(app):
    match = find_match(lambda d: len(d.choices) == 4 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.must_choose_trump() and not table.tweens.busy)
    assert table.hint_available()
    hint = next(b for b in table.buttons if b.key == "hint")
    assert hint.enabled
    key(app, pygame.K_h)
    until(app, lambda: table.hint_move is not None)
    advice = table.hint_move
    assert isinstance(advice, ChooseTrump)
    assert next(b for b in table.buttons if b.key == f"trump{advice.suit}").glow
    key(app, pygame.K_RETURN)
    assert table.match.moves == [advice]


def test_undo_is_not_shown_enabled_during_the_declarations(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.phase == "declare" and not table.tweens.busy and table.shown.trump >= 0)
    table.undo_available = True  # even were there a move to take back, the declarations hold the table
    frames(app, 1)
    undo = next(b for b in table.buttons if b.key == "undo")
    assert "declare" in table.holds and not undo.enabled


def test_ctrl_z_reads_the_events_own_modifiers(app, monkeypatch):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    undone = []
    monkeypatch.setattr(table, "undo", lambda: undone.append(1))
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_CTRL)
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)])
    assert undone == []
    monkeypatch.setattr(pygame.key, "get_mods", lambda: 0)
    frames(
        app,
        1,
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)],
    )
    assert undone == [1]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_story_screens_pass_the_layout_check(size, lang, tmp_path):
    """The smoke's story visits (log, news, last play, pending uragan, prompts, trick marks) are clean;
    the trick marks' words are checked against the cards (other Eralash layout matters are layout's)."""
    from game.app import build_parser
    from game.checks import smoke
    from game.words import i18n

    args = build_parser().parse_args(["--lang", lang, "--data-dir", str(tmp_path)])
    try:
        report = smoke.smoke(args, size, only=lambda name: name in ("Uragan story", "Eralash trick marks"))
    finally:
        i18n.set_language("en")
    assert report["screens"] >= 8
    words = ("led", "takes the trick", "первый ход", "берёт взятку", "raised")
    mine = [
        p
        for p in report["problems"]
        if p["screen"].startswith("Uragan") or any(w in p["what"] for w in words)
    ]
    assert mine == []
