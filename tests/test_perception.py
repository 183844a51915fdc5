"""``geomill perceive``: every label re-derived independently of the generator, balance, negated
twins, the analysis knobs, determinism over workers, resume, exports and stats; the perceiver."""
from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest
from geomill.evaluate.types import Backend, Image, Message, Request
from geomill.generate.geomverse.pipeline import Tally
from geomill.generate.perception.sets import (
    CHOICES,
    Mislabel,
    PerceptionConfig,
    PerceptionError,
    Question,
    derive,
    make_record,
    preset,
)
from geomill.generate.runner import Part, read_records, run
from geomill.render.claims import check_claim
from geomill.render.scene_io import scene_from_dict

from geomill.cli import main

TASKS = ("triangle", "quadrilateral", "length", "angle", "area", "diameter", "intersect")


def records(task: str, n: int, **kw) -> list[dict]:
    cfg = PerceptionConfig(task=task, images=False, **kw).validate()
    return [make_record(cfg, 7, task, i, Tally())[0] for i in range(n)]


@pytest.fixture(scope="module")
def sets() -> dict[str, list[dict]]:
    return {t: records(t, 20) for t in TASKS}


def test_labels_rederived_from_the_written_scene(sets):
    """An independent reading of each record: its scene, its options' claims, the checker."""
    for task, rs in sets.items():
        for r in rs:
            sc = scene_from_dict(r["scene"])
            if r["response_type"] == "choice":
                opts = {k: float(v.split()[0]) for k, v in r["options"].items()}
                right = [k for k, v in opts.items() if check_claim(sc, _numeric_claim(r, v)).truth]
                assert right == [r["answer"]], (task, r["id"])
            else:
                assert check_claim(sc, r["claim"]).truth is r["answer"], (task, r["id"])
                assert ("no " in r["question"] or " not " in r["question"]) is r["negated"]


def _numeric_claim(r: dict, value: float) -> str:
    return {"length": "{0} is {v:g} times longer than {1}", "area": "{0} is {v:g} times larger in area than {1}",
            "angle": "angle {0} = {v:g}"}[r["task"]].format(*_named(r), v=value)


def _named(r: dict) -> list[str]:
    words = r["claim"].split()
    return [w for w in words if w.isupper() and len(w) >= 2]


def test_balance_and_twins(sets):
    for task, rs in sets.items():
        if task in CHOICES:
            values = Counter(r["options"][r["answer"]] for r in rs)
            assert len(values) == 5 and set(values.values()) == {4}, (task, values)
            assert len(Counter(r["answer"] for r in rs)) == 5  # every letter is right somewhere
            assert all(sorted(r["options"].values()) == sorted(values) for r in rs)
        else:
            assert Counter(r["answer"] for r in rs) == {True: 10, False: 10}
            for a, b in zip(rs[::2], rs[1::2]):  # a pair: one figure, the statement and its negation
                assert a["scene"] == b["scene"] and a["answer"] is not b["answer"]
                assert not a["negated"] and b["negated"] and a["twin"] == b["id"] and b["twin"] == a["id"]
            misses = Counter(r["near_miss"] for r in rs if r["near_miss"])
            assert len(misses) >= 2 or task == "intersect", (task, misses)


def test_numeric_values_keep_off_band_edges(sets):
    for task in CHOICES:
        for r in sets[task]:
            value = float(r["options"][r["answer"]].split()[0])
            if task == "angle":
                assert abs(r["measured"] - value) <= 2.5
            else:
                assert abs(r["measured"] / value - 1) <= 0.05


def test_derive_refuses_a_spoilt_figure():
    r = records("triangle", 3)[2]  # a False question: a side is missing, or three points are collinear
    assert r["answer"] is False and not r["negated"]
    names = r["claim"].split()[-1]
    scene = json.loads(json.dumps(r["scene"]))
    scene["lines"] += [[a, b] for a, b in zip(names, names[1:] + names[:1])]
    q = Question("triangle", (names,), False, miss=r["near_miss"])
    if r["near_miss"] == "missing side":
        with pytest.raises(Mislabel):
            derive(q, scene, False)
    r = records("length", 1)[0]
    a, b = _named(r)
    scene = json.loads(json.dumps(r["scene"]))
    (cx, cy), (dx, dy) = scene["points"][b[0]], scene["points"][b[1]]
    scene["points"][b[1]] = [cx + 1.3 * (dx - cx), cy + 1.3 * (dy - cy)]  # CD 30 % longer: no option fits
    with pytest.raises(Mislabel):
        derive(Question("length", (a, b), float(r["options"][r["answer"]])), scene, False)


def test_analysis_knobs():
    for k in (2, 4, 6):
        assert {r["n_lines"] for r in records("angle", 5, lines=(k, k))} == {k}
    for between in (0, 45, 90):
        for r in records("length", 5, angle_between=between):
            p = r["scene"]["points"]
            a, b = _named(r)
            u = (p[a[1]][0] - p[a[0]][0], p[a[1]][1] - p[a[0]][1])
            v = (p[b[1]][0] - p[b[0]][0], p[b[1]][1] - p[b[0]][1])
            cos = abs(u[0] * v[0] + u[1] * v[1]) / math.hypot(*u) / math.hypot(*v)
            assert math.isclose(math.degrees(math.acos(min(1.0, cos))), between, abs_tol=1e-5)
    with pytest.raises(PerceptionError):
        PerceptionConfig(task="area", lines=(2, 3)).validate()
    with pytest.raises(PerceptionError):
        PerceptionConfig(task="angle", angle_between=45).validate()


def test_text_version_lists_the_figure(sets):
    r = sets["diameter"][0]
    text = r["question_text_only"]
    assert text.endswith(r["question"]) and "Circles: centre (" in text
    for name, (x, y) in r["scene"]["points"].items():
        assert f"{name} ({x:.2f}, {y:.2f})" in text


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != "manifest.json"}


def test_deterministic_over_workers_resumable_and_exported(tmp_path, capsys):
    parts = [Part("tri", "test", 6, PerceptionConfig(task="triangle", lines=(3, 5), image_size=128)),
             Part("len", "test", 5, PerceptionConfig(task="length", lines=(2, 4), image_size=128))]
    run(tmp_path / "one", parts, seed=3, workers=1, shard_size=2, progress=False)
    run(tmp_path / "two", parts, seed=3, workers=2, shard_size=2, progress=False)
    one = _files(tmp_path / "one")
    assert one == _files(tmp_path / "two") and any(k.endswith(".png") for k in one)
    (tmp_path / "one" / "tri" / "shard-00001.jsonl").unlink()
    run(tmp_path / "one", parts, seed=3, workers=1, shard_size=2, progress=False)
    assert _files(tmp_path / "one") == one
    assert main(["stats", str(tmp_path / "one"), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["task"] == {"triangle": 6, "length": 5} and stats["task/answer"]["triangle: True"] == 3
    from geomill.generate import export

    lf, _ = export.chat(tmp_path / "one", "tri")
    first = json.loads(lf.read_text().splitlines()[0])
    assert first["messages"][1]["content"] in ("True", "False") and first["images"] == ["tri/images/tri-0000000.png"]
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(export.parquet(tmp_path / "one", "len"))
    assert table.num_rows == 5 and set(table.column("answer").to_pylist()) <= set("abcde")


def test_cli_and_presets(tmp_path, capsys):
    out = tmp_path / "p"
    assert main(["perceive", "--task", "intersect", "-n", "4", "--lines", "2-3", "--no-images", "--quiet",
                 "--out", str(out)]) == 0
    rs = list(read_records(out, "data"))
    assert len(rs) == 4 and all(r["n_lines"] in (2, 3) for r in rs)
    assert main(["perceive", "--lines", "x", "--out", str(tmp_path / "q")]) == 1
    assert "--lines" in capsys.readouterr().err
    sizes = {p.name: p.n for p in preset("eval-synthetic")}
    assert sizes == {t: 100 for t in ("triangle", "quadrilateral", "length", "angle", "area")}
    analysis = {p.name: p.n for p in preset("analysis")}
    assert analysis["triangle-lines3"] == 50 and analysis["length-angle45"] == 50 and len(analysis) == 17


@pytest.mark.slow
def test_geomverse_figures():
    for task in ("triangle", "length"):
        rs = records(task, 2, source="geomverse")
        assert all(r["source"] == "geomverse" for r in rs)
        sc = scene_from_dict(rs[0]["scene"])
        assert check_claim(sc, rs[0]["claim"]).truth is (rs[0]["answer"] if task == "triangle" else True)


def _letters_shown(record: dict, files: dict) -> set[str]:
    export = json.loads(files[record["labels"]])
    assert record["labels"] == record["image"].replace(".png", ".labels.json")
    assert {"size", "points", "segments", "shapes", "labels", "angle_marks", "heights"} <= set(export)
    return {lab["element"][6:] for lab in export["labels"] if lab["element"].startswith("point ")}


def _points_named(record: dict) -> set[str]:
    from geomill.engine.model import split_points

    claim = record["claim"].replace("there is no ", "").replace("there is a ", "")
    words = [w for w in claim.replace(":", " ").split() if w[:1].isupper()]
    return {n for w in words for n in split_points(w)}


def test_perception_records_carry_their_label_export():
    """A plain figure's record names its label sidecar, which places every point letter by its point."""
    cfg = PerceptionConfig(task="triangle", lines=(3, 4), image_size=256).validate()
    record, files = make_record(cfg, 5, "data", 0, Tally())
    assert set(files) == {record["image"], record["labels"]}
    assert _letters_shown(record, files) == set(record["scene"]["points"])
    export = json.loads(files[record["labels"]])
    for lab in export["labels"]:
        x0, y0, x1, y1 = lab["bbox"]
        px, py = export["points"][lab["text"]]
        assert x0 < x1 and y0 < y1 and math.dist(((x0 + x1) / 2, (y0 + y1) / 2), (px, py)) < 20


@pytest.mark.slow
def test_geomverse_perception_figures_show_every_letter_a_question_names():
    """GeomVerse figures drawn for perception carry their point letters (coordinate annotation) even
    when the problem's own record drew them in the individual style, so every question can be answered."""
    for task in ("triangle", "length"):
        cfg = PerceptionConfig(task=task, source="geomverse", image_size=384).validate()
        for i in range(3):
            record, files = make_record(cfg, 11, task, i, Tally())
            assert _points_named(record) <= _letters_shown(record, files), record["claim"]


def test_perceiver_reads_the_figures():
    pytest.importorskip("skimage")
    from geomill.evaluate.backends.perceiver import PerceiverBackend

    backend = PerceiverBackend()
    assert isinstance(backend, Backend)
    cfgs = {t: PerceptionConfig(task=t, lines=(3, 4) if t != "length" else (2, 3)).validate()
            for t in ("triangle", "length")}
    reqs, gold = [], {}
    for task, cfg in cfgs.items():
        for i in range(4):
            r, files = make_record(cfg, 11, task, i, Tally())
            reqs.append(Request(r["id"], (Message("user", (Image(files[r["image"]]), r["question"])),)))
            gold[r["id"]] = str(r["answer"]) if r["response_type"] == "truefalse" else f"({r['answer']})"
    answers = {resp.id: resp.text for resp in backend.generate(reqs)}
    right = sum(answers[k].startswith(v) for k, v in gold.items())
    assert right >= 6, answers
    bad = next(backend.generate([Request("x", (Message("user", ("There is a triangle ABC",)),))]))
    assert bad.error and bad.text == ""


def test_readme_perception_record_is_what_perceive_writes(tmp_path):
    readme = (Path(__file__).resolve().parent.parent / "docs" / "perception.md").read_text()
    block = readme.split("```json\n")[1].split("```")[0]
    assert main(["perceive", "--task", "length", "-n", "3", "--lines", "5", "--seed", "2", "--no-images",
                 "--quiet", "--no-chat", "--out", str(tmp_path)]) == 0
    r = list(read_records(tmp_path, "data"))[2]
    shown = json.loads(block.replace('"...": "..."', '"Z": [0, 0]'))
    for key in ("id", "task", "question", "options", "answer", "response_type", "claim", "measured", "n_lines"):
        assert shown[key] == r[key], key
    assert shown["scene"]["lines"] == r["scene"]["lines"]
    assert all(r["scene"]["points"][k] == v for k, v in shown["scene"]["points"].items() if k != "Z")
