"""The games' decisions registries (``tycoon.core.decisions``): every phase but ``READY`` has its
entry, and ``refusal``, answered from the entries' checks without a clone, says exactly what
``apply`` raises — for the actions listed and for actions of other decisions tried out of place."""

from __future__ import annotations

import random
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.core import CHANCE, State, load
from tycoon.core.actions import Action
from tycoon.core.decisions import READY, Decisions
from tycoon.core.errors import IllegalAction
from tycoon.core.messages import Message, Text
from tycoon.games.biznes_po_polsku import decisions as biznes_decisions
from tycoon.games.biznes_po_polsku.phases import Phase as BiznesPhase
from tycoon.games.die_bosse import decisions as die_bosse_decisions
from tycoon.games.die_bosse.phases import Phase as DieBossePhase
from tycoon.games.playboss import decisions as playboss_decisions
from tycoon.games.playboss.phases import Phase as PlaybossPhase
from tycoon.words import problems

REGISTRIES: list[tuple[str, type[StrEnum], Decisions[Any]]] = [
    ("die_bosse", DieBossePhase, die_bosse_decisions.DECISIONS),
    ("biznes_po_polsku", BiznesPhase, biznes_decisions.DECISIONS),
    ("playboss", PlaybossPhase, playboss_decisions.DECISIONS),
]


@pytest.mark.parametrize(("game_id", "phases", "registry"), REGISTRIES, ids=[r[0] for r in REGISTRIES])
def test_every_phase_but_ready_has_its_entry(game_id: str, phases: type[StrEnum], registry: Decisions[Any]) -> None:
    assert READY == "" and phases("") not in registry
    assert sorted(registry.phases) == sorted(p for p in phases if p != READY)


def what_apply_says(state: State, action: Action, seat: int) -> Text | None:
    """The refusal ``apply`` raises, as a message with its rule cited (``IllegalAction.text``)."""
    twin = state.clone()
    try:
        twin.apply(action, seat)
    except IllegalAction as e:
        return e.text or type(e).__name__
    return None


def positions(game_id: str, seed: int, moves: int, **options: Any) -> Iterator[tuple[State, int, list[Action]]]:
    """The states of a random game, each with the seat to move and the actions it lists."""
    rng = random.Random(seed)
    state = load(game_id, players=3, **options).new_state()
    for _ in range(moves):
        if state.is_terminal():
            return
        seat = state.current_player()
        if seat == CHANCE:
            actions, weights = state.chance_weights()
            state.apply(rng.choices(list(actions), list(weights))[0], CHANCE)
            continue
        legal = state.legal_actions(seat)
        yield state, seat, legal
        state.apply(rng.choice(legal), seat)


GAMES: list[tuple[str, dict[str, Any]]] = [
    ("die_bosse", {}),
    ("biznes_po_polsku", {}),
    ("playboss", {}),
    ("playboss", {"steps": [1, 2, 3, 4, 5, 6], "years": 2}),
]


@pytest.mark.parametrize(
    ("game_id", "options"), GAMES, ids=["die_bosse", "biznes_po_polsku", "playboss", "playboss-steps"]
)
def test_refusal_says_what_apply_raises(game_id: str, options: dict[str, Any]) -> None:
    seen: dict[str, Action] = {}
    refused = 0
    for state, seat, legal in positions(game_id, seed=3, moves=400, **options):
        for a in legal:
            seen.setdefault(type(a).__name__, a)
        tried = [*legal[:6], *seen.values()]
        others = [s for s in range(3) if s != seat]
        for action in tried:
            for s in (seat, others[0]):
                said = state.refusal(action, s)
                assert said == what_apply_says(state, action, s), (action, s, state.fingerprint())
                # Every refusal is a message that reads in each language with no key missing.
                assert said is None or isinstance(said, Message), said
                assert said is None or not any(problems(said, lang) for lang in ("en", "de", "nl", "pl")), said
                refused += said is not None
    assert refused > 100, "the game tried too few actions out of place to tell"
