"""A proof written as a textbook writes it: one unknown per sentence, the numbers put in, each fact once.

:class:`~.proof.Proof` holds each step as the theorem equations the linear table combined; a
student does not combine five equations at once.  :func:`write` takes a step's equations one at a
time: an equation left with one unknown (after the values found so far are put in) gives that
unknown, written ``angle AGD = 180° − angle AGF = 180° − 104° = 76°``; where none is left with one
unknown, one is solved for an unknown the goal needs in terms of the others (``angle ABD = 90° −
angle BAD``), and equations in the problem's variables alone are shown together (at most three)
and solved.  A given is never listed: its value enters the step that uses it; a theorem equation already
stated is used without being stated again; an equation the conclusion does not need is left out.
Only a step that none of this can take apart is written as before (its equations, then "So"),
and it is counted (:attr:`Written.jumps`).
"""
from __future__ import annotations

import dataclasses
import functools
import math
import re
import string
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

import sympy
from geomill.engine.model import POINT_RE, split_points
from geomill.engine.plane import Cos, Degrees, Sin, Tan, element_of, element_symbol, height_foot, polygon_key
from geomill.solvers.words import and_list
from sympy.core.assumptions import check_assumptions
from sympy.printing.latex import LatexPrinter
from sympy.printing.str import StrPrinter

from .deduce import is_zero
from .joins import joined_as_used
from .theorems import ratio_premise_lengths
from .tidy import (_COMPARED, _SENTENCE, SHAPE_KINDS, fold_ties, midsegment_parallel, perpendicular_as_reason,
                   right_angle_near_use, since_once, tidy)

__all__ = ["Written", "write", "Namer"]

RADIUS = "radius_of_circle_property_length_equal"
MAX_SYSTEM = 3  # equations in the variables alone that a student solves together
_TRIG = (Sin, Cos, Tan)
_SYMPY_TRIG = (sympy.sin, sympy.cos, sympy.tan)
# a similarity or congruence lists the parts its criterion matched, said before or not
CRITERIA = frozenset({"congruent_triangle_property_line_equal", "similar_triangle_property_line_ratio",
                      "similar_triangle_property_area_square_ratio", "similar_triangle_property_perimeter_ratio"})
_SIMILAR_RATIOS = frozenset({"similar_triangle_property_line_ratio", "similar_triangle_property_area_square_ratio",
                             "similar_triangle_property_perimeter_ratio"})
LONG_JUMP = 5  # a conclusion read from this many equations at once is a jump no student follows


# -- names and numbers --------------------------------------------------------------------------------


@dataclass
class Namer:
    """How a proof names elements and numbers, in text or LaTeX."""

    style: str = "text"
    display: dict = field(default_factory=dict)  # an angle atom -> the name the problem gives it
    arcs: dict = field(default_factory=dict)  # an arc symbol -> (text, latex) name ("major arc ACB")
    written: dict = field(default_factory=dict)  # a textbook arc's expression -> (text, latex, in degrees) as written
    local: dict = field(default_factory=dict)  # an angle atom -> the name a theorem's sentence gave it first
    decimals: bool = True  # a fraction whose decimal ends printed as that decimal (the problem gives such values)
    heights: dict = field(default_factory=dict)  # a height symbol -> its name in a proof: the drawn BE, or h
    given_angles: frozenset = frozenset()  # the angles the problem gives, in radians (2π/9 of angle DAN = 40)
    shapes: dict = field(default_factory=dict)  # a stated polygon's key -> (its kind, its name as the problem gives it)
    asked: frozenset = frozenset()  # the elements the question names itself (its goal and givens): their names kept
    squares: dict = field(default_factory=dict)  # an element said by its square (AC² = 325) -> that square
    squared: frozenset = frozenset()  # the elements the proof uses only squared (the square said, never the root)
    squared_too: frozenset = frozenset()  # the elements it uses squared as well as not (the square said, then the root)
    letters: dict = field(default_factory=dict)  # a radius -> the letter a formula names it by (πr², never
    # π·(radius of circle O)²: blind teacher 24), introduced once ("Let r be the radius of circle O.")
    lettered: set = field(default_factory=set)  # the radii a formula named by their letter

    @property
    def latex(self) -> bool:
        return self.style == "latex"

    def name(self, s: sympy.Symbol, alone: bool = True) -> str:
        s = self.display.get(s) or self.local.get(s, s)
        el = element_of(s)
        if el is None:
            return s.name
        pts = "".join(el.points)
        key = el.kind.key
        if key == "length":
            return pts
        if key == "height" and s in self.heights:
            return self.heights[s]
        if key == "angle":
            return (r"\angle " if self.latex else "angle ") + pts
        if key == "arc":
            text, tex = self.arcs.get(s, (f"arc {pts[1:]}", rf"\overset\frown{{{pts[1:]}}}"))
            return tex if self.latex else text
        if key == "radius" and not alone and s in self.letters:
            self.lettered.add(s)
            return self.letters[s]
        circle = {"radius": "radius", "diameter": "diameter", "circumference": "circumference",
                  "circle_area": "area"}.get(key)
        if circle is not None:
            words = f"{'the ' if alone else ''}{circle} of circle {pts}"
            return rf"\text{{{words}}}" if self.latex else words
        if key in ("arc_length", "sector_area", "sector_perimeter"):
            if s in self.arcs:  # over a major arc: "the area of major sector OAB"
                text, tex = self.arcs[s]
                return (rf"\text{{{'the ' if alone else ''}}}" + tex if self.latex
                        else f"{'the ' if alone else ''}{text}")
            what = {"arc_length": "length of arc", "sector_area": "area of sector",
                    "sector_perimeter": "perimeter of sector"}[key]
            where = pts[1:] if key == "arc_length" else pts
            words = f"{'the ' if alone else ''}{what} {where}"
            return rf"\text{{{words}}}" if self.latex else words
        words = " ".join(el.kind.words or (key,))
        if len(el.points) >= 4 and s not in self.asked:  # one name per figure: area ADCB of the parallelogram ADCB
            pts = self.shapes.get(polygon_key(tuple(el.points)), (None, pts))[1]
        return rf"\text{{{words} }}{pts}" if self.latex else f"{words} {pts}"

    def number(self, v: sympy.Expr, degrees: bool = False) -> str:
        """A value as a textbook prints it: a terminating fraction of at least 1 as a decimal (22.5, not
        45/2); a smaller one, a ratio such as a cosine, as a fraction (24/25, not 0.96)."""
        v = self.as_given(_shortest_trig(_unsquared(_untangled(v))))
        inverse = _inverse_angle(v)  # (only an angle in degrees has this form: x = 90 - arcsin(12/13))
        if inverse is not None:  # arccos(3/5), 180° - 2·arcsin(4/5), never 180·acos(3/5)/π°
            c0, k, fn, x = inverse
            text = rf"\arc{fn}{{\left({sympy.latex(x)}\right)}}" if self.latex else f"arc{fn}({_plain(str(x))})"
            if abs(k) != 1:
                text = rf"{self.number(abs(k))} \cdot {text}" if self.latex else f"{self.number(abs(k))}·{text}"
            if c0 == 0:
                return text if k > 0 else f"-{text}"
            return f"{self.number(c0, degrees)} {'+' if k > 0 else '-'} {text}"
        if degrees and not v.free_symbols and (v * sympy.pi).is_Rational and v.has(sympy.pi):
            deg = self.number(v * sympy.pi, True)  # an arc from its length: 540°/π, never 540/π°
            return rf"\frac{{{deg}}}{{\pi}}" if self.latex else f"{deg}/π"
        text = self._decimal(v) if not (v.is_Rational and abs(v) < 1) else None
        if text is None and degrees and v.is_Rational and abs(v) >= 1 and v.q <= 1000:
            text = decimal_text(v)  # 44.5°: half a degree is a number a student writes, never 89°/2 left as it is
        if text is None and v.is_Add and not v.free_symbols and not v.has(sympy.Function):  # 11(√6 - √2)/2
            # a common factor taken out where it clears a fraction or π (11(√6 - √2)/2, 10π(√6 - √2)) or is
            # every term's (11(√3 - 1)); else an integer sum stays as it is (10 - 2√2, not 2(5 - √2))
            cs = [t.as_coeff_Mul()[0] for t in v.args]
            plain = all(c.is_Integer for c in cs) and len({abs(c) for c in cs}) > 1 and not all(
                t.has(sympy.pi) for t in v.args)  # (2π + 40, not 2(π + 20): π in one term is no common factor)
            f = v if plain else sympy.factor_terms(v)
            if f.is_Mul and any(t.is_Add and any(not c.as_coeff_Mul()[0].is_Integer for c in t.args) for t in f.args):
                f = v  # a factor that leaves a fraction inside is no clearer: 9π/2 + 60, not 3(3π/2 + 20)
            text = (_latex_degrees(_PositiveFirstLatex().doprint(f)) if self.latex
                    else re.sub(r"^(\d+)·\(", r"\1(", re.sub(r"π·\(", "π(", _plain(_PositiveFirstStr().doprint(f)))))
            if plain and not self.latex:  # the whole number first: 24 + 8√3
                text = re.sub(r"^(\d+√\d+) \+ (\d+)$", r"\2 + \1", text)
        if text is None:
            if degrees and v.is_Rational and not v.is_Integer:  # 127°/2: a number of degrees, halved
                return rf"\frac{{{v.p}^{{\circ}}}}{{{v.q}}}" if self.latex else f"{v.p}°/{v.q}"
            text = _latex_degrees(sympy.latex(v)) if self.latex else _plain(
                _PositiveFirstStr().doprint(v) if v.is_Add and v.has(*_TRIG, *_SYMPY_TRIG) else str(v))  # 6 + 6/tan(62°)
        if degrees:
            text += r"^{\circ}" if self.latex else "°"
        return text

    def _decimal(self, v: sympy.Expr) -> str | None:
        """``v`` as its decimal where the problem writes decimals (22.5), else only where it is whole: a
        value found from whole givens is exact, 13/2 (not 6.5)."""
        if self.decimals:
            return decimal_text(v)
        return str(v.p) if v.is_Rational and v.q == 1 else None

    def as_given(self, e: sympy.Expr) -> sympy.Expr:
        """A trigonometric value of the complement of a given angle written with the given angle, as the step
        that found it did (13/tan(40°) where angle DAN = 40° is given, never 13·tan(50°) after it)."""
        if not self.given_angles or not isinstance(e, sympy.Basic):
            return e
        swap = {}
        for f in e.atoms(sympy.sin, sympy.cos, sympy.tan):
            a = f.args[0]
            if a.free_symbols or a in self.given_angles or sympy.pi / 2 - a not in self.given_angles:
                continue
            b = sympy.pi / 2 - a
            swap[f] = {sympy.sin: sympy.cos(b), sympy.cos: sympy.sin(b), sympy.tan: 1 / sympy.tan(b)}[f.func]
        return e.xreplace(swap) if swap else e

    def expr(self, e: sympy.Expr, values: dict | None = None, degrees: bool = False) -> str:
        """``e`` written out; ``values`` (symbol -> number) are put in as numbers, each shown as it is."""
        e = sympy.sympify(e)
        if values and self.squares:  # AC²/CY = 325/6 where AC² = 325 was said, never (5√13)²/6
            e = e.xreplace({x ** 2: q for x, q in self.squares.items() if x in values})
        if values:
            e, values = _trig_values(e, values)
        if not e.free_symbols and e.has(*_INVERSE_TRIG):  # x = arccos(3/5): a number, written as one
            return self.number(e, degrees)
        e = self.as_given(_shortest_trig(_unsquared(e)))
        e = e.xreplace({f: _untangled(f) for f in e.atoms(sympy.sin, sympy.cos, sympy.tan, sympy.cot)
                        if not f.free_symbols})  # AC·(4/5), never AC·sin(2·atan(2))
        lin = _linear(e)
        if lin is not None and not self.latex and len(lin[0]) > 1 and lin[1] == 0 \
                and len({abs(c) for c, _ in lin[0]}) == 1 and (k := 1 / abs(lin[0][0][0])).is_Integer and k > 1:
            # a sum halved as a student writes it: (AD + BC)/2, never AD/2 + BC/2 (blind teacher 27 gen 2)
            return f"({self.expr(sympy.expand(e * k), values, degrees)})/{k}"
        if lin is not None:
            return self._linear(lin, values or {}, degrees)
        alone = e.is_Symbol
        stand: dict = {}
        names: dict = {}
        # a measure in degrees put into a formula of other units is a number there: π·180·4²/360, not π·180°·4²/360
        bare = set() if degrees or not values else (
            e.xreplace({f: sympy.Dummy() for f in e.atoms(*_TRIG, sympy.sin, sympy.cos, sympy.tan)}).free_symbols)
        for s in sorted(e.free_symbols, key=lambda s: s.name):
            if values and s in values:
                v = values[s]
                deg = _unit(s) == "degrees" and not (s in bare and not _degrees(e))
                text = self.expr(v, None, deg) if v.free_symbols else self.number(v, deg)
                if v.is_Symbol or (_surd(v) and not any(p.base == s for p in e.atoms(sympy.Pow))):
                    pass  # a name or a surd needs no brackets: √106/2, not (√106)/2 (but (√2)²)
                elif not (v.is_Rational and v >= 0 and (v.is_Integer or (self._decimal(v) and v >= 1))):
                    text = rf"\left({text}\right)" if self.latex else f"({text})"
            else:
                text = self.name(s, alone)
                if " " in text and not alone and not text.startswith(("angle ", r"\angle")):
                    text = rf"\left({text}\right)" if self.latex else f"({text})"  # π·(radius of circle O)²
            stand[s] = sympy.Symbol(f"v{len(stand)}_" + s.name)
            names[stand[s]] = text
        f = _unnegated(e.xreplace(stand))
        if self.latex:
            out = _latex_degrees(_PositiveFirstLatex({"symbol_names": names, "mul_symbol": "dot"}).doprint(f))
            for fn in ("Sin", "Cos", "Tan"):
                out = out.replace(rf"\operatorname{{{fn}}}", "\\" + fn.lower())
            return re.sub(r"(?<![\d.])(\d+) \\cdot ([a-z])(?![A-Za-z])", r"\1\2", out)
        text = _PositiveFirstStr().doprint(f)
        for k, v in sorted(names.items(), key=lambda kv: -len(kv[0].name)):
            text = text.replace(k.name, v)
        if degrees and not values and e.is_Add and all(element_of(s) is None for s in e.free_symbols):
            return f"({_plain(text)})°"  # an angle in the variables: (2x² - 10)°
        text = _plain(text)
        for r in set(names.values()) & set(self.letters.values()):  # a letter beside its factor: πr², 2r, 2πr
            text = re.sub(rf"(?<=[\dπ)])·{r}(?![A-Za-z])", r, text)
        return text

    def _linear(self, lin: tuple[list[tuple[sympy.Expr, sympy.Symbol]], sympy.Expr], values: dict,
                degrees: bool) -> str:
        terms, const = lin
        parts: list[tuple[bool, str]] = []  # (negative, text)
        # an equation in the variables is in their units: no degree sign on any term (2y + 110 = 180)
        bare = any(element_of(s) is None and s not in values for _, s in terms)
        for c, s in terms:
            if s in values and values[s].free_symbols:  # an expression found before: put in, in brackets
                body = self.expr(values[s], None, _unit(s) == "degrees")
                if not values[s].is_Symbol:
                    body = rf"\left({body}\right)" if self.latex else f"({body})"
            elif s in values:
                v = values[s]
                body = self.number(abs(v) if v.is_number and v.is_negative else v, _unit(s) == "degrees" and not bare)
                if v.is_number and v.is_negative:
                    c = -c
                inv = _inverse_angle(v)
                wrap = not (v.is_Rational or v.is_Symbol or _surd(v) or (inv is not None and inv[:2] == (0, 1)))
                if wrap and (abs(c) != 1 or (c < 0 and re.search(r" [-+] ", body))):  # 180° - (90° - arcsin(4/5))
                    body = rf"\left({body}\right)" if self.latex else f"({body})"
            else:
                body = self.name(s, alone=len(terms) == 1 and c == 1 and const == 0)
            neg = c < 0
            a = abs(c)
            if a.q != 1 and s in values and not self.latex and "/" in body and not body.startswith("("):
                body = f"({body})"  # a fraction put in, then halved: (165/4)/2, never 165/4/2 (teacher 23)
            if a != 1:
                k = self.number(a)
                if element_of(s) is None and s not in values:  # a variable: 3y, as the language writes it
                    if a.q != 1 and "/" in k:  # 5x/3, never 5/3x (which reads as 5/(3x))
                        top = f"{a.p if a.p != 1 else ''}{body}"
                        body = rf"\frac{{{top}}}{{{a.q}}}" if self.latex else f"{top}/{a.q}"
                    else:
                        body = f"{k}{body}"
                elif a.q != 1 and a.p == 1:
                    body = f"{body}/{a.q}" if not self.latex else rf"\frac{{{body}}}{{{a.q}}}"
                elif a.q != 1 and not self.latex:  # 3·DE/5, never 3/5·DE (which reads as 3/(5·DE))
                    body = f"{a.p}·{body}/{a.q}"
                elif body in self.letters.values():  # 2r, as a textbook writes its radius
                    body = f"{k}{body}"
                else:
                    body = (rf"{k} \cdot {body}" if self.latex else f"{k}·{body}")
            parts.append((neg, body))
        if bare:  # the unknown first, as the equation is solved: 2y + 110 = 180, not 110 + 2y = 180
            put = [s in values and not values[s].free_symbols for _, s in terms]
            parts = [p for p, n in zip(parts, put) if not n] + [p for p, n in zip(parts, put) if n]
        variables = any(element_of(s) is None for _, s in terms)  # (put in or not: 2·25 + 30 is still in x's units)
        if const != 0 or not parts:
            neg = const.is_number and const < 0
            parts.append((neg, self.number(-const if neg else const, degrees and not variables)))
        if parts[0][0]:  # 180° − angle AMC, not −angle AMC + 180°
            first = next((i for i, (neg, _) in enumerate(parts) if not neg), None)
            if first is not None:
                parts.insert(0, parts.pop(first))
        out = ""
        for i, (neg, body) in enumerate(parts):
            if i == 0:
                out = ("-" if neg else "") + body
            else:
                out += (" - " if neg else " + ") + body
        if degrees and variables and len(parts) == 1 and const == 0 and terms[0][1] not in values:
            out += r"^{\circ}" if self.latex else "°"  # x°
        elif degrees and variables and all(element_of(s) is None for _, s in terms):
            out = rf"\left({out}\right)^{{\circ}}" if self.latex else f"({out})°"  # (5y - 6)°
        return out


def _term_order(expr: sympy.Expr, terms: list) -> list:
    """A sum's terms as a student writes them: the positive ones first (√(OP² - AO²), not √(-AO² + OP²)), and
    beside a trigonometric value the whole number first (``6 + 6/tan(62°)``, not ``6/tan(62°) + 6``: blind teacher
    35)."""
    trig = any(t.has(*_TRIG, *_SYMPY_TRIG) for t in terms)
    return sorted(terms, key=lambda t: (t.could_extract_minus_sign(), not (trig and t.is_Rational)))


class _PositiveFirstStr(StrPrinter):
    """sympy's printing with a sum's terms in a student's order (``_term_order``)."""

    def _as_ordered_terms(self, expr, order=None):
        return _term_order(expr, super()._as_ordered_terms(expr, order))


class _PositiveFirstLatex(LatexPrinter):
    def _as_ordered_terms(self, expr, order=None):
        return _term_order(expr, super()._as_ordered_terms(expr, order))


def _unnegated(e: sympy.Expr) -> sympy.Expr:
    """A negated sum in a product written as its terms negated: ``(AB²·CE + AE·BC² - AC·AE·CE)/AC``, not
    ``-(AC·AE·CE - AB²·CE - AE·BC²)/AC`` (a minus a student never wrote)."""
    def negated(m: sympy.Expr) -> bool:
        return (m.is_Mul and m.as_coeff_Mul()[0] == -1 and sum(a.is_Add for a in m.args) == 1
                and sum(1 for a in m.args if a.is_Number) == 1
                and any(t.could_extract_minus_sign() for a in m.args if a.is_Add for t in a.args))

    def flip(m: sympy.Expr) -> sympy.Expr:
        rest = [a for a in m.args if not a.is_Number]
        return sympy.Mul(*(sympy.Add(*(-t for t in a.args)) if a.is_Add else a for a in rest), evaluate=False)

    try:
        return e.replace(negated, flip)
    except (TypeError, ValueError, RecursionError):
        return e


# the families whose equation is the angle bisector theorem's product, and where their names put the vertex
_BISECTED_AT = {"bisector_of_angle_property_line_ratio": (0, 1), "bisector_of_angle_judgment_angle_equal": (1, 1),
                "bisector_of_angle_property_line_ratio_external": (1, 0)}


def _bisected_vertex(family: str, names) -> str | None:
    """The vertex of the angle an angle-bisector theorem's instance bisects (B of ``BD bisects angle ABC``;
    A of ``AD bisects the exterior angle at A``), or None for another theorem."""
    at = _BISECTED_AT.get(family)
    if at is None or len(names) <= at[0] or len(names[at[0]]) <= at[1]:
        return None
    return names[at[0]][at[1]]


def _surd(v: sympy.Expr) -> bool:
    """√n: a value printed as one token, that a product or a quotient needs no brackets around."""
    return bool(v.is_Pow and v.base.is_Integer and v.base > 0 and v.exp == sympy.S.Half)


def decimal_text(v: sympy.Expr) -> str | None:
    """A rational whose decimal ends (45/2 -> "22.5"), else None."""
    if not (isinstance(v, sympy.Rational) or (hasattr(v, "is_Rational") and v.is_Rational)):
        return None
    q = int(v.q)
    if q == 1:
        return str(v.p)
    while q % 2 == 0:
        q //= 2
    while q % 5 == 0:
        q //= 5
    if q != 1:
        return None
    text = f"{Fraction(int(v.p), int(v.q)).numerator / Fraction(int(v.p), int(v.q)).denominator:.10f}"
    return text.rstrip("0").rstrip(".")


_TRIG_RADIANS = re.compile(r"\b(sin|cos|tan)\((?:(\d+)·)?π/(\d+)\)")


_TRIG_RADIANS_LATEX = re.compile(r"\\(sin|cos|tan)(\^\{\d+\})?\{\\left\(\\frac\{(?:(\d+) )?\\pi\}\{(\d+)\} \\right\)\}")


def _latex_degrees(text: str) -> str:
    """The LaTeX of :func:`_in_degrees`: ``\\tan^{2}{\\left(47^{\\circ}\\right)}``."""
    def put(m: re.Match) -> str:
        deg = Fraction(180 * int(m[3] or 1), int(m[4]))
        return rf"\{m[1]}{m[2] or ''}{{\left({deg}^{{\circ}}\right)}}" if deg.denominator == 1 else m[0]
    return _TRIG_RADIANS_LATEX.sub(put, text)


def _in_degrees(m: re.Match) -> str:
    """``tan(7·π/36)`` as ``tan(35°)``: a trigonometric value of an angle the proof measures in degrees."""
    deg = Fraction(180 * int(m[2] or 1), int(m[3]))
    return f"{m[1]}({deg}°)" if deg.denominator == 1 else m[0]


def _plain(text: str) -> str:
    text = re.sub(r"\bpi\b", "π", text).replace("**2", "²").replace("**", "^").replace("*", "·").replace("sqrt(", "√(")
    for fn in ("Sin", "Cos", "Tan"):
        text = text.replace(f"{fn}(", f"{fn.lower()}(")
    text = _TRIG_RADIANS.sub(_in_degrees, text)  # tan(47°), as the step wrote it, not tan(47π/180)
    text = re.sub(r"√\((\d+)\)", r"√\1", text).replace(")·(", ")(")  # √13, 2√13; (x - 5)(x + 1)
    text = re.sub(r"(?<![\w.√])(\d+)·√", r"\1√", text)  # 3√2, but √2·√(9 + √337): a root's own digits keep the dot
    text = re.sub(r"(?<![\w.√])(\d+)·π", r"\1π", text)
    return re.sub(r"(?<![\w.])(\d+)·([a-z])(?![A-Za-z0-9_(])", r"\1\2", text)  # 2x², not 2·x²


_INVERSE_TRIG = (sympy.acos, sympy.asin, sympy.atan)


def _inverse_angle(v: sympy.Expr) -> tuple[sympy.Expr, int, str, sympy.Expr] | None:
    """``(160, -1, "sin", 4/5)`` for the angle 160° - 180·asin(4/5)/π in degrees (160° less the angle whose
    sine is 4/5; ``k`` is 2 in 180° - 2·arcsin(4/5)), else None."""
    if v.free_symbols or not v.has(*_INVERSE_TRIG):
        return None
    c0, rest = sympy.expand(v).as_coeff_Add()
    k, f = sympy.expand(rest * sympy.pi / 180).as_coeff_Mul()
    if k.is_Rational and k != 0 and isinstance(f, _INVERSE_TRIG) and not f.args[0].has(*_INVERSE_TRIG) \
            and c0.is_Rational:
        return c0, sympy.Rational(k), {sympy.acos: "cos", sympy.asin: "sin", sympy.atan: "tan"}[f.func], f.args[0]
    return None


def _untangled(v: sympy.Expr) -> sympy.Expr:
    """``v`` with a trigonometric value of an inverse one worked out (sin(2·asin(4/5)) is 24/25,
    as a student works it out), where that leaves no inverse function; else ``v`` as it is."""
    if v.free_symbols or not any(f.args[0].has(*_INVERSE_TRIG) for f in v.atoms(sympy.sin, sympy.cos, sympy.tan,
                                                                              sympy.cot)):
        return v
    out = sympy.radsimp(sympy.simplify(sympy.expand_trig(v)))
    return v if out.has(*_INVERSE_TRIG) else out


def _nested(v: sympy.Expr) -> bool:
    """Whether a constant has a square root under a square root (√(2√337 - 18))."""
    roots = [p for p in v.atoms(sympy.Pow) if p.exp.is_Rational and p.exp.q == 2]
    return any(p.base.has(*(r for r in roots if r is not p)) for p in roots)


def _unsquared(v: sympy.Expr) -> sympy.Expr:
    """A positive constant with nested roots as the root of its square, a square factor taken out, where that
    is shorter (3√2·√(9 + √337)/2, never 27√(2√337 - 18)/32 + 3√337·√(2√337 - 18)/32: a linear solve and
    sympy's rationalising write the same number so)."""
    if v.free_symbols or not v.is_number or sympy.count_ops(v) > 60 or not _nested(v):
        return v
    square = sympy.radsimp(sympy.expand(v ** 2))
    if square.free_symbols or _nested(square) or not (v > 0):
        return v
    out = sympy.sqrt(sympy.factor_terms(square))
    return out if sympy.count_ops(out) < sympy.count_ops(v) else v


def _shortest_trig(v: sympy.Expr) -> sympy.Expr:
    """A sum of trigonometric values in its shortest form, as a student would leave it: 8/sin(43°), never
    8·sin(43°) + 8·sin(43°)·tan(47°)², nor 24·sin(32°) + 24·cos(32°)/tan(32°) for 24/sin(32°), which a linear
    solve can return for the same number."""
    if v.free_symbols or not v.is_Add or not v.has(sympy.sin, sympy.cos, sympy.tan) or sympy.count_ops(v) > 40:
        return v
    out = sympy.trigsimp(v)
    if sympy.count_ops(out) >= sympy.count_ops(v):  # (trigsimp leaves a tangent of a number alone: over one line)
        out = sympy.trigsimp(sympy.together(v.replace(sympy.tan, lambda x: sympy.sin(x) / sympy.cos(x))))
    return out if sympy.count_ops(out) < sympy.count_ops(v) else v


def _trig_values(e: sympy.Expr, values: dict) -> tuple[sympy.Expr, dict]:
    """``sin(angle BAC)`` put in as its value (56/65) where the angle's own value is an inverse cosine or
    sine: a textbook never writes sin(180·acos(33/65)/π°)."""
    put = {}
    for f in sorted(e.atoms(Sin, Cos, Tan), key=sympy.default_sort_key):
        v = values.get(f.args[0])
        if v is not None and not v.free_symbols and v.has(*_INVERSE_TRIG):
            exact = _untangled(sympy.radsimp(f.func(v)))
            if not exact.has(*_INVERSE_TRIG, sympy.sin, sympy.cos, sympy.tan):
                put[f] = (sympy.Symbol(f"trig{len(put)}_"), exact)
    if not put:
        return e, values
    return e.xreplace({f: t for f, (t, _) in put.items()}), {**values, **dict(put.values())}


def _unit(s: sympy.Symbol) -> str | None:
    el = element_of(s)
    return el.kind.unit if el is not None else None


def _degrees(e: sympy.Expr) -> bool:
    """Is ``e`` a measure in degrees (every element in it an angle or an arc)?"""
    units = {_unit(s) for s in e.free_symbols} - {None}
    return units == {"degrees"} and not e.has(sympy.sin, sympy.cos, sympy.tan, *_TRIG)  # sin(angle A): a ratio


def _lone_sign(terms: list[tuple[sympy.Expr, sympy.Symbol]]) -> tuple[sympy.Expr, sympy.Symbol] | None:
    """The one term of three or more whose sign differs from all the others', with a unit coefficient: the
    element a student writes alone on one side (DF = DM + EM + 2, never "DM + EM - DF = -2"); else None."""
    if len(terms) < 3:
        return None
    for sign in (1, -1):
        odd = [(c, x) for c, x in terms if (c > 0) != (sign > 0)]
        if len(odd) == 1 and abs(odd[0][0]) == 1:
            return odd[0]
    return None


def _linear(e: sympy.Expr) -> tuple[list[tuple[sympy.Expr, sympy.Symbol]], sympy.Expr] | None:
    """``e`` as (rational coefficient, symbol) terms and a constant, or None when it is not so."""
    terms: list[tuple[sympy.Expr, sympy.Symbol]] = []
    const = sympy.Integer(0)
    for t in sympy.Add.make_args(sympy.expand(e)) if not e.is_Symbol else (e,):
        if not t.free_symbols:
            if not t.is_number:
                return None
            const += t
            continue
        c, rest = t.as_coeff_Mul()
        if not rest.is_Symbol or not c.is_Rational:
            return None
        terms.append((c, rest))
    if not terms and not const.is_Rational:
        return None
    return terms, const


# an angle whose sine and cosine no table of values holds, as the sum or difference of two that one does
_COMPOUND = {15: (45, -30), 75: (45, 30), 105: (60, 45), 165: (120, 45)}


# -- the writing ----------------------------------------------------------------------------------------


@dataclass
class Written:
    lines: list[str]
    jumps: list[int]  # per conclusion, how many equations it was read from at once
    theorems: int = 0  # theorem equations stated (givens and restatements not counted)
    givens: tuple[str, ...] = ()  # the elements the problem gives a number, as the text names them


# a similarity by SAS and the ratio of its bracket: "are similar by SAS (as BC/AB = CO/AO and angle …)"
_SAS_RATIO = re.compile(r"are similar by SAS \(as ([A-Z]{2})/([A-Z]{2}) = ([A-Z]{2})/([A-Z]{2})( and|,)")


@functools.lru_cache(maxsize=20_000)
def _key(e: sympy.Expr) -> sympy.Expr:
    """An equation (equal to zero) up to its sign and scale: the fact it states (kept: a proof asks
    again for the keys of the same equations, step after step)."""
    e = sympy.expand(e)
    if e == 0:
        return e
    lead = sympy.Add.make_args(e)
    c = sorted(lead, key=sympy.default_sort_key)[0].as_coeff_Mul()[0]
    return sympy.expand(e / c) if c != 0 else e


_PARENS = re.compile(r" \([^()]*\)")
_MAIN_CLAUSE = re.compile(r"^since (?:[^,]|, (?=[A-Z]{3}(?:, [A-Z]{3})* and [A-Z]{3} of [A-Z]{4} ))*, (?:it|its|the|they|so|[A-Z] is the (?:midpoint|centroid)|[A-Z] lies on the "
                          r"perpendicular bisector|[A-Z]{2} is (?:a diameter|the median)|[A-Z]{2} bisects"
                          r"|[A-Z]{2} and [A-Z]{2} are medians"
                          r"|[A-Z]{3,} is an? [a-z]+|by [^,]* (?:is|are) [a-z]+)\b",
                          re.IGNORECASE)


# a reason that says its equation in words: two angles it names and their sum
_IN_WORDS = re.compile(r"\bangles ([A-Z]{3}) and ([A-Z]{3}) add up to (\d+)°$")


# a bracket round a sum in a variable: "(15 - x)", "3(3x - 6)": an equation a student opens out before solving
_BRACKETED_VAR = re.compile(r"\([^()]*(?<![A-Za-z])[a-z](?![A-Za-z(])[^()]*\)")


# a polynomial's factors set to zero: "(x - 5)(x + 1) = 0", "x(x - 4) = 0"
_FACTORED = re.compile(r"(?:[0-9A-Za-z]*\([^()]*\)){2,}(?:\([^()]*\))* = 0|[0-9A-Za-z·]+\([^()]*\) = 0")
# a bracket multiplied: "3(3x - 6)", "(15 - x)²", "2·(x + 1)", "(x - 2)(x + 7)"
_PRODUCT = re.compile(r"[0-9A-Za-z·)]\(|\)[²(]")


def _solved_forms(forms: list[str], so: bool = False) -> str:
    """An equation and the forms a student solves it through, with one "so" a sentence (blind teachers 34, 35:
    "so 3x - 4 = 14, so 3x = 18 and x = 6" runs on): ``3x - 4 = 14, 3x = 18 and x = 6``; where the next form
    opens the equation's brackets, that is a sentence of its own: ``… = 11² - (15 - x)². Expanding, 256 - x² =
    121 - 225 + 30x - x², so 30x = 360 and x = 12``."""
    joined = [forms[0]]
    for x in forms[1:]:  # one side kept is one chain: "CG² = 67² + 19² - 2·67·19·cos(60°) = 3577", never said twice
        left, eq, right = x.strip("$").partition(" = ")
        if eq and " = " not in right and joined[-1].strip("$").partition(" = ")[0] == left:
            joined[-1] = joined[-1][:-1] + f" = {right}$" if x.startswith("$") else f"{joined[-1]} = {right}"
        else:
            joined.append(x)
    forms = joined
    if len(forms) < 2:
        return "".join(forms)
    at = next((i for i, x in enumerate(forms) if i and _FACTORED.fullmatch(x.strip("$"))), None)
    if at is not None:  # (a quadratic's factors, a sentence of their own: "Factorising, (x - 5)(x + 1) = 0, so x = 5")
        rest, pre = forms[at + 1:], forms[:at]
        said = f"{pre[0]}, that is, {pre[1]}" if len(pre) == 2 and not so else _solved_forms(pre, so)
        return (f"{said}. Factorising, {forms[at]}"
                + (f", so {_listed(rest)}" if rest else ""))
    first, rest = forms[0], forms[1:]
    if _BRACKETED_VAR.search(first) and _PRODUCT.search(first) and not _BRACKETED_VAR.search(rest[0]):
        # (a product opened; a sum's brackets only dropped is one more form in the list: "(x + 10) + 2x = 40, 3x = 30
        # and x = 10")
        return f"{first}. Expanding, {rest[0]}" + (f", so {_listed(rest[1:])}" if rest[1:] else "")
    return f"{first}, so {_listed(rest)}" if so else _listed(forms)


def _listed(forms: list[str]) -> str:
    """Forms of one equation in turn, ``A, B and C``; one that names its method (``by the quadratic formula, x =
    …``) after a "so" of its own, as it says how it follows, or, after other forms (which a "so" leads in), a sentence
    of its own whose root follows with its "so": ``…, so x² + 9x - 64 = 0. By the quadratic formula, x = (-9 ±
    √337)/2, so x = (√337 - 9)/2`` (one "so" a sentence: teacher 37 fg 17)."""
    out, alone = forms[0], False
    for i, x in enumerate(forms[1:], 1):
        if x.startswith("by "):
            out += ". B" + x[1:]
            alone = True
            continue
        out += ", so " if alone else (" and " if i == len(forms) - 1 else ", ")
        alone = False
        out += x
    return out


# the two Pythagoras equations of the height, packed into the rule's bracket: "(CD² = CA² - AD² = CB² - BD², with AD =
# AB - BD, so CA² - (AB - BD)² = CB² - BD²)", said as sentences of their own where the writer opens them out
_PYTHAGORAS_PAIR = re.compile(r" \([A-Z]{2}² = [A-Z]{2}² - [A-Z]{2}² = [A-Z]{2}² - [A-Z]{2}², with [^()]*"
                              r"\([^()]*\)²[^()]*\)")


# the centroid's sentence that finds its median from the line through it: "since F is the centroid of triangle ABC and
# the line BF meets CA at D, BD is the median from B, and F lies one third of the way along it from D"
_CENTROID_FOUND = re.compile(r"[Ss]ince (?P<o>[A-Z]) is the centroid of triangle (?P<tri>[A-Z]{3}) and the line "
                             r"(?P<vertex>[A-Z])(?P=o) meets (?P<side>[A-Z]{2}) at (?P<mid>[A-Z]), "
                             r"(?P<median>[A-Z]{2}) is the median from (?P=vertex), "
                             r"(?P<rest>which (?P=o) divides in the ratio 2:1|and (?P=o) lies [a-z ]+ from [A-Z])")


def _then(reason: str) -> str:
    """How a reason leads to its equation: ``Since X, Y = Z`` after a bare reason; after one that
    already has its main clause (``Since X, it is a rectangle``), ``; hence Y = Z``, not a comma splice;
    after a rule named before (``so``, see ``_rule_once``), the equation at once."""
    if reason.lower() == "so":
        return " "
    if reason.lower() == "similarly":
        return ", "
    last = _PARENS.sub("", reason).rsplit(". ", 1)[-1]
    return "; hence " if _MAIN_CLAUSE.search(last) else ", "


def _tie_sentence(ties: list[tuple[str, str]]) -> str:
    """Angles named through points on their arms tied to a shape's names, said before the theorem that uses them:
    ``Since T lies on RU extended and R lies on TU extended, angle SRT = angle SRU and angle STR = angle STU.``"""
    where = list({_between_key(w): w for _, w in reversed(ties)}.values())[::-1]
    return f"since {and_list(where)}, {and_list([e for e, _ in ties])}."


def _between_key(where: str) -> object:
    """One key for a point between two others however the segment is spelt ("E lies on OC", "E lies on CO":
    said once, blind teacher 29's fg 18); a point on a side produced keeps its own (which end it lies beyond)."""
    m = re.fullmatch(r"([A-Z]) lies on ([A-Z]{2})", where)
    return (m[1], frozenset(m[2])) if m else where


def _angle_named(name: str, text: str) -> bool:
    """Does a sentence name the angle ``name`` as an angle it speaks of (``the inscribed angles CAB and CDB``),
    not as the vertical angle of another (``its vertical angle ABC``, another angle at the same vertex)?"""
    return re.search(rf"(?<!vertical )\bangles? (?:[A-Z]{{3}} and )?{name}\b", text) is not None


def _angles_named(instance, atoms) -> Iterator[tuple[sympy.Symbol, str]]:
    """Each angle a theorem's sentence names (its names, and an angle its words spell from a name's letters: "its
    central angle AOH" of arc OAH) with the one atom of ``atoms`` at its vertex, as (atom, name), in the sentence's
    order."""
    text = instance.text
    for name in dict.fromkeys([*instance.names, *re.findall(r"\bangle ([A-Z]{3})\b", text)]):
        if len(name) != 3 or not _angle_named(name, text):
            continue
        at = [x for x in atoms if element_of(x).points[1] == name[1]]
        if len(at) == 1:
            yield at[0], name


def _problem_atoms(proof) -> set:
    """The elements the problem's givens and goal name (each keeps the problem's name)."""
    return set(sympy.sympify(proof.goal).free_symbols) | {x for st in proof.steps for q, _ in st.equations
                                                         if q.instance.family.key == "given"
                                                         for x in (q.lhs - q.rhs).free_symbols}


def _sentence_names(instance, e: sympy.Expr, orders=()) -> bool:
    """Does the theorem's sentence itself say the element ``e`` (a premise it rests on), as one of the names its
    words are built from (``since {3[0]}{3[1]} is perpendicular to {3[2]}{3[1]}`` of the angle AEC), or an angle as
    the two segments along its arms (``since {0} is perpendicular to the chord {1}`` of OG and BC, the angle BGO
    with G on BC, by the problem's lines ``orders``)?  Then no bracket cites it again ("since AE is perpendicular to
    CE, … (as angle AEC = 90°)")."""
    el = element_of(e)
    if el is None:
        return False
    used = {int(f.split("[")[0]) for _, f, _, _ in string.Formatter().parse(instance.family.sentence)
            if f and f.split("[")[0].isdigit()}
    names = []
    for i in sorted(used):
        try:
            names.append(tuple(split_points(instance.names[i])))
        except (IndexError, ValueError):
            continue
    pts = tuple(el.points)
    if any(name in (pts, pts[::-1]) for name in names):
        return True
    if el.kind.key != "angle" or len(pts) != 3 or "perpendicular" not in instance.family.sentence:
        return False

    def along(seg: tuple, arm: set) -> bool:  # the segment lies on the arm's line
        return set(seg) == arm or any(arm | set(seg) <= set(ln) for ln in orders)

    segs = [n for n in names if len(n) == 2]
    v = pts[1]
    return any(along(a, {v, pts[0]}) and along(b, {v, pts[2]}) for a in segs for b in segs if a != b)


def _rule(sentence: str) -> str:
    """The part of a theorem's sentence that states its general rule rather than its instance: the whole
    sentence where it names no point (``since the area of a circle is πr²``), else its trailing clauses that
    name none after the first such clause (``, twice the radius`` of ``since {1} passes through the centre of
    circle {0}, it is a diameter, twice the radius``); empty where there is none."""
    clauses = sentence.split(", ")
    named = [any(f is not None for _, f, _, _ in string.Formatter().parse(c)) for c in clauses]
    if not any(named):  # (a rule it states, not a theorem it names: "by the intersecting chords theorem" stays)
        return sentence if sentence.startswith("since ") else ""
    first = next((i for i in range(1, len(clauses)) if not named[i] and any(named[:i])), None)
    if first is None or any(named[first + 1:]) or first + 1 == len(clauses):
        return ""
    return ", " + ", ".join(clauses[first + 1:])


_ROLES = re.compile(r"it is also (the (?:altitude|median)(?: to the base)?) and (the (?:median|bisector)[a-z ]*)$")


def _one_role(part: str, e: sympy.Expr) -> str:
    """The isosceles triangle's apex line named only in the role its equation uses (``it is also the
    median``, when the step halves the base), not in every role it has."""
    m = _ROLES.search(part)
    if m is None:
        return part
    kinds = {element_of(x).kind.key for x in e.free_symbols if element_of(x) is not None}
    if kinds <= {"length"}:
        role = "the median" if "median" in m[0] else None
    elif kinds == {"angle"} and (e.as_coeff_Add()[0] != 0 or len(e.free_symbols) == 1):  # angle AMB = 90°
        role = "the altitude" if "altitude" in m[0] else None
    elif kinds == {"angle"}:
        role = "the bisector of the apex angle" if "bisector" in m[0] else None
    else:
        role = None
    return part if role is None else part[:m.start()] + f"it is also {role}"


_ALSO_SAID = re.compile(r"^since ([A-Z]{2}) ([^,;]+), it is also (.+)$", re.IGNORECASE)


def _again_also(part: str, lines: list[str]) -> str:
    """The isosceles triangle's apex line in a second role, once its first has been said with the reason:
    ``since CE is also the median to the base`` (the segment the sentence speaks of is its subject)."""
    m = _ALSO_SAID.match(part)
    if m is None or f"since {m[1]} {m[2]}, it is also".lower() not in " ".join(lines).lower():
        return part
    return f"{part[:5]} {m[1]} is also {m[3]}"


# a sector's own formula: the arc it takes is said (minor or major; an arc's length names its arc already)
_SECTOR_FAMILIES = frozenset({"sector_perimeter_formula", "sector_area_formula"})
_PARALLEL_FAMILIES = frozenset({"parallel_property_angle", "parallel_property_ipsilateral_internal_angle",
                                "parallel_property_bend_angle"})
# the theorems about one triangle whose equations hold that triangle's own angles (names[0] is the triangle)
_TRIANGLE_FAMILIES = frozenset({"triangle_property_angle_sum", "right_triangle_property_pythagorean",
                                "right_triangle_property_trigonometric", "triangle_area_formula_sine",
                                "sine_theorem", "cosine_theorem"})


def _asked(proof) -> frozenset:
    """The elements the question itself names (its goal's and its givens'): a proof keeps their names."""
    goal = getattr(proof, "goal", None)
    return frozenset(set(sympy.sympify(goal).free_symbols if goal is not None else ())
                     | {x for st in proof.steps for q, _ in st.equations if q.instance.family.key == "given"
                        for x in (q.lhs - q.rhs).free_symbols})


_INSCRIBED = "arc_property_circumference_angle_external"  # (names: the inscribed angle, then its arc OAB)
_EXTERIOR = "triangle_property_exterior_angle"  # (names: the exterior angle's points, then the triangle)


def _triangle_names(proof) -> dict:
    """Each angle the proof uses in a triangle named by that triangle's points (``angle EAD`` for the
    right angle of triangle DAE, not ``angle EAM`` through a point M on AD), from its first such use on:
    a reader finds the angle in the triangle the step is about.  A theorem whose sentence is about the triangle
    its first name gives (the right triangle ELB's area) names the angles it rests on so too (angle BEL = 90°,
    never angle BED through D on EL)."""
    out: dict = {}
    display = getattr(proof, "display", {}) or {}
    # the angles the problem itself names (its facts and goal) keep their names
    named = _problem_atoms(proof)
    for st in proof.steps:  # an angle a theorem's sentence names (the inscribed angle RUT) keeps that name
        for q, _ in st.equations:
            for name in q.instance.names:
                if len(name) == 3 and _angle_named(name, q.instance.text):
                    named |= {x for x in (q.lhs - q.rhs).free_symbols if (el := element_of(x)) is not None
                              and el.kind.key == "angle" and el.points[1] == name[1]}
    for st in proof.steps:
        for q, _ in st.equations:
            inst = q.instance
            if not inst.names or len(inst.names[0]) != 3 or not (
                    inst.family.key in _TRIANGLE_FAMILIES
                    or re.search(rf"\btriangle {inst.names[0]}\b", inst.text or "")):
                continue
            tri = inst.names[0]
            premises = [x for pair in getattr(inst, "premises", ()) for x in pair]
            # (another theorem about the triangle names only the angles it rests on: an isosceles triangle's base
            # angle it finds keeps the name a right triangle's trigonometry gives it later)
            exprs = [q.lhs, q.rhs, *premises] if inst.family.key in _TRIANGLE_FAMILIES else premises
            atoms = {x for e in exprs for x in sympy.sympify(e).free_symbols
                     if (el := element_of(x)) is not None and el.kind.key == "angle"}
            for x in sorted(atoms, key=lambda x: x.name):
                v = element_of(x).points[1]
                if (x in out or x in display or x in named or v not in tri
                        or sum(element_of(y).points[1] == v for y in atoms) != 1):
                    continue
                a, b = (p for p in tri if p != v)
                if set(element_of(x).points) != {a, v, b}:
                    out[x] = element_symbol("angle", (a, v, b))
    return out


# a judgement's reason that proves what a shape is: "since …, it is a parallelogram" (then its other facts); only a
# shape's kind, for "it" is the shape there: in "since CE bisects …, it is also the median" or "…, it is a diameter"
# it is a segment, and no shape may take its place
_JUDGED = re.compile(r"^since (.*?), it is ((?:an? )?(?:%s))(\b.*)$" % "|".join(SHAPE_KINDS), re.IGNORECASE)
_ONE_TOKEN = re.compile(r"\(([^() ]+)\)")
_ONE_TOKEN_LATEX = re.compile(r"\\left\(([^()+\-]*?)\\right\)")


def _unbracketed(text: str) -> str:
    """``text`` with the brackets around a single token dropped: ``(15√3)/2`` is ``15√3/2``."""
    return _ONE_TOKEN_LATEX.sub(r"\1", _ONE_TOKEN.sub(r"\1", text))


def _given_angles(proof) -> frozenset:
    """The angles the problem gives a number of degrees, in radians (as a trigonometric value holds them)."""
    out = set()
    for st in proof.steps:
        for q, _ in st.equations:
            el = element_of(q.lhs) if q.instance.family.key == "given" and q.lhs.is_Symbol else None
            if el is not None and el.kind.key == "angle" and q.rhs.is_Rational and 0 < q.rhs < 90:
                out.add(q.rhs * sympy.pi / 180)
    return frozenset(out)


def given_decimals(proof) -> bool:
    """Does the problem give a value that is no whole number (22.5)?  Then its proof prints such values as
    decimals, as the problem does; from whole givens, a fraction stays a fraction (13/2)."""
    for st in proof.steps:
        for q, _ in st.equations:
            if q.instance.family.key == "given":
                for side in (q.lhs, q.rhs):
                    if not side.free_symbols and sympy.sympify(side).is_Rational and not sympy.sympify(side).is_Integer:
                        return True
    return False


def _circumcentre(theorems: list) -> str | None:
    """The centre where every theorem is the one stated relation "O is the circumcentre of ABC" (its
    equal distances said as one equation), else None."""
    names = {s.instance.names for s in theorems}
    if not theorems or len(names) != 1 or any(s.instance.family.key != "relation" for s in theorems):
        return None
    m = re.match(r"(\w+) is the circumcentre of (?:triangle )?\w+$", next(iter(names))[0] if next(iter(names)) else "")
    return m.group(1) if m else None


def _reordered(a: str, b: str) -> bool:
    """``b`` is the sum ``a`` with its terms in another order (``2√14 + 4√6`` of ``4√6 + 2√14``)."""
    terms = re.compile(r" \+ ")
    return "+" in a and " - " not in a + b and a != b and sorted(terms.split(a)) == sorted(terms.split(b))


def _cap(s: str) -> str:
    return s[0].upper() + s[1:] if s else s


class _Writer:
    def __init__(self, proof, style: str, arcs: dict | None = None):
        self.proof = proof
        self.n = Namer(style, proof.display, arcs or {}, written=getattr(proof, "as_written", {}) or {},
                       local=_triangle_names(proof), decimals=given_decimals(proof), given_angles=_given_angles(proof),
                       shapes=getattr(proof, "shapes", {}) or {}, asked=_asked(proof))
        self.n.heights, self.height_intros = height_names(proof, self.n.latex)
        self.n.letters = _radius_letter(proof)
        self.n.squared, self.n.squared_too = _squared_only(proof), _squared_later(proof)
        self.stated: set = set()  # facts stated (keys of equations)
        self.given_keys: set = set()  # givens the problem states (keys of equations), said only where used
        self.given_names: list[str] = []  # elements the problem gives a number (stated by the problem itself)
        self.known: dict = {}  # symbol -> value stated
        self.relations: list[sympy.Expr] = []  # relations concluded (equal to zero)
        self.radius_of: dict = {}  # a circle's radius -> the segment that gave its value (OA)
        self.restated: set = set()  # elements whose value the question's relation gives, not yet cited (write)
        self.restated_words: dict = {}  # such an element -> the relation's words ("ON is perpendicular to MN")
        self._target = None  # the step being written's conclusion
        self._parts: dict = {}  # the values a sentence said beside its unknown's (each part of a whole)
        self.sub: dict = {}  # element -> its expression in the variables (AC = x - 4), kept from step to step
        self.lines: list[str] = []
        self.jumps: list[int] = []
        self.theorems = 0
        self.joined: set = set(proof.drawn) if getattr(proof, "drawn", None) is not None else None
        self._base: set = set()  # the elements the last first pass left free
        self._tied: set = set()  # angles the problem names through another point, tied to a triangle's name
        self._found_last: set = set()  # the elements the last step written brought to a value
        self.rules: dict[str, int] = {}  # theorem family -> the line whose sentence first named its general rule
        self.shape_rules: set[str] = set()  # the rules of the problem's shapes said so far (``_shape_given``)
        self.shapes_said: set[tuple] = set()  # the judgements said by their sentence alone (``shape_only``)

    def join(self, exprs) -> str:
        """``Join CD.`` for each segment the sentence uses that the figure does not draw (once)."""
        if self.joined is None:
            return ""
        new = []
        for e in exprs:
            for s in sorted(sympy.sympify(e).free_symbols, key=lambda s: s.name):
                el = element_of(self.n.display.get(s, s))
                if el is None or el.kind.key not in ("length", "angle"):
                    continue
                pts = el.points
                segs = [pts] if el.kind.key == "length" else [(pts[1], pts[0]), (pts[1], pts[2])]
                for a, b in segs:
                    if frozenset((a, b)) not in self.joined:
                        self.joined.add(frozenset((a, b)))
                        new.append(a + b)
        return f"Join {and_list(new)}. " if new else ""

    def wrap(self, t: str) -> str:
        return f"${t}$" if self.n.latex else t

    def eq(self, a: sympy.Expr, b: sympy.Expr, values: dict | None = None) -> str:
        deg = _degrees(a - b) if (a - b).free_symbols else False
        return self.wrap(f"{self.n.expr(a, values, deg)} = {self.n.expr(b, values, deg)}")

    def said(self, t: sympy.Expr, v: sympy.Expr) -> str:
        """``a − b = 0`` said as ``a = b``."""
        if v == 0 and t.is_Add and len(t.args) == 2:
            (c1, a), (c2, b) = (x.as_coeff_Mul() for x in t.args)
            if c1 * c2 < 0 and element_of(a) is None and element_of(b) is not None:  # angle MLR = 4x, not x° = …
                return self.eq(b, -c1 / c2 * a)
            if c1 * c2 < 0:
                return self.eq(a, -c2 / c1 * b) if abs(c1) == 1 or abs(c2) != 1 else self.eq(b, -c1 / c2 * a)
        lin = _linear(t - v)
        if lin is not None and len(lin[0]) > 1:  # AD - x = 17 said as AD = x + 17
            elements = [(c, x) for c, x in lin[0] if element_of(x) is not None]
            if len(elements) == 1:
                c, x = elements[0]
                return self.eq(x, sympy.expand(x - (t - v) / c))
            lone = _lone_sign(lin[0])
            if lone is not None and len(elements) == len(lin[0]):  # DM + EM - DF = -2 said as DF = DM + EM + 2
                c, x = lone
                return self.eq(x, sympy.expand(x - (t - v) / c))
        return self.eq(t, v)

    # one proof step ------------------------------------------------------------------------------------
    def step(self, st) -> None:
        if _key(st.target - st.value) in self.stated | self.given_keys:  # a given, or found before: never twice
            if st.target.is_Symbol:
                self.known.setdefault(st.target, st.value)
            return
        if not st.target.is_Symbol and st.target.free_symbols <= self.known.keys() \
                and is_zero(st.target.xreplace(self.known) - st.value):
            return  # angle RVT = angle TSU after both were said to be 90°: nothing new to say
        known = dict(self.known)
        for a, b in st.values:
            if a.is_Symbol:
                known[a] = b
        givens, theorems = [], []
        for s, _ in st.equations:
            (givens if s.instance.family.key == "given" else theorems).append(s)
        rule = {getattr(self.proof, "rules", {}).get((s.lhs, s.rhs)) for s in givens}
        if givens and not theorems and len(rule) == 1 and (why := rule.pop()):  # the shape's own rule, said: "The
            # sides of a regular hexagon are equal, so CD = BC", never a bare "So CD = BC." (newcomer 17)
            self.lines.append(f"{why[0].upper()}{why[1:]}, so {self.said(st.target, st.value)}.")
            self.stated.add(_key(st.target - st.value))
            if st.target.is_Symbol:
                self.known[st.target] = st.value
            return
        say: list[str] = []
        pool: list[tuple[object, sympy.Expr, str | None]] = []  # (step, equation = 0, reason or None: given)
        sub: dict = dict(self.sub)
        new_subs: list[str] = []  # givens of an element in the variables, first used here
        self._given_now: set = set()  # the elements this step's givens give a number
        for s in givens:  # (never said on its own: its value enters the step that uses it)
            e = s.lhs - s.rhs
            k = _key(e)
            if k not in self.stated and self._written_given(s, known, say, theorems):
                continue
            self._shape_given(s, k, say)
            self.given_keys.add(k)
            if s.lhs.is_Symbol and not s.rhs.free_symbols:
                known[s.lhs] = s.rhs
                self._given_now.add(s.lhs)
                self.given_names.append(self.n.expr(s.lhs, None, False))
            elif s.lhs.is_Symbol and element_of(s.lhs) is not None and all(
                    element_of(x) is None for x in s.rhs.free_symbols):
                sub[s.lhs] = s.rhs  # angle ABX = 5y - 6: the element is that expression in the variables
                if s.lhs not in self.sub:
                    new_subs.append(self.eq(s.lhs, s.rhs))
                self.sub[s.lhs] = s.rhs
            else:
                pool.append((s, e, None))
        self._givens_known(theorems, known)
        if _key(st.target - st.value) in self.stated | self.given_keys:  # the step only restates a given
            self.lines.append(" ".join(say))
            if st.target.is_Symbol:
                self.known[st.target] = st.value
            return
        if self._radii(st, theorems, say):
            return
        for s in theorems:
            e = s.lhs - s.rhs
            if getattr(s, "row", None) is not None:
                e = s.row
            pool.append((s, e, s.instance.text))
        pool = _halves(pool, st.target)
        target, value = st.target, st.value
        self._target = target
        saved = (set(self.stated), self.theorems, len(self.jumps),
                 None if self.joined is None else set(self.joined))
        rules = dict(self.rules)
        self._valued_first: list[str] = []  # (the values _opened puts in, said before the step's sentence)
        out = self._eliminate(pool, known, sub, target, value)
        if out is not None and max(self.jumps[saved[2]:], default=0) >= 3:
            base = self._base
            first = (set(self.stated), self.theorems, list(self.jumps), self.joined, self.rules)
            self.stated, self.theorems, self.rules = set(saved[0]), saved[1], dict(rules)
            del self.jumps[saved[2]:]
            self.joined = None if saved[3] is None else set(saved[3])
            up = self._upward(pool, known, sub, target, value, base)
            if up is not None and max(self.jumps[saved[2]:], default=0) < max(first[2][saved[2]:], default=0):
                out = up
            else:  # the first writing stands
                self.stated, self.theorems, self.jumps, self.joined, self.rules = first
        if out is None:
            self.rules = rules
            self._as_before(st, say)
            return
        found, out = out
        self.known.update(found)
        self._found_last = set(found)
        out = _valued_before([x for x in out if x], self._valued_first, self.lines)
        if new_subs and len(out) == 1 and out[0].startswith("So "):  # "Since angle MPQ = 8x°, angle MLR = 4x."
            out[0] = f"Since {and_list(new_subs)}, {out[0][3:]}"
        say += out
        self.lines.append(" ".join(say))
        if target.is_Symbol:
            self.known[target] = value
        else:
            self.relations.append(target - value)
            self._keep_expression(target - value)
        self.stated.add(_key(target - value))

    def _triangle_angles(self, lines: list[str]) -> list[str]:
        """Each sentence's angles by the triangle (or the angle) it names (:meth:`_triangle_angles_in`), where the
        name it replaces is the sentence's own: no other sentence and no given says it, so that no later sentence
        puts in a value its new name never stated."""
        if self.n.latex:
            return lines
        said = [[x for x in _SENTENCE.split(line) if x] for line in lines]
        every = [x for line in said for x in line]
        givens = set(self.given_names)
        wanted: dict[str, set] = {}  # a name said elsewhere too -> the names its sentences would give it
        out = []
        for line in said:
            done = []
            for sentence in line:
                others = " ".join(x for x in every if x is not sentence)

                def local(name: str, into: str | None = None) -> bool:
                    if name not in givens and not re.search(rf"\b{name}\b", others):
                        return True
                    if into is not None:
                        wanted.setdefault(name, set()).add(into)
                    return False

                done.append(self._triangle_angles_in(sentence, " ".join(line), local))
            out.append(" ".join(done))
        # a name said in several sentences, renamed in all of them where every sentence naming one triangle would
        # rename it alike: never a given's name nor the goal's (the last line), nor where a sentence ties the two
        text = " ".join(out)
        last = out[-1] if out else ""
        for name, into in wanted.items():
            if len(into) != 1 or name in givens or name in last:
                continue
            new, = into
            if any(re.search(rf"\b{name}\b", x) and re.search(rf"\b{new}\b", x) for x in _SENTENCE.split(text)):
                continue
            out = [re.sub(rf"\b{name}\b", new, x) for x in out]
        return out

    def _triangle_angles_in(self, sentence: str, line: str, local) -> str:
        """A sentence that names one triangle names its angles by the triangle's sides: ``Since ABC is an
        equilateral triangle, angle ABC = angle ACB = 60°``, never "angle FBG = angle DCE" through points on the
        sides (blind teacher 25); ``By the angle sum of triangle CDO, angle COD = …``, never "angle BOD" (B on OC);
        and an angle its reason names (``Since BD bisects the angle ABC, … = angle ABC/2``) by that name."""
        tris = set(re.findall(r"\btriangles? ([A-Z]{3})\b(?! and)|\b([A-Z]{3}) is an? [a-z ]*?triangle\b", sentence))
        tris = {a or b for a, b in tris}
        refs = list(re.findall(r"\bthe angle ([A-Z]{3})\b", sentence))
        if len(tris) == 1 and not re.search(r"\btriangles [A-Z]{3} and\b", sentence):
            t, = tris
            refs += [t[k].join(c for c in t if c != t[k]) for k in range(3)]  # BAC, ABC, ACB of ABC
        if not refs:
            return sentence

        def named(m: re.Match) -> str:
            p, v, q = m[1], m[2], m[3]
            for e1, w, e2 in refs:
                if w != v or {p, q} == {e1, e2}:
                    continue
                on = (lambda x, e: x == e or self._same_ray(x, v, e))
                if (on(p, e1) and on(q, e2)) or (on(p, e2) and on(q, e1)):
                    turned = f"angle {e2}{v}{e1}"  # (the way round the proof already says it, else the reference's)
                    better = turned if turned in line else f"angle {e1}{v}{e2}"
                    return better if local(m[0], better) else m[0]
            return m[0]

        return re.sub(r"\bangle ([A-Z])([A-Z])([A-Z])\b", named, sentence)

    def _given_through(self, x: sympy.Symbol, y: sympy.Symbol) -> bool:
        """Does the question give ``x = y`` and a number for ``y`` (``angle DAE = angle ABE`` and ``angle ABE =
        80°``)?  Then ``x`` has the question's own value, put in where it is used like any given, never said in a
        sentence of its own (teacher 18: "Since angle DAE = angle ABE, angle DAE = 80°", a given restated)."""
        ties = self.__dict__.get("_given_ties")
        if ties is None:
            ties = self._given_ties = {_key(q.lhs - q.rhs) for st in self.proof.steps for q, _ in st.equations
                                       if q.instance.family.key == "given" and q.lhs.is_Symbol and q.rhs.is_Symbol}
        return _key(x - y) in ties and y in self._givens()

    def shape_only(self, st) -> None:
        """A step said by its judgement's sentence alone (``_said_by_shape``): once, however many of the shape's
        facts the judgement gives."""
        s = next(q for q, _ in st.equations if q.instance.family.key != "given")
        self.stated.add(_key(st.target - st.value))
        said = (s.instance.family.key, s.instance.names)
        if said not in self.shapes_said:
            self.shapes_said.add(said)
            self.lines.append(f"{self._reason(s, s.instance.text)}.")
            self._count(s)

    def _givens_known(self, theorems: list, known: dict) -> None:
        """The problem's given values of the elements a step's theorems name, put in though the solver's step
        did without them (AZ = AW = 6, never "DZ = AD - AZ = (AZ + 3) - AZ = 3" with AW = 6 given)."""
        given = self._givens()
        for s in theorems:
            for x in sorted((s.lhs - s.rhs).free_symbols, key=lambda y: y.name):
                if x in given and x not in known and x not in self.sub:
                    known[x] = given[x]
                    self._given_now.add(x)
                    self.given_names.append(self.n.expr(x, None, False))

    def _givens(self) -> dict:
        """The problem's given values of single elements (``AB = 5``, the radius of circle O = 2)."""
        given = self.__dict__.get("_all_givens")
        if given is None:
            given = self._all_givens = {q.lhs: q.rhs for st in self.proof.steps for q, _ in st.equations
                                        if q.instance.family.key == "given" and q.lhs.is_Symbol
                                        and not q.rhs.free_symbols}
        return given

    def _radius_value(self, theorems: list, radii: set) -> sympy.Expr | None:
        """The circle's radius where it is known (given or found) when two of its radii are said equal: "BO =
        AO = 2 (radii of circle O)" states the value a later step puts in for BO."""
        others = {x for s in theorems for x in (s.lhs - s.rhs).free_symbols} - radii
        if len(others) != 1:
            return None
        (r,) = others
        v = self.known.get(r, self._givens().get(r))
        return v if v is not None and not v.free_symbols else None

    def _radii(self, st, theorems: list, say: list[str]) -> bool:
        """Two radii of one circle said equal in one sentence (``BM = BN (radii of circle B)``), not as
        each radius equal to the circle's radius and then "So"; False where the step is no such one."""
        t = st.target - st.value
        lin = _linear(t)
        centre = _circumcentre(theorems)
        if (not theorems or lin is None or lin[1] != 0 or len(lin[0]) != 2 or sorted(c for c, _ in lin[0]) != [-1, 1]
                or centre is None and (any(s.instance.family.key != RADIUS for s in theorems)
                                       or len({s.instance.names[1] for s in theorems}) != 1)):
            return False
        a, b = (x for _, x in lin[0])
        if centre is None and not {a, b} <= {x for s in theorems for x in (s.lhs - s.rhs).free_symbols}:
            return False  # AO = AB from a radius and a chord of its length: AB is no radius
        for s in theorems:
            k = _key(s.lhs - s.rhs)
            if k not in self.stated:
                self.stated.add(k)
                self._count(s)
        if centre is not None:  # AO = CO at once, not through the third vertex: "AO = BO and BO = CO. So AO = CO."
            say.append(f"{_cap(theorems[0].instance.text)}, {self.said(st.target, st.value)}.")
        else:
            circle = theorems[0].instance.names[1]
            value = self._radius_value(theorems, {a, b})
            known = "" if value is None else f" = {self.n.number(value)}"
            say.append(f"{self.join([a, b])}{self.said(st.target, st.value)}{known} (radii of circle {circle}).")
            if value is not None:
                self.stated.update(_key(x - value) for x in (a, b))
        self.lines.append(" ".join(say))
        self.relations.append(t)
        self.stated.add(_key(t))
        return True

    def _shape_given(self, s, k, say: list[str]) -> None:
        """A value the problem's shape gives rather than its text (each interior angle of a regular pentagon is
        108°): said with its rule where first used, the rule once (newcomer 17: "(180° - 108°)/2" with no word of
        where 108° came from)."""
        why = getattr(self.proof, "rules", {}).get((s.lhs, s.rhs))
        if not why or k in self.stated or s.rhs.free_symbols:
            return
        self.stated.add(k)
        if why in self.shape_rules:
            return
        self.shape_rules.add(why)
        say.append(f"{why[0].upper()}{why[1:]}, so {self.eq(s.lhs, s.rhs)}.")

    def _written_given(self, s, known: dict, say: list[str], theorems: list) -> bool:
        """A given the user wrote as a textbook arc (``arc AB = 80``, ``major arc ACB = 250``) said as
        written, then read as the angle it measures: ``We are given major arc AB = 250°. Since the
        central angle AOB stands on the rest of the circle, angle AOB = 360° - 250° = 110°.``  Where the
        step wants the arc itself and no equation of the proof names its central angle, the given is the
        arc's value, put in where used (never "so its central angle is angle BOD = 110°", then "since arc DB
        has the measure of its central angle BOD, arc DB = 110°": a round trip back to the given).  False
        where the given is no such arc or is not a number."""
        name = self.n.written.get(s.lhs)
        if name is None or s.rhs.free_symbols or self.proof.goal is not None and is_zero(s.lhs - self.proof.goal):
            return False  # (the arc asked is written as an arc, the central angle given as the angle it is: never
            # "We are given arc BC = 70°" for "angle BOC = 70, find arc BC")
        c0, rest = s.lhs.as_coeff_Add()
        c1, u = rest.as_coeff_Mul()  # lhs = c0 + c1·u: angle AOB, 360 - angle AOB, 360 - 2·angle ACB
        if not u.is_Symbol or element_of(u) is None or (c0, c1) != (0, 1) and (c1 >= 0 or c0 == 0):
            return False
        v = (s.rhs - c0) / c1
        self.stated.add(_key(s.lhs - s.rhs))
        self.stated.add(_key(u - v))
        given = self.wrap(f"{name[1] if self.n.latex else name[0]} = {self.n.number(s.rhs, True)}")
        arc = self._arc_of_central(u, theorems) if c1 == 1 else None
        if arc is not None:  # put in where used, as any given value is
            known[arc] = v
            self._given_now.add(arc)
            self.given_names.append(self.n.expr(arc, None, False))
            return True
        if c1 == 1:
            say.append(f"We are given {given}, so its central angle is {self.eq(u, v)}.")
        else:
            work = f"{self.n.number(c0, True)} - {self.n.number(s.rhs, True)}"
            if c1 != -1:
                work = (rf"\frac{{{work}}}{{{self.n.number(-c1)}}}" if self.n.latex
                        else f"({work})/{self.n.number(-c1)}")
            said = self.wrap(f"{self.n.expr(u)} = {work} = {self.n.number(v, True)}")
            say.append(f"We are given {given}. Since {_arc_reason(u, c1)}, {said}.")
        known[u] = v
        self.known[u] = v
        return True

    def _arc_of_central(self, angle: sympy.Symbol, theorems: list) -> sympy.Symbol | None:
        """The arc symbol a step reads off the central angle ``angle`` (its measure-of-the-central-angle
        equation, removed from ``theorems``), where no other equation of the proof names that angle; else
        None."""
        tie = next((t for t in theorems if t.instance.family.key == "arc_property_center_angle"
                    and t.lhs.is_Symbol and t.rhs == angle), None)
        if tie is None or any(angle in (q.lhs - q.rhs).free_symbols for st in self.proof.steps
                              for q, _ in st.equations if q is not tie and q.instance.family.key != "given"):
            return None
        theorems.remove(tie)
        return tie.lhs

    def _keep_expression(self, e: sympy.Expr) -> None:
        """A relation that gives one element as an expression in the variables (AD - x = 17) is kept, so
        that a later equation in that element is written and solved in the variables."""
        lin = _linear(e)
        if lin is None:
            return
        elements = [(c, x) for c, x in lin[0] if element_of(x) is not None]
        if len(elements) == 1 and len(lin[0]) > 1:
            c, x = elements[0]
            self.sub.setdefault(x, sympy.expand(x - e / c))

    def _median_given(self, part: str) -> str:
        """The centroid's sentence where the question gives its median (or the midpoint that makes it one): the
        median named, not found again from the line through the centroid (blind teacher 34: "the line BF meets CA
        at D, BD is the median from B" after the sentence that used the given median)."""
        m = _CENTROID_FOUND.search(part)
        if m is None:
            return part
        o, tri, (y, z), mid = m["o"], m["tri"], m["side"], m["mid"]
        halves = {_key(element_symbol("length", (y, mid)) - element_symbol("length", (mid, z)))}
        if not halves & {_key(e) for e in getattr(self.proof, "marked", ())}:
            return part
        median = m["median"]
        said = (f"it divides the median {median} in the ratio 2:1" if m["rest"].startswith("which")
                else f"it lies on the median {median},{m['rest'].removeprefix(f'and {o} lies')}")
        return f"{part[:m.start()]}{m[0][0]}ince {o} is the centroid of triangle {tri}, {said}{part[m.end():]}"

    def _reason(self, s, text: str) -> str:
        """The theorem's sentence with the premises a judgement rests on, where they are not the line before."""
        text = self._rule_once(s, text)
        common = self._common_side(s)
        if common is not None:  # (similar with a side common to both: congruent, the ratio 1 never left unsaid)
            text = re.sub(r"are similar by AA$", f"are congruent by {common[1]}", text)
        part = _cap(arc_sentence(text, [s.lhs, s.rhs], self.n.arcs))
        for spoken, stated in getattr(self, "_renamed", {}).items():  # the angle as the text stated it
            part = re.sub(rf"\b(?:{spoken}|{spoken[::-1]})\b", stated, part)
        self._renamed = {}
        part = self._as_printed(s, part)
        # (the hypotenuse spelled as the problem spells it: "perpendicular to the hypotenuse AC", never CA)
        part = re.sub(r"\bhypotenuse ([A-Z])([A-Z])\b", lambda m: "hypotenuse " + self.n.expr(
            element_symbol("length", (m[1], m[2]))), part)
        part = self._judged_before(s, part)
        if s.instance.family.key == "centroid_of_triangle_property_line_ratio":
            part = self._median_given(part)
        if s.instance.family.key == "isosceles_triangle_property_line_coincidence":
            part = _again_also(_one_role(part, s.lhs - s.rhs), self.lines)
        elif s.instance.family.key == "equilateral_triangle_property_bisector_coincidence":
            part = _again_also(part, self.lines)  # (its second role: "since CE is also the median to the side AB")
        # an angle named through a point on its arm is tied to the shape's own name in a sentence of its own, before
        # the theorem (blind teachers 23, 24: "(angle SRT = angle SRU, as T lies on RU extended; angle STR = …)"
        # crammed into the theorem's bracket)
        lead = self._linked(s) if s.instance.family.key in _TRIANGLE_FAMILIES | {_EXTERIOR} \
            else self._polygon_linked(s)
        lead += self._printed_ties(s)
        ties, self._ties = getattr(self, "_ties", []), []
        if ties:
            part += f" ({'; '.join(ties)})"
        names = s.instance.names
        src = (getattr(self.proof, "parallels", None) or {}).get(
            frozenset(frozenset(x) for x in names[:2])) if s.instance.family.key in _PARALLEL_FAMILIES else None
        if src is not None:  # a parallel's reason is its source: opposite sides of the parallelogram ADCB
            part = part.replace(f"is parallel to {names[1]}", f"is parallel to {names[1]} ({src})", 1)
        part = self._parallel_carried(part)
        if s.instance.family.key in _SECTOR_FAMILIES:
            part += self._sector_arc(s)
        if s.instance.family.key == "angle_addition":
            part += self._ray_inside(s)
        if s.instance.family.key == "arc_addition_measure" and " lies on " in part:
            part += self._arc_order(s, part)
        if s.instance.family.key == _INSCRIBED:
            part = self._inscribed_arc(s, part)
        if s.instance.family.key == _EXTERIOR:
            part = self._exterior_arms(part)
        if s.instance.family.key == "rectangle_judgment_right_angle":
            part = self._rectangle_corners(s, part)
        criterion = s.instance.family.key in CRITERIA
        parts = {x for pair in getattr(s.instance, "premises", ()) for y in pair for x in sympy.sympify(y).free_symbols}
        shown = []
        unsaid = False
        cited: list[str] = []  # the question's facts this sentence is the first to use (not said on their own)
        self._later = []
        names = (self.n.display, self.n.local)
        recent = self._premises_just_said(s) if criterion else set()
        if recent:
            self._recent_by_triangles(s, recent)
        just_said = bool(recent) and len(recent) == len(getattr(s.instance, "premises", ()))
        if criterion:  # its angles by the triangles' own points: "angle EFG = angle ACD" of EFG and ACD, never ACB
            ours = self._criterion_angles(s, recent)
            self.n.display = {k: w for k, w in self.n.display.items() if k not in ours}
            self.n.local = {**self.n.local, **ours}
        for u in s.uses:
            e = _expr(u)
            v = self.proof._value_of(u)
            if (e.is_Symbol and v is not None and e in self.restated and not _named_in(e, text)
                    and s.instance.family.kind == "judgement"
                    and any(_key(a - b) == _key(e - v) for a, b in s.instance.premises)):
                self.restated.discard(e)  # the question's right angle, cited where first used
                vertex = element_of(e).points[1] if element_of(e).kind.key == "angle" else None
                says = _sentence_names(s.instance, e, getattr(self.proof, "orders", ()))
                if (vertex is None or f"right angle at {vertex}" not in text) and not says:
                    # (the given perpendicular in its own words, never its right angle as if found: teacher 26)
                    words = self.restated_words.get(e)
                    if words and any(words.split(" is ")[0] + " is perpendicular" in x for x in self.lines):
                        words = None  # (its perpendicular said already: the right angle, never it twice)
                    if s.instance.family.key == "right_triangle_property_pythagorean_difference":
                        # (the right angles of both triangles on the common height, never one's alone: teacher 34's
                        # gen 24, "Since angle BDC = 90°, by Pythagoras in the right triangles CAD and BDC")
                        words = f"{s.instance.names[2]} is perpendicular to {s.instance.names[7]}"
                    cited.append(words or self.said(e, v))
                continue
            if self._height_right_angle(s, e, v, text):
                # (the right angle that makes AO a height, found lines before; not where the sentence says the
                # perpendicular itself: "Since AE is perpendicular to BC, … (as angle AEB = 90°)", teacher 24)
                if not _sentence_names(s.instance, e, getattr(self.proof, "orders", ())):
                    cited.append(self.said(e, v))
                continue
            if v is None or e.is_Symbol:  # a value put in, not a premise
                continue
            if criterion and parts and not e.free_symbols <= parts:
                # (AD = 2·CE is no part of AA: it belongs to the conclusion that puts it in)
                self._later.append((self.said(e, v), e - v))
                continue
            if not criterion and (_key(e - v) in self.stated or self.lines and self.lines[-1].endswith(
                    self.said(e, v) + ".")):
                if not self._equal_sides_unsaid(s, e, v):
                    continue  # a premise on the page already is not said again: only a criterion lists its parts
                unsaid = True
            if not criterion and all(_named_in(x, text) for x in e.free_symbols):  # "isosceles with BC = BA"
                continue
            if not criterion and _shape_says(s.instance, e):
                continue  # (teacher 18: "the equilateral triangle ABC … (as BC = AC)": the sentence names it
                # equilateral, its equal sides with it)
            if " bisects " in text and v == 0 and _degrees(e):  # "since CD bisects angle BCA": its equal halves
                continue
            lin = _linear(e - v)
            if lin is not None and sum(1 for _, x in lin[0] if element_of(x) is not None) == 1:
                continue  # AB = x + 5: a length's expression, put in, not a premise
            shown.append(self.said(e, v))
        for a, b in getattr(s.instance, "premises", ()):  # AA: the angle both triangles share is a premise too
            if a == b and a.is_Symbol and element_of(a) is not None:
                shown.append(self._part(a, b))
            elif criterion and (ratios := self._ratios(s)):  # SAS: AB/AD = 6/2 = 3, AC/AE = 9/3 = 3
                shown[:0] = ratios
        self.n.display, self.n.local = names
        shown = list(dict.fromkeys(shown))
        if criterion and " by HL" in text:  # the right angles, the hypotenuse and the leg, by their roles
            shown = self._hl_parts(s) or shown
        if common is not None and " are congruent by " in part:
            shown.insert(1 if common[1] == "ASA" else len(shown), f"{self.n.name(common[0])} is common")
        iso = ""  # (unsaid: the isosceles triangle's equal sides no sentence equated, _equal_sides_unsaid)
        if shown and s.instance.family.kind == "judgement" and not (just_said and common is None):
            # (a congruence's angles said just before are said again beside the side the triangles share: "(as AB
            # is common)" alone reads as the whole reason)
            medians = re.match(r"(Since|since) the medians (\S+) and (\S+) of triangle (\S+) meet at (\S+), (.*)$",
                               part) if s.instance.family.key == "centroid_of_triangle_judgment_intersection" else None
            if unsaid:  # (its equal sides beside its name, after
                iso = f" (as {and_list(shown)})"  # the reason cited before it: "the isosceles triangle BCD (as BC =
            elif medians is not None:  # the midpoints first, as the medians' reason (teacher 35's fg 9: "(as VZ =
                # UV and TU = ST)" after the centroid they make)
                part = (f"{medians[1]} {and_list(shown)}, {medians[2]} and {medians[3]} are medians of triangle "
                        f"{medians[4]}, and as they meet at {medians[5]}, {medians[6]}")
            else:  # BD), it is also …", never after the claim they make true)
                part += f" (as {and_list(shown)})"
        cited[:0] = self._height_feet(s)
        since = re.match(r"Since ([^,()]+), ", part)
        judged = re.match(r"Since [^,]*, it is an? [a-z]+, whose ", part)  # (its since: the shape's premises alone)
        if cited and since and " and " not in since[1] and not judged:  # the reason before its claim, in the clause that gives it:
            # "Since angle CBD = 90° and BA is perpendicular to the hypotenuse CD, …", never "… (as angle CBD = 90°)"
            part = self._right_named(f"Since {and_list(cited)} and {since[1]}, {part[since.end():]}")
        elif cited:  # after the right triangle it makes one where the sentence names it, else at the end; none where
            # the sentence says the perpendicular itself (never "the arcs add up to 360° (as angle BGO = 90°)")
            at = re.search(r"\bright triangle [A-Z]{3}\b", part) or (judged and re.search(r"\bheight [A-Z]{2}\b", part))
            cite = f" (as {and_list(cited)})"
            stacked = part[at.end():].startswith(" (") if at else part.endswith(")")
            if stacked and part.startswith("By "):  # (a bracket of its own where the cite would go: the reason
                part = f"Since {and_list(cited)}, b{part[1:]}"  # first, never two brackets stacked, teacher 29's gen 9)
            else:
                part = f"{part[:at.end()]}{cite}{part[at.end():]}" if at else part + cite
        if iso:
            at = re.search(r"\bisosceles triangle [A-Z]{3}\b(?! \()", part)
            part = f"{part[:at.end()]}{iso}{part[at.end():]}" if at else part + iso
        if lead:
            part = f"{_cap(_tie_sentence(lead))} {part}"
        part = self._given_right_tied(s, self._right_named(part))
        derived, self._ratio_lead = getattr(self, "_ratio_lead", ""), ""
        if derived:  # (the SAS premise derived from the similarity that gives it, in a sentence of its own)
            part = f"{derived} {part}"
        return self._ratio_one(part)

    def _ratio_one(self, part: str) -> str:
        """``similar by SAS (as BC/AB = CO/AO and …)`` where BC = AB and CO = AO were said: the ratio is 1, and the
        triangles are congruent by SAS, the equal sides named (blind teacher 28: "similar by SAS" for two
        triangles a student sees are congruent)."""
        m = _SAS_RATIO.search(part)
        if m is None:
            return part
        if not all(_key(element_symbol("length", tuple(a)) - element_symbol("length", tuple(b))) in self.stated
                   for a, b in ((m[1], m[2]), (m[3], m[4]))):
            return part
        return f"{part[:m.start()]}are congruent by SAS (as {m[1]} = {m[2]}, {m[3]} = {m[4]}{m[5]}{part[m.end():]}"

    def _common_side(self, s) -> tuple[sympy.Symbol, str] | None:
        """An AA similarity whose equation has on both sides one segment that corresponds to itself (triangles ABD
        and BAE, the side AB): the triangles are congruent, by ASA where that side joins the two angles' vertices,
        else by AAS; (the side, the criterion), or None (blind teacher 26: "similar by AA …, AE/BD = 1")."""
        inst = s.instance
        if inst.family.key not in _SIMILAR_RATIOS or not inst.text.endswith("similar by AA") or len(inst.names) < 2:
            return None
        p, q = inst.names[0], inst.names[1]
        fwd = dict(zip(p, q))

        def sides(e: sympy.Expr) -> set:  # (the area's ratio is the sides' squared: AC²·area ABC = AC²·area CEA)
            return {x.base if x.is_Pow else x for x in sympy.Mul.make_args(e)}
        common = [x for x in sides(s.lhs) & sides(s.rhs) if x.is_Symbol
                  and (el := element_of(x)) is not None and el.kind.key == "length" and set(el.points) <= set(p)
                  and {fwd[c] for c in el.points} == set(el.points)]
        if len(common) != 1:
            return None
        verts = set()
        for a, b in getattr(inst, "premises", ()):
            ea, eb = (element_of(x) if getattr(x, "is_Symbol", False) else None for x in (a, b))
            if ea is None or eb is None or ea.kind.key != "angle" or eb.kind.key != "angle":
                return None
            va, vb = ea.points[1], eb.points[1]
            verts |= {va} if fwd.get(va) == vb else {vb} if fwd.get(vb) == va else set()
        return common[0], "ASA" if verts == set(element_of(common[0]).points) else "AAS"

    def _height_right_angle(self, s, e: sympy.Expr, v, text: str) -> bool:
        """Is ``e = v`` the right angle that makes a segment an area formula's height, found by an earlier step and
        not on the line just before?  Said with the formula ("… with the base BD and the height AO (as angle AOB =
        90°)"): a blind teacher marked down a height used without its reason."""
        if v != 90 or not e.is_Symbol or "height {" not in s.instance.family.sentence or _named_in(e, text):
            return False
        el = element_of(e)
        if el is None or el.kind.key != "angle":
            return False
        last = [x for x in self.lines if x][-1:]  # (a step that said nothing leaves an empty line)
        words = self.restated_words.get(e)  # (or said as the given perpendicular it is)
        return not (last and (self.said(e, v) in last[0] or (words is not None and words in last[0])))

    def _height_feet(self, s) -> list[str]:
        """Where an area formula's height ends off its shape's vertices: on which side it lies, as the problem's
        lines order it (``E lies on AD extended``): what makes BE the height onto AD (blind teacher 27 fg 6, fg 12:
        "(as DE is perpendicular to BE)" without E on line AD)."""
        names = s.instance.names
        if "height {" not in s.instance.family.sentence or len(names) < 3 or len(names[2]) != 2:
            return []
        shape = names[0]
        if not (len(shape) >= 3 and shape.isalpha() and shape.isupper()):
            return []
        sides = [(shape[i], shape[(i + 1) % len(shape)]) for i in range(len(shape))]
        out = []
        for p in names[2]:
            if p in shape:
                continue
            for a, b in sorted(sides, key=lambda ab: set(ab) != set(names[1])):  # (the base's side first)
                if any({p, a, b} <= set(ln) for ln in getattr(self.proof, "orders", ())):
                    on = min((self._on(p, a, b), self._on(p, b, a)), key=lambda w: " line " in w)
                    if {a, b} != set(names[1]) or not on.endswith(f"on {a}{b}") and not on.endswith(f"on {b}{a}"):
                        out.append(on)  # (a foot between the base's own ends goes without saying)
                    break
        return out

    def _premises_just_said(self, s) -> set:
        """A criterion's premises that are equal angles the lines just before state, one line each at most and one
        more (``angle PQR = angle SRT and angle QPT = angle RTS (corresponding angles).``): said there, they keep the
        names they were said by, and where they are all its premises its sentence names them no more (teacher
        18: "(as angle PQR = angle SRT and angle QPT = angle RTS)" repeating the line before)."""
        premises = getattr(s.instance, "premises", ())
        # (a step that said nothing has an empty line; one between them may say another fact)
        before = " ".join([x for x in self.lines if x][-len(premises) - 1:]) if premises else ""
        out = set()
        for a, b in premises:
            if a == b or not all(x.is_Symbol for x in (a, b)) or any(
                    (el := element_of(x)) is None or el.kind.key != "angle" for x in (a, b)):
                continue
            if self.eq(a, b) in before or self.eq(b, a) in before:
                out.add((a, b))
        return out

    def _recent_by_triangles(self, s, recent: set) -> None:
        """The criterion's angle premises said on the lines just before, named there by the triangles' own points
        (``angle TZW = angle WXY (corresponding angles)`` before triangles WZT and WXY, never "angle YXZ" through Z
        on XW: blind teacher 26), so that the criterion cites them as said."""
        ours = self._criterion_angles(s, set())
        mine = {x for a, b in recent for x in (a, b)}
        k = len(getattr(s.instance, "premises", ())) + 1
        at = [i for i, x in enumerate(self.lines) if x][-k:]
        for x, new in ours.items():
            if x not in mine:
                continue
            old = self.n.name(x)
            shown = "angle " + "".join(element_of(new).points)
            if old == shown or not old.startswith("angle "):
                continue
            for i in at:  # (and in "the corresponding angles TZW and YXZ are equal")
                self.lines[i] = re.sub(rf"\b{old.removeprefix('angle ')}\b", shown.removeprefix("angle "),
                                       self.lines[i])
            self.n.local = {**self.n.local, x: new}

    def _criterion_angles(self, s, recent: set) -> dict:
        """The angles of a similarity's or congruence's premises, each named by the points of the one triangle of
        the two that has its vertex (``angle ACD`` of triangle ACD, where the problem calls it ``angle ACB``, B
        beyond D on CD): the name under which the stated pair is the triangles' corresponding angles."""
        tris = [n for n in s.instance.names[:2] if len(n) == 3]
        out: dict = {}
        for a, b in getattr(s.instance, "premises", ()):
            if (a, b) in recent:  # (said just before: by the names it was said with)
                continue
            pair = sympy.sympify(a - b).free_symbols
            for x in sympy.sympify(a - b).free_symbols:
                el = element_of(x)
                if el is None or el.kind.key != "angle":
                    continue
                v = el.points[1]
                home = [t for t in tris if v in t]
                if len(tris) == 2 and len(home) == 2:  # (a vertex both triangles have: the one whose corner
                    # corresponds to the other angle's, BMC ~ BCA with angle BMC = angle PCQ: C of BCA, teacher 39's
                    # fg 18, never "angle PCQ" outside both triangles)
                    other = [element_of(y).points[1] for y in pair
                             if y != x and element_of(y) is not None and element_of(y).kind.key == "angle"]
                    home = [t for t, u in (tris, tris[::-1]) if len(other) == 1 and other[0] in u
                            and t.index(v) == u.index(other[0])]
                if len(tris) != 2 or len(home) != 1:
                    continue
                ends = [p for p in home[0] if p != v]
                shown = element_of(self.n.display.get(x) or self.n.local.get(x, x)).points
                if set(shown) != {*ends, v}:
                    out[x] = element_symbol("angle", (ends[0], v, ends[1]))
        return out

    def _rule_once(self, s, text: str) -> str:
        """A theorem's general rule named at its first use only (teacher 17: "Since the area of a circle is πr²"
        twice, "it is a diameter, twice the radius" three times): a later instance of the family says its own
        clauses (``since AB passes through the centre of circle F, it is a diameter``), or, where the whole
        sentence is the rule, only ``so``."""
        family = s.instance.family
        rule = _rule(family.sentence)
        # (a rule worded round its instance: "since the area of the right triangle ABC is half the product of its
        # legs"; said once, then referred back to where used again at once: blind teacher 36, written out twice)
        worded = not rule and family.sentence.startswith("since the ") and ", " not in family.sentence
        last, self._last_family = getattr(self, "_last_family", None), (family.key, len(self.lines))
        if not (rule or worded) or family.key in ("given", "relation"):
            return text
        if family.key not in self.rules:
            self.rules[family.key] = len(self.lines)
            return text
        if rule == family.sentence:  # (in the same step it is said once with both: "…, X = 1 and Y = 2")
            return text if self.rules[family.key] == len(self.lines) else "so"
        if worded:  # (the sentence just before in the same line is the family's: "Similarly" refers to it alone)
            return "similarly" if last == (family.key, len(self.lines)) else text
        return text.removesuffix(rule) if text.endswith(rule) else text

    def _arc_order(self, s, part: str) -> str:
        """Why a point lies on the arc it is said to: the order of the points round the circle that the given
        turns fix, said as a textbook would (``turn`` is the DSL's word, never the reader's): `` (as N, M, Q and P
        lie clockwise round the circle in that order)``; "" where the figure's order is not known or no given
        turn fixes it."""
        m = re.search(r"\b([A-Z]) lies on (?:major |minor )?arc ([A-Z]{2,3})\b", part)
        order = (getattr(self.proof, "rounds", None) or {}).get(s.instance.names[0][0]) if m else None
        if not order:
            return ""
        named = set(m[1]) | set(m[2])
        if not named <= set(order) or len(named) < 3:
            return ""
        turns = [(cw, ch) for cw, ch in getattr(self.proof, "turns", ()) if len(ch) == 3 and set(ch) <= named]
        clockwise = turns[0][0] if turns else True
        ring = [p for p in order if p in named]
        if not clockwise:
            ring = ring[::-1]
        start = turns[0][1][0] if turns else m[2][0]
        ring = ring[ring.index(start):] + ring[:ring.index(start)]
        way = "clockwise" if clockwise else "counterclockwise"
        cited = [ch for cw, ch in turns if cw == clockwise]
        if not cited:  # (an order no given turn fixes is the figure's, or a stated 'on major arc': no reason here)
            return ""
        return f" (as {and_list(ring)} lie {way} round the circle in that order)"

    def _equal_sides_unsaid(self, s, e: sympy.Expr, v) -> bool:
        """Are the equal sides that make a triangle isosceles a premise no sentence wrote as one equation (``BD =
        25`` and ``BC = 25`` in two sentences, teacher 34's gen 14: "the isosceles triangle BCD" with no word of BD
        = BC)?  Then the sentence that calls it isosceles says them."""
        if v != 0 or "isosceles triangle {" not in s.instance.family.sentence:
            return False
        sides = [x for x in e.free_symbols if (el := element_of(x)) is not None and el.kind.key == "length"]
        if len(sides) != 2 or len(e.free_symbols) != 2:
            return False
        shape = set(s.instance.names[0]) if s.instance.names else set()
        given = {_key(q.lhs - q.rhs) for st in self.proof.steps for q, _ in st.equations
                 if q.instance.family.key == "given"}
        if not all(set(element_of(x).points) <= shape for x in sides) \
                or _key(e) in given | {_key(x) for x in getattr(self.proof, "marked", ())}:
            return False  # (a median's halves, the sentence's own; the question's isosceles triangle, as named)
        a, b = (self.n.name(x) for x in sides)
        # (not "Since BC = 25 = BD, BC = BD.", which the tidying leaves out as said by its values)
        return not any(re.search(rf"\b{x} = (?:[A-Z]{{2}} = )*{y}\b", said) and not _COMPARED.match(said)
                       for said in sentences(self.lines) for x, y in ((a, b), (b, a)))

    def _rectangle_corners(self, s, part: str) -> str:
        """A quadrilateral's right angles named by its own corners, the three the judgement rests on (``since the
        angles FCG, CFE and CGE of CFEG are right angles``), never "the angles of CFEG are right angles" as if all
        four were shown (blind teacher 38's gen 12: "it is a rectangle" before its angles are established)."""
        quad = s.instance.names[0] if s.instance.names else ""
        if len(quad) != 4 or f"the angles of {quad} are right angles" not in part:
            return part
        corners, ties = [], []
        for a, b in getattr(s.instance, "premises", ()):
            for x in sympy.sympify(a - b).free_symbols:
                el = element_of(x)
                if el is None or el.kind.key != "angle" or el.points[1] not in quad:
                    continue
                v = el.points[1]
                i = quad.index(v)
                own = f"{quad[i - 1]}{v}{quad[(i + 1) % 4]}"
                printed = self.n.name(x).removeprefix("angle ")
                if len(printed) == 3 and printed[1] == v and set(printed) == set(own):
                    corners.append(printed)  # (as the proof names it: "angle CGE", never "EGC")
                    continue
                pairs = [(p, q) for p in (own[0], own[2]) for q in (printed[0], printed[2])
                         if p == q or self._same_ray(p, v, q)] if len(printed) == 3 and printed[1] == v else []
                if len(pairs) != 2 or len({p for p, _ in pairs}) != 2:
                    return part
                corners.append(own)  # (the corner by the shape's points, tied to the name the proof found it by)
                if x not in self._tied:
                    self._tied.add(x)
                    ties.append(f"angle {own} = angle {printed}, as "
                                f"{and_list([self._on(p, v, q) for p, q in pairs if p != q])}")
        corners = list(dict.fromkeys(corners))
        if len(corners) != 3:
            return part
        tie = f" ({'; '.join(ties)})" if ties else ""
        return part.replace(f"the angles of {quad} are right angles",
                            f"the angles {and_list(corners)} of {quad} are right angles{tie}", 1)

    def _exterior_arms(self, part: str) -> str:
        """An exterior angle named through a point on an arm toward the triangle (``the exterior angle AGF of
        triangle CBG``, F on GC), with that point's place: ``(as F lies on GC)``, what makes it the triangle's
        exterior angle AGC (teacher 35's fg 10)."""
        m = re.search(r"\bexterior angle ([A-Z])([A-Z])([A-Z]) of triangle ([A-Z]{3})\b(?! \()", part)
        if m is None or m[2] not in m[4]:
            return part
        v, shape = m[2], m[4]
        where = [self._on(p, v, q) for p in (m[1], m[3]) if p not in shape
                 for q in shape if q != v and self._same_ray(p, v, q)]
        return f"{part[:m.end()]} (as {and_list(where)}){part[m.end():]}" if where else part

    def _inscribed_arc(self, s, part: str) -> str:
        """The arc an inscribed angle stands on named as the arc away from its vertex: through a point of the
        circle on it where one lies there (``stands on arc ADB``, never ``arc AB`` that a reader may take through
        the vertex, teacher 34's gen 23), and a major arc with its reason (``the inscribed angle BAC is obtuse, it
        stands on major arc BC``, or ``A lies on the minor arc BC``, where the angle's value is not known yet)."""
        names = s.instance.names
        try:
            vertex, (o, a, b) = split_points(names[0])[1], split_points(names[1])
        except (IndexError, ValueError):
            return part
        m = re.search(rf"stands on (major )?arc ({re.escape(a)}|{re.escape(b)})([A-Z][0-9']*)?"
                      rf"({re.escape(b)}|{re.escape(a)})\b", part)
        if m is None or {m[2], m[4]} != {a, b}:
            return part
        if m[1] is None and m[3] is None:  # (a minor arc by its ends: through a point on it, away from the vertex)
            order = list((getattr(self.proof, "rounds", None) or {}).get(o, ()))
            if not {a, b, vertex} <= set(order):
                return part
            i, j = order.index(m[2]), order.index(m[4])
            ring = order[i + 1:] + order[:i]  # the points after the first end, round to it again
            k = ring.index(m[4])
            away = next((arc for arc in (ring[:k], ring[k + 1:][::-1]) if vertex not in arc and arc), None)
            if away is None or j == i:
                return part
            return f"{part[:m.start()]}stands on arc {m[2]}{away[0]}{m[4]}{part[m.end():]}"
        if m[1] is None:
            return part
        angle = next((x for x in sorted(s.lhs.free_symbols | s.rhs.free_symbols, key=lambda y: y.name)
                      if (el := element_of(x)) is not None and el.kind.key == "angle"), None)
        value = {**self.known, **getattr(self, "_known_now", {})}.get(angle) if angle is not None else None
        spoken = self.n.expr(angle) if angle is not None else f"angle {names[0]}"
        obtuse = value is not None and not value.free_symbols and bool(value > 90)
        whole = re.fullmatch(r"(Since|since) the inscribed angle (\S+) (stands on major arc \S+), it is half the arc",
                             part)
        if whole is not None:
            if obtuse:
                return f"{whole[1]} the inscribed angle {whole[2]} is obtuse, it {whole[3]} and is half of it"
            return f"{whole[1]} {vertex} lies on the minor arc {a}{b}, the inscribed angle {whole[2]} {whole[3]} " \
                   "and is half of it"
        why = f"as {spoken} is obtuse" if obtuse else f"as {vertex} lies on the minor arc {a}{b}"
        return f"{part[:m.end()]} ({why}){part[m.end():]}"

    def _sector_arc(self, s) -> str:
        """Which arc a sector takes: sector OBC runs from B counterclockwise to C, and the sentence names that
        arc as a textbook does, `` on the minor arc BC`` (never the turn that picks it, which reads as a puzzle)."""
        for x in sorted((s.lhs - s.rhs).free_symbols, key=lambda y: y.name):
            el = element_of(x)
            if el is None or el.kind.key != "arc":
                continue
            _, a, b = el.points
            if self.known.get(x) == 180:  # (a half circle is neither arc's minor one: no arc said, teacher 20's fg 12)
                return ""
            name = self.n.arcs.get(x, (f"minor arc {a}{b}",))[0]
            if not name.startswith(("major ", "minor ")):
                name = f"minor {name}"
            return f" on the {name}"
        return ""

    def _parallel_carried(self, part: str) -> str:
        """A parallel the problem gives only through a third segment (EF ∥ BC, and BC ∥ AD in the square): the
        reason that says it names that given, ``FE is parallel to AD (both are parallel to BC)``."""
        sources = getattr(self.proof, "parallels", None) or {}

        def cite(m: re.Match) -> str:
            why = sources.get(frozenset((frozenset(m[1]), frozenset(m[2]))), "")
            if not why.startswith("both are parallel to "):
                return m[0]
            if m.string[m.start() - 1:m.start()] == "(" and m.string[m.end():m.end() + 1] == ")":
                return f"{m[1]} and {m[2]} are both {why.removeprefix('both are ')}"  # in a reason's own bracket: (GH and EF are both parallel to CB)
            return f"{m[0]} ({why})"
        return re.sub(r"\b([A-Z]{2}) is parallel to ([A-Z]{2})\b(?! \()", cite, part)

    def _judged_before(self, s, part: str) -> str:
        """A shape proved once (``since both pairs of opposite sides of AEDF are parallel, it is a
        parallelogram``) is named by what it is from then on: ``since AEDF is a parallelogram``."""
        m = _JUDGED.match(part)
        if m is None:
            return part
        # (said before: on a line already written, not in a sentence drafted and left out)
        said = f"since {m[1]}, it is".lower() in " ".join(self.lines).lower()
        shape = s.instance.names[0] if s.instance.names else ""
        if not said or not re.fullmatch(r"[A-Z]{3,}", shape) or shape not in m[1]:
            return part
        noun = {3: "triangle", 4: "quadrilateral"}.get(len(shape), "polygon")  # (after an adjective: equilateral)
        named = shape if m[2].startswith("a") and " " in m[2] else f"{noun} {shape}"
        return f"{part[:5]} {named} is {m[2]}{m[3]}"

    def _printed_ties(self, s) -> list[tuple[str, str]]:
        """An angle of the shape a step is about, printed through a point on one of its arms (``angle ABE`` of
        the isosceles triangle ABD, ``angle BCI`` of the trapezoid ABCD), tied to the shape's own name for it
        where the step uses it: ``angle ABE is angle ABD, as E lies on BD``."""
        fam, names = s.instance.family.key, s.instance.names
        if fam == "isosceles_triangle_property_line_coincidence" and len(names) == 2:
            return self._apex_ties(s)
        # (a shape's relation between two of its angles, as the isosceles trapezoid's base angles; its angle of a
        # fixed size, as the equilateral triangle's 60°, is that size under any name)
        e = s.lhs - s.rhs
        m = (re.match(r"([A-Z]{3,}) is an? ", names[0]) if fam == "relation" and names and e.as_coeff_Add()[0] == 0
             else None)
        poly = names[0] if fam == "isosceles_triangle_property_base_angle" and names else m[1] if m else None
        if poly is None:
            return ""
        said = []
        # (two angles at one vertex, as the kite's diagonal halving the angle at its apex, are parts of the corner
        # there, never the corner itself: no tie to the corner's name)
        at = [el.points[1] for y in e.free_symbols if (el := element_of(y)) is not None and el.kind.key == "angle"]
        for x in sorted(e.free_symbols, key=lambda y: y.name):
            el = element_of(x)
            if el is None or el.kind.key != "angle" or x in self._tied or at.count(el.points[1]) > 1:
                continue
            printed = self.n.name(x).split()[-1]
            if len(printed) != 3 or printed[1] not in poly:
                continue
            v, k = printed[1], poly.index(printed[1])
            own = {poly[k - 1], poly[(k + 1) % len(poly)]}
            keep = [p for p in (printed[0], printed[2]) if p in own]
            extra = [p for p in (printed[0], printed[2]) if p not in poly]
            if len(keep) != 1 or len(extra) != 1:
                continue
            (missing,) = own - {keep[0]}
            self._tied.add(x)
            said.append((f"angle {printed} = angle {keep[0]}{v}{missing}", self._on(extra[0], v, missing)))
        return said

    def _apex_ties(self, s) -> list[tuple[str, str]]:
        """The apex angle's halves that the isosceles triangle's line gives, printed through a point on a side
        (``angle DAG`` of ABC's bisector AD, G on AB), tied to the triangle's own name for them: ``since G lies on
        AB, angle DAG = angle DAB`` (teacher 34's gen 15: "hence angle CAD = angle DAG" with no word of G)."""
        shape, line = s.instance.names
        v = line[0]
        if v not in shape:
            return []
        said = []
        for x in sorted((s.lhs - s.rhs).free_symbols, key=lambda y: y.name):
            el = element_of(x)
            printed = self.n.name(x).split()[-1] if el is not None and el.kind.key == "angle" else ""
            if len(printed) != 3 or printed[1] != v or x in self._tied:
                continue
            for k in (0, 2):
                p = printed[k]
                if p in shape or p in line:
                    continue
                own = [q for q in shape if q != v and self._same_ray(p, v, q)]
                mine = printed[:k] + own[0] + printed[k + 1:] if len(own) == 1 else ""
                # (said once: a line written, never a draft of this step left out, which this check reads past)
                if mine and not any(f"angle {printed} = angle {mine}" in line for line in self.lines):
                    said.append((f"angle {printed} = angle {mine}", self._on(p, v, own[0])))
        return said

    def _right_named(self, part: str) -> str:
        """A right triangle named as the right angle its reason cites is, the right angle's vertex in the
        middle (``the right triangle XZY`` beside ``angle XZY = 90°``), never a turn of it (teacher 23: "triangle
        ZYX")."""
        for m in re.finditer(r"\bangle ([A-Z])([A-Z])([A-Z]) = 90°", part):
            angle = m[1] + m[2] + m[3]
            for t in set(re.findall(r"\bright triangle ([A-Z]{3})\b", part)):
                if set(t) == set(angle) and t != angle:
                    part = re.sub(rf"\btriangle {t}\b", f"triangle {angle}", part)
        # (else by the right angle the proof knows: "the right triangle ACB" where angle ACB = 90°, never "BAC";
        # or the perpendicular the sentence says: "ON is perpendicular to MN" puts N in the middle; teacher 26)
        named = set(re.findall(r"\bright triangle ([A-Z]{3})\b", part))
        named |= {t for m in re.findall(r"\bright triangles ([A-Z]{3}) and ([A-Z]{3})\b", part) for t in m}
        for t in named:
            ends = [(m[1], m[2], m[3], m[4]) for m in re.finditer(
                r"\b([A-Z])([A-Z]) is perpendicular to (?:the hypotenuse )?([A-Z])([A-Z])\b", part)]
            at = {v for a, b, c, d in ends for v in {a, b} & {c, d} if {a, b, c, d} == set(t)}
            right = [x for x, v in self.known.items() if v == 90 and x.is_Symbol
                     and (el := element_of(x)) is not None and el.kind.key == "angle"
                     and set(t) in (set(el.points), set(self.n.name(x).removeprefix("angle ")))]
            at |= {element_of(x).points[1] for x in right}
            if len(at) != 1:
                continue
            v, = at
            said = [n for x in right if len(n := self.n.name(x).removeprefix("angle ")) == 3 and n[1] == v
                    and set(n) == set(t)]  # (never a name through other points of its arms: BAC for FAH)
            if said and said[0] != t:  # (as the proof names its right angle: "angle XZY")
                part = re.sub(rf"\b(triangles? (?:[A-Z]{{3}} and )?){t}\b", rf"\g<1>{said[0]}", part)
                continue
            if t[1] != v:
                rest = [c for c in t if c != v]
                part = re.sub(rf"\b(triangles? (?:[A-Z]{{3}} and )?){t}\b", rf"\g<1>{rest[0]}{v}{rest[1]}", part)
                t = f"{rest[0]}{v}{rest[1]}"
            part = self._right_tied(part, t, right)
        return part

    def _right_tied(self, part: str, t: str, right: list) -> str:
        """The right angle of a right triangle whose proof found it under another name (angle BAC = 90°, the
        triangle FAH with F on AB and H on AC), tied where the triangle is named: ``In the right triangle FAH
        (angle FAH = angle BAC = 90°, as F lies on AB and H lies on AC)`` (blind teacher 33's gen 18: "In the
        right triangle BAC, AH/FH = sin(angle AFH)", the ratio of another triangle)."""
        v = t[1]
        for x in right:
            printed = self.n.name(x).removeprefix("angle ")
            if len(printed) != 3 or printed[1] != v or set(printed) == set(t) or x in self._tied:
                continue
            if f"angle {t} = 90°" in part or f"angle {t[::-1]} = 90°" in part:
                return part
            pairs = [(p, q) for p in (t[0], t[2]) for q in (printed[0], printed[2])
                     if p == q or self._same_ray(p, v, q)]
            if len(pairs) != 2 or len({p for p, _ in pairs}) != 2:
                continue
            where = [self._on(p, v, q) for p, q in pairs if p != q]
            self._tied.add(x)
            tie = f" (angle {t} = angle {printed} = 90°, as {and_list(where)})"
            return re.sub(rf"\bright triangle {t}\b(?! \()", lambda m: m[0] + tie, part, count=1)
        return part

    def _given_right_tied(self, s, part: str) -> str:
        """The question's right triangle's right angle, where the sentence names another right triangle on it
        (teacher 34's gen 9: "By Pythagoras in the right triangle BCD" of "ABC right at C", with no word of D on
        CA), tied with the points that make it the same angle: ``the right triangle BCD (its angle at C is the
        right angle of triangle ABC, as D lies on CA)``."""
        m = re.search(r"\bright triangle ([A-Z]{3})\b(?! \()", part)
        if m is None:
            return part
        t = m[1]
        for a, b in getattr(s.instance, "premises", ()):
            given = self._right_given().get(a) if b == 90 else None
            if given is None or set(t) == set(given[0]) or t[1] != given[1]:
                continue
            (shape, v), ends = given, [c for c in given[0] if c != given[1]]
            pairs = [(p, q) for p in (t[0], t[2]) for q in ends if p == q or self._same_ray(p, v, q)]
            if len(pairs) != 2 or len({p for p, _ in pairs}) != 2 or len({q for _, q in pairs}) != 2:
                continue
            where = [self._on(p, v, q) for p, q in pairs if p != q]
            tie = f" (its angle at {v} is the right angle of triangle {shape}, as {and_list(where)})"
            return f"{part[:m.end()]}{tie}{part[m.end():]}"
        return part

    def _right_given(self) -> dict:
        """Each right angle a right triangle of the question gives -> that triangle and its vertex (``("ABC",
        "C")``), read off the relation's own sentence."""
        if not hasattr(self, "_rights"):
            self._rights = {}
            for st in self.proof.steps:
                for q, _ in st.equations:
                    m = re.fullmatch(r"since ([A-Z]{3}) is a right triangle with the right angle at ([A-Z])",
                                     q.instance.text) if q.instance.family.key == "relation" else None
                    if m is not None and q.lhs.is_Symbol and q.rhs == 90 and m[2] in m[1]:
                        self._rights.setdefault(q.lhs, (m[1], m[2]))
        return self._rights

    def _same_ray(self, p: str, a: str, b: str) -> bool:
        """Do ``p`` and ``b`` lie on one ray from ``a``, as a line of the problem orders them?"""
        for ln in getattr(self.proof, "orders", ()):
            if {p, a, b} <= set(ln):
                i, j, k = ln.index(a), ln.index(b), ln.index(p)
                return (j - i) * (k - i) > 0
        return False

    def _ray_inside(self, s) -> str:
        """Where the middle ray of an angle addition lies, where the problem's lines do not show it (``(as ray BC
        lies inside angle ABO)``, teacher 18: O beyond BC only because angle A is obtuse, which the figure decides
        and the reason never said); "" where a line of the problem holds a point of it between the whole angle's
        arms (D on AC: ray BD lies inside angle ABC, as the line shows)."""
        names = s.instance.names
        if len(names) != 3 or not s.rhs.is_Symbol:
            return ""
        o, (_, b), (a, _, c) = names[0], split_points(names[1]), split_points(names[2])
        if self._between_arms(o, a, b, c):
            return ""
        whole = self.wrap(self.n.name(s.rhs))
        # (and why, where the whole and a part are known: the part the smaller, blind teacher 36 gen 17: "(as ray BO
        # lies inside angle CBD)" asserted, where 10° < 25° says it)
        found = {**self.known, **(getattr(self, "_known_now", None) or {})}
        w = found.get(s.rhs)
        for x in sorted(s.lhs.free_symbols, key=lambda y: y.name) if w is not None else ():
            v = found.get(x)
            if v is not None and v.is_number and w.is_number and 0 < v < w:
                return (f" (ray {o}{b} lies inside {whole}, as {self.wrap(self.n.name(x))} = {self.n.number(v, True)} < "
                        f"{self.n.number(w, True)})")
        return f" (as ray {o}{b} lies inside {whole})"

    def _between_arms(self, o: str, a: str, b: str, c: str) -> bool:
        """Does a line of the problem hold a point of ray ``ob`` between a point of ray ``oa`` and one of ray
        ``oc``?"""
        def ray(end: str) -> set:
            return {end} | {p for ln in getattr(self.proof, "orders", ()) for p in ln
                            if p not in (o, end) and self._same_ray(p, o, end)}
        ends, mids, others = ray(a), ray(b), ray(c)
        for ln in getattr(self.proof, "orders", ()):
            at = {p: i for i, p in enumerate(ln)}
            if any(min(at[x], at[y]) < at[m] < max(at[x], at[y]) for m in mids & at.keys()
                   for x in ends & at.keys() for y in others & at.keys()):
                return True
        return False

    def _on(self, p: str, a: str, b: str) -> str:
        """Where ``p`` lies on the ray from ``a`` through ``b``, as the problem's line orders it: ``F lies on
        CA`` between them, ``F lies on CA extended`` beyond ``b``; ``on line CA`` where no order says."""
        for ln in getattr(self.proof, "orders", ()):
            if {p, a, b} <= set(ln):
                i, j, k = ln.index(a), ln.index(b), ln.index(p)
                if min(i, j) < k < max(i, j):
                    return f"{p} lies on {a}{b}"
                if (k - j) * (j - i) > 0:
                    return f"{p} lies on {a}{b} extended"
        return f"{p} lies on line {a}{b}"

    def _linked(self, s) -> list[tuple[str, str]]:
        """An angle the problem names through another point, tied to the triangle's own name for it
        where a triangle's theorem first uses it: ``by the angle sum of triangle CDA (its angle CDA is
        angle CDE: A is on line DE)``."""
        names, exterior = s.instance.names, s.instance.family.key == _EXTERIOR
        tri = (names[1] if exterior else names[0]) if len(names) > exterior else ""
        if len(tri) != 3:
            return ""
        exprs = [s.lhs, s.rhs, *(x for pair in getattr(s.instance, "premises", ()) for x in pair)]
        said = []
        for x in sorted({y for e in exprs for y in sympy.sympify(e).free_symbols}, key=lambda y: y.name):
            el = element_of(x)
            if el is None or el.kind.key != "angle" or x in self._tied:
                continue
            # (an angle printed under a name a step gave it before, not only the problem's: angle ACB of the
            # triangle DBC is its angle DCB as A lies on CD, said where the triangle's theorem uses it)
            shown = element_of(self.n.display.get(x) or self.n.local.get(x, x))
            v = shown.points[1]
            if shown.kind.key != "angle" or v not in tri or exterior and v == names[0][1]:
                continue  # (the exterior angle itself is no angle of the triangle)
            own = [p for p in tri if p != v]
            extra = [p for p in shown.points if p not in tri]
            missing = [p for p in own if p not in shown.points]
            if len(extra) != 1 or len(missing) != 1 or x not in self.n.display and not self._same_ray(
                    missing[0], v, extra[0]):
                continue
            self._tied.add(x)
            said.append((f"angle {own[0]}{v}{own[1]} = angle {''.join(shown.points)}",
                         self._on(missing[0], v, extra[0])))
        return said

    def _polygon_linked(self, s) -> list[tuple[str, str]]:
        """An angle of the shape a theorem's sentence names (the cyclic quadrilateral ABDC), printed through points on
        both its arms (angle FBO), tied to the shape's own name where first used: ``since F lies on BA and O lies on
        BD, angle FBO = angle ABD`` (blind teacher 27 gen 1: the angle renamed through two collinearities unsaid)."""
        names, text = s.instance.names, s.instance.text or ""
        shape = names[0] if names else ""
        if not (3 <= len(shape) == len(set(shape)) and shape.isalpha() and shape.isupper()
                and re.search(rf"\b{shape}\b", text)):
            return []
        said = []
        for x in sorted((s.lhs - s.rhs).free_symbols, key=lambda y: y.name):
            el = element_of(x)
            if el is None or el.kind.key != "angle" or x in self._tied:
                continue
            shown = element_of(self.n.display.get(x) or self.n.local.get(x, x))
            if shown is None or shown.kind.key != "angle" or shown.points[1] not in shape:
                continue
            a, v, b = shown.points
            i = shape.index(v)
            own = (shape[i - 1], shape[(i + 1) % len(shape)])
            if {a, b} == set(own):
                continue
            pairs = []
            for p in (a, b):  # each arm's point paired with the shape's neighbour on the same ray from v
                q = p if p in own else next((o for o in own if self._same_ray(p, v, o)), None)
                if q is None:
                    break
                pairs.append((p, q))
            if len(pairs) != 2 or pairs[0][1] == pairs[1][1]:
                continue
            self._tied.add(x)
            where = []
            for p, q in pairs:
                if p != q:
                    on = self._on(p, v, q)
                    where.append(on if on.endswith(f"on {v}{q}") else self._on(q, v, p))
            said.append((f"angle {a}{v}{b} = angle {pairs[0][1]}{v}{pairs[1][1]}", and_list(where)))
        return said

    def _as_printed(self, s, part: str) -> str:
        """The angles a sentence names (``the alternate angles IDH and BEC``) by the names its equation
        prints them with (``angle HDI``, the goal's name), so that the reader meets one name per angle."""
        atoms = [x for x in (s.lhs - s.rhs).free_symbols if (el := element_of(x)) is not None
                 and el.kind.key == "angle"]
        for name in s.instance.names:
            if len(name) != 3 or not _angle_named(name, part):
                continue
            at = [x for x in atoms if element_of(x).points[1] == name[1]]
            if len(at) == 1:
                printed = self.n.name(at[0]).removeprefix("angle ").removeprefix(r"\angle ")
                if len(printed) == 3 and printed[1] == name[1] and printed != name:
                    part = re.sub(rf"\b{name}\b", printed, part)
        return self._sides_as_printed(s, part)

    def _sides_as_printed(self, s, part: str) -> str:
        """A right triangle's legs a sentence names (``its legs BC and BA``) by the names its equation prints, in
        the order it prints them (``its legs AB and BC, area ABC = AB·BC/2``), where both are the equation's lengths
        (blind teacher 36: the names in the order they are written)."""
        if self.n.latex:
            return part
        lengths = {frozenset(el.points): x for x in (s.lhs - s.rhs).free_symbols
                   if (el := element_of(x)) is not None and el.kind.key == "length"}
        if len(lengths) < 2:
            return part
        shown = self.eq(s.lhs, s.rhs)

        def pair(m: re.Match) -> str:
            names = [m[1], m[2]]
            if any(frozenset(n) not in lengths or len(set(n)) != 2 for n in names):
                return m[0]
            printed = [self.n.expr(lengths[frozenset(n)]) for n in names]
            at = [re.search(rf"\b{p}\b", shown) for p in printed]
            if any(len(p) != 2 for p in printed) or not all(at):
                return m[0]
            first, second = printed if at[0].start() <= at[1].start() else printed[::-1]
            return f"{first} and {second}"

        # (not a pair its words name from a point: "the tangents AW and AZ from A")
        return re.sub(r"(?<=\blegs )([A-Z]{2}) and ([A-Z]{2})\b(?! from )", pair, part)

    def _ratios(self, s) -> list[str]:
        """An SAS similarity's premise ``AB·AE = AC·AD`` as the ratios of corresponding sides with their
        values put in (``AB/AD = 6/2 = 3`` and ``AC/AE = 9/3 = 3``); where a side has no value stated, the
        ratios set equal (``SP/VQ = ST/VW``, with the value of a pair whose sides have one)."""
        sides = ratio_premise_lengths(s)
        if len(sides) != 4:
            return []
        p, q = s.instance.names[0], s.instance.names[1]
        corr = dict(zip(p, q))
        pairs = []
        for x in sides:
            pts = element_of(x).points
            if not set(pts) <= set(p):
                continue
            partner = element_symbol("length", (corr[pts[0]], corr[pts[1]]))
            if partner in sides and partner != x and x not in [y for pair in pairs for y in pair]:
                pairs.append((x, partner))
        if len(pairs) != 2:
            return []
        pairs.sort(key=lambda xy: xy[0].name)
        if any(x not in self.known for x in sides):
            chain = [f"{self.n.name(x)}/{self.n.name(y)}" for x, y in pairs]
            src, *rest = (getattr(self.proof, "ratio_sources", None) or {}).get(id(s), (None,))
            ties = dict(rest[1]) if len(rest) > 1 else {}
            if src is not None and ties:  # the source gives the ratio only with the ties put in: derived first
                derived = self._derived_ratio(src, ties, pairs)
                if derived is not None:
                    return derived
            whole = [(x, y) for x, y in pairs if x in self.known and y in self.known]
            if whole:
                x, y = whole[0]
                chain.append(self.n.number(sympy.simplify(self.known[x] / self.known[y])))
            why = f", {src.instance.text}" if src is not None and src.instance.text else ""  # the step that gives it
            return [self.wrap(" = ".join(chain)) + why]
        said = []
        for x, y in pairs:
            vx, vy = self.known[x], self.known[y]
            said.append(f"{self.n.name(x)}/{self.n.name(y)} = {self.n.expr(x / y, self.known)} = "
                        f"{self.n.number(sympy.simplify(vx / vy))}")
        return [self.wrap(x) for x in said]

    def _derived_ratio(self, src, ties: dict, pairs: list) -> list[str] | None:
        """An SAS premise that the pooled step ``src`` gives only with the table's ties put in, derived in a
        sentence of its own before the criterion's (``Since triangles ABC and GBH are similar by AA, AC/GH =
        AB/BG, so AC = AB·GH/BG = 2·AD·(5√2/2)/5 = √2·AD.``), the criterion then citing the ratio of the two
        sides it found (``AC/AD = BG/GH = √2``): never a similarity cited for a ratio it does not give (blind
        teacher 25: "AC/BG = AD/GH, since triangles ABC and GBH are similar by AA").  None where the ratio is
        not two unknown sides of one triangle against two known ones."""
        (x, px), (y, py) = pairs
        if x in self.known or y in self.known:
            (x, px), (y, py) = (px, x), (py, y)
        if {x, y} & self.known.keys() or not {px, py} <= self.known.keys():
            return None
        q = src.lhs - src.rhs
        for u, w, pu, pw in ((x, y, px, py), (y, x, py, px)):
            if u not in q.free_symbols or sympy.degree(q, u) != 1:
                continue
            formula = sympy.solve(q, u)
            if len(formula) != 1:
                continue
            formula = formula[0]
            # (each side put in by the tie in the sides the premise names: AB = 2·AD, never 2·BD of the table)
            back = {}
            for t in (w, u):
                lin = ties.get(t)
                if lin is not None and len(lin.free_symbols) == 1 and (f := next(iter(lin.free_symbols))) != t:
                    c = sympy.simplify(lin / f)
                    if not c.free_symbols and c != 0:
                        back.setdefault(f, t / c)
            put = formula.xreplace({a: b.xreplace(back) for a, b in ties.items() if a != u})
            value = sympy.simplify(put.xreplace(self.known))
            k = sympy.nsimplify(sympy.simplify(value / w))
            if k.free_symbols or not k.is_positive or sympy.simplify(k - self.known[pu] / self.known[pw]) != 0:
                continue
            steps = [self.n.expr(formula), self.n.expr(put, {a: v for a, v in self.known.items()
                                                             if a in put.free_symbols}), self.n.expr(k * w)]
            said = " = ".join(dict.fromkeys(steps))
            parts = [self._part(a, b) if a == b else self.eq(a, b) for a, b in getattr(src.instance, "premises", ())]
            why = f" (as {and_list(parts)})" if parts else ""
            self._ratio_lead = (f"{_cap(src.instance.text)}{why}, {self._proportion_text(src, u)}"
                                f"{self.wrap(f'{self.n.name(u)} = {said}')}.")
            ratio = f"{self.n.name(u)}/{self.n.name(w)} = {self.n.name(pu)}/{self.n.name(pw)} = {self.n.number(k)}"
            return [self.wrap(ratio)]
        return None

    def _proportion_text(self, src, u: sympy.Symbol) -> str:
        """``src``'s products (AC·BG = AB·GH) as the proportion of its triangles' sides that holds ``u`` (``AC/GH =
        AB/BG, so ``); "" where its sides are not two of each triangle."""
        names = getattr(src.instance, "names", ())
        left, right = sympy.Mul.make_args(src.lhs), sympy.Mul.make_args(src.rhs)
        if u in right:
            left, right = right, left
        if len(names) < 2 or len(left) != 2 or len(right) != 2 or u not in left:
            return ""
        mine = next((t for t in names[:2] if set(element_of(u).points) <= set(t)), None)
        if mine is None:
            return ""
        other = [t for t in right if element_of(t) is not None and not set(element_of(t).points) <= set(mine)]
        if len(other) != 1:
            return ""
        v, = other
        a, = [t for t in right if t != v]
        b, = [t for t in left if t != u]
        return self.wrap(f"{self.n.name(u)}/{self.n.name(v)} = {self.n.name(a)}/{self.n.name(b)}") + ", so "

    def _hl_parts(self, s) -> list[str]:
        """HL's parts as a textbook says them: ``the angles at M and P are right, the hypotenuse NQ is common and
        MQ = PQ`` (never "angle NMQ = angle NPQ", which hides that both are right); [] where the premises are
        not one right angle pair and two side pairs."""
        angles, sides = [], []
        for a, b in getattr(s.instance, "premises", ()):
            els = [element_of(x) if x.is_Symbol else None for x in (sympy.sympify(a), sympy.sympify(b))]
            if els[0] is None:
                continue
            if els[0].kind.key == "angle" and els[1] is not None and els[1].kind.key == "angle":
                angles.append((els[0].points[1], els[1].points[1]))
            elif els[0].kind.key == "length" and els[1] is not None and els[1].kind.key == "length":
                sides.append((a, b, els[0].points))
        if len(angles) != 1 or len(sides) != 2:
            return []
        (u, v), = angles
        hyp = [x for x in sides if u not in x[2]]
        leg = [x for x in sides if u in x[2]]
        if len(hyp) != 1 or len(leg) != 1:
            return []
        (ha, hb, _), (la, lb, _) = hyp[0], leg[0]
        right = f"the angles at {u} and {v} are right" if u != v else f"the angle at {u} is right"
        hypotenuse = (f"the hypotenuse {self.n.name(ha)} is common" if ha == hb
                      else f"the hypotenuses {self.n.name(ha)} and {self.n.name(hb)} are equal")
        side = f"{self.n.name(la)} is common" if la == lb else f"{self.n.name(la)} = {self.n.name(lb)}"
        return [right, hypotenuse, side]

    def _part(self, a: sympy.Expr, b: sympy.Expr) -> str:
        """A part two triangles share: ``angle B is common``, ``JS is common``."""
        el = element_of(a)
        return f"angle {el.points[1]} is common" if el.kind.key == "angle" else f"{self.n.name(a)} is common"

    def _ratio_read(self, pool, known, sub, target, value) -> tuple[dict, list[str]] | None:
        """A ratio asked, read off the one proportion that gives it, with the numbers put in: ``EG/CG = DF/CF =
        (3/2)/5 = 3/10``, never first solved for one of its parts (``EG = 3·CG/10. So EG/CG = 3/10``)."""
        if target.is_Symbol or len(pool) != 1 or pool[0][2] is None:
            return None
        num, den = sympy.fraction(target)
        s, e, why = pool[0]
        if not (num.is_Symbol and den.is_Symbol) or {num, den} & (known.keys() | sub.keys()):
            return None
        e = sympy.expand(e)
        a = e.coeff(num)
        if a == 0 or num in a.free_symbols or sympy.expand(e - a * num).has(num):
            return None
        ratio = sympy.simplify(-(e - a * num) / (a * den))  # num/den by the proportion, den cancelled
        top, bottom = sympy.fraction(ratio)
        if top.is_Symbol and bottom.is_Symbol and {top, bottom} <= known.keys():
            shown = _over(self.n, known[top], known[bottom])
        elif ratio.free_symbols and ratio.free_symbols <= known.keys():  # AB/BC = sin(angle ACB) = sin(60°)
            shown = self.n.expr(ratio, known)
        else:
            return None
        if not is_zero(ratio.xreplace(known) - value):
            return None
        reason = self._stated_eq(s, e, why)
        if reason is None:
            return None
        self.jumps.append(1)
        chain = [self.n.expr(target), self.n.expr(ratio), shown, self.n.number(value)]
        return {}, [f"{_cap(reason)}{_then(reason)}{self.wrap(' = '.join(dict.fromkeys(chain)))}."]

    def _trapezoid_height(self, pool, known, sub, target, value) -> tuple[dict, list[str]] | None:
        """A trapezoid's height from its four sides as a textbook finds it: the heights from the short base's
        ends cut the difference d of the bases into x and d - x, so leg² - x² = h² = other leg² - (d - x)²
        gives x, then h by Pythagoras; never the closed formula the block's equation is.  None where a foot
        falls outside the long base (the block's own equation is written then)."""
        if (self.n.latex or len(pool) != 1 or pool[0][2] is None or not target.is_Symbol
                or pool[0][0].instance.family.key != "trapezoid_property_height"):
            return None
        s, e, _ = pool[0]
        p, q, r, t = s.instance.names[0]  # bases pt and qr, legs pq and rt
        side = {frozenset(element_of(x).points): x for x in e.free_symbols
                if element_of(x) is not None and element_of(x).kind.key == "length"}
        try:
            leg, other, b1, b2 = (side[frozenset(x)] for x in (p + q, r + t, p + t, q + r))
        except KeyError:
            return None
        if not {leg, other, b1, b2} <= known.keys() or is_zero(known[b1] - known[b2]):
            return None
        big, small = (b1, b2) if known[b1] > known[b2] else (b2, b1)
        a, c, d = known[leg], known[other], known[big] - known[small]
        x = sympy.nsimplify((a ** 2 - c ** 2 + d ** 2) / (2 * d))
        if not (0 < x < d) or not is_zero(sympy.sqrt(a ** 2 - x ** 2) - value):
            return None
        near, far = (q, p) if big == b1 else (p, q)  # the short base's end on the leg pq, and the long base's
        near2, far2 = (r, t) if big == b1 else (t, r)  # (the same on the other leg, rt)
        used = {y.name for st in self.proof.steps for w, _ in st.equations for y in (w.lhs - w.rhs).free_symbols}
        u = next((n for n in ("x", "t", "u", "w") if n not in used), None)
        feet = fresh_points(self.proof, 2)
        if u is None or feet is None:
            return None
        e1, e2 = feet
        self.stated.add(_key(e))
        self._count(s)
        self.jumps.append(2)
        num, h, name = self.n.number, self.n.expr(target), self.n.expr

        def sq(v: sympy.Expr) -> str:
            return f"({num(v)})²" if not v.is_Integer else f"{num(v)}²"
        short = name(small)
        big_name, leg_name = name(big), name(leg)
        if h in self.height_intros:  # (the heights it drops are from the short base's ends: say that, not "from B")
            self.height_intros[h] = f"Let {h} be the height of {s.instance.names[0]}."
        # the feet named before they are used, as a textbook draws them ("Draw the height DE from D to AB.")
        said = (f"Draw the heights {near}{e1} and {near2}{e2} from {near} and {near2} to {big_name}, so that "
                f"{near}{e1} = {near2}{e2} = {h}, and let {u} = {far}{e1}. ")
        # one theorem a sentence, each with its numbers, then the algebra (never all of it in one sentence)
        said += (f"Since {near}{e1}{e2}{near2} is a rectangle, {e1}{e2} = {short}; hence {far2}{e2} = {big_name} - "
                 f"{e1}{e2} - {far}{e1} = {num(known[big])} - {num(known[small])} - {u} = {num(d)} - {u}. ")
        said += (f"By Pythagoras in the right triangle {leg_name}{e1}, {h}² = {leg_name}² - {u}² = "
                 f"{sq(a)} - {u}². ")
        said += (f"By Pythagoras in the right triangle {name(other)}{e2}, {h}² = {name(other)}² - "
                 f"({num(d)} - {u})² = {sq(c)} - ({num(d)} - {u})². ")
        # the two heights equated, then opened out as a sentence of its own: one "so" a sentence (blind teacher 34)
        said += (f"Equating the two, {sq(a)} - {u}² = {sq(c)} - ({num(d)} - {u})². Expanding, {num(a ** 2)} - {u}² "
                 f"= {num(c ** 2)} - {num(d ** 2)} + {num(2 * d)}{u} - {u}², so {num(2 * d)}{u} = "
                 f"{num(a ** 2 - c ** 2 + d ** 2)} and {u} = {num(x)}. ")
        said += f"Hence {h} = √({leg_name}² - {u}²) = √({sq(a)} - {sq(x)}) = {num(value)}."
        return {}, [said]

    def _height_foot(self, pool, known, sub, target, value) -> tuple[dict, list[str]] | None:
        """The part of a side the foot of a height cuts off, from the three sides, as a student finds it (blind
        teacher 34: the whole argument was one parenthesis and its expansion skipped): the two Pythagoras equations
        for the height, the other part as the side less this one, the two equated, then opened out and solved.
        None where the step is not that one rule, its three sides not all known, or in LaTeX."""
        if (self.n.latex or len(pool) != 1 or pool[0][2] is None or not target.is_Symbol
                or pool[0][0].instance.family.key != "right_triangle_property_pythagorean_difference"):
            return None
        s, e, why = pool[0]
        xyf, xzf = s.instance.names[:2]
        x, y, f, z = xyf[0], xyf[1], xyf[2], xzf[1]

        def seg(p: str, q: str) -> sympy.Symbol:
            return element_symbol("length", (p, q))
        xy, xz, yz, zf, xf, yf = (seg(*pq) for pq in ((x, y), (x, z), (y, z), (z, f), (x, f), (y, f)))
        if target != zf or not {xy, xz, yz} <= known.keys() or any(known[k].free_symbols for k in (xy, xz, yz)):
            return None
        a, b, c = known[xy], known[xz], known[yz]
        if not is_zero((a ** 2 - b ** 2 - c ** 2) / (-2 * c) - value) or not 0 < value < c:
            return None
        reason = self._stated_eq(s, e, why)
        if reason is None:
            return None
        reason = _PYTHAGORAS_PAIR.sub("", reason)
        self.jumps.append(2)
        num, name = self.n.number, self.n.expr
        t, h = name(zf), name(xf)

        def sq(v: sympy.Expr) -> str:
            return f"{num(v)}²" if v.is_Integer else f"({num(v)})²"
        pair = f"{h}² = {name(xy)}² - {name(yf)}² and {h}² = {name(xz)}² - {t}²"
        part = f"{name(yf)} = {name(yz)} - {t} = {num(c)} - {t}"
        m = re.fullmatch(r"(Since [^,;]+), by Pythagoras in the right triangles ([A-Z]{3}) and ([A-Z]{3})", reason)
        if m is not None:  # (the right angle and the foot on the side: both triangles right-angled, said once)
            said = (f"{m[1]} and {f} lies on {name(yz)}, the triangles {m[2]} and {m[3]} are right-angled at {f}, "
                    f"and {part}. By Pythagoras in them, {pair}. ")
        else:
            said = f"{_cap(reason)}, {pair}. Since {f} lies on {name(yz)}, {part}. "
        said += (f"Equating the two, {sq(a)} - ({num(c)} - {t})² = {sq(b)} - {t}². "
                f"Expanding, {num(a ** 2)} - {num(c ** 2)} + {num(2 * c)}·{t} - {t}² = {num(b ** 2)} - {t}², so "
                f"{num(2 * c)}·{t} = {num(b ** 2 - a ** 2 + c ** 2)} and {t} = {num(value)}.")
        return {}, [said]

    def _eliminate(self, pool, known, sub, target, value) -> list[str] | None:
        """The step's sentences, one unknown each; None when the equations cannot be so taken apart."""
        read = (self._ratio_read(pool, known, sub, target, value)
                or self._trapezoid_height(pool, known, sub, target, value)
                or self._height_foot(pool, known, sub, target, value))
        if read is not None:
            return read
        say: list[str] = []
        pool = list(pool)
        known = dict(known)
        self._known_now = known  # (the values said so far in this step, for a reason that rests on one)
        sub = dict(sub)

        def put(e):
            return _put_all(e, known, sub)

        def done() -> bool:
            r = put(target)
            if r.free_symbols:
                return False
            try:
                return abs(float(sympy.N(r - value))) < 1e-9 * max(1.0, abs(float(sympy.N(value))))
            except TypeError:
                return False

        pending = 0  # equations solved for an unknown in terms of others, not yet brought to a value
        last_expressed = None  # (unknown, its expression) of the last equation so solved, where no value came after
        for _ in range(len(pool) + 2):
            if done():
                break
            cands = []
            for i, (_, e, _why) in enumerate(pool):
                r = put(e)
                fs = r.free_symbols
                cands.append((len(fs), i, r))
            pool_left = [(n, i, r) for n, i, r in cands if n > 0]
            cands = [c for c in cands if c[0] > 0]
            if not cands:
                break
            one = [c for c in cands if c[0] == 1]
            picked = None
            for _, i, r in one:
                u = next(iter(r.free_symbols))
                v = self._root(pool[i][0], r, u, target, value)
                if v is not None:
                    picked = (i, r, u, v)
                    break
            if picked is not None:
                i, r, u, v = picked
                s, e, why = pool.pop(i)
                say += self._brought(e, u, known, sub)
                say.append(self._solved(s, e, why, u, v, known, sub))
                self.jumps.append(1 + pending)  # the expressions written since the last value are put in here
                pending = 0
                known[u] = v
                last_expressed = None
                continue
            # no equation with one unknown: one solved for an element the target needs, in terms of the others
            pivot = self._pivot(pool_left, put(target), pool, put)
            if pivot is not None:
                i, r, u = pivot
                c = sum((k for k, x in _linear(r)[0] if x == u), sympy.Integer(0))  # r is linear in u
                expr = [sympy.expand(u - r / c)]
                if check_assumptions(expr[0], **u.assumptions0) is False:  # as sympy.solve: a length is positive
                    return None
                s, e, why = pool.pop(i)
                sub = {k: sympy.expand(v.xreplace({u: expr[0]})) for k, v in sub.items()}
                sub[u] = sympy.expand(expr[0])
                line = self._expressed(s, e, why, u, expr[0])
                if line:
                    say.append(line)
                last_expressed = (u, expr[0]) if line else None
                pending += 1
                continue
            # else equations in the variables alone, solved together
            varonly = [(n, i, r) for n, i, r in pool_left if all(element_of(x) is None for x in r.free_symbols)]
            if varonly and len(varonly) <= MAX_SYSTEM:
                unknowns = sorted(set().union(*(r.free_symbols for _, _, r in varonly)), key=lambda s: s.name)
                if len(unknowns) < len(varonly):
                    varonly = varonly[:len(unknowns)]
                    unknowns = sorted(set().union(*(r.free_symbols for _, _, r in varonly)), key=lambda s: s.name)
                if len(unknowns) == len(varonly):
                    sol = _solve_system([r for _, _, r in varonly], unknowns)
                    if sol is not None:
                        reasons = []
                        for _, i, _r in sorted(varonly, key=lambda t: t[1]):
                            s, e, why = pool[i]
                            if why is not None and _key(e) not in self.stated:
                                why_s = self._reason(s, why)
                                reasons.append(f"{why_s}{_then(why_s)}{self.eq(s.lhs, s.rhs)}")
                                self.stated.add(_key(e))
                                self._count(s)
                        shown = and_list([self.eq(put(pool[i][0].lhs), put(pool[i][0].rhs))
                                          if getattr(pool[i][0], "row", None) is None
                                          else self.wrap(f"{self.n.expr(r)} = 0")
                                          for _, i, r in sorted(varonly, key=lambda t: t[1])])
                        found = and_list([self.eq(u, sol[u]) for u in unknowns])
                        say += [f"{x}." for x in reasons]
                        say.append(f"So {shown}; solving, {found}.")
                        self.jumps.append(len(varonly) + pending)
                        pending = 0
                        for i in sorted((i for _, i, _ in varonly), reverse=True):
                            pool.pop(i)
                        known.update(sol)
                        continue
            return None
        if not done():
            return None
        self._base = {x for v in sub.values() for x in v.free_symbols if x not in sub and x not in known}
        found = {k: v for k, v in known.items() if k not in self.known}
        if target.is_Symbol and target in known:
            return found, say
        self.jumps.append(max(1, pending))
        if target.is_Symbol and target in sub:  # angle ABX = 5y - 6 = 5·16 - 6 = 74°
            deg = _unit(target) == "degrees"
            chain = [self._goal_name(target), self.n.expr(sub[target], None, deg), self.n.expr(sub[target], known, deg),
                     self.n.number(value, deg)]
            say.append(f"So {self.wrap(' = '.join(dict.fromkeys(chain)))}.")
        elif _key(target - value) not in self.stated:  # (not when the last equation stated is the conclusion)
            said = self.said(target, value)
            if not (say and say[-1].endswith(f"{said}.")) and not _concluded(target, value, last_expressed):
                equal = self._equal_values(target, value, known, say)
                say.append(f"So {self._worked(target, value, known)}." if equal is None else equal)
        return found, say

    def _worked(self, target: sympy.Expr, value: sympy.Expr, known: dict) -> str:
        """A conclusion in several elements with their values put in: ``AB + BC = 3 + 4 = 7``, ``BE/CE =
        (13/2)/(29/2) = 13/29``; as it is where some element has no value."""
        if (target.is_Symbol or value.free_symbols or not target.free_symbols
                or any(x not in known or known[x].free_symbols for x in target.free_symbols)):
            return self.said(target, value)
        deg = _degrees(target)
        chain = [self.n.expr(target, None, deg), self.n.expr(target, known, deg), self.n.number(value, deg)]
        return self.wrap(" = ".join(dict.fromkeys(chain)))

    def _equal_values(self, target: sympy.Expr, value: sympy.Expr, known: dict, say: list[str]) -> str | None:
        """Two elements equal as their values are: ``QS = RS = 7 (given).`` where the problem gives both
        numbers (never "So QS = RS", as if it followed from the sentence before), ``Since angle MQS = 90° =
        angle NRS, angle MQS = angle NRS.`` where the proof found them; None where the conclusion is no such equality."""
        lin = _linear(target - value)
        if lin is None or lin[1] != 0 or len(lin[0]) != 2 or sorted(c for c, _ in lin[0]) != [-1, 1]:
            return None
        (_, a), (_, b) = lin[0]
        if a not in known or b not in known or known[a].free_symbols or not is_zero(known[a] - known[b]):
            return None
        deg = _unit(a) == "degrees"
        chain = self.wrap(f"{self.n.expr(a)} = {self.n.expr(b)} = {self.n.number(known[a], deg)}")
        if not say and {a, b} <= getattr(self, "_given_now", set()):
            return f"{_cap(chain)} (given)."
        # (the values it compares, named: "So GH = HI = 7" reads as if it followed from the sentence before)
        number = self.n.number(known[a], deg)
        before = say or self.lines  # (this step's sentences, else the last step's)
        new = ({x for x in (a, b) if x not in self.known and x not in getattr(self, "_given_now", ())} if say
               else self._found_last)
        for x, y in ((a, b), (b, a)):  # the sentence before found one of them: "BD = 8 - 4 = 4 = CD", said once
            clause = re.split(r", |; hence | and ", _SENTENCE.split(before[-1])[-1])[-1] if before else ""
            if (x in new and y not in new and clause.endswith(f" = {self.wrap(number)}.")
                    and clause.startswith(f"{self.wrap(self.n.expr(x))} = ") and re.search(r" [-+] |·|/", clause)):
                before[-1] = f"{before[-1][:-1]} = {self.wrap(self.n.expr(y))}."
                return ""
        return f"Since {self.wrap(f'{self.n.expr(a)} = {number} = {self.n.expr(b)}')}, {self.eq(a, b)}."

    def _brought(self, e: sympy.Expr, u: sympy.Symbol, known: dict, sub: dict) -> list[str]:
        """Each element of ``e`` (other than its unknown ``u``) that has a value only as an expression
        (angle ACB = 3x - 10 with x = 30; angle EAM = 165° - angle FMN with angle FMN found), brought to
        its value in a sentence of its own, the elements of its expression first, before the equation
        puts that value in: ``Then angle ACB = (3x - 10)° = (3·30 - 10)° = 80°.``"""
        out: list[str] = []
        if element_of(u) is None:  # solved for a variable: the equation is written in the variables
            return out
        for x in sorted(e.free_symbols, key=lambda s: s.name):
            if x != u:
                self._bring(x, known, sub, out, set())
        return out

    def _bring(self, x: sympy.Symbol, known: dict, sub: dict, out: list[str], seen: set) -> bool:
        """Bring element ``x`` to its value (see ``_brought``); True when it has one stated."""
        if x in known or element_of(x) is None:
            return x in known
        if x not in sub or x in seen:
            return False
        seen.add(x)
        if not all(self._bring(y, known, sub, out, seen) for y in sorted(sub[x].free_symbols, key=lambda s: s.name)
                   if element_of(y) is not None):
            return False
        val = sympy.expand(sub[x].xreplace(known))
        if val.free_symbols:
            return False
        deg = _unit(x) == "degrees"
        chain = [self.n.expr(x), self.n.expr(sub[x], None, deg), self.n.expr(sub[x], known, deg),
                 self.n.number(val, deg)]
        equal = next((y for y in sorted(known, key=lambda s: s.name) if element_of(y) is not None and y != x
                      and _key(x - y) in self.stated and is_zero(known[y] - val)), None)
        if equal is not None and self._given_through(x, equal):  # the question's own value: put in as a given
            known[x] = val
            self.stated.add(_key(x - val))
            self.given_names.append(self.n.expr(x, None, False))
            return True
        head = f"Then {self.n.expr(equal)} = " if equal is not None and not self.n.latex else None
        if head is not None and out and out[-1].startswith(head):  # the equal one just worked out: "Then AB = AC =
            # 2x + 4 = 2·5 + 4 = 14", never "Since AC = AB, AC = 14" restating the equation x came from (teacher 37)
            out[-1] = f"{head}{self.n.expr(x)} = {out[-1][len(head):]}"
            known[x] = val
            self.stated.add(_key(x - val))
            return True
        if equal is not None:  # LN = LO stated and LO = 7 found: "Since LN = LO, LN = 7", not LN worked from x again
            out.append(f"Since {self.eq(x, equal)}, {self.wrap(f'{self.n.expr(x)} = {self.n.number(val, deg)}')}.")
            known[x] = val
            self.stated.add(_key(x - val))
            return True
        out.append(f"Then {self.wrap(' = '.join(dict.fromkeys(chain)))}.")
        known[x] = val
        self.stated.add(_key(x - val))
        return True

    def _upward(self, pool, known, sub, target, value, base: set) -> tuple[dict, list[str]] | None:
        """The step written from the ground up: the elements the first pass left free (``base``) are
        taken as given quantities, and each equation, in turn left with one other unknown, gives it
        in their terms with everything found so far put in (``angle ADE = angle ADF/2 = 90° − angle
        BDF/2``); the relations between the base quantities then give the conclusion."""
        say: list[str] = []
        pool, known, sub = list(pool), dict(known), dict(sub)

        def put(e):  # (known and sub grow as the step is written)
            return _put_all(e, known, sub)

        said = None  # the target's expression as a sentence of the step gave it
        last = None  # (unknown, its expression) the last sentence gave, where that was the last one written
        while True:
            t = put(target)
            if not (t.free_symbols - base):
                break
            picked = None
            for i, (s, e, _why) in enumerate(pool):
                r = put(e)
                free = r.free_symbols - base
                if len(free) != 1:
                    continue
                u = next(iter(free))
                lin = _linear(r)
                if lin is None:
                    if r.free_symbols & base:
                        continue
                    v = self._root(s, r, u, target, value)
                else:
                    c = sum((k for k, x in lin[0] if x == u), sympy.Integer(0))
                    v = sympy.expand(u - r / c) if c != 0 else None
                if v is not None:
                    picked = (i, u, v)
                    break
            if picked is None:  # two unknowns tied by one equation (angle AED = angle DEG): one put for the other
                ties = [(i, r) for i, (_, e, _) in enumerate(pool) if len((r := put(e)).free_symbols - base) == 2
                        and _linear(r) is not None]
                if not ties:
                    return None
                i, r = min(ties, key=lambda t: (not _parts_ratio(t[1], [r for _, r in ties]), t[0]))  # (as _pivot)
                u = sorted(r.free_symbols - base, key=lambda x: x.name)[0]
                c = sum((k for k, x in _linear(r)[0] if x == u), sympy.Integer(0))
                s, e, why = pool.pop(i)
                sub = {k: sympy.expand(w.xreplace({u: u - r / c})) for k, w in sub.items()}
                sub[u] = sympy.expand(u - r / c)
                line = self._expressed(s, e, why, u, sub[u])
                if line:
                    say.append(line)
                    self.jumps.append(1)
                    said = sub[u] if u == target else said
                    last = (u, sub[u])
                continue
            i, u, v = picked
            s, e, why = pool.pop(i)
            brought = self._brought(e, u, known, sub)
            say += brought
            self.jumps += [1] * len(brought)
            line = self._solved(s, e, why, u, v, known, sub)
            if not (line.startswith("So ") and v.free_symbols):  # a fact said before, put in silently
                say.append(line)
                self.jumps.append(1)
                said = v if u == target and v.free_symbols else said
                last = (u, v)
            elif brought:
                last = None
            known[u] = v
        t = put(target)
        if t.free_symbols:  # the relations among the base quantities (a given sum) finish it
            used = 0
            for _s, e, _why in pool:
                r = put(e)
                if not r.free_symbols or not (r.free_symbols & t.free_symbols) or r.free_symbols - base:
                    continue
                lin = _linear(r)
                if lin is None:
                    continue
                x = next(x for _, x in lin[0] if x in t.free_symbols)
                c = sum((k for k, y in lin[0] if y == x), sympy.Integer(0))
                t = sympy.expand(t.xreplace({x: x - r / c}))
                used += 1
                if not t.free_symbols:
                    break
            if t.free_symbols:
                return None
            self.jumps.append(1 + used)
        try:
            if abs(float(sympy.N(t - value))) > 1e-9 * max(1.0, abs(float(sympy.N(value)))):
                return None
        except TypeError:
            return None
        found = {k: v for k, v in known.items() if k not in self.known and not v.free_symbols}
        if not (target.is_Symbol and target in known and not known[target].free_symbols):
            deg = _unit(target) == "degrees" if target.is_Symbol else False
            # (the base quantities' relations put in where they cancel: angle BAD = angle BAE - 2·angle ADB + 140°
            # = (2·angle ADB - 100°) - 2·angle ADB + 140° = 40°, never a bare "So angle BAD = 40°")
            shown = self._put_into(said, put, known, value, deg) if said is not None else []
            chain = [self.n.expr(target), *shown, self.n.expr(put(target), None, deg), self.n.number(value, deg)] \
                if target.is_Symbol else [self.said(target, value)]
            if target.is_Symbol or not (say and _concluded(target, value, last)):
                say.append(f"So {self.wrap(' = '.join(dict.fromkeys(chain)))}.")
        return found, say

    def _put_into(self, form: sympy.Expr, put: Callable, known: dict, value: sympy.Expr, deg: bool) -> list[str]:
        """The target's expression as the step said it, with what the later sentences found for its other
        elements put in (``angle BAE - 2·angle ADB + 140° = (2·angle ADB - 100°) - 2·angle ADB + 140°``):
        the working where the unknowns cancel, never a bare "So angle BAD = 40°" after the relations."""
        values = {x: v for x in form.free_symbols if (v := put(x)) != x}
        if not values or not values.keys() <= known.keys() or not is_zero(sympy.expand(form.xreplace(values)) - value):
            return []  # (an element whose value no sentence said, found through another's name, is not put in)
        return [self.n.expr(form, None, deg), self.n.expr(form, values, deg)]

    def _pivot(self, left, t, pool, put):
        """(pool index, reduced equation, unknown): a linear equation solved for an unknown the
        target needs (else one another equation shares), in terms of the rest."""
        need = t.free_symbols
        best = None
        for n, i, r in sorted(left):
            lin = _linear(r)
            if lin is None:
                continue
            others = set().union(*(put(e).free_symbols for j, (_, e, _) in enumerate(pool) if j != i)) \
                if len(pool) > 1 else set()
            ratio = 0 if _parts_ratio(r, [put(e) for j, (_, e, _) in enumerate(pool) if j != i]) else 1
            for _, u in lin[0]:
                if element_of(u) is None:  # variables are solved together, not expressed in each other
                    continue
                # (of two equations, the asked unknown itself is kept and the other solved in terms of it: PS = ST + 8
                # into the ratio gives ST at once, where ST = PS - 8 solves PS first and takes 8 away; a ratio of
                # the parts of a whole keeps its own reading, DE = 2·CE)
                kept = need == {u} and t.is_Symbol and len(left) == 2 and ratio
                rank = ((1.5 if kept else 0) if u in need else 1 if u in others else 2, n, ratio)
                if rank[0] < 2 and (best is None or rank < best[0]):
                    best = (rank, i, r, u)
        return None if best is None else best[1:]

    def _root(self, s, r, u, target, value):
        """The value of ``u`` from ``r = 0`` (one unknown): the deduction's, the target's, or the one root."""
        if getattr(s, "solved", None) == u and s.value is not None:
            return s.value
        if u == target:
            return value
        lin = _linear(r)
        if lin is not None and lin[0]:
            (c, _), = lin[0] if len(lin[0]) == 1 else ((None, None),)
            if c is not None:
                return sympy.nsimplify(-lin[1] / c) if False else -lin[1] / c
        return None

    def _stated_eq(self, s, e, why) -> str | None:
        """The theorem's equation with its reason, unless already stated (then None)."""
        k = _key(e)
        if why is None and s.instance.family.key == "given" and k not in self.stated:
            self.stated.add(k)  # a given relation, said where it is used: "Since AC = y, y = √33."
            return "Since " + self.eq(s.lhs, s.rhs)
        if k in self.stated or why is None:
            return None
        self.stated.add(k)
        self._count(s)
        return self.join([s.lhs, s.rhs]) + self._reason(s, why)

    def _count(self, s) -> None:
        """A theorem applied (a relation's own equation, ``angle AMC = 90°`` of ``CM ⊥ AM``, is the given restated)."""
        fam = s.instance.family.key
        if fam == "given" or (fam == "relation" and s.lhs.is_Symbol and not s.rhs.free_symbols):
            return
        self.theorems += 1

    def _spoken(self, s) -> dict:
        """The angles a theorem's sentence names (``the inscribed angles CAB and CDB``), as the atoms
        its equation holds at those vertices: its equation, and the proof from then on, say ``angle
        CDB``, not ``angle BDE``."""
        text = s.instance.text
        every = [x for x in (s.lhs - s.rhs).free_symbols if (el := element_of(x)) is not None
                 and el.kind.key == "angle"]
        atoms = [x for x in every if x not in self.n.display]
        shown = {self.n.name(x).split()[-1] for x in every if x in self.n.display}  # (a name shown stays its atom's)
        out = {}
        for x, name in _angles_named(s.instance, atoms):
            if name not in shown and x not in out:  # (the first name the sentence gives it)
                out[x] = element_symbol("angle", tuple(name))
        if s.instance.family.key == "triangle_property_angle_sum":  # (its angles are the triangle's: ACB of ABC, never
            for tri in re.findall(r"\btriangle ([A-Z]{3})\b", text)[:1]:  # BCD through D on CA, handw1's p46)
                for k, v in enumerate(tri):
                    name = (tri[1] + v + tri[2]) if k == 0 else (tri[0] + v + tri[1]) if k == 2 else tri
                    at = [x for x in atoms if element_of(x).points[1] == v]
                    # (an angle the problem names keeps its name, tied to the triangle's where the sum uses it, and
                    # one another theorem's sentence names otherwise keeps that name: the central angle BOD of a
                    # circle through D, never AOB through A off it; else the tie would link the name to itself)
                    if (len(at) == 1 and at[0] not in out and at[0] not in self._problem_named()
                            and self._sentence_names().get(at[0], set()) <= {name, name[::-1]}):
                        out[at[0]] = element_symbol("angle", tuple(name))
        return out

    def _problem_named(self) -> set:
        """The atoms the problem's givens and goal name (each keeps the problem's name)."""
        named = self.__dict__.get("_named")
        if named is None:
            named = self._named = _problem_atoms(self.proof)
        return named

    def _sentence_names(self) -> dict:
        """Each angle atom -> the names the proof's theorem sentences give it (``the central angle BOD``), read once."""
        got = self.__dict__.get("_by_sentences")
        if got is None:
            got = self._by_sentences = {}
            for st in self.proof.steps:
                for q, _ in st.equations:
                    atoms = [x for x in (q.lhs - q.rhs).free_symbols if (el := element_of(x)) is not None
                             and el.kind.key == "angle"]
                    for x, name in _angles_named(q.instance, atoms):
                        got.setdefault(x, set()).add(name)
        return got

    def _solved(self, s, e, why, u, v, known, sub) -> str:
        if (s.instance.family.key == "given" and u in (s.lhs, s.rhs) and not v.free_symbols
                and self._given_through(u, s.rhs if s.lhs == u else s.lhs)):
            self.given_names.append(self.n.expr(u, None, False))  # (the question's own value: put in as given)
            return ""
        # (the first name stays: one angle, one name; an angle whose value the text has stated keeps
        # the name it was stated by, so that the reader finds the number: angle CAP, not angle BAC)
        spoken = self._spoken(s)
        kept = {x for x, n in spoken.items() if x in known and self.n.name(x) != self.n.name(n)}
        self._renamed = {"".join(element_of(spoken[x]).points): "".join(element_of(self.n.local.get(x, x)).points)
                         for x in kept if x not in self.n.display}
        self._tie({x: n for x, n in spoken.items() if x not in kept})
        self._parts = {}
        said = self._solved_in(s, e, why, u, v, known, sub)
        known.update(self._parts)  # (both parts of a whole said at once: _equal_parts)
        return said

    def _tie(self, spoken: dict) -> None:
        """The sentence's names taken from here on; an angle the problem names through another point on
        the same line, renamed here for the first time, tied to its problem name once: ``(angle ABG is
        angle ABD, as G lies on line BD)``, said in this step's reason."""
        named = self._problem_named()
        ties = []
        for x, n in sorted(spoken.items(), key=lambda kv: kv[0].name):
            if x in self.n.local or x not in named:
                continue
            own, new = (element_of(self.n.display.get(x, x)).points, element_of(n).points)
            arms, to = {own[0], own[2]}, {new[0], new[2]}
            if len(own) == 3 and own[1] == new[1] and len(arms & to) == 1:
                (p,), (q,) = arms - to, to - arms
                ties.append(f"angle {''.join(own)} is angle {''.join(new)}, as {p} lies on line {own[1]}{q}")
        self._ties = ties
        self.n.local = {**spoken, **self.n.local}

    def _goal_name(self, u: sympy.Expr, values: dict | None = None, deg: bool = False) -> str:
        """The goal under the question's own names (``angle ABG``, ``angle CAE + angle DBE``), whatever names a
        sentence gave its elements (blind teacher 35's fg 18: "So angle EAP + angle DBE = 70°" closed a proof asked
        for angle CAE + angle DBE)."""
        goal = self.proof.goal
        # (a symbol the goal lacks is not the goal: no simplify needed to say so)
        asked = (goal is not None and (not u.is_Symbol or u in getattr(goal, "free_symbols", ()))
                 and is_zero(u - goal))
        if not asked:
            return self.n.expr(u, values, deg)
        kept = {x: self.n.local.pop(x) for x in u.free_symbols if x in self.n.local}
        try:
            return self.n.expr(u, values, deg)
        finally:
            self.n.local.update(kept)

    def _radicand_value(self, formula: sympy.Expr | None, vals: dict, put: str, val: str) -> str | None:
        """The square root with its radicand worked out (``√(1850/49)``), said between the numbers put in under a
        root and the value, where the radicand is more than one sum or difference or comes to a fraction (blind
        teacher 33's gen 27: a three-term radicand of fractions jumped to 5√74/7); None for a root a reader works
        at a glance (√(16² + 13²) = 5√17, √(49·36) = 42)."""
        if formula is None or not (formula.is_Pow and formula.exp == sympy.S.Half) or not put.startswith(("√(", r"\sqrt")):
            return None
        inside = sympy.nsimplify(formula.base.xreplace(vals))
        if inside.free_symbols or not inside.is_Rational or inside <= 0:
            return None
        if len(sympy.Add.make_args(formula.base)) < 3 and inside.is_Integer:
            return None
        said = rf"\sqrt{{{self.n.number(inside)}}}" if self.n.latex else f"√({self.n.number(inside)})"
        return None if said in (put, val) else said

    def _solved_in(self, s, e, why, u, v, known, sub) -> str:
        """``By …, lhs = rhs, so u = formula = numbers = value.``"""
        if s.instance.family.key == RADIUS and why is not None:
            return self._radius(s, e, u, v, known)
        right = self._right_angle_beside(s, e, why, u, v, known)
        if right is not None:
            return right
        named = _named_by(s.lhs - s.rhs, u, known, sub) if getattr(s, "row", None) is None else None
        if named is not None:  # angle KGL = arc HJ/2 + arc KL/2 = … = (163/2)°, so x = 163/2: not "so 2x = 47° + 116°"
            said = self._solved_in(s, e, why, named, v, known, {k: w for k, w in sub.items() if k != named})
            found = self.n.expr(v, None, False) if v.free_symbols else self.n.number(v, False)
            return f"{said.removesuffix('.')}, so {self.wrap(f'{self.n.expr(u)} = {found}')}."
        reason = self._stated_eq(s, e, why)
        deg = _unit(u) == "degrees"
        lhs, rhs = s.lhs, s.rhs
        if getattr(s, "row", None) is not None:
            lhs, rhs = s.row, sympy.Integer(0)
        chain = [self._goal_name(u)]
        formula = None
        if rhs == u:
            lhs, rhs = rhs, lhs
        if lhs == u and u not in rhs.free_symbols:
            formula = rhs
        else:
            formula = _formula(lhs - rhs, u, known, sub, v)
        vals = dict(known)
        for x in (formula.free_symbols if formula is not None else ()):  # AD = 5x - 6 with x = 5: AD = 19
            if x not in vals and x in sub and not sub[x].xreplace(known).free_symbols:
                vals[x] = sympy.expand(sub[x].xreplace(known))
        if formula is not None:
            fdeg = _degrees(formula) if formula.free_symbols else deg
            f1 = self.n.expr(formula, None, fdeg or deg)
            shown = formula.xreplace({k: w for k, w in sub.items() if k not in vals})
            f2 = self.n.expr(shown, vals, fdeg or deg)
            mean = self._mean_put(lhs, rhs, u, vals) if reason is not None and not fdeg and not deg else None
            if mean is not None:  # SV = (QR + TU)/2, so 7 = (2 + TU)/2 and TU = 2·7 - 2 = 12
                val = self.n.expr(v, None, deg) if v.free_symbols else self.n.number(v, deg)
                return f"{reason}{_then(reason)}{mean[0]}, so {mean[1]} and {self.wrap(f'{chain[0]} = {f2} = {val}')}."
            half = self._half_rest(formula, vals)
            if half is not None:  # a base angle as a student writes it: (180° - angle BAC)/2, not 90° - angle BAC/2
                f1, f2 = half[0], half[1] or f2
            for x in (f1, f2):
                if x not in chain:
                    chain.append(x)
        else:
            full = (lhs - rhs)
            if full.free_symbols - {u} and all(x in vals or x in sub for x in full.free_symbols - {u}):
                put = {**vals}
                # (an element found is put in as its number, not as the expression it once had: 80° + 60°, never
                # 252° - 7·80°/5 through arc BC = 144° - 4·angle BOC/5 (blind teacher 23))
                own = {k: w for k, w in sub.items() if k not in put}
                chain_eq = f"{self.n.expr(lhs.xreplace(own), put, deg)} = {self.n.expr(rhs.xreplace(own), put, deg)}"
                opened = self._opened(lhs, rhs, put, sub)
                if opened is not None:  # 74 + (190 - x) + (165 - x) = 360, so 429 - 2x = 360: the sum shown
                    chain_eq = opened
                else:
                    chain_eq += self._expanded(lhs.xreplace(own).xreplace(put), rhs.xreplace(own).xreplace(put), deg)
                chain_eq += self._compound_angles(full, put)
                head = f"{_cap(reason)}{self._stated_after(reason, s, lhs, rhs, u)}" if reason else ""
                ratio = self._ratio_put(s, lhs, rhs, u, put, sub) if reason else None
                if ratio is not None:  # TW/WY = TZ/XY, so x/20 = 10/16, so 10·20 = 16x
                    head = f"{_cap(reason)}{_then(reason)}{ratio[0]}"
                    solved = self._ratio_solved(s, lhs, rhs, u, v, vals, sub, ratio[1])
                    if solved is not None:  # x/20 = 10/16 = 5/8 and x = 20·5/8 = 25/2 (one "so": blind teacher 35)
                        return f"{head}, so {solved.replace(', so ', ' and ', 1)}."
                    chain_eq = f"{ratio[1]}{'$, so $' if self.n.latex else ', so '}{chain_eq}"
                found = self.n.expr(v, None, deg) if v.free_symbols else self.n.number(v, deg)
                last = self.wrap(f"{self.n.expr(u)} = {found}")
                if head and _alone(lhs, rhs, u, vals, sub):
                    return f"{head}, so {last}."  # not "so (163/2) = x and x = 163/2": the value once
                steps, note = self._solving(_put_all(full, vals, sub), u, v)
                if opened is None and ratio is None and _collected(lhs, rhs, u, vals, sub):
                    # "5² = 15y" is solved as it stands, not "so 5² = 15y, so 15y = 25"; "16 = 4x" is said "4x = 16"
                    if steps and any(re.fullmatch(r"-?[0-9.]+", x) for x in chain_eq.split(" = ")):
                        chain_eq = steps[0].strip("$")
                    steps = []
                if (opened is None and element_of(u) is None and re.search(r"\([^()]*[a-z][^()]*\)", chain_eq)
                        and chain_eq.count(" = ") == 1):
                    sides = [sympy.expand(_put_all(x, vals, sub)) for x in (lhs, rhs)]  # 3(3x - 6) = 8(x + 2)
                    if all(_linear(x) is not None for x in sides):  # 9x - 18 = 8x + 16, then solved
                        opened_out = self.wrap(f"{self.n.expr(sides[0])} = {self.n.expr(sides[1])}")
                        if opened_out not in steps and opened_out.strip("$") != chain_eq:
                            steps.insert(0, opened_out)
                said = [self.wrap(chain_eq.rsplit(", so ", 1)[-1].removeprefix("$")), *steps]  # (its simplified form)
                forms = [self.wrap(x) for x in chain_eq.split("$, so $" if self.n.latex else ", so ")]
                forms += [x for x, before in zip(steps, said) if x != before]
                if (steps or said)[-1].strip("$") != last.strip("$"):  # (not "w = 12 and w = 12")
                    forms.append(last)
                # (after a reason that says the equation in words, its numbers at once: "…: 2y + 110 = 180")
                lead = (f"{head}{', so ' if head != _cap(reason) else ': '}" if head else "So ")
                return f"{lead}{_solved_forms(forms, so=lead.endswith(': '))}{note}."
        val = self.n.expr(v, None, deg) if v.free_symbols else self.n.number(v, deg and element_of(u) is not None)
        again = formula is not None and u in put_in(formula, sub, vals).free_symbols
        if again:  # 2·angle BAP = arc BA with angle BAP = 130° − arc BA/2: the equation, then solved for u
            return self._solved_again(reason, lhs, rhs, u, v, vals, sub, deg)
        under = self._radicand_value(formula, vals, chain[-1], val)
        if under is not None:  # √((6²·(80/7) + 15²·(32/7) - 16·(32/7)(80/7))/16) = √(1850/49) = 5√74/7
            chain.append(under)
        if val not in chain and not _reordered(chain[-1], val):  # not 4√6 + 2√14 = 2√14 + 4√6
            if chain[-1] in (f"({val})", rf"\left({val}\right)") or _unbracketed(chain[-1]) == val:
                chain.pop()  # CN = CH = CD - DH, not = (CD - DH) = CD - DH; 15√3/2, not (15√3)/2 = 15√3/2
            chain.append(val)
        text = self._square_first(u, formula, sub, vals, val) or self.wrap(" = ".join(chain))
        if reason is None:
            return self._read_again(s, why, u, formula, vals, text) if not v.free_symbols else f"So {text}."
        ratio = self._trig_ratio(s)
        if ratio is not None:  # In the right triangle ABE, cos(angle ABE) = BE/AB, so BE = AB·cos(…) = …
            return f"{reason}{_then(reason)}{ratio}, so {text}."
        if lhs == u or (formula is not None and _key(lhs - rhs) == _key(u - formula)):
            return f"{reason}{_then(reason)}{text}."
        later = self._since_later()
        return f"{reason}{self._stated_after(reason, s, lhs, rhs, u)}{later or ', so '}{text}."

    def _mean_put(self, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol, vals: dict) -> tuple[str, str] | None:
        """A rule that makes one element a multiple of a sum (the midsegment ``2·SV = QR + TU``, the perimeter ``P =
        2·(AB + AD)``) solved for a part of the sum: the rule as the textbook states it and with the numbers put in,
        (``SV = (QR + TU)/2`` and ``7 = (2 + TU)/2``; blind teacher 27 fg 2: "TU = 2·SV - QR" never stated the
        theorem, gen 10: "AD = perimeter ABCD/2 - AB"); None for any other equation."""
        if self.n.latex:
            return None
        for a, b in ((lhs, rhs), (rhs, lhs)):
            c, x = a.as_coeff_Mul()
            d, total = sympy.factor_terms(b).as_coeff_Mul()
            parts = sympy.Add.make_args(total)
            if not (x.is_Symbol and x != u and x in vals and vals[x].is_number and c > 0 and d > 0 and c != d
                    and len(parts) > 1 and all(p.is_Symbol for p in parts) and u in parts
                    and all(p in vals and vals[p].is_number for p in parts if p != u)):
                continue
            k = d / c  # x = k·(the sum)

            def said(put: dict) -> str:
                inside = " + ".join(self.n.number(put[p]) if p in put else self.n.name(p, False) for p in parts)
                if k.is_Integer:
                    return f"{self.n.number(k)}·({inside})"
                if (1 / k).is_Integer:
                    return f"({inside})/{self.n.number(1 / k)}"
                return f"{self.n.number(k)}·({inside})"
            put = {p: vals[p] for p in parts if p != u}
            return f"{self.n.expr(x)} = {said({})}", f"{self.n.number(vals[x])} = {said(put)}"
        return None

    def _square_first(self, u, formula, sub: dict, vals: dict, val: str) -> str | None:
        """A square root of values that are roots themselves, solved for the square first, the numbers put in,
        then its value and the root (``BH² = (AB²·CH + …)/AC = (13²·(√337/2) + …)/(√337) = 129/4 and BH =
        √129/2``), never one nested radical a reader cannot work out; None for any other formula."""
        if formula is None or not (formula.is_Pow and formula.exp == sympy.Rational(1, 2)):
            return None
        only = u in self.n.squared  # (used only squared: its square said, never its root squared again)
        too = u in self.n.squared_too  # (used squared later too: its square kept for it, never (√133)²)
        if not (only or too) and not any(x in vals and not vals[x].is_rational for x in formula.free_symbols):
            return None
        inner = formula.base
        square = sympy.simplify(put_in(inner, sub, vals))
        if square.free_symbols:
            return None
        shown = inner.xreplace({k: w for k, w in sub.items() if k not in vals})
        chain = [self.n.expr(u ** 2), self.n.expr(inner), self.n.expr(shown, vals), self.n.number(square)]
        if only or too:
            self.n.squares[u] = square
        if only:
            return self.wrap(' = '.join(dict.fromkeys(chain)))
        return f"{self.wrap(' = '.join(chain))} and {self.wrap(f'{self.n.expr(u)} = {val}')}"

    def _read_again(self, s, why, u, formula, vals: dict, text: str) -> str:
        """A value read through an equation stated before names what it rests on, never a bare "So": the
        shape that states it (``Since ECD is an equilateral triangle, CD = CE = 38.``), else the two
        values it compares (``Since BG = GH and GH = 10, BG = 10.``), else the equation an earlier step
        stated (``Since angle CHG = arc CG/2, arc CG = 2·angle CHG = 120°.``)."""
        v = vals.get(formula) if formula is not None and formula.is_Symbol else None
        if why is not None and s.instance.family.key == "relation":
            reason = _cap(arc_sentence(why, [s.lhs, s.rhs], self.n.arcs))
            return f"{reason}{_then(reason)}{text}."
        if v is not None and not v.free_symbols and element_of(formula) is not None and element_of(u) is not None:
            deg = _unit(u) == "degrees"
            known = self.wrap(f"{self.n.expr(formula)} = {self.n.number(v, deg)}")
            found = self.wrap(f"{self._goal_name(u)} = {self.n.number(v, deg)}")
            return f"Since {self.eq(u, formula)} and {known}, {found}."
        stated = self.eq(s.lhs, s.rhs)
        if any(stated in line for line in self.lines):  # (said in an earlier step, not the sentence before)
            return f"Since {stated}, {text}."
        return f"So {text}."

    def _put_later(self, st, later: list[sympy.Expr]) -> str | None:
        """The conclusion of a proportion with the relations it rests on put in: ``DF = AD·BF/BE =
        2·CE·2/CE = 4``; None where the step is no such one (one theorem equation, one unknown)."""
        t = st.target
        eqs = [q for q, _ in st.equations if q.instance.family.key != "given"]
        if not t.is_Symbol or len(eqs) != 1 or not later:
            return None
        e = eqs[0].lhs - eqs[0].rhs
        if t not in e.free_symbols or sympy.count_ops(e) > 12:
            return None
        try:
            roots = sympy.solve(e, t)
        except (NotImplementedError, ValueError, TypeError):
            return None
        vals = {x: v for x, v in self.known.items() if not v.free_symbols}
        vals.update({q.lhs: q.rhs for q, _ in st.equations if q.instance.family.key == "given"
                     and q.lhs.is_Symbol and not q.rhs.free_symbols})
        for f in roots:
            rel: dict = {}
            for r in later:
                free = [x for x in r.free_symbols if x in f.free_symbols and x not in vals and x not in rel]
                lin = _linear(r)
                if len(free) != 1 or lin is None:
                    continue
                c = sum((k for k, x in lin[0] if x == free[0]), sympy.Integer(0))
                rel[free[0]] = sympy.expand(free[0] - r / c)
            put = {**{x: vals[x] for x in f.free_symbols if x in vals}, **rel}
            if not is_zero(sympy.simplify(f.xreplace(put)) - st.value):
                continue
            squared = self._squared_ratio(t, f, rel, vals, st.value)
            if squared is not None:
                return squared
            chain = [self.n.expr(t), self.n.expr(f), self.n.expr(f, put), self.n.number(st.value)]
            return self.wrap(" = ".join(dict.fromkeys(chain)))
        return None

    def _squared_ratio(self, t: sympy.Expr, f: sympy.Expr, rel: dict, vals: dict, value: sympy.Expr) -> str | None:
        """A formula in the square of a ratio of two sides the relations fix (similar triangles' areas), the ratio
        said first and put in as a number: ``AD/AB = 1/2, so area ADE = (AD/AB)²·(area ABC) = (1/2)²·24 = 6``,
        never the relations' own lengths squared (``24·BD²/(2·BD)²``); None where ``f`` is no such formula."""
        free = [x for x in f.free_symbols if x not in vals]
        if len(free) != 2 or not all(x in rel for x in free):
            return None
        for num, den in (free, free[::-1]):
            rest = sympy.simplify(f * den ** 2 / num ** 2)
            r = sympy.simplify((num / den).xreplace(rel))
            if rest.free_symbols & {num, den} or not rest.free_symbols <= vals.keys() or not r.is_Rational or r <= 0:
                continue
            name, part, shown = self.n.expr(rest), self.n.number(r), self.n.expr(rest, vals)
            n, d = self.n.expr(num), self.n.expr(den)
            if self.n.latex:
                ratio, squared = rf"\frac{{{n}}}{{{d}}}", rf"\left(\frac{{{n}}}{{{d}}}\right)^2 \cdot {name}"
                put = rf"\left({part}\right)^2 \cdot {shown}"
            else:
                ratio, whole = f"{n}/{d}", f"({name})" if " " in name else name
                squared, put = f"({ratio})²·{whole}", f"({part})²·{shown}" if not r.is_Integer else f"{part}²·{shown}"
            chain = " = ".join([self.n.expr(t), squared, put, self.n.number(value)])
            return f"{self.wrap(f'{ratio} = {part}')}, so {self.wrap(chain)}"
        return None

    def _since_later(self) -> str:
        """``; since AD = 2·CE and BE = CE, `` for the facts a criterion's sentence used but does not list
        (they are not its parts), said where the conclusion puts them in; empty where there are none."""
        later = list(dict.fromkeys(x for x, _ in getattr(self, "_later", [])))
        self._later = []
        return f"; since {and_list(later)}, " if later else ""

    def _half_rest(self, formula: sympy.Expr, vals: dict) -> tuple[str, str] | None:
        """``90° - x/2`` (an isosceles triangle's base angle from its apex angle) as ``(180° - x)/2``, and
        ``180° - x/2`` (half the arc left when x is taken from the circle) as ``(360° - x)/2``, the name and
        then its value put in; None where the formula is no such one."""
        lin = _linear(formula)
        if lin is None or lin[1] not in (90, 180) or len(lin[0]) != 1 or lin[0][0][0] != -sympy.Rational(1, 2):
            return None
        x, whole = lin[0][0][1], 2 * int(lin[1])
        if _unit(x) != "degrees" or whole == 360 and "arc" not in element_of(x).kind.key:
            return None
        put = self.n.number(vals[x], True) if x in vals and not vals[x].free_symbols else None
        if put is not None and re.search(r"^-| [-+] ", put):  # (180° - (180° - 2·arctan(2)))/2
            put = rf"\left({put}\right)" if self.n.latex else f"({put})"
        return (f"({whole}° - {self.n.name(x)})/2" if not self.n.latex
                else rf"\frac{{{whole}^{{\circ}} - {self.n.name(x)}}}{{2}}",
                None if put is None else (f"({whole}° - {put})/2" if not self.n.latex
                                          else rf"\frac{{{whole}^{{\circ}} - {put}}}{{2}}"))

    def _opened(self, lhs: sympy.Expr, rhs: sympy.Expr, put: dict, sub: dict) -> str | None:
        """An equation whose elements stand for expressions in the variables, written as a student
        writes it: each expression put in, in brackets, then the sum simplified (``74 + (190 - x) + (165
        - x) + (215 - 2x) = 360, so 644 - 4x = 360``); None where no side is such a sum."""
        def side(e: sympy.Expr) -> str | None:
            lin = _linear(e)
            if lin is None or len(lin[0]) + (lin[1] != 0) < 2 or not any(
                    x in sub and x not in put and sub[x].is_Add for _, x in lin[0]):
                return None
            out = ""
            for c, x in lin[0]:
                if x in put:
                    body = self.n.number(abs(put[x])) if put[x].is_number else None
                    if body is None:
                        return None
                    c = c if put[x] >= 0 else -c
                elif x in sub and element_of(x) is not None and sub[x].free_symbols \
                        and sub[x].free_symbols <= put.keys() and sub[x].xreplace(put).is_number:
                    # (an element whose variable a step before found: its value said first, then put in as a
                    # number, never "(4x - 5) + (3y + 1) = 180, so 3y + 60 = 180" skipping angle EIO = 59°)
                    val = sympy.expand(sub[x].xreplace(put))
                    deg = element_of(x).kind.key in ("angle", "arc")
                    lets = and_list([self.eq(y, put[y]) for y in sorted(sub[x].free_symbols, key=str)])
                    valued.append(f"Since {lets}, {self.n.expr(x)} = {self.n.expr(sub[x])} = "
                                  f"{self.n.expr(sub[x], put)} = {self.n.number(val, deg)}.")
                    body = self.n.number(abs(val))
                    c = c if val >= 0 else -c
                elif x in sub and element_of(x) is not None:
                    body = self.n.expr(sub[x])
                    body = body if sub[x].is_Symbol or not sub[x].is_Add else (
                        rf"\left({body}\right)" if self.n.latex else f"({body})")
                    if abs(c) != 1:
                        body = (rf"{self.n.number(abs(c))} \cdot {body}" if self.n.latex
                                else f"{self.n.number(abs(c))}·{body}")
                else:
                    return None
                if abs(c) != 1 and x in put:
                    k = self.n.number(abs(c))
                    body = rf"{k} \cdot {body}" if self.n.latex else f"{k}·{body}"
                out += (("-" if c < 0 else "") if not out else (" - " if c < 0 else " + ")) + body
            if lin[1] != 0:
                out += (" - " if lin[1] < 0 else " + ") + self.n.number(abs(lin[1]))
            return out

        valued: list[str] = []
        left, right = side(lhs), side(rhs)
        if left is None and right is None:
            return None
        a, b = (sympy.expand(e.xreplace(sub).xreplace(put)) for e in (lhs, rhs))
        if any(x in put or element_of(x) is not None for x in (a - b).free_symbols):
            return None
        shown = f"{left or self.n.expr(a)} = {right or self.n.expr(b)}"
        self._valued_first += [(x, shown) for x in valued]
        simple = f"{self.n.expr(a)} = {self.n.expr(b)}"
        return shown if simple == shown else f"{shown}{'$, so $' if self.n.latex else ', so '}{simple}"

    def _compound_angles(self, e: sympy.Expr, vals: dict) -> str:
        """``, where sin(105°) = sin(60° + 45°) = (√2 + √6)/4``: the value of a sine, cosine or tangent of
        an angle no table holds (15°, 75°, 105°, 165°), from the sum or difference of two that it does,
        for each such one an equation puts in; else empty."""
        said = []
        for f in sorted(e.atoms(*_TRIG), key=sympy.default_sort_key):
            a = vals.get(f.args[0])
            parts = _COMPOUND.get(int(a) % 360) if a is not None and a.is_Integer else None
            if parts is None:
                continue
            p, q = parts
            exact = sympy.radsimp(f.func(a))
            if exact.has(*_TRIG):
                continue
            fn = f.func.__name__.lower()
            said.append(f"{fn}({a}°) = {fn}({p}° {'+' if q > 0 else '-'} {abs(q)}°) = {self.n.number(exact)}")
        if not said or self.n.latex:
            return ""
        return f", where {and_list(said)}"

    def _expanded(self, a: sympy.Expr, b: sympy.Expr, deg: bool) -> str:
        """``, so x² + 3x = x² + 5.5x - 15``: the two sides multiplied out, where a side is a product of sums
        (``x·(x + 3) = (x - 2)(x + 7.5)``) that a student expands before collecting; else empty."""
        if not any(f.is_Add for e in (a, b) for f in sympy.Mul.make_args(e)) or not (a.is_Mul or b.is_Mul):
            return ""
        ea, eb = sympy.expand(a), sympy.expand(b)
        if ea.free_symbols - {x for x in ea.free_symbols if element_of(x) is None}:
            return ""  # (only an equation in the variables is multiplied out)
        shown = f"{self.n.expr(ea, None, deg)} = {self.n.expr(eb, None, deg)}"
        return f"{'$, so $' if self.n.latex else ', so '}{shown}"

    def _stated_after(self, reason: str, s, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol) -> str:
        """The theorem's equation after its reason (``; hence angle CED + angle EDF = 180°``), or nothing where
        the reason says it in words already (``the co-interior angles CED and EDF add up to 180°``): once."""
        m = _IN_WORDS.search(_PARENS.sub("", reason))
        lin = _linear(lhs - rhs) if m is not None else None
        if lin is not None and len(lin[0]) == 2 and lin[0][0][0] == lin[0][1][0] and abs(lin[0][0][0]) == 1 \
                and -lin[1] * lin[0][0][0] == int(m[3]) \
                and sorted(self.n.expr(x) for _, x in lin[0]) == sorted(f"angle {a}" for a in m.group(1, 2)):
            return ""
        if s.instance.family.worded:  # (its sentence says the equation in words: "its side is √3 times the radius")
            return ""
        said = self._natural(s, lhs, rhs, u)
        left, eq, right = said.partition(" = ")
        if eq and left == right:  # (a height named by the segment that is it: "it is the height …", never "BE = BE")
            return ""
        return f"{_then(reason)}{said}"

    def _natural(self, s, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol) -> str:
        """A rule as a textbook states it before the numbers go in: ``area WXYZ = WY·XZ/2``, not ``2·area
        WXYZ = WY·XZ``; a proportion as its ratios, ``EF/BC = DE/AB`` (similar triangles: each side over
        its partner) and ``AD/DC = AB/BC`` (the bisector theorem), not ``BC·DE = AB·EF``."""
        for a, b in ((lhs, rhs), (rhs, lhs)):  # 2·area WXYZ = WY·XZ said as area WXYZ = WY·XZ/2
            c, x = a.as_coeff_Mul()
            if (c not in (0, 1) and x.is_Symbol and x != u and u in b.free_symbols and x not in b.free_symbols
                    and _linear(b) is None):  # (a product: angle EMN = 2·angle EHN stays as the theorem says it)
                return self.eq(x, b / c)
        ratio = self._proportion(s, lhs, rhs, u) or self._trig_ratio(s)
        return ratio if ratio is not None else self.eq(lhs, rhs)

    def _trig_ratio(self, s) -> str | None:
        """A right triangle's sine, cosine or tangent as a textbook states it, a ratio of two sides
        (``cos(angle ABC) = BC/AB``), where the equation is one side times the ratio (``BC = AB·cos(…)``)."""
        if s.instance.family.key != "right_triangle_property_trigonometric":
            return None
        for a, b in ((s.lhs, s.rhs), (s.rhs, s.lhs)):
            fs = [f for f in sympy.Mul.make_args(b) if isinstance(f, _TRIG)]
            rest = [f for f in sympy.Mul.make_args(b) if not isinstance(f, _TRIG)]
            if a.is_Symbol and len(fs) == 1 and len(rest) == 1 and rest[0].is_Symbol:
                return self.eq(fs[0], a / rest[0])
        return None

    def _proportion(self, s, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol) -> str | None:
        """``a·b = c·d`` (``u`` one of the four) as ``u/x = y/partner``; None where it is no such product."""
        pair = self._proportion_pair(s, lhs, rhs, u)
        if pair is None:
            return None
        num, den = pair[1].as_numer_denom()
        if all(x.is_Pow and x.exp == 2 and x.base.is_Symbol for x in (num, den)):
            # (similar figures' areas: the square of the sides' ratio, (BC/GH)², never BC²/GH²)
            sides = self.n.expr(num.base / den.base)
            square = rf"\left({sides}\right)^{{2}}" if self.n.latex else f"({sides})²"
            return self.wrap(f"{self.n.expr(pair[0])} = {square}")
        return self.eq(*pair)

    def _ratio_put(self, s, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol, vals: dict,
                   sub: dict) -> tuple[str, str] | None:
        """A proportion solved for a variable, as its ratios and then with the values and expressions put
        in (``TW/WY = TZ/XY`` and ``x/20 = 10/16``), before it is cross-multiplied; None where the
        equation is no proportion of the step's theorem."""
        pair = self._put_pair(s, lhs, rhs, u, vals, sub)
        if pair is None:
            return None
        put = {**{x: w for x, w in sub.items() if x not in vals}, **vals}
        return self.eq(*pair), f"{self.n.expr(pair[0], put)} = {self.n.expr(pair[1], put)}"

    def _put_pair(self, s, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol, vals: dict,
                  sub: dict) -> tuple[sympy.Expr, sympy.Expr] | None:
        """The proportion's two ratios (:meth:`_proportion_pair`) for ``u`` or the element it is an expression of."""
        factors = [f for e in (lhs, rhs) for f in sympy.Mul.make_args(e) if f.is_Symbol]
        tries = [u] if u in factors else [f for f in factors if f not in vals and u in sub.get(f, f).free_symbols]
        return next((p for f in tries if (p := self._proportion_pair(s, lhs, rhs, f)) is not None), None)

    def _ratio_solved(self, s, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol, v: sympy.Expr, vals: dict,
                      sub: dict, shown: str) -> str | None:
        """A proportion with one unknown over a number (``x/10 = 6/(15/2)``) solved as a teacher solves it: the
        known ratio worked out, then the unknown from it (``x/10 = 6/(15/2) = 4/5, so x = 10·4/5 = 8``), never
        cross-multiplied (teacher 18: "so 10·6 = (15/2)·x, so 15x = 120"); None for any other proportion."""
        pair = self._put_pair(s, lhs, rhs, u, vals, sub)
        if pair is None or v.free_symbols:
            return None
        put = {**{x: w for x, w in sub.items() if x not in vals}, **vals}
        mine, known = (sympy.expand(x.xreplace(put)) for x in pair)
        if known.free_symbols or mine.free_symbols != {u} or not known.is_Rational or known == 0:
            return None
        c, x = mine.as_coeff_Mul()
        times = r" \cdot " if self.n.latex else "·"
        if x == u:  # u/10: u = 10·k
            work = f"{self.n.number(1 / c)}{times}{self.n.number(known)}" if c != 1 else None
        elif x == 1 / u:  # 10/u: u = 10/k
            work = f"{self.n.number(c)}{times}{self.n.number(1 / known)}"
        else:
            return None
        head, _, side = shown.rpartition(" = ")
        ratio = " = ".join(dict.fromkeys([head, side, self.n.number(known)]))
        found = " = ".join(x for x in (self.n.expr(u), work, self.n.number(v)) if x)
        return f"{self.wrap(ratio)}, so {self.wrap(found)}"

    def _proportion_pair(self, s, lhs: sympy.Expr, rhs: sympy.Expr,
                         u: sympy.Symbol) -> tuple[sympy.Expr, sympy.Expr] | None:
        """The two ratios of :meth:`_proportion` (``u/x``, ``y/partner``), or None."""
        # (a side squared is the side times itself: BC·BD = AB² is the proportion BC/AB = AB/BD)
        sides = [(f[0].base, f[0].base) if len(f := sympy.Mul.make_args(e)) == 1 and f[0].is_Pow and f[0].exp == 2
                 and f[0].base.is_Symbol else f for e in (lhs, rhs)]
        if any(len(f) != 2 for f in sides):
            return None
        if not any(u in f for f in sides):  # solved for a variable, or for another element of the step: the first
            u = sides[0][0]  # side's (never the cross-multiplied CM·DM = AM·FM of similar triangles)
        if not any(u in f for f in sides):
            return None
        mine, other = (sides[0], sides[1]) if u in sides[0] else (sides[1], sides[0])
        partner = mine[0] if mine[1] == u else mine[1]

        def points(f):
            base = f.base if f.is_Pow else f
            el = element_of(base) if base.is_Symbol else None
            return set(el.points) if el is not None else None

        if any(points(f) is None for f in (*mine, *other)):
            return None
        fam, names = s.instance.family.key, s.instance.names
        m = re.fullmatch(r"([A-Z]{3,}) is similar to ([A-Z]{3,})", names[0]) if fam == "relation" and names else None
        if m is not None:  # the problem's own similarity (of triangles or polygons)
            fam, names = "similar_triangle", m.groups()
        if fam.startswith("similar_triangle") and len(names) >= 2 and len(names[0]) == len(names[1]) >= 3:
            home = next((set(t) for t in names[:2] if points(u) <= set(t)), None)  # u's triangle
            x = [f for f in other if home is not None and not points(f) <= home]
        elif (apex := _bisected_vertex(fam, names)) is not None:
            # the bisected angle's vertex: the two sides there, the two pieces opposite
            x = [f for f in other if (apex in points(f)) == (apex in points(u))]
        elif fam == "parallel_property_intercept" and len(names) == 2 and all(len(n) == 2 for n in names):
            # (a line DE parallel to the side YZ of XYZ, D on XY: the pieces of XY over each other, as XZ's)
            ends = set(names[0]) | set(names[1])
            apex = set().union(*(points(f) for f in (*mine, *other))) - ends
            side = {names[0][0], names[1][0]} | apex
            x = [f for f in other if (points(f) <= side) == (points(u) <= side)]
        else:
            return None
        if other[0] == other[1] and other[0] not in mine:  # (a side both triangles share, squared: BC/AB = AB/BD)
            x = [other[0]]
        if len(x) != 1:
            return None
        y = other[0] if other[1] == x[0] else other[1]
        if y == partner and fam.startswith("similar_triangle"):  # a side common to both: congruent, AE = BD
            return u, x[0]
        return u / x[0], y / partner

    def _solved_again(self, reason, lhs, rhs, u, v, vals, sub, deg) -> str:
        """An equation whose other unknowns were written in terms of ``u`` before, solved as a student
        solves it: the theorem's equation, the expressions put in (``2·(130° - arc BA/2) = arc BA``), the
        terms in ``u`` collected (``2·arc BA = 260°``), then ``u``; never ``u = … = 260° − u`` as if the
        chain gave ``u``."""
        full = lhs - rhs
        others = [x for x in full.free_symbols - {u} if x not in vals]
        lin = _linear(full)
        if reason is not None and len(others) == 1 and others[0] in sub and lin is not None:
            parts = self._equal_parts(reason, full, others[0], u, v, vals, sub, deg)
            if parts is not None:
                return parts
            # two expressions of one element, set equal: angle BAP = arc BA/2 and angle BAP = 130° - arc BA/2
            x = others[0]
            c = sum((k for k, y in lin[0] if y == x), sympy.Integer(0))
            fx = sympy.expand(x - full / c)
            mine, before = self.n.expr(fx, vals, deg), self.n.expr(sub[x], vals, deg)
            steps, note = self._solving(_put_all(fx - sub[x], vals, {}), u, v)
            shown = self.wrap(f"{mine} = {before}")
            found = self.n.expr(v, None, deg) if v.free_symbols else self.n.number(v, deg)
            forms = [shown, *(y for y in steps if y != shown), self.wrap(f"{self.n.expr(u)} = {found}")]
            return (f"{reason}{_then(reason)}{self.eq(x, fx)}. Since also {self.eq(x, sub[x])}, "
                    f"{_solved_forms(forms, so=True)}{note}.")
        put = {x: vals[x] if x in vals else sub[x] for x in full.free_symbols - {u} if x in vals or x in sub}
        if reason is not None and _alone(lhs, rhs, u, vals, sub):
            # angle HGJ = angle KGL with angle HGJ = 163/2 and angle KGL = x: "so x = 163/2", said once
            found = self.n.expr(v, None, deg) if v.free_symbols else self.n.number(v, deg)
            return f"{reason}{_then(reason)}{self.eq(lhs, rhs)}, so {self.wrap(f'{self.n.expr(u)} = {found}')}."
        shown = self.wrap(f"{self.n.expr(lhs, put, deg)} = {self.n.expr(rhs, put, deg)}")
        steps, note = self._solving(_put_all(lhs - rhs, vals, sub), u, v)
        found = self.n.expr(v, None, deg) if v.free_symbols else self.n.number(v, deg)
        said = _solved_forms([shown, *(x for x in steps if x != shown), self.wrap(f"{self.n.expr(u)} = {found}")])
        eq = self.eq(lhs, rhs)
        if reason is None:
            return f"So {said}{note}."
        return f"{reason}{_then(reason)}{eq}, so {said}{note}."

    def _equal_parts(self, reason: str, full: sympy.Expr, x: sympy.Symbol, u: sympy.Symbol, v: sympy.Expr,
                     vals: dict, sub: dict, deg: bool) -> str | None:
        """Two parts of a known whole in a known ratio (``x + u = s`` with ``x = k·u``) solved as a teacher
        solves them: the sum with its number, the ratio, then each part with the numbers put in (``angle
        BAE + angle DAE = angle BAD = 60°; as the two are equal, angle BAE = angle DAE = 60°/2 = 30°``;
        ``BF + EF = BE = 6√3, so BF = 2·BE/3 = 2·6√3/3 = 4√3``), never ``60° - angle DAE = angle DAE``.
        None where the equation is no such sum or the ratio no positive number."""
        k = sympy.expand(sub[x] / u)
        lin = _linear(full)
        if not (k.is_Rational and k > 0) or lin is None:
            return None
        cx = sum((c for c, y in lin[0] if y == x), sympy.Integer(0))
        if cx == 0 or cx != sum((c for c, y in lin[0] if y == u), sympy.Integer(0)):
            return None
        whole = sympy.expand(-(full - cx * x - cx * u) / cx)
        total = sympy.expand(whole.xreplace(vals))
        if total.free_symbols or not is_zero(total / (k + 1) - v):
            return None
        n = self.n
        chain = [f"{n.expr(x)} + {n.expr(u)}", n.expr(whole, None, deg), n.expr(whole, vals, deg),
                 n.number(total, deg)]
        ratio = _key(x - k * u)
        if k == 1:
            why = "as the two are equal"
        elif ratio in self.stated:  # (said just before: BF = 2·EF. … BF + EF = BE = 6√3, so BF = 2·BE/3)
            why = "so"
        else:  # as the problem would say it: angle ABC = 2·angle BAC, not angle BAC = angle ABC/2
            why = f"as {self.eq(u, x / k) if k.q != 1 and (1 / k).q == 1 else self.eq(x, k * u)}"
        if ratio in self.given_keys and ratio not in self.stated:
            why += " (given)"
        self.stated.add(ratio)
        share = [(x, k / (k + 1)), (u, 1 / (k + 1))]
        if k != 1 and self._target in (x, u):  # the part the step is for (BF = 2·BE/3), not both
            share = [(y, f) for y, f in share if y == self._target]
        each = []
        for y, f in share[:1] if k == 1 else share:
            said = [n.expr(y), *([n.expr(u)] if k == 1 else []),
                    *([n.expr(f * whole, None, deg)] if whole.is_Symbol and k != 1 else []),
                    _share(n, f, y, total, deg), n.number(f * total, deg)]
            each.append(self.wrap(" = ".join(dict.fromkeys(said))))
        self._parts = {x: sympy.expand(k * v), u: v}
        head = f"{reason}{_then(reason)}{self.wrap(' = '.join(dict.fromkeys(chain)))}"
        if why == "so":
            return f"{head}, so {' and '.join(each)}."
        return f"{head}; {why}, {' and '.join(each)}."

    def _right_angle_beside(self, s, e, why, u, v, known) -> str | None:
        """The right angle on the other side of a perpendicular's foot said directly, from the
        perpendicular and the line (``Since AD is perpendicular to BD and ADC is a straight line, angle
        BDC = 90°.``), never as ``180° - 90°``; None where the step is no such one."""
        if s.instance.family.key != "adjacent_complementary_angle" or v != 90 or why is None:
            return None
        other = [x for x in e.free_symbols if x != u]
        if len(other) != 1 or known.get(other[0]) != 90:
            return None
        perp = next((q.instance.text for st in self.proof.steps for q, _ in st.equations
                     if q.lhs == other[0] and q.rhs == 90
                     and any(w in q.instance.text for w in ("perpendicular", "an altitude of"))), None)
        if perp is None or self._stated_eq(s, e, why) is None:
            return None
        line = why.removeprefix("since ")
        return f"{_cap(perp)} and {line}, {self.eq(u, v)}."

    def _radius(self, s, e, u, v, known) -> str:
        """Radii said as a textbook says them: ``OC = OA = 4 (radii).``; the circle's radius itself is
        named only where it is asked (``the radius of circle O = OA = 4``), else it stands for its segment;
        each radius once."""
        if _key(e) in self.stated:
            return ""
        self.stated.add(_key(e))
        other = s.rhs if s.lhs == u else s.lhs
        val = self.n.number(v) if not v.free_symbols else self.n.expr(v)
        if element_of(u) is not None and element_of(u).kind.key == "radius":
            if other in known:
                self.radius_of[u] = other
                if other in self._givens() and not is_zero(u - self.proof.goal):
                    self.given_names.append(self.n.expr(u, None, False))  # (stated by the question itself)
                    return ""  # (the question gives AO = 9 as "the radius of circle O is 9": never restated)
                if not is_zero(u - self.proof.goal):  # 2·BO, not 2·radius of circle O, from then on: said once
                    self.n.local.setdefault(u, other)
                    if not any(q.instance.family.key != RADIUS and u in (q.lhs - q.rhs).free_symbols
                               for st in self.proof.steps for q, _ in st.equations):
                        return ""  # (only radii said equal to it: "BO = AO = 3 (radii)" names it)
                    self.n.local.pop(u)
                    try:
                        return (f"The radius of circle {element_of(u).points[0]} is "
                                f"{self.wrap(f'{self.n.expr(other)} = {val}')}.")
                    finally:
                        self.n.local[u] = other
            if u == self._target:
                return f"So {self.wrap(f'{self.n.expr(u)} = {self.n.expr(other)} = {val}')}."
            return ""
        self._count(s)
        src = self.radius_of.get(other)
        if src is not None and src != u and self._beyond_radii(src):
            return f"{self.wrap(f'{self.n.expr(u)} = {self.n.expr(src)} = {val}')} (radii)."
        return f"{self.wrap(f'{self.n.expr(u)} = {val}')} (a radius of circle {element_of(other).points[0]})."

    def _beyond_radii(self, x: sympy.Symbol) -> bool:
        """Does a step other than radii said equal (or its given value) use ``x``?  A radius only those name
        stands for its circle's radius: "TZ = 13 (a radius of circle T)", never "TZ = TW = 13 (radii)" with TW
        used nowhere else (the question says "the radius of circle T is 13")."""
        return any(q.instance.family.key not in (RADIUS, "given") and x in (q.lhs - q.rhs).free_symbols
                   for st in self.proof.steps for q, _ in st.equations)

    def _formula_roots(self, r: sympy.Expr, u: sympy.Symbol) -> str | None:
        """``by the quadratic formula, x = (-9 ± √(9² + 4·64))/2 = (-9 ± √337)/2`` for ``x² + 9x - 64 = 0``
        (whole coefficients), never the root alone; None where the coefficients are not whole."""
        a, b, c = (r.coeff(u, k) for k in (2, 1, 0))
        if not all(k.is_Integer for k in (a, b, c)) or a <= 0:
            return None
        x = self.n.expr(u)
        disc = b * b - 4 * a * c
        four = "4" if a == 1 else f"4·{a}"
        under = " ".join(p for p in (f"{abs(b)}²" if b else "", f"{'-' if c > 0 else '+'} {four}·{abs(c)}" if c else "")
                         if p).lstrip("+ ")
        top = f"{-b} ± " if b else "±"
        den = "2" if a == 1 else str(2 * a)
        root = self.n.number(sympy.sqrt(disc))
        return (f"by the quadratic formula, {x} = ({top}√({under}))/{den} = ({top}{root})/{den}"
                .replace("(±", "±(").replace("-0 ± ", "± "))

    def _solving(self, r: sympy.Expr, u: sympy.Symbol, v: sympy.Expr) -> tuple[list[str], str]:
        """How a student solves ``r = 0`` for ``u``: the collected equation (``8x = 80``; ``AD² + 12·AD -
        45 = 0``, then its factors) and, for a quadratic, which root is rejected and why."""
        try:
            r = sympy.expand(r)
            if r.free_symbols != {u} or v.free_symbols:
                return [], ""
            poly = sympy.Poly(r, u)
        except (sympy.PolynomialError, sympy.GeneratorsNeeded, TypeError, ValueError):
            return [], ""
        coeffs = poly.all_coeffs()
        if poly.degree() < 1 or any(not c.is_number for c in coeffs):
            return [], ""
        if poly.degree() == 1 and abs(poly.LC()) == 1:  # x + 5 = 12 gives x = 7: no "2x = 163" in between
            return [], ""
        if all(c.is_Rational for c in coeffs):  # whole coefficients, the leading one positive: 3x² - 8x - 3
            den = functools.reduce(sympy.ilcm, [c.q for c in coeffs], 1)
            g = functools.reduce(sympy.igcd, [int(c * den) for c in coeffs if c != 0]) if poly.degree() > 1 else 1
            r = sympy.expand(r * den / g)
        if poly.LC().could_extract_minus_sign():
            r = -r
        deg = _unit(u) == "degrees"
        if poly.degree() == 1:
            a = r.coeff(u, 1)
            if a == 1:
                return [], ""
            return [self.wrap(f"{self.n.expr(a * u)} = {self.n.number(-r.coeff(u, 0), deg)}")], ""
        if poly.degree() == 2 and r.coeff(u, 1) == 0 and (-r.coeff(u, 0) / r.coeff(u, 2)).is_positive:
            # a square equal to a number: AC² = 19, so AC = √19 (a length is never negative: no root to reject)
            square = self.wrap(f"{self.n.expr(u ** 2)} = {self.n.number(-r.coeff(u, 0) / r.coeff(u, 2), deg)}")
            return [square], "" if element_of(u) is not None else " (rejecting the negative root)"
        out = [self.wrap(f"{self.n.expr(r)} = 0")]
        if poly.degree() != 2:
            return out, ""
        roots = [x for x in sympy.roots(sympy.Poly(r, u)) if x.is_real]
        factored = sympy.factor(r)
        if factored.is_Mul and all(x.is_Rational for x in roots):
            out.append(self.wrap(f"{self.n.expr(factored)} = 0"))
        elif not self.n.latex and (formula := self._formula_roots(r, u)) is not None:
            out.append(formula)  # the roots shown by the formula, the numbers in (blind teacher 24)
        others = [x for x in roots if not is_zero(x - v)]
        if not others:
            return out, ""
        w = others[0]
        if w.is_negative and (element_of(u) is not None or (v.is_positive)):
            # (why: the unknown is a length, or the element it stands for is one)
            side = next((k for k, f in self.sub.items() if f == u and element_of(k) is not None
                         and element_of(k).kind.key == "length"), None)
            if side is not None:
                return out, f" (rejecting the negative root, as {self.n.expr(side)} = {self.n.expr(u)} is a length)"
            return out, " (rejecting the negative root)"
        bad = next((x for x, f in self.sub.items() if u in f.free_symbols and (f.xreplace({u: w})).is_nonpositive),
                   None)
        root = self.wrap(f"{self.n.expr(u)} = {self.n.number(w, deg)}")
        if bad is not None:
            return out, f" (rejecting {root}, which makes {self.n.expr(bad)} negative)"
        return out, f" (rejecting {root}, which does not fit the figure)"

    def _expressed(self, s, e, why, u, formula) -> str | None:
        self.n.local = {**self._spoken(s), **self.n.local}
        return self._expressed_in(s, e, why, u, formula)

    def _expressed_in(self, s, e, why, u, formula) -> str | None:
        if why is None and _key(s.lhs - s.rhs) == _key(u - formula):
            return None  # a given relation put in as it stands: the problem said it, and its use shows it
        reason = self._stated_eq(s, e, why)
        text = self.eq(u, formula)
        if reason is None:
            return None  # a fact stated before, put in without being said again
        lhs, rhs = s.lhs, s.rhs
        if (lhs == u and rhs == formula) or (rhs == u and lhs == formula) or _key(lhs - rhs) == _key(u - formula):
            return f"{reason}{_then(reason)}{text}."
        later = self._since_later()
        stated = self._stated_after(reason, s, lhs, rhs, u)
        known = self._ratio_known(s, lhs, rhs, u, stated)
        stated = f"{stated[:-1]}{known}$" if known and self.n.latex else stated + known
        return f"{reason}{stated}{later or ', so '}{text}."

    def _ratio_known(self, s, lhs: sympy.Expr, rhs: sympy.Expr, u: sympy.Symbol, stated: str) -> str:
        """The numbers put into the ratio of a stated proportion whose sides are all known (``EF/AC = FH/BC =
        12/15 = 4/5``, teacher 18: "EF/AC = FH/BC, so EF = 4·AC/5", 12/15 never shown); "" where none is."""
        pair = self._proportion_pair(s, lhs, rhs, u)
        if pair is None or not stated.endswith(self.eq(*pair)) or self.n.latex and not stated.endswith("$"):
            return ""
        vals = {**self._givens(), **{x: w for x, w in self.known.items() if not w.free_symbols}}
        side = pair[1]
        if not side.free_symbols or not side.free_symbols <= vals.keys():
            return ""
        shown, value = self.n.expr(side, vals), sympy.nsimplify(side.xreplace(vals))
        return " = ".join(dict.fromkeys(["", shown, self.n.number(value)]))

    def _quadratic(self, st) -> str | None:
        """A given in a variable met by another expression of the same element (``angle MLQ = 2·angle MLR
        = 8x`` and ``angle MLQ = 2x² - 10``), solved as a student solves it: the two set equal, the
        equation collected and factored, the root kept and the other rejected, then the step's element;
        None where the step is no such one."""
        if len(st.equations) != 1 or st.values or not st.target.is_Symbol:
            return None
        g = st.equations[0][0]
        e, target = g.lhs, st.target
        if (g.instance.family.key != "given" or not e.is_Symbol or element_of(e) is None or not g.rhs.free_symbols
                or any(element_of(x) is not None for x in g.rhs.free_symbols)):
            return None
        ft = self.sub.get(target)
        if ft is None or len(ft.free_symbols) != 1 or _linear(ft) is None:
            return None
        x = next(iter(ft.free_symbols))
        if g.rhs.free_symbols != {x}:
            return None
        xv = sympy.solve(ft - st.value, x)
        if len(xv) != 1:
            return None
        xv = xv[0]
        for r in self.relations:
            lin = _linear(r)
            c = sum((k for k, y in lin[0] if y == e), sympy.Integer(0)) if lin is not None else 0
            if c == 0:
                continue
            other = sympy.expand(e - r / c)
            inx = _put_all(other, {}, self.sub)
            if inx.free_symbols != {x}:
                continue
            steps, note = self._solving(g.rhs - inx, x, xv)
            deg = _unit(target) == "degrees"
            first = self.wrap(f"{self.n.expr(g.rhs)} = {self.n.expr(inx)}")
            forms = [first, *(y for y in steps if y != first), self.wrap(f"{self.n.expr(x)} = {self.n.number(xv)}")]
            self.stated.add(_key(g.lhs - g.rhs))
            return (f"Since {self.wrap(f'{self.n.expr(e)} = {self.n.expr(inx, None, deg)}')} and "
                    f"{self.eq(e, g.rhs)}, {_solved_forms(forms, so=True)}{note}. So {self._found_through(target, e, other, inx, x, xv, ft, st.value, deg)}.")
        return None

    def _unsay(self, eq: str) -> None:
        """The last line's closing sentence left out where it only says ``eq`` (``So angle MLR = 4x°.``, ``Since
        angle MPQ = 8x°, angle LQP = (180 - 8x)°.``: an expression in the variable, said again with its value)."""
        at = next((i for i in range(len(self.lines) - 1, -1, -1) if self.lines[i]), None)
        if at is None:
            return
        said = _SENTENCE.split(self.lines[at])
        m = re.fullmatch(r"(?:So|Since ([^,]+),) (.+)\.", said[-1])
        if m is None or m[2] != eq or m[1] and re.search(r"\b(?:is|are|lies|lie)\b", m[1]):
            return
        self.lines[at] = " ".join(said[:-1])

    def _found_through(self, target, e, other, inx, x, xv, ft, value, deg: bool) -> str:
        """The step's element once the variable is found, through the element the equation was about (``angle MLQ
        = (8·5)° = 40° and angle MLR = angle MLQ/2 = 40°/2 = 20°``), its expression in the variable said no earlier
        than here (teacher 18: "So angle MLR = 4x°" before x is known), dropped from the line before where that
        line ends with it; else through its own expression (``angle MLR = 4x° = (4·5)° = 20°``)."""
        self._unsay(self.eq(target, ft))
        tf = sympy.solve(e - other, target) if target in other.free_symbols else []
        ev = sympy.expand(inx.xreplace({x: xv}))
        if len(tf) != 1 or tf[0].free_symbols != {e} or ev.free_symbols:
            chain = [self.n.expr(target), self.n.expr(ft, None, deg), self.n.expr(ft, {x: xv}, deg),
                     self.n.number(value, deg)]
            return self.wrap(" = ".join(dict.fromkeys(chain)))
        first = [self.n.expr(e), self.n.expr(inx, {x: xv}, deg), self.n.number(ev, deg)]
        chain = [self.n.expr(target), self.n.expr(tf[0], None, deg), self.n.expr(tf[0], {e: ev}, deg),
                 self.n.number(value, deg)]
        return f"{self.wrap(' = '.join(dict.fromkeys(first)))} and {self.wrap(' = '.join(dict.fromkeys(chain)))}"

    def _by_ratio(self, st) -> str | None:
        """A proportion whose two unknown sides the problem gives only as a ratio (``AB = 3DE/5``), the
        ratio used visibly: ``Since ABC is similar to DEF, DF/AC = DE/AB. Since AB = 3DE/5, DE/AB = 5/3,
        so DF = AC·DE/AB = 12·5/3 = 20.``; None where the step is no such one."""
        if len(st.equations) != 1 or st.values or not st.target.is_Symbol:
            return None
        s = st.equations[0][0]
        t = st.target
        if s.instance.family.key == "given" or _key(s.lhs - s.rhs) in self.stated or len(s.uses) != 2:
            return None
        ratio = next((u for u in s.uses if len(u) == 2 and self.proof._value_of(u) == 0), None)
        if ratio is None:
            return None
        (a, ca), (b, cb) = sorted(ratio.items(), key=lambda kv: kv[0].name)
        r = sympy.Rational(-ca) / sympy.Rational(cb)  # b/a = -ca/cb
        e = sympy.expand(s.lhs - s.rhs)
        try:
            if sympy.Poly(e, t).degree() != 1 if t in e.free_symbols else True:
                return None
        except sympy.PolynomialError:  # the unknown inside a sine or cosine (an angle from a ratio): no proportion
            return None
        formula = sympy.expand(-e.coeff(t, 0) / e.coeff(t, 1))
        if not r.is_Rational or r <= 0:
            return None
        known = {x: v for x, v in self.known.items() if x in formula.free_symbols}
        put = formula.xreplace(known)
        if put.free_symbols != {a, b}:
            return None
        if not sympy.simplify(put.xreplace({a: 1 / r, b: 1}) - st.value) == 0:
            return None
        num, den = (b, a) if sympy.simplify(put / (b / a)).free_symbols == set() else (a, b)
        rr = r if num == b else 1 / r
        why = self._stated_eq(s, s.lhs - s.rhs, s.instance.text)
        if why is None:
            return None
        given = self.eq(a, -cb / ca * b) if abs(ca) == 1 else self.eq(b, -ca / cb * a)
        shown = self.n.expr(formula, {**known, num: sympy.Integer(rr.p), den: sympy.Integer(rr.q)})
        if rr.q == 1 and not self.n.latex:  # a whole ratio put in: 3·10, never 3·10/1 (blind teacher 23)
            shown = re.sub(r"/1(?![\d.])", "", shown)
        chain = " = ".join(dict.fromkeys([self.n.expr(t), self.n.expr(formula), shown, self.n.number(st.value)]))
        natural, ratio = self._natural(s, s.lhs, s.rhs, t), f"{self.n.expr(num)}/{self.n.expr(den)}"
        if not self.n.latex and natural.endswith(f" = {ratio}") and any(
                re.search(rf"(?<![\w·]){re.escape(given)}(?![\w·(])", x) for x in self.lines):
            # (the ratio's sides just found in proportion, "So KM = 3·KP.": its value put in, never "Since KM =
            # 3·KP, KM/KP = 3" restating it, blind teacher 35)
            return f"{_cap(why)}{_then(why)}{natural} = {self.n.number(rr)}, so {chain}."
        return (f"{_cap(why)}{_then(why)}{natural}. Since {given}, "
                f"{self.wrap(f'{self.n.expr(num)}/{self.n.expr(den)} = {self.n.number(rr)}')}, so {self.wrap(chain)}.")

    def _as_before(self, st, say: list[str]) -> None:
        """A step that cannot be taken apart: its equations, then "So" (counted as a jump)."""
        solved = self._quadratic(st) or self._by_ratio(st)
        if solved is not None:
            self.jumps.append(1)
            self.lines.append(" ".join([*say, solved]))
            self.known[st.target] = st.value
            self._variable_found(st.target, st.value)
            self.stated.add(_key(st.target - st.value))
            return
        n = 0
        later: list[sympy.Expr] = []  # relations a criterion's sentence used but does not list (each = 0)
        givens = []  # a given relation the step rests on, said in its conclusion: "Since AC = y, y = √33."
        for s, _ in st.equations:
            if s.instance.family.key == "given":
                if not (s.lhs.is_Symbol and not s.rhs.free_symbols) and _key(s.lhs - s.rhs) not in self.stated:
                    self.stated.add(_key(s.lhs - s.rhs))
                    givens.append(self.eq(s.lhs, s.rhs))
                continue
            k = _key(s.lhs - s.rhs)
            n += 1
            if k in self.stated:
                continue
            self.stated.add(k)
            self._count(s)
            why = f"{self.join([s.lhs, s.rhs])}{self._reason(s, s.instance.text)}"
            eq = self._natural(s, s.lhs, s.rhs, st.target) if st.target.is_Symbol else self.eq(s.lhs, s.rhs)
            say.append(f"{why}{_then(why)}{eq}.")
            givens += [x for x, _ in self._later if x not in givens]  # (a criterion's other facts: said here)
            later += [r for _, r in self._later]
            self._later = []
        shown = [self.eq(a, b) for a, b in st.values if not (a.is_Symbol and a in self.known)]
        if shown:
            say.append(f"With {and_list(shown)},")
        worked = self._put_later(st, later) if givens and not shown and n == 1 else None
        say.append(f"Since {and_list(givens)}, {worked or self.said(st.target, st.value)}." if givens and not shown
                   else f"So {self.said(st.target, st.value)}.")
        self.jumps.append(n + len(st.values))
        self.lines.append(" ".join(say))
        if st.target.is_Symbol:
            self.known[st.target] = st.value
        else:
            self._keep_expression(st.target - st.value)
        self.stated.add(_key(st.target - st.value))


    def _variable_found(self, u: sympy.Symbol, v: sympy.Expr) -> None:
        """The variable an element was written in, known with it (angle MLR = 4x° = 20°: x = 5 too), so that a
        later step puts in the value of another element in it (angle MLQ = 8x° = 40°)."""
        e = self.sub.get(u)
        if e is None or len(e.free_symbols) != 1 or (lin := _linear(e)) is None or len(lin[0]) != 1:
            return
        (c, x), = lin[0]
        self.known.setdefault(x, (v - lin[1]) / c)


def _valued_before(out: list[str], valued: list[tuple[str, str]], lines: list[str]) -> list[str]:
    """Each ``(sentence, equation)`` of ``valued`` (an element's value from a variable found before) said as a
    sentence of its own just before the sentence of ``out`` that puts it in, once."""
    for said, shown in dict.fromkeys(valued):
        if any(said.split(", ", 1)[1] in x for x in [*lines, *out]):
            continue
        for i, item in enumerate(out):
            if shown in item:
                parts = _SENTENCE.split(item)
                j = next(k for k, x in enumerate(parts) if shown in x or k == len(parts) - 1)
                out[i] = " ".join([*parts[:j], said, *parts[j:]])
                break
    return out


def _concluded(target: sympy.Expr, value: sympy.Expr, expressed: tuple | None) -> bool:
    """The last equation written gave one element of a relation in the other's terms and so is the relation itself
    (``AE = AC/2 = (2·AF)/2 = AF`` for AE = AF): a "So AE = AF." after it would say it again."""
    if expressed is None:
        return False
    u, e = expressed
    return (u in target.free_symbols and e.free_symbols <= target.free_symbols - {u}
            and is_zero(target.xreplace({u: e}) - value))


def _halves(pool: list, target: sympy.Expr | None = None) -> list:
    """A midpoint said as one: where the step has ``AE = BE`` and the line addition ``AE + BE = AB``,
    the line addition becomes ``AE = AB/2`` (or ``BE = AB/2``, the half the step is for) with the reason
    of the equal halves (``since EF is the midsegment of ABCD, E is the midpoint of AB``, unless that reason
    says so already), never ``3 - BE = BE, so 2·BE = 3``."""
    out = list(pool)
    for _s1, e1, why1 in pool:
        lin = _linear(e1)
        if why1 is None or lin is None or lin[1] != 0 or sorted(c for c, _ in lin[0]) != [-1, 1]:
            continue
        (_, x), (_, y) = lin[0]
        ex, ey = element_of(x), element_of(y)
        if ex is None or ey is None or ex.kind.key != "length" or ey.kind.key != "length":
            continue
        mid = set(ex.points) & set(ey.points)
        if len(mid) != 1 or set(ex.points) == set(ey.points):
            continue
        m = mid.pop()
        p, q = (next(a for a in e.points if a != m) for e in (ex, ey))
        whole = element_symbol("length", (p, q))
        for j, (s2, e2, why2) in enumerate(out):
            lin2 = _linear(e2) if why2 is not None else None  # (the line addition, or the point's own relation)
            if lin2 is None or lin2[1] != 0 or {z for _, z in lin2[0]} != {x, y, whole} or _key(e2) != _key(
                    x + y - whole):
                continue
            u = y if target is not None and is_zero(target - y) else x
            half = dataclasses.replace(s2, lhs=u, rhs=whole / 2, row=None, solved=None, value=None)
            said = f"{m} is the midpoint of {p}{q}"
            why = why1 if said in why1 else f"{why1}, {said}"
            out[j] = (half, u - whole / 2, why)
            return out
    return out


def _share(n: Namer, f: sympy.Rational, y: sympy.Symbol, total: sympy.Expr, deg: bool) -> str:
    """The part ``f`` of a whole ``total`` with its number put in, not yet worked (``60°/2``, ``2·6√3/3``):
    the number is put in through a stand-in of the part's own kind (``y``), so it carries its unit."""
    whole = n.number(total, deg)
    if n.latex or not re.fullmatch(r"[\d.√π°]+", whole):
        return n.expr(f * y, {y: total}, deg)
    return f"{whole}/{f.q}" if f.p == 1 else f"{f.p}·{whole}/{f.q}"


def _parts_ratio(r: sympy.Expr, others: list[sympy.Expr]) -> bool:
    """Is ``r = 0`` a ratio of two elements (``x = k·y``, k > 0) whose sum another equation gives (``x + y
    + … = s``)?  Put in first, it leaves the sum one unknown, solved as its parts (``_equal_parts``), never
    as ``s - y = k·y``."""
    lin = _linear(r)
    if lin is None or lin[1] != 0 or len(lin[0]) != 2 or any(element_of(x) is None for _, x in lin[0]):
        return False
    (a, x), (b, y) = lin[0]
    if a * b >= 0:
        return False
    for o in others:
        lo = _linear(o)
        if lo is not None and (c := [next((c for c, z in lo[0] if z == w), 0) for w in (x, y)])[0] != 0 \
                and c[0] == c[1]:
            return True
    return False


def _put_all(e: sympy.Expr, known: dict, sub: dict) -> sympy.Expr:
    """``e`` with the values found and the expressions written so far put in, until nothing changes."""
    for _ in range(4):
        e2 = e.xreplace(known).xreplace(sub)
        if e2 == e:
            break
        e = e2
    return sympy.expand(e) if not e.has(Degrees) else e


def put_in(formula: sympy.Expr, sub: dict, vals: dict) -> sympy.Expr:
    """A formula with the step's expressions and values put in (what its written chain shows)."""
    return formula.xreplace({k: w for k, w in sub.items() if k not in vals}).xreplace(vals)


def _named_in(s: sympy.Symbol, text: str) -> bool:
    el = element_of(s)
    if el is None:
        return False
    pts = "".join(el.points)
    return re.search(rf"\b({pts}|{pts[::-1]})\b", text) is not None


# the shape kinds whose sides are all equal: two of its sides said equal go without saying where a sentence
# names the shape by its kind
_EQUAL_SIDES = frozenset({"equilateral triangle", "rhombus", "square"})


def _shape_says(instance, e: sympy.Expr) -> bool:
    """Is ``e`` (= 0) two sides said equal of the shape the instance's sentence names by a kind whose sides are
    equal (AB - BC beside "the equilateral triangle ABC": the block's declared ``shape``)?"""
    shape, name = getattr(instance.family, "shape", None), _shape_named(instance)
    if name is None or shape[0] not in _EQUAL_SIDES:
        return False
    pts = list(split_points(name))
    sides = {frozenset((a, b)) for a, b in zip(pts, pts[1:] + pts[:1])}
    els = [element_of(x) for x in e.free_symbols]
    lin = _linear(e)
    return (len(els) == 2 and all(el is not None and el.kind.key == "length" and frozenset(el.points) in sides
                                  for el in els) and lin is not None and lin[1] == 0
            and sorted(c for c, _ in lin[0]) == [-1, 1])


def _expr(target: dict) -> sympy.Expr:
    return sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * k if isinstance(c, Fraction) else c * k
                       for k, c in target.items()))


def _formula(e: sympy.Expr, u: sympy.Symbol, known: dict, sub: dict, v: sympy.Expr) -> sympy.Expr | None:
    """``u`` from ``e = 0`` in the other elements (the root that takes ``u``'s value), or None."""
    if u not in e.free_symbols:  # nothing to solve (sympy.solve would take ~70 ms to say so)
        return None
    lin = _linear(e)
    if lin is not None:
        c = sum((k for k, s in lin[0] if s == u), sympy.Integer(0))
        if c == 0:
            return None
        return sympy.expand(u - e / c)
    mine = [t for t in sympy.Add.make_args(e) if u in t.free_symbols]
    c = mine[0].as_coeff_Mul()[0] if len(mine) == 1 and mine[0].as_coeff_Mul()[1] == u else 0
    if c != 0:  # 2·area = AB·CD·sin(angle APC): area = AB·CD·sin(angle APC)/2, its factors as they stand
        return -sympy.Add(*(t for t in sympy.Add.make_args(e) if u not in t.free_symbols)) / c
    k = sympy.Mul(*(f for f in sympy.Mul.make_args(mine[0]) if f != u)) if len(mine) == 1 else sympy.Integer(0)
    if k != 0 and u in sympy.Mul.make_args(mine[0]) and k.free_symbols and e.free_symbols - {u} <= set(known):
        # AC = BC·tan(angle ABC), the angle known: BC = AC/tan(angle ABC), not "8 = BC·tan(30°)" worked backwards
        rest = -sympy.Add(*(t for t in sympy.Add.make_args(e) if u not in t.free_symbols))
        if k.could_extract_minus_sign():  # DE = 2·(area ABCD)/(AD + BC), never -2·(area ABCD)/(-AD - BC)
            rest, k = -rest, -k
        return rest / k
    if e.has(Degrees) or v.free_symbols or sympy.count_ops(e) > 30:
        return None
    roots = _square_roots(e, u)
    try:
        if roots is None:  # (bounded by the size above, not by CPU time: the same proof on any machine)
            roots = sympy.solve(e, u)
    except (NotImplementedError, ValueError, TypeError, ZeroDivisionError, RecursionError):
        return None
    target = float(sympy.N(v))
    for r in roots:
        try:
            x = complex(sympy.N(r.xreplace(known).xreplace(sub).xreplace(known)))
        except (TypeError, ValueError):
            continue
        if abs(x.imag) < 1e-9 and math.isclose(x.real, target, rel_tol=1e-6, abs_tol=1e-9):
            return r
    return None


def _square_roots(e: sympy.Expr, u: sympy.Symbol) -> list[sympy.Expr] | None:
    """The roots of ``a·u² + c = 0`` (Pythagoras solved for a side), or None for any other form."""
    e0, e = e, sympy.expand(e)
    a, c = e.coeff(u, 2), e.coeff(u, 0)
    if a == 0 or u in a.free_symbols or u in c.free_symbols or sympy.expand(e - a * u ** 2 - c) != 0:
        return None
    inside = -c / a
    rest = sympy.Add(*(t for t in sympy.Add.make_args(e0) if u not in t.free_symbols))
    if sympy.expand(rest - c) == 0 and sympy.count_ops(rest) < sympy.count_ops(c):
        # as the theorem states it: √(AB² - (AD - BC)²/4), not four expanded terms
        sign = -1 if a.as_coeff_Mul()[0] > 0 else 1
        inside = sympy.Add(*(sign * t for t in sympy.Add.make_args(rest))) / (-sign * a)
    r = sympy.Pow(inside, sympy.Rational(1, 2), evaluate=not inside.is_Mul)  # √(BC·BN), not √BC·√BN
    return [r, -r]


def _named_by(full: sympy.Expr, u: sympy.Symbol, known: dict, sub: dict) -> sympy.Symbol | None:
    """The one element of ``full = 0`` still unknown where the problem names it ``u`` itself (angle KGL = x):
    a student solves the theorem's linear equation for that element, its numbers put in, and then reads off
    ``u``.  None where ``u`` is an element, another element is unknown, or the element is a formula in ``u``."""
    if element_of(u) is not None or u in full.free_symbols or _linear(full) is None:
        return None  # (a proportion keeps its ratios with the numbers put in: x/20 = 10/16)
    free = [x for x in full.free_symbols if x not in known]
    if len(free) != 1 or free[0] not in sub or not is_zero(sub[free[0]] - u) or element_of(free[0]) is None:
        return None
    return free[0]


def _collected(a: sympy.Expr, b: sympy.Expr, u: sympy.Symbol, vals: dict, sub: dict) -> bool:
    """Is the equation ``a = b`` with the values put in already a multiple of ``u`` against numbers (``5² = 15y``),
    so that collecting it (``15y = 25``) would only say it again?"""
    sides = [sympy.expand(_put_all(x, vals, sub)) for x in (a, b)]
    free = [x for x in sides if u not in x.free_symbols]
    held = [x for x in sides if u in x.free_symbols]
    if len(free) != 1 or len(held) != 1 or free[0].free_symbols:
        return False
    c, rest = held[0].as_coeff_Mul()
    return rest == u and c.is_number and c != 0


def _alone(a: sympy.Expr, b: sympy.Expr, u: sympy.Symbol, vals: dict, sub: dict) -> bool:
    """Whether an equation sets an element found before equal to what is ``u`` alone (angle HGJ = angle
    KGL, angle HGJ = 163/2, angle KGL = x): nothing is left to solve, and writing ``163/2 = x`` and then
    solving it says one value three times.  (A side that is a formula, 14·cos(30°), keeps its working.)"""
    return any(x.is_Symbol and x in vals and not sympy.sympify(vals[x]).free_symbols
               and is_zero(_put_all(y, vals, sub) - u) for x, y in ((a, b), (b, a)))


def _solve_system(rows: list[sympy.Expr], unknowns: list[sympy.Symbol]) -> dict | None:
    try:
        sol = sympy.solve(rows, unknowns, dict=True)
    except (NotImplementedError, ValueError, TypeError):
        return None
    if len(sol) != 1 or set(sol[0]) != set(unknowns) or any(v.free_symbols for v in sol[0].values()):
        return None
    return sol[0]


def sentences(lines: list[str]) -> list[str]:
    return [x for line in lines for x in _SENTENCE.split(line) if x]


def measures(w: Written) -> dict:
    """What a teacher counts: theorems applied, sentences said twice, the widest conclusion, values put
    in before they were stated."""
    said = sentences(w.lines)
    return {"theorems": w.theorems, "sentences": len(said), "repeated": len(said) - len(set(said)),
            "widest": max(w.jumps, default=0), "long_jumps": sum(1 for j in w.jumps if j >= LONG_JUMP),
            "unstated": len(unstated(w.lines, w.givens))}


# an element's name in a text proof: arcs and circles' elements before a bare segment (arc AB, not AB)
_NAME = re.compile(r"(?:major |minor )?arc [A-Z]{2,3}\b|angle [A-Z]{3}\b|(?:the )?(?:radius|diameter|circumference"
                   r"|area) of circle [A-Z]\b|(?<![A-Za-z])[A-Z]{2}(?![A-Za-z])")
_CLAUSE = re.compile(r", | and |; ")
_REASON = re.compile(r" \((?:a|an|the) [^)]*\)| \([a-z ]+\)$")  # AO = 5 (a radius of circle O); … = 30° (given)


def _put_in(names: str, numbers: str) -> bool:
    """Is ``numbers`` ``names`` with a number put in for each name (``180° - 80°`` of ``180° - angle
    ACB``), not another expression (a sum whose names cancel)?"""
    pattern = "".join(re.escape(p) if i % 2 == 0 else r"\(?[^A-Za-z=]+?\)?"
                      for i, p in enumerate(_NAME.sub(lambda m: "\0", names).split("\0")))
    return re.fullmatch(pattern, numbers) is not None


def unstated(lines: list[str], givens: tuple[str, ...] | list[str] = ()) -> list[str]:
    """Each value a text proof puts in (``180° - angle ACB = 180° - 80°``) for an element no earlier
    equation brought to a number (``angle ACB = 3x - 10 = 80°``, ``We are given AB = 5``): a reader
    meets the number before its reason.  One entry per sentence and element, as ``element: sentence``."""
    stated: set[str] = {g.removeprefix("the ") for g in givens}  # the problem states its givens
    ratios: set[str] = set()  # the ratios "X = k·Y" has said: X/Y
    out = []
    for sentence in sentences(lines):
        for clause in _CLAUSE.split(sentence):
            parts = _REASON.sub("", clause.rstrip(".")).split(" = ")
            if len(parts) < 2:
                continue
            parts[0] = re.sub(r"^(?:hence|so|then) ", "", parts[0])  # ("; hence angle DBO = angle ABO = 45°")
            names = [[m.group(0).removeprefix("the ") for m in _NAME.finditer(p)] for p in parts]
            lead = next((i for i, (p, n) in enumerate(zip(parts, names)) if len(n) != 1 or p.strip() != n[0]),
                        len(parts))
            if 0 < lead < len(parts) and not any(names[lead:]):
                # "angle CBE = angle ADG = 90°" (a shape's, or two right angles for one reason), "angle BAE =
                # angle DAE = 60°/2 = 30°" (equal parts of a whole): each name is stated, no value put in
                stated.update(n[0] for n in names[:lead])
                continue
            for j in range(1, len(parts) - 1):
                if parts[j].strip() in ratios and not names[j + 1]:
                    continue  # (a ratio whose sides a sentence before set in proportion: "So KM = 3·KP." then
                    # "LM/LR = KM/KP = 3" puts in no value of KM or KP)
                if names[j] and not names[j + 1] and _put_in(parts[j], parts[j + 1]):
                    out += [f"{x}: {sentence}" for x in names[j] if x not in stated and x not in names[0]
                            and not (re.fullmatch(r"[A-Z]{2}", x) and x[::-1] in stated)]  # (CA is AC)
            if not re.search(r"[A-Za-z]", parts[-1]) and len(names[0]) == 1:  # a number, not 3x - 10
                stated.add(names[0][0])
            if len(parts) == 2 and len(names[0]) == 1 and len(names[1]) == 1 and re.fullmatch(
                    rf"[0-9./]+·{re.escape(names[1][0])}", parts[1].strip()):  # KM = 3·KP: KM/KP is known
                ratios.add(f"{names[0][0]}/{names[1][0]}")
    return list(dict.fromkeys(out))


def write(proof, style: str = "text", arcs: dict | None = None) -> Written:
    """The proof's sentences (one line per step), and how many equations each conclusion was read from."""
    w = _Writer(proof, style, arcs)
    last = 0  # where the last step's sentences begin: a goal step that says nothing still needs its line
    premises_only = _restated_premises(proof)
    by_shape = _said_by_shape(proof)
    for i in _near_use(proof.steps):
        st = proof.steps[i]
        if i in by_shape:  # "…, it is equilateral.": its equal sides go without saying
            w.shape_only(st)
            continue
        if i in premises_only:  # the question's relation, which the judgements using it name as their premise
            w.stated.add(_key(st.target - st.value))
            if st.target.is_Symbol:
                w.known.setdefault(st.target, st.value)
                w.restated.add(st.target)
                words = [q.instance.text for q, _ in st.equations if q.instance.family.key == "relation"]
                if len(words) == 1 and re.fullmatch(r"since [A-Z]{2} is perpendicular to [A-Z]{2}", words[0]):
                    w.restated_words[st.target] = words[0].removeprefix("since ")
            continue
        last = len(w.lines)
        saved = (set(w.stated), w.theorems, len(w.jumps), len(w.lines), dict(w.known),
                 None if w.joined is None else set(w.joined), dict(w.rules))
        try:
            w.step(st)
        except (TypeError, ValueError, ZeroDivisionError, NotImplementedError, RecursionError):
            # sympy could not take this step apart (an expression it cannot compare): write it whole
            w.stated, w.theorems, w.known, w.joined, w.rules = saved[0], saved[1], saved[4], saved[5], saved[6]
            del w.jumps[saved[2]:], w.lines[saved[3]:]
            w._as_before(st, [])
    # the goal's step said nothing after earlier ones (sin(angle BAC) once angle BAC is known: "nothing new to
    # say"); with no line at all, the goal's own reason or its given is said below
    silent = any(w.lines) and not any(w.lines[last:])
    if proof.steps and (not is_zero(proof.steps[-1].target - proof.goal) or proof.goal in w.n.written or silent):
        v = proof.value
        name = w.n.written.get(proof.goal)
        if name is not None:  # major arc AB = 360° - angle AOB = 360° - 70° = 290°
            c0, rest = proof.goal.as_coeff_Add()
            u = rest.as_coeff_Mul()[1]
            why = f"since {_arc_reason(u, -2)}, " if c0 and rest.as_coeff_Mul()[0] == -2 else ""
            degrees = name[2]
            chain = [name[1] if w.n.latex else name[0], w.n.expr(proof.goal, None, degrees)]
            if not proof.goal.is_Symbol:
                chain.append(w.n.expr(proof.goal, {s: w.known[s] for s in proof.goal.free_symbols if s in w.known},
                                      degrees))
            chain.append(w.n.number(v, degrees))
            if not why and not any(w.lines) and not degrees:  # the whole proof is the shape's own formula:
                words, _, shape = name[0].rpartition(" ")  # "By the area formula of ABCDEF, area ABCDEF = …"
                words = {"arc": "arc length"}.get(words, words)  # ('arc AOB' of sector AOB is its length)
                w.lines.append(f"By the {words} formula of {shape}, {w.wrap(' = '.join(dict.fromkeys(chain)))}.")
            else:
                w.lines.append(f"Therefore, {why}{w.wrap(' = '.join(dict.fromkeys(chain)))}." if why
                               else f"Therefore {w.wrap(' = '.join(dict.fromkeys(chain)))}.")
        elif (ratio := _quotient_worked(w, proof.goal, v)) is not None:  # 3.5/(7√2/2) = 7/(7√2) = 1/√2 = √2/2
            w.lines.append(f"Therefore {w.wrap(ratio)}.")
        elif (pyth := _pythagorean_ratio(w, proof.goal, v)) is not None:  # sin from cos: √(1 - (33/65)²)
            w.lines.append(f"Therefore {pyth}.")
        elif (ratio := _ratio_worked(w, proof.goal, v)) is not None:  # 2/(2√13 - 3) = 2(2√13 + 3)/43 = …
            w.lines.append(f"Therefore {w.wrap(ratio)}.")
        elif v.is_Rational and not v.is_Integer:  # a ratio's exact value as a fraction (7/2, not 3.5), worked
            exact = sympy.latex(v) if w.n.latex else str(v)
            chain = [w._goal_name(proof.goal)]
            if not proof.goal.is_Symbol and all(x in w.known and not w.known[x].free_symbols
                                                for x in proof.goal.free_symbols):
                chain.append(w.n.expr(proof.goal, w.known))
            w.lines.append(f"Therefore {w.wrap(' = '.join(dict.fromkeys([*chain, exact])))}.")
        else:
            w.lines.append(f"Therefore {w._worked(proof.goal, proof.value, w.known)}.")
    lines = _unsaid_givens(_merge_givens([_GIVEN_TWICE.sub(r"\1, ", _said_once(x)) for x in w.lines if x]))
    lines = _hence_given(_rule_again(_same_reason(_facts_of_shape(_unused_halves(_unused_right_angles(lines)),
                                                                  w.given_names))))
    said = getattr(proof, "rules", {}).get((proof.goal, proof.value))
    if not lines and said:  # the goal is a shape's own value: say its rule (a regular polygon's angle)
        lines = [f"{_cap(said)}, so {w.eq(proof.goal, proof.value)}."]
    elif not lines and proof.steps and all(q.instance.family.key == "given" for st in proof.steps
                                            for q, _ in st.equations):  # the goal is itself a given
        lines = [f"{_cap(w.eq(proof.goal, proof.value))} is given."]
    if not w.n.latex:
        goal = w.n.expr(proof.goal) if proof.goal is not None and proof.goal.is_Symbol else None
        lines = [_INVERSE_SAID.sub(lambda m: _ratio_said(m, goal), x) for x in lines]
    shapes = getattr(proof, "shapes", {})
    lines = _height_once([_HEIGHT_SAID.sub(lambda m: _height_said(m, w.n, shapes), x) for x in lines], w.n.heights)
    intros = {**getattr(proof, "intros", {}), **w.height_intros}
    for x in w.n.lettered:  # the radius found is found as r (r = AB/2 = …), r introduced before its first use
        r, circle = w.n.letters[x], element_of(x).points[0]
        alone = rf"\text{{the radius of circle {circle}}} = " if w.n.latex else f"the radius of circle {circle} = "
        at = next((i for i, line in enumerate(lines) if alone in line), None)
        if at is not None:
            lines[at] = lines[at].replace(alone, f"{r} = ", 1)
        src, val = w.radius_of.get(x), w.known.get(x)
        if at is None and src is not None and val is not None and not val.free_symbols:  # put in as a number:
            said = f"{r} = {w.n.expr(src)}" if w._beyond_radii(src) else r  # (AO only where a step uses it)
            # (also where a step names the radius by its segment: "Let r = AO = 9" is filler, blind teacher 34)
            dropped = None if w.n.latex else _letter_dropped(lines, r, w.n.number(val))
            if dropped is not None:  # (the radius given: "BC = 2·8 = 16", no "Let r = 8 be the radius …")
                lines = dropped
                continue
            intros[r] = f"Let {w.wrap(f'{said} = {w.n.number(val)}')} be the radius of circle {circle}."
            continue  # (which segment is r, said where it is put in: never π·60·6²/360 after a bare "Let r be …")
        intros[r] = f"Let {f'${r}$' if w.n.latex else r} be the radius of circle {circle}."
    lines = _as_stated(tidy(_criterion_once(_no_tautology(lines)), getattr(proof, "diameters", frozenset()),
                            frozenset(w.given_names)),
                       getattr(proof, "shapes", {}))
    lines = midsegment_parallel(fold_ties(right_angle_near_use(w._triangle_angles(lines)), _angle_values(w, proof)))
    lines = [_THEOREM_AFTER.sub(r"\1, \3 (\2)", x) for x in lines]
    lines = [_SINES_CROSSED.sub(r"\1\2/sin(\5) = \4/sin(\3)", _chained(x)) for x in lines]
    lines = _chords_as_named(_then_once(_joins_merged(_join_first(_radius_named(_equilateral_once(lines))))))
    if not w.n.latex:
        lines = _diameter_rule_once(lines)
    lines = [_PERPENDICULAR_AT.sub(lambda m: _perpendicular_on(m, w), x) for x in lines]
    lines = perpendicular_as_reason(lines)  # (after the foot's line is named: "and R lies on CA" stays)
    lines = _perpendicular_through(since_once(lines))
    lines = _triangles_as_stated(lines, (*getattr(proof, "triangles", ()), *_asked_triangles(proof)))
    if not w.n.latex:
        lines = _bisector_as_ratio(_radius_said_once([_formula_once(_formula_put_in(x)) for x in lines]))
    if not w.n.latex:
        lines = _angles_in_their_triangle(lines, w)
    lines = _criterion_stated(lines)
    if not w.n.latex:
        lines = _equilateral_kept(_isosceles_known([_HALF_THEN.sub(_half_once, x) for x in lines]))
    if not w.n.latex and proof.goal is not None and lines and proof.value is not None:
        lines[-1] = _closing(lines[-1], w, proof.goal, proof.value, lines)
    if not w.n.latex:
        lines = _chords_equal_where_used(_measure_named(lines, getattr(proof, "shapes", {})))
    if not w.n.latex and getattr(proof, "drawn", None) is not None:
        lines = joined_as_used(lines, proof.drawn, getattr(proof, "points", ()) or {p for x in proof.drawn for p in x})
    return Written(_introduce(lines, intros), w.jumps, w.theorems,
                   tuple(dict.fromkeys(w.given_names)))


# "Since the chords HN and ES of circle M are equal, …": a reason that restates two chords equal
_CHORDS_EQUAL_SINCE = re.compile(r"^Since the chords ([A-Z]{2}) and ([A-Z]{2})(?: of circle [A-Z])? are equal, ")
# "…; hence ES = HN.": a sentence that concludes two segments equal
_HENCE_EQUAL = re.compile(r"(?:; hence |, )([A-Z]{2}) = ([A-Z]{2})\.$")


def _chords_equal_where_used(lines: list[str]) -> list[str]:
    """Two chords shown equal (``…; hence ES = HN.``) and used only by a later reason that says them equal again
    (``Since the chords HN and ES of circle M are equal, so are their minor arcs; …``): the sentence that shows it
    goes just before its use, which then says ``Since these chords are equal, …`` (blind teacher 37 fg 16: proved
    first, restated at the end)."""
    said = [[x for x in _SENTENCE.split(line) if x] for line in lines]
    at = [(i, j) for i, line in enumerate(said) for j in range(len(line))]
    for k, (i2, j2) in enumerate(at):
        m = _CHORDS_EQUAL_SINCE.match(said[i2][j2])
        pair = {frozenset(m[1]), frozenset(m[2])} if m else None
        shown = next((k1 for k1 in range(k - 1, -1, -1) if pair and (h := _HENCE_EQUAL.search(said[at[k1][0]][
            at[k1][1]])) and {frozenset(h[1]), frozenset(h[2])} == pair), None)
        if shown is None:
            continue
        names = re.compile(rf"(?<!arc )\b(?:{m[1]}|{m[1][::-1]}|{m[2]}|{m[2][::-1]})\b")  # (segments, not arcs)
        if any(names.search(said[i][j]) for i, j in at[shown + 1:k]):
            continue  # (used between: it stays where it is)
        i1, j1 = at[shown]
        sentence, said[i1][j1] = said[i1][j1], ""
        said[i2][j2] = f"{sentence} Since these chords are equal, {said[i2][j2][m.end():]}"
    return [" ".join(x for x in line if x) for line in said if any(line)]


# "Perimeter ABC = AB + BC + CA = …", "Hence perimeter BCD = …": a shape's perimeter or area opening a sentence (or
# its "hence") by its symbol's words
_MEASURE_OPENS = re.compile(r"(?:^|(?<=\. ))(?:(Perimeter|Area)|(Hence|So|Then) (perimeter|area)) ([A-Z]{3,}) = ")


def _measure_named(lines: list[str], shapes: dict) -> list[str]:
    """A sentence that opens with a shape's perimeter or area says it in words (``The perimeter of triangle ABC =
    AB + BC + CA = …``, ``Hence the perimeter of triangle BCD = …``), never the symbol's ``Perimeter ABC =`` (blind
    teacher 37 fg 5)."""
    def put(m: re.Match) -> str:
        pts = m[4]
        kind = ("triangle" if len(pts) == 3 else
                shapes.get(polygon_key(tuple(pts)), ("quadrilateral" if len(pts) == 4 else None,))[0])
        lead = f"{m[2]} the" if m[2] else "The"
        return f"{lead} {(m[1] or m[3]).lower()} of {f'{kind} ' if kind else ''}{pts} = "
    return [_MEASURE_OPENS.sub(put, x) for x in lines]


# the cut-off parallelogram's half read off the midpoint, then the same half as an equation: "DF = AE, half of AB
# (as E is its midpoint); hence DF = AB/2 = 8/2 = 4"
_HALF_THEN = re.compile(r"\b(?P<x>[A-Z]{2}) = (?P<y>[A-Z]{2}), half of (?P<s>[A-Z]{2}) \(as (?P<m>[A-Z]) is its "
                        r"midpoint\); hence (?P=x) = (?P<t>[A-Z]{2})/2(?P<rest>(?: = [^;]*?)?)(?P<end>\.(?=\s|$)|;|$)")


def _half_once(m: re.Match) -> str:
    """The half said once, as one chain with the midpoint its reason (blind teacher 36: "DF = AE, half of AB (as E is
    its midpoint); hence DF = AB/2" says one thing twice): ``DF = AE = AB/2 = 8/2 = 4 (as E is the midpoint of
    AB)``."""
    if m["t"] not in (m["s"], m["s"][::-1]):
        return m[0]
    return f"{m['x']} = {m['y']} = {m['t']}/2{m['rest']} (as {m['m']} is the midpoint of {m['t']}){m['end']}"


_ISOSCELES_WITH = re.compile(r"\bis isosceles with (?P<p>[A-Z]{2}) = (?P<q>[A-Z]{2})(?P<more> and )?")


def _equation_said(p: str, q: str, text: str) -> bool:
    """Does ``text`` say the two segments ``p`` and ``q`` equal (either name order, either side, in a chain)?"""
    a, b = (f"(?:{x}|{x[::-1]})" for x in (p, q))
    return re.search(rf"(?<![\w·/(]){a} = (?:[^.;,]*? = )?{b}(?![\w·/²(])|(?<![\w·/(]){b} = (?:[^.;,]*? = )?"
                     rf"{a}(?![\w·/²(])", text) is not None


def _isosceles_known(lines: list[str]) -> list[str]:
    """An isosceles triangle's equal sides said once (blind teacher 36: "AO = CO", then "triangle ACO is isosceles
    with OA = OC"): where an earlier sentence said them equal, the triangle is isosceles at their common point (``…
    is isosceles at O``), or its other premise alone follows (``is isosceles with a right angle at O``)."""
    out: list[str] = []
    for line in lines:
        def known(m: re.Match) -> str:
            p, q = m["p"], m["q"]
            apex = set(p) & set(q)
            if len(apex) != 1 or not _equation_said(p, q, " ".join([*out, line[:m.start()]])):
                return m[0]
            return "is isosceles with " if m["more"] else f"is isosceles at {apex.pop()}"
        out.append(_ISOSCELES_WITH.sub(known, line))
    return out


_EQUILATERAL_SAID = re.compile(r"\b([A-Z]{3}) is an equilateral triangle\b|\btriangle ([A-Z]{3}) is equilateral\b"
                               r"|\bequilateral triangle ([A-Z]{3})\b")


def _equilateral_kept(lines: list[str]) -> list[str]:
    """A triangle said to be equilateral is called so from then on, never "the isosceles triangle ABC" a line later
    (blind teacher 36: the name changes mid-solution)."""
    out: list[str] = []
    said: set[frozenset] = set()
    for line in lines:
        def kept(m: re.Match) -> str:
            return f"equilateral triangle {m[1]}" if frozenset(m[1]) in said else m[0]
        for sentence in _SENTENCE.split(line):
            out_sentence = re.sub(r"\bisosceles triangle ([A-Z]{3})\b", kept, sentence)
            out_sentence = out_sentence.replace("the apex angle of the equilateral", "an angle of the equilateral")
            # (an equilateral triangle has no apex: "AI bisects an angle of the equilateral triangle ABC")
            line = line.replace(sentence, out_sentence, 1)
            said |= {frozenset(t) for m in _EQUILATERAL_SAID.finditer(sentence) for t in m.groups() if t}
        out.append(line)
    return out


_TRIANGLE_SAID = re.compile(r"\btriangle ([A-Z]{3})\b")
_ANGLE_SAID = re.compile(r"\bangle ([A-Z])([A-Z])([A-Z])\b")


def _angles_in_their_triangle(lines: list[str], w: _Writer) -> list[str]:
    """In a sentence about one triangle (``In the right triangle AEB, …``, ``the base angles of the isosceles
    triangle ABC …``), an angle at one of its vertices named through points off the triangle's sides (angle ABC
    for E on BC) named by the triangle's own points, where the text has already said that name: one angle, one
    name in one triangle (blind teacher 33's gen 19: angle ABE for BE, then sin(angle ABC) for AE in the same
    triangle AEB; gen 30: "the base angles of triangle ABC …, angle ACB = angle EBF").  A sentence that ties the
    names (``since E lies on BA …``) keeps them."""
    said = ""
    out = []
    for line in lines:
        parts = []
        for part in _SENTENCE.split(line):
            tris = {frozenset(t) for t in _TRIANGLE_SAID.findall(part)}
            if len(tris) == 1 and " lies on " not in part:
                home = next(iter(tris))

                def own(m: re.Match, home=home) -> str:
                    a, o, c = m[1], m[2], m[3]
                    if o not in home or {a, c} <= home:
                        return m[0]
                    ends = [[x for x in home - {o} if x == e or w._same_ray(x, o, e)] for e in (a, c)]
                    if any(len(x) != 1 for x in ends) or ends[0] == ends[1]:
                        return m[0]
                    name = f"angle {ends[0][0]}{o}{ends[1][0]}"
                    return name if re.search(rf"\b(?:{name}|angle {ends[1][0]}{o}{ends[0][0]})\b", said) else m[0]
                part = _ANGLE_SAID.sub(own, part)
            said += " " + part
            parts.append(part)
        out.append(" ".join(parts))
    return out


def _roots_used_later(proof):
    """(element, the later equations that cite it) for each element a proof finds by a square root (an irrational
    value, not the goal) and cites again in a later step."""
    goal = sympy.sympify(proof.goal).free_symbols if proof.goal is not None else set()
    for i, st in enumerate(proof.steps):
        u = st.target
        if not u.is_Symbol or u in goal or st.value.is_rational is not False:
            continue
        later = [sympy.sympify(q.lhs - q.rhs) for t in proof.steps[i + 1:] for q, _ in t.equations
                 if u in sympy.sympify(q.lhs - q.rhs).free_symbols or any(a == u for a, _ in t.values)]
        if later:
            yield u, later


def _cited_unsquared(u: sympy.Symbol, e: sympy.Expr) -> bool:
    """``u`` stands in ``e`` other than squared."""
    return u in e.xreplace({u ** 2: sympy.Dummy()}).free_symbols


def _squared_only(proof) -> frozenset:
    """The elements a proof finds by a square root (Pythagoras) and then uses only squared, in later steps that
    cite them: a textbook carries AC² = 325 into AC²/CY, never AC = 5√13 into (5√13)²."""
    return frozenset(u for u, later in _roots_used_later(proof) if not any(_cited_unsquared(u, e) for e in later))


def _squared_later(proof) -> frozenset:
    """The elements a proof finds by a square root (Pythagoras) and then uses squared in a later step that cites them,
    and unsquared in another (AD in AB² = AD² + BD² and in the perimeter AB + AD + BD): a textbook says AD² = 133 and
    AD = √133, and carries 133 into AB², never (√133)²."""
    return frozenset(u for u, later in _roots_used_later(proof)
                     if any(e.has(u ** 2) for e in later) and any(_cited_unsquared(u, e) for e in later))


def _near_use(steps: list) -> list[int]:
    """The order the steps are written in: each fact that rests on no other step just before the first step that uses
    it (its ``needs``), so that a fact is stated next to its use, never listed up front (four equal inscribed angles
    for two similarities at the end); the others in their own order (a shape's facts proved together stay together)."""
    first: dict[int, int] = {}
    for j, t in enumerate(steps):
        for i in t.needs:
            first.setdefault(i, j)
    moved = {i for i, st in enumerate(steps) if not st.needs and i in first}  # the facts that rest on nothing
    order: list[int] = []
    for j in range(len(steps)):
        if j in moved:
            continue
        order += sorted(i for i in moved if first[i] == j)
        order.append(j)
    return order


def _said_by_shape(proof) -> set[int]:
    """The steps that conclude two sides of a shape equal by a judgement whose sentence names the shape (``…, it is
    equilateral``) and that every later step uses only as the premise of a sentence naming the same shape (``the
    equilateral triangle ABC``): the shape's name says them, so the judgement is said without them (teacher 18's
    gen 10: "it is equilateral; hence BC = AB = 40", the value never used)."""
    steps = proof.steps
    given = {q.lhs for st in steps for q, _ in st.equations
             if q.instance.family.key == "given" and q.lhs.is_Symbol and not q.rhs.free_symbols}
    out: set[int] = set()
    for i, st in enumerate(steps[:-1]):
        fact = st.target - st.value
        eqs = [q.instance for q, _ in st.equations if q.instance.family.key != "given"]
        shape = {_shape_points(x) for x in eqs}
        if not eqs or len(shape) != 1 or not all(x.family.kind == "judgement" and _shape_says(x, fact) for x in eqs):
            continue
        users = [[q.instance for q, _ in t.equations] for t in steps[i + 1:] if i in t.needs]
        resting = [[x for x in used if _key(fact) in _premise_keys(x)] for used in users]
        if (users and all(resting) and all(_shape_points(x) in shape for r in resting for x in r)
                and not any(fact.free_symbols & (x.lhs - x.rhs).free_symbols - given
                            for used in users for x in used if _key(fact) not in _premise_keys(x))):
            out.add(i)  # (each user rests on it as a premise of a sentence naming the shape, and on nothing else)
    return out


def _shape_named(instance) -> str | None:
    """The shape an instance's sentence names (its block's declared ``shape``), or None."""
    shape = getattr(instance.family, "shape", None)
    return instance.names[shape[1]] if shape is not None and len(instance.names) > shape[1] else None


def _shape_points(instance) -> frozenset | None:
    """The points of the shape an instance's sentence names, in any order (ABC of "it is equilateral" and of
    "the equilateral triangle BCA" are one triangle)."""
    name = _shape_named(instance)
    return None if name is None else frozenset(split_points(name))


def _premise_keys(instance) -> set:
    return {_key(a - b) for a, b in getattr(instance, "premises", ())}


def _restated_premises(proof) -> set[int]:
    """The steps that only restate one relation the question gives, in its own words (``angle ACB = 90°`` of "a
    right triangle with the right angle at C", ``BD = CD`` of "AD is a median": ``marked_facts``) and that every later
    step uses only as the premise of a judgement, whose sentence names it ("by Pythagoras in the right triangle
    ABC", "since the medians AD and BE meet at F"): said on a line of their own they restate the question and read
    as facts no step uses."""
    steps = proof.steps
    marked = {_key(e) for e in getattr(proof, "marked", ())}
    given = {q.lhs for st in steps for q, _ in st.equations  # (a value the question gives is not this relation's)
             if q.instance.family.key == "given" and q.lhs.is_Symbol and not q.rhs.free_symbols}
    out: set[int] = set()
    for i, st in enumerate(steps[:-1]):
        if len(st.equations) != 1 or st.equations[0][0].instance.family.key != "relation":
            continue
        said = st.equations[0][0].instance
        fact = _key(st.target - st.value)
        if _key(said.lhs - said.rhs) not in marked or _key(said.lhs - said.rhs) != fact:
            continue  # (a property the relation has, the tangent's right angle; an angle renamed through a point)
        if any(q.instance.family.key == "relation" and q.instance.names == said.names
               or st.target.free_symbols & (q.lhs - q.rhs).free_symbols - given
               and not any(_key(a - b) == fact for a, b in getattr(q.instance, "premises", ()))
               for j, t in enumerate(steps) if j != i for q, _ in t.equations):
            continue  # (its relation is the reason of another sentence, which says it with this: "angle AMC = angle
            # AMB"; or a step puts its value in)
        users = [t for t in steps[i + 1:] if i in t.needs]
        points = {p for x in st.target.free_symbols if (el := element_of(x)) is not None for p in el.points}
        if users and all(any(q.instance.family.kind == "judgement" and points <= set("".join(q.instance.names))
                             and any(_key(a - b) == fact for a, b in q.instance.premises) for q, _ in t.equations)
                         for t in users):
            out.add(i)
    return out


# "Since CH bisects …, by the exterior angle bisector theorem, BH/AH = BC/AC" read as a sentence: the reason,
# the equation, then the theorem's name after it ("…, BH/AH = BC/AC (the exterior angle bisector theorem)")
_THEOREM_AFTER = re.compile(r"\b(Since [^,;]+), by (the [A-Za-z' ]+? theorem), ([^,;]+?)(?=, so |\. |\.$|; )")


# the law of sines as a student writes it, side over the sine of the angle facing it ("DE/sin(angle ABC) =
# BD/sin(angle BED)"), never cross-multiplied ("DE·sin(angle BED) = BD·sin(angle ABC)")
_SINES_CROSSED = re.compile(r"(law of sines in triangle [A-Z]{3}(?: \([^()]*(?:\([^()]*\)[^()]*)*\))?, )([A-Z]{2})·"
                            r"sin\((angle [A-Z]{3})\) = ([A-Z]{2})·sin\((angle [A-Z]{3})\)(?=[,.;])")


# "so AC² = 15² + 9² - 2·15·9·cos(120°), so AC² = 441": one side carried on, said twice
_SAME_SIDE = re.compile(r"(?<=so )([^,;=]+?) = ([^,;=]+?), so \1 = ")


def _chained(line: str) -> str:
    """Working that keeps one side, said as one chain: ``so AC² = 15² + 9² - 2·15·9·cos(120°) = 441``."""
    while (m := _SAME_SIDE.search(line)) is not None:
        line = f"{line[:m.start()]}{m[1]} = {m[2]} = {line[m.end():]}"
    return line


# "…triangle CHI …, it is equilateral; hence CI = CH = 26." then "Since triangle CHI is equilateral, HI = CH = 26."
_EQUILATERAL_AGAIN = re.compile(r"(?:^| )Since triangle ([A-Z]{3}) is equilateral, ([A-Z]{2}) = ([^.;,]+)\.")


def _equilateral_once(lines: list[str]) -> list[str]:
    """A triangle's equal sides said where it is shown equilateral, one chain (``hence CI = HI = CH = 26``),
    never the shape's reason said again for another side with the same value."""
    out = list(lines)
    for i, line in enumerate(out):
        for m in list(_EQUILATERAL_AGAIN.finditer(line))[:1]:  # (one a line: the positions change after it)
            first = re.compile(r"(triangle %s\b[^.]*?, it is equilateral; hence )([A-Z]{2}) = %s(?=[.;,])"
                               % (m[1], re.escape(m[3])))
            for k in range(i + 1):
                hit = first.search(out[k] if k < i else line[:m.start()])
                if hit is not None and m[2] != hit[2]:
                    said = f"{hit[1]}{hit[2]} = {m[2]} = {m[3]}"
                    if k == i:
                        line = line[:hit.start()] + said + line[hit.end():m.start()] + line[m.end():]
                    else:
                        out[k] = out[k][:hit.start()] + said + out[k][hit.end():]
                        line = line[:m.start()] + line[m.end():]
                    break
        out[i] = line.strip()
    return [x for x in out if x]


# "Since RC is perpendicular to BC, angle ACB = 90°": the angle's arm CA holds R, which the reason must say
_PERPENDICULAR_AT = re.compile(r"\b(Since ([A-Z])([A-Z]) is perpendicular to ([A-Z])([A-Z])), "
                               r"(angle ([A-Z]{3}) = 90°)")


def _perpendicular_on(m: re.Match, w) -> str:
    """The perpendicular's reason with the point on the angle's arm it rests on: ``Since RC is perpendicular
    to BC and R lies on AC, angle ACB = 90°``; the sentence as it was where the angle's arms are the segments'."""
    angle = m[7]
    v, arms = angle[1], {angle[0], angle[2]}
    ends = [b if a == v else a for a, b in ((m[2], m[3]), (m[4], m[5])) if v in (a, b)]
    if len(ends) != 2:
        return m[0]
    loose, bare = [p for p in ends if p not in arms], [p for p in arms if p not in ends]
    if len(loose) != 1 or len(bare) != 1:
        return m[0]
    return f"{m[1]} and {w._on(loose[0], v, bare[0])}, {m[6]}"


_RADIUS_LINE = re.compile(r"^([A-Z]{2}) = ([^ ]+) \(a radius of circle ([A-Z])\)\.$")


_CHORDS = re.compile(r"\bchords? ([A-Z]{2})\b(?: and ([A-Z]{2})\b)?")


def _chords_as_named(lines: list[str]) -> list[str]:
    """A chord named as the proof first named its segment (ES, then "the chords HN and ES"), never with its letters
    swapped from one sentence to the next (blind teacher 24: "ES/SE, NH/HN")."""
    out: list[str] = []
    seen: set[str] = set()
    for line in lines:
        def named(m: re.Match) -> str:
            text = m[0]
            for g in (m[1], m[2]):
                if g and g not in seen and g[::-1] in seen:
                    text = re.sub(rf"\b{g}\b", g[::-1], text)
            return text
        line = _CHORDS.sub(named, line)
        seen.update(re.findall(r"(?<![A-Za-z])[A-Z]{2}(?![A-Za-z])", line))
        out.append(line)
    return out


def _radius_named(lines: list[str]) -> list[str]:
    """A radius found as "the radius of circle O = … = 11√3/3" named there (``the radius AO = …``), never
    said again on its own line (``AO = 11√3/3 (a radius of circle O).``)."""
    out: list[str] = []
    for line in lines:
        m = _RADIUS_LINE.match(line)
        said = f"the radius of circle {m[3]} = " if m else ""
        if m and out and said in out[-1] and out[-1].endswith(f" = {m[2]}."):
            head, _, tail = out[-1].rpartition(said)
            out[-1] = f"{head}the radius {m[1]} of circle {m[3]} = {tail}"
            continue
        out.append(line)
    return [_RADIUS_AFTER.sub(r"the radius \4 of circle \1 = \2 = \3.", x) for x in out]


# "Since a diameter of circle A is twice its radius, the radius AX of circle A = diameter of circle A/2 = 10/2 = 5.":
# the rule a sentence opens with, and the radius halved with its words, where more forms follow
_TWICE_RADIUS = re.compile(r"(?:^|(?<=\. ))Since a diameter of circle ([A-Z]) is twice its radius, "
                           r"(?:(the radius (?:[A-Z]{2} )?of circle \1 = )diameter of circle \1/2 = (?=[^.]*= ))?")


def _diameter_rule_once(lines: list[str]) -> list[str]:
    """The radius and diameter rule said once a proof, for its first circle (``Since the radius of circle A is half
    its diameter, the radius AX of circle A = 10/2 = 5``) and "Likewise" for the next, never its words again, nor
    ``diameter of circle A/2`` as a quotient of words (blind teacher 37 fg 8)."""
    said: dict[str, set[str]] = {}  # the rule's form ("half", "twice") -> the circles it was said for

    def put(m: re.Match) -> str:
        kind = "half" if m[2] else "twice"
        before = said.setdefault(kind, set())
        head = ("Likewise, " if before and m[1] not in before else
                "Since the radius of circle {0} is half its diameter, " if m[2]
                else m[0][:len(m[0]) - len(m[2] or "")]).format(m[1])
        before.add(m[1])
        return head + (m[2] or "")
    return [_TWICE_RADIUS.sub(put, x) for x in lines]


# "the radius of circle A = diameter of circle A/2 = 10/2 = 5. AX = 5 (a radius of circle A)." in one line
_RADIUS_AFTER = re.compile(r"the radius of circle ([A-Z]) = ([^.;]*?) = ([^ .;]+)\. ([A-Z]{2}) = \3 "
                           r"\(a radius of circle \1\)\.")


_JOIN = re.compile(r"Join ([A-Z]{2}(?:, [A-Z]{2})*(?: and [A-Z]{2})?)\. ")


def _join_first(lines: list[str]) -> list[str]:
    """``Join OC.`` before the first sentence naming OC (or CO), never after ``BO = CO`` has used it."""
    out = list(lines)
    for i, line in enumerate(out):
        m = _JOIN.search(line)
        if m is None:
            continue
        segs = re.findall(r"[A-Z]{2}", m[1])
        named = re.compile(r"\b(?:%s)\b" % "|".join(s for x in segs for s in (x, x[::-1])))
        before = [k for k, x in enumerate([*out[:i], line[:m.start()]]) if named.search(x)]
        if not before:
            continue
        k = before[0]
        rest = line[:m.start()] + line[m.end():]
        if k == i:
            out[i] = m[0] + rest
        else:
            out[i], out[k] = rest, m[0] + out[k]
    return out


_JOINS = r"[A-Z]{2}(?:(?:, | and )[A-Z]{2})*"
_TWO_JOINS = re.compile(rf"\bJoin ({_JOINS})\. Join ({_JOINS})\.")


def _joins_merged(lines: list[str]) -> list[str]:
    """Segments joined one after the other in one sentence: ``Join XO and OW.``, never "Join XO. Join OW." (blind
    teacher 27 gen 13)."""
    def merged(m: re.Match) -> str:
        return f"Join {and_list(re.findall(r'[A-Z]{2}', m[1]) + re.findall(r'[A-Z]{2}', m[2]))}."

    out = []
    for line in lines:
        while (new := _TWO_JOINS.sub(merged, line)) != line:
            line = new
        out.append(line)
    return out


# the kinds a shape also is, by its kind (a theorem names the shape it matched by the kind it needs)
_ALSO = {"square": ("rectangle", "rhombus", "parallelogram", "kite", "quadrilateral"),
         "rectangle": ("parallelogram", "quadrilateral"), "rhombus": ("parallelogram", "kite", "quadrilateral"),
         "parallelogram": ("quadrilateral",), "kite": ("quadrilateral",),
         "isosceles trapezoid": ("trapezoid", "quadrilateral"), "right trapezoid": ("trapezoid", "quadrilateral"),
         "trapezoid": ("quadrilateral",)}
_SHAPE_SAID = re.compile(r"\b(?:(an?) )?(%s) ([A-Z]{4,})\b" % "|".join(
    sorted({k for k in _ALSO} | {x for v in _ALSO.values() for x in v}, key=len, reverse=True)))


_ONE_TRIANGLE = re.compile(r"(?<!right )(?<!isosceles )\btriangle ([A-Z]{3})\b")


# two right angles read off a given perpendicular and a straight line, a sentence of their own
_RIGHT_PAIR = re.compile(r"^Since ([A-Z]{2} is perpendicular to [A-Z]{2}) and ([A-Z]{3}) is a straight line, angle "
                         r"([A-Z]{3}) = angle ([A-Z]{3}) = 90°\.$")


def _perpendicular_through(lines: list[str]) -> list[str]:
    """The right angles a perpendicular makes with a straight line through its foot, said where a later sentence
    uses them as that perpendicular (``BA is perpendicular to the hypotenuse CD (as CA is perpendicular to BA and CAD
    is a straight line)``), not first as two angles no sentence names (blind teacher 35: "angle BAC = angle BAD =
    90°", then "BA is perpendicular to the hypotenuse CD": one point made twice)."""
    out = list(lines)
    for i, line in enumerate(out):
        m = _RIGHT_PAIR.match(line)
        if m is None:
            continue
        later = " ".join(out[i + 1:])
        if any(re.search(rf"\bangle (?:{a}|{a[::-1]})\b", later) for a in (m[3], m[4])):
            continue
        use = next((k for k in range(i + 1, len(out)) if (u := re.search(
            r"\b[A-Z]{2} is perpendicular to the hypotenuse ([A-Z]{2})\b", out[k])) is not None
            and set(u[1]) <= set(m[2])), None)
        if use is None:
            continue
        out[use] = re.sub(r"(\b[A-Z]{2} is perpendicular to the hypotenuse [A-Z]{2})\b",
                          rf"\1 (as {m[1]} and {m[2]} is a straight line)", out[use], count=1)
        out[i] = ""
    return [x for x in out if x]


def _asked_triangles(proof) -> tuple[str, ...]:
    """The triangles the goal names (``area ABD``), spelt as the question asks for them: they outrank a spelling the
    problem declares but its text never says (blind teacher 34: "the area of triangle DBA", then "area ABD")."""
    return tuple("".join(el.points) for x in sympy.sympify(getattr(proof, "goal", 0)).free_symbols
                 if (el := element_of(x)) is not None and el.kind.key == "area" and len(el.points) == 3)


def _triangles_as_stated(lines: list[str], triangles: tuple[str, ...]) -> list[str]:
    """Each triangle the problem states spelt as its question spells it wherever one triangle is named: its three
    vertices name it in any order, so "triangle ACB" a line after "the isosceles triangle BAC", or "the median BD
    of triangle BCA" of the question's triangle ABC, is its own spelling (blind teacher 28); never a right
    triangle's (named with its right angle in the middle), an isosceles triangle's (its apex first) nor two
    triangles' (their letters correspond)."""
    spelt = {frozenset(t): t for t in triangles}
    if not spelt:
        return lines
    return [_ONE_TRIANGLE.sub(lambda m: f"triangle {spelt.get(frozenset(m[1]), m[1])}", x) for x in lines]


# the last clause of a proof: an angle brought to its value ("So angle BDC = angle EBF + 28° = 32° + 28° = 60°.")
_LAST_ANGLE = re.compile(r"\b(angle [A-Z]{3})((?: = [^,;=.]+)*) = ([^,;=]+)\.$")


# "Since the perimeter of ABC is the sum of its sides, perimeter ABC = …": the sum itself says it
_PERIMETER_SUM = re.compile(r"\bSince the perimeter of [A-Z]+ is the sum of its sides, perimeter ([A-Z]+) = ")
# a sector's area and an arc's length with the measure put in: "π·(arc CB)r²/360 = π·45·2²/360"
_SECTOR_LETTERS = re.compile(r"π·\(arc [A-Z]{2,3}\)·?(?:[A-Za-z]{1,2})²?/(?:360|180)(?: \+ 2·?[A-Za-z]{1,2})? = (?=π·)")
_SECTOR_PUT = re.compile(r"π·([0-9.]+)·([0-9.√]+|\([^()]*\))(²?)/(360|180)(?=[ .,;]|$)")


# a perimeter as the sum of its sides and, maybe, their values: "Perimeter ABNC = AB + AC + BN + CN = 3 + 3/tan(62°) + …"
_PERIMETER_TERMS = re.compile(r"\b([Pp]erimeter) ([A-Z]{3,}) = ((?:[A-Z]{2} \+ )+[A-Z]{2})(?: = ([^=;]+?))?"
                              r"(?= = |[,;]|\.(?: |$)|$)")


def _top_terms(text: str) -> list[str]:
    """The terms of a sum outside any bracket: ``3 + (2 + √3) + 4`` gives three."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and text.startswith(" + ", i):
            out.append(text[start:i])
            start = i + 3
    return [*out, text[start:]]


def _sides_in_order(m: re.Match) -> str:
    """A perimeter's sides in the order round its boundary, each named along it (``AB + BN + NC + CA``), their
    values put in in that order too (blind teacher 35: "AB + AC + BN + CN" jumps about the figure)."""
    shape, terms = m[2], m[3].split(" + ")
    sides = [shape[i] + shape[(i + 1) % len(shape)] for i in range(len(shape))]
    at = {frozenset(x): i for i, x in enumerate(sides)}
    if len(terms) != len(sides) or {frozenset(t) for t in terms} != set(at):
        return m[0]
    values = _top_terms(m[4]) if m[4] else None
    if values is not None and len(values) != len(terms):
        return m[0]
    order = sorted(range(len(terms)), key=lambda i: at[frozenset(terms[i])])
    said = f"{m[1]} {shape} = {' + '.join(sides)}"
    return said + (f" = {' + '.join(values[i] for i in order)}" if values is not None else "")


# the arcs that make up the circle, listed round it, and their sum: "since arcs BC, CE, ED and DB make up the whole
# circle, arc BC + arc CE + arc DB + arc ED = 360°"
_WHOLE_CIRCLE = re.compile(r"\barcs ((?:[A-Z]{2}, )*[A-Z]{2}) and ([A-Z]{2}) make up the whole circle(, \$?)"
                           r"((?:arc [A-Z]{2} \+ )+arc [A-Z]{2}) = ")


def _arcs_in_order(m: re.Match) -> str:
    """The sum of the arcs that make up a circle in the order the reason lists them, round the circle (blind teacher
    35: "arc BC + arc CE + arc DB + arc ED")."""
    listed = [*m[1].split(", "), m[2]]
    terms = m[4].split(" + ")
    if sorted(terms) != sorted(f"arc {x}" for x in listed):
        return m[0]
    return f"{m[0][:m.start(4) - m.start()]}{' + '.join(f'arc {x}' for x in listed)} = "


def _formula_put_in(line: str) -> str:
    """A formula as a textbook writes it with its numbers put in: the perimeter as the sum of the sides with no
    sentence saying that it is one (``Perimeter ABC = AB + BC + CA = 5 + 6 + 7 = 18.``), a sector's area and an
    arc's length as the circle's part (``(45/360)·π·2² = π/2``, ``(75/360)·2π·6 = 5π/2``), never π·(arc CB)r²/360
    (blind teachers 45, 46)."""
    line = _PERIMETER_TERMS.sub(_sides_in_order, _PERIMETER_SUM.sub(r"Perimeter \1 = ", line))
    line = _WHOLE_CIRCLE.sub(_arcs_in_order, line)

    def part(m: re.Match) -> str:
        if (m[3] == "²") != (m[4] == "360"):
            return m[0]
        return f"({m[1]}/360)·π·{m[2]}²" if m[3] else f"({m[1]}/360)·2π·{m[2]}"
    return _SECTOR_PUT.sub(part, _SECTOR_LETTERS.sub("", line))


# "Since the area of a circle is πr², the area of circle O = πr² = π·5² = 25π.": the rule says the formula
_FORMULA_TWICE = re.compile(r"\b([Ss]ince [^,;]*? is ([^\s,;]+)), ([^=,;]+?) = \2 = ")


def _formula_once(line: str) -> str:
    """A formula the reason states in words written once: ``Since the area of a circle is πr², the area of circle
    O = π·5² = 25π.``, never "= πr² = π·5²" after it (blind teacher 33's gen 15)."""
    return _FORMULA_TWICE.sub(r"\1, \3 = ", line)


# "…; hence AO = AB = 24." then "The radius of circle O is AO = 24.": the segment's value said twice
_SEGMENT_FOUND = re.compile(r"\b([A-Z]{2}) = (?:[^.;,]*? = )?([^\s.;,]+)\.$")
_RADIUS_IS = re.compile(r"^The radius of circle ([A-Z]) is ([A-Z]{2}) = ([^\s.;,]+)\.(?:\s+|$)")


def _radius_said_once(lines: list[str]) -> list[str]:
    """The sentence naming a segment as the circle's radius joined to the sentence before it where that one has
    just brought the segment to the same value: ``…; hence AO = AB = 24, the radius of circle O.``, never "… AO =
    AB = 24. The radius of circle O is AO = 24." (blind teacher 33's gen 25)."""
    out: list[str] = []
    for line in lines:
        parts = _SENTENCE.split(line)
        kept: list[str] = []
        for part in parts:
            m = _RADIUS_IS.match(part)
            before = kept[-1] if kept else (out[-1] if out else "")
            said = _SEGMENT_FOUND.search(before) if m else None
            if said is None or said[1] != m[2] or said[2] != m[3]:
                kept.append(part)
                continue
            joined = f"{before[:-1]}, the radius of circle {m[1]}."
            if kept:
                kept[-1] = joined
            else:
                out[-1] = joined
            rest = part[m.end():]
            if rest:
                kept.append(rest)
        if kept:
            out.append(" ".join(kept))
    return out


# "Since AE bisects angle CAB, BE·(AB + AC) = AB·BC (the angle bisector theorem), so BE = …": the theorem's
# consequence, where a textbook states the theorem (BE/CE = AB/AC) and then the piece from it
_BISECTOR_PART = re.compile(r"(Since ([A-Z]{2}) bisects angle ([A-Z]{3}), )([A-Z]{2})·\(([A-Z]{2}) \+ ([A-Z]{2})\) = "
                            r"([A-Z]{2})·([A-Z]{2}) \(the angle bisector theorem\), so (\4 = [^.;]+)\.")


def _bisector_as_ratio(lines: list[str]) -> list[str]:
    """The angle bisector theorem said as the theorem, the ratio of the two pieces of the base, then the piece it
    gives with the base their sum: ``Since AE bisects angle CAB, BE/CE = AB/AC (the angle bisector theorem); as BE
    + CE = BC, BE = AB·BC/(AB + AC) = 32/7 and CE = AC·BC/(AB + AC) = 80/7.``, the other piece found by the same
    reason in the next sentence joined to it (blind teacher 33's gen 27: "BE·(AB + AC) = AB·BC (the angle bisector
    theorem)" is its consequence, and "Since AE bisects angle CAB" said twice)."""
    out = list(lines)
    for i, line in enumerate(out):
        m = _BISECTOR_PART.search(line)
        if m is None:
            continue
        piece, sides, (near, base) = m[4], {m[5], m[6]}, (m[7], m[8])
        if near not in sides or base in sides:
            near, base = base, near
        far = (sides - {near}).pop() if near in sides and len(sides) == 2 else None
        ends = set(piece) & set(base)
        if far is None or len(ends) != 1 or base in sides:
            continue
        foot, end = (set(piece) - ends).pop(), (set(base) - ends).pop()
        rest = next((x for x in (f"{end}{foot}", f"{foot}{end}") if re.search(rf"\b{x}\b", " ".join(out))),
                    f"{foot}{end}")
        said = f"{m[1]}{piece}/{rest} = {near}/{far} (the angle bisector theorem); as {piece} + {rest} = {base}, {m[9]}"
        other = re.compile(rf"(?:^|(?<=\. )){re.escape(m[1])}{rest}·\({m[5]} \+ {m[6]}\) = [A-Z]{{2}}·[A-Z]{{2}} "
                           rf"\(the angle bisector theorem\), so ({rest} = [^.;]+)\.(?: |$)")
        tail = line[m.end():]
        o = other.search(tail) if tail.strip() else None
        at = i + 1 if o is None and i + 1 < len(out) else None
        o = o or (other.search(out[at]) if at is not None else None)
        if o is not None:
            said += f" and {o[1]}"
            if at is None:
                tail = tail[:o.start()] + tail[o.end():]
            else:
                out[at] = out[at][:o.start()] + out[at][o.end():]
        out[i] = f"{line[:m.start()]}{said}.{tail}".rstrip()
    return [x.strip() for x in out if x.strip()]


def _angle_values(w: _Writer, proof) -> dict[str, str]:
    """Each angle the proof finds or is given a number, by every name through points on its arms, either way round,
    as the text prints the number (``{"ACB": "40°", "BCA": "40°", "ACD": "40°", …}``): a tie said with its value says
    the value the proof has for it."""
    found = {**{st.target: st.value for st in proof.steps if st.target.is_Symbol}, **w.known}
    points = {p for ln in getattr(proof, "orders", ()) for p in ln}
    out = {}
    for x, v in found.items():
        el = element_of(x)
        if el is None or el.kind.key != "angle" or getattr(v, "free_symbols", True) or len(el.points) != 3:
            continue
        a, o, c = el.points  # (every name through points on its arms: the proof may print angle BDC for BDA)
        arms = [[e, *(p for p in points if p not in (o, e) and w._same_ray(p, o, e))] for e in (a, c)]
        number = w.n.number(v, True)
        for p in arms[0]:
            for q in arms[1]:
                out[f"{p}{o}{q}"] = out[f"{q}{o}{p}"] = number
    return out


def _letter_dropped(lines: list[str], r: str, number: str) -> list[str] | None:
    """The lines with each link of a chain that names the radius ``r`` (given as ``number``) left out where the
    next link puts the number in (``hence BC = 2r = 2·8 = 16`` said ``hence BC = 2·8 = 16``), as a textbook puts a
    given radius in without a letter for it (blind teachers 45, 46: "Let r = 8 be the radius of circle O." is
    filler); None where ``r`` stands anywhere else."""
    letter = re.compile(rf"(?<![A-Za-z]){re.escape(r)}(?![A-Za-z])")
    out = []
    for line in lines:
        links = line.split(" = ")
        kept = [x for i, x in enumerate(links) if not (0 < i < len(links) - 1 and letter.search(x)
                                                      and not letter.search(links[i + 1]) and number in links[i + 1])]
        line = " = ".join(kept)
        if letter.search(line):
            return None
        out.append(line)
    return out


def _closing(line: str, w: _Writer, goal: sympy.Expr, value: sympy.Expr, lines: list[str]) -> str:
    """The proof's last line ends by stating the asked quantity with its value, as a textbook's answer does, and
    only where its last sentence has not already brought it to that value: where that sentence concludes another
    name (the height CD for the height from C to AB; the asked angle CDF by the triangle's name BDC), ``Hence the
    height from C to AB is 2√22.`` or ``Hence angle CDF = angle BDC = 60°.`` follows (blind teachers 45, 46: 4 of
    36 solutions never said the answer; blind teacher 33: "… = 28√3/3. Hence CO = 28√3/3." says it twice)."""
    degrees = all(_unit(x) == "degrees" for x in goal.free_symbols) and all(  # (an angle, or a sum of angles)
        t.as_coeff_Mul()[1].is_Symbol for t in sympy.Add.make_args(goal))
    name = w._goal_name(goal)
    number = w.n.number(value, degrees)
    last = _SENTENCE.split(line)[-1]
    el = element_of(goal) if goal.is_Symbol else None
    if el is not None and el.kind.key == "height":  # (a segment found, never said to be the height asked)
        if not re.fullmatch(r"[A-Z]{2}", name) and _states(last, (name, name[:1].upper() + name[1:]), number):
            return line
        if _states(last, re.findall(r"\b([A-Z]{2}|[a-z](?:_[A-Z])?) is the height\b", " ".join(lines)), number):
            return line  # (the height named as a segment, and that segment's value the last thing found)
        v, a, b = height_foot(el.points)
        return f"{line} Hence the height from {v} to {a}{b} is {number}."
    if not goal.is_Symbol and not _states(last, (name, name[:1].upper() + name[1:]), number):
        tied = _goal_ties(w, goal)  # (a sum asked under other names of its angles: the names tied, with why)
        said = w.n.expr(goal)
        if tied and said != name and _states(last, (said, said[:1].upper() + said[1:]), number):
            return f"{line} Hence, as {and_list(tied)}, {name} = {said} = {number}."
    return _hence(line, name, number)


def _goal_ties(w: _Writer, goal: sympy.Expr) -> list[str]:
    """Why each angle of a compound goal is the angle a sentence named otherwise (``C lies on AP`` for the asked
    angle CAE, said angle EAP); [] where an angle's two names differ in more than one arm point."""
    out = []
    for x in sorted(goal.free_symbols, key=lambda y: y.name):
        if x not in w.n.local:
            continue
        said = w.n.expr(x).removeprefix("angle ")
        kept = w.n.local.pop(x)
        try:
            asked = w.n.expr(x).removeprefix("angle ")
        finally:
            w.n.local[x] = kept
        if said == asked:
            continue
        if len(said) != 3 or len(asked) != 3 or said[1] != asked[1]:
            return []
        moved = [(p, q) for p in (asked[0], asked[2]) for q in (said[0], said[2])
                 if p not in said and q not in asked and w._same_ray(p, said[1], q)]
        if len(moved) != 1:
            return []
        p, q = moved[0]
        out.append(w._on(p, said[1], q))
    return out


def _hence(line: str, name: str, number: str) -> str:
    """``line`` with ``Hence {name} = {number}.`` after it, unless its last sentence already brings ``name`` to
    ``number``; where that sentence brings another name of the same angle (by the vertex) to it, the closing ties
    the two (``Hence angle CDF = angle BDC = 60°.``)."""
    last = _SENTENCE.split(line)[-1]
    if _states(last, (name, name[:1].upper() + name[1:]), number):
        return line
    m = _LAST_ANGLE.search(last)  # (the asked angle found under the name of the triangle it was found in)
    if re.fullmatch(r"angle [A-Z]{3}", name) and m is not None and m[3] == number and m[1] != name and m[1][-2] == name[-2]:
        return f"{line} Hence {name} = {m[1]} = {number}."
    return f"{line} Hence {name} = {number}."


def _states(sentence: str, names: Iterable[str], number: str) -> bool:
    """Does the sentence bring one of ``names`` to ``number`` (at the end of its chain, its terms in any order:
    "√974 + √133 + 29" is "√133 + 29 + √974")?"""
    def terms(x: str) -> list[str]:
        return sorted(x.strip().split(" + "))
    for name in names:  # (the name may carry what it is: "the radius CO of circle O = … = 28√3/3")
        for m in re.finditer(rf"(?<![\w/·]){re.escape(name)}(?: of [a-z]+ [A-Z]{{1,4}})? = ", sentence):
            chain = re.split(r" (?:\((?=[a-z])|and |so |hence |is )|[,;] |\.$", sentence[m.end():])[0]
            if terms(chain.split(" = ")[-1].strip()) == terms(number):
                return True
    return False


def _as_stated(lines: list[str], shapes: dict) -> list[str]:
    """Each polygon the problem states named as it does, by its letters in its order and its most specific
    kind: ``opposite sides of the rectangle ABCD``, never "of the parallelogram ADCB" (the order a
    theorem's pattern matched it in, and the kind the theorem needs)."""
    if not shapes:
        return lines

    def named(m: re.Match) -> str:
        stated = shapes.get(polygon_key(tuple(m[3])))
        if stated is None or not (m[2] == stated[0] or m[2] in _ALSO.get(stated[0], ())):
            return m[0]
        # (a trapezoid's theorem holds in any trapezoid: "the trapezoid DCEB", never its stated "isosceles" that
        # reads as the theorem's need, teacher 34's gen 30; a theorem that needs it names it so itself)
        kind = m[2] if m[2] == "trapezoid" and stated[0].endswith(" trapezoid") else stated[0]
        article = ("an" if kind[0] in "aeiou" else "a") if m[1] else None
        return f"{article + ' ' if article else ''}{kind} {stated[1]}"

    return [_SHAPE_SAID.sub(named, x) for x in lines]


def _pythagorean_ratio(w: _Writer, goal: sympy.Expr, v: sympy.Expr) -> str | None:
    """``sin(angle BAC) = √(1 - (33/65)²) = 56/65`` where the angle was found by its cosine (or the
    cosine where by its sine): the step from one to the other shown, not skipped."""
    if w.n.latex or not isinstance(goal, (Sin, Cos)) or goal.args[0] not in w.known:
        return None
    inverse = _inverse_angle(w.known[goal.args[0]])
    other = {Sin: "cos", Cos: "sin"}[goal.func]
    if inverse is None or inverse[:3] != (0, 1, other) or not inverse[3].is_Rational:
        return None
    x = w.n.number(inverse[3])
    return f"{w.n.expr(goal)} = √(1 - {other}²({w.n.expr(goal.args[0])})) = √(1 - ({x})²) = {w.n.number(v)}"


# an angle found as an inverse cosine, sine or tangent (angle ABC = arccos(3/5)), at the head of its
# chain (angle BOX = angle BOW = arcsin(4/5)); never a term inside a sum (180° - angle BOC = arcsin(…))
_INVERSE_SAID = re.compile(r"(?<![-+·/=(] )(?<![-+·/(])\b((?:angle [A-Z]{3} = )*)(angle [A-Z]\S*?) = "
                           r"arc(cos|sin|tan)\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


def _ratio_said(m: re.Match, goal: str | None) -> str:
    """The angle's cosine (sine, tangent) stated as a value, as a textbook does: ``cos(angle ABC) = 3/5``;
    the angle itself named by it only where the problem asks for it.  A chain of equal angles stays a
    chain of angles, and the ratio is the first one's: ``angle BOX = angle BOW, so sin(angle BOX) = 4/5``,
    never ``angle BOX = sin(angle BOW)``."""
    head, angle, fn, x = m.groups()
    first = head.split(" = ")[0] if head else angle
    said = f"{fn}({first}) = {x}"
    if head:
        said = f"{head}{angle}, so {said}"
    return f"{said}, so {first} = arc{fn}({x})" if first == goal else said


def _quotient_values(w: _Writer, goal: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr] | None:
    """The values found for a ratio goal's numerator and denominator (text only), else None."""
    if w.n.latex:
        return None
    num, den = sympy.fraction(goal)
    if not (num.is_Symbol and den.is_Symbol and num in w.known and den in w.known):
        return None
    return w.known[num], w.known[den]


def _ratio_worked(w: _Writer, goal: sympy.Expr, v: sympy.Expr) -> str | None:
    """A ratio goal with both its values put in and, where the denominator is a surd, rationalised as a
    student does it (``AE/AC = 1.5/√109 = 1.5√109/109 = 3√109/218``; a binomial by its conjugate:
    ``2/(2√13 - 3) = 2(2√13 + 3)/43``); None where the goal is no quotient of two values found."""
    if (ab := _quotient_values(w, goal)) is None:
        return None
    a, b = ab
    if not a.is_Rational or b.free_symbols or b.is_Rational:
        return None
    if b.is_Pow and b.exp == sympy.S.Half and b.base.is_Integer:  # 1.5/√109 = 1.5√109/109
        top = w.n.number(a)
        if "/" in top:  # (3/2)/√109 = 3√109/218
            put = f"({top})/{w.n.number(b)}"
            mid = f"{a.p if a.p != 1 else ''}{w.n.number(b)}/{a.q * b.base}"
        else:
            put = f"{top}/{w.n.number(b)}"
            mid = f"{top if a != 1 else ''}{w.n.number(b)}/{b.base}"
    elif b.is_Add and len(b.args) == 2 and sum(t.is_Rational for t in b.args) == 1:  # by the conjugate
        r = next(t for t in b.args if t.is_Rational)
        conj = sympy.expand(b - 2 * r)
        d = sympy.expand(b * conj)
        if not d.is_Rational or d <= 0:
            return None
        put = f"{w.n.number(a)}/({w.n.number(b)})"
        mid = f"{w.n.number(a) if a != 1 else ''}({w.n.number(conj)})/{w.n.number(d)}"
    else:
        return None
    v_text = w.n.number(v) if not (v.is_Rational and not v.is_Integer) else str(v)
    return " = ".join(dict.fromkeys([w.n.expr(goal), put, mid, v_text]))


def _quotient_worked(w: _Writer, goal: sympy.Expr, v: sympy.Expr) -> str | None:
    """A ratio goal whose division :func:`_ratio_worked` does not show (a numerator that is no rational
    number, a rational or ``k√m`` denominator, ``30/(30 - 8√3)``), worked by :func:`_quotient_steps`; None
    where the goal is no quotient of two values found, or where :func:`_ratio_worked` shows it."""
    if (ab := _quotient_values(w, goal)) is None:
        return None
    a, b = ab
    if a.free_symbols or b.free_symbols or b == 0:
        return None
    if a.is_Rational and _surd(b):
        return None
    if a.is_Rational and b.is_Add and len(b.args) == 2 and sum(t.is_Rational for t in b.args) == 1:
        r = next(t for t in b.args if t.is_Rational)
        if sympy.expand(b * (b - 2 * r)).is_positive:  # (by its conjugate b - 2r: _ratio_worked's own)
            return None
    chain = _quotient_steps(w.n, a, b, v)
    return None if chain is None else " = ".join(dict.fromkeys([w.n.expr(goal), *chain]))


def _over(n: Namer, a: sympy.Expr, b: sympy.Expr) -> str:
    """``a/b`` as a student writes the fraction: a sum or a fraction in brackets (``30/(30 - 8√3)``,
    ``3.5/(7√2/2)``, ``16/(4√10)``); an integer or a lone surd bare."""
    top, bottom = n.number(a), n.number(b)
    if a.is_Add or "/" in top:
        top = f"({top})"
    if not (b.is_Integer or _surd(b) or re.fullmatch(r"[\d.]+", bottom)):
        bottom = f"({bottom})"
    return f"{top}/{bottom}"


def _quotient_steps(n: Namer, a: sympy.Expr, b: sympy.Expr, v: sympy.Expr) -> list[str] | None:
    """The division ``a/b`` worked as a student works it, each form equal to ``v``: the two values put in,
    the fractions inside cleared (``3.5/(7√2/2) = 7/(7√2)``), a common factor cancelled (``= 1/√2``),
    the denominator rationalised (``= √2/2``), then the value; None where a form is not ``v`` or the
    denominator is no surd that one factor clears."""
    def terms(x):
        return [t.as_coeff_Mul()[0] for t in sympy.Add.make_args(sympy.expand(x))]

    if not all(c.is_Rational for c in terms(a) + terms(b)):
        return None
    out = [_over(n, a, b)]
    if not (a.is_Rational and b.is_Rational) and sympy.simplify(a / b).is_Rational:  # 2√13/√13 = 2: cancelled
        return [*out, str(v) if v.is_Rational and not v.is_Integer else n.number(v)]
    lcm = functools.reduce(sympy.ilcm, [c.q for c in terms(a) + terms(b)], 1)
    if lcm != 1:
        a, b = sympy.expand(a * lcm), sympy.expand(b * lcm)
        out.append(_over(n, a, b))
    g = functools.reduce(sympy.igcd, [abs(c.p) for c in terms(a) + terms(b) if c != 0], 0)
    if g > 1:
        if lcm != 1 and "." not in out[0]:  # (11√3/3)/(11/2) = 2√3/3, never through 22√3/33; (23/2)/(23√3/3)
            out.pop()  # = 3/(2√3), never through 69/(46√3) (a decimal cleared stays a step: 9.75/13 = 39/52 = 3/4)
        a, b = sympy.expand(a / g), sympy.expand(b / g)
        if b != 1:  # (12/4 = 3, not 12/4 = 3/1)
            out.append(_over(n, a, b))
    if not b.is_Rational:
        k = b.as_coeff_Mul()[0]
        if sympy.expand(b ** 2).is_Rational and b.is_positive:  # k√m: times √m over √m
            a, b = sympy.expand(a * b / k), sympy.expand(b * b / k)
            # (shown only in lowest terms: 3/(2√3) = √3/2, never through 3√3/6, one simplification a step;
            # blind teacher 36 gen 7)
            if functools.reduce(sympy.igcd, [abs(c.p) for c in terms(a) + terms(b) if c != 0], 0) == 1:
                out.append(_over(n, a, b))
        elif b.is_Add and len(b.args) == 2 and sum(t.is_Rational for t in b.args) == 1:  # by the conjugate
            r = next(t for t in b.args if t.is_Rational)
            conj = sympy.expand(2 * r - b)
            if sympy.expand(b * conj).is_negative:
                conj = -conj
            d = sympy.expand(b * conj)
            if not d.is_Rational:
                return None
            top = "" if a == 1 else f"({n.number(a)})" if a.is_Add else n.number(a)
            out.append(f"{top}({n.number(conj)})/{n.number(d)}")
            a, b = sympy.expand(a * conj), d
        else:
            return None
    if not is_zero(a / b - v):
        return None
    out.append(str(v) if v.is_Rational and not v.is_Integer else n.number(v))  # a ratio as a fraction: 7/2
    return list(dict.fromkeys(out))


# "the alternate angles ADB and CBD are equal; hence angle ADB = angle CBD = 40°." says one fact twice: it is
# "angle ADB = angle CBD = 40° (alternate angles)", the kind of angles the reason for the equation
_SAID_TWICE = re.compile(r"the (\w+(?: exterior)?) angles ([A-Z]{3}) and ([A-Z]{3}) are equal; hence (\$?)"
                         r"((?:angle |\\angle )"
                         r"(?:\2 = (?:angle |\\angle )\3|\3 = (?:angle |\\angle )\2)(?: = [^,;$]+?)?)(\$?)"
                         r"(?=, so |; |\.(?:\s|$))")


# "angle ADE = angle BAD (alternate angles), so angle BAD = x°" is "angle BAD = angle ADE = x° (alternate angles)"
_THEN_VALUE = re.compile(r"(angle [A-Z]{3}) = (angle [A-Z]{3}) \((\w+ angles)\), so \2 = ([^,.;]+?)(?=[.;]|, so )")


def _said_once(line: str) -> str:
    line = _SAID_TWICE.sub(lambda m: f"{m[4]}{m[5]}{m[6]} ({m[1]} angles)", line)
    return _THEN_VALUE.sub(r"\2 = \1 = \4 (\3)", line)


# "Since AC = y, AC = y, so y = √33.": a given relation as the reason says its equation already
_GIVEN_TWICE = re.compile(r"([Ss]ince ([^,;]+)), \2, so ")


_ELEMENT_NAME = re.compile(r"(?:angle |\\angle )?[A-Z]{2,3}")
# "Since ABC is an equilateral triangle, angle CBE = 60°.": one fact a given shape has, said on its own
# (or the property of it the fact is: "Since the sides of the rhombus ABCD are equal, BC = AB = 5.")
_SHAPE_FACT = re.compile(r"^Since ([A-Z]{3,} is an? [a-z][a-zA-Z ]*?|the [a-z ]+ of the [a-z ]+ [A-Z]{3,}"
                         r"(?: that meet at [A-Z])? (?:are|is) [a-z][a-z ]*?), (\$?)([^,;$]+?)\2\.$")


def _facts_of_shape(lines: list[str], givens: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The facts a given shape has that the proof uses, said in one sentence where the first is used
    (``Since ABC is an equilateral triangle, angle CBE = angle BCD = 60° and BC = AB = 30.``), not
    "Since ABC is an equilateral triangle" again before each one."""
    said = [_SENTENCE.split(line) for line in lines]
    found: dict[str, list[tuple[int, int, str, str]]] = {}  # reason -> (line, sentence, $, equation)
    for i, line in enumerate(said):
        for j, sentence in enumerate(line):
            m = _SHAPE_FACT.match(sentence)
            if m is not None:
                found.setdefault(m[1], []).append((i, j, m[2], m[3]))
    for reason, facts in list(found.items()):
        for fact in list(facts):  # "AB = AC." restated where a later sentence says it ("as AB = AC")
            i, j, _, eq = fact
            parts = eq.split(" = ")
            later = " ".join([*said[i][j + 1:], *(x for rest in said[i + 1:] for x in rest)])
            if len(parts) == 2 and all(re.fullmatch(r"[A-Z]{2}", x) for x in parts) and any(
                    re.search(rf"\b{x} = {y}\b", later) for x, y in (parts, parts[::-1])):
                said[i][j] = ""
                facts.remove(fact)
        # only chains of names ending in a number move (angle DBF = 60°, BC = AB = 18), each resting on givens
        # or on the facts before it: a value the proof finds later (angle QLR = angle MLR = 20°) stays where it is
        plain, seen = [], {g.removeprefix("the ") for g in givens}
        seen_given = set(seen)
        for fact in facts:
            parts = fact[3].split(" = ")
            if (len(parts) < 2 or re.search(r"[A-Z]", parts[-1])
                    or not all(_ELEMENT_NAME.fullmatch(x) for x in parts[:-1])):
                continue
            if plain and not all(x in seen for x in parts[1:-1]):
                continue
            plain.append(fact)
            seen.update(parts[:-1])
        facts = plain
        if len(facts) < 2:
            continue
        groups: dict[str, list[str]] = {}  # value -> the names equal to it
        for *_, eq in facts:
            parts = eq.split(" = ")
            names = groups.setdefault(parts[-1], [])
            names += [x for x in parts[:-1] if x not in names]
        d = facts[0][2]
        i, j = facts[0][:2]
        spots = {(a, b) for a, b, *_ in facts}
        rest = " ".join(x for a, line in enumerate(said) for b, x in enumerate(line) if (a, b) > (i, j)
                        and (a, b) not in spots)
        for names in groups.values():  # a side the chain passes through that nothing uses is filler (blind teacher
            # 34: "BC = AB = AC = 67" where BC is never used): the given and the sides used stay
            for x in [x for x in names if x not in seen_given
                      and not re.search(rf"(?<![A-Za-z])(?:{x}|{x[::-1] if len(x) == 2 else x})(?![A-Za-z])", rest)]:
                if len(names) > 2:
                    names.remove(x)
        chains = [f"{d}{' = '.join([*names, value])}{d}" for value, names in groups.items()]
        said[i][j] = f"Since {reason}, {and_list(chains)}."
        for i, j, *_ in facts[1:]:
            said[i][j] = ""
    return [x for x in (" ".join(y for y in line if y) for line in said) if x]


# a right angle read off a perpendicular (or a right triangle) the problem gives, said on its own
_RIGHT_FROM = re.compile(r"^Since (?:(?P<perp>.+ is perpendicular to [^,]+?)(?P<line> and [A-Z]{3} is a straight line)?"
                         r"|[A-Z]{3} is a right triangle with the right angle at [A-Z]), (\$?)(?:angle |\\angle )"
                         r"(?P<angle>[A-Z]{3}) = 90(?:°|\^\{\\circ\}|\^\\circ)\3\.$")


def _drop_unused(lines: list[str], fact: re.Pattern, used) -> list[str]:
    """Each sentence that states ``fact`` left out where ``used(match, later)`` says no later text (the rest of
    its line and the lines after) uses it: the written proof keeps the facts its goal uses."""
    said = [_SENTENCE.split(line) for line in lines]
    for i, line in enumerate(said):
        for j, sentence in enumerate(line):
            m = fact.match(sentence)
            if m is not None and not used(m, " ".join([*line[j + 1:], *(x for rest in said[i + 1:] for x in rest)])):
                line[j] = ""
    return [x for x in (" ".join(y for y in line if y) for line in said) if x]


def _right_said(triangle: str, vertex: str, text: str) -> bool:
    """Does ``text`` state the triangle's own angle at ``vertex`` a right angle (``angle BAD = 90°`` of DBA at A)?"""
    a, b = (p for p in triangle if p != vertex)
    return any(re.search(rf"\bangle {x}{vertex}{y} = (?:angle [A-Z]{{3}} = )*90°", text) for x, y in ((a, b), (b, a)))


def _unused_right_angles(lines: list[str]) -> list[str]:
    """A right angle read off a given perpendicular that no later sentence names, nor a right triangle with
    its points (``angle LQS = 90°`` where the proof works in triangle MQS), is left out.  A given right
    triangle's right angle is restated only where named."""
    def used(m: re.Match, later: str) -> bool:
        a = m["angle"]
        # (a right triangle at its vertex along one of its arms, ELB of angle BED with D on EL, rests on it too,
        # unless its own right angle there is said after: angle BAD = 90° of the triangle DBA, not angle BAC)
        return _named_later(f"angle {a}", later) or m["perp"] is not None and any(
            set(t) == set(a) or a[1] in t and {a[0], a[2]} & set(t) and not _right_said(t, a[1], later)
            for t in re.findall(r"right triangle ([A-Z]{3})\b", later))
    return _drop_unused(lines, _RIGHT_FROM, used)


# two equal halves read off a given midpoint or bisector, said on their own: ``Since E is the midpoint of AB, AE = BE.``
_HALVES_FROM = re.compile(r"^Since (?:[A-Z] is the midpoint of [A-Z]{2}|[A-Z]{2} bisects (?:the )?angle [A-Z]{3}), "
                          r"(\$?)(?P<a>(?:angle |\\angle )?[A-Z]{2,3}) = (?P<b>(?:angle |\\angle )?[A-Z]{2,3})"
                          r"(?P<value> = [^,;=$]+)?\1\.$")


_AS_LINE = re.compile(r"\b[A-Z]{2} is (?:parallel|perpendicular) to [A-Z]{2}\b")
# a sentence that reads the halves off the midpoint itself ("AG and DH are halves of the equal parallel sides"):
# it names AG as the half the midpoint makes, so "AG = BG = 3/2" before it is not its use (blind teacher 23)
# (and "CF = BE, half of AB (as E is its midpoint)": the cut-off parallelogram's side, the half named as the midpoint's)
_AS_HALVES = re.compile(r"\b[A-Z]{2} and [A-Z]{2} are halves of\b|= [A-Z]{2}, half of [A-Z]{2} \(as [A-Z] is its "
                        r"midpoint\)")


def _named_later(name: str, later: str) -> bool:
    """Does ``later`` name the segment or angle ``name`` (in either order of its letters)?"""
    word, _, pts = name.rpartition(" ")
    if word:
        # (its own word: "triangle ACE" names no angle ACE)
        return re.search(rf"(?:\bangle |\\angle )(?:{pts}|{pts[::-1]})\b", later) is not None
    return re.search(rf"\b(?:{pts}|{pts[::-1]})\b", later) is not None


def _unused_halves(lines: list[str]) -> list[str]:
    """The two equal halves of a given midpoint or bisector that no later sentence names are left out:
    the problem states the midpoint, and a fact appears only where a later step uses it.  (AE named as a
    line, "AE is parallel to DF", uses no length.)"""
    def used(m: re.Match, later: str) -> bool:
        later = _AS_HALVES.sub("", _AS_LINE.sub("", later))
        # (a half brought to its value, BE = AE = 5/2, speaks of BE: the other half's value was said before)
        return _named_later(m["a"], later) or m["value"] is None and _named_later(m["b"], later)
    return _drop_unused(lines, _HALVES_FROM, used)


_SINCE = re.compile(r"^(Since [^,;]+), ([^,;]+)\.$")
_KIND = re.compile(r" (\([a-z ]+\))$")


def _same_reason(lines: list[str]) -> list[str]:
    """Two sentences in a row with one reason said as one: ``Since CB is parallel to DE, angle AED = angle
    CBE = 60° and angle ADE = angle BCD = 60° (corresponding angles).``"""
    out: list[list[str]] = []
    merged: dict[str, list[str]] = {}  # a merged sentence -> its parts (a third part joins the list)
    for line in lines:
        said: list[str] = []
        for sentence in _SENTENCE.split(line):
            before = said if said else out[-1] if out and out[-1] else said  # (the step before's last sentence)
            m, last = _SINCE.match(sentence), _SINCE.match(before[-1]) if before else None
            parts = merged.get(before[-1], [last[2]] if last else []) if before else []
            if m and last and m[1] == last[1] and not any(" and " in x for x in [*parts, m[2]]):
                kind = _KIND.search(m[2])
                if kind:
                    parts = [x.removesuffix(kind[0]) for x in parts]
                before[-1] = f"{m[1]}, {and_list([*parts, m[2]])}."
                merged[before[-1]] = [*parts, m[2]]
                continue
            said.append(sentence)
        out.append(said)
    return [x for x in (" ".join(said) for said in out) if x]


_SINCE_HENCE = re.compile(r"^(Since [^;]+); hence (.+)$")


def _rule_again(lines: list[str]) -> list[str]:
    """A theorem's reason said again word for word in the sentence after, for another of its equations, said once:
    ``Since the sides of CDA touch circle O …; hence perimeter ACD = …. By the same rule, CE = ….`` (FormalGeo 1974
    said the incircle's perimeter rule twice)."""
    out = []
    for line in lines:
        said: list[str] = []
        for sentence in _SENTENCE.split(line):
            m = _SINCE_HENCE.match(sentence)
            last = _SINCE_HENCE.match(said[-1]) if said else None
            if m and last and m[1] == last[1]:
                sentence = f"By the same rule, {m[2]}"
            said.append(sentence)
        out.append(" ".join(said))
    return out


# "Since AB = y, y = 14." after a step that ends "AB = 14.": the given names the value the step just found
_SINCE_GIVEN = re.compile(r"^Since (\$?)((?:angle |\\angle )?[A-Z]{2,3}) = ([a-z])\1, \1\3 = ([^=$]+)\1\.$")


def _hence_given(lines: list[str]) -> list[str]:
    """A step that only reads the value just found under the problem's own variable, said in the step that
    finds it: ``… and AB = 14. Hence y = 14.``, not a sentence of its own that restates ``AB = y``."""
    out: list[str] = []
    for line in lines:
        m = _SINCE_GIVEN.match(line)
        if m and out:
            d, name, var, value = m.groups()
            value = value.strip()
            found = re.search(rf"{re.escape(name)} = (?:[^.]*= )?\$?{re.escape(value)}°?\$?\.$", out[-1])
            if found is not None:
                out[-1] += f" Hence {d}{var} = {value}{d}."
                continue
        out.append(line)
    return out


def _arc_reason(u: sympy.Symbol, c1) -> str:
    """Why a textbook arc is 360° less its angle: the central angle (or twice the inscribed angle)
    stands on the other arc."""
    pts = "".join(element_of(u).points)
    return f"the {'inscribed' if c1 == -2 else 'central'} angle {pts} stands on the rest of the circle"


# "Since AE = BE, AE = BE." / "Since EH = AB, AB = EH = 14.": a given equality as the reason for itself
_TAUTOLOGY = re.compile(r"^Since (\$?)([^,;$=]+?) = ([^,;$=]+?)\1, \1(?:\2 = \3|\3 = \2)( = [^,;$]+?)?\1\.$")


_THEN = re.compile(r"^Then (\$?)(.+?) = (?:.* = )?(.+?)\1\.$")


def _then_once(lines: list[str]) -> list[str]:
    """A value worked out again, ``Then angle MLQ = (2x² - 10)° = 2·5² - 10 = 40°.``, where an earlier sentence
    has said it already (``So angle MLQ = (8·5)° = 40°``, in a step that found it beside its own goal) is left
    out: each fact once (a blind teacher: "the same angle found twice")."""
    out: list[str] = []
    for line in lines:
        kept = []
        for sentence in _SENTENCE.split(line):
            m = _THEN.match(sentence)
            before = " ".join([*out, *kept])
            if m is not None and re.search(rf"(?<![\w\\]){re.escape(m[2])} = (?:[^.;,]*? = )?{re.escape(m[3])}"
                                           r"(?![\w.^])", before):
                continue
            if (m is not None and kept and _THEN.match(kept[-1]) is not None
                    and not re.search(r" and |, |; ", kept[-1] + sentence)):
                # (two values worked out in turn, one sentence: "Then arc BC = 80° and arc ED = 60°", never
                # "Then … Then …", blind teacher 35)
                kept[-1] = f"{kept[-1][:-1]} and {sentence.removeprefix('Then ')}"
                continue
            kept.append(sentence)
        out.append(" ".join(kept))
    return [x for x in out if x]


def _no_tautology(lines: list[str]) -> list[str]:
    """A sentence whose reason is its own conclusion said no more: ``Since AE = BE, AE = BE. Since E lies
    on AB, …`` is ``Since E lies on AB and AE = BE, …`` (left out where no such sentence follows); one
    that goes on to a value keeps only the value (``Since EH = AB, AB = 14.``, not ``AB = EH = 14``)."""
    out = []
    for line in lines:
        said: list[str] = []
        given = ""  # a tautology's given, said as a reason of the next sentence
        for sentence in _SENTENCE.split(line):
            m = _TAUTOLOGY.match(sentence)
            if m is None:
                head = re.match(r"Since ([^,;]+), ", sentence) if given else None
                said.append(f"Since {head[1]} and {given}, {sentence[head.end():]}" if head else sentence)
                given = ""
            elif not m[4]:
                given = f"{m[1]}{m[2]} = {m[3]}{m[1]}"
            else:
                lhs = sentence[m.end(3) + len(m[1]) + 2:].removeprefix(m[1]).split(" = ")[0]
                said.append(f"Since {m[1]}{m[2]} = {m[3]}{m[1]}, {m[1]}{lhs}{m[4]}{m[1]}.")
        out.append(" ".join(said))
    return [x for x in out if x]


# "Since triangles ABE and CDE are congruent by ASA (as …), …": a criterion's sentence, with or without its parts
_CRITERION = re.compile(r"^Since ((?:triangles )?[A-Z]{3,} and [A-Z]{3,} are (congruent|similar) by [A-Z]{2,3})"
                        r"( \(as (?:[^()]|\([^()]*\))*\))?, (.*)$")


def _criterion_stated(lines: list[str]) -> list[str]:
    """A congruence or similarity the sentence itself proves stated, then used: ``Triangles ABC and AED are similar by
    AA (as …); hence DE/BC = AD/AC, so …``, never "Since triangles … are similar by AA (as …)", as if it were known
    already (blind teacher 34); "so" once a sentence, so "; hence" where the use goes on with "so"."""
    out = []
    for line in lines:
        said = []
        for sentence in _SENTENCE.split(line):
            m = _CRITERION.match(sentence)
            if m is not None and m[1].startswith("triangles "):
                rest = m[4]
                joiner = "; hence " if ", so " in rest or "$, so $" in rest else ", so " if "; hence " not in rest \
                    else None
                if joiner is not None:
                    sentence = f"T{m[1][1:]}{m[3] or ''}{joiner}{rest}"
            said.append(sentence)
        out.append(" ".join(said))
    return out


def _criterion_once(lines: list[str]) -> list[str]:
    """A congruence or similarity said once with its parts, where it is first used (never first bare and
    then again with them); a later use says ``By the same congruence, CE = AE = √19/2.``"""
    said = [_SENTENCE.split(line) for line in lines]
    found: dict[str, list[tuple[int, int, re.Match]]] = {}
    for i, line in enumerate(said):
        for j, sentence in enumerate(line):
            m = _CRITERION.match(sentence)
            if m is not None:
                found.setdefault(m[1], []).append((i, j, m))
    for uses in found.values():
        if len(uses) < 2:
            continue
        parts = next((m[3] for *_, m in uses if m[3]), "")
        i, j, m = uses[0]
        said[i][j] = f"Since {m[1]}{parts}, {m[4]}"
        for i, j, m in uses[1:]:
            said[i][j] = f"By the same {'congruence' if m[2] == 'congruent' else 'similarity'}, {m[4]}"
    return [" ".join(line) for line in said]


def fresh_points(proof, k: int) -> tuple[str, ...] | None:
    """``k`` letters for points the proof adds (a height's foot), the first not among the problem's points nor
    any its steps name, O kept for a centre; None where the problem's points are not known."""
    taken = set(getattr(proof, "points", ()) or ())
    if not taken:
        return None
    for st in proof.steps:  # (a given's names may be its words, "FA is perpendicular to BA": their points count)
        for s, _ in st.equations:
            taken.update(p for n in s.instance.names if isinstance(n, str) for p in POINT_RE.findall(n))
    free = tuple(c for c in "ABCDEFGHIJKLMNPQRSTUVWXYZ" if c not in taken)
    return free[:k] if len(free) >= k else None


def _radius_letter(proof) -> dict:
    """The one radius a proof uses, named ``r`` in its formulas (πr², 2πr), where no variable is called r."""
    used = {x for st in proof.steps for e in (st.target, *(y for q, _ in st.equations for y in (q.lhs, q.rhs)))
            for x in sympy.sympify(e).free_symbols}
    used |= set(sympy.sympify(proof.goal).free_symbols) if proof.goal is not None else set()
    radii = [x for x in used if (el := element_of(x)) is not None and el.kind.key == "radius"]
    if len(radii) != 1 or any(x.name == "r" for x in used if element_of(x) is None):
        return {}
    return {radii[0]: "r"}


def height_names(proof, latex: bool = False) -> tuple[dict, dict]:
    """Each height the proof uses named as a textbook names it: the segment the figure draws (BE), else
    ``h`` (``h_B`` where several are used), introduced once: ``Let h be the height from B to AD.``"""
    used = {x for st in proof.steps for e in (st.target, *(y for q, _ in st.equations for y in (q.lhs, q.rhs)))
            for x in sympy.sympify(e).free_symbols}
    used |= set(sympy.sympify(proof.goal).free_symbols) if proof.goal is not None else set()
    heights = sorted((x for x in used if (el := element_of(x)) is not None and el.kind.key == "height"),
                     key=lambda x: x.name)
    feet = getattr(proof, "feet", {}) or {}
    names: dict = {}
    intros: dict = {}
    undrawn = []
    for x in heights:
        v, a, b = height_foot(element_of(x).points)
        seg = feet.get((v, frozenset((a, b))))
        if seg is not None:
            names[x] = seg
        else:
            undrawn.append((x, v, "".join(sorted((a, b)))))  # (onto AB, as a textbook names a side)
    vertices = [v for _, v, _ in undrawn]
    for x, v, side in undrawn:
        if len(undrawn) == 1:
            text = tex = "h"
        elif vertices.count(v) == 1:
            text, tex = f"h_{v}", f"h_{{{v}}}"
        else:
            continue  # two heights from one vertex: each keeps its name (height ABC)
        names[x] = tex if latex else text
        intros[names[x]] = f"Let {f'${tex}$' if latex else text} be the height from {v} to {side}."
    return names, intros


_HEIGHT_SAID = re.compile(r"\bheight ((?:[A-Z][0-9]*'*){3,})(?![A-Za-z0-9'])")


def _height_said(m: re.Match, n: Namer, shapes: dict | None = None) -> str:
    """A theorem's sentence naming a height by its points (``the height BAD``) says it as the proof does;
    a drawn segment found to be a stated shape's height is that shape's (``it is the height of the
    trapezoid ABCD``), not "the height AE" of itself."""
    points = tuple(split_points(m[1]))
    x = element_symbol("height", points)
    name = n.heights.get(x)
    if name is None:
        return m[0]
    if not name.startswith("h") and len(points) >= 4 and m.string[:m.start()].endswith("it is the "):
        stated = (shapes or {}).get(polygon_key(tuple(points)))
        return f"height of the {stated[0]} {stated[1]}" if stated else f"height of {''.join(points)}"
    return f"height {f'${name}$' if n.latex and name.startswith('h') else name}"


def _height_once(lines: list[str], heights: dict) -> list[str]:
    """A height named by its drawn segment is found once: ``Since AY is an altitude of ABC, AY = 12.``
    after ``… so AY = … = 12.`` says nothing more and is left out."""
    out: list[str] = []
    for line in lines:
        m = re.fullmatch(r"Since [^,]+, (\S+) = ([^=]+)\.", line)
        if m and m[1] in heights.values() and any(re.search(rf"\b{m[1]} = .*= {re.escape(m[2])}\.$", x) for x in out):
            continue
        line = _height_first(line, out, heights)
        line = _height_named(line, out) if line else line
        if line:
            out.append(line)
    return out


# "Since AE is perpendicular to BC, it is the height AE; hence AE = 11/2." after "… AE = … = 11/2."
_HEIGHT_LAST = re.compile(r"(?:^|(?<=\. ))(Since [^,;.]+), it is the height (\S+); hence \2 = ([^=;]+)\.$")


def _height_first(line: str, before: list[str], heights: dict) -> str:
    """A drawn segment found before it is said to be the height: why it is the height said first, where the proof
    first names it (``Since AE is perpendicular to BC, AE is the height from A to BC. In the right triangle ABE
    …``), never after its value (blind teacher 24: "the justification that AE is the height comes after the
    computation").  The line as it is left to write (its head, or "" for none)."""
    m = _HEIGHT_LAST.search(line)
    seg = next((x for x, name in heights.items() if m and name == m[2]), None)
    head = line[:m.start()].rstrip() if m else line
    found = re.compile(rf"(?<![A-Z]){m[2]} = (?:[^.]*= )?{re.escape(m[3])}(?:\.|$)") if m else None
    if seg is None or not any(found.search(x) for x in [*before, head]):
        return line
    v, a, b = height_foot(element_of(seg).points)
    named = re.compile(rf"(?<![A-Z]){m[2]}(?![A-Z])")
    said = f"{m[1]}, {m[2]} is the height from {v} to {a}{b}."
    at = next((i for i, x in enumerate(before) if named.search(x)), None)
    if at is not None:
        before[at] = f"{said} {before[at]}"
        return head
    return f"{said} {head}" if named.search(head) else line


_HEIGHT_HENCE = re.compile(r"(Since [^,;]+), it is the (height of [^;]+); hence (\S+) = ([^=;]+)\.$")


def _height_named(line: str, before: list[str]) -> str:
    """A drawn segment whose value a sentence before found is named the shape's height, its value not said
    again, and said first, where the proof first names the segment: ``Since AE is perpendicular to BC, AE is the
    height of the trapezoid ABCD. In the right triangle AEB, …``, never "…; hence AE = 17√2/2" a line after "AE = …
    = 17√2/2", nor after it (teacher 44's sheet, gen 12, as blind teacher 24: the reason after the computation).
    The line as it is left to write (its head, or "" for none)."""
    m = _HEIGHT_HENCE.search(line)
    if m is None:
        return line
    found = re.compile(rf"(?<![A-Za-z]){re.escape(m[3])} = (?:[^.]*= )?{re.escape(m[4])}(?:\.|$)")
    head = line[:m.start()].rstrip()
    if not any(found.search(x) for x in [*before, head]):
        return line
    said = f"{m[1]}, {m[3]} is the {m[2]}."
    named = re.compile(rf"(?<![A-Za-z]){re.escape(m[3])}(?![A-Za-z])")
    at = next((i for i, x in enumerate(before) if named.search(x)), None)
    # (its perpendicular said in that sentence: the right triangle's reason, now the sentence before)
    again = re.compile(rf" \(as {re.escape(m[3])} is perpendicular to [A-Z]{{2}}\)|(?<=\()as {re.escape(m[3])} is "
                       rf"perpendicular to [A-Z]{{2}}; ")
    if at is not None:
        before[at] = f"{said} {again.sub('', before[at], count=1)}"
        return head
    if named.search(head):
        return f"{said} {again.sub('', head, count=1)}"
    return f"{head} {said}".lstrip()


def _introduce(lines: list[str], intros: dict) -> list[str]:
    """A point the user never named (a shape's foot Y) introduced where the proof first names it."""
    out = list(lines)
    for point, sentence in intros.items():
        named = re.compile(rf"(?<![a-z]){re.escape(point)}(?![a-z'])")
        at = next((i for i, line in enumerate(out) if named.search(line)), None)
        if at is not None:
            out[at] = f"{sentence} {out[at]}"
    return out


_WE_ARE_GIVEN = "We are given "
_GIVEN = re.compile(rf"^{_WE_ARE_GIVEN}(.*)\.$")
_GIVEN_ITEMS = re.compile(r", | and ")  # the separators of and_list
_UNIT = re.compile(r"(°|\^\{\\circ\})$")


def _core(side: str) -> str:
    """A side of a given as a step would show it substituted: no unit, no outer brackets."""
    side = _UNIT.sub("", side.strip("$ ").strip())
    for a, b in (("\\left(", "\\right)"), ("(", ")")):
        if side.startswith(a) and side.endswith(b):
            side = side[len(a):-len(b)]
    return side


def _written_in(part: str, text: str) -> bool:
    """``part`` stands in ``text`` as a whole name or number (AB not inside ABC, 5 not inside 15)."""
    return re.search(rf"(?<![0-9A-Za-z_.\\]){re.escape(part)}(?![0-9A-Za-z_.])", text) is not None


def _shown(given: str, text: str) -> bool:
    """Whether a step's text shows the given ``name = value`` itself: the name, and the value put in."""
    name, _, value = given.strip("$").partition(" = ")
    value = _core(value)
    # a number, not an expression in x (a step does not show an expression put in)
    number = not re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", value))
    return bool(value) and number and _written_in(name.strip(), text) and _written_in(value, text)


def _unsaid_givens(lines: list[str]) -> list[str]:
    """A given that the step using it shows by name and value (``BC² + CE² = BE², so CE = √(15² − 12²)``)
    is not said on its own first: a worked answer puts the numbers in, it does not list them."""
    out = []
    for i, line in enumerate(lines):
        if not line.startswith(_WE_ARE_GIVEN):
            out.append(line)
            continue
        head, sep, rest = line.removeprefix(_WE_ARE_GIVEN).partition(". ")
        head = head if sep else head.removesuffix(".")
        items = _GIVEN_ITEMS.split(head)
        if any(" = " not in g or re.search(r"\b(so|is)\b", g) for g in items):  # a sentence, not a list
            out.append(line)
            continue
        shows = rest or (lines[i + 1] if i + 1 < len(lines) else "")
        unseen = [g for g in items if not _shown(g, shows)]
        said = [f"{_WE_ARE_GIVEN}{and_list(unseen)}."] if unseen else []
        out.append(" ".join(said + ([rest] if rest else [])))
    return [x for x in out if x]


def _merge_givens(lines: list[str]) -> list[str]:
    """Givens stated on lines of their own one after another, said in one sentence (``We are given
    AC = 20 and CM = 12.``)."""
    out: list[str] = []
    run: list[str] = []
    for line in [*lines, None]:
        m = _GIVEN.match(line) if line is not None else None
        if m and f" {_WE_ARE_GIVEN}" not in line and ". " not in m.group(1):
            run += _GIVEN_ITEMS.split(m.group(1)) if "$" not in m.group(1) else [m.group(1)]
            continue
        if run:
            out.append(f"{_WE_ARE_GIVEN}{and_list(run)}.")
            run = []
        if line is not None:
            out.append(line)
    return out


def arc_sentence(text: str, exprs, arcs: dict) -> str:
    """A theorem's sentence with each arc its equation uses named as the proof names it: a sentence
    says ``arc BD`` (the minor arc a reader sees) or ``the arcs OBD and OCE`` where its equation holds
    the major arc BAD, so that mention becomes ``major arc BAD``, in every list it stands in."""
    held = [s for e in exprs for s in sorted(sympy.sympify(e).free_symbols, key=lambda s: s.name)
            if (el := element_of(s)) is not None and el.kind.key == "arc" and s in arcs]
    ends = [frozenset(element_of(s).points[1:]) for s in held]
    names: dict[str, str] = {}  # an arc as a sentence may write it (BD, DB, OBD) -> its name in the proof
    for s in held:
        o, a, b = element_of(s).points
        # (both arcs AB held: the sentence names them apart, each in its own order)
        said = (a + b, o + a + b) if ends.count(frozenset((a, b))) > 1 else (a + b, b + a, o + a + b, o + b + a)
        for x in said:
            names.setdefault(x, arcs[s][0])

    def listed(m: re.Match) -> str:
        items = re.split(r", | and ", m[2])
        if not any(len(x) == 3 or names.get(x, "").startswith("major ") for x in items):
            return m[0]  # (minor arcs by their ends: "arcs AB and BC" as written)
        return and_list([names.get(x, f"arc {x[-2:]}") for x in items])

    text = re.sub(r"\b(the )?arcs ((?:[A-Z]{2,3}, )*[A-Z]{2,3} and [A-Z]{2,3})\b", listed, text)
    return re.sub(r"(?<!major )(?<!minor )\barc ([A-Z]{2,3})\b", lambda m: names.get(m[1], m[0]), text)
