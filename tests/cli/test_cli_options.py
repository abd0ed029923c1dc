"""Reading game options, seeds and seat lists from the command line."""

from __future__ import annotations

import doctest

import pytest

from tycoon.cli import build_parser
from tycoon.cli.options import OptionError, game_config, parse_seed, parse_value, split_list


def config(*argv: str) -> dict[str, object]:
    return game_config(build_parser().parse_args(["simulate", "g", "--seats", "a,b", *argv]))


def test_only_the_options_given_are_passed() -> None:
    assert config() == {}
    assert config("--years", "3") == {"years": 3}
    assert config("--rounds", "12", "-o", "steps=2", "--option", "variant=free-market") == {
        "rounds": 12,
        "steps": 2,
        "variant": "free-market",
    }


def test_values_are_read_as_numbers_and_yes_no() -> None:
    assert parse_value("12") == 12 and parse_value("-3") == -3 and parse_value("10_000") == 10000
    assert parse_value("true") is True and parse_value("No") is False
    assert parse_value("3.5") == "3.5" and parse_value("red") == "red"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("steps", "--option takes KEY=VALUE"),
        ("=3", "--option takes KEY=VALUE"),
        ("two words=3", "--option takes KEY=VALUE"),
        ("players=4", "the number of players comes from --seats"),
    ],
)
def test_bad_options_say_what_is_expected(option: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        config("-o", option)


def test_an_option_given_twice_is_refused() -> None:
    with pytest.raises(OptionError, match="'rounds' is given twice"):
        config("--rounds", "3", "-o", "rounds=4")


def test_seeds_and_lists() -> None:
    assert parse_seed("42") == 42 and parse_seed("spring-tournament") == "spring-tournament"
    assert split_list("you, bot,random") == ["you", "bot", "random"]


def test_the_docstring_examples_hold() -> None:
    import tycoon.cli.options

    result = doctest.testmod(tycoon.cli.options)
    assert result.attempted > 0 and result.failed == 0
