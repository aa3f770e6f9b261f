"""Each game's table in practice: the game's own table and parts, driven by ``PracticeControl``.

The player's hand plays as at a game, but a move is not made: the table checks it is legal (a refusal
is said as at the table), hands it to the controller, which answers, and the cards go back. The
top row holds Show the answer (S), Next (N) and Back instead of Hint and Undo; the deal number's spot
says which mistake of how many this is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.state import IllegalMove
from game.eralash.table import EralashTable
from game.uragan.table import UraganTable
from game.widgets.buttons import Button, row_of_buttons
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.practice.control import PracticeControl
    from game.widgets.table import TableScene

REPLACED = ("hint", "undo", "menu", "sheet")  # the play table's row: practice puts its own there


def practice_row(table: TableScene, control: PracticeControl) -> None:
    """Show the answer, Next and Back where the table's Hint, Undo and Menu were, right-aligned."""
    old = [b for b in table.buttons if b.key in REPLACED]
    if not old:
        return
    kept = [b for b in table.buttons if b.key not in REPLACED]
    bh = old[0].rect.height
    answer = Button("answer", t("practice.show"), pygame.Rect(0, 0, 10, bh),
                    lambda: control.show_answer(table), pygame.K_s)
    answer.enabled = control.asking()
    nxt = Button("next", t("practice.next"), pygame.Rect(0, 0, 10, bh), control.next, pygame.K_n,
                 accent=not control.asking())
    back = Button("menu", t("practice.back"), pygame.Rect(0, 0, 10, bh), control.close)
    row = [answer, nxt, back]
    fs = table.font_size(0.024)
    row_of_buttons(row, (0, 0), bh, table.text, fs, gap=10, pad=18)
    for b in row:
        b.text_size = fs  # (drawn at the size it was measured at, as the table's own row)
    right, y = max(b.rect.right for b in old), old[0].rect.y
    for b in reversed(row):
        b.rect.topright = (right, y)
        right = b.rect.left - 10
    table.buttons = row + kept


def practice_key(control: PracticeControl, table: TableScene, event: pygame.event.Event) -> bool:
    """S shows the answer, N goes on, before the game's own keys (Eralash's S opens its sheet)."""
    if event.type != pygame.KEYDOWN or getattr(event, "mod", 0) & pygame.KMOD_CTRL:
        return False
    if event.key == pygame.K_s:
        control.show_answer(table)
        return True
    if event.key == pygame.K_n:
        control.next()
        return True
    return False


def tried(table: TableScene, control: PracticeControl, move: Any) -> str | None:
    """A move at the practice table: refused as at a game if illegal, else answered by the coach and
    not made (the cards go back)."""
    if not table.is_human_turn():
        return t("table.not_your_turn")
    try:
        table.match.copy().play(move)
    except IllegalMove as err:
        return table.refusal_text(err)
    control.try_move(table, move)
    table.sync(duration=0.3)
    return None


class UraganPractice(UraganTable):
    """Uragan's table at a mistake's position: the player's seat at the bottom, nobody else playing."""

    _practice_state: tuple[Any, ...] | None = None  # what follow_practice last built the buttons for

    def __init__(self, app: App, control: PracticeControl) -> None:
        super().__init__(app, control)
        self.practice = control
        seat = control.mistake.seat
        self.humans, self.me = [seat], seat
        self.levels = [None] * len(control.match.players)  # nobody thinks: no bot moves are asked

    def is_human_turn(self) -> bool:
        return self.practice.asking() and not self.match.is_over() and self.match.current_player() == self.me

    def apply_move(self, move: Any) -> str | None:
        return tried(self, self.practice, move)

    def show_deal_score(self, deal: Any) -> None: ...

    def to_menu(self) -> None:
        self.practice.close()

    def undo(self) -> None: ...

    def deal_number_text(self) -> str:
        return self.practice.caption()

    def on_warm(self) -> None:
        self._opening_pending = False  # the position is shown as it stands: no deal dealt out
        self._sheet_pending = False
        self.sync(instant=True)
        self.practice.greet(self)

    def build_buttons(self) -> None:
        super().build_buttons()
        practice_row(self, self.practice)
        if self.buttons and self.layout is not None:
            row = [b.rect.left for b in self.buttons if b.key in ("answer", "next", "menu")]
            self.fit_opponent_hand(min(row))

    def timers_running(self) -> bool:
        return super().timers_running() or self.practice.solving_now()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if practice_key(self.practice, self, event):
            self.note_action(event)
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        follow_practice(self)


class EralashPractice(EralashTable):
    """Eralash's table at a mistake's position (a card to play, or trump to name): the player's seat
    at the bottom."""

    _practice_state: tuple[Any, ...] | None = None  # what follow_practice last built the buttons for

    def __init__(self, app: App, control: PracticeControl) -> None:
        super().__init__(app, control)
        self.practice = control
        seat = control.mistake.seat
        self.humans, self.me = [seat], seat
        self.levels = [None] * len(control.match.players)
        self._opening_pending = False
        self.phase = self.practice_phase()

    def practice_phase(self) -> str:
        """The play, or the trump still to be named (a trump choice practised: its suit buttons)."""
        return "play" if self.shown.trump >= 0 else "declare"

    def is_human_turn(self) -> bool:
        return self.practice.asking() and not self.match.is_over() and self.match.current_player() == self.me

    def apply_move(self, move: Any) -> str | None:
        return tried(self, self.practice, move)

    def show_sheet(self, deal_end: bool = False) -> None: ...

    def maybe_tip(self) -> None: ...

    def to_menu(self) -> None:
        self.practice.close()

    def undo(self) -> None: ...

    def deal_number_text(self) -> str:
        return self.practice.caption()

    def on_warm(self) -> None:
        self._opening_pending = False
        self.phase = self.practice_phase()
        self.sync(instant=True)
        self.practice.greet(self)

    def build_buttons(self) -> None:
        super().build_buttons()
        practice_row(self, self.practice)
        rects = [b.rect for b in self.buttons if b.key in ("answer", "next", "menu")]
        if self.layout is not None and rects:  # (the practice's row, wider: the top hand fits beside it)
            moved = self.layout.clear_of_buttons(rects[0].unionall(rects[1:]))
            if moved and self.sprites and not self.busy():
                self.sync(instant=True)

    def timers_running(self) -> bool:
        return super().timers_running() or self.practice.solving_now()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if practice_key(self.practice, self, event):
            self.note_action(event)
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        follow_practice(self)


def follow_practice(table: UraganPractice | EralashPractice) -> None:
    """Each frame of either practice table: the coach's answer polled, and the buttons built again
    when the practice's state (asking, answered, shown) or its misses change."""
    table.practice.poll(table)
    state = (table.practice.state, table.practice.misses)
    if state != table._practice_state:
        table._practice_state = state
        table.build_buttons()


PRACTICE_TABLES: dict[str, type[UraganPractice] | type[EralashPractice]] = {
    "uragan": UraganPractice, "eralash": EralashPractice}


def table_for(app: App, control: PracticeControl) -> UraganPractice | EralashPractice:
    """The table for the controller's mistake at hand (its game's), remembered by the controller."""
    table = PRACTICE_TABLES[control.mistake.game](app, control)
    control.table = table
    return table
