"""The Uragan table tells the story (issue 12 §2–3): the move log, news that stays, the last play
marked, the claim question in words, the pending uragan point, the card flying to what a claim made it
take; prompts off the hand, capture options lit one by one, claimable options marked, Enter after a
hint, Ctrl+Z by the event's own modifiers. Real events through ``App.frame``."""


import pygame
import pytest
from helpers import click, count_rendering, crafted_uragan_deal, frames, key

from engine import cards as C
from engine.uragan import CLAIM, LET_STAND, Play
from engine.uragan.claim import breach
from game.uragan.table import UraganTable
from game.words import i18n
from game.words.i18n import t

PLAN: dict[str, list] = {"plays": [], "answer": []}  # what the test bot does next (else: its first move)


class PlannedBot:
    """Plays the planned card (a trail when it is in ``plays`` as (card, 0)), answers claims as
    planned, and otherwise makes the first legal move; the "master" (the hint) picks the last one."""

    def __init__(self, name):
        self.name = name

    def choose(self, view):
        moves = view.legal_moves()
        if self.name == "master":
            return moves[-1]
        if view.phase == 1:
            want = PLAN["answer"].pop(0) if PLAN["answer"] else LET_STAND
            return want if want in moves else moves[0]
        for m in PLAN["plays"]:
            if m in moves:
                PLAN["plays"].remove(m)
                return m
        return moves[0]


def make_bot(name, game, seed=0, budget=None):
    return PlannedBot(name)


@pytest.fixture
def app(make_app):
    PLAN["plays"], PLAN["answer"] = [], []
    i18n.set_language("en")
    a = make_app(speed="fast", bots="test_uragan_story:make_bot")
    yield a
    i18n.set_language("en")


def settle(app, table, limit=3000):
    for _ in range(limit):
        if not table.busy() and (table.can_play_card() or table.claim_prompt() or table.pick_moves()):
            return
        frames(app, 1)
    raise AssertionError("the table never became ready for the player")


def crafted(table, hand0, table_cards, hand1, dealer=0):
    """A deal with chosen first hands and table (the rest at random); dealer 0: the bot plays first."""
    return crafted_uragan_deal(table, hand0, table_cards, hand1, dealer)


def new_table(app, hand0, table_cards, hand1, dealer=0, claims="book"):
    table = UraganTable.new_game(app, seed=3, level="club", options={"claims": claims})
    app.stack.push(table)
    for _ in range(3000):  # past the opening deal
        if not table.busy() and table._opening_pending is False and "warming" not in table.holds:
            break
        frames(app, 1)
    table.cancel_bot()
    crafted(table, hand0, table_cards, hand1, dealer)
    return table


def played_table(app):
    """A real game (not crafted, so Undo can replay it) after the player's first move."""
    table = UraganTable.new_game(app, seed=3, level="club", options={"claims": "book"})
    app.stack.push(table)
    for _ in range(3000):
        if not table.busy() and table.can_play_card():
            break
        if not table.busy() and table.claim_prompt():
            table.answer_claim(LET_STAND)
        frames(app, 1)
    table.submit(next(m for m in table.match.legal_moves() if isinstance(m, Play)))
    settle(app, table)
    return table


def centre(table, card):
    s = table.sprites[card]
    return (int(s.x), int(s.y))


def p(text):
    return C.parse(text)


def test_the_claim_prompt_says_what_the_opponent_did_in_words(app):
    PLAN["plays"] = [Play(p("3D"), 0)]
    table = new_table(app, ["KH"], ["3C", "QS", "KD", "JH"], ["3D"])
    settle(app, table)
    assert table.claim_prompt()
    assert table.prompts.prompt_text() == (
        "Svetlana trailed the 3♦ while the 3♣ lay on the table; claim that the 3♦ must take the 3♣?"
    )
    i18n.set_language("ru")
    assert table.prompts.prompt_text() == (
        "Светлана выложила 3♦ на стол, хотя на столе есть 3♣. Потребовать, чтобы 3♦ взяла 3♣?"
    )


def test_prompts_sit_above_the_hand_and_the_waiting_card_clear_of_the_table_cards(app):
    PLAN["plays"] = [Play(p("3D"), 0)]
    table = new_table(app, ["KH"], ["3C", "QS", "KD", "JH"], ["3D"])
    settle(app, table)
    frames(app, 30)
    prompt = table.prompts.prompt_rect()
    size = table.images.size
    hand = [table.sprites[c].rect(size) for c in C.cards(table.shown.hands[table.me])]
    assert prompt is not None and not any(prompt.colliderect(r) for r in hand)
    on_table = [table.sprites[c].rect(size) for c in C.cards(table.shown.table)]
    assert not any(prompt.colliderect(r) for r in on_table)
    waiting = table.sprites[p("3D")].rect(size)
    assert not any(waiting.colliderect(r) for r in on_table + hand)
    for b in table.buttons:
        if b.key in ("claim", "stand"):
            assert prompt.contains(b.rect) and not any(b.rect.colliderect(r) for r in hand)


def test_after_a_claim_the_card_flies_to_what_the_claim_made_it_take(app):
    table = new_table(app, ["7S", "KH"], ["3C", "4D", "QS", "JD"], ["2H"], dealer=1)
    settle(app, table)
    PLAN["answer"] = [CLAIM]
    trail = Play(p("7S"), 0)
    assert breach(trail.card, 0, table.shown.table) is not None
    table.submit(trail)
    frames(app, 1)
    size = table.images.size
    taken = [table.sprites[c].rect(size) for c in (p("3C"), p("4D"))]
    for _ in range(600):  # the bot claims; the card flies onto the 3♣ and 4♦ before they are swept
        frames(app, 1)
        if table.shown.plays:
            break
    rec = table.shown.plays[-1]
    assert rec.claimed and rec.take == C.parse_set(["3C", "4D"])
    frames(app, 20)
    card = table.sprites[p("7S")].rect(size)
    assert any(card.colliderect(r) for r in taken)


def test_the_log_shows_both_seats_plays_and_claims_and_opens_with_l_or_a_click(app):
    table = new_table(app, ["7S", "KH"], ["3C", "4D", "QS", "JD"], ["2H", "QC"], dealer=1)
    settle(app, table)
    PLAN["answer"] = [CLAIM]
    PLAN["plays"] = [Play(p("QC"), C.parse_set(["QS"]))]
    table.submit(Play(p("7S"), 0))
    settle(app, table)
    lines = [text for _, text in table.log.lines()]
    assert lines[0] == "You: 7♠ to the table; claimed, so it takes 3♣ + 4♦"
    assert lines[1] == "Svetlana: Q♣ takes Q♠"
    assert not table.log.open
    key(app, pygame.K_l)
    assert table.log.open
    frames(app, 2)
    click(app, (5, 5))
    assert not table.log.open
    glance = table.glance_boxes()[0][1]
    click(app, glance.center)
    assert table.log.open
    key(app, pygame.K_ESCAPE)
    assert not table.log.open and app.stack.top is table  # Esc closed the log, not the table


def test_news_of_the_opponents_move_stays_until_the_player_acts_or_four_seconds(app):
    PLAN["plays"] = [Play(p("QC"), C.parse_set(["QS"]))]
    table = new_table(app, ["KH"], ["3C", "4D", "QS", "JD"], ["QC"])
    settle(app, table)
    msg = table.message
    assert msg is not None and msg.text == "Svetlana: Q♣ takes Q♠" and msg.sticky
    frames(app, 10, dt=1.0)  # ten seconds, no action: still there
    assert table.message is msg
    key(app, pygame.K_RIGHT)  # an action, long after the four seconds: gone at once
    frames(app, 1)
    assert table.message is None

    PLAN["plays"] = [Play(p("2C"), 0)]
    table2 = new_table(app, ["KS"], ["3C", "4D", "QS", "JD"], ["2C"])
    settle(app, table2)
    msg = table2.message
    assert msg is not None and msg.sticky
    key(app, pygame.K_RIGHT)  # an action at once: the news still stays its four seconds
    frames(app, 30, dt=0.1)
    assert table2.message is msg
    frames(app, 20, dt=0.1)
    assert table2.message is None


def test_the_last_play_is_marked_until_the_next_one(app):
    table = new_table(app, ["KH", "5S"], ["3C", "4D", "QS", "JD"], ["2H", "QC"], dealer=1)
    settle(app, table)
    assert table.last_play_box() is None  # nothing played yet
    PLAN["plays"] = [Play(p("QC"), C.parse_set(["QS"]))]
    table.submit(Play(p("KH"), 0))
    frames(app, 1)
    for _ in range(600):
        if table.shown.plays and not table.busy() and len(table.shown.plays) == 1:
            break
        frames(app, 1)
    box, where = table.last_play_box()
    assert where == "card" and box.collidepoint(centre(table, p("KH")))
    settle(app, table)
    box, where = table.last_play_box()
    assert where == "pile"  # the bot's capture: its pile is marked, the K♥ no longer
    assert not box.collidepoint(centre(table, p("KH")))


@pytest.mark.parametrize(("lang", "size"), [("ru", (960, 600)), ("en", (1920, 1080))])
def test_the_last_play_mark_goes_round_the_uragan_card_on_the_pile_not_across_it(make_app, lang, size):
    from game.checks.layout_check import check_app

    app = make_app(lang=lang, size=size, speed="fast", bots="test_uragan_story:make_bot")
    table = new_table(app, ["7S", "KH"], ["AC", "2D", "3S", "AH"], ["2H", "QC"], dealer=1)
    settle(app, table)
    app.worker.take = lambda request_id: []  # the bot's answer held back: the sweep stays the last play
    table.submit(Play(p("7S"), C.parse_set(["AC", "2D", "3S", "AH"])))
    frames(app, 120, dt=0.05)  # the cards land, the "Uragan!" banner goes
    box, where = table.last_play_box()
    assert where == "pile"
    uragan_card = table.sprites[p("7S")].lying_rect(table.images.size)  # face up, crosswise by the pile
    assert uragan_card.width > uragan_card.height and box.contains(uragan_card)
    words = table.text.get(t("story.last_play"), table.font_size(0.016), (0, 0, 0), "italic")
    tag = table.plaques.last_play_tag(box, where, words.get_size())
    cards = [s.lying_rect(table.images.size) for s in table.sprites.values() if s.visible]
    assert tag.collidelist(cards) < 0
    assert check_app(app) == []


def test_an_uragan_shows_as_a_point_pending_until_the_deal_is_scored(app, monkeypatch):
    # A + 2 + 3 + A = 7: the 7♠ takes the whole table, an uragan
    table = new_table(app, ["7S", "KH"], ["AC", "2D", "3S", "AH"], ["2H"], dealer=1)
    settle(app, table)
    assert table.plaques.pending_uragans(table.me) == 0
    table.submit(Play(p("7S"), C.parse_set(["AC", "2D", "3S", "AH"])))
    assert table.shown.plays[-1].uragan
    assert table.plaques.pending_uragans(table.me) == 1
    assert table.match.score()[table.me] == 0  # the book counts it when the deal is scored
    drawn = []
    real = table.text.get

    def get(text, *a, **k):
        drawn.append(text)
        return real(text, *a, **k)

    monkeypatch.setattr(table.text, "get", get)
    frames(app, 2)
    assert "+1 pending (uragan)" in drawn
    i18n.set_language("ru")
    drawn.clear()
    table._last_look = None
    frames(app, 2)
    assert "+1 к подсчёту (ураган)" in drawn


def test_capture_options_light_exactly_their_cards_on_hover_and_focus_and_order_by_priority(app):
    table = new_table(app, ["7S", "KH"], ["3C", "4D", "2S", "7C"], ["2H"], dealer=1)
    settle(app, table)
    click(app, centre(table, p("7S")))
    assert table.selected == p("7S")
    key(app, pygame.K_RETURN)
    assert table.choice is not None
    options = table.choice[1]
    assert options[0] == Play(p("7S"), C.parse_set(["7C"]))  # the lawful capture first
    claimable = [m for m in options if table.prompts.claimable(m)]
    assert claimable == options[1:] and Play(p("7S"), 0) in claimable
    frames(app, 2)
    chips = {b.key: b for b in table.buttons}
    assert not chips["choice0"].warn and all(chips[f"choice{i}"].warn for i in range(1, len(options)))
    assert "can be claimed" in chips["choice1"].label

    def lit():
        return {c for c in C.cards(table.shown.table) if table.sprites[c].highlight == "choice"}

    frames(
        app,
        1,
        [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=chips["choice1"].rect.center, rel=(0, 0), buttons=(0, 0, 0)
            )
        ],
    )
    assert lit() == set(C.cards(options[1].take))
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0), buttons=(0, 0, 0))])
    assert lit() == set(C.cards(C.parse_set(["7C", "3C", "4D"])))  # no option shown: all of them
    key(app, pygame.K_TAB)
    assert table.prompts.focus == 0 and lit() == {p("7C")}
    key(app, pygame.K_RETURN)
    assert table.match.moves[-1] == options[0]


def test_a_trail_that_breaks_a_priority_is_marked_before_it_is_made(app):
    table = new_table(app, ["7S", "KH"], ["3C", "4D", "QS", "JD"], ["2H"], dealer=1)
    settle(app, table)
    assert table.hand.trail_claimable(p("7S")) and not table.hand.trail_claimable(p("KH"))
    drawn = []
    real = table.text.get

    def get(text, *a, **k):
        drawn.append(text)
        return real(text, *a, **k)

    table.text.get = get
    try:
        click(app, centre(table, p("7S")))
        frames(app, 2)
    finally:
        del table.text.get
    assert "Trailing the 7♠ breaks a priority: it can be claimed" in drawn
    # and the captures through which it would break one glow as claimable, the lawful ones as legal
    assert table.sprites[p("3C")].highlight == "legal"


def test_the_keyboard_card_is_ringed_apart_from_the_others(app):
    table = new_table(app, ["7S", "KH", "2C"], ["3C", "4D", "QS", "JD"], ["2H"], dealer=1)
    settle(app, table)
    key(app, pygame.K_RIGHT)
    sel = table.selected
    assert table.sprites[sel].highlight == "selected"
    others = [c for c in C.cards(table.shown.hands[table.me]) if c != sel]
    assert all(table.sprites[c].highlight != "selected" for c in others)


def test_ctrl_z_reads_the_events_own_modifiers(app, monkeypatch):
    table = played_table(app)
    n = len(table.match.moves)
    assert table.undo_available
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_CTRL)  # a stale global state
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)])
    assert len(table.match.moves) == n  # a plain Z is no undo, whatever get_mods() says
    monkeypatch.setattr(pygame.key, "get_mods", lambda: 0)
    frames(
        app,
        1,
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)],
    )
    assert len(table.match.moves) < n


def test_enter_after_a_hint_plays_the_hinted_move(app):
    table = new_table(app, ["KH", "5S"], ["3C", "4D", "QS", "JD"], ["2H", "QC"], dealer=1)
    settle(app, table)
    key(app, pygame.K_h)
    frames(app, 2)
    advice = table.hint_move
    assert advice is not None and advice == table.match.legal_moves()[-1]
    key(app, pygame.K_RETURN)
    assert table.match.moves[0] == advice


def test_undo_looks_disabled_while_the_deal_sheet_holds_the_table(app):
    table = played_table(app)
    undo = next(b for b in table.buttons if b.key == "undo")
    assert table.undo_available and undo.enabled
    table.holds.add("score")  # as while the end-of-deal sheet is up
    frames(app, 1)
    undo = next(b for b in table.buttons if b.key == "undo")
    assert not undo.enabled
    table.holds.discard("score")


def test_steady_frames_with_the_log_and_a_prompt_render_no_new_text(app, monkeypatch):
    PLAN["plays"] = [Play(p("3D"), 0)]
    table = new_table(app, ["KH"], ["3C", "QS", "KD", "JH"], ["3D"])
    settle(app, table)
    frames(app, 30)
    calls = count_rendering(app, monkeypatch)
    frames(app, 3)
    calls["render"] = 0
    frames(app, 20)
    assert calls["render"] == 0
    key(app, pygame.K_l)
    frames(app, 3)
    calls["render"] = 0
    frames(app, 20)
    assert calls["render"] == 0


def test_the_log_panel_keeps_the_newest_moves_in_at_most_two_columns(app):
    table = new_table(app, ["KH"], ["3C", "4D", "QS", "JD"], ["2H"], dealer=1)
    settle(app, table)
    entries = [(i % 2, f"Svetlana: {i}♠ to the table (against the rule, let stand)") for i in range(40)]
    for per_col in (6, 12, 40):
        num_w, col_w, columns, rows = table.log.panel_layout(entries, 14, 560, per_col)
        assert 1 <= len(columns) <= 2
        assert columns[-1][-1] == len(entries) - 1  # the newest move shows
        shown = [i for col in columns for i in col]
        assert shown == list(range(shown[0], len(entries)))  # a run of the latest, in order
        for col in columns:
            assert sum(len(rows[i][1]) for i in col) <= per_col
        for _, lines in rows:
            assert all(table.text.font(14).size(line)[0] <= col_w - num_w for line in lines)
    _, _, columns, _ = table.log.panel_layout(entries[:3], 14, 560, 12)
    assert columns == [[0, 1, 2]]  # few moves: one column


def test_the_score_plaque_costs_the_same_late_in_a_long_match(monkeypatch):
    """Late in a match to 999 the score plaque compared the shown deal with every finished deal, each
    frame (23 ms at deal 400). It finds the shown deal by its number: no comparison grows with the
    match, and the plaque says the same (the deal's number, the pending uragan) as the full search."""
    from helpers import headless_app, long_match_tool

    from engine.uragan.deal import Deal
    from game.uragan.plaques import finished_index
    from game.widgets.table import ShownMatch

    match = long_match_tool().long_match(6000, seed=3)
    assert len(match.deals_done) > 60
    app = headless_app(lang="ru", size=(960, 600))
    try:
        table = UraganTable(app, ShownMatch(match))
        app.stack.push(table)
        frames(app, 2)
        compared = []
        real_eq = Deal.__eq__
        monkeypatch.setattr(Deal, "__eq__", lambda a, b: compared.append(1) or real_eq(a, b))
        for shown in (match.deal, match.deals_done[-1], match.deals_done[5], match.deals_done[0]):
            compared.clear()
            table.shown = shown
            table.plaques._memos.clear()
            table.plaques.draw_score(pygame.Surface(app.size))
            assert len(compared) <= 2  # none for the deal being played; one per lookup of a finished one
            monkeypatch.setattr(Deal, "__eq__", real_eq)
            whole = match.deals_done.index(shown) if shown in match.deals_done else None
            monkeypatch.setattr(Deal, "__eq__", lambda a, b: compared.append(1) or real_eq(a, b))
            assert finished_index(match, shown) == whole
            assert table.plaques.deal_index() == (len(match.deals_done) if whole is None else whole)
            assert table.plaques.pending_uragans(0) == (0 if whole is not None else shown.uragans[0])
        copy = match.deals_done[5].copy()
        assert finished_index(match, copy) == 5  # an equal copy still counts as that finished deal
        table.shown = match.deal
        plaques = table.plaques
        rect = plaques.score_rect()
        bold = table.text.font(table.font_size(0.024), "bold")
        for seat in (0, 1):  # three-digit points: the name and the dealer's mark stay clear of them
            size, lines, inline = plaques.score_name(seat, rect)
            points = str(int(match.score()[seat]))
            assert len(points) == 3
            right = rect.x + plaques.name_inset() + table.text.font(size).size(lines[-1])[0]
            if inline:
                right += 8 + plaques.dealer_mark_px(seat)
            assert right <= rect.right - 14 - bold.size(points)[0], (seat, lines, inline)
    finally:
        app.close()
