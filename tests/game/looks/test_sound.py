"""The generated sound effects are valid, short, unclipped WAVs; Sounds never fails without a device."""

from __future__ import annotations

import struct
import wave

import pygame
import pytest

from game.looks import sound
from game.looks.resources import resource_path


def samples(path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        raw = w.readframes(params.nframes)
    return params, list(struct.unpack(f"<{len(raw) // 2}h", raw))


@pytest.mark.parametrize("name", sound.NAMES)
def test_effect_is_a_short_clean_wav(name):
    path = resource_path("sounds", f"{name}.wav")
    assert path.is_file()
    assert path.stat().st_size < 150 * 1024
    params, xs = samples(path)
    assert params.nchannels == 1 and params.sampwidth == 2 and params.framerate in (22050, 44100)
    seconds = params.nframes / params.framerate
    assert 0.02 < seconds < 1.5
    peak = max(abs(s) for s in xs)
    assert 0.2 * 32767 < peak < 0.98 * 32767  # audible, never clipped
    rms = (sum(s * s for s in xs) / len(xs)) ** 0.5
    assert rms > 0.02 * 32767
    # faded in and out: the very first and last samples are near silence
    assert abs(xs[0]) < 0.02 * 32767 and abs(xs[-1]) < 0.02 * 32767


def test_effects_are_distinct():
    bodies = {resource_path("sounds", f"{n}.wav").read_bytes() for n in sound.NAMES}
    assert len(bodies) == len(sound.NAMES)


def test_without_a_device_sounds_do_nothing(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = sound.Sounds()
    assert not s.available
    assert s.play("deal") is None
    s.set_volume(0.5)
    s.set_muted(True)
    s.set_muted(False)
    assert s.play("win") is None and s.played == 0


def test_mute_and_zero_volume_play_nothing():
    s = sound.Sounds(volume=0.8)
    s.set_muted(True)
    assert s.play("deal") is None
    s.set_muted(False)
    s.set_volume(0.0)
    assert s.play("deal") is None
    assert s.played == 0
    assert s.play("no-such-effect") is None
    s.set_volume(7)  # clamped
    assert s.volume == 1.0
    s.set_volume(-1)
    assert s.volume == 0.0


def test_plays_when_a_mixer_opens():
    s = sound.Sounds(volume=0.6)
    if not s.available:
        pytest.skip("no audio driver here, not even SDL's dummy one")
    assert set(sound.NAMES) <= set(s.names)
    assert s.play("click") is not None
    assert s.played == 1
    s.set_volume(0.25)
    assert all(abs(snd.get_volume() - 0.25) < 0.01 for snd in s._sounds.values())
