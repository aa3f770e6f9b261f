"""Tweens on a synthetic clock: start values taken late, easing, delays, sequences, speed setting."""

from types import SimpleNamespace

import pytest

from game.tween import Sequence, Tween, Tweener, Wait, ease_in_out_cubic, ease_out_back, linear


def test_linear_tween_moves_in_proportion_and_ends_exactly():
    s = SimpleNamespace(x=0.0, y=10.0)
    tw = Tween(s, 1.0, ease=linear, x=100.0, y=0.0)
    tw.update(0.25)
    assert s.x == pytest.approx(25.0) and s.y == pytest.approx(7.5)
    tw.update(0.5)
    assert s.x == pytest.approx(75.0)
    left = tw.update(0.5)
    assert tw.done and s.x == 100.0 and s.y == 0.0
    assert left == pytest.approx(0.25)


def test_start_values_are_taken_when_the_delay_ends():
    s = SimpleNamespace(x=0.0)
    tw = Tween(s, 1.0, ease=linear, delay=0.5, x=10.0)
    tw.update(0.4)
    s.x = 5.0  # something else moved it meanwhile
    assert s.x == 5.0
    tw.update(0.1 + 0.5)
    assert s.x == pytest.approx(7.5)


@pytest.mark.parametrize("ease", [linear, ease_in_out_cubic, ease_out_back])
def test_easings_start_at_0_and_end_at_1(ease):
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0)


def test_on_done_runs_once():
    calls = []
    s = SimpleNamespace(x=0.0)
    tw = Tween(s, 0.1, x=1.0, on_done=lambda: calls.append(1))
    for _ in range(5):
        tw.update(0.05)
    assert calls == [1]


def test_sequence_runs_steps_in_order_and_passes_leftover_time():
    s = SimpleNamespace(x=0.0)
    log = []
    seq = Sequence(
        Tween(s, 0.5, ease=linear, x=10.0),
        lambda: log.append("mid"),
        Wait(0.5),
        Tween(s, 0.5, ease=linear, x=0.0),
    )
    seq.update(0.75)
    assert s.x == 10.0 and log == ["mid"]
    seq.update(0.5)
    assert s.x == pytest.approx(5.0)
    seq.update(1.0)
    assert seq.done and s.x == 0.0


@pytest.mark.parametrize("speed, factor", [("slow", 1.6), ("normal", 1.0), ("fast", 0.5)])
def test_tweener_scales_durations_by_speed(speed, factor):
    s = SimpleNamespace(x=0.0)
    tw = Tweener(speed)
    tw.tween(s, 1.0, ease=linear, x=1.0)
    tw.update(0.5 * factor)
    assert s.x == pytest.approx(0.5)
    assert tw.busy
    tw.update(0.5 * factor + 1e-6)
    assert not tw.busy and s.x == 1.0


def test_instant_speed_lands_at_once():
    s = SimpleNamespace(x=0.0)
    done = []
    tw = Tweener("instant")
    tw.tween(s, 2.0, x=3.0, on_done=lambda: done.append(True))
    assert s.x == 3.0 and done == [True] and not tw.busy


def test_cancel_and_finish_all():
    a, b = SimpleNamespace(x=0.0), SimpleNamespace(x=0.0)
    tw = Tweener()
    tw.tween(a, 1.0, x=1.0)
    tw.tween(b, 1.0, x=1.0)
    tw.cancel(a)
    tw.finish_all()
    assert a.x == 0.0 and b.x == 1.0 and not tw.busy
