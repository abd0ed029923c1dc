"""Why a player declines a deal: Playboss's list of reasons, when each holds, and its figures.

A refusal or a counter-offer names a key of ``REASONS`` (``tycoon.core.reasons``); the rules
take it only when it holds for the answering side's part in the deal as it stands (``figures``
finds facts for it), so a reason is never a false statement about the table. Each key's facts
are typed values read from what every seat sees (cash, bank debt, stock, machines, the market,
the balance sheets, the salaries agreed) and from the deal's terms; never from a personal goal
written down (step 5), the one thing a seat holds secretly. ``words.reason_text`` makes them a
message, one catalogue key per reason (``pb.why.<key>``). See docs/decisions/0032-bots-that-negotiate.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tycoon.core.actions import JSONValue
from tycoon.core.messages import msg
from tycoon.core.reasons import Reasons
from tycoon.games.playboss import loans
from tycoon.games.playboss.actions import OfferBusiness, OfferLease, OfferLoan, OfferTrade, OfferWorkers
from tycoon.games.playboss.promises import promised

if TYPE_CHECKING:
    from tycoon.games.playboss.deals import Offer
    from tycoon.games.playboss.state import PlaybossData

REASONS = Reasons(
    "Playboss",
    {
        key: msg(f"pb.fam.reason.{key}")
        for key in (
            "price",
            "short-of-cash",
            "market-cheaper",
            "bank-pays-more",
            "below-valuation",
            "above-valuation",
            "own-use",
            "no-capacity",
            "bank-cheaper",
            "cash-in-hand",
            "below-bank",
            "borrower-cash",
            "borrower-debt",
            "no-due-date",
            "machines-busy",
            "no-raw",
            "salary-above",
            "salary-below",
            "below-book",
            "above-book",
        )
    },
)
"""The reasons a player may give for declining a deal or asking other terms, by key."""

NEUTRAL = "price"
"""The reason that says no more than the terms: it always holds, and a counter-offer's own
figures are then its whole explanation."""

Facts = dict[str, JSONValue]
"""A reason's figures by name; ``words.PARAMETERS`` says how each name is written (a seat by
its number, Marks, a percentage, a count, goods)."""

_ROUNDS = 3
"""Red fields of production: a seat's raw products "for its machines" are those that keep every
machine busy for this many red fields (``own-use``, ``no-capacity``, ``machines-busy``)."""


@dataclass(frozen=True, slots=True)
class Side:
    """One party's part in a deal."""

    seat: int
    """The party."""
    other: int
    """The party on the other side."""
    payer: bool
    """Whether it pays the deal's money terms: it buys the goods or the business, borrows (and
    pays the interest), leases the machine in (and pays the rent), or employs the workers (and
    pays the salary)."""
    deal: Offer
    """The deal, as offered by whichever side offered it."""


def payer_of(st: PlaybossData, deal: Offer, offerer: int) -> int:
    """The seat that pays ``deal``'s money terms (offered by ``offerer``)."""
    if isinstance(deal, OfferTrade):
        return deal.to if deal.sell else offerer
    if isinstance(deal, OfferLoan):
        return deal.to if deal.lend else offerer
    if isinstance(deal, OfferLease):
        return deal.to if deal.lend else offerer
    if isinstance(deal, OfferWorkers):
        lab = st.expansion.labour
        return deal.to if lab is not None and offerer == lab.rep else offerer
    return offerer if deal.buy else deal.to


def side_of(st: PlaybossData, deal: Offer, offerer: int, seat: int) -> Side:
    """The part in ``deal`` (offered by ``offerer``) of ``seat``, either party."""
    other = deal.to if seat == offerer else offerer
    return Side(seat, other, payer_of(st, deal, offerer) == seat, deal)


def figures(st: PlaybossData, key: str, side: Side) -> Facts | None:
    """The facts that make ``key`` a true reason for ``side`` to decline, or ``None`` when it
    does not hold (or is no reason)."""
    find = _FACTS.get(key)
    return None if find is None else find(st, side)


def applicable(st: PlaybossData, side: Side) -> list[str]:
    """The keys that hold for ``side``'s part in the deal, in the list's order."""
    return [key for key, find in _FACTS.items() if find(st, side) is not None]


def market_raw(st: PlaybossData) -> int:
    """The price of the next raw product the market sells (its cheapest occupied zone), or 0
    when it holds none."""
    for price, n in zip(st.rules.zone_prices, st.market, strict=True):
        if n:
            return price
    return 0


def capacity(st: PlaybossData, seat: int) -> int:
    """Products a red field on every machine of ``seat``'s (two on a double one)."""
    return sum(2 if m.double else 1 for m in st.businesses[seat].machines)


def bank_yearly(st: PlaybossData, seat: int, amount: int) -> int:
    """What ``amount`` of bank credit would cost ``seat`` at a crossing of start: the interest,
    and the fee unless it owes the bank already (Playboss I, "Lines of Credit")."""
    r = st.rules
    return amount * r.interest_percent // 100 + (0 if st.businesses[seat].debt else r.loan_fee)


def loan_yearly(loan: OfferLoan) -> int:
    """What a private loan costs its borrower at each crossing of start: interest and fee."""
    return loan.amount * loan.interest // 100 + loan.fee


def worth(st: PlaybossData, seat: int) -> int:
    """What ``seat``'s business is worth on its balance sheet (the profit and the capital it
    received): what its owner would leave the game with, valued as at the end."""
    return st.profit(seat) + st.businesses[seat].capital_received


def valuation(st: PlaybossData, goods: str) -> int | None:
    """What one unit of ``goods`` counts at the end of the game (Playboss I, "End of the
    Game"), or ``None`` (WEB chips count nothing, and no price is below nothing)."""
    r = st.rules
    found = {
        "raw": r.value_raw,
        "finished": r.value_finished,
        "machine": r.value_machine,
        "double-machine": r.value_machine,
        "computer": r.value_computer,
    }
    return found.get(goods)


def repurchase(st: PlaybossData, goods: str) -> int | None:
    """What the bank pays for one unit of ``goods`` (Playboss I, "Repurchase Value"), or
    ``None`` (it buys no WEB chips back)."""
    r = st.rules
    found = {
        "raw": r.repurchase_raw,
        "finished": r.repurchase_finished,
        "machine": r.repurchase_machine,
        "double-machine": r.repurchase_machine,
        "computer": r.repurchase_computer,
    }
    return found.get(goods)


# --- the facts of each reason ------------------------------------------------------------------


def _price(st: PlaybossData, side: Side) -> Facts | None:
    return {"seat": side.seat}


def _pays_now(st: PlaybossData, side: Side) -> int:
    """The Marks ``side`` hands over when the deal is done: a price, or a loan's amount."""
    deal = side.deal
    if isinstance(deal, (OfferTrade, OfferBusiness)) and side.payer:
        return deal.marks
    if isinstance(deal, OfferLoan) and not side.payer:
        return deal.amount
    return 0


def _short_of_cash(st: PlaybossData, side: Side) -> Facts | None:
    paid = _pays_now(st, side)
    if paid <= 0:
        return None
    b = st.businesses[side.seat]
    return {"seat": side.seat, "left": b.cash - promised(st, b) - paid}


def _per_unit(deal: OfferTrade) -> int:
    return deal.marks // deal.count if deal.count > 0 else deal.marks


def _market_cheaper(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferTrade) or deal.goods != "raw" or not side.payer:
        return None
    market = market_raw(st)
    each = _per_unit(deal)
    if not market or each <= market:
        return None
    return {"each": each, "market": market}


def _bank_pays_more(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferTrade) or side.payer:
        return None
    bank = repurchase(st, deal.goods)
    each = _per_unit(deal)
    if bank is None or each >= bank:
        return None
    return {"each": each, "bank": bank, "goods": deal.goods}


def _below_valuation(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferTrade) or side.payer:
        return None
    value = valuation(st, deal.goods)
    each = _per_unit(deal)
    if value is None or each >= value:
        return None
    return {"each": each, "value": value, "goods": deal.goods}


def _above_valuation(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferTrade) or not side.payer:
        return None
    value = valuation(st, deal.goods)
    each = _per_unit(deal)
    if value is None or each <= value:
        return None
    return {"each": each, "value": value, "goods": deal.goods}


def _own_use(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferTrade) or deal.goods != "raw" or side.payer:
        return None
    cap = capacity(st, side.seat)
    kept = st.businesses[side.seat].raw - deal.count
    if not cap or kept >= _ROUNDS * cap:
        return None
    return {"seat": side.seat, "capacity": cap, "kept": max(0, kept)}


def _no_capacity(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferTrade) or deal.goods != "raw" or not side.payer:
        return None
    cap = capacity(st, side.seat)
    raw = st.businesses[side.seat].raw
    if cap and raw < _ROUNDS * cap:
        return None
    return {"seat": side.seat, "capacity": cap, "raw": raw}


def _bank_cheaper(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLoan) or not side.payer:
        return None
    room = st.businesses[side.seat].credit_room(st.rules)
    yearly, bank = loan_yearly(deal), bank_yearly(st, side.seat, deal.amount)
    if room < deal.amount or yearly <= bank:
        return None
    return {"yearly": yearly, "bank": bank, "seat": side.seat, "room": room}


def _cash_in_hand(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLoan) or not side.payer:
        return None
    b = st.businesses[side.seat]
    cash = b.cash - promised(st, b)
    if cash < deal.amount:
        return None
    return {"seat": side.seat, "cash": cash}


def _below_bank(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLoan) or side.payer:
        return None
    yearly = loan_yearly(deal)
    bank = deal.amount * st.rules.interest_percent // 100 + st.rules.loan_fee
    if yearly >= bank:
        return None
    return {"yearly": yearly, "bank": bank}


def _borrower_cash(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLoan) or side.payer:
        return None
    borrower = st.businesses[side.other]
    if borrower.cash >= deal.amount:
        return None
    return {"borrower": side.other, "cash": borrower.cash}


def _borrower_debt(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLoan) or side.payer:
        return None
    borrower = st.businesses[side.other]
    owed = loans.other_debt(st, side.other)
    if not borrower.debt and not owed:
        return None
    return {"borrower": side.other, "debt": borrower.debt, "owed": owed}


def _no_due_date(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLoan) or side.payer or deal.laps:
        return None
    return {"borrower": side.other}


def _machines_busy(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLease) or side.payer:
        return None
    cap = capacity(st, side.seat)
    raw = st.businesses[side.seat].raw
    if not cap or raw < cap:
        return None
    return {"seat": side.seat, "capacity": cap, "raw": raw}


def _no_raw(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferLease) or not side.payer:
        return None
    cap = capacity(st, side.seat)
    raw = st.businesses[side.seat].raw
    if raw > _ROUNDS * cap:
        return None
    return {"seat": side.seat, "capacity": cap, "raw": raw}


def _highest(st: PlaybossData) -> int | None:
    lab = st.expansion.labour
    if lab is None:
        return None
    wages = [lab.wage[s] for s, b in enumerate(st.businesses) if lab.workers[s] and not b.bankrupt]
    return max([st.rules.salary, *wages])


def _salary_above(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    highest = _highest(st)
    if not isinstance(deal, OfferWorkers) or not side.payer or highest is None or deal.salary <= highest:
        return None
    return {"salary": deal.salary, "highest": highest}


def _salary_below(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    highest = _highest(st)
    if not isinstance(deal, OfferWorkers) or side.payer or highest is None or deal.salary >= highest:
        return None
    return {"salary": deal.salary, "highest": highest}


def _below_book(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferBusiness) or side.payer:
        return None
    book = worth(st, side.seat)
    if deal.marks >= book:
        return None
    return {"marks": deal.marks, "seller": side.seat, "book": book}


def _above_book(st: PlaybossData, side: Side) -> Facts | None:
    deal = side.deal
    if not isinstance(deal, OfferBusiness) or not side.payer:
        return None
    book = worth(st, side.other)
    if deal.marks <= book:
        return None
    return {"marks": deal.marks, "seller": side.other, "book": book}


_FACTS: dict[str, Callable[[PlaybossData, Side], Facts | None]] = {
    "price": _price,
    "short-of-cash": _short_of_cash,
    "market-cheaper": _market_cheaper,
    "bank-pays-more": _bank_pays_more,
    "below-valuation": _below_valuation,
    "above-valuation": _above_valuation,
    "own-use": _own_use,
    "no-capacity": _no_capacity,
    "bank-cheaper": _bank_cheaper,
    "cash-in-hand": _cash_in_hand,
    "below-bank": _below_bank,
    "borrower-cash": _borrower_cash,
    "borrower-debt": _borrower_debt,
    "no-due-date": _no_due_date,
    "machines-busy": _machines_busy,
    "no-raw": _no_raw,
    "salary-above": _salary_above,
    "salary-below": _salary_below,
    "below-book": _below_book,
    "above-book": _above_book,
}
"""Each reason's test and figures, in the order of ``REASONS``."""
assert list(_FACTS) == REASONS.keys

__all__ = ["NEUTRAL", "REASONS", "Facts", "Side", "applicable", "figures", "side_of"]
