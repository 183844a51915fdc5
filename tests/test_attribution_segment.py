"""The one-segment box distance is the general one's column, bit for bit (the side rule relies on it)."""
import numpy as np
from geomill.render.attribution import box_one_segment_distance, box_segment_distance


def test_one_segment_matches_general_bitwise():
    rng = np.random.default_rng(7)
    for trial in range(500):
        k = int(rng.integers(1, 40))
        centres = rng.uniform(0, 512, (k, 2))
        if trial % 2:
            centres = np.rint(centres)
        half = rng.uniform(0, 30, (k, 2))
        boxes = np.concatenate([centres - half, centres + half], axis=1)
        a, b = rng.uniform(0, 512, (1, 2)), rng.uniform(0, 512, (1, 2))
        if trial % 5 == 0:
            b[0, 0] = a[0, 0]  # upright
        if trial % 7 == 0:
            b = a.copy()  # a point
        want = box_segment_distance(boxes, a, b)[:, 0]
        got = box_one_segment_distance(boxes, a, b)
        assert np.array_equal(want.view(np.int64), got.view(np.int64))
