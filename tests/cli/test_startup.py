"""``tycoon --help``, ``--version`` and ``tycoon games`` start without importing any game's rules,
bots or renderers, or the simulator: each game's package registers a spec of names
(docs/decisions/0030-lazy-game-specs.md). How long they take is measured by
``benchmarks/startup.py``; here only what they import is checked, in a new process each."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

RUN = """
import json, sys
sys.argv = ["tycoon", *sys.argv[1:]]
from tycoon.cli.main import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith("tycoon"))), file=sys.stderr)
"""
"""Runs ``tycoon`` with the arguments given, then writes the modules of tycoon it imported."""

HEAVY = ("flow", "state", "bot", "bot_easy", "game", "views", "words", "sheets", "partners")
"""Modules of a game that hold its rules, its bots or its sheets."""


def imported(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True, check=True, timeout=120)
    modules: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return modules


@pytest.mark.parametrize("args", [("--help",), ("--version",), ("games",), ("play", "--help")])
def test_the_command_starts_without_the_games_rules(args: tuple[str, ...]) -> None:
    modules = imported(*args)
    games = [m for m in modules if m.startswith("tycoon.games.")]
    assert {"tycoon.games.playboss", "tycoon.games.die_bosse", "tycoon.games.biznes_po_polsku"} <= set(games)
    assert not [m for m in games if m.rpartition(".")[2] in HEAVY], games
    for layer in ("tycoon.cli.render", "tycoon.cli.play", "tycoon.sim", "tycoon.server.app", "tycoon.agents.ismcts"):
        assert layer not in modules, f"{' '.join(args)} imported {layer}"
    assert "tycoon.core.driver" not in modules and "tycoon.core.record" not in modules


def test_a_game_is_imported_when_it_is_played() -> None:
    """The same names, once used, are the game's own: a simulation imports the rules it plays."""
    modules = imported("simulate", "die_bosse", "--seats", "random,random", "--games", "1", "--seed", "3")
    assert "tycoon.games.die_bosse.flow" in modules
    assert "tycoon.games.playboss.flow" not in modules
