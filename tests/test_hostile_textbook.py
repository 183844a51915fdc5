"""The hostile-input table of the textbook surfaces (the general language's ``solve``, ``render``,
``scene``; ``import formalgeo`` and ``--records``): each case ends with its exit status and one line
(never a traceback or ``internal error``) within a time bound; nothing is written outside ``--out``,
no valid item is lost; and hypothesis-generated large and degenerate problems and CDL are read or
refused in bounded time (docs/limits.md; bench/hostile_textbook.py replays the cases from the shell)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from geomill.dataset import sources
from geomill.dsl import parse
from geomill.engine.errors import GeomillError
from geomill.generate.formalgeo import Unsupported, convert, header
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .test_hostile_cli import run

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "data" / "formalgeo_sample.jsonl"
TRIANGLE = "triangle ABC\nAB = 3\nAC = 4\nangle BAC = 90\nfind BC\n"
SECONDS = 10  # any one case, in this process (most take well under one)


def names(n: int) -> str:
    return " ".join(f"P{i}" for i in range(1, n + 1))


def similar_chain(n: int) -> str:
    lines = [f"triangle A{i}B{i}C{i}" for i in range(1, n + 1)]
    lines += [f"A{i}B{i}C{i} similar to A{i + 1}B{i + 1}C{i + 1}" for i in range(1, n)]
    return "\n".join(lines + ["A1B1 = 3", "B1C1 = 4", "A1C1 = 5", f"A{n}B{n} = 6", f"find B{n}C{n}"]) + "\n"


def sample_rows() -> list[dict]:
    return [json.loads(x) for x in SAMPLE.read_text().splitlines()]


def gzip_of(path: Path, chunk: bytes, total: int, head: bytes = b"", tail: bytes = b"") -> None:
    """A gzip file that expands to ``head + chunk * n + tail`` (``total`` bytes of chunks), made in pieces."""
    comp = zlib.compressobj(1, zlib.DEFLATED, 31)
    block = chunk * max(1, (1 << 20) // len(chunk))
    with open(path, "wb") as fh:
        fh.write(comp.compress(head))
        left = total
        while left > 0:
            fh.write(comp.compress(block[:left]))
            left -= min(left, len(block))
        fh.write(comp.compress(tail) + comp.flush())


def strict(text: str):
    """JSON with NaN and infinity refused."""
    def no(c):
        raise ValueError(f"not strict JSON: {c}")
    return json.loads(text, parse_constant=no)


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    d = tmp_path_factory.mktemp("textbook_hostile")
    files = {"p300.geo": f"points {names(300)}\n{TRIANGLE}", "line500.geo": f"line {names(500)}\n{TRIANGLE}",
             "gon300.geo": f"polygon {names(300).replace(' ', '')}\n{TRIANGLE}",
             "cw200.geo": f"clockwise {names(200).replace(' ', '')}\n{TRIANGLE}",
             "sim30.geo": similar_chain(30), "sim10.geo": similar_chain(10),
             "circles60.geo": "".join(f"circle O{i} through A B\n" for i in range(1, 61)) + "AB = 2\nfind O1A\n",
             "points190k.geo": "points " + " ".join(f"{chr(65 + i % 26)}{i}" for i in range(30_000)) + "\n" + TRIANGLE,
             "trig.geo": "triangle ABC\nAB = 3\nAC = 4\nangle BAC = " + "sin(" * 45 + "1" + ")" * 45 + "\nfind BC\n",
             "tri.geo": "points A B C\ntriangle ABC\nAB = 3\nBC = 4\nCA = 5\nfind angle ABC\n",
             "div0.geo": "triangle ABC\nAB = 3\nBC = 3\nCA = 5\nfind CA / (AB - BC)\n",
             "quintic.geo": "triangle ABC right at A\nAB = 3\nAC = 4\nBC = x^5 - x + 1\nfind x\n",
             "acos.geo": "points A B C\ntriangle ABC\nAB = 2\nBC = 2\nCA = 3\nfind angle ABC\n"}
    for name, text in files.items():
        (d / name).write_text(text)
    os.mkfifo(d / "fifo.geo")
    os.mkfifo(d / "fifo.jsonl")
    (d / "fifodir").mkdir()
    os.mkfifo(d / "fifodir" / "x.json")
    (d / "fifodir" / "ok.jsonl").write_text(SAMPLE.read_text())
    gzip_of(d / "lines.jsonl.gz", b"\n", 2 * sources.MAX_LINES)
    gzip_of(d / "spaces.json.gz", b" ", sources.MAX_WHOLE + (1 << 20), head=b"[", tail=b"]")
    rows = sample_rows()
    bad = [{**rows[1], "problem_id": 10 ** 249 + 7},
           {**rows[1], "problem_id": 901, "problem_answer": "80\nAB = 1000\nfind AB"},
           {**rows[1], "problem_id": 902, "source": "x\nAB = 1000"},
           {**rows[1], "problem_id": 903, "problem_level": float("nan")},
           {**rows[1], "problem_id": 904, "goal_cdl": "Value(MeasureOfAngle(ACMB))"},
           {**rows[1], "problem_id": 905, "construction_cdl": ["Shape(" + "A" * 3_000 + ",BC,CA)"]},
           {**rows[2], "problem_id": rows[0]["problem_id"]}]
    (d / "bad.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows + bad))
    (d / "self").mkdir()
    (d / "self" / "p.jsonl").write_text(SAMPLE.read_text())
    (d / "geo_esc").mkdir()
    (d / "geo_esc" / "1.geo").write_text("# FormalGeo7k problem /../../../escaped_R/pwned (x), level 1\n# answer: 5\n"
                                         "points A B C\ntriangle ABC right at A\nAB = 3\nAC = 4\nfind BC\n")
    return d


CASES = [  # (args with {d}, exit status, what the one line says)
    (["solve", "{d}/p300.geo"], 1, "p300.geo:1:1: more than 48 points"),
    (["solve", "{d}/line500.geo"], 1, "more than 24 points on one line"),
    (["scene", "{d}/line500.geo", "--json"], 1, "points on one line"),
    (["render", "{d}/gon300.geo", "-o", "{d}/o/gon.png"], 1, "more than 32 polygon sides"),
    (["solve", "{d}/cw200.geo"], 1, "points in a turning chain"),
    (["solve", "{d}/sim30.geo"], 1, "more than 48 points"),
    (["solve", "{d}/sim10.geo", "--timeout", "0.5"], 1, "the figure search gave up after 0.5 s"),
    (["solve", "{d}/circles60.geo"], 1, "more than 16 circles"),
    (["solve", "{d}/points190k.geo"], 1, "more than 48 points"),
    (["solve", "{d}/trig.geo"], 1, "trig.geo:4:48: functions nested deeper than 8"),
    (["solve", "{d}/fifo.geo"], 1, "a FIFO, not a file"),
    (["render", "{d}/fifo.geo", "-o", "{d}/o/f.png"], 1, "a FIFO, not a file"),
    (["solve", "/dev/zero"], 1, "a device, not a file"),
    (["import", "formalgeo", "{d}/fifo.jsonl", "--out", "{d}/o/i1"], 1, "a FIFO, not a file"),
    (["import", "formalgeo", "/dev/zero", "--out", "{d}/o/i2"], 1, "a device, not a file"),
    (["import", "formalgeo", "/dev/zero", "--out", "{d}/o/i3", "--records"], 1, "a device, not a file"),
    (["import", "formalgeo", str(SAMPLE), "--out", "{d}/o/t", "--timeout", "nan"], 2, "argument --timeout"),
    (["import", "formalgeo", str(SAMPLE), "--out", "{d}/o/t", "--timeout", "inf"], 2, "argument --timeout"),
    (["import", "formalgeo", str(SAMPLE), "--out", "{d}/o/t", "--timeout", "1e300"], 2, "argument --timeout"),
    (["import", "formalgeo", str(SAMPLE), "--out", "{d}/o/t", "--limit", "-1"], 2, "argument --limit"),
    (["import", "formalgeo", str(SAMPLE), "--out", "{d}/o/t", "--workers", "0"], 2, "argument --workers"),
    (["solve", "{d}/tri.geo", "--timeout", "-1"], 2, "argument --timeout"),
    (["render", "{d}/tri.geo", "-o", "{d}/o/r.png", "--line-width", "0"], 1, "line width"),
    (["render", "{d}/tri.geo", "-o", "{d}/o/r.png", "--line-width", "inf"], 1, "line width"),
    (["render", "{d}/tri.geo", "-o", "{d}/o/r.png", "--opacity", "2"], 1, "opacity"),
    (["render", "{d}/tri.geo", "-o", "{d}/o/r.png", "--opacity", "nan"], 1, "opacity"),
    (["render", "{d}/tri.geo", "-o", "{d}/o/r.png", "--font-size", "1000"], 1, "font size"),
    (["render", "{d}/tri.geo", "-o", "{d}/o/r.png", "--seed", "-1"], 2, "argument --seed"),
    (["scene", "{d}/tri.geo", "--seed", "-1"], 2, "argument --seed"),
    (["render", "{d}/tri.geo", "-o", "{d}/o/same.png", "--labels", "{d}/o/same.png"], 1, "is the image -o writes"),
    (["solve", "{d}/div0.geo"], 1, "the goal divides by AB - BC, which is 0"),
    (["import", "formalgeo", "{d}/self", "--out", "{d}/self", "--no-model"], 1, "is the source"),
]


@pytest.mark.parametrize("args, status, says", CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_hostile_textbook_input_gets_one_line_and_its_exit_status(place, args, status, says):
    start = time.process_time()
    rc, _, err, _ = run([a.replace("{d}", str(place)) for a in args], timeout=60)
    lines = err.strip().splitlines()
    assert rc == status, err
    assert "Traceback" not in err and "internal error" not in err
    assert len(lines) == 1, err
    assert says in lines[0], err
    assert time.process_time() - start < SECONDS


def test_answers_are_numbers_and_odd_roots_are_no_internal_error(place, capsys):
    rc, out, err, _ = run(["solve", str(place / "acos.geo")])
    assert rc == 0 and "answer: 97.1808   exact: 97.1808" in out, out + err  # not 180*acos(-1/8)/pi
    rc, out, err, _ = run(["solve", str(place / "quintic.geo")])
    assert rc == 0 and "answer: 1.40119" in out, out + err  # a root of x^5 - x - 4 (sympy's CRootOf)


def test_bombs_and_special_files_in_a_source_are_items_with_their_reason(place):
    got = dict(sources.read_items(place / "fifodir"))
    assert got["x.json"] == "a FIFO, not a file: not read"
    assert sum(isinstance(v, dict) for v in got.values()) == 5
    ((where, why),) = list(sources.read_items(place / "lines.jsonl.gz"))
    assert "more than 1,000,000 lines" in why
    ((where, why),) = list(sources.read_items(place / "spaces.json.gz"))
    assert "more than 67,108,864 bytes" in why


def test_a_huge_line_in_a_gzip_source_is_one_bad_item_and_the_next_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_ITEM", 20_000)
    row = json.dumps(sample_rows()[0]).encode()
    gzip_of(tmp_path / "x.jsonl.gz", b"a" * 100, 100_000, head=b'{"x": "', tail=b'"}\n' + row + b"\n")
    items = list(sources.read_items(tmp_path / "x.jsonl.gz"))
    assert items[0] == ("x.jsonl.gz:1", "a line longer than 20,000 bytes")
    assert items[1][0] == "x.jsonl.gz:2" and items[1][1]["problem_id"] == 100


def test_an_import_keeps_every_valid_item_writes_only_inside_out_and_strict_json(place):
    out = place / "o" / "bad"
    rc, _, err, _ = run(["import", "formalgeo", str(place / "bad.jsonl"), "--out", str(out), "--no-model"])
    assert rc == 0 and "Traceback" not in err, err
    report = strict((out / "import_report.json").read_text())
    reasons = {e.get("problem_id"): e.get("reason") for e in report["problems_report"] if not e["ok"]}
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted([f"{r['problem_id']}.geo" for r in sample_rows()] + ["901.geo", "902.geo", "903.geo",
                                                                                    "import_report.json"])
    assert "is not a whole number from 0" in next(r for k, r in reasons.items() if str(k).startswith("1000"))
    assert "names 4 points, not 3" in reasons[904] and "(3,000 characters)" in reasons[905]
    assert "duplicate problem_id" in reasons[rows0 := sample_rows()[0]["problem_id"]] and rows0 == 100
    for name in ("901.geo", "902.geo", "903.geo"):
        text = (out / name).read_text()
        assert not [line for line in text.splitlines() if "1000" in line and not line.startswith("#")]
        assert all(line.startswith("#") for line in text.splitlines()[:2])
        assert parse(text, name).goal is not None
    assert "level nan" in (out / "903.geo").read_text()


def test_header_fields_never_add_a_line():
    row = {**sample_rows()[1], "problem_answer": "80\r\nAB = 1000\u2028find AB", "source": "a\nb",
           "problem_level": "1\n2"}
    assert header(row).count("\n") == 2


def test_an_out_folder_is_replaced_whole_and_never_holds_a_users_files(place):
    out = place / "o" / "stale"
    out.mkdir(parents=True)
    for i in range(150):
        (out / f"{i}.geo").write_text("points A B\nfind AB\n")
    rc, _, err, _ = run(["import", "formalgeo", str(SAMPLE), "--out", str(out), "--no-model", "--limit", "3"])
    assert rc == 0, err
    assert sorted(p.name for p in out.glob("*.geo")) == sorted(f"{r['problem_id']}.geo" for r in sample_rows()[:3])
    assert not list(out.parent.glob(".stale.*"))  # no staging folder left
    (out / "notes.txt").write_text("mine")
    rc, _, err, _ = run(["import", "formalgeo", str(SAMPLE), "--out", str(out), "--no-model"])
    assert rc == 1 and "holds notes.txt" in err and (out / "notes.txt").read_text() == "mine"


def test_records_of_a_geo_whose_header_names_a_path_stay_inside_out(place):
    out = place / "o" / "esc" / "r"
    rc, _, err, _ = run(["import", "formalgeo", str(place / "geo_esc"), "--out", str(out), "--records",
                         "--workers", "1", "--no-images"])
    assert rc == 0, err
    assert not any((place / "o" / "esc").glob("**/escaped_R")) and not Path("/escaped_R").exists()
    assert {p.parent for p in out.rglob("*")} <= {out, out / "textbook", out / "textbook" / "images"}
    shard = (out / "textbook" / "shard-00000.jsonl").read_text().splitlines()
    assert [strict(x)["id"] for x in shard] == ["textbook-1"]


def test_the_records_journal_resumes_and_starts_afresh_for_other_options(tmp_path):
    from geomill.dataset.journal import Journal

    j = Journal(tmp_path / "j", {"a": 1})
    j.add({"where": "f:1", "ok": True, "png": b"\x89PNG", "labels": b"[]", "record": {"x": 1}})
    j.add({"where": "f:2", "ok": False, "reason": "no model"})
    j.entries(["f:1"])
    with open(tmp_path / "j" / "entries.jsonl", "a") as fh:
        fh.write('{"where": "f:3", "ok"')  # torn by a kill
    again = Journal(tmp_path / "j", {"a": 1})
    assert again.done() == {"f:1", "f:2"}
    (e1, e2) = again.entries(["f:2", "f:1"])
    assert e2["png"].read_bytes() == b"\x89PNG" and e1["reason"] == "no model"
    assert Journal(tmp_path / "j", {"a": 2}).done() == set()


# the child's own high-water mark (VmHWM: its address space's, which exec starts afresh, where ru_maxrss
# keeps the forked test process's size) and its children's, written by the child as it exits
_PEAK = ("import atexit, resource, runpy, sys\n"
         "out = sys.argv.pop(1)\n"
         "def peak():\n"
         "    hwm = [int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM:')]\n"
         "    kb = max(hwm + [resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss])\n"
         "    open(out, 'w').write(str(kb))\n"
         "atexit.register(peak)\n"
         "sys.argv[0] = 'geomill'\n"
         "runpy.run_module('geomill', run_name='__main__')\n")


def _child(args: list[str], seconds: float, interrupt_when: Callable[[], bool] | None = None
           ) -> tuple[int, str, float]:
    """``geomill ARGS`` in a child process: exit status, stderr, peak resident MB of that child (and of
    the processes it waited for), as the child itself reads it when it exits; with ``interrupt_when``,
    Ctrl-C as soon as it holds (polled: a fixed sleep lands at another stage on a busy machine)."""
    fd, peak_file = tempfile.mkstemp()
    os.close(fd)
    proc = subprocess.Popen([sys.executable, "-c", _PEAK, peak_file, *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    if interrupt_when is not None:
        until = time.monotonic() + seconds
        while proc.poll() is None and not interrupt_when() and time.monotonic() < until:
            time.sleep(0.05)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does: the whole group
    try:
        err = proc.communicate(timeout=seconds)[1].decode()
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"geomill {' '.join(args)} ran past {seconds} s")
    text = Path(peak_file).read_text()
    os.unlink(peak_file)
    return proc.returncode, err, int(text) / 1024 if text else 0.0


def test_a_line_of_500_points_and_a_gzip_of_a_million_lines_stay_small(place):
    rc, err, mb = _child(["render", str(place / "line500.geo"), "-o", str(place / "o" / "l.png")], 30)
    assert rc == 1 and "points on one line" in err and 0 < mb < 1024
    rc, err, mb = _child(["import", "formalgeo", str(place / "lines.jsonl.gz"), "--out", str(place / "o" / "gz"),
                          "--no-model"], 30)
    assert rc == 0 and "Traceback" not in err, err
    assert 0 < mb < 1024


def test_ctrl_c_ends_an_import_with_one_line_and_no_worker_traceback(place):
    # the sample 20 times over (new ids): still importing when Ctrl-C comes, however fast the machine, which is
    # sent once the journal holds a first problem (the workers are up and the parent is reading their results);
    # a Ctrl-C that lands while the workers start is not seen (they are started deaf to it), so the import may
    # finish, and a fixed 2.5 s wait landed there on a loaded machine (the whole import ran: 89 s in CI)
    rows = [json.loads(line) for line in SAMPLE.read_text().splitlines() if line.strip()]
    many = place / "many.jsonl"
    journal = place / "o" / ".intr.records" / "journal" / "entries.jsonl"  # (the staging folder of --out o/intr)
    many.write_text("".join(json.dumps({**r, "problem_id": 100_000 * k + int(r["problem_id"])}) + "\n"
                            for k in range(1, 21) for r in rows))
    rc, err, _ = _child(["import", "formalgeo", str(many), "--out", str(place / "o" / "intr"), "--records",
                         "--workers", "2", "--no-images"], 300, interrupt_when=lambda: journal.is_file() and
                         journal.stat().st_size > 0)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert rc in (0, 130), err


# ---------------------------------------------------------------- hypothesis: large and degenerate problems

POINT = st.builds(lambda c, n: f"{c}{n}", st.sampled_from("ABCDEFGHOPQ"), st.sampled_from(["", "1", "2", "10", "'"]))


@st.composite
def general_problem(draw) -> str:
    """A general problem that is large (many points, long lines, polygons, chains, circles) or degenerate
    (repeated points, a value nested deep, huge or tiny numbers)."""
    lines = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["points", "line", "polygon", "clockwise", "circle", "similar", "value"]))
        pts = draw(st.lists(POINT, min_size=1, max_size=draw(st.sampled_from([3, 30, 80]))))
        if kind in ("points", "line"):
            lines.append(f"{kind} {' '.join(pts)}")
        elif kind in ("polygon", "clockwise"):
            lines.append(f"{kind} {''.join(pts)}")
        elif kind == "circle":
            lines += [f"circle O{i} through {' '.join(pts[:3])}" for i in range(draw(st.integers(1, 30)))]
        elif kind == "similar":
            lines.append(f"{''.join(pts[:3])} similar to {''.join(pts[3:6]) or 'ABC'}")
        else:
            f = draw(st.sampled_from(["sin(", "cos(", "sqrt(", "("]))
            depth = draw(st.integers(0, 60))
            num = draw(st.sampled_from(["1", "10^10", "10^-10", "0", "999999999", "0.000000000000001"]))
            lines.append(f"{''.join(pts[:2]) if len(pts) > 1 else 'AB'} = {f * depth}{num}{')' * depth}")
    lines.append(draw(st.sampled_from(["find AB", "find angle ABC", "find x", "find 1 / (AB - AB)"])))
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(general_problem())
def test_large_and_degenerate_general_problems_are_read_or_refused_at_once(text):
    start = time.process_time()
    try:
        parse(text, "big.geo")
    except GeomillError as exc:
        assert str(exc).startswith("big.geo:") and "\n" not in str(exc)
    assert time.process_time() - start < 2.0


CDL_WORDS = ["Shape(AB,BC,CA)", "Shape(" + "A" * 300 + ")", "Collinear(ABCDEFGHIJKLMNOPQRSTUVWXYZ)",
             "Cocircular(O,ABC)", "Equal(LengthOfLine(AB),1e999)", "Equal(MeasureOfAngle(ABCD),30)",
             "Equal(LengthOfLine(AB)," + "Add(" * 60 + "1" + ")" * 60 + ")", "ParallelBetweenLine(AB,CD)",
             "Equal(LengthOfLine(AB),x**10+x)", "Equal(Div(LengthOfLine(AB),0),1)", "Similar(", ")))", "",
             "Equal(LengthOfLine(AB),Sin(Sin(Sin(Sin(Sin(Sin(Sin(Sin(Sin(Sin(1)))))))))))"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(CDL_WORDS), max_size=6), st.lists(st.sampled_from(CDL_WORDS), max_size=6),
       st.sampled_from(["Value(LengthOfLine(AB))", "Value(MeasureOfAngle(ACMB))", "Value(", "Value(x)", "Relation"]),
       st.one_of(st.integers(-5, 10 ** 15), st.floats(), st.text(max_size=5)))
def test_cdl_converts_or_is_refused_with_a_reason(construction, text, goal, pid):
    start = time.process_time()
    problem = {"problem_id": pid, "construction_cdl": construction, "text_cdl": text, "image_cdl": [],
               "goal_cdl": goal}
    try:
        geo, parsed = convert(problem)
        assert parse(geo, "x.geo") == parsed
    except Unsupported as exc:
        assert str(exc) and "\n" not in str(exc)
    assert time.process_time() - start < 3.0


@st.composite
def within_limits(draw) -> str:
    """A general problem inside every size limit but large for the figure search: many points, long
    lines, circles through many of them, similar triangles named with digits."""
    n = draw(st.integers(3, 48))
    pts = [f"Q{i}" for i in range(n)]
    lines = ["points " + " ".join(pts)]
    for _ in range(draw(st.integers(0, 4))):
        lines.append("line " + " ".join(draw(st.permutations(pts))[:draw(st.integers(2, min(n, 24)))]))
    if draw(st.booleans()) and n > 4:
        lines.append(f"circle O through {' '.join(pts[:draw(st.integers(1, min(n, 24)))])}")
    if n >= 6 and draw(st.booleans()):
        lines.append(f"{''.join(pts[:3])} similar to {''.join(pts[3:6])}")
    value = draw(st.sampled_from(["3", "10^9", "10^-9", "x", "sqrt(2)"]))
    lines += [f"{pts[0]}{pts[1]} = {value}", f"find {pts[1]}{pts[2]}"]
    return "\n".join(lines) + "\n"


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(within_limits())
def test_a_large_problem_within_the_limits_is_solved_or_refused_within_its_budget(text):
    from geomill.engine import budget
    from geomill.engine.errors import SolveError
    from geomill.solvers.plane import solve_general

    try:
        problem = parse(text, "large.geo")
    except GeomillError:
        return
    start = time.process_time()
    try:
        with budget.limits(0.3):
            solve_general(problem)
    except SolveError as exc:
        assert "\n" not in str(exc)
    assert time.process_time() - start < 3.0
