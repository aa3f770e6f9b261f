"""The table's hint: the Master's choice for the player's move, asked of the bot worker like a bot
move and shown on the table with its one-line reason (``engine.review.why.hint_why``, from the
player's own view); Enter then plays it; the Hint and Undo buttons and when they look enabled
(a mixin of ``TableScene``)."""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from game.widgets.buttons import Button, button_height
from game.words import i18n
from game.words.i18n import t


class TableHint:
    """Hint and Undo buttons for ``TableScene`` (uses its ``match``, ``buttons``, ``sprites`` …)."""

    match: Any
    buttons: list[Button]
    hint_move: Any
    hint_reason: str | None = None  # why the advice is good, in the interface language (None: unsaid)

    def hint_available(self) -> bool:
        """May the player ask for a hint now? (Their turn, nothing moving, no overlay.)"""
        return (
            bool(self.humans)
            and not self.demo
            and self.is_human_turn()
            and not self.holds
            and not self.tweens.busy
            and not self.drag.dragging
        )

    def request_hint(self) -> None:
        """Ask the bot worker for the Master's choice (the frame never waits); shown when it comes."""
        if not self.hint_available():
            return
        n = len(self.match.moves)
        if self.hint_move is not None and self._hint_at == n:
            self.highlight_hint(self.hint_move)  # asked again: show the same advice again
            return
        if self._hint_request is not None:
            return  # already thinking
        seat = self.match.current_player()
        seed = self.session.hint_seed() if hasattr(self.session, "hint_seed") else n
        self._hint_at = n
        self._hint_request = self.app.worker.request(
            self.game, "master", seed, self.hint_budget, self.match.view(seat)
        )
        self.say(t("table.hint.thinking"), 30.0)

    def _take_hint_reply(self, reply: Any) -> None:
        self._hint_request = None
        if self.message is not None and self.message.text == t("table.hint.thinking"):
            self.message = None
        if reply.error is not None:
            self.say(t("table.hint.failed"), 3.0, "warn")
            return
        if self._hint_at != len(self.match.moves) or not self.is_human_turn():
            return  # the position moved on while the Master thought
        self.hint_move = reply.move
        self.hint_reason = self.reason_for_hint(reply.move)
        self.highlight_hint(reply.move)

    def reason_for_hint(self, move: Any) -> str | None:
        """The coach's one line on why ``move`` is good, from what the player's seat sees; None when
        it has nothing to add to the move itself."""
        try:
            from engine.review.why import hint_why

            why = hint_why(self.match.view(self.match.current_player()), move, self.game)
        except Exception:  # a reason that cannot be told must not cost the hint itself
            return None
        if not isinstance(why, dict):
            return None
        text = why.get(i18n.get_language()) or why.get("en")
        return text.strip() if isinstance(text, str) and text.strip() else None

    def hint_words(self, move: Any) -> str:
        """The advice as the table says it: the move, and its reason beside it when there is one."""
        words = t("table.hint.move", move=self.hint_text(move))
        return t("table.hint.move_why", hint=words, why=self.hint_reason) if self.hint_reason else words

    def play_hint(self) -> bool:
        """Enter after a hint: make the advised move, if it is still the position it was given for."""
        move = self.hint_move
        if move is None or self._hint_at != len(self.match.moves) or not self.hint_available():
            return False
        error = self.propose(move)
        if error is not None:
            self.refuse(error)
        return True

    def highlight_hint(self, move: Any) -> None:
        """Show ``move`` on the table. Subclasses light their own pieces (cards, captures, buttons);
        this default lights a played card when the move is one (an int) and names the move."""
        if type(move) is int and move in self.sprites:
            self.sprites[move].highlight = "hint"
        self.say(self.hint_words(move), 6.0, "hint")

    def hint_text(self, move: Any) -> str:
        """The advised move in words (subclasses name their moves better)."""
        with contextlib.suppress(Exception):  # the engine's own short name ("10♣", "козырь ♣")
            import importlib

            moves = importlib.import_module(f"engine.{self.game}.moves")
            return str(moves.move_name(move, i18n.get_language()))
        if type(move) is int and 0 <= move < 52:
            from engine import cards as C

            return C.display(move, i18n.get_language())
        return str(move)

    def clear_hint(self) -> None:
        """Forget the advice (a move was made, taken back, or the table changed)."""
        if self._hint_request is not None:
            with contextlib.suppress(Exception):
                self.app.worker.cancel(self._hint_request)
        self._hint_request = None
        if self.hint_move is None:
            return
        self.hint_move = None
        self.hint_reason = None
        for s in self.sprites.values():
            if s.highlight == "hint":
                s.highlight = None
        if self.message is not None and self.message.kind == "hint":
            self.message = None

    def place_hint_button(self) -> None:
        """The Hint button sits left of Undo in whatever row a table builds (tables rebuild their
        buttons often; this puts it back each time, so every table gets it without code of its own)."""
        if not self.humans or self.demo:
            return
        hint = next((b for b in self.buttons if b.key == "hint"), None)
        if hint is None:
            undo = next((b for b in self.buttons if b.key == "undo"), None)
            if undo is None:
                return
            fs = self.font_size(0.026)
            width = self.text.font(fs).size(t("table.hint"))[0] + 36
            hint = self.make_hint_button(undo.rect.height)
            beside = pygame.Rect(0, undo.rect.y, width, undo.rect.height)
            beside.right = undo.rect.left - 10
            below = pygame.Rect(undo.rect.x, undo.rect.bottom + 8, width, undo.rect.height)
            hint.rect = beside if self._clear_spot(beside) or not self._clear_spot(below) else below
            self.buttons.insert(self.buttons.index(undo), hint)
        hint.enabled = self.hint_available() or self._hint_request is not None
        undo = next((b for b in self.buttons if b.key == "undo"), None)
        if undo is not None:  # Undo waits while a sheet, the declarations or a deal hold the table
            undo.enabled = self.undo_available and not self.holds
        glow = self.hint_button_key(self.hint_move) if self.hint_move is not None else None
        for b in self.buttons:
            b.glow = b.key == glow

    def _clear_spot(self, rect: pygame.Rect) -> bool:
        """Is ``rect`` on screen and clear of the other buttons and of every card at rest?"""
        if not pygame.Rect((0, 0), self.app.size).contains(rect):
            return False
        if any(rect.colliderect(b.rect) for b in self.buttons):
            return False
        if any(rect.colliderect(r) for r in self.reserved_rects()):
            return False
        w, h = self.images.size
        for s in self.sprites.values():
            card = pygame.Rect(0, 0, w, h)
            card.center = (int(s.home[0]), int(s.home[1]))
            if rect.colliderect(card):
                return False
        return True

    def reserved_rects(self) -> list[pygame.Rect]:
        """Places a button must keep clear of besides the cards at rest (a pile that will grow)."""
        return []

    def button_height(self) -> int:
        return button_height(self.layout.size[1])

    def make_undo_button(self, height: int) -> Button:
        """The Undo button, enabled while there is a move of the player's to take back."""
        undo = Button("undo", t("table.undo"), pygame.Rect(0, 0, 10, height), self.undo)
        undo.enabled = self.undo_available and not self.holds
        return undo

    def make_hint_button(self, height: int) -> Button:
        """The Hint button (H), for a table that lays out its own row; others get it placed for them."""
        return Button("hint", t("table.hint"), pygame.Rect(0, 0, 10, height), self.request_hint, pygame.K_h)

    def hint_button_key(self, move: Any) -> str | None:
        """The key of the table button that makes ``move`` (a claim answer, a trump), if any: it glows.
        By default a move naming a suit (Eralash's ``ChooseTrump``) is the button ``trump<suit>``."""
        suit = getattr(move, "suit", None)
        return f"trump{suit}" if isinstance(suit, int) else None
