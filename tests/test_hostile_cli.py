"""The bad-input table: each hostile input to each command ends with its exit status and one line
naming the file, line or flag (never a traceback, never ``internal error``), within a time bound:
no command hangs on an unwritable path or a cluster that cannot hold the run."""
from __future__ import annotations

import contextlib
import errno
import io
import json
import shutil
import signal
import time
from pathlib import Path

import pytest
from geomill.dataset.files import atomic_open, write_text

from geomill.cli import main

from .evaldata import make_dataset

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "geomverse_c.geo")
TIME_LIMIT = 60  # seconds for any one case (most take well under one)


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """A folder of hostile inputs beside a small generated dataset (``ds``)."""
    d = tmp_path_factory.mktemp("hostile")
    make_dataset(d / "ds", n=2, image_size=128)
    (d / "empty").mkdir()
    (d / "a_file").write_text("x")
    (d / "empty.geo").write_text("")
    (d / "bytes.geo").write_bytes(b"\xff\xfe triangle ABC\n")
    (d / "longlit.geo").write_text("triangle ABC right at A\nAB = " + "9" * 10_000 + "\nAC = 3\nfind BC\n")
    (d / "longname.geo").write_text("triangle A" + "B" * 10_000 + " right at A\nfind BC\n")
    digits = "9" * 5000
    (d / "huge.json").write_text('{"points": {"A": [' + digits + ', 0], "B": [1, 0], "C": [0, 1]}, '
                                 '"lines": [["A", "B"], ["B", "C"], ["C", "A"]]}')
    scene = {"points": {"A": [0, 0], "B": [4, 0], "C": [0, 3]}, "lines": [["A", "B"], ["B", "C"], ["C", "A"]]}
    (d / "s.json").write_text(json.dumps(scene))
    (d / "deep.jsonl").write_text('{"id": 1, "scene": ' + "[" * 100_000 + "]" * 100_000 + ', "claim": "x"}\n'
                                  + json.dumps({"id": 2, "scene": "s.json", "claim": "there is a triangle ABC"}) + "\n")
    first = json.dumps({"id": 1, "scene": "s.json", "claim": "there is a triangle ABC"}).encode()
    third = json.dumps({"id": 3, "scene": "s.json", "claim": "AB : AC = 2"}).encode()
    (d / "bytes.jsonl").write_bytes(first + b"\n\xff\xfe\n" + third + b"\n")

    def item(i, **kw):
        return json.dumps({"id": str(i), "response": "The answer is 5.", "answer": 5, "response_type": "number", **kw})

    (d / "ok.jsonl").write_text(item(1) + "\n" + item(2) + "\n")
    (d / "big_answer.jsonl").write_text('{"id": "1", "response": "5", "answer": 1' + "0" * 400
                                        + ', "response_type": "number"}\n')
    (d / "dup.jsonl").write_text(item(1) + "\n" + item(1) + "\n" + item(2) + "\n")
    (d / "multi_num.jsonl").write_text(item(1, response_type="multi", options=["a", "b"]) + "\n" + item(2) + "\n")
    rid = json.loads((d / "ds" / "test" / "shard-00000.jsonl").read_text().splitlines()[0])["id"]
    (d / "paren.jsonl").write_text(json.dumps({"id": rid, "response": "AB = " + "(" * 50_000 + "1"
                                               + ")" * 50_000 + " = 1. " + "\\boxed{" * 30_000}) + "\n")
    for name, manifest in (("notjson", "{bad"), ("list", "[1, 2]"), ("noname", '{"parts": [{}]}'),
                           ("escape", '{"parts": [{"name": "../../etc", "split": "test"}]}')):
        shutil.copytree(d / "ds" / "test", d / f"man_{name}" / "test")
        (d / f"man_{name}" / "manifest.json").write_text(manifest)
    shutil.copytree(d / "ds", d / "torn")
    with open(d / "torn" / "test" / "shard-00000.jsonl", "a") as fh:
        fh.write('{"id": "torn", "dsl": ' + "[" * 5000 + "\n")
    shutil.copytree(d / "ds", d / "no_answer")
    shard = d / "no_answer" / "test" / "shard-00000.jsonl"
    rows = [json.loads(x) for x in shard.read_text().splitlines()]
    del rows[0]["answer"]
    shard.write_text("".join(json.dumps(r) + "\n" for r in rows))
    (d / "gen_garbage").mkdir()
    (d / "gen_garbage" / "manifest.json").write_text("[]")
    (d / "dir.png").mkdir()
    return d


# (args with {d} for the folder, exit status, what the one line must say)
CASES = [
    # writes that cannot be made: at once, with the path and the reason (it used to loop forever)
    (["render", EXAMPLE, "-o", "/proc/r.png"], 1, "cannot write /proc/r.png"),
    (["render", EXAMPLE, "-o", "{d}/r.png", "--labels", "/proc/x.json"], 1, "cannot write /proc/x.json"),
    (["render", EXAMPLE, "-o", "{d}/dir.png"], 1, "dir.png"),
    (["stats", "{d}/ds", "--plot", "/proc/x.png"], 1, "cannot write /proc/x.png"),
    (["score", "{d}/ok.jsonl", "--out", "/proc"], 1, "/proc"),
    (["score", "{d}/ok.jsonl", "--out", "{d}/a_file"], 1, "a_file"),
    (["eval", "{d}/ds", "--backend", "oracle", "--out", "{d}/a_file"], 1, "a_file"),
    (["eval", "{d}/ds", "--backend", "oracle", "--out", "/dev/full"], 1, "/dev/full"),
    (["grade", "{d}/paren.jsonl", "--dataset", "{d}/ds", "--out", "/dev/full"], 1, "/dev/full"),
    # a Ray run that could never start: refused before Ray waits for GPUs it will not get
    (["eval", "{d}/ds", "--backend", "ray-vllm", "--model", "M", "--out", "{d}/rv"], 1, "needs vllm"),
    # readers of hostile files
    (["check", "{d}/huge.json", "there is a triangle ABC"], 1, "huge.json: point A must be [x, y]"),
    (["check", "--batch", "{d}/missing.jsonl"], 1, "missing.jsonl"),
    (["score", "{d}/big_answer.jsonl", "--out", "{d}/s1"], 1, "big_answer.jsonl:1:1: answer inf is not finite"),
    (["score", "{d}/dup.jsonl", "--out", "{d}/s2"], 1, "dup.jsonl:2:1: id '1' is already on line 1"),
    (["score", "{d}/multi_num.jsonl", "--out", "{d}/s3"], 1, "multi_num.jsonl:1:1: a multi answer is a list"),
    (["score", "{d}/empty", "--out", "{d}/s4"], 1, "empty"),
    (["eval", "{d}/man_notjson", "--backend", "oracle", "--out", "{d}/e1"], 1, "manifest.json:1:2: not JSON"),
    (["eval", "{d}/man_list", "--backend", "oracle", "--out", "{d}/e2"], 1, "manifest.json: not a geomill manifest"),
    (["eval", "{d}/man_noname", "--backend", "oracle", "--out", "{d}/e3"], 1,
     "manifest.json: the field 'name' is missing"),
    (["eval", "{d}/man_escape", "--backend", "oracle", "--out", "{d}/e4"], 1, "is not a plain folder name"),
    (["eval", "{d}/torn", "--backend", "oracle", "--out", "{d}/e5"], 1, "shard-00000.jsonl:3:"),
    (["eval", "{d}/no_answer", "--backend", "oracle", "--out", "{d}/e6"], 1, "): no answer"),
    (["stats", "{d}/man_list"], 1, "manifest.json: not a geomill manifest"),
    (["stats", "{d}/empty"], 1, "not a folder written by geomill generate"),
    (["lint", "{d}/empty"], 1, "not a folder written by geomill generate"),
    (["graph", "{d}/empty.geo"], 1, "declares no shape"),
    (["solve", "{d}/bytes.geo"], 1, "bytes.geo: not UTF-8"),
    (["solve", "{d}/longlit.geo"], 1, "longlit.geo:2:6: number 9999"),
    (["solve", "{d}/longname.geo"], 1, "characters cut"),
    (["generate", "-n", "1", "--out", "{d}/gen_garbage"], 1, "manifest.json: not a geomill manifest"),
    # flags: the same validation on every command, NaN and infinity included
    (["generate", "-n", "1", "--image-size", "0", "--out", "{d}/g"], 2, "argument --image-size: must be between"),
    (["generate", "--preset", "paper", "--scale", "0", "--out", "{d}/g"], 2, "argument --scale"),
    (["generate", "--preset", "paper", "--scale", "-1", "--out", "{d}/g"], 2, "argument --scale"),
    (["generate", "-n", "1", "--p-branch", "nan", "--out", "{d}/g"], 2, "argument --p-branch"),
    (["generate", "-n", "1", "--part", "../../etc", "--out", "{d}/runs/out/r"], 2, "argument --part"),
    (["generate", "--splits", "train=0", "--out", "{d}/g"], 1, "--splits"),
    (["perceive", "--scale", "0", "--out", "{d}/p"], 2, "argument --scale"),
    (["perceive", "--part", "a/b", "--out", "{d}/p"], 2, "argument --part"),
    (["eval", "{d}/ds", "--backend", "oracle", "--temperature", "nan", "--out", "{d}/e"], 2, "argument --temperature"),
    (["eval", "{d}/ds", "--backend", "oracle", "--max-tokens", "-5", "--out", "{d}/e"], 2, "argument --max-tokens"),
    (["eval", "{d}/ds", "--backend", "oracle", "--timeout", "inf", "--out", "{d}/e"], 2, "argument --timeout"),
    (["render", EXAMPLE, "-o", "{d}/r.png", "--size", "0"], 2, "argument --size"),
    (["render", EXAMPLE, "-o", "{d}/r.png", "--opacity", "nan"], 1, "opacity"),
    (["check", EXAMPLE, "AB : BC = 2", "--tolerance", "nan"], 1, "--tolerance"),
]


def run(args: list[str], timeout: int = TIME_LIMIT) -> tuple[int, str, str, float]:
    """``geomill ARGS`` in this process: exit status, stdout, stderr, seconds; a hang fails the test."""
    out, err = io.StringIO(), io.StringIO()

    def hang(*_):
        raise TimeoutError(f"geomill {' '.join(args)[:200]} ran past {timeout} s")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(timeout)
    start = time.monotonic()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main(args)
            except SystemExit as exc:
                rc = exc.code
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return rc, out.getvalue(), err.getvalue(), time.monotonic() - start


@pytest.mark.parametrize("args, status, says", CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_bad_input_gets_one_line_and_its_exit_status(place, args, status, says):
    rc, _, err, _ = run([a.replace("{d}", str(place)) for a in args])
    lines = err.strip().splitlines()
    assert rc == status, err
    assert "Traceback" not in err and "internal error" not in err
    assert len(lines) == 1 or all(line.startswith("error:") for line in lines), err
    assert says in lines[-1] or any(says in line for line in lines), err
    assert max(map(len, lines)) <= 700  # a runaway input is quoted cut short


def test_part_names_never_leave_the_output_folder(place):
    run(["generate", "-n", "1", "--part", "../../etc", "--out", str(place / "runs" / "out" / "r")])
    assert not (place / "etc").exists() and not (place / "runs" / "etc").exists()


def test_check_batch_goes_on_past_deep_and_undecodable_lines(place):
    for name, bad_line in (("deep.jsonl", 1), ("bytes.jsonl", 2)):
        rc, out, err, _ = run(["check", "--batch", str(place / name)])
        verdicts = [json.loads(x) for x in out.splitlines()]
        assert rc == 0 and len(verdicts) == (2 if name == "deep.jsonl" else 3)
        assert f"{name}:{bad_line}:" in verdicts[bad_line - 1]["error"]
        assert all(v["truth"] is not None for i, v in enumerate(verdicts) if i != bad_line - 1)
        assert "1 of" in err and "error verdict" in err


def test_grade_goes_on_past_a_runaway_response(place):
    rc, _, err, seconds = run(["grade", str(place / "paren.jsonl"), "--dataset", str(place / "ds"), "--out",
                               str(place / "graded")])
    assert rc == 0 and "1 responses graded" in err and seconds < 30
    row = json.loads((place / "graded" / "graded.jsonl").read_text())
    assert row["final_correct"] is False


def test_score_goes_on_and_counts_the_bad_lines(place):
    rc, out, err, _ = run(["score", str(place / "dup.jsonl"), "--out", str(place / "scored")])
    assert rc == 1 and "1 bad line(s) skipped" in err
    report = json.loads((place / "scored" / "report.json").read_text())
    assert report["n"] == 2 and report["bad_lines"] == 1


def test_an_atomic_write_into_an_impossible_place_fails_at_once(tmp_path):
    start = time.monotonic()
    for target in ("/proc/geomill-test.txt", str(tmp_path / "a_file" / "x.txt"), "/dev/full/x"):
        (tmp_path / "a_file").write_text("")
        with pytest.raises(OSError, match="cannot write"):
            write_text(target, "x")
    assert time.monotonic() - start < 5
    with pytest.raises(OSError, match=f"cannot write {tmp_path / 'full.txt'}: No space left"):
        with atomic_open(tmp_path / "full.txt") as fh:  # the disk fills while the block writes
            fh.write("x")
            raise OSError(errno.ENOSPC, "No space left on device")
    assert not list(tmp_path.glob("*full.txt*"))


def test_ray_resources_are_checked_before_an_actor_waits_forever(monkeypatch):
    ray = pytest.importorskip("ray")
    from geomill.engine.errors import GeomillError
    from geomill.evaluate.backends.ray import check_resources

    monkeypatch.setattr(ray, "cluster_resources", lambda: {"CPU": 2.0})
    start = time.monotonic()
    with pytest.raises(GeomillError, match="has 0 GPU, but the run asks 2 GPU"):
        check_resources({"GPU": 2, "CPU": 1})
    with pytest.raises(GeomillError, match="after waiting 0.2 s"):
        check_resources({"GPU": 1}, wait_s=0.2, poll_s=0.05)
    assert time.monotonic() - start < 5
    offered = iter([{"CPU": 2.0}, {"CPU": 2.0, "GPU": 1.0}])  # an autoscaler adds a GPU node
    monkeypatch.setattr(ray, "cluster_resources", lambda: next(offered))
    check_resources({"GPU": 1}, wait_s=5, poll_s=0.01)


def test_grade_gives_a_response_it_cannot_read_an_error_verdict_and_goes_on(place, monkeypatch, tmp_path):
    from geomill.evaluate.grading import grade as grading

    real = grading.grade
    rid = json.loads((place / "paren.jsonl").read_text())["id"]
    responses = tmp_path / "two.jsonl"
    responses.write_text(json.dumps({"id": rid, "response": "CRASH"}) + "\n"
                         + json.dumps({"id": rid, "response": "The answer is 5."}) + "\n")

    def fragile(record, text, key=None):  # a reader that fails on one response (as a deep one once did)
        if text == "CRASH":
            raise RecursionError("maximum recursion depth exceeded")
        return real(record, text, key)

    monkeypatch.setattr(grading, "grade", fragile)
    rc, _, err, _ = run(["grade", str(responses), "--dataset", str(place / "ds"), "--out", str(tmp_path / "g")])
    rows = [json.loads(x) for x in (tmp_path / "g" / "graded.jsonl").read_text().splitlines()]
    assert rc == 0 and "2 responses graded" in err
    assert rows[0]["failure"] == "other"
    assert "two.jsonl:1: cannot grade this response (RecursionError" in rows[0]["reason"]
    assert rows[1]["steps"] and rows[1]["final_answer"] == 5.0
