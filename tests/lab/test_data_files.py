"""A game's data files replaced by a designer's own: the ``board`` and ``risk_cards`` options of
Playboss, ``board``, ``los`` and ``niespodzianka`` of Biznes po polsku."""

from __future__ import annotations

from importlib import resources

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import load, play, replay
from tycoon.core.errors import InvalidConfig
from tycoon.games.biznes_po_polsku.actions import Mortgage
from tycoon.games.biznes_po_polsku.data import rules as biznes_rules
from tycoon.games.playboss.data import rules as playboss_rules


def shipped(package: str, name: str) -> str:
    return resources.files(package).joinpath("data", name).read_text(encoding="utf-8")


WHITE_MID = (
    "spaces = ["
    + ", ".join(f'"{k}"' for k in ("start", *["red", "green"] * 10, "white", *["red", "blue"] * 10, "yellow"))
    + "]\nstart_position = 1\n"
)


def test_a_playboss_board_of_ones_own_is_the_board_played() -> None:
    game = load("playboss", players=2, years=1, board=WHITE_MID)
    assert game.rules.board[21] == "white" and len(game.rules.board) == 43  # type: ignore[attr-defined]
    assert game.rules.risk_cards == playboss_rules().risk_cards  # type: ignore[attr-defined]
    result = play(game, [RandomAgent(), RandomAgent()], seed=3)
    assert result.state.view(None)["board"] == list(game.rules.board)  # type: ignore[attr-defined]
    # The record carries the board, so it replays anywhere.
    assert result.record.config["board"] == WHITE_MID
    assert replay(result.record).fingerprint() == result.state.fingerprint()
    # The shipped board is unchanged for the next game.
    assert load("playboss", players=2).rules.board == playboss_rules().board  # type: ignore[attr-defined]


def test_a_risk_deck_of_ones_own_is_the_deck_drawn() -> None:
    deck = '[[card]]\ntitle = "Windfall"\neffect = "receive"\namount = 500\n'
    game = load("playboss", players=2, years=1, risk_cards=deck)
    cards = game.rules.risk_cards  # type: ignore[attr-defined]
    assert [c.title for c in cards] == ["Windfall"]
    assert "risk_cards" in game.config() and "board" not in game.config()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("spaces = [", r"board.toml: not TOML"),
        ('spaces = ["red", "start"]\nstart_position = 1\n', r"board.toml: space 0 must be the only start field"),
        ('spaces = ["start", "purple"]\nstart_position = 1\n', r"board.toml: unknown space kinds \['purple'\]"),
        ('spaces = ["start", "red"]\nstart_position = 5\n', r"board.toml: start_position must be a space from 0 to 1"),
        ('spaces = ["start", "red"]\n', r"board.toml: lacks the entry 'start_position'"),
    ],
)
def test_a_bad_playboss_board_is_refused_naming_the_file_and_the_fault(text: str, message: str) -> None:
    with pytest.raises(InvalidConfig, match=message):
        load("playboss", players=2, board=text)


def test_a_path_given_for_the_text_is_refused_with_a_hint() -> None:
    hint = r"board.toml: not TOML: .*; the option takes the file's text, not its path"
    with pytest.raises(InvalidConfig, match=hint):
        load("playboss", players=2, board="my-board.toml")
    with pytest.raises(InvalidConfig, match=r"los.toml: not TOML: .*not its path"):
        load("biznes_po_polsku", players=2, los="los.toml")


def test_a_risk_card_with_an_unknown_effect_is_refused() -> None:
    with pytest.raises(InvalidConfig, match=r"risk_cards.toml: card 'Flood' has unknown effect 'flood'; known"):
        load("playboss", players=2, risk_cards='[[card]]\ntitle = "Flood"\neffect = "flood"\n')


def swapped_designed_spaces() -> str:
    """The shipped track with its two designed spaces swapped: DISMISSAL on 9, LOS on 13."""
    text = shipped("tycoon.games.biznes_po_polsku", "board.toml")
    text = text.replace('kind = "los"\nname = "Los"', 'kind = "DISMISSAL"\nname = "Zwolnienie"', 1)
    text = text.replace('kind = "dismissal"\nname = "Zwolnienie"', 'kind = "los"\nname = "Los"', 1)
    return text.replace('kind = "DISMISSAL"', 'kind = "dismissal"')


def test_a_biznes_track_of_ones_own_is_the_track_played() -> None:
    game = load("biznes_po_polsku", players=2, rounds=10, board=swapped_designed_spaces())
    track = game.rules  # type: ignore[attr-defined]
    assert (track.space(9).kind, track.space(13).kind) == ("dismissal", "los")
    assert (biznes_rules().space(9).kind, biznes_rules().space(13).kind) == ("los", "dismissal")
    result = play(game, [RandomAgent(), RandomAgent()], seed=5)
    assert replay(result.record).fingerprint() == result.state.fingerprint()


def test_actions_are_told_with_the_names_of_the_track_played() -> None:
    text = shipped("tycoon.games.biznes_po_polsku", "board.toml").replace("Zakład fryzjerski", "Salon Ewy")
    state = load("biznes_po_polsku", players=2, board=text).new_state()
    assert state.describe(Mortgage(14)).startswith("mortgage Salon Ewy")


def test_decks_of_ones_own_replace_los_and_niespodzianka() -> None:
    card = '[[card]]\ntitle = "Spadek"\neffect = "receive"\namount = 100\nsource = "[designed here] a test"\n'
    game = load("biznes_po_polsku", players=2, los=card, niespodzianka=card)
    track = game.rules  # type: ignore[attr-defined]
    assert [c.title for c in track.los] == ["Spadek"] and [c.deck for c in track.niespodzianka] == ["niespodzianka"]


@pytest.mark.parametrize(
    ("option", "text", "message"),
    [
        ("board", "[[space]]\nnumber = 1\n", r"board.toml: space 1 must say where it comes from"),
        ("board", '[[space]]\nnumber = 1\nsource = "[source] x"\n', r"board.toml: .*'kind'"),
        ("los", '[[card]]\ntitle = "x"\neffect = "receive"\n', r"los.toml: card 0 must say where it comes from"),
        (
            "niespodzianka",
            '[[card]]\ntitle = "x"\neffect = "fly"\nsource = "[designed here]"\n',
            r"niespodzianka.toml: card 0 has unknown effect 'fly'",
        ),
    ],
)
def test_bad_biznes_data_is_refused_naming_the_file(option: str, text: str, message: str) -> None:
    with pytest.raises(InvalidConfig, match=message):
        load("biznes_po_polsku", players=2, **{option: text})
