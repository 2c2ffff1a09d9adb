"""Embedding in order of length: every vector comes back in the caller's order."""

import hashlib

import numpy as np
import pytest

from operator_assistant.core.embedding import _embed_in_groups, length_groups
from operator_assistant.errors import Cancelled


def fake_vector(text: str) -> np.ndarray:
    """A vector that only this text gives, so a misplaced row is seen."""
    return np.frombuffer(hashlib.sha256(text.encode()).digest(), dtype=np.uint8)[:8].astype(np.float32)


def test_length_groups_cover_every_index_once_longest_first():
    lengths = [5, 1, 9, 9, 3, 7, 2]
    groups = list(length_groups(lengths, 3))
    flat = np.concatenate(groups)
    assert sorted(flat.tolist()) == list(range(len(lengths)))
    assert [lengths[i] for i in flat] == sorted(lengths, reverse=True)
    assert [len(g) for g in groups] == [3, 3, 1]


def test_vectors_come_back_in_the_callers_order():
    rng = np.random.default_rng(7)
    texts = ["word " * int(n) + str(i) for i, n in enumerate(rng.integers(1, 300, size=101))]
    seen_groups: list[list[int]] = []

    def encode(batch: list[str]) -> np.ndarray:
        seen_groups.append([len(t) for t in batch])
        return np.stack([fake_vector(t) for t in batch])

    done: list[int] = []
    out = _embed_in_groups(texts, 8, 16, encode, done.append, None)
    assert np.array_equal(out, np.stack([fake_vector(t) for t in texts]))
    # the encoder saw the texts longest first, and progress counted up to all of them
    flat = [n for group in seen_groups for n in group]
    assert flat == sorted(flat, reverse=True)
    assert done[-1] == len(texts) and done == sorted(done)


def test_cancel_is_checked_between_groups():
    calls = []

    def encode(batch: list[str]) -> np.ndarray:
        calls.append(len(batch))
        return np.zeros((len(batch), 8), dtype=np.float32)

    with pytest.raises(Cancelled):
        _embed_in_groups(["a"] * 50, 8, 10, encode, None, lambda: len(calls) >= 2)
    assert calls == [10, 10]
