"""Uragan table options (docs/rules.md, Uragan): claims mode, primiera needing all suits, match target."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

CLAIM_MODES = ("book", "strict")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Options:
    """``claims``: "book" (a priority-breaking play may be claimed) or "strict" (never offered).

    ``primiera_all_suits``: a player missing a suit has no primiera (counts 0 and cannot win it).
    ``target``: points that end the match at the end of a deal (16).
    """

    claims: str = "book"
    primiera_all_suits: bool = True
    target: int = 16

    def __post_init__(self) -> None:
        if self.claims not in CLAIM_MODES:
            raise ValueError(f'option claims must be "book" or "strict", not {self.claims!r}')
        if not isinstance(self.primiera_all_suits, bool):
            raise ValueError(
                f"option primiera_all_suits must be true or false, not {self.primiera_all_suits!r}"
            )
        if isinstance(self.target, bool) or not isinstance(self.target, int) or not 1 <= self.target <= 999:
            raise ValueError(f"option target must be a whole number from 1 to 999, not {self.target!r}")

    @property
    def strict(self) -> bool:
        return self.claims == "strict"

    @property
    def double_below(self) -> int:
        """A winner whose opponent has fewer points than this wins double: 8 for the target 16."""
        return (self.target + 1) // 2

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | None) -> Options:
        """Options from a record's "options" object; omitted keys take the defaults."""
        if d is None:
            return cls()
        if not isinstance(d, Mapping):
            raise ValueError("options must be a JSON object like {\"claims\": \"book\"}")
        for key in d:
            if key not in cls.names():
                raise ValueError(
                    f"unknown Uragan option {key!r}: the options are {', '.join(cls.names())}"
                )
        return cls(**dict(d))

    @classmethod
    def from_strings(cls, d: Mapping[str, str]) -> Options:
        """Options from text values, as the arena's ``--option KEY=VALUE`` gives them."""
        out: dict[str, Any] = {}
        for key, text in d.items():
            key = key.strip()
            value = str(text).strip()
            if key == "primiera_all_suits":
                low = value.lower()
                if low in _TRUE:
                    out[key] = True
                elif low in _FALSE:
                    out[key] = False
                else:
                    raise ValueError(f"option primiera_all_suits must be true or false, not {value!r}")
            elif key == "target":
                try:
                    out[key] = int(value)
                except ValueError:
                    raise ValueError(f"option target must be a whole number, not {value!r}") from None
            else:
                out[key] = value.lower() if key == "claims" else value
        return cls.from_dict(out)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
