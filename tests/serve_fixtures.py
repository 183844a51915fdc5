"""What the ``geomill serve`` tests and ``bench/bench_serve.py`` share: a synthetic dataset folder of
any size written straight as records (no generator run), and a server on a free port."""
from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from geomill.dataset.folder import record_line, write_manifest
from geomill.dataset.records import Manifest, Record

FAMILIES = ("square", "triangle", "semicircle", "parallelogram", "sector")
TASKS = ("geomverse", "count", "claims")


def synthetic_record(part: str, i: int) -> dict:
    """A record of the generator's schema whose facets follow from ``i`` (depth 1-3, two theorem
    families, a task), its figure one PNG the whole part shares."""
    depth = 1 + i % 3
    rules = [f"{FAMILIES[i % 5]}: rule {i % 7}", f"{FAMILIES[(i // 5) % 5]}: rule {i % 4}"]
    return {"schema": "geomill.generate/1", "id": f"{part}-{i:07d}", "part": part, "index": i,
            "answer": round(1.5 + i % 97, 2), "answer_type": "side", "question": f"Question {i}: compute AB.",
            "question_text_only": f"Question {i} in words: compute AB.", "solution": f"AB = {1.5 + i % 97:g}.",
            "solution_latex": f"$AB = {1.5 + i % 97:g}$.", "depth": depth, "width": 1, "rules": rules,
            "task": TASKS[i % 3], "knobs": {"depth": depth, "values": "image"}, "image": "images/figure.png",
            "labels": None, "dsl": "square ABCD\nAB = 3\nfind BC\n"}


def synthetic_folder(out: Path, n: int, shard_size: int = 100, part: str = "test") -> Path:
    """A dataset folder of ``n`` records in one part, in geomill's layout (manifest, shards, images)."""
    folder = out / part
    (folder / "images").mkdir(parents=True, exist_ok=True)
    from geomill.render.plain import render_png
    from geomill.render.scene_io import scene_from_dict

    scene = scene_from_dict({"points": {"A": [0, 0], "B": [4, 0], "C": [4, 3]}, "lines": [["A", "B"], ["B", "C"],
                                                                                         ["C", "A"]]})
    (folder / "images" / "figure.png").write_bytes(render_png(scene, 128))
    for s in range(0, n, shard_size):
        lines = [record_line(Record.from_json(synthetic_record(part, i))) for i in range(s, min(n, s + shard_size))]
        (folder / f"shard-{s // shard_size:05d}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    write_manifest(out, Manifest.from_json({"schema": "geomill.generate/1", "generator": "synthetic", "seed": 0,
                                            "shard_size": shard_size, "parts": [{"name": part, "split": "test", "n": n,
                                                                                 "config": {}}],
                                            "results": {part: {"records": n}}}, out))
    return out


def write_run(folder: Path, ids: list[str], wrong: str) -> Path:
    """An evaluation run: responses for ``ids`` and a graded row for ``wrong`` whose first step is wrong."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "responses.jsonl").write_text("".join(json.dumps({"id": i, "response": f"AB is 7.25 so {i}"}) + "\n"
                                                    for i in ids), encoding="utf-8")
    graded = {"id": wrong, "final_answer": 7.25, "final_correct": False, "first_wrong_step": 1,
              "failure": "calculation", "reason": "the arithmetic does not give the stated value",
              "steps": [{"step": 1, "quantity": "AB", "expected": 3.0, "exact": 3.0, "stated": 7.25,
                         "correct": False}]}
    (folder / "graded.jsonl").write_text(json.dumps(graded) + "\n", encoding="utf-8")
    return folder


@contextmanager
def running_server(data: Path | None, workers: int = 1, timeout: float | None = None) -> Iterator[str]:
    """A geomill serve on a free port of 127.0.0.1 (cold workers: the tests' first problem warms one)."""
    from geomill.serve.app import make_server

    server = make_server("127.0.0.1", 0, data, workers=workers, warm=False, timeout=timeout)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        server.app.pool.close()
