"""The route a teacher takes (teacher 18's longer routes), each on its smallest problem."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.solvers.plane.solve import solve_general


def _text(src: str) -> str:
    return solve_general(parse(src)).text()


def test_a_right_angle_read_off_a_straight_line_is_weighed_as_such() -> None:
    """(gen 6: BI through the angles of triangle BCI and "BI = BC", where angle BAI = 90° and AB = AI give it at
    once.)  A premise (the right angle BAI) is weighed by its first proof too (the straight line CAI with the given
    right angle BAC), not only by a later one that rests on the long route (BA the median of the isosceles BCI)."""
    text = _text("triangle ABC isosceles at A\nline C A I\nAB = 33\nangle BAC = 90\nAI = AB\nfind BI\n")
    assert "BI = √2·AB = √2·33 = 33√2" in text, text
    assert "BCI" not in text and "BI = BC" not in text, text


def test_a_perpendicular_between_a_trapezoids_bases_is_its_height() -> None:
    """(gen 4: the height h found, then DE found again through the area twice.)  DE, from one base to the other and
    perpendicular to it, is the height: read off at once."""
    text = _text("trapezoid ABCD bases AD BC\nline B E C\nDE perpendicular to BE\nAD = 5\nBC = 17\nAB = 10\n"
                 "CD = 14\nfind BD\n")
    assert "area" not in text, text
    assert "DE is perpendicular to the parallel sides BC and AD, it is the height h; hence DE = h = 4√6" in text, text
    assert "BD = √145" in text, text


def test_the_asked_unknown_is_kept_and_a_sum_containing_it_solved_in_terms_of_it() -> None:
    """(FormalGeo 503: "ST = PS - 8 … PS = 28. So ST = PS - 8 = 20", where (ST + 8)/ST = 21/15 gives ST at once.)"""
    text = _text("points Q P T R S\npolygon QPTR\ntriangle RTS\nline Q R S\nline P T S\nPQ parallel to TR\n"
                 "clockwise QPTR RTS\nPQ = 21\nPT = 8\nRT = 15\nfind ST\n")
    assert "PS = ST + 8" in text and "ST = 20" in text, text
    assert "PS = 28" not in text and "ST = PS - 8" not in text, text


def test_a_side_used_only_squared_is_carried_squared() -> None:
    """(FormalGeo 2289: "AC = √(17² + 6²) = 5√13" then "(5√13)²/6".)  AC² = 325 is carried into AC²/CY."""
    text = _text("points B A Y C\ntriangle BAY\ntriangle ACY\nline B Y C\nAY perpendicular to BY\n"
                 "BA perpendicular to CA\nclockwise BAY ACY BAC\nAB = z\nAC = x\nAY = 17\nBC = y\nCY = 6\nfind y\n")
    assert "AC² = AY² + CY² = 17² + 6² = 325" in text, text
    assert "√13" not in text and "BC = AC²/CY = 325/6" in text, text


def test_a_shapes_equal_sides_are_one_fact_however_many_of_its_equations_a_pair_takes() -> None:
    """(FormalGeo 544: the rhombus's angle LMP, then its opposite angle LQP halved, where the isosceles triangle
    QLM (LQ = LM) with apex 40° gives 70° at once.)  LQ = LM, from LQ = MP and MP = LM, weighs as one rule, and
    the apex angle, written in the variable found, gets its number."""
    text = _text("points L R Q M P\ntriangle LRQ\ntriangle LMR\ntriangle MPR\ntriangle QRP\nrhombus LMPQ\n"
                 "line L R P\nline Q R M\nclockwise LRQ LMR MPR QRP MPQ QLM MQL\nMP = 10\nangle MPQ = 8x\n"
                 "angle MLQ = 2 x^2 - 10\nfind angle LQM\n")
    assert "angle LQP" not in text and "angle LMP" not in text, text
    assert "angle LQM = (180° - angle MLQ)/2 = (180° - 40°)/2 = 70°" in text, text


def test_a_rhombus_diagonal_gives_the_two_halves_equal_at_once() -> None:
    """(FormalGeo 1983: angle addition at A and the diagonal's angle BAD = 2·angle BAF, where the halves BAF and
    DAF are equal at once.)"""
    text = _text("points B A F D C\ntriangle BAF\ntriangle FAD\ntriangle FDC\ntriangle BFC\nrhombus BADC\n"
                 "line B F D\nline A F C\nclockwise BAF FAD FDC BFC\nangle BAF = 2x + 20\nangle DAF = 5x - 4\n"
                 "find x\n")
    assert "angle BAF = angle DAF, so 2x + 20 = 5x - 4" in text, text
    assert "angle addition" not in text, text
