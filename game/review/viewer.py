"""The replay and review viewer: a game stepped through play by play, with the coach's verdicts.

The table is the game's own table (``UraganTable`` / ``EralashTable``) driven by a ``Replay``
instead of players: ◂ / ▸ and the arrow keys step, Home and End jump to the ends, PgUp / PgDn to the
previous or next judged decision, S shows how (``line_show``: the better line played out on the
cloth, then back). It shows the position as the reviewed seat saw it (that seat at
the bottom, every other hand face down). The coach's panel on the right (``review_panel``) heads
with the summary and explains the decision at hand; the better move is drawn on the cards (lifted
and outlined with what it would have taken; the card played is outlined in red).

The review runs in the bot worker process (``worker.request_review``): the viewer opens at once and
fills in verdicts as they come; closing it (or Stop) cancels the review.
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

import pygame

from engine import cards as C
from game.eralash.layout import OPP_SCALE, PILE_SCALE
from game.eralash.table import EralashTable
from game.review.line_show import LineShow
from game.review.model import Replay
from game.review.panel import PANEL_SHARE, ReviewPanel
from game.store.game_number import game_number_label
from game.uragan.table import UraganTable
from game.widgets import shapes


class ReplayMixin(LineShow, ReviewPanel):
    """What both games' viewers share: stepping, the review request, keys. Mixed before the table."""

    review_iterations: ClassVar[int | None] = None  # tests: a fixed search size (quick, deterministic)
    review_budget: ClassVar[float | None] = None  # seconds per decision; None: Master's own
    review_deals: list[int] | None = None  # judge only these deals (from 1); None: all
    any_seat: bool = False  # an opened record: any seat may be reviewed
    count_in_stats: bool = False  # the player's own deal, from a table: its review counts in accuracy
    keep_in: Any = None  # the table's Session: the verdicts are kept per deal with the saved game

    def __init__(self, app: Any, session: Any, replay: Replay, record: dict[str, Any], *,
                 choose_seat: bool = False, start: int = 0, review: bool = True,
                 on_close: Any = None) -> None:
        super().__init__(app, session)  # type: ignore[call-arg]
        self.replay = replay
        self.record = record
        self.choose_seat = choose_seat  # an opened record: the player picks whose decisions to judge
        self.levels = [None] * len(replay.players)  # nobody thinks: no bot moves are asked for
        self.humans = [replay.seat]
        self.me = replay.seat
        self.index = max(0, min(start, len(replay) - 1))
        self.review_id: int | None = None
        self.review_state = "idle"  # idle, running, done, stopped, failed
        self.review_error = ""
        self.on_close = on_close
        self._want_review = review and not choose_seat
        self.undo_available = False

    # --- the table's players are nobody ---------------------------------------------------------

    def is_human_turn(self) -> bool:
        return False

    def can_play_card(self) -> bool:
        return False

    def refresh_undo(self) -> None:
        self.undo_available = False

    def keep_snapshot(self) -> None: ...

    def on_match_over(self) -> None: ...

    def maybe_tip(self) -> None: ...

    def place_hint_button(self) -> None: ...

    def show_deal_score(self, deal: Any) -> None: ...

    def show_sheet(self, deal_end: bool = False) -> None: ...

    def deal_number_text(self) -> str:
        seed = self.record.get("seed") if isinstance(self.record, dict) else None
        return game_number_label(seed) if isinstance(seed, int) else ""

    # --- lifecycle --------------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()  # type: ignore[misc]
        if self._want_review:
            self.start_review()

    def exit(self) -> None:
        self.cancel_review()
        super().exit()  # type: ignore[misc]

    def close(self) -> None:
        self.app.stack.remove(self)
        if self.on_close is not None:
            self.on_close()

    to_menu = close

    def table_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """The table takes the left of the window; the coach's panel the right."""
        return (size[0] - self.panel_width(size), size[1])

    def panel_width(self, size: tuple[int, int]) -> int:
        return max(300, int(size[0] * PANEL_SHARE))

    def make_layout(self, size: tuple[int, int]) -> Any:
        return super().make_layout(self.table_size(size))  # type: ignore[misc]

    def on_warm(self) -> None:
        self._opening_pending = False
        self.goto(self.index, animate=False)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)  # type: ignore[misc]
        self.goto(self.index, animate=False)

    # --- the review ------------------------------------------------------------------------------

    def start_review(self, seat: int | None = None) -> None:
        """Ask the worker to judge the seat's decisions (another seat: the viewer turns to it)."""
        self.cancel_review()
        if seat is not None and seat != self.replay.seat:
            self.replay = Replay(self.replay.game, self.replay_match(), seat)
            self.humans, self.me = [seat], seat
            self.layout = None
            self.resize(self.app.size)
            if hasattr(self.app, "place_toast_again"):  # the table turned round: a notice looks again
                self.app.place_toast_again()
        extra: dict[str, Any] = {}
        if self.review_iterations is not None:
            extra["iterations"] = self.review_iterations
        if self.review_deals:
            extra["deals"] = list(self.review_deals)
        try:
            self.review_id = self.app.worker.request_review(
                self.record, self.replay.seat, self.review_budget, 0, **extra
            )
        except Exception as err:  # a worker that cannot review: say so, the replay still works
            self.review_state, self.review_error = "failed", str(err)
            return
        self.review_state = "running"
        self.choose_seat = False
        self.build_buttons()

    def replay_match(self) -> Any:
        """The whole game (the last step's match holds every move)."""
        return self.replay.steps[-1].match

    def cancel_review(self) -> None:
        if self.review_id is not None:
            with contextlib.suppress(Exception):
                self.app.worker.cancel(self.review_id)
        if self.review_state == "running":
            self.review_state = "stopped"
            self.keep_verdicts(complete=False)  # what was judged so far is not judged again for nothing
        self.review_id = None

    def preload_kept(self) -> bool:
        """Put the verdicts kept with the saved game on their decisions (every deal of the seat's
        already reviewed); True when every deal this viewer reviews was judged whole before."""
        if self.keep_in is None:
            return False
        try:
            kept = self.keep_in.kept_reviews(self.replay.seat)
        except Exception:  # a save that cannot say: review afresh
            return False
        for deal, k in sorted(kept.items()):
            for raw in k["verdicts"]:
                self.replay.add_verdict(raw)
            if k.get("decided") is not None:
                self.replay.decided[deal] = k["decided"]
        wanted = self.review_deals or []
        return bool(wanted) and all(kept.get(d, {}).get("complete") for d in wanted)

    def keep_verdicts(self, complete: bool) -> None:
        """Keep this review's verdicts per deal with the saved game (a whole review is not replaced
        by a part of one)."""
        if self.keep_in is None:
            return
        with contextlib.suppress(Exception):
            kept = self.keep_in.kept_reviews(self.replay.seat)
            for d in self.review_deals or []:
                end = next((st for st in self.replay.steps if st.deal_end and st.deal == d), None)
                verdicts = self.replay.kept(d)
                if end is None or not verdicts or (not complete and kept.get(d, {}).get("complete")):
                    continue
                self.keep_in.keep_review(d, self.replay.seat, end.moves, verdicts,
                                         self.replay.decided.get(d), complete)

    def stop_review(self) -> None:
        self.cancel_review()
        self.build_buttons()

    def update_bot(self) -> None:
        """Instead of bots: the review's verdicts, as they come."""
        if self.review_id is None:
            return
        replies = self.app.worker.take(self.review_id)
        for reply in replies:
            if reply.error is not None:
                from game.botworker import error_text

                self.review_state, self.review_error = "failed", error_text(reply.error)
                self.review_id = None
            elif reply.move is not None:
                at = self.replay.add_verdict(reply.move)
                if at == self.index and not self.showing_line():
                    self.mark_step()
                    self.build_buttons()  # Show me how, when the verdict has a line
            if reply.done:
                if reply.error is None:
                    self.review_state = "done"
                    self.on_review_done()
                self.review_id = None
                self.build_buttons()
                break
        if replies and self.header_bottom() != getattr(self, "header_at", None):
            self.build_buttons()  # the summary took another line: Stop and the marks move down

    def on_review_done(self) -> None:
        """The whole review of the player's own deal is in: it counts in the statistics' accuracy
        (once per deal: reviewing it again adds nothing); its verdicts are kept with the saved game."""
        self.keep_verdicts(complete=True)
        if not self.count_in_stats or self.app.store is None or not self.replay.verdicts:
            return
        with contextlib.suppress(Exception):
            from game.store.stats import Stats

            wanted = set(self.review_deals or [])
            judged = [v for v in self.replay.verdicts if not wanted or v.deal in wanted]
            decided = {d for d in {v.deal for v in judged} if self.replay.is_decided(d)}
            judged = [v for v in judged if v.deal not in decided]  # a decided deal asks nothing of skill
            if judged:
                Stats.load(self.app.store).record_review(
                    self.replay.game, [v.loss for v in judged], self.review_key(),
                    marks=[v.grade for v in judged], deal_losses=[v.deal_loss for v in judged])

    def review_key(self) -> str:
        """Names the reviewed deals of this game for the statistics (the same deal, the same key)."""
        import hashlib
        import json

        deals = self.record.get("deals", [])
        wanted = self.review_deals or range(1, len(deals) + 1)
        chosen = [deals[d - 1] for d in wanted if 0 < d <= len(deals)]
        text = json.dumps([self.replay.seat, chosen], sort_keys=True)
        return hashlib.blake2s(text.encode(), digest_size=10).hexdigest()

    # --- stepping --------------------------------------------------------------------------------

    @property
    def step(self) -> Any:
        return self.replay.steps[self.index]

    def goto(self, index: int, animate: bool = True) -> None:
        if self.layout is None:
            return
        index = max(0, min(index, len(self.replay) - 1))
        forward = index == self.index + 1 and not self.showing_line()
        self.end_line(show=False)
        self.index = index
        self.show_position(self.step, animate and forward)
        self.mark_step()
        self.build_buttons()

    def show_position(self, step: Any, animate: bool) -> None:
        """Put ``step``'s position on the cloth (a step of the game or of a line being shown)."""
        self.session.match = step.match
        self.shown = step.shown
        self.message = None
        self.banner = None
        self.adopt_step(step)
        self.tweens.finish_all()
        self.fx.finish_all()
        for s in self.sprites.values():
            s.highlight = None
            s.lift = 0.0
        self.sync(instant=not animate, duration=0.3)

    def adopt_step(self, step: Any) -> None:
        """Game-specific: put the table's own state (order on the cloth, phase) in line with ``step``."""

    def mark_step(self) -> None:
        """Draw the better move on the cards (lifted, outlined, with what it takes) and the card played."""
        verdict = self.step.verdict
        for s in self.sprites.values():
            s.highlight = None
        if self.showing_line():
            return
        if (verdict is None or verdict.grade == "best" or verdict.best == verdict.played
                or self.replay.is_decided(verdict.deal)):  # a decided deal: no move was better
            return
        for card in self.move_cards(verdict.played)[:1]:
            if card in self.sprites:
                self.sprites[card].highlight = "warn"
        best = self.move_cards(verdict.best)
        for i, card in enumerate(best):
            s = self.sprites.get(card)
            if s is None:
                continue
            s.highlight = "hint"
            if i == 0 and self.is_in_hand(card):
                self.fx.cancel(s)
                self.fx.tween(s, 0.15, lift=0.22)

    def move_cards(self, move: Any) -> list[int]:
        """The card a move plays, then the cards it takes (none for a claim answer or a trump)."""
        return []

    def is_in_hand(self, card: int) -> bool:
        hands = getattr(self.shown, "hands", None)
        return bool(hands) and bool(hands[self.me] >> card & 1)

    def step_by(self, delta: int) -> None:
        self.goto(self.index + delta)

    def to_decision(self, direction: int) -> None:
        found = self.replay.next_decision(self.index, direction)
        if found is not None:
            self.goto(found, animate=False)

    # --- events ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in list(self.buttons):
            if b.handle_event(event):
                return True
        for name in ("log_event", "peek_event"):  # the table's own looks: the Uragan log, the last trick
            look = getattr(self, name, None)
            if look is not None and look(event):
                return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: lambda: self.step_by(1),
                pygame.K_LEFT: lambda: self.step_by(-1),
                pygame.K_HOME: lambda: self.goto(0, animate=False),
                pygame.K_END: lambda: self.goto(len(self.replay) - 1, animate=False),
                pygame.K_PAGEDOWN: lambda: self.to_decision(1),
                pygame.K_PAGEUP: lambda: self.to_decision(-1),
                pygame.K_ESCAPE: self.end_line if self.showing_line() else self.close,
                pygame.K_l: self.open_look,
                pygame.K_s: self.toggle_line,
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.panel_rect().collidepoint(event.pos):
                return self.click_panel(event.pos)
            self.click_table(event.pos)
        return True  # modal: a table below waits

    def open_look(self) -> None:
        """L: the table's own second look (the Uragan log, the Eralash last trick)."""

    def click_table(self, pos: tuple[int, int]) -> None:
        """A click on the cloth: the table's own looks (a pile of won tricks, the log's glance)."""

    # --- the frame --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        self.update_line()

    def timers_running(self) -> bool:
        """No bots play here: the review's verdicts are waited for, a better line shown move by move
        (its pauses), and a banner's pop."""
        return (self.review_id is not None or self.showing_line()
                or getattr(self, "banner", None) is not None)

    def look(self) -> tuple[Any, ...]:
        return (*super().look(), self.index, len(self.replay.verdicts), self.review_state,  # type: ignore[misc]
                self.line_key(),
                tuple((b.key, b.hover, b.enabled) for b in self.buttons))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        self.draw_panel(surface)


class UraganReplay(ReplayMixin, UraganTable):
    def make_layout(self, size: tuple[int, int]) -> Any:
        """The table's layout beside the panel, the score plaque as wide as at the table's own size."""
        lay = super().make_layout(size)
        lay.score.width = max(lay.score.width, int(self.app.size[0] * 0.18))
        return self.table_clear_of_score(lay)

    def draw_log_glance(self, surface: pygame.Surface) -> None:
        """No glance at the last moves beside the narrower table: the panel says where the replay
        is, and L still opens the whole log."""

    def glance_boxes(self) -> list[tuple[str, pygame.Rect]]:
        return []

    def draw_last_play(self, surface: pygame.Surface) -> None:
        """The last play outlined without its tag: the cloth is narrower here (its rows closer), and
        the panel names the play."""
        found = self.last_play_box()
        if found is not None:
            from game.looks.themes import BRASS_LIGHT

            shapes.rect(surface, BRASS_LIGHT, found[0], width=3, border_radius=10)

    def adopt_step(self, step: Any) -> None:
        self._opening_pending = False
        self.choice = None
        self.selected = None
        self._adopt_deal(step.shown)

    def open_look(self) -> None:
        self.toggle_log()

    def click_table(self, pos: tuple[int, int]) -> None:
        self.log_click(pos)

    def move_cards(self, move: Any) -> list[int]:
        from engine.uragan.moves import Play

        if isinstance(move, Play):
            pending = getattr(self.shown, "pending", None)
            parked = pending is not None and pending.card == move.card and not self.is_in_hand(move.card)
            return ([] if parked else [move.card]) + list(C.cards(move.take))
        return []

    def fit_opponent_hand(self, buttons_left: int) -> None:
        super().fit_opponent_hand(self.layout.size[0] - self.layout.inset)

    def build_buttons(self) -> None:
        if self.layout is None:
            return
        self.fit_opponent_hand(0)
        self.buttons = self.panel_buttons()
        self._button_state = (False, False, False, False, None)  # nothing for the table's own row

    def prompt_open(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        super().update(dt)


class EralashReplay(ReplayMixin, EralashTable):
    def make_layout(self, size: tuple[int, int]) -> Any:
        """The table's layout in the narrower room beside the panel: no button row above the trump
        plaque (the buttons are in the panel), and the top hand between the score and the trump."""
        lay = super().make_layout(size)
        w, h = lay.size
        margin = int(h * 0.03)
        right = lay.trump.right
        lay.trump.width = max(lay.trump.width, min(int(w * 0.26), 340))  # "by the run: Svetlana" fits
        lay.trump.topright = (right, margin)
        top = next((p for p in lay.seats if p.side == "top"), None)
        if top is not None:
            gap = max(8, w // 60)
            room = lay.trump.left - lay.score.right - 2 * gap
            x = (lay.score.right + lay.trump.left) / 2
            dx = x - top.hand[0]
            top.hand_len = min(top.hand_len, room)
            och = lay.card[1] * OPP_SCALE
            top.hand = (x, margin + och * 0.42)
            top.plate = (int(top.plate[0] + dx), int(top.hand[1] + och * 0.5 + h * 0.022))
            # its won tricks under the trump plaque, growing leftwards (the plaque took their place)
            pw, ph = lay.card[0] * PILE_SCALE, lay.card[1] * PILE_SCALE
            top.pile = (lay.trump.left + pw * 0.7, lay.trump.bottom + gap + ph * 0.5)
        return lay

    race_shown = False  # the panel beside the narrower table says where the replay is

    def adopt_step(self, step: Any) -> None:
        deal = step.shown
        self._opening_pending = False
        self.selected = None
        self.close_last_trick()
        played = len(deal.played)
        # The declarations' plaque does not fit beside the panel: the runs show face up in their
        # owners' hands and the trump plaque says who named trump.
        self.phase = "play"
        self.holds.discard("declare")
        self.gather = len(deal.winners) - 1 if played and played % deal.n == 0 else None

    def move_cards(self, move: Any) -> list[int]:
        return [move] if isinstance(move, int) else []

    def open_look(self) -> None:
        self.open_last_trick()

    def click_table(self, pos: tuple[int, int]) -> None:
        if self.on_a_pile(pos):
            self.open_last_trick()

    def build_buttons(self) -> None:
        if self.layout is None:
            return
        self.buttons = self.panel_buttons()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._button_state = (self.phase, False, self.shown.trump, self.demo, False, False)


VIEWERS: dict[str, type[ReplayMixin]] = {"uragan": UraganReplay, "eralash": EralashReplay}


def viewer_for(app: Any, game: str, match: Any, seat: int, *, record: dict[str, Any] | None = None,
               choose_seat: bool = False, start_deal: int | None = None, review: bool = True,
               on_close: Any = None) -> ReplayMixin:
    """A viewer of ``match`` (a finished or unfinished game) from ``seat``'s side; ``start_deal``
    (from 1) opens it at that deal's first position."""
    from game.store.saves import SavedGame, Session

    replay = Replay(game, match, seat)
    n = len(replay.players)
    seats: list[str | None] = [None if s == seat else "club" for s in range(n)]
    first = replay.steps[0].match
    saved = SavedGame(game=game, match=first.to_save(), seats=seats, bot_seeds=[0] * n)
    session = Session(None, saved, first)
    start = 0
    if start_deal is not None:
        start = next((i for i, s in enumerate(replay.steps) if s.deal == start_deal), 0)
    return VIEWERS[game](app, session, replay, record if record is not None else match.to_record(),
                         choose_seat=choose_seat, start=start, review=review, on_close=on_close)
