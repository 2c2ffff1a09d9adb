#!/usr/bin/env python3
"""Generate the bundled PDF and DOCX sample documents for Operator Assistant.

The document text lives in scripts/sample_sources/*.txt, written for this
project for the fictional Harlow Valley Water Authority. Each source file uses
a tiny line-based markup:

    = Title                 document title (first line)
    # Heading               level-1 heading
    ## Heading              level-2 heading
    1. Step text            numbered procedure step (consecutive lines = one list)
    - Item                  bullet item
    | a | b | c |           table row (consecutive lines = one table; first row is the header)
    \\pagebreak              page break (PDF only)
    anything else           paragraph text (a blank line ends the paragraph)

Output (deterministic, overwritten on every run):
    corpus/documents/<name>.pdf   via fpdf2, core Helvetica font (ASCII text only)
    corpus/documents/<name>.docx  via python-docx, built-in Heading/List styles

Usage:
    .venv/bin/python scripts/make_sample_documents.py
"""

from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import docx
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt
from fpdf import FPDF
from fpdf.enums import XPos, YPos

ROOT = Path(__file__).resolve().parent.parent
SOURCES = Path(__file__).resolve().parent / "sample_sources"
OUT_DIR = ROOT / "corpus" / "documents"

PDF_DOCS = [
    "booster-station-b-om-manual",
    "raw-water-intake-station-a-om-manual",
    "instrument-calibration-manual",
]
DOCX_DOCS = [
    "lockout-tagout-procedure",
    "sodium-hypochlorite-chlorination-sop",
    "emergency-generator-operation",
]

FIXED_DATE = dt.datetime(2024, 3, 1, 8, 0, 0, tzinfo=dt.UTC)
AUTHOR = "Harlow Valley Water Authority"


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------

@dataclass
class Block:
    kind: str  # title | h1 | h2 | para | steps | bullets | table | pagebreak
    text: str = ""
    items: list = field(default_factory=list)


STEP_RE = re.compile(r"^(\d+)\.\s+(.*)$")


def parse_source(path: Path) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush_para() -> None:
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush_para()
            continue
        if stripped == "\\pagebreak":
            flush_para()
            blocks.append(Block("pagebreak"))
        elif stripped.startswith("= "):
            flush_para()
            blocks.append(Block("title", stripped[2:].strip()))
        elif stripped.startswith("## "):
            flush_para()
            blocks.append(Block("h2", stripped[3:].strip()))
        elif stripped.startswith("# "):
            flush_para()
            blocks.append(Block("h1", stripped[2:].strip()))
        elif stripped.startswith("|"):
            flush_para()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if blocks and blocks[-1].kind == "table":
                blocks[-1].items.append(cells)
            else:
                blocks.append(Block("table", items=[cells]))
        elif STEP_RE.match(stripped) and not para:
            flush_para()
            text = STEP_RE.match(stripped).group(2)
            if blocks and blocks[-1].kind == "steps":
                blocks[-1].items.append(text)
            else:
                blocks.append(Block("steps", items=[text]))
        elif stripped.startswith("- "):
            flush_para()
            if blocks and blocks[-1].kind == "bullets":
                blocks[-1].items.append(stripped[2:])
            else:
                blocks.append(Block("bullets", items=[stripped[2:]]))
        else:
            para.append(stripped)
    flush_para()

    for b in blocks:
        for s in [b.text, *[c for it in b.items for c in (it if isinstance(it, list) else [it])]]:
            if any(ord(ch) > 126 for ch in s):
                raise ValueError(f"{path.name}: non-ASCII text in {s!r}")
        if b.kind == "table":
            width = len(b.items[0])
            for row in b.items:
                if len(row) != width:
                    raise ValueError(f"{path.name}: ragged table row {row!r}")
    return blocks


# --------------------------------------------------------------------------
# PDF
# --------------------------------------------------------------------------

class ManualPDF(FPDF):
    def __init__(self, doc_title: str):
        super().__init__(orientation="P", unit="mm", format="Letter")
        self.doc_title = doc_title
        self.set_margins(20, 18, 20)
        self.set_auto_page_break(auto=True, margin=18)

    def footer(self) -> None:
        self.set_y(-13)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, f"{AUTHOR} - {self.doc_title} - Page {self.page_no()} of {{nb}}",
                  align="C")


def _col_widths(rows: list[list[str]], total: float) -> tuple[float, ...]:
    # Proportional to the longest word / content length, so identifiers fit on one line.
    weights = []
    for col in range(len(rows[0])):
        texts = [r[col] for r in rows]
        longest_word = max(len(w) for t in texts for w in (t.split() or [""]))
        avg = sum(len(t) for t in texts) / len(texts)
        weights.append(max(longest_word * 1.2, min(avg, 40), 6))
    s = sum(weights)
    return tuple(total * w / s for w in weights)


# Keep a number and its unit on the same PDF line by joining them with a
# no-break space (U+00A0 is in latin-1; pdfium extracts it as a plain space).
UNIT_RE = re.compile(
    r"(\d) (?=(?:psi|ft-lb|ft|gpm|mg/L|deg C|mA|in/s|in|NTU|L/s|kPa|rpm|hours|hour|"
    r"minutes|minute|seconds|gal/h|gal/day|gal|hp|VDC|V|kW|MGD|MG|ppm|mL|oz|qt|days|"
    r"months|years|drops|turns|percent)\b)"
)


def keep_units(text: str) -> str:
    text = UNIT_RE.sub("\\1\u00a0", text)
    return text.replace("deg C", "deg\u00a0C")


def render_pdf(blocks: list[Block], out: Path) -> None:
    title = next(b.text for b in blocks if b.kind == "title")
    pdf = ManualPDF(title)
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title(title)
    pdf.set_author(AUTHOR)
    pdf.set_creator("scripts/make_sample_documents.py")
    pdf.set_producer("fpdf2")
    pdf.alias_nb_pages()
    pdf.add_page()
    epw = pdf.epw
    body_h = 5.2

    def ensure_space(mm: float) -> None:
        if pdf.get_y() + mm > pdf.h - pdf.b_margin:
            pdf.add_page()

    for b in blocks:
        if b.kind == "title":
            pdf.set_font("Helvetica", "B", 18)
            pdf.multi_cell(epw, 8, b.text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.ln(2)
        elif b.kind == "h1":
            ensure_space(30)
            pdf.ln(3)
            pdf.set_font("Helvetica", "B", 14)
            pdf.multi_cell(epw, 7, b.text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.ln(1)
        elif b.kind == "h2":
            ensure_space(24)
            pdf.ln(2)
            pdf.set_font("Helvetica", "B", 12)
            pdf.multi_cell(epw, 6, b.text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.ln(1)
        elif b.kind == "para":
            pdf.set_font("Helvetica", "", 10.5)
            pdf.multi_cell(epw, body_h, keep_units(b.text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.ln(2)
        elif b.kind in ("steps", "bullets"):
            pdf.set_font("Helvetica", "", 10.5)
            for i, item in enumerate(b.items, start=1):
                ensure_space(body_h * 2)
                label = f"{i}." if b.kind == "steps" else "-"
                pdf.set_x(pdf.l_margin + 3)
                pdf.cell(7, body_h, label)
                pdf.multi_cell(epw - 10, body_h, keep_units(item), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
                pdf.ln(0.8)
            pdf.ln(1.5)
        elif b.kind == "table":
            ensure_space(20)
            pdf.set_font("Helvetica", "", 9)
            widths = _col_widths(b.items, epw)
            with pdf.table(col_widths=widths, text_align="LEFT", line_height=4.6,
                           first_row_as_headings=True, width=epw) as table:
                for row in b.items:
                    r = table.row()
                    for cell in row:
                        r.cell(keep_units(cell))
            pdf.ln(3)
        elif b.kind == "pagebreak":
            pdf.add_page()
    pdf.output(str(out))


# --------------------------------------------------------------------------
# DOCX
# --------------------------------------------------------------------------

def _new_list_num(document, style_name: str = "List Number") -> int:
    """Create a new w:num that restarts numbering for the given list style."""
    numbering = document.part.numbering_part.numbering_definitions._numbering
    style = document.styles[style_name]
    style_numpr = style.element.pPr.numPr
    base_num_id = int(style_numpr.numId.val)
    abstract_id = None
    for num in numbering.findall(qn("w:num")):
        if int(num.get(qn("w:numId"))) == base_num_id:
            abstract_id = num.find(qn("w:abstractNumId")).get(qn("w:val"))
            break
    if abstract_id is None:
        raise RuntimeError("List Number style has no abstract numbering")
    existing = [int(n.get(qn("w:numId"))) for n in numbering.findall(qn("w:num"))]
    new_id = max(existing) + 1
    num = OxmlElement("w:num")
    num.set(qn("w:numId"), str(new_id))
    abs_el = OxmlElement("w:abstractNumId")
    abs_el.set(qn("w:val"), abstract_id)
    num.append(abs_el)
    override = OxmlElement("w:lvlOverride")
    override.set(qn("w:ilvl"), "0")
    start = OxmlElement("w:startOverride")
    start.set(qn("w:val"), "1")
    override.append(start)
    num.append(override)
    numbering.append(num)
    return new_id


def _set_num(paragraph, num_id: int) -> None:
    pPr = paragraph._p.get_or_add_pPr()
    numPr = OxmlElement("w:numPr")
    ilvl = OxmlElement("w:ilvl")
    ilvl.set(qn("w:val"), "0")
    nid = OxmlElement("w:numId")
    nid.set(qn("w:val"), str(num_id))
    numPr.append(ilvl)
    numPr.append(nid)
    pPr.append(numPr)


def render_docx(blocks: list[Block], out: Path) -> None:
    document = docx.Document()
    normal = document.styles["Normal"]
    normal.font.name = "Calibri"
    normal.font.size = Pt(11)

    title = next(b.text for b in blocks if b.kind == "title")
    props = document.core_properties
    props.title = title
    props.author = AUTHOR
    props.last_modified_by = AUTHOR
    props.created = FIXED_DATE.replace(tzinfo=None)
    props.modified = FIXED_DATE.replace(tzinfo=None)
    props.last_printed = FIXED_DATE.replace(tzinfo=None)
    props.revision = 1

    for b in blocks:
        if b.kind == "title":
            document.add_heading(b.text, level=0)
        elif b.kind == "h1":
            document.add_heading(b.text, level=1)
        elif b.kind == "h2":
            document.add_heading(b.text, level=2)
        elif b.kind == "para":
            document.add_paragraph(b.text)
        elif b.kind == "steps":
            num_id = _new_list_num(document)
            for item in b.items:
                p = document.add_paragraph(item, style="List Number")
                _set_num(p, num_id)
        elif b.kind == "bullets":
            for item in b.items:
                document.add_paragraph(item, style="List Bullet")
        elif b.kind == "table":
            rows = b.items
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            table.style = "Table Grid"
            for r, row in enumerate(rows):
                for c, text in enumerate(row):
                    cell = table.cell(r, c)
                    cell.text = text
                    if r == 0:
                        for run in cell.paragraphs[0].runs:
                            run.bold = True
            document.add_paragraph("")
        elif b.kind == "pagebreak":
            pass  # Word paginates on its own.

    buf = io.BytesIO()
    document.save(buf)
    out.write_bytes(_normalize_zip(buf.getvalue()))


def _normalize_zip(data: bytes) -> bytes:
    """Rewrite the package with fixed timestamps so output is byte-for-byte stable."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=(2024, 3, 1, 8, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, src.read(info.filename))
    return out.getvalue()


# --------------------------------------------------------------------------

def main() -> int:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name in PDF_DOCS:
        blocks = parse_source(SOURCES / f"{name}.txt")
        out = OUT_DIR / f"{name}.pdf"
        render_pdf(blocks, out)
        print(f"wrote {out.relative_to(ROOT)}")
    for name in DOCX_DOCS:
        blocks = parse_source(SOURCES / f"{name}.txt")
        out = OUT_DIR / f"{name}.docx"
        render_docx(blocks, out)
        print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
