"""Adding a kind is adding one block: a right trapezoid, declared here and nowhere else, goes
through parse, solve, layout, render (with its two right-angle marks), the raster check, the
claim checker and the generator, with zero proof failures."""
from __future__ import annotations

import numpy as np
import pytest
import sympy
from geomill.dsl import format_problem, parse
from geomill.engine.catalogue import KINDS, registered
from geomill.engine.kinds import AREA, PERIMETER, Construction, Line, ShapeKind, angle, eq, side, symbols
from geomill.engine.rules import kind_hash, rules_for
from geomill.generate import GenConfig, Tally, make_record
from geomill.generate.geomverse.knowledge import independent, info, pool_kinds
from geomill.generate.geomverse.text import kind_description
from geomill.render.annotate import Annotation
from geomill.render.claims import check_claim
from geomill.render.compose import Style, compose
from geomill.render.draw import Renderer
from geomill.render.layout import layout
from geomill.render.raster import check
from geomill.solvers import solve

a, b, e, h, R, S, P = symbols("a b e h R S P")
RIGHT_TRAPEZOID = ShapeKind(
    key="right_trapezoid", title="right trapezoid", pool="extra",
    forms=("trapezoid {name} bases {s} {s2} right at {p}",), n_points=4,
    pins={"s": (0, 1), "s2": (2, 3), "p": (0,)},
    elements={"a": side((0, 1)), "b": side((2, 3)), "e": side((1, 2)), "h": side((3, 0)),
              "R": angle((3, 0, 1), (2, 3, 0)), "S": AREA, "P": PERIMETER},
    constants={"R": sympy.Integer(90)},
    equations=(
        eq(S, (a + b) * h / 2, "area formula of a trapezoid"),
        eq(P, a + b + e + h, "perimeter formula of a trapezoid"),
        eq(e**2, h**2 + (a - b)**2, "Pythagorean theorem on the slanted leg"),
    ),
    construction=Construction(
        params=(a, b, h), coords={0: (0, 0), 1: (a, 0), 2: (b, h), 3: (0, h)},
        outline=((Line(0, 1), Line(1, 2), Line(2, 3), Line(3, 0)),), sample={a: (6, 20), b: (2, 5), h: (2, 16)}),
    description="bases a (first two vertices) and b, the leg h at right angles to both, slanted leg e",
    right_marks=((3, 0, 1), (2, 3, 0)),
    pin_phrase="with the bases {s} and {s2} and the right angle at {p}",
)
TEXT = "trapezoid ABCD bases AB CD right at A\nAB = 9\nCD = 5\nAD = 3\nfind perimeter ABCD\n"


@pytest.fixture
def trapezoid():
    with registered(RIGHT_TRAPEZOID):
        yield RIGHT_TRAPEZOID


def test_the_block_is_the_whole_kind(trapezoid):
    assert "right_trapezoid" in KINDS and KINDS["right_trapezoid"] is trapezoid
    assert kind_description("right_trapezoid") == "a right trapezoid"
    # the slanted leg from the others: a rule of the new kind, derived like any other
    assert any(r.output == "e" and set(r.inputs) == {"a", "b", "h"} for r in rules_for("right_trapezoid"))
    # the perimeter from all four sides over-determines the shape (Pythagoras): decided on the
    # equations, although the rule giving a from b, e, h is dropped as ambiguous (a > b or a < b)
    perimeter = next(r for r in rules_for("right_trapezoid") if r.output == "P")
    base = next(r for r in rules_for("right_trapezoid") if r.output == "a" and "P" in r.inputs)
    assert set(base.inputs) == {"P", "b", "e", "h"}  # P, b, e, h fix a only through the ambiguous root
    assert not independent(perimeter) and not independent(base)
    assert independent(next(r for r in rules_for("right_trapezoid") if r.output == "S"))
    assert info("right_trapezoid").edges["h"] == ((3, 0),)


def test_parse_solve_layout_render_check(trapezoid):
    problem = parse(TEXT)
    assert parse(format_problem(problem)) == problem
    sol = solve(problem)
    assert sol.exact == pytest.approx(9 + 5 + 3 + 5)  # e = sqrt(3² + 4²) = 5
    scene = layout(sol)
    for claim in ("there is a quadrilateral ABCD", "angle DAB = 90", "angle ADC = 90", "BC : AD = 1.67"):
        assert check_claim(scene, claim).truth, claim
    assert not check_claim(scene, "angle ABC = 90").truth
    renderer = Renderer()
    for style in ("coordinate", "individual"):
        ann = Annotation.build(scene, sol, style, "image")
        report = check(renderer, scene, ann)
        assert report.ok, report
    # two right-angle marks, one at A and one at D, each a box of its own
    d = compose(scene, Annotation.build(scene, sol), Style(), lambda text, size=12.0: (8.0 * len(text), 14.0))
    corners = [np.asarray(m)[1] for m in d.marks if len(m) == 3]
    at = {name: np.asarray(d.frame.px(scene.points[name])) for name in "AD"}
    assert len(corners) == 2
    assert all(min(np.hypot(*(c - p)) for c in corners) < 30 for p in at.values())


def test_generated_with_the_standard_kinds(trapezoid):
    pool = ",".join(pool_kinds("standard") + ("right_trapezoid",))
    tally = Tally()
    records = [make_record(GenConfig(depth=2, shapes=pool, p_branch=0.5, images=True), 5, "t", i, tally)[0]
               for i in range(24)]
    assert not tally.failed, tally.failures
    records = [r for r in records if r]
    used = [r for r in records if any(s["kind"] == "right_trapezoid" for s in r["shapes"])]
    assert len(used) >= 3, len(used)
    for r in used:
        assert "right trapezoid" in r["question_text_only"]


def test_registration_ends_with_the_block():
    with registered(RIGHT_TRAPEZOID):
        assert parse(TEXT).shapes[0].kind == "right_trapezoid"
    assert "right_trapezoid" not in KINDS
    with pytest.raises(Exception, match="fits no shape form"):
        parse(TEXT)
    with pytest.raises(ValueError, match="already has"), registered(KINDS["square"]):
        pass


def test_rule_cache_key_covers_what_the_derivation_reads():
    from dataclasses import replace

    kind = KINDS["sector"]
    cons = kind.construction
    base = kind_hash(kind)
    r, T = kind.symbol("r"), kind.symbol("T")
    edits = {
        "valid": replace(kind, construction=replace(cons, valid=T < 120)),
        "constraints": replace(kind, constraints=(T < 170,)),
        "outline": replace(kind, construction=replace(cons, outline=(cons.outline[0][:2],))),
        "coords": replace(kind, construction=replace(cons, coords={**cons.coords, 0: (2 * r, 0)})),
        "sample": replace(kind, construction=replace(cons, sample={r: (2, 30), T: (15, 170)})),
        "equations": replace(kind, equations=kind.equations[:2]),
        "constants": replace(kind, constants={"T": sympy.Integer(60)}),
        "elements": replace(kind, elements={**kind.elements, "r": side((1, 0))}),
    }
    for what, edited in edits.items():
        assert kind_hash(edited) != base, what
    assert kind_hash(replace(kind)) == base  # an equal kind, another object: the same key
