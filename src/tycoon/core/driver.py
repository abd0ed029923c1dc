"""The driver: plays a game with a set of agents and a seed, and records it.

The only random generators are here (for chance) and inside the agents, all seeded from the
one seed, so the same seed always gives the same game.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Protocol

from tycoon.core.actions import Action
from tycoon.core.errors import TycoonError
from tycoon.core.game import CHANCE, JSON, TERMINAL, Game, State
from tycoon.core.record import Move, Record


class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def act(self, state: State, seat: int) -> Action:
        """Choose one of ``state.legal_actions(seat)``."""
        ...

    def seed(self, seed: int | str) -> None:
        """Reset the agent's random generator, so a game can be replayed from its seed."""
        ...


class GameTooLong(TycoonError):
    """A game passed the driver's bound on actions (a bug in the rules or an agent)."""


BITS = 53
UNIT = 2**BITS
"""``random.random()`` returns ``k / 2**53`` for a whole ``k``: the draw, exactly, as a fraction."""


def sample_chance(state: State, rng: random.Random) -> Action:
    """Pick a chance outcome with its exact probability.

    One ``rng.random()`` is drawn, ``x``, and the first outcome whose cumulative probability
    exceeds ``x`` is taken. It is computed in whole numbers from ``state.chance_weights()``:
    with ``x = k / 2**53``, ``x < c / total`` exactly when ``k * total < c * 2**53``, that is
    (``c`` being whole) when ``k * total // 2**53 < c``; so it picks the outcome the same
    comparison in exact fractions would, the first cumulative weight above that number, found
    by bisection (chance is drawn at every few moves).
    """
    actions, weights = state.chance_weights()
    if len(actions) != len(weights):
        raise ValueError(f"{len(actions)} chance outcomes but {len(weights)} weights")
    cumulative = list(accumulate(weights))
    drawn = int(rng.random() * UNIT) * cumulative[-1] >> BITS  # // UNIT, a shift for a division
    index = bisect_right(cumulative, drawn)
    # (The last outcome when every weight is nought, as the comparison gave.)
    return actions[index] if index < len(actions) else actions[-1]


@dataclass
class PlayResult:
    state: State
    record: Record
    actions: int


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | str,
    *,
    names: Sequence[str] | None = None,
    max_actions: int = 1_000_000,
    state: State | None = None,
    keep_moves: bool = True,
    watch: Callable[[State, int], None] | None = None,
) -> PlayResult:
    """Play ``game`` to the end with one agent per seat, chance drawn from ``seed``.

    ``state``: where to begin (a new state by default). ``keep_moves`` False leaves the moves
    out of the record (its seats, seed and result stay). ``watch(state, seat)`` is told of
    every move after it is applied, with the seat that made it (a probe that takes notes)."""
    if len(agents) != game.num_seats:
        raise ValueError(f"{game.id} is set up for {game.num_seats} seats but {len(agents)} agents were given")
    chance_rng = random.Random(f"{seed}:chance")
    for seat, agent in enumerate(agents):
        agent.seed(f"{seed}:{seat}")
    seats: list[JSON] = [
        {"name": names[i] if names else f"{a.name} {i + 1}", "agent": a.name} for i, a in enumerate(agents)
    ]
    record = Record.start(game, seats, seed)
    state = state if state is not None else game.new_state()
    count = 0
    moves = record.moves
    # current_player() is TERMINAL exactly when is_terminal() (State's protocol); asked once a move.
    while (seat := state.current_player()) != TERMINAL:
        if count >= max_actions:
            raise GameTooLong(f"{game.id} did not end within {max_actions} actions (seed {seed})")
        action = sample_chance(state, chance_rng) if seat == CHANCE else agents[seat].act(state, seat)
        state.apply(action, seat)
        if keep_moves:
            moves.append(Move(seat, action))
        if watch is not None:
            watch(state, seat)
        count += 1
    outcome = state.outcome()
    record.result = {
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "eliminated": list(outcome.eliminated),
        "actions": count,
    }
    return PlayResult(state, record, count)
