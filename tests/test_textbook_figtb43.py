"""Issue 38 (figtb43): what a reader must take on trust is said in the text beside the figure (points on a circle,
a centre on a line, lines bent so near straight that they read as one), and a circle's points spread over it."""
from __future__ import annotations

import math

import numpy as np
from geomill.dsl import parse
from geomill.generate.textbook import question, solution_points
from geomill.solvers.numeric import widest_gap

THREE_CIRCLES = ("points B E A F D G C Y H\nline A D B Y C\ncircle A through E F D\ncircle B through H C G E A F\n"
                 "circle C through Y H G\nclockwise EFD HCG HGE HEA HAF YHG\ndiameter A = 10\ndiameter B = 20\n"
                 "diameter C = 14\nfind BY\n")  # (FormalGeo 437)
TANGENTS = ("points A O B D P\npolygon AOBD\ncircle O through A B D\nPA tangent to circle O\nPB tangent to circle O\n"
            "clockwise AOBD ABD BPA\nangle APB = 40\nfind angle ADB\n")  # (FormalGeo 4720)
CHORDS = ("points A D C F E B\nline D F E\nline C F B\ncircle A through D C E B\nclockwise DCE DEB\nBF = x\n"
          "CF = x + 8\nDF = 5\nEF = 4\nfind x\n")  # (FormalGeo 2518)


def test_points_on_a_circle_that_the_question_or_solution_names_are_said_beside_the_figure() -> None:
    """FormalGeo 437: "A is the centre of the circle" three times, nothing on them; the solution's BC and CY are
    radii only if C lies on circle B and Y on circle C, and BY = BC - CY only if B lies on AC."""
    problem = parse(THREE_CIRCLES)
    used = solution_points("the radius BC of circle B = 10. the radius CY of circle C = 7. BY = BC - CY", problem)
    text = question(problem, figure=True, rounds=False, used=used)
    assert "B is the centre of the circle through C and A." in text, text
    assert "C is the centre of the circle through Y." in text, text
    assert "A is the centre of the circle." in text, text  # (E, F, D: named by nothing, the figure's alone)
    assert "B and Y lie on AC" in text, text
    assert not any(f" {q}," in text or f" {q}." in text for q in "EFGH"), text


def test_a_point_a_tangent_puts_on_the_circle_is_not_said_again() -> None:
    """FormalGeo 4720: the text never said D is on the circle (reader 40's 28); A and B it says by the tangents."""
    text = question(parse(TANGENTS), figure=True, rounds=False)
    assert "O is the centre of the circle through D." in text, text
    assert text.count("at A") == 1 and "through A" not in text and "through D, A" not in text, text


def test_lines_drawn_bent_near_straight_are_said_not_in_one_line() -> None:
    text = question(parse(CHORDS), figure=True, rounds=False, bent=[("B", "O", "E"), ("C", "O", "D")])
    assert "B, O and E are not in one line, nor are C, O and D." in text, text
    assert "not in one line" not in question(parse(CHORDS), figure=False, rounds=False, bent=[("B", "O", "E")])


def test_the_widest_stretch_between_directions_wraps_round() -> None:
    deg = np.radians([[350.0, 10.0, 30.0], [0.0, 120.0, 240.0]])
    assert np.allclose(np.degrees(widest_gap(deg)), [320.0, 120.0])


def test_two_chords_spread_over_their_circle() -> None:
    """FormalGeo 2518 (reader 42's 19): both chords were squeezed into the bottom strip of a circle the facts leave
    any size over 6; the points now spread over it (no stretch without one wider than 200°)."""
    from geomill.render.textbook import BUNCHED, textbook_figure

    labels = textbook_figure(parse(CHORDS)).labels
    px = {n: np.array(p, float) for n, p in labels["points"].items()}
    v = np.array([px[q] - px["A"] for q in "DCEB"])
    assert math.degrees(float(widest_gap(np.arctan2(v[:, 1], v[:, 0])))) <= BUNCHED
