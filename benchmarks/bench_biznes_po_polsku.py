"""Biznes po polsku speed benchmark.

Measures, for the default game (60 rounds agreed) with 2 and 4 players, with random agents and
with the bot (``tycoon.games.biznes_po_polsku.BOTS["bot"]``) in every seat:

* whole games per second, played through ``tycoon.core.driver.play`` exactly as the simulator
  plays them (records included);
* turns per second (a turn is one player's roll) and actions per second (every applied action:
  chance outcomes, decisions, dealings, trade offers and answers);
* the mean number of turns and actions in a game;
* ``state.clone()`` and ``state.legal_actions()`` calls per second on states taken from the
  middle of seeded games, where a seat must decide.

Every timing is run several times over the same seeded games after a warm-up; the median is
reported. Speed is reported, never asserted.

With ``--offers`` it measures the bot's trade offers instead: per default game, how many offers
the bots make, how many are refused, how many repeat word for word an offer the same bot saw
refused earlier in the game, and how many go a second time in one turn to a seat already asked.

    python benchmarks/bench_biznes_po_polsku.py [--games N] [--repeats R] [--json FILE]
    python benchmarks/bench_biznes_po_polsku.py --offers [--games N]
    python benchmarks/bench_biznes_po_polsku.py --profile bot [--games N]

With ``--profile random`` or ``--profile bot`` it plays ``--games`` seeded 4-player default
games of that agent under ``cProfile`` and prints where the time goes: the functions with the
most time of their own, and with the most time including what they call.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import cast

from common import machine, median_rate, mid_game_states, render_table, repeated_calls
from tycoon.agents import RandomAgent
from tycoon.core.driver import Agent, play
from tycoon.games.biznes_po_polsku import BOTS, BiznesPlay, BiznesPoPolsku

PLAYERS = (2, 4)
SEED = "bench"


@dataclass
class Row:
    players: int
    agents: str
    games: int
    games_per_s: float
    turns_per_s: float
    actions_per_s: float
    mean_turns: float
    mean_actions: float
    clone_per_s: float
    legal_actions_per_s: float
    mean_legal_actions: float


def bench_games(game: BiznesPoPolsku, make: Callable[[], Agent], games: int, repeats: int) -> dict[str, float]:
    agents = [make() for _ in range(game.num_seats)]
    seeds = [f"{SEED}:{i}" for i in range(games)]
    counts: list[tuple[int, int]] = []

    def run() -> int:
        actions = turns = 0
        for seed in seeds:
            result = play(game, agents, seed)
            actions += result.actions
            turns += sum(1 for m in result.record.moves if m.action.get("kind") == "roll")
        counts.append((actions, turns))
        return games

    games_per_s = median_rate(run, repeats)
    actions, turns = counts[-1]
    return {
        "games_per_s": games_per_s,
        "turns_per_s": games_per_s * turns / games,
        "actions_per_s": games_per_s * actions / games,
        "mean_turns": turns / games,
        "mean_actions": actions / games,
    }


def bench_states(states: list[BiznesPlay], repeats: int) -> dict[str, float]:
    return {
        "clone_per_s": median_rate(repeated_calls(states, BiznesPlay.clone), repeats),
        "legal_actions_per_s": median_rate(repeated_calls(states, BiznesPlay.legal_actions), repeats),
        "mean_legal_actions": statistics.fmean(len(s.legal_actions()) for s in states),
    }


def table(rows: list[Row]) -> str:
    head = ("players", "agents", "games/s", "turns/s", "actions/s", "turns/game", "actions/game", "clone/s", "legal/s")
    lines = [head]
    for r in rows:
        lines.append(
            (
                str(r.players),
                r.agents,
                f"{r.games_per_s:,.1f}",
                f"{r.turns_per_s:,.0f}",
                f"{r.actions_per_s:,.0f}",
                f"{r.mean_turns:,.1f}",
                f"{r.mean_actions:,.1f}",
                f"{r.clone_per_s:,.0f}",
                f"{r.legal_actions_per_s:,.0f}",
            )
        )
    return render_table(lines)


OFFER_KINDS = ("offer-sale", "offer-purchase", "offer-exchange")


@dataclass
class OfferRow:
    players: int
    agents: str
    games: int
    offers: float
    refused: float
    repeated_refusals: float
    same_seat_in_a_turn: float


def count_offers(moves: list[tuple[int, dict[str, object]]], bots: set[int]) -> tuple[int, int, int, int]:
    """(offers, refused, repeats of an offer refused before, second offers to one seat in a turn)
    made by the seats in ``bots``, read from a game's moves. An offer answered with a
    counter-offer counts as refused: the offer as made was."""
    offers = refused = repeated = same_seat = 0
    turn = 0
    asked: set[tuple[int, int, int]] = set()
    seen_refused: set[tuple[int, str]] = set()
    for i, (seat, action) in enumerate(moves):
        kind = action.get("kind")
        if kind == "roll":
            turn += 1
        if kind not in OFFER_KINDS or seat not in bots:
            continue
        answerer, answer = moves[i + 1]
        offers += 1
        if (turn, seat, answerer) in asked:
            same_seat += 1
        asked.add((turn, seat, answerer))
        key = (seat, json.dumps(action, sort_keys=True))
        if str(answer.get("kind")).startswith("reject") or answer.get("kind") == "counter":
            # Declined, with a reason or not, or answered with other terms: this offer refused.
            refused += 1
            if key in seen_refused:
                repeated += 1
            seen_refused.add(key)
    return offers, refused, repeated, same_seat


def bench_offers(games: int) -> list[OfferRow]:
    """The bots' offers in ``games`` seeded default games per line-up."""
    rows = []
    lineups: dict[str, Callable[[int], list[Agent]]] = {
        "bots": lambda n: [BOTS["bot"]() for _ in range(n)],
        "bot+random": lambda n: [BOTS["bot"](), *(RandomAgent() for _ in range(n - 1))],
    }
    for name, make in lineups.items():
        for players in PLAYERS:
            game = BiznesPoPolsku(players=players)
            totals = [0, 0, 0, 0]
            for i in range(games):
                agents = make(players)
                bots = {s for s, a in enumerate(agents) if a.name == "bot"}
                record = play(game, agents, f"{SEED}:offers:{i}").record
                counts = count_offers([(m.seat, m.action) for m in record.moves], bots)
                totals = [t + c for t, c in zip(totals, counts, strict=True)]
            per = [t / games for t in totals]
            rows.append(OfferRow(players, name, games, *per))
    return rows


def offer_table(rows: list[OfferRow]) -> str:
    head = ("players", "agents", "games", "offers/game", "refused/game", "repeats/game", "same seat twice/game")
    lines = [head]
    for r in rows:
        lines.append(
            (
                str(r.players),
                r.agents,
                str(r.games),
                f"{r.offers:,.1f}",
                f"{r.refused:,.1f}",
                f"{r.repeated_refusals:,.1f}",
                f"{r.same_seat_in_a_turn:,.1f}",
            )
        )
    return render_table(lines)


def profile(kind: str, games: int, top: int = 25) -> str:
    """``games`` seeded 4-player default games of agent ``kind`` under cProfile: the report."""
    make = RandomAgent if kind == "random" else BOTS[kind]
    game = BiznesPoPolsku(players=4)
    agents = [make() for _ in range(game.num_seats)]
    profiler = cProfile.Profile()
    turns = 0
    profiler.enable()
    for i in range(games):
        result = play(game, agents, f"{SEED}:{i}")
        turns += sum(1 for m in result.record.moves if m.action.get("kind") == "roll")
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    out.write(f"{games} games, {turns} turns, 4 {kind} agents\n")
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per timed repeat (default 100)")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats; the median is reported (default 5)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--offers", action="store_true", help="measure the bot's trade offers instead of speed")
    parser.add_argument("--profile", choices=["random", *BOTS], help="profile 4-player games of this agent instead")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    if args.profile:
        print(profile(args.profile, args.games))
        return 0
    if args.offers:
        print(f"Biznes po polsku, the bot's trade offers in {args.games} default games (60 rounds) per line-up\n")
        offer_rows = bench_offers(args.games)
        print(offer_table(offer_rows))
        if args.json:
            payload = {"benchmark": "biznes_po_polsku offers", "rows": [asdict(r) for r in offer_rows]}
            args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        return 0
    info = {key: value for key, value in machine().items() if key in ("cpu", "cores", "python")}
    print(f"Biznes po polsku, default game (60 rounds); {info['cpu']}, {info['cores']} cores, Python {info['python']}")
    print(f"{args.games} games per repeat, median of {args.repeats} repeats after a warm-up\n")
    rows = []
    for kind, make in {"random": RandomAgent, **BOTS}.items():
        for players in PLAYERS:
            game = BiznesPoPolsku(players=players)
            figures = bench_games(game, make, args.games, args.repeats)
            states = cast("list[BiznesPlay]", mid_game_states(game, make, 40, SEED))
            figures |= bench_states(states, args.repeats)
            rows.append(Row(players=players, agents=kind, games=args.games, **figures))
    print(table(rows))
    if args.json:
        payload = {"benchmark": "biznes_po_polsku", "machine": info, "rows": [asdict(r) for r in rows]}
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
