"""Solutions for a blind reader: FormalGeo problems' questions and written proofs, without marks.

    python bench/proof_sheet.py 21 108 149 --out sheet.md        # these problem ids
    python bench/proof_sheet.py --levels 1-3:4,4-7:4,8-99:4 --skip sheet.md --out fresh.md
    python bench/proof_sheet.py --generated 10 --seed 7 --skip old.md --out generated.md

Each problem is built as a textbook record (``generate/textbook.py``: imported, solved, answer
checked against FormalGeo's, linted); its text-only question and solution are printed under
``## N. FormalGeo7k problem ID (level L)`` with an empty ``Mark:`` line.  ``--levels`` picks, in the
file's order, the first problems of each level band that build (``--skip``: ids in a sheet already).
``--generated N`` writes N problems of the textbook generator instead (``--skip``: questions in a sheet
already), under ``## N. Generated problem N (depth D)``.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.generate.formalgeo import read_problems  # noqa: E402
from geomill.generate.textbook import Options, build  # noqa: E402

_ROOT = Path(__file__).resolve().parents[1]
DEFAULT = _ROOT.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz"


def entry(item, opts: Options) -> dict | None:
    try:
        return build(item, opts)["record"]
    except Exception:  # noqa: BLE001 - a problem that does not build (Skip or other) is left out
        return None


def section(i: int, rec: dict) -> str:
    fg = rec["formalgeo"]
    return (f"## {i}. FormalGeo7k problem {fg['problem_id']} (level {fg['level']})\n\n"
            f"{rec['question_text_only']}\n\n{rec['solution_text_only']}\n\nMark: \n")


def _generated(args) -> int:
    """The textbook generator's problems, in its order, leaving out questions a ``--skip`` sheet holds."""
    from geomill.generate.textbook import question
    from geomill.generate.textbook_gen import TextbookConfig, problems

    skip = Path(args.skip).read_text() if args.skip else ""
    cfg = TextbookConfig(values="text")
    out = []
    for made in problems(args.seed, 4 * args.generated, cfg):
        sol = made.solution
        q = question(made.problem, figure=False, rounds=not float(sol.exact).is_integer())
        if q in skip:
            continue
        out.append(f"## {len(out) + 1}. Generated problem {len(out) + 1} (depth {sol.depth})\n\n{q}\n\n"
                   f"{sol.text('text')}\n\nMark: \n")
        if len(out) == args.generated:
            break
    text = f"# {len(out)} generated solutions to mark blind (1-5 each, with a reason)\n\n" + "\n".join(out)
    tmp = args.out + ".tmp"
    Path(tmp).write_text(text, encoding="utf-8")
    os.replace(tmp, args.out)
    print(f"{len(out)} solutions -> {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ids", nargs="*", help="FormalGeo problem ids")
    ap.add_argument("--problems", default=str(DEFAULT))
    ap.add_argument("--levels", help="bands lo-hi:count, comma-separated")
    ap.add_argument("--skip", help="a sheet whose problems are left out")
    ap.add_argument("--stride", type=int, default=7, help="with --levels: every K-th problem is tried")
    ap.add_argument("--generated", type=int, default=0, help="N generated problems instead of FormalGeo's")
    ap.add_argument("--seed", default="7", help="with --generated: the generator's seed")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    if args.generated:
        return _generated(args)
    opts = Options(images=False, timeout=20.0)
    items = list(read_problems(Path(args.problems)))
    skip = set(re.findall(r"FormalGeo7k problem (\d+)", Path(args.skip).read_text())) if args.skip else set()
    recs = []
    if args.ids:
        by = {str(p.get("problem_id")): (w, p) for w, p in items if isinstance(p, dict)}
        recs = [r for i in args.ids if i in by and (r := entry(by[i], opts)) is not None]
    if args.levels:
        for band in args.levels.split(","):
            rng, count = band.split(":")
            lo, hi = map(int, rng.split("-"))
            got = 0
            for w, p in items[::args.stride]:
                if got == int(count):
                    break
                if not isinstance(p, dict) or str(p.get("problem_id")) in skip:
                    continue
                if not lo <= int(p.get("problem_level") or 0) <= hi:
                    continue
                r = entry((w, p), opts)
                if r is not None:
                    recs.append(r)
                    skip.add(str(p.get("problem_id")))
                    got += 1
    text = f"# {len(recs)} solutions to mark blind (1-5 each, with a reason)\n\n"
    text += "\n".join(section(i + 1, r) for i, r in enumerate(recs))
    tmp = args.out + ".tmp"
    Path(tmp).write_text(text, encoding="utf-8")
    os.replace(tmp, args.out)
    print(f"{len(recs)} solutions -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
