"""The optional compiled build; everything else about the package is in ``pyproject.toml``.

With ``TYCOON_COMPILE=1`` (``TYCOON_COMPILE=1 pip install .``) the modules that
``[tool.tycoon.compiled]`` lists are compiled by mypyc into extension modules; without it there
are none and the package is pure Python (``build_support/tycoon_build.py``,
docs/decisions/0019-compiled-build.md).
"""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "build_support"))

import tycoon_build  # found through the line above (pip's build has it on the path already)

setup(**tycoon_build.setup_arguments())
