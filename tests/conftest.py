"""Shared fixtures: tiny documents of every format, made in the test itself."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLE_DOCS = REPO / "corpus" / "documents"
TEST_ADMIN_PASSPHRASE = "test-admin-passphrase"


@pytest.fixture(autouse=True, scope="session")
def scripted_admin_passphrase():
    """Changing the corpus from the CLI needs admin mode. Tests run it as a scripted admin
    job would: the passphrase in the environment (subprocesses inherit it). Tests of the
    refusal remove it with monkeypatch.delenv."""
    from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_ADMIN_PASSPHRASE, TEST_ADMIN_PASSPHRASE)
        yield


def make_pdf(path: Path, pages: list[list[tuple[str, float]]], title: str | None = None) -> Path:
    """A real PDF with a text layer: each page is a list of (line, font size)."""
    from fpdf import FPDF

    pdf = FPDF()
    if title:
        pdf.set_title(title)
    for lines in pages:
        pdf.add_page()
        for text, size in lines:
            pdf.set_font("Helvetica", "B" if size > 11 else "", size)
            pdf.multi_cell(0, size * 0.6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def make_docx(path: Path, items: list[tuple[str, str]]) -> Path:
    """A real DOCX: items are (style or 'table:' row cells joined by |, text)."""
    import docx

    document = docx.Document()
    table_rows: list[list[str]] = []

    def flush_table() -> None:
        if table_rows:
            table = document.add_table(rows=len(table_rows), cols=len(table_rows[0]))
            for r, row in enumerate(table_rows):
                for c, cell in enumerate(row):
                    table.cell(r, c).text = cell
            table_rows.clear()

    for style, text in items:
        if style == "row":
            table_rows.append(text.split("|"))
            continue
        flush_table()
        if style.startswith("Heading"):
            document.add_heading(text, level=int(style[-1]))
        else:
            document.add_paragraph(text, style=style or None)
    flush_table()
    document.save(str(path))
    return path


@pytest.fixture
def sample_copy(tmp_path: Path) -> Path:
    """A private copy of the sample corpus that a test may change."""
    import shutil

    target = tmp_path / "docs"
    shutil.copytree(SAMPLE_DOCS, target)
    return target
