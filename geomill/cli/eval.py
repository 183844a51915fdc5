"""``geomill eval``: put a model (or a baseline) in front of a generated dataset and report."""
from __future__ import annotations

import argparse
import sys

from geomill.engine.errors import GeomillError

from . import flags, messages


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("eval", help="run a vision-language model (or a baseline) on a generated dataset",
                       description="Ask every record's question through a backend, append each scored answer to "
                                   "DIR/responses.jsonl as it arrives (a rerun skips what is done) and write "
                                   "DIR/report.json, report.md, report.csv and plots.")
    p.add_argument("dataset", help="a folder written by geomill generate (or one part's folder)")
    p.add_argument("--backend", required=True,
                   help="openai, transformers, vllm, ray-vllm, replay, oracle, random (or a registered one)")
    p.add_argument("--model", default="", help="model name or path (as the server or the hub knows it)")
    p.add_argument("--revision", help="model revision (recorded and part of the cache key)")
    p.add_argument("--base-url", help="openai: the server's /v1 URL, e.g. http://127.0.0.1:8000/v1")
    p.add_argument("--api-key-env", help="openai: name of the environment variable holding the API key")
    p.add_argument("--prompt", help="template name (default: geomverse for numbers, visonlyqa for choices)")
    p.add_argument("--cot", action="store_true", help="ask for reasoning before the final answer")
    p.add_argument("--few-shot", type=flags.NONNEGATIVE, default=0, metavar="K",
                   help="K chain-of-thought demonstrations (gold solutions) from the train part")
    p.add_argument("--exemplars-from", metavar="PART", help="part(s) to draw demonstrations from (default: train)")
    p.add_argument("--exemplar-images", action="store_true",
                   help="show each demonstration's figure too (models that take several images)")
    p.add_argument("--text-only", action="store_true", help="the record's text-only question, no image")
    p.add_argument("--part", help="part(s) to evaluate, comma-separated (default: the test parts)")
    p.add_argument("--limit", type=flags.COUNT, help="only the first N items")
    p.add_argument("--concurrency", type=flags.COUNT, default=8, help="openai: requests in flight")
    p.add_argument("--batch-size", type=flags.COUNT, default=8, help="transformers: requests per forward batch")
    p.add_argument("--tensor-parallel", type=flags.COUNT, default=1, help="vllm: GPUs per model replica")
    p.add_argument("--data-parallel", type=flags.COUNT, default=1, help="vllm / ray-vllm: model replicas")
    p.add_argument("--dtype", default="auto", choices=["auto", "bfloat16", "float16", "float32"],
                   help="transformers / vllm (auto: bf16 or fp16 on a GPU, fp32 on a CPU)")
    p.add_argument("--max-tokens", type=flags.TOKENS, help="default 1024 with reasoning, 128 without")
    p.add_argument("--temperature", type=flags.TEMPERATURE, default=0.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--constrained", action="store_true",
                   help="choice-constrained decoding for choice and True/False questions (vllm; not with --cot)")
    p.add_argument("--responses", help="replay: a JSONL file with id and response per line")
    p.add_argument("--timeout", type=flags.SECONDS, default=120.0, help="openai: seconds per request")
    p.add_argument("--retries", type=flags.NONNEGATIVE, default=5, help="openai: retries on 429, 5xx and timeouts")
    p.add_argument("--out", required=True, help="output folder (rerun with the same settings to resume)")
    p.add_argument("--no-plots", action="store_true", help="report.json/md/csv only")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    from .score import add_judge_flags

    add_judge_flags(p)
    p.set_defaults(func=cmd_eval)


def cmd_eval(args) -> int:
    from geomill.evaluate.status import Status

    with Status("eval: loading", enabled=not args.quiet):  # (the solver and the dataset code: seconds)
        from geomill.evaluate.prompts import PromptSettings
        from geomill.evaluate.run import RunSettings, evaluate

    for flag, least in (("few_shot", 0), ("retries", 0), ("concurrency", 1), ("batch_size", 1),
                        ("tensor_parallel", 1), ("data_parallel", 1)):
        if getattr(args, flag) < least:
            raise GeomillError(f"--{flag.replace('_', '-')} must be at least {least}")
    if args.limit is not None and args.limit < 1:
        raise GeomillError("--limit must be ≥ 1")
    options = {"model": args.model, "revision": args.revision, "base_url": args.base_url,
               "api_key_env": args.api_key_env, "concurrency": args.concurrency, "batch_size": args.batch_size,
               "tensor_parallel": args.tensor_parallel, "data_parallel": args.data_parallel, "dtype": args.dtype,
               "timeout_s": args.timeout, "max_retries": args.retries, "responses": args.responses}
    prompt = PromptSettings(args.prompt, args.cot, args.few_shot, args.text_only, args.exemplar_images)
    if args.judge:
        from geomill.evaluate.answers.judge import parse_spec

        from .score import judge_options
        parse_spec(args.judge)
    settings = RunSettings(args.backend, options, prompt, args.max_tokens, args.temperature, args.seed,
                           args.constrained, args.part, args.exemplars_from, args.limit, not args.no_plots,
                           args.judge, judge_options(args) if args.judge else {})
    result = evaluate(args.dataset, args.out, settings, progress=not args.quiet)
    rep = result.report
    accuracy = "n/a" if rep["accuracy"] is None else f"{rep['accuracy']:.3f}"  # None: no item was answered
    print(f"{rep['n']} items: accuracy {accuracy}, extraction failed {rep['extraction_failed']} "
          f"({result.answered} answered now, {result.skipped} from earlier runs); report in {args.out}",
          file=sys.stderr)
    if result.failed:
        rid, err = result.failed[-1]
        last = messages.line(f"{rid}: {err}", 300)
        print(f"error: {len(result.failed)} requests failed (last: {last}); rerun the same command to retry them",
              file=sys.stderr)
        return 1
    return 0
