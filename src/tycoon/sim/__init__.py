"""Batch simulation, the agent catalogue (from :mod:`tycoon.agents.catalogue`) and the statistics of many games.

Standard library only::

    from tycoon.sim import simulate
    report = simulate("playboss", {"years": 3}, ["bot", "bot", "random"], games=1000, seed=7)
    for seat in report.seats:
        print(seat.kind, seat.win_rate, seat.win_interval)
"""

from tycoon.agents.catalogue import (
    GENERIC_KINDS,
    AgentFactory,
    UnknownAgent,
    game_bots,
    known_kinds,
    make_agent,
    make_partners,
    partner_kinds,
)
from tycoon.sim.simulate import GameResult, SeatStats, SimulationReport, game_seed, simulate
from tycoon.sim.stats import Z_95, Summary, wilson_interval

__all__ = [
    "GENERIC_KINDS",
    "Z_95",
    "AgentFactory",
    "GameResult",
    "SeatStats",
    "SimulationReport",
    "Summary",
    "UnknownAgent",
    "game_bots",
    "game_seed",
    "known_kinds",
    "make_agent",
    "make_partners",
    "partner_kinds",
    "simulate",
    "wilson_interval",
]
