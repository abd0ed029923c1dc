"""The clone the compiled build takes (docs/decisions/0019-compiled-build.md) copies what the
pure-Python clone copies, the same way.

Compiled by mypyc, a state keeps its fields outside ``__dict__`` and a class's ``__new__`` runs
``__init__``, so ``BiznesState.clone`` copies field by field there (``_clone_fields``) and
``Player.clone`` goes through ``__init__``. Pure Python takes neither way, so these tests take
them on purpose, on states from the middle of seeded games, and compare them with ``clone``:
a field added to the state and forgotten in ``_clone_fields`` fails here, not only in the
compiled build's CI step.
"""

from __future__ import annotations

import random
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.games.biznes_po_polsku import players, state
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.state import BiznesState


def states(seed: int, every: int = 25) -> list[BiznesState]:
    """Every ``every``-th state of one seeded game (the bot in seat 0, random agents in the
    others, everything narrated), each where it stood then."""
    game = load("biznes_po_polsku", players=3, rounds=30)
    st = game.new_state()
    assert isinstance(st, BiznesState)
    st.log = []
    agents = [BiznesBot(), RandomAgent(f"{seed}:1"), RandomAgent(f"{seed}:2")]
    chance = random.Random(f"{seed}:chance")
    taken: list[BiznesState] = []
    moves = 0
    while not st.is_terminal():
        seat = st.current_player()
        action = sample_chance(st, chance) if seat == CHANCE else agents[seat].act(st, seat)
        st.apply(action, seat)
        moves += 1
        if moves % every == 0 or st.auction is not None:
            taken.append(st.clone())
    return taken


def plain(value: object) -> object:
    """``value`` as data that compares by content (players and the bank's auction have no
    ``==`` of their own)."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, players.Player):
        return [value.seat, value.fingerprint()]
    if isinstance(value, state.Sale):
        return value.to_json()
    return value


STATES = [s for seed in (1, 2, 3) for s in states(seed)]


def test_the_states_cover_the_cases() -> None:
    """The states include a bank's auction and bankrupt players, so every field is met set."""
    assert any(s.auction is not None and s.auction.bidding is not None for s in STATES)
    assert any(s.eliminated for s in STATES)
    assert any(s.offer is not None for s in STATES)


@pytest.mark.parametrize("index", range(0, len(STATES), 7))
def test_cloning_field_by_field_copies_what_clone_copies(index: int) -> None:
    original = STATES[index]
    by_dict, by_field = original.clone(), original._clone_fields()
    assert type(by_field) is type(original)
    assert by_field.fingerprint() == by_dict.fingerprint() == original.fingerprint()
    assert vars(by_field).keys() == vars(by_dict).keys() == vars(original).keys()
    for name, value in vars(original).items():
        # Equal values, and shared with the original exactly where clone shares them.
        assert plain(getattr(by_field, name)) == plain(getattr(by_dict, name)), name
        assert (getattr(by_field, name) is value) == (getattr(by_dict, name) is value), name


@pytest.mark.parametrize("index", range(3, len(STATES), 11))
def test_a_clone_field_by_field_is_independent(index: int) -> None:
    original = STATES[index]
    before = original.fingerprint()
    twin = original._clone_fields()
    twin.log = []
    rng, agent = random.Random(index), RandomAgent(index)
    while not twin.is_terminal() and len(twin.log) < 40:
        seat = twin.current_player()
        twin.apply(sample_chance(twin, rng) if seat == CHANCE else agent.act(twin, seat), seat)
    assert twin.fingerprint() != before
    assert original.fingerprint() == before


def test_a_player_cloned_through_init_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Player.clone`` as the compiled build takes it."""
    originals = [p for s in STATES for p in s.players]
    monkeypatch.setattr(players, "COMPILED", True)
    for p in originals:
        twin = p.clone()
        assert twin.fingerprint() == p.fingerprint() and twin.seat == p.seat
        assert twin.claims is not p.claims


def test_compiled_says_whether_the_module_is_compiled() -> None:
    for module in (state, players):
        compiled = (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        assert module.COMPILED is compiled
