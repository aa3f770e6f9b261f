"""Synthesise Salon's sound effects as short 16-bit mono WAVs with the standard library only.

Run ``python tools/make_sounds.py`` from the repository root; it rewrites ``sounds/*.wav``.
Card sounds are shaped noise (a flick is a few milliseconds of band-passed noise, the felt a soft
low thump); the musical ones are bell-like partials with exponential decay. Every effect is faded in
and out, normalised to its own peak level (never clipping) and seeded, so the files are reproducible.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sounds"
RATE = 44100

Signal = list[float]


# ---------------------------------------------------------------------------------------------
# Building blocks


def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def biquad(x: Signal, kind: str, freq: float | Callable[[int], float], q: float = 0.7) -> Signal:
    """RBJ cookbook filter (lowpass, highpass, bandpass); ``freq`` may vary per sample (a sweep)."""
    y: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    static = not callable(freq)
    coeffs = None
    for n, s in enumerate(x):
        if coeffs is None or not static and n % 32 == 0:
            f0 = freq if static else freq(n)  # type: ignore[operator]
            w0 = 2 * math.pi * min(max(f0, 20.0), RATE * 0.45) / RATE
            alpha = math.sin(w0) / (2 * q)
            cw = math.cos(w0)
            if kind == "lowpass":
                b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
            elif kind == "highpass":
                b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
            else:  # bandpass, constant 0 dB peak gain
                b0, b1, b2 = alpha, 0.0, -alpha
            a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
            coeffs = (b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)
        c0, c1, c2, d1, d2 = coeffs
        out = c0 * s + c1 * x1 + c2 * x2 - d1 * y1 - d2 * y2
        x2, x1, y2, y1 = x1, s, y1, out
        y.append(out)
    return y


def envelope(x: Signal, attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Linear attack, optional hold, then exponential decay with time constant ``decay`` seconds."""
    a, h = max(1, int(attack * RATE)), int(hold * RATE)
    out = []
    for n, s in enumerate(x):
        if n < a:
            g = n / a
        elif n < a + h:
            g = 1.0
        else:
            g = math.exp(-(n - a - h) / (decay * RATE))
        out.append(s * g)
    return out


def tone(freq: float, seconds: float, partials: tuple[tuple[float, float, float], ...] = ((1, 1, 1),),
         vibrato: float = 0.0) -> Signal:
    """A sum of partials (ratio, amplitude, decay multiplier); each partial decays on its own."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for ratio, amp, dmul in partials:
        f = freq * ratio
        if f >= RATE * 0.45:
            continue
        tau = seconds * 0.28 * dmul
        phase = 0.0
        for i in range(n):
            t = i / RATE
            fv = f * (1 + vibrato * math.sin(2 * math.pi * 5.2 * t))
            phase += 2 * math.pi * fv / RATE
            out[i] += amp * math.sin(phase) * math.exp(-t / tau)
    tail = min(n, int(0.02 * RATE))  # end at zero: a cut-off tail would click
    for i in range(tail):
        out[n - 1 - i] *= i / tail
    return out


def mix(into: Signal, x: Signal, at: float, gain: float = 1.0) -> Signal:
    start = int(at * RATE)
    need = start + len(x)
    if need > len(into):
        into.extend([0.0] * (need - len(into)))
    for i, s in enumerate(x):
        into[start + i] += s * gain
    return into


def finish(x: Signal, peak: float, fade_in: float = 0.002, fade_out: float = 0.03) -> Signal:
    """Fade the ends, remove DC and scale so the loudest sample is ``peak`` (< 1: no clipping)."""
    mean = sum(x) / len(x)
    x = [s - mean for s in x]
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(fi, len(x))):
        x[i] *= i / fi
    for i in range(min(fo, len(x))):
        x[-1 - i] *= i / fo
    top = max(abs(s) for s in x) or 1.0
    return [s * peak / top for s in x]


# ---------------------------------------------------------------------------------------------
# Card sounds


def flick(rng: random.Random, bright: float = 1.0, length: float = 0.09) -> Signal:
    """One card leaving the hand: a crisp papery burst with a faint low body."""
    n = noise(length, rng)
    # band-passed then gently low-passed: papery, not hissy
    hi = envelope(biquad(biquad(n, "bandpass", 3200 * bright, 0.9), "lowpass", 7000), 0.0015, 0.014)
    body = envelope(biquad(noise(length, rng), "lowpass", 900), 0.003, 0.02)
    return [a + 0.35 * b for a, b in zip(hi, body, strict=True)]


def thump(rng: random.Random, length: float = 0.16) -> Signal:
    """A card landing on cloth: a dull, short low-passed knock."""
    low = envelope(biquad(noise(length, rng), "lowpass", 520, 0.9), 0.002, 0.03)
    knock = envelope(tone(150, length, ((1, 1, 1),)), 0.002, 0.025)
    return [a + 0.25 * b for a, b in zip(low, knock, strict=True)]


def slide(rng: random.Random, seconds: float, f0: float, f1: float) -> Signal:
    """Cards sliding over each other: band-passed noise whose centre glides from f0 to f1."""
    n = int(seconds * RATE)
    s = biquad(noise(seconds, rng), "bandpass", lambda i: f0 + (f1 - f0) * i / n, 1.2)
    return [v * math.sin(math.pi * i / n) ** 1.5 for i, v in enumerate(s)]


def make_deal(rng: random.Random) -> Signal:
    x = flick(rng, 1.0, 0.1)
    mix(x, thump(rng, 0.08), 0.035, 0.25)
    return finish(x, 0.55)


def make_play(rng: random.Random) -> Signal:
    x = flick(rng, 0.8, 0.05)
    mix(x, thump(rng, 0.17), 0.018, 1.0)
    return finish(x, 0.7)


def make_capture(rng: random.Random) -> Signal:
    x = slide(rng, 0.34, 1400, 3400)
    for k in range(5):
        mix(x, flick(rng, 0.8 + 0.1 * k, 0.06), 0.04 + k * 0.055 + rng.uniform(-0.01, 0.01), 0.55)
    mix(x, thump(rng, 0.14), 0.3, 0.8)
    return finish(x, 0.7)


def make_trick(rng: random.Random) -> Signal:
    x = silence(0.02)
    for k in range(4):
        mix(x, flick(rng, 0.7, 0.05), 0.02 + k * 0.045, 0.45)
    mix(x, slide(rng, 0.22, 900, 1600), 0.12, 0.7)
    mix(x, thump(rng, 0.14), 0.3, 0.9)
    return finish(x, 0.65)


def make_shuffle(rng: random.Random) -> Signal:
    """A riffle: flicks speeding up, then the bridge as the halves settle."""
    x = silence(0.05)
    t = 0.02
    gap = 0.045
    while t < 0.62:
        mix(x, flick(rng, rng.uniform(0.9, 1.25), 0.03), t, rng.uniform(0.35, 0.6))
        t += gap
        gap = max(0.012, gap * 0.9)
    mix(x, slide(rng, 0.25, 2600, 1200), 0.6, 0.6)
    mix(x, thump(rng, 0.12), 0.78, 0.7)
    return finish(x, 0.6)


def bell(freq: float, seconds: float) -> Signal:
    """A small bell: inharmonic partials, the high ones fading first."""
    return tone(freq, seconds, ((1, 1.0, 1.0), (2.0, 0.45, 0.6), (2.76, 0.35, 0.45), (5.4, 0.15, 0.25),
                                (8.93, 0.06, 0.15)))


def make_uragan(rng: random.Random) -> Signal:
    """A whirl of wind over the table, then a bright chime: all the cards swept up."""
    secs = 0.85
    n = int(secs * RATE)

    def centre(i: int) -> float:  # rises and falls like a gust, with a wobble for the swirl
        return 500 + 2400 * math.sin(math.pi * i / n) ** 2 + 300 * math.sin(i / n * 6 * math.pi)

    whirl = biquad(noise(secs, rng), "bandpass", centre, 1.6)
    whirl = [v * math.sin(math.pi * i / n) ** 2 * (0.75 + 0.25 * math.sin(i / n * 9 * math.pi))
             for i, v in enumerate(whirl)]
    x = [v * 1.4 for v in whirl]
    for k, f in enumerate((1318.5, 1760.0, 2637.0)):
        mix(x, envelope(bell(f, 0.6), 0.002, 1.0), 0.42 + 0.07 * k, 0.22)
    return finish(x, 0.75, fade_out=0.08)


# ---------------------------------------------------------------------------------------------
# Interface and outcome sounds


def pluck(freq: float, seconds: float) -> Signal:
    return tone(freq, seconds, ((1, 1.0, 1.0), (2, 0.35, 0.55), (3, 0.15, 0.35), (4, 0.06, 0.25)))


def make_win(rng: random.Random) -> Signal:
    x = silence(0.05)
    notes = (523.25, 659.25, 783.99, 1046.5)  # C5 E5 G5 C6
    for k, f in enumerate(notes):
        last = k == len(notes) - 1
        mix(x, envelope(pluck(f, 0.9 if last else 0.5), 0.004, 1.0), 0.01 + 0.11 * k, 0.9 if last else 0.7)
    mix(x, envelope(bell(2093.0, 0.6), 0.003, 1.0), 0.34, 0.12)
    return finish(x, 0.7, fade_out=0.1)


def make_lose(rng: random.Random) -> Signal:
    x = silence(0.05)
    notes = (440.0, 349.23, 293.66)  # A4 F4 D4: a soft falling minor figure
    for k, f in enumerate(notes):
        t = tone(f, 0.75 if k == 2 else 0.45, ((1, 1.0, 1.2), (2, 0.2, 0.6), (3, 0.05, 0.4)), vibrato=0.004)
        mix(x, envelope(t, 0.02, 1.0), 0.01 + 0.2 * k, 0.8)
    return finish(x, 0.55, fade_out=0.12)


def make_click(rng: random.Random) -> Signal:
    x = envelope(biquad(noise(0.04, rng), "bandpass", 2600, 1.5), 0.0008, 0.004)
    mix(x, envelope(tone(1800, 0.04), 0.001, 0.008), 0.0, 0.5)
    return finish(x, 0.35, fade_in=0.0005, fade_out=0.01)


def make_refuse(rng: random.Random) -> Signal:
    """Not allowed: two soft wooden knocks, the second lower."""
    x = silence(0.02)
    for k, f in enumerate((330.0, 247.0)):
        knock = envelope(tone(f, 0.14, ((1, 1.0, 1.0), (2.7, 0.3, 0.4))), 0.002, 0.03)
        mix(x, knock, 0.01 + 0.11 * k, 1.0)
    return finish(x, 0.45)


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "deal": make_deal,
    "play": make_play,
    "capture": make_capture,
    "trick": make_trick,
    "uragan": make_uragan,
    "shuffle": make_shuffle,
    "win": make_win,
    "lose": make_lose,
    "click": make_click,
    "refuse": make_refuse,
}


def write_wav(path: Path, x: Signal) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in x)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.wav"):
        old.unlink()
    for seed, (name, make) in enumerate(EFFECTS.items()):
        x = make(random.Random(1000 + seed))
        write_wav(OUT / f"{name}.wav", x)
        print(f"{name:8} {len(x) / RATE:5.2f} s  peak {max(abs(s) for s in x):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
