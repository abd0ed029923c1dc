"""The registry: games are set up by id, with their options, and rebuilt from their config."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from toy_game import DiceRace, spec_for
from tycoon.core import registry
from tycoon.core.errors import InvalidConfig
from tycoon.core.registry import load, register, registered


@pytest.fixture
def scratch_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Registrations made in a test vanish after it."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    yield


def test_load_passes_players_and_options_to_the_factory() -> None:
    game = load("dice-race", players=4, target=30, concede=True)

    assert isinstance(game, DiceRace)
    assert game.num_seats == 4
    assert (game.target, game.rounds, game.concede) == (30, 10, True)
    assert game.options == {"target": 30, "rounds": 10, "concede": True}


def test_config_rebuilds_an_equal_game() -> None:
    game = load("dice-race", players=3, rounds=4)
    again = load(game.id, **game.config())

    assert game.config() == {"players": 3, "target": 20, "rounds": 4, "concede": False}
    assert again.config() == game.config()
    assert again.new_state().fingerprint() == game.new_state().fingerprint()


def test_repr_reads_like_the_call_that_loads_it() -> None:
    game = load("dice-race", players=3, rounds=4)

    assert repr(game) == "load('dice-race', players=3, target=20, rounds=4, concede=False)"


def test_unknown_game_names_the_registered_ones() -> None:
    with pytest.raises(InvalidConfig) as caught:
        load("monopoly", players=2)

    message = str(caught.value)
    assert message.startswith("unknown game 'monopoly'; registered games: ")
    assert "dice-race" in message


def test_bad_options_are_refused_by_the_game() -> None:
    with pytest.raises(InvalidConfig, match="dice race is for 2 to 4 players, not 5"):
        load("dice-race", players=5)


@pytest.mark.usefixtures("scratch_registry")
def test_register_makes_a_game_loadable_and_listed() -> None:
    calls: list[dict[str, Any]] = []

    def factory(**options: Any) -> DiceRace:
        calls.append(options)
        return DiceRace(**options)

    register(spec_for(factory, "dice-race-short"))
    game = load("dice-race-short", players=2, target=6)

    assert calls == [{"players": 2, "target": 6}]
    assert game.num_seats == 2
    assert "dice-race-short" in registered()


@pytest.mark.usefixtures("scratch_registry")
def test_registered_is_sorted() -> None:
    register(spec_for(DiceRace, "aaa-first"))
    register(spec_for(DiceRace, "zzz-last"))

    ids = registered()
    assert ids == sorted(ids)
    assert ids[0] == "aaa-first" and ids[-1] == "zzz-last"
