"""Hybrid search over the real sample corpus with the real embedder and Chroma."""

from pathlib import Path

import pytest

from operator_assistant.core.documents import load_document
from operator_assistant.errors import UserError


def files(result):
    return [Path(h.document.source).name for h in result.hits]


def test_plant_question_finds_the_setpoint_table(sample_engine):
    result = sample_engine.search("What is the discharge pressure alarm threshold on the B-series boosters?")
    top = result.hits[0]
    assert files(result)[0] == "booster-station-b-om-manual.pdf"
    assert "2.1 Discharge Pressure Alarm Thresholds" in top.chunk.section
    assert top.chunk.pages == (2,)


@pytest.mark.parametrize("query", ["VLV-3042-B", "VLV3042B", "vlv 3042-b", "turns to close vlv3042b"])
def test_identifier_found_however_it_is_written(sample_engine, query):
    result = sample_engine.search(query, k=3)
    assert any("VLV-3042-B" in h.chunk.text for h in result.hits), [h.chunk.text[:80] for h in result.hits]
    assert result.hits[0].lexical_rank is not None


@pytest.mark.parametrize("query, expected", [("P-101A", "P-101A"), ("p101a motor", "P-101A"),
                                             ("cl2alm03", "CL2-ALM-03"), ("lit450 range", "LIT-450")])
def test_other_identifiers(sample_engine, query, expected):
    hits = sample_engine.search(query, k=3).hits
    assert expected in hits[0].chunk.text, [h.chunk.text[:80] for h in hits]


def test_document_and_section_filters(sample_engine):
    only = sample_engine.search("alarm setpoint", k=5, documents=["intake-station-a"])
    assert only.hits and set(files(only)) == {"raw-water-intake-station-a-om-manual.pdf"}
    section = sample_engine.search("pressure", k=5, section="Discharge Pressure Alarm")
    assert section.hits
    assert all(any("discharge pressure alarm" in s.casefold() for s in h.chunk.section) for h in section.hits)
    with pytest.raises(UserError, match="no indexed document matches"):
        sample_engine.search("pressure", documents=["no-such-manual"])


def test_hits_point_at_the_exact_passage(sample_engine):
    # a DOCX procedure and a PDF manual: offsets into the text, and the page for the PDF's
    hits = [h for query in ("lock colors for personal locks", "discharge pressure alarm booster pump B-2")
            for h in sample_engine.search(query, k=5).hits]
    assert len(hits) == 10
    paged = 0
    for hit in hits:
        doc = load_document(Path(hit.document.source))
        assert doc.text[hit.chunk.start:hit.chunk.end] == hit.chunk.text
        if doc.page_count:
            assert doc.page_at(hit.chunk.start) == hit.chunk.pages[0]
            paged += 1
    assert paged, "no hit from a paged document: the page check did not run"


def test_both_indexes_hold_the_same_chunks(sample_engine):
    store = sample_engine.store
    manifest_ids = {cid for cid, *_ in store.manifest.lexical_rows()}
    assert store.vectors(sample_engine.embedder.model_id).ids() == manifest_ids
    assert set(store.lexical().index.ids) == manifest_ids
    health = store.health()
    assert health.consistent and health.chunks == len(manifest_ids) > 100


def test_empty_query_is_refused(sample_engine):
    with pytest.raises(UserError, match="empty"):
        sample_engine.search("   ")
