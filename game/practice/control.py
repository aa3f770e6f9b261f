"""The practice tables' controller: the mistakes to practise, the one at hand, the player's misses and
the coach's answers (``coach``), the counts kept in ``game.store.practice``. A move the coach solves
exactly (another move at a solved verdict's position) is solved on a helper thread: the table waits
("solving") and ``poll`` takes the answer.

It is a ``ShownMatch``: no session, no bots, no hint, no undo; ``match`` is the position of the
mistake at hand, rebuilt from the game's record. A move the player makes is not played: the table
hands it here (``try_move``) and shows the answer. Two misses (or S) show the answer; N goes on to the
next mistake, whose table replaces this one on the scene stack.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any

from game.practice import coach
from game.store.practice import Mistake, Practice
from game.widgets.table import ShownMatch
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.widgets.table import TableScene

ASKING, SOLVING, FOUND, SHOWN = "asking", "solving", "found", "shown"
SAID_FOR = 3600.0  # the coach's words stay until the player acts
MISSES_BEFORE_ANSWER = 2


class PracticeControl(ShownMatch):
    """Where practice is: the list, the mistake at hand (``at``), its state and the misses so far."""

    def __init__(self, app: App, book: Practice, mistakes: list[Mistake]) -> None:
        self.app = app
        self.book = book
        self.mistakes = list(mistakes)
        self.at = 0
        self.state = ASKING
        self.misses = 0
        self.found_now = 0  # found in this practice
        self.done_now = 0  # practised to the end in this practice
        self.table: TableScene | None = None
        self.solving: threading.Event | None = None  # set when the move being solved is answered
        self._solved: tuple[threading.Event, Any, coach.Answer] | None = None
        self.match: Any = self._first_playable(0)
        self.seats: list[str | None] = [None] * len(self.match.players) if self.match is not None else []

    # --- the mistake at hand ------------------------------------------------------------------------

    @property
    def mistake(self) -> Mistake:
        return self.mistakes[self.at]

    def _first_playable(self, start: int) -> Any:
        """The position of the first mistake from ``start`` that the record still rebuilds (one that
        does not, from another version, is skipped); None when none is left."""
        for i in range(start, len(self.mistakes)):
            m = self.mistakes[i]
            try:
                match = coach.position(m, self.book.record_of(m))
            except Exception:  # a record this version cannot replay: skipped, not a crash
                match = None
            if match is None or match.is_over() or match.current_player() != m.seat:
                continue
            self.at = i
            return match
        self.at = len(self.mistakes)
        return None

    def has_position(self) -> bool:
        return self.at < len(self.mistakes) and self.match is not None

    def asking(self) -> bool:
        return self.state == ASKING

    def solving_now(self) -> bool:
        """A move is being solved on the helper thread (the table ticks to take the answer)."""
        return self.state == SOLVING

    def caption(self) -> str:
        return t("practice.caption", k=self.at + 1, n=len(self.mistakes), found=self.found_now)

    # --- the player's moves and the answers --------------------------------------------------------

    def greet(self, table: TableScene) -> None:
        """The question, once the position is on the cloth."""
        if self.state == ASKING and self.misses == 0:
            table.say(coach.question(self.mistake), SAID_FOR, "hint", sticky=True)

    def try_move(self, table: TableScene, move: Any) -> None:
        """The player's move at the position (legal: the table checked): the coach's answer, at once
        from the verdict, or (a move to solve exactly) from a helper thread while the table waits."""
        if self.state != ASKING:
            return
        if not coach.needs_solving(self.mistake, move):
            self.answered(table, move, coach.answer(self.mistake, move, self.match))
            return
        self.state = SOLVING
        done = self.solving = threading.Event()
        mistake, match = self.mistake, self.match
        language = i18n.get_language()

        def solve() -> None:
            try:
                self._solved = (done, move, coach.answer(mistake, move, match, language))
            finally:
                done.set()

        table.say(t("practice.solving"), SAID_FOR, "hint", sticky=True)
        threading.Thread(target=solve, name="practice-solve", daemon=True).start()

    def poll(self, table: TableScene) -> None:
        """A solved answer arrived (the table asks each frame while it waits)."""
        done = self.solving
        if self.state != SOLVING or done is None or not done.is_set():
            return
        self.state, self.solving = ASKING, None
        got = self._solved
        if got is not None and got[0] is done:
            self.answered(table, got[1], got[2])
        else:  # the helper failed: nothing solved, said plainly
            self.answered(table, None, coach.Answer(coach.UNCHECKED, t("practice.unsolved")))

    def answered(self, table: TableScene, move: Any, said: coach.Answer) -> None:
        """The coach's answer to the move tried: found (counted), or a miss (the second shows the answer)."""
        if said.kind == coach.FOUND:
            self.state = FOUND
            self.found_now += 1
            self.done_now += 1
            left = self.book.finish(self.mistake, True)
            if move is not None:
                table.highlight_hint(move)
            text = f"{said.text} {t('practice.leaves')}" if left else said.text
            table.say(f"{text} {t('practice.go_on')}", SAID_FOR, "hint", sticky=True)
        else:
            self.misses += 1
            if self.misses >= MISSES_BEFORE_ANSWER:
                self.show_answer(table, said.text)
            else:
                table.say(f"{said.text} {t('practice.again')}", SAID_FOR, "warn", sticky=True)
        table.build_buttons()

    def show_answer(self, table: TableScene, before: str = "") -> None:
        """The better move shown on the cloth, with the reason (counted as practised, not found)."""
        if self.state != ASKING:
            return
        self.state = SHOWN
        self.done_now += 1
        self.book.finish(self.mistake, False)
        best = coach.to_move(self.mistake.game, self.mistake.best)
        if best is not None:
            table.highlight_hint(best)
        text = coach.solution(self.mistake)
        said = " ".join(x for x in (before, text, t("practice.go_on")) if x)
        table.say(said, SAID_FOR, "hint", sticky=True)
        table.build_buttons()

    def next(self) -> None:
        """On to the next mistake (its table replaces this one), or the end of practice."""
        old = self.table
        match = self._first_playable(self.at + 1)
        if match is None:
            self.close()
            return
        self.state, self.misses, self.solving = ASKING, 0, None
        self.match = match
        self.seats = [None] * len(match.players)
        from game.practice.tables import table_for

        new = table_for(self.app, self)
        stack = self.app.stack
        if old is not None and stack.top is old:
            stack.replace(new)
        else:
            if old is not None:
                stack.remove(old)
            stack.push(new)

    def close(self) -> None:
        """Practice ends: the table leaves; what was practised is said."""
        if self.table is not None:
            self.app.stack.remove(self.table)
            self.table = None
        if self.done_now:
            with contextlib.suppress(Exception):
                self.app.notify(t("practice.done", found=self.found_now, n=self.done_now), 6.0)
