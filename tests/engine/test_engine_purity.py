"""The engine never imports pygame: bots, records and tests run without a display."""

import ast
import subprocess
import sys

from places import ROOT

ENGINE = ROOT / "engine"


def test_no_module_in_engine_imports_pygame():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "pygame" or n.startswith("pygame.") or n.startswith("pygame_gui") for n in names):
                offenders.append(str(path.relative_to(ENGINE.parent)))
    assert offenders == []


def test_importing_the_whole_engine_loads_no_pygame():
    code = (
        "import pkgutil, importlib, sys, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    if m.name != 'engine.__main__': importlib.import_module(m.name)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
