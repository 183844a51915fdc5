"""An angle that is no nice number of degrees, written as a textbook writes it (arcsin(12/13), 180° - 2·arcsin(4/5),
540°/π), never in radians; and the linter's numeric check on a figure whose givens disagree."""
import math
from types import SimpleNamespace

import sympy
from geomill.engine.plane import element_symbol
from geomill.solvers.plane.write import Namer
from geomill.solvers.plane.deduce import agreement
from geomill.solvers.plane_lint import _close, _tolerance, sentence_findings

ASIN = 180 * sympy.asin(sympy.Rational(4, 5)) / sympy.pi  # the angle whose sine is 4/5, in degrees


def test_inverse_trig_angles_are_written_in_degrees():
    n = Namer()
    d = math.degrees
    cases = [  # (value in degrees, in degrees?, as printed, what the printed text says, by math)
        (2 * ASIN, True, "2·arcsin(4/5)", 2 * d(math.asin(0.8))),
        (180 - 2 * ASIN, True, "180° - 2·arcsin(4/5)", 180 - 2 * d(math.asin(0.8))),
        (2 * ASIN - 90, True, "-90° + 2·arcsin(4/5)", -90 + 2 * d(math.asin(0.8))),
        (90 - 180 * sympy.asin(sympy.Rational(12, 13)) / sympy.pi, False, "90 - arcsin(12/13)",  # x, a variable
         90 - d(math.asin(12 / 13))),
        (180 * sympy.acos(sympy.Rational(407, 531)) / sympy.pi, False, "arccos(407/531)", d(math.acos(407 / 531))),
        (540 / sympy.pi, True, "540°/π", 540 / math.pi),
    ]
    for v, deg, shown, says in cases:
        got = n.number(v, deg)
        assert got == shown, (v, got)
        assert math.isclose(float(v), says, rel_tol=1e-12), got  # the text names the same angle
        assert sentence_findings([f"So angle ABC = {got}."]) == []  # and the linter's radians rule agrees
    # a value put in where a sine of an inverse sine stands is worked out: BC·(3/5) = 5·(24/25), BC = 8
    assert n.number(25 * sympy.sin(2 * sympy.asin(sympy.Rational(4, 5))) / 3) == "8"
    ac = element_symbol("length", ("A", "C"))
    assert n.expr(ac * sympy.sin(2 * sympy.atan(2))) == "4·AC/5"
    # the rule itself still fires on radians
    assert len(sentence_findings(["So x = 180·acos(407/531)/π."])) == 1
    assert len(sentence_findings(["So arc DC = 540/π°."])) == 1


def test_a_finding_on_a_figure_whose_givens_disagree_says_by_how_much():
    """A figure whose givens disagree (FormalGeo's rounded values) is held to the agreement the solver checked
    the proof at (three times its misfit, at least ROUNDED), no looser: a line it misses by more than its givens
    explain is a finding, and the finding says how far its givens are missed and the tolerance used."""
    exact = SimpleNamespace(misfit=0.0, near=False)
    rough = SimpleNamespace(misfit=0.0428, near=False)  # FormalGeo 1077: rounded givens missed by 4.3 %
    near = SimpleNamespace(misfit=0.2, near=True)
    assert _tolerance(exact) == (1e-3, "")
    tol, said = _tolerance(rough)
    assert tol == agreement(rough) and "approximate figure" in said and "4.3 %" in said
    assert _close(5.15608, 5, tol=tol)  # x = 5 on 1077's figure: within what its rounded givens explain
    assert not _close(5 * (1 + 2 * tol), 5, tol=tol)  # twice as far off: a finding
    assert not _close(5.15608, 5, tol=_tolerance(exact)[0])  # and on an exact figure, 3 % off is one
    assert "near figure" in _tolerance(near)[1]
