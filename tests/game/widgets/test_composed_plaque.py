"""The score plaques are composed once per score and blitted whole: the same pixels as drawn in place,
composed again only when what they say changes, and every word still seen by the layout check."""

import pygame
from eralash_tables import find_match, table_for
from helpers import frames
from uragan_tables import make_first_bot, new_table, settle  # noqa: F401

from game.checks.layout_check import collect, problems
from game.widgets.boxes import ComposedPlaque, RecordingSurface, recorded_texts
from game.widgets.felt import panel


def in_place(table, plaque, draw):
    """The plaque drawn straight onto a copy of the cloth, as before it was composed."""
    surface = table._felt.copy()
    draw(surface)
    return pygame.image.tobytes(surface.subsurface(plaque.rect), "RGB")


def test_the_uragan_score_plaque_is_the_same_picture_composed_once_per_score(make_app):
    app = make_app(speed="fast", bots="uragan_tables:make_first_bot")
    table = new_table(app)
    settle(app, table)
    frames(app, 2)
    table._last_look = None
    app.frame(1 / 60, [])
    plaque = table.plaques._score_plaque
    drawn_in_place = in_place(table, plaque, lambda s: table.plaques._draw_score(s, plaque.rect))
    assert pygame.image.tobytes(plaque.image, "RGB") == drawn_in_place
    composed = plaque.composed
    for _ in range(20):  # steady frames, each one drawn: nothing composed afresh
        table._last_look = None
        app.frame(1 / 60, [])
    assert plaque.composed == composed
    table.match.deal.piles[table.me] |= 1 << 3  # the player's pile grows: the plaque says so
    table._last_look = None
    app.frame(1 / 60, [])
    assert plaque.composed == composed + 1


def test_the_eralash_score_plaque_is_the_same_picture_and_its_words_are_checked(make_app):
    app = make_app(speed="fast", bots="eralash_tables:make_first_bot")
    table = table_for(app, find_match(lambda d: True), ["human", "novice", "novice", "novice"])
    frames(app, 200)
    plaques = table.plaques
    plaque = plaques.score_plaque
    key = plaque.key[0]
    lines = plaques._score_names(key[1])
    assert pygame.image.tobytes(plaque.image, "RGB") == in_place(
        table, plaque, lambda s: plaques._draw_score(s, plaque.rect, lines, key[2], key[3], key[4])
    )
    words = {b.text for b in collect(app) if b.kind == "text"}
    assert set(key[1]) <= words and key[3] in words and key[4] in words  # names, title, foot


def test_the_layout_check_sees_a_word_sticking_out_of_a_composed_plaque(make_app):
    app = make_app()
    felt = pygame.Surface(app.size)
    rect = pygame.Rect(100, 100, 120, 60)
    plaque = ComposedPlaque()
    words = "a much too long line for this little plaque"

    def draw(target, dx, dy):
        target.blit(panel(rect.size), rect.move(dx, dy))
        target.blit(app.text.get(words, 20), (rect.x + dx + 8, rect.y + dy + 8))

    image = plaque.compose("k", rect, felt, app.text, draw)
    frame = RecordingSurface(app.size)
    frame.blit(image, rect)
    boxes = recorded_texts(app, frame)
    assert [b.text for b in boxes if b.kind == "text"] == [words]
    assert any("sticks out of the plaque" in p for p in problems(boxes, app.size))
    assert plaque.shown("k", felt) == (image, rect) and plaque.shown("other", felt) is None


def test_the_eralash_declarations_plaque_is_composed_translucent_and_its_words_are_checked(make_app):
    from eralash_tables import until

    app = make_app(speed="fast", bots="eralash_tables:make_first_bot")
    table = table_for(app, find_match(lambda d: True), ["human", "novice", "novice", "novice"])
    until(app, lambda: table.phase == "declare" and not table.tweens.busy and table.shown.trump >= 0)
    frames(app, 2)
    table._last_look = None
    app.frame(1 / 60, [])
    plaques = table.plaques
    plaque = plaques.declarations_plaque
    box, (_, titled, lines, head, why, *_rest) = plaque.rect, plaque.key[0]
    table.draw(app.screen)
    composed = pygame.image.tobytes(app.screen.subsurface(box), "RGB")

    def in_place_declarations(surface):
        plaques._draw_declarations(surface, box, titled, lines, head, why)
        plaques._draw_run_points(surface)

    plaques.draw_declarations = in_place_declarations
    table.draw(app.screen)
    del plaques.draw_declarations
    drawn = pygame.image.tobytes(app.screen.subsurface(box), "RGB")
    assert max(abs(a - b) for a, b in zip(composed, drawn, strict=True)) <= 3  # rounding of premultiplying
    words = {b.text for b in collect(app) if b.kind == "text"}
    assert set(lines) <= words and head in words
    count = plaque.composed
    for _ in range(10):
        table._last_look = None
        app.frame(1 / 60, [])
    assert plaque.composed == count  # the same words: not composed again
