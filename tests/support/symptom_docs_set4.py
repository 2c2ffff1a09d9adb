"""Symptom corpus, set 4: a made-up biomass district heating plant, written blind.

The site is the Brenmoor Quay Heat Centre, run by the (invented) Tallow Valley Heat Network Ltd.
It feeds a buried hot water network of about forty customer substations (SS-01 to SS-40).  Heat
comes from a 6 MW moving-grate biomass boiler B1 (Korvell Thermtec BX-6), two gas-fired peak
boilers PB1/PB2, and an 800 m3 thermal store TS1.  Plate heat exchangers HX1/HX2 separate the plant
circuit from the network, network pumps NP1-NP3 (Ostrand, on drives) circulate the network, a
Lindqvist PX-40 pressurisation unit PU1 with expansion vessels EV1/EV2 holds the static pressure, a
Nordvapor flue gas condenser FGC1 recovers heat from the boiler exhaust, and a duplex softener WT1
with a dosing pump treats the make-up water.  Every name, vendor, tag and number is invented.

The four documents, each in its own layout:

1. ``korvell_bx6_om_section7.pdf`` (fpdf2, 4 pages): a vendor O&M manual extract for the boiler.
   Fault finding is a ruled table "Fault | Possible causes | Remedies" whose cause and remedy cells
   hold several numbered items ("1) ... 2) ..."), so a cause and its remedy sit side by side on the
   page and interleave line by line when the text is extracted.
2. ``network_pumps_pressurisation_fault_guide.docx`` (python-docx): a site-written operator fault
   guide.  Sections are grouped by subsystem, not by symptom; each entry is a run of paragraphs with
   bold run-in labels "Problem.", "Probable cause (a).", "Solution.", "Probable cause (b)." ...
3. ``heatview_alarm_response_sheets.html``: SCADA alarm response sheets.  Each alarm has an
   ``<h3>`` with the alarm code and text, then a ``<dl>`` with "Meaning", "Likely causes" (an
   ``<ol>``) and "Operator response" (an ``<ol>`` whose steps refer back to the numbered causes).
4. ``fgc_and_water_treatment_faq.md``: a shift-team wiki page in Markdown written as a FAQ, with
   "### Why does ...?" headings followed by prose answers that walk through several causes.

Near misses, which use the same words without troubleshooting anything: the PDF has a scope
paragraph, a normal operating values table, start-up and shutdown steps, an alarm and trip setpoint
table and a maintenance interval table, and one fault row (O2 high, output low) that no question asks
about but that looks like two asked rows.  The DOCX has a scope section, a normal values table, a
duty rotation / pump start procedure and a maintenance table (mechanical seal inspection).  The HTML
has an introduction, an alarm setpoint table (including a TS1 nitrogen blanket alarm that no sheet
covers), normal values, a heat exchanger isolation procedure and an unasked alarm sheet (HX2 primary
DP high) that resembles the asked HX1 sheet.  The Markdown has normal readings, explanatory FAQ entries
("What does the condenser do?", "Why do we regenerate at 02:00?", a normal winter plume) and a weekly
checklist.  Look-alike pairs with different causes: smoke at the hopper vs smoke at the furnace doors,
CO high with normal O2 vs O2 high, pressure falling vs pressure climbing, pump trip vs pump noise,
network supply low vs network return high, HX1 supply low vs HX2 primary DP high, softener hardness vs
black network water.

The four not-in-corpus questions ask about equipment the site has (peak boiler flame failure, a pump
seal leak, the TS1 nitrogen blanket, a customer heat meter) that no document troubleshoots.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import pathlib
import zipfile

from tests.support.symptom_common import symptom_question

FIXED_TIME = dt.datetime(2024, 3, 4, 8, 0, tzinfo=dt.UTC)

PDF_NAME = "korvell_bx6_om_section7.pdf"
DOCX_NAME = "network_pumps_pressurisation_fault_guide.docx"
HTML_NAME = "heatview_alarm_response_sheets.html"
MD_NAME = "fgc_and_water_treatment_faq.md"


# ---------------------------------------------------------------------------------------------
# 1. PDF: vendor manual extract, fault table with numbered items in the cells
# ---------------------------------------------------------------------------------------------

_PDF_SCOPE = (
    "This section describes normal operation, start-up, shutdown, alarm setpoints, fault finding and routine "
    "maintenance of the Korvell Thermtec BX-6 moving-grate hot water boiler as installed at Brenmoor Quay Heat "
    "Centre (plant tag B1). It applies to the boiler, the fuel feed screw and stoker tube, the hydraulic grate, "
    "the combustion air fans, the ID fan, the multicyclone and the ash system. The gas peak boilers PB1 and PB2, "
    "the flue gas condenser and the network side of the plant are covered by their own manuals. Operators must "
    "have completed the Korvell site induction before working on the boiler. Read the whole section before "
    "attempting any fault finding; most faults on a biomass boiler start with the fuel."
)

_PDF_NORMAL = [
    ("Parameter", "Normal range", "Unit"),
    ("Boiler flow temperature", "95 - 110", "degC"),
    ("Boiler return temperature", "60 - 70", "degC"),
    ("Furnace draught (PT-201)", "-30 to -80", "Pa"),
    ("Flue gas O2, dry (AT-301)", "6 - 9", "%"),
    ("Flue gas CO (AT-302)", "below 150", "mg/Nm3"),
    ("Flue gas exit temperature (TT-401)", "160 - 190", "degC"),
    ("Feed screw tube temperature (TT-110)", "below 60", "degC"),
    ("Grate hydraulic pressure (PT-501)", "120 - 140", "bar"),
    ("Fuel moisture as delivered", "30 - 45", "% wet basis"),
    ("Rated output", "6.0", "MW"),
]

_PDF_STARTUP = [
    "Confirm the permit for the boiler house is closed and all inspection doors are shut and latched.",
    "Check the fuel bunker holds at least one day of chip and the walking floor is in AUTO.",
    "Check the stoker tube water jacket is full and flow switch FS-112 shows healthy on the HMI.",
    "Start the ID fan and let it purge the furnace for 5 minutes at 60 % speed.",
    "Start the combustion air fans and select LIGHT-UP on the HMI; the feed screw builds a fuel bed.",
    "Ignite with the hot air igniter; confirm furnace temperature rises above 400 degC within 20 minutes.",
    "Release the boiler to the load controller and watch O2, CO and draught for the first hour.",
]

_PDF_SHUTDOWN = [
    "Select BURN-OUT on the HMI; the feed screw stops and the grate runs the remaining fuel onto the ash bed.",
    "Keep the ID fan and combustion air fans running until furnace temperature is below 200 degC.",
    "Keep boiler circulation running for at least 2 hours after burn-out to remove residual heat.",
    "Do not open the furnace doors until draught is stable and the furnace is below 60 degC.",
]

_PDF_SETPOINTS = [
    ("Tag", "Description", "Alarm", "Trip"),
    ("TT-110", "Feed screw tube temperature high", "70 degC", "90 degC"),
    ("PT-201", "Furnace draught high (less negative)", "-10 Pa", "+20 Pa"),
    ("AT-301", "Flue gas O2 low", "4 %", "-"),
    ("AT-302", "Flue gas CO high", "500 mg/Nm3", "-"),
    ("TT-401", "Flue gas exit temperature high", "230 degC", "260 degC"),
    ("PT-501", "Grate hydraulic pressure low", "100 bar", "80 bar"),
    ("TT-120", "Boiler flow temperature high", "112 degC", "118 degC"),
    ("FS-112", "Stoker jacket flow lost", "5 s", "30 s"),
]

_PDF_FAULTS = [
    ("Fault", "Possible causes", "Remedies"),
    (
        "Smoke or fumes at the fuel hopper; feed screw tube temperature rising (burn-back)",
        "1) Fuel bed too short: the grate is running too fast and the fire creeps back into the stoker tube.\n"
        "2) Stoker tube water jacket flow lost (jacket valve closed or air-locked).\n"
        "3) Draught lost for a moment during an ID fan trip, pushing hot gas up the screw.",
        "1) Lower the grate stroke frequency and check fuel lies at the stoker lip.\n"
        "2) Open and vent the jacket, then confirm FS-112 is made.\n"
        "3) Before restarting the feed, reset the burn-back sprinkler and check the rotary valve seal.",
    ),
    (
        "Flue gas or smoke escaping at the furnace doors and inspection ports",
        "1) Draught too weak: ID fan damper actuator seized part closed.\n"
        "2) Multicyclone hoppers full and cyclone tubes choked with fly ash.\n"
        "3) PT-201 impulse line plugged, so the control sees a false negative draught.",
        "1) Stroke the damper by hand, free and grease the linkage.\n"
        "2) Empty the hoppers through the ash sluice and rod out choked tubes.\n"
        "3) Blow through the line with instrument air and compare with a handheld manometer.",
    ),
    (
        "Boiler will not reach rated output; flow temperature sags at high load",
        "1) Fuel moisture above 45 %, so heat release per tonne is too low.\n"
        "2) Chip bridging in the bunker, feed interrupted.\n"
        "3) Convection tubes fouled; exit temperature above 220 degC.\n"
        "4) Soot blower sequence disabled in the HMI.",
        "1) Blend the wet load with dry stock and ask the supplier for a moisture test.\n"
        "2) Run the walking floor in manual reverse to collapse the bridge.\n"
        "3) Book tube brushing for the next planned outage.\n"
        "4) Re-enable the sequence and check the compressed air supply.",
    ),
    (
        "Dark smoke at the stack; CO high while O2 reads normal",
        "1) Primary / secondary air split wrong after maintenance, secondary fan left at minimum.\n"
        "2) Secondary air nozzles blocked with slag.\n"
        "3) Fuel with a high fines content (sawdust) burning in suspension above the bed.",
        "1) Restore the air split to the commissioning sheet values.\n"
        "2) Rod out the nozzles at the next cool-down.\n"
        "3) Reject loads over 10 % fines and cut primary air under the grate.",
    ),
    (
        "O2 reads high at all loads; output low although the stack is clear",
        "1) Tramp air leaking in at the ash door seals or fuel chute.\n"
        "2) Oxygen probe drifting or probe filter blocked.\n"
        "3) Flue leak upstream of the probe.",
        "1) Smoke-pencil test the door seals; renew rope gaskets.\n"
        "2) Calibrate the probe against the portable analyser.\n"
        "3) Inspect the flue joints between boiler outlet and probe.",
    ),
    (
        "Grate stops or stalls; hydraulic pressure low alarm; clinker on the grate",
        "1) Clinker: fuel contaminated with soil or stones lowers the ash fusion temperature.\n"
        "2) Bed overheating: flue gas recirculation damper stuck closed.\n"
        "3) Hydraulic pack oil low or return filter blocked.",
        "1) Break out clinker at burn-out and quarantine the suspect fuel load.\n"
        "2) Check the recirculation damper opens with load.\n"
        "3) Top up with the specified oil and change the filter element.",
    ),
]

_PDF_MAINTENANCE = [
    ("Interval", "Task"),
    ("Daily", "Walk-round: grate movement, ash bins, hydraulic pack oil level, HMI alarm log."),
    ("Weekly", "Empty multicyclone ash bins; check stoker tube and jacket for leaks; test burn-back sprinkler."),
    ("Monthly", "Grease ID fan and combustion fan bearings; inspect door seals; check soot blower lances."),
    ("3-monthly", "Calibrate O2 and CO analysers; inspect refractory through the inspection ports."),
    ("Annual", "Boiler inspection by insurer; brush convection tubes; service hydraulic pack; replace grate bars."),
]


def _write_pdf(path: pathlib.Path) -> None:
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    class _Manual(FPDF):
        def header(self) -> None:
            self.set_font("Helvetica", "I", 8)
            self.cell(0, 5, "Korvell Thermtec BX-6 | O&M Manual Vol. 2 | Doc KT-BX6-OM-07 Rev C", align="R")
            self.ln(8)

        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("Helvetica", "I", 8)
            self.cell(0, 5, f"Section 7 - page {self.page_no()} of {{nb}}", align="C")

    pdf = _Manual(format="A4")
    pdf.set_creation_date(FIXED_TIME)
    pdf.set_title("Korvell Thermtec BX-6 O&M Manual - Section 7")
    pdf.set_author("Korvell Thermtec AB")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.alias_nb_pages()
    heading = FontFace(emphasis="BOLD", fill_color=(215, 215, 215))

    def h1(text: str) -> None:
        pdf.set_font("Helvetica", "B", 14)
        pdf.multi_cell(0, 8, text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)

    def h2(text: str) -> None:
        pdf.ln(2)
        pdf.set_font("Helvetica", "B", 11)
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)

    def para(text: str) -> None:
        pdf.set_font("Helvetica", "", 10)
        pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)

    def table(rows: list[tuple[str, ...]], widths: tuple[int, ...], size: int = 9) -> None:
        pdf.set_font("Helvetica", "", size)
        with pdf.table(
            col_widths=widths,
            text_align="LEFT",
            line_height=4.5,
            headings_style=heading,
            repeat_headings=1,
        ) as tbl:
            for row in rows:
                cells = tbl.row()
                for value in row:
                    cells.cell(value)
        pdf.ln(2)

    # page 1: scope and normal values
    pdf.add_page()
    h1("7  Operation and fault finding")
    h2("7.1  Scope of this section")
    para(_PDF_SCOPE)
    h2("7.2  Normal operating values")
    para("The values below apply at steady load between 40 % and 100 % of rated output with fuel to specification.")
    table(_PDF_NORMAL, (90, 50, 50))

    # page 2: start-up, shutdown, setpoints
    pdf.add_page()
    h2("7.3  Start-up from cold")
    for number, step in enumerate(_PDF_STARTUP, start=1):
        para(f"{number}.  {step}")
    h2("7.4  Controlled shutdown")
    for number, step in enumerate(_PDF_SHUTDOWN, start=1):
        para(f"{number}.  {step}")
    h2("7.5  Alarm and trip setpoints")
    para("Setpoints are factory defaults. Changes need written approval from Korvell service.")
    table(_PDF_SETPOINTS, (25, 85, 40, 40))

    # pages 3-4: fault finding
    pdf.add_page()
    h2("7.6  Fault finding")
    para(
        "Work through the causes in the order given; the remedy with the same number belongs to the cause. "
        "If the fault is not listed or persists after the remedies, call Korvell service on the hotline."
    )
    table(_PDF_FAULTS, (48, 71, 71))

    # last page: maintenance
    pdf.add_page()
    h2("7.7  Routine maintenance intervals")
    table(_PDF_MAINTENANCE, (30, 160), size=10)
    para("Record every task in the site maintenance system against asset B1.")

    data = bytes(pdf.output())
    path.write_bytes(data)


# ---------------------------------------------------------------------------------------------
# 2. DOCX: Problem / Probable cause / Solution with bold run-in labels
# ---------------------------------------------------------------------------------------------

_DOCX_SCOPE = (
    "This guide covers the network circulation pumps NP1, NP2 and NP3, their drives, and the pressurisation "
    "unit PU1 with its expansion vessels EV1 and EV2 and break tank. It is written for shift operators and "
    "lists the problems seen on this plant since commissioning, each with its probable causes in the order to "
    "check them. It does not cover the boilers, the thermal store or the customer substations. Electrical "
    "isolation of a pump or drive must follow the site isolation procedure SIP-02."
)

_DOCX_EQUIPMENT = (
    "NP1 to NP3 are Ostrand HX-250 end-suction pumps, 250 kW, each on its own drive. Two pumps run duty/assist "
    "and one is standby. PU1 is a Lindqvist PX-40 pressurisation unit with two make-up pumps PU1-P1/P2, a spill "
    "valve PU1-SV1 returning expansion water to a 6 m3 break tank, and two 8000 litre membrane expansion vessels. "
    "Make-up water comes from softener WT1 through meter FQ-601."
)

_DOCX_NORMAL = [
    ("Reading", "Normal value"),
    ("Network static pressure at PU1", "3.2 bar (spill opens at 3.8 bar, make-up starts at 2.9 bar)"),
    ("Network flow pressure leaving plant", "8.5 bar"),
    ("Pump suction pressure", "above 2.5 bar"),
    ("Index differential pressure (SS-27)", "1.0 bar"),
    ("Pump speed, duty pump", "60 - 95 %"),
    ("Daily make-up volume (FQ-601)", "below 0.5 m3"),
    ("EV1/EV2 gas precharge (vessel empty)", "2.8 bar"),
]

_DOCX_START = [
    "Check the pump to be started is not under a permit and its suction and discharge valves are open.",
    "Vent the pump casing at the top vent until water runs clear.",
    "Select the pump on the HeatView duty rotation screen and press START; the drive ramps over 20 s.",
    "Check suction pressure stays above 2.5 bar and the motor current settles below 420 A.",
    "Duty rotation changes over automatically every Monday at 06:00; do not change it without telling the shift lead.",
]

# Each problem: (problem text, [(cause, solution), ...])
_DOCX_PROBLEMS: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "PU1 make-up pumps start many times an hour, the break tank level keeps dropping, and network static "
        "pressure falls back after every top-up.",
        [
            (
                "Water is being lost from the network through a leak. Compare the FQ-601 reading with yesterday's "
                "log; more than 2 m3 a day means a leak somewhere on the network.",
                "Walk the plant room first, then ask the network team to check valve chambers and to arrange "
                "thermal imaging of buried sections.",
            ),
            (
                "A boiler or peak boiler safety valve is passing into its tundish.",
                "Check every tundish for flow. A passing valve must be replaced, not gagged.",
            ),
            (
                "Spill valve PU1-SV1 is not reseating, so water flows back to the break tank all the time and is "
                "pumped round again.",
                "Isolate SV1, clean the seat and the pilot strainer, and watch the break tank level for an hour.",
            ),
        ],
    ),
    (
        "Network pressure climbs while the network heats up, PU1-SV1 opens again and again, and the static "
        "pressure swings by more than 0.8 bar.",
        [
            (
                "An expansion vessel has lost its gas precharge or its membrane has failed.",
                "Isolate and drain the vessel and check the precharge at the gas valve. Water at the Schrader valve "
                "means a split membrane; take the vessel out of service.",
            ),
            (
                "An EV isolating valve was left closed after maintenance.",
                "Open it and fit a padlock so it cannot be closed by mistake.",
            ),
            (
                "The spill setpoint in the PX-40 controller has drifted or was changed.",
                "Compare the controller against the Lindqvist settings card and reset it.",
            ),
        ],
    ),
    (
        "A network pump trips on drive fault OVERCURRENT within a few seconds of starting.",
        [
            (
                "The ramp-up time was left short after a drive replacement.",
                "Set the acceleration time back to 20 s in drive parameter P1120.",
            ),
            (
                "Motor insulation is breaking down.",
                "Ask the electrician for an insulation resistance test at 1000 V; below 10 megohm the motor goes for rewind.",
            ),
            (
                "A pump or motor bearing is failing and the shaft is stiff.",
                "With the pump isolated, turn the shaft by hand and listen for rumble.",
            ),
        ],
    ),
    (
        "A network pump is noisy, crackling as if gravel were passing through it, and the discharge pressure flickers.",
        [
            (
                "Suction pressure is too low: the PU1 static setpoint has been lowered below 2.9 bar.",
                "Restore the PU1 setpoint and confirm suction stays above 2.5 bar.",
            ),
            (
                "The suction strainer is partly blocked; differential pressure across it above 0.3 bar.",
                "Change over to the standby pump and clean the strainer basket.",
            ),
            (
                "Return water is above 85 degC, close to boiling at that suction pressure.",
                "Bring return temperature down or raise static pressure with the shift lead's agreement.",
            ),
            (
                "Air is being drawn in and carried round the pump.",
                "Check the automatic air vents on the suction header and vent the casing.",
            ),
        ],
    ),
    (
        "Pump speeds swing up and down and the index differential pressure hunts around its setpoint.",
        [
            (
                "The PID gain was raised during a fault and never put back.",
                "Put back the values from the tuning record: gain 0.8, integral time 40 s.",
            ),
            (
                "The index DP signal from SS-27 is arriving late over the telemetry link.",
                "Switch the control to the local plant DP transmitter until the link is fixed.",
            ),
            (
                "Two pumps are running duty/assist at different speeds and one is being pushed off its curve.",
                "Turn on speed equalisation in the pump sequencer so both pumps share the load.",
            ),
        ],
    ),
]

_DOCX_MAINTENANCE = [
    ("Interval", "Task"),
    ("Weekly", "Record make-up volume from FQ-601; check break tank level and float valve."),
    ("Monthly", "Check drive cooling fans and filters; exercise EV isolating valves."),
    ("6-monthly", "Mechanical seal inspection on NP1-NP3; check expansion vessel precharge."),
    ("Annual", "Motor insulation test; pump alignment check; PU1 service by Lindqvist."),
]


def _write_docx(path: pathlib.Path) -> None:
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    props = doc.core_properties
    props.title = "Network Circulation and Pressurisation - Operator Fault Guide"
    props.author = "Brenmoor Quay Operations"
    props.last_modified_by = "Brenmoor Quay Operations"
    props.subject = "OPS-FG-04 Rev 2"
    props.revision = 2
    props.comments = "Issued for shift operator use."
    props.created = FIXED_TIME
    props.modified = FIXED_TIME
    props.last_printed = FIXED_TIME

    def table(rows: list[tuple[str, str]]) -> None:
        tbl = doc.add_table(rows=0, cols=len(rows[0]))
        tbl.style = "Table Grid"
        for index, row in enumerate(rows):
            cells = tbl.add_row().cells
            for cell, value in zip(cells, row):
                cell.text = value
                if index == 0:
                    for run in cell.paragraphs[0].runs:
                        run.bold = True

    def run_in(label: str, text: str) -> None:
        paragraph = doc.add_paragraph()
        label_run = paragraph.add_run(label + " ")
        label_run.bold = True
        paragraph.add_run(text)
        paragraph.paragraph_format.space_after = Pt(4)

    doc.add_heading("Network Circulation and Pressurisation - Operator Fault Guide", level=0)
    doc.add_paragraph("Document OPS-FG-04, revision 2. Brenmoor Quay Heat Centre. Owner: operations manager.")

    doc.add_heading("1 Scope and purpose", level=1)
    doc.add_paragraph(_DOCX_SCOPE)
    doc.add_heading("2 Equipment", level=1)
    doc.add_paragraph(_DOCX_EQUIPMENT)
    doc.add_heading("3 Normal values", level=1)
    table(_DOCX_NORMAL)
    doc.add_heading("4 Starting a network pump and duty rotation", level=1)
    for step in _DOCX_START:
        doc.add_paragraph(step, style="List Number")

    doc.add_heading("5 Fault guide", level=1)
    doc.add_paragraph(
        "Each entry gives the problem as the operator sees it, then the probable causes in the order to check "
        "them, each followed by its solution. Tell the shift lead before changing any setpoint."
    )
    groups = [("5.1 Pressurisation and make-up", _DOCX_PROBLEMS[:2]), ("5.2 Network pumps and drives", _DOCX_PROBLEMS[2:])]
    for group_title, problems in groups:
        doc.add_heading(group_title, level=2)
        for problem, causes in problems:
            run_in("Problem.", problem)
            for letter, (cause, solution) in zip("abcd", causes):
                run_in(f"Probable cause ({letter}).", cause)
                run_in("Solution.", solution)

    doc.add_heading("6 Maintenance intervals", level=1)
    table(_DOCX_MAINTENANCE)

    buffer = io.BytesIO()
    doc.save(buffer)
    _write_zip_fixed(buffer.getvalue(), path)


def _write_zip_fixed(data: bytes, path: pathlib.Path) -> None:
    """Rewrite a zip so every entry carries the same timestamp (python-docx stamps the current time)."""
    stamp = (FIXED_TIME.year, FIXED_TIME.month, FIXED_TIME.day, FIXED_TIME.hour, FIXED_TIME.minute, 0)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            info = zipfile.ZipInfo(item.filename, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, source.read(item.filename))
    path.write_bytes(out.getvalue())


# ---------------------------------------------------------------------------------------------
# 3. HTML: SCADA alarm response sheets (Meaning / Likely causes / Operator response)
# ---------------------------------------------------------------------------------------------

_HTML_SETPOINTS = [
    ("Alarm", "Tag", "Description", "Setpoint", "Priority", "Delay"),
    ("AR-301", "TT-301A", "TS1 top temperature low", "85 degC", "High", "10 min"),
    ("AR-305", "PT-305", "TS1 nitrogen blanket pressure low", "15 mbar", "Medium", "5 min"),
    ("AR-322", "TT-322", "HX1 secondary flow temperature low", "setpoint - 5 K", "High", "5 min"),
    ("AR-325", "PT-325", "HX1 secondary pressure high", "9.5 bar", "Urgent", "30 s"),
    ("AR-340", "TT-340", "Network return temperature high", "65 degC", "Medium", "15 min"),
    ("AR-350", "PDT-350", "HX2 primary differential pressure high", "0.9 bar", "Medium", "10 min"),
]

_HTML_NORMAL = [
    "TS1 top temperature 90 - 95 degC when charged; bottom 55 - 60 degC.",
    "TS1 charge flow up to 180 m3/h; discharge flow up to 220 m3/h.",
    "HX1/HX2 approach temperature (primary in minus secondary out) 2 - 4 K.",
    "Network flow temperature 80 - 90 degC depending on outside temperature; return 45 - 55 degC.",
    "Customer heat meters are read hourly over M-Bus and shown on the HeatView substation screen.",
]

# Each sheet: (code, title, meaning, [causes], [responses])
_HTML_SHEETS: list[tuple[str, str, str, list[str], list[str]]] = [
    (
        "AR-301",
        "TS1 TOP TEMPERATURE LOW",
        "The hot layer at the top of the thermal store has been used up earlier than planned, so the store "
        "cannot cover the evening peak and a peak boiler will be called.",
        [
            "Charging valve TV-310 did not open overnight (actuator fault, or left in manual).",
            "Charge flow was too high and mixed the layers, so stratification was lost at the inlet diffuser.",
            "Top sensor TT-301A reads low because its pocket has run dry.",
        ],
        [
            "Check TV-310 position feedback against the command on the HeatView store screen; put it back in auto.",
            "Keep charge flow at or below 180 m3/h and report a suspected diffuser fault to the shift lead.",
            "Compare TT-301A with TT-301B at the same height and top up the sensor pocket with oil.",
        ],
    ),
    (
        "AR-322",
        "HX1 SECONDARY FLOW TEMPERATURE LOW",
        "Water leaving HX1 to the network is more than 5 K below its setpoint; customers at the end of the "
        "network will feel it first.",
        [
            "Primary control valve TV-321 is sticking.",
            "HX1 plates are fouled; approach temperature has risen above 6 K.",
            "Primary strainer ST-321 is blocked, starving HX1 of primary flow.",
        ],
        [
            "Stroke TV-321 in manual from 0 to 100 %; if it sticks at the same point every time, call the instrument technician.",
            "Trend the approach temperature over the last month and ask for a chemical clean to be planned.",
            "Read the ST-321 differential gauge; if high, put HX2 in service, isolate ST-321 and clean the basket.",
        ],
    ),
    (
        "AR-325",
        "HX1 SECONDARY PRESSURE HIGH",
        "Network side pressure at HX1 is rising towards the plant primary pressure. Left alone it will lift the "
        "network safety valves.",
        [
            "A failed plate gasket or a pinhole in a plate is letting primary water into the network side.",
            "Secondary isolating valves were closed with primary heat still applied, so trapped water expands.",
        ],
        [
            "Isolate the HX1 primary side. If the secondary pressure then stops rising, suspect an internal leak "
            "and book a plate pressure test.",
            "Open the secondary valves slowly, then check the thermal relief valve has reseated.",
        ],
    ),
    (
        "AR-340",
        "NETWORK RETURN TEMPERATURE HIGH",
        "Water is coming back from the network too hot. The pumps run faster, the flue gas condenser stops "
        "condensing and the store cannot be charged fully.",
        [
            "A customer substation bypass was left open after commissioning or a service visit.",
            "A customer hot water cylinder control is faulty and calls all the time with its primary valve wide open.",
            "Plant bypass valve TV-345 (the low-load minimum flow bypass) is open when it should be shut.",
        ],
        [
            "Open the HeatView substation league table, sort by return temperature and send the network "
            "engineer to any unit above 60 degC.",
            "Ask the customer liaison team to arrange a controls visit to the faulty cylinder.",
            "Check TV-345 is only enabled in summer mode; close it and put the mode switch back.",
        ],
    ),
    (
        "AR-350",
        "HX2 PRIMARY DIFFERENTIAL PRESSURE HIGH",
        "Pressure drop across the HX2 primary side is above 0.9 bar at normal flow.",
        [
            "Primary strainer ST-351 is loading up with debris after work on the plant circuit.",
            "Primary side plates are scaled.",
            "PDT-350 has a blocked tapping.",
        ],
        [
            "Plan a strainer clean on the next changeover to HX1.",
            "Book a descale with the Varrow service team.",
            "Vent and flush the transmitter tappings.",
        ],
    ),
]

_HTML_ISOLATION = [
    "Confirm the other heat exchanger can carry the load and put it in service.",
    "Close the primary inlet and outlet valves, then the secondary valves.",
    "Open the drain valves and check both sides fall to atmospheric pressure.",
    "Lock the valves and fit the permit tags before anyone opens the frame.",
]


def _html_document() -> str:
    esc = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        "<title>HeatView Alarm Response Sheets - Thermal Store and Heat Exchangers</title>",
        "<style>body{font-family:Arial,sans-serif;max-width:60em} dt{font-weight:bold} "
        "table{border-collapse:collapse} td,th{border:1px solid #888;padding:2px 6px}</style>",
        "</head>",
        "<body>",
        "<h1>HeatView Alarm Response Sheets</h1>",
        "<p>Brenmoor Quay Heat Centre - thermal store TS1 and plate heat exchangers HX1/HX2. Sheet set ARS-3, issue 4.</p>",
        "<h2>How to use these sheets</h2>",
        "<p>When an alarm is raised on HeatView, open the sheet with the same code. Read the meaning, work through "
        "the likely causes in order and carry out the operator response with the same number. Acknowledge the "
        "alarm only after you have read the sheet. Alarms not listed here are handled by the duty engineer.</p>",
        "<h2>Alarm setpoints</h2>",
        "<table>",
    ]
    for index, row in enumerate(_HTML_SETPOINTS):
        tag = "th" if index == 0 else "td"
        parts.append("<tr>" + "".join(f"<{tag}>{esc(value)}</{tag}>" for value in row) + "</tr>")
    parts.append("</table>")
    parts.append("<h2>Normal values</h2>")
    parts.append("<ul>")
    parts.extend(f"<li>{esc(item)}</li>" for item in _HTML_NORMAL)
    parts.append("</ul>")
    parts.append("<h2>Alarm response sheets</h2>")
    for code, title, meaning, causes, responses in _HTML_SHEETS:
        parts.append(f'<section id="{code.lower()}">')
        parts.append(f"<h3>{esc(code)} {esc(title)}</h3>")
        parts.append("<dl>")
        parts.append("<dt>Meaning</dt>")
        parts.append(f"<dd>{esc(meaning)}</dd>")
        parts.append("<dt>Likely causes</dt>")
        parts.append("<dd><ol>" + "".join(f"<li>{esc(cause)}</li>" for cause in causes) + "</ol></dd>")
        parts.append("<dt>Operator response</dt>")
        parts.append("<dd><ol>" + "".join(f"<li>{esc(step)}</li>" for step in responses) + "</ol></dd>")
        parts.append("</dl>")
        parts.append("</section>")
    parts.append("<h2>Isolating a plate heat exchanger for cleaning</h2>")
    parts.append("<ol>")
    parts.extend(f"<li>{esc(step)}</li>" for step in _HTML_ISOLATION)
    parts.append("</ol>")
    parts.append("<p>Last reviewed by the operations manager, March 2024.</p>")
    parts.append("</body>")
    parts.append("</html>")
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------
# 4. Markdown: FAQ with "Why does ...?" headings
# ---------------------------------------------------------------------------------------------

_MD_TEXT = """\
# Flue gas condenser and water treatment - shift team FAQ

*Brenmoor Quay Heat Centre wiki export. Page owner: shift lead, blue watch. Last edited March 2024.*

## About this page

This page collects the questions new operators ask most about the Nordvapor flue gas condenser FGC1 and the
make-up water treatment (duplex softener WT1 and dosing pump DP-1). It is not a procedure: for start-up and
shutdown of FGC1 use SOP-FGC-01, and for chemical handling use the COSHH sheets in the lab.

## Normal readings

- FGC1 heat recovery at full boiler load: 0.8 - 1.1 MW.
- FGC1 flue gas pressure drop: 4 - 6 mbar.
- Flue gas leaving FGC1: 40 - 50 degC.
- Softener outlet hardness: below 0.1 degrees dH (test kit turns green at once).
- Network water pH 9.5 - 10.0; conductivity below 300 uS/cm; clear and colourless.

## Flue gas condenser FGC1

### What does the flue gas condenser do?

FGC1 sits between the multicyclone and the stack. Network return water cools the flue gas below its water
vapour point so that the moisture from the wet chip gives up its latent heat. On a good day it adds about a
sixth to the boiler output for nothing.

### Why does FGC1 recover almost no heat even though B1 is at full load?

Nearly always because the return water is too warm. The condenser can only condense when the cooling water is
below the dew point of the flue gas, about 55 degC for our chip; with network return at 60 degC or more it works
as a plain economiser and recovers very little. Find out why the return is hot (the HeatView return alarm sheet
helps) rather than fiddling with FGC1.

If the return is cold enough, look at the bypass damper FD-02. It is meant to open only on high flue gas
temperature; if its actuator has failed open, most of the gas goes straight to the stack. Check the damper
position indicator on the duct.

The last thing to check is the quench spray. If the recirculation pump has tripped or the spray nozzles are
blocked with ash, the packing dries out and heat transfer collapses. Reset the pump and pull a nozzle to look.

### Why is the pressure drop across FGC1 creeping up over a few weeks?

The packing is collecting fly ash. Some always gets past the multicyclone, and the automatic wash is meant to
clear it; if someone has disabled the wash cycle timer on the FGC panel the ash builds up week by week. Turn it
back on and run a manual wash.

It can also be water. If the condensate outlet is partly blocked, water backs up into the bottom of the packing
and the gas has to push through it. Clear the outlet and check the drain seal pot is not full of sludge.

### Why does the plume from the stack look much heavier in winter?

That is normal. Cold air makes the water vapour in the flue gas visible for longer. A heavy plume is not a
fault and does not mean FGC1 has stopped working.

## Water treatment (softener WT1 and dosing)

### Why do we regenerate the softener at 02:00?

Make-up demand is lowest at night and the town water pressure is highest, which gives the best rinse. The
regeneration takes about 90 minutes and WT1 switches to the other column while it runs.

### Why is hardness showing at the softener outlet before the regeneration is due?

First look in the brine tank. A hard crust of salt can form a salt bridge above the water, so the tank looks
full but the brine is weak and the resin is only half regenerated. Break the crust with a broom handle and
run a manual regeneration.

Second, the resin may be fouled. Our town water carries some iron after mains work, and it coats the resin
beads so they stop exchanging. Ask the water treatment contractor for a resin cleaner dose.

Finally, check the blending valve under the softener. It lets some raw water bypass the columns and must be
fully closed on this plant; it gets knocked open when people reach behind the softener.

### Why is the network water going black and the pH dropping?

Black water is magnetite: the steel in the network is corroding. The usual driver is oxygen ingress. Every
cubic metre of fresh make-up brings oxygen with it, so a network leak (high FQ-601 readings) shows up here as
well. Get the leak found.

The next suspect is the dosing. If DP-1 has air-locked it runs but pumps nothing, and pH falls over a few days.
Prime DP-1 at the bleed screw and check the stroke counter moves.

Finally, after a drum change make sure the right chemical is connected: the oxygen scavenger and the pH
buffer drums look alike. Read the drum label before you connect the suction lance.

## Weekly checklist

- [ ] Record FGC1 pressure drop and heat recovery.
- [ ] Test softener outlet hardness and log it.
- [ ] Check salt level in the brine tank.
- [ ] Check DP-1 chemical drum level.
- [ ] Sample network water for pH and conductivity.
"""


def write_all(folder: pathlib.Path) -> pathlib.Path:
    """Write the four set-4 documents into ``folder`` (created if needed) and return it."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    _write_pdf(folder / PDF_NAME)
    _write_docx(folder / DOCX_NAME)
    (folder / HTML_NAME).write_text(_html_document(), encoding="utf-8", newline="\n")
    (folder / MD_NAME).write_text(_MD_TEXT, encoding="utf-8", newline="\n")
    return folder


def _q(number: int, question: str, source: str | None, keywords: list[str]) -> dict:
    return symptom_question("sy4", number, question, source, keywords)


QUESTIONS: list[dict] = [
    # PDF: boiler fault table
    _q(
        1,
        "smoke coming up out of the fuel hopper on B1 and the screw temp keeps climbing",
        PDF_NAME,
        ["grate stroke frequency", "rotary valve seal"],
    ),
    _q(
        2,
        "fumes puffing out round the furnace door on the biomass boiler, what do I check",
        PDF_NAME,
        ["free and grease", "handheld manometer"],
    ),
    _q(3, "B1 flat out but wont get past about 4 MW, flow temp dropping off", PDF_NAME, ["dry stock", "compressed air supply"]),
    _q(4, "black smoke out the chimney and CO alarm, O2 looks ok", PDF_NAME, ["left at minimum", "10 % fines"]),
    _q(5, "grate keeps stopping, lumps of glassy stuff on it", PDF_NAME, ["ash fusion temperature", "filter element"]),
    # DOCX: pumps and pressurisation
    _q(
        6,
        "top up pump on the pressurisation unit keeps kicking in and system pressure creeping down",
        DOCX_NAME,
        ["buried sections", "pilot strainer"],
    ),
    _q(
        7,
        "pressure shoots up as the network warms and the spill valve keeps dumping",
        DOCX_NAME,
        ["Schrader valve", "settings card"],
    ),
    _q(8, "NP3 drive tripping on overcurrent a few secs after start", DOCX_NAME, ["drive parameter P1120", "listen for rumble"]),
    _q(9, "NP1 sounds like its pumping gravel", DOCX_NAME, ["PU1 static setpoint", "automatic air vents"]),
    _q(10, "network pumps hunting all night, speed up down up down", DOCX_NAME, ["tuning record", "speed equalisation"]),
    # HTML: alarm response sheets
    _q(
        11,
        "TS1 run out of hot water before the evening peak, store top temp alarm",
        HTML_NAME,
        ["position feedback", "sensor pocket"],
    ),
    _q(
        12, "HX1 not giving enough heat, network flow temp low alarm", HTML_NAME, ["sticks at the same point", "clean the basket"]
    ),
    _q(
        13,
        "HX1 network side pressure going up towards the primary pressure",
        HTML_NAME,
        ["plate pressure test", "thermal relief valve"],
    ),
    _q(14, "return coming back from the network at 70 degrees, why", HTML_NAME, ["league table", "summer mode"]),
    # Markdown FAQ
    _q(
        15,
        "condenser not doing anything, hardly any heat coming off FGC1",
        MD_NAME,
        ["dew point of the flue gas", "pull a nozzle"],
    ),
    _q(16, "FGC1 dp going up week on week", MD_NAME, ["wash cycle timer", "drain seal pot"]),
    _q(17, "hardness breaking through on the softener before regen", MD_NAME, ["salt bridge", "blending valve"]),
    _q(18, "system water looks black and the pH keeps falling", MD_NAME, ["oxygen ingress", "drum label"]),
    # not in corpus
    _q(19, "PB2 gas boiler locked out on flame failure and wont relight", None, []),
    _q(20, "NP2 mechanical seal pouring water, puddle under the pump", None, []),
    _q(21, "TS1 nitrogen blanket pressure keeps dropping, what do I do", None, []),
    _q(22, "heat meter at SS-14 reading zero flow all day", None, []),
]
