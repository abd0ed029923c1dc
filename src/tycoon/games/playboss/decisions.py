"""The decisions of Playboss, one entry each (``tycoon.core.decisions``): for every phase what
it offers, why it refuses an action, what taking one does, and the sentence that says it
(docs/decisions/0026-decisions-registry.md).

The flow looks the entry up by the phase once the checks every action passes first (the seat,
bankruptcy, what may be done "at any time") have passed; the rule modules below (``fields``,
``bankruptcy``, ``deals``, the steps' modules) hold the choices, checks and moves the entries
name. A decision that is over leaves the phase to the flow (``READY``: the turn's agenda goes
on); one that goes on (the representative calling another strike, producing before the red
field's other decision) says so by returning ``True``. The choices an entry lists are the
deciding seat's own; the flow adds what the seat may do at any time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.decisions import ALLOWED, Decisions, Refusal
from tycoon.core.messages import Message, Seat, Text, msg
from tycoon.games.playboss import (
    bankruptcy,
    deals,
    fields,
    free_market,
    labour,
    marketing,
    naming,
    purchase_auction,
    risk,
    words,
)
from tycoon.games.playboss.actions import (
    ROLL,
    BuyWeb,
    CostChoice,
    Die,
    DoNothing,
    DrawRisk,
    LoseMachine,
    RenewLease,
    ReturnComputer,
    Roll,
    WriteOff,
)
from tycoon.games.playboss.naming import money
from tycoon.games.playboss.phases import MOVE, Phase

if TYPE_CHECKING:
    from tycoon.games.playboss.flow import PlaybossState

DECISIONS: Decisions[PlaybossState] = Decisions()
"""Every phase of Playboss but ``READY``, with what it means."""


def phase_text(st: PlaybossState) -> Text:
    """What the pending decision is, a message for the seat that decides (``pb.phase.*``)."""
    return DECISIONS[st.phase].text(st)


def not_now(st: PlaybossState, action: Action) -> Refusal:
    """What a decision says of an action it does not take."""
    return msg("pb.no.not_now", action=str(action), pending=phase_text(st)), ""


def checked_of(
    kinds: tuple[type[Action], ...], rule: Callable[[PlaybossState, int, Any], Refusal]
) -> Callable[[PlaybossState, int, Action], Refusal]:
    """An entry's check: ``rule``'s for the actions of ``kinds``, ``not_now`` for any other."""

    def check(st: PlaybossState, seat: int, action: Action) -> Refusal:
        if isinstance(action, kinds):
            return rule(st, seat, action)
        return not_now(st, action)

    return check


# --- chance -------------------------------------------------------------------------------

DIE_ACTIONS: tuple[Action, ...] = tuple(Die(p) for p in range(1, 7))
"""The die's outcomes."""


def _check_die(st: PlaybossState, seat: int, action: Action) -> Refusal:
    return ALLOWED if action in DIE_ACTIONS else (msg("refuse.no_chance_outcome", action=str(action)), "")


def _check_risk(st: PlaybossState, seat: int, action: Action) -> Refusal:
    # Each card not yet drawn may come next (docs/decisions/0003-risk-deck-chance.md); a card's
    # number is its place in the deck (data.py).
    if type(action) is DrawRisk and 0 <= action.card < len(st.rules.risk_cards) and action.card not in st.risk_order:
        return ALLOWED
    return msg("refuse.no_chance_outcome", action=str(action)), ""


def _start_roll(st: PlaybossState, seat: int, action: Action) -> bool:
    assert isinstance(action, Die)
    return st.start_roll(action.pips)  # goes on until one contender rolled highest


def _move(st: PlaybossState, seat: int, action: Action) -> bool:
    assert isinstance(action, Die)
    st.move(action.pips)
    return False


def _draw_risk(st: PlaybossState, seat: int, action: Action) -> bool:
    assert isinstance(action, DrawRisk)
    st.risk_order.append(action.card)
    risk.resolve(st, st.businesses[st.turn_seat], action.card)
    return False


DECISIONS.add(Phase.SETUP, text=lambda st: msg("pb.phase.setup"), check=_check_die, carry_out=_start_roll)
DECISIONS.add(Phase.MOVE, text=lambda st: msg("pb.phase.move"), check=_check_die, carry_out=_move)
DECISIONS.add(Phase.RISK, text=lambda st: msg("pb.phase.risk"), check=_check_risk, carry_out=_draw_risk)
DECISIONS.add(Phase.OVER, text=lambda st: msg("pb.phase.over"))


# --- the turn -----------------------------------------------------------------------------


def _check_roll(st: PlaybossState, seat: int, action: Action) -> Refusal:
    if isinstance(action, Roll):
        return ALLOWED
    return msg("pb.no.roll_first", action=str(action)), ""


def _roll(st: PlaybossState, seat: int, action: Action) -> bool:
    st.businesses[seat].turns += 1
    st.phase = MOVE  # the die is rolled next
    return False


DECISIONS.add(
    Phase.TURN,
    text=lambda st: msg("pb.phase.turn"),
    legal=lambda st, seat: [ROLL],
    check=_check_roll,
    carry_out=_roll,
)


# --- the fields -----------------------------------------------------------------------------

DECISIONS.add(
    Phase.RED,
    text=lambda st: msg("pb.phase.red"),
    legal=fields.red_choices,
    families=fields.red_families,
    check=checked_of(fields.RED_ACTIONS, fields.check_red),
    carry_out=fields.red,  # step 6: producing, then one other decision
)
DECISIONS.add(
    Phase.GREEN,
    text=lambda st: msg("pb.phase.green", price=money(st.rules.web_price)),
    legal=fields.green_choices,
    check=checked_of((BuyWeb, DoNothing), fields.check_green),
    carry_out=fields.green,
)
DECISIONS.add(
    Phase.YELLOW,
    text=lambda st: msg(
        "pb.phase.yellow",
        produce=money(st.rules.cost_field_production),
        idle=money(st.rules.cost_field_idle),
        webs=st.rules.cost_field_webs,
    ),
    legal=fields.yellow_choices,
    check=checked_of((CostChoice,), fields.check_yellow),
    carry_out=fields.yellow,
)
DECISIONS.add(
    Phase.LEASE,
    text=lambda st: msg("pb.phase.lease", webs=st.rules.lease_webs),
    legal=fields.lease_choices,
    check=checked_of((RenewLease, ReturnComputer), fields.check_lease),
    carry_out=fields.lease,
)


# A machine to give up: on the white field, or to a risk card. Its machines sold meanwhile,
# the business has nothing left to lose and goes on.


def machine_check(
    kind: type[Action], rule: Callable[[PlaybossState, int, Any], Refusal]
) -> Callable[[PlaybossState, int, Action], Refusal]:
    """The check of a decision that takes a machine: ``rule``'s for an action of ``kind``,
    doing nothing once no machine is left."""

    def check(st: PlaybossState, seat: int, action: Action) -> Refusal:
        if isinstance(action, kind):
            return rule(st, seat, action)
        if isinstance(action, DoNothing) and not st.businesses[seat].machines:
            return ALLOWED
        return not_now(st, action)

    return check


DECISIONS.add(
    Phase.WHITE,
    text=lambda st: msg("pb.phase.white", webs=st.rules.cost_field_webs),
    legal=fields.white_choices,
    check=machine_check(WriteOff, fields.check_white),
    carry_out=fields.white,
)
DECISIONS.add(
    Phase.LOSE,
    text=lambda st: msg("pb.phase.lose"),
    legal=fields.lose_choices,
    check=machine_check(LoseMachine, fields.check_lose),
    carry_out=fields.lose,
)


# --- what is due, and bankruptcy ----------------------------------------------------------------


def _check_raise(st: PlaybossState, seat: int, action: Action) -> Refusal:
    # Only what raises money, and that is done "at any time" (the flow) before this check.
    return msg("pb.no.due", due=money(st.due)), ""


DECISIONS.add(
    Phase.RAISE,
    # The reason is the narration's English words until the payments carry a code (as Biznes
    # po polsku's do): a plain string parameter.
    text=lambda st: msg("pb.phase.raise", due=money(st.due), why=naming.why(st.rules, st.due_why)),
    check=_check_raise,
)
DECISIONS.add(
    Phase.AUCTION,
    text=lambda st: msg("pb.phase.auction"),
    legal=bankruptcy.legal_bids,
    families=bankruptcy.bid_families,
    check=bankruptcy.check_bid,
    carry_out=bankruptcy.bid,  # the next bidder, lot or task
)


# --- private business -----------------------------------------------------------------------


def _answer(st: PlaybossState, seat: int, action: Action) -> bool:
    # The answer is told with the figures of the moment, before anything changes hands.
    return deals.answer(
        st, seat, action, words.said(st, seat, action, countering=False)
    )  # or the offerer answers a counter-offer


def _answer_counter(st: PlaybossState, seat: int, action: Action) -> bool:
    return deals.answer_counter(st, seat, action, words.said(st, seat, action, countering=True))


def _counter_text(st: PlaybossState) -> Message:
    d = st.deals
    if d.counter is None:
        return msg("pb.phase.counter_plain")
    return msg("pb.phase.counter", seat=Seat(d.counter.to))


DECISIONS.add(
    Phase.ANSWER,
    text=lambda st: msg("pb.phase.answer", seat=Seat(st.deals.offerer)),
    legal=lambda st, seat: deals.answers(st),
    families=deals.answer_families,
    # The flow hands every answer here, whatever the phase but a counter-offer's: the check says
    # when no offer waits for this seat's answer.
    check=checked_of(deals.ANSWERS, deals.check_answer),
    carry_out=_answer,  # the decision set aside is pending again, or the counter-offer's
)
DECISIONS.add(
    Phase.COUNTER,
    text=_counter_text,
    legal=lambda st, seat: deals.answers(st),
    families=deals.answer_families,
    check=checked_of(deals.ANSWERS, deals.check_answer),
    carry_out=_answer_counter,  # the decision set aside is pending again
)


# --- the expansion steps ----------------------------------------------------------------------

DECISIONS.add(
    Phase.BIDDING,
    text=lambda st: msg("pb.phase.bidding"),
    legal=purchase_auction.legal_bids,
    families=purchase_auction.bid_families,
    check=purchase_auction.check_bid,
    carry_out=purchase_auction.bid,  # the next bidder, or the lot is sold
)
DECISIONS.add(
    Phase.DUE,
    text=lambda st: msg("pb.phase.due", cost=money(st.rules.marketing_yearly)),
    legal=marketing.due_choices,
    check=marketing.check_due,
    carry_out=marketing.answer_due,
)
DECISIONS.add(
    Phase.UNDERBIDDING,
    text=lambda st: msg("pb.phase.underbidding", step=money(st.rules.underbid_step)),
    legal=free_market.legal,
    families=free_market.families,
    check=free_market.check,
    carry_out=free_market.underbid,  # the next participant, round or sale
)


DECISIONS.add(
    Phase.LABOUR,
    text=lambda st: labour.window_text(st) if st.expansion.labour else msg("pb.phase.labour_plain"),
    legal=labour.legal_window,
    check=labour.check_window,
    carry_out=labour.speak,  # goes on after a strike called
)
