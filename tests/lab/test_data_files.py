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
from tycoon.words import render


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
    assert render(state.describe(Mortgage(14))).startswith("mortgage Salon Ewy")


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


# --- every number of a data file in its range -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[[card]]\ntitle = "Windfall"\neffect = "receive"\namount = 1000000000000000000000000000000\n',
            r"risk_cards.toml: card\[0\].amount must be a whole number from 0 to 1,000,000, not 10{30}",
        ),
        (
            '[[card]]\ntitle = "Fine"\neffect = "pay"\namount = -500\n',
            r"risk_cards.toml: card\[0\].amount must be a whole number from 0 to 1,000,000, not -500",
        ),
        (
            '[[card]]\ntitle = "Fine"\neffect = "pay"\namount = inf\n',
            r"risk_cards.toml: card\[0\].amount must be a whole number from 0 to 1,000,000, not inf",
        ),
        (
            '[[card]]\ntitle = "Fine"\neffect = "pay"\namount = 1.5\n',
            r"risk_cards.toml: card\[0\].amount must be a whole number",
        ),
    ],
)
def test_a_playboss_risk_card_with_a_number_out_of_range_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidConfig, match=message):
        load("playboss", players=2, risk_cards=text)


def test_every_number_of_a_playboss_board_is_in_its_range() -> None:
    with pytest.raises(InvalidConfig, match=r"board.toml: fees\[0\] must be a whole number from 0 to 1,000,000"):
        load("playboss", players=2, board=WHITE_MID + f"fees = [{10**30}, 1]\n")
    huge = WHITE_MID.replace("start_position = 1", f"start_position = {2**64}")
    with pytest.raises(InvalidConfig, match=r"board.toml: start_position must be a whole number from 0 to"):
        load("playboss", players=2, board=huge)


@pytest.mark.parametrize(
    ("option", "old", "new", "message"),
    [
        (
            "board",
            "fees = [150, 300, 900, 1800, 3000, 5400]",
            f"fees = [{10**30}, 300, 900, 1800, 3000, 5400]",
            r"board.toml: space\[3\].fees\[0\] must be a whole number from 0 to 1,000,000, not 10{30}",
        ),
        ("board", "cost = 2800", "cost = 2800.0", r"board.toml: space\[3\].cost must be a whole number"),
        ("board", "cost = 2800", 'cost = "2800"', r"board.toml: space 4: cost must be a whole number, not '2800'"),
        ("board", "bonus = 300", "bonus = -300", r"board.toml: space\[0\].bonus must be a whole number from 0"),
        ("board", "wait = 1", "wait = 1000", r"board.toml: space\[2\].wait must be a whole number from 0 to 10"),
        ("board", "green = [85, 105, 48]", "green = [85, 105, 480]", r"board.toml: groups.green must be a colour"),
    ],
)
def test_a_biznes_track_with_a_number_out_of_range_is_refused(option: str, old: str, new: str, message: str) -> None:
    text = shipped("tycoon.games.biznes_po_polsku", "board.toml")
    assert old in text
    with pytest.raises(InvalidConfig, match=message):
        load("biznes_po_polsku", players=2, **{option: text.replace(old, new, 1)})


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (f"amount = {2**63}", r"los.toml: card\[0\].amount must be a whole number from 0 to 1,000,000"),
        ("amount = 100\nsteps = 400", r"los.toml: card\[0\].steps must be a whole number from 0 to 39"),
        ('amount = "100"', r"los.toml: card 0: amount must be a whole number, not '100'"),
    ],
)
def test_a_biznes_card_with_a_number_out_of_range_is_refused(entry: str, message: str) -> None:
    card = f'[[card]]\ntitle = "Spadek"\neffect = "receive"\n{entry}\nsource = "[designed here] a test"\n'
    with pytest.raises(InvalidConfig, match=message):
        load("biznes_po_polsku", players=2, los=card)


def test_die_bosse_reads_its_own_files_with_every_number_in_its_range() -> None:
    """Die Bosse takes no file of one's own; its own are read as the others' are."""
    from tycoon.core.datafiles import DataError, parse

    text = shipped("tycoon.games.die_bosse", "rules.toml")
    assert parse("rules.toml", text)
    wrong = "[table]\nrow = 100000000000\n"
    with pytest.raises(DataError, match=r"rules.toml: table.row must be a whole number from 0 to 1,000,000"):
        parse("rules.toml", wrong)


# --- files nested too deep --------------------------------------------------------------------

DEEP = "x = " + "[" * 10_000 + "]" * 10_000 + "\n"


@pytest.mark.parametrize(
    ("game", "option"),
    [("playboss", "board"), ("playboss", "risk_cards"), ("biznes_po_polsku", "board"), ("biznes_po_polsku", "los")],
)
def test_a_data_file_nested_too_deep_is_refused_naming_the_file(game: str, option: str) -> None:
    with pytest.raises(InvalidConfig, match=rf"{option}.toml: its values are nested too deep to read"):
        load(game, players=2, **{option: DEEP})
    deep_table = "x = " + "{a = " * 10_000 + "1" + "}" * 10_000 + "\n"
    with pytest.raises(InvalidConfig, match=rf"{option}.toml: its values are nested too deep to read"):
        load(game, players=2, **{option: deep_table})


def test_die_bosse_refuses_a_file_nested_too_deep() -> None:
    from tycoon.core.datafiles import DataError, parse

    with pytest.raises(DataError, match=r"rules.toml: its values are nested too deep to read"):
        parse("rules.toml", DEEP)
