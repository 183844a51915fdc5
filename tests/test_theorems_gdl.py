"""FormalGeo's theorem and predicate files read into typed data: every string parses, the
grammar refuses bad text with a column, conclusions hold on figures measured with coordinates,
and the coverage report sorts the theorems by what decides their equations."""
from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest
import sympy
from geomill.solvers.linear import LinearTable, log_constant

from bench.theorems_gdl import (
    DATA,
    And,
    Equation,
    GDLError,
    Name,
    Not,
    Num,
    Op,
    Or,
    Predicate,
    Quantity,
    classify,
    coverage,
    domain,
    linear_form,
    load_predicates,
    load_theorems,
    log_form,
    parse_fact,
    parse_formula,
    parse_value,
    rename,
    to_sympy,
)

THEOREMS = load_theorems()
PREDICATES = load_predicates()


def test_every_theorem_and_predicate_is_read():
    raw = json.loads((DATA / "theorem_GDL.json").read_text(encoding="utf-8"))
    assert len(THEOREMS) == len(raw) == 196
    assert sum(len(t.variants) for t in THEOREMS.values()) == sum(len(v) for v in raw.values())
    th = THEOREMS["line_addition"]
    assert th.params == ("AB", "BC")
    (v,) = th.variants
    assert v.premise == Predicate("Collinear", ("ABC",))
    ab, bc, ac = (Quantity("LengthOfLine", (s,)) for s in ("AB", "BC", "AC"))
    assert v.conclusions == (Equation(ac, Op("Add", (ab, bc))),)
    assert PREDICATES["IsMidpointOfLine"].params == ("M", "AB")
    assert PREDICATES["IsMidpointOfLine"].kind == "relation"
    assert PREDICATES["LengthOfLine"].sym == "ll" and PREDICATES["LengthOfLine"].multi == (("BA",),)
    assert PREDICATES["Parallelogram"].extend[0] == Predicate("ParallelBetweenLine", ("AD", "BC"))
    assert PREDICATES["Collinear"].kind == "basic"


def _atoms(f):
    if isinstance(f, (And, Or)):
        for i in f.items:
            yield from _atoms(i)
    elif isinstance(f, Not):
        yield from _atoms(f.item)
    else:
        yield f


def test_every_predicate_used_is_defined_with_its_arity():
    for th in THEOREMS.values():
        for v in th.variants:
            for atom in [*_atoms(v.premise), *v.conclusions]:
                if isinstance(atom, Predicate):
                    d = PREDICATES[atom.name]
                    assert d.kind != "attribution"
                    if d.params:
                        assert len(atom.args) == len(d.params), (th.name, atom)


def test_strings_round_trip():
    """Each parsed premise and conclusion prints as GDL that parses back to the same tree."""
    for th in THEOREMS.values():
        for v in th.variants:
            assert parse_formula(str(v.premise)) == v.premise
            for c in v.conclusions:
                assert parse_fact(str(c)) == c


def test_or_not_and_constants():
    f = parse_formula("Polygon(ABCD)&ParallelBetweenLine(AD,BC)&~ParallelBetweenLine(BA,CD)")
    assert isinstance(f, And) and f.items[2] == Not(Predicate("ParallelBetweenLine", ("BA", "CD")))
    f = parse_formula("(Parallelogram(ABCD)|Trapezoid(ABCD))&Line(AC)")
    assert isinstance(f.items[0], Or) and len(f.items[0].items) == 2
    arc = THEOREMS["arc_length_formula"].variants[0].conclusions[0]
    r, m = sympy.symbols("r m", positive=True)

    def sym(q):
        return r if q.name == "RadiusOfCircle" else m if q.name == "MeasureOfArc" else sympy.Symbol("L")

    assert sympy.simplify(to_sympy(arc.rhs, sym) - m * sympy.pi * r / 180) == 0
    e = parse_fact("Equal(MeasureOfAngle(ABC),2*x+15.5)")
    assert e.rhs == Op("Add", (Op("Mul", (Num(2), Name("x"))), Num(Fraction(31, 2))))
    assert to_sympy(parse_fact("Equal(LengthOfLine(AB),sqrt(3)*2-(1))").rhs) == 2 * sympy.sqrt(3) - 1
    assert to_sympy(parse_fact("Equal(LengthOfLine(AB),-x**2)").rhs) == -sympy.Symbol("x", real=True) ** 2


@pytest.mark.parametrize("text,col", [
    ("Collinear(ABC)&", 16),
    ("Equal(LengthOfLine(AB),__import__)", 24),
    ("Equal(LengthOfLine(ab),1)", 20),
    ("Equal(Add(1),2)", 12),
    ("LengthOfLine(AB)", 1),
    ("Equal(Foo(AB),1)", 7),
    ("Collinear(ABC))", 15),
    ("Equal(1;2)", 8),
])
def test_bad_text_is_refused_with_its_column(text, col):
    with pytest.raises(GDLError, match=f"col {col}:"):
        parse_formula(text)


def test_bad_files(tmp_path):
    bad = tmp_path / "theorem_GDL.json"
    bad.write_text('{"x(AB)": {"1": {"premise": "Line(AB)"', encoding="utf-8")
    with pytest.raises(GDLError, match=r"theorem_GDL.json:1:\d+: "):
        load_theorems(bad)
    bad.write_text('{"x(AB)": {"1": {"premise": "Line(AB)&", "conclusion": []}}}', encoding="utf-8")
    with pytest.raises(GDLError, match=r"x\(AB\) variant 1 premise: col 10"):
        load_theorems(bad)
    bad.write_text('{"x(AB)": {"1": {"premise": "Line(AB)"}}}', encoding="utf-8")
    with pytest.raises(GDLError, match="needs a premise and a conclusion"):
        load_theorems(bad)
    with pytest.raises(GDLError, match="cannot read"):
        load_theorems(tmp_path / "missing.json")


# -- conclusions against coordinates ---------------------------------------------------------------


def _measure(q: Quantity, pts: dict) -> float:
    """A quantity measured on the drawn figure (unoriented angles, in degrees)."""
    (arg,) = q.args
    P = [pts[c] for c in arg]
    if q.name == "LengthOfLine":
        return math.dist(*P)
    if q.name == "MeasureOfAngle":
        (ax, ay), (bx, by), (cx, cy) = P
        u, v = (ax - bx, ay - by), (cx - bx, cy - by)
        return math.degrees(math.acos((u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))))
    if q.name == "AreaOfTriangle":
        (ax, ay), (bx, by), (cx, cy) = P
        return abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2
    if q.name == "PerimeterOfTriangle":
        return sum(math.dist(P[i], P[(i + 1) % 3]) for i in range(3))
    raise KeyError(q.name)


def _holds(eq: Equation, pts: dict) -> bool:
    def num(q):
        return sympy.Float(_measure(q, pts), 30)

    lhs, rhs = float(to_sympy(eq.lhs, num)), float(to_sympy(eq.rhs, num))
    return math.isclose(lhs, rhs, rel_tol=1e-9, abs_tol=1e-9)


def _triangle(rng):
    while True:
        pts = {c: (rng.uniform(-10, 10), rng.uniform(-10, 10)) for c in "ABC"}
        (ax, ay), (bx, by), (cx, cy) = pts.values()
        if abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) > 5 and min(
                math.dist(pts[p], pts[q]) for p, q in ("AB", "BC", "CA")) > 1:
            return pts


@pytest.mark.parametrize("name", ["cosine_theorem", "sine_theorem", "triangle_area_formula_sine",
                                  "triangle_property_angle_sum", "triangle_perimeter_formula"])
def test_triangle_theorems_hold_on_random_triangles(name):
    rng = random.Random(name)
    for _ in range(25):
        pts = _triangle(rng)
        for v in THEOREMS[name].variants:
            assert v.premise == Predicate("Polygon", ("ABC",))
            for c in v.conclusions:
                assert _holds(c, pts), (name, c, pts)


def test_pythagoras_line_addition_and_bisector_hold_when_their_premises_do():
    rng = random.Random(7)
    for _ in range(25):
        t, a, c = rng.uniform(0, 6.3), rng.uniform(1, 9), rng.uniform(1, 9)
        co, si = math.cos(t), math.sin(t)
        right = {"A": (-si * a, co * a), "B": (0.0, 0.0), "C": (co * c, si * c)}  # the right angle at B, turned
        (conc,) = THEOREMS["right_triangle_property_pythagorean"].variants[0].conclusions
        assert _holds(conc, right)
        s = rng.uniform(0.1, 0.9)
        A, C = (rng.uniform(-5, 5), rng.uniform(-5, 5)), (rng.uniform(-5, 5), rng.uniform(-5, 5))
        line = {"A": A, "B": (A[0] + s * (C[0] - A[0]), A[1] + s * (C[1] - A[1])), "C": C}  # Collinear(ABC)
        (conc,) = THEOREMS["line_addition"].variants[0].conclusions
        assert _holds(conc, line)
        # IsBisectorOfAngle(BD,ABC) & Collinear(CDA): D where the bisector from B meets AC
        tri = _triangle(rng)
        (ax, ay), (bx, by), (cx, cy) = tri["A"], tri["B"], tri["C"]
        ua = ((ax - bx) / math.dist(tri["A"], tri["B"]), (ay - by) / math.dist(tri["A"], tri["B"]))
        uc = ((cx - bx) / math.dist(tri["C"], tri["B"]), (cy - by) / math.dist(tri["C"], tri["B"]))
        d = (ua[0] + uc[0], ua[1] + uc[1])
        # B + k d = A + m (C - A): solve the 2x2 system
        det = d[0] * -(cy - ay) + (cx - ax) * d[1]
        k = ((ax - bx) * -(cy - ay) + (cx - ax) * (ay - by)) / det
        tri["D"] = (bx + k * d[0], by + k * d[1])
        (conc,) = THEOREMS["bisector_of_angle_property_length_formula"].variants[0].conclusions
        assert _holds(conc, tri)


# -- what decides each equation ------------------------------------------------------------------


def _first_equation(name):
    return next(c for v in THEOREMS[name].variants for c in v.conclusions if isinstance(c, Equation))


@pytest.mark.parametrize("name,kind,measure", [
    ("line_addition", "linear", "length"),
    ("triangle_property_angle_sum", "linear", "angle"),
    ("vertical_angle", "linear", "angle"),
    ("right_triangle_property_pythagorean", "nonlinear", "length"),
    ("cosine_theorem", "trig", "mixed"),
    ("sine_theorem", "trig", "mixed"),
    ("arc_length_formula", "ratio", "mixed"),
    ("circle_area_formula", "ratio", "mixed"),
    ("trapezoid_area_formula", "nonlinear", "mixed"),
])
def test_classification(name, kind, measure):
    eq = _first_equation(name)
    assert classify(eq) == kind
    assert domain(eq) == measure


def test_coverage_report():
    cov = coverage(THEOREMS)
    assert set(cov.kinds) == set(THEOREMS)
    assert cov.kinds["parallel_judgment_par_par"] == {"relation"}
    assert "nonlinear" in cov.kinds["right_triangle_property_pythagorean"]
    assert "ratio" in cov.kinds["similar_triangle_property_line_ratio"]
    n_eq = sum(1 for t in THEOREMS.values() for v in t.variants for c in v.conclusions)
    assert sum(cov.equations.values()) == n_eq
    text = cov.report()
    assert "FormalGeo theorems: 196" in text and "cosine_theorem" in text
    linear_only = cov.theorems_where(lambda k: "linear" in k and k <= {"linear", "relation"})
    assert "line_addition" in linear_only and "cosine_theorem" not in linear_only


# -- into the linear table -----------------------------------------------------------------------


def test_linear_and_log_forms_agree_with_the_classification():
    """Every GDL equation classified linear has a linear form, every ratio one a log form, and
    the forms are the equation: checked at random positive values of the quantities."""
    rng = random.Random(3)
    for th in THEOREMS.values():
        for v in th.variants:
            for c in v.conclusions:
                if not isinstance(c, Equation):
                    continue
                kind, lin, log = classify(c), linear_form(c), log_form(c)
                assert (lin is not None) == (kind == "linear"), (th.name, c)
                if kind == "ratio":
                    assert log is not None, (th.name, c)
                values: dict = {}

                def sym(q, values=values):
                    return values.setdefault(q, sympy.Rational(rng.randint(1, 50), rng.randint(1, 7)))

                residual = to_sympy(c.lhs, sym) - to_sympy(c.rhs, sym)
                if lin is not None:
                    coeffs, const = lin
                    assert sympy.expand(sum(k * values[q] for q, k in coeffs.items()) - const - residual) == 0
                if log is not None:
                    coeffs, const = log
                    lhs = sum(sympy.Rational(k.numerator, k.denominator) * sympy.log(values[q])
                              for q, k in coeffs.items())
                    rhs = sum(sympy.Rational(k.numerator, k.denominator) * a.expr for a, k in const.items())
                    # lhs - rhs is the log of lhs_side / rhs_side of the equation: zero exactly when it holds
                    l_side, r_side = to_sympy(c.lhs, sym), to_sympy(c.rhs, sym)
                    assert math.isclose(float(lhs - rhs), math.log(float(l_side) / float(r_side)), abs_tol=1e-9)


def test_angle_chase_from_an_instantiated_theorem():
    th = THEOREMS["triangle_property_angle_sum"]
    inst = rename(th.variants[0], {"A": "P", "B": "Q", "C": "R"})
    assert inst.premise == Predicate("Polygon", ("PQR",))
    t = LinearTable()
    coeffs, const = linear_form(inst.conclusions[0], str)
    t.add(coeffs, const, label=th.name)
    t.add_value("MeasureOfAngle(PQR)", 50, label="given")
    t.add_value("MeasureOfAngle(QRP)", 60, label="given")
    ans = t.value("MeasureOfAngle(RPQ)")
    assert ans.value == 70 and {e.label for e, _ in ans.why} == {th.name, "given"}


def test_ratio_chase_from_similar_triangles():
    """ABC ~ DEF with AB = 4, DE = 6, BC = 5: EF = 15/2, on the logs of the lengths."""
    th = THEOREMS["similar_triangle_property_line_ratio"]

    def key(q):
        if q.name == "RatioOfSimilarTriangle":
            return "k"
        return "".join(sorted(q.args[0]))  # a segment either way round

    t = LinearTable()
    for turn in ({}, {"A": "B", "B": "C", "C": "A", "D": "E", "E": "F", "F": "D"},
                 {"A": "C", "B": "A", "C": "B", "D": "F", "E": "D", "F": "E"}):
        eq = rename(th.variants[0], turn).conclusions[0]
        coeffs, const = log_form(eq, key)
        t.add(coeffs, const, label=th.name)
    t.add({"AB": 1}, log_constant(4))
    t.add({"DE": 1}, log_constant(6))
    t.add({"BC": 1}, log_constant(5))
    ans = t.value("EF")
    assert sympy.exp(ans.value) == sympy.Rational(15, 2)
    assert sympy.exp(t.value("k").value) == sympy.Rational(2, 3)
    assert t.value("CA") is None


# -- the problems' annotated solutions --------------------------------------------------------------


def test_problem_classes_of_annotated_solutions():
    from bench.theorems_gdl import problem_class, variant_kinds

    kinds = variant_kinds(THEOREMS)
    assert problem_class([], kinds, "p") == "relations only"
    assert problem_class(["parallel_judgment_par_par(1,AB,CD,EF)"], kinds, "p") == "relations only"
    assert problem_class(["adjacent_complementary_angle(1,CMA,AMB)", "triangle_perimeter_formula(1,AMB)"],
                         kinds, "p") == "linear"
    assert problem_class(["line_addition(1,AB,BC)", "similar_triangle_property_line_ratio(1,ABC,DEF)"],
                         kinds, "p") == "linear and ratio"
    assert problem_class(["line_addition(1,AB,BC)", "right_triangle_property_pythagorean(1,CMA)"],
                         kinds, "p") == "non-linear or trig"
    with pytest.raises(GDLError, match="unknown theorem 'no_such'"):
        problem_class(["no_such(1,AB)"], kinds, "p")
    with pytest.raises(GDLError, match="p: not a theorem step"):
        problem_class(["Line(AB)"], kinds, "p")


def test_problems_report_and_its_errors(tmp_path, capsys):
    import gzip

    from bench.theorems_gdl import main

    rows = [{"source": "GeoQA-1", "theorem_seqs": ["line_addition(1,AB,BC)"]},
            {"source": "Geometry3k-2", "theorem_seqs": ["cosine_theorem(1,ABC)"]},
            {"source": "Geometry3k-3", "theorem_seqs": []}]
    path = tmp_path / "p.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["--problems", str(path)]) == 0
    out = capsys.readouterr().out
    assert "all (3): relations only 1 (33.3 %), linear 1 (33.3 %), linear and ratio 0 (0.0 %), " \
           "non-linear or trig 1 (33.3 %)" in out
    assert "GeoQA (1): relations only 0 (0.0 %), linear 1 (100.0 %)" in out
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(rows[0]) + "\n{oops\n", encoding="utf-8")
    assert main(["--problems", str(bad)]) == 1
    assert capsys.readouterr().err.strip() == f"error: {bad}:2: not a FormalGeo problem record"
    assert main(["--problems", str(tmp_path / "none.jsonl")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_values_and_answers_parse():
    """Goals' values and FormalGeo's answers: GDL's Sin is of degrees, the answers' sin of radians."""
    assert to_sympy(parse_value("2*sqrt(21)")) == 2 * sympy.sqrt(21)
    assert to_sympy(parse_value("25*pi")) == 25 * sympy.pi
    assert to_sympy(parse_value("8/3")) == sympy.Rational(8, 3)
    assert to_sympy(parse_value("Sin(30)")) == sympy.Rational(1, 2)
    assert to_sympy(parse_value("sin(pi/6)")) == sympy.Rational(1, 2)
    expr = to_sympy(parse_value("24*sqrt(1-sin(8*pi/45)**2)/sin(8*pi/45)"))
    assert math.isclose(float(expr), 24 / math.tan(8 * math.pi / 45), rel_tol=1e-12)
    goal = parse_value("Div(LengthOfLine(CD),LengthOfLine(CB))")
    assert goal == Op("Div", (Quantity("LengthOfLine", ("CD",)), Quantity("LengthOfLine", ("CB",))))
    assert math.isclose(float(to_sympy(parse_value("cos(pi*(-asin(4/5)/pi+1/2))"))), 0.8, rel_tol=1e-12)
    assert parse_value("Tan(α)") == Op("Tan", (Name("α"),))
    with pytest.raises(GDLError, match="col 4: unexpected"):
        parse_value("2*x)")
