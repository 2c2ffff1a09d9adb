"""Property-based tests: the parsers, the chunker and the tokenizer on arbitrary input.

A loader may refuse a file only with DocumentError (a reason shown per file); anything
else would be a crash. What it returns, and what the chunker cuts from it, must hold
together: offsets inside the text, chunk text equal to its span, no text lost.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from operator_assistant.core.chunking import ChunkParams, chunk_document
from operator_assistant.core.documents import LOADERS, parse_document
from operator_assistant.core.documents.base import FURNITURE, HEADING, ROW, TEXT, Block, Document
from operator_assistant.core.tokenize import joined_variants, tokenize
from operator_assistant.errors import DocumentError
from tests.conftest import make_docx, make_pdf

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SUFFIX = {"text": ".txt", "markdown": ".md", "html": ".html", "pdf": ".pdf", "docx": ".docx"}

# Text that looks like plant documents: markup characters, identifiers, breaks, other scripts.
PLANT_TEXT = st.lists(st.one_of(
    st.sampled_from(list("#|-*_>`=<>/&;.:,!?()[]{}\"' \t\n\r0123456789ABCPVLT")),
    st.sampled_from(["VLV-3042-B", "P-101A", "4-20 mA", "<p>", "</p>", "<h1>", "<table><tr><td>", "| a | b |\n",
                     "\n---\n", "```\n", "<script>x</script>", "&amp;", "\u00a0", "\u200b", "\ufeff", "\x00"]),
    st.text(st.characters(codec="utf-8"), max_size=8),
), max_size=80).map("".join)


def check_document(doc: Document) -> None:
    """What every loader promises about the Document it returns."""
    assert isinstance(doc.text, str) and doc.title
    doc.text.encode("utf-8")  # stored in SQLite and hashed: no lone surrogates
    doc.title.encode("utf-8")
    for block in doc.blocks:
        assert 0 <= block.start <= block.end <= len(doc.text), block
        assert block.kind in (HEADING, TEXT, ROW, FURNITURE)
    assert doc.page_starts == sorted(doc.page_starts)
    assert all(0 <= start <= len(doc.text) for start in doc.page_starts)


def check_chunks(doc: Document, params: ChunkParams = ChunkParams()) -> None:
    """Chunks are exact spans of the text, in order, and together cover every word of every body block."""
    chunks = chunk_document(doc, params)
    covered = bytearray(len(doc.text) + 1)
    for ordinal, chunk in enumerate(chunks):
        assert chunk.ordinal == ordinal
        assert 0 <= chunk.start < chunk.end <= len(doc.text)
        # the span's text, with running headers and footers blanked (never cut: offsets hold)
        assert len(chunk.text) == chunk.end - chunk.start and chunk.text.strip()
        furniture = {i for b in doc.blocks if b.kind == FURNITURE for i in range(b.start, b.end)}
        assert all(c == doc.text[chunk.start + i] or (c == " " and chunk.start + i in furniture)
                   for i, c in enumerate(chunk.text))
        chunk.indexed_text.encode("utf-8")
        if doc.page_starts:
            assert chunk.pages and all(1 <= p <= len(doc.page_starts) for p in chunk.pages)
        covered[chunk.start:chunk.end] = b"\x01" * (chunk.end - chunk.start)
    for block in doc.blocks:
        if block.kind in (HEADING, FURNITURE):
            continue
        lost = [i for i in range(block.start, block.end) if not doc.text[i].isspace() and not covered[i]]
        assert not lost, (block, doc.text[block.start:block.end], [doc.text[i] for i in lost[:10]])


def load(fmt: str, data: bytes) -> Document | None:
    """The format's own loader, then the full parse; None if refused with a DocumentError."""
    path = Path("input" + SUFFIX[fmt])
    try:
        LOADERS[SUFFIX[fmt]](path, data)
    except DocumentError:
        pass
    try:
        doc = parse_document(path, data)
    except DocumentError as exc:
        assert exc.message.strip()
        return None
    check_document(doc)
    return doc


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "pdf", "docx"])
@PROPERTY
@given(data=st.binary(max_size=2000))
def test_loaders_on_arbitrary_bytes(fmt: str, data: bytes):
    doc = load(fmt, data)
    if doc is not None:
        check_chunks(doc)


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
@PROPERTY
@given(text=PLANT_TEXT, encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252", "koi8_r", "shift_jis"]))
def test_text_formats_on_arbitrary_text(fmt: str, text: str, encoding: str):
    doc = load(fmt, text.encode(encoding, "replace"))
    if doc is not None:
        check_chunks(doc, ChunkParams(target=120, max_size=160, overlap=0.2))


@pytest.fixture(scope="module")
def sample_pdf(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("pdf")
    return make_pdf(folder / "m.pdf", [[("Pump Manual", 18), ("1. Alarms", 14), ("PT-2105 high alarm is 85 psi.", 10)],
                                       [("2. Maintenance", 14), ("Grease bearings every 2,000 hours.", 10)]],
                    title="Pump Manual").read_bytes()


@pytest.fixture(scope="module")
def sample_docx(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("docx")
    return make_docx(folder / "d.docx", [("Heading 1", "Lockout"), ("", "Isolate MCC-3."), ("List Number", "Lock it."),
                                         ("row", "Lock|Use"), ("row", "Red|Personal")]).read_bytes()


# Damage a real file the way disks, downloads and editors do: cut it short, overwrite bytes.
DAMAGE = st.tuples(st.floats(0.0, 1.0), st.lists(st.tuples(st.floats(0.0, 1.0), st.binary(min_size=1, max_size=16)),
                                                  max_size=6))


def damaged(data: bytes, damage: tuple[float, list[tuple[float, bytes]]]) -> bytes:
    keep, patches = damage
    out = bytearray(data[:max(1, int(len(data) * keep))] if keep < 0.98 else data)
    for where, patch in patches:
        at = int(where * len(out))
        out[at:at + len(patch)] = patch
    return bytes(out)


@FEW
@given(damage=DAMAGE)
def test_damaged_pdf(sample_pdf: bytes, damage):
    doc = load("pdf", damaged(sample_pdf, damage))
    if doc is not None:
        check_chunks(doc)


@FEW
@given(damage=DAMAGE)
def test_damaged_docx(sample_docx: bytes, damage):
    doc = load("docx", damaged(sample_docx, damage))
    if doc is not None:
        check_chunks(doc)


@FEW
@given(xml=st.one_of(PLANT_TEXT, st.builds(
    lambda body: ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w='
                  '"http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' + body + "</w:body></w:document>"),
    st.lists(st.sampled_from(["<w:p>", "</w:p>", "<w:p><w:r><w:t>PT-2105</w:t></w:r></w:p>", "<w:tbl>", "</w:tbl>",
                              "<w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr>", "<w:sectPr/>",
                              "<w:p><w:pPr><w:pStyle w:val='Heading1'/></w:pPr><w:r><w:t>H</w:t></w:r></w:p>",
                              "<w:r>", "</w:r>", "<w:t>", "</w:t>", "&", "<w:bogus/>"]), max_size=12).map("".join))))
def test_docx_with_arbitrary_document_xml(sample_docx: bytes, xml: str):
    """A real DOCX package whose main part is replaced: the zip opens, the XML inside is what is broken."""
    source = zipfile.ZipFile(io.BytesIO(sample_docx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            target.writestr(item, xml.encode("utf-8", "replace") if item.filename == "word/document.xml"
                            else source.read(item))
    doc = load("docx", out.getvalue())
    if doc is not None:
        check_chunks(doc)


@st.composite
def documents(draw) -> Document:
    """A Document as any loader could make it: blocks in order over arbitrary text, maybe pages."""
    text = draw(PLANT_TEXT)
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=12)))
    blocks, previous = [], 0
    for a, b in zip([0, *cuts], [*cuts, len(text)]):
        start, end = max(a, previous), b
        if end <= start or not text[start:end].strip():
            continue
        kind = draw(st.sampled_from([TEXT, TEXT, ROW, HEADING, FURNITURE]))
        blocks.append(Block(kind, start, end, draw(st.integers(1, 4)) if kind == HEADING else 0,
                            text[start:end].strip() if kind == HEADING else ""))
        previous = end
    pages = sorted({0, *draw(st.lists(st.integers(0, len(text)), max_size=4))}) if draw(st.booleans()) else []
    return Document(Path("x.txt"), "text", draw(st.text(max_size=20)), text, blocks, pages)


@PROPERTY
@given(doc=documents(), target=st.integers(20, 400), extra=st.integers(0, 200), overlap=st.floats(0.0, 0.49))
def test_chunker_on_arbitrary_documents(doc: Document, target: int, extra: int, overlap: float):
    check_chunks(doc, ChunkParams(target=target, max_size=target + extra, overlap=overlap))


@PROPERTY
@given(text=st.one_of(PLANT_TEXT, st.text()))
def test_tokenizer_on_arbitrary_text(text: str):
    tokens = tokenize(text)
    assert all(isinstance(t, str) and t and not any(c.isspace() for c in t) for t in tokens)
    assert tokenize(text) == tokens
    for variant in joined_variants(text):
        assert variant and not any(c.isspace() for c in variant)


# Regressions: inputs the properties above once failed on, kept as plain tests.

def _docx_with(sample_docx: bytes, part: str, content: bytes) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(sample_docx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            target.writestr(item, content if item.filename == part else source.read(item))
    return out.getvalue()


@pytest.mark.parametrize("content, reason", [
    (b"", "damaged DOCX file: a part inside it is not valid XML"),  # lxml XMLSyntaxError escaped
    (b"<script>x</script>", "damaged DOCX file: unexpected content in its parts"),  # AttributeError escaped
])
def test_docx_with_broken_main_part_is_refused_with_a_reason(sample_docx: bytes, content: bytes, reason: str):
    with pytest.raises(DocumentError, match=reason):
        LOADERS[".docx"](Path("d.docx"), _docx_with(sample_docx, "word/document.xml", content))


def test_docx_with_unsupported_zip_compression_is_refused_with_a_reason(sample_docx: bytes):
    # a flipped byte in the zip directory named a compression method zipfile lacks (NotImplementedError escaped)
    data = bytearray(sample_docx)
    at = data.find(b"PK\x01\x02")
    while at != -1:
        data[at + 10:at + 12] = (1).to_bytes(2, "little")  # method 1, "shrink"
        at = data.find(b"PK\x01\x02", at + 4)
    with pytest.raises(DocumentError, match="damaged DOCX file: its zip archive is broken"):
        LOADERS[".docx"](Path("d.docx"), bytes(data))


def test_pdf_with_an_unreadable_page_names_the_page(sample_pdf: bytes):
    # the document opens but its first page object is gone (PdfiumError escaped the loader)
    data = sample_pdf.replace(b"3 0 obj", b"\x00" * 7, 1)
    with pytest.raises(DocumentError, match=r"damaged PDF: page 1 of 2 cannot be read"):
        LOADERS[".pdf"](Path("m.pdf"), data)


def test_html_that_looks_like_an_address_loads_without_a_warning():
    # bs4 warned "looks more like a URL than HTML"; with warnings as errors that was a failure
    import subprocess
    import sys

    code = ("from pathlib import Path; from operator_assistant.core.documents import parse_document; "
            "print(parse_document(Path('link.html'), b'https://example.invalid/manual').text)")
    run = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout.strip()) == (0, "https://example.invalid/manual"), run.stderr[-2000:]
