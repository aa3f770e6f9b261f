"""The table's announcer (game.speech.announcer): each thing said once — not again after a resize, a
scene over the table, a table restored from its snapshot or a move taken back; the query keys answer;
moving through the hand says each card; a refused move is said with its reason."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from helpers import click, drag, frames, key
from uragan_tables import centre, crafted, empty_cloth, new_table, settle

from engine import cards as C
from game.speech import RecordingSpeaker
from game.uragan.table import UraganTable
from game.widgets.table import TableScene
from game.words import i18n


@pytest.fixture
def app(make_app: Any) -> Any:
    app = make_app(speed="fast", bots="uragan_tables:make_first_bot")
    app.speech = RecordingSpeaker()
    return app


def said(app: Any, *kinds: str) -> list[str]:
    return [text for kind, text, _ in app.speech.said if not kinds or kind in kinds]


def test_the_deal_is_said_once_and_not_again_after_a_resize_or_a_scene_over_the_table(app: Any) -> None:
    table = new_table(app)
    settle(app, table)
    frames(app, 3)
    story = said(app, "deal", "move", "turn")
    assert story[0].startswith("Deal 1. On the table:") and story[-1] == "Your turn"
    app.screen = pygame.display.set_mode((1600, 1000))
    app.on_window_resized((1600, 1000))
    frames(app, 5)
    app.stack.push(TableScene.__mro__[1](app))  # any scene over the table (a menu), then back
    frames(app, 3)
    app.stack.pop()
    frames(app, 5)
    assert said(app, "deal", "move", "turn") == story


def test_a_table_restored_from_its_snapshot_says_nothing_again(app: Any) -> None:
    table = new_table(app)
    settle(app, table)
    card = next(iter(C.cards(table.shown.hands[table.me])))
    drag(app, centre(table, card), empty_cloth(table))
    settle(app, table)
    frames(app, 3)
    before = said(app, "deal", "move", "turn")
    assert any(line.startswith("You: ") for line in before)
    app.stack.pop()
    again = UraganTable.from_snapshot(app, table.snapshot())
    app.stack.push(again)
    frames(app, 10)
    assert said(app, "deal", "move", "turn") == before


def test_a_move_taken_back_is_not_said_again_and_the_new_one_is_said_once(app: Any) -> None:
    table = new_table(app, seed=5, claims="strict")  # no claim to answer: undo takes back the card
    settle(app, table)
    card = next(iter(C.cards(table.shown.hands[table.me])))
    drag(app, centre(table, card), empty_cloth(table))
    settle(app, table)
    frames(app, 3)
    moves = said(app, "move")
    undo = next(b for b in table.buttons if b.key == "undo")
    click(app, undo.rect.center)
    frames(app, 40)
    assert said(app, "move") == [*moves, i18n.t("table.undone")]
    card = next(iter(C.cards(table.shown.hands[table.me])))
    drag(app, centre(table, card), empty_cloth(table))
    settle(app, table)
    frames(app, 3)
    new = said(app, "move")[len(moves) + 1 :]
    assert new and len(new) == len(set(new)) and new[0].startswith("You: ")


def test_the_query_keys_answer_and_the_arrows_say_each_card(app: Any) -> None:
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["KH", "5S"], ["3C", "2D", "QS", "JD"])
    frames(app, 3)
    key(app, pygame.K_c)
    hand = said(app, "answer")[-1]
    assert hand.startswith("Your hand, 6 cards: spades: ") and hand.index("five of spades") < hand.index(
        "hearts: "
    ) < hand.index("King of hearts")
    key(app, pygame.K_t)
    assert said(app, "answer")[-1].startswith("On the table, 22 in all: two of diamonds, three of clubs")
    key(app, pygame.K_k)
    assert said(app, "answer")[-1] == i18n.t("speech.nothing_chosen")
    key(app, pygame.K_RIGHT)
    assert said(app, "focus")[-1] == table_card_words(table.selected)
    for _ in range(6):
        if table.selected == C.parse("5S"):
            break
        key(app, pygame.K_RIGHT)
    assert said(app, "focus")[-1] == "five of spades"
    key(app, pygame.K_k)
    assert said(app, "answer")[-1] == "five of spades can take: two of diamonds and three of clubs"
    key(app, pygame.K_w)
    assert said(app, "answer")[-1].startswith("Your turn; ")
    key(app, pygame.K_p)
    assert said(app, "answer")[-1].startswith("Game: You 0, Svetlana 0")
    last = app.speech.said[-1]
    key(app, pygame.K_e)  # say it again: the last announcement, not the answers
    assert app.speech.said[-1] != last and app.speech.said[-1][0] in ("turn", "deal", "move")


def table_card_words(card: int) -> str:
    from game.speech.words import card_words

    return card_words(card)


def test_a_refused_move_is_said_with_its_reason(app: Any) -> None:
    table = new_table(app)
    settle(app, table)
    crafted(app, table, ["7S", "KH"], ["3C", "5D", "QS", "JD"])
    drag(app, centre(table, C.parse("7S")), centre(table, C.parse("5D")))  # 5 is not 7
    refused = said(app, "refused")
    assert refused == ["Not allowed: seven of spades cannot take five of diamonds: it counts 5, not 7"]


def test_speech_off_builds_no_announcer(make_app: Any) -> None:
    app = make_app(speed="fast", bots="uragan_tables:make_first_bot")
    table = new_table(app)
    settle(app, table)
    assert table.announcer is None


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_a_demo_says_every_seats_plays(make_app: Any, game: str) -> None:
    from game.screens import open_table
    from game.speech.words import card_words

    app = make_app(speed="fast", bots=f"{game}_tables:make_first_bot")
    app.speech = RecordingSpeaker()
    table = open_table(app, game, demo=True, seed=7)
    for _ in range(20000):
        if len(table.match.movers) >= 8:
            break
        frames(app, 1, dt=0.05)
    frames(app, 2)
    lines = said(app, "move")
    seats = set()
    for seat, move in zip(table.match.movers[:8], table.match.moves[:8], strict=True):
        card = getattr(move, "card", move if isinstance(move, int) else None)
        if card is None:
            continue  # trump named: said as the deal's news
        seats.add(seat)
        assert any(line.startswith(table.player_name(seat)) and card_words(card) in line for line in lines)
    assert len(seats) >= 2
    assert not said(app, "turn")  # nobody's own turn in a demo
