"""What the space a pawn stops on does, and the decisions it offers.

Rulebook, "Meaning of the Track Spaces and Cards"; the corner and penalty spaces as the board
prints them (research 3.3): START brings its printed 300 zł bonus to a pawn that stops there,
the police station, hospital and prison hold a pawn, the tax office fines it. Firms,
professions, politics and the cards have their own modules; the movement is ``track.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.biznes_po_polsku import cards, firms, politics, professions, track
from tycoon.games.biznes_po_polsku.actions import BUY_FIRM, DRIVES, JOIN, PASS, RUN, TAKE_JOB, Drive, Pass
from tycoon.games.biznes_po_polsku.phases import BUY, CAR, JOB, OFFICE_CHOICE, PARTY, READY
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.tasks import Land, TurnEnds
from tycoon.games.biznes_po_polsku.text import turns

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

CAR_RULE = 'rulebook, "Car"'


def rolled(st: BiznesState, p: Player, pips: int) -> None:
    """The die shows ``pips`` for ``p``'s move: with a car, where to stop is a decision."""
    st.rolled = pips
    if st.log is not None:
        st.say(f"Seat {p.seat} rolls {pips}.")
    if p.usable_car():
        # "A player with a car may stop on a space indicated by the number of pips on the
        # rolled die, or on a space 5 spaces further."
        st.decide(CAR, p.seat)
        return
    track.move(st, p, pips)
    st.agenda.replace(Land(), TurnEnds())


def land(st: BiznesState, p: Player) -> None:
    """What the space ``p`` stopped on does."""
    n = p.position
    space = st.rules.space(n)
    kind = space.kind
    if kind == "firm":
        firms.land(st, p, n)
    elif kind == "start":
        st.receive(p, space.bonus, "stopping on START")
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
            st.say(f"Seat {p.seat} is an MP: the police cannot detain an MP.")
        else:
            p.wait += space.wait
            st.say(f"Seat {p.seat} is held at {space.name} for {turns(space.wait)}.")
    elif kind == "hospital":
        p.wait += space.wait
        st.say(f"Seat {p.seat} falls ill and waits {turns(space.wait)}.")
        st.charge(p, space.fine, "the hospital")
    elif kind == "tax":
        st.charge(p, space.fine, "unpaid taxes")


def choices(st: BiznesState, p: Player) -> list[Action]:
    """The options of the decision pending on the space ``p`` stopped on."""
    phase = st.phase
    if phase == CAR:
        return [DRIVES[st.rolled], DRIVES[st.rolled + st.rules.car_reach]]
    space = st.rules.space(p.position)
    if phase == BUY:
        return [BUY_FIRM, PASS] if p.cash >= space.cost else [PASS]
    if phase == JOB:
        return [TAKE_JOB, PASS]
    if phase == PARTY:
        return [JOIN, PASS] if p.cash >= space.fee else [PASS]
    if phase == OFFICE_CHOICE:
        return [RUN, PASS] if p.cash >= space.cost else [PASS]
    return []


def choose(st: BiznesState, p: Player, action: Action) -> None:
    """``p`` answers the decision pending on the space: one of ``choices``."""
    phase = st.phase
    if phase == CAR:
        if not isinstance(action, Drive) or action.steps not in (st.rolled, st.rolled + st.rules.car_reach):
            raise IllegalAction(
                f"{action} is not possible now: {st.rolled} was rolled; drive {st.rolled} or "
                f"{st.rolled + st.rules.car_reach} spaces",
                CAR_RULE,
            )
        st.phase = READY
        track.move(st, p, action.steps)
        st.agenda.replace(Land(), TurnEnds())
        return
    options = choices(st, p)
    if action not in options:
        raise IllegalAction(f"{action} is not possible now; choose from {', '.join(map(str, options))}")
    st.phase = READY
    n = p.position
    if isinstance(action, Pass):
        if st.log is not None:
            st.say(f"Seat {p.seat} passes.")
    elif phase == BUY:
        firms.buy(st, p, n)
    elif phase == JOB:
        professions.take(st, p, n)
    elif phase == PARTY:
        politics.join(st, p)
    elif phase == OFFICE_CHOICE:
        politics.run(st, p, st.rules.space(n).post)
