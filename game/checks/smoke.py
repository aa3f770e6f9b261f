"""``salon --smoke``: open the data folder as a player would, visit every screen and table state, draw
a few frames of each, check each one's layout (``game.checks.layout_check``), print one JSON line
``{"screens": N, "problems": [{"screen": ..., "size": "WxH", "what": ...}]}``; exit 0 when clean.

The tour itself (``Smoke``, ``@visit``, how to add a visit) is in ``game.checks.tour``; this module
holds the visits of the menus and both tables, ``smoke_coach`` the coach's, and ``run_smoke`` the
command. It plays on a scratch copy of the data folder, which stays as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from typing import Any

from game.checks.tour import PARTS, Smoke, top_scene, visit


@visit("main menu")
def _menu(s: Smoke) -> None:
    s.home()
    s.check("main menu")


@visit("quit question")
def _quit_question(s: Smoke) -> None:
    """Esc on the main menu asks before the app closes."""
    menu = s.home()
    menu.ask_to_quit()
    s.check("main menu: quit Salon?")
    menu.dismiss_dialog()


@contextlib.contextmanager
def _bot_thinking(s: Smoke) -> Any:
    """The bots' answers held back: a bot's turn lasts until the block ends."""
    worker = s.app.worker
    take = worker.take
    # (the worker's own answers stand in for nobody's: a deliberate patch of the method, undone below)
    worker.take = lambda request_id: []  # type: ignore[method-assign]
    try:
        yield
    finally:
        worker.take = take  # type: ignore[method-assign]


def _to_first_card(s: Smoke, table: Any) -> None:
    """Through the trump choice (the first suit) and the declarations to the player's first card."""
    for _ in range(400):
        if table.must_choose_trump():
            table.choose_trump(table.shown.choices[0])
        elif getattr(table, "phase", "") == "declare" and table.shown.trump >= 0:
            table.end_declarations()
        elif table.can_play_card():
            return
        s.settle(table)

@visit("a bot thinking")
def _thinking(s: Smoke) -> None:
    """The turn marker and "… is thinking…" under a bot that takes a moment, at both tables."""
    from engine.uragan.moves import Play

    table = _uragan_table(s, 16)
    for _ in range(50):
        if table.can_play_card():
            break
        _uragan_move(s, table, {"choice", "pick", "claim"})
        s.settle(table)
    plays = [m for m in table.match.legal_moves() if isinstance(m, Play)]
    with _bot_thinking(s):
        table.submit(plays[0])
        s.frames(30, dt=0.05)
        if table.thinking_shown() is None:
            raise RuntimeError("the thinking bot is not marked")
        s.check("Uragan: the bot is thinking")
    table = _eralash_table(s, 4)
    _to_first_card(s, table)
    legal = table.legal_mask_for_me()
    with _bot_thinking(s):
        table.play_card((legal & -legal).bit_length() - 1)
        s.frames(30, dt=0.05)
        if table.thinking_shown() is None:
            raise RuntimeError("the thinking bot is not marked")
        s.check("Eralash: a bot is thinking, the race line above the trick")


@visit("new game")
def _new_game(s: Smoke) -> None:
    from game.menus.new_game import NewGameScene

    s.home()
    scene = s.push(NewGameScene(s.app))
    scene.press("game_eralash")
    for n in (2, 3, 4):
        scene.press(f"players_{n}")
        s.check(f"new game: Eralash, {n} players")
    scene.press("pairs_yes")
    s.check("new game: Eralash, 4 players in pairs")
    scene.press("pairs_no")
    scene.press("game_uragan")
    s.check("new game: Uragan")


def _uragan_table(s: Smoke, target: int) -> Any:
    from game.uragan.table import UraganTable

    s.home()
    table = UraganTable.new_game(s.app, seed=7, level="novice", options={"target": target})
    table.hint_budget = 0.01
    s.push(table)
    s.settle(table)
    return table


def _uragan_move(s: Smoke, table: Any, seen: set[str]) -> None:
    """One move of the player's: a choice among captures when there is one to show, else the first."""
    from engine.uragan.moves import Claim, Play

    if table.claim_prompt():
        if "claim" not in seen:
            seen.add("claim")
            s.check("Uragan: claim prompt")
        table.answer_claim(next(m for m in table.match.legal_moves() if isinstance(m, Claim)))
        return
    picks = table.pick_moves()
    if picks:
        if "pick" not in seen:
            seen.add("pick")
            s.check("Uragan: capture after a claim")
        table.choose(0)
        return
    plays = [m for m in table.match.legal_moves() if isinstance(m, Play)]
    by_card: dict[int, list[Any]] = {}
    for m in plays:
        by_card.setdefault(m.card, []).append(m)
    several = next((c for c, ms in by_card.items() if len(ms) > 1), None)
    if several is not None and "choice" not in seen:
        seen.add("choice")
        table.open_choice(several, table.legal_for(several))
        s.check("Uragan: capture choice")
        table.choose(0)
        return
    table.submit(plays[0])


@visit("Uragan table")
def _uragan(s: Smoke) -> None:
    import pygame

    from game.widgets.score_sheet import ScoreSheetScene

    table = _uragan_table(s, 16)
    s.check("Uragan: the deal")
    seen: set[str] = set()
    if table.hint_available():
        table.request_hint()
        s.frames(2)
        s.check("Uragan: hint")
    for _ in range(200):
        top = s.app.stack.top
        if isinstance(top, ScoreSheetScene):
            top.step = 0.0
            s.frames(2, dt=5.0)
            s.check("Uragan: end-of-deal sheet")
            break
        if table.is_human_turn() and not table.busy():
            _uragan_move(s, table, seen)
        s.settle(table)
    else:
        raise RuntimeError("the deal never ended")
    s.key(pygame.K_RETURN)
    s.settle(table)
    s.check("Uragan: the next deal")


@visit("Uragan end of game")
def _uragan_end(s: Smoke) -> None:
    from game.widgets.score_sheet import ScoreSheetScene

    table = _uragan_table(s, 1)
    seen = {"choice", "pick"}
    for _ in range(200):
        top = s.app.stack.top
        if isinstance(top, ScoreSheetScene):
            s.frames(2, dt=5.0)
            s.check("Uragan: end of the game")
            if not top.sheet.banner:  # the banner's room is checked whichever way this game went
                from game.words.i18n import t

                top.sheet.banner = t("table.double_win")
                top.resize(s.app.size)
            s.check("Uragan: a double win")
            new = next(b for b in top.buttons if b.key == "new")
            s.click(new.rect.center)
            from game.menus.new_game import NewGameScene

            if not isinstance(s.app.stack.top, NewGameScene):
                raise RuntimeError("New game after the end did not open the options")
            s.check("Uragan: New game after the end")
            return
        if table.is_human_turn() and not table.busy():
            _uragan_move(s, table, seen)
        s.settle(table)
    raise RuntimeError("the game never ended")


def _craft_uragan(table: Any, hand: list[str], on_table: list[str]) -> None:
    """Give the player ``hand`` (filled up at random) and the table ``on_table``, the player to move."""
    import random

    from engine import cards as C
    from engine.uragan.deck import DECK
    from engine.uragan.match import Match
    from engine.uragan.spec import DealSpec

    chosen = C.parse_set(hand) | C.parse_set(on_table)
    rest = list(C.cards(DECK & ~chosen))
    random.Random(1).shuffle(rest)
    mine = list(C.cards(C.parse_set(hand)))
    while len(mine) < 6:
        mine.append(rest.pop())
    rounds = [[C.to_mask(mine), C.to_mask(rest[:6])]] + [
        [C.to_mask(rest[6 + i * 12 : 12 + i * 12]), C.to_mask(rest[12 + i * 12 : 18 + i * 12])]
        for i in range(2)
    ]
    # A new match whose first deal is these cards (as a record gives them), not the seeded deal with
    # its cards swapped: the autosave then holds a match that replays. (Swapping match.deal alone
    # left a save whose moves did not follow from its seed: "A four must take a four…" on reading.)
    old = table.match
    dealer = 1 - table.me
    spec = DealSpec(dealer, C.parse_set(on_table), tuple((r[0], r[1]) for r in rounds))
    table.session.match = Match(old.options, old.players, old.seed, dealer, (spec,))
    table.session.save(background=False)
    table._adopt_deal(table.match.deal)
    table._opening_pending = False
    table.cancel_bot()
    table.banner = None
    table.sync(instant=True)
    table.build_buttons()


@visit("Uragan story")
def _uragan_story(s: Smoke) -> None:
    """The table telling the story: an uragan pending on the score panel, the opponent's move still
    said, the last play marked, the move log open, a capture option lit and a claimable one marked."""
    import pygame

    from engine import cards as C
    from engine.uragan.moves import Play

    table = _uragan_table(s, 16)
    _craft_uragan(table, ["7S", "KH"], ["AC", "2D", "3S", "AH"])
    s.frames(2)
    table.submit(Play(C.parse("7S"), C.parse_set(["AC", "2D", "3S", "AH"])))  # an uragan
    s.settle(table)
    s.frames(4, dt=0.5)  # the "Uragan!" banner has gone; the news of the opponent's move stays
    s.check("Uragan: uragan pending, the opponent's move, the last play")
    s.key(pygame.K_l)
    s.check("Uragan: move log")
    s.key(pygame.K_l)
    _craft_uragan(table, ["7S", "KH"], ["3C", "4D", "2S", "7C"])
    s.frames(2)
    table.select(C.parse("7S"))
    s.check("Uragan: a card chosen, its claimable trail said")
    table.select(None)
    table.open_choice(C.parse("7S"), table.legal_for(C.parse("7S")))
    s.frames(2)
    chip = next(b for b in table.buttons if b.key == "choice1")
    s.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=chip.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    s.check("Uragan: capture choice, a claimable option lit")
    table.close_choice()


@visit("Eralash trick marks")
def _eralash_marks(s: Smoke) -> None:
    """A trick in the centre with its led card marked, then complete with the winner marked."""
    for players in (2, 3, 4):
        table = _eralash_table(s, players)
        _to_first_card(s, table)
        legal = table.legal_mask_for_me()
        table.tweens.speed = "normal"  # the complete trick lies a moment before it is gathered
        table.play_card((legal & -legal).bit_length() - 1)
        s.frames(8, dt=0.05)  # the card has landed; the next seat is still to play
        if table.gather is None and table.shown.current_trick():
            s.check(f"Eralash {players} players: the led card marked")
        for _ in range(2000):
            if table.gather is not None:
                break
            s.frames(1, dt=0.05)
        else:
            raise RuntimeError("the trick was never complete")
        s.frames(8, dt=0.05)
        s.check(f"Eralash {players} players: the trick's winner marked")


# Seeds whose first deal lets the player name trump (so the trump choice shows), by player count.
TRUMP_SEEDS = {2: 65, 3: 185, 4: 39}


def _eralash_table(s: Smoke, players: int, pairs: bool = False, target: int = 13) -> Any:
    from game.eralash.table import EralashTable

    s.home()
    table = EralashTable.new_game(
        s.app, seed=TRUMP_SEEDS[players], players=players, levels=["novice"] * (players - 1),
        options={"pairs": pairs, "target": target},
    )
    table.hint_budget = 0.01
    s.push(table)
    s.settle(table)
    return table


def _eralash_play(s: Smoke, table: Any, label: str, seen: set[str]) -> None:
    """Drive one Eralash deal from the declarations to its sheet, checking each prompt once."""
    from game.eralash.sheet import SheetScene

    for _ in range(400):
        top = s.app.stack.top
        if isinstance(top, SheetScene):
            s.frames(2, dt=5.0)
            end = "end of the robber" if table.match.is_over() else "end-of-deal sheet"
            s.check(f"Eralash {label}: {end}")
            return
        if table.must_choose_trump():
            if "trump" not in seen:
                seen.add("trump")
                s.check(f"Eralash {label}: trump choice")
                if table.hint_available():
                    table.request_hint()
                    s.frames(2)
                    s.check(f"Eralash {label}: trump choice, hint")
            table.choose_trump(table.shown.choices[0])
        elif getattr(table, "phase", "") == "declare" and table.shown.trump >= 0:
            if "declare" not in seen:
                seen.add("declare")
                s.check(f"Eralash {label}: declarations")
            table.end_declarations()
        elif table.is_human_turn() and not table.busy():
            if "play" not in seen:
                seen.add("play")
                s.check(f"Eralash {label}: your turn")
                import pygame

                s.key(pygame.K_RIGHT)  # a card chosen with the keyboard rises above the others
                s.check(f"Eralash {label}: a card chosen with the keyboard")
                if table.hint_available():
                    table.request_hint()
                    s.frames(2)
                    s.check(f"Eralash {label}: hint")
                    table.clear_hint()
            if "last" not in seen and table.last_trick_index() is not None:
                seen.add("last")
                table.open_last_trick()
                s.check(f"Eralash {label}: last trick")
                table.close_last_trick()
            legal = table.legal_mask_for_me()
            card = (legal & -legal).bit_length() - 1
            table.play_card(card)
        s.settle(table)
    raise RuntimeError("the deal never ended")


@visit("Eralash table, 4 players")
def _eralash4(s: Smoke) -> None:
    from game.eralash.sheet import SheetScene

    table = _eralash_table(s, 4)
    s.check("Eralash 4 players: the deal")
    _eralash_play(s, table, "4 players", set())
    s.frames(1)
    top_scene(s.app, SheetScene).close()
    s.settle(table)
    s.check("Eralash 4 players: the next deal")
    table.show_sheet()
    s.check("Eralash 4 players: score sheet")


@visit("Eralash table, 2, 3 players and pairs")
def _eralash_counts(s: Smoke) -> None:
    for players, pairs, label in ((2, False, "2 players"), (3, False, "3 players")):
        s.current = f"Eralash {label}"
        table = _eralash_table(s, players, pairs, target=1)
        s.check(f"Eralash {label}: the deal")
        _eralash_play(s, table, label, {"play", "last"})
    _eralash_pairs_end(s)


@lambda fn: PARTS.setdefault("Eralash pairs to the end", fn)
def _eralash_pairs_end(s: Smoke) -> None:
    """Four in pairs, a robber of one trick: the deal, its prompts and the end of the robber."""
    s.current = "Eralash pairs"
    table = _eralash_table(s, 4, True, target=1)
    s.check("Eralash pairs: the deal")
    _eralash_play(s, table, "pairs", set())


@visit("Continue")
def _continue(s: Smoke) -> None:
    from game.screens import continue_game

    s.home()
    s.check("main menu with a saved game")
    table = continue_game(s.app)
    if table is not None:
        s.frames(2)
        with contextlib.suppress(Exception):
            s.settle(table)
        s.check("Continue: the saved game")


@visit("Settings")
def _settings(s: Smoke) -> None:
    from game.screens import open_screen

    s.home()
    open_screen(s.app, "settings")
    s.check("Settings")
    from game.menus.settings_screen import SettingsScene

    pages = [key for key in top_scene(s.app, SettingsScene).buttons if key.startswith("page_")]
    for key in [*pages[1:], pages[0]]:  # every page, and back to the first
        s.click(top_scene(s.app, SettingsScene).buttons[key][0].rect.center)
        s.check(f"Settings: {key}")


@visit("Rules")
def _rules(s: Smoke) -> None:
    from game.menus.rules_screen import RulesScene

    for game in ("eralash", "uragan"):
        s.home()
        scene = s.push(RulesScene(s.app, game))
        s.check(f"Rules: {game}")
        scene.scroll_to(scene._max_scroll() / 2, instant=True)
        s.check(f"Rules: {game}, further down")


@visit("narrated example")
def _example(s: Smoke) -> None:
    from game.eralash.example import open_example

    s.home()
    table = open_example(s.app)
    s.frames(2)

    def still() -> bool:
        return not table.queue and not table.tweens.busy and set(table.holds) <= {"declare"}

    for step in range(40):
        s.settle(table, until=still)
        s.check(f"narrated example: step {step}")
        if table.step > table.tricks_in_record:
            break
        before = (table.step, table.phase)
        table.advance()
        s.frames(1)
        s.settle(table, until=still)
        if (table.step, table.phase) == before:
            raise RuntimeError("the example did not advance")
    else:
        raise RuntimeError("the example never ended")
    for back in range(40):  # ◂ Previous, all the way back to the declarations
        if table.phase != "play":
            break
        table.go_back()
        s.settle(table, until=still)
        if back < 2 or table.phase != "play":
            s.check(f"narrated example: back to step {table.step} ({table.phase})")
    if table.phase != "declare":
        raise RuntimeError("◂ Previous did not lead back to the declarations")


@visit("Statistics")
def _stats(s: Smoke) -> None:
    from game.screens import open_screen

    s.home()
    open_screen(s.app, "stats")
    s.check("Statistics")
    s.click_button("by_table")
    s.check("Statistics: Eralash by table")
    if "sheet_uragan" in getattr(s.app.stack.top, "buttons", {}):  # one sheet at a time (larger text)
        s.click_button("sheet_uragan")
        s.check("Statistics: Uragan")


@visit("New game over a game in progress")
def _abandon(s: Smoke) -> None:
    from game.menus.new_game import NewGameScene
    from game.screens import open_table
    from game.store.saves import game_in_progress

    s.home()
    if not game_in_progress(s.app.store):  # a game the player has played a card in (else none to lose)
        from engine.uragan.moves import Play

        table = open_table(s.app, "uragan", level="novice")
        for _ in range(50):
            s.settle(table)
            if table.can_play_card():
                table.submit(next(m for m in table.match.legal_moves() if isinstance(m, Play)))
                break
            _uragan_move(s, table, {"choice", "pick", "claim"})
        s.frames(2)
        s.home()
    scene = s.push(NewGameScene(s.app))
    scene.press("start")
    if scene.dialog is None:
        raise RuntimeError("no question before abandoning the game in progress")
    s.check("New game: abandon the game in progress?")
    scene.dismiss_dialog()


@visit("About")
def _about(s: Smoke) -> None:
    from game.menus.about_screen import AboutScene
    from game.words.i18n import t

    s.home()
    s.click_button("about")
    scene = s.app.stack.top
    if not isinstance(scene, AboutScene):
        raise RuntimeError("the About button did not open the About box")
    s.check("About")
    # the longest it gets: the file manager could not be asked (the folder is not opened for real here)
    scene.status, scene.status_is_error = t("about.open_failed", reason="xdg-open: not found"), True
    scene.build()
    s.check("About: the folder could not be opened")


@visit("demo tables")
def _demo(s: Smoke) -> None:
    """``salon --demo``: bots in every seat, its word on the cloth, before the cards and in play."""
    from game.screens import open_table

    for game in ("uragan", "eralash"):
        s.home()
        table = open_table(s.app, game, demo=True, seed=7, level="novice")
        for moves in (0, 6):  # as dealt, then a few moves in (the log's glance and the plaques filled)
            for _ in range(600):
                if len(table.match.moves) >= moves and not table.busy() and not table.holds:
                    break
                table.tweens.finish_all()
                s.frames(1, dt=0.5)
            s.check(f"{game} demo: " + ("the deal" if not moves else "in play"))


def _practice_mistake(game: str, seed: int = 5) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game played by first legal moves past seat 0's first choice of cards, and a verdict on it
    marking the move played a mistake (another legal move best), as a review writes it."""
    from engine.games import game_named

    g = game_named(game)
    m = g.Match.new(g.Options.from_dict({}), ["You", "Bot"], seed)
    while not m.is_over():
        moves = m.legal_moves()
        plays = [mv for mv in moves if not hasattr(mv, "suit")]  # a card, not a trump named
        if m.current_player() == 0 and len(plays) > 1 and getattr(m.deal, "trump", 0) >= 0:
            verdict = {"deal": len(m.deals_done) + 1, "play": 1, "kind": "play", "move": len(m.moves),
                       "played": g.move_to_json(plays[0]), "best": g.move_to_json(plays[1]),
                       "loss": 0.2, "mark": "mistake",
                       "why": {"en": "The smoke's planted reason, long enough to need two lines of the "
                                     "table's message plaque at the smallest window.",
                               "ru": "Заложенная проверкой причина, достаточно длинная, чтобы занять "
                                     "две строки плашки сообщений в самом маленьком окне."}}
            m.play(plays[0])
            return m.to_record(), verdict
        m.play(moves[0])
    raise RuntimeError("no decision to practise")


@visit("Statistics per match")
def _stats_matches(s: Smoke) -> None:
    """The coach's column with this match and the one before, against their levels, and the chart
    ruled where each match begins; the practice line under the figures."""
    from game.menus.stats_screen import StatsScene
    from game.store.stats import Stats

    s.home()
    if s.app.store is None:
        raise RuntimeError("the smoke has no scratch data folder")
    stats = Stats.load(s.app.store)
    for match, level in enumerate(("novice", "club", "master")):
        for k in range(5):
            best = 8 + match * 2 + k % 3
            marks = ["best"] * best + ["inaccuracy"] * (15 - best) + ["mistake"]
            for game in ("uragan", "eralash"):
                stats.record_review(game, [0.0] * len(marks), f"smoke-match-{game}-{match}-{k}", marks=marks,
                                    deal_losses=[0.4 if m != "best" else 0.0 for m in marks],
                                    match=f"smoke-match-{match}", level=level)
    s.push(StatsScene(s.app))
    s.check("Statistics: per match, the chart ruled by matches")


@visit("practice: find the better move")
def _practice(s: Smoke) -> None:
    """Statistics with mistakes to practise, the practice table's question, a miss answered with the
    reason, the answer shown, and the next mistake in the other game."""
    import pygame

    from game.practice.coach import to_move
    from game.practice.control import PracticeControl
    from game.store.practice import Practice
    from game.widgets.table import TableScene

    s.home()
    if s.app.store is None:
        raise RuntimeError("the smoke has no scratch data folder")
    book = Practice.load(s.app.store)
    for game in ("uragan", "eralash"):
        record, verdict = _practice_mistake(game)
        book.add_review(game, record, 0, [verdict])
    from game.screens import open_screen

    open_screen(s.app, "stats")
    s.check("Statistics: mistakes to practise")
    s.click_button("practise")
    for _ in range(2):
        table = s.app.stack.top
        control = getattr(table, "practice", None)
        if not isinstance(table, TableScene) or not isinstance(control, PracticeControl):
            raise RuntimeError("Practise my mistakes opened no practice table")
        s.settle(table, until=lambda t=table: t.message is not None)  # type: ignore[misc]
        game = control.mistake.game
        s.check(f"practice ({game}): the question")
        control.try_move(table, to_move(game, control.mistake.played))
        s.check(f"practice ({game}): still losing, and why")
        s.key(pygame.K_s)
        s.check(f"practice ({game}): the answer shown")
        s.key(pygame.K_n)
    if isinstance(getattr(s.app.stack.top, "practice", None), PracticeControl):
        raise RuntimeError("practice did not end after its last mistake")


# the coach's visits after these (the replay viewer, records), then the long-name pass, last
from game.checks import smoke_coach, smoke_names, smoke_people  # noqa: E402, F401

# --- the command ----------------------------------------------------------------------------------------


def run_smoke(args: Any) -> int:
    """``salon --smoke``: the JSON line on stdout; 0 when every screen is clean, else 1."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import parse_size

    started = time.perf_counter()
    size = parse_size(getattr(args, "size", None)) or (960, 600)
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(_stopped_by_signals())
            report = _tour(args, size, stack)
    except SmokeStopped as stop:  # its scratch folder is gone with the ExitStack; nothing else was written
        import sys

        print(f"salon --smoke: stopped by signal {stop.signum}", file=sys.stderr)
        return 128 + stop.signum
    report["seconds"] = round(time.perf_counter() - started, 1)
    from engine.cli import emit

    written = emit(json.dumps(report, ensure_ascii=False) + "\n", "salon --smoke")
    return written or (0 if not report["problems"] else 1)


class SmokeStopped(BaseException):  # (not swallowed by a visit that records what went wrong)
    """Ctrl+C or SIGTERM during the tour: it ends at once, as a player's app does."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _stopped_by_signals() -> Any:
    """SIGINT and SIGTERM end the whole tour. Each visit's app, if it runs its own loop, only ends that
    app on a signal (``game.app.quit_on_signals``), so a stopped tour would otherwise go on to the next
    visit: the one kept here is raised again once that visit is over."""
    import signal

    from game.app import _SIGNALLED

    def stop(signum: int, _frame: Any) -> None:
        raise SmokeStopped(signum)

    wanted = [signal.SIGINT] + ([signal.SIGTERM] if hasattr(signal, "SIGTERM") else [])
    old = {}
    for sig in wanted:
        with contextlib.suppress(ValueError, OSError):  # (not the main thread: the tour runs unstopped)
            old[sig] = signal.signal(sig, stop)
    before = len(_SIGNALLED)
    try:
        yield
        if len(_SIGNALLED) > before:  # a signal an app's own loop took
            raise SmokeStopped(_SIGNALLED[-1])
    finally:
        for sig, handler in old.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, handler)


def _tour(args: Any, size: tuple[int, int], stack: contextlib.ExitStack) -> dict[str, Any]:
    """The tour on a scratch copy of the player's folder (or --data-dir), which is only read: records
    the run saves go into the copy too, so the folder given is left byte for byte as it was."""
    from game.store.paths import resolve_data_dir
    from game.store.scratch import scratch_copy

    scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="salon-smoke-"))
    given = resolve_data_dir(getattr(args, "data_dir", None))
    args.data_dir = str(scratch_copy(given, os.path.join(scratch, "data")))
    stack.enter_context(_env("SALON_RECORDS_DIR", os.path.join(scratch, "records")))
    stack.enter_context(_env("SALON_DATA_DIR", None))
    damaged = damaged_already(args.data_dir)
    report = smoke(args, size, only_named(getattr(args, "smoke_only", None)))
    report["problems"] += set_aside_problems(args.data_dir, size, damaged)
    return report


def only_named(names: str | None) -> Callable[[str], bool] | None:
    """``--smoke-only "main menu,Settings"``: a visit is made when its name starts with one of the names."""
    if not names:
        return None
    prefixes = tuple(n.strip() for n in names.split(",") if n.strip())
    return lambda name: name.startswith(prefixes)


def damaged_already(folder: str | os.PathLike[str]) -> set[str]:
    """The names (``save``, ``settings``…) of the copied files any app would set aside as they are, and
    the corrupt copies already there: the player's own damage, not the run's."""
    from game.store.saves import load_game
    from game.store.storage import Store

    found = set()
    with contextlib.suppress(OSError):
        found = {name for name in os.listdir(folder) if ".corrupt-" in name}
    with tempfile.TemporaryDirectory(prefix="salon-smoke-check-") as spare:
        for name in ("save.json", "settings.json", "stats.json"):
            with contextlib.suppress(OSError):
                shutil.copyfile(os.path.join(folder, name), os.path.join(spare, name))
        with contextlib.suppress(Exception):
            store = Store(spare)
            load_game(store)
            from game.store.settings import Settings
            from game.store.stats import Stats

            Settings.load(store)
            Stats.load(store)
        found |= {n.split(".corrupt-")[0] for n in os.listdir(spare) if ".corrupt-" in n}
    return found


def set_aside_problems(folder: str | os.PathLike[str], size: tuple[int, int],
                       damaged: set[str]) -> list[dict[str, str]]:
    """A file the run set aside as damaged (``*.corrupt-*.json`` in its scratch folder) that was not
    damaged when copied is a file the app wrote and could not read back: a problem, even when every
    screen drew."""
    found = []
    with contextlib.suppress(OSError):
        for name in sorted(os.listdir(folder)):
            if ".corrupt-" in name and name not in damaged and name.split(".corrupt-")[0] not in damaged:
                what = f"{name} was set aside during the run: a file it wrote did not read back"
                found.append({"screen": "data folder", "size": f"{size[0]}x{size[1]}", "what": what})
    return found


@contextlib.contextmanager
def _env(name: str, value: str | None) -> Any:
    """``os.environ[name]`` set to ``value`` (None: unset) for the run, then put back."""
    old = os.environ.get(name)
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old


def smoke(args: Any, size: tuple[int, int], only: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """Run the visits on an App over ``args.data_dir`` at ``size``; the report (without timing)."""
    from game.app import App
    from game.botworker import InlineWorker
    from game.review.opening import OpeningScene
    from game.widgets.warm import Warmer

    Warmer.inline = True
    OpeningScene.hold = True  # a record's "Opening…" plaque stays until the visit has checked it
    app = App(args, size=size)
    app.worker = InlineWorker("game.checks.tour:make_smoke_bot")
    with contextlib.suppress(Exception):
        app.settings.set("animation_speed", "instant", save=False)
    s = Smoke(app, f"{size[0]}x{size[1]}")
    if app.store is not None and app.store.read_only is None and app.data_lock is None:
        # a build without filelock (or a drive without locks) would let two Salons write one folder
        s.problem("data folder", "the data folder could not be locked for this app alone")
    try:
        s.run(only)
    finally:
        OpeningScene.hold = False
        with contextlib.suppress(Exception):
            app.close()
    return s.report()
