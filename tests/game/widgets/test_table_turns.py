"""Whose turn it is at both tables: the marker, the thinking bot's words, no move out of turn, and the
finished Eralash trick that stays to be read (driven by real events; the table's clock is the frames')."""

import pygame
import pytest
from eralash_tables import find_match, table_for, to_play, until
from helpers import DT, drag, frames, key
from uragan_tables import centre, crafted, empty_cloth, new_table, settle

from engine import cards as C
from game.eralash.trick import TRICK_DWELL
from game.tween import SPEED_FACTOR
from game.words import i18n


class HeldReplies:
    """Keeps the bot's replies back while ``held``: the bot's turn lasts as long as a test needs."""

    def __init__(self, worker):
        self.held = False
        self._take = worker.take
        worker.take = self.take

    def take(self, request_id):
        return [] if self.held else self._take(request_id)


@pytest.fixture
def uragan_app(make_app):
    return make_app(speed="fast", bots="uragan_tables:make_first_bot")


@pytest.fixture
def eralash_app(make_app):
    return make_app(speed="fast", bots="eralash_tables:make_first_bot")


def bots_turn_held(app):
    """An Uragan table where the player has trailed 2♠ and the bot's answer is held back."""
    table = new_table(app, claims="strict")  # no claim for the player to answer in between
    settle(app, table)
    crafted(app, table, ["2S", "3S"], ["KC", "QS", "AD", "6H"])
    hold = HeldReplies(app.worker)
    hold.held = True
    drag(app, centre(table, C.parse("2S")), empty_cloth(table))
    return table, hold


def test_uragan_keys_in_the_bots_turn_pick_a_card_but_never_play_it(uragan_app):
    app = uragan_app
    table, hold = bots_turn_held(app)
    assert len(table.match.moves) == 1
    until(app, lambda: not table.busy())
    assert table.match.current_player() not in table.humans
    key(app, pygame.K_RIGHT)
    picked = table.selected
    assert picked is not None and table.sprites[picked].highlight == "selected"  # shown as picked
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    assert len(table.match.moves) == 1  # nothing played in the bot's turn
    hold.held = False
    until(app, lambda: len(table.match.moves) >= 2 and table.can_play_card())
    frames(app, 5)
    assert len(table.match.moves) == 2  # the keys pressed earlier did not play on arrival of the turn
    assert table.selected == picked  # still picked, now to be played by a key on the player's turn
    assert table.turn_seat() == table.me
    key(app, pygame.K_RETURN)
    if table.choice is not None:
        key(app, pygame.K_1)
    assert len(table.match.moves) == 3 and table.match.moves[2].card == picked


def test_uragan_a_click_on_the_cloth_in_the_bots_turn_plays_nothing(uragan_app):
    app = uragan_app
    table, hold = bots_turn_held(app)
    until(app, lambda: not table.busy())
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(table, C.parse("3S")), button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre(table, C.parse("3S")), button=1)])
    assert table.selected == C.parse("3S")
    spot = empty_cloth(table)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)])
    assert len(table.match.moves) == 1


def test_eralash_keys_in_a_bots_turn_pick_a_card_but_never_play_it(eralash_app):
    app = eralash_app
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    hold = HeldReplies(app.worker)
    hold.held = True
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the player leads
    assert len(match.deal.played) == 1
    left = C.count(match.deal.hands[0])
    until(app, lambda: not table.busy())
    assert table.match.current_player() == 1 and table.turn_seat() == 1
    key(app, pygame.K_RIGHT)
    picked = table.selected
    assert picked is not None and match.deal.hands[0] >> picked & 1
    key(app, pygame.K_RETURN)
    key(app, pygame.K_UP)
    assert len(match.deal.played) == 1  # nothing played in the bots' turns
    hold.held = False
    until(app, lambda: table.can_play_card(), limit=20000)
    frames(app, 5)
    assert table.match.current_player() == 0 and table.selected == picked
    assert C.count(match.deal.hands[0]) == left  # the keys pressed earlier played nothing


def test_a_bot_that_takes_a_moment_says_it_is_thinking_in_its_own_words(eralash_app):
    app = eralash_app
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    hold = HeldReplies(app.worker)
    hold.held = True
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    until(app, lambda: not table.busy())
    assert table.thinking_shown() is None or table.clock - table.play.bots.since >= 0.3
    frames(app, int(0.5 / DT))
    assert table.thinking_shown() == 1
    assert table.thinking_words(1) == f"{table.player_name(1)} is thinking"  # the dots follow


def finish_a_trick(app, table, match):
    """Play the player's cards (Enter on the first legal one) until a trick is complete on the cloth."""
    for _ in range(20):
        until(app, lambda: table.can_play_card() or table.gather is not None, limit=20000)
        if table.gather is not None:
            return
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    raise AssertionError("no trick was completed")


@pytest.mark.parametrize("speed", ["normal", "slow", "fast"])
def test_a_finished_trick_stays_for_its_dwell_with_a_caption(make_app, speed):
    app = make_app(speed=speed, bots="eralash_tables:make_first_bot")
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    finish_a_trick(app, table, match)
    since = table.clock
    caption = table.trick_caption()
    winner = match.deal.winners[table.gather]
    assert caption is not None and table.player_name(winner) in caption or caption.startswith("You ")
    assert "takes the trick" in caption or "take the trick" in caption
    until(app, lambda: table.gather is None, limit=20000)
    stayed = table.clock - since
    assert stayed >= TRICK_DWELL * SPEED_FACTOR[speed]
    assert stayed < (TRICK_DWELL + 1.0) * SPEED_FACTOR[speed]


def test_a_key_or_a_click_gathers_the_finished_trick_at_once(make_app):
    app = make_app(speed="normal", bots="eralash_tables:make_first_bot")
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    soon = int(0.6 / DT)  # the last card lands, then the trick goes: far short of its dwell
    assert soon * DT < TRICK_DWELL / 2
    finish_a_trick(app, table, match)
    moves = len(match.moves)
    key(app, pygame.K_SPACE)
    until(app, lambda: table.gather is None, limit=soon)
    assert len(match.moves) == moves  # the key gathered the trick and played nothing
    finish_a_trick(app, table, match)
    spot = (table.layout.size[0] // 2, table.layout.size[1] // 3)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)])
    until(app, lambda: table.gather is None, limit=soon)


@pytest.mark.parametrize("sheet_key", [pygame.K_TAB, pygame.K_s], ids=["tab", "s"])
def test_the_sheets_key_on_a_finished_trick_gathers_it_and_opens_the_sheet(make_app, sheet_key):
    from game.eralash.sheet import SheetScene

    app = make_app(speed="normal", bots="eralash_tables:make_first_bot")
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    finish_a_trick(app, table, match)
    assert table.gather is not None
    key(app, sheet_key)
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene) and not sheet.deal_end  # the key did what it says
    assert table.dwell.done  # and the trick goes as with any key
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table  # Esc closes the sheet, not the table
    until(app, lambda: table.gather is None, limit=int(0.6 / DT))
    assert app.stack.top is table


def test_a_trick_won_by_trumping_says_so():
    from game.eralash.trick import TrickMarks

    class Deal:
        trump, n = C.parse("2C") // 13, 4
        winners = [2]

        def trick_cards(self, i):
            return [C.parse("AH"), C.parse("KH"), C.parse("2C"), C.parse("QH")]

        def trick_leader(self, i):
            return 0

    class Stub:
        shown, gather, peeking, trick_captions = Deal(), 0, False, True

        def remembered(self, name, key, make):
            return make()

        def form(self, seat):
            return "n"

        def name(self, seat):
            return "Svetlana"

    i18n.set_language("en")
    assert TrickMarks(Stub()).trick_caption() == "Svetlana trumps and takes the trick"
    Stub.shown.trump = C.parse("2S") // 13  # no trump played: the ace takes
    Stub.shown.winners = [0]
    caption = TrickMarks(Stub()).trick_caption()
    assert caption.endswith("takes the trick") and "trumps" not in caption
