"""The pictures of docs/pictures.md: drawn by this version, and small enough.

Redraw them with ``python -m tests.test_svg_docs`` (the screenshots need Chromium).
"""

from __future__ import annotations

import math
import random
import re
import subprocess
from pathlib import Path

import frenchtarot as ft
from frenchtarot import FIVE_PLAYER, apply, legal_actions, observe, svg
from tests.test_svg import parse

DOCS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "pictures.md"
_RAW_BLOCK = re.compile(r"(```\{raw\} html\n<!-- (\w+) -->\n)(.*?)(```)", re.DOTALL)


def docs_pictures() -> dict[str, str]:
    """The pictures embedded in docs/pictures.md, drawn as the page says they are."""
    state = ft.new_deal(seed=2)
    rng = random.Random(2)
    while len(state.history) < 33:
        state = apply(state, rng.choice(legal_actions(state)))
    last = state.tricks[-1]
    return {
        "observation": svg.observation(observe(state, 1), width=640),
        "trick": svg.trick(last.cards, last.leader, 4, winner=last.winner, size=72),
    }


DOCS_SCREENSHOTS = DOCS_PAGE.parent / "_static" / "pictures"
CHROMIUM = Path("/usr/bin/chromium")


def docs_screenshots() -> dict[str, str]:
    """The pictures docs/pictures.md shows as screenshots, drawn as the page says they are."""
    state = ft.new_deal(seed=2)
    rng = random.Random(2)
    while len(state.history) < 33:
        state = apply(state, rng.choice(legal_actions(state)))
    three = ft.new_deal(seed=1, rules=ft.THREE_PLAYER)
    for word in ("garde", "pass", "pass"):
        three = apply(three, ft.parse_action(word, three))
    five = ft.new_deal(seed=2, rules=FIVE_PLAYER)
    rng = random.Random(2)
    while len(five.history) < 28:
        five = apply(five, rng.choice(legal_actions(five)))
    return {
        "three-ecart": svg.observation(
            observe(three, 1), width=700, names=["Zoé", "Bertrand", "Anne"]
        ),
        "four-play-fr-dark": svg.observation(
            observe(state, 1),
            width=700,
            names=["Ana", "Basile", "Chloé", "Dominique"],
            lang="fr",
            theme="dark",
        ),
        "five-play": svg.observation(
            observe(five, 1), width=700, names=["Alice", "Bob", "Chloé", "Denis", "Émile"]
        ),
    }


def screenshot(picture: str, png: Path) -> None:
    """A PNG of ``picture`` taken by headless Chromium."""
    svg_file = png.with_suffix(".svg")
    svg_file.write_text(picture, encoding="utf-8")
    root = parse(picture)
    width, height = (math.ceil(float(root.get(key, 0))) for key in ("width", "height"))
    subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--screenshot={png}",
            f"--window-size={width},{height}",
            svg_file.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    svg_file.unlink()


def redraw_docs_pictures() -> None:
    """Draw the pictures of docs/pictures.md again: ``python -m tests.test_svg_docs``.

    The screenshots need Chromium at /usr/bin/chromium.
    """
    pictures = docs_pictures()
    text = DOCS_PAGE.read_text(encoding="utf-8")
    text = _RAW_BLOCK.sub(lambda m: m[1] + pictures[m[2]] + "\n" + m[4], text)
    DOCS_PAGE.write_text(text, encoding="utf-8")
    if CHROMIUM.exists():
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for name, picture in docs_screenshots().items():
            screenshot(picture, DOCS_SCREENSHOTS / f"{name}.png")


def test_the_screenshots_in_the_docs_are_there_and_small() -> None:
    text = DOCS_PAGE.read_text("utf-8")
    shown = re.findall(r"\]\(_static/pictures/([\w-]+)\.png\)", text)
    assert sorted(shown) == sorted(docs_screenshots())
    for name in shown:
        png = DOCS_SCREENSHOTS / f"{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert png.stat().st_size < 150_000


def test_the_pictures_in_the_docs_are_drawn_by_this_version() -> None:
    embedded = {m[2]: m[3].strip() for m in _RAW_BLOCK.finditer(DOCS_PAGE.read_text("utf-8"))}
    assert embedded == docs_pictures(), "redraw them with: python -m tests.test_svg_docs"
    for picture in embedded.values():
        parse(picture)


if __name__ == "__main__":
    redraw_docs_pictures()
