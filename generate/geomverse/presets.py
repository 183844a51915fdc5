"""The paper's test sets (§4, Appendix A) and its train/validation pools (Appendix B).

``paper`` is every test set at 1,000 problems plus 10k train and 2k validation
drawn with random knobs; the runner generates tests first and keeps train and
validation free of any test solution.  ``scale`` shrinks every part (for tries).
"""
from __future__ import annotations

from geomill.dataset.records import Part

from .config import GenConfig

BASE = GenConfig(depth=2, shapes="geomverse")

TEST_SETS: dict[str, GenConfig] = {
    # §4.1 depth
    "depth1": BASE.with_(depth=1),
    "depth2": BASE.with_(depth=2),
    "depth3": BASE.with_(depth=3),
    # §4.2 width: depth 2 with p_branch 0, 0.5, 1
    "width-p0": BASE.with_(depth=2, p_branch=0.0),
    "width-p0.5": BASE.with_(depth=2, p_branch=0.5),
    "width-p1": BASE.with_(depth=2, p_branch=1.0),
    # §4.3 distractors: depth 1 with and without
    "distractors-off": BASE.with_(depth=1),
    "distractors-on": BASE.with_(depth=1, distractors=True),
    # §A.1 standard vs all shapes (depth 2)
    "shapes-standard": BASE.with_(depth=2, shapes="standard"),
    "shapes-all": BASE.with_(depth=2, shapes="geomverse"),
    # §A.4 variablized none / medium / high
    "variablized-none": BASE.with_(depth=2, variablized=0.0),
    "variablized-medium": BASE.with_(depth=2, variablized=0.5),
    "variablized-high": BASE.with_(depth=2, variablized=1.0),
    # §A.3 annotation
    "annotation-coordinate": BASE.with_(depth=2, annotation="coordinate"),
    "annotation-individual": BASE.with_(depth=2, annotation="individual"),
    # §A.2 information in text vs on the image
    "info-text": BASE.with_(depth=2, values="text"),
    "info-image": BASE.with_(depth=2, values="image"),
}

TRAIN = BASE.with_(randomize=True, max_depth=3)

# §4.1 shape generalisation: the shapes the paper trained on (in-distribution)
ID_SHAPES = ("square,right_triangle,trapezoid,semicircle,rectangle_plus_equilateral_triangle,"
             "rectangle_minus_semicircle,square_minus_circle,supplementary,complementary")


def preset(name: str, scale: float = 1.0, images: bool = True) -> list[Part]:
    """Parts of a preset: ``paper``, ``tests``, ``splits`` or a single test set's name."""
    def n(k: int) -> int:
        return max(1, int(round(k * scale)))

    def cfg(c: GenConfig) -> GenConfig:
        return c.with_(images=images)

    tests = [Part(k, "test", n(1000), cfg(c)) for k, c in TEST_SETS.items()]
    splits = [Part("validation", "validation", n(2000), cfg(TRAIN)), Part("train", "train", n(10000), cfg(TRAIN))]
    if name == "paper":
        return tests + splits
    if name == "tests":
        return tests
    if name == "splits":
        return [Part("test", "test", n(1000), cfg(TRAIN))] + splits
    if name == "ood":
        return [Part("train-id", "train", n(10000), cfg(TRAIN.with_(shapes=ID_SHAPES))),
                Part("test-ood", "test", n(1000), cfg(BASE.with_(shapes="geomverse")))]
    if name in TEST_SETS:
        return [Part(name, "test", n(1000), cfg(TEST_SETS[name]))]
    raise ValueError(f"unknown preset {name!r}: paper, tests, splits, ood or one of {', '.join(TEST_SETS)}")


PRESETS = ("paper", "tests", "splits", "ood", *TEST_SETS)
