"""The track: moving the pawn, what passing a space brings, and what each space does.

Rulebook, "Meaning of the Track Spaces and Cards"; the corner and penalty spaces as the board
prints them (research 3.3). Passing a space means moving over it or stopping on it, except for
START, whose welfare benefit is paid only on passing it and is forfeited by stopping there
(rulebook, "Dismissal"), while stopping on START brings its printed 300 zł bonus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.biznes_po_polsku import cards, firms, politics, professions
from tycoon.games.biznes_po_polsku.actions import Buy, Drive, JoinParty, Pass, Run, TakeJob
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.text import turns

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

SIZE = 40
CAR_RULE = 'rulebook, "Car"'


def ahead(position: int, steps: int) -> int:
    """The space ``steps`` spaces after ``position`` (1 to 40, round the track)."""
    return (position - 1 + steps) % SIZE + 1


def rolled(st: BiznesState, p: Player, pips: int) -> None:
    from tycoon.games.biznes_po_polsku import state as S

    st.rolled = pips
    st.say(f"Seat {p.seat} rolls {pips}.")
    if p.usable_car():
        # "A player with a car may stop on a space indicated by the number of pips on the
        # rolled die, or on a space 5 spaces further."
        st.decide(S.CAR, p.seat)
        return
    move(st, p, pips)
    st.steps = [("land", 0, 0, 0, ""), ("end", 0, 0, 0, "")]


def move(st: BiznesState, p: Player, steps: int) -> None:
    """Move ``p`` forward ``steps`` spaces, collecting what passing brings on the way."""
    r = st.rules
    start = p.position
    for i in range(1, steps + 1):
        n = ahead(start, i)
        if n == 1 and i < steps and p.welfare:
            st.income(p, r.welfare, "the welfare benefit, passing START")
        if n == p.profession:
            st.income(p, r.space(n).salary, f"the salary of a {r.space(n).english}")
        for post, space in r.post_spaces.items():
            if space == n and st.office_holder[post] == p.seat:
                st.income(p, r.space(n).allowance, f"the allowance of a {r.space(n).english}")
    p.position = ahead(start, steps)
    st.say(f"Seat {p.seat} moves to space {p.position}, {r.space(p.position).name}.")


def place(st: BiznesState, p: Player, n: int) -> None:
    """Put ``p`` straight on space ``n``, passing nothing; what the space does follows."""
    p.position = n
    st.say(f"Seat {p.seat} goes to space {n}, {st.rules.space(n).name}.")
    st.steps.insert(0, ("land", 0, 0, 0, ""))


def immune(st: BiznesState, p: Player) -> bool:
    """Rulebook, "MP": "An MP cannot be punished or detained by the police. An MP cannot go to prison." """
    return st.office_holder["mp"] == p.seat


def land(st: BiznesState, p: Player) -> None:
    """What the space ``p`` stopped on does."""
    n = p.position
    space = st.rules.space(n)
    kind = space.kind
    if kind == "start":
        st.receive(p, space.bonus, "stopping on START")
    elif kind == "firm":
        firms.land(st, p, n)
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
        if immune(st, p):
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


def legal_choices(st: BiznesState, p: Player) -> list[Action]:
    """The options of the decision pending on the space ``p`` stopped on."""
    from tycoon.games.biznes_po_polsku import state as S

    space = st.rules.space(p.position) if p.position else None
    if st.phase == S.CAR:
        return [Drive(st.rolled), Drive(st.rolled + st.rules.car_reach)]
    assert space is not None
    if st.phase == S.BUY:
        return [Buy(), Pass()] if p.cash >= space.cost else [Pass()]
    if st.phase == S.JOB:
        return [TakeJob(), Pass()]
    if st.phase == S.PARTY:
        return [JoinParty(), Pass()] if p.cash >= space.fee else [Pass()]
    if st.phase == S.OFFICE_CHOICE:
        return [Run(), Pass()] if p.cash >= space.cost else [Pass()]
    return []


def apply_choice(st: BiznesState, p: Player, action: Action) -> None:
    from tycoon.games.biznes_po_polsku import state as S

    options = legal_choices(st, p)
    if action not in options:
        raise IllegalAction(
            f"{action} is not possible now: {st.phase_text()}; choose from {', '.join(map(str, options))}"
        )
    phase = st.phase
    st.phase = ""
    if phase == S.CAR:
        assert isinstance(action, Drive)
        move(st, p, action.steps)
        st.steps = [("land", 0, 0, 0, ""), ("end", 0, 0, 0, "")]
        return
    n = p.position
    if isinstance(action, Pass):
        st.say(f"Seat {p.seat} passes.")
    elif phase == S.BUY:
        firms.buy(st, p, n)
    elif phase == S.JOB:
        professions.take(st, p, n)
    elif phase == S.PARTY:
        politics.join(st, p)
    elif phase == S.OFFICE_CHOICE:
        politics.run(st, p, st.rules.space(n).post)
