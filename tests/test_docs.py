"""The documentation says what is true: its generated pages are what the code makes them, every form of
the language is in the reference, and every example it shows solves with the output it shows."""
from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
_spec = importlib.util.spec_from_file_location("gen_reference", DOCS / "gen_reference.py")
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)

FENCE = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.M | re.S)
EXAMPLE = re.compile(r"<!-- example:(\S+) -->\s*```geo\n(.*?)^```", re.M | re.S)


def _pages() -> list[Path]:
    """The hand-written pages (the generated ones are checked against the generator) and the README."""
    generated = set(gen.page_paths())
    return [ROOT / "README.md"] + [p for p in sorted(DOCS.rglob("*.md")) if p not in generated]


def _solve(text: str, tmp: Path) -> tuple[int, str, str]:
    from geomill.cli import main

    path = tmp / "example.geo"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["solve", str(path)])
    return code, out.getvalue(), err.getvalue().replace(str(path), "example.geo")


def _examples(text: str) -> list[tuple[str, str | None]]:
    """Each ```geo block, with the ```text block right after it (its output as shown) or None."""
    fences = list(FENCE.finditer(text))
    out = []
    for i, m in enumerate(fences):
        if m.group(1) != "geo":
            continue
        shown = None
        if i + 1 < len(fences) and fences[i + 1].group(1) == "text" \
                and not text[m.end():fences[i + 1].start()].strip():
            shown = fences[i + 1].group(2)
        out.append((m.group(2), shown))
    return out


@pytest.fixture(scope="module")
def generated() -> dict[Path, str]:
    return gen.pages()


def test_generated_pages_are_current(generated):
    """`python docs/gen_reference.py` rewrites these; a page that differs is stale."""
    for path, text in generated.items():
        assert path.exists(), f"{path.relative_to(ROOT)} is missing: run python docs/gen_reference.py"
        assert path.read_text(encoding="utf-8") == text, f"{path.relative_to(ROOT)} is stale: run " \
                                                         "python docs/gen_reference.py"


def test_reference_examples_solve_except_the_refusals_it_names(generated):
    reference = generated[gen.REFERENCE]
    refused = re.findall(r"^`error: .*`$", reference, re.M)
    assert len(refused) == len(gen.REFUSED)
    own = [k for k in gen.examples() if not k.startswith("orient-")]
    assert "answer:" in reference and reference.count("`answer: ") == len(own) - len(gen.REFUSED)


def test_each_orientation_recipe_and_its_other_picture_solve_to_different_answers(generated):
    page = generated[gen.ORIENTATION_PAGE]
    answers = re.findall(r"`answer: (\S+) ", page)
    assert len(answers) == 2 * len(gen.ORIENTATION), page
    assert all(a != b for a, b in zip(answers[::2], answers[1::2])), answers


def test_every_form_of_the_language_is_in_the_reference(generated):
    from geomill.dsl.general import STATEMENT_WORDS
    from geomill.engine.catalogue import KINDS
    from geomill.engine.model import ELEMENT_FORMS
    from geomill.engine.plane import ELEMENT_KINDS
    from geomill.engine.relations import BLOCKS

    reference = generated[gen.REFERENCE]
    plain = reference.replace("{", "").replace("}", "")
    for kind in KINDS.values():
        for form in kind.forms:
            assert form.replace("{", "").replace("}", "") in plain, form
    for block in BLOCKS:
        for form in block.forms:
            assert f"`{form.replace('{', '').replace('}', '')}`" in plain, form
    for kind in ELEMENT_KINDS.values():
        assert re.search(rf"`{' '.join(kind.words)}\s*[A-Z]+`", reference), kind.key
    for form in ELEMENT_FORMS.values():
        assert f"`{form.split('{')[0]}" in reference, form
    for word in STATEMENT_WORDS:
        assert f"### `{word} " in reference, word


def test_reference_figures_were_drawn_from_the_examples_shown():
    index = json.loads(gen.FIGURE_INDEX.read_text())
    assert index == {name: gen.digest(text) for name, text in gen.examples().items()}, \
        "run python docs/gen_reference.py --figures"
    for name in index:
        assert (gen.FIGURES / f"{name}.png").stat().st_size > 1000, name


@pytest.mark.parametrize("page", _pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_in_the_docs_solves_as_shown(page, tmp_path):
    """A ```geo block solves (or fails with the error shown after it); a ```text block right after it
    holds lines of the real output, in order, ending with its last line."""
    for text, shown in _examples(page.read_text(encoding="utf-8")):
        code, out, err = _solve(text, tmp_path)
        if shown is not None and shown.startswith("error:"):
            assert code != 0 and err.strip() == shown.strip(), (text, err)
            continue
        assert code == 0, (text, err)
        if shown is None:
            continue
        lines, real = shown.strip("\n").splitlines(), out.strip("\n").splitlines()
        assert lines[-1] == real[-1], (text, out)
        it = iter(real)
        assert all(any(line == r for r in it) for line in lines), (text, shown, out)


def test_the_textbook_examples_are_shown_in_the_docs():
    """Every textbook example (examples/textbook/) is shown, as it is, on some page."""
    shown = {}
    for page in _pages():
        for path, body in EXAMPLE.findall(page.read_text(encoding="utf-8")):
            shown[path] = body
    textbook = sorted((ROOT / "examples" / "textbook").glob("*.geo"))
    assert len(textbook) >= 4
    for path in textbook:
        key = f"examples/textbook/{path.name}"
        assert shown.get(key) == path.read_text(encoding="utf-8"), key


def test_every_command_has_examples_its_parser_reads():
    """The examples on the command pages are commands the argument parser accepts (none is run)."""
    import shlex

    from geomill.cli import build_parser

    parser = build_parser()
    names = [name for name, _sp, _help in gen._subparsers()]
    assert set(gen.COMMAND_EXAMPLES) == set(names)
    for examples in gen.COMMAND_EXAMPLES.values():
        for line in examples:
            argv = shlex.split(line)
            assert argv[0] == "geomill", line
            with contextlib.redirect_stderr(io.StringIO()):
                parser.parse_args(argv[1:])
