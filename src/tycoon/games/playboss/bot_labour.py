"""How the Playboss bot plays the labour market (Playboss II, "6. Step: Labor Market").

As a business:

* In the first lap it hires a worker for every machine it has and, while another machine
  would pay before the end (``PlaybossBot.machine_gain``), one for the next; when the first lap
  may end before its next turn (a business is within 14 spaces of start) and it means to grow,
  it holds at least two (unused units leave play after the first lap, and hiring later needs an
  agreement). After it, it offers the worker representative an agreement at the highest
  salary for the workers its machines lack.
* It keeps the salaries of the next red field in its reserve and buys a machine only with a
  worker to run it; it gives notice to workers beyond its machines and one spare, and near the
  end to every worker without a machine.
* A strike called against it is ended by an agreement: it offers the next salary step above
  its own while the production ahead earns it, and never locks out.
* It accepts an agreement offered by the representative when it gets the workers it needs at
  no more than the highest salary, or a raise of one step while the year ahead still pays.

As the worker representative:

* It accepts every agreement at the starting salary or more, and proposes a raise of one step
  to a business that has had a good year; it calls a strike only at a business that pays less
  than the starting salary; it never gives notice (let-go workers cost him support).
* Loans: it lends spare salaries on the bot's usual terms (``bot_deals``).

Its figures (``reserve``, ``reds_left``, ``next_sale``, ...) are ``bot_figures``'s, below it;
``bot`` decides on top and calls it (docs/decisions/0021-playboss-layers.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.games.playboss import bot_figures as fig
from tycoon.games.playboss import labour
from tycoon.games.playboss.actions import DO_NOTHING, CallStrike, GiveNotice, Hire, OfferWorkers
from tycoon.games.playboss.business import Business

if TYPE_CHECKING:
    from tycoon.games.playboss.bot import PlaybossBot
    from tycoon.games.playboss.flow import PlaybossState

RAISE_STEPS = (300, 500, 700, 1000)
"""The salaries the bot negotiates in (the agreements' menu, ``labour.menu``)."""
MOST_SALARY = 700
"""The highest salary the bot agrees to pay while production pays."""


def workers(st: PlaybossState, b: Business) -> int:
    lab = st.expansion.labour
    return 0 if lab is None else lab.workers[b.seat]


def can_staff(st: PlaybossState, b: Business, machines: int) -> bool:
    """Whether ``machines`` machines can have a worker each (now or by hiring)."""
    lab = st.expansion.labour
    if lab is None:
        return True
    if not labour.rep_active(st):
        return lab.workers[b.seat] >= machines
    return lab.workers[b.seat] + lab.free >= machines


# --- a business ----------------------------------------------------------------------------


def turn_business(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    """Before the roll: hire in the first lap, seek workers or end a strike by agreement."""
    lab = st.expansion.labour
    if lab is None or not labour.rep_active(st):
        return None
    s = b.seat
    if not lab.negotiable:
        # A worker for every machine, and one for the next while another machine would pay
        # (worked out only here: once wages are negotiable, only the machines owned count).
        grows = len(b.machines) < bot.tuning.max_machines and bot.machine_gain(st, b) >= bot.tuning.invest_gain
        want = len(b.machines) + grows
        size = len(st.rules.board)
        later = fig.reds_left(st, b) >= bot.tuning.preload_reds  # a game that goes on after the first lap
        if (
            grows
            and later
            and any(x.position >= size - 14 for x in st.businesses if x.seat != lab.rep and not x.bankrupt)
        ):
            # The first lap may end before its next turn: take the workers for the game now.
            want = max(want, bot.tuning.max_machines - 2)
        short = want - lab.workers[s]
        if short > 0 and lab.free and fig.reds_left(st, b) >= 4:
            return Hire(min(short, lab.free))
        return None
    if lab.strike[s] != labour.NONE:
        offer = OfferWorkers(lab.rep, 0, _next_step(lab.wage[s]))
        if offer.salary <= 1000 and bot.fresh_offer(st, b, offer):
            return offer
    short = len(b.machines) - lab.workers[s]
    if short > 0 and lab.free:
        offer = OfferWorkers(lab.rep, min(short, lab.free, 2), labour.highest_salary(st))
        if bot.fresh_offer(st, b, offer):
            return offer
    return None


def notice(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    """On its red field: let go of workers no machine will need before the end."""
    lab = st.expansion.labour
    if lab is None or lab.field != b.seat or not lab.negotiable:
        return None
    spare = lab.workers[b.seat] - lab.notice[b.seat] - lab.leaving[b.seat] - len(b.machines)
    if fig.reds_left(st, b) >= 2.5:
        # Workers in hand for the next machine are kept: after the first lap they are scarce.
        spare -= 1
    if spare > 0:
        action = GiveNotice(b.seat, spare)
        if bot.allowed(st, b.seat, action):
            return action
    return None


def good_agreement(bot: PlaybossBot, st: PlaybossState, b: Business, offer: OfferWorkers) -> bool:
    """Answer an agreement, as a business or as the representative."""
    lab = st.expansion.labour
    if lab is None:
        return False
    if b.seat == lab.rep:
        return offer.salary >= st.rules.salary
    s = b.seat
    reds = fig.reds_left(st, b)
    total = lab.workers[s] + offer.count
    if total > len(b.machines) + 1 or reds < 2:
        return offer.salary < lab.wage[s] and offer.count == 0
    per_red = total * offer.salary
    if b.cash + b.credit_room(st.rules) < per_red + fig.reserve(st, b):
        return False
    if offer.salary <= lab.wage[s]:
        return True
    return offer.salary <= MOST_SALARY or (lab.strike[s] != labour.NONE and offer.salary <= 1000)


def _next_step(salary: int) -> int:
    for step in RAISE_STEPS:
        if step > salary:
            return step
    return RAISE_STEPS[-1]


# --- the worker representative ----------------------------------------------------------


def representative(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action:
    """The representative's say when a business lands on a red field."""
    lab = st.expansion.labour
    assert lab is not None
    # The strikes the representative may call (``CallStrike(s) in legal``, read off the list once).
    callable_ = {a.seat for a in bot.legal(st, b.seat) if type(a) is CallStrike}
    for s in range(len(st.businesses)):
        if s in callable_ and lab.wage[s] < st.rules.salary:
            return CallStrike(s)
    field = lab.field
    if field >= 0 and lab.negotiable and st.deals.offer is None:
        firm = st.businesses[field]
        wage = lab.wage[field]
        raised = OfferWorkers(field, 0, _next_step(wage))
        if wage < MOST_SALARY and firm.cash >= 15_000 and lab.workers[field] and bot.fresh_offer(st, b, raised):
            return raised
    return DO_NOTHING
