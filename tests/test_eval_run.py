"""geomill eval end to end without a model: baselines, replay, an OpenAI-compatible server on
127.0.0.1 (images as PNG data URLs, retries, API key), kill-and-resume, prompts and cache keys."""
from __future__ import annotations

import base64
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from geomill.dataset.items import make_item
from geomill.evaluate.backends.baselines import answer_text
from geomill.evaluate.prompts import PromptSettings
from geomill.evaluate.run import RunSettings, build_requests, evaluate, plan
from geomill.evaluate.types import Image, Sampling
from geomill.generate import read_records
from PIL import Image as PILImage

from geomill.cli import main

from .evaldata import make_dataset

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    return make_dataset(tmp_path_factory.mktemp("evalset"), n=6, train=3)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _report(out: Path) -> dict:
    return json.loads((out / "report.json").read_text())


# -- baselines and replay ------------------------------------------------------------------------


def test_oracle_scores_one_through_eval_score_and_report(dataset, tmp_path, capsys):
    out = tmp_path / "oracle"
    assert main(["eval", str(dataset), "--backend", "oracle", "--out", str(out), "--quiet"]) == 0
    report = _report(out)
    assert report["n"] == 6 and report["accuracy"] == 1.0 and report["extraction_failed"] == 0
    assert sum(g["n"] for g in report["by"]["depth"].values()) == 6
    assert set(report["by"]) >= {"depth", "width", "answer_type", "annotation", "values", "shapes", "task"}
    rows = _lines(out / "responses.jsonl")
    assert [r["id"] for r in rows] == [f"test-{i:07d}" for i in range(6)]
    for row in rows:
        assert {"model", "backend", "template_version", "request_hash", "response", "extracted", "correct",
                "latency_s", "prompt_tokens", "completion_tokens", "depth", "annotation"} <= set(row)
    assert all((out / name).is_file() for name in ("report.md", "report.csv"))
    for field, groups in report["by"].items():  # a plot for each field that takes two values or more
        assert (out / f"accuracy_by_{field}.png").is_file() is (len(groups) >= 2), field
    # geomill score reads the same file back to the same accuracy
    assert main(["score", str(out / "responses.jsonl"), "--by", "depth", "--out", str(tmp_path / "s"),
                 "--no-plots"]) == 0
    assert _report(tmp_path / "s")["accuracy"] == 1.0


def test_random_baseline_is_seeded_and_mostly_wrong(dataset, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        assert main(["eval", str(dataset), "--backend", "random", "--out", str(out), "--quiet", "--no-plots"]) == 0
    responses = [[r["response"] for r in _lines(out / "responses.jsonl")] for out in (a, b)]
    assert responses[0] == responses[1]
    assert _report(a)["accuracy"] < 0.5


def test_replay_scores_responses_made_elsewhere(dataset, tmp_path):
    records = list(read_records(dataset, "test"))
    replay = tmp_path / "replay.jsonl"
    replay.write_text("".join(json.dumps({"id": r["id"], "response": answer_text(make_item(r)) if i % 2 else "no idea"})
                              + "\n" for i, r in enumerate(records)))
    out = tmp_path / "out"
    assert main(["eval", str(dataset), "--backend", "replay", "--responses", str(replay), "--model", "m",
                 "--out", str(out), "--quiet", "--no-plots"]) == 0
    report = _report(out)
    assert report["accuracy"] == 0.5 and report["extraction_failed"] == 3 and report["judged"] == 0


def test_judge_reads_what_the_rules_refuse_in_eval(dataset, tmp_path, capsys):
    """--judge: only the refused responses go to the judge; its replies are cached next to the responses,
    counted apart, and kept by geomill report on the folder."""
    from geomill.evaluate.backends import register_backend
    from geomill.evaluate.types import Response

    asked = []

    class Gold:  # a judge that knows the answers: "reads" the gold answer out of any response
        def __init__(self, options):
            self.items = {r["id"]: make_item(r) for r in read_records(dataset, "test")}

        def generate(self, requests):
            for r in requests:
                asked.append(r.id)
                yield Response(r.id, answer_text(self.items[r.id]))

        def close(self):
            pass

    register_backend("gold-judge", Gold)
    records = list(read_records(dataset, "test"))
    replay = tmp_path / "replay.jsonl"
    replay.write_text("".join(json.dumps({"id": r["id"], "response": answer_text(make_item(r)) if i % 2 else "no idea"})
                              + "\n" for i, r in enumerate(records)))
    out = tmp_path / "out"
    args = ["eval", str(dataset), "--backend", "replay", "--responses", str(replay), "--model", "m", "--out", str(out),
            "--quiet", "--no-plots", "--judge", "gold-judge:any"]
    assert main(args) == 0
    report = _report(out)
    assert len(asked) == 3 and report["judged"] == 3 and report["accuracy"] == 1.0
    assert (out / "judge.jsonl").is_file()
    asked.clear()
    assert main(args) == 0 and asked == []
    capsys.readouterr()
    assert main(["report", str(out)]) == 0
    assert "judged" in capsys.readouterr().out


def test_missing_extra_is_one_line_naming_it(dataset, tmp_path, capsys):
    pytest.importorskip("pytest")  # always here; the check below needs vllm to be absent
    try:
        import vllm  # noqa: F401
        pytest.skip("vllm is installed here")
    except ImportError:
        pass
    assert main(["eval", str(dataset), "--backend", "vllm", "--model", "m", "--out", str(tmp_path / "v")]) == 1
    err = capsys.readouterr().err.strip().splitlines()  # (after the status lines of the preparation)
    errors = [line for line in err if line.startswith("error")]
    assert len(errors) == 1 and "pip install 'geomill[vllm]'" in errors[0] and errors[0] == err[-1]
    assert not any("Traceback" in line for line in err)


def test_unknown_backend_and_bad_dataset_are_user_errors(dataset, tmp_path, capsys):
    assert main(["eval", str(dataset), "--backend", "nope", "--out", str(tmp_path / "x")]) == 1
    assert main(["eval", str(tmp_path), "--backend", "oracle", "--out", str(tmp_path / "y")]) == 1
    err = capsys.readouterr().err
    assert "unknown backend 'nope'" in err and "not a folder written by geomill generate" in err


# -- prompts and cache keys ------------------------------------------------------------------------


def _requests(dataset: Path, prompt: PromptSettings):
    settings = RunSettings("oracle", {}, prompt)
    return plan(dataset, settings)[0], build_requests(dataset, settings)


def test_few_shot_demonstrations_are_gold_solutions_from_train(dataset):
    works, requests = _requests(dataset, PromptSettings(few_shot=2))
    train = {r["question_text_only"]: r for r in read_records(dataset, "train")}
    for work, req in zip(works, requests):
        assert [m.role for m in req.messages] == ["user", "assistant", "user", "assistant", "user"]
        for user, assistant in zip(req.messages[0:4:2], req.messages[1:4:2]):
            shown = [p for p in user.content if isinstance(p, str)][0]
            record = next(r for q, r in train.items() if shown.startswith(q))
            assert assistant.content == (record["solution_text_only"],)
            assert not any(isinstance(p, Image) for p in user.content)  # demonstrations without figures
        last = req.messages[-1].content
        assert isinstance(last[0], Image) and last[1].startswith(work.record["question"])
        assert "step by step" in last[1]
    assert requests[0].messages[:4] == requests[1].messages[:4]  # the same k demonstrations for every item


def test_few_shot_through_the_command_stores_its_template_version(dataset, tmp_path):
    out = tmp_path / "fs"
    assert main(["eval", str(dataset), "--backend", "oracle", "--few-shot", "2", "--out", str(out), "--quiet",
                 "--no-plots"]) == 0
    rows = _lines(out / "responses.jsonl")
    assert {r["template_version"] for r in rows} == {"geomverse/v1/cot-fs2/image"} and all(r["cot"] for r in rows)


def test_text_only_sends_no_image_and_the_text_question(dataset):
    works, requests = _requests(dataset, PromptSettings(text_only=True))
    for work, req in zip(works, requests):
        (message,) = req.messages
        (text,) = message.content
        assert text.startswith(work.record["question_text_only"])


def test_visonlyqa_wording_and_options_listed():
    from geomill.evaluate.prompts import build_request, load
    record = {"id": "p1", "question": "Is AB longer than CD?", "answer": "b", "response_type": "choice",
              "options": {"a": "yes", "b": "no"}}
    item = make_item(record)
    for cot, tail in ((False, " Your response should only include the final answer (a, b). Do not include any "
                                "reasoning or explanation in your response."),
                      (True, " In your response, provide a short explanation or reasoning for your answer. Then, "
                             "provide the final answer (a, b).")):
        req = build_request("p1", load("visonlyqa"), PromptSettings(cot=cot), record, item, Image(b"png"), Sampling())
        assert req.messages[0].content == (Image(b"png"), "Is AB longer than CD?\n(a) yes\n(b) no" + tail)


def test_cache_key_covers_image_bytes_template_and_sampling(dataset, tmp_path):
    from geomill.evaluate.backends import BackendOptions
    from geomill.evaluate.run import cache_key
    works, requests = _requests(dataset, PromptSettings())
    settings, opts = RunSettings("oracle"), BackendOptions(model="m")
    req = requests[0]

    def key(s=settings, o=opts, version="t/v1", messages=req.messages, sampling=req.sampling):
        return cache_key(s, o, version, req.id, messages, sampling)

    base = key()
    msg = req.messages[0]
    assert key(messages=(type(msg)(msg.role, (Image(b"x"), msg.content[1])),)) != base
    assert key(messages=(type(msg)(msg.role, (msg.content[0], msg.content[1] + " ")),)) != base
    assert key(version="t/v2") != base
    assert key(o=BackendOptions(model="m", revision="r2")) != base
    assert key(o=BackendOptions(model="m", concurrency=64)) == base
    import dataclasses
    assert key(sampling=dataclasses.replace(req.sampling, temperature=0.7)) != base


@pytest.mark.parametrize("prompt", [PromptSettings(), PromptSettings(text_only=True),
                                    PromptSettings(few_shot=2, exemplar_images=True)])
def test_cache_keys_are_those_of_the_built_requests(dataset, tmp_path, prompt):
    """Keyed from its inputs, an item keeps the key its built request had (the stored one), so
    responses files written before resume: the reference hashes the request the way it always was."""
    import hashlib
    from dataclasses import asdict
    works, requests = _requests(dataset, prompt)
    out = tmp_path / "o"
    evaluate(dataset, out, RunSettings("oracle", {}, prompt, plots=False), progress=False)
    stored = {r["id"]: r["request_hash"] for r in _lines(out / "responses.jsonl")}
    for work, req in zip(works, requests):
        parts = [{"role": m.role, "content": [{"png": hashlib.sha256(p.png).hexdigest()} if isinstance(p, Image)
                                              else p for p in m.content]} for m in req.messages]
        blob = {"backend": "oracle", "settings": RunSettings("oracle").backend_options().identity(),
                "template": prompt.version(work.template), "id": req.id, "messages": parts,
                "sampling": asdict(req.sampling)}
        assert stored[req.id] == hashlib.sha256(json.dumps(blob, sort_keys=True).encode()).hexdigest()[:32]
    assert len(stored) == len(requests)


def test_rerun_skips_done_items_and_other_settings_are_refused(dataset, tmp_path, capsys):
    out = tmp_path / "o"
    args = ["eval", str(dataset), "--backend", "oracle", "--out", str(out), "--quiet", "--no-plots"]
    assert main(args + ["--limit", "4"]) == 0
    first = (out / "responses.jsonl").read_text()
    assert main(args) == 0
    lines = _lines(out / "responses.jsonl")
    assert (out / "responses.jsonl").read_text().startswith(first) and len(lines) == 6
    assert "2 answered now, 4 from earlier runs" in capsys.readouterr().err
    assert main(args + ["--cot"]) == 1
    assert "other settings" in capsys.readouterr().err


def test_torn_last_line_and_stale_keys_are_dropped(dataset, tmp_path):
    out = tmp_path / "o"
    settings = RunSettings("oracle", plots=False)
    evaluate(dataset, out, settings, progress=False)
    path = out / "responses.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    stale = json.loads(lines[1])
    stale["request_hash"] = "0" * 32  # as if its image had changed since
    path.write_text(lines[0] + json.dumps(stale) + "\n" + lines[0] + "".join(lines[2:]) + lines[3][:25])
    result = evaluate(dataset, out, settings, progress=False)
    assert result.answered == 1 and result.skipped == 5
    rows = _lines(path)
    assert sorted(r["id"] for r in rows) == [f"test-{i:07d}" for i in range(6)]
    assert all(r["correct"] for r in rows)


# -- an OpenAI-compatible server on 127.0.0.1 -----------------------------------------------------------------


class FakeServer:
    """Answers each question with its gold answer; can fail the first tries, or stall after N answers."""

    def __init__(self, dataset: Path, fail_first: int = 0, fail_status: int = 500, stall_after: int | None = None,
                 key: str | None = None):
        self.records = [r for part in ("test", "train") for r in read_records(dataset, part)]
        self.fail_first, self.fail_status, self.stall_after, self.key = fail_first, fail_status, stall_after, key
        self.lock = threading.Lock()
        self.tries: dict[str, int] = {}
        self.answered: list[str] = []
        self.admitted = 0
        self.images_ok = 0
        self.in_flight = self.max_in_flight = 0
        self.release = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                status, reply = server.handle(body, self.headers.get("Authorization"))
                data = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if status == 429:
                    self.send_header("Retry-After", "0")
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def handle(self, body: dict, auth: str | None) -> tuple[int, dict]:
        if self.key and auth != f"Bearer {self.key}":
            return 401, {"error": "bad key"}
        content = body["messages"][-1]["content"]
        parts = content if isinstance(content, list) else [{"type": "text", "text": content}]
        text = "".join(p["text"] for p in parts if p["type"] == "text")
        for part in parts:
            if part["type"] == "image_url":
                url = part["image_url"]["url"]
                assert url.startswith("data:image/png;base64,")
                with PILImage.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))) as im:
                    im.load()
                    assert im.format == "PNG" and im.size[0] > 0
                with self.lock:
                    self.images_ok += 1
        record = max((r for r in self.records if text.startswith((r["question"], r["question_text_only"]))),
                     key=lambda r: len(r["question"]))
        with self.lock:
            self.tries[record["id"]] = self.tries.get(record["id"], 0) + 1
            if self.tries[record["id"]] <= self.fail_first:
                return self.fail_status, {"error": "injected"}
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            stall = self.stall_after is not None and self.admitted >= self.stall_after
            self.admitted += 1
        if stall:
            self.release.wait(60)
        time.sleep(0.02)
        with self.lock:
            self.in_flight -= 1
            self.answered.append(record["id"])
        answer = answer_text(make_item(record))
        return 200, {"choices": [{"message": {"role": "assistant", "content": f"Working... {answer}"}}],
                     "usage": {"prompt_tokens": len(text.split()), "completion_tokens": 5}}

    def close(self):
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def test_openai_backend_against_a_local_server(dataset, tmp_path, monkeypatch):
    server = FakeServer(dataset, fail_first=1, key="sk-test-secret")
    monkeypatch.setenv("GEOMILL_TEST_KEY", "sk-test-secret")
    try:
        settings = RunSettings("openai", {"model": "fake", "base_url": server.url, "api_key_env": "GEOMILL_TEST_KEY",
                                          "concurrency": 3, "backoff_s": 0.01}, plots=False)
        result = evaluate(dataset, tmp_path / "o", settings, progress=False)
    finally:
        server.close()
    assert result.failed == [] and result.report["accuracy"] == 1.0 and result.report["n"] == 6
    assert all(n == 2 for n in server.tries.values()) and server.images_ok == 12  # one injected 500 each
    assert 1 < server.max_in_flight <= 3
    rows = _lines(tmp_path / "o" / "responses.jsonl")
    assert all(r["prompt_tokens"] > 0 and r["completion_tokens"] == 5 and r["latency_s"] > 0 for r in rows)
    for path in (tmp_path / "o").iterdir():
        assert b"sk-test-secret" not in path.read_bytes()


def test_openai_gives_up_after_retries_and_a_rerun_finishes(dataset, tmp_path, capsys):
    server = FakeServer(dataset, fail_first=3, fail_status=429)
    try:
        settings = RunSettings("openai", {"model": "fake", "base_url": server.url, "max_retries": 1,
                                          "backoff_s": 0.01}, plots=False, limit=2)
        failed = evaluate(dataset, tmp_path / "o", settings, progress=False)
        assert len(failed.failed) == 2 and "HTTP 429" in failed.failed[0][1] and failed.report["n"] == 0
        settings = RunSettings("openai", {"model": "fake", "base_url": server.url, "max_retries": 3,
                                          "backoff_s": 0.01}, plots=False, limit=2)
        done = evaluate(dataset, tmp_path / "o2", settings, progress=False)
    finally:
        server.close()
    assert done.failed == [] and done.report["accuracy"] == 1.0


def test_killed_run_resumes_with_each_item_exactly_once(dataset, tmp_path):
    server = FakeServer(dataset, stall_after=3)
    out = tmp_path / "o"
    cmd = [sys.executable, "-m", "geomill", "eval", str(dataset), "--backend", "openai", "--model", "fake",
           "--base-url", server.url, "--concurrency", "2", "--out", str(out), "--quiet", "--no-plots"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "MPLBACKEND": "Agg"})
    try:
        path = out / "responses.jsonl"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not path.exists() or path.read_text().count("\n") < 3):
            time.sleep(0.1)
        assert path.read_text().count("\n") == 3, proc.stderr.read() if proc.poll() is not None else "timed out"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        done_before = [r["id"] for r in _lines(path)]
        with open(path, "a") as fh:
            fh.write('{"id": "test-0000005", "resp')  # as if killed in the middle of a line
        server.stall_after = None
        server.release.set()
        asked_before = len(server.tries)
        result = evaluate(dataset, out, RunSettings("openai", {"model": "fake", "base_url": server.url}, plots=False),
                          progress=False)
    finally:
        proc.kill()
        proc.stderr.close()
        server.close()
    rows = _lines(path)
    assert sorted(r["id"] for r in rows) == [f"test-{i:07d}" for i in range(6)]
    assert [r["id"] for r in rows][:3] == done_before
    assert result.skipped == 3 and result.answered == 3 and result.report["accuracy"] == 1.0
    assert asked_before <= 5  # 3 answered + at most 2 in flight when killed


def test_replay_goes_on_past_bad_lines(dataset, tmp_path, capsys):
    """A replay file's bad line (not JSON, no id, a response that is not text) is named and counted;
    every other item is still scored."""
    records = list(read_records(dataset, "test"))
    replay = tmp_path / "replay.jsonl"
    rows = [json.dumps({"id": r["id"], "response": answer_text(make_item(r))}) for r in records[2:]]
    rows += ["{not json", json.dumps({"response": "5"}), json.dumps({"id": records[1]["id"], "response": [5]})]
    replay.write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    assert main(["eval", str(dataset), "--backend", "replay", "--responses", str(replay), "--model", "m",
                 "--out", str(out), "--quiet", "--no-plots"]) == 1  # the run goes on; its status says some failed
    err = capsys.readouterr().err
    assert f"{replay}: skipped 2 bad line(s)" in err and "(not JSON" in err and "(no id)" in err
    assert f"{replay}:{len(rows)}: the line's response is not text" in err
    report = _report(out)
    assert report["n"] == len(records) - 2 and report["accuracy"] == 1.0
    assert report["run"]["failed"] == 2  # the item whose response was not text, and the one with no line
