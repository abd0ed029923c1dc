"""Whether a change left the games' behaviour as it was: one digest per seeded game.

A speed change must play the same games. This script plays ``--seeds`` seeded games of each
workload (the five of ``peers.py`` and the random agents of Playboss, with and without the six
steps, and of Die Bosse) through ``tycoon.core.driver.play``, hashes every move (its seat and its
action as JSON) and the final state (its fingerprint, its outcome and every seat's view), and
prints one SHA-256 digest per game and one per workload. Run it on the code before and after a
change and compare the outputs: they must be the same line for line, or every difference
explained.

``--deep`` also hashes, at every decision, the deciding seat's legal actions and action families
(their order included: a seeded agent choosing from the same list plays the same game, so a
list that changes only its order is a change) and the state's fingerprint after every move. It
is a few times slower; the digests differ from those without it.

    python benchmarks/identity.py                          # 30 seeds of every workload
    python benchmarks/identity.py --seeds 10 --deep --only biznes-random > after.txt
    PYTHONPATH=<the other checkout>/src python benchmarks/identity.py > before.txt

The narration (the state's log) is hashed only with ``--log``: its words change with the
catalogues while the game stays the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from typing import Any

from tycoon.agents import RandomAgent
from tycoon.core import load, play, spec
from tycoon.core.driver import Agent
from tycoon.core.game import CHANCE, TERMINAL, State

STEPS = [1, 2, 3, 4, 5, 6]

WORKLOADS: dict[str, tuple[str, dict[str, Any], bool]] = {
    "biznes-random": ("biznes_po_polsku", {}, False),
    "biznes-bots": ("biznes_po_polsku", {}, True),
    "playboss-random": ("playboss", {"years": 3}, False),
    "playboss-bots": ("playboss", {"years": 3}, True),
    "playboss-steps-random": ("playboss", {"years": 3, "steps": STEPS}, False),
    "playboss-steps-bots": ("playboss", {"years": 3, "steps": STEPS}, True),
    "die-bosse-random": ("die_bosse", {}, False),
    "die-bosse-bots": ("die_bosse", {}, True),
}
"""Name: (game, options, whether the game's own bot plays every seat rather than random agents)."""


def plain(value: Any) -> str:
    """``value`` as canonical JSON (keys sorted; anything else JSON lacks, as its ``str``)."""
    return json.dumps(value, sort_keys=True, default=str, ensure_ascii=True, separators=(",", ":"))


def digest(name: str, seed: int, deep: bool, log: bool) -> str:
    """The digest of workload ``name``'s game of ``seed``."""
    game_id, options, bots = WORKLOADS[name]
    game = load(game_id, players=4, **options)
    make = spec(game_id).bots["bot"] if bots else RandomAgent
    agents: list[Agent] = [make() for _ in range(4)]
    h = hashlib.sha256()
    watch = None
    state: State = game.new_state()
    if deep:

        def decision(s: State) -> None:
            seat = s.current_player()
            if seat in (CHANCE, TERMINAL):
                return
            h.update(plain([a.to_json() for a in s.legal_actions(seat)]).encode())
            h.update(plain([f.to_json() for f in s.action_families(seat)]).encode())

        decision(state)

        def after(s: State, seat: int) -> None:
            h.update(plain(s.fingerprint()).encode())
            decision(s)

        watch = after
    result = play(game, agents, f"identity:{seed}", state=state, watch=watch)
    for move in result.record.moves:
        h.update(plain([move.seat, move.action]).encode())
    end = result.state
    h.update(plain(end.fingerprint()).encode())
    h.update(plain(result.record.result).encode())
    for seat in [None, *range(game.num_seats)]:
        h.update(plain(end.view(seat)).encode())
    if log:
        h.update(plain([str(line) for line in end.log or []]).encode())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="seeded games per workload (default 30)")
    parser.add_argument("--only", action="append", choices=sorted(WORKLOADS), help="play only this workload")
    parser.add_argument("--deep", action="store_true", help="also hash every decision's choices and every state")
    parser.add_argument("--log", action="store_true", help="also hash the narration")
    args = parser.parse_args(argv)
    for name in args.only or WORKLOADS:
        start = time.process_time()
        whole = hashlib.sha256()
        for seed in range(args.seeds):
            one = digest(name, seed, args.deep, args.log)
            whole.update(one.encode())
            print(f"{name} {seed} {one}")
        print(f"{name} all {whole.hexdigest()}")
        print(f"  {name}: {time.process_time() - start:.1f} CPU s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
