"""The Uragan move log: every play of the deal in words (both seats: the card, what it took, trails,
uragans, claims and how they ended), the last few at a glance in the left column, all of them in a
panel that L or a click on the glance opens; and the claim prompt's sentence saying what the opponent
did. Text comes from the shared ``TextCache`` and wrapped lines are kept, so a steady frame renders
and measures nothing new."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine.uragan.claim import EQUAL
from game.looks.themes import BRASS, BRASS_LIGHT, IVORY
from game.uragan.words import PICK_PHASE, card_text, take_text
from game.widgets.boxes import ComposedPlaque
from game.words import i18n
from game.words.grammar import say
from game.words.i18n import t

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.uragan.claim import Breach
    from engine.uragan.deal import Deal
    from engine.uragan.legal import PlayRecord
    from game.layout import UraganLayout
    from game.widgets.text import TextCache

GLANCE_LINES = 3  # entries shown at a glance


def _first(take: int) -> str:
    return t("story.log.first_take", take=take_text(take)) if take else t("story.log.first_trail")


def entry_text(rec: PlayRecord, name: str) -> str:
    """One play as it stood (a ``PlayRecord``), in words."""
    card = card_text(rec.card)
    if rec.claimed:
        line = t(
            "story.log.claimed", name=name, card=card, first=_first(rec.original), take=take_text(rec.take)
        )
    elif rec.take:
        line = t("story.log.took", name=name, card=card, take=take_text(rec.take))
    else:
        line = t("story.log.trail", name=name, card=card)
    if rec.broke and not rec.claimed:
        line = t("story.log.let_stand", line=line)
    if rec.uragan:
        line = t("story.log.uragan", line=line)
    return line


def log_entries(deal: Deal, name_of: Callable[[int], str]) -> list[tuple[int, str]]:
    """(seat, words) for every play of ``deal``, a play awaiting a claim's answer last."""
    out = [(rec.seat, entry_text(rec, name_of(rec.seat))) for rec in deal.plays]
    b = deal.pending
    if b is not None and not deal.is_over():
        seat = deal.turn
        key = "story.log.picking" if deal.phase == PICK_PHASE else "story.log.pending"
        out.append((seat, t(key, name=name_of(seat), card=card_text(b.card), first=_first(b.take))))
    if deal.is_over() and deal.remainder and deal.remainder[0] >= 0 and deal.remainder[1]:
        seat, rest = deal.remainder
        out.append((seat, t("story.log.remainder", name=name_of(seat), take=take_text(rest))))
    return out


def _the(take: int) -> str:
    return t("story.the", card=take_text(take))


def claim_question(b: Breach, name: str, form: str = "n") -> str:
    """What the opponent did and what a claim would demand: "Svetlana trailed the 3♦ while the 3♣ lay
    on the table; claim that the 3♦ must take the 3♣?" (``b``: the pending ``Breach``; ``form``: the
    offender's grammatical form, ``game.words.grammar``)."""
    if b.kind == EQUAL:
        lying = t("story.claim.or").join(_the(tk) for tk in b.demanded)
        demand = lying
    else:
        lying = t("story.claim.or").join(take_text(tk) for tk in b.demanded)
        demand = (
            _the(b.demanded[0])
            if len(b.demanded) == 1
            else t("story.claim.one_of", options=" / ".join(take_text(tk) for tk in b.demanded))
        )
    card = card_text(b.card)
    if b.take:
        return say(
            "story.claim.take", form, name=name, card=card, take=take_text(b.take), lying=lying, demand=demand
        )
    return say("story.claim.trail", form, name=name, card=card, lying=lying, demand=demand)


class LogHost(Protocol):
    """What the log reads from its table: the deal on the cloth, the places, the text and the score's plaque
    (the glance lies under it)."""

    @property
    def layout(self) -> UraganLayout: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def me(self) -> int: ...
    @property
    def _felt(self) -> pygame.Surface | None: ...
    def font_size(self, share: float) -> int: ...
    def player_name(self, seat: int) -> str: ...
    def suits(self) -> Any: ...
    def score_rect(self) -> pygame.Rect: ...
    def _plaque(self, size: tuple[int, int]) -> pygame.Surface: ...


Rows = list[tuple[int, list[str]]]
PanelLayout = tuple[int, int, list[list[int]], Rows]


class UraganLog:
    """The move log of ``UraganTable``: whether its panel is open, and the lines it keeps wrapped."""

    def __init__(self, host: LogHost) -> None:
        self.host = host
        self.open = False  # the whole log over the table (L, or a click on its glance)
        self._wraps: dict[tuple[str, int, int], list[str]] = {}
        self._lines: tuple[Any, list[tuple[int, str]]] | None = None
        self._rows: tuple[Any, Rows] | None = None
        self._layout: tuple[Any, PanelLayout] | None = None
        self._glance_plaque = ComposedPlaque()
        self._panel: pygame.Surface | None = None

    def wrapped(self, text: str, size: int, width: int) -> list[str]:
        if len(self._wraps) > 400:
            self._wraps = {}
        key = (text, size, width)
        if key not in self._wraps:
            self._wraps[key] = self.host.text.wrap(text, size, width)
        return self._wraps[key]

    def lines(self) -> list[tuple[int, str]]:
        deal = self.host.shown
        key = (id(deal), len(deal.plays), deal.phase, deal.pending, i18n.get_language())
        if self._lines is None or self._lines[0] != key:
            self._lines = (key, log_entries(deal, self.host.player_name))
        return self._lines[1]

    def glance_rect(self) -> pygame.Rect:
        """The last moves at a glance: the left column, under the stock's label down to the rail."""
        lay = self.host.layout
        cw, ch = lay.card
        top = int(lay.stock[1] + ch * 0.56 + self.host.font_size(0.022) * 1.6)
        width = max(lay.score.width, int(cw * 1.6))
        bottom = lay.size[1] - lay.inset
        return pygame.Rect(lay.inset, top, width, bottom - top)

    def panel_rect(self) -> pygame.Rect:
        """The whole log, opened over the cloth between the hands (the table cards and any prompt)."""
        lay = self.host.layout
        w, h = lay.size
        side = self.glance_rect().right + 8  # clear of the left column (and, alike, of the right)
        width = min(max(int(min(w * 0.6, h * 1.1)), lay.table.width), w - 2 * side)
        top = lay.opp_hand.bottom + 6
        score = self.host.score_rect()
        if w // 2 - width // 2 < score.right + 8:
            top = max(top, score.bottom + 8)
        rect = pygame.Rect(0, 0, width, lay.my_hand.top - 6 - top)
        rect.midtop = (w // 2, top)
        return rect

    def glance_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The boxes the glance draws (for the layout checker): the plaque and nothing else."""
        return [("uragan.log.glance", self.glance_box())]

    def glance_box(self) -> pygame.Rect:
        area = self.glance_rect()
        text, fs = self.host.text, self.host.font_size(0.017)
        rows = self._glance_rows(area.width - 20, fs)
        title_lines = len(self.title_lines(area.width - 20))
        title_h = title_lines * text.font(self.host.font_size(0.019)).get_linesize()
        foot_fs, foot = self.foot(area.width - 20, fs)
        foot_h = len(foot) * text.font(foot_fs, "italic").get_linesize()
        body = sum(len(lines) for _, lines in rows) * text.font(fs).get_linesize()
        height = min(area.height, 16 + title_h + 4 + body + 6 + foot_h)
        return pygame.Rect(area.x, area.bottom - height, area.width, height)

    def title_lines(self, width: int) -> list[str]:
        """"Last moves" over the glance: on two lines where a larger text size leaves it no room."""
        return self.host.text.wrap(t("story.log.glance"), self.host.font_size(0.019), max(width, 1))

    def foot(self, width: int, fs: int) -> tuple[int, list[str]]:
        """ "L or a click: every move", as large as the glance's width holds, on two lines if it must."""
        return self.host.text.fit(t("story.log.open"), fs, width, "italic", lines=2)

    def _glance_rows(self, width: int, fs: int) -> Rows:
        entries = self.lines()[-GLANCE_LINES:] or [(-1, t("story.log.empty"))]
        key = (tuple(entries), width, fs)
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, [(seat, self.wrapped(text, fs, width)) for seat, text in entries])
        return self._rows[1]

    def draw_glance(self, surface: pygame.Surface) -> None:
        """The glance, composed once per what it says and blitted whole (``ComposedPlaque``)."""
        box = self.glance_box()
        if box.height < 40:
            return
        host = self.host
        felt = host._felt
        if felt is None:  # no cloth yet (still warming): drawn in place
            self._draw_glance(surface, box)
            return
        fs = host.font_size(0.017)
        rows = self._glance_rows(box.width - 20, fs)
        key = (tuple(box), tuple((seat, tuple(lines)) for seat, lines in rows), host.me, host.suits(),
               i18n.get_language())
        shown = self._glance_plaque.shown(key, felt)
        if shown is None:
            def draw(target: pygame.Surface, dx: int, dy: int) -> None:
                self._draw_glance(target, box.move(dx, dy))

            image = self._glance_plaque.compose(key, box, felt, host.text, draw)
            shown = image, box
        surface.blit(*shown)

    def _draw_glance(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        host, text = self.host, self.host.text
        surface.blit(host._plaque(box.size), box)
        fs = host.font_size(0.017)
        x, y = box.x + 10, box.y + 8
        for line in self.title_lines(box.width - 20):
            title = text.get(line, host.font_size(0.019), BRASS_LIGHT)
            surface.blit(title, (x, y))
            y += title.get_height()
        y += 4
        rows = self._glance_rows(box.width - 20, fs)
        foot_fs, foot = self.foot(box.width - 20, fs)
        foot_top = box.bottom - 6 - len(foot) * text.font(foot_fs, "italic").get_linesize()
        for seat, lines in rows:
            colour = IVORY if seat == host.me else (205, 195, 165) if seat < 0 else (255, 214, 160)
            for line in lines:
                img = text.get(line, fs, colour, suits=host.suits())
                if y + img.get_height() > foot_top:
                    break
                surface.blit(img, (x, y))
                y += img.get_height()
        for line in foot:
            img = text.get(line, foot_fs, (190, 180, 150), "italic")
            surface.blit(img, (x, foot_top))
            foot_top += text.font(foot_fs, "italic").get_linesize()

    def _solid_panel(self, size: tuple[int, int]) -> pygame.Surface:
        from game.widgets.felt import panel

        if self._panel is None or self._panel.get_size() != size:
            self._panel = panel(size, 255)
        return self._panel

    def toggle(self) -> None:
        self.open = not self.open

    def event(self, event: pygame.event.Event) -> bool:
        """While the log is open it has every click and key: any of them closes it (L toggles)."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.open = False
            return True
        return bool(event.type == pygame.MOUSEBUTTONDOWN)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the glance opens the whole log."""
        if self.glance_box().collidepoint(pos):
            self.open = True
            return True
        return False

    def draw_panel(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        host, text = self.host, self.host.text
        rect = self.panel_rect()
        surface.blit(self._solid_panel(rect.size), rect)
        fs = host.font_size(0.02)
        title = text.get(t("story.log.title"), host.font_size(0.026), BRASS_LIGHT, "bold")
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 10)))
        foot = text.get(t("story.log.close"), host.font_size(0.017), (190, 180, 150), "italic")
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - 8)))
        top = rect.y + 16 + title.get_height()
        bottom = rect.bottom - 12 - foot.get_height()
        line_h = text.font(fs).get_linesize()
        entries = self.lines()
        if not entries:
            img = text.get(t("story.log.empty"), fs, (205, 195, 165), "italic")
            surface.blit(img, img.get_rect(midtop=(rect.centerx, top)))
            return
        num_w, col_w, columns, rows = self.panel_layout(entries, fs, rect.width, (bottom - top) // line_h)
        for col, indices in enumerate(columns):
            x, y = rect.x + 15 + col * (col_w + 20), top
            for i in indices:
                seat, lines = rows[i]
                surface.blit(text.get(f"{i + 1}.", fs, BRASS), (x, y))
                colour = IVORY if seat == host.me else (255, 214, 160)
                for line in lines:
                    surface.blit(text.get(line, fs, colour, suits=host.suits()), (x + num_w, y))
                    y += line_h

    def panel_layout(self, entries: list[tuple[int, str]], fs: int, width: int, per_col: int) -> PanelLayout:
        """The panel's columns: one if every move fits, else two; when even two cannot hold them all,
        the oldest moves drop out first (the newest always show). Kept per state (no work per frame)."""
        key = (tuple(entries), fs, width, per_col)
        if self._layout is not None and self._layout[0] == key:
            return self._layout[1]
        text = self.host.text
        num_w = text.font(fs).size(f"{len(entries)}.")[0] + max(8, fs // 2)  # the numbers' column
        result: PanelLayout | None = None
        for cols in (1, 2):
            col_w = (width - 30 - (cols - 1) * 20) // cols
            rows = [(seat, text.wrap(words, fs, col_w - num_w)) for seat, words in entries]
            for start in range(len(rows)):
                columns: list[list[int]] = [[]]
                used = 0
                for i in range(start, len(rows)):
                    n = len(rows[i][1])
                    if used + n > per_col and columns[-1]:
                        columns.append([])
                        used = 0
                    columns[-1].append(i)
                    used += n
                if len(columns) <= cols:
                    if start == 0 or cols == 2:
                        result = (num_w, col_w, columns, rows)
                    break
            if result is not None:
                break
        if result is None:  # not even the newest move fits: show it alone
            result = (num_w, width - 30, [[len(entries) - 1]], [(s_, [t_]) for s_, t_ in entries])
        self._layout = (key, result)
        return result

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        return [("uragan.log.panel", self.panel_rect())] if self.open else []
