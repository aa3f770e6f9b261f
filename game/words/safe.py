"""Text made safe to draw: file names that are not UTF-8, control and format characters, runaway accents.

A path from the file system may hold surrogate escapes (a name in cp1251 or KOI8-R on a UTF-8
system); the font code cannot encode those and raises. ``safe_text`` turns them (and any other lone
surrogate, NUL and control character) into something drawable; ``clean_name`` is stricter, for
player names from saves and records alike.
"""

from __future__ import annotations

import os
import unicodedata
from typing import Any

MAX_NAME = 20
MAX_MARKS = 2  # combining marks kept on one letter ("й" is one; a stack of thousands draws down the window)
REPLACEMENT = "?"


def safe_text(text: Any) -> str:
    """``text`` (a str, a path, bytes) as a str every font can draw: surrogates become ``?``, control
    characters (tab, newline, NUL…) a space."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    elif isinstance(text, os.PathLike):
        text = os.fspath(text)
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
    text = str(text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = "".join(REPLACEMENT if "\ud800" <= c <= "\udfff" else c for c in text)
    if any(c < " " or "\x7f" <= c < "\xa0" for c in text):
        text = "".join(" " if c < " " or "\x7f" <= c < "\xa0" else c for c in text)
    return text


def clean_name(name: Any, limit: int = MAX_NAME) -> str:
    """A player name as it may be shown: safe, on one line, no bidi or zero-width format characters,
    at most ``MAX_MARKS`` accents on a letter, at most ``limit`` characters, never empty."""
    text = unicodedata.normalize("NFC", safe_text(name if isinstance(name, str) else str(name)))
    out: list[str] = []
    marks = 0
    for c in text:
        cat = unicodedata.category(c)
        if cat in ("Cf", "Co", "Cs", "Cn", "Zl", "Zp"):
            continue
        if cat.startswith("M"):
            if not out or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
            if cat.startswith("Z"):
                c = " "
        out.append(c)
    clean = " ".join("".join(out).split())
    # the limit counts letters, not the accents on them, and never cuts an accent from its letter
    kept: list[str] = []
    letters = 0
    for c in clean:
        if not unicodedata.category(c).startswith("M"):
            letters += 1
            if letters > limit:
                break
        kept.append(c)
    return "".join(kept).strip() or REPLACEMENT
