"""Building blocks for the Playboss rule scenarios: set a business up, count components, and
check that an illegal action is refused with a helpful message and no change at all."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.playboss.actions import DoNothing
from tycoon.games.playboss.business import LEASED
from tycoon.games.playboss.data import RiskCard
from tycoon.games.playboss.state import PlaybossState

from .helpers import land_on, space_of


def snapshot(state: PlaybossState) -> dict[str, Any]:
    """The fingerprint as an independent copy (the live one shares the state's lists)."""
    return copy.deepcopy(state.fingerprint())


def refused(state: PlaybossState, seat: int, action: Action, *words: str) -> IllegalAction:
    """Apply ``action`` for ``seat`` expecting IllegalAction; the message must contain every one
    of ``words``, and the state must be exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat)
    message = str(caught.value)
    for word in words:
        assert re.search(re.escape(word), message), f"{word!r} not in {message!r}"
    assert snapshot(state) == before, f"{action} was refused but changed the state"
    return caught.value


def space(state: PlaybossState, kind: str) -> int:
    """A space of ``kind`` far enough from start that landing on it with any roll from the
    space in front never crosses start."""
    return space_of(state, kind, after=6)


def give_machines(state: PlaybossState, seat: int, *doubles: bool, ready: int = 0) -> None:
    """Take machines from the bank for ``seat``, one per entry of ``doubles`` (True: the two
    rollers are up), able to produce from the owner's turn ``ready``."""
    for double in doubles:
        state.bank_machines -= 1
        state.businesses[seat].machines.append((double, ready))


def give_webs(state: PlaybossState, seat: int, count: int) -> None:
    state.bank_webs -= count
    state.businesses[seat].webs += count


def give_cash(state: PlaybossState, seat: int, amount: int) -> None:
    """The bank pays ``amount`` to ``seat`` (kept in the bank's ledger)."""
    state.receive(state.businesses[seat], amount, "the scenario")


def take_products(state: PlaybossState, seat: int, raw: int = 0, finished: int = 0) -> None:
    """Move products from the market to ``seat``'s warehouses, cheapest zone first, as if bought
    (and, for finished ones, produced) earlier."""
    count = raw + finished
    for zone, held in enumerate(state.market):
        take = min(held, count)
        state.market[zone] -= take
        count -= take
    assert count == 0, "the market holds too few products for this scenario"
    state.businesses[seat].raw += raw
    state.businesses[seat].finished += finished


def products_everywhere(state: PlaybossState) -> int:
    """Every product: on the market, outside play, and in every warehouse."""
    held = sum(b.raw + b.finished for b in state.businesses)
    return sum(state.market) + state.outside_play + held


def webs_everywhere(state: PlaybossState) -> int:
    """Every WEB chip: in the bank, on the WEB areas, and as lease markers on the board."""
    leased = sum(state.rules.lease_webs for b in state.businesses if b.computer == LEASED)
    return state.bank_webs + sum(b.webs for b in state.businesses) + leased


def card_with(state: PlaybossState, effect: str, **flags: bool) -> RiskCard:
    """The first risk card with ``effect`` (and the given insurable / computer_protects)."""
    for card in state.rules.risk_cards:
        if card.effect == effect and all(getattr(card, k) == v for k, v in flags.items()):
            return card
    raise LookupError(f"no risk card {effect} {flags}")


def pass_turn(state: PlaybossState, seat: int) -> None:
    """``seat`` lands on a green field and buys no WEB: a turn in which nothing happens."""
    land_on(state, seat, space(state, "green"), 2)
    state.apply(DoNothing(), seat)
