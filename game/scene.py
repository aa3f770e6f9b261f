"""Scenes on a stack with a lifecycle (after Tuxemon's states).

A ``Scene`` gets ``enter`` when pushed, ``pause`` when another scene covers it, ``resume`` when it is on
top again and ``exit`` when popped. Events go to the top scene first and on down the stack until one
consumes them (``handle_event`` returns True) or a scene is ``modal``. ``update(dt)`` advances the top
scene, and the one below it while the top is ``update_below`` (a dialog over a live table). ``draw``
draws from the highest opaque scene upward and never changes state.

A scene also says when it needs the loop to turn again with no event (``wake_in``: 0.0 while it
animates, seconds until a timer of its own is due, None when only an event can change it) and may say
that a turn changed nothing it shows (``is_still``); the app sleeps until the earliest wake of the
scenes being updated (docs/architecture.md, "Frames at rest").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

ANIMATING = 0.0  # ``wake_in`` of a scene that moves: a frame every 1/60 s

if TYPE_CHECKING:
    import pygame


class Scene:
    """One screen or overlay. Subclasses override the hooks they need."""

    transparent = False  # draw the scenes below first (an overlay, a dialog)
    modal = True  # events stop here even when not consumed
    update_below = False  # keep the scene below animating (a dialog over a live table)
    # Draws only through blits, fills and game.widgets.shapes, so the app may paint it in parts
    # (game.widgets.painter); a scene that draws otherwise is drawn whole every frame.
    painted_in_parts = False

    def __init__(self, app: Any = None) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def wake_in(self) -> float | None:
        """Seconds until this scene needs a turn of the loop with no event: ``ANIMATING`` (0.0) while
        something moves, the time to its next timer, None when only an event can change it. The
        default is ``ANIMATING``: a scene that says nothing is drawn at 60 FPS, as before."""
        return ANIMATING

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again (called on every scene in the stack)."""


class SceneStack:
    """The scenes of the app, bottom first."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another (the one below is not resumed in between)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def remove(self, scene: Scene) -> None:
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        for scene in reversed(list(self.scenes)):
            if scene.handle_event(event):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        for scene in self._updating():
            scene.update(dt)

    def wake_in(self) -> float | None:
        """The earliest ``wake_in`` of the scenes being updated (None: they all wait for an event)."""
        waits = [w for w in (_wake_in(s) for s in self._updating()) if w is not None]
        return min(waits) if waits else None

    def _updating(self) -> list[Scene]:
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.update_below:
                break
        return out[::-1]

    def shown(self) -> list[Scene]:
        """The scenes a frame draws, bottom first: the top one and those its transparency shows."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0) :]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.shown():
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)


def _wake_in(scene: Any) -> float | None:
    wake = getattr(scene, "wake_in", None)
    return ANIMATING if wake is None else wake()
