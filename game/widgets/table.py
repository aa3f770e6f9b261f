"""``TableScene``: what every card table shares — sprites, tweens, drag-and-drop, messages, bot turns.

The engine decides and the table shows: a move goes to the engine (through the game ``Session``,
which saves after every move) at once; the table then animates its sprites towards the engine's new
state. A dragged card only proposes a move; if the engine refuses, the card flies home with the
reason. Bots think in the worker process; the table asks for a move as soon as it is a bot's turn
and plays the answer only when the animations are over and a human could have followed.

A game's table subclasses this and provides ``make_layout``, ``targets`` (where every card rests in
the current state) and the move animations.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from engine import cards as C
from engine.state import IllegalMove
from game import i18n
from game.i18n import t
from game.scene import Scene
from game.themes import BAIZE_DARK, BRASS, HINT, IVORY, WARN
from game.tween import SPEED_FACTOR, Tweener, ease_in_out_cubic
from game.widgets.buttons import Button, button_height
from game.widgets.cards import CardImages, CardSprite, draw_card
from game.widgets.drag import DragController
from game.widgets.felt import panel, table_background
from game.widgets.warm import Warmer

# Seconds a bot waits (after the animations end) before its move shows: never faster than a person.
BOT_DELAY: dict[str, float] = {"slow": 1.1, "normal": 0.7, "fast": 0.4, "instant": 0.2}


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


class TableScene(Scene):
    game: ClassVar[str] = ""

    def __init__(self, app: Any, session: Any, *, demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.demo = demo
        seats = list(session.seats)
        self.humans: list[int] = [] if demo else [s for s, lv in enumerate(seats) if lv is None]
        self.me = self.humans[0] if self.humans else 0  # whose side of the table is at the bottom
        self.levels: list[str | None] = [
            None if s in self.humans else (lv or "club") for s, lv in enumerate(seats)
        ]
        self.text = app.text
        speed = getattr(app.settings, "animation_speed", "normal")
        self.speed = speed if speed in SPEED_FACTOR else "normal"
        self.tweens = Tweener(self.speed)
        self.fx = Tweener(self.speed)  # hover and selection lifts: never hold up the game
        self.images = CardImages(
            self.text,
            (100, 140),
            self.deck_language(),
            getattr(app.settings, "card_back", "classic"),
            bool(getattr(app.settings, "four_colour", False)),
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
        self._felt: pygame.Surface | None = None
        self._felt_key: Any = None
        self._felt_ready: dict[Any, pygame.Surface] = {}
        self.warmer = Warmer()
        self._bot_request: int | None = None
        self._bot_seat = -1
        self._bot_since = 0.0
        self._bot_reply: Any = None
        self._idle_since = 0.0
        self._was_busy = False
        self.bot_budget: float | None = None  # None: each bot's own budget for its level
        self.undo_available = False
        self._hovered: CardSprite | None = None
        self._last_look: tuple[Any, ...] | None = None
        self.stats: Any = None
        self._unlisten: Any = None
        # The hint: the Master bot's choice for the player's move, asked of the worker like a bot move.
        self.hint_budget: float | None = 0.8
        self.hint_move: Any = None  # the advice being shown (None: none)
        self._hint_request: int | None = None
        self._hint_at = -1  # how many moves the match had when the hint was asked (stale after a move)

    def suits(self) -> Any:
        """The palette for suit symbols in text, as the deck colours them (``TextCache.get(suits=…)``)."""
        from game.widgets.suits import suit_palette

        return suit_palette(bool(getattr(self.app.settings, "four_colour", False)))

    def deck_language(self) -> str:
        """Card corner letters: the setting, or the interface language for "auto"."""
        index = getattr(self.app.settings, "deck_index", "auto")
        return index if index in i18n.LANGUAGES else i18n.get_language()

    # --- construction helpers for subclasses ---------------------------------------------------

    @property
    def match(self) -> Any:
        return self.session.match

    def player_name(self, seat: int) -> str:
        players = getattr(self.match, "players", None)
        return players[seat] if players and 0 <= seat < len(players) else f"#{seat + 1}"

    def form(self, seat: int) -> str:
        """The grammatical form of sentences about ``seat`` (``game.grammar.say``)."""
        from game.grammar import seat_form

        gender = getattr(self.app.settings, "player_gender", None)
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
        if self._unlisten:
            self._unlisten()

    def resume(self) -> None:
        self._idle_since = self.clock

    def on_setting(self, name: str, value: Any) -> None:
        if name == "animation_speed" and value in SPEED_FACTOR:
            self.speed = value
            self.tweens.speed = value
            self.fx.speed = value
        elif name in ("deck_index", "language", "card_back", "four_colour"):
            self.images.set_style(
                lang=self.deck_language(),
                back=getattr(self.app.settings, "card_back", None),
                four_colour=bool(getattr(self.app.settings, "four_colour", False)),
            )
        elif name == "table_colour":
            self._felt = None
        if name == "language":
            self.build_buttons()  # labels in the new language (the hint's own button comes back too)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out for a new window size; cards jump to their places (no tween)."""
        self.layout = self.make_layout(size)
        self.images.set_size(self.layout.card)
        self._felt = None
        self.tweens.finish_all()
        self.drag.cancel()
        self.build_buttons()
        self.sync(instant=True)
        self.start_warming()

    def start_warming(self) -> None:
        """Make the cloth and every card image of the deck in a helper thread; the game waits."""
        size = self.app.size
        colour = getattr(self.app.settings, "table_colour", "green")
        images, cards, ready = self.images, self.deck_cards(), self._felt_ready
        app = self.app

        def job() -> None:
            ready[(size, colour)] = table_background(size, colour)
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
    def from_snapshot(cls, app: Any, snap: dict[str, Any], store: Any = None) -> Any:
        from game.saves import SavedGame, Session

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
        deal = self.match.deal
        before = deal.copy()
        try:
            self.session.play(move)
        except IllegalMove as err:
            return self.refusal_text(err)
        finished = deal if self.match.deal is not deal or deal.is_over() else None
        self.cancel_bot()
        self.clear_hint()
        if self.humans:
            self.refresh_undo()
        self.on_moved(move, before, finished)
        self.keep_snapshot()
        if self.match.is_over():
            self.on_match_over()
        return None

    def keep_snapshot(self) -> None:
        """Put the table's own state (the order cards lie in, an open score sheet) into the save, so
        Continue shows exactly this table. ``Session.play`` has just queued the save on the writer
        thread; the snapshot is set before that thread serialises it, and saved again to be sure."""
        if self.demo:
            return
        with contextlib.suppress(Exception):
            self.session.set_table_snapshot(self.ui_state(), save=True)

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
        ok = False
        if self.humans and not self.demo and not self.match.is_over():
            with contextlib.suppress(Exception):
                ok = self.session.can_undo()
        self.undo_available = ok

    def undo(self) -> None:
        """Take back the player's last move and the bots' replies; the table glides back."""
        if not self.undo_available or self.holds:
            return
        self.cancel_bot()
        self.tweens.finish_all()
        self.drag.cancel()
        try:
            removed = self.session.undo()
        except Exception as err:  # a save that cannot replay: say so, keep playing
            self.say(str(err), 3.0, "warn")
            return
        self.clear_hint()
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
        from game.scenes.review_open import review_deal

        return review_deal(self.app, self, deal)

    def maybe_review_after_deal(self) -> None:
        """The setting "Review after each deal": the review opens by itself over the sheet."""
        if self.demo or not self.humans or not getattr(self.app.settings, "review_after_deal", False):
            return
        with contextlib.suppress(Exception):
            self.review_deal()

    def save_record(self) -> Any:
        """Save this game as a record (RECORDS.md) in the documents folder and say where; the path,
        or None when the folder could not be written (said too)."""
        from game.scenes.review_open import save_match_record

        return save_match_record(self.app, self.match)

    def on_match_over(self) -> None:
        if self.demo:
            return
        with contextlib.suppress(Exception):
            from game.records_io import remember_last_game

            folder = getattr(self.app.store, "folder", None)
            remember_last_game(folder, self.match.to_record())
        with contextlib.suppress(Exception):
            if self.stats is None and self.app.store is not None:
                from game.stats import Stats

                self.stats = Stats.load(self.app.store)
            self.session.finish(self.stats)

    # --- the hint -----------------------------------------------------------------------------------

    def hint_available(self) -> bool:
        """May the player ask for a hint now? (Their turn, nothing moving, no overlay.)"""
        return (
            bool(self.humans)
            and not self.demo
            and self.is_human_turn()
            and not self.holds
            and not self.tweens.busy
            and not self.drag.dragging
        )

    def request_hint(self) -> None:
        """Ask the bot worker for the Master's choice (the frame never waits); shown when it comes."""
        if not self.hint_available():
            return
        n = len(self.match.moves)
        if self.hint_move is not None and self._hint_at == n:
            self.highlight_hint(self.hint_move)  # asked again: show the same advice again
            return
        if self._hint_request is not None:
            return  # already thinking
        seat = self.match.current_player()
        seed = self.session.hint_seed() if hasattr(self.session, "hint_seed") else n
        self._hint_at = n
        self._hint_request = self.app.worker.request(
            self.game, "master", seed, self.hint_budget, self.match.view(seat)
        )
        self.say(t("table.hint.thinking"), 30.0)

    def _take_hint_reply(self, reply: Any) -> None:
        self._hint_request = None
        if self.message is not None and self.message.text == t("table.hint.thinking"):
            self.message = None
        if reply.error is not None:
            self.say(t("table.hint.failed"), 3.0, "warn")
            return
        if self._hint_at != len(self.match.moves) or not self.is_human_turn():
            return  # the position moved on while the Master thought
        self.hint_move = reply.move
        self.highlight_hint(reply.move)

    def play_hint(self) -> bool:
        """Enter after a hint: make the advised move, if it is still the position it was given for."""
        move = self.hint_move
        if move is None or self._hint_at != len(self.match.moves) or not self.hint_available():
            return False
        error = self.propose(move)
        if error is not None:
            self.refuse(error)
        return True

    def highlight_hint(self, move: Any) -> None:
        """Show ``move`` on the table. Subclasses light their own pieces (cards, captures, buttons);
        this default lights a played card when the move is one (an int) and names the move."""
        if type(move) is int and move in self.sprites:
            self.sprites[move].highlight = "hint"
        self.say(t("table.hint.move", move=self.hint_text(move)), 6.0, "hint")

    def hint_text(self, move: Any) -> str:
        """The advised move in words (subclasses name their moves better)."""
        with contextlib.suppress(Exception):  # the engine's own short name ("10♣", "козырь ♣")
            import importlib

            moves = importlib.import_module(f"engine.{self.game}.moves")
            return str(moves.move_name(move, i18n.get_language()))
        if type(move) is int and 0 <= move < 52:
            from engine import cards as C

            return C.display(move, i18n.get_language())
        return str(move)

    def clear_hint(self) -> None:
        """Forget the advice (a move was made, taken back, or the table changed)."""
        if self._hint_request is not None:
            with contextlib.suppress(Exception):
                self.app.worker.cancel(self._hint_request)
        self._hint_request = None
        if self.hint_move is None:
            return
        self.hint_move = None
        for s in self.sprites.values():
            if s.highlight == "hint":
                s.highlight = None
        if self.message is not None and self.message.kind == "hint":
            self.message = None

    def place_hint_button(self) -> None:
        """The Hint button sits left of Undo in whatever row a table builds (tables rebuild their
        buttons often; this puts it back each time, so every table gets it without code of its own)."""
        if not self.humans or self.demo:
            return
        hint = next((b for b in self.buttons if b.key == "hint"), None)
        if hint is None:
            undo = next((b for b in self.buttons if b.key == "undo"), None)
            if undo is None:
                return
            fs = self.font_size(0.026)
            width = self.text.font(fs).size(t("table.hint"))[0] + 36
            hint = self.make_hint_button(undo.rect.height)
            beside = pygame.Rect(0, undo.rect.y, width, undo.rect.height)
            beside.right = undo.rect.left - 10
            below = pygame.Rect(undo.rect.x, undo.rect.bottom + 8, width, undo.rect.height)
            hint.rect = beside if self._clear_spot(beside) or not self._clear_spot(below) else below
            self.buttons.insert(self.buttons.index(undo), hint)
        hint.enabled = self.hint_available() or self._hint_request is not None
        undo = next((b for b in self.buttons if b.key == "undo"), None)
        if undo is not None:  # Undo waits while a sheet, the declarations or a deal hold the table
            undo.enabled = self.undo_available and not self.holds
        glow = self.hint_button_key(self.hint_move) if self.hint_move is not None else None
        for b in self.buttons:
            b.glow = b.key == glow

    def _clear_spot(self, rect: pygame.Rect) -> bool:
        """Is ``rect`` on screen and clear of the other buttons and of every card at rest?"""
        if not pygame.Rect((0, 0), self.app.size).contains(rect):
            return False
        if any(rect.colliderect(b.rect) for b in self.buttons):
            return False
        if any(rect.colliderect(r) for r in self.reserved_rects()):
            return False
        w, h = self.images.size
        for s in self.sprites.values():
            card = pygame.Rect(0, 0, w, h)
            card.center = (int(s.home[0]), int(s.home[1]))
            if rect.colliderect(card):
                return False
        return True

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

    def hint_button_key(self, move: Any) -> str | None:
        """The key of the table button that makes ``move`` (a claim answer, a trump), if any: it glows.
        By default a move naming a suit (Eralash's ``ChooseTrump``) is the button ``trump<suit>``."""
        suit = getattr(move, "suit", None)
        return f"trump{suit}" if isinstance(suit, int) else None

    # --- bots -------------------------------------------------------------------------------------

    def cancel_bot(self) -> None:
        if self._bot_request is not None:
            with contextlib.suppress(Exception):
                self.app.worker.cancel(self._bot_request)
        self._bot_request = None
        self._bot_reply = None

    def bot_thinking(self) -> int | None:
        """The seat whose bot is thinking right now, else None."""
        if self._bot_request is not None and self._bot_reply is None:
            return self._bot_seat
        return None

    def thinking_shown(self) -> int | None:
        """The seat to show the thinking indicator for: only once the table is still and the bot has
        been at it a moment (a quick answer should not flicker)."""
        seat = self.bot_thinking()
        if seat is None or self.busy() or self.clock - max(self._bot_since, self._idle_since) < 0.3:
            return None
        return seat

    def bot_seed(self, seat: int) -> int:
        seeds = getattr(self.session.saved, "bot_seeds", None) if hasattr(self.session, "saved") else None
        return seeds[seat] if seeds else seat

    def update_bot(self) -> None:
        worker = self.app.worker
        for reply in worker.poll():
            if reply.request_id == self._bot_request:
                self._bot_reply = reply
            elif reply.request_id == self._hint_request and self._hint_request is not None:
                self._take_hint_reply(reply)
        match = self.match
        if match.is_over() or self.holds:
            return
        seat = match.current_player()
        if seat in self.humans or seat < 0:
            return
        if self._bot_request is None:
            view = match.view(seat)
            self._bot_request = worker.request(
                self.game, self.levels[seat] or "club", self.bot_seed(seat), self.bot_budget, view
            )
            self._bot_seat = seat
            self._bot_since = self.clock
            return
        reply = self._bot_reply
        if reply is None or self.busy():
            return
        if self.clock - max(self._bot_since, self._idle_since) < BOT_DELAY.get(self.speed, 0.7):
            return
        self._bot_request = None
        self._bot_reply = None
        if reply.error is not None:
            self.say(t("table.bot_error", error=reply.error), 3.0, "warn")
            return
        error = self.apply_move(reply.move)
        if error is not None:  # a bot proposing an illegal move is a bug; show it, ask again
            self.say(t("table.bot_error", error=error), 3.0, "warn")

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
        self.update_bot()
        self.place_hint_button()

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
            self.hint_move is not None,
            self._hint_request is not None,
            self._felt_key,
            self.images.size,
            self.images.lang,
            self.images.back_name,
            getattr(self.app.settings, "table_colour", None),
        )

    def is_still(self) -> bool:
        """Nothing moves and nothing changed since the last frame drawn: the app may skip drawing."""
        if self.tweens.busy or self.fx.busy or self.holds or self.drag.pressed is not None:
            self._last_look = None
            return False
        look = self.look()
        if look != self._last_look:
            self._last_look = look
            return False
        return True

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

    def felt(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The cloth for this size (None while the helper thread is still making it)."""
        colour = getattr(self.app.settings, "table_colour", "green")
        key = (size, colour)
        if self._felt is None or self._felt_key != key:
            ready = self._felt_ready.pop(key, None)
            if ready is None and not self.warmer.ready:
                return None
            self._felt = ready if ready is not None else table_background(size, colour)
            self._felt_key = key
        return self._felt

    def draw(self, surface: pygame.Surface) -> None:
        felt = self.felt(surface.get_size())
        if felt is None:
            surface.fill(BAIZE_DARK)
        else:
            surface.blit(felt, (0, 0))
        warming = "warming" in self.holds
        if warming and self.layout is not None:
            hint = self.text.get(t("table.shuffling"), self.font_size(0.026), IVORY, "italic", shadow=True)
            surface.blit(hint, hint.get_rect(center=self.layout.message.center))
        self.draw_table(surface)
        for s in sorted(self.sprites.values(), key=lambda s: s.z):
            if warming and not self.images.cached(s.card, s.turn >= 1.0):
                continue  # not made yet: appears when the helper thread has it
            draw_card(surface, self.images, s)
        if self.drag.dragging and self.drag.pressed is not None:
            draw_card(surface, self.images, self.drag.pressed)
        self.draw_overlay(surface)
        self.draw_message(surface)
        self.draw_deal_number(surface)
        self.place_hint_button()
        for b in self.buttons:
            b.draw(surface, self.text, self.font_size(0.026))

    def font_size(self, share: float) -> int:
        return max(12, int(self.app.size[1] * share))

    def deal_number_text(self) -> str:
        """"Deal #482193557": the game's number (its seed), to deal the same cards again."""
        number = getattr(self.session, "deal_number", None)
        if number is None:
            number = getattr(self.match, "seed", None)
        return t("deal_number.label", n=number) if number is not None else ""

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Where the deal number goes: a rect anchor name and point (tables choose a quiet corner)."""
        return None

    def draw_deal_number(self, surface: pygame.Surface) -> None:
        """The deal number, small, where the table keeps it."""
        text = self.deal_number_text()
        spot = self.deal_number_spot() if text and self.layout is not None else None
        if spot is None:
            return
        img = self.text.get(text, self.font_size(0.017), (200, 190, 160), "italic", shadow=True)
        surface.blit(img, img.get_rect(**{spot[0]: spot[1]}))

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        msg = self.message
        if msg is None or self.layout is None:
            return
        rect = self.layout.message
        colour = {"warn": WARN, "info": IVORY, "hint": HINT}.get(msg.kind, (255, 200, 140))
        img = self.text.get(msg.text, self.font_size(0.026), colour, suits=self.suits())
        box = img.get_rect(center=rect.center).inflate(36, 16)
        if midbottom is not None:
            box.midbottom = midbottom
        surface.blit(self._plaque(box.size), box)
        surface.blit(img, img.get_rect(center=box.center))

    _plaques: ClassVar[dict[tuple[int, int], pygame.Surface]] = {}

    def _plaque(self, size: tuple[int, int]) -> pygame.Surface:
        p = self._plaques.get(size)
        if p is None:
            if len(self._plaques) > 200:
                self._plaques.clear()
            p = panel(size, 215)
            self._plaques[size] = p
        return p

    def layout_boxes(self) -> list[Any]:
        """What the layout check looks at (``game.layout_check``): the table's buttons and its cards
        (texts are found by the check itself). Tables add their plaques by extending this."""
        from game.layout_check import Box

        if getattr(self, "peeking", False):
            return []  # a view over the dimmed table (the last trick): only its own texts count
        out = [Box(f"button {b.key} {b.label!r}", "control", pygame.Rect(b.rect), b.label)
               for b in self.buttons]
        w, h = self.images.size
        for s in self.sprites.values():
            if not s.visible or s.alpha < 40:
                continue
            turned = 45 < abs(s.angle) % 180 < 135
            cw, ch = (h, w) if turned else (w, h)
            rect = pygame.Rect(0, 0, int(cw * s.scale), int(ch * s.scale))
            rect.center = (int(s.x), int(s.y - s.lift * h))
            upright = s.turn >= 1.0 and (abs(s.angle) < 20 or abs(s.angle) > 340)
            out.append(Box(f"card {C.name(s.card)}", "card", rect, open_face=upright))
        return out

    def draw_thinking(self, surface: pygame.Surface, pos: tuple[int, int], seat: int) -> None:
        """A quiet pulse of three brass dots beside the thinking bot's name."""
        r = max(3, self.app.size[1] // 220)
        phase = self.clock * 3.0
        for i in range(3):
            on = (int(phase) % 3) == i
            pygame.draw.circle(surface, BRASS if on else (90, 80, 50), (pos[0] + i * r * 3, pos[1]), r)
