"""The searching agent (``tycoon.agents.ismcts``): the same seed and budget give the same choice,
the choice depends only on what the seat may know, and it plays legal games to the end."""

from __future__ import annotations

import json
import math
import random
import zlib

import pytest

from tycoon.agents.catalogue import make_agent
from tycoon.agents.ismcts import UNBOUNDED, IsmctsAgent, Node, final_values, margin, scores, standing
from tycoon.core.actions import Action
from tycoon.core.driver import Agent, play, sample_chance
from tycoon.core.game import CHANCE, TERMINAL, Outcome, State
from tycoon.core.registry import spec
from tycoon.core.spec import resolved

GAMES = ["die_bosse", "biznes_po_polsku", "playboss"]


def small(game_id: str, **budget: float) -> IsmctsAgent:
    """The game's ``hard`` agent with a budget small enough for a test."""
    agent = make_agent(game_id, "hard")
    assert isinstance(agent, IsmctsAgent)
    agent.iterations = int(budget.get("iterations", 12))
    agent.horizon = int(budget.get("horizon", 8))
    agent.seconds = None
    return agent


def decision(game_id: str, players: int, seed: int, after: int, **options: object) -> tuple[State, int]:
    """A state of a bots' game, ``after`` actions in or later, at a decision with a choice that
    the game's ``hard`` level searches."""
    s = spec(game_id)
    state = s.factory(players=players, **options).new_state()
    bots: list[Agent] = [s.bots["bot"]() for _ in range(players)]
    for i, b in enumerate(bots):
        b.seed(f"{seed}:{i}")
    rng = random.Random(seed)
    count = 0
    while (seat := state.current_player()) != TERMINAL:
        if seat != CHANCE and count >= after and searched(game_id, state, seat):
            return state, seat
        action = sample_chance(state, rng) if seat == CHANCE else bots[seat].act(state, seat)
        state.apply(action, seat)
        count += 1
    raise AssertionError(f"{game_id} ended before a decision with a choice")


def searched(game_id: str, state: State, seat: int) -> bool:
    """Whether the game's ``hard`` level searches ``seat``'s decision: one with a choice, and,
    for a search kept to the game's candidates (``Search.explore``), two of them at least."""
    if len(state.legal_actions(seat)) < 2:
        return False
    search = spec(game_id).search
    if search is None or search.explore:
        return True
    candidates = resolved(search.candidates)
    return candidates is not None and len(set(candidates(state, seat))) > 1


def tree(agent: IsmctsAgent) -> list[tuple[str, int, list[float]]]:
    """The last search's root: each action tried, its visits and its seats' summed scores."""
    assert agent.last_root is not None
    return [(str(a), n.visits, n.totals) for a, n in agent.last_root.children.items()]


def test_standing_shares_the_seats_one_is_ahead_of() -> None:
    assert standing([10, 30, 20, 20]) == [0.0, 1.0, 0.5, 0.5]
    assert standing([5, 5]) == [0.5, 0.5]
    assert margin([10, 30, 20]) == [0.5 - 0.5 * 20 / 40, 0.5 + 0.5 * 10 / 50, 0.5 - 0.5 * 10 / 50]
    assert margin([-math.inf, 4.0]) == [0.0, 1.0]
    # The rules' winner stands first whatever its score; a seat knocked out stands last.
    assert final_values(Outcome((10, 30, 20), (0,), (1,))) == [math.inf, -math.inf, 20.0]
    assert final_values(Outcome((10, 30, 20), (1,))) == [10.0, 30.0, 20.0]
    assert scores([10.0, 30.0, 20.0], blend=0) == [0.0, 1.0, 0.5]
    # A game lost by little scores above one lost by much: behind, a seat gains nothing by
    # putting the end off.
    near, far = scores([28.0, 30.0], blend=0.5), scores([10.0, 30.0], blend=0.5)
    assert far[0] < near[0] < 0.5 < near[1] < far[1]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_seed_and_budget_give_the_same_choice(game_id: str) -> None:
    state, seat = decision(game_id, 3, seed=4, after=30)
    choices = []
    for _ in range(2):
        agent = small(game_id)
        agent.seed("choice")
        choices.append(agent.act(state.clone(), seat))
        assert 6 <= agent.last_iterations <= 12
    assert choices[0] == choices[1]
    assert choices[0] in state.legal_actions(seat) or state.refusal(choices[0], seat) is None


def test_a_search_leaves_the_state_as_it_was() -> None:
    state, seat = decision("die_bosse", 4, seed=2, after=40)
    before = state.fingerprint()
    small("die_bosse").act(state, seat)
    assert state.fingerprint() == before


SECRETS: dict[str, dict[str, object]] = {
    "die_bosse": {},
    "biznes_po_polsku": {},
    # Expansion step 5: each business writes down a personal goal the others do not see.
    "playboss": {"steps": [5]},
}
"""Each game set up with secrets to keep: the options of its games in the test below."""


@pytest.mark.parametrize("game_id", GAMES)
def test_the_choice_never_depends_on_what_the_seat_cannot_see(game_id: str) -> None:
    # The same decision with every secret of the other seats dealt anew (another seat's hand,
    # the order of the decks, the personal goals): the agent searches the same worlds and
    # chooses the same.
    seen = 0
    for seed in range(3):
        state, seat = decision(game_id, 3, seed=seed, after=25 + 10 * seed, **SECRETS[game_id])
        twin = state.resample(seat, random.Random(f"twin {seed}"))
        if twin.fingerprint() != state.fingerprint():
            seen += 1
        choices, trees, worlds = [], [], []
        for world in (state, twin):
            agent = small(game_id, iterations=16)
            agent.seed(seed)
            choices.append(agent.act(world, seat))
            trees.append(tree(agent))
            # And every world it played out, whole: an evaluation that reads all of a world
            # (a digest of its every field, secrets too) gives the same figures.
            agent = small(game_id, iterations=16)
            agent.evaluate = digest
            agent.seed(seed)
            agent.act(world, seat)
            worlds.append(tree(agent))
        assert choices[0] == choices[1], f"seed {seed}: {choices}"
        # Not only the choice: every figure of the search is the same.
        assert trees[0] == trees[1]
        assert worlds[0] == worlds[1]
    assert seen, "no state had a secret to swap: the test would prove nothing"


def digest(world: State) -> list[float]:
    """A figure per seat drawn from everything in ``world``: the same only for the same world."""
    whole = zlib.crc32(json.dumps(world.fingerprint(), sort_keys=True).encode())
    return [float((whole >> seat) % 997) for seat in range(world.game.num_seats)]


@pytest.mark.parametrize("game_id", GAMES)
def test_it_plays_legal_actions_to_the_end_of_a_game(game_id: str) -> None:
    s = spec(game_id)
    agents: list[Agent] = [small(game_id, iterations=3, horizon=4), s.bots["bot"]()]
    # The driver applies every action and raises on an illegal one.
    result = play(s.factory(players=2), agents, seed=7)
    assert result.state.is_terminal()
    assert result.record.result is not None


def test_a_time_budget_ends_the_search() -> None:
    state, seat = decision("die_bosse", 2, seed=1, after=20)
    agent = small("die_bosse")
    agent.give_time(0.02)
    action = agent.act(state, seat)
    assert state.refusal(action, seat) is None
    assert 1 <= agent.last_iterations < UNBOUNDED


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_declares_its_standing(game_id: str) -> None:
    s = spec(game_id)
    assert s.evaluate is not None
    state, _ = decision(game_id, 3, seed=0, after=30)
    values = s.evaluate(state)
    assert len(values) == 3
    assert all(isinstance(v, float) for v in values)


def test_halving_plays_the_options_on_worlds_they_share_within_the_budget() -> None:
    state, seat = decision("die_bosse", 3, seed=5, after=40)
    agent = small("die_bosse", iterations=24)
    agent.horizon = 1
    # A figure of what the searching seat cannot see and one decision cannot change (the other
    # hands): the same for every option played in the same world.
    agent.evaluate = lambda world: hidden_hands(world, seat)
    agent.seed(3)
    agent.act(state, seat)
    root = agent.last_root
    assert root is not None and root.options is not None
    assert 1 <= agent.last_iterations <= 24
    children = list(root.children.items())
    # At most half the budget in options, each tried; the bot's choice first.
    assert len(children) == min(len(root.options), 12)
    assert children[0][0] == agent.advisor.act(state, seat)
    assert sum(child.visits for _, child in children) == agent.last_iterations
    by_visits: dict[int, set[float]] = {}
    for _, child in children:
        assert child.visits >= 1
        by_visits.setdefault(child.visits, set()).add(child.totals[0])
    assert all(len(totals) == 1 for totals in by_visits.values()), by_visits
    assert len({child.totals[0] for _, child in children}) > 1, "every world looked alike: nothing was shown"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_world_is_dealt_once_and_each_option_plays_a_copy_of_it(game_id: str) -> None:
    players = 2 if game_id == "die_bosse" else 3
    state, seat = decision(game_id, players, seed=4, after=30)
    agent = small(game_id, iterations=16)
    seen: list[tuple[State, str, object]] = []
    iterate = agent._iterate

    def noting(root: Node, world: State, bots: list[Agent], rng: random.Random, first: Action | None) -> None:
        # Each option's world as it came in, and where its generator stood.
        seen.append((world, json.dumps(world.fingerprint(), sort_keys=True, default=str), rng.getstate()))
        iterate(root, world, bots, rng, first)

    agent._iterate = noting  # type: ignore[method-assign]
    agent.seed(2)
    agent.act(state, seat)
    assert agent.last_root is not None
    options = len(agent.last_root.children)
    assert options >= 2 and len(seen) == agent.last_iterations
    first_world = seen[:options]
    # The options of one world: the same deal and the same draws to come, each its own copy.
    assert len({fingerprint for _, fingerprint, _ in first_world}) == 1
    assert len({repr(rng) for _, _, rng in first_world}) == 1
    assert len({id(world) for world, _, _ in first_world}) == options
    # Another world is another deal.
    assert seen[options][1] != first_world[0][1] or seen[options][2] != first_world[0][2]


def hidden_hands(world: State, seat: int) -> list[float]:
    """A figure, the same for every seat, from the hands of a Die Bosse world other than
    ``seat``'s: what a search for ``seat`` deals anew."""
    fingerprint = world.fingerprint()
    assert isinstance(fingerprint, dict)
    hands = [h for s, h in enumerate(fingerprint["hands"]) if s != seat]
    return [float(zlib.crc32(json.dumps(hands).encode()) % 997)] * world.game.num_seats


@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalogue_builds_hard_from_the_games_search(game_id: str) -> None:
    s = spec(game_id)
    assert s.search is not None
    agent = make_agent(game_id, "hard")
    assert isinstance(agent, IsmctsAgent)
    assert agent.iterations == s.search.iterations
    assert agent.horizon == s.search.horizon
    assert agent.candidates is resolved(s.search.candidates)
    assert agent.keep == s.search.keep
    assert agent.seconds is None
    player = agent.make_player()
    assert type(player) is type(resolved(s.search.rollout or s.levels["normal"].factory)())


def test_a_search_kept_to_the_candidates_tries_nothing_else() -> None:
    s = spec("die_bosse")
    assert s.search is not None
    candidates = resolved(s.search.candidates)
    assert candidates is not None
    # A turn, where Die Bosse names its candidates (and on laying a company; on paying, none).
    after = 30
    state, seat = decision("die_bosse", 3, seed=2, after=after)
    while len(set(candidates(state, seat))) < 2:
        after += 1
        state, seat = decision("die_bosse", 3, seed=2, after=after)
    agent = small("die_bosse")
    agent.explore = False
    agent.seed(1)
    agent.act(state, seat)
    assert agent.last_root is not None and agent.last_root.options is not None
    bot = s.bots["bot"]()
    bot.seed("1:advisor")
    assert set(agent.last_root.options) <= {bot.act(state, seat), *candidates(state, seat)}
    # Without candidates only the bot's choice is left: it is played at once, unsearched.
    agent.candidates = None
    agent.last_root = None
    agent.seed(1)
    assert agent.act(state, seat) == bot.act(state, seat)
    assert agent.last_root is None


@pytest.mark.parametrize("keep", [0.0, 1.0, 4.0])
def test_the_bots_choice_is_kept_unless_the_option_found_best_leads_it_clearly(keep: float) -> None:
    searched_seen = departed = 0
    for after in range(20, 200, 12):
        state, seat = decision("biznes_po_polsku", 4, seed=1, after=after)
        agent = small("biznes_po_polsku", iterations=40)
        agent.keep = keep
        agent.seed(after)
        chosen = agent.act(state, seat)
        root = agent.last_root
        assert root is not None and root.options is not None
        searched_seen += 1
        proposed = root.options[0]
        # Each option's scores, world by world, add up to what the tree holds; an option dropped
        # by halving was played in the first of the worlds the others went on in.
        for action, child in root.children.items():
            assert len(agent.paired[action]) == child.visits
            assert math.isclose(sum(agent.paired[action]), child.totals[seat], abs_tol=1e-9)
        best = max(root.children, key=lambda a: (root.children[a].visits, root.children[a].mean(seat)))
        if chosen == proposed:
            continue
        departed += 1
        assert chosen == best
        leads = [b - p for b, p in zip(agent.paired[chosen], agent.paired[proposed], strict=False)]
        n = len(leads)
        mean = sum(leads) / n
        spread = math.sqrt(sum((x - mean) ** 2 for x in leads) / (n - 1))
        assert n >= 2 and mean > keep * spread / math.sqrt(n)
    assert searched_seen >= 10
    if keep == 0.0:
        assert departed, "no search departed from its bot: nothing was shown"
