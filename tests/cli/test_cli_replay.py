"""``tycoon replay`` retells saved games."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from tycoon.cli import main
from tycoon.core import load, play
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


def test_game_index_picks_a_game_of_the_file(console: Console, tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    _save(path, 1, 2)
    assert main(["replay", str(path), "--game-index", "1"], console=console) == 0
    assert "— seed 2 —" in console.export_text()
    assert main(["replay", str(path), "--game-index", "2"], console=console) == 1
    assert "holds 2 games; --game-index must be 0 to 1, not 2" in console.export_text()


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
