"""A Playboss heuristic bot that follows the rulebook's advice (Playboss I, "Explanations").

The bot runs a small factory the way the rulebook's explanations recommend:

* buy raw products cheaply and in batches big enough to keep every machine busy;
* invest in machines only when it can keep them busy and still pay for production;
* produce at full capacity, sell finished products in batches, advertise before a big sale;
* hold 2 WEBs as insurance, buy WEBs on green fields, double a machine (3 WEBs) and lease or
  buy a computer when the production volume makes it pay;
* use the bank's credit as working capital but repay it before crossing start, where interest
  and fees fall due;
* on the yellow and white fields take the cheapest option, when cash is short sell what hurts
  least, and at a bankruptcy auction bid below what a lot is worth at the end of the game;
* near the end of the game play for the final valuation (machines 10,000, raw 150, finished
  1,500, cash; less starting capital and debt).

It reads the state directly. Playboss hides nothing but the order of the unseen risk cards,
which the bot never looks at. It is deterministic; its random generator is kept for the agent
protocol (and for tie-breaks a later version may want).
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
from tycoon.games.playboss.bankruptcy import bid_amounts
from tycoon.games.playboss.business import NO_COMPUTER, OWNED, Business
from tycoon.games.playboss.data import Rules
from tycoon.games.playboss.fields import invest_credits
from tycoon.games.playboss.state import PlaybossState


@dataclass(frozen=True, slots=True)
class Tuning:
    """The bot's knobs. The defaults were chosen by simulation (see the tests)."""

    buy_batch: float = 3.0
    """Raw products to hold, in produce decisions' worth of the whole machine park."""
    sell_batch: float = 2.0
    """Sell once the finished products fill this many produce decisions (at least 2 products)."""
    max_machines: int = 5
    """Never own more machines than this."""
    invest_min_reds: float = 6.0
    """Invest only while at least this many red fields are expected after this one."""
    insurance_reds: float = 1.0
    """Keep buying WEBs for insurance while this many turns are expected... (in red fields)."""
    anytime_per_decision: int = 4
    """At most this many "at any time" actions before each decision, so the bot always moves on."""
    computer_min_products: float = 6.0
    """Lease a computer only if this many products are expected in its year."""


# --- looking ahead ----------------------------------------------------------------------


@cache
def _red_table(board: tuple[str, ...], horizon: int = 80) -> tuple[tuple[float, ...], ...]:
    """``table[t][p]``: expected red fields landed on in ``t`` moves from space ``p``."""
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


def _expected_reds(board: tuple[str, ...], position: int, moves: float) -> float:
    """Expected red fields landed on in ``moves`` (fractional: interpolated) moves."""
    table = _red_table(board)
    moves = max(0.0, min(moves, len(table) - 1.0))
    lo = int(moves)
    hi = min(lo + 1, len(table) - 1)
    frac = moves - lo
    return table[lo][position] * (1 - frac) + table[hi][position] * frac


def _order(st: PlaybossState, seat: int) -> int:
    """The seat's place in the round, counted from the start player."""
    return (seat - st.start_seat) % len(st.businesses)


def _has_rolled(st: PlaybossState, seat: int) -> bool:
    """Whether ``seat`` has already rolled in the round now running."""
    if seat == st.turn_seat:
        return st.phase != S.TURN
    return _order(st, seat) < _order(st, st.turn_seat)


def rolls_left(st: PlaybossState, seat: int) -> float:
    """The rolls ``seat`` can still expect before the game ends (a roll already made this
    round not counted)."""
    rolled = _has_rolled(st, seat)
    if st.game.rounds is not None:
        return max(0.0, st.game.rounds - st.rounds_done - (1 if rolled else 0))
    years = st.game.years or 0
    size = len(st.rules.board)
    best = float("inf")
    for b in st.businesses:
        if b.bankrupt:
            continue
        spaces = (years - b.laps) * size - b.position
        if spaces <= 0:
            best = 0.0
            continue
        # Rolls to cover ``spaces`` (about one more than spaces / 3.5 for the overshoot),
        # then the round is played to its end.
        own = spaces / 3.5 + 0.6 - (1 if _has_rolled(st, b.seat) else 0)
        mine = own + (0.5 if _order(st, seat) > _order(st, b.seat) else -0.5) * (b.seat != seat)
        best = min(best, mine)
    return max(0.0, best)


# --- the market -------------------------------------------------------------------------


def sale_prices(st: PlaybossState, count: int, advertising: bool = False) -> list[int]:
    """What each of ``count`` finished products would fetch, sold now (Decision 4)."""
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


def _ceil_step(amount: int, step: int) -> int:
    return -(-amount // step) * step


# --- the bot ----------------------------------------------------------------------------


class PlaybossBot:
    """A heuristic Playboss player. See the module docstring for its policy."""

    name = "bot"

    def __init__(self, seed: int | str = 0, tuning: Tuning | None = None) -> None:
        self.rng = random.Random(seed)
        self.tuning = tuning or Tuning()
        self._key: tuple[int, ...] = ()
        self._anytime = 0
        self._borrowed = False
        self._repaid = False

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)
        self._key = ()

    # --- the agent protocol -------------------------------------------------------------

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, PlaybossState):
            raise TypeError(f"the Playboss bot plays Playboss, not {type(state).__name__}")
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        b = state.businesses[seat]
        key = (id(state), S_PHASES.get(state.phase, -1), state.turn_seat, b.turns, state.rounds_done, state.pending)
        if key != self._key:
            self._key, self._anytime, self._borrowed, self._repaid = key, 0, False, False
        choice = self._choose(state, b)
        if choice is None or choice not in legal:
            choice = _fallback(legal)
        if state.phase != S.RAISE and isinstance(choice, _ANYTIME_KINDS):
            self._anytime += 1
            if isinstance(choice, Borrow):
                self._borrowed = True
            elif isinstance(choice, Repay):
                self._repaid = True
        return choice

    def _choose(self, st: PlaybossState, b: Business) -> Action | None:
        phase = st.phase
        if phase == S.RAISE:
            return self._raise(st, b)
        if phase == S.AUCTION:
            return self._bid(st, b)
        if self._anytime < self.tuning.anytime_per_decision:
            business = self._anytime_business(st, b)
            if business is not None:
                return business
        if phase == S.TURN:
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
            return LoseMachine(self._least_machine(st, b))
        return None

    # --- figures the decisions use ------------------------------------------------------

    def _reds_left(self, st: PlaybossState, b: Business) -> float:
        """Red fields expected after the current decision."""
        return _expected_reds(st.rules.board, b.position, rolls_left(st, b.seat))

    @staticmethod
    def _capacity(b: Business) -> int:
        """Products per produce decision once every machine is ready."""
        return sum(2 if double else 1 for double, _ in b.machines)

    @staticmethod
    def _cash_room(st: PlaybossState, b: Business) -> int:
        """Cash on hand plus what the bank would still lend."""
        return b.cash + b.credit_room(st.rules)

    def _insurance_keep(self, st: PlaybossState, b: Business) -> int:
        """WEBs to keep back as insurance (Playboss I, "Insurance (2 WEBs)")."""
        if not (b.machines or b.raw or b.finished):
            return 0
        return st.rules.insurance_webs

    def _useful_raw(self, st: PlaybossState, b: Business, reds: float) -> int:
        """Raw products the machines can still turn into sold goods before the end."""
        produce_rounds = max(0.0, reds - 1.0)  # one red field is kept for selling
        return int(self._capacity(b) * produce_rounds * 0.6 + 0.5)

    # --- the turn: business at any time -------------------------------------------------

    def _anytime_business(self, st: PlaybossState, b: Business) -> Action | None:
        r = st.rules
        phase = st.phase
        size = len(r.board)
        # Playboss I, "Lines of Credit": interest and fees fall due on crossing start, so the
        # bot repays what it can whenever the next roll may carry it over start.
        if phase == S.TURN and b.debt and b.cash and not self._borrowed and b.position >= size - 6:
            return Repay(min(b.debt, b.cash))
        if phase != S.TURN:
            return None
        reds = self._reds_left(st, b)
        improve = self._improvement(st, b, reds)
        if improve is not None:
            return improve
        return self._computer(st, b, reds)

    def _improvement(self, st: PlaybossState, b: Business, reds: float) -> Action | None:
        """Efficiency improvement (3 WEBs): double a machine when enough production is left."""
        r = st.rules
        singles = [i for i, (double, _) in enumerate(b.machines) if not double]
        if not singles or b.webs < r.efficiency_webs or reds < 4:
            return None
        if b.webs - r.efficiency_webs < self._insurance_keep(st, b) and reds < 8:
            return None
        ready = [i for i in singles if b.machines[i][1] <= b.turns]
        return Improve((ready or singles)[0])

    def _computer(self, st: PlaybossState, b: Business, reds: float) -> Action | None:
        """A computer halves the production cost (Playboss I, "Computer Leasing")."""
        r = st.rules
        if b.computer != NO_COMPUTER or not st.bank_computers or not b.machines:
            return None
        products = self._capacity(b) * min(reds, 6.0) * 0.5
        saving = products * (r.production - r.production_with_computer)
        # Buying keeps its value (20,000 at the end); it is worth it when the cash is idle.
        reserve = self._working_capital(st, b)
        if reds >= 3 and b.cash - r.computer_price >= reserve:
            return BuyComputer(0)
        lease_cost = r.lease_webs * r.web_price
        if (
            b.webs - r.lease_webs >= self._insurance_keep(st, b)
            and products >= self.tuning.computer_min_products
            and saving > lease_cost
        ):
            return LeaseComputer()
        return None

    def _working_capital(self, st: PlaybossState, b: Business) -> int:
        """Cash to keep for a round of production and a batch of raw products."""
        r = st.rules
        cap = max(1, self._capacity(b))
        return cap * (b.production_cost(r) + 450) * 2 + 2000

    # --- red decision field -------------------------------------------------------------

    def _red(self, st: PlaybossState, b: Business) -> Action | None:
        plan = self._red_plan(st, b)
        # Money first: borrow what the plan needs, advertise before a sale.
        r = st.rules
        if isinstance(plan, (Purchase, Produce)):
            cost = (
                market.purchase_cost(st.market, r.zone_prices, plan.count)
                if isinstance(plan, Purchase)
                else plan.count * b.production_cost(r)
            )
            if cost > b.cash:
                return self._borrow(st, b, cost - b.cash) or self._shrink(st, b, plan)
        elif isinstance(plan, Invest):
            credits = invest_credits(st, b)
            if not credits:
                return DoNothing()
            return Invest(max(credits))
        elif isinstance(plan, Sell) and self._should_advertise(st, b, plan.count):
            return Advertise()
        return plan

    def _borrow(self, st: PlaybossState, b: Business, need: int) -> Action | None:
        room = b.credit_room(st.rules)
        if self._repaid or room <= 0 or self._anytime >= self.tuning.anytime_per_decision:
            return None
        return Borrow(min(room, _ceil_step(need, st.rules.credit_step)))

    def _shrink(self, st: PlaybossState, b: Business, plan: Purchase | Produce) -> Action:
        """The plan's largest version that the cash on hand pays for."""
        r = st.rules
        if isinstance(plan, Purchase):
            n = min(plan.count, market.max_purchase(st.market, r.zone_prices, b.cash))
            return Purchase(n) if n else DoNothing()
        n = min(plan.count, b.cash // b.production_cost(r))
        return Produce(n) if n else DoNothing()

    def _red_plan(self, st: PlaybossState, b: Business) -> Action:
        r = st.rules
        t = self.tuning
        reds = self._reds_left(st, b)
        ready = b.ready_capacity()
        cap = self._capacity(b)
        cost = b.production_cost(r)
        can_fund = self._cash_room(st, b)
        producible = min(ready, b.raw, can_fund // cost)
        sell_all = Sell(b.finished) if b.finished else None

        # The end of the game: the valuation pays 1,500 a finished product, 150 a raw one.
        if reds < 0.6:
            if sell_all and sale_prices(st, 1)[0] > r.value_finished:
                return Sell(self._profitable_sales(st, b))
            if producible:
                return Produce(producible)
            return DoNothing()
        if reds < 1.6:
            if producible and (not b.finished or producible >= b.finished or reds >= 1.2):
                return Produce(producible)
            if sell_all:
                return sell_all

        # Normal business.
        if sell_all and b.finished >= max(2, t.sell_batch * max(cap, 1)):
            return sell_all
        if producible and producible >= ready:
            return Produce(producible)
        invest = self._invest_plan(st, b, reds)
        if invest is not None:
            return invest
        purchase = self._purchase_plan(st, b, reds)
        if purchase is not None:
            return purchase
        if producible:
            return Produce(producible)
        if sell_all:
            return sell_all
        return DoNothing()

    def _profitable_sales(self, st: PlaybossState, b: Business) -> int:
        prices = sale_prices(st, b.finished, b.advertising)
        return max(1, sum(p > st.rules.value_finished for p in prices))

    def _purchase_plan(self, st: PlaybossState, b: Business, reds: float) -> Purchase | None:
        r = st.rules
        cap = self._capacity(b)
        if not cap or not sum(st.market):
            return None
        if b.raw >= cap:
            return None
        target = int(cap * self.tuning.buy_batch)
        want = min(target, self._useful_raw(st, b, reds)) - b.raw
        if want <= 0:
            return None
        want = min(want, sum(st.market))
        # Keep enough to pay for producing on every machine.
        budget = self._cash_room(st, b) - cap * b.production_cost(r) - 500
        n = min(want, market.max_purchase(st.market, r.zone_prices, max(0, budget)))
        # Near the end a raw product must still be produced and sold to be worth its price.
        while n > 0:
            last = market.purchase_cost(st.market, r.zone_prices, n) - (
                market.purchase_cost(st.market, r.zone_prices, n - 1) if n > 1 else 0
            )
            if last <= r.value_raw or reds >= 3:
                break
            n -= 1
        return Purchase(n) if n > 0 else None

    def _invest_plan(self, st: PlaybossState, b: Business, reds: float) -> Invest | None:
        r = st.rules
        t = self.tuning
        if not st.bank_machines or len(b.machines) >= t.max_machines or reds < t.invest_min_reds:
            return None
        cap = self._capacity(b)
        # Playboss I, "Explanations: Red Decision Field": buy machines only when they can be
        # kept busy: enough raw products within reach and cash for production.
        supply = b.raw + b.finished + sum(st.market)
        if supply < (cap + 1) * 2:
            return None
        after = self._cash_room(st, b) + r.credit_per_machine - r.machine_price
        if after < (cap + 1) * (b.production_cost(r) + 500) * 2:
            return None
        if not invest_credits(st, b):
            return None
        if cap and reds * 0.4 < cap:
            return None
        return Invest(0)

    def _should_advertise(self, st: PlaybossState, b: Business, count: int) -> bool:
        """Advertising campaign (2 WEBs): worth it when the sale gains more than 2 WEBs."""
        r = st.rules
        if b.advertising or b.webs < r.advertising_webs:
            return False
        gain = sum(sale_prices(st, count, True)) - sum(sale_prices(st, count))
        keep = self._insurance_keep(st, b)
        price = r.advertising_webs * r.web_price
        if b.webs - r.advertising_webs < keep:
            price += 1500
        return gain > price

    # --- green, yellow, white, lease ----------------------------------------------------

    def _wants_web(self, st: PlaybossState, b: Business) -> bool:
        r = st.rules
        if b.cash < r.web_price or not st.bank_webs:
            return False
        reds = self._reds_left(st, b)
        spare = b.cash - r.web_price
        need = 0
        if b.machines or reds >= 3:
            need = r.insurance_webs + 1
        singles = sum(not double for double, _ in b.machines)
        if singles and reds >= 6:
            need = r.insurance_webs + r.efficiency_webs
        if reds < self.tuning.insurance_reds:
            return False
        if b.webs >= need:
            return False
        reserve = 0 if b.webs < r.insurance_webs else self._working_capital(st, b) // 2
        return spare + b.credit_room(r) >= reserve

    def _yellow(self, st: PlaybossState, b: Business) -> Action:
        """Playboss I, "The Yellow Cost Field": the cheapest of the four choices."""
        r = st.rules
        legal = {a.choice for a in st.legal_actions(b.seat) if isinstance(a, CostChoice)}
        reds = self._reds_left(st, b)
        costs: dict[str, float] = {}
        if "sell-half" in legal:
            full = sale_prices(st, b.finished)
            half = sum(p // 2 for p in full)
            # Selling frees a red field; near the end the valuation is the yardstick.
            worth = sum(full) if reds >= 1 else b.finished * r.value_finished
            costs["sell-half"] = max(0, worth - half - 500 * (b.finished > 0))
        if "produce" in legal:
            n = min(b.ready_capacity(), b.raw)
            gain = (b.production_cost(r) + 800) if reds >= 1.5 else (r.value_finished - r.value_raw)
            costs["produce"] = n * (r.cost_field_production - gain)
        if "idle" in legal:
            costs["idle"] = len(b.machines) * r.cost_field_idle
        if "web" in legal:
            penalty = 1500 if b.webs - r.cost_field_webs < self._insurance_keep(st, b) else 0
            costs["web"] = r.web_price + penalty
        if not costs:
            return CostChoice("sell-half")
        best = min(costs, key=lambda c: (costs[c], _YELLOW_PREFERENCE.index(c)))
        return CostChoice(best)

    def _white(self, st: PlaybossState, b: Business) -> Action:
        """Playboss I, "The White Write-off Field": a WEB costs less than a machine."""
        r = st.rules
        doubles = [i for i, (double, _) in enumerate(b.machines) if double]
        reds = self._reds_left(st, b)
        if b.webs >= r.cost_field_webs:
            # A double machine only falls back to single; near the end that costs nothing.
            if doubles and reds < 1.5:
                return WriteOff(doubles[0])
            return WriteOff(-1)
        if doubles:
            return WriteOff(doubles[0])
        return WriteOff(self._least_machine(st, b))

    def _least_machine(self, st: PlaybossState, b: Business) -> int:
        """The machine whose loss hurts least: a single one, the last to be ready."""
        choices = b.machine_choices()
        return min(choices, key=lambda i: (b.machines[i][0], -b.machines[i][1]))

    def _keeps_lease(self, st: PlaybossState, b: Business) -> bool:
        r = st.rules
        reds = self._reds_left(st, b)
        products = self._capacity(b) * min(reds, 6.0) * 0.5
        if products * (r.production - r.production_with_computer) <= r.lease_webs * r.web_price:
            return False
        return b.webs - r.lease_webs >= self._insurance_keep(st, b) or products >= 10

    # --- cash shortage and auctions -----------------------------------------------------

    def _raise(self, st: PlaybossState, b: Business) -> Action | None:
        """A payment is due: borrow, then sell what hurts least."""
        r = st.rules
        need = st.due - b.cash
        room = b.credit_room(r)
        if room > 0:
            return Borrow(min(room, _ceil_step(need, r.credit_step)))
        reds = self._reds_left(st, b)
        spare_raw = b.raw - self._useful_raw(st, b, reds)
        if spare_raw > 0:
            return BankSell("raw", min(spare_raw, -(-need // r.repurchase_raw)))
        if b.finished:
            return BankSell("finished", min(b.finished, -(-need // r.repurchase_finished)))
        if b.raw:
            return BankSell("raw", min(b.raw, -(-need // r.repurchase_raw)))
        if b.machines:
            return BankSellMachine(self._least_machine(st, b))
        if b.computer == OWNED:
            return BankSellComputer()
        return None

    def _bid(self, st: PlaybossState, b: Business) -> Action:
        """Bid while the lot is worth more than the bid at the end of the game."""
        a = st.auction
        assert a is not None
        r = st.rules
        what, n = a.lots[0]
        reds = self._reds_left(st, b)
        if what == "machine":
            value = r.value_machine - 500
        elif what == "computer":
            value = r.value_computer - 1000
        elif what == "raw":
            useful = max(0, min(n, self._useful_raw(st, b, reds) - b.raw))
            price = sale_prices(st, 1)[0] if reds >= 2 else r.value_finished
            each = max(r.value_raw, min(price - b.production_cost(r) - 500, 2000))
            value = useful * each + (n - useful) * r.value_raw
        else:
            price = sale_prices(st, 1)[0] if reds >= 1 else r.value_finished
            value = n * max(r.value_finished, price - 500)
        reserve = self._working_capital(st, b) // 2 if reds >= 2 else 0
        budget = min(value - 1, b.cash - reserve)
        bids = [x for x in bid_amounts(st, a) if x <= budget]
        return Bid(min(bids)) if bids else Pass()


S_PHASES = {
    phase: i
    for i, phase in enumerate(
        (S.SETUP, S.TURN, S.MOVE, S.RED, S.GREEN, S.YELLOW, S.WHITE, S.LEASE, S.RISK, S.LOSE, S.RAISE, S.AUCTION)
    )
}
"""Phases as small numbers, for the bot's note of which decision it is at."""

_ANYTIME_KINDS = (
    BankSell,
    BankSellMachine,
    BankSellComputer,
    Borrow,
    Repay,
    Improve,
    Advertise,
    LeaseComputer,
    BuyComputer,
)

_YELLOW_PREFERENCE = ("sell-half", "produce", "idle", "web")
"""Tie-break among equally cheap yellow-field choices."""


def _fallback(legal: list[Action]) -> Action:
    """A safe legal action when the plan is not possible: move on, never sell or borrow."""
    for kind in (Roll, DoNothing, Pass, ReturnComputer, CostChoice, WriteOff, LoseMachine):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


__all__ = ["PlaybossBot", "Rules", "Tuning", "rolls_left", "sale_prices"]
