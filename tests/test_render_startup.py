"""``geomill render``'s start-up (issue 38: one textbook figure under 1 s): what a PNG needs, and only that, is
imported, and the shortcuts taken for it draw what the long way drew."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from geomill.render.draw import Renderer

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("size", [64, 98, 109, 512, 777, 1000, 4096])
def test_a_figureless_renderer_s_artists_carry_the_axes_own_transform_and_clip(size):
    """The renderer's artists are given the data transform and clip box (``draw._page``) before any Figure is made;
    the Figure's Axes, made later, gives them the same matrix to the bit (98 and 109: one unit in the last place off
    the identity) and the same clip box, so the Agg calls a PNG replays are the ones the Axes' artists made."""
    r = Renderer(size=size)
    assert r._fig is None  # (no Figure for a PNG)
    before = [(a.get_transform().get_matrix().tobytes(), a.get_clip_box().bounds) for a in r._artists]
    r.fig  # noqa: B018 - the Figure made on demand (SVG output)
    after = [(a.get_transform().get_matrix().tobytes(), a.get_clip_box().bounds) for a in r._artists]
    assert before == after
    assert r.ax.transData.get_matrix().tobytes() == before[0][0]


def test_the_canvas_made_later_shows_what_was_painted():
    """``Renderer.canvas`` made after a paint holds the painted pixels (the perception figures and tests read it)."""
    r = Renderer(size=128)
    buf = np.asarray(r.agg.buffer_rgba())
    buf[5:9, 5:9] = (10, 20, 30, 255)
    painted = buf.copy()
    assert (np.asarray(r.canvas.get_renderer().buffer_rgba()) == painted).all()
    assert r.agg is r.canvas.get_renderer()


def test_a_textbook_png_imports_no_figure_machinery(tmp_path):
    """`geomill render` of a textbook problem to PNG imports neither ``matplotlib.figure`` (with its Axes,
    projections and mplot3d) nor pyplot; an SVG still can."""
    code = ("import sys\nfrom geomill.cli import main\n"
            f"assert main(['render', {str(ROOT / 'examples/textbook/chord_distance.geo')!r}, '-o', sys.argv[1]]) == 0\n"
            "print(sorted(m for m in ('matplotlib.figure', 'matplotlib.pyplot', 'mpl_toolkits.mplot3d', "
            "'matplotlib.axes') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "f.png")], capture_output=True, text=True,
                         check=True, env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin",
                                          "GEOMILL_CACHE": str(tmp_path / "cache")}, cwd=ROOT)
    assert out.stdout.strip() == "[]"
    assert (tmp_path / "f.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = subprocess.run([sys.executable, "-c", code, str(tmp_path / "f.svg")],
                         capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin", "GEOMILL_CACHE": str(tmp_path / "cache")})
    assert "matplotlib.figure" in svg.stdout and (tmp_path / "f.svg").read_text().lstrip().startswith("<?xml")
