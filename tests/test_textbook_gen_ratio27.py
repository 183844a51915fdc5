"""A generated question never asks a ratio of a length it gives (blind teacher 27's gen 8: "BC = 23" given, then
"Find CF/BC", which is CF in disguise)."""
from geomill.dsl import parse
from geomill.generate.textbook_gen.make import given_in


def test_a_ratio_of_a_given_length_is_not_asked() -> None:
    # (gen 8: "BC = 23" given, then "Find CF/BC")
    p = parse("points A B C F\ntriangle ABC\nline B F A\nCF perpendicular to BA\nBC = 23\nangle ABC = 45\nfind CF\n")
    cf, bc, af = (next(iter(f.lhs.free_symbols)) for f in parse(
        "points A B C F\ntriangle ABC\nline B F A\nCF = 1\nBC = 1\nAF = 1\nfind CF\n").facts)
    assert given_in(cf / bc, p.facts) and given_in(bc / cf, p.facts)
    assert not given_in(cf / af, p.facts)  # (neither length given: the ratio may be asked)
