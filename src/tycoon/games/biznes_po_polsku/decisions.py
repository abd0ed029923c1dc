"""The decisions of Biznes po polsku, one entry each (``tycoon.core.decisions``): for every
phase what it offers, why it refuses an action, what taking one does, and the sentence that
says it.

The flow looks the entry up by the phase, once the checks every action passes first (the
seat, bankruptcy, what may be done "at any time") have passed; the rule modules below
(``board``, ``trade``, ``bankruptcy``, ``anytime``, ``cards``) hold the choices, checks and
moves the entries name. Every decision is over once its action is taken — the flow ends it and
works through the agenda — except the start, whose die goes round every contender.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.decisions import ALLOWED, Decisions, Refusal
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Message, Seat, Term, Text, msg
from tycoon.games.biznes_po_polsku import anytime, bankruptcy, board, cards, firms, naming, politics, professions, trade
from tycoon.games.biznes_po_polsku.actions import (
    ACCEPT,
    END_TURN,
    OFFERS,
    PASS,
    REJECT,
    ROLL,
    Die,
    Draw,
    Drive,
    EndTurn,
    Pass,
    Roll,
)
from tycoon.games.biznes_po_polsku.phases import Phase
from tycoon.games.biznes_po_polsku.track import ahead
from tycoon.games.biznes_po_polsku.words import said

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.data import Space
    from tycoon.games.biznes_po_polsku.flow import BiznesPlay

RAISE_RULE = msg("bp.no.rule.mortgage")

DECISIONS: Decisions[BiznesPlay] = Decisions()
"""Every phase of Biznes po polsku but ``READY``, with what it means."""


def phase_text(st: BiznesPlay) -> Text:
    """What the pending decision is, a message for the one who must take it (``bp.phase.*``):
    the firm, profession or office at stake and its price, the offer's terms, the lot under the
    hammer. All of it is on the table for every seat to see."""
    return DECISIONS[st.phase].text(st)


def _space(st: BiznesPlay) -> Space | None:
    """The space the pending seat's pawn stands on, if it stands on the board."""
    r = st.rules
    p = st.players[st.pending] if 0 <= st.pending < len(st.players) else None
    here = p.position if p is not None and 1 <= p.position <= len(r.board) else 0
    return r.space(here) if here else None


# --- chance -------------------------------------------------------------------------------


def _check_die(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    if not isinstance(action, Die) or not 1 <= action.pips <= 6:
        return msg("bp.no.die", action=str(action)), ""
    return ALLOWED


def _start_roll(st: BiznesPlay, seat: int, action: Action) -> bool:
    assert isinstance(action, Die)
    return st.setup_roll(action.pips)  # goes on until one contender rolled highest


def _move_roll(st: BiznesPlay, seat: int, action: Action) -> bool:
    assert isinstance(action, Die)
    board.rolled(st, st.players[st.turn_seat], action.pips)
    return False


def _check_draw(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    if not isinstance(action, Draw) or action.deck != st.drawing or action.card not in st.unseen[action.deck]:
        return msg("bp.no.draw", action=str(action), deck=naming.deck(st.drawing)), ""
    return ALLOWED


def _draw(st: BiznesPlay, seat: int, action: Action) -> bool:
    assert isinstance(action, Draw)
    st.unseen[action.deck].remove(action.card)
    cards.resolve(st, st.players[st.turn_seat], action.deck, action.card)
    return False


DECISIONS.add(Phase.SETUP, text=lambda st: msg("bp.phase.setup"), check=_check_die, carry_out=_start_roll)
DECISIONS.add(Phase.MOVE, text=lambda st: msg("bp.phase.move"), check=_check_die, carry_out=_move_roll)
DECISIONS.add(
    Phase.DRAW, text=lambda st: msg("bp.phase.draw", deck=naming.deck(st.drawing)), check=_check_draw, carry_out=_draw
)
DECISIONS.add(Phase.OVER, text=lambda st: msg("bp.phase.over"))


# --- the turn -----------------------------------------------------------------------------


def _turn_choices(st: BiznesPlay, seat: int) -> list[Action]:
    return [ROLL, *anytime.legal(st, st.players[seat])]


def _check_turn(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    if isinstance(action, OFFERS):
        return trade.check_offer(st, st.players[seat], action)
    if isinstance(action, Roll):
        return ALLOWED
    return msg("bp.no.turn", action=str(action)), ""


def _take_turn(st: BiznesPlay, seat: int, action: Action) -> bool:
    p = st.players[seat]
    if isinstance(action, OFFERS):
        trade.offer(st, p, action)  # the other player answers next
    else:
        st.roll(p)  # the die is rolled next
    return False


DECISIONS.add(
    Phase.TURN,
    text=lambda st: msg("bp.phase.turn"),
    legal=_turn_choices,
    families=trade.offer_families,
    makers=trade.offer_makers,
    check=_check_turn,
    carry_out=_take_turn,
)


def _answer_text(st: BiznesPlay) -> Message:
    if st.offer is None:
        return msg("bp.phase.answer_plain")
    return msg("bp.phase.answer", seat=Seat(st.proposer), terms=trade.told_terms(st, st.offer, to_whom=False))


def _answer(st: BiznesPlay, seat: int, action: Action) -> bool:
    # The answer is told with the figures of the moment, before anything changes hands.
    trade.answer(st, st.players[seat], action, said(st, seat, action, countering=False))  # the proposer goes on
    return False


DECISIONS.add(
    Phase.ANSWER,
    text=_answer_text,
    legal=lambda st, seat: [ACCEPT, REJECT],
    families=trade.answer_families,
    makers=trade.answer_makers,
    check=trade.check_answer,
    carry_out=_answer,
)


def _counter_text(st: BiznesPlay) -> Message:
    if st.counter is None:
        return msg("bp.phase.counter_plain")
    by = trade.counterpart(st, st.counter)
    return msg("bp.phase.counter", seat=Seat(by), terms=trade.told_terms(st, st.counter, to_whom=False))


def _answer_counter(st: BiznesPlay, seat: int, action: Action) -> bool:
    trade.answer_counter(st, st.players[seat], action, said(st, seat, action, countering=True))  # the turn goes on
    return False


DECISIONS.add(
    Phase.COUNTER,
    text=_counter_text,
    legal=lambda st, seat: [ACCEPT, REJECT],
    families=trade.answer_families,
    makers=trade.answer_makers,
    check=trade.check_answer,
    carry_out=_answer_counter,
)


def _end_choices(st: BiznesPlay, seat: int) -> list[Action]:
    return [END_TURN, *anytime.legal(st, st.players[seat])]


def _check_end(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    if not isinstance(action, EndTurn):
        return msg("bp.no.end", action=str(action)), ""
    return ALLOWED


def _end(st: BiznesPlay, seat: int, action: Action) -> bool:
    return False  # the turn's end goes on


DECISIONS.add(
    Phase.END,
    text=lambda st: msg("bp.phase.end"),
    legal=_end_choices,
    check=_check_end,
    carry_out=_end,
)


# --- the space the pawn reached ----------------------------------------------------------------


def _car_choices(st: BiznesPlay, seat: int) -> list[Action]:
    p = st.players[seat]
    return [*board.car_choices(st, p), *anytime.legal(st, p)]


def _check_drive(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    return board.check_drive(st, action)


def _buy_choices(st: BiznesPlay, seat: int) -> list[Action]:
    p = st.players[seat]
    return [*board.buy_choices(st, p), *anytime.legal(st, p)]


def _check_buy(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    options = board.buy_choices(st, st.players[seat])
    return ALLOWED if action in options else board.check_choice(options, action)


def _job_choices(st: BiznesPlay, seat: int) -> list[Action]:
    p = st.players[seat]
    return [*board.job_choices(st, p), *anytime.legal(st, p)]


def _check_job(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    options = board.job_choices(st, st.players[seat])
    return ALLOWED if action in options else board.check_choice(options, action)


def _party_choices(st: BiznesPlay, seat: int) -> list[Action]:
    p = st.players[seat]
    return [*board.party_choices(st, p), *anytime.legal(st, p)]


def _check_party(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    options = board.party_choices(st, st.players[seat])
    return ALLOWED if action in options else board.check_choice(options, action)


def _office_choices(st: BiznesPlay, seat: int) -> list[Action]:
    p = st.players[seat]
    return [*board.office_choices(st, p), *anytime.legal(st, p)]


def _check_office(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    options = board.office_choices(st, st.players[seat])
    return ALLOWED if action in options else board.check_choice(options, action)


def _car_text(st: BiznesPlay) -> Message:
    r = st.rules
    space = _space(st)
    if space is None:
        return msg("bp.phase.car_off", rolled=st.rolled, reach=r.car_reach)
    here = st.players[st.pending].position
    near, far = ahead(here, st.rolled), ahead(here, st.rolled + r.car_reach)
    return msg("bp.phase.car", rolled=st.rolled, near=naming.space(r, near), far=naming.space(r, far))


def _drive(st: BiznesPlay, seat: int, action: Action) -> bool:
    assert isinstance(action, Drive)
    board.drive(st, st.players[seat], action.steps)
    return False


DECISIONS.add(
    Phase.CAR,
    text=_car_text,
    legal=_car_choices,
    check=_check_drive,
    carry_out=_drive,
)


def _buy_text(st: BiznesPlay) -> Message:
    space = _space(st)
    if space is None:
        return msg("bp.phase.buy_plain")
    return msg("bp.phase.buy", firm=naming.space(st.rules, space.number), cost=naming.zl(space.cost))


def _buy(st: BiznesPlay, seat: int, action: Action) -> bool:
    p = st.players[seat]
    if isinstance(action, Pass):
        board.passes(st, p)
    else:
        firms.buy(st, p, p.position)
    return False


DECISIONS.add(
    Phase.BUY,
    text=_buy_text,
    legal=_buy_choices,
    check=_check_buy,
    carry_out=_buy,
)


def _job_text(st: BiznesPlay) -> Message:
    space = _space(st)
    if space is None:
        return msg("bp.phase.job_plain")
    return msg("bp.phase.job", place=naming.space(st.rules, space.number), job=naming.job(st.rules, space.number))


def _job(st: BiznesPlay, seat: int, action: Action) -> bool:
    p = st.players[seat]
    if isinstance(action, Pass):
        board.passes(st, p)
    else:
        professions.take(st, p, p.position)
    return False


DECISIONS.add(
    Phase.JOB,
    text=_job_text,
    legal=_job_choices,
    check=_check_job,
    carry_out=_job,
)


def _party(st: BiznesPlay, seat: int, action: Action) -> bool:
    p = st.players[seat]
    if isinstance(action, Pass):
        board.passes(st, p)
    else:
        politics.join(st, p)
    return False


DECISIONS.add(
    Phase.PARTY,
    text=lambda st: msg("bp.phase.party", fee=naming.zl(st.rules.space(st.rules.party_space).fee)),
    legal=_party_choices,
    check=_check_party,
    carry_out=_party,
)


def _office_text(st: BiznesPlay) -> Message:
    space = _space(st)
    if space is None or not space.post:
        return msg("bp.phase.office_plain")
    return msg("bp.phase.office", office=Term(f"bp.office.{space.post}"), cost=naming.zl(space.cost))


def _office(st: BiznesPlay, seat: int, action: Action) -> bool:
    p = st.players[seat]
    if isinstance(action, Pass):
        board.passes(st, p)
    else:
        politics.run(st, p, st.rules.space(p.position).post)
    return False


DECISIONS.add(
    Phase.OFFICE,
    text=_office_text,
    legal=_office_choices,
    check=_check_office,
    carry_out=_office,
)


# --- what is due ----------------------------------------------------------------------------


def _check_raise(st: BiznesPlay, seat: int, action: Action) -> Refusal:
    # Only what raises money, and that is done "at any time" (anytime.py) before this check.
    return msg("bp.no.due", due=naming.zl(st.due)), RAISE_RULE


DECISIONS.add(
    Phase.RAISE,
    text=lambda st: msg("bp.phase.raise", due=naming.zl(st.due), why=naming.why(st.rules, st.due_for)),
    legal=lambda st, seat: anytime.fund_raising(st, st.players[seat]),
    check=_check_raise,
)


def _auction_text(st: BiznesPlay) -> Message:
    if st.auction is None or not st.auction.lots:
        return msg("bp.phase.auction_plain")
    lot, debtor = naming.space(st.rules, st.auction.lots[0]), Seat(st.auction.debtor)
    bidding = st.auction.bidding
    if bidding is not None and bidding.high_bidder >= 0:
        high = naming.zl(bidding.high_bid)
        return msg("bp.phase.auction_bid", firm=lot, debtor=debtor, bid=high, bidder=Seat(bidding.high_bidder))
    return msg("bp.phase.auction", firm=lot, debtor=debtor)


def _auction_families(st: BiznesPlay, seat: int) -> list[ActionFamily]:
    family = bankruptcy.bid_family(st, st.players[seat])
    return [family] if family is not None else []


def _bid(st: BiznesPlay, seat: int, action: Action) -> bool:
    bankruptcy.apply_bid(st, st.players[seat], action)  # the next bidder, lot or task
    return False


DECISIONS.add(
    Phase.AUCTION,
    text=_auction_text,
    legal=lambda st, seat: [PASS],
    families=_auction_families,
    check=bankruptcy.check_bid,
    carry_out=_bid,
)
