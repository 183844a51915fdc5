"""A symmetric shape stands across its axis (blind reader 29: an isosceles triangle drawn with its apex at the
side, a kite with its axis sloping 25°): the segment its block names in ``stands_on`` is drawn horizontal."""
import math

import pytest

from geomill.dsl import parse
from geomill.render.textbook import orient
from geomill.solvers.numeric import build_model


@pytest.mark.parametrize("text, base", [
    ("points A B C D O\ncircle O through A B C\ntriangle ABC isosceles at A\nline B D C\nD midpoint of BC\n"
     "angle BAC = 50\nfind angle CAO\n", "BC"),
    ("points A B C D E\nkite ABCD at A\nline A E C\nline B E D\nAB = 20\nangle BAD = 60\nfind AE\n", "BD"),
])
def test_a_symmetric_shape_stands_across_its_axis(text: str, base: str) -> None:
    problem = parse(text)
    coords = orient(problem, dict(build_model(problem).coords), [])
    (x0, y0), (x1, y1) = coords[base[0]], coords[base[1]]
    assert abs(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 180 == pytest.approx(0, abs=1e-6)
