"""Actions: frozen value types with a JSON form and a text form that the codec reads back."""

from __future__ import annotations

import dataclasses

import pytest

from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.errors import InvalidNotation


@action("pass")
class Pass(Action):
    """No fields at all."""


@action("offer")
class Offer(Action):
    """One field of each kind the codec knows."""

    amount: int
    """In Marks."""
    to: str
    """Who the offer is for."""
    firm: bool
    """Whether it may be haggled over."""


CODEC = ActionCodec([Pass, Offer])


def test_json_form_holds_the_kind_and_every_field() -> None:
    assert Offer(4500, "bank", True).to_json() == {"kind": "offer", "amount": 4500, "to": "bank", "firm": True}
    assert Pass().to_json() == {"kind": "pass"}


def test_text_form_is_the_kind_then_the_values() -> None:
    assert str(Offer(4500, "bank", True)) == "offer 4500 bank yes"
    assert str(Offer(0, "seat2", False)) == "offer 0 seat2 no"
    assert str(Pass()) == "pass"


@pytest.mark.parametrize("a", [Pass(), Offer(4500, "bank", True), Offer(-3, "x", False)])
def test_json_and_text_round_trip(a: Action) -> None:
    assert CODEC.from_json(a.to_json()) == a
    assert CODEC.parse(str(a)) == a


def test_parse_accepts_readable_numbers_and_booleans() -> None:
    assert CODEC.parse("offer 4,500 bank true") == Offer(4500, "bank", True)
    assert CODEC.parse("offer 4_500 bank 0") == Offer(4500, "bank", False)
    assert CODEC.parse("  offer   12  bank   NO ") == Offer(12, "bank", False)


def test_actions_are_frozen_hashable_values() -> None:
    a = Offer(1, "bank", True)

    assert a == Offer(1, "bank", True)
    assert a != Offer(2, "bank", True)
    assert len({a, Offer(1, "bank", True), Pass(), Pass()}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.amount = 2  # type: ignore[misc]


def test_codec_lists_kinds_in_order() -> None:
    assert CODEC.kinds == ["pass", "offer"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "buy", "amount": 3}, "unknown action 'buy'; known actions: pass, offer"),
        ({"amount": 3}, "an action must be an object with a 'kind'"),
        ({"kind": "offer", "amount": "4500", "to": "bank", "firm": True}, "field 'amount' must be int, got '4500'"),
        ({"kind": "offer", "amount": True, "to": "bank", "firm": True}, "field 'amount' must be int, got True"),
        ({"kind": "offer", "amount": 1, "to": 7, "firm": True}, "field 'to' must be str, got 7"),
        ({"kind": "offer", "amount": 1, "to": "bank", "firm": 1}, "field 'firm' must be bool, got 1"),
        ({"kind": "offer", "amount": 1, "to": "bank"}, "'offer' needs the field 'firm'"),
        ({"kind": "pass", "amount": 1}, "'pass' has no field(s) ['amount']; it has []"),
    ],
)
def test_bad_json_is_refused_with_what_is_wrong(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        CODEC.from_json(data)
    assert message in str(caught.value)


def test_json_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(InvalidNotation, match="must be an object"):
        CODEC.from_json(["offer", 3])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty line is not an action"),
        ("   ", "an empty line is not an action"),
        ("buy 3", "unknown action 'buy'; known actions: pass, offer"),
        ("offer 4500 bank", "'offer' takes 3 value(s): offer <amount> <to> <firm>"),
        ("offer 4500 bank yes now", "'offer' takes 3 value(s): offer <amount> <to> <firm>"),
        ("pass 1", "'pass' takes 0 value(s): pass"),
        ("offer lots bank yes", "'offer': amount must be a whole number, got 'lots'"),
        ("offer 1.5 bank yes", "'offer': amount must be a whole number, got '1.5'"),
        ("offer 1 bank maybe", "'offer': firm must be yes or no, got 'maybe'"),
    ],
)
def test_bad_text_is_refused_with_usage(text: str, message: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        CODEC.parse(text)
    assert message in str(caught.value)


def test_invalid_notation_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        CODEC.parse("nonsense")


def test_codec_refuses_two_classes_of_one_kind() -> None:
    @action("pass")
    class OtherPass(Action):
        pass

    with pytest.raises(ValueError, match="two action classes share the kind 'pass'"):
        ActionCodec([Pass, OtherPass])


def test_codec_refuses_an_undecorated_class() -> None:
    class Plain(Action):
        pass

    with pytest.raises(ValueError, match="Plain has no kind; decorate it with @action"):
        ActionCodec([Plain])


@pytest.mark.parametrize("amount", [2**63, -(2**63) - 1, 10**400])
def test_a_whole_number_beyond_64_bits_is_refused_in_either_form(amount: int) -> None:
    """A server stores and sends every action as JSON of 64-bit integers: it never takes one
    it could not send."""
    with pytest.raises(InvalidNotation, match=r"'offer': field 'amount' must be a whole number from -2\^63 to 2\^63-1"):
        CODEC.from_json({"kind": "offer", "amount": amount, "to": "bank", "firm": True})
    with pytest.raises(InvalidNotation, match=r"'offer': amount must be a whole number from -2\^63 to 2\^63-1"):
        CODEC.parse(f"offer {amount} bank yes")


def test_the_ends_of_64_bits_are_read() -> None:
    for amount in (2**63 - 1, -(2**63)):
        assert CODEC.from_json({"kind": "offer", "amount": amount, "to": "bank", "firm": True}).amount == amount  # type: ignore[attr-defined]
        assert CODEC.parse(f"offer {amount} bank yes") == Offer(amount, "bank", True)


def test_text_with_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(InvalidNotation, match=r"'offer': field 'to' must be text, got '\\ud800'"):
        CODEC.from_json({"kind": "offer", "amount": 1, "to": "\ud800", "firm": True})
    with pytest.raises(InvalidNotation, match=r"'offer': to must be text"):
        CODEC.parse("offer 1 \ud800 yes")
