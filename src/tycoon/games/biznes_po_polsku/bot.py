"""A heuristic Biznes po polsku bot.

It plays the game the way a careful player does:

- **Firms.** It founds every firm it lands on while it keeps a cash reserve, and buys one that
  brings it closer to a colour group even below the reserve. It offers trades that complete a
  colour group (a purchase, starting at half the founding cost and rising with each offer, or
  an exchange of a firm it cannot use), and accepts only trades worth more to it than they cost,
  counting what the other player gains by completing a group.
- **Investing.** With a whole group it buys investment levels evenly, each time the one with
  the best rise in fee per złoty, while the cash reserve allows.
- **Professions and politics.** It takes any profession except the poorly paid teacher early
  on; joins the party; runs for every office it can afford above its reserve (an office's
  allowance and donations repay the campaign within a few circuits).
- **The car.** Bought only when rich; with it, the bot stops on whichever of the two spaces
  scores better (income, fees, penalties).
- **Cash.** It keeps a reserve that grows with the largest fee an opponent could charge, and
  when a payment is due it mortgages what earns least first: firms outside complete groups,
  then the car, then investment levels, then firms of complete groups.

The bot takes its random generator in the constructor like every agent, but its choices are
deterministic; it never looks at the order of the card stacks.
"""

from __future__ import annotations

import random

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.biznes_po_polsku import firms
from tycoon.games.biznes_po_polsku.actions import (
    Accept,
    Bid,
    Buy,
    BuyCar,
    Claim,
    Drive,
    EndTurn,
    Invest,
    JoinParty,
    Mortgage,
    MortgageCar,
    OfferExchange,
    OfferPurchase,
    Pass,
    Redeem,
    RedeemCar,
    Reject,
    Roll,
    Run,
    SellInvestment,
    TakeJob,
)
from tycoon.games.biznes_po_polsku.board import ahead
from tycoon.games.biznes_po_polsku.players import OFFICE, Player
from tycoon.games.biznes_po_polsku.state import (
    ANSWER,
    AUCTION,
    BANK,
    BUY,
    CAR,
    END,
    JOB,
    OFFICE_CHOICE,
    PARTY,
    RAISE,
    TURN,
    BiznesState,
)


class BiznesBot:
    """The heuristic bot described in the module's docstring."""

    name = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, BiznesState)
        legal = state.legal_actions(seat)
        choice = self.choose(state, state.players[seat], legal)
        return choice if choice in legal else legal[0]

    # --- the decisions --------------------------------------------------------------

    def choose(self, st: BiznesState, p: Player, legal: list[Action]) -> Action:
        if Claim() in legal:
            return Claim()
        phase = st.phase
        if phase == RAISE:
            return self.raise_funds(st, p, legal)
        if phase == AUCTION:
            return self.bid(st, p, legal)
        if phase == ANSWER:
            return Accept() if self.good_trade(st, p) else Reject()
        if phase == END:
            return EndTurn()
        if phase == CAR:
            return max((a for a in legal if isinstance(a, Drive)), key=lambda a: self.destination(st, p, a.steps))
        if phase == TURN:
            return self.deal(st, p, legal)
        if phase == BUY:
            space = st.rules.space(p.position)
            keep = 0 if self.helps_group(st, p, p.position) else self.reserve(st, p) // 2
            return Buy() if Buy() in legal and p.cash - space.cost >= keep else Pass()
        if phase == JOB:
            salary = st.rules.space(p.position).salary
            return TakeJob() if salary >= 1600 or st.rounds_done >= 2 else Pass()
        if phase == PARTY:
            return JoinParty() if JoinParty() in legal else Pass()
        if phase == OFFICE_CHOICE:
            space = st.rules.space(p.position)
            rich = p.cash - space.cost >= self.reserve(st, p)
            return Run() if Run() in legal and rich else Pass()
        return legal[0]

    def reserve(self, st: BiznesState, p: Player) -> int:
        """Cash the bot keeps: 1,000 zł plus half the largest fee it could owe an opponent."""
        worst = 0
        for n in st.rules.firms:
            if st.owner[n] not in (BANK, p.seat):
                worst = max(worst, firms.fee(st, n))
        return 1000 + min(worst, 8000) // 2

    def deal(self, st: BiznesState, p: Player, legal: list[Action]) -> Action:
        reserve = self.reserve(st, p)
        # Redeem what a complete group needs, then anything, when comfortably rich.
        redeems = [a for a in legal if isinstance(a, Redeem)]
        redeems.sort(key=lambda a: (not firms.owns_group(st, p.seat, a.space), st.rules.redemption(a.space)))
        for a in redeems:
            if p.cash - st.rules.redemption(a.space) >= reserve + 1000:
                return a
        if RedeemCar() in legal and p.cash - 3000 >= reserve + 4000:
            return RedeemCar()
        invest = self.best_investment(st, p, legal, reserve)
        if invest is not None:
            return invest
        trade = self.best_offer(st, p, legal, reserve)
        if trade is not None:
            return trade
        if BuyCar() in legal and p.cash - st.rules.car_price >= reserve + 8000:
            return BuyCar()
        return Roll()

    def best_investment(self, st: BiznesState, p: Player, legal: list[Action], reserve: int) -> Action | None:
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Invest):
                continue
            space = st.rules.space(a.space)
            if p.cash - space.investment < reserve:
                continue
            gain = (space.fees[st.level[a.space] + 1] - firms.fee(st, a.space)) / space.investment
            if best is None or gain > best[0]:
                best = (gain, a)
        return best[1] if best else None

    # --- trades ---------------------------------------------------------------------

    def acquire_value(self, st: BiznesState, seat: int, n: int) -> int:
        """What firm ``n`` is worth to ``seat`` if it gets it."""
        group = firms.group(st, n)
        cost = st.rules.space(n).cost
        others = [m for m in group if m != n]
        held = sum(st.owner[m] == seat for m in others)
        if held == len(others):
            return cost + sum(st.rules.space(m).cost for m in group)
        return cost + cost * held // 2

    def keep_value(self, st: BiznesState, seat: int, n: int) -> int:
        """What firm ``n`` is worth to ``seat``, its owner."""
        group = firms.group(st, n)
        cost = st.rules.space(n).cost
        held = sum(st.owner[m] == seat for m in group if m != n)
        if held == len(group) - 1:
            return cost + sum(st.rules.space(m).cost for m in group)
        return cost + cost * held // 2

    def denial(self, st: BiznesState, seat: int, n: int) -> int:
        """What it costs the bot that ``seat`` completes a group by getting ``n``."""
        group = firms.group(st, n)
        if all(st.owner[m] == seat for m in group if m != n):
            return sum(st.rules.space(m).cost for m in group)
        return 0

    def good_trade(self, st: BiznesState, p: Player) -> bool:
        deal = st.offer
        proposer = st.proposer
        reserve = self.reserve(st, p)
        if isinstance(deal, OfferPurchase):
            n = deal.space
            return deal.price >= self.keep_value(st, p.seat, n) + self.denial(st, proposer, n)
        if isinstance(deal, OfferExchange):
            redeem = st.rules.redemption(deal.give) if st.mortgaged[deal.give] else 0
            gain = self.acquire_value(st, p.seat, deal.give) - self.keep_value(st, p.seat, deal.take)
            gain -= self.denial(st, proposer, deal.take) + redeem
            gain += deal.payment
            return gain > 0 and p.cash + min(deal.payment, 0) - redeem >= reserve // 2
        if deal is not None and hasattr(deal, "price"):  # a sale offered to the bot
            n = getattr(deal, "space")  # noqa: B009
            price = int(getattr(deal, "price"))  # noqa: B009
            redeem = st.rules.redemption(n) if st.mortgaged[n] else 0
            value = self.acquire_value(st, p.seat, n)
            return value - price - redeem > 0 and p.cash - price - redeem >= reserve // 2
        return False

    def best_offer(self, st: BiznesState, p: Player, legal: list[Action], reserve: int) -> Action | None:
        step = st.offers_made
        # Only trades that complete one of the bot's groups are worth proposing.
        wanted: dict[int, int] = {}
        for n in st.rules.firms:
            if st.owner[n] not in (BANK, p.seat):
                value = self.acquire_value(st, p.seat, n)
                if value > 2 * st.rules.space(n).cost:
                    wanted[n] = value
        if not wanted:
            return None
        best: tuple[int, Action] | None = None
        for a in legal:
            if isinstance(a, OfferPurchase):
                n = a.space
                if n not in wanted:
                    continue
                points = [st.rules.space(n).cost * pc // 100 for pc in st.rules.price_percents]
                if a.price != points[min(step, len(points) - 1)]:
                    continue
                redeem = st.rules.redemption(n) if st.mortgaged[n] else 0
                if p.cash - a.price - redeem < reserve:
                    continue
                gain = wanted[n] - a.price - redeem
            elif isinstance(a, OfferExchange):
                if a.take not in wanted:
                    continue
                owner = st.owner[a.take]
                loss = self.keep_value(st, p.seat, a.give) + self.denial(st, owner, a.give)
                redeem = st.rules.redemption(a.take) if st.mortgaged[a.take] else 0
                if a.payment > 0 and p.cash - a.payment - redeem < reserve:
                    continue
                gain = wanted[a.take] - loss - a.payment - redeem
            else:
                continue
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        return best[1] if best else None

    def helps_group(self, st: BiznesState, p: Player, n: int) -> bool:
        group = firms.group(st, n)
        return all(st.owner[m] in (p.seat, BANK) for m in group)

    # --- money due and auctions -----------------------------------------------------

    def raise_funds(self, st: BiznesState, p: Player, legal: list[Action]) -> Action:
        def cost(a: Action) -> tuple[int, int]:
            if isinstance(a, Mortgage):
                complete = firms.owns_group(st, p.seat, a.space)
                return (3 if complete else 0, firms.fee(st, a.space))
            if isinstance(a, MortgageCar):
                return (1, 0)
            if isinstance(a, SellInvestment):
                return (2, -st.level[a.space])
            return (4, 0)

        return min(legal, key=cost)

    def bid(self, st: BiznesState, p: Player, legal: list[Action]) -> Action:
        a = st.auction
        assert a is not None
        n = a.lots[0]
        value = self.acquire_value(st, p.seat, n)
        reserve = self.reserve(st, p)
        bids = [x for x in legal if isinstance(x, Bid) and x.amount <= value and p.cash - x.amount >= reserve]
        return min(bids, key=lambda x: x.amount) if bids else Pass()

    # --- where to stop with the car -------------------------------------------------

    def destination(self, st: BiznesState, p: Player, steps: int) -> int:
        """How good stopping ``steps`` spaces ahead is for ``p`` (złoty, roughly)."""
        r = st.rules
        n = ahead(p.position if p.position != OFFICE else 1, steps)
        space = r.space(n)
        kind = space.kind
        if kind == "firm":
            owner = st.owner[n]
            if owner == BANK:
                return space.cost // 2 if p.cash > space.cost + self.reserve(st, p) else 0
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
