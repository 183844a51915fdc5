"""Files are written whole or not at all (dataset.files)."""
from __future__ import annotations

import os
import stat

import pytest
from geomill.dataset import files as atomic
from geomill.dataset.files import atomic_open, write_bytes, write_text


def test_writes_whole_file_with_ordinary_mode(tmp_path):
    target = tmp_path / "deep" / "er" / "out.txt"  # missing folders are made
    write_text(target, "hello")
    assert target.read_text() == "hello"
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask
    assert [p.name for p in target.parent.iterdir()] == ["out.txt"]


def test_failure_leaves_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.bin"
    write_bytes(target, b"old")
    with pytest.raises(RuntimeError), atomic_open(target, "wb") as fh:
        fh.write(b"half")
        raise RuntimeError("crash mid-write")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.bin"]


def test_stale_temporary_of_a_killed_writer_is_stepped_over(tmp_path, monkeypatch):
    target = tmp_path / "out.bin"
    monkeypatch.setattr(atomic, "_COUNTER", iter([7, 8]))
    stale = tmp_path / f".out.bin.{os.getpid()}.7.part"
    stale.write_bytes(b"left by a killed process with our pid")
    write_bytes(target, b"new", durable=False)
    assert target.read_bytes() == b"new" and stale.exists()
