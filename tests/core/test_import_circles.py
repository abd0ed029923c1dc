"""Imports go one way: no package of tycoon has an import circle among its modules, and the
packages themselves import each other one way, each using only the layers docs/architecture.md's
table lets it.

The imports are read from the source (``ast``), not run. Every ``import`` and ``from … import``
counts, at module level and inside functions alike: an import moved into a function to dodge a
circle at load time is still a module calling back up into one above it. Imports under
``if TYPE_CHECKING:`` never run, so they make no circle inside a package (two modules of one
game may name each other's classes); between layers they count all the same: a module that
names a class of a layer above in an annotation depends on it to be read. Importing ``a.b.c``
also runs ``a/__init__`` and ``a/b/__init__``; those implicit edges are left out (a package's
``__init__`` re-exporting its modules is no circle), but an explicit
``from tycoon.games.playboss import BOTS`` is an edge to the package's ``__init__``.

A package with a known circle, or a layer with a known crossing, is marked
``xfail(strict=True)``: when it is gone the test passes, pytest reports it, and the mark must go.
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


def _import_nodes(tree: ast.AST, types: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import in ``tree``, functions included, ``if TYPE_CHECKING:`` bodies left out
    unless ``types`` (an annotation naming a class is a dependency all the same)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node) and not types:
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imports_of(name: str, types: bool = False) -> set[str]:
    """The tycoon modules that module ``name`` imports (with ``types``, also those it imports
    only to name their classes in annotations)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")), types):
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
TYPE_GRAPH: dict[str, set[str]] = {name: imports_of(name, types=True) for name in MODULES}
"""The imports with the type-only ones: what each module depends on to be read."""


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


def test_packages_import_each_other_one_way_types_included() -> None:
    edges: dict[str, set[str]] = {}
    for module, targets in TYPE_GRAPH.items():
        for target in targets:
            a, b = top_package(module), top_package(target)
            if a != b and a != "tycoon" and b != "tycoon":
                edges.setdefault(a, set()).add(b)
    both_ways = sorted((a, b) for a, targets in edges.items() for b in targets if a in edges.get(b, set()) and a < b)
    assert not both_ways, f"packages importing each other: {both_ways}"


def test_core_and_games_import_nothing_above_them_not_even_for_a_type() -> None:
    above = ("tycoon.agents", "tycoon.sim", "tycoon.cli", "tycoon.server", "tycoon.rl", "tycoon.testing")
    offending = sorted(
        f"{m} → {t}"
        for m, targets in TYPE_GRAPH.items()
        if m.startswith(("tycoon.core", "tycoon.games"))
        for t in targets
        if t.startswith(above) or (m.startswith("tycoon.core") and t.startswith("tycoon.games"))
    )
    assert not offending, offending


LAYERS: dict[str, set[str]] = {
    "tycoon.core": set(),
    "tycoon.games": {"tycoon.core"},
    "tycoon.agents": {"tycoon.core"},
    "tycoon.words": {"tycoon.core"},
    "tycoon.testing": {"tycoon.core", "tycoon.agents", "tycoon.words"},
    "tycoon.sim": {"tycoon.core", "tycoon.agents", "tycoon.words"},
    "tycoon.rl": {"tycoon.core", "tycoon.agents"},
    "tycoon.server": {"tycoon.core", "tycoon.agents", "tycoon.words", "tycoon"},
    "tycoon.cli": {
        "tycoon.core",
        "tycoon.agents",
        "tycoon.words",
        "tycoon.sim",
        "tycoon.rl",
        "tycoon.server",
        "tycoon",
    },
}
"""What each layer may use (docs/architecture.md's table): a layer reaches a game through the
registry, never by its package's name, and only the command and the server read the version
from ``tycoon``."""
KNOWN_CROSSINGS: dict[str, str] = {}
"""Layers that still reach past the table, each with the reason."""


def crossings(layer: str, graph: dict[str, set[str]]) -> list[str]:
    """Each import from a module of ``layer`` into a layer the table does not allow it."""
    allowed = LAYERS[layer] | {layer}
    return sorted(
        f"{m} → {t}"
        for m, targets in graph.items()
        if top_package(m) == layer
        for t in targets
        if top_package(t) not in allowed
    )


@pytest.mark.parametrize(
    "layer",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN_CROSSINGS[p])) if p in KNOWN_CROSSINGS else p
        for p in LAYERS
    ],
)
def test_each_layer_uses_only_the_layers_it_may_even_in_annotations(layer: str) -> None:
    found = crossings(layer, TYPE_GRAPH)
    assert not found, f"{layer} reaches past what it may use: {found}"


def test_the_table_names_every_layer() -> None:
    assert {top_package(m) for m in MODULES} - {"tycoon"} == set(LAYERS)


# --- the reader itself (a check that cannot fail proves nothing) ---------------------------------


def test_the_reader_finds_a_circle() -> None:
    assert circles({"tycoon.core.game", "tycoon.core.actions"}) == []
    GRAPH["tycoon.core.actions"].add("tycoon.core.game")
    try:
        assert circles({"tycoon.core.game", "tycoon.core.actions"}) == [["tycoon.core.actions", "tycoon.core.game"]]
    finally:
        GRAPH["tycoon.core.actions"].discard("tycoon.core.game")


def test_the_reader_finds_a_layer_crossed_in_an_annotation() -> None:
    assert crossings("tycoon.core", TYPE_GRAPH) == []
    TYPE_GRAPH["tycoon.core.game"].add("tycoon.cli.main")
    try:
        assert crossings("tycoon.core", TYPE_GRAPH) == ["tycoon.core.game → tycoon.cli.main"]
    finally:
        TYPE_GRAPH["tycoon.core.game"].discard("tycoon.cli.main")


def test_function_level_imports_count_and_type_checking_ones_do_not() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from tycoon.games.playboss.state import PlaybossState\n"
        "def f():\n    from tycoon.games.playboss import state as S\n"
    )
    found = [ast.unparse(n) for n in _import_nodes(tree)]
    assert "from tycoon.games.playboss import state as S" in found
    assert not any("PlaybossState" in f for f in found)
    with_types = [ast.unparse(n) for n in _import_nodes(tree, types=True)]
    assert any("PlaybossState" in f for f in with_types)
    # ``from package import module`` is an edge to the module.
    assert "tycoon.games.playboss.phases" in imports_of("tycoon.games.playboss.bankruptcy")
