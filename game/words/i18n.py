"""Translations: ``t(key)``, Russian/English plural forms, catalogs merged from ``game/i18n/*.json``.

Catalogs are JSON files ``game/i18n/<area>.<lang>.json``, named by the first part of every key they hold
(``uragan.ru.json`` holds ``uragan.*``; ``misfiled`` finds a key in the wrong one). A value is either a
string with ``{name}`` fields or, for counted phrases, a dict of plural forms: Russian ``one/few/many``
(1 взятка, 2 взятки, 5 взяток), English ``one/other``, or, for a sentence about a person, a dict of
grammatical forms (``n`` neutral, ``m``/``f`` Russian past-tense genders, ``pl`` a pair,
``you`` the player addressed as "Вы"/"You"): see ``game.words.grammar``.
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
from pathlib import Path
from typing import Any

from game.looks.resources import AssetMissing, resource_path

LANGUAGES: tuple[str, ...] = ("ru", "en")
FALLBACK = "en"

_catalogs: dict[str, dict[str, Any]] = {}
_language = FALLBACK


def catalog_dir() -> Path:
    return resource_path("game", "i18n")


def areas() -> list[str]:
    """The catalog areas present on disk (``common``, ``uragan``, …)."""
    return sorted({p.name.split(".")[0] for p in catalog_dir().glob("*.*.json")})


def load_catalog(lang: str, directory: Path | None = None) -> dict[str, Any]:
    """All areas of one language merged into one dict; a key defined in two areas is an error."""
    merged: dict[str, Any] = {}
    for path in sorted((directory or catalog_dir()).glob(f"*.{lang}.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in merged:
                raise ValueError(f"translation key {key!r} is defined twice ({path.name})")
            merged[key] = value
    return merged


def misfiled(directory: Path | None = None) -> list[str]:
    """``file: key`` for every key whose first part is not its catalog's area (the file name's first part)."""
    found = []
    for path in sorted((directory or catalog_dir()).glob("*.*.json")):
        area = path.name.split(".")[0]
        found += [f"{path.name}: {key}" for key in json.loads(path.read_text(encoding="utf-8"))
                  if key.split(".")[0] != area]
    return found


def _catalog(lang: str) -> dict[str, Any]:
    if lang not in _catalogs:
        catalog = load_catalog(lang)
        if not catalog:  # an installation without its translations: never show bare keys silently
            raise AssetMissing(f"game/i18n/common.{lang}.json", catalog_dir())
        _catalogs[lang] = catalog
    return _catalogs[lang]


def reload() -> None:
    """Forget loaded catalogs (after another area's file appears, or in tests)."""
    _catalogs.clear()


def system_language() -> str:
    """``ru`` when the system locale is Russian, else ``en``."""
    candidates = [os.environ.get(v, "") for v in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    for c in candidates:
        if c:
            return "ru" if c.lower().startswith("ru") else "en"
    return "en"


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    _language = lang


def get_language() -> str:
    return _language


def _lookup(key: str) -> Any:
    value = _catalog(_language).get(key)
    if value is None:
        value = _catalog(FALLBACK).get(key)
    return value


def lookup(key: str) -> Any:
    """The raw catalog value of ``key`` (current language, then English); None when missing."""
    return _lookup(key)


def has(key: str) -> bool:
    return _lookup(key) is not None


def t(key: str, **kwargs: Any) -> str:
    """The current language's text for ``key`` with ``{fields}`` filled; the key itself if missing."""
    value = _lookup(key)
    if value is None:
        return key
    if isinstance(value, dict):  # a gendered sentence without a form, or a counted phrase without a count
        value = value.get("n") or value.get("other") or value.get("many") or next(iter(value.values()))
    return value.format(**kwargs) if kwargs else value


def plural_form(n: int, lang: str) -> str:
    """CLDR plural category of ``n``: Russian one/few/many, English one/other."""
    n = abs(n)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def plural(n: int, key: str, **kwargs: Any) -> str:
    """``plural(5, "uragan.cards")`` → "5 карт"; the form's text gets ``{n}`` and ``kwargs``."""
    value = _lookup(key)
    if value is None:
        return f"{n} {key}"
    if isinstance(value, str):
        return value.format(n=n, **kwargs)
    lang = _language if isinstance(_catalog(_language).get(key), dict) else FALLBACK
    form = plural_form(n, lang)
    text = value.get(form) or value.get("other") or value.get("many") or next(iter(value.values()))
    return text.format(n=n, **kwargs)
