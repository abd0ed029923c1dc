"""A form at the terminal asks each field within what the answers before it allow: the price of
a firm up to what the chosen buyer holds, not what the richest player could pay."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.cli.form import Cancelled, Form
from tycoon.cli.naming import SeatNames
from tycoon.core import CHANCE, load
from tycoon.core.actions import JSONValue
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, Domain, IntRange
from tycoon.games.biznes_po_polsku.actions import Die, OfferSale
from tycoon.games.biznes_po_polsku.state import BiznesState

FRYZJER = 14
"""Zakład fryzjerski, a firm of Biznes po polsku."""
SEATS = SeatNames(["you", "Bob", "Cy"])


def _sale_state(poor_cash: int = 150) -> BiznesState:
    """Three players, seat 0 to move before its roll with a firm to sell; seat 1 holds the
    starting 15,000 zł, seat 2 only ``poor_cash``."""
    state = load("biznes_po_polsku", players=3).new_state()
    assert isinstance(state, BiznesState)
    for seat in range(3):
        state.apply(Die(6 if seat == 0 else 1), CHANCE)
    state.set_owner(FRYZJER, 0)
    state.ledger_out += poor_cash - state.players[2].cash
    state.players[2].cash = poor_cash
    return state


def _sale_family(state: BiznesState) -> ActionFamily:
    (family,) = [f for f in state.action_families(0) if f.cls is OfferSale]
    return family


def _form(state: BiznesState, lines: list[str]) -> tuple[Form, list[str], list[str]]:
    family = _sale_family(state)
    asked: list[str] = []
    said: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)

    form = Form(family, SEATS, ask, lambda text: said.append(text.plain), lambda p: state.narrow(family, p, 0))
    return form, asked, said


def test_the_price_asked_follows_the_buyer_chosen() -> None:
    state = _sale_state()
    family = _sale_family(state)
    assert family.domain("price") == IntRange(10, 15_000, 10)  # the richest buyer's bound
    form, asked, _ = _form(state, ["3", "150"])
    assert form.fill() == [FRYZJER, 2, 150]
    assert asked == ["  to whom? [2 Bob, 3 Cy]> ", "  for how many złoty? [10..150 step 10]> "]
    form, asked, _ = _form(state, ["2", "15000"])
    assert form.fill() == [FRYZJER, 1, 15_000]
    assert asked[1] == "  for how many złoty? [10..15,000 step 10]> "


def test_a_price_beyond_the_buyer_is_refused_with_the_range_and_why_then_asked_again() -> None:
    state = _sale_state()
    before = state.fingerprint()
    form, asked, said = _form(state, ["3", "2050", "140"])
    assert form.fill() == [FRYZJER, 2, 140]
    (refusal,) = [line for line in said if "✗" in line]
    assert "2,050 is out of range; type a number of 10..150 step 10" in refusal
    assert "to 3 Cy" in refusal and "nothing was done" in refusal
    assert asked.count("  for how many złoty? [10..150 step 10]> ") == 2
    assert state.fingerprint() == before


def test_a_field_the_answers_leave_one_value_is_said_not_asked() -> None:
    state = _sale_state(poor_cash=10)
    form, asked, said = _form(state, ["3"])
    assert form.fill() == [FRYZJER, 2, 10]
    assert len(asked) == 1
    assert any("for how many złoty? 10 (the only one allowed with" in line and "3 Cy" in line for line in said)


def _toy_family() -> ActionFamily:
    return ActionFamily(OfferSale, (Choice((FRYZJER,)), Choice((1, 2)), IntRange(10, 100, 10)), "Offer a firm")


def test_where_the_game_cannot_narrow_the_field_is_asked_in_its_own_domain() -> None:
    family = _toy_family()

    def cannot(prefix: Sequence[JSONValue]) -> Domain:
        raise NotImplementedError("too many completions")

    asked: list[str] = []
    lines = ["3", "100"]
    form = Form(family, SEATS, lambda p: asked.append(p) or lines.pop(0), lambda text: None, cannot)
    assert form.fill() == [FRYZJER, 2, 100]
    assert asked[1] == "  Price (zł) [10..100 step 10]> "


def test_an_answer_that_leaves_no_legal_action_is_refused_at_once_and_asked_again() -> None:
    family = _toy_family()

    def narrow(prefix: Sequence[JSONValue]) -> Domain:
        if len(prefix) == 2:
            if prefix[1] == 2:
                raise IllegalAction("offer-sale: no legal member starts with to 2")
            raise NotImplementedError
        return family.domains[len(prefix)]

    asked: list[str] = []
    said: list[str] = []
    lines = ["3", "2", "cancel"]
    form = Form(family, SEATS, lambda p: asked.append(p) or lines.pop(0), lambda t: said.append(t.plain), narrow)
    with pytest.raises(Cancelled):
        form.fill()
    assert asked[:2] == ["  To [2 Bob, 3 Cy]> "] * 2
    assert any(
        "✗ offer-sale: no legal member starts with to 2; nothing was done: choose again" in line for line in said
    )


def test_a_number_out_of_a_range_of_one_is_told_the_one_number() -> None:
    from tycoon.cli.form import _read_number
    from tycoon.core.families import IntRange

    assert _read_number("12000", IntRange(10_000, 10_000)) == (
        0,
        "12,000 is out of range; the only number allowed is 10,000",
    )
    assert _read_number("10000", IntRange(10_000, 10_000)) == (10_000, None)
