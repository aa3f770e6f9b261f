"""Sound effects: the WAVs under ``sounds/`` loaded once, played by name, with volume and mute.

Without an audio device (the dummy driver, a mixer that fails to open) every call quietly does
nothing, so the game never stops for want of a sound card. A missing or unreadable effect is a broken
installation: ``game.looks.resources.AssetError`` naming the file.

    sounds = Sounds(volume=0.7)
    sounds.play("deal")       # deal, play, capture, trick, uragan, shuffle, win, lose, click, refuse
    sounds.set_volume(0.4)
    sounds.set_muted(True)
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pygame

from game.looks.resources import asset, unreadable

# The effects tools/make_sounds.py writes (all of them must be there).
NAMES = ("deal", "play", "capture", "trick", "uragan", "shuffle", "win", "lose", "click", "refuse")


class Sounds:
    """All effects, loaded when created; ``available`` is False when there is no way to play them."""

    def __init__(self, volume: float = 0.7, muted: bool = False, folder: Path | None = None) -> None:
        self.volume = _clamp(volume)
        self.muted = bool(muted)
        self.available = False
        self.played = 0  # effects actually started (for tests and diagnostics)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        if not _open_mixer():
            return
        if folder is None:
            paths = [asset("sounds", f"{name}.wav") for name in NAMES]
        else:
            paths = sorted(folder.glob("*.wav"))
        for path in paths:
            try:
                self._sounds[path.stem] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as e:
                raise unreadable(path, e) from e
        self.available = bool(self._sounds)
        self._apply_volume()

    @property
    def names(self) -> list[str]:
        return sorted(self._sounds)

    def play(self, name: str) -> pygame.mixer.Channel | None:
        """Start an effect; return its channel, or None when muted, silent or unavailable."""
        if self.muted or self.volume <= 0.0 or not self.available:
            return None
        sound = self._sounds.get(name)
        if sound is None:
            return None
        try:
            channel = sound.play()
        except pygame.error:
            return None
        if channel is not None:
            self.played += 1
        return channel

    def set_volume(self, volume: float) -> None:
        """Volume from 0 (silent) to 1 (full)."""
        self.volume = _clamp(volume)
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        if self.muted:
            self.stop()

    def stop(self) -> None:
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def _apply_volume(self) -> None:
        for sound in self._sounds.values():
            sound.set_volume(self.volume)


def _clamp(v: float) -> float:
    try:
        return min(1.0, max(0.0, float(v)))
    except (TypeError, ValueError):
        return 0.0


def _open_mixer() -> bool:
    """Open the mixer if nobody has; False when no audio device can be had."""
    try:
        if pygame.mixer.get_init():
            return True
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        pygame.mixer.set_num_channels(16)  # a fast deal overlaps many short flicks
        return bool(pygame.mixer.get_init())
    except (pygame.error, OSError, NotImplementedError):
        return False
