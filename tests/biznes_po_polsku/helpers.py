"""Helpers for the Biznes po polsku scenario tests, all in one place.

- Setting a game up and forcing chance: ``new_game``, ``land_on``, ``draw``, ``finish_turn``.
- Equipping a player with components taken from the bank, so that every conservation law
  still holds: ``set_cash``, ``give_firm``, ``give_group``.
- Finding cards: ``card``.
- Counting and checking: ``check_books``.
- Illegal actions: ``snapshot`` and ``assert_rejected``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.core import CHANCE, load
from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.biznes_po_polsku.actions import Die, Draw, Drive, Pass, Roll
from tycoon.games.biznes_po_polsku.data import Card
from tycoon.games.biznes_po_polsku.phases import BANK, TURN
from tycoon.games.biznes_po_polsku.phases import CAR as CAR_PHASE
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.words import render

# Firms by space number (research 3.3).
SZKOLA, HOT_DOGS, KIOSK, SZKLARSKI, DETEKTYW, FRYZJER, KURCZAKI = 4, 5, 8, 10, 11, 14, 15
VIDEO, STRAGAN, FOTO, AUTOKOMIS, LUMPEX, AUTOBAR, KIELBASKI = 17, 18, 19, 20, 23, 26, 27
LOMBARD, KANTOR, RTV, OCHRONA, TAXI, REMONT, RADIESTETA, SKLEP, SILOWNIA = 28, 29, 31, 34, 35, 36, 37, 39, 40
# Other spaces.
START, TEACHER, POLICE, DOCTOR, PARTY, LOS, HOSPITAL, DISMISSAL, COUNCILLOR = 1, 2, 3, 6, 7, 9, 12, 13, 16
TAX, ELECTRICIAN, PRISON, MP, POLICEMAN, NIESPODZIANKA, SENATOR, ACCOUNTANT = 21, 22, 24, 25, 30, 32, 33, 38


def new_game(players: int = 2, start: int = 0, **options: Any) -> BiznesState:
    """A game whose start player is ``start``: the start rolls are forced (``start`` rolls 6,
    everybody else 1)."""
    state = load("biznes_po_polsku", players=players, **options).new_state()
    assert isinstance(state, BiznesState)
    state.log = []
    for seat in range(players):
        state.apply(Die(6 if seat == start else 1), CHANCE)
    assert state.current_player() == start
    return state


def land_on(state: BiznesState, seat: int, space: int, pips: int = 1) -> None:
    """Put ``seat``'s pawn ``pips`` spaces before ``space``, roll, and force the die to ``pips``.

    ``seat`` must be the player whose turn it is and who has not rolled yet. Nothing between
    the two spaces is passed but the spaces themselves.
    """
    assert state.current_player() == seat and state.phase == TURN, f"it is not seat {seat}'s turn: {state.phase}"
    state.players[seat].position = (space - 1 - pips) % 40 + 1
    state.apply(Roll(), seat)
    state.apply(Die(pips), CHANCE)
    if state.phase == CAR_PHASE:
        state.apply(Drive(pips), seat)  # with a car: stop on the rolled space


def draw(state: BiznesState, deck: str, number: int) -> None:
    """Force the card drawn from ``deck`` to be card ``number``."""
    state.apply(Draw(deck, number), CHANCE)


def card(state: BiznesState, deck: str, effect: str, *, title: str = "", **fields: Any) -> Card:
    """The first card of ``deck`` with ``effect``, a title starting with ``title`` and the given
    field values."""
    for c in state.rules.deck(deck):
        if c.effect == effect and c.title.startswith(title) and all(getattr(c, k) == v for k, v in fields.items()):
            return c
    raise LookupError(f"no {deck} card {effect} {title!r} {fields}")


def finish_turn(state: BiznesState, seat: int) -> None:
    """``seat`` lands on the PARTY space as a member (nothing happens) and the turn ends."""
    p = state.players[seat]
    member = p.member
    p.member = True
    land_on(state, seat, PARTY, 1)
    p.member = member


def pass_decision(state: BiznesState, seat: int) -> None:
    state.apply(Pass(), seat)


def make_member(state: BiznesState, seat: int) -> None:
    """Give ``seat`` a party membership card from the bank."""
    state.bank_party -= 1
    state.players[seat].member = True


def set_cash(state: BiznesState, seat: int, cash: int) -> None:
    """Give ``seat`` exactly ``cash`` złoty, booked as if the bank had paid or taken the difference."""
    p = state.players[seat]
    state.ledger_out += cash - p.cash
    p.cash = cash


def give_firm(state: BiznesState, seat: int, space: int, level: int = 0, *, mortgaged: bool = False) -> None:
    """Make ``seat`` the owner of firm ``space``, with ``level`` investment levels taken from the
    bank's elements, mortgaged or not."""
    assert space in state.rules.firms
    state.set_owner(space, seat)
    state.set_mortgaged(space, mortgaged)
    if level == state.rules.levels:
        state.bank_pyramids -= 1
    else:
        state.bank_bricks -= level
    state.set_level(space, level)


def give_group(state: BiznesState, seat: int, space: int, level: int = 0) -> tuple[int, ...]:
    """Give ``seat`` the whole colour group of firm ``space``, each at ``level``."""
    group = state.rules.groups[state.rules.space(space).group]
    for n in group:
        give_firm(state, seat, n, level)
    return group


def give_car(state: BiznesState, seat: int, *, mortgaged: bool = False) -> None:
    state.bank_cars -= 1
    state.players[seat].car = CAR_MORTGAGED if mortgaged else CAR


def cash_total(state: BiznesState) -> int:
    return sum(p.cash for p in state.players)


def check_books(state: BiznesState) -> None:
    """Every conservation law: money only between bank and players, each firm owned by at most
    one player, elements, cars and cards within the box."""
    r = state.rules
    assert cash_total(state) == state.ledger_out - state.ledger_in
    assert all(p.cash >= 0 for p in state.players)
    held = [n for n in r.firms if state.owner[n] != BANK]
    assert all(0 <= state.owner[n] < len(state.players) and not state.players[state.owner[n]].bankrupt for n in held)
    bricks = sum(state.level[n] for n in r.firms if state.level[n] < r.levels)
    pyramids = sum(state.level[n] == r.levels for n in r.firms)
    assert state.bank_bricks + bricks == r.bricks and state.bank_bricks >= 0
    assert state.bank_pyramids + pyramids == r.pyramids and state.bank_pyramids >= 0
    assert state.bank_cars + sum(p.car != 0 for p in state.players) == r.cars
    assert state.bank_welfare + sum(p.welfare for p in state.players) == r.welfare_cards
    assert state.bank_party + sum(p.member for p in state.players) == r.party_cards
    for deck in ("los", "niespodzianka"):
        kept = [p.insurance[1] for p in state.players if p.insurance and p.insurance[0] == deck]
        assert sorted(state.unseen[deck] + state.known[deck] + kept) == list(range(30))


def snapshot(state: BiznesState) -> dict[str, Any]:
    return copy.deepcopy(state.fingerprint())


def assert_rejected(state: BiznesState, seat: int | None, action: Action, *words: str) -> IllegalAction:
    """Apply ``action`` for ``seat`` expecting IllegalAction naming every one of ``words``; the
    state must be exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat)
    message = str(caught.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert snapshot(state) == before, f"{action} was refused but changed the state"
    return caught.value


def news(state: BiznesState) -> str:
    """Everything narrated so far, one event a line."""
    assert state.log is not None
    return "\n".join(render(text) for text in state.log)
