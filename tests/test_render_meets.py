"""Rules.interiors_meet: the fills' DE-9IM 'interiors meet' relation, asked of shapely once a pair for
the figure (the label regions and the painter's over-white test share it)."""
import shapely
from geomill.render import attribution
from geomill.render.attribution import Rules, Strokes
from shapely.geometry import Point, Polygon


def _rules(fills):
    return Rules(512, 16.0, {}, Strokes.of([]), {}, fills, {})


def test_the_relation_is_shapelys_in_either_order_and_asked_once(monkeypatch):
    fills = {"A": Polygon([(0, 0), (10, 0), (10, 10), (0, 10)]),
             "B": Polygon([(10, 0), (20, 0), (20, 10), (10, 10)]),  # shares a side with A: no interior met
             "C": Polygon([(5, 5), (15, 5), (15, 15), (5, 15)]),  # overlaps A and B
             "D": Point(30, 30).buffer(3)}  # far from all
    pairs = [(a, b) for a in fills for b in fills if a != b]
    want = [bool(shapely.relate_pattern(fills[a], fills[b], "T********")) for a, b in pairs]
    assert want.count(True) == 4  # (A-C, B-C, both ways)
    rules = _rules(fills)
    assert rules.interiors_meet(pairs[:5]) == want[:5]
    asked = []
    real = shapely.relate_pattern
    monkeypatch.setattr(attribution.shapely, "relate_pattern", lambda a, b, p: asked.append(len(a)) or real(a, b, p))
    assert rules.interiors_meet(pairs) == want
    assert asked == [len([p for p in pairs if p not in pairs[:5] and p[::-1] not in pairs[:5]])]
    rules.release()  # (kept past the labels' release: the painter asks after it)
    assert rules.interiors_meet(pairs) == want and len(asked) == 1
