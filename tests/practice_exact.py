"""An Uragan last-round position for practice tests (every card known: the judge solves it), with a
verdict marking the worst move a mistake and a third move strictly between it and the best."""

from engine.bots.uragan.endgame import in_last_round
from engine.games import game_named
from engine.review.budget import Budget
from engine.review.judgement import NOISE, THRESHOLDS


def exact_mistake(seeds=range(1, 60)):
    """(record, verdict, middle move): found by first legal moves over ``seeds``."""
    g = game_named("uragan")
    step = THRESHOLDS["uragan"][3]
    for seed in seeds:
        m = g.Match.new(g.Options.from_dict({"claims": "strict"}), ["You", "Bot"], seed)
        while not m.is_over() and not m.deals_done:
            if m.current_player() == 0 and in_last_round(m.deal) and len(m.legal_moves()) >= 3:
                j = g.review.judge(m.view(0), m.legal_moves()[0], Budget(5.0), 0)
                ranked = sorted(j.table.items(), key=lambda kv: kv[1])
                (worst, (ww, dw)), (top, (wt, dt)) = ranked[0], ranked[-1]
                noise = NOISE["uragan"]
                middle = [mv for mv, (w, d) in ranked[1:-1] if ww + noise < w < wt - noise and d >= dw + step]
                if middle:
                    verdict = {"deal": 1, "play": len(m.deal.plays) + 1, "kind": "play", "move": len(m.moves),
                               "played": g.move_to_json(worst), "best": g.move_to_json(top), "exact": True,
                               "mark": "mistake", "loss": 0.0, "deal_loss": round(dt - dw, 4),
                               "why": {"en": "SOLVED reason.", "ru": "РЕШЁННАЯ причина."}}
                    m.play(worst)
                    return m.to_record(), verdict, middle[0]
            m.play(m.legal_moves()[0])
    raise AssertionError("no last-round position with three distinct moves in these seeds")
