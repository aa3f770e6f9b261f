"""The coach's column of the Statistics screen, on the cloth beside each game's sheet.

Accuracy (the share of judged decisions marked best, in percent), what the marks cost per decision
(Uragan deal points, Eralash robber chance: ``game.review.model.COST_UNITS``), how many decisions
were judged, and a small chart of accuracy over the last 20 reviewed deals, drawn by our own code: a
brass-ruled frame, lines at 0, 50 and 100 %, one dot per deal joined by a line, a brass rule where a
new match begins (with the first letter of the level played against), so a player can see themselves
improve; above it this match's accuracy and the one before's, and the practice line.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.looks.themes import BRASS, BRASS_LIGHT, IVORY
from game.review.model import PER_GAME
from game.review.words import amount, number
from game.store.stats import HISTORY, MatchFigures, Stats
from game.words.i18n import plural, t

DIM = (205, 195, 165)
GOOD = (150, 215, 140)


def coach_lines(stats: Stats, game: str, short: bool = False) -> list[tuple[str, str]]:
    """(text, role) lines of the column: role ``share``, ``lost``, ``judged``, ``match`` (this match
    and the one before) or ``none``; ``short`` (a small window): the matches without what they lost."""
    share = stats.accuracy_share(game)
    if share is None:
        return [(t("stats.accuracy.none"), "none")]
    lines = [(t("stats.accuracy.share", n=number(share * 100, digits=0)), "share")]
    lost = stats.deal_loss_per_decision(game)
    if lost is not None:
        unit = PER_GAME[game].unit
        lines.append((t("stats.accuracy.lost", amount=amount(lost, f"stats.accuracy.{unit}")), "lost"))
    marked = int(stats.accuracy[game].get("marked", 0))
    lines.append((plural(marked, "stats.accuracy.judged"), "judged"))
    matches = [m for m in stats.match_figures(game) if m.share is not None]
    for m, which in zip(reversed(matches[-2:]), ("this_match", "last_match"), strict=False):
        lines.append((match_line(game, m, which, short), "match"))
    return lines


def match_line(game: str, m: MatchFigures, which: str, short: bool = False) -> str:
    """One match's accuracy (and, unless ``short``, what it lost per decision), with the level
    played against."""
    n = number((m.share or 0.0) * 100, digits=0)
    if m.lost is not None and not short:
        unit = PER_GAME[game].unit
        figures = t("stats.accuracy.match_figures_lost", n=n, lost=amount(m.lost, f"stats.accuracy.{unit}"))
    else:
        figures = t("stats.accuracy.match_figures", n=n)
    if m.level:
        return t(f"stats.accuracy.{which}_level", level=t(f"level.{m.level}"), figures=figures)
    return t(f"stats.accuracy.{which}", figures=figures)


def draw_coach(surface: pygame.Surface, text: Any, stats: Stats, game: str, r: pygame.Rect,
               small: bool, practice: str = "") -> list[pygame.Rect]:
    """The coach's column in ``r`` (on the cloth), ``practice`` a line of its own under the figures;
    returns where it wrote, for the layout check."""
    written: list[pygame.Rect] = []
    size = 14 if small else 18
    y = r.y + 6
    head = text.get(t("stats.accuracy.title"), size + 4, BRASS_LIGHT, "bold", shadow=True)
    written.append(surface.blit(head, (r.x, y)))
    y += head.get_height() + 4
    lines = coach_lines(stats, game, short=small)
    if small and any(role == "match" for _, role in lines):  # the chart needs the room more
        lines = [(x, role) for x, role in lines if role != "judged"]
    elif practice:
        lines.append((practice, "practice"))
    for line, role in lines:
        style, colour, fs = {"share": ("bold", IVORY, size + 2), "lost": ("regular", IVORY, size - 1),
                             "judged": ("italic", DIM, size - 2), "none": ("italic", DIM, size - 2),
                             "match": ("regular", IVORY, size - 2), "practice": ("italic", GOOD, size - 2),
                             }[role]
        for part in text.wrap(line, fs, r.width, style):
            if y + text.font(fs, style).get_linesize() > r.bottom:
                return written
            written.append(surface.blit(text.get(part, fs, colour, style), (r.x, y)))
            y += text.font(fs, style).get_linesize()
    history = stats.accuracy_history(game)
    if not history:
        return written
    label_fs = size - 3
    label = t("stats.accuracy.chart_short") if small else plural(len(history), "stats.accuracy.chart")
    labels = text.wrap(label, label_fs, r.width, "italic")
    label_h = text.font(label_fs, "italic").get_linesize()
    chart = pygame.Rect(r.x, y + 6, r.width, r.bottom - y - 12 - len(labels) * label_h)
    if chart.height < max(40, 14 + text.get("100", label_fs, DIM, "regular").get_height()):
        return written  # (no room for its 0 and 100 apart)
    draw_chart(surface, text, chart, history, label_fs, stats.history_matches(game))
    written.append(chart)
    y = chart.bottom + 4
    for part in labels:
        written.append(surface.blit(text.get(part, label_fs, DIM, "italic"), (r.x, y)))
        y += label_h
    return written


def draw_chart(surface: pygame.Surface, text: Any, box: pygame.Rect, history: list[float], fs: int,
               tags: list[tuple[str, str]] | None = None) -> None:
    """Accuracy of the last reviewed deals (oldest left), 0 to 100 %, on a darker patch of cloth; a
    brass rule where a new match begins, with the first letter of the level it was played against."""
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 60))
    surface.blit(shade, box)
    pygame.draw.rect(surface, BRASS, box, width=1)
    scale = text.get("100", fs, DIM, "regular")
    inner = box.inflate(-12, -12)
    inner.left = box.left + scale.get_width() + 10
    inner.width = box.right - 8 - inner.left
    # a chart low for its figures (a larger text size): its middle rule unnumbered, 0 and 100 apart
    middle = inner.height >= 2 * scale.get_height()
    for frac in (0.0, 0.5, 1.0):
        y = inner.bottom - round(frac * inner.height)
        rule = (90, 110, 80) if frac != 1.0 else BRASS
        pygame.draw.line(surface, rule, (inner.left, y), (inner.right, y), 1)
        if frac == 0.5 and not middle:
            continue
        mark = text.get(str(round(frac * 100)), fs, DIM, "regular")
        surface.blit(mark, (inner.left - mark.get_width() - 5, y - mark.get_height() // 2))
    step = inner.width / max(1, HISTORY - 1)
    start = inner.left + (HISTORY - len(history)) * step if len(history) < HISTORY else inner.left
    points = [(round(start + k * step), inner.bottom - round(a * inner.height))
              for k, a in enumerate(history)]
    for k, (match, level) in enumerate(tags or []):
        if k >= len(points) or not match or (k > 0 and (tags or [])[k - 1][0] == match):
            continue
        x = points[k][0] - (round(step / 2) if k > 0 else 0)
        if k > 0:
            pygame.draw.line(surface, BRASS, (x, inner.top), (x, inner.bottom), 1)
        if level:
            initial = text.get(t(f"level.{level}")[:1], fs, BRASS_LIGHT, "bold")
            surface.blit(initial, (x + 2, inner.top))
    if len(points) > 1:
        pygame.draw.lines(surface, GOOD, False, points, 2)
    for p in points:
        pygame.draw.circle(surface, GOOD, p, 3)
    if points:
        pygame.draw.circle(surface, BRASS_LIGHT, points[-1], 5, width=2)
