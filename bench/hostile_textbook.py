"""Replay of the hostile textbook-surface cases (issue 44): builds every case in a scratch folder,
runs ``python -m geomill`` on each under a wall-clock limit and a 4 GB address-space cap, and prints
one row per case: exit status, seconds (wall and CPU), peak memory (MB), the last stderr line, and
whether it holds (one line, no traceback or internal error, under the time bound, the exit status
and files expected, nothing written outside --out).

    python bench/hostile_textbook.py [--only NAME] [--limit SECONDS] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "data" / "formalgeo_sample.jsonl"
TRIANGLE = "triangle ABC\nAB = 3\nAC = 4\nangle BAC = 90\nfind BC\n"


def names(n: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{i}" for i in range(1, n + 1)]


def similar_chain(n: int) -> str:
    lines = [f"triangle A{i}B{i}C{i}" for i in range(1, n + 1)]
    lines += [f"A{i}B{i}C{i} similar to A{i + 1}B{i + 1}C{i + 1}" for i in range(1, n)]
    lines += ["A1B1 = 3", "B1C1 = 4", "A1C1 = 5", f"A{n}B{n} = 6", f"find B{n}C{n}"]
    return "\n".join(lines) + "\n"


def gzip_stream(path: Path, chunk: bytes, total: int, head: bytes = b"", tail: bytes = b"") -> None:
    """A gzip file that expands to ``head + chunk * (total // len(chunk)) + tail`` (made in pieces)."""
    comp = zlib.compressobj(9, zlib.DEFLATED, 31)
    with open(path, "wb") as fh:
        fh.write(comp.compress(head))
        block = chunk * max(1, (1 << 20) // len(chunk))
        left = total
        while left > 0:
            piece = block[:left]
            fh.write(comp.compress(piece))
            left -= len(piece)
        fh.write(comp.compress(tail))
        fh.write(comp.flush())


def fg(pid, **kw) -> dict:
    """A FormalGeo problem (the sample's first, with fields replaced)."""
    base = json.loads(SAMPLE.read_text().splitlines()[1])
    return {**base, "problem_id": pid, **kw}


def build(d: Path) -> list[tuple[str, list[str], dict]]:
    """(name, argv, checks) for every case; files are made in ``d``."""
    cases: list[tuple[str, list[str], dict]] = []
    o = d / "o"

    def geo(name: str, text: str) -> str:
        (d / name).write_text(text)
        return str(d / name)

    def add(name, argv, **checks):
        cases.append((name, [str(a) for a in argv], checks))

    p300 = geo("p300.geo", "points " + " ".join(names(300)) + "\n" + TRIANGLE)
    add("solve 300 points", ["solve", p300])
    add("render 300 points", ["render", p300, "-o", o / "p300.png"])
    line100 = geo("line100.geo", "line " + " ".join(names(100)) + "\n" + TRIANGLE)
    add("solve line of 100", ["solve", line100])
    line500 = geo("line500.geo", "line " + " ".join(names(500)) + "\n" + TRIANGLE)
    add("solve line of 500", ["solve", line500])
    add("render line of 500", ["render", line500, "-o", o / "l500.png"])
    add("scene --json line of 500", ["scene", line500, "--json"])
    gon = geo("gon300.geo", "polygon " + "".join(names(300)) + "\n" + TRIANGLE)
    add("solve 300-gon", ["solve", gon])
    add("render 300-gon", ["render", gon, "-o", o / "gon.png"])
    cw = geo("cw200.geo", "clockwise " + "".join(names(200)) + "\n" + TRIANGLE)
    add("solve clockwise chain of 200", ["solve", cw])
    for n in (10, 20, 30, 200):
        add(f"solve {n} similar triangles", ["solve", geo(f"sim{n}.geo", similar_chain(n))])
    circles = geo("circles60.geo", "".join(f"circle O{i} through A B\n" for i in range(1, 61)) + "AB = 2\nfind O1A\n")
    add("solve 60 circles through A B", ["solve", circles])
    many = []
    while len(" ".join(many)) < 190_000:
        many.append(f"{chr(65 + len(many) % 26)}{len(many)}")
    big = geo("points190k.geo", "points " + " ".join(many) + "\n" + TRIANGLE)
    add("solve 190 kB points list", ["solve", big])
    trig = geo("trig.geo", "triangle ABC\nAB = 3\nAC = 4\nangle BAC = " + "sin(" * 45 + "1" + ")" * 45
               + "\nfind BC\n")
    add("solve nested trig tower", ["solve", trig])
    trig2 = geo("trig2.geo", "triangle ABC\nAB = " + "cos(" * 40 + "1" + ")" * 40
                + "\nAC = 4\nangle BAC = 90\nfind BC\n")
    add("solve nested cos tower", ["solve", trig2])
    # FIFOs and devices
    os.mkfifo(d / "fifo.geo")
    add("solve a FIFO", ["solve", d / "fifo.geo"])
    os.mkfifo(d / "fifo.jsonl")
    add("import a FIFO", ["import", "formalgeo", d / "fifo.jsonl", "--out", o / "fifo"])
    (d / "fifodir").mkdir()
    os.mkfifo(d / "fifodir" / "x.json")
    (d / "fifodir" / "ok.jsonl").write_text(SAMPLE.read_text())
    add("import a folder holding a FIFO", ["import", "formalgeo", d / "fifodir", "--out", o / "fifodir", "--no-model"])
    add("records a FIFO", ["import", "formalgeo", d / "fifo.jsonl", "--out", o / "fifor", "--records"])
    add("import /dev/zero", ["import", "formalgeo", "/dev/zero", "--out", o / "zero"])
    add("records /dev/zero", ["import", "formalgeo", "/dev/zero", "--out", o / "zeror", "--records"])
    add("solve /dev/zero", ["solve", "/dev/zero"])
    # gzip bombs
    gzip_stream(d / "longline.jsonl.gz", b"a" * 4096, 300 << 20, head=b'{"problem_id": 1, "x": "', tail=b'"}\n')
    add("import gzip one huge line", ["import", "formalgeo", d / "longline.jsonl.gz", "--out", o / "gz1"])
    add("records gzip one huge line", ["import", "formalgeo", d / "longline.jsonl.gz", "--out", o / "gz1r",
                                       "--records"])
    gzip_stream(d / "lines.jsonl.gz", b"\n", 33_000_000)
    add("import gzip 33M lines", ["import", "formalgeo", d / "lines.jsonl.gz", "--out", o / "gz2"])
    gzip_stream(d / "spaces.json.gz", b" ", 300 << 20, head=b"[", tail=b"]")
    add("import gzip spaces .json.gz", ["import", "formalgeo", d / "spaces.json.gz", "--out", o / "gz3"])
    gzip_stream(d / "spaces2.jsonl.gz", b" ", 300 << 20, tail=b"\n")
    add("records gzip spaces", ["import", "formalgeo", d / "spaces2.jsonl.gz", "--out", o / "gz4", "--records"])
    # flags
    for t in ("nan", "inf", "1e300", "-1", "0"):
        add(f"import --timeout {t}", ["import", "formalgeo", SAMPLE, "--out", d / f"o/t{t}", "--timeout", t], rc=2)
    add("import --limit -1", ["import", "formalgeo", SAMPLE, "--out", o / "lim", "--limit", "-1"], rc=2)
    add("import --workers 0", ["import", "formalgeo", SAMPLE, "--out", o / "w0", "--workers", "0"], rc=2)
    tri = geo("tri.geo", "points A B C\ntriangle ABC\nAB = 3\nBC = 4\nCA = 5\nfind angle ABC\n")
    for flag, v in (("--line-width", "0"), ("--line-width", "inf"), ("--opacity", "2"), ("--opacity", "nan"),
                    ("--font-size", "1000"), ("--seed", "-1")):
        add(f"render general {flag} {v}", ["render", tri, "-o", o / "f.png", flag, v],
            rc=2 if flag == "--seed" else 1)
    add("scene general --seed -1", ["scene", tri, "--seed", "-1"], rc=2)
    add("render -o f.png --labels f.png", ["render", tri, "-o", o / "same.png", "--labels", o / "same.png"])
    # values
    add("solve huge angle", ["solve", geo("hugeangle.geo", "triangle ABC\nAB = 3\nAC = 4\nangle BAC = x\n"
                                                     "x = 10^400\nfind BC\n")])
    add("solve huge angle 2", ["solve", geo("hugeangle2.geo", "triangle ABC\nAB = 3\nAC = 4\n"
                                                      "angle BAC + angle ABC = 10^300\nfind BC\n")])
    add("solve degree-10 polynomial", ["solve", geo("poly.geo", "triangle ABC right at A\nAB = x\nAC = 1\n"
                                                            "BC = x^10 + x + 1\nfind x\n")])
    for name, scale in (("e300", "10^300"), ("em300", "10^-300")):
        add(f"solve {name} triangle", ["solve", geo(f"{name}.geo", f"triangle ABC\nAB = 3*{scale}\nBC = 4*{scale}\n"
                                                                    f"CA = 5*{scale}\nfind angle ABC\n")])
    e300 = "*".join(["10^10"] * 30)
    add("solve 1e300 by products", ["solve", geo("p300x.geo", f"points A B C\ntriangle ABC\nAB = 3*{e300}\n"
                                                             f"BC = 4*{e300}\nCA = 5*{e300}\nfind angle BCA\n")])
    em300 = "*".join(["10^-10"] * 30)
    add("render 1e-300 by products", ["render", geo("m300x.geo", f"points A B C\ntriangle ABC\nAB = 3*{em300}\n"
                                                                 f"BC = 4*{em300}\nCA = 5*{em300}\nfind angle BCA\n"),
                                      "-o", o / "m300.png"])
    add("solve a goal that overflows", ["solve", geo("ovf.geo", "points A B C\ntriangle ABC\nAB = 999999999\n"
                                                                "BC = 999999999\nCA = 999999999\nfind (AB^10)^10\n")])
    add("solve a quintic (CRootOf)", ["solve", geo("quintic.geo", "triangle ABC right at A\nAB = 3\nAC = 4\n"
                                                                  "BC = x^5 - x + 1\nfind x\n")], rc=0)
    add("solve 3 similar triangles named with digits", ["solve", geo("sim3.geo", similar_chain(3))], rc=0)
    add("solve division by zero", ["solve", geo("div0.geo", "triangle ABC\nAB = 3\nBC = 3\nCA = 5\n"
                                                            "find CA / (AB - BC)\n")])
    add("solve 45 square roots", ["solve", geo("roots.geo", "triangle ABC right at A\nAB = 1\nAC = 2\n"
                                                            "find " + "sqrt(" * 45 + "BC" + ")" * 45 + "\n")])
    add("solve acos answer", ["solve", geo("acos.geo", "triangle ABC\nAB = 2\nBC = 2\nCA = 3\nfind angle ABC\n")])
    # import outputs
    (d / "geo_esc").mkdir()
    (d / "geo_esc" / "1.geo").write_text("# FormalGeo7k problem /../../../../../escaped_R/pwned (x), level 1\n"
                                         "# answer: 5\npoints A B C\ntriangle ABC right at A\nAB = 3\nAC = 4\n"
                                         "find BC\n")
    add("records a .geo with a traversal id", ["import", "formalgeo", d / "geo_esc", "--out", o / "esc/r", "--records"],
        outside=[o / "escaped_R", d / "escaped_R", Path("/escaped_R")])
    rows = [fg(10 ** 249 + 7), *(json.loads(x) for x in SAMPLE.read_text().splitlines())]
    (d / "longid.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    add("import a 250-digit id", ["import", "formalgeo", d / "longid.jsonl", "--out", o / "longid", "--no-model"],
        rc=0, written=4)
    add("records a 250-digit id", ["import", "formalgeo", d / "longid.jsonl", "--out", o / "longidr", "--records"],
        rc=0)
    dup = [json.loads(x) for x in SAMPLE.read_text().splitlines()][:2]
    dup[1]["problem_id"] = dup[0]["problem_id"]
    (d / "dup.jsonl").write_text("".join(json.dumps(r) + "\n" for r in dup))
    add("import duplicate ids", ["import", "formalgeo", d / "dup.jsonl", "--out", o / "dup", "--no-model"], rc=0)
    inj = [fg(901, problem_answer="80\nAB = 1000\nfind AB"), fg(902, source="x\nAB = 1000"),
           fg(903, problem_level="1\nfind AB"), fg(904, problem_level=float("nan")),
           fg(905, goal_cdl="Value(MeasureOfAngle(ACMB))"),
           fg(906, construction_cdl=["Shape(" + "A" * 10_000 + ",BC,CA)"])]
    (d / "inject.jsonl").write_text("".join(json.dumps(r) + "\n" for r in inj))
    add("import injected fields", ["import", "formalgeo", d / "inject.jsonl", "--out", o / "inj", "--no-model"], rc=0)
    add("records injected fields", ["import", "formalgeo", d / "inject.jsonl", "--out", o / "injr", "--records"],
        rc=0)
    (d / "self").mkdir()
    (d / "self" / "p.jsonl").write_text(SAMPLE.read_text())
    add("import --out equal to the source", ["import", "formalgeo", d / "self", "--out", d / "self", "--no-model"],
        rc=1)
    (o / "stale").mkdir()
    for i in range(150):
        (o / "stale" / f"{i}.geo").write_text("points A B\nfind AB\n")
    add("import into a folder of 150 old problems", ["import", "formalgeo", SAMPLE, "--out", o / "stale", "--no-model"],
        rc=0, files=(o / "stale", "*.geo", 5))
    (o / "other").mkdir()
    (o / "other/notes.txt").write_text("mine")
    add("import into a folder of other files", ["import", "formalgeo", SAMPLE, "--out", o / "other", "--no-model"],
        rc=1)
    return cases


def run(argv: list[str], limit: float) -> tuple[int, float, float, float, str]:
    """(exit status, seconds, CPU seconds, peak MB, stderr) of ``python -m geomill ARGV`` (and its workers)."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        os.setsid()

    start = time.monotonic()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "geomill", *argv], stdout=subprocess.DEVNULL, stderr=err,
                                stdin=subprocess.DEVNULL, preexec_fn=cap, cwd=ROOT)
        deadline = start + limit
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(proc.pid, 0)
                status = -1
                break
            time.sleep(0.05)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    rc = os.waitstatus_to_exitcode(status) if status != -1 else -1
    cpu = usage.ru_utime + usage.ru_stime
    return rc, time.monotonic() - start, cpu, usage.ru_maxrss / 1024, text


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--limit", type=float, default=20)
    ap.add_argument("--keep", default=None)
    a = ap.parse_args()
    d = Path(a.keep or tempfile.mkdtemp(prefix="hostile-textbook-"))
    d.mkdir(parents=True, exist_ok=True)
    (d / "o").mkdir(exist_ok=True)
    bad = 0
    for name, argv, checks in build(d):
        if a.only not in name:
            continue
        rc, secs, cpu, mb, err = run(argv, a.limit)
        lines = [x for x in err.splitlines() if x.strip() and not x.startswith(("import:", "records:"))]
        problems = []
        if rc == -1:
            problems.append("HANG")
        if "Traceback" in err or "internal error" in err:
            problems.append("INTERNAL")
        if len(lines) > 1 and not all(x.startswith(("error:", "warning:", "note:")) for x in lines):
            problems.append(f"{len(lines)} LINES")
        if mb > 1024:
            problems.append("MEMORY")
        if "rc" in checks and rc != checks["rc"]:
            problems.append(f"rc!={checks['rc']}")
        if "files" in checks:
            folder, pattern, want = checks["files"]
            got = len(list(Path(folder).glob(pattern)))
            if got != want:
                problems.append(f"{got} {pattern} != {want}")
        for p in checks.get("outside", []):
            if Path(p).exists():
                problems.append(f"WROTE {p}")
        bad += bool(problems)
        print(f"{'FAIL' if problems else 'ok  '} {name:42} rc={rc:3} {secs:6.1f}s {cpu:5.1f}cpu {mb:7.0f}MB "
              f"{' '.join(problems)} | {(lines[-1] if lines else '')[:150]}", flush=True)
    print(f"{bad} failing; files in {d}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
