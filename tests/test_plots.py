"""Plots a paper can print: each plot's data read back from its matplotlib Axes (not its pixels).

``geomill stats``, ``report`` / ``eval`` / ``score`` and ``grade`` plots: every axis labelled, whole
category names, whole-number ticks on counts, every category shown (or the rest grouped and said so),
headroom above the largest value, runs that agree kept apart, no plot of a field with one value, the
first-wrong-step histogram normalised per depth with a "no wrong step" bar."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from geomill.evaluate.answers import report  # noqa: E402
from geomill.evaluate.grading import report as grade_report  # noqa: E402
from geomill.generate import stats as gstats  # noqa: E402
from geomill.generate.plotting import wrap  # noqa: E402


def _unwrapped(label) -> str:
    return label.get_text().replace("\n", " ")


def _ticks_integral(values) -> bool:
    return all(float(v).is_integer() for v in values)


def _bars(ax) -> list:
    return [p for p in ax.patches if isinstance(p, matplotlib.patches.Rectangle)]


@pytest.fixture
def many_rules_stats() -> dict:
    rules = {f"rectangle_plus_equilateral_triangle: area of a rectangle plus an equilateral triangle {i}": 60 - i
             for i in range(55)}
    return {"records": 300, "parts": {"data": 300}, "failed": 0, "axes": list(gstats.AXES),
            "depth": {1: 100, 2: 120, 3: 80}, "width": {1: 300}, "answer_type": {"angle": 100, "side": 200},
            "shapes": {"rectangle_minus_equilateral_triangle": 170, "square": 3}, "rules": rules,
            "magnitude": {"1e0": 7, "1e1": 3}, "variablized": {False: 300}, "distractors": {True: 300}}


def test_stats_plot_names_every_axis_and_keeps_names_whole(many_rules_stats):
    fig = gstats.build_plot(many_rules_stats)
    try:
        axes = {ax.get_title(): ax for ax in fig.axes}
        assert len(axes) == len(gstats.AXES)  # every axis has a panel
        for title, ax in axes.items():
            assert ax.get_xlabel() and ax.get_ylabel(), title
            horizontal = ax.get_xlabel().startswith("problems")
            count = ax.xaxis if horizontal else ax.yaxis
            top = (ax.get_xlim() if horizontal else ax.get_ylim())[1]
            ticks = [t for t in count.get_majorticklocs() if 0 <= t <= top]
            assert _ticks_integral(ticks), (title, ticks)  # counts: whole numbers
            bars = _bars(ax)
            longest = max(b.get_width() if horizontal else b.get_height() for b in bars)
            limit = (ax.get_xlim() if horizontal else ax.get_ylim())[1]
            assert limit > longest * 1.05, title  # headroom: the largest bar is off the frame
        rules = axes["rule"]
        names = [_unwrapped(t) for t in rules.get_yticklabels()]
        assert len(names) == gstats.KEEP and names[-1] == f"other ({55 - gstats.KEEP + 1} categories)"
        assert names[0] == "rectangle_plus_equilateral_triangle: area of a rectangle plus an equilateral triangle 0"
        assert sum(b.get_width() for b in _bars(rules)) == sum(many_rules_stats["rules"].values())
        shapes = [_unwrapped(t) for t in axes["shape kind"].get_yticklabels()]
        assert "rectangle_minus_equilateral_triangle" in shapes  # whole, not cut at 28 characters
    finally:
        plt.close(fig)


def test_stats_plot_shows_the_whole_label_balance():
    balance = {f"task{t}: {a}": 5 for t in range(6) for a in ("0.25", "0.5", "1", "2", "4")}
    stats = {"records": 150, "parts": {"data": 150}, "failed": 0, "axes": list(gstats.PERCEPTION_AXES),
             "task": {f"task{t}": 25 for t in range(6)}, "answer": {"a": 150}, "task/answer": balance,
             "near_miss": {"-": 150}, "n_lines": {2: 75, 3: 75}, "negated": {False: 150}, "angle_between": {"-": 150}}
    fig = gstats.build_plot(stats)
    try:
        ax = next(a for a in fig.axes if a.get_title() == "task: answer")
        assert sorted(_unwrapped(t) for t in ax.get_yticklabels()) == sorted(balance)  # 30 bars, none dropped
        assert ax.get_xlabel() == "questions (count)"
    finally:
        plt.close(fig)


def test_wrap_keeps_every_character():
    name = "rectangle_minus_equilateral_triangle: perimeter of a rectangle minus an equilateral triangle"
    out = wrap(name)
    assert out.replace("\n", "").replace(" ", "") == name.replace(" ", "")  # nothing dropped
    assert max(len(line) for line in out.split("\n")) <= 18 and out.count("\n") >= 4
    assert wrap("x" * 40, 18) == "x" * 18 + "\n" + "x" * 18 + "\nxxxx"


def _run(acc_by_depth: dict, base: float = 0.0) -> dict:
    by = {str(d): {"n": 10, "accuracy": a, "ci95": [max(0.0, a - 0.1), min(1.0, a + 0.1)], "extraction_failed": 0,
                   "random_baseline": base} for d, a in acc_by_depth.items()}
    return {"n": 30, "accuracy": 0.5, "ci95": [0.4, 0.6], "extraction_failed": 0, "random_baseline": base,
            "label": None, "by": {"depth": by}}


def test_report_plot_keeps_runs_at_100_and_identical_runs_visible():
    same = {1: 1.0, 2: 1.0, 3: 1.0}
    combined = report.compare([("oracle", _run(same)), ("oracle too", _run(same))], ["depth"])
    fig = report.build_plot(combined, "depth")
    try:
        ax = fig.axes[0]
        assert ax.get_xlabel() == "depth" and ax.get_ylabel() == "accuracy (%)"
        lo, hi = ax.get_ylim()
        assert lo < 0 and hi > 100  # a series at 0 % or 100 % is off the frame
        lines = [ln for ln in ax.get_lines() if ln.get_marker() not in (None, "None", "", "_")]
        assert len(lines) == 2
        assert lines[0].get_marker() != lines[1].get_marker()
        x0, x1 = lines[0].get_xdata(), lines[1].get_xdata()
        assert all(a != b for a, b in zip(x0, x1))  # set apart a little
        assert all(abs(a - b) < 0.3 for a, b in zip(x0, x1))  # but still at their own depth
        assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "3"]
    finally:
        plt.close(fig)


def test_report_plot_categories_whole():
    long = "rectangle_minus_equilateral_triangle"
    group = {"n": 3, "accuracy": 1.0, "ci95": [1.0, 1.0], "extraction_failed": 0, "random_baseline": 0.25}
    rep = {**_run({}), "by": {"shape": {long: group, "square": {**group, "accuracy": 0.0, "ci95": [0.0, 0.0]}}}}
    fig = report.build_plot(rep, "shape")
    try:
        ax = fig.axes[0]
        assert sorted(t.get_text().replace("\n", "") for t in ax.get_xticklabels()) == sorted([long, "square"])
        assert ax.get_ylim()[1] > 100 and ax.get_xlabel() == "shape"
    finally:
        plt.close(fig)


def test_no_plot_for_a_field_with_one_value(tmp_path):
    rep = _run({1: 0.5, 2: 0.4})
    rep["by"]["annotation"] = {"coordinate": rep["by"]["depth"]["1"]}
    written = report.write_report(tmp_path, rep)
    names = {p.name for p in written}
    assert "accuracy_by_depth.png" in names and "accuracy_by_annotation.png" not in names
    assert not (tmp_path / "accuracy_by_annotation.png").exists()


def test_first_wrong_step_histogram_per_depth_with_no_wrong_step():
    rows = ([{"depth": 1, "first_wrong_step": 1}] * 2 + [{"depth": 1, "first_wrong_step": None}] * 6
            + [{"depth": 3, "first_wrong_step": 3}] * 30 + [{"depth": 3, "first_wrong_step": 1}] * 10
            + [{"depth": 3, "first_wrong_step": None}] * 60)
    fig = grade_report.build_plot(rows, "depth")
    try:
        ax = fig.axes[0]
        ticks = [t.get_text().replace("\n", " ") for t in ax.get_xticklabels()]
        assert ticks == ["1", "2", "3", "no wrong step"]
        assert ax.get_xlabel() and "%" in ax.get_ylabel()
        heights = [b.get_height() for b in _bars(ax)]
        assert len(heights) == 8  # two depths x four bars
        assert sum(heights[:4]) == pytest.approx(100) and sum(heights[4:]) == pytest.approx(100)
        assert heights[3] == pytest.approx(75) and heights[7] == pytest.approx(60)
        assert ax.get_ylim()[1] > max(heights)
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert legend == ["depth 1 (n = 8)", "depth 3 (n = 100)"]
    finally:
        plt.close(fig)
