"""The ascending auction: the bidding for one lot, shared by every game that auctions.

Bidders are asked in a fixed seat order; each, in turn, bids more than the standing bid or
passes, and a bidder who passes is out for this lot. Once every bidder but the high bidder has
passed, the lot is sold to the high bidder at the high bid; when everyone passes before anyone
bids, the lot is unsold. The game decides everything around the bidding: who may bid, what a
bidder can pay, what a sold or unsold lot means (paying the bank, the bank taking the lot at its
repurchase value, products left on the market), and several lots one after the other.

A bid is an integer in the game's unit. The first bid may be the opening price itself; later
bids must beat the standing bid by at least ``raise_by``; bids lie on a grid of ``step`` from
the lowest bid allowed now. :meth:`AscendingAuction.bid_family` is the bid as an action family
whose bounds are tight: from the lowest bid allowed now up to what the bidder can pay;
:meth:`AscendingAuction.answer` takes a player's bid or pass, refusing a wrong bid with
:class:`~tycoon.core.errors.IllegalAction` and a message that gives the bids allowed (and, from
the game, why the top is where it is); :func:`telling` is the narration's line for it.

See docs/decisions/0020-one-ascending-auction.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, IntRange
from tycoon.core.messages import Message, Money, Param, Text, msg


class Closing(StrEnum):
    """Where the bidding for the lot stands."""

    OPEN = "open"
    """Bidding goes on: :attr:`AscendingAuction.to_bid` must bid or pass."""
    SOLD = "sold"
    """Everyone but the high bidder has passed: the lot goes to the high bidder at the high bid."""
    UNSOLD = "unsold"
    """Everyone passed before anyone bid."""


def seats_around(seat: int, seats: int, *, last: bool = False) -> list[int]:
    """The seats in table order from ``seat``'s left: ``seat + 1``, ``seat + 2``, … round the
    table of ``seats`` seats; ``seat`` itself comes last when ``last``, else not at all.

    >>> seats_around(2, 4)
    [3, 0, 1]
    >>> seats_around(2, 4, last=True)
    [3, 0, 1, 2]
    """
    end = seats + 1 if last else seats
    return [(seat + k) % seats for k in range(1, end)]


def money(amount: int) -> str:
    """The default way a message writes an amount: ``4,500``."""
    return f"{amount:,}"


def telling(seat: int, amount: int | None, fmt: Callable[[int], str] = money, unit: str = "") -> str:
    """What the narration says of an answer: a bid of ``amount`` (written with ``fmt`` and
    ``unit``), or a pass when it is ``None``.

    >>> telling(2, 5000, unit=" Marks")
    'Seat 2 bids 5,000 Marks.'
    >>> telling(0, None)
    'Seat 0 passes.'
    """
    return f"Seat {seat} passes." if amount is None else f"Seat {seat} bids {fmt(amount)}{unit}."


class AscendingAuction:
    """The bidding for one lot. Mutable and cheap to clone; the game keeps it in its state.

    The game asks :attr:`to_bid` for a bid (the decision it makes pending), checks a bid with
    :meth:`bid_problem` before applying it with :meth:`bid`, applies a pass with :meth:`pass_`,
    and after each reads :meth:`closing`.
    """

    __slots__ = ("bidders", "high_bid", "high_bidder", "opening", "raise_by", "step", "turn")

    def __init__(self, bidders: Sequence[int], opening: int, *, raise_by: int = 1, step: int | None = None) -> None:
        if not bidders:
            raise ValueError("an auction needs at least one bidder")
        if len(set(bidders)) != len(bidders):
            raise ValueError(f"a seat may bid only once in the order, got {list(bidders)}")
        if raise_by < 1 or (step is not None and step < 1):
            raise ValueError(f"raise_by and step must be at least 1, got {raise_by} and {step}")
        self.bidders: list[int] = list(bidders)
        """Seats still bidding, in bidding order; a seat that passes leaves the list."""
        self.opening = opening
        """The lowest first bid (the bank's reserve, a zone's price)."""
        self.raise_by = raise_by
        """The least a bid must beat the standing bid by."""
        self.step = raise_by if step is None else step
        """The spacing of the bids allowed, counted from the lowest bid allowed now."""
        self.turn = 0
        """Index into ``bidders`` of the seat to bid next."""
        self.high_bid = 0
        """The standing bid (0 while nobody has bid)."""
        self.high_bidder = -1
        """The seat of the standing bid, or -1 while nobody has bid."""

    # -- reading -------------------------------------------------------------------------------

    @property
    def to_bid(self) -> int:
        """The seat that must bid or pass now (only while :meth:`closing` is ``OPEN``)."""
        return self.bidders[self.turn]

    def lowest(self) -> int:
        """The lowest bid allowed now: the opening price, or the standing bid plus ``raise_by``."""
        return self.opening if self.high_bidder < 0 else self.high_bid + self.raise_by

    def bids(self, cap: int) -> IntRange | None:
        """The bids allowed now to a bidder who can pay at most ``cap``, or ``None`` when that is
        below the lowest bid (the bidder can only pass)."""
        lo = self.lowest()
        if cap < lo:
            return None
        return IntRange(lo, lo + (cap - lo) // self.step * self.step, self.step)

    def bid_family(
        self, cls: type[Action], cap: int, *, label: Text | None = None, prompt: Text | None = None
    ) -> ActionFamily | None:
        """The bids allowed now as a family of ``cls`` (an action with one whole-number field,
        the amount), every member legal; ``None`` when the bidder cannot pay the lowest bid.
        ``label`` and ``prompt`` are the game's words, by default the platform's "Bid" and
        "how much?" (``fam.bid``, ``fam.how_much``)."""
        bids = self.bids(cap)
        if bids is None:
            return None
        label = msg("fam.bid") if label is None else label
        prompt = msg("fam.how_much") if prompt is None else prompt
        return ActionFamily(cls, (bids,), label, (prompt,), whole=True)

    def bid_problem(
        self,
        amount: int,
        cap: int,
        unit: str = "",
        *,
        why: Callable[[int], Text] | None = None,
    ) -> Message | None:
        """Why ``amount`` is no bid now for a bidder who can pay at most ``cap``, as a message, or
        ``None`` when it is one.

        ``unit`` is the catalogue key that writes an amount of the game's money
        (``tycoon.core.messages.Money``); it goes with the last amount of a range and each single
        amount ("5,000 to 9,000 Marks"), bare numbers without it. ``why(x)``, when given, says
        why a bid of ``x`` is more than the bidder can pay (the game's reason for ``cap``: its
        cash, what its cash pays for the whole lot); it is added when ``amount`` lies above the
        bids allowed, and with the lowest bid when the bidder cannot pay even that.

        >>> a = AscendingAuction([0, 1], opening=400, raise_by=50)
        >>> a.bid_problem(420, 600).key  # "bids now run from 400 to 600, in steps of 50, not 420"
        'refuse.bid.range_steps'
        """

        def worth(x: int) -> Param:
            return Money(x, unit) if unit else x

        lo = self.lowest()
        if cap < lo:
            if why is not None:
                return msg("refuse.bid.only_pass_why", lowest=worth(lo), why=why(lo))
            return msg("refuse.bid.only_pass", lowest=worth(lo), cap=worth(cap))
        bids = self.bids(cap)
        assert bids is not None  # cap >= lo
        if amount in bids:
            return None
        if bids.lo == bids.hi:
            refused = msg("refuse.bid.only", lowest=worth(lo), amount=amount)
        elif self.step > 1:
            refused = msg("refuse.bid.range_steps", lo=bids.lo, hi=worth(bids.hi), step=self.step, amount=amount)
        else:
            refused = msg("refuse.bid.range", lo=bids.lo, hi=worth(bids.hi), amount=amount)
        if why is not None and amount > bids.hi:
            return msg("refuse.because", reason=refused, why=why(amount))
        return refused

    def standing(self, seat: int) -> int:
        """What ``seat`` has promised to pay: the high bid when it is the high bidder, else 0."""
        return self.high_bid if seat == self.high_bidder else 0

    def closing(self) -> Closing:
        """Whether the lot is sold, unsold, or still open."""
        if not self.bidders:
            return Closing.UNSOLD
        if self.high_bidder >= 0 and len(self.bidders) == 1 and self.bidders[0] == self.high_bidder:
            return Closing.SOLD
        return Closing.OPEN

    # -- acting --------------------------------------------------------------------------------

    def bid(self, seat: int, amount: int) -> None:
        """``seat`` (the one to bid) bids ``amount``, a bid :meth:`bids` allows; the turn passes on.

        A wrong seat or an amount below the lowest bid is a bug in the game (check with
        :meth:`bid_problem` first) and raises ``ValueError``.
        """
        self._check_seat(seat)
        if amount < self.lowest() or (amount - self.lowest()) % self.step:
            raise ValueError(f"{amount} is no bid now; the lowest is {self.lowest()} in steps of {self.step}")
        self.high_bid, self.high_bidder = amount, seat
        self.turn += 1
        self._next()

    def pass_(self, seat: int) -> None:
        """``seat`` (the one to bid) passes and is out for this lot; the turn passes on."""
        self._check_seat(seat)
        del self.bidders[self.turn]
        self._next()

    def answer(
        self,
        seat: int,
        amount: int | None,
        cap: int,
        rule: Text,
        *,
        unit: str = "",
        why: Callable[[int], Text] | None = None,
    ) -> Closing:
        """A player's answer: ``seat`` (the one to bid) bids ``amount``, or passes when it is
        ``None``; returns :meth:`closing` after it.

        A bid :meth:`bid_problem` finds wrong (with ``cap``, ``unit`` and ``why``)
        raises :class:`~tycoon.core.errors.IllegalAction` citing ``rule``, and nothing changes.
        """
        if amount is None:
            self.pass_(seat)
        else:
            problem = self.bid_problem(amount, cap, unit, why=why)
            if problem is not None:
                raise IllegalAction(problem, rule)
            self.bid(seat, amount)
        return self.closing()

    def _check_seat(self, seat: int) -> None:
        if self.closing() is not Closing.OPEN:
            raise ValueError(f"the bidding is over ({self.closing()})")
        if seat != self.to_bid:
            raise ValueError(f"seat {self.to_bid} bids now, not seat {seat}")

    def _next(self) -> None:
        # The next bidder round the table, never the high bidder (nobody outbids himself).
        if self.closing() is not Closing.OPEN:
            self.turn = 0
            return
        self.turn %= len(self.bidders)
        if self.bidders[self.turn] == self.high_bidder:
            self.turn = (self.turn + 1) % len(self.bidders)

    # -- copying and showing -------------------------------------------------------------------

    def clone(self) -> AscendingAuction:
        twin = AscendingAuction.__new__(AscendingAuction)
        twin.bidders = self.bidders.copy()
        twin.opening = self.opening
        twin.raise_by = self.raise_by
        twin.step = self.step
        twin.turn = self.turn
        twin.high_bid = self.high_bid
        twin.high_bidder = self.high_bidder
        return twin

    def to_json(self) -> dict[str, Any]:
        """The bidding as everyone sees it (nothing in an open auction is secret); also a
        complete fingerprint of it."""
        open_ = self.closing() is Closing.OPEN
        return {
            "bidders": self.bidders.copy(),
            "to_bid": self.to_bid if open_ else None,
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder if self.high_bidder >= 0 else None,
            "lowest": self.lowest() if open_ else None,
            "opening": self.opening,
            "raise_by": self.raise_by,
            "step": self.step,
            "turn": self.turn,
            "closing": str(self.closing()),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AscendingAuction):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"AscendingAuction(bidders={self.bidders}, opening={self.opening}, raise_by={self.raise_by}, "
            f"step={self.step}, high_bid={self.high_bid}, high_bidder={self.high_bidder}, turn={self.turn})"
        )
