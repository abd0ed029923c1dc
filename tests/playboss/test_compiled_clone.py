"""The clones the compiled build takes (docs/decisions/0019-compiled-build.md) copy what the
pure-Python clones copy, the same way.

Compiled by mypyc, a class's ``__new__`` runs its ``__init__``, so the table itself, a
business, the private deals, the expansion steps' part of the state, the free market and the
labour market are cloned there from a fresh ``__init__`` with every field copied over it
(``COMPILED`` in their modules). Pure Python takes that way only when told to: these tests tell
it, on states from the middle of seeded games with every step on, and compare the clones field
by field with the pure-Python ones, so that a field added and forgotten in a ``clone`` fails
here (it would keep its ``__init__`` value there), not only in the compiled build's CI step.
"""

from __future__ import annotations

import random
from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.games.playboss import business, expansion, free_market, labour, private, state
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.flow import PlaybossState

MODULES = (business, expansion, free_market, labour, private, state)


def states(seed: int) -> list[PlaybossState]:
    """Clones of the states of one seeded game with all six steps (the bot in every seat but
    seat 1, random), taken every 20 moves and wherever a free market or an auction is under way."""
    st = load("playboss", players=4, years=2, steps=[1, 2, 3, 4, 5, 6]).new_state()
    assert isinstance(st, PlaybossState)
    agents = [RandomAgent(f"{seed}:{s}") if s == 1 else PlaybossBot() for s in range(4)]
    chance = random.Random(f"{seed}:chance")
    taken: list[PlaybossState] = []
    moves = 0
    while not st.is_terminal():
        seat = st.current_player()
        st.apply(sample_chance(st, chance) if seat == CHANCE else agents[seat].act(st, seat), seat)
        moves += 1
        e = st.expansion
        if moves % 20 == 0 or e.free_market is not None or e.auction is not None or st.deals.offer is not None:
            taken.append(st.clone())
    return taken


STATES = states(153)


def parts(st: PlaybossState) -> list[object]:
    """The objects of ``st`` that the compiled build clones through ``__init__``."""
    e = st.expansion
    found: list[object] = [*st.businesses, st.deals, e]
    found += [x for x in (e.free_market, e.labour) if x is not None]
    return found


def slots(obj: object) -> dict[str, object]:
    return {name: getattr(obj, name) for name in type(obj).__slots__}


def plain(value: object) -> object:
    """``value`` as data that compares by content (the state's parts have no ``==`` of their
    own)."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if hasattr(type(value), "__slots__") and not isinstance(value, tuple):
        return {name: plain(v) for name, v in slots(value).items()}
    return value


def test_the_states_cover_the_cases() -> None:
    """Free markets, labour markets and offers all come up, so every clone is met."""
    assert any(s.expansion.free_market is not None for s in STATES)
    assert any(s.expansion.labour is not None for s in STATES)
    assert any(s.deals.offer is not None for s in STATES)


PURE_ONLY = pytest.mark.skipif(business.COMPILED, reason="compiled classes have no __slots__ to compare by")


@PURE_ONLY
def test_cloning_through_init_copies_what_clone_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    pure = [s.clone() for s in STATES]
    for module in MODULES:
        monkeypatch.setattr(module, "COMPILED", True)
    for original, by_new in zip(STATES, pure, strict=True):
        by_init = original.clone()
        assert by_init.fingerprint() == by_new.fingerprint() == original.fingerprint()
        for was, old, new in zip(parts(original), parts(by_new), parts(by_init), strict=True):
            assert type(new) is type(was)
            for name, value in slots(was).items():
                # Equal values, shared with the original exactly where the pure clone shares them.
                assert plain(getattr(new, name)) == plain(getattr(old, name)), name
                assert (getattr(new, name) is value) == (getattr(old, name) is value), name


@PURE_ONLY
def test_fields_name_every_slot() -> None:
    assert business.Business.__slots__ == business.FIELDS
    assert labour.Labour.__slots__ == labour.FIELDS


def test_compiled_says_whether_the_module_is_compiled() -> None:
    module: ModuleType
    for module in MODULES:
        compiled = (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        assert module.COMPILED is compiled


@PURE_ONLY
def test_the_state_names_each_field_once() -> None:
    """``PLAIN`` drives the fingerprint (and so the check of the compiled clone above): with the
    fields ``clone`` copies in their own way and those every state shares, it is every field of
    a state, each once, so that a plain field added to ``__init__`` and not named there fails
    here."""
    mutable = {"businesses", "market", "risk_order", "eliminated", "agenda", "setup_rolls", "contenders"}
    mutable |= {"auction", "expansion", "deals"}
    shared = {"game", "rules", "log"}
    named = [*state.PLAIN, *mutable, *shared]
    assert len(named) == len(set(named))
    for st in STATES[:3]:
        assert set(vars(st)) == set(named)
