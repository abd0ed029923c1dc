"""Is a board in balance? The study of ``docs/board-balance.md`` for any board file.

The same seeded games are played on the game's own board and on the board given (a paired
experiment with one data-file axis, so the games are the lab's: on every core, resumable, the
same seeds on both boards), and the two are set side by side:

* exactly, from the die alone: for Playboss the red decision fields a business year brings
  (the exact distribution of each year, from space 1 and then from wherever the crossing roll
  left the piece), the reds in the game's own number of rolls, and how much the next roll's
  chance of a red field depends on the space; for Biznes po polsku the chance that the next
  roll lands on each designed space;
* simulated: win rate per seat and per place in the turn order with 95% Wilson intervals and a
  chi-square test of "all equal"; landings per kind of space; how much of the spread of final
  scores within a game the luck of landing explains (the correlation of each player's landings
  on the key spaces with the score, both taken against the game's mean; *R²* of all kinds
  together); how often the player with most key landings wins; eliminations.

For Playboss the key spaces are the red decision fields; for Biznes po polsku the spaces its
data file marks ``[designed here]`` (no source gave them: space 9, LOS, and 13, DISMISSAL).
"""

from __future__ import annotations

import math
import statistics
import tempfile
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tycoon.core.game import JSON
from tycoon.core.registry import load, specs
from tycoon.core.spec import find
from tycoon.sim.lab.analysis import Rate
from tycoon.sim.lab.experiment import BASE, ExperimentError, experiment_from
from tycoon.sim.lab.faces import faces_of
from tycoon.sim.lab.run import run_experiment
from tycoon.sim.lab.store import read_rows
from tycoon.sim.stats import Z_95

DIE = range(1, 7)


def study(
    game_id: str,
    board: Path,
    *,
    games: int = 1000,
    players: int = 4,
    years: int | None = None,
    rounds: int | None = None,
    kind: str = "bot",
    seed: int | str = "balance",
    workers: int | None = None,
    out: Path | None = None,
) -> JSON:
    """Play ``games`` games on the game's own board and on ``board`` and compute the study."""
    reading = board_study_of(game_id)
    options = reading.options(years, rounds)
    board = Path(board)
    if not board.is_file():
        raise ExperimentError(
            f"no board file {str(board)!r}: a board is a TOML file like the game's data/board.toml; "
            "start from a copy of one in examples/experiments/boards/"
        )
    name = f"balance-{board.stem}"
    table: dict[str, Any] = {
        "name": name,
        "game": game_id,
        "seed": seed,
        "games": games,
        "paired": True,
        "options": options,
        "files": {"board": [BASE, board.name]},
        "lineups": [{"name": kind.replace("+", "-"), "seats": [kind] * players}],
    }
    experiment = experiment_from(table, base_dir=board.parent, name=name)
    if out is None:
        with tempfile.TemporaryDirectory() as tmp:
            run_experiment(experiment, Path(tmp) / "games", workers=workers)
            _, rows = read_rows(Path(tmp) / "games")
    else:
        run_experiment(experiment, out, workers=workers)
        _, rows = read_rows(out)
    boards = {
        "ours": load(game_id, players=players),
        "yours": load(game_id, players=players, board=experiment.texts[board.name]),
    }
    result: JSON = {
        "game": game_id,
        "players": players,
        "games": games,
        "agents": kind,
        "seed": seed,
        "options": options,
        "board_file": board.name,
        "boards": {},
    }
    for label, cell in (("ours", 0), ("yours", 1)):
        layout = reading.layout(boards[label])
        cell_rows = [r for r in rows if r["cell"] == cell]
        result["boards"][label] = {
            "layout": layout,
            "exact": exact_figures(reading, layout, options),
            "simulated": simulated_figures(layout, cell_rows),
        }
    return result


class BoardStudy:
    """How the board study reads one game's board; a game names its subclass in its spec's faces
    (``Faces(board_study="tycoon.sim.lab.balance:PlaybossBoard")``). The study itself (the games
    played, the exact figures every track gets, the simulated ones, the text) is the same for
    every game; these are the parts that differ."""

    def options(self, years: int | None, rounds: int | None) -> dict[str, Any]:
        """The game's options for the games of the study, from ``--years`` and ``--rounds``; an
        :class:`ExperimentError` for one the game does not measure in."""
        if years is not None:
            raise ExperimentError("this game has no business years: give --rounds")
        return {} if rounds is None else {"rounds": rounds}

    def layout(self, game: Any) -> JSON:
        """The board as the study sees it: ``kinds`` (the kind of each space), ``start`` (where
        pieces begin), ``key`` (the key spaces), ``key_name`` and ``key_short`` (what they are
        called), ``first`` (the number of the first space)."""
        raise NotImplementedError

    def exact(self, layout: JSON, options: JSON) -> JSON:
        """Figures from the die alone that only this game has, added to every board's."""
        return {}

    def exact_rows(self, ours: JSON, yours: JSON) -> list[list[str]]:
        """Rows of the exact table for those figures: a label, our board's, the one given."""
        return []

    def notes(self, boards: JSON) -> list[str]:
        """Lines closing the text (unwrapped figures of the game's own, or none)."""
        return []


class PlaybossBoard(BoardStudy):
    """Playboss: the key spaces are the red decision fields; the study is measured in business
    years, and the die alone gives the reds of each year and of the game's number of rolls."""

    def options(self, years: int | None, rounds: int | None) -> dict[str, Any]:
        if rounds is not None:
            raise ExperimentError("a Playboss study is measured in business years: give --years, not --rounds")
        return {"years": years or 3}

    def layout(self, game: Any) -> JSON:
        rules = game.rules
        kinds = list(rules.board)
        return {
            "kinds": kinds,
            "start": rules.start_position,
            "key": [i for i, k in enumerate(kinds) if k == "red"],
            "key_name": "red decision fields",
            "key_short": "red",
            "first": 0,
        }

    def exact(self, layout: JSON, options: JSON) -> JSON:
        kinds = layout["kinds"]
        key = set(layout["key"])
        size = len(kinds)
        years = int(options.get("years", 3))
        out: JSON = {"key_per_year": [_mean_sd(d) for d in key_per_year(kinds, layout["start"], years, key)]}
        turns = round(years * size / 3.5)
        out["turns"] = turns
        out["key_in_turns"] = _mean_sd(key_in_turns(size, layout["start"], turns, key))
        return out

    def exact_rows(self, ours: JSON, yours: JSON) -> list[list[str]]:
        def both(figure: Any) -> list[str]:
            return [figure(ours), figure(yours)]

        rows = [
            [f"reds in year {i + 1}", *both(lambda b, i=i: "{:.2f} ± {:.2f}".format(*b["exact"]["key_per_year"][i]))]
            for i in range(len(ours["exact"]["key_per_year"]))
        ]
        rows.append(
            [
                f"reds in {ours['exact']['turns']} rolls",
                *both(lambda b: "{:.2f} ± {:.2f}".format(*b["exact"]["key_in_turns"])),
            ]
        )
        return rows


class BiznesBoard(BoardStudy):
    """Biznes po polsku: the key spaces are those its data file marks ``[designed here]``; the
    study is measured in rounds, and closes with each designed space's share of landings."""

    def options(self, years: int | None, rounds: int | None) -> dict[str, Any]:
        if years is not None:
            raise ExperimentError("Biznes po polsku has no business years: give --rounds")
        return {} if rounds is None else {"rounds": rounds}

    def layout(self, game: Any) -> JSON:
        rules = game.rules
        kinds = [s.kind for s in rules.board]
        designed = [i for i, s in enumerate(rules.board) if s.source.startswith("[designed here]")]
        return {
            "kinds": kinds,
            "start": 0,
            "key": designed,
            "key_name": "designed spaces",
            "key_short": "designed",
            "first": 1,
            "names": {str(i): f"{rules.board[i].number} {rules.board[i].name}" for i in designed},
        }

    def notes(self, boards: JSON) -> list[str]:
        lines = [""]
        for label, b in boards.items():
            names = b["layout"]["names"]
            shares = b["simulated"]["key_space_share"]
            lines += textwrap.wrap(
                f"{label}: designed spaces "
                + "; ".join(
                    f"{names[i]}: {_pct(shares[i])} of landings (uniform {_pct(1 / b['exact']['spaces'])})"
                    for i in names
                ),
                WIDTH,
                initial_indent="  ",
                subsequent_indent="    ",
            )
        return lines


def board_study_of(game_id: str) -> BoardStudy:
    """The board study ``game_id``'s spec names; an :class:`ExperimentError` naming the games
    that have one, for a game without."""
    named = faces_of(game_id).board_study
    if not named:
        studied = [s.id for s in specs() if s.faces.board_study]
        which = ", ".join(studied[:-1]) + (" and " if len(studied) > 1 else "") + studied[-1] if studied else "none"
        raise ExperimentError(f"the board-balance study is for {which}, not {game_id!r}")
    reading = find(named)()
    if not isinstance(reading, BoardStudy):
        raise ExperimentError(f"{game_id}'s board study {named!r} is no tycoon.sim.lab.balance.BoardStudy")
    return reading


# --- exact, from the die alone ----------------------------------------------------------------


def exact_figures(reading: BoardStudy, layout: JSON, options: JSON) -> JSON:
    """What the die alone says of a board: its spaces, the share of key spaces, the chance that
    the next roll lands on one, and the game's own figures (``BoardStudy.exact``)."""
    kinds = layout["kinds"]
    key = set(layout["key"])
    size = len(kinds)
    reach = [sum((i + k) % size in key for k in DIE) / 6 for i in range(size)]
    out: JSON = {
        "spaces": size,
        "counts": {k: kinds.count(k) for k in dict.fromkeys(kinds)},
        "key_share": len(key) / size,
        "next_roll_key": [min(reach), statistics.fmean(reach), max(reach)],
    }
    out.update(reading.exact(layout, options))
    return out


def key_per_year(kinds: Sequence[str], start: int, years: int, key: set[int]) -> list[dict[int, float]]:
    """The exact distribution of key landings in each lap (business year); the landing that
    crosses start belongs to the new year, as in the engine."""
    size = len(kinds)
    entry = {start: 1.0}
    first = True
    out: list[dict[int, float]] = []
    for _ in range(years):
        now: dict[tuple[int, int], float] = {}
        for pos, pr in entry.items():
            c = 0 if first else int(pos in key)
            now[(pos, c)] = now.get((pos, c), 0.0) + pr
        first = False
        done: dict[int, float] = {}
        nxt: dict[int, float] = {}
        while now:
            later: dict[tuple[int, int], float] = {}
            for (pos, c), pr in now.items():
                for k in DIE:
                    q = pos + k
                    if q >= size:
                        done[c] = done.get(c, 0.0) + pr / 6
                        nxt[q - size] = nxt.get(q - size, 0.0) + pr / 6
                    else:
                        later[(q, c + (q in key))] = later.get((q, c + (q in key)), 0.0) + pr / 6
            now = later
        out.append(done)
        entry = nxt
    return out


def key_in_turns(size: int, start: int, turns: int, key: set[int]) -> dict[int, float]:
    """The exact distribution of key landings in ``turns`` rolls from ``start``."""
    now = {(start, 0): 1.0}
    for _ in range(turns):
        later: dict[tuple[int, int], float] = {}
        for (pos, c), pr in now.items():
            for k in DIE:
                q = (pos + k) % size
                later[(q, c + (q in key))] = later.get((q, c + (q in key)), 0.0) + pr / 6
        now = later
    out: dict[int, float] = {}
    for (_, c), pr in now.items():
        out[c] = out.get(c, 0.0) + pr
    return out


def _mean_sd(d: dict[int, float]) -> list[float]:
    mean = sum(k * p for k, p in d.items())
    return [mean, math.sqrt(sum((k - mean) ** 2 * p for k, p in d.items()))]


# --- simulated ------------------------------------------------------------------------------


def simulated_figures(layout: JSON, rows: Sequence[JSON]) -> JSON:
    n = len(rows)
    if not n:
        return {"games": 0}
    players = int(rows[0]["players"])
    kinds = layout["kinds"]
    key = set(layout["key"])
    names = list(dict.fromkeys(kinds))
    seat_wins = [0.0] * players
    place_wins = [0.0] * players
    place_scores: list[list[int]] = [[] for _ in range(players)]
    dev_key: list[float] = []
    dev_score: list[float] = []
    dev_kinds: list[list[float]] = []
    per_space = [0] * len(kinds)
    kind_totals = dict.fromkeys(names, 0)
    most_key_wins = 0.0
    most_key_games = 0
    scores: list[int] = []
    out = 0
    for g in rows:
        share = 1 / len(g["winners"]) if g["winners"] else 0.0
        first = g["first_seat"] if g["first_seat"] is not None else 0
        for w in g["winners"]:
            seat_wins[w] += share
            place_wins[(w - first) % players] += share
        out += len(g["eliminated"])
        keyed = []
        by_kind = []
        for s in range(players):
            lands = g["landings"][s]
            place_scores[(s - first) % players].append(g["scores"][s])
            for i, c in enumerate(lands):
                per_space[i] += c
            counts = {k: 0 for k in names}
            for i, c in enumerate(lands):
                counts[kinds[i]] += c
            for k in names:
                kind_totals[k] += counts[k]
            keyed.append(sum(c for i, c in enumerate(lands) if i in key))
            by_kind.append([counts[k] for k in names])
            scores.append(g["scores"][s])
        mean_key = statistics.fmean(keyed)
        mean_score = statistics.fmean(g["scores"])
        means = [statistics.fmean(b[j] for b in by_kind) for j in range(len(names))]
        for s in range(players):
            dev_key.append(keyed[s] - mean_key)
            dev_score.append(g["scores"][s] - mean_score)
            dev_kinds.append([b - m for b, m in zip(by_kind[s], means, strict=True)])
        top = max(keyed)
        leaders = [s for s in range(players) if keyed[s] == top]
        if len(leaders) < players and g["winners"]:
            most_key_games += 1
            most_key_wins += sum(share for w in g["winners"] if w in leaders) / len(leaders)
    total = sum(per_space) or 1
    r = pearson(dev_key, dev_score)

    def rate(wins: float, trials: int) -> list[float]:
        r = Rate.of(wins, trials)
        return [r.rate, r.low, r.high]

    seat_x, seat_p = share_test(seat_wins, n)
    place_x, place_p = share_test(place_wins, n)
    return {
        "games": n,
        "seat_win_rate": [rate(w, n) for w in seat_wins],
        "seat_chi2": [seat_x, seat_p],
        "place_win_rate": [rate(w, n) for w in place_wins],
        "place_chi2": [place_x, place_p],
        "place_mean_score": [statistics.fmean(s) for s in place_scores],
        "landings_per_player": {k: kind_totals[k] / (n * players) for k in names},
        "key_share_observed": sum(per_space[i] for i in key) / total,
        "space_share": [c / total for c in per_space],
        "key_space_share": {str(i): per_space[i] / total for i in sorted(key)},
        "r_key_score": r,
        "r_key_interval": list(fisher_interval(r, n * (players - 1))),
        "r2_key": r * r,
        "r2_all_kinds": r_squared(dev_kinds, dev_score),
        "most_key_win_rate": rate(most_key_wins, most_key_games) if most_key_games else None,
        "score": [statistics.fmean(scores), statistics.stdev(scores) if len(scores) > 1 else 0.0],
        "eliminations_per_game": out / n,
        "rounds": statistics.fmean(g["rounds"] for g in rows if g["rounds"] is not None),
    }


def chi2_sf(x: float, df: int) -> float:
    """The chance of a chi-square statistic of at least ``x`` with ``df`` degrees of freedom."""
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


def share_test(wins: Sequence[float], games: int) -> tuple[float, float]:
    """Chi-square statistic and p-value of "every place wins equally often"."""
    expected = games / len(wins)
    x = sum((w - expected) ** 2 / expected for w in wins)
    return x, chi2_sf(x, len(wins) - 1)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def fisher_interval(r: float, n: int) -> tuple[float, float]:
    """95% interval of a correlation coefficient (Fisher's z) from ``n`` independent pairs."""
    if n <= 3 or abs(r) >= 1:
        return (r, r)
    z, half = math.atanh(r), Z_95 / math.sqrt(n - 3)
    return (math.tanh(z - half), math.tanh(z + half))


def r_squared(rows: Sequence[Sequence[float]], ys: Sequence[float]) -> float:
    """R² of an ordinary least-squares fit of ``ys`` on the columns of ``rows`` (with intercept),
    solved by Gauss-Jordan elimination on the normal equations."""
    xs = [[1.0, *r] for r in rows]
    k = len(xs[0])
    m = [
        [sum(x[i] * x[j] for x in xs) for j in range(k)] + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))]
        for i in range(k)
    ]
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
    fit = [sum(b * x for b, x in zip(beta, row, strict=True)) for row in xs]
    my = statistics.fmean(ys)
    ss_tot = sum((y - my) ** 2 for y in ys)
    ss_res = sum((y - f) ** 2 for y, f in zip(ys, fit, strict=True))
    return 1 - ss_res / ss_tot if ss_tot else 0.0


# --- the text -------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(t: Sequence[float]) -> str:
    return f"{_pct(t[0])} [{_pct(t[1])}, {_pct(t[2])}]"


def _p(p: float) -> str:
    return f"{p:.2f}" if p >= 0.01 else f"{p:.0e}"


ALPHA = 0.05
"""The level of the chi-square tests of the verdict: a board is in balance when neither the seat
nor the place in the turn order changes the win rate beyond what chance does this often."""

WIDTH = 100
"""The widest line of the study as text."""


def verdict(result: JSON) -> str:
    """One line: is the board given in balance, by the chi-square tests of "every seat wins
    equally often" and "every place in the turn order wins equally often"?"""
    s = result["boards"]["yours"]["simulated"]
    seat, place = s["seat_chi2"][1], s["place_chi2"][1]
    both = f"(chi-square p = {_p(seat)}, {_p(place)})"
    if seat >= ALPHA and place >= ALPHA:
        return f"Verdict: in balance: neither seat nor turn order changes who wins {both}."
    if seat < ALPHA and place < ALPHA:
        return f"Verdict: not in balance: seat and turn order change who wins {both}."
    (what, p), (other, q) = sorted((("seat", seat), ("turn order", place)), key=lambda t: t[1])
    return f"Verdict: not in balance: the {what} changes who wins (chi-square p = {_p(p)}; {other} p = {_p(q)})."


def render(result: JSON) -> list[str]:
    """The study as text of at most :data:`WIDTH` columns: the verdict, then every figure with
    the game's own board beside the one given."""
    reading = board_study_of(result["game"])
    boards = result["boards"]
    ours, yours = boards["ours"], boards["yours"]
    opts = ", ".join(f"{k}={v}" for k, v in result["options"].items()) or "the game's defaults"
    lines = textwrap.wrap(
        f"Board balance, {result['game']}: ours against {result['board_file']}; {result['games']:,} games per board, "
        f"{result['players']} players ({opts}), agents {result['agents']}, seed {result['seed']!r}",
        WIDTH,
    )
    lines += ["", *textwrap.wrap(verdict(result), WIDTH, subsequent_indent="  "), ""]
    key_name = ours["layout"]["key_name"]
    short = ours["layout"]["key_short"]

    def both(figure: Any) -> list[str]:
        return [figure(ours), figure(yours)]

    rows: list[list[str]] = [["spaces", *both(lambda b: str(b["exact"]["spaces"]))]]
    kinds = list(dict.fromkeys([*ours["exact"]["counts"], *yours["exact"]["counts"]]))
    rows += [[f"{kind} spaces", *both(lambda b, k=kind: str(b["exact"]["counts"].get(k, 0)))] for kind in kinds]
    rows += [
        [f"share of {key_name}", *both(lambda b: _pct(b["exact"]["key_share"]))],
        [
            f"P(next roll {short}), by space",
            *both(lambda b: f"{b['exact']['next_roll_key'][0]:.2f}–{b['exact']['next_roll_key'][2]:.2f}"),
        ],
    ]
    rows += reading.exact_rows(ours, yours)
    lines += _table("Exact, from the die alone", rows)
    players = result["players"]
    sim = [ours["simulated"], yours["simulated"]]
    rows = [[f"seat {n + 1}", *[_interval(s["seat_win_rate"][n]) for s in sim]] for n in range(players)]
    rows.append(["p (all seats equal)", *[_p(s["seat_chi2"][1]) for s in sim]])
    lines += ["", *_table("Simulated: win rate per seat (95% interval)", rows)]
    rows = [[f"turn {n + 1}", *[_interval(s["place_win_rate"][n]) for s in sim]] for n in range(players)]
    rows.append(["p (all turns equal)", *[_p(s["place_chi2"][1]) for s in sim]])
    rows += [[f"mean score, turn {n + 1}", *[f"{s['place_mean_score'][n]:,.0f}" for s in sim]] for n in range(players)]
    lines += ["", *_table("Simulated: win rate per place in the turn order (turn 1 starts)", rows)]
    rows = [
        [f"{short} share observed", *[_pct(s["key_share_observed"]) for s in sim]],
        [
            f"r({short}, score), 95% interval",
            *[f"{s['r_key_score']:+.2f} [{s['r_key_interval'][0]:+.2f}, {s['r_key_interval'][1]:+.2f}]" for s in sim],
        ],
        [f"R² {short}", *[f"{s['r2_key']:.3f}" for s in sim]],
        ["R² all kinds", *[f"{s['r2_all_kinds']:.3f}" for s in sim]],
        [
            f"most {short} wins",
            *[_interval(s["most_key_win_rate"]) if s["most_key_win_rate"] else "–" for s in sim],
        ],
        ["score mean ± sd", *[f"{s['score'][0]:,.0f} ± {s['score'][1]:,.0f}" for s in sim]],
        ["eliminated per game", *[f"{s['eliminations_per_game']:.2f}" for s in sim]],
        ["rounds", *[f"{s['rounds']:.1f}" for s in sim]],
    ]
    lines += ["", *_table("Simulated: the luck of landing (within each game, against its mean)", rows)]
    kinds = list(dict.fromkeys([*sim[0]["landings_per_player"], *sim[1]["landings_per_player"]]))
    rows = [[kind, *[f"{s['landings_per_player'].get(kind, 0.0):.2f}" for s in sim]] for kind in kinds]
    lines += ["", *_table("Simulated: landings per player and game, by kind of space", rows)]
    lines += reading.notes(boards)
    return lines


def _table(title: str, rows: list[list[str]]) -> list[str]:
    """A titled table of figures, our board's column beside the one given."""
    labelled = [["", "ours", "yours"], *[["  " + r[0], *r[1:]] for r in rows]]
    widths = [max(len(r[i]) for r in labelled) for i in range(3)]
    return [title, *["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in labelled]]
