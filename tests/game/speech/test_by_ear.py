"""Played by ear: a scripted player who hears only the speech (the announcements the app says) and
presses only keys, from the main menu through New game to the score of one whole deal, in Uragan and
in Eralash with four players. Afterwards (not during) the test holds the log against the record: every
bot play appears in order with its card and what it took or won."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from helpers import frames, headless_app

from engine import cards as C
from game.speech import RecordingSpeaker
from game.words import i18n

pytestmark = pytest.mark.slow

DT = 0.05  # each frame advances the tables' clocks this much: animations end, bots answer at once
LIMIT = 40000  # frames; the player waits on what is said, never on a count (this only stops a hang)


class Ear:
    """What the player has heard, and what is new since the last listen."""

    def __init__(self, speaker: RecordingSpeaker) -> None:
        self.speaker = speaker
        self.heard = 0

    def new(self) -> list[tuple[str, str]]:
        said = self.speaker.said[self.heard :]
        self.heard = len(self.speaker.said)
        return [(kind, text) for kind, text, _ in said]


def press(app: Any, key: int) -> None:
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], dt=DT)


def listen(app: Any, ear: Ear, until: Any) -> list[tuple[str, str]]:
    """Run the app until something is said that ``until`` answers; everything heard meanwhile."""
    heard: list[tuple[str, str]] = []
    for _ in range(LIMIT):
        frames(app, 1, dt=DT)
        new = ear.new()
        heard += new
        if any(until(kind, text) for kind, text in new):
            return heard
    raise AssertionError(f"nothing answered; last heard: {heard[-5:]}")


def play_by_ear(app: Any, ear: Ear, game: str) -> list[tuple[str, str]]:
    """The player's script: only keys in, only speech out. Returns all it heard, to the deal's score."""
    your_turn = i18n.t("speech.your_turn")
    claim_keys = i18n.t("speech.uragan.claim_keys")
    choose = i18n.t("uragan.choose_capture")
    trump = i18n.t("speech.eralash.choose_trump", choices="")
    declared = i18n.t("speech.eralash.declared_keys")
    press(app, pygame.K_RETURN)  # the main menu: Enter is New game (nothing to continue)
    press(app, pygame.K_RETURN)  # New game: Enter deals the game chosen last time
    heard: list[tuple[str, str]] = []
    refused = 0
    while True:
        heard += listen(app, ear, lambda kind, text: kind in ("turn", "score", "refused"))
        kind, text = next((k, x) for k, x in reversed(heard) if k in ("turn", "score", "refused"))
        if kind == "score":
            return heard
        if kind == "refused":
            refused += 1
            assert refused < 60, "the player kept being refused"
            press(app, pygame.K_RIGHT)  # another card
            press(app, pygame.K_RETURN)
        elif claim_keys in text:
            press(app, pygame.K_n)  # let the play stand
        elif text.startswith(choose):
            press(app, pygame.K_1)  # the first capture offered
        elif text.startswith(trump.strip()):
            press(app, pygame.K_1)
        elif text == declared:
            press(app, pygame.K_RETURN)
        elif text == your_turn:
            press(app, pygame.K_RIGHT)  # a card of the hand (said as "focus")
            press(app, pygame.K_RETURN)  # play it
        else:
            raise AssertionError(f"the player does not understand {text!r}")


def run(game: str, bots: str, lang: str, monkeypatch: Any) -> tuple[Any, list[tuple[str, str]]]:
    from game.menus.menu import MenuScene

    before = i18n.get_language()
    app = headless_app(lang, bots=bots)
    monkeypatch.setattr(app, "store", None)
    app.settings.set("last_game", game)  # the player's own choice from an earlier evening
    app.settings.set("animation_speed", "fast")
    speaker = RecordingSpeaker()
    app.speech = speaker
    app.stack.push(MenuScene(app))
    try:
        heard = play_by_ear(app, Ear(speaker), game)
        table = next(s for s in app.stack.scenes if getattr(s, "game", "") == game)
        return table, heard
    finally:
        i18n.set_language(before)


def moves(heard: list[tuple[str, str]]) -> list[str]:
    return [text for kind, text in heard if kind == "move"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_uragan_deal_by_ear(lang: str, monkeypatch: Any) -> None:
    from game.speech.words import card_words
    from game.uragan.speech import take_words

    i18n.set_language(lang)
    table, heard = run("uragan", "uragan_tables:make_first_bot", lang, monkeypatch)
    deal = table.match.deals_done[0] if table.match.deals_done else table.shown
    lines = moves(heard)
    # New game says its name and focused control; the table's first words are the deal.
    first = next(i for i, (kind, _) in enumerate(heard) if kind not in ("screen", "focus"))
    assert heard[0][0] == "screen" and heard[first][0] == "deal"
    assert any(k == "score" for k, _ in heard)
    bot = [rec for rec in deal.plays if rec.seat not in table.humans]
    assert bot, "the bot never played"
    at = 0
    for rec in deal.plays:
        card = card_words(rec.card)
        take = take_words(rec.take) if rec.take else None
        while at < len(lines) and not (card in lines[at] and (take is None or take in lines[at])):
            at += 1
        assert at < len(lines), f"the play of {C.name(rec.card)} was never said in order"
        at += 1
    assert len([x for x in lines if x.startswith(table.player_name(1 - table.me))]) >= len(bot)


def test_an_eralash_deal_of_four_by_ear(monkeypatch: Any) -> None:
    from game.speech.words import card_words

    lang = "ru"
    i18n.set_language(lang)
    table, heard = run("eralash", "eralash_tables:make_first_bot", lang, monkeypatch)
    deal = table.match.deals_done and table.match.deal if False else table.shown
    assert table.match.players and len(table.match.players) == 4
    lines = moves(heard)
    plays = list(zip(deal.seats_of_plays(), deal.played, strict=True))
    assert len(plays) == 52
    at = 0
    for i, (seat, card) in enumerate(plays):
        want = i18n.t("speech.eralash.played", name=table.player_name(seat), card=card_words(card))
        while at < len(lines) and lines[at] != want:
            at += 1
        assert at < len(lines), f"play {i} ({C.name(card)}) was never said in order"
        at += 1
        if i % 4 == 3:  # the trick's winner follows its last card
            winner = deal.winners[i // 4]
            assert (
                table.player_name(winner) in lines[at]
                or i18n.t("speech.your_turn") in lines[at]
                or "Вы" in lines[at]
            ), lines[at]
