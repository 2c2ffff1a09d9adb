"""A document's title is what a person sees as its title; its text reads as it is shown."""

from pathlib import Path, PurePath

import pytest

from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.titles import page_title, readable_stem, reads_as_title
from tests.conftest import make_docx, make_pdf


@pytest.mark.parametrize("text", ["Table of Contents", "CONTENTS", "Topic", "DOE/ID-Number", "Page 1 of 2",
                                  "Untitled-1", "未命名 -1", "Microsoft Word - pump_manual.doc", "CONFIND1.PDF",
                                  "1. Introduction", "Document No.", "http://www.h-y.tw", ""])
def test_contents_headings_labels_and_file_names_are_no_titles(text):
    assert not reads_as_title(text)


@pytest.mark.parametrize("text", ["Lockout - Tagout Program", "Guide to I/O System", "SRNE_MODBUS PROTOCOL"])
def test_real_titles_read_as_titles(text):
    assert reads_as_title(text)


def test_a_pdf_named_by_its_file_takes_the_big_line_on_its_cover_not_the_contents_heading(tmp_path: Path):
    path = make_pdf(tmp_path / "c.pdf", [[
        ("Table of Contents", 20), ("Raw Water Pump Station", 18), ("Operating Manual", 18),
        ("1 Scope ........ 2", 10), ("2 Start-up ........ 3", 10), ("3 Alarms ........ 5", 10)]],
        title="Microsoft Word - RWPS_manual_rev4.doc")
    assert load_document(path).title == "Raw Water Pump Station Operating Manual"


def test_a_pdf_metadata_title_that_names_nothing_on_the_page_gives_way_to_the_cover(tmp_path: Path):
    # the template the file was made from named it; the page number set in the title's type is no part of it
    path = make_pdf(tmp_path / "m.pdf", [[("1", 20), ("Filter Backwash Procedure", 20), ("Close the inlet valve first.", 10),
                                          ("Open the drain.", 10)]], title="RTM Front Matter Template")
    assert load_document(path).title == "Filter Backwash Procedure"


def test_a_docx_without_a_core_title_takes_its_first_heading_1_not_the_contents(tmp_path: Path):
    path = make_docx(tmp_path / "feed.docx", [
        ("TOC Heading", "Table of Contents"), ("Heading 1", "Chlorine Feed System"),
        ("", "The feed pumps dose sodium hypochlorite."), ("Heading 2", "Alarms"), ("", "Low tank level.")])
    assert load_document(path).title == "Chlorine Feed System"


def test_an_html_title_loses_the_site_name(tmp_path: Path):
    path = tmp_path / "backwash.html"
    path.write_text("<html><head><title>Filter Backwash | Riverside Water Utility</title></head><body>"
                    "<h1>Filter Backwash</h1><p>Backwash at 8 ft of head loss.</p></body></html>", encoding="utf-8")
    assert load_document(path).title == "Filter Backwash"


def test_a_one_word_page_name_keeps_the_site_name():
    assert page_title("MAIN \u2014 NETL TRIGA Manuals  documentation", "MAIN") == "MAIN \u2014 NETL TRIGA Manuals"
    assert page_title("Lockout - Tagout Program", "") == "Lockout - Tagout Program"


def test_markdown_front_matter_is_metadata_not_text(tmp_path: Path):
    source = ("---\ntitle: \"Chlorine Dosing Guide\"\nauthor: Plant Engineering\nlayout: page\n---\n\n"
              "## Dose\n\nDose 2.0 mg/L at the clearwell inlet.\n")
    path = tmp_path / "dosing.md"
    path.write_text(source, encoding="utf-8")
    doc = load_document(path)
    assert doc.title == "Chlorine Dosing Guide"
    assert "author" not in doc.text and "Plant Engineering" not in doc.text and "---" not in doc.text
    assert doc.properties["author"] == "Plant Engineering"
    # offsets still point into the file
    assert len(doc.text) == len(source)
    assert [doc.text[b.start:b.end] for b in doc.blocks] == ["## Dose", "Dose 2.0 mg/L at the clearwell inlet."]
    assert all(source[b.start:b.end] == doc.text[b.start:b.end] for b in doc.blocks)


def test_inline_html_in_markdown_is_read_as_its_text_and_every_line_keeps_its_place(tmp_path: Path):
    source = ("# INTRODUCTION<br>\n\n"
              '<p style="text-indent:50px;">Dissolved oxygen is fixed with MnSO<sub>4</sub> and KI.</p>\n\n'
              "Mn<sup>2+</sup> &rarr; Mn(OH)<sub>2</sub> &amp; more\n\n"
              "Code stays as written: `<b>bold</b>`\n\n```\n<sub>raw</sub>\n```\n\nSee <https://example.org/ref>.\n")
    path = tmp_path / "theory.md"
    path.write_text(source, encoding="utf-8")
    doc = load_document(path)
    assert len(doc.text) == len(source)
    assert "Dissolved oxygen is fixed with MnSO4 and KI." in doc.text and "<p" not in doc.text
    assert "INTRODUCTION" in doc.text and "<br>" not in doc.text
    assert "Mn2+ \u2192 Mn(OH)2 & more" in doc.text
    assert "`<b>bold</b>`" in doc.text and "<sub>raw</sub>" in doc.text  # code is code
    assert "<https://example.org/ref>" in doc.text  # an autolink is text
    # each line of the file starts where it did, so a block's start is the file's
    starts = [n for n, c in enumerate(source) if c == "\n"]
    assert all(doc.text[n] == "\n" for n in starts)
    texts = [" ".join(doc.text[b.start:b.end].split()) for b in doc.blocks]
    assert "Dissolved oxygen is fixed with MnSO4 and KI." in texts


def test_tabs_between_words_read_as_spaces(tmp_path: Path):
    source = "Office\tof\tWater\n\nDisinfect\twith 8 drops of bleach per gallon.\n"
    path = tmp_path / "ow.txt"
    path.write_text(source, encoding="utf-8")
    doc = load_document(path)
    assert doc.title == "Office of Water"
    assert "\t" not in doc.text and "Disinfect with 8 drops" in doc.text
    assert len(doc.text) == len(source)  # one for one: offsets hold


def test_a_text_file_whose_first_line_is_a_sentence_is_named_by_its_file(tmp_path: Path):
    path = tmp_path / "sump_pump_notes.txt"
    path.write_text("Sump pump SP-7313 starts at 60 percent level.\n", encoding="utf-8")
    assert load_document(path).title == "sump pump notes"


def test_a_file_name_reads_as_words():
    assert readable_stem(PurePath("Pump_Manual_Rev3.pdf")) == "Pump Manual Rev3"
    assert readable_stem(PurePath("scada-lts-event-detectors.htm")) == "scada lts event detectors"
    assert readable_stem(PurePath("14177A-5.pdf")) == "14177A-5"


def test_a_text_whose_first_line_names_its_owner_takes_the_title_below(tmp_path: Path):
    path = tmp_path / "site-manual.txt"
    path.write_text("OXBOW VALLEY WATER AUTHORITY\nKESTREL HILL BOOSTER STATION - SITE MANUAL\nDocument HG-SM-710\n\n"
                    "1. GENERAL\nThe station lifts water.\n", encoding="utf-8")
    assert load_document(path).title == "KESTREL HILL BOOSTER STATION - SITE MANUAL"
    path.write_text("Main Pump Control Panel Checks\nCheck the lamps.\n", encoding="utf-8")
    assert load_document(path).title == "Main Pump Control Panel Checks"
