"""Each list's best passage (BM25's, the dense search's) stays among the passages an answer is made from when no
cross-encoder ranks them."""

from dataclasses import replace

from operator_assistant.core.index.manifest import ChunkRecord, DocumentInfo
from operator_assistant.core.retrieval.rerank import RankedHit, with_each_lists_best
from operator_assistant.core.retrieval.retriever import SearchHit

DOC = DocumentInfo("d", "/docs/notice.pdf", "Emergency disinfection", "pdf", "h", 1, None, "v", 0.0, "indexed")


def hit(name: str, text: str, score: float, lexical_rank: int | None) -> SearchHit:
    return SearchHit(ChunkRecord(f"d:{name}", "d", 0, 0, len(text), ("Notice",), (), "", text, "h", "e"), DOC, score,
                     None, lexical_rank)


HITS = [hit(f"p{i}", f"Passage {i} on the public notice a water system gives within {i + 1} days, item {i}.",
            0.03 - i / 1000, 10 + i) for i in range(6)]
# first by BM25 (a writer may have removed BM25's very first since it ran), missing from the dense list
BOIL = hit("boil", "Bring water to a rolling boil for one minute. Above 5,000 feet, boil water for three minutes.",
           0.0164, 2)


def ids(ranked: list[RankedHit]) -> list[str]:
    return [r.hit.chunk.chunk_id for r in ranked]


def test_the_first_by_bm25_comes_after_the_first_five_when_the_fusion_left_it_out():
    hits = [*HITS, BOIL]
    ranked = [RankedHit(h, h.score) for h in hits]
    kept = with_each_lists_best(ranked, hits, 5)
    # none of the five gives its place: the fifth may be the section the question names by number
    assert ids(kept) == ["d:p0", "d:p1", "d:p2", "d:p3", "d:p4", "d:boil"]


def test_nothing_moves_when_it_is_already_there_or_bm25_found_nothing():
    hits = [*HITS, BOIL]
    ranked = [RankedHit(h, h.score) for h in hits]
    first = replace(hits[2], lexical_rank=1)
    assert ids(with_each_lists_best(ranked, [*hits[:2], first, *hits[3:]], 5)) == ids(ranked[:5])
    unmatched = [replace(h, lexical_rank=None) for h in hits]
    assert ids(with_each_lists_best([RankedHit(h, h.score) for h in unmatched], unmatched, 5)) == ids(ranked[:5])


def test_a_near_duplicate_of_a_kept_passage_is_not_brought_back():
    twin = hit("twin", HITS[0].chunk.text, 0.001, 1)
    hits = [*HITS, twin]
    ranked = [RankedHit(h, h.score) for h in HITS]  # the twin was dropped as a near duplicate of p0
    assert ids(with_each_lists_best(ranked, hits, 5)) == ids(ranked[:5])


def test_the_first_by_the_dense_search_comes_after_them_too():
    # fd-045: the guideline that says "a maximum of 20 characters" is first by meaning, tenth by words, sixth after fusion
    meaning = replace(hit("meaning", "Passwords are restricted to a maximum of 20 characters.", 0.0245, 10),
                      dense_rank=1)
    hits = [*HITS, BOIL, meaning]
    ranked = [RankedHit(h, h.score) for h in sorted(hits, key=lambda h: -h.score)]
    assert ids(with_each_lists_best(ranked, hits, 5)) == ["d:p0", "d:p1", "d:p2", "d:p3", "d:p4", "d:boil", "d:meaning"]
    # one already among the first five is not added again
    first = replace(HITS[0], dense_rank=1)
    hits = [first, *HITS[1:], BOIL]
    assert ids(with_each_lists_best([RankedHit(h, h.score) for h in hits], hits, 5)) == [
        "d:p0", "d:p1", "d:p2", "d:p3", "d:p4", "d:boil"]
