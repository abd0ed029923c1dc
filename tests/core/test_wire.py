"""What may be sent: whole numbers of signed 64 bits and UTF-8 text, in options, actions and views."""

from __future__ import annotations

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.core import load
from tycoon.core.errors import InvalidConfig
from tycoon.core.spec import GameOption
from tycoon.core.wire import INT_MAX, INT_MIN, wire_problem


@pytest.mark.parametrize("seat", [10**400, 2**63])
def test_an_option_beyond_64_bits_is_refused_before_anything_is_set_up(seat: int) -> None:
    # the representative's seat has no upper bound of its own (the game checks it against the
    # seats), so only the wire's bound stands between it and a number no message can carry
    with pytest.raises(InvalidConfig, match=r"option 'representative' is a whole number from 0 to 2\^63-1; not "):
        load("playboss", players=3, steps=[6], representative=seat)


def test_the_refusal_shows_a_long_number_by_its_digits() -> None:
    with pytest.raises(InvalidConfig, match=r"not 100000000000… \(401 digits\)$"):
        load("playboss", players=2, years=10**400)


def test_whole_number_lists_and_unbounded_options_are_bounded_too() -> None:
    option = GameOption("n", "int", 0, "a number")
    assert option.check(INT_MAX) == INT_MAX and option.check(INT_MIN) == INT_MIN
    with pytest.raises(
        InvalidConfig, match=r"option 'n' is a whole number from -2\^63 to 2\^63-1; not -9223372036854775809"
    ):
        option.check(INT_MIN - 1)
    listed = GameOption("ns", "ints", [], "numbers")
    with pytest.raises(InvalidConfig, match=r"option 'ns' takes whole numbers from -2\^63 to 2\^63-1"):
        listed.check([1, 2**64])


def test_an_option_with_a_lone_surrogate_is_refused() -> None:
    board = 'spaces = ["start", "red"]\nstart_position = 1\n# \ud800\n'
    with pytest.raises(InvalidConfig, match=r"option 'board' holds a lone surrogate"):
        load("playboss", players=2, board=board)


def test_wire_problem_names_where_a_value_cannot_be_sent() -> None:
    assert wire_problem({"a": [1, "x", {"b": INT_MAX}], "c": None, "d": 1.5, "e": True}) is None
    assert wire_problem({"a": [1, {"b": INT_MAX + 1}]}) == (
        "a[1].b is 9223372036854775808, beyond the signed 64 bits a message carries"
    )
    assert wire_problem({"name": "\ud800"}) == "name is '\\ud800', which is no UTF-8 text (a lone surrogate)"
    assert wire_problem({"\udfff": 1}) == "the value has the key '\\udfff', which is no UTF-8 text"
