"""One call from a problem to its answer, proof metrics and gold solution."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from geomill.engine.errors import SolveError
from geomill.engine.graph import FactGraph
from geomill.engine.model import Problem, Quantity, split_points
from geomill.engine.plane import GeneralProblem

from .arith import round2
from .deduce import Deduction
from .proof import Proof, Step, build_proof
from .system import solve_system, underdetermined_message
from .writer import Namer, write


@dataclass
class Solution:
    problem: Problem
    graph: FactGraph
    deduction: Deduction
    proof: Proof
    query: Quantity
    answer: float  # GeomVerse value: π = 3.14, rounded to 2 decimals at every step
    exact: float  # true π, no rounding

    @property
    def steps(self) -> list[Step]:
        return self.proof.steps

    @property
    def rel_diff(self) -> float:
        """Relative difference between the GeomVerse and the exact value (GeomVerse drops > 3 %)."""
        return abs(self.answer - self.exact) / max(abs(self.exact), 1e-12)

    @property
    def depth(self) -> int:
        return self.deduction.known[self.graph.find(self.query)].depth

    @property
    def width(self) -> int:
        """Most derived inputs feeding one step of the proof (at least 1)."""
        known, find = self.deduction.known, self.graph.find
        return max([1] + [sum(1 for q, _ in s.inputs if isinstance(q, Quantity)
                              and known[find(q)].how not in ("given", "constant")) for s in self.steps])

    @property
    def distractor_facts(self) -> list[Quantity]:
        used = self.proof.used_facts
        return [f.quantity for f in self.problem.facts if self.graph.find(f.quantity) not in
                {self.graph.find(q) for q in used}]

    @property
    def distractor_shapes(self) -> list[str]:
        return [s.name for s in self.problem.shapes if s.name not in self.proof.used_shapes]

    def text(self, namer: Namer | None = None, style: str = "text") -> str:
        """The gold solution; ``namer`` names elements (default: as the problem writes them);
        ``style="latex"``: the same with its mathematics in LaTeX."""
        if namer is None:
            if style not in self._texts:
                self._texts[style] = write(self.steps, self.answer, self.shape_kinds, self.spelling,
                                           given=self.query, style=style)
            return self._texts[style]
        return write(self.steps, self.answer, self.shape_kinds, namer, given=self.query, style=style)

    @cached_property
    def _texts(self) -> dict[str, str]:
        return {}

    def spelling(self, q: Quantity) -> str:
        """The name the problem text uses for ``q`` (``BCA`` rather than the catalogue's ``ACB``)."""
        return self._spellings.get(q, q).name

    @cached_property
    def _spellings(self) -> dict[Quantity, Quantity]:
        out: dict[Quantity, Quantity] = {}
        for decl in self.problem.shapes:
            for _, written in decl.args:
                if len(written) > 1:
                    pts = split_points(written)
                    q = Quantity.length(*pts) if len(pts) == 2 else Quantity.angle(*pts) if len(pts) == 3 else None
                    if q is not None:
                        out.setdefault(q, q)
        mentioned = [f.quantity for f in self.problem.facts]
        if self.problem.query is not None:
            mentioned.append(self.problem.query.quantity)
        out.update({q: q for q in mentioned})
        return out

    @property
    def shape_kinds(self) -> dict[str, str]:
        return {s.name: s.kind for s in self.problem.shapes}

    def as_dict(self) -> dict:
        proof = self.proof_dict()
        return {
            "query": str(self.query), "answer": self.answer, "exact": self.exact, "rel_diff": self.rel_diff,
            "depth": self.depth, "width": self.width, "steps": proof["steps"],
            "solution": self.text(),
            "solution_latex": self.text(style="latex"),
            "distractors": proof["distractors"], "rules": proof["rules"],
        }

    def proof_dict(self) -> dict:
        """The proof's data without its texts: the steps, the distractors and the rules used."""
        return {
            "steps": [s.as_dict(self.spelling) for s in self.steps],
            "distractors": {"facts": [str(q) for q in self.distractor_facts], "shapes": self.distractor_shapes},
            "rules": sorted({f"{s.kind}: {s.rule}" for s in self.steps if s.rule and s.kind}),
        }


@dataclass
class Deduced:
    """A problem deduced, its proof not yet written: what a figure is laid out from (``problem``,
    ``graph``, ``deduction``, ``query``), so that the generator checks a figure, which refuses a
    draw in four, before it pays for a proof it would throw away."""

    problem: Problem
    graph: FactGraph
    deduction: Deduction
    query: Quantity
    goal: Quantity  # the query's value class

    @property
    def exact(self) -> float:
        return self.deduction.known[self.goal].exact

    @property
    def depth(self) -> int:
        return self.deduction.known[self.goal].depth

    def prove(self) -> Solution:
        """The solution: the query's proof and its GeomVerse value."""
        proof = build_proof(self.deduction, self.goal, self.query)
        answer = round2(proof.gv[self.goal])
        return Solution(self.problem, self.graph, self.deduction, proof, self.query, answer, self.exact)


def solve(problem: Problem, query: Quantity | None = None) -> Solution:
    """Deduce ``query`` (default: the problem's own) and write its proof.

    Raises SolveError (with the place in the text at fault) for contradictory,
    underdetermined or impossible problems.
    """
    return deduce(problem, query).prove()


def deduce(problem: Problem, query: Quantity | None = None) -> Deduced:
    """``solve`` up to the proof: every value the problem determines, the query's among them
    (the same errors)."""
    if isinstance(problem, GeneralProblem):
        raise SolveError("this is a general plane-geometry problem: solvers.plane.solve_general solves it "
                         "('geomill solve' calls it)", None, problem.source)
    if query is None:
        if problem.query is None:
            raise SolveError("the problem has no 'find' line", None, problem.source)
        query = problem.query.quantity
    graph = FactGraph(problem)
    if not graph.contains(query):
        raise SolveError(f"no shape has {query}", problem.query.span if problem.query else None, problem.source)
    ded = Deduction(graph)
    ded.check_consistency()
    goal = graph.find(query)
    if goal not in ded.known:
        if not solve_system(ded, goal):
            raise SolveError(underdetermined_message(ded, goal), problem.query.span if problem.query else None,
                             problem.source)
        ded.check_consistency()
    return Deduced(problem, graph, ded, query, goal)
