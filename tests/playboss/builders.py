"""Builders for Playboss scenarios: equip a business with components taken from the bank and
the market, so that every conservation law still holds; and a check for illegal actions."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.playboss.business import LEASED, OWNED
from tycoon.games.playboss.market import take
from tycoon.games.playboss.state import PlaybossState


def set_cash(state: PlaybossState, seat: int, cash: int) -> None:
    """Give ``seat`` exactly ``cash`` Marks, booked as if the bank had paid or taken the difference."""
    b = state.businesses[seat]
    state.ledger_out += cash - b.cash
    b.cash = cash


def give_machines(state: PlaybossState, seat: int, count: int = 1, *, double: bool = False, ready: int = 0) -> None:
    """Move ``count`` machines from the bank onto ``seat``'s production floor."""
    assert state.bank_machines >= count
    state.bank_machines -= count
    state.businesses[seat].machines += [(double, ready)] * count


def give_computer(state: PlaybossState, seat: int, *, leased: bool = False) -> None:
    """Give ``seat`` a purchased computer, or a leased one whose 2 WEB markers lie on its space."""
    b = state.businesses[seat]
    state.bank_computers -= 1
    b.computer = LEASED if leased else OWNED
    if leased:
        state.bank_webs -= state.rules.lease_webs
        b.lease_mark = b.position


def give_webs(state: PlaybossState, seat: int, count: int) -> None:
    state.bank_webs -= count
    state.businesses[seat].webs += count


def give_products(state: PlaybossState, seat: int, *, raw: int = 0, finished: int = 0) -> None:
    """Take products from the market (cheapest first) into ``seat``'s warehouses."""
    take(state.market, raw + finished)
    b = state.businesses[seat]
    b.raw += raw
    b.finished += finished


def owe(state: PlaybossState, seat: int, debt: int) -> None:
    """Book ``debt`` Marks of bank credit that ``seat`` took and spent earlier."""
    b = state.businesses[seat]
    b.debt = debt


def assert_rejected(state: PlaybossState, seat: int | None, action: Action, *words: str) -> IllegalAction:
    """``action`` raises IllegalAction, the message holds each of ``words``, and nothing changed."""
    # A deep copy: the fingerprint shares the state's lists (the market, for one).
    before: dict[str, Any] = copy.deepcopy(state.fingerprint())
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat)
    message = str(caught.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert state.fingerprint() == before, f"{action} changed the state although it was refused"
    return caught.value


def card_titled(state: PlaybossState, start: str) -> int:
    """The number of the risk card whose title begins with ``start``."""
    for card in state.rules.risk_cards:
        if card.title.startswith(start):
            return card.number
    raise ValueError(f"no risk card titled {start!r}…")


KINDS = ("machine", "computer", "raw", "finished")


def check_books(state: PlaybossState) -> None:
    """Every conservation law of the base model holds. Lots under the hammer at a bankruptcy
    auction are counted where they lie: on the auctioneer's table."""
    r = state.rules
    bs = state.businesses
    lots = state.auction.lots if state.auction else []
    on_table = {what: sum(n if what in ("raw", "finished") else 1 for w, n in lots if w == what) for what in KINDS}
    products = sum(state.market) + sum(b.raw + b.finished for b in bs) + on_table["raw"] + on_table["finished"]
    assert products + state.outside_play == r.products
    assert state.bank_machines + sum(len(b.machines) for b in bs) + on_table["machine"] == r.machines
    assert state.bank_computers + sum(b.computer != 0 for b in bs) + on_table["computer"] == r.computers
    leased = sum(b.computer == LEASED for b in bs)
    assert state.bank_webs + sum(b.webs for b in bs) + r.lease_webs * leased == r.webs
    assert sum(b.cash for b in bs) == state.ledger_out - state.ledger_in
    assert all(b.cash >= 0 for b in bs)
