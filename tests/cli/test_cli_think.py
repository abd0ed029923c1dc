"""``tycoon play --think SECONDS``: a person gives the searching bots time to think instead of
their budget of iterations."""

from __future__ import annotations

import pytest
from rich.console import Console

from tycoon.agents.ismcts import UNBOUNDED, IsmctsAgent
from tycoon.agents.partners import Partners
from tycoon.cli import main
from tycoon.cli.play import plan_seats


def test_think_gives_each_searching_seat_its_seconds() -> None:
    plans = plan_seats("die_bosse", ["you", "hard", "normal", "hard"], think=0.25)
    searching = [p.agent for p in plans if isinstance(p.agent, IsmctsAgent)]
    assert len(searching) == 2
    for agent in searching:
        assert agent.seconds == 0.25
        assert agent.iterations == UNBOUNDED
    assert not isinstance(plans[2].agent, IsmctsAgent)


def test_without_think_a_searching_seat_keeps_its_budget_of_iterations() -> None:
    (_, plan) = plan_seats("die_bosse", ["you", "hard"])
    assert isinstance(plan.agent, IsmctsAgent)
    # The same seed and budget always give the same choice (docs/agents.md).
    assert plan.agent.seconds is None
    assert 0 < plan.agent.iterations < UNBOUNDED


def test_think_reaches_a_searching_partner() -> None:
    # Playboss: two partners run one business, a person for production and hard for finance.
    (plan, _) = plan_seats("playboss", ["you+hard", "normal"], think=0.5)
    assert isinstance(plan.agent, Partners)
    hard = plan.agent.partners["finance"]
    assert isinstance(hard, IsmctsAgent)
    assert hard.seconds == 0.5


def test_think_without_a_searching_seat_is_refused(console: Console) -> None:
    status = main(["play", "die_bosse", "--seats", "you,normal", "--think", "1"], console=console)
    assert status == 1
    assert "--think gives a searching bot time to think, and no seat has one: you, normal" in console.export_text()


@pytest.mark.parametrize("seconds", ["0", "-1", "61", "soon"])
def test_think_takes_seconds_above_0_and_up_to_a_minute(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["play", "die_bosse", "--seats", "you,hard", "--think", seconds])
    assert stopped.value.code == 2
    assert "--think" in capsys.readouterr().err


def test_outside_english_every_bot_is_named_bot_and_its_seat_whatever_its_level() -> None:
    from tycoon.cli.naming import choose_language

    try:
        choose_language("pl")
        names = [p.name for p in plan_seats("biznes_po_polsku", ["you", "hard", "normal", "easy"])]
        assert names == ["you", "Bot 2", "Bot 3", "Bot 4"]
        choose_language("en")
        names = [p.name for p in plan_seats("biznes_po_polsku", ["you", "hard", "normal", "easy"])]
        assert names == ["you", "hard 2", "normal 3", "easy 4"]
    finally:
        choose_language("en")
