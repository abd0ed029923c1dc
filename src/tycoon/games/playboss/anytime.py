"""What a business may do at any time, not only on its own field: sell back to the bank
(Playboss I, "Repurchase Value"), take and repay bank credit ("Lines of Credit"), use a WEB
option ("The Green WEB Field") and buy a computer ("Computer Leasing"); with the expansion
steps on, also what they allow at any time (``steps.anytime_legal``).

Private business between players, also possible at any time, lives in ``deals.py`` and
``loans.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Items, Message, Seat, msg
from tycoon.games.playboss import steps as expansion_steps
from tycoon.games.playboss.actions import (
    ANYTIME,
    STEP_ANYTIME,
    Advertise,
    BankSell,
    BankSellComputer,
    BankSellMachine,
    Borrow,
    BuyComputer,
    Improve,
    LeaseComputer,
    Repay,
)
from tycoon.games.playboss.business import LEASED, NO_COMPUTER, OWN, OWNED, Business
from tycoon.games.playboss.data import Rules
from tycoon.games.playboss.menus import counts, goods_word, word
from tycoon.games.playboss.naming import code, goods_code, money
from tycoon.games.playboss.promises import promised

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

ANYTIME_ACTIONS: tuple[type[Action], ...] = (*ANYTIME, *STEP_ANYTIME)
REPURCHASE_RULE = msg("pb.no.rule.repurchase")
CREDIT_RULE = msg("pb.no.rule.credit")
WEB_RULE = msg("pb.no.rule.web_options")
COMPUTER_RULE = msg("pb.no.rule.lease")


def raises_funds(action: Action) -> bool:
    """Whether ``action`` is one a business short of cash may use: selling to the bank, borrowing."""
    return isinstance(action, (BankSell, BankSellMachine, BankSellComputer, Borrow))


def raisable(st: PlaybossData, b: Business) -> int:
    """The most cash ``b`` can have by selling everything to the bank and borrowing.

    Selling a machine or computer first repays the debt it secured, and borrowing against it
    gives the same net amount, so both come to the collateral's value less the debt. Machines
    leased from others are no collateral; machines leased out are, though only for borrowing,
    in whole credit steps (decision 0007).
    """
    r = st.rules
    stock = b.raw * r.repurchase_raw + b.finished * r.repurchase_finished
    computer = r.repurchase_computer if b.computer == OWNED else 0
    return b.cash + stock + collateral(r, b, sum(m.lessor == OWN for m in b.machines), computer, b.debt)


def collateral(r: Rules, b: Business, own_machines: int, computer: int, debt: int) -> int:
    """What ``own_machines`` on the floor, a purchased ``computer`` (its repurchase value) and
    the machines ``b`` leased out raise beyond ``debt``: the sales repay what the leased-out
    machines do not secure, and those secure only credit, taken in steps."""
    pledged = r.credit_per_machine * b.leased_out
    sold = max(0, own_machines * r.repurchase_machine + computer - max(0, debt - pledged))
    return sold + max(0, pledged - debt) // r.credit_step * r.credit_step


def fund_raising(st: PlaybossData, b: Business) -> list[Action]:
    """The finite options of a business that must raise a payment due: selling a machine or
    the computer back to the bank (the amounts are ``fund_raising_families``)."""
    out: list[Action] = [BankSellMachine(i) for i in b.machine_choices(own=True)]
    if b.computer == OWNED:
        out.append(BankSellComputer())
    return out


def fund_raising_families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """Selling products back to the bank and borrowing, in quantity."""
    step = st.rules.credit_step
    out: list[ActionFamily] = []
    for kind, held in (("raw", b.raw), ("finished", b.finished)):
        label = word(f"bank_sell_{kind}")
        out += counts(BankSell, 1, held, fixed=(kind,), shown=(goods_word(kind),), label=label)
    out += counts(Borrow, step, b.credit_room(st.rules), step=step, label=word("borrow"))
    return out


def legal(st: PlaybossData, b: Business) -> list[Action]:
    """The finite choices ``b`` may make at any time now (the amounts are ``families``)."""
    if not b.firm:
        # The worker representative (step 6) or a seat that sold its business owns none.
        return expansion_steps.purse_legal(st, b)
    r = st.rules
    out = fund_raising(st, b)
    if b.webs >= r.efficiency_webs:
        out += [Improve(i) for i in b.machine_choices(doubles=False, own=True)]
    if b.webs >= r.advertising_webs and not b.advertising:
        out.append(Advertise())
    if _computer_free(st, b) and b.webs >= r.lease_webs:
        out.append(LeaseComputer())
    return out + expansion_steps.anytime_legal(st, b)


def families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """Everything ``b`` may do at any time now with an amount: sell back to the bank in
    quantity, borrow, repay, buy a computer with some of its price on credit."""
    return list(families_in_order(st, b))


def families_in_order(st: PlaybossData, b: Business) -> Iterator[ActionFamily]:
    """``families`` one at a time, each worked out only when it is reached (a bot looking for
    the family of one action stops there)."""
    if not b.firm:
        yield from expansion_steps.purse_families(st, b)
        return
    step = st.rules.credit_step
    yield from fund_raising_families(st, b)
    most = _repayable(st, b)
    yield from counts(Repay, step, most, step=step, label=word("repay"))
    if most and most % step:
        yield from counts(Repay, most, most, label=word("repay_all"))
    if _computer_free(st, b):
        credits = _computer_credits(st, b)
        if credits:
            yield from counts(BuyComputer, credits[0], credits[-1], step=step, label=word("buy_computer"))
    yield from expansion_steps.anytime_families(st, b)


def _computer_free(st: PlaybossData, b: Business) -> bool:
    return b.computer == NO_COMPUTER and bool(st.bank_computers) and not _bidding_for_computer(st, b)


def _computer_credits(st: PlaybossData, b: Business) -> list[int]:
    r = st.rules
    room = min(r.credit_per_computer, b.credit_limit(r) + r.credit_per_computer - b.debt)
    low = max(0, r.computer_price - (b.cash - promised(st, b)))
    low = -(-low // r.credit_step) * r.credit_step
    return list(range(low, room + 1, r.credit_step)) if low <= room else []


def _bidding_for_computer(st: PlaybossData, b: Business) -> bool:
    """Whether ``b`` is still in the bidding for a bankrupt business's computer: it may not get
    another one meanwhile, since a business holds one computer at most."""
    a = st.auction
    return a is not None and bool(a.lots) and a.lots[0][0] == "computer" and b.seat in a.bidders


def _repayable(st: PlaybossData, b: Business) -> int:
    return max(0, min(b.debt, b.cash - promised(st, b)))


def apply(st: PlaybossData, b: Business, action: Action) -> None:
    """Carry out an "at any time" action, or raise IllegalAction leaving everything as it was."""
    r = st.rules
    if isinstance(action, BankSell):
        _bank_sell(st, b, action)
    elif isinstance(action, BankSellMachine):
        if not 0 <= action.machine < len(b.machines):
            raise IllegalAction(
                msg("pb.no.no_such_machine", machine=action.machine, own=len(b.machines)), REPURCHASE_RULE
            )
        lessor = b.machines[action.machine].lessor
        if lessor != OWN:
            raise IllegalAction(msg("pb.no.sell_leased", machine=action.machine, lessor=Seat(lessor)), REPURCHASE_RULE)
        _check_first_of_kind(b, action.machine, "sell", REPURCHASE_RULE)
        del b.machines[action.machine]
        st.bank_machines += 1
        _sell_collateral(st, b, r.repurchase_machine, code("sold_back", goods_code("machine", 1)))
    elif isinstance(action, BankSellComputer):
        if b.computer != OWNED:
            raise IllegalAction(msg("pb.no.no_computer_to_sell"), REPURCHASE_RULE)
        b.computer = NO_COMPUTER
        st.bank_computers += 1
        _sell_collateral(st, b, r.repurchase_computer, code("sold_back", goods_code("computer", 1)))
    elif isinstance(action, Borrow):
        room = b.credit_room(r)
        if action.amount <= 0 or action.amount % r.credit_step or action.amount > room:
            raise IllegalAction(
                msg(
                    "pb.no.borrow",
                    room=money(room),
                    step=r.credit_step,
                    machine=money(r.credit_per_machine),
                    computer=money(r.credit_per_computer),
                    machines=b.machines_owned(),
                    debt=money(b.debt),
                ),
                CREDIT_RULE,
            )
        b.debt += action.amount
        st.receive(b, action.amount, "credit")
    elif isinstance(action, Repay):
        most = _repayable(st, b)
        if action.amount <= 0 or action.amount > most or (action.amount % r.credit_step and action.amount != most):
            keep = promised(st, b)
            raise IllegalAction(
                msg(
                    "pb.no.repay",
                    debt=money(b.debt),
                    cash=money(b.cash),
                    keep=keep,
                    most=money(most),
                    step=r.credit_step,
                ),
                CREDIT_RULE,
            )
        b.debt -= action.amount
        st.pay(b, action.amount, "repay")
    elif isinstance(action, Improve):
        _improve(st, b, action.machine)
    elif isinstance(action, Advertise):
        if b.webs < r.advertising_webs or b.advertising:
            raise IllegalAction(msg("pb.no.advertise", webs=r.advertising_webs), WEB_RULE)
        b.webs -= r.advertising_webs
        st.bank_webs += r.advertising_webs
        b.advertising = True
        st.say(msg("pb.say.advertises", seat=Seat(b.seat)))
    elif isinstance(action, LeaseComputer):
        _check_computer_free(st, b)
        if b.webs < r.lease_webs:
            raise IllegalAction(msg("pb.no.lease_webs", webs=r.lease_webs, held=b.webs), COMPUTER_RULE)
        b.webs -= r.lease_webs
        b.computer = LEASED
        b.lease_mark = b.position
        st.bank_computers -= 1
        st.say(msg("pb.say.leases_computer", seat=Seat(b.seat), webs=r.lease_webs, space=b.position))
    elif isinstance(action, BuyComputer):
        _check_computer_free(st, b)
        if action.credit not in _computer_credits(st, b):
            raise IllegalAction(
                msg(
                    "pb.no.computer_cost",
                    price=money(r.computer_price),
                    credit=money(r.credit_per_computer),
                    step=r.credit_step,
                    cash=money(b.cash),
                    keep=promised(st, b),
                    room=money(b.credit_room(r) + r.credit_per_computer),
                ),
                COMPUTER_RULE,
            )
        st.bank_computers -= 1
        b.computer = OWNED
        if action.credit:
            b.debt += action.credit
            st.receive(b, action.credit, "credit_computer")
        st.pay(b, r.computer_price, "computer")
    elif isinstance(action, STEP_ANYTIME):
        expansion_steps.anytime_apply(st, b, action)
    else:
        raise IllegalAction(msg("pb.no.not_an_action", action=str(action)))


def _bank_sell(st: PlaybossData, b: Business, action: BankSell) -> None:
    r = st.rules
    held = {"raw": b.raw, "finished": b.finished}
    if action.goods not in held:
        raise IllegalAction(msg("pb.no.goods", goods=repr(action.goods)), REPURCHASE_RULE)
    n = action.count
    if not 1 <= n <= held[action.goods]:
        raise IllegalAction(msg("pb.no.goods_held", n=held[action.goods], goods=action.goods), REPURCHASE_RULE)
    if action.goods == "raw":
        b.raw -= n
        price = r.repurchase_raw
    else:
        b.finished -= n
        price = r.repurchase_finished
    st.return_products(n)
    st.receive(b, n * price, code("sold_back", goods_code(action.goods, n)))


def _sell_collateral(st: PlaybossData, b: Business, proceeds: int, why: str) -> None:
    """The bank keeps what it needs of the price to bring the debt within the credit limit:
    the equipment sold was its security."""
    st.receive(b, proceeds, why)
    excess = b.debt - b.credit_limit(st.rules)
    if excess > 0:
        repay = min(excess, proceeds)
        b.debt -= repay
        st.pay(b, repay, "secured")


def _improve(st: PlaybossData, b: Business, index: int) -> None:
    r = st.rules
    if b.webs < r.efficiency_webs:
        raise IllegalAction(msg("pb.no.improve_webs", webs=r.efficiency_webs, held=b.webs), WEB_RULE)
    # "Rotate one of your machines": a machine leased from another player is not the lessee's.
    if not 0 <= index < len(b.machines) or b.machines[index].double or b.machines[index].lessor != OWN:
        singles = [i for i, m in enumerate(b.machines) if not m.double and m.lessor == OWN]
        raise IllegalAction(msg("pb.no.not_single", machine=index, singles=Items(tuple(singles))), WEB_RULE)
    _check_first_of_kind(b, index, "improve", WEB_RULE)
    b.webs -= r.efficiency_webs
    st.bank_webs += r.efficiency_webs
    b.machines[index] = b.machines[index]._replace(double=True)
    st.say(msg("pb.say.improves", seat=Seat(b.seat)))


def _check_first_of_kind(b: Business, index: int, verb: str, rule: Message) -> None:
    """Identical machines are one choice (``Business.machine_choices`` offers the first of
    them): naming a later one is refused, pointing to the first, so that what ``apply``
    accepts is what the choices list."""
    first = b.machines.index(b.machines[index])
    if first != index:
        raise IllegalAction(msg("pb.no.same_machine", machine=index, first=first, verb=verb), rule)


def _check_computer_free(st: PlaybossData, b: Business) -> None:
    if b.computer != NO_COMPUTER:
        raise IllegalAction(msg("pb.no.second_computer"), COMPUTER_RULE)
    if not st.bank_computers:
        raise IllegalAction(msg("pb.no.no_computer_left", n=st.rules.computers), COMPUTER_RULE)
    if _bidding_for_computer(st, b):
        raise IllegalAction(msg("pb.no.bidding_for_computer"), msg("pb.no.rule.bankruptcy"))
