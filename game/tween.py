"""Tweens: attributes of table objects moving towards targets over time, with easing.

After Tuxemon's ``Animation``: ``Tween(sprite, 0.3, x=100, y=40)`` captures the start values when it
starts (after its delay) and moves them to the targets; ``Tweener`` runs many at once. Time comes only
from ``update(dt)``, so tests drive tweens with a synthetic clock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Easing = Callable[[float], float]


def linear(p: float) -> float:
    return p


def ease_out_cubic(p: float) -> float:
    return 1 - (1 - p) ** 3


def ease_in_out_cubic(p: float) -> float:
    return 4 * p * p * p if p < 0.5 else 1 - (-2 * p + 2) ** 3 / 2


def ease_out_back(p: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (p - 1) ** 3 + c1 * (p - 1) ** 2


# Animation speed setting → multiplier on every duration ("instant" jumps straight to the end).
SPEED_FACTOR: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


class Tween:
    """Moves numeric attributes of ``target`` to new values in ``duration`` seconds."""

    def __init__(
        self,
        target: Any,
        duration: float,
        ease: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
        **values: float,
    ) -> None:
        self.target = target
        self.duration = max(0.0, duration)
        self.ease = ease
        self.delay = max(0.0, delay)
        self.on_done = on_done
        self.targets = values
        self.starts: dict[str, float] | None = None
        self.elapsed = 0.0
        self.done = False

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the time left over after finishing (for chaining)."""
        if self.done:
            return dt
        if self.delay > 0:
            if dt < self.delay:
                self.delay -= dt
                return 0.0
            dt -= self.delay
            self.delay = 0.0
        if self.starts is None:
            self.starts = {k: getattr(self.target, k) for k in self.targets}
        self.elapsed += dt
        p = 1.0 if self.duration == 0 else min(1.0, self.elapsed / self.duration)
        e = self.ease(p)
        for k, end in self.targets.items():
            start = self.starts[k]
            setattr(self.target, k, end if p >= 1 else start + (end - start) * e)
        if p >= 1:
            self.done = True
            if self.on_done:
                self.on_done()
            return max(0.0, self.elapsed - self.duration)
        return 0.0

    def finish(self) -> None:
        """Jump to the end (skip an animation)."""
        self.delay = 0.0
        if not self.done:
            self.update(self.duration + 1.0)


class Wait:
    """A pause in a sequence; optionally calls something when over."""

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        self.duration = duration
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = duration <= 0
        if self.done and on_done:
            on_done()

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.done = True
            if self.on_done:
                self.on_done()
            return self.elapsed - self.duration
        return 0.0

    def finish(self) -> None:
        if not self.done:
            self.update(self.duration + 1.0)


class Sequence:
    """Steps one after another (tweens, waits, or plain callables run instantly)."""

    def __init__(self, *steps: Any) -> None:
        self.steps = list(steps)
        self.done = not self.steps
        self._run_callables()

    def _run_callables(self) -> None:
        while self.steps and callable(self.steps[0]) and not hasattr(self.steps[0], "update"):
            self.steps.pop(0)()
        self.done = not self.steps

    def update(self, dt: float) -> float:
        while self.steps:
            left = self.steps[0].update(dt)
            if not self.steps[0].done:
                return 0.0
            self.steps.pop(0)
            self._run_callables()
            dt = left
        self.done = True
        return dt

    def finish(self) -> None:
        while self.steps:
            self.steps[0].finish()
            self.steps.pop(0)
            self._run_callables()
        self.done = True


class Tweener:
    """Runs a set of animations in parallel; ``busy`` while any is running."""

    def __init__(self, speed: str = "normal") -> None:
        self.running: list[Any] = []
        self.speed = speed

    @property
    def factor(self) -> float:
        return SPEED_FACTOR.get(self.speed, 1.0)

    def tween(self, target: Any, duration: float, **kwargs: Any) -> Tween:
        """A tween whose duration and delay follow the speed setting."""
        f = self.factor
        kwargs["delay"] = kwargs.get("delay", 0.0) * f
        tw = Tween(target, duration * f, **kwargs)
        self.add(tw)
        return tw

    def wait(self, duration: float, on_done: Callable[[], None] | None = None) -> Wait:
        w = Wait(duration * self.factor, on_done)
        self.add(w)
        return w

    def add(self, anim: Any) -> Any:
        if self.factor == 0:
            anim.finish()
            return anim
        self.running.append(anim)
        return anim

    def update(self, dt: float) -> None:
        for anim in list(self.running):
            anim.update(dt)
        self.running = [a for a in self.running if not a.done]

    def finish_all(self) -> None:
        while self.running:
            batch, self.running = self.running, []
            for a in batch:
                a.finish()

    def cancel(self, target: Any) -> None:
        """Drop the tweens moving ``target`` (a new move for the same card replaces the old)."""
        self.running = [a for a in self.running if getattr(a, "target", None) is not target]

    def moving(self) -> set[int]:
        """The ids of what running tweens move (a card in flight is not yet where it will lie)."""
        return {id(a.target) for a in self.running if getattr(a, "target", None) is not None}

    @property
    def busy(self) -> bool:
        return bool(self.running)
