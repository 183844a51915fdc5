"""Relations a textbook response states by name ("AE/EB = BC/AC", "BD = DO*tan(DBO) = sqrt(3)/3"),
checked against the figure's measured elements.

A wrong formula is often written before any number ("AD/AB = AE/CE", then "8/12 = 6/CE -> CE = 9"):
the figure's own values show the relation false where it is written, which is where the error begins.
"""
from __future__ import annotations

import re

import numpy as np
from geomill.engine.catalogue import KINDS
from geomill.engine.model import split_points

from .alignment import name_key
from .answer_key import AnswerKey
from .chains import tokens_of, value_of

# a relation's pieces: a line split at the words and marks that end one statement and begin the next
_PIECE = re.compile(r"[,;:→]|\.(?!\d)|\b(?:so|then|and|by|gives?|hence|thus|where|with|since|because)\b|=>")
_TRIG_OF = re.compile(r"\b(sin|cos|tan)\s*(?:∠|angle\s+)?\s*([A-Z]{3})\b")  # "tan∠DBO": tan(DBO)
_WORD = re.compile(r"\b(?!(?:sin|cos|tan|sqrt|asin|acos|atan|arcsin|arccos|arctan)\b)[A-Za-z]?[a-z]{2,}\b")
_MEASURES = {"arc", "area", "perimeter", "circumference", "radius", "diameter", "sector"}
_LEAD = re.compile(r"^(?:\s*(?:[-*•#>]+|\d+[.)](?=\s)))*\s*")  # a list's bullet or number, never "2AE"
NAME_RTOL = 5e-4  # two sides in names: the figure's measured values agree to its precision
NUMBER_TOL = (0.006, 0.002)  # a side in numbers: rounded to two decimals, or within 0.2 %


def first_wrong_relation(key: AnswerKey, text: str, before: int) -> tuple[int, bool | str] | None:
    """Where (in ``text``, before ``before``) the response first writes a relation between elements of
    the figure that the figure's values make false, and whether two sides in names differ (a wrong
    formula) rather than a side in names and one in numbers (its value); the piece ``before`` stands
    in counts whole for a relation in names ("so ∠CDE = ∠BCD = 72°"); None where none is found or the
    figure is not measured."""
    if not key.general:
        return None
    at = 0
    for line in text[:before].split("\n"):
        cut = 0
        said = _angles_said(key, line)
        for m in list(_PIECE.finditer(line)) + [None]:
            end = m.start() if m else len(line)
            piece = line[cut:end]
            if "=" in piece and (false := _false(key, piece)) is not None:
                return at + cut + len(piece) - len(piece.lstrip()), false
            if said is not None and said < end:
                return at + said, True  # "∠EDF is supplementary to ∠ADC" where the two are equal
            cut = m.end() if m else end
        at += len(line) + 1
    start = text.rfind("\n", 0, before) + 1
    start = max([start] + [m.end() for m in _PIECE.finditer(text, start, before)])
    line_end = text.find("\n", before)
    stop = _PIECE.search(text, before, len(text) if line_end < 0 else line_end)
    piece = text[start:stop.start() if stop else len(text) if line_end < 0 else line_end]
    if "=" in piece and _false(key, piece):
        return start + len(piece) - len(piece.lstrip()), True
    return None


_ANGLE = r"(?:∠\s*|\bangles?\s+)([A-Z]\d*'*[A-Z]\d*'*[A-Z]\d*'*)(?![A-Za-z0-9'])"
_ANGLE_OR_NAME = r"(?:∠\s*|\bangles?\s+)?([A-Z]\d*'*[A-Z]\d*'*[A-Z]\d*'*)(?![A-Za-z0-9'])"  # "angles ADB and BDC"
_ANGLES_SAID = [  # two angles said equal (180: supplementary, 90: complementary) in words
    (re.compile(rf"{_ANGLE}\s+(?:is|are)\s+(supplementary|complementary|equal|congruent)\s+(?:to|with)\s+{_ANGLE}",
                re.I), (1, 3), 2),
    (re.compile(rf"{_ANGLE}\s+and\s+{_ANGLE_OR_NAME}\s+are\s+(?:a\s+pair\s+of\s+)?(supplementary|complementary|equal|"
                r"congruent|alternate|corresponding|vertical|vertically\s+opposite|co-?interior|same-side\s+interior|"
                r"consecutive\s+interior)", re.I), (1, 2), 3),
]
_SUMS = {"supplementary": 180.0, "complementary": 90.0, "co-interior": 180.0, "cointerior": 180.0,
         "same-side interior": 180.0, "consecutive interior": 180.0}


# a statement said to be read off the figure: "The figure marks CA = CD", "from the diagram, AB = BC"
_READ_OFF = re.compile(r"\b(?:figure|diagram|picture|drawing|tick|ticks|marks?|marked|marking)\b", re.I)


def read_off_figure(text: str, pos: int) -> str | None:
    """The relation at ``pos`` where its sentence says it is read off the figure ("The figure marks CA =
    CD"): a mark the figure does not have, so an invented fact, not a theorem misapplied; else None."""
    start = max(text.rfind("\n", 0, pos), text.rfind(". ", 0, pos)) + 1
    if not _READ_OFF.search(text, start, max(pos, text.find("=", pos))):
        return None
    stop = _PIECE.search(text, pos)
    line_end = text.find("\n", pos)
    end = min(x for x in (stop.start() if stop else len(text), line_end if line_end >= 0 else len(text)))
    return text[pos:end].strip()


def _angles_said(key: AnswerKey, line: str) -> int | None:
    """Where in ``line`` two angles are first said equal, supplementary or complementary in words
    ("∠CDE and ∠BCD are corresponding angles") where the figure's values say otherwise."""
    found = []
    for pattern, (i, j), w in _ANGLES_SAID:
        for m in pattern.finditer(line):
            a, b = (_figure_value(key, m.group(n)) for n in (i, j))
            if a is None or b is None:
                continue
            word = re.sub(r"\s+", " ", m.group(w).lower())
            target = _SUMS.get(word)
            if (abs(a + b - target) if target else abs(a - b)) > NAME_RTOL * 180:
                found.append(m.start())
                break
    return min(found, default=None)


SLIP = "slip"  # two sides in the same names differ: the right relation, its arithmetic worked wrongly


def _false(key: AnswerKey, piece: str) -> bool | str | None:
    """None: the relation holds (or cannot be checked); True: two sides in names differ; ``SLIP``: they
    differ where a side rewrites the one before in the same names (after a right one); False: a side in
    names differs from the value written."""
    piece = _TRIG_OF.sub(r"\1(\2)", piece)
    first, last = piece.index("="), piece.rindex("=")
    words = [m for m in _WORD.finditer(piece) if m.end() <= first]
    if any(w.group().lower() in _MEASURES for w in words[-3:]):
        return None  # "arc BC = 80", "perimeter of triangle ABO = …": a measure, not the length or angle named
    if words:  # "The leg AY satisfies AY^2 = BN * NY": the relation starts after the words
        piece = piece[words[-1].end():]
        last -= words[-1].end()
    after = next((m for m in _WORD.finditer(piece, last)), None)
    if after and after.group().lower() in _MEASURES:
        return None  # "∠APD = ½(arc AD + arc BC)": a measure inside the side, not its end
    if after:  # "= 7 - 2sqrt(6) (taking the smaller root": it ends before them
        piece = piece[:after.start()].rstrip(" (")
    sides = tokens_of(_LEAD.sub("", piece).strip())
    if not sides or len(sides) < 2 or any(not s for s in sides):
        return None
    named: list[float] = []
    named_by: list[frozenset[str]] = []
    numbers: list[float] = []
    rounded = 0.0
    for side in sides:
        names = {tok for kind, tok in side if kind == "name"}
        if len(side) == 1 and names and _figure_value(key, side[0][1]) is None:
            continue  # "EO = R = AE/(2 sin ADE)": a letter for the side before, no side of its own
        if not names:
            v = value_of(side, {})
            if v is not None:
                numbers.append(v)
                # a decimal written rounded: "AC = 5.2" is AC = 5.176… to one decimal
                places = [len(tok.partition(".")[2]) for kind, tok in side if kind == "num" and "." in tok]
                rounded = 0.5 * 10.0 ** -min(places) + 1e-9 if places else 0.0
            continue
        values = {n: _figure_value(key, n) for n in names}
        if any(v is None for v in values.values()):
            return None  # a name the figure does not measure (h, x): no check
        v = value_of(side, values)
        if v is None:
            return None
        named.append(v)
        named_by.append(frozenset(names))
    if not named:
        return None
    ref = named[0]
    off = next((i for i, v in enumerate(named) if abs(v - ref) > NAME_RTOL * max(1.0, abs(ref))), None)
    if off is not None:
        # "EO = AE/(2 sin 60) = AE/√3 = 2AE/√3": the names kept, the arithmetic between two sides slips
        return SLIP if off > 1 and named_by[off] == named_by[off - 1] else True
    if numbers and abs(numbers[-1] - ref) > max(NUMBER_TOL[0], NUMBER_TOL[1] * abs(ref), rounded):
        return False
    return None


def _figure_value(key: AnswerKey, tok: str) -> float | None:
    if not tok[:1].isupper() or len(tok) < 2:
        return None
    k = name_key(key, tok)
    if k is None:
        return None
    exp = key.expected(k)
    if exp is not None:
        return exp[1]
    return key.elements.get(k)


# -- facts stated in words or signs: "CE ⊥ AB", "AB ∥ CD", "CD bisects ∠ACB", "M is the midpoint of AB" -----

_SEG = r"(?i:line\s+|segment\s+)?([A-Z]\d*'*[A-Z]\d*'*)(?![A-Za-z0-9'])"  # capitals: the names are case-sensitive
# "MH is also parallel to CG": a link, maybe an adverb, before the word
_ALSO = r"(?:(?:is|are|lies)\s+)?(?:(?:also|then|therefore|thus|hence|clearly)\s+)?"
_FACTS = (
    ("perpendicular", re.compile(rf"(?<![A-Za-z']){_SEG}\s*(?:⊥|\\perp(?![A-Za-z])|(?i:{_ALSO}perpendicular\s+to))"
                                 rf"\s*{_SEG}")),
    ("parallel", re.compile(rf"(?<![A-Za-z']){_SEG}\s*(?:∥|\\parallel(?![A-Za-z])|\|\||(?i:{_ALSO}parallel\s+to))"
                            rf"\s*{_SEG}")),
    ("bisects", re.compile(rf"(?<![A-Za-z']){_SEG}\s+(?i:bisects|is\s+the\s+(?:angle\s+)?bisector\s+of)\s+"
                           r"(?i:the\s+)?(?:(?i:angle)\s+|∠\s*)([A-Z]\d*'*[A-Z]\d*'*[A-Z]\d*'*)(?![A-Za-z0-9'])")),
    ("midpoint", re.compile(r"(?<![A-Za-z'])([A-Z]\d*'*)\s+(?i:is\s+the\s+midpoint\s+of\s+(?:the\s+)?)"
                            rf"{_SEG}")),
    # a shape's kind: "ABCD is a square", "since ABC is equilateral", "triangle ABC is a right triangle"
    ("shape", re.compile(r"(?<![A-Za-z'])((?:[A-Z]\d*'*){3,4})\s+(?i:(?:is|must\s+be)\s+(?:an?\s+)?"
                         r"(square|rectangle|rhombus|parallelogram|equilateral|isosceles|right)\b)")),
)
_FACT_TOL_DEG = 0.05  # degrees: an angle of the figure's model is exact to far better than this
FACT_TOL = 1e-3  # a fact of the figure holds to its model's precision: cosines, sines and ratios this close


def first_false_fact(key: AnswerKey, text: str, before: int) -> tuple[int, str] | None:
    """Where (in ``text``, before ``before``) the response first states a fact of the figure that the
    figure does not have (a perpendicular, a parallel, a bisector, a midpoint it invents), with the fact
    as written; None where every fact it states holds or can't be checked (a point the figure lacks)."""
    found = [(at, fact) for at, fact, holds in facts(key, text, 0, before) if holds is False]
    return min(found) if found else None


def facts(key: AnswerKey, text: str, start: int, end: int) -> list[tuple[int, str, bool | None]]:
    """The facts of the figure the response states in ``text[start:end]``: (where, as written, whether
    the figure has it; None where it can't be checked)."""
    if not key.coords:
        return []
    return sorted((m.start(), m.group(), _holds(key, what, m.groups()))
                  for what, pattern in _FACTS for m in pattern.finditer(text, start, end))


def _holds(key: AnswerKey, what: str, names: tuple[str, ...]) -> bool | None:
    try:
        pts = [split_points(n) for n in (names[:1] if what == "shape" else names)]
    except ValueError:
        return None
    if any(p not in key.coords for ps in pts for p in ps):
        return None
    xy = [[np.asarray(key.coords[p], dtype=float) for p in ps] for ps in pts[:1 if what == "shape" else 2]]
    if what == "shape":
        return _shape_holds(xy[0], names[1].lower())
    if what == "midpoint":
        (m,), (a, b) = xy
        return bool(np.linalg.norm(m - (a + b) / 2) <= FACT_TOL * max(np.linalg.norm(b - a), 1e-12))
    if what == "bisects":
        (p, q), (a, v, b) = xy
        if not (np.allclose(p, v) or np.allclose(q, v)):
            return None  # a bisector that does not start at the angle's vertex: not read
        x = q if np.allclose(p, v) else p
        one, two, whole = _angle(a - v, x - v), _angle(x - v, b - v), _angle(a - v, b - v)
        return abs(one - two) <= FACT_TOL * max(whole, 1e-9) and abs(one + two - whole) <= FACT_TOL * max(whole, 1e-9)
    (a, b), (c, d) = xy
    u, w = b - a, d - c
    size = np.linalg.norm(u) * np.linalg.norm(w)
    if size <= 1e-12:
        return None
    cross, dot = abs(u[0] * w[1] - u[1] * w[0]) / size, abs(float(np.dot(u, w))) / size
    return bool(dot <= FACT_TOL) if what == "perpendicular" else bool(cross <= FACT_TOL)


def _shape_holds(xy: list[np.ndarray], kind: str) -> bool | None:
    """Is the polygon through ``xy`` (in order) of that kind?"""
    n = len(xy)
    sides = [float(np.linalg.norm(xy[(i + 1) % n] - xy[i])) for i in range(n)]
    angles = [_angle(xy[i - 1] - xy[i], xy[(i + 1) % n] - xy[i]) for i in range(n)]
    if min(sides) <= 1e-12:
        return None
    same = [abs(a - b) <= FACT_TOL * max(a, b) for a, b in zip(sides, sides[1:] + sides[:1])]
    right = [abs(a - 90.0) <= _FACT_TOL_DEG for a in angles]
    if n == 3:
        return {"equilateral": all(same), "isosceles": any(same), "right": any(right)}.get(kind)
    opposite = all(abs(sides[i] - sides[i + 2]) <= FACT_TOL * max(sides) for i in range(2))
    return {"square": all(same) and all(right), "rectangle": all(right), "rhombus": all(same),
            "parallelogram": opposite}.get(kind)


def _angle(u: np.ndarray, w: np.ndarray) -> float:
    return float(np.degrees(np.arctan2(abs(u[0] * w[1] - u[1] * w[0]), float(np.dot(u, w)))))


# a right angle a response asserts: "a right angle at A", "right-angled at A", "AB ⊥ AC", "∠BAC = 90°",
# "ABC is a right triangle" (no vertex: any of its vertices)
_RIGHT_SAID = (
    re.compile(r"\b(?i:right(?:[- ]angled|\s+angle|\s+triangle)\s+(?:is\s+)?(?:at|in)\s+(?:the\s+)?"
               r"(?:vertex\s+|point\s+)?)([A-Z])\b"),
    re.compile(r"(?:∠\s*|\b(?i:angle)\s+)([A-Z]{1,3})\s*(?:(?:=|is)\s*90\s*(?:°|\^\s*\\?circ|degrees)?(?![\d.]|\s*[-+*/×−])|"
               r"(?i:is\s+(?:a\s+)?right)\b)"),
    re.compile(r"(?<![A-Za-z'])([A-Z]{2})\s*(?:⊥|\\perp(?![A-Za-z])|(?i:is\s+perpendicular\s+to))\s*([A-Z]{2})\b|"
               r"\b(?i:legs)\s+([A-Z]{2})\s+(?i:and)\s+([A-Z]{2})\b"),  # "with legs AB and AC": a right angle at A
    re.compile(r"(?<![A-Za-z'])(?:(?i:triangle)\s+)?([A-Z]{3})\s+(?i:(?:is|as)\s+a\s+right(?:[- ]angled)?\s+triangle)|"
               r"\b(?i:right(?:[- ]angled)?\s+triangle)\s+([A-Z]{3})\b"),
)


_OWNER = re.compile(r"(?<![A-Za-z])([A-Z]{3,})\s+(?:has|is|with)\s+(?:a\s+)?$")  # "FDEG has a " right angle at E


def right_vertices(key: AnswerKey, shapes: list[str] | None = None) -> set[str]:
    """The points where a shape of the problem (of ``shapes``, where given) has a right angle (a rectangle's
    corners, a right triangle's right angle, a combination's marked corners)."""
    out: set[str] = set()
    for name, decl in key.shapes.items():
        if shapes is not None and name not in shapes:
            continue
        kind = KINDS[decl.kind]
        triples = [t for sym, v in kind.constants.items() if v == 90 for t in kind.elements[sym].at]
        out |= {decl.points[t[1]] for t in [*triples, *kind.right_marks] if t[1] < len(decl.points)}
    return out


def invented_right_angle(key: AnswerKey, text: str, start: int, end: int) -> tuple[int, str] | None:
    """Where (in ``text[start:end]``) a GeomVerse response first asserts a right angle the problem does not
    have (at a vertex no shape makes right), with the words; None where every one it asserts is there."""
    right = right_vertices(key)
    points = {p for decl in key.shapes.values() for p in decl.points}
    found = []
    for n, pattern in enumerate(_RIGHT_SAID):
        for m in pattern.finditer(text, start, end):
            names = [g for g in m.groups() if g]
            if n == 1:  # the vertex of the angle: its middle letter
                vertex = {names[0][len(names[0]) // 2]}
            elif n == 2:  # the point two perpendicular segments share
                vertex = set(names[0]) & set(names[1])
            elif n == 3:  # a right triangle: a right angle at one of its vertices
                vertex = set(names[0])
            else:
                vertex = {names[0]}
            owner = _OWNER.search(text, max(start, m.start() - 40), m.start()) if n == 0 else None
            shape = key.shape_named(owner.group(1)) if owner else None
            here = right_vertices(key, [shape]) if shape is not None else right
            if vertex and vertex <= points and not vertex & here:  # "FDEG has a right angle at E": FDEG's angle
                found.append((m.start(), m.group()))
    return min(found) if found else None
