"""Playboss board balance study.

The rulebook says the order of the coloured spaces "was established with endless play-testing
and with the help of a computer, in order to ensure that the game always stays in balance". No
printing of the board was found, so ours (``games/playboss/data/board.toml``) is designed. This
study measures how it behaves, beside a few alternative layouts:

* exactly, from the die alone: where a d6 walk lands (its stationary distribution, and the
  expected landings over the game's own number of turns), how many red decision fields one
  business year brings (the exact distribution, year by year), and how much the next roll's
  chance of a red field depends on where a piece stands;
* by simulation of many seeded games (the Playboss bot when there is one, otherwise the
  study's own ``steady`` business; random agents on request): win rate per seat and per place
  in the turn order with 95% Wilson intervals, red fields per player and year, how much of the
  spread of final profit the luck of landing explains, the observed landing frequency per
  space, bankruptcies.

Each layout is played by replacing the board in the game's ``Rules`` (``dataclasses.replace``)
and nothing else; the same seeds are used for every layout.

    python benchmarks/board_balance.py [--games N] [--players P] [--years Y] [--agents KIND]
                                       [--workers W] [--json FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tycoon.agents import RandomAgent
from tycoon.core.actions import Action
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.game import CHANCE
from tycoon.games.playboss import BOTS, Playboss
from tycoon.games.playboss.actions import (
    BankSell,
    BankSellComputer,
    BankSellMachine,
    Borrow,
    BuyWeb,
    CostChoice,
    Die,
    DoNothing,
    Invest,
    LoseMachine,
    Pass,
    Produce,
    Purchase,
    Repay,
    ReturnComputer,
    Roll,
    Sell,
    WriteOff,
)
from tycoon.games.playboss.data import rules
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import GREEN, MOVE, RAISE, RED, TURN, WHITE, YELLOW
from tycoon.sim.stats import Z_95, wilson_interval

KINDS = ("red", "green", "yellow", "blue", "white", "start")

# --- the layouts --------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """A board to study."""

    name: str
    """Short name in the tables."""
    board: tuple[str, ...]
    """Kind of each space; index 0 is start."""
    start_position: int
    """Where every piece begins."""
    about: str
    """One line on what the layout is."""


def _spread(others: Sequence[str], reds: int, total: int) -> list[str]:
    """Spaces 1 to ``total - 1``: reds on the odd spaces, ``others`` on the rest in order."""
    spaces: list[str] = []
    it = iter(others)
    for i in range(1, total):
        spaces.append("red" if i % 2 == 1 and i < 2 * reds else next(it))
    return spaces


def layouts() -> list[Layout]:
    ours = rules().board
    # The research suggestion: 42 spaces counting start; 20 red, 7 green, 7 yellow, 6 blue, 1
    # white. Reds on every other space, the others in the cycle green, yellow, blue, and the
    # white write-off just before start, as the suggestion says.
    others = ["green", "yellow", "blue"] * 6 + ["green", "yellow"] + ["white"]
    research = ("start", *_spread(others, 20, 42))
    # Our counts, the reds in four blocks of five (a lucky stretch, then dry ones), each block
    # followed by five or six of the other kinds in our order, the white field before start.
    non_red = [k for k in ours[1:] if k not in ("red", "white")]
    clustered = ["start"]
    for lo, hi in ((0, 5), (5, 10), (10, 15), (15, len(non_red))):
        clustered += ["red"] * 5 + non_red[lo:hi]
    clustered.append("white")
    # Our counts, reds in pairs: two reds, two others, ten times over (a middle way).
    pairs = ["start"]
    for i in range(10):
        pairs += ["red", "red", *non_red[2 * i : 2 * i + 2]]
    pairs += [*non_red[20:], "white"]
    # Ours with the white write-off field in the middle of the year (swapped with space 21).
    white_mid = list(ours)
    w = white_mid.index("white")
    white_mid[w], white_mid[21] = white_mid[21], white_mid[w]
    found = [
        Layout("ours", ours, rules().start_position, "data/board.toml: 43 spaces, reds alternate, white before start"),
        Layout("research-42", research, 1, "42 spaces counting start: 20 red, 7 green, 7 yellow, 6 blue, 1 white"),
        Layout("clustered", tuple(clustered), 1, "our counts, reds in four blocks of five"),
        Layout("pairs", tuple(pairs), 1, "our counts, reds in pairs: red, red, two others"),
        Layout("white-mid", tuple(white_mid), rules().start_position, "ours, white write-off moved to space 21"),
    ]
    for lay in found[2:]:
        if sorted(lay.board) != sorted(ours):
            raise ValueError(f"layout {lay.name} must hold our counts; board.toml has changed them: update the study")
    for lay in found:
        if lay.board[0] != "start" or lay.board.count("start") != 1 or lay.board[lay.start_position] != "red":
            raise ValueError(f"layout {lay.name}: start must be space 0 only, and pieces begin on a red space")
    return found


def counts(board: Sequence[str]) -> str:
    return " ".join(f"{board.count(k)}{k[0].upper()}" for k in KINDS[:-1])


# --- exact figures from the die alone -------------------------------------------------------


def stationary(size: int) -> list[float]:
    """The stationary distribution of a d6 walk on a loop of ``size`` spaces, by power
    iteration. (Every column of the transition matrix sums to 1, so it is uniform; the
    iteration shows it.)"""
    p = [1.0] + [0.0] * (size - 1)
    for _ in range(5000):
        q = [0.0] * size
        for i, x in enumerate(p):
            if x:
                for k in range(1, 7):
                    q[(i + k) % size] += x / 6
        p = q
    return p


def expected_landings(size: int, start: int, turns: int) -> list[list[float]]:
    """``out[t][s]``: expected landings on space ``s`` in the first ``t`` rolls from ``start``."""
    p = [0.0] * size
    p[start] = 1.0
    acc = [0.0] * size
    out = [acc.copy()]
    for _ in range(turns):
        q = [0.0] * size
        for i, x in enumerate(p):
            if x:
                for k in range(1, 7):
                    q[(i + k) % size] += x / 6
        p = q
        acc = [a + b for a, b in zip(acc, p, strict=True)]
        out.append(acc)
    return out


def reds_per_year(board: Sequence[str], start: int, years: int) -> list[dict[int, float]]:
    """The exact distribution of red landings in each business year (one lap each).

    A year ends when the piece crosses start; the landing that crosses (on one of the first
    spaces) belongs to the new year, as in the engine.
    """
    size = len(board)
    red = [k == "red" for k in board]
    entry = {start: 1.0}  # where the year begins (its first space is not a landing)
    first = True
    out: list[dict[int, float]] = []
    for _ in range(years):
        # (position, reds so far) -> probability; the entry landing counts for this year.
        now: dict[tuple[int, int], float] = {}
        for pos, pr in entry.items():
            c = 0 if first else int(red[pos])
            now[(pos, c)] = now.get((pos, c), 0.0) + pr
        first = False
        done: dict[int, float] = {}
        nxt: dict[int, float] = {}
        while now:
            later: dict[tuple[int, int], float] = {}
            for (pos, c), pr in now.items():
                for k in range(1, 7):
                    q = pos + k
                    if q >= size:
                        done[c] = done.get(c, 0.0) + pr / 6
                        nxt[q - size] = nxt.get(q - size, 0.0) + pr / 6
                    else:
                        key = (q, c + red[q])
                        later[key] = later.get(key, 0.0) + pr / 6
            now = later
        out.append(done)
        entry = nxt
    return out


def reds_in_turns(board: Sequence[str], start: int, turns: int) -> dict[int, float]:
    """The exact distribution of red landings in ``turns`` rolls from ``start``."""
    size = len(board)
    now = {(start, 0): 1.0}
    for _ in range(turns):
        later: dict[tuple[int, int], float] = {}
        for (pos, c), pr in now.items():
            for k in range(1, 7):
                q = (pos + k) % size
                key = (q, c + (board[q] == "red"))
                later[key] = later.get(key, 0.0) + pr / 6
        now = later
    out: dict[int, float] = {}
    for (_, c), pr in now.items():
        out[c] = out.get(c, 0.0) + pr
    return out


def dist_mean_sd(d: dict[int, float]) -> tuple[float, float]:
    mean = sum(k * p for k, p in d.items())
    var = sum((k - mean) ** 2 * p for k, p in d.items())
    return mean, math.sqrt(var)


def next_roll_red(board: Sequence[str]) -> list[float]:
    """For each space, the chance that the next roll lands on a red field."""
    size = len(board)
    return [sum(board[(i + k) % size] == "red" for k in range(1, 7)) / 6 for i in range(size)]


def dice_only_gap(layout: Layout, players: int, years: int, games: int, seed: str) -> tuple[float, float]:
    """How far the landing shares of pure dice walks stray from :func:`expected_landings` for
    the same numbers of turns (total variation distance): first under the game's stopping rule
    (the round in which a piece crosses start for the ``years``-th time is the last), then for
    walks of a fixed length. The first shows what the stopping rule alone does; the second is
    the sampling noise."""
    size = len(layout.board)
    rng = random.Random(f"{seed}:dice-only")
    fixed = round(years * size / 3.5)
    horizon = expected_landings(size, layout.start_position, 3 * fixed)
    gaps = []
    for stop in (True, False):
        obs = [0] * size
        exp = [0.0] * size
        for _ in range(games):
            pos = [layout.start_position] * players
            t = 0
            while (stop and all(p < years * size for p in pos)) or (not stop and t < fixed):
                t += 1
                for s in range(players):
                    pos[s] += rng.randint(1, 6)
                    obs[pos[s] % size] += 1
            exp = [e + players * h for e, h in zip(exp, horizon[t], strict=True)]
        total_obs, total_exp = sum(obs), sum(exp)
        gaps.append(sum(abs(o / total_obs - e / total_exp) for o, e in zip(obs, exp, strict=True)) / 2)
    return gaps[0], gaps[1]


# --- simulation ---------------------------------------------------------------------------


class SteadyAgent:
    """A plain scripted business for this study, used when the game offers no bot.

    It keeps one steady plan: two machines (each half on credit), raw products for three
    batches, produce whenever it can, sell when nothing is left to produce or the game nears
    its end; up to three WEBs as insurance and to pay the white and yellow fields; spare cash
    repays the bank. It never leases or buys a computer, never improves or advertises, and
    passes at auctions. It is no strong player (it makes a small loss on average), but its red
    fields help it, as they do not help a random agent; so the luck of landing on them can be
    measured.
    """

    name = "steady"
    machines = 2
    """How many machines it builds up to."""

    def seed(self, seed: int | str) -> None:
        """Nothing to seed: the plan is fixed."""

    def act(self, state: PlaybossState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        b = state.businesses[seat]
        phase = state.phase

        def first(*classes: type[Action]) -> Action | None:
            for cls in classes:
                for a in legal:
                    if type(a) is cls:
                        return a
            return None

        def best(cls: type[Action], key: Callable[[Any], int]) -> Action | None:
            found = [a for a in legal if type(a) is cls]
            return max(found, key=key) if found else None

        if phase == RAISE:
            pick = first(BankSell) or best(Borrow, lambda a: a.amount) or first(BankSellMachine, BankSellComputer)
        elif phase == TURN:
            # Repay the whole debt once that leaves a reserve: the yearly fee is due on any debt.
            repay = [a for a in legal if isinstance(a, Repay) and a.amount == b.debt]
            pick = repay[0] if repay and b.cash - b.debt >= 6_000 else first(Roll)
        elif phase == RED:
            years = state.game.years or 3
            late = b.laps >= years - 1 and b.position >= len(state.rules.board) // 2
            invest = [a for a in legal if isinstance(a, Invest)]
            cost = b.production_cost(state.rules)
            if invest and (not b.machines or (len(b.machines) < self.machines and b.cash >= 12_000 and not late)):
                pick = min(invest, key=lambda a: abs(a.credit - 5_000))
            elif b.finished and late:
                pick = best(Sell, lambda a: a.count)
            elif first(Produce):
                pick = best(Produce, lambda a: a.count)
            elif b.finished:
                pick = best(Sell, lambda a: a.count)
            else:
                # Raw products for three batches, keeping a reserve and the production costs.
                want = 3 * max(1, len(b.machines)) - b.raw
                buys = [
                    a
                    for a in legal
                    if isinstance(a, Purchase) and a.count <= want and a.count * (500 + cost) <= b.cash - 3_000
                ]
                pick = max(buys, key=lambda a: a.count) if buys and not late else None
            pick = pick or first(DoNothing)
        elif phase == GREEN:
            pick = first(BuyWeb) if b.webs < 3 and b.cash >= 3_000 else first(DoNothing)
        elif phase == YELLOW:
            choices = {a.choice: a for a in legal if isinstance(a, CostChoice)}
            idle = len(b.machines) * state.rules.cost_field_idle
            if "idle" in choices and (not idle or (b.webs <= 2 and idle <= b.cash - 1_000)):
                pick = choices["idle"]
            else:
                pick = choices.get("web") or choices.get("sell-half") or choices.get("idle") or choices.get("produce")
        elif phase == WHITE:
            pick = next((a for a in legal if isinstance(a, WriteOff) and a.machine == -1), None) or first(WriteOff)
        else:
            pick = first(ReturnComputer, Pass, LoseMachine, DoNothing)
        if pick is None:
            pick = first(Roll, DoNothing, Pass) or legal[0]
        return pick


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "steady": SteadyAgent}
"""The study's own agent kinds; the game's bots (``BOTS``) come beside them."""


def bots() -> dict[str, Callable[[], Agent]]:
    """The game's bots."""
    return dict(BOTS)


def agent_kind(requested: str | None) -> str:
    if requested:
        return requested
    return "bot" if "bot" in bots() else "steady"


def make_agent(kind: str) -> Agent:
    factory = bots().get(kind) or AGENTS.get(kind)
    if factory is None:
        raise SystemExit(f"unknown agent kind {kind!r}; known: {', '.join([*AGENTS, *bots()])}")
    return factory()


def play_one(task: tuple[Layout, int, int, str, str]) -> dict[str, Any]:
    """Play one seeded game on ``layout`` and note every landing.

    The loop is ``tycoon.core.driver.play``'s (same seeding of chance and agents), with the
    landings noted: after each die roll that moves a piece.
    """
    layout, players, years, kind, seed = task
    game = Playboss(players=players, years=years)
    game.rules = dataclasses.replace(game.rules, board=layout.board, start_position=layout.start_position)
    size = len(layout.board)
    agents = [make_agent(kind) for _ in range(players)]
    chance_rng = random.Random(f"{seed}:chance")
    for seat, agent in enumerate(agents):
        agent.seed(f"{seed}:{seat}")
    state = game.new_state()
    assert isinstance(state, PlaybossState)
    travelled = [layout.start_position] * players
    landings = [[0] * size for _ in range(players)]
    red_by_year: list[list[int]] = [[0] * (years + 2) for _ in range(players)]
    actions = 0
    while not state.is_terminal():
        if actions >= 1_000_000:
            raise RuntimeError(f"game {seed} on {layout.name} did not end")
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, chance_rng)
            moving = state.phase == MOVE
            mover = state.turn_seat
            state.apply(action, CHANCE)
            if moving:
                assert isinstance(action, Die)
                travelled[mover] += action.pips
                pos = travelled[mover] % size
                assert pos == state.businesses[mover].position
                landings[mover][pos] += 1
                year = travelled[mover] // size
                if layout.board[pos] == "red" and year < len(red_by_year[mover]):
                    red_by_year[mover][year] += 1
        else:
            state.apply(agents[seat].act(state, seat), seat)
        actions += 1
    outcome = state.outcome()
    return {
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "eliminated": list(outcome.eliminated),
        "start_seat": state.start_seat,
        "turns": [b.turns for b in state.businesses],
        "years_done": [t // size for t in travelled],
        "landings": landings,
        "red_by_year": red_by_year,
        "actions": actions,
    }


# --- statistics ---------------------------------------------------------------------------


def wilson(successes: float, trials: int) -> tuple[float, float]:
    return wilson_interval(successes, trials)


def chi2_sf(x: float, df: int) -> float:
    """Survival function of the chi-square distribution for a whole number of degrees of freedom."""
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= h / k
            total += term
        return math.exp(-h) * total
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)
    for k in range(1, (df + 1) // 2):
        total += math.exp(-h) * term
        term *= h / (k + 0.5)
    return min(1.0, total)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def r_squared(rows: Sequence[Sequence[float]], ys: Sequence[float]) -> float:
    """R² of an ordinary least-squares fit of ``ys`` on the columns of ``rows`` (with intercept)."""
    xs = [[1.0, *r] for r in rows]
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    # Gauss-Jordan with partial pivoting; a column that carries nothing gets weight 0.
    m = [[*row, v] for row, v in zip(a, b, strict=True)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-9:
            continue
        m[c], m[p] = m[p], m[c]
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [u - f * v for u, v in zip(m[r], m[c], strict=True)]
    beta = [m[i][k] / m[i][i] if abs(m[i][i]) >= 1e-9 else 0.0 for i in range(k)]
    fit = [sum(bi * xi for bi, xi in zip(beta, x, strict=True)) for x in xs]
    my = statistics.fmean(ys)
    ss_tot = sum((y - my) ** 2 for y in ys)
    ss_res = sum((y - f) ** 2 for y, f in zip(ys, fit, strict=True))
    return 1 - ss_res / ss_tot if ss_tot else 0.0


def fisher_interval(r: float, n: int) -> tuple[float, float]:
    """95% interval of a correlation coefficient (Fisher's z) from ``n`` independent pairs."""
    if n <= 3 or abs(r) >= 1:
        return (r, r)
    z, half = math.atanh(r), Z_95 / math.sqrt(n - 3)
    return (math.tanh(z - half), math.tanh(z + half))


def share_test(wins: Sequence[float], games: int) -> tuple[float, float]:
    """Chi-square statistic and p-value of "every place wins equally often"."""
    n = len(wins)
    expected = games / n
    x = sum((w - expected) ** 2 / expected for w in wins)
    return x, chi2_sf(x, n - 1)


# --- the study ----------------------------------------------------------------------------


def exact_figures(layout: Layout, players: int, years: int, games: int, seed: str) -> dict[str, Any]:
    board = layout.board
    size = len(board)
    per_year = reds_per_year(board, layout.start_position, years)
    reach = next_roll_red(board)
    pi = stationary(size)
    # One business year takes size / 3.5 rolls on average; every player of a game gets the
    # same number of turns (the last round is played to its end).
    turns = round(years * size / 3.5)
    return {
        "spaces": size,
        "stationary_min": min(pi),
        "stationary_max": max(pi),
        "red_share_stationary": sum(p for p, k in zip(pi, board, strict=True) if k == "red"),
        "reds_per_year": [dist_mean_sd(d) for d in per_year],
        "reds_per_year_range": [(min(k for k, p in d.items() if p > 1e-4), max(d)) for d in per_year],
        "next_roll_red": (min(reach), statistics.fmean(reach), max(reach)),
        "dice_only_tv": dice_only_gap(layout, players, years, games, seed),
        "turns": turns,
        "reds_in_turns": dist_mean_sd(reds_in_turns(board, layout.start_position, turns)),
    }


def summarise(layout: Layout, games: list[dict[str, Any]], players: int, years: int) -> dict[str, Any]:
    size = len(layout.board)
    n = len(games)
    seat_wins = [0.0] * players
    place_wins = [0.0] * players
    place_scores: list[list[float]] = [[] for _ in range(players)]
    reds_year: list[int] = []
    reds_game: list[float] = []
    profits: list[float] = []
    dev_reds: list[float] = []
    dev_profit: list[float] = []
    dev_kinds: list[list[float]] = []
    kind_totals = [0] * len(KINDS)
    most_red_wins = 0.0
    most_red_games = 0
    space_obs = [0] * size
    space_exp = [0.0] * size
    bankrupt = 0
    horizon = expected_landings(size, layout.start_position, max(max(g["turns"]) for g in games))
    for g in games:
        share = 1 / len(g["winners"]) if g["winners"] else 0.0
        for w in g["winners"]:
            seat_wins[w] += share
            place_wins[(w - g["start_seat"]) % players] += share
        bankrupt += len(g["eliminated"])
        kinds_per_seat = []
        for s in range(players):
            place_scores[(s - g["start_seat"]) % players].append(g["scores"][s])
            lands = g["landings"][s]
            for i, c in enumerate(lands):
                space_obs[i] += c
            for i, e in enumerate(horizon[g["turns"][s]]):
                space_exp[i] += e
            kinds_per_seat.append(
                [sum(c for c, k in zip(lands, layout.board, strict=True) if k == kind) for kind in KINDS]
            )
            reds_year += g["red_by_year"][s][: min(g["years_done"][s], years)]
        # Luck within the game: each player's landings and profit against the game's mean, so
        # that how well the table as a whole did drops out. Bankrupt players are left in:
        # going bankrupt is part of the spread that landing luck may explain.
        for k in kinds_per_seat:
            kind_totals = [a + b for a, b in zip(kind_totals, k, strict=True)]
        reds = [k[0] for k in kinds_per_seat]
        mean_red = statistics.fmean(reds)
        mean_profit = statistics.fmean(g["scores"])
        means = [statistics.fmean(k[j] for k in kinds_per_seat) for j in range(len(KINDS))]
        for s in range(players):
            reds_game.append(reds[s])
            profits.append(g["scores"][s])
            dev_reds.append(reds[s] - mean_red)
            dev_profit.append(g["scores"][s] - mean_profit)
            dev_kinds.append([k - m for k, m in zip(kinds_per_seat[s][:5], means[:5], strict=True)])
        top = max(reds)
        leaders = [s for s in range(players) if reds[s] == top]
        if len(leaders) < players and g["winners"]:
            most_red_games += 1
            most_red_wins += sum(1 / len(g["winners"]) for w in g["winners"] if w in leaders) / len(leaders)
    total_obs = sum(space_obs)
    total_exp = sum(space_exp)
    red_obs = sum(c for c, k in zip(space_obs, layout.board, strict=True) if k == "red") / total_obs
    red_exp = sum(c for c, k in zip(space_exp, layout.board, strict=True) if k == "red") / total_exp
    # Total variation distance: half the summed gaps between observed and exact shares. (A
    # chi-square test would not hold: one piece's landings are not independent draws.)
    tv_space = sum(abs(o / total_obs - e / total_exp) for o, e in zip(space_obs, space_exp, strict=True)) / 2
    seat_x, seat_p = share_test(seat_wins, n)
    place_x, place_p = share_test(place_wins, n)
    r_red = pearson(dev_reds, dev_profit)
    return {
        "games": n,
        "seat_win_rate": [(w / n, *wilson(w, n)) for w in seat_wins],
        "seat_chi2": (seat_x, seat_p),
        "place_win_rate": [(w / n, *wilson(w, n)) for w in place_wins],
        "place_chi2": (place_x, place_p),
        "place_mean_profit": [statistics.fmean(s) for s in place_scores],
        "reds_per_completed_year": (
            statistics.fmean(reds_year),
            statistics.stdev(reds_year),
            min(reds_year),
            max(reds_year),
        )
        if len(reds_year) > 1
        else None,
        "reds_per_game": (statistics.fmean(reds_game), statistics.stdev(reds_game)),
        "profit": (statistics.fmean(profits), statistics.stdev(profits)),
        "bankruptcies_per_game": bankrupt / n,
        "r_red_profit_within_game": r_red,
        "r_red_interval": fisher_interval(r_red, n * (players - 1)),
        "r2_red": r_red * r_red,
        "r2_all_landings": r_squared(dev_kinds, dev_profit),
        "most_reds_win_rate": (most_red_wins / most_red_games, *wilson(most_red_wins, most_red_games))
        if most_red_games
        else None,
        "red_share_observed": red_obs,
        "red_share_expected": red_exp,
        "space_landing_observed": [c / total_obs for c in space_obs],
        "space_landing_expected": [e / total_exp for e in space_exp],
        "space_tv_distance": tv_space,
        "landings_per_player": {kind: t / (n * players) for kind, t in zip(KINDS, kind_totals, strict=True)},
        "mean_actions": statistics.fmean(g["actions"] for g in games),
    }


def run_study(args: argparse.Namespace) -> dict[str, Any]:
    kind = agent_kind(args.agents)
    results: dict[str, Any] = {
        "players": args.players,
        "years": args.years,
        "games": args.games,
        "agents": kind,
        "seed": args.seed,
        "layouts": {},
    }
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for lay in layouts():
            start = time.perf_counter()
            tasks = [(lay, args.players, args.years, kind, f"{args.seed}:{i}") for i in range(args.games)]
            chunk = max(1, len(tasks) // (4 * args.workers))
            games = list(pool.map(play_one, tasks, chunksize=chunk)) if pool else [play_one(t) for t in tasks]
            results["layouts"][lay.name] = {
                "about": lay.about,
                "board": list(lay.board),
                "counts": counts(lay.board),
                "exact": exact_figures(lay, args.players, args.years, args.games, args.seed),
                "simulated": summarise(lay, games, args.players, args.years),
                "seconds": time.perf_counter() - start,
            }
            print(f"  {lay.name}: {args.games} games in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    finally:
        if pool:
            pool.shutdown()
    return results


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def p_value(p: float) -> str:
    return f"{p:.2f}" if p >= 0.01 else f"{p:.0e}"


def interval(t: Sequence[float]) -> str:
    return f"{pct(t[0])} [{pct(t[1])}, {pct(t[2])}]"


def report(res: dict[str, Any]) -> str:
    out = [
        f"Playboss board balance: {res['games']} games per layout, {res['players']} players, "
        f"{res['years']} years, agents: {res['agents']}, seed {res['seed']!r}",
        "",
    ]
    lays: dict[str, Any] = res["layouts"]
    out.append("Layouts")
    for name, lay in lays.items():
        out.append(f"  {name:12} {lay['counts']:22} {lay['about']}")
    out.append("")
    out.append("Exact, from the die alone")
    head = ["layout", "spaces", "red share", "reds/yr 1", "reds/yr 2", "reds/yr 3", "reds in T turns", "P(next red)"]
    rows = []
    for name, lay in lays.items():
        e = lay["exact"]
        years = [f"{m:.2f} ± {s:.2f}" for m, s in e["reds_per_year"]]
        years += [""] * (3 - len(years))
        lo, _, hi = e["next_roll_red"]
        m, sd = e["reds_in_turns"]
        rows.append(
            [
                name,
                str(e["spaces"]),
                pct(e["red_share_stationary"]),
                *years[:3],
                f"T={e['turns']}: {m:.2f} ± {sd:.2f}",
                f"{lo:.2f}-{hi:.2f}",
            ]
        )
    out += _table(head, rows)
    out.append("")
    out.append("Simulated: seat and turn-order balance (win rate, 95% Wilson interval; p of a chi-square test)")
    players = res["players"]
    head = ["layout", *[f"seat {s}" for s in range(players)], "p"]
    rows = [
        [name, *[interval(t) for t in lay["simulated"]["seat_win_rate"]], p_value(lay["simulated"]["seat_chi2"][1])]
        for name, lay in lays.items()
    ]
    out += _table(head, rows)
    out.append("")
    head = ["layout", *[f"turn {p + 1}" for p in range(players)], "p", "mean profit by turn"]
    rows = [
        [
            name,
            *[interval(t) for t in lay["simulated"]["place_win_rate"]],
            p_value(lay["simulated"]["place_chi2"][1]),
            " / ".join(f"{x:,.0f}" for x in lay["simulated"]["place_mean_profit"]),
        ]
        for name, lay in lays.items()
    ]
    out += _table(head, rows)
    out.append("")
    out.append("Simulated: red fields, landing luck and profit")
    head = [
        "layout",
        "reds/yr",
        "reds/game",
        "red share obs/exp",
        "r(red,profit)",
        "R² reds",
        "R² all kinds",
        "most reds wins",
        "white/player",
        "profit mean ± sd",
        "bankrupt/game",
    ]
    rows = []
    for name, lay in lays.items():
        s = lay["simulated"]
        ry = s["reds_per_completed_year"]
        mr = s["most_reds_win_rate"]
        rows.append(
            [
                name,
                f"{ry[0]:.2f} ± {ry[1]:.2f}" if ry else "-",
                f"{s['reds_per_game'][0]:.2f} ± {s['reds_per_game'][1]:.2f}",
                f"{pct(s['red_share_observed'])} / {pct(s['red_share_expected'])}",
                f"{s['r_red_profit_within_game']:+.2f} [{s['r_red_interval'][0]:+.2f}, {s['r_red_interval'][1]:+.2f}]",
                f"{s['r2_red']:.3f}",
                f"{s['r2_all_landings']:.3f}",
                interval(mr) if mr else "-",
                f"{s['landings_per_player']['white']:.2f}",
                f"{s['profit'][0]:,.0f} ± {s['profit'][1]:,.0f}",
                f"{s['bankruptcies_per_game']:.2f}",
            ]
        )
    out += _table(head, rows)
    out.append("")
    out.append("Simulated: landing frequency per space (observed vs exact for the same numbers of turns)")
    for name, lay in lays.items():
        s = lay["simulated"]
        obs, exp = s["space_landing_observed"], s["space_landing_expected"]
        worst = max(range(len(obs)), key=lambda i: abs(obs[i] - exp[i]))
        out.append(
            f"  {name:12} min {pct(min(obs))} (exact {pct(min(exp))}), max {pct(max(obs))} (exact {pct(max(exp))}), "
            f"largest gap space {worst}: {pct(obs[worst])} vs {pct(exp[worst])}; "
            f"total variation distance {pct(s['space_tv_distance'])} (dice alone: "
            f"{pct(lay['exact']['dice_only_tv'][0])} with the stopping rule, "
            f"{pct(lay['exact']['dice_only_tv'][1])} at a fixed length)"
        )
    return "\n".join(out)


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  " + "  ".join(c.ljust(w) for c, w in zip(head, widths, strict=True))]
    lines.append("  " + "  ".join("-" * w for w in widths))
    lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per layout (default 2000)")
    parser.add_argument("--players", type=int, default=4, help="businesses per game (default 4)")
    parser.add_argument("--years", type=int, default=3, help="business years per game (default 3)")
    parser.add_argument(
        "--agents", help='agent kind for every seat: "random" or a Playboss bot (default: "bot" if any)'
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", default="balance", help='seed of the batch; game i uses "SEED:i" (default "balance")')
    parser.add_argument("--json", type=Path, help="also write every figure to this JSON file")
    args = parser.parse_args(argv)
    if args.games < 2 or args.players < 2 or args.years < 1 or args.workers < 1:
        parser.error("need at least 2 games, 2 players, 1 year and 1 worker")
    res = run_study(args)
    print(report(res))
    if args.json:
        args.json.write_text(json.dumps(res, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
