"""The board's fields: red decisions, green WEBs, yellow costs, blue risks, white write-offs,
and the computer lease falling due. Playboss I, one section per field.

A rule module (docs/decisions/0021-playboss-layers.md): it reads and writes the state's data
(``state.PlaybossData``) and queues tasks; ``flow.py`` lands the piece here and runs the turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Items, Message, Seat, msg
from tycoon.games.playboss import labour, leases, market, risk
from tycoon.games.playboss import steps as expansion_steps
from tycoon.games.playboss.actions import (
    COST_CHOICES,
    DO_NOTHING,
    BuyWeb,
    CostChoice,
    DoNothing,
    Invest,
    LoseMachine,
    Offer,
    Produce,
    Purchase,
    RenewLease,
    ReturnComputer,
    Sell,
    WriteOff,
)
from tycoon.games.playboss.business import NO_COMPUTER, Business, Machine
from tycoon.games.playboss.menus import counts, word
from tycoon.games.playboss.naming import code, goods_code, money
from tycoon.games.playboss.phases import GREEN, LEASE, RED, WHITE, YELLOW

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RED_RULE = msg("pb.no.rule.red")
GREEN_RULE = msg("pb.no.rule.green")
YELLOW_RULE = msg("pb.no.rule.yellow")
WHITE_RULE = msg("pb.no.rule.white")
LEASE_RULE = msg("pb.no.rule.lease")
RISK_RULE = msg("pb.no.rule.risk")


def land(st: PlaybossData, b: Business) -> None:
    """The piece has landed: the field's decision becomes pending, or its event happens."""

    kind = st.rules.board[b.position]
    if kind == "red" and st.game.step(6):
        labour.on_red(st, b)
    elif kind == "red":
        st.decide(RED, b.seat)
    elif kind == "green":
        st.decide(GREEN, b.seat)
    elif kind == "yellow":
        st.decide(YELLOW, b.seat)
    elif kind == "blue":
        risk.draw(st, b)
    elif kind == "white":
        if b.machines:
            st.decide(WHITE, b.seat)
        else:
            st.say(msg("pb.say.no_machine_to_write_off", seat=Seat(b.seat)))


def lease_due(st: PlaybossData, b: Business) -> None:
    """Playboss I, "Computer Leasing": a year after leasing, on crossing the marked field, the
    bank collects the 2 WEB markers; pay 2 WEBs again or return the computer."""

    r = st.rules
    st.say(msg("pb.say.lease_year", seat=Seat(b.seat)))
    if b.webs >= r.lease_webs:
        st.decide(LEASE, b.seat)
    else:
        _return_computer(st, b)


def _return_computer(st: PlaybossData, b: Business) -> None:
    # The bank collects the lease's WEB markers and takes the computer back.
    st.bank_webs += st.rules.lease_webs
    b.computer = NO_COMPUTER
    b.lease_mark = -1
    st.bank_computers += 1
    st.say(msg("pb.say.returns_computer", seat=Seat(b.seat)))


# --- the decisions of the fields: their choices, checks and carry-outs --------------------------
#
# Each field's decision has its entry in ``decisions.py``; a check says why an action is refused
# (``ALLOWED`` when it is not) and changes nothing, its carry-out takes an action the check has
# allowed, after the flow has ended the decision.

RED_ACTIONS: tuple[type[Action], ...] = (Purchase, Invest, Produce, Sell, Offer, DoNothing)
"""What the red field's decision takes."""


def red_choices(st: PlaybossData, seat: int) -> list[Action]:
    """The red field's finite choice: doing nothing (the amounts are ``red_families``)."""
    return [DO_NOTHING]


def green_choices(st: PlaybossData, seat: int) -> list[Action]:
    b = st.businesses[seat]
    out: list[Action] = []
    if b.cash >= st.rules.web_price and st.bank_webs:
        out.append(BuyWeb())
    out.append(DoNothing())
    return out


def yellow_choices(st: PlaybossData, seat: int) -> list[Action]:
    b = st.businesses[seat]
    return [CostChoice(c) for c in COST_CHOICES if _cost_choice_error(st, b, c) is None]


def white_choices(st: PlaybossData, seat: int) -> list[Action]:
    b = st.businesses[seat]
    out: list[Action] = [WriteOff(i) for i in b.loss_choices()]
    if b.webs >= st.rules.cost_field_webs and b.machines:
        out.append(WriteOff(-1))
    return out + _nothing_left(b)


def lease_choices(st: PlaybossData, seat: int) -> list[Action]:
    out: list[Action] = []
    if st.businesses[seat].webs >= st.rules.lease_webs:
        out.append(RenewLease())
    out.append(ReturnComputer())
    return out


def lose_choices(st: PlaybossData, seat: int) -> list[Action]:
    b = st.businesses[seat]
    return [*(LoseMachine(i) for i in b.loss_choices()), *_nothing_left(b)]


def _nothing_left(b: Business) -> list[Action]:
    # The machines were sold meanwhile: nothing is left to lose.
    return [] if b.machines else [DoNothing()]


def red_families(st: PlaybossData, seat: int) -> list[ActionFamily]:
    """The red field's options that have an amount: how many raw products to buy, how much of
    a machine's price to borrow, how many products to make and to sell (with step 1 also an
    announcement below the market price)."""

    return list(red_families_in_order(st, seat))


def red_families_in_order(st: PlaybossData, seat: int) -> Iterator[ActionFamily]:
    """``red_families`` one at a time, each worked out only when it is reached (a bot checking
    its purchase or production stops at the first families)."""
    b = st.businesses[seat]
    r = st.rules
    most = market.max_purchase(st.market, r.zone_prices, b.cash)
    limit = expansion_steps.purchase_limit(st)
    if limit is not None:
        most = min(most, limit)
    yield from counts(Purchase, 1, most, label=word("purchase"))
    credits = invest_credits(st, b)
    if credits:
        yield from counts(Invest, credits[0], credits[-1], step=r.credit_step, label=word("invest"))
    yield from counts(Produce, 1, max_production(st, b), label=word("produce"))
    yield from counts(Sell, 1, labour.sellable(st, b), label=word("sell"))
    yield from expansion_steps.red_families(st, b)


def prices(st: PlaybossData) -> dict[str, Any]:
    """What the market asks and pays now, for the page to show before a decision is sent: the
    total cost of buying 1, 2, … raw products at market price (cheapest occupied zone upward),
    and the total a sale of 1, 2, … finished products brings on a red field (dearest empty
    dimples first), without and with an advertising campaign (Playboss I, Decisions 1 and 4).
    With step 1 a sale without a campaign opens the underbidding when another business holds
    finished products (``underbidding``): the figure is then what it brings if none underbids."""
    r = st.rules
    buy: list[int] = []
    for price, n in zip(r.zone_prices, st.market, strict=True):
        buy += [price] * n
    zones = market.place(st.market.copy(), r.dimples, market.empty_dimples(st.market, r.dimples))
    return {
        "underbidding": st.game.step(1),
        "purchase": list(accumulate(buy)),
        "sale": list(accumulate(market.sale_price(st.rules, z, False) for z in zones)),
        "sale_advertising": list(accumulate(market.sale_price(st.rules, z, True) for z in zones)),
    }


def invest_credits(st: PlaybossData, b: Business) -> list[int]:
    """The credit amounts with which ``b`` can buy a machine now (0 = pay it all in cash)."""
    r = st.rules
    if not st.bank_machines:
        return []
    # The new machine is itself collateral: the room after buying it counts.
    room = min(r.credit_per_machine, b.credit_limit(r) + r.credit_per_machine - b.debt)
    low = max(0, r.machine_price - b.cash)
    low = -(-low // r.credit_step) * r.credit_step
    return list(range(low, room + 1, r.credit_step)) if low <= room else []


def max_production(st: PlaybossData, b: Business) -> int:
    if st.game.step(6):
        # Playboss II, "6. Step": one worker per machine; produce once per red field.
        lab = st.expansion.labour
        if lab is None or lab.produced:
            return 0
        return min(labour.capacity(st, b), b.raw, b.cash // labour.production_cost(st, b))
    return min(b.ready_capacity(), b.raw, b.cash // b.production_cost(st.rules))


def _production_error(st: PlaybossData, b: Business) -> Message:
    if not st.game.step(6):
        return msg(
            "pb.no.production",
            ready=b.ready_capacity(),
            raw=b.raw,
            cash=money(b.cash),
            each=money(b.production_cost(st.rules)),
        )
    lab = st.expansion.labour
    assert lab is not None
    if lab.produced:
        return msg("pb.no.produced_already")
    if labour.struck(st, b.seat):
        return msg("pb.no.struck")
    return msg(
        "pb.no.production_workers",
        workers=lab.workers[b.seat],
        capacity=labour.capacity(st, b),
        raw=b.raw,
        cash=money(b.cash),
        each=money(labour.production_cost(st, b)),
    )


def check_red(st: PlaybossData, seat: int, action: Action) -> Refusal:
    """Why the red field's ``action`` (one of ``RED_ACTIONS``) is refused, or ``ALLOWED``."""

    b = st.businesses[seat]
    r = st.rules
    if isinstance(action, Purchase):
        n = action.count
        if n < 1:
            return msg("pb.no.buy_one"), RED_RULE
        if n > sum(st.market):
            return msg("pb.no.market_holds", n=sum(st.market)), RED_RULE
        limit = expansion_steps.purchase_limit(st)
        if limit is not None and n > limit:
            return msg("pb.no.purchase_limit", limit=limit), msg("pb.no.rule.purchasing")
        cost = market.purchase_cost(st.market, r.zone_prices, n)
        if cost > b.cash:
            return msg("pb.no.raw_cost", n=n, cost=money(cost), cash=money(b.cash)), RED_RULE
    elif isinstance(action, Invest):
        if action.credit not in invest_credits(st, b):
            return _invest_error(st, b, action.credit), msg("pb.no.rule.investment")
    elif isinstance(action, Produce):
        six = st.game.step(6)
        if not 1 <= action.count <= max_production(st, b):
            return (
                msg("pb.no.produce_most", most=max_production(st, b), why=_production_error(st, b)),
                msg("pb.no.rule.production6") if six else msg("pb.no.rule.producing"),
            )
    elif isinstance(action, Sell):
        n = action.count
        most = labour.sellable(st, b)
        if n < 1 or n > most:
            key = "pb.no.sell_most_fresh" if most < b.finished else "pb.no.sell_most"
            return msg(key, most=most), msg("pb.no.rule.selling")
    elif isinstance(action, Offer):
        error = expansion_steps.offer_error(st, b, action)
        if error:
            return error, msg("pb.no.rule.free_market")
    return ALLOWED


def red(st: PlaybossData, seat: int, action: Action) -> bool:
    """Carry out the red field's ``action``; ``True`` when the field's decision goes on (step
    6: producing, then one other decision)."""

    b = st.businesses[seat]
    r = st.rules
    advertising = b.advertising
    if isinstance(action, Purchase):
        # Decision 1: from the cheapest occupied zone upward, at zone price, as far as cash goes.
        n = action.count
        cost = market.purchase_cost(st.market, r.zone_prices, n)
        zone = market.last_zone(st.market, n)
        market.take(st.market, n)
        b.raw += n
        st.pay(b, cost, code("raw", goods_code("raw", n)))
        expansion_steps.after_purchase(st, b, zone)
    elif isinstance(action, Invest):
        # Decision 2: a machine for 10,000, up to 5,000 of it on credit.
        st.bank_machines -= 1
        b.machines.append(Machine(False, labour.machine_ready(st, b)))
        if action.credit:
            b.debt += action.credit
            st.receive(b, action.credit, "credit_machine")
        st.pay(b, r.machine_price, "machine_red" if st.game.step(6) else "machine")
    elif isinstance(action, Produce):
        # Decision 3: one product per machine (two on a double one), raw to finished.
        n = action.count
        six = st.game.step(6)
        cost = n * (labour.production_cost(st, b) if six else b.production_cost(r))
        b.raw -= n
        b.finished += n
        b.fresh += n
        st.pay(b, cost, code("produce", goods_code("products", n)))
        if six and st.expansion.labour is not None:
            # Producing is not the red field's decision in step 6: one other decision follows.
            st.expansion.labour.produced = True
            return True
    elif isinstance(action, Sell):
        # Playboss II, "1. Step": with the free market the seller is only the first supplier.
        if not expansion_steps.red_sale(st, b, action.count, None, advertising):
            sell(st, b, action.count, advertising)
    elif isinstance(action, Offer):
        expansion_steps.red_sale(st, b, action.count, action.price, advertising)
    else:
        st.say(msg("pb.say.does_nothing", seat=Seat(b.seat)))
    if advertising:
        # Playboss I, "Advertising Campaigns": the campaign serves the next red field only.
        b.advertising = False
    return False


def sell(st: PlaybossData, b: Business, n: int, advertising: bool) -> None:
    """Decision 4: fill the dearest empty dimples, each paying its ``market.sale_price``."""
    zones = market.place(st.market, st.rules.dimples, n)
    earned = sum(market.sale_price(st.rules, z, advertising) for z in zones)
    b.finished -= n
    b.sales += earned
    st.receive(b, earned, code("sell_advertising" if advertising else "sell", goods_code("finished", n)))


def _invest_error(st: PlaybossData, b: Business, credit: int) -> Message:
    r = st.rules
    if not st.bank_machines:
        return msg("pb.no.no_machine_left", n=r.machines)
    if credit < 0 or credit % r.credit_step:
        return msg("pb.no.credit_step", step=money(r.credit_step))
    if credit > r.credit_per_machine:
        return msg("pb.no.credit_per_machine", most=money(r.credit_per_machine))
    if r.machine_price - credit > b.cash:
        return msg("pb.no.machine_cash", cash=money(b.cash), credit=money(credit), need=money(r.machine_price - credit))
    return msg("pb.no.credit_limit", limit=money(b.credit_limit(r) + r.credit_per_machine), debt=money(b.debt))


def check_green(st: PlaybossData, seat: int, action: Action) -> Refusal:
    b = st.businesses[seat]
    r = st.rules
    if isinstance(action, BuyWeb):
        if not st.bank_webs:
            return msg("pb.no.no_web_left", n=r.webs), GREEN_RULE
        if b.cash < r.web_price:
            return msg("pb.no.web_cost", price=money(r.web_price), cash=money(b.cash)), GREEN_RULE
    return ALLOWED


def green(st: PlaybossData, seat: int, action: Action) -> bool:
    b = st.businesses[seat]
    if isinstance(action, BuyWeb):
        st.bank_webs -= 1
        b.webs += 1
        st.pay(b, st.rules.web_price, "web")
    else:
        st.say(msg("pb.say.buys_no_web", seat=Seat(b.seat)))
    return False


def _cost_choice_error(st: PlaybossData, b: Business, choice: str) -> Message | None:
    # Playboss I, "The Yellow Cost Field" is a cost: "selling all" of no finished products or
    # "producing on every machine" with nothing to produce is no choice, or the field would be
    # free for most businesses. Idling (1,000 per machine, 0 without machines) is the choice
    # left when no other is open; it is then due even if cash is short (see ``yellow``).
    r = st.rules
    if choice == "sell-half":
        return None if b.finished else msg("pb.no.no_finished_half")
    if choice == "produce" and st.game.step(6):
        made, cost = labour.cost_field_production(st, b)
        if not made:
            return msg("pb.no.nothing_to_produce", why=_production_error(st, b))
        if cost <= b.cash:
            return None
        return msg("pb.no.produce_salaries", n=made, cost=money(cost), cash=money(b.cash))
    if choice == "produce":
        n = min(b.ready_capacity(), b.raw)
        if not n:
            return msg("pb.no.nothing_to_produce_ready", ready=b.ready_capacity(), raw=b.raw)
        cost = n * r.cost_field_production
        if cost <= b.cash:
            return None
        return msg("pb.no.produce_cost", n=n, each=money(r.cost_field_production), cost=money(cost), cash=money(b.cash))
    if choice == "idle":
        cost = len(b.machines) * r.cost_field_idle
        if cost <= b.cash or not any(_cost_choice_error(st, b, c) is None for c in COST_CHOICES if c != "idle"):
            return None
        return msg("pb.no.idle_cost", machines=len(b.machines), cost=money(cost), cash=money(b.cash))
    if choice == "web":
        return None if b.webs >= r.cost_field_webs else msg("pb.no.no_web")
    return msg("pb.no.unknown_choice", choice=repr(choice), choices=Items(tuple(COST_CHOICES)))


def check_yellow(st: PlaybossData, seat: int, action: CostChoice) -> Refusal:
    error = _cost_choice_error(st, st.businesses[seat], action.choice)
    return (error, YELLOW_RULE) if error else ALLOWED


def yellow(st: PlaybossData, seat: int, action: Action) -> bool:
    assert isinstance(action, CostChoice)
    b = st.businesses[seat]
    r = st.rules
    if action.choice == "sell-half":
        n = b.finished
        zones = market.place(st.market, r.dimples, n)
        earned = sum(r.sale_multiplier * r.zone_prices[z] // 2 for z in zones)
        b.finished = 0
        b.sales += earned
        st.receive(b, earned, code("sell_half", goods_code("finished", n)))
    elif action.choice == "produce" and st.game.step(6):
        _labour_cost_field(st, b)
    elif action.choice == "produce":
        n = min(b.ready_capacity(), b.raw)
        b.raw -= n
        b.finished += n
        b.fresh += n
        st.pay(b, n * r.cost_field_production, code("produce_all", goods_code("products", n)))
    elif action.choice == "idle":
        if b.machines:
            st.charge(b, len(b.machines) * r.cost_field_idle, code("idle", goods_code("machines", len(b.machines))))
        else:
            st.say(msg("pb.say.nothing_idle", seat=Seat(b.seat)))
    else:
        b.webs -= r.cost_field_webs
        st.bank_webs += r.cost_field_webs
        st.say(msg("pb.say.pays_webs", seat=Seat(b.seat), webs=r.cost_field_webs))
    return False


def _labour_cost_field(st: PlaybossData, b: Business) -> None:
    """Playboss II, "6. Step", "The Yellow Cost Field": 3,000 Marks per machine and the salaries."""
    lab = st.expansion.labour
    assert lab is not None
    made, cost = labour.cost_field_production(st, b)
    wages = labour.salaries(st, b)
    b.raw -= made
    b.finished += made
    b.fresh += made
    st.pay(b, cost - wages, code("produce_cost", goods_code("products", made)))
    if wages and b.seat == lab.rep:
        pass  # the representative's own business pays its salaries to himself
    elif wages and labour.rep_active(st):
        st.transfer(b, st.businesses[lab.rep], wages, "salaries_cost")
    elif wages:
        st.pay(b, wages, "salaries_cost_bank")


def _machine_error(b: Business, index: int, verb: str, rule: Message) -> Refusal:
    """Why ``b`` may not give up machine ``index``; ``verb`` is ``"write off"`` or ``"lose"``."""
    if not 0 <= index < len(b.machines):
        return msg("pb.no.no_machine", machine=index, verb=verb.replace(" ", "_"), last=len(b.machines) - 1), ""
    # Decision 0007: losses fall on the business's own machines before leased ones.
    error = leases.loss_error(b, index)
    return (error, rule) if error else ALLOWED


def check_white(st: PlaybossData, seat: int, action: WriteOff) -> Refusal:
    b = st.businesses[seat]
    if action.machine == -1:
        if not b.machines:
            return msg("pb.no.no_machine_to_keep"), WHITE_RULE
        if b.webs < st.rules.cost_field_webs:
            return msg("pb.no.no_web_for_machine"), WHITE_RULE
        return ALLOWED
    return _machine_error(b, action.machine, "write off", WHITE_RULE)


def white(st: PlaybossData, seat: int, action: Action) -> bool:
    b = st.businesses[seat]
    if not isinstance(action, WriteOff):
        return nothing_left(st, b)
    if action.machine == -1:
        b.webs -= 1
        st.bank_webs += 1
        st.say(msg("pb.say.keeps_machines", seat=Seat(b.seat)))
        return False
    m = b.machines[action.machine]
    if m.double:
        b.machines[action.machine] = m._replace(double=False)
        st.say(msg("pb.say.falls_back", seat=Seat(b.seat)))
    else:
        st.say(msg("pb.say.writes_off", seat=Seat(b.seat)))
        leases.give_up(st, b, action.machine)
    return False


def check_lose(st: PlaybossData, seat: int, action: LoseMachine) -> Refusal:
    return _machine_error(st.businesses[seat], action.machine, "lose", RISK_RULE)


def lose(st: PlaybossData, seat: int, action: Action) -> bool:
    """A risk card destroyed the machine the seat chose."""
    b = st.businesses[seat]
    if not isinstance(action, LoseMachine):
        return nothing_left(st, b)
    risk.lose_machine(st, b, action.machine)
    return False


def nothing_left(st: PlaybossData, b: Business) -> bool:
    """The white field or a risk card with no machine left to lose (all sold meanwhile): the
    decision is over."""
    st.say(msg("pb.say.no_machine_left", seat=Seat(b.seat)))
    return False


def check_lease(st: PlaybossData, seat: int, action: RenewLease | ReturnComputer) -> Refusal:
    r = st.rules
    b = st.businesses[seat]
    if isinstance(action, RenewLease) and b.webs < r.lease_webs:
        return msg("pb.no.renew_webs", webs=r.lease_webs, held=b.webs), LEASE_RULE
    return ALLOWED


def lease(st: PlaybossData, seat: int, action: Action) -> bool:
    b = st.businesses[seat]
    r = st.rules
    if isinstance(action, RenewLease):
        # The bank collects the old markers; 2 new WEBs lie on the marked field for a year.
        b.webs -= r.lease_webs
        st.bank_webs += r.lease_webs
        st.say(msg("pb.say.renews_lease", seat=Seat(b.seat), webs=r.lease_webs))
    else:
        _return_computer(st, b)
    return False
