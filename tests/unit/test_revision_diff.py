"""Comparing two revisions from their indexed chunks and tables: what counts as a change and what does not."""

from __future__ import annotations

from operator_assistant.core.documents.tables import Cell, Table
from operator_assistant.core.index.manifest import ChunkRecord, TableRecord
from operator_assistant.core.revision_diff import compare, sections_of
from operator_assistant.folder.records import (
    PIECE_ADDED,
    PIECE_MOVED,
    PIECE_REMOVED,
    REWORDED,
    SECTION_ADDED,
    SECTION_REMOVED,
    SECTION_RENAMED,
    VALUE_CHANGED,
)


def document(doc_id: str, sections: list[tuple[str, str]], start: int = 0) -> list[ChunkRecord]:
    """One chunk per (heading, text), laid end to end from `start` as a document's text would be."""
    chunks, offset = [], start
    for i, (heading, text) in enumerate(sections):
        chunks.append(ChunkRecord(f"{doc_id}:{i}", doc_id, i, offset, offset + len(text), (heading,), (i + 1,),
                                  heading, text, "", "e"))
        offset += len(text) + 10
    return chunks


def changes(old: list[ChunkRecord], new: list[ChunkRecord], old_tables=(), new_tables=()) -> list:
    return compare(sections_of("SOP", old, list(old_tables)), sections_of("SOP", new, list(new_tables)))


def test_the_same_text_rewrapped_renumbered_or_paged_again_is_no_change():
    old = document("b", [("1. Purpose", "Keep the residual within limits. Call the engineer\nwhen it is not."),
                         ("2. Start-up", "1. Open HV-201.\n2. Start P-201.\n3. Check the pressure.")])
    new = document("c", [("1 Purpose", "Keep the residual\nwithin limits.   Call the engineer when it is not.\n"),
                         ("2 Start-up", "1. Open HV-201.\n\n2. Start P-201.\nPage 2 of 3\n3. Check the pressure.")],
                   start=40)
    assert changes(old, new) == []


def test_steps_added_removed_moved_reworded_and_values_changed_are_told_apart():
    old = document("b", [("Start-up", "1. Confirm the tank level is above 30 percent.\n"
                                      "2. Start the pump in manual at 20 percent stroke.\n"
                                      "3. Check the discharge pressure reads between 2 and 4 bar.\n"
                                      "4. Switch to automatic.\n"
                                      "5. Log the start time.")])
    new = document("c", [("Start-up", "1. Confirm the tank level is above 30 percent.\n"
                                      "2. Vent the pump head until no gas is seen.\n"
                                      "3. Start the pump in manual at 25 percent stroke.\n"
                                      "4. Switch to automatic.\n"
                                      "5. Verify the discharge pressure reads between 2 and 4 bar on gauge PI-201.")])
    found = {(c.kind, c.old.label if c.old else None, c.new.label if c.new else None): c for c in changes(old, new)}
    assert set(found) == {(PIECE_ADDED, None, "2"), (VALUE_CHANGED, "2", "3"), (REWORDED, "3", "5"),
                          (PIECE_REMOVED, "5", None)}
    value = found[(VALUE_CHANGED, "2", "3")]
    assert value.values == (("", "20 percent", "25 percent"),) and not value.moved
    assert found[(REWORDED, "3", "5")].moved  # it went from before "Switch to automatic" to after it
    assert value.summary == "Step 2 -> 3: value changed: 20 percent -> 25 percent"


def test_a_step_moved_unchanged_is_a_move():
    old = document("b", [("S", "1. Open the valve.\n2. Start the pump.\n3. Log the time.")])
    new = document("c", [("S", "1. Log the time.\n2. Open the valve.\n3. Start the pump.")])
    found = changes(old, new)
    assert [(c.kind, c.old.label, c.new.label) for c in found] == [(PIECE_MOVED, "3", "1")]


def test_table_rows_by_their_first_cell():
    def table(doc_id: str, rows: list[tuple[str, str]], start: int) -> TableRecord:
        cells, offset = [], start
        for name, value in rows:
            cells.append((Cell(name, offset, offset + len(name)), Cell(value, offset + len(name) + 3,
                                                                       offset + len(name) + 3 + len(value))))
            offset += len(name) + len(value) + 4
        header = (Cell("Parameter", 0, 9), Cell("Setpoint", 10, 18))
        return TableRecord(doc_id, 0, ("Setpoints",), (1,), Table(header, tuple(cells)))

    old = [table("b", [("High alarm", "3.5 mg/L"), ("Low alarm", "0.8 mg/L"), ("Max stroke", "80 %")], 100)]
    new = [table("c", [("Low alarm", "0.8 mg/L"), ("High alarm", "4.0 mg/L"), ("Trip delay", "10 s")], 100)]
    found = changes([], [], old, new)
    assert [(c.kind, (c.new or c.old).label) for c in found] == [(VALUE_CHANGED, "High alarm"), (PIECE_ADDED, "Trip delay"),
                                                                (PIECE_REMOVED, "Max stroke")]
    assert found[0].values == (("Setpoint", "3.5 mg/L", "4.0 mg/L"),)
    assert found[0].summary == 'Row "High alarm": value changed: Setpoint: 3.5 mg/L -> 4.0 mg/L'


def test_sections_added_removed_and_renamed():
    old = document("b", [("1. Purpose", "Keep the residual within limits."),
                         ("2. Records", "Keep the forms for three years. Send them to the office."),
                         ("3. Spill kit", "The spill kit is by the eye wash.")])
    new = document("c", [("1. Purpose", "Keep the residual within limits."),
                         ("2. Record keeping", "Keep the forms for three years. Send them to the office."),
                         ("3. Training", "Operators complete the module first.")])
    found = changes(old, new)
    assert [(c.kind, c.section) for c in found] == [(SECTION_RENAMED, "2. Record keeping"), (SECTION_ADDED, "3. Training"),
                                                   (SECTION_REMOVED, "3. Spill kit")]
    assert found[1].new.text == "Operators complete the module first." and found[1].old is None
    assert found[2].old.text == "The spill kit is by the eye wash." and found[2].new is None


def test_the_title_blocks_own_revision_is_not_a_change():
    old = document("b", [("SOP", "SOP-114 Rev B, effective 2025-01-10"), ("1. Purpose", "Keep it in limits.")])
    new = document("c", [("SOP", "SOP-114 Rev C, effective 2026-05-01"), ("1. Purpose", "Keep it in limits.")])
    assert compare(sections_of("SOP", old, [], "B"), sections_of("SOP", new, [], "C")) == []


def test_each_place_is_the_revisions_own_words_at_its_offsets():
    old = document("b", [("S", "1. Open the valve.\n2. Start the pump at 20 percent.")])
    new = document("c", [("S", "1. Open the valve.\n2. Start the pump at 25 percent.")], start=7)
    (change,) = changes(old, new)
    for place, chunks in ((change.old, old), (change.new, new)):
        chunk = next(c for c in chunks if c.chunk_id == place.chunk_id)
        assert chunk.text[place.start - chunk.start:place.end - chunk.start] == "2. Start the pump at " + (
            "20 percent." if chunks is old else "25 percent.")
