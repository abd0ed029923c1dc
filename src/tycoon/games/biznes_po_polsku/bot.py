"""A heuristic Biznes po polsku bot.

It plays the game the way a careful player does:

- **Firms.** It founds every firm it lands on while it keeps a cash reserve, and buys one that
  brings it closer to a colour group even below the reserve. It offers trades that complete a
  colour group (a purchase, starting at half the founding cost, or an exchange of a firm it
  cannot use), and accepts only trades worth more to it than they cost, counting what the other
  player gains by completing a group.
- **Offers remembered.** It asks each other player at most once a turn, and does not make an
  offer again that it has made before unless something relevant has changed: the owners of the
  firms in the colour groups concerned, or the other player's cash (fallen by a third, and by at
  least 1,000 zł). A purchase refused at one price is offered at the next price on a later turn
  (``OfferMemory``).
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
deterministic; it never looks at the order of the card stacks. Its memory of offers starts
afresh with each game (``seed``).
"""

from __future__ import annotations

import random

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.biznes_po_polsku import firms, trade
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
    OfferSale,
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

Offer = OfferSale | OfferPurchase | OfferExchange


class OfferMemory:
    """The offers a bot has made in this game, so that it does not make one again while nothing
    relevant has changed, and asks each seat at most once a turn.

    Offers are remembered by their subject (a purchase of one firm, an exchange of two, a sale to
    one seat) with the best terms for the other player made so far. An offer accepted changed the
    owners, so what is remembered and still applies is, in effect, what was refused. A new offer
    on the same subject is made only when

    - the holdings changed: who owns each firm of the colour groups concerned (a firm with a
      new owner, a group nearer completion: the old answers no longer tell anything);
    - or it is better for the other player than every one made (a higher price offered, a larger
      payment added): a worse one, or the same again, is not worth asking;
    - or, the same best terms again, once the other player's cash has fallen by a third and by at
      least 1,000 zł since: a player short of money may sell what he refused to sell.
    """

    CASH_SHARE = 3
    """The other player's cash counts as fallen when it lost at least 1/CASH_SHARE of what it
    was ..."""
    CASH_MIN = 1000
    """... and at least this many złoty."""

    def __init__(self) -> None:
        self.made: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], int, int]] = {}
        """(proposer, subject) → (holdings, the other player's cash, the best terms offered)."""
        self.turn = (-1, -1)
        """The turn being played, as (rounds completed, seat whose turn it is)."""
        self.asked: set[tuple[int, int]] = set()
        """(proposer, other seat) pairs of this turn's offers."""

    def clear(self) -> None:
        self.made.clear()
        self.asked.clear()
        self.turn = (-1, -1)

    def _follow(self, st: BiznesState) -> None:
        now = (st.rounds_done, st.turn_seat)
        if now[0] < self.turn[0]:
            # An earlier round than the last one seen: another game. Forget the last one.
            self.clear()
        if now != self.turn:
            self.turn = now
            self.asked.clear()

    @staticmethod
    def subject(offer: Offer) -> tuple[int, ...]:
        """What ``offer`` is about, whatever its price: (kind, firms, and the buyer of a sale)."""
        if isinstance(offer, OfferPurchase):
            return (0, offer.space)
        if isinstance(offer, OfferExchange):
            return (1, offer.give, offer.take)
        return (2, offer.space, offer.to)

    @staticmethod
    def terms(offer: Offer) -> int:
        """How good ``offer`` is for the other player, in złoty: the higher the better."""
        if isinstance(offer, OfferPurchase):
            return offer.price
        if isinstance(offer, OfferExchange):
            return offer.payment
        return -offer.price

    @staticmethod
    def holdings(st: BiznesState, offer: Offer) -> tuple[int, ...]:
        """Who owns each firm of the colour groups ``offer`` concerns."""
        spaces = (offer.give, offer.take) if isinstance(offer, OfferExchange) else (offer.space,)
        held: list[int] = []
        for group in sorted({st.rules.space(n).group for n in spaces}):
            held += (st.owner[m] for m in st.rules.groups[group])
        return tuple(held)

    def may_offer(self, st: BiznesState, seat: int, offer: Offer) -> bool:
        """Whether ``seat`` may make ``offer`` now (see the class's docstring)."""
        self._follow(st)
        other = trade.counterpart(st, offer)
        if (seat, other) in self.asked:
            return False
        before = self.made.get((seat, self.subject(offer)))
        if before is None:
            return True
        holdings, cash, best = before
        if self.holdings(st, offer) != holdings or self.terms(offer) > best:
            return True
        fell = cash - st.players[other].cash
        return self.terms(offer) == best and fell * self.CASH_SHARE >= cash and fell >= self.CASH_MIN

    def remember(self, st: BiznesState, seat: int, offer: Offer) -> None:
        """``seat`` makes ``offer`` now."""
        self._follow(st)
        other = trade.counterpart(st, offer)
        self.asked.add((seat, other))
        key = (seat, self.subject(offer))
        holdings, terms = self.holdings(st, offer), self.terms(offer)
        before = self.made.get(key)
        if before is not None and before[0] == holdings:
            terms = max(terms, before[2])
        self.made[key] = (holdings, st.players[other].cash, terms)


class BiznesBot:
    """The heuristic bot described in the module's docstring."""

    name = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)
        self.memory = OfferMemory()

    def seed(self, seed: int | str) -> None:
        """A new game: reset the generator and forget the offers of the last one."""
        self.rng.seed(seed)
        self.memory.clear()

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, BiznesState)
        legal = state.legal_actions(seat)
        choice = self.choose(state, state.players[seat], legal)
        if choice not in legal:
            return legal[0]
        if isinstance(choice, (OfferSale, OfferPurchase, OfferExchange)):
            self.memory.remember(state, seat, choice)
        return choice

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
        # Only trades that complete one of the bot's groups are worth proposing; of those, the
        # best it has not made before under the same circumstances (so a purchase refused at
        # half the founding cost comes back on a later turn at the full cost, and so on).
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
                if n not in wanted or not self.memory.may_offer(st, p.seat, a):
                    continue
                redeem = st.rules.redemption(n) if st.mortgaged[n] else 0
                if p.cash - a.price - redeem < reserve:
                    continue
                gain = wanted[n] - a.price - redeem
            elif isinstance(a, OfferExchange):
                if a.take not in wanted or a.give in firms.group(st, a.take):
                    # Giving up a firm of the group it wants to complete completes nothing.
                    continue
                if not self.memory.may_offer(st, p.seat, a):
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
