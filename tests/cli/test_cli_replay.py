"""``tycoon replay`` retells saved games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from tycoon.cli import main
from tycoon.core import load, play, read, replay
from tycoon.core.errors import RecordError
from tycoon.sim import make_agent


def _save(path: Path, *seeds: int, names: list[str] | None = None) -> None:
    game = load("coinflip", players=2)
    with open(path, "w", encoding="utf-8") as f:
        for seed in seeds:
            agents = [make_agent("coinflip", "heads"), make_agent("coinflip", "bold")]
            play(game, agents, seed, names=names).record.dump(f)


def test_replay_tells_each_move_its_narration_and_the_result(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _save(path, 3, names=["Ann", "Bob"])
    assert main(["replay", str(path)], console=console) == 0
    text = console.export_text()
    assert "coinflip (players=2, rounds=3) — seed 3 — Ann, Bob" in text
    told = [line.rstrip() for line in text.splitlines()]
    # Seed 3: chance lets Bob (seat 1, the bold bot) call first, and he goes bankrupt.
    assert told[1:8] == [
        "   1. chance: start 1",
        "      Bob calls first",  # the rules' "seat 1", named
        "   2. Bob: call tails, staking 2 chips",
        "      Bob calls tails for 2",
        "   3. chance: flip heads",
        "      the coin shows heads: Bob loses 2",
        "   4. Ann: call heads, staking 1 chip",
    ]
    assert "      Bob is bankrupt" in told
    assert "Result" in text and "Balance sheet — Ann" in text and "Balance sheet — Bob" in text


def test_a_file_of_many_games_says_how_many_and_how_to_choose(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    _save(path, 1, 2, 3)
    assert main(["replay", str(path)], console=console) == 0
    text = console.export_text(clear=True)
    assert text.startswith(
        f"{path} holds 3 games; this is game 0 (counting from 0). Choose another with --game-index K, K from 0 to 2."
    )
    assert "— seed 1 —" in text and "— seed 2 —" not in text
    # Said again at the end, where a long game has scrolled the first line away.
    assert text.rstrip().endswith("Choose another with --game-index K, K from 0 to 2.")
    assert main(["replay", str(path), "--game-index", "1"], console=console) == 0
    text = console.export_text(clear=True)
    assert "this is game 1 (counting from 0)" in text and "— seed 2 —" in text
    for wrong in ("3", "-1"):
        assert main(["replay", str(path), "--game-index", wrong], console=console) == 1
        text = console.export_text(clear=True)
        assert text == f"tycoon: {path} holds 3 games; --game-index must be 0 to 2, not {wrong}\n"


def test_a_file_of_one_game_says_nothing_of_others(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _save(path, 1)
    assert main(["replay", str(path)], console=console) == 0
    assert "holds" not in console.export_text()


def test_simulate_writes_a_file_that_replay_retells_game_by_game(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "batch.jsonl"
    argv = ["simulate", "die_bosse", "--games", "2", "--seats", "bot,random", "--out", str(path)]
    assert main(argv, console=console) == 0
    assert main(["replay", str(path), "--game-index", "1"], console=console) == 0
    text = console.export_text()
    assert "holds 2 games; this is game 1" in text and "Result" in text


def test_a_record_saved_midgame_stops_with_the_position(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "midgame.jsonl"
    lines = tmp_path / "full.jsonl"
    _save(lines, 5)
    header, *moves = lines.read_text().splitlines()
    path.write_text("\n".join([header, *moves[:3]]) + "\n")
    assert main(["replay", str(path)], console=console) == 0
    text = console.export_text()
    assert "The record stops after 3 moves, before the game is over." in text
    assert "coinflip" in text and "'chips'" in text


def test_a_stored_result_that_does_not_match_is_pointed_out(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _save(path, 3)
    lines = path.read_text().splitlines()
    result = json.loads(lines[-1])
    result["scores"] = [99, 99]
    path.write_text("\n".join([*lines[:-1], json.dumps(result)]) + "\n")
    assert main(["replay", str(path)], console=console) == 0
    assert "the record's stored result [99, 99] differs from the replayed scores" in console.export_text()


def test_broken_files_are_reported(console: Console, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert main(["replay", str(bad)], console=console) == 1
    assert main(["replay", str(tmp_path / "missing.jsonl")], console=console) == 1
    illegal = tmp_path / "illegal.jsonl"
    _save(illegal, 3)
    header, *_ = illegal.read_text().splitlines()
    move = {"type": "move", "seat": 0, "action": {"kind": "call", "side": "heads", "stake": 1}}
    illegal.write_text(header + "\n" + json.dumps(move) + "\n")
    assert main(["replay", str(illegal)], console=console) == 1
    text = console.export_text()
    assert "line 1 is not JSON" in text
    assert "No such file or directory" in text
    assert "move 1 ({'kind': 'call', 'side': 'heads', 'stake': 1}) does not replay" in text


def _header(**changes: object) -> str:
    header: dict[str, object] = {
        "type": "header",
        "format": "tycoon-record/1",
        "game": "coinflip",
        "rules_version": "1",
        "config": {"players": 2},
        "seats": [{"name": "Ann"}, {"name": "Bob"}],
        "seed": 1,
    }
    header.update(changes)
    return json.dumps(header)


CORRUPT: list[tuple[str, bytes, str]] = [
    ("not UTF-8", b"\x82\xff", "line 1 is not UTF-8 text (byte 1)"),
    ("deep nesting", b"[" * 100_000, "line 1 nests its JSON too deep to read"),
    ("deep objects", b'{"a":' * 50_000, "line 1 nests its JSON too deep to read"),
    ("a 5,000-digit number", _header(seed=0).replace('"seed": 0', '"seed": ' + "9" * 5000).encode(), "too long"),
    ("game a list", _header(game=["coinflip"]).encode(), "the header's 'game' must be a game id"),
    ("game a number", _header(game=7).encode(), "the header's 'game' must be a game id"),
    ("config a list", _header(config=[2]).encode(), "the header's 'config' must be an object of options"),
    ("config a string", _header(config="players=2").encode(), "the header's 'config' must be an object"),
    ("seats a string", _header(seats="Ann,Bob").encode(), "the header's 'seats' must be a list of objects"),
    ("seats of numbers", _header(seats=[1, 2]).encode(), "the header's 'seats' must be a list of objects"),
    ("seed a list", _header(seed=[1]).encode(), "the header's 'seed' must be a whole number or text"),
    ("an unknown game", _header(game="chess").encode(), "cannot set up 'chess': unknown game 'chess'"),
    ("players as text", _header(config={"players": "two"}).encode(), "cannot set up 'coinflip'"),
    ("NaN", _header().replace('"seed": 1', '"seed": NaN').encode(), "NaN is not a number a record may hold"),
    ("no header", b'{"type": "move", "seat": 0, "action": {"kind": "start", "first": 0}}', "must start with a header"),
    ("a bare list", b"[1, 2]", "every line must be an object with a 'type'"),
    (
        "a move of the wrong seat type",
        (_header() + '\n{"type": "move", "seat": "0", "action": {}}').encode(),
        "a move needs an integer 'seat'",
    ),
    (
        "a move that does not read",
        (_header() + '\n{"type": "move", "seat": -1, "action": {"kind": "start", "first": {}}}').encode(),
        "move 1",
    ),
]


@pytest.mark.parametrize(("what", "data", "message"), CORRUPT, ids=[c[0] for c in CORRUPT])
def test_every_corrupt_file_is_one_line_and_status_1(
    what: str, data: bytes, message: str, console: Console, tmp_path: Path
) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_bytes(data)
    with pytest.raises(RecordError, match=re.escape(message)):
        replay(read(path)[0])
    assert main(["replay", str(path)], console=console) == 1
    text = console.export_text()
    assert text.startswith("tycoon: ") and message in text
    assert len(text.splitlines()) == 1 and "Traceback" not in text


def test_a_record_that_stops_replaying_midway_is_one_line_not_a_cut_retelling(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _save(path, 3)
    lines = path.read_text().splitlines()
    bad = json.loads(lines[4])
    bad["seat"] = 1 - bad["seat"] if bad["seat"] >= 0 else 0
    path.write_text("\n".join([*lines[:4], json.dumps(bad)]) + "\n")
    assert main(["replay", str(path)], console=console) == 1
    text = console.export_text()
    assert len(text.splitlines()) == 1 and text.startswith("tycoon: move 4 (")


@pytest.mark.parametrize("command", ["replay", "report"])
def test_the_error_line_goes_to_stderr_and_nothing_to_stdout(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"format": "not a record"}\n', encoding="utf-8")
    for path in (broken, tmp_path / "missing.jsonl"):
        assert main([command, str(path)]) == 1
        out, err = capsys.readouterr()
        assert out == "", out
        assert err.startswith("tycoon: ") and err.count("\n") == 1, err
