"""The PNG writer (``render.png``): every pixel comes back, its fast row copy is the plain one, and
the same pixels give the same bytes in every process, whatever it compressed before."""
from __future__ import annotations

import io
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from geomill.render import png
from geomill.render.png import encode_png
from PIL import Image


def _read(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)))


def test_every_pixel_comes_back():
    """Random pixels on square and odd canvases, one size after another (the row buffers are kept
    per size), a view into a larger image, a white page with any alpha, and the gray form."""
    rng = np.random.default_rng(5)
    for h, w in ((512, 512), (37, 81), (1, 1), (512, 512), (37, 81)):
        rgba = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
        back = _read(encode_png(rgba))
        assert back.shape == (h, w, 3) and (back == rgba[:, :, :3]).all()
        assert (_read(encode_png(rgba, gray=True)) == rgba[:, :, 0]).all()
    big = rng.integers(0, 256, (90, 90, 4), dtype=np.uint8)
    view = big[3:40, 5:86]
    assert (_read(encode_png(view)) == view[:, :, :3]).all()
    white = np.full((20, 30, 4), 255, dtype=np.uint8)
    white[:, :, 3] = rng.integers(0, 256, (20, 30))
    assert (_read(encode_png(white)) == 255).all()


@pytest.mark.parametrize("shape", [(1, 1), (3, 7), (64, 5), (512, 512)])
def test_word_copy_is_the_channel_copy(shape):
    """``_rgb_rows`` (words to 3-byte strides) writes exactly the scanlines of the channel copies:
    every filter byte 0, the last pixel of each row whole, extreme alphas included."""
    assert png._WORDS_COPY_IN_ORDER  # (else the fast path is not taken here and this tests nothing)
    rng = np.random.default_rng(sum(shape))
    for alpha in (0, 255, None):
        src = rng.integers(0, 256, (*shape, 4), dtype=np.uint8)
        if alpha is not None:
            src[:, :, 3] = alpha
        fast = png._rgb_rows(src).copy()
        assert fast.shape == (shape[0], 1 + 3 * shape[1])
        assert (fast == png._rgb_rows_by_channel(src)).all()
        assert not fast[:, 0].any()


_COMPRESS_IN_ORDER = textwrap.dedent("""
    import hashlib, os, random, sys
    import numpy as np
    from zlib_ng import zlib_ng
    from geomill.render.png import encode_png
    order = random.Random(int(sys.argv[1]))
    rng = np.random.default_rng(3)
    images = []
    for k in range(60):  # flat fills with antialiased-looking edges and noise, as figures have
        img = np.full((256, 512, 4), 255, dtype=np.uint8)
        img[10 + k % 30: 200, 20: 400 - k % 40, :3] = rng.integers(0, 256, 3, dtype=np.uint8)
        img[rng.integers(0, 256, 200), rng.integers(0, 512, 200), :3] = rng.integers(0, 256, (200, 3), dtype=np.uint8)
        images.append(img)
    ks = list(range(len(images))) * 2
    order.shuffle(ks)
    junk = []
    out = {}
    for k in ks:
        if order.random() < 0.3:  # other streams, other heap states in between
            junk.append(os.urandom(order.randint(100, 200000)))
            zlib_ng.compress(junk[-1], order.choice([1, 6, 9]))
        data = encode_png(images[k])
        assert out.setdefault(k, data) == data
    print(hashlib.sha1(b"".join(out[k] for k in sorted(out))).hexdigest())
""")


def test_same_pixels_same_bytes_in_every_process():
    """Figures are byte-identical whatever the workers: three fresh processes encode the same images
    in other orders, among other compressions (ISA-L failed this about one image in some hundreds)."""
    digests = {subprocess.run([sys.executable, "-c", _COMPRESS_IN_ORDER, str(seed)], capture_output=True,
                              text=True, check=True).stdout.strip() for seed in (1, 2, 3)}
    assert len(digests) == 1 and len(digests.pop()) == 40
