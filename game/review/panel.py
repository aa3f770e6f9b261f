"""The coach's panel beside the replayed table: the summary, the decisions as marks, the verdict at hand.

A part of the viewer (``ReviewPanel``, reading the viewer through ``PanelHost``): it lays its buttons
out in the right part of the window (◂ ▸, the previous and next judged decision, Stop, a seat to
review, Close) and draws the rest with the shared ``TextCache`` (a steady frame renders nothing new).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from game.looks.themes import BRASS, BRASS_LIGHT, IVORY, WARN
from game.review.words import chance_lost, cost_lost, explanation, mark_line, move_words
from game.widgets import shapes
from game.widgets.buttons import Button
from game.widgets.felt import panel
from game.words import i18n
from game.words.i18n import t
from game.words.names import shown_name

if TYPE_CHECKING:
    from game.app import App
    from game.review.control import ReplayControl
    from game.review.line_show import LineShow
    from game.review.model import Replay
    from game.widgets.boxes import Box
    from game.widgets.table import TableScene
    from game.widgets.text import TextCache

PANEL_SHARE = 0.3  # of the window's width (at 100 %; wider with a larger text size: ``panel_width``)
Line = tuple[str, int, tuple[int, int, int], str]  # (text, size, colour, style)
GRADE_COLOURS = {"best": (120, 200, 120), "good": (170, 215, 140), "inaccuracy": (235, 190, 80),
                 "mistake": WARN, "nodiff": (170, 175, 165)}  # nodiff: a decided deal, where no move mattered
UNJUDGED = (110, 100, 80)
DIM = (200, 190, 160)


def decided_words() -> str:
    """The decided deal's line, from the coach's own words module when it has one."""
    from game.words import i18n

    try:
        from engine.review.why import decided_why

        text = decided_why().get(i18n.get_language())
    except Exception:  # an engine without it: the app's own sentence
        text = None
    return text or t("review.decided")


def panel_width(size: tuple[int, int], scale: float = 1.0) -> int:
    """The panel's width in a window of ``size`` at text size ``scale``: its words grow with the size,
    the panel by less (the table beside it keeps the most of the window)."""
    return max(300, int(size[0] * PANEL_SHARE * (1 + 0.4 * (scale - 1))))


class PanelHost(Protocol):
    """What the panel reads of the viewer, and what its buttons ask of it."""

    app: App
    control: ReplayControl
    line: LineShow

    @property
    def table(self) -> TableScene: ...

    def close(self) -> None: ...

    def goto(self, index: int, animate: bool = True) -> None: ...

    def step_by(self, delta: int) -> None: ...

    def to_decision(self, direction: int) -> None: ...

    def toggle_line(self) -> None: ...

    def stop_review(self) -> None: ...

    def start_review(self, seat: int | None = None) -> None: ...

    def practice_mistakes(self) -> list[dict[str, Any]]: ...

    def practise(self) -> None: ...


class ReviewPanel:
    """Drawing and buttons of the coach's panel, and what it keeps between frames."""

    def __init__(self, host: PanelHost) -> None:
        self.host = host
        self.nav_top = 0  # the top of the navigation buttons (the verdict's lines end above them)
        self.header_at = 0  # the header's bottom when the buttons were laid out
        self.buttons_bottom = 0  # below the Stop button or the seats: the decisions' marks start here
        self.laid_out = False
        self.cache: tuple[Any, pygame.Surface] | None = None  # (panel_key, the composed panel)
        self.words: list[pygame.Rect] = []  # where compose_panel wrote (in the panel), for the boxes
        self.marks_at: tuple[Any, MarkGrid] | None = None  # (its key, mark_rects)

    @property
    def app(self) -> App:
        return self.host.app

    @property
    def text(self) -> TextCache:
        return self.host.table.text

    @property
    def replay(self) -> Replay:
        return self.host.control.replay

    @property
    def index(self) -> int:
        return self.host.control.index

    # --- geometry ----------------------------------------------------------------------------------

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw = panel_width((w, h), self.text_scale)
        return pygame.Rect(w - pw, 0, pw, h)

    @property
    def text_scale(self) -> float:
        """The player's text size (the panel draws with the tables' cache, which adds none: its sizes
        are asked in pixels, already at this size)."""
        return getattr(getattr(self.app, "text", None), "scale", 1.0)

    def px(self, least: int, share: float) -> int:
        """A font size: ``share`` of the window's height (at least ``least``), at the text size."""
        return round(max(least, int(self.app.size[1] * share)) * self.text_scale)

    def panel_pad(self) -> int:
        return max(12, self.app.size[1] // 50)

    def panel_fonts(self) -> tuple[int, int, int]:
        """(text, small, title) sizes in pixels, at the player's text size."""
        return self.px(13, 0.024), self.px(12, 0.019), self.px(16, 0.032)

    def keys_lines(self, width: int) -> list[str]:
        """The keys' reminder under the verdict, wrapped to the panel's width."""
        return self.text.wrap(t("review.keys"), self.px(12, 0.015), width, "italic")

    def notice_lines(self, width: int, short: bool = False) -> list[Line]:
        """The app's notice (a record saved, a text size that does not fit), told in the panel's own
        strip above the keys rather than over the cards: all of it, or (``short``, or when all of it
        would take more than three lines) its first line."""
        from game.widgets.toast import short_form

        notice = getattr(self.app, "toast", None)
        if notice is None:
            return []
        fs = self.panel_fonts()[0]
        colour = WARN if notice[2] == "warn" else IVORY
        lines = [] if short else self.text.wrap(notice[0], fs, width)
        if short or len(lines) > 3:
            lines = self.text.wrap(short_form(notice[0]), fs, width)
        return [(line, fs, colour, "regular") for line in lines]

    def lines_height(self, lines: list[Any]) -> int:
        return sum(self.text.font(fsize, style).get_linesize() for _, fsize, _, style in lines)

    def below_verdict(self, room: int, verdict: int, width: int) -> tuple[list[Line], list[pygame.Surface]]:
        """What goes under the verdict's ``verdict`` pixels in ``room``: (the notice's lines, the keys'
        lines). The verdict first; then the notice, whole or its first line; the keys' reminder only
        where there is room left (a notice takes its place on a full panel)."""
        pad = self.panel_pad()
        keys = [self.text.get(line, self.px(12, 0.015), DIM, "italic") for line in self.keys_lines(width)]
        keys_h = sum(k.get_height() for k in keys) + pad // 2
        notice = self.notice_lines(width - pad)
        if not notice:  # the keys' reminder only where the verdict leaves room for it
            return [], keys if verdict + keys_h <= room else []
        short = self.notice_lines(width - pad, short=True)
        for told, shown in ((notice, keys), (short, keys), (notice, []), (short, [])):
            if verdict + self.lines_height(told) + pad + pad // 2 + (keys_h if shown else 0) <= room:
                return told, shown
        return short, []

    def button_height(self) -> int:
        label = self.text.font(self.panel_fonts()[0]).get_linesize() + 14
        return max(32, int(self.app.size[1] * 0.052), label)

    # --- buttons -----------------------------------------------------------------------------------

    def panel_buttons(self) -> list[Button]:
        rect = self.panel_rect()
        pad = self.panel_pad()
        bh = self.button_height()
        inner = rect.width - 2 * pad
        x0 = rect.x + pad
        gap = 8
        half = (inner - gap) // 2
        y = rect.bottom - pad - bh
        close = Button("close", t("review.close"), pygame.Rect(x0, y, inner, bh), self.host.close)
        y -= bh + gap
        prev_d = Button("prev_decision", t("review.prev_decision"), pygame.Rect(x0, y, half, bh),
                        lambda: self.host.to_decision(-1))
        next_d = Button("next_decision", t("review.next_decision"), pygame.Rect(x0 + half + gap, y, half, bh),
                        lambda: self.host.to_decision(1))
        y -= bh + gap
        prev = Button("prev", "◂", pygame.Rect(x0, y, half, bh), lambda: self.host.step_by(-1))
        nxt = Button("next", "▸", pygame.Rect(x0 + half + gap, y, half, bh), lambda: self.host.step_by(1),
                     accent=True)
        prev.enabled = self.index > 0
        nxt.enabled = self.index < len(self.replay) - 1
        prev_d.enabled = self.replay.next_decision(self.index, -1) is not None
        next_d.enabled = self.replay.next_decision(self.index, 1) is not None
        out = [prev, nxt, prev_d, next_d, close]
        if self.host.practice_mistakes():  # the review is in and has mistakes: practise them (P)
            close.rect.width, close.rect.x = half, x0 + half + gap
            practise = Button("practise", t("practice.start"), pygame.Rect(x0, close.rect.y, half, bh),
                              self.host.practise, pygame.K_p, accent=True)
            practise.text_size = self.text.fit(practise.label, self.panel_fonts()[1], half - 16)[0]
            out.append(practise)
        if self.host.line.showing() or self.host.line.can_show():
            y -= bh + gap
            label = t("review.show_me.back" if self.host.line.showing() else "review.show_me")
            show = Button("show_me", label, pygame.Rect(x0, y, inner, bh), self.host.toggle_line,
                          accent=not self.host.line.showing())
            out.append(show)
        self.nav_top = y
        top = self.header_bottom()
        self.header_at = top  # the buttons below the header are placed again when it grows
        if self.host.control.review_state == "running":
            stop = Button("stop", t("review.stop"), pygame.Rect(x0, top, inner, bh), self.host.stop_review)
            out.append(stop)
            top += bh + gap
        elif self.seat_choice():
            n = len(self.replay.players)
            names = [shown_name(self.replay.players[s]) or f"#{s + 1}" for s in range(n)]
            size = self.panel_fonts()[1]
            cols = 2 if n > 2 else n
            if cols > 1 and any(len(self.text.fit(x, size, (inner - gap) // 2 - 16)[1]) > 1 for x in names):
                cols = 1  # long names: one seat a row
            bw = (inner - gap * (cols - 1)) // cols
            for s in range(n):
                r, c = divmod(s, cols)
                fitted, seat_name = self.text.fit_name(names[s], size, bw - 16)
                b = Button(f"seat{s}", seat_name[0],
                           pygame.Rect(x0 + c * (bw + gap), top + r * (bh + gap), bw, bh),
                           self.review_seat(s))
                b.text_size = fitted
                out.append(b)
            top += ((n + cols - 1) // cols) * (bh + gap)
        self.buttons_bottom = top
        self.laid_out = True
        return out

    def review_seat(self, seat: int) -> Callable[[], None]:
        """A seat button's action: review that seat's decisions."""
        return lambda: self.host.start_review(seat)

    def seat_choice(self) -> bool:
        """Seat buttons: an opened record before its review, or after one (to review another seat)."""
        control = self.host.control
        return control.choose_seat or (control.any_seat and control.review_state != "running")

    # --- the text ----------------------------------------------------------------------------------

    def header_lines(self) -> list[Line]:
        """(text, size, colour, style) lines heading the panel: title, summary, review state."""
        fs, small, big = self.panel_fonts()
        name = shown_name(self.replay.players[self.replay.seat]) if self.replay.players else ""
        s = self.replay.summary()
        lines = [(t("review.title", name=name), big, BRASS_LIGHT, "bold")]
        number = getattr(self.host.table, "number_in_panel", lambda: False)()
        if number and self.host.table.deal_number_text():  # (no room for it on the narrower cloth)
            lines.append((self.host.table.deal_number_text(), small, DIM, "italic"))
        if self.host.control.choose_seat:
            lines.append((t("review.choose_seat"), fs, IVORY, "regular"))
            return lines
        lines.append((t("review.judged", n=s["judged"], of=s["decisions"]), fs, IVORY, "regular"))
        lines.append((t("review.mistakes", mistakes=s["mistakes"], inaccuracies=s["inaccuracies"]),
                      fs, IVORY, "regular"))
        if s["cost_lost"] is not None:  # the marks' costs added up, in the game's unit
            lost = cost_lost(s["cost_lost"], s["unit"], minus=False)
        else:  # an older review: the win chance only
            lost = chance_lost(s["lost"], minus=False)
        lines.append((t("review.lost", amount=lost), fs, BRASS_LIGHT, "bold"))
        if s["decided"] and s["judged"]:
            lines.append((decided_words(), fs, GRADE_COLOURS["nodiff"], "italic"))
        state = self.host.control.review_state
        if state == "running":
            lines.append((t("review.running"), small, DIM, "italic"))
        elif state == "stopped":
            lines.append((t("review.stopped"), small, DIM, "italic"))
        elif state == "failed":
            lines.append((t("review.failed", reason=self.host.control.review_error), small, WARN, "italic"))
        return lines

    def panel_wrapped(self, lines: list[Line], width: int) -> list[Any]:
        """Each line a little smaller when that keeps it on one line (so the panel's height does not
        jump as the figures grow), else wrapped."""
        out = []
        for text, size, colour, style in lines:
            shrunk, parts = self.text.fit(text, size, width, style)
            if len(parts) == 1 and shrunk >= size * 0.8:
                out.append((text, shrunk, colour, style))
                continue
            for part in self.text.wrap(text, size, width, style):
                out.append((part, size, colour, style))
        return out

    def header_bottom(self) -> int:
        rect = self.panel_rect()
        pad = self.panel_pad()
        y = rect.y + pad
        for _, size, _, style in self.panel_wrapped(self.header_lines(), rect.width - 2 * pad):
            y += self.text.font(size, style).get_linesize()
        return y + pad // 2

    def step_lines(self) -> list[Line]:
        """Where the replay is, and the verdict on the decision at hand."""
        fs, small, _ = self.panel_fonts()
        step = self.replay.steps[self.index]
        if self.host.line.showing():
            return self.line_lines()
        lines = [(t("review.position", deal=step.deal, k=self.index + 1, n=len(self.replay)), small, DIM,
                  "italic")]
        if step.deal_end:
            lines.append((t("review.deal_end", n=step.deal), fs, IVORY, "regular"))
            return lines
        if step.next_move is None:
            lines.append((t("review.record_end"), fs, IVORY, "regular"))
            return lines
        players = self.replay.players
        mover = shown_name(players[step.mover]) if 0 <= step.mover < len(players) else ""
        lines.append((t("review.to_move", name=mover, move=move_words(self.replay.game, step.next_move)),
                      fs, IVORY, "regular"))
        v = step.verdict
        if v is not None:
            decided = self.replay.is_decided(v.deal)
            mark, name = mark_line(v, self.replay.summary()["unit"], decided)
            lines.append((mark, fs, GRADE_COLOURS[name], "bold"))
            words = explanation(self.replay.game, v, step.shown, decided)
            if words:
                lines.append((words, fs, IVORY, "regular"))
        elif step.mover == self.replay.seat and step.choices > 1:
            key = "review.waiting" if self.host.control.review_state == "running" else "review.not_judged"
            lines.append((t(key), small, DIM, "italic"))
        elif step.mover == self.replay.seat:
            lines.append((t("review.only_move"), small, DIM, "italic"))
        return lines

    def line_lines(self) -> list[Line]:
        """While Show me how plays: how far the line is, the move just made, and at its end what
        the line came to (Uragan's deal played out: the final score difference)."""
        fs, small, _ = self.panel_fonts()
        line = self.host.line.line or []
        at = self.host.line.at
        players = self.replay.players
        lines = [(t("review.show_me.step", k=at, n=len(line)), small, DIM, "italic")]
        assumed = self.replay.line_assumed(self.index)
        if assumed:  # the replies are a guess at the hidden hands, and say so
            lines.append((t("review.show_me.assumed_note"), small, DIM, "italic"))
        made = line[:at]
        card_of = self.replay.own.card_of
        for past in made[-3:]:
            name = shown_name(players[past.mover]) if 0 <= past.mover < len(players) else ""
            colour = GRADE_COLOURS["best"] if past is line[0] else IVORY
            move = move_words(self.replay.game, past.next_move)
            card = card_of(past.next_move)
            if card is not None and card in assumed and past.mover != self.replay.seat:
                held = C.display(card, i18n.get_language())
                lines.append((t("review.show_me.if_held", name=name, card=held, move=move), fs, colour,
                              "regular"))
                continue
            lines.append((t("review.show_me.move", name=name, move=move), fs, colour, "regular"))
        if at >= len(line):
            score = self.replay.line_score(line[-1])
            if score is not None:
                from game.review.words import MINUS, number

                diff = score[0] - score[1]
                sign = "+" if diff > 0 else (MINUS if diff < 0 else "")
                lines.append((t("review.show_me.final", me=score[0], opp=score[1], diff=sign + number(diff)),
                              fs, BRASS_LIGHT, "bold"))
            lines.append((t("review.show_me.end"), small, DIM, "italic"))
        return lines

    # --- the marks: one per decision, coloured by its grade ----------------------------------------

    def mark_rects(self) -> MarkGrid:
        """Where each decision's mark lies (a grid under the header): worked out per mark when asked.
        When the marks would not leave room for the step's lines (a long record has ~11,000), only
        the rows round the step shown are laid out, and the window follows the step."""
        rect = self.panel_rect()
        pad = self.panel_pad()
        r = max(5, self.app.size[1] // 110)
        step = r * 2 + max(3, r // 2)
        per_row = max(1, (rect.width - 2 * pad) // step)
        top = (self.buttons_bottom if self.laid_out else self.header_bottom()) + pad // 2
        decisions = self.replay.decisions()
        total = -(-len(decisions) // per_row)
        fs = self.panel_fonts()[0]
        lines = 6 * self.text.font(fs).get_linesize()  # kept for the step's own lines and the keys
        fit = max(2, ((self.nav_top if self.laid_out else rect.bottom) - lines - top) // step)
        rows, first = min(total, fit), 0
        if total > fit:
            import bisect

            at = max(0, bisect.bisect_right(decisions, self.index) - 1) // per_row
            first = max(0, min(total - rows, at - rows // 3))
        key = (rect.x, pad, r, step, per_row, top, self.replay.seat, len(decisions), first, rows)
        if self.marks_at is None or self.marks_at[0] != key:
            self.marks_at = (key, MarkGrid(decisions, rect.x + pad, top, step, per_row, r, first, rows))
        return self.marks_at[1]

    def click_panel(self, pos: tuple[int, int]) -> bool:
        i = self.mark_rects().at(pos)
        if i is not None:
            self.host.goto(i, animate=False)
        return True

    # --- drawing -----------------------------------------------------------------------------------

    def panel_key(self) -> tuple[Any, ...]:
        """Everything the panel's still part shows (a new key: it is composed again, once)."""
        from game.words import i18n

        control = self.host.control
        notice = getattr(self.app, "toast", None)
        told = notice and (notice[0], notice[2])
        return (self.app.size, self.text_scale, told, self.index, len(self.replay.verdicts),
                control.review_state, control.review_error, self.replay.seat, control.choose_seat,
                i18n.get_language(),
                self.buttons_bottom, self.nav_top, tuple(sorted(self.replay.decided.items())),
                self.host.line.key())

    def compose_panel(self, size: tuple[int, int]) -> pygame.Surface:
        """The panel without its buttons, on an opaque surface (one fast blit per frame)."""
        w, h = size
        out = pygame.Surface(size)
        out.fill((24, 18, 12))
        out.blit(panel(size, 255), (0, 0))
        pygame.draw.line(out, BRASS, (0, 0), (0, h), 2)
        pad = self.panel_pad()
        width = w - 2 * pad
        y = pad
        words: list[pygame.Rect] = []
        for text, fsize, colour, style in self.panel_wrapped(self.header_lines(), width):
            words.append(out.blit(self.text.get(text, fsize, colour, style), (pad, y)))
            y += self.text.font(fsize, style).get_linesize()
        dx = self.app.size[0] - w
        marks = self.mark_rects()
        for i, box in marks.above(h):  # the marks below the panel's bottom are not seen: not drawn either
            v = self.replay.steps[i].verdict
            if v is None:
                colour = UNJUDGED
            else:
                colour = GRADE_COLOURS["nodiff" if self.replay.is_decided(v.deal) else v.grade]
            centre = (box.centerx - dx, box.centery)
            pygame.draw.circle(out, colour, centre, box.width // 2)
            if i == self.index:
                pygame.draw.circle(out, BRASS_LIGHT, centre, box.width // 2 + 3, width=2)
        y = (marks.bottom() if len(marks) else (self.buttons_bottom if self.laid_out else y)) + pad
        pygame.draw.line(out, BRASS, (pad, y), (w - pad, y), 1)
        y += pad // 2
        nav_top = (self.nav_top if self.laid_out else h)
        steps = self.panel_wrapped(self.step_lines(), width)
        told, keys = self.below_verdict(nav_top - 4 - y, self.lines_height(steps), width)
        bottom = nav_top - 4 - sum(k.get_height() for k in keys) - (pad // 2 if keys else 0)
        if told:  # the notice's strip, framed, between the verdict and the keys
            strip = pygame.Rect(pad // 2, bottom - self.lines_height(told) - pad, w - pad,
                                self.lines_height(told) + pad)
            shapes.rect(out, BRASS, strip, width=1, border_radius=8)
            ty = strip.y + pad // 2
            for text, fsize, colour, style in told:
                words.append(out.blit(self.text.get(text, fsize, colour, style), (pad, ty)))
                ty += self.text.font(fsize, style).get_linesize()
            bottom = strip.y - pad // 2
        for text, fsize, colour, style in steps:
            line_h = self.text.font(fsize, style).get_linesize()
            if y + line_h > bottom:
                break
            words.append(out.blit(self.text.get(text, fsize, colour, style), (pad, y)))
            y += line_h
        y = nav_top - 4
        for k in reversed(keys):
            words.append(out.blit(k, k.get_rect(midbottom=(w // 2, y))))
            y -= k.get_height()
        self.words = [r for r in words if r.width > 0 and r.height > 0]
        if pygame.display.get_surface() is not None:
            out = out.convert()  # the screen's own format: the per-frame blit is a plain copy
        return out

    def layout_boxes(self, out: list[Box]) -> list[Box]:
        """The table's boxes (``out``), and the panel: a plaque with the lines written on it (they are
        baked into one surface, so the check cannot find them as texts)."""
        from game.widgets.boxes import Box

        rect = self.panel_rect()
        for b in out:  # the rail goes round the table left of the panel; the panel's edge is its own
            if b.kind == "frame":
                b.within = pygame.Rect(0, 0, rect.left, self.app.size[1])
                b.rect.width = rect.left - b.rect.left
        out.append(Box("review panel", "plaque", rect))
        out += [Box("review panel words", "text", r.move(rect.topleft)) for r in self.words]
        return out

    def draw_panel(self, surface: pygame.Surface) -> None:
        rect = self.panel_rect()
        key = self.panel_key()
        if self.cache is None or self.cache[0] != key:
            self.cache = (key, self.compose_panel(rect.size))
        surface.blit(self.cache[1], rect)
        if self.host.control.review_state == "running":
            pad = self.panel_pad()
            self.host.table.draw_thinking(surface, (rect.right - pad - 30, rect.y + pad + 10), -1)
        fs = self.panel_fonts()[0]
        for b in self.host.table.buttons:
            b.draw(surface, self.text, b.text_size or fs)


class MarkGrid:
    """The decisions' marks in rows of ``per_row``, ``step`` pixels apart, from ``(x, top)`` (window
    coordinates), rows ``first`` to ``first + rows`` of them shown: each mark's place is arithmetic,
    so nothing is laid out per decision."""

    def __init__(self, decisions: list[int], x: int, top: int, step: int, per_row: int, r: int,
                 first: int = 0, rows: int | None = None) -> None:
        self.decisions = decisions  # the step index of each mark, in order
        self.x, self.top, self.step, self.per_row, self.r = x, top, step, per_row, r
        self.first = first
        self.rows = -(-len(decisions) // per_row) if rows is None else rows
        self.shown = range(first * per_row, min(len(decisions), (first + self.rows) * per_row))

    def __len__(self) -> int:
        return len(self.shown)

    def rect(self, k: int) -> pygame.Rect:
        """The ``k``-th mark's box (a mark of the rows shown)."""
        row, col = divmod(k, self.per_row)
        return pygame.Rect(self.x + col * self.step, self.top + (row - self.first) * self.step,
                           2 * self.r, 2 * self.r)

    def above(self, bottom: int) -> list[tuple[int, pygame.Rect]]:
        """(step index, box) of the marks shown whose top lies above ``bottom``."""
        rows = max(0, -(-(bottom - self.top) // self.step))
        end = min(self.shown.stop, (self.first + rows) * self.per_row)
        return [(self.decisions[k], self.rect(k)) for k in range(self.shown.start, end)]

    def bottom(self) -> int:
        """The last mark shown's bottom edge."""
        return self.rect(self.shown.stop - 1).bottom

    def at(self, pos: tuple[int, int]) -> int | None:
        """The step index of the mark shown at ``pos`` (2 pixels of slack round each; where two
        overlap, the earlier), or None."""
        dx, dy, reach = pos[0] - self.x, pos[1] - self.top, 2 + 2 * self.r
        rows = range((dy - reach) // self.step, (dy + 2) // self.step + 1)
        found = [k for row in rows for col in range((dx - reach) // self.step, (dx + 2) // self.step + 1)
                 if 0 <= row < self.rows and 0 <= col < self.per_row
                 for k in [(row + self.first) * self.per_row + col]
                 if k in self.shown and self.rect(k).inflate(4, 4).collidepoint(pos)]
        return self.decisions[min(found)] if found else None
