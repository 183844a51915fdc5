"""Blind teachers 23 and 24: sentences a teacher would sign, each class on the smallest problem that shows it."""
import re
from geomill.dsl import parse
from geomill.generate.textbook import question

from .proof_text import linted_text as _text


def test_a_radius_in_a_formula_is_r():
    # (teacher 24 gen 2: "π·(radius of circle O)²" and "the radius of circle O = AB/2")
    text = _text("points A B C O\ntriangle ABC right at C\ncircle O through A B C\nAC = 20\nBC = 29\n"
                 "find circle area O\n")
    assert "Let r be the radius of circle O. Since the angle ACB" in text, text
    assert "hence r = AB/2 = √1241/2." in text and "πr², the area of circle O = π·(√1241/2)² = 1241π/4" in text, text
    assert "(radius of circle O)" not in text, text


def test_a_given_radius_in_the_sector_perimeter_is_r():
    # (teacher 24 gen 15: "π·(arc BC)(radius of circle O)/180 + 2·(radius of circle O)")
    text = _text("points A B C O\ntriangle ABC\ncircle O through A B C\nradius O = 4\nangle ABC = 60\nangle ACB = 70\n"
                 "counterclockwise OBC\nfind sector perimeter OBC\n")
    # (teachers 45, 46: the given radius put in as a textbook writes the formula, with no letter for it)
    assert "= (100/360)·2π·4 + 2·4 = 20π/9 + 8." in text and "(radius of circle O)" not in text, text
    assert "Let r" not in text and "π·(arc" not in text, text


def test_the_geometric_mean_theorem_is_named_its_reason_first():
    # (teacher 23 fg 14: "it is the altitude of the right triangle ZYX (as angle XZY = 90°); hence AZ² = AX·AY")
    text = _text("points X Z A Y\ntriangle XZA\ntriangle AZY\nline X A Y\nXZ perpendicular to YZ\n"
                 "ZA perpendicular to XA\nclockwise XZA AZY XZY\nAY = 9\nAX = 5\nfind AZ\n")
    assert ("Since XZ is perpendicular to YZ and ZA is perpendicular to the hypotenuse XY, by the geometric mean (altitude) "
            "theorem in the right triangle XZY, AZ² = AX·AY") in text, text
    assert "(as" not in text and "ZYX" not in text, text


def test_angles_tied_through_points_are_folded_into_their_use():
    # (teacher 23 fg 6: "(angle SRT = angle SRU, as T lies on RU extended; angle STR = angle STU, as …)" crammed;
    # teacher 30: the ties said alone before the theorem are filler: the one concluded in its chain, the other
    # beside the triangle whose angle it is)
    text = _text("points S R U T V\ntriangle SRU\ntriangle SUV\nline R U T\nline S V T\nRU perpendicular to SU\n"
                 "TS perpendicular to RS\nTV perpendicular to UV\nclockwise SRU SUV VUT UTS TSR\nangle STU = 47\n"
                 "find angle SRU\n")
    assert ("Since R lies on TU extended, angle STR = angle STU = 47°. By the angle sum of triangle SRT, angle SRT = "
            "180° - angle RST - angle STR = 180° - 90° - 47° = 43°, and since T lies on RU extended, angle SRU = 43°."
            ) in text, text  # (teachers 45, 46: no "(its angle …)", no "(the same angle)")
    assert "; angle" not in text, text


def test_equidistant_chords_cite_both_perpendiculars():
    # (teacher 23 fg 17: "they are equal (as angle HUR = 90°)", one perpendicular, after the claim)
    text = _text("points Q T H R U P S\ntriangle QTH\ntriangle RHU\nline Q T P\nline R U S\ncircle H through Q P R S\n"
                 "HU perpendicular to RU\nQT perpendicular to HT\nclockwise QTH RHU\nPQ = 3x - 4\nRS = 14\nHT = 8\n"
                 "HU = 8\nfind x\n")
    assert ("Since HT and HU are perpendicular to the chords PQ and RS and HT = HU, the chords are equally far from "
            "the centre; hence PQ = RS, so 3x - 4 = 14, 3x = 18 and x = 6.") in text, text  # (teacher 37: HT = HU in
    # the "since", not in a bracket after the claim)
    assert "and so equal" not in text, text  # (the chords' equality said once, as PQ = RS: teacher 35)
    assert "(as angle" not in text, text


def test_a_drawn_height_is_said_before_its_value():
    # (teacher 24 gen 3: "…= 11/2. Since AE is perpendicular to BC, AE is the height … (as angle AEB = 90°)")
    text = _text("points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\n"
                 "AB = 11\nangle ABC = 30\nfind height ABC\n")
    assert text.startswith("Since AE is perpendicular to BC, AE is the height from A to BC. "), text
    assert text.endswith("= 11/2.") and text.count("perpendicular") == 1, text


def test_a_fraction_halved_is_bracketed():
    # (teacher 23 gen 12: "area ABE = area BCE = 165/4/2")
    text = _text("points A B C E H\ntriangle ABC\nline A H B\nBE median of ABC\nEH perpendicular to AH\nAB = 15\n"
                 "BC = 11\nangle ABC = 30\nfind EH\n")
    assert "= (165/4)/2 = 165/8" in text and "165/4/2" not in text, text


def test_a_quadratic_is_solved_by_the_formula_shown():
    # (teacher 24 fg 17: "x² + 9x - 64 = 0 and x = (√337 - 9)/2")
    text = _text("points C B D A\ntriangle CBD\ntriangle BAD\nline C D A\nAD perpendicular to BD\n"
                 "CB perpendicular to AB\nclockwise CBD BAD CBA\nAD = 9\nBC = 8\nCD = x\nfind x\n")
    assert ("x² + 9x - 64 = 0. By the quadratic formula, x = (-9 ± √(9² + 4·64))/2 = (-9 ± √337)/2, so "
            "x = (√337 - 9)/2 (rejecting the negative root, as CD = x is a length)") in text, text
    assert ", so x² + 9x - 64 = 0, so" not in text, text  # (teacher 37 fg 17: one "so" a sentence)


def test_an_isosceles_triangle_says_its_equal_sides():
    # (teacher 24 fg 18: "the isosceles triangle AED (its base angles are equal)" after "AD = BC = AE")
    text = _text("points A B C D E\ntriangle ABE\ntriangle AED\nrhombus ABCD\nline B E C\nclockwise ABE AED DEC\n"
                 "angle ABE = 80\nangle DAE = angle ABE\nfind angle CDE\n")
    # (the equal sides named in the bracket, or said as the sentence's own conclusion just before it)
    said = text.index("the isosceles triangle ADE")
    assert ("the isosceles triangle ADE (its base angles are equal, as AD = AE)" in text
            or re.search(r"\bAD = AE\.", text[:said])), text


def test_a_stated_kite_keeps_its_name():
    # (teacher 23 fg 3: "the kite ADCB" where the question says BADC)
    text = _text("points B A D C\nkite BADC at A\nclockwise BADC\nangle ADC = 105\nangle BAD = 74\nfind angle BCD\n")
    assert "the kite BADC" in text and "ADCB" not in text, text


def test_the_question_says_each_fact_once_and_introduces_its_shape():
    # (teachers 23, 24 gen: "E is where AC meets BD" after both lines; "the area of ABCD", ABCD never introduced)
    p = parse("points A B C D E\nline A E C\nline B E D\nE where AC meets BD\nAE = 3\nfind area ABCD\n", "q.geo")
    q = question(p, figure=False, rounds=False)
    assert q.startswith("ABCD is a quadrilateral. A, E and C lie on one line, in that order.") and "meets" not in q, q
    # (teacher 24 fg 15: "MS = NS, … the radius of circle S is MS and the radius of circle S is NS")
    p = parse("points S M N\ncircle S through M N\nMS = NS\nradius S = MS\nMN = 4\nfind angle MSN\n", "q.geo")
    q = question(p, figure=False, rounds=False)
    assert "MS = NS" not in q and "radius" not in q and "MN = 4" in q, q
