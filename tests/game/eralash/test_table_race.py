"""The race on the Eralash table: each side's tricks to the end of the robber, whom the end now wins for,
and the player's one-line prompt (take / avoid / hold off) only when the end is near."""

import random

import pytest
from eralash_tables import table_for, until

from engine.eralash import Match, Options
from game.eralash.standing import AVOID, HOLD_OFF, TAKE, Race, prompt, race_of
from game.words import i18n


@pytest.fixture
def app(make_app):
    yield make_app(speed="fast", bots="eralash_tables:make_first_bot")
    i18n.set_language("en")


def race(points, tricks, left, target=13):
    from engine.eralash.race import ends_now, tricks_to_end

    return Race(tuple(points), tricks_to_end(tricks, target), ends_now(points), left)


def test_the_leader_near_the_end_is_told_to_take_and_the_trailer_to_avoid():
    r = race([40, 23, 0, 0], [12, 11, 3, 2], left=8)
    assert r.need == (1, 2, 10, 11) and r.share == (1.0, 0.0, 0.0, 0.0)
    assert r.prompt_kind(0) == TAKE
    assert r.prompt_kind(1) == AVOID
    assert r.prompt_kind(2) == HOLD_OFF and r.threat(2) == 0  # cannot end it: keep tricks from the nearest
    i18n.set_language("en")
    assert prompt(r, 0, False) == "You lead by 17 points and need 1 trick to end the robber: take it"
    assert prompt(r, 1, False) == "You trail by 17 points and are 2 tricks from the end: avoid tricks"
    assert prompt(r, 2, False, "Pavel") == (
        "You trail by 40 points and Pavel is 1 trick from the end: take tricks yourself")


def test_no_prompt_when_the_end_is_far_certain_or_shared():
    assert race([40, 0, 0, 0], [6, 0, 0, 0], left=13).prompt_kind(0) is None  # 7 of 13 at the first trick
    assert race([40, 0, 0, 0], [6, 0, 0, 0], left=13).prompt_kind(1) is None
    reached = race([0, 40], [13, 3], left=5)
    assert reached.forced and reached.prompt_kind(0) is None and reached.prompt_kind(1) is None
    squeezed = race([0, 40], [10, 10], left=6)  # 6 tricks cannot be split with both short of 13
    assert squeezed.forced and squeezed.prompt_kind(0) is None
    level = race([30, 30, 0], [12, 1, 1], left=4)
    assert level.share[0] == 0.5 and level.prompt_kind(0) is None


def test_russian_prompts_agree_with_their_numbers():
    i18n.set_language("ru")
    try:
        one = prompt(race([40, 23, 0], [12, 3, 3], left=4), 0, False)
        assert one == "Вы впереди на 17 очков, до конца роббера вам нужна 1 взятка: берите её"
        two = prompt(race([40, 21, 0], [11, 3, 3], left=4), 0, False)
        assert two == "Вы впереди на 19 очков, до конца роббера вам нужны 2 взятки: берите их"
        avoid = prompt(race([0, 21, 0], [11, 3, 3], left=4), 0, False)
        assert avoid == "Вы отстаёте на 21 очко и в 2 взятках от конца роббера: избегайте взяток"
        pair = prompt(race([0, 21], [12, 3], left=8), 0, True)
        assert pair == "Ваша пара отстаёт на 21 очко и в 1 взятке от конца роббера: избегайте взяток"
    finally:
        i18n.set_language("en")


def test_race_of_reads_the_robber_so_far_with_this_deals_tricks():
    rng = random.Random(2)
    m = Match.new(Options(), ["A", "B", "C", "D"], 5, 3)
    while len(m.deals_done) < 1 or len(m.deal.winners) < 3:
        m.play(rng.choice(m.legal_moves()))
    r = race_of(m)
    assert r.need == tuple(max(0, 13 - x) for x in m.tricks())
    assert r.left == 10
    assert sum(r.share) == pytest.approx(1.0)


def find_robber(kind, seed_range=range(400)):
    """A robber in its second deal with the player (seat 0) to play a card and ``kind`` asked of them."""
    for seed in seed_range:
        rng = random.Random(seed)
        m = Match.new(Options(), ["You", "P1", "P2", "P3"], seed, 3)
        while not m.is_over():
            turn = m.current_player() == 0 and m.deal.trump >= 0 and m.deals_done
            if turn and race_of(m).prompt_kind(0) == kind:
                return m
            m.play(rng.choice(m.legal_moves()))
    raise AssertionError(f"no robber asks {kind}")


@pytest.mark.parametrize("kind,words", [(TAKE, "take"), (AVOID, "avoid tricks")])
def test_the_prompt_is_drawn_on_the_players_turn(app, monkeypatch, kind, words):
    match = find_robber(kind)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    app.settings.set("tips_seen", ["trump_any"])
    until(app, lambda: table.can_play_card() and not table.tweens.busy)  # resumed in the deal's play
    said = []
    real = table.draw_turn_hint
    monkeypatch.setattr(table, "draw_turn_hint",
                        lambda s, hint, how, *a: said.append(how) or real(s, hint, how, *a))
    table.draw(app.screen)
    assert said and words in said[-1]
    assert table.plaques.race_prompt() == said[-1]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sheet_says_who_dealt_every_deal_at_960x600(make_app, lang):
    from game.eralash.sheet import SheetScene
    from game.widgets.text import MIN_TEXT_PX

    app = make_app(lang=lang, size=(960, 600), speed="fast", bots="eralash_tables:make_first_bot")
    rng = random.Random(1)
    names = ["Вы", "Светлана", "Павел", "Андрей"] if lang == "ru" else ["You", "Svetlana", "Pavel", "Andrei"]
    m = Match.new(Options(), names, 3, 3)
    while len(m.deals_done) < 2 or not m.deal.played:
        m.play(rng.choice(m.legal_moves()))
    table = table_for(app, m, [None, "novice", "novice", "novice"])
    until(app, lambda: table.can_play_card() and not table.tweens.busy)
    drawn = []
    text = app.table_text  # the tables' words (game.app: the cache for what a table draws)
    real = text.get
    text.get = lambda words, size, *a, **k: drawn.append((words, size)) or real(words, size, *a, **k)
    try:
        table.show_sheet()
        sheet = app.stack.top
        assert isinstance(sheet, SheetScene)
        sheet.draw(app.screen)
    finally:
        text.get = real
    for r in sheet.rows():
        said = sheet.dealt_by(r["dealer"])
        assert any(words == said and size >= MIN_TEXT_PX for words, size in drawn), said


def test_a_trump_named_agrees_with_its_verb_in_russian():
    from engine.eralash import ChooseTrump
    from engine.review.words import move_text

    # the name is plural, and so is every verb the coach puts after it ("козыри ♦ сохраняют …")
    assert move_text(ChooseTrump(2), "ru") == "козыри ♦"


def test_the_dealers_plate_keeps_its_level_at_960x600(make_app):
    from eralash_tables import find_match

    i18n.set_language("ru")
    app = make_app(lang="ru", size=(960, 600), speed="fast", bots="eralash_tables:make_first_bot")
    match = find_match(lambda d: d.trump >= 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    until(app, lambda: table.layout is not None and not table.tweens.busy)
    for seat in (1, 2, 3):
        subs = table.plates.plate_text(seat)[3]
        said = " · ".join(subs)
        assert "Новичок" in said and "в сдаче" in said, said
    assert "сдаёт" in " · ".join(table.plates.plate_text(3)[3])
