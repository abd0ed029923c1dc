"""Game records: JSON lines written and read back, several games to a file, and replay."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from toy_game import Face, Hold, Roll
from tycoon.agents import RandomAgent
from tycoon.core.driver import PlayResult, play
from tycoon.core.errors import RecordError
from tycoon.core.game import CHANCE
from tycoon.core.record import FORMAT, Move, Record, parse_lines, read, replay
from tycoon.core.registry import load


def played(seed: int, players: int = 3) -> PlayResult:
    game = load("dice-race", players=players)
    return play(game, [RandomAgent() for _ in range(players)], seed)


def test_record_header_names_game_rules_config_seats_and_seed() -> None:
    record = played(4).record
    header = json.loads(next(record.lines()))

    assert header == {
        "type": "header",
        "format": FORMAT,
        "game": "dice-race",
        "rules_version": "1",
        "config": {"players": 3, "target": 20, "rounds": 10, "concede": False},
        "seats": [{"name": f"random {i}", "agent": "random"} for i in (1, 2, 3)],
        "seed": 4,
    }


def test_record_holds_every_move_then_the_result() -> None:
    result = played(4)
    lines = [json.loads(line) for line in result.record.lines()]

    assert [line["type"] for line in lines] == ["header"] + ["move"] * result.actions + ["result"]
    assert lines[1] == {"type": "move", "seat": 0, "action": lines[1]["action"]}
    chance = [line for line in lines[1:-1] if line["seat"] == CHANCE]
    assert chance and all(line["action"]["kind"] == "face" for line in chance)
    outcome = result.state.outcome()
    assert lines[-1] == {
        "type": "result",
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "eliminated": [],
        "actions": result.actions,
    }


def test_write_and_read_back_equal(tmp_path: Path) -> None:
    record = played(7).record
    path = tmp_path / "game.jsonl"

    record.save(path)

    assert read(path) == [record]


def test_many_records_in_one_file_come_back_in_order(tmp_path: Path) -> None:
    records = [played(seed).record for seed in (1, 2, 3)]
    path = tmp_path / "games.jsonl"
    with open(path, "w", encoding="utf-8") as out:
        for r in records:
            r.dump(out)

    assert read(path) == records


def test_blank_lines_are_skipped_and_unfinished_games_have_no_result() -> None:
    record = played(2).record
    record.result = None
    text = "\n\n".join(record.lines()) + "\n\n"

    assert parse_lines(io.StringIO(text)) == [record]


def _lines(record: Record) -> list[str]:
    return list(record.lines())


@pytest.mark.parametrize(
    ("breaking", "message"),
    [
        (lambda lines: [*lines[:2], "{not json", *lines[2:]], "line 3 is not JSON"),
        (lambda lines: [*lines[:2], "[1, 2]", *lines[2:]], "line 3: every line must be an object with a 'type'"),
        (lambda lines: [*lines[:2], '{"seat": 0}', *lines[2:]], "line 3: every line must be an object with a 'type'"),
        (lambda lines: lines[1:], "line 1: a record must start with a header line"),
        (lambda lines: [*lines[:2], '{"type": "chat"}', *lines[2:]], "line 3: unknown line type 'chat'"),
        (
            lambda lines: [*lines[:2], '{"type": "move", "seat": "0", "action": {}}', *lines[2:]],
            "line 3: a move needs an integer 'seat' and an 'action' object",
        ),
        (
            lambda lines: [*lines[:2], '{"type": "move", "seat": 0, "action": "roll"}', *lines[2:]],
            "line 3: a move needs an integer 'seat' and an 'action' object",
        ),
        (
            lambda lines: [lines[0].replace(FORMAT, "tycoon-record/9"), *lines[1:]],
            "line 1: unknown record format 'tycoon-record/9'; expected 'tycoon-record/1'",
        ),
        (
            lambda lines: [lines[0].replace('"rules_version"', '"version"'), *lines[1:]],
            "line 1: the header lacks 'rules_version'",
        ),
    ],
)
def test_malformed_lines_are_refused_naming_the_line(breaking: Callable[[list[str]], list[str]], message: str) -> None:
    lines = breaking(_lines(played(5).record))

    with pytest.raises(RecordError) as caught:
        parse_lines(lines)
    assert message in str(caught.value)


@pytest.mark.parametrize("seed", range(10))
def test_replay_rebuilds_the_final_state(seed: int) -> None:
    result = played(seed)

    assert replay(result.record).fingerprint() == result.state.fingerprint()


def test_replay_upto_stops_after_that_many_moves() -> None:
    record = played(6).record
    state = load("dice-race", players=3).new_state()
    for number, move in enumerate(record.moves[:9], 1):
        state.apply(state.game.codec.from_json(move.action), move.seat)
        assert replay(record, upto=number).fingerprint() == state.fingerprint()
    assert replay(record, upto=0).fingerprint() == load("dice-race", players=3).new_state().fingerprint()


def test_replay_needs_no_seed() -> None:
    record = played(8).record
    final = replay(record).fingerprint()
    record.seed = None

    assert replay(record).fingerprint() == final


def test_replay_refuses_another_rules_version() -> None:
    record = played(1).record
    record.rules_version = "0"

    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == ("the record was made with dice-race rules version 0; this tycoon plays version 1")


def test_replay_names_a_move_that_does_not_apply() -> None:
    game = load("dice-race", players=2)
    record = Record.start(game, [{"name": "a"}, {"name": "b"}], None)
    record.moves = [Move(0, Roll().to_json()), Move(CHANCE, Face(3).to_json()), Move(1, Hold().to_json())]

    with pytest.raises(RecordError) as caught:
        replay(record)
    message = str(caught.value)
    assert message.startswith("move 3 ({'kind': 'hold'}) does not replay: it is seat 0's turn, not seat 1's")


def test_replay_names_a_move_that_does_not_read() -> None:
    game = load("dice-race", players=2)
    record = Record.start(game, [{"name": "a"}, {"name": "b"}], None)
    record.moves = [Move(0, {"kind": "roll"}), Move(CHANCE, {"kind": "face", "value": "six"})]

    with pytest.raises(RecordError, match=r"move 2 .* does not replay: 'face': field 'value' must be int"):
        replay(record)


def test_replay_of_an_unknown_game_says_which_games_exist() -> None:
    record = played(1).record
    record.game = "no-such-game"

    with pytest.raises(RecordError, match=r"unknown game 'no-such-game'; registered games: .*dice-race"):
        replay(record)
