"""The Hint (H or the button beside Undo): the Master's choice, asked of the bot worker, lit on the table;
and the engine's refusals spoken in the interface language."""

import pygame
import pytest
from helpers import frames, key

from engine import cards as C
from engine.uragan import CLAIM, Claim, LetStand, Play
from engine.uragan.claim import breach
from game.uragan.table import UraganTable
from game.words import i18n

ASKED: list[tuple[str, int]] = []  # (bot name, seat of the view) of every request the worker got


class Adviser:
    """The opponent breaks a priority when it can (to provoke claims); the "master" (the hint) answers
    with the last legal move, so the advice differs from the obvious first move."""

    def __init__(self, name):
        self.name = name

    def choose(self, view):
        ASKED.append((self.name, view.seat if hasattr(view, "seat") else -1))
        moves = view.legal_moves()
        if self.name == "master":
            return moves[-1]
        for m in moves:
            if isinstance(m, Play) and view.phase == 0 and breach(m.card, m.take, view.table) is not None:
                return m
        return moves[0]


def make_bot(name, game, seed=0, budget=None):
    return Adviser(name)


@pytest.fixture
def app(make_app):
    i18n.set_language("en")
    a = make_app(speed="instant", bots="test_table_hint:make_bot")
    ASKED.clear()
    yield a
    i18n.set_language("en")


def wait_for(app, table, ready, limit=3000):
    for _ in range(limit):
        if ready() and not table.busy():
            return
        frames(app, 1)
    raise AssertionError("the table never got there")


def new_table(app, seed=5, claims="book"):
    table = UraganTable.new_game(app, seed=seed, level="club", options={"claims": claims})
    app.stack.push(table)
    return table


def test_h_asks_the_master_and_lights_the_card_and_its_capture(app):
    table = new_table(app)
    wait_for(app, table, table.can_play_card)
    expected = table.match.legal_moves()[-1]
    key(app, pygame.K_h)
    frames(app, 2)
    assert ("master", table.me) in ASKED or any(name == "master" for name, _ in ASKED)
    assert table.hint_move == expected
    lit = {c for c, s in table.sprites.items() if s.highlight == "hint"}
    assert lit == {expected.card, *C.cards(expected.take)}
    assert table.message is not None and table.message.kind == "hint"
    assert C.display(expected.card, "en") in table.message.text
    # the advice is a suggestion only: nothing was played
    assert table.match.legal_moves()[-1] == expected


def test_the_hint_button_sits_left_of_undo_and_is_drawn(app):
    table = new_table(app)
    wait_for(app, table, table.can_play_card)
    frames(app, 1)
    keys = [b.key for b in table.buttons]
    assert "hint" in keys and keys.index("hint") == keys.index("undo") - 1
    hint = next(b for b in table.buttons if b.key == "hint")
    undo = next(b for b in table.buttons if b.key == "undo")
    assert hint.enabled and hint.rect.right <= undo.rect.left and hint.rect.y == undo.rect.y
    assert hint.rect.left >= 0 and hint.rect.bottom <= app.size[1]
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hint.rect.center, button=1)])
    frames(app, 2, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=hint.rect.center, button=1)])
    assert table.hint_move is not None


def test_playing_a_move_clears_the_hint(app):
    table = new_table(app)
    wait_for(app, table, table.can_play_card)
    key(app, pygame.K_h)
    frames(app, 2)
    move = table.hint_move
    assert move is not None
    table.submit(move)
    assert table.hint_move is None
    assert not any(s.highlight == "hint" for s in table.sprites.values())


def test_no_hint_on_the_bots_turn_or_in_a_demo(app):
    table = new_table(app)
    wait_for(app, table, table.can_play_card)
    table.submit(table.match.legal_moves()[0])
    assert not table.is_human_turn()
    table.request_hint()
    assert table.play.hint.request is None and table.hint_move is None
    demo = UraganTable.new_game(app, demo=True, seed=2)
    demo.request_hint()
    assert demo.play.hint.request is None and not demo.hint_available()


def test_a_claim_hint_makes_the_claim_button_glow(app):
    for seed in range(1, 40):
        table = new_table(app, seed=seed)
        for _ in range(4000):
            if table.claim_prompt() and not table.busy():
                break
            if table.can_play_card():
                table.submit(table.match.legal_moves()[0])
            elif table.pick_moves() and not table.busy():
                table.choose(0)
            frames(app, 1)
            if table.match.is_over() or table.match.deals_done:
                break
        if table.claim_prompt():
            break
        app.stack.remove(table)
    else:
        pytest.skip("no claim came up")
    frames(app, 1)
    table.request_hint()
    frames(app, 2)
    advice = table.hint_move
    assert isinstance(advice, (Claim, LetStand))
    glowing = [b.key for b in table.buttons if b.glow]
    assert glowing == ["claim" if advice == CLAIM else "stand"]


def test_refusals_are_in_the_interface_language(app):
    i18n.set_language("ru")
    table = new_table(app)
    wait_for(app, table, table.can_play_card)
    deal = table.shown
    hand = list(C.cards(deal.hands[table.me]))
    other = next(c for c in C.cards(deal.hands[1 - table.me]))
    error = table.propose(Play(other, 0))  # a card from the opponent's hand
    assert error is not None and "руке" in error and "hand" not in error
    on_table = min(C.cards(deal.table))
    wrong = next((c for c in hand if not any(m.take >> on_table & 1 for m in table.legal_for(c))), None)
    if wrong is not None:
        error = table.propose(Play(wrong, 1 << on_table))
        assert error is not None and not any(w in error for w in ("cannot", "not", "the "))
    table.submit(table.match.legal_moves()[0])
    error = table.propose(Play(hand[0], 0))  # the bot's turn now
    assert error == i18n.t("table.not_your_turn")


def test_eralash_style_refusals_use_the_engines_own_translation(app):
    from engine.eralash.illegal import IllegalPlay

    table = new_table(app)
    err = IllegalPlay("follow_or_trump", led=0, trump=1)
    i18n.set_language("ru")
    from game.widgets.table import TableScene

    assert TableScene.refusal_text(table, err) == err.text("ru")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_eralash_table_gets_the_hint_from_the_base(size, make_app):
    from engine.eralash.moves import ChooseTrump, move_name
    from game.eralash.table import EralashTable

    app = make_app(size=size, speed="instant")  # the real bots: the Master advises
    table = EralashTable.new_game(app, seed=3, level="novice")
    app.stack.push(table)
    table.hint_budget = 0.1
    for _ in range(4000):
        frames(app, 1)
        if table.phase == "declare" and table.shown.trump >= 0 and not table.tweens.busy:
            table.end_declarations()
        if table.hint_available():
            break
    assert table.hint_available()
    hint = next(b for b in table.buttons if b.key == "hint")
    assert not any(hint.rect.colliderect(b.rect) for b in table.buttons if b is not hint)
    for s in table.sprites.values():  # never over a card (a hand at the top may push it below Undo)
        card = pygame.Rect(0, 0, *table.images.size)
        card.center = (int(s.home[0]), int(s.home[1]))
        assert not hint.rect.colliderect(card)
    table.request_hint()
    frames(app, 3)
    move = table.hint_move
    assert move in table.match.legal_moves()
    assert table.message is not None and move_name(move, "en") in table.message.text
    if isinstance(move, ChooseTrump):
        assert [b.key for b in table.buttons if b.glow] == [f"trump{move.suit}"]
    else:
        assert table.sprites[move].highlight == "hint"


def test_the_hint_says_its_reason_beside_the_move(app, monkeypatch):
    import engine.review.why as why

    seen = []

    def reason(view, move, game):
        seen.append((view.seat, move, game))
        return {"en": "It takes the 7H, a point of its own.", "ru": "Берёт 7♥, очко само по себе."}

    i18n.set_language("ru")
    table = new_table(app)
    wait_for(app, table, table.can_play_card)
    monkeypatch.setattr(why, "hint_why", lambda view, move, game: None)  # nothing to add: the move alone
    key(app, pygame.K_h)
    frames(app, 2)
    assert table.hint_move is not None and "—" not in table.message.text
    table.clear_hint()
    monkeypatch.setattr(why, "hint_why", reason)
    key(app, pygame.K_h)
    frames(app, 2)
    assert seen == [(table.me, table.hint_move, "uragan")]  # asked from the player's own view
    assert table.message.kind == "hint" and table.message.text.endswith("— Берёт 7♥, очко само по себе.")
