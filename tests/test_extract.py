"""Answer extraction: a table of real-looking responses, and numbers rendered every supported way."""
from __future__ import annotations

import math

import pytest
from geomill.evaluate.answers.extract import extract, extract_number
from geomill.evaluate.answers.numparse import chains
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.extract_cases import CASES, RESTATED


def _agrees(got, response_type: str, reference) -> bool:
    value = None if got.failed else got.value
    if response_type == "number" and value is not None and reference is not None:
        return math.isclose(value, reference, rel_tol=1e-9, abs_tol=1e-12)
    return value == reference


def test_table_is_large_and_varied():
    kinds = {rt for _, rt, _, _ in CASES}
    assert len(CASES) >= 150 and kinds == {"number", "choice", "truefalse", "multi"}
    assert sum(ref is None for *_, ref in CASES) >= 10  # refusals and ambiguous answers must fail


@pytest.mark.parametrize("response,response_type,options,reference", CASES,
                         ids=[f"{i}-{c[1]}" for i, c in enumerate(CASES)])
def test_table(response, response_type, options, reference):
    got = extract(response, response_type, options)
    assert got.failed == (reference is None)
    assert _agrees(got, response_type, reference), got


def test_agreement_on_table(capsys):
    agree = sum(_agrees(extract(r, t, o), t, ref) for r, t, o, ref in CASES)
    with capsys.disabled():
        print(f"\nextraction agreement on {len(CASES)} responses: {100 * agree / len(CASES):.1f} %")
    assert agree / len(CASES) >= 0.985


# ---------------------------------------------------------------- numbers rendered any supported way

def _plain(x: float, places: int, thousands: bool) -> str:
    text = f"{x:,.{places}f}" if thousands else f"{x:.{places}f}"
    return text


@st.composite
def rendered_numbers(draw):
    """(text, value): a number in one of the styles models use."""
    style = draw(st.sampled_from(["decimal", "thousands", "fraction", "frac", "dfrac", "sqrt", "sqrt_unicode",
                                  "sqrt_word", "pi", "pi_latex", "frac_pi", "sci", "times_ten", "negative"]))
    a = draw(st.integers(1, 999))
    b = draw(st.integers(2, 99))
    if style == "decimal":
        places = draw(st.integers(0, 3))
        text = _plain(a + draw(st.integers(0, 99)) / 100, places, False)
        return text, float(text)
    if style == "thousands":
        x = draw(st.integers(1000, 10_000_000)) + draw(st.sampled_from([0, 0.5, 0.25, 0.75]))
        text = _plain(x, 2, True)
        return text, float(text.replace(",", ""))
    if style == "negative":
        return f"-{a}.{b}", -float(f"{a}.{b}")
    if style == "fraction":
        return f"{a}/{b}", a / b
    if style in ("frac", "dfrac"):
        return f"\\{style}{{{a}}}{{{b}}}", a / b
    if style == "sqrt":
        return f"{a}\\sqrt{{{b}}}", a * math.sqrt(b)
    if style == "sqrt_unicode":
        return f"{a}√{b}", a * math.sqrt(b)
    if style == "sqrt_word":
        return f"{a}*sqrt({b})", a * math.sqrt(b)
    if style == "pi":
        return f"{a}π", a * math.pi
    if style == "pi_latex":
        return f"{a}\\pi", a * math.pi
    if style == "frac_pi":
        return f"\\frac{{{a}\\pi}}{{{b}}}", a * math.pi / b
    if style == "sci":
        e = draw(st.integers(-3, 6))
        return f"{a}.{b:02d}e{e}", float(f"{a}.{b:02d}e{e}")
    e = draw(st.integers(1, 6))
    return f"{a}.{b:02d} \\times 10^{{{e}}}", float(f"{a}.{b:02d}") * 10 ** e


SUFFIXES = ["", "°", "^\\circ", "^{\\circ}", " degrees", " cm", " units", " square units", " cm^2", "\\text{ m}^{2}",
            " cm²", "%"]
WRAPPERS = ["The final answer is {x}.", "Therefore the final answer is {x}", "$\\boxed{{{x}}}$",
            "Final Answer: The final answer is $\\boxed{{{x}}}$. I hope it is correct.", "**Final answer:** {x}",
            "The answer is \\({x}\\).", "Answer: {x}", "答案：{x}", "So the area is $$ {x} $$", "{x}"]
DISTRACTIONS = ["", "First, 3 + 4 = 7 and AB = 12.5. ", "Step 1: the side is 14.65 cm, so 2 * 14.65 = 29.3.\n",
                "Using π = 3.14 and rounding to 2 decimal places, the semicircle is 3.14 * 36 / 8 = 14.13. ",
                "The angle is 45°, the area 1,024 and the ratio \\frac{1}{2}.\n\n"]


@settings(max_examples=400, deadline=None)
@given(rendered_numbers(), st.sampled_from(SUFFIXES), st.sampled_from(WRAPPERS), st.sampled_from(DISTRACTIONS))
def test_any_rendered_number_is_extracted(number, suffix, wrapper, distraction):
    text, value = number
    if suffix and wrapper.startswith("$\\boxed") and not suffix.startswith(("^", "\\")):
        suffix = f"\\text{{{suffix}}}"
    response = distraction + wrapper.format(x=text + suffix)
    got = extract_number(response)
    assert got is not None and math.isclose(got, value, rel_tol=1e-9), (response, got, value)


@given(st.text(max_size=200))
def test_never_crashes_on_any_text(text):
    for rtype, options in (("number", None), ("choice", ["a", "b", "c"]), ("truefalse", None),
                           ("multi", {"a": "x", "b": "y"})):
        got = extract(text, rtype, options)
        assert got.failed == (got.value is None)


# ---------------------------------------------------------------- details

def test_the_last_final_answer_counts():
    assert extract_number("Final answer: 12. Hmm, no. Final answer: 15.") == 15


def test_equation_chain_takes_its_last_member():
    assert [f.value for f in chains("2 * 7 = 14 and 3^2 = 9")] == [14, 9]


def test_no_number_after_a_marker_is_a_failure_not_a_guess():
    got = extract("We get AB = 5 and BC = 7. The final answer cannot be determined from the figure.", "number")
    assert got.failed and got.value is None


def test_division_by_zero_is_not_a_number():
    assert extract_number("The answer is 1/0.") is None


def test_unknown_response_type_is_an_error():
    with pytest.raises(ValueError, match="response_type"):
        extract("5", "essay")


def test_labels_may_be_other_than_letters():
    assert extract("Final answer: 3", "choice", ["1", "2", "3"]).value == "3"
    assert extract("the answer is (2)", "choice", ["1", "2", "3"]).value == "2"


# ---------------------------------------------------------------- options, verdicts, lists rendered any way

OPTION_TEXTS = {"a": "0.5", "b": "2", "c": "4", "d": "1", "e": "0.25"}
LABEL_STYLES = ["({l})", "{l})", "{L}", "({L})", "**{l}**", "{l}", "option {l}", "({l}) {t}", "{L}. {t}", "{t}",
                "[{l}]", "{L}) {t}"]
ANSWER_WRAPPERS = ["Final answer: {x}", "The answer is {x}.", "{x}", "Final Answer: The final answer is "
                   "$\\boxed{{{x}}}$", "答案：{x}", "**Answer:** {x}", "Therefore, the correct option is {x}.",
                   "The final answer is: {x}\n\nThis follows from the figure."]
OPTION_DISTRACTIONS = ["", "Option (a) looks too small and (e) too large.\n", "AB measures about 3 cm and CD 1.5 cm.\n",
                       "Let me compare the two segments carefully. "]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(OPTION_TEXTS)), st.sampled_from(LABEL_STYLES), st.sampled_from(ANSWER_WRAPPERS),
       st.sampled_from(OPTION_DISTRACTIONS))
def test_any_stated_option_is_extracted(label, style, wrapper, distraction):
    x = style.format(l=label, L=label.upper(), t=OPTION_TEXTS[label])
    response = distraction + wrapper.format(x=x)
    assert extract(response, "choice", OPTION_TEXTS).value == label, response


VERDICT_STYLES = ["{v}", "{lv}", "{uv}", "**{v}**", "\\text{{{v}}}", "The statement is {lv}"]


@settings(max_examples=200, deadline=None)
@given(st.booleans(), st.sampled_from(VERDICT_STYLES), st.sampled_from(ANSWER_WRAPPERS[:6]),
       st.sampled_from(["", "The segments AB and CD meet at a point near C.\n", "There is no triangle ADE here? "]))
def test_any_stated_verdict_is_extracted(value, style, wrapper, distraction):
    x = style.format(v=str(value), lv=str(value).lower(), uv=str(value).upper())
    response = distraction + wrapper.format(x=x)
    assert extract(response, "truefalse").value is value, response


LIST_STYLES = [", ", ",", " and ", "), (", " & "]


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from("abcd"), min_size=1), st.sampled_from(LIST_STYLES), st.booleans(),
       st.sampled_from(ANSWER_WRAPPERS[:6]))
def test_any_stated_list_is_extracted(labels, sep, upper, wrapper):
    chosen = sorted(labels)
    if upper:
        chosen = [c.upper() for c in chosen]
    x = sep.join(chosen)
    if sep == "), (":
        x = f"({x})"
    response = wrapper.format(x=x)
    assert extract(response, "multi", ["a", "b", "c", "d"]).value == tuple(sorted(labels)), response


RUNAWAYS = ["answer: ", "π", "(", "√", "- ", "\\boxed{", "\\text{", "Final answer: The figure shows a shape. ", "1,"]


@pytest.mark.parametrize("unit", RUNAWAYS)
def test_runaway_responses_take_linear_time(unit):
    """A model stuck repeating itself must not stall scoring: 4x the text takes well under 16x the time
    (CPU time of this thread: on a loaded machine the wall clock of a few ms says little)."""
    import time

    def cost(n: int) -> float:
        text = unit * n
        start = time.thread_time()
        for rtype in ("number", "choice", "truefalse", "multi"):
            extract(text, rtype, ["a", "b", "c", "d"])
        return time.thread_time() - start

    cost(50)  # warm up
    small, large = min(cost(200) for _ in range(3)), min(cost(800) for _ in range(3))
    assert large < 10 * small + 0.05, (small, large)


@pytest.mark.parametrize("response,question,truth", RESTATED)
def test_a_conclusion_restating_the_statement_is_a_verdict(response, question, truth):
    from geomill.evaluate.answers.score import score_item
    assert extract(response, "truefalse").failed  # no verdict word: the rules alone refuse it
    item = score_item({"id": "1", "response": response, "answer": truth, "response_type": "truefalse",
                       "question": question})
    assert item["extracted"] is truth and item["correct"]
