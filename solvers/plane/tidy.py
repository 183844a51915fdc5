"""Each fact said once: the written proof's sentences, read as a teacher reads them.

The writer (``write.py``) writes one step at a time, so two steps that rest on one reason each say it
("the base angles of ABD" once for B and once for D), a given is restated on a line of its own, two
radii are said equal and then given again as a reason, and a rhombus's equal sides come out as two
equalities and a "So".  These passes take the text proof's sentences and say each such fact once,
where it is first needed.  They read text only (a LaTeX proof is left as it is) and never move a
fact later than a sentence that uses it.
"""
from __future__ import annotations

import functools
import re

__all__ = ["SHAPE_KINDS", "fold_ties", "midsegment_parallel", "perpendicular_as_reason", "right_angle_near_use",
           "since_once", "tidy"]

_SENTENCE = re.compile(r"(?<=\.)\s+(?=[A-Z])")
_NAME = r"(?:angle )?[A-Z]{2,3}"
# "By … (its base angles are equal, as AB = AD), angle ABH = …": the reason, the name concluded, the rest
_CONCLUSION = re.compile(rf", ({_NAME}) = ")
# a name brought to a value, its reason in brackets after it or not: "angle BCO = angle DAO = 28° (alternate angles)"
_VALUE = re.compile(rf"({_NAME}) = (?:[^=,;]+? = )*([-0-9.√/π°()]+)(?=[.,;]| and | \(|$)")


def tidy(lines: list[str], diameters: frozenset = frozenset(), givens: frozenset = frozenset()) -> list[str]:
    """The text proof's lines with each fact said once (``diameters``: (segment, centre) of each diameter the
    problem states, a given never shown again from the centre it passes through; ``givens``: the names the question
    gives a value, known to the reader before any line)."""
    if any("$" in line for line in lines):
        return lines
    lines = _angles_as_first(lines)
    said = [[s for s in _SENTENCE.split(line) if s] for line in lines]
    for tidied in (_judged_once, _opposite_side_named, _shape_facts_once, _one_reason,
                   functools.partial(_equal_then_valued, givens=givens),
                   _semicircle_once, _semicircle_plain, functools.partial(_diameter_once, stated=diameters),
                   _no_round_trip, _diameter_comma, _radii_as_reason, _all_sides_equal, _given_lines, _restated, _bracket_said_before):
        said = tidied(said)
    lines = _perpendicular_once([" ".join(_one_since([s for s in line if s])) for line in said])
    return _most_specific([_one_bracket(_two_so(_no_echo(_unitless(_one_chain(x))))) for x in lines if x])


_TIE = re.compile(r"^Since [A-Z] lies on [^,]*, angle [A-Z]{3} = angle [A-Z]{3}\.$")
_RIGHT_ALONE = re.compile(r"^Since ([^.]*), angle ([A-Z]{3}) = 90°\.$")


def right_angle_near_use(lines: list[str]) -> list[str]:
    """A right angle said on a line of its own and first used lines later (blind teacher 27 gen 4: "angle DCF = 90°"
    two steps before the height it makes) said just before the sentence that uses it, which no longer says it
    again; it stays where a sentence between names the angle or a triangle with its three points.  One no later
    sentence names is not said where a later sentence gives its reason again.  (Run on the written text after the
    writer names each sentence's angles by its triangle: the names the sentences print.)"""
    if any("$" in line for line in lines):
        return lines
    out = list(lines)
    for i, line in enumerate(out):
        m = _RIGHT_ALONE.match(line)
        if m is None:
            continue
        angle, points = m[2], set(m[2])
        named = re.compile(rf"\bangles? (?:[A-Z]{{3}}(?:, | and ))*(?:{angle}|{angle[::-1]})\b")  # (or in a list)
        for k in range(i + 1, len(out)):
            parts = _SENTENCE.split(out[k])
            at = next((j for j, x in enumerate(parts) if named.search(x) or any(
                set(t) == points for t in re.findall(r"\btriangle ([A-Z]{3})\b", x))), None)
            if at is None:
                continue
            before = at  # (before the ties that lead into the sentence: "Since A lies on DC, angle BDA = angle BDC.")
            while before > 0 and _TIE.match(parts[before - 1]):
                before -= 1
            if k > i + 1 or before > 0:
                use = parts[at]
                for said in (f" and angle {angle} = 90°)", f" (as angle {angle} = 90°)"):
                    if said in use:
                        use = use.replace(said, ")" if said.startswith(" and") else "", 1)
                        break
                out[k] = " ".join([*parts[:before], line, *parts[before:at], use, *parts[at + 1:]])
                out[i] = ""
            break
        else:  # (never named after, its reason said again where it is used: "Since CD is an altitude of triangle ABC,
            later = _plain_reason(" ".join(out[i + 1:]))  # angle ADC = 90°." before the altitude theorem, blind
            if f"Since {_plain_reason(m[1])}," in later or _perpendicular_again(m[1], later):  # teacher 31's gen 11;
                out[i] = ""  # "the altitude of the equilateral triangle ABC" gives it again, teacher 32's gen 4)
    return [x for x in out if x]


_PERPENDICULAR_SAID = re.compile(r"^([A-Z]{2}) is (?:an? |the )?(?:altitude of|perpendicular to)\b")


def _perpendicular_again(reason: str, later: str) -> bool:
    """Does a later sentence give the reason's perpendicular as its own reason, in either of its words ("Since CD
    is an altitude of triangle ABC, angle CDE = 90°." before "Since CD is perpendicular to the hypotenuse AB, by the
    geometric mean (leg) theorem …": blind teacher 33's gen 20, a right angle nothing after names)?"""
    m = _PERPENDICULAR_SAID.match(reason)
    return m is not None and any(re.search(rf"\b[Ss]ince {x} is (?:an? |the )?(?:altitude of|perpendicular to)\b",
                                           later) for x in (m[1], m[1][::-1]))


_KIND_OF_TRIANGLE = re.compile(r"\b(?:an?|the) (?:(?:equilateral|isosceles|right|acute|obtuse) )?(?=triangle\b)|"
                               r"\b(?:an?|the) (?=[a-z])")


def _plain_reason(text: str) -> str:
    """A reason with its articles and its triangle's kind left out, to tell the same reason said twice in other
    words ("CE is an altitude of triangle ABC", "CE is the altitude of the equilateral triangle ABC")."""
    return _KIND_OF_TRIANGLE.sub("", text)


def since_once(lines: list[str]) -> list[str]:
    """A "Since …," that opens two sentences in a row is said by the first only: "Since CD is perpendicular to the
    hypotenuse AB, by the geometric mean (leg) theorem … Since CD is perpendicular to the hypotenuse AB, by the
    geometric mean (altitude) theorem …" (blind teacher 32's gen 14) keeps the second's theorem alone.  Only where
    the rest names its theorem ("By …"), so that the sentence still gives a reason."""
    if any("$" in line for line in lines):
        return lines
    out: list[list[str]] = []
    last = ""
    for line in lines:
        kept = []
        for sentence in _SENTENCE.split(line):
            m = _SINCE_BY.match(sentence)
            if m and m[1] == last:
                sentence = "B" + m[2][1:]
            elif m:
                last = m[1]
            else:
                last = ""
            kept.append(sentence)
        out.append(" ".join(kept))
    return out


_SINCE_BY = re.compile(r"^Since ([^,]+), (by .*)$")


_MIDSEGMENT_ANGLE = re.compile(r"\b([A-Z]{2}) joins the midpoints of two sides of triangle ([A-Z]{3}), by the "
                               r"midsegment theorem( \([^()]*\))?, angle ([A-Z]{3}) = angle ([A-Z]{3})(?= = | \(|\.|$)")


def midsegment_parallel(lines: list[str]) -> list[str]:
    """A midsegment's equal angles said through its parallel, as a textbook does: ``by the midsegment theorem (…),
    FE is parallel to BC, so angle AFE = angle ABC (corresponding angles)`` (teacher 44's sheet, gen 4: "angle AFE
    = angle CBA" straight from the midsegment theorem, the parallel and the corresponding angles unsaid); left as
    it is where the two angles share no one vertex of the triangle (the apex the two angles stand at)."""

    def said(m: re.Match) -> str:
        seg, tri, why, a, b = m[1], m[2], m[3] or "", m[4], m[5]
        apex = set(a) & set(b) & set(tri)
        if len(apex) != 1 or set(seg) & set(tri) or len(set(a) & set(b)) != 1:
            return m[0]
        side = "".join(x for x in tri if x not in apex)
        return (f"{seg} joins the midpoints of two sides of triangle {tri}, by the midsegment theorem{why}, {seg} is "
                f"parallel to {side}, so angle {a} = angle {b}" + ("" if m.string[m.end():].startswith(" (") else
                                                                    "@@"))

    out = []
    for line in lines:
        if "$" in line:
            return lines
        line = _MIDSEGMENT_ANGLE.sub(said, line)
        line = re.sub(r"@@((?: = [^=.;]+?)?)(?=\.(?:\s|$)|$)", r"\1 (corresponding angles)", line)
        out.append(line.replace("@@", ""))
    return out


_PERPENDICULAR_ALONE = re.compile(r"^Since ([A-Z]{2} is perpendicular to [A-Z]{2}), angle ([A-Z]{3}) = 90°\.$")


def perpendicular_as_reason(lines: list[str]) -> list[str]:
    """A right angle said alone from a given perpendicular (``Since CG is perpendicular to BA, angle BGC = 90°.``)
    and used by the next sentence only, as its right triangle, said as that triangle's reason (``In the right
    triangle BGC (as CG is perpendicular to BA), …``), as a textbook does (teacher 44's sheet, gen 11: a step of its
    own for what the next one's reason is); it stays where any later sentence names the angle."""
    if any("$" in line for line in lines):
        return lines
    said = [[s for s in _SENTENCE.split(line) if s] for line in lines]
    at = [(i, j) for i, line in enumerate(said) for j in range(len(line))]
    for n, (i, j) in enumerate(at[:-1]):
        m = _PERPENDICULAR_ALONE.match(said[i][j])
        if m is None:
            continue
        angle = m[2]
        step = n + 1  # (past a tie said with its value before the triangle: "Since G lies on BA, angle CBG = …")
        while step + 1 < len(at) and _TIE_VALUED.match(said[at[step][0]][at[step][1]]):
            step += 1
        k, u = at[step]
        use = said[k][u]
        right = re.search(rf"\bthe right triangle ([A-Z]{{3}})(, | \()", use)
        named = re.compile(rf"\bangle (?:{angle}|{angle[::-1]})\b")
        if right is None or set(right[1]) != set(angle) or any(named.search(said[a][b]) for a, b in at[n + 1:]):
            continue
        said[k][u] = (f"{use[:right.end()]}as {m[1]}; {use[right.end():]}" if right[2] == " (" else
                      f"{use[:right.start(2)]} (as {m[1]}){use[right.start(2):]}")
        said[i][j] = ""
    return [x for x in (" ".join(s for s in line if s) for line in said) if x]


_TIE_VALUED = re.compile(r"^Since [A-Z] lies on [^,]*, angle [A-Z]{3} = angle [A-Z]{3} = [^ ,;]+\.$")
# "Since F lies on BA and O lies on BD, angle FBO = angle ABD.": angles tied through points on their arms
_TIES = re.compile(r"^Since ([A-Z] lies on [^,]*), (angle [A-Z]{3} = angle [A-Z]{3}(?:(?:, | and )angle [A-Z]{3} = "
                   r"angle [A-Z]{3})*)\.$")
_SHAPE_NAMED = re.compile(r"\b(?:triangle|quadrilateral|trapezoid|parallelogram|rhombus|kite|rectangle|square|"
                          r"pentagon|hexagon|polygon) ([A-Z]{3,})\b")


def fold_ties(lines: list[str], values: dict[str, str] | None = None) -> list[str]:
    """A sentence of angle ties (``Since E lies on BD, angle ABE = angle ABD.``) folded into the sentence after it
    that uses them, as a textbook gives such a tie where it is used (blind teacher 30: a tie standing alone as a step
    is filler; blind teachers 45, 46: "(the same angle)", "(its angle BDA is angle BDC)" are clumsy): the chain that
    concludes the angle concludes it by the shape's name and the other follows (``angle ABD = 60°, and since E lies
    on BD, angle ABE = 60°``), a base angle is a link of its chain, or the tie is said as a step with its value before
    the sentence that names the angle the shape's way (``Since A lies on DC, angle BDA = angle BDC = 47°.``); only
    where none of these fits, beside the shape whose angle it is.  The sentence stays where the next one takes not
    every tie.  (Run on the written text, after the
    right angles are moved next to their use; ``values``: the number the proof has for each angle name, which a tie
    said with its value must agree with.)"""
    if any("$" in line for line in lines):
        return lines
    out, renamed = [], {}
    for i, line in enumerate(lines):
        parts = _SENTENCE.split(line)
        for k in range(len(parts)):
            parts[k] = _renamed(parts[k], renamed)
            m = _TIES.match(parts[k]) if k + 1 < len(parts) else None
            if m is None:
                continue
            parts[k + 1] = _renamed(parts[k + 1], renamed)
            use, left = parts[k + 1], []
            for tie in re.split(r", | and ", m[2]):
                p, q = re.findall(r"[A-Z]{3}", tie)
                if p == q:  # ("angle BCE = angle BCE": no tie at all)
                    continue
                later = [*parts[k + 2:], *(x for y in lines[i + 1:] for x in _SENTENCE.split(y))]
                drop, kept = _concluded_only(use, p, q, later) if _plain(m[1]) else ("", "")
                if kept and any(re.search(rf"\b{drop}\b", x) for x in [*out, *parts[:k]]):
                    drop = kept = ""  # (its value said before under that name: the chain links the two)
                if kept:  # (the value found under one name, the shape's own: the later steps call the angle by it)
                    renamed[drop] = kept
                    use = _renamed(use, renamed)
                    continue
                on = _tie_reason(m[1], p, q)
                folded = (_tie_in_chain(use, p, q, on) or _tie_as_link(use, p, q) or _tie_led(use, p, q, on, values)
                          or _tie_at_shape(use, p, q) or _tie_in_reason(use, p, q, on))
                if folded:
                    use = folded
                else:
                    left.append(tie)
            parts[k] = f"Since {m[1]}, {' and '.join(left)}." if left else ""
            parts[k + 1] = use
        out.append(" ".join(_bracket_ties(x, values) for x in parts if x))
    return out


def _plain(on: str) -> bool:
    """A tie through one point on one arm (``E lies on BD``, ``F lies on line BA``: the same ray, as a tie is), seen
    at a glance in the figure; never two points (blind teacher 27: "angle FBO" for angle ABD unsaid) nor a point on a
    segment extended past its end."""
    return " and " not in on and not on.endswith("extended")


def _concluded_only(use: str, p: str, q: str, later: list[str]) -> tuple[str, str]:
    """(the name to drop, the name to keep) of an angle the sentence finds a value for under one of its two names
    (the head of its chain): kept, the name of a shape's own angle the sentence names (blind teacher 17: a
    triangle's theorem says its own angle), else the one concluded; ("", "") where the sentence says both, or
    concludes neither, or a shape of it or of a later sentence owns the dropped name."""
    said = [x for x in (p, q) if re.search(rf"\bangles? (?:[A-Z]{{3}} and )?{x}\b", use)]
    if len(said) != 1 or not any(_outside_brackets(use, h.start()) for h in re.finditer(
            rf"(?:^|, |; |\bhence |\bso |\bthen )angle {said[0]} = ", use)):
        return "", ""  # (a link of a chain, "angle CDE = angle ABE = 32°", may be the name its value was given by)
    other = q if said[0] == p else p
    owners = [set(t[1]) for x in (use, *later) for t in _SHAPE_NAMED.finditer(x)]
    # (a polygon named by its points alone owns its angles too: "both pairs of opposite sides of ABCD are equal, it is
    # a parallelogram; hence angle DCB = …", never angle DCI through I on CB unsaid, blind teacher 36)
    owners += [set(t) for t in re.findall(r"\b[A-Z]{4,}\b", use)]
    owned = [x for x in (p, q) if any(set(x) <= t for t in owners)]
    if len(owned) == 2:
        return "", ""
    kept = owned[0] if owned else said[0]
    return (other if kept == said[0] else said[0]), kept


def _renamed(text: str, renamed: dict[str, str]) -> str:
    """The text with each angle a dropped tie named otherwise called by the name kept for it."""
    for old, new in renamed.items():
        text = re.sub(rf"\b(angles? (?:[A-Z]{{3}} and )?){old}\b", rf"\g<1>{new}", text)
    return text


def _outside_brackets(text: str, at: int) -> bool:
    return text.count("(", 0, at) == text.count(")", 0, at)


def _tie_reason(on: str, p: str, q: str) -> str:
    """Of a tie sentence's reason (``E lies on BD and F lies on AC``), the part about the point one name of the
    tie has and the other lacks (``E lies on BD``); the whole where no part names it alone."""
    parts = [x for x in on.split(" and ") if x[:1] in set(p) ^ set(q)]
    arm = [x for x in parts if p[1] in x[-2:] or p[1] in x.removesuffix(" extended")[-2:]]  # (on an arm's line)
    return " and ".join(arm or parts) if parts else on


def _owned(use: str, name: str) -> bool:
    """Is ``name`` an angle of a shape the sentence names (the triangle whose theorem it is)?"""
    return any(set(name) <= set(t[1]) for t in _SHAPE_NAMED.finditer(use))


def _clause_end(use: str, at: int) -> int:
    """Where the clause going on at ``at`` ends: the first ", " or "; " outside brackets, else the full stop."""
    depth = 0
    for i in range(at, len(use)):
        depth += {"(": 1, ")": -1}.get(use[i], 0)
        if depth == 0 and use.startswith((", ", "; "), i):
            return i
    return len(use) - 1 if use.endswith(".") else len(use)


_NUMBER = re.compile(r"[-0-9.√/π]+°")


def _tie_in_chain(use: str, p: str, q: str, on: str = "", same: bool = True) -> str:
    """``angle P = …`` (or ``angle Q = …``) concluded outside any bracket: where its chain ends at a value, the
    chain concludes the angle by the name of the shape the sentence names and the other name follows with its
    reason, as a textbook writes it (``angle ABD = (180° - angle BAD)/2 = 60°, and since E lies on BD, angle ABE =
    60°``; blind teachers 45, 46: "(the same angle)" is clumsy); else (``same``) ``angle P = angle Q (the same
    angle) = …``; "" where the sentence concludes neither."""
    for a, b in ((p, q), (q, p)):
        hits = [h for h in re.finditer(rf"(?:^|, |; |\bhence |\bso |\bthen |(?<=[^-+·(/] )= )angle {a} = ", use)
                if _outside_brackets(use, h.start())]  # (a conclusion or a link of its chain, never a term of
        if not hits:  # an expression: "- angle STU = …")
            continue
        h = hits[-1]
        if use[h.end():].startswith(f"angle {b}"):
            return ""
        if use[h.start():].startswith("= "):  # (a link: "angle BDC = angle CAP = angle CAB = 40°")
            # (the shape's own name next to the shape's theorem, the other after it, and why they are one angle in
            # the "since": "Since the opposite angles of the rhombus ABCD are equal and E lies on BC, angle ADC =
            # angle ABC = angle ABE = 80°", not "angle ADC = angle ABE = angle ABC" unexplained: teacher 37 fg 18)
            first, second = (b, a) if _owned(use, b) and not _owned(use, a) else (a, b)
            linked = f"{use[:h.start()]}= angle {first} = angle {second} = {use[h.end():]}"
            cut = _clause_end(use, 0)
            if on and use.startswith("Since ") and cut < h.start():
                linked = f"{linked[:cut]} and {on}{linked[cut:]}"
            return linked
        end = _clause_end(use, h.end())
        value = use[h.end():end].split(" = ")[-1]
        if on and _NUMBER.fullmatch(value):
            first, second = (a, b) if _owned(use, a) and not _owned(use, b) else (b, a)
            start = h.end() - len(f"angle {a} = ")
            return (f"{use[:start]}angle {first} = {use[h.end():end]}, and since {on}, angle {second} = {value}"
                    f"{use[end:]}")
        if not same:
            return ""
        short = re.match(r"[-0-9.√/π]+°(?=[.,;]| and |$)", use[h.end():])
        if short:  # (the reason after the value, as a textbook writes it: "angle FBO = angle ABD = 40° (the same angle)")
            return f"{use[:h.end()]}angle {b} = {short[0]} (the same angle){use[h.end() + short.end():]}"
        return f"{use[:h.end()]}angle {b} (the same angle) = {use[h.end():]}"
    return ""


def _tie_as_link(use: str, p: str, q: str) -> str:
    """The shape's own name of the two put as a link before the other where that other ends a chain outside
    brackets (``Since triangle BEC is isosceles with EC = EB, angle BCE = angle EBC = angle EBF.``: the base angle
    EBC, plainly angle EBF); "" where no chain ends at either, or neither is the shape's."""
    for own, other in ((p, q), (q, p)):
        if not _owned(use, own) or _owned(use, other) or re.search(rf"\bangle {own}\b", use):
            continue
        for h in re.finditer(rf"(?<= = )angle {other}(?=[.,;]|$)", use):
            if _outside_brackets(use, h.start()) and re.search(r"\bangle [A-Z]{3} = $", use[:h.start()]):
                return f"{use[:h.start()]}angle {own} = {use[h.start():]}"
    return ""


def _put_in(use: str, name: str) -> str:
    """The value a chain of the sentence puts in for ``angle name``: the link after an expression naming it, where
    that link is the expression with its names put in (``180° - angle ACB - angle ADC = 180° - 40° - 90°``: 40°)."""
    names = re.compile(r"\bangle [A-Z]{3}\b|\b[A-Z]{2,3}\b")
    clauses = re.split(r", |; ", use.rstrip("."))
    pairs = [(x, y) for clause in clauses for links in [clause.split(" = ")] for x, y in zip(links[1:], links[2:])]
    for c, d in zip(clauses, clauses[1:]):  # (an equation, then its numbers: "angle BDC + angle DBE = 115°, so 4y +
        if d.startswith("so ") and " = " in c and " = " in d:  # 65 = 115")
            (x, a), (y, b) = c.split(" = ", 1), d[3:].split(" = ", 1)
            if a.removesuffix("°") == b.removesuffix("°"):
                pairs.append((x, y))
    for x, y in pairs:
        said = names.findall(x)
        if f"angle {name}" not in said:
            continue
        m = re.fullmatch("(.+?)".join(re.escape(piece) for piece in names.split(x)), y)
        value = m[said.index(f"angle {name}") + 1] if m else ""
        if re.fullmatch(r"[0-9.]+", value):  # (a number put in for an angle: its degrees)
            value += "°"
        if _NUMBER.fullmatch(value):
            return value
    return ""


def _tie_led(use: str, p: str, q: str, on: str, values: dict[str, str] | None = None) -> str:
    """The sentence using the other name of a shape's angle (the angle sum of triangle ADC putting in angle ACB =
    40° for its angle ACD) says the shape's own name, and the tie is said before it with the value, as a step:
    ``Since D lies on CB, angle ACD = angle ACB = 40°.`` (blind teachers 45, 46: "(its angle ACD is angle ACB)" is
    clumsy); "" where no shape of the sentence owns one name alone, or no value is put in for the other, or (given
    ``values``) the value read off the sentence is not the proof's for that angle."""
    def agreed(value: str, name: str) -> str:
        return value if values is None or values.get(name) == value else ""

    for own, other in ((p, q), (q, p)):
        if not _owned(use, own) or _owned(use, other):
            continue
        value = agreed(_put_in(use, other), other)
        if value:
            said = re.sub(rf"\b(angles? (?:[A-Z]{{3}} and )?){other}\b", rf"\g<1>{own}", use)
            return _led(f"Since {on}, angle {own} = angle {other} = {value}.", said)
    for own, other in ((p, q), (q, p)):  # (no shape's: the name the theorem's words give, put in with its value)
        value = "" if re.search(rf"\bangle {other}\b", use) else agreed(_put_in(use, own), own)
        if value:
            return _led(f"Since {on}, angle {own} = angle {other} = {value}.", use)
    return ""


def _led(tie: str, use: str) -> str:
    """The tie said before the sentence, after the ties said before it already (in their order)."""
    parts = _SENTENCE.split(use)
    at = next((i for i, x in enumerate(parts) if not _TIE_VALUED.match(x)), len(parts))
    return " ".join([*parts[:at], tie, *parts[at:]])


# a tie the writer says in a theorem's reason: "(angle CDE is angle ADC, as E lies on line DA)"
_BRACKET_TIE = re.compile(r"angle ([A-Z]{3}) is angle ([A-Z]{3}), as ([A-Z] lies on line [A-Z]{2})")


def _bracket_ties(sentence: str, values: dict[str, str] | None = None) -> str:
    """The ties a theorem's bracket says (``the inscribed angles ABE and ADC stand on the same arc (angle CDE is
    angle ADC, as E lies on line DA), angle CDE = …``) said as a textbook does where the sentence allows: the chain
    concludes the theorem's name and the other follows with its reason, or the tie is a step before it with its
    value; a tie no such form takes stays in the bracket."""
    for m in re.finditer(r" \(([^()]*)\)", sentence):
        items = m[1].split("; ")
        if not any(_BRACKET_TIE.fullmatch(x) for x in items):
            continue
        rest = [x for x in items if not _BRACKET_TIE.fullmatch(x)]
        use = sentence[:m.start()] + (f" ({'; '.join(rest)})" if rest else "") + sentence[m.end():]
        kept = []
        for x in items:
            t = _BRACKET_TIE.fullmatch(x)
            if t is None:
                continue
            folded = (_tie_in_chain(use, t[1], t[2], t[3], same=False) or _tie_as_link(use, t[1], t[2])
                      or _tie_led(use, t[1], t[2], t[3], values))
            if folded:
                use = folded
            else:
                kept.append(x)
        if kept:
            return sentence
        return use
    return sentence


def _tie_in_reason(use: str, p: str, q: str, on: str = "") -> str:
    """The tie as a further reason of a sentence whose ``Since …`` clause is one fact, with where its point lies
    (``Since the exterior angle APD of triangle BPD is the sum of the two opposite interior angles and its angle BDP
    is angle BDC (as C lies on DP), …``; teacher 34's gen 15: the tie without its point reads as a bare claim); ""
    where the sentence names neither angle, or its reason is no such clause."""
    m = re.match(r"Since ([^,()]+), ", use)
    if m is None or " and " in m[1] or not re.search(rf"\bangle (?:{p}|{q})\b", use):
        return ""
    shape = re.findall(r"\b(?:triangle|quadrilateral) ([A-Z]{3,})\b", m[1])
    own = next((x for x in (p, q) for t in shape if set(x) <= set(t)), None)
    tie = f"its angle {own} is angle {q if own == p else p}" if own else f"angle {p} is angle {q}"
    return f"Since {m[1]} and {tie}{f' (as {on})' if on else ''}, {use[m.end():]}"


def _tie_at_shape(use: str, p: str, q: str) -> str:
    """The tie beside the first shape the sentence names whose angle one of the two is, where the shape's name
    ends its clause (``by the angle sum of triangle DBC (its angle DCB is angle ACB), …``), or in the bracket that
    follows it and ends the clause; "" where no shape named so holds either (never inside a clause: "Since the
    angles of the square EFGC (its angle …) are right angles"), or the sentence names neither angle."""
    if not re.search(rf"\bangle (?:{p}|{q})\b", use):
        return ""
    for m in _SHAPE_NAMED.finditer(use):
        own = p if set(p) <= set(m[1]) else q if set(q) <= set(m[1]) else None
        if own is None:
            continue
        other = q if own == p else p
        tie, rest = f"its angle {own} is angle {other}", use[m.end():]
        if rest.startswith(", "):
            return f"{use[:m.end()]} ({tie}){rest}"
        close = rest.find(")")
        if not rest.startswith(" (") or close < 0 or "(" in rest[2:close] or not rest[close:].startswith("), "):
            return ""
        return f"{use[:m.end()]}{rest[:close]}; {tie}{rest[close:]}"
    return ""


# an angle's name where the text names an angle: "angle BOC", "the central angle COB", "angles GOI and EIO"
_ANGLE_NAME = re.compile(r"\b(angles? )([A-Z]{3})\b(?:( and )([A-Z]{3})\b)?")


_ANGLE_IN_EQUATION = re.compile(r"(?:= |·)angle ([A-Z]{3})\b|\bangle ([A-Z]{3})(?= =|/|·)")


def _angles_as_first(lines: list[str]) -> list[str]:
    """Each angle keeps its first spelling throughout: never "angle BOC" and later "the central angle COB" (blind
    teacher 27 gen 7, gen 15: "central angle EOA, arc EA = angle AOE"); its ends read the other way round are the
    same angle."""
    first: dict[tuple[str, frozenset], str] = {}
    for line in lines:  # (the spelling an equation first gives it, before a theorem's words: "angle BOC = …")
        for name in (m[1] or m[2] for m in _ANGLE_IN_EQUATION.finditer(line)):
            first.setdefault((name[1], frozenset((name[0], name[2]))), name)

    def steady(name: str) -> str:
        return first.setdefault((name[1], frozenset((name[0], name[2]))), name)

    def put(m: re.Match) -> str:
        if m[3] is None:
            return m[1] + steady(m[2])
        return f"{m[1]}{steady(m[2])}{m[3]}{steady(m[4])}"

    return [_ANGLE_NAME.sub(put, line) for line in lines]


# "Since CD is perpendicular to AB, …": a reason that is a perpendicular or a parallel, and what follows it
_SINCE_LINES = re.compile(r"^Since ([A-Z]{2}) is (perpendicular|parallel) to ([A-Z]{2}), (.*)\.$")


def _lines_key(m: re.Match) -> frozenset:
    """The two lines a perpendicular or a parallel names, each either way round, in either order."""
    return frozenset((frozenset(m[1]), frozenset(m[3])))


def _one_since(sentences: list[str]) -> list[str]:
    """Two sentences in a row that give the same perpendicular (or parallel) as their reason said as one: "Since
    CD is perpendicular to AB, CD is the height from C to AB and angle BDC = 90°." (blind teacher 28: "Since CD is
    perpendicular to BA, angle BDC = 90°." after the sentence before gave it)."""
    out: list[str] = []
    for sentence in sentences:
        m = _SINCE_LINES.match(sentence)
        last = _SINCE_LINES.match(out[-1]) if out else None
        if m and last and m[2] == last[2] and " and " not in last[4] + m[4] and _lines_key(m) == _lines_key(last):
            out[-1] = f"{out[-1][:-1]} and {m[4]}."
            continue
        out.append(sentence)
    return out


_AS_PERPENDICULAR = re.compile(r" \(as ([A-Z]{2}) is perpendicular to [A-Z]{2}\)")


def _perpendicular_once(lines: list[str]) -> list[str]:
    """A perpendicular said before is no bracket again: "Since AE is perpendicular to BC, AE is the height … In the
    right triangle AEB (as AE is perpendicular to BE), …" (blind teacher 26: the perpendicular stated twice)."""
    out: list[str] = []
    for line in lines:
        def drop(m: re.Match, before: str) -> str:
            return "" if f"{m[1]} is perpendicular to " in before else m[0]

        done = ""
        for sentence in _SENTENCE.split(line):
            before = " ".join(out) + " " + done
            done += (" " if done else "") + _AS_PERPENDICULAR.sub(lambda m: drop(m, before), sentence)
        out.append(done)
    return out


# "AD = AC/2 = 12/2 = 6 and CD = AC/2 = 12/2 = 6": two elements brought to one value by one working
_TWIN = re.compile(rf"(?<![\w/·(.²√])((?:angle |arc )?[A-Z]{{2,3}}) = ([^,;()]*?[^,;()\s]) and "
                   rf"((?:angle |arc )?[A-Z]{{2,3}}) = \2(?=[.,;]|$)")


# "so x = 14·cos(30°) and x = 7√3": one element's working carried on in a second clause
_AGAIN = re.compile(r"(?<![\w/·(.²√])((?:angle |arc )?[A-Z]{2,3}|[a-z]) = ([^,;()=]*(?:\([^()]*\)[^,;()=]*)*) and \1 = "
                    r"(?=[-0-9.√/π°]+(?:[.,;]|$))")
# "arc DC = 360° - 284° = 76° = arc BA.": a comparison run onto the end of a working
_RUN_ON = re.compile(r"^(.*?)\b((?:major |minor )?arc [A-Z]{2,3}|angle [A-Z]{3}|[A-Z]{2}) = ([^,;]*? = )?"
                     r"([0-9][0-9.√/π]*°?) = ((?:major |minor )?arc [A-Z]{2,3}|angle [A-Z]{3}|[A-Z]{2})\.$")


_STACKED = re.compile(r"\(as ([^()]*)\) \(as ([^()]*)\)")


def _one_bracket(line: str) -> str:
    """Two reasons side by side in one bracket: "(as OC = OA, radii, and as OD is perpendicular to CD)", never
    "(as OC = OA, radii) (as OD is perpendicular to CD)" (blind teacher 30's sheet, gen 2)."""
    while (m := _STACKED.search(line)) is not None:
        line = f"{line[:m.start()]}(as {m.group(1)}, and as {m.group(2)}){line[m.end():]}"
    return line


def _one_chain(line: str) -> str:
    """Two elements given one value by one working, said as one chain: ``AD = CD = AC/2 = 12/2 = 6`` (blind
    teacher 25: "AD = AC/2 = 12/2 = 6 and CD = AC/2 = 12/2 = 6"); one element's working in one chain, ``x =
    14·cos(30°) = 7√3`` (blind teacher 26: "so x = 14·cos(30°) and x = 7√3"); and a working that ends on its
    value, the comparison after it (``arc DC = 360° - 284° = 76°; hence arc DC = arc BA``, never "= 76° = arc BA")."""
    line = _TWIN.sub(lambda m: f"{m[1]} = {m[3]} = {m[2]}" if m[1] != m[3] else m[0], line)
    line = _AGAIN.sub(lambda m: f"{m[1]} = {m[2]} = ", line)
    said = _SENTENCE.split(line)
    for i, sentence in enumerate(said):
        m = _RUN_ON.match(sentence)
        if m is not None and m[5] != m[2]:
            said[i] = f"{m[1]}{m[2]} = {m[3] or ''}{m[4]}; hence {m[2]} = {m[5]}."
    return " ".join(said)


def _no_echo(line: str) -> str:
    """An equation said again as the next clause ("so 6y - 42 = 4y, so 6y - 42 = 4y"), or with its sides
    turned ("so 8 = BD·cos(47°), so BD·cos(47°) = 8"): said once, in its later form."""
    parts = line.split(", so ")
    out = parts[:1]
    for part in parts[1:]:
        last = out[-1] if len(out) > 1 else None
        sides = last.split(" = ") if last is not None else []
        same = [last] + ([f"{sides[1]} = {sides[0]}"] if len(sides) == 2 else []) if last is not None else []
        if any(part == x or part.startswith(f"{x} and ") for x in same):
            out[-1] = part
            continue
        # "(as …), AE = BD, so AE = BD = 7√3/2": the chain carried on, said once ("AE = BD = 7√3/2")
        # "…, AN² = BN·CN, so AN² = BN·CN = 12·8 = 96": the equation said once with the numbers put in (blind teacher
        # 27 fg 13, fg 14)
        tail = out[-1].rsplit(", ", 1)[-1]
        if (re.fullmatch(rf"{_NAME}(?: = {_NAME})+", tail) or re.fullmatch(r"[^,;()]+ = [^,;]+", tail)
                and not tail.startswith(("since ", "by ", "as "))) and part.startswith(f"{tail} = "):
            out[-1] = out[-1][:len(out[-1]) - len(tail)] + part
            continue
        out.append(part)
    return ", so ".join(out)


def _two_so(line: str) -> str:
    """At most two "so" in a sentence: a longer chain goes on in a sentence of its own ("…, so 8² = x·(x + 9), so 64
    = x² + 9x. Hence x² + 9x - 64 = 0, so by the quadratic formula, …"; blind teacher 27 fg 14: six clauses joined
    by "so")."""
    out = []
    for sentence in _SENTENCE.split(line):
        parts = sentence.split(", so ")
        while len(parts) > 3:
            out.append(", so ".join(parts[:3]) + ".")
            rest = parts[3]
            parts = [rest[0].upper() + rest[1:] if rest.startswith("by ") else "Hence " + rest, *parts[4:]]
        out.append(", so ".join(parts))
    return " ".join(out)


# "so x + 100 = 150°": an equation in the problem's variables alone, between ", so " or ", " and " and " or "."
_IN_VARIABLES = re.compile(r"(?<=, so )([^A-Z,;]*?\b[a-z]\b[^A-Z,;]*?)(?= and |, |\.(?:\s|$))")


_TRIG = re.compile(r"\b(?:sin|cos|tan)\(")


def _unitless(line: str) -> str:
    """An equation in the problem's variables carries no degree sign (``x + 100 = 150``): its terms are
    numbers, as the docs' rule for such equations says."""
    return _IN_VARIABLES.sub(lambda m: m[1].replace("°", "") if " = " in m[1] and not _TRIG.search(m[1]) else m[1],
                             line)


# a shape a theorem names by a kind it also is ("the rhombus ABCD" for a square)
_KINDS = {"square": ("rhombus", "parallelogram", "rectangle"), "rhombus": ("parallelogram",),
          "rectangle": ("parallelogram",)}


def _most_specific(lines: list[str]) -> list[str]:
    """Each shape named by the most specific kind the proof says it is: ``the diagonals of the square ABCD
    are perpendicular`` where the proof says ``ABCD is a square``, not "the rhombus ABCD"."""
    text = " ".join(lines)
    for kind, general in _KINDS.items():
        for shape in dict.fromkeys(re.findall(rf"\b([A-Z]{{4}}) is an? {kind}\b", text)):
            for other in general:
                lines = [x.replace(f"the {other} {shape}", f"the {kind} {shape}") for x in lines]
            text = " ".join(lines)
    return lines


def _split(sentence: str) -> tuple[str, str, str] | None:
    """``(reason, name, rest)`` of ``Since R, N = rest.`` or ``By R, N = rest.``: the first ``, N = ``
    outside brackets."""
    if not sentence.startswith(("Since ", "By ")) or not sentence.endswith("."):
        return None
    for m in _CONCLUSION.finditer(sentence):
        head = sentence[:m.start()]
        if head.count("(") == head.count(")"):
            return head, m[1], sentence[m.end():-1]
    return None


# "…, ADFE is a parallelogram; hence EF = BC = 5.": a side said equal to a segment that is no side of the shape
_HENCE_SIDE = re.compile(r"(?:, it is|, ([A-Z]{4}) is) an? (?:parallelogram|rectangle|rhombus|square); hence "
                         r"([A-Z]{2}) = ([A-Z]{2})(?= = | and |\.$)")


def _opposite_side_named(said: list[list[str]]) -> list[list[str]]:
    """A parallelogram shown whose side is said equal to a segment outside it names the opposite side the
    step rests on first: ``ADFE is a parallelogram; hence EF = AD = BC = 5`` (the shape gives EF = AD; the
    earlier facts give AD = BC), never ``hence EF = BC`` with the step between left out."""
    for line in said:
        for j, sentence in enumerate(line):
            m = _HENCE_SIDE.search(sentence)
            shape = (m[1] or next(iter(re.findall(r"\b([A-Z]{4})\b", sentence[:m.start()])), None)) if m else None
            if shape is None:
                continue
            sides = [shape[k] + shape[(k + 1) % 4] for k in range(4)]
            own = [k for k, x in enumerate(sides) if set(x) == set(m[2])]
            if own and not any(set(x) == set(m[3]) for x in sides):
                opposite = sides[(own[0] + 2) % 4]
                line[j] = f"{sentence[:m.end(2)]} = {opposite}{sentence[m.end(2):]}"
    return said


# "Since OWAZ is a square, OW = AW = 6.": a fact of a shape the proof has shown (its value a number)
_SHAPE_CHAIN = re.compile(rf"^Since ([A-Z]{{3,}}) is (an? [a-z]+), ((?:{_NAME} = )+[-0-9.√/π°]+)\.$")
_SHAPE_AREA = re.compile(r"^Since ([A-Z]{3,}) is an? ([a-z]+), (area [A-Z]{3,} = .*)$")
_HENCE_CHAIN = re.compile(rf"; hence ((?:{_NAME} = )+)([-0-9.√/π°]+)\.$")


def _shape_facts_once(said: list[list[str]]) -> list[list[str]]:
    """A shape shown once (``…, OWAZ is a square; hence OZ = AW = 6.``) gives every fact of it the proof uses
    there: a later ``Since OWAZ is a square, OW = AW = 6.`` whose other names the proof has met joins that
    sentence (``hence OZ = OW = AW = 6``); a later area reads ``By the area formula of the square OWAZ, …``."""
    shown: dict[tuple[str, str], tuple[int, int]] = {}  # (shape, kind) -> where it is shown
    places = _places(said)
    for i, j in places:
        sentence = said[i][j]
        m = _JUDGEMENT.match(sentence) or _JUDGEMENT_NAMED.match(sentence)
        if m is not None:
            if _HENCE_CHAIN.search(sentence):  # (m[2]: the shape, m[3]: its kind, in either form)
                shown.setdefault((m[2], m[3]), (i, j))
            continue
        fact = _SHAPE_CHAIN.match(sentence)
        if fact is not None and (fact[1], fact[2]) in shown:
            i0, j0 = shown[(fact[1], fact[2])]
            before = " ".join(said[a][b] for a, b in places[:places.index((i0, j0)) + 1])
            # (the element it gives must be new there: met in no equation before, though the shape's reason may
            # name it, "perpendicular to the radii OW and OZ")
            stated = " ".join([*(said[a][b] for a, b in places[:places.index((i0, j0))]),
                               said[i0][j0][_HENCE_CHAIN.search(said[i0][j0]).start():]])
            parts = fact[3].split(" = ")
            if all(re.search(rf"\b{x}\b", before) for x in parts[1:-1]) and not re.search(
                    rf"\b{parts[0]}\b", stated):
                hence = _HENCE_CHAIN.search(said[i0][j0])
                tail = " = ".join(parts[1:])
                if hence[1] + hence[2] == f"{hence[1].split(' = ')[0]} = {tail}":  # OZ = AW = 6 and OW = AW = 6
                    said[i0][j0] = f"{said[i0][j0][:hence.start(1)]}{hence[1].split(' = ')[0]} = {fact[3]}."
                else:
                    said[i0][j0] = f"{said[i0][j0][:-1]} and {fact[3]}."
                said[i][j] = ""
                continue
        area = _SHAPE_AREA.match(sentence)
        if area is not None and any(k[0] == area[1] and k[1].endswith(f" {area[2]}") for k in shown):
            said[i][j] = f"By the area formula of the {area[2]} {area[1]}, {area[3]}"
    return said


def _places(said: list[list[str]]):
    return [(i, j) for i, line in enumerate(said) for j in range(len(line))]


def _one_reason(said: list[list[str]]) -> list[list[str]]:
    """Two sentences that give two elements one value for one reason said as one, where the first
    stood: ``By the angle sum of the isosceles triangle ABD (…), angle ABH = angle ADH = (180° - angle
    BAD)/2 = 60°.``; a reason that goes on (``… and BOD is a straight line``) is said in full.  The
    proof's last sentence (its conclusion) stays where it is."""
    places = _places(said)
    for n, (i, j) in enumerate(places):
        first = _split(said[i][j]) if said[i][j] else None
        if first is None:
            continue
        for i2, j2 in places[n + 1:-1]:
            second = _split(said[i2][j2]) if said[i2][j2] else None
            if second is None or second[2] != first[2] or second[1] == first[1]:
                continue
            reason = (second[0] if second[0].startswith(f"{first[0]} and ") else
                      first[0] if first[0] == second[0] or first[0].startswith(f"{second[0]} and ") else None)
            if reason is None:
                continue
            first = (reason, f"{first[1]} = {second[1]}", first[2])
            said[i][j] = f"{reason}, {first[1]} = {first[2]}."
            said[i2][j2] = ""
    return said


_HALF_R = re.compile(r"^(?:The diameter [A-Z]{2} is twice the radius|Since [A-Z]{2} is a diameter[^;]*); "
                     r"hence ([a-z]) = ([A-Z]{2})/2 = [^=]+\.$")
_TWICE_R = re.compile(r"^Since a diameter of circle ([A-Z]) is twice its radius, the diameter of circle \1 = 2([a-z]) = "
                      r"(?:[^=]+ = )?([^=]+)\.$")


def _no_round_trip(said: list[list[str]]) -> list[list[str]]:
    """A diameter halved for the radius and the radius doubled for the diameter asked (blind teacher 26: "r = AB/2 =
    17/2. Since a diameter of circle D is twice its radius, the diameter of circle D = 2r = 2·17/2 = 17"): the
    diameter is AB, said at once; the radius's "Let r be …" goes where nothing else names r."""
    places = _places(said)
    half = [(i, j, m) for i, j in places if (m := _HALF_R.match(said[i][j] or ""))]
    for i, j, m in half:
        for i2, j2 in places:
            t = _TWICE_R.match(said[i2][j2] or "")
            if (i2, j2) <= (i, j) or t is None or t[2] != m[1]:
                continue
            side = m[2]
            said[i][j] = ""
            said[i2][j2] = (f"Since {side} is a diameter of circle {t[1]}, the diameter of circle {t[1]} = {side} = "
                            f"{t[3]}.")
            letter = m[1]
            rest = " ".join(x for a, b in places for x in [said[a][b]] if x and not x.startswith(f"Let {letter} be "))
            if not re.search(rf"(?<![A-Za-z]){letter}(?![A-Za-z])", rest):
                for a, b in places:
                    if (said[a][b] or "").startswith(f"Let {letter} be the radius of circle "):
                        said[a][b] = ""
            break
    return said


_EQUAL_NAMES = re.compile(rf"^(Since [^,;()]+), ({_NAME}) = ({_NAME})\.$")
_NAMES_IN = re.compile(r"\b(?:angle |arc )?[A-Z]{2,3}\b")


def _equal_then_valued(said: list[list[str]], givens: frozenset = frozenset()) -> list[list[str]]:
    """One reason said twice for one element: ``Since BD bisects the angle ABC, angle ABD = angle DBE.`` and later
    ``Since BD bisects the angle ABC, angle ABD = angle ABE/2 = 60°/2 = 30°.`` (blind teacher 26) said once, where
    the first stood (``…, angle ABD = angle DBE = angle ABE/2 = 60°/2 = 30°.``), when every other element the
    second puts in was named before the first or is one the question gives (blind teachers 45, 46: the bisector
    said twice where angle ABE was given); the proof's last sentence stays where it is."""
    places = _places(said)
    for n, (i, j) in enumerate(places):
        m = _EQUAL_NAMES.match(said[i][j] or "")
        if m is None:
            continue
        before = " ".join(x for a, b in places[:n] for x in [said[a][b]] if x)
        for i2, j2 in places[n + 1:-1]:
            later = said[i2][j2] or ""
            lead = f"{m[1]}, {m[2]} = "
            if not later.startswith(lead) or not later.endswith("."):
                continue
            rest = later[len(lead):-1]
            if " and " in rest or ", " in rest or rest.startswith(m[3]) or not re.search(r"= [-0-9.√/π°]+$", rest):
                continue
            names = set(_NAMES_IN.findall(rest))
            if all(x in givens or re.search(rf"\b{re.escape(x)}\b", before) for x in names):
                said[i][j] = f"{m[1]}, {m[2]} = {m[3]} = {rest}."
                said[i2][j2] = ""
            break
    return said


# "Since AC passes through the centre O, it is a diameter, and the angle ABC in the semicircle is a right angle; …"
# ("…, it is a diameter, and the angle …" where the centre shows it; "AC is a diameter of circle O, the angle …" given)
_SEMICIRCLE = re.compile(r"^(.*?(?:, and|,)) the angle ([A-Z]{3}) in the semicircle is a right angle; hence angle \2 = "
                         r"90°\.$")


def _semicircle_once(said: list[list[str]]) -> list[list[str]]:
    """Two right angles in one semicircle said as one sentence, where the first stood: ``…, and the angles
    ABC and ADC in the semicircle are right angles; hence angle ABC = angle ADC = 90°.``"""
    places = _places(said)
    for n, (i, j) in enumerate(places):
        first = _SEMICIRCLE.match(said[i][j]) if said[i][j] else None
        if first is None:
            continue
        for i2, j2 in places[n + 1:]:
            second = _SEMICIRCLE.match(said[i2][j2]) if said[i2][j2] else None
            if second is None or second[1] != first[1] or second[2] == first[2]:
                continue
            a, b = first[2], second[2]
            said[i][j] = (f"{first[1]} the angles {a} and {b} in the semicircle are right angles; "
                          f"hence angle {a} = angle {b} = 90°.")
            said[i2][j2] = ""
            break
    return said


# "since AB passes through the centre O, it is a diameter" (or "the centre of circle O"), either case
_DIAMETER = re.compile(r"\b([Ss])ince ([A-Z]{2}) passes through the centre (?:of circle )?([A-Z]), it is a diameter"
                       r"(, twice the radius)?( and (?=cuts off ))?")


def _diameter_once(said: list[list[str]], stated: frozenset = frozenset()) -> list[list[str]]:
    """A diameter shown once: after "Since AB passes through the centre O, it is a diameter", a later
    sentence says "since AB is a diameter" (a semicircle's right angle, then the radius as half of it); a
    diameter the problem states is never shown (blind teacher 28: "Since BG passes through the centre O, it is a
    diameter" where the question says BG is a diameter)."""
    shown = {(seg, centre) for ab, centre in stated for seg in (ab, ab[::-1])}

    def once(m: re.Match) -> str:
        key = (m[2], m[3])
        if key in shown:
            if m[1] == "S" and m[4]:
                return f"The diameter {m[2]} is twice the radius{m[5] or ''}"
            return f"{m[1]}ince {m[2]} is a diameter, it " if m[5] else f"{m[1]}ince {m[2]} is a diameter{m[4] or ''}"
        shown.add(key)
        return m[0]

    return [[_DIAMETER.sub(once, x) if x else x for x in line] for line in said]


# "…, the angles ABC and ADC in the semicircle are right angles; hence angle ABC = angle ADC = 90°." says one fact
# twice: the equation once, with the semicircle as its reason
_SEMICIRCLE_SAID = re.compile(r"^(.*?(?:, and|,)) the angles? ([A-Z]{3})(?: and ([A-Z]{3}))? in the semicircle "
                              r"(?:is a right angle|are right angles); hence (angle [A-Z]{3}(?: = angle [A-Z]{3})? "
                              r"= 90°)\.$")


def _semicircle_plain(said: list[list[str]]) -> list[list[str]]:
    """A right angle in a semicircle said once, the equation with its reason after it: ``Since AC is a diameter
    of circle O, angle ABC = angle ADC = 90° (angles in a semicircle).``"""
    for part in said:
        for j, x in enumerate(part):
            m = _SEMICIRCLE_SAID.match(x) if x else None
            if m is not None:
                why = "angles in a semicircle" if m[3] else "an angle in a semicircle"
                part[j] = f"{m[1]} {m[4]} ({why})."
    return said


# "Since PQ is a diameter; hence PQ = 2r = …" (a diameter shown once, its reason shortened before "; hence")
_DIAMETER_HENCE = re.compile(r"\b([Ss]ince [A-Z]{2} is a diameter(?: of circle [A-Z])?); hence ")


def _diameter_comma(said: list[list[str]]) -> list[list[str]]:
    """A "since" clause ends at a comma, never at "; hence" (blind teacher 39's fg 18: "Since PQ is a diameter;
    hence PQ = 2r"): the shortened diameter's reason reads ``Since PQ is a diameter, PQ = 2r = …``.  (Run after
    ``_no_round_trip``, which reads the "; hence r = AB/2" form.)"""
    return [[_DIAMETER_HENCE.sub(r"\1, ", x) if x else x for x in line] for line in said]


# the kinds a judgement proves a shape is: "it is a parallelogram" speaks of the shape, where "it is a diameter"
# or "it is also the median" speaks of a segment (no shape's name may take its place)
SHAPE_KINDS = ("parallelogram", "rectangle", "rhombus", "square", "kite", "trapezoid", "equilateral", "isosceles")
# "Since both pairs of opposite sides of CEOF are parallel, it is a parallelogram; hence CF = EO = 1/2."
_JUDGEMENT = re.compile(r"^Since ([^,;]*?\b([A-Z]{3,})\b[^,;]*?), it is (an? (?:%s))(?:; hence |, )(.*)$"
                        % "|".join(SHAPE_KINDS))


# "Since FE is parallel to AD and AE is parallel to DF (…), ADFE is a parallelogram; hence EF = AD = 6." (or "… is a
# parallelogram and DF = AE = …": a conclusion's own sentence that carries the shape further)
_JUDGEMENT_NAMED = re.compile(r"^Since ([^,;]*?), ([A-Z]{3,}) is (an? [a-z]+)(?:; hence |, | and )(.*)$")


def _judged_once(said: list[list[str]]) -> list[list[str]]:
    """A shape proved once, with its reason where it is first used, and named by what it is after:
    ``Since CEOF is a parallelogram, CE = FO = 1/2.``"""
    proved: set[tuple] = set()
    for line in said:
        for j, sentence in enumerate(line):
            m = _JUDGEMENT.match(sentence)
            if m is None:
                m = _JUDGEMENT_NAMED.match(sentence)
            if m is None:
                continue
            shape, kind, rest = m[2], m[3], m[4]
            # (a quadrilateral proved a kind once is that kind after, whatever reason a later step gives again and
            # however it spells it: "it is a rectangle" said three times, blind teacher 31's fg 16)
            key = (frozenset(shape), kind) if len(shape) >= 4 else (m[1], shape, kind)
            if key in proved:
                line[j] = f"Since {shape} is {kind}, {rest}"
            proved.add(key)
    return said


# "AO = BO (radii of circle O)." said on its own, then "as OA = OB" as a later step's reason
_RADII = re.compile(r"^([A-Z]{2}) = ([A-Z]{2}) \(radii of circle ([A-Z])\)\.$")


def _same_segments(a: list[str], b: list[str]) -> bool:
    return sorted("".join(sorted(x)) for x in a) == sorted("".join(sorted(x)) for x in b)


def _radii_as_reason(said: list[list[str]]) -> list[list[str]]:
    """Two radii said equal on their own and then given as the reason of the step that uses them said
    once, as that reason: ``(its base angles are equal, as OA and OB are radii)``."""
    places = _places(said)
    for n, (i, j) in enumerate(places):
        m = _RADII.match(said[i][j])
        if m is None:
            continue
        for i2, j2 in places[n + 1:]:
            use = next((u for u in re.finditer(r"\bas ([A-Z]{2}) = ([A-Z]{2})\b(?! =)", said[i2][j2])
                        if _same_segments([u[1], u[2]], [m[1], m[2]])), None)
            if use is not None:
                s = said[i2][j2]
                said[i2][j2] = f"{s[:use.start()]}as {use[1]} and {use[2]} are radii{s[use.end():]}"
                said[i][j] = ""
                break
            # (or in any words: "isosceles with OA = OC": the reason beside it, never an orphan line at the top,
            # blind teacher 27 fg 7)
            use = next((u for u in re.finditer(r"(?<![=·/] )\b([A-Z]{2}) = ([A-Z]{2})\b(?! =| \()", said[i2][j2])
                        if _same_segments([u[1], u[2]], [m[1], m[2]])), None)
            if use is not None:
                s = said[i2][j2]
                said[i2][j2] = f"{s[:use.end()]} (radii of circle {m[3]}){s[use.end():]}"
                said[i][j] = ""
                break
    return said


# a shape whose sides are all equal, and the equalities of sides it is said to give
_SIDES = re.compile(r"^(?P<why>Since (?:([A-Z]{3,4}) is an? (rhombus|square|equilateral triangle)|the sides of the "
                    r"(?P<kind>rhombus|square) (?P<shape>[A-Z]{4}) are equal)), "
                    r"((?:[A-Z]{2} = [A-Z]{2})(?: and [A-Z]{2} = [A-Z]{2})*)\.$")
_SO_EQUAL = re.compile(r"^So ([A-Z]{2}) = ([A-Z]{2})((?: = [^=]+)?)\.$")


def _all_sides_equal(said: list[list[str]]) -> list[list[str]]:
    """``Since ABCD is a rhombus, AD = BC and AB = BC. So AB = AD.`` is ``Since ABCD is a rhombus, AB =
    AD.`` (and ``Since ECD is an equilateral triangle, CD = DE. So CE = DE.`` is ``…, CE = DE.``): its
    sides are all equal, so the two it needs are said equal at once, and the "So" rests on the shape."""
    places = _places(said)
    for (i, j), (i2, j2) in zip(places, places[1:]):
        m, so = _SIDES.match(said[i][j]), _SO_EQUAL.match(said[i2][j2])
        if m is None or so is None:
            continue
        shape = m[2] or m["shape"]
        n = len(shape)
        sides = {"".join(sorted(shape[k] + shape[(k + 1) % n])) for k in range(n)}
        pairs = [x.split(" = ") for x in m[6].split(" and ")]
        used = [x for pair in pairs for x in pair] + [so[1], so[2]]
        rest = " ".join(x for line in said[i2 + 1:] for x in line) + " ".join(said[i2][j2 + 1:])
        if {"".join(sorted(x)) for x in used} <= sides and not re.search(
                "|".join(rf"\b(?:{a} = {b}|{b} = {a})\b" for a, b in pairs), rest):
            said[i][j] = f"{m['why']}, {so[1]} = {so[2]}{so[3]}."
            said[i2][j2] = ""
    return said


_GIVEN_LINE = re.compile(rf"^{_NAME} = {_NAME}(?: = {_NAME})* = [^=]+ \(given\)\.$")


def _given_lines(said: list[list[str]]) -> list[list[str]]:
    """A given restated on a line of its own (``AC = AB = 9 (given).``) is not said: the problem states
    it, and the step that uses it names it."""
    return [[s for s in line if not _GIVEN_LINE.match(s)] or [""] for line in said]


# "(its base angles are equal, as JF = JH; …)": a bracket's reason that is one equality of two names
_AS_EQUAL = re.compile(rf"(?P<lead>, | ?\()as (?P<a>{_NAME}) = (?P<b>{_NAME})(?P<end>[;)])")
_CHAIN_NAMES = re.compile(rf"{_NAME}(?: = {_NAME})+")
_CRITERION_PARTS = re.compile(r"\b(?:congruent|similar) by [A-Z]{2,3} \(")


def _same_name(a: str, b: str) -> bool:
    """One segment or angle under either order of its letters (JF and FJ, angle ABC and angle CBA)."""
    return a == b or a.split()[:-1] == b.split()[:-1] and a.split()[-1] == b.split()[-1][::-1]


def _bracket_said_before(said: list[list[str]]) -> list[list[str]]:
    """A bracket's reason that repeats an equality an earlier sentence states (``FJ = HJ.``, then ``(its base
    angles are equal, as JF = JH; …)``) drops it: the proof has said it, and the bracket keeps the rest."""
    before: list[list[str]] = []  # the chains of names equal, as earlier sentences state them
    for line in said:
        for j, sentence in enumerate(line):
            def drop(m: re.Match) -> str:
                if not any(any(_same_name(m["a"], x) for x in c) and any(_same_name(m["b"], x) for x in c)
                           for c in before):
                    return m[0]
                if m["lead"] == ", " and m.string[:m.start()].endswith("its base angles are equal") and not any(
                        len(c) == 2 and any(_same_name(m["a"], x) for x in c)
                        and any(_same_name(m["b"], x) for x in c) for c in before):
                    return m[0]  # which sides are equal, said again where only a longer chain said them ("AD = BC
                    # = AE", then "the isosceles triangle AED (its base angles are equal)": blind teacher 24)
                if m["lead"] == ", ":  # "(…, as AB = AD; …)": the rest of the bracket
                    return m["end"]
                return m["lead"] if m["end"] == ";" else ""  # "(as AB = AD; …)", or the whole "(as AB = AD)"
            if not _CRITERION_PARTS.search(sentence):  # (a criterion lists its parts: never trimmed)
                line[j] = sentence = _AS_EQUAL.sub(drop, sentence).replace("( ", "(")
            bare = re.sub(r"\([^()]*\)", "", sentence)
            before += [c.split(" = ") for c in _CHAIN_NAMES.findall(bare)]
    return said


_SO_CHAIN = re.compile(rf"^So ((?:{_NAME} = )+{_NAME})((?: = [^=]+)?)\.$")
# "Since GH = 7 = HI, GH = HI.": two elements equal as their values are
_COMPARED = re.compile(rf"^Since ({_NAME}) = ([^=]+) = ({_NAME}), \1 = \3\.$")


def _chain(sentence: str) -> tuple[list[str], str] | None:
    """The elements a sentence says equal and the value it gives them ("" for none), where it says only that."""
    m = _SO_CHAIN.match(sentence)
    if m is not None:
        return m[1].split(" = "), m[2].removeprefix(" = ")
    m = _COMPARED.match(sentence)
    return ([m[1], m[3]], m[2]) if m is not None else None


def _restated(said: list[list[str]]) -> list[list[str]]:
    """A ``So …`` sentence whose every element was brought to its value before, each to the value it
    says (``So angle BOE = angle DOE = 90°.`` after both right angles), is not said again."""
    values: dict[str, str] = {}
    for line in said:
        for j, sentence in enumerate(line):
            m = _chain(sentence)
            if m is not None and len(m[0]) > 1:
                names, value = m
                known = {values.get(x) for x in names}
                if None not in known and len(known) == 1 and (not value or known == {value}):
                    line[j] = ""
                    continue
            for clause in re.split(r", | and |; ", sentence.removesuffix(".")):
                for v in _VALUE.finditer(clause):
                    chain = [x for x in clause[v.start():].split(" = ")]
                    for x in chain:
                        if re.fullmatch(_NAME, x):
                            values[x] = v[2]
                        else:
                            break
    return said
