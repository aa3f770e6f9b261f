"""``salon --smoke --text-size N`` walks every screen at that size, and the layout is clean (issue 31)."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main as run

pytestmark = pytest.mark.slow


# Not yet clean (issue 31): at 1280×800 ru 150 the race line meets "1 card aside" at the 3-player
# table and the example's first button touches its top hand; at 960×600 en 125 the viewer's "About
# to play" caption and its score plaque with long names. Strict: the marker must go once they are fixed.
@pytest.mark.xfail(strict=True, reason="a few layout problems remain at these sizes (issue 31)")
@pytest.mark.parametrize(("size", "lang", "text_size"), [("1280x800", "ru", 150), ("960x600", "en", 125)])
def test_the_smoke_is_clean_at_a_larger_text_size(tmp_path, capsys, size, lang, text_size):
    code = run(["--smoke", "--data-dir", str(tmp_path), "--lang", lang, "--size", size,
                "--text-size", str(text_size)])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["problems"] == [] and code == 0
    assert report["screens"] > 100
