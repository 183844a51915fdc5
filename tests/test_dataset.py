"""The dataset floor: typed records, items, parts and manifests; the one JSON Lines reader and its
policies; dataset files opened only by ``geomill.dataset``; a folder of the wrong kind refused in one line."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from geomill.dataset.folder import open_dataset, read_manifest, read_records
from geomill.dataset.jsonl import BadLines, read_jsonl
from geomill.dataset.records import Item, Manifest, Part, Record
from geomill.dataset.responses import JudgeReply, ResponseRow, ResponseStore, ScoredRow
from geomill.engine.errors import GeomillError

from geomill.cli import main

from .evaldata import make_dataset

ROOT = Path(__file__).resolve().parents[1]
ABOVE = ("generate", "evaluate", "geomill")  # the floors above dataset
# calls that open, read, write or list files: above the dataset floor only geomill.dataset makes them
FILE_ATTRS = {"read_text", "read_bytes", "write_text", "write_bytes", "glob", "rglob", "iterdir"}
ALLOWED = {
    # the prompt templates are package data shipped with geomill, not a dataset's files
    ("evaluate/prompts.py", "read_text"), ("evaluate/prompts.py", "iterdir"),
    # --help reads its constants from geomill's own module sources, not from a dataset
    ("geomill/cli/constants.py", "read_text"),
    # geomill serve's pages and example problems are package data (a served folder is read by dataset.served)
    # an import's pool worker sends its stderr to os.devnull (no dataset file)
    ("generate/formalgeo.py", "open"),
    ("geomill/serve/app.py", "read_bytes"), ("geomill/serve/app.py", "read_text"), ("geomill/serve/app.py", "glob"),
}


def _file_calls(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id == "open":
            found.append((node.lineno, "open"))
        elif isinstance(f, ast.Attribute) and f.attr in FILE_ATTRS:
            found.append((node.lineno, f.attr))
        elif isinstance(f, ast.Attribute) and f.attr == "load" and ast.unparse(f.value) == "json":
            found.append((node.lineno, "json.load"))
    return found


def test_no_module_above_dataset_opens_files_itself():
    offenders = []
    for folder in ABOVE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            offenders += [f"{rel}:{line}: {what}" for line, what in _file_calls(path) if (rel, what) not in ALLOWED]
    assert not offenders, "file access outside geomill.dataset:\n" + "\n".join(offenders)


def test_the_file_access_scan_sees_a_violation(tmp_path):
    sample = tmp_path / "m.py"
    sample.write_text("import json\nwith open(p) as fh:\n    json.load(fh)\nq.read_text()\nd.glob('*')\n")
    assert sorted(what for _, what in _file_calls(sample)) == ["glob", "json.load", "open", "read_text"]


def test_one_jsonl_reader():
    """Above dataset no module opens a file (the test above); within it, only jsonl.py turns lines into JSON."""
    readers = []
    for path in sorted((ROOT / "dataset").rglob("*.py")):
        if path.name == "jsonl.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.For) and "json.loads" in ast.unparse(node):
                readers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not readers, "JSON Lines read outside dataset/jsonl.py:\n" + "\n".join(readers)


# -- the reader's policies ------------------------------------------------------------------------


def test_strict_reader_says_file_line_and_column(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_text('{"id": 1}\n\n{"id": 2,}\n')
    with pytest.raises(GeomillError) as err:
        list(read_jsonl(path))
    assert str(err.value).startswith(f"{path}:3:") and "not JSON" in str(err.value)
    path.write_text('{"id": 1}\n[1, 2]\n')
    with pytest.raises(GeomillError, match=r":2:1: each line must be a JSON object, not list"):
        list(read_jsonl(path))


def test_skip_reader_reports_bad_lines_with_their_numbers(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_bytes(b'{"id": 1}\n\xff\xfe\n{"id": 2}\nnope\n"text"\n{"id": 3}')
    bad = BadLines(str(path))
    rows = list(read_jsonl(path, "skip", bad))
    assert [(n, r["id"]) for n, r in rows] == [(1, 1), (3, 2), (6, 3)]
    assert [n for n, _ in bad.lines] == [2, 4, 5] and "skipped 3 bad line(s)" in str(bad)
    torn = BadLines(str(path))
    assert [r["id"] for _, r in read_jsonl(path, "skip", torn, whole_lines=True)] == [1, 2]
    assert torn.lines[-1] == (6, "a torn last line (no newline)")
    with pytest.raises(ValueError):
        list(read_jsonl(path, "lenient"))


# -- the types ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def geomverse(tmp_path_factory):
    return make_dataset(tmp_path_factory.mktemp("gv") / "ds", n=4, image_size=256)


@pytest.fixture(scope="module")
def perception(tmp_path_factory):
    out = tmp_path_factory.mktemp("pc") / "p"
    assert main(["perceive", "--task", "length", "-n", "4", "--lines", "2-3", "--quiet", "--image-size", "96",
                 "--out", str(out)]) == 0
    return out


def test_records_are_typed_and_round_trip(geomverse, perception):
    for folder, kind in ((geomverse, "geomverse"), (perception, "perception")):
        dataset = open_dataset(folder)
        assert dataset.kind == kind
        (part,) = dataset.parts
        records = list(dataset.records(part))
        assert records and all(isinstance(r, Record) and r.kind == kind for r in records)
        for r in records:
            again = Record.from_json(json.loads(json.dumps(r.to_json())))
            assert again == r and again.to_json() == r.to_json()
            assert (part.folder / r.image).is_file()
            item = Item.from_record(r)
            assert Item.from_json(item.to_json()) == item and item.answer == r.answer
        line = (part.folder / "shard-00000.jsonl").read_text().splitlines()[0]
        assert json.loads(line) == records[0].to_json()


def test_manifest_and_part_round_trip(geomverse, perception):
    for folder in (geomverse, perception):
        manifest = read_manifest(folder)
        assert isinstance(manifest, Manifest) and all(isinstance(p, Part) for p in manifest.parts)
        written = json.loads((folder / "manifest.json").read_text())
        assert manifest.to_json() == written
        assert Manifest.from_json(manifest.to_json()).to_json() == written
    assert read_manifest(perception).kind == "perception" and read_manifest(geomverse).kind == "geomverse"


def test_a_malformed_record_is_one_line_naming_its_shard(tmp_path, geomverse):
    part = tmp_path / "bad" / "test"
    part.mkdir(parents=True)
    good = (geomverse / "test" / "shard-00000.jsonl").read_text().splitlines()[0]
    no_answer = json.loads(good)
    del no_answer["answer"]
    (part / "shard-00000.jsonl").write_text(good + "\n" + json.dumps(no_answer) + "\n")
    with pytest.raises(GeomillError, match=r"shard-00000.jsonl:2 \(.*\): no answer"):
        list(read_records(tmp_path / "bad", "test"))


def _scored(item_id: str, key: str, text: str = "The final answer is 3.") -> ScoredRow:
    response = ResponseRow(Item(item_id, 3.0, "number", groups={"depth": 1}), key, text, "oracle", "oracle",
                        "geomverse", "geomverse/v1/zs/image", latency_s=0.25, extra={"note": [1, 2]})
    return ScoredRow(response, 3.0, False, True)


def test_responses_store_keeps_current_lines_and_drops_torn_ones(tmp_path):
    path = tmp_path / "responses.jsonl"
    a, b_old = _scored("a", "k1"), _scored("b", "old")
    path.write_text("".join(json.dumps(r.to_json()) + "\n" for r in (a, b_old)) + '{"id": "c", "req')
    store = ResponseStore(path)
    assert [n for n, _ in store.bad.lines] == [3] and path.read_text().count("\n") == 2
    assert store.done("a", "k1") == a and not store.done("b", "new") and not store.done("c", "k")
    store.append(_scored("b", "new", "2"))
    store.close({"a": "k1", "b": "new"})
    assert [json.loads(x) for x in path.read_text().splitlines()] == [a.to_json(), _scored("b", "new", "2").to_json()]


def test_responses_store_takes_and_gives_typed_rows_only(tmp_path):
    """No dict row crosses dataset <-> evaluate: what the store gives back is the typed row, equal
    to what went in, and a line that is JSON but not a scored response is a reported bad line."""
    path = tmp_path / "responses.jsonl"
    store = ResponseStore(path)
    row = _scored("a", "k")
    store.append(row)
    store.close()
    with path.open("a") as fh:
        fh.write('{"id": "b", "request_hash": "k"}\n')
    again = ResponseStore(path)
    got = again.done("a", "k")
    assert isinstance(got, ScoredRow) and got == row and got.response.extra == {"note": [1, 2]}
    assert [n for n, _ in again.bad.lines] == [2] and "model" in again.bad.lines[0][1]
    judge = ResponseStore(tmp_path / "judge.jsonl", JudgeReply)
    judge.append(JudgeReply("a", "k", "openai:m", "3"))
    judge.close()
    assert ResponseStore(tmp_path / "judge.jsonl", JudgeReply).done("a", "k") == JudgeReply("a", "k", "openai:m", "3")


def test_scored_rows_round_trip_byte_for_byte(tmp_path):
    """A responses file written by a run reads into typed rows and writes back the same bytes."""
    from geomill.dataset.jsonl import dumps
    from geomill.evaluate.run import RunSettings, evaluate

    data = make_dataset(tmp_path / "data", n=4)
    evaluate(data, tmp_path / "run", RunSettings("oracle", plots=False), progress=False)
    lines = (tmp_path / "run" / "responses.jsonl").read_text().splitlines()
    assert len(lines) == 4
    for line in lines:
        assert dumps(ScoredRow.from_json(json.loads(line)).to_json(), compact=True) == line


# -- a folder of the wrong kind --------------------------------------------------------------------


def _one_line_error(capsys, argv, *words):
    assert main(argv) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and "internal error" not in err, err
    assert all(w in err for w in words), err


def test_every_command_fed_the_wrong_folder_says_so_in_one_line(tmp_path, capsys, geomverse, perception):
    empty = tmp_path / "empty"
    empty.mkdir()
    responses = tmp_path / "r.jsonl"
    responses.write_text('{"id": "x", "response": "1"}\n')
    out = str(tmp_path / "o")
    _one_line_error(capsys, ["lint", str(perception)], "perception folder", "geomill lint reads a GeomVerse folder")
    _one_line_error(capsys, ["lint", str(empty)], "not a folder written by geomill generate")
    _one_line_error(capsys, ["lint", str(responses)], "not a folder")
    _one_line_error(capsys, ["stats", str(empty)], "not a folder written by")
    _one_line_error(capsys, ["grade", str(responses), "--dataset", str(perception), "--out", out],
                    "perception folder", "geomill grade")
    _one_line_error(capsys, ["eval", str(empty), "--backend", "oracle", "--out", out], "not a folder written by")
    _one_line_error(capsys, ["eval", str(responses), "--backend", "oracle", "--out", out], "not a folder")
    _one_line_error(capsys, ["score", str(geomverse), "--out", out], "is a folder, not a JSON Lines file")
    _one_line_error(capsys, ["report", str(empty)], "no scored.jsonl")
    _one_line_error(capsys, ["perceive", "--task", "length", "-n", "2", "--no-images", "--quiet",
                             "--out", str(geomverse)], "other settings")
    with pytest.raises(GeomillError, match="GeomVerse folder .* the perceiver reads a perception folder"):
        from geomill.evaluate.backends.perceiver import score_folder
        score_folder(geomverse)


@pytest.mark.parametrize("field, value, says", [
    ("dsl", None, "the field 'dsl' should be text, not NoneType"),
    ("answer", "abc", "a number item's answer should be a number, not str"),
    ("steps", {"not": "a list"}, "the field 'steps' should be list, not dict"),
    ("depth", True, "the field 'depth' should be whole number, not bool"),
])
def test_a_hostile_record_field_is_one_line_naming_the_record(geomverse, tmp_path, capsys, field, value, says):
    """A hand-edited field of the wrong JSON type stops every reader at the line that holds it, in
    one line naming the file, the line and the record (it used to surface as an internal error)."""
    import shutil

    folder = tmp_path / "ds"
    shutil.copytree(geomverse, folder)
    shard = sorted(folder.rglob("shard-*.jsonl"))[0]
    lines = shard.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[0])
    record[field] = value
    shard.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n", encoding="utf-8")
    responses = tmp_path / "responses.jsonl"
    responses.write_text(json.dumps({"id": record["id"], "response": "The answer is 5"}) + "\n")
    where = f"{shard}:1 ({record['id']}): {says}"
    for argv in (["stats", str(folder)], ["lint", str(folder)],
                 ["grade", str(responses), "--dataset", str(folder), "--out", str(tmp_path / "g")],
                 ["eval", str(folder), "--backend", "oracle", "--out", str(tmp_path / "e"), "--quiet"]):
        _one_line_error(capsys, argv, where)
