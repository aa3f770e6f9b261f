"""An Eralash table for tests: a bot that plays the first legal card, a table for a match, waiting on it."""

import pygame
from helpers import frames, key

from engine.eralash import Match, Options
from game.eralash.table import EralashTable
from game.store.saves import SavedGame, Session


class FirstBot:
    """The first legal move: fast and predictable."""

    def choose(self, view):
        return view.legal_moves()[0]


def make_first_bot(name, game, seed=0, budget=None):
    return FirstBot()


def until(app, cond, limit=4000):
    for _ in range(limit):
        if cond():
            return
        frames(app, 1)
    raise AssertionError("the table never got there")


def table_for(app, match, seats, demo=False):
    saved = SavedGame(game="eralash", match=match.to_save(), seats=list(seats), bot_seeds=[0] * len(seats))
    table = EralashTable(app, Session(None, saved, match), demo=demo)
    app.stack.push(table)
    return table


def find_match(pred, n=4, options=None, dealer=None):
    """A robber (seed searched) whose first deal fits ``pred``."""
    for seed in range(2000):
        m = Match.new(
            Options.from_dict(options or {}),
            [f"P{i}" for i in range(n)],
            seed,
            dealer if dealer is not None else n - 1,
        )
        if pred(m.deal):
            return m
    raise AssertionError("no such deal")


def to_play(app, table):
    """Past the dealing and the declarations (Enter, as a player would), to the human's card."""
    until(app, lambda: table.phase == "declare" and not table.tweens.busy and table.shown.trump >= 0)
    key(app, pygame.K_RETURN)
    until(app, lambda: table.can_play_card())
