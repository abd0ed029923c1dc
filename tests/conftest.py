"""Shared test setup: make the helper modules in ``tests/`` (the toy game) importable."""

import sys
from pathlib import Path

TESTS = str(Path(__file__).parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
