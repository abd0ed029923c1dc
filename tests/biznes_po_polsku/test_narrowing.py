"""Narrowing an offer field by field: the price follows the firm and the buyer chosen.

``State.narrow`` (docs/decisions/0024-narrowing-field-by-field.md): a sale's price runs up to
what the chosen buyer holds beyond the redemption of a mortgaged firm, an exchange's payment
between what each side can add.
"""

from __future__ import annotations

import pytest

from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, IntRange
from tycoon.games.biznes_po_polsku.actions import OfferExchange, OfferSale
from tycoon.games.biznes_po_polsku.state import BiznesState

from .helpers import FRYZJER, KIOSK, give_firm, new_game, set_cash


def family(state: BiznesState, seat: int, cls: type) -> ActionFamily:
    (found,) = [f for f in state.action_families(seat) if f.cls is cls]
    return found


def test_a_firm_offered_to_a_buyer_with_150_zl_narrows_the_price_to_150() -> None:
    state = new_game(3)
    give_firm(state, 0, FRYZJER)
    set_cash(state, 1, 2_050)
    set_cash(state, 2, 150)
    sales = family(state, 0, OfferSale)
    assert sales.domain("price") == IntRange(10, 2_050, 10)
    assert not sales.whole
    assert state.narrow(sales, [FRYZJER, 2]) == IntRange(10, 150, 10)
    assert state.narrow(sales, [FRYZJER, 1]) == IntRange(10, 2_050, 10)
    # A price above what seat 2 holds leaves it no answer: refused as an offer.
    assert state.refusal(OfferSale(FRYZJER, 2, 160), 0) is not None


def test_a_mortgaged_firm_is_offered_only_to_a_buyer_who_can_also_redeem_it() -> None:
    state = new_game(3)
    give_firm(state, 0, KIOSK, mortgaged=True)
    redemption = state.rules.redemptions[KIOSK]
    set_cash(state, 1, redemption + 1_000)
    set_cash(state, 2, redemption)
    sales = family(state, 0, OfferSale)
    assert state.narrow(sales, [KIOSK]) == Choice((1,))
    assert state.narrow(sales, [KIOSK, 1]) == IntRange(10, 1_000, 10)
    with pytest.raises(IllegalAction, match="not 2"):
        state.narrow(sales, [KIOSK, 2])


def test_an_exchange_payment_runs_between_what_each_side_can_add() -> None:
    state = new_game(2)
    give_firm(state, 0, KIOSK)
    give_firm(state, 1, FRYZJER)
    set_cash(state, 0, 1_234)
    set_cash(state, 1, 567)
    exchanges = family(state, 0, OfferExchange)
    assert state.narrow(exchanges, [KIOSK, FRYZJER]) == IntRange(-560, 1_230, 10)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="give must be one of"):
        state.narrow(exchanges, [FRYZJER])
    assert state.fingerprint() == before
