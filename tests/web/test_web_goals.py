"""Playboss's step 5: a personal goal written down in the page is shown to its writer, in the
rulebook's words, and to the other seat only as written down; no message the other's page
received names it, and neither does its DOM."""

from __future__ import annotations

import json
from typing import Any

import browserkit
from browserkit import Seat, person

from tycoon.core.messages import msg
from tycoon.words import render

GOALS = {0: "sales-yield", 1: "asset-yield"}
GOAL_WORDS = {goal: render(msg(f"pb.goals.{goal}")) for goal in GOALS.values()}
"""Each goal as the English page names it (``pb.goals.*``)."""


def test_a_personal_goal_is_seen_by_its_writer_only(server: Any, chromium: Any) -> None:
    table = server.table("playboss", [person("Ann"), person("Bob")], options={"years": 1, "steps": [5]})
    contexts = [chromium.new_context(viewport=browserkit.DESKTOP) for _ in range(2)]
    try:
        ann, bob = (Seat(c, s["link"]) for c, s in zip(contexts, table["seats"], strict=True))
        others = browserkit.chooser(8, prefer=("roll",), avoid=("declare-goal", "offer-loan", "offer-trade"))

        def choose(seat: Seat, options: list[str]) -> str:
            mine = f"declare-goal {GOALS[seat.seat() or 0]}"
            return mine if mine in options else others(seat, options)

        deadline = 40
        while not all(b.get("goal") for b in ann.view()["expansion"]["businesses"]):
            assert browserkit.play_together([ann, bob], 1, choose) == 1
            deadline -= 1
            assert deadline, "the goals were not written down"
        browserkit.play_together([ann, bob], 4, choose)
        for seat, other in ((ann, bob), (bob, ann)):
            seat.page.wait_for_function(f"window.tycoon.connection.version >= {other.version()}")
            me, them = seat.seat(), other.seat()
            assert me is not None and them is not None
            own = seat.page.locator(f"[data-testid=goal-{me}]")
            assert own.inner_text() == GOAL_WORDS[GOALS[me]]
            assert seat.page.locator(f"[data-testid=goal-{them}]").inner_text() == "written down, shown at the end"
            secret = (GOALS[them], GOAL_WORDS[GOALS[them]])
            dom = seat.dom_text()
            assert not [s for s in secret if s in dom]
            for message in seat.messages():
                told = json.dumps({k: v for k, v in message.items() if k not in ("legal", "families")})
                assert not [s for s in secret if s in told], message.get("type")
            assert not seat.errors
    finally:
        for c in contexts:
            c.close()
