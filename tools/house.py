"""The house's shape, read from the code: import circles, floors crossed, game-named files in shared folders.

Usage: ``python tools/house.py [ROOT]`` prints one line per finding and exits 1 if there is any.
docs/architecture.md describes the floors; tests/tools/test_house.py keeps them.

Every import counts, at module level or deferred inside a function (both tie two modules), except
those under ``if TYPE_CHECKING:``. Relative imports are resolved. A package importing its own
submodules from its ``__init__`` is not a circle.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

PACKAGES = ("engine", "game")
GAMES = ("uragan", "eralash")

# The floors, lowest first: a module may import its own floor and the floors below, never above.
# The first matching prefix names a module's floor; docs/architecture.md explains each.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("engine.cards", "engine.illegal", "engine.state", "engine.story", "engine.cli"),
    ("engine.uragan", "engine.eralash", "engine.records"),
    ("engine.bots",),
    ("engine.review",),
    ("engine.games", "engine.arena", "engine.bench", "engine.__main__", "engine"),
    ("game.version", "game.looks", "game.words", "game.store", "game.layout", "game.tween", "game.memory",
     "game.desktop", "game.idle"),
    ("game.scene", "game.screens", "game.botworker", "game.widgets"),
    ("game.uragan", "game.eralash"),
    ("game.review",),
    ("game.menus",),
    ("game.app",),
    ("game.checks", "game.__main__", "game"),
)


def modules(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the project's packages under ``root``."""
    found: dict[str, Path] = {}
    for pkg in PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name: str, mods: dict[str, Path]) -> str | None:
    while name:
        if name in mods:
            return name
        name = name.rpartition(".")[0]
    return None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports, deferred ones included, TYPE_CHECKING ones not."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()

    def walk(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                yield from walk(node.orelse)
                continue
            yield node
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from walk([child])
                elif isinstance(child, ast.excepthandler):
                    yield from walk(child.body)

    for node in walk(tree.body):
        if isinstance(node, ast.Import):
            out.update(r for a in node.names if (r := _resolve(a.name, mods)))
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            full = ".".join([*base, *([node.module] if node.module else [])])
            for a in node.names:
                r = _resolve(f"{full}.{a.name}", mods) or _resolve(full, mods)
                if r:
                    out.add(r)
    out.discard(name)
    return out


def circles(graph: dict[str, set[str]], mods: dict[str, Path]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), a package's own re-exports aside."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            group.sort()
            head = group[0]
            own = mods[head].name == "__init__.py" and all(m.startswith(head) for m in group)
            if len(group) > 1 and not own:
                found.append(group)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def floor_of(name: str) -> int | None:
    for level, prefixes in enumerate(FLOORS):
        for prefix in prefixes:
            if name == prefix or (prefix not in PACKAGES and name.startswith(prefix + ".")):
                return level
    return None


def game_of(name: str) -> str | None:
    """The game whose own folder holds ``name`` (engine.uragan.*, engine.bots.uragan.*, game.uragan.*)."""
    parts = name.split(".")
    for g in GAMES:
        if parts[1:2] == [g] or parts[1:3] == ["bots", g] or parts[1:3] == ["review", g]:
            return g
    return None


def findings(root: Path) -> list[str]:
    """Everything out of shape under ``root``, one line each."""
    mods = modules(root)
    graph = {m: imports_of(m, p, mods) for m, p in mods.items()}
    out = ["import circle: " + " <-> ".join(group) for group in circles(graph, mods)]
    for m, targets in sorted(graph.items()):
        here = floor_of(m)
        for target in sorted(targets):
            there = floor_of(target)
            if here is not None and there is not None and there > here:
                out.append(f"floor crossed: {m} imports {target}, a floor above it")
            if game_of(m) and game_of(target) and game_of(m) != game_of(target):
                out.append(f"one game imports the other: {m} imports {target}")
    for path in sorted(mods.values()):
        folder = path.parent.name
        for g in GAMES:
            if path.stem.startswith(g + "_") and folder != g:
                out.append(f"named after a game inside a shared folder: {path.relative_to(root).as_posix()}")
    return out


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else Path(__file__).resolve().parent.parent)
    found = findings(root)
    for line in found:
        print(line)
    print(f"{len(modules(root))} modules; {len(found)} findings")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
