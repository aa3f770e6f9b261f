"""The app icon in every platform's format, all drawn from sprites/icon/salon.svg by tools/make_sprites.py:
a 256 px PNG (the window icon, Linux), a Windows .ico and a macOS .icns (PNG entries in Apple's container)."""

from __future__ import annotations

import struct

from places import ROOT

from game.looks.resources import asset

ROOT_ICON = ("sprites", "icon")


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def test_the_icns_is_a_well_formed_container_of_pngs_at_every_size(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    from make_sprites import ICNS_TYPES

    data = asset(*ROOT_ICON, "salon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found: dict[bytes, tuple[int, int]] = {}
    at = 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        assert length > 8 and at + length <= len(data)
        found[kind] = _png_size(data[at + 8:at + length])
        at += length
    assert at == len(data)
    assert found == {kind: (size, size) for kind, size in ICNS_TYPES}
    assert {b"ic07", b"ic08", b"ic09", b"ic14"} <= set(found)  # 128, 256, 512 and 512 for Retina 256


def test_the_window_icon_and_the_windows_icon():
    assert _png_size(asset(*ROOT_ICON, "salon-256.png").read_bytes()) == (256, 256)
    ico = asset(*ROOT_ICON, "salon.ico").read_bytes()
    count = struct.unpack("<HHH", ico[:6])[2]
    sizes = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes


def test_the_spec_uses_the_made_icons_with_no_pillow():
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '"sprites/icon/salon.ico"' in spec and '"sprites/icon/salon.icns"' in spec
    assert "NSHighResolutionCapable" in spec
    assert "import PIL" not in spec and "from PIL" not in spec
