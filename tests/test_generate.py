"""The generator: proved records across knobs, determinism, resume, splits, schema, CLI."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from geomill.dsl import parse
from geomill.engine.catalogue import KINDS
from geomill.engine.kinds import Line
from geomill.engine.model import QKind
from geomill.generate import GenConfig, Part, Tally, make_record, read_records, run
from geomill.generate.geomverse.knowledge import (
    independent,
    info,
    open_sides,
    pool_kinds,
    variablizable,
    variablizable_rules,
)
from geomill.generate.geomverse.presets import TEST_SETS, preset
from geomill.solvers import solve

ROOT = Path(__file__).resolve().parents[1]
FIELDS = {"schema", "id", "seed", "generator", "knobs", "dsl", "question", "question_text_only", "image",
          "answer", "exact", "answer_type", "solution", "solution_text_only", "steps", "depth", "width",
          "shapes", "rules", "distractors", "variables"}


def _records(cfg: GenConfig, n: int, part: str = "t", seed: int = 0) -> tuple[list[dict], Tally]:
    tally = Tally()
    return [make_record(cfg, seed, part, i, tally)[0] for i in range(n)], tally


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# -- knowledge from the catalogue ------------------------------------------------------------------


def test_variablized_rules_are_decided_from_the_equations():
    rules = variablizable_rules()
    names = {r.name for r in rules}
    assert "sum of the angles of a triangle" in names and "supplementary angles sum to 180" in names
    assert not any("area formula of a rectangle" == r.name for r in rules)  # S = a b is not linear
    assert all(variablizable(r) for r in rules)


def test_dependent_rules_are_not_used():
    bad = [str(r) for k in KINDS for r in info(k).rules if not independent(r)]
    assert bad and all(b.startswith("right_triangle") for b in bad)  # perimeter from all three sides


def test_connectable_elements_lie_on_the_outline():
    assert info("square").edges["d"] == ()  # a diagonal is inside the square
    assert info("rectangle_plus_semicircle").edges["d"] == ((1, 2),)  # the other d is the arc
    # the notch's sides face the shape's own interior: only the rectangle's side d takes a neighbour
    assert info("rectangle_minus_equilateral_triangle").edges["d"] == ((4, 0),)
    assert info("rectangle_minus_equilateral_triangle").edges["a"] == ((0, 1), (3, 4))
    # and every other kind's straight outline sides all face outward
    for key, kind in KINDS.items():
        sides = {frozenset((p.start, p.end)) for loop in kind.construction.outline for p in loop
                 if isinstance(p, Line) and isinstance(p.start, int) and isinstance(p.end, int)}
        closed = sides - open_sides(kind)
        assert closed == ({frozenset((1, 2)), frozenset((2, 3))} if key == "rectangle_minus_equilateral_triangle"
                          else set()), key


# -- every record is proved right -----------------------------------------------------------------------


@pytest.mark.parametrize("cfg", [
    GenConfig(depth=1, images=False),
    GenConfig(depth=2, p_branch=1.0, images=False),
    GenConfig(depth=3, images=False),
    GenConfig(depth=2, variablized=1.0, images=False),
    GenConfig(depth=1, distractors=True, images=False),
    GenConfig(depth=3, distractors=True, images=False),
    GenConfig(depth=2, shapes="all", annotation="individual", images=False),
    GenConfig(depth=4, p_branch=0.5, shapes="all", images=False),
], ids=["d1", "d2-branch", "d3", "variablized", "distractors", "d3-distractors", "all-individual", "d4-all"])
def test_records_are_proved_and_match_knobs(cfg):
    records, tally = _records(cfg, 40)
    assert not tally.failed, tally.failures
    pool = set(pool_kinds(cfg.shapes))
    for r in records:
        assert FIELDS <= set(r)
        sol = solve(parse(r["dsl"]))  # the DSL as written is accepted by `geomill solve`
        assert sol.answer == r["answer"] and abs(sol.exact - r["exact"]) < 1e-9 * max(1, abs(r["exact"]))
        assert r["depth"] == cfg.depth
        assert r["width"] == 1 or cfg.p_branch > 0
        assert {s["kind"] for s in r["shapes"]} <= pool
        assert r["question"].startswith(("If ", "Compute"))
        if cfg.distractors:
            assert r["distractors"]["shapes"]
            problem = parse(r["dsl"])
            for name in r["distractors"]["shapes"]:  # each distractor shape carries a given value
                decl = next(d for d in problem.shapes if d.name == name)
                own = {q for qs in KINDS[decl.kind].bind(decl).values() for q in qs}
                assert any(f.quantity in own for f in problem.facts), (name, r["dsl"])
        if cfg.variablized == 0:
            assert not r["variables"]
    if cfg.p_branch == 1.0:
        assert any(r["width"] == 2 for r in records)
    if cfg.variablized == 1.0:
        assert any(r["variables"] for r in records)


def test_every_angle_of_every_shape_lies_in_the_angle_range():
    """Given or derived, measured on the laid-out figure (atan2, not the solver's numbers)."""
    from geomill.engine.geometry import angle_at
    from geomill.render.layout import layout

    records, tally = _records(GenConfig(depth=3, p_branch=0.5, shapes="all", angle_range=(25, 155),
                                        images=False), 30)
    assert not tally.failed and tally.rejected
    seen = []
    for r in records:
        sol = solve(parse(r["dsl"]))
        pts = layout(sol, seed=r["index"]).points
        for decl in sol.problem.shapes:
            kind = KINDS[decl.kind]
            for sym, el in kind.elements.items():
                if el.kind is QKind.ANGLE and sym not in kind.constants:
                    for i, v, j in el.at:
                        seen.append(angle_at(pts[decl.points[i]], pts[decl.points[v]], pts[decl.points[j]]))
    assert len(seen) > 30 and 25 - 1e-6 <= min(seen) and max(seen) <= 155 + 1e-6


def test_question_types_and_pools():
    for qt in ("side", "angle", "area", "perimeter"):
        records, tally = _records(GenConfig(depth=2, question_type=qt, shapes="standard", images=False), 8)
        assert {r["answer_type"] for r in records} == {qt}
        assert all(KINDS[s["kind"]].pool == "standard" for r in records for s in r["shapes"])
    named = "square,rectangle,right_triangle,supplementary"
    records, _ = _records(GenConfig(depth=2, shapes=named, images=False), 10)
    assert {s["kind"] for r in records for s in r["shapes"]} <= set(named.split(","))


def test_question_style():
    records, _ = _records(GenConfig(depth=2, images=False), 20)
    for r in records:
        assert r["solution"].endswith(f"Therefore the final answer is {r['solution'].split()[-1]}")
        if "π" in r["question"]:
            assert "Assume π = 3.14." in r["question"]
        assert " compute the " in r["question_text_only"] or r["question_text_only"].startswith("Compute")


def test_same_seed_same_record_and_different_seed_differs():
    a, _ = _records(GenConfig(depth=2, images=False), 5, seed=3)
    b, _ = _records(GenConfig(depth=2, images=False), 5, seed=3)
    c, _ = _records(GenConfig(depth=2, images=False), 5, seed=4)
    assert a == b and a != c


# -- runs: determinism, resume, splits ----------------------------------------------------------------------


def _parts(n: int = 24, images: bool = False) -> list[Part]:
    return [Part("data", "test", n, GenConfig(depth=2, images=images))]


def test_one_and_two_workers_write_identical_bytes(tmp_path):
    run(tmp_path / "w1", _parts(images=True), seed=5, workers=1, shard_size=6, progress=False)
    run(tmp_path / "w2", _parts(images=True), seed=5, workers=2, shard_size=6, progress=False)
    one, two = _files(tmp_path / "w1"), _files(tmp_path / "w2")
    assert one == two
    assert any(k.endswith(".png") for k in one)


class _Bar:
    """A progress bar that records what it is told."""

    def __init__(self):
        self.updates: list[int] = []

    def update(self, n: int) -> None:
        self.updates.append(n)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_moves_per_problem_not_per_shard(tmp_path, monkeypatch, workers):
    """The bar counts every problem once; in one process it moves by one as each is made (a pool's
    count is read from a shared counter a few times a second), never only when a shard of 6 ends."""
    from geomill.generate import runner

    bar = _Bar()
    monkeypatch.setattr(runner, "_bar", lambda total, progress: bar)
    (tmp_path / "w").mkdir()
    run(tmp_path / "w", _parts(12), seed=3, workers=workers, shard_size=6)
    assert sum(bar.updates) == 12
    if workers == 1:
        assert [n for n in bar.updates if n] == [1] * 12
    run(tmp_path / "w", _parts(12), seed=3, workers=workers, shard_size=6)  # resumed: done shards count at once
    assert sum(bar.updates) == 24


def test_resume_after_kill_completes_without_duplicates(tmp_path):
    full = tmp_path / "full"
    run(full, _parts(), seed=9, workers=1, shard_size=6, progress=False)
    partial = tmp_path / "partial"
    run(partial, _parts(), seed=9, workers=1, shard_size=6, progress=False)
    # a kill leaves some shards missing and perhaps a temporary file: never a half shard
    (partial / "data" / "shard-00001.jsonl").unlink()
    (partial / "data" / "shard-00003.jsonl").unlink()
    (partial / "data" / ".shard-00003.jsonl.junk.part").write_text("half a shard")
    run(partial, _parts(), seed=9, workers=2, shard_size=6, progress=False)
    ids = [r["id"] for r in read_records(partial, "data")]
    assert len(ids) == len(set(ids)) == 24
    assert list(read_records(partial, "data")) == list(read_records(full, "data"))


def test_resume_refuses_other_settings(tmp_path):
    run(tmp_path, _parts(6), seed=1, workers=1, shard_size=6, progress=False)
    with pytest.raises(Exception, match="other settings"):
        run(tmp_path, _parts(6), seed=2, workers=1, shard_size=6, progress=False)


def test_splits_share_no_solution(tmp_path):
    cfg = GenConfig(depth=1, question_type="perimeter", shapes="square,rectangle", length_range=(1, 4),
                    images=False)  # a tiny space, so duplicates across splits are certain
    parts = [Part("train", "train", 30, cfg), Part("validation", "validation", 10, cfg), Part("test", "test", 10, cfg)]
    manifest = run(tmp_path, parts, seed=0, workers=1, shard_size=10, progress=False)
    hashes = {p.name: [r["solution_hash"] for r in read_records(tmp_path, p.name)] for p in parts}
    assert not set(hashes["train"]) & set(hashes["test"])
    assert not set(hashes["train"]) & set(hashes["validation"])
    assert not set(hashes["validation"]) & set(hashes["test"])
    assert len(hashes["train"]) == 30
    assert manifest.results["train"]["duplicates_skipped"] > 0


def test_presets_cover_the_paper():
    parts = preset("paper", scale=0.001)
    names = {p.name for p in parts}
    assert {"depth1", "depth2", "depth3", "width-p0", "width-p0.5", "width-p1", "distractors-on",
            "distractors-off", "shapes-standard", "shapes-all", "variablized-none", "variablized-medium",
            "variablized-high", "annotation-coordinate", "annotation-individual", "info-text",
            "info-image", "train", "validation"} <= names
    full = {p.name: p.n for p in preset("paper")}
    assert full["train"] == 10000 and full["validation"] == 2000 and full["depth3"] == 1000
    assert len(TEST_SETS) == 17


# -- CLI ---------------------------------------------------------------------------------------------------


def _cli(*args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "geomill", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_cli_generate_stats_and_chat_export(tmp_path):
    out = tmp_path / "g"
    p = _cli("generate", "-n", "12", "--depth", "2", "--seed", "1", "--out", str(out), "--no-images", "--quiet")
    assert p.returncode == 0, p.stderr
    assert "proof failures: 0" in p.stderr
    recs = list(read_records(out, "data"))
    assert len(recs) == 12
    chat = [json.loads(line) for line in (out / "finetune" / "data.llamafactory.jsonl").read_text().splitlines()]
    assert chat[0]["messages"][1]["content"] == recs[0]["solution_text_only"]
    s = _cli("stats", str(out))
    assert s.returncode == 0 and "depth:" in s.stdout and (out / "stats.png").exists()
    bad = _cli("generate", "-n", "2", "--shapes", "hexagon", "--out", str(tmp_path / "x"))
    assert bad.returncode == 1 and "unknown shape kind" in bad.stderr
    bad = _cli("generate", "-n", "2", "--min-angle", "95", "--out", str(tmp_path / "y"))
    assert bad.returncode == 2 and "argument --min-angle: must be between 1 and 89, not 95" in bad.stderr
    assert bad.stderr.count("\n") == 1 and not (tmp_path / "y").exists()


@pytest.mark.slow
def test_killed_process_resumes(tmp_path):
    out = tmp_path / "k"
    # 6 shards: killed once 3 are written (atomically), the resumed run has 3 left to add, which a run that
    # restarted from nothing, rewrote a written shard otherwise or skipped what was left would still get wrong;
    # 200 (20 shards) tested nothing more at three times the cost
    args = [sys.executable, "-m", "geomill", "generate", "-n", "60", "--depth", "2", "--seed", "2", "--out", str(out),
            "--shard-size", "10", "--quiet", "--no-chat"]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and len(list((out / "data").glob("shard-*.jsonl"))) < 3:
        time.sleep(0.2)
    assert proc.poll() is None, "the run ended before it was killed: nothing was resumed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert subprocess.run(args, cwd=ROOT).returncode == 0
    full = tmp_path / "f"
    assert subprocess.run([*args[:-5], str(full), "--shard-size", "10", "--quiet", "--no-chat"],
                          cwd=ROOT).returncode == 0
    assert list(read_records(out, "data")) == list(read_records(full, "data"))


@pytest.mark.slow
def test_many_records_zero_failures():
    tally = Tally()
    for cfg in (GenConfig(depth=3, images=False), GenConfig(depth=2, p_branch=0.5, variablized=0.5, images=False),
                GenConfig(depth=5, shapes="all", images=False)):
        for i in range(150):
            make_record(cfg, 11, "slow", i, tally)
    assert not tally.failed, tally.failures


def test_a_draw_whose_printed_values_leave_a_step_undefined_is_refused_as_rounding():
    """Two of 10,150 problems of the paper preset (scale 0.35): a law of cosines whose argument
    rounds past 1 (37.65 ≈ 20 + 17).  The solution could only show the exact angle after
    numbers that give none, so the draw is refused like the 3 % rounding rule's."""
    from geomill.generate.geomverse.pipeline import _undefined_as_printed

    sol = solve(parse("triangle ABC\ntriangle CBD\ntriangle EAB\nCA = 20\nangle CBD = 10\narea CBD = 128\n"
                      "BD = 40\nangle EAB = 109\narea EAB = 105\nEA = 13\nfind angle BCA\n"))
    assert [s.rule for s in sol.steps if _undefined_as_printed(s)] == ["law of cosines"]
    fine = solve(parse("triangle ABC\nAB = 5\nAC = 6\nangle BAC = 40\nfind BC\n"))
    assert not any(_undefined_as_printed(s) for s in fine.steps)


def test_a_draw_whose_values_contradict_through_an_unplanned_relation_is_refused_not_failed():
    """1 of 3,000 all-shapes draws: vertical angles tie a rhombus's obtuse angle (97°) to the acute
    angle of a right triangle.  The solver's ImpossibleValues is the draw's fault (refused as
    values); any other solver error from a generated problem stays a counted failure."""
    from geomill.engine.errors import ImpossibleValues, SolveError

    text = ("triangle ABC right at A\nangles BCA and DCE are vertical\nrhombus CEFD\n"
            "GABH: rectangle + semicircle on HG\nsquare BHIJ\nED = 3\nFD = 2\nperimeter GABH = 125\n"
            "perimeter BHIJ = 178\nfind BC\n")
    with pytest.raises(ImpossibleValues, match="impossible values"):
        solve(parse(text))
    assert issubclass(ImpossibleValues, SolveError)


def test_a_queried_diagonal_is_called_a_diagonal_in_the_question():
    """The question names what the "?" marks: a diagonal is not "the side marked with ?" (a blind reader
    of a rhombus whose diagonal carried the "?" looked for a side)."""
    from geomill.dsl import parse
    from geomill.engine.model import QKind
    from geomill.generate.geomverse.text import query_phrase

    p = parse("rhombus ABCD\nAB = 5\nangle BCD = 102\nfind AC\n")
    kinds = {s.name: s.kind for s in p.shapes}
    q = p.query.quantity
    assert q.kind is QKind.LENGTH
    assert query_phrase(q, kinds, lambda _: "?") == "the length of the diagonal marked with ?"
    side = parse("rhombus ABCD\nAC = 5\nangle BCD = 102\nfind AB\n")
    assert query_phrase(side.query.quantity, kinds, lambda _: "?") == "the length of the side marked with ?"


@pytest.mark.parametrize("images", [False, True])
def test_a_record_whose_text_does_not_read_back_as_its_problem_is_a_counted_failure(monkeypatch, images):
    """Every record's DSL reads back as the problem it was solved as: a printer that drops a line (here,
    the first given value) makes each draw a counted "roundtrip" failure, never a record, with or
    without figures (the check runs once a draw has passed the checks that refuse it)."""
    from geomill.generate import GenerationError
    from geomill.generate.geomverse import pipeline

    real = pipeline.format_problem

    def dropping(problem):
        lines = real(problem).splitlines(keepends=True)
        given = next(i for i, line in enumerate(lines) if "=" in line)
        return "".join(lines[:given] + lines[given + 1:])
    monkeypatch.setattr(pipeline, "format_problem", dropping)
    tally = Tally()
    with pytest.raises(GenerationError):
        make_record(GenConfig(depth=1, images=images), 3, "rt", 0, tally)
    assert tally.failed["roundtrip"] > 0 and set(tally.failed) <= {"roundtrip"}, (tally.failed, tally.failures[:1])
