"""What the shared test of every registered game (``test_registered_games.py``) runs for each.

A game declares its runs in its own test folder, in ``tests/<game id>/suite.py``:

- ``CONFORMANCE``: :class:`ConformanceRun` s, each a set-up (options, seeds, agents) that
  :func:`tycoon.testing.check_game` plays and checks;
- ``GOLDEN``: :class:`GoldenRun` s, each a seeded game told as text and compared with a file
  in ``tests/<game id>/golden/``.

A game whose folder declares no ``suite.py`` (one plugged in from another package, or one that
keeps its own) gets :func:`default_conformance`: its fewest, default and most seats, a few
seeds each, random agents and then its own bots beside random agents; and no golden run.

``TYCOON_CONFORMANCE_SEEDS=N`` plays only the first N seeds of each conformance run (a quick
pass, as the compiled build's check in CI takes; a run cut short need not meet its ``expect``,
as so few games may not bring every check up); unset, every seed is played.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tycoon.agents import RandomAgent
from tycoon.core import Agent, Game, load, registry
from tycoon.core.errors import InvalidConfig
from tycoon.testing.conformance import ViewLeakCheck
from tycoon.testing.golden import narrate_moves

TESTS = Path(__file__).parent
SEEDS_CAP = "TYCOON_CONFORMANCE_SEEDS"


@dataclass(frozen=True)
class ConformanceRun:
    """One set-up of a game played over seeds by the conformance suite."""

    name: str
    """Names the run in the test's id (``random-3p``)."""
    options: Mapping[str, Any]
    """What :func:`tycoon.core.load` is given, ``players`` included."""
    seeds: Sequence[int]
    """One game per seed."""
    agents: Callable[[Game], Sequence[Agent]] | None = None
    """Fresh agents for each game; random agents when ``None``."""
    determinism: int | None = None
    """How many of the first seeds are also played a second time to check that the same seed
    gives the same game (a whole game each); all of them when ``None``."""
    max_checked_states_per_game: int = 4
    view_leak_check: ViewLeakCheck | None = None
    """The game's check that a seat's view hides what the seat may not see."""
    expect: tuple[str, ...] = ("illegal_actions_rejected", "chance_nodes_checked")
    """Counters of the report that must be above zero, so that the checks are known to have
    run (``families_checked`` where families come up)."""


@dataclass(frozen=True)
class GoldenRun:
    """One seeded game told as text and compared with ``tests/<game id>/golden/<file>``."""

    file: str
    options: Mapping[str, Any]
    """What :func:`tycoon.core.load` is given, ``players`` included."""
    seed: int
    agents: Callable[[int | str, int], list[Agent]]
    """``agents(seed, seats)``: the agents, one per seat, seeded from the game's seed."""
    seats: str
    """Who plays, for the file's first line (``the bot in seat 0, random agents elsewhere``)."""
    describe: bool = False
    """Whether each line also gives the move as a spectator reads it (``describe``)."""
    eliminated: bool = True
    """Whether the last line names the eliminated seats after the scores and winners."""
    again: Mapping[str, Any] | None = field(default_factory=dict)
    """Options changed for the check that a shorter game (seed 7) is told the same twice, or
    ``None`` for no such check."""

    def narrate(self, game_id: str, seed: int | None = None, **changes: Any) -> str:
        """Play the game, chance drawn from the seed; one line per move: who moved, the move's
        text (and its spectator's reading), and what happened because of it."""
        seed = self.seed if seed is None else seed
        game = load(game_id, **{**self.options, **changes})
        state = game.new_state()
        lines = [f"# {game!r}, seed {seed}, {self.seats}"]
        describe = (lambda action: state.describe(action, None)) if self.describe else None
        narrate_moves(state, self.agents(seed, game.num_seats), seed, lines, describe)
        outcome = state.outcome()
        last = f"scores {list(outcome.scores)}, winners {list(outcome.winners)}"
        if self.eliminated:
            last += f", eliminated {list(outcome.eliminated)}"
        return "\n".join([*lines, last]) + "\n"


def declared(game_id: str) -> Any | None:
    """The game's ``tests/<game id>/suite.py`` module, or ``None`` when it has none."""
    if not (TESTS / game_id / "suite.py").is_file():
        return None
    return importlib.import_module(f"{game_id}.suite")


def conformance_runs(game_id: str) -> list[ConformanceRun]:
    suite = declared(game_id)
    return list(suite.CONFORMANCE) if suite is not None else default_conformance(game_id)


def golden_runs(game_id: str) -> list[GoldenRun]:
    suite = declared(game_id)
    return list(getattr(suite, "GOLDEN", ())) if suite is not None else []


def default_conformance(game_id: str, seeds: int = 2) -> list[ConformanceRun]:
    """A game's fewest, default and most seats (:func:`most_seats`) with its default options, ``seeds`` games each
    with random agents and as many with each of its own bots beside random agents."""
    spec = registry.spec(game_id)
    runs: list[ConformanceRun] = []
    for players in sorted({spec.min_seats, spec.default_seats, most_seats(game_id)}):
        options = {"players": players}
        runs.append(ConformanceRun(f"random-{players}p", options, range(1000 * players, 1000 * players + seeds)))
        for kind, bot in spec.bots.items():
            runs.append(
                ConformanceRun(
                    f"{kind}-{players}p",
                    options,
                    range(1000 * players + 500, 1000 * players + 500 + seeds),
                    agents=beside_random(bot),
                )
            )
    return runs


def most_seats(game_id: str) -> int:
    """The most seats the game takes with its default options (a game may take more with some
    option on: Playboss seats a ninth player only as the worker representative)."""
    spec = registry.spec(game_id)
    for players in range(spec.max_seats, spec.min_seats, -1):
        try:
            load(game_id, players=players)
        except InvalidConfig:
            continue
        return players
    return spec.min_seats


def beside_random(bot: Callable[[], Agent]) -> Callable[[Game], list[Agent]]:
    """Agents for a game: ``bot()`` in the even seats, random agents in the odd ones."""

    def agents(game: Game) -> list[Agent]:
        return [bot() if seat % 2 == 0 else RandomAgent() for seat in range(game.num_seats)]

    return agents


def only(bot: Callable[[], Agent]) -> Callable[[Game], list[Agent]]:
    """Agents for a game: ``bot()`` in every seat."""

    def agents(game: Game) -> list[Agent]:
        return [bot() for _ in range(game.num_seats)]

    return agents


def seeds_of(run: ConformanceRun) -> Sequence[int]:
    """The run's seeds, cut to the first ``TYCOON_CONFORMANCE_SEEDS`` when that is set."""
    cap = os.environ.get(SEEDS_CAP, "").strip()
    if not cap:
        return run.seeds
    if not cap.isdigit() or int(cap) < 1:
        raise ValueError(f"{SEEDS_CAP} must be a whole number of seeds, 1 or more, not {cap!r}")
    return run.seeds[: int(cap)]
