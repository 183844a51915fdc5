"""The generated pages of the docs: the language reference and one page per command.

The reference is read off the code: the shape kinds of ``engine/catalogue.py``, the relation blocks of
``engine/relations.py``, the elements of ``engine/plane.py`` and ``engine/model.py`` and the statement words
of ``dsl/general.py``; what a person adds is one minimal example per form (``SHAPE_EXAMPLES``,
``BLOCK_EXAMPLES``, ``STATEMENT_EXAMPLES``) and one sentence per element.  The command pages are read off
``geomill.cli.build_parser``.  ``tests/test_docs.py`` fails when a page is not what this script writes, when
a form has no example, or when an example does not solve.

    python docs/gen_reference.py            # rewrite the pages (fast)
    python docs/gen_reference.py --figures  # and draw every example's figure (docs/img/reference/)
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import io
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from geomill.engine.plane import HEIGHT_MEANING, POLYGON_NOUNS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REFERENCE = DOCS / "language" / "reference.md"
PHRASES = DOCS / "language" / "phrases.md"
COMMANDS = DOCS / "commands"
FIGURES = DOCS / "img" / "reference"
FIGURE_INDEX = FIGURES / "index.json"
FIGURE_SIZE = 260

# -- one minimal example per form (each solves; tests/test_docs.py checks) ----------------------------

# Shape kinds (engine/catalogue.py), read the GeomVerse way when no line of the file is general.
SHAPE_EXAMPLES: dict[str, str] = {
    "triangle": "triangle ABC\nAB = 5\nAC = 8\nangle BAC = 60\nfind BC\n",
    "right_triangle": "triangle ABC right at A\nAB = 3\nAC = 4\nfind BC\n",
    "isosceles_triangle": "triangle ABC isosceles at A\nAB = 5\nBC = 6\nfind height ABC\n",
    "equilateral_triangle": "triangle ABC equilateral\nAB = 4\nfind area ABC\n",
    "square": "square ABCD\nAB = 4\nfind AC\n",
    "rectangle": "rectangle ABCD\nAB = 3\nBC = 4\nfind AC\n",
    "parallelogram": "parallelogram ABCD\nAB = 6\nheight ABCD = 4\nfind area ABCD\n",
    "rhombus": "rhombus ABCD\nAC = 6\nBD = 8\nfind AB\n",
    "kite": "kite ABCD at A\nAB = 5\nCB = 8\nAC = 10\nfind BD\n",
    "trapezoid": "trapezoid ABCD bases AB CD\nAB = 10\nCD = 6\nheight ABCD = 4\nfind area ABCD\n",
    "circle": "circle on AB\nAB = 6\nfind area AB\n",
    "semicircle": "semicircle on AB\nAB = 6\nfind arc AB\n",
    "sector": "sector ABC\nBA = 4\nangle ABC = 90\nfind arc ABC\n",
    "rectangle_plus_semicircle": "ABCD: rectangle + semicircle on DA\nAB = 8\nDA = 6\nfind area ABCD\n",
    "rectangle_minus_semicircle": "ABCD: rectangle - semicircle on DA\nAB = 8\nDA = 6\nfind area ABCD\n",
    "rectangle_plus_equilateral_triangle":
        "ABCDE: rectangle + equilateral triangle on BD\nAB = 8\nBD = 6\nfind perimeter ABCDE\n",
    "rectangle_minus_equilateral_triangle":
        "ABCDE: rectangle - equilateral triangle on BD\nAB = 8\nBD = 6\nfind area ABCDE\n",
    "square_minus_circle": "ABCD: square - circle\nAB = 6\nfind area ABCD\n",
    "regular_pentagon": "regular pentagon ABCDE\nAB = 4\nfind perimeter ABCDE\n",
    "regular_hexagon": "regular hexagon ABCDEF\nAB = 4\nfind area ABCDEF\n",
    "regular_octagon": "regular octagon ABCDEFGH\nAB = 3\nfind area ABCDEFGH\n",
    "regular_decagon": "regular decagon ABCDEFGHIJ\nAB = 2\nfind area ABCDEFGHIJ\n",
    "supplementary": "triangle ABC\nangles ABC and CBD are supplementary\nangle ABC = 50\nfind angle CBD\n",
    "complementary": "triangle ABC\nangles ABC and CBD are complementary\nangle ABC = 50\nfind angle CBD\n",
    "vertical": "triangle ABC right at B\ntriangle DCE\nangles ACB and DCE are vertical\nAB = 5\nAC = 10\n"
                "CD = 10\nCE = 8\nfind DE\n",
    "point_on_segment": "triangle ABC\ntriangle ABD\ntriangle DBC\npoint D on AC\nAB = 6\nBC = 8\nBD = 5\nAD = 4\n"
                        "find DC\n",
}

# Two quadrilaterals that share the vertex A (a readable figure), for the four quadrilateral blocks.
_QUADS = ("quadrilateral ABCD\nquadrilateral AEFG\nABCD {} to AEFG\nAB = {}\nBC = 3\nCD = 3\nangle ABC = 100\n"
          "angle BCD = 80\n{}find EF\n")

# Relation blocks (engine/relations.py): general files.  A kind line that the GeomVerse reading also
# knows (rectangle ABCD) needs a general line beside it for the file to be read exactly: here `points`.
BLOCK_EXAMPLES: dict[str, str] = {
    "right_triangle": "points A B C\ntriangle ABC right at B\nAB = 3\nBC = 4\nfind AC\n",
    "isosceles_triangle": "points A B C\ntriangle ABC isosceles at A\nangle BAC = 40\nfind angle ABC\n",
    "isosceles_right_triangle": "triangle ABC isosceles right at A\nAB = 2\nfind BC\n",
    "equilateral_triangle": "points A B C\ntriangle ABC equilateral\nAB = 6\nfind area ABC\n",
    "parallelogram": "points A B C D\nparallelogram ABCD\nangle DAB = 70\nfind angle ABC\n",
    "rectangle": "points A B C D\nrectangle ABCD\nAB = 3\nBC = 4\nfind AC\n",
    "rhombus": "points A B C D\nrhombus ABCD\nAC = 6\nBD = 8\nfind AB\n",
    "square": "points A B C D\nsquare ABCD\nAB = 4\nfind AC\n",
    "kite": "points A B C D\nkite ABCD at A\nAB = 4\nAC = 10\nBD = 6\nfind area ABCD\n",
    "trapezoid": "points A B C D\ntrapezoid ABCD bases AD BC\nangle DAB = 110\nfind angle ABC\n",
    "isosceles_trapezoid": "isosceles trapezoid ABCD bases AD BC\nangle ABC = 65\nfind angle BCD\n",
    "right_trapezoid": "right trapezoid ABCD bases AD BC\nangle BCD = 60\nfind angle CDA\n",
    "parallel": "quadrilateral ABCD\nAB parallel to CD\nangle DAB = 70\nfind angle ADC\n",
    "perpendicular": "triangle AOC\nAO perpendicular to CO\nAO = 3\nCO = 4\nfind AC\n",
    "perpendicular_lines": "points A B C D P\nline A P B\nline C P D\nAB perpendicular to CD\nfind angle APC\n",
    "point_on_segment": "triangle ABC\nD on BC\nBD = 3\nDC = 4\nfind BC\n",
    "point_on_ray": "triangle ABC\ntriangle PBC\nP on ray BA\nangle ABC = 50\nfind angle PBC\n",
    "point_on_line": "triangle ABC\nD on line BC\nAD perpendicular to BC\nAB = 5\nAD = 4\nfind BD\n",
    "point_beyond": "triangle ABC\nD on BC extended\nangle ABC = 50\nangle BAC = 70\nfind angle ACD\n",
    "same_side": "line A E B\nline C F D\nAB parallel to CD\nB and D on the same side of line EF\nangle BEF = 70\n"
                 "find angle EFD\n",
    "opposite_sides": "line A E B\nline C F D\nAB parallel to CD\nA and D on opposite sides of line EF\n"
                      "angle AEF = 65\nfind angle EFD\n",
    "intersection": "points A B C D P\nP where AB meets CD\nangle APC = 40\nfind angle BPD\n",
    "midpoint": "points A B M\nM midpoint of AB\nAB = 10\nfind AM\n",
    "angle_bisector": "triangle ABC\nBD bisects angle ABC\nangle ABC = 80\nfind angle ABD\n",
    "perpendicular_bisector": "points A B C O\nCO perpendicular bisector of AB\nAC = 5\nfind BC\n",
    "median": "triangle ABC\nAD median of ABC\nBC = 10\nfind BD\n",
    "altitude": "triangle ABC\nAD altitude of ABC\nBC = 10\nAD = 4\nfind area ABC\n",
    "midsegment": "triangle ABC\nDE midsegment of ABC\nBC = 10\nfind DE\n",
    "midsegment_quadrilateral": "trapezoid ABCD bases AD BC\nEF midsegment of ABCD\nAD = 4\nBC = 10\nfind EF\n",
    "altitude_quadrilateral": "trapezoid ABCD bases AB CD\nEF altitude of ABCD\nEF = 3\nfind height ABCD\n",
    "incentre": "triangle ABC\nO incentre of ABC\nangle BAC = 60\nangle ABC = 70\nfind angle OBA\n",
    "circumcentre": "triangle ABC\nO circumcentre of ABC\nOA = 5\nfind OB\n",
    "centroid": "triangle ABC\nO centroid of ABC\narea ABC = 12\nfind area OAB\n",
    "orthocentre": "triangle ABC\nO orthocentre of ABC\nline A O D\nline B D C\nangle ABC = 60\nfind angle BAD\n",
    "circumcentre_quadrilateral": "quadrilateral ABCD\nO circumcentre of ABCD\nOA = 3\nfind OD\n",
    "similar_triangles": "triangle ABC\ntriangle DEF\nABC similar to DEF\nAB = 3\nBC = 4\nDE = 6\nfind EF\n",
    "mirror_similar_triangles":
        "triangle ABC\ntriangle DEF\nABC mirror similar to DEF\nAB = 3\nBC = 4\nDE = 6\nfind EF\n",
    "congruent_triangles": "triangle ABC\ntriangle DEF\nABC congruent to DEF\nAB = 3\nfind DE\n",
    "mirror_congruent_triangles": "triangle ABC\ntriangle DEF\nABC mirror congruent to DEF\nAB = 3\nfind DE\n",
    "similar_quadrilaterals": _QUADS.format("similar", 2, "AE = 4\n"),
    "mirror_similar_quadrilaterals": _QUADS.format("mirror similar", 2, "AE = 4\n"),
    "congruent_quadrilaterals": _QUADS.format("congruent", 4, ""),
    "mirror_congruent_quadrilaterals": _QUADS.format("mirror congruent", 4, ""),
    "tangent": "circle O through A\nPA tangent to circle O\nradius O = 3\nOP = 5\nfind PA\n",
    "diameter": "circle O through A B\nAB diameter of circle O\nAB = 10\nfind radius O\n",
    "arc_midpoint": "circle O through A M B\nM midpoint of arc OAB\narc OAB = 100\nfind arc OAM\n",
    "major_arc": "circle O through A B C\nC on major arc AB\nangle AOB = 100\nfind angle ACB\n",
    "minor_arc": "circle O through A B C\nC on minor arc AB\nangle AOB = 100\nfind angle ACB\n",
    "congruent_arcs_same_circle": "circle O through A B C D\narc OAB congruent to arc OCD\nAB = 4\nfind CD\n",
    "congruent_arcs": "circle O through A B\ncircle P through C D\narc OAB congruent to arc PCD\narc OAB = 70\n"
                      "find arc PCD\n",
}

# The general statements (dsl/general.py) and the two line shapes every file has.
STATEMENT_EXAMPLES: dict[str, tuple[str, str, str]] = {
    # word: (form, meaning, example)
    "points": ("points A B C …", "Declares points, in order; needed for a point no other statement names "
               "(one that appears only in an angle, a fact or the goal). Any `points` line makes the file general.",
               "points A B C D\nline A B D\nangle ABC = 130\nfind angle CBD\n"),
    "line": ("line A B C …", "The points lie on one straight line, in this order (B between A and C).",
             "points A B C D\nline A B C\nangle ABD = 130\nfind angle DBC\n"),
    "circle": ("circle O through A B …", "A circle centred at O with these points on it; `circle O` alone "
               "declares the centre. Two lines about one centre are one circle. It does not fix the order of "
               "the points around the circle: for the cyclic quadrilateral ABCD add `quadrilateral ABCD` (or "
               "say each point's arc: `B on minor arc AC`; for crossing chords, two secants or a tangent "
               "and a secant, the arc the points are not on is the intercepted one: `A on major arc BD`). "
               "A goal the open order changes is refused with the arc lines to add.",
               "circle O through A B C\nline A O B\nfind angle ACB\n"),
    "triangle": ("triangle ABC", "A triangle (a face of the figure) with these vertices.",
                 "triangle ABC\nangle ABC = 50\nangle BCA = angle ABC + 10\nfind angle CAB\n"),
    "quadrilateral": ("quadrilateral ABCD", "A convex quadrilateral, vertices in order around it.",
                      "quadrilateral ABCD\nangle DAB = 80\nangle ABC = 100\nangle BCD = 90\nfind angle CDA\n"),
    "polygon": ("polygon ABCDE", "A polygon of 3 or more vertices in order; unlike `quadrilateral` it may be "
                "concave (a reflex corner counts 360 less its angle): a goal that a reflex corner changes is "
                "refused, naming `convex polygon ABCDE`.",
                "polygon ABCDE\nangle EAB = 100\nangle ABC = 110\nangle BCD = 120\nangle CDE = 100\n"
                "find angle DEA\n"),
    "convex": ("convex polygon ABCDE", "A convex polygon, as a textbook draws a pentagon or hexagon that is not "
               "regular: `polygon ABCDE` with every corner turning the same way, which is what the line "
               "`counterclockwise ABC BCD CDE DEA EAB` says (a mirror image is the same figure). The noun may be "
               "the polygon's own: " + ", ".join(f"`convex {noun}`" for noun in POLYGON_NOUNS) + " (with "
               "that many vertices); `convex quadrilateral ABCD` is `quadrilateral ABCD`.",
               "convex pentagon ABCDE\nangle EAB = 100\nangle ABC = 130\nangle BCD = 2x\nangle CDE = x + 5\n"
               "angle DEA = 125\nfind x\n"),
    "clockwise": ("clockwise ABC ACD …", "Each chain runs clockwise as the figure is drawn (y up): three "
                  "points turn clockwise, a longer chain's polygon goes round clockwise; fixes which side of a "
                  "line a point lies on.",
                  "points A C M B\ntriangle ACM\ntriangle AMB\nline C M B\nCM perpendicular to AM\n"
                  "clockwise ACM AMB\nAC = 20\nCM = 12\nBM = 30\nfind perimeter ABM\n"),
    "counterclockwise": ("counterclockwise ABC …", "Each chain turns counter-clockwise as drawn.",
                         "circle O through A B C\ncounterclockwise ABC\narc OAB = 80\nfind angle ACB\n"),
}

# Elements: the things a fact gives a value and a goal asks for.
# General files (engine/plane.py ELEMENT_KINDS): key -> (meaning, example element).
GENERAL_ELEMENTS: dict[str, tuple[str, str]] = {
    "length": ("the length of segment AB (`AB` and `BA` are one element)", "AB"),
    "angle": ("the angle at B between rays BA and BC, in degrees, from 0 to 180", "angle ABC"),
    "arc": ("the arc of circle O from A counter-clockwise to B, in degrees (`arc OBA` is the rest of the circle); "
            "`arc AB` (two points) is the minor arc, `arc ACB` (no centre first) the arc through C. The centre "
            "in the middle, `arc AOB`, is a length, not degrees: the arc length of the sector a shape line "
            "`sector AOB` declares (the same as `arc length OAB`)", "arc OAB"),
    "arc_length": ("the length of that arc", "arc length OAB"),
    "sector_area": ("the area of the sector bounded by OA, OB and that arc", "sector area OAB"),
    "sector_perimeter": ("that sector's perimeter: two radii and the arc", "sector perimeter OAB"),
    "radius": ("the radius of the circle centred at O", "radius O"),
    "diameter": ("its diameter", "diameter O"),
    "circle_area": ("its area", "circle area O"),
    "circumference": ("its circumference", "circumference O"),
    "area": ("the area of the polygon with these vertices in order; a name a shape line declares is that shape "
             "in every file (`area AOB` of `sector AOB` is the sector's, even beside `circle O through A B`; "
             "`area ABCD` of `ABCD: rectangle + semicircle on DA` the composite's)", "area ABCD"),
    "perimeter": ("its perimeter (a declared shape's own, as for the area)", "perimeter ABCD"),
    "height": (f"a height: {HEIGHT_MEANING}", "height ABCD"),
    "minor_arc": ("the minor arc AB of the one circle through A and B, in degrees: its central angle "
                  "(`arc AB` says the same, always the minor arc, not the arc an angle intercepts)",
                  "minor arc AB"),
    "major_arc": ("the major arc AB: 360 minus the minor one", "major arc AB"),
    "minor_arc_through": ("the arc from A to B through C (`arc ACB` says it without the word), with C on "
                          "the minor arc AB", "minor arc ACB"),
    "major_arc_through": ("the arc from A to B through C, with C on the major arc AB", "major arc ACB"),
}
# Shape files (engine/model.py ELEMENT_FORMS): qkind value -> meaning.
SHAPE_ELEMENTS: dict[str, str] = {
    "length": "a side, diagonal or radius segment some shape has",
    "angle": "an angle some shape has, in degrees",
    "area": "the area of the shape named X (any spelling of its name: BCDE, CDEB, EDCB …)",
    "perimeter": "the perimeter of the shape named X",
    "height": f"the height of a triangle, parallelogram, rhombus or trapezoid X: {HEIGHT_MEANING}",
    "arc": "the arc length of a sector (`arc DAC`: centre A, in the middle, as `sector DAC` names it) or a "
           "semicircle (`arc AD`); a length in every file, where a general file's `arc ADC` (centre first) is "
           "degrees",
    "radius": "the radius of a circle, semicircle or sector (`radius AB` of the circle on AB)",
}

# -- what the coordinate conditions of a block say, by the function that made them and its parameters ------
CONDITION_WORDS = {
    "parallel": "{a}{b} is parallel to {c}{d}",
    "perpendicular": "{a}{b} is perpendicular to {c}{d}",
    "between": "{m} lies strictly between {a} and {b} (on the segment)",
    "on_line": "{m} lies on the line {a}{b} (possibly beyond {a} or {b})",
    "ray": "{m} lies on the ray from {a} through {b}",
    "same_side": "{a}{b}{c} and {d}{e}{f} turn the same way (not mirrored)",
    "same_side_mirror": "{a}{b}{c} and {d}{e}{f} turn opposite ways (mirrored)",
    "beyond": "{m} lies on the line {a}{b} past {b}",
    "sides": "{first} and {second} turn the same way (not mirrored)",
    "sides_apart": "{first} and {second} turn opposite ways (mirrored)",
    "inside_angle": "ray {b}{d} runs inside the angle {a}{b}{c}",
    "convex": "{pts} is convex",
}
KITE_CONVEX = " (a kite is never a dart)"


# -- the reference ------------------------------------------------------------------------------------


# Examples geomill draws but does not solve today: the reference shows the refusal as it is.
REFUSED = {"block-orthocentre"}


def _solve_line(text: str) -> str:
    """The last line ``geomill solve`` prints for a problem text (answer, exact, depth, width), or its
    refusal (the error without the file's name)."""
    try:
        return _solve(text).strip().splitlines()[-1]
    except RuntimeError as e:
        return str(e).split("\n")[0]


def _solve(text: str) -> str:
    from geomill.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "example.geo"
        path.write_text(text, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["solve", str(path)])
    if code != 0:
        raise RuntimeError(err.getvalue().strip().replace(str(path), "example.geo") + "\n" + text)
    return out.getvalue()


def _fence(text: str) -> str:
    return f"```geo\n{text}```\n"


def _figure(key: str) -> str:
    return f"![the example of {key} drawn by geomill render](../img/reference/{key}.png){{ width=\"{FIGURE_SIZE}\" }}"


def _condition_text(cond, names: dict[str, str], kite: bool = False) -> str | None:
    """A block's coordinate condition in words on the example's points: the closure that checks it
    holds the block's letters under its factory's parameter names (``between(m, a, b)``)."""
    qual = cond.__qualname__.split(".")[0]
    free = dict(zip(cond.__code__.co_freevars, (c.cell_contents for c in cond.__closure__ or ())))
    if qual == "_along":  # the ray ab, or ab extended beyond b
        qual = "ray" if free["past"] < 1 else "beyond"
    if qual == "same_side" and free.get("mirror") is True:
        qual = "same_side_mirror"
    if qual == "sides" and free.get("same") is False:
        qual = "sides_apart"
    words = CONDITION_WORDS.get(qual)
    if words is None:
        return None
    said = {k: "".join(names.get(c, c) for c in v) for k, v in free.items() if isinstance(v, (str, tuple))}
    return words.format(**said) + (KITE_CONVEX if kite and qual == "convex" else "")


def _block_entry(block, example: str) -> list[str]:
    from geomill.dsl import parse
    from geomill.dsl.printer import format_expr

    problem = parse(example)
    rel = next(r for r in problem.relations if r.key == block.key)
    names = block.bind(rel.args)
    equations = [f"`{format_expr(lhs)} = {format_expr(rhs)}`" for lhs, rhs in block.instantiate(rel.args)]
    conditions = [c for cond in block.conditions if (c := _condition_text(cond, names, "kite" in block.key))]
    out = [f"### `{block.forms[0].replace('{', '').replace('}', '')}`", "",
           f"In the example below, `{block.text(rel.args)}` says: *{block.state(rel.args)}.*", ""]
    if block.note:
        out += [block.remark(rel.args), ""]
    if len(block.forms) > 1:
        out += ["Also written: " + ", ".join(f"`{f.replace('{', '').replace('}', '')}`" for f in block.forms[1:])
                + ".", ""]
    if equations:
        out += ["It gives " + ", ".join(equations) + ".", ""]
    if conditions:
        out += ["On the example's figure: " + "; ".join(conditions) + ".", ""]
    if block.circle is not None:
        on = [names[t] for t in block.on_circle]
        out += [f"Needs `circle {names[block.circle]} through {' '.join(on)}`.", ""]
    out += [_fence(example), f"`{_solve_line(example)}`", "", _figure(f"block-{block.key}"), ""]
    return out


def _shape_entry(kind, example: str) -> list[str]:
    from geomill.engine.describe import kind_elements

    decl = kind.example()
    elements = [f"{sym}: `{names}`" for sym, names in kind_elements(kind).items()]
    forms = ", ".join(f"`{f}`" for f in kind.forms)
    out = [f"### {kind.title}", "", f"Forms: {forms}. *{kind.description[0].upper() + kind.description[1:]}.*", "",
           "Its elements, by the letters the description uses (on the catalogue's example `" + kind.format(decl)
           + "`): " + "; ".join(elements) + ".", ""]
    if kind.impossible:
        out += [f"Refused when {kind.impossible}.", ""]
    out += [_fence(example), f"`{_solve_line(example)}`", "", _figure(f"shape-{kind.key}"), ""]
    return out


REGULAR_EXAMPLE = "regular_decagon"  # the regular polygons a teacher writes (7, 9, 10 … 24 sides): one entry


def _regular_entry(kinds: list) -> list[str]:
    """The regular polygons beyond the generator's three, one entry for the family (engine/catalogue.py)."""
    named = ", ".join(f"`{k.forms[0]}`" for k in kinds if len(k.forms) > 1)
    sizes = sorted(k.n_points for k in kinds)
    return ["### regular polygons of any number of sides", "",
            f"Forms: {named} and, for any number of sides, `regular polygon {{name}}` ({sizes[0]} to {sizes[-1]} "
            "points here; 3 to 6 and 8 are the equilateral triangle, the square and the regular pentagon, hexagon "
            "and octagon above). *Side s, each interior angle (n − 2)·180°/n, area n·s²/(4·tan(180°/n)) (a "
            "closed form where one reads well: 5·s²·√(5 + 2√5)/2 for the decagon, 3·(2 + √3)·s² for the "
            "dodecagon).*", "",
            "Its elements: s: the sides; I: the interior angles; S: its area; P: its perimeter.", "",
            _fence(SHAPE_EXAMPLES[REGULAR_EXAMPLE]), f"`{_solve_line(SHAPE_EXAMPLES[REGULAR_EXAMPLE])}`", "",
            _figure(f"shape-{REGULAR_EXAMPLE}"), ""]


REFERENCE_HEAD = """# Language reference

<!-- generated by docs/gen_reference.py from engine/catalogue.py, engine/relations.py, engine/plane.py and
dsl/general.py: do not edit by hand (python docs/gen_reference.py rewrites it; tests/test_docs.py checks it) -->

Every form of the problem language, read off the code: the statements and relation blocks of the exact
(general) reading, then the shape kinds of the GeomVerse reading, then the elements and values both use.
Each entry has its meaning, a minimal example, the last line `geomill solve` prints for it, and the
example's figure as `geomill render` draws it. How a file is read, and the conventions every form
shares (y up, clockwise, arcs, segment or line, tangency, midsegments, kites), are on
[How the language reads](index.md).
"""


# A textbook's wording the language writes another way (each refused with a message naming the line to
# write), shown at the top of the reference: (what a newcomer writes first, what to write).
FIRST_TRIES: tuple[tuple[str, str], ...] = (
    ("`AB / DE = 3/5` or `AB : DE = 3 : 5` (a given ratio)",
     "`AB = 3 DE / 5` (the left side of `=` is one element)"),
    ("ABC and DEF are similar with ratio 3 : 5",
     "`ABC similar to DEF`, then `AB = 3 DE / 5` (any pair of matching sides)"),
    ("the ratio AB : DE, as the goal",
     "`find AB / DE`"),
    ("`triangle ABC ~ triangle DEF`",
     "`ABC similar to DEF` (vertices matched in order)"),
    ("`circle O with radius 9`",
     "`circle O through A`, then `radius O = 9`"),
    ("`PA tangent to circle O at A`",
     "`circle O through A`, then `PA tangent to circle O` (A, the second letter, is the touching point)"),
    ("`AD is the altitude from A`",
     "`AD altitude of ABC` (the vertex first; the foot D on line BC)"),
    ("`CM is the median from C`",
     "`CM median of ABC` (the vertex first; M the midpoint of AB)"),
    ("`angle A = 50`",
     "`angle BAC = 50` (three points, the vertex in the middle)"),
    ("`AB || CD`",
     "`AB parallel to CD`"),
    ("E lies between the parallels AB and CD",
     "`E and C on the same side of line AB`, then `E and A on the same side of line CD`"),
    ("the transversal GH cuts AB at E and CD at F",
     "`line A E B`, `line C F D`, `line G E F H` (points in order along each line)"),
    ("ABCD is inscribed in circle O",
     "`circle O through A B C D`, then `quadrilateral ABCD` (the circle line alone leaves the order around it open)"),
    ("`M is the midpoint of AB`",
     "`M midpoint of AB` (leave out is, the, a)"),
    ("`hexagon ABCDEF` (a pentagon, an octagon … that is not regular)",
     "`convex hexagon ABCDEF` (as a textbook draws it; `polygon ABCDEF` may be concave; `regular hexagon ABCDEF` "
     "for equal sides and angles)"),
    ("`find length of arc AB`",
     "`counterclockwise OAB`, then `find arc length OAB` (the centre first; no 'of')"),
    ("`O is the intersection of AC and BD`",
     "`O where AC meets BD` (O on both lines; also accepted: `line A O C`, `line B O D`)"),
    ("`chords AB and CD intersect at P`, `diagonals AC and BD meet at O`",
     "`line A P B`, then `line C P D` (P between A and B and between C and D; also accepted: "
     "`P where AB meets CD`)"),
    ("`AB = AC = 13`",
     "`AB = 13`, then `AC = 13` (one fact per line)"),
)


def theorems_markdown() -> list[str]:
    """The theorem blocks of the exact solver (``THEOREMS``), one row per key and sentence: the words of
    its proof step and the smallest figure it applies to, so a reader sees what the solver can use."""
    import re

    from geomill.solvers.plane.theorem_blocks import THEOREMS

    out = ["## Theorems the exact solver knows", "",
           "A file read exactly is solved with these theorems and nothing else (read off "
           "`solvers/plane/theorem_blocks.py`; [Theorems of the plane solver](../theorems.md) says how a block "
           "is written). A goal that needs a theorem not listed here is refused (\"no theorem gives …\"). Each row "
           "gives the words its proof step starts with (… stands for the points) and a smallest figure it "
           "applies to, written in the language. The figure does not have to be stated that way: a "
           "similarity that follows from a parallel, or the triangles a tangent makes, are found without "
           "a `similar` or `triangle` line. A theorem on a triangle applies to three points pairwise joined by "
           "drawn lines (a `line`, a `triangle` or polygon's sides, the segments a relation names). A few "
           "standard theorems join a radius themselves: `circle O through A B` with `M midpoint of AB` "
           "gives OM by Pythagoras with no `triangle OAM` line. The equations under \"It gives\" in the "
           "entries above are used as well. A family stated for polygons of several sizes is listed "
           "once; one with cases of other premises (power of a point: two secants, or a tangent and a "
           "secant) lists each case with what it gives. Two more families are written as code "
           "(`solvers/plane/theorems.py`): the angle between two secants and its arcs, and the angle sum of a "
           "concave polygon.", "", "| theorem | proof step | gives | applies to |", "| --- | --- | --- | --- |"]
    rows: dict[tuple[str, str], dict[tuple, tuple[str, str]]] = {}
    for th in THEOREMS:
        words = re.sub(r"(\{[^}]*\})+", "…", th.sentence)
        case = tuple((type(p).__name__, str(getattr(p, "key", ""))) for p in th.premises)
        figure = "; ".join(f"`{line}`" for line in (th.figure or "").splitlines() if not line.startswith("points "))
        rows.setdefault((th.key, words), {}).setdefault(case, (_gives(th), figure or "(a hand-built figure)"))
    for (key, words), cases in rows.items():
        gives, figures = ("<br>or ".join(c[i] for c in cases.values()) for i in (0, 1))
        out.append(f"| `{key}` | {words} | {gives} | {figures} |")
    return out + [""]


def _gives(th) -> str:
    """A theorem's conclusions as the language writes them (``AP^2 = CP DP``), where it can."""
    from geomill.dsl.printer import format_expr

    said = []
    for c in th.conclusions:
        try:
            said.append(f"`{format_expr(c.lhs)} = {format_expr(c.rhs)}`")
        except (ValueError, TypeError, KeyError):
            return ""
    return "; ".join(said)


def reference_markdown() -> str:
    """The whole reference page."""
    from geomill.engine.catalogue import KINDS
    from geomill.engine.describe import catalogue_markdown
    from geomill.engine.model import ELEMENT_FORMS
    from geomill.engine.plane import ELEMENT_KINDS
    from geomill.engine.relations import BLOCKS

    out = [REFERENCE_HEAD, "## Forms you will try first", "",
           "A textbook's wording and the lines that say it. The forms on the left in code are refused, each with "
           "a message naming the line on the right.", "", "| you may write | write |", "| --- | --- |",
           *(f"| {tried} | {write} |" for tried, write in FIRST_TRIES), "",
           "[How do I say …](phrases.md) has more, each with a whole problem.", "",
           "## Statements of the exact reading", "",
           "A file with any of these lines (or a relation below, an element on both sides of `=`, or a `find` "
           "of an expression) is read exactly: true π, exact roots, a proof in theorem steps.", ""]
    for word, (form, meaning, example) in STATEMENT_EXAMPLES.items():
        out += [f"### `{form}`", "", meaning, "", _fence(example), f"`{_solve_line(example)}`", "",
                _figure(f"statement-{word}"), ""]
    families = {"triangle": "Triangles with a kind", "quadrilateral": "Quadrilaterals with a kind",
                "relation": "Lines and points", "similarity": "Similar and congruent figures",
                "circle": "Circles"}
    for family, title in families.items():
        out += [f"## {title}", ""]
        if family == "relation":
            out += ["The relations between lines and points, and the centres and cevians of triangles:", ""]
        for block in BLOCKS:
            fam = block.family
            if fam == "triangle" and block.polygon is None:
                fam = "relation"
            if fam == "quadrilateral" and block.polygon is None:
                fam = "relation"
            if fam == family:
                out += _block_entry(block, BLOCK_EXAMPLES[block.key])
    out += theorems_markdown()
    out += ["## Shape kinds of the GeomVerse reading", "",
            "Every shape line means the plane geometry of its kind, in any file. `geomill solve` and "
            "`geomill render` read a file the GeomVerse way (glued shapes; π = 3.14 and two decimals at every "
            "step in the solution, beside the exact value; GeomVerse's filled figure) only with `--style "
            "geomverse` or when it holds one of the non-standard (composite) kinds below; a file of shape lines "
            "alone is otherwise solved and drawn exactly as with a `points` line (see "
            "[How the language reads](index.md#one-language-one-meaning)). A form that leaves a point out "
            "(`kite ABCD`) means the form beside it in the example column.", "",
            "In the forms below, `{name}` stands for the shape's points in order, `{p}` for one point, `{s}` "
            "for two (a side), `{a}` for three (an angle, vertex in the middle).", "",
            "<!-- catalogue:start -->", catalogue_markdown().rstrip("\n"), "<!-- catalogue:end -->", ""]
    rows = [line for line in catalogue_markdown().splitlines()[2:] if line.startswith("|")]
    total = sum(int(line.split("|")[4]) for line in rows)
    out += [f"{len(rows)} kinds, {total} derived rules (`geomill catalogue --markdown` prints the table).", ""]
    written = [kind for kind in KINDS.values() if kind.pool == "written"]
    for kind in KINDS.values():
        if kind not in written:
            out += _shape_entry(kind, SHAPE_EXAMPLES[kind.key])
    out += _regular_entry(written)
    out += ["## Elements", "", "### In exact (general) files", "", "| element | meaning |", "| --- | --- |"]
    for key, kind in ELEMENT_KINDS.items():
        meaning, example = GENERAL_ELEMENTS[key]
        out.append(f"| `{example}` | {meaning} ({kind.unit}) |")
    out += ["", "### In shape files", "", "| element | meaning |", "| --- | --- |"]
    for qkind, form in ELEMENT_FORMS.items():
        shown = form.replace("{s}", "AB").replace("{a}", "ABC").replace("{n}", "X")
        out.append(f"| `{shown}` | {SHAPE_ELEMENTS[qkind.value]} |")
    out += ["", VALUES]
    return "\n".join(out).rstrip("\n") + "\n"


VALUES = """## Values, facts and goals

* **A fact** is `element = value`. In a shape file the left side is one element and the value a number or
  an expression in variables (`angle BAC = 2x + 50`). In a general file both sides are expressions of
  elements and variables: `AB = CD`, `angle ABC = angle DEF + 2x`, `AB + BC = 12`.
* **A goal** is `find` and one element (shape files) or any expression (general files): `find x`,
  `find AB / CD`, `find sin(angle ABC)`, `find area ABC - area ADE`. One `find` per problem.
* **Values**: numbers (decimals are exact: `12.85` is 1285/100), `+ - * /`, `^` (or `**`) with a whole
  exponent, parentheses, implicit products (`2x`, `3 sqrt(2)`, `2(x + 1)`), `sqrt(…)`, `sin`, `cos`,
  `tan` of degrees, `pi`, and variables: single lowercase letters. The grammar parses them
  (`dsl/grammar.lark`); user text is never evaluated.
* **Points** are a capital letter with optional digits or primes: `A`, `B1`, `C'`. A polygon is named by
  its vertices in order around it, from any vertex, in either direction.
* **Comments** start with `#`.
"""


# -- the command pages -----------------------------------------------------------------------------------

COMMAND_GUIDES = {
    "solve": "../getting-started.md", "render": "../figures-and-labels.md", "scene": "../figures-and-labels.md",
    "check": "../figures-and-labels.md", "generate": "../research-loop.md#generate",
    "stats": "../research-loop.md#generate", "lint": "../solutions.md", "perceive": "../perception.md",
    "eval": "../research-loop.md#evaluate", "score": "../research-loop.md#score-and-report",
    "report": "../research-loop.md#score-and-report", "grade": "../research-loop.md#grade",
    "import": "../textbook-geometry.md#formalgeo7k", "catalogue": "../language/reference.md",
    "graph": "../architecture.md#deduction-the-geomverse-reading",
    "serve": "../playground.md",
}
# The commands that read a problem file (or text): each page links the one rule they all read it by.
READS_PROBLEMS = ("solve", "render", "scene", "check", "graph", "lint", "serve")
READING_RULE = "../language/index.md#one-language-one-meaning"


# Examples first (each line is parsed by the argument parser in tests/test_docs.py).
COMMAND_EXAMPLES = {
    "solve": ["geomill solve examples/textbook/circle_tangent.geo",
              "geomill solve --latex examples/textbook/similar_triangles.geo", "geomill solve --json examples/*.geo"],
    "catalogue": ["geomill catalogue", "geomill catalogue --markdown"],
    "graph": ["geomill graph examples/geomverse_c.geo --format dot",
              "geomill graph examples/textbook/circle_tangent.geo --proof"],
    "scene": ["geomill scene examples/geomverse_c.geo --json"],
    "render": ["geomill render examples/geomverse_c.geo -o fig.png",
               "geomill render examples/geomverse_c.geo -o fig.svg --annotation individual --values text",
               "geomill render examples/textbook/parallel_lines.geo -o fig.png --labels fig.json --size 400"],
    "check": ['geomill check examples/geomverse_c.geo "there is a triangle ABC"',
              'geomill check examples/textbook/circle_tangent.geo "angle OAP = 90" --json',
              "geomill check --batch claims.jsonl"],
    "generate": ["geomill generate -n 1000 --depth 3 --p-branch 0.5 --variablized 0.5 --seed 0 --workers 2 --out out/",
                 "geomill generate --preset paper --workers 2 --out paper/"],
    "stats": ["geomill stats out/ --plot out/stats.png"],
    "lint": ["geomill lint out/", "geomill lint examples/textbook/circle_tangent.geo"],
    "perceive": ["geomill perceive --preset eval-synthetic --out perc/",
                 "geomill perceive --task angle -n 500 --lines 2-4 --seed 3 --out angles/"],
    "eval": ["geomill eval out/ --backend oracle --out runs/oracle",
             "geomill eval out/ --backend openai --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen2-VL-2B-Instruct "
             "--api-key-env OPENAI_API_KEY --out runs/qwen2b"],
    "score": ["geomill score responses.jsonl --by depth,task --out scored/"],
    "report": ["geomill report runs/oracle runs/random --by depth --plot depth.png"],
    "grade": ["geomill grade responses.jsonl --dataset out/ --out graded/ --by depth,width,answer_type"],
    "import": ["geomill import formalgeo dev.jsonl.gz --out fg/ --workers 2",
               "geomill import formalgeo dev.jsonl.gz --out records/ --records"],
    "serve": ["geomill serve", "geomill serve --data runs/ --port 8080"],
}


def _subparsers():
    import argparse as ap

    from geomill.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, ap._SubParsersAction))
    helps = {c.dest: c.help for c in sub._choices_actions}
    return [(name, sp, helps.get(name, "")) for name, sp in sub.choices.items()]


def _escape(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def command_markdown(name: str, sp, summary: str) -> str:
    """One command's page: what it does, its usage, every option with its help and default."""
    import argparse as ap

    usage = "\n".join(line[len("usage: "):] if line.startswith(" ") else line.replace("usage: ", "", 1)
                      for line in sp.format_usage().strip().splitlines())
    out = [f"# geomill {name}", "",
           "<!-- generated by docs/gen_reference.py from geomill.cli.build_parser: do not edit by hand -->", "",
           f"{summary[0].upper() + summary[1:]}." if summary else "", ""]
    if name in COMMAND_GUIDES:
        link = COMMAND_GUIDES[name]
        page = (COMMANDS / link.split("#")[0]).resolve()
        title = page.read_text(encoding="utf-8").split("\n", 1)[0].lstrip("# ") if page.exists() else link
        out += [f"Guide: [{title}]({link}).", ""]
    if name in READS_PROBLEMS:
        out += [f"A problem is read by the [one reading rule]({READING_RULE}) of every command: a file of "
                "shape lines alone is plane geometry, as with a `points` line; GeomVerse's reading is a "
                "composite shape's, or `--style geomverse`'s.", ""]
    if name in COMMAND_EXAMPLES:
        out += ["```bash", *COMMAND_EXAMPLES[name], "```", ""]
    out += ["Usage:", "", "```text", usage, "```", ""]
    if sp.description:
        out += [_escape(sp.description), ""]
    rows = []
    for a in sp._actions:
        if isinstance(a, ap._HelpAction):
            continue
        flag = ", ".join(f"`{s}`" for s in a.option_strings) or f"`{a.metavar or a.dest}`"
        if a.option_strings and a.nargs != 0:
            flag += f" `{a.metavar or a.dest.upper()}`" if not a.choices else ""
        extra = []
        if a.choices:
            extra.append("one of " + ", ".join(f"`{c}`" for c in a.choices))
        help_text = _escape((a.help or "").replace("%(default)s", str(a.default)))
        if a.default not in (None, False, ap.SUPPRESS) and a.nargs != 0 and "default" not in help_text:
            extra.append(f"default `{a.default}`")
        tail = "; ".join(extra)
        if extra:
            help_text = f"{help_text} ({tail})" if help_text else tail[0].upper() + tail[1:]
        rows.append(f"| {flag} | {help_text} |")
    if rows:
        out += ["| argument | meaning |", "| --- | --- |", *rows, ""]
    return "\n".join(out).rstrip("\n") + "\n"


def commands_index() -> str:
    out = ["# Commands", "", "<!-- generated by docs/gen_reference.py from geomill.cli.build_parser -->", "",
           "Every command of `geomill`, with its options read from the argument parser. "
           "`geomill COMMAND --help` prints the same.", "", "| command | what it does |", "| --- | --- |"]
    for name, _sp, summary in _subparsers():
        out.append(f"| [`{name}`]({name}.md) | {_escape(summary)} |")
    return "\n".join(out) + "\n"


def phrases_markdown() -> str:
    """The page "How do I say …": every entry of ``dsl/phrases.py`` with a problem that uses it."""
    from geomill.dsl.phrases import PHRASES

    out = ["# How do I say …", "",
           "Textbook phrases the language has no word of its own for, and the lines that say them. Each "
           "comes with a whole problem and the last line `geomill solve` prints for it. A line using one "
           "of the words in the first column is refused with the same advice.", "",
           "| the textbook says | write | words that point here |", "| --- | --- | --- |"]
    for p in PHRASES:
        write = "<br>".join(f"`{line}`" for line in p.write.splitlines())
        out.append(f"| {_escape(p.says)} | {write} | {', '.join(p.words)} |")
    out.append("")
    for p in PHRASES:
        lines = ", then ".join(f"`{x}`" for x in p.write.splitlines())
        out += [f"## {p.says[0].upper()}{p.says[1:]}", "", f"Write {lines}: {p.why}", "", _fence(p.example),
                f"`{_solve_line(p.example)}`", ""]
    return "\n".join(out)


# The orientation cookbook: which chain draws each textbook picture (a recipe, then the chain that draws the
# other picture with the answer it gives; each problem solves and is drawn).
ORIENTATION: tuple[tuple[str, str, str, str, str], ...] = (
    ("tangent-chord", "The angle between a tangent and a chord, on the side of a given arc",
     "`arc OAB` runs counter-clockwise from A to B. `counterclockwise OAP` puts the tangent's point P on that "
     "arc's side of the chord AB, so angle PAB is half of `arc OAB`; `clockwise OAP` puts P on the other side "
     "(angle PAB = 180 − half the arc).",
     "circle O through A B\nPA tangent to circle O\nline A B\ncounterclockwise OAP\narc OAB = 100\n"
     "find angle PAB\n", "clockwise OAP"),
    ("minor-arc", "The minor arc of a central angle: its length or its sector",
     "`counterclockwise OAB` makes `arc OAB` (counter-clockwise from A to B) the arc the central angle AOB "
     "spans, the minor one when the angle is under 180; `clockwise OAB` makes it the major arc. The same chain "
     "serves `arc length OAB`, `sector area OAB` and `sector perimeter OAB`.",
     "circle O through A B\ncounterclockwise OAB\nradius O = 9\nangle AOB = 80\nfind arc length OAB\n",
     "clockwise OAB"),
    ("major-arc-point", "A point C on the major arc AB (or on the minor one)",
     "C on the major arc lies on the centre's side of the chord AB: the chains ABC and ABO turn the same way "
     "(`clockwise ABC ABO`). For C on the minor arc they turn opposite ways (`clockwise ABC` with "
     "`counterclockwise ABO`); the inscribed angle is then 180 − half the central one.",
     "circle O through A B C\nclockwise ABC ABO\nangle AOB = 124\nfind angle ACB\n",
     "clockwise ABC\ncounterclockwise ABO"),
    ("parallels", "Two parallels that run the same way",
     "A transversal G E F H crosses AB at E and CD at F. `clockwise AEG CFG` says A and C lie on the same "
     "side of the transversal: AB and CD run the same way, and angle GEB and angle EFD are corresponding "
     "angles. `clockwise AEG` with `counterclockwise CFG` draws CD running the other way.",
     "line A E B\nline C F D\nline G E F H\nAB parallel to CD\nclockwise AEG CFG\nangle GEB = 72\n"
     "find angle EFD\n", "clockwise AEG\ncounterclockwise CFG"),
)
ORIENTATION_PAGE = DOCS / "language" / "orientation.md"


def _other(text: str, other: str) -> str:
    """The recipe's problem with its chain lines replaced by the other picture's."""
    lines = [line for line in text.splitlines() if not line.startswith(("clockwise", "counterclockwise"))]
    at = next(i for i, line in enumerate(lines) if line.startswith(("arc ", "radius", "angle")))
    return "\n".join(lines[:at] + other.split("\n") + lines[at:]) + "\n"


def orientation_markdown() -> str:
    """The page "Orientation cookbook": each recipe with its problem, answer and figure, and the other
    picture's chain with its answer."""
    out = ["# Orientation cookbook", "",
           "A figure given by lengths and angles alone can often be drawn two ways: a point on either side of "
           "a line, an arc the short or the long way round. geomill then refuses (\"the goal is "
           "underdetermined\") rather than guess. A `clockwise` or `counterclockwise` chain says which "
           "picture is meant: `clockwise ABC` means that walking from A to B, C lies on the right, with y "
           "pointing up ([conventions](index.md#conventions)). Each recipe below is a whole problem, the "
           "last line `geomill solve` prints for it, its figure, and the chain for the other picture.", "",
           "The common sides have words, which the refusal names first: `C on major arc AB` (or `minor`), "
           "`A and D on opposite sides of line EF` (or `on the same side`), `D on BC extended`, `D on ray BC` "
           "(the [tutorial](../tutorial.md#circles) has a table). A chain says what no phrase does, such as "
           "which way `arc OAB` runs.", ""]
    for key, title, why, text, other in ORIENTATION:
        chain = next(line for line in text.splitlines() if line.startswith(("clockwise", "counterclockwise")))
        flipped = _other(text, other)
        out += [f"## {title}", "", why, "", _fence(text), f"`{_solve_line(text)}`", "",
                f"![{title} drawn by geomill render](../img/reference/orient-{key}.png){{ width=\"{FIGURE_SIZE}\" }}",
                "", "The other picture: " + ", ".join(f"`{x}`" for x in other.split("\n")) + " instead of "
                f"`{chain}` gives `{_solve_line(flipped)}`.", ""]
    return "\n".join(out)


def _page_makers() -> dict[Path, Callable[[], str]]:
    """Every generated page's path and the function that writes its text."""
    out: dict[Path, Callable[[], str]] = {REFERENCE: reference_markdown, PHRASES: phrases_markdown,
                                          COMMANDS / "index.md": commands_index, ORIENTATION_PAGE: orientation_markdown}
    for name, sp, summary in _subparsers():
        out[COMMANDS / f"{name}.md"] = functools.partial(command_markdown, name, sp, summary)
    return out


def page_paths() -> list[Path]:
    """Every generated page's path, without writing the pages (that takes seconds: it solves every example)."""
    return list(_page_makers())


def pages() -> dict[Path, str]:
    """Every generated page and its text."""
    return {path: make() for path, make in _page_makers().items()}


# -- figures ------------------------------------------------------------------------------------------------


def examples() -> dict[str, str]:
    """Every example of the reference by its figure's name."""
    out = {f"statement-{k}": v[2] for k, v in STATEMENT_EXAMPLES.items()}
    out.update({f"block-{k}": v for k, v in BLOCK_EXAMPLES.items()})
    out.update({f"shape-{k}": v for k, v in SHAPE_EXAMPLES.items()})
    out.update({f"orient-{k}": text for k, _, _, text, _ in ORIENTATION})
    return out


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def draw_figures(only_stale: bool = True) -> int:
    """Render every example whose figure is missing or was drawn from other text; returns how many."""
    from geomill.cli import main

    FIGURES.mkdir(parents=True, exist_ok=True)
    index = json.loads(FIGURE_INDEX.read_text()) if FIGURE_INDEX.exists() else {}
    drawn = 0
    for name, text in examples().items():
        png = FIGURES / f"{name}.png"
        if only_stale and index.get(name) == digest(text) and png.exists():
            continue
        with tempfile.TemporaryDirectory() as tmp:
            geo = Path(tmp) / f"{name}.geo"
            geo.write_text(text, encoding="utf-8")
            with contextlib.redirect_stderr(io.StringIO()):
                code = main(["render", str(geo), "-o", str(png), "--size", str(FIGURE_SIZE)])
        if code != 0:
            raise RuntimeError(f"cannot draw {name}")
        index[name] = digest(text)
        drawn += 1
    index = {k: index[k] for k in examples()}
    FIGURE_INDEX.write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")
    return drawn


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--figures", action="store_true", help="also draw the examples' figures that are stale")
    args = ap.parse_args(argv)
    for path, text in pages().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if args.figures:
        print(f"drew {draw_figures()} figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
