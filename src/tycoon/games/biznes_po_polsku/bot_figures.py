"""The figures the Biznes po polsku bots reckon with, as public functions over the state.

What a firm is worth to a player who gets it or keeps it, what it costs to let another player
complete a colour group, the cash to keep in hand, and how good a space is to stop on. The bot
modules import them downward; nothing here decides anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.games.biznes_po_polsku import firms, track
from tycoon.games.biznes_po_polsku.phases import BANK
from tycoon.games.biznes_po_polsku.players import OFFICE, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

RESERVE_BASE = 1000
"""Złoty always kept in hand ..."""
RESERVE_FEE_CAP = 8000
"""... plus half the largest fee an opponent could charge, counted up to this."""


def reserve(st: BiznesState, p: Player) -> int:
    """Cash to keep: 1,000 zł plus half the largest fee ``p`` could owe an opponent now."""
    return RESERVE_BASE + min(worst_fees(st)[p.seat], RESERVE_FEE_CAP) // 2


class _Fees:
    """``worst_fees`` of the last board it was worked out for, with that board: the owners,
    mortgages and investment levels it depends on, copied."""

    __slots__ = ("level", "mortgaged", "owner", "rules", "worst")

    def __init__(self, st: BiznesState, worst: list[int]) -> None:
        self.rules = st.rules
        self.owner = st.owner.copy()
        self.mortgaged = st.mortgaged.copy()
        self.level = st.level.copy()
        self.worst = worst

    def holds(self, st: BiznesState) -> bool:
        """Whether these are the figures of ``st``'s board."""
        return (
            self.rules is st.rules
            and self.owner == st.owner
            and self.mortgaged == st.mortgaged
            and self.level == st.level
        )


_last_fees: _Fees | None = None
"""The bots ask for the reserve several times a decision, and every seat's bot at each
decision of a turn, mostly with the board unchanged: the last answer is kept."""


def worst_fees(st: BiznesState) -> list[int]:
    """For each seat, the largest fee it could owe another player now: the highest fee of a firm
    owned by another player (``firms.fee``: 0 when mortgaged)."""
    global _last_fees
    kept = _last_fees
    if kept is not None and kept.holds(st):
        return kept.worst
    # The highest fee of each owner's firms; each seat could owe the highest of another's.
    highest = [0] * len(st.players)
    owner = st.owner
    for n in st.rules.firms:
        seat = owner[n]
        if seat != BANK:
            fee = firms.fee(st, n)
            if fee > highest[seat]:
                highest[seat] = fee
    worst = [max([h for other, h in enumerate(highest) if other != seat], default=0) for seat in range(len(highest))]
    _last_fees = _Fees(st, worst)
    return worst


LANDINGS = 7 / 80
"""How often one player's pawn stops on a given space, a turn: a die moves it 3.5 spaces on
average round a 40-space track."""
HORIZON = 30
"""The rounds a player reckons with when no end of the game is agreed."""
WORTH_SHARE = 1 / 2
"""The share of a whole group's expected fees a player counts on: they come only once the
group is built up, and the pawns may pass it by."""
DENIAL_SHARE = 1 / 2
"""The share of what another player's whole group is worth to that player that a player counts
as its own loss: a part of the fees will be its own, and a richer rival is harder to beat."""


def rounds_left(st: BiznesState) -> int:
    """The rounds still to play: to the agreed end, or ``HORIZON`` without one."""
    rounds = st.game.rounds
    return max(rounds - st.rounds_done, 0) if rounds else HORIZON


def group_worth(st: BiznesState, seat: int, n: int) -> int:
    """What holding the whole colour group of firm ``n`` is worth to ``seat`` for the rest of
    the game: ``WORTH_SHARE`` of the fees the other players are expected to pay on it, built up
    to the level ``seat``'s cash pays for across the group (at least one level)."""
    r = st.rules
    group = r.group_of[n]
    boards = [r.board[m - 1] for m in group]
    per_level = sum(b.investment for b in boards)
    cash = st.players[seat].cash
    level = min(max(cash // per_level, 1), r.levels)
    others = sum(not q.bankrupt for q in st.players) - 1
    fees = sum(b.fees[level] for b in boards)
    return int(fees * LANDINGS * rounds_left(st) * others * WORTH_SHARE)


def acquire_value(st: BiznesState, seat: int, n: int) -> int:
    """What firm ``n`` is worth to ``seat`` if it gets it: its cost, more the nearer it brings
    ``seat`` to the whole group, and what the whole group is worth to it (``group_worth``)
    when it completes it."""
    r = st.rules
    group = r.group_of[n]
    cost = r.board[n - 1].cost
    owner = st.owner
    others = held = 0
    for m in group:
        if m != n:
            others += 1
            held += owner[m] == seat
    if held == others:
        return cost + group_worth(st, seat, n)
    return cost + cost * held // 2


def keep_value(st: BiznesState, seat: int, n: int) -> int:
    """What firm ``n`` is worth to ``seat``, its owner (the same reckoning as ``acquire_value``)."""
    return acquire_value(st, seat, n)


def denial(st: BiznesState, seat: int, n: int) -> int:
    """What it costs the others that ``seat`` completes a group by getting ``n``:
    ``DENIAL_SHARE`` of what the group is worth to ``seat``, or 0 when getting ``n`` completes
    nothing."""
    if completes(st, seat, n):
        return int(group_worth(st, seat, n) * DENIAL_SHARE)
    return 0


def completes(st: BiznesState, seat: int, n: int) -> bool:
    """Whether getting firm ``n`` gives ``seat`` the whole colour group."""
    owner = st.owner
    for m in st.rules.group_of[n]:  # noqa: SIM110 (a loop: all()/any() of a generator costs twice as much, on a hot path of the bots)
        if m != n and owner[m] != seat:
            return False
    return True


def helps_group(st: BiznesState, p: Player, n: int) -> bool:
    """Whether firm ``n``'s group is still open to ``p``: no other player owns any of it."""
    owner = st.owner
    return all(owner[m] == p.seat or owner[m] == BANK for m in st.rules.group_of[n])


def destination(st: BiznesState, p: Player, steps: int, cash_reserve: int) -> int:
    """How good stopping ``steps`` spaces ahead is for ``p`` (złoty, roughly), keeping
    ``cash_reserve`` in hand."""
    r = st.rules
    n = track.ahead(p.position if p.position != OFFICE else 1, steps)
    space = r.space(n)
    kind = space.kind
    if kind == "firm":
        owner = st.owner[n]
        if owner == BANK:
            return space.cost // 2 if p.cash > space.cost + cash_reserve else 0
        return 0 if owner == p.seat else -firms.fee(st, n)
    if kind == "profession":
        holder = st.job_holder[n]
        if holder == p.seat:
            return space.salary
        if holder != BANK or p.profession:
            return -space.fee
        return space.salary // 2
    if kind == "post":
        holder = st.office_holder[space.post]
        if holder == p.seat:
            return space.allowance
        if holder != BANK:
            return -space.donation
        if space.post == "mp" and not p.member:
            return -space.unbought_fine
        return space.allowance
    mp = st.office_holder["mp"] == p.seat
    penalties = {
        "start": space.bonus,
        "party": 0 if p.member else 100,
        "los": 100,
        "niespodzianka": -200,
        "police": 0 if mp else -600,
        "prison": 0 if mp else -1500,
        "hospital": -space.fine - 600,
        "tax": -space.fine,
        "dismissal": -2 * r.space(p.profession).salary if p.profession else 0,
    }
    return penalties.get(kind, 0)


PROSPECT_SHARE = 1 / 2
"""The share of the fees a firm is expected to bring in at its present fee over the rounds
ahead that a search's evaluation counts (``prospects``): the pawns may pass it by, a firm may be
mortgaged or sold, a player may go bankrupt first."""
PROSPECT_ROUNDS = 20
"""The rounds ahead ``prospects`` counts at most: further off, the board will have changed."""


def prospects(st: BiznesState) -> list[int]:
    """Each seat's expected fees to come, net: ``PROSPECT_SHARE`` of what the firms it owns are
    expected to bring in at their present fees (``firms.fee``) from each other player still in
    the game, less what it is expected to pay on the others' firms, over the rounds left (at
    most ``PROSPECT_ROUNDS``). The fortune as the end counts it (``fortune.py``) holds a firm at
    its cost, whatever it earns; this is what it will earn."""
    players = st.players
    alive = [not q.bankrupt for q in players]
    payers = sum(alive)
    rounds = min(rounds_left(st), PROSPECT_ROUNDS)
    scale = LANDINGS * rounds * PROSPECT_SHARE
    income = [0] * len(players)
    owner = st.owner
    for n in st.rules.firms:
        seat = owner[n]
        if seat != BANK and alive[seat]:
            income[seat] += firms.fee(st, n)
    total = sum(income)
    # Each living seat pays every other owner's fee at the same rate: its own income comes from
    # ``payers - 1`` players, and it pays what all the others' firms charge.
    return [
        int(scale * (income[s] * (payers - 1) - (total - income[s]))) if alive[s] else 0 for s in range(len(players))
    ]
