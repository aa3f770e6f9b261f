"""The one guarded reader of a file named from outside (a record, a save): regular files only, never
waited on, never read past a limit. ``python -m engine replay|review`` and the app both read through it.

A FIFO would block the open (or the read) until a writer comes; ``/dev/zero`` never ends; a folder or
a socket is no file. ``read_regular_bytes`` refuses each with ``FileRefused`` before reading a byte.
"""

from __future__ import annotations

import os
import stat as stat_module
from pathlib import Path

MAX_BYTES = 8 * 1024 * 1024  # a long Eralash match saves in tens of kilobytes; a record of 999 points, 550 KB


class FileRefused(ValueError):
    """The path names something that is not a regular file of a sane size."""


def read_regular_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``: ``FileNotFoundError`` (an ``OSError``) when missing,
    ``FileRefused`` when it is something else (a folder, a FIFO, a device: opening one could block)
    or is larger than ``limit``. Opened non-blocking, and checked again once open, in case it was
    swapped."""
    st = os.stat(path)
    if not stat_module.S_ISREG(st.st_mode):
        raise FileRefused("not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat_module.S_ISREG(st.st_mode):
            raise FileRefused("not a regular file")
        if st.st_size > limit:
            raise FileRefused(f"larger than {limit} bytes")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise FileRefused(f"larger than {limit} bytes")
    return raw


def read_stream_bytes(stream: object, limit: int = MAX_BYTES) -> bytes:
    """At most ``limit`` bytes of a binary stream (standard input piped in); ``FileRefused`` past it."""
    read = getattr(stream, "read")  # noqa: B009 - any object with read(n)
    chunks = []
    left = limit + 1
    while left > 0:
        chunk = read(min(left, 1 << 20))
        if not chunk:
            break
        data = chunk.encode("utf-8") if isinstance(chunk, str) else bytes(chunk)  # a text stream (tests)
        chunks.append(data)
        left -= len(data)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise FileRefused(f"larger than {limit} bytes")
    return raw
