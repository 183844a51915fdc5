"""Textbook phrases the language has no word for, and the lines that say them.

One table serves two readers: the reader's error for an unknown word that a phrase uses ("inscribed",
"between") names the lines to write instead, and ``docs/gen_reference.py`` writes the page "How do I
say …" from the same entries, each with a whole problem that ``geomill solve`` answers (the docs tests
solve them again).  Adding a phrase is one entry here.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from geomill.engine.errors import a_noun
from geomill.engine.kinds import KINDS
from geomill.engine.plane import POLYGON_NOUNS


@dataclass(frozen=True)
class Phrase:
    says: str  # the textbook's words
    words: tuple[str, ...]  # words a writer may try that the language does not have
    write: str  # the lines to write instead (one per line)
    why: str  # one sentence: why these lines say it
    example: str  # a whole problem using them


PHRASES: tuple[Phrase, ...] = (
    Phrase(
        "ABCD is inscribed in circle O (a cyclic quadrilateral; any polygon: 'circle O through' all its vertices)",
        ("inscribed", "cyclic", "concyclic"),
        "circle O through A B C D\nquadrilateral ABCD",
        "the circle puts the four points on it, and the quadrilateral fixes their order around it, so "
        "that C lies on the arc opposite A. Any polygon the same way: a regular hexagon ABCDEF in circle O is "
        "`circle O through A B C D E F` and `regular hexagon ABCDEF` (a regular polygon in its circle draws "
        "the radii to one side itself).",
        "circle O through A B C D\nquadrilateral ABCD\nangle DAB = 85\nfind angle BCD\n",
    ),
    Phrase(
        "a regular hexagon ABCDEF inscribed in a circle O of radius 7 (any regular polygon)",
        ("circumscribed", "circumcircle", "circumradius"),
        "circle O through A B C D E F\nregular hexagon ABCDEF",
        "the circle puts every vertex on it and the polygon line fixes their order; the polygon inscribed in "
        "the circle draws the radii OA and OB itself, and their triangle (central angle 360°/6) turns the "
        "radius into the side AB (`regular pentagon ABCDE`, `regular decagon ABCDEFGHIJ`, `regular polygon "
        "A1…An` … the same way).",
        "circle O through A B C D E F\nregular hexagon ABCDEF\nradius O = 7\nfind perimeter ABCDEF\n",
    ),
    Phrase(
        "C lies on the major arc AB (or the minor one)",
        ("larger", "smaller"),
        "C on major arc AB",
        "the major arc is the one on the centre's side of the chord AB (`C on minor arc AB` for the other); "
        "with more than one circle, name it: `C on major arc AB of circle O`. A measure over 180 is given "
        "as `major arc AB = 250` (`arc AB` is always the minor arc). Two tangents PA and PB need no arc line: "
        "angle APB is 180° less the central angle AOB, half the difference of the two arcs.",
        "circle O through A B C\nC on major arc AB\nangle AOB = 110\nfind angle ACB\n",
    ),
    Phrase(
        "angle ABD equals angle ACB (two triangles similar by AA)",
        ("equal", "equals"),
        "angle ABD = angle ACB",
        "a fact may have an element on each side of `=`; with `D on AC` the triangles ABD and ACB share the "
        "angle at A, and the solver finds their similarity itself (no `similar` line needed).",
        "triangle ABC\nD on AC\nangle ABD = angle ACB\nAD = 4\nAC = 9\nfind AB\n",
    ),
    Phrase(
        "the inscribed angle ACB intercepts arc AB = 80°",
        ("intercepts", "intercepted", "subtends", "subtended"),
        "arc AB = 80\nC on major arc AB",
        "`arc AB` is the minor arc (its central angle AOB), `major arc ACB` the arc from A to B through C; "
        "an inscribed angle intercepts the arc its vertex is not on, so say where C is.",
        "circle O through A B C\narc AB = 80\nC on major arc AB\nfind angle ACB\n",
    ),
    Phrase(
        "A and D lie on opposite sides of the line EF (alternate angles)",
        ("alternate", "transversal", "corresponding"),
        "A and D on opposite sides of line EF",
        "alternate angles AEF and EFD lie on opposite sides of the transversal EF; corresponding and "
        "co-interior angles lie on one side of it (`B and D on the same side of line EF`).",
        "line A E B\nline C F D\nline G E F H\nAB parallel to CD\nA and D on opposite sides of line EF\n"
        "angle AEF = 2x + 10\nangle EFD = 4x - 30\nfind angle AEF\n",
    ),
    Phrase(
        "AB is a diameter of circle O",
        ("diameters",),
        "circle O through A B\nline A O B",
        "a chord through the centre is a diameter; `circle on AB` says the same and makes the centre a "
        "new point.",
        "circle O through A B C\nline A O B\nangle BAC = 35\nfind angle ABC\n",
    ),
    Phrase(
        "E lies between the parallel lines AB and CD",
        ("between", "inside", "interior"),
        "E and C on the same side of line AB\nE and A on the same side of line CD\nB and D on the same side of line AC",
        "a point between two lines is on the second's side of the first and on the first's side of the "
        "second; `B and D on the same side of line AC` makes the two lines run the same way (without it "
        "they may run opposite ways, and a file that leaves it out is refused with both values).",
        "points A B C D E\nAB parallel to CD\nB and D on the same side of line AC\n"
        "E and C on the same side of line AB\nE and A on the same side of line CD\nangle BAE = 40\n"
        "angle DCE = 30\nfind angle AEC\n",
    ),
    Phrase(
        "the ratio AB : DE is 3 : 5 (or ABC and DEF are similar with ratio 3 : 5)",
        ("ratio", "ratios", "proportion", "proportional"),
        "AB = 3 DE / 5",
        "the left side of `=` is one element, so a ratio is one length in terms of the other; for a "
        "similarity ratio write `ABC similar to DEF` and this line on any pair of matching sides "
        "(`find AB / DE` asks for a ratio).",
        "triangle ABC\ntriangle DEF\nABC similar to DEF\nAB = 3 DE / 5\nAC = 12\nfind DF\n",
    ),
    Phrase(
        "the distance from the centre O to the chord AB",
        ("distance",),
        "M midpoint of AB\nfind OM",
        "the distance is the perpendicular from the centre, which meets the chord at its midpoint (or "
        "write `find height OAB`: the height of triangle OAB from O).",
        "circle O through A B\nM midpoint of AB\nradius O = 13\nAB = 24\nfind OM\n",
    ),
    Phrase(
        "the height of trapezoid ABCD from the vertex B",
        ("from",),
        "E on AD\nBE perpendicular to AD",
        "the height from a vertex is the perpendicular from it to the opposite base, with its foot "
        "named; `find height ABCD` asks for the distance between the bases without drawing it.",
        "trapezoid ABCD bases AD BC\nE on AD\nBE perpendicular to AD\nAD = 16\nBC = 10\nAB = 5\nCD = 5\n"
        "find BE\n",
    ),
    Phrase(
        "AB is a chord of circle O",
        ("chord", "chords", "secant"),
        "circle O through A B",
        "a chord is the segment between two points of the circle: name them on it, and AB is the chord.",
        "circle O through A B\nradius O = 5\nangle AOB = 60\nfind AB\n",
    ),
    Phrase(
        "chords AB and CD cross at P; angle APC is half the sum of the arcs AC and BD",
        ("arcs",),
        "line A P B\nline C P D\nB on major arc AC\nD on major arc AC\narc AC = 80\narc BD = 40",
        "`arc AC` is the minor arc, and the angle APC cuts off the arc AC that B and D are not on: put B and D "
        "on the other one (`major arc AC`); with B and D on the minor arc AC every line holds too and the "
        "angle is 160, so a file that leaves them out is refused with both lines and both values. For lengths "
        "(AP·PB = CP·PD, the intersecting chords theorem) the circle and the two lines are enough: the arc "
        "lines are for angles.",
        "circle O through A B C D\nline A P B\nline C P D\nB on major arc AC\nD on major arc AC\n"
        "arc AC = 80\narc BD = 40\nfind angle APC\n",
    ),
    Phrase(
        "two secants P-A-B and P-C-D from an outside point; angle BPD is half the far arc BD less the near arc AC",
        ("secants", "far", "near", "outside"),
        "line P A B\nline P C D\nA on major arc BD\nC on major arc BD\narc BD = 110\narc AC = 30",
        "`arc BD` is the minor arc; the far arc is the one A and C are not on, so put A and C on the other "
        "(`major arc BD`). With A and C on the minor arc BD the far arc is the major one (250) and the angle "
        "110: a file that leaves the arc lines out is refused with both. For a far arc over 180 write "
        "`major arc BD = 200` and still say where A and C are. For lengths (PA·PB = PC·PD, the power of the "
        "point P) the circle and the two lines are enough: the arc lines are for angles.",
        "circle O through A B C D\nline P A B\nline P C D\nA on major arc BD\nC on major arc BD\n"
        "arc BD = 110\narc AC = 30\nfind angle BPD\n",
    ),
    Phrase(
        "PA and PB are tangents to circle O from P (two tangents from one point)",
        ("tangents",),
        "PA tangent to circle O\nPB tangent to circle O",
        "each tangent is a line of its own, touching the circle at its second letter; `circle O through A B` "
        "puts the touching points on the circle. The tangents are equal, and angle APB is 180° less the "
        "central angle AOB (no arc line needed).",
        "circle O through A B\nPA tangent to circle O\nPB tangent to circle O\nangle AOB = 110\n"
        "find angle APB\n",
    ),
    Phrase(
        "a circle O inscribed in the polygon ABCD (its incircle: tangent to every side)",
        ("incircle", "inradius", "inscribe"),
        "circle O through E F G H\nE on AB\nF on BC\nG on CD\nH on DA\nAE tangent to circle O\n"
        "BF tangent to circle O\nCG tangent to circle O\nDH tangent to circle O",
        "name the point where the circle touches each side, put it on that side and on the circle, and make "
        "the side a tangent there (`AE tangent to circle O` touches at E, its second letter); a triangle the "
        "same way with three sides (`circle O through D E F`, `D on BC`, `BD tangent to circle O` …). "
        "`circle O inscribed in ABCD` is not a line: 'inscribed' says a polygon in a circle.",
        "square ABCD\ncircle O through E F G H\nE on AB\nF on BC\nG on CD\nH on DA\nAE tangent to circle O\n"
        "BF tangent to circle O\nCG tangent to circle O\nDH tangent to circle O\nAB = 10\n"
        "find area ABCD - circle area O\n",
    ),
    Phrase(
        "tangent PT and secant P-A-B; angle TPB is half the far arc TB less the near arc TA",
        ("external", "tangents"),
        "PT tangent to circle O\nline P A B\nA on major arc TB\narc TB = 150\narc TA = 50",
        "`arc TB` is the minor arc; the far arc is the one A is not on, so put A on the other (`major arc "
        "TB`); with A on the minor arc TB the angle is 80, and a file without the line is refused.",
        "circle O through T A B\nPT tangent to circle O\nline P A B\nA on major arc TB\narc TB = 150\n"
        "arc TA = 50\nfind angle TPB\n",
    ),
    Phrase(
        "the minor sector AOB, or a quarter circle about A in the square ABCD",
        ("quarter",),
        "circle O through A B\ncounterclockwise OAB\nfind sector area OAB",
        "`sector area OAB` runs about O from A counter-clockwise to B, so `counterclockwise OAB` makes it the "
        "minor sector (`clockwise OAB` the major one); a file without the turn line is refused with both values. "
        "The shape line `sector AOB` says the same two lines (and draws only the sector's arc and radii). "
        "The quarter circle about A through B and D of the square ABCD is `circle A through B D`, "
        "`counterclockwise ABD` and `sector area ABD` (`find area ABCD - sector area ABD` for the rest), "
        "or `sector BAD` and `area BAD` (`find area ABCD - area BAD`).",
        "square ABCD\nAB = 10\ncircle A through B D\ncounterclockwise ABD\nfind area ABCD - sector area ABD\n",
    ),
    Phrase(
        "the length of the arc AB of the sector AOB (radius 9, angle 80°)",
        ("sectors",),
        "circle O through A B\ncounterclockwise OAB\nfind arc length OAB",
        "`arc length OAB` runs about O from A counter-clockwise to B, so `counterclockwise OAB` makes it the "
        "minor arc, the sector's (a file without the turn line is refused with both values); the shape line "
        "`sector AOB` says the circle and the turn line at once, and `arc AOB` (the centre in the middle) is "
        "then that arc's length, while `arc OAB` (the centre first) is its degrees.",
        "circle O through A B\ncounterclockwise OAB\nradius O = 9\nangle AOB = 80\nfind arc length OAB\n",
    ),
    Phrase(
        "the area of the semicircle on the diameter AB",
        ("half", "halves"),
        "semicircle on AB\nfind area AB",
        "`area AB` is the area of the semicircle the line `semicircle on AB` draws (`perimeter AB` its "
        "perimeter), alone or in a sum with a polygon's (`find area ABC + area AB`); of a circle drawn "
        "through A and B with its centre on AB it is `circle area O / 2` (`circle O through A B`, `line A O B`).",
        "semicircle on AB\nAB = 14\nfind area AB\n",
    ),
    Phrase(
        "medians AD and BE meet at G (the centroid)",
        ("medians", "meet"),
        "AD median of ABC\nBE median of ABC\nG where AD meets BE",
        "each median is a line of its own, and `G where AD meets BE` puts G on both (so on AD: GD is a third "
        "of AD); `G centroid of ABC` says the same but needs `line A G D` before a theorem reads G on AD.",
        "triangle ABC\nAD median of ABC\nBE median of ABC\nG where AD meets BE\nAD = 18\nfind GD\n",
    ),
    Phrase(
        "D lies on BC extended beyond C (an exterior angle)",
        ("produced", "extension", "past", "exterior"),
        "D on BC extended",
        "D is past the last point named (`D on BC extended beyond B` for the other end; `D on ray BC` "
        "and `D on line BC` say less); `D on BC` would put D between B and C.",
        "triangle ABC\nD on BC extended\nangle ABC = 50\nangle ACD = 120\nfind angle BAC\n",
    ),
    Phrase(
        "lines AB and CD cross at P (vertical angles), or chords AB and CD intersect at P",
        ("cross", "crosses", "intersect", "intersects"),
        "line A P B\nline C P D",
        "two lines through one point P cross there, P between A and B and between C and D (two chords "
        "crossing inside a circle, two diagonals); also accepted: `P where AB meets CD`, P on both lines "
        "wherever they cross, outside both segments too.",
        "line A P B\nline C P D\nangle APC = 70\nfind angle BPD\n",
    ),
    Phrase(
        "O is the intersection of AC and BD",
        ("intersection",),
        "O where AC meets BD",
        "O lies on both lines AC and BD, wherever they cross; also accepted: `line A O C` and `line B O D`, "
        "which say more (O between A and C and between B and D, as for crossing chords or diagonals).",
        "rectangle ABCD\nO where AC meets BD\nAB = 8\nBC = 6\nfind BO\n",
    ),
    Phrase(
        "the diagonals AC and BD of ABCD meet at O",
        ("diagonals",),
        "line A O C\nline B O D",
        "each diagonal is a line through O, O between its ends; the quadrilateral's line (`rhombus ABCD`, "
        "`quadrilateral ABCD`) says what the diagonals join (also accepted: `O where AC meets BD`).",
        "rhombus ABCD\nline A O C\nline B O D\nAC = 10\nBD = 24\nfind AB\n",
    ),
    Phrase(
        "a circle with centre O and radius 5",
        ("center", "centre", "centered", "centred"),
        "circle O through A\nradius O = 5",
        "a circle is named by its centre and drawn through the points on it; its radius is a value of its "
        "own (`radius O = 5`), or a length (`OA = 5`).",
        "circle O through A B\nradius O = 5\nangle AOB = 90\nfind AB\n",
    ),
    Phrase(
        "the angle between the tangent PA and the chord AB (the tangent–chord angle)",
        ("touches", "touching"),
        "PA tangent to circle O\nP and C on opposite sides of line AB",
        "the tangent–chord angle PAB equals the inscribed angle ACB on the far side of the chord, so say "
        "that P and C lie on opposite sides of AB (on the same side, angle ACB is 180° minus it).",
        "circle O through A B C\nPA tangent to circle O\nP and C on opposite sides of line AB\n"
        "angle PAB = 65\nfind angle ACB\n",
    ),
    Phrase(
        "a pentagon ABCDE or a hexagon ABCDEF that is not regular (a heptagon, a decagon …): its angle sum",
        ("irregular", "concave"),
        "convex pentagon ABCDE",
        "a textbook draws such a polygon convex, every corner turning one way, which is what `convex pentagon "
        "ABCDE` says (`convex hexagon ABCDEF`, `convex polygon ABCDE` …); also accepted: `polygon ABCDE`, "
        "convex or not (a reflex corner counts 360 less its angle), where a goal a reflex corner changes is "
        "refused with both values. `regular pentagon ABCDE` says equal sides and angles, a different problem (any "
        "regular polygon: `regular heptagon ABCDEFG` … `regular dodecagon ABCDEFGHIJKL`, `regular polygon A1…An`).",
        "convex pentagon ABCDE\nangle EAB = 100\nangle ABC = 130\nangle BCD = 2x\nangle CDE = x + 5\n"
        "angle DEA = 125\nfind x\n",
    ),
    Phrase(
        "AD bisects angle A and meets BC at D (the angle bisector theorem)",
        (),
        "D on BC\nAD bisects angle BAC",
        "`AD bisects angle BAC` says only that AD halves the angle; `D on BC` puts its foot on the opposite "
        "side, and with both the solver uses BD/DC = AB/AC itself.",
        "triangle ABC\nD on BC\nAD bisects angle BAC\nAB = 12\nAC = 8\nBC = 15\nfind BD\n",
    ),
    Phrase(
        "AD bisects the exterior angle at A and meets BC extended at D (the exterior angle bisector theorem)",
        (),
        "line B A E\nD on BC extended\nAD bisects angle CAE",
        "the exterior angle at A is the angle CAE between AC and BA extended past A (E on it); `D on BC "
        "extended` puts the bisector's foot beyond C, and the solver uses BD/CD = AB/AC itself.",
        "triangle ABC\nline B A E\nD on BC extended\nAD bisects angle CAE\nAB = 12\nAC = 8\nBC = 5\nfind CD\n",
    ),
    Phrase(
        "two circles about one centre O (concentric): the chord AB of the larger touches the smaller at M",
        ("concentric", "annulus", "ring"),
        "circle O through A B\nM on AB\nOM perpendicular to AB",
        "a centre names one circle: a second `circle O through M` puts M on the same circle. Write the larger "
        "circle, and the smaller one by its radius OM, the perpendicular from O to the chord it touches.",
        "circle O through A B\nM on AB\nOM perpendicular to AB\nAB = 16\nfind pi (radius O)^2 - pi OM^2\n",
    ),
    Phrase(
        "DE is parallel to BC with D on AB and E on AC (triangles ADE and ABC similar)",
        (),
        "D on AB\nE on AC\nDE parallel to BC",
        "the parallel gives the similarity: the solver finds that ADE and ABC are similar itself, so no "
        "`similar` line is needed (one may be written; it must agree with the figure).",
        "triangle ABC\nD on AB\nE on AC\nDE parallel to BC\nAD = 4\nAB = 10\nBC = 15\nfind DE\n",
    ),
    Phrase(
        "the line through A parallel to BC",
        ("parallels",),
        "line D A E\nDE parallel to BC",
        "a line is named by points on it, here D and E on either side of A, and the parallel makes it run "
        "beside BC; say which way it runs when an angle at A depends on it (`D and C on opposite sides of "
        "line AB`).",
        "triangle ABC\nline D A E\nDE parallel to BC\nD and C on opposite sides of line AB\n"
        "angle ABC = 50\nangle ACB = 60\nfind angle DAB\n",
    ),
    Phrase(
        "F and G lie on CD (in the order the figure shows)",
        ("order", "somewhere"),
        "line C F G D",
        "list the points in their order along the line as the figure shows them (`line C G F D` is the "
        "other order); `F on line CD` leaves the order open, and when the order changes the answer geomill "
        "may answer for one order without noticing the other.",
        "line C F G D\nline E F\nline E G\nangle EFC = 110\nangle EGD = 120\nfind angle FEG\n",
    ),
    Phrase(
        "CD is the altitude to the hypotenuse AB of the right triangle ABC (right angle at C)",
        ("hypotenuse",),
        "triangle ABC right at C\nCD altitude of ABC",
        "an altitude is named from its vertex: `CD altitude of ABC` is the perpendicular from C to AB with its "
        "foot D (the triangle may be named from any vertex: `CD altitude of CAB` is the same line); in a right "
        "triangle the foot of the altitude from the right angle lies between A and B, so AD and DB are the "
        "hypotenuse's two parts without another line.",
        "triangle ABC right at C\nCD altitude of ABC\nAD = 4\nDB = 9\nfind CD\n",
    ),
    Phrase(
        "tan A = 3/4 in the right triangle ABC (a sine, cosine or tangent given)",
        ("sin", "cos", "tan", "sine", "cosine"),
        "angle BAC = atan(3/4)",
        "a value is given to an element, and the element is the angle, named by three points: `atan(3/4)` is "
        "the angle in degrees whose tangent is 3/4 (`asin`, `acos` the same way); `tan(angle BAC) = 3/4` is "
        "refused with this line.",
        "triangle ABC right at C\nangle BAC = atan(3/4)\nAB = 10\nfind BC\n",
    ),
    Phrase(
        "find sin A (a sine, cosine or tangent asked)",
        (),
        "find sin(angle BAC)",
        "a goal may be any expression of elements; the angle is named by three points, vertex in the middle, "
        "in the parentheses (`find cos(angle ABC)`, `find tan(angle BAC)`); `find sin A` is refused with "
        "this line.",
        "triangle ABC right at C\nBC = 5\nAC = 12\nfind sin(angle BAC)\n",
    ),
)


_ARTICLES = ("is", "are", "the", "a", "an")

# English words the language leaves out, and what to write instead.
FILLERS: dict[str, str] = {
    **dict.fromkeys(_ARTICLES,
                    "leave the word out: a line is points and the relation's words "
                    "('M midpoint of AB', 'PA tangent to circle O', 'BD bisects angle ABC')"),
    **dict.fromkeys(("with", "and", "has", "have"),
                    "give each fact on a line of its own: the shape's line alone, then one line a fact "
                    "('AC = 10', 'AB parallel to CD')"),
    "line": "a point on a line is 'D on line BC', 'D on ray BC', 'D on BC extended' (beyond C), 'D on BC' "
            "(between B and C), or 'line B C D' (the points in order along it)",
}


# Words of the language an expression does not read, and what a writer who put one there meant.
IN_EXPRESSIONS: dict[str, str] = {
    "of": "leave 'of' out ('find area ABC'); for \"the length of arc AB\" write 'counterclockwise OAB'; "
          "'find arc length OAB' (the centre first, then the arc's ends counter-clockwise); for \"the area of "
          "the semicircle on AB\" write 'find area AB' with the line 'semicircle on AB' (alone or in a sum: "
          "'find area ABC + area AB'), or 'find circle area O / 2' (AB a diameter of circle O)",
    "exterior": "leave 'exterior' out: with 'D on BC extended' the exterior angle at C is 'angle ACD' "
                "('find angle ACD')",
    "semicircle": "the semicircle a line 'semicircle on AB' draws is named by its diameter: its area 'area AB', "
                  "its perimeter 'perimeter AB', alone or in a sum ('find area ABC + area AB')",
    "sector": "the sector a line 'sector BAD' draws (about A) is named as that line names it: its area "
              "'area BAD', its perimeter 'perimeter BAD', its arc's length 'arc BAD', alone or in a sum "
              "('find area ABCD - area BAD'); 'sector area ABD' names the centre first, about a line "
              "'circle A through B D'",
}


# A goal a writer words with 'of' ('find area of semicircle AB'), by its words before the points
# ('the' left out): the lines to write, in the writer's points ({X}, its ends {X0} {X1}).
OF_GOALS: dict[tuple[str, ...], str] = {
    ("length", "of", "arc"): "for \"the length of arc {X}\" write 'counterclockwise O{X}' and 'find arc length "
                             "O{X}' (O the centre first, then the arc's ends counter-clockwise)",
    ("arc", "length", "of", "arc"): "for \"the length of arc {X}\" write 'counterclockwise O{X}' and 'find arc "
                                    "length O{X}' (O the centre first, then the arc's ends counter-clockwise)",
    ("area", "of", "semicircle"): "for \"the area of the semicircle on {X}\" write 'find area {X}' in a file of "
                                  "shape lines with 'semicircle on {X}', or 'find circle area O / 2' where the "
                                  "circle O on the diameter {X} is drawn ('circle O through {X0} {X1}', "
                                  "'line {X0} O {X1}')",
    ("area", "of", "circle"): "write 'find circle area {X}' (a circle is named by its centre)",
    ("radius", "of", "circle"): "write 'find radius {X}'",
    ("circumference", "of", "circle"): "write 'find circumference {X}'",
    ("area", "of"): "write 'find area {X}'",
    ("perimeter", "of"): "write 'find perimeter {X}'",
}


def of_goal(words: list[str]) -> str | None:
    """For a goal worded with 'of' (its words after 'find'): the lines to write, else None."""
    kept = [w for w in words if w.lower() not in ("the", "a")]
    if len(kept) < 2 or not kept[-1].isalpha() or not kept[-1].isupper():
        return None
    said = OF_GOALS.get(tuple(kept[:-1]))
    if said is None:
        return None
    ends = dict(enumerate(kept[-1])) if len(kept[-1]) == 2 else {}
    try:
        return said.format(X=kept[-1], **{f"X{i}": q for i, q in ends.items()})
    except KeyError:  # a semicircle named by more than its two ends
        return None


def filler(word: str) -> bool:
    return word.lower() in FILLERS


# Symbols a writer may type for a word of the language.
SYMBOLS: dict[str, str] = {
    "|": "write 'AB parallel to CD'", "∥": "write 'AB parallel to CD'", "⊥": "write 'AB perpendicular to CD'",
    "∠": "write 'angle ABC'", "△": "write 'triangle ABC' or 'area ABC'",
    "°": "write the number alone (angles are in degrees)",
    "√": "write sqrt(…)", "π": "write pi", "⌒": "write 'arc AB' (the minor arc) or 'major arc ACB'",
    "?": "write the unknown as the goal: 'find angle BAC'",
    "~": "write 'ABC similar to DEF'", "≅": "write 'ABC congruent to DEF'",
}


def symbol_hint(ch: str) -> str:
    """The word to write for a symbol the language does not read (empty where there is none)."""
    return f"; {SYMBOLS[ch]}" if ch in SYMBOLS else ""


def hint(word: str) -> str:
    """The lines to write for a phrase using ``word`` (empty where no phrase uses it), for an error."""
    w = word.lower()
    if w in FILLERS:
        return f"; {FILLERS[w]}"
    p = next((p for p in PHRASES if w in p.words), None)
    if p is None:
        return ""
    lines = "; ".join(f"'{line}'" for line in p.write.splitlines())
    return f"; for \"{p.says}\" write {lines} (docs: How do I say …)"


# One recommended form per phrase, the same as "How do I say …" gives: segments that cross at P (chords,
# diagonals) are two lines through P; "the intersection of AB and CD" is P on both lines.
_MEET = "{P} where {X} meets {Y}"
_ON_BOTH = "{P} lies on both lines {X} and {Y}"  # (where a line is named by more than two points)
_MEETS = ("{P} lies on both lines {X} and {Y}, wherever they cross (also accepted: 'line {X0} {P} {X1}' and "
          "'line {Y0} {P} {Y1}', which put {P} between {X0} and {X1} and between {Y0} and {Y1})")
_CROSS = "line {X0} {P} {X1}\nline {Y0} {P} {Y1}"
_CROSSES = ("{P} lies between {X0} and {X1} and between {Y0} and {Y1}, as where two chords or diagonals cross "
            "(also accepted: '{P} where {X} meets {Y}', {P} on both lines wherever they cross)")


# Whole lines a writer tries whose meaning one line of the language says, with the writer's own points:
# (the words, '{X}' standing for a group of points; the line to write; what it means).  Fillers ('is',
# 'the') and a leading noun ('chords AB and CD …') are left out before matching.
@cache
def rewrites() -> tuple[tuple[tuple[str, ...], str, str], ...]:
    """The entries, made when a line first needs them: a polygon's names the regular kind the catalogue has
    of it, and a command that reads no shape line never builds the catalogue."""
    regular = frozenset(k.title.removeprefix("regular ") for k in KINDS.values() if k.key.startswith("regular_"))
    return (
        (("{P}", "intersection", "of", "{X}", "and", "{Y}"), _MEET, _MEETS),
        (("{P}", "intersection", "of", "{X}", "and", "{Y}"), _MEET, _ON_BOTH),
        *((("{X}", "and", "{Y}", verb, "at", "{P}"), write, means)
          for verb in ("intersect", "meet", "cross") for write, means in ((_CROSS, _CROSSES), (_MEET, _ON_BOTH))),
        *((("{X}", verb, "{Y}", "at", "{P}"), write, means)
          for verb in ("intersects", "meets", "crosses") for write, means in ((_CROSS, _CROSSES), (_MEET, _ON_BOTH))),
        *(((polygon, "{X}"), f"convex {polygon} {{X}}",
           f"{a_noun(polygon)} as a textbook draws it, every corner turning one way ('polygon {{X}}' for any "
           "polygon with these vertices in order, convex or not"
           + (f"; 'regular {polygon} {{X}}' for equal sides and angles)" if polygon in regular else ")"))
          for polygon in POLYGON_NOUNS),
    )


_NOUNS = ("chords", "lines", "segments", "diagonals", "sides")


def _convex(kept: list[tuple[str, tuple[str, ...] | None]]) -> str | None:
    """'ABCDE is convex' (a line the statement reader does not read): the line that says it, with the
    writer's points ('convex polygon ABCDE' itself is a statement, dsl/general.py)."""
    groups = [pts for _, pts in kept if pts is not None]
    if "convex" not in (t for t, _ in kept) or len(groups) != 1 or len(groups[0]) < 3:
        return None
    pts = groups[0]
    if len(pts) <= 4:
        noun = "triangle" if len(pts) == 3 else "quadrilateral"
        return f"write '{noun} {''.join(pts)}': a {noun} is convex"
    return (f"write 'convex polygon {''.join(pts)}': the polygon with every corner turning the same way "
            f"('polygon {''.join(pts)}' may be concave)")


def _tangent_at(kept: list[tuple[str, tuple[str, ...] | None]]) -> str | None:
    """'PA tangent to circle O at A': the tangent named from its touching point, the second letter."""
    texts = [t for t, _ in kept]
    if texts[1:5] != ["tangent", "to", "circle", texts[4]] or len(kept) != 7 or texts[5] != "at":
        return None
    (_, line), (_, centre), (_, at) = kept[0], kept[4], kept[6]
    if line is None or centre is None or at is None or len(line) != 2 or len(centre) != 1 or len(at) != 1:
        return None
    other = line[0] if line[1] == at[0] else line[1] if line[0] == at[0] else line[0]
    return (f"write '{other}{at[0]} tangent to circle {centre[0]}': the tangent touches the circle at its second "
            f"letter, {at[0]}")


def _inscribed(kept: list[tuple[str, tuple[str, ...] | None]]) -> str | None:
    """'regular hexagon ABCDEF inscribed in circle O' (any shape words, or none): the circle through the
    writer's points and the shape line; None for any other line."""
    texts = [t for t, _ in kept]
    if "inscribed" not in texts:
        return None
    i = texts.index("inscribed")
    if i == 0 or kept[i - 1][1] is None or len(kept[i - 1][1]) < 3 or texts[i + 1:i + 3] != ["in", "circle"]:
        return None
    pts = kept[i - 1][1]
    after = kept[i + 3:]
    centre = after[0][1][0] if len(after) == 1 and after[0][1] is not None and len(after[0][1]) == 1 else "O"
    if after and centre == "O" and not (len(after) == 1 and after[0][1] == ("O",)):
        return None
    shape = " ".join(texts[:i - 1]) or ("triangle" if len(pts) == 3 else "quadrilateral" if len(pts) == 4
                                        else "convex polygon")
    if any(kept[j][1] is not None for j in range(i - 1)):
        return None
    name = "".join(pts)
    lines = [f"circle {centre} through {' '.join(pts)}", f"{shape} {name}"]
    why = f"the circle puts every vertex on it and '{shape} {name}' fixes their order around it"
    if shape.startswith("regular"):
        why += f" (and draws the radii {centre}{pts[0]} and {centre}{pts[1]}, the side from the radius)"
    return "write " + " and ".join(f"'{line}'" for line in lines) + f": {why}"


def _hypotenuse(kept: list[tuple[str, tuple[str, ...] | None]]) -> str | None:
    """'CD altitude to hypotenuse AB' ('CD is the altitude to the hypotenuse AB'): the altitude from C of
    the right triangle, its foot D between A and B; None for any other line."""
    texts = [t for t, _ in kept]
    if texts[1:4] != ["altitude", "to", "hypotenuse"] or len(kept) != 5:
        return None
    (_, seg), (_, side) = kept[0], kept[4]
    if seg is None or side is None or len(seg) != 2 or len(side) != 2:
        return None
    v, foot = seg
    tri = f"{side[0]}{side[1]}{v}"  # (as the docs name it: the hypotenuse AB, then C)
    return (f"write '{v}{foot} altitude of {tri}': the altitude from {v}, its foot {foot} between {side[0]} and "
            f"{side[1]} when the right angle is at {v} ('triangle {tri} right at {v}'; the hypotenuse is the side "
            f"opposite it), so {side[0]}{foot} and {foot}{side[1]} are the hypotenuse's two parts with no "
            f"'{foot} on {side[0]}{side[1]}' line")


def _produced(kept: list[tuple[str, tuple[str, ...] | None]]) -> str | None:
    """'D on BC produced' or 'BC produced to D' (a British textbook's word): 'D on BC extended'."""
    texts = [t for t, _ in kept]
    if "produced" not in texts:
        return None
    if len(kept) == 4 and texts[1] == "on" and texts[3] == "produced":
        (_, p), (_, seg) = kept[0], kept[2]
    elif len(kept) == 4 and texts[1:3] == ["produced", "to"]:
        (_, seg), (_, p) = kept[0], kept[3]
    else:
        return None
    if p is None or seg is None or len(p) != 1 or len(seg) != 2:
        return None
    return (f"write '{p[0]} on {seg[0]}{seg[1]} extended': {p[0]} lies on line {seg[0]}{seg[1]} beyond {seg[1]} "
            f"('{p[0]} on {seg[0]}{seg[1]} extended beyond {seg[0]}' for the other end)")


def rewrite(words: list[tuple[str, tuple[str, ...] | None]]) -> str | None:
    """For a line some entry of rewrites() says (each word's text and points): the error naming the line to
    write, with the writer's points; None for any other line."""
    kept = [(t.lower(), pts) for t, pts in words if pts is not None or t.lower() not in _ARTICLES]  # (A: a point)
    said = _convex(kept) or (_tangent_at(kept) if len(kept) == 7 else None) or _inscribed(kept) \
        or _hypotenuse(kept) or _produced(kept)
    if said is not None:
        return said
    noun = kept[0][0] if kept and kept[0][1] is None and kept[0][0] in _NOUNS else None
    if noun is not None:
        kept = kept[1:]
    for pattern, write, means in rewrites():
        if len(pattern) != len(kept):
            continue
        bound: dict[str, str] = {}
        for want, (text, pts) in zip(pattern, kept):
            if want.startswith("{"):
                if pts is None:
                    break
                bound[want[1:-1]] = "".join(pts)
                if len(pts) == 2:  # a segment's ends, for a line through a point between them
                    bound.update({f"{want[1:-1]}{i}": q for i, q in enumerate(pts)})
            elif want != text or pts is not None:
                break
        else:
            if write == _CROSS and noun == "lines":  # lines may cross beyond the points named: P on both
                continue
            try:
                lines = " and ".join(f"'{line}'" for line in write.format(**bound).splitlines())
                return f"write {lines}: {means.format(**bound)}"
            except KeyError:  # a form for segments, and a line named by more points: the next entry
                continue
    return None


def expression_hint(word: str) -> str:
    """``hint`` for a word met in an expression, where the language's own words are unknown too."""
    w = word.lower()
    return f"; {IN_EXPRESSIONS[w]}" if w in IN_EXPRESSIONS else hint(w)


CEVIANS = ("altitude", "median")  # relation words a writer follows with 'from A' (a triangle's cevian)


def cevian(words: list[tuple[str, tuple[str, ...] | None]]) -> tuple[int, str] | None:
    """For 'AD altitude from A' or 'CM is the median from C' (each word's text and points): the word to
    point at and the one line to write, named from the vertex; None for any other line."""
    texts = [t.lower() for t, _ in words]
    noun = next((n for n in CEVIANS if n in texts), None)
    if noun is None or "hypotenuse" in texts \
            or "from" not in texts and not any(filler(t) for t in texts) or "find" in texts \
            or any(pts is not None and len(pts) > 3 for _, pts in words):  # a quadrilateral's altitude
        return None
    segment = next((pts for _, pts in words if pts is not None and len(pts) == 2), None)
    after = [pts for _, pts in words[texts.index("from") + 1:] if pts] if "from" in texts else []
    vertex = segment[0] if segment else after[0][0] if after else "A"
    foot = segment[1] if segment else "D"
    rest = [p for p in "ABC" if p != vertex][:2] if vertex in "ABC" else ["X", "Y"]
    at = texts.index("from") if "from" in texts else next(i for i, t in enumerate(texts) if filler(t))
    side = "".join(rest)
    return at, (f"unknown word {words[at][0]!r}; the {noun} from {vertex} is written '{vertex}{foot} {noun} of "
                f"{vertex}{side}': its first letter is the vertex, the second the foot ({foot} on "
                f"{'line ' if noun == 'altitude' else ''}{side}{', its midpoint' if noun == 'median' else ''}), "
                f"then the triangle, its vertices in any order")


def written_instead(words: list[tuple[str, tuple[str, ...] | None]]) -> tuple[int, str] | None:
    """For a line a writer meant as a known form in other words (a cevian 'from A', an entry of rewrites()):
    the word to point at and the error naming the line to write; None for any other line."""
    said = cevian(words)
    if said is not None:
        return said
    written = rewrite(words)
    return None if written is None else (0, written)
