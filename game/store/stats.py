"""The player's statistics per game and opponent level, kept in ``stats.json``.

For each game (eralash, uragan) and opponent level (novice, club, master): games played, won (and
shared, Eralash's equal-points win), the current and best winning streak, double wins (Uragan: the
opponent under 8), slams (Eralash: every trick of a deal) and how many games used undo. A game with
several opponents of different levels counts under the strongest of them. A game the player abandoned
(a new game started over it) counts as a loss, and is shown as abandoned, as PySolFC does. Eralash is
also counted by table (``variants``: 2, 3 or 4 players, or 4 in pairs); a file without these newer
fields loads as zeros for them.

Each finished game is recorded once: its ``game_id`` is remembered, so resuming after a crash that
came between writing the statistics and removing the save cannot count it twice.

The coach's figures per game (``accuracy``): decisions judged in reviewed deals, the share marked
best or good (a small loss), win chance and deal points (tricks) lost; ``history`` the last 20
reviewed deals' accuracy, for the chart. A file from before the marks loads with those at zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from game.store.paths import STATS_FILE
from game.store.settings import GAMES, LEVELS
from game.store.storage import FileKind, Store

STATS_KIND = FileKind("stats", STATS_FILE, version=1)
REMEMBERED_IDS = 200
MAX_COUNT = 10**9  # more games than a lifetime of play: a larger figure is damage
MARKS = ("best", "good", "inaccuracy", "mistake")  # engine.review.judgement.MARKS
ACCURATE = ("best", "good")  # nothing or only a small loss: what the accuracy counts
HISTORY = 20  # reviewed deals the accuracy chart shows
MATCHES = 12  # reviewed matches kept per game (their accuracy, for "this match against the last")
MAX_DEAL_LOSS = 100.0  # no decision loses more deal points (Uragan) or robber chance (Eralash, in percent)
MAX_ID = 64
ERALASH_VARIANTS = ("2", "3", "4", "pairs")  # the tables Eralash statistics are split by
VARIANTS = {"eralash": ERALASH_VARIANTS}  # a game absent here is counted whole


def variant_of(game: str, players: int, pairs: bool = False) -> str | None:
    """The table a game is counted under in ``Stats.variants`` (None for a game without a split)."""
    variants = VARIANTS.get(game)
    if variants is None:
        return None
    variant = "pairs" if pairs and players == 4 else str(players)
    return variant if variant in variants else None

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
    abandoned: int = 0  # lost by starting a new game over it (counted in played, as a loss)

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
        if rec.won + rec.shared > rec.played or rec.streak > rec.best_streak or rec.with_undo > rec.played \
                or rec.abandoned > rec.lost:
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
        # The coach, per game: decisions judged in reviewed deals and their summed loss (win chance);
        # of those with a mark, how many were best or good; of those valued in the deal, the deal value lost.
        self.accuracy: dict[str, dict[str, float]] = {g: _no_accuracy() for g in GAMES}
        # and per game the last reviewed deals, oldest first: [decisions marked best or good, marked]
        self.history: dict[str, list[list[int]]] = {g: [] for g in GAMES}
        self.reviewed_ids: list[str] = []
        self.variants: dict[str, dict[str, Record]] = _no_variants()
        # Per game, the match and opponent level of each deal of ``history`` (the newest ones: a file
        # from before has none for its older deals), and the figures of the last reviewed matches.
        self.history_tags: dict[str, list[list[str]]] = {g: [] for g in GAMES}
        self.matches: dict[str, list[dict[str, Any]]] = {g: [] for g in GAMES}
        # Per game, the matches played with people at a hosted table (each person counts its own, once)
        self.people: dict[str, dict[str, Record]] = _no_people()

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

    def variant(self, game: str, variant: str) -> Record:
        """One table's figures (Eralash: ``"2"``, ``"3"``, ``"4"`` players or ``"pairs"``)."""
        return self.variants[game][variant]

    def record(self, game: str, levels: Iterable[str], result: Result, *, double: bool = False,
               slam: bool = False, undo: bool = False, game_id: str | None = None,
               abandoned: bool = False, variant: str | None = None) -> bool:
        """Count one finished (or ``abandoned``: a loss) game and save; False (nothing counted) if
        ``game_id`` was counted before. ``variant``: the table it was played at (``variant_of``)."""
        if game not in self.records:
            raise ValueError(f"unknown game {game!r}")
        if result not in ("win", "shared", "loss"):
            raise ValueError(f"unknown result {result!r}")
        if game_id is not None:
            if game_id in self.recorded_ids:
                return False
            self.recorded_ids = [*self.recorded_ids, game_id][-REMEMBERED_IDS:]
        if abandoned:
            result = "loss"
        recs = [self.records[game][opponent_level(levels)]]
        if variant is not None and variant in self.variants.get(game, {}):
            recs.append(self.variants[game][variant])
        for rec in recs:
            rec.played += 1
            if result == "loss":
                rec.streak = 0
                rec.abandoned += abandoned
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

    def record_review(self, game: str, losses: Iterable[float], review_id: str | None = None, *,
                      marks: Iterable[str] | None = None,
                      deal_losses: Iterable[float | None] | None = None,
                      match: str | None = None, level: str | None = None) -> bool:
        """Add a reviewed deal's decisions to the game's accuracy: each one's loss in win chance
        (0…1), its mark (best, good, inaccuracy, mistake) and its loss in the deal (points or tricks; None
        when not valued); False (nothing added) if ``review_id`` was counted before. ``match`` (the
        game's id) and ``level`` (the opponent's) file the deal under its match too."""
        if game not in self.accuracy:
            raise ValueError(f"unknown game {game!r}")
        if review_id is not None:
            if review_id in self.reviewed_ids:
                return False
            self.reviewed_ids = [*self.reviewed_ids, review_id][-REMEMBERED_IDS:]
        values = [max(0.0, min(1.0, float(x))) for x in losses]
        acc = self.accuracy[game]
        acc["decisions"] = int(acc["decisions"]) + len(values)
        acc["loss"] = float(acc["loss"]) + sum(values)
        given = [m for m in (marks or []) if m in MARKS]
        valued = [max(0.0, min(MAX_DEAL_LOSS, float(x))) for x in (deal_losses or []) if x is not None]
        tag = [match[:MAX_ID] if isinstance(match, str) else "", level if level in LEVELS else ""]
        if given:
            best = sum(m in ACCURATE for m in given)
            acc["marked"] = int(acc["marked"]) + len(given)
            acc["best"] = int(acc["best"]) + best
            self.history[game] = [*self.history[game], [best, len(given)]][-HISTORY:]
            self.history_tags[game] = [*self.history_tags[game], tag][-HISTORY:]  # aligned from the end
            if match:
                self._add_to_match(game, tag, best, len(given), valued)
        acc["valued"] = int(acc["valued"]) + len(valued)
        acc["deal_loss"] = float(acc["deal_loss"]) + sum(valued)
        self.save()
        return True

    def _add_to_match(self, game: str, tag: list[str], best: int, marked: int, valued: list[float]) -> None:
        """One reviewed deal's figures added to its match's (a new match goes last; the oldest leave)."""
        found = next((m for m in self.matches[game] if m["match"] == tag[0]), None)
        if found is None:
            found = {"match": tag[0], "level": tag[1], "deals": 0, "marked": 0, "best": 0, "valued": 0,
                     "deal_loss": 0.0}
            self.matches[game] = [*self.matches[game], found][-MATCHES:]
        found["deals"] += 1
        found["marked"] += marked
        found["best"] += best
        found["valued"] += len(valued)
        found["deal_loss"] = float(found["deal_loss"]) + sum(valued)

    def match_figures(self, game: str) -> list[MatchFigures]:
        """The last reviewed matches of ``game``, oldest first: accuracy and deal value lost per decision."""
        out = []
        for m in self.matches.get(game, []):
            share = m["best"] / m["marked"] if m["marked"] else None
            lost = m["deal_loss"] / m["valued"] if m["valued"] else None
            out.append(MatchFigures(m["match"], m["level"], m["deals"], m["marked"], share, lost))
        return out

    def history_matches(self, game: str) -> list[tuple[str, str]]:
        """(match, level) of each deal of ``accuracy_history``, oldest first ('' where not known: deals
        reviewed before matches were kept)."""
        n = len(self.accuracy_history(game))
        tags = [(m, lv) for m, lv in self.history_tags.get(game, [])][-n:] if n else []
        return [("", "")] * (n - len(tags)) + tags

    def mean_loss(self, game: str) -> float | None:
        """Mean win chance lost per judged decision (0…1); None before any."""
        acc = self.accuracy.get(game) or {}
        n = int(acc.get("decisions", 0))
        return float(acc.get("loss", 0.0)) / n if n else None

    def accuracy_share(self, game: str) -> float | None:
        """The accuracy figure: the share of judged decisions marked best or good (0…1); None before any."""
        acc = self.accuracy.get(game) or {}
        n = int(acc.get("marked", 0))
        return int(acc.get("best", 0)) / n if n else None

    def deal_loss_per_decision(self, game: str) -> float | None:
        """Deal points (Uragan) or tricks (Eralash) lost per judged decision; None before any."""
        acc = self.accuracy.get(game) or {}
        n = int(acc.get("valued", 0))
        return float(acc.get("deal_loss", 0.0)) / n if n else None

    def accuracy_history(self, game: str) -> list[float]:
        """Accuracy (0…1) of each of the last reviewed deals, oldest first (at most ``HISTORY``)."""
        return [best / n for best, n in self.history.get(game, []) if n]

    def reset(self) -> None:
        """Forget every figure (the screen asks for confirmation first)."""
        # recorded_ids stay: they still guard against counting a resumed game twice
        self.records = {g: {lv: Record() for lv in LEVELS} for g in GAMES}
        self.accuracy = {g: _no_accuracy() for g in GAMES}
        self.history = {g: [] for g in GAMES}
        self.variants = _no_variants()
        self.history_tags = {g: [] for g in GAMES}
        self.matches = {g: [] for g in GAMES}
        self.people = _no_people()
        self.save()

    def is_empty(self) -> bool:
        return all(rec.played == 0 for g in self.records.values() for rec in g.values())

    def to_dict(self) -> dict[str, Any]:
        return {"version": STATS_KIND.version,
                "games": {g: {lv: asdict(rec) for lv, rec in levels.items()}
                          for g, levels in self.records.items()},
                "variants": {g: {v: asdict(rec) for v, rec in tables.items()}
                             for g, tables in self.variants.items()},
                "recorded_ids": list(self.recorded_ids),
                "accuracy": {g: dict(a) for g, a in self.accuracy.items()},
                "history": {g: [list(d) for d in h] for g, h in self.history.items()},
                "reviewed_ids": list(self.reviewed_ids),
                "history_tags": {g: [list(t) for t in tags] for g, tags in self.history_tags.items()},
                "matches": {g: [dict(m) for m in ms] for g, ms in self.matches.items()},
                "people": {g: {k: asdict(rec) for k, rec in recs.items()} for g, recs in self.people.items()}}

    def save(self) -> bool:
        return self.store.save(STATS_KIND, self.to_dict()) if self.store else False

    def _absorb(self, doc: dict[str, Any]) -> list[str]:
        """Take every valid part of ``doc``; returns the names of the parts that were not valid.

        One checker per section; a section missing from the file (older files lack the later ones)
        simply keeps its empty start. A new section is one more line in the list below."""
        damaged: list[str] = []
        for key, absorb in (("games", self._absorb_games), ("variants", self._absorb_variants),
                            ("recorded_ids", self._absorb_recorded), ("accuracy", self._absorb_accuracy),
                            ("reviewed_ids", self._absorb_reviewed), ("history", self._absorb_history),
                            ("history_tags", self._absorb_history_tags), ("matches", self._absorb_matches),
                            ("people", self._absorb_people)):
            if key in doc:
                damaged += absorb(doc[key])
        return damaged

    def _absorb_games(self, games: Any) -> list[str]:
        return _absorb_tables(games, self.records, "games")

    def _absorb_people(self, people: Any) -> list[str]:
        return _absorb_tables(people, self.people, "people")

    def record_people(self, game: str, result: Result, match_id: str) -> bool:
        """Count one match played with people at a hosted table, once by its ``match_id`` (the host's
        and each guest's app count their own player's); False if it was counted before."""
        if game not in self.people or result not in ("win", "shared", "loss"):
            raise ValueError(f"unknown game or result {game!r}, {result!r}")
        if match_id in self.recorded_ids:
            return False
        self.recorded_ids = [*self.recorded_ids, match_id][-REMEMBERED_IDS:]
        rec = self.people[game]["people"]
        rec.played += 1
        if result == "loss":
            rec.streak = 0
        else:
            rec.won += result == "win"
            rec.shared += result == "shared"
            rec.streak += 1
            rec.best_streak = max(rec.best_streak, rec.streak)
        self.save()
        return True

    def _absorb_variants(self, variants: Any) -> list[str]:
        return _absorb_tables(variants, self.variants, "variants")

    def _absorb_recorded(self, ids: Any) -> list[str]:
        good, bad = _ids(ids, "recorded_ids")
        self.recorded_ids = good
        return bad

    def _absorb_reviewed(self, ids: Any) -> list[str]:
        good, bad = _ids(ids, "reviewed_ids")
        self.reviewed_ids = good
        return bad

    def _absorb_accuracy(self, acc: Any) -> list[str]:
        """The coach's figures: per game, decisions judged and their summed loss (0 ≤ loss ≤ n), and
        (files from after the marks came) best of marked, deal value lost of valued."""
        if not isinstance(acc, dict):
            return ["accuracy"]
        damaged = []
        for game, raw in acc.items():
            if game not in self.accuracy:
                continue
            figures = _accuracy_of(raw)
            if figures is None:
                damaged.append(f"accuracy/{game}")
            else:
                self.accuracy[game] = figures
        return damaged

    def _absorb_history_tags(self, section: Any) -> list[str]:
        """The match and level of the newest reviewed deals, per game: [match, level] pairs."""
        if not isinstance(section, dict):
            return ["history_tags"]
        damaged = []
        for game, tags in section.items():
            if game not in self.history_tags:
                continue
            if isinstance(tags, list) and all(
                    isinstance(x, list) and len(x) == 2 and isinstance(x[0], str) and len(x[0]) <= MAX_ID
                    and (x[1] == "" or x[1] in LEVELS) for x in tags):
                self.history_tags[game] = [list(x) for x in tags][-HISTORY:]
            else:
                damaged.append(f"history_tags/{game}")
        return damaged

    def _absorb_matches(self, section: Any) -> list[str]:
        """The last reviewed matches per game, each one's figures."""
        if not isinstance(section, dict):
            return ["matches"]
        damaged = []
        for game, ms in section.items():
            if game not in self.matches:
                continue
            good = [_match_of(m) for m in ms] if isinstance(ms, list) else [None]
            self.matches[game] = [m for m in good if m is not None][-MATCHES:]
            if any(m is None for m in good):
                damaged.append(f"matches/{game}")
        return damaged

    def _absorb_history(self, history: Any) -> list[str]:
        """The last reviewed deals per game: [best, marked] pairs, 0 ≤ best ≤ marked."""
        if not isinstance(history, dict):
            return ["history"]
        damaged = []
        for game, deals in history.items():
            if game not in self.history:
                continue
            if isinstance(deals, list) and all(
                    isinstance(d, list) and len(d) == 2 and all(_count(x) for x in d) and d[0] <= d[1]
                    for d in deals):
                self.history[game] = [list(d) for d in deals][-HISTORY:]
            else:
                damaged.append(f"history/{game}")
        return damaged


@dataclass(frozen=True)
class MatchFigures:
    """One reviewed match's coach figures (``Stats.match_figures``)."""

    match: str
    level: str  # the opponent's level ('' when not known)
    deals: int  # deals reviewed
    marked: int  # decisions judged
    share: float | None  # accuracy: the share marked best
    lost: float | None  # deal points (tricks) lost per decision


def _match_of(raw: Any) -> dict[str, Any] | None:
    """One reviewed match's figures, or None when they do not hold together."""
    if not isinstance(raw, dict):
        return None
    m, lv = raw.get("match"), raw.get("level", "")
    counts = [raw.get(k) for k in ("deals", "marked", "best", "valued")]
    deal = raw.get("deal_loss")
    if not (isinstance(m, str) and 0 < len(m) <= MAX_ID and (lv == "" or lv in LEVELS)
            and all(_count(c) for c in counts) and isinstance(deal, int | float) and _number(deal)):
        return None
    deals, marked, best, valued = (int(c) for c in counts)  # type: ignore[arg-type]
    if best > marked or float(deal) > valued * MAX_DEAL_LOSS:
        return None
    return {"match": m, "level": lv, "deals": deals, "marked": marked, "best": best, "valued": valued,
            "deal_loss": float(deal)}


def _no_accuracy() -> dict[str, float]:
    return {"decisions": 0, "loss": 0.0, "marked": 0, "best": 0, "valued": 0, "deal_loss": 0.0}


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_COUNT


def _number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and x >= 0


def _accuracy_of(raw: Any) -> dict[str, float] | None:
    """One game's coach figures, or None when they do not hold together (a missing later figure
    starts at zero: an older file)."""
    if not isinstance(raw, dict):
        return None
    out = _no_accuracy()
    for key, value in raw.items():
        if key in out:
            out[key] = value
    n, loss = out["decisions"], out["loss"]
    marked, best, valued, deal = out["marked"], out["best"], out["valued"], out["deal_loss"]
    if not (_count(n) and _count(marked) and _count(best) and _count(valued) and _number(loss)
            and _number(deal) and loss <= n and best <= marked and deal <= valued * MAX_DEAL_LOSS):
        return None
    return {**out, "loss": float(loss), "deal_loss": float(deal)}


def _no_people() -> dict[str, dict[str, Record]]:
    return {g: {"people": Record()} for g in GAMES}


def _absorb_tables(section: Any, into: dict[str, dict[str, Record]], name: str) -> list[str]:
    """``{game: {table: record}}`` into ``into``, for the games and tables this version knows."""
    if not isinstance(section, dict):
        return [name]
    damaged = []
    for game, tables in section.items():
        if game not in into:
            continue  # a game this version does not know
        if not isinstance(tables, dict):
            damaged.append(f"{name}/{game}")
            continue
        for table, raw in tables.items():
            if table not in into[game]:
                continue
            try:
                into[game][table] = Record.from_dict(raw)
            except ValueError:
                damaged.append(f"{game}/{table}")
    return damaged


def _ids(ids: Any, name: str) -> tuple[list[str], list[str]]:
    """The valid game ids of a list (the newest ``REMEMBERED_IDS``), and ``[name]`` if any was not."""
    if not isinstance(ids, list):
        return [], [name]
    good = [i for i in ids if isinstance(i, str) and 0 < len(i) <= MAX_ID]
    return good[-REMEMBERED_IDS:], ([] if len(good) == len(ids) else [name])


def _no_variants() -> dict[str, dict[str, Record]]:
    return {g: {v: Record() for v in vs} for g, vs in VARIANTS.items()}
