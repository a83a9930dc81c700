"""Policy gradient in plain NumPy: seat 0 learns the card play against random players.

The worked example of ``docs/learning.md``. Four players; every decision but seat 0's cards
is a random legal action (the bidding, the écart, the other seats' cards). Seat 0 plays its
cards by a softmax over a few features of each card it may play (is it a trump, how high,
how many points, does it win the trick so far...), and REINFORCE (with a running baseline)
moves the weights towards the choices of the deals it scored well in.

Run it to train, evaluate and draw the learning curve (``docs/_static/learning-curve.svg``)::

    python docs/learning_example.py            # about a minute
    python docs/learning_example.py --quick    # a few seconds, a rougher curve
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

import frenchtarot as ft  # noqa: E402
from frenchtarot import encoding  # noqa: E402
from frenchtarot.vector import VectorEnv, VectorStep  # noqa: E402

RULES = ft.FOUR_PLAYER
SEATS = RULES.seats
AT = {field.name: field.offset for field in encoding.observation_fields(RULES)}
PLAY = encoding.PLAY_BASE
BIDDING, SLAM = 0, 3  # the phases' places in the tensor's one-hot
CARDS = np.arange(78)
TRUMP = CARDS < 21
EXCUSE = CARDS == 21
SUIT = np.where(CARDS >= 22, (CARDS - 22) // 14, -1)
RANK = np.where(CARDS >= 22, (CARDS - 22) % 14, 0)
HALF = np.array([card.half_points for card in ft.DECK], float)
FEATURES = (
    "trump",
    "trump height",
    "suit rank",
    "points",
    "wins the trick so far",
    "wins the points in the trick",
    "Excuse",
    "wins it as the taker",
    "wins it playing last",
    "leads a trump",
    "leads points",
)


def features(observation: NDArray[np.float32]) -> NDArray[np.float64]:
    """Each card's features for the seats to act in ``observation`` (rows): ``(k, 78, F)``."""
    k = len(observation)
    trick = observation[:, AT["trick"] : AT["trick"] + 78 * SEATS].reshape(k, SEATS, 78) > 0
    in_trick = trick.any(axis=1)
    played = trick.any(axis=2).sum(axis=1)
    first = trick[:, 0].argmax(axis=1)
    second = trick[:, 1].argmax(axis=1)
    led = np.where(first == 21, SUIT[second], SUIT[first])
    led = np.where(played == 0, -2, np.where((first == 21) & (played == 1), -2, led))
    top_trump = np.where(in_trick & TRUMP, CARDS, -1).max(axis=1)
    top_led = np.where(in_trick & (led[:, None] == SUIT), CARDS, -1).max(axis=1)
    wins = np.where(
        TRUMP,
        top_trump[:, None] < CARDS,
        (top_trump[:, None] < 0) & (led[:, None] == SUIT) & (top_led[:, None] < CARDS),
    ) & (played[:, None] > 0)
    points = (in_trick * HALF).sum(axis=1) / 10
    taker = observation[:, AT["taker"] : AT["taker"] + SEATS].argmax(axis=1) == observation[
        :, AT["current"] : AT["current"] + SEATS
    ].argmax(axis=1)
    leading = (played == 0)[:, None]
    last = (played == SEATS - 1)[:, None]
    columns = [
        np.broadcast_to(TRUMP, (k, 78)),
        np.broadcast_to(np.where(TRUMP, CARDS / 20, 0), (k, 78)),
        np.broadcast_to(RANK / 13, (k, 78)),
        np.broadcast_to(HALF / 9, (k, 78)),
        wins,
        wins * points[:, None],
        np.broadcast_to(EXCUSE, (k, 78)),
        wins & taker[:, None],
        wins & last,
        leading & TRUMP,
        leading * HALF / 9,
    ]
    return np.stack(columns, axis=2).astype(np.float64)


def random_choice(mask: NDArray[np.bool_], rng: np.random.Generator) -> NDArray[np.int64]:
    """A random legal id per row."""
    choice: NDArray[np.int64] = (rng.random(mask.shape) * mask).argmax(axis=1)
    return choice


class Run(NamedTuple):
    """What a run of :func:`play` gives: seat 0's score in each deal, and the weights."""

    scores: NDArray[np.float64]
    weights: NDArray[np.float64]


def play(
    deals: int,
    weights: NDArray[np.float64] | None,
    *,
    learn: bool,
    seed: int,
    n: int = 256,
    rate: float = 0.1,
) -> Run:
    """Play ``deals`` deals with seat 0's cards chosen by ``weights`` (``None``: at random).

    With ``learn``, each finished deal moves the weights by REINFORCE: the sum over seat
    0's card choices of the gradient of their log-probability, times the deal's score
    less a running baseline (scaled down by 100).
    """
    env = VectorEnv(n, rules=RULES, seed=seed)
    rng = np.random.default_rng(seed)
    theta = np.zeros(len(FEATURES)) if weights is None else weights.copy()
    traces = np.zeros((n, len(FEATURES)))
    baseline = 0.0
    scores: list[float] = []
    step: VectorStep = env.reset()
    while len(scores) < deals:
        choice = random_choice(step.mask, rng)
        # The bidding is fixed: seat 0 takes a Petite, the others pass; no slam is announced.
        phase = step.observation[:, AT["phase"] : AT["phase"] + 7].argmax(axis=1)
        choice[phase == BIDDING] = np.where(step.current[phase == BIDDING] == 0, 1, 0)
        choice[phase == SLAM] = 0
        mine = np.flatnonzero((step.current == 0) & step.mask[:, PLAY:].any(axis=1))
        if weights is not None and len(mine):
            legal = step.mask[mine, PLAY:]
            phi = features(step.observation[mine])
            logits = np.where(legal, phi @ theta, -np.inf)
            probs = np.exp(logits - logits.max(axis=1, keepdims=True))
            probs /= probs.sum(axis=1, keepdims=True)
            cards = (rng.random(len(mine))[:, None] < probs.cumsum(axis=1)).argmax(axis=1)
            choice[mine] = PLAY + cards
            if learn:
                expected = (probs[:, :, None] * phi).sum(axis=1)
                traces[mine] += phi[np.arange(len(mine)), cards] - expected
        step = env.step(choice)
        ended = np.flatnonzero(step.done)
        if len(ended):
            result = step.rewards[ended, 0].astype(float)
            scores += result.tolist()
            if learn:
                advantage = (result - baseline) / 100
                theta += rate * (advantage[:, None] * traces[ended]).mean(axis=0)
                baseline += 0.01 * (result.mean() - baseline)
            traces[ended] = 0
    return Run(np.array(scores[:deals]), theta)


def interval(scores: NDArray[np.float64]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    return float(scores.mean()), float(1.96 * scores.std(ddof=1) / np.sqrt(len(scores)))


def svg_curve(points: list[tuple[int, float]], baseline: float, path: Path) -> None:
    """Draw the learning curve (deals, mean score) as an SVG line chart."""
    width, height, margin = 640, 360, 60
    xs = [x for x, _ in points]
    ys = [y for _, y in points] + [baseline]
    low, high = min(ys) - 5, max(ys) + 5

    def at(x: float, y: float) -> str:
        px = margin + (x - xs[0]) / max(xs[-1] - xs[0], 1) * (width - 2 * margin)
        py = height - margin - (y - low) / (high - low) * (height - 2 * margin)
        return f"{px:.1f},{py:.1f}"

    line = " ".join(at(x, y) for x, y in points)
    chance = f"{at(xs[0], baseline)} {at(xs[-1], baseline)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<polyline points="{chance}" stroke="#999" stroke-dasharray="4 4" fill="none"/>',
        f'<text x="{width - margin}" y="{float(chance.split(",")[-1]) - 6}" '
        'text-anchor="end" fill="#666">random card play</text>',
        f'<polyline points="{line}" stroke="#1f6feb" stroke-width="2" fill="none"/>',
        f'<text x="{width / 2}" y="{height - 15}" text-anchor="middle">deals played '
        "while learning</text>",
        f'<text x="15" y="{height / 2}" transform="rotate(-90 15 {height / 2})" '
        'text-anchor="middle">seat 0 mean score per deal</text>',
        f'<text x="{width / 2}" y="25" text-anchor="middle">Policy gradient against three '
        "random players (four-player Tarot)</text>",
    ]
    for value in (low, high):
        x, y = at(xs[0], value).split(",")
        parts.append(
            f'<text x="{float(x) - 6}" y="{float(y) + 4}" text-anchor="end">{value:.0f}</text>'
        )
    for value in (xs[0], xs[-1]):
        x, y = at(value, low).split(",")
        parts.append(f'<text x="{x}" y="{float(y) + 18}" text-anchor="middle">{value:,}</text>')
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n")


def main(argv: list[str] | None = None) -> None:
    """Train, evaluate, print the weights and draw the curve."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    rounds, per_round, evaluation = (4, 1500, 3000) if args.quick else (20, 3000, 20000)
    weights = np.zeros(len(FEATURES))
    curve = []
    for number in range(rounds):
        run = play(per_round, weights, learn=True, seed=number)
        weights = run.weights
        curve.append(((number + 1) * per_round, float(run.scores.mean())))
        print(f"{(number + 1) * per_round:7,} deals: mean score {run.scores.mean():7.1f}")
    learned = interval(play(evaluation, weights, learn=False, seed=1000).scores)
    chance = interval(play(evaluation, None, learn=False, seed=1000).scores)
    print(
        f"learned: {learned[0]:.1f} +- {learned[1]:.1f} a deal; random: "
        f"{chance[0]:.1f} +- {chance[1]:.1f} ({evaluation:,} deals each)"
    )
    for name, value in zip(FEATURES, weights, strict=True):
        print(f"  {name:32} {value:+.2f}")
    svg_curve(curve, chance[0], HERE / "_static" / "learning-curve.svg")


if __name__ == "__main__":
    main()
