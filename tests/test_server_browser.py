"""The table server in a real browser: Chromium, headless, driven by Playwright.

The test opens the lobby, opens a table of one human and bots, follows the human's link,
plays a whole deal by clicking the highlighted cards and the buttons, and checks that the
score the page shows is the score of the deal in the match record it downloads. It runs at
3, 4 and 5 seats and saves a screenshot of each table (to pytest's tmp dir, or to the
folder named by ``FRENCHTAROT_SCREENSHOTS``).

Marked ``browser``; skipped without Playwright, uvicorn or Chromium at /usr/bin/chromium
(Debian's package; Playwright's own browsers are not used).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

import uvicorn
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.match import Match
from frenchtarot.server import Settings, create_app

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium"),
]
DEADLINE = 180.0


@contextlib.contextmanager
def live_server(settings: Settings) -> Iterator[str]:
    """Serve the app with uvicorn on 127.0.0.1 (a free port) in a thread, for one test."""
    config = uvicorn.Config(
        create_app(settings), host="127.0.0.1", port=0, log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    began = time.monotonic()
    while not server.started:
        assert thread.is_alive() and time.monotonic() - began < 20, "the server did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(20)


def shots(tmp_path: Path) -> Path:
    folder = os.environ.get("FRENCHTAROT_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path
    path.mkdir(parents=True, exist_ok=True)
    return path


#: How long the page may take to show the next view (the bots think, and a loaded CI host
#: runs the rest of the suite beside the browser): a bound on waiting, not on speed.
WAIT_MS = 120_000


def version(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.version || ''"))


def wait_for_change(page: Page, before: str, folder: Path) -> None:
    """Until the page shows a newer view than ``before``, or an error.

    Should it wait in vain, it saves a screenshot (``stalled-*.png``) and says what the page
    showed: its status, phase, turn and connection.
    """
    try:
        page.wait_for_function(
            "before => (document.body.dataset.version || '') !== before"
            " || document.getElementById('problem').textContent !== ''",
            arg=before,
            timeout=WAIT_MS,
        )
    except PlaywrightTimeoutError as error:
        shown = page.evaluate(
            "({...document.body.dataset,"
            " connection: document.getElementById('connection').dataset.state || ''})"
        )
        page.screenshot(path=str(folder / f"stalled-{before}.png"), full_page=True)
        raise AssertionError(
            f"no new view after version {before}: the page shows {shown}"
        ) from error
    problem = page.text_content("#problem")
    assert not problem, f"the page shows an error: {problem}"


def take_turn(page: Page) -> None:
    """Click what a player would: a bid when bidding, else a highlighted card, else a button."""
    phase = page.evaluate("document.body.dataset.phase")
    buttons = page.locator("#actions button[data-notation]")
    notations = [buttons.nth(n).get_attribute("data-notation") for n in range(buttons.count())]
    cards = page.locator("#picture [data-action]")
    if phase == "bidding":
        bids = [n for n, notation in enumerate(notations) if notation != "pass"]
        buttons.nth(bids[0] if bids else 0).click()
    elif cards.count():
        card = cards.first
        box = card.bounding_box()
        assert box is not None
        card.click(position={"x": 4, "y": box["height"] / 2})  # the uncovered left edge
    else:
        buttons.first.click()


@pytest.mark.parametrize("seats", [4, 3, 5])
def test_a_whole_deal_in_the_browser(seats: int, tmp_path: Path) -> None:
    settings = Settings(bot_samples=4, bot_delay=0.05)
    with live_server(settings) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 960}, accept_downloads=True)
            page.set_default_timeout(WAIT_MS)
            page.goto(f"{base}/?lang=en")
            page.wait_for_selector("body[data-ready=yes]")
            page.check(f'input[name="seats"][value="{seats}"]')
            page.check("#deals-other")
            page.fill("#deals-count", "1")
            page.fill("#name-0", "Alice")
            kinds = [page.input_value(f"#kind-{seat}") for seat in range(seats)]
            assert kinds == ["human"] + ["bot"] * (seats - 1)
            page.click("#create")
            page.wait_for_selector("#open-seat-0")
            link = page.get_attribute("#open-seat-0", "href")
            assert link is not None and "#token=" in link and "lang=en" in link
            page.goto(link)
            page.wait_for_selector("#picture svg")
            shot = shots(tmp_path) / f"table-{seats}.png"
            began = time.monotonic()
            clicks = 0
            while page.evaluate("document.body.dataset.status") != "match_over":
                assert time.monotonic() - began < DEADLINE, "the deal did not end in time"
                before = version(page)
                status = page.evaluate("document.body.dataset.status")
                if status == "deal_over":  # a deal everybody passed: deal again
                    page.click("#next")
                elif page.evaluate("document.body.dataset.turn") == "mine":
                    if not shot.exists() and _worth_a_picture(page):
                        page.evaluate("window.scrollTo(0, 0)")
                        page.screenshot(path=str(shot))
                    take_turn(page)
                    clicks += 1
                wait_for_change(page, before, shot.parent)
            assert clicks >= 10
            shown = {
                int(row.get_attribute("data-player") or -1): int(
                    (row.locator(".delta").text_content() or "").replace("+", "")
                )
                for row in page.locator("#breakdown tr[data-player]").all()
            }
            totals = [
                int((cell.text_content() or "").replace("+", ""))
                for cell in page.locator("#sheet tfoot td[data-player]").all()
            ]
            with page.expect_download() as download:
                page.click("#download")
            match = records.loads(Path(download.value.path()).read_text(encoding="utf-8"))
            assert isinstance(match, Match) and match.is_over and match.names[0] == "Alice"
            deal = match.deals[-1]
            assert shown == dict(enumerate(ft.score(deal).deltas))
            assert totals == list(match.sheet.totals)
            if not shot.exists():
                page.screenshot(path=str(shot))
        finally:
            browser.close()


def _worth_a_picture(page: Page) -> bool:
    """Mid-play with cards on the table: the moment to take the screenshot."""
    return bool(
        page.evaluate(
            "document.body.dataset.phase === 'play'"
            " && document.querySelectorAll('#picture g.table g[data-card]').length >= 2"
        )
    )
