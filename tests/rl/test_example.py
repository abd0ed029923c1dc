"""The worked example (examples/rl/ppo_masked.py) trains, plots and evaluates on a tiny budget."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("gymnasium")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "rl" / "ppo_masked.py"


def _example():  # type: ignore[no-untyped-def]
    loaded = importlib.util.spec_from_file_location("ppo_masked", SCRIPT)
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    sys.modules["ppo_masked"] = module  # dataclasses look their module up there
    loaded.loader.exec_module(module)
    return module


def test_a_few_updates_train_and_the_policy_plays_whole_games(tmp_path: Path) -> None:
    example = _example()
    torch.set_num_threads(1)
    cfg = example.Config(game="die_bosse", seed=1, max_updates=2, steps_per_update=64, minibatch=32, epochs=1)
    net, history = example.train(cfg)
    assert history.updates == [1, 2]
    assert history.steps == [64, 128]
    result = example.evaluate("die_bosse", "random", 2, 0, net)
    assert result["games"] == 2 and 0 <= result["wins"] <= 2
    lo, hi = result["wilson95"]
    assert 0.0 <= lo <= result["win_rate"] <= hi <= 1.0
    example.plot(history, tmp_path / "curve.png", "test")
    assert (tmp_path / "curve.png").stat().st_size > 0


def test_training_is_seeded() -> None:
    example = _example()
    torch.set_num_threads(1)
    cfg = example.Config(game="die_bosse", seed=2, max_updates=1, steps_per_update=32, minibatch=32, epochs=1)
    a, _ = example.train(cfg)
    b, _ = example.train(cfg)
    for x, y in zip(a.parameters(), b.parameters(), strict=True):
        assert torch.equal(x, y)


def test_wilson_interval() -> None:
    example = _example()
    lo, hi = example.wilson(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-3) and math.isclose(hi, 0.5962, abs_tol=1e-3)
    assert example.wilson(0, 10)[0] == 0.0
