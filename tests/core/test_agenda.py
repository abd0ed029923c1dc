"""The agenda: typed tasks queued in order and run by kind until a decision is pending."""

from __future__ import annotations

import dataclasses

import pytest

from tycoon.core.agenda import Agenda, Handlers, Task, task


@task("land")
class Land(Task):
    pass


@task("loan")
class LoanDue(Task):
    lender: int


@task("pay")
class Pay(Task):
    payer: int
    amount: int
    why: str


@task("end")
class End(Task):
    offered: bool = False


def test_tasks_are_frozen_values_with_a_plain_form() -> None:
    t = Pay(1, 300, "rent")
    assert t == Pay(1, 300, "rent") and hash(t) == hash(Pay(1, 300, "rent"))
    assert t != Pay(1, 301, "rent")
    assert t.to_json() == ["pay", 1, 300, "rent"]
    assert str(t) == "pay 1 300 rent"
    assert End().to_json() == ["end", False]
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.amount = 5  # type: ignore[misc]
    assert not hasattr(t, "__dict__")


def test_add_push_replace_discard() -> None:
    agenda = Agenda([Land(), End()])
    agenda.push(LoanDue(2), LoanDue(3))
    assert list(agenda) == [LoanDue(2), LoanDue(3), Land(), End()]
    agenda.add(Pay(0, 5, "x"))
    assert agenda.first() == LoanDue(2) and len(agenda) == 5
    assert agenda.pop() == LoanDue(2)
    assert agenda.discard(lambda t: isinstance(t, LoanDue | Pay)) == 2
    assert agenda.to_json() == [["land"], ["end", False]]
    agenda.replace(End(True))
    assert list(agenda) == [End(True)]
    agenda.clear()
    assert not agenda and agenda.first() is None
    with pytest.raises(IndexError):
        agenda.pop()


def test_copy_is_independent() -> None:
    agenda = Agenda([Land(), End()])
    twin = agenda.copy()
    assert twin == agenda and twin is not agenda
    twin.pop()
    assert len(agenda) == 2 and twin != agenda


class Table:
    """A stand-in state: who is deciding, and what was done."""

    def __init__(self) -> None:
        self.deciding = False
        self.done: list[str] = []
        self.agenda = Agenda()


HANDLERS: Handlers[Table] = Handlers()


@HANDLERS.on(Land)
def _land(st: Table, _: Land) -> None:
    st.done.append("land")
    st.deciding = True  # landing asks the player something


@HANDLERS.on(LoanDue)
def _loan(st: Table, due: LoanDue) -> None:
    st.done.append(f"loan {due.lender}")
    # a lender paid queues the next thing before the landing
    if due.lender == 1:
        st.agenda.push(Pay(0, 10, "fee"))


@HANDLERS.on(Pay)
def _pay(st: Table, pay: Pay) -> None:
    st.done.append(f"pay {pay.amount}")


@HANDLERS.on(End)
def _end(st: Table, _: End) -> None:
    st.done.append("end")


def test_run_does_tasks_in_order_until_a_decision_is_pending() -> None:
    st = Table()
    st.agenda.add(LoanDue(1), LoanDue(2), Land(), End())
    HANDLERS.run(st, st.agenda, lambda: not st.deciding)
    assert st.done == ["loan 1", "pay 10", "loan 2", "land"]
    assert list(st.agenda) == [End()]
    st.deciding = False
    HANDLERS.run(st, st.agenda, lambda: not st.deciding)
    assert st.done[-1] == "end" and not st.agenda
    assert HANDLERS.kinds == [Land, LoanDue, Pay, End]


def test_a_kind_without_handler_or_with_two_is_an_error() -> None:
    handlers: Handlers[Table] = Handlers()
    with pytest.raises(KeyError, match="no handler for the task land"):
        handlers.do(Table(), Land())
    handlers.on(Land)(_land)
    with pytest.raises(ValueError, match="'land' already have a handler"):
        handlers.on(Land)(_land)
