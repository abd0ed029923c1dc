"""A searching agent for any game: information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012, "single observer"), determinised with ``State.resample``, its root's options
compared by sequential halving on common worlds.

Each iteration deals a world anew from what the searching seat may know
(``state.resample(seat, rng)``), takes one of the root's options in it, walks the tree below,
plays on with the game's bot for at most ``horizon`` more decisions, scores the position with
the game's evaluation and backs the score up, one value per seat. The tree is keyed by the path
of decisions from the root: a node is (the seat to move, the decisions taken since the root),
so the same node stands for every world in which the same decisions were taken. Chance is drawn
with the iteration's generator on the way and is no part of a node: what the seat would not
see (a card drawn into another hand) cannot split the tree, and what it would see is averaged
over. Since every world is a resample and every draw comes from the agent's generator, the
choice is a function of what the seat may know, the seed and the budget.

- The root: its options are the bot's choice, the game's other candidates best first, the
  listed legal actions in a drawn order, then members of each action family (``draw_member``:
  field by field with ``State.narrow``, so always legal), ``width`` of them at most. They are
  compared by sequential halving (Karnin, Koren and Somekh 2013): in each round every option
  left is played out in the same worlds (one resample, one generator for its chance and its
  bots, shared by all the options: common random numbers, so that two options are told apart
  by what they do rather than by the luck of their worlds), and the better half goes on. With
  ``keep`` the option it ends with is played only if it led the bot's choice, world by world in
  the worlds both were played in, by more than ``keep`` standard errors of that lead; else the
  bot's choice is (on near-equal options the luck of a few worlds would choose).
- Below the root, to ``depth`` decisions: among the children legal in the world at hand, for
  the mover's own score, PUCT with the bot's choice as the prior (``puct``) or UCT
  (``puct=None``), with availability counts in place of the parent's visits; a node with ``n``
  visits may have ``1 + widen * n ** 0.5`` children (progressive widening), the bot's choice
  first. With ``halving=False`` the root is searched the same way.
- Scores: the game's evaluation of a position cut short (``GameSpec.evaluate``: its standing,
  capital or profit so far), or a finished game's final scores, become a score from 0 to 1 per
  seat, part ``standing`` (the share of the other seats it is ahead of) and part ``margin`` (its
  lead over the best of the others, in proportion).

The budget is a number of iterations and, optionally, seconds; with iterations alone the same
seed always gives the same choice. See docs/agents.md, "The searching bot", and
docs/decisions/0033-searching-by-halving.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from tycoon.core.actions import Action
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.families import ActionFamily, draw_member
from tycoon.core.game import CHANCE, TERMINAL, Outcome, State

Evaluate = Callable[[State], Sequence[float]]
"""A game's estimate of each seat's standing in a position, higher is better, one per seat."""

Candidates = Callable[[State, int], list[Action]]
"""The actions a game's bot would consider for a seat besides its own choice, best first."""

MEMBERS = 3
"""Members of each action family drawn for a node's options."""

UNBOUNDED = 10**9
"""Iterations of a search with a time budget alone (``give_time``): more than fit in any."""


def standing(values: Sequence[float]) -> list[float]:
    """Each seat's share of the other seats it is ahead of, a tie counting half: 1 for the
    single leader, 0 for the last, 0.5 for everyone when all are level."""
    n = len(values)
    if n < 2:
        return [1.0] * n
    out = []
    for i, v in enumerate(values):
        ahead = sum(1.0 if v > w else 0.5 if v == w else 0.0 for j, w in enumerate(values) if j != i)
        out.append(ahead / (n - 1))
    return out


def margin(values: Sequence[float]) -> list[float]:
    """Each seat's lead over the best of the others, as a share of the two figures' size, from
    0 (far behind) through 0.5 (level) to 1 (far ahead); a seat knocked out (minus infinity)
    counts 0, and a seat ahead of only knocked-out seats counts 1."""
    out = []
    for i, v in enumerate(values):
        rival = max((w for j, w in enumerate(values) if j != i), default=v)
        if v == rival:
            out.append(0.5)
        elif not math.isfinite(v) or not math.isfinite(rival):
            out.append(1.0 if v > rival else 0.0)
        else:
            out.append(0.5 + 0.5 * (v - rival) / (abs(v) + abs(rival)))
    return out


def final_values(outcome: Outcome) -> list[float]:
    """The figures a finished game is scored by, like an evaluation's: the final scores, the
    seats knocked out below everyone (minus infinity), and the winners above everyone (plus
    infinity) when the rules crowned them by more than the score (a personal goal)."""
    values = [-math.inf if s in outcome.eliminated else float(v) for s, v in enumerate(outcome.scores)]
    best = max(values)
    top = {s for s, v in enumerate(values) if v == best}
    if top != set(outcome.winners):
        values = [math.inf if s in outcome.winners else v for s, v in enumerate(values)]
    return values


def scores(values: Sequence[float], blend: float) -> list[float]:
    """Each seat's score from 0 to 1 for the figures ``values``: ``standing``, with ``blend``
    of it replaced by ``margin``."""
    if not blend:
        return standing(values)
    return [(1 - blend) * r + blend * m for r, m in zip(standing(values), margin(values), strict=True)]


class Node:
    """One information state of the tree: the decisions since the root, for the seat to move."""

    __slots__ = ("avail", "children", "options", "seat", "totals", "visits")

    def __init__(self, seat: int, seats: int) -> None:
        self.seat = seat
        """The seat that decides here (for the world that made the node; the same in all)."""
        self.visits = 0
        """Iterations that went through this node."""
        self.avail = 0
        """Iterations in which this node's action was legal at its parent (UCT's parent count)."""
        self.totals = [0.0] * seats
        """Each seat's summed score over the visits."""
        self.children: dict[Action, Node] = {}
        """The actions tried here, in the order they were added."""
        self.options: list[Action] | None = None
        """The order in which actions come in (drawn at the first visit)."""

    def mean(self, seat: int) -> float:
        """``seat``'s mean score over the visits (0 before any)."""
        return self.totals[seat] / self.visits if self.visits else 0.0


class IsmctsAgent:
    """Searches before each decision with a choice; takes a forced move at once."""

    name = "hard"

    def __init__(
        self,
        bot: Callable[[], Agent],
        evaluate: Evaluate,
        *,
        seed: int | str = 0,
        iterations: int = 40,
        seconds: float | None = None,
        horizon: int = 20,
        c: float = 2.0,
        widen: float = 1.0,
        candidates: Candidates | None = None,
        blend: float = 0.5,
        puct: float | None = 0.5,
        rollout: Callable[[], Agent] | None = None,
        width: int = 12,
        depth: int = 1,
        halving: bool = True,
        explore: bool = True,
        keep: float | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.make_bot = bot
        """Makes the game's bot: it proposes the root's first option."""
        self.make_player = rollout or bot
        """Makes the bots that play on in the worlds searched (the game's bot, or a cheaper one)."""
        self.evaluate = evaluate
        self.iterations = iterations
        """Iterations per decision."""
        self.seconds = seconds
        """Seconds per decision at most, or ``None`` for the iterations alone (deterministic)."""
        self.horizon = horizon
        """Decisions (not chance draws) played past the root before a world is scored."""
        self.c = c
        """UCT's exploration constant, for scores from 0 to 1."""
        self.widen = widen
        """A node with ``n`` visits may have ``1 + widen * sqrt(n)`` children."""
        self.candidates = candidates
        """The game's candidates besides the bot's choice, or ``None``: the bot's choice alone."""
        self.blend = blend
        """How much of a score is ``margin`` (the rest is ``standing``)."""
        self.puct = puct
        """``None`` for UCT; else PUCT, the bot's choice having this prior (the rest share the
        remainder)."""
        self.width = width
        """Options of a node at most."""
        self.depth = depth
        """Decisions below the root that the tree grows to (1: the root's options alone, the
        rest played by the bots)."""
        self.halving = halving
        """Whether the root's options are compared by sequential halving on common worlds (else
        the root widens and selects like the nodes below it)."""
        self.explore = explore
        """Whether a node's options go on past the proposals (the bot's choice and the game's
        candidates) to the listed legal actions and drawn members of the families; without, a
        decision with no candidates besides the bot's choice is taken at once."""
        self.keep = keep
        """``None``: halving plays the option it ends with. Else the bot's choice is kept unless
        that option's lead over it, in the worlds both were played in, is more than ``keep``
        standard errors of the lead: on near-equal options the luck of a few worlds would
        otherwise choose (``_kept``)."""
        self.paired: dict[Action, list[float]] = {}
        """The searching seat's score of each root option in each world it was played in, in
        the order of the worlds (for ``keep``)."""
        self.advisor = bot()
        """The bot that proposes at the root, on the true state (it sees what the seat sees)."""
        self.players: list[Agent] = []
        """The bots that play on in the worlds searched, one per seat."""
        self.last_iterations = 0
        """Iterations the last search ran (for benchmarks)."""
        self.last_root: Node | None = None
        """The last search's tree (for benchmarks and tests)."""

    def give_time(self, seconds: float) -> None:
        """Search for ``seconds`` a decision, as many iterations as fit, instead of the budget of
        iterations: stronger with more time, but the choice then depends on the machine."""
        self.seconds = seconds
        self.iterations = UNBOUNDED

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)
        self.advisor = self.make_bot()
        self.advisor.seed(f"{seed}:advisor")
        self.players = []

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        families = state.action_families(seat)
        if len(legal) == 1 and not families:
            return legal[0]
        if not legal and not families:
            raise ValueError(f"seat {seat} has no legal action")
        rng = self.rng
        proposed = [self.advisor.act(state, seat)]
        if self.candidates is not None:
            proposed += self.candidates(state, seat)
        root = Node(seat, state.game.num_seats)
        root.options = self._order(state, seat, proposed, legal, families, rng)
        if len(root.options) == 1:
            return root.options[0]
        bots = self.players
        while len(bots) < state.game.num_seats:
            bots.append(self.make_player())
        best = self._halve(root, state, seat, bots) if self.halving else self._grow(root, state, seat, bots)
        self.last_root = root
        return best

    def _halve(self, root: Node, state: State, seat: int, bots: list[Agent]) -> Action:
        """Sequential halving over the root's options, each round on worlds common to them."""
        assert root.options is not None
        budget = self.iterations
        # Halving plays each option once in the first round, half of them in the second, ...:
        # twice as many iterations as options at the least.
        alive = root.options[: max(2, budget // 2)]
        for action in alive:
            root.children[action] = Node(seat, state.game.num_seats)
        self.paired = {action: [] for action in alive}
        rounds = max(1, math.ceil(math.log2(len(alive))))
        start = time.perf_counter()
        done = 0
        if self.seconds is not None and budget >= UNBOUNDED:
            # A time budget alone: one world first, and the rounds planned by its pace.
            done = self._world(root, state, seat, bots, alive)
            budget = max(done, int(done * self.seconds / max(time.perf_counter() - start, 1e-6)))
        for r in range(rounds):
            worlds = max(1, (budget - done) // ((rounds - r) * len(alive)))
            for _ in range(worlds):
                if done + len(alive) > budget and done:
                    break
                if self.seconds is not None and done and time.perf_counter() - start > self.seconds:
                    break
                done += self._world(root, state, seat, bots, alive)
            # The better half goes on; a tie keeps the option that came first (the bot's).
            alive.sort(key=lambda a: -root.children[a].mean(seat))
            if self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            alive = alive[: math.ceil(len(alive) / 2)]
        self.last_iterations = done
        return self._kept(root.options[0], alive[0])

    def _world(self, root: Node, state: State, seat: int, bots: list[Agent], options: list[Action]) -> int:
        """One world dealt for each of ``options`` alike (one resample, one generator for its
        chance and its bots), an iteration beginning with each; how many were run."""
        shared = self.rng.getrandbits(64)
        # The world is dealt once and copied for each option, the generator going on from where
        # the deal left it: the same worlds and draws as dealing it anew for each, for less.
        rng = random.Random(shared)
        dealt = state.resample(seat, rng)
        after = rng.getstate()
        for i, action in enumerate(options):
            rng.setstate(after)
            for b in bots:
                b.seed(shared)
            child = root.children[action]
            before = child.totals[seat]
            self._iterate(root, dealt if i == len(options) - 1 else dealt.clone(), bots, rng, action)
            self.paired[action].append(child.totals[seat] - before)
        return len(options)

    def _kept(self, proposed: Action, best: Action) -> Action:
        """The option to play: ``best``, the one halving ended with, unless ``keep`` is set and
        its lead over ``proposed`` (the bot's choice) in the worlds both were played in, world
        by world, is no more than ``keep`` standard errors of that lead."""
        if self.keep is None or best == proposed:
            return best
        # Every option played in a world was played in every world before it (halving only
        # drops options), so the worlds they share are the first of each one's list.
        theirs = self.paired[proposed]
        leads = [b - p for b, p in zip(self.paired[best], theirs, strict=False)]
        n = len(leads)
        if n < 2:
            return proposed
        mean = sum(leads) / n
        spread = math.sqrt(sum((x - mean) ** 2 for x in leads) / (n - 1))
        return best if mean > self.keep * spread / math.sqrt(n) else proposed

    def _grow(self, root: Node, state: State, seat: int, bots: list[Agent]) -> Action:
        """Iterations from the root, which widens and selects like every node: the option most
        visited is chosen."""
        rng = self.rng
        for b in bots:
            b.seed(rng.getrandbits(64))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            self._iterate(root, state.resample(seat, rng), bots, rng, None)
            done += 1
        self.last_iterations = done
        assert root.options is not None
        best = max(root.children.values(), key=lambda n: n.visits)
        return next((a for a, child in root.children.items() if child is best), root.options[0])

    def _order(
        self,
        state: State,
        seat: int,
        proposed: list[Action],
        legal: list[Action],
        families: list[ActionFamily],
        rng: random.Random,
    ) -> list[Action]:
        """A node's options in the order they come in, ``width`` at most: the proposals, then
        (when the search ``explore``s) the listed actions in a drawn order, then up to
        ``MEMBERS`` drawn members of each family (drawn only when the room is not filled
        before); no repeats."""
        seen: set[Action] = set()
        out: list[Action] = []
        for a in proposed:
            if a not in seen:
                seen.add(a)
                out.append(a)
        if not self.explore:
            return out[: self.width]
        rest = list(legal)
        rng.shuffle(rest)
        for a in rest:
            if a not in seen:
                seen.add(a)
                out.append(a)
        for _ in range(MEMBERS):
            for family in families:
                if len(out) >= self.width:
                    return out[: self.width]
                a = draw_member(state, family, rng, seat)
                if a not in seen:
                    seen.add(a)
                    out.append(a)
        return out[: self.width]

    def _iterate(self, root: Node, world: State, bots: list[Agent], rng: random.Random, first: Action | None) -> None:
        """One iteration in ``world``, beginning with ``first`` at the root (or selecting there):
        select and expand, roll out, back up."""
        seats = world.game.num_seats
        path = [root]
        node = root
        decisions = 0
        expanded = False
        while not expanded and decisions < self.horizon and len(path) <= self.depth:
            mover = world.current_player()
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                world.apply(sample_chance(world, rng), CHANCE)
                continue
            legal = world.legal_actions(mover)
            families = world.action_families(mover)
            if len(legal) == 1 and not families:
                world.apply(legal[0], mover)
                decisions += 1
                continue
            child: Node | None
            if node is root and first is not None:
                action, child = first, root.children.get(first)
                expanded = child is None or not child.visits
            else:
                suggested: Action | None = None
                if node is not root:
                    # The mover's bot in this world: what it would do with the hand it has here.
                    suggested = bots[mover].act(world, mover)
                    if node.options is None:
                        node.options = self._order(world, mover, [suggested], legal, families, rng)
                action, child = self._select(node, world, mover, set(legal), bool(families), suggested)
            if child is None:
                child = Node(mover, seats)
                child.avail = 1
                node.children[action] = child
                expanded = True
            world.apply(action, mover)
            decisions += 1
            path.append(child)
            node = child
        values = self._rollout(world, bots, rng, decisions)
        for n in path:
            n.visits += 1
            totals = n.totals
            for s in range(seats):
                totals[s] += values[s]

    def _select(
        self,
        node: Node,
        world: State,
        mover: int,
        legal: set[Action],
        has_families: bool,
        suggested: Action | None,
    ) -> tuple[Action, Node | None]:
        """The child to follow (UCT or PUCT among those legal in ``world``), or an action to
        add (with ``None`` for its node) while the node may widen or nothing tried here is
        legal."""

        def allowed(action: Action) -> bool:
            return action in legal or (has_families and world.refusal(action, mover) is None)

        available = [(a, child) for a, child in node.children.items() if allowed(a)]
        for _, child in available:
            child.avail += 1
        if len(available) < 1 + int(self.widen * math.sqrt(node.visits)) or not available:
            options = node.options or []
            for action in [suggested, *options] if suggested is not None else options:
                if action not in node.children and allowed(action):
                    return action, None
        if not available:
            # Reached only at a node whose every option was tried in other worlds.
            assert suggested is not None, "the root's options are legal in every resample"
            return suggested, None
        c = self.c
        best = available[0]
        best_score = -math.inf
        if self.puct is None:
            for action, child in available:
                score = child.totals[mover] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = (action, child), score
            return best
        # PUCT with the bot's choice as the prior: it gets ``puct``, the others share the rest.
        favoured = suggested if suggested is not None or not node.options else node.options[0]
        rest = (1 - self.puct) / max(len(available) - 1, 1)
        for action, child in available:
            p = self.puct if action == favoured else rest
            score = child.totals[mover] / child.visits + c * p * math.sqrt(child.avail) / (1 + child.visits)
            if score > best_score:
                best, best_score = (action, child), score
        return best

    def _rollout(self, world: State, bots: list[Agent], rng: random.Random, decisions: int) -> list[float]:
        """Play on with the bots until the horizon or the end; each seat's score."""
        while decisions < self.horizon:
            mover = world.current_player()
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                world.apply(sample_chance(world, rng), CHANCE)
                continue
            world.apply(bots[mover].act(world, mover), mover)
            decisions += 1
        # A finished game is scored like a position cut short, by its final scores: a game lost
        # by little scores above one lost by much, so a seat that is behind has no reason to
        # put off an end it cannot escape (Die Bosse ends only when someone buys the last
        # company: a search that scored every loss alike would never buy it, docs/agents.md).
        if world.current_player() == TERMINAL:
            return scores(final_values(world.outcome()), self.blend)
        return scores(self.evaluate(world), self.blend)
