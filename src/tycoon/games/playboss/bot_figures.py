"""The figures the Playboss bot's modules share: what lies ahead (red fields, rolls), what a
sale would fetch, and what a business must keep to stay able to pay (``reserve``) or could
raise after a change to its books (``raisable_with``).

The bot modules import these downward: ``bot_figures`` at the bottom, then ``bot_labour``,
``bot_steps`` and ``bot_deals``, then ``bot`` itself, which decides. Each figure reads the state
and changes nothing.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from tycoon.games.playboss import anytime, labour, leases, market, taxation
from tycoon.games.playboss.business import NO_COMPUTER, OWN, OWNED, Business
from tycoon.games.playboss.data import Rules
from tycoon.games.playboss.phases import BARGAINING, TURN

if TYPE_CHECKING:
    from tycoon.games.playboss.flow import PlaybossState


@dataclass(frozen=True, slots=True)
class Tuning:
    """The bot's knobs; the defaults were chosen by simulation."""

    buy_batch: float = 5.0
    """Raw products to buy at once, in produce decisions' worth of all machines."""
    sell_batch: float = 3.0
    """Sell once the finished products fill this many produce decisions (and at least 2)."""
    sale_spread: int = 1000
    """A batch sale stops where the price has fallen this far below the first product's."""
    max_machines: int = 4
    """Never own more machines than this."""
    invest_gain: int = 1000
    """Invest only when the machine is expected to gain at least this many Marks before the
    end of the game, its risks and interest counted (``machine_gain``)."""
    produce_share: float = 0.45
    """The share of the red fields after a machine's delivery on which it produces, in the base
    model (the others buy raw products and sell): measured in all-bot games."""
    produce_share_labour: float = 0.6
    """The same with step 6, where production comes besides the red field's decision but waits
    for raw products and cash (measured likewise)."""
    invest_reds: float = 3.0
    """Invest only while at least this many red fields are expected after this one, ..."""
    invest_reds_per_product: float = 2.5
    """... and this many more for every product the machines make already."""
    invest_rounds: float = 2.0
    """A new machine must leave cash for this many rounds of raw products and production."""
    decision_value: int = 2000
    """What a red field is worth, in Marks: producing on the yellow field spares one."""
    raw_round: int = 450
    """Marks kept for each raw product the next rounds of production need."""
    second_charge: float = 1.0
    """Uninsured, a new machine must leave this share of a second dear charge raisable."""
    first_year_funds: int = 1900
    """In the first year, with half the starting capital, the first machine (once insured)
    must leave this much beyond the reserve for raw products and production."""
    preload: int = 10
    """Raw products to buy in the first year, before the first machine, ..."""
    preload_share: float = 1.2
    """... but no more than this share of a fair split of the products in play, ..."""
    preload_reds: float = 8.0
    """... and only while this many red fields lie ahead (a year after the first)."""
    insure_first: bool = True
    """Keep the 2 WEBs of the insurance before spending 3 on an efficiency improvement (the
    bot ``hard`` searches over does not: ``bot_corner.py``)."""
    web_reds: float = 4.0
    """Buy WEBs only while this many red fields lie ahead: a WEB has no value at the end."""
    purchase_risk: int = 1000
    """Raw products for idle machines may eat this far into the reserve: producing is the way
    out of a cash shortage, standing idle is not."""
    anytime_per_decision: int = 4
    """At most this many "at any time" actions per decision, so the bot always moves on."""


# --- one decision's figures ---------------------------------------------------------------


class Steady:
    """The figures of one state, each worked out once, while a bot decides on it (the state
    does not change meanwhile): the rolls until the last round (``rolls_left``), ``reds_left``
    and ``reserve`` (as it stands) by seat, each kept with the business it was worked out for."""

    __slots__ = ("last_round", "reds", "reserves", "state")

    def __init__(self, st: PlaybossState) -> None:
        self.state = st
        self.last_round: float | None = None
        self.reds: dict[int, tuple[Business, float]] = {}
        self.reserves: dict[int, tuple[Business, int]] = {}


STEADY: ContextVar[Steady | None] = ContextVar("playboss_bot_steady", default=None)
"""The state a bot is deciding on, with its figures found so far (``PlaybossBot.act`` sets it
for the time of a decision); a figure asked of any other state is worked out afresh."""


def _steady(st: PlaybossState) -> Steady | None:
    held = STEADY.get()
    return held if held is not None and held.state is st else None


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


_RED_TABLES: dict[int, tuple[tuple[str, ...], tuple[tuple[float, ...], ...]]] = {}
"""``_red_table`` of each board met, by the board's identity, with the board (a board is one
per set of rules: looking its table up by identity spares hashing its forty fields at every
figure the bots ask for)."""


def expected_reds(board: tuple[str, ...], position: int, moves: float) -> float:
    """The red fields expected in ``moves`` moves (a fraction interpolates) from ``position``."""
    kept = _RED_TABLES.get(id(board))
    if kept is None or kept[0] is not board:
        kept = _RED_TABLES[id(board)] = (board, _red_table(board))
    table = kept[1]
    moves = max(0.0, min(moves, len(table) - 1.0))
    lo = int(moves)
    hi = min(lo + 1, len(table) - 1)
    frac = moves - lo
    return table[lo][position] * (1 - frac) + table[hi][position] * frac


def _place(st: PlaybossState, seat: int) -> int:
    """The seat's place in the round, counted from the start player."""
    return (seat - st.start_seat) % len(st.businesses)


def has_rolled(st: PlaybossState, seat: int) -> bool:
    """Whether ``seat`` has rolled already in the round now running (while a deal offered
    before the roll is answered, not yet)."""
    if seat == st.turn_seat:
        phase = st.deals.resume[0] if st.phase in BARGAINING else st.phase
        return phase != TURN
    return _place(st, seat) < _place(st, st.turn_seat)


def rolls_left(st: PlaybossState, seat: int) -> float:
    """The rolls ``seat`` can still expect before the game ends, not counting one it has
    made already in this round."""
    rolled = has_rolled(st, seat)
    if st.game.rounds is not None:
        return max(0.0, st.game.rounds - st.rounds_done - (1 if rolled else 0))
    held = _steady(st)
    if held is None:
        last = _last_round(st)
    elif held.last_round is not None:
        last = held.last_round
    else:
        last = held.last_round = _last_round(st)
    # Taking the roll made off the least of the businesses' figures, or off each figure before
    # the least is found (as this was once worked out), gives the same float: rounding is
    # monotonic.
    return max(0.0, last - int(rolled))


def _last_round(st: PlaybossState) -> float:
    """The rolls, counted from this round's first, until the round in which the first business
    completes its last year (the game ends after it): the same for every seat, so worked out
    once a decision (``Steady``)."""
    years = st.game.years or 0
    size = len(st.rules.board)
    businesses = st.businesses
    # has_rolled of every business, with the turn's place worked out once: the bots ask for
    # this figure several times a decision.
    start, turn, count = st.start_seat, st.turn_seat, len(businesses)
    turn_place = (turn - start) % count
    turn_rolled = st.phase != TURN
    first = float("inf")
    for b in businesses:
        if b.bankrupt:
            continue
        # The rolls it needs to cross start for the last time: the distance over 3.5, the
        # mean roll, and half a roll more for the overshoot (Wald's identity).
        # (Comparisons rather than max() and min(): this loop runs at most of the bots' decisions.)
        needed = ((years - b.laps) * size - b.position + 1.7) / 3.5
        if needed < 1.0:
            needed = 1.0
        # Its last roll falls in this round or a later one; everybody plays that round out.
        its_rolled = turn_rolled if b.seat == turn else (b.seat - start) % count < turn_place
        needed = needed + int(its_rolled)
        if needed < first:
            first = needed
    return first


# --- the market -------------------------------------------------------------------------


def next_sale(st: PlaybossState, otherwise: int) -> int:
    """What the next finished product sold now would fetch (``market.sale_prices``), or
    ``otherwise`` when the market has no empty dimple."""
    prices = market.sale_prices(st.market, st.rules, 1)
    return prices[0] if prices else otherwise


def reds_left(st: PlaybossState, b: Business) -> float:
    """Red fields expected after the current decision."""
    held = _steady(st)
    if held is None:
        return expected_reds(st.rules.board, b.position, rolls_left(st, b.seat))
    kept = held.reds.get(b.seat)
    if kept is not None and kept[0] is b:
        return kept[1]
    reds = expected_reds(st.rules.board, b.position, rolls_left(st, b.seat))
    held.reds[b.seat] = (b, reds)
    return reds


# --- a business's figures ---------------------------------------------------------------


def capacity(b: Business) -> int:
    """Products per produce decision once every machine is ready."""
    products = len(b.machines)
    for m in b.machines:  # a loop rather than sum() over a generator: the bots ask this often
        if m.double:
            products += 1
    return products


def production_cost(st: PlaybossState, b: Business) -> int:
    """Production cost per product (Playboss II, "6. Step": 500, or 250 with a computer)."""
    return labour.production_cost(st, b) if st.game.step(6) else b.production_cost(st.rules)


def worst_charge(st: PlaybossState, b: Business, webs: int | None = None, machines: int | None = None) -> int:
    """The dearest single payment the business may be charged before it can react: a risk card
    it is not protected against, or idling costs on the yellow field."""
    r = st.rules
    webs = b.webs if webs is None else webs
    machines = len(b.machines) if machines is None else machines
    idle = 0 if webs >= r.cost_field_webs else machines * r.cost_field_idle
    card = _worst_card(r, webs >= r.insurance_webs, b.computer != NO_COMPUTER, machines)
    return card if card > idle else idle


_WORST_CARDS: dict[int, tuple[Rules, dict[tuple[bool, bool, int], int]]] = {}
"""``_worst_card``'s answers, by the rules' identity (kept with the rules): a handful of
(insured, protected, machines) each; the bots ask at every reserve they work out."""


def _worst_card(r: Rules, insured: bool, protected: bool, machines: int) -> int:
    """The dearest payment a risk card may ask of a business with ``machines`` machines,
    ``insured`` or not, ``protected`` by a computer or not (0 when none asks a payment)."""
    kept = _WORST_CARDS.get(id(r))
    if kept is None or kept[0] is not r:
        kept = _WORST_CARDS[id(r)] = (r, {})
    key = (insured, protected, machines)
    worst = kept[1].get(key)
    if worst is not None:
        return worst
    worst = 0
    for card in r.risk_cards:
        if (card.insurable and insured) or (card.computer_protects and protected):
            continue
        effect = card.effect
        if effect == "pay":
            worst = max(worst, card.amount)
        elif effect == "pay_per_machine":
            worst = max(worst, card.amount * machines)
    kept[1][key] = worst
    return worst


@dataclass(frozen=True, slots=True)
class Odds:
    """What a set of rules says of the fields and the risk cards ahead, as the bot's reckoning
    of a machine's gain reads it at every call (``PlaybossBot.machine_gain``): worked out once
    per set of rules (``odds``)."""

    blue: int
    """The blue (risk) fields of the board."""
    yellow: int
    """The yellow (cost) fields of the board."""
    per_machine: int
    """The amounts of the risk cards that charge per machine, summed."""
    losses: tuple[int, int]
    """The risk cards that take a machine, from a business uninsured and insured."""


_ODDS: dict[int, tuple[Rules, Odds]] = {}
"""``odds`` of each set of rules met, by the rules' identity (kept with the rules)."""


def odds(r: Rules) -> Odds:
    """The board's and the risk deck's figures of ``r`` (``Odds``)."""
    kept = _ODDS.get(id(r))
    if kept is None or kept[0] is not r:
        cards = r.risk_cards
        found = Odds(
            blue=r.board.count("blue"),
            yellow=r.board.count("yellow"),
            per_machine=sum(c.amount for c in cards if c.effect == "pay_per_machine"),
            losses=(
                sum(c.effect == "lose_machine" for c in cards),
                sum(c.effect == "lose_machine" and not c.insurable for c in cards),
            ),
        )
        kept = _ODDS[id(r)] = (r, found)
    return kept[1]


def interest(st: PlaybossState, b: Business, debt: int) -> int:
    """Interest and fees due at the next crossing of start on ``debt``, less the second half of
    the starting capital, which the bank pays first at the first crossing."""
    r = st.rules
    if not debt:
        return 0
    due = debt * r.interest_percent // 100 + r.loan_fee
    return max(0, due - (r.after_first_lap if b.laps == 0 else 0))


def tax_reserve(st: PlaybossState, b: Business) -> int:
    """Step 4: the tax a statement made now would ask (``taxation.estimated_tax``)."""
    if not st.game.step(4):
        return 0
    r = st.rules
    taxable = taxation.year_figures(b, st.profit(b.seat))[2]
    # The tax is that of the taxable profit's full thousands (tax_on rounds it down first): a
    # handful of figures, kept by the rules' identity, as the bots ask at most decisions.
    thousands = max(0, taxable) // r.tax_rounding
    kept = _TAXES.get(id(r))
    if kept is None or kept[0] is not r:
        kept = _TAXES[id(r)] = (r, {})
    tax = kept[1].get(thousands)
    if tax is None:
        tax = kept[1][thousands] = taxation.tax_on(thousands * r.tax_rounding, r)
    return tax


_TAXES: dict[int, tuple[Rules, dict[int, int]]] = {}
"""``taxation.tax_on`` of each taxable profit's full thousands met, by the rules' identity (kept
with the rules)."""


def salary_reserve(st: PlaybossState, b: Business) -> int:
    """Step 6: the salaries due at the next red field."""
    lab = st.expansion.labour
    if lab is None or b.seat == lab.rep:
        return 0
    return labour.salaries(st, b)


def reserve(
    st: PlaybossState, b: Business, *, webs: int | None = None, machines: int | None = None, debt: int = 0
) -> int:
    """Cash (or credit) to keep for the dearest charge, the interest and the rent of leased
    machines due next and, with taxation (Playboss II, step 4), the tax on the year so far, and
    with the labour market (step 6) the next salaries."""
    if webs is None and machines is None and not debt:
        held = _steady(st)
        if held is not None:
            found = held.reserves.get(b.seat)
            if found is not None and found[0] is b:
                return found[1]
            kept = _reserve(st, b, None, None, 0)
            held.reserves[b.seat] = (b, kept)
            return kept
    return _reserve(st, b, webs, machines, debt)


def _reserve(st: PlaybossState, b: Business, webs: int | None, machines: int | None, debt: int) -> int:
    kept = worst_charge(st, b, webs, machines) + interest(st, b, b.debt + debt)
    kept += leases.rent_due(b)
    return kept + tax_reserve(st, b) + salary_reserve(st, b)


def liquid(st: PlaybossState, b: Business) -> int:
    """Cash on hand plus what the bank would still lend."""
    return b.cash + b.credit_room(st.rules)


def raisable_with(
    st: PlaybossState, b: Business, *, cash: int = 0, machines: int = 0, debt: int = 0, raw: int = 0
) -> int:
    """What the business could raise (``anytime.raisable``) after a change to its books."""
    r = st.rules
    stock = (b.raw + raw) * r.repurchase_raw + b.finished * r.repurchase_finished
    computer = r.repurchase_computer if b.computer == OWNED else 0
    own = sum(m.lessor == OWN for m in b.machines) + machines
    return b.cash + cash + stock + anytime.collateral(r, b, own, computer, b.debt + debt)


def useful_raw(b: Business, reds: float, cap: int | None = None) -> int:
    """Raw products the machines (``cap`` products a decision; all of them when None) can still
    turn into sold products before the end."""
    produce_rounds = max(0.0, reds - 1.0)  # the last red field is for selling
    cap = capacity(b) if cap is None else cap
    return int(cap * produce_rounds * 0.8 + 0.5)


def working_capital(st: PlaybossState, b: Business, tuning: Tuning, cap: int | None = None, rounds: float = 1) -> int:
    """Cash to keep for ``rounds`` rounds of production on every machine (or ``cap`` products a
    decision), with the raw products for them that are not in stock yet."""
    cap = capacity(b) if cap is None else cap
    products = int(cap * rounds + 0.5)
    return products * production_cost(st, b) + max(0, products - b.raw) * tuning.raw_round


def preload(st: PlaybossState, tuning: Tuning) -> int:
    """Raw products to stock up on in the first year: a fair share of those in play."""
    in_play = sum(st.market) + sum(x.raw + x.finished for x in st.businesses)
    alive = sum(not x.bankrupt for x in st.businesses)
    return min(tuning.preload, int(tuning.preload_share * in_play / max(1, alive)))
