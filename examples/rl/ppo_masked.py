"""A masked PPO agent for one seat of a tycoon game, in PyTorch on the CPU (docs/rl.md,
"A worked example").

The learner plays seat 0 of ``tycoon.rl.gym_env(game, opponents=...)``: every step is one pick
of the flat action encoding, the illegal picks masked out of the policy's logits. The reward is
the terminal ``Outcome.returns()[0]`` (1 shared among the winners). After training it plays
``--eval-games`` games against random agents and as many against the game's bot, and the same
for a uniform random agent in the same seat, and writes win rates with 95% Wilson intervals.

    pip install torch==2.13.0 matplotlib
    python examples/rl/ppo_masked.py --game die_bosse --minutes 10 --seed 0

torch is never a dependency of tycoon; this script is the only place it is used.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

import tycoon.rl as rl
from tycoon.sim.stats import wilson_interval as wilson

# -- the environment -------------------------------------------------------------------------


def make_env(game: str, opponents: str) -> Any:
    """The seat-0 Gymnasium environment of ``game`` against ``opponents``."""
    return rl.gym_env(game, opponents=opponents)


# -- the policy ------------------------------------------------------------------------------


class ActorCritic(nn.Module):
    """A two-layer tanh trunk with a logits head (masked) and a value head."""

    def __init__(self, obs_size: int, actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.logits.weight, 0.01)
        nn.init.zeros_(self.logits.bias)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.distributions.Categorical, torch.Tensor]:
        h = self.trunk(obs)
        logits = self.logits(h).masked_fill(~mask, -1e9)
        return torch.distributions.Categorical(logits=logits), self.value(h).squeeze(-1)


class Fast:
    """The network's forward pass in numpy, for acting one step at a time (torch's per-call
    overhead is many times the arithmetic of so small a network)."""

    def __init__(self, net: ActorCritic) -> None:
        self.w = [p.detach().numpy().astype(np.float64) for p in net.parameters()]

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> tuple[int, float, float]:
        w1, b1, w2, b2, wl, bl, wv, bv = self.w
        h = np.tanh(w2 @ np.tanh(w1 @ obs + b1) + b2)
        logits = np.where(mask, wl @ h + bl, -np.inf)
        logits -= logits.max()
        probs = np.exp(logits)
        probs /= probs.sum()
        action = int(rng.choice(len(probs), p=probs))
        return action, float(np.log(probs[action])), float((wv @ h + bv)[0])


def scale(obs: np.ndarray) -> np.ndarray:
    """Observations squashed into a range a small network copes with (money runs high)."""
    return np.sign(obs) * np.log1p(np.abs(obs))


@dataclass
class Config:
    game: str = "die_bosse"
    opponents: str = "random"
    seed: int = 0
    minutes: float = 10.0
    max_updates: int | None = None
    steps_per_update: int = 1024
    epochs: int = 4
    minibatch: int = 256
    lr: float = 3e-4
    gamma: float = 1.0
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    hidden: int = 128


@dataclass
class History:
    updates: list[int] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    episodes: list[int] = field(default_factory=list)
    mean_return: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


def train(cfg: Config) -> tuple[ActorCritic, History]:
    """PPO with masked logits for ``cfg.minutes`` (or ``cfg.max_updates`` updates)."""
    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    env = make_env(cfg.game, cfg.opponents)
    n_obs, n_act = env.observation_space.shape[0], env.action_space.n
    net = ActorCritic(n_obs, n_act, cfg.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    history = History()
    episode_seed = cfg.seed * 1_000_003
    obs, _ = env.reset(seed=episode_seed)
    mask = env.action_masks()
    start = time.monotonic()
    total_steps = episodes = update = 0
    recent: list[float] = []
    while True:
        if cfg.max_updates is not None and update >= cfg.max_updates:
            break
        if time.monotonic() - start > cfg.minutes * 60:
            break
        fast = Fast(net)
        buf_obs, buf_mask, buf_act, buf_logp, buf_val, buf_rew, buf_done = [], [], [], [], [], [], []
        for _ in range(cfg.steps_per_update):
            o = scale(obs)
            action, logp, value = fast.act(o, mask, rng)
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            buf_obs.append(o), buf_mask.append(mask), buf_act.append(action)
            buf_logp.append(logp), buf_val.append(value)
            buf_rew.append(float(reward)), buf_done.append(done)
            total_steps += 1
            if done:
                episodes += 1
                recent.append(float(reward))
                episode_seed += 1
                obs, _ = env.reset(seed=episode_seed)
            mask = env.action_masks()
        last_value = fast.act(scale(obs), mask, rng)[2] if mask.any() else 0.0
        values = torch.tensor(buf_val, dtype=torch.float32)
        advantages = torch.zeros(len(buf_rew))
        gae = 0.0
        next_value = float(last_value)
        for t in reversed(range(len(buf_rew))):
            nonterminal = 0.0 if buf_done[t] else 1.0
            delta = buf_rew[t] + cfg.gamma * next_value * nonterminal - float(values[t])
            gae = delta + cfg.gamma * cfg.lam * nonterminal * gae
            advantages[t] = gae
            next_value = float(values[t])
        returns = advantages + values
        b_obs = torch.as_tensor(np.array(buf_obs), dtype=torch.float32)
        b_mask = torch.as_tensor(np.array(buf_mask))
        b_act = torch.as_tensor(buf_act)
        b_logp = torch.tensor(buf_logp, dtype=torch.float32)
        n = len(buf_rew)
        for _ in range(cfg.epochs):
            order = torch.as_tensor(rng.permutation(n))
            for lo in range(0, n, cfg.minibatch):
                idx = order[lo : lo + cfg.minibatch]
                dist, value = net(b_obs[idx], b_mask[idx])
                ratio = torch.exp(dist.log_prob(b_act[idx]) - b_logp[idx])
                adv = advantages[idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                policy_loss = -torch.min(ratio * adv, ratio.clamp(1 - cfg.clip, 1 + cfg.clip) * adv).mean()
                value_loss = 0.5 * (returns[idx] - value).pow(2).mean()
                loss = policy_loss + 0.5 * value_loss - cfg.entropy * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        update += 1
        history.updates.append(update)
        history.steps.append(total_steps)
        history.episodes.append(episodes)
        history.mean_return.append(float(np.mean(recent[-200:])) if recent else float("nan"))
        history.seconds.append(time.monotonic() - start)
    return net, history


# -- evaluation ------------------------------------------------------------------------------


def evaluate(game: str, opponents: str, games: int, seed: int, net: ActorCritic | None) -> dict[str, Any]:
    """``games`` games of seat 0 against ``opponents``: the policy of ``net``, sampled as it
    was trained (the greedy one can loop on a move that changes nothing), or a uniform random
    agent when ``net`` is ``None``. A win is a return above 0 (a shared win counts whole; the
    shares are in ``mean_return``)."""
    env = make_env(game, opponents)
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    fast = Fast(net) if net is not None else None
    wins, total = 0, 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks()
            if fast is None:
                action = rng.choice(np.flatnonzero(mask).tolist())
            else:
                action = fast.act(scale(obs), mask, np_rng)[0]
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        wins += reward > 0
        total += reward
    lo, hi = wilson(wins, games)
    return {
        "games": games,
        "wins": int(wins),
        "win_rate": wins / games,
        "wilson95": [lo, hi],
        "mean_return": total / games,
    }


def plot(history: History, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(history.steps, history.mean_return)
    ax.set_xlabel("environment steps (picks of the learning seat)")
    ax.set_ylabel("mean return, last 200 episodes")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="die_bosse")
    parser.add_argument("--opponents", default="random", help="who plays the other seats in training")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=10.0, help="training wall-clock budget")
    parser.add_argument("--max-updates", type=int, default=None)
    parser.add_argument("--steps-per-update", type=int, default=1024)
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--curve", type=Path, default=Path("docs/rl-learning-curve.png"))
    parser.add_argument("--results", type=Path, default=Path("examples/rl/results.json"))
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    cfg = Config(
        game=args.game,
        opponents=args.opponents,
        seed=args.seed,
        minutes=args.minutes,
        max_updates=args.max_updates,
        steps_per_update=args.steps_per_update,
    )
    started = time.monotonic()
    net, history = train(cfg)
    trained = time.monotonic() - started
    print(f"trained {history.updates[-1] if history.updates else 0} updates, {trained:.0f}s", flush=True)
    torch.save(net.state_dict(), args.results.with_suffix(".pt"))
    plot(history, args.curve, f"masked PPO, {cfg.game}, seat 0 vs {cfg.opponents}")
    eval_seed = 10_000_000 + args.seed
    results: dict[str, Any] = {
        "config": cfg.__dict__,
        "training_seconds": trained,
        "updates": len(history.updates),
        "steps": history.steps[-1] if history.steps else 0,
        "episodes": history.episodes[-1] if history.episodes else 0,
        "curve": {"steps": history.steps, "mean_return": history.mean_return},
        "eval_seed": eval_seed,
        "evaluation": {},
    }
    for opponents in ("random", "bot"):
        for who, policy in (("ppo", net), ("random", None)):
            r = evaluate(cfg.game, opponents, args.eval_games, eval_seed, policy)
            results["evaluation"][f"{who}_vs_{opponents}"] = r
            print(who, "vs", opponents, r, flush=True)
    results["total_seconds"] = time.monotonic() - started
    args.results.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
