"""Show me how: the better line of a judged decision played out on the replay's table, then back.

A mixin of the viewer. The button (or S) takes the verdict's ``line`` (the better move and the
replies the search expects, ``Replay.line_steps``) and plays it on the cloth at the table's pace:
each move first marked on the cards (the card lifted, the cards it takes outlined), then made, its
cards carried where they go. A line that ends the deal (Uragan's exact last round) stops on the
finished deal with its final score difference. The button, S, Esc or any step goes back to the real
game at the decision.
"""

from __future__ import annotations

from typing import Any

from game.widgets.table_bots import BOT_DELAY


class LineShow:
    """The better line on the table (uses the viewer's ``replay``, ``index``, ``step``, ``sprites`` …)."""

    replay: Any
    index: int
    clock: float
    speed: str
    sprites: dict[int, Any]
    line: list[Any] | None = None  # the positions of the line being shown, None when not showing
    line_at = 0  # how many of its moves are on the cloth
    line_marked = False  # the next move is marked on the cards, about to be made
    line_since = 0.0

    def can_show_line(self) -> bool:
        """Is there a better line to show at the decision on the cloth?"""
        step = self.replay.steps[self.index]
        v = step.verdict
        return (v is not None and step.next_move is not None and v.grade != "best"
                and not self.replay.is_decided(v.deal) and bool(v.line_json()))

    def showing_line(self) -> bool:
        return self.line is not None

    def line_done(self) -> bool:
        return self.line is not None and self.line_at >= len(self.line)

    def toggle_line(self) -> None:
        """The Show me how button and S: start the line, or go back to the real game."""
        if self.line is not None:
            self.end_line()
            return
        if not self.can_show_line():
            return
        steps = self.replay.line_steps(self.index)
        if not steps:
            return
        self.line, self.line_at, self.line_marked = steps, 0, False
        self.line_since = self.clock
        self.show_position(self.replay.steps[self.index], animate=False)  # type: ignore[attr-defined]
        for s in self.sprites.values():
            s.highlight = None
        self.build_buttons()  # type: ignore[attr-defined]

    def end_line(self, show: bool = True) -> None:
        """Back to the real game at the decision (``show`` False: the caller shows another step)."""
        if self.line is None:
            return
        self.line, self.line_at, self.line_marked = None, 0, False
        if show:
            self.show_position(self.replay.steps[self.index], animate=False)  # type: ignore[attr-defined]
            self.mark_step()  # type: ignore[attr-defined]
            self.build_buttons()  # type: ignore[attr-defined]

    def line_pause(self) -> float:
        return BOT_DELAY.get(getattr(self, "speed", "normal"), 0.7)

    def update_line(self) -> None:
        """One beat of the line: mark the next move on the cards, then make it."""
        line = self.line
        if line is None or self.line_at >= len(line) or self.busy():  # type: ignore[attr-defined]
            return
        if self.clock - self.line_since < self.line_pause():
            return
        nxt = line[self.line_at]
        if not self.line_marked:
            self.mark_line_move(nxt.next_move)
            self.line_marked = True
        else:
            self.show_position(nxt, animate=True)  # type: ignore[attr-defined]
            self.line_at += 1
            self.line_marked = False
            self.build_buttons()  # type: ignore[attr-defined]
        self.line_since = self.clock

    def mark_line_move(self, move: Any) -> None:
        """The move about to be made, on the cards: the card played lifted, what it takes outlined."""
        for s in self.sprites.values():
            s.highlight = None
        for i, card in enumerate(self.move_cards(move)):  # type: ignore[attr-defined]
            s = self.sprites.get(card)
            if s is None:
                continue
            s.highlight = "hint"
            if i == 0 and self.is_in_hand(card):  # type: ignore[attr-defined]
                self.fx.tween(s, 0.15, lift=0.22)  # type: ignore[attr-defined]

    def line_position(self) -> Any:
        """The line's position now on the cloth (None before its first move)."""
        if self.line is None or self.line_at == 0:
            return None
        return self.line[self.line_at - 1]

    def line_key(self) -> tuple[Any, ...]:
        return (self.line is not None, self.line_at, self.line_marked)
