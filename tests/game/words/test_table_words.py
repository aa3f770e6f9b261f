"""What the tables say: the robber race line, a trump the eldest hand has named, one card's refusal,
and the New-game words for Uragan's points (баллы)."""

import pytest
from eralash_tables import find_match, table_for, to_play

from engine import cards as C
from engine.eralash import Options
from engine.uragan import Play
from game.words import i18n


@pytest.fixture
def app(make_app):
    yield make_app(speed="fast", bots="eralash_tables:make_first_bot")
    i18n.set_language("en")


def test_the_race_line_says_who_leads_and_so_whom_the_end_now_wins_for(app):
    match = find_match(lambda d: d.trump >= 0 and d.eldest == 0 and max(d.points) > 0, dealer=3)
    table = table_for(app, match, [None, "novice", "novice", "novice"])
    to_play(app, table)
    points = match.score()
    leader = max(range(4), key=lambda s: points[s])
    diff = int(points[leader] - sorted(points)[-2])
    name = "You lead" if leader == 0 else f"{table.player_name(leader)} leads"
    whom = "you" if leader == 0 else "the leader"  # the test's names "P1"… have no gender
    line = table.race_line()
    assert line == f"{name} by {diff} points: the end now wins for {whom}"
    assert table.race_rect() is not None  # on the cloth while cards are played
    assert table.race_rect().bottom <= table.layout.trick_area.top


def test_two_players_with_the_whole_pack_are_told_the_deal_ends_the_robber(app):
    assert Options().one_deal(2) and not Options().one_deal(3) and not Options().one_deal(4)
    assert not Options(short_deal=True).one_deal(2) and Options(short_deal=True, target=7).one_deal(2)
    assert Options(pairs=True, target=7).one_deal(4) and not Options(target=21).one_deal(2)
    match = find_match(lambda d: d.trump >= 0, n=2)
    table = table_for(app, match, [None, "novice"])
    assert "this deal ends the robber" in table.race_line()


def test_a_trump_named_by_the_eldest_hand_is_said_as_done():
    from game.eralash.declarations import trump_reason

    class Deal:
        runs = [[], [], [], []]
        trump_by = 0
        trump = -1

    i18n.set_language("ru")
    try:
        assert "козырь выбираете вы" in trump_reason(Deal(), str, 0)
        Deal.trump = 2
        said = trump_reason(Deal(), str, 0)
        assert "выбираете" not in said and "назначили вы" in said
    finally:
        i18n.set_language("en")


def test_one_card_that_cannot_be_taken_is_refused_in_the_singular():
    from engine.state import IllegalMove
    from engine.uragan.deal import Deal
    from engine.uragan.options import Options
    from game.uragan.words import reason_words

    table = C.parse_set(["KC", "2S", "3D", "4C"])
    deal = Deal.position(Options(), 0, table, C.parse_set(["2H"]), C.parse_set(["6H"]))
    try:
        deal.play(Play(C.parse("6H"), C.parse_set(["KC"])))
    except IllegalMove as err:
        i18n.set_language("en")
        said = reason_words(err.key, err.params, str)
    assert said is not None and "it counts 10, not 6" in said and "add up" not in said


def test_uragan_points_are_bally_on_the_new_game_screen():
    i18n.set_language("ru")
    try:
        assert i18n.plural(16, "newgame.target.points") == "16 баллов"
        assert i18n.plural(21, "newgame.target.points") == "21 балл"
        assert "баллов" in i18n.t("newgame.game.uragan.about")
        assert "очк" not in i18n.t("newgame.target.uragan.about")
    finally:
        i18n.set_language("en")
