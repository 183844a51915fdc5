"""Scoring, random baselines, bootstrap intervals, reports and the score/report commands."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from geomill.evaluate.answers.report import build_report, compare, csv_text, markdown, write_report
from geomill.evaluate.answers.score import bootstrap_ci, numbers_agree, random_baseline, score_item

from geomill.cli import main

# ---------------------------------------------------------------- one item


@pytest.mark.parametrize("pred,gold,ok", [
    (97.0, 100, True), (103.0, 100, True), (96.9, 100, False), (103.1, 100, False),
    (-97.0, -100, True), (97.0, -100, False), (28.69, 28.56, True),
    (0.004, 0, True), (-0.005, 0, True), (0.006, 0, False),
])
def test_relaxed_accuracy(pred, gold, ok):
    assert numbers_agree(pred, gold) is ok


def item(response, answer, rtype="number", **extra):
    return {"id": "x", "response": response, "answer": answer, "response_type": rtype, **extra}


def test_score_each_type():
    assert score_item(item("The final answer is 28.7", 28.69))["correct"] is True
    assert score_item(item("The final answer is 30", 28.69))["correct"] is False
    got = score_item(item("Final answer: (B)", "b", "choice", options=["a", "b", "c"]))
    assert got["extracted"] == "b" and got["correct"] is True
    got = score_item(item("Final answer: 0.5", "a", "choice", options={"a": "0.5", "b": "2"}))
    assert got["correct"] is True
    assert score_item(item("False.", False, "truefalse"))["correct"] is True
    assert score_item(item("True", "false", "truefalse"))["correct"] is False
    got = score_item(item("(c), (a)", ["a", "c"], "multi", options=["a", "b", "c", "d"]))
    assert got["extracted"] == ["a", "c"] and got["correct"] is True
    assert score_item(item("a, b, c", "a,c", "multi", options=["a", "b", "c", "d"]))["correct"] is False


def test_failed_extraction_is_wrong_and_counted():
    got = score_item(item("I cannot determine the angle from the figure.", 45))
    assert got["extraction_failed"] is True and got["correct"] is False and got["extracted"] is None
    assert json.loads(json.dumps(got)) == got


@pytest.mark.parametrize("bad,message", [
    (item("a", "z", "choice", options=["a", "b"]), "not one of the options"),
    (item("a", "a", "choice"), "needs 'options'"),
    (item("5", "five"), "not a number"),
    (item("5", 5, "essay"), "response_type"),
    (item("yes", "maybe", "truefalse"), "true or false"),
])
def test_unscorable_items_say_why(bad, message):
    with pytest.raises(ValueError, match=message):
        score_item(bad)


def test_random_baseline_from_the_options():
    assert random_baseline(item("", "a", "choice", options=["a", "b", "c", "d", "e"])) == 0.2
    assert random_baseline(item("", "a", "choice", options={"a": "x", "b": "y", "c": "z"})) == pytest.approx(1 / 3)
    assert random_baseline(item("", True, "truefalse")) == 0.5
    assert random_baseline(item("", ["a"], "multi", options=["a", "b", "c", "d"])) == 1 / 16  # VisOnlyQA's 6.2 %
    assert random_baseline(item("", 5.0)) == 0.0


# ---------------------------------------------------------------- bootstrap

def test_bootstrap_is_seeded_and_matches_resampling_by_hand():
    correct = [True] * 30 + [False] * 20
    assert bootstrap_ci(correct, seed=3) == bootstrap_ci(correct, seed=3)
    lo, hi = bootstrap_ci(correct)
    assert lo < 0.6 < hi
    rng = np.random.default_rng(1)
    arr = np.array(correct, dtype=float)
    by_hand = arr[rng.integers(0, len(arr), (10_000, len(arr)))].mean(axis=1)
    assert np.quantile(by_hand, 0.025) == pytest.approx(lo, abs=0.03)
    assert np.quantile(by_hand, 0.975) == pytest.approx(hi, abs=0.03)
    wide = bootstrap_ci([True, False] * 10)
    narrow = bootstrap_ci([True, False] * 1000)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]


# ---------------------------------------------------------------- reports

def _items(n=60, seed=0):
    """Synthetic scored-able items: accuracy falls with depth, some choices and True/False."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        depth = 1 + k % 3
        gold = round(rng.uniform(1, 100), 2)
        right = rng.random() < 1 / depth
        response = f"Therefore the final answer is {gold if right else round(gold * 1.5, 2)}."
        out.append(item(response, gold, depth=depth, task="number", model="m", id=f"n{k}"))
        out.append(item("(b)" if right else "(c)", "b", "choice", options=["a", "b", "c", "d"], depth=depth,
                        task="choice", model="m", id=f"c{k}"))
    return out


def test_build_report_groups_and_counts():
    items = _items()
    rep = build_report(items, by=["depth", "task", "missing"])
    scored = [score_item(it) for it in items]
    assert rep["n"] == len(items) and rep["accuracy"] == sum(s["correct"] for s in scored) / len(items)
    assert rep["label"] == "m" and rep["by"]["missing"] == {}
    assert list(rep["by"]["depth"]) == ["1", "2", "3"]
    for depth, group in rep["by"]["depth"].items():
        members = [s for s in scored if str(s["depth"]) == depth]
        assert group["n"] == len(members)
        assert group["accuracy"] == sum(s["correct"] for s in members) / len(members)
        assert group["ci95"][0] <= group["accuracy"] <= group["ci95"][1]
    assert rep["by"]["task"]["choice"]["random_baseline"] == 0.25
    assert rep["by"]["depth"]["1"]["accuracy"] > rep["by"]["depth"]["3"]["accuracy"]


def test_write_report_files(tmp_path):
    rep = build_report(_items(), by=["depth", "task"])
    written = write_report(tmp_path, rep)
    assert {p.name for p in written} == {"report.json", "report.md", "report.csv", "accuracy_by_depth.png",
                                         "accuracy_by_task.png"}
    assert json.loads((tmp_path / "report.json").read_text()) == rep
    assert (tmp_path / "accuracy_by_depth.png").read_bytes().startswith(b"\x89PNG")
    rows = csv_text(rep).splitlines()
    assert rows[0].startswith("run,field,value,n,accuracy") and len(rows) == 1 + 1 + 3 + 2
    assert "| depth | m | random % |" in markdown(rep)


def test_compare_runs_side_by_side():
    a = build_report(_items(seed=1), by=["depth"], label="model-a")
    b = build_report(_items(seed=2), by=["depth"], label="model-b")
    both = compare([("model-a", a), ("model-b", b)])
    assert list(both["runs"]) == ["model-a", "model-b"] and both["by"] == ["depth"]
    assert "| depth | model-a | model-b | random % |" in markdown(both)
    assert list(compare([a, a])["runs"]) == ["model-a", "model-a (#2)"]  # reports name themselves


# ---------------------------------------------------------------- commands

def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_score_command_reproduces_accuracy(tmp_path, capsys):
    items = _items()
    src = _write(tmp_path / "responses.jsonl", items)
    assert main(["score", str(src), "--by", "depth,task", "--out", str(tmp_path / "out")]) == 0
    scored = [json.loads(x) for x in (tmp_path / "out" / "scored.jsonl").read_text().splitlines()]
    expected = sum(score_item(it)["correct"] for it in items) / len(items)
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert len(scored) == len(items) and all("extracted" in s and "correct" in s for s in scored)
    assert report["accuracy"] == expected == sum(s["correct"] for s in scored) / len(scored)
    assert (tmp_path / "out" / "accuracy_by_depth.png").exists()
    assert "accuracy %" in capsys.readouterr().out


def test_score_command_reports_bad_lines_with_file_and_line(tmp_path, capsys):
    """A bad line is named (file:line) and skipped, the others are scored, the report counts it,
    and the exit status says that something was skipped."""
    src = tmp_path / "bad.jsonl"
    src.write_text(json.dumps(item("5", 5)) + "\n{not json\n")
    assert main(["score", str(src), "--out", str(tmp_path / "o")]) == 1
    assert f"{src}:2:2: not JSON" in capsys.readouterr().err
    _write(src, [item("5", 5, id="a"), item("(a)", "a", "choice", id="b"), item("6", 6, id="a")])
    assert main(["score", str(src), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert f"{src}:2:1: a choice item needs 'options'" in err
    assert f"{src}:3:1: id 'a' is already on line 1" in err and "2 bad line(s) skipped" in err
    scored = (tmp_path / "o" / "scored.jsonl").read_text().splitlines()
    assert [json.loads(x)["id"] for x in scored] == ["a"]
    assert json.loads((tmp_path / "o" / "report.json").read_text())["bad_lines"] == 2
    _write(src, [item("(a)", "a", "choice")])  # nothing left to score: an error, no output
    assert main(["score", str(src), "--out", str(tmp_path / "o2")]) == 1
    assert "no items (1 bad lines" in capsys.readouterr().err and not (tmp_path / "o2").exists()


def test_report_command_compares_runs(tmp_path, capsys):
    for seed, model in ((1, "model-a"), (2, "model-b")):
        rows = [dict(it, model=model) for it in _items(seed=seed)]
        _write(tmp_path / f"run{seed}.jsonl", rows)
        assert main(["score", str(tmp_path / f"run{seed}.jsonl"), "--by", "depth", "--out",
                     str(tmp_path / f"run{seed}"), "--no-plots"]) == 0
    (tmp_path / "run2" / "scored.jsonl").unlink()  # a folder with only report.json still compares
    capsys.readouterr()
    assert main(["report", str(tmp_path / "run1"), str(tmp_path / "run2"), "--by", "depth",
                 "--plot", str(tmp_path / "cmp.png"), "--out", str(tmp_path / "both")]) == 0
    out = capsys.readouterr().out
    assert "| depth | model-a | model-b | random % |" in out
    assert (tmp_path / "cmp.png").read_bytes().startswith(b"\x89PNG")
    both = json.loads((tmp_path / "both" / "report.json").read_text())
    assert set(both["runs"]) == {"model-a", "model-b"}
    assert compare([tmp_path / "run1", tmp_path / "run2"], by=["depth"]) == both
    assert main(["report", str(tmp_path / "run2"), "--by", "task"]) == 1
    assert "not grouped by task" in capsys.readouterr().err


def test_report_by_a_field_no_run_has_is_an_error_listing_the_fields(tmp_path, capsys):
    _write(tmp_path / "run.jsonl", [dict(it, model="m") for it in _items(seed=1)])
    assert main(["score", str(tmp_path / "run.jsonl"), "--out", str(tmp_path / "run"), "--no-plots"]) == 0
    capsys.readouterr()
    assert main(["report", str(tmp_path / "run"), "--by", "depht"]) == 1
    err = capsys.readouterr().err
    assert "no run has the field 'depht'" in err and "fields there are:" in err and "depth" in err.split("are:")[1]
    assert not (tmp_path / "out").exists()


class _EchoJudge:
    """A judge backend for the tests: answers 'b' to a choice, 'True' to a verdict, 'none' otherwise;
    counts what it was asked."""

    name = "echo-judge"
    asked: list = []

    def __init__(self, options):
        self.options = options

    def generate(self, requests):
        from geomill.evaluate.types import Response
        for r in requests:
            _EchoJudge.asked.append(r.id)
            text = r.messages[0].content[0]
            yield Response(r.id, "(b)" if "letter of the one option" in text else
                           "True" if "True or False only" in text else "none")

    def close(self):
        pass


def test_judge_reads_only_what_the_rules_refuse_and_is_cached(tmp_path, capsys):
    from geomill.evaluate.backends import register_backend
    register_backend("echo-judge", _EchoJudge)
    rows = [{"id": "1", "response": "I would go with the second one, honestly.", "answer": "b",
             "response_type": "choice", "options": ["a", "b", "c"]},
            {"id": "2", "response": "(a)", "answer": "b", "response_type": "choice", "options": ["a", "b", "c"]},
            {"id": "3", "response": "Hard to say from this figure.", "answer": 4, "response_type": "number"}]
    _write(tmp_path / "r.jsonl", rows)
    _EchoJudge.asked = []
    args = ["score", str(tmp_path / "r.jsonl"), "--out", str(tmp_path / "o"), "--no-plots", "--judge", "echo-judge:m"]
    assert main(args) == 0
    assert sorted(_EchoJudge.asked) == ["1", "3"]  # the rules read item 2 themselves
    scored = {r["id"]: r for r in map(json.loads, (tmp_path / "o" / "scored.jsonl").read_text().splitlines())}
    assert scored["1"]["judged"] and scored["1"]["correct"] and not scored["1"]["extraction_failed"]
    assert not scored["2"].get("judged") and not scored["2"]["correct"]
    assert scored["3"]["extraction_failed"] and not scored["3"].get("judged")  # the judge said none
    report = json.loads((tmp_path / "o" / "report.json").read_text())
    assert report["judged"] == 1 and report["extraction_failed"] == 1
    assert "judged" in capsys.readouterr().out
    _EchoJudge.asked = []
    assert main(args) == 0 and _EchoJudge.asked == []  # cached with the responses
    assert main(["score", str(tmp_path / "r.jsonl"), "--out", str(tmp_path / "p"), "--no-plots"]) == 0
    assert json.loads((tmp_path / "p" / "report.json").read_text())["judged"] == 0  # off by default
    assert main(["score", str(tmp_path / "r.jsonl"), "--out", str(tmp_path / "q"), "--judge", "nocolon"]) == 1
