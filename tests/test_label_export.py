"""The exported labels (render --labels, the generator's sidecars) read right to an independent
reader (tests/label_reader.py), and a spoilt export is caught."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from geomill.generate import GenConfig, Part, run

from tests.label_reader import problems


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """A few figures from the splits most prone to misreadings."""
    out = tmp_path_factory.mktemp("labels")
    parts = [Part("deep-all-individual", "test", 8, GenConfig(depth=3, shapes="all", annotation="individual",
                                                              p_branch=0.5)),
             Part("coordinate", "test", 8, GenConfig(depth=2, shapes="all", variablized=0.5))]
    run(out, parts, seed=13, workers=1, progress=False)
    figs = []
    for part in parts:
        for line in (out / part.name / "shard-00000.jsonl").read_text().splitlines():
            rec = json.loads(line)
            figs.append((rec["id"], json.loads((out / part.name / rec["labels"]).read_text())))
    return figs


def test_generated_labels_read_as_their_own(generated):
    assert len(generated) == 16
    seen = set()
    for rid, fig in generated:
        assert problems(fig) == [], rid
        seen |= {lab["element"].split(" ")[0] for lab in fig["labels"] if " " in lab["element"]}
    assert {"point", "angle", "area"} <= seen  # the sample exercises the rules


def test_reader_catches_a_misplaced_label(generated):
    """Move each shape label onto another shape, and each side label onto another side: the reader objects."""
    moved = 0
    for _, fig in generated:
        for lab in fig["labels"]:
            el = lab["element"]
            if el.startswith(("area ", "perimeter ")) and len(fig["shapes"]) > 1 and lab["leader"] is None:
                other = next(s for s in fig["shapes"] if s["name"] != el.split(" ", 1)[1])
                xs = [p[0] for p in other["outline"]]
                ys = [p[1] for p in other["outline"]]
                cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
                x0, y0, x1, y1 = lab["bbox"]
                spoilt = dict(fig, labels=[dict(lab, bbox=[cx - (x1 - x0) / 2, cy - (y1 - y0) / 2,
                                                           cx + (x1 - x0) / 2, cy + (y1 - y0) / 2])])
                assert problems(spoilt), el
                moved += 1
            elif el.startswith("angle "):
                x0, y0, x1, y1 = lab["bbox"]
                v = fig["points"][el[6:][1]] if len(el) == 9 else None
                if v is None:
                    continue
                # mirror the label through its vertex: out of the wedge
                mx, my = 2 * v[0] - (x0 + x1) / 2, 2 * v[1] - (y0 + y1) / 2
                spoilt = dict(fig, labels=[dict(lab, leader=None, bbox=[mx - 1, my - 1, mx + 1, my + 1])])
                assert problems(spoilt), el
                moved += 1
    assert moved >= 5


def test_render_writes_labels(tmp_path):
    out = tmp_path / "fig.json"
    subprocess.run([sys.executable, "-m", "geomill", "render", "examples/geomverse_c.geo", "-o",
                    str(tmp_path / "fig.png"), "--labels", str(out)], check=True)
    fig = json.loads(out.read_text())
    assert fig["size"] == [512, 512]
    assert {lab["element"] for lab in fig["labels"]} == {"point A", "point B", "point C", "point D", "point E",
                                                         "AB", "CD", "area BCDE", "angle BCA"}
    assert fig["query"] == "angle BCA"  # the asked angle, marked "?"
    assert problems(fig) == []
    # y grows downwards: A (bottom left of the figure) has the larger y of A and D
    assert fig["points"]["A"][1] > fig["points"]["D"][1]
