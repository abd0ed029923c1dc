"""A player's fortune: how the winner is found when the game ends by agreement; and what a player
could raise, which decides bankruptcy.

Rulebook, "Object of the Game": "the winner is the one who has gathered the largest capital".
The rulebook does not say how possessions are counted; designed here (docs/biznes-po-polsku.md):

    fortune = cash
            + each firm at its founding cost (the certificate's printed value)
            + each investment level at the price paid for it
            + the car at its price, 7,000 zł
            − what redeeming each mortgaged firm and a mortgaged car would cost the owner.

Offices, professions and cards are not counted: they cannot be sold, and their worth is the
income they already brought in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.messages import Text, msg
from tycoon.games.biznes_po_polsku import naming
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState


def rows(st: BiznesState, p: Player) -> tuple[list[tuple[Text, int]], list[tuple[Text, int]]]:
    """The fortune as (assets, liabilities) rows of (label, złoty); the labels are messages."""
    r = st.rules
    assets: list[tuple[Text, int]] = [(msg("bp.screen.row.cash"), p.cash)]
    debts: list[tuple[Text, int]] = []
    for n in st.owned[p.seat]:
        space = r.space(n)
        firm = naming.space(r, n)
        level = st.level[n]
        label = msg("bp.screen.row.firm_levels", firm=firm, n=level) if level else msg("bp.screen.row.firm", firm=firm)
        assets.append((label, space.cost + st.level[n] * space.investment))
        if st.mortgaged[n]:
            debts.append((msg("bp.screen.row.mortgage", firm=firm), r.redemption(n)))
    if p.car in (CAR, CAR_MORTGAGED):
        assets.append((msg("bp.screen.row.car"), r.car_price))
    if p.car == CAR_MORTGAGED:
        debts.append((msg("bp.screen.row.car_mortgage"), r.car_mortgage + r.car_redeem_fee))
    return assets, debts


def fortune(st: BiznesState, p: Player) -> int:
    """The player's fortune in złoty (see the module's docstring)."""
    r = st.rules
    total = p.cash
    for n in st.owned[p.seat]:
        space = r.space(n)
        total += space.cost + st.level[n] * space.investment
        if st.mortgaged[n]:
            total -= r.redemption(n)
    if p.car == CAR:
        total += r.car_price
    elif p.car == CAR_MORTGAGED:
        total += r.car_price - r.car_mortgage - r.car_redeem_fee
    return total


def raisable(st: BiznesState, p: Player) -> int:
    """The most cash ``p`` can have by selling all investments, mortgaging every firm and the
    car, and claiming what waits to be claimed: what decides bankruptcy ("whose debt exceeds
    the value of the rest of his fortune")."""
    r = st.rules
    total = p.cash + sum(a for a, _ in p.claims)
    level, mortgaged = st.level, st.mortgaged
    for n in st.owned[p.seat]:
        space = r.board[n - 1]
        total += level[n] * space.investment // 2
        if not mortgaged[n]:
            total += space.mortgage
    if p.car == CAR:
        total += r.car_mortgage
    return total
