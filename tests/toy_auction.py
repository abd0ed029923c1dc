"""Lot auction: a small game built on the shared pieces of ``tycoon.core`` — the ascending
auction, the apply guard, the agenda of typed tasks — with action families, for testing them and
the conformance suite's family checks apart from any real game. It also shows a game engineer
how the pieces fit together.

The rules. Two to four players start with ``cash`` coins and no points. ``lots`` lots are
auctioned one after the other. For each, chance reveals its worth (1, 2 or 3 points, with
chances 1/2, 1/3 and 1/6); then everyone bids, in seat order from the left of the lot's dealer
(the dealer moves one seat to the left with every lot): a first bid of at least 1 coin, each
later bid at least 1 above the standing bid, never more than the bidder's cash; a bidder who
passes is out for this lot, and the last bidder standing pays the bank and takes the points.
When everyone passes, the lot is lost. At any time a player may sell points back to the bank,
``count`` points at ``price`` coins each (1 to 3), but the bank pays at most 5 coins a sale. The
game ends after the last lot; the most points win, then the most cash.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.agenda import Agenda, Handlers, Task, task
from tycoon.core.auction import AscendingAuction, Closing, seats_around
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, IntRange
from tycoon.core.game import CHANCE, JSON, TERMINAL, Game, Outcome, SharedDict, State
from tycoon.core.guard import admit, require_turn
from tycoon.core.registry import register
from tycoon.core.spec import GameOption, GameSpec

RULE = "Lot auction"
WORTHS = {1: 3, 2: 2, 3: 1}
"""A lot's worth in points and its weight (out of 6)."""
SALE_LIMIT = 5
"""The most coins the bank pays for one sale."""


@action("worth")
class Worth(Action):
    """Chance: the lot under the hammer is worth ``points``."""

    points: int


@action("bid")
class Bid(Action):
    amount: int


@action("pass")
class Pass(Action):
    pass


@action("sell")
class Sell(Action):
    """Sell ``count`` points to the bank at ``price`` coins each, at any time."""

    count: int
    price: int


CODEC = ActionCodec([Worth, Bid, Pass, Sell])


@task("reveal")
class Reveal(Task):
    """Chance reveals the next lot's worth."""


@task("auction")
class Auction(Task):
    """Open the bidding for the revealed lot."""

    dealer: int


@task("finish")
class Finish(Task):
    """The last lot is gone: the game ends."""


class LotAuction(Game):
    id = "lot-auction"
    rules_version = "1"
    codec = CODEC

    def __init__(self, players: int = 3, cash: int = 10, lots: int = 4, broken: str = "") -> None:
        super().__init__(players, {"cash": cash, "lots": lots, "broken": broken})
        self.cash = cash
        self.lots = lots
        self.broken = broken
        """For the suite's own tests: ``wide`` lists sales beyond the bank's limit, ``empty`` a
        sale family with no legal member, ``refuse-bid`` refuses every bid of 1, ``mute``
        describes nothing."""

    def new_state(self) -> LotAuctionState:
        return LotAuctionState(self)


class LotAuctionState(State):
    def __init__(self, game: LotAuction) -> None:
        self.game = game
        self.rules = game
        self.log = None
        self.cash = [game.cash] * game.num_seats
        self.points = [0] * game.num_seats
        self.lot = 0
        """Lots revealed so far."""
        self.worth = 0
        """The worth of the lot under the hammer."""
        self.auction: AscendingAuction | None = None
        self.over = False
        self.agenda = Agenda([Reveal(), Auction(0)])

    # -- the protocol ----------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.auction is not None:
            return self.auction.to_bid
        assert isinstance(self.agenda.first(), Reveal)
        return CHANCE

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        current = self.current_player()
        seat = current if seat is None else seat
        if self.over:
            return []
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return [Pass()] if seat == current else []

    def action_families(self, seat: int | None = None) -> list[ActionFamily]:
        current = self.current_player()
        seat = current if seat is None else seat
        if self.over or seat == CHANCE or not 0 <= seat < self.game.num_seats:
            return []
        families = []
        if seat == current and self.auction is not None:
            bids = self.auction.bid_family(Bid, self.cash[seat], label="Bid for the lot")
            if bids is not None:
                families.append(bids)
        held = self.points[seat]
        broken = self.rules.broken
        if held or broken == "empty":
            top = held if broken == "wide" else min(held, SALE_LIMIT)
            families.append(ActionFamily(Sell, (IntRange(1, max(top, 1)), IntRange(1, 3)), "Sell points to the bank"))
        return families

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.over or self.current_player() != CHANCE:
            return []
        return [(Worth(points), Fraction(weight, 6)) for points, weight in WORTHS.items()]

    def apply(self, action: Action, seat: int | None = None) -> None:
        current = self.current_player()
        seat = admit(action, seat, current, self.game.num_seats, CODEC)
        if isinstance(action, Sell) and seat != CHANCE:
            self._sell(seat, action)
            return
        require_turn(action, seat, current, "the lot is under the hammer" if current >= 0 else "chance reveals a lot")
        if (seat == CHANCE) != isinstance(action, Worth):
            raise IllegalAction(f"only chance reveals a lot's worth, and chance does nothing else: not {action}", RULE)
        if isinstance(action, Worth):
            if action.points not in WORTHS:
                raise IllegalAction(f"a lot is worth 1 to 3 points, not {action.points}", RULE)
            self.agenda.pop()
            self.worth = action.points
            self.lot += 1
            self.say(f"Lot {self.lot} is worth {action.points}.")
            self._run()
            return
        assert self.auction is not None
        if isinstance(action, Bid):
            problem = self.auction.bid_problem(action.amount, self.cash[seat])
            if problem is None and self.rules.broken == "refuse-bid" and action.amount == 1:
                problem = "bids of 1 are refused (broken on purpose)"
            if problem is not None:
                raise IllegalAction(problem, RULE)
            self.auction.bid(seat, action.amount)
        elif isinstance(action, Pass):
            self.auction.pass_(seat)
        else:
            raise IllegalAction(f"{action} is not possible now: bid or pass", RULE)
        self._close()

    def describe(self, action: Action, viewer: int | None = None) -> str:
        if self.rules.broken == "mute":
            return ""
        if isinstance(action, Sell):
            return f"sell {action.count} point(s) to the bank at {action.price} each"
        return str(action)

    def describe_all(self, action: Action) -> tuple[str, ...]:
        if self.rules.broken == "one-text":
            # Wrong on purpose: the spectator reads something else than describe says.
            return (*(self.describe(action, seat) for seat in range(self.game.num_seats)), "something happened")
        return super().describe_all(action)

    def outcome(self) -> Outcome:
        scores = tuple(p * 100 + c for p, c in zip(self.points, self.cash, strict=True))
        best = max(scores)
        return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == best))

    def view(self, seat: int | None) -> JSON:
        out = self.fingerprint()
        if self.rules.broken == "shared-list":
            # Wrong on purpose: a part every view shares holds a list anybody could change.
            out["rules"] = SharedDict(lots=[self.rules.lots])
        return out

    def clone(self) -> LotAuctionState:
        twin = LotAuctionState.__new__(LotAuctionState)
        twin.game = self.game
        twin.rules = self.rules
        twin.log = None if self.log is None else list(self.log)
        twin.cash = self.cash.copy()
        twin.points = self.points.copy()
        twin.lot = self.lot
        twin.worth = self.worth
        twin.auction = None if self.auction is None else self.auction.clone()
        twin.over = self.over
        twin.agenda = self.agenda.copy()
        return twin

    def fingerprint(self) -> JSON:
        auction: dict[str, Any] | None = None if self.auction is None else self.auction.to_json()
        return {
            "cash": self.cash.copy(),
            "points": self.points.copy(),
            "lot": self.lot,
            "worth": self.worth,
            "auction": auction,
            "over": self.over,
            "agenda": self.agenda.to_json(),
        }

    # -- the rules -------------------------------------------------------------------------

    def _sell(self, seat: int, sale: Sell) -> None:
        if not 1 <= sale.count <= self.points[seat]:
            raise IllegalAction(f"you hold {self.points[seat]} point(s) and cannot sell {sale.count}", RULE)
        if not 1 <= sale.price <= 3:
            raise IllegalAction(f"the bank pays 1 to 3 coins a point, not {sale.price}", RULE)
        if sale.count * sale.price > SALE_LIMIT:
            raise IllegalAction(f"the bank pays at most {SALE_LIMIT} coins a sale", RULE)
        self.points[seat] -= sale.count
        self.cash[seat] += sale.count * sale.price
        self.say(f"Seat {seat} sells {sale.count} point(s) for {sale.count * sale.price}.")

    def _close(self) -> None:
        a = self.auction
        assert a is not None
        closing = a.closing()
        if closing is Closing.OPEN:
            return
        if closing is Closing.SOLD:
            self.cash[a.high_bidder] -= a.high_bid
            self.points[a.high_bidder] += self.worth
            self.say(f"Seat {a.high_bidder} buys lot {self.lot} for {a.high_bid}.")
        else:
            self.say(f"Nobody buys lot {self.lot}.")
        self.auction = None
        self._run()

    def _run(self) -> None:
        """Do the agenda until a seat bids or chance reveals the next lot."""
        HANDLERS.run(self, self.agenda, lambda: self.auction is None and not isinstance(self.agenda.first(), Reveal))


HANDLERS: Handlers[LotAuctionState] = Handlers()


@HANDLERS.on(Auction)
def _open(st: LotAuctionState, task: Auction) -> None:
    n = st.game.num_seats
    bidders = [s for s in seats_around(task.dealer, n, last=True) if st.cash[s] >= 1]
    if bidders:
        st.auction = AscendingAuction(bidders, opening=1, raise_by=1)
    else:
        st.say(f"Nobody can bid for lot {st.lot}.")
    st.agenda.add(Reveal() if st.lot < st.rules.lots else Finish())
    if st.lot < st.rules.lots:
        st.agenda.add(Auction((task.dealer + 1) % n))


@HANDLERS.on(Reveal)
def _reveal(st: LotAuctionState, _: Reveal) -> None:
    raise AssertionError("chance reveals a lot; the flow never runs this task itself")


@HANDLERS.on(Finish)
def _finish(st: LotAuctionState, _: Finish) -> None:
    st.over = True
    st.say("The last lot is gone.")


def spec_for(factory: Callable[..., Game], game_id: str = LotAuction.id) -> GameSpec:
    return GameSpec(
        id=game_id,
        title="lot auction",
        factory=factory,
        min_seats=2,
        max_seats=4,
        default_seats=3,
        options=(
            GameOption("cash", "int", 10, "coins each player starts with", lo=0),
            GameOption("lots", "int", 4, "lots auctioned", lo=1),
            GameOption("broken", "str", "", "for tests: a fault to build in"),
        ),
    )


register(spec_for(LotAuction))
