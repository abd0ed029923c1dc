"""A trial of a compiled build: ``tycoon.core``, the random agent and Biznes po polsku compiled
with mypyc into a throwaway copy of the sources, for measuring the gain. It is never part of
the install: the package is pure Python.

The copy is made in ``--out`` (by default a folder in the system's temporary directory),
changed as the compiler needs, and compiled there (mypyc comes with mypy, in the ``test``
extra; a C compiler is needed). Then any benchmark runs against it with
``PYTHONPATH=<out>/src``, for instance::

    python benchmarks/compiled_trial.py
    PYTHONPATH=/tmp/tycoon-compiled/src python benchmarks/peers.py --only biznes-random --only biznes-bots

What the compiler needs, as found in the trial (each is changed in the copy only):

* ``Action`` and ``Task`` are subclassed by classes the compiler does not compile (the games'
  ``@action`` and ``@dataclass`` classes): they are marked
  ``@mypyc_attr(allow_interpreted_subclasses=True)``, else a compiled check accepts only the
  base class itself. The games' ``actions.py`` and ``tasks.py`` stay interpreted.
* ``typing.dataclass_transform`` cannot mark a compiled function (``@action``): a
  ``sitecustomize.py`` in the copy lets it pass over one.
* ``BiznesState`` narrows the type of ``game`` from ``Game`` to ``BiznesPoPolsku``, which a
  compiled class may not: the copy keeps the narrow one under another name.
* ``tycoon.agents.partners`` makes mypyc fail (a starred expression in a tuple test): it
  stays interpreted.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SITECUSTOMIZE = '''"""Compiled trial only: typing.dataclass_transform cannot mark a compiled function."""
import typing

_original = typing.dataclass_transform


def _tolerant(**kwargs):
    mark = _original(**kwargs)

    def decorate(f):
        try:
            return mark(f)
        except AttributeError:
            return f

    return decorate


typing.dataclass_transform = _tolerant
'''

OPEN = "@mypyc_attr(allow_interpreted_subclasses=True)\n"


def change(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise SystemExit(f"{path}: the trial's change no longer applies (looked for {old!r})")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def prepare(src: Path) -> list[str]:
    """Change the copy under ``src`` as the compiler needs; the modules to compile."""
    (src / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    for module, cls in (("actions", "Action"), ("agenda", "Task")):
        path = src / "tycoon" / "core" / f"{module}.py"
        change(
            path,
            "from __future__ import annotations\n",
            "from __future__ import annotations\n\nfrom mypy_extensions import mypyc_attr\n",
        )
        change(path, f"\nclass {cls}:\n", f"\n{OPEN}class {cls}:\n")
    game = src / "tycoon" / "games" / "biznes_po_polsku"
    for path in game.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\b(st|self)\.game\.", r"\1.trial_game.", text), encoding="utf-8")
    change(game / "state.py", "    game: BiznesPoPolsku\n\n", "")
    change(
        game / "state.py",
        "        self.game = game\n",
        "        self.game = game\n        self.trial_game: BiznesPoPolsku = game\n",
    )
    modules = sorted(str(p.relative_to(src)) for p in (src / "tycoon" / "core").glob("*.py"))
    modules += ["tycoon/agents/random_agent.py", "tycoon/games/__init__.py"]
    modules += sorted(str(p.relative_to(src)) for p in game.glob("*.py") if p.stem not in ("actions", "tasks"))
    return modules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "tycoon-compiled")
    args = parser.parse_args(argv)
    if args.out.resolve().is_relative_to(REPO):
        parser.error("--out must lie outside the repository: the compiled build is never part of it")
    shutil.rmtree(args.out, ignore_errors=True)
    src = args.out / "src"
    shutil.copytree(REPO / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    modules = prepare(src)
    mypyc = Path(sys.executable).with_name("mypyc")
    result = subprocess.run([str(mypyc), *modules], cwd=src, capture_output=True, text=True)
    if result.returncode:
        print(result.stdout[-4000:], result.stderr[-4000:], sep="\n")
        return result.returncode
    print(f"compiled {len(modules)} modules into {src}; run a benchmark with PYTHONPATH={src}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
