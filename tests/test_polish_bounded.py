"""The polish (light pending equations solved once the goal is found) is bounded: an identity in
nested radicals that keeps ``simplify`` busy counts as unproven after its time, not as a hang
(FormalGeo dev 1395 and 2837 timed out in it)."""
import time

import sympy
from geomill.solvers.plane.deduce import _holds_exactly
from sympy import Rational as R
from sympy import sqrt

SIN36 = sqrt(R(5, 8) - sqrt(5) / 8)
COS36 = R(1, 4) + sqrt(5) / 4


def test_exact_identities_and_values_off_zero():
    assert _holds_exactly(SIN36 ** 2 + COS36 ** 2 - 1)
    assert _holds_exactly(sympy.sqrt(12) - 2 * sympy.sqrt(3))
    assert not _holds_exactly(SIN36 - R(587785, 1000000))  # 0.5877852…: off at the 7th digit


def test_a_slow_identity_is_given_up_in_time():
    e = 21 * SIN36 / (COS36 + sqrt(3) * SIN36) - 21 * sqrt(3) * SIN36 / (sqrt(3) * COS36 + 3 * SIN36)
    assert abs(complex(e.evalf(30))) < 1e-25  # it is an identity (simplify needs about 0.5 s for it)
    t = time.process_time()
    _holds_exactly(e, 0.05)
    assert time.process_time() - t < 0.3
