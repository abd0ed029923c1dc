"""The figures of an experiment's report, computed from its rows (standard library only).

Per cell: win rate per seat, per place in the turn order (place 1 is the start player) and per
agent kind, each with its 95% Wilson interval; scores; game length; eliminations and the rounds
in which they came; each seat's worth over the game (median and the 10–90% band). Per variant
against the base of the same line-up: the differences with 95% intervals (Newcombe's hybrid
score interval for two rates, a normal interval for two means) and a plain sentence. And how
many games would narrow an interval to a given half-width.

A tie shared by ``k`` seats counts ``1/k`` win to each, as ``tycoon simulate`` counts it.
The sentences are catalogue texts (``lab.``), written in the language a :class:`Words` speaks.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tycoon.core.game import JSON
from tycoon.sim.lab.words import Words
from tycoon.sim.stats import Z_95, Summary, wilson_interval

ENGLISH = Words()


@dataclass(frozen=True)
class Rate:
    """A win rate: wins (ties shared) out of trials, with its 95% Wilson interval."""

    wins: float
    trials: int
    low: float
    high: float

    @classmethod
    def of(cls, wins: float, trials: int) -> Rate:
        low, high = wilson_interval(min(wins, trials), trials)
        rate = wins / trials if trials else 0.0
        # Rounding may leave a bound a hair on the wrong side of a rate of 0 or 1.
        return cls(wins, trials, min(low, rate), max(high, rate))

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def half_width(self) -> float:
        """Half the interval's width: the ``± x`` of "26.2% ± 1.4"."""
        return (self.high - self.low) / 2

    def text(self, t: Words = ENGLISH) -> str:
        """``26.2% ± 1.4`` (the half-width in percentage points)."""
        return f"{t.percent(self.rate)} ± {t.fixed(100 * self.half_width, '.1f')}"


@dataclass(frozen=True)
class Difference:
    """A variant's figure less the base's, with its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Whether the interval leaves out 0 (the difference is more than chance)."""
        return self.low > 0 or self.high < 0


@dataclass(frozen=True)
class Band:
    """A sample's median and its 10% and 90% quantiles."""

    median: float
    low: float
    high: float
    count: int


@dataclass
class CellStats:
    """What one cell's games showed."""

    cell: int
    variant: str
    lineup: str
    games: int
    players: int
    kinds: list[str]
    """The line-up's kinds as seated in game 0."""
    by_seat: list[Rate]
    by_place: list[Rate]
    """Win rate per place in the turn order; place 0 is the start player (empty if unknown)."""
    by_kind: dict[str, Rate]
    """Win rate per agent kind, over every seat it played."""
    scores: list[list[int]]
    """Per seat, its final score in every game."""
    score: Summary
    """Every seat's final score together."""
    score_by_kind: dict[str, Summary]
    score_by_place: list[Summary]
    """Final score per place in the turn order (empty if the start player is not known)."""
    rounds: Summary | None
    actions: Summary
    rounds_list: list[int]
    """Every game's length in rounds (those that report it)."""
    actions_list: list[int]
    """Every game's length in actions."""
    eliminations: int
    """Seats eliminated, over all games."""
    out_per_game: list[int]
    """Seats eliminated in each game."""
    elimination_rounds: list[int]
    """The round of every elimination whose round is known."""
    checkpoint: str
    worth: list[list[Band]]
    """Per seat, the band of its worth at the start (0) and each checkpoint."""
    worth_by_place: list[list[Band]]
    """The same per place in the turn order (place 0 is the start player), if known."""
    values: dict[str, Any] = field(default_factory=dict)
    """The cell's value of each variant axis."""

    @property
    def fair(self) -> float:
        """A fair seat's win rate: 1 / players."""
        return 1 / self.players if self.players else 0.0


def cell_stats(rows: Sequence[JSON], axes: Sequence[str] = ()) -> list[CellStats]:
    """The statistics of each cell of ``rows``, in cell order."""
    cells: dict[int, list[JSON]] = {}
    for row in rows:
        cells.setdefault(int(row["cell"]), []).append(row)
    return [_cell(index, games, axes) for index, games in sorted(cells.items())]


def _cell(index: int, games: list[JSON], axes: Sequence[str]) -> CellStats:
    n = len(games)
    players = int(games[0]["players"])
    seat_wins = [0.0] * players
    place_wins = [0.0] * players
    placed = 0
    kind_wins: dict[str, float] = {}
    kind_seats: dict[str, int] = {}
    kind_scores: dict[str, list[int]] = {}
    scores: list[list[int]] = [[] for _ in range(players)]
    place_scores: list[list[int]] = [[] for _ in range(players)]
    rounds: list[int] = []
    out_rounds: list[int] = []
    eliminations = 0
    checkpoints: list[list[list[int]]] = [[] for _ in range(players)]
    by_place: list[list[list[int]]] = [[] for _ in range(players)]
    for g in games:
        winners = g["winners"] or []
        share = 1 / len(winners) if winners else 0.0
        first = g.get("first_seat")
        for w in winners:
            seat_wins[w] += share
            kind_wins[g["kinds"][w]] = kind_wins.get(g["kinds"][w], 0.0) + share
            if first is not None:
                place_wins[(w - first) % players] += share
        placed += first is not None
        for s, kind in enumerate(g["kinds"]):
            kind_seats[kind] = kind_seats.get(kind, 0) + 1
            kind_scores.setdefault(kind, []).append(g["scores"][s])
            scores[s].append(g["scores"][s])
            if first is not None:
                place_scores[(s - first) % players].append(g["scores"][s])
        if g.get("rounds") is not None:
            rounds.append(g["rounds"])
        eliminations += len(g["eliminated"])
        out_rounds += [r for r in g.get("eliminated_round") or [] if r is not None]
        for s, series in enumerate(g.get("worth") or []):
            for k, value in enumerate(series):
                while len(checkpoints[s]) <= k:
                    checkpoints[s].append([])
                checkpoints[s][k].append(value)
                if first is not None:
                    place = (s - first) % players
                    while len(by_place[place]) <= k:
                        by_place[place].append([])
                    by_place[place][k].append(value)
    return CellStats(
        cell=index,
        variant=str(games[0]["variant"]),
        lineup=str(games[0]["lineup"]),
        games=n,
        players=players,
        kinds=list(games[0]["kinds"]),
        by_seat=[Rate.of(w, n) for w in seat_wins],
        by_place=[Rate.of(w, placed) for w in place_wins] if placed else [],
        by_kind={k: Rate.of(kind_wins.get(k, 0.0), kind_seats[k]) for k in kind_seats},
        scores=scores,
        score=Summary.of([x for s in scores for x in s]),
        score_by_kind={k: Summary.of(v) for k, v in kind_scores.items()},
        score_by_place=[Summary.of(v) for v in place_scores] if placed else [],
        rounds=Summary.of(rounds) if rounds else None,
        actions=Summary.of([g["actions"] for g in games]),
        rounds_list=rounds,
        actions_list=[int(g["actions"]) for g in games],
        eliminations=eliminations,
        out_per_game=[len(g["eliminated"]) for g in games],
        elimination_rounds=out_rounds,
        checkpoint=str(games[0].get("checkpoint") or ""),
        worth=[[band(values) for values in series] for series in checkpoints],
        worth_by_place=[[band(values) for values in series] for series in by_place] if placed else [],
        values={a: games[0].get(f"var_{a}") for a in axes},
    )


def band(values: Sequence[float]) -> Band:
    """The median and the 10% and 90% quantiles of ``values``."""
    if not values:
        return Band(0.0, 0.0, 0.0, 0)
    if len(values) == 1:
        v = float(values[0])
        return Band(v, v, v, 1)
    q = statistics.quantiles(values, n=10, method="inclusive")
    return Band(float(statistics.median(values)), q[0], q[-1], len(values))


# --- a variant against the base -------------------------------------------------------------


def rate_difference(a: Rate, b: Rate) -> Difference:
    """``a - b`` with Newcombe's hybrid score interval (from the two Wilson intervals)."""
    d = a.rate - b.rate
    low = d - math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2)
    high = d + math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2)
    return Difference(d, low, high)


def mean_difference(a: Summary, b: Summary) -> Difference:
    """``a.mean - b.mean`` with a normal 95% interval (Welch's standard error)."""
    d = a.mean - b.mean
    se = math.sqrt((a.sd**2 / a.count if a.count else 0.0) + (b.sd**2 / b.count if b.count else 0.0))
    return Difference(d, d - Z_95 * se, d + Z_95 * se)


@dataclass
class Comparison:
    """One variant's cell against the base cell of the same line-up."""

    variant: CellStats
    base: CellStats
    by_place: list[Difference]
    by_kind: dict[str, Difference]
    score: Difference
    rounds: Difference | None
    eliminations: Difference
    """Eliminations per game."""
    sentence: str


def compare(variant: CellStats, base: CellStats) -> Comparison:
    by_place = [rate_difference(a, b) for a, b in zip(variant.by_place, base.by_place, strict=False)]
    by_kind = {k: rate_difference(variant.by_kind[k], base.by_kind[k]) for k in variant.by_kind if k in base.by_kind}
    rounds = (
        mean_difference(variant.rounds, base.rounds) if variant.rounds is not None and base.rounds is not None else None
    )
    comparison = Comparison(
        variant=variant,
        base=base,
        by_place=by_place,
        by_kind=by_kind,
        score=mean_difference(variant.score, base.score),
        rounds=rounds,
        eliminations=mean_difference(Summary.of(variant.out_per_game), Summary.of(base.out_per_game)),
        sentence="",
    )
    comparison.sentence = comparison_sentence(comparison)
    return comparison


def comparisons(stats: Sequence[CellStats], base: str = "base") -> list[Comparison]:
    """Every variant cell against the base cell of its line-up."""
    bases = {c.lineup: c for c in stats if c.variant == base}
    return [compare(c, bases[c.lineup]) for c in stats if c.variant != base and c.lineup in bases]


def points(x: float, t: Words = ENGLISH) -> str:
    """A difference of rates in percentage points: ``+1.2``."""
    return t.fixed(100 * x, "+.1f")


def start_player_sentence(c: CellStats, t: Words = ENGLISH) -> str:
    """``In base (bots), the start player wins 26.2% ± 1.4 against 25.0% for a fair seat ...``"""
    if not c.by_place:
        return t("lab.start_unknown", variant=c.variant, lineup=c.lineup)
    first = c.by_place[0]
    fair = c.fair
    verdict = "more" if first.low > fair else "less" if first.high < fair else "within"
    last = c.by_place[-1]
    scores = (
        " " + t("lab.score_by_place", scores=" / ".join(t.fixed(s.mean, ",.0f") for s in c.score_by_place))
        if c.score_by_place
        else ""
    )
    return (
        t(
            "lab.start_player",
            variant=c.variant,
            lineup=c.lineup,
            rate=first.text(t),
            games=t.count(c.games),
            fair=t.percent(fair),
            verdict=t(f"lab.verdict.{verdict}"),
            last=last.text(t),
        )
        + scores
    )


def comparison_sentence(c: Comparison, t: Words = ENGLISH) -> str:
    v, b = c.variant, c.base
    parts = []
    if c.by_place:
        d = c.by_place[0]
        parts.append(
            t(
                "lab.compare_start",
                variant=v.variant,
                lineup=v.lineup,
                rate=v.by_place[0].text(t),
                base=b.by_place[0].text(t),
                value=points(d.value, t),
                low=points(d.low, t),
                high=points(d.high, t),
                change=t("lab.change.clear" if d.clear else "lab.change.none"),
            )
        )
    s = c.score
    parts.append(
        t(
            "lab.compare_score",
            mean=t.fixed(v.score.mean, ",.0f"),
            base=t.fixed(b.score.mean, ",.0f"),
            value=t.fixed(s.value, "+,.0f"),
            low=t.fixed(s.low, "+,.0f"),
            high=t.fixed(s.high, "+,.0f"),
        )
    )
    if c.rounds is not None and v.rounds is not None and b.rounds is not None:
        parts.append(
            t(
                "lab.compare_rounds",
                rounds=t.fixed(v.rounds.mean, ".1f"),
                base=t.fixed(b.rounds.mean, ".1f"),
                value=t.fixed(c.rounds.value, "+.1f"),
            )
        )
    parts.append(
        t(
            "lab.compare_out",
            out=t.fixed(v.eliminations / v.games, ".2f"),
            base=t.fixed(b.eliminations / b.games, ".2f"),
        )
    )
    return " ".join(parts)


# --- how many games -------------------------------------------------------------------------


def games_for_width(rate: float, half_width: float) -> int:
    """Games needed for a 95% interval of ``± half_width`` around a rate near ``rate``."""
    p = min(max(rate, 0.01), 0.99)
    return math.ceil(Z_95**2 * p * (1 - p) / half_width**2)


def games_for_difference(a: float, b: float, half_width: float) -> int:
    """Games needed in each of two cells for a 95% interval of ``± half_width`` on ``a - b``."""
    pa, pb = (min(max(x, 0.01), 0.99) for x in (a, b))
    return math.ceil(Z_95**2 * (pa * (1 - pa) + pb * (1 - pb)) / half_width**2)


@dataclass(frozen=True)
class Needed:
    """How many more games a cell needs for a narrower interval."""

    cell: CellStats
    what: str
    """What the interval is of: the catalogue key of ``the start player's win rate``."""
    now: float
    """Its half-width now."""
    target: float
    games: int
    """Games the cell would need in all."""

    @property
    def more(self) -> int:
        return max(0, self.games - self.cell.games)

    def sentence(self, t: Words = ENGLISH) -> str:
        now, target = t.fixed(100 * self.now, ".1f"), t.fixed(100 * self.target, ".1f")
        cell, what = {"variant": self.cell.variant, "lineup": self.cell.lineup}, t(self.what)
        if not self.more:
            return t("lab.known", **cell, what=what, now=now, target=target)
        more, games = t.count(self.more), t.count(self.games)
        return t("lab.narrow", **cell, more=more, games=games, what=what, now=now, target=target)


def needed(stats: Sequence[CellStats], half_width: float, comps: Sequence[Comparison] = ()) -> list[Needed]:
    """For each cell, the games that would narrow its start player's (else seat 1's) win-rate
    interval to ``± half_width``; for each comparison, the games per cell that would narrow the
    interval of the difference in the start player's win rate to ``± half_width``."""
    out = []
    for c in stats:
        rate, what = (c.by_place[0], "lab.what.start_player") if c.by_place else (c.by_seat[0], "lab.what.seat_1")
        out.append(Needed(c, what, rate.half_width, half_width, games_for_width(rate.rate, half_width)))
    for comp in comps:
        if not comp.by_place:
            continue
        d = comp.by_place[0]
        v, b = comp.variant.by_place[0], comp.base.by_place[0]
        out.append(
            Needed(
                comp.variant,
                "lab.what.difference",
                (d.high - d.low) / 2,
                half_width,
                games_for_difference(v.rate, b.rate, half_width),
            )
        )
    return out


def plan_values(plan: Mapping[str, Any]) -> list[str]:
    """The variant axes of an experiment, as ``experiment.json`` names them."""
    return [str(a["name"]) for a in plan.get("axes", [])]
