"""What blind teacher 32 marked down (issue 37): a reason said twice because the second sentence words it otherwise
("Since CE is an altitude of triangle ABC, angle CED = 90°." never used, then "Since CE is the altitude of the
equilateral triangle ABC, …"), and one "Since …" opening two sentences in a row."""
from __future__ import annotations

from geomill.solvers.plane.tidy import right_angle_near_use, since_once

from .proof_text import linted_text as _text


def test_a_lone_right_angle_goes_where_its_reason_is_said_again_in_other_words() -> None:
    lines = ["Since CE is an altitude of triangle ABC, angle CED = 90°.",
             "Since CE is the altitude of the equilateral triangle ABC, it bisects the side AB; hence AE = AB/2 = 19."]
    assert right_angle_near_use(lines) == lines[1:]
    other = ["Since CE is an altitude of triangle ABC, angle CED = 90°.",
             "Since CF is the altitude of the equilateral triangle ABC, it bisects the side AB; hence AF = AB/2 = 19."]
    assert right_angle_near_use(other) == other


def test_one_since_opens_two_sentences_in_a_row_once() -> None:
    lines = ["Since CD is perpendicular to the hypotenuse AB, by the geometric mean (leg) theorem in the right "
             "triangle CAB, AC² = AB·AD = 340.",
             "Since CD is perpendicular to the hypotenuse AB, by the geometric mean (altitude) theorem in the right "
             "triangle CAB, CD² = AD·BD = 240."]
    assert since_once(lines) == [lines[0], "By the geometric mean (altitude) theorem in the right triangle CAB, "
                                           "CD² = AD·BD = 240."]
    apart = [lines[0], "Since D lies on AB, AB = 34.", lines[1]]
    assert since_once(apart) == apart  # (a sentence between: the reason is said again where it is used)


def test_generated_problems_say_each_reason_once() -> None:
    altitude = ("points A B C D E\ntriangle ABC equilateral\nline A E D B\nCE altitude of CBA\nAB = 38\nAD = 32\n"
                "find DE\n")
    text = _text(altitude)
    assert "angle CED = 90°" not in text and text.count("altitude") == 1
    legs = ("points A B C D E\ntriangle BCA right at C\nline A D B\nline C D\nline C E A\nCD altitude of CAB\n"
            "DE perpendicular to CE\nAD = 10\nBD = 24\nfind CE\n")
    assert _text(legs).count("Since CD is perpendicular to the hypotenuse AB") == 1


def test_a_circumradius_from_a_side_and_its_angle_by_the_extended_law_of_sines() -> None:
    """Blind teacher 32's gen 2: the radius through triangle AOC, its base angle and the law of sines in it."""
    text = _text("points A B C O\ntriangle ABC\ncircle O through A B C\nO circumcentre of ABC\nAB = 8\nBC = 23\n"
                 "angle ABC = 60\nfind circle area O\n")
    assert "extended law of sines in triangle ABC" in text and "triangle ACO" not in text
    assert text.count("\n") <= 2
