"""Eralash table options (docs/rules.md): pairs, classic runs, short deal, Ace honours, robber target."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

_BOOLS = ("pairs", "classic_runs", "short_deal")
_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}
MAX_TARGET = 1000  # a robber must end; anything above this is a typo, not a table rule


@dataclass(frozen=True)
class Options:
    """The table rules chosen before a robber; defaults are docs/rules.md's first choices."""

    pairs: bool = False  # 4 players only: seats 0&2 against 1&3
    classic_runs: bool = False  # only runs headed by the Ace count
    short_deal: bool = False  # 2-3 players: 13 cards each, the rest aside unseen
    aces_three: int = 30  # honours for 3 Aces (0 disables)
    aces_four: int = 60  # honours for all 4 Aces (0 disables)
    target: int = 13  # robber ends when a player's (team's) trick total reaches this

    def __post_init__(self) -> None:
        for key in _BOOLS:
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"option {key} must be true or false, not {getattr(self, key)!r}")
        for key, label in (("aces_three", "aces.3"), ("aces_four", "aces.4")):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"option {label} must be a whole number of points, 0 or more, not {v!r}")
        t = self.target
        if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= MAX_TARGET:
            raise ValueError(
                f"option target must be a whole number of tricks from 1 to {MAX_TARGET}, not {t!r}"
            )

    # --- conversions (docs/records.md "options") ------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "classic_runs": self.classic_runs,
            "short_deal": self.short_deal,
            "aces": {"3": self.aces_three, "4": self.aces_four},
            "target": self.target,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Options:
        """Options from a record's "options" object; omitted keys take the defaults."""
        if d is None:
            return cls()
        if not isinstance(d, dict):
            raise ValueError('options must be a JSON object like {"pairs": false, "target": 13}')
        kwargs: dict[str, Any] = {}
        for key, value in d.items():
            if key in _BOOLS or key == "target":
                kwargs[key] = value
            elif key == "aces":
                if not isinstance(value, dict):
                    raise ValueError('option aces must be an object like {"3": 30, "4": 60}')
                for k, v in value.items():
                    if str(k) == "3":
                        kwargs["aces_three"] = v
                    elif str(k) == "4":
                        kwargs["aces_four"] = v
                    else:
                        raise ValueError(f'option aces has no key {k!r}: only "3" and "4" Aces score')
            else:
                raise ValueError(f"unknown Eralash option {key!r}: known are {', '.join(_known())}")
        return cls(**kwargs)

    @classmethod
    def from_strings(cls, d: dict[str, str]) -> Options:
        """Options from text, as given by ``--option KEY=VALUE`` (``pairs=yes``, ``aces.3=30``)."""
        kwargs: dict[str, Any] = {}
        for key, text in d.items():
            k = key.strip().lower()
            v = str(text).strip().lower()
            if k in _BOOLS:
                if v in _TRUE:
                    kwargs[k] = True
                elif v in _FALSE:
                    kwargs[k] = False
                else:
                    raise ValueError(f"option {k} must be yes or no, not {text!r}")
            elif k in ("target", "aces.3", "aces.4"):
                try:
                    n = int(v)
                except ValueError:
                    raise ValueError(f"option {k} must be a whole number, not {text!r}") from None
                kwargs[{"target": "target", "aces.3": "aces_three", "aces.4": "aces_four"}[k]] = n
            elif k == "aces":
                raise ValueError("option aces is given per count of Aces, aces.3=N and aces.4=N, "
                                 f"not aces={text}")
            else:
                raise ValueError(f"unknown Eralash option {key!r}: known are {', '.join(_known_strings())}")
        return cls(**kwargs)

    def check_players(self, n_players: int) -> None:
        """Raise ValueError when these options cannot be played by ``n_players``."""
        if not 2 <= n_players <= 4:
            raise ValueError(f"Eralash is played by 2, 3 or 4 players, not {n_players}")
        if self.pairs and n_players != 4:
            raise ValueError(f"pairs need 4 players, not {n_players}")

    def hand_size(self, n_players: int) -> int:
        """Cards dealt to each player (docs/rules.md, Eralash 2)."""
        if self.short_deal or n_players == 4:
            return 13
        return 52 // n_players  # 2 players 26, 3 players 17 (one card aside)

    def one_deal(self, n_players: int) -> bool:
        """Does every robber end after its first deal? The deal's tricks split among the sides always
        leave one side with at least the target (2 players with the whole pack: 26 tricks, 13)."""
        sides = self.sides(n_players)
        return -(-self.hand_size(n_players) // sides) >= self.target

    def sides(self, n_players: int) -> int:
        """Score columns: 2 teams in pairs, else one per player."""
        return 2 if self.pairs else n_players


def _known_strings() -> list[str]:
    """The keys ``--option KEY=VALUE`` takes (the Aces' scores one by one)."""
    return [*_known()[:-1], "aces.3", "aces.4"]


def _known() -> list[str]:
    names = [f.name for f in fields(Options) if not f.name.startswith("aces_")]
    return [*names, "aces"]
