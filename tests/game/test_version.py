"""``salon --version``: one line ``salon X.Y.Z`` from the package metadata, exit 0, without loading pygame."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys

from game.version import version


def test_version_is_the_installed_packages():
    assert version() == importlib.metadata.version("salon")
    assert re.fullmatch(r"\d+\.\d+\.\d+", version())


def test_salon_version_prints_one_line_and_exits_0_without_pygame():
    code = (
        "import sys\n"
        "from game.__main__ import main\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit as e:\n"
        "    print('exit', e.code)\n"
        "print('pygame' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines() == [f"salon {version()}", "exit 0", "False"], done.stderr
