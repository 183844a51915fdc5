"""Every formula of every kind against coordinate geometry computed independently.

For random valid instances of each kind (its construction, at parameters
hypothesis draws), every element is measured from coordinates alone
(distances, atan2 angles, Green's-theorem areas with exact arcs, arc lengths);
then every equation must hold and every derived rule must give back the
measured value of its output from the measured values of its inputs.
"""
from __future__ import annotations

import math

import pytest
import sympy
from geomill.engine.catalogue import KINDS
from geomill.engine.geometry import construct, measure
from geomill.engine.model import QKind
from geomill.engine.rules import chain, compiled, rules_for
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

KIND_KEYS = sorted(KINDS)


def _instance(kind, data):
    cons = kind.construction
    params = {p.name: data.draw(st.floats(*cons.sample[p], allow_nan=False), label=p.name) for p in cons.params}
    if cons.valid is not None:
        assume(bool(cons.valid.subs({sympy.Symbol(k, positive=True): v for k, v in params.items()})))
    coords = construct(kind, params)
    measured = measure(kind, coords)
    values = {s: v[0] for s, v in measured.items()}
    assume(min(values.values()) > 1e-3)
    for names, holds in kind.constraint_checks:
        assume(holds(*(values[n] for n in names)))
    return measured, values


def for_every_kind(test):
    """Run ``test(key, data)`` for every kind, on instances hypothesis draws."""
    test = given(data=st.data())(test)
    test = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])(test)
    return pytest.mark.parametrize("key", KIND_KEYS)(test)


def close(a: float, b: float, tol: float = 1e-7) -> bool:
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


@for_every_kind
def test_equations_hold_on_coordinates(key, data):
    kind = KINDS[key]
    measured, values = _instance(kind, data)
    for sym, vals in measured.items():  # elements a kind makes equal are equal in the figure
        assert all(close(v, vals[0]) for v in vals), (sym, vals)
    for sym, const in kind.constants.items():
        assert close(values[sym], float(const)), (sym, values[sym], const)
    subs = {kind.symbol(s): v for s, v in values.items()}
    for eqn in kind.equations:
        lhs, rhs = float(eqn.lhs.subs(subs)), float(eqn.rhs.subs(subs))
        assert close(lhs, rhs), f"{key}: {eqn.name}: {eqn.lhs} = {eqn.rhs} gives {lhs} vs {rhs}"


@for_every_kind
def test_constraints_hold_on_every_figure_the_construction_draws(key, data):
    """A constraint is a necessary condition: one that failed on a real figure would have the solver
    call drawable values impossible.  (``_instance`` assumes them; here they are asserted.)"""
    kind = KINDS[key]
    cons = kind.construction
    params = {p.name: data.draw(st.floats(*cons.sample[p], allow_nan=False), label=p.name) for p in cons.params}
    assume(kind.valid_check is None or kind.valid_check(*(params[p.name] for p in cons.params)))
    values = {s: v[0] for s, v in measure(kind, construct(kind, params)).items()}
    assume(min(values.values()) > 1e-3)
    for names, holds in kind.constraint_checks:
        assert holds(*(values[n] for n in names)), (names, values)


def test_a_parallelogram_drawn_as_a_trapezoid_meets_its_constraints():
    """Equal bases and legs are a parallelogram, which exists; measured in floats, the legs differ by a
    rounding ((g + b) - a is not g), which must not make the values impossible."""
    kind = KINDS["trapezoid"]
    coords = construct(kind, {"a": 18.226, "b": 18.226, "h": 1.204, "g": -3.633})
    values = {s: v[0] for s, v in measure(kind, coords).items()}
    assert values["e"] != values["f"]
    assert kind.satisfies(values)
    assert not kind.satisfies({**values, "f": values["e"] + 0.5})  # legs 0.5 apart, bases equal: none


def test_a_kind_with_constraints_says_what_they_mean():
    """The solver's error on impossible values ends with the kind's words for its constraints."""
    for key, kind in KINDS.items():
        assert bool(kind.constraints) == bool(kind.impossible), key


@for_every_kind
def test_every_rule_recovers_the_measured_value(key, data):
    kind = KINDS[key]
    _, values = _instance(kind, data)
    for rule in rules_for(key):
        got = compiled(rule)(*(values[n] for n in rule.inputs))
        assert close(float(got), values[rule.output], 1e-6), f"{rule}: {got} != {values[rule.output]}"


def test_catalogue_size_and_rules():
    shapes = [k for k in KINDS.values() if not k.relation]
    assert len(KINDS) >= 20 and len(shapes) >= 20
    for key, kind in KINDS.items():
        rules = rules_for(key)
        assert rules, key
        # every equation yields at least one direction, and every element the
        # kind declares is reachable by some rule or fixed as a constant
        assert {r.equation for r in rules} == set(range(len(kind.equations))), key
        outputs = {r.output for r in rules} | set(kind.constants)
        assert outputs == set(kind.elements), (key, set(kind.elements) - outputs)


def test_geomverse_shapes_are_all_there():
    titles = {k.title for k in KINDS.values()}
    for t in ("square", "rectangle", "triangle", "right triangle", "parallelogram", "trapezoid", "semi-circle",
              "sector", "rectangle plus semi-circle", "rectangle minus semi-circle",
              "rectangle plus equilateral triangle", "rectangle minus equilateral triangle", "square minus circle",
              "supplementary angles", "complementary angles", "vertical angles", "circle",
              "equilateral triangle", "isosceles triangle", "rhombus", "kite", "regular pentagon"):
        assert t in titles, t


def test_ambiguous_directions_are_not_rules():
    """An angle from a sine (law of sines, area formula) could be acute or obtuse: no rule."""
    tri = rules_for("triangle")
    assert not [r for r in tri if r.output in "ABC" and r.source.name in ("law of sines", "area formula of a triangle")]
    # the right triangle's acute angles are fine from a sine
    assert [r for r in rules_for("right_triangle") if r.output == "B" and r.source.name == "sine of an acute angle"]


def test_measured_areas_are_independent_of_the_catalogue():
    """Spot checks of the measurement itself against textbook values."""
    sq = KINDS["square_minus_circle"]
    m = measure(sq, construct(sq, {"s": 2.0}))
    assert close(m["S"][0], 4 - math.pi) and close(m["P"][0], 8 + 2 * math.pi)
    semi = KINDS["rectangle_minus_semicircle"]
    m = measure(semi, construct(semi, {"a": 5.0, "d": 2.0}))
    assert close(m["S"][0], 10 - math.pi / 2) and close(m["P"][0], 10 + 2 + math.pi)
    sector = KINDS["sector"]
    m = measure(sector, construct(sector, {"r": 3.0, "T": 90.0}))
    assert close(m["S"][0], 9 * math.pi / 4) and close(m["L"][0], 1.5 * math.pi) and close(m["T"][0], 90)


def test_elements_bind_to_named_quantities():
    from geomill.dsl import parse
    p = parse("BCDE: rectangle + semicircle on EB\nfind area BCDE")
    decl = p.shapes[0]
    bound = KINDS[decl.kind].bind(decl)
    assert {q.name for q in bound["d"]} >= {"EB"} or {q.name for q in bound["d"]} >= {"BE"}
    assert all(q.kind is QKind.LENGTH for q in bound["a"])


def test_chain_derives_what_the_known_values_determine():
    """engine.rules.chain: the kind's rules applied until nothing new follows, checked against
    the coordinates of the same triangle."""
    got = chain("triangle", {"b": 4.0, "c": 3.0, "A": 90.0})
    coords = {0: (0.0, 0.0), 1: (3.0, 0.0), 2: (0.0, 4.0)}
    for sym, (value,) in measure(KINDS["triangle"], coords).items():
        assert got[sym] == pytest.approx(value), sym


def test_chain_passes_over_an_impossible_value_unless_strict():
    # sides 1, 1, 5 break the triangle inequality: the law of cosines leaves its domain
    loose = chain("triangle", {"a": 1.0, "b": 1.0, "c": 5.0})
    assert loose is not None and "A" not in loose and loose["P"] == pytest.approx(7.0)
    assert chain("triangle", {"a": 1.0, "b": 1.0, "c": 5.0}, strict=True) is None
    # an angle sum that leaves nothing for the third angle
    assert chain("triangle", {"A": 120.0, "B": 70.0}, strict=True) is None


def _eager_regular(n: int) -> tuple[dict, dict, tuple]:
    """A regular n-gon's constants, vertices and equations as the catalogue built them for every n at import,
    before they were made on first use."""
    s, big_s, big_p = sympy.symbols("s S P", positive=True)
    pi = sympy.pi
    ext = 2 * pi / n
    circ = s / (2 * sympy.sin(pi / n))
    coords = {i: (circ * sympy.cos(-pi / 2 - ext / 2 + i * ext), circ * sympy.sin(-pi / 2 - ext / 2 + i * ext))
              for i in range(n)}
    from geomill.engine.catalogue import _REGULAR_AREA

    area = _REGULAR_AREA.get(n, sympy.Integer(n) / (4 * sympy.tan(pi / n)))
    return {"I": sympy.Integer(180 * (n - 2)) / n}, coords, (big_s - area * s**2, big_p - n * s)


REGULAR_KEYS = [k for k in KIND_KEYS if k.startswith("regular_")]


@pytest.mark.parametrize("key", REGULAR_KEYS)
def test_a_regular_kind_made_on_first_use_equals_the_eager_one(key):
    """Each regular polygon's exact parts, made when first read, are the ones built eagerly before: the same
    expressions, and on coordinates its sides are all s and its corners all the interior angle."""
    kind = KINDS[key]
    n = kind.n_points
    constants, coords, equations = _eager_regular(n)
    assert dict(kind.constants) == constants
    assert dict(kind.construction.coords) == coords
    assert tuple(e.expr for e in kind.equations) == equations
    pts = construct(kind, {"s": 3.0})
    for i in range(n):
        a, b, c = pts[(i - 1) % n], pts[i], pts[(i + 1) % n]
        assert math.dist(b, c) == pytest.approx(3.0)
        turn = math.degrees(math.atan2(a[1] - b[1], a[0] - b[0]) - math.atan2(c[1] - b[1], c[0] - b[0])) % 360
        assert turn == pytest.approx(float(constants["I"]))


def test_regular_kinds_are_made_only_when_read():
    """Building the catalogue makes no regular polygon's exact parts (sympy's cos and sin of every π/n, a
    quarter second); reading one kind's makes that kind's alone.  In a fresh process: this one's are made."""
    import subprocess
    import sys

    probe = ("from geomill.engine.kinds import KINDS, DEFERRED_PARTS\n"
             "def made():\n"
             "    return sorted(k for k, v in KINDS.items() if any(p in vars(v) for p in DEFERRED_PARTS))\n"
             "regular = [k for k in KINDS if k.startswith('regular_')]\n"
             "before = made()\n"
             "KINDS['regular_heptagon'].construction\n"
             "print(len(regular), before == [k for k in before if not k.startswith('regular_')], made() == sorted("
             "[*before, 'regular_heptagon']))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["20", "True", "True"]


def test_a_regular_kind_pickles_whether_or_not_its_parts_are_made():
    """A worker process gets a kind by pickle: one not yet made makes its parts there, one made carries them."""
    import pickle
    import subprocess
    import sys

    from geomill.engine.catalogue import _regular

    fresh = _regular(9)  # (a kind of its own, not the catalogue's: nothing made yet)
    assert "construction" not in vars(fresh)
    sent = pickle.dumps(fresh)
    expected = sympy.srepr(KINDS["regular_nonagon"].construction.coords[4])
    there = subprocess.run([sys.executable, "-c", "import pickle, sys, sympy\n"
                            "kind = pickle.loads(sys.stdin.buffer.read())\n"
                            "print(sympy.srepr(kind.construction.coords[4]))"],
                           input=sent, capture_output=True, check=True).stdout.decode().strip()
    assert there == expected
    made = pickle.loads(pickle.dumps(KINDS["regular_nonagon"]))
    assert "construction" in vars(made) and made.constants == KINDS["regular_nonagon"].constants
    assert made.key == "regular_nonagon" and made.forms == KINDS["regular_nonagon"].forms


def test_a_regular_kinds_rule_cache_key_is_the_same_in_every_process():
    """The rules' cache key reads every field of a kind: the function that makes a regular kind's parts is
    none of them (its text names an address, which would derive the rules again in each process)."""
    import subprocess
    import sys

    from geomill.engine.rules import kind_hash

    probe = ("from geomill.engine.kinds import KINDS\nfrom geomill.engine.rules import kind_hash\n"
             "print(kind_hash(KINDS['regular_heptagon']))")
    there = {subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
             for _ in range(2)}
    assert there == {kind_hash(KINDS["regular_heptagon"])}
