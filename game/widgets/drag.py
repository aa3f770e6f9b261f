"""Drag-and-drop and click for card sprites: press, move past a few pixels to drag, release to drop.

The controller only reports what the hand did (``on_drop(sprite, pos)``, ``on_click(sprite)``); the
scene turns that into a proposed move and the engine accepts or refuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.widgets.cards import CardSprite

DRAG_THRESHOLD = 6  # pixels before a press becomes a drag (below: a click)


class DragController:
    def __init__(
        self,
        card_size: Callable[[], tuple[int, int]],
        draggable: Callable[[], Sequence[CardSprite]],
        on_drop: Callable[[CardSprite, tuple[int, int]], None],
        on_click: Callable[[CardSprite], None],
        on_start: Callable[[CardSprite], None] | None = None,
    ) -> None:
        self.card_size = card_size
        self.draggable = draggable
        self.on_drop = on_drop
        self.on_click = on_click
        self.on_start = on_start
        self.pressed: CardSprite | None = None
        self.dragging = False
        self._press_pos = (0, 0)
        self._offset = (0.0, 0.0)
        self.hover: CardSprite | None = None
        self.enabled = True

    def hit(self, pos: tuple[int, int]) -> CardSprite | None:
        size = self.card_size()
        for sprite in sorted(self.draggable(), key=lambda s: s.z, reverse=True):
            if sprite.visible and sprite.rect(size).collidepoint(pos):
                return sprite
        return None

    def cancel(self) -> None:
        self.pressed = None
        self.dragging = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Consume mouse events that touch a draggable card (or continue a drag)."""
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.hit(event.pos)
            if sprite is None:
                return False
            self.pressed = sprite
            self.dragging = False
            self._press_pos = event.pos
            self._offset = (sprite.x - event.pos[0], sprite.y - event.pos[1])
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.pressed is None:
                self.hover = self.hit(event.pos)
                return False
            dx, dy = event.pos[0] - self._press_pos[0], event.pos[1] - self._press_pos[1]
            if not self.dragging and dx * dx + dy * dy >= DRAG_THRESHOLD**2:
                self.dragging = True
                if self.on_start:
                    self.on_start(self.pressed)
            if self.dragging:
                s = self.pressed
                s.x, s.y = event.pos[0] + self._offset[0], event.pos[1] + self._offset[1]
                s.angle = 0.0
                s.lift = 0.0
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed is not None:
            sprite, dragged = self.pressed, self.dragging
            self.cancel()
            if dragged:
                self.on_drop(sprite, event.pos)
            else:
                self.on_click(sprite)
            return True
        return False
