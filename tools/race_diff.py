"""Does the robber value change Master's card? Issue 29's question, counted over whole robbers.

    python tools/race_diff.py --robbers 8 --iterations 100

Four Masters play robbers (4 players, default options; the arena's deals for ``--seed``). At every
decision with two or more cards after trump is named, three searches are asked on the same View: Master
with the fitted robber chance (seed 7), Master with the old value (``tools/master_before.py``, the same
seed, so the same samples and random numbers) and Master with the fitted chance under seed 8. Counted
per race situation: decisions, how often the old value picks another card than the new one, and how
often another seed does (the search's own noise). ``--late`` keeps the new Master's late solving (off
by default: the question is the value's).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.arena import derive_seed, make_options  # noqa: E402
from engine.bots.eralash import MasterBot  # noqa: E402
from engine.bots.eralash.view import Situation  # noqa: E402
from engine.eralash import Match  # noqa: E402


def situation(sit: Situation) -> str:
    """'can end' when some side may still reach the target this deal; 'late' with ≤ 4 tricks left."""
    left = sit.tricks_left()
    reach = max(t + w for t, w in zip(sit.tricks_before, sit.won, strict=True)) + left >= sit.target
    return f"{'can end' if reach else 'cannot end'}, {'late' if left <= 4 else 'early'}"


def main(argv: Sequence[str] | None = None) -> int:
    import master_before

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--robbers", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--late", action="store_true")
    args = ap.parse_args(argv)
    options = make_options("eralash", {})
    it = args.iterations
    counts: Counter[tuple[str, str]] = Counter()
    for g in range(args.robbers):
        match = Match.new(options, ["a", "b", "c", "d"], derive_seed("arena", args.seed, g))
        players = [MasterBot(100 + s, None, iterations=it) for s in range(4)]
        while not match.is_over():
            seat = match.current_player()
            view = match.view(seat)
            if len(match.legal_moves()) > 1 and view.trump >= 0:
                key = situation(Situation.of(view))
                new = MasterBot(7, None, iterations=it, late=args.late).choose(view)
                other_seed = MasterBot(8, None, iterations=it, late=args.late).choose(view)
                old = master_before.make(7, None, it).choose(view)
                counts[key, "decisions"] += 1
                counts[key, "old value differs"] += old != new
                counts[key, "other seed differs"] += other_seed != new
            match.play(players[seat].choose(view))
        print(f"robber {g + 1} of {args.robbers}", file=sys.stderr, flush=True)
    out: dict[str, dict[str, int]] = {}
    for (key, what), c in sorted(counts.items()):
        out.setdefault(key, {})[what] = c
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
