"""Expansion step 5: various game goals, and the personal goals written down at the start.

Playboss II, "5. Step: Various Game Goals". The game's goal is an option (``Playboss.goal``):

* ``profit``: the base model's goal, the most profit at the agreed time.
* ``first-to-sales``: whoever first reaches the sales target is the market leader and wins.
* ``sales-end-profit``: the game ends when a business reaches the sales target; the most profit
  wins.
* ``sales-yield``: it ends the same way; the highest sales yield (profit / sales) wins.
* ``asset-yield``: it ends the same way; the highest asset yield, per round played, wins.

Designed here, where the rulebook leaves it open:

* Sales are the Marks a business earned by selling finished products to the market: on red
  fields, at half price on the yellow field, and through marketing organisations. Selling back
  to the bank at the repurchase value is disposal, not sales (like selling a machine).
* First to the target: the game ends at the end of the turn in which a business reaches it.
  Without step 1 only the business on its turn sells; with step 1's free market competitors
  sell on another's turn, and if several reach it in the same turn the most sales lead (at
  equal sales the business on its turn, then from its left). The other sales goals end
  the game like the agreed time does: the round in which a business reaches the target is
  played out. The agreed length (years or rounds) stays as a limit; if it comes first, the
  most sales wins a ``first-to-sales`` game, and the other goals are judged as they stand.
* Sales yield = profit / sales, exactly (a fraction); a business without sales has none and
  ranks below all that have one.
* Asset yield = profit / balance-sheet total / rounds played. "Assets + Liabilities" is read as
  the balance-sheet total, the sum both sides of the sheet show (assets = debts + starting
  capital + profit). Rounds played are counted per business, partial rounds included ("3 ½
  rounds"): the spaces its piece has moved over the board's size. A business that has not
  moved, or whose balance sheet totals 0, has none.
* Bankrupt businesses never win; ties share the win. ``Outcome.scores`` stay the profits.
* Personal goals (``PERSONAL``) may be written down by each player before his first roll (an
  action of his own, at any time until then); they are hidden from the others until the game
  is over, and the end report sets each against what every business achieved.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tycoon.core.errors import IllegalAction
from tycoon.core.messages import Items, Seat, msg
from tycoon.games.playboss.actions import DeclareGoal
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.naming import money
from tycoon.games.playboss.phases import TURN

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.goals")
PERSONAL = ("profit", "market-share", "production-capacity", "sales", "sales-yield", "asset-yield")
"""Personal goals, from the rulebook's examples: maximum profit, largest market share, largest
production capacity, highest sales, highest sales yield, highest asset yield."""


def sales_goal(st: PlaybossData) -> bool:
    return st.game.sales_target is not None


def target_reached(st: PlaybossData) -> bool:
    """Whether a business still in the game has reached the sales target (goals that end the
    game there, the round played out)."""
    target = st.game.sales_target
    if target is None or st.game.goal == "first-to-sales":
        return False
    return any(b.sales >= target for b in st.businesses if not b.bankrupt)


def leader_found(st: PlaybossData) -> bool:
    """First to the target: at the end of a turn, whether the business on it reached it."""
    target = st.game.sales_target
    if st.game.goal != "first-to-sales" or target is None:
        return False
    # Step 1's competitors sell on another business's turn: several may reach the target in
    # one turn. The most sales lead; at equal sales the business on its turn, then from its left.
    n = len(st.businesses)
    reached = [st.businesses[(st.turn_seat + k) % n] for k in range(n)]
    reached = [b for b in reached if not b.bankrupt and b.sales >= target]
    if not reached:
        return False
    b = max(reached, key=lambda x: x.sales)
    st.expansion.leader = b.seat
    st.say(msg("pb.say.market_leader", seat=Seat(b.seat), amount=money(target)))
    return True


# --- measures ---------------------------------------------------------------------------


def rounds_played(st: PlaybossData, b: Business) -> Fraction:
    """Trips round the board, partial ones included: spaces moved over the board's size."""
    size = len(st.rules.board)
    return Fraction(b.laps * size + b.position - st.rules.start_position, size)


def sales_yield(st: PlaybossData, b: Business) -> Fraction | None:
    return Fraction(st.profit(b.seat), b.sales) if b.sales else None


def asset_yield(st: PlaybossData, b: Business) -> Fraction | None:
    sheet = st.balance_sheet(b.seat)
    rounds = rounds_played(st, b)
    if sheet.total_assets <= 0 or rounds <= 0:
        return None
    return Fraction(sheet.profit, sheet.total_assets) / rounds


def capacity(b: Business) -> int:
    """Production capacity: products per red field with every machine ready."""
    return sum(2 if m.double else 1 for m in b.machines)


def measures(st: PlaybossData, b: Business) -> dict[str, Fraction | int | None]:
    """What ``b`` achieved, for every personal goal."""
    total = sum(x.sales for x in st.businesses)
    return {
        "profit": st.profit(b.seat),
        "market-share": Fraction(b.sales, total) if total else None,
        "production-capacity": capacity(b),
        "sales": b.sales,
        "sales-yield": sales_yield(st, b),
        "asset-yield": asset_yield(st, b),
    }


def winners(st: PlaybossData, alive: list[int], profits: tuple[int, ...]) -> tuple[int, ...]:
    """The winners under the game's goal."""
    goal = st.game.goal
    if goal == "first-to-sales":
        if st.expansion.leader >= 0:
            return (st.expansion.leader,)
        return _best(alive, lambda s: st.businesses[s].sales)
    if goal == "sales-yield":
        return _best(alive, lambda s: sales_yield(st, st.businesses[s]))
    if goal == "asset-yield":
        return _best(alive, lambda s: asset_yield(st, st.businesses[s]))
    return _best(alive, lambda s: profits[s])


def _best(seats: list[int], value: Any) -> tuple[int, ...]:
    """The seats with the highest value; ``None`` (no value) never wins while any has one."""
    scored = [(s, value(s)) for s in seats]
    known = [v for _, v in scored if v is not None]
    if not known:
        return tuple(seats)
    top = max(known)
    return tuple(s for s, v in scored if v is not None and v == top)


# --- personal goals ---------------------------------------------------------------------


def can_declare(st: PlaybossData, b: Business) -> bool:
    """Whether ``b`` may write down its personal goal now: on its own turn before its first roll
    (designed here: at the start, and on the writer's own turn, so that who wrote one down is
    plain while what is kept secret)."""

    return st.game.step(5) and not b.goal and b.turns == 0 and st.phase == TURN and st.pending == b.seat


def legal(st: PlaybossData, b: Business) -> list[DeclareGoal]:
    return [DeclareGoal(g) for g in PERSONAL] if can_declare(st, b) else []


def declare(st: PlaybossData, b: Business, action: DeclareGoal) -> None:
    if not can_declare(st, b):
        why = "written" if b.goal else "rolled" if b.turns else "own_turn"
        raise IllegalAction(msg("pb.no.goal_when", why=why), RULE)
    if action.goal not in PERSONAL:
        raise IllegalAction(msg("pb.no.goals", goals=Items(tuple(PERSONAL)), goal=repr(action.goal)), RULE)
    b.goal = action.goal
    st.say(msg("pb.say.writes_goal", seat=Seat(b.seat)))


def _plain(value: Fraction | int | None) -> float | int | None:
    return round(float(value), 6) if isinstance(value, Fraction) else value


def report(st: PlaybossData) -> list[dict[str, Any]]:
    """Each business's personal goal and what every business achieved in it, with its rank
    (1 is best; businesses without a value, or bankrupt, are unranked)."""
    alive = [s for s, b in enumerate(st.businesses) if not b.bankrupt]
    table = [measures(st, b) for b in st.businesses]
    out = []
    for b in st.businesses:
        entry: dict[str, Any] = {"seat": b.seat, "goal": b.goal or None}
        entry["achieved"] = {k: _plain(v) for k, v in table[b.seat].items()}
        if b.goal and b.seat in alive:
            mine = table[b.seat][b.goal]
            others = [table[s][b.goal] for s in alive]
            entry["rank"] = None if mine is None else 1 + sum(1 for v in others if v is not None and v > mine)
            entry["best"] = entry["rank"] == 1
        out.append(entry)
    return out
