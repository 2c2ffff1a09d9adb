"""Symptom corpus, set 6: an invented seawater reverse-osmosis desalination plant.

The site is the Kestrel Head Desalination Plant, a made-up 45 ML/d seawater plant run by the equally made-up
Tidewater Coastal Water. Seawater comes in through an open intake with two travelling band screens (TBS-110,
TBS-120) and four intake pumps (IPS-131 to IPS-134), is coagulated with ferric chloride and filtered by six
ultrafiltration racks (UF-A to UF-F, backwash pumps BWP-221/222, air scour blower AB-231). Four reverse-osmosis
trains (RO-1 to RO-4) from the invented vendor Marisol Process Systems each have a booster pump BP-3n1, a
high-pressure pump HPP-3n0 and a bank of isobaric energy recovery devices ERD-3n2. Permeate is remineralised with
CO2 and limewater from saturator LS-510, stored in product water tank PWT-601 and sent by transfer pumps PTP-611
to PTP-613 to the (invented) Hollins Hill town reservoir. Brine and UF backwash waste go to brine pit BRP-701 and a
gravity outfall at the sea wall. Every name, vendor, tag and number is invented.

The four documents, each with its own layout:

1. ``kh_ro_train_fault_supplement.pdf`` - a vendor troubleshooting supplement for the RO skid (fpdf2, Helvetica,
   four pages). The fault code list is a table (code | HMI text | class | automatic reaction) on one page; the
   remedies are separate "Remedy F-2xx" paragraphs with lettered probable causes (a), (b), (c) on later pages, so
   the symptom text and its causes are far apart.
2. ``kh_pretreatment_om_section7.docx`` - section 7 of the owner's O&M manual for the intake and UF. One long
   troubleshooting table with the columns Possible cause | How to confirm | Corrective action, in which each
   symptom is a bold, shaded row merged across all three columns with its cause rows under it.
3. ``kh_chemicals_posttreatment.html`` - an intranet quick-help page for chemical dosing and remineralisation.
   Each symptom is a ``<details><summary>`` accordion holding an ordered list; every item is a "Cause:" sentence
   and a "Do:" sentence.
4. ``kh_night_shift_notes.txt`` - a senior operator's plain-text crib notes for the night shift. The
   troubleshooting is narrative prose ("Nine times out of ten it is X - do Y. If that is not it, ..."), one
   paragraph per symptom, with no tables or bullets.

Near misses: every document also uses the same words outside troubleshooting. The PDF has a normal operating
values table, an alarm/trip setpoint table, information-only fault codes, start-up and shutdown steps and a
maintenance interval table. The DOCX has a scope paragraph, normal ranges with alarm levels, the automatic UF
backwash sequence and maintenance intervals. The HTML has a dosing setpoint table, product water targets and a
chemical delivery procedure. The text notes have normal night readings, alarm numbers, "things that look like
faults but aren't" and a handover checklist. Look-alike symptom pairs with different causes sit in the same
document: HPP suction low vs discharge high and permeate conductivity high in service vs at start-up (PDF); screen
differential high vs screen stopped and UF TMP rising fast vs creeping slowly (DOCX); product water pH low vs high
(HTML); product tank falling vs rising (text notes).

``QUESTIONS`` holds 18 answerable questions (5 PDF, 5 DOCX, 4 HTML, 4 text) and 4 about equipment the site has
(RO CIP tank heater, intake pump vibration, UF backwash pump, lime silo dust filter) that no document
troubleshoots. Each answerable question has two answer keywords copied verbatim from the causes/remedies of its
symptom, one from the first cause and one from the last; each occurs once in the whole corpus.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import pathlib
from typing import Any

from docx import Document
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt
from fpdf import FPDF

from tests.support.symptom_common import fixed_zip, symptom_question

FIXED_TIME = dt.datetime(2025, 2, 3, 6, 30, tzinfo=dt.UTC)
_ZIP_TIME = (2025, 2, 3, 6, 30, 0)

PDF_NAME = "kh_ro_train_fault_supplement.pdf"
DOCX_NAME = "kh_pretreatment_om_section7.docx"
HTML_NAME = "kh_chemicals_posttreatment.html"
TXT_NAME = "kh_night_shift_notes.txt"

# ---------------------------------------------------------------------------------------------------------------
# 1. PDF: vendor fault code list with remedies further on
# ---------------------------------------------------------------------------------------------------------------

_PDF_SCOPE = [
    "This supplement covers the fault codes raised by the MPS-SW4 train PLC for the high-pressure pump, the "
    "isobaric energy recovery bank and the two-stage membrane array. It does not cover the intake screens, the UF "
    "pre-treatment, chemical dosing or the post-treatment plant, which are described in the owner's O&M manual.",
    "Tag numbers use the train digit n, so HPP-3n0 is the high-pressure pump of train n (HPP-310 on RO-1, HPP-340 "
    "on RO-4) and CIT-3n8 is the permeate conductivity transmitter of train n.",
    "Read Sections 2 and 3 before acting on any fault code: several alarms are raised during normal start and stop "
    "transients and clear by themselves once the train is stable.",
]

_PDF_NORMAL = [
    ("Parameter", "Normal range", "Notes"),
    ("HPP suction pressure (PT-3n3)", "2.2 - 3.4 bar g", "Supplied by booster pump BP-3n1 from the UF filtrate tank"),
    ("HPP discharge pressure (PT-3n4)", "54 - 63 bar g", "Higher in winter with cold feed water"),
    ("Cartridge filter differential", "0.2 - 0.6 bar", "About 0.15 bar with new elements"),
    ("Stage 1 differential pressure", "1.0 - 1.8 bar", "Trend after each clean"),
    ("Permeate conductivity (CIT-3n8)", "350 - 550 uS/cm", "Train blend of both stages"),
    ("Recovery", "44 - 46 %", "Set by concentrate control valve CV-3n7"),
    ("ERD HP flows (FIT-3n2A/B)", "Matched within 3 %", "HP brine in against HP seawater out"),
    ("ERD lubrication flow", "2 - 4 % of LP flow", "Not adjustable on site"),
    ("Permeate dump time at start", "180 s", "Adjustable 60 - 600 s on the HMI"),
]

_PDF_SETPOINTS = [
    ("Signal", "Alarm", "Trip", "Delay"),
    ("PT-3n3 HPP suction pressure", "< 1.6 bar", "< 1.0 bar", "5 s"),
    ("PT-3n4 HPP discharge pressure", "> 66 bar", "> 69 bar", "2 s"),
    ("CIT-3n8 permeate conductivity", "> 650 uS/cm", "> 900 uS/cm (to dump)", "30 s"),
    ("FIT-3n2A/B ERD flow mismatch", "> 6 %", "> 10 %", "20 s"),
    ("PDT-3n6 stage 1 differential", "> 2.3 bar", "> 2.8 bar", "60 s"),
    ("ORP-3n9 feed ORP", "> 300 mV", "> 350 mV", "10 s"),
]

_PDF_CODES = [
    ("Code", "HMI text", "Class", "Automatic reaction"),
    ("I-101", "FLUSH SEQUENCE ACTIVE", "Info", "None"),
    ("I-104", "PERMEATE TO DUMP", "Info", "None"),
    ("I-118", "CIP MODE SELECTED", "Info", "HPP start blocked"),
    ("F-211", "HPP SUCTION PRESS LOW", "Trip", "HPP stop, train to flush"),
    ("F-214", "HPP DISCH PRESS HIGH", "Trip", "HPP stop, relief to drain"),
    ("F-236", "PERMEATE COND HIGH", "Alarm", "Permeate to dump after 30 s"),
    ("F-238", "PERMEATE COND HIGH AT START", "Alarm", "Dump time extended once"),
    ("F-241", "ERD FLOW MISMATCH", "Alarm / Trip", "BP-3n1 ramps down; trip at 10 %"),
    ("F-252", "STAGE 1 DP HIGH", "Alarm", "None"),
    ("F-265", "FEED ORP HIGH", "Trip", "HPP stop, feed to drain"),
]

_PDF_REMEDIES: list[tuple[str, str, list[str]]] = [
    (
        "F-211",
        "HPP SUCTION PRESS LOW",
        [
            "(a) Cartridge filter CF-3n5 blinded: change the cartridge set (all 42 elements) if the differential "
            "across the housing is above 1.0 bar, and write the date on the housing tag.",
            "(b) Booster pump BP-3n1 has tripped, or the UF filtrate tank is low. Confirm the filtrate tank "
            "level is above 40 % and restart BP-3n1 from the train panel.",
            "(c) Suction isolation valve HV-3n1 left part closed after maintenance. Walk the suction line, open "
            "the valve fully and fit the padlock so it cannot be left throttled again.",
        ],
    ),
    (
        "F-214",
        "HPP DISCH PRESS HIGH",
        [
            "(a) Concentrate control valve CV-3n7 failed closed, usually on loss of the positioner air supply. "
            "Check that the regulator at the valve reads 5.5 bar, then stroke the valve from the HMI.",
            "(b) Membrane fouling is raising the feed pressure needed. Compare the normalised feed pressure with "
            "the value after the last clean; if it has risen by more than 10 %, bring the next clean forward.",
            "(c) Feed water colder than 14 deg C. Cold water needs more pressure for the same permeate flow; "
            "lower the permeate flow setpoint by 5 % until the sea warms.",
        ],
    ),
    (
        "F-236",
        "PERMEATE COND HIGH",
        [
            "(a) Leaking O-ring or interconnector in one pressure vessel. Sample each vessel permeate port; a "
            "vessel reading more than twice the train average has the leak. Replace its interconnector O-rings.",
            "(b) Scaling of the tail-end elements after antiscalant dosing was lost. Check the dosing record; "
            "if dosing stopped for more than 2 hours, run a low-pH clean on stage 2.",
            "(c) Oxidation of the lead elements after chlorine reached the membranes. If feed ORP went above "
            "350 mV at any time, autopsy one lead element; oxidised elements cannot be recovered.",
        ],
    ),
    (
        "F-238",
        "PERMEATE COND HIGH AT START",
        [
            "(a) Dump timer too short for how long the train stood: lengthen the dump timer to 480 s for the "
            "first start after a stop longer than one day.",
            "(b) Membranes stood in seawater without the shutdown flush. Salt diffuses to the permeate side; "
            "a 15 minute permeate displacement flush before the start clears it.",
            "(c) Conductivity cell CIT-3n8 air-bound after the permeate line was drained. Vent the cell "
            "housing and compare the reading with a hand meter.",
        ],
    ),
    (
        "F-241",
        "ERD FLOW MISMATCH",
        [
            "(a) Low-pressure brine outlet valve HV-3n9 throttled, so the exchangers are starved of LP flow. "
            "Open HV-3n9 until the LP outlet pressure is 1.2 - 1.5 bar.",
            "(b) One flow transmitter reading wrong. Zero FIT-3n2A and FIT-3n2B with the train stopped and "
            "full of water, then restart.",
            "(c) An exchanger rotor has stalled, usually on debris that passed the cartridge filters. Listen at "
            "each vessel with a stethoscope; a silent unit must be isolated. Call Marisol service.",
        ],
    ),
    (
        "F-252",
        "STAGE 1 DP HIGH",
        [
            "(a) Biological growth on the lead elements. Check the last SDI results and run an alkaline clean "
            "at 30 deg C.",
            "(b) Debris on the face of the lead elements from a damaged cartridge. Open the cartridge housing "
            "and look for split or displaced elements.",
        ],
    ),
    (
        "F-265",
        "FEED ORP HIGH",
        [
            "Oxidant is present in the feed. The cause lies outside the MPS-SW4 scope; follow the owner's "
            "dosing instructions and do not restart until feed ORP has been below 250 mV for 10 minutes.",
        ],
    ),
]

_PDF_STARTUP = [
    "Confirm no F codes are active and CIP mode is deselected (I-118 cleared).",
    "Confirm the UF filtrate tank is above 40 % and that antiscalant and SBS dosing are running.",
    "Start booster pump BP-3n1; HPP suction pressure must reach 2.2 bar within 30 s.",
    "Start HPP-3n0; the VFD ramps to 55 bar in 60 s.",
    "Permeate goes to dump for the set dump time (I-104) and changes to product below 650 uS/cm.",
    "Check that the ERD flows are matched and the lubrication flow is in range.",
]

_PDF_SHUTDOWN = [
    "Ramp HPP-3n0 down to minimum speed and stop it; stop BP-3n1.",
    "The automatic shutdown flush runs with permeate for 10 minutes (I-101).",
    "If the train will stand for more than 7 days, preserve it with 1 % sodium metabisulphite solution.",
]

_PDF_MAINTENANCE = [
    ("Item", "Interval", "Note"),
    ("Cartridge filter elements", "At 1.0 bar differential or 8 weeks", "Whichever comes first"),
    ("ERD vessel inspection", "12 months", "Marisol service engineer"),
    ("HPP bearing oil", "4,000 running hours", "ISO VG 68"),
    ("Permeate conductivity cells", "Monthly calibration", "Two-point, 147 and 1413 uS/cm"),
    ("Membrane clean (CIP)", "Normalised DP +15 % or flow -10 %", "Owner's CIP skid CIP-350"),
    ("CIP tank heater elements", "Annual inspection", "Descale if required"),
    ("Interconnector O-rings", "At each membrane loading", "Lubricate with glycerine only"),
]


class _SupplementPDF(FPDF):
    def footer(self) -> None:
        self.set_y(-14)
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 6, f"Marisol Process Systems - MPS-SW4-TS-03 Rev C - page {self.page_no()}", align="C")


def _pdf_heading(pdf: FPDF, text: str) -> None:
    pdf.ln(2)
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)


def _pdf_para(pdf: FPDF, text: str, indent: float = 0) -> None:
    if indent:
        pdf.set_x(pdf.l_margin + indent)
    pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1.5)


def _pdf_table(pdf: FPDF, rows: list[tuple[str, ...]], widths: tuple[int, ...]) -> None:
    pdf.set_font("Helvetica", "", 9)
    with pdf.table(col_widths=widths, line_height=5, text_align="LEFT", first_row_as_headings=True) as table:
        for values in rows:
            row = table.row()
            for value in values:
                row.cell(value)
    pdf.set_font("Helvetica", "", 10)
    pdf.ln(2)


def _write_pdf(path: pathlib.Path) -> None:
    pdf = _SupplementPDF(format="A4")
    pdf.set_creation_date(FIXED_TIME)
    pdf.set_title("MPS-SW4 Seawater RO Train - Troubleshooting Supplement")
    pdf.set_author("Marisol Process Systems")
    pdf.set_auto_page_break(auto=True, margin=18)
    pdf.set_margins(18, 16, 18)

    pdf.add_page()
    pdf.set_font("Helvetica", "B", 15)
    pdf.cell(0, 8, "MARISOL PROCESS SYSTEMS", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 13)
    pdf.cell(0, 7, "MPS-SW4 Seawater RO Train - Troubleshooting Supplement", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, "Document MPS-SW4-TS-03 Rev C, issued for Kestrel Head Desalination Plant, trains RO-1 to RO-4",
             new_x="LMARGIN", new_y="NEXT")
    _pdf_heading(pdf, "1  Scope")
    for text in _PDF_SCOPE:
        _pdf_para(pdf, text)
    _pdf_heading(pdf, "2  Normal operating values (design seawater 38,500 mg/l TDS, 12 - 26 deg C)")
    _pdf_table(pdf, _PDF_NORMAL, (60, 35, 79))
    _pdf_heading(pdf, "3  Alarm and trip setpoints")
    _pdf_table(pdf, _PDF_SETPOINTS, (70, 30, 50, 24))

    pdf.add_page()
    _pdf_heading(pdf, "4  Fault code list")
    _pdf_para(pdf, "Codes beginning with I are information only and need no action. Codes beginning with F stop or "
                   "limit the train; the remedy for each F code is given in Section 5. Acknowledge the fault on the "
                   "HMI only after the remedy has been carried out.")
    _pdf_table(pdf, _PDF_CODES, (20, 70, 28, 56))
    _pdf_heading(pdf, "5  Remedies")
    _pdf_para(pdf, "Probable causes are listed in the order in which they are most often found on site. Work down "
                   "the list and reset the fault only when the cause has been removed.")
    for code, hmi_text, paragraphs in _PDF_REMEDIES:
        pdf.ln(1)
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(0, 6, f"Remedy {code}   {hmi_text}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 10)
        for text in paragraphs:
            _pdf_para(pdf, text, indent=4)

    pdf.add_page()
    _pdf_heading(pdf, "6  Start-up after a normal stop")
    for number, text in enumerate(_PDF_STARTUP, start=1):
        _pdf_para(pdf, f"{number}. {text}", indent=4)
    _pdf_heading(pdf, "7  Normal shutdown")
    for number, text in enumerate(_PDF_SHUTDOWN, start=1):
        _pdf_para(pdf, f"{number}. {text}", indent=4)
    _pdf_heading(pdf, "8  Maintenance intervals")
    _pdf_table(pdf, _PDF_MAINTENANCE, (52, 62, 60))
    path.write_bytes(bytes(pdf.output()))


# ---------------------------------------------------------------------------------------------------------------
# 2. DOCX: O&M manual table with merged symptom rows
# ---------------------------------------------------------------------------------------------------------------

_DOCX_NORMAL = [
    ("Item", "Normal", "Alarm"),
    ("Band screen differential level (TBS-110, TBS-120)", "40 - 150 mm", "High 250 mm, high-high 400 mm"),
    ("Band screen speed", "Slow 1.5 m/min, fast 6 m/min", "-"),
    ("Spray water pressure (SWP-115)", "5 - 7 bar", "Low 4 bar"),
    ("Intake pumps IPS-131 to IPS-134 discharge", "2.8 - 3.2 bar", "Low 2.0 bar"),
    ("UF transmembrane pressure (TMP), per rack", "0.2 - 0.6 bar", "High 0.9 bar, trip 1.2 bar"),
    ("UF flux", "55 - 65 l/m2h", "-"),
    ("UF filtrate turbidity", "< 0.08 NTU", "High 0.15 NTU"),
    ("UF filtrate SDI15", "< 3.0", "-"),
    ("Ferric chloride dose", "0.8 - 1.5 mg/l as Fe", "-"),
]

_DOCX_BACKWASH = [
    "The rack leaves filtration and its filtrate valve closes.",
    "Air scour from blower AB-231 for 30 s with the drain open.",
    "Top backwash for 30 s with backwash pump BWP-221 (BWP-222 standby) at 120 l/m2h.",
    "Bottom backwash for 30 s at the same flux.",
    "Forward flush for 20 s to drain.",
    "The filtrate valve opens and the rack returns to filtration.",
]

_DOCX_MAINTENANCE = [
    ("Task", "Interval"),
    ("Inspect band screen panels and seals", "Monthly"),
    ("Change screen drive gearbox oil", "Annually"),
    ("Keep spare shear pins in the spares cabinet", "Minimum stock 6"),
    ("Intake pump vibration readings (IPS-131 to IPS-134)", "Monthly"),
    ("UF pressure decay (integrity) test", "Daily, automatic at 02:00"),
    ("Calibrate UF filtrate turbidimeters", "Monthly"),
    ("Chlorine CEB of each UF rack", "Every 24 h at 500 mg/l"),
    ("Acid CEB of each UF rack", "Weekly at pH 2"),
    ("UF clean-in-place", "Every 3 months or when TMP cannot be recovered"),
]

_DOCX_TROUBLE: list[tuple[str, list[tuple[str, str, str]]]] = [
    (
        "Band screen differential level high (TBS-110 or TBS-120)",
        [
            (
                "Heavy debris load from a jellyfish or weed bloom",
                "Screen face and trash trough heavily loaded; screen already on fast speed for more than 30 minutes",
                "Keep both screens on fast speed, put the second trash skip under the trough and ask the control "
                "room to reduce intake flow if the differential passes 400 mm",
            ),
            (
                "Screen stopped",
                "Differential rising steadily, panels not moving at the head",
                "Go to the next symptom in this table",
            ),
            (
                "Spray wash not cleaning the panels",
                "Spray water pressure below 4 bar; panels come over the head still carrying debris",
                "Clear the spray header nozzles, clean the spray water strainer and check the discharge pressure "
                "of spray pump SWP-115",
            ),
        ],
    ),
    (
        "Band screen stopped (not rotating)",
        [
            (
                "Shear pin on the head sprocket has sheared",
                "Motor and gearbox turning, head shaft stationary",
                "Lock off the drive, find and clear whatever jammed the screen, then fit a brass shear pin from the "
                "spares cabinet (10 mm, part SP-10B). Never fit a steel bolt in place of the pin.",
            ),
            (
                "Drive motor tripped on overload",
                "Overload relay tripped in MCC-1; motor stopped with the screen",
                "Reset once. If it trips again, inspect the boot section and bottom sprocket for trapped debris "
                "before any further reset.",
            ),
            (
                "Drive chain off the sprocket",
                "Chain hanging slack behind the head sprocket guard",
                "Refit the chain and re-tension it to 15 mm sag at mid-span",
            ),
        ],
    ),
    (
        "UF TMP rises fast and is back up within minutes of each backwash",
        [
            (
                "Air scour not reaching the rack",
                "Air scour flow FIT-232 below 60 Nm3/h during backwash; no turbulence in the rack sight glass",
                "Check blower AB-231: clean or change the blower inlet filter and check that the rack air valve opens",
            ),
            (
                "Ferric chloride overdose",
                "Dose above 2.0 mg/l as Fe; orange-brown deposit on the fibres at the inspection port",
                "Reduce the ferric dose to the last jar test value",
            ),
            (
                "Algal bloom in the seawater feed",
                "Feed SDI above 6 and a green tint in the backwash waste",
                "Shorten the backwash interval to 30 minutes and cut the flux to 50 l/m2h until the bloom passes",
            ),
        ],
    ),
    (
        "UF TMP creeping up over several days although backwashes look normal",
        [
            (
                "CEB chemical too weak",
                "Hypochlorite strength in the CEB tank below 400 mg/l on the test kit",
                "Recalibrate the CEB dosing pump and replace hypochlorite older than 30 days",
            ),
            (
                "Seawater temperature falling",
                "TMP rise follows the drop in feed temperature",
                "Trend the temperature-corrected permeability instead of raw TMP; no action if it is steady",
            ),
            (
                "Irreversible fouling building up on the membranes",
                "Temperature-corrected permeability more than 20 % below the value after the last clean-in-place",
                "Book a UF recovery clean for the rack with the maintenance planner",
            ),
        ],
    ),
    (
        "UF filtrate turbidity high, or a rack fails the pressure decay test",
        [
            (
                "Broken fibres in one module",
                "Pressure decay above 0.3 bar in 5 minutes; bubble test shows a stream from one module",
                "Isolate the module, pin the broken fibres with the repair kit and retest",
            ),
            (
                "End-cap O-ring leaking",
                "Bubbles at the module end connection during the bubble test",
                "Replace the end-cap O-ring; lubricate with silicone grease only",
            ),
            (
                "Air in the turbidimeter sample",
                "Turbidity signal spiky while the rack passes the decay test",
                "Fit a bubble trap ahead of the turbidimeter or lower the sample flow",
            ),
        ],
    ),
]


def _shade(cell: Any, fill: str) -> None:
    tc_pr = cell._tc.get_or_add_tcPr()
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    tc_pr.append(shd)


def _docx_table(doc: Any, rows: list[tuple[str, ...]]) -> None:
    table = doc.add_table(rows=0, cols=len(rows[0]))
    table.style = "Table Grid"
    for index, values in enumerate(rows):
        cells = table.add_row().cells
        for cell, value in zip(cells, values):
            cell.text = value
            if index == 0:
                for run in cell.paragraphs[0].runs:
                    run.bold = True


def _write_docx(path: pathlib.Path) -> None:
    doc = Document()
    props = doc.core_properties
    props.author = "Tidewater Coastal Water - Operations"
    props.last_modified_by = "Tidewater Coastal Water - Operations"
    props.title = "KHDP O&M Manual Volume 2 Section 7"
    props.created = FIXED_TIME
    props.modified = FIXED_TIME
    props.last_printed = FIXED_TIME
    props.revision = 4
    doc.styles["Normal"].font.size = Pt(10)

    doc.add_heading("Kestrel Head Desalination Plant - Operation and Maintenance Manual", level=0)
    doc.add_paragraph("Volume 2 - Intake and Pre-treatment. Revision 4, prepared by Tidewater Coastal Water.")
    doc.add_heading("Section 7 - Intake screens and ultrafiltration", level=1)
    doc.add_heading("7.1 Scope", level=2)
    doc.add_paragraph(
        "This section covers the two travelling band screens TBS-110 and TBS-120 with spray pump SWP-115, the intake "
        "pumps IPS-131 to IPS-134, ferric chloride coagulation and the six UF racks UF-A to UF-F with their backwash "
        "pumps and air scour blower. The RO trains are covered by the Marisol supplement and chemical dosing by the "
        "intranet quick-help pages."
    )
    doc.add_heading("7.2 Normal operating ranges", level=2)
    _docx_table(doc, _DOCX_NORMAL)
    doc.add_heading("7.3 UF backwash sequence", level=2)
    doc.add_paragraph("Each rack backwashes automatically every 45 minutes of filtration. The steps are:")
    for text in _DOCX_BACKWASH:
        doc.add_paragraph(text, style="List Number")
    doc.add_paragraph(
        "In addition to the backwash, each rack receives a chemically enhanced backwash (CEB) with hypochlorite "
        "once a day and with acid once a week, and a full clean-in-place every three months."
    )
    doc.add_heading("7.4 Maintenance intervals", level=2)
    _docx_table(doc, _DOCX_MAINTENANCE)
    doc.add_heading("7.5 Troubleshooting", level=2)
    doc.add_paragraph(
        "Symptoms are shown in the shaded rows. Under each symptom the possible causes are listed in the order in "
        "which they should be checked."
    )
    table = doc.add_table(rows=0, cols=3)
    table.style = "Table Grid"
    header = table.add_row().cells
    for cell, value in zip(header, ("Possible cause", "How to confirm", "Corrective action")):
        cell.text = value
        cell.paragraphs[0].runs[0].bold = True
    for symptom, causes in _DOCX_TROUBLE:
        row = table.add_row()
        merged = row.cells[0].merge(row.cells[2])
        merged.text = ""
        run = merged.paragraphs[0].add_run(symptom)
        run.bold = True
        _shade(merged, "D9E2F3")
        for values in causes:
            cells = table.add_row().cells
            for cell, value in zip(cells, values):
                cell.text = value
    doc.add_paragraph("If a symptom is not listed here, call the duty process engineer.")

    buffer = io.BytesIO()
    doc.save(buffer)
    path.write_bytes(fixed_zip(buffer.getvalue(), _ZIP_TIME))


# ---------------------------------------------------------------------------------------------------------------
# 3. HTML: intranet quick-help with <details> accordions
# ---------------------------------------------------------------------------------------------------------------

_HTML_SETPOINTS = [
    ("Chemical", "Dosing point", "Setpoint", "Pumps"),
    ("Sodium hypochlorite (intake shock)", "Intake bay", "2 mg/l for 1 hour every 3 days", "DP-431 / DP-432"),
    ("Ferric chloride", "UF feed header", "1.2 mg/l as Fe", "DP-441 / DP-442"),
    ("Sodium bisulphite (SBS)", "RO feed after the UF filtrate tank", "3 mg/l, feed ORP below 200 mV", "DP-421 / DP-422"),
    ("Antiscalant Scalex 690", "RO feed ahead of the cartridge filters", "1.8 mg/l", "DP-411 / DP-412"),
    ("Carbon dioxide", "Product water ahead of the saturator", "45 mg/l", "CDS-520, FIC-521"),
    ("Lime (limewater)", "Product water from saturator LS-510", "To pH 8.2, LSI +0.1", "LSP-512 slurry pump"),
]

_HTML_TARGETS = [
    "pH 8.0 - 8.4 at the final sample point AIT-540",
    "Alkalinity 60 - 80 mg/l as CaCO3",
    "Calcium 40 - 55 mg/l as CaCO3",
    "Turbidity below 0.5 NTU",
    "Free chlorine 0.6 - 1.0 mg/l leaving PWT-601",
]

_HTML_DELIVERY = [
    "Check the delivery note against the tank label before any hose is connected.",
    "For SBS and antiscalant, check the day tank or drum level and confirm there is room for the delivery.",
    "For lime, start the lime silo dust filter fan before the tanker starts to blow and keep it running for "
    "10 minutes after the delivery ends.",
    "For CO2, the supplier's driver fills the bulk tank; the operator signs the pressure and level record.",
    "Enter the delivery in the chemical log with batch number and volume.",
]

_HTML_TROUBLE: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Product water pH low (below 7.9 at AIT-540)",
        [
            (
                "No limewater from the saturator because the lime slurry line has blocked, usually at the first "
                "bend after slurry pump LSP-512.",
                "Flush the slurry line with service water and confirm LSP-512 is delivering.",
            ),
            (
                "Too much CO2: flow controller FIC-521 stuck open or running on the wrong setpoint.",
                "Put FIC-521 in manual at 45 mg/l and check the valve position feedback.",
            ),
            (
                "The saturator sludge blanket has washed out after the upflow was set too high.",
                "Cut the upflow to 6 m/h and let the blanket rebuild for about 12 hours; pH stays low until it does.",
            ),
        ],
    ),
    (
        "Product water pH high (above 8.6 at AIT-540)",
        [
            (
                "No CO2 reaching the dosing point - the CO2 vaporiser has iced up.",
                "Check the vaporiser heater breaker and thaw it with warm water, never with a flame.",
            ),
            (
                "CO2 bulk tank nearly empty (below 15 %).",
                "Call the supplier for an urgent delivery and reduce plant output until it arrives.",
            ),
            (
                "Permeate flow signal FIT-530 lost, so the flow-paced lime dose runs at maximum.",
                "Check FIT-530 and switch the lime dose to fixed rate until the signal is back.",
            ),
        ],
    ),
    (
        "RO feed ORP high - chlorine reaching the RO trains",
        [
            (
                "SBS solution has lost strength: bisulphite left more than 7 days in the day tank oxidises.",
                "Drain the day tank and make up a fresh SBS batch.",
            ),
            (
                "SBS dosing pump DP-421 air-locked after a drum change.",
                "Bleed the dosing head at the purge valve until solution runs clear.",
            ),
            (
                "The intake hypochlorite shock ran for longer than 1 hour.",
                "Check the shock dose timer in the dosing PLC and raise SBS to 6 mg/l during every shock.",
            ),
        ],
    ),
    (
        "Antiscalant pump stroking but nothing drawn from the calibration column",
        [
            (
                "Drum empty, or the suction foot valve stuck.",
                "Change to a full drum and clean the foot valve.",
            ),
            (
                "Pump diaphragm ruptured - liquid in the leak detection chamber.",
                "Change to standby pump DP-412 and replace the diaphragm.",
            ),
            (
                "Injection quill at the RO feed blocked with scale.",
                "Remove the quill and give it a citric acid soak (10 %) for one hour.",
            ),
        ],
    ),
]


def _html_table(rows: list[tuple[str, ...]]) -> str:
    lines = ["<table>"]
    head = "".join(f"<th>{html.escape(value)}</th>" for value in rows[0])
    lines.append(f"  <thead><tr>{head}</tr></thead>")
    lines.append("  <tbody>")
    for values in rows[1:]:
        cells = "".join(f"<td>{html.escape(value)}</td>" for value in values)
        lines.append(f"    <tr>{cells}</tr>")
    lines.append("  </tbody>")
    lines.append("</table>")
    return "\n".join(lines)


def _html_text() -> str:
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        "<title>KHDP - Chemical dosing and post-treatment quick help</title>",
        "<style>body{font-family:sans-serif;max-width:60em} details{margin:.4em 0} summary{font-weight:bold}</style>",
        "</head>",
        "<body>",
        '<nav><a href="index.html">KHDP intranet</a> &gt; Operations &gt; Quick help</nav>',
        "<h1>Chemical dosing and post-treatment - operator quick help</h1>",
        "<p>This page covers the chemical dosing systems (hypochlorite, ferric, SBS, antiscalant) and the "
        "remineralisation plant (CO2 and lime saturator LS-510) at Kestrel Head. It is a quick reference for "
        "shift operators; the design basis is in the O&amp;M manual volume 4. Last reviewed February 2025.</p>",
        "<h2>Normal dosing setpoints</h2>",
        _html_table(_HTML_SETPOINTS),
        "<h2>Product water targets</h2>",
        "<ul>",
        *[f"  <li>{e(text)}</li>" for text in _HTML_TARGETS],
        "</ul>",
        "<h2>Chemical deliveries</h2>",
        "<ol>",
        *[f"  <li>{e(text)}</li>" for text in _HTML_DELIVERY],
        "</ol>",
        "<h2>Troubleshooting</h2>",
        "<p>Click a symptom to open it. Causes are in the order we find them most often.</p>",
    ]
    for symptom, causes in _HTML_TROUBLE:
        parts.append("<details>")
        parts.append(f"  <summary>{e(symptom)}</summary>")
        parts.append("  <ol>")
        for cause, action in causes:
            parts.append(f"    <li><p><strong>Cause:</strong> {e(cause)}</p><p><em>Do:</em> {e(action)}</p></li>")
        parts.append("  </ol>")
        parts.append("</details>")
    parts += [
        "<footer><p>Page owner: process engineering, Tidewater Coastal Water. Printed copies are uncontrolled.</p></footer>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# 4. TXT: night shift crib notes in narrative prose
# ---------------------------------------------------------------------------------------------------------------

_TXT = """\
KESTREL HEAD DESAL - NIGHT SHIFT CRIB NOTES
Kept by Mags Delacroix-Ferne, shift lead. Last updated 3 Feb 2025.

WHAT THIS IS
These are my own notes for people new to nights. They do not replace the O&M manual or the Marisol
supplement, they are the things I wish somebody had told me on my first few night shifts: what the plant
normally looks like at 3 a.m., which alarms you will see, and what has usually been wrong when it goes
sideways. Anything on the RO trains themselves, look it up in the Marisol book.

NORMAL NIGHT READINGS
  Product water tank PWT-601 level ........ 55 - 80 %
  Transfer pumps PTP-611 / PTP-612 ......... duty, PTP-613 standby, all in AUTO
  Flow to Hollins Hill reservoir ........... 1,600 - 1,900 m3/h
  Brine pit BRP-701 level .................. 30 - 60 %
  Instrument air header .................... 6.5 - 7.5 bar
  Compressors IAC-801 / IAC-802 ............ one loaded, one on standby

ALARM NUMBERS YOU WILL SEE
  PWT-601 low 35 %, high 90 %, overflow 98 %
  BRP-701 high 80 %, high-high 92 % (trips the UF backwash pumps)
  Instrument air low 5.5 bar, low-low 4.5 bar (RO trains go to safe stop)

THINGS THAT LOOK LIKE FAULTS BUT AREN'T
The product tank always drops 5 - 10 % between 06:00 and 08:00 when the town wakes up. That is normal, leave
it. The brine pit level goes up and down with the UF backwashes all night. The compressors swap duty at
midnight, and the air pressure dips for a few seconds when they do.

WHEN THINGS GO WRONG

Product tank going down overnight with all four trains on line. Nine times out of ten somebody has left one
of the transfer pumps in HAND after the day's work, and it is running flat out on top of the duty pumps. Put
it back in AUTO at MCC-4 and the level recovers within the hour. Less often one train is quietly sending its
permeate to drain: look for I-104 still showing on an RO screen long after a start. If all pumps are in AUTO
and every train is making product, compare the PWT-601 outlet flow with the Hollins Hill inlet flow on the
network screen. If we are sending far more than they are getting, there is a burst on the delivery main, and
you ring the network controller straight away, do not wait for the morning.

The other way round, the product tank climbing towards overflow. Usually the duty transfer pump has tripped
on its thermal overload and the standby did not pick up because the changeover was left in manual. Reset the
overload at MCC-4 and put the changeover back to auto. If the pumps are running but the flow to Hollins Hill
has fallen off, the reservoir end is full and their altitude valve has closed; take one RO train off until it
reopens. If the pumps and the flow both look right, do not trust LT-601: it sticks, so check it against the
sight glass on the tank stair before you do anything drastic.

Brine pit filling up. Check the tide first. On a big spring tide the outfall cannot take full flow by gravity
and the pit rises for about an hour either side of high water; take a train off if it passes 85 % and put it
back when the tide turns. If it is rising at low tide, the flap valve at the sea wall is probably jammed with
weed and needs the day crew with the long hook. If it is neither, look at the UF screen: after a power dip the
racks can all fall into step and backwash together, which dumps a lot of water at once. Re-stagger the UF
backwashes from the UF overview page so no two racks start within 5 minutes of each other.

Instrument air sagging towards 6 bar. Go to the compressor room first: most often the auto drain on the
receiver is stuck open and you will hear it hissing before you get through the door. Close the ball valve
under it and clean the drain in the morning. If that is not it, the duty compressor is not loading; the
unloader solenoid on IAC-801 sticks, so change duty to IAC-802 and leave a note. Failing both, there is a leak
somewhere, usually on the UF actuator tubing. Walk the UF gallery when the racks are between backwashes and
listen for the leak.

HANDOVER CHECKLIST
  - PWT-601 level and trend over the last 4 hours
  - Transfer pumps in AUTO, changeover in auto
  - Brine pit level and the time of the next high tide
  - Instrument air pressure and which compressor is duty
  - Any RO train on dump, in CIP mode or stopped, and why
  - Chemical day tank levels (SBS, antiscalant) and any delivery due
"""


# ---------------------------------------------------------------------------------------------------------------
# Entry point and questions
# ---------------------------------------------------------------------------------------------------------------


def write_all(folder: pathlib.Path) -> pathlib.Path:
    """Write the four documents into ``folder`` (created if needed) and return it."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    _write_pdf(folder / PDF_NAME)
    _write_docx(folder / DOCX_NAME)
    (folder / HTML_NAME).write_text(_html_text(), encoding="utf-8", newline="\n")
    (folder / TXT_NAME).write_text(_TXT, encoding="utf-8", newline="\n")
    return folder


def _q(number: int, question: str, source: str | None, keywords: list[str]) -> dict:
    return symptom_question("sy6", number, question, source, keywords)


QUESTIONS: list[dict] = [
    # PDF - RO train fault supplement
    _q(1, "RO3 high pressure pump tripped on low suction again, what do I check", PDF_NAME,
       ["change the cartridge set", "fit the padlock"]),
    _q(2, "HPP-320 outlet pressure going over 66 bar and tripping the pump on train 2", PDF_NAME,
       ["positioner air supply", "until the sea warms"]),
    _q(3, "train 1 permeate salty for a couple of days now, keeps going to dump, uS way over", PDF_NAME,
       ["twice the train average", "autopsy one lead element"]),
    _q(4, "restarted RO-4 after the weekend and the conductivity is sky high, won't switch to product", PDF_NAME,
       ["lengthen the dump timer", "vent the cell housing"]),
    _q(5, "energy recovery flows don't match on RO1, booster keeps ramping down", PDF_NAME,
       ["starved of LP flow", "a silent unit"]),
    # DOCX - pretreatment O&M section 7
    _q(6, "TBS-120 diff level keeps climbing even though it's already on fast", DOCX_NAME,
       ["second trash skip", "spray header nozzles"]),
    _q(7, "screen 110 motor is humming away but the band isn't going round", DOCX_NAME,
       ["brass shear pin", "15 mm sag"]),
    _q(8, "UF rack C TMP shoots straight back up 10 min after every backwash", DOCX_NAME,
       ["blower inlet filter", "flux to 50 l/m2h"]),
    _q(9, "UF TMP been going up slowly all week, backwashes look fine", DOCX_NAME,
       ["CEB dosing pump", "UF recovery clean"]),
    _q(10, "rack D failed its integrity test overnight and filtrate NTU is up", DOCX_NAME,
       ["pin the broken fibres", "bubble trap"]),
    # HTML - chemicals and post-treatment quick help
    _q(11, "final water pH down at 7.6 and the lime plant looks like it's running", HTML_NAME,
       ["flush the slurry line", "let the blanket rebuild"]),
    _q(12, "treated water pH reading 8.9 on the outlet analyser, why", HTML_NAME,
       ["vaporiser has iced up", "flow-paced lime dose"]),
    _q(13, "ORP alarms on the RO feed on every train, is chlorine getting through?", HTML_NAME,
       ["fresh SBS batch", "shock dose timer"]),
    _q(14, "antiscalant pump clicking away but the cal tube level isn't dropping", HTML_NAME,
       ["clean the foot valve", "citric acid soak"]),
    # TXT - night shift crib notes
    _q(15, "product water tank dropping through the night and all 4 RO trains are running", TXT_NAME,
       ["running flat out", "ring the network controller"]),
    _q(16, "PWT-601 nearly at overflow, what do i do", TXT_NAME,
       ["overload at MCC-4", "on the tank stair"]),
    _q(17, "brine pit keeps rising, got the high level alarm at 85%", TXT_NAME,
       ["big spring tide", "re-stagger the UF backwashes"]),
    _q(18, "instrument air pressure falling, 5.8 bar on the header", TXT_NAME,
       ["hear it hissing", "listen for the leak"]),
    # not in corpus
    _q(19, "CIP tank heater not getting the cleaning solution up to temperature for the RO-2 clean", None, []),
    _q(20, "intake pump IPS-133 vibration high alarm", None, []),
    _q(21, "UF backwash pump BWP-222 won't start, backwash sequence hangs", None, []),
    _q(22, "lime silo dust filter blocked, silo pressurising during the delivery", None, []),
]
