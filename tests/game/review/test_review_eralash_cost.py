"""An Eralash mark costs what the rules score: the robber chance lost (issue 29), never tricks.

Verdicts are planted by hand in the review's format on the seed's illustrative Eralash record, so the
marks, the viewer's head and Statistics' line are read as the app reads them, without a search.
"""

import json

from places import DATA

from engine.records import match_from_record
from engine.review.verdict import move_json
from game.menus.stats_coach import coach_lines
from game.review.model import Replay
from game.review.viewer import viewer_for
from game.review.words import mark_line
from game.store.stats import Stats
from game.store.storage import Store
from game.words import i18n


def plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def eralash_replay() -> tuple[dict, Replay]:
    rec = json.loads((DATA / "eralash_illustrative.json").read_text(encoding="utf-8"))
    return rec, Replay("eralash", match_from_record(rec), 0)


def plant(replay: Replay, index: int, **fields: object) -> None:
    step = replay.steps[index]
    best = next(mv for mv in step.match.legal_moves() if mv != step.next_move)
    raw = {"deal": step.deal, "play": 1, "move": step.moves, "played": move_json("eralash", step.next_move),
           "best": move_json("eralash", best), "mark": "mistake", "loss": 0.184, "deal_loss": 1.0}
    raw.update(fields)
    assert replay.add_verdict(raw) == index


def test_an_eralash_mark_shows_the_robber_chance_it_lost_and_the_head_adds_those() -> None:
    _, replay = eralash_replay()
    first, second, third = replay.decisions()[:3]
    plant(replay, first)  # −18.4 points of robber chance, and a trick
    plant(replay, second, mark="good", loss=0.0636, deal_loss=0.0)
    # an older review's mark by a trick lost, with no robber chance lost: no cost to show or add
    plant(replay, third, mark="inaccuracy", loss=0.0, deal_loss=2.0)
    unit = replay.summary()["unit"]
    said = {}
    for lang in ("ru", "en"):
        i18n.set_language(lang)
        said[lang] = [plain(mark_line(replay.steps[i].verdict, unit)[0]) for i in (first, second, third)]
    i18n.set_language("en")
    assert said["ru"] == ["● Ошибка: −18,4 % шанса выиграть роббер",
                          "● Хороший ход: −6,4 % шанса выиграть роббер", "● Неточность"]
    assert said["en"] == ["● Mistake: −18.4% of robber chance", "● Good: −6.4% of robber chance",
                          "● Inaccuracy"]
    assert not any("trick" in x for x in said["en"]) and not any("взят" in x for x in said["ru"])
    s = replay.summary()
    assert s["cost_lost"] == 24.8  # 18.4 + 6.4 + 0, as the marks show them; not the 3 tricks


def test_the_viewer_heads_an_eralash_review_with_robber_chance_lost(make_app) -> None:
    app = make_app(lang="ru")
    rec, replay = eralash_replay()
    viewer = viewer_for(app, "eralash", match_from_record(rec), 0, record=rec, review=False)
    app.stack.push(viewer)
    first = viewer.replay.decisions()[0]
    plant(viewer.replay, first, loss=0.3104)
    head = plain(" ".join(line[0] for line in viewer.header_lines()))
    assert "Потеряно: 31 % шанса выиграть роббер" in head and "взят" not in head
    viewer.goto(first, animate=False)
    assert "● Ошибка: −31 % шанса выиграть роббер" in plain(" ".join(x[0] for x in viewer.step_lines()))


def test_statistics_say_eralash_losses_in_robber_chance(tmp_path) -> None:
    _, replay = eralash_replay()
    first, second = replay.decisions()[:2]
    plant(replay, first)
    plant(replay, second, mark="best", loss=0.0, deal_loss=1.0)
    vs = replay.verdicts
    unit = replay.own.unit
    stats = Stats.load(Store(tmp_path))
    stats.record_review("eralash", [v.loss for v in vs], "a", marks=[v.grade for v in vs],
                        deal_losses=[v.shown_cost(unit) for v in vs])
    assert abs(stats.deal_loss_per_decision("eralash") - 18.4 / 2) < 1e-9
    i18n.set_language("ru")
    try:
        lost = [plain(text) for text, role in coach_lines(stats, "eralash") if role == "lost"]
    finally:
        i18n.set_language("en")
    assert lost == ["9,2 % шанса выиграть роббер на решение"]
