"""The generator's collector settling (generate.shared.made_one): the heap is frozen at FREEZE_AT records,
then at 10x and 100x as many, never between, and a process with the collector off is left as it is."""
import gc
import weakref

from geomill.generate import shared


def test_frozen_at_the_schedule(monkeypatch):
    frozen = []
    monkeypatch.setattr(shared, "_made", 0)
    monkeypatch.setattr(shared.gc, "collect", lambda *a: 0)
    monkeypatch.setattr(shared.gc, "freeze", lambda: frozen.append(shared._made))
    monkeypatch.setattr(shared.gc, "isenabled", lambda: True)
    for _ in range(100 * shared.FREEZE_AT + 5):
        shared.made_one()
    assert frozen == [shared.FREEZE_AT, 10 * shared.FREEZE_AT, 100 * shared.FREEZE_AT]


def test_collector_off_left_alone(monkeypatch):
    frozen = []
    monkeypatch.setattr(shared, "_made", shared.FREEZE_AT - 1)
    monkeypatch.setattr(shared.gc, "freeze", lambda: frozen.append(1))
    monkeypatch.setattr(shared.gc, "isenabled", lambda: False)
    shared.made_one()
    assert frozen == []


class _Node:
    pass


def test_a_real_freeze_keeps_no_garbage(monkeypatch):
    """The real collector: a cycle dropped before the freeze is collected, never frozen."""
    if not gc.isenabled():
        return
    monkeypatch.setattr(shared, "_made", shared.FREEZE_AT - 1)
    node = _Node()
    node.self = node
    gone = weakref.ref(node)
    del node
    before = gc.get_freeze_count()
    try:
        shared.made_one()
        assert gone() is None
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
