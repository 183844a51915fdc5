"""Problem -> canonical DSL text, such that ``parse(format_problem(p)) == p``.

Expressions are printed by hand (not with sympy's printers) so that the text
is exactly what the grammar reads back: ``2x + 50``, ``12.85``, ``3 sqrt(2)``.
"""
from __future__ import annotations

import functools

import sympy
from geomill.engine.kinds import KINDS
from geomill.engine.model import Problem, ShapeDecl, element_text
from geomill.engine.plane import INVERSE_TRIG, TRIG, element_of

from .forms import read_shape, split_words

# Binding strength, loosest first; mirrors the grammar.
SUM, PRODUCT, UNARY, IMPLICIT, POWER, ATOM = range(1, 7)
MAX_DECIMALS = 6
MAX_EXPONENT = 10


def format_problem(problem: Problem) -> str:
    """Canonical text of a GeomVerse problem (a general one: ``general.format_general``)."""
    lines = [format_shape(d) for d in problem.shapes]
    lines += [f"{element_text(f.quantity)} = {format_expr(f.value)}" for f in problem.facts]
    if problem.query is not None:
        lines.append(f"find {element_text(problem.query.quantity)}")
    return "\n".join(lines) + "\n"


# -- shapes -------------------------------------------------------------------------------------


def format_shape(decl: ShapeDecl) -> str:
    """The kind's canonical line, or the first other form that reads back as ``decl``.

    ``ShapeKind.format`` always uses the first form, which loses a pin the
    first form lacks (``kite BCDA at A``); trying the other forms keeps the
    round trip exact.
    """
    return _shape_line(decl.kind, decl.name, decl.points, decl.args)  # (all the text depends on)


@functools.lru_cache(maxsize=20_000)  # generated problems repeat their declarations (``rectangle ABCD``)
def _shape_line(kind_key: str, name: str, points: tuple[str, ...], args: tuple[tuple[str, str], ...]) -> str:
    decl = ShapeDecl(kind_key, name, points, args)
    kind = KINDS[kind_key]
    first = kind.format(decl)
    candidates = [first] + [kind.format(decl, form, written) for form in kind.forms for written in (True, False)]
    for text in candidates:
        if _reads_back(text, decl):
            return text
    return first


def _reads_back(text: str, decl: ShapeDecl) -> bool:
    try:
        got = read_shape(split_words(text))
    except Exception:  # noqa: BLE001 - any failure just means "try the next form"
        return False
    return got == decl


# -- expressions ----------------------------------------------------------------------------------


def format_expr(e: sympy.Expr) -> str:
    """DSL text for an exact sympy value; ValueError for what the DSL cannot write (sin, floats …)."""
    return _fmt(sympy.Integer(e) if isinstance(e, int) else e)[0]


def _wrap(e: sympy.Expr, need: int) -> str:
    text, prec = _fmt(e)
    return text if prec >= need else f"({text})"


def _fmt(e: sympy.Expr) -> tuple[str, int]:
    if e.is_Integer:  # its str() is str(e.p); plain ints skip sympy's printer and comparisons
        return str(e.p), ATOM if e.p >= 0 else UNARY
    if e.is_Rational:
        dec = decimal(e)
        if dec is not None:
            return dec, ATOM if e.p > 0 else UNARY
        return _product(e, [])
    if e.is_Symbol:
        el = element_of(e)
        if el is not None:  # "AB" is an atom; "angle ABC" binds like a product of its words
            return el.text, ATOM if not el.kind.words else POWER
        return e.name, ATOM
    if isinstance(e, tuple(TRIG.values())):
        return f"{type(e).__name__.lower()}({_fmt(e.args[0])[0]})", ATOM
    if e is sympy.pi:
        return "pi", ATOM
    if e.is_Add:
        return _sum(e)
    if e.is_Mul and (inv := _inverse(e)) is not None:
        return inv
    if e.is_Mul:
        coeff, rest = e.as_coeff_Mul()
        return _product(coeff, list(sympy.Mul.make_args(rest)))
    if e.is_Pow:
        return _power(e)
    raise ValueError(f"cannot write {e!r} in the geomill DSL")


def _inverse(e: sympy.Expr) -> tuple[str, int] | None:
    """``k*180*atan(v)/pi`` (an angle in degrees) as ``k atan(v)``, the way the reader reads it."""
    funcs = [f for f in e.args if isinstance(f, tuple(INVERSE_TRIG.values()))]
    if len(funcs) != 1:
        return None
    k = e * sympy.pi / (180 * funcs[0])
    if not k.is_Rational:
        return None
    word = next(n for n, f in INVERSE_TRIG.items() if isinstance(funcs[0], f))
    return _product(k, [sympy.Symbol(f"{word}({_fmt(funcs[0].args[0])[0]})")])


def decimal(r: sympy.Rational) -> str | None:
    """``257/20`` -> ``"12.85"`` when the decimal terminates within MAX_DECIMALS places."""
    q, twos, fives = r.q, 0, 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    places = max(twos, fives)
    if q != 1 or places > MAX_DECIMALS or places == 0:
        return None
    digits = str(abs(r.p) * 10**places // r.q).rjust(places + 1, "0")
    return f"{'-' if r < 0 else ''}{digits[:-places]}.{digits[-places:]}"


def _sum(e: sympy.Add) -> tuple[str, int]:
    terms = e.as_ordered_terms()
    text = _wrap(terms[0], PRODUCT)
    for t in terms[1:]:
        if t.could_extract_minus_sign():
            text += " - " + _wrap(-t, PRODUCT)
        else:
            text += " + " + _wrap(t, PRODUCT)
    return text, SUM


def _juxtapose(parts: list[str]) -> str:
    """``["2", "x", "sqrt(3)"]`` -> ``"2x sqrt(3)"``.

    The number comes first, then parenthesised factors (after a name, '(' would
    read as a call: ``x(…)``), then the rest; a number hugs a letter or '('.
    """
    parts = sorted(parts, key=lambda p: 0 if p[0].isdigit() else 1 if p[0] == "(" else 2)
    text = parts[0]
    for i, part in enumerate(parts[1:]):
        hug = i == 0 and text[0].isdigit() and (len(part) == 1 and part.isalpha() or part[0] == "(")
        text += part if hug else " " + part
    return text


def _factors(coeff: sympy.Rational | None, factors: list[sympy.Expr]) -> tuple[str, int] | None:
    parts = [] if coeff is None or coeff == 1 else [_fmt(coeff)[0]]
    parts += [_wrap(f, POWER) for f in factors]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0], POWER if factors else ATOM
    return _juxtapose(parts), IMPLICIT


def _product(coeff: sympy.Rational, factors: list[sympy.Expr]) -> tuple[str, int]:
    """A monomial ``coeff * factors``; negative exponents go below a '/'."""
    if coeff < 0:
        text, prec = _product(-coeff, factors)
        if prec < PRODUCT:
            text, prec = f"({text})", ATOM
        return "-" + text, min(prec, UNARY)
    num, den = [], []
    for f in factors:
        base, exp = f.as_base_exp()
        if exp.is_Rational and exp < 0:
            den.append(base ** -exp)
        else:
            num.append(f)
    if coeff.is_Integer or (coeff.q > 10 and decimal(coeff) is not None):  # 12.85x, but x/2
        top, bottom = _factors(coeff, num), _factors(None, den)
    else:
        top, bottom = _factors(sympy.Integer(coeff.p), num), _factors(sympy.Integer(coeff.q), den)
    top_text = "1" if top is None else (top[0] if top[1] >= PRODUCT else f"({top[0]})")
    if bottom is None:
        return (top_text, top[1]) if top is not None else ("1", ATOM)
    bottom_text = bottom[0] if bottom[1] >= POWER else f"({bottom[0]})"
    return f"{top_text}/{bottom_text}", PRODUCT


def _power(e: sympy.Pow) -> tuple[str, int]:
    base, exp = e.as_base_exp()
    if exp.is_Rational and exp < 0:
        return _product(sympy.Integer(1), [e])
    if exp == sympy.Rational(1, 2):
        return f"sqrt({_fmt(base)[0]})", ATOM
    if exp.is_Rational and exp.q == 2:
        return _raise(f"sqrt({_fmt(base)[0]})", int(exp.p))
    if exp.is_Integer:
        return _raise(_wrap(base, ATOM), int(exp))
    raise ValueError(f"cannot write {e!r} in the geomill DSL (exponents are whole numbers)")


def _raise(base: str, n: int) -> tuple[str, int]:
    """``base^n``; above the parser's exponent limit, as a product of powers (x^10 x^3)."""
    chunks = [MAX_EXPONENT] * (n // MAX_EXPONENT) + ([n % MAX_EXPONENT] if n % MAX_EXPONENT else [])
    parts = [base if k == 1 else f"{base}^{k}" for k in chunks]
    return (parts[0], POWER) if len(parts) == 1 else (" ".join(parts), IMPLICIT)
