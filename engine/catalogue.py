"""The shape catalogue: every kind geomill knows, each defined once as data.

Each block below is the whole truth about one kind.  Its DSL forms, directed
rules (engine.rules), solution sentences, figure outline and property tests
all follow from it; adding a kind is adding one block to ``KINDS`` (or, for a
block kept elsewhere, ``with registered(kind):``).

Conventions: vertices are numbered in the order of the written name after it
is turned to the canonical role order (see ``ShapeKind.resolve``); angles are
in degrees; ``pool`` says whether GeomVerse calls the kind standard,
non-standard, or whether it is an extra of geomill's.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial

import sympy
from sympy import cos, pi, sin, sqrt

from .kinds import (
    ARC,
    AREA,
    KINDS,
    PERIMETER,
    RADIUS,
    Arc,
    Construction,
    DeferredKind,
    Line,
    ShapeKind,
    angle,
    cosd,
    eq,
    height,
    side,
    sind,
    symbols,
    tand,
)


def _polygon(n: int) -> tuple[tuple[Line, ...], ...]:
    return (tuple(Line(i, (i + 1) % n) for i in range(n)),)


def _corners(n: int) -> tuple[tuple[int, int, int], ...]:
    return tuple(((i - 1) % n, i, (i + 1) % n) for i in range(n))


def _sides(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((i, (i + 1) % n) for i in range(n))


def _add(kind: ShapeKind) -> ShapeKind:
    KINDS[kind.key] = kind
    return kind


@contextmanager
def registered(*kinds: ShapeKind) -> Iterator[None]:
    """The catalogue with these kinds added, for the length of a block (a test's, a plugin's).

    Everything derived from a kind (its rules, the generator's facts, the DSL's keywords) is
    cached on the kind object or on the catalogue's contents, so nothing stale survives the block."""
    clash = [k.key for k in kinds if k.key in KINDS]
    if clash:
        raise ValueError(f"the catalogue already has {', '.join(clash)}")
    for kind in kinds:
        _add(kind)
    try:
        yield
    finally:
        for kind in kinds:
            KINDS.pop(kind.key, None)


# ---------------------------------------------------------------- triangles
a, b, c, A, B, C, S, P = symbols("a b c A B C S P")
_add(ShapeKind(
    key="triangle", title="triangle", pool="standard",
    forms=("triangle {name}",), n_points=3,
    elements={"a": side((1, 2)), "b": side((2, 0)), "c": side((0, 1)),
              "A": angle((2, 0, 1)), "B": angle((0, 1, 2)), "C": angle((1, 2, 0)),
              "S": AREA, "P": PERIMETER},
    equations=(
        eq(A + B + C, 180, "sum of the angles of a triangle"),
        eq(a**2, b**2 + c**2 - 2 * b * c * cosd(A), "law of cosines"),
        eq(b**2, c**2 + a**2 - 2 * c * a * cosd(B), "law of cosines"),
        eq(c**2, a**2 + b**2 - 2 * a * b * cosd(C), "law of cosines"),
        eq(a * sind(B), b * sind(A), "law of sines"),
        eq(b * sind(C), c * sind(B), "law of sines"),
        eq(c * sind(A), a * sind(C), "law of sines"),
        eq(S, b * c * sind(A) / 2, "area formula of a triangle"),
        eq(S, c * a * sind(B) / 2, "area formula of a triangle"),
        eq(S, a * b * sind(C) / 2, "area formula of a triangle"),
        eq(P, a + b + c, "perimeter formula of a triangle"),
    ),
    constraints=(a < b + c, b < a + c, c < a + b), impossible="the triangle inequality fails",
    construction=Construction(
        params=(b, c, A),
        coords={0: (0, 0), 1: (c, 0), 2: (b * cosd(A), b * sind(A))},
        outline=_polygon(3), sample={b: (2, 20), c: (2, 20), A: (15, 150)}),
    description="any triangle; sides a, b, c opposite angles A, B, C",
))

a, b, c, B, C, R, S, P = symbols("a b c B C R S P")
_add(ShapeKind(
    key="right_triangle", title="right triangle", pool="standard",
    forms=("triangle {name} right at {p}", "right triangle {name} at {p}"), n_points=3,
    pins={"p": (0,)},
    elements={"a": side((1, 2)), "b": side((0, 2)), "c": side((0, 1)),
              "B": angle((0, 1, 2)), "C": angle((0, 2, 1)), "R": angle((1, 0, 2)),
              "S": AREA, "P": PERIMETER},
    constants={"R": sympy.Integer(90)},
    equations=(
        eq(a**2, b**2 + c**2, "Pythagorean theorem"),
        eq(b, a * sind(B), "sine of an acute angle"),
        eq(c, a * sind(C), "sine of an acute angle"),
        eq(c, a * cosd(B), "cosine of an acute angle"),
        eq(b, a * cosd(C), "cosine of an acute angle"),
        eq(b, c * tand(B), "tangent of an acute angle"),
        eq(c, b * tand(C), "tangent of an acute angle"),
        eq(B + C, 90, "sum of the acute angles of a right triangle"),
        eq(S, b * c / 2, "area formula of a right triangle"),
        eq(P, a + b + c, "perimeter formula of a triangle"),
    ),
    constraints=(a > b, a > c), impossible="the hypotenuse must be the longest side",
    construction=Construction(
        params=(b, c), coords={0: (0, 0), 1: (c, 0), 2: (0, b)},
        outline=_polygon(3), sample={b: (2, 20), c: (2, 20)}),
    description="right angle at the first vertex; hypotenuse a, legs b, c",
    right_marks=((1, 0, 2),), pin_phrase="with the right angle at {p}",
))

s, t, u, h, S, P = symbols("s t u h S P")
_add(ShapeKind(
    key="isosceles_triangle", title="isosceles triangle", pool="extra",
    forms=("triangle {name} isosceles at {p}", "isosceles triangle {name} at {p}"), n_points=3,
    pins={"p": (0,)},
    elements={"s": side((0, 1), (0, 2)), "b": side((1, 2)),
              "t": angle((1, 0, 2)), "u": angle((0, 1, 2), (0, 2, 1)),
              "h": height(0, 1, 2), "S": AREA, "P": PERIMETER},
    equations=(
        eq(t + 2 * u, 180, "sum of the angles of a triangle"),
        eq(b, 2 * s * sind(t / 2), "base of an isosceles triangle"),
        eq(b, 2 * s * cosd(u), "base of an isosceles triangle"),
        eq(h, s * cosd(t / 2), "height of an isosceles triangle"),
        eq(h, s * sind(u), "height of an isosceles triangle"),
        eq(h**2 + (b / 2)**2, s**2, "Pythagorean theorem on half the base"),
        eq(S, b * h / 2, "area formula of a triangle"),
        eq(S, s**2 * sind(t) / 2, "area formula of a triangle"),
        eq(P, 2 * s + b, "perimeter formula of an isosceles triangle"),
    ),
    constraints=(b < 2 * s,),
    impossible="the triangle inequality fails: the base must be shorter than the legs together",
    construction=Construction(
        params=(s, t),
        coords={0: (s * sind(t / 2), s * cosd(t / 2)), 1: (0, 0), 2: (2 * s * sind(t / 2), 0)},
        outline=_polygon(3), sample={s: (2, 20), t: (20, 160)}),
    description="equal sides s meet at the first vertex (apex angle t, base angles u)",
    equal_marks=("s",),
    pin_phrase="with the equal sides meeting at {p}",
))
b = symbols("b")

s, h, E, S, P = symbols("s h E S P")
_add(ShapeKind(
    key="equilateral_triangle", title="equilateral triangle", pool="extra",
    forms=("triangle {name} equilateral", "equilateral triangle {name}", "regular triangle {name}",
           "regular polygon {name}"), n_points=3,
    elements={"s": side(*_sides(3)), "E": angle(*_corners(3)), "h": height(0, 1, 2),
              "S": AREA, "P": PERIMETER},
    constants={"E": sympy.Integer(60)},
    equations=(
        eq(S, sqrt(3) * s**2 / 4, "area formula of an equilateral triangle"),
        eq(P, 3 * s, "perimeter formula of an equilateral triangle"),
        eq(h, sqrt(3) * s / 2, "height of an equilateral triangle"),
    ),
    construction=Construction(
        params=(s,), coords={0: (s / 2, sqrt(3) * s / 2), 1: (0, 0), 2: (s, 0)},
        outline=_polygon(3), sample={s: (2, 20)}),
    description="all sides s, all angles 60",
    equal_marks=("s",),
))

# ---------------------------------------------------------------- quadrilaterals
s, d, R, S, P = symbols("s d R S P")
_add(ShapeKind(
    key="square", title="square", pool="standard",
    forms=("square {name}", "regular quadrilateral {name}", "regular polygon {name}"), n_points=4,
    elements={"s": side(*_sides(4)), "d": side((0, 2), (1, 3)), "R": angle(*_corners(4)),
              "S": AREA, "P": PERIMETER},
    constants={"R": sympy.Integer(90)},
    equations=(
        eq(S, s**2, "area formula of a square"),
        eq(P, 4 * s, "perimeter formula of a square"),
        eq(d, sqrt(2) * s, "diagonal of a square"),
    ),
    construction=Construction(
        params=(s,), coords={0: (0, 0), 1: (s, 0), 2: (s, s), 3: (0, s)},
        outline=_polygon(4), sample={s: (2, 20)}),
    description="side s, diagonal d",
    equal_marks=("s",),
))

a, b, d, R, S, P = symbols("a b d R S P")
_add(ShapeKind(
    key="rectangle", title="rectangle", pool="standard",
    forms=("rectangle {name}",), n_points=4,
    elements={"a": side((0, 1), (2, 3)), "b": side((1, 2), (3, 0)), "d": side((0, 2), (1, 3)),
              "R": angle(*_corners(4)), "S": AREA, "P": PERIMETER},
    constants={"R": sympy.Integer(90)},
    equations=(
        eq(S, a * b, "area formula of a rectangle"),
        eq(P, 2 * (a + b), "perimeter formula of a rectangle"),
        eq(d**2, a**2 + b**2, "Pythagorean theorem"),
    ),
    construction=Construction(
        params=(a, b), coords={0: (0, 0), 1: (a, 0), 2: (a, b), 3: (0, b)},
        outline=_polygon(4), sample={a: (2, 20), b: (2, 20)}),
    description="sides a (first side) and b, diagonal d",
))

a, b, h, G, K, S, P = symbols("a b h G K S P")
_add(ShapeKind(
    key="parallelogram", title="parallelogram", pool="standard",
    forms=("parallelogram {name}",), n_points=4,
    elements={"a": side((0, 1), (2, 3)), "b": side((1, 2), (3, 0)),
              "G": angle((3, 0, 1), (1, 2, 3)), "K": angle((0, 1, 2), (2, 3, 0)),
              "h": height(3, 0, 1), "S": AREA, "P": PERIMETER},
    equations=(
        eq(S, a * b * sind(G), "area formula of a parallelogram"),
        eq(S, a * h, "area formula of a parallelogram"),
        eq(h, b * sind(G), "height of a parallelogram"),
        eq(G + K, 180, "consecutive angles of a parallelogram"),
        eq(P, 2 * (a + b), "perimeter formula of a parallelogram"),
    ),
    construction=Construction(
        params=(a, b, G),
        coords={0: (0, 0), 1: (a, 0), 2: (a + b * cosd(G), b * sind(G)), 3: (b * cosd(G), b * sind(G))},
        outline=_polygon(4), sample={a: (2, 20), b: (2, 20), G: (20, 160)}),
    description="sides a (first side) and b, angle G at the first vertex, height h onto the first side",
))

s, p, q, h, G, K, S, P = symbols("s p q h G K S P")
_add(ShapeKind(
    key="rhombus", title="rhombus", pool="extra",
    forms=("rhombus {name}",), n_points=4,
    elements={"s": side(*_sides(4)), "p": side((0, 2)), "q": side((1, 3)),
              "G": angle((3, 0, 1), (1, 2, 3)), "K": angle((0, 1, 2), (2, 3, 0)),
              "h": height(3, 0, 1), "S": AREA, "P": PERIMETER},
    equations=(
        eq(S, s**2 * sind(G), "area formula of a rhombus"),
        eq(S, p * q / 2, "area of a rhombus from its diagonals"),
        eq(S, s * h, "area formula of a parallelogram"),
        eq(G + K, 180, "consecutive angles of a parallelogram"),
        eq(p, 2 * s * cosd(G / 2), "diagonal of a rhombus"),
        eq(q, 2 * s * sind(G / 2), "diagonal of a rhombus"),
        eq(4 * s**2, p**2 + q**2, "Pythagorean theorem on the half diagonals"),
        eq(P, 4 * s, "perimeter formula of a rhombus"),
    ),
    construction=Construction(
        params=(s, G),
        coords={0: (0, 0), 1: (s, 0), 2: (s + s * cosd(G), s * sind(G)), 3: (s * cosd(G), s * sind(G))},
        outline=_polygon(4), sample={s: (2, 20), G: (20, 160)}),
    description="side s, diagonals p (through the first vertex) and q, angle G at the first vertex",
    equal_marks=("s",),
))

a, b, p, q, K, S, P = symbols("a b p q K S P")
_k_alpha = sympy.acos((a**2 + p**2 - b**2) / (2 * a * p))
_add(ShapeKind(
    key="kite", title="kite", pool="extra",
    forms=("kite {name} at {p}", "kite {name}"), n_points=4, pins={"p": (0,)},
    elements={"a": side((0, 1), (0, 3)), "b": side((2, 1), (2, 3)), "p": side((0, 2)), "q": side((1, 3)),
              "K": angle((0, 1, 2), (0, 3, 2)), "S": AREA, "P": PERIMETER},
    equations=(
        eq(S, p * q / 2, "area of a kite from its diagonals"),
        eq(S, a * b * sind(K), "area formula of a kite"),
        eq(p**2, a**2 + b**2 - 2 * a * b * cosd(K), "law of cosines"),
        eq(P, 2 * (a + b), "perimeter formula of a kite"),
    ),
    # convex, not a dart: the feet of both side pairs on the axis p lie between its ends
    constraints=(p < a + b, a < p + b, b < p + a, a**2 < p**2 + b**2, b**2 < p**2 + a**2),
    impossible="the triangles on either side of its axis cannot be made with these sides",
    construction=Construction(
        params=(a, b, p),
        coords={0: (0, 0), 2: (p, 0),
                1: (a * cos(_k_alpha), a * sin(_k_alpha)), 3: (a * cos(_k_alpha), -a * sin(_k_alpha))},
        outline=_polygon(4), sample={a: (2, 20), b: (2, 20), p: (2, 36)},
        valid=sympy.And(p < a + b, a < p + b, b < p + a, a**2 < p**2 + b**2, b**2 < p**2 + a**2)),
    description="sides a meet at the first vertex, sides b at the third; diagonals p (the axis) and q",
    equal_marks=("a", "b"),
    pin_phrase="with the equal sides meeting at {p}",
))

a, b, h, e, f, g, S, P = symbols("a b h e f g S P")
_add(ShapeKind(
    key="trapezoid", title="trapezoid", pool="standard",
    forms=("trapezoid {name} bases {s} {s2}",), n_points=4,
    pins={"s": (0, 1), "s2": (2, 3)},
    elements={"a": side((0, 1)), "b": side((2, 3)), "e": side((1, 2)), "f": side((3, 0)),
              "h": height(3, 0, 1), "S": AREA, "P": PERIMETER},
    equations=(
        eq(S, (a + b) * h / 2, "area formula of a trapezoid"),
        eq(P, a + b + e + f, "perimeter formula of a trapezoid"),
    ),
    # the legs, one moved along the bases to meet the other, close a triangle on the bases' difference,
    # strictly (on the boundary the trapezoid is flat), or both pairs are equal (a parallelogram, whose
    # height the sides leave free; equal to a relative 1e-6, as values derived in floats are).  No "height
    # at most a leg": a right trapezoid's height is its leg, and a derived value may exceed it by a rounding.
    constraints=(sympy.Or((e - f)**2 < (a - b)**2,
                          sympy.And((e - f)**2 <= (e + f)**2 / 10**12, (a - b)**2 <= (a + b)**2 / 10**12)),
                 (a - b)**2 < (e + f)**2),
    impossible="the legs and the difference of the bases must make a triangle",
    construction=Construction(
        params=(a, b, h, g),
        coords={0: (0, 0), 1: (a, 0), 2: (g + b, h), 3: (g, h)},
        outline=_polygon(4), sample={a: (4, 24), b: (2, 20), h: (2, 16), g: (-4, 8)}),
    description="parallel bases a (first two vertices) and b, legs e and f, height h",
    pin_phrase="with the bases {s} and {s2}",
))

# ---------------------------------------------------------------- round shapes
d, r, S, P = symbols("d r S P")
_add(ShapeKind(
    key="circle", title="circle", pool="extra",
    forms=("circle on {s}",), n_points=2, cyclic=False,
    elements={"d": side((0, 1)), "r": RADIUS, "S": AREA, "P": PERIMETER},
    equations=(
        eq(r, d / 2, "radius is half the diameter"),
        eq(S, pi * d**2 / 4, "area formula of a circle"),
        eq(P, pi * d, "circumference of a circle"),
    ),
    construction=Construction(
        params=(d,), coords={0: (0, 0), 1: (d, 0), "O": (d / 2, 0)},
        outline=((Arc("O", 0, 1), Arc("O", 1, 0)),), sample={d: (2, 20)}),
    description="diameter d on the named segment, radius r, circumference P",
))

d, r, L, S, P = symbols("d r L S P")
_add(ShapeKind(
    key="semicircle", title="semi-circle", pool="standard",
    forms=("semicircle on {s}",), n_points=2, cyclic=False,
    elements={"d": side((0, 1)), "r": RADIUS, "L": ARC, "S": AREA, "P": PERIMETER},
    equations=(
        eq(r, d / 2, "radius is half the diameter"),
        eq(S, pi * d**2 / 8, "area formula of a semi-circle"),
        eq(L, pi * d / 2, "arc length of a semi-circle"),
        eq(P, d + pi * d / 2, "perimeter formula of a semi-circle"),
    ),
    construction=Construction(
        params=(d,), coords={0: (0, 0), 1: (d, 0), "O": (d / 2, 0)},
        outline=((Line(0, 1), Arc("O", 1, 0)),), sample={d: (2, 20)}),
    description="diameter d on the named segment, arc L",
))

r, T, L, S, P = symbols("r T L S P")
_add(ShapeKind(
    key="sector", title="sector", pool="standard",
    forms=("sector {a}",), n_points=3, cyclic=False,
    elements={"r": side((1, 0), (1, 2)), "T": angle((0, 1, 2)), "L": ARC, "S": AREA, "P": PERIMETER},
    equations=(
        eq(S, T / 360 * pi * r**2, "area formula of a sector"),
        eq(L, T / 360 * 2 * pi * r, "arc length of a sector"),
        eq(P, 2 * r + T / 360 * 2 * pi * r, "perimeter formula of a sector"),
    ),
    constraints=(T < 180,), impossible="its angle must be under 180°",
    construction=Construction(
        params=(r, T), coords={1: (0, 0), 0: (r, 0), 2: (r * cosd(T), r * sind(T))},
        outline=((Line(1, 0), Arc(1, 0, 2), Line(2, 1)),), sample={r: (2, 20), T: (15, 170)}),
    description="centre at the middle letter, radius r, angle T, arc L",
))

# ---------------------------------------------------------------- composites (GeomVerse's non-standard shapes)
a, d, R, S, P = symbols("a d R S P")
_rect_coords = {0: (0, 0), 1: (a, 0), 2: (a, d), 3: (0, d), "O": (0, d / 2)}
_add(ShapeKind(
    key="rectangle_plus_semicircle", title="rectangle plus semi-circle", pool="nonstandard",
    forms=("{name}: rectangle + semicircle on {s}",), n_points=4, pins={"s": (3, 0)},
    elements={"a": side((0, 1), (2, 3)), "d": side((1, 2), (3, 0)), "R": angle(*_corners(4)),
              "S": AREA, "P": PERIMETER},
    constants={"R": sympy.Integer(90)},
    equations=(
        eq(S, a * d + pi * d**2 / 8, "area of a rectangle plus a semi-circle"),
        eq(P, 2 * a + d + pi * d / 2, "perimeter of a rectangle plus a semi-circle"),
    ),
    construction=Construction(
        params=(a, d), coords=_rect_coords,
        outline=((Line(0, 1), Line(1, 2), Line(2, 3), Arc("O", 3, 0, ccw=True)),),
        sample={a: (2, 20), d: (2, 20)}),
    description="a rectangle (sides a and d) with a semi-circle outside on a side d",
    right_marks=((0, 1, 2), (1, 2, 3)), phrase="a combination of a rectangle and a semi-circle",
    pin_phrase="with the semi-circle on the {s} side",
))

_add(ShapeKind(
    key="rectangle_minus_semicircle", title="rectangle minus semi-circle", pool="nonstandard",
    forms=("{name}: rectangle - semicircle on {s}",), n_points=4, pins={"s": (3, 0)},
    elements={"a": side((0, 1), (2, 3)), "d": side((1, 2), (3, 0)), "R": angle(*_corners(4)),
              "S": AREA, "P": PERIMETER},
    constants={"R": sympy.Integer(90)},
    equations=(
        eq(S, a * d - pi * d**2 / 8, "area of a rectangle minus a semi-circle"),
        eq(P, 2 * a + d + pi * d / 2, "perimeter of a rectangle minus a semi-circle"),
    ),
    constraints=(2 * a > d,), impossible="the semi-circle cut out must fit inside the rectangle",
    construction=Construction(
        params=(a, d), coords=_rect_coords,
        outline=((Line(0, 1), Line(1, 2), Line(2, 3), Arc("O", 3, 0, ccw=False)),),
        sample={a: (2, 20), d: (2, 20)}, valid=2 * a > d * sympy.Rational(11, 10)),
    description="a rectangle (sides a and d) with a semi-circle cut out of a side d",
    right_marks=((0, 1, 2), (1, 2, 3)),
    phrase="a rectangle where a semi-circle has been removed from one side of it",
    pin_phrase="with the semi-circle on the {s} side",
))

a, d, E, R, S, P = symbols("a d E R S P")
_tri_h = sqrt(3) * d / 2
_add(ShapeKind(
    key="rectangle_plus_equilateral_triangle", title="rectangle plus equilateral triangle", pool="nonstandard",
    forms=("{name}: rectangle + equilateral triangle on {s}",), n_points=5, pins={"s": (1, 3)},
    elements={"a": side((0, 1), (3, 4)), "d": side((1, 3), (4, 0), (1, 2), (2, 3)),
              "E": angle((1, 2, 3)), "R": angle((4, 0, 1), (3, 4, 0)), "S": AREA, "P": PERIMETER},
    constants={"E": sympy.Integer(60), "R": sympy.Integer(90)},
    equations=(
        eq(S, a * d + sqrt(3) * d**2 / 4, "area of a rectangle plus an equilateral triangle"),
        eq(P, 2 * a + 3 * d, "perimeter of a rectangle plus an equilateral triangle"),
    ),
    construction=Construction(
        params=(a, d), coords={0: (0, 0), 1: (a, 0), 2: (a + _tri_h, d / 2), 3: (a, d), 4: (0, d)},
        outline=_polygon(5), sample={a: (2, 20), d: (2, 20)}),
    description="a rectangle (sides a and d) with an equilateral triangle outside on a side d "
                "(the apex is the letter between that side's ends)",
    right_marks=((4, 0, 1), (3, 4, 0)), phrase="a combination of a rectangle and an equilateral triangle",
    equal_marks=("d",),
    pin_phrase="with the equilateral triangle on the {s} side",
))

_add(ShapeKind(
    key="rectangle_minus_equilateral_triangle", title="rectangle minus equilateral triangle", pool="nonstandard",
    forms=("{name}: rectangle - equilateral triangle on {s}",), n_points=5, pins={"s": (1, 3)},
    elements={"a": side((0, 1), (3, 4)), "d": side((1, 3), (4, 0), (1, 2), (2, 3)),
              "E": angle((1, 2, 3)), "R": angle((4, 0, 1), (3, 4, 0)), "S": AREA, "P": PERIMETER},
    constants={"E": sympy.Integer(60), "R": sympy.Integer(90)},
    equations=(
        eq(S, a * d - sqrt(3) * d**2 / 4, "area of a rectangle minus an equilateral triangle"),
        eq(P, 2 * a + 3 * d, "perimeter of a rectangle minus an equilateral triangle"),
    ),
    constraints=(a > _tri_h,), impossible="the triangle cut out must fit inside the rectangle",
    construction=Construction(
        params=(a, d), coords={0: (0, 0), 1: (a, 0), 2: (a - _tri_h, d / 2), 3: (a, d), 4: (0, d)},
        outline=_polygon(5), sample={a: (2, 20), d: (2, 20)}, valid=a > _tri_h * sympy.Rational(11, 10)),
    description="a rectangle (sides a and d) with an equilateral triangle cut out of a side d",
    right_marks=((4, 0, 1), (3, 4, 0)),
    phrase="a rectangle where an equilateral triangle has been removed from one side of it",
    equal_marks=("d",),
    pin_phrase="with the equilateral triangle on the {s} side",
))

s, R, S, P = symbols("s R S P")
_add(ShapeKind(
    key="square_minus_circle", title="square minus circle", pool="nonstandard",
    forms=("{name}: square - circle",), n_points=4,
    elements={"s": side(*_sides(4)), "R": angle(*_corners(4)), "S": AREA, "P": PERIMETER},
    constants={"R": sympy.Integer(90)},
    equations=(
        eq(S, s**2 - pi * s**2 / 4, "area of a square minus its inscribed circle"),
        eq(P, 4 * s + pi * s, "perimeter of a square minus its inscribed circle"),
    ),
    construction=Construction(
        params=(s,), coords={0: (0, 0), 1: (s, 0), 2: (s, s), 3: (0, s), "O": (s / 2, s / 2), "M": (s / 2, 0)},
        outline=(_polygon(4)[0], (Arc("O", "M", "M", ccw=False),)), sample={s: (2, 20)}),
    description="a square (side s) with its inscribed circle removed; the perimeter counts both boundaries",
    right_marks=_corners(4), phrase="a square where a circle has been removed from it",
))


# ---------------------------------------------------------------- regular polygons
# Every regular n-gon, 3 <= n <= MAX_REGULAR, is one kind of this family, written `regular polygon
# A1…An` or by its name (`regular heptagon ABCDEFG`); the triangle and the quadrilateral are the
# equilateral triangle and the square (their kinds take these forms too).  The family is data: the
# names below, and the area coefficient of s² (the textbook's closed form where there is one with few
# nested roots, so GeomVerse's rounded chain stays within 0.1 %; else n / (4 tan(180°/n))).
REGULAR_NAMES: dict[int, str] = {3: "triangle", 4: "quadrilateral", 5: "pentagon", 6: "hexagon", 7: "heptagon",
                                 8: "octagon", 9: "nonagon", 10: "decagon", 11: "hendecagon", 12: "dodecagon"}
REGULAR_ALIASES = {3: "equilateral_triangle", 4: "square"}  # the regular triangle and quadrilateral's kinds
MAX_REGULAR = 24  # as many vertices as a general problem puts on one circle (dsl/general.py LIMITS)
# the generator's pools keep the regular polygons GeomVerse's catalogue always had; the others are for
# problems a teacher writes (engine.describe: pool "written")
_GENERATED_REGULAR = (5, 6, 8)
_REGULAR_AREA = {5: sympy.sqrt(25 + 10 * sympy.sqrt(5)) / 4, 6: 3 * sympy.sqrt(3) / 2, 8: 2 * (1 + sympy.sqrt(2)),
                 10: 5 * sympy.sqrt(5 + 2 * sympy.sqrt(5)) / 2, 12: 3 * (2 + sympy.sqrt(3))}


def regular_title(n: int) -> str:
    """The polygon's name in a shape line: 'heptagon', else '13-gon'."""
    return REGULAR_NAMES.get(n, f"{n}-gon")


def _regular(n: int) -> ShapeKind:
    """The regular n-gon's kind: its names, forms and elements now, its exact parts on first use."""
    title = regular_title(n)
    named = (f"regular {title} {{name}}",) if n in REGULAR_NAMES else ()
    return DeferredKind(
        key=f"regular_{title.replace('-', '_')}", title=f"regular {title}",
        pool="extra" if n in _GENERATED_REGULAR else "written",
        forms=(*named, "regular polygon {name}"), n_points=n,
        elements={"s": side(*_sides(n)), "I": angle(*_corners(n)), "S": AREA, "P": PERIMETER},
        description=f"side s, interior angles {180 * (n - 2) / n:g}",
        equal_marks=("s",),
        make=partial(_regular_parts, n),
    )


def _regular_parts(n: int) -> dict[str, object]:
    """The regular n-gon's exact parts (engine.kinds.DEFERRED_PARTS): its interior angle, area and perimeter
    formulas, and its vertices on the circumcircle, the first side horizontal below the centre."""
    s, I, S, P = symbols("s I S P")  # noqa: E741
    title = regular_title(n)
    interior = sympy.Integer(180 * (n - 2)) / n
    area = _REGULAR_AREA.get(n, sympy.Integer(n) / (4 * sympy.tan(pi / n)))
    ext = 2 * pi / n
    circ = s / (2 * sin(pi / n))
    return {
        "constants": {"I": interior},
        "constant_reasons": {"I": f"each interior angle of a regular {title} is ({n} − 2)·180°/{n} = "
                                  + (f"{interior}°" if interior.is_Integer else f"({interior})°"),
                             "s": f"the sides of a regular {title} are equal"},
        "equations": (
            eq(S, area * s**2, f"area formula of a regular {title}"),
            eq(P, n * s, f"perimeter formula of a regular {title}"),
        ),
        "construction": Construction(
            params=(s,),
            coords={i: (circ * cos(-pi / 2 - ext / 2 + i * ext), circ * sin(-pi / 2 - ext / 2 + i * ext))
                    for i in range(n)},
            outline=_polygon(n), sample={s: (2, 16)}),
    }


for _n in range(3, MAX_REGULAR + 1):
    if _n not in REGULAR_ALIASES:
        _add(_regular(_n))

# ---------------------------------------------------------------- angle relations (GeomVerse's special shapes)
# Two angles with a common vertex (points D E F D E C for ``DEF`` and ``DEC``); the construction
# puts the vertex at the origin and its parameter is the first angle itself.
p, q = symbols("p q")
_ray = (cosd(p), sind(p))
_add(ShapeKind(
    key="supplementary", title="supplementary angles", pool="standard", relation=True,
    forms=("angles {a} and {a2} are supplementary",), n_points=6, cyclic=False,
    premise="the {a} and {a2} angles are supplementary",
    elements={"p": angle((0, 1, 2)), "q": angle((3, 4, 5))},
    equations=(eq(p + q, 180, "supplementary angles sum to 180"),),
    construction=Construction(params=(p,), coords={0: _ray, 1: (0, 0), 2: (1, 0), 3: _ray, 4: (0, 0), 5: (-1, 0)},
                              sample={p: (10, 170)}),
    description="two supplementary angles", joins=((1, 4), (0, 3)), shares_ray=True,
))

_add(ShapeKind(
    key="complementary", title="complementary angles", pool="standard", relation=True,
    forms=("angles {a} and {a2} are complementary",), n_points=6, cyclic=False,
    premise="the {a} and {a2} angles are complementary",
    elements={"p": angle((0, 1, 2)), "q": angle((3, 4, 5))},
    equations=(eq(p + q, 90, "complementary angles sum to 90"),),
    construction=Construction(params=(p,), coords={0: _ray, 1: (0, 0), 2: (1, 0), 3: _ray, 4: (0, 0), 5: (0, 1)},
                              sample={p: (5, 85)}),
    description="two complementary angles", joins=((1, 4), (0, 3)), shares_ray=True,
))

_add(ShapeKind(
    key="vertical", title="vertical angles", pool="extra", relation=True,
    forms=("angles {a} and {a2} are vertical",), n_points=6, cyclic=False,
    premise="the {a} and {a2} angles are vertical",
    elements={"p": angle((0, 1, 2)), "q": angle((3, 4, 5))},
    equations=(eq(p, q, "vertical angles are equal"),),
    construction=Construction(params=(p,), coords={0: _ray, 1: (0, 0), 2: (1, 0), 3: (-cosd(p), -sind(p)),
                                                   4: (0, 0), 5: (-1, 0)},
                              sample={p: (10, 170)}),
    description="two vertical angles", joins=((1, 4),),
))


# ---------------------------------------------------------------- a point on a segment (not a tree: GeomVerse §E)
u, w, t = symbols("u w t")
_add(ShapeKind(
    key="point_on_segment", title="point on a segment", pool="extra", relation=True,
    forms=("point {p} on {s}",), n_points=3, cyclic=False, between=(0, 1, 2),
    premise="{p} lies on {s}",
    elements={"u": side((1, 0)), "w": side((0, 2)), "t": side((1, 2))},
    equations=(eq(t, u + w, "parts of a segment add up"),),
    construction=Construction(params=(u, w), coords={1: (0, 0), 0: (u, 0), 2: (u + w, 0)},
                              sample={u: (1, 15), w: (1, 15)}),
    description="a point D on segment AC: AD + DC = AC; angles at A and C through D are those through C "
                "and A, and angles at D on either side are supplementary",
    generated=False,  # its sides lie on no outline: the generator has nothing to attach it to
))

