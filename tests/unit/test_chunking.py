import re
from pathlib import Path

from operator_assistant.core.chunking import ChunkParams, chunk_document
from operator_assistant.core.documents import load_document
from tests.conftest import SAMPLE_DOCS

IDENT = re.compile(r"\b[A-Z]{1,4}\d?-\d{2,4}[A-Z]?(?:-[A-Z0-9]+)?\b")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def long_section(n_sentences: int) -> str:
    return " ".join(f"Sentence {i} says that valve VLV-{3000 + i}-B must be exercised {i} turns." for i in range(n_sentences))


def test_chunks_are_exact_spans_with_section_paths(tmp_path: Path):
    doc = load_document(write(tmp_path, "a.md", "# Manual\n\n## Alarms\n\nPT-2105 high alarm is 85 psi.\n\n"
                                               "## Maintenance\n\n### Bearings\n\nGrease every 2,000 hours.\n"))
    chunks = chunk_document(doc)
    assert [c.section for c in chunks] == [("Manual", "Alarms"), ("Manual", "Maintenance", "Bearings")]
    for c in chunks:
        assert doc.text[c.start:c.end] == c.text
    assert chunks[1].context == "Manual > Maintenance > Bearings"
    assert chunks[1].indexed_text.startswith("Manual > Maintenance > Bearings\n")


def test_long_sections_split_near_target_with_overlap(tmp_path: Path):
    doc = load_document(write(tmp_path, "b.md", "# Valves\n\n" + long_section(60) + "\n"))
    params = ChunkParams(target=1000, max_size=1200, overlap=0.15)
    chunks = chunk_document(doc, params)
    assert len(chunks) > 3
    assert all(len(c.text) <= params.max_size for c in chunks)
    assert all(len(c.text) >= 600 for c in chunks[:-1])
    for a, b in zip(chunks, chunks[1:]):
        assert b.start < a.end, "consecutive chunks overlap"
        assert a.end - b.start <= 0.15 * params.target + 1
        assert b.start > a.start


def test_identifiers_are_never_cut(tmp_path: Path):
    text = "# Tags\n\n" + " ".join(f"VLV-{3000 + i}-B" for i in range(600)) + "\n"  # one run-on sentence
    doc = load_document(write(tmp_path, "c.md", text))
    chunks = chunk_document(doc, ChunkParams(target=300, max_size=400, overlap=0.1))
    assert len(chunks) > 5
    for c in chunks:
        for token in c.text.split():
            assert re.fullmatch(r"VLV-\d{4}-B", token), token


def test_table_rows_stay_whole(tmp_path: Path):
    rows = "\n".join(f"| PT-{2100 + i} | Discharge pressure pump B-{i} | {40 + i} psi | {80 + i} psi |" for i in range(80))
    table = f"| Tag | Description | Low | High |\n|---|---|---|---|\n{rows}\n"
    doc = load_document(write(tmp_path, "d.md", f"# Setpoints\n\n{table}"))
    chunks = chunk_document(doc)
    assert len(chunks) > 2
    row_texts = {doc.text[b.start:b.end] for b in doc.blocks if b.kind == "row"}
    header = "| Tag | Description | Low | High |"
    for c in chunks:
        for line in c.text.split("\n"):
            assert line in row_texts or set(line) <= set("|-"), f"row cut: {line!r}"
        # a chunk that starts inside the table carries the header row in its context
        assert header in c.text or c.context.endswith(header)


def test_oversized_row_is_kept_whole(tmp_path: Path):
    cell = "x " * 900
    doc = load_document(write(tmp_path, "e.md", f"# T\n\n| a | b |\n|---|---|\n| PT-1 | {cell} |\n"))
    chunks = chunk_document(doc)
    assert any(c.text.startswith("| PT-1 |") and c.text.endswith("|") for c in chunks)


def test_pdf_chunks_know_their_pages():
    doc = load_document(SAMPLE_DOCS / "booster-station-b-om-manual.pdf")
    chunks = chunk_document(doc)
    assert doc.page_count and chunks  # else both sets are empty and the loop checks nothing
    assert {p for c in chunks for p in c.pages} == set(range(1, doc.page_count + 1))
    for c in chunks:
        assert doc.page_at(c.start) == c.pages[0]


def test_sample_corpus_respects_size_and_identifiers():
    params = ChunkParams()
    paths = sorted(SAMPLE_DOCS.iterdir())
    assert len(paths) >= 10, SAMPLE_DOCS  # the sample corpus, not an empty folder
    for path in paths:
        doc = load_document(path)
        chunks = chunk_document(doc, params)
        assert chunks, path.name
        idents_in_doc = set(IDENT.findall(doc.text))
        idents_in_chunks = {i for c in chunks for i in IDENT.findall(c.text)}
        # every identifier in the (non-furniture) text appears whole in some chunk, none is invented
        assert idents_in_chunks <= idents_in_doc, path.name
        for c in chunks:
            assert len(c.text) <= params.max_size or "\n" not in c.text.strip(), (path.name, len(c.text))


def test_chunk_hash_changes_with_heading_and_text(tmp_path: Path):
    a = chunk_document(load_document(write(tmp_path, "f.md", "# A\n\nSame text.\n")))[0]
    b = chunk_document(load_document(write(tmp_path, "g.md", "# B\n\nSame text.\n")))[0]
    c = chunk_document(load_document(write(tmp_path, "h.md", "# A\n\nSame text.\n")))[0]
    assert a.content_hash != b.content_hash
    assert a.content_hash == c.content_hash


def test_a_list_of_contents_is_no_parent_of_the_sections_after_it():
    from operator_assistant.core.documents import parse_document

    doc = parse_document(Path("m.md"), b"# Table of Contents\n\nPart 1 ... 3\n\n### Part 1 Treatment\n\nChlorine is fed.\n")
    assert [c.section for c in chunk_document(doc)] == [("Table of Contents",), ("Part 1 Treatment",)]


def test_a_printed_contents_list_before_the_first_heading_is_the_contents_section():
    from operator_assistant.core.documents import parse_document

    toc = "\n\n".join(f"{name} {'.' * 20} {page}" for name, page in [("Ports", 3), ("Racks", 7), ("Cards", 12)])
    doc = parse_document(Path("m.txt"), f"{toc}\n\nINTRODUCTION\n\nThe rack holds the cards.\n".encode())
    assert chunk_document(doc)[0].section == ("Contents",)


def test_a_contents_section_ends_with_its_last_entry():
    from operator_assistant.core.documents import parse_document

    toc = "\n\n".join(f"{name} {'.' * 20} {page}" for name, page in [("Sources", 3), ("Treatment", 7)])
    text = f"# Table of Contents\n\n{toc}\n\nPart 1 - Sources. Source name and well record.\n\n# Treatment\n\nChlorine.\n"
    chunks = chunk_document(parse_document(Path("t.md"), text.encode()), ChunkParams(target=60, max_size=80))
    sections = [c.section for c in chunks]
    assert [s for n, s in enumerate(sections) if not n or sections[n - 1] != s] == [("Table of Contents",), (), ("Treatment",)]


def test_a_heading_with_nothing_under_it_is_a_line_of_the_section_above():
    # a PDF reader took a list's later items for headings ("2. The ground terminal ..."): with nothing under
    # them and no subsection, their words had been in no chunk at all
    from operator_assistant.core.documents.base import HEADING, TEXT, Block, Document

    lines = ["Wiring", "Safety instructions:", "1. Cut the power before wiring.", "2. Ground the module reliably.",
             "3. Never leave the CT circuit open.", "Isolation", "RS485 interface to ground: >DC500V"]
    text = "\n".join(lines)
    spans, at = [], 0
    for line in lines:
        spans.append((at, at + len(line)))
        at += len(line) + 1
    kinds = [(HEADING, 1), (TEXT, 0), (TEXT, 0), (HEADING, 2), (HEADING, 2), (HEADING, 1), (TEXT, 0)]
    blocks = [Block(kind, a, b, level, text[a:b] if kind == HEADING else "")
              for (kind, level), (a, b) in zip(kinds, spans, strict=True)]
    chunks = chunk_document(Document(Path("m.pdf"), "pdf", "Module", text, blocks))
    shown = " ".join(c.text for c in chunks)
    assert "2. Ground the module reliably." in shown and "3. Never leave the CT circuit open." in shown
    # read with the items before them, in the section above, and nothing is shown twice
    assert [c.section for c in chunks] == [("Wiring",), ("Isolation",)]
    assert shown.count("Ground the module") == 1


def test_a_heading_over_subsections_or_text_stays_a_heading(tmp_path: Path):
    doc = load_document(write(tmp_path, "a.md", "# Manual\n\n## Pumps\n\n### Intake\n\nTwo pumps.\n\n## Valves\n\n"
                                               "Gate valves.\n\n## Spare heading\n"))
    chunks = chunk_document(doc)
    assert [c.section for c in chunks] == [("Manual", "Pumps", "Intake"), ("Manual", "Valves"), ("Manual",)]
    assert chunks[-1].text == "## Spare heading"  # the last heading, with nothing under it, is read as a line


def test_no_words_of_the_sample_corpus_are_lost_between_chunks():
    # every block but running headers and footers is in some chunk's text, or heads one (its section path);
    # before chunker 40 the owner line over two plain-text SOPs ("HARLOW VALLEY WATER AUTHORITY") was in neither
    from operator_assistant.core.documents.base import FURNITURE, HEADING

    for path in sorted(SAMPLE_DOCS.iterdir()):
        doc = load_document(path)
        chunks = chunk_document(doc)
        labels = {" ".join(label.split()) for c in chunks for label in c.section}
        for block in doc.blocks:
            if block.kind == FURNITURE:
                continue
            inside = any(c.start <= block.start and block.end <= c.end for c in chunks)
            heads = block.kind == HEADING and " ".join((block.label or doc.text[block.start:block.end]).split()) in labels
            assert inside or heads, (path.name, doc.text[block.start:block.end])
