"""Why a player declines a trade: the game's list of reasons, when each applies, and its figures.

A refusal or a counter-offer names a key of ``REASONS`` (``tycoon.core.reasons``); the rules
take it only when it applies to the deal as it stands (``figures`` finds facts for it), so a
reason is never a false statement about the board. Each key's facts are typed values read from
what every seat sees (owners, founding costs, cash on the table, mortgages: in Biznes po polsku
only the order of the undrawn cards is hidden, and no reason reads the stacks) and from the
deal's terms; ``words.reason_text`` renders them, one template per key. See
docs/decisions/0032-bots-that-negotiate.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tycoon.core.actions import Action, JSONValue
from tycoon.core.messages import msg
from tycoon.core.reasons import Reasons
from tycoon.games.biznes_po_polsku.actions import OfferExchange, OfferPurchase, OfferSale
from tycoon.games.biznes_po_polsku.phases import BANK

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

REASONS = Reasons(
    "Biznes po polsku",
    {
        key: msg(f"bp.reason_line.{key}")
        for key in (
            "price",
            "completes-group",
            "breaks-group",
            "no-use",
            "short-of-cash",
            "mortgaged",
            "too-cheap",
            "too-dear",
            "uneven",
        )
    },
)
"""The reasons a player may give for declining a trade or asking other terms, by key."""

NEUTRAL = "price"
"""The reason that says no more than the terms: it always applies, and a counter-offer's own
figures are then its whole explanation."""

Facts = dict[str, JSONValue]
"""A reason's figures by name; ``words.PARAMETERS`` says how each name is written (a firm by its
space number, a seat by its number, złoty, a count, a colour group)."""


class Side(NamedTuple):
    """One party's part in a deal. (A named tuple: made at every answer, and a frozen dataclass
    costs several times as much to make.)"""

    seat: int
    """The party."""
    other: int
    """The party on the other side."""
    gives: int
    """The firm it hands over (a space number), or 0."""
    gets: int
    """The firm it receives, or 0."""
    pays: int
    """Złoty it pays the other party (negative: what it receives)."""


def side_of(st: BiznesState, deal: Action, proposer: int, seat: int) -> Side:
    """The part in ``deal`` (offered by ``proposer``) of ``seat``, either party."""
    # The proposer's terms: the party on the other side, the firm it hands over, the firm it
    # receives and the złoty it pays; one Side made (every answer reads a side or two).
    if isinstance(deal, OfferSale):
        other, gives, gets, pays = deal.to, deal.space, 0, -deal.price
    elif isinstance(deal, OfferPurchase):
        other, gives, gets, pays = st.owner[deal.space], 0, deal.space, deal.price
    else:
        assert isinstance(deal, OfferExchange)
        other, gives, gets, pays = st.owner[deal.take], deal.give, deal.take, deal.payment
    if seat == proposer:
        return Side(proposer, other, gives, gets, pays)
    return Side(other, proposer, gets, gives, -pays)


def outlay(st: BiznesState, side: Side) -> int:
    """What ``side`` pays out in all: its payment and the redemption of a mortgaged firm it gets."""
    redeem = st.rules.redemptions[side.gets] if side.gets and st.mortgaged[side.gets] else 0
    return max(side.pays, 0) + redeem


def figures(st: BiznesState, key: str, side: Side) -> Facts | None:
    """The facts that make ``key`` a true reason for ``side`` to decline, or ``None`` when it
    does not apply (or is no reason)."""
    find = _FACTS.get(key)
    return None if find is None else find(st, side)


def applicable(st: BiznesState, side: Side) -> list[str]:
    """The keys that apply to ``side``'s part in the deal, in the list's order."""
    # A loop, not a list comprehension, which CPython 3.11 calls as a function of its own.
    keys: list[str] = []
    for key, find in _FACTS.items():
        if find(st, side) is not None:
            keys.append(key)
    return keys


def _price(st: BiznesState, side: Side) -> Facts | None:
    return {"seat": side.seat}


def _completes_group(st: BiznesState, side: Side) -> Facts | None:
    n = side.gives
    if not n:
        return None
    owner, other = st.owner, side.other
    for m in st.rules.group_of[n]:
        if m != n and owner[m] != other:
            return None
    return {"firm": n, "other": other, "group": st.rules.space(n).group}


def _breaks_group(st: BiznesState, side: Side) -> Facts | None:
    n = side.gives
    if not n:
        return None
    owner = st.owner
    held = [owner[m] for m in st.rules.group_of[n]].count(side.seat)
    if held < 2:
        return None
    return {"seat": side.seat, "firm": n, "held": held, "group": st.rules.space(n).group}


def _no_use(st: BiznesState, side: Side) -> Facts | None:
    n = side.gets
    if not n:
        return None
    for m in st.rules.group_of[n]:
        holder = st.owner[m]
        if m != n and holder not in (side.seat, BANK) and not (holder == side.other and side.gives == m):
            return {"seat": side.seat, "firm": n, "holder": holder, "their_firm": m}
    return None


def _short_of_cash(st: BiznesState, side: Side) -> Facts | None:
    paid = outlay(st, side)
    if paid <= 0:
        return None
    return {"seat": side.seat, "left": st.players[side.seat].cash - paid}


def _mortgaged(st: BiznesState, side: Side) -> Facts | None:
    n = side.gets
    if not n or not st.mortgaged[n]:
        return None
    return {"firm": n, "redemption": st.rules.redemptions[n]}


def _too_cheap(st: BiznesState, side: Side) -> Facts | None:
    n = side.gives
    if not n or side.gets or -side.pays >= st.rules.space(n).cost:
        return None
    return {"paid": -side.pays, "firm": n, "cost": st.rules.space(n).cost}


def _too_dear(st: BiznesState, side: Side) -> Facts | None:
    n = side.gets
    if not n or side.gives or side.pays <= st.rules.space(n).cost:
        return None
    return {"paid": side.pays, "firm": n, "cost": st.rules.space(n).cost}


def _uneven(st: BiznesState, side: Side) -> Facts | None:
    give, take = side.gives, side.gets
    if not give or not take:
        return None
    r = st.rules
    given, got = r.space(give).cost, r.space(take).cost
    if given + side.pays <= got:
        return None
    return {
        "seat": side.seat,
        "give": give,
        "give_cost": given,
        "added": max(side.pays, 0),
        "take": take,
        "take_cost": got,
        "back": max(-side.pays, 0),
    }


_FACTS = {
    "price": _price,
    "completes-group": _completes_group,
    "breaks-group": _breaks_group,
    "no-use": _no_use,
    "short-of-cash": _short_of_cash,
    "mortgaged": _mortgaged,
    "too-cheap": _too_cheap,
    "too-dear": _too_dear,
    "uneven": _uneven,
}
"""Each reason's test and figures, in the order of ``REASONS``."""
assert list(_FACTS) == REASONS.keys
