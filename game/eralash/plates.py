"""The Eralash table's name plates and trump indicator: each seat's name (smaller, then on two lines,
in the room its place leaves), the line under it, and the plaque naming trump (a part of
``EralashTable``, reading it through ``PlatesHost``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from game.eralash.declarations import suit_word
from game.layout import text_edge
from game.looks.themes import BRASS_LIGHT, IVORY
from game.widgets import shapes
from game.widgets.buttons import button_height
from game.words.grammar import say
from game.words.i18n import get_language, plural, t

if TYPE_CHECKING:
    from engine.eralash import Deal, Match
    from game.app import App
    from game.eralash.layout import EralashLayout, SeatPlace
    from game.widgets.text import TextCache

DIM = (200, 190, 160)

TRUMP_LINES = 3  # "chosen by" and a long real name, whole on the trump plaque; 20 W's cut "…"


class PlatesHost(Protocol):
    """What the name plates and the trump plaque read from their table."""

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
    def me(self) -> int: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def levels(self) -> list[str | None]: ...
    @property
    def reveal(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def gather(self) -> int | None: ...

    def name(self, seat: int) -> str: ...
    def seat_note(self, seat: int) -> str | None: ...
    def form(self, seat: int) -> str: ...
    def suits(self) -> Any: ...
    def font_size(self, share: float) -> int: ...
    def remembered(self, name: str, key: Any, make: Callable[[], Any]) -> Any: ...
    def thinking_shown(self) -> int | None: ...
    def draw_turn_mark(
        self, surface: pygame.Surface, name_rect: pygame.Rect, room: int | None = None
    ) -> None: ...
    def draw_thinking_label(
        self, surface: pygame.Surface, midtop: tuple[int, int], seat: int
    ) -> pygame.Rect: ...
    def _plaque(self, size: tuple[int, int]) -> pygame.Surface: ...


class EralashPlates:
    """Name plates and the trump plaque of an ``EralashTable``."""

    def __init__(self, host: PlatesHost) -> None:
        self.host = host

    def plate_width(self, place: SeatPlace) -> int:
        """How wide a seat's name plate may be: clear of the message line beside the side seats, of the
        score and trump plaques across the table, and of your hand beside yours."""
        lay = self.host.layout
        w, h = lay.size
        edge, gap = self.plate_edge(), max(8, w // 100)
        if place.side in ("left", "right"):
            room = lay.message.left - gap - edge
            you = lay.seats[0]
            # beside your hand (a tall window)
            if place.plate[1] + h * 0.07 > you.hand[1] - lay.card[1] * 0.72:
                room = min(room, int(you.hand[0] - you.hand_len / 2) - gap - edge)  # (the same each side)
            return room
        if place.side == "top":
            x = place.plate[0]
            return 2 * min(x - lay.score.right, self.trump_rect().left - x) - 2 * gap
        return int(place.hand[0] - place.hand_len / 2 - place.plate[0] - gap)

    def plate_edge(self) -> int:
        """How far a plate keeps from the window's side: clear of the rail, which is the window's (a
        viewer's table is narrower than the window, its rail is not)."""
        size, window = self.host.layout.size, self.host.app.size
        return max(int(size[1] * 0.03), text_edge(size), text_edge((window[0], window[1])))

    def plate_bits(self, seat: int) -> tuple[list[str], str]:
        """What the line under a seat's name says: partner, level and the dealer's mark, and this deal's
        tricks (the score plaque has the robber's)."""
        host = self.host
        deal = host.shown
        level = host.levels[seat]
        who: list[str] = []
        if host.match.options.pairs and host.humans and seat != host.me and seat % 2 == host.me % 2:
            who.append(t("eralash.partner"))
        note = host.seat_note(seat)  # a seat at a hosted table: a person, away, or played by a bot
        if note:
            who.append(note)
        elif level and not host.reveal:
            who.append(t(f"level.{level}"))
        if seat == deal.dealer:  # "Вы · сдаёте" under the default name, never "Вы · сдаёт"
            who.append(t("table.you_deal") if host.form(seat) == "you" else t("eralash.dealer_mark"))
        words = "eralash.n_tricks" if host.reveal else "eralash.n_tricks_deal"  # the example is one deal
        return who, plural(deal.tricks_won[seat], words)

    def plate_words(self, seat: int) -> str:
        """The line under a seat's name, whole."""
        who, tricks = self.plate_bits(seat)
        return " · ".join([*who, tricks])

    def plate_text(self, seat: int) -> tuple[int, list[str], int, list[str]]:
        """A seat's name plate as drawn: the name's size and lines (one, or two when it must), the
        size of the lines under it, and those lines: one, or where it has no room two (who the seat
        is, the level and the dealer's mark, over this deal's tricks), never dropping the level."""
        host = self.host
        place = host.layout.place(seat, host.me)
        width = max(1, self.plate_width(place)) - 2
        fs, lines = host.text.fit_name(host.name(seat), host.font_size(0.022), width, "bold", lines=2)
        small, sub = host.text.fit(self.plate_words(seat), host.font_size(0.018), width, "italic")
        who, tricks = self.plate_bits(seat)
        if len(sub) == 1 and (small == host.font_size(0.018) or place.side == "top") or not who:
            return fs, lines, small, sub  # (across the table the race line is close under the plate)
        subs = [" · ".join(who), tricks]
        small = min(host.text.fit(line, host.font_size(0.018), width, "italic")[0] for line in subs)
        return fs, lines, small, subs

    def your_plate_px(self) -> int:
        """How wide your name plate must be at the smallest text: the name on at most two lines, and
        the line under it at its longest (many tricks, the dealer's mark)."""
        host = self.host
        low = host.text.min_size
        bold, italic = host.text.font(low, "bold"), host.text.font(low, "italic")
        name = host.name(host.me)
        lines = host.text.fit(name, low, bold.size(name)[0] // 2 + bold.size("Ш")[0], "bold", 2)[1]
        subs = [plural(17, "eralash.n_tricks_deal"), t("eralash.dealer_mark")]  # two lines if they must
        return max([bold.size(x)[0] for x in lines] + [italic.size(sub)[0] for sub in subs]) + 4

    def room_under_side_plates(self) -> int:
        """How far the side seats' plates could go down and stay clear above yours and the Last trick
        button over it, each plate at its tallest (the line under a name on two lines, a bot's
        "thinking" under it)."""
        host = self.host
        lay = host.layout
        sub = host.text.get("Ág", host.font_size(0.018), IVORY, "italic", shadow=True).get_height()
        fs, lines, small, _ = self.plate_text(host.me)
        # (as ``LastTrick.last_trick_button`` places it, over your plate with its line on two lines)
        plate = (len(lines) * (host.text.font(fs, "bold").get_height() + 1)
                 + 2 * (host.text.font(small, "italic").get_height() + 1))
        button = int(button_height(lay.size[1]) * 0.85) + int(lay.size[1] * 0.015)
        your_top = lay.seats[0].plate[1] - plate - (button if host.humans else 0)
        lowest = 0
        for seat in range(len(host.match.players)):
            if not lay.place(seat, host.me).vertical:
                continue
            blits, _, _ = self.plate_parts(seat)
            words = self.plate_text(seat)[3]
            lowest = max(lowest, max(r.bottom for _, r in blits) + (2 - len(words)) * sub + 2 + sub)
        return your_top - max(6, lay.size[1] // 80) - lowest

    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        host = self.host
        deal = host.shown
        key = (seat, host.layout, host.me, len(host.match.moves), id(deal), tuple(deal.tricks_won),
               deal.dealer, deal.trump, host.phase, host.reveal, tuple(host.app.size),
               get_language(), host.match.current_player(), self.turn_seat(), host.seat_note(seat))
        blits, line, sub_rect = host.remembered(f"plate_parts{seat}", key, lambda: self.plate_parts(seat))
        for img, rect in blits:
            surface.blit(img, rect)
        if line is not None:
            host.draw_turn_mark(surface, blits[0][1])
            shapes.line(surface, BRASS_LIGHT, (line.left, line.bottom + 1), (line.right, line.bottom + 1), 2)
        if host.thinking_shown() == seat:
            host.draw_thinking_label(surface, (sub_rect.centerx, sub_rect.bottom + 2), seat)

    def plate_parts(
        self, seat: int
    ) -> tuple[list[tuple[pygame.Surface, pygame.Rect]], pygame.Rect | None, pygame.Rect]:
        """A seat's name plate: its texts and where they go, the name's rect when the turn mark and
        the line under it are shown (its turn), and the rect of the line under the name."""
        host = self.host
        lay = host.layout
        place = lay.place(seat, host.me)
        colour = BRASS_LIGHT if seat == host.match.current_player() else IVORY
        fs, lines, small, words = self.plate_text(seat)
        names = [host.text.get(line, fs, colour, "bold", shadow=True) for line in lines]
        subs = [host.text.get(line, small, DIM, "italic", shadow=True) for line in words]
        sub_h = sum(img.get_height() for img in subs)
        x, y = place.plate
        edge = self.plate_edge()
        height = sum(img.get_height() for img in names)
        blits: list[tuple[pygame.Surface, pygame.Rect]] = []
        # yours grows up from its corner; the others down from where one line would start (a hand above)
        one = names[0].get_height()
        top = y - sub_h - height if place.side == "bottom" else y - (one + subs[0].get_height()) // 2
        if place.side != "bottom":  # accents stacked over a letter: lower, clear of the hand above
            plain = host.text.get("Ш", fs, colour, "bold", shadow=True).get_bounding_rect().top
            top += max(0, plain - names[0].get_bounding_rect().top)
        if place.side == "top":  # a larger text size: the plate grows down, never under the hand above
            from game.eralash.layout import OPP_SCALE

            top = max(top, int(place.hand[1] + host.layout.card[1] * OPP_SCALE / 2) + 2)
        for img in names:
            rect = img.get_rect(topleft=(x, top)) if place.side == "bottom" else img.get_rect(midtop=(x, top))
            rect.left = max(rect.left, edge)
            rect.right = min(rect.right, lay.size[0] - edge)
            blits.append((img, rect))
            top = rect.bottom
        rect = blits[0][1].unionall([r for _, r in blits[1:]])
        top = rect.bottom
        sub_rects = []
        for sub in subs:
            sub_rect = sub.get_rect(midtop=(rect.centerx, top))
            if place.side == "bottom":
                sub_rect = sub.get_rect(topleft=(rect.left, top))
            sub_rect.left = max(sub_rect.left, edge)
            sub_rect.right = min(sub_rect.right, lay.size[0] - edge)
            blits.append((sub, sub_rect))
            sub_rects.append(sub_rect)
            top = sub_rect.bottom
        sub_rect = sub_rects[0].unionall(sub_rects[1:])
        return blits, (rect if seat == self.turn_seat() else None), sub_rect

    def turn_seat(self) -> int | None:
        """The seat the turn marker stands at: whoever is to play a card or choose trump (none while a
        finished trick is shown or between deals)."""
        host = self.host
        if host.phase not in ("play", "declare") or host.shown is not host.match.deal or host.match.is_over():
            return None
        if host.gather is not None:
            return None
        if host.phase == "declare" and host.shown.trump >= 0:
            return None
        return host.match.current_player()

    def trump_parts(self) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """The trump indicator's plaque and its texts (the suit's symbol first): the line with a long
        name smaller if it must, then on two lines (the plaque grows a little wider, then taller)."""
        host = self.host
        deal = host.shown
        key = (host.layout, deal.trump, deal.trump_by, deal.chosen, host.name(deal.trump_by),
               host.form(deal.trump_by), host.suits(), get_language())
        rect, parts = host.remembered("trump", key, self._trump_parts)
        return pygame.Rect(rect), parts

    def _trump_parts(self) -> tuple[pygame.Rect, list[pygame.Surface]]:
        host = self.host
        lay = host.layout
        deal = host.shown
        rect = lay.trump.copy()
        big = host.text.get(
            C.SUIT_SYMBOLS[deal.trump],
            self.trump_mark_size(),
            IVORY,
            "bold",
            shadow=True,
            suits=host.suits(),
        )
        fs, small = host.font_size(0.02), host.font_size(0.016)
        a = host.text.get(t("eralash.trump.title"), small, DIM, "italic")
        b = host.text.get(suit_word(deal.trump), fs, IVORY, "bold")
        key = "eralash.trump.chosen_by" if deal.chosen else "eralash.trump.run_of"
        words = say(key, host.form(deal.trump_by), name=host.name(deal.trump_by))
        room = max(rect.width, int(lay.size[0] * 0.26)) - 20 - big.get_width() - 12
        size, lines = host.text.fit_name(words, small, room, lines=TRUMP_LINES)  # (20 W's cut "…")
        texts = [a, b, *(host.text.get(line, size, DIM) for line in lines)]
        rect.width = max(rect.width, 20 + big.get_width() + max(x.get_width() for x in texts) + 12)
        rect.height = max(rect.height, sum(x.get_height() for x in texts) + 12)
        rect.topright = lay.trump.topright
        return rect, [big, *texts]

    def trump_mark_size(self, lay: EralashLayout | None = None) -> int:
        """The trump suit's symbol on its plaque: the size of the plaque's usual height."""
        lay = lay or self.host.layout
        return int(int(lay.size[1] * 0.11) * 0.62) if lay is not None else 24

    def trump_height(self, lay: EralashLayout) -> int:
        """How tall the trump plaque must be for the longest "chosen by …" line any seat's name makes
        (so what lies under it is placed clear of it from the start)."""
        host = self.host
        small, fs = host.font_size(0.016), host.font_size(0.02)
        mark = host.text.font(self.trump_mark_size(lay), "bold").size("♠")[0]
        room = max(lay.trump.width, int(lay.size[0] * 0.26)) - 20 - mark - 12
        worst = 0
        for seat in range(len(host.match.players)):
            for key in ("eralash.trump.chosen_by", "eralash.trump.run_of"):
                size, lines = host.text.fit_name(
                    say(key, host.form(seat), name=host.name(seat)), small, room, lines=TRUMP_LINES
                )
                worst = max(worst, len(lines) * host.text.font(size).get_height())
        words = host.text.font(small, "italic").get_height() + host.text.font(fs, "bold").get_height()
        return max(lay.trump.height, words + worst + 12)

    def trump_rect(self) -> pygame.Rect:
        """Where the trump indicator is (or will be, before trump is known)."""
        host = self.host
        if host.layout is None or host.shown.trump < 0:
            return host.layout.trump if host.layout is not None else pygame.Rect(0, 0, 0, 0)
        return self.trump_parts()[0]

    def draw_trump(self, surface: pygame.Surface) -> None:
        """The trump indicator: it stays on the table for the whole deal."""
        rect, (big, *lines) = self.trump_parts()
        surface.blit(self.host._plaque(rect.size), rect)
        surface.blit(big, big.get_rect(midleft=(rect.x + 12, rect.centery)))
        x = rect.x + 20 + big.get_width()
        y = rect.centery - sum(img.get_height() for img in lines) // 2
        for img in lines:
            surface.blit(img, (x, y))
            y += img.get_height()
