"""tools/check_speech_log.py: a good log passes; an empty one, a line of another shape, an unknown kind
or another language are caught."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from check_speech_log import main  # noqa: E402


def write(path: Path, items: list[object]) -> Path:
    path.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items), encoding="utf-8")
    return path


GOOD = [{"kind": "deal", "text": "Сдача 1", "lang": "ru"},
        {"kind": "move", "text": "Вы: дама пик", "lang": "ru"}]


def test_a_good_log_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(write(tmp_path / "s.jsonl", GOOD)), "ru"]) == 0
    assert json.loads(capsys.readouterr().out) == {"deal": 1, "move": 1}


@pytest.mark.parametrize("bad", [
    [],
    [{"kind": "deal", "text": "Сдача 1"}],
    [{"kind": "shout", "text": "Сдача 1", "lang": "ru"}],
    [{"kind": "deal", "text": "Deal 1", "lang": "en"}],
    ["not an object"],
])
def test_a_bad_log_is_caught(tmp_path: Path, bad: list[object]) -> None:
    assert main([str(write(tmp_path / "s.jsonl", [*GOOD, *bad] if bad else [])), "ru"]) == 1


def test_a_missing_log_is_caught(tmp_path: Path) -> None:
    assert main([str(tmp_path / "none.jsonl"), "ru"]) == 1
