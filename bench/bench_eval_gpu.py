"""Items per second of model evaluation: vLLM's offline engine against the batched transformers
loop, on the same generated problems and the same randomly initialised model.

    python bench/bench_eval_gpu.py -n 1000                     # on a GPU node: Qwen2-VL-2B's shape
    python bench/bench_eval_gpu.py -n 4 --arch llava --shape tiny --device cpu   # a CPU check

The model is built here with random weights (no download): Qwen2-VL-2B-Instruct's published shape
(28 layers, 1536 wide, a 32-layer 1280-wide vision tower), bf16 on the GPU, with a tokenizer made
from a made-up vocabulary. Answers are noise, but every item decodes ``--max-tokens`` tokens (an
end-of-sequence token is about 1 in 150,000 per step), so both engines do the same work. Needs
``geomill[hf]`` and, for the vLLM side, ``geomill[vllm]`` (which brings torchvision, which
Qwen2-VL's processor needs); the vLLM side is skipped where vLLM is not installed. Goal: vLLM ≥ 5×.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.evaluate.backends import get_backend  # noqa: E402
from geomill.evaluate.run import RunSettings, build_requests  # noqa: E402
from geomill.generate import GenConfig, Part, run  # noqa: E402


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=1000, help="problems (default 1000)")
    p.add_argument("--arch", choices=["qwen2-vl", "llava"], default="qwen2-vl")
    p.add_argument("--shape", choices=["2b", "tiny"], default="2b", help="qwen2-vl: Qwen2-VL-2B's shape or a tiny one")
    p.add_argument("--device", default="cuda", help="where the model is built and the transformers loop runs")
    p.add_argument("--batch-size", type=int, default=32, help="transformers: prompts per generate() call")
    p.add_argument("--max-tokens", type=int, default=64)
    p.add_argument("--depth", type=int, default=2)
    p.add_argument("--image-size", type=int, default=448)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="generation workers")
    p.add_argument("--skip-vllm", action="store_true")
    p.add_argument("--skip-hf", action="store_true")
    p.add_argument("--gpu-memory", type=float, default=0.85, help="vLLM gpu_memory_utilization")
    p.add_argument("--workdir", help="keep the problems and the model here (default: a temporary folder)")
    return p.parse_args(argv)


def build_model(args, folder: Path) -> Path:
    from tests import random_vlm

    if args.arch == "llava":
        return random_vlm.build_llava(folder) if args.shape == "tiny" else random_vlm.build_llava(
            folder, hidden=2048, layers=24, image_size=336, vocab=32000)
    shape = random_vlm.QWEN2_VL_2B if args.shape == "2b" else random_vlm.QWEN2_VL_TINY
    dtype = "bfloat16" if args.device.startswith("cuda") else "float32"
    return random_vlm.build_qwen2_vl(folder, shape, dtype=dtype, device=args.device,
                                     max_pixels=args.image_size * args.image_size)


def timed(backend, requests) -> tuple[float, int]:
    start = time.perf_counter()
    done = sum(1 for r in backend.generate(requests) if r.error is None and r.completion_tokens)
    return time.perf_counter() - start, done


def main(argv=None) -> int:
    args = parse_args(argv)
    root = Path(args.workdir or tempfile.mkdtemp(prefix="geomill-bench-eval-"))
    data = root / "data"
    if not (data / "manifest.json").exists():
        cfg = GenConfig(depth=args.depth, image_size=args.image_size, randomize=True).validate()
        run(data, [Part("test", "test", args.n, cfg)], seed=0, workers=args.workers, progress=False)
    model = root / f"model-{args.arch}-{args.shape}"
    if not (model / "config.json").exists():
        build_model(args, model)
    requests = build_requests(data, RunSettings("bench", max_tokens=args.max_tokens, limit=args.n))
    print(f"{len(requests)} problems, {args.arch} ({args.shape}) random weights, {args.max_tokens} new tokens each")
    rates = {}
    if not args.skip_hf:
        hf = get_backend("transformers", model=str(model), batch_size=args.batch_size,
                         dtype="bfloat16" if args.device.startswith("cuda") else "float32")
        seconds, done = timed(hf, requests)
        hf.close()
        del hf
        gc.collect()
        rates["transformers"] = done / seconds
        print(f"transformers (batch {args.batch_size}): {done} items in {seconds:.1f} s = {done / seconds:.2f} items/s")
        try:
            import torch
            if torch.cuda.is_available():
                torch.cuda.empty_cache()
        except ImportError:
            pass
    if not args.skip_vllm:
        try:
            import vllm  # noqa: F401
        except ImportError:
            print("vllm: not installed here (pip install 'geomill[vllm]' on a GPU node); skipped")
        else:
            engine = {"engine_kwargs": {"gpu_memory_utilization": args.gpu_memory, "max_model_len": 8192}}
            vl = get_backend("vllm", model=str(model), dtype="bfloat16", extra=engine)
            timed(vl, requests[:8])  # engine start and CUDA graphs are not part of the rate
            seconds, done = timed(vl, requests)
            vl.close()
            rates["vllm"] = done / seconds
            print(f"vllm (whole list at once): {done} items in {seconds:.1f} s = {done / seconds:.2f} items/s")
    if len(rates) == 2:
        ratio = rates["vllm"] / rates["transformers"]
        print(f"vllm / transformers = {ratio:.1f}x (goal >= 5x): {'met' if ratio >= 5 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
