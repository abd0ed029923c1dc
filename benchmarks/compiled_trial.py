"""The compiled build, to benchmark: ``TYCOON_COMPILE=1 pip install .`` into a throwaway virtual
environment outside the repository (docs/decisions/0019-compiled-build.md).

Any benchmark then runs on the compiled build by that environment's Python, and on the
pure-Python build by the development one, for instance::

    python benchmarks/compiled_trial.py                      # into a folder in the temporary directory
    /tmp/tycoon-compiled/bin/python benchmarks/peers.py --only biznes-random --only die-bosse-bots
    /tmp/tycoon-compiled/bin/python benchmarks/bench_die_bosse.py --games 20

The benchmarks import ``tycoon`` from the environment that runs them (the checkout's sources
are under ``src/``, never on the path); ``--check`` says whether ``--out`` holds the compiled
build of every module that ``[tool.tycoon.compiled]`` lists.

mypyc comes with mypy, installed by the build itself; a C compiler is needed. The build takes
about two minutes on 2 idle cores (most of it one C compiler run over the shared library of
all the compiled modules).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CHECK = """
import importlib, sys
from importlib.machinery import EXTENSION_SUFFIXES
sys.path.insert(0, "build_support")
from compiled_set import compiled_modules
names = sorted(compiled_modules())
compiled = [n for n in names if (importlib.import_module(n).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))]
print(f"{len(compiled)} of the {len(names)} modules that [tool.tycoon.compiled] lists are compiled")
sys.exit(0 if compiled == names else 1)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "tycoon-compiled")
    parser.add_argument("--check", action="store_true", help="only say whether --out holds the compiled build")
    args = parser.parse_args(argv)
    if args.out.resolve().is_relative_to(REPO):
        parser.error("--out must lie outside the repository: the compiled build is never part of it")
    python = args.out / "bin" / "python"
    if not args.check:
        venv.create(args.out, with_pip=True, clear=True)
        start = time.monotonic()
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--no-cache-dir", str(REPO)],
            check=True,
            env={**os.environ, "TYCOON_COMPILE": "1"},
        )
        print(f"built and installed in {time.monotonic() - start:.0f} s", file=sys.stderr)
    result = subprocess.run([str(python), "-c", CHECK], cwd=REPO)
    if result.returncode == 0 and not args.check:
        print(f"run a benchmark on the compiled build with {python} benchmarks/...")
    return result.returncode


if __name__ == "__main__":
    raise SystemExit(main())
