"""Expansion step 6: the labour market (Playboss II, "6. Step: Labor Market").

"To operate a machine, one needs one unit of labor ... One player becomes the worker
representative. He does not get a business to start ... He gives out the game pieces for labor
units and collects salaries." The representative is a seat of its own (``Playboss``'s
``representative`` option, the last seat by default) with a purse but no business: it never
rolls, and the die passes it by.

What the rulebook says, and where it lives here:

* 20 worker units; the unemployment support fund starts with 5,000 Marks from the bank. When
  the first business crosses start for the first time, unused units leave play for good
  (``first_lap_over``).
* Salaries start at 500 per worker and red field and are negotiated after the first lap;
  hiring at any time by agreement (``Hire`` in the first lap, ``OfferWorkers`` after it, an
  offer answered like every deal in ``deals.py``).
* On every red field each business pays its salaries to the representative, whether it
  produces or not; it produces on every red field and makes one other decision besides
  (``fields.py``); one worker runs one machine, double or single; production costs 500 per
  product, 250 with a computer. Producing on the yellow field costs 3,000 per machine and the
  salaries.
* Termination: on a business's red field the business or the representative announces workers
  leaving (``GiveNotice``); on its next red field they produce a last time, are paid a last
  time, and go back to the representative.
* Strike: when a business lands on a red field the representative may call strikes at any
  businesses (``CallStrike``); a strike becomes active on that business's next red field unless
  an agreement is reached first. A strike called, or notice given, on the business's own red
  field waits for its next one too: what was decided before a red field takes effect as the
  piece lands, before anybody speaks on it. A struck business pays no salaries, cannot produce and pays
  idle fees of 3,000 per machine on each red field; the representative pays strike wages (the
  highest negotiated salary per striking worker) to the bank. He ends a strike at any time.
* Lockout: while a business is struck, others may lock out: no salaries, no production, 300
  per machine on each red field; the representative pays strike wages for them too. The
  business ends it at any time.
* Unemployment support: after the first lap, each time the die passes the representative, he
  pays the highest negotiated salary for every worker let go (the units in his hand).

Designed here, where the rulebook is silent (docs/playboss.md, "Step 6"):

* A business has one salary agreement for all its workers: an agreement on new workers or a new
  salary sets the salary of every worker of that business. "The highest negotiated salary" is
  the highest salary agreed with any business still employing workers, at least the starting
  salary.
* Support is paid from the fund while it lasts, then from the representative's own Marks, to
  the bank (on behalf of the unemployed). A representative who cannot pay strike wages or
  support is bankrupt: strikes and lockouts end, the workers stay where they are and their
  salaries go to the bank from then on; no more workers can be hired or let go, and the rest of
  the fund goes back to the bank.
* The representative lends and borrows money and agrees salaries; he trades no goods and takes
  no part in auctions (he has no business to put them in). He pays no tax: tax is levied on a
  business's year, and he has none.
* Workers of a bankrupt business go back to the representative as let-go units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Message, Seat, msg
from tycoon.games.playboss.actions import (
    DO_NOTHING,
    CallStrike,
    DoNothing,
    EndLockout,
    EndStrike,
    GiveNotice,
    Hire,
    Lockout,
)
from tycoon.games.playboss.business import NO_COMPUTER, Business
from tycoon.games.playboss.menus import counts, word
from tycoon.games.playboss.naming import code, goods, goods_code, money
from tycoon.games.playboss.phases import BARGAINING, LABOUR, TURN
from tycoon.games.playboss.tasks import RED_FIELD_LABOUR, LabourWages

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.labour")
HIRING_RULE = msg("pb.no.rule.hiring")
TERMINATION_RULE = msg("pb.no.rule.termination")
STRIKE_RULE = msg("pb.no.rule.strike")
LOCKOUT_RULE = msg("pb.no.rule.lockout")


REP_ANYTIME: tuple[type[EndStrike], type[GiveNotice]] = (EndStrike, GiveNotice)
"""The "at any time" actions open to the worker representative (besides loans and agreements)."""

NONE, CALLED, ACTIVE = 0, 1, 2
STRIKE_NAMES = ("none", "called", "active")


class Labour:
    """What step 6 adds to a game's state."""

    __slots__ = (
        "field",
        "free",
        "fund",
        "leaving",
        "lockout",
        "negotiable",
        "notice",
        "produced",
        "removed",
        "rep",
        "strike",
        "wage",
        "workers",
    )

    def __init__(self, rep: int, seats: int, workers: int, fund: int, salary: int) -> None:
        self.rep = rep
        """The worker representative's seat."""
        self.fund = fund
        """Marks in the unemployment support fund."""
        self.free = workers
        """Worker units in the representative's hand."""
        self.removed = 0
        """Units removed from play (unused after the first lap, or the representative's bankruptcy)."""
        self.negotiable = False
        """The first lap is over: salaries are negotiated, unused units have left play."""
        self.workers = [0] * seats
        """Worker units employed by each seat's business."""
        self.wage = [salary] * seats
        """Each business's salary per worker and red field."""
        self.notice = [0] * seats
        """Workers announced to leave on the business's next red field."""
        self.leaving = [0] * seats
        """Workers leaving at the end of the red field under way."""
        self.strike = [NONE] * seats
        """NONE, CALLED (active from the business's next red field) or ACTIVE."""
        self.lockout = [False] * seats
        """Whether the business has locked its workers out."""
        self.field = -1
        """The seat whose red field is under way, or -1."""
        self.produced = False
        """The business on its red field has produced (its other decision may follow)."""

    def clone(self) -> Labour:
        c = Labour(0, 0, 0, 0, 0) if COMPILED else Labour.__new__(Labour)
        c.rep = self.rep
        c.fund = self.fund
        c.free = self.free
        c.removed = self.removed
        c.negotiable = self.negotiable
        c.workers = self.workers.copy()
        c.wage = self.wage.copy()
        c.notice = self.notice.copy()
        c.leaving = self.leaving.copy()
        c.strike = self.strike.copy()
        c.lockout = self.lockout.copy()
        c.field = self.field
        c.produced = self.produced
        return c

    def fingerprint(self) -> dict[str, Any]:
        # Copies of the lists, so that a fingerprint kept does not change with the game.
        return {name: (v.copy() if isinstance(v := getattr(self, name), list) else v) for name in FIELDS}


COMPILED = hasattr(Labour, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (``TYCOON_COMPILE=1 pip install .``,
docs/decisions/0019-compiled-build.md), where a class's ``__new__`` runs its ``__init__``:
``clone`` starts from ``__init__`` there and copies every field over it. A compiled class
keeps no ``__slots__`` either; ``FIELDS`` names its fields in both builds."""
FIELDS: tuple[str, ...] = tuple(sorted(getattr(Labour, "__mypyc_attrs__" if COMPILED else "__slots__")))
"""The fields of ``Labour``, in the order of its ``__slots__``."""


def new(st: PlaybossData) -> Labour | None:
    if not st.game.step(6):
        return None
    r = st.rules
    return Labour(st.game.representative, len(st.businesses), r.workers, r.unemployment_fund, r.salary)


def _lab(st: PlaybossData) -> Labour:
    lab = st.expansion.labour
    assert lab is not None
    return lab


def is_rep(st: PlaybossData, seat: int) -> bool:
    return st.game.representative == seat


def rep_active(st: PlaybossData) -> bool:
    lab = st.expansion.labour
    return lab is not None and not st.businesses[lab.rep].bankrupt


def highest_salary(st: PlaybossData) -> int:
    """The highest salary agreed with a business that employs workers; at least the starting
    salary (strike wages and unemployment support are paid at this rate)."""
    lab = _lab(st)
    wages = [lab.wage[s] for s, b in enumerate(st.businesses) if lab.workers[s] and not b.bankrupt]
    return max([st.rules.salary, *wages])


def struck(st: PlaybossData, seat: int) -> bool:
    """Whether ``seat``'s business may not produce: an active strike or its own lockout."""
    lab = st.expansion.labour
    return lab is not None and (lab.strike[seat] == ACTIVE or lab.lockout[seat])


def running_machines(st: PlaybossData, b: Business) -> list[bool]:
    """The ready machines the business's workers can run (double ones first), as "double"
    flags: one worker runs one machine, single or double."""
    lab = _lab(st)
    if struck(st, b.seat):
        return []
    ready = sorted((m[0] for m in b.machines if m[1] <= b.turns), reverse=True)
    return ready[: lab.workers[b.seat]]


def capacity(st: PlaybossData, b: Business) -> int:
    """Products the business can make now (step 6)."""
    return sum(2 if double else 1 for double in running_machines(st, b))


def machine_ready(st: PlaybossData, b: Business) -> int:
    """The turn (``Business.turns``) from which a machine that comes into ``b``'s factory now
    may produce. The base model: the turn after next ("until the turn after next (in 2 die
    rolls)"). With step 6: the business's next red field ("Players may not utilize machines
    purchased on a particular turn for production until they land on the next red field.
    Private transactions for machines are also subject to this restriction"), so any later turn
    of the business: the next one, or, before its roll on its own turn, the one after it."""

    if not st.game.step(6):
        return b.turns + st.rules.delivery_turns
    before_roll = st.phase == TURN or (st.phase in BARGAINING and st.deals.resume[0] == TURN)
    return b.turns + (2 if st.turn_seat == b.seat and before_roll else 1)


def production_cost(st: PlaybossData, b: Business) -> int:
    r = st.rules
    return r.labour_production_with_computer if b.computer != NO_COMPUTER else r.labour_production


def sellable(st: PlaybossData, b: Business) -> int:
    """Finished products ``b`` may sell on a red field: with step 6, not those produced on the
    same turn ("Finished product produced in a turn may not be sold until the player lands on
    the next red field")."""
    return b.finished - b.fresh if st.game.step(6) else b.finished


def salaries(st: PlaybossData, b: Business) -> int:
    lab = _lab(st)
    return lab.workers[b.seat] * lab.wage[b.seat]


def cost_field_production(st: PlaybossData, b: Business) -> tuple[int, int]:
    """Producing on the yellow field: (products made, Marks due): 3,000 per machine running and
    the salaries."""
    left = b.raw
    made = machines = 0
    for double in running_machines(st, b):
        if not left:
            break
        n = min(left, 2 if double else 1)
        made += n
        left -= n
        machines += 1
    return made, machines * st.rules.labour_cost_field + salaries(st, b)


# --- the red field ---------------------------------------------------------------------


def on_red(st: PlaybossData, b: Business) -> None:
    """A business lands on a red field: the representative's window, the salaries or idle
    costs, then the business's decisions, then the departures."""
    lab = _lab(st)
    lab.field = b.seat
    lab.produced = False
    st.agenda.push(*RED_FIELD_LABOUR)


def window(st: PlaybossData) -> None:
    """The representative's say on the red field (``LABOUR``), when he is still in the game."""
    if rep_active(st):
        st.decide(LABOUR, _lab(st).rep)


def effective(st: PlaybossData, b: Business) -> None:
    """What was decided before this red field takes effect on it, before anybody speaks: the
    workers given notice leave at its end, a strike called becomes active. What is said on the
    field itself (a strike called, notice given, by either side and in either order) waits for
    the business's next red field ("The decision becomes effective on the next red field"; "The
    strike will become 'active' for each affected business on the next red field")."""
    lab = _lab(st)
    s = b.seat
    lab.leaving[s], lab.notice[s] = lab.notice[s], 0
    if lab.strike[s] == CALLED:
        lab.strike[s] = ACTIVE
        st.say(msg("pb.say.strike_active", seat=Seat(s)))


def pay_field(st: PlaybossData, b: Business) -> None:
    r = st.rules
    lab = _lab(st)
    s = b.seat
    machines = len(b.machines)
    if lab.strike[s] == ACTIVE or lab.lockout[s]:
        if lab.workers[s] and rep_active(st):
            st.agenda.push(LabourWages())
        if machines:
            if lab.strike[s] == ACTIVE:
                st.charge(b, machines * r.strike_idle, code("strike_idle", goods_code("machines", machines)))
            else:
                st.charge(b, machines * r.lockout_idle, code("lockout_idle", goods_code("machines", machines)))
        return
    _pay_salaries(st, b)


def _pay_salaries(st: PlaybossData, b: Business) -> None:
    lab = _lab(st)
    due = salaries(st, b)
    if not due or b.seat == lab.rep:
        return  # the representative's own business pays its salaries to himself
    workers = goods_code("workers", lab.workers[b.seat])
    if rep_active(st):
        st.charge(b, due, code("salaries", workers, lab.wage[b.seat]), to=st.businesses[lab.rep], loan=False)
    else:
        st.charge(b, due, code("salaries_bank", workers, lab.wage[b.seat]))


def strike_wages(st: PlaybossData, b: Business) -> int:
    """The representative pays strike wages for the striking or locked-out workers; what he
    could not pay (``rep_pays``)."""
    lab = _lab(st)
    n = lab.workers[b.seat]
    rate = highest_salary(st)
    # The business landed on the red field struck or locked out; ending it meanwhile (while the
    # idle fees were raised) does not take back the wages of this field.
    cause = "locked-out" if lab.lockout[b.seat] else "striking"
    return rep_pays(st, n * rate, code("strike_wages", goods_code(cause, n), b.seat, rate))


def rep_pays(st: PlaybossData, amount: int, why: str, fund_first: bool = False) -> int:
    """The representative pays ``amount`` to the bank for ``why`` (a reason code,
    ``naming.why``; from the fund first when ``fund_first``).
    He has nothing to sell and no credit: short of Marks, he is bankrupt, and this returns what
    he could not pay (0 when paid) for the flow to declare it (``flow.py``)."""
    lab = _lab(st)
    rep = st.businesses[lab.rep]
    if fund_first and lab.fund:
        part = min(lab.fund, amount)
        lab.fund -= part
        st.ledger_in += part
        amount -= part
        st.say(msg("pb.say.fund_pays", amount=money(part), why=st.reason(why)))
    if not amount:
        return 0
    if rep.cash >= amount:
        st.pay(rep, amount, why)
        return 0
    st.say(msg("pb.say.rep_cannot_pay", amount=money(amount), why=st.reason(why)))
    return amount


def release(st: PlaybossData, b: Business) -> None:
    lab = _lab(st)
    s = b.seat
    n = lab.leaving[s]
    lab.field = -1
    if not n:
        return
    lab.leaving[s] = 0
    lab.workers[s] -= n
    if rep_active(st):
        lab.free += n
        st.say(msg("pb.say.workers_go_back", n=n, seat=Seat(s)))
    else:
        lab.removed += n
        st.say(msg("pb.say.workers_leave", n=n, seat=Seat(s)))


# --- the representative's window on a red field ----------------------------------------


def legal_window(st: PlaybossData, seat: int) -> list[Action]:
    out: list[Action] = [CallStrike(s) for s in range(len(st.businesses)) if _strike_error(st, s) is None]
    out.append(DO_NOTHING)
    return out


def check_window(st: PlaybossData, seat: int, action: Action) -> Refusal:
    """Why the representative may not say ``action`` on the red field now, or ``ALLOWED``."""
    if isinstance(action, CallStrike):
        error = _strike_error(st, action.seat)
        return (error, STRIKE_RULE) if error else ALLOWED
    if isinstance(action, DoNothing):
        return ALLOWED
    return msg("pb.no.not_now", action=str(action), pending=window_text(st)), RULE


def speak(st: PlaybossData, seat: int, action: Action) -> bool:
    """The representative calls a strike (and may say more: ``True``), or has nothing more to
    say (``check_window`` has allowed it)."""
    if isinstance(action, CallStrike):
        _lab(st).strike[action.seat] = CALLED
        st.say(msg("pb.say.calls_strike", seat=Seat(action.seat)))
        return True
    if st.log is not None:  # the words only when somebody listens: this ends every window
        st.say(msg("pb.say.rep_done"))
    return False


def window_text(st: PlaybossData) -> Message:
    """The worker representative's decision on a business's red field, as a message."""
    return msg("pb.phase.labour", seat=Seat(_lab(st).field))


def _strike_error(st: PlaybossData, seat: int) -> Message | None:
    lab = _lab(st)
    if not 0 <= seat < len(st.businesses) or seat == lab.rep:
        return msg("pb.no.no_business_at", seat=seat)
    if st.businesses[seat].bankrupt:
        return msg("pb.no.seat_bankrupt", seat=Seat(seat))
    if lab.strike[seat] != NONE:
        return msg("pb.no.struck_already", seat=Seat(seat), strike=STRIKE_NAMES[lab.strike[seat]])
    if not lab.workers[seat]:
        return msg("pb.no.no_workers_at", seat=Seat(seat))
    return None


def _noticeable(st: PlaybossData, seat: int) -> int:
    lab = _lab(st)
    return lab.workers[seat] - lab.notice[seat] - lab.leaving[seat]


# --- at any time -----------------------------------------------------------------------


def legal(st: PlaybossData, b: Business) -> list[Action]:
    """Step 6's finite "at any time" actions of ``b`` (a business or the representative); hiring
    and notice, with a count, are ``families``."""
    lab = _lab(st)
    out: list[Action] = []
    if b.seat == lab.rep:
        if not b.bankrupt:
            out += [EndStrike(s) for s, state in enumerate(lab.strike) if state != NONE]
        return out
    if _lockout_error(st, b) is None:
        out.append(Lockout())
    if lab.lockout[b.seat]:
        out.append(EndLockout())
    return out


def families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """Step 6's "at any time" actions with a count: hiring from the representative's hand, and
    notice to workers on the business's red field."""
    lab = _lab(st)
    out: list[ActionFamily] = []
    if b.seat == lab.rep:
        if b.bankrupt:
            return out
        if lab.field >= 0:
            out += counts(GiveNotice, 1, _noticeable(st, lab.field), fixed=(lab.field,), label=word("notice"))
        if b.firm:
            # A business he bought takes units from his own hand.
            out += counts(Hire, 1, lab.free, label=word("hire"))
        return out
    if not lab.negotiable and rep_active(st):
        out += counts(Hire, 1, lab.free, label=word("hire"))
    if _notice_window(st, b.seat):
        out += counts(GiveNotice, 1, _noticeable(st, b.seat), fixed=(b.seat,), label=word("notice"))
    return out


def _notice_window(st: PlaybossData, seat: int) -> bool:
    return _lab(st).field == seat


def _lockout_error(st: PlaybossData, b: Business) -> Message | None:
    lab = _lab(st)
    if lab.lockout[b.seat]:
        return msg("pb.no.locked_out_already")
    if lab.strike[b.seat] != NONE:
        return msg("pb.no.own_strike")
    if ACTIVE not in lab.strike:  # (asked at every decision of a business: no generator)
        return msg("pb.no.lockout_no_strike")
    if not lab.workers[b.seat]:
        return msg("pb.no.no_workers_to_lock")
    return None


def apply(st: PlaybossData, b: Business, action: Action) -> None:
    lab = _lab(st)
    rep = b.seat == lab.rep
    if isinstance(action, Hire):
        if rep and not b.firm:
            raise IllegalAction(msg("pb.no.rep_no_business"), HIRING_RULE)
        if lab.negotiable and not rep:
            raise IllegalAction(msg("pb.no.negotiate_now"), HIRING_RULE)
        if not rep_active(st):
            raise IllegalAction(msg("pb.no.rep_bankrupt_hire"), HIRING_RULE)
        if not 1 <= action.count <= lab.free:
            raise IllegalAction(msg("pb.no.rep_holds", n=lab.free), HIRING_RULE)
        lab.free -= action.count
        lab.workers[b.seat] += action.count
        st.say(
            msg("pb.say.hires", seat=Seat(b.seat), workers=goods("workers", action.count), wage=money(lab.wage[b.seat]))
        )
    elif isinstance(action, GiveNotice):
        _give_notice(st, b, action)
    elif isinstance(action, EndStrike):
        if not rep:
            raise IllegalAction(msg("pb.no.rep_ends_strike"), STRIKE_RULE)
        if not 0 <= action.seat < len(lab.strike) or lab.strike[action.seat] == NONE:
            raise IllegalAction(msg("pb.no.no_strike_at", seat=action.seat), STRIKE_RULE)
        end_strike(st, action.seat, "pb.say.strike_ended")
    elif isinstance(action, Lockout):
        error = msg("pb.no.rep_has_no_business") if rep else _lockout_error(st, b)
        if error:
            raise IllegalAction(error, LOCKOUT_RULE)
        lab.lockout[b.seat] = True
        st.say(msg("pb.say.locks_out", seat=Seat(b.seat)))
    elif isinstance(action, EndLockout):
        if rep or not lab.lockout[b.seat]:
            raise IllegalAction(msg("pb.no.no_lockout"), LOCKOUT_RULE)
        lab.lockout[b.seat] = False
        st.say(msg("pb.say.ends_lockout", seat=Seat(b.seat)))
    else:
        raise IllegalAction(msg("pb.no.not_an_action", action=str(action)))


def _give_notice(st: PlaybossData, b: Business, action: GiveNotice) -> None:
    lab = _lab(st)
    s = action.seat
    if b.seat != lab.rep and b.seat != s:
        raise IllegalAction(msg("pb.no.notice_own"), TERMINATION_RULE)
    if not 0 <= s < len(st.businesses) or not _notice_window(st, s):
        raise IllegalAction(msg("pb.no.notice_when"), TERMINATION_RULE)
    if b.seat == lab.rep and not rep_active(st):
        raise IllegalAction(msg("pb.no.rep_bankrupt"), TERMINATION_RULE)
    most = _noticeable(st, s)
    if not 1 <= action.count <= most:
        raise IllegalAction(msg("pb.no.notice_most", n=most, seat=Seat(s)), TERMINATION_RULE)
    lab.notice[s] += action.count
    told = "pb.say.rep_gives_notice" if b.seat == lab.rep else "pb.say.gives_notice"
    st.say(msg(told, n=action.count, seat=Seat(s)))


def end_strike(st: PlaybossData, seat: int, why: str) -> None:
    """The strike at ``seat`` ends, for the reason the catalogue key ``why`` says."""
    lab = _lab(st)
    lab.strike[seat] = NONE
    st.say(msg("pb.say.strike_ends", seat=Seat(seat), why=msg(why)))


# --- agreements (deals.py) ---------------------------------------------------------------


def offer_problem(st: PlaybossData, offerer: int, to: int, count: int, salary: int) -> Message | None:
    """Why an agreement on ``count`` new workers at ``salary`` cannot be offered or accepted."""
    lab = st.expansion.labour
    if lab is None:
        return msg("pb.no.agreements_not_played")
    if lab.rep not in (offerer, to):
        return msg("pb.no.agreements_with_rep", seat=Seat(lab.rep))
    if not rep_active(st):
        return msg("pb.no.rep_bankrupt")
    business = to if offerer == lab.rep else offerer
    if not lab.negotiable:
        return msg("pb.no.negotiate_later", salary=money(st.rules.salary))
    if count < 0 or salary < 0:
        return msg("pb.no.agreement_terms")
    if count > lab.free:
        return msg("pb.no.rep_holds", n=lab.free)
    if not count and not lab.workers[business]:
        return msg("pb.no.no_workers_to_agree", seat=Seat(business))
    return None


def agree(st: PlaybossData, business: int, count: int, salary: int) -> None:
    """An accepted agreement: the workers move, the salary applies to all, a strike ends."""
    lab = _lab(st)
    lab.free -= count
    lab.workers[business] += count
    lab.wage[business] = salary
    if count:
        st.say(msg("pb.say.agrees_hiring", seat=Seat(business), n=count, salary=money(salary)))
    else:
        st.say(msg("pb.say.agrees", seat=Seat(business), salary=money(salary)))
    if lab.strike[business] != NONE:
        end_strike(st, business, "pb.say.strike_agreed")


# --- the first lap, the die passing, bankruptcy ------------------------------------------


def on_cross(st: PlaybossData, b: Business) -> None:
    """The first crossing of start by any business ends the first lap: salaries become
    negotiable and the unused units leave play."""
    lab = _lab(st)
    if lab.negotiable:
        return
    lab.negotiable = True
    if lab.free:
        st.say(msg("pb.say.first_lap_over", n=lab.free))
    lab.removed += lab.free
    lab.free = 0


def on_pass(st: PlaybossData) -> int:
    """The die passes the representative: unemployment support for the workers let go; what he
    could not pay (``rep_pays``)."""
    lab = _lab(st)
    if not lab.negotiable or not lab.free or not rep_active(st):
        return 0
    rate = highest_salary(st)
    return rep_pays(st, lab.free * rate, code("unemployment", goods_code("workers", lab.free), rate), fund_first=True)


def on_bankruptcy(st: PlaybossData, b: Business) -> None:
    lab = _lab(st)
    s = b.seat
    if s == lab.rep:
        for x in range(len(lab.strike)):
            lab.strike[x] = NONE
            lab.lockout[x] = False
        lab.removed += lab.free
        lab.free = 0
        if lab.fund:
            st.ledger_in += lab.fund
            st.say(msg("pb.say.fund_to_bank", amount=money(lab.fund)))
            lab.fund = 0
        return
    n = lab.workers[s]
    lab.workers[s] = lab.notice[s] = lab.leaving[s] = 0
    lab.strike[s] = NONE
    lab.lockout[s] = False
    if lab.field == s:
        lab.field = -1
    if n and rep_active(st):
        lab.free += n
        st.say(msg("pb.say.workers_return", n=n, seat=Seat(s)))
    else:
        lab.removed += n


# --- what players see ---------------------------------------------------------------------


def view(st: PlaybossData) -> dict[str, Any]:
    lab = _lab(st)
    return {
        "representative": lab.rep,
        "fund": lab.fund,
        "free_workers": lab.free,
        "removed_workers": lab.removed,
        "salaries_negotiable": lab.negotiable,
        "highest_salary": highest_salary(st),
        "red_field_of": lab.field if lab.field >= 0 else None,
        "businesses": [
            {
                "seat": s,
                "workers": lab.workers[s],
                "salary": lab.wage[s],
                "notice": lab.notice[s],
                "leaving": lab.leaving[s],
                "strike": STRIKE_NAMES[lab.strike[s]],
                "lockout": lab.lockout[s],
            }
            for s in range(len(st.businesses))
            if s != lab.rep
        ],
    }
