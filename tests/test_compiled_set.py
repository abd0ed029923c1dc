"""What the compiled build compiles (``[tool.tycoon.compiled]`` in ``pyproject.toml``, read by
``build_support/compiled_set.py``; docs/decisions/0019-compiled-build.md). The build itself is
checked by ``.ci/compiled``, which installs it and runs the golden playthroughs through it."""

from __future__ import annotations

import fnmatch
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_support"))

import compiled_set  # found through the line above


def test_the_listed_packages_are_compiled_but_their_declarations() -> None:
    modules = compiled_set.compiled_modules()
    assert "tycoon.games.die_bosse.flow" in modules and "tycoon.games.biznes_po_polsku.bot" in modules
    assert "tycoon.core.driver" in modules and "tycoon.core.registry" in modules
    # The packages' own modules name their contents lazily (a module ``__getattr__``): plain Python.
    for pure in ("tycoon.core", "tycoon.games.playboss", "tycoon.core.game", "tycoon.games.die_bosse.actions"):
        assert pure not in modules
    assert "tycoon.games.playboss.state" in modules and "tycoon.games.playboss.bot" in modules
    assert "tycoon.games.playboss.actions" not in modules and "tycoon.games.biznes_po_polsku.tasks" not in modules
    assert all(path.is_file() and path.suffix == ".py" for path in modules.values())


def test_every_pure_pattern_leaves_a_module_out() -> None:
    """A pattern that matches nothing is a stale entry (a module renamed or gone)."""
    config = compiled_set.settings()
    every = {name for package in config["packages"] for name in _modules_of(package)}
    for pattern in config["pure"]:
        assert any(fnmatch.fnmatchcase(name, pattern) for name in every), pattern


def _modules_of(package: str) -> list[str]:
    folder = compiled_set.SOURCES.joinpath(*package.split("."))
    return [package if p.stem == "__init__" else f"{package}.{p.stem}" for p in folder.glob("*.py")]


@pytest.mark.parametrize(("value", "wanted"), [("", False), ("0", False), ("1", True), (" 1 ", True)])
def test_the_switch(monkeypatch: pytest.MonkeyPatch, value: str, wanted: bool) -> None:
    monkeypatch.setenv(compiled_set.SWITCH, value)
    assert compiled_set.compiling() is wanted


def test_a_switch_that_is_neither_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compiled_set.SWITCH, "yes")
    with pytest.raises(ValueError, match=r"must be 1 .* or 0"):
        compiled_set.compiling()


def test_a_package_that_is_not_one_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled_set, "settings", lambda: {"packages": ["tycoon.games.monopoly"], "pure": []})
    with pytest.raises(ValueError, match="no package under src/"):
        compiled_set.compiled_modules()
