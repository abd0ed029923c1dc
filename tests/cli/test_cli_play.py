"""``tycoon play`` driven with scripted input on the coin flip test game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import coin_game
import pytest
from keyboard import Table
from rich.console import Console
from rich.text import Text
from scripted import EOF_KEY, INTERRUPT_KEY, Script

from tycoon.cli import main
from tycoon.cli.menu import Menu
from tycoon.cli.naming import SeatNames
from tycoon.core import load, play, read, replay
from tycoon.sim import make_agent

ScriptFactory = Callable[[Iterable[str]], Script]


def test_bad_input_gets_a_reason_and_the_question_again(
    console: Console, script: ScriptFactory, tmp_path: Path
) -> None:
    out = tmp_path / "game.jsonl"
    answers = script(["", "abc", "9", "-1", "call heads 5", "call sideways 1", "2", "quit", "yes"])
    # Seed 4: chance lets seat 0 (Ann) call first.
    argv = ["play", "coinflip", "--seats", "you,heads", "--names", "Ann,Bob", "--seed", "4"]
    status = main([*argv, "--out", str(out)], console=console, ask=answers)
    text = console.export_text()
    assert status == 0
    assert answers.prompts == ["Ann> "] * 8 + [f"Leave the game (saved in {out})? (yes/no)> "]
    assert "type a number from 1 to 4, an action, 'help' or 'quit'" in text
    assert "there is no action 'abc'; the actions now: call; or type a number from 1 to 4, or 'help'" in text
    assert "there is no choice 9; choose a number from 1 to 4" in text
    assert "there is no choice -1; choose a number from 1 to 4" in text
    assert "not allowed: call heads 5 is not allowed now (coinflip: stake 1 or 2 chips you hold)" in text
    assert "not allowed: call sideways 1 is not allowed now" in text
    # Choice 2 is "call heads 2", told with the game's own description and its narration.
    assert "Ann: call heads, staking 2 chips" in text
    assert "Ann calls heads for 2" in text  # the narration names the player
    assert f"Game saved to {out} after" in text
    (record,) = read(out)
    assert record.result is None
    assert record.seats == [{"name": "Ann", "agent": "human"}, {"name": "Bob", "agent": "heads"}]
    assert record.moves[1].seat == 0
    assert record.moves[1].action == {"kind": "call", "side": "heads", "stake": 2}
    assert not replay(record).is_terminal()


def test_the_numbered_list_shows_descriptions_and_typed_forms(console: Console, script: ScriptFactory) -> None:
    main(["play", "coinflip", "--seats", "you,heads", "--seed", "4"], console=console, ask=script([]))
    text = console.export_text()
    assert "you, your choice:" in text
    for number, typed in enumerate(["call heads 1", "call heads 2", "call tails 1", "call tails 2"], 1):
        stake = typed[-1]
        chips = "chip" if stake == "1" else "chips"
        assert f"{number}  call {typed.split()[1]}, staking {stake} {chips}  [{typed}]" in text
    assert "Game abandoned." in text


def test_a_hot_seat_game_to_the_end_saves_a_record_that_replays(
    console: Console, script: ScriptFactory, tmp_path: Path
) -> None:
    out = tmp_path / "game.jsonl"
    status = main(
        ["play", "coinflip", "--seats", "you,human", "--seed", "7", "--rounds", "2", "--out", str(out)],
        console=console,
        ask=script(["call tails 1", "1"] * 10),
    )
    text = console.export_text()
    assert status == 0
    assert "player 1, your choice:" in text and "player 2, your choice:" in text
    (record,) = read(out)
    assert record.config == {"players": 2, "rounds": 2}
    assert record.result is not None
    final = replay(record)
    assert final.is_terminal()
    outcome = final.outcome()
    assert record.result["scores"] == list(outcome.scores)
    assert record.result["actions"] == len(record.moves)
    # The result table and the game's balance sheets close the game.
    assert "Result" in text and "Balance sheet — player 1" in text and "Balance sheet — player 2" in text
    assert "Starting chips" in text
    assert f"Record saved to {out}." in text


def test_a_game_of_bots_is_the_game_the_driver_plays(console: Console, tmp_path: Path) -> None:
    out = tmp_path / "bots.jsonl"
    status = main(["play", "coinflip", "--seats", "bold,random", "--seed", "12", "--out", str(out)], console=console)
    assert status == 0
    (record,) = read(out)
    game = load("coinflip", players=2)
    driven = play(game, [make_agent("coinflip", "bold"), make_agent("coinflip", "random")], 12)
    assert record.moves == driven.record.moves
    assert record.result == driven.record.result


def test_a_closed_input_quits_without_a_traceback(console: Console, script: ScriptFactory) -> None:
    assert main(["play", "coinflip", "--seats", "heads,you", "--seed", "4"], console=console, ask=script([])) == 0
    assert "Game abandoned." in console.export_text()


def test_help_and_show(console: Console, script: ScriptFactory) -> None:
    main(
        ["play", "coinflip", "--seats", "you,heads", "--seed", "4"],
        console=console,
        ask=script(["help", "show", "exit"]),
    )
    text = console.export_text()
    assert "kinds now: call" in text
    assert text.count("coinflip — as seen by you") == 2


def test_an_unknown_seat_kind_names_the_known_ones(console: Console) -> None:
    status = main(["play", "coinflip", "--seats", "you,genius"], console=console)
    assert status == 1
    assert "seat 2: unknown seat kind 'genius'; known kinds: you, human, random, heads, bold" in console.export_text()


def test_names_must_match_the_seats(console: Console) -> None:
    assert main(["play", "coinflip", "--seats", "you,heads", "--names", "Ann"], console=console) == 1
    assert "--names gives 1 name but --seats has 2 seats" in console.export_text()


def test_a_bad_game_option_is_reported(console: Console) -> None:
    assert main(["play", "coinflip", "--seats", "you,heads", "--years", "3"], console=console) == 1
    assert "coinflip has no option 'years' (--years 3); its options: rounds" in console.export_text()


def test_long_action_lists_are_grouped_by_kind_when_the_screen_is_short() -> None:
    game = load("coinflip", players=2)
    state = game.new_state()
    actions = [coin_game.Call("heads", n) for n in range(40)] + [coin_game.Flip("tails"), coin_game.Call("tails", 1)]
    menu = Menu(actions, [], lambda a: state.describe(a, 0), game.codec, SeatNames(["you", "bot"]))
    short = [line.plain for line in menu.lines(120, budget=10)]
    # The calls gather in one line although a flip comes between them.
    assert short[0].startswith("  1…42  call heads, staking 0 chip … call tails, staking 1 chip")
    assert short[0].endswith("(41 choices; type call to choose)")
    assert short[1] == "    41  flip tails"
    assert menu.collapsed == set(range(1, 41)) | {42}
    # With room for every line each choice has its own, with what to type for it.
    tall = [line.plain for line in menu.lines(120, budget=None)]
    assert len(tall) == 42
    assert tall[39] == "  40  call heads, staking 39 chips  [call heads 39]"
    # 'more N' lists every choice of that kind in full.
    more = [line.plain for line in menu.expanded(5, 120)]
    assert len(more) == 41
    assert more[4] == "   5  call heads, staking 4 chips  [call heads 4]"
    assert more[-1] == "  42  call tails, staking 1 chip  [call tails 1]"


def test_a_grouped_line_keeps_its_hint_when_the_words_are_cut() -> None:
    game = load("coinflip", players=2)
    actions = [coin_game.Call("heads", n) for n in range(40)]
    menu = Menu(actions, [], lambda a: "a very long description " * 5, game.codec, SeatNames(["you", "bot"]))
    (line,) = [line.plain for line in menu.lines(80, budget=3)]
    assert len(line) < 80
    assert line.endswith("…  (40 choices; type call to choose)")


def test_ctrl_d_and_ctrl_c_ask_before_leaving_then_the_standings_and_the_record(
    console: Console, tmp_path: Path
) -> None:
    out = tmp_path / "game.jsonl"
    # Ctrl-D, "no": the game goes on; a move; Ctrl-C, a wrong answer, "yes": the game ends.
    answers = Script([EOF_KEY, "no", "2", INTERRUPT_KEY, "maybe", "yes"], echo=console)
    argv = ["play", "coinflip", "--seats", "you,heads", "--names", "Ann,Bob", "--seed", "4", "--out", str(out)]
    assert main(argv, console=console, ask=answers) == 0
    leave = f"Leave the game (saved in {out})? (yes/no)> "
    assert answers.prompts == ["Ann> ", leave, "Ann> ", "Ann> ", leave, leave]
    text = console.export_text()
    assert "answer yes or no" in text
    standings = text[text.index("Standings after 5 moves:") :].splitlines()
    assert standings[2].split() == ["1", "Ann", "1"] and standings[3].split() == ["2", "Bob", "2"]
    assert f"Game saved to {out} after 5 moves; 'tycoon replay {out}' retells it." in text
    (record,) = read(out)
    assert len(record.moves) == 5 and record.result is None


def test_quit_asks_first_and_no_goes_back_to_the_game(console: Console, script: ScriptFactory) -> None:
    answers = script(["quit", "no", "exit", "yes"])
    assert main(["play", "coinflip", "--seats", "you,heads", "--seed", "4"], console=console, ask=answers) == 0
    assert answers.prompts == ["you> ", "Leave the game (not saved)? (yes/no)> "] * 2
    text = console.export_text()
    assert "Standings after 1 moves" not in text and "Standings after 1 move:" in text
    assert "Game abandoned." in text


def test_a_short_menu_gathers_its_largest_kinds_first() -> None:
    game = load("coinflip", players=2)
    state = game.new_state()
    actions = [coin_game.Flip("heads"), coin_game.Flip("tails")] + [coin_game.Call("heads", n) for n in range(12)]
    menu = Menu(actions, [], lambda a: state.describe(a, 0), game.codec, SeatNames(["you", "bot"]))
    lines = [line.plain for line in menu.lines(120, budget=5)]
    # The two flips of the decision keep a line each; the twelve calls share one.
    assert [line.split()[0] for line in lines] == ["1", "2", "3–14"]


def test_the_record_on_disk_is_the_game_at_every_prompt(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    checked: list[int] = []

    def check(table: Table, prompt: str, screen: list[str]) -> None:
        (record,) = read(out)  # flushed: what is on disk is the whole game so far
        assert record.moves == table.terminal.record.moves
        assert replay(record).fingerprint() == table.state.fingerprint()  # type: ignore[attr-defined]
        checked.append(len(record.moves))

    table = Table("biznes_po_polsku", ["bot", "you"], 2, {"rounds": 12}, check=check, out=out)
    assert table.run() == 0
    assert len(checked) > 10 and checked == sorted(checked)
    (record,) = read(out)
    assert record.result is not None and record.result["actions"] == len(record.moves)


def test_show_draws_the_board_then_the_position_and_the_decision_below_it(
    console: Console, script: ScriptFactory
) -> None:
    main(["play", "coinflip", "--seats", "you,heads", "--seed", "4"], console=console, ask=script(["show"]))
    text = console.export_text()
    after = text[text.rindex("coinflip — as seen by you") :].splitlines()
    assert [line for line in after if line.startswith(("you: chips", "you to move", "'menu'"))] == [
        "you: chips 3",
        "you to move",
        "'menu' lists the choices again.",
    ]
    assert "you, your choice:" not in "\n".join(after)


def test_the_help_says_what_may_be_typed(console: Console, script: ScriptFactory) -> None:
    main(["play", "coinflip", "--seats", "you,heads", "--seed", "4"], console=console, ask=script(["help"]))
    text = console.export_text()
    assert "'more N' lists every choice of N's kind, 'all' every choice;" in text
    assert "a kind alone (e.g. 'call') asks its values one by one;" in text


def test_listed_values_in_even_steps_are_asked_as_a_range() -> None:
    from tycoon.cli.form import as_domain
    from tycoon.core.families import Choice, IntRange

    assert as_domain([0, 500, 1000, 1500]) == IntRange(0, 1500, 500)
    assert as_domain(list(range(1, 19))) == IntRange(1, 18, 1)
    assert as_domain([2000, 5000]) == Choice((2000, 5000))  # two values: the list
    assert as_domain([1, 2, 4, 8]) == Choice((1, 2, 4, 8))
    assert as_domain(["raw", "finished"]) == Choice(("raw", "finished"))


def test_earlier_lines_shown_again_to_keep_the_story_in_sight_are_dimmed(script: ScriptFactory) -> None:
    import io

    console = Console(file=io.StringIO(), width=100, height=30, record=True, color_system="standard")
    argv = ["play", "coinflip", "--seats", "you,heads", "--names", "Ann,Bob", "--seed", "4", "--rounds", "3"]
    main(argv, console=console, ask=script(["1"]))
    screens = console.export_text(styles=True).split("Ann, your choice:")
    assert "Ann calls first" in screens[0]  # told for the first time: not dimmed
    assert "\x1b[2m      Ann calls first" not in screens[0]
    assert "\x1b[2;3m      Ann calls first" in screens[1]  # shown again to fill the screen: dim (and italic)


class _Told:
    """A state that describes no move (its text form) and narrates only what it is told to."""

    def __init__(self) -> None:
        self.log: list[str] | None = []

    def describe(self, action: object, viewer: int | None = None) -> str:
        return str(action)


def test_a_run_of_untold_moves_shares_a_line_and_the_rules_telling_follows() -> None:
    from tycoon.cli.narrate import Narrator

    state = _Told()
    narrator = Narrator(state, ["you", "bot 2", "bot 3"], 0, compact=True)  # type: ignore[arg-type]
    for stake in (1, 2, 3):
        narrator.move(narrator.line(2, coin_game.Call("heads", stake)))
    narrator.move(narrator.line(1, coin_game.Call("heads", 1)))  # another seat: a line of its own
    line = narrator.line(2, coin_game.Flip("tails"))
    assert state.log is not None
    state.log.append("seat 2 flips tails and wins")  # told by the rules: the move line goes
    narrator.move(line)
    for _ in range(3):
        state.log.append("seat 0 waits")
        narrator.news()
    assert [t.plain for t in narrator.take_fresh()] == [
        "bot 3: call heads 1 · call heads 2 · call heads 3",
        "bot 2: call heads 1",
        "      bot 3 flips tails and wins",
        "      You wait (×3)",
    ]


def test_what_does_not_fit_on_the_screen_is_summed_up_a_turn_a_line_the_last_lines_as_told() -> None:
    from tycoon.cli.narrate import Narrator

    state = _Told()
    narrator = Narrator(state, ["you", "bot 2", "bot 3"], 0, compact=True)  # type: ignore[arg-type]
    assert state.log is not None
    state.log.append("seat 1 rolls 6 for the start. seat 1 begins.")
    narrator.news()
    for seat in (1, 2):
        narrator.move(narrator.line(seat, coin_game.Call("heads", 1)))
        line = narrator.line(-1, coin_game.Flip("tails"))
        state.log.append(f"seat {seat} flips tails.")
        narrator.move(line)
        line = narrator.line(seat, coin_game.Call("tails", 2))
        state.log += [f"Seat {seat} wins 2.", f"seat {seat} waits.", f"seat {seat} waits."]
        narrator.move(line)
    told = narrator.take_fresh()
    assert len(told) == 9
    one_row = lambda line: 1  # noqa: E731
    # Everything fits: as told.
    assert narrator.within(told, 9, one_row) == told and narrator.summed_up == 0
    # The earliest turns summed up, a line each; the last four lines as told.
    shown = [t.plain for t in narrator.within(told, 7, one_row)]
    assert shown == [
        "      bot 2 rolls 6 for the start. bot 2 begins.",
        "bot 2: call heads 1; flips tails; wins 2; waits (×2)",
        *[t.plain for t in told[-4:]],
    ]
    assert narrator.summed_up == 5
    # Every turn summed up, the die with the turn it was cast in.
    assert [t.plain for t in narrator.within(told, 3, one_row)][1:] == [
        "bot 2: call heads 1; flips tails; wins 2; waits (×2)",
        "bot 3: call heads 1; flips tails; wins 2; waits (×2)",
    ]
    # Too long even so: as told, for the terminal to scroll.
    assert narrator.within(told, 2, one_row) == told and narrator.summed_up == 0
    # Lines printed at once (a replay, a game of bots) are never summed up: nothing is kept.
    shown: list[Text] = []
    live = Narrator(_Told(), ["you", "bot 2"], None, shown.append)  # type: ignore[arg-type]
    for _ in range(50):
        live.move(live.line(1, coin_game.Call("heads", 1)))
    assert len(shown) == 50 and live.turns == [] and live.fresh == []


def test_a_warning_asks_before_the_move_and_a_legend_is_shown_once(
    console: Console, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tycoon.cli import hooks

    def warning(game_id: str, state: object, action: object) -> str | None:
        return "staking 2 chips may cost seat 0 both" if getattr(action, "stake", 0) == 2 else None

    monkeypatch.setattr(hooks, "warning", warning)
    monkeypatch.setattr(hooks, "legend", lambda game_id: "● a chip")
    out = tmp_path / "game.jsonl"
    answers = Script(["2", "no", "2", "yes", "quit", "yes"], echo=console)
    argv = ["play", "coinflip", "--seats", "you,heads", "--names", "Ann,Bob", "--seed", "4", "--out", str(out)]
    assert main(argv, console=console, ask=answers) == 0
    text = console.export_text()
    assert text.count("⚠ staking 2 chips may cost Ann both") == 2
    assert answers.prompts[:4] == ["Ann> ", "Do it anyway? (yes/no)> ", "Ann> ", "Do it anyway? (yes/no)> "]
    assert text.count("● a chip") == 1
    (record,) = read(out)
    calls = [m.action for m in record.moves if m.seat == 0]
    assert calls == [{"kind": "call", "side": "heads", "stake": 2}]  # refused once, then taken


def test_help_on_a_kind_gives_its_values_now_and_examples(console: Console, script: ScriptFactory) -> None:
    main(["play", "coinflip", "--seats", "you,heads", "--seed", "4"], console=console, ask=script(["help call"]))
    text = console.export_text()
    assert "call: " in text and "  type: call <side> <stake>" in text
    assert "  side" in text and "now heads, tails" in text
    assert "  for example: call heads 1  (call heads, staking 1 chip)" in text
    assert "           or: call tails 2  (call tails, staking 2 chips)" in text
    assert "  or type 'call' alone to be asked its values one by one" in text
    assert "``" not in text


def test_a_choice_asked_field_by_field_is_confirmed_in_a_sentence(console: Console, script: ScriptFactory) -> None:
    answers = script(["call", "1", "1", "no"])
    main(["play", "coinflip", "--seats", "you,heads", "--seed", "4"], console=console, ask=answers)
    asked = [p for p in answers.prompts if p.endswith("Do it? (yes/no)> ")]
    assert asked and all(p[0].isupper() for p in asked), answers.prompts
