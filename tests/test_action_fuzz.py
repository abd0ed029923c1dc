"""Actions built by hand with fields of the wrong type or odd values, for every action class of
every registered game: ``apply`` refuses each with ``IllegalAction`` and leaves the state as it
was, and ``describe`` and ``describe_all`` answer with words or with ``IllegalAction``, never
with another exception (a front end narrates what a person or a program hands it).

Seeded: a few states of a random game each, a few hundred actions per game.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, TERMINAL, load, registered, spec
from tycoon.core.actions import Action
from tycoon.core.driver import sample_chance
from tycoon.core.errors import IllegalAction
from tycoon.core.forms import field_type
from tycoon.core.game import State
from tycoon.core.messages import Message
from tycoon.core.spec import resolved

WRONG: dict[str, tuple[Any, ...]] = {
    "int": (None, "3", 1.5, True, float("nan"), [1], 2**63, -(2**63) - 1, 10**30),
    "str": (None, 3, True, b"raw", ["raw"]),
    "bool": (None, 1, 0, "yes", 1.0),
}
"""Values of the wrong type for a field of each type (``2**63`` and beyond are of the right
Python type but no whole number a message carries)."""

ODD: dict[str, tuple[Any, ...]] = {
    "int": (-1, -(2**63), 2**63 - 1, 10**30),
    "str": ("", "nothing", "\ud800"),
    "bool": (),
}
"""Values of the right type that name nothing in particular: refused or taken, never a crash."""

PLAIN: dict[str, Any] = {"int": 1, "str": "raw", "bool": True}


def states(game_id: str, seed: int) -> list[State]:
    """A few states of a seeded random game: the start, and after 5, 30 and 120 moves."""
    state = load(game_id).new_state()
    rng = random.Random(seed)
    agent = RandomAgent(seed)
    out: list[State] = []
    for moves in range(121):
        if moves in (0, 5, 30, 120):
            out.append(state.clone())
        seat = state.current_player()
        if seat == TERMINAL:
            break
        action = sample_chance(state, rng) if seat == CHANCE else agent.act(state, seat)
        state.apply(action)
    return out


def cases(game_id: str, rng: random.Random, count: int) -> list[tuple[Action, bool]]:
    """``count`` actions of the game's classes, each with one field replaced by a wrong value
    (``True``: it must be refused) or an odd one (``False``: it may be taken)."""
    codec = load(game_id).codec
    classes = [codec._lookup(kind) for kind in codec.kinds]
    every: list[tuple[Action, bool]] = []
    for cls in classes:
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        plain = {f.name: PLAIN[field_type(f)] for f in fields}
        for f in fields:
            for value, wrong in [*((v, True) for v in WRONG[field_type(f)]), *((v, False) for v in ODD[field_type(f)])]:
                every.append((cls(**{**plain, f.name: value}), wrong))
    rng.shuffle(every)
    return every[:count]


def fingerprint(state: State) -> str:
    return json.dumps(state.fingerprint(), sort_keys=True, default=repr)


def shipped() -> list[str]:
    """tycoon's own games: the toy games other test modules register (to prove the conformance
    suite catches faults) are not held to this, and which of them are registered by now depends
    on the order the modules were collected in."""
    return [g for g in registered() if resolved(spec(g).factory).__module__.startswith("tycoon.")]


@pytest.mark.parametrize("game_id", shipped())
def test_hand_built_actions_are_refused_or_told_never_a_crash(game_id: str) -> None:
    rng = random.Random(f"fuzz {game_id}")
    for state in states(game_id, seed=11):
        for action, wrong in cases(game_id, rng, 100):
            seat = state.current_player()
            for viewer in (None, 0):
                try:
                    told = state.describe(action, viewer)
                except IllegalAction:
                    pass
                else:
                    assert isinstance(told, str | Message) and not wrong, f"{action!r} was told: {told!r}"
            try:
                texts = state.describe_all(action)
            except IllegalAction:
                pass
            else:
                assert not wrong and all(isinstance(t, str | Message) for t in texts), f"{action!r} was told: {texts!r}"
            before = fingerprint(state)
            for by in (None, seat, 0):
                trial = state if wrong else state.clone()
                try:
                    trial.apply(action, by)
                except IllegalAction:
                    assert fingerprint(trial) == before, f"{action!r} was refused but changed the state"
                else:
                    assert not wrong, f"{action!r} of the wrong type was applied for seat {by}"
