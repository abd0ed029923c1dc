"""Firms: founding, fees, investment levels, selling investments, mortgages.

Rulebook, "Founding and Developing a Company" and "Mortgage". A firm is named by its space
number. Investment levels 1 to 4 are bricks; the fifth exchanges the four bricks for a pyramid,
the bricks going back to the bank (fig. 19). The bank holds 40 bricks and 15 pyramids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.errors import IllegalAction
from tycoon.core.messages import Seat, Text, msg
from tycoon.games.biznes_po_polsku import naming
from tycoon.games.biznes_po_polsku.fortune import raisable
from tycoon.games.biznes_po_polsku.phases import BANK, BUY
from tycoon.games.biznes_po_polsku.players import Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

FOUND_RULE = msg("bp.no.rule.found")
MORTGAGE_RULE = msg("bp.no.rule.mortgage")


def group(st: BiznesState, n: int) -> tuple[int, ...]:
    """The firms of firm ``n``'s colour group."""
    return st.rules.group_of[n]


def owns_group(st: BiznesState, seat: int, n: int) -> bool:
    """Whether ``seat`` owns every firm of firm ``n``'s colour group (mortgaged ones count)."""
    owner = st.owner
    for m in st.rules.group_of[n]:  # noqa: SIM110 (a loop: all()/any() of a generator costs twice as much, on a hot path of the bots)
        if owner[m] != seat:
            return False
    return True


def tradeable(st: BiznesState, n: int) -> bool:
    """Whether firm ``n`` may change hands between players: its colour group has no investments.

    Rulebook, "Mortgage": players may sell each other their firms "but without their investment
    elements". Written here once: the checks of an offer (``trade.offer_problem``), the bots'
    deals and the upkeep of each seat's firms that may change hands (``state.for_trade``) ask it.
    """
    level = st.level
    for m in st.rules.group_of[n]:  # noqa: SIM110 (a loop: all()/any() of a generator costs twice as much, on a hot path of the bots)
        if level[m]:
            return False
    return True


def fee(st: BiznesState, n: int) -> int:
    """What a visitor pays the owner of firm ``n`` now."""
    if st.owner[n] < 0 or st.mortgaged[n]:
        # "A mortgaged firm yields no income."
        return 0
    space = st.rules.space(n)
    level = st.level[n]
    if level:
        return space.fees[level]
    # fig. 20: the owner of the whole group collects a double fee without investments, also
    # when one of the group is mortgaged ("Mortgage").
    return space.fees[0] * (2 if owns_group(st, st.owner[n], n) else 1)


def elements_value(st: BiznesState, n: int) -> int:
    """What the investments of firm ``n`` cost to buy (levels × the element's price)."""
    return st.level[n] * st.rules.space(n).investment


def land(st: BiznesState, p: Player, n: int) -> None:
    """``p`` stops on firm ``n``: may found it, or pays the fee to its owner."""
    owner = st.owner[n]
    space = st.rules.space(n)
    if owner == BANK:
        # "he may (but need not) buy the firm on that space."
        if raisable(st, p) >= space.cost:
            st.decide(BUY, p.seat)
        elif st.log is not None:  # (the words only when somebody listens: landing is frequent)
            firm, cost = naming.space(st.rules, n), naming.zl(space.cost)
            st.say(msg("bp.say.cannot_afford", seat=Seat(p.seat), firm=firm, cost=cost))
        return
    if owner == p.seat:
        return
    due = fee(st, n)
    if due == 0:
        if st.log is not None:
            st.say(msg("bp.say.mortgaged_visit", firm=naming.space(st.rules, n), seat=Seat(p.seat)))
        return
    st.charge(p, due, f"visit {n}", owner)


def buy(st: BiznesState, p: Player, n: int) -> None:
    """``p`` founds the unowned firm ``n``."""
    space = st.rules.space(n)
    if p.cash < space.cost:
        raise IllegalAction(
            msg("bp.no.found_cost", firm=naming.space(st.rules, n), cost=naming.zl(space.cost), cash=naming.zl(p.cash)),
            FOUND_RULE,
        )
    st.set_owner(n, p.seat)
    st.pay(p, space.cost, f"found {n}")


def is_firm(st: BiznesState, n: int) -> bool:
    """Whether space ``n`` is a firm (``n`` any whole number)."""
    return 1 <= n < len(st.rules.group_of) and bool(st.rules.group_of[n])


def can_invest(st: BiznesState, p: Player, n: int) -> bool:
    """Whether ``p`` may buy an investment element for its firm ``n`` now: ``invest_error``
    without the words, for the lists of legal actions."""
    r = st.rules
    owner, level, mortgaged = st.owner, st.level, st.mortgaged
    group = r.group_of[n]
    here = level[n]
    for m in group:
        if owner[m] != p.seat or mortgaged[m] or level[m] < here:
            return False
    if here >= r.levels or p.cash < r.board[n - 1].investment:
        return False
    return st.bank_pyramids >= 1 if here == r.levels - 1 else st.bank_bricks >= 1


def invest_error(st: BiznesState, p: Player, n: int) -> Text:
    """Why seat ``p`` may not buy an investment element for firm ``n`` now, a message ('' if it may)."""
    r = st.rules
    if not is_firm(st, n) or st.owner[n] != p.seat:
        return msg("bp.no.not_your_firm", firm=naming.space(r, n))
    space = r.space(n)
    if not owns_group(st, p.seat, n):
        return msg("bp.no.whole_group", group=naming.group(space.group))
    if any(st.mortgaged[m] for m in group(st, n)):
        return msg("bp.no.group_mortgaged", group=naming.group(space.group))
    level = st.level[n]
    if level >= r.levels:
        return msg("bp.no.all_levels", firm=naming.space(r, n), levels=r.levels)
    if level > min(st.level[m] for m in group(st, n)):
        return msg("bp.no.invest_evenly")
    if level == r.levels - 1 and st.bank_pyramids < 1:
        return msg("bp.no.no_pyramid")
    if level < r.levels - 1 and st.bank_bricks < 1:
        return msg("bp.no.no_brick")
    if p.cash < space.investment:
        return msg(
            "bp.no.invest_cost", firm=naming.space(r, n), cost=naming.zl(space.investment), cash=naming.zl(p.cash)
        )
    return ""


def invest(st: BiznesState, p: Player, n: int) -> None:
    error = invest_error(st, p, n)
    if error:
        raise IllegalAction(error, FOUND_RULE)
    space = st.rules.space(n)
    if st.level[n] == st.rules.levels - 1:
        # fig. 19: the fifth element exchanges the four bricks for one pyramid.
        st.bank_pyramids -= 1
        st.bank_bricks += st.level[n]
    else:
        st.bank_bricks -= 1
    st.set_level(n, st.level[n] + 1)
    st.pay(p, space.investment, f"invest {n} {st.level[n]}")


def sell_level_error(st: BiznesState, p: Player, n: int) -> Text:
    """Why ``p`` may not sell an investment level of firm ``n`` now, a message ('' if it may)."""
    if not is_firm(st, n) or st.owner[n] != p.seat or st.level[n] == 0:
        return msg("bp.no.no_investments", firm=naming.space(st.rules, n))
    if st.level[n] < max(st.level[m] for m in group(st, n)):
        return msg("bp.no.sell_evenly")
    if st.level[n] == st.rules.levels and st.bank_bricks < st.rules.levels - 1:
        return msg("bp.no.bricks_for_pyramid", bricks=st.rules.levels - 1)
    return ""


def sell_level(st: BiznesState, p: Player, n: int) -> None:
    error = sell_level_error(st, p, n)
    if error:
        raise IllegalAction(error, FOUND_RULE)
    space = st.rules.space(n)
    if st.level[n] == st.rules.levels:
        st.bank_pyramids += 1
        st.bank_bricks -= st.rules.levels - 1
    else:
        st.bank_bricks += 1
    st.set_level(n, st.level[n] - 1)
    # "Investment elements sold to the BANK bring in only half of their price."
    st.receive(p, space.investment // 2, f"sold {n} 1")


def clear_elements(st: BiznesState, n: int) -> int:
    """Return firm ``n``'s investment elements to the bank; the number of levels it had."""
    level = st.level[n]
    if level == st.rules.levels:
        st.bank_pyramids += 1
    else:
        st.bank_bricks += level
    st.set_level(n, 0)
    return level


def sell_group_investments(st: BiznesState, p: Player, n: int) -> None:
    """Sell every investment element of firm ``n``'s group to the bank at half price."""
    level = st.level
    for m in group(st, n):
        if level[m]:  # (most mortgaged firms' groups have none)
            levels = clear_elements(st, m)
            space = st.rules.space(m)
            st.receive(p, levels * space.investment // 2, f"sold {m} {levels}")


def mortgage(st: BiznesState, p: Player, n: int) -> None:
    if not is_firm(st, n) or st.owner[n] != p.seat or st.mortgaged[n]:
        raise IllegalAction(msg("bp.no.not_unmortgaged", firm=naming.space(st.rules, n)), MORTGAGE_RULE)
    # "he must first sell to the BANK all investment elements ... from the given colour group".
    sell_group_investments(st, p, n)
    space = st.rules.space(n)
    st.set_mortgaged(n, True)
    st.receive(p, space.mortgage, f"mortgage {n}")


def redeem(st: BiznesState, p: Player, n: int) -> None:
    if not is_firm(st, n) or st.owner[n] != p.seat or not st.mortgaged[n]:
        raise IllegalAction(msg("bp.no.not_mortgaged", firm=naming.space(st.rules, n)), MORTGAGE_RULE)
    cost = st.rules.redemption(n)
    if p.cash < cost:
        raise IllegalAction(msg("bp.no.redeem_cost", cost=naming.zl(cost), cash=naming.zl(p.cash)), MORTGAGE_RULE)
    st.set_mortgaged(n, False)
    st.pay(p, cost, f"redeem {n}")
