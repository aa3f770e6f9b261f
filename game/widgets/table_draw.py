"""What every card table draws: the cloth, the cards in their order, messages on plaques, the deal
number, the thinking dots, and the boxes it shows to the layout check (a mixin of ``TableScene``)."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from engine import cards as C
from game.layout import rail_width, text_edge
from game.looks.themes import BAIZE_DARK, BRASS, BRASS_LIGHT, HINT, IVORY, WARN
from game.store.game_number import game_number_label
from game.widgets import shapes
from game.widgets.cards import draw_card, hidden_under
from game.widgets.felt import panel, table_background
from game.words.i18n import t


class TableDrawing:
    """Drawing for ``TableScene`` (uses its ``app``, ``layout``, ``sprites``, ``text`` …)."""

    layout: Any
    sprites: Any
    text: Any
    _plaques: ClassVar[dict[tuple[int, int], pygame.Surface]] = {}

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
        # the layout check: what lies under the cards
        self.cards_drawn_from = len(getattr(surface, "blitted", ()))
        order = sorted(self.sprites.values(), key=lambda s: s.z)
        if warming:  # a card not made yet appears when the helper thread has it
            order = [s for s in order if self.images.cached(s.card, s.turn >= 1.0)]
        hidden = hidden_under(order, self.images.size)
        for s in order:
            if id(s) not in hidden:
                draw_card(surface, self.images, s)
        if self.drag.dragging and self.drag.pressed is not None:
            draw_card(surface, self.images, self.drag.pressed)
        self.draw_overlay(surface)
        self.draw_message(surface)
        self.draw_deal_number(surface)
        self.place_hint_button()
        for b in self.buttons:
            b.draw(surface, self.text, self.font_size(0.026))

    def remembered(self, name: str, key: Any, make: Any) -> Any:
        """``make()``, worked out once while ``key`` (all it depends on) stays the same: the fitting of
        names and lines a frame would otherwise repeat each time it is drawn."""
        memos = self.__dict__.setdefault("_memos", {})
        got = memos.get(name)
        if got is not None and got[0] == key:
            return got[1]
        value = make()
        memos[name] = (key, value)
        return value

    def font_size(self, share: float) -> int:
        return max(12, int(self.app.size[1] * share))

    def draw_turn_hint(self, surface: pygame.Surface, hint: str, how: str | None, floor: int,
                       colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> None:
        """"Your turn" in the message's place, and how to play under it (``how``: the keys, early on)
        wrapped to the message's width; all of it above ``floor`` (where a raised card of your hand
        reaches), moved up when it would reach lower."""
        rect = self.layout.message
        img = self.text.get(hint, self.font_size(0.022), colours[0], "italic", shadow=True)
        lines: list[pygame.Surface] = []
        if how:
            size, words = self.text.fit(how, self.font_size(0.018), rect.width, "italic", lines=3)
            lines = [self.text.get(line, size, colours[1], "italic", shadow=True) for line in words]
        at = img.get_rect(center=rect.center)
        height = img.get_height() + sum(x.get_height() for x in lines) + 2
        at.top = min(at.top, floor - 2 - height)
        surface.blit(img, at)
        y = at.bottom + 2
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(at.centerx, y)))
            y += line.get_height()

    def deal_number_text(self) -> str:
        """"Game No. 482 193 557": the game's number (its seed), to deal the same cards again."""
        number = getattr(self.session, "deal_number", None)
        if number is None:
            number = getattr(self.match, "seed", None)
        return game_number_label(number) if number is not None else ""

    def deal_number_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Where the game number goes: a rect anchor name and point (tables choose a quiet corner)."""
        return None

    def draw_deal_number(self, surface: pygame.Surface) -> None:
        """The game number, small, where the table keeps it."""
        text = self.deal_number_text()
        spot = self.deal_number_spot() if text and self.layout is not None else None
        if spot is None:
            return
        size = surface.get_size()
        key = (text, spot, size, self.app.size[1])
        img, rect = self.remembered("deal_number", key, lambda: self._deal_number(text, spot, size))
        surface.blit(img, rect)

    def _deal_number(
        self, text: str, spot: tuple[str, tuple[int, int]], size: tuple[int, int]
    ) -> tuple[pygame.Surface, pygame.Rect]:
        img = self.text.get(text, self.font_size(0.017), (200, 190, 160), "italic", shadow=True)
        rect = img.get_rect(**{spot[0]: spot[1]})
        edge = text_edge(size)
        rect.right = min(rect.right, size[0] - edge)  # clear of the rail
        rect.left = max(rect.left, edge)
        return img, rect

    def draw_message(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None) -> None:
        msg = self.message
        if msg is None or self.layout is None:
            return
        rect = self.layout.message
        colour = {"warn": WARN, "info": IVORY, "hint": HINT}.get(msg.kind, (255, 200, 140))
        fs = self.font_size(0.026)
        room = self.message_room() - 36
        lines = self.text.wrap(msg.text, fs, room) or [msg.text]  # a hint with its reason: two lines
        imgs = [self.text.get(line, fs, colour, suits=self.suits()) for line in lines]
        width = max(img.get_width() for img in imgs)
        first = imgs[0].get_rect(center=rect.center).inflate(36, 16)
        box = pygame.Rect(0, 0, width + 36, sum(img.get_height() for img in imgs) + 16)
        box.midbottom = midbottom if midbottom is not None else (rect.centerx, first.bottom)
        surface.blit(self._plaque(box.size), box)
        y = box.y + 8
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def message_room(self) -> int:
        """How wide the message's plaque may grow (tables with side columns narrow it)."""
        return max(self.layout.message.width, int(self.layout.size[0] * 0.72))

    def _plaque(self, size: tuple[int, int]) -> pygame.Surface:
        p = self._plaques.get(size)
        if p is None:
            if len(self._plaques) > 200:
                self._plaques.clear()
            p = panel(size, 215)
            self._plaques[size] = p
        return p

    def captioned_cards(self) -> set[int]:
        """Face-up cards a caption may lie across (the layout check): none, unless a table says so."""
        return set()

    def layout_boxes(self) -> list[Any]:
        """What the layout check looks at (``game.checks.layout_check``): the table's buttons and its cards
        (texts are found by the check itself). Tables add their plaques by extending this."""
        from game.widgets.boxes import Box

        if getattr(self, "peeking", False):
            return []  # a view over the dimmed table (the last trick): only its own texts count
        out = [Box(f"button {b.key} {b.label!r}", "control", pygame.Rect(b.rect), b.label)
               for b in self.buttons]
        size = self.app.screen.get_size()
        rail = rail_width(size)
        out.append(Box("the table's rail", "frame", pygame.Rect((0, 0), size).inflate(-2 * rail, -2 * rail)))
        w, h = self.images.size
        captioned = self.captioned_cards()
        for s in self.sprites.values():
            if not s.visible or s.alpha < 40:
                continue
            turned = 45 < abs(s.angle) % 180 < 135
            cw, ch = (h, w) if turned else (w, h)
            rect = pygame.Rect(0, 0, int(cw * s.scale), int(ch * s.scale))
            rect.center = (int(s.x), int(s.y - s.lift * h))
            upright = s.turn >= 1.0 and (abs(s.angle) < 20 or abs(s.angle) > 340)
            out.append(Box(f"card {C.name(s.card)}", "card", rect, open_face=upright,
                           captioned=upright and s.card in captioned,
                           order=getattr(self, "cards_drawn_from", 0)))
        return out

    def draw_turn_mark(
        self, surface: pygame.Surface, name_rect: pygame.Rect, room: int | None = None
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

        return say("table.thinking", self.form(seat), name=self.player_name(seat)).rstrip("…. ")

    def draw_thinking_label(self, surface: pygame.Surface, midtop: tuple[int, int], seat: int) -> pygame.Rect:
        """The bot that has been thinking a moment says so under its seat (kept inside the window)."""
        words = self.thinking_words(seat)
        img = self.text.get(words, self.font_size(0.018), BRASS_LIGHT, "italic", shadow=True)
        rect = img.get_rect(midtop=midtop)
        edge = max(int(surface.get_height() * 0.03), text_edge(surface.get_size()))  # clear of the rail
        dots = 8 + 7 * max(3, self.app.size[1] // 220)  # the pulsing dots after the words
        rect.left = max(rect.left, edge)
        rect.right = min(rect.right, surface.get_width() - edge - dots)
        surface.blit(img, rect)
        self.draw_thinking(surface, (rect.right + 8, rect.centery), seat)
        return rect

    def draw_thinking(self, surface: pygame.Surface, pos: tuple[int, int], seat: int) -> None:
        """A quiet pulse of three brass dots beside the thinking bot's name."""
        r = max(3, self.app.size[1] // 220)
        phase = self.clock * 3.0
        for i in range(3):
            on = (int(phase) % 3) == i
            shapes.circle(surface, BRASS if on else (90, 80, 50), (pos[0] + i * r * 3, pos[1]), r)
