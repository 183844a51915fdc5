"""FormalGeo's declarative theorems and predicates (GDL), read into typed data.

FormalGeo describes its 196 theorems as JSON strings: a premise such as
``Collinear(ABC)&(Parallelogram(ABCD)|Trapezoid(ABCD))&~ParallelBetweenLine(AB,CD)`` and
conclusions such as ``Equal(LengthOfLine(AC),Add(LengthOfLine(AB),LengthOfLine(BC)))``.  This
module reads them with a small recursive-descent grammar (the text is never evaluated) into
:class:`Theorem` / :class:`Variant` dataclasses whose premises are formulas over
:class:`Predicate` atoms and whose conclusions are predicate atoms or :class:`Equation` trees,
and classifies every equation by what can decide it (:func:`classify`, :func:`coverage`):

* ``linear``: linear in the quantities with rational coefficients: exact elimination
  (``linear.py``) over angle measures or over lengths decides it;
* ``ratio``: one monomial equal to another (``AB·CD = EF·GH``, ``AC = AB·k``, ``C = 2πr``):
  linear in the logs of the quantities, so ratio chasing in ``linear.py`` decides it;
* ``nonlinear``: polynomial otherwise (Pythagoras), for ``nonlinear.py``;
* ``trig``: with a sine or cosine of an unknown angle (laws of sines and cosines), for
  ``nonlinear.py``.

The two JSON files are kept in ``bench/data/formalgeo/`` (MIT, FormalGeo Development Team) so the
reader works on a fresh clone; :func:`main` prints the coverage report
(``python -m bench.theorems_gdl``).
"""
from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Union

import sympy

DATA = Path(__file__).resolve().parent / "data" / "formalgeo"
OPERATORS = {"Add": (2, None), "Sub": (2, 2), "Mul": (2, None), "Div": (2, 2), "Pow": (2, 2)}
# GDL's Sin, Cos, Tan are of degrees; the answers' (sympy's) sin, cos, tan, asin, ... of radians
_RADIANS = {"sqrt": "Sqrt", "sin": "SinRad", "cos": "CosRad", "tan": "TanRad", "asin": "AsinRad",
            "acos": "AcosRad", "atan": "AtanRad"}
FUNCTIONS = {"Sin", "Cos", "Tan", *_RADIANS.values()}
ANGLES = {"MeasureOfAngle", "MeasureOfArc"}  # quantities in degrees (trigonometry takes degrees)


class GDLError(ValueError):
    """A GDL string that does not parse: says which theorem, which part and which column."""


# -- the data --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Predicate:
    """``Collinear(ABC)`` -> Predicate("Collinear", ("ABC",)); points are letters."""

    name: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.name}({','.join(self.args)})"


@dataclass(frozen=True)
class Not:
    item: Formula

    def __str__(self) -> str:
        return f"~{self.item}"


@dataclass(frozen=True)
class And:
    items: tuple[Formula, ...]

    def __str__(self) -> str:
        return "&".join(f"({i})" if isinstance(i, Or) else str(i) for i in self.items)


@dataclass(frozen=True)
class Or:
    items: tuple[Formula, ...]

    def __str__(self) -> str:
        return "|".join(str(i) for i in self.items)


@dataclass(frozen=True)
class Quantity:
    """A measured attribute: ``LengthOfLine(AB)``, ``MeasureOfAngle(ABC)``, ``RadiusOfCircle(O)``."""

    name: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.name}({','.join(self.args)})"


@dataclass(frozen=True)
class Num:
    """A number as written: an integer or a decimal (``15.4``), exactly."""

    value: Fraction

    def __str__(self) -> str:
        if self.value.denominator == 1:
            return str(self.value.numerator)
        return format(Decimal(self.value.numerator) / Decimal(self.value.denominator), "f")


@dataclass(frozen=True)
class Name:
    """``pi`` or a problem's variable (``x``)."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Op:
    """Add, Sub, Mul, Div, Pow, Neg, or a function: Sin, Cos, Tan of degrees (GDL), SinRad, CosRad,
    TanRad, AsinRad, AcosRad, AtanRad of radians (the answers' lowercase sin, ..., atan), Sqrt."""

    op: str
    args: tuple[Expr, ...]

    def __str__(self) -> str:
        return f"{self.op}({','.join(map(str, self.args))})"


Expr = Union[Quantity, Num, Name, Op]  # noqa: UP007 - a runtime alias, read on Python 3.10 too


@dataclass(frozen=True)
class Equation:
    lhs: Expr
    rhs: Expr

    def __str__(self) -> str:
        return f"Equal({self.lhs},{self.rhs})"


Formula = Union[Predicate, Equation, Not, And, Or]  # noqa: UP007


@dataclass(frozen=True)
class Variant:
    """One way a theorem applies: its premise and what it concludes."""

    index: str
    premise: Formula
    conclusions: tuple[Predicate | Equation, ...]


@dataclass(frozen=True)
class Theorem:
    name: str
    params: tuple[str, ...]
    variants: tuple[Variant, ...]


@dataclass(frozen=True)
class PredicateDef:
    """A predicate of ``predicate_GDL.json``: its parameters, kind (entity, relation,
    attribution), the facts it needs (``ee_check``), its equivalent argument orders
    (``multi``) and the facts it implies (``extend``)."""

    name: str
    params: tuple[str, ...]
    kind: str
    ee_check: tuple[Predicate, ...]
    multi: tuple[tuple[str, ...], ...]
    extend: tuple[Predicate | Equation, ...]
    sym: str | None = None


# -- the grammar --------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([^\W\d_]\w*)|(\*\*|[-+*/^(),&|~]))")  # words: letters (α too)


def _tokens(text: str, where: str) -> list[tuple[str, str, int]]:
    """(kind, text, column) with kind num, word or op."""
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise GDLError(f"{where}: col {pos + 1}: unexpected character {text[pos]!r}")
        kind = "num" if m.group(1) else "word" if m.group(2) else "op"
        out.append((kind, m.group(m.lastindex), m.start(m.lastindex) + 1))
        pos = m.end()
    return out


class _Parser:
    """Recursive descent over one GDL string.

        formula  := conj ('|' conj)*           conj := unary ('&' unary)*
        unary    := '~' unary | '(' formula ')' | atom
        atom     := 'Equal' '(' expr ',' expr ')' | Predicate '(' letters (',' letters)* ')'
        expr     := term (('+'|'-') term)*     term := factor (('*'|'/') factor)*
        factor   := '-' factor | power         power := primary (('**'|'^') factor)?
        primary  := number | name | '(' expr ')' | Op '(' expr, ... ')' | Quantity '(' letters, ... ')'
    """

    def __init__(self, text: str, where: str, quantities: frozenset[str]) -> None:
        self.toks = _tokens(text, where)
        self.i = 0
        self.where = where
        self.quantities = quantities
        self.text = text

    def error(self, message: str) -> GDLError:
        col = self.toks[self.i][2] if self.i < len(self.toks) else len(self.text.rstrip()) + 1
        return GDLError(f"{self.where}: col {col}: {message}")

    def peek(self) -> str | None:
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def take(self, expected: str | None = None, what: str | None = None) -> tuple[str, str, int]:
        """The next token; it must be ``expected`` where given (``what`` names it otherwise)."""
        if self.i >= len(self.toks):
            raise self.error(f"expected {what or repr(expected) if expected else what or 'more'}, found the end")
        tok = self.toks[self.i]
        if expected is not None and tok[1] != expected:
            raise self.error(f"expected {expected!r}, found {tok[1]!r}")
        self.i += 1
        return tok

    def done(self) -> None:
        if self.i != len(self.toks):
            raise self.error(f"unexpected {self.peek()!r}")

    # formulas
    def formula(self) -> Formula:
        items = [self.conj()]
        while self.peek() == "|":
            self.take()
            items.append(self.conj())
        return items[0] if len(items) == 1 else Or(tuple(items))

    def conj(self) -> Formula:
        items = [self.unary()]
        while self.peek() == "&":
            self.take()
            items.append(self.unary())
        return items[0] if len(items) == 1 else And(tuple(items))

    def unary(self) -> Formula:
        if self.peek() == "~":
            self.take()
            return Not(self.unary())
        if self.peek() == "(":
            self.take()
            f = self.formula()
            self.take(")")
            return f
        return self.atom()

    def atom(self) -> Predicate | Equation:
        kind, word, _ = self.take(what="a predicate")
        if kind != "word" or not word[0].isupper():
            self.i -= 1
            raise self.error(f"expected a predicate, found {word!r}")
        if word == "Equal":
            self.take("(")
            lhs = self.expr()
            self.take(",")
            rhs = self.expr()
            self.take(")")
            return Equation(lhs, rhs)
        if word in self.quantities or word in OPERATORS or word in FUNCTIONS:
            self.i -= 1
            raise self.error(f"{word} is a value, not a fact")
        return Predicate(word, self.letters())

    def letters(self) -> tuple[str, ...]:
        """'(' letters (',' letters)* ')': point names, each one capital letter."""
        self.take("(")
        args = []
        while True:
            kind, word, _ = self.take(what="point letters")
            if kind != "word" or not word.isalpha() or not word.isupper():
                self.i -= 1
                raise self.error(f"expected point letters, found {word!r}")
            args.append(word)
            if self.peek() == ")":
                self.take()
                return tuple(args)
            self.take(",")

    # expressions
    def expr(self) -> Expr:
        e = self.term()
        while self.peek() in ("+", "-"):
            op = "Add" if self.take()[1] == "+" else "Sub"
            e = Op(op, (e, self.term()))
        return e

    def term(self) -> Expr:
        e = self.factor()
        while self.peek() in ("*", "/"):
            op = "Mul" if self.take()[1] == "*" else "Div"
            e = Op(op, (e, self.factor()))
        return e

    def factor(self) -> Expr:
        if self.peek() == "-":
            self.take()
            return Op("Neg", (self.factor(),))
        base = self.primary()
        if self.peek() in ("**", "^"):
            self.take()
            return Op("Pow", (base, self.factor()))
        return base

    def primary(self) -> Expr:
        kind, word, _ = self.take(what="a value")
        if kind == "num":
            return Num(Fraction(word))
        if word == "(":
            e = self.expr()
            self.take(")")
            return e
        if kind != "word":
            self.i -= 1
            raise self.error(f"expected a value, found {word!r}")
        if word in _RADIANS and self.peek() == "(":
            word = _RADIANS[word]  # the answers' spelling, sympy's: of radians
        if word in OPERATORS or word in FUNCTIONS:
            self.take("(")
            args = [self.expr()]
            while self.peek() == ",":
                self.take()
                args.append(self.expr())
            self.take(")")
            lo, hi = OPERATORS.get(word, (1, 1))
            if len(args) < lo or (hi is not None and len(args) > hi):
                self.i -= 1
                raise self.error(f"{word} takes {lo if lo == hi else f'{lo} or more'} arguments, not {len(args)}")
            return Op(word, tuple(args))
        if word in self.quantities:
            return Quantity(word, self.letters())
        if word[0].isupper():
            self.i -= 1
            raise self.error(f"unknown quantity or operation {word!r}")
        return Name(word)


def parse_formula(text: str, where: str = "formula", quantities: frozenset[str] | None = None) -> Formula:
    """A premise: predicates and equations joined by ``&``, ``|``, ``~`` and parentheses."""
    p = _Parser(text, where, quantities if quantities is not None else _quantity_names())
    f = p.formula()
    p.done()
    return f


def parse_fact(text: str, where: str = "fact", quantities: frozenset[str] | None = None) -> Predicate | Equation:
    """One conclusion: a predicate atom or ``Equal(a,b)``."""
    p = _Parser(text, where, quantities if quantities is not None else _quantity_names())
    f = p.atom()
    p.done()
    return f


def parse_value(text: str, where: str = "value", quantities: frozenset[str] | None = None) -> Expr:
    """An expression: a goal's ``Value(...)`` inside, or an answer such as ``2*sqrt(21)``."""
    p = _Parser(text, where, quantities if quantities is not None else _quantity_names())
    e = p.expr()
    p.done()
    return e


def _signature(text: str, where: str) -> tuple[str, tuple[str, ...]]:
    """``line_addition(AB,BC)`` -> ("line_addition", ("AB", "BC"))."""
    m = re.fullmatch(r"([A-Za-z_][A-Za-z_0-9]*)\(([A-Z]+(?:,[A-Z]+)*)?\)", text)
    if not m:
        raise GDLError(f"{where}: not a name with point parameters: {text!r}")
    return m.group(1), tuple(m.group(2).split(",")) if m.group(2) else ()


def rename(f, points: Mapping[str, str]):
    """A formula, fact or expression with its point letters renamed (``{"A": "P", ...}``):
    a theorem's variant instantiated on a figure's points."""
    if isinstance(f, (Predicate, Quantity)):
        return type(f)(f.name, tuple("".join(points.get(ch, ch) for ch in a) for a in f.args))
    if isinstance(f, Equation):
        return Equation(rename(f.lhs, points), rename(f.rhs, points))
    if isinstance(f, Op):
        return Op(f.op, tuple(rename(a, points) for a in f.args))
    if isinstance(f, (And, Or)):
        return type(f)(tuple(rename(i, points) for i in f.items))
    if isinstance(f, Not):
        return Not(rename(f.item, points))
    if isinstance(f, Variant):
        return Variant(f.index, rename(f.premise, points), tuple(rename(c, points) for c in f.conclusions))
    return f  # numbers and variables have no points


# -- reading the files ----------------------------------------------------------------------------

_QUANTITIES: frozenset[str] | None = None


def _quantity_names() -> frozenset[str]:
    global _QUANTITIES
    if _QUANTITIES is None:
        _QUANTITIES = frozenset(d.name for d in load_predicates().values() if d.kind == "attribution")
    return _QUANTITIES


def load_predicates(path: Path | None = None) -> dict[str, PredicateDef]:
    """``predicate_GDL.json`` as {name: PredicateDef}; the basic entities and constructions
    (Point, Line, Collinear, Shape, ...) have kind ``basic`` and no parameters listed."""
    path = path or DATA / "predicate_GDL.json"
    raw = _read_json(path)
    out: dict[str, PredicateDef] = {}
    preset = raw.get("Preset", {})
    for name in [*preset.get("BasicEntity", []), *preset.get("Construction", [])]:
        out[name] = PredicateDef(name, (), "basic", (), (), ())
    attrs = raw.get("Attribution", {})
    quantities = frozenset(_signature(k, f"{path.name}: Attribution")[0] for k in attrs)
    for section, kind in (("Entity", "entity"), ("Relation", "relation"), ("Attribution", "attribution")):
        for key, body in raw.get(section, {}).items():
            where = f"{path.name}: {section} {key}"
            name, params = _signature(key, where)
            ee = tuple(parse_fact(t, f"{where} ee_check", quantities) for t in body.get("ee_check", []))
            multi = tuple(tuple(m.split(",")) for m in body.get("multi", []))
            ext = tuple(parse_fact(t, f"{where} extend", quantities) for t in body.get("extend", []))
            out[name] = PredicateDef(name, params, kind, ee, multi, ext, body.get("sym"))
    return out


def load_theorems(path: Path | None = None) -> dict[str, Theorem]:
    """``theorem_GDL.json`` as {name: Theorem}."""
    path = path or DATA / "theorem_GDL.json"
    raw = _read_json(path)
    quantities = _quantity_names()
    out: dict[str, Theorem] = {}
    for key, variants in raw.items():
        name, params = _signature(key, f"{path.name}: {key}")
        vs = []
        for index, body in variants.items():
            where = f"{path.name}: {key} variant {index}"
            if not isinstance(body, Mapping) or "premise" not in body or "conclusion" not in body:
                raise GDLError(f"{where}: needs a premise and a conclusion")
            premise = parse_formula(body["premise"], f"{where} premise", quantities)
            conclusions = tuple(parse_fact(c, f"{where} conclusion", quantities) for c in body["conclusion"])
            vs.append(Variant(index, premise, conclusions))
        out[name] = Theorem(name, params, tuple(vs))
    return out


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise GDLError(f"{path}: cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise GDLError(f"{path}:{e.lineno}:{e.colno}: {e.msg}") from None
    if not isinstance(data, dict):
        raise GDLError(f"{path}: expected a JSON object")
    return data


# -- to sympy, and what decides an equation ---------------------------------------------------------


def symbol_for(q: Quantity) -> sympy.Symbol:
    """The default sympy symbol of a quantity: named as FormalGeo writes it, positive."""
    return sympy.Symbol(str(q), positive=True)


def to_sympy(e: Expr, symbol_of=symbol_for, variable_of=None) -> sympy.Expr:
    """A GDL expression as sympy (built node by node, never parsed); trigonometry of degrees.
    ``symbol_of`` gives each quantity's symbol, ``variable_of`` each variable's (``x``; by
    default a real symbol of its name)."""
    if isinstance(e, Num):
        return sympy.Rational(e.value.numerator, e.value.denominator)
    if isinstance(e, Name):
        if e.name == "pi":
            return sympy.pi
        return variable_of(e) if variable_of is not None else sympy.Symbol(e.name, real=True)
    if isinstance(e, Quantity):
        return symbol_of(e)
    args = [to_sympy(a, symbol_of, variable_of) for a in e.args]
    if e.op == "Add":
        return sympy.Add(*args)
    if e.op == "Sub":
        return args[0] - args[1]
    if e.op == "Mul":
        return sympy.Mul(*args)
    if e.op == "Div":
        return args[0] / args[1]
    if e.op == "Pow":
        return args[0] ** args[1]
    if e.op == "Neg":
        return -args[0]
    if e.op == "Sqrt":
        return sympy.sqrt(args[0])
    fn = {"Sin": sympy.sin, "Cos": sympy.cos, "Tan": sympy.tan}.get(e.op)
    if fn is None:  # sin, cos, tan as sympy writes FormalGeo's answers: of radians
        return {"SinRad": sympy.sin, "CosRad": sympy.cos, "TanRad": sympy.tan, "AsinRad": sympy.asin,
                "AcosRad": sympy.acos, "AtanRad": sympy.atan}[e.op](args[0])
    return fn(sympy.pi * args[0] / 180)


def quantities_of(e: Expr | Equation) -> set[Quantity]:
    if isinstance(e, Equation):
        return quantities_of(e.lhs) | quantities_of(e.rhs)
    if isinstance(e, Quantity):
        return {e}
    if isinstance(e, Op):
        return set().union(*(quantities_of(a) for a in e.args))
    return set()


def _is_monomial(e: sympy.Expr, syms: set) -> bool:
    """A constant times a product of powers of the quantities (no sum of them)."""
    e = sympy.expand(e)
    if e.is_Add:
        return False
    return all(f.is_number or f in syms or (f.is_Pow and f.base in syms and f.exp.is_Rational)
               for f in sympy.Mul.make_args(e))


def classify(eq: Equation) -> str:
    """``linear``, ``ratio``, ``nonlinear`` or ``trig``: what decides this equation (module doc)."""
    mapping: dict[Quantity, sympy.Symbol] = {}

    def sym(q: Quantity) -> sympy.Symbol:
        return mapping.setdefault(q, sympy.Symbol(f"q{len(mapping)}", positive=True))

    lhs, rhs = to_sympy(eq.lhs, sym), to_sympy(eq.rhs, sym)
    syms = set(mapping.values())
    if any(f.has(*syms) for f in (lhs - rhs).atoms(sympy.sin, sympy.cos, sympy.tan)):
        return "trig"
    expr = sympy.expand(lhs - rhs)
    poly = sympy.Poly(expr, *syms) if syms else None
    if poly is not None and poly.total_degree() <= 1 and all(c.is_Rational for c in poly.coeffs()):
        return "linear"
    if _is_monomial(lhs, syms) and _is_monomial(rhs, syms):
        return "ratio"
    return "nonlinear"


def domain(eq: Equation) -> str:
    """Which measures an equation relates: ``angle`` (angles and arcs, degrees), ``length``,
    ``area``, ``ratio`` (similarity ratios), or ``mixed``."""
    kinds = set()
    for q in quantities_of(eq):
        if q.name in ANGLES:
            kinds.add("angle")
        elif q.name.startswith("Area"):
            kinds.add("area")
        elif q.name.startswith("Ratio"):
            kinds.add("ratio")
        else:
            kinds.add("length")
    return kinds.pop() if len(kinds) == 1 else "mixed"


def _sympy_with(eq: Equation) -> tuple[sympy.Expr, sympy.Expr, dict]:
    """Both sides in sympy with a fresh symbol per quantity or variable, and the way back."""
    back: dict[sympy.Symbol, Quantity | Name] = {}
    seen: dict[Quantity | Name, sympy.Symbol] = {}

    def sym(q: Quantity | Name) -> sympy.Symbol:
        if q not in seen:
            seen[q] = sympy.Symbol(f"q{len(seen)}", positive=True)
            back[seen[q]] = q
        return seen[q]

    return to_sympy(eq.lhs, sym, sym), to_sympy(eq.rhs, sym, sym), back


def linear_form(eq: Equation, key_of=lambda q: q) -> tuple[dict, sympy.Expr] | None:
    """``eq`` as (coefficients, constant) for :class:`linear.LinearTable` (sum(c·key) = constant)
    when it is linear with rational coefficients, else None.  Keys are ``key_of(quantity)``;
    a problem's variables (``x``) are keys too."""
    lhs, rhs, back = _sympy_with(eq)
    expr = sympy.expand(lhs - rhs)
    syms = list(back)
    if not syms or not expr.is_polynomial(*syms) or sympy.Poly(expr, *syms).total_degree() > 1:
        return None
    coeffs = {}
    for s in syms:
        c = expr.coeff(s)
        if not c.is_Rational:
            return None
        if c:
            coeffs[key_of(back[s])] = c
    constant = -expr.subs(dict.fromkeys(syms, 0))
    return coeffs, constant


def log_form(eq: Equation, key_of=lambda q: q) -> tuple[dict, dict] | None:
    """A monomial equality (``AB·CD = EF·GH``, ``l = m·π/180·r``) as a linear equation over the
    logs of its quantities: (coefficients over ``key_of(quantity)``, the constant as a vector
    over log-atoms, see :func:`linear.log_constant`), else None.  Quantities are positive, so
    this loses nothing; a sum, a trigonometric value or a non-positive constant gives None."""
    from geomill.solvers.linear import Atom, log_constant

    lhs, rhs, back = _sympy_with(eq)
    syms = set(back)
    if not (_is_monomial(lhs, syms) and _is_monomial(rhs, syms)):
        return None
    coeffs: dict = {}
    constant: dict = {}

    def side(e: sympy.Expr, sign: int) -> bool:
        for base, exp in sympy.expand(e).as_powers_dict().items():
            if not exp.is_Rational:
                return False
            ex = Fraction(int(exp.p), int(exp.q))
            if base in syms:
                k = key_of(back[base])
                coeffs[k] = coeffs.get(k, 0) + sign * ex
            elif base.is_Rational:
                if base <= 0:
                    return False
                for a, v in log_constant(Fraction(int(base.p), int(base.q))).items():
                    constant[a] = constant.get(a, 0) - sign * ex * v
            elif base.is_positive and base.is_number:
                a = Atom(sympy.log(base))
                constant[a] = constant.get(a, 0) - sign * ex
            else:
                return False
        return True

    if not (side(lhs, 1) and side(rhs, -1)):
        return None
    return {k: v for k, v in coeffs.items() if v}, {a: v for a, v in constant.items() if v}


@dataclass(frozen=True)
class Coverage:
    """Per theorem, the kinds of its conclusions; and the totals."""

    kinds: Mapping[str, frozenset[str]]  # theorem -> {linear, ratio, nonlinear, trig, relation}
    equations: Counter  # (kind, domain) -> how many conclusions (over every variant)

    def theorems_where(self, test) -> list[str]:
        return sorted(n for n, k in self.kinds.items() if test(k))

    def report(self) -> str:
        n = len(self.kinds)
        rows = [
            ("relations only (no equation)", self.theorems_where(lambda k: k == {"relation"})),
            ("linear equations only: AR decides", self.theorems_where(
                lambda k: "linear" in k and k <= {"linear", "relation"})),
            ("ratio (log-linear) equations, no harder", self.theorems_where(
                lambda k: "ratio" in k and k <= {"linear", "ratio", "relation"})),
            ("non-linear or trigonometric equations", self.theorems_where(lambda k: k & {"nonlinear", "trig"})),
        ]
        out = [f"FormalGeo theorems: {n}"]
        for label, names in rows:
            out.append(f"  {label}: {len(names)} ({100 * len(names) / n:.0f} %)")
        out.append("conclusions (all variants) by kind and measure:")
        for (kind, dom), count in sorted(self.equations.items()):
            out.append(f"  {kind:9} {dom:7} {count}")
        out.append("non-linear / trigonometric theorems: " + ", ".join(rows[3][1]))
        return "\n".join(out)


def coverage(theorems: Mapping[str, Theorem]) -> Coverage:
    """Classify every conclusion of every theorem (see :func:`classify`)."""
    kinds, counts = {}, Counter()
    for name, th in theorems.items():
        ks = set()
        for v in th.variants:
            for c in v.conclusions:
                if isinstance(c, Equation):
                    k = classify(c)
                    counts[(k, domain(c))] += 1
                else:
                    k = "relation"
                    counts[(k, "-")] += 1
                ks.add(k)
        kinds[name] = frozenset(ks)
    return Coverage(kinds, counts)


def variant_kinds(theorems: Mapping[str, Theorem]) -> dict[tuple[str, str], frozenset[str]]:
    """(theorem, variant index) -> the kinds of that variant's conclusions."""
    return {(t.name, v.index): frozenset(classify(c) if isinstance(c, Equation) else "relation"
                                         for c in v.conclusions)
            for t in theorems.values() for v in t.variants}


_STEP = re.compile(r"([a-z_][a-z_0-9]*)\((\d+),")

PROBLEM_CLASSES = ("relations only", "linear", "linear and ratio", "non-linear or trig")


def problem_class(steps: Sequence[str], kinds: Mapping[tuple[str, str], frozenset[str]], where: str) -> str:
    """What an annotated solution (FormalGeo's ``theorem_seqs``: ``name(variant,args)``) needs:
    one of :data:`PROBLEM_CLASSES`."""
    used: set[str] = set()
    for step in steps:
        m = _STEP.match(step)
        if not m:
            raise GDLError(f"{where}: not a theorem step: {step!r}")
        if (m.group(1), m.group(2)) in kinds:
            used |= kinds[(m.group(1), m.group(2))]
        else:  # a variant this GDL lacks (the annotations are of another version): all its variants
            same = [k for (name, _), k in kinds.items() if name == m.group(1)]
            if not same:
                raise GDLError(f"{where}: unknown theorem {m.group(1)!r}")
            used |= frozenset().union(*same)
    if used & {"nonlinear", "trig"}:
        return PROBLEM_CLASSES[3]
    if "ratio" in used:
        return PROBLEM_CLASSES[2]
    if "linear" in used:
        return PROBLEM_CLASSES[1]
    return PROBLEM_CLASSES[0]


def problems_report(path: Path, theorems: Mapping[str, Theorem]) -> str:
    """How many problems of a FormalGeo JSONL(.gz) file have annotated solutions of each class,
    overall and by source: the share that exact linear elimination alone could reach."""
    kinds = variant_kinds(theorems)
    counts: Counter = Counter()
    opener = gzip.open if str(path).endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                try:
                    rec = json.loads(line)
                    steps, source = rec["theorem_seqs"], rec["source"].split("-")[0]
                except (json.JSONDecodeError, KeyError, TypeError, AttributeError):
                    raise GDLError(f"{path}:{n}: not a FormalGeo problem record") from None
                cls = problem_class(steps, kinds, f"{path}:{n}")
                counts[("all", cls)] += 1
                counts[(source, cls)] += 1
    except (OSError, EOFError, UnicodeDecodeError) as e:
        raise GDLError(f"{path}: cannot read: {e}") from None
    out = [f"annotated solutions in {path.name}, by what their theorems' equations need:"]
    for group in sorted({g for g, _ in counts}, key=lambda g: (g != "all", g)):
        total = sum(v for (g, _), v in counts.items() if g == group)
        cells = ", ".join(f"{c} {counts[(group, c)]} ({100 * counts[(group, c)] / total:.1f} %)"
                          for c in PROBLEM_CLASSES)
        out.append(f"  {group} ({total}): {cells}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage report of the packaged theorem file (and, with ``--problems``, of a
    problem file's annotated solutions)."""
    import argparse
    import sys

    ap = argparse.ArgumentParser(prog="python -m bench.theorems_gdl", description=main.__doc__)
    ap.add_argument("--problems", type=Path, help="a FormalGeo problems file (.jsonl or .jsonl.gz)")
    args = ap.parse_args(argv)
    try:
        theorems = load_theorems()
        print(coverage(theorems).report())
        if args.problems is not None:
            print(problems_report(args.problems, theorems))
    except GDLError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
