"""The text of a solved problem's proof, for tests that read what a teacher reads."""
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane_lint import lint_general


def linted_text(src: str) -> str:
    """The proof's text, every check of the linter passed."""
    sol = solve_general(parse(src, "case.geo"))
    assert lint_general(sol) == [], sol.text()
    return sol.text()


def checked_text(src: str) -> str:
    """The proof's text, its equations checked on the model."""
    sol = solve_general(parse(src))
    assert sol.proof.check(sol.model) == []
    return sol.text()
