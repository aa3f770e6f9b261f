"""The example game: the original text's illustrative deal replayed from its record, trick by trick.

All four hands lie face up; the narration (the text's own words, in Russian or English) tells each
trick while it is played. Enter, → or the Next button plays the next trick; Esc closes. The record is
``game/data/eralash_illustrative.json`` (the same file the engine's tests replay).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pygame

from engine import cards as C
from engine.eralash import Match, Options
from game.eralash.layout import OPP_SCALE, EralashLayout
from game.eralash.places import OPEN_SCALE
from game.eralash.table import DEMO_NAMES, EralashTable
from game.layout import text_edge
from game.looks.resources import asset
from game.looks.themes import BRASS_LIGHT, IVORY
from game.widgets.buttons import Button, button_height, row_of_buttons
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.store.saves import Session

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

    def __init__(self, app: App, session: Session, plays: list[int]) -> None:
        super().__init__(app, session, reveal=True)
        self.levels = [None] * self.n  # nobody thinks: no bot process is started
        self.me = 1  # Svetlana, the eldest hand and the heroine of the text, sits at the bottom
        self.plays = plays
        self.step = 0  # 0: the deal and its declarations; k: trick k is played or being played
        self.queue: list[int] = []
        self._last_card = 0.0
        self.top_plate_bottom = 0  # the top seat's plate's bottom edge (set with the layout)

    @staticmethod
    def fresh_session() -> tuple[Session, list[int]]:
        """The record's robber before its first card (players spelt for the reader), as a session."""
        from game.store.saves import SavedGame, Session

        rec = load_record()
        if i18n.get_language() != "ru":  # the text's players, spelt for the reader
            ru, own = DEMO_NAMES["ru"], DEMO_NAMES.get(i18n.get_language(), DEMO_NAMES["en"])
            rec = {**rec, "players": [own[ru.index(p)] if p in ru else p for p in rec["players"]]}
        match, plays = example_match(rec)
        n = match.n_players
        saved = SavedGame(game="eralash", match=match.to_save(), seats=["club"] * n, bot_seeds=[0] * n)
        return Session(None, saved, match), plays

    @classmethod
    def create(cls, app: App) -> ExampleTable:
        session, plays = cls.fresh_session()
        return cls(app, session, plays)

    race_shown = False  # the narration tells the race; the top of this table is laid out for it
    trick_captions = False

    def deal_number_text(self) -> str:
        """The example is a record's own deal, not one dealt from a game number: none is shown."""
        return ""

    def can_go_back(self) -> bool:
        return (self.phase == "play" and not self.queue and not self.tweens.busy
                and not self.holds - {"declare"})

    def go_back(self) -> None:
        """◂ Previous: the table as it stood one step earlier (the record replayed up to there at once)."""
        if not self.can_go_back():
            return
        if self.step == 0:  # back to the declarations
            self.session, _ = self.fresh_session()
            self.shown = self.match.deal
            self.gather = None
            self.begin_declarations()
            self.tweens.finish_all()
            self.sync(instant=True)
            self.build_buttons()
            return
        k = min(self.step - 1, self.tricks_in_record)
        self.session, _ = self.fresh_session()
        for card in self.plays[: k * self.n]:
            self.session.play(card)
        self.shown = self.match.deal
        self.step, self.queue, self.banner = k, [], None
        self.gather = k - 1 if k >= 1 else None
        self.sync(instant=True)  # the trick just replayed lies in the centre, its winner marked
        self.build_buttons()

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
        """Play the next trick of the record (or, after the last one, the closing words). Pressed
        while a trick is still being played, its cards land at once first: no impatient click is lost."""
        if self.phase == "declare":
            self.end_declarations()
            return
        if self.can_hurry():
            self.hurry()
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

    def can_hurry(self) -> bool:
        """A trick of the record is being played (its cards still to come or moving)."""
        return self.phase == "play" and not self.holds and bool(self.queue or self.tweens.busy)

    def hurry(self) -> None:
        """The trick being played finished at once: its cards still to come played, every move landed."""
        while self.queue and self.phase == "play":
            self.tweens.finish_all()
            self.apply_move(self.queue.pop(0))
        self.tweens.finish_all()
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

    def timers_running(self) -> bool:
        """The record's next cards wait on the clock too."""
        return super().timers_running() or bool(self.queue)

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
        kept = list(self.buttons)

        def lay_row(fs: int) -> Button:
            self.buttons = list(kept)
            close = Button(
                "close", t("eralash.example.close"), pygame.Rect(0, 0, 10, bh), self.to_menu, pygame.K_ESCAPE
            )
            row_of_buttons([close], (0, 0), bh, self.text, fs, pad=18)
            close.text_size = fs  # (drawn at the size it was measured at, as the table's own row)
            edge = max(int(h * 0.03), text_edge((w, h)))  # clear of the rail (wider than 3% at 4K)
            close.rect.topright = (w - edge, edge)
            sheet = next((b for b in self.buttons if b.key == "sheet"), None)
            if sheet is not None:
                sheet.rect.topright = (close.rect.left - 10, close.rect.top)
            self.buttons.append(close)
            label = t("eralash.example.next") if self.step <= self.tricks_in_record else ""
            if self.phase == "declare":
                label = t("eralash.example.to_tricks")
            left = min(b.rect.left for b in self.buttons if b.rect.top == close.rect.top)  # the top row
            if label:
                nxt = Button("next", label, pygame.Rect(0, 0, 10, bh), self.advance, pygame.K_RETURN,
                             accent=True)
                row_of_buttons([nxt], (0, 0), bh, self.text, fs, pad=22)
                nxt.text_size = fs
                nxt.rect.topright = (left - 10, close.rect.top)
                nxt.enabled = self.phase == "declare" or self.can_advance() or self.can_hurry()
                self.buttons.append(nxt)
                left = nxt.rect.left
            if self.phase == "play":
                prev = Button("prev", t("eralash.example.previous"), pygame.Rect(0, 0, 10, bh), self.go_back,
                              pygame.K_LEFT)
                row_of_buttons([prev], (0, 0), bh, self.text, fs, pad=22)
                prev.text_size = fs
                prev.rect.topright = (left - 10, close.rect.top)
                prev.enabled = self.can_go_back()
                self.buttons.append(prev)
            return close

        close = lay_row(fs)
        # A larger text size: the row's words smaller (down to their 100 % size) where it would leave
        # the top hand no room beside the score plaque.
        plain = max(12, int(h * 0.024))
        def row_left() -> int:
            return min(b.rect.left for b in self.buttons if b.rect.top == close.rect.top)

        while fs > plain and row_left() < lay.score.right + lay.card[0] * 4:
            fs -= 1
            close = lay_row(fs)
            for b in self.buttons:
                b.text_size = fs
        row = [b.rect for b in self.buttons if b.rect.top == close.rect.top]
        moved = lay.clear_of_buttons(row[0].unionall(row[1:]))
        top = next((p for p in lay.seats if p.side == "top"), None)
        if top is not None:  # its cards are open and full size here: their right half too stays clear
            over = top.hand[0] + top.hand_len / 2 + lay.card[0] * 0.5 - (min(r.left for r in row) - 8)
            if over > 0:
                top.hand_len = max(lay.card[0] * 2.0, top.hand_len - over)
                top.hand = (top.hand[0] - over / 2, top.hand[1])
                moved = True
        if moved and self.sprites and not self.tweens.busy and not self.drag.dragging:  # (a held step too)
            self.sync(instant=True)
        if top is not None:  # the plate under the open hand, left of the trick's caption above its top card
            top.plate = (int(top.hand[0]), top.plate[1])
            self.plate_clear_of_trick(top)

    def plate_clear_of_trick(self, top: Any) -> None:
        """The top seat's plate wholly left of the trick's top card and its ring (a larger text size
        makes it wider than the cloth between the hand's middle and that card), never onto the score."""
        lay = self.layout
        gap = max(8, lay.size[0] // 100)
        limit = int(top.trick[0] - lay.card[0] / 2) - 7 - gap  # (the winner's ring: 7 px round the card)
        seat = next(s for s in range(self.n) if lay.place(s, self.me) is top)
        for _ in range(3):  # (its width depends on where it stands: moved at most twice)
            parts = self.plates.plate_parts(seat)[0]
            right = max(r.right for _, r in parts)
            left = min(r.left for _, r in parts)
            over = right - limit
            if over <= 0:
                return
            over = min(over, left - (lay.score.right + gap))
            if over <= 0:
                return
            top.plate = (top.plate[0] - over, top.plate[1])

    def update(self, dt: float) -> None:
        super().update(dt)
        nxt = next((b for b in self.buttons if b.key == "next"), None)
        if nxt is not None:
            nxt.enabled = self.phase == "declare" or self.can_advance() or self.can_hurry()
        prev = next((b for b in self.buttons if b.key == "prev"), None)
        if prev is not None:
            prev.enabled = self.can_go_back()

    def key(self, key: int, mod: int = 0) -> bool:
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_RIGHT):
            self.advance()
            return True
        if key in (pygame.K_LEFT, pygame.K_BACKSPACE):
            self.go_back()
            return True
        if key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        return False

    def make_layout(self, size: tuple[int, int]) -> EralashLayout:
        """The table's layout with the trick a little higher: the narration needs the room below it."""
        lay = super().make_layout(size)
        lift = int(size[1] * 0.06)
        for place in lay.seats:  # all of them: the trick's cards keep clear of one another
            place.trick = (place.trick[0], place.trick[1] - lift)
        lay.centre = (lay.centre[0], lay.centre[1] - lift)
        lay.trick_area.move_ip(0, -lift)
        lay.announce.move_ip(0, -lift)
        top = next((p for p in lay.seats if p.side == "top"), None)
        if top is not None:  # its open hand from the rail down, its plate under it, clear of the trick
            h = size[1]
            margin, gap = int(h * 0.03), int(h * 0.012)
            plate_h = self.text.font(self.font_size(0.022), "bold").get_height() + self.text.font(
                self.font_size(0.018), "italic").get_height()
            trick_top = top.trick[1] - lay.card[1] / 2
            room = trick_top - gap - plate_h - int(h * 0.02) - margin
            self.open_top_scale = max(OPP_SCALE, min(OPEN_SCALE, room / lay.card[1]))
            ch = lay.card[1] * self.open_top_scale
            top.hand = (top.hand[0], margin + ch / 2)
            top.plate = (top.plate[0], int(top.hand[1] + ch / 2 + h * 0.02 + plate_h / 2))
            self.top_plate_bottom = int(top.plate[1] + plate_h / 2 + 2)
        return lay

    def announce_box(self) -> pygame.Rect:
        """The declarations plaque sits higher here (no Play button): the narration goes under it."""
        box = super().announce_box()
        if self.phase == "declare":
            h = self.layout.size[1]
            box.height -= button_height(h) + int(h * 0.02)
            # under the top plate
            box.top = max(int(h * 0.19), self.top_plate_bottom + int(h * 0.01))
        return box

    def narration_layout(self) -> tuple[pygame.Rect, list[str], list[str]]:
        """The narration's plaque, its lines and its heading's lines. Under the trick, above your
        hand, when it fits there (wider, and without its heading, in a small window); else beside
        the trick on the right; during the declarations, under their plaque."""
        lay = self.layout
        w, h = lay.size
        gap = max(6, int(h * 0.012))
        self.narration_k = 1.0

        def fit(width: int, with_head: bool = True) -> tuple[pygame.Rect, list[str], list[str]]:
            fs, hs = self.nfs(0.021), self.nfs(0.018)
            line_h, head_h = self.narration_line_heights()
            lines = self.text.wrap(self.narration(), fs, width - 40)
            head = self.text.wrap(t("eralash.example.title"), hs, width - 40, "italic") if with_head else []
            return pygame.Rect(0, 0, width, len(lines) * line_h + len(head) * head_h + 20), lines, head

        box, lines, head = fit(int(w * 0.54) + 40)
        if self.phase == "declare":
            top = self.announce_box().bottom + gap
            from game.eralash.layout import RUN_SCALE

            runs = lay.place(self.me, self.me).runs[1] - lay.card[1] * RUN_SCALE / 2 - gap  # your runs
            least = 1 / self.app.text.scale
            while top + box.height > runs and self.narration_k > least + 1e-9:  # (a larger text size)
                self.narration_k = max(least, self.narration_k - 0.05)
                box, lines, head = fit(int(w * 0.54) + 40, False)
            box.midtop = (lay.centre[0], top)
            return box, lines, head
        cw, ch = lay.card
        hand_top = lay.seats[0].hand[1] - ch * 0.5
        fs = self.font_size(0.021)
        trick_bottom = max(p.trick[1] for p in lay.seats) + ch * 0.5 + fs * 1.8  # and its mark's word
        room = hand_top - trick_bottom - 2 * gap
        # Never over the side seats' hands or their piles of won tricks.
        half = w / 2 - gap
        for p in lay.seats:
            if p.side in ("left", "right"):
                pile = lay.pile_extent(p)
                inner = pile.right if p.side == "left" else pile.left
                half = min(half, abs(p.hand[0] - lay.centre[0]) - ch * 0.4, abs(inner - lay.centre[0]))
        widest = int(min(w * 0.66 + 40, 2 * (half - gap)))
        least = 1 / self.app.text.scale  # a larger text size: smaller words here before none fit
        tries = ((min(widest, int(w * 0.54) + 40), True), (widest, True), (widest, False))
        while True:
            for width, with_head in tries:
                box, lines, head = fit(width, with_head)
                if box.height <= room:
                    box.midbottom = (lay.centre[0], int(hand_top - gap))
                    return box, lines, head
            if self.narration_k <= least + 1e-9:
                break
            self.narration_k = max(least, self.narration_k - 0.05)
        # Beside the trick on the right: from the trump plaque down to the right seat's pile, as wide
        # as the cloth between the trick and that seat's hand.
        trick_right = max(p.trick[0] for p in lay.seats) + cw * 0.5 + 14
        right, bottom = w - gap * 3, int(hand_top - gap)
        for p in lay.seats:
            if p.side == "right":
                right = p.hand[0] - ch * 0.4
                bottom = min(bottom, lay.pile_extent(p).top - gap)
        left = int(trick_right + gap)
        box, lines, head = fit(max(160, int(right - gap) - left), False)
        top = lay.trump.bottom + gap
        box.topleft = (left, top)
        if box.bottom > bottom:  # no room above the pile: the cloth below the trick, as it can
            box, lines, head = fit(widest, False)
            box.midbottom = (lay.centre[0], int(hand_top - gap))
        return box, lines, head

    def nfs(self, share: float) -> int:
        """A size of the narration (``narration_k``: smaller where a larger text size has no room)."""
        return max(12, int(self.font_size(share) * getattr(self, "narration_k", 1.0)))

    def narration_line_heights(self) -> tuple[int, int]:
        fs, hs = self.nfs(0.021), self.nfs(0.018)
        head = self.text.get("Ag", hs, BRASS_LIGHT, "italic")
        return self.text.get("Ag", fs).get_height(), head.get_height()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        super().draw_overlay(surface)
        lay = self.layout
        if lay is None or self.phase == "dealing":
            return
        box, lines, head = self.narration_layout()
        fs, hs = self.nfs(0.021), self.nfs(0.018)
        line_h, head_h = self.narration_line_heights()
        surface.blit(self._plaque(box.size), box)
        y = box.y + 8
        for line in head:
            surface.blit(self.text.get(line, hs, BRASS_LIGHT, "italic"), (box.x + 20, y))
            y += head_h
        y += 4 if head else 0
        for line in lines:
            surface.blit(self.text.get(line, fs, IVORY), (box.x + 20, y))
            y += line_h


def open_example(app: App) -> ExampleTable:
    """The Rules screen's hook: the original text's illustrative game, trick by trick, with narration."""
    scene = ExampleTable.create(app)
    app.stack.push(scene)
    return scene
