"""The Eralash table driven by real mouse and keyboard events through the app's event handling."""

import json

import pygame
import pytest
from eralash_tables import FirstBot, find_match, make_first_bot, table_for, to_play, until  # noqa: F401
from helpers import click, count_rendering, drag, frames, key

from engine import cards as C
from engine.eralash import ChooseTrump, Match, Options
from game.eralash.declarations import seat_lines, trump_line, trump_reason
from game.eralash.layout import RUN_SCALE, EralashLayout
from game.eralash.sheet import SheetScene
from game.eralash.table import EralashTable
from game.store.saves import SavedGame
from game.words import i18n


@pytest.fixture
def app(make_app):
    return make_app(speed="fast", bots="eralash_tables:make_first_bot")


def grip(table, card):
    """A point on the card that no card to its right covers (the hand overlaps)."""
    r = table.sprites[card].rect(table.images.size)
    return (r.left + 8, r.centery)


def test_declarations_lay_the_runs_out_and_say_who_names_trump(app):
    match = find_match(lambda d: bool(d.runs[2]) and d.trump >= 0 and d.trump_by == 2)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.phase == "declare" and not table.tweens.busy)
    deal = table.shown
    for run in deal.runs[2]:
        for c in C.cards(run.cards):
            s = table.sprites[c]
            assert s.turn == 1.0 and s.scale == pytest.approx(RUN_SCALE)  # face up, laid out
    lines = dict(seat_lines(deal, table.name))
    run = deal.runs[2][0]
    assert f"{run.label('en')} — {run.points}" in lines[2]
    assert "P2" in trump_line(deal, table.name) and C.SUIT_NAMES["en"][deal.trump] in trump_line(
        deal, table.name
    )
    assert "P2" in trump_reason(deal, table.name)
    assert table.holds and table.match.current_player() == deal.eldest  # play waits for the player
    key(app, pygame.K_RETURN)
    assert table.phase == "play"
    until(app, lambda: not table.tweens.busy)
    hidden = [c for c in C.cards(deal.hands[1]) if not table.run_cards(1) >> c & 1]
    assert all(table.sprites[c].turn == 0.0 for c in hidden)  # the others' hands stay face down


def test_the_eldest_hand_chooses_trump_with_the_suit_buttons(app):
    match = find_match(lambda d: len(d.choices) == 4 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.must_choose_trump() and not table.tweens.busy)
    hand = table.shown.hands[0]
    assert all(table.sprites[c].turn == 1.0 for c in C.cards(hand))  # you see your hand while choosing
    buttons = {b.key: b for b in table.buttons}
    assert {f"trump{s}" for s in range(4)} <= set(buttons)
    click(app, buttons["trump2"].rect.center)
    deal = table.shown
    assert deal.trump == 2 and deal.chosen and match.moves == [ChooseTrump(2)]
    assert "P0" in trump_line(deal, table.name) and "you" in trump_line(deal, table.name, 0)
    key(app, pygame.K_RETURN)
    assert table.phase == "play"


def test_a_legal_drag_to_the_centre_plays_the_card(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    card = sorted(C.cards(table.shown.hands[0]), key=table.hand_order)[0]
    drag(app, grip(table, card), table.layout.trick_area.center)
    assert match.deal.played[0] == card
    until(app, lambda: not table.tweens.busy)
    x, y = table.layout.place(0, table.me).trick
    assert abs(table.sprites[card].x - x) < 2 and abs(table.sprites[card].y - y) < 2


def test_an_illegal_drag_is_refused_and_the_card_flies_home(app):
    def must_follow(d):  # P0 plays second and holds a card it may not play on any lead
        return d.eldest == 3 and d.trump >= 0

    match = find_match(must_follow, dealer=2)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    for _ in range(40):
        to_play(app, table) if table.phase != "play" else until(app, table.can_play_card)
        deal = table.shown
        illegal = deal.hands[0] & ~deal.legal_mask()
        if illegal:
            break
        drag(app, grip(table, deal.legal_moves()[0]), table.layout.trick_area.center)
    else:
        raise AssertionError("no trick where the player had to follow")
    card = C.lowest(illegal)
    played = list(deal.played)
    home = table.sprites[card].home
    drag(app, grip(table, card), table.layout.trick_area.center)
    assert deal.played == played  # nothing changed
    assert table.message is not None and table.message.kind == "warn"
    assert C.SUIT_NAMES["en"][deal.led] in table.message.text
    until(app, lambda: not table.tweens.busy)
    s = table.sprites[card]
    assert (abs(s.x - home[0]), abs(s.y - home[1])) < (2, 2)


def test_the_score_sheet_is_one_key_away(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    key(app, pygame.K_TAB)
    assert isinstance(app.stack.top, SheetScene)
    rows = app.stack.top.rows()
    assert len(rows) == 1 and rows[0]["points"] == list(match.deal._per_side(match.deal.points))
    key(app, pygame.K_TAB)
    assert app.stack.top is table


def test_a_slam_ends_the_robber_and_is_celebrated(app):
    spades, hearts = C.SUIT_MASK[0], C.SUIT_MASK[1]  # P0 holds every spade (trump), P1 every heart
    options = Options.from_dict({"short_deal": True})
    match = Match.new(options, ["P0", "P1"], 1, 1, deals=[(1, [spades, hearts])])
    app.settings.set("animation_speed", "instant", save=False)
    table_for(app, match, ["novice", "novice"], demo=True)
    until(app, lambda: isinstance(app.stack.top, SheetScene))
    sheet = app.stack.top
    assert match.is_over() and match.slam() == 0 and match.winners() == [0]
    assert sheet.over and sheet.confetti
    assert "P0" in sheet.title()
    assert match.finished_points()[0] == 2 * match.deals_done[0].points[0]  # doubled
    frames(app, 3)


def test_seats_fit_every_window_and_partners_sit_opposite():
    for n in (2, 3, 4):
        for size in ((1024, 640), (1280, 800), (1366, 768), (1920, 1080), (1280, 1024), (2560, 1440)):
            lay = EralashLayout.for_size(size, n)
            w, h = size
            spots = set()
            for place in lay.seats:
                for x, y in (place.hand, place.trick, place.pile, place.plate, place.runs):
                    assert 0 < x < w and 0 < y < h, (n, size, place.side)
                spots.add((round(place.trick[0]), round(place.trick[1])))
                assert lay.trick_area.collidepoint(place.trick)
            assert len(spots) == n
            assert lay.place(0, 0).side == "bottom"
    lay = EralashLayout.for_size((1280, 800), 4)
    assert lay.place(2, 0).side == "top" and lay.place(0, 2).side == "top"  # partners face each other
    assert EralashLayout.for_size((1280, 800), 2).place(1, 0).side == "top"


def test_the_example_game_replays_the_record_with_narration(app):
    from game.eralash.example import open_example

    app.settings.set("animation_speed", "instant", save=False)
    ex = open_example(app)
    with open("game/data/eralash_illustrative.json", encoding="utf-8") as f:
        rec = json.load(f)
    until(app, lambda: ex.phase == "declare")
    texts = []
    for _ in range(8):
        texts.append(ex.narration())
        key(app, pygame.K_RETURN)
        until(app, lambda: ex.phase == "play" and not ex.queue and not ex.tweens.busy)
    texts.append(ex.narration())
    assert [C.name(c) for c in ex.shown.played] == rec["deals"][0]["plays"]
    assert ex.shown.tricks_won == [2, 3, 0, 1]
    assert len(set(texts)) == 8 and all(not s.startswith("eralash.") for s in texts)
    for lang in i18n.LANGUAGES:
        catalog = i18n.load_catalog(lang)
        assert all(f"eralash.example.trick{k}" in catalog for k in range(1, 7))


def test_the_examples_next_pressed_during_a_trick_finishes_it_at_once_and_goes_on(make_app):
    from game.eralash.example import open_example

    app = make_app(speed="normal")
    ex = open_example(app)
    until(app, lambda: ex.phase == "declare" and not ex.tweens.busy)
    key(app, pygame.K_RETURN)  # to the tricks
    until(app, lambda: ex.phase == "play" and not ex.tweens.busy)
    key(app, pygame.K_RETURN)  # the first trick starts: its cards come one by one
    until(app, lambda: len(ex.shown.played) == 1)
    assert ex.step == 1 and ex.queue  # still being played
    nxt = next(b for b in ex.buttons if b.key == "next")
    assert nxt.enabled  # the button takes the click
    click(app, nxt.rect.center)
    n = ex.n
    assert ex.step == 2 and len(ex.shown.played) == n  # the first trick whole, the second under way
    assert ex.queue == ex.plays[n: 2 * n] and ex.gather is None  # the first gathered to its winner
    key(app, pygame.K_RIGHT)  # the key too
    assert ex.step == 3 and len(ex.shown.played) == 2 * n


def test_a_click_right_after_the_mouse_moves_plays_the_card(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    card = sorted(C.cards(table.shown.hands[0]), key=table.hand_order)[2]
    pos = grip(table, card)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    click(app, pos)  # the hover lift is under way: the hand must not be locked by it
    assert match.deal.played[:1] == [card]


def test_undo_takes_the_card_back_with_the_bots_replies(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    card = sorted(C.cards(table.shown.hands[0]), key=table.hand_order)[0]
    click(app, grip(table, card))
    until(app, lambda: table.can_play_card())
    assert len(table.match.deal.played) >= 4  # the trick went round (and maybe a new lead)
    assert table.undo_available
    key(app, pygame.K_BACKSPACE)
    assert table.match.deal.played == [] and table.shown is table.match.deal
    until(app, lambda: not table.tweens.busy)
    assert table.shown.hands[0] >> card & 1 and table.can_play_card()


def test_a_saved_game_comes_back_where_it_was(app, tmp_path):
    from game.store.saves import Session as S
    from game.store.storage import Store

    store = Store(tmp_path)
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    session = S(
        store,
        SavedGame(
            game="eralash",
            match=match.to_save(),
            seats=[None, "novice", "novice", "novice"],
            bot_seeds=[0] * 4,
        ),
        match,
    )
    table = EralashTable(app, session)
    app.stack.push(table)
    to_play(app, table)
    click(app, grip(table, sorted(C.cards(table.shown.hands[0]), key=table.hand_order)[0]))
    until(app, lambda: table.can_play_card())
    app.stack.remove(table)
    resumed = EralashTable.from_session(app, S.resume(store))
    app.stack.push(resumed)
    until(app, lambda: resumed.can_play_card())
    assert resumed.match.moves == match.moves and resumed.phase == "play"
    assert resumed.shown.hands == match.deal.hands


def test_steady_frames_render_no_text_and_rasterise_no_svg(app, monkeypatch):
    calls = count_rendering(app, monkeypatch)
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0 and any(d.runs), dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.phase == "declare" and not table.tweens.busy)
    frames(app, 5)
    calls.update(render=0, svg=0)
    frames(app, 60)  # the declarations plaque is being read
    assert calls == {"render": 0, "svg": 0}
    key(app, pygame.K_RETURN)
    until(app, lambda: table.can_play_card())
    frames(app, 5)
    calls.update(render=0, svg=0)
    frames(app, 120)  # the player is thinking: nothing moves
    assert calls == {"render": 0, "svg": 0}


def test_a_bot_eldest_hand_names_trump_while_the_plaque_waits(app):
    match = find_match(lambda d: len(d.choices) == 4 and d.eldest == 1, dealer=0)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.phase == "declare")
    assert table.shown.trump < 0 and "declare" not in table.holds  # the bot may think
    until(app, lambda: table.shown.trump >= 0)
    assert table.shown.chosen and table.phase == "declare" and "declare" in table.holds
    assert "P1" in trump_line(table.shown, table.name, 0)
    frames(app, 30)
    assert table.match.deal.played == []  # nobody plays before the player has read it
    key(app, pygame.K_RETURN)
    assert table.phase == "play"


def test_a_robber_opens_with_the_draw_for_the_deal(app):
    match = Match.new(Options(), ["P0", "P1", "P2", "P3"], 7)  # first dealer by lot
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.phase == "lot")
    drawn = table.lot_cards()
    assert set(drawn) == {0, 1, 2, 3} and drawn == dict(enumerate(match.lot[-1]))
    best = max(range(4), key=lambda s: drawn[s] % 13)
    assert best == match.deal.dealer
    until(app, lambda: table.message is not None)
    # who deals is said only once every drawn card lies face up where it landed
    flying = {id(getattr(a, "target", None)) for a in table.tweens.running}
    assert all(table.sprites[c].turn == 1.0 and id(table.sprites[c]) not in flying for c in drawn.values())
    assert ("you draw" if best == 0 else f"P{best} draws") in table.message.text
    assert table.sprites[drawn[best]].highlight  # the highest card glows
    until(app, lambda: table.phase == "declare")  # then the deal and the declarations, as ever


def faces_drawn(app, table, monkeypatch):
    """The cards whose faces one drawn frame asks for."""
    seen = []
    real = table.images.face

    def face(card):
        seen.append(card)
        return real(card)

    monkeypatch.setattr(table.images, "face", face)
    table.draw(pygame.Surface(app.size))
    monkeypatch.setattr(table.images, "face", real)
    return set(seen)


def test_the_last_trick_is_shown_again_and_the_bots_wait_meanwhile(app, monkeypatch):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 1, dealer=0)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.phase == "declare" and not table.tweens.busy and table.shown.trump >= 0)
    key(app, pygame.K_RETURN)
    assert not {b.key: b for b in table.buttons}["last"].enabled  # no trick finished yet
    key(app, pygame.K_l)
    assert not table.peeking
    for _ in range(13):  # play on until a finished trick leaves a bot to lead
        until(app, lambda: table.can_play_card())
        click(
            app,
            grip(table, [c for c in C.cards(table.shown.hands[0]) if table.shown.legal_mask() >> c & 1][0]),
        )
        until(app, lambda: len(match.deal.winners) >= 1 and table.gather is None and not table.tweens.busy)
        if match.current_player() != 0 and match.deal.pos == 0:
            break
    else:
        raise AssertionError("the player led every trick")
    last = len(match.deal.winners) - 1
    trick = set(match.deal.trick_cards(last))
    assert not trick & faces_drawn(app, table, monkeypatch)  # gathered face down to the winner
    assert {b.key: b for b in table.buttons}["last"].enabled
    key(app, pygame.K_l)
    assert table.peeking
    assert trick <= faces_drawn(app, table, monkeypatch)  # laid out again, face up
    moves = len(match.moves)
    frames(app, 120)
    assert len(match.moves) == moves  # nothing is played while the player looks back
    click(app, (5, 5))  # any click closes it, and does nothing else
    assert not table.peeking
    until(app, lambda: len(match.moves) > moves)  # and the bots play on


def test_a_click_on_a_pile_of_won_tricks_shows_the_last_trick(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    click(app, grip(table, sorted(C.cards(table.shown.hands[0]), key=table.hand_order)[0]))
    until(app, lambda: table.can_play_card() and table.gather is None and not table.tweens.busy)
    deal = table.shown
    pile = next(c for c in deal.trick_cards(len(deal.winners) - 1))
    hand = table.shown.hands[0]
    click(app, table.sprites[pile].rect(table.images.size).center)
    assert table.peeking and table.shown.hands[0] == hand
    card = sorted(C.cards(hand), key=table.hand_order)[0]
    click(app, grip(table, card))  # closes the view; the card is not played by that click
    assert not table.peeking and table.shown.hands[0] == hand


def test_the_trumping_tip_is_explained_once_to_a_player_not_once_per_table(app):
    def tip_applies(d):  # the first lead is not trump, and P0 holds both the led suit and trumps
        if d.trump < 0 or d.eldest != 1:
            return False
        led = C.suit_of(d.legal_moves()[0])
        return led != d.trump and d.hands[0] & C.SUIT_MASK[led] and d.hands[0] & C.SUIT_MASK[d.trump]

    assert list(app.settings.tips_seen) == []
    for shown in (True, False):
        match = find_match(tip_applies, dealer=0)
        table = table_for(app, match, [None, "novice", "novice", "novice"])
        to_play(app, table)
        tip = table.message is not None and table.message.kind == "tip"
        assert tip is shown
        assert list(app.settings.tips_seen) == ["trump_any"]
        app.stack.remove(table)


@pytest.mark.parametrize("lang,size", [("ru", (1024, 640)), ("en", (1920, 1080)), ("ru", (1280, 800))])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_last_trick_button_is_clear_of_cards_plates_and_buttons(make_app, lang, size, players):
    app = make_app(lang=lang, size=size, speed="fast", bots="eralash_tables:make_first_bot")
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, n=players, dealer=players - 1)
    table = table_for(app, match, [None] + ["novice"] * (players - 1))
    to_play(app, table)
    for finished in (False, True):  # with the full hand, then after the first trick
        if finished:
            click(app, grip(table, sorted(C.cards(table.shown.hands[0]), key=table.hand_order)[0]))
            until(app, lambda: table.can_play_card() and table.gather is None and not table.tweens.busy)
        until(app, lambda: not table.tweens.busy)
        last = {b.key: b for b in table.buttons}["last"]
        assert last.enabled is finished and pygame.Rect((0, 0), size).contains(last.rect)
        assert not any(last.rect.colliderect(b.rect) for b in table.buttons if b is not last)
        for s in table.sprites.values():
            assert not last.rect.colliderect(s.rect(table.images.size)), s.card
        for seat in range(1, players):  # the other seats' name plates (yours lies below the button)
            assert not last.rect.inflate(0, 30).collidepoint(table.layout.place(seat, table.me).plate)
        for b in table.buttons:  # no button lies where a pile of won tricks will grow
            assert not any(b.rect.colliderect(r) for r in table.reserved_rects()), b.key


def test_the_examples_top_plate_keeps_left_of_the_tricks_top_card_at_200_per_cent(make_app):
    """At 200 % in Russian (1920x1080) the top seat's plate under its open hand is wider than the cloth
    between the hand's middle and the trick: it stands left of the top card and its ring, and the
    card's "takes the trick" stays clear of it (its words once lay under that card)."""
    from game.checks.layout_check import check_app
    from game.eralash.example import open_example

    app = make_app(lang="ru", size=(1920, 1080), speed="instant")
    try:
        app.settings.set("text_size", 200, save=False)
        ex = open_example(app)
        until(app, lambda: ex.phase == "declare" and not ex.tweens.busy)
        seat = next(s for s in range(ex.n) if ex.layout.place(s, ex.me).side == "top")
        key(app, pygame.K_RETURN)  # to the tricks
        until(app, lambda: ex.phase == "play" and not ex.tweens.busy)
        for _ in range(3):
            key(app, pygame.K_RETURN)
            until(app, lambda: ex.phase == "play" and not ex.queue and not ex.tweens.busy)
            frames(app, 2)
            top_card = ex.sprites[ex.shown.trick_cards(ex.step - 1)[
                (seat - ex.shown.trick_leader(ex.step - 1)) % ex.n]].rect(ex.images.size)
            plate = max(r.right for _, r in ex.plates.plate_parts(seat)[0])
            assert plate < top_card.left - 7
            assert check_app(app) == []
    finally:
        i18n.set_language("en")
