"""The registry of decisions: one entry per kind of decision, looked up by the phase; its check
is what both ``apply`` and ``refusal`` answer; the flow ends a decision."""

from __future__ import annotations

import ast
import inspect
from enum import StrEnum
from typing import ClassVar

import pytest

from toy_decisions import DECISIONS, Add, Halve, Keep, Phase, Race
from tycoon.core.actions import Action, action
from tycoon.core.decisions import ALLOWED, READY, Decisions, Refusal
from tycoon.core.errors import IllegalAction, NotYourTurn
from tycoon.core.messages import plain as said


def test_an_entry_is_found_by_its_phase_plain_string_or_enum_member() -> None:
    assert DECISIONS["turn"] is DECISIONS[Phase.TURN]
    assert DECISIONS.phases == ["turn", "keep", "over"]
    assert "keep" in DECISIONS and READY not in DECISIONS
    assert len(DECISIONS) == 3 and [d.phase for d in DECISIONS] == DECISIONS.phases


def test_an_unknown_phase_is_named_with_the_phases_there_are() -> None:
    with pytest.raises(KeyError, match=r"no decision is registered for the phase 'bid' \(registered: 'turn', 'keep'"):
        DECISIONS["bid"]


def test_a_phase_is_registered_once_and_the_empty_phase_never() -> None:
    registry: Decisions[Race] = Decisions()
    registry.add("turn", text=lambda st: "go")
    with pytest.raises(ValueError, match="already registered"):
        registry.add("turn", text=lambda st: "again")
    with pytest.raises(ValueError, match="no decision is pending"):
        registry.add(READY, text=lambda st: "nothing")


def test_a_decision_no_seat_takes_has_only_its_words() -> None:
    st = Race()
    over = DECISIONS[Phase.OVER]
    assert over.legal(st, 0) == [] and over.families(st, 0) == []
    with pytest.raises(AssertionError, match="no seat takes this decision"):
        over.check(st, 0, Keep())


def test_refuse_and_refusal_say_the_same_check() -> None:
    st = Race()
    turn = DECISIONS[Phase.TURN]
    assert turn.check(st, 0, Add(2)) == ALLOWED and turn.refusal(st, 0, Add(2)) is None
    turn.refuse(st, 0, Add(2))  # allowed: nothing raised
    with pytest.raises(IllegalAction) as caught:
        turn.refuse(st, 0, Add(4))
    assert caught.value.reason == "add 1, 2 or 3, not 4" and caught.value.rule == "Race to ten"
    assert said(turn.refusal(st, 0, Add(4)) or "") == str(caught.value) == "add 1, 2 or 3, not 4 (Race to ten)"
    no_rule: Decisions[Race] = Decisions()
    plain = no_rule.add("x", text=lambda s: "x", check=lambda s, seat, a: ("never", ""))
    assert plain.refusal(st, 0, Keep()) == "never" == str(IllegalAction("never", ""))


def test_the_toy_plays_through_its_entries_and_the_flow_ends_each_decision() -> None:
    st = Race()
    assert st.phase_text() == "add 1, 2 or 3 to 0" and st.legal_actions(0) == [Add(1), Add(2), Add(3)]
    st.apply(Add(3), 0)
    assert (st.phase, st.seat, st.count) == ("keep", 0, 3)
    assert st.legal_actions(0) == [Keep(), Halve()] and st.legal_actions(1) == []
    assert (
        said(st.refusal(Add(1), 0) or "")
        == "add 1 is not possible now: keep the 3 just added, or halve it to 1 (Race to ten)"
    )
    with pytest.raises(IllegalAction, match="add 1 is not possible now"):
        st.apply(Add(1), 0)
    assert (st.phase, st.count) == ("keep", 3), "a refused action changes nothing"
    st.apply(Halve(), 0)
    assert (st.phase, st.seat, st.count) == ("turn", 1, 1)
    with pytest.raises(NotYourTurn):
        st.apply(Add(1), 0)
    for seat, n in ((1, 3), (0, 2), (1, 1), (0, 3)):
        assert st.refusal(Add(n), seat) is None
        st.apply(Add(n), seat)
        if st.phase == "keep":
            st.apply(Keep(), seat)
    assert st.count == 10 and st.phase == "over" and st.winner == 0
    assert st.phase_text() == "seat 0 has won" and st.legal_actions(0) == []


# --- a new kind of decision: registered in one place ----------------------------------------


@action("double")
class Double(Action):
    pass


@action("stand")
class Stand(Action):
    pass


class Variant(StrEnum):
    DOUBLE = "double"


def _check_double(st: Race, seat: int, act: Action) -> Refusal:
    if not isinstance(act, Double | Stand):
        return f"{act} is not possible now: {st.phase_text()}", "Race to ten, doubling"
    return ALLOWED


def _double(st: Race, seat: int, act: Action) -> bool:
    if isinstance(act, Double):
        st.count *= 2
    return False


DOUBLING = DECISIONS.copy()
DOUBLING.add(
    Variant.DOUBLE,
    text=lambda st: f"double the count of {st.count}, or stand",
    legal=lambda st, seat: [Double(), Stand()],
    check=_check_double,
    carry_out=_double,
)


class DoublingRace(Race):
    """Race to ten with doubling: the game's flow unchanged, one more decision registered."""

    decisions: ClassVar[Decisions[Race]] = DOUBLING


def test_a_new_kind_of_decision_is_one_entry_and_the_flow_needs_no_change() -> None:
    st = DoublingRace()
    st.phase = Variant.DOUBLE  # as a rule of the variant opens it
    assert st.phase_text() == "double the count of 0, or stand"
    assert st.legal_actions(0) == [Double(), Stand()] and st.legal_actions(1) == []
    assert (
        said(st.refusal(Add(1), 0) or "")
        == "add 1 is not possible now: double the count of 0, or stand (Race to ten, doubling)"
    )
    assert st.refusal(Double(), 0) is None
    st.count = 4
    st.apply(Double(), 0)
    assert (st.count, st.phase, st.seat) == (8, "turn", 1), "the flow ended the new decision and moved on"
    assert Variant.DOUBLE not in DECISIONS, "the base game's registry is left as it was"
    # The toy's flow names no phase but the end and the start of a turn: what every phase
    # means is its entry's, so a new one touches the module that registers it and no other.
    tree = ast.parse(inspect.getsource(Race))
    named = {
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "Phase"
    }
    assert named == {"TURN", "OVER"}
