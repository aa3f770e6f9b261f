"""High contrast (issue 31, ask 6): every word and index at least 7:1 against its ground, computed."""

from __future__ import annotations

import pygame
import pytest

from engine import cards as C
from game.looks.themes import (
    CARD_FACE,
    CONTRAST_CLOTH,
    CONTRAST_INDEX,
    CONTRAST_INDEX_FOUR,
    CONTRAST_OUTLINE,
    CONTRAST_PLAQUE,
    TABLE_TEXT_COLOURS,
    contrast_ratio,
)

AAA = 7.0  # WCAG's enhanced contrast for text


def test_the_ratio_is_wcags():
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio((10, 20, 30), (10, 20, 30)) == pytest.approx(1.0)
    assert contrast_ratio((200, 0, 0), (255, 255, 255)) < AAA  # the usual red index would fail


@pytest.mark.parametrize("ground", [CONTRAST_CLOTH, CONTRAST_PLAQUE])
@pytest.mark.parametrize("colour", TABLE_TEXT_COLOURS)
def test_every_table_text_colour_reads_on_the_dark_cloth_and_plaques(colour, ground):
    assert contrast_ratio(colour, ground) >= AAA


@pytest.mark.parametrize("colour", sorted(set(CONTRAST_INDEX + CONTRAST_INDEX_FOUR)))
def test_every_index_colour_reads_on_the_card(colour):
    assert contrast_ratio(colour, CARD_FACE) >= AAA


def test_the_outlines_stand_out_of_the_cloth():
    assert contrast_ratio(CONTRAST_OUTLINE, CONTRAST_CLOTH) >= AAA


@pytest.mark.parametrize("four", [False, True])
def test_a_high_contrast_face_has_its_bold_index_in_both_corners(four):
    from game.widgets.cards import contrast_face

    pygame.font.init()
    face = pygame.Surface((100, 140), pygame.SRCALPHA)
    face.fill((250, 250, 250, 255))
    card = C.parse("QD")
    out = contrast_face(face, card, "en", four)
    ink = (CONTRAST_INDEX_FOUR if four else CONTRAST_INDEX)[C.DIAMONDS]

    def inked(rect: pygame.Rect) -> int:
        return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
                   if tuple(out.get_at((x, y)))[:3] == ink)

    top_left, bottom_right = pygame.Rect(3, 3, 20, 35), pygame.Rect(77, 102, 20, 35)
    assert inked(top_left) > 20 and inked(bottom_right) > 20
    assert inked(pygame.Rect(35, 50, 30, 40)) == 0  # the picture itself is left as it is
