"""The table's hint: the Master's choice for the player's move, asked of the bot worker like a bot
move and shown on the table with its one-line reason (``engine.review.why.hint_why``, from the
player's own view); Enter then plays it; the Hint and Undo buttons and when they look enabled
(``Hint``, a part of the play table: it owns the advice and reads the table through ``HintTable``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.widgets.buttons import Button
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.botworker import Reply
    from game.tween import Tweener
    from game.widgets.cards import CardImages, CardSprite
    from game.widgets.drag import DragController
    from game.widgets.table import Message
    from game.widgets.text import TextCache


class HintTable(Protocol):
    """What the hint reads of the table, and the table's hooks it calls (each game names its moves,
    lights its own pieces and has its own buttons)."""

    app: App
    text: TextCache
    humans: list[int]
    demo: bool
    holds: set[str]
    tweens: Tweener
    drag: DragController
    images: CardImages
    sprites: dict[int, CardSprite]
    buttons: list[Button]
    message: Message | None
    undo_available: bool

    @property
    def game(self) -> str: ...

    @property
    def match(self) -> Any: ...

    def hint_seed(self) -> int: ...

    def is_human_turn(self) -> bool: ...

    def hint_available(self) -> bool: ...

    def highlight_hint(self, move: Any) -> None: ...

    def hint_button_key(self, move: Any) -> str | None: ...

    def make_hint_button(self, height: int) -> Button: ...

    def reserved_rects(self) -> list[pygame.Rect]: ...

    def font_size(self, share: float) -> int: ...

    def propose(self, move: Any) -> str | None: ...

    def refuse(self, reason: str) -> None: ...

    def say(self, text: str, seconds: float = 3.0, kind: str = "info", sticky: bool = False) -> None: ...


class Hint:
    """The advice asked for, being thought or shown, and the position it was given for."""

    def __init__(self, table: HintTable) -> None:
        self.table = table
        self.budget: float | None = 0.8  # seconds the Master thinks (None: its own budget)
        self.move: Any = None  # the advice being shown (None: none)
        self.reason: str | None = None  # why the advice is good, in the interface language (None: unsaid)
        self.request: int | None = None  # the worker's id while the Master thinks
        self.at = -1  # how many moves the match had when the hint was asked (stale after a move)

    def available(self) -> bool:
        """May the player ask for a hint now? (Their turn, nothing moving, no overlay.)"""
        table = self.table
        return (
            bool(table.humans)
            and not table.demo
            and table.is_human_turn()
            and not table.holds
            and not table.tweens.busy
            and not table.drag.dragging
        )

    def ask(self) -> None:
        """Ask the bot worker for the Master's choice (the frame never waits); shown when it comes."""
        table = self.table
        if not table.hint_available():
            return
        n = len(table.match.moves)
        if self.move is not None and self.at == n:
            table.highlight_hint(self.move)  # asked again: show the same advice again
            return
        if self.request is not None:
            return  # already thinking
        seat = table.match.current_player()
        self.at = n
        self.request = table.app.worker.request(
            table.game, "master", table.hint_seed(), self.budget, table.match.view(seat)
        )
        table.say(t("table.hint.thinking"), 30.0)

    def update(self) -> None:
        """Take the Master's answer when it has come."""
        if self.request is None:
            return
        for reply in self.table.app.worker.take(self.request):
            self.take_reply(reply)

    def take_reply(self, reply: Reply) -> None:
        table = self.table
        self.request = None
        if table.message is not None and table.message.text == t("table.hint.thinking"):
            table.message = None
        if reply.error is not None:
            table.say(t("table.hint.failed"), 3.0, "warn")
            return
        if self.at != len(table.match.moves) or not table.is_human_turn():
            return  # the position moved on while the Master thought
        self.move = reply.move
        self.reason = self.reason_for(reply.move)
        table.highlight_hint(reply.move)

    def reason_for(self, move: Any) -> str | None:
        """The coach's one line on why ``move`` is good, from what the player's seat sees; None when
        it has nothing to add to the move itself."""
        match = self.table.match
        try:
            from engine.review.why import hint_why

            why = hint_why(match.view(match.current_player()), move, self.table.game)
        except Exception:  # a reason that cannot be told must not cost the hint itself
            return None
        if not isinstance(why, dict):
            return None
        text = why.get(i18n.get_language()) or why.get("en")
        return text.strip() if isinstance(text, str) and text.strip() else None

    def play(self) -> bool:
        """Enter after a hint: make the advised move, if it is still the position it was given for."""
        table = self.table
        move = self.move
        if move is None or self.at != len(table.match.moves) or not table.hint_available():
            return False
        error = table.propose(move)
        if error is not None:
            table.refuse(error)
        return True

    def clear(self) -> None:
        """Forget the advice (a move was made, taken back, or the table changed)."""
        table = self.table
        if self.request is not None:
            with contextlib.suppress(Exception):
                table.app.worker.cancel(self.request)
        self.request = None
        if self.move is None:
            return
        self.move = None
        self.reason = None
        for s in table.sprites.values():
            if s.highlight == "hint":
                s.highlight = None
        if table.message is not None and table.message.kind == "hint":
            table.message = None

    def place_button(self) -> None:
        """The Hint button sits left of Undo in whatever row a table builds (tables rebuild their
        buttons often; this puts it back each time, so every table gets it without code of its own)."""
        table = self.table
        if not table.humans or table.demo:
            return
        buttons = table.buttons
        hint = next((b for b in buttons if b.key == "hint"), None)
        if hint is None:
            undo = next((b for b in buttons if b.key == "undo"), None)
            if undo is None:
                return
            fs = table.font_size(0.026)
            width = table.text.font(fs).size(t("table.hint"))[0] + 36
            hint = table.make_hint_button(undo.rect.height)
            beside = pygame.Rect(0, undo.rect.y, width, undo.rect.height)
            beside.right = undo.rect.left - 10
            below = pygame.Rect(undo.rect.x, undo.rect.bottom + 8, width, undo.rect.height)
            hint.rect = beside if self.clear_spot(beside) or not self.clear_spot(below) else below
            buttons.insert(buttons.index(undo), hint)
        hint.enabled = table.hint_available() or self.request is not None
        undo = next((b for b in buttons if b.key == "undo"), None)
        if undo is not None:  # Undo waits while a sheet, the declarations or a deal hold the table
            undo.enabled = table.undo_available and not table.holds
        glow = table.hint_button_key(self.move) if self.move is not None else None
        for b in buttons:
            b.glow = b.key == glow

    def clear_spot(self, rect: pygame.Rect) -> bool:
        """Is ``rect`` on screen and clear of the other buttons and of every card at rest?"""
        table = self.table
        if not pygame.Rect((0, 0), table.app.size).contains(rect):
            return False
        if any(rect.colliderect(b.rect) for b in table.buttons):
            return False
        if any(rect.colliderect(r) for r in table.reserved_rects()):
            return False
        w, h = table.images.size
        for s in table.sprites.values():
            card = pygame.Rect(0, 0, w, h)
            card.center = (int(s.home[0]), int(s.home[1]))
            if rect.colliderect(card):
                return False
        return True


def hint_text(game: str, move: Any) -> str:
    """The advised move in words, as the engine names it ("10♣", "козырь ♣"); a card or the move itself
    when the engine cannot."""
    with contextlib.suppress(Exception):  # (Uragan's names take no language: its table names its moves)
        from engine.games import game_named

        name: Callable[..., str] = game_named(game).move_name
        return str(name(move, i18n.get_language()))
    if type(move) is int and 0 <= move < 52:
        from engine import cards as C

        return C.display(move, i18n.get_language())
    return str(move)
