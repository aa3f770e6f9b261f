"""The Uragan table's prompts: the capture chooser, the claim question and the pick after a claim.

They sit in free table space — a band at the bottom of the cloth between the table cards and your
hand, never over your cards — and the card about to be played waits at the right end of the cloth,
clear of the table cards. Options that follow the priorities come first; in ``book`` claims one that
breaks a priority is marked as claimable before you commit. Hovering an option or moving the
keyboard focus onto it (←/→, Tab) lights exactly the cards it takes; Enter or its number picks it.
(A part of ``UraganTable``.)
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import cards as C
from engine.uragan.claim import breach
from engine.uragan.moves import CLAIM, LET_STAND, Play
from game.looks.themes import GLOW_CHOICE, IVORY, WARN
from game.uragan.log import claim_question
from game.uragan.words import CLAIM_PHASE, PICK_PHASE, take_text
from game.widgets import shapes
from game.widgets.buttons import Button, row_of_buttons
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from engine.uragan.deal import Deal
    from engine.uragan.match import Match
    from game.layout import UraganLayout
    from game.uragan.hand import UraganHand
    from game.widgets.cards import CardImages, CardSprite
    from game.widgets.table import Message
    from game.widgets.text import TextCache


class ChoiceHost(Protocol):
    """What the prompts read from their table: the deal and match shown, the places, the text, the
    sprites they light, the buttons they answer through, and the hand that plays what is chosen."""

    @property
    def layout(self) -> UraganLayout: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def match(self) -> Match: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
    @property
    def images(self) -> CardImages: ...
    @property
    def buttons(self) -> list[Button]: ...
    @property
    def message(self) -> Message | None: ...
    @property
    def hand(self) -> UraganHand: ...
    def prompt_open(self) -> bool: ...
    def deal_number_rect(self) -> pygame.Rect | None: ...
    def score_rect(self) -> pygame.Rect: ...
    def last_play_tag_rect(self) -> pygame.Rect | None: ...
    def is_human_turn(self) -> bool: ...
    def player_name(self, seat: int) -> str: ...
    def form(self, seat: int) -> str: ...
    def font_size(self, share: float) -> int: ...
    def button_height(self) -> int: ...
    def suits(self) -> Any: ...
    def propose(self, move: Any) -> str | None: ...
    def refuse(self, reason: str) -> None: ...
    def build_buttons(self) -> None: ...
    def sync(
        self,
        instant: bool = False,
        duration: float = 0.35,
        stagger: float = 0.0,
        order: list[int] | None = None,
        skip: set[int] | frozenset[int] = frozenset(),
    ) -> float: ...
    def _plaque(self, size: tuple[int, int]) -> pygame.Surface: ...


class UraganChoice:
    """The prompts of ``UraganTable``: the card parked while its capture is chosen, the option under the
    pointer or the keyboard's focus, and the prompt's wrapped lines and rows of buttons."""

    def __init__(self, host: ChoiceHost) -> None:
        self.host = host
        self.choice: tuple[int, list[Play]] | None = None  # a card waiting for the player to pick a capture
        self.hover: int | None = None  # the chooser's option under the pointer
        self.focus: int | None = None  # the chooser's option the keyboard is on
        self.chip_rows = 1  # the rows the prompt's buttons take
        self.chip_width = 0  # its widest button and the plaque's edges (the plaque grows to it)
        self._wrap: tuple[tuple[str, int, int], list[str]] | None = None

    # --- what is being asked ------------------------------------------------------------------------

    def pick_moves(self) -> list[Play]:
        """The captures the human must choose between after the bot's claim (PICK phase)."""
        host = self.host
        if host.is_human_turn() and host.shown.phase == PICK_PHASE and host.match.deal is host.shown:
            return [m for m in self.host.match.legal_moves() if isinstance(m, Play)]
        return []

    def claim_prompt(self) -> bool:
        host = self.host
        return host.is_human_turn() and host.shown.phase == CLAIM_PHASE and host.match.deal is host.shown

    def prompt_open(self) -> bool:
        return self.choice is not None or self.claim_prompt() or bool(self.pick_moves())

    def options(self) -> list[Play]:
        """The moves the open chooser offers, in the order shown (none when no chooser is open)."""
        if self.choice is not None:
            return self.choice[1]
        return self.pick_moves()

    def claimable(self, move: Play) -> bool:
        """Would this play of the player's break a priority, so that the opponent may claim?"""
        if self.host.match.options.strict or self.host.shown.phase != 0:
            return False
        return breach(move.card, move.take, self.host.shown.table) is not None

    def ordered(self, card: int, options: list[Play]) -> list[Play]:
        """Options that follow the priorities first (then captures before a trail, bigger first)."""
        return sorted(options, key=lambda m: (self.claimable(m), m.take == 0, -C.count(m.take)))

    # --- the prompt's text and place ----------------------------------------------------------------

    def prompt_text(self) -> str:
        deal = self.host.shown
        if self.claim_prompt() and deal.pending is not None:
            return claim_question(deal.pending, self.host.player_name(deal.turn), self.host.form(deal.turn))
        if self.choice is None and self.pick_moves() and self.host.message is not None:
            return self.host.message.text
        return t("uragan.choose_capture")

    def prompt_lines(self) -> tuple[int, list[str]]:
        fs = self.host.font_size(0.023)
        width = int(self.host.layout.table.width * 0.94) - 40
        key = (self.prompt_text(), fs, width)
        if self._wrap is None or self._wrap[0] != key:
            self._wrap = (key, self.host.text.wrap(key[0], fs, width))
        return fs, self._wrap[1]

    def prompt_rect(self) -> pygame.Rect | None:
        """The prompt's plaque: text above its buttons, at the bottom of the cloth above your hand."""
        if not self.host.prompt_open() or self.host.layout is None:
            return None
        lay = self.host.layout
        fs, lines = self.prompt_lines()
        line_h = self.host.text.font(fs).get_linesize()
        bh = self.host.button_height()
        rows = self.chip_rows
        height = 12 + len(lines) * line_h + 10 + rows * bh + (rows - 1) * 8 + 12
        rect = pygame.Rect(0, 0, int(lay.table.width * 0.94), height)
        rect.midbottom = (lay.table.centerx, lay.my_hand.top - max(4, lay.card[1] // 20))
        if self.chip_width > rect.width:  # a larger text size: as wide as its widest button, on the cloth
            cloth = pygame.Rect((0, 0), lay.size).inflate(-2 * lay.inset - 16, 0)
            rect.width = min(self.chip_width, cloth.width)
            rect.centerx = lay.table.centerx
            rect.clamp_ip(cloth)
        return rect

    def table_area(self) -> pygame.Rect:
        """Where the table cards lie: the cloth, less the prompt's band and the waiting card's spot, and
        clear of the score plaque, which at a larger text size grows past the corner the layout gave it."""
        lay = self.host.layout
        area = lay.table.copy()
        cw, ch = lay.card
        score = self.host.score_rect()  # as drawn
        left = score.right + max(6, cw // 12)
        if score.colliderect(area) and area.right - left >= 3 * cw:
            area = pygame.Rect(left, area.top, area.right - left, area.height)
        if self.waiting_card() is not None:
            area.width -= int(cw * 1.35)
        prompt = self.prompt_rect()
        if prompt is not None and prompt.top < area.bottom:
            area.height = max(int(ch * 1.04), prompt.top - area.top - int(ch * 0.06))
            area.bottom = min(area.bottom, prompt.top - 4)
            area.top = min(area.top, area.bottom - int(ch * 1.04))
        return area

    def waiting_card(self) -> int | None:
        """The card about to be played: yours while you choose, or one whose claim is pending."""
        if self.choice is not None:
            return self.choice[0]
        deal = self.host.shown
        if deal.pending is not None and not deal.is_over():
            return deal.pending.card
        return None

    def play_spot(self) -> tuple[float, float]:
        """The "about to play" spot: the right end of the cloth, level with the table cards."""
        lay = self.host.layout
        cw, _ = lay.card
        area = self.table_area()
        return (lay.table.right - cw * 0.6, area.centery)

    # --- opening, choosing, answering ---------------------------------------------------------------

    def open_choice(self, card: int, options: list[Play]) -> None:
        """Several plays are possible: park the card, light the options, let the player pick."""
        self.choice = (card, self.ordered(card, options))
        self.host.hand.selected = None
        self.hover = None
        self.focus = None
        self.host.hand.clear_highlights()
        self.light_options()
        self.host.build_buttons()
        self.host.sync(duration=0.2)

    def close_choice(self) -> None:
        self.choice = None
        self.hover = None
        self.focus = None
        self.host.hand.clear_highlights()
        self.host.build_buttons()
        self.host.sync(duration=0.2)

    def choose(self, index: int) -> None:
        if self.choice is None:
            moves = self.pick_moves()
            if 0 <= index < len(moves):
                self.host.hand.submit(moves[index])
            return
        card, options = self.choice
        if 0 <= index < len(options):
            self.choice = None
            self.hover = self.focus = None
            self.host.hand.submit(options[index])
            self.host.build_buttons()

    def answer_claim(self, move: Any) -> None:
        error = self.host.propose(move)
        if error:
            self.host.refuse(error)
        self.host.build_buttons()

    def shown_option(self) -> int | None:
        """The option whose cards are lit alone: the one under the pointer, else the focused one."""
        return self.hover if self.hover is not None else self.focus

    def light_options(self) -> None:
        """Light exactly the cards the hovered or focused option takes (all options' when neither)."""
        opts = self.options()
        if not opts:
            return
        shown = self.shown_option()
        chosen = [opts[shown]] if shown is not None and 0 <= shown < len(opts) else opts
        lit = 0
        for m in chosen:
            lit |= m.take
        for c in C.cards(self.host.shown.table):
            s = self.host.sprites.get(c)
            if s is not None:
                s.highlight = "choice" if lit >> c & 1 else None

    def move_focus(self, step: int) -> None:
        n = len(self.options())
        if not n:
            return
        i = self.focus
        self.focus = (0 if step > 0 else n - 1) if i is None else (i + step) % n
        self.light_options()

    def choice_key(self, key: int) -> bool:
        """Keys while a chooser is open: arrows and Tab move the focus, Enter takes the focused one."""
        if not self.options():
            return False
        if key in (pygame.K_LEFT, pygame.K_UP):
            self.move_focus(-1)
            return True
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.move_focus(1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
            self.choose(self.focus)
            return True
        return False

    def hover_option(self, pos: tuple[int, int]) -> None:
        hover = None
        for b in self.host.buttons:
            if b.key.startswith(("choice", "pick")) and b.rect.collidepoint(pos):
                hover = int(b.key.removeprefix("choice").removeprefix("pick"))
        if hover != self.hover:
            self.hover = hover
            self.light_options()

    # --- buttons ------------------------------------------------------------------------------------

    def option_label(self, i: int, m: Play) -> str:
        label = f"{i + 1}. " + (take_text(m.take) if m.take else t("uragan.trail"))
        return t("story.option.claimable", label=label) if self.claimable(m) else label

    def prompt_chips(self, bh: int) -> list[Button]:
        chips: list[Button] = []
        prefix = "choice" if self.choice is not None else "pick"
        for i, m in enumerate(self.options()):
            chip = Button(
                f"{prefix}{i}",
                self.option_label(i, m),
                pygame.Rect(0, 0, 10, bh),
                partial(self.choose, i),
                pygame.K_1 + i if i < 9 else None,
                accent=True,
            )
            chip.warn = self.claimable(m)
            chip.suits = self.host.suits()
            chips.append(chip)
        if self.choice is not None:
            chips.append(
                Button(
                    "cancel",
                    t("uragan.cancel"),
                    pygame.Rect(0, 0, 10, bh),
                    self.close_choice,
                    pygame.K_ESCAPE,
                )
            )
        elif self.claim_prompt():
            claim = Button(
                "claim",
                t("uragan.claim.claim"),
                pygame.Rect(0, 0, 10, bh),
                lambda: self.answer_claim(CLAIM),
                pygame.K_y,
                accent=True,
            )
            stand = Button(
                "stand",
                t("uragan.claim.let_it_stand"),
                pygame.Rect(0, 0, 10, bh),
                lambda: self.answer_claim(LET_STAND),
                pygame.K_n,
            )
            chips += [claim, stand]
        return chips

    def place_chips(self, chips: list[Button], fs: int) -> None:
        """The answer buttons in rows at the bottom of the prompt's plaque (as many rows as they need;
        the plaque grows to hold them)."""
        if not chips or self.host.layout is None:
            self.chip_rows, self.chip_width = 1, 0
            return
        bh = self.host.button_height()
        font = self.host.text.font(fs)
        gap, pad = 14, 26
        self.chip_width = max(font.size(c.label)[0] + 2 * pad for c in chips) + 24
        room = max(int(self.host.layout.table.width * 0.94), self.chip_width) - 24
        rows: list[list[Button]] = [[]]
        used = 0
        for c in chips:
            need = font.size(c.label)[0] + 2 * pad
            if rows[-1] and used + gap + need > room:
                rows.append([])
                used = 0
            used += need + (gap if len(rows[-1]) else 0)
            rows[-1].append(c)
        self.chip_rows = len(rows)
        rect = self.prompt_rect()
        if rect is None:
            return
        for i, row in enumerate(rows):
            y = rect.bottom - 12 - bh // 2 - (len(rows) - 1 - i) * (bh + 8)
            row_of_buttons(row, (rect.centerx, y), bh, self.host.text, fs, gap=gap, pad=pad)

    # --- drawing ------------------------------------------------------------------------------------

    def draw_prompt(self, surface: pygame.Surface) -> None:
        rect = self.prompt_rect()
        if rect is None:
            return
        surface.blit(self.host._plaque(rect.size), rect)
        fs, lines = self.prompt_lines()
        colour = IVORY if self.claim_prompt() else GLOW_CHOICE
        y = rect.y + 12
        for line in lines:
            img = self.host.text.get(line, fs, colour, suits=self.host.suits())
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += self.host.text.font(fs).get_linesize()
        opts = self.options()
        shown = self.shown_option()
        if shown is not None and 0 <= shown < len(opts):
            size = self.host.images.size
            ring = WARN if self.claimable(opts[shown]) else GLOW_CHOICE
            for c in C.cards(opts[shown].take):
                s = self.host.sprites.get(c)
                if s is not None:
                    shapes.rect(surface, ring, s.rect(size).inflate(16, 16), width=6, border_radius=12)

    def waiting_spot(self) -> tuple[pygame.Rect, pygame.Surface, pygame.Rect] | None:
        """The "about to play" spot while a card waits there: its frame, its caption and where it goes."""
        card = self.waiting_card()
        if card is None or card not in self.host.sprites:
            return None
        cw, ch = self.host.layout.card
        x, y = self.play_spot()
        frame = pygame.Rect(0, 0, int(cw * 1.14), int(ch * 1.1))
        frame.center = (int(x), int(y))
        size = self.host.font_size(0.018)
        cap = self.host.text.get(t("story.about_to_play"), size, IVORY, "italic", shadow=True)
        # Over the frame; where larger text reaches a card beside it: over its left edge, or under it.
        tries = [cap.get_rect(midbottom=(frame.centerx, frame.top - 2)),
                 cap.get_rect(bottomleft=(frame.left, frame.top - 2)),
                 cap.get_rect(midtop=(frame.centerx, frame.bottom + 2))]
        cards = [s.rect(self.host.images.size) for c, s in self.host.sprites.items() if c != card]
        number = self.host.deal_number_rect()
        if number is not None:  # (the game's number under the piles' place, at a larger text size)
            cards.append(number)
        last = self.host.last_play_tag_rect()
        if last is not None:  # the "last play" tag over a table card
            cards.append(last)
        lay = self.host.layout
        count = self.host.text.font(self.host.font_size(0.022)).size(plural(88, "uragan.n_cards"))
        for px, py in (lay.my_pile, lay.opp_pile):  # the count under each pile ("14 cards")
            cards.append(pygame.Rect(0, 0, *count))
            cards[-1].midtop = (int(px), int(py + ch * 0.56))
        cloth = pygame.Rect((0, 0), lay.size).inflate(-2 * lay.inset, -2 * lay.inset)
        for at in tries:
            if cloth.contains(at) and at.collidelist(cards) < 0:
                return frame, cap, at
        return frame, cap, tries[0]

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """A dashed frame and a caption mark the "about to play" spot while a card waits there."""
        spot = self.waiting_spot()
        if spot is None:
            return
        frame, cap, at = spot
        radius = max(6, self.host.layout.card[0] // 10)
        shapes.rect(surface, GLOW_CHOICE, frame, width=2, border_radius=radius)
        surface.blit(cap, at)

    def prompt_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The prompt's boxes for the layout checker (its plaque and the waiting card's frame)."""
        out: list[tuple[str, pygame.Rect]] = []
        rect = self.prompt_rect()
        if rect is not None:
            out.append(("uragan.prompt", rect))
        return out
