"""The player's settings: validated values with defaults, saved to ``settings.json``, applied live.

``Settings.load(store)`` never fails: a missing file gives the defaults, a bad value falls back to
its default with a notice for the player, unknown keys are carried along untouched. ``set(name,
value)`` validates, saves at once and calls the listeners registered with ``on_change`` so the app
applies a change while it runs (language, fullscreen, volume, table colour, …).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from game.looks.resources import AssetMissing, resource_path
from game.looks.themes import TABLE_COLOURS
from game.store.paths import SETTINGS_FILE
from game.store.storage import FileKind, Notice, Store

LANGUAGES = ("ru", "en")
DECK_INDEXES = ("auto", "ru", "en")  # card corner letters: auto follows the interface language
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
ANIMATION_FACTOR = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}  # × tween durations
LEVELS = ("novice", "club", "master")  # same as engine.bots.LEVELS (the engine is not imported here)
GAMES = ("eralash", "uragan")
# The most players at each game's table: engine.games' seat_counts, restated because the settings are
# read before the first frame and the engine is not imported that early (a test keeps the two equal).
MOST_PLAYERS = {"eralash": 4, "uragan": 2}

DEFAULT_BACK = "burgundy"  # tools/make_sprites.py draws sprites/backs/<name>.svg


def available_card_backs() -> list[str]:
    """The card backs the art offers (names of ``sprites/backs/*.svg``)."""
    names = sorted(p.stem for p in resource_path("sprites", "backs").glob("*.svg"))
    if DEFAULT_BACK not in names:
        raise AssetMissing(f"sprites/backs/{DEFAULT_BACK}.svg", resource_path("sprites", "backs"))
    return names


MIN_WINDOW = (960, 640)
MAX_WINDOW = (7680, 4320)
MAX_NAME = 20

DEFAULT_NAMES = {
    "ru": ["Вы", "Светлана", "Павел", "Андрей"],
    "en": ["You", "Svetlana", "Pavel", "Andrei"],
}
# The bots' names (the New game dialog and the demo), one transliteration in English.
BOT_NAMES = {
    "ru": ["Юлия", "Светлана", "Павел", "Андрей"],
    "en": ["Yulia", "Svetlana", "Pavel", "Andrei"],
}
# Grammatical gender of every name above ("Светлана сыграла", "Павел сыграл"); see game/grammar.py.
NAME_GENDERS = {
    "Юлия": "f", "Yulia": "f",
    "Светлана": "f", "Svetlana": "f",
    "Павел": "m", "Pavel": "m",
    "Андрей": "m", "Andrei": "m",
}


def name_in_language(name: str, lang: str) -> str:
    """A name Salon itself gave (the player's default "Вы"/"You", a bot's "Светлана"/"Svetlana") as
    the interface in ``lang`` says it; any other name as it is. Records keep the names of the
    language they were played in; the records list shows one language."""
    for table in (DEFAULT_NAMES, BOT_NAMES):
        for names in table.values():
            if name in names:
                mine = table.get(lang)
                return mine[names.index(name)] if mine else name
    return name


PLAYER_GENDERS = ("neutral", "masculine", "feminine")  # how messages speak of the player by name
TEXT_SIZES = (100, 125, 150, 200)  # per cent of every word the app draws
CARD_SIZES = ("normal", "large")
# Who speaks when speech is on: the player's own screen reader, or a voice of the system's own that
# speaks only when the player asks for it (game.speech).
SPEECH_VOICES = ("screen_reader", "builtin")


def _v0_to_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 0, the pre-release layout (``lang``, ``sound`` on/off, ``speed``). No released Salon wrote
    it; the step keeps the migration path in use and tested, so the next format change slots in."""
    if "lang" in doc:
        doc.setdefault("language", doc.pop("lang"))
    if "sound" in doc:
        sound = doc.pop("sound")
        doc.setdefault("mute", not sound if isinstance(sound, bool) else sound)
    if "speed" in doc:
        doc.setdefault("animation_speed", doc.pop("speed"))
    return doc


SETTINGS_KIND = FileKind("settings", SETTINGS_FILE, version=1, migrations={0: _v0_to_v1})


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _choice(options: Iterable[Any]) -> Callable[[Any], Any]:
    allowed = tuple(options)

    def check(v: Any) -> Any:
        if v not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}")
        return v

    return check


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError("must be true or false")
    return v


def _volume(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not 0.0 <= v <= 1.0:
        raise ValueError("must be a number from 0 to 1")
    return float(v)


def _window(v: Any) -> list[int]:
    if not (isinstance(v, list | tuple) and len(v) == 2 and all(_is_int(x) for x in v)):
        raise ValueError("must be [width, height]")
    w, h = v
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise ValueError(f"must be between {MIN_WINDOW} and {MAX_WINDOW}")
    return [w, h]


_SLUG = re.compile(r"^[a-z0-9_-]{1,32}$")


def _card_back(v: Any) -> str:
    # Any slug: a back removed from the art later is the card widget's to replace, not an error here.
    if not (isinstance(v, str) and _SLUG.match(v)):
        raise ValueError("must be a card back name")
    return v


def _tips(v: Any) -> list[str]:
    if not (isinstance(v, list) and all(isinstance(x, str) and _SLUG.match(x) for x in v)):
        raise ValueError("must be a list of tip names")
    return sorted(set(v))


def _name(v: Any) -> str:
    """The one cleaning of a name, for the Settings field and ``settings.json`` alike
    (``game.words.safe.clean_name``: printable, on one line, few accents on a letter, at most
    ``MAX_NAME`` letters)."""
    import unicodedata

    from game.words.safe import clean_name

    if not isinstance(v, str) or not any(unicodedata.category(c)[0] in "LNPS" for c in v):
        raise ValueError(f"a name is 1 to {MAX_NAME} printable characters")
    return clean_name(v, MAX_NAME)


def _game_setup(game: str) -> Callable[[Any], dict[str, Any]]:
    """Last new-game choices for one game: seats, opponents' levels and names, table options."""

    def check(v: Any) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise ValueError("must be an object")
        most = MOST_PLAYERS[game]
        players = v.get("players", most)
        if not _is_int(players) or not (2 <= players <= most):
            raise ValueError("wrong number of players")
        levels = v.get("levels", ["club"] * (players - 1))
        names = v.get("names", default_names("en", players)[1:])
        # Every opponent seat's choice is kept (not only the seats played): a seat keeps its level
        # when the count of players changes and changes back.
        seats = range(players - 1, most)
        if not (isinstance(levels, list) and len(levels) in seats and all(x in LEVELS for x in levels)):
            raise ValueError("opponents' levels do not fit")
        if not (isinstance(names, list) and len(names) in seats):
            raise ValueError("opponents' names do not fit")
        options = v.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("table options must be an object")
        return {"players": players, "levels": list(levels), "names": [_name(n) for n in names],
                "options": dict(options)}

    return check


def default_names(lang: str, players: int) -> list[str]:
    """Seat names for a new game: the player first, then the opponents."""
    return list(DEFAULT_NAMES.get(lang, DEFAULT_NAMES["en"])[:players])


def default_language() -> str:
    try:
        from game.words.i18n import system_language
    except ImportError:  # pragma: no cover - the i18n module is part of the app
        return "en"
    return system_language()


@dataclass(frozen=True)
class Spec:
    """One setting: its default and a validator returning the clean value or raising ValueError."""

    default: Any
    check: Callable[[Any], Any]


def _specs() -> dict[str, Spec]:
    lang = default_language()
    opp = default_names(lang, 4)[1:]
    return {
        "language": Spec(lang, _choice(LANGUAGES)),
        "deck_index": Spec("auto", _choice(DECK_INDEXES)),
        "four_colour": Spec(False, _bool),
        "card_back": Spec(DEFAULT_BACK, _card_back),
        "table_colour": Spec("green", _choice(TABLE_COLOURS)),
        "animation_speed": Spec("normal", _choice(ANIMATION_SPEEDS)),
        "volume": Spec(0.7, _volume),
        "mute": Spec(False, _bool),
        "fullscreen": Spec(False, _bool),
        "window_size": Spec([1280, 800], _window),
        "player_name": Spec(default_names(lang, 1)[0], _name),
        "player_gender": Spec("neutral", _choice(PLAYER_GENDERS)),
        "last_game": Spec("uragan", _choice(GAMES)),
        "speech": Spec(False, _bool),  # announcements through the screen reader (off by default)
        "speech_voice": Spec("screen_reader", _choice(SPEECH_VOICES)),
        "text_size": Spec(100, _choice(TEXT_SIZES)),
        "card_size": Spec("normal", _choice(CARD_SIZES)),
        "high_contrast": Spec(False, _bool),  # plain dark cloth, bright outlines, bold indices
        "review_after_deal": Spec(False, _bool),  # the coach's review opens by itself after each deal
        "tips_seen": Spec([], _tips),  # one-time table tips already explained to this player
        "eralash": Spec({"players": 4, "levels": ["club"] * 3, "names": opp, "options": {}},
                        _game_setup("eralash")),
        "uragan": Spec({"players": 2, "levels": ["club"], "names": opp[:1], "options": {}},
                       _game_setup("uragan")),
    }


Listener = Callable[[str, Any], None]
UNSAVED = {"language": "en", "volume": 0.0, "mute": True, "player_name": "You"}  # see Settings.unsaved


class Settings:
    """Current settings; read as attributes (``settings.volume``), change with ``set``."""

    def __init__(self, store: Store | None = None, values: dict[str, Any] | None = None) -> None:
        self._specs = _specs()
        self._values: dict[str, Any] = {k: _copy(s.default) for k, s in self._specs.items()}
        self._extra: dict[str, Any] = {}  # keys this version does not know: kept, written back
        self._listeners: list[tuple[Listener, frozenset[str] | None]] = []
        self.store = store
        self.warnings: list[Notice] = []
        if values:
            self._absorb(values)

    @classmethod
    def unsaved(cls) -> Settings:
        """Settings with no data folder (headless runs, a folder that cannot be used): English, silent,
        saved nowhere; changes apply for the run."""
        return cls(None, UNSAVED)

    @classmethod
    def load(cls, store: Store) -> Settings:
        """Settings from ``store`` (defaults when missing or unreadable); warnings go to the store."""
        try:
            doc = store.load(SETTINGS_KIND)
        except Exception as err:  # never keep the game from starting; say so, and go on saving
            doc = None
            store.notices.append(Notice("storage.unreadable", {"file": SETTINGS_KIND.filename},
                                        f"Could not read {SETTINGS_KIND.filename} ({type(err).__name__}); "
                                        "using defaults."))
        settings = cls(store, doc or {})
        store.notices.extend(settings.warnings)
        return settings

    # --- reading: one typed attribute per setting (a copy: editing it changes nothing) ---------------

    @property
    def language(self) -> str:
        return self._read("language")

    @property
    def deck_index(self) -> str:
        return self._read("deck_index")

    @property
    def four_colour(self) -> bool:
        return self._read("four_colour")

    @property
    def card_back(self) -> str:
        return self._read("card_back")

    @property
    def table_colour(self) -> str:
        return self._read("table_colour")

    @property
    def animation_speed(self) -> str:
        return self._read("animation_speed")

    @property
    def volume(self) -> float:
        return self._read("volume")

    @property
    def mute(self) -> bool:
        return self._read("mute")

    @property
    def fullscreen(self) -> bool:
        return self._read("fullscreen")

    @property
    def window_size(self) -> list[int]:
        return self._read("window_size")

    @property
    def player_name(self) -> str:
        return self._read("player_name")

    @property
    def player_gender(self) -> str:
        return self._read("player_gender")

    @property
    def last_game(self) -> str:
        return self._read("last_game")

    @property
    def speech(self) -> bool:
        return self._read("speech")

    @property
    def speech_voice(self) -> str:
        return self._read("speech_voice")

    @property
    def text_size(self) -> int:
        return self._read("text_size")

    @property
    def card_size(self) -> str:
        return self._read("card_size")

    @property
    def high_contrast(self) -> bool:
        return self._read("high_contrast")

    @property
    def review_after_deal(self) -> bool:
        return self._read("review_after_deal")

    @property
    def tips_seen(self) -> list[str]:
        return self._read("tips_seen")

    @property
    def eralash(self) -> dict[str, Any]:
        """The last New game choices for Eralash (``players``, ``levels``, ``names``, ``options``)."""
        return self._read("eralash")

    @property
    def uragan(self) -> dict[str, Any]:
        """The last New game choices for Uragan."""
        return self._read("uragan")

    def _read(self, name: str) -> Any:
        return _copy(self._values[name])

    def get(self, name: str) -> Any:
        if name not in self._values:
            raise KeyError(name)
        return _copy(self._values[name])

    def names(self) -> list[str]:
        return list(self._specs)

    def default(self, name: str) -> Any:
        return _copy(self._specs[name].default)

    def to_dict(self) -> dict[str, Any]:
        return {**_copy(self._extra), **_copy(self._values), "version": SETTINGS_KIND.version}

    def deck_language(self) -> str:
        """The index letters on the cards: the chosen one, or the interface language for "auto"."""
        return self.language if self.deck_index == "auto" else self.deck_index

    def animation_factor(self) -> float:
        """Multiply tween durations by this (0 for instant)."""
        return ANIMATION_FACTOR[self.animation_speed]

    def effective_volume(self) -> float:
        return 0.0 if self.mute else self.volume

    # --- changing --------------------------------------------------------------------------------

    def on_change(self, listener: Listener, names: Iterable[str] | None = None) -> Callable[[], None]:
        """Call ``listener(name, value)`` after each change (of ``names`` only, if given).

        Returns a function that unregisters it (scenes call it in ``exit``)."""
        entry = (listener, frozenset(names) if names is not None else None)
        self._listeners.append(entry)

        def remove() -> None:
            if entry in self._listeners:
                self._listeners.remove(entry)

        return remove

    def set(self, name: str, value: Any, *, save: bool = True) -> None:
        """Validate and apply one setting (``ValueError`` if invalid), save, tell the listeners."""
        self.update({name: value}, save=save)

    def update(self, changes: dict[str, Any], *, save: bool = True) -> None:
        """Several settings at once: all validated first, then applied, saved once, announced."""
        clean: dict[str, Any] = {}
        for name, value in changes.items():
            spec = self._specs.get(name)
            if spec is None:
                raise KeyError(f"unknown setting {name!r}")
            try:
                clean[name] = spec.check(_copy(value))
            except ValueError as err:
                raise ValueError(f"setting {name}: {err}") from None
        changed = {k: v for k, v in clean.items() if self._values[k] != v}
        self._values.update(changed)
        if save and changed:
            self.save()
        for name, value in changed.items():
            for listener, wanted in list(self._listeners):
                if wanted is None or name in wanted:
                    listener(name, _copy(value))

    def announce(self, name: str) -> None:
        """Tell the listeners ``name`` is in force again (a value re-chosen over a per-run override,
        such as the language after ``--lang``): ``set`` alone is silent when nothing changed."""
        for listener, wanted in list(self._listeners):
            if wanted is None or name in wanted:
                listener(name, _copy(self._values[name]))

    def reset(self, names: Iterable[str] | None = None) -> None:
        """Back to defaults (all, or just ``names``)."""
        self.update({n: self._specs[n].default for n in (names or self._specs)})

    def save(self) -> bool:
        """Write ``settings.json`` (``set`` does this already; use after ``save=False`` changes).

        On the writer thread: dragging the window edge or a slider must not wait for the disk."""
        return self.store.save(SETTINGS_KIND, self.to_dict(), background=True) if self.store else False

    # --- new-game choices ------------------------------------------------------------------------

    def new_game_options(self, game: str) -> dict[str, Any]:
        """The remembered table options for ``game``, checked by the engine; defaults if refused."""
        from engine.games import game_named

        raw = self.get(game)["options"]
        try:
            options: dict[str, Any] = game_named(game).Options.from_dict(raw).to_dict()
            return options
        except (ValueError, TypeError) as err:
            notice = Notice("settings.invalid_options", {"game": game},
                            f"The remembered {game} table options were refused ({err}); "
                            "the defaults are used.")
            self.warnings.append(notice)
            if self.store is not None:
                self.store.notices.append(notice)
            return {}

    # --- internals -------------------------------------------------------------------------------

    def _absorb(self, doc: dict[str, Any]) -> None:
        for name, value in doc.items():
            if name == "version":
                continue
            spec = self._specs.get(name)
            if spec is None:
                self._extra[name] = _copy(value)
                continue
            try:
                self._values[name] = spec.check(_copy(value))
            except (ValueError, TypeError, KeyError, AttributeError) as err:  # the setting falls back
                self.warnings.append(Notice(
                    "settings.invalid", {"name": name},
                    f"The setting {name!r} had a bad value ({err}); its default is used."))


def _copy(v: Any) -> Any:
    """Settings values are JSON: copying lists and dicts keeps callers from editing ours in place."""
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_copy(x) for x in v]
    return v
