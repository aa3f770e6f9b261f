"""The replay and review viewer: a game stepped through play by play, with the coach's verdicts.

``ReviewScene`` is the viewer on the scene stack. It holds the game's own table (``UraganReplay`` /
``EralashReplay``: ``UraganTable`` / ``EralashTable`` fitted beside the panel, driven by a
``ReplayControl`` instead of players) and its parts: the controller (``control.py``: the steps, the
step shown, the review), Show me how (``line_show.LineShow``: the better line played out on the
cloth, then back) and the coach's panel (``panel.ReviewPanel``). ◂ / ▸ and the arrow keys step, Home
and End jump to the ends, PgUp / PgDn to the previous or next judged decision, S shows how. It shows
the position as the reviewed seat saw it (that seat at the bottom, every other hand face down). The
panel on the right heads with the summary and explains the decision at hand; the better move is
drawn on the cards (lifted and outlined with what it would have taken; the card played is outlined
in red).

The review runs in the bot worker process (``worker.request_review``), its own request: the viewer
opens at once and fills in verdicts as they come; closing it (or Stop) cancels the review.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from engine import cards as C
from game.eralash.layout import OPP_SCALE, PILE_SCALE
from game.eralash.table import EralashTable
from game.review.control import ReplayControl
from game.review.line_show import LineShow
from game.review.model import Replay, Step
from game.review.panel import ReviewPanel, panel_width
from game.scene import Scene
from game.store.game_number import game_number_label
from game.uragan.table import UraganTable
from game.widgets import shapes
from game.widgets.table import TIMER_TICK
from game.widgets.table_bots import BOT_DELAY

if TYPE_CHECKING:
    from game.app import App
    from game.widgets.boxes import Box
    from game.widgets.buttons import Button


class ReviewScene(Scene):
    """The viewer: the game's table showing the replay's position, the coach's panel beside it."""

    painted_in_parts = True  # (as a table: game.widgets.painter)
    tells_notices = True  # the app's notice goes in the panel's strip, not over the cards (widgets.toast)
    review_iterations: ClassVar[int | None] = None  # tests: a fixed search size (quick, deterministic)
    review_budget: ClassVar[float | None] = None  # seconds per decision; None: Master's own
    app: App

    def __init__(self, app: App, game: str, replay: Replay, record: dict[str, Any], *,
                 choose_seat: bool = False, start: int = 0, review: bool = True,
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.control = ReplayControl(app, replay, record, start=start, choose_seat=choose_seat)
        self.line = LineShow(self)
        self.panel = ReviewPanel(self)
        self._table: UraganReplay | EralashReplay = VIEWERS[game](app, self)
        self.on_close = on_close
        self._want_review = review and not choose_seat

    @property
    def table(self) -> UraganReplay | EralashReplay:
        """The game's table showing the replay's position."""
        return self._table

    # --- the names the checks and tests read (the controller's and the parts') --------------------

    @property
    def replay(self) -> Replay:
        return self.control.replay

    @property
    def index(self) -> int:
        return self.control.index

    @property
    def step(self) -> Step:
        return self.control.step

    @property
    def review_state(self) -> str:
        return self.control.review_state

    @review_state.setter
    def review_state(self, value: str) -> None:
        self.control.review_state = value

    @property
    def review_error(self) -> str:
        return self.control.review_error

    @property
    def review_id(self) -> int | None:
        return self.control.review_id

    @property
    def review_deals(self) -> list[int] | None:
        return self.control.review_deals

    @property
    def buttons(self) -> list[Button]:
        return self.table.buttons

    @property
    def holds(self) -> set[str]:
        return self.table.holds

    def busy(self) -> bool:
        return self.table.busy()

    def showing_line(self) -> bool:
        return self.line.showing()

    def line_done(self) -> bool:
        return self.line.done()

    @property
    def line_at(self) -> int:
        return self.line.at

    def line_pause(self) -> float:
        """Seconds between the beats of Show me how: a bot's pace at the table."""
        return BOT_DELAY.get(self.table.speed, 0.7)

    def step_lines(self) -> list[Any]:
        return self.panel.step_lines()

    def header_lines(self) -> list[Any]:
        return self.panel.header_lines()

    # --- lifecycle --------------------------------------------------------------------------------

    def enter(self) -> None:
        self.table.enter()
        if self._want_review:
            self.start_review()

    def exit(self) -> None:
        self.cancel_review()
        self.table.exit()
        if getattr(self.replay, "frozen", False):  # its record was kept out of the collector's walks
            import gc

            self.replay.frozen = False
            gc.unfreeze()  # the app's collection after a closed screen (game.memory) then frees it

    def resume(self) -> None:
        self.table.resume()

    def close(self) -> None:
        self.app.stack.remove(self)
        if self.on_close is not None:
            self.on_close()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)

    # --- the review ------------------------------------------------------------------------------

    def start_review(self, seat: int | None = None) -> None:
        """Ask the worker to judge the seat's decisions (another seat: the viewer turns to it)."""
        self.cancel_review()
        table = self.table
        if seat is not None and seat != self.control.replay.seat:
            self.control.turn_to(seat)
            table.humans, table.me = [seat], seat
            table.layout = None
            table.resize(self.app.size)
            if hasattr(self.app, "place_toast_again"):  # the table turned round: a notice looks again
                self.app.place_toast_again()
        self.control.ask(self.review_iterations, self.review_budget)
        if self.control.review_state == "running":
            table.build_buttons()

    def cancel_review(self) -> None:
        self.control.cancel()

    def stop_review(self) -> None:
        self.cancel_review()
        self.table.build_buttons()

    def take_verdicts(self) -> None:
        """The review's verdicts, as they come."""
        placed, ended = self.control.take_verdicts()
        for at in placed:
            if at == self.control.index and not self.line.showing():
                self.mark_step()
                self.table.build_buttons()  # Show me how, when the verdict has a line
        if ended:
            self.table.build_buttons()
        if (placed or ended) and self.panel.header_bottom() != self.panel.header_at:
            self.table.build_buttons()  # the summary took another line: Stop and the marks move down

    # --- stepping --------------------------------------------------------------------------------

    def goto(self, index: int, animate: bool = True) -> None:
        control = self.control
        if self.table.layout is None:
            return
        index = max(0, min(index, len(control.replay) - 1))
        forward = index == control.index + 1 and not self.line.showing()
        self.line.end(show=False)
        control.index = index
        self.show_position(control.step, animate and forward)
        self.mark_step()
        self.table.build_buttons()

    def show_position(self, step: Step, animate: bool) -> None:
        """Put ``step``'s position on the cloth (a step of the game or of a line being shown)."""
        table = self.table
        self.control.match = step.match
        table.shown = step.shown
        table.message = None
        table.banner = None
        table.adopt_step(step)
        table.tweens.finish_all()
        table.fx.finish_all()
        for s in table.sprites.values():
            s.highlight = None
            s.lift = 0.0
        table.sync(instant=not animate, duration=0.3)

    def mark_step(self) -> None:
        """Draw the better move on the cards (lifted, outlined, with what it takes) and the card played."""
        table = self.table
        verdict = self.control.step.verdict
        for s in table.sprites.values():
            s.highlight = None
        if self.line.showing():
            return
        if (verdict is None or verdict.grade == "best" or verdict.best == verdict.played
                or self.control.replay.is_decided(verdict.deal)):  # a decided deal: no move was better
            return
        for card in self.move_cards(verdict.played)[:1]:
            if card in table.sprites:
                table.sprites[card].highlight = "warn"
        best = self.move_cards(verdict.best)
        for i, card in enumerate(best):
            sprite = table.sprites.get(card)
            if sprite is None:
                continue
            sprite.highlight = "hint"
            if i == 0 and self.is_in_hand(card):
                table.fx.cancel(sprite)
                table.fx.tween(sprite, 0.15, lift=0.22)

    def move_cards(self, move: Any) -> list[int]:
        """The card a move plays, then the cards it takes (none for a claim answer or a trump)."""
        return self.table.move_cards(move)

    def is_in_hand(self, card: int) -> bool:
        hands = getattr(self.table.shown, "hands", None)
        return hands is not None and bool(hands) and bool(hands[self.table.me] >> card & 1)

    def build_buttons(self) -> None:
        self.table.build_buttons()

    def practice_mistakes(self) -> list[dict[str, Any]]:
        """The review's mistakes as they came (in deals not decided), once the review is in."""
        control = self.control
        if control.review_state != "done":
            return []
        replay = control.replay
        return [v.raw for v in replay.verdicts if v.grade == "mistake" and not replay.is_decided(v.deal)]

    def practise(self) -> None:
        """Practice — find the better move — on this review's mistakes (``game.practice``)."""
        from game.practice.open import practise_review

        mistakes = self.practice_mistakes()
        if mistakes:
            practise_review(self.app, self.control.replay.game, self.control.record, self.control.replay.seat,
                            mistakes)

    def toggle_line(self) -> None:
        self.line.toggle()

    def step_by(self, delta: int) -> None:
        self.goto(self.control.index + delta)

    def to_decision(self, direction: int) -> None:
        found = self.control.replay.next_decision(self.control.index, direction)
        if found is not None:
            self.goto(found, animate=False)

    # --- events ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        table = self.table
        for b in list(table.buttons):
            if b.handle_event(event):
                return True
        for name in ("log_event", "peek_event"):  # the table's own looks: the Uragan log, the last trick
            look = getattr(table, name, None)
            if look is not None and look(event):
                return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: lambda: self.step_by(1),
                pygame.K_LEFT: lambda: self.step_by(-1),
                pygame.K_HOME: lambda: self.goto(0, animate=False),
                pygame.K_END: lambda: self.goto(len(self.control.replay) - 1, animate=False),
                pygame.K_PAGEDOWN: lambda: self.to_decision(1),
                pygame.K_PAGEUP: lambda: self.to_decision(-1),
                pygame.K_ESCAPE: self.line.end if self.line.showing() else self.close,
                pygame.K_l: table.open_look,
                pygame.K_s: self.line.toggle,
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.panel.panel_rect().collidepoint(event.pos):
                return self.panel.click_panel(event.pos)
            table.click_table(event.pos)
        return True  # modal: a table below waits

    # --- the frame --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self.take_verdicts()
        self.line.update()
        self.say_verdict()

    def say_verdict(self) -> None:
        """While speech is on: the step at hand and the coach's verdict on it, in the panel's words, said
        once per step (again when its verdict arrives)."""
        if self.app.speech.name == "silent" or self.line.showing():
            return
        step = self.control.replay.steps[self.control.index]
        key = (self.control.index, step.verdict is not None)
        if key != getattr(self, "_verdict_said", None):
            self._verdict_said = key
            self.app.say("coach", ". ".join(str(line[0]) for line in self.panel.step_lines()))

    def timers_running(self) -> bool:
        """No bots play here: the review's verdicts are waited for, a better line shown move by move
        (its pauses), and a banner's pop."""
        return (self.control.review_id is not None or self.line.showing()
                or getattr(self.table, "banner", None) is not None)

    def look(self) -> tuple[Any, ...]:
        """What the viewer adds to what its table shows."""
        return (self.control.index, len(self.control.replay.verdicts), self.control.review_state,
                self.line.key(), tuple((b.key, b.hover, b.enabled) for b in self.table.buttons))

    def is_still(self) -> bool:
        return self.table.is_still()

    def wake_in(self) -> float | None:
        wake = self.table.wake_in()
        if self.timers_running():
            return TIMER_TICK if wake is None else min(wake, TIMER_TICK)
        return wake

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        self.panel.draw_panel(surface)

    def layout_boxes(self) -> list[Box]:
        return self.panel.layout_boxes(self.table.layout_boxes())


class UraganReplay(UraganTable):
    """Uragan's table in the viewer: beside the panel, showing the replay's position, nobody playing."""

    def __init__(self, app: App, host: ReviewScene) -> None:
        super().__init__(app, host.control)
        self.host = host
        seat = host.control.replay.seat
        self.humans, self.me = [seat], seat
        self.levels = [None] * len(host.control.replay.players)  # nobody thinks: no bot moves are asked

    # (the viewer's hooks: the same in both games' replay tables)
    def is_human_turn(self) -> bool:
        return False

    def can_play_card(self) -> bool:
        return False

    def show_deal_score(self, deal: Any) -> None: ...

    def deal_number_text(self) -> str:
        return replay_number(self.host)

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Under the opponent's pile; at a larger text size in the panel's header instead (beside the
        panel the pile's column is too narrow: the number was broken mid-figure, and moved aside it
        lay over the cards)."""
        return None if self.number_in_panel() else super().deal_number_spot()

    def number_in_panel(self) -> bool:
        return self.app.text.scale != 1.0

    def to_menu(self) -> None:
        self.host.close()

    def on_warm(self) -> None:
        self._opening_pending = False
        self.host.goto(self.host.control.index, animate=False)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.host.goto(self.host.control.index, animate=False)

    def timers_running(self) -> bool:
        return self.host.timers_running()

    def look(self) -> tuple[Any, ...]:
        return (*super().look(), *self.host.look())

    def make_layout(self, size: tuple[int, int]) -> Any:
        """The table's layout beside the panel, the score plaque as wide as at the table's own size,
        and the player's hand as wide as a round's six cards side by side where the cloth between
        the stock and the piles has the room (the narrower table would squeeze them together)."""
        lay = super().make_layout(table_size(size, self.app.text.scale))
        lay.score.width = max(lay.score.width, int(self.app.size[0] * 0.18))
        lay = self.table_clear_of_score(lay)
        cw = lay.card[0]
        gap = max(8, cw // 6)
        mid = lay.size[0] // 2
        pile = lay.my_pile[0] - cw // 2
        if self.app.text.scale != 1.0:  # the pile's count under it, kept on the cloth, reaches further left
            from game.layout import text_edge
            from game.words.i18n import plural

            words = self.text.font(self.font_size(0.022)).size(plural(88, "uragan.n_cards"))[0]
            pile = min(pile, int(lay.my_pile[0] - words / 2), lay.size[0] - text_edge(lay.size) - words)
        room = 2 * min(mid - (lay.stock[0] + cw // 2 + gap), pile - gap - mid)
        width = min(hand_width(cw), room)
        if width > lay.my_hand.width:
            lay.my_hand.width = width
            lay.my_hand.centerx = mid
        lay.opp_hand = opponent_hand(lay)
        return lay

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

    def adopt_step(self, step: Step) -> None:
        self._opening_pending = False
        self.choice = None
        self.selected = None
        self._adopt_deal(step.shown)

    def open_look(self) -> None:
        self.toggle_log()

    def click_table(self, pos: tuple[int, int]) -> bool:
        return self.log_click(pos)

    def move_cards(self, move: Any) -> list[int]:
        from engine.uragan.moves import Play

        if isinstance(move, Play):
            pending = getattr(self.shown, "pending", None)
            parked = pending is not None and pending.card == move.card and not self.host.is_in_hand(move.card)
            return ([] if parked else [move.card]) + list(C.cards(move.take))
        return []

    def fit_opponent_hand(self, buttons_left: int) -> None:
        """Between the score plaque and the opponent's pile, as wide as six backs side by side
        where there is the room (the buttons are in the panel)."""
        lay = self.layout
        rect = opponent_hand(lay)
        if rect != lay.opp_hand:
            lay.opp_hand = rect
            if self.sprites and not self.busy():
                self.sync()

    def build_buttons(self) -> None:
        if self.layout is None:
            return
        self.fit_opponent_hand(0)
        self.buttons = self.host.panel.panel_buttons()
        self._button_state = (False, False, False, False, None)  # nothing for the table's own row

    def prompt_open(self) -> bool:
        return False


class EralashReplay(EralashTable):
    """Eralash's table in the viewer: beside the panel, showing the replay's position, nobody playing."""

    def __init__(self, app: App, host: ReviewScene) -> None:
        super().__init__(app, host.control)
        self.host = host
        seat = host.control.replay.seat
        self.humans, self.me = [seat], seat
        self.levels = [None] * len(host.control.replay.players)  # nobody thinks: no bot moves are asked

    # (the viewer's hooks: the same in both games' replay tables)
    def is_human_turn(self) -> bool:
        return False

    def grows_side_hands(self) -> bool:
        return False  # the narrower table beside the panel keeps its side hands (the trick's words fit there)

    def can_play_card(self) -> bool:
        return False

    def maybe_tip(self) -> None: ...

    def show_sheet(self, deal_end: bool = False) -> None: ...

    def deal_number_text(self) -> str:
        return replay_number(self.host)

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Under the trump plaque; at a larger text size in the panel's header instead (the top seat's
        plate, between the score and the trump plaques, reaches under it there)."""
        return None if self.number_in_panel() else super().deal_number_spot()

    def number_in_panel(self) -> bool:
        return self.app.text.scale != 1.0

    def to_menu(self) -> None:
        self.host.close()

    def on_warm(self) -> None:
        self._opening_pending = False
        self.host.goto(self.host.control.index, animate=False)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.host.goto(self.host.control.index, animate=False)

    def timers_running(self) -> bool:
        return self.host.timers_running()

    def look(self) -> tuple[Any, ...]:
        return (*super().look(), *self.host.look())

    def make_layout(self, size: tuple[int, int]) -> Any:
        """The table's layout in the narrower room beside the panel: no button row above the trump
        plaque (the buttons are in the panel), and the top hand between the score and the trump."""
        lay = super().make_layout(table_size(size, self.app.text.scale))
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
            below = lay.trump.bottom + gap
            if self.app.text.scale != 1.0:  # the game's number under the trump plaque is taller too
                below += self.text.font(self.font_size(0.017), "italic").get_linesize()
            top.pile = (lay.trump.left + pw * 0.7, below + ph * 0.5)
        if self.app.text.scale != 1.0:
            self._trick_under_score(lay)
        return lay

    def _trick_under_score(self, lay: Any) -> None:
        """Larger text and long names in the narrower room: the score plaque (names on two lines) may
        reach down to the left seat's trick card; the side seats' trick cards go that much lower (beside
        the top and bottom ones, still clear of them)."""
        left = next((p for p in lay.seats if p.side == "left"), None)
        if left is None:
            return
        before, self.layout = self.layout, lay
        try:
            names = tuple(self.plaques.side_name(side) for side in range(self.match.sides()))
            bottom = lay.score.top + self.plaques._score_height(self.plaques._score_names(names))
        finally:
            self.layout = before
        cw, ch = lay.card
        card = pygame.Rect(0, 0, cw, ch)
        top = next((p for p in lay.seats if p.side == "top"), None)
        if top is not None:  # the plaque widened for the names: the trick moves right, clear of it
            from game.words.i18n import t

            card.center = (int(top.trick[0]), int(top.trick[1]))
            fs = self.font_size(0.017)  # and its mark's word above it ("first play", trick.py)
            tag = max(self.text.font(fs, "italic").size(t("story.eralash.led"))[0],
                      self.text.font(fs, "bold").size(t("story.eralash.wins"))[0])
            marked = card.inflate(max(14, tag - cw + 4), 14 + 2 * self.text.font(fs).get_height())
            dx = lay.score.right + max(8, cw // 10) - marked.left
            right = next((p for p in lay.seats if p.side == "right"), None)
            if right is not None:  # no further than the right seat's plate (a long name reaches in)
                before, self.layout = self.layout, lay
                try:
                    seat = next(s for s in range(self.n) if lay.place(s, self.me) is right)
                    plate = min((r.left for _, r in self.plates.plate_parts(seat)[0]), default=lay.size[0])
                finally:
                    self.layout = before
                dx = min(dx, plate - max(8, cw // 10) - int(right.trick[0] + cw / 2))
                for place in lay.seats:
                    place.trick = (place.trick[0] + dx, place.trick[1])
        card.center = (int(left.trick[0]), int(left.trick[1]))
        if card.left >= lay.score.right or card.top >= bottom + 6:
            return
        drop = min(bottom + 6 - card.top, int(ch * 0.4))
        for place in lay.seats:
            if place.side in ("left", "right"):
                place.trick = (place.trick[0], place.trick[1] + drop)

    race_shown = False  # the panel beside the narrower table says where the replay is

    def adopt_step(self, step: Step) -> None:
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
        self.buttons = self.host.panel.panel_buttons()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._button_state = (self.phase, False, self.shown.trump, self.demo, False, False, None)


VIEWERS: dict[str, type[UraganReplay] | type[EralashReplay]] = {
    "uragan": UraganReplay, "eralash": EralashReplay}
ReplayMixin = ReviewScene  # (the name the checks set ``review_iterations`` and ``review_budget`` on)


def hand_width(card_w: int, n: int = 6) -> int:
    """The width ``n`` cards take side by side in a fan (game.layout.fan's step, 1.05 card)."""
    return int(card_w * (1 + 1.05 * (n - 1))) + 2


def opponent_hand(lay: Any) -> pygame.Rect:
    """Where the viewer lays the opponent's hand: right of the score plaque, centred where it can
    be, as wide as the table would (0.4 of the cloth) or, where the cloth left of the opponent's pile
    has the room, as six backs side by side."""
    w = lay.size[0]
    cw = lay.card[0]
    left = lay.score.right + max(12, w // 80)
    right = min(w - lay.inset - max(12, w // 80), lay.opp_pile[0] - cw // 2 - max(8, cw // 6))
    width = max(min(int(w * 0.4), right - left), min(hand_width(cw), right - left))
    rect = pygame.Rect(0, lay.opp_hand.y, width, lay.opp_hand.height)
    rect.centerx = min(max(w // 2, left + width // 2), right - width // 2)
    return rect


def table_size(size: tuple[int, int], scale: float = 1.0) -> tuple[int, int]:
    """The table takes the left of the window; the coach's panel (wider at a larger text size) the right."""
    return (size[0] - panel_width(size, scale), size[1])


def replay_number(host: ReviewScene) -> str:
    """The record's game number (its seed), when it has one."""
    seed = host.control.record.get("seed")
    return game_number_label(seed) if isinstance(seed, int) else ""


def viewer_for(app: App, game: str, match: Any, seat: int, *, record: dict[str, Any] | None = None,
               choose_seat: bool = False, start_deal: int | None = None, review: bool = True,
               on_close: Callable[[], None] | None = None, replay: Replay | None = None) -> ReviewScene:
    """A viewer of ``match`` (a finished or unfinished game) from ``seat``'s side; ``start_deal``
    (from 1) opens it at that deal's first position. ``replay``: the steps, laid out already (off the
    UI thread, by the plaque that opened the record)."""
    if replay is None or replay.seat != seat:
        replay = Replay(game, match, seat) if replay is None else replay.for_seat(seat)
    start = 0
    if start_deal is not None:
        start = next((i for i, s in enumerate(replay.steps) if s.deal == start_deal), 0)
    return ReviewScene(app, game, replay, record if record is not None else match.to_record(),
                       choose_seat=choose_seat, start=start, review=review, on_close=on_close)
