"""Reading a document's number, revision and effective date, and which revision is in force."""

import sqlite3
from datetime import date, datetime
from pathlib import Path

import pytest

from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.identity import (
    Identity,
    parse_date,
    read_identity,
    read_name_identity,
    read_property_identity,
    read_text_identity,
)
from operator_assistant.core.index.manifest import INDEXED, DocumentInfo, IdentityRecord, Manifest
from operator_assistant.core.revisions import CURRENT, SUPERSEDED, UPCOMING, named_revisions, resolve, search_scope
from tests.conftest import SAMPLE_DOCS, make_docx


@pytest.mark.parametrize("name, expected", [
    ("SOP-114 Rev C.pdf", ("SOP-114", "C", None)),
    ("SOP-114_RevB_2025-01-10.docx", ("SOP-114", "B", date(2025, 1, 10))),
    ("sop_114 rev.docx", (None, None, None)),  # lower case "sop" and no revision value: not a code
    ("WTP-OPS-012 Rev 3.md", ("WTP-OPS-012", "3", None)),
    ("WTP-OPS-012.md", (None, None, None)),  # a code with no revision beside it is not taken from a name
    ("epa-816-f-15-003-emergency-disinfection.pdf", (None, None, None)),
    ("pump-review-2025-01-10.txt", (None, None, None)),  # "review" is not "Rev"
])
def test_file_names(name, expected):
    found = read_name_identity(name)
    assert (found.number, found.revision, found.effective) == expected


def test_title_block_gives_number_revision_and_date():
    head = "Chlorine Dosing\nSOP-114 Rev C, effective 2026-05-01\nPurpose\nKeep the residual at 1.6 mg/L."
    assert read_text_identity("Chlorine Dosing", head) == Identity("SOP-114", "C", date(2026, 5, 1))


def test_labelled_title_block_cells():
    head = "Document No.: WTP-OPS-012\nRevision: 4\nEffective date: 1 March 2025\n\nThe pumps ..."
    assert read_text_identity("Pumps", head) == Identity("WTP-OPS-012", "4", date(2025, 3, 1))


def test_references_in_body_text_are_not_an_identity():
    head = ("Chlorine Dosing\nThis procedure replaces the old practice. See SOP-200 for the analyser and "
            "SOP-201 for sampling; both changed in Rev 2 of the drawing. The rules took effect on "
            "1 May 2026, effective 2026-05-01 for all plants.\nPump P-101 runs at 50 Hz.")
    assert not read_text_identity("Chlorine Dosing", head)


def test_a_revision_history_table_is_not_guessed_from():
    head = "SOP-114 Chlorine Dosing\nRevision history\nRev A | 2023-01-01 | first issue\nRev B | 2025-01-10 | new setpoint"
    found = read_text_identity("", head)
    assert found.number == "SOP-114" and found.revision is None  # two revisions named, none beside the number


def test_dates_are_read_only_when_unambiguous():
    assert parse_date("2026-05-01") == date(2026, 5, 1)
    assert parse_date("May 1, 2026") == date(2026, 5, 1)
    assert parse_date("1-May-2026") == date(2026, 5, 1)
    assert parse_date("25/01/2026") == date(2026, 1, 25)
    assert parse_date("05/01/2026") is None  # May 1 or 5 January
    assert parse_date("2026-13-01") is None


def test_docx_core_and_custom_properties(tmp_path):
    path = make_docx(tmp_path / "dosing.docx", [("Heading 1", "Chlorine dosing"), ("", "Keep the residual in range.")])
    import docx

    document = docx.Document(str(path))
    document.core_properties.identifier = "SOP-114"
    document.core_properties.version = "Rev C"
    document.core_properties.revision = 17  # Word's save count: must not be read as the revision
    document.save(str(path))
    _add_custom_property(path, "Effective Date", "2026-05-01")
    loaded = load_document(path)
    assert loaded.properties["identifier"] == "SOP-114" and loaded.properties["Effective Date"] == "2026-05-01"
    found = read_identity(loaded.title, loaded.first_page_text(), loaded.properties, path.name)
    assert (found.number, found.revision, found.effective) == ("SOP-114", "C", date(2026, 5, 1))
    assert "properties" in found.found_in


def _add_custom_property(path: Path, name: str, value: str) -> None:
    """docProps/custom.xml as document-control systems write it (python-docx cannot write one)."""
    import zipfile

    custom = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
              '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" '
              'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
              f'<property fmtid="{{D5CDD505-2E9C-101B-9397-08002B2CF9AE}}" pid="2" name="{name}">'
              f'<vt:lpwstr>{value}</vt:lpwstr></property></Properties>')
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/docProps/custom.xml" '
        b'ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/></Types>')
    parts["_rels/.rels"] = parts["_rels/.rels"].replace(
        b"</Relationships>", b'<Relationship Id="rIdCustom" Type="http://schemas.openxmlformats.org/officeDocument/'
        b'2006/relationships/custom-properties" Target="docProps/custom.xml"/></Relationships>')
    parts["docProps/custom.xml"] = custom.encode()
    with zipfile.ZipFile(path, "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)


def test_html_meta_and_pdf_info(tmp_path):
    page = tmp_path / "dosing.html"
    page.write_text('<html><head><title>Chlorine dosing</title><meta name="document-number" content="SOP-114">'
                    '<meta name="revision" content="B"><meta name="effective-date" content="2025-01-10"></head>'
                    '<body><p>Keep the residual at 1.2 mg/L.</p></body></html>')
    loaded = load_document(page)
    found = read_identity(loaded.title, loaded.first_page_text(), loaded.properties, page.name)
    assert (found.number, found.revision, found.effective) == ("SOP-114", "B", date(2025, 1, 10))
    assert read_property_identity({"Subject": "SOP-114 Rev C, effective 2026-05-01"}) == \
        Identity("SOP-114", "C", date(2026, 5, 1))


def test_the_title_block_wins_over_properties_and_file_name():
    found = read_identity("Chlorine Dosing", "SOP-114 Rev C, effective 2026-05-01\n", {"version": "B"},
                          "SOP-114_RevB_2025-01-10.docx")
    assert (found.number, found.revision, found.effective) == ("SOP-114", "C", date(2026, 5, 1))


def test_sample_corpus_documents_are_not_revisions_of_each_other():
    numbers = []
    for path in sorted(SAMPLE_DOCS.iterdir()):
        loaded = load_document(path)
        numbers.append(read_identity(loaded.title, loaded.first_page_text(), loaded.properties, path.name).number)
    assert all(numbers) and len(set(numbers)) == len(numbers), numbers  # each reads its own "HVWA-..." number


# which revision is in force

def record(doc_id: str, number: str | None, revision: str | None, effective: str | None,
           first_indexed: str = "2026-01-01", set_effective: str | None = None) -> IdentityRecord:
    read = Identity(number, revision, date.fromisoformat(effective) if effective else None)
    stamp = datetime.fromisoformat(first_indexed).timestamp()
    return IdentityRecord(doc_id, read, None, None, set_effective, None, None, stamp, "")


def test_newest_in_force_is_current_and_upcoming_waits_for_its_date():
    records = {r.doc_id: r for r in (record("b", "SOP-114", "B", "2025-01-10"), record("c", "SOP-114", "C", "2026-05-01"),
                                     record("d", "SOP-114", "D", "2027-03-01"), record("x", None, None, None))}
    today = resolve(records, date(2026, 6, 1))
    assert [today[d].status for d in "bcdx"] == [SUPERSEDED, CURRENT, UPCOMING, ""]
    assert today["c"].label == "SOP-114 Rev C, effective 2026-05-01, supersedes Rev B"
    assert today["b"].status_text == "superseded by Rev C"
    later = resolve(records, date(2027, 3, 1))  # no re-ingest: the date alone brings Rev D into force
    assert [later[d].status for d in "bcd"] == [SUPERSEDED, SUPERSEDED, CURRENT]
    assert later["d"].label.endswith("supersedes Rev C")


def test_ties_and_missing_dates():
    # same date: the higher revision wins; numbers compare as numbers
    same_day = resolve({r.doc_id: r for r in (record("9", "QP-7", "9", "2026-01-01"),
                                              record("10", "QP-7", "10", "2026-01-01"))}, date(2026, 6, 1))
    assert same_day["10"].status == CURRENT and same_day["9"].status == SUPERSEDED
    # one issue in two files (PDF and DOCX): both current
    twins = resolve({r.doc_id: r for r in (record("pdf", "SOP-1", "C", "2026-01-01"),
                                           record("docx", "SOP-1", "C", "2026-01-01"))}, date(2026, 6, 1))
    assert twins["pdf"].status == twins["docx"].status == CURRENT
    # no effective date: taken as in force from the day it was first indexed
    undated = resolve({r.doc_id: r for r in (record("b", "SOP-2", "B", "2025-01-10"),
                                             record("c", "SOP-2", "C", None, first_indexed="2026-02-01"))},
                      date(2026, 6, 1))
    assert undated["c"].status == CURRENT and "taken as 2026-02-01" in undated["c"].label
    # a clock behind the first-indexed day does not make an undated revision upcoming
    assert resolve({"c": record("c", "SOP-2", "C", None, first_indexed="2026-02-01")}, date(2026, 1, 1))["c"].status == CURRENT


def test_a_correction_wins_over_what_was_read():
    records = {r.doc_id: r for r in (record("b", "SOP-114", "B", "2025-01-10"),
                                     record("c", "SOP-114", "C", "2026-05-01", set_effective="2099-01-01"))}
    statuses = resolve(records, date(2026, 6, 1))
    assert statuses["c"].status == UPCOMING and statuses["c"].corrected and statuses["b"].status == CURRENT


def test_a_question_naming_a_revision_searches_that_revision():
    records = {r.doc_id: r for r in (record("b", "SOP-114", "B", "2025-01-10"), record("c", "SOP-114", "C", "2026-05-01"),
                                     record("other", "SOP-200", "A", "2020-01-01"))}
    statuses = resolve(records, date(2026, 6, 1))
    assert named_revisions("what did sop 114 rev b say about the setpoint?", statuses.values()) == {"b"}
    assert search_scope("chlorine setpoint", statuses).left_out == {"b"}
    assert search_scope("SOP-114 Rev B setpoint", statuses).left_out == {"c"}
    assert named_revisions("Rev B of SOP-1140", statuses.values()) == set()


def test_migration_from_schema_1_keeps_everything_and_reads_identities(tmp_path):
    path = tmp_path / "manifest.sqlite3"
    manifest = Manifest(path)
    doc = DocumentInfo("d1", str(tmp_path / "SOP-114 Rev B.md"), "Chlorine Dosing", "markdown", "h" * 64, 10, None,
                         "chunker", 1_700_000_000.0, INDEXED)
    with manifest.transaction() as db:
        manifest.upsert_document(db, doc)
        db.execute("INSERT INTO chunks VALUES ('d1:x', 'd1', 0, 0, 40, '[]', '[]', '', ?, 'c', 'e', 'tok', x'00')",
                   ("Chlorine Dosing\nSOP-114 Rev B, effective 2025-01-10",))
        db.execute("DROP TABLE identities")  # the data dir as schema 1 left it
        manifest.set_meta("schema_version", "1", db)
        manifest.set_meta("generation", "7", db)
    manifest.close()

    migrated = Manifest(path)
    assert migrated.get_meta("schema_version") == "2" and migrated.generation() == 7
    assert [d.doc_id for d in migrated.documents()] == ["d1"] and migrated.chunk_count() == 1
    identity = migrated.identities()["d1"].identity
    assert (identity.number, identity.revision, identity.effective) == ("SOP-114", "B", date(2025, 1, 10))
    migrated.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(Exception, match="newer Operator Assistant"):
        Manifest(path)
