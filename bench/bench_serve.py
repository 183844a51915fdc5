"""The playground's and dataset page's speeds (docs/playground.md), measured in headless Chromium:

* a problem's figure and answer: from the last keystroke (the one that completes the text) to the
  page showing the new answer, the editor's debounce included; GeomVerse problems (examples/*.geo,
  goal < 300 ms) and textbook ones (examples/textbook, goal < 1 s);
* a dataset page of 50 records on a synthetic folder of 100,000 records (written straight as
  records in a temporary folder, no generator run): the page opened, and pages deep inside it.

    python bench/bench_serve.py [--records N] [--workers W]

Without Chromium (or Playwright) it measures the same requests over HTTP instead, with the
debounce added, and says so.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve_fixtures import synthetic_folder  # noqa: E402

CHROMIUM = os.environ.get("GEOMILL_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DEBOUNCE_MS = 80  # playground.js's DEBOUNCE_MS
# each change of the page's "updated" mark (a problem shown; " partial": its figure before its proof)
# or "page" mark (a dataset page shown): when, and to what
WATCH = """() => { window.shown = []; new MutationObserver(() => window.shown.push(
  [performance.now(), document.body.dataset.updated || ""])).observe(document.body,
  {attributes: true, attributeFilter: ["data-updated", "data-page"]}); }"""


def problems() -> list[tuple[str, str, str]]:
    """(kind, name, text) of every bundled example."""
    out = [("geomverse", p.stem, p.read_text(encoding="utf-8")) for p in sorted((ROOT / "examples").glob("*.geo"))]
    folder = ROOT / "examples" / "textbook"
    return out + [("textbook", p.stem, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.geo"))]


def summary(name: str, ms: list[float], goal: float) -> str:
    over = sum(m > goal for m in ms)
    return (f"{name}: n={len(ms)} median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms, "
            f"{over} over the {goal:.0f} ms goal")


def last_keystroke(page, before: str, key: str, after: str = "") -> tuple[float, float]:
    """Milliseconds from typing ``key`` (the text ``before`` + key + ``after`` then complete) to the
    page showing its first figure and answer (a textbook problem's: measured on its figure) and its
    proven answer; the text without the key is put in first and its answer waited for."""
    page.locator("#source").fill(before + after)
    page.wait_for_timeout(DEBOUNCE_MS + 50)
    page.wait_for_function("!document.querySelector('#status').classList.contains('busy')", timeout=60_000)
    page.evaluate(f"() => {{ const t = document.querySelector('#source'); t.focus(); "
                  f"t.setSelectionRange({len(before)}, {len(before)}); }}")
    page.evaluate(WATCH)
    t0 = page.evaluate("performance.now()")
    page.keyboard.type(key)
    page.wait_for_function("window.shown.some(([, v]) => !v.endsWith('partial'))", timeout=60_000)
    shown = page.evaluate("window.shown")
    return shown[0][0] - t0, next(t for t, v in shown if not v.endswith("partial")) - t0


def in_browser(base: str, folder: str, total: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        page.goto(base + "/")
        page.wait_for_selector("#answer-value", timeout=60_000)
        times: dict[str, list[float]] = {}
        for kind, name, text in problems():
            text = text.rstrip("\n")
            first = last_keystroke(page, text[:-1], text[-1])
            # then an edit: the last given value's last digit changed (a new problem of the same shapes)
            m = list(re.finditer(r"=[^\n]*(\d)[ \t]*$", text, re.M))[-1]
            digit = str((int(m.group(1)) + 1) % 10 or 1)
            edit = last_keystroke(page, text[:m.end(1) - 1], digit, text[m.end(1):])
            answer = page.locator("#answer-value").inner_text() if page.locator("#answer-value").count() else "-"
            for how, (shown, proved) in (("first", first), ("edit", edit)):
                times.setdefault(f"{kind} {how}", []).append(shown)
                times.setdefault(f"{kind} {how} proof", []).append(proved)
            print(f"  {kind:9} {name:28} first {first[0]:6.0f} ms (proof {first[1]:6.0f}), "
                  f"edited {edit[0]:6.0f} ms (proof {edit[1]:6.0f}); answer {answer}")
        for key, goal in (("geomverse", 300), ("textbook", 1000)):
            for how, words in (("first", "first time"), ("edit", "a value edited")):
                print(summary(f"{key} problems, last keystroke to figure and answer, {words}",
                              times[f"{key} {how}"], goal))
                if key == "textbook":
                    print(summary(f"{key} problems, last keystroke to the proof, {words}",
                                  times[f"{key} {how} proof"], goal))

        t0 = time.perf_counter()
        page.goto(f"{base}/dataset?folder={folder}")
        page.wait_for_function("document.body.dataset.page === '0:50'", timeout=60_000)
        page.wait_for_load_state("load")
        first = 1000 * (time.perf_counter() - t0)
        print(f"dataset page of 50 records, {total:,}-record folder: opened (navigation to records and figures "
              f"shown) in {first:.0f} ms")
        deep = []
        for offset in sorted({50, total // 2 - 50, total - 100}):
            page.evaluate(f"state.offset = {offset}")
            page.evaluate(WATCH)
            t0 = page.evaluate("performance.now()")
            page.click("#next")
            page.wait_for_function("window.shown.length > 0", timeout=60_000)
            ms = page.evaluate("window.shown[0][0]") - t0
            deep.append(ms)
            print(f"  next page to records {offset + 50:,}-{offset + 100:,}: {ms:.0f} ms")
        print(summary("dataset pages of 50 records", [first, *deep], 1000))
        browser.close()


def over_http(base: str, folder: str, total: int) -> None:
    def post(text: str) -> float:
        req = urllib.request.Request(base + "/api/problem", json.dumps({"text": text, "options": {}}).encode())
        t0 = time.perf_counter()
        urllib.request.urlopen(req).read()
        return 1000 * (time.perf_counter() - t0)

    times: dict[str, list[float]] = {"geomverse": [], "textbook": []}
    for kind, _, text in problems():
        times[kind].append(DEBOUNCE_MS + post(text))
    print(summary("GeomVerse problems, debounce + request", times["geomverse"], 300))
    print(summary("textbook problems, debounce + request", times["textbook"], 1000))
    pages = []
    for offset in (0, total // 2, total - 50):
        t0 = time.perf_counter()
        urllib.request.urlopen(f"{base}/api/records?path={folder}&offset={offset}&limit=50").read()
        pages.append(1000 * (time.perf_counter() - t0))
    print(summary("dataset pages of 50 records (request only)", pages, 1000))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    import threading

    from geomill.serve.app import make_server

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        synthetic_folder(Path(tmp) / "big", args.records, shard_size=100)
        print(f"synthetic folder of {args.records:,} records written in {time.perf_counter() - t0:.1f} s")
        server = make_server("127.0.0.1", 0, Path(tmp), workers=args.workers)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            import playwright  # noqa: F401

            browser = os.path.exists(CHROMIUM)
        except ImportError:
            browser = False
        if browser:
            in_browser(base, "big", args.records)
        else:
            print(f"(no Chromium at {CHROMIUM} or no Playwright: timing the requests over HTTP)")
            over_http(base, "big", args.records)
        server.shutdown()
        server.app.pool.close()


if __name__ == "__main__":
    main()
