"""Fixtures for the lab's tests: tiny experiments, written as files as a user would."""

from __future__ import annotations

from pathlib import Path

import pytest

TINY = """
name = "tiny"
game = "playboss"
seed = 5
games = 6

[options]
years = 1

[variants]
steps = [[], [4]]

[[lineups]]
name = "mixed"
seats = ["bot", "random"]
rotate = true
"""


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """A Playboss experiment of 2 cells × 6 short games (about half a second)."""
    path = tmp_path / "tiny.toml"
    path.write_text(TINY, encoding="utf-8")
    return path
