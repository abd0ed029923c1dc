"""A Playboss bot that follows the advice of the rulebook's explanations (Playboss I).

The bot runs its factory the way "Explanations (Base Model)" recommends:

* buy raw products in batches big enough to keep every machine busy, cheapest zone first;
* invest in a machine only when it can be kept busy and cash remains for production;
* produce at full capacity; sell finished products in batches, advertising before a big sale;
* hold 2 WEBs as insurance, buy WEBs on green fields, double a machine (3 WEBs) and lease or
  buy a computer when the production volume makes it pay;
* use bank credit as working capital but repay it before crossing start, where interest and
  fees fall due;
* on the yellow and white fields take the cheapest option; when a payment is due and cash is
  short, borrow, then sell what hurts least; at a bankruptcy auction bid below what a lot is
  worth at the end of the game;
* near the end, play for the final valuation (machines 10,000, raw 150, finished 1,500, cash,
  less starting capital and debts).

Above all it stays able to pay: a business that cannot raise a payment is bankrupt, so it
spends only what it could still raise after the dearest charge it is not insured against.

The bot reads the state directly. Playboss hides nothing but the order of the unseen risk
cards, which the bot never looks at. Its play is deterministic; it takes a random generator
like every agent, for the protocol.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.playboss import market
from tycoon.games.playboss import state as S
from tycoon.games.playboss.actions import (
    Advertise,
    BankSell,
    BankSellComputer,
    BankSellMachine,
    Bid,
    Borrow,
    BuyComputer,
    BuyWeb,
    CostChoice,
    DoNothing,
    Improve,
    Invest,
    LeaseComputer,
    LoseMachine,
    Pass,
    Produce,
    Purchase,
    RenewLease,
    Repay,
    ReturnComputer,
    Roll,
    Sell,
    WriteOff,
)
from tycoon.games.playboss.anytime import raisable
from tycoon.games.playboss.bankruptcy import bid_amounts, reserve
from tycoon.games.playboss.business import NO_COMPUTER, OWNED, Business
from tycoon.games.playboss.fields import invest_credits
from tycoon.games.playboss.state import PlaybossState


@dataclass(frozen=True, slots=True)
class Tuning:
    """The bot's knobs; the defaults were chosen by simulation."""

    buy_batch: float = 5.0
    """Raw products to buy at once, in produce decisions' worth of all machines."""
    sell_batch: float = 2.0
    """Sell once the finished products fill this many produce decisions (and at least 2)."""
    max_machines: int = 4
    """Never own more machines than this."""
    invest_reds: float = 3.0
    """Invest only while at least this many red fields are expected after this one, ..."""
    invest_reds_per_product: float = 2.5
    """... and this many more for every product the machines make already."""
    raw_round: int = 900
    """Marks kept per product of capacity for buying the next raw products."""
    second_charge: float = 1.0
    """Uninsured, a new machine must leave this share of a second dear charge raisable."""
    first_year_machine: bool = True
    """Buy the first machine in the first year, once insured."""
    purchase_risk: int = 0
    """Raw products for idle machines may eat this far into the reserve: producing is the way
    out of a cash shortage, standing idle is not."""
    anytime_per_decision: int = 4
    """At most this many "at any time" actions per decision, so the bot always moves on."""


# --- looking ahead ----------------------------------------------------------------------


@cache
def _red_table(board: tuple[str, ...], horizon: int = 80) -> tuple[tuple[float, ...], ...]:
    """``table[t][p]``: the red fields expected in ``t`` moves from space ``p``."""
    size = len(board)
    table = [tuple(0.0 for _ in range(size))]
    for _ in range(horizon):
        prev = table[-1]
        row = []
        for p in range(size):
            total = 0.0
            for pips in range(1, 7):
                q = (p + pips) % size
                total += (board[q] == "red") + prev[q]
            row.append(total / 6)
        table.append(tuple(row))
    return tuple(table)


def expected_reds(board: tuple[str, ...], position: int, moves: float) -> float:
    """The red fields expected in ``moves`` moves (a fraction interpolates) from ``position``."""
    table = _red_table(board)
    moves = max(0.0, min(moves, len(table) - 1.0))
    lo = int(moves)
    hi = min(lo + 1, len(table) - 1)
    frac = moves - lo
    return table[lo][position] * (1 - frac) + table[hi][position] * frac


def _place(st: PlaybossState, seat: int) -> int:
    """The seat's place in the round, counted from the start player."""
    return (seat - st.start_seat) % len(st.businesses)


def _has_rolled(st: PlaybossState, seat: int) -> bool:
    """Whether ``seat`` has rolled already in the round now running."""
    if seat == st.turn_seat:
        return st.phase != S.TURN
    return _place(st, seat) < _place(st, st.turn_seat)


def rolls_left(st: PlaybossState, seat: int) -> float:
    """The rolls ``seat`` can still expect before the game ends, not counting one it has
    made already in this round."""
    rolled = _has_rolled(st, seat)
    if st.game.rounds is not None:
        return max(0.0, st.game.rounds - st.rounds_done - (1 if rolled else 0))
    # The game ends after the round in which a business completes its last year.
    years = st.game.years or 0
    size = len(st.rules.board)
    mine = float("inf")
    for b in st.businesses:
        if b.bankrupt:
            continue
        spaces = (years - b.laps) * size - b.position
        # About spaces / 3.5 rolls, and one more for overshooting: the round in which it
        # crosses is this business's last.
        theirs = max(1.0, (spaces + 2.2) / 3.5) - (1 if _has_rolled(st, b.seat) else 0)
        mine = min(mine, theirs - (1 if rolled and not _has_rolled(st, b.seat) else 0))
    return max(0.0, mine)


# --- the market -------------------------------------------------------------------------


def sale_prices(st: PlaybossState, count: int, advertising: bool = False) -> list[int]:
    """What each of ``count`` finished products would fetch if sold now (Decision 4)."""
    r = st.rules
    zones = st.market.copy()
    count = min(count, market.empty_dimples(zones, r.dimples))
    top = len(r.zone_prices) - 1
    prices = []
    for z in market.place(zones, r.dimples, count):
        if advertising:
            prices.append(min(r.sale_multiplier * r.zone_prices[min(z + 1, top)], r.advertising_cap))
        else:
            prices.append(r.sale_multiplier * r.zone_prices[z])
    return prices


def _ceil_to(amount: int, step: int) -> int:
    return -(-amount // step) * step


# --- the bot ----------------------------------------------------------------------------


class PlaybossBot:
    """A heuristic Playboss player; the module docstring gives its policy."""

    name = "bot"

    def __init__(self, seed: int | str = 0, tuning: Tuning | None = None) -> None:
        self.rng = random.Random(seed)
        self.tuning = tuning or Tuning()
        self._decision: tuple[int, ...] = ()
        """Which decision the notes below are about."""
        self._anytime = 0
        """"At any time" actions taken at this decision."""
        self._borrowed = False
        self._repaid = False

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)
        self._decision = ()

    # --- the agent protocol -------------------------------------------------------------

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, PlaybossState):
            raise TypeError(f"the Playboss bot plays Playboss, not {type(state).__name__}")
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        b = state.businesses[seat]
        decision = (id(state), _PHASES.get(state.phase, -1), state.turn_seat, b.turns, state.rounds_done, b.position)
        if decision != self._decision:
            self._decision, self._anytime, self._borrowed, self._repaid = decision, 0, False, False
        choice = self._choose(state, b)
        if choice is None or choice not in legal:
            choice = _fallback(legal)
        if isinstance(choice, _ANYTIME) and state.phase != S.RAISE:
            self._anytime += 1
            self._borrowed |= isinstance(choice, Borrow)
            self._repaid |= isinstance(choice, Repay)
        return choice

    def _choose(self, st: PlaybossState, b: Business) -> Action | None:
        phase = st.phase
        if phase == S.RAISE:
            return self._raise(st, b)
        if phase == S.AUCTION:
            return self._bid(st, b)
        if phase == S.TURN:
            if self._anytime < self.tuning.anytime_per_decision:
                business = self._turn_business(st, b)
                if business is not None:
                    return business
            return Roll()
        if phase == S.RED:
            return self._red(st, b)
        if phase == S.GREEN:
            return BuyWeb() if self._wants_web(st, b) else DoNothing()
        if phase == S.YELLOW:
            return self._yellow(st, b)
        if phase == S.WHITE:
            return self._white(st, b)
        if phase == S.LEASE:
            return RenewLease() if self._keeps_lease(st, b) else ReturnComputer()
        if phase == S.LOSE:
            return LoseMachine(self._least_machine(b))
        return None

    # --- figures the decisions use ------------------------------------------------------

    def _reds_left(self, st: PlaybossState, b: Business) -> float:
        """Red fields expected after the current decision."""
        return expected_reds(st.rules.board, b.position, rolls_left(st, b.seat))

    @staticmethod
    def _capacity(b: Business) -> int:
        """Products per produce decision once every machine is ready."""
        return sum(2 if double else 1 for double, _ in b.machines)

    @staticmethod
    def _worst_charge(st: PlaybossState, b: Business, webs: int | None = None, machines: int | None = None) -> int:
        """The dearest single payment the business may be charged before it can react: a
        risk card it is not protected against, or idling costs on the yellow field."""
        r = st.rules
        webs = b.webs if webs is None else webs
        machines = len(b.machines) if machines is None else machines
        insured = webs >= r.insurance_webs
        worst = 0 if webs >= r.cost_field_webs else machines * r.cost_field_idle
        for card in r.risk_cards:
            if (card.insurable and insured) or (card.computer_protects and b.computer != NO_COMPUTER):
                continue
            if card.effect == "pay":
                worst = max(worst, card.amount)
            elif card.effect == "pay_per_machine":
                worst = max(worst, card.amount * machines)
        return worst

    @staticmethod
    def _interest(st: PlaybossState, b: Business, debt: int) -> int:
        """Interest and fees due at the next crossing of start on ``debt``, less the second
        half of the starting capital, which the bank pays first at the first crossing."""
        r = st.rules
        if not debt:
            return 0
        due = debt * r.interest_percent // 100 + r.loan_fee
        return max(0, due - (r.after_first_lap if b.laps == 0 else 0))

    def _slack(self, st: PlaybossState, b: Business) -> int:
        """What the business may spend beyond what it could raise again (raw products bought
        above 150, say) and still survive the dearest charge."""
        return raisable(st, b) - self._worst_charge(st, b) - self.tuning.safety

    @staticmethod
    def _raisable_with(
        st: PlaybossState, b: Business, *, cash: int = 0, machines: int = 0, debt: int = 0, raw: int = 0
    ) -> int:
        """What the business could raise (``anytime.raisable``) after a change to its books."""
        r = st.rules
        stock = (b.raw + raw) * r.repurchase_raw + b.finished * r.repurchase_finished
        collateral = (len(b.machines) + machines) * r.repurchase_machine
        collateral += r.repurchase_computer if b.computer == OWNED else 0
        return b.cash + cash + stock + max(0, collateral - b.debt - debt)

    def _coming(self, st: PlaybossState, b: Business) -> int:
        """The second half of the starting capital, when the next roll or two should bring it
        (Playboss I, "Important!": paid on the first crossing of start)."""
        r = st.rules
        if b.laps == 0 and len(r.board) - b.position <= self.tuning.near_start:
            return r.after_first_lap
        return 0

    def _useful_raw(self, b: Business, reds: float) -> int:
        """Raw products the machines can still turn into sold products before the end."""
        produce_rounds = max(0.0, reds - 1.0)  # the last red field is for selling
        return int(self._capacity(b) * produce_rounds * 0.8 + 0.5)

    def _working_capital(self, st: PlaybossState, b: Business) -> int:
        """Cash to keep for a batch of raw products and producing it."""
        cap = max(1, self._capacity(b))
        return cap * (b.production_cost(st.rules) + 450) * 2

    # --- the turn: business at any time -------------------------------------------------

    def _turn_business(self, st: PlaybossState, b: Business) -> Action | None:
        r = st.rules
        # Playboss I, "Lines of Credit": interest and fees fall due on crossing start, and a
        # loan repaid before the crossing costs nothing; so repay when the roll may cross.
        if b.debt and b.cash and not self._borrowed and b.position >= len(r.board) - 6:
            return Repay(min(b.debt, b.cash))
        reds = self._reds_left(st, b)
        improve = self._improvement(st, b, reds)
        if improve is not None:
            return improve
        return self._computer(st, b, reds)

    def _improvement(self, st: PlaybossState, b: Business, reds: float) -> Improve | None:
        """Efficiency improvement (3 WEBs): a double machine makes two products a decision."""
        r = st.rules
        singles = [i for i, (double, _) in enumerate(b.machines) if not double]
        if not singles or b.webs < r.efficiency_webs or reds < 4:
            return None
        if b.webs - r.efficiency_webs < r.insurance_webs:
            # Giving up the insurance: only with plenty to raise and much production ahead.
            uninsured = self._worst_charge(st, b, webs=b.webs - r.efficiency_webs)
            if reds < 8 or raisable(st, b) < 2 * uninsured + self._interest(st, b, b.debt):
                return None
        if b.raw + b.finished + sum(st.market) < 2 * (self._capacity(b) + 1):
            return None
        ready = [i for i in singles if b.machines[i][1] <= b.turns]
        return Improve((ready or singles)[0])

    def _computer(self, st: PlaybossState, b: Business, reds: float) -> Action | None:
        """Playboss I, "Computer Leasing": only worth it for a large production volume."""
        r = st.rules
        if b.computer != NO_COMPUTER or not st.bank_computers or not b.machines or reds < 3:
            return None
        # A purchased computer keeps its value (20,000 at the end): buy it with idle cash.
        loss = r.computer_price - r.repurchase_computer
        if b.cash - r.computer_price >= self._working_capital(st, b) and self._slack(st, b) - loss >= 0:
            return BuyComputer(0)
        products = self._capacity(b) * min(reds, 6.0) * 0.5
        saving = products * (r.production - r.production_with_computer)
        if b.webs - r.lease_webs >= r.insurance_webs and saving > r.lease_webs * r.web_price:
            return LeaseComputer()
        return None

    # --- red decision field -------------------------------------------------------------

    def _red(self, st: PlaybossState, b: Business) -> Action:
        r = st.rules
        plan = self._red_plan(st, b)
        # Money first: borrow what the plan needs; advertise before a sale.
        if isinstance(plan, (Purchase, Produce)):
            cost = (
                market.purchase_cost(st.market, r.zone_prices, plan.count)
                if isinstance(plan, Purchase)
                else plan.count * b.production_cost(r)
            )
            if cost > b.cash:
                return self._borrow(st, b, cost - b.cash) or self._shrink(st, b, plan)
        elif isinstance(plan, Sell) and self._should_advertise(st, b, plan.count):
            return Advertise()
        return plan

    def _borrow(self, st: PlaybossState, b: Business, need: int) -> Borrow | None:
        room = b.credit_room(st.rules)
        if self._repaid or room <= 0 or self._anytime >= self.tuning.anytime_per_decision:
            return None
        return Borrow(min(room, _ceil_to(need, st.rules.credit_step)))

    @staticmethod
    def _shrink(st: PlaybossState, b: Business, plan: Purchase | Produce) -> Action:
        """The largest part of the plan that the cash on hand pays for."""
        r = st.rules
        if isinstance(plan, Purchase):
            n = min(plan.count, market.max_purchase(st.market, r.zone_prices, b.cash))
            return Purchase(n) if n else DoNothing()
        n = min(plan.count, b.cash // b.production_cost(r))
        return Produce(n) if n else DoNothing()

    def _red_plan(self, st: PlaybossState, b: Business) -> Action:
        """Playboss I, "The Red Decision Field": one decision; "Explanations: Producing and
        Selling": produce at full capacity, sell at the right time."""
        r = st.rules
        t = self.tuning
        reds = self._reds_left(st, b)
        ready = b.ready_capacity()
        cap = self._capacity(b)
        funds = b.cash + b.credit_room(r)
        producible = min(ready, b.raw, funds // b.production_cost(r))
        selling = Sell(b.finished) if b.finished else None

        # The end: the valuation pays 1,500 a finished product and 150 a raw one.
        if reds < 0.6:
            if selling and sale_prices(st, 1)[0] > r.value_finished:
                return Sell(self._sales_above_value(st, b))
            return Produce(producible) if producible else DoNothing()
        if reds < 1.6:
            # Probably one more red field: produce now and sell then, or sell now.
            if producible and (not selling or reds >= 1.2 or producible >= b.finished):
                return Produce(producible)
            if selling:
                return selling

        # Sell a full batch, or when cash runs too short to produce.
        if selling and (
            b.finished >= max(2, t.sell_batch * cap)
            or (producible < min(ready, b.raw))
            or (not b.raw and not self._can_buy(st, b))
        ):
            return selling
        # Machines without raw products first get raw products, then company.
        purchase = self._purchase_plan(st, b, reds)
        if purchase is not None and b.raw < ready:
            return purchase
        invest = self._invest_plan(st, b, reds)
        if invest is not None:
            return invest
        if producible and producible >= ready:
            return Produce(producible)
        if purchase is not None:
            return purchase
        if producible:
            return Produce(producible)
        if selling:
            return selling
        return DoNothing()

    def _sales_above_value(self, st: PlaybossState, b: Business) -> int:
        prices = sale_prices(st, b.finished, b.advertising)
        return max(1, sum(p > st.rules.value_finished for p in prices))

    def _can_buy(self, st: PlaybossState, b: Business) -> bool:
        r = st.rules
        return bool(sum(st.market)) and b.cash + b.credit_room(r) >= r.zone_prices[-1] + b.production_cost(r)

    def _purchase_plan(self, st: PlaybossState, b: Business, reds: float) -> Purchase | None:
        """Decision 1: enough raw products for a few rounds of production, as far as the
        budget and the slack allow; near the end only what can still be produced and sold."""
        r = st.rules
        cap = self._capacity(b)
        if not cap or not sum(st.market) or b.raw >= cap:
            return None
        target = int(cap * self.tuning.buy_batch)
        want = min(target, self._useful_raw(b, reds), sum(st.market) + b.raw) - b.raw
        if want <= 0:
            return None
        # Keep the money for producing on every machine.
        budget = b.cash + b.credit_room(r) - cap * b.production_cost(r)
        n = min(want, market.max_purchase(st.market, r.zone_prices, max(0, budget)))
        slack = self._slack(st, b) + self.tuning.purchase_risk
        while n > 0 and market.purchase_cost(st.market, r.zone_prices, n) - n * r.repurchase_raw > slack:
            n -= 1
        return Purchase(n) if n > 0 else None

    def _invest_plan(self, st: PlaybossState, b: Business, reds: float) -> Invest | None:
        """Decision 2, as "Explanations: Red Decision Field" advises: only a machine that can
        be kept busy, with raw products within reach and cash for production."""
        r = st.rules
        t = self.tuning
        if not st.bank_machines or len(b.machines) >= t.max_machines:
            return None
        cap = self._capacity(b)
        if reds < t.invest_reds + t.invest_reds_per_product * cap:
            return None
        if b.raw + b.finished + sum(st.market) < (cap + 1) * 2:
            return None
        credits = invest_credits(st, b)
        if not credits:
            return None
        credit = max(credits)
        # Afterwards: cash for a round of raw products and production on every machine...
        funds = b.cash + b.credit_room(r) + r.credit_per_machine - r.machine_price + self._coming(st, b)
        if funds < (cap + 1) * t.invest_margin:
            return None
        # ... and still able to raise the dearest charge and the interest (the machine raises
        # only its repurchase value).
        after = self._raisable_with(st, b, cash=credit - r.machine_price, machines=1, debt=credit)
        need = self._worst_charge(st, b, machines=len(b.machines) + 1) + self._interest(st, b, b.debt + credit)
        if after < need + t.safety:
            return None
        # Uninsured, a second dear charge may follow the first before anything is sold; in
        # the first year the second half of the starting capital may come first.
        if b.webs < r.insurance_webs and after + self._coming(st, b) < need + int(t.second_charge * need):
            return None
        return Invest(credit)

    def _should_advertise(self, st: PlaybossState, b: Business, count: int) -> bool:
        """Advertising campaign (2 WEBs): worth it when the sale gains more than the WEBs cost
        (and, if they are the insurance, more than the risk run until the next green field)."""
        r = st.rules
        if b.advertising or b.webs < r.advertising_webs:
            return False
        gain = sum(sale_prices(st, count, True)) - sum(sale_prices(st, count))
        price = r.advertising_webs * r.web_price
        if b.webs - r.advertising_webs < r.insurance_webs:
            price += 1500
        return gain > price

    # --- green, yellow, white, lease ----------------------------------------------------

    def _wants_web(self, st: PlaybossState, b: Business) -> bool:
        """The green field: WEBs for insurance, then for a double machine."""
        r = st.rules
        reds = self._reds_left(st, b)
        if b.cash < r.web_price or not st.bank_webs or reds < 1:
            return False
        need = r.insurance_webs + 1 if (b.machines or reds >= 3) else 0
        singles = sum(not double for double, _ in b.machines)
        if singles and reds >= 6:
            need = r.insurance_webs + r.efficiency_webs
        if b.computer == NO_COMPUTER and self._capacity(b) >= 2 and reds >= 6:
            need = max(need, r.insurance_webs + r.lease_webs)
        if b.webs >= need:
            return False
        after = raisable(st, b) - r.web_price
        # Raw products for the machines come first.
        markup = max(0, self._capacity(b) - b.raw) * (r.zone_prices[-1] - r.repurchase_raw)
        return after >= self._worst_charge(st, b, webs=b.webs + 1) + self._interest(st, b, b.debt) + markup

    def _yellow(self, st: PlaybossState, b: Business) -> Action:
        """Playboss I, "The Yellow Cost Field": the cheapest of the choices open."""
        r = st.rules
        legal = {a.choice for a in st.legal_actions(b.seat) if isinstance(a, CostChoice)}
        reds = self._reds_left(st, b)
        costs: dict[str, float] = {}
        if "sell-half" in legal:
            full = sale_prices(st, b.finished)
            worth = sum(full) if reds >= 1 else b.finished * r.value_finished
            # Selling also spares a red field for it.
            costs["sell-half"] = worth - sum(p // 2 for p in full) - 500 * b.finished
        if "produce" in legal:
            n = min(b.ready_capacity(), b.raw)
            # Producing here spares a red field and the usual production cost.
            gain = b.production_cost(r) + 1000 if reds >= 1.5 else r.value_finished - r.value_raw
            costs["produce"] = n * (r.cost_field_production - gain)
        if "idle" in legal:
            costs["idle"] = len(b.machines) * r.cost_field_idle
        if "web" in legal:
            uninsured = b.webs - r.cost_field_webs < r.insurance_webs and (b.machines or b.raw or b.finished)
            costs["web"] = r.web_price + (1500 if uninsured else 0)
        if not costs:
            return CostChoice("idle")
        return CostChoice(min(costs, key=lambda c: (costs[c], _YELLOW_ORDER.index(c))))

    def _white(self, st: PlaybossState, b: Business) -> Action:
        """Playboss I, "The White Write-off Field": a WEB costs less than a machine."""
        r = st.rules
        doubles = [i for i, (double, _) in enumerate(b.machines) if double]
        if b.webs >= r.cost_field_webs:
            # A double machine only falls back to single; near the end that costs nothing.
            if doubles and self._reds_left(st, b) < 1.5:
                return WriteOff(doubles[0])
            return WriteOff(-1)
        if doubles:
            return WriteOff(doubles[0])
        return WriteOff(self._least_machine(b))

    @staticmethod
    def _least_machine(b: Business) -> int:
        """The machine whose loss hurts least: a single one, the last to be ready."""
        return min(b.machine_choices(), key=lambda i: (b.machines[i][0], -b.machines[i][1]))

    def _keeps_lease(self, st: PlaybossState, b: Business) -> bool:
        r = st.rules
        reds = self._reds_left(st, b)
        products = self._capacity(b) * min(reds, 6.0) * 0.5
        if products * (r.production - r.production_with_computer) <= r.lease_webs * r.web_price:
            return False
        return b.webs - r.lease_webs >= r.insurance_webs or products >= 10

    # --- cash shortage and auctions -----------------------------------------------------

    def _raise(self, st: PlaybossState, b: Business) -> Action | None:
        """A payment is due and cash is short: borrow, then sell what hurts least (raw
        products the machines cannot use in time, finished products, raw, then machines)."""
        r = st.rules
        need = st.due - b.cash
        room = b.credit_room(r)
        if room > 0:
            return Borrow(min(room, _ceil_to(need, r.credit_step)))
        spare_raw = b.raw - self._useful_raw(b, self._reds_left(st, b))
        if spare_raw > 0:
            return BankSell("raw", min(spare_raw, -(-need // r.repurchase_raw)))
        if b.finished:
            return BankSell("finished", min(b.finished, -(-need // r.repurchase_finished)))
        if b.raw:
            return BankSell("raw", min(b.raw, -(-need // r.repurchase_raw)))
        if b.machines:
            return BankSellMachine(self._least_machine(b))
        if b.computer == OWNED:
            return BankSellComputer()
        return None

    def _bid(self, st: PlaybossState, b: Business) -> Action:
        """Bid while the lot is worth more than the bid at the end of the game (or, for
        products, on the market) and the business can afford it."""
        a = st.auction
        assert a is not None
        r = st.rules
        lot = a.lots[0]
        what, n = lot
        reds = self._reds_left(st, b)
        if what == "machine":
            value = r.value_machine - 500
        elif what == "computer":
            value = r.value_computer - 1000
        elif what == "raw":
            useful = max(0, min(n, self._useful_raw(b, reds) - b.raw))
            price = sale_prices(st, 1)[0] if reds >= 2 else r.value_finished
            each = max(r.value_raw, min(price - b.production_cost(r) - 500, 2000))
            value = useful * each + (n - useful) * r.value_raw
        else:
            price = sale_prices(st, 1)[0] if reds >= 1 else r.value_finished
            value = n * max(r.value_finished, price - 500)
        keep = self._working_capital(st, b) // 2 if reds >= 2 else 0
        # What a lot costs beyond what it would raise again must stay within the slack.
        budget = min(value - 1, b.cash - keep, self._slack(st, b) + reserve(st, lot))
        bids = [x for x in bid_amounts(st, a) if x <= budget]
        return Bid(min(bids)) if bids else Pass()


_PHASES = {
    phase: i
    for i, phase in enumerate(
        (S.SETUP, S.TURN, S.MOVE, S.RED, S.GREEN, S.YELLOW, S.WHITE, S.LEASE, S.RISK, S.LOSE, S.RAISE, S.AUCTION)
    )
}
"""Phases as numbers, for the bot's note of which decision it is at."""

_ANYTIME = (BankSell, BankSellMachine, BankSellComputer, Borrow, Repay, Improve, Advertise, LeaseComputer, BuyComputer)

_YELLOW_ORDER = ("produce", "sell-half", "web", "idle")
"""Tie-break among equally dear yellow-field choices."""


def _fallback(legal: list[Action]) -> Action:
    """A safe legal action when the plan is not possible: move on rather than sell or borrow."""
    for kind in (Roll, DoNothing, Pass, ReturnComputer, WriteOff, LoseMachine, CostChoice):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


__all__ = ["PlaybossBot", "Tuning", "expected_reds", "rolls_left", "sale_prices"]
