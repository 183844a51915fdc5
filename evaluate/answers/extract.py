"""Answer extraction: what a model's free text answers, read deterministically (no judge model).

Where the answer is: the last stated of the ``\\boxed{…}`` contents and the sentences after a
"final answer" / "answer is" / "answer:" / "答案" marker (a model that corrects itself means its
last answer; drafts inside ``<think>…</think>`` do not count); with no box and no marker, the
response as a whole: its last number, or the option / verdict / list it states first
("(b). Because …") or in its closing sentences. Refusals ("cannot be determined") and
ambiguous statements ("(a) or (b)") make the extraction *fail*: it never guesses.

Values: a float for ``number``, an option label for ``choice``, a bool for ``truefalse``, a
sorted tuple of labels for ``multi``.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .numparse import chains, words_in_figures

Options = Sequence[str] | Mapping[str, object] | None


@dataclass(frozen=True)
class Extraction:
    value: float | str | bool | tuple[str, ...] | None
    failed: bool
    via: str = ""  # where it was found: boxed | marker | whole | "" when failed


FAILED = Extraction(None, True)


# ---------------------------------------------------------------- normalization

_TEXT_COMMANDS = re.compile(r"\\(?:text|textbf|textit|mathrm|mathbf|mathit|operatorname|mbox|emph)\s*\{([^{}]*)\}")
_REPLACE = [
    (re.compile(r"(\d)(?:\\,|\{,\}|\u2009|\u202f|\\ )(\d{3})(?!\d)"), r"\1,\2"),  # 1\,234 and 1{,}234
    (re.compile(r"\^\s*(?:\{\s*\\circ\s*\}|\\circ)|\\circ|\\degree|º|˚"), "°"),  # "40^\circ}" keeps its brace
    (re.compile(r"\\[dt]frac(?![A-Za-z])"), r"\\frac"),
    (re.compile(r"\\frac\s*(\d)\s*(\d)"), r"\\frac{\1}{\2}"),  # \frac12
    (re.compile(r"(\\sqrt|√)(?=\d)"), r"\1 "),  # \sqrt3: the digit is its argument
    (re.compile(r"(?<=[\d)}])²"), "^2"), (re.compile(r"(?<=[\d)}])³"), "^3"),
    (re.compile(r"\\(?:left|right|displaystyle|bigl?|bigr?|Big)(?![A-Za-z])|\\!"), ""),
    (re.compile(r"\\(?:times|cdot|ast)(?![A-Za-z])|[×·⋅∙]"), "*"),
    (re.compile(r"\\div(?![A-Za-z])|÷"), "/"),
    (re.compile(r"\\approx(?![A-Za-z])|≃|≅|\\simeq(?![A-Za-z])"), "≈"),
    (re.compile(r"(?<![A-Za-z])(?:approximately|approx\.?)(?![A-Za-z])", re.I), "≈"),
    (re.compile(r"[−–—‐﹣－]"), "-"),
    (re.compile(r"\\[,;:> ]|\\q?quad(?![A-Za-z])|~|\$|\\[()\[\]]"), " "),
    (re.compile(r"\*\*|__"), " "),
    (re.compile(r"\\%"), "%"),
    (re.compile(r"：|︰"), ":"),
    (re.compile(r"（"), "("), (re.compile(r"）"), ")"),
]


def normalize(text: str) -> str:
    """One spelling for the many ways models write the same thing (LaTeX, Unicode, Markdown)."""
    for _ in range(4):  # \text{\textbf{…}}: a few levels, never a runaway's thousands
        text, n = _TEXT_COMMANDS.subn(r" \1 ", text)
        if not n:
            break
    for pattern, repl in _REPLACE:
        text = pattern.sub(repl, text)
    return text


# ---------------------------------------------------------------- where the answer is

_BOXED = re.compile(r"\\(?:boxed|fbox)\s*\{")
_MARKER = re.compile(
    r"final\s+answers?(?:\s*(?:is|are|would\s+be|will\s+be|should\s+be|=|:))?"
    r"|answers?[\"']?\s*(?:is|are|would\s+be|will\s+be|should\s+be|=|:)"
    r"|correct\s+(?:options?|choices?)\s*(?:is|are|=|:)"
    r"|(?:最终)?答案\s*(?:是|为|:)?",
    re.I)
_LEAD = re.compile(r"(?:[\s:=*#>,]|\.(?!\d)|-(?![\d.]))*(?:(?:is|are|would\s+be|will\s+be|should\s+be)\b)?"
                   r"(?:[\s:=*#>]|-(?![\d.]))*", re.I)
_JUDGEMENT = re.compile(r"(?:reasonable|consistent|plausible|valid|confirmed|verified|as\s+follows|below|above|"
                        r"based\s+on|given\s+by|obtained|found|derived)\b", re.I)
MAX_SENTENCE = 400  # characters: a final-answer sentence is short; a runaway one is cut
MAX_REGIONS = 64  # the last answers stated; a model repeating itself thousands of times is read from its end
_SENTENCE_END = re.compile(r"\n|(?<=[^\d\s])\.(?=\s|$)|(?<=\d)\.(?=\s|$)|[;。]")


@dataclass(frozen=True)
class _Region:
    """A place that states the answer: where, its first sentence, where the text after it
    starts (None: the sentence is all of it, as in a box) and what found it."""

    at: int
    sentence: str
    rest_at: int | None
    via: str


def _matching_braces(text: str) -> dict[int, int]:
    """Each ``{``'s position -> its ``}``'s, in one pass (unclosed ones left out)."""
    pairs, stack = {}, []
    for i, ch in enumerate(text):
        if ch == "{":
            stack.append(i)
        elif ch == "}" and stack:
            pairs[stack.pop()] = i
    return pairs


MAX_BOX = 1000  # characters: a box holding more is a runaway, not an answer


def _boxed(text: str) -> list[_Region]:
    """The last :data:`MAX_REGIONS` ``\\boxed{…}`` (braces balanced) that hold an answer's length:
    a box is sliced out only then, so that thousands of nested boxes cost one pass, not a copy
    of the text per level."""
    matches = list(_BOXED.finditer(text))
    pairs = _matching_braces(text) if matches else {}
    found = [(m.start(), m.end(), pairs[m.end() - 1]) for m in matches
             if m.end() - 1 in pairs and pairs[m.end() - 1] - m.end() <= MAX_BOX]
    return [_Region(start, text[end:close], None, "boxed") for start, end, close in found[-MAX_REGIONS:]]


def _markers(text: str) -> list[_Region]:
    """The text after every answer marker ("final answer", "answer is", "答案" …). A marker
    followed by a comma ("before the final answer, …") or a judgement ("this answer is
    reasonable") introduces nothing."""
    out = []
    for m in _MARKER.finditer(text):
        if text[m.end():m.end() + 20].lstrip(" *").startswith(","):
            continue
        at = _LEAD.match(text, m.end()).end()
        if _JUDGEMENT.match(text, at):
            continue
        end = _SENTENCE_END.search(text, at, at + MAX_SENTENCE)
        out.append(_Region(m.start(), text[at:end.start() if end else at + MAX_SENTENCE], at, "marker"))
    return out


def _regions(text: str) -> list[_Region]:
    """Boxed answers and marked answers, the last stated first (a model that corrects itself
    means its last answer)."""
    return sorted(_boxed(text) + _markers(text), key=lambda r: r.at, reverse=True)[:MAX_REGIONS]


def _read(text: str, in_sentence: Callable[[str], object | None],
          in_rest: Callable[[str], object | None] | None = None,
          whole: Callable[[str], object | None] | None = None) -> Extraction:
    """The answer the last region states: ``in_sentence`` on its first sentence, else (for the
    last region only: an earlier one's rest holds the later ones) ``in_rest`` on all after
    it; with no region at all, ``whole`` on the whole text."""
    regions = _regions(text)
    for k, region in enumerate(regions):
        value = in_sentence(region.sentence)
        if value is None and in_rest is not None and k == 0:
            value = in_rest(region.sentence if region.rest_at is None else text[region.rest_at:])
        if value is not None:
            return Extraction(value, False, region.via)
    if regions or whole is None:
        return FAILED
    value = whole(text)
    return FAILED if value is None else Extraction(value, False, "whole")


_REFUSAL = re.compile(
    r"can ?not\s+(?:be\s+)?(?:determined?|calculated?|computed?|found|answered|measured)"
    r"|can't\s+(?:be\s+)?(?:determined?|calculated?|computed?|found|answered|measured)"
    r"|unable\s+to\s+(?:determine|calculate|compute|answer|find|measure)"
    r"|not\s+possible\s+to\s+(?:determine|calculate|compute|find|answer|tell|say|know)|(?:not|no|without)\s+(?:\w+\s+){0,2}enough\s+information|not\s+computable"
    r"|insufficient\s+(?:information|data)|impossible\s+to\s+(?:determine|tell|answer|compute)"
    r"|无法(?:确定|计算|判断|得出)",
    re.I)
# phrases whose numbers are not answers: "rounded to 2 decimal places", "using π = 3.14"
_NOT_ANSWER = re.compile(
    r"(?:\(\s*)?(?:(?:rounded|correct|accurate|round(?:ing)?)\s+)?\bto\s+(?:the\s+)?(?:\d+|two|one|three)\s+"
    r"(?:decimal(?:\s+places?)?|d\.p\.|dp|significant\s+(?:figures|digits)|s\.f\.)(?:\s*\))?"
    r"|(?:(?:using|with|taking|assuming|assume|where|and)\s+)?π\s*(?:=|≈)\s*3\.14\d*",
    re.I)


def _sentences(text: str) -> list[str]:
    return [p for p in re.split(r"\n+|(?<=[^\d])\.\s+", text.strip()) if p.strip()]


def _last_sentences(text: str, n: int = 2) -> str:
    return " ".join(_sentences(text)[-n:])


def _closing(text: str, read: Callable[[str], object | None], k: int = 3) -> object | None:
    """What the closing sentences state: the last of the final ``k`` that states something
    ("… so the answer is (c). Note: the figure may not be to scale." states c); a refusal
    among the final two states nothing."""
    if _REFUSAL.search(_last_sentences(text)):
        return None
    for sentence in reversed(_sentences(text)[-k:]):
        value = read(sentence)
        if value is not None:
            return value
    return None


# ---------------------------------------------------------------- numbers

def _blank(text: str) -> str:
    """``text`` with the numbers that are not answers blanked out (offsets kept)."""
    return _NOT_ANSWER.sub(lambda m: " " * len(m.group()), text)


_CONCLUDES = re.compile(r"\b(?:so|thus|therefore|hence|giving|gives|which\s+gives|resulting\s+in|making)\b", re.I)


def _stated_number(sentence: str) -> float | None:
    """The number a final-answer sentence states: its first, or the first after its last
    conclusion ("BC is 14.65, so the perimeter is 41.3" states 41.3); none when it says first
    that there is none ("… cannot be determined without 2 more values")."""
    refusal = _REFUSAL.search(sentence)
    for m in [*reversed(list(_CONCLUDES.finditer(sentence))), None]:
        start = m.end() if m else 0
        found = chains(_blank(sentence[start:]))
        if found:
            return None if refusal and refusal.start() < start + found[0].start else found[0].value
    return None


def _last_number(text: str) -> float | None:
    found = chains(_blank(text))
    return found[-1].value if found else None


def _number_in_rest(rest: str) -> float | None:
    return None if _REFUSAL.search(rest) else _last_number(rest)


# an explanation that follows the answer: "12\n\nExplanation: AB = 5 and BC = 7 …"
_EXPLANATION = re.compile(r"^[\s#>*]*(?:explanation|reasoning|reason|justification|rationale|why)\b[\s*]*:?",
                          re.I | re.M)
_LONE = re.compile(r"[\s*#>$`(\[{]*-?\d[\d,]*(?:\.\d+)?[\s*$`)\]}°%]*(?:[a-z]{1,6}\^?2?\s*)?[.:]?\s*", re.I)
MAX_HEAD = 200  # characters of an answer given first: a sentence, not a derivation


def _number_in_whole(text: str) -> float | None:
    """The last number; or, where the response answers first, the number of its answer: a first line
    that is one number ("**12**"), or a short opening before an "Explanation:" heading."""
    if _REFUSAL.search(_last_sentences(text)):
        return None
    first, _, rest = text.strip().partition("\n")
    if rest.strip() and len(first) <= 40 and _LONE.fullmatch(first):
        return _last_number(first)
    m = _EXPLANATION.search(text)
    if m and 0 < len(text[:m.start()].strip()) <= MAX_HEAD and not _REFUSAL.search(text[:m.start()]):
        head = _last_number(text[:m.start()])
        if head is not None:
            return head
    return _last_number(text)


def _number(text: str) -> Extraction:
    return _read(text, _stated_number, _number_in_rest, _number_in_whole)


def extract_number(text: str) -> float | None:
    """The final numeric answer in a response, or None."""
    return extract(text, "number").value


# ---------------------------------------------------------------- options

def _labels(options: Options) -> list[str]:
    if options is None:
        return ["a", "b", "c", "d", "e"]
    return [str(k) for k in (options.keys() if isinstance(options, Mapping) else options)]


def _label_pattern(labels: list[str]) -> tuple[re.Pattern, bool]:
    """A regex alternation of the labels (longest first) and whether matching ignores case."""
    fold = (all(len(lab) == 1 and lab.isalpha() for lab in labels)
            and len({lab.lower() for lab in labels}) == len(labels))
    alts = "|".join(re.escape(lab) for lab in sorted(labels, key=len, reverse=True))
    return re.compile(alts, re.I if fold else 0), fold


# a letter followed by a verb is the sentence's subject (a point's name), not a chosen option
_SUBJECT = re.compile(r"(?:is|are|was|were|lies|has|have|appears|seems|looks|equals|measures|=|≈)(?![A-Za-z])", re.I)
_NUMERIC_OPTION = re.compile(r"[\s\d.,\-+/*^()π\\{}√°%]*(?:[a-z]+\^?\d?)?")  # "0.5", "45°", "12 cm", "3√2"


class _Chooser:
    """Finds option labels in a piece of text: ``(b)``, ``b)``, ``b.``, "option b", a bare ``b``
    standing alone, or the option's own text."""

    def __init__(self, options: Options):
        self.labels = _labels(options)
        self.texts = ({lab: str(options[lab]) for lab in self.labels} if isinstance(options, Mapping) else {})
        # an option that is a number ("0.5", "45°", "12 cm") is matched by value, any other by its words
        self.numeric = {lab: opt[0].value for lab, tx in self.texts.items()
                        if len(opt := chains(normalize(tx))) == 1 and _NUMERIC_OPTION.fullmatch(tx.lower())}
        self.words = {lab: re.compile(rf"(?<![A-Za-z0-9]){re.escape(normalize(tx).lower().strip())}(?![A-Za-z0-9])")
                      for lab, tx in self.texts.items() if lab not in self.numeric and tx.strip()}
        lab, self.fold = _label_pattern(self.labels)
        L = lab.pattern
        flags = re.I if self.fold else 0
        self.canon = {(x.lower() if self.fold else x): x for x in self.labels}
        # a label that is surely a label: in parentheses/brackets, after "option", or "b)"
        self.marked = re.compile(
            rf"[(\[]\s*({L})\s*[)\]]|(?:option|choice)\s*[(\[]?\s*({L})(?![A-Za-z0-9])|(?<![A-Za-z0-9])({L})\)", flags)
        # a label opening the text: "b", "B.", "b: 0.5", "B 2"
        self.leading = re.compile(rf"^[\s\"'`{{(\[]*({L})(?:[)\]}}\"'`.:,]|\s*$|\s+(?=\S))", flags)
        self.rejected = re.compile(
            rf"(?:\bnot|\brules?\s+out|\bruled\s+out|\beliminat\w*|\bexcept|\bexclud\w*)\s+(?:options?\s+|choices?\s+)?"
            rf"[(\[]\s*({L})\s*[)\]]|(?:[(\[]\s*({L})\s*[)\]]|(?:option|choice)\s+({L})\b)(?:\s+[\d.,°]+)?\s+"
            rf"(?:is|are|seems|looks)\s+(?:not|incorrect|wrong|too|unlikely|impossible)\b", flags)
        self.affirmed = re.compile(
            rf"(?<![A-Za-z0-9])[(\[]?({L})[)\]]?\s+(?:is|seems|appears)\s+(?:to\s+be\s+)?(?:the\s+)?"
            rf"(?:correct|right|best|most\s+likely|answer)\b", flags)
        self.joined = re.compile(rf"[)\]]?\s*(?:,|/|&|\bor\b|\band\b)\s*[(\[]?\s*(?:{L})(?![A-Za-z0-9])", flags)
        self.first = re.compile(rf"^[\s\"'`]*(?:[(\[]\s*({L})\s*[)\]]|({L})(?:[).:](?=\s)|[ \t]*\n))", flags)
        self.list_item = re.compile(rf"(?<![A-Za-z0-9'])({L})(?![A-Za-z0-9'])", flags)
        self.paren_list = re.compile(rf"[(\[]\s*((?:{L})(?:\s*[,;、]\s*(?:{L}))+)\s*[)\]]", flags)

    def label(self, raw: str) -> str:
        return self.canon[raw.lower() if self.fold else raw]

    def _leading_ok(self, text: str, m: re.Match) -> bool:
        """``a`` opening a sentence is an article unless something marks it as a label."""
        rest = text[m.end():].lstrip()
        if not rest or text[m.end() - 1] in ").]:}\"'`,":
            return True
        if text[m.end() - 1] == ".":
            return True
        if _SUBJECT.match(rest):  # "B is the midpoint of AC": a point, not option b
            return bool(self.affirmed.match(text, m.start(1)))
        if m.group(1) in ("a", "A", "I") and rest[:1].isalpha():
            tx = self.texts.get(self.label(m.group(1)))
            return bool(tx) and rest.lower().startswith(tx.lower())
        return True

    def in_sentence(self, text: str) -> str | None:
        """The one option a final-answer sentence states, else None (none, or several)."""
        text = text.strip()
        found = {self.label(g) for mm in self.marked.finditer(text) for g in mm.groups() if g}
        m = self.leading.match(text)
        if m and self._leading_ok(text, m):
            lead = self.label(m.group(1))
            # "(c) 4 -- (b) is too small" states c; "(a) or (b)" and "a, c" state no one option
            return None if self.joined.match(text, m.end() - 1) else lead
        if found:
            # "this rules out (b)", "(e) is too large": a label ruled out is no answer; of several
            # left, the one said to be right ("(a) and (b) are wrong; (c) is correct")
            kept = found - {self.label(g) for mm in self.rejected.finditer(text) for g in mm.groups() if g}
            if len(kept) > 1:
                kept &= {self.label(mm.group(1)) for mm in self.affirmed.finditer(text)}
            return kept.pop() if len(kept) == 1 else None
        return self.by_text(text)

    def by_text(self, text: str) -> str | None:
        """The option whose own text (a number, or words) the sentence states, if exactly one."""
        if not self.texts:
            return None
        norm = normalize(text).lower()
        stated = chains(norm)
        numeric = self.numeric

        def same(x: float, y: float) -> bool:
            return abs(x - y) <= 1e-9 * max(1.0, abs(y))

        # numbers: the option the first stated number is, else the one option any stated number is
        hits = {lab for lab, v in numeric.items() if stated and same(stated[0].value, v)} or \
            {lab for lab, v in numeric.items() if any(same(f.value, v) for f in stated)}
        hits |= {lab for lab, words in self.words.items() if words.search(norm)}
        if len(hits) > 1:  # "right triangle" contains "triangle": keep the longest when they nest
            longest = max(hits, key=lambda h: len(self.texts[h]))
            if all(self.texts[h].lower() in self.texts[longest].lower() for h in hits):
                hits = {longest}
        return hits.pop() if len(hits) == 1 else None


def _chooser(options: Options) -> _Chooser:
    """The chooser for these options, built once per distinct set (a benchmark reuses a few)."""
    if isinstance(options, Mapping):
        return _cached_chooser(tuple((str(k), str(v)) for k, v in options.items()), True)
    return _cached_chooser(None if options is None else tuple(str(k) for k in options), False)


@functools.lru_cache(maxsize=1024)
def _cached_chooser(key: tuple | None, mapping: bool) -> _Chooser:
    return _Chooser(dict(key) if mapping else key)


def _choice(text: str, options: Options) -> Extraction:
    ch = _chooser(options)

    def whole(text: str) -> str | None:
        text = text.strip()
        short = ch.in_sentence(text) if len(text) <= 80 and "\n" not in text else None
        if short is not None:  # a short answer: "(b)", "B. 2", "b) 0.5"
            return short
        m = ch.first.match(text)  # answer first, then the reasons: "(b). The line AB is …"
        first_line = text.split("\n", 1)[0]
        if m and len({g for mm in ch.marked.finditer(first_line) for g in mm.groups() if g}) <= 1:
            return ch.label(m.group(1) or m.group(2))
        return _closing(text, ch.in_sentence)

    return _read(text, ch.in_sentence, whole=whole)


# ---------------------------------------------------------------- true / false

_TF = re.compile(
    r"(?P<neg>\bnot\s+|\bisn't\s+|\baren't\s+)?(?P<word>\btrue\b|\bfalse\b|\bincorrect\b|\bcorrect\b|\bwrong\b|"
    r"正确|错误|对|错)", re.I)
_YES_NO = re.compile(r"^[\s\"'`(\[{]*(yes|no|true|false|t|f|是|否|正确|错误|对|错)(?![A-Za-z])", re.I)
_ANSWER_FIRST = re.compile(r"^[\s\"'`(\[{]*(yes|no|true|false)\b[\s\"'`)\]}]*[.,!:;\n]", re.I)
_TF_QUESTION = re.compile(r"\btrue\s*(?:or|/)\s*false\b\s*[?:]?", re.I)
_TF_VALUE = {"true": True, "correct": True, "正确": True, "对": True, "yes": True, "t": True, "是": True,
             "false": False, "incorrect": False, "wrong": False, "错误": False, "错": False, "no": False, "f": False,
             "否": False}


def _tf_in(sentence: str) -> bool | None:
    """The truth value a final-answer sentence states: its first verdict word, negation applied."""
    sentence = _TF_QUESTION.sub(" ", sentence)
    m = _YES_NO.match(sentence)
    if m:
        return _TF_VALUE[m.group(1).lower()]
    for m in _TF.finditer(sentence):
        word = m.group("word").lower()
        if word == "correct" and re.match(r"\s+(?:answer|option|choice|statement\s+is)", sentence[m.end():], re.I):
            continue
        return _TF_VALUE[word] != bool(m.group("neg"))
    return None


def _tf_whole(text: str, claim: str | None = None) -> bool | None:
    """A bare verdict, a verdict first ("False. There is …"), the one verdict of the closing sentences, a
    verdict ending a sentence that restates the claim ("The lines intersect between 2008 and 2010. True."),
    a first sentence that gives one ("The statement is true. Looking at …"), or a conclusion that restates
    the claim or its negation ("… so there is no triangle ABC")."""
    whole = _TF_QUESTION.sub(" ", text).strip()
    m = _YES_NO.match(whole) if len(whole) <= 40 else _ANSWER_FIRST.match(whole)
    if m:
        return _TF_VALUE[m.group(1).lower()]
    sentences = _sentences(whole)
    first = _verdict(sentences[0]) if sentences and _VERDICT_FIRST.match(sentences[0]) else None
    if first is not None and not any(_STRONG.search(x) for x in sentences[1:][-3:]):
        return first  # answer first, then reasons that may say "false" of something else
    found = _closing(whole, _verdict)
    if found is not None:
        return found
    if _REFUSAL.search(_last_sentences(whole)):
        return None
    m = _VERDICT_LAST.search(whole)
    if m:
        return _TF_VALUE[m.group(1).lower()]
    return _restated(whole, claim) if claim else None


# one way to match each run of spaces: "\s*" beside a class holding \s made a runaway's spaces quadratic
_VERDICT_LAST = re.compile(r"(?:^|[.!:\n])[\s\"'`(\[{]*(true|false|yes|no)[\s\"'`)\]}]*(?:[.!]\s*)?$", re.I)
_VERDICT_FIRST = re.compile(r"^[\s\"'`(\[{]*(?:the\s+(?:statement|claim|answer)\s+(?:given\s+)?is\s+(?:not\s+)?"
                            r"(?:true|false|correct|incorrect)|(?:true|false)\b)[^\n]{0,40}$", re.I)
_STRONG = re.compile(r"\b(?:statement|claim|answer)\s+(?:given\s+)?(?:is|was)\s+(?:not\s+)?(?:true|false|correct|"
                     r"incorrect)\b|^[\s\"'`(\[{]*(?:true|false)\b", re.I)
_NEGATION = re.compile(r"\b(?:not|no|never|n't|cannot)\b|n't\b", re.I)
_FILLER = re.compile(r"\b(?:do|does|did|is|are|there|a|an|the|any|line|lines|segment|segments)\b", re.I)


def _core(sentence: str) -> tuple[str, int]:
    """A sentence's words without negations and filler, and how many negations it has."""
    s = sentence.lower().replace("n't", " not")
    negations = len(_NEGATION.findall(s))
    words = re.findall(r"[a-z0-9]+(?:\.[0-9]+)?", _FILLER.sub(" ", _NEGATION.sub(" ", s)))
    return " ".join(words), negations


def _restated(text: str, claim: str) -> bool | None:
    """A conclusion that restates the claim (True) or its negation (False)."""
    want, neg = _core(_TF_QUESTION.sub(" ", claim).strip().rstrip(".?"))
    if not want:
        return None
    for sentence in reversed(_sentences(text)[-2:]):
        tail = re.split(r"\b(?:so|thus|therefore|hence|conclude\s+that|means\s+that)\b,?", sentence, flags=re.I)[-1]
        got, n = _core(tail.strip().rstrip(".!"))
        if got == want:
            return (n % 2) == (neg % 2)
    return None


def _verdict(sentence: str) -> bool | None:
    """The one verdict a sentence gives (true/false words first, else correct/incorrect/wrong)."""
    words = [(m.group("word").lower(), bool(m.group("neg"))) for m in _TF.finditer(sentence)]
    strong = [(w, neg) for w, neg in words if w in ("true", "false")]
    verdicts = {_TF_VALUE[w] != neg for w, neg in (strong or words)}
    return verdicts.pop() if len(verdicts) == 1 else None


def _truefalse(text: str, claim: str | None = None) -> Extraction:
    return _read(text, _tf_in, whole=lambda t: _tf_whole(t, claim))


# ---------------------------------------------------------------- multi-select

_ALL = re.compile(r"\ball\s+(?:of\s+(?:the\s+|them\b)|(?:four|five|three|six|the\s+options|options)\b)"
                  r"|\ball\s+(?:are|of\s+them)", re.I)
_NONE = re.compile(r"\bnone\s+of\s+(?:the\s+above|them|these|the\s+options)\b|^\W*none\W*$", re.I)


def _multi_in(sentence: str, ch: _Chooser) -> tuple[str, ...] | None:
    """The labels a sentence lists; else "all …" / "none of the above" (labels win: "(b), since
    all of the others are adjacent" lists b)."""
    sentence = ch.paren_list.sub(r" \1 ", sentence)  # "(a, b, c)" -> "a, b, c"
    found = [ch.label(g) for m in ch.marked.finditer(sentence) for g in m.groups() if g]
    if not found:
        # a bare list: "a, c" / "a and c" / "A,B,D" (every label standing alone, no prose words between)
        stripped = re.sub(r"\b(?:and|or|options?|choices?|both|only)\b|[\s,;/&+.()\[\]{}\"'`、，]", " ", sentence,
                          flags=re.I)
        words = stripped.split()
        if words and all(ch.list_item.fullmatch(w) for w in words):
            found = [ch.label(w) for w in words]
    if found:
        return tuple(sorted(set(found)))
    if _NONE.search(sentence):
        return ()
    if _ALL.search(sentence):
        return tuple(sorted(ch.labels))
    return None


def _multi(text: str, options: Options) -> Extraction:
    ch = _chooser(options)

    def whole(text: str):
        text = text.strip()
        if len(text) <= 80:
            return _multi_in(text, ch)
        return _closing(text, lambda sentence: _multi_in(sentence, ch))

    return _read(text, lambda sentence: _multi_in(sentence, ch), whole=whole)


# ---------------------------------------------------------------- entry point

def _after_thinking(text: str) -> str:
    """A reasoning model's answer follows its ``<think>…</think>`` block; drafts inside it do not count."""
    head, sep, tail = text.rpartition("</think>")
    return tail if sep and tail.strip() else text


MAX_TEXT = 12_000  # characters read of a response: its opening and its end, where answers are stated
HEAD = 2_000  # of them from the opening (an answer given first: "(b). Because …")


def bounded(text: str, limit: int = MAX_TEXT, head: int = HEAD) -> str:
    """A response cut to its first ``head`` and last ``limit - head`` characters, so that reading
    a runaway of megabytes costs what reading a long answer costs (time and memory)."""
    if len(text) <= limit:
        return text
    return text[:head] + "\n…\n" + text[len(text) - (limit - head):]


def extract(text: str, response_type: str, options: Options = None, claim: str | None = None) -> Extraction:
    """What ``text`` answers, read as ``response_type`` (number | choice | truefalse | multi); ``claim``:
    for True/False, the statement judged (a conclusion that restates it, or its negation, is a verdict)."""
    if not isinstance(text, str) or not text.strip():
        return FAILED
    text = normalize(bounded(_after_thinking(text)))
    if response_type == "number":
        return _number(words_in_figures(text))
    if response_type == "choice":
        return _choice(text, options)
    if response_type == "truefalse":
        return _truefalse(text, normalize(claim) if claim else None)
    if response_type == "multi":
        return _multi(text, options)
    raise ValueError(f"unknown response_type {response_type!r} (expected number, choice, truefalse or multi)")
