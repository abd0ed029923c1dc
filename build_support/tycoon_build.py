"""tycoon's build backend: setuptools, and on request a compiled build of the rules engine.

``pip install .`` builds the pure-Python package, as setuptools alone would. With
``TYCOON_COMPILE=1`` the same command compiles the packages that ``[tool.tycoon.compiled]`` in
``pyproject.toml`` lists, with mypyc (from mypy), into C extension modules that replace the
Python modules they are made from (docs/decisions/0019-compiled-build.md). This module adds mypy
to the build's requirements for that, refuses a compiled editable install, and gives
``setup.py`` the extension modules of the modules that ``compiled_set.py`` lists.

Standard library and setuptools only: it runs inside pip's isolated build environment.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

from compiled_set import MYPYC, ROOT, SWITCH, TYPED_IMPORTS, compiled_modules, compiling
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every other hook is setuptools' own)


def setup_arguments() -> dict[str, Any]:
    """What ``setup.py`` passes to ``setup()``: nothing for the pure-Python build, nor while
    setuptools runs ``setup.py`` only for the requirements or the metadata; else mypyc's
    extension modules (one shared library for all the compiled modules and a small one for
    each), built in a fresh temporary folder, so that no object file of an earlier build is
    ever taken for a new one."""
    if not compiling() or _metadata_only:
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise ValueError(
            f"{SWITCH}=1 needs mypyc, from {MYPYC}: let pip install it for the build (its default), "
            "or install it first when building with --no-build-isolation"
        ) from None
    # Under build/ (ignored by git), as setuptools wants the C sources in the project's tree.
    (ROOT / "build").mkdir(exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="compiled-", dir=ROOT / "build"))
    atexit.register(shutil.rmtree, work, True)
    paths = [str(path.relative_to(ROOT)) for path in compiled_modules().values()]
    extensions = mypycify(
        paths, opt_level="3", debug_level="0", group_name="tycoon", target_dir=str((work / "c").relative_to(ROOT))
    )
    return {"ext_modules": extensions, "options": {"build": {"build_base": str(work / "setuptools")}}}


# --- the PEP 517 hooks that differ from setuptools' -----------------------------------------

_metadata_only = False
"""True while setuptools runs ``setup.py`` only for the build's requirements or metadata, which
the extension modules do not change: mypyc is not installed yet for the first, and would do its
whole work twice for the second."""


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    requires: list[str] = _without_extensions(_setuptools.get_requires_for_build_wheel, config_settings)
    return [*requires, MYPYC, *TYPED_IMPORTS] if compiling() else requires


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    name: str = _without_extensions(_setuptools.prepare_metadata_for_build_wheel, metadata_directory, config_settings)
    return name


def _without_extensions(hook: Any, *args: Any) -> Any:
    global _metadata_only
    _metadata_only = True
    try:
        return hook(*args)
    finally:
        _metadata_only = False


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    _refuse_editable()
    requires: list[str] = _setuptools.get_requires_for_build_editable(config_settings)
    return requires


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    _refuse_editable()
    name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    return name


def _refuse_editable() -> None:
    if compiling():
        raise ValueError(
            f"{SWITCH}=1 makes a compiled build, which cannot be installed editable: its extension "
            "modules would lie beside the sources and hide every edit. Install it with "
            f"`{SWITCH}=1 pip install .` (not -e), or develop on the pure-Python editable install."
        )
