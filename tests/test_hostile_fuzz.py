"""Fuzzing every reader of outside text (model responses, the problem language, claims, scenes,
JSON lines) with hypothesis: each either reads the input or says why in a GeomillError, and
does so within a time bound (and, for model text, a memory bound), whatever the nesting,
repetition, number sizes or unicode."""
from __future__ import annotations

import gc
import json
import time
import tracemalloc

import pytest
from geomill.dataset.jsonl import BadLines, read_jsonl
from geomill.dsl import parse
from geomill.engine.errors import GeomillError, Span
from geomill.engine.jsontext import loads
from geomill.evaluate.answers.extract import extract
from geomill.evaluate.answers.score import score_item
from geomill.render.batch import check_lines
from geomill.render.claims import check_claim
from geomill.render.scene_io import SceneFormatError, scene_from_dict
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

RESPONSE_TYPES = (("number", None), ("choice", ["a", "b", "c", "d"]), ("truefalse", None),
                  ("multi", {"a": "0.5", "b": "right triangle", "c": "4", "d": "none"}))
CPU_LIMIT = 1.0  # seconds of CPU for one reading of a response of up to ~1 MB
MEMORY_LIMIT = 100e6  # bytes at peak

OPENERS = ["\\boxed{", "(", "\\frac{", "\\sqrt{", "{", "\\text{", "[", "<think>", "√", "-", "\\left(", "$", "**"]
CLOSERS = ["}", ")", "]", "</think>", "$"]
SNIPPETS = ["The answer is 5. ", "final answer: (b)", "= 2 * 3 = 6 ", "1,234.5e10 ", "π", "∠ABC = 45° ",
            "not true ", "(a) or (b) ", "答案是 3", "\\boxed{12.5}", "x^2^2^2", "1/0 ", "√-4 ", "\n\n", ". . . "]


@st.composite
def pathological(draw) -> str:
    """A runaway response: deep nesting, a snippet repeated to ~1 MB, a huge number, odd unicode."""
    kind = draw(st.sampled_from(["nest", "repeat", "digits", "unicode", "mix"]))
    if kind == "nest":
        opener = draw(st.sampled_from(OPENERS))
        depth = draw(st.integers(10, 120_000))
        closer = draw(st.sampled_from(CLOSERS + [""]))
        return opener * depth + draw(st.sampled_from(["5", "(b)", "true", ""])) + closer * depth
    if kind == "repeat":
        snippet = draw(st.sampled_from(SNIPPETS))
        return snippet * (draw(st.integers(1_000, 1_000_000)) // len(snippet))
    if kind == "digits":
        lead = draw(st.sampled_from(["The answer is ", "\\boxed{", "", "10^"]))
        return lead + "9" * draw(st.integers(300, 1_000_000))
    if kind == "unicode":
        return draw(st.text(min_size=1, max_size=2_000)) * draw(st.integers(1, 500))
    parts = draw(st.lists(st.sampled_from(OPENERS + CLOSERS + SNIPPETS), min_size=1, max_size=60))
    return "".join(parts) * draw(st.integers(1, 3_000))


def _cpu(fn, *args) -> float:
    """The CPU time of this thread for one call (threads an earlier test left running, Ray's among them,
    count in the process's time, not in the function's), the heap earlier tests left frozen first: a full
    collection walking the millions of objects a worker's earlier tests left is not the call's cost."""
    gc.freeze()  # (moves the heap aside at no cost: a collection in the call walks only what the call made)
    try:
        start = time.thread_time()
        fn(*args)
        return time.thread_time() - start
    finally:
        gc.unfreeze()


def _bounded(fn, *args):
    """The CPU time of one call (``_cpu``) and the peak memory of another, traced (tracing slows it)."""
    cpu = _cpu(fn, *args)
    tracemalloc.start()
    try:
        fn(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return cpu, peak


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(pathological())
def test_extraction_of_a_pathological_response_is_bounded(text):
    for rtype, options in RESPONSE_TYPES:
        cpu, peak = _bounded(extract, text, rtype, options)
        assert cpu < CPU_LIMIT and peak < MEMORY_LIMIT, (rtype, len(text), text[:80], cpu, peak)


def test_the_360_kb_nested_boxed_response_scores_fast_and_small():
    """The issue's case: it took 6.4 GB and 12 s (every level copied the text inside it)."""
    text = "\\boxed{" * 51_500 + "5" + "}" * 51_500
    assert len(text) >= 360_000
    item = {"id": "x", "response": text, "answer": 5, "response_type": "number"}
    cpu, peak = _bounded(score_item, item)
    assert cpu < CPU_LIMIT and peak < MEMORY_LIMIT, (cpu, peak)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(pathological())
def test_grading_a_pathological_response_is_bounded(grading_key, text):
    from geomill.evaluate.grading.grade import grade

    record, key = grading_key
    cpu, peak = _bounded(grade, record, text, key)
    assert cpu < 5 * CPU_LIMIT and peak < MEMORY_LIMIT, (len(text), text[:80], cpu, peak)


@pytest.fixture(scope="module")
def grading_key(tmp_path_factory):
    from geomill.evaluate.grading.answer_key import build_key
    from geomill.generate.runner import read_records

    from .evaldata import make_dataset

    # (128 px: at 64 no figure leaves its letters room beside their points, and leaders are gone)
    folder = make_dataset(tmp_path_factory.mktemp("fuzzgrade"), n=1, image_size=128)
    record = next(iter(read_records(folder, "test")))
    return record, build_key(record)


def test_grading_a_number_past_decimal_precision_is_no_crash(grading_key):
    """"The answer is 999…9" (300 digits) rounded by the solutions' half-up rounding raised decimal's
    InvalidOperation (found by the fuzz test above once it was derandomized)."""
    from geomill.evaluate.grading.grade import grade
    from geomill.solvers.arith import fmt, round2

    record, key = grading_key
    grade(record, "The answer is " + "9" * 300, key)
    assert round2(1e300) == 1e300 and fmt(float("inf")) == "inf" and round2(2.675) == 2.68


@pytest.mark.parametrize("snippet", ["= 2 * 3 = 6 ", "x = (2 * 3 = 6 ", "∠ABC = 45° = "])
def test_grading_a_response_of_thousands_of_equal_signs_is_bounded(grading_key, snippet):
    """A chain cut short by the response's bound has no value, and reading it again from each of its
    2,000 "=" signs took minutes (found by the fuzz test above, when it drew this case)."""
    from geomill.evaluate.grading.grade import grade

    record, key = grading_key
    cpu = _cpu(grade, record, snippet * (17_000 // len(snippet)), key)  # (no traced second call for a peak unused)
    assert cpu < 5 * CPU_LIMIT, cpu


# ---------------------------------------------------------------- the problem language

DSL_WORDS = ["triangle", "ABC", "right", "at", "A", "square", "ABCD", "BCDE:", "rectangle", "+", "-", "semicircle",
             "on", "EB", "AB", "=", "7", "angle", "BAC", "2x", "+", "50", "area", "find", "(", ")", "sqrt", "pi", "^",
             "*", "/", "x", "1e999", "9" * 40, "#", "\n", "sector", "DAC", "and", "are", "supplementary", "0", "-3",
             "regular", "hexagon", "ABCDEF", "circle", "perimeter", "height", "radius", "arc", "'", "é", "\x00", "∞"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DSL_WORDS), max_size=40) | st.text(max_size=300).map(lambda t: [t]))
def test_the_problem_language_reads_or_says_why(words):
    text = " ".join(words)
    start = time.process_time()
    try:
        parse(text, "fuzz.geo")
    except GeomillError as exc:
        assert str(exc).startswith("fuzz.geo") and "\n" not in str(exc).strip()
    assert time.process_time() - start < 2.0


def test_deep_nesting_in_the_problem_language_is_an_error():
    for text in ("triangle ABC\nAB = " + "(" * 5_000 + "1" + ")" * 5_000 + "\nfind BC\n",
                 "triangle ABC\nAB = " + "-" * 5_000 + "1\nfind BC\n",
                 "triangle ABC\nAB = 2" + "^2" * 5_000 + "\nfind BC\n"):
        start = time.process_time()
        with pytest.raises(GeomillError):
            parse(text, "deep.geo")
        assert time.process_time() - start < 5.0


# ---------------------------------------------------------------- claims, scenes, JSON lines

SCENE = scene_from_dict({"points": {"A": [0, 0], "B": [4, 0], "C": [0, 3], "D": [2, 1.5]},
                         "lines": [["A", "B"], ["B", "D", "C"], ["C", "A"]],
                         "circles": [{"centre": [2, 1.5], "radius": 2.5}]})
CLAIM_WORDS = ["there", "is", "a", "no", "triangle", "quadrilateral", "ABC", "ABCD", "AB", "BC", ":", "=", "/", "4",
               "1e400", "nan", "angle", "∠", "°", "area", "times", "longer", "than", "diameter", "radius", "of",
               "the", "circle", "intersects", "near", "x", "do", "not", "intersect", "and", "-", "9" * 500, "Z"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(CLAIM_WORDS), max_size=14) | st.text(max_size=200).map(lambda t: [t]))
def test_claims_are_judged_or_refused(words):
    text = " ".join(words)
    start = time.process_time()
    try:
        verdict = check_claim(SCENE, text)
        assert verdict.truth in (True, False)
    except GeomillError:
        pass
    assert time.process_time() - start < 1.0


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from(["A", "B", "C", "AB", "centre", "radius", "points", "lines"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["points", "lines", "circles", "segments", "arcs", "A", "B", "C", "centre", "radius"]),
        inner, max_size=5),
    max_leaves=30)


@settings(max_examples=150, deadline=None)
@given(JSON_VALUES)
def test_scenes_are_read_or_refused(data):
    try:
        scene_from_dict(data)
    except GeomillError:
        pass


@settings(max_examples=80, deadline=None)
@given(st.lists(st.binary(max_size=120) | JSON_VALUES.map(lambda v: json.dumps(v).encode())
                | st.sampled_from([b"[" * 50_000, b'{"a": ' + b"9" * 6_000 + b"}", b"NaN", b"\xff\xfe"]),
                max_size=8))
@example([b"\x0b", b"{}", b" \t"])  # a vertical tab is no JSON whitespace: a bad line, not a blank one
def test_json_lines_read_or_name_the_bad_line(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("jsonl") / "x.jsonl"
    path.write_bytes(b"\n".join(line.replace(b"\n", b" ") for line in lines) + b"\n")
    bad = BadLines(str(path))
    good = list(read_jsonl(path, "skip", bad))
    errors = [GeomillError(why, Span(n, bad.columns.get(n, 1)), str(path)) for n, why in bad.lines]
    assert all(isinstance(obj, dict) for _, obj in good)
    assert all(str(e).startswith(f"{path}:") for e in errors)
    # (blank in JSON's sense: a line of "\x0b" or "\x0c", blank to bytes.strip, is a bad line)
    assert len(good) + len(errors) == sum(1 for line in lines if line.replace(b"\n", b" ").strip(b" \t\r\n"))
    verdicts = list(check_lines(path.read_bytes().split(b"\n"), path.parent, source="x.jsonl"))
    assert all(("error" in v) != (v["truth"] is not None) for v in verdicts)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.sampled_from(["[" * 10_000, "9" * 5_000, '{"a": 1e999}', "[NaN]"]))
def test_json_text_parses_or_says_where(text):
    try:
        loads(text, "f.json")
    except GeomillError as exc:
        assert str(exc).startswith("f.json:")


@pytest.mark.parametrize("key", ["lines", "segments", "circles", "arcs"])
def test_a_scene_list_field_that_is_no_list_is_refused(key):
    """(Hypothesis found ``{"points": {"A": [0, 0]}, "lines": null}`` raising TypeError, not a scene error.)"""
    with pytest.raises(SceneFormatError, match=f'"{key}" must be a list'):
        scene_from_dict({"points": {"A": [0, 0]}, key: None})
