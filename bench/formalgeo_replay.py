"""Does the algebra decide FormalGeo's problems when the theorems are chosen for it?

    python bench/formalgeo_replay.py --limit 400            # a seeded sample of the development half
    python bench/formalgeo_replay.py --problems ../shared/formalgeo7k/dev.jsonl.gz --show-failures 20

Each problem's given equations (text and image CDL, with the equations its relations imply,
read from predicate_GDL's ``extend``) and the conclusions of its *annotated* theorem sequence
(``theorem_seqs``, instantiated on the problem's letters, premises not checked) go into two
exact linear tables of ``solvers/linear.py`` (the measures, and their logarithms for ratio
chasing, each feeding its values to the other), and what these cannot reach into
``solvers/nonlinear.py``.  The goal's exact value is compared with ``problem_answer`` (within
0.1 %).  This measures the algebraic core with oracle theorem selection: not issue 21's solver
(which must choose theorems, check premises on the figure and write the proof), but how often
exact elimination plus the smallest non-linear subsystem gets the right number from the right
facts.  Quantities are named by a minimal representation of its own (a segment either way round,
an angle by its two rays along the problem's ``Collinear`` lines), and no figure is used: where
the algebra leaves two admissible roots the problem counts as undecided.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import signal
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import sympy  # noqa: E402
from geomill.solvers.linear import Atom, Inconsistent, LinearTable, log_constant  # noqa: E402
from geomill.solvers.nonlinear import solve_goal  # noqa: E402

from bench.theorems_gdl import (  # noqa: E402
    Equation,
    GDLError,
    Name,
    Quantity,
    linear_form,
    load_predicates,
    load_theorems,
    log_form,
    parse_fact,
    parse_value,
    rename,
    to_sympy,
)

# ../shared beside the checkout (a worktree sits one level deeper)
_ROOT = Path(__file__).resolve().parents[1]
DEFAULT = next((p for p in (_ROOT.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz",
                            _ROOT.parent.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz") if p.exists()),
               _ROOT.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz")
THEOREMS = load_theorems()
PREDICATES = load_predicates()


class Figure:
    """The minimal naming a problem needs: quantities up to the obvious equalities."""

    def __init__(self, construction: list[str]) -> None:
        self.lines = [m.group(1) for c in construction if (m := re.fullmatch(r"Collinear\(([A-Z]+)\)", c))]

    def ray(self, v: str, p: str) -> frozenset[str]:
        for line in self.lines:
            if v in line and p in line:
                i, j = line.index(v), line.index(p)
                return frozenset(line[:i] if j < i else line[i + 1:])
        return frozenset(p)

    def key(self, q: Quantity | Name) -> tuple:
        if isinstance(q, Name):
            return ("var", q.name)
        if q.name == "MeasureOfAngle":
            (a,) = q.args
            return (q.name, a[1], frozenset((self.ray(a[1], a[0]), self.ray(a[1], a[2]))))
        d = PREDICATES.get(q.name)
        forms = [q.args]
        if d is not None and d.params:  # the argument orders predicate_GDL calls the same quantity
            points = _instantiate(d.params, q.args)
            if points is not None:
                forms += [tuple("".join(points[c] for c in m) for m in multi) for multi in d.multi]
        return (q.name, *min(forms))


def _instantiate(params: tuple[str, ...], args: tuple[str, ...]) -> dict[str, str] | None:
    letters, values = "".join(params), "".join(args)
    if len(letters) != len(values):
        return None
    out: dict[str, str] = {}
    for p, v in zip(letters, values):
        if out.setdefault(p, v) != v:
            return None
    return out


def facts_of(fact, depth: int = 0):
    """A fact and the facts its predicate implies (predicate_GDL's extend), as equations."""
    if isinstance(fact, Equation):
        yield fact
        return
    d = PREDICATES.get(fact.name)
    if d is None or depth > 6:
        return
    points = _instantiate(d.params, fact.args)
    if points is None:
        return
    for ext in d.extend:
        yield from facts_of(rename(ext, points), depth + 1)


# Angles here are named without orientation (ABC is CBA): a solution that needs an angle's
# reflex partner (round_angle: AOB + BOA = 360) is beyond this naming, and the problem is refused.
ORIENTED = {"round_angle"}


def theorem_facts(step: str):
    m = re.fullmatch(r"([a-z_0-9]+)\((\d+),(.*)\)", step)
    if not m or m.group(1) not in THEOREMS:
        return
    th = THEOREMS[m.group(1)]
    points = _instantiate(th.params, tuple(m.group(3).split(",")))
    variant = next((v for v in th.variants if v.index == m.group(2)), None)
    if points is None or variant is None:
        return
    for c in variant.conclusions:
        yield from facts_of(rename(c, points))


def _log_vector(v: sympy.Expr) -> dict | None:
    """log of an exact positive number as a vector over log-atoms, or None."""
    if not (v.is_number and v.is_positive):
        return None
    out: dict = {}
    for base, exp in v.as_powers_dict().items():
        if not exp.is_Rational:
            return None
        e = sympy.Rational(exp)
        if base.is_Rational:
            for a, c in log_constant(base).items():
                out[a] = out.get(a, 0) + c * e
        else:
            a = Atom(sympy.log(base))
            out[a] = out.get(a, 0) + e
    return {a: c for a, c in out.items() if c}


def solve(problem: dict) -> tuple[str, sympy.Expr | None]:
    """('right' | 'wrong' | 'conflict' | 'oriented' | 'undecided', value).  conflict: the facts
    contradict each other under this script's naming, so no answer is given; oriented: the
    annotated solution needs reflex angles, which this naming does not model."""
    if any(step.split("(")[0] in ORIENTED for step in problem["theorem_seqs"]):
        return "oriented", None
    fig = Figure(problem["construction_cdl"])
    equations: list[Equation] = []
    for text in dict.fromkeys(problem["text_cdl"] + problem["image_cdl"]):
        try:
            equations += facts_of(parse_fact(text))
        except GDLError:
            continue
    for step in problem["theorem_seqs"]:
        equations += theorem_facts(step)
    lin, log = LinearTable(), LinearTable()
    symbols: dict = {}

    def sym(q):
        k = fig.key(q)
        return symbols.setdefault(k, sympy.Symbol(f"q{len(symbols)}", positive=True))

    exprs = []
    for eq in equations:
        for table, form in ((lin, linear_form(eq, fig.key)), (log, log_form(eq, fig.key))):
            if form is not None:
                try:
                    table.add(*form)
                except Inconsistent:
                    return "conflict", None  # the facts clash as named here: refuse
                except TypeError:
                    pass
        exprs.append(to_sympy(eq.lhs, sym, sym) - to_sympy(eq.rhs, sym, sym))
    for _ in range(4):  # each table's values into the other
        moved = 0
        for k, v in lin.known().items():
            vec = _log_vector(v)
            if vec is not None and not log.is_determined(k):
                try:
                    log.add({k: 1}, vec)
                    moved += 1
                except Inconsistent:
                    return "conflict", None
        for k, v in log.known().items():
            if not lin.is_determined(k):
                try:
                    lin.add({k: 1}, sympy.exp(v))
                    moved += 1
                except Inconsistent:
                    return "conflict", None
                except TypeError:
                    pass
        if not moved:
            break
    goal_text = problem["goal_cdl"]
    m = re.fullmatch(r"Value\((.*)\)", goal_text)
    if not m:
        return "undecided", None
    goal = parse_value(m.group(1))
    known = {symbols[k]: v for k, v in lin.known().items() if k in symbols}
    g = to_sympy(goal, sym, sym)
    value = g.subs(known)
    if value.free_symbols:
        target = sympy.Symbol("goal", real=True)
        found = solve_goal([*exprs, target - g], target, known=known,
                           bounds={s: (0, None) for s in symbols.values()})
        value = found.value if found is not None else None
    if value is None or value.free_symbols:
        return "undecided", None
    expected = float(to_sympy(parse_value(problem["problem_answer"])))
    got = float(value)
    ok = abs(got - expected) <= 1e-3 * max(1.0, abs(expected))
    return ("right" if ok else "wrong"), value


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", type=Path, default=DEFAULT)
    ap.add_argument("--limit", type=int, default=0, help="a seeded sample of this many problems (0: all)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per problem")
    ap.add_argument("--show-failures", type=int, default=10)
    args = ap.parse_args()
    if args.limit < 0 or args.timeout <= 0 or args.show_failures < 0:
        ap.error("--limit and --show-failures must be at least 0, --timeout positive")
    try:
        with gzip.open(args.problems, "rt", encoding="utf-8") as f:
            problems = [json.loads(line) for line in f]
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"error: {args.problems}: {e}")
    if args.limit:
        problems = random.Random(0).sample(problems, min(args.limit, len(problems)))

    def expire(signum, frame):
        raise TimeoutError

    signal.signal(signal.SIGALRM, expire)
    counts: Counter = Counter()
    times, failures = [], []
    for p in problems:
        start = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.timeout)
        try:
            outcome, value = solve(p)
        except TimeoutError:
            outcome, value = "timeout", None
        except (GDLError, ValueError, TypeError, ZeroDivisionError) as e:
            outcome, value = "error", type(e).__name__
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        times.append(time.perf_counter() - start)
        source = p["source"].split("-")[0]
        counts[("all", outcome)] += 1
        counts[(source, outcome)] += 1
        if outcome != "right":
            failures.append((p["problem_id"], outcome, value, p["problem_answer"], p["goal_cdl"]))
    n = len(problems)
    print(f"{n} problems from {args.problems.name}; median {statistics.median(times) * 1e3:.0f} ms, "
          f"95th percentile {sorted(times)[int(0.95 * (n - 1))] * 1e3:.0f} ms per problem")
    for group in sorted({g for g, _ in counts}, key=lambda g: (g != "all", g)):
        total = sum(v for (gr, _), v in counts.items() if gr == group)
        cells = ", ".join(f"{o} {counts[(group, o)]} ({100 * counts[(group, o)] / total:.1f} %)"
                          for o in ("right", "wrong", "conflict", "oriented", "undecided", "timeout", "error"))
        print(f"  {group} ({total}): {cells}")
    for pid, outcome, value, answer, goal in failures[:args.show_failures]:
        print(f"  problem {pid}: {outcome} ({value} against {answer}) for {goal}")


if __name__ == "__main__":
    main()
