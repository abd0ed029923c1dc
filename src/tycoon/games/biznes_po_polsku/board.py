"""What the space a pawn stops on does, and the decisions it offers.

Rulebook, "Meaning of the Track Spaces and Cards"; the corner and penalty spaces as the board
prints them (research 3.3): START brings its printed 300 zł bonus to a pawn that stops there,
the police station, hospital and prison hold a pawn, the tax office fines it. Firms,
professions, politics and the cards have their own modules; the movement is ``track.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.messages import Items, Seat, msg
from tycoon.games.biznes_po_polsku import cards, firms, naming, politics, professions, track
from tycoon.games.biznes_po_polsku.actions import BUY_FIRM, DRIVES, JOIN, PASS, RUN, TAKE_JOB, Drive
from tycoon.games.biznes_po_polsku.phases import CAR
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.tasks import LAND, TURN_ENDS

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

CAR_RULE = msg("bp.no.rule.car")


def rolled(st: BiznesState, p: Player, pips: int) -> None:
    """The die shows ``pips`` for ``p``'s move: with a car, where to stop is a decision."""
    st.rolled = pips
    if st.log is not None:
        st.say(msg("bp.say.rolls", seat=Seat(p.seat), pips=pips))
    if p.usable_car():
        # "A player with a car may stop on a space indicated by the number of pips on the
        # rolled die, or on a space 5 spaces further."
        st.decide(CAR, p.seat)
        return
    track.move(st, p, pips)
    st.agenda.replace(LAND, TURN_ENDS)


def land(st: BiznesState, p: Player) -> None:
    """What the space ``p`` stopped on does."""
    n = p.position
    space = st.rules.space(n)
    kind = space.kind
    if kind == "firm":
        firms.land(st, p, n)
    elif kind == "start":
        st.receive(p, space.bonus, "start")
    elif kind == "profession":
        professions.land(st, p, n)
    elif kind == "dismissal":
        professions.dismiss(st, p)
    elif kind == "party":
        politics.land_party(st, p)
    elif kind == "post":
        politics.land_post(st, p, space.post)
    elif kind in ("los", "niespodzianka"):
        cards.draw(st, p, kind)
    elif kind in ("police", "prison"):
        if track.immune(st, p):
            st.say(msg("bp.say.mp_not_detained", seat=Seat(p.seat)))
        else:
            p.wait += space.wait
            if st.log is not None:
                st.say(msg("bp.say.held", seat=Seat(p.seat), space=naming.space(st.rules, n), turns=space.wait))
    elif kind == "hospital":
        p.wait += space.wait
        st.say(msg("bp.say.ill", seat=Seat(p.seat), turns=space.wait))
        st.charge(p, space.fine, "hospital")
    elif kind == "tax":
        st.charge(p, space.fine, "taxes")


def car_choices(st: BiznesState, p: Player) -> list[Action]:
    """With a car: stop on the space rolled, or drive on."""
    return [DRIVES[st.rolled], DRIVES[st.rolled + st.rules.car_reach]]


def buy_choices(st: BiznesState, p: Player) -> list[Action]:
    """An unowned firm: found it (when ``p`` can pay), or pass."""
    return [BUY_FIRM, PASS] if p.cash >= st.rules.space(p.position).cost else [PASS]


def job_choices(st: BiznesState, p: Player) -> list[Action]:
    """A free profession: take it, or wait for a better one."""
    return [TAKE_JOB, PASS]


def party_choices(st: BiznesState, p: Player) -> list[Action]:
    """The political party: join it (when ``p`` can pay the fee), or pass."""
    return [JOIN, PASS] if p.cash >= st.rules.space(p.position).fee else [PASS]


def office_choices(st: BiznesState, p: Player) -> list[Action]:
    """An unbought office: run for it (when ``p`` can pay), or pass."""
    return [RUN, PASS] if p.cash >= st.rules.space(p.position).cost else [PASS]


def check_drive(st: BiznesState, action: Action) -> Refusal:
    """Why ``action`` is no answer to the car's choice."""
    if not isinstance(action, Drive) or action.steps not in (st.rolled, st.rolled + st.rules.car_reach):
        return msg("bp.no.drive", action=str(action), rolled=st.rolled, far=st.rolled + st.rules.car_reach), CAR_RULE
    return ALLOWED


def check_choice(options: list[Action], action: Action) -> Refusal:
    """Why ``action`` is none of the space's ``options``."""
    if action not in options:
        return msg("bp.no.choose_from", action=str(action), options=Items(tuple(map(str, options)))), ""
    return ALLOWED


def drive(st: BiznesState, p: Player, steps: int) -> None:
    """``p`` drives ``steps`` spaces (``check_drive`` has allowed it) and lands there."""
    track.move(st, p, steps)
    st.agenda.replace(LAND, TURN_ENDS)


def passes(st: BiznesState, p: Player) -> None:
    """``p`` lets the space's offer go."""
    if st.log is not None:
        st.say(msg("bp.say.passes", seat=Seat(p.seat)))
