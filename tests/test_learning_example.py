"""The worked example of ``docs/learning.md``, CI-sized: the learner beats random play."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "learning_example.py"


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("learning_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_policy_gradient_learns_to_beat_random_card_play(tmp_path: Path) -> None:
    example = _example()
    weights = np.zeros(len(example.FEATURES))
    curve = []
    for number in range(4):
        run = example.play(1500, weights, learn=True, seed=number)
        weights = run.weights
        curve.append(((number + 1) * 1500, float(run.scores.mean())))
    learned, learned_half = example.interval(
        example.play(4000, weights, learn=False, seed=99).scores
    )
    chance, chance_half = example.interval(example.play(4000, None, learn=False, seed=99).scores)
    margin = learned - chance
    half_width = float(np.hypot(learned_half, chance_half))  # the difference's 95% interval
    print(f"learned {learned:.1f} +- {learned_half:.1f}, random {chance:.1f} +- {chance_half:.1f}")
    assert margin - half_width > 0, (margin, half_width)
    example.svg_curve(curve, chance, tmp_path / "curve.svg")
    text = (tmp_path / "curve.svg").read_text()
    assert text.startswith("<svg") and "polyline" in text and text.rstrip().endswith("</svg>")
