from pathlib import Path

import pypdfium2 as pdfium
import pytest

from operator_assistant.core.documents import load_document, parse_document
from operator_assistant.core.documents.base import HEADING, ROW
from operator_assistant.errors import DocumentError
from tests.conftest import make_docx, make_pdf


def headings(doc):
    return [(b.level, b.label) for b in doc.blocks if b.kind == HEADING]


def rows(doc):
    return [doc.text[b.start:b.end] for b in doc.blocks if b.kind == ROW]


def test_markdown_headings_tables_and_exact_offsets(tmp_path: Path):
    source = ("# Booster Station B\n\nIntro text.\n\n## Setpoints\n\n| Tag | High |\n|---|---|\n"
              "| PT-2105 | 85 psi |\n\n1. Close VLV-3042-B.\n2. Start P-101A.\n")
    path = tmp_path / "b.md"
    path.write_text(source, encoding="utf-8")
    doc = load_document(path)
    assert doc.title == "Booster Station B"
    assert headings(doc) == [(1, "Booster Station B"), (2, "Setpoints")]
    assert rows(doc) == ["| Tag | High |", "| PT-2105 | 85 psi |"]
    # offsets point into the file's own text
    for block in doc.blocks:
        assert source[block.start:block.end] == doc.text[block.start:block.end]
    assert "1. Close VLV-3042-B." in [doc.text[b.start:b.end] for b in doc.blocks]


def test_html_ignores_scripts_and_remote_content(tmp_path: Path):
    html = """<html><head><title>Valve Program</title><script>alert('x')</script></head><body>
    <h1>Valve Program</h1><img src="https://example.invalid/logo.png" alt="logo">
    <p>Exercise   every <b>valve</b> yearly.</p><iframe src="https://example.invalid"></iframe>
    <h2>Register</h2><table><tr><th>Valve</th><th>Turns</th></tr><tr><td>VLV-3042-B</td><td>51</td></tr></table>
    <ol><li>Open the gate.</li><li>Count turns.</li></ol><script>document.write('hidden')</script></body></html>"""
    path = tmp_path / "v.html"
    path.write_text(html, encoding="utf-8")
    doc = load_document(path)
    assert doc.title == "Valve Program"
    assert "alert" not in doc.text and "hidden" not in doc.text and "example.invalid" not in doc.text
    assert "Exercise every valve yearly." in doc.text
    assert headings(doc) == [(1, "Valve Program"), (2, "Register")]
    assert rows(doc) == ["Valve | Turns", "VLV-3042-B | 51"]
    assert "1. Open the gate." in doc.text and "2. Count turns." in doc.text


def test_html_list_items_are_numbered_as_a_browser_shows_them(tmp_path: Path):
    # Sphinx writes each item's words in a <p> and letters sub-steps with a class; plain HTML uses type and start
    html = """<ol class="arabic simple"><li><p>Startup</p><ol class="loweralpha simple">
    <li><p>Turn ARGON PURGE FAN switch to ON position</p></li><li><p>Verify PURGE FAN ON lamp illuminates</p></li></ol>
    </li><li><p>Shutdown</p></li></ol><ol type="I" start="3"><li>Third</li><li>Fourth</li></ol>"""
    doc = parse_document(Path("p.html"), html.encode())
    lines = [line for line in doc.text.split("\n") if line.strip()]
    assert lines == ["1. Startup", "a. Turn ARGON PURGE FAN switch to ON position", "b. Verify PURGE FAN ON lamp illuminates",
                     "2. Shutdown", "III. Third", "IV. Fourth"]


def test_docx_headings_lists_and_tables(tmp_path: Path):
    path = make_docx(tmp_path / "loto.docx", [
        ("Heading 1", "Lockout Procedure"), ("", "Applies to all pumps."),
        ("Heading 2", "Steps"), ("List Number", "Notify the operator."), ("List Number", "Isolate MCC-3 breaker."),
        ("row", "Lock color|Use"), ("row", "Red|Personal lock"),
    ])
    doc = load_document(path)
    assert headings(doc) == [(1, "Lockout Procedure"), (2, "Steps")]
    assert "1. Notify the operator." in doc.text and "2. Isolate MCC-3 breaker." in doc.text
    assert rows(doc) == ["Lock color | Use", "Red | Personal lock"]


def test_pdf_pages_headings_and_character_indices(tmp_path: Path):
    path = make_pdf(tmp_path / "m.pdf", [
        [("Pump Manual", 18), ("1. Alarms", 14), ("The high alarm on PT-2105 is 85 psi.", 10)],
        [("2. Maintenance", 14), ("Grease bearings every 2,000 hours.", 10)],
    ], title="Pump Manual")
    doc = load_document(path)
    assert doc.page_count == 2
    assert doc.title == "Pump Manual"
    assert [label for _, label in headings(doc)] == ["Pump Manual", "1. Alarms", "2. Maintenance"]
    offset = doc.text.index("Grease")
    assert doc.page_at(offset) == 2 and doc.page_at(doc.text.index("PT-2105")) == 1
    # an offset within a page is pdfium's character index on that page
    page_offset = offset - doc.page_starts[1]
    textpage = pdfium.PdfDocument(str(path))[1].get_textpage()
    assert textpage.get_text_range(page_offset, len("Grease bearings")) == "Grease bearings"


def test_plain_text_headings(tmp_path: Path):
    path = tmp_path / "c.txt"
    path.write_text("CONFINED SPACE ENTRY\n\n1. SCOPE\n\nApplies to wet wells.\n\n"
                    "4.3 ACCEPTABLE ENTRY CONDITIONS\n\n1. Oxygen 19.5 to 23.5 percent.\n2. LEL below 10 percent.\n",
                    encoding="utf-8")
    doc = load_document(path)
    assert headings(doc) == [(1, "CONFINED SPACE ENTRY"), (1, "1. SCOPE"), (2, "4.3 ACCEPTABLE ENTRY CONDITIONS")]
    assert "1. Oxygen 19.5 to 23.5 percent." in doc.text


def test_legacy_encoding_is_detected(tmp_path: Path):
    path = tmp_path / "old.txt"
    path.write_bytes("Température de l'eau: 12 °C. Vérifier la pompe P-101A avant démarrage.\n".encode("cp1252"))
    doc = load_document(path)
    assert "Température" in doc.text and "°C" in doc.text


@pytest.mark.parametrize("name, data, reason", [
    ("empty.md", b"", "empty file"),
    ("blank.txt", b"   \n\n", "empty file"),
    ("binary.md", b"\x00\x01\x02\x03binary" * 50, "binary data"),
    ("fake.pdf", b"this is not a pdf", "not a PDF"),
    ("broken.pdf", b"%PDF-1.4\n1 0 obj <<>> garbage", "damaged or unreadable PDF"),
    ("fake.docx", b"PK\x03\x04 not really a zip", "not a valid DOCX"),
    ("firmware.xyz", b"\x7fELF\x02\x01\x01" + bytes(200), "not a document: a program or library"),
    ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500), r"Excel 97-2003 workbook \(.xls\) is not read"),
    ("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500), r"Word 97-2003 document \(.doc\) is not read"),
    ("only-headings.md", b"# Title\n\n## Sub\n", "no text found"),
])
def test_bad_files_give_a_reason(tmp_path: Path, name: str, data: bytes, reason: str):
    with pytest.raises(DocumentError, match=reason):
        parse_document(tmp_path / name, data)


def test_pdf_without_text_layer_says_so(tmp_path: Path):
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.rect(20, 20, 50, 50)  # a drawing, no text: what a scan looks like to us
    path = tmp_path / "scan.pdf"
    pdf.output(str(path))
    with pytest.raises(DocumentError, match="no text layer"):
        load_document(path)


def test_sample_corpus_parses_in_every_format():
    from tests.conftest import SAMPLE_DOCS

    formats = {}
    for path in sorted(SAMPLE_DOCS.iterdir()):
        doc = load_document(path)
        formats.setdefault(doc.format, 0)
        formats[doc.format] += 1
        assert headings(doc), path.name
    assert set(formats) == {"pdf", "docx", "markdown", "html", "text"}
    assert sum(formats.values()) >= 12


@pytest.mark.parametrize("encoding, text", [
    # charset_normalizer alone read the first as mac_latin2 ("Tempťrature"), the KOI8-R one as Shift-JIS.
    # Not here: short Turkish (cp1254) and Hungarian (cp1250) text, which still reads as cp1252.
    ("cp1252", "Température de l'eau: 12 °C. Vérifier la pompe P-101A avant démarrage. Œuvre.\n"),
    ("cp1252", "Ölstand prüfen: Pumpe P-101A, Größe 3. Die Förderhöhe beträgt 45 m, Drücke über 6 bar vermeiden.\n"),
    ("cp1252", "La presión de descarga de la bomba P-101A es de 85 psi. Revise la válvula antes del arranque.\n"),
    ("cp1250", "Sprawdź ciśnienie pompy P-101A przed uruchomieniem. Zawór źródłowy żółty.\n"),
    ("cp1250", "Zkontrolujte tlak čerpadla P-101A před spuštěním. Ventil musí být uzavřený, řídicí systém hlásí chybu.\n"),
    ("cp1253", "Η αντλία P-101A έχει συναγερμό πίεσης στα 85 psi. Ελέγξτε τη βαλβίδα.\n"),
    ("koi8_r", "Давление нагнетания насоса P-7303: аварийный сигнал при 85 psi. Перед пуском проверьте задвижку.\n"),
    ("cp1251", "Тиск нагнітання насоса P-101A: сигнал при 85 psi. Перевірте засувку і її стан.\n"),
    ("shift_jis", "ポンプ P-7302 の吐出圧力警報は 85 psi です。起動前にバルブを確認してください。\n"),
    ("euc_jp", "ポンプP-101Aの吐出圧力警報は85psiです。起動前にバルブを確認してください。\n"),
    ("gb18030", "泵P-101A的排放压力报警值为85psi。启动前检查阀门。\n"),
    ("big5", "泵P-101A的排放壓力報警值為85psi。啟動前檢查閥門。\n"),
    ("euc_kr", "펌프 P-101A의 토출 압력 경보는 85psi입니다. 시동 전에 밸브를 확인하십시오.\n"),
    ("utf-16", "Насос P-101A: давление 85 psi.\n"),
])
def test_legacy_encodings_read_without_mojibake(encoding: str, text: str):
    assert parse_document(Path("notes.txt"), text.encode(encoding)).text == text


def test_a_pdf_outline_is_its_section_tree_over_font_sizes(tmp_path: Path):
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("Helvetica", size=10)
    body = "The pump is started from the local control panel after the suction valve is open. " * 3
    for chapter, sections in [("Operation", ["3.1 Starting a Pump", "3.2 Stopping a Pump"]),
                              ("Maintenance", ["4.1 Repacking the Gland"])]:
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 16)
        # a big running title on every page: no heading
        pdf.multi_cell(0, 8, "BOOSTER STATION B MANUAL", new_x="LMARGIN", new_y="NEXT")
        pdf.start_section(chapter, level=0)
        pdf.multi_cell(0, 8, chapter, new_x="LMARGIN", new_y="NEXT")
        for section in sections:
            pdf.set_font("Helvetica", "", 10)
            # the outline names the section without its number; the page prints it with the number,
            # in the body font
            pdf.start_section(section.split(" ", 1)[1], level=1)
            pdf.multi_cell(0, 5, section, new_x="LMARGIN", new_y="NEXT")
            pdf.multi_cell(0, 5, body, new_x="LMARGIN", new_y="NEXT")
    path = tmp_path / "outline.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    # the printed number joins the label: it is how the document refers to its sections
    assert headings(doc) == [(1, "Operation"), (2, "3.1 Starting a Pump"), (2, "3.2 Stopping a Pump"),
                             (1, "Maintenance"), (2, "4.1 Repacking the Gland")]
    heading = next(b for b in doc.blocks if b.kind == HEADING and b.label == "3.2 Stopping a Pump")
    assert doc.text[heading.start:heading.end] == "3.2 Stopping a Pump"  # placed on its own line
    from operator_assistant.core.chunking import chunk_document

    sections = {c.section for c in chunk_document(doc)}
    assert ("Maintenance", "4.1 Repacking the Gland") in sections
    assert not any("BOOSTER STATION" in " ".join(s) for s in sections)


def test_bold_headings_in_body_type_below_a_bookmark_are_sections_and_emphasis_is_not(tmp_path: Path):
    # FM 5-125 bookmarks "Types of Chain Hoists" and prints "Spur-Gear Chain Hoist" in bold under it
    from fpdf import FPDF

    from operator_assistant.core.chunking import chunk_document

    pdf = FPDF()
    pdf.add_page()
    body = "This hoist is used where few people operate it and the load is lifted often during a shift. " * 2
    lines = [("B", "TYPES OF"), ("", "Chain hoists come in three kinds, each for vertical operation."),  # a side head
             ("B", "Spur-Gear Chain Hoist"), ("", body + "It is about 85 percent efficient."),
             ("B", "Screw-Gear Chain"), ("B", "Hoist"), ("", body + "It is about 50 percent efficient."),
             ("", "Check the grit collector and oil separators"), ("B", "ANNUALLY."),  # emphasis wrapped alone
             ("B", "Training: 1 per Year"),  # a form's label and value
             ("", "Keep the hoist chain clean and lubricated after each use in wet places.")]
    pdf.set_font("Helvetica", "B", 14)
    pdf.start_section("Chain Hoists", level=0)
    pdf.multi_cell(0, 8, "Chain Hoists", new_x="LMARGIN", new_y="NEXT")
    pdf.start_section("Types of Chain Hoists", level=1)
    for style, text in lines:
        pdf.set_font("Helvetica", style, 11)
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.start_section("Load Capacity", level=1)
    pdf.multi_cell(0, 8, "Load Capacity", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 11)
    pdf.multi_cell(0, 6, body, new_x="LMARGIN", new_y="NEXT")
    path = tmp_path / "hoists.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    assert headings(doc) == [(1, "Chain Hoists"), (2, "Types of Chain Hoists"), (3, "Spur-Gear Chain Hoist"),
                             (3, "Screw-Gear Chain Hoist"), (2, "Load Capacity")]
    spur = next(c for c in chunk_document(doc) if "85 percent" in c.text)
    assert spur.section == ("Chain Hoists", "Types of Chain Hoists", "Spur-Gear Chain Hoist")


def test_html_permalink_icons_are_no_part_of_a_heading():
    html = '<h2>OPER-1 Startup Checks<a class="headerlink" href="#oper-1" title="Link">\uf0c1</a></h2><p>Check the lamps.</p>'
    doc = parse_document(Path("p.html"), html.encode())
    assert headings(doc) == [(2, "OPER-1 Startup Checks")] and "\uf0c1" not in doc.text


def test_running_headers_footers_and_page_numbers_are_kept_out_of_chunk_text(tmp_path: Path):
    from fpdf import FPDF

    from operator_assistant.core.chunking import chunk_document
    from operator_assistant.core.documents.base import FURNITURE

    pdf = FPDF()
    pdf.set_auto_page_break(False)
    steps = ["Open the suction valve V-101 fully before starting.", "Start pump P-101 from the panel.",
             "Check the discharge pressure reads 60 to 70 psi.", "Record the start in the log book.",
             "Walk down the station and close the door."]
    for n in range(6):
        pdf.add_page()
        pdf.set_font("Helvetica", size=9)
        pdf.set_xy(10, 8)  # in the top margin; odd and even pages set the chapter title on either side
        pdf.cell(0, 5, f"Pump Stations {n + 1}-2" if n % 2 else f"2-{n + 1} Pump Stations")
        pdf.set_font("Helvetica", size=11)
        pdf.set_xy(10, 40)
        for step in steps:
            station = ['North', 'South', 'East', 'West', 'Lake', 'Hill'][n]
            pdf.multi_cell(0, 6, f"{station} station: {step}", new_x="LMARGIN", new_y="NEXT")
        if n in (1, 3):  # a list heading repeated low on some pages, no figure in it: it stays text
            pdf.set_xy(10, 272)
            pdf.cell(0, 5, "DON'T")
        pdf.set_xy(10, 284)  # the bottom margin
        pdf.cell(0, 5, f"Page {n + 1} of 6")
    path = tmp_path / "running.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    furniture = [doc.text[b.start:b.end] for b in doc.blocks if b.kind == FURNITURE]
    assert sorted(furniture) == sorted([f"2-{n} Pump Stations" for n in (1, 3, 5)] + [f"Pump Stations {n}-2" for n in (2, 4, 6)]
                                       + [f"Page {n} of 6" for n in range(1, 7)])
    chunks = chunk_document(doc)
    joined = " ".join(c.text for c in chunks)
    assert "Pump Stations" not in joined and "of 6" not in joined and joined.count("DON'T") == 2
    for chunk in chunks:  # blanked, not cut: offsets still point into the document
        assert len(chunk.text) == chunk.end - chunk.start
        assert chunk.text.split() == [w for w in doc.text[chunk.start:chunk.end].split() if w in chunk.text.split()]
    assert "Page 2 of 6" in doc.text  # the page map keeps them


def test_a_pdf_without_outline_takes_bold_and_numbered_lines_that_read_as_headings(tmp_path: Path):
    from fpdf import FPDF

    pdf = FPDF()
    body = "Entry supervisors sign the permit before anyone enters the tank and keep it at the entrance. " * 2
    pages = [
        [("B", "CONFINED SPACE PROGRAM"), ("", body), ("B", "1 PURPOSE"), ("", body),
         ("B", "2 ENTRY PERMITS"), ("B", "2.1 Issuing a Permit"), ("", body + " Post a sign:"),
         ("B", "DANGER - PERMIT REQUIRED"), ("B", "DO NOT ENTER")],
        [("B", "CONFINED SPACE PROGRAM"), ("B", "2.2 Permit Duration"), ("", body),
         ("B", "Look for other sources of water in and around your"), ("", "home before you enter the space."),
         ("B", "The attendant keeps the following records for each entry:"), ("", body)],
        [("B", "CONFINED SPACE PROGRAM"), ("B", "3 RESCUE"), ("", body)],
    ]
    for lines in pages:
        pdf.add_page()
        for style, text in lines:
            pdf.set_font("Helvetica", style, 11)
            pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    path = tmp_path / "no-outline.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    # the running title on every page, the sign's words after "a sign:", a bold lead-in sentence and a
    # sentence in bold are no headings; numbering gives the depth
    assert headings(doc) == [(1, "1 PURPOSE"), (1, "2 ENTRY PERMITS"), (2, "2.1 Issuing a Permit"),
                             (2, "2.2 Permit Duration"), (1, "3 RESCUE")]


def test_a_numbered_pdf_heading_wrapped_onto_a_line_of_its_own_type_is_one_heading(tmp_path: Path):
    from fpdf import FPDF

    pdf = FPDF()
    body = "Check the exciter wiring and the regulator settings before the machine is started again. " * 2
    lines = [("B", "9.4 Thermal performance"), ("", body),
             ("B", "9.5 Electrical performance and excitation system of"), ("B", "generators"), ("", body),
             ("B", "Look for other sources of water in and around your"), ("", "home before you enter the space.")]
    pdf.add_page()
    for style, text in lines:
        pdf.set_font("Helvetica", style, 13 if style else 11)  # headings set larger, as the generator manual's
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    path = tmp_path / "wrapped-heading.pdf"
    pdf.output(str(path))
    # the wrapped line starts in lower case, which alone would make the first a bold lead-in sentence; a
    # lead-in whose next line is body type still is one
    assert headings(load_document(path)) == [(2, "9.4 Thermal performance"),
                                             (2, "9.5 Electrical performance and excitation system of generators")]


def test_a_chapter_title_that_runs_at_the_head_of_its_pages_is_a_heading_where_it_first_appears(tmp_path: Path):
    body = ("Check the exciter wiring and the regulator settings before the machine is started again.", 10)
    pages = [[("Chapter 1 Introduction", 18), ("1.1 General", 14), body],
             [("Chapter 2 Troubleshooting", 18), ("2.1 Mechanical performance", 14), body],
             [("Chapter 2 Troubleshooting", 18), ("2.2 Electrical performance", 14), body],
             [("Chapter 2 Troubleshooting", 18), ("2.3 Lubrication", 14), body]]
    doc = load_document(make_pdf(tmp_path / "manual.pdf", pages))
    # the running title is furniture on the pages after its first, where it heads the chapter
    assert headings(doc) == [(1, "Chapter 1 Introduction"), (3, "1.1 General"), (1, "Chapter 2 Troubleshooting"),
                             (3, "2.1 Mechanical performance"), (3, "2.2 Electrical performance"),
                             (3, "2.3 Lubrication")]


def test_a_pdf_title_that_is_a_file_name_gives_way_to_the_cover(tmp_path: Path):
    path = make_pdf(tmp_path / "c.pdf", [[("CONFINED SPACE", 16), ("PROGRAM", 16), ("Scope of this program.", 10)]],
                    title="CONFIND1.PDF")
    assert load_document(path).title == "CONFINED SPACE PROGRAM"


def test_bookmarks_named_after_files_take_the_page_heading(tmp_path: Path):
    # PDFs combined from files get bookmarks named by file: the page's own heading names the section
    from fpdf import FPDF

    pdf = FPDF()
    sheets = [("env_eph_08.05 Bulk Liquids", "8.5 Bulk Liquids", "8.5 HANDLING BULK LIQUIDS"),
              ("env_eph_08.06 Dry Bulk Storage", "8.6 Dry Bulk Storage", "8.6 BULK DRY MATERIALS STORAGE"),
              ("env_eph_09.02 Construction Waste", "9.2 Construction Waste", "Construction waste is part of any plan."),
              # a command's name is no file's: the bookmark keeps it
              ("booster_msx Subcommand", "7.1 Booster Placement", "7.1.2 booster_msx Subcommand")]
    for bookmark, running, heading in sheets:
        pdf.add_page()
        pdf.set_font("Helvetica", size=11)
        pdf.start_section(bookmark, level=0)
        pdf.multi_cell(0, 6, f"{running} Page 1 of 2", new_x="LMARGIN", new_y="NEXT")
        pdf.multi_cell(0, 6, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.multi_cell(0, 6, "Keep containers closed and store them on a containment pallet. " * 3,
                       new_x="LMARGIN", new_y="NEXT")
    path = tmp_path / "binder.pdf"
    pdf.output(str(path))
    assert [label for _, label in headings(load_document(path))] == [
        "8.5 HANDLING BULK LIQUIDS", "8.6 BULK DRY MATERIALS STORAGE", "Construction Waste", "7.1.2 booster_msx Subcommand"]


def test_docx_heading_styles_on_form_fields_and_sentences_are_text(tmp_path: Path):
    from operator_assistant.core.chunking import chunk_document

    path = make_docx(tmp_path / "template.docx", [
        ("Heading 1", "Part 2 - Treatment"), ("", "Chlorine gas is fed at the well house."),
        ("Heading 2", "Horsepower: _______________"),
        ("Heading 2", "Describe what controls the start-up of your water source (automatic or manual)."),
        ("", "The well pump starts on low tank level."),
        ("Heading 2", "well pump operational (flow rate and pressure normal)"),
        ("Heading 2", "Emergency Flags"), ("", "An emergency exists when the tank is below 5 feet."),
    ])
    doc = load_document(path)
    assert headings(doc) == [(1, "Part 2 - Treatment"), (2, "Emergency Flags")]
    sections = {c.section for c in chunk_document(doc)}
    assert all(len(" > ".join(s)) < 60 for s in sections)
    assert "Horsepower: _______________" in doc.text  # kept as text, nothing lost


def test_docx_bold_numbered_sections_in_a_body_style_are_headings(tmp_path: Path):
    import docx

    document = docx.Document()
    document.add_paragraph().add_run("SECTION 2 - ROUTINE OPERATIONS").bold = True
    document.add_paragraph("Check the chlorine residual every morning.")
    document.add_paragraph().add_run("1. Close the suction valve").bold = True  # a bold step stays a step
    document.add_paragraph().add_run("Note the time").bold = True  # bold, not numbered: text
    document.add_paragraph().add_run("2.1 Daily Checks").bold = True
    document.add_paragraph("Read the meters.")
    path = tmp_path / "template.docx"
    document.save(str(path))
    assert headings(load_document(path)) == [(1, "SECTION 2 - ROUTINE OPERATIONS"), (2, "2.1 Daily Checks")]


def test_a_printed_table_of_contents_names_the_sections_of_a_pdf_without_outline(tmp_path: Path):
    # a specification with no outline and headings in body type: its contents page lists them
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    for entry, page in [("Contents", ""), ("1 Scope", "2"), ("2 Request Handling", "2"), ("2.1 Error Detected", "2"),
                        ("2.2 Retries", "3"), ("Appendix A Function Codes", "3")]:
        pdf.cell(150, 6, entry + (" " + "." * 40 if page else ""))
        pdf.cell(0, 6, page, new_x="LMARGIN", new_y="NEXT")
    body = "The master sends the request and waits for the answer within the configured timeout. " * 2
    for lines in [["1 Scope", body + "Error handling is described in 2.1 Error Detected below.",
                   "2 Request Handling", body, "2.1 Error Detected", body],
                  ["2.2 Retries", body, "Appendix A Function Codes", body]]:
        pdf.add_page()
        for line in lines:
            pdf.multi_cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    path = tmp_path / "spec.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    assert headings(doc) == [(1, "1 Scope"), (1, "2 Request Handling"), (2, "2.1 Error Detected"),
                             (2, "2.2 Retries"), (1, "Appendix A Function Codes")]
    from operator_assistant.core.chunking import chunk_document

    sections = {c.section for c in chunk_document(doc)}
    assert ("2 Request Handling", "2.2 Retries") in sections and ("Appendix A Function Codes",) in sections


def test_a_word_contents_list_is_its_own_section(tmp_path: Path):
    # Word's contents entries ("toc 1", "toc 2" styles) carry no dot leaders once read as text
    import docx
    from docx.enum.style import WD_STYLE_TYPE

    from operator_assistant.core.chunking import chunk_document

    document = docx.Document()
    for name in ("toc 1", "toc 2"):
        document.styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
    document.add_paragraph("Drinking Water Regulations")
    for style, entry in [("toc 1", "Article 1. Definitions\t22"), ("toc 2", "§64401. Approved Laboratory.\t22"),
                         ("toc 1", "Article 2. Requirements\t23")]:
        document.add_paragraph(entry, style=style)
    document.add_heading("Article 1. Definitions", level=1)
    document.add_paragraph("An approved laboratory is one certified by the State Board for the analysis.")
    path = tmp_path / "regs.docx"
    document.save(str(path))
    doc = load_document(path)
    sections = {c.section: c.text for c in chunk_document(doc)}
    assert sections[("Contents",)].startswith("Article 1. Definitions") and "§64401." in sections[("Contents",)]
    assert "Drinking Water Regulations" not in sections[("Contents",)]  # the cover line before the list
    assert "certified by the State Board" in sections[("Article 1. Definitions",)]
