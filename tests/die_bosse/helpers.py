"""Helpers for the Die Bosse scenario tests.

- Setting a game up with chance forced: ``new_game`` (the row and each hand chosen),
  ``reveal``, ``draw``.
- Naming cards: ``company`` (by industry and letters), ``spec`` / ``take_spec`` (action cards
  by a short name: ``"10"``, ``"3t"`` = 3 million triangle, ``"x1"`` = ½× transfer).
- Laying out concerns from the industry stack: ``give_concern``.
- Checking: ``where_cards`` (the 108-card census), ``snapshot`` / ``assert_rejected``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.core import CHANCE, State, load
from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.die_bosse import DieBosseState
from tycoon.games.die_bosse.actions import Draw, Remove, Reveal
from tycoon.games.die_bosse.data import CAPITAL, PROFIT, TRANSFER

SYMBOL_LETTERS = {"t": "triangle", "h": "half-circle", "r": "rectangle"}


def state_of(players: int) -> DieBosseState:
    state = load("die_bosse", players=players).new_state()
    assert isinstance(state, DieBosseState)
    return state


def company(state: DieBosseState, industry: str, letters: str) -> int:
    """The number of the industry card of ``industry`` carrying exactly ``letters``."""
    for c in state.rules.companies:
        if c.industry == industry and c.letters == frozenset(letters):
            return c.number
    raise LookupError(f"no {industry} card {letters}")


def matches(state: DieBosseState, number: int, name: str) -> bool:
    """Whether action card ``number`` is the card ``name`` (see the module's docstring)."""
    card = state.rules.action(number)
    if name == "profit":
        return card.kind == PROFIT
    if name.startswith("x"):
        return card.kind == TRANSFER and card.halves == int(name[1:])
    symbol = SYMBOL_LETTERS.get(name[-1], "")
    value = int(name[:-1] if symbol else name)
    return card.kind == CAPITAL and card.value == value and card.symbol == symbol


def spec(state: DieBosseState, name: str, cards: Iterable[int]) -> int:
    """The lowest-numbered card named ``name`` among ``cards``."""
    for number in sorted(cards):
        if matches(state, number, name):
            return number
    raise LookupError(f"no {name} card among {sorted(cards)}")


def new_game(
    players: int = 3,
    row: Sequence[int] | None = None,
    hands: dict[int, list[str]] | None = None,
) -> DieBosseState:
    """A game past its setup: ``row`` (company numbers, default the five highest still in the
    stack) lies for sale and each seat in ``hands`` holds exactly those cards (others get plain
    capital cards). With two players the highest-numbered cards are taken out."""
    state = state_of(players)
    hands = hands or {}
    for _ in range(state.removals()):
        free = [c for c in state.industry_stack if not row or c not in row]
        state.apply(Remove(free[-1]), CHANCE)
    wanted = list(row) if row is not None else state.industry_stack[-state.rules.row :]
    for c in wanted:
        state.apply(Reveal(c), CHANCE)
    plans = {s: list(hands[s]) for s in hands}
    needed = Counter(name for names in plans.values() for name in names)
    capital = ["20", "18", "16", "14", "12", "10", "8t", "8h", "8r", "5t", "5h", "5r"]
    while state.phase == "setup":
        seat = min(range(players), key=lambda s: len(state.hands[s]))
        if seat in plans:
            name = plans[seat].pop(0)
            needed[name] -= 1
        else:
            # Seats without a plan get the dearest capital cards the plans leave over.
            name = next(n for n in capital if sum(matches(state, c, n) for c in state.action_stack) > needed[n])
        draw(state, name)
    return state


def _symbol(state: DieBosseState, number: int) -> str:
    symbol = state.rules.action(number).symbol
    return next((k for k, v in SYMBOL_LETTERS.items() if v == symbol), "")


def draw(state: DieBosseState, name: str) -> int:
    """Force chance to draw the card ``name`` (the lowest of its kind in the stack)."""
    number = spec(state, name, state.action_stack)
    state.apply(Draw(number), CHANCE)
    return number


def reveal(state: DieBosseState, number: int) -> None:
    state.apply(Reveal(number), CHANCE)


def give_concern(state: DieBosseState, seat: int, companies: Sequence[int]) -> None:
    """Lay ``companies`` (taken from the industry stack) as a new concern of ``seat``."""
    for c in companies:
        state.industry_stack.remove(c)
    state.columns[seat].append(list(companies))


def hand_card(state: DieBosseState, seat: int, name: str) -> int:
    return spec(state, name, state.hands[seat])


def where_cards(state: DieBosseState) -> dict[int, str]:
    """Every card's place; fails if a card is in two places or in none."""
    places: dict[int, str] = {}

    def put(cards: Iterable[int], where: str) -> None:
        for c in cards:
            assert c not in places, f"card {c} is both in {places[c]} and in {where}"
            places[c] = where

    put(state.industry_stack, "industry stack")
    put(state.removed, "removed")
    put(state.row, "row")
    put([state.placing] if state.placing >= 0 else [], "placing")
    for s, cols in enumerate(state.columns):
        for col in cols:
            put(col, f"concern of seat {s}")
        put(state.hands[s], f"hand of seat {s}")
    put(state.action_stack, "action stack")
    put(state.discard, "discard pile")
    put(state.played, "played")
    put(state.paying, "paying")
    assert sorted(places) == list(range(state.rules.total_cards)), "some cards are nowhere"
    return places


def snapshot(state: DieBosseState) -> dict[str, Any]:
    return copy.deepcopy(state.fingerprint())


def assert_rejected(state: DieBosseState, action: Action, seat: Any = None, match: str | None = None) -> str:
    """``action`` raises IllegalAction (its message containing ``match``) and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match) as info:
        state.apply(action, seat)
    assert state.fingerprint() == before
    return str(info.value)


# --- hidden information ----------------------------------------------------------------------


def permute_hidden(state: DieBosseState, seat: int, rng: random.Random) -> DieBosseState:
    """A copy of ``state`` that differs only in what ``seat`` cannot see: the other players'
    hands, the action stack and the discard pile share out their cards anew (each keeping its
    size), and so do the industry stack and the cards taken out unseen."""
    alt = state.clone()
    others = [s for s in range(len(alt.hands)) if s != seat]
    pool = [c for s in others for c in alt.hands[s]] + alt.action_stack + alt.discard
    rng.shuffle(pool)
    for s in others:
        k = len(alt.hands[s])
        alt.hands[s], pool = sorted(pool[:k]), pool[k:]
    k = len(alt.action_stack)
    alt.action_stack, alt.discard = sorted(pool[:k]), pool[k:]
    industry = alt.industry_stack + alt.removed
    rng.shuffle(industry)
    k = len(alt.industry_stack)
    alt.industry_stack, alt.removed = sorted(industry[:k]), industry[k:]
    return alt


def view_leak_check(state: State, seat: int, view: dict[str, Any]) -> None:
    """``view`` (``state.view(seat)``) is the same whatever the hidden cards are, and shows
    no other player's hand."""
    assert isinstance(state, DieBosseState)
    for player in view["players"]:
        assert (player["hand"] is not None) == (player["seat"] == seat), "another player's hand is shown"
    rng = random.Random(repr(state.fingerprint()["turn"]))
    for _ in range(2):
        assert permute_hidden(state, seat, rng).view(seat) == view, "the view depends on hidden cards"
