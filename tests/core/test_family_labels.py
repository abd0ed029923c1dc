"""A family's fields as a form shows them: each field's label and unit, from the action class
when it names them, else the field's question and no unit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tycoon.core.actions import Action, action
from tycoon.core.families import ActionFamily, Choice, IntRange


@action("label-test-loan")
class Loan(Action):
    """A loan whose class names two of its fields and the unit of one."""

    field_labels: ClassVar[Mapping[str, str]] = {"interest": "Interest", "laps": "Crossings of start"}
    field_units: ClassVar[Mapping[str, str]] = {"interest": "%"}
    amount: int
    """Marks lent."""
    interest: int
    """Percent at each crossing of start."""
    laps: int
    """Crossings of start until it is due."""


@action("label-test-plain")
class Plain(Action):
    """A class that names nothing."""

    to: int
    """A seat."""


def test_a_class_names_its_fields_and_their_units() -> None:
    family = ActionFamily(Loan, (IntRange(1, 10), IntRange(0, 100), IntRange(0, 10)), "Lend", ("how much?", "", ""))
    fields = family.to_json()["fields"]
    assert [(f["name"], f["label"], f["unit"]) for f in fields] == [
        ("amount", "how much?", ""),
        ("interest", "Interest", "%"),
        ("laps", "Crossings of start", ""),
    ]
    assert [f["prompt"] for f in fields] == ["how much?", "", ""]


def test_without_names_a_field_is_labelled_by_its_question_with_no_unit() -> None:
    fields = ActionFamily(Plain, (Choice((1, 2)),)).to_json()["fields"]
    assert fields == [{"name": "to", "prompt": "to", "label": "to", "unit": "", "type": "choice", "values": [1, 2]}]
