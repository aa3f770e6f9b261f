"""The mistakes the player may practise, and how practice went, kept in ``practice.json``.

After a review of the player's own deal (or from the viewer's "Practise the mistakes"), every decision
the coach marked **mistake** is kept with what it needs to be played again offline: the game's record
(kept once per game, shared by its mistakes), the index of the decision in the record's moves
(``engine.review.match_before`` rebuilds the position), the seat, the move played, the coach's best
move and its ``why`` in both languages. ``found`` counts the times the player found the better move
in practice; a mistake found twice (``FOUND_TO_LEAVE``) leaves the list. Per game, ``practised``
counts the mistakes practised to their end (found, or the answer shown) and ``found`` those found.

The file is written atomically like the other stores; a damaged file is set aside (and said) by the
store, a damaged entry is dropped with a copy of the file kept aside and a notice.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from game.store.settings import GAMES
from game.store.storage import FileKind, Store

PRACTICE_KIND = FileKind("practice", "practice.json", version=1)
FOUND_TO_LEAVE = 2  # a mistake found this many times leaves the list
MAX_MISTAKES = 120  # the oldest go first
MAX_COUNT = 10**9
MAX_RECORD_CHARS = 400_000  # a record larger than this is damage (a match is a few kilobytes)


@dataclass
class Mistake:
    """One decision marked mistake, as practice needs it (moves written as in records)."""

    key: str  # the same decision of the same game gives the same key
    game: str
    record: str  # key of the game's record in ``Practice.records``
    seat: int
    move: int  # index of the decision in the record's whole move list
    played: Any
    best: Any
    deal: int = 1
    play: int = 1
    why: dict[str, str] = field(default_factory=dict)
    found: int = 0  # times found in practice
    tries: int = 0  # times practised to the end
    exact: bool = False  # the verdict was solved exactly (so may another move be, in practice)

    def why_in(self, lang: str) -> str:
        """The coach's reason in ``lang`` (else the other language's), or ''."""
        for key in (lang, "en", "ru"):
            text = self.why.get(key)
            if isinstance(text, str) and text.strip():
                return text.strip()
        return ""

    @classmethod
    def from_dict(cls, d: Any) -> Mistake:
        """``ValueError`` unless every field has its type."""
        if not isinstance(d, dict):
            raise ValueError("not an object")
        ints: dict[str, int] = {}
        for name in ("seat", "move", "deal", "play", "found", "tries"):
            v = d.get(name, 0 if name in ("found", "tries") else None)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_COUNT:
                raise ValueError(f"{name} is not a count")
            ints[name] = v
        texts = [d.get(name) for name in ("key", "game", "record")]
        if not all(isinstance(x, str) and 0 < len(x) <= 64 for x in texts):
            raise ValueError("key, game or record missing")
        why = d.get("why", {})
        if not isinstance(why, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                for k, v in why.items()):
            raise ValueError("why is not text")
        if d["game"] not in GAMES or d.get("played") is None or d.get("best") is None:
            raise ValueError("unknown game or moves missing")
        exact = d.get("exact", False)
        if not isinstance(exact, bool):
            raise ValueError("exact is not true or false")
        return cls(d["key"], d["game"], d["record"], ints["seat"], ints["move"], d["played"], d["best"],
                   ints["deal"], ints["play"], dict(why), ints["found"], ints["tries"], exact)


def record_key(record: dict[str, Any]) -> str:
    """A record's fingerprint: the same game, the same key."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2s(text.encode(), digest_size=10).hexdigest()


def is_mistake(raw: Any) -> bool:
    """A verdict of the review (as it came) marked mistake, with a place in the moves and both moves."""
    return (isinstance(raw, dict) and raw.get("mark") == "mistake" and isinstance(raw.get("move"), int)
            and raw.get("played") is not None and raw.get("best") is not None
            and raw.get("played") != raw.get("best"))


class Practice:
    """The list of mistakes to practise and the counts; ``add_review`` after a review, ``finish`` after
    each mistake practised."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.mistakes: list[Mistake] = []
        self.records: dict[str, dict[str, Any]] = {}
        self.practised: dict[str, int] = {g: 0 for g in GAMES}
        self.found: dict[str, int] = {g: 0 for g in GAMES}

    @classmethod
    def load(cls, store: Store) -> Practice:
        """The list in ``store``: a damaged file is set aside by the store (with a notice); damaged
        entries are dropped, a copy of the file as it was kept aside, with a notice."""
        book = cls(store)
        doc = store.load(PRACTICE_KIND)
        if doc:
            damaged = book._absorb(doc)
            if damaged:
                store.keep_copy(PRACTICE_KIND, ", ".join(damaged[:4]) + (" …" if len(damaged) > 4 else ""))
        return book

    # --- what is on the list -----------------------------------------------------------------------

    def pending(self, game: str | None = None) -> list[Mistake]:
        """The mistakes still to practise (of ``game``, or all), oldest first."""
        return [m for m in self.mistakes if game is None or m.game == game]

    def record_of(self, mistake: Mistake) -> dict[str, Any]:
        return self.records[mistake.record]

    def add_review(self, game: str, record: dict[str, Any], seat: int, verdicts: list[dict[str, Any]],
                   *, save: bool = True) -> list[Mistake]:
        """Put the review's mistakes on the list (a decision already there stays as it is); returns
        the mistakes of this review, in the order of the game."""
        if game not in self.practised:
            raise ValueError(f"unknown game {game!r}")
        rkey = record_key(record)
        out: list[Mistake] = []
        for raw in sorted((v for v in verdicts if is_mistake(v)), key=lambda v: int(v["move"])):
            key = hashlib.blake2s(f"{rkey}/{seat}/{raw['move']}".encode(), digest_size=8).hexdigest()
            known = next((m for m in self.mistakes if m.key == key), None)
            if known is None:
                why = raw.get("why")
                why = why if isinstance(why, dict) else {}
                known = Mistake(key, game, rkey, seat, int(raw["move"]), raw["played"], raw["best"],
                                int(raw.get("deal", 1)), int(raw.get("play", 1)),
                                {k: v for k, v in why.items() if isinstance(v, str)},
                                exact=raw.get("exact") is True)
                self.mistakes.append(known)
            out.append(known)
        if out:
            self.records[rkey] = record
        self.mistakes = self.mistakes[-MAX_MISTAKES:]
        self._forget_unused_records()
        if save and out:
            self.save()
        return out

    def finish(self, mistake: Mistake, found: bool) -> bool:
        """One mistake practised to its end (found, or the answer shown): counted, and saved; True
        when it has now been found often enough to leave the list."""
        self.practised[mistake.game] = min(MAX_COUNT, self.practised.get(mistake.game, 0) + 1)
        mistake.tries += 1
        if found:
            self.found[mistake.game] = min(MAX_COUNT, self.found.get(mistake.game, 0) + 1)
            mistake.found += 1
        leaves = mistake.found >= FOUND_TO_LEAVE
        if leaves:
            self.mistakes = [m for m in self.mistakes if m.key != mistake.key]
            self._forget_unused_records()
        else:
            for m in self.mistakes:  # the list's own copy (the caller may hold another)
                if m.key == mistake.key:
                    m.found, m.tries = mistake.found, mistake.tries
        self.save()
        return leaves

    def reset(self) -> None:
        """Forget the list and the counts (Statistics' Reset)."""
        self.mistakes, self.records = [], {}
        self.practised = {g: 0 for g in GAMES}
        self.found = {g: 0 for g in GAMES}
        self.save()

    # --- the file --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"version": PRACTICE_KIND.version,
                "mistakes": [asdict(m) for m in self.mistakes],
                "records": dict(self.records),
                "practised": dict(self.practised), "found": dict(self.found)}

    def save(self) -> bool:
        return self.store.save(PRACTICE_KIND, self.to_dict()) if self.store else False

    def _forget_unused_records(self) -> None:
        used = {m.record for m in self.mistakes}
        self.records = {k: r for k, r in self.records.items() if k in used}

    def _absorb(self, doc: dict[str, Any]) -> list[str]:
        """Take every valid part of ``doc``; the names of the parts that were not valid."""
        damaged: list[str] = []
        records = doc.get("records", {})
        if isinstance(records, dict):
            for k, r in records.items():
                if isinstance(k, str) and isinstance(r, dict) and len(json.dumps(r)) <= MAX_RECORD_CHARS:
                    self.records[k] = r
                else:
                    damaged.append(f"records/{str(k)[:20]}")
        else:
            damaged.append("records")
        mistakes = doc.get("mistakes", [])
        if isinstance(mistakes, list):
            for i, raw in enumerate(mistakes[-MAX_MISTAKES:]):
                try:
                    m = Mistake.from_dict(raw)
                except ValueError:
                    damaged.append(f"mistakes/{i}")
                    continue
                if m.record not in self.records:
                    damaged.append(f"mistakes/{i}")
                    continue
                if all(m.key != k.key for k in self.mistakes):
                    self.mistakes.append(m)
        else:
            damaged.append("mistakes")
        for name in ("practised", "found"):
            counts = doc.get(name, {})
            if not isinstance(counts, dict):
                damaged.append(name)
                continue
            target = getattr(self, name)
            for game, n in counts.items():
                if game not in target:
                    continue
                if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_COUNT:
                    target[game] = n
                else:
                    damaged.append(f"{name}/{game}")
        for g in GAMES:
            if self.found[g] > self.practised[g]:
                damaged.append(f"found/{g}")
                self.found[g] = self.practised[g]
        self._forget_unused_records()
        return damaged
