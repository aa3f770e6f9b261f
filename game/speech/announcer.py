"""The table's announcer: what happened, said once, from the engine's story; and the query keys.

A table builds one ``Announcer`` (its part, ``table.speech``) with its game's ``Narrator``
(``game/uragan/speech.py``, ``game/eralash/speech.py``: the words for each event, the prompt waiting
for the player, the answers to the query keys) and calls ``update()`` once per frame and
``handle_event(event)`` first among its keys. The announcer keeps ``since``, how many of the match's
events it has told, so a resize, a menu trip or a frame drawn twice say nothing again; a save
restored or a move taken back starts from the story as it stands (what was told is not told again).

Several announcements of one update are said in order, the first interrupting what is still being
spoken only when the player acted since the last one (a bot's play does not cut off the one before;
the player's key does). A query's answer always interrupts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import pygame

from engine.story import Event
from game.words.i18n import t

# Query keys (docs: the Rules screen's Keys paragraph and README): a letter each, none used by a table.
QUERY_KEYS = {
    pygame.K_c: "hand",  # my hand, by suit
    pygame.K_t: "table",  # the table and its total (Uragan), the current trick (Eralash)
    pygame.K_p: "score",  # the score and the race
    pygame.K_e: "repeat",  # what was just said, again
    pygame.K_k: "chosen",  # what the chosen card can take (Uragan) / whether it may be played (Eralash)
    pygame.K_w: "turn",  # whose turn, and who deals
}
QUERIES = tuple(QUERY_KEYS.values())


class Narrator(Protocol):
    """One game's words for the announcer (built with its table)."""

    def told(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        """(kind, text) for ``events``, in order (an event may say nothing, or change the line before)."""

    def waits(self, event: Event) -> bool:
        """Whether ``event`` is about what the table does not show yet (the next deal behind the sheet)."""

    def prompt(self) -> str | None:
        """What the player must answer now (a claim, a capture to choose, trump to name), with its keys."""

    def answer(self, query: str) -> str | None:
        """The reply to a query of ``QUERIES`` (not "repeat"); None: nothing to say."""

    def chosen(self) -> int | None:
        """The card picked in the player's hand (moved through with the arrows), if any."""

    def focus(self, card: int) -> str:
        """The card the player moved to in the hand."""


class SeatsHost(Protocol):
    """What the shared words read of a table's seats."""

    me: int
    humans: list[int]
    demo: bool

    def player_name(self, seat: int) -> str: ...
    def form(self, seat: int) -> str: ...


MatchT = TypeVar("MatchT", covariant=True)
DealT = TypeVar("DealT", covariant=True)


class TableHost(SeatsHost, Protocol[MatchT, DealT]):
    """What every narrator reads from its table, typed by its game's match and deal (each game's
    ``NarratorHost`` adds its own)."""

    @property
    def match(self) -> MatchT: ...
    @property
    def shown(self) -> DealT: ...
    @property
    def selected(self) -> int | None: ...


def is_you(host: SeatsHost, seat: int) -> bool:
    """Whether ``seat`` is the listener's (a demo has none)."""
    return seat in host.humans and not host.demo


def dealer_words(host: SeatsHost, dealer: int) -> str:
    """Who deals: "you deal" / "Anna deals"."""
    return t("speech.you_deal") if is_you(host, dealer) else t("speech.dealer", name=host.player_name(dealer))


def whose_turn(host: SeatsHost, match: Any, dealer: int) -> str:
    """The "turn" query's answer: whose turn it is and who deals ("your turn; Anna deals")."""
    if match.is_over():
        return t("table.game_over")
    seat = match.current_player()
    turn = t("speech.your_turn") if is_you(host, seat) else t("speech.turn_of", name=host.player_name(seat))
    return f"{turn}; {dealer_words(host, dealer)}"


class AnnouncerHost(Protocol):
    """What the announcer reads from its table."""

    app: Any
    me: int
    humans: list[int]
    demo: bool

    @property
    def match(self) -> Any: ...
    def can_play_card(self) -> bool: ...


class Announcer:
    """Says a table's story once; answers the query keys."""

    def __init__(self, host: AnnouncerHost, narrator: Narrator) -> None:
        self.host = host
        self.narrator = narrator
        match = host.match
        self._match = match
        # A fresh match tells its first deal; a match from a save starts where it stands.
        self.since = 0 if not match.moves else len(match.events)
        self.last: list[tuple[str, str]] = []  # the last announcement (all of one update), for "repeat"
        self._acted = True  # the player acted since the last announcement: the next one interrupts
        # A table restored (a save, a snapshot) was told its turn before: it is not said again.
        self._restored_at: Any = (len(match.moves), len(match.events)) if match.moves else None
        self._turn_said: Any = self._restored_at
        self._prompt_said: Any = None
        self._focus_said: int | None = None

    # --- the frame ---------------------------------------------------------------------------------

    def update(self) -> None:
        """Say what the story added since the last frame, then a prompt or "your turn" once each."""
        host = self.host
        match = host.match
        said: list[tuple[str, str]] = []
        if match is not self._match:  # the same match replayed to an earlier move (undo), or a new one
            old, self._match = self._match, match
            n = len(match.events)
            if list(old.events[:n]) != list(match.events):
                self.since = 0 if not match.moves else n
        if len(match.events) < self.since:  # moves taken back: what is left was said already
            self.since = len(match.events)
            self._turn_said = self._prompt_said = None
            said.append(("move", t("table.undone")))
        if len(match.events) > self.since:
            events = match.events_for(host.me, self.since) if not host.demo else match.events[self.since :]
            shown: list[Event] = []
            for event in events:
                if self.narrator.waits(event):
                    break
                shown.append(event)
            if len(shown) == len(events):
                self.since = len(match.events)
            elif shown:
                self.since = match.events.index(shown[-1], self.since) + 1
            said += self.narrator.told(shown)
        if not host.demo:
            said += self._turn()
        self._focus()
        if said:
            self._say(said)

    def _turn(self) -> list[tuple[str, str]]:
        host = self.host
        match = host.match
        where = (len(match.moves), len(match.events))
        prompt = self.narrator.prompt()
        if prompt is not None:
            if self._prompt_said != (where, prompt) and self._restored_at != where:
                self._prompt_said = (where, prompt)
                return [("turn", prompt)]
            return []
        if host.can_play_card() and self._turn_said != where:
            self._turn_said = where
            return [("turn", t("speech.your_turn"))]
        return []

    def _focus(self) -> None:
        card = self.narrator.chosen()
        if card != self._focus_said:
            self._focus_said = card
            if card is not None:
                self.host.app.say("focus", self.narrator.focus(card))

    def _say(self, said: list[tuple[str, str]]) -> None:
        say = self.host.app.say
        for i, (kind, text) in enumerate(said):
            say(kind, text, interrupt=self._acted and i == 0)
        self._acted = False
        self.last = said

    # --- keys ----------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A query key answers (kind "answer"); any key or click lets the next announcement interrupt."""
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return False
        self._acted = True
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        query = QUERY_KEYS.get(event.key)
        if query is None or mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        self.ask(query)
        return True

    def ask(self, query: str) -> None:
        say = self.host.app.say
        if query == "repeat":
            if not self.last:
                say("answer", t("speech.nothing_yet"))
            for i, (kind, text) in enumerate(self.last):
                say(kind, text, interrupt=i == 0)
            return
        answer = self.narrator.answer(query)
        if answer:
            say("answer", answer)
