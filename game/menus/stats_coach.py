"""The coach's column of the Statistics screen, on the cloth beside each game's sheet.

Accuracy (the share of judged decisions marked best, in percent), deal points (Uragan) or tricks
(Eralash) lost per decision, how many decisions were judged, and a small chart of accuracy over the
last 20 reviewed deals, drawn by our own code: a brass-ruled frame, lines at 0, 50 and 100 %, one
dot per deal joined by a line, so a player can see themselves improve.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.looks.themes import BRASS, BRASS_LIGHT, IVORY
from game.review.words import amount, number
from game.store.stats import HISTORY, Stats
from game.words.i18n import plural, t

DEAL_UNITS = {"uragan": "points", "eralash": "tricks"}
DIM = (205, 195, 165)
GOOD = (150, 215, 140)


def coach_lines(stats: Stats, game: str) -> list[tuple[str, str]]:
    """(text, role) lines of the column: role ``share``, ``lost``, ``judged`` or ``none``."""
    share = stats.accuracy_share(game)
    if share is None:
        return [(t("stats.accuracy.none"), "none")]
    lines = [(t("stats.accuracy.share", n=number(share * 100, digits=0)), "share")]
    lost = stats.deal_loss_per_decision(game)
    if lost is not None:
        unit = DEAL_UNITS.get(game, "points")
        lines.append((t("stats.accuracy.lost", amount=amount(lost, f"stats.accuracy.{unit}")), "lost"))
    marked = int(stats.accuracy[game].get("marked", 0))
    lines.append((plural(marked, "stats.accuracy.judged"), "judged"))
    return lines


def draw_coach(surface: pygame.Surface, text: Any, stats: Stats, game: str, r: pygame.Rect,
               small: bool) -> list[pygame.Rect]:
    """The coach's column in ``r`` (on the cloth); returns where it wrote, for the layout check."""
    written: list[pygame.Rect] = []
    size = 14 if small else 18
    y = r.y + 6
    head = text.get(t("stats.accuracy.title"), size + 4, BRASS_LIGHT, "bold", shadow=True)
    written.append(surface.blit(head, (r.x, y)))
    y += head.get_height() + 4
    for line, role in coach_lines(stats, game):
        style, colour, fs = {"share": ("bold", IVORY, size + 2), "lost": ("regular", IVORY, size - 1),
                             "judged": ("italic", DIM, size - 2), "none": ("italic", DIM, size - 2)}[role]
        for part in text.wrap(line, fs, r.width, style):
            if y + text.font(fs, style).get_linesize() > r.bottom:
                return written
            written.append(surface.blit(text.get(part, fs, colour, style), (r.x, y)))
            y += text.font(fs, style).get_linesize()
    history = stats.accuracy_history(game)
    if not history:
        return written
    label_fs = size - 3
    labels = text.wrap(t("stats.accuracy.chart", n=len(history)), label_fs, r.width, "italic")
    label_h = text.font(label_fs, "italic").get_linesize()
    chart = pygame.Rect(r.x, y + 6, r.width, r.bottom - y - 12 - len(labels) * label_h)
    if chart.height < 40:
        return written
    draw_chart(surface, text, chart, history, label_fs)
    written.append(chart)
    y = chart.bottom + 4
    for part in labels:
        written.append(surface.blit(text.get(part, label_fs, DIM, "italic"), (r.x, y)))
        y += label_h
    return written


def draw_chart(surface: pygame.Surface, text: Any, box: pygame.Rect, history: list[float], fs: int) -> None:
    """Accuracy of the last reviewed deals (oldest left), 0 to 100 %, on a darker patch of cloth."""
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 60))
    surface.blit(shade, box)
    pygame.draw.rect(surface, BRASS, box, width=1)
    scale = text.get("100", fs, DIM, "regular")
    inner = box.inflate(-12, -12)
    inner.left = box.left + scale.get_width() + 10
    inner.width = box.right - 8 - inner.left
    for frac in (0.0, 0.5, 1.0):
        y = inner.bottom - round(frac * inner.height)
        rule = (90, 110, 80) if frac != 1.0 else BRASS
        pygame.draw.line(surface, rule, (inner.left, y), (inner.right, y), 1)
        mark = text.get(str(round(frac * 100)), fs, DIM, "regular")
        surface.blit(mark, (inner.left - mark.get_width() - 5, y - mark.get_height() // 2))
    step = inner.width / max(1, HISTORY - 1)
    start = inner.left + (HISTORY - len(history)) * step if len(history) < HISTORY else inner.left
    points = [(round(start + k * step), inner.bottom - round(a * inner.height))
              for k, a in enumerate(history)]
    if len(points) > 1:
        pygame.draw.lines(surface, GOOD, False, points, 2)
    for p in points:
        pygame.draw.circle(surface, GOOD, p, 3)
    if points:
        pygame.draw.circle(surface, BRASS_LIGHT, points[-1], 5, width=2)
