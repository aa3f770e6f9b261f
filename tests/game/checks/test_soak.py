"""``salon --soak``: a short run of the long-session benchmark plays its deals without an error, and
between them resizes, goes to the menu and back, asks for hints and takes moves back. (The figures
themselves are a benchmark, in docs/benchmarks.md, never asserted here.)"""

from __future__ import annotations

from pathlib import Path

import game.checks.soak as soak_module
from game.app import build_parser


def test_a_short_soak_goes_through_every_kind_of_step(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(soak_module, "RESIZE_EVERY", 2)
    monkeypatch.setattr(soak_module, "MENU_EVERY", 3)
    monkeypatch.setattr(soak_module, "PROBE_FRAMES", 10)
    args = build_parser().parse_args(["--soak", "5", "--data-dir", str(tmp_path)])
    report = soak_module.soak(args, 5)
    assert report["errors"] == [] and report["deals"] >= 5
    assert report["resizes"] >= 2 and report["menu_trips"] >= 1
    assert report["hints"] >= 3 and report["undos"] >= 1
    assert report["rss_mb"]["end"] > 0 and report["probe_ms"]["end"]["p99"] > 0
