"""The house's shape, read from the code: import circles, floors crossed, game-named files, deep classes.

Usage: ``python tools/house.py [ROOT]`` prints one line per finding and exits 1 if there is any.
docs/architecture.md describes the floors; tests/tools/test_house.py keeps them.

Every import counts, at module level or deferred inside a function (both tie two modules), except
those under ``if TYPE_CHECKING:``. Relative imports are resolved. A package importing its own
submodules from its ``__init__`` is not a circle.

A class in ``game/`` is composed, not stacked: one with more than ``MAX_MRO`` ``game/`` classes in its
MRO is a finding (itself included; base names resolved statically through each module's imports, so
``object`` and pygame's classes do not count). Two more keep the games behind their one registry,
``engine/games.py``:

- a branch on a game's name (``game == "uragan"``, ``g != "eralash"``, ``g in ("uragan", ...)``, a
  ``match`` with such a case) outside the registry, the modules that choose words and ``game/checks``;
  a game's own folder may still compare with its own name (a record says which game it is);
- an import of a game module by string (``import_module(f"engine.{game}")``, ``__import__(...)`` with a
  literal or f-string that names a game or interpolates a module's name) outside the registry.
"""

from __future__ import annotations

import ast
import fnmatch
import functools
import sys
from collections.abc import Iterator
from pathlib import Path

PACKAGES = ("engine", "game")
GAMES = ("uragan", "eralash")
REGISTRY = "engine/games.py"
MAX_MRO = 4  # game/ classes in one class's MRO, the class itself included
# Where comparing with a game's name is the point: the registry, the words (a game's phrases), the checks.
# ``*`` crosses folders (fnmatch).
NAME_BRANCHES_ALLOWED = (REGISTRY, "game/words/*", "engine/review/words.py", "engine/illegal*.py",
                         "engine/*/illegal*.py", "*/words.py", "game/checks/*")

# The floors, lowest first: a module may import its own floor and the floors below, never above.
# The first matching prefix names a module's floor; docs/architecture.md explains each.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("engine.cards", "engine.illegal", "engine.state", "engine.story", "engine.cli", "engine.files"),
    ("engine.uragan", "engine.eralash", "engine.records"),
    ("engine.bots",),
    ("engine.review",),
    ("engine.games", "engine.arena", "engine.bench", "engine.net", "engine.__main__", "engine"),
    ("game.version", "game.looks", "game.words", "game.speech", "game.store", "game.layout", "game.tween",
     "game.memory",
     "game.desktop", "game.idle"),
    ("game.scene", "game.screens", "game.botworker", "game.widgets"),
    ("game.uragan", "game.eralash"),
    ("game.review", "game.practice"),
    ("game.menus", "game.people"),
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


def parse(path: Path) -> ast.Module:
    """The module at ``path``, parsed once per text (the checks only read the trees)."""
    return _parse_text(path.read_text(encoding="utf-8"))


@functools.cache
def _parse_text(text: str) -> ast.Module:
    return ast.parse(text)


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
    tree = parse(path)
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
    out += deep_classes(root, mods)
    out += registry_bypasses(root, mods)
    return out


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _allowed(rel: str, patterns: tuple[str, ...]) -> bool:
    """``rel`` (``game/words/ru.py``) matches a pattern; ``*`` crosses folders, as in ``fnmatch``."""
    return any(fnmatch.fnmatchcase(rel, pattern) for pattern in patterns)


# --- deep classes --------------------------------------------------------------------------------------

def _module_level(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run at a module's top level, through ``if``/``try``/``with`` blocks."""
    for node in nodes:
        yield node
        if isinstance(node, ast.If | ast.With):
            yield from _module_level(node.body)
            yield from _module_level(getattr(node, "orelse", []))
        elif isinstance(node, ast.Try):
            yield from _module_level(node.body)
            for handler in node.handlers:
                yield from _module_level(handler.body)
            yield from _module_level(node.orelse)
            yield from _module_level(node.finalbody)


class _Names:
    """What each module's top-level names are bound to: its classes, and what its imports bring in."""

    def __init__(self, root: Path, mods: dict[str, Path]) -> None:
        self.mods = mods
        self.classes: dict[str, dict[str, ast.ClassDef]] = {}
        self.imports: dict[str, dict[str, tuple[str, str | None]]] = {}  # local -> (module, attribute)
        for name, path in mods.items():
            tree = parse(path)
            package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
            classes: dict[str, ast.ClassDef] = {}
            imports: dict[str, tuple[str, str | None]] = {}
            for node in _module_level(tree.body):
                if isinstance(node, ast.ClassDef):
                    classes[node.name] = node
                elif isinstance(node, ast.Import):
                    for a in node.names:
                        if a.asname:
                            imports[a.asname] = (a.name, None)
                        else:
                            head = a.name.split(".")[0]
                            imports[head] = (head, None)
                elif isinstance(node, ast.ImportFrom):
                    base = package[: len(package) - node.level + 1] if node.level else []
                    full = ".".join([*base, *([node.module] if node.module else [])])
                    for a in node.names:
                        imports[a.asname or a.name] = (full, a.name)
            self.classes[name] = classes
            self.imports[name] = imports

    def lookup(self, module: str, name: str, seen: frozenset[tuple[str, str]] = frozenset()) -> str | None:
        """``module.name`` as ``"module:Class"`` for a project class, ``"module"`` for a module, else None."""
        if (module, name) in seen or module not in self.mods:
            return None
        seen = seen | {(module, name)}
        if name in self.classes[module]:
            return f"{module}:{name}"
        if name in self.imports[module]:
            source, attribute = self.imports[module][name]
            if attribute is None:
                known = source in self.mods or any(m.startswith(source + ".") for m in self.mods)
                return source if known else None
            if f"{source}.{attribute}" in self.mods:
                return f"{source}.{attribute}"
            return self.lookup(source, attribute, seen)
        if f"{module}.{name}" in self.mods:
            return f"{module}.{name}"
        return None

    def resolve(self, module: str, expr: ast.expr) -> str | None:
        """A base-class expression in ``module`` (``Name``, ``pkg.mod.Name``, ``Name[T]``), as lookup does."""
        if isinstance(expr, ast.Subscript):
            return self.resolve(module, expr.value)
        if isinstance(expr, ast.Name):
            return self.lookup(module, expr.id)
        if isinstance(expr, ast.Attribute):
            owner = self.resolve(module, expr.value)
            if owner is None or ":" in owner:
                return None
            if f"{owner}.{expr.attr}" in self.mods:
                return f"{owner}.{expr.attr}"
            if owner in self.mods:
                return self.lookup(owner, expr.attr)
            return f"{owner}.{expr.attr}"  # a namespace on the way down (``game`` of ``game.scene``)
        return None

    def bases(self, cls: str) -> list[str]:
        module, _, name = cls.partition(":")
        return [r for b in self.classes[module][name].bases
                if (r := self.resolve(module, b)) is not None and ":" in r]

    def ancestry(self, cls: str) -> set[str]:
        """``cls`` and every project class above it."""
        out = {cls}
        todo = [cls]
        while todo:
            for base in self.bases(todo.pop()):
                if base not in out:
                    out.add(base)
                    todo.append(base)
        return out


def deep_classes(root: Path, mods: dict[str, Path]) -> list[str]:
    """Classes in ``game/`` with more than ``MAX_MRO`` ``game/`` classes in their MRO."""
    names = _Names(root, mods)
    out = []
    for module in sorted(m for m in mods if m.split(".")[0] == "game"):
        for name in names.classes[module]:
            cls = f"{module}:{name}"
            mro = sorted(c for c in names.ancestry(cls) if c.startswith("game."))
            if len(mro) > MAX_MRO:
                listed = ", ".join(sorted(c.split(":")[1] for c in mro))
                out.append(f"deep class: {module}.{name} ({len(mro)} game/ classes in its MRO, "
                           f"at most {MAX_MRO}: {listed})")
    return out


# --- the games behind their registry ---------------------------------------------------------------------

def _is_game_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in GAMES


def _names_a_game(node: ast.expr) -> bool:
    """``"uragan"``, or a tuple/list/set literal holding a game's name."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_game_name(e) for e in node.elts)
    return _is_game_name(node)


def _pattern_names_a_game(pattern: ast.pattern) -> bool:
    if isinstance(pattern, ast.MatchValue):
        return _is_game_name(pattern.value)
    if isinstance(pattern, ast.MatchOr):
        return any(_pattern_names_a_game(p) for p in pattern.patterns)
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        return _pattern_names_a_game(pattern.pattern)
    return False


def _scoped(tree: ast.Module) -> list[tuple[str, ast.AST]]:
    """Every node with the dotted name of the function or class around it (``<module>`` at the top)."""
    out: list[tuple[str, ast.AST]] = []
    todo: list[tuple[str, ast.AST]] = [("", tree)]
    while todo:
        scope, node = todo.pop()
        for child in ast.iter_child_nodes(node):
            out.append((scope or "<module>", child))
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                todo.append((f"{scope}.{child.name}" if scope else child.name, child))
            else:
                todo.append((scope, child))
    return out


def _game_branches(nodes: list[tuple[str, ast.AST]], own_game: str | None) -> Iterator[tuple[str, int]]:
    for scope, node in nodes:
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, sides[:-1], sides[1:], strict=True):
                if isinstance(op, ast.Eq | ast.NotEq | ast.Is | ast.IsNot):
                    named = [s.value for s in (left, right) if _is_game_name(s)]
                    if named and named != [own_game]:
                        yield scope, node.lineno
                elif isinstance(op, ast.In | ast.NotIn) and _names_a_game(right):
                    yield scope, node.lineno
        elif isinstance(node, ast.Match) and any(_pattern_names_a_game(c.pattern) for c in node.cases):
            yield scope, node.lineno


def _string_import_target(call: ast.Call) -> bool:
    """``import_module(...)``/``__import__(...)`` given a literal naming a game, or an f-string."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name not in ("import_module", "__import__") or not call.args:
        return False
    target = call.args[0]
    if isinstance(target, ast.JoinedStr):
        return True  # a module chosen by a name: f"engine.{game}"
    if isinstance(target, ast.Constant) and isinstance(target.value, str):
        return any(part in GAMES for part in target.value.replace(":", ".").split("."))
    return False


def _string_imports(nodes: list[tuple[str, ast.AST]]) -> Iterator[tuple[str, int]]:
    for scope, node in nodes:
        if isinstance(node, ast.Call) and _string_import_target(node):
            yield scope, node.lineno


def registry_bypasses(root: Path, mods: dict[str, Path]) -> list[str]:
    """Branches on a game's name and imports of a game module by string, outside the registry."""
    out = []
    for module, path in sorted(mods.items()):
        rel = _rel(path, root)
        if rel == REGISTRY:
            continue
        checked = not _allowed(rel, NAME_BRANCHES_ALLOWED)
        out += _bypasses_in(path.read_text(encoding="utf-8"), rel, game_of(module), checked)
    return out


@functools.cache
def _bypasses_in(text: str, rel: str, own_game: str | None, branches: bool) -> tuple[str, ...]:
    """One file's findings of both kinds, kept per text (tests run the check on many copies)."""
    nodes = _scoped(_parse_text(text))
    out = _by_scope("branch on a game's name", rel, _game_branches(nodes, own_game)) if branches else []
    return (*out, *_by_scope("game module imported by string", rel, _string_imports(nodes)))


def _by_scope(kind: str, rel: str, found: Iterator[tuple[str, int]]) -> list[str]:
    """One line per function or class: ``KIND: FILE in SCOPE (line N, M)``."""
    lines: dict[str, set[int]] = {}
    for scope, line in found:
        lines.setdefault(scope, set()).add(line)
    return [f"{kind}: {rel} in {scope} (line {', '.join(map(str, sorted(n)))})" for scope, n in lines.items()]


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else Path(__file__).resolve().parent.parent)
    found = findings(root)
    for line in found:
        print(line)
    print(f"{len(modules(root))} modules; {len(found)} findings")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
