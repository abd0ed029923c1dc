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

The bot modules import one way: ``bot_figures`` (the shared figures and the knobs, ``Tuning``)
at the bottom, then ``bot_labour``, ``bot_steps`` and ``bot_deals``, then this module.
"""

from __future__ import annotations

import random

from tycoon.core.actions import Action
from tycoon.core.families import ActionFamily
from tycoon.core.game import State
from tycoon.games.playboss import bot_deals, bot_labour, bot_steps, labour, market
from tycoon.games.playboss import bot_figures as fig
from tycoon.games.playboss.actions import (
    ANYTIME,
    ROLL,
    STEP_ANYTIME,
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
from tycoon.games.playboss.bot_figures import Tuning
from tycoon.games.playboss.business import NO_COMPUTER, OWN, OWNED, Business
from tycoon.games.playboss.deals import OFFERS
from tycoon.games.playboss.fields import invest_credits
from tycoon.games.playboss.flow import AT_ANY_TIME, PlaybossState
from tycoon.games.playboss.phases import (
    ANSWER,
    AUCTION,
    BIDDING,
    COUNTER,
    DUE,
    GREEN,
    LABOUR,
    LEASE,
    LOSE,
    RAISE,
    RED,
    TURN,
    UNDERBIDDING,
    WHITE,
    YELLOW,
)


def _ceil_to(amount: int, step: int) -> int:
    return -(-amount // step) * step


# --- the bot ----------------------------------------------------------------------------


class PlaybossBot:
    """A heuristic Playboss player; the module docstring gives its policy."""

    name = "bot"

    def __init__(self, seed: int | str = 0, tuning: Tuning | None = None, *, negotiate: bool = True) -> None:
        self.rng = random.Random(seed)
        self.tuning = tuning or Tuning()
        self.negotiate = negotiate
        """Whether it bargains: makes offers of its own and answers with counter-offers. Without,
        it only accepts or declines what it is offered, saying why (``AnsweringBot``)."""
        self._decision: tuple[object, ...] = ()
        """Which decision ``_anytime`` counts for."""
        self._anytime = 0
        """"At any time" actions taken at this decision."""
        self._turn: tuple[int, ...] = ()
        """Which of its turns the bot's notes on credit are about."""
        self._borrowed = False
        """Borrowed this turn: no repaying in it (never borrow and repay in one turn)."""
        self._repaid = False
        """Repaid this turn: no borrowing in it."""
        self._offered: dict[tuple[object, ...], tuple[tuple[int, ...], int]] = {}
        """The offers this bot has made, by game and subject (``bot_deals.subject``), with what
        spoke for their acceptance when it made them (``bot_deals.offer_context``) and the best
        terms for the other side offered (``bot_deals.their_terms``): an offer on a subject is
        not made again until some of that has risen, or on terms better enough."""
        self._legal: list[Action] | None = None
        self._families: list[ActionFamily] | None = None
        self._legal_for: tuple[int, ...] = ()
        self._asked: State | None = None
        """The legal actions and the families (each found when first asked) of the decision being
        chosen, for which (state, seat), and the state as the bot was asked (``_asked``: the
        state, or a wrapper over it that presents part of the decision, whose ``unwrapped`` is
        the state): the helpers ask for them again, and the state does not change while the
        bot decides."""

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)
        self._decision = self._turn = ()
        self._offered = {}

    # --- the agent protocol -------------------------------------------------------------

    def act(self, state: State, seat: int) -> Action:
        st = state.unwrapped
        if not isinstance(st, PlaybossState):
            raise TypeError(f"the Playboss bot plays Playboss, not {type(st).__name__}")
        b = st.businesses[seat]
        decision = (id(st), st.phase, st.turn_seat, b.turns, st.rounds_done, b.position)
        if decision != self._decision:
            self._decision, self._anytime = decision, 0
        # A turn runs from the business's "turn" decision to the end of its move.
        turn = (id(st), seat, b.turns + (st.phase == TURN)) if st.turn_seat == seat else ()
        if turn != self._turn:
            self._turn, self._borrowed, self._repaid = turn, False, False
        self._legal, self._families, self._legal_for, self._asked = None, None, (id(st), seat), state
        # The state does not change while the bot decides: each figure of it is found once.
        steady = fig.STEADY.set(fig.Steady(st))
        try:
            choice = self._choose(st, b)
            if choice is None or not self.allowed(st, seat, choice):
                choice = _fallback(self.legal(st, seat), self.families(st, seat))
        finally:
            self._legal_for, self._asked = (), None
            fig.STEADY.reset(steady)
        if type(choice) in _ANYTIME and st.phase != RAISE:
            self._anytime += 1
            self._borrowed |= isinstance(choice, Borrow)
            self._repaid |= isinstance(choice, Repay)
        return choice

    def fresh_offer(self, st: PlaybossState, b: Business, offer: Action) -> Action | None:
        """``offer`` if it is legal now and either new or made before in circumstances less in
        its favour (the other side's stock, cash, the prices: ``bot_deals.offer_context``) or on
        terms worse for the other side (``bot_deals.better_enough``), noted as made; else None.
        So an offer that was refused is not repeated while nothing relevant has changed; the
        game already allows one offer per seat between two rolls."""
        if not self.allowed(st, b.seat, offer):
            return None
        key = (id(st), *bot_deals.subject(offer))
        context = bot_deals.offer_context(st, b, offer)
        terms = bot_deals.their_terms(st, b.seat, offer)
        before = self._offered.get(key)
        if before is not None:
            then, best = before
            rose = any(now > was for now, was in zip(context, then, strict=True))
            if not rose and not bot_deals.better_enough(offer, terms, best):
                return None
            if not rose:
                terms = max(terms, best)
        self._offered[key] = (context, terms)
        return offer

    def judge(self, value: int) -> int:
        """A figure of its own as the bot sees it: as it is (a beginner misjudges it)."""
        return value

    def reds_ahead(self, st: PlaybossState, b: Business) -> float:
        """The red fields ``b`` expects after this one when it plans a red field's decision: as
        many as lie ahead (a beginner forgets that the game ends)."""
        return fig.reds_left(st, b)

    def asked(self, st: PlaybossState, seat: int) -> State:
        """The state as the bot was asked about ``seat``'s decision on ``st``: ``st``, or the
        wrapper over it it was handed."""
        if self._asked is not None and self._legal_for == (id(st), seat):
            return self._asked
        return st

    def legal(self, st: PlaybossState, seat: int) -> list[Action]:
        """``legal_actions(seat)`` as asked, computed at most once per decision."""
        if self._legal_for != (id(st), seat):
            return st.legal_actions(seat)
        if self._legal is None:
            self._legal = self.asked(st, seat).legal_actions(seat)
        return self._legal

    def families(self, st: PlaybossState, seat: int) -> list[ActionFamily]:
        """``action_families(seat)`` as asked, computed at most once per decision."""
        if self._legal_for != (id(st), seat):
            return st.action_families(seat)
        if self._families is None:
            self._families = self.asked(st, seat).action_families(seat)
        return self._families

    def allowed(self, st: PlaybossState, seat: int, action: Action) -> bool:
        """Whether ``action`` would be accepted from ``seat`` now: an offer or a choice of the
        pending decision's as ``refusal`` answers (without a clone), anything else a listed
        action or a member of a family (checked with ``refusal`` unless every member is legal)."""
        asked = self.asked(st, seat)
        if isinstance(action, OFFERS):
            # An offer the deal's own checks pass (and, for a wrapper that presents part of the
            # decision, one of the families it presents).
            return asked.refusal(action, seat) is None
        if asked is not st:
            if action in self.legal(st, seat):
                return True
            for family in self.families(st, seat):
                if action in family:
                    return family.whole or asked.refusal(action, seat) is None
            return False
        # A choice of the pending decision's is checked as apply would check it (``refusal``,
        # from the decision's own check, which the conformance suite holds to what apply
        # decides), without listing the decision's choices and families to find it there: the
        # two answer the same (tests/playboss/test_bot.py checks over seeded games).
        if type(action) not in AT_ANY_TIME:
            return st.refusal(action, seat) is None
        # An action done at any time: its refusal would try it on a clone, so it is looked for
        # among the families of what may be done at any time (no decision lists such an
        # action: tests/playboss/test_bot.py checks), then in the legal list.
        for family in st.families_in_order(seat, offers=False, anytime_only=True):
            if action in family:
                return family.whole or st.refusal(action, seat) is None
        return action in self.legal(st, seat)

    def _choose(self, st: PlaybossState, b: Business) -> Action | None:
        phase = st.phase
        if phase in (ANSWER, COUNTER):
            return bot_deals.answer(self, st, b)
        if phase == LABOUR:
            return bot_labour.representative(self, st, b)
        if phase == RAISE:
            return self._raise(st, b)
        if phase == AUCTION:
            return self._bid(st, b)
        if phase == BIDDING:
            return bot_steps.bid(self, st, b)
        if phase == DUE:
            return bot_steps.due(self, st, b)
        if phase == UNDERBIDDING:
            return bot_steps.underbid(st, b)
        if phase == TURN:
            if self._anytime < self.tuning.anytime_per_decision:
                business = self._turn_business(st, b)
                if business is not None:
                    return business
            return ROLL
        if phase == RED:
            return self._red(st, b)
        if phase == GREEN:
            return BuyWeb() if self._wants_web(st, b) else DoNothing()
        if phase == YELLOW:
            return self._yellow(st, b)
        if phase in (WHITE, LOSE) and not b.machines:
            # Every machine was sold while the write-off or the loss waited: nothing to lose.
            return DoNothing()
        if phase == WHITE:
            return self._white(st, b)
        if phase == LEASE:
            return RenewLease() if self._keeps_lease(st, b) else ReturnComputer()
        if phase == LOSE:
            return LoseMachine(self._least_machine(b))
        return None

    # --- the turn: business at any time -------------------------------------------------

    def _turn_business(self, st: PlaybossState, b: Business) -> Action | None:
        """Before the roll: the expansion steps' business, repay credit, double a machine,
        lease or buy a computer."""
        r = st.rules
        if st.game.step(6):
            business = bot_labour.turn_business(self, st, b)
            if business is not None:
                return business
        if st.game.steps:
            business = bot_steps.turn_business(self, st, b)
            if business is not None:
                return business
        deal = bot_deals.propose(self, st, b)
        if deal is not None:
            return deal
        # Playboss I, "Lines of Credit": interest and fees fall due on crossing start, unless
        # the loan is paid back in full before; so repay when the roll may cross. (Paying back
        # a part saves only a tenth of it, and the cash may be needed on this turn's field.)
        if b.debt and b.cash >= b.debt and not self._borrowed and b.position >= len(r.board) - 6:
            return Repay(b.debt)
        reds = fig.reds_left(st, b)
        improve = self._improvement(st, b, reds)
        if improve is not None:
            return improve
        return self._computer(st, b, reds)

    def _improvement(self, st: PlaybossState, b: Business, reds: float) -> Improve | None:
        """Efficiency improvement (3 WEBs): a double machine makes two products a decision."""
        r = st.rules
        singles = b.machine_choices(doubles=False, own=True)
        if not singles or b.webs < r.efficiency_webs or reds < 4:
            return None
        if self.tuning.insure_first and b.webs - r.efficiency_webs < r.insurance_webs:
            return None  # the insurance comes first
        if b.raw + b.finished + sum(st.market) < 2 * (fig.capacity(b) + 1):
            return None
        ready = [i for i in singles if b.machines[i][1] <= b.turns]
        return Improve((ready or singles)[0])

    def _computer(self, st: PlaybossState, b: Business, reds: float) -> Action | None:
        """Playboss I, "Computer Leasing": only worth it for a large production volume."""
        r = st.rules
        if b.computer != NO_COMPUTER or not st.bank_computers or not b.machines or reds < 3:
            return None
        # A purchased computer keeps its value (20,000 at the end): buy it with idle cash.
        spare = fig.liquid(st, b) - fig.reserve(st, b) - fig.working_capital(st, b, self.tuning, rounds=2)
        if b.cash >= r.computer_price and spare >= r.computer_price:
            return BuyComputer(0)
        products = fig.capacity(b) * min(reds, 6.0) * 0.5
        saving = products * (r.production - r.production_with_computer)
        if b.webs - r.lease_webs >= r.insurance_webs and saving > r.lease_webs * r.web_price:
            return LeaseComputer()
        return None

    # --- red decision field -------------------------------------------------------------

    def _red(self, st: PlaybossState, b: Business) -> Action:
        r = st.rules
        if st.game.step(6) and self._anytime < self.tuning.anytime_per_decision:
            notice = bot_labour.notice(self, st, b)
            if notice is not None:
                return notice
        plan = self._red_plan(st, b)
        # Money first: borrow what the plan needs; advertise before a sale.
        if isinstance(plan, (Purchase, Produce)):
            cost = (
                market.purchase_cost(st.market, r.zone_prices, plan.count)
                if isinstance(plan, Purchase)
                else plan.count * fig.production_cost(st, b)
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
        n = min(plan.count, b.cash // fig.production_cost(st, b))
        return Produce(n) if n else DoNothing()

    def _red_plan(self, st: PlaybossState, b: Business) -> Action:
        """Playboss I, "The Red Decision Field": one decision; "Explanations: Producing and
        Selling": produce at full capacity, sell at the right time."""
        r = st.rules
        t = self.tuning
        reds = self.reds_ahead(st, b)
        ready = _ready(st, b)
        cap = fig.capacity(b)
        funds = b.cash + b.credit_room(r)
        producible = min(ready, b.raw, funds // fig.production_cost(st, b))
        sellable = labour.sellable(st, b)
        selling = Sell(sellable) if sellable else None
        if st.game.step(6) and producible:
            # Playboss II, "6. Step": produce on every red field, then one other decision.
            return Produce(producible)

        # The end: the valuation pays 1,500 a finished product and 150 a raw one.
        if reds < 0.6:
            if selling and market.sale_prices(st.market, st.rules, 1)[0] > r.value_finished:
                return Sell(min(sellable, self._sales_above_value(st, b)))
            return Produce(producible) if producible else DoNothing()
        if reds < 1.6:
            # Probably one more red field: produce now and sell then, or sell now.
            if producible and (not selling or reds >= 1.2 or producible >= sellable):
                return Produce(producible)
            if selling:
                return selling

        # Sell a full batch, or when cash runs short.
        if selling and (
            sellable >= max(2, t.sell_batch * cap)
            or producible < min(ready, b.raw)
            or funds < fig.reserve(st, b) + fig.working_capital(st, b, self.tuning)
            or (not b.raw and not self._can_buy(st, b))
        ):
            return Sell(min(sellable, self._batch(st, b).count))
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

    def _batch(self, st: PlaybossState, b: Business) -> Sell:
        """Explanations: "sell your finished product for the best possible price": every
        product sold fills a dimple, so the price falls as the batch grows; stop where it has
        fallen too far, and keep the rest for a later red field."""
        prices = market.sale_prices(st.market, st.rules, b.finished, b.advertising)
        floor = prices[0] - self.tuning.sale_spread
        return Sell(max(1, sum(p >= floor for p in prices)))

    def _sales_above_value(self, st: PlaybossState, b: Business) -> int:
        prices = market.sale_prices(st.market, st.rules, b.finished, b.advertising)
        return max(1, sum(p > st.rules.value_finished for p in prices))

    def _can_buy(self, st: PlaybossState, b: Business) -> bool:
        r = st.rules
        return bool(sum(st.market)) and b.cash + b.credit_room(r) >= r.zone_prices[-1] + b.production_cost(r)

    def _purchase_plan(self, st: PlaybossState, b: Business, reds: float) -> Purchase | None:
        """Decision 1: enough raw products for a few rounds of production, keeping the money
        to produce them and the reserve; near the end only what can still be produced."""
        r = st.rules
        cap = fig.capacity(b)
        preload = fig.preload(st, self.tuning)
        if not cap and b.laps == 0 and b.raw < preload and reds >= self.tuning.preload_reds:
            # Stock for the first machine while the market is still full and cheap.
            cap = 1
            target = preload
        elif not cap or not sum(st.market) or b.raw >= cap:
            return None
        else:
            target = int(cap * self.tuning.buy_batch)
        want = min(target, fig.useful_raw(b, reds, cap), sum(st.market) + b.raw) - b.raw
        if want <= 0:
            return None
        want = bot_steps.clamp_purchase(st, want)
        cost_each = fig.production_cost(st, b)
        reserve = fig.reserve(st, b)
        if not b.raw and _ready(st, b):
            reserve -= self.tuning.purchase_risk
        liquid = fig.liquid(st, b)
        worst = fig.worst_charge(st, b)
        n = min(want, market.max_purchase(st.market, r.zone_prices, max(0, liquid)))
        while n > 0:
            cost = market.purchase_cost(st.market, r.zone_prices, n)
            producing = min(b.raw + n, cap) * cost_each
            survives = fig.raisable_with(st, b, cash=-cost, raw=n) >= worst
            if survives and liquid - cost - producing >= reserve:
                break
            n -= 1
        return Purchase(n) if n > 0 else None

    def _invest_plan(self, st: PlaybossState, b: Business, reds: float) -> Invest | None:
        """Decision 2, as "Explanations: Red Decision Field" advises: only a machine that can
        be kept busy, with raw products within reach and the cash for production."""
        r = st.rules
        t = self.tuning
        if not st.bank_machines or len(b.machines) >= t.max_machines:
            return None
        if not bot_labour.can_staff(st, b, len(b.machines) + 1):
            return None  # Playboss II, "6. Step": a machine needs a worker
        cap = fig.capacity(b)
        if reds < t.invest_reds + t.invest_reds_per_product * cap:
            return None
        if b.raw + b.finished + sum(st.market) < (cap + 1) * 2:
            return None
        if not r.after_first_lap and b.raw < cap + 1 and reds >= t.preload_reds:
            # With the whole starting capital at once (Playboss II, "Starting Capital") the
            # first-year rule below does not hold back the money: with time ahead, raw products
            # come first while the market is cheap; in a short game the machine comes first.
            return None
        credits = invest_credits(st, b)
        if not credits:
            return None
        # Credit can be taken at any time; borrowing only what the price needs keeps the debt
        # (and the interest at start) low.
        credit = min(credits)
        insured = b.webs >= r.insurance_webs
        reserve = fig.reserve(st, b, machines=len(b.machines) + 1, debt=credit)
        liquid = fig.liquid(st, b) + r.credit_per_machine - r.machine_price
        second = 0.0 if insured else t.second_charge
        if b.laps == 0 and r.after_first_lap:
            # The first year has only half the starting capital (Playboss I, "Important!"):
            # one machine, with a round of production in hand; the second dear charge below
            # makes it wait for the insurance (uninsured first-year machines trebled the
            # bankruptcies in all-bot games: docs/playboss.md, "The bot").
            if b.machines:
                return None
            rounds = t.first_year_funds
        else:
            rounds = fig.working_capital(st, b, self.tuning, cap + 1, t.invest_rounds)
        if liquid < reserve + rounds:
            return None
        # A machine raises only half its price again; uninsured, a second dear charge may
        # follow the first before anything is sold.
        after = fig.raisable_with(st, b, cash=credit - r.machine_price, machines=1, debt=credit)
        if after < fig.worst_charge(st, b, machines=len(b.machines) + 1) * (1 + second):
            return None
        if self.machine_gain(st, b, credit) < t.invest_gain:
            return None
        return Invest(credit)

    def machine_gain(self, st: PlaybossState, b: Business, credit: int = 0) -> float:
        """The Marks one more (single) machine bought now is expected to gain for ``b`` by the
        end of the game: the products it makes after its delivery (on a share of the red fields
        in the base model, on every one with step 6) at what they fetch, less raw products,
        production costs and salaries; less the interest on ``credit`` at the crossings of start
        ahead, the idling costs, and, while uninsured and without a machine yet, the risk of
        losing it (risk cards, the white field). Its price is no cost: the final valuation gives
        the 10,000 back (Playboss I, "End of the Game")."""
        r = st.rules
        board = r.board
        rolls = fig.rolls_left(st, b.seat)
        delay = labour.machine_ready(st, b) - b.turns - (0 if fig.has_rolled(st, b.seat) else 1)
        usable = fig.expected_reds(board, b.position, rolls) - fig.expected_reds(board, b.position, max(0, delay - 1))
        share = self.tuning.produce_share_labour if st.game.step(6) else self.tuning.produce_share
        products = min(usable * share, float(b.raw + sum(st.market)))
        if products <= 0:
            return 0.0
        n = max(1, round(products))
        prices = market.sale_prices(st.market, st.rules, b.finished + n)[b.finished :] or [r.value_finished]
        price = sum(prices) / len(prices)
        # The products of the last red fields are kept at the final valuation.
        worth = r.value_finished if usable < 2 else 0.75 * price + 0.25 * r.value_finished
        raw_price = bot_deals.market_raw_price(st) if b.raw < products else r.value_raw
        gain = products * (worth - raw_price - fig.production_cost(st, b))
        if st.game.step(6):
            # Its worker is paid on every red field from now on (Playboss II, "6. Step").
            lab = st.expansion.labour
            assert lab is not None
            gain -= max(lab.wage[b.seat], st.rules.salary) * fig.expected_reds(board, b.position, rolls)
        spaces = rolls * 3.5 + b.position
        crossings = int(spaces // len(board))
        if credit:
            fee = 0 if b.debt else r.loan_fee
            gain -= crossings * (credit * r.interest_percent // 100 + fee)
        odds = fig.odds(r)
        blue = rolls * odds.blue / len(board)
        yellow = rolls * odds.yellow / len(board)
        gain -= yellow * r.cost_field_idle / 2  # the yellow field's cheapest choice, about
        gain -= blue * odds.per_machine / len(r.risk_cards)
        if not b.machines:
            # The first machine brings the risk of losing one (with more, a card or the white
            # field takes one of the others anyway): borne, or averted by WEBs bought for it, the
            # insurance and one for each landing on the white field, whichever is cheaper.
            insured = b.webs >= r.insurance_webs
            losses = odds.losses[insured]
            white = crossings / 3.5  # the white field stands just before start: landed on once in 3.5 passes
            borne = (blue * losses / len(r.risk_cards) + white) * r.value_machine
            averted = (0 if insured else max(0, r.insurance_webs - b.webs) * r.web_price) + white * r.web_price
            gain -= min(borne, averted)
        return gain

    def _should_advertise(self, st: PlaybossState, b: Business, count: int) -> bool:
        """Advertising campaign (2 WEBs): worth it when the sale gains more than the WEBs cost
        (and, if they are the insurance, more than the risk run until the next green field)."""
        r = st.rules
        if b.advertising or b.webs < r.advertising_webs:
            return False
        gain = sum(market.sale_prices(st.market, st.rules, count, True)) - sum(
            market.sale_prices(st.market, st.rules, count)
        )
        price = r.advertising_webs * r.web_price
        if b.webs - r.advertising_webs < r.insurance_webs:
            price += 1500
        return gain > price

    # --- green, yellow, white, lease ----------------------------------------------------

    def _wants_web(self, st: PlaybossState, b: Business) -> bool:
        """The green field: WEBs for insurance, then for a double machine."""
        r = st.rules
        reds = fig.reds_left(st, b)
        if b.cash < r.web_price or not st.bank_webs or reds < self.tuning.web_reds:
            return False
        need = r.insurance_webs + 1 if (b.machines or reds >= self.tuning.preload_reds) else 0
        singles = sum(not m.double and m.lessor == OWN for m in b.machines)
        if singles and reds >= 6:
            need = r.insurance_webs + r.efficiency_webs
        if b.computer == NO_COMPUTER and fig.capacity(b) >= 2 and reds >= 6:
            need = max(need, r.insurance_webs + r.lease_webs)
        if b.webs >= need:
            return False
        liquid = fig.liquid(st, b) - r.web_price
        if b.webs < r.insurance_webs and b.machines:
            # Insurance comes before everything but the next production.
            return liquid >= fig.reserve(st, b, webs=b.webs + 1) + b.ready_capacity() * b.production_cost(r)
        return liquid >= fig.reserve(st, b, webs=b.webs + 1) + fig.working_capital(st, b, self.tuning)

    def _yellow(self, st: PlaybossState, b: Business) -> Action:
        """Playboss I, "The Yellow Cost Field": the cheapest of the choices open."""
        r = st.rules
        legal = {a.choice for a in self.legal(st, b.seat) if isinstance(a, CostChoice)}
        reds = fig.reds_left(st, b)
        costs: dict[str, float] = {}
        if "sell-half" in legal:
            full = market.sale_prices(st.market, st.rules, b.finished)
            worth = sum(full) if reds >= 1 else b.finished * r.value_finished
            # Selling also spares a red field for it.
            costs["sell-half"] = worth - sum(p // 2 for p in full) - 500 * b.finished
        if "produce" in legal and st.game.step(6):
            n, cost = labour.cost_field_production(st, b)
            # Playboss II, "6. Step": production on a red field takes no decision of its own, so
            # producing here spares only the red field's production cost, while red fields lie
            # ahead; near the end it turns raw products into finished ones.
            gain = fig.production_cost(st, b) if reds >= 1.5 else r.value_finished - r.value_raw
            costs["produce"] = cost - n * gain
        elif "produce" in legal:
            n = min(b.ready_capacity(), b.raw)
            # Producing here spares a red field and the usual production cost.
            if reds >= 1.5:
                gain = b.production_cost(r) + self.tuning.decision_value // max(1, b.ready_capacity())
            else:
                gain = r.value_finished - r.value_raw
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
        doubles = [i for i in b.loss_choices() if b.machines[i].double]
        if b.webs >= r.cost_field_webs:
            # A double machine only falls back to single; near the end that costs nothing.
            if doubles and fig.reds_left(st, b) < 1.5:
                return WriteOff(doubles[0])
            return WriteOff(-1)
        if doubles:
            return WriteOff(doubles[0])
        return WriteOff(self._least_machine(b))

    @staticmethod
    def _least_machine(b: Business, choices: list[int] | None = None) -> int:
        """The machine whose loss hurts least: a single one, the last to be ready; among those
        a loss may strike (``Business.loss_choices``) unless ``choices`` are given."""
        choices = b.loss_choices() if choices is None else choices
        return min(choices, key=lambda i: (b.machines[i][0], -b.machines[i][1]))

    def _keeps_lease(self, st: PlaybossState, b: Business) -> bool:
        """A year of leasing is over: pay 2 WEBs again while the production ahead saves more
        than that, without giving up the insurance for it."""
        r = st.rules
        reds = fig.reds_left(st, b)
        products = fig.capacity(b) * min(reds, 6.0) * 0.5
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
        spare_raw = b.raw - fig.useful_raw(b, fig.reds_left(st, b), max(1, fig.capacity(b)))
        if spare_raw > 0:
            return BankSell("raw", min(spare_raw, -(-need // r.repurchase_raw)))
        if b.finished:
            return BankSell("finished", min(b.finished, -(-need // r.repurchase_finished)))
        if b.raw:
            return BankSell("raw", min(b.raw, -(-need // r.repurchase_raw)))
        if b.machine_choices(own=True):
            return BankSellMachine(self._least_machine(b, b.machine_choices(own=True)))
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
        reds = fig.reds_left(st, b)
        if what == "machine":
            value = r.value_machine - 500
        elif what == "computer":
            value = r.value_computer - 1000
        elif what == "raw":
            useful = max(0, min(n, fig.useful_raw(b, reds) - b.raw))
            price = market.sale_prices(st.market, st.rules, 1)[0] if reds >= 2 else r.value_finished
            each = max(r.value_raw, min(price - b.production_cost(r) - 500, 2000))
            value = useful * each + (n - useful) * r.value_raw
        else:
            price = market.sale_prices(st.market, st.rules, 1)[0] if reds >= 1 else r.value_finished
            value = n * max(r.value_finished, price - 500)
        # A machine or computer bought is itself security for new credit.
        credit = {"machine": r.credit_per_machine, "computer": r.credit_per_computer}.get(what, 0)
        keep = fig.reserve(st, b) + (fig.working_capital(st, b, self.tuning) if reds >= 2 else 0)
        budget = min(value - 1, fig.liquid(st, b) + credit - keep, b.cash)
        bids = [x for x in bid_amounts(st, a) if x <= budget]
        return Bid(min(bids)) if bids else Pass()


_ANYTIME = frozenset((*ANYTIME, *STEP_ANYTIME))
"""The kinds of action the bot counts as done at any time (no action class derives from another:
a choice's own class answers, as ``isinstance`` would)."""

_YELLOW_ORDER = ("produce", "sell-half", "web", "idle")
"""Tie-break among equally dear yellow-field choices."""


def _ready(st: PlaybossState, b: Business) -> int:
    """Products the machines can make on this red field: with step 6, as far as workers run
    them, and once per red field."""
    if st.game.step(6):
        lab = st.expansion.labour
        return 0 if lab is None or lab.produced else labour.capacity(st, b)
    return b.ready_capacity()


def _fallback(legal: list[Action], families: list[ActionFamily]) -> Action:
    """A safe legal action when the plan is not possible: move on rather than sell or borrow;
    when a payment must be raised, sell products to the bank first."""
    for kind in (Roll, DoNothing, Pass, ReturnComputer, WriteOff, LoseMachine, CostChoice):
        for a in legal:
            if isinstance(a, kind):
                return a
    for family in families:
        if family.cls is BankSell and family.whole:
            return family.corners()[0]
    if legal:
        return legal[0]
    for family in families:
        if family.whole:
            return family.corners()[0]
    raise ValueError("no legal action")


class AnsweringBot(PlaybossBot):
    """The bot that only answers yes or no to private deals: the normal bot's play and
    judgement, but it proposes no trade, loan or lease of its own and never counters (it still
    says why it declines). Its worker agreements (step 6) stay: after the first lap they are
    the only way to hire. A yardstick for what bargaining is worth (``benchmarks/negotiation.py``),
    named by the spec hook ``answering``."""

    name = "answers"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed, negotiate=False)


__all__ = ["AnsweringBot", "PlaybossBot", "Tuning"]
