"""Symptom documents, set 3: Brackenfield Lift Stations and Pretreatment (a made-up site).

The Brackenfield Water Reclamation District runs six sewage lift stations (LS-1 to LS-6) and a small
industrial pretreatment plant on the Brackenfield Industrial Estate. Every name, vendor, tag and number
below is invented. Each lift station has two Hollerith Pumpworks HPS-75 submersible pumps under a Tarnwell
LC-20 pump controller (4-20 mA level transducer plus backup floats); LS-4 also has a Grindmore GX-4 inlet
grinder. The pretreatment plant has a Quillon PNS-300 two-stage pH neutralisation skid with caustic
metering pumps, a Fennick DAF-12 dissolved air flotation unit, a Corvane OWS-1 oil/water separator, a
Marrowby MF-8 magnetic flow meter (FIT-501) with a Sentrel ASP-24 composite sampler, and every site
reports to SCADA through a Kestrin RTU-600 with a built-in cellular modem.

Documents written by write_all:
- BLS-OM-201_lift_station_pumps.pdf (fpdf2, 4 pages): O&M manual section 7. Prose scope, a normal
  values table, an alarm setpoint table, a three-column fault table (Symptom | Possible cause |
  Corrective action) whose cells hold several numbered causes and numbered remedies, an LC-20 indicator
  lamp (LED state) table, headed prose sections for the LS-4 grinder, start-up steps and a maintenance
  interval table.
- PNS-300_pH_neutralisation_QA.docx (python-docx): operator Q&A ("Q: ... A: ...") with "Cause n -" /
  "Remedy:" paragraphs, plus tables of normal ranges and alarm setpoints, a calibration procedure and
  maintenance intervals.
- DAF_OWS_field_guide.html: a daily-rounds table of normal readings, headed prose sections per DAF
  symptom, a two-column "Trouble | Check" table for the oil/water separator and a maintenance table.
- flow_sampler_rtu_diagnostics.txt: plain text with reference values, a SCADA alarm list with setpoints
  and flowchart-like diagnostic charts ("Step 1. Is ...? No -> ... Yes -> go to step 2").

This set was written from the brief alone, without reading the product's code, its tests or the other
authors' sets, so it measures whether answer finding generalises.

Near misses: alarm setpoint lists, normal operating values, start-up steps, calibration and maintenance
intervals use the same words as the symptoms (seal fail, high level, pH low, oil layer, comm fail,
sampler temperature) without being troubleshooting. Symptom pairs that look alike but have different
causes: pump hums and will not start / pump starts then trips on overload; pump runs but level does not
fall / pump runs and will not stop / short cycling; pH stays low / pH overshoots; pH reading frozen /
pH reading drifts; thin float with carryover / coarse bubbles breaking the float / recycle pressure
falling; oil in OWS effluent / false oil level alarm; flow meter reads zero / flow reading noisy;
sampler takes no samples / short sample volumes; RTU comm fail / frozen values with comms healthy.
The four not-in-corpus questions (standby generator, force main air valve, sampler fridge temperature,
odour scrubber fan) touch words in the documents but no document troubleshoots them.
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

from tests.support.symptom_common import fixed_zip, symptom_question

FIXED_TIME = dt.datetime(2023, 5, 17, 9, 30, tzinfo=dt.UTC)

PDF_NAME = "BLS-OM-201_lift_station_pumps.pdf"
DOCX_NAME = "PNS-300_pH_neutralisation_QA.docx"
HTML_NAME = "DAF_OWS_field_guide.html"
TXT_NAME = "flow_sampler_rtu_diagnostics.txt"


# --------------------------------------------------------------------------------------------------
# PDF: lift station pumps, LC-20 controller and LS-4 grinder
# --------------------------------------------------------------------------------------------------

PDF_SCOPE = (
    "This section applies to lift stations LS-1 to LS-6. Each station has two Hollerith Pumpworks HPS-75 "
    "submersible sewage pumps (7.5 kW, 400 V, 15.2 A full load current) working duty/assist, with automatic "
    "alternation by the Tarnwell LC-20 pump controller. Wet well level is measured by a submersible 4-20 mA "
    "transducer (0 to 5 m). A backup float set gives high-high level and a stop signal if the transducer "
    "fails. LS-4 also has a Grindmore GX-4 channel grinder ahead of the wet well, with its own GC-4 "
    "controller. Always isolate and lock off at the station isolator before lifting a pump."
)

PDF_NORMAL = [
    ("Parameter", "Normal value", "Notes"),
    ("Motor current, duty pump", "11.5 - 14.0 A", "Nameplate FLA 15.2 A"),
    ("Duty pump start level", "1.60 m", "Above wet well floor"),
    ("Pump stop level", "0.70 m", "Both pumps"),
    ("Assist pump start level", "2.10 m", "Second pump joins"),
    ("Starts per hour, each pump", "10 maximum", "HPS-75 motor limit"),
    ("Run time per cycle", "3 - 8 min", "Dry weather flow"),
    ("Insulation resistance to earth", "20 MOhm new, 2 MOhm in service", "500 V test"),
]

PDF_ALARMS = [
    ("Alarm", "Tag", "Setpoint", "Delay", "LC-20 action"),
    ("High wet well level", "LSH", "2.90 m", "10 s", "Call-out via RTU"),
    ("High-high level float", "LSHH", "3.30 m", "0 s", "Both pumps forced on, call-out"),
    ("Low level cut-out", "LSL", "0.45 m", "2 s", "All pumps stopped"),
    ("Pump seal fail", "SF1 / SF2", "below 30 kOhm", "60 s", "Alarm only, pump keeps running"),
    ("Motor overtemperature", "TS1 / TS2", "Switch opens at 140 C", "0 s", "Pump stopped, auto reset when cool"),
    ("Pump fail to run", "PF1 / PF2", "No run feedback", "5 s", "Pump locked out, standby pump called"),
    ("Power fail / phase loss", "PWF", "Any phase lost", "3 s", "Alarm to SCADA"),
]

PDF_FAULTS = [
    ("Symptom", "Possible cause", "Corrective action"),
    (
        "Motor hums but the pump will not start. Breaker stays closed.",
        "1. Impeller jammed by rags, wipes or a stone.\n"
        "2. One supply phase missing (blown fuse or loose terminal).\n"
        "3. Supply voltage dips below 360 V during the start.",
        "1. Lock off, lift the pump and clear the impeller by hand.\n"
        "2. Check the three phase voltages; replace the blown fuse.\n"
        "3. Log the voltage during a start and report low supply to the power utility.",
    ),
    (
        "Pump starts, then trips out on overload after a few seconds.",
        "1. Overload relay set below the motor full load current.\n"
        "2. Water in the motor, insulation breaking down.\n"
        "3. Worn bearings dragging the rotor.",
        "1. Set the overload to the nameplate FLA (15.2 A).\n"
        "2. Megger the motor; below 2 MOhm send the pump for rewind.\n"
        "3. Turn the shaft; if it feels rough, send the pump for bearing replacement.",
    ),
    (
        "Pump runs with normal or low current, but the wet well level falls slowly or not at all.",
        "1. Pump turning backwards (phases swapped after electrical work).\n"
        "2. Discharge gate valve partly closed or check valve flap stuck.\n"
        "3. Air locked in the volute after the pump was lifted.\n"
        "4. Impeller and wear ring worn.",
        "1. Swap any two phases at the starter and confirm rotation with the kick test.\n"
        "2. Open the gate valve fully and exercise the check valve lever arm.\n"
        "3. Open the air release cock on the discharge bend until water runs.\n"
        "4. Measure the wear ring clearance; replace parts above 1.0 mm.",
    ),
    (
        "Pump keeps running below the stop level and does not switch off.",
        "1. Level transducer fouled with grease, reading higher than the real level.\n"
        "2. Backup stop float hung up on the guide rail or its own cable.\n"
        "3. Pump selector left in HAND.",
        "1. Pull the transducer and clean the diaphragm with warm water. Never poke it with a tool.\n"
        "2. Free the float and re-tie its cable to the float bracket.\n"
        "3. Return the HOA switch to AUTO.",
    ),
    (
        "Pump starts and stops every minute or two (short cycling).",
        "1. Start and stop levels set too close together.\n"
        "2. Check valve leaking: force main drains back into the wet well.\n"
        "3. Transducer signal unsteady from inlet turbulence.",
        "1. Reset the levels per 7.2 (at least 0.9 m drawdown).\n"
        "2. Inspect the check valve seat and flap rubber.\n"
        "3. Fit the transducer inside a stilling tube away from the inlet.",
    ),
    (
        "Seal fail alarm SF1 or SF2 on the LC-20.",
        "1. Mechanical seal worn, water entering the oil chamber.\n"
        "2. Moisture probe lead damaged, giving a false alarm.",
        "1. Drain a sample of oil: milky oil confirms a leak. Book seal replacement within 2 weeks.\n"
        "2. Megger the probe lead from the panel terminals; repair the cable gland.",
    ),
    (
        "High wet well alarm although both pumps are available.",
        "1. Assist pump not being called: alternation stuck on one pump.\n"
        "2. Inflow above station capacity during storms.",
        "1. Check LC-20 menu 3.4 ALT is ON and the assist start level is 2.10 m.\n"
        "2. Compare inflow with pumped flow on SCADA; request tanker support from the duty manager.",
    ),
]

PDF_LEDS = [
    ("Lamp", "State", "Meaning", "What to do"),
    ("PWR (green)", "Steady", "Controller powered and healthy", "Nothing"),
    ("PWR (green)", "Off", "No 24 VDC supply", "Check fuse F1 in the control panel"),
    ("P1 / P2 (green)", "Steady", "Pump running", "Nothing"),
    ("P1 / P2 (green)", "Slow flash", "Start delay timing (5 s default)", "Wait"),
    ("FLT (red)", "Steady", "Pump fail to run, PF1 or PF2",
     "Check the contactor coil and auxiliary contact, then reset at the keypad"),
    (
        "FLT (red)",
        "Fast flash",
        "Level signal out of range (below 3.6 mA or above 21 mA); pumps run on floats",
        "Check the transducer loop wiring and look for water in the junction box under the wet well lid",
    ),
    ("FLT (red)", "Slow flash", "Seal fail or overtemperature latched", "See the fault table, 7.4"),
    ("COM (amber)", "Flicker", "Normal Modbus polling by the RTU", "Nothing"),
    ("COM (amber)", "Off", "No polls from the RTU for 60 s", "See document flow_sampler_rtu_diagnostics"),
]

PDF_GRINDER = [
    (
        "Grinder reverses several times, then stops on JAM",
        "The GC-4 reverses the cutters when motor current rises above the jam setting. Three reversals in "
        "30 seconds latch a JAM fault and stop the grinder. The usual cause is a hard object, such as a "
        "brick, bolt or piece of rebar, wedged between the cutter stacks. Isolate and lock off, lift the "
        "grinder to the deck, open the cutter cover and remove the object. If nothing is found, the jam "
        "setting may have been lowered by a controller reset: for the GX-4 it must be 9.0 A. Reset the "
        "fault at the GC-4 only after the cutters turn freely.",
    ),
    (
        "Grinder runs without faults but rags still reach the pumps",
        "Rags wrapped on the pump impellers while the grinder shows no fault mean that material is going "
        "around the cutters. Check that the bypass screen gate is fully lowered; it is raised during high "
        "flow and often left up afterwards. Worn cutters also let long strands through: measure the "
        "cutter-to-spacer gap and replace the cutter stack when it exceeds 0.5 mm.",
    ),
]

PDF_STARTUP = [
    "1. Confirm the pump is seated on the duckfoot and the lifting chain is hooked clear of the float.",
    "2. Open the discharge gate valve fully.",
    "3. Remove the lock, close the isolator and select HAND for no more than 10 s; the pump kicks "
    "anticlockwise when viewed from above.",
    "4. Select AUTO and watch one full pump-down; record the running current and the cycle time.",
    "5. Clear any alarms at the LC-20 keypad and tell the SCADA operator the station is back in service.",
]

PDF_MAINTENANCE = [
    ("Task", "Interval"),
    ("Clean level transducer and floats", "Monthly"),
    ("Exercise discharge and check valves", "3 months"),
    ("Check pump oil chamber condition", "6 months"),
    ("Inspect GX-4 cutters and bypass screen", "6 months"),
    ("Insulation test on pump motors", "12 months"),
    ("Odour scrubber carbon change (LS-2)", "12 months"),
]


def _pdf_class():
    from fpdf import FPDF

    class ManualPDF(FPDF):
        def header(self) -> None:
            self.set_font("Helvetica", "I", 8)
            self.cell(0, 5, "Brackenfield Water Reclamation District - Lift Station O&M Manual", new_x="LMARGIN",
                      new_y="NEXT")
            self.ln(2)

        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("Helvetica", "I", 8)
            self.cell(0, 5, f"BLS-OM-201 Rev C - Section 7 - Page {self.page_no()}", align="C")

    return ManualPDF


def _pdf_heading(pdf, text: str) -> None:
    pdf.ln(3)
    pdf.set_font("Helvetica", "B", 12)
    pdf.multi_cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9.5)


def _pdf_para(pdf, text: str) -> None:
    pdf.set_font("Helvetica", "", 9.5)
    pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)


def _pdf_table(pdf, rows, widths, size: float = 8.5) -> None:
    pdf.set_font("Helvetica", "", size)
    with pdf.table(col_widths=widths, text_align="LEFT", line_height=size * 0.5, first_row_as_headings=True) as table:
        for row in rows:
            cells = table.row()
            for value in row:
                cells.cell(value)
    pdf.ln(2)


def write_pdf(path: Path) -> Path:
    pdf = _pdf_class()()
    pdf.set_creation_date(FIXED_TIME)
    pdf.set_title("Section 7 - Lift station pumps, LC-20 controller and LS-4 grinder")
    pdf.set_author("Brackenfield Water Reclamation District")
    pdf.set_auto_page_break(True, margin=16)

    pdf.add_page()
    pdf.set_font("Helvetica", "B", 15)
    pdf.multi_cell(0, 8, "Section 7 - Troubleshooting: Lift Station Pumps, LC-20 Controller and Inlet Grinder",
                   new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.multi_cell(0, 5, "Hollerith Pumpworks HPS-75 pumps | Tarnwell LC-20 controller | Grindmore GX-4 grinder (LS-4)",
                   new_x="LMARGIN", new_y="NEXT")
    _pdf_heading(pdf, "7.1 Scope")
    _pdf_para(pdf, PDF_SCOPE)
    _pdf_heading(pdf, "7.2 Normal operating values")
    _pdf_table(pdf, PDF_NORMAL, (60, 60, 70))
    _pdf_heading(pdf, "7.3 LC-20 alarm setpoints")
    _pdf_para(pdf, "These are the factory settings used at all Brackenfield stations. They are not fault "
                   "descriptions; see 7.4 for what to do when a pump misbehaves.")
    _pdf_table(pdf, PDF_ALARMS, (45, 22, 38, 15, 70))

    pdf.add_page()
    _pdf_heading(pdf, "7.4 Fault table - pumps and level control")
    _pdf_para(pdf, "Work through the causes in the order given. Numbers in the action column match the numbered causes.")
    _pdf_table(pdf, PDF_FAULTS, (42, 64, 84))

    pdf.add_page()
    _pdf_heading(pdf, "7.5 LC-20 indicator lamps")
    _pdf_table(pdf, PDF_LEDS, (28, 22, 60, 80))
    _pdf_heading(pdf, "7.6 Inlet grinder GX-4 (LS-4 only)")
    for title, body in PDF_GRINDER:
        pdf.set_font("Helvetica", "B", 10.5)
        pdf.multi_cell(0, 6, title, new_x="LMARGIN", new_y="NEXT")
        _pdf_para(pdf, body)

    pdf.add_page()
    _pdf_heading(pdf, "7.7 Returning a pump to service after maintenance")
    for step in PDF_STARTUP:
        _pdf_para(pdf, step)
    _pdf_heading(pdf, "7.8 Maintenance intervals")
    _pdf_table(pdf, PDF_MAINTENANCE, (120, 70))
    pdf.output(str(path))
    return path


# --------------------------------------------------------------------------------------------------
# DOCX: pH neutralisation skid Q&A
# --------------------------------------------------------------------------------------------------

DOCX_INTRO = (
    "The Quillon Process Systems PNS-300 skid neutralises acid rinse water from the estate's metal finishing "
    "units before discharge to sewer. Tank T-301 (6 m3) is the first stage and T-302 (4 m3) the polishing "
    "stage; each has a mixer (M-301, M-302), a pH sensor (AE-301, AE-302) and a Dosatek DM-40 diaphragm "
    "metering pump (P-311, P-312) dosing 50 % sodium hydroxide from the caustic day tank. Effluent valve "
    "XV-330 sends treated water to sewer or back to T-301 for recirculation."
)

DOCX_RANGES = [
    ("Measurement", "Normal range", "Comment"),
    ("T-301 pH (AE-301)", "5.5 - 7.5", "First stage does most of the work"),
    ("T-302 pH (AE-302)", "6.8 - 8.5", "Controller PIC-302 setpoint 7.5"),
    ("Sewer discharge permit", "pH 6.0 - 9.5", "Consent limit, never exceed"),
    ("Caustic pump speed", "20 - 70 %", "Higher for long periods means high acid load"),
    ("Caustic day tank level", "30 - 95 %", "Refill from IBC below 30 %"),
    ("Wastewater temperature", "10 - 40 C", "Sensor temperature compensation active"),
]

DOCX_ALARMS = [
    ("Alarm", "Tag", "Setpoint", "Result"),
    ("pH low, polishing tank", "AAL-302", "6.2", "XV-330 to recirculation"),
    ("pH high, polishing tank", "AAH-302", "9.3", "XV-330 to recirculation"),
    ("Caustic day tank low-low", "LSL-315", "10 %", "P-311 and P-312 stopped"),
    ("Caustic day tank high", "LSH-315", "95 %", "Alarm only"),
    ("Mixer fail", "M-301 / M-302", "No run feedback", "Alarm only"),
    ("Caustic in bund", "LS-316", "Leak probe wet", "All dosing stopped"),
]

DOCX_QA = [
    (
        "The caustic pump is stroking, but the tank pH stays acid and will not come up. What should I check?",
        "Work through these causes in order.",
        [
            ("Cause 1 - Metering pump head air-locked. The pump clicks but delivers almost nothing.",
             "Remedy: open the bleed valve on the pump head until solution runs without bubbles, then close it."),
            ("Cause 2 - Injection point blocked with carbonate scale.",
             "Remedy: isolate, remove the injection quill and soak the tip in dilute acid for an hour."),
            ("Cause 3 - 50 % caustic thickening in the suction line in cold weather (it starts to freeze at 12 C).",
             "Remedy: check the suction line heat tracing is energised at panel HT-1."),
            ("Cause 4 - Acid load above the skid's capacity, for example a plating tank dump.",
             "Remedy: confirm with the production shift and hold XV-330 on recirculation until pH recovers."),
        ],
    ),
    (
        "After dosing the pH shoots past the setpoint, sometimes above 10, then falls back, again and again. Why?",
        "The control loop is overshooting (hunting).",
        [
            ("Cause 1 - Controller tuning too aggressive.",
             "Remedy: halve the proportional gain on PIC-302 and lengthen the integral time to 120 s. "
             "Write down the old values first."),
            ("Cause 2 - Mixer M-302 stopped or its coupling sheared, so caustic sits in a slug around the sensor.",
             "Remedy: confirm the mixer shaft is turning; replace the shear pin in the coupling."),
            ("Cause 3 - Metering pump far too big at low flows.",
             "Remedy: reduce the stroke length to 40 % and let the speed signal do the fine control."),
        ],
    ),
    (
        "The pH reading does not move at all, even with the sensor sitting in buffer. What is wrong?",
        "A reading that never changes is almost always the sensor or the transmitter, not the process.",
        [
            ("Cause 1 - Transmitter left in HOLD after calibration; the output stays at the last value.",
             "Remedy: exit hold mode from the transmitter menu (Menu > Cal > Hold > Off)."),
            ("Cause 2 - Sensor glass cracked or dried out.",
             "Remedy: inspect the glass bulb; replace a cracked sensor, soak a dried one in pH 4 buffer for 12 hours."),
            ("Cause 3 - Sensor cable cut; the reading then sits near 7.00.",
             "Remedy: check the cable where it enters the tank-side gland and replace it if damaged."),
        ],
    ),
    (
        "The panel pH and my handheld meter disagree by more than 0.5, and the panel value creeps during the shift.",
        "This is drift. The sensor still responds, but slowly or with an offset.",
        [
            ("Cause 1 - Oil or grease from the wastewater coating the sensor.",
             "Remedy: clean the reference junction with warm water and mild detergent, then rinse. "
             "Never wipe the glass with a dry cloth."),
            ("Cause 2 - Calibration overdue.",
             "Remedy: carry out the two-point calibration in section 5."),
            ("Cause 3 - Ground loop from the mixer motor or a pump.",
             "Remedy: check the solution ground rod is connected to terminal SG on the transmitter."),
        ],
    ),
    (
        "Neither caustic pump will run. What stops them?",
        "The pumps are interlocked, so look at the interlocks before the pumps.",
        [
            ("Cause 1 - Day tank low-low level switch LSL-315 has tripped.",
             "Remedy: refill the day tank from the IBC and reset the alarm at the panel."),
            ("Cause 2 - No speed signal from the controller.",
             "Remedy: put PIC-302 in manual at 50 % output and measure 12 mA at the pump's analogue input."),
        ],
    ),
    (
        "XV-330 has moved to recirculation and nothing is going to sewer. Is this a fault?",
        "Usually not. XV-330 goes to recirculation whenever AE-302 is outside 6.2 to 9.3 (see the alarm list). "
        "It returns to discharge by itself once the pH has been back inside the band for 2 minutes. Only treat it as "
        "a fault if the pH is inside the band and the valve stays on recirculation; then check the valve's limit "
        "switches.",
        [],
    ),
]

DOCX_CALIBRATION = [
    "Calibrate AE-301 and AE-302 every week, and after any sensor replacement.",
    "1. Put the transmitter in HOLD so XV-330 does not move during calibration.",
    "2. Rinse the sensor and place it in pH 7 buffer; accept the reading when it is stable.",
    "3. Rinse again and place it in pH 10 buffer; accept the slope. A slope under 85 % means the sensor is worn.",
    "4. Reinstall the sensor, take the transmitter out of HOLD and record the slope and offset in the log.",
]

DOCX_MAINTENANCE = [
    ("Task", "Interval"),
    ("Clean pH sensors", "Weekly"),
    ("Two-point calibration", "Weekly"),
    ("Replace pH sensors", "12 months"),
    ("Metering pump diaphragm and valves", "24 months"),
    ("Inspect caustic injection points", "3 months"),
    ("Test LSL-315 and bund leak probe", "6 months"),
]


def _docx_table(document, rows) -> None:
    table = document.add_table(rows=len(rows), cols=len(rows[0]))
    table.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = table.cell(r, c)
            cell.text = value
            if r == 0:
                for run in cell.paragraphs[0].runs:
                    run.bold = True
    document.add_paragraph("")


def write_docx(path: Path) -> Path:
    import docx

    document = docx.Document()
    props = document.core_properties
    props.author = "Brackenfield Pretreatment Operations"
    props.last_modified_by = "Brackenfield Pretreatment Operations"
    props.title = "PNS-300 pH neutralisation - operator questions and answers"
    props.created = FIXED_TIME.replace(tzinfo=None)
    props.modified = FIXED_TIME.replace(tzinfo=None)
    props.last_printed = FIXED_TIME.replace(tzinfo=None)
    props.revision = 3

    document.add_heading("PNS-300 pH Neutralisation Skid - Operator Questions and Answers", level=1)
    document.add_paragraph("Brackenfield Pretreatment Plant, document BPT-OPS-014, revision 3")
    document.add_heading("1. About the skid", level=2)
    document.add_paragraph(DOCX_INTRO)
    document.add_heading("2. Normal operating ranges", level=2)
    _docx_table(document, DOCX_RANGES)
    document.add_heading("3. Alarm list and setpoints", level=2)
    document.add_paragraph("Setpoints are held in the skid PLC. Changes need the process engineer's approval.")
    _docx_table(document, DOCX_ALARMS)
    document.add_heading("4. Questions and answers", level=2)
    for question, answer, causes in DOCX_QA:
        q = document.add_paragraph()
        q.add_run("Q: ").bold = True
        q.add_run(question).bold = True
        a = document.add_paragraph()
        a.add_run("A: ").bold = True
        a.add_run(answer)
        for cause, remedy in causes:
            document.add_paragraph(cause)
            document.add_paragraph(remedy)
    document.add_heading("5. Calibration of AE-301 and AE-302", level=2)
    for line in DOCX_CALIBRATION:
        document.add_paragraph(line)
    document.add_heading("6. Maintenance intervals", level=2)
    _docx_table(document, DOCX_MAINTENANCE)

    buffer = io.BytesIO()
    document.save(buffer)
    path.write_bytes(fixed_zip(buffer.getvalue(), (2023, 5, 17, 9, 30, 0), 0o600))
    return path


# --------------------------------------------------------------------------------------------------
# HTML: DAF and oil/water separator field guide
# --------------------------------------------------------------------------------------------------

HTML_ROUNDS = [
    ("Reading", "Normal", "Where"),
    ("Recycle pressure", "5.0 - 6.0 bar", "PI-602 on the saturator"),
    ("Air flow to saturator", "8 - 12 L/min", "Rotameter FI-603"),
    ("Float blanket thickness", "75 - 150 mm", "Dip at the beach plate"),
    ("Skimmer cycle", "2 min running, 8 min stopped", "Panel DAF-CP"),
    ("Polymer dose", "2 - 4 mg/L", "Dose pump P-621"),
    ("DAF effluent TSS", "below 60 mg/L", "Daily lab sample"),
    ("OWS-1 oil layer", "below 50 mm", "Dip at the oil chamber"),
]

HTML_DAF = [
    (
        "Thin, watery float and solids carrying over into the effluent",
        [
            "A good float is a firm grey-brown blanket that holds a finger mark. When it turns thin and wet and the "
            "effluent TSS climbs, the cause is nearly always chemistry or skimming, not air.",
            "<b>Poor flocculation.</b> Check the polymer day tank: if the make-down unit has run out of neat polymer, "
            "the tank holds little more than water. Make up a fresh batch at 0.2 % and check the dose pump output "
            "with a drawdown test.",
            "<b>Coagulant underdosed after a flow increase.</b> The coagulant pump is flow-paced from FIT-501. If that "
            "signal is lost the pump falls back to minimum; set it to manual at the last good rate until the flow "
            "signal is restored.",
            "<b>Skimming too often.</b> A skimmer left running continuously removes the float before it thickens. "
            "Reset the skimmer timer to 2 minutes on and 8 minutes off.",
        ],
    ),
    (
        "Coarse bubbles boiling up near the inlet and the float breaking apart",
        [
            "A milky white zone at the contact chamber is normal. Large bubbles that burst at the surface mean "
            "the air is not dissolving in the saturator and is leaving as free gas.",
            "<b>Saturator running nearly empty.</b> If the saturator level control fails, the vessel fills with "
            "air and air blows straight through with the recycle. Check the level in the sight glass, which should "
            "be at the middle mark; clean the level probe and make sure the air inlet solenoid closes on high level.",
            "<b>Back-pressure lost.</b> The needle valve at the DAF inlet holds the back-pressure on the saturator. "
            "If it was opened to clear a blockage and not reset, pressure falls below 4 bar and the bubbles grow. "
            "Close it until the gauge holds 5.5 bar on PI-602.",
        ],
    ),
    (
        "Recycle pump noisy and recycle pressure falling",
        [
            "A rattling or gravel-like noise from recycle pump P-601 with falling pressure points to starved "
            "suction rather than a saturator problem.",
            "<b>Suction strainer blocked.</b> Float that falls back into the clear well is drawn into the recycle "
            "suction. Isolate P-601 and clean the basket strainer; this is the most common cause.",
            "<b>Clear well level low.</b> If the effluent weir was lowered, the recycle suction can draw air. "
            "Raise the weir plate until the clear well is above the low mark.",
        ],
    ),
    (
        "Sludge building up in the bottom hopper",
        [
            "Heavy solids such as grit and sand from yard wash-down sink instead of floating. Check that the "
            "bottom sludge valve opens for 20 seconds every hour and that the hopper auger turns; flush the hopper "
            "after heavy rain.",
        ],
    ),
]

HTML_OWS = [
    (
        "Oil sheen or droplets in the separator effluent",
        [
            "Coalescer plate pack blinded with silt: lift the pack out and hose it down from above.",
            "Oil layer deeper than 50 mm: pump out the oil chamber to the waste oil tank.",
            "Emulsified oil from wash bay cleaners: ask the wash bay to stop using alkaline degreaser; emulsions "
            "pass through any gravity separator.",
            "Inlet flow above the 8 L/s design rate: check the upstream transfer pump is not left in HAND.",
        ],
    ),
    (
        "Oil high level alarm LSH-402, but little oil found when the chamber is dipped",
        [
            "Sensor coated with sludge or grease: clean the capacitance probe and test it in clean water.",
            "Sensitivity turned up after a repair: set the potentiometer to the value on the probe label.",
            "Probe reinstalled too low after desludging: set the probe tip 30 mm below the oil outlet.",
        ],
    ),
    (
        "Water backing up in the inlet drain, separator full to the lid",
        [
            "Outlet pipe blocked with debris: rod the outlet from the downstream manhole.",
            "Downstream pump LS-OWS off or tripped: reset it and check its floats.",
        ],
    ),
    (
        "Sludge compartment filling within weeks",
        [
            "Grit from the yard gullies: clean the gully pots monthly and desludge the separator when the sludge "
            "reaches one third of the depth.",
        ],
    ),
]

HTML_MAINTENANCE = [
    ("Task", "Interval"),
    ("Clean recycle pump strainer", "Weekly"),
    ("Check saturator level probe", "Monthly"),
    ("Clean OWS-1 coalescer plate pack", "3 months"),
    ("Desludge OWS-1", "6 months or one third full"),
    ("Test LSH-402 oil alarm", "6 months"),
]


def _html_table(rows) -> str:
    head = "".join(f"<th>{cell}</th>" for cell in rows[0])
    body = "\n".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows[1:])
    return f"<table border=\"1\">\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>\n"


def write_html(path: Path) -> Path:
    parts = [
        "<!DOCTYPE html>",
        "<html lang=\"en\">",
        "<head><meta charset=\"utf-8\"><title>DAF-12 and OWS-1 Field Troubleshooting Guide</title></head>",
        "<body>",
        "<h1>Brackenfield Pretreatment - DAF-12 and OWS-1 Field Troubleshooting Guide</h1>",
        "<p>Fennick Clarification DAF-12 dissolved air flotation unit and Corvane OWS-1 coalescing plate "
        "oil/water separator. Guide BPT-OPS-021, issued by the plant operations team.</p>",
        "<h2>1. Daily rounds - normal readings</h2>",
        "<p>Record these on the round sheet. A reading outside the range is not itself a fault; compare it with "
        "the symptoms in sections 2 and 3.</p>",
        _html_table(HTML_ROUNDS),
        "<h2>2. DAF-12 symptoms</h2>",
    ]
    for title, paragraphs in HTML_DAF:
        parts.append(f"<h3>{title}</h3>")
        parts.extend(f"<p>{p}</p>" for p in paragraphs)
    parts.append("<h2>3. OWS-1 oil/water separator</h2>")
    parts.append("<table border=\"1\">\n<thead><tr><th>Trouble</th><th>Check</th></tr></thead>\n<tbody>")
    for trouble, checks in HTML_OWS:
        items = "".join(f"<li>{c}</li>" for c in checks)
        parts.append(f"<tr><td>{trouble}</td><td><ul>{items}</ul></td></tr>")
    parts.append("</tbody>\n</table>")
    parts.append("<h2>4. Maintenance intervals</h2>")
    parts.append(_html_table(HTML_MAINTENANCE))
    parts.append("</body>\n</html>\n")
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


# --------------------------------------------------------------------------------------------------
# Plain text: flow meter, sampler and RTU diagnostic charts
# --------------------------------------------------------------------------------------------------

TXT_BODY = """\
BRACKENFIELD LIFT STATIONS AND PRETREATMENT
FLOW METER, SAMPLER AND SCADA RTU - DIAGNOSTIC CHARTS
Document BPT-INS-007, revision B

Equipment covered
  FIT-501   Marrowby MF-8 magnetic flow meter, DN150, on the pretreatment plant discharge
  SMP-501   Sentrel ASP-24 refrigerated composite sampler, flow-paced from FIT-501 pulses
  RTU-xx    Kestrin RTU-600 with built-in LTE modem at LS-1 to LS-6 and at the pretreatment plant;
            each RTU polls its LC-20 pump controller over RS-485 Modbus and reports to SCADA

=====================================================================
PART A - REFERENCE VALUES (not faults)
=====================================================================
  FIT-501 range ............................ 0 - 120 m3/h
  FIT-501 low flow cut-off ................. 1 % of range (1.2 m3/h)
  FIT-501 pulse output ..................... 1 pulse per 10 m3
  Sampler sample volume .................... 200 mL per pulse
  Sampler compartment temperature .......... 4 C +/- 2 C
  RTU supply ............................... 24 VDC with 12 V backup battery (8 h)
  Cellular signal, good .................... -85 dBm or better
  Cellular signal, usable .................. -85 to -100 dBm
  SCADA poll interval ...................... 5 minutes per station

=====================================================================
PART B - SCADA ALARM LIST (RTU tags and setpoints)
=====================================================================
  Tag               Description                         Setpoint / condition
  LSn_COMM_FAIL     Station not answering SCADA         3 missed polls (15 min)
  LSn_LSH           High wet well level                 2.90 m
  LSn_LSHH          High-high float                     float closed
  LSn_PWF           Mains failure at station            any phase lost for 3 s
  LS3_GEN_RUN       Standby generator running           status only
  PT_FIT501_HI      Plant discharge flow high           110 m3/h
  PT_SMP_FAULT      Sampler general fault               contact from SMP-501
  PT_RTU_BATT_LO    RTU battery low                     below 11.5 V

=====================================================================
PART C - DIAGNOSTIC CHARTS
=====================================================================
Start at step 1 of the chart that matches what you see, and answer each question on site.

---------------------------------------------------------------------
CHART C1 - FIT-501 reads zero while the discharge pumps are running
---------------------------------------------------------------------
Step 1. Is the meter display lit?
        No  -> Check the 24 VDC supply fuse F3 in panel PT-2. Replace it, then go to step 2.
        Yes -> Go to step 2.
Step 2. Does the display show "EMPTY PIPE"?
        Yes -> The measuring tube is not full. Check the outlet isolation valve is open,
               then vent trapped air at the tapping just downstream of the meter.
        No  -> Go to step 3.
Step 3. Has the low flow cut-off (menu 4.2) been raised above 1 %?
        Yes -> Set it back to 1 %. A raised cut-off hides real flow.
        No  -> Go to step 4.
Step 4. Are the electrodes coated with grease or lime?
        Yes -> Remove the meter and clean the electrodes with a soft brush. Do not scratch them.
        No  -> Call Marrowby service with the meter's diagnostic code (menu 8.1).

---------------------------------------------------------------------
CHART C2 - FIT-501 reading unsteady, spiking up and down
---------------------------------------------------------------------
Step 1. Are grounding rings fitted on both flanges and bonded to the meter earth terminal?
        No  -> Fit and bond the grounding rings; the discharge line is plastic, so they are needed.
        Yes -> Go to step 2.
Step 2. Does a VFD motor cable share the tray with the meter signal cable?
        Yes -> Re-route the signal cable at least 300 mm from power cables.
        No  -> Go to step 3.
Step 3. Is the DAF running with fine bubbles carried into the discharge?
        Yes -> Raise the damping (menu 3.1) from 1 s to 5 s.
        No  -> Call Marrowby service.

---------------------------------------------------------------------
CHART C3 - Sampler collected nothing: composite bottle empty
---------------------------------------------------------------------
Step 1. Does the sampler display show "PROGRAM STOPPED"?
        Yes -> The power failed and the program did not resume. Press RUN, then set
               auto-restart to ON in the setup menu so it resumes after the next power cut.
        No  -> Go to step 2.
Step 2. Does the PULSE IN lamp blink each time the FIT-501 totaliser passes 10 m3?
        No  -> Check the pulse wiring at sampler terminals 7-8 and the meter's pulse output setting.
        Yes -> Go to step 3.
Step 3. Does the sampler pump run without liquid reaching the metering chamber?
        Yes -> Clear the intake strainer and straighten any kink in the suction hose.
        No  -> Call Sentrel service.

---------------------------------------------------------------------
CHART C4 - Sampler takes samples but volumes are short or uneven
---------------------------------------------------------------------
Step 1. Is the peristaltic pump tube flattened or split?
        Yes -> Replace the pump tube (every 3 months as routine).
        No  -> Go to step 2.
Step 2. Is the liquid detector at the top of the chamber dirty?
        Yes -> Wipe the detector with a damp cloth; a dirty detector ends the draw early.
        No  -> Go to step 3.
Step 3. Is the suction lift more than 6 m or the hose longer than 10 m?
        Yes -> Move the sampler closer to the channel.

---------------------------------------------------------------------
CHART C5 - SCADA shows COMM FAIL for a lift station
---------------------------------------------------------------------
Step 1. Are the other stations still reporting?
        No  -> All stations down: the fault is at the SCADA server or the carrier. Call IT on-call.
        Yes -> Go to step 2 (attend the station).
Step 2. Is the RTU PWR lamp lit?
        No  -> Check the 24 VDC supply and the RTU battery fuse. Go to step 3 once powered.
        Yes -> Go to step 3.
Step 3. How does the modem NET lamp behave?
        Slow blink (1 s)  -> Searching for the network. Check the antenna cable connector on the
                             panel roof for water or damage, and check the antenna is still on its mast.
        Fast blink        -> Registered. Go to step 4.
Step 4. Is the signal strength on the RTU display weaker than -100 dBm?
        Yes -> Fit the high-gain antenna from stores.
        No  -> Go to step 5.
Step 5. Does the RTU status page show SIM "BLOCKED" or "NO DATA"?
        Yes -> Power down, reseat the SIM card and power up. If it persists the data plan is
               suspended: call the carrier.

---------------------------------------------------------------------
CHART C6 - Station values on SCADA not changing although comms are healthy
---------------------------------------------------------------------
Step 1. Is the COM lamp on the LC-20 flickering?
        No  -> The RTU is not polling the LC-20. Check the RS-485 pair at RTU port 2, the
               120 ohm termination resistor at the end of the line, and the Modbus address
               (LC-20 menu 9.1 must be 1).
        Yes -> Go to step 2.
Step 2. Does the RTU clock show the right time?
        No  -> SCADA files the values under an old time. Set the RTU to take time from SCADA.
        Yes -> Restart the RTU application from its web page and watch one poll cycle.
"""


def write_txt(path: Path) -> Path:
    path.write_text(TXT_BODY, encoding="utf-8")
    return path


def write_all(folder: Path) -> Path:
    folder = Path(folder)
    write_pdf(folder / PDF_NAME)
    write_docx(folder / DOCX_NAME)
    write_html(folder / HTML_NAME)
    write_txt(folder / TXT_NAME)
    return folder


def _q(n: int, question: str, source: str | None, keywords: list[str]) -> dict:
    return symptom_question("sy3", n, question, source, keywords)


QUESTIONS: list[dict] = [
    # PDF: lift station pumps, LC-20, grinder
    _q(1, "LS-4 pump 2 just buzzes when it gets called, nothing turning, breaker still on", PDF_NAME,
       ["clear the impeller by hand", "replace the blown fuse"]),
    _q(2, "duty pump at LS-2 has been going for 40 minutes and the well level has hardly come down, amps look ok",
       PDF_NAME, ["Swap any two phases", "air release cock", "wear ring clearance"]),
    _q(3, "why won't the LS-3 pump shut off? the well is basically empty", PDF_NAME,
       ["clean the diaphragm", "HOA switch to AUTO"]),
    _q(4, "red fault light flashing quick on the LS-5 controller and no level showing", PDF_NAME,
       ["transducer loop wiring", "junction box"]),
    _q(5, "LS-4 grinder keeps going forward and back then locks itself out", PDF_NAME,
       ["remove the object", "9.0 A"]),
    # DOCX: pH neutralisation
    _q(6, "pH in T-302 won't climb above 5 even though P-312 is pumping", DOCX_NAME,
       ["bleed valve", "injection quill"]),
    _q(7, "neutralisation tank pH swinging up past 10 and back down over and over", DOCX_NAME,
       ["proportional gain", "stroke length"]),
    _q(8, "AE-301 stuck on the same number whatever I do, dunked it in buffer 4 and no change", DOCX_NAME,
       ["exit hold mode", "glass bulb"]),
    _q(9, "handheld reads 7.9, panel says 6.8 and the gap keeps growing through the night", DOCX_NAME,
       ["reference junction", "solution ground rod"]),
    # HTML: DAF and OWS
    _q(10, "DAF float looks like soup and we're getting TSS carryover at the outlet", HTML_NAME,
       ["polymer day tank", "skimmer timer"]),
    _q(11, "big air bubbles erupting at the front end of DAF-12 and the blanket's falling apart, what now?", HTML_NAME,
       ["sight glass", "5.5 bar on PI-602"]),
    _q(12, "sheen on the water coming out of the OWS", HTML_NAME,
       ["hose it down", "alkaline degreaser"]),
    _q(13, "LSH-402 came in but I dipped it and there's barely any oil in there", HTML_NAME,
       ["capacitance probe", "30 mm below the oil outlet"]),
    # TXT: flow meter, sampler, RTU
    _q(14, "FIT-501 showing nothing but the effluent pumps are definitely running", TXT_NAME,
       ["fuse F3", "vent trapped air"]),
    _q(15, "discharge flow trend is all spikes, jumping around every few seconds", TXT_NAME,
       ["grounding rings", "damping"]),
    _q(16, "composite bottle was empty this morning, sampler never grabbed anything overnight", TXT_NAME,
       ["auto-restart", "terminals 7-8"]),
    _q(17, "LS-6 dropped off SCADA at 02:10, the other sites are fine", TXT_NAME,
       ["antenna cable connector", "reseat the SIM card"]),
    _q(18, "LS-1 numbers on SCADA haven't moved in 3 hours but the link shows healthy", TXT_NAME,
       ["termination resistor", "Modbus address"]),
    # not covered by any document
    _q(19, "LS-3 standby generator didn't come on during the power cut last night", None, []),
    _q(20, "air valve chamber on the LS-5 force main is spilling sewage onto the road", None, []),
    _q(21, "sampler fridge showing 12 degrees, samples are warm", None, []),
    _q(22, "odour scrubber fan at LS-2 keeps tripping and neighbours are complaining", None, []),
]
