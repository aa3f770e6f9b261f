"""An Uragan table for tests: a bot that provokes claims, a new table, settled for the player, its places."""

from helpers import crafted_uragan_deal, frames

from engine.uragan import LET_STAND, Play
from engine.uragan.claim import breach
from game.uragan.table import UraganTable


class FirstBot:
    """Plays a priority-breaking move when it can (to provoke claims), else the first legal move."""

    def choose(self, view):
        moves = view.legal_moves()
        for m in moves:
            if isinstance(m, Play) and view.phase == 0 and breach(m.card, m.take, view.table) is not None:
                return m
        return moves[0]


def make_first_bot(name, game, seed=0, budget=None):
    return FirstBot()


def settle(app, table, limit=3000):
    """Run frames until it is the human's turn to play a card and nothing moves."""
    for _ in range(limit):
        if table.can_play_card() and app.stack.top is table:
            return
        if not table.busy() and table.claim_prompt():
            table.answer_claim(LET_STAND)
        elif not table.busy() and table.pick_moves():
            table.choose(0)
        frames(app, 1)
    raise AssertionError("the table never became ready for the player")


def centre(table, card):
    s = table.sprites[card]
    return (int(s.x), int(s.y))


def empty_cloth(table):
    lay = table.layout
    for x in range(lay.table.right - 4, lay.table.left, -12):
        for y in range(lay.table.bottom - 4, lay.table.top, -12):
            if table.hand.table_card_at((x, y)) is None:
                return (x, y)
    raise AssertionError("no free cloth")


def new_table(app, seed=3, claims="book"):
    table = UraganTable.new_game(app, seed=seed, level="club", options={"claims": claims})
    app.stack.push(table)
    return table


def crafted(app, table, hand0, table_cards, dealer=1, hand1=None):
    """Replace the deal with one whose first hands and table are chosen (the rest dealt at random)."""
    return crafted_uragan_deal(table, hand0, table_cards, hand1, dealer)
