"""Game records: JSON lines written and read back, several games to a file, and replay."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from toy_game import Face, Hold, Roll
from tycoon.agents import RandomAgent
from tycoon.core.driver import PlayResult, play
from tycoon.core.errors import RecordError
from tycoon.core.game import CHANCE
from tycoon.core.record import FORMAT, Move, Record, RecordWriter, parse_lines, read, replay
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


# -- files that are not what they should be --------------------------------------------------


def _header(**changes: object) -> str:
    header = json.loads(next(played(3).record.lines()))
    header.update(changes)
    return json.dumps(header)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["[" * 100_000 + "]" * 100_000], "line 1 nests its JSON too deep to read"),
        (["{" + '"a":' * 50_000 + "1" + "}" * 50_000], "line 1"),
        (['{"type": "header", "n": ' + "7" * 5000 + "}"], "line 1 holds a number too long to read (over 4,300 digits)"),
        (['{"type": "header", "n": NaN}'], "line 1 is not a record line: NaN is not a number a record may hold"),
        (['{"type": 7}'], "line 1: 'type' must be a word (header, move or result), not 7"),
        ([_header(game=3)], "the header's 'game' must be a game id such as 'playboss', not 3"),
        ([_header(game="")], "the header's 'game' must be a game id"),
        ([_header(config=[1, 2])], "the header's 'config' must be an object of options, not [1, 2]"),
        ([_header(config="players=2")], "the header's 'config' must be an object of options"),
        ([_header(seats="Ann,Bob")], "the header's 'seats' must be a list of objects, not 'Ann,Bob'"),
        ([_header(seats=[1, 2])], "the header's 'seats' must be a list of objects"),
        ([_header(seed=1.5)], "the header's 'seed' must be a whole number or text, not 1.5"),
        ([_header(rules_version=1)], "the header's 'rules_version' must be text, not 1"),
        ([_header(format=None)], "unknown record format None"),
        ([_header(), '{"type": "move", "seat": true, "action": {}}'], "line 2: a move needs an integer 'seat'"),
        (
            [_header(), '{"type": "result", "scores": 3}'],
            "line 2: the result's 'scores' must be a list of whole numbers",
        ),
        ([_header(), '{"type": "result", "winners": ["a"]}'], "the result's 'winners' must be a list of whole numbers"),
        ([_header(), '{"type": "result", "actions": "9"}'], "the result's 'actions' must be a whole number"),
        (
            [_header(), '{"type": "result"}', '{"type": "move", "seat": 0, "action": {"kind": "roll"}}'],
            "line 3: a 'move' line comes after the game's result; a new game needs a header",
        ),
    ],
)
def test_every_corruption_is_a_record_error_naming_the_line(lines: list[str], message: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_lines(lines)
    assert message in str(caught.value)


def test_bytes_that_are_not_utf8_are_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"\x82\xff")
    with pytest.raises(RecordError, match=r"line 1 is not UTF-8 text \(byte 1\); is this a game record\?"):
        read(path)
    good = "\n".join(played(2).record.lines()).encode()
    path.write_bytes(good + b"\n\xc3\x28\n")
    with pytest.raises(RecordError, match=r"line \d+ is not UTF-8 text"):
        read(path)


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": "two"}, "cannot set up 'dice-race': dice race is for 2 to 4 players, not 'two'"),
        ({"players": 2, "colour": "red"}, "cannot set up 'dice-race': dice race has no option 'colour'"),
        ({"players": 2, "target": 1}, "cannot set up 'dice-race': the target must be at least 2 points"),
        ({"players": 2, "target": [3]}, "cannot set up 'dice-race': option 'target' takes a whole number"),
    ],
)
def test_a_header_that_cannot_set_the_game_up_is_a_record_error(config: dict[str, object], message: str) -> None:
    record = played(1).record
    record.config = config
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "move",
    [
        Move(10**40, {"kind": "roll"}),
        Move(0, {"kind": "roll", "extra": 1}),
        Move(CHANCE, {"kind": "face", "value": 10**40}),
        Move(CHANCE, {"kind": "face", "value": True}),
        Move(0, {"kind": ["roll"]}),
        Move(0, {}),
    ],
)
def test_moves_that_do_not_read_or_apply_are_record_errors(move: Move) -> None:
    game = load("dice-race", players=2)
    record = Record.start(game, [{"name": "a"}, {"name": "b"}], None)
    record.moves = [move]
    with pytest.raises(RecordError, match=r"move 1 \(.*\) does not replay: "):
        replay(record)


def _corruptions(text: str, count: int, seed: int) -> Iterator[bytes]:
    """``count`` damaged copies of a record file, always the same for a seed: bytes flipped,
    cut out or repeated, lines dropped, swapped or doubled, and JSON values replaced by values
    of other types."""
    rng = random.Random(seed)
    data = text.encode()
    lines = text.splitlines()
    odd: list[object] = [None, True, -1, 10**30, 1.5, "", "x", [], {}, [[[]]], {"kind": "roll"}, "header"]
    for _ in range(count):
        how = rng.randrange(7)
        if how == 0:
            damaged = bytearray(data)
            for _ in range(rng.randint(1, 5)):
                damaged[rng.randrange(len(damaged))] = rng.randrange(256)
            yield bytes(damaged)
        elif how == 1:
            start = rng.randrange(len(data))
            yield data[:start] + data[start + rng.randint(1, 200) :]
        elif how == 2:
            start = rng.randrange(len(data))
            yield data[:start] + data[start : start + rng.randint(1, 300)] + data[start:]
        elif how == 3:
            shuffled = list(lines)
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
            if rng.random() < 0.5:
                del shuffled[rng.randrange(len(shuffled))]
            else:
                shuffled.insert(rng.randrange(len(shuffled)), rng.choice(lines))
            yield "\n".join(shuffled).encode()
        else:
            changed = list(lines)
            i = rng.randrange(len(changed))
            entry = json.loads(changed[i])
            target = entry
            if "action" in entry and rng.random() < 0.6:
                target = entry["action"]
            key = rng.choice(sorted(target))
            if rng.random() < 0.15:
                del target[key]
            else:
                target[key] = rng.choice(odd)
            changed[i] = json.dumps(entry)
            yield "\n".join(changed).encode()


def test_a_thousand_damaged_files_give_records_or_record_errors_and_nothing_else(tmp_path: Path) -> None:
    buffer = io.StringIO()
    for seed in (1, 2):
        played(seed).record.dump(buffer)
    path = tmp_path / "damaged.jsonl"
    outcomes = {"read": 0, "refused": 0}
    for damaged in _corruptions(buffer.getvalue(), 1000, seed=9):
        path.write_bytes(damaged)
        try:
            records = read(path)
            for record in records:
                replay(record)
            outcomes["read"] += 1
        except RecordError:
            outcomes["refused"] += 1
    # Both kinds happen: the damage is neither always fatal nor always harmless.
    assert outcomes["read"] > 5 and outcomes["refused"] > 500, outcomes


def test_a_record_written_as_the_game_goes_is_on_disk_after_every_move(tmp_path: Path) -> None:
    finished = played(5)
    path = tmp_path / "live.jsonl"
    record = Record(finished.record.game, "1", finished.record.config, finished.record.seats, 5)
    writer = RecordWriter(path, record)
    assert read(path) == [Record(record.game, "1", record.config, record.seats, 5)]  # the header at once
    for number, move in enumerate(finished.record.moves, 1):
        writer.move(move)
        # Read while the file is still open, as after a crash: every move so far is there.
        (so_far,) = read(path)
        assert len(so_far.moves) == number and so_far.result is None
    assert finished.record.result is not None
    writer.finish(finished.record.result)
    assert read(path) == [finished.record]
    assert replay(read(path)[0]).fingerprint() == finished.state.fingerprint()


def test_a_record_writer_fails_at_once_on_a_path_it_cannot_write(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        RecordWriter(tmp_path / "no-such-folder" / "g.jsonl", played(1).record)
