"""Leaving a table of people asks first: the host's leaving closes the table for everyone (its game is
saved, to be hosted again with Continue), a guest's hands its seat to a bot until it comes back.

``LeaveQuestion`` is a see-through screen over the table holding the app's yes-or-no question, Cancel
the default (the keys, the focus and speech as every question has); the table below keeps up with the
host meanwhile. Yes leaves the table; Cancel, Esc or the question closed otherwise go back to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.widgets.gui_scene import GuiScene

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


class LeaveQuestion(GuiScene):
    transparent = True
    update_below = True  # the table keeps reading the host (moves, a seat dropped) under the question

    def __init__(self, app: App, table: Scene, texts: str) -> None:
        super().__init__(app)
        self.table, self.texts = table, texts

    def build(self) -> None:
        self.clear()
        self.ask_confirmation(self.texts, "#people_leave_dialog", cancel_first=True)

    def update(self, dt: float) -> None:
        if self.app.stack.top is self and (self.dialog is None or not self.dialog.alive()):
            self.app.stack.remove(self)  # answered Cancel (a click, the keys)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.confirmed(event):
            self.app.stack.remove(self)
            self.app.stack.remove(self.table)  # (the table's exit closes its connection)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss_dialog()
            self.app.stack.remove(self)
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        """(the question draws itself, with its shade, over the table)"""
