"""Narrowing an offer field by field: the Marks follow the seat, the goods and the count chosen.

``State.narrow`` (docs/decisions/0024-narrowing-field-by-field.md): a loan is bounded by the
chosen lender's cash, a sale's price by the chosen buyer's, a machine's price from below by
the bank debt it secured.
"""

from __future__ import annotations

import pytest

from tycoon.core.actions import Action, JSONValue
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, IntRange, Walks, steady
from tycoon.core.messages import plain
from tycoon.games.playboss.actions import OfferLoan, OfferTrade
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.menus import goods_choice

from .helpers import give_computer, give_products, new_game, set_cash


def family(state: PlaybossState, seat: int, cls: type, label: str = "") -> ActionFamily:
    found = [f for f in state.action_families(seat) if f.cls is cls and label in plain(f.label)]
    assert len(found) == 1, [str(f) for f in found]
    return found[0]


def test_a_loan_asked_of_a_poorer_seat_is_bounded_by_that_seats_cash() -> None:
    state = new_game(4)
    for seat, cash in enumerate((500, 17_450, 3_000, 9_000)):
        set_cash(state, seat, cash)
    loans = family(state, 0, OfferLoan)
    assert loans.domain("amount") == IntRange(1, 17_450)  # the richest lender's cash
    # Seat 0 may lend its own 500 or ask seat 2 for up to its 3,000.
    assert state.narrow(loans, [2]) == IntRange(1, 3_000)
    assert state.narrow(loans, [3]) == IntRange(1, 9_000)
    # Above 500 only asking is left; at 500 or less, both ways.
    assert state.narrow(loans, [2, 2_000, 10, 0, 0]) == Choice((False,))
    assert state.narrow(loans, [2, 400, 10, 0, 0]) == Choice((False, True))
    with pytest.raises(IllegalAction, match="3001"):
        state.narrow(loans, [2, 3_001])


def test_a_sale_to_a_buyer_with_150_marks_narrows_the_price_to_150() -> None:
    state = new_game(3)
    give_products(state, 0, raw=5, finished=2)
    set_cash(state, 1, 20_000)
    set_cash(state, 2, 150)
    sales = family(state, 0, OfferTrade, "Offer goods")
    assert sales.domain("marks") == IntRange(0, 20_000)
    assert state.narrow(sales, [2]) == goods_choice(("raw", "finished"))
    assert state.narrow(sales, [2, "finished"]) == IntRange(1, 2)
    assert state.narrow(sales, [2, "raw", 3]) == IntRange(0, 150)
    assert state.narrow(sales, [1, "raw", 3]) == IntRange(0, 20_000)
    assert state.narrow(sales, [2, "raw", 3, 150]) == Choice((True,))
    with pytest.raises(IllegalAction):
        state.narrow(sales, [2, "raw", 3, 151])


def test_a_computer_is_offered_only_to_a_buyer_without_one() -> None:
    state = new_game(3)
    give_computer(state, 0)
    give_computer(state, 1)
    give_products(state, 0, raw=2)
    set_cash(state, 1, 5_000)
    set_cash(state, 2, 8_000)
    sales = family(state, 0, OfferTrade, "Offer goods")
    assert "computer" in sales.domain("goods")
    assert state.narrow(sales, [1]) == goods_choice(("raw",))
    assert "computer" in state.narrow(sales, [2])
    with pytest.raises(IllegalAction, match="computer"):
        state.narrow(sales, [1, "computer"])


def test_a_wrong_value_is_refused_by_name_and_changes_nothing() -> None:
    state = new_game(3)
    loans = family(state, 0, OfferLoan)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="to must be one of"):
        state.narrow(loans, [7])
    with pytest.raises(IllegalAction):
        state.narrow(loans, [1, 10**9])
    assert state.fingerprint() == before


def test_narrowing_one_field_after_another_in_a_steady_state_asks_fewer_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A decision made field by field narrows each field of one state that does not change
    # meanwhile; inside ``steady`` what the earlier fields found is kept, the answers the same.
    state = new_game(4)
    for seat, cash in enumerate((500, 17_450, 3_000, 9_000)):
        set_cash(state, seat, cash)
    loans = family(state, 0, OfferLoan)
    prefixes: list[list[JSONValue]] = [[], [2], [2, 2_000], [2, 2_000, 10], [2, 2_000, 10, 0], [2, 2_000, 10, 0, 0]]
    asked: list[Action] = []
    real = PlaybossState.refusal

    def counted(self: PlaybossState, action: Action, seat: int | None = None) -> str | None:
        asked.append(action)
        return real(self, action, seat)

    monkeypatch.setattr(PlaybossState, "refusal", counted)
    plain = [state.narrow(loans, prefix, 0) for prefix in prefixes]
    alone = len(asked)
    asked.clear()
    walks: Walks = {}
    with steady(state, walks):
        kept = [state.narrow(loans, prefix, 0) for prefix in prefixes]
    assert kept == plain
    assert walks, "nothing was kept"
    assert 0 < len(asked) < alone
    # Outside ``steady``, or for another state, nothing is kept.
    asked.clear()
    assert state.narrow(loans, [2], 0) == plain[1]
    assert asked
