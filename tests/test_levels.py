"""The levels of computer opponent every shipped game offers: declared in its spec, listed with
a line each, ``bot`` the same as ``normal``, and ``easy`` a beginner: legal, seeded, and not
the normal bot."""

from __future__ import annotations

import io

import pytest

from tycoon.agents.catalogue import UnknownAgent, game_bots, game_levels, known_kinds, make_agent
from tycoon.core.driver import play
from tycoon.core.registry import load, spec

GAMES = ("playboss", "die_bosse", "biznes_po_polsku")
SMALL = {"playboss": {"years": 1}, "die_bosse": {}, "biznes_po_polsku": {"rounds": 30}}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_offers_the_levels_each_with_a_line(game_id: str) -> None:
    levels = game_levels(game_id)
    assert list(levels)[:3] == ["random", "easy", "normal"]
    assert all(line and "\n" not in line and len(line) < 100 for line in levels.values())
    assert known_kinds(game_id)[:3] == ["random", "easy", "normal"] and "bot" in known_kinds(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_bot_is_the_normal_level(game_id: str) -> None:
    bots = game_bots(game_id)
    assert bots["bot"] is bots["normal"] is spec(game_id).bots["bot"]
    assert type(make_agent(game_id, "bot")) is type(make_agent(game_id, "normal"))
    assert type(make_agent(game_id, "easy")) is not type(make_agent(game_id, "normal"))


def test_an_unknown_level_names_the_levels() -> None:
    with pytest.raises(UnknownAgent, match="known kinds: random, easy, normal, hard, bot"):
        make_agent("die_bosse", "expert")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_list_carries_the_levels_and_their_lines(game_id: str) -> None:
    data = spec(game_id).to_json()
    assert data["bots"][:3] == ["random", "easy", "normal"] and "bot" in data["bots"]
    assert [level["name"] for level in data["levels"]][:3] == ["random", "easy", "normal"]
    assert data["levels"][1]["description"].startswith("plays like a beginner")
    assert data["aliases"] == {"bot": "normal"}
    assert data["levels"][3]["name"] == "hard" and data["levels"][3]["description"].startswith("thinks ahead")


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_plays_legally_and_the_same_for_a_seed(game_id: str) -> None:
    game = load(game_id, players=3, **SMALL[game_id])

    def record(seed: str) -> list[object]:
        # play() applies every choice through the rules, which refuse an illegal one.
        result = play(game, [make_agent(game_id, k) for k in ("easy", "easy", "normal")], seed)
        return [m.action for m in result.record.moves]

    assert record("easy:1") == record("easy:1")
    assert record("easy:1") != record("easy:2")


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_is_not_the_normal_bot(game_id: str) -> None:
    """Seated where the normal bot sat, the beginner makes other choices in the same game."""
    game = load(game_id, players=3, **SMALL[game_id])
    normal = play(game, [make_agent(game_id, k) for k in ("normal", "normal", "normal")], "differs")
    easy = play(game, [make_agent(game_id, k) for k in ("easy", "normal", "normal")], "differs")
    assert [m.action for m in easy.record.moves] != [m.action for m in normal.record.moves]


def test_tycoon_games_lists_each_level_with_its_line() -> None:
    from rich.console import Console

    from tycoon.cli import main

    console = Console(file=io.StringIO(), width=200, record=True, color_system=None)
    assert main(["games"], console=console) == 0
    text = console.export_text()
    assert "agents for --seats: random, easy, normal, hard, bot" in text
    assert "    hard: thinks ahead: plays its best moves out in deals of the cards" in text
    assert "    easy: plays like a beginner: buys on impulse, pays without counting" in text
    assert "    normal (also bot): runs its factory by the rulebook's advice" in text
