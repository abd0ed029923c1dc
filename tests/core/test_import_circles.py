"""Imports go one way: no package of tycoon has an import circle among its modules, and the
packages themselves import each other one way (ARCHITECTURE.md, "Layers").

The imports are read from the source (``ast``), not run. Every ``import`` and ``from … import``
counts, at module level and inside functions alike: an import moved into a function to dodge a
circle at load time is still a module calling back up into one above it. Imports under
``if TYPE_CHECKING:`` do not count: they never run, and annotations may name a type from any
layer. Importing ``a.b.c`` also runs ``a/__init__`` and ``a/b/__init__``; those implicit edges
are left out (a package's ``__init__`` re-exporting its modules is no circle), but an explicit
``from tycoon.games.playboss import BOTS`` is an edge to the package's ``__init__``.

A package with a known circle is marked ``xfail(strict=True)``: when the circle is gone the
test passes, pytest reports it, and the mark must go.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
ROOT = SRC / "tycoon"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in ROOT.rglob("*.py")}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import in ``tree``, functions included, ``if TYPE_CHECKING:`` bodies left out."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imports_of(name: str) -> set[str]:
    """The tycoon modules that module ``name`` imports."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # ``from pkg import name``: the submodule ``pkg.name`` if there is one, else ``pkg``.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        found |= {t for t in targets if t in MODULES and t != name}
    return found


GRAPH: dict[str, set[str]] = {name: imports_of(name) for name in MODULES}


def circles(members: set[str]) -> list[list[str]]:
    """The import circles among ``members``: strongly connected components of more than one
    module (or a module importing itself), each sorted (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v] & members):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(members):
        if v not in index:
            visit(v)
    return found


def package_modules(package: str) -> set[str]:
    """The modules of ``package`` itself (its ``__init__`` and its own modules, not
    subpackages' modules, which are checked as packages of their own)."""
    return {m for m in MODULES if m == package or m.rpartition(".")[0] == package}


PACKAGES = sorted(
    {module_name(p.parent / "__init__.py") for p in ROOT.rglob("__init__.py")} | {"tycoon"},
)
KNOWN_CIRCLES: dict[str, str] = {}
"""Packages with an import circle still to undo, each with the reason (none at present)."""


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN_CIRCLES[p])) if p in KNOWN_CIRCLES else p
        for p in PACKAGES
    ],
)
def test_no_import_circle_inside_the_package(package: str) -> None:
    found = circles(package_modules(package))
    assert not found, f"{package} has import circles: " + "; ".join(" ↔ ".join(c) for c in found)


def top_package(module: str) -> str:
    """``tycoon.games.playboss.state`` → ``tycoon.games``; ``tycoon.core.game`` → ``tycoon.core``."""
    return ".".join(module.split(".")[:2])


def test_packages_import_each_other_one_way() -> None:
    edges: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        for target in targets:
            a, b = top_package(module), top_package(target)
            if a != b and a != "tycoon" and b != "tycoon":
                edges.setdefault(a, set()).add(b)
    both_ways = sorted((a, b) for a, targets in edges.items() for b in targets if a in edges.get(b, set()) and a < b)
    assert not both_ways, f"packages importing each other: {both_ways}"


def test_core_and_games_import_nothing_above_them() -> None:
    above = ("tycoon.agents", "tycoon.sim", "tycoon.cli", "tycoon.server", "tycoon.rl", "tycoon.testing")
    offending = sorted(
        f"{m} → {t}"
        for m, targets in GRAPH.items()
        if m.startswith(("tycoon.core", "tycoon.games"))
        for t in targets
        if t.startswith(above) or (m.startswith("tycoon.core") and t.startswith("tycoon.games"))
    )
    # The games ship their bots, which may use the generic agents (a random fallback).
    offending = [o for o in offending if " → tycoon.agents" not in o or not o.startswith("tycoon.games")]
    assert not offending, offending


# --- the reader itself (a check that cannot fail proves nothing) ---------------------------------


def test_the_reader_finds_a_circle() -> None:
    assert circles({"tycoon.core.game", "tycoon.core.actions"}) == []
    GRAPH["tycoon.core.actions"].add("tycoon.core.game")
    try:
        assert circles({"tycoon.core.game", "tycoon.core.actions"}) == [["tycoon.core.actions", "tycoon.core.game"]]
    finally:
        GRAPH["tycoon.core.actions"].discard("tycoon.core.game")


def test_function_level_imports_count_and_type_checking_ones_do_not() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from tycoon.games.playboss.state import PlaybossState\n"
        "def f():\n    from tycoon.games.playboss import state as S\n"
    )
    found = [ast.unparse(n) for n in _import_nodes(tree)]
    assert "from tycoon.games.playboss import state as S" in found
    assert not any("PlaybossState" in f for f in found)
    # ``from package import module`` is an edge to the module.
    assert "tycoon.games.playboss.phases" in imports_of("tycoon.games.playboss.bankruptcy")
