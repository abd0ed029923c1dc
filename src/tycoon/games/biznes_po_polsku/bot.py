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
afresh with each game (``seed``). It builds its few candidate offers itself (a purchase at half,
once, one and a half or twice the founding cost; an exchange even or evened out by the
difference of the founding costs) and checks each with ``trade.offer_problem``; the figures it
reckons with are ``bot_figures``.
"""

from __future__ import annotations

import random

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.biznes_po_polsku import anytime, bankruptcy, car, firms, trade
from tycoon.games.biznes_po_polsku.actions import (
    ACCEPT,
    BUY_CAR,
    BUY_FIRM,
    CLAIM,
    DRIVES,
    END_TURN,
    INVESTS,
    JOIN,
    PASS,
    REDEEM_CAR,
    REDEEMS,
    REJECT,
    ROLL,
    RUN,
    TAKE_JOB,
    Bid,
    Mortgage,
    MortgageCar,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    SellInvestment,
)
from tycoon.games.biznes_po_polsku.bot_figures import (
    acquire_value,
    completes,
    denial,
    destination,
    helps_group,
    keep_value,
    reserve,
)
from tycoon.games.biznes_po_polsku.phases import (
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
)
from tycoon.games.biznes_po_polsku.players import CAR_MORTGAGED, Player
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.games.biznes_po_polsku.trade import Offer

PRICE_PERCENTS = (50, 100, 150, 200)
"""The prices the bot offers for a firm, as percentages of its founding cost, lowest first."""
ANY_TERMS = -(10**12)
"""``OfferMemory.least_terms`` when any terms may be offered."""


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
    def spaces(offer: Offer) -> tuple[int, ...]:
        """The firms ``offer`` names."""
        return (offer.give, offer.take) if isinstance(offer, OfferExchange) else (offer.space,)

    @staticmethod
    def holdings(st: BiznesState, spaces: tuple[int, ...]) -> tuple[int, ...]:
        """Who owns each firm of the colour groups of ``spaces``."""
        owner, group_of = st.owner, st.rules.group_of
        if len(spaces) == 1 or group_of[spaces[0]] == group_of[spaces[1]]:
            return tuple([owner[m] for m in group_of[spaces[0]]])
        return tuple([owner[m] for n in spaces for m in group_of[n]])

    def least_terms(
        self, st: BiznesState, seat: int, subject: tuple[int, ...], spaces: tuple[int, ...], other: int
    ) -> int | None:
        """The least terms (``terms``) an offer by ``seat`` to ``other`` on ``subject`` may have
        now, or ``None`` when ``other`` was asked this turn already (see the class's docstring)."""
        self._follow(st)
        if (seat, other) in self.asked:
            return None
        before = self.made.get((seat, subject))
        if before is None:
            return ANY_TERMS
        holdings, cash, best = before
        if self.holdings(st, spaces) != holdings:
            return ANY_TERMS
        fell = cash - st.players[other].cash
        return best if fell * self.CASH_SHARE >= cash and fell >= self.CASH_MIN else best + 1

    def may_offer(self, st: BiznesState, seat: int, offer: Offer) -> bool:
        """Whether ``seat`` may make ``offer`` now (see the class's docstring)."""
        other = trade.counterpart(st, offer)
        least = self.least_terms(st, seat, self.subject(offer), self.spaces(offer), other)
        return least is not None and self.terms(offer) >= least

    def remember(self, st: BiznesState, seat: int, offer: Offer) -> None:
        """``seat`` makes ``offer`` now."""
        self._follow(st)
        other = trade.counterpart(st, offer)
        self.asked.add((seat, other))
        key = (seat, self.subject(offer))
        holdings, terms = self.holdings(st, self.spaces(offer)), self.terms(offer)
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
        choice = self.choose(state, state.players[seat])
        if isinstance(choice, (OfferSale, OfferPurchase, OfferExchange)):
            self.memory.remember(state, seat, choice)
        return choice

    # --- the decisions --------------------------------------------------------------

    def choose(self, st: BiznesState, p: Player) -> Action:
        """The bot's action for ``p``, whose decision is pending (or who has an income to claim)."""
        if p.claims:
            return CLAIM
        phase = st.phase
        if phase == TURN:
            return self.deal(st, p)
        if phase == RAISE:
            return self.raise_funds(st, p)
        if phase == AUCTION:
            return self.bid(st, p)
        if phase == ANSWER:
            return ACCEPT if self.good_trade(st, p) else REJECT
        if phase == END:
            return END_TURN
        if phase == CAR:
            cash_reserve = reserve(st, p)
            near, far = st.rolled, st.rolled + st.rules.car_reach
            best = max((near, far), key=lambda steps: destination(st, p, steps, cash_reserve))
            return DRIVES[best]
        space = st.rules.space(p.position)
        if phase == BUY:
            keep = 0 if helps_group(st, p, p.position) else reserve(st, p) // 2
            return BUY_FIRM if p.cash >= space.cost and p.cash - space.cost >= keep else PASS
        if phase == JOB:
            return TAKE_JOB if space.salary >= 1600 or st.rounds_done >= 2 else PASS
        if phase == PARTY:
            return JOIN if p.cash >= space.fee else PASS
        if phase == OFFICE_CHOICE:
            return RUN if p.cash >= space.cost and p.cash - space.cost >= reserve(st, p) else PASS
        return st.legal_actions(p.seat)[0]

    def deal(self, st: BiznesState, p: Player) -> Action:
        """Before the roll: redeem, invest, offer a trade or buy a car, then roll."""
        r = st.rules
        cash_reserve = reserve(st, p)
        mine = st.firms_of(p.seat)
        # Redeem what a complete group needs, then anything, when comfortably rich.
        redeems = [n for n in mine if st.mortgaged[n] and p.cash >= r.redemptions[n]]
        redeems.sort(key=lambda n: (not firms.owns_group(st, p.seat, n), r.redemptions[n]))
        for n in redeems:
            if p.cash - r.redemptions[n] >= cash_reserve + 1000:
                return REDEEMS[n]
        if p.car == CAR_MORTGAGED and p.cash >= car.redeem_cost(st) and p.cash - 3000 >= cash_reserve + 4000:
            return REDEEM_CAR
        invest = self.best_investment(st, p, mine, cash_reserve)
        if invest is not None:
            return invest
        offer = self.best_offer(st, p, cash_reserve)
        if offer is not None:
            return offer
        if car.can_buy(st, p) and p.cash - r.car_price >= cash_reserve + 8000:
            return BUY_CAR
        return ROLL

    def best_investment(self, st: BiznesState, p: Player, mine: list[int], cash_reserve: int) -> Action | None:
        """The investment level with the best rise in fee per złoty that the reserve allows."""
        best: tuple[float, int] | None = None
        for n in mine:
            space = st.rules.board[n - 1]
            if p.cash - space.investment < cash_reserve or not firms.can_invest(st, p, n):
                continue
            gain = (space.fees[st.level[n] + 1] - firms.fee(st, n)) / space.investment
            if best is None or gain > best[0]:
                best = (gain, n)
        return INVESTS[best[1]] if best else None

    # --- trades ---------------------------------------------------------------------

    def good_trade(self, st: BiznesState, p: Player) -> bool:
        """Whether the offer made to ``p`` is worth more to it than it costs."""
        deal = st.offer
        proposer = st.proposer
        cash_reserve = reserve(st, p)
        if isinstance(deal, OfferPurchase):
            n = deal.space
            return deal.price >= keep_value(st, p.seat, n) + denial(st, proposer, n)
        if isinstance(deal, OfferExchange):
            redeem = trade.redeem_cost(st, deal.give)
            gain = acquire_value(st, p.seat, deal.give) - keep_value(st, p.seat, deal.take)
            gain -= denial(st, proposer, deal.take) + redeem
            gain += deal.payment
            return gain > 0 and p.cash + min(deal.payment, 0) - redeem >= cash_reserve // 2
        if isinstance(deal, OfferSale):
            n = deal.space
            redeem = trade.redeem_cost(st, n)
            value = acquire_value(st, p.seat, n)
            return value - deal.price - redeem > 0 and p.cash - deal.price - redeem >= cash_reserve // 2
        return False

    def candidates(self, st: BiznesState, p: Player, cash_reserve: int) -> list[tuple[int, Offer]]:
        """The offers worth making, each with what the bot gains by it, best first.

        Only trades that complete one of the bot's groups are worth proposing: a purchase at
        each of ``PRICE_PERCENTS`` of the founding cost, or an exchange of a firm of another
        group, even or evened out by the difference of the founding costs either way.
        """
        r = st.rules
        owner = st.owner
        wanted = [n for n in r.firms if owner[n] != BANK and owner[n] != p.seat and completes(st, p.seat, n)]
        if not wanted:
            return []
        memory, me = self.memory, p.seat
        found: list[tuple[int, Offer]] = []
        for n in wanted:
            least = memory.least_terms(st, me, (0, n), (n,), owner[n])
            if least is None:
                continue
            value = acquire_value(st, me, n)
            redeem = trade.redeem_cost(st, n)
            cost = r.board[n - 1].cost
            for percent in PRICE_PERCENTS:
                price = cost * percent // 100
                if price >= least and p.cash - price - redeem >= cash_reserve and value - price - redeem > 0:
                    found.append((value - price - redeem, OfferPurchase(n, price)))
        for give in st.firms_of(me):
            for take in wanted:
                if give in r.group_of[take]:
                    # Giving up a firm of the group it wants to complete completes nothing.
                    continue
                least = memory.least_terms(st, me, (1, give, take), (give, take), owner[take])
                if least is None:
                    continue
                loss = keep_value(st, me, give) + denial(st, owner[take], give)
                redeem = trade.redeem_cost(st, take)
                d = abs(r.board[give - 1].cost - r.board[take - 1].cost)
                value = acquire_value(st, me, take)
                for payment in (0, d, -d) if d else (0,):
                    if payment < least or (payment > 0 and p.cash - payment - redeem < cash_reserve):
                        continue
                    gain = value - loss - payment - redeem
                    if gain > 0:
                        found.append((gain, OfferExchange(give, take, payment)))
        found.sort(key=lambda item: -item[0])
        return found

    def best_offer(self, st: BiznesState, p: Player, cash_reserve: int) -> Action | None:
        """The best candidate the rules allow and the bot has not made before under the same
        circumstances (so a purchase refused at half the founding cost comes back on a later
        turn at the full cost, and so on)."""
        if st.offers_made >= st.rules.offers_per_turn:
            return None
        for _, offer in self.candidates(st, p, cash_reserve):
            if trade.offer_problem(st, p, offer) is None:
                return offer
        return None

    # --- money due and auctions -----------------------------------------------------

    def raise_funds(self, st: BiznesState, p: Player) -> Action:
        """Mortgage or sell what earns least first: lone firms, the car, investment levels,
        and only then firms of complete groups."""

        def cost(a: Action) -> tuple[int, int]:
            if isinstance(a, Mortgage):
                complete = firms.owns_group(st, p.seat, a.space)
                return (3 if complete else 0, firms.fee(st, a.space))
            if isinstance(a, MortgageCar):
                return (1, 0)
            if isinstance(a, SellInvestment):
                return (2, -st.level[a.space])
            return (4, 0)

        return min(anytime.fund_raising(st, p), key=cost)

    def bid(self, st: BiznesState, p: Player) -> Action:
        """The lowest bid allowed, while the firm is worth it and the reserve stays; else pass."""
        assert st.auction is not None
        lowest = bankruptcy.bidding(st).lowest()
        value = acquire_value(st, p.seat, st.auction.lots[0])
        if lowest <= p.cash and lowest <= value and p.cash - lowest >= reserve(st, p):
            return Bid(lowest)
        return PASS
