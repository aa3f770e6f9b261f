"""Check a speech log written by ``salon --speech-log FILE`` (docs/records.md): at least one announcement,
each a JSON line ``{"kind", "text", "lang"}`` of a known kind, in the language asked for.

Usage: ``python tools/check_speech_log.py FILE LANG``; exits 1 with the reason, else prints how many
announcements of each kind it read. The release workflow runs it after the frozen app's and the wheel's
``--smoke --speech-log``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

KINDS = ("focus", "screen", "turn", "move", "deal", "score", "end", "refused", "coach", "answer")


def problems(path: Path, lang: str) -> tuple[list[str], Counter[str]]:
    """What is wrong with the log at ``path`` (empty: nothing) and the count of each kind."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        return [f"cannot read {path}: {err.strerror or err}"], Counter()
    kinds: Counter[str] = Counter()
    found = [] if lines else [f"{path} is empty: the app said nothing"]
    for n, line in enumerate(lines, 1):
        try:
            item = json.loads(line)
        except ValueError:
            found.append(f"line {n} is not JSON")
            continue
        if not isinstance(item, dict) or set(item) != {"kind", "text", "lang"}:
            found.append(f"line {n} is not {{kind, text, lang}}")
        elif item["kind"] not in KINDS or not item["text"] or item["lang"] != lang:
            found.append(f"line {n}: kind {item['kind']!r}, lang {item['lang']!r}, text {item['text']!r}")
        else:
            kinds[item["kind"]] += 1
    return found, kinds


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    found, kinds = problems(Path(argv[0]), argv[1])
    for p in found[:20]:
        print(f"speech log: {p}", file=sys.stderr)
    if not found:
        print(json.dumps(dict(kinds)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
