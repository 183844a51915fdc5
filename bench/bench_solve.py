"""Per-problem time of parse + deduce + gold solution on the bundled examples,
against solving the same proof steps with plain per-call ``sympy.solve``.

    python bench/bench_solve.py [--repeat N]

Both paths run in one process, one after the other, on the same problems, so
the ratio is meaningful even on a shared, noisy machine.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import sympy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from geomill.dsl import parse  # noqa: E402
from geomill.engine.catalogue import KINDS  # noqa: E402
from geomill.solvers import solve  # noqa: E402


def fast(text: str) -> float:
    sol = solve(parse(text))
    sol.text()
    return sol.answer


def plan(text: str) -> list:
    """The proof steps geomill takes, as (kind, equation, inputs, output, class, exact) — computed
    once, outside the timing, so the naive path is timed on the same steps alone."""
    sol = solve(parse(text))
    steps = []
    for d in sol.deduction.known.values():
        if d.how == "rule":
            r = d.rule
            steps.append((KINDS[r.shape.kind], r.rule, r.inputs, d.quantity, d.exact))
    return [sol.graph.find(sol.query), steps, sol.graph]


def plain_sympy(text: str, planned: list) -> float:
    """The naive path: parse, then each step solved by sympy at call time
    (exact inputs, ``sympy.solve`` for the output, ``evalf``), no derived-rule cache."""
    goal, steps, graph = planned
    problem = parse(text)
    values: dict = {graph.find(f.quantity): f.value for f in problem.facts if not f.value.free_symbols}
    for c in graph.constants:
        values.setdefault(c.quantity, c.value)
    for kind, rule, inputs, out_q, exact in steps:
        subs = {kind.symbol(s): values[q] for s, q in zip(rule.inputs, inputs)}
        roots = sympy.solve(rule.source.expr.subs(subs), kind.symbol(rule.output))
        values[out_q] = min(roots, key=lambda v: abs(complex(v.evalf()) - exact))
    return float(values[goal].evalf()) if goal in values else float("nan")


def timed(fn, texts: list[str], repeat: int, extra: list | None = None) -> list[float]:
    per_problem = []
    for i, text in enumerate(texts):
        args = (text,) if extra is None else (text, extra[i])
        fn(*args)  # warm caches (compiled rules) once, as a long run would
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn(*args)
        per_problem.append((time.perf_counter() - t0) / repeat)
    return per_problem


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    paths = sorted((ROOT / "examples").glob("*.geo"))
    texts = [p.read_text() for p in paths]
    sols = [solve(parse(t)) for t in texts]
    depths = [s.depth for s in sols]
    # the plain path replays rule steps only: compare on problems whose proof is all rule steps
    chained = [all(st.how in ("rule", "constant") for st in s.steps) for s in sols]
    ours = timed(fast, texts, args.repeat)
    naive = timed(plain_sympy, texts, max(1, args.repeat // 10), [plan(t) for t in texts])
    print(f"{'example':40s} {'depth':>5s} {'geomill ms':>11s} {'sympy ms':>10s} {'ratio':>7s}")
    for p, d, a, b, c in zip(paths, depths, ours, naive, chained):
        ratio = f"{b / a:6.1f}x" if c else "    n/a"
        print(f"{p.stem:40s} {d:5d} {a * 1e3:11.3f} {b * 1e3:10.2f} {ratio}")
    print(f"\nmedian per problem: geomill {statistics.median(ours) * 1e3:.3f} ms")
    d3 = [a for a, d, c in zip(ours, depths, chained) if d >= 3 and c]
    if d3:
        print(f"depth >= 3 problems solved by chaining: mean {statistics.mean(d3) * 1e3:.3f} ms, "
              f"max {max(d3) * 1e3:.3f} ms (goal <= 2 ms)")
    other = [f"{p.stem} {a * 1e3:.1f} ms" for p, a, c in zip(paths, ours, chained) if not c]
    print("with variables or simultaneous equations (sympy / numeric solving at run time): " + ", ".join(other))
    pairs = [(a, b) for a, b, c in zip(ours, naive, chained) if c]
    speedup = sum(b for _, b in pairs) / sum(a for a, _ in pairs)
    print(f"speed-up over per-call sympy.solve on the same rule steps: {speedup:.1f}x (goal >= 20x)")


if __name__ == "__main__":
    main()
