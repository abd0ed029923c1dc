"""Test helpers shipped with tycoon: the conformance suite every game passes.

Standard library only, so any game's tests, a benchmark or a command can use it::

    from tycoon.core.registry import load
    from tycoon.testing import check_game

    report = check_game(load("playboss", players=4), seeds=range(20))
    print(report)

A failure raises :class:`ConformanceError` (an ``AssertionError``), whose message names the
game, the seed, the move and the check that failed.
"""

from tycoon.testing.conformance import (
    AgentsFactory,
    ConformanceError,
    ConformanceReport,
    ViewLeakCheck,
    check_game,
    check_state,
    random_agents,
)

__all__ = [
    "AgentsFactory",
    "ConformanceError",
    "ConformanceReport",
    "ViewLeakCheck",
    "check_game",
    "check_state",
    "random_agents",
]
