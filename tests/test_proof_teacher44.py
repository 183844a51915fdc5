"""What teacher 44's sheet marked down in generated proofs, each class on its smallest problem: a height named after
its value was found (the reason after the computation), a midsegment's angles without its parallel."""
from __future__ import annotations

from geomill.solvers.plane.tidy import midsegment_parallel
from geomill.solvers.plane.write import _height_named

from .proof_text import linted_text as _text


def test_a_shapes_height_is_named_before_its_value_is_found() -> None:
    """(gen 12: "… so AE = 24√2. Since AE is perpendicular to BC, AE is the height of the isosceles trapezoid
    ABCD." ended the proof: the reason last, after the value the question asks.)"""
    before = ["In the right triangle AEB (as AE is perpendicular to BE; its angle ABE is angle ABC), sin(angle ABC) = "
              "AE/AB, so AE = 48·sin(45°) = 24√2."]
    line = "Since AE is perpendicular to BC, it is the height of the trapezoid ABCD; hence AE = 24√2."
    assert _height_named(line, before) == ""
    assert before == ["Since AE is perpendicular to BC, AE is the height of the trapezoid ABCD. In the right triangle "
                      "AEB (its angle ABE is angle ABC), sin(angle ABC) = AE/AB, so AE = 48·sin(45°) = 24√2."]
    assert _height_named("Since AE is perpendicular to BC, it is the height of ABCD; hence AE = 5.", ["AB = 5."]) == (
        "Since AE is perpendicular to BC, it is the height of ABCD; hence AE = 5.")  # (its value found nowhere)
    text = _text("points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\n"
                 "AB = 48\nangle ABC = 45\nfind height BCDA\n")
    assert text.startswith("Since AE is perpendicular to BC, AE is the height of the isosceles trapezoid ABCD. Since E "
                           "lies on BC, angle ABE = angle ABC = 45°. In the right triangle AEB"), text
    assert text.endswith("= 24√2."), text


def test_a_midsegments_equal_angles_are_said_through_its_parallel() -> None:
    """(gen 4: "by the midsegment theorem (as AF = BF and AE = CE), angle AFE = angle CBF = 70°": the parallel the
    theorem gives and the corresponding angles it makes unsaid.)"""
    line = ("Since FE joins the midpoints of two sides of triangle ABC, by the midsegment theorem (as AF = BF and AE = "
            "CE), angle AFE = angle CBA = 70°.")
    assert midsegment_parallel([line]) == [
        "Since FE joins the midpoints of two sides of triangle ABC, by the midsegment theorem (as AF = BF and AE = "
        "CE), FE is parallel to BC, so angle AFE = angle CBA = 70° (corresponding angles)."]
    through = line.replace("angle CBA", "angle CBF")  # (no one vertex of the triangle shared: left as it is)
    assert midsegment_parallel([through]) == [through]
    text = _text("points A B C E F\ntriangle ABC isosceles at A\nline A E C\nline A F B\nline E F\nangle BAC = 40\n"
                 "AE = CE\nAF = BF\nfind angle AFE\n")
    assert "FE is parallel to BC, so angle AFE = angle CBA = 70° (corresponding angles)." in text, text
