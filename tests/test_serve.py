"""``geomill serve``'s HTTP API without a browser: a problem's answer and figure, errors at their line,
downloads, the request limits, paging and filtering a dataset, and never a file outside the served folder."""
from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from geomill.dsl import parse
from geomill.solvers import solve

from geomill.serve.app import keywords
from tests.serve_fixtures import running_server, synthetic_folder, write_run

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "geomverse_c.geo"


def call(url: str, body: dict | bytes | None = None, headers: dict | None = None) -> tuple[int, bytes, str]:
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers.get("Content-Type", "")


def api(url: str, body: dict | None = None) -> dict:
    """The answer; of a problem's JSON lines (what is ready early, then the whole), the last."""
    return json.loads(call(url, body)[1].splitlines()[-1])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    root = tmp_path_factory.mktemp("served")
    synthetic_folder(root / "ds", 250, shard_size=100)
    write_run(root / "run", ["test-0000000", "test-0000001"], "test-0000001")
    synthetic_folder(root / "bad", 3, shard_size=3)
    shard = root / "bad" / "test" / "shard-00000.jsonl"
    lines = shard.read_text(encoding="utf-8").splitlines()
    shard.write_text("\n".join([lines[0], '{"id": "torn', lines[2]]) + "\n", encoding="utf-8")
    outside = tmp_path_factory.mktemp("outside")
    (outside / "secret.png").write_bytes(b"the secret bytes")
    os.symlink(outside / "secret.png", root / "ds" / "test" / "images" / "link.png")
    os.symlink(outside, root / "escape")
    with running_server(root) as base:
        yield base, root


def test_a_problem_gives_the_solvers_answer_and_an_svg_figure(served):
    base, _ = served
    text = EXAMPLE.read_text(encoding="utf-8")
    got = api(base + "/api/problem", {"text": text, "options": {"annotation": "individual", "values": "text"}})
    sol = solve(parse(text))
    assert (got["answer"], got["depth"], got["width"]) == (sol.answer, sol.depth, sol.width)
    assert got["solution"] == sol.text() and got["solution_latex"] == sol.text(style="latex")
    assert got["figure"]["svg"].lstrip().startswith("<?xml") and "<svg" in got["figure"]["svg"]


def test_an_error_names_its_line_and_column_and_the_next_problem_still_solves(served):
    base, _ = served
    got = api(base + "/api/problem", {"text": "square ABCD\nAB = 3\nAB = 3 3\n", "options": {}})
    assert got["error"]["line"] == 3 and got["error"]["col"] >= 1
    assert got["error"]["where"].startswith("problem.geo:3:")
    assert "figure" not in got
    assert api(base + "/api/problem", {"text": "square ABCD\nAB = 3\nfind BC\n", "options": {}})["answer"] == 3


def test_a_textbook_problem_sends_its_figure_before_its_proof(served):
    base, _ = served
    text = "points A B C\ntriangle ABC right at C\nAC = 6\nBC = 8\nfind AB\n"
    first, last = (json.loads(x) for x in call(base + "/api/problem", {"text": text, "options": {}})[1].splitlines())
    assert first["partial"] and first["figure"]["png"] and abs(first["measured"] - 10) < 1e-6
    assert "partial" not in last and last["answer"] == 10 and last["exact_form"] == "10" and last["figure"]


def test_downloads_are_the_files_they_say(served):
    base, _ = served
    body = {"text": "square ABCD\nAB = 3\nfind area ABCD\n", "options": {}}
    status, png, ctype = call(base + "/api/download/png", body)
    assert status == 200 and ctype == "image/png" and png.startswith(b"\x89PNG")
    status, svg, ctype = call(base + "/api/download/svg", body)
    assert status == 200 and b"<svg" in svg
    record = json.loads(call(base + "/api/download/record", body)[1])
    assert record["answer"] == 9 and record["dsl"] == body["text"]
    # shape lines alone read as plane geometry (the one reading rule): its record is the plane solver's;
    # GeomVerse's reading (a composite shape) has its question in words too
    assert "question_text_only" not in record and record["exact_form"] == "9"
    composite = {"text": "ABCD: rectangle + semicircle on DA\nAB = 10\nBC = 4\nfind area ABCD\n", "options": {}}
    assert "question_text_only" in json.loads(call(base + "/api/download/record", composite)[1])
    status, bad, _ = call(base + "/api/download/svg", {"text": "square ABCD\nfind\n", "options": {}})
    assert status == 422 and json.loads(bad)["error"]["line"] == 2


def test_requests_are_bounded_and_bad_ones_refused(served):
    base, _ = served
    meta = api(base + "/api/meta")
    big = b'{"text": "' + b"x" * meta["max_body"] + b'"}'
    assert call(base + "/api/problem", big)[0] == 413
    assert call(base + "/api/problem", b"not json")[0] == 400
    assert call(base + "/api/problem", {"text": 3})[0] == 400
    assert call(base + "/api/download/exe", {"text": "", "options": {}})[0] == 404


def test_keywords_come_from_the_language():
    words = keywords()
    assert {"find", "square", "angle", "parallel", "midpoint", "tangent", "clockwise"} <= set(words)
    assert all(w.isalpha() and w.islower() for w in words)


def test_a_dataset_is_paged_from_its_shards(served):
    base, _ = served
    page = api(base + "/api/records?path=ds&offset=90&limit=20")
    assert page["total"] == 250
    assert [r["id"] for r in page["records"]] == [f"test-{i:07d}" for i in range(90, 110)]
    assert page["records"][0]["image"] == "ds/test/images/figure.png"
    status, png, ctype = call(base + "/api/file?path=" + page["records"][0]["image"])
    assert status == 200 and png.startswith(b"\x89PNG")
    assert [r["id"] for r in api(base + "/api/records?path=ds&offset=240&limit=50")["records"]][-1] == "test-0000249"


def test_a_torn_line_spoils_only_its_own_record(served):
    base, _ = served
    records = api(base + "/api/records?path=bad")["records"]
    assert [r["id"] for r in records] == ["test-0000000", "shard-00000.jsonl:2", "test-0000002"]


def test_filters_use_the_facet_index(served):
    base, _ = served
    url = base + "/api/records?path=ds&limit=200&depth=2&family=triangle&task=count"
    page = api(url)
    for _ in range(100):
        if not page.get("indexing"):
            break
        page = api(url)
    want = [i for i in range(250) if 1 + i % 3 == 2 and i % 3 == 1 and "triangle" in
            (("square", "triangle", "semicircle", "parallelogram", "sector")[i % 5],
             ("square", "triangle", "semicircle", "parallelogram", "sector")[(i // 5) % 5])]
    assert page["total"] == len(want) and [r["id"] for r in page["records"]] == [f"test-{i:07d}" for i in want]
    facets = api(base + "/api/facets?path=ds")
    assert facets["depth"] == [1, 2, 3] and facets["task"] == ["claims", "count", "geomverse"]


def test_a_run_puts_the_response_and_its_grade_beside_each_record(served):
    base, _ = served
    folders = api(base + "/api/folders")
    assert folders["datasets"] == ["bad", "ds"] and folders["runs"] == ["run"]
    records = api(base + "/api/records?path=ds&limit=3&run=run")["records"]
    assert records[1]["run"]["grade"]["first_wrong_step"] == 1 and "7.25" in records[1]["run"]["response"]
    assert records[0]["run"]["grade"] is None and records[2]["run"] is None


@pytest.mark.parametrize("path", ["../outside/secret.png", "/etc/passwd.png", "ds/test/images/link.png",
                                  "escape/secret.png", "ds/../../secret.png"])
def test_no_file_outside_the_served_folder_is_read(served, path):
    base, _ = served
    status, body, _ = call(base + "/api/file?" + urllib.parse.urlencode({"path": path}))
    assert status in (403, 404) and b"the secret bytes" not in body


def test_only_figures_are_served_and_folders_stay_inside(served):
    base, _ = served
    assert call(base + "/api/file?path=ds/manifest.txt")[0] == 403
    assert call(base + "/api/records?path=escape")[0] == 403
    assert call(base + "/api/records?path=..")[0] == 403


def test_a_problem_past_its_time_is_stopped_and_the_server_goes_on(tmp_path):
    with running_server(None, timeout=0.05) as base:
        got = api(base + "/api/problem", {"text": "square ABCD\nAB = 3\nfind BC\n", "options": {}})
        assert "stopped after" in got["error"]["message"]
        assert call(base + "/api/download/png", {"text": "square ABCD\nAB = 3\nfind BC\n", "options": {}})[0] == 503
        assert call(base + "/api/meta")[0] == 200
        assert call(base + "/api/folders")[0] == 403  # no --data: nothing to browse
