"""The Uragan table driven by real mouse and keyboard events through the app's event handling."""


import pygame
import pytest
from helpers import DT, click, count_rendering, drag, frames, key
from uragan_tables import FirstBot, centre, crafted, empty_cloth, make_first_bot, new_table, settle  # noqa: F401

from engine import cards as C
from engine.uragan import CLAIM, Play
from engine.uragan.deck import VALUE as table_value
from game.checks.tour import uragan_step
from game.uragan.table import UraganTable
from game.widgets.table import BOT_DELAY


@pytest.fixture
def app(make_app):
    return make_app(speed="fast", bots="uragan_tables:make_first_bot")


def test_dragging_a_card_onto_the_cloth_trails_it(app):
    table = new_table(app)
    settle(app, table)
    card = max(C.cards(table.shown.hands[table.me]), key=lambda c: -len(table.legal_for(c)))
    before = len(table.match.moves)
    drag(app, centre(table, card), empty_cloth(table))
    assert len(table.match.moves) == before + 1
    assert table.match.moves[before] == Play(card, 0)


def test_dragging_onto_a_table_card_captures(app):
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["7S", "KH"], ["3C", "4D", "QS", "JD"])
    drag(app, centre(table, C.parse("7S")), centre(table, C.parse("3C")))
    assert table.match.moves[-1] == Play(C.parse("7S"), C.parse_set(["3C", "4D"]))
    assert not table.shown.table & C.parse_set(["3C", "4D"])


def test_an_illegal_drop_changes_nothing_and_the_card_flies_back(app):
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["7S", "KH"], ["3C", "5D", "QS", "JD"])
    deal = table.match.deal
    snapshot = deal.copy()
    sprite = table.sprites[C.parse("7S")]
    home = sprite.home
    drag(app, centre(table, C.parse("7S")), centre(table, C.parse("5D")))  # 5 is not 7
    assert table.match.deal == snapshot and table.match.moves == []
    assert table.message is not None and table.message.kind == "warn" and "counts 5" in table.message.text
    frames(app, 40)
    assert (sprite.x, sprite.y) == pytest.approx(home[:2])


def test_dropping_back_on_the_hand_does_nothing(app):
    table = new_table(app)
    settle(app, table)
    card = next(iter(C.cards(table.shown.hands[table.me])))
    before = len(table.match.moves)
    src = centre(table, card)
    drag(app, src, (src[0] + 30, src[1] + 10))
    assert len(table.match.moves) == before
    frames(app, 40)
    assert table.sprites[card].x == pytest.approx(table.sprites[card].home[0])


def test_several_captures_light_up_and_the_player_picks_one(app):
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["7S", "KH"], ["3C", "4D", "2S", "2H"])
    drag(app, centre(table, C.parse("7S")), centre(table, C.parse("3C")))
    assert table.choice is not None
    options = table.choice[1]
    assert set(options) == {
        Play(C.parse("7S"), C.parse_set(["3C", "4D"])),
        Play(C.parse("7S"), C.parse_set(["3C", "2S", "2H"])),
    }
    assert {table.sprites[c].highlight for c in C.cards(C.parse_set(["3C", "4D", "2S", "2H"]))} == {"choice"}
    assert table.match.moves == []
    frames(app, 2)
    want = options.index(Play(C.parse("7S"), C.parse_set(["3C", "2S", "2H"])))
    chip = next(b for b in table.buttons if b.key == f"choice{want}")
    click(app, chip.rect.center)
    assert table.match.moves == [options[want]]


def test_click_to_select_then_click_the_table(app):
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["6S", "KH"], ["6C", "4D", "QS", "JD"])
    click(app, centre(table, C.parse("6S")))
    assert table.selected == C.parse("6S")
    assert table.sprites[C.parse("6C")].highlight == "legal"
    frames(app, 20)
    click(app, centre(table, C.parse("6C")))
    assert table.match.moves == [Play(C.parse("6S"), C.parse_set(["6C"]))]


def test_keyboard_selects_and_plays(app):
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["KH", "KS"], ["6C", "4D", "QS", "JD"])
    hand = sorted(C.cards(table.shown.hands[table.me]), key=lambda c: (table_value[c], c // 13))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert table.selected == hand[0]
    card = table.selected
    key(app, pygame.K_RETURN)
    legal = table.legal_for(card) if table.choice is None else table.choice[1]
    if table.choice is not None:
        key(app, pygame.K_1)
        assert table.match.moves == [legal[0]]
    else:
        assert len(table.match.moves) == 1 and table.match.moves[0].card == card


def test_the_player_is_asked_to_claim_when_the_bot_breaks_a_priority(app):
    table = new_table(app)
    settle(app, table)
    # The bot (seat 1) holds a King while a King lies on the table: trailing or taking Q+A breaks it.
    crafted(app, table, ["2S"], ["KC", "QS", "AD", "3H"], hand1=["KH"])
    trail_2 = Play(C.parse("2S"), 0)
    drag(app, centre(table, C.parse("2S")), empty_cloth(table))
    assert table.match.moves == [trail_2]
    for _ in range(400):
        frames(app, 1)
        if table.claim_prompt():
            break
    assert table.claim_prompt()
    frames(app, 2)
    pending = table.shown.pending
    assert table.shown.turn == 1 and pending is not None
    claim = next(b for b in table.buttons if b.key == "claim")
    click(app, claim.rect.center)
    assert table.match.moves[-1] == CLAIM
    deal = table.match.deal
    if len(pending.demanded) == 1:
        assert deal.plays[-1].claimed and deal.plays[-1].take == pending.demanded[0]
    else:  # the bot now picks which of the demanded captures it makes
        assert deal.phase == 2 and table.match.current_player() == 1


def test_the_bot_waits_for_animations_and_a_human_pause(app):
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["2S", "3S"], ["KC", "QS", "AD", "6H"])
    drag(app, centre(table, C.parse("2S")), empty_cloth(table))
    moved_at = table.clock
    idle_at = None
    while len(table.match.moves) == 1:
        frames(app, 1)
        if idle_at is None and not table.busy():
            idle_at = table.clock
        assert table.clock - moved_at < 10
    assert idle_at is not None
    assert table.clock - idle_at >= BOT_DELAY["fast"] - 2 * DT


def test_a_resize_lays_the_table_out_again(app):
    table = new_table(app)
    settle(app, table)
    old_card = table.images.size
    old_home = {c: s.home for c, s in table.sprites.items()}
    app.screen = pygame.display.set_mode((1600, 1000))
    app.on_window_resized((1600, 1000))
    assert table.layout.size == (1600, 1000)
    assert table.images.size[1] > old_card[1]
    frames(app, 2)
    moved = [c for c, s in table.sprites.items() if s.home != old_home.get(c)]
    assert moved
    for s in table.sprites.values():
        assert 0 <= s.x <= 1600 and -table.images.size[1] <= s.y <= 1000


def test_steady_frames_render_no_text_and_rasterise_no_svg(app, monkeypatch):
    calls = count_rendering(app, monkeypatch)
    table = new_table(app)
    settle(app, table)
    frames(app, 5)
    calls.update(render=0, svg=0)
    for _ in range(120):  # the player is thinking: nothing moves (drawn anyway, as after an expose)
        app.frame(DT, [])
        app.stack.draw(app.screen)
    assert calls == {"render": 0, "svg": 0}


def test_snapshot_restores_the_same_table(app):
    table = new_table(app)
    settle(app, table)
    card = next(iter(C.cards(table.shown.hands[table.me])))
    drag(app, centre(table, card), empty_cloth(table))
    settle(app, table)
    snap = table.snapshot()
    again = UraganTable.from_snapshot(app, snap)
    assert again.match == table.match
    assert again.table_order == [c for c in table.table_order if table.shown.table >> c & 1]


def test_an_uragan_whirls_into_the_pile_and_is_marked(app):
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["KS", "7H"], ["3C", "4D", "AS", "2H"])  # 3 + 4 + 1 + 2 = 10: the King sweeps
    drag(app, centre(table, C.parse("KS")), centre(table, C.parse("3C")))
    assert table.match.deal.uragans[table.me] == 1
    for _ in range(60):
        frames(app, 1)
        if table.banner is not None:
            break
    assert table.banner is not None and table.banner[0] == "Uragan!"
    settle(app, table)
    marker = table.sprites[C.parse("KS")]
    px, py = table.layout.my_pile
    assert marker.turn == 1.0 and marker.angle % 360 == 90  # face up, crosswise on the pile
    assert abs(marker.y - py) < table.images.size[1]


def test_the_deal_score_counts_up_then_the_next_deal_is_dealt(app):
    from game.widgets.score_sheet import ScoreSheetScene

    table = new_table(app)
    settle(app, table)
    for _ in range(2000):  # play the deal out through the table's own API, in coarse time steps
        if app.stack.top is not table:
            break
        uragan_step(table)
        frames(app, 1, dt=0.1)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    assert sheet.revealed == 1  # the first row at once: the sheet is never drawn empty
    shown = []
    for _ in range(200):
        frames(app, 1)
        shown.append(sheet.revealed)
    assert shown == sorted(shown) and shown[-1] == len(sheet.sheet.rows) and len(set(shown)) > 3
    assert table.match.deals_done and table.match.deals_done[-1] is table.shown
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert app.stack.top is table and table.shown is table.match.deal and not table.shown.history
    settle(app, table)
    deal = table.shown  # the new deal is dealt out and the player's six cards are in hand
    assert C.count(deal.hands[table.me]) == 6 and len(deal.plays) <= 1
    assert {table.sprites[c].turn for c in C.cards(deal.hands[table.me])} == {1.0}


def test_undo_takes_back_the_players_move_and_the_bots_reply(app):
    table = new_table(app, seed=5)
    settle(app, table)
    assert not table.undo_available
    card = next(iter(C.cards(table.shown.hands[table.me])))
    drag(app, centre(table, card), empty_cloth(table))
    settle(app, table)  # the bot has answered (and the player may have answered a claim)
    moves = list(table.match.moves)
    keep = table.session.undo_point()
    assert table.undo_available and keep is not None and keep < len(moves)
    undo = next(b for b in table.buttons if b.key == "undo")
    frames(app, 1)
    click(app, undo.rect.center)
    assert table.match.moves == moves[:keep]
    assert table.shown is table.match.deal and table.match.current_player() == table.me
    frames(app, 40)
    assert not table.busy()
    for c in C.cards(table.shown.hands[table.me]):
        assert table.sprites[c].turn == 1.0  # the player's cards are back in hand, face up
    for s in table.sprites.values():
        assert (s.x, s.y) == pytest.approx(s.home[:2], abs=1)


def test_a_still_table_is_not_redrawn_until_something_changes(app):
    table = new_table(app)
    settle(app, table)
    frames(app, 3)
    drawn = [app.frame(DT, []) for _ in range(30)]
    assert not any(drawn)  # the player is thinking and nothing moves
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    assert app.frame(DT, [motion])
    table.say("hello", 1.0)
    assert app.frame(DT, [])
    frames(app, 70)  # the message expires: drawn once more, then still again
    assert table.message is None and not app.frame(DT, [])


def test_strict_claims_refuse_a_trail_that_could_capture_and_say_why(app):
    table = new_table(app, claims="strict")
    settle(app, table)
    crafted(app, table, ["7S", "KH"], ["3C", "4D", "QS", "JD"])
    drag(app, centre(table, C.parse("7S")), empty_cloth(table))
    assert table.match.moves == []
    assert table.message.kind == "warn" and "must not be laid on the table" in table.message.text
    assert "3♣ + 4♦" in table.message.text
