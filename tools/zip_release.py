"""Zip a built app for release and check the archive against a size budget (the release workflow).

    python tools/zip_release.py dist/salon Salon-0.1.0-linux-x64.zip --budget-mb 30
    python tools/zip_release.py dist/Salon.app Salon-0.1.0-macos-arm64.zip --budget-mb 40

The folder is stored under its own name (``salon/…`` or ``Salon.app/…``), deflated, with each file's
permission bits (the executable stays executable) and symbolic links kept as links (a macOS bundle
has them). Prints one JSON line (files, unpacked and zipped bytes, budget); exits 1 when the archive is
over the budget, 2 on a bad argument.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import zipfile
from pathlib import Path

MB = 1000 * 1000


def zip_folder(folder: Path, target: Path) -> dict[str, int]:
    """Write ``target``; return counts and sizes."""
    files = unpacked = 0
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted([folder, *folder.rglob("*")]):
            name = (Path(folder.name) / path.relative_to(folder)).as_posix()
            st = path.lstat()
            if path.is_symlink():
                info = zipfile.ZipInfo(name)
                info.create_system = 3  # unix: the mode below is read as a symlink
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_dir():
                info = zipfile.ZipInfo(name + "/")
                info.create_system = 3
                info.external_attr = (stat.S_IFDIR | stat.S_IMODE(st.st_mode) | 0o755) << 16 | 0x10
                zf.writestr(info, b"")
            else:
                zf.write(path, name)
                files += 1
                unpacked += st.st_size
    return {"files": files, "unpacked_bytes": unpacked, "zipped_bytes": target.stat().st_size}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the built app: dist/salon or dist/Salon.app")
    parser.add_argument("archive", type=Path, help="the .zip to write")
    parser.add_argument("--budget-mb", type=float, required=True, help="largest allowed archive, in MB")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"zip_release: no folder {args.folder}", file=sys.stderr)
        return 2
    if args.budget_mb <= 0:
        print("zip_release: --budget-mb must be positive", file=sys.stderr)
        return 2
    report = zip_folder(args.folder, args.archive)
    report["budget_bytes"] = int(args.budget_mb * MB)
    print(json.dumps({"archive": args.archive.name, **report}))
    if report["zipped_bytes"] > report["budget_bytes"]:
        print(f"zip_release: {args.archive.name} is {report['zipped_bytes'] / MB:.1f} MB, over the budget of "
              f"{args.budget_mb:g} MB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
