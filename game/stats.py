"""The player's statistics per game and opponent level, kept in ``stats.json``.

For each game (eralash, uragan) and opponent level (novice, club, master): games played, won (and
shared, Eralash's equal-points win), the current and best winning streak, double wins (Uragan: the
opponent under 8), slams (Eralash: every trick of a deal) and how many games used undo. A game with
several opponents of different levels counts under the strongest of them.

Each finished game is recorded once: its ``game_id`` is remembered, so resuming after a crash that
came between writing the statistics and removing the save cannot count it twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from game.paths import STATS_FILE
from game.settings import GAMES, LEVELS
from game.storage import FileKind, Store

STATS_KIND = FileKind("stats", STATS_FILE, version=1)
REMEMBERED_IDS = 200
MAX_COUNT = 10**9  # more games than a lifetime of play: a larger figure is damage
MAX_ID = 64

Result = Literal["win", "shared", "loss"]


@dataclass
class Record:
    """The figures for one game against one opponent level."""

    played: int = 0
    won: int = 0  # outright wins
    shared: int = 0  # Eralash: equal points, the win is shared
    streak: int = 0  # current run of games not lost
    best_streak: int = 0
    double_wins: int = 0  # Uragan
    slams: int = 0  # Eralash, made by the player (or the player's pair)
    with_undo: int = 0  # games in which the player took a move back

    @property
    def lost(self) -> int:
        return self.played - self.won - self.shared

    @property
    def win_rate(self) -> float | None:
        """Share of games won, a shared win counting half; None before the first game."""
        if not self.played:
            return None
        return (self.won + 0.5 * self.shared) / self.played

    def add(self, other: Record) -> Record:
        out = Record(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(Record)})
        out.streak = max(self.streak, other.streak)
        out.best_streak = max(self.best_streak, other.best_streak)
        return out

    @classmethod
    def from_dict(cls, d: Any) -> Record:
        """``ValueError`` unless every figure is a whole number ≥ 0 and they add up."""
        if not isinstance(d, dict):
            raise ValueError("not an object")
        values = {}
        for f in fields(cls):
            v = d.get(f.name, 0)  # a figure added in a later version is missing from older files
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_COUNT:
                raise ValueError(f"{f.name} is not a count")
            values[f.name] = v
        rec = cls(**values)
        if rec.won + rec.shared > rec.played or rec.streak > rec.best_streak or rec.with_undo > rec.played:
            raise ValueError("the figures do not add up")
        return rec


def opponent_level(levels: Iterable[str]) -> str:
    """The level a game counts under: the strongest opponent's."""
    ranked = [lv for lv in levels if lv in LEVELS]
    if not ranked:
        raise ValueError("no known opponent level")
    return max(ranked, key=LEVELS.index)


class Stats:
    """All records; ``record`` a finished game, ``reset`` everything (after the player confirms)."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.records: dict[str, dict[str, Record]] = {g: {lv: Record() for lv in LEVELS} for g in GAMES}
        self.recorded_ids: list[str] = []

    @classmethod
    def load(cls, store: Store) -> Stats:
        """The statistics in ``store``: a damaged file is set aside by the store; a file damaged only
        in part keeps its good parts, and a copy of it as it was is kept aside, with a notice."""
        stats = cls(store)
        doc = store.load(STATS_KIND)
        if doc:
            damaged = stats._absorb(doc)
            if damaged:
                store.keep_copy(STATS_KIND, ", ".join(damaged[:4]) + (" …" if len(damaged) > 4 else ""))
        return stats

    def get(self, game: str, level: str) -> Record:
        return self.records[game][level]

    def total(self, game: str) -> Record:
        """All levels of one game together (streaks: the longest of any level)."""
        out = Record()
        for rec in self.records[game].values():
            out = out.add(rec)
        return out

    def record(self, game: str, levels: Iterable[str], result: Result, *, double: bool = False,
               slam: bool = False, undo: bool = False, game_id: str | None = None) -> bool:
        """Count one finished game and save; False (nothing counted) if ``game_id`` was counted before."""
        if game not in self.records:
            raise ValueError(f"unknown game {game!r}")
        if result not in ("win", "shared", "loss"):
            raise ValueError(f"unknown result {result!r}")
        if game_id is not None:
            if game_id in self.recorded_ids:
                return False
            self.recorded_ids = [*self.recorded_ids, game_id][-REMEMBERED_IDS:]
        rec = self.records[game][opponent_level(levels)]
        rec.played += 1
        if result == "loss":
            rec.streak = 0
        else:
            rec.won += result == "win"
            rec.shared += result == "shared"
            rec.streak += 1
            rec.best_streak = max(rec.best_streak, rec.streak)
            rec.double_wins += double and result == "win"
        rec.slams += slam
        rec.with_undo += undo
        self.save()
        return True

    def reset(self) -> None:
        """Forget every figure (the screen asks for confirmation first)."""
        # recorded_ids stay: they still guard against counting a resumed game twice
        self.records = {g: {lv: Record() for lv in LEVELS} for g in GAMES}
        self.save()

    def is_empty(self) -> bool:
        return all(rec.played == 0 for g in self.records.values() for rec in g.values())

    def to_dict(self) -> dict[str, Any]:
        return {"version": STATS_KIND.version,
                "games": {g: {lv: asdict(rec) for lv, rec in levels.items()}
                          for g, levels in self.records.items()},
                "recorded_ids": list(self.recorded_ids)}

    def save(self) -> bool:
        return self.store.save(STATS_KIND, self.to_dict()) if self.store else False

    def _absorb(self, doc: dict[str, Any]) -> list[str]:
        """Take every valid part of ``doc``; returns the names of the parts that were not valid."""
        damaged: list[str] = []
        games = doc.get("games", {})
        if not isinstance(games, dict):
            return ["games", *self._absorb_ids(doc)]
        for game, levels in games.items():
            if game not in self.records:
                continue  # a game this version does not know
            if not isinstance(levels, dict):
                damaged.append(game)
                continue
            for level, raw in levels.items():
                if level not in LEVELS:
                    continue
                try:
                    self.records[game][level] = Record.from_dict(raw)
                except ValueError:
                    damaged.append(f"{game}/{level}")
        return damaged + self._absorb_ids(doc)

    def _absorb_ids(self, doc: dict[str, Any]) -> list[str]:
        ids = doc.get("recorded_ids", [])
        if not isinstance(ids, list):
            return ["recorded_ids"]
        good = [i for i in ids if isinstance(i, str) and 0 < len(i) <= MAX_ID]
        self.recorded_ids = good[-REMEMBERED_IDS:]
        return [] if len(good) == len(ids) else ["recorded_ids"]
