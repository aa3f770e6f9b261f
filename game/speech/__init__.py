"""Speech: what the app says, through the player's own screen reader, a log, or nothing.

Everything the app announces goes through one ``Speaker`` (``app.speech``), as a kind and a text in
the interface language. The kinds are the contract of ``salon --speech-log`` (docs/records.md):

    focus   a control or card the player moved to      turn     whose turn (the player's own says so)
    screen  a screen or dialog opened                  move     a play and what it took or won, ...
    deal    a deal dealt, the table laid               score    a deal's or trick's result, the race
    end     the match or robber over                   refused  a move refused, with its reason
    coach   a verdict and its why in the viewer        answer   the reply to a query key

Backends: ``SilentSpeaker`` (speech off), ``LogSpeaker`` (``--speech-log FILE``: one JSON line per
announcement, for checks and for the scripted player that plays by ear), ``RecordingSpeaker`` (tests)
and the screen reader's (``game.speech.reader``). A new announcement interrupts the one still being
spoken, as a screen reader does when the player acts.
"""

from __future__ import annotations

import contextlib
import json
import threading
from pathlib import Path
from typing import Protocol, TextIO

KINDS = ("focus", "screen", "turn", "move", "deal", "score", "end", "refused", "coach", "answer")


class Speaker(Protocol):
    """Says announcements. ``say`` never raises and never blocks the frame."""

    name: str  # the backend, for the Settings screen and the log ("silent", "log", "nvda", ...)

    def say(self, kind: str, text: str, *, interrupt: bool = True) -> None: ...

    def stop(self) -> None:
        """Silence what is being said (the player acted)."""

    def close(self) -> None: ...


class SilentSpeaker:
    """Speech off: says nothing."""

    name = "silent"

    def say(self, kind: str, text: str, *, interrupt: bool = True) -> None:
        check_kind(kind)

    def stop(self) -> None: ...

    def close(self) -> None: ...


class RecordingSpeaker:
    """Keeps every announcement as (kind, text, lang) in ``said`` (tests)."""

    name = "recording"

    def __init__(self) -> None:
        self.said: list[tuple[str, str, str]] = []

    def say(self, kind: str, text: str, *, interrupt: bool = True) -> None:
        check_kind(kind)
        self.said.append((kind, text, current_language()))

    def stop(self) -> None: ...

    def close(self) -> None: ...

    def texts(self, kind: str | None = None) -> list[str]:
        return [text for k, text, _ in self.said if kind is None or k == kind]


class LogSpeaker:
    """Appends every announcement to ``path`` as ``{"kind", "text", "lang"}`` on one line, flushed at
    once, so a reader following the file sees each as it is said. A file that cannot be written is
    said once on stderr; the game goes on silently."""

    name = "log"

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._failed = False
        try:
            self._file: TextIO | None = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - held for the run
        except OSError as err:
            self._file = None
            self._fail(err)

    def _fail(self, err: OSError) -> None:
        import sys

        if not self._failed:
            self._failed = True
            print(f"salon: cannot write the speech log {self.path} ({err.strerror or err}); "
                  "speech goes on without it", file=sys.stderr)

    def say(self, kind: str, text: str, *, interrupt: bool = True) -> None:
        check_kind(kind)
        if self._file is None or not text:
            return
        line = json.dumps({"kind": kind, "text": text, "lang": current_language()}, ensure_ascii=False)
        with self._lock:
            try:
                self._file.write(line + "\n")
                self._file.flush()
            except (OSError, ValueError) as err:
                self._file = None
                self._fail(err if isinstance(err, OSError) else OSError(str(err)))

    def stop(self) -> None: ...

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                with contextlib.suppress(OSError):
                    self._file.close()
                self._file = None


class Both:
    """Says through two speakers (the screen reader and the log of ``--speech-log`` at once)."""

    def __init__(self, first: Speaker, second: Speaker) -> None:
        self.first, self.second = first, second
        self.name = f"{first.name}+{second.name}"

    def say(self, kind: str, text: str, *, interrupt: bool = True) -> None:
        self.first.say(kind, text, interrupt=interrupt)
        self.second.say(kind, text, interrupt=interrupt)

    def stop(self) -> None:
        self.first.stop()
        self.second.stop()

    def close(self) -> None:
        self.first.close()
        self.second.close()


def check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown announcement kind {kind!r}; one of {', '.join(KINDS)}")


def current_language() -> str:
    from game.words import i18n

    return i18n.get_language()
