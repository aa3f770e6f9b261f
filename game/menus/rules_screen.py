"""The Rules screen: both games' rules (game/rules/rules.<lang>.md) on a scrollable page, with contents.

The documents use a small markdown subset — ``#`` headings, paragraphs, ``-`` and ``1.`` lists,
``**bold**`` — parsed here into blocks, laid out into lines for the page width, and drawn by our own
code: lines are rendered the first time they scroll into view and cached, so a steady frame renders
nothing. pygame_gui supplies the buttons (game tabs, Back, Watch the example game); the contents on
a wooden plaque at the left are ours too, and mark the section being read. Scrolling: mouse wheel,
arrow keys, Page Up/Down, Home/End, a click on the contents, or dragging the brass scroll bar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.looks.resources import asset, resource_path
from game.looks.themes import BRASS, BRASS_LIGHT, INK, IVORY, WOOD_DARK
from game.screens import game_setup
from game.widgets.backdrop import rail_width
from game.widgets.gui_scene import ANIMATING, GuiScene
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App

GAMES = ("eralash", "uragan")
# The Eralash table helper adds the illustrative game; the button appears when this exists.

PAGE_BG = (246, 238, 218)
HEADING = (112, 28, 40)  # claret ink for headings
RULE_LINE = (190, 160, 110)
SCROLL_STEP = 60


# --- the markdown subset -------------------------------------------------------------------------

Span = tuple[str, bool]  # (text, bold)


@dataclass
class Block:
    """A heading (level 1–3), a paragraph, or a list item (level 0 bulleted, 1 numbered)."""

    kind: str
    level: int
    spans: list[Span] = field(default_factory=list)
    bullet: str = ""

    @property
    def text(self) -> str:
        return "".join(s for s, _ in self.spans)


_ITEM = re.compile(r"^(?:- |(\d+)\. )")


def parse_spans(text: str) -> list[Span]:
    """``"a **b** c"`` → ``[("a ", False), ("b", True), (" c", False)]``."""
    parts = text.split("**")
    return [(p, i % 2 == 1) for i, p in enumerate(parts) if p]


def parse_markdown(text: str) -> list[Block]:
    blocks: list[Block] = []
    lines: list[str] = []
    head: Block | None = None

    def flush() -> None:
        nonlocal head, lines
        if head is not None:
            head.spans = parse_spans(" ".join(lines))
            blocks.append(head)
        head, lines = None, []

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            head, lines = Block("heading", min(level, 3)), [line[level:].strip()]
            flush()
            continue
        m = _ITEM.match(line) if not raw.startswith("  ") else None
        if m:
            flush()
            numbered = m.group(1)
            head = Block("item", 1 if numbered else 0, bullet=f"{numbered}." if numbered else "•")
            lines = [line[m.end():]]
            continue
        if head is None:
            head = Block("para", 0)
        lines.append(line)
    flush()
    return blocks


def rules_path(lang: str) -> Path:
    """``game/rules/rules.<lang>.md``, shipped with the app (English for a language without rules)."""
    path = resource_path("game", "rules", f"rules.{lang}.md")
    return path if path.is_file() else asset("game", "rules", "rules.en.md")


def split_games(blocks: list[Block]) -> dict[str, list[Block]]:
    """The introduction followed by one game's part, for each game (split at the level-1 headings)."""
    parts: list[list[Block]] = [[]]
    for b in blocks:
        if b.kind == "heading" and b.level == 1 and parts[0]:
            parts.append([])
        parts[-1].append(b)
    intro, games = parts[0], parts[1:]
    return {g: intro + games[i] if i < len(games) else intro for i, g in enumerate(GAMES)}


# --- layout ----------------------------------------------------------------------------------------

@dataclass
class Line:
    """One laid-out line: runs of (x, text, style, colour, size) at height ``y``."""

    y: int
    height: int
    runs: list[tuple[int, str, str, tuple[int, int, int], int]]
    rule: bool = False  # a thin line under a level-1/2 heading


@dataclass
class Page:
    lines: list[Line]
    height: int
    anchors: list[tuple[str, int, int]]  # (heading text, y, level) for the contents


def _sizes(width: int) -> dict[str, int]:
    body = max(16, min(21, width // 44))
    return {"body": body, "h1": int(body * 1.75), "h2": int(body * 1.35), "h3": int(body * 1.12)}


def layout(blocks: list[Block], width: int, fonts: Any) -> Page:
    """Lay ``blocks`` out for a column ``width`` pixels wide; ``fonts.font(size, style)`` measures."""
    sz = _sizes(width)
    sc = getattr(fonts, "scale", 1.0)  # the text size: lines as far apart as their letters are tall
    lines: list[Line] = []
    anchors: list[tuple[str, int, int]] = []
    y = 0
    for b in blocks:
        if b.kind == "heading":
            size = sz[f"h{b.level}"]
            y += int(size * sc * (1.1 if lines else 0))
            if b.level <= 2:
                anchors.append((b.text, y, b.level))
            for text_line in _wrap([(b.text, True)], width, size, fonts):
                h = int(size * sc * 1.3)
                lines.append(Line(y, h, [(x, s, "bold", HEADING, size) for x, s, _ in text_line]))
                y += h
            if b.level <= 2:
                lines.append(Line(y, 8, [], rule=True))
                y += 10
            y += int(size * sc) // 4
            continue
        size = sz["body"]
        indent = int(size * sc * 1.6) if b.kind == "item" else 0
        first = True
        for text_line in _wrap(b.spans, width - indent, size, fonts):
            runs = []
            for x, text, bold in text_line:
                runs += _suit_colours(indent + x, text, "bold" if bold else "regular", size, fonts)
            if first and b.kind == "item":
                runs.insert(0, (int(size * sc * 0.3), b.bullet, "bold", HEADING, size))
            first = False
            h = int(size * sc * 1.45)
            lines.append(Line(y, h, runs))
            y += h
        y += int(size * sc * (0.3 if b.kind == "item" else 0.7))
    return Page(lines, y + 40, anchors)


_RED_SUIT = re.compile(r"([♥♦])")
RED = (168, 24, 36)


Run = tuple[int, str, str, tuple[int, int, int], int]  # x, text, style, colour, size


def _suit_colours(x: int, text: str, style: str, size: int, fonts: Any) -> list[Run]:
    """One run of ink, split so that the heart and diamond signs print red, as on the cards."""
    out = []
    font = fonts.font(size, style)
    for piece in _RED_SUIT.split(text):
        if piece:
            out.append((x, piece, style, RED if _RED_SUIT.fullmatch(piece) else INK, size))
            x += font.size(piece)[0]
    return out


def _wrap(spans: list[Span], width: int, size: int, fonts: Any) -> list[list[tuple[int, str, bool]]]:
    """Greedy word wrap of styled spans; each line is a list of (x, text, bold) runs."""
    tokens: list[tuple[str, bool, bool]] = []  # (word, bold, a space before it)
    space = False
    for text, bold in spans:
        for piece in re.split(r"(\s+)", text):
            if piece.isspace():
                space = True
            elif piece:
                tokens.append((piece, bold, space))
                space = False
    out: list[list[tuple[int, str, bool]]] = []
    line: list[tuple[int, str, bool]] = []
    x = 0
    for word, bold, spaced in tokens:
        font = fonts.font(size, "bold" if bold else "regular")
        gap = font.size(" ")[0] if spaced and line else 0
        w = font.size(word)[0]
        if line and x + gap + w > width:
            out.append(line)
            line, x, gap = [], 0, 0
        if line and line[-1][2] == bold:  # same style: one run, fewer surfaces
            px, text, _ = line[-1]
            line[-1] = (px, text + (" " if gap else "") + word, bold)
        else:
            line.append((x + gap, word, bold))
        x += gap + w
    if line:
        out.append(line)
    return out


# --- the scene -----------------------------------------------------------------------------------

class RulesScene(GuiScene):
    """Rules of the chosen game on an ivory page over the table; Esc or Back returns."""

    button_id_prefix = "rules_"
    title_key = "rules.title"
    keys_kept = (pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE)  # they scroll the page

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        last = app.settings.last_game
        self.game = game if game in GAMES else (last if last in GAMES else "eralash")
        self._rows: list[tuple[pygame.Rect, str, int, int]] = []  # contents: rect, title, y, level
        self._row_lines: list[list[str]] = []  # each contents title wrapped to the plaque
        self._row_size, self._row_line_h = 16, 20
        self.page: Page | None = None
        self.scroll = 0.0  # shown offset (eased towards target)
        self.target = 0.0
        self._page_rect = pygame.Rect(0, 0, 0, 0)
        self._contents_rect = pygame.Rect(0, 0, 0, 0)
        self._highlights: dict[tuple[tuple[int, int], bool], pygame.Surface] = {}
        self._line_cache: dict[int, pygame.Surface] = {}
        self._drag: int | None = None
        self._lang = ""
        self._blocks: dict[str, list[Block]] = {}
        self._unlisten: Any = None

    # lifecycle -------------------------------------------------------------------------------------

    def enter(self) -> None:
        self._unlisten = self.app.settings.on_change(lambda n, v: self._relayout(), names=["language"])
        self.build()

    def exit(self) -> None:
        if self._unlisten:
            self._unlisten()
        super().exit()

    # content ---------------------------------------------------------------------------------------

    def _load(self) -> None:
        lang = i18n.get_language()
        if lang != self._lang:
            text = rules_path(lang).read_text(encoding="utf-8")
            self._blocks = split_games(parse_markdown(text))
            self._lang = lang

    def _relayout(self) -> None:
        self._lang = ""
        if self.app.stack.top is self:
            self.build()

    def build(self) -> None:
        self.clear()
        self._load()
        w, h = self.app.size
        rail = rail_width((w, h))  # keep clear of the table's wooden rail
        margin = max(16, w // 60, rail + 8)
        scale = self.app.text.scale  # a larger text size: a wider page (lines as long in words) where it fits
        side = min(round(320 * scale), max(230, w // 5))
        head_y = rail + 10
        bh = max(44, self.app.text.font(20).get_linesize() + self.app.text.px(10))
        top = head_y + bh + 14
        # Contents on the left, the page on the right, the pair centred in the window.
        page_w = min(round(900 * scale), w - side - 3 * margin - 20)
        left = max(margin, (w - side - margin - page_w - 20) // 2)
        self._contents_rect = pygame.Rect(left, top, side, h - top - margin)
        self._page_rect = pygame.Rect(left + side + margin, top, page_w, h - top - margin)
        # Header: the two games as tabs, Watch the example, Back (right edge of the page).
        x = left
        words = self.app.text.font(20)
        tab = max(170, *(words.size(t(f"game.{g}"))[0] + self.app.text.px(40) for g in GAMES))
        back_w = max(150, words.size(t("rules.back"))[0] + self.app.text.px(40))
        if game_setup(self.game).example and self.app.text.scale != 1.0:
            # a larger text size: the tabs as wide as their words where the row would overrun Back
            wide = max(340, words.size(t("rules.watch_example"))[0] + self.app.text.px(40))
            room = self._page_rect.right + 20 - back_w - 10 - 20 - wide - left - 10 * (len(GAMES) - 1)
            if tab * len(GAMES) > room:
                tab = max(max(words.size(t(f"game.{g}"))[0] + self.app.text.px(24) for g in GAMES),
                          room // len(GAMES))
        for game in GAMES:
            self.button(f"game_{game}", t(f"game.{game}"), pygame.Rect(x, head_y, tab, bh), game == self.game)
            x += tab + 10
        self.focus.add_list("game", t("newgame.game"), [self.buttons[f"game_{g}"] for g in GAMES])
        if game_setup(self.game).example:
            wide = max(340, self.app.text.font(20).size(t("rules.watch_example"))[0] + self.app.text.px(40))
            self.button("example", t("rules.watch_example"), pygame.Rect(x + 20, head_y, wide, bh))
        self.button("back", t("rules.back"),
                    pygame.Rect(self._page_rect.right + 20 - back_w, head_y, back_w, bh))
        inner = self._page_rect.width - 2 * self._pad()
        self.page = layout(self._blocks[self.game], inner, self.app.text)
        self._line_cache.clear()
        self._rows = []
        self._fit_contents()
        self.focus.add_pictures("contents", t("focus.contents"), [title for _, title, _, _ in self._rows],
                                self.current_section, [rect for rect, _, _, _ in self._rows],
                                lambda i: self.scroll_to(self._rows[i][2] - 8))
        self.target = min(self.target, self._max_scroll())
        self.scroll = self.target

    def _fit_contents(self) -> None:
        """The contents rows: every title whole, wrapped onto as many lines as it needs, in the
        largest font (20 px down to 12) that lets all the rows fit the contents plaque."""
        box = self._contents_rect
        width = box.width - 20
        anchors = self.page.anchors if self.page is not None else []
        for size in range(20, min(12, self.app.text.min_size) - 1, -1):  # (12 px at any text size)
            line_h = int(size * 1.3 * self.app.text.scale)
            pad = max(6, min(14, (box.height - 24) // max(1, len(anchors)) - line_h))
            wrapped = []
            for title, _, level in anchors:
                indent = 8 if level == 1 else 22
                font_style = "bold" if level == 1 else "regular"
                wrapped.append(self.app.text.wrap(title, size, width - indent - 8, font_style))
            total = sum(len(lines) * line_h + pad for lines in wrapped)
            if total <= box.height - 24:
                break
        self._row_size, self._row_line_h = size, line_h
        self._row_lines = wrapped
        y = box.y + 12
        for (title, ay, level), lines in zip(anchors, wrapped, strict=True):
            rect = pygame.Rect(box.x + 10, y, width, len(lines) * line_h + pad)
            self._rows.append((rect, title, ay, level))
            y += rect.height

    def _pad(self) -> int:
        return max(24, self._page_rect.width // 18)

    def _max_scroll(self) -> float:
        if self.page is None:
            return 0.0
        return float(max(0, self.page.height - (self._page_rect.height - 2 * self._pad() // 2)))

    def scroll_to(self, y: float, instant: bool = False) -> None:
        self.target = max(0.0, min(float(y), self._max_scroll()))
        if instant or self.app.settings.animation_speed == "instant":
            self.scroll = self.target

    def show_game(self, game: str) -> None:
        if game != self.game:
            self.game = game
            self.target = self.scroll = 0.0
            self.build()

    # events ----------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        key = self.pressed(event)
        if key is not None:
            self.press(key)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, _, y, _ in self._rows:
                if rect.collidepoint(event.pos):
                    self.scroll_to(y - 8)
                    return True
        if event.type == pygame.MOUSEWHEEL and self._page_rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll_to(self.target - event.precise_y * SCROLL_STEP)
            return True
        if event.type == pygame.KEYDOWN:
            page = self._page_rect.height * 0.9
            keys = {pygame.K_DOWN: SCROLL_STEP, pygame.K_UP: -SCROLL_STEP, pygame.K_PAGEDOWN: page,
                    pygame.K_PAGEUP: -page, pygame.K_SPACE: page}
            if event.key in keys:
                self.scroll_to(self.target + keys[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.scroll_to(0)
                return True
            if event.key == pygame.K_END:
                self.scroll_to(self._max_scroll())
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.press("back")
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar, thumb = self._scrollbar()
            if thumb.collidepoint(event.pos):
                self._drag = event.pos[1] - thumb.y
                return True
            if bar.collidepoint(event.pos):
                direction = 1 if event.pos[1] > thumb.centery else -1
                self.scroll_to(self.target + direction * self._page_rect.height * 0.9)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            bar, thumb = self._scrollbar()
            free = max(1, bar.height - thumb.height)
            self.scroll_to((event.pos[1] - self._drag - bar.y) / free * self._max_scroll(), instant=True)
            return True
        return False

    def press(self, key: str) -> None:
        if key == "back":
            self.app.stack.pop()
        elif key.startswith("game_"):
            self.show_game(key[5:])
        elif key == "example":
            from game.eralash.example import open_example

            open_example(self.app)

    # update and draw ------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        """Every frame while the page glides to where it was scrolled."""
        return ANIMATING if self.scroll != self.target else super().wake_in()

    def update(self, dt: float) -> None:
        gap = self.target - self.scroll
        if abs(gap) < 0.5:
            self.scroll = self.target
        else:
            self.scroll += gap * min(1.0, dt * 14)  # ease out: quick but not a jump

    def _scrollbar(self) -> tuple[pygame.Rect, pygame.Rect]:
        r = self._page_rect
        bar = pygame.Rect(r.right + 6, r.y + 4, 10, r.height - 8)
        total = self.page.height if self.page else 1
        visible = r.height
        th = max(40, int(bar.height * min(1.0, visible / max(1, total))))
        ms = self._max_scroll()
        ty = bar.y + int((bar.height - th) * (self.scroll / ms if ms else 0))
        return bar, pygame.Rect(bar.x, ty, bar.width, th)

    def _line_surface(self, i: int, line: Line) -> pygame.Surface:
        surf = self._line_cache.get(i)
        if surf is None:
            width = self._page_rect.width - 2 * self._pad()
            surf = pygame.Surface((width, line.height), pygame.SRCALPHA)
            if line.rule:
                pygame.draw.line(surf, RULE_LINE, (0, 2), (width, 2), 1)
            for x, text, style, colour, size in line.runs:
                surf.blit(self.app.text.get(text, size, colour, style), (x, 0))
            self._line_cache[i] = surf
        return surf

    def current_section(self) -> int:
        """Index of the contents row being read (the last heading at or above the top of the page)."""
        current = 0
        for i, (_, _, y, _) in enumerate(self._rows):
            if y <= self.scroll + 24:
                current = i
        return current

    def _draw_contents(self, surface: pygame.Surface) -> None:
        from game.widgets.felt import panel

        r = self._contents_rect
        surface.blit(panel(r.size, 215), r.topleft)
        mouse = pygame.mouse.get_pos()
        current = self.current_section()
        for i, (rect, _title, _, level) in enumerate(self._rows):
            if i == current or rect.collidepoint(mouse):
                surface.blit(self._highlight(rect.size, i == current), rect.topleft)
            colour = BRASS_LIGHT if level == 1 else IVORY
            style = "bold" if level == 1 else "regular"
            indent = 8 if level == 1 else 22
            lines = self._row_lines[i]
            y = rect.centery - len(lines) * self._row_line_h // 2
            for line in lines:
                img = self.app.text.get(line, self._row_size, colour, style)
                surface.blit(img, (rect.x + indent, y + (self._row_line_h - img.get_height()) // 2))
                y += self._row_line_h

    def _highlight(self, size: tuple[int, int], current: bool) -> pygame.Surface:
        key = (size, current)
        surf = self._highlights.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (*BRASS, 70) if current else (255, 240, 200, 28), surf.get_rect(),
                             border_radius=6)
            if current:
                pygame.draw.rect(surf, BRASS, surf.get_rect(), width=1, border_radius=6)
            self._highlights[key] = surf
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(surface.get_size()), (0, 0))
        self._draw_contents(surface)
        r = self._page_rect
        shadow = pygame.Surface((r.width, r.height), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        surface.blit(shadow, r.move(6, 8))
        pygame.draw.rect(surface, PAGE_BG, r)
        pygame.draw.rect(surface, BRASS, r, width=2)
        if self.page is None:
            return
        pad = self._pad()
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -20))  # a margin at the top and bottom edges of the sheet
        top = self.scroll - pad // 2
        for i, line in enumerate(self.page.lines):
            y = line.y - top
            if y + line.height < 0:
                continue
            if y > r.height:
                break
            surface.blit(self._line_surface(i, line), (r.x + pad, r.y + int(y)))
        surface.set_clip(clip)
        bar, thumb = self._scrollbar()
        if self._max_scroll() > 0:
            pygame.draw.rect(surface, WOOD_DARK, bar, border_radius=5)
            thumb_colour = BRASS_LIGHT if self._drag is not None else BRASS
            pygame.draw.rect(surface, thumb_colour, thumb, border_radius=5)


__all__ = ["Block", "Line", "Page", "RulesScene", "layout", "parse_markdown", "rules_path", "split_games"]
