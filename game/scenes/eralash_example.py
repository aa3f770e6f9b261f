"""The example game: the original text's illustrative deal replayed from its record, trick by trick.

All four hands lie face up; the narration (the text's own words, in Russian or English) tells each
trick while it is played. Enter, → or the Next button plays the next trick; Esc closes. The record is
``game/data/eralash_illustrative.json`` (the same file the engine's tests replay).
"""

from __future__ import annotations

import json
from typing import Any

import pygame

from engine import cards as C
from engine.eralash import Match, Options
from game import i18n
from game.i18n import t
from game.resources import asset
from game.scenes.eralash_table import DEMO_NAMES, EralashTable
from game.themes import BRASS_LIGHT, IVORY
from game.widgets.buttons import Button, button_height, row_of_buttons

RECORD = ("game", "data", "eralash_illustrative.json")
CARD_PAUSE = 0.8  # seconds between two cards of a trick


def load_record() -> dict[str, Any]:
    return json.loads(asset(*RECORD).read_text(encoding="utf-8"))


def example_match(rec: dict[str, Any]) -> tuple[Match, list[int]]:
    """The record's robber before its first card, and the cards to play (the deal's plays)."""
    deal = rec["deals"][0]
    hands = [C.parse_set(h) for h in deal["hands"]]
    match = Match.new(
        Options.from_dict(rec.get("options")),
        rec["players"],
        0,
        deal["dealer"],
        deals=[(deal["dealer"], hands)],
    )
    return match, [C.parse(x) for x in deal["plays"]]


class ExampleTable(EralashTable):
    """No bots and no saving: the table plays the record's cards itself, a trick per step."""

    def __init__(self, app: Any, session: Any, plays: list[int]) -> None:
        super().__init__(app, session, reveal=True)
        self.levels = [None] * self.n  # nobody thinks: no bot process is started
        self.me = 1  # Svetlana, the eldest hand and the heroine of the text, sits at the bottom
        self.plays = plays
        self.step = 0  # 0: the deal and its declarations; k: trick k is played or being played
        self.queue: list[int] = []
        self._last_card = 0.0

    @classmethod
    def create(cls, app: Any) -> ExampleTable:
        from game.saves import SavedGame, Session

        rec = load_record()
        if i18n.get_language() != "ru":  # the text's players, spelt for the reader
            ru, own = DEMO_NAMES["ru"], DEMO_NAMES.get(i18n.get_language(), DEMO_NAMES["en"])
            rec = {**rec, "players": [own[ru.index(p)] if p in ru else p for p in rec["players"]]}
        match, plays = example_match(rec)
        n = match.n_players
        saved = SavedGame(game="eralash", match=match.to_save(), seats=["club"] * n, bot_seeds=[0] * n)
        return cls(app, Session(None, saved, match), plays)

    @property
    def tricks_in_record(self) -> int:
        return len(self.plays) // self.n

    def narration(self) -> str:
        if self.step == 0:
            return t("eralash.example.intro")
        if self.step > self.tricks_in_record:
            return t("eralash.example.end")
        return t(f"eralash.example.trick{self.step}")

    def advance(self) -> None:
        """Play the next trick of the record (or, after the last one, the closing words)."""
        if self.phase == "declare":
            self.end_declarations()
            return
        if not self.can_advance():
            return
        if self.gather is not None:  # the trick just read about goes to its winner now
            self.gather_trick()
        self.step += 1
        if self.step <= self.tricks_in_record:
            k = self.step - 1
            self.queue = self.plays[k * self.n : (k + 1) * self.n]
            self._last_card = self.clock - CARD_PAUSE
        self.build_buttons()

    def update_bot(self) -> None:
        """Instead of bots: the record's next card, when the previous one has landed."""
        if not self.queue or self.busy() or self.phase != "play":
            return
        if self.clock - self._last_card < CARD_PAUSE * max(0.2, self.tweens.factor):
            return
        self._last_card = self.clock
        self.apply_move(self.queue.pop(0))
        if not self.queue:
            self.build_buttons()

    def on_match_over(self) -> None: ...

    def on_moved(self, move: Any, before: Any, finished: Any | None) -> None:
        """As at the table, except that a finished trick stays in the centre while it is read about."""
        deal = self.match.deal
        if isinstance(move, int) and len(deal.winners) > len(before.winners):
            self.app.play_sound("play")
            self.gather = len(deal.winners) - 1
            self.sync(duration=0.3)  # the winning card is ringed by TrickMarks while the trick lies there
            return
        super().on_moved(move, before, finished)

    def can_advance(self) -> bool:
        return (
            self.phase == "play"
            and not self.queue
            and not self.tweens.busy
            and not self.holds
            and self.step <= self.tricks_in_record
        )

    def end_declarations(self) -> None:
        super().end_declarations()
        self.build_buttons()

    def build_buttons(self) -> None:
        super().build_buttons()
        lay = self.layout
        if lay is None:
            return
        w, h = lay.size
        bh = self.button_height()
        fs = self.font_size(0.024)
        self.buttons = [b for b in self.buttons if b.key not in ("menu", "play")]
        close = Button(
            "close", t("eralash.example.close"), pygame.Rect(0, 0, 10, bh), self.to_menu, pygame.K_ESCAPE
        )
        row_of_buttons([close], (0, 0), bh, self.text, fs, pad=18)
        close.rect.topright = (w - int(h * 0.03), int(h * 0.03))
        sheet = next((b for b in self.buttons if b.key == "sheet"), None)
        if sheet is not None:
            sheet.rect.topright = (close.rect.left - 10, close.rect.top)
        self.buttons.append(close)
        label = t("eralash.example.next") if self.step <= self.tricks_in_record else ""
        if self.phase == "declare":
            label = t("eralash.example.to_tricks")
        if label:
            nxt = Button("next", label, pygame.Rect(0, 0, 10, bh), self.advance, pygame.K_RETURN, accent=True)
            row_of_buttons([nxt], (0, 0), bh, self.text, fs, pad=22)
            left = min(b.rect.left for b in self.buttons)
            nxt.rect.topright = (left - 10, close.rect.top)
            nxt.enabled = self.phase == "declare" or self.can_advance()
            self.buttons.append(nxt)

    def update(self, dt: float) -> None:
        super().update(dt)
        nxt = next((b for b in self.buttons if b.key == "next"), None)
        if nxt is not None:
            nxt.enabled = self.phase == "declare" or self.can_advance()

    def key(self, key: int, mod: int = 0) -> bool:
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_RIGHT):
            self.advance()
            return True
        if key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        return False

    def make_layout(self, size: tuple[int, int]) -> Any:
        """The table's layout with the trick a little higher: the narration needs the room below it."""
        lay = super().make_layout(size)
        lift = int(size[1] * 0.06)
        for place in lay.seats:  # all of them: the trick's cards keep clear of one another
            place.trick = (place.trick[0], place.trick[1] - lift)
        lay.centre = (lay.centre[0], lay.centre[1] - lift)
        lay.trick_area.move_ip(0, -lift)
        lay.announce.move_ip(0, -lift)
        return lay

    def announce_box(self) -> pygame.Rect:
        """The declarations plaque sits higher here (no Play button): the narration goes under it."""
        box = super().announce_box()
        if self.phase == "declare":
            h = self.layout.size[1]
            box.height -= button_height(h) + int(h * 0.02)
            box.top = int(h * 0.19)
        return box

    def narration_lines(self) -> list[str]:
        return self.text.wrap(self.narration(), self.font_size(0.021), int(self.layout.size[0] * 0.6))

    def narration_box(self) -> pygame.Rect:
        """Above your hand; during the declarations, above their plaque."""
        lay = self.layout
        line_h = self.text.font(self.font_size(0.021)).get_linesize()
        head_h = self.text.font(self.font_size(0.018), "italic").get_linesize()
        box = pygame.Rect(
            0, 0, int(lay.size[0] * 0.6) + 40, len(self.narration_lines()) * line_h + head_h + 22
        )
        if self.phase == "declare":
            box.midtop = (lay.centre[0], self.announce_box().bottom + int(lay.size[1] * 0.012))
        else:
            hand_top = lay.seats[0].hand[1] - lay.card[1] * 0.5
            box.midbottom = (lay.centre[0], int(hand_top - lay.size[1] * 0.035))
        return box

    def draw_overlay(self, surface: pygame.Surface) -> None:
        super().draw_overlay(surface)
        lay = self.layout
        if lay is None or self.phase == "dealing":
            return
        box = self.narration_box()
        imgs = [self.text.get(line, self.font_size(0.021), IVORY) for line in self.narration_lines()]
        head = self.text.get(t("eralash.example.title"), self.font_size(0.018), BRASS_LIGHT, "italic")
        surface.blit(self._plaque(box.size), box)
        y = box.y + 8
        surface.blit(head, (box.x + 20, y))
        y += head.get_height() + 4
        for img in imgs:
            surface.blit(img, (box.x + 20, y))
            y += img.get_height()
