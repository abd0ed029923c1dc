"""Private business between players as data: the private loans outstanding, the offer waiting
for its answer (or the counter-offer handed back) and the last answer, as the table heard it
(the rules are ``loans.py`` and ``deals.py``, above the state).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import JSONValue
from tycoon.core.messages import Text, to_wire
from tycoon.games.playboss.phases import READY, Phase

if TYPE_CHECKING:
    from tycoon.games.playboss.deals import Offer


class Loan:
    """One private loan: who lent to whom, on what terms, and what is still owed."""

    __slots__ = ("amount", "arrears", "borrower", "due_lap", "fee", "interest", "lender")

    def __init__(self, lender: int, borrower: int, amount: int, interest: int, fee: int, due_lap: int) -> None:
        self.lender = lender
        """The seat that lent the money."""
        self.borrower = borrower
        """The seat that owes it."""
        self.amount = amount
        """Marks still owed (the principal), without interest."""
        self.interest = interest
        """Percent of ``amount`` due at each of the borrower's crossings of start."""
        self.fee = fee
        """Marks due at each of the borrower's crossings of start until repaid."""
        self.due_lap = due_lap
        """The borrower's lap count (``Business.laps``) at whose crossing the amount is due;
        0: repaid by agreement."""
        self.arrears = 0
        """Interest and fees charged but not paid yet (while the borrower raises the money,
        or lost in a bankruptcy)."""

    def clone(self) -> Loan:
        c = Loan(self.lender, self.borrower, self.amount, self.interest, self.fee, self.due_lap)
        c.arrears = self.arrears
        return c

    def owed(self) -> int:
        return self.amount + self.arrears

    def to_json(self) -> dict[str, Any]:
        return {
            "lender": self.lender,
            "borrower": self.borrower,
            "amount": self.amount,
            "interest_percent": self.interest,
            "fee": self.fee,
            "due_lap": self.due_lap or None,
            "arrears": self.arrears,
        }


@dataclass(frozen=True, slots=True)
class Said:
    """An answer to an offer or to a counter-offer, as the table heard it."""

    seat: int
    """The seat that answered."""
    to: int
    """The seat it answered: the one who offered, or the one who countered."""
    kind: str
    """What it did: ``accept``, ``decline``, ``decline-because`` or ``counter``."""
    reason: str
    """The reason's key (``reasons.REASONS``), or ``""`` when none was given."""
    facts: tuple[tuple[str, JSONValue], ...]
    """The reason's figures by name (``reasons.figures``), as the answer found them."""
    text: Text
    """The answer as the table hears it (``Seat 2 declines: ...``): a ``pb.why.`` message."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "to": self.to,
            "kind": self.kind,
            "reason": self.reason or None,
            "facts": dict(self.facts),
            "text": to_wire(self.text),
        }


class Deals:
    """What private business adds to a game's state."""

    __slots__ = ("counter", "last_offer", "loans", "offer", "offerer", "resume", "said")

    def __init__(self, seats: int) -> None:
        self.offer: Offer | None = None
        """The offer waiting for its answer (or whose counter-offer waits for the offerer's)."""
        self.offerer = -1
        """The seat that made it."""
        self.counter: Offer | None = None
        """The counter-offer handed back to the offerer: the offer at the terms the other side
        asks (made by the same seat to the same seat), while it waits for the offerer's answer."""
        self.said: Said | None = None
        """The last answer to an offer or counter-offer, until the next offer is made."""
        self.resume: tuple[Phase, int] = (READY, -1)
        """The decision (phase, seat) set aside while the offer is answered."""
        self.last_offer: list[int] = [-1] * seats
        """For each seat, the number of die rolls in the game when it last made an offer."""
        self.loans: list[Loan] = []
        """Private loans outstanding, in the order agreed."""

    def clone(self) -> Deals:
        d = Deals(0) if COMPILED else Deals.__new__(Deals)
        d.offer = self.offer
        d.offerer = self.offerer
        d.counter = self.counter
        d.said = self.said
        d.resume = self.resume
        d.last_offer = self.last_offer.copy()
        d.loans = [x.clone() for x in self.loans]
        return d

    def fingerprint(self) -> dict[str, Any]:
        return {
            "offer": self.offer.to_json() if self.offer else None,
            "offerer": self.offerer,
            "counter": self.counter.to_json() if self.counter else None,
            "said": self.said.to_json() if self.said else None,
            "resume": list(self.resume),
            "last_offer": self.last_offer.copy(),
            "loans": [x.to_json() for x in self.loans],
        }


def other_debt(loans: list[Loan], seat: int) -> int:
    """The balance sheet's "Other debt": everything ``seat`` owes other players."""
    owed = 0
    for x in loans:  # a loop rather than sum() over a generator: every profit the bots ask reads it
        if x.borrower == seat:
            owed += x.owed()
    return owed


def loans_given(loans: list[Loan], seat: int) -> int:
    """The balance sheet's "Loans given": everything other players owe ``seat``."""
    owed = 0
    for x in loans:  # (a loop, as in other_debt)
        if x.lender == seat:
            owed += x.owed()
    return owed


COMPILED = hasattr(Deals, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (``TYCOON_COMPILE=1 pip install .``,
docs/decisions/0019-compiled-build.md), where a class's ``__new__`` runs its ``__init__``:
``clone`` starts from ``__init__`` there and copies every field over it."""
