"""The one registry of games: a game's name gives its rules, options, moves, records, views and bots.

    game = game_named("uragan")                      # ValueError("unknown game ...") for any other name
    options = game.Options.from_dict({"claims": "book"})
    match = game.Match.new(options, ["Аня", "Борис"], seed=7)
    bot = game.make_bot("club", seed=1)
    match.play(bot.choose(match.view(match.current_player())))
    game.move_to_json(match.moves[-1]), game.match_from_record(match.to_record())

Everything outside this module that needs "the game called X" asks ``game_named(X)`` (or iterates
``GAMES``) instead of importing ``engine.<X>`` by string or branching on the name (``tools/house.py``
keeps that). A new game adds its rules folder, its bots, and one ``Game`` entry below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import engine.bots.eralash as eralash_bots
import engine.bots.uragan as uragan_bots
import engine.eralash as eralash
import engine.eralash.bench as eralash_bench
import engine.eralash.guest as eralash_guest
import engine.eralash.record as eralash_record
import engine.review.eralash as eralash_review
import engine.review.uragan as uragan_review
import engine.uragan as uragan
import engine.uragan.bench as uragan_bench
import engine.uragan.guest as uragan_guest
import engine.uragan.record as uragan_record
from engine.bots import ALL_BOTS, Bot
from engine.review.parts import ReviewParts


@dataclass(frozen=True)
class Game:
    """What one game is made of, found by its name."""

    name: str  # "uragan", "eralash": the name in records, saves and on the command line
    seat_counts: tuple[int, ...]  # how many players may sit down
    Options: Any  # the frozen table-options dataclass (``from_dict``, ``to_dict``)
    Match: Any  # ``new``, ``from_save``, ``to_save``, ``to_record``, ``view(seat)``, the state API
    View: Any  # a seat's view: all a bot, the coach or a guest may see
    move_to_json: Callable[[Any], Any]
    move_from_json: Callable[[Any], Any]
    move_name: Callable[[Any], str]
    parse_move: Callable[..., Any]
    match_from_record: Callable[[Any], Any]  # every move checked; RecordError if bad
    replay_record: Callable[[dict[str, Any]], dict[str, Any]]
    _make_bot: Callable[..., object]
    default_budget: float  # Master's seconds per decision, the coach's when none is given
    review: ReviewParts  # the coach's judge, reasons and words for this game
    bench: Callable[..., dict[str, Any]]  # ``python -m engine bench``: random playouts, move generation
    # a guest's match at a hosted table: ``(options, players, seat, view_json)`` -> an object with
    # ``learn(events)``, ``play(mover, move)`` and ``match`` (each game's ``guest.py``)
    guest_match: Callable[..., Any] | None = None

    def make_bot(self, level: str, seed: int = 0, budget: float | None = None,
                 iterations: int | None = None) -> Bot:
        """A bot by level (``engine.bots.ALL_BOTS``); ``budget`` is think time in seconds, ``iterations``
        a fixed number of search iterations per move (then the same seed plays the same moves anywhere)."""
        if level not in ALL_BOTS:
            raise ValueError(f"unknown bot {level!r}: choose one of {', '.join(ALL_BOTS)}")
        bot: Bot = self._make_bot(level, seed=seed, budget=budget,  # type: ignore[assignment]
                                  iterations=iterations)
        return bot


GAMES: Mapping[str, Game] = {
    "eralash": Game(
        name="eralash", seat_counts=(2, 3, 4), Options=eralash.Options, Match=eralash.Match,
        View=eralash.View,
        move_to_json=eralash.move_to_json, move_from_json=eralash.move_from_json, move_name=eralash.move_name,
        parse_move=eralash.parse_move, match_from_record=eralash_record.match_from_record,
        replay_record=eralash_record.replay, _make_bot=eralash_bots.make,
        default_budget=float(eralash_bots.DEFAULT_BUDGET), review=eralash_review.REVIEW,
        bench=eralash_bench.run, guest_match=eralash_guest.GuestMatch.start,
    ),
    "uragan": Game(
        name="uragan", seat_counts=(2,), Options=uragan.Options, Match=uragan.Match, View=uragan.View,
        move_to_json=uragan.move_to_json, move_from_json=uragan.move_from_json, move_name=uragan.move_name,
        parse_move=uragan.parse_move, match_from_record=uragan_record.match_from_record,
        replay_record=uragan_record.replay, _make_bot=uragan_bots.make,
        default_budget=float(uragan_bots.DEFAULT_BUDGET), review=uragan_review.REVIEW,
        bench=uragan_bench.run, guest_match=uragan_guest.GuestMatch.start,
    ),
}


def game_named(name: object) -> Game:
    """The registered game called ``name``; ValueError naming the choices for anything else."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r}: expected {' or '.join(repr(g) for g in GAMES)}")
    return GAMES[name]
