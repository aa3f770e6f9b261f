"""Show me how: the better line of a judged decision played out on the replay's table, then back.

A part of the viewer (``LineShow``, reading the viewer through ``LineHost``). The button (or S)
takes the verdict's ``line`` (the better move and the replies the search expects,
``Replay.line_steps``) and plays it on the cloth at the table's pace:
each move first marked on the cards (the card lifted, the cards it takes outlined), then made, its
cards carried where they go. A line that ends the deal (Uragan's exact last round) stops on the
finished deal with its final score difference. A searched line's replies are cards the others may
hold (``line_assumed``: a sample drawn from the seat's view, never their real hands); each is played
as if held — it changes places with a face-down card of that hand, so nothing hidden comes to light —
and the panel says so ("b, if holding 4♦: …"). A line stops at the end of its round: the next round
is not dealt on. The button, S, Esc or any step goes back to the real game at the decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.review.control import ReplayControl
    from game.review.model import Step
    from game.widgets.table import TableScene


class LineHost(Protocol):
    """What the line reads of the viewer: where the replay is, the table it plays on, and how the
    viewer shows a position, marks a move and lays its buttons out again."""

    control: ReplayControl

    @property
    def table(self) -> TableScene: ...

    def line_pause(self) -> float: ...

    def show_position(self, step: Step, animate: bool) -> None: ...

    def mark_step(self) -> None: ...

    def move_cards(self, move: Any) -> list[int]: ...

    def is_in_hand(self, card: int) -> bool: ...

    def build_buttons(self) -> None: ...


class LineShow:
    """The better line on the table: its positions, how far it has come, and when its last beat was."""

    def __init__(self, host: LineHost) -> None:
        self.host = host
        self.line: list[Step] | None = None  # the positions of the line being shown, None when not showing
        self.at = 0  # how many of its moves are on the cloth
        self.marked = False  # the next move is marked on the cards, about to be made
        self.since = 0.0  # the table's clock at the last beat

    def can_show(self) -> bool:
        """Is there a better line to show at the decision on the cloth?"""
        control = self.host.control
        step = control.step
        v = step.verdict
        return (v is not None and step.next_move is not None and v.grade != "best"
                and not control.replay.is_decided(v.deal) and bool(v.line_json()))

    def showing(self) -> bool:
        return self.line is not None

    def done(self) -> bool:
        return self.line is not None and self.at >= len(self.line)

    def toggle(self) -> None:
        """The Show me how button and S: start the line, or go back to the real game."""
        host = self.host
        if self.line is not None:
            self.end()
            return
        if not self.can_show():
            return
        steps = host.control.replay.line_steps(host.control.index)
        if not steps:
            return
        self.line, self.at, self.marked = steps, 0, False
        self.since = host.table.clock
        host.show_position(host.control.step, animate=False)
        for s in host.table.sprites.values():
            s.highlight = None
        host.build_buttons()

    def end(self, show: bool = True) -> None:
        """Back to the real game at the decision (``show`` False: the caller shows another step)."""
        if self.line is None:
            return
        self.line, self.at, self.marked = None, 0, False
        if show:
            host = self.host
            host.show_position(host.control.step, animate=False)
            host.mark_step()
            host.build_buttons()

    def update(self) -> None:
        """One beat of the line: mark the next move on the cards, then make it."""
        host = self.host
        table = host.table
        line = self.line
        if line is None or self.at >= len(line) or table.busy():
            return
        if table.clock - self.since < host.line_pause():
            return
        nxt = line[self.at]
        if not self.marked:
            self.mark_move(nxt.next_move)
            self.marked = True
        else:
            host.show_position(nxt, animate=True)
            self.at += 1
            self.marked = False
            host.build_buttons()
        self.since = table.clock

    def mark_move(self, move: Any) -> None:
        """The move about to be made, on the cards: the card played lifted, what it takes outlined."""
        table = self.host.table
        for s in table.sprites.values():
            s.highlight = None
        for i, card in enumerate(self.host.move_cards(move)):
            sprite = table.sprites.get(card)
            if sprite is None:
                continue
            sprite.highlight = "hint"
            if i == 0 and self.host.is_in_hand(card):
                table.fx.tween(sprite, 0.15, lift=0.22)

    def position(self) -> Step | None:
        """The line's position now on the cloth (None before its first move)."""
        if self.line is None or self.at == 0:
            return None
        return self.line[self.at - 1]

    def key(self) -> tuple[Any, ...]:
        return (self.line is not None, self.at, self.marked)
