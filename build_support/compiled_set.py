"""Which modules the compiled build compiles, read from ``[tool.tycoon.compiled]`` in
``pyproject.toml``, and whether ``TYCOON_COMPILE`` asks for it (docs/decisions/0019-compiled-build.md).

Standard library only: the build backend (``tycoon_build.py``) and the CI check of a compiled
install (``.ci/compiled``) both read it.
"""

from __future__ import annotations

import fnmatch
import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src"
SWITCH = "TYCOON_COMPILE"
MYPYC = "mypy==2.4.1"
"""The mypy whose mypyc compiles the build: the version the build was checked with, pinned so
that every compiled build is made by the same compiler."""

TYPED_IMPORTS = ("babel>=2.16",)
"""What mypyc's type pass reads besides the package: the libraries a compiled module reaches
through its imports (the words layer's Babel, reached from the package's ``__init__``), which
the build's isolated environment must hold too."""


def compiling() -> bool:
    """Whether ``TYCOON_COMPILE`` asks for the compiled build: ``1`` yes, unset, empty or ``0``
    no; anything else is an error that says so."""
    value = os.environ.get(SWITCH, "").strip()
    if value not in ("", "0", "1"):
        raise ValueError(f"{SWITCH} must be 1 (a compiled build) or 0 (pure Python), not {value!r}")
    return value == "1"


def settings() -> dict[str, list[str]]:
    """``[tool.tycoon.compiled]`` from ``pyproject.toml``: ``packages`` and ``pure``."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        table = tomllib.load(f)["tool"]["tycoon"]["compiled"]
    return {"packages": list(table["packages"]), "pure": list(table.get("pure", []))}


def compiled_modules() -> dict[str, Path]:
    """Every module the compiled build compiles, by name, with its source file: each module of
    each listed package (not their subpackages), less those that ``pure`` names or matches."""
    config = settings()
    modules: dict[str, Path] = {}
    for package in config["packages"]:
        folder = SOURCES.joinpath(*package.split("."))
        if not (folder / "__init__.py").is_file():
            raise ValueError(f"[tool.tycoon.compiled] lists {package!r}, which is no package under src/")
        for path in sorted(folder.glob("*.py")):
            name = package if path.stem == "__init__" else f"{package}.{path.stem}"
            if not any(fnmatch.fnmatchcase(name, pattern) for pattern in config["pure"]):
                modules[name] = path
    return modules
