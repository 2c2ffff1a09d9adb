"""Held-out symptom test set 1: four made-up troubleshooting documents for "Marrow Creek WWTP".

The plant is fictional: a 40 ML/d activated-sludge wastewater treatment plant run by the (made-up)
Harlow Basin Water Authority. Every vendor, model and tag below is invented. This module was
written from the brief alone, without reading the product's code, its README, benchmarks, eval
scripts or test data, so nothing here is shaped to how the product picks answers.

Documents written by write_all (four formats, four troubleshooting layouts):

1. kestrel_kpc400_sludge_pump_iom.pdf - fpdf2 vendor IOM manual (4 pages) for the Kestrel Fluid
   Systems KPC-400 progressive cavity sludge pumps (P-310A/B, P-340). Spec table, installation,
   operation, maintenance schedule table, and section 6 "Troubleshooting" as a real PDF table
   "Problem | Probable cause | Remedy": each cause is its own row, the Problem cell is left blank on
   continuation rows, and many remedies wrap over two or three lines.
2. marrow_creek_om_ch7_aeration_blowers.docx - python-docx O&M chapter for the Quillan QA-6M
   multistage centrifugal blowers (B-701..B-703). Heading 1/2 sections (description, data, start-up,
   normal operation, shutdown, alarms and trips table with setpoints, maintenance) and 7.8
   Troubleshooting written as blocks: bold symptom line, "Possible causes:" (bulleted or lettered
   a/b/c) and "Corrective action:" / "Action:" with hand-numbered steps.
3. ait410_ait420_analyzer_help.html - SCADA help page for the Veridian LDO-7 optical DO sensor and
   NX-40 ammonium ISE probe on an SC-8 controller: prose, a "Symptom | Cause | What to do" <table>
   whose Cause cells hold <ul> lists, and a separate error/warning code table.
4. chs600_hypo_metering_field_guide.txt - plain-text technician's checklist for the CHS-600 sodium
   hypochlorite metering skid (Aquadyne D-50 diaphragm pumps MP-601/602): "IF ... THEN check ..."
   quick-check lines, then numbered "SYMPTOM -> CHECKS IN ORDER" entries whose symptom is stated
   once with lettered checks indented below.

Near misses on purpose: normal operating ranges, alarm/trip tables, error-code tables, dry-run and
cleaning-hold descriptions and maintenance intervals that reuse the symptom words but are not
troubleshooting; and look-alike symptom pairs with different causes - pump runs with no flow vs flow
below rating, motor overheats vs bearing housing hot vs stator hot (PDF); bearing temperature high vs
motor winding temperature high, surge vs low air flow (DOCX); DO reading flat vs low vs noisy, and
the W12 "output held" code vs a genuinely frozen reading (HTML); no delivery vs low delivery vs
over-feed vs pump not stroking (TXT). The four not-in-corpus questions name this plant's equipment
with a problem none of the documents covers.
"""

from __future__ import annotations

import html
import zipfile
from datetime import UTC, datetime
from pathlib import Path

PDF_NAME = "kestrel_kpc400_sludge_pump_iom.pdf"
DOCX_NAME = "marrow_creek_om_ch7_aeration_blowers.docx"
HTML_NAME = "ait410_ait420_analyzer_help.html"
TXT_NAME = "chs600_hypo_metering_field_guide.txt"

_FIXED_DATE = datetime(2021, 3, 15, 8, 0, 0, tzinfo=UTC)


# --------------------------------------------------------------------------------------------
# 1. PDF vendor manual: progressive cavity sludge pump
# --------------------------------------------------------------------------------------------

PUMP_SPEC = [
    ("Parameter", "Value"),
    ("Model", "KPC-400/2 (two-stage progressive cavity pump)"),
    ("Plant tags", "P-310A, P-310B (primary sludge), P-340 (thickened sludge)"),
    ("Rated capacity", "18 m\u00b3/h at 250 rpm"),
    ("Maximum speed", "300 rpm"),
    ("Maximum discharge pressure", "12 bar"),
    ("Rotor", "Tool steel, hard chrome plated, 62.0 mm nominal diameter"),
    ("Stator", "NBR (nitrile) elastomer, 70 Shore A, bonded in steel tube"),
    ("Maximum fluid temperature", "60 \u00b0C"),
    ("Maximum dry solids", "8 %"),
    ("Drive", "15 kW 4-pole motor, helical gear reducer 5.8:1, on VFD"),
    ("Shaft seal", "Packed gland, 5 rings PTFE-graphite (mechanical seal optional)"),
    ("Dry-run protection", "PT100 in stator tube, trip at 55 \u00b0C, manual reset"),
]

PUMP_PAGES_TEXT = {
    "general": [
        ("1 General", "h1"),
        ("This manual covers installation, operation and maintenance of KPC-400 series progressive "
         "cavity pumps supplied to Harlow Basin Water Authority for Marrow Creek WWTP. The pumps "
         "transfer primary sludge from the primary clarifier hoppers to the gravity thickener and "
         "thickened sludge from the thickener to the anaerobic digesters. Read the whole manual "
         "before working on the pump and keep it with the plant O&M records.", "p"),
        ("1.1 Safety", "h2"),
        ("Isolate and lock off the motor before opening the inspection port or the suction casing. "
         "Sludge lines can hold pressure after the pump stops; open the drain valve and check the "
         "discharge gauge reads zero before breaking any joint. Sludge gas (H2S) may collect in the "
         "inlet housing - ventilate before opening.", "p"),
        ("2 Technical data", "h1"),
    ],
    "install": [
        ("3 Installation", "h1"),
        ("3.1 Foundation and alignment", "h2"),
        ("Mount the baseplate on a level concrete plinth and grout it in. Check coupling alignment "
         "after grouting and again after the pipework is connected: parallel offset not more than "
         "0.1 mm, angular misalignment not more than 0.05 mm per 100 mm.", "p"),
        ("3.2 Pipework", "h2"),
        ("The suction pipe should be one size larger than the pump inlet, as short as possible and "
         "free of high points where gas can collect. Fit isolating valves on suction and discharge and "
         "a pressure gauge with diaphragm seal on the discharge. A pressure switch set at 10 bar must "
         "stop the pump; a progressive cavity pump will build pressure against a closed valve until "
         "something fails.", "p"),
        ("3.3 Electrical", "h2"),
        ("Connect the motor and VFD in accordance with the wiring diagram KFS-W-400. Before filling, "
         "jog the motor and confirm the direction of rotation matches the arrow cast on the drive "
         "housing. Wire the stator PT100 to the dry-run relay in the local control panel.", "p"),
    ],
    "operation": [
        ("4 Operation", "h1"),
        ("4.1 Before first start", "h2"),
        ("Fill the pump casing and suction line with liquid. Never run the pump dry, not even for a "
         "few revolutions; the stator elastomer depends on the pumped liquid for cooling and "
         "lubrication. Open all suction and discharge valves.", "p"),
        ("4.2 Starting and stopping", "h2"),
        ("Start at minimum VFD speed (60 rpm) and ramp to the duty speed over 20 seconds. Stop by "
         "ramping down to minimum speed before the run command is removed. Flush the pump with final "
         "effluent if it is to stand idle for more than one week.", "p"),
        ("4.3 Normal operating ranges", "h2"),
        ("At rated duty the discharge pressure is normally 2 to 6 bar, motor current 18 to 24 A and "
         "stator tube temperature below 45 \u00b0C. A packed gland should leak 10 to 60 drops per "
         "minute while running; this leakage cools the packing and is not a fault. Flow on the "
         "magnetic flow meter should be within 10 % of the value for the set speed on the pump "
         "curve.", "p"),
        ("4.4 Dry-run protection", "h2"),
        ("The PT100 sensor in the stator tube measures the elastomer temperature. At 55 \u00b0C the "
         "dry-run relay stops the motor and latches; the pump cannot restart until the reset button "
         "on the local control panel is pressed. The relay also raises alarm DRY RUN P-3xx on SCADA. "
         "Do not bridge the relay to keep a pump running.", "p"),
    ],
    "maintenance": [
        ("5 Maintenance", "h1"),
        ("5.1 Maintenance schedule", "h2"),
    ],
    "maintenance_after": [
        ("5.2 Rotor and stator wear limits", "h2"),
        ("Nominal rotor diameter is 62.0 mm. Replace the rotor when any point measures below "
         "61.4 mm or the chrome is worn through. Replace the stator when capacity at duty speed has "
         "fallen by more than 25 % or the elastomer is cracked, torn or swollen.", "p"),
        ("5.3 Repacking the gland", "h2"),
        ("Isolate the pump and release pressure. Remove the gland follower and pull out all five "
         "rings with a packing hook. Clean the stuffing box and fit new rings one at a time, joints "
         "staggered by 90 degrees. Nip the follower up finger tight, start the pump and let it leak "
         "freely for 10 minutes before adjusting.", "p"),
        ("6 Troubleshooting", "h1"),
        ("If a fault persists after the remedies below have been carried out, contact Kestrel Fluid "
         "Systems service on the number printed on the pump nameplate.", "p"),
    ],
}

PUMP_SCHEDULE = [
    ("Interval", "Task"),
    ("Daily", "Check gland leakage, discharge pressure, motor current and unusual noise."),
    ("Weekly", "Check coupling guard, base bolts and the dry-run relay healthy lamp."),
    ("2000 h", "Regrease the drive-end bearings with lithium EP2 grease, 30 g per bearing."),
    ("5000 h or 12 months", "Change the gear reducer oil. Inspect universal joint sleeves."),
    ("12 months", "Measure rotor diameter and pump capacity; repack the gland."),
]

# (problem, probable cause, remedy); problem "" = continuation row of the problem above.
PUMP_TROUBLE = [
    ("Pump will not start", "No supply voltage, or motor overload relay tripped",
     "Check the isolator and MCC supply. Reset the overload relay and measure motor current on "
     "restart."),
    ("", "Dry-run protection tripped and latched",
     "Fill the pump casing with liquid and open the suction valve, then press the dry-run reset "
     "on the local control panel."),
    ("", "Rotor held fast in a new or long-idle stator",
     "Turn the drive shaft by hand with a strap wrench. Inject water or glycerine into the suction "
     "casing to lubricate the stator before restarting."),
    ("Pump runs but delivers no flow", "Suction valve closed or suction line blocked by rags",
     "Open the suction valve fully. Isolate and clear rags from the suction line and the inlet "
     "housing."),
    ("", "Motor turning in the wrong direction",
     "Interchange two motor phase leads at the terminal box."),
    ("", "Coupling rod pin sheared or universal joint broken",
     "Dismantle the drive train and replace the coupling rod pin and joint sleeves. Find the cause "
     "of the overload before restarting."),
    ("Flow lower than rated capacity", "Rotor and stator worn, sealing lines open",
     "Measure the rotor and compare it with the limits in section 5.2. Replace the stator, and the "
     "rotor if it is below limit."),
    ("", "Pump speed too low",
     "Check the VFD speed reference and minimum speed setting. Raise the speed, not above 300 rpm."),
    ("", "Air or gas drawn in on the suction side",
     "Keep the hopper level above the suction nozzle. Tighten suction flange joints and check the "
     "gland for air ingress."),
    ("", "Sludge too thick (dry solids above 8 %)",
     "Reduce solids at the thickener. Lower the pump speed so the stator cavities fill completely."),
    ("Motor overheats or trips on overload", "Discharge pressure too high: valve partly closed or "
     "line blocked", "Check every discharge valve is open. If the gauge reads above 10 bar, rod out "
     "or flush the discharge line."),
    ("", "Sludge solids or viscosity above design",
     "Confirm solids with a lab sample. If design is exceeded, consult Kestrel about a larger motor."),
    ("", "Motor cooling obstructed",
     "Clean the fan cowl and the motor fins; the motor needs free air at the fan end."),
    ("Stator runs hot or smells of burnt rubber", "Pump running dry or with intermittent feed",
     "Stop the pump at once. Check the hopper level and that the dry-run sensor is wired and set."),
    ("", "Stator elastomer swollen by oil or solvent in the sludge",
     "Send a stator sample to Kestrel. Change to an EPDM or FKM stator if the sludge carries "
     "hydrocarbons."),
    ("", "Sludge temperature above 60 \u00b0C",
     "Cool digested sludge in the heat exchanger before it reaches the pump."),
    ("Excessive noise or vibration", "Cavitation: suction pressure too low",
     "Shorten the suction line, increase its size or reduce pump speed."),
    ("", "Universal joints worn",
     "Replace joint pins and bushes and refill the joint sleeves with the specified oil."),
    ("", "Foreign body (stones, grit, metal) in the pump",
     "Open the inspection port and remove it. Fit a macerator upstream if it recurs."),
    ("Excessive leakage at the shaft seal", "Gland packing worn or not adjusted",
     "With the pump running, tighten the gland nuts evenly by one sixth of a turn. If leakage stays "
     "high, repack the gland (section 5.3)."),
    ("", "Shaft sleeve scored under the packing",
     "Replace the shaft sleeve and repack with new rings."),
    ("", "Mechanical seal faces damaged (seal option only)",
     "Replace seal faces and O-rings. Check the seal flushing water supply is on."),
    ("Bearing housing runs hot", "Bearings over-greased",
     "Remove excess grease. Each bearing takes only 30 g at regreasing."),
    ("", "Gear reducer oil low or wrong grade",
     "Top up to the sight glass with ISO VG 220 gear oil."),
    ("", "Bearing worn or damaged",
     "Replace the bearings and check shaft end float."),
]


def _write_pump_pdf(path: Path) -> Path:
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    class _Manual(FPDF):
        def header(self) -> None:
            self.set_font("Helvetica", "B", 9)
            self.cell(0, 5, "Kestrel Fluid Systems  |  KPC-400 Series Progressive Cavity Pumps",
                      new_x="LMARGIN", new_y="NEXT")
            self.ln(3)

        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("Helvetica", "", 8)
            self.cell(0, 5, f"KFS-IOM-400 Rev C    Page {self.page_no()}", align="C")

    pdf = _Manual()
    pdf.set_title("KPC-400 Progressive Cavity Pump - Installation, Operation and Maintenance")
    pdf.set_author("Kestrel Fluid Systems")
    pdf.set_creation_date(_FIXED_DATE)
    pdf.set_auto_page_break(True, margin=16)

    def write_blocks(blocks: list[tuple[str, str]]) -> None:
        for text, kind in blocks:
            if kind == "h1":
                pdf.ln(2)
                pdf.set_font("Helvetica", "B", 13)
                pdf.multi_cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
            elif kind == "h2":
                pdf.set_font("Helvetica", "B", 11)
                pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
            else:
                pdf.set_font("Helvetica", "", 10)
                pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
                pdf.ln(1.5)

    heading_style = FontFace(emphasis="BOLD", fill_color=(215, 215, 215))

    pdf.add_page()
    pdf.set_font("Helvetica", "B", 17)
    pdf.multi_cell(0, 9, "KPC-400 Series Progressive Cavity Pump\nInstallation, Operation and "
                   "Maintenance Manual", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.multi_cell(0, 5, "Document KFS-IOM-400, Revision C. Supplied to Harlow Basin Water Authority, "
                   "Marrow Creek WWTP, contract HBWA-2019-044.", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    write_blocks(PUMP_PAGES_TEXT["general"])
    pdf.set_font("Helvetica", "", 10)
    with pdf.table(col_widths=(55, 125), text_align="LEFT", line_height=5.5,
                   headings_style=heading_style) as table:
        for a, b in PUMP_SPEC:
            row = table.row()
            row.cell(a)
            row.cell(b)
    pdf.ln(3)
    write_blocks(PUMP_PAGES_TEXT["install"])
    write_blocks(PUMP_PAGES_TEXT["operation"])
    write_blocks(PUMP_PAGES_TEXT["maintenance"])
    pdf.set_font("Helvetica", "", 10)
    with pdf.table(col_widths=(40, 140), text_align="LEFT", line_height=5.5,
                   headings_style=heading_style) as table:
        for a, b in PUMP_SCHEDULE:
            row = table.row()
            row.cell(a)
            row.cell(b)
    pdf.ln(3)
    write_blocks(PUMP_PAGES_TEXT["maintenance_after"])
    pdf.ln(1)
    pdf.set_font("Helvetica", "", 9)
    with pdf.table(col_widths=(40, 60, 80), text_align="LEFT", line_height=4.8,
                   headings_style=heading_style, repeat_headings=1) as table:
        row = table.row()
        for head in ("Problem", "Probable cause", "Remedy"):
            row.cell(head)
        for problem, cause, remedy in PUMP_TROUBLE:
            row = table.row()
            row.cell(problem)
            row.cell(cause)
            row.cell(remedy)
    pdf.output(str(path))
    return path


# --------------------------------------------------------------------------------------------
# 2. DOCX O&M chapter: aeration blowers
# --------------------------------------------------------------------------------------------

BLOWER_DATA = [
    ("Item", "Data"),
    ("Blowers", "B-701, B-702, B-703 (duty / duty / standby)"),
    ("Manufacturer / model", "Quillan Air Systems QA-6M, six-stage centrifugal"),
    ("Rated flow", "6,000 Nm\u00b3/h each at 0.65 bar(g)"),
    ("Minimum flow (surge line)", "3,200 Nm\u00b3/h at 0.60 bar(g)"),
    ("Motor", "250 kW, 400 V, 2-pole, full load current 430 A, PT100 winding RTDs"),
    ("Bearings", "Sleeve bearings, forced lubrication from shaft-driven oil pump"),
    ("Lubricant", "ISO VG 46 turbine oil, 60 L sump"),
    ("Control", "Inlet throttle valve (actuated butterfly) and blow-off valve to atmosphere"),
]

BLOWER_ALARMS = [
    ("Alarm / trip", "Setpoint", "Result"),
    ("Surge detected", "Motor current swing > 10 % within 2 s", "Blow-off valve opens; 3 surges in "
     "10 min trips the blower"),
    ("Discharge temperature high", "Alarm 120 \u00b0C, trip 135 \u00b0C", "Alarm to SCADA, then trip"),
    ("Bearing temperature high", "Alarm 90 \u00b0C, trip 100 \u00b0C", "Alarm to SCADA, then trip"),
    ("Motor winding temperature high", "Alarm 130 \u00b0C, trip 145 \u00b0C", "Alarm to SCADA, then "
     "trip"),
    ("Vibration high", "Alarm 7.1 mm/s, trip 11.0 mm/s", "Alarm to SCADA, then trip"),
    ("Lube oil pressure low", "Alarm 1.0 bar, trip 0.7 bar", "Trip after 5 s delay"),
    ("Inlet filter differential pressure high", "25 mbar", "Alarm only"),
    ("Header pressure high", "0.75 bar(g)", "Lead blower blow-off valve opens"),
]

# Each block: (symptom line, causes heading, causes style 'bullet' or 'letter', causes,
#              action heading, actions)
BLOWER_TROUBLE = [
    ("Blower surges at low flow",
     "Possible causes:", "letter",
     ["Air demand is below the minimum flow of the running blowers. All basins are at their DO "
      "setpoint and the most-open-valve logic has pinched the basin air valves too far.",
      "Header pressure too high because diffusers are fouled or a basin air valve is stuck part "
      "closed.",
      "Blow-off valve not opening when surge is detected (actuator air lost or positioner fault)."],
     "Corrective action:",
     ["If two blowers are running at low load, stop one so the remaining blower runs above its "
      "minimum flow.",
      "Raise the minimum basin valve position in the PLC (screen AER-3) from 15 % to 25 %.",
      "Stroke the blow-off valve from the local panel and watch it move. Check the air supply to "
      "the actuator is 5.5 bar.",
      "If header pressure is above 0.65 bar at normal flow, request a diffuser acid clean."]),
    ("Air flow low with blower at full load",
     "Possible causes:", "bullet",
     ["Inlet filter elements plugged.",
      "Blow-off valve passing or stuck part open, venting air to atmosphere.",
      "Air escaping at a header expansion joint or an open header drain.",
      "Inlet throttle valve not opening fully because its linkage has slipped on the actuator "
      "shaft.",
      "Internal wear of the impeller eye seals."],
     "Corrective action:",
     ["Read the inlet filter differential pressure and change the elements if it is high.",
      "Feel for air at the blow-off silencer outlet. If air escapes while SCADA shows the valve "
      "closed, reset the closed limit switch or replace the valve seat.",
      "Walk the header and soap-test the expansion joints; close any open drain.",
      "Compare the inlet valve position feedback with the command; if they differ, re-pin the "
      "linkage.",
      "If nothing is found, ask Quillan service to check the labyrinth clearances."]),
    ("High discharge air temperature",
     "Possible causes:", "bullet",
     ["Hot inlet air: summer conditions with the blower room supply fans off.",
      "Blower running close to surge, so air recirculates inside the casing.",
      "Discharge check valve leaking, so hot air from a running blower flows back through a stopped "
      "one."],
     "Action:",
     ["Check both room supply fans run and their louvres are open.",
      "Raise blower flow away from the surge line (see the surge block above).",
      "Feel the discharge pipe of the stopped blower. If it is hot, close its discharge isolation "
      "valve and raise a work order for the check valve."]),
    ("Bearing temperature high",
     "Possible causes:", "letter",
     ["Oil level low in the sump or oil degraded.",
      "Oil cooler fins blocked with dust, or the cooler fan stopped.",
      "Wrong oil used at the last oil change.",
      "Bearing wear; check the vibration trend for a rise at the same time."],
     "Corrective action:",
     ["Check the oil level in the sight glass and top up with the specified oil only.",
      "Blow out the oil cooler fins with compressed air and check the cooler fan turns.",
      "Take an oil sample for viscosity and wear-metal analysis.",
      "If the temperature keeps rising after 1 to 3, shut the blower down before the trip and "
      "start the standby."]),
    ("Motor winding temperature high",
     "Possible causes:", "bullet",
     ["Motor cooling air blocked: motor canopy screens clogged with dust or insects.",
      "Supply voltage low or unbalanced between phases.",
      "Motor overloaded: blower running at high header pressure with the inlet valve wide open.",
      "Anti-condensation heater left energised while the motor runs."],
     "Corrective action:",
     ["Clean the motor canopy screens.",
      "Measure the phase voltages at the MCC. Unbalance must be below 2 %; if not, call the "
      "electrical contractor.",
      "Compare motor current with the nameplate 430 A. If higher, reduce header pressure before "
      "adding air demand.",
      "Check that the heater contactor drops out when the motor starts."]),
    ("Blower will not start",
     "Possible causes:", "bullet",
     ["A start permissive is not made: inlet valve not at minimum, blow-off valve not open or "
      "discharge isolation valve closed.",
      "Pre-lube oil pressure not reached in 30 seconds.",
      "Selector at the MCC in LOCAL or OFF instead of REMOTE.",
      "A trip is still latched, or the restart lockout is active (maximum 3 starts per hour)."],
     "Action:",
     ["Open the PERMISSIVES page for the blower on SCADA; every item must show green.",
      "Check the pre-lube pump runs and the oil filter is not blocked.",
      "Put the MCC selector in REMOTE and reset any latched trip at the blower panel.",
      "If the lockout is active, wait for the timer shown on the panel."]),
    ("High vibration",
     "Possible causes:", "bullet",
     ["Dirt build-up on the impellers upsetting balance.",
      "Coupling misalignment after maintenance.",
      "Loose baseplate or anchor bolts.",
      "Operation in surge."],
     "Action:",
     ["Compare readings at each bearing with the monthly trend.",
      "Check alignment with a laser tool and correct it.",
      "Torque the base bolts.",
      "If vibration stays above 7.1 mm/s, stop the blower and call Quillan service."]),
]


def _normalise_zip(path: Path) -> None:
    """Rewrite a zip (DOCX) with fixed timestamps so the file does not depend on the clock."""
    with zipfile.ZipFile(path) as zin:
        entries = [(info.filename, zin.read(info.filename)) for info in zin.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2021, 3, 15, 8, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)


def _write_blower_docx(path: Path) -> Path:
    import docx
    from docx.shared import Cm

    document = docx.Document()
    props = document.core_properties
    props.title = "Marrow Creek WWTP O&M Manual - Chapter 7 Aeration Blowers"
    props.author = "Harlow Basin Water Authority"
    props.created = _FIXED_DATE.replace(tzinfo=None)
    props.modified = _FIXED_DATE.replace(tzinfo=None)
    props.revision = 3

    def para(text: str, indent: float | None = None, style: str | None = None) -> None:
        p = document.add_paragraph(text, style=style)
        if indent is not None:
            p.paragraph_format.left_indent = Cm(indent)

    def table(rows: list[tuple[str, ...]]) -> None:
        t = document.add_table(rows=len(rows), cols=len(rows[0]))
        t.style = "Table Grid"
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                t.cell(r, c).text = text
                if r == 0:
                    for run in t.cell(r, c).paragraphs[0].runs:
                        run.bold = True

    document.add_heading("Chapter 7 - Aeration Blowers", level=1)
    para("Marrow Creek WWTP Operation and Maintenance Manual, Volume 2 (Secondary Treatment). "
         "Revision 3. Prepared for Harlow Basin Water Authority.")

    document.add_heading("7.1 Description", level=2)
    para("Three Quillan Air Systems QA-6M multistage centrifugal blowers, B-701, B-702 and B-703, "
         "supply process air to aeration basins 1 to 4. Each blower draws air through an inlet "
         "filter-silencer and an actuated inlet throttle valve and discharges through a check valve "
         "and isolation valve into the common air header. A blow-off valve on each discharge vents to "
         "atmosphere through a silencer during start-up, shutdown and surge control. Air reaches the "
         "fine-bubble disc diffusers through drop legs with one modulating air valve per basin.")
    para("The PLC uses most-open-valve control: each basin air valve modulates to hold its DO "
         "setpoint (normally 2.0 mg/L), and the header pressure setpoint is trimmed so that the most "
         "open basin valve sits near 85 % open. Blowers are staged on and off by the PLC on header "
         "flow.")

    document.add_heading("7.2 Equipment data", level=2)
    table(BLOWER_DATA)

    document.add_heading("7.3 Start-up", level=2)
    for i, step in enumerate([
            "Check the oil level is at the centre of the sump sight glass.",
            "Confirm the inlet throttle valve is at its minimum position (20 %) and the blow-off "
            "valve is open.",
            "Open the discharge isolation valve.",
            "Set the MCC selector to REMOTE and start the blower from SCADA. The pre-lube pump runs "
            "first; the motor starts once oil pressure is above 1.5 bar.",
            "After 30 seconds at speed the blow-off valve closes and the inlet valve is released to "
            "PLC control. Check discharge pressure, temperature and vibration readings."], 1):
        para(f"{i}. {step}", indent=0.6)

    document.add_heading("7.4 Normal operation", level=2)
    para("Typical readings with one or two blowers running: discharge pressure 0.55 to 0.65 bar(g); "
         "discharge temperature 80 to 110 \u00b0C depending on inlet air temperature; bearing "
         "temperature 60 to 80 \u00b0C; vibration below 4.5 mm/s; motor current 300 to 400 A. The "
         "PLC keeps each running blower above its minimum flow of 3,200 Nm\u00b3/h by opening the "
         "blow-off valve when demand is low. A blower running on blow-off wastes power, so operators "
         "should review DO setpoints if this happens for long periods.")

    document.add_heading("7.5 Shutdown", level=2)
    para("Stop the blower from SCADA. The blow-off valve opens, the inlet valve closes to minimum and "
         "the motor stops after 10 seconds. The pre-lube pump runs for 5 minutes after stopping to "
         "cool the bearings. Close the discharge isolation valve if the blower is to be worked on and "
         "lock off the motor at the MCC.")

    document.add_heading("7.6 Alarms and trips", level=2)
    para("Alarm and trip setpoints are set in the blower control panel and repeated on SCADA. Do not "
         "change them without approval from the process engineer.")
    table(BLOWER_ALARMS)

    document.add_heading("7.7 Routine maintenance", level=2)
    for item in [
            "Daily: record discharge pressure, temperatures, vibration and motor current on the log "
            "sheet.",
            "Monthly: take vibration readings with the portable analyser at each bearing.",
            "Quarterly: clean the lube oil heat exchanger and check the blow-off valve operates "
            "through its full travel.",
            "Every 4,000 running hours: change the oil and oil filter.",
            "Annually, or at 25 mbar differential: replace the inlet filter elements."]:
        para(item, style="List Bullet")

    document.add_heading("7.8 Troubleshooting", level=2)
    para("Each entry below gives the symptom, the likely causes in order of probability and the "
         "corrective action. Work through the actions in order and record what was found in the "
         "maintenance system.")
    for symptom, causes_head, causes_style, causes, action_head, actions in BLOWER_TROUBLE:
        p = document.add_paragraph()
        p.paragraph_format.space_before = docx.shared.Pt(10)
        run = p.add_run(symptom)
        run.bold = True
        para(causes_head)
        for i, cause in enumerate(causes):
            if causes_style == "bullet":
                para(cause, style="List Bullet")
            else:
                para(f"{'abcdefgh'[i]}) {cause}", indent=0.6)
        para(action_head)
        for i, action in enumerate(actions, 1):
            para(f"{i}. {action}", indent=0.6)

    document.save(str(path))
    _normalise_zip(path)
    return path


# --------------------------------------------------------------------------------------------
# 3. HTML SCADA help page: DO / ammonium analyzers
# --------------------------------------------------------------------------------------------

# (symptom, [causes], what to do)
ANALYZER_TROUBLE = [
    ("DO value flat - reading does not change",
     ["Sensor face covered by rags or a thick biofilm",
      "Sensor out of the water because the basin level is low or the mounting bracket slipped",
      "Modbus link to PLC-4 lost; the PLC keeps showing the last good value",
      "SC-8 controller left in service mode after calibration"],
     "Pull the sensor and inspect the cap. Check the sensor is 1.2 m below the surface. On the PLC-4 "
     "diagnostics screen check the COMMS OK bit for the analyzer. On the SC-8, exit service mode."),
    ("DO reads lower than a handheld meter",
     ["Sensor cap past its service life or scratched",
      "New cap fitted but its calibration code not entered",
      "Sensor in a dead zone away from the diffuser grid"],
     "Compare with a calibrated handheld held at the same depth, next to the sensor. Enter the cap "
     "calibration code printed on the cap packaging. Replace the cap if it is scratched. If the "
     "readings agree at the sensor, move the sensor into the diffuser grid."),
    ("DO reading noisy or spiking",
     ["Air bubbles striking the sensor face (sensor directly above a diffuser)",
      "Ground loop on the 4-20 mA backup signal",
      "Sensor cable run alongside blower VFD cables"],
     "Tilt the sensor 45 degrees so bubbles slide off the cap. Fit a loop isolator on the 4-20 mA "
     "signal. Re-route the sensor cable in its own conduit."),
    ("Ammonium reading drifts upward over several days",
     ["Reference electrolyte depleted",
      "Potassium compensation switched off while centrate return raises potassium",
      "Matrix correction not repeated after the cartridge was changed"],
     "Check the potassium channel is enabled in the SC-8 menu. Do a matrix correction against a lab "
     "grab sample. Replace the reference electrolyte if the drift continues."),
    ("Ammonium reading slow to respond",
     ["Membrane coated with grease or struvite",
      "Cleaning air not reaching the probe (compressor off, hose kinked)"],
     "Clean the membrane with the soft brush and mild detergent. Check the cleaning compressor runs "
     "and the air hose to the probe is not kinked or split."),
    ("Ammonium reads zero or negative",
     ["New electrode cartridge not conditioned",
      "Calibration standard mixed up (high and low swapped)"],
     "Soak a new cartridge in 10 mg/L standard for 24 hours before calibrating. Repeat the "
     "two-point calibration with fresh standards."),
]

ANALYZER_CODES = [
    ("E01", "Sensor not detected", "Value frozen, quality BAD on SCADA; check cable and connector"),
    ("E02", "DO sensor cap expired", "Value still reported; replace cap"),
    ("E05", "Temperature out of range", "Value frozen, quality BAD"),
    ("W10", "Calibration due", "None"),
    ("W12", "Cleaning cycle active", "Output held for up to 2 minutes, H flag on faceplate; normal"),
    ("E21", "Electrode slope out of range", "Ammonium value quality BAD"),
    ("E22", "Reference electrode fault", "Ammonium value quality BAD"),
    ("E30", "Cleaning air pressure low", "Warning only; cleaning skipped"),
    ("W31", "Matrix correction older than 30 days", "None"),
]


def _analyzer_html() -> str:
    e = html.escape
    rows = []
    for symptom, causes, todo in ANALYZER_TROUBLE:
        items = "".join(f"<li>{e(c)}</li>" for c in causes)
        rows.append(f"      <tr>\n        <td>{e(symptom)}</td>\n        <td><ul>{items}</ul></td>\n"
                    f"        <td>{e(todo)}</td>\n      </tr>")
    codes = "\n".join(f"      <tr><td>{e(c)}</td><td>{e(m)}</td><td>{e(s)}</td></tr>"
                      for c, m, s in ANALYZER_CODES)
    trouble_rows = "\n".join(rows)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>AIT-410 / AIT-420 Aeration Analyzers - SCADA Help</title>
</head>
<body>
  <p class="crumbs">Marrow Creek WWTP SCADA Help &gt; Instruments &gt; Aeration basin analyzers</p>
  <h1>AIT-410 / AIT-420 Aeration Basin Analyzers</h1>
  <p>Each aeration basin has an AIT-410 dissolved oxygen analyzer (Veridian LDO-7 optical sensor)
  in the aerobic zone and an AIT-420 ammonium analyzer (Veridian NX-40 ion-selective probe with
  potassium compensation) at the basin outlet. Both sensors connect to a Veridian SC-8 controller
  on the basin handrail, which sends values to PLC-4 over Modbus TCP with a 4-20 mA backup signal.
  The DO value drives the basin air valves; the ammonium value trims the DO setpoint.</p>

  <h2>Normal readings</h2>
  <p>In the aerobic zone DO normally reads 1.5 to 2.5 mg/L. Ammonium (NH4-N) at the basin outlet
  normally reads 0.5 to 3 mg/L, higher during the morning load peak. Water temperature is 10 to
  25 &deg;C over the year. The NX-40 is cleaned by an air blast every 30 minutes; during cleaning
  the value is held and the faceplate shows an H flag. A reading that is held for 2 minutes every
  half hour is normal and is not a fault.</p>

  <h2>What the control does when a reading is bad</h2>
  <p>If the DO value goes to quality BAD, the basin air valve freezes at its last position for
  10 minutes and then goes to a fixed 50 % open. If the ammonium value goes to quality BAD, the DO
  setpoint returns to the fixed 2.0 mg/L. A value with quality GOOD that is wrong is not caught by
  the control, which is why the troubleshooting table below matters.</p>

  <h2>Maintenance</h2>
  <ul>
    <li>Weekly: wipe the LDO-7 cap with a soft wet cloth; check the NX-40 against a lab grab
    sample and record both values.</li>
    <li>Every 12 months: replace the LDO-7 sensor cap.</li>
    <li>Every 6 to 12 months: replace the NX-40 electrode cartridge.</li>
    <li>Monthly: drain the cleaning air compressor receiver.</li>
  </ul>

  <h2>Troubleshooting</h2>
  <table border="1">
    <thead>
      <tr><th>Symptom</th><th>Cause</th><th>What to do</th></tr>
    </thead>
    <tbody>
{trouble_rows}
    </tbody>
  </table>

  <h2>Error and warning codes (SC-8 controller)</h2>
  <p>Codes appear on the SC-8 display and in the analyzer alarm text on SCADA.</p>
  <table border="1">
    <thead>
      <tr><th>Code</th><th>Meaning</th><th>Effect on SCADA value</th></tr>
    </thead>
    <tbody>
{codes}
    </tbody>
  </table>

  <p class="footer">Page owner: I&amp;C section, Marrow Creek WWTP. Call the on-call I&amp;C
  technician for any analyzer fault that affects blower control.</p>
</body>
</html>
"""


# --------------------------------------------------------------------------------------------
# 4. Plain-text field checklist: hypochlorite metering skid
# --------------------------------------------------------------------------------------------

HYPO_GUIDE = """\
MARROW CREEK WWTP - FIELD TROUBLESHOOTING GUIDE
CHS-600 SODIUM HYPOCHLORITE METERING SKID (CHLORINE CONTACT TANK)
Harlow Basin Water Authority - Operations - Field Guide FG-06, issue 2

SKID AT A GLANCE
  Pumps .............. MP-601 (duty), MP-602 (standby), Aquadyne D-50 motor-driven
                       diaphragm metering pumps, 0-95 L/h, 10 bar max
  Chemical ........... sodium hypochlorite 12.5 %, day tank T-600 (1.5 m3)
  Control ............ pump speed by 4-20 mA from PLC-5 (flow paced, trimmed on
                       chlorine residual at the contact tank outlet); stroke
                       length set by hand on the pump knob
  Skid items ......... suction strainer, calibration column CC-600 (1000 mL),
                       pulsation dampener PD-601, backpressure valve BPV-601
                       (3.5 bar), pressure relief valve PRV-601 (8 bar, returns
                       to T-600), leak sensor in each pump head

READ FIRST
  - Goggles, face shield and gloves for any work on wetted parts.
  - Hypo off-gasses. Trapped gas is the number one cause of trouble on this skid.
  - Never use acid to clean hypo parts - chlorine gas. Warm water only.
  - Flush the pump head with water before opening it.

NORMAL READINGS (not faults)
  - Discharge gauge 3.5 to 4.5 bar, needle moves about 0.3 bar with each stroke.
  - Calibration column drawdown: about 32 L/h at 50 % stroke and 50 % speed.
  - Chlorine residual at the contact tank outlet 1.0 to 1.5 mg/L.
  - Pump motor warm to the touch is normal.

SKID PANEL ALARMS (LCP-600)
  LEAK DETECT ......... liquid in a pump head leak chamber; pump stops
  DAY TANK LOW ........ T-600 below 10 %; both pumps stop
  HIGH DISCHARGE PRESS  PS-601 above 9 bar; pump stops, manual reset

QUICK CHECKS - PUMP WILL NOT RUN
  IF the pump display is dark THEN check breaker CB-6 in LCP-600, then fuse F3 (24 V DC).
  IF the display is lit and shows EXT STOP THEN check the day tank level (T-600 below
     10 % stops both pumps) and the flow-interlock from the effluent flow meter (pumps
     are held off while plant flow is below 50 L/s).
  IF the display shows mA LOW THEN check the speed signal from PLC-5 at terminals
     X2:1/X2:2 - below 4 mA the pump makes zero strokes.
  IF the pump runs in MANUAL but not in AUTO THEN check the AUTO/MAN key on the pump and
     the hand-off-auto switch HS-601 on LCP-600.
  IF the motor hums but will not turn THEN check the motor thermal cut-out and let the
     motor cool for 20 minutes before a restart.

SYMPTOM -> CHECKS IN ORDER
(do the checks in the order given; stop when you find the fault)

1. Pump is stroking but the calibration column does not draw down (nothing delivered)
     a. Day tank level and suction valve open.
     b. Gas lock in the pump head: open the bleed valve on the pump head until liquid
        with no bubbles comes out, then close it.
     c. Check valve balls stuck by salt crystals: take out the valve cartridges and soak
        them in warm water.
     d. Diaphragm ruptured: look for chemical at the leak detection port; if wet, change
        the diaphragm.

2. Pump delivers, but less than it should (residual low, column draws down slowly)
     a. Stroke length knob set below the value on the log sheet.
     b. Suction strainer part blocked: clean the Y-strainer screen.
     c. Worn valve seats or balls: fit a new valve kit.
     d. Relief valve PRV-601 lifting or passing: feel the relief return line to T-600;
        flow or a warm line means it is passing. Check what is raising the discharge
        pressure before resetting it.

3. Pump over-feeds (residual high, column draws down too fast, or hypo flows with the
   pump stopped)
     a. Siphoning through the pump: the dosing point is below the day tank level and
        the backpressure valve diaphragm has failed. Replace BPV-601 diaphragm and set
        it to 3.5 bar.
     b. Speed signal stuck high: check PLC-5 is not in manual at 20 mA.

4. Discharge gauge swinging hard, pipework shaking or knocking
     a. Pulsation dampener PD-601 has lost its charge: check the charge with a tyre
        gauge (should be 80 % of line pressure) and recharge with air.
     b. Loose pipe clamps on the discharge run.

5. Hypo leaking at the pump head
     a. Head bolts loose: torque them to 6 Nm in a cross pattern.
     b. If leak is from the leak detection port, treat as a ruptured diaphragm (see 1d).

MAINTENANCE INTERVALS (for reference)
  Daily      - calibration column drawdown on the duty pump, record on log sheet.
  Monthly    - clean suction strainer, change duty/standby.
  6 months   - new valve kit in each pump.
  12 months  - new diaphragm in each pump, recalibrate.
"""


def write_all(folder: Path) -> Path:
    """Write the four documents into `folder` (which must exist) and return it."""
    folder = Path(folder)
    _write_pump_pdf(folder / PDF_NAME)
    _write_blower_docx(folder / DOCX_NAME)
    (folder / HTML_NAME).write_text(_analyzer_html(), encoding="utf-8")
    (folder / TXT_NAME).write_text(HYPO_GUIDE, encoding="utf-8")
    return folder


def _q(n: int, question: str, kind: str, source: str | None, keywords: list[str]) -> dict:
    return {"id": f"sy1-{n:02d}", "question": question, "kind": kind, "source_file": source,
            "section": "", "answer_keywords": keywords, "follows": None}


QUESTIONS: list[dict] = [
    # PDF - progressive cavity sludge pump
    _q(1, "sludge pump is running but nothing's coming out the discharge, what do I check?",
       "symptom", PDF_NAME, ["motor phase leads", "coupling rod pin"]),
    _q(2, "primary sludge pump only moving about half what it used to on the flow meter, speed "
          "looks normal - why?", "symptom", PDF_NAME,
       ["suction flange joints", "compare it with the limits"]),
    _q(3, "P-310B keeps kicking out on motor overload after ten minutes or so", "symptom", PDF_NAME,
       ["rod out", "fan cowl"]),
    _q(4, "burning rubber smell coming off the thickened sludge pump, the tube part is hot",
       "symptom", PDF_NAME, ["Stop the pump at once", "hydrocarbons"]),
    _q(5, "water pouring out of the packing on the sludge pump way more than normal",
       "symptom", PDF_NAME, ["one sixth of a turn", "shaft sleeve"]),
    # DOCX - aeration blowers
    _q(6, "blower 2 is huffing and roaring and the amps keep swinging when the basins barely need "
          "any air", "symptom", DOCX_NAME,
       ["minimum basin valve position", "Stroke the blow-off valve"]),
    _q(7, "B-701 is wide open at full load but header pressure won't come up and the basins are "
          "starving for air", "symptom", DOCX_NAME,
       ["blow-off silencer outlet", "re-pin the linkage"]),
    _q(8, "B-702 bearing temps keep creeping up towards the alarm, what should I look at?",
       "symptom", DOCX_NAME, ["oil cooler fins", "wear-metal analysis"]),
    _q(9, "blower 3 motor RTDs reading hot, stator windings almost at alarm", "symptom", DOCX_NAME,
       ["motor canopy screens", "phase voltages"]),
    _q(10, "hit start on the standby blower in SCADA and nothing happens", "symptom", DOCX_NAME,
       ["PERMISSIVES page", "starts per hour"]),
    # HTML - DO / ammonium analyzers
    _q(11, "basin 3 DO has been sitting at exactly 1.84 all night, hasn't moved at all",
       "symptom", HTML_NAME, ["COMMS OK bit", "bracket slipped"]),
    _q(12, "my portable meter says 2.4 but the online oxygen probe says 0.9, what's off?",
       "symptom", HTML_NAME, ["same depth", "calibration code"]),
    _q(13, "the oxygen trend is jumping all over the place, blower valves hunting", "symptom",
       HTML_NAME, ["loop isolator", "bubbles slide off"]),
    _q(14, "online NH4 keeps creeping higher every day but the lab numbers are flat", "symptom",
       HTML_NAME, ["Potassium compensation", "potassium channel"]),
    # TXT - hypochlorite metering skid
    _q(15, "hypo pump is clicking away but the level in the cal tube isn't dropping at all",
       "symptom", TXT_NAME, ["bleed valve", "salt crystals"]),
    _q(16, "chlorine residual in the contact tank is low even though the hypo pump is running",
       "symptom", TXT_NAME, ["Y-strainer screen", "relief return line"]),
    _q(17, "hypo still trickling into the line when the pump is off and the residual is sky high",
       "symptom", TXT_NAME, ["Siphoning", "backpressure valve diaphragm"]),
    _q(18, "metering pump screen is on but it isn't stroking at all, what's holding it off?",
       "symptom", TXT_NAME, ["flow-interlock", "X2:1/X2:2"]),
    # Not in corpus: same equipment, problem no document covers
    _q(19, "sludge pump VFD trips on DC bus overvoltage every time it ramps down", "not-in-corpus",
       None, []),
    _q(20, "loud bang from the blower discharge check valve every time we stop B-701, is that "
           "normal?", "not-in-corpus", None, []),
    _q(21, "the analyzer controller touchscreen on basin 2 went black but SCADA still shows DO "
           "values", "not-in-corpus", None, []),
    _q(22, "hypo day tank level on SCADA is about 20 percent higher than the sight glass",
       "not-in-corpus", None, []),
]
