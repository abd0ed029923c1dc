"""A heuristic Biznes po polsku bot.

It plays the game the way a careful player does:

- **Firms.** It founds every firm it lands on while it keeps a cash reserve, and buys one that
  brings it closer to a colour group even below the reserve.
- **Trades.** It weighs a trade by what the firms are worth to it (a whole colour group by the
  fees the others are expected to pay on it for the rest of the game) and what the other side's
  gain costs it (``bot_figures``, ``bot_trade``). It accepts an offer that suits it; one that
  does not, it answers with a counter-offer at money that suits both sides when the rules allow
  one, or declines, giving the reason that weighs most. It offers purchases, sales and exchanges
  of its own, to people and bots, with firms of groups begun by one side or the other, priced
  between the two sides' limits so that the other side, reckoning the same way, takes it.
- **Offers remembered.** It asks each other player at most once a turn, and does not make an
  offer again that it has made before unless something relevant has changed: the owners of the
  firms in the colour groups concerned, or the other player's cash (fallen by a third, and by at
  least 1,000 zł), or the terms are better for the other player (``OfferMemory``).
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
afresh with each game (``seed``). It builds its few candidate offers itself
(``bot_trade.offers``) and checks each with ``trade.offer_problem``. ``AnsweringBot`` is the
same bot that neither offers nor counters: the yardstick of docs/agents.md, "Negotiation".
"""

from __future__ import annotations

import random

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.biznes_po_polsku import anytime, bankruptcy, bot_trade, car, firms, trade
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
    ROLL,
    RUN,
    TAKE_JOB,
    Bid,
    Counter,
    Mortgage,
    MortgageCar,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    RejectBecause,
    SellInvestment,
)
from tycoon.games.biznes_po_polsku.bot_figures import (
    acquire_value,
    destination,
    helps_group,
    reserve,
)
from tycoon.games.biznes_po_polsku.phases import (
    ANSWER,
    AUCTION,
    BUY,
    CAR,
    COUNTER,
    END,
    JOB,
    OFFICE_CHOICE,
    PARTY,
    RAISE,
    TURN,
)
from tycoon.games.biznes_po_polsku.players import CAR_MORTGAGED, Player
from tycoon.games.biznes_po_polsku.reasons import side_of
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.games.biznes_po_polsku.trade import Offer

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
    - or it is better for the other player than every one made, by a tenth and at least 100 zł
      (a higher price offered, a larger payment added): a worse one, the same again, or one a
      few złoty better is not worth asking;
    - or, the same best terms again, once the other player's cash has fallen by a third and by at
      least 1,000 zł since: a player short of money may sell what he refused to sell.
    """

    CASH_SHARE = 3
    """The other player's cash counts as fallen when it lost at least 1/CASH_SHARE of what it
    was ..."""
    CASH_MIN = 1000
    """... and at least this many złoty."""
    RAISE_SHARE = 10
    """A new offer on a subject refused must be better for the other player by this many
    percent of the best terms offered ..."""
    RAISE_STEP = 100
    """... and by at least this many złoty (so a price refused is not offered again 10 zł
    higher, turn after turn)."""

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
    def with_terms(offer: Offer, terms: int) -> Offer:
        """``offer`` with the terms ``terms`` (as ``terms`` reads them)."""
        if isinstance(offer, OfferPurchase):
            return OfferPurchase(offer.space, terms)
        if isinstance(offer, OfferExchange):
            return OfferExchange(offer.give, offer.take, terms)
        return OfferSale(offer.space, offer.to, -terms)

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
        if fell * self.CASH_SHARE >= cash and fell >= self.CASH_MIN:
            return best
        step = self.RAISE_STEP
        return best + max(step, abs(best) * self.RAISE_SHARE // 100 // step * step)

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

    def __init__(self, seed: int | str = 0, *, negotiate: bool = True) -> None:
        self.rng = random.Random(seed)
        self.memory = OfferMemory()
        self.negotiate = negotiate
        """Whether it bargains: makes offers of its own and answers with counter-offers. Without,
        it only accepts or declines what it is offered (``AnsweringBot``)."""

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
            return self.answer(st, p)
        if phase == COUNTER:
            return self.answer_counter(st, p)
        if phase == END:
            return END_TURN
        if phase == CAR:
            cash_reserve = self.reserve(st, p)
            near, far = st.rolled, st.rolled + st.rules.car_reach
            best = max((near, far), key=lambda steps: destination(st, p, steps, cash_reserve))
            return DRIVES[best]
        space = st.rules.space(p.position)
        if phase == BUY:
            keep = 0 if helps_group(st, p, p.position) else self.reserve(st, p) // 2
            return BUY_FIRM if p.cash >= space.cost and p.cash - space.cost >= keep else PASS
        if phase == JOB:
            return TAKE_JOB if space.salary >= 1600 or st.rounds_done >= 2 else PASS
        if phase == PARTY:
            return JOIN if p.cash >= space.fee else PASS
        if phase == OFFICE_CHOICE:
            return RUN if p.cash >= space.cost and p.cash - space.cost >= self.reserve(st, p) else PASS
        return st.legal_actions(p.seat)[0]

    def deal(self, st: BiznesState, p: Player) -> Action:
        """Before the roll: redeem, invest, offer a trade or buy a car, then roll."""
        r = st.rules
        cash_reserve = self.reserve(st, p)
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

    def reserve(self, st: BiznesState, p: Player) -> int:
        """The cash the bot keeps in hand when it spends on business (``bot_figures.reserve``;
        a beginner keeps more)."""
        return reserve(st, p)

    # --- trades ---------------------------------------------------------------------

    def judge(self, value: int) -> int:
        """A figure as the bot sees it: as it is (a beginner misjudges it)."""
        return value

    def answer(self, st: BiznesState, p: Player) -> Action:
        """Accept the offer made to ``p`` if it suits it; else, bargaining, hand back the same deal
        at money that suits both sides (``bot_trade.meeting``), or at its own price when the
        offer came near it (``bot_trade.asking``), when the rules allow such a counter-offer;
        else decline, saying why."""
        deal = st.offer
        assert deal is not None
        if bot_trade.suits(st, deal, st.proposer, p.seat, self.judge):
            return ACCEPT
        side = side_of(st, deal, st.proposer, p.seat)
        why = bot_trade.reason(st, side, self.judge)
        if self.negotiate:
            bounds = trade.counter_bounds(st)
            # Money that suits both sides; else, when the offer came near, its own price.
            amount = bot_trade.meeting(st, deal, st.proposer, p.seat, self.judge)
            if amount is None:
                amount = bot_trade.asking(st, deal, st.proposer, p.seat, self.judge)
            if bounds is not None and amount is not None and bounds[0] <= amount <= bounds[1]:
                return Counter(amount, why)
        return RejectBecause(why)

    def answer_counter(self, st: BiznesState, p: Player) -> Action:
        """Accept the counter-offer handed back to ``p`` if it suits it; else decline, saying why."""
        deal = st.counter
        assert deal is not None
        if bot_trade.suits(st, deal, p.seat, p.seat, self.judge):
            return ACCEPT
        return RejectBecause(bot_trade.reason(st, side_of(st, deal, p.seat, p.seat), self.judge))

    def best_offer(self, st: BiznesState, p: Player, cash_reserve: int) -> Action | None:
        """The trade that gains the bot most by its reckoning (``bot_trade.offers``), priced to
        suit the other side too, that the rules allow and the bot has not made before under the
        same circumstances (``OfferMemory``); none unless it bargains."""
        if not self.negotiate or st.offers_made >= st.rules.offers_per_turn:
            return None
        memory = self.memory
        for _, offer in bot_trade.offers(st, p.seat, self.judge):
            assert isinstance(offer, (OfferSale, OfferPurchase, OfferExchange))
            other = trade.counterpart(st, offer)
            least = memory.least_terms(st, p.seat, memory.subject(offer), memory.spaces(offer), other)
            if least is None:
                continue
            if memory.terms(offer) < least:
                # Refused before: only terms better for the other side are worth asking, and
                # only while the trade still gains the bot enough.
                offer = memory.with_terms(offer, least)
                if (
                    trade.offer_problem(st, p, offer) is not None
                    or bot_trade.gain(st, offer, p.seat, self.judge) < bot_trade.LEAST_GAIN
                ):
                    continue
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
        if lowest <= p.cash and lowest <= value and p.cash - lowest >= self.reserve(st, p):
            return Bid(lowest)
        return PASS


class AnsweringBot(BiznesBot):
    """The bot that only answers yes or no: the normal bot's play and judgement, but it makes no
    offer of its own and never counters (it still says why it declines). A yardstick for what
    bargaining is worth (``benchmarks/negotiation.py``), registered as the kind ``answers``."""

    name = "answers"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed, negotiate=False)
