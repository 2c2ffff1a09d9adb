"""Symptom corpus, set 5: a made-up small hydro station at a reservoir dam.

The site is Glenmorra Reservoir and Hydro Station, run by the invented utility Arnwick Water & Power. An earth
and masonry dam holds the reservoir; three radial spillway gates (SG1-SG3) pass flood water and two intake gates
(IG1, IG2) feed two 2.4 MW Francis units (G1, G2) through a short penstock. The powerhouse has a drainage sump,
a cooling water system, a trash rack with a rake cleaner, a 110 V DC system, a standby diesel (DG-1), a gate
house gantry crane, a fish pass and a compensation-flow release valve. Every name, vendor, tag and number here
is invented for testing.

The four documents, each in its own layout:

1. ``havrand_hh-f2200_om_manual.pdf``: the turbine vendor's (Havrand Hydro AS) O&M manual extract. Scope, a
   table of normal operating values, a table of alarm and trip setpoints, a numbered start-up sequence, a
   shutdown paragraph, a maintenance interval table and, on landscape pages, a four-column fault table
   (fault / indication / possible cause / remedy) in which each fault spans several rows whose first two cells
   are left empty.
2. ``corrant_gate_hoists_section9.docx``: the gate hoist supplier's (Corrant Gateworks Ltd) manual section.
   Hoist data table, normal raising steps, a table of alarms sent to SCADA, a maintenance table, then a numbered
   fault list: "Fault 1 ..." followed by "1.1 cause" paragraphs each with a "Remedy:" paragraph.
3. ``telvane_aux_alarm_help.html``: the SCADA integrator's (Telvane Controls) alarm help for the station
   auxiliaries. A setpoint table for all AUX alarm codes, a normal-values box, a weekly checks list, then one
   card per alarm code with "What you see", a numbered "Why" list and a separately numbered "What to do" list
   (item n of one answers item n of the other).
4. ``operators_notebook.md``: the operators' own notebook in Markdown. Normal numbers, the Monday diesel test
   routine, dam inspection intervals, then a log-style lessons-learned page: one entry per symptom, written as
   dated narrative paragraphs, one paragraph per occasion (cause) it was seen.

Near misses: every document also uses the fault words outside troubleshooting. The PDF lists bearing
temperature alarms, HPU pressure and vibration setpoints and a start-up step called GATES OPENING; the DOCX lists
SKEW and brake alarms, brake lining checks and the raising steps; the HTML lists the AUX alarm setpoints
(including AUX-610, the station service transformer, which has no card), the sump and cooling water normal
values and the weekly backwash check; the notebook lists reservoir levels, the compensation-flow consent, the
diesel test routine and the fish pass inspection. Look-alike symptom pairs with different causes sit in the same
document: turbine vs generator bearing hot (PDF), gate stops going up vs gate will not respond, gate drifting
down vs gate not sealing (DOCX), sump level high vs sump pump running on (HTML), diesel will not start vs diesel
starts and stops (notebook). The four not-in-corpus questions ask about equipment the documents name but do not
troubleshoot: G1 excitation build-up, the fish pass, the gate house gantry crane and the station service
transformer.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import pathlib

from docx import Document
from docx.shared import Pt
from fpdf import FPDF

from tests.support.symptom_common import fixed_zip, symptom_question

FIXED_TIME = dt.datetime(2024, 9, 12, 7, 0, tzinfo=dt.UTC)
_ZIP_TIME = (2024, 9, 12, 7, 0, 0)

PDF_NAME = "havrand_hh-f2200_om_manual.pdf"
DOCX_NAME = "corrant_gate_hoists_section9.docx"
HTML_NAME = "telvane_aux_alarm_help.html"
MD_NAME = "operators_notebook.md"


# ---------------------------------------------------------------------------------------------------------------
# 1. PDF: turbine vendor manual with a four-column fault table
# ---------------------------------------------------------------------------------------------------------------

_PDF_SCOPE = (
    "This extract of manual HH-OM-4471 covers the operation and maintenance of the two HH-F2200 vertical Francis "
    "units G1 and G2 at Glenmorra Hydro Station (Arnwick Water & Power). Each unit is rated 2.4 MW at 38 m net head "
    "and runs at 600 rpm. Tags are written with n standing for the unit number, so TE-n11 is TE-111 on G1 and "
    "TE-211 on G2. The turbine governor, hydraulic power unit (HPU), guide bearings and cooling water supply are "
    "described here; the excitation system is covered by the separate supplier manual EX-220. Section 7 gives fault "
    "finding for the faults most often met in service. Faults not listed in section 7 must be referred to Havrand "
    "Hydro AS service, telephone desk 24 h."
)

_PDF_NORMAL = [
    ("Quantity", "Tag", "Normal value"),
    ("Unit speed", "SE-n05", "600 rpm (50.0 Hz)"),
    ("Turbine guide bearing (TGB) temperature", "TE-n11", "45-55 C"),
    ("Generator upper guide bearing (UGB) temperature", "TE-n21", "50-60 C"),
    ("Cooling water flow per bearing cooler", "FS-n14", "12 l/min"),
    ("HPU oil pressure", "PT-n31", "70-80 bar"),
    ("HPU accumulator gas pre-charge", "-", "45 bar at 20 C"),
    ("Bearing vibration, full load", "VT-n41", "below 2.8 mm/s"),
    ("Excitation current, full load", "EX-n01", "about 310 A DC"),
    ("Wicket gate opening, full load", "ZT-n30", "88-92 %"),
]

_PDF_SETPOINTS = [
    ("Tag", "Description", "Alarm", "Trip", "Delay"),
    ("TE-n11", "TGB temperature high", "65 C", "75 C", "5 s"),
    ("TE-n21", "UGB temperature high", "70 C", "80 C", "5 s"),
    ("PT-n31", "HPU pressure low", "60 bar", "50 bar", "2 s"),
    ("VT-n41", "Bearing vibration high", "4.5 mm/s", "7.1 mm/s", "10 s"),
    ("SE-n05", "Overspeed", "110 %", "115 %", "0 s"),
    ("FS-n14", "Cooling water flow low", "8 l/min", "-", "30 s"),
    ("ZS-n33", "Servomotor lock engaged", "on start", "-", "0 s"),
]

_PDF_STARTUP = [
    "Pre-start checks: intake gate fully open, penstock filled and balanced, cooling water flow established on "
    "both bearing coolers, servomotor lock released, no trip active.",
    "Start the HPU from the governor HMI. Wait for HPU pressure above 70 bar.",
    "Release the generator brakes. Brake pressure switch must show OFF.",
    "GATES OPENING: the governor opens the wicket gates to the start opening (18 %). The unit accelerates.",
    "At 95 % speed the excitation is switched on and field flashing builds the terminal voltage.",
    "The automatic synchroniser matches speed, voltage and phase and closes the generator breaker.",
    "The governor ramps load at 5 % per minute to the load setpoint from SCADA.",
    "Check bearing temperatures and vibration after 30 minutes against the values in section 2.",
]

_PDF_SHUTDOWN = (
    "For a planned shutdown reduce load to 10 % at the normal ramp rate, open the generator breaker, let the "
    "governor close the wicket gates and apply the brakes below 20 % speed. Keep the cooling water running for "
    "15 minutes after standstill. Engage the servomotor lock pin before any work in the turbine pit."
)

_PDF_MAINTENANCE = [
    ("Item", "Interval", "Work"),
    ("Cooling water strainers", "Weekly", "Inspect; clean when differential exceeds 0.3 bar"),
    ("TGB and UGB oil", "6 months", "Oil analysis for water, particles and acidity"),
    ("HPU oil and filters", "12 months", "Change filter elements; oil analysis"),
    ("Speed probes", "12 months", "Check gap and signal level on both channels"),
    ("Governor parameters", "12 months", "Back up parameter sets A and B"),
    ("Excitation brushes", "3 months", "Inspect brush length and slip ring surface"),
    ("Runner", "5 years", "Inspection for cavitation and erosion"),
]

_PDF_FAULTS = [
    ("Fault", "Indication", "Possible cause", "Remedy"),
    (
        "7.1 Turbine guide bearing (TGB) temperature high",
        "TE-n11 above 65 C alarm, rising 1-2 C per 10 min; UGB normal",
        "Cooling water flow to TGB cooler too low; flow switch FS-n14 flickering",
        "Clean the duplex strainer basket after changing over to the standby side. Set needle valve NV-n14 to 12 l/min.",
    ),
    (
        "",
        "",
        "Oil level in TGB oil pot low (sight glass below MIN)",
        "Top up with ISO VG 68 turbine oil to the mid mark. Check the pot lid gasket and drain plug for leaks.",
    ),
    (
        "",
        "",
        "Water ingress into TGB oil; oil milky or hazy",
        "Take an oil sample. Water above 500 ppm: drain, refill and pressure test the cooler coil at 6 bar.",
    ),
    (
        "",
        "",
        "Excessive bearing pad clearance from wear (vibration also up)",
        "Stop the unit. Measure runout with dial gauges at the TGB. Contact Havrand for pad shimming.",
    ),
    (
        "7.2 Generator upper guide bearing (UGB) temperature high",
        "TE-n21 above 70 C alarm while the TGB temperature is normal",
        "Left throttled after maintenance: cooler water valve HV-n22",
        "Open HV-n22 fully. Cooler outlet should be 3-6 C warmer than the inlet.",
    ),
    (
        "",
        "",
        "UGB oil cooler tubes fouled with silt after the flood season",
        "Isolate the cooler, remove the end covers and rod out the tubes. Repeat after every flood season.",
    ),
    (
        "",
        "",
        "Measuring fault: one RTD element or its input card reads high",
        "Compare with the spare RTD element TE-n21B. Replace the element or AI card if they differ by more than 3 C.",
    ),
    (
        "7.3 Unit speed hunting, will not synchronise",
        "Frequency swings 49.6-50.4 Hz at speed no load; synchroniser times out after 120 s",
        "Speed probe SE-n05 gap too large, pulses dropping out",
        "Reset probe gap to 1.0 mm with a feeler gauge. Both speed channels must agree within 0.2 %.",
    ),
    (
        "",
        "",
        "Governor left on the isolated-grid gain set after an island test",
        "Select parameter set B (grid parallel) on governor HMI page GOV-3.",
    ),
    (
        "",
        "",
        "Lost motion in the wicket gate feedback linkage",
        "Tighten the feedback rod clevis and lock nuts. Recalibrate gate position transmitter ZT-n30 0-100 %.",
    ),
    (
        "7.4 Wicket gates do not open on start",
        "Sequence stops at step 4 GATES OPENING; gate position stays 0 %; START FAIL after 60 s",
        "HPU accumulator pressure below 60 bar",
        "Check that HPU pump P-n31 runs. If the pump cycles often, check the nitrogen precharge (45 bar).",
    ),
    (
        "",
        "",
        "Servomotor lock pin still engaged after an outage",
        "Withdraw the lock pin and stow it. Limit switch ZS-n33 must show RELEASED on the HMI.",
    ),
    (
        "",
        "",
        "Proportional valve spool sticking (dirty oil)",
        "Flush the HPU with a 10 micron filter cart and exchange proportional valve PV-n35 before restart.",
    ),
    (
        "7.5 High vibration and noise at part load",
        "Bearing vibration over 4.5 mm/s between 30 and 50 % gate; rumbling from the draft tube",
        "Draft tube vortex rope in the rough load range",
        "Avoid continuous running at 30-50 % gate. Share load with the other unit to stay out of the rough zone.",
    ),
    (
        "",
        "",
        "Air admission valve AV-n40 stuck closed or inlet screen blocked",
        "Free the valve stem and clean the inlet screen. The valve must open below 55 % gate.",
    ),
    (
        "",
        "",
        "Runner cavitation damage or lost blade material",
        "Inspect the runner through the draft tube manhole at the next outage. Weld repair by Havrand only.",
    ),
]


class _ManualPdf(FPDF):
    def header(self) -> None:
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 5, "Havrand Hydro AS - HH-OM-4471 Rev C - Glenmorra G1/G2", new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 5, f"Page {self.page_no()}", align="C")


def _pdf_heading(pdf: FPDF, text: str) -> None:
    pdf.ln(3)
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)


def _pdf_table(pdf: FPDF, rows: list[tuple[str, ...]], widths: tuple[int, ...], size: float = 9) -> None:
    pdf.set_font("Helvetica", "", size)
    with pdf.table(col_widths=widths, text_align="LEFT", line_height=size * 0.5, first_row_as_headings=True) as table:
        for values in rows:
            row = table.row()
            for value in values:
                row.cell(value)
    pdf.set_font("Helvetica", "", 10)


def _write_pdf(path: pathlib.Path) -> None:
    pdf = _ManualPdf(orientation="P", unit="mm", format="A4")
    pdf.set_creation_date(FIXED_TIME)
    pdf.set_title("HH-F2200 Francis unit - operation and maintenance")
    pdf.set_author("Havrand Hydro AS")
    pdf.set_auto_page_break(True, margin=15)
    pdf.set_margins(15, 12, 15)

    pdf.add_page()
    pdf.set_font("Helvetica", "B", 15)
    pdf.multi_cell(0, 8, "HH-F2200 Francis Turbine Unit\nOperation and Maintenance Manual (extract)")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, "Glenmorra Hydro Station, units G1 and G2 - document HH-OM-4471 Rev C", new_x="LMARGIN", new_y="NEXT")
    _pdf_heading(pdf, "1 Scope")
    pdf.multi_cell(0, 5, _PDF_SCOPE)
    _pdf_heading(pdf, "2 Normal operating values")
    _pdf_table(pdf, _PDF_NORMAL, (90, 30, 60))
    _pdf_heading(pdf, "3 Alarm and trip setpoints")
    pdf.multi_cell(0, 5, "Setpoints are factory values; changes need written approval from Havrand.")
    _pdf_table(pdf, _PDF_SETPOINTS, (25, 65, 30, 30, 30))

    pdf.add_page()
    _pdf_heading(pdf, "4 Start-up sequence")
    for number, step in enumerate(_PDF_STARTUP, start=1):
        pdf.multi_cell(0, 5, f"Step {number}. {step}")
        pdf.ln(1)
    _pdf_heading(pdf, "5 Planned shutdown")
    pdf.multi_cell(0, 5, _PDF_SHUTDOWN)
    _pdf_heading(pdf, "6 Routine maintenance intervals")
    _pdf_table(pdf, _PDF_MAINTENANCE, (55, 25, 100))

    pdf.add_page(orientation="L")
    _pdf_heading(pdf, "7 Fault finding")
    pdf.multi_cell(
        0,
        5,
        "Work through the possible causes in the order given. Where a fault is not cleared by the listed remedies, "
        "stop the unit and contact Havrand service.",
    )
    pdf.ln(2)
    _pdf_table(pdf, _PDF_FAULTS, (48, 62, 72, 85), size=8.5)
    pdf.output(str(path))


# ---------------------------------------------------------------------------------------------------------------
# 2. DOCX: gate hoist supplier manual with a numbered fault list
# ---------------------------------------------------------------------------------------------------------------

_DOCX_INTRO = (
    "This section covers the electromechanical rope hoists of the three spillway radial gates SG1, SG2 and SG3 and "
    "of the two intake gates IG1 and IG2 at Glenmorra Dam. Each hoist has two rope drums driven through a common "
    "shaft by a 15 kW motor, a thruster-released holding brake, two absolute drum encoders and a hoist PLC that "
    "talks to the station SCADA. Gates may be raised from SCADA (REMOTE) or from the hoist panel (LOCAL)."
)

_DOCX_DATA = [
    ("Item", "Spillway gates SG1-SG3", "Intake gates IG1-IG2"),
    ("Gate type", "Radial, 8.0 m x 4.5 m", "Vertical lift, 2.8 m x 3.0 m"),
    ("Hoist motor", "15 kW, 400 V, 29 A", "7.5 kW, 400 V, 15 A"),
    ("Raise speed", "0.25 m/min", "0.40 m/min"),
    ("Brake", "Thruster released, spring applied", "Thruster released, spring applied"),
    ("Encoders", "Two absolute, one per drum", "One absolute"),
    ("Seal heating", "Side seals, 2 x 1.2 kW", "None"),
]

_DOCX_RAISING = [
    "Confirm with the control room that downstream warning sirens have sounded.",
    "Check the hoist panel shows REMOTE ON and no alarm is active.",
    "Select the gate on the SCADA gate page and enter the target opening in metres.",
    "Press RAISE. The brake lifts, the motor starts and both encoders are compared continuously.",
    "The hoist stops at the target opening and the brake sets. Log the opening and time.",
]

_DOCX_ALARMS = [
    ("Alarm", "Setting", "Action by PLC"),
    ("SKEW", "Encoder difference over 50 mm", "Stops hoist"),
    ("OVERLOAD", "Motor current over 110 % for 5 s", "Stops hoist"),
    ("BRAKE FAULT", "Brake not lifted 3 s after run", "Stops hoist"),
    ("ROPE SLACK", "Slack rope switch open", "Stops lowering"),
    ("SEAL HEATER ON", "Heater contactor closed", "Indication only"),
    ("OVERTRAVEL", "Final limit reached", "Trips hoist supply"),
]

_DOCX_MAINTENANCE = [
    ("Item", "Interval", "Work"),
    ("Wire ropes", "6 months", "Clean and lubricate; check for broken wires"),
    ("Brake", "3 months", "Check linings, air gap and thruster oil"),
    ("Gate seals", "12 months", "Inspect side and bottom seals from the downstream side"),
    ("Limit switches", "12 months", "Function test open, closed and final limits"),
    ("Encoders", "12 months", "Compare with a tape measurement at three openings"),
    ("Gate house gantry crane", "12 months", "Load test and certification (by others)"),
]

_DOCX_FAULTS = [
    (
        "Gate does not move when RAISE is commanded; hoist motor does not start",
        [
            (
                "Local/remote selector S1 on the hoist panel left in LOCAL.",
                "Turn S1 to REMOTE. In LOCAL the panel ignores SCADA commands by design; the lamp REMOTE ON must light.",
            ),
            (
                "Thruster brake does not lift, so the PLC blocks the motor start.",
                "Check the thruster oil level and fuse F7 of the 400 V thruster supply. Release the brake by hand only "
                "with the gate resting on its sill.",
            ),
            (
                "Gate frozen to its side seals after a hard frost.",
                "Switch on the seal heating circuit and wait at least 2 hours. Repeated RAISE attempts will trip the "
                "motor thermistor.",
            ),
        ],
    ),
    (
        "Gate stops partway while raising and the SKEW alarm appears",
        [
            (
                "Unequal rope stretch between the left and right drums.",
                "Lower the gate onto its sill and adjust the rope equaliser at the gate anchorage until both encoders "
                "read within 10 mm.",
            ),
            (
                "Drum encoder E2 slipping on its shaft.",
                "Retighten the encoder coupling grub screws and re-reference both encoders at the closed position.",
            ),
            (
                "Floating timber or debris wedged between the gate and a pier guide.",
                "Lower the gate 200 mm and raise again. If SKEW returns at the same height, ask for a diver inspection "
                "of the pier guides.",
            ),
        ],
    ),
    (
        "Gate creeps downwards when stopped in an open position",
        [
            (
                "Holding brake linings worn or glazed.",
                "Measure the brake air gap (0.4-0.6 mm). Renew the linings when thinner than 3 mm.",
            ),
            (
                "Brake spring adjusting nut backed off.",
                "Set the spring length to the value stamped on the brake plate (typically 142 mm) and lock it with a second nut.",
            ),
            (
                "Drift correction switched off in the hoist PLC.",
                "Enable re-raise on drift with parameter P-17 = 1. The gate then corrects itself when it has drifted "
                "more than 30 mm.",
            ),
        ],
    ),
    (
        "Intake gate does not seat; water passes under the closed gate",
        [
            (
                "Silt or gravel lying on the sill.",
                "Open the gate 100 mm for 5 minutes to flush the sill with the flow, then close again.",
            ),
            (
                "Bottom seal torn, hardened or pulled out of its clamp.",
                "Plan a seal replacement with stoplogs fitted upstream. Seal profile CG-J40 is held in the store.",
            ),
            (
                "Closed limit switch set too high, so the gate stops before full seal compression.",
                "Reset the closed limit cam so that the hoist stops when rope slack is first indicated.",
            ),
        ],
    ),
]


def _docx_table(doc: Document, rows: list[tuple[str, ...]]) -> None:
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
    doc.styles["Normal"].font.size = Pt(10)
    core = doc.core_properties
    core.author = "Corrant Gateworks Ltd"
    core.title = "Glenmorra Dam gate hoists - O&M manual CGW-2290, section 9"
    core.created = FIXED_TIME
    core.modified = FIXED_TIME
    core.last_printed = FIXED_TIME
    core.last_modified_by = "Corrant Gateworks Ltd"
    core.revision = 4

    doc.add_heading("Section 9 - Gate hoists: operation and fault finding", level=1)
    doc.add_paragraph("Corrant Gateworks Ltd, manual CGW-2290 for Glenmorra Dam, revision 4.")
    doc.add_heading("9.0 Introduction", level=2)
    doc.add_paragraph(_DOCX_INTRO)
    doc.add_heading("9.1 Hoist data", level=2)
    _docx_table(doc, _DOCX_DATA)
    doc.add_heading("9.2 Normal raising of a gate from SCADA", level=2)
    for step in _DOCX_RAISING:
        doc.add_paragraph(step, style="List Number")
    doc.add_paragraph("Lowering is the same with LOWER pressed. Flood operation follows the dam emergency plan.")
    doc.add_heading("9.3 Alarms sent to SCADA", level=2)
    _docx_table(doc, _DOCX_ALARMS)
    doc.add_heading("9.4 Maintenance intervals", level=2)
    _docx_table(doc, _DOCX_MAINTENANCE)
    doc.add_heading("9.5 Fault finding", level=2)
    doc.add_paragraph(
        "Each fault lists its possible causes in the order they should be checked. A remedy follows every cause. "
        "Always make the gate safe (resting on its sill or on the dogs) before working on the brake or ropes."
    )
    for number, (symptom, causes) in enumerate(_DOCX_FAULTS, start=1):
        para = doc.add_paragraph()
        para.add_run(f"Fault {number}   {symptom}").bold = True
        for sub, (cause, remedy) in enumerate(causes, start=1):
            doc.add_paragraph(f"{number}.{sub}   {cause}")
            rem = doc.add_paragraph()
            rem.paragraph_format.left_indent = Pt(24)
            rem.add_run("Remedy: ").italic = True
            rem.add_run(remedy)
    buffer = io.BytesIO()
    doc.save(buffer)
    path.write_bytes(fixed_zip(buffer.getvalue(), _ZIP_TIME))


# ---------------------------------------------------------------------------------------------------------------
# 3. HTML: SCADA alarm help cards (What you see / Why / What to do)
# ---------------------------------------------------------------------------------------------------------------

_HTML_SETPOINTS = [
    ("AUX-301", "DRAINAGE SUMP LEVEL HIGH-HIGH", "LT-301", "above 1.8 m", "10 s", "1"),
    ("AUX-305", "DRAINAGE PUMP RUN TIME EXCESSIVE", "P-301A/B", "over 30 min running", "0 s", "2"),
    ("AUX-410", "COOLING WATER HEADER PRESSURE LOW", "PT-410", "below 2.0 bar", "20 s", "1"),
    ("AUX-520", "TRASH RACK DIFFERENTIAL HIGH", "LT-521/522", "over 0.30 m", "60 s", "2"),
    ("AUX-610", "STATION SERVICE TRANSFORMER TEMP HIGH", "TT-610", "above 95 C", "30 s", "2"),
    ("AUX-611", "STATION SERVICE TRANSFORMER TEMP HIGH-HIGH", "TT-610", "above 110 C (trip)", "5 s", "1"),
    ("AUX-705", "110 V DC EARTH FAULT", "IM-701", "below 20 kOhm", "5 s", "2"),
    ("AUX-720", "BATTERY CHARGER AC SUPPLY LOST", "BC-701", "contact open", "60 s", "2"),
]

_HTML_NORMAL = [
    "Drainage sump: duty pump starts at 1.2 m, stops at 0.4 m; standby pump starts at 1.5 m.",
    "Cooling water header pressure 2.8-3.4 bar with one pump running.",
    "Trash rack differential below 0.10 m with a clean rack.",
    "110 V DC bus 110-124 V; insulation resistance above 200 kOhm to earth.",
    "Station service transformer top oil 45-70 C in summer.",
]

_HTML_WEEKLY = [
    "Change over the duty drainage pump (A to B, B to A) at the MCC selector and watch one full cycle.",
    "Check the cooling water strainer has backwashed automatically in the last 4 hours (strainer panel counter).",
    "Run the rake cleaner for one full pass and check the debris skip.",
    "Read the DC insulation monitor and note both pole values in the log.",
]

_HTML_CARDS = [
    (
        "AUX-301",
        "DRAINAGE SUMP LEVEL HIGH-HIGH",
        "Powerhouse drainage sump above 1.8 m on LT-301. Horn in the control room. The pump symbols may show stopped.",
        [
            "Both drainage pumps P-301A and P-301B were left in HAND or OFF after maintenance.",
            "Start float LS-302 hung up on its own cable, so the pumps never got a start.",
            "Penstock drain valve V-118 passing, giving extra inflow to the sump.",
            "Non-return valve on the common discharge stuck open; water runs back into the sump when a pump stops.",
        ],
        [
            "Put both selectors back to AUTO at MCC-2 and check a pump starts.",
            "Free the float and fit the cable tie-back clip.",
            "Close V-118 hard and check its gland; raise a work order for repair.",
            "Tap the valve body. If it stays open, close discharge isolator DV-303 and get the fitter to change the flap.",
        ],
    ),
    (
        "AUX-305",
        "DRAINAGE PUMP RUN TIME EXCESSIVE",
        "A drainage pump has run for more than 30 minutes without stopping; the sump level falls slowly or not at all.",
        [
            "Impeller clogged with rags or leaves.",
            "Discharge isolator DV-303 partly closed.",
            "LT-301 zero has drifted, so the stop level of 0.4 m is never reached.",
            "Cooling water dump valve V-412 left open to the sump.",
        ],
        [
            "Isolate the pump, lift it out on its guide rail and clear the impeller.",
            "Open DV-303 fully; it is padlocked open in normal service.",
            "Compare LT-301 with the staff gauge on the sump wall and re-zero the transmitter.",
            "Close V-412. It is only opened for cooler flushing.",
        ],
    ),
    (
        "AUX-410",
        "COOLING WATER HEADER PRESSURE LOW",
        "Header pressure PT-410 below 2.0 bar. Unit bearing temperatures may start to rise a few minutes later.",
        [
            "Self-cleaning strainer STR-401 blocked because its backwash has not run.",
            "Cooling water pump CWP-1 air-bound after a low intake level.",
            "Pressure reducing valve PRV-405 stuck nearly closed.",
        ],
        [
            "Press MANUAL BACKWASH on the strainer panel and check that the backwash valve motor turns.",
            "Open the bleed cock on top of the pump casing until water runs free of air.",
            "Open bypass valve V-406 a quarter turn and get the fitter to service the PRV pilot.",
        ],
    ),
    (
        "AUX-520",
        "TRASH RACK DIFFERENTIAL HIGH",
        "Level difference across the intake trash rack over 0.30 m (LT-521 upstream, LT-522 downstream).",
        [
            "Heavy debris load after a storm or during leaf fall.",
            "Rake cleaner stopped on overload or its hydraulic pump has tripped.",
            "Downstream sensor LT-522 fouled with weed, so it reads low.",
        ],
        [
            "Put the rake cleaner in CONTINUOUS and reduce unit load until the difference falls.",
            "Look for a log jammed under the rake tines, then reset the rake at its local panel.",
            "Clean the sensor face with the long-handled brush kept on the intake deck.",
        ],
    ),
    (
        "AUX-705",
        "110 V DC EARTH FAULT",
        "Insulation monitor IM-701 on the DC board reads below 20 kOhm on one or both poles.",
        [
            "Moisture in spillway junction box JB-S2, usually after heavy rain.",
            "Damaged cable insulation in the gate hoist limit switch conduits.",
            "Insulation monitor IM-701 itself faulty.",
        ],
        [
            "Open JB-S2, dry it out and renew its cover seal.",
            "With the shift engineer's approval switch DC circuits off one at a time to find the faulty one.",
            "Press TEST on the monitor; if it does not respond, fit the spare unit from the store.",
        ],
    ),
]


def _html_list(tag: str, items: list[str]) -> str:
    inner = "\n".join(f"    <li>{html.escape(item)}</li>" for item in items)
    return f"  <{tag}>\n{inner}\n  </{tag}>"


def _html_text() -> str:
    esc = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        "<title>Glenmorra Hydro - auxiliary alarm help (Telvane Controls)</title>",
        "<style>body{font-family:sans-serif;max-width:60em}.card{border:1px solid #888;padding:0 1em;margin:1em 0}"
        "table{border-collapse:collapse}td,th{border:1px solid #aaa;padding:2px 6px}.box{background:#eef}</style>",
        "</head>",
        "<body>",
        "<h1>Glenmorra Hydro Station - auxiliary systems alarm help</h1>",
        "<p>Prepared by Telvane Controls for Arnwick Water &amp; Power, SCADA release 3.2. This help opens when an "
        "operator clicks an AUX alarm in the alarm banner. It covers the powerhouse drainage, cooling water, intake "
        "trash rack, station service supply and 110 V DC system. Unit alarms (turbine, generator) and gate alarms are "
        "in the vendor manuals.</p>",
        "<h2>Alarm setpoints</h2>",
        "<table>",
        "<tr><th>Code</th><th>Alarm text</th><th>Tag</th><th>Setpoint</th><th>Delay</th><th>Priority</th></tr>",
    ]
    for row in _HTML_SETPOINTS:
        parts.append("<tr>" + "".join(f"<td>{esc(value)}</td>" for value in row) + "</tr>")
    parts += [
        "</table>",
        "<p>Alarms without a card below are listed for reference only.</p>",
        '<div class="box">',
        "<h2>Normal values</h2>",
        _html_list("ul", _HTML_NORMAL),
        "</div>",
        "<h2>Weekly checks</h2>",
        _html_list("ol", _HTML_WEEKLY),
        "<h2>Alarm cards</h2>",
        "<p>Each card lists the likely reasons in order. Action n answers reason n.</p>",
    ]
    for code, text, seen, why, todo in _HTML_CARDS:
        parts += [
            f'<div class="card" id="{code.lower()}">',
            f"<h3>{code} {esc(text)}</h3>",
            "<h4>What you see</h4>",
            f"<p>{esc(seen)}</p>",
            "<h4>Why</h4>",
            _html_list("ol", why),
            "<h4>What to do</h4>",
            _html_list("ol", todo),
            "</div>",
        ]
    parts += ["<p><small>Telvane Controls, document TC-GLH-AUX-07, issue 2.</small></p>", "</body>", "</html>", ""]
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# 4. Markdown: operators' notebook with a lessons-learned log
# ---------------------------------------------------------------------------------------------------------------

_MD_TEXT = """# Glenmorra operators' notebook

Kept in the control room and typed up now and then. Not a controlled document: the vendor manuals and the dam
emergency plan win if anything here disagrees with them. Add to the log at the bottom when something catches you out.

## Normal numbers we go by

- Top water level 212.40 m AOD; normal operating band 210.8 to 212.3 m AOD.
- Reservoir level: radar LT-R1 on the intake tower and pressure transducer LT-R2 in the stilling pipe should read
  within 0.05 m of each other. SCADA raises LEVEL DISCREPANCY at 0.15 m.
- Compensation flow consent: at least 180 l/s to the river at all times, measured on FT-C1. We run 190 l/s.
- Standby diesel DG-1: oil pressure 3.5-4.5 bar running, 1500 rpm, start batteries 25-27 V on float.
- Seepage weir below the dam: 0.8-1.4 l/s, higher for a week after a big drawdown.

## Weekly diesel test (Monday days)

1. Tell the control room; the test puts DG-1 on the station board for 30 minutes.
2. Check fuel day tank above half, coolant level, and the start battery voltage on the charger display.
3. Start DG-1 from the panel in TEST. Note cranking time, oil pressure after 10 s and frequency.
4. Close the test load breaker and run 30 minutes at load; record oil pressure and coolant temperature.
5. Open the breaker, let it run 5 minutes off load to cool down, stop it and put the panel back to AUTO.

## Dam inspection intervals

| What | How often | Who |
|---|---|---|
| Seepage weir reading | Daily | Shift |
| Piezometers P1-P9 | Monthly | Shift |
| Fish pass baffles and pool levels | Weekly | Shift |
| Spillway gates visual from the crest | Weekly | Shift |
| Crest survey and settlement points | Yearly | Dam engineer |
| Compensation valve chamber | Monthly | Shift |

## Lessons learned log

### Reservoir level: radar and transducer disagree

14 Jan 2021, nights (R. Dallow). LEVEL DISCREPANCY came in: LT-R1 said 211.92 and LT-R2 said 212.10 m AOD. It was
freezing hard and there was a crust of ice and foam under the radar horn, so the radar was bouncing off that. Knocked
it clear from the tower walkway with the boat hook and LT-R1 came back in line within ten minutes.

9 Nov 2022, days (M. Oyelaran). Same alarm, no ice this time. The stilling pipe for LT-R2 had silted up after the
autumn drawdown and the transducer was barely following the level. Flushed the pipe through with the fire hose from
the crest and it came right.

21 Mar 2023, days (R. Dallow). Slow drift between the two, worst on stormy days. The vent tube in the LT-R2 cable had
filled with water, so the transducer lost its atmospheric reference and was following the barometer. Telvane fitted a
new cable with a desiccant vent cap. Check the desiccant colour at the monthly valve chamber visit.

### Compensation flow showing below consent

3 Aug 2021, days (P. Kerrigan). FT-C1 dropped to 150 l/s although the river below the valve looked normal. Algae
growth on the flow meter transducer faces in the valve chamber; cleaned them with a soft cloth and the reading came
back to 190 l/s. Summer job every fortnight since.

17 Feb 2022, nights (M. Oyelaran). After the power dip the release valve RV-C1 controller came back on its factory
default setpoint of 100 l/s. Re-entered 190 l/s and locked the setpoint page. Told the environment officer because
we were under consent for about two hours.

30 Oct 2023, days (S. Finch). Valve fully open but FT-C1 stuck near 160 l/s. Leaves and twigs blinding the inlet
screen of the release pipe at the draw-off tower. Raised the screen with the tower winch, cleaned it on the deck and
put it back.

### Standby diesel will not start on the weekly test

6 Dec 2021, days (P. Kerrigan). DG-1 did nothing but click. The start batteries were down at 19 V because the
charger MCB in the diesel room had been switched off during electrical work and never put back. Switched on, left
8 hours, test passed next day.

24 Jan 2022, days (R. Dallow). Cranked well but would not fire at minus 8 C. The block was stone cold: the jacket
heater thermostat had failed. Electrician changed it; we ran the test after lunch once the block was warm.

### Standby diesel starts, then stops after a few seconds

11 Apr 2022, days (S. Finch). DG-1 started, ran about 3 s and shut down on LOW OIL PRESSURE although the gauge showed
4 bar. The oil pressure switch bypass timer was set to 2 s instead of 10 s, so the trip armed before pressure had built.
Reset to 10 s.

2 Sep 2022, days (M. Oyelaran). Started, ran 4-5 s and died with no alarm. Fuel starvation: both fuel filters choked
with diesel bug. Changed the filters and drained water from the bottom of the day tank; fuel sample sent off.

19 Jun 2024, days (P. Kerrigan). Started and tripped straight away on OVERSPEED at what the panel called 1650 rpm. The
magnetic pickup had worked loose and was giving a bad speed signal. Refitted it 0.8 mm from the flywheel teeth and the
test passed.
"""


# ---------------------------------------------------------------------------------------------------------------
# questions
# ---------------------------------------------------------------------------------------------------------------


def _q(number: int, question: str, source: str | None, keywords: list[str]) -> dict:
    return symptom_question("sy5", number, question, source, keywords)


QUESTIONS: list[dict] = [
    _q(
        1,
        "G2 turbine bearing TE-211 at 67 and still climbing, what do i check",
        PDF_NAME,
        ["duplex strainer basket", "pad shimming"],
    ),
    _q(
        2,
        "unit 1 generator top bearing running hot but the turbine bearing is fine??",
        PDF_NAME,
        ["left throttled after maintenance", "spare RTD element"],
    ),
    _q(
        3,
        "G1 wont sync, freq keeps swinging either side of 50 and the synchroniser gives up",
        PDF_NAME,
        ["Reset probe gap", "feedback rod clevis"],
    ),
    _q(
        4,
        "hit start on G2, sequence just sits there and the guide vanes never move",
        PDF_NAME,
        ["nitrogen precharge", "10 micron filter cart"],
    ),
    _q(5, "unit shaking and rumbling when i run it around 40 percent", PDF_NAME, ["rough zone", "draft tube manhole"]),
    _q(
        6,
        "SG2 not budging when i press raise on scada, motor not even starting",
        DOCX_NAME,
        ["left in LOCAL", "seal heating circuit"],
    ),
    _q(
        7, "spillway gate 3 got about halfway up then halted with a skew alarm", DOCX_NAME, ["rope equaliser", "diver inspection"]
    ),
    _q(8, "parked SG1 at 1.2 m open and its slowly sinking by itself", DOCX_NAME, ["brake air gap", "parameter P-17"]),
    _q(9, "IG2 shows closed but still water getting through underneath", DOCX_NAME, ["flush the sill", "closed limit cam"]),
    _q(10, "drainage sump high high alarm, neither sump pump running", HTML_NAME, ["AUTO at MCC-2", "change the flap"]),
    _q(11, "sump pump A been going 45 min non stop and the level barely drops", HTML_NAME, ["rags or leaves", "cooler flushing"]),
    _q(12, "cw header pressure down to 1.6 bar", HTML_NAME, ["MANUAL BACKWASH", "PRV pilot"]),
    _q(13, "big level difference across the intake screens, nearly 0.4 m", HTML_NAME, ["leaf fall", "long-handled brush"]),
    _q(
        14,
        "insulation monitor on the 110V board showing an earth on the negative",
        HTML_NAME,
        ["junction box JB-S2", "fit the spare unit"],
    ),
    _q(
        15,
        "res level radar and the pressure one are 15 cm apart on scada, which do i believe",
        MD_NAME,
        ["boat hook", "desiccant vent cap"],
    ),
    _q(16, "river release flow reading under 180 l/s", MD_NAME, ["transducer faces", "tower winch"]),
    _q(17, "DG-1 wouldnt start on the monday test run", MD_NAME, ["charger MCB", "jacket heater thermostat"]),
    _q(18, "standby genny fires up then cuts out after a couple of seconds", MD_NAME, ["bypass timer", "flywheel teeth"]),
    _q(19, "G1 excitation wont build up, field flash not taking, no volts", None, []),
    _q(20, "fish pass pools overtopping, water pouring over the baffles", None, []),
    _q(21, "gate house gantry crane wont travel along its rail", None, []),
    _q(22, "station service transformer temp alarm AUX-610 just came in", None, []),
]


def write_all(folder: pathlib.Path) -> pathlib.Path:
    """Write the four set-5 documents into ``folder`` (created if needed) and return it."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    _write_pdf(folder / PDF_NAME)
    _write_docx(folder / DOCX_NAME)
    (folder / HTML_NAME).write_text(_html_text(), encoding="utf-8", newline="\n")
    (folder / MD_NAME).write_text(_MD_TEXT, encoding="utf-8", newline="\n")
    return folder
