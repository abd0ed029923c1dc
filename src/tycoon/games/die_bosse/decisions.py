"""The decisions of Die Bosse, one entry each (``tycoon.core.decisions``): for every phase what
it offers, why it refuses an action, what taking one does, and the sentence that says it.

The flow looks the entry up by the phase; the rule modules below (``turn``, ``paying``,
``rationalising``, ``chance``) hold the choices, checks and moves the entries name. A decision
that is over leaves the phase to the flow (``READY``: the end of the turn goes on); one that
goes on (a bill paid card by card, cards given up one by one) says so by returning ``True``.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.core.decisions import ALLOWED, Decisions, Refusal
from tycoon.core.messages import Message, Text, msg
from tycoon.games.die_bosse import chance, paying, rationalising, turn
from tycoon.games.die_bosse.actions import Buy, Discard, Done, End, Move, Pay, Place, Transfer
from tycoon.games.die_bosse.phases import RULE_TURN, Phase
from tycoon.games.die_bosse.state import DieBosseData
from tycoon.games.die_bosse.tasks import END_OF_TURN
from tycoon.games.die_bosse.words import millions

DECISIONS: Decisions[DieBosseData] = Decisions()
"""Every phase of Die Bosse but ``READY``, with what it means."""


def phase_text(st: DieBosseData) -> Text:
    """The pending decision, as a message for the seat that decides (``db.phase.*``)."""
    return DECISIONS[st.phase].text(st)


def not_now(st: DieBosseData, action: Action) -> Refusal:
    """What every decision says of an action it does not take."""
    return msg("db.no.not_now", action=str(action), pending=phase_text(st)), RULE_TURN


def chance_check(st: DieBosseData, seat: int, action: Action) -> Refusal:
    """Why ``action`` is no chance outcome now (chance's turns share it)."""
    if chance.allowed(st, action):
        return ALLOWED
    return msg("refuse.no_chance_outcome", action=str(action)), ""


# --- chance -----------------------------------------------------------------------------


def _setup(st: DieBosseData, seat: int, action: Action) -> bool:
    return chance.setup(st, action)


def _refill(st: DieBosseData, seat: int, action: Action) -> bool:
    return chance.refill(st, action)


def _draw(st: DieBosseData, seat: int, action: Action) -> bool:
    return chance.draw(st, action)


DECISIONS.add(Phase.SETUP, text=lambda st: msg("db.phase.setup"), check=chance_check, carry_out=_setup)
DECISIONS.add(Phase.REFILL, text=lambda st: msg("db.phase.refill"), check=chance_check, carry_out=_refill)
DECISIONS.add(Phase.DRAW, text=lambda st: msg("db.phase.draw"), check=chance_check, carry_out=_draw)
DECISIONS.add(Phase.OVER, text=lambda st: msg("db.phase.over"))


# --- the turn -----------------------------------------------------------------------------


def _check_turn(st: DieBosseData, seat: int, action: Action) -> Refusal:
    if isinstance(action, Buy):
        return turn.check_buy(st, seat, action.card)
    if isinstance(action, Transfer):
        return turn.check_transfer(st, seat, action)
    if isinstance(action, Move):
        return rationalising.check(st, seat, action)
    if isinstance(action, End):
        return ALLOWED
    return not_now(st, action)


def _take_turn(st: DieBosseData, seat: int, action: Action) -> bool:
    if isinstance(action, Buy):
        turn.buy(st, seat, action.card)  # the company is laid next
    elif isinstance(action, Transfer):
        turn.transfer(st, seat, action)  # the company is laid next
    elif isinstance(action, Move):
        rationalising.request(st, seat, action)  # paid in advance next, or back to the turn
    else:
        st.agenda.add(*END_OF_TURN)
    return False


DECISIONS.add(
    Phase.TURN,
    text=lambda st: msg("db.phase.turn"),
    legal=turn.turn_choices,
    check=_check_turn,
    carry_out=_take_turn,
)


def _check_place(st: DieBosseData, seat: int, action: Action) -> Refusal:
    if isinstance(action, Place):
        return turn.check_place(st, seat, action.concern)
    return not_now(st, action)


def _place(st: DieBosseData, seat: int, action: Action) -> bool:
    assert isinstance(action, Place)
    turn.place(st, seat, action.concern)  # back to the turn, or the row is refilled
    return False


DECISIONS.add(
    Phase.PLACE,
    text=lambda st: msg("db.phase.place"),
    legal=turn.place_choices,
    check=_check_place,
    carry_out=_place,
)


# --- paying -------------------------------------------------------------------------------


def _advance_text(st: DieBosseData) -> Message:
    return msg("db.phase.advance", due=millions(st.advance_due()))


def _check_advance(st: DieBosseData, seat: int, action: Action) -> Refusal:
    if isinstance(action, Pay):
        return paying.check_advance(st, seat, action.card)
    return not_now(st, action)


def _pay_advance(st: DieBosseData, seat: int, action: Action) -> bool:
    assert isinstance(action, Pay)
    if not paying.pay_advance(st, seat, action.card):
        return True  # more is due
    rationalising.make_moves(st, seat)
    # A move asked for during the turn goes back to the turn; the cartel's, to its end.
    if not st.agenda:
        st.phase = Phase.TURN
    return False


DECISIONS.add(
    Phase.ADVANCE,
    text=_advance_text,
    legal=turn.advance_choices,
    check=_check_advance,
    carry_out=_pay_advance,
)


def _bill_text(st: DieBosseData) -> Message:
    return msg("db.phase.pay", bill=millions(st.bill))


def _check_bill(st: DieBosseData, seat: int, action: Action) -> Refusal:
    if isinstance(action, Pay):
        return paying.check_bill(st, seat, action.card)
    return not_now(st, action)


def _pay_bill(st: DieBosseData, seat: int, action: Action) -> bool:
    assert isinstance(action, Pay)
    return not paying.pay_bill(st, seat, action.card)  # goes on until the bill is paid


DECISIONS.add(Phase.PAY, text=_bill_text, legal=turn.bill_choices, check=_check_bill, carry_out=_pay_bill)


# --- giving up cards ------------------------------------------------------------------------


def _check_discard(st: DieBosseData, seat: int, action: Action) -> Refusal:
    if isinstance(action, Discard):
        return turn.check_discard(st, seat, action.card)
    if isinstance(action, Done):
        return turn.check_done(st)
    return not_now(st, action)


def _discard(st: DieBosseData, seat: int, action: Action) -> bool:
    if isinstance(action, Discard):
        turn.discard(st, seat, action.card)
        return True  # another may follow
    return False


DECISIONS.add(
    Phase.DISCARD,
    text=lambda st: msg("db.phase.discard"),
    legal=turn.discard_choices,
    check=_check_discard,
    carry_out=_discard,
)
