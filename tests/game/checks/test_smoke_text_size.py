"""``salon --smoke --text-size N`` walks every screen at that size, and the layout is clean (issue 31)."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main as run

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("size", "lang", "text_size"), [("1280x800", "ru", 150), ("960x600", "en", 125)])
def test_the_smoke_is_clean_at_a_larger_text_size(tmp_path, capsys, size, lang, text_size):
    code = run(["--smoke", "--data-dir", str(tmp_path), "--lang", lang, "--size", size,
                "--text-size", str(text_size)])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["problems"] == [] and code == 0
    assert report["screens"] > 100
