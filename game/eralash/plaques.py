"""What the Eralash table writes on the cloth: the compact score sheet, the race line, the
declarations plaque with each run's points, and messages (a part of ``EralashTable``, reading it
through ``PlaquesHost``; the name plates and the trump indicator are the ``plates`` part).

Everything here only draws (text comes from the shared ``TextCache``: nothing is rendered twice);
the table's state lives in ``EralashTable``, the composed plaques here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from game.eralash.declarations import (
    run_label,
    seat_lines,
    suit_label,
    trump_line,
    trump_reason,
)
from game.eralash.layout import OPP_SCALE, RUN_SCALE
from game.eralash.plates import DIM
from game.eralash.score_plaque import ScorePlaque
from game.eralash.standing import prompt, race_of
from game.looks.themes import BRASS, BRASS_LIGHT, GLOW, IVORY, WARN
from game.tween import ease_out_back
from game.widgets.boxes import ComposedPlaque
from game.widgets.buttons import button_height
from game.words.grammar import say
from game.words.i18n import get_language, plural, t

if TYPE_CHECKING:
    from engine.eralash import Deal, Match
    from game.app import App
    from game.eralash.layout import EralashLayout
    from game.eralash.plates import EralashPlates
    from game.widgets.buttons import Button
    from game.widgets.cards import CardImages, CardSprite
    from game.widgets.drag import DragController
    from game.widgets.table import Message
    from game.widgets.text import TextCache


class PlaquesHost(Protocol):
    """What the plaques read from their table."""

    @property
    def app(self) -> App: ...
    @property
    def layout(self) -> EralashLayout: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def match(self) -> Match: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
    @property
    def buttons(self) -> list[Button]: ...
    @property
    def reveal(self) -> bool: ...
    @property
    def images(self) -> CardImages: ...
    @property
    def drag(self) -> DragController: ...
    @property
    def me(self) -> int: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def demo(self) -> bool: ...
    @property
    def n(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def banner(self) -> tuple[str, float] | None: ...
    @property
    def clock(self) -> float: ...
    @property
    def message(self) -> Message | None: ...
    @property
    def peeking(self) -> bool: ...
    @property
    def race_shown(self) -> bool: ...
    @property
    def _felt(self) -> pygame.Surface | None: ...

    def name(self, seat: int) -> str: ...
    def form(self, seat: int) -> str: ...
    def suits(self) -> Any: ...
    def font_size(self, share: float) -> int: ...
    def remembered(self, name: str, key: Any, make: Callable[[], Any]) -> Any: ...
    def _plaque(self, size: tuple[int, int]) -> pygame.Surface: ...
    def aside_spot(self) -> tuple[float, float]: ...
    def must_choose_trump(self) -> bool: ...
    def can_play_card(self) -> bool: ...
    def trick_caption(self) -> str | None: ...
    def announce_box(self) -> pygame.Rect: ...
    def deal_number_rect(self) -> pygame.Rect | None: ...
    def draw_turn_hint(
        self,
        surface: pygame.Surface,
        hint: str,
        how: str | None,
        floor: int,
        colours: tuple[tuple[int, int, int], tuple[int, int, int]],
    ) -> None: ...


class EralashPlaques:
    """What an ``EralashTable`` writes on its cloth: its plates' part draws the name plates and trump.

    ``score_plaque`` and ``declarations_plaque`` are composed once per what they say;
    ``announce_titled``: whether the declarations plaque has room for its title."""

    def __init__(self, host: PlaquesHost, plates: EralashPlates) -> None:
        self.host = host
        self.plates = plates
        self.score = ScorePlaque(host)
        self.declarations_plaque = ComposedPlaque()
        self.announce_titled = True
        self.announce_k = 1.0  # the declarations' text, smaller only where nothing else makes room
        # A larger text size with no room between the rows of runs: the runs across the table and in
        # front of the player stay face up in their owners' hands (as in play) and the plaque, which
        # names them, takes the room between the hands at the chosen size.
        self.runs_in_hands = False
        self.laid_in_hands = False  # what the cards were last placed for (``runs_on_cloth``)

    # --- the score plaque (its own part: game.eralash.score_plaque) -------------------------------

    def side_form(self, side: int) -> str:
        return self.score.side_form(side)

    def side_name(self, side: int) -> str:
        return self.score.side_name(side)

    def score_fit(self, size: tuple[int, int]) -> tuple[int, int]:
        return self.score.score_fit(size)

    def draw_score(self, surface: pygame.Surface) -> None:
        self.score.draw_score(surface)

    def _score_names(self, names: tuple[str, ...]) -> list[list[pygame.Surface]]:
        return self.score._score_names(names)

    def _score_height(self, lines: list[list[pygame.Surface]]) -> int:
        return self.score._score_height(lines)

    def _draw_score(self, surface: pygame.Surface, rect: pygame.Rect, *args: Any) -> None:
        self.score._draw_score(surface, rect, *args)

    def score_drawn_rect(self) -> pygame.Rect:
        return self.score.score_drawn_rect()

    def deal_number(self) -> int:
        return self.score.deal_number()

    @property
    def score_plaque(self) -> ComposedPlaque:
        return self.score.plaque

    def draw_table(self, surface: pygame.Surface) -> None:
        host = self.host
        lay = host.layout
        if lay is None:
            return
        for seat in range(host.n):
            self.plates.draw_plate(surface, seat)
        self.draw_score(surface)
        self.draw_race(surface)
        if host.shown.trump >= 0 and host.phase == "play":
            self.plates.draw_trump(surface)
        deal = host.shown
        aside = self.aside_rect()
        if aside is not None:  # the unseen cards, named once
            label = host.text.get(
                plural(deal.aside.bit_count(), "eralash.n_aside"),
                host.font_size(0.016),
                DIM,
                "italic",
                shadow=True,
            )
            surface.blit(label, aside)
        if host.drag.dragging and host.drag.pressed is not None and host.drag.pressed.card is not None:
            ok = deal.legal_mask() >> host.drag.pressed.card & 1
            pygame.draw.rect(surface, GLOW if ok else WARN, lay.trick_area, width=2, border_radius=18)

    def aside_rect(self) -> pygame.Rect | None:
        """Where "N cards aside" is written, under the cards laid aside (None: none are)."""
        host = self.host
        deal = host.shown
        if host.layout is None or not deal.aside or host.phase in ("lot", "dealing"):
            return None
        x, y = host.aside_spot()
        label = host.text.get(plural(deal.aside.bit_count(), "eralash.n_aside"), host.font_size(0.016), DIM,
                              "italic", shadow=True)
        return label.get_rect(midtop=(int(x), int(y + host.layout.card[1] * 0.3)))

    def race_line(self) -> str:
        """Where the robber stands, in one line: who leads on points (points decide the winner, so the
        end now wins for the leader), and that this very deal ends it when it must."""
        host = self.host
        match = host.match
        points = match.score() if match.deal is host.shown else match.finished_points()
        key = (tuple(points), tuple(match.tricks()), match.deal is host.shown, len(match.deals_done),
               get_language())
        return host.remembered("race_line", key, lambda: self._race_line(points))

    def _race_line(self, points: list[float]) -> str:
        match = self.host.match
        best = max(points)
        leaders = [side for side, p in enumerate(points) if p == best]
        if len(leaders) == 1:
            second = max((p for side, p in enumerate(points) if side != leaders[0]), default=0)
            diff = int(best - second)
            lead = say(
                "eralash.race.leads",
                self.side_form(leaders[0]),
                name=self.side_name(leaders[0]),
                points=plural(diff, "eralash.n_points"),
            )
        else:
            lead = t("eralash.race.level")
        if match.deal is not self.host.shown or not race_of(match).forced:
            return lead  # the score plaque says what each side needs to end the robber
        return t("eralash.race.one_deal", lead=lead, tricks=plural(match.options.target, "eralash.n_tricks"))

    def race_rect(self) -> pygame.Rect | None:
        """The race line's place: centred just above the trick, while cards are played."""
        host = self.host
        if not host.race_shown or host.phase != "play" or host.match.is_over() or host.layout is None:
            return None
        if host.peeking:
            return None
        lines = self.race_lines()
        fs = host.font_size(0.018)
        size = host.remembered("race_size", (tuple(lines), fs), lambda: self._race_size(lines, fs))
        rect = pygame.Rect((0, 0), size)
        span = self._race_span()
        rect.midbottom = ((span[0] + span[1]) // 2, host.layout.trick_area.top - 2)
        top = next((seat for seat in range(host.n) if host.layout.place(seat, host.me).side == "top"), None)
        if top is not None:
            blits = self.plates.plate_parts(top)[0]
            if any(r.colliderect(rect) for _, r in blits):
                return None  # no room under a tall plate across the table (long names): the plaque says it
        return rect

    def _race_size(self, lines: list[str], fs: int) -> tuple[int, int]:
        font = self.host.text.font(fs, "italic")
        return max(font.size(line)[0] for line in lines), font.get_linesize() * len(lines)

    def race_lines(self) -> list[str]:
        """The race line wrapped to the cloth between the score plaque and the trump plaque."""
        span = self._race_span()
        return self.host.text.wrap(self.race_line(), self.host.font_size(0.018), span[1] - span[0], "italic")

    def _race_span(self) -> tuple[int, int]:
        """The race line's left and right: centred between the plaques, or, where its lines would grow
        up to the words under the cards laid aside (larger text), wrapped narrower beside them."""
        host = self.host
        lay = host.layout
        room = max(120, min(lay.trump.left - lay.score.right, lay.size[0] - 2 * lay.score.right) - 24)
        span = (lay.centre[0] - room // 2, lay.centre[0] - room // 2 + room)
        aside = self.aside_rect()
        if aside is None:
            return span
        fs = host.font_size(0.018)
        lines = host.text.wrap(self.race_line(), fs, room, "italic")
        w, h = self._race_size(lines, fs)
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (lay.centre[0], lay.trick_area.top - 2)
        if not aside.inflate(16, 8).colliderect(rect):
            return span
        right = min(lay.trump.left, lay.size[0]) - 12
        return (aside.right + 12, max(right, aside.right + 132))

    def draw_race(self, surface: pygame.Surface) -> None:
        host = self.host
        rect = self.race_rect()
        if rect is None:
            return
        font = host.text.font(host.font_size(0.018), "italic")
        y = rect.y
        for line in self.race_lines():
            img = host.text.get(line, host.font_size(0.018), DIM, "italic", shadow=True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += font.get_linesize()

    # --- the declarations plaque ---------------------------------------------------------------------

    def announce_width(self) -> int:
        """How wide the declarations plaque is: wider with two players (no side seats' runs beside
        it), and always wide enough for the row of trump buttons."""
        host = self.host
        lay = host.layout
        w, h = lay.size
        width = lay.announce.width if host.n != 2 else int(min(w * 0.62, h * 1.1))
        chips_w = 0
        if host.must_choose_trump():
            fs = host.font_size(0.024)
            chips = [host.text.font(fs).size(suit_label(s))[0] + 40 for s in host.shown.choices]
            chips_w = sum(chips) + 10 * (len(chips) - 1) + 40
            width = max(width, chips_w)
        if self.runs_in_hands:  # as wide as the cloth between the score plaque and the right seat
            gap = max(4, h // 100)
            room = self.announce_right() - gap - self.score_drawn_rect().right - gap
            width = max(room, chips_w)
        return min(width, w - 2 * lay.card[0])

    def announce_box(self) -> pygame.Rect:
        """The declarations plaque, sized to what it says, between the rows of runs across the table
        and in front of the player when it fits there; at a larger text size, its words kept off the
        score plaque's (under it, smaller if they must, where they would print over them)."""
        box = self._announce_box(None)
        if self.host.app.text.scale != 1.0 and not self.host.reveal:
            score = self.score_drawn_rect()
            gap = max(4, self.host.layout.size[1] // 100)
            if box.colliderect(score.inflate(gap, gap)):
                beside = box.move(score.right + gap - box.left, 0)  # right of the score plaque, if it fits
                hint = self.declaring_message_rect()
                clear = hint is None or not beside.colliderect(hint)  # (a hint's message at the top right)
                if beside.right <= self.announce_right() - gap and clear:
                    return beside
            if any(r.colliderect(score) for r in self.announce_text_rects(box)):
                box = self._announce_box(score.bottom + gap)
        return box

    def declaring_message_rect(self) -> pygame.Rect | None:
        """Where ``draw_message`` puts a message while the runs are declared (the top right corner)."""
        host = self.host
        msg = host.message
        if msg is None or host.layout is None or host.phase != "declare" or host.peeking:
            return None
        lay = host.layout
        fs = host.font_size(0.024)
        font = host.text.font(fs)
        lines = host.text.wrap(msg.text, fs, int(lay.size[0] * 0.3))
        box = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines) + 40,
                          len(lines) * font.get_height() + 18)
        h = lay.size[1]
        box.topright = (lay.trump.right, int(h * 0.03) + button_height(h) + int(h * 0.02))
        return box

    def announce_right(self) -> int:
        """How far right the declarations plaque may reach: to the right seat's plate and runs."""
        host = self.host
        lay = host.layout
        right = lay.size[0] - lay.card[0]
        number = host.deal_number_rect()  # "Game No." under the trump plaque
        if number is not None:
            right = min(right, number.left)
        for seat in range(host.n):
            place = lay.place(seat, host.me)
            if place.side == "right":
                right = min([right] + [r.left for _, r in self.plates.plate_parts(seat)[0]])
                if host.shown.runs[seat]:  # its runs move in beside its hand, closer together if they must
                    longest = max(r.cards.bit_count() for r in host.shown.runs[seat])
                    need = lay.card[0] * RUN_SCALE * (1 + 0.22 * (longest - 1)) + 8
                    right = min(right, int(place.hand[0] - lay.card[1] * OPP_SCALE * 0.55 - need))
        return right

    def announce_text_rects(self, box: pygame.Rect) -> list[pygame.Rect]:
        """Where ``_draw_declarations`` writes its lines in ``box`` (their widths measured)."""
        host = self.host
        text = host.text
        fs, small = self.afs(0.023), self.afs(0.019)
        out: list[pygame.Rect] = []
        y = box.y + self.announce_pad(fs)

        def line(words: str, size: int, style: str, step: int) -> None:
            nonlocal y
            r = pygame.Rect(0, y, text.font(size, style).size(words)[0], step)
            r.centerx = box.centerx
            out.append(r)
            y += step

        if self.announce_titled:
            big = self.afs(0.028)
            line(t("eralash.decl.title"), big, "bold", text.font(big, "bold").get_height() + int(fs * 0.3))
        inside = self.announce_width() - 40
        for words in self.declaration_lines():
            line(words, text.fit(words, fs, inside)[0], "regular", int(fs * 1.25))
        y += int(fs * 0.7)
        head = trump_line(self.host.shown, host.name, host.me if host.humans else None)
        size = text.fit(head, fs, inside, "bold")[0]
        line(head, size, "bold", text.font(size, "bold").get_height())
        for words in text.wrap(self.why_text(), small, box.width - 40, "italic"):
            line(words, small, "italic", text.font(small, "italic").get_height())
        return out

    def _announce_box(self, clear: int | None) -> pygame.Rect:
        """``announce_box``; ``clear``: a top it keeps below (the score plaque's bottom), if any."""
        host = self.host
        lay = host.layout
        deal = host.shown
        h = lay.size[1]
        self.runs_in_hands = False  # (decided again below, from the rows of runs)
        width = self.announce_width()
        chips = host.must_choose_trump() or (host.phase == "declare" and deal.trump >= 0 and not host.demo)
        run_h = lay.card[1] * RUN_SCALE
        gap = max(4, h // 100)
        below = lay.place(host.me, host.me).runs[1] - run_h / 2 - gap
        above = next((p.runs[1] + run_h / 2 + gap for p in lay.seats if p.side == "top"), None)
        rows = below, above
        if host.app.text.scale != 1.0 and not host.reveal:  # a larger text size (the example lays its own
            below, above = self.announce_room(below, above, gap)  # out): the room of runs nobody lays out
        if clear is not None:
            above = clear if above is None else max(above, clear)

        def measure() -> tuple[float, float]:
            fs, small = self.afs(0.023), self.afs(0.019)
            why = len(host.text.wrap(self.why_text(), small, width - 40, "italic"))
            height = (fs * 0.6 + self.afs(0.028) * 1.25 + fs * 0.3 + len(self.declaration_lines()) * fs * 1.25
                      + fs * 0.7 + fs * 1.25 + why * small * 1.2 + fs * 0.6)
            if self.runs_in_hands:  # every pixel counts: the lines' heights as drawn
                text = host.text
                big = self.afs(0.028)
                title = text.font(big, "bold").get_height() + max(1, big // 14) + int(fs * 0.3)
                height = (2 * self.announce_pad(fs) + title + len(self.declaration_lines()) * int(fs * 1.25)
                          + int(fs * 0.7) + text.font(fs, "bold").get_height()
                          + why * text.font(small, "italic").get_height())
            if chips:
                height += button_height(h) + h * 0.02
            return height, self.afs(0.028) * 1.25 + fs * 0.3

        self.announce_k = 1.0
        height, title_h = measure()
        scale = host.app.text.scale
        if above is not None and scale != 1.0 and not host.reveal and height - title_h > below - above:
            self.runs_in_hands = True  # the rows of runs give their room to the plaque
            below, above = self.announce_room(*rows, gap)
            if clear is not None:
                above = clear if above is None else max(above, clear)
            width = self.announce_width()
            height, title_h = measure()
        if above is not None and scale != 1.0 and height - title_h > below - above:
            # A larger text size with no room between the rows of runs: the plaque's words smaller
            # (the runs themselves stay uncovered).
            least = 12 / host.font_size(0.019)  # (down to the smallest legible size if it must)
            while self.announce_k > least and height - title_h > below - above:
                self.announce_k = max(least, self.announce_k - 0.05)
                height, title_h = measure()
        self.announce_titled = not (above is not None and height > below - above >= height - title_h)
        if not self.announce_titled:  # a small window: the rows of runs say what the title would
            height -= title_h
        box = pygame.Rect(0, 0, width, int(height))
        box.center = (lay.centre[0], lay.centre[1] + int(h * 0.04))
        if above is not None and box.height <= below - above:
            box.centery = int((above + below) / 2)
        elif box.bottom > below:
            box.bottom = int(below)
        return box

    def runs_on_cloth(self, seat: int) -> bool:
        """Whether ``seat``'s declared runs lie on the cloth in front of it (beside a side seat always),
        or stay face up in its hand while the plaque names them (``runs_in_hands``)."""
        host = self.host
        if host.app.text.scale == 1.0 or host.reveal or host.layout is None:
            return True
        if host.layout.place(seat, host.me).side in ("left", "right"):
            return True
        host.announce_box()
        self.laid_in_hands = self.runs_in_hands
        return not self.runs_in_hands

    def runs_moved(self) -> bool:
        """Whether the runs must be placed again: the plaque's words changed (trump named) and with
        them whether the rows of runs give it their room."""
        host = self.host
        if host.app.text.scale == 1.0 or host.reveal or host.layout is None or not any(host.shown.runs):
            return False
        host.announce_box()
        return self.runs_in_hands != self.laid_in_hands

    def announce_room(self, below: float, above: float | None, gap: int) -> tuple[float, float | None]:
        """The declarations plaque's bottom and top limits where no runs lie in front of the player or
        across the table: the top of the player's hand (a card raised) and the bottom of the top seat's
        plate; with three players, under the cards laid aside and the row of buttons."""
        host = self.host
        lay = host.layout
        deal = host.shown
        h = lay.size[1]

        def runs_shown(seat: int) -> bool:
            held = 0
            for r in deal.runs[seat]:
                held |= r.cards
            return host.phase == "declare" and bool(held & deal.hands[seat]) and not self.runs_in_hands

        hand = lay.seats[0]
        if self.runs_in_hands:  # down to the hand (while the runs are declared no card of it is raised)
            below = max(below, hand.hand[1] - lay.card[1] * 0.5 - 4)
        elif not runs_shown(host.me):
            below = max(below, hand.hand[1] - lay.card[1] * 0.72 - gap)
        top = next((seat for seat in range(host.n) if lay.place(seat, host.me).side == "top"), None)
        if top is not None:
            if not runs_shown(top):
                blits = self.plates.plate_parts(top)[0]
                plate = max((r.bottom for _, r in blits), default=0)
                above = plate + gap if above is None else min(above, plate + gap)
            return below, above
        aside = self.aside_rect()
        if aside is not None:  # (the aside label is the lowest of the cards laid aside and their words)
            buttons = int(h * 0.03) + button_height(h)
            above = max(aside.bottom, buttons) + gap
        return below, above

    def announce_pad(self, fs: int) -> int:
        """The air above the plaque's first line (and under its last): less where it is short of room."""
        return int(fs * (0.35 if self.runs_in_hands else 0.6))

    def afs(self, share: float) -> int:
        """A size of the declarations plaque (``announce_k``: smaller where there is no room)."""
        return max(12, int(self.host.font_size(share) * self.announce_k))

    def declaration_lines(self) -> list[str]:
        """Each seat's declaration in the plaque's width: smaller if it must, then on two lines."""
        host = self.host
        fs = self.afs(0.023)
        out: list[str] = []
        for _seat, line in seat_lines(host.shown, host.name):
            if self.runs_in_hands:  # the chosen size (a hair smaller at most), on more lines
                size, found = host.text.fit(line, fs, self.announce_width() - 40)
                whole = len(found) == 1 and size >= fs * 0.95
                out += found if whole else host.text.wrap(line, fs, self.announce_width() - 40)
            else:
                out += host.text.fit(line, fs, self.announce_width() - 40, lines=2)[1]
        return out

    def why_text(self) -> str:
        host = self.host
        deal = host.shown
        why = trump_reason(deal, host.name, host.me if host.humans else None)
        if host.must_choose_trump():
            return why + " " + t("eralash.trump.you_choose")
        if deal.trump < 0:
            return why + " " + t("eralash.trump.thinking", name=host.name(deal.trump_by))
        return why

    def draw_overlay(self, surface: pygame.Surface) -> None:
        host = self.host
        lay = host.layout
        if lay is None:
            return
        if host.phase == "declare":
            self.draw_declarations(surface)
        if host.banner is not None:
            text, start = host.banner
            scale = ease_out_back(min(1.0, (host.clock - start) / 0.4))
            img = host.text.get(text, host.font_size(0.09), BRASS_LIGHT, "bold", shadow=True)
            if scale < 0.999:
                img = pygame.transform.smoothscale_by(img, max(0.05, scale))
            surface.blit(img, img.get_rect(center=lay.centre))
        if host.can_play_card() and host.message is None and not host.drag.dragging:
            said = self.race_prompt()
            how = (
                t("eralash.how_to_play") if self.deal_number() == 1 and len(host.shown.winners) < 2 else None
            )
            hand = lay.seats[0]
            floor = int(hand.hand[1] - lay.card[1] * 0.72)  # the top of a raised card of your hand
            colours = (DIM, GLOW if said else DIM)
            host.draw_turn_hint(surface, t("table.your_turn"), said or how, floor, colours)

    def race_prompt(self) -> str | None:
        """What the race asks of the player's turn, in one line (None when it asks nothing)."""
        host = self.host
        match = host.match
        if not host.humans or host.demo or match.deal is not host.shown or match.is_over():
            return None
        side = match.side_of(host.me)
        key = (tuple(match.score()), tuple(match.tricks()), len(host.shown.winners), get_language())

        def make() -> str | None:
            race = race_of(match, host.shown)
            threat = race.threat(side)
            name = self.side_name(threat) if threat is not None else ""
            return prompt(race, side, match.options.pairs, name)

        return host.remembered("race_prompt", key, make)

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        """Messages wrap to a plaque over the cloth (tips are a sentence or two)."""
        host = self.host
        msg = host.message
        if msg is None or host.layout is None or host.trick_caption() is not None:
            return  # a finished trick's caption has the line to itself while it shows
        if host.peeking:
            return  # the last trick looked at again lies over it (a large text reaches under its words)
        lay = host.layout
        fs = host.font_size(0.024)
        colour = WARN if msg.kind == "warn" else (IVORY if msg.kind == "info" else BRASS_LIGHT)
        declaring = host.phase == "declare" and midbottom is None  # the runs lie where messages go
        lines = host.text.wrap(msg.text, fs, int(lay.size[0] * (0.3 if declaring else 0.5)))
        if not declaring and midbottom is None and host.app.text.scale != 1.0:
            lines, bottom = self.message_clear_of_trick(msg.text, fs, lines)
            midbottom = (lay.message.centerx, bottom)
        imgs = [host.text.get(line, fs, colour, suits=host.suits()) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 40, sum(i.get_height() for i in imgs) + 18)
        box.midbottom = midbottom or lay.message.midbottom
        if declaring:  # under the row of buttons, at the right (the trump plaque comes there later)
            h = lay.size[1]
            box.topright = (lay.trump.right, int(h * 0.03) + button_height(h) + int(h * 0.02))
        surface.blit(host._plaque(box.size), box)
        y = box.y + 9
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def message_clear_of_trick(self, words: str, fs: int, lines: list[str]) -> tuple[list[str], int]:
        """A message at a larger text size whose lines would grow up over the trick: wrapped wider
        (fewer lines), up to the side seats' plates, its bottom above a button it would reach (Last
        trick); its lines and its bottom."""
        host = self.host
        lay = host.layout
        size = host.images.size
        bottom = lay.message.bottom
        rects = [sp.rect(size) for c in host.shown.current_trick() if (sp := host.sprites.get(c)) is not None]
        if not rects:
            return lines, bottom
        floor = max(r.bottom for r in rects) + 4
        w = lay.size[0]
        left, right = int(w * 0.05), int(w * 0.95)
        for seat in range(host.n):
            side = lay.place(seat, host.me).side
            if side in ("left", "right"):
                for _, r in self.plates.plate_parts(seat)[0]:
                    if side == "left":
                        left = max(left, r.right + 8)
                    else:
                        right = min(right, r.left - 8)
        centre = lay.message.centerx
        most = 2 * min(centre - left, right - centre) - 40
        line_h = host.text.font(fs).get_height()
        for share in (0.62, 0.74, 0.86):
            if bottom - len(lines) * line_h - 18 >= floor:
                break
            wider = min(int(w * share), most)
            if wider <= int(w * 0.5):
                break
            lines = host.text.wrap(words, fs, wider)
            span = pygame.Rect(0, 0, wider + 40, 1)
            span.centerx = centre
            bottom = lay.message.bottom
            for b in host.buttons:  # (Last trick, beside the hand)
                if b.rect.left < span.right and b.rect.right > span.left and b.rect.bottom > floor:
                    bottom = min(bottom, b.rect.top - 4)
        return lines, bottom

    def draw_declarations(self, surface: pygame.Surface) -> None:
        """The declarations plaque (composed once per what it says, translucent over the cards under
        it) and each run's points on its cards."""
        host = self.host
        deal = host.shown
        box = host.announce_box()  # the example's table lays it out its own way
        fs = self.afs(0.023)
        titled = self.announce_titled
        lines = tuple(self.declaration_lines())
        head = trump_line(deal, host.name, host.me if host.humans else None)
        why = self.why_text()
        key = (
            tuple(box),
            titled,
            lines,
            head,
            why,
            fs,
            t("eralash.decl.title") if titled else "",
            host.app.settings.four_colour,
        )
        plaque = self.declarations_plaque
        shown = plaque.shown(key, None)
        if shown is None:

            def draw(target: pygame.Surface, dx: int, dy: int) -> None:
                self._draw_declarations(target, box.move(dx, dy), titled, lines, head, why)

            shown = plaque.compose(key, box, None, host.text, draw), box
        surface.blit(*shown, special_flags=pygame.BLEND_PREMULTIPLIED)
        self._draw_run_points(surface)

    def _draw_declarations(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        titled: bool,
        lines: tuple[str, ...],
        head_words: str,
        why: str,
    ) -> None:
        host = self.host
        surface.blit(host._plaque(box.size), box)
        fs, small = self.afs(0.023), self.afs(0.019)
        y = box.y + self.announce_pad(fs)
        if titled:
            title = host.text.get(
                t("eralash.decl.title"), self.afs(0.028), BRASS_LIGHT, "bold", shadow=True
            )
            surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
            y += title.get_height() + int(fs * 0.3)
        inside = self.announce_width() - 40
        for line in lines:  # smaller rather than wider than the plaque (long names)
            img = host.text.get(line, host.text.fit(line, fs, inside)[0], IVORY, suits=host.suits())
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += int(fs * 1.25)
        y += int(fs * 0.3)
        pygame.draw.line(surface, BRASS, (box.x + 24, y), (box.right - 24, y), 1)
        y += int(fs * 0.4)
        head = host.text.get(
            head_words,
            host.text.fit(head_words, fs, inside, "bold")[0],
            BRASS_LIGHT,
            "bold",
            suits=host.suits(),
        )
        surface.blit(head, head.get_rect(midtop=(box.centerx, y)))
        y += head.get_height()
        for line in host.text.wrap(why, small, box.width - 40, "italic"):
            img = host.text.get(line, small, DIM, "italic", suits=host.suits())
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def _draw_run_points(self, surface: pygame.Surface) -> None:
        host = self.host
        deal = host.shown
        small = host.font_size(0.019)
        # each run's points on a small plaque across its cards (the corner indices stay clear)
        size = host.images.size
        for seat in range(deal.n):
            for r in deal.runs[seat]:
                rects = [
                    sp.rect(size)
                    for c in C.cards(r.cards)
                    if (sp := host.sprites.get(c)) is not None and sp.turn >= 1.0 and sp.scale == RUN_SCALE
                ]
                if not rects:
                    continue
                rect = rects[0].unionall(rects[1:])
                label = run_label(r)  # no wider than its run (a larger text size: smaller here)
                fitted = host.text.fit(label, small, rect.width - 16, "bold")[0]
                img = host.text.get(label, fitted, BRASS_LIGHT, "bold", suits=host.suits())
                pill = img.get_rect(center=(rect.centerx, rect.centery + rect.height // 8)).inflate(14, 6)
                surface.blit(host._plaque(pill.size), pill)
                surface.blit(img, img.get_rect(center=pill.center))
