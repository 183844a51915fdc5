"""The generator's cheap screen (goals._Closure.rough, make.choose): a goal's rough proof, built on the
deduction table's first explanations, proves the same value as its lightest proof; a goal the screen
passes over is one whose rough proof is too shallow or cites too little; and a proof's written text,
kept per style, is the text writing it again gives."""
from __future__ import annotations

from dataclasses import replace

import sympy
from geomill.generate.textbook_gen import TextbookConfig, make
from geomill.generate.textbook_gen.construct import Retry
from geomill.generate.textbook_gen.goals import candidates, closure, model_of
from geomill.solvers.plane.write import write


def _construction(cfg: TextbookConfig):
    for k in range(20):
        rng = make.rng_for(7, "screen", str(k))
        try:
            fig = make.sample(rng, None, 7, 2)
        except Retry:
            continue
        full = fig.problem()
        ded = closure(full, model_of(full, fig), fig)
        cands = candidates(fig, ded, rng)
        if len(cands) >= 6:
            return fig, ded, cands, rng
    raise AssertionError("no construction with six candidate goals")


def test_rough_proofs_prove_the_lightest_proofs_values_and_the_screen_drops_only_what_it_says() -> None:
    cfg = TextbookConfig(images=False, depth="2-8").validate()
    fig, ded, cands, rng = _construction(cfg)
    chosen = {id(c) for c in make.choose(list(cands), cfg, rng, fig)}
    compared = 0
    for c in cands:
        rough = c.rough
        if rough is not None and c.proof is not None:
            assert sympy.simplify(rough.value - c.proof.value) == 0 and rough.goal == c.proof.goal
            compared += 1
        if id(c) not in chosen and rough is not None and rough.depth >= 2 \
                and not make.too_little(*make.traced(fig, rough, c.expr)[:2], fig):
            assert c.proof is None or not make.fits(c.proof, c.theorems, cfg)  # (dropped by the knobs, not the screen)
    assert compared >= 3 and chosen


def test_a_written_proof_is_kept_per_style_and_is_what_writing_it_again_gives() -> None:
    cfg = TextbookConfig(images=False).validate()
    _, _, cands, _ = _construction(cfg)
    proof = next(c.proof for c in cands if c.proof is not None and len(c.proof.steps) >= 2)
    for style in ("text", "latex"):
        assert proof.written(style) is proof.written(style)
        assert proof.written(style).lines == write(proof, style, proof.arcs).lines
    assert proof.render("text") != proof.render("latex")


def test_a_goal_whose_rough_proof_needs_a_planned_questions_data_is_passed_over_before_its_proof() -> None:
    """(the planning's costliest part is a goal's lightest proof: one whose rough proof needs the very construction
    steps and givens of a question already planned would repeat that question's givens, and is never proved.)"""
    cfg = TextbookConfig(images=False, depth="2-8").validate()
    fig, ded, cands, rng = _construction(cfg)
    asked: set = set()
    planned = list(make.plans(fig, make.choose(list(cands), cfg, rng, fig, asked), cfg, rng, asked=asked))
    assert planned and asked == {p.key() for p in planned}
    again = [c for c in cands if c.rough is not None and make.data(*make.traced(fig, c.rough, c.expr)[:2]) in asked]
    fresh = [c for c in again if c.ded is not None and c.rough.depth >= 2]  # (passed over by the data alone)
    assert fresh
    unscreened = [replace(c) for c in fresh]
    list(make.choose(unscreened, cfg, rng, fig))
    assert any(c.ded is None for c in unscreened)  # (without the data asked: proved)
    assert not list(make.choose(fresh, cfg, rng, fig, set(asked))) and all(c.ded is not None for c in fresh)
