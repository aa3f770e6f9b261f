"""What every card table draws: the cloth, the cards in their order, messages on plaques, the deal
number, the thinking dots, and the boxes it shows to the layout check (``TableArt``, a part of the
table: it owns what it keeps between frames and reads the table through ``DrawnTable``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

import pygame

from engine import cards as C
from game.layout import rail_width, text_edge
from game.looks.themes import BAIZE_DARK, BRASS, BRASS_LIGHT, HINT, IVORY, WARN
from game.store.game_number import game_number_label
from game.widgets import shapes
from game.widgets.cards import draw_card, hidden_under
from game.widgets.felt import panel, table_background
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.tween import Tweener
    from game.widgets.boxes import Box
    from game.widgets.buttons import Button
    from game.widgets.cards import CardImages, CardSprite
    from game.widgets.drag import DragController
    from game.widgets.table import Message
    from game.widgets.text import TextCache
    from game.widgets.warm import Warmer

T = TypeVar("T")


class DrawnTable(Protocol):
    """What the drawing reads of the table: what it shows, what moves, and the game's own layers."""

    app: App
    text: TextCache
    layout: Any  # the game's own layout (``message``, ``size``: every game's has them)
    images: CardImages
    sprites: dict[int, CardSprite]
    drag: DragController
    buttons: list[Button]
    holds: set[str]
    message: Message | None
    clock: float
    warmer: Warmer
    tweens: Tweener

    def draw_table(self, surface: pygame.Surface) -> None: ...

    def draw_overlay(self, surface: pygame.Surface) -> None: ...

    def place_hint_button(self) -> None: ...

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None: ...

    def deal_number_text(self) -> str: ...

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None: ...

    def deal_number_width(self) -> int | None: ...

    def message_room(self) -> int: ...

    def cloth_name(self) -> str: ...

    def captioned_cards(self) -> set[int]: ...

    def suits(self) -> Any: ...

    def form(self, seat: int) -> str: ...

    def player_name(self, seat: int) -> str: ...


Blits = list[tuple[pygame.Surface, pygame.Rect]]  # texts and where each is blitted


def font_size(app: App, share: float) -> int:
    """A font size as a share of the window's height (never below 12 px), at the player's text size:
    in pixels, drawn by ``table_text`` (so a plaque sized from it grows with its words)."""
    px = max(12, int(app.size[1] * share))
    scale = getattr(getattr(app, "text", None), "scale", 1.0)
    return px if scale == 1.0 else round(px * scale)


def deal_number_label(number: int | None) -> str:
    """"Game No. 482 193 557": the game's number (its seed), to deal the same cards again."""
    return game_number_label(number) if number is not None else ""


class TableArt:
    """The table's drawing, and what it keeps between frames: the cloth, the plaques, worked-out fits."""

    _plaques: ClassVar[dict[tuple[int, int], pygame.Surface]] = {}

    def __init__(self, table: DrawnTable) -> None:
        self.table = table
        self.felt_surface: pygame.Surface | None = None  # the cloth now drawn
        self.felt_key: Any = None  # (size, colour) it was made for
        self.felt_ready: dict[Any, pygame.Surface] = {}  # cloths the helper thread has made
        self.memos: dict[str, tuple[Any, Any]] = {}  # ``remembered``: name -> (key, value)
        self.cards_drawn_from = 0  # (the layout check: the boxes drawn before the cards lie under them)

    def font_size(self, share: float) -> int:
        return font_size(self.table.app, share)

    def forget_felt(self) -> None:
        """The cloth is made again at the next frame (a new size or colour)."""
        self.felt_surface = None

    def felt(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The cloth for this size (None while the helper thread is still making it)."""
        colour = self.table.cloth_name()
        key = (size, colour)
        if self.felt_surface is None or self.felt_key != key:
            ready = self.felt_ready.pop(key, None)
            if ready is None and not self.table.warmer.ready:
                return None
            self.felt_surface = ready if ready is not None else table_background(size, colour, compact=False)
            self.felt_key = key
        return self.felt_surface

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        felt = self.felt(surface.get_size())
        if felt is None:
            surface.fill(BAIZE_DARK)
        else:
            surface.blit(felt, (0, 0))
        warming = "warming" in table.holds
        if warming and table.layout is not None:
            hint = table.text.get(t("table.shuffling"), self.font_size(0.026), IVORY, "italic", shadow=True)
            surface.blit(hint, hint.get_rect(center=table.layout.message.center))
        table.draw_table(surface)
        # the layout check: what lies under the cards
        self.cards_drawn_from = len(getattr(surface, "blitted", ()))
        images = table.images
        order = sorted(table.sprites.values(), key=lambda s: s.z)
        if warming:  # a card not made yet appears when the helper thread has it
            order = [s for s in order if images.cached(s.card, s.turn >= 1.0)]
        hidden = hidden_under(order, images.size)
        for s in order:
            if id(s) not in hidden:
                draw_card(surface, images, s)
        if table.drag.dragging and table.drag.pressed is not None:
            draw_card(surface, images, table.drag.pressed)
        table.draw_overlay(surface)
        table.draw_message(surface)
        self.draw_deal_number(surface)
        table.place_hint_button()
        for b in table.buttons:
            b.draw(surface, table.text, self.font_size(0.026))

    def remembered(self, name: str, key: Any, make: Callable[[], T]) -> T:
        """``make()``, worked out once while ``key`` (all it depends on) stays the same: the fitting of
        names and lines a frame would otherwise repeat each time it is drawn."""
        got = self.memos.get(name)
        if got is not None and got[0] == key:
            value: T = got[1]
            return value
        value = make()
        self.memos[name] = (key, value)
        return value

    def draw_turn_hint(self, surface: pygame.Surface, hint: str, how: str | None, floor: int,
                       colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> None:
        """"Your turn" in the message's place, and how to play under it (``how``: the keys, early on)
        wrapped to the message's width; all of it above ``floor`` (where a raised card of your hand
        reaches), moved up when it would reach lower."""
        text = self.table.text
        rect = self.table.layout.message
        # A larger text size: smaller (down to the 100 % size) rather than moved up over the table's cards.
        plain = max(12, int(self.table.app.size[1] * 0.018))
        hint_fs, how_fs = self.font_size(0.022), self.font_size(0.018)
        table = self.table
        above = max((r.bottom + 2 for r in (sp.rect(table.images.size) for sp in table.sprites.values())
                     if r.centery < rect.centery and r.left < rect.right and r.right > rect.left), default=0)
        while True:
            img = text.get(hint, hint_fs, colours[0], "italic", shadow=True)
            lines: list[pygame.Surface] = []
            if how:  # wrapped at its size (``fit`` would rather shrink it onto one line: 9 px at 200 %)
                lines = [text.get(line, how_fs, colours[1], "italic", shadow=True)
                         for line in text.wrap(how, how_fs, rect.width, "italic")]
            at = img.get_rect(center=rect.center)
            height = img.get_height() + sum(x.get_height() for x in lines) + 2
            if min(at.top, floor - 2 - height) >= above or how_fs <= plain:
                break
            hint_fs, how_fs = max(hint_fs - 1, plain), how_fs - 1
        at.top = min(at.top, floor - 2 - height)
        surface.blit(img, at)
        y = at.bottom + 2
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(at.centerx, y)))
            y += line.get_height()

    def draw_deal_number(self, surface: pygame.Surface) -> None:
        """The game number, small, where the table keeps it."""
        layout = self.table.layout  # (the viewer's table ends at its panel: its layout's width)
        drawn = self._deal_number_drawn(layout.size if layout is not None else surface.get_size())
        for img, rect in drawn[0] if drawn is not None else ():
            surface.blit(img, rect)

    def deal_number_rect(self) -> pygame.Rect | None:
        """Where the game number is written (None: nowhere now), for words that keep clear of it."""
        drawn = self._deal_number_drawn(self.table.layout.size)
        return drawn[1] if drawn is not None else None

    def _deal_number_drawn(self, size: tuple[int, int]) -> tuple[Blits, pygame.Rect] | None:
        table = self.table
        text = table.deal_number_text()
        spot = table.deal_number_spot() if text and table.layout is not None else None
        if spot is None:
            return None
        key = (text, spot, size, table.app.size[1], table.deal_number_width())
        got: tuple[Blits, pygame.Rect] = self.remembered(
            "deal_number", key, lambda: self._deal_number(text, spot, size))
        return got

    def _number_lines(self, text: str, px: int, width: int) -> list[str]:
        """The game number's caption on lines no wider than ``width`` where it can: broken between its
        parts ("Demo · Game No. 7", "Practice: 2 of 2 · found 0"), never inside one (a number stays whole)."""
        font = self.table.text.font(px, "italic")
        lines: list[str] = []
        for part in text.split(" · "):
            if lines and font.size(f"{lines[-1]} · {part}")[0] <= width:
                lines[-1] = f"{lines[-1]} · {part}"
            else:
                lines.append(part)
        return lines

    def _deal_number(
        self, text: str, spot: tuple[str, tuple[int, int]], size: tuple[int, int]
    ) -> tuple[Blits, pygame.Rect]:
        """Its line (or lines) and the box round them: kept clear of the rail, and where a larger text
        size leaves a centred number no room between its spot and the rail, broken after "No."."""
        px, colour = self.font_size(0.017), (200, 190, 160)
        img = self.table.text.get(text, px, colour, "italic", shadow=True)
        rect = img.get_rect(**{spot[0]: spot[1]})
        edge = text_edge(size)
        width = self.table.deal_number_width()
        if width is not None and rect.width > width:  # (a practice's longer caption under Eralash's trump)
            lines = self._number_lines(text, px, width)
            if len(lines) > 1:
                out = []
                x, y = spot[1]
                for line in lines:
                    img = self.table.text.get(line, px, colour, "italic", shadow=True)
                    line_rect = img.get_rect(**{spot[0]: (x, y)})
                    line_rect.right = min(line_rect.right, size[0] - edge)  # clear of the rail
                    out.append((img, line_rect))
                    y += img.get_height()
                return out, out[0][1].unionall([r for _, r in out[1:]])
        if spot[0] == "midtop" and (rect.right > size[0] - edge or rect.left < edge):
            x, y = spot[1]
            room = 2 * min(x - edge, size[0] - edge - x)
            lines = self.table.text.wrap(text, px, max(room, 1), "italic")
            if len(lines) > 1:
                out = []
                for line in lines:
                    img = self.table.text.get(line, px, colour, "italic", shadow=True)
                    out.append((img, img.get_rect(midtop=(x, y))))
                    y += img.get_height()
                return out, out[0][1].unionall([r for _, r in out[1:]])
        rect.right = min(rect.right, size[0] - edge)  # clear of the rail
        rect.left = max(rect.left, edge)
        return [(img, rect)], rect

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        table = self.table
        msg = table.message
        if msg is None or table.layout is None:
            return
        rect = table.layout.message
        colour = {"warn": WARN, "info": IVORY, "hint": HINT}.get(msg.kind, (255, 200, 140))
        fs = self.font_size(0.026)
        room = table.message_room() - 36
        lines = table.text.wrap(msg.text, fs, room) or [msg.text]  # a hint with its reason: two lines
        cards = getattr(table.layout, "table", None)  # the table's cards, above the message
        if isinstance(cards, pygame.Rect) and midbottom is None:
            # A larger text size: the words smaller (down to their 100 % size) rather than over the cards.
            bottom = rect.centery + table.text.font(fs).get_height() // 2 + 8
            plain = max(12, int(table.app.size[1] * 0.026))
            while fs > plain and len(lines) * table.text.font(fs).get_height() + 16 > bottom - cards.bottom:
                fs -= 1
                lines = table.text.wrap(msg.text, fs, room) or [msg.text]
        imgs = [table.text.get(line, fs, colour, suits=table.suits()) for line in lines]
        width = max(img.get_width() for img in imgs)
        first = imgs[0].get_rect(center=rect.center).inflate(36, 16)
        box = pygame.Rect(0, 0, width + 36, sum(img.get_height() for img in imgs) + 16)
        box.midbottom = midbottom if midbottom is not None else (rect.centerx, first.bottom)
        surface.blit(self.plaque(box.size), box)
        y = box.y + 8
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def plaque(self, size: tuple[int, int]) -> pygame.Surface:
        """A message's plaque of this size (kept: every table draws the same few sizes)."""
        p = self._plaques.get(size)
        if p is None:
            if len(self._plaques) > 200:
                self._plaques.clear()
            p = panel(size, 215)
            self._plaques[size] = p
        return p

    def layout_boxes(self) -> list[Box]:
        """What the layout check looks at (``game.checks.layout_check``): the table's buttons and its cards
        (texts are found by the check itself). Tables add their plaques by extending this."""
        from game.widgets.boxes import Box

        table = self.table
        if getattr(table, "peeking", False):
            return []  # a view over the dimmed table (the last trick): only its own texts count
        out = [Box(f"button {b.key} {b.label!r}", "control", pygame.Rect(b.rect), b.label)
               for b in table.buttons]
        size = table.app.screen.get_size()
        rail = rail_width(size)
        out.append(Box("the table's rail", "frame", pygame.Rect((0, 0), size).inflate(-2 * rail, -2 * rail)))
        captioned = table.captioned_cards()
        moving = table.tweens.moving()
        for s in table.sprites.values():
            if not s.visible or s.alpha < 40 or id(s) in moving:
                continue  # only cards at rest: one in flight may pass under a plaque on its way
            rect = s.lying_rect(table.images.size)
            upright = s.turn >= 1.0 and (abs(s.angle) < 20 or abs(s.angle) > 340)
            name = C.name(s.card) if s.card is not None else "?"  # (a table's sprites are all cards)
            out.append(Box(f"card {name}", "card", rect, open_face=upright,
                           captioned=upright and s.card in captioned,
                           order=self.cards_drawn_from))
        return out

    @staticmethod
    def draw_turn_mark(
        surface: pygame.Surface, name_rect: pygame.Rect, room: int | None = None
    ) -> None:
        """The seat whose turn it is: a brass pointer left of its name (drawn whatever else moves);
        ``room``: the pixels free left of the name, when fewer than the pointer would take."""
        h = max(8, name_rect.height * 2 // 3)
        gap = 6
        if room is not None:
            gap = min(gap, max(2, room // 4))
            h = max(6, min(h, int((room - gap - 2) / 0.8)))
        x, y = name_rect.left - gap, name_rect.centery
        points = [(x - h * 0.8, y - h / 2), (x, y), (x - h * 0.8, y + h / 2)]
        shapes.polygon(surface, BRASS, points)
        shapes.polygon(surface, (60, 45, 20), points, width=1)

    def thinking_words(self, seat: int) -> str:
        """ "Svetlana is thinking" / "Светлана думает" in the form that seat takes (the pulsing dots
        drawn after it are its ellipsis: a drawn "…" would read as text cut short)."""
        from game.words.grammar import say

        table = self.table
        return say("table.thinking", table.form(seat), name=table.player_name(seat)).rstrip("…. ")

    def draw_thinking_label(self, surface: pygame.Surface, midtop: tuple[int, int], seat: int) -> pygame.Rect:
        """The bot that has been thinking a moment says so under its seat (kept inside the window)."""
        words = self.thinking_words(seat)
        img = self.table.text.get(words, self.font_size(0.018), BRASS_LIGHT, "italic", shadow=True)
        rect = img.get_rect(midtop=midtop)
        edge = max(int(surface.get_height() * 0.03), text_edge(surface.get_size()))  # clear of the rail
        dots = 8 + 7 * max(3, self.table.app.size[1] // 220)  # the pulsing dots after the words
        rect.left = max(rect.left, edge)
        rect.right = min(rect.right, surface.get_width() - edge - dots)
        surface.blit(img, rect)
        self.draw_thinking(surface, (rect.right + 8, rect.centery), seat)
        return rect

    def draw_thinking(self, surface: pygame.Surface, pos: tuple[int, int], seat: int) -> None:
        """A quiet pulse of three brass dots beside the thinking bot's name."""
        r = max(3, self.table.app.size[1] // 220)
        phase = self.table.clock * 3.0
        for i in range(3):
            on = (int(phase) % 3) == i
            shapes.circle(surface, BRASS if on else (90, 80, 50), (pos[0] + i * r * 3, pos[1]), r)
