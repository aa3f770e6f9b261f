"""The review viewer speaks: the step at hand and the coach's verdict and its why (kind "coach"), once
per step, in the panel's own words."""

import pytest
from helpers import click, frames
from places import DATA

from game.review.open import open_record
from game.review.viewer import ReplayMixin
from game.speech import RecordingSpeaker


@pytest.fixture(autouse=True)
def quick_review(monkeypatch, tmp_path):
    monkeypatch.setattr(ReplayMixin, "review_iterations", 24)
    monkeypatch.setenv("SALON_RECORDS_DIR", str(tmp_path / "records"))


def test_the_coachs_verdict_is_said_once_for_each_step(make_app):
    app = make_app()
    app.speech = RecordingSpeaker()
    viewer = open_record(app, str(DATA / "uragan_claims.json"))
    frames(app, 1)
    click(app, next(b for b in viewer.buttons if b.key == "seat0").rect.center)
    for _ in range(60):
        frames(app, 1)
        if viewer.review_state == "done":
            break
    first = viewer.replay.decisions()[0]
    viewer.goto(first, animate=False)
    frames(app, 3)
    coach = app.speech.texts("coach")
    lines = [str(line[0]) for line in viewer.panel.step_lines()]
    assert coach[-1] == ". ".join(lines) and len(lines) >= 3  # where, who moves, the mark (and why)
    frames(app, 5)
    assert app.speech.texts("coach") == coach  # not again while the step stays
