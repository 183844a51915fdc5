"""What a perception question is, shared by the constructed figures (``sets``) and the GeomVerse
figures (``geomverse``): the tasks, their options and near misses, and a question before wording."""
from __future__ import annotations

from dataclasses import dataclass

SCHEMA = "geomill.perceive/1"
TASKS = ("triangle", "quadrilateral", "length", "angle", "area", "diameter", "intersect")
CHOICES = {"length": (0.25, 0.5, 1, 2, 4), "angle": (10, 45, 90, 135, 180), "area": (0.25, 0.5, 1, 2, 4)}
NEAR_MISSES = {"triangle": ("missing side", "collinear"),
               "quadrilateral": ("missing side", "collinear", "crossing"),
               "diameter": ("chord", "short"), "intersect": ("stops short",)}
MARGIN = 0.5  # of the tolerance band: the figure's value lies this close to its option
LABELS = "abcde"


@dataclass(frozen=True)
class Question:
    """A question before wording: its task, the named elements, and its target."""

    task: str
    names: tuple[str, ...]
    target: object  # True/False, or the right option's value
    sub: str = ""  # diameter or radius
    miss: str = ""  # the near miss of a False question
    angle_between: int | None = None

    def claim(self, value=None, negated: bool = False) -> str:
        """The checker's claim (``value``: an option's value for the numeric tasks)."""
        n, t = self.names, self.task
        neg = "no " if negated else ""
        if t in ("triangle", "quadrilateral"):
            return f"there is {neg}{'a ' if not negated else ''}{t} {n[0]}"
        if t == "diameter":
            return f"{n[0]} is {'not ' if negated else ''}a {self.sub} of a circle"
        if t == "intersect":
            return f"{n[0]} and {n[1]} {'do not ' if negated else ''}intersect"
        if t == "length":
            return f"{n[0]} is {value:g} times longer than {n[1]}"
        if t == "angle":
            return f"angle {n[0]} = {value:g}"
        return f"{n[0]} is {value:g} times larger in area than {n[1]}"  # area

    def wording(self, negated: bool = False) -> str:
        """VisOnlyQA's question templates."""
        n, t = self.names, self.task
        if t in ("triangle", "quadrilateral"):
            k = 3 if t == "triangle" else 4
            word = {3: "three", 4: "four"}[k]
            return (f"There is {'no' if negated else 'a'} {t} {n[0]} in the figure. True or False?\n\n"
                    f"A {t} is a polygon with {word} edges and {word} vertices, which are explicitly connected "
                    f"in the figure.")
        if t == "diameter":
            return f"{n[0]} is {'not ' if negated else ''}a {self.sub} of a circle. True or False?"
        if t == "intersect":
            return f"Line {n[0]} and line {n[1]} {'do not ' if negated else ''}intersect. True or False?"
        if t == "length":
            return (f"Line {n[0]} is X times longer than line {n[1]}. "
                    "Which of the following options is a reasonable estimate for X?")
        if t == "angle":
            return f"What is the size of the angle {n[0]} in the figure? Which of the following options is a " \
                   "reasonable estimate?"
        return (f"{n[0]} is X times larger in area than {n[1]}. "
                "Which of the following options is a reasonable estimate for X?")


def option_text(task: str, value) -> str:
    return f"{value:g} degrees" if task == "angle" else f"{value:g}"
