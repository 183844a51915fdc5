"""``geomill serve`` in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

Type a problem and see its figure and answer appear; break it and see the error at its line; page
through a dataset of 1,000 records.  Skipped, saying why, where Playwright or Chromium is missing
(CI installs Chromium: ``.ci/run``); nothing is downloaded here.
"""
from __future__ import annotations

import os
import shutil

import pytest

from tests.serve_fixtures import running_server, synthetic_folder

CHROMIUM = os.environ.get("GEOMILL_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (or set GEOMILL_CHROMIUM)",
                allow_module_level=True)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    root = tmp_path_factory.mktemp("browse")
    synthetic_folder(root / "thousand", 1000, shard_size=100)
    with running_server(root) as base, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # (the page's Content-Security-Policy forbids evaluating strings, which the probes below are)
        pg = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.base = base  # type: ignore[attr-defined]
        yield pg
        browser.close()
        assert not errors, errors


def _type_problem(pg, text: str) -> None:
    editor = pg.locator("#source")
    editor.fill("")
    editor.press_sequentially(text, delay=5)


def test_typing_a_problem_shows_its_figure_and_answer(page):
    page.goto(page.base + "/")
    page.wait_for_selector("#answer-value", timeout=60_000)  # the first example, solved by a cold worker
    _type_problem(page, "rectangle ABCD\nAB = 6\nBC = 8\nfind area ABCD")
    page.wait_for_function("document.querySelector('#answer-value') && "
                           "document.querySelector('#answer-value').textContent === '48'", timeout=30_000)
    assert page.locator("#figure img").count() == 1  # shape lines alone are plane geometry: the plain figure
    assert "48" in page.locator("#solution").inner_text()
    assert page.locator("#highlight .kw", has_text="rectangle").count() == 1  # the language's keywords
    assert page.locator("#gutter span").count() == 4


def test_an_error_is_shown_at_its_line(page):
    page.locator("#source").press("End")
    page.locator("#source").type(" +")  # line 4: "find area ABCD +"
    page.wait_for_selector("#highlight .err-line", timeout=30_000)
    assert page.locator("#highlight .err-line").get_attribute("data-line") == "4"
    assert page.locator("#gutter .err-mark").inner_text() == "4"
    assert page.locator("#status").inner_text().startswith("problem.geo:4:")


def test_a_textbook_example_is_drawn_and_proved(page):
    page.select_option("#examples", "parallel_lines")
    page.wait_for_function("document.querySelector('#answer-value') && "
                           "document.querySelector('#answer-value').textContent === '65'", timeout=60_000)
    assert page.locator("#figure img").count() == 1  # the plain figure, from the numeric model
    assert page.locator("#status").inner_text() == "solved"
    assert page.locator("#highlight .err-line").count() == 0


def test_paging_through_a_dataset_of_a_thousand_records(page):
    page.goto(page.base + "/dataset")
    page.wait_for_selector("article.record", timeout=30_000)
    assert page.locator("#range").inner_text() == "1–50 of 1,000"
    assert page.locator("article.record").first.get_attribute("data-id") == "test-0000000"
    for _ in range(3):
        page.click("#next")
    page.wait_for_function("document.body.dataset.page === '150:50'", timeout=30_000)
    assert page.locator("article.record").first.get_attribute("data-id") == "test-0000150"
    assert page.locator("article.record img").first.evaluate("img => img.complete && img.naturalWidth") > 0
    page.select_option("#limit", "100")
    page.wait_for_function("document.body.dataset.page === '0:100'", timeout=30_000)
    page.wait_for_function("document.querySelector('#f-depth').options.length > 1", timeout=30_000)
    page.select_option("#f-depth", "3")
    page.wait_for_function("document.querySelector('#range').textContent.endsWith('of 333')", timeout=30_000)
    assert page.locator("article.record").nth(1).get_attribute("data-id") == "test-0000005"
