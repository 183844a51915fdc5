"""Newcomer 16's probes: a region the goal names is drawn (q18: `find area ABCD - area ABE` with no
`triangle ABE` line drew only the rectangle, for a question about the triangle cut out of it)."""
from geomill.dsl import parse
from geomill.render.textbook import textbook_figure


def test_a_region_only_the_goal_names_has_its_sides_drawn():
    labels = textbook_figure(parse("rectangle ABCD\nAB = 12\nBC = 8\nE midpoint of CD\n"
                                   "find area ABCD - area ABE\n")).labels
    drawn = {frozenset(s) for s in labels["segments"]}
    assert {frozenset("AE"), frozenset("BE")} <= drawn, labels["segments"]
    perimeter = textbook_figure(parse("points A B C D E\nrectangle ABCD\nAB = 12\nBC = 8\nE midpoint of CD\n"
                                      "find perimeter ABE\n")).labels
    assert {frozenset("AE"), frozenset("BE")} <= {frozenset(s) for s in perimeter["segments"]}
