"""``TableScene``: what every card table shares — sprites, tweens, drag-and-drop, messages, bot turns.

The engine decides and the table shows: a move goes to the engine (through the game ``Session``,
which saves after every move) at once; the table then animates its sprites towards the engine's new
state. A dragged card only proposes a move; if the engine refuses, the card flies home with the
reason. The table is driven by a controller: ``PlayControl`` (``play.py``: the session, the bots'
turns of ``table_bots``, the hint of ``table_hint``, undo) while a match is played, or a
``ShownMatch`` that only says which match is shown (the replay viewer's); ``match`` is the
controller's. The drawing is ``table_draw``'s ``TableArt``.

A game's table subclasses this and provides ``make_layout``, ``targets`` (where every card rests in
the current state) and the move animations. Some methods here only hand a call on to a part
(marked "delegates"): the game tables still call them through ``self``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import pygame

from engine import cards as C
from engine.state import IllegalMove
from game.scene import ANIMATING, Scene
from game.tween import SPEED_FACTOR, Tweener, ease_in_out_cubic
from game.widgets.buttons import Button, button_height
from game.widgets.cards import CardImages, CardSprite
from game.widgets.drag import DragController
from game.widgets.felt import table_background
from game.widgets.play import PlayControl
from game.widgets.table_bots import BOT_DELAY
from game.widgets.table_draw import TableArt, deal_number_label, font_size
from game.widgets.table_hint import hint_text
from game.widgets.warm import Warmer
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.speech.announcer import Announcer, Narrator
    from game.store.saves import Session
    from game.widgets.boxes import Box

__all__ = ["BOT_DELAY", "Message", "ShownMatch", "TableScene", "Target"]

T = TypeVar("T")

TIMER_TICK = 1 / 30  # seconds between the loop's turns while a bot thinks or a timed phase runs
# Holds that wait for the player (or for a scene above), not for time: the table may sleep under them.
PLAYER_HOLDS = frozenset({"declare", "peek", "score", "sheet"})



@dataclass
class Target:
    """Where a card rests: centre, angle, face up or down, stacking order."""

    x: float
    y: float
    angle: float = 0.0
    face_up: bool = True
    z: int = 0


@dataclass
class Message:
    text: str
    until: float
    kind: str = "info"  # info, warn, claim
    sticky: bool = False  # news of another seat's move: stays past ``until`` until the player acts
    acted: bool = False  # the player has pressed a key or a button since it was said


class ShownMatch:
    """A table's controller that only shows a match: no session, no bots, no hint, no undo (the replay
    viewer's; it sets ``match`` to the position it shows)."""

    def __init__(self, match: Any) -> None:
        self.match = match
        self.seats: list[str | None] = [None] * len(match.players)

    # A controller whose moves come from elsewhere (a seat at a hosted table: ``game/people/remote.py``)
    # overrides these four; a match only shown takes no move and has no one else to wait for.

    def offer(self, table: TableScene, move: Any) -> str | None:
        """The player's move at this table: None when taken (the controller shows it), else why not."""
        return t("table.not_your_turn")

    def update(self, table: TableScene) -> None:
        """Each frame: what arrived for the table (moves made elsewhere, news of the seats)."""

    def waiting_for(self, table: TableScene) -> int | None:
        """The seat of a person elsewhere whose move the table waits for (shown as a bot's thinking)."""
        return None

    def seat_note(self, seat: int) -> str | None:
        """A word under a seat's name: a person, a person away, a bot playing for one."""
        return None

    def leave(self) -> None:
        """The table is left (a connection to close)."""

    def ask_leave(self, table: TableScene) -> bool:
        """The player asks to leave the table: True when a question was opened instead (the table is
        left only if its answer is yes)."""
        return False


class TableScene(Scene):
    game: ClassVar[str] = ""
    painted_in_parts = True  # (game.widgets.painter: a card in flight repaints only its path)
    app: App
    shown: Any  # the deal on the cloth (each game's table sets it)

    def __init__(self, app: App, session: Session | ShownMatch, *, demo: bool = False) -> None:
        super().__init__(app)
        self.demo = demo
        self.control: PlayControl | ShownMatch = (
            session if isinstance(session, ShownMatch) else PlayControl(self, session))
        seats = list(session.seats)
        self.humans: list[int] = [] if demo else [s for s, lv in enumerate(seats) if lv is None]
        self.me = self.humans[0] if self.humans else 0  # whose side of the table is at the bottom
        self.levels: list[str | None] = [
            None if s in self.humans else (lv or "club") for s, lv in enumerate(seats)
        ]
        self.text = getattr(app, "table_text", app.text)  # sizes in pixels at the text size (font_size)
        speed = app.settings.animation_speed
        self.speed = speed if speed in SPEED_FACTOR else "normal"
        self.tweens = Tweener(self.speed)
        self.fx = Tweener(self.speed)  # hover and selection lifts: never hold up the game
        self.images = CardImages(
            self.text,
            (100, 140),
            self.deck_language(),
            app.settings.card_back,
            app.settings.four_colour,
            bool(getattr(app.settings, "high_contrast", False)),
        )
        self.sprites: dict[int, CardSprite] = {}
        self.drag = DragController(
            lambda: self.images.size, self.draggable, self.on_drop, self.on_click, self.on_drag_start
        )
        self.clock = 0.0
        self.message: Message | None = None
        self.buttons: list[Button] = []
        self.holds: set[str] = set()  # named reasons the game waits (an overlay, a dealing sequence)
        self.layout: Any = None
        self.warmer = Warmer()
        self.art = TableArt(self)
        self._idle_since = 0.0
        self._was_busy = False
        self._hovered: CardSprite | None = None
        self._last_look: tuple[Any, ...] | None = None
        self.stats: Any = None
        self._unlisten: Any = None
        self._notices_seen = 0  # the data folder's notices already said at this table (table_store)
        self.announcer: Announcer | None = None  # says the story aloud while speech is on (game.speech)

    def suits(self) -> Any:
        """The palette for suit symbols in text, as the deck colours them (``TextCache.get(suits=…)``)."""
        from game.widgets.suits import suit_palette

        return suit_palette(self.app.settings.four_colour)

    def deck_language(self) -> str:
        """Card corner letters: the setting, or the interface language for "auto"."""
        index = self.app.settings.deck_index
        return index if index in i18n.LANGUAGES else i18n.get_language()

    # --- construction helpers for subclasses ---------------------------------------------------

    @property
    def match(self) -> Any:
        """The engine match the table shows, from its controller."""
        return self.control.match

    @property
    def play(self) -> PlayControl | None:
        """The play controller (session, bots, hint, undo); None at a table that only shows a match."""
        control = self.control
        return control if isinstance(control, PlayControl) else None

    @property
    def session(self) -> Session:
        """The game's session (a table being played; the replay's table has none)."""
        if self.play is None:
            raise AttributeError("a table that only shows a match has no session")
        return self.play.session

    @session.setter
    def session(self, session: Session) -> None:
        if self.play is not None:
            self.play.session = session

    @property
    def idle_since(self) -> float:
        """The table's clock when it last came to rest (a bot's move waits a moment after it)."""
        return self._idle_since

    def player_name(self, seat: int) -> str:
        """The seat's name in the interface language (``game.words.names.shown_name``)."""
        from game.words.names import shown_name

        players = getattr(self.match, "players", None)
        return shown_name(players[seat]) if players and 0 <= seat < len(players) else f"#{seat + 1}"

    def form(self, seat: int) -> str:
        """The grammatical form of sentences about ``seat`` (``game.words.grammar.say``)."""
        from game.words.grammar import seat_form

        gender = self.app.settings.player_gender
        return seat_form(self.player_name(seat), player=seat in self.humans, gender=gender)

    # --- lifecycle ------------------------------------------------------------------------------

    def enter(self) -> None:
        self.refresh_undo()
        if any(self.levels):
            with contextlib.suppress(Exception):
                self.app.worker.start_async()  # the bots' process spawns while the cards are dealt
        self.resize(self.app.size)
        with contextlib.suppress(Exception):
            self._unlisten = self.app.settings.on_change(self.on_setting)

    def exit(self) -> None:
        self.cancel_bot()
        if isinstance(self.control, ShownMatch):
            self.control.leave()
        if self._unlisten:
            self._unlisten()

    def resume(self) -> None:
        self._idle_since = self.clock

    def on_setting(self, name: str, value: Any) -> None:
        if name == "animation_speed" and value in SPEED_FACTOR:
            self.speed = value
            self.tweens.speed = value
            self.fx.speed = value
        elif name in ("deck_index", "language", "card_back", "four_colour", "high_contrast"):
            self.images.set_style(
                lang=self.deck_language(),
                back=self.app.settings.card_back,
                four_colour=self.app.settings.four_colour,
                contrast=self.app.settings.high_contrast,
            )
        if name in ("table_colour", "high_contrast"):
            self.art.forget_felt()
            self.art._plaques.clear()
        if name == "language":
            self.build_buttons()  # labels in the new language (the hint's own button comes back too)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out for a new window size; cards jump to their places (no tween)."""
        self.layout = self.make_layout(size)
        self.images.set_size(self.layout.card)
        self.art.forget_felt()
        self.tweens.finish_all()
        self.drag.cancel()
        self.build_buttons()
        self.sync(instant=True)
        self.start_warming()

    def start_warming(self) -> None:
        """Make the cloth and every card image of the deck in a helper thread; the game waits."""
        size = self.app.size
        colour = self.cloth_name()
        images, cards, ready = self.images, self.deck_cards(), self.art.felt_ready
        app = self.app

        def job() -> None:
            ready[(size, colour)] = table_background(size, colour, compact=False)  # blitted in parts: 4 bytes
            if not app.headless:
                app.sounds  # noqa: B018 - opens the mixer here rather than in a frame
            images.back()
            for c in cards:
                images.face(c)

        self.holds.add("warming")
        self.warmer.start(job)

    def on_warm(self) -> None:
        """The images are ready (after the start or a resize)."""

    def deck_cards(self) -> list[int]:
        return list(range(52))

    # --- to override ------------------------------------------------------------------------------

    def make_layout(self, size: tuple[int, int]) -> Any:
        raise NotImplementedError

    def targets(self) -> dict[int, Target]:
        """Where every card of the deal being shown rests now."""
        raise NotImplementedError

    def can_play_card(self) -> bool:
        """May the player pick up a card of the hand at the bottom now (or soon, once a move lands)?"""
        return False

    def draggable(self) -> list[CardSprite]:
        """The cards of the player's hand while one may be played (``shown``: the deal on the cloth)."""
        if not self.can_play_card():
            return []
        return [self.sprites[c] for c in C.cards(self.shown.hands[self.me]) if c in self.sprites]

    def on_drop(self, sprite: CardSprite, pos: tuple[int, int]) -> None: ...

    def on_click(self, sprite: CardSprite) -> None: ...

    def on_drag_start(self, sprite: CardSprite) -> None: ...

    def ui_state(self) -> dict[str, Any] | None:
        """UI-only state worth saving with the game (JSON); None if there is none."""
        return None

    def restore_ui(self, state: dict[str, Any]) -> None:
        """Take back what ``ui_state`` gave (a save's table snapshot)."""

    # --- snapshots (the table handed to a new scene, e.g. after a change of window) ------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to put this table back: the match save, the seats and the UI state."""
        saved = self.session.saved
        snap = {
            "game": self.game,
            "match": self.match.to_save(),
            "seats": list(saved.seats),
            "bot_seeds": list(saved.bot_seeds),
            "demo": self.demo,
        }
        ui = self.ui_state()
        if ui is not None:
            snap["ui"] = ui
        return snap

    @classmethod
    def from_snapshot(cls, app: App, snap: dict[str, Any], store: Any = None) -> Any:
        from game.store.saves import SavedGame, Session

        saved = SavedGame(
            game=cls.game,
            match=snap["match"],
            seats=list(snap["seats"]),
            bot_seeds=list(snap["bot_seeds"]),
            table=snap.get("ui"),
        )
        scene = cls(app, Session(store, saved, saved.restore_match()), demo=bool(snap.get("demo")))
        if snap.get("ui"):
            scene.restore_ui(snap["ui"])
        return scene

    def to_menu(self) -> None:
        if isinstance(self.control, ShownMatch) and self.control.ask_leave(self):
            return  # (a table of people: the others are told, so the player is asked first)
        self.app.stack.remove(self)

    def on_moved(self, move: Any, before: Any, finished: Any | None) -> None:
        """Animate ``move`` (``before``: a copy of the deal before it; ``finished``: the deal that just
        ended, if the move ended one). Default: glide everything to its new place."""
        self.sync()

    def build_buttons(self) -> None:
        self.buttons = []

    def draw_table(self, surface: pygame.Surface) -> None:
        """Game-specific drawing between the cloth and the cards (piles, stock, score)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Game-specific drawing above the cards (prompts, choices)."""

    # --- sprites ----------------------------------------------------------------------------------

    def sprite(self, card: int) -> CardSprite:
        s = self.sprites.get(card)
        if s is None:
            s = CardSprite(card, *self.layout_origin(card))
            s.face_up = False
            s.turn = 0.0
            self.sprites[card] = s
        return s

    def layout_origin(self, card: int) -> tuple[float, float]:
        """Where a card appears from when first seen (the stock, by default the table's centre)."""
        return (self.app.size[0] / 2, self.app.size[1] / 2)

    def sync(
        self,
        instant: bool = False,
        duration: float = 0.35,
        stagger: float = 0.0,
        order: list[int] | None = None,
        skip: set[int] | frozenset[int] = frozenset(),
    ) -> float:
        """Move every sprite to its target; returns when (seconds from now) the last one arrives."""
        targets = self.targets()
        for card in list(self.sprites):
            if card not in targets:
                del self.sprites[card]
        cards = sorted(targets, key=lambda c: targets[c].z)
        if order is not None:  # these first, in this order (the rest follow without waiting)
            first = [c for c in order if c in targets]
            cards = first + [c for c in cards if c not in set(first)]
        last = 0.0
        i = 0
        for card in cards:
            if card not in targets or card in skip:
                continue
            tg = targets[card]
            s = self.sprite(card)
            s.set_home(tg.x, tg.y, tg.angle)
            turn = 1.0 if tg.face_up else 0.0
            moved = (
                abs(s.x - tg.x) > 0.5
                or abs(s.y - tg.y) > 0.5
                or abs(s.angle - tg.angle) > 0.5
                or s.turn != turn
                or s.lift != 0
            )
            if instant or not moved:
                if instant:
                    self.tweens.cancel(s)
                    self.fx.cancel(s)
                    s.x, s.y, s.angle, s.turn, s.lift = tg.x, tg.y, tg.angle, turn, 0.0
                s.z = tg.z if instant or not moved else s.z
                continue
            delay = stagger * i
            i += 1
            self.tweens.cancel(s)
            self.fx.cancel(s)
            s.z = max(s.z, tg.z)
            self.tweens.tween(
                s,
                duration,
                ease=ease_in_out_cubic,
                delay=delay,
                x=tg.x,
                y=tg.y,
                angle=tg.angle,
                turn=turn,
                lift=0.0,
                on_done=lambda s=s, z=tg.z: setattr(s, "z", z),
            )
            last = max(last, (delay + duration) * self.tweens.factor)
        return last

    def fly_home(self, sprite: CardSprite) -> None:
        x, y, a = sprite.home
        self.tweens.cancel(sprite)
        self.tweens.tween(sprite, 0.25, x=x, y=y, angle=a, lift=0.0)

    # --- messages ---------------------------------------------------------------------------------

    def say(self, text: str, seconds: float = 3.0, kind: str = "info", sticky: bool = False) -> None:
        """Show ``text`` for ``seconds``; a ``sticky`` one (what an opponent did) stays until the
        player's next action or those seconds, whichever is later."""
        self.message = Message(text, self.clock + seconds, kind, sticky)

    def note_action(self, event: pygame.event.Event) -> None:
        """A key or a click: the player has seen the news on the table."""
        if self.message is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.message.acted = True

    def refuse(self, reason: str) -> None:
        self.say(t("table.illegal", reason=reason), 3.5, "warn")
        self.app.play_sound("refuse")
        self.app.say("refused", t("table.illegal", reason=self.spoken_refusal(reason)))

    # --- speech -----------------------------------------------------------------------------------

    def spoken_refusal(self, reason: str) -> str:
        """A refusal's reason as speech says it (a table whose words name cards says them in words)."""
        return reason

    def narrator(self) -> Narrator | None:
        """The game's words for the announcer (each game's table gives its own)."""
        return None

    def update_speech(self) -> None:
        """Once a frame: while speech is on, the announcer says what the story added (built when speech
        is first on at this table, so what happened before is not said again)."""
        if self.play is None or self.app.speech.name == "silent":
            self.announcer = None
            return
        if self.announcer is None:
            narrator = self.narrator()
            if narrator is None:
                return
            from game.speech.announcer import Announcer

            self.announcer = Announcer(self, narrator)
        self.announcer.update()

    # --- moves ------------------------------------------------------------------------------------

    def busy(self) -> bool:
        return self.tweens.busy or bool(self.holds) or self.drag.dragging

    def is_human_turn(self) -> bool:
        return not self.match.is_over() and self.match.current_player() in self.humans

    def propose(self, move: Any) -> str | None:
        """A human's move: the engine accepts it (and the table animates) or returns the reason why not
        (in the interface language)."""
        if not self.is_human_turn():
            return t("table.not_your_turn")
        return self.apply_move(move)

    def apply_move(self, move: Any) -> str | None:
        control = self.control
        if not isinstance(control, PlayControl):
            return control.offer(self, move)
        deal = self.match.deal
        before = deal.copy()
        try:
            control.session.play(move)
        except IllegalMove as err:
            return self.refusal_text(err)
        finished = deal if self.match.deal is not deal or deal.is_over() else None
        control.cancel()
        if self.humans:
            self.refresh_undo()
        self.on_moved(move, before, finished)
        self.keep_snapshot()
        if self.match.is_over():
            self.on_match_over()
        return None

    def show_move(self, move: Any, before: Any, deal: Any) -> None:
        """A move its controller played on the match (``deal``: the deal it was played in, ``before`` a
        copy of it as it stood): animated as any move, and the end of the match kept."""
        finished = deal if self.match.deal is not deal or deal.is_over() else None
        self.on_moved(move, before, finished)
        if self.match.is_over():
            self.on_match_over()

    def match_replaced(self) -> None:
        """The controller's match was built again (a seat's whole story told again): show it as it is."""
        self.sync(instant=True)

    def seat_note(self, seat: int) -> str | None:
        """(delegates) the controller's word under a seat's name."""
        control = self.control
        return control.seat_note(seat) if isinstance(control, ShownMatch) else None

    def keep_snapshot(self) -> None:
        """Put the table's own state (the order cards lie in, an open score sheet) into the save, so
        Continue shows exactly this table. ``Session.play`` has just queued the save on the writer
        thread; the snapshot is set before that thread serialises it, and saved again to be sure."""
        if self.demo or self.play is None:
            return
        with contextlib.suppress(Exception):
            self.play.session.set_table_snapshot(self.ui_state(), save=True)

    def refusal_text(self, err: IllegalMove) -> str:
        """The engine's refusal in the interface language: engines that know how say it themselves
        (Eralash's ``IllegalPlay.text(lang)``); subclasses map the others through the catalogs."""
        text = getattr(err, "text", None)
        if callable(text):
            with contextlib.suppress(Exception):
                return str(text(i18n.get_language()))
        return str(err)

    def refresh_undo(self) -> None:
        """Can the player take a move back? (Replays the match, so only after moves, not per frame.)"""
        if self.play is not None:
            self.play.refresh_undo(bool(self.humans) and not self.demo and not self.match.is_over())

    @property
    def undo_available(self) -> bool:
        return self.play is not None and self.play.undo_available

    @undo_available.setter
    def undo_available(self, value: bool) -> None:
        if self.play is not None:
            self.play.undo_available = value

    def undo(self) -> None:
        """Take back the player's last move and the bots' replies; the table glides back."""
        play = self.play
        if play is None or not play.undo_available or self.holds:
            return
        play.bots.cancel()
        self.tweens.finish_all()
        self.drag.cancel()
        try:
            removed = play.session.undo()
        except Exception as err:  # a save that cannot replay: say so, keep playing
            self.say(str(err), 3.0, "warn")
            return
        play.hint.clear()
        if removed:
            self.on_undone()
        self.refresh_undo()
        self.build_buttons()
        self.keep_snapshot()

    def on_undone(self) -> None:
        """The match went back some moves: show its state (subclasses rebuild their own order)."""
        self.sync(duration=0.3)

    def review_deal(self, deal: int | None = None) -> Any:
        """The end-of-deal sheet's "Review this deal": the replay viewer over the sheet, the coach
        judging the player's decisions of that deal in the bot worker meanwhile."""
        return self.app.review_deal(self, deal)

    def maybe_review_after_deal(self) -> None:
        """The setting "Review after each deal": the review opens by itself over the sheet, on the deal
        just finished. Named by the deals done, not the record's last deal: a match rebuilt from a
        save (Continue) has already dealt the next deal, which has no decisions yet."""
        if self.demo or not self.humans or not self.app.settings.review_after_deal:
            return
        with contextlib.suppress(Exception):
            self.review_deal(max(1, len(self.match.deals_done)))

    def save_record(self) -> Any:
        """Save this game as a record (docs/records.md) in the documents folder and say where; the path,
        or None when the folder could not be written (said too)."""
        return self.app.save_match_record(self.match)

    def on_match_over(self) -> None:
        if self.demo or self.play is None:
            return
        from game.widgets.table_store import finish_match

        finish_match(self)

    # --- the parts' names kept for the game tables (delegates: remove once they use the parts) --------

    def cancel_bot(self) -> None:
        """(delegates) ``play.bots.cancel``."""
        if self.play is not None:
            self.play.bots.cancel()

    def bot_thinking(self) -> int | None:
        """(delegates) ``play.bots.thinking``."""
        return self.play.bots.thinking() if self.play is not None else None

    def thinking_shown(self) -> int | None:
        """(delegates) ``play.bots.thinking_shown``, or the person elsewhere the table waits for."""
        control = self.control
        if isinstance(control, ShownMatch):
            return control.waiting_for(self)
        return control.bots.thinking_shown()

    def update_bot(self) -> None:
        """A bot's turn (a table that plays its moves otherwise overrides this)."""
        if self.play is not None:
            self.play.bots.update()

    def bot_seed(self, seat: int) -> int:
        return self.play.bot_seed(seat) if self.play is not None else seat

    def hint_seed(self) -> int:
        return self.play.hint_seed() if self.play is not None else len(self.match.moves)

    @property
    def bot_budget(self) -> float | None:
        """(delegates) ``play.bots.budget``."""
        return self.play.bots.budget if self.play is not None else None

    @bot_budget.setter
    def bot_budget(self, value: float | None) -> None:
        if self.play is not None:
            self.play.bots.budget = value

    @property
    def _bot_request(self) -> int | None:
        """(delegates) ``play.bots.request``."""
        return self.play.bots.request if self.play is not None else None

    @_bot_request.setter
    def _bot_request(self, value: int | None) -> None:
        if self.play is not None:
            self.play.bots.request = value

    @property
    def hint_budget(self) -> float | None:
        """(delegates) ``play.hint.budget``."""
        return self.play.hint.budget if self.play is not None else None

    @hint_budget.setter
    def hint_budget(self, value: float | None) -> None:
        if self.play is not None:
            self.play.hint.budget = value

    @property
    def hint_move(self) -> Any:
        """(delegates) ``play.hint.move``: the advice being shown (None: none)."""
        return self.play.hint.move if self.play is not None else None

    @hint_move.setter
    def hint_move(self, value: Any) -> None:
        if self.play is not None:
            self.play.hint.move = value

    @property
    def hint_reason(self) -> str | None:
        """(delegates) ``play.hint.reason``."""
        return self.play.hint.reason if self.play is not None else None

    @hint_reason.setter
    def hint_reason(self, value: str | None) -> None:
        if self.play is not None:
            self.play.hint.reason = value

    @property
    def _hint_request(self) -> int | None:
        """(delegates) ``play.hint.request``."""
        return self.play.hint.request if self.play is not None else None

    def hint_available(self) -> bool:
        """May the player ask for a hint now? (Tables extend it: Eralash while trump is named.)"""
        return self.play is not None and self.play.hint.available()

    def request_hint(self) -> None:
        """(delegates) ``play.hint.ask``."""
        if self.play is not None:
            self.play.hint.ask()

    def play_hint(self) -> bool:
        """(delegates) ``play.hint.play``."""
        return self.play is not None and self.play.hint.play()

    def clear_hint(self) -> None:
        """(delegates) ``play.hint.clear``."""
        if self.play is not None:
            self.play.hint.clear()

    def place_hint_button(self) -> None:
        """(delegates) ``play.hint.place_button``."""
        if self.play is not None:
            self.play.hint.place_button()

    def reason_for_hint(self, move: Any) -> str | None:
        """(delegates) ``play.hint.reason_for``."""
        return self.play.hint.reason_for(move) if self.play is not None else None

    def hint_words(self, move: Any) -> str:
        """The advice as the table says it: the move, and its reason beside it when there is one."""
        words = t("table.hint.move", move=self.hint_text(move))
        reason = self.hint_reason
        return t("table.hint.move_why", hint=words, why=reason) if reason else words

    def highlight_hint(self, move: Any) -> None:
        """Show ``move`` on the table. Tables light their own pieces (cards, captures, buttons);
        this default lights a played card when the move is one (an int) and names the move."""
        if type(move) is int and move in self.sprites:
            self.sprites[move].highlight = "hint"
        self.say(self.hint_words(move), 6.0, "hint")

    def hint_text(self, move: Any) -> str:
        """The advised move in words (tables name their moves better)."""
        return hint_text(self.game, move)

    def hint_button_key(self, move: Any) -> str | None:
        """The key of the table button that makes ``move`` (a claim answer, a trump), if any: it glows.
        By default a move naming a suit (Eralash's ``ChooseTrump``) is the button ``trump<suit>``."""
        suit = getattr(move, "suit", None)
        return f"trump{suit}" if isinstance(suit, int) else None

    def reserved_rects(self) -> list[pygame.Rect]:
        """Places a button must keep clear of besides the cards at rest (a pile that will grow)."""
        return []

    def button_height(self) -> int:
        return button_height(self.layout.size[1])

    def make_undo_button(self, height: int) -> Button:
        """The Undo button, enabled while there is a move of the player's to take back."""
        undo = Button("undo", t("table.undo"), pygame.Rect(0, 0, 10, height), self.undo)
        undo.enabled = self.undo_available and not self.holds
        return undo

    def make_hint_button(self, height: int) -> Button:
        """The Hint button (H), for a table that lays out its own row; others get it placed for them."""
        return Button("hint", t("table.hint"), pygame.Rect(0, 0, 10, height), self.request_hint, pygame.K_h)

    # --- drawing: the art's, and the game's layers and places ------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.art.draw(surface)

    def deal_number_text(self) -> str:
        """"Game No. 482 193 557": the game's number (its seed), to deal the same cards again."""
        number = getattr(self.play.session, "deal_number", None) if self.play is not None else None
        if number is None and getattr(self.control, "shows_number", True):
            number = getattr(self.match, "seed", None)
        return deal_number_label(number)

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Where the game number goes: a rect anchor name and point (tables choose a quiet corner)."""
        return None

    def deal_number_width(self) -> int | None:
        """How wide the game number may be before it is broken into lines (None: as wide as it is)."""
        return None

    def message_room(self) -> int:
        """How wide the message's plaque may grow (tables with side columns narrow it)."""
        return max(self.layout.message.width, int(self.layout.size[0] * 0.72))

    def captioned_cards(self) -> set[int]:
        """Face-up cards a caption may lie across (the layout check): none, unless a table says so."""
        return set()

    def layout_boxes(self) -> list[Box]:
        """What the layout check looks at (tables add their plaques by extending this)."""
        return self.art.layout_boxes()

    def font_size(self, share: float) -> int:
        return font_size(self.app, share)

    @property
    def _felt(self) -> pygame.Surface | None:
        """(delegates) ``art.felt_surface``: the cloth now drawn."""
        return self.art.felt_surface

    def felt(self, size: tuple[int, int]) -> pygame.Surface | None:
        """(delegates) ``art.felt``."""
        return self.art.felt(size)

    def remembered(self, name: str, key: Any, make: Callable[[], T]) -> T:
        """(delegates) ``art.remembered``."""
        return self.art.remembered(name, key, make)

    def deal_number_rect(self) -> pygame.Rect | None:
        """(delegates) ``TableArt.deal_number_rect``: where the game's number is written."""
        return self.art.deal_number_rect()

    def card_scale(self) -> float:
        """Settings' card size, as the layouts take it (``game.layout.CARD_SIZES``)."""
        from game.layout import CARD_SIZES

        return CARD_SIZES.get(getattr(self.app.settings, "card_size", "normal"), 1.0)

    def cloth_name(self) -> str:
        """The cloth drawn: the player's colour, or high contrast's plain dark one."""
        from game.widgets.felt import CONTRAST

        return CONTRAST if self.app.settings.high_contrast else self.app.settings.table_colour

    def _plaque(self, size: tuple[int, int]) -> pygame.Surface:
        """(delegates) ``art.plaque``."""
        return self.art.plaque(size)

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        """(delegates) ``art.draw_message``."""
        self.art.draw_message(surface, midbottom)

    def draw_turn_hint(self, surface: pygame.Surface, hint: str, how: str | None, floor: int,
                       colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> None:
        """(delegates) ``art.draw_turn_hint``."""
        self.art.draw_turn_hint(surface, hint, how, floor, colours)

    def draw_turn_mark(self, surface: pygame.Surface, name_rect: pygame.Rect,
                       room: int | None = None) -> None:
        """(delegates) ``TableArt.draw_turn_mark``."""
        TableArt.draw_turn_mark(surface, name_rect, room)

    def draw_thinking_label(self, surface: pygame.Surface, midtop: tuple[int, int], seat: int) -> pygame.Rect:
        """(delegates) ``art.draw_thinking_label``."""
        return self.art.draw_thinking_label(surface, midtop, seat)

    def draw_thinking(self, surface: pygame.Surface, pos: tuple[int, int], seat: int) -> None:
        """(delegates) ``art.draw_thinking``."""
        self.art.draw_thinking(surface, pos, seat)

    def thinking_words(self, seat: int) -> str:
        """(delegates) ``art.thinking_words``."""
        return self.art.thinking_words(seat)
    # --- the frame --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if "warming" in self.holds and self.warmer.ready:
            self.holds.discard("warming")
            self.on_warm()
        self.tweens.update(dt)
        self.fx.update(dt)
        busy = self.busy()
        if self._was_busy and not busy:
            self._idle_since = self.clock
        self._was_busy = busy
        msg = self.message
        if msg is not None and self.clock > msg.until and (msg.acted or not msg.sticky):
            self.message = None
        self.update_hover()
        if self.play is not None:
            self.update_bot()
            self.play.hint.update()
        elif isinstance(self.control, ShownMatch):
            self.control.update(self)
        self.place_hint_button()
        self.update_speech()
        if getattr(self.app.store, "notices", None):
            from game.widgets.table_store import tell_write_failures

            tell_write_failures(self)

    def look(self) -> tuple[Any, ...]:
        """Everything besides sprites in motion that changes what the table shows (subclasses add)."""
        thinking = self.thinking_shown()
        dots = int(self.clock * 3.0) % 3 if thinking is not None else -1
        return (
            len(self.match.moves),
            self.message,
            tuple(sorted(self.holds)),
            thinking,
            dots,
            self.undo_available,
            tuple(self.seat_note(s) for s in range(len(self.match.players))),
            self.hint_move is not None,
            self._hint_request is not None,
            self.art.felt_key,
            self.images.size,
            self.images.lang,
            self.images.back_name,
            self.app.settings.table_colour,
        )

    def is_still(self) -> bool:
        """Nothing moves and nothing changed since the last frame drawn: the app may skip drawing."""
        moving = self.tweens.busy or self.fx.busy or set(self.holds) - PLAYER_HOLDS or self.banner_springing()
        if moving or self.drag.pressed is not None:
            self._last_look = None
            return False
        look = self.look()
        if look != self._last_look:
            self._last_look = look
            return False
        return True

    def wake_in(self) -> float | None:
        """Every frame while something moves; at a coarse tick while a bot, the hint or a banner is
        under way (the worker is polled, the thinking dots step, a bot's move waits out its delay);
        when a message expires; else only on an event (the player thinking)."""
        if self.tweens.busy or self.fx.busy or self.drag.pressed is not None or self.banner_springing():
            return ANIMATING
        waits: list[float] = []
        if set(self.holds) - PLAYER_HOLDS:  # the art being warmed, a deal being dealt: look often
            waits.append(TIMER_TICK)
        msg = self.message
        if msg is not None and self.clock <= msg.until:
            waits.append(msg.until - self.clock + 0.001)
        if self.timers_running():
            waits.append(TIMER_TICK)
        return min(waits) if waits else None

    def banner_springing(self) -> bool:
        """A banner ("Uragan!", a slam) still growing to its size (its first half second)."""
        banner = getattr(self, "banner", None)
        return banner is not None and self.clock - banner[1] < 0.5

    def timers_running(self) -> bool:
        """Something of the table's own goes on in time with no event (subclasses add their phases)."""
        control = self.control
        if not isinstance(control, PlayControl):
            return getattr(self, "banner", None) is not None or control.waiting_for(self) is not None
        return (
            control.bots.request is not None
            or control.hint.request is not None
            or getattr(self, "banner", None) is not None
            or (not self.match.is_over() and not self.is_human_turn())
        )

    def update_hover(self) -> None:
        """A card under the pointer that may be played rises a little; the pointer becomes a hand."""
        hover = self.drag.hover if not self.drag.dragging and self.drag.pressed is None else None
        if hover is not None and hover not in self.draggable():
            hover = None
        if hover is self._hovered:
            return
        old, self._hovered = self._hovered, hover
        if old is not None and old.lift > 0 and getattr(self, "selected", None) != old.card:
            self.fx.cancel(old)
            self.fx.tween(old, 0.1, lift=0.0)
        if hover is not None and hover.lift < 0.08:
            self.fx.cancel(hover)
            self.fx.tween(hover, 0.1, lift=0.08)
        if not self.app.headless:
            with contextlib.suppress(Exception):
                pygame.mouse.set_cursor(
                    pygame.SYSTEM_CURSOR_HAND if hover is not None else pygame.SYSTEM_CURSOR_ARROW
                )

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.note_action(event)
        if self.announcer is not None and self.announcer.handle_event(event):
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_s
            and getattr(event, "mod", 0) & pygame.KMOD_CTRL
        ):
            self.save_record()
            return True
        self.place_hint_button()
        for b in list(self.buttons):
            if b.handle_event(event):
                return True
        return bool(self.drag.handle_event(event))
