"""What the Uragan table draws besides the cards: pile and stock counts, the score plaque, the claim
prompt, the capture choice's glow, the "Uragan!" banner and the your-turn hint (a part of
``UraganTable``; text comes from the shared ``TextCache``, so a steady frame renders nothing new)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from game.layout import text_edge
from game.looks.themes import BRASS, BRASS_LIGHT, GLOW, IVORY, WARN
from game.tween import ease_out_back
from game.uragan.words import PLAY_PHASE, card_text, default_name
from game.widgets import shapes
from game.widgets.boxes import ComposedPlaque
from game.words.i18n import get_language, plural, t

if TYPE_CHECKING:
    from engine.uragan.deal import Deal
    from engine.uragan.match import Match
    from game.app import App
    from game.layout import UraganLayout
    from game.uragan.choice import UraganChoice
    from game.uragan.hand import UraganHand
    from game.uragan.log import UraganLog
    from game.widgets.buttons import Button
    from game.widgets.cards import CardImages, CardSprite
    from game.widgets.drag import DragController
    from game.widgets.table import Message
    from game.widgets.text import TextCache


def finished_index(match: Match, deal: Deal) -> int | None:
    """``deal``'s index among ``match.deals_done``, or None while it is being played: looked up by the
    deal's number, never by comparing it with every finished deal (a match to 999 has ~450 of them,
    and the score plaque asks every frame)."""
    done = match.deals_done
    k = deal.number - 1
    if 0 <= k < len(done) and (done[k] is deal or done[k] == deal):
        return k
    return None


class PlaquesHost(Protocol):
    """What the plaques read from their table: the deal and match shown, the places, the sprites, the
    text, the seats, and the other parts' state that changes what is drawn (a drag, a prompt, the log)."""

    @property
    def app(self) -> App: ...
    @property
    def layout(self) -> UraganLayout: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def match(self) -> Match: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
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
    def clock(self) -> float: ...
    @property
    def message(self) -> Message | None: ...
    @property
    def banner(self) -> tuple[str, float] | None: ...
    @property
    def log(self) -> UraganLog: ...
    @property
    def _felt(self) -> pygame.Surface | None: ...
    @property
    def hand(self) -> UraganHand: ...
    @property
    def prompts(self) -> UraganChoice: ...
    @property
    def buttons(self) -> list[Button]: ...
    def prompt_open(self) -> bool: ...
    def turn_seat(self) -> int | None: ...
    def opp(self) -> int: ...
    def busy(self) -> bool: ...
    def is_human_turn(self) -> bool: ...
    def font_size(self, share: float) -> int: ...
    def suits(self) -> Any: ...
    def player_name(self, seat: int) -> str: ...
    def thinking_shown(self) -> int | None: ...
    def seat_note(self, seat: int) -> str | None: ...
    @property
    def play(self) -> Any: ...  # the play controller (undo, hint); None at a table of people
    def draw_thinking_label(
        self, surface: pygame.Surface, midtop: tuple[int, int], seat: int
    ) -> pygame.Rect: ...
    def draw_turn_mark(
        self, surface: pygame.Surface, name_rect: pygame.Rect, room: int | None = None
    ) -> None: ...
    def draw_turn_hint(self, surface: pygame.Surface, hint: str, how: str | None, floor: int,
                       colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> None: ...
    def draw_log_glance(self, surface: pygame.Surface) -> None: ...
    def draw_last_play(self, surface: pygame.Surface) -> None: ...
    def _plaque(self, size: tuple[int, int]) -> pygame.Surface: ...


class UraganPlaques:
    """What ``UraganTable`` draws besides the cards; it keeps the score plaque's composed image."""

    def __init__(self, host: PlaquesHost) -> None:
        self.host = host
        self._score_plaque = ComposedPlaque()
        self._memos: dict[str, tuple[Any, Any]] = {}
        # A larger text size with no room above the stock: 1 names on one line (cut if they must), 2 also
        # the uragan's point on one line and no claims line.
        self.squeeze = 0

    def _remembered(self, name: str, key: Any, make: Any) -> Any:
        """``make()``, worked out once while ``key`` stays the same."""
        got = self._memos.get(name)
        if got is not None and got[0] == key:
            return got[1]
        value = make()
        self._memos[name] = (key, value)
        return value

    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        deal = self.host.shown
        cw, ch = lay.card
        fs = self.host.font_size(0.022)
        # piles: count under each, a brass ring when empty
        for s in (0, 1):
            px, py = lay.my_pile if s == self.host.me else lay.opp_pile
            n = self.cards_near((px, py), deal.piles[s])
            if n == 0:
                r = self.pile_outline(s)
                shapes.rect(surface, (*BRASS,), r, width=1, border_radius=max(4, cw // 12))
            label = self.host.text.get(plural(n, "uragan.n_cards"), fs, IVORY, shadow=True)
            surface.blit(label, self.on_cloth(label.get_rect(midtop=(int(px), int(py + ch * 0.56)))))
        sx, sy = lay.stock
        stock = self.cards_near(lay.stock, -1)
        if stock:
            label = self.host.text.get(t("uragan.stock", n=stock), fs, IVORY, shadow=True)
            surface.blit(label, self.on_cloth(label.get_rect(midtop=(int(sx), int(sy + ch * 0.56)))))
        if self.host.drag.dragging and self.host.hand.drag_can_trail:
            card = self.host.drag.pressed.card if self.host.drag.pressed is not None else None
            warn = self.host.hand.trail_claimable(card)
            glow = lay.table.inflate(cw * 0.6, ch * 0.2)
            shapes.rect(surface, WARN if warn else GLOW, glow, width=3 if warn else 2, border_radius=18)
            if warn and card is not None:
                self.draw_trail_warning(surface, card)
        elif (
            self.host.hand.selected is not None
            and self.host.hand.trail_claimable(self.host.hand.selected)
            and not self.host.prompt_open()
            and not self.host.log.open
        ):
            self.draw_trail_warning(surface, self.host.hand.selected)
        self.draw_score(surface)
        self.host.draw_log_glance(surface)
        thinking = self.host.thinking_shown()
        below = lay.opp_hand.bottom + 3
        if thinking is not None and thinking != self.host.me:
            below = self.host.draw_thinking_label(surface, (lay.opp_hand.centerx, below), thinking).bottom + 2
        note = self.host.seat_note(self.host.opp())
        if note:  # a person across the network, or a bot playing for one who dropped
            img = self.host.text.get(note, self.host.font_size(0.018), IVORY, "italic", shadow=True)
            surface.blit(img, img.get_rect(midtop=(lay.opp_hand.centerx, below)))

    def pile_outline(self, seat: int) -> pygame.Rect:
        """The brass ring where a seat's empty pile will lie."""
        lay = self.host.layout
        px, py = lay.my_pile if seat == self.host.me else lay.opp_pile
        r = pygame.Rect(0, 0, *lay.card)
        r.center = (int(px), int(py))
        return r

    def empty_piles(self) -> list[int]:
        deal = self.host.shown
        return [
            s
            for s in (0, 1)
            if not self.cards_near(
                self.host.layout.my_pile if s == self.host.me else self.host.layout.opp_pile, deal.piles[s]
            )
        ]

    def draw_trail_warning(self, surface: pygame.Surface, card: int) -> None:
        """In ``book`` claims: trailing this card breaks a priority, and the opponent may claim."""
        text = t("story.trail.claimable", card=card_text(card))
        img = self.host.text.get(text, self.host.font_size(0.02), WARN, shadow=True, suits=self.host.suits())
        cloth = self.host.layout.table
        surface.blit(img, img.get_rect(midtop=(cloth.centerx, cloth.top - 2)))

    def cards_near(self, point: tuple[float, float], among: int) -> int:
        """How many of ``among`` (a mask; -1 for any card) have landed on ``point``: the counts under the
        piles and the stock follow the flying cards, not the engine, which is already ahead."""
        cw, ch = self.host.layout.card
        x, y = point
        return sum(
            1
            for c, s in self.host.sprites.items()
            if among >> c & 1 and abs(s.x - x) < cw * 0.6 and abs(s.y - y) < ch * 0.3
        )

    def draw_score(self, surface: pygame.Surface) -> None:
        """The score plaque, drawn once per score and turn and blitted whole (``ComposedPlaque``); a
        demo's word goes under it."""
        lay = self.host.layout
        deal = self.host.shown
        done = self.host.match.deals_done
        names = tuple(self.host.player_name(s) for s in (0, 1))
        # What the plaque's size and words follow, cheap to gather: the rest is worked out once per it.
        state = (
            len(self.host.match.moves), id(deal), len(done), deal.dealer, tuple(deal.piles),
            tuple(deal.uragans),
            self.host.turn_seat(), tuple(lay.score), lay.size, names, get_language(),
            self.host.app.settings.four_colour, tuple(self.host.humans),
        )
        rect = self._remembered("score_rect", state, self.score_rect)
        key = self._remembered("score_key", state, lambda: self.score_key(names, rect))
        plaque = self._score_plaque
        felt = self.host._felt
        shown = plaque.shown(key, felt)
        if shown is None:
            if felt is None:  # no cloth yet (still warming): drawn in place
                self._draw_score(surface, rect)
            else:
                image = plaque.compose(
                    key,
                    rect,
                    felt,
                    self.host.text,
                    lambda target, dx, dy: self._draw_score(target, rect.move(dx, dy)),
                )
                shown = image, rect
        if shown is not None:
            surface.blit(*shown)
        if self.host.demo:
            small = self.host.font_size(0.019)
            y = rect.bottom + 6
            lay = self.host.layout
            stock_top = lay.stock[1] - lay.card[1] // 2 - 12  # (its pile leans up and left)
            lines = [self.host.text.get(line, small, (220, 210, 180), "italic", shadow=True)
                     for line in self.demo_lines(rect)]  # clear of the log's glance
            # The plaque may grow past the room the layout left (uragan points pending at a larger text
            # size): the demonstration's word then gives way, whole, rather than cover the stock.
            if y + sum(d.get_height() for d in lines) <= stock_top:
                for d in lines:
                    surface.blit(d, d.get_rect(topleft=(rect.x + 8, y)))
                    y += d.get_height()

    def on_cloth(self, rect: pygame.Rect) -> pygame.Rect:
        """A count's words kept clear of the rail (a larger text size, under a pile at the cloth's edge)."""
        size = self.host.layout.size
        edge = text_edge(size)
        return rect.clamp(pygame.Rect(edge, edge, size[0] - 2 * edge, size[1] - 2 * edge))

    def demo_lines(self, rect: pygame.Rect) -> list[str]:
        """The demonstration's word under the score plaque, wrapped to its width (a larger text size)."""
        size = self.host.font_size(0.019)
        return self.host.text.wrap(t("table.demo"), size, max(rect.width - 8, 1), "italic")

    def score_key(self, names: tuple[str, ...], rect: pygame.Rect) -> tuple[Any, ...]:
        """Everything the score plaque shows (its image is composed again when this changes)."""
        lay = self.host.layout
        scores = self.host.match.score()
        deal = self.host.shown
        return (
            tuple(rect),
            lay.size,
            t("uragan.score.title", target=self.host.match.options.target),
            tuple(int(v) for v in scores),
            names,
            tuple(self.host.humans),
            deal.dealer,
            tuple(deal.piles),
            tuple(self.pending_uragans(s) for s in (0, 1)),
            t("uragan.claims." + self.host.match.options.claims),
            self.deal_index(),
            self.host.app.settings.four_colour,
            t("table.deal_number", n=0),
            self.host.turn_seat(),
        )

    def _draw_score(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(self.host._plaque(rect.size), rect)
        fs = self.host.font_size(0.024)
        small = self.host.font_size(0.019)
        x, y = rect.x + 14, rect.y + 10
        nx = rect.x + self.name_inset()  # the names, with room left of them for the turn mark
        words = t("uragan.score.title", target=self.host.match.options.target)
        title = self.host.text.get(words, small, BRASS_LIGHT)
        surface.blit(title, (x, y))
        y += title.get_height() + 6
        scores = self.host.match.score()
        for s in (self.host.opp(), self.host.me):
            size, lines, inline = self.score_name(s, rect)
            turn = s == self.host.turn_seat()
            colour = BRASS_LIGHT if turn else IVORY
            imgs = [self.host.text.get(line, size, colour) for line in lines]
            img = imgs[-1]
            first = y
            for line_img in imgs[:-1]:
                surface.blit(line_img, (nx, y))
                y += line_img.get_height()
            surface.blit(img, (nx, y))
            if turn:
                self.host.draw_turn_mark(surface, imgs[0].get_rect(topleft=(nx, first)), room=nx - rect.x)
            pts = self.host.text.get(str(int(scores[s])), fs, BRASS_LIGHT, "bold")
            surface.blit(pts, (rect.right - 14 - pts.get_width(), first))
            mark_at = (nx + img.get_width() + 8, y + img.get_height()) if inline else None
            y += img.get_height() + 1
            if self.host.app.text.scale != 1.0:  # a name made smaller: its line under the points, not beside
                y = max(y, first + pts.get_height())
            pile = self.host.shown.piles[s]
            line = t(
                "uragan.score.pile",
                cards=plural(C.count(pile), "uragan.n_cards"),
                hearts=C.count(pile & C.SUIT_MASK[C.HEARTS]),
            )
            u = self.host.text.get(line, self.host.font_size(0.017), (205, 195, 165), suits=self.host.suits())
            surface.blit(u, (nx + 6, y))
            y += u.get_height() + 2
            if s == self.host.shown.dealer:  # after the name when it fits there, else on a line of its own
                if mark_at is None:
                    y += self.mark_height()
                self.draw_dealer_mark(surface, s, mark_at or (nx + 6, y))
            pending = self.pending_uragans(s)
            if pending:  # the uragan's point, plainly, until the deal is scored and the book counts it
                size, lines = self.pending_lines(s, rect)
                for line in lines:
                    p = self.host.text.get(line, size, BRASS_LIGHT, "bold")
                    surface.blit(p, (nx + 6, y))
                    y += p.get_height()
            y += 4
        n = self.deal_index() + 1
        y = rect.bottom - 8
        for line in self.feet(n):
            size = self.host.text.fit(line, small, rect.width - 28)[0]
            foot = self.host.text.get(line, size, (200, 190, 160))
            y -= foot.get_height()
            surface.blit(foot, (x, y))

    def dealer_word(self, seat: int) -> str:
        """ "deals" / "you deal" (never "Вы сдаёт")."""
        you = seat in self.host.humans and self.host.player_name(seat) == default_name(0)  # "Вы": "сдаёте"
        return t("table.you_deal") if you else t("table.dealer_mark")

    def mark_height(self) -> int:
        return self.host.text.font(self.host.font_size(0.019), "italic").get_height()

    def dealer_mark_px(self, seat: int) -> int:
        r = max(4, self.host.font_size(0.019) // 3)
        font = self.host.text.font(self.host.font_size(0.019), "italic")
        return 2 * r + 13 + font.size(self.dealer_word(seat))[0]

    def draw_dealer_mark(self, surface: pygame.Surface, seat: int, bottomleft: tuple[int, int]) -> None:
        """A brass chip and the dealer's word, its baseline at ``bottomleft``."""
        small = self.host.font_size(0.019)
        r = max(4, small // 3)
        mark = self.host.text.get(self.dealer_word(seat), small, (205, 195, 165), "italic")
        x, bottom = bottomleft
        cx, cy = x + r, bottom - mark.get_height() // 2 - 1
        shapes.circle(surface, BRASS, (cx, cy), r)
        shapes.circle(surface, BRASS_LIGHT, (cx, cy), r, width=1)
        surface.blit(mark, (cx + r + 5, bottom - mark.get_height() - 2))

    def score_name(self, seat: int, rect: pygame.Rect) -> tuple[int, list[str], bool]:
        """A seat's name on the score plaque: its size, its lines, and whether the dealer's mark follows
        it on its line (else it follows the pile line under it). Whole, smaller, then on two lines."""
        fs = self.host.font_size(0.024)
        name = self.host.player_name(seat)
        points = str(int(self.host.match.score()[seat]))  # 986 late in a match to 999: wider than 88
        bold = self.host.text.font(fs, "bold")
        room = rect.width - self.name_inset() - 14 - max(bold.size("88")[0], bold.size(points)[0]) - 8
        mark = self.dealer_mark_px(seat) if seat == self.host.shown.dealer else 0
        size, lines = self.host.text.fit_name(name, fs, room - mark)
        if lines == [name] and size >= fs * 0.85:  # (whole: a name cut short takes two lines first)
            return size, lines, bool(mark)
        size, lines = self.host.text.fit_name(name, fs, room, lines=1 if self.squeeze else 2)
        return size, lines, False

    def pending_lines(self, seat: int, rect: pygame.Rect) -> tuple[int, list[str]]:
        """ "+1 pending (uragan)": bold, as large as the plaque's width allows, on two lines if it must."""
        words = t("story.pending.line", n=self.pending_uragans(seat))
        width = rect.width - self.name_inset() - 16
        lines = 1 if self.squeeze >= 2 else 2
        return self.host.text.fit(words, self.host.font_size(0.018), width, "bold", lines=lines)

    def name_inset(self) -> int:
        """The names' distance from the score plaque's left edge: room for the turn mark as large as
        the name it points at (it grows with the text: a fixed margin left it tiny in a large window)."""
        name_h = self.host.text.font(self.host.font_size(0.024)).get_height()
        return max(14, int(name_h * 2 // 3 * 0.8) + 6 + 8)

    def score_rect(self) -> pygame.Rect:
        """The score plaque: the layout's, a line taller for each seat with an uragan point pending or a
        name on two lines."""
        rect = self.host.layout.score.copy()
        text = self.host.text
        small = self.host.font_size(0.019)
        feet = (t("uragan.claims." + self.host.match.options.claims), t("table.deal_number", n=88))
        widest = max(text.font(small).size(line)[0] for line in feet) + 28  # (larger text: a wider plaque)
        rect.width = max(rect.width, min(widest, self.host.layout.opp_hand.left - rect.x - 12))
        self.squeeze = 0
        rect.height = max(rect.height, self.content_height(rect))
        lay = self.host.layout
        stock_top = lay.stock[1] - lay.card[1] // 2 - 12  # (the stock's pile leans up and left)
        if self.host.demo:
            stock_top -= self.host.text.font(self.host.font_size(0.019), "italic").get_height() + 6
        while rect.bottom > stock_top and self.host.app.text.scale != 1.0 and self.squeeze < 2:
            self.squeeze += 1
            rect.height = max(self.host.layout.score.height, self.content_height(rect))
        return rect

    def feet(self, n: int) -> tuple[str, ...]:
        """The plaque's last lines: the claims rule (unless squeezed out) and the deal's number."""
        deal = t("table.deal_number", n=n)
        return (deal,) if self.squeeze >= 2 else (t("uragan.claims." + self.host.match.options.claims), deal)

    def content_height(self, rect: pygame.Rect) -> int:
        """The score plaque's height for what it says (its title, each seat's lines, its foot)."""
        text = self.host.text
        small = self.host.font_size(0.019)
        need = 10 + text.font(small).get_height() + 6 + len(self.feet(1)) * text.font(small).get_height() + 8
        for s in (0, 1):
            if self.pending_uragans(s):
                size, lines = self.pending_lines(s, rect)
                need += len(lines) * text.font(size, "bold").get_height()
            size, lines, inline = self.score_name(s, rect)
            name_h = len(lines) * text.font(size).get_height() + 1
            if self.host.app.text.scale != 1.0:
                name_h = max(name_h, text.font(self.host.font_size(0.024), "bold").get_height())
            need += name_h
            need += text.font(self.host.font_size(0.017)).get_height() + 2 + 4
            if s == self.host.shown.dealer and not inline:
                need += self.mark_height()
        return need

    def pending_uragans(self, seat: int) -> int:
        """Uragans made this deal whose point the score does not yet count (until the deal is scored)."""
        deal = self.host.shown
        return 0 if finished_index(self.host.match, deal) is not None else deal.uragans[seat]

    def deal_index(self) -> int:
        """The shown deal's index in the match (from 0): a finished one's, else the deal being played's."""
        k = finished_index(self.host.match, self.host.shown)
        return len(self.host.match.deals_done) if k is None else k

    def last_play_box(self) -> tuple[pygame.Rect, str] | None:
        """Where the last play is marked until the next one: the trailed card, or the pile that took
        (with the face-up uragan cards fanned beside it: the outline goes round them, never across)."""
        deal = self.host.shown
        if not deal.plays or deal.pending is not None or self.host.busy() or deal.is_over():
            return None
        rec = deal.plays[-1]
        size = self.host.images.size
        if not rec.take:
            s = self.host.sprites.get(rec.card)
            if s is None or not deal.table >> rec.card & 1:
                return None
            return s.rect(size).inflate(12, 12), "card"
        px, py = self.host.layout.my_pile if rec.seat == self.host.me else self.host.layout.opp_pile
        box = pygame.Rect(0, 0, size[0] + 14, size[1] + 14)
        box.center = (int(px + size[0] * 0.15 - 4), int(py - 4))
        for mark in deal.marks:
            sprite = self.host.sprites.get(mark.card)
            if deal.piles[rec.seat] >> mark.card & 1 and sprite is not None and sprite.visible:
                box.union_ip(sprite.lying_rect(size).inflate(14, 14))
        return box, "pile"

    def last_play_tag(self, box: pygame.Rect, where: str, tag: tuple[int, int]) -> pygame.Rect:
        """Where the "last play" tag (``tag``: its size) goes: above a card played; beside a pile, else
        above it, else under its count, wherever it first covers no card and no button (the pile's
        count lies under the pile, the buttons above the top one)."""
        rect = pygame.Rect((0, 0), tag)
        if where != "pile":
            rect.midbottom = (box.centerx, box.top - 1)
            return rect
        w, h = self.host.layout.size
        cards = [s.lying_rect(self.host.images.size) for s in self.host.sprites.values() if s.visible]
        buttons = [b.rect for b in self.host.buttons]
        count_h = 2 * self.host.text.font(self.host.font_size(0.022)).get_linesize()
        count = pygame.Rect(box.left, box.bottom, box.width, count_h)  # the count, the game number
        window = pygame.Rect(0, 0, w, h).inflate(-2 * self.host.layout.inset, -2 * self.host.layout.inset)
        places = [{"midright": (box.left - 4, box.centery)}, {"midbottom": (box.centerx, box.top - 2)},
                  {"midtop": (box.centerx, count.bottom + 2)}]
        for place in places:
            at = rect.copy()
            for name, value in place.items():
                setattr(at, name, value)
            if window.contains(at) and at.collidelist(cards) < 0 and at.collidelist(buttons) < 0 \
                    and not at.colliderect(count):
                return at
        rect.midright = (box.left - 4, box.centery)
        return rect

    def draw_last_play(self, surface: pygame.Surface) -> None:
        found = self.last_play_box()
        if found is None:
            return
        box, where = found
        shapes.rect(surface, BRASS_LIGHT, box, width=3, border_radius=10)
        size = self.host.font_size(0.016)
        tag = self.host.text.get(t("story.last_play"), size, BRASS_LIGHT, "italic", shadow=True)
        surface.blit(tag, self.last_play_tag(box, where, tag.get_size()))

    def last_play_tag_rect(self) -> pygame.Rect | None:
        """Where the "last play" tag is written now (None: not shown)."""
        found = self.last_play_box()
        if found is None or self.host.log.open:
            return None
        tag = self.host.text.get(t("story.last_play"), self.host.font_size(0.016), BRASS_LIGHT, "italic",
                                 shadow=True)
        return self.last_play_tag(found[0], found[1], tag.get_size())

    def draw_overlay(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        if not self.host.log.open:  # (the log's panel covers the cloth: nothing to say under it)
            self.host.draw_last_play(surface)
            self.host.prompts.draw_waiting(surface)
            self.host.prompts.draw_prompt(surface)
        if self.host.banner is not None:
            text, start = self.host.banner
            age = self.host.clock - start
            scale = ease_out_back(min(1.0, age / 0.35))
            img = self.host.text.get(text, self.host.font_size(0.09), BRASS_LIGHT, "bold", shadow=True)
            if scale < 0.999:
                img = pygame.transform.smoothscale_by(img, max(0.05, scale))
            surface.blit(img, img.get_rect(center=lay.table.center))
        if (
            self.host.is_human_turn()
            and self.host.shown.phase == PLAY_PHASE
            and not self.host.busy()
            and self.host.message is None
            and self.host.prompts.choice is None
            and not self.host.log.open
        ):
            # the first deal; a table of people has no undo (nor anything else of the play controller)
            how_key = "uragan.how_to_play" if self.host.play is not None else "uragan.how_to_play.no_undo"
            how = t(how_key) if not self.host.match.deals_done else None
            floor = int(lay.my_hand.top - lay.card[1] * 0.22)  # the top of a raised card of your hand
            colours = ((220, 210, 180), (190, 180, 150))
            self.host.draw_turn_hint(surface, t("table.your_turn"), how, floor, colours)
