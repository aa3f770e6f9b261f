"""The game in progress: saved to ``save.json`` after every move, resumed by Continue, undone by Undo.

A save holds what rebuilds the exact position and nothing that could drift: the engine's
``Match.to_save()`` (options, players, seed, first dealer, every move), who sits where (human or bot
level and the bot's seed), whether undo was used, a ``game_id`` so statistics count the game once,
the table scene's own ``snapshot()`` (UI-only state such as a pending claim prompt), and the coach's
verdicts on each deal already reviewed (``reviews``, so another deal's review shows them). The bots are
rebuilt from their level and seed; the match replays its moves, so the cards, the table, the score
sheet and whose turn it is come back exactly.

``Session`` is what the app holds while a game runs: ``play(move)`` applies and saves, ``undo()``
takes back the player's last move with the bots' replies, ``finish(stats)`` records the result once
and removes the save.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from game.store.paths import SAVE_FILE
from game.store.settings import GAMES, LEVELS, MAX_NAME
from game.store.stats import STATS_KIND, Stats, variant_of
from game.store.storage import FileKind, Notice, Store, plain_bool, to_json_text

SAVE_KIND = FileKind("save", SAVE_FILE, version=1)


DEAL_NUMBERS = 10**9  # deal numbers are 1 … 999 999 999, short enough to read out to a friend


def new_deal_number() -> int:
    """A fresh deal number (the match seed: the same number deals the same cards again)."""
    return random.SystemRandom().randrange(1, DEAL_NUMBERS)


def engine_module(game: str) -> Any:
    """The registered game called ``game`` (``engine.games``, imported when first needed): its
    ``Match``, ``Options``, ``move_to_json``, ``move_from_json``, bots."""
    from engine.games import game_named

    return game_named(game)


@dataclass
class SavedGame:
    """One save file's content; ``seats[i]`` is None for a human, else the bot's level."""

    game: str
    match: dict[str, Any]
    seats: list[str | None]
    bot_seeds: list[int]
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    undo_used: bool = False
    table: dict[str, Any] | None = None
    saved_at: str = ""
    reviews: dict[str, Any] = field(default_factory=dict)  # deal (from 1, as text) -> kept review

    @property
    def humans(self) -> list[int]:
        return [s for s, level in enumerate(self.seats) if level is None]

    def to_dict(self) -> dict[str, Any]:
        return {"version": SAVE_KIND.version, "game": self.game, "match": self.match,
                "seats": list(self.seats), "bot_seeds": list(self.bot_seeds), "game_id": self.game_id,
                "undo_used": self.undo_used, "table": self.table, "saved_at": self.saved_at,
                "reviews": self.reviews}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SavedGame:
        """``ValueError`` naming what is wrong when the document is not a usable save."""
        game = d.get("game")
        if game not in GAMES:
            raise ValueError("unknown game")
        seats = d.get("seats")
        if not (isinstance(seats, list) and 2 <= len(seats) <= 4
                and all(s is None or (isinstance(s, str) and s in LEVELS) for s in seats) and None in seats):
            raise ValueError("seats do not fit")
        match = _check_match(d.get("match"), len(seats))
        seeds = d.get("bot_seeds")
        if not (isinstance(seeds, list) and len(seeds) == len(seats)
                and all(_is_int(x) and 0 <= x < 1 << 64 for x in seeds)):
            raise ValueError("bot seeds do not fit")
        game_id = d.get("game_id")
        if not isinstance(game_id, str) or not 0 < len(game_id) <= MAX_ID:
            raise ValueError("no game id")
        undo_used = plain_bool(d.get("undo_used", False))
        if undo_used is None:
            raise ValueError("undo_used is not true or false")
        table = d.get("table")
        saved_at = d.get("saved_at", "")
        return cls(game=game, match=match, seats=list(seats), bot_seeds=list(seeds), game_id=game_id,
                   undo_used=undo_used, table=table if isinstance(table, dict) else None,
                   saved_at=saved_at[:40] if isinstance(saved_at, str) else "",
                   reviews=_kept_reviews(d.get("reviews")))

    def restore_match(self) -> Any:
        """The engine's ``Match`` in the saved position (replays every move)."""
        return engine_module(self.game).Match.from_save(self.match)

    def restore_with_deal_start(self) -> tuple[Any, tuple[int, Any] | None]:
        """``restore_match`` and, from the same replay, the match as the deal being played began
        (``(moves, match)``: undo never goes further back, so it replays from there, not from the
        first move), or None when the save's last deal began too far back to be worth a copy."""
        module = engine_module(self.game)
        moves = self.match.get("moves", [])
        match = module.Match.from_save({**self.match, "moves": []})
        if not hasattr(match, "copy") or _deals_done(match) is None:  # a match without deals
            return module.Match.from_save(self.match), None
        start: tuple[int, Any] | None = (0, match.copy())
        done = _deals_done(match)
        for j, obj in enumerate(moves):
            match.play(module.move_from_json(obj))
            if _deals_done(match) != done:
                done = _deals_done(match)
                start = (j + 1, match.copy()) if len(moves) - j <= DEAL_START_REACH else None
        return match, start


def _deals_done(match: Any) -> int | None:
    """How many deals of ``match`` are finished (None: a match that does not count them)."""
    done = getattr(match, "deals_done", None)
    return None if done is None else len(done)


MAX_ID = 64
DEAL_START_REACH = 2000  # moves from a save's end within which a deal's start is copied on the way
MAX_KEPT_DEALS = 200
MAX_KEPT_VERDICTS = 400  # a deal's decisions: about 17 in Uragan, 13 in Eralash


def _kept_reviews(value: Any) -> dict[str, Any]:
    """The kept reviews that have the expected shape (an older save has none; a bad one is dropped,
    the game itself still loads)."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, Any] = {}
    for deal, kept in list(value.items())[:MAX_KEPT_DEALS]:
        if not (isinstance(deal, str) and deal.isdigit() and isinstance(kept, dict)):
            continue
        seat, upto, sign = kept.get("seat"), kept.get("upto"), kept.get("sign")
        verdicts = kept.get("verdicts")
        if not (isinstance(seat, int) and isinstance(upto, int) and isinstance(sign, str)
                and isinstance(verdicts, list) and len(verdicts) <= MAX_KEPT_VERDICTS
                and all(isinstance(v, dict) for v in verdicts)):
            continue
        decided = kept.get("decided")
        out[deal] = {"seat": seat, "upto": upto, "sign": sign[:64], "verdicts": verdicts,
                     "decided": decided if isinstance(decided, bool) else None,
                     "complete": kept.get("complete") is True}
    return out


def moves_sign(moves: list[Any]) -> str:
    """A short fingerprint of a list of moves (a kept review fits only the moves it judged)."""
    import hashlib
    import json

    return hashlib.blake2s(json.dumps(moves, sort_keys=True).encode(), digest_size=10).hexdigest()
MAX_MOVES = 20_000  # a whole Eralash match is a few hundred moves


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_match(match: Any, seats: int) -> dict[str, Any]:
    """The engine's ``Match.to_save()`` part, checked for shape before the engine replays it: the
    players' names are text (capped at the length a name may be typed), one per seat, the numbers
    whole and in range, the moves a list of sane length. The moves themselves are the engine's to
    check, by replaying them."""
    if not isinstance(match, dict):
        raise ValueError("no match")
    moves = match.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ValueError("no list of moves")
    players = match.get("players")
    if not (isinstance(players, list) and len(players) == seats and all(isinstance(p, str) for p in players)):
        raise ValueError("players do not fit the seats")
    for key in ("seed", "first_dealer"):
        if key in match and not (_is_int(match[key]) and 0 <= match[key] < 1 << 64):
            raise ValueError(f"{key} is not a whole number")
    if _is_int(match.get("first_dealer")) and match["first_dealer"] >= seats:
        raise ValueError("first_dealer is not a seat")
    options = match.get("options")
    if options is not None and not isinstance(options, dict):
        raise ValueError("options are not an object")
    names = [cap_name(p) for p in players]
    return match if names == players else {**match, "players": names}


def cap_name(name: str) -> str:
    """A name as it may be shown: printable, at most ``MAX_NAME`` characters, never empty (the same
    cleaning as names from records: ``game.words.safe.clean_name``)."""
    from game.words.safe import clean_name

    return clean_name(name, MAX_NAME)


def load_game(store: Store) -> SavedGame | None:
    """The saved game if there is one that replays; a damaged one is set aside with a notice."""
    loaded = _load(store)
    return loaded[0] if loaded else None


def _load(store: Store) -> tuple[SavedGame, Any, tuple[int, Any] | None] | None:
    """The save and its match replayed; None when there is none, it is damaged (set aside), or its
    game is already counted in the statistics (then it is removed: a game counted is never resumed,
    whatever instant a kill came between counting it and removing its save)."""
    doc = store.load(SAVE_KIND)
    if doc is None:
        return None
    try:
        saved = SavedGame.from_dict(doc)
        match, start = saved.restore_with_deal_start()  # a save the engine cannot replay is damaged
    except ImportError:
        raise
    except Exception:  # any refusal by the engine (RecordError, IllegalMove, KeyError…) means damaged
        store.set_aside(SAVE_KIND)
        return None
    if saved.game_id in counted_ids(store):
        store.remove(SAVE_KIND)
        return None
    return saved, match, start


def counted_ids(store: Store) -> set[str]:
    """The game ids the statistics on disk have counted (none when they cannot be read)."""
    doc = store.load(STATS_KIND)
    ids = doc.get("recorded_ids") if doc else None
    return {i for i in ids if isinstance(i, str)} if isinstance(ids, list) else set()


_CHECKED: dict[str, tuple[Any, bool]] = {}  # save path -> (its stat signature, whether it replayed)


def _signature(path: Any) -> Any:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)


def has_saved_game(store: Store) -> bool:
    """For the menu's Continue button: is there a save that loads and replays? The answer is kept
    for as long as the file is unchanged, so the menu rebuilding itself does not replay again."""
    if store.is_blocked(SAVE_KIND):
        return False
    path = store.path(SAVE_KIND)
    sig = _signature(path)
    if sig is None:
        return False
    known = _CHECKED.get(str(path))
    if known is not None and known[0] == sig:
        return known[1]
    return check_saved_game(store)


def check_saved_game(store: Store) -> bool:
    """Is there a save that loads and replays? (The menu calls this when it opens.) A damaged file is
    set aside at once, with a notice the menu shows."""
    path = store.path(SAVE_KIND)
    sig = _signature(path)
    if sig is None:
        return False
    try:
        loaded = _load(store)
        ok = loaded is not None and not loaded[1].is_over()  # a finished game is counted, never continued
    except ImportError:
        ok = False
    _CHECKED[str(path)] = (_signature(path) if ok else None, ok)
    return ok


def _side_of(match_save: dict[str, Any], n: int) -> Any:
    options = match_save.get("options") or {}
    if n == 4 and isinstance(options, dict) and options.get("pairs"):
        return lambda s: s % 2
    return lambda s: s


def move_text(move_json: Any) -> str:
    """One move's JSON text, as the save writes it (made once, when the move is played)."""
    return json.dumps(move_json, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class SaveDocument(dict[str, Any]):
    """A save document that writes its JSON fast: the moves' texts were made one by one as they were
    played, so the text is the small rest serialised and the moves joined in (a save at move 19,000
    costs what one at move 10 does; the indented encoder over every move took ~0.4 s of the
    interpreter per move, on the writer thread but holding the UI thread back)."""

    def __init__(self, doc: dict[str, Any], moves_text: list[str]) -> None:
        super().__init__(doc)
        self.moves_text = moves_text

    def json_text(self, version: int) -> str:
        mark = f"@moves-{uuid.uuid4().hex}@"  # (no name or word can be this: the moves go in its place)
        shell = {**self, "match": {**self["match"], "moves": mark}, "version": version}
        return to_json_text(shell).replace(json.dumps(mark), "[" + ",".join(self.moves_text) + "]", 1)


class Session:
    """A game being played in the app: the match, the seats, and a save after every move."""

    def __init__(self, store: Store | None, saved: SavedGame, match: Any,
                 deal_start: tuple[int, Any] | None = None) -> None:
        self.store = store
        self.saved = saved
        self.moves_json: list[Any] = []  # the JSON of every move of the match, each made once
        self.match = match
        # (moves, a copy of the match) as the deal being played began: undo replays from there, so it
        # costs the same at move 19,000 as at move 10. None: not known (undo replays the whole match).
        self.deal_start = deal_start if deal_start is not None and deal_start[0] <= len(match.moves) else None
        # The match is over but its result is not on disk: "" (it is), "pending" (the finished game is
        # saved: the next start counts it), "resumes" (the save on disk is from before the end: the game
        # resumes there), "lost" (nothing of it is on disk), "refused" (stats.json is from a newer Salon
        # or unreadable: the finished game stays saved until it can be counted). Said at the table.
        self.unrecorded = ""
        self.finished = False  # counted and its save removed: nothing of this game is saved again

    @property
    def match(self) -> Any:
        return self._match

    @match.setter
    def match(self, match: Any) -> None:
        """A match put in place (new, resumed, undone, or set by a check): serialised once, here. From
        then on ``play`` adds each move's JSON, and ``saved.match`` holds the rest (options, players,
        seed, …) without the moves."""
        self._match = match
        self.deal_start = None
        head = dict(match.to_save())
        self.moves_json = list(head.pop("moves", []))  # a new list: a save being written keeps the old
        self.moves_text = [move_text(m) for m in self.moves_json]  # each move's JSON text, made once
        self.saved.match = head

    def _moves_json(self) -> list[Any]:
        """The moves' JSON, taken again from the match if moves were played on it directly."""
        if len(self.moves_json) != len(self._match.moves):
            self.match = self._match
        return self.moves_json

    # --- starting ----------------------------------------------------------------------------------

    @classmethod
    def new(cls, store: Store | None, game: str, options: Any, names: list[str], seats: list[str | None],
            seed: int | None = None, first_dealer: int | None = None) -> Session:
        """A new match; ``seats[i]`` None for a human, else a bot level. Saved at once.

        A game still in progress in ``store`` is abandoned first: a loss in the statistics (the New
        game dialog asks the player before it comes to this). A finished game the disk would not let
        be counted stops it: ``UncountedGame``, and nothing is written."""
        if store is not None:
            abandon_saved_game(store)
        module = engine_module(game)
        if not isinstance(options, module.Options):
            options = module.Options.from_dict(options or {})
        if seed is None:
            seed = new_deal_number()
        match = module.Match.new(options, list(names), seed, first_dealer)
        seeds = [random.Random(f"{seed}:bot:{s}").randrange(1 << 48) for s in range(len(seats))]
        saved = SavedGame(game=game, match=match.to_save(), seats=list(seats), bot_seeds=seeds)
        session = cls(store, saved, match)
        session.save(background=False)  # the first save is on disk before the table even opens
        return session

    @classmethod
    def resume(cls, store: Store) -> Session | None:
        """Continue: the saved game exactly where it was, or None.

        A saved game that is already over is counted in the statistics (once) and removed."""
        loaded = _load(store)
        if loaded is None:
            return None
        session = cls(store, *loaded)
        if session.match.is_over():  # killed after the last move, before the result was counted
            session.finish(Stats.load(store))
            return None
        return session

    # --- reading -----------------------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.saved.game

    @property
    def seats(self) -> list[str | None]:
        return list(self.saved.seats)

    @property
    def humans(self) -> list[int]:
        return self.saved.humans

    @property
    def deal_number(self) -> int:
        """The game's number (its match seed): New game → Play deal number… deals these cards again."""
        return int(self.match.seed)

    @property
    def undo_used(self) -> bool:
        return self.saved.undo_used

    def is_human_turn(self) -> bool:
        return not self.match.is_over() and self.match.current_player() in self.humans

    def hint_seat(self) -> int | None:
        """The human seat to move now (whom a hint is for), else None."""
        return self.match.current_player() if self.is_human_turn() else None

    def hint_seed(self) -> int:
        """A seed for the hint's search, fixed by the position: asking twice gives the same advice."""
        n = len(self._moves_json())
        return random.Random(f"{self.saved.match.get('seed')}:hint:{n}").randrange(1 << 48)

    def hint(self, budget: float | None = 0.5) -> Any:
        """The Master bot's choice for the human to move (None when it is not a human's turn).

        This thinks for ``budget`` seconds on the calling thread; the table asks its bot worker
        instead: ``worker.request(game, "master", session.hint_seed(), budget, match.view(seat))``.
        Hints do not count as undo and are not saved."""
        seat = self.hint_seat()
        if seat is None:
            return None
        master = engine_module(self.game).make_bot("master", self.hint_seed(), budget)
        return master.choose(self.match.view(seat))

    # --- changing ----------------------------------------------------------------------------------

    def play(self, move: Any) -> None:
        """Apply ``move`` (``IllegalMove`` passes through, nothing saved) and save."""
        done = _deals_done(self.match)
        self.match.play(move)
        made = engine_module(self.game).move_to_json(move)
        self.moves_json.append(made)
        self.moves_text.append(move_text(made))
        if done is not None and _deals_done(self.match) != done:  # a deal began: undo goes no further
            self.deal_start = (len(self.match.moves), self.match.copy())
        self.save()

    def set_table_snapshot(self, snapshot: dict[str, Any] | None, *, save: bool = True) -> None:
        """The table scene's own state (JSON), kept with the next save."""
        self.saved.table = snapshot
        if save:
            self.save()

    def keep_review(self, deal: int, seat: int, upto: int, verdicts: list[dict[str, Any]],
                    decided: bool | None, complete: bool) -> None:
        """Keep the coach's verdicts on ``deal`` (its moves end at ``upto``) with the saved game."""
        moves = self._moves_json()
        if not 0 < upto <= len(moves):
            return
        self.saved.reviews[str(deal)] = {"seat": seat, "upto": upto, "sign": moves_sign(moves[:upto]),
                                         "verdicts": list(verdicts)[:MAX_KEPT_VERDICTS],
                                         "decided": decided, "complete": complete}
        self.save()

    def kept_reviews(self, seat: int) -> dict[int, dict[str, Any]]:
        """The kept reviews of ``seat``'s decisions that still fit the game (an undo past a deal's
        end drops its review), by deal."""
        moves = self._moves_json()
        out = {}
        for deal, kept in self.saved.reviews.items():
            upto = kept["upto"]
            if kept["seat"] == seat and upto <= len(moves) and moves_sign(moves[:upto]) == kept["sign"]:
                out[int(deal)] = kept
        return out

    def save(self, *, background: bool = True) -> bool:
        """Write the save; by default on the writer thread, so a move never waits for the disk: the
        document is put together and turned into JSON there, from the moves' JSON made by ``play``."""
        self.saved.saved_at = datetime.now(UTC).isoformat(timespec="seconds")
        if self.store is None or self.finished:  # a review after the end must not bring the save back
            return False
        return self.store.save(SAVE_KIND, self.document_maker(), background=background)

    def document_maker(self) -> Callable[[], dict[str, Any]]:
        """The save document as it stands now, made when called (on the writer thread). What it reads
        is fixed here: the moves so far of a list only ever appended to, a copy of the kept reviews."""
        moves = self._moves_json()
        fields = self.saved.to_dict()
        fields["reviews"] = dict(self.saved.reviews)
        head, n, texts = self.saved.match, len(moves), self.moves_text

        def document() -> dict[str, Any]:
            return SaveDocument({**fields, "match": {**head, "moves": moves[:n]}}, texts[:n])

        return document

    def undo_point(self) -> int | None:
        """How many moves remain after undoing: the index of the humans' last move in the deal being
        played, or None (a finished deal is never taken back: its sheet was shown, the next hand dealt
        and everyone's runs laid out)."""
        movers = self.match.movers
        for i in range(len(movers) - 1, self.deal_began() - 1, -1):
            if movers[i] in self.humans:
                return i
        return None

    def deal_began(self) -> int:
        """The index in ``match.moves`` of the deal being played's first move: the move after the last
        deal scored (the story tells it), 0 in the first deal."""
        from engine.story import DealScored

        for event in reversed(self.match.events):
            if isinstance(event, DealScored):
                return int(event.index) + 1
        return 0

    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def undo(self) -> int:
        """Take back the player's last move and every bot reply after it; returns moves removed.

        The game is marked as played with undo (statistics show it)."""
        keep = self.undo_point()
        if keep is None:
            return 0
        moves = self._moves_json()
        removed = len(moves) - keep
        start = self.deal_start
        if start is not None and start[0] <= keep and start[0] == self.deal_began():
            module = engine_module(self.game)
            match = start[1].copy()
            for obj in moves[start[0]:keep]:
                match.play(module.move_from_json(obj))
            self._match, self.moves_json = match, moves[:keep]  # (the head of the save is the same)
            self.moves_text = self.moves_text[:keep]
        else:
            data = {**self.saved.match, "moves": moves[:keep]}
            self.match = engine_module(self.game).Match.from_save(data)
        self.saved.undo_used = True
        self.saved.table = None  # the table rebuilds from the match
        self.save()
        return removed

    def movers(self) -> list[int]:
        """The seat that made each move of ``match.moves`` (the match keeps them)."""
        return list(self.match.movers)

    # --- ending ------------------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """For the statistics: ``result`` win/shared/loss, ``double``, ``slam`` (of the first human)."""
        match = self.match
        seat = self.humans[0]
        n = len(self.saved.seats)
        side_of = _side_of(self.saved.match, n)
        sides = {side_of(s) for s in match.winners()}
        if side_of(seat) not in sides:
            outcome = "loss"
        elif len(sides) > 1:
            outcome = "shared"
        else:
            outcome = "win"
        return {"result": outcome, "double": outcome == "win" and _is_double(match, seat),
                "slam": _made_slam(match, side_of(seat))}

    def variant(self) -> str | None:
        """The table the statistics split this game by (Eralash: 2, 3, 4 players or pairs)."""
        pairs = bool(getattr(getattr(self.match, "options", None), "pairs", False))
        return variant_of(self.game, len(self.saved.seats), pairs)

    def finish(self, stats: Stats | None) -> bool:
        """Once the match is over: count it in the statistics (once) and remove the save.

        The order makes any instant of death safe: the finished game is saved first (from then on the
        next start counts it), then counted (its game id with it: from then on its save is never
        resumed, only removed), then its save removed. A write the disk refuses stops the walk where
        the disk is, and ``unrecorded`` says what the next start will do."""
        if not self.match.is_over():
            return False
        counted = False
        final_kept = True
        if self.store is not None and not self.finished:
            self.save(background=False)
            final_kept = self._moves_on_disk() == len(self._moves_json())  # an autosave may have kept it
        if stats is not None:
            r = self.result()
            levels = [lv for lv in self.saved.seats if lv is not None]
            if levels:  # hot-seat games with no bot are not counted
                counted = stats.record(self.game, levels, r["result"], double=r["double"], slam=r["slam"],
                                       undo=self.saved.undo_used, game_id=self.saved.game_id,
                                       variant=self.variant())
        if self.store is not None:
            if stats is not None and self.store.write_failed(STATS_KIND):
                if self.store.is_blocked(STATS_KIND):
                    self.unrecorded = "refused" if final_kept else "resumes"
                elif final_kept:
                    self.unrecorded = "pending"
                else:
                    self.unrecorded = "resumes" if self._on_disk() else "lost"
                return counted
            self.unrecorded = ""
            self.store.remove(SAVE_KIND)
            self.finished = True
        return counted

    def _on_disk(self) -> bool:
        """Is a save of this game on disk (from before the end: the disk refused the last ones)?"""
        return self._moves_on_disk() >= 0

    def _moves_on_disk(self) -> int:
        """How many moves of this game the save on disk holds; -1 when it holds no save of it."""
        from game.store.storage import CorruptFile, read_document

        if self.store is None:
            return -1
        try:
            doc = read_document(self.store.path(SAVE_KIND))
        except (OSError, CorruptFile):
            return -1
        match = doc.get("match")
        moves = match.get("moves") if isinstance(match, dict) else None
        if doc.get("game_id") != self.saved.game_id or not isinstance(moves, list):
            return -1
        return len(moves)

    def player_has_played(self) -> bool:
        """Has a person at this table played a card yet? (Choosing trump or answering a claim is not
        playing a card; a game nobody has played in is discarded, not counted, when given up.)"""
        movers = self.movers()
        humans = set(self.humans)
        return any(seat in humans and _is_card_play(move)
                   for seat, move in zip(movers, self.match.moves, strict=False))

    def abandon(self, stats: Stats | None) -> bool:
        """The player gives the game up: a loss marked abandoned (once), and the save is removed; a
        game in which the player has not played a card yet is only removed (never counted)."""
        if self.match.is_over():
            return self.finish(stats)
        counted = False
        levels = [lv for lv in self.saved.seats if lv is not None]
        if stats is not None and levels and self.humans and self.player_has_played():
            counted = stats.record(self.game, levels, "loss", abandoned=True, undo=self.saved.undo_used,
                                   game_id=self.saved.game_id, variant=self.variant())
        if self.store is not None:
            # counted first, then removed: a kill in between leaves a save whose id is counted, which
            # the next load removes (never resumed, never counted twice)
            self.store.remove(SAVE_KIND)
            self.finished = True
        return counted


def settle_finished_game(store: Store) -> bool:
    """At start: a saved game that is already over (its result could not be written when it ended,
    or the app died in between) is counted now, once, and its save removed once that is on disk; its
    record is kept as the last game first (the menu's Save record… offers it). True when a result was
    counted."""
    loaded = _load(store)
    if loaded is None or not loaded[1].is_over():
        return False
    from game.store.records import remember_last_game

    session = Session(store, *loaded)
    with contextlib.suppress(Exception):  # a record that cannot be made: the result still counts
        remember_last_game(store.folder, session.match.to_record(), store)
    return session.finish(Stats.load(store))


def end_match(store: Store | None, session: Session, stats: Stats | None) -> tuple[bool, str]:
    """The match at the table is over: keep its record as the last game, then count it (``finish``).
    ``(record kept, unrecorded)``: what the table tells the player (``Session.unrecorded``)."""
    kept = True
    if store is not None and store.read_only is None:
        from game.store.records import remember_last_game

        try:
            kept = remember_last_game(store.folder, session.match.to_record(), store)
        except Exception:  # noqa: BLE001 - a record that cannot be made does not stop the counting
            kept = False
    session.finish(stats)
    return kept, session.unrecorded


def game_in_progress(store: Store | None) -> bool:
    """Is there a saved game not yet over, in which the player has played a card (one that starting
    a new game would abandon, a loss)? A game not yet played in is discarded without asking."""
    if store is None or not has_saved_game(store):
        return False
    loaded = _load(store)  # a damaged save is set aside here, with a notice: nothing to abandon
    if loaded is None or loaded[1].is_over():
        return False
    try:
        return Session(store, *loaded).player_has_played()
    except Exception:  # the engine replays a save from disk, whatever it holds: cannot tell, so ask
        return True


def _is_card_play(move: Any) -> bool:
    """A card played (Eralash: the card itself; Uragan: a ``Play``), not a trump choice or a claim."""
    return isinstance(move, int) and not isinstance(move, bool) or type(move).__name__ == "Play"


class UncountedGame(Exception):
    """The save holds a finished game whose result could not be counted (the disk is full even past
    the reserve, or stats.json refuses): a new game's save would write over it, so none is started.
    ``unrecorded``: why, as ``Session.unrecorded`` says it."""

    def __init__(self, unrecorded: str) -> None:
        super().__init__(f"a finished game waits to be counted ({unrecorded})")
        self.unrecorded = unrecorded


def count_finished_game(store: Store | None) -> None:
    """Before a new game: a saved game that is over is counted now (once) and its save removed;
    ``UncountedGame`` when it cannot be (the save stays, to be counted once the disk allows)."""
    if store is None:  # no data folder: nothing saved
        return
    loaded = _load(store)
    if loaded is None or not loaded[1].is_over():
        return
    session = Session(store, *loaded)
    session.finish(Stats.load(store))
    if not session.finished:
        raise UncountedGame(session.unrecorded or "pending")


def abandon_saved_game(store: Store) -> bool:
    """Abandon the saved game in progress, if any (a loss in the statistics); True if one was. A
    saved game already over is counted as what it was, not abandoned, and when it cannot be counted
    ``UncountedGame`` stops everything here: the save it is in must not be written over."""
    count_finished_game(store)
    loaded = _load(store)
    if loaded is None:
        return False
    session = Session(store, *loaded)
    session.abandon(Stats.load(store))
    return True


def _is_double(match: Any, seat: int) -> bool:
    """Uragan: the winner's opponent finished under half the target (8 of 16)."""
    double = getattr(match, "double", None)
    if callable(double):
        double = double()
    if isinstance(double, bool):
        return double
    score = list(match.score())
    options = getattr(match, "options", None)
    below = getattr(options, "double_below", None)
    target = getattr(options, "target", None)
    if below is None and target is not None:
        below = (target + 1) // 2  # docs/rules.md, Uragan: Game: under 8 of 16
    if below is None or len(score) != 2:
        return False
    return score[1 - seat] < below


def _made_slam(match: Any, side: int) -> bool:
    """Eralash: did the player's side take every trick of some deal?"""
    for result in getattr(match, "deals_done", ()):
        slam = result.get("slam") if isinstance(result, dict) else getattr(result, "slam", None)
        if slam is not None and slam == side:
            return True
    return False


__all__ = ["SAVE_KIND", "Notice", "SavedGame", "Session", "UncountedGame", "abandon_saved_game",
           "check_saved_game", "count_finished_game", "game_in_progress", "has_saved_game", "load_game"]
