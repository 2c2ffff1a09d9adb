"""Held-out symptom set 2: made-up documents for a fictional drinking-water plant.

The plant is "Hollins Ridge Water Treatment Works" (Hollins Ridge Water Authority): gas
chlorination of the filtered water main, six dual-media gravity filters with air scour, a
distribution booster station at Quarry Lane, a diesel standby generator and a licensed 900 MHz
radio telemetry link to the remote sites. Every vendor, model and tag number is invented.

Documents written by write_all (four documents, four formats, four layouts):

1. HRWTW_CV400_Chlorinator_IOM.pdf (PDF, fpdf2) - pages out of a vendor manual (Pellham Gas Feed
   Systems CV-400 vacuum-operated chlorinator). Section 6 has a ranges table, numbered start-up
   steps and a list of panel indicators; section 7 is a bordered three-column troubleshooting
   table (Symptom / Probable cause / Remedy) where each symptom cell spans several cause rows
   (rowspan), so a symptom is printed once for up to three causes; section 8 is a service table.
2. QuarryLane_Booster_Station_OM_Manual.docx (DOCX) - the utility's own O&M manual for three
   VFD-driven booster pumps (Stromvale SD-7 drives). Prose overview, bullet operating values, a
   drive fault-code table, numbered return-to-service steps, then troubleshooting as prose: one
   heading per symptom, a lead paragraph, and one paragraph per cause with a bold cause sentence
   followed by the remedy (no table).
3. hrwtw_filtration_ch5.html (HTML) - an intranet page from the process control manual: a
   backwash sequence (ordered list), an alarm setpoint table, and a troubleshooting table
   (Problem / Likely cause / What to do) with rowspan problem cells, plus a reporting note.
4. hrwtw_runbook_sec9_power_telemetry.txt (plain text) - a typewriter-style shift runbook:
   generator exercise steps, a dotted annunciator list, then SYMPTOM / Cause A.. / Do: blocks
   for the generator and for the radio telemetry.

This set was written without reading the product's code, its README, its benchmarks or any
other test data; nothing here is tuned to how the product picks answers.

Near misses: every document has non-troubleshooting sections that reuse the symptom words
(operating ranges, start-up/exercise steps, alarm and fault-code lists, setpoints). Look-alike
symptom pairs with different causes: chlorinator "float at zero, vacuum normal" vs "no vacuum,
float at zero" and "float bounces" vs "cannot reach feed rate"; booster "full speed, no pressure"
vs "pressure swings", and F-OC trip at start vs F-OV trip on stopping; filters "short runs" vs
"turbidity climbs mid-run" vs "spike after backwash"; generator "cranks, no start" vs "will not
crank"; telemetry "drops in and out" vs "values frozen, no COMM FAIL". The not-in-corpus
questions sit next to covered equipment (pump seal leak, chlorine analyzer drift, day tank
overflow, filter valve actuator) but no document answers them.
"""

from __future__ import annotations

import datetime as _dt
import zipfile
from pathlib import Path

from tests.support.symptom_common import symptom_question

FIXED_DATE = _dt.datetime(2021, 3, 15, 8, 0, 0, tzinfo=_dt.UTC)  # no clock dates in files

PDF_NAME = "HRWTW_CV400_Chlorinator_IOM.pdf"
DOCX_NAME = "QuarryLane_Booster_Station_OM_Manual.docx"
HTML_NAME = "hrwtw_filtration_ch5.html"
TXT_NAME = "hrwtw_runbook_sec9_power_telemetry.txt"


# --------------------------------------------------------------------------------------------
# 1. PDF: vendor manual for the gas chlorinator
# --------------------------------------------------------------------------------------------

CHLORINATOR_RANGES = [
    ("Parameter", "Normal range"),
    ("Ejector vacuum (rate panel gauge)", "15 to 22 in. Hg"),
    ("Ejector motive water pressure", "45 to 70 psi"),
    ("Solution line back pressure", "below 25 psi"),
    ("Feed rate (standard rotameter)", "2 to 100 lb/day"),
    ("Continuous withdrawal, one 150 lb cylinder", "40 lb/day at 70 F"),
    ("Chlorine room temperature", "60 to 95 F"),
]

CHLORINATOR_STARTUP = [
    "Open the ejector supply valve. With the cylinder valve still closed, the ejector vacuum gauge "
    "must read at least 15 in. Hg and the rotameter float must rest at zero.",
    "Confirm the LOSS OF VACUUM lamp has cleared and the GAS DEPLETED flag is showing (no gas yet).",
    "Open the cylinder valve no more than one full turn. Leave the valve wrench on the valve stem.",
    "Test every gas joint with ammonia vapour from a squeeze bottle. Any white cloud is a leak.",
    "Set the feed rate with the V-notch rate valve. Read the rotameter at the widest part of the float.",
    "Record the cylinder scale reading and the feed rate on the chlorination log sheet.",
]

CHLORINATOR_INDICATORS = [
    ("GAS DEPLETED", "Yellow flag in the regulator window. The regulator diaphragm has reached its end "
     "stop because the gas supply is exhausted or restricted. Dry contact to SCADA as CL2 SUPPLY LOW."),
    ("LOSS OF VACUUM", "Red lamp, vacuum switch VS-1. Vacuum at the rate panel below 3 in. Hg for more "
     "than 30 s. SCADA tag CL2 VAC FAIL. Gas feed stops automatically when vacuum is lost."),
    ("HIGH VACUUM", "Vacuum switch VS-2 above 25 in. Hg. The ejector is running but no gas is arriving "
     "at the rate panel."),
    ("CHLORINE LEAK", "Room detector GD-1: warning at 1 ppm, alarm at 3 ppm. Alarm starts exhaust fan "
     "EF-1 and the strobe at the building door."),
]

# (symptom, [(cause, remedy), ...])
CHLORINATOR_TROUBLE = [
    ("Float stays at zero, no chlorine feed. Ejector vacuum normal or high; HIGH VACUUM may be on.", [
        ("Cylinder valve closed, or cylinder empty (GAS DEPLETED flag showing).",
         "Open the cylinder valve one turn. Weigh the cylinder; at tare weight change over to the "
         "standby cylinder."),
        ("Regulator inlet filter blocked by ferric chloride or other cylinder impurities.",
         "Close the cylinder valve, remove the regulator and replace the inlet filter pad and "
         "inlet gasket (kit PG-412)."),
        ("V-notch rate valve closed, or vacuum tubing between regulator and panel kinked.",
         "Open the rate valve. Trace the vacuum tubing and replace any crushed length."),
    ]),
    ("No vacuum on the ejector gauge, float at zero, LOSS OF VACUUM lamp on.", [
        ("Motive water pressure too low: ejector supply strainer plugged or supply pump stopped.",
         "Restore at least 45 psi at the ejector inlet. Clean the Y-strainer upstream of the ejector."),
        ("Ejector nozzle or throat scaled with calcium carbonate.",
         "Remove nozzle and throat, soak in 10% muriatic acid, rinse and refit with new O-rings."),
        ("Back pressure at the point of application too high (diffuser blocked, main pressure raised).",
         "Read the solution line gauge; it must stay below 25 psi. Pull and clear the diffuser."),
    ]),
    ("Float bounces, or the feed rate drifts up and down.", [
        ("Motive water pressure fluctuating (supply pump cycling on its pressure switch).",
         "Fit a pressure-reducing valve on the ejector supply and set it at 55 psi."),
        ("Chlorine reliquefying in the vacuum line where it runs along a cold outside wall.",
         "Reroute the vacuum line so it rises steadily from the regulator and stays warmer than "
         "the cylinder."),
        ("Rotameter tube dirty, float sticking.",
         "Remove the tube, wash in warm water and let it dry completely before refitting."),
    ]),
    ("Chlorine odour at the cylinder connection; ammonia test gives a white cloud.", [
        ("Yoke gasket reused or damaged.",
         "Close the cylinder valve. Fit a new lead gasket every time the regulator is mounted."),
        ("Regulator inlet valve seat fouled; gas escaping through the vent line.",
         "Replace the inlet valve seat and spring (kit PG-415). The vent must end outdoors, screened."),
        ("Cylinder valve stem packing leaking.",
         "Tighten the packing nut 1/4 turn. If it still leaks, fit the outlet cap and call the supplier."),
    ]),
    ("Water in the rotameter tube or in the regulator body.", [
        ("Ejector check valve diaphragm or O-ring failed; solution water backs up the vacuum line.",
         "Replace the check valve diaphragm and O-rings (kit PG-430)."),
        ("Ejector water stopped while the solution line was still under main pressure.",
         "Close the solution line valve before stopping ejector water. Blow out all vacuum-side parts "
         "with dry nitrogen before restart."),
    ]),
    ("Cannot reach the required feed rate; frost on the cylinder.", [
        ("Withdrawal above 40 lb/day from one 150 lb cylinder.",
         "Bring a second cylinder on line through the automatic switchover manifold and feed from both."),
        ("Chlorine room colder than 60 F.",
         "Restore room heating. Never apply direct heat to a cylinder."),
        ("Ejector vacuum below 15 in. Hg.",
         "See 'No vacuum on the ejector gauge' above."),
    ]),
]

CHLORINATOR_SERVICE = [
    ("Interval", "Task"),
    ("Each cylinder change", "New yoke gasket; ammonia test of all joints."),
    ("Monthly", "Exercise the switchover manifold; check vent line screen."),
    ("Yearly", "Regulator service kit PG-412 and inlet seat kit PG-415; ejector kit PG-430."),
    ("Every 5 years", "Replace vacuum tubing and rotameter O-rings."),
]


def _write_pdf(path: Path) -> Path:
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    class Manual(FPDF):
        def header(self) -> None:
            self.set_font("Helvetica", "B", 8)
            self.cell(0, 5, "PELLHAM GAS FEED SYSTEMS", new_x="LMARGIN", new_y="NEXT")
            self.set_font("Helvetica", "", 8)
            self.cell(0, 4, "CV-400 Series Vacuum-Operated Gas Chlorinator - Form PG-400-IOM Rev. D",
                      new_x="LMARGIN", new_y="NEXT")
            self.ln(4)

        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("Helvetica", "", 8)
            self.cell(0, 5, f"PG-400-IOM Rev. D    Page {self.page_no() + 14}", align="C")

    pdf = Manual()
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title("CV-400 Gas Chlorinator - Operation and Troubleshooting")
    pdf.set_auto_page_break(True, margin=18)
    heads = FontFace(emphasis="BOLD", fill_color=(225, 225, 225))

    def heading(text: str, size: float = 13) -> None:
        pdf.ln(2)
        pdf.set_font("Helvetica", "B", size)
        pdf.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)

    def para(text: str) -> None:
        pdf.set_font("Helvetica", "", 10)
        pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)

    pdf.add_page()
    pdf.set_font("Helvetica", "I", 9)
    pdf.multi_cell(0, 5, "Site copy: Hollins Ridge Water Treatment Works, Chlorine Building CB-1. "
                   "Chlorinators CL-1 (duty) and CL-2 (standby), point of application: 16 in. "
                   "filtered water main.", new_x="LMARGIN", new_y="NEXT")
    heading("SECTION 6  OPERATION", 14)
    heading("6.1 How the chlorinator works", 11)
    para("The CV-400 consists of a cylinder-mounted vacuum regulator, a remote rate panel with a "
         "0-100 lb/day rotameter and V-notch rate valve, and a water-operated ejector at the point "
         "of application. Gas leaves the cylinder under pressure and is reduced to a vacuum at the "
         "regulator inlet valve; the ejector creates the vacuum that draws gas through the rotameter "
         "into the solution line. If the vacuum is lost for any reason, the spring-loaded inlet "
         "valve closes and gas feed stops. No part of the system downstream of the regulator is "
         "ever under positive chlorine pressure.")
    heading("6.2 Normal operating ranges", 11)
    pdf.set_font("Helvetica", "", 10)
    with pdf.table(col_widths=(95, 65), width=160, align="LEFT", line_height=5.5,
                   text_align="LEFT", headings_style=heads) as table:
        for left, right in CHLORINATOR_RANGES:
            row = table.row()
            row.cell(left)
            row.cell(right)
    pdf.ln(3)
    heading("6.3 Start-up", 11)
    pdf.set_font("Helvetica", "", 10)
    for n, step in enumerate(CHLORINATOR_STARTUP, 1):
        pdf.multi_cell(0, 5, f"{n}.  {step}", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    heading("6.4 Panel indicators and alarm contacts", 11)
    for name, text in CHLORINATOR_INDICATORS:
        pdf.set_font("Helvetica", "B", 10)
        pdf.multi_cell(0, 5, name, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 10)
        pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1.5)

    pdf.add_page()
    heading("SECTION 7  TROUBLESHOOTING", 14)
    para("WARNING: Before any work on the gas side, close the cylinder valve and let the ejector "
         "draw the system down until the float drops to zero. Wear SCBA whenever the room "
         "detector is in alarm. Only trained, authorised personnel may disconnect a cylinder.")
    pdf.set_font("Helvetica", "", 9)
    with pdf.table(col_widths=(48, 62, 80), line_height=4.6, text_align="LEFT",
                   headings_style=heads, v_align="TOP") as table:
        row = table.row()
        for text in ("Symptom", "Probable cause", "Remedy"):
            row.cell(text)
        for symptom, causes in CHLORINATOR_TROUBLE:
            for i, (cause, remedy) in enumerate(causes):
                row = table.row()
                if i == 0:
                    row.cell(symptom, rowspan=len(causes))
                row.cell(cause)
                row.cell(remedy)
    pdf.ln(4)
    heading("SECTION 8  ROUTINE SERVICE", 14)
    pdf.set_font("Helvetica", "", 10)
    with pdf.table(col_widths=(45, 115), width=160, align="LEFT", line_height=5.5,
                   text_align="LEFT", headings_style=heads) as table:
        for left, right in CHLORINATOR_SERVICE:
            row = table.row()
            row.cell(left)
            row.cell(right)
    pdf.output(str(path))
    return path


# --------------------------------------------------------------------------------------------
# 2. DOCX: utility O&M manual for the booster station
# --------------------------------------------------------------------------------------------

BOOSTER_FAULT_CODES = [
    ("Code", "Keypad text", "Meaning", "Auto reset"),
    ("F-OC", "OVERCURRENT", "Output current above 200% of drive rating for 2 ms.", "No"),
    ("F-OV", "DC BUS OVERVOLT", "DC bus voltage above 810 V.", "Yes, 3 tries"),
    ("F-UV", "DC BUS UNDERVOLT", "DC bus below 425 V; usually a supply dip.", "Yes, 3 tries"),
    ("F-OH", "HEATSINK OVERTEMP", "Heat sink above 90 C (warning at 80 C).", "No"),
    ("F-GF", "GROUND FAULT", "Output current imbalance to earth above 30% of rating.", "No"),
    ("F-PL", "INPUT PHASE LOSS", "One supply phase missing or DC ripple excessive.", "No"),
    ("F-AI", "REF LOSS", "4-20 mA speed reference from the PLC below 2 mA.", "Yes"),
]

# (heading, lead paragraph, [(cause sentence, remedy), ...])
BOOSTER_TROUBLE = [
    ("Pump at full speed but header pressure will not come up to setpoint",
     "The drive shows 60 Hz and the PLC is calling for more, yet PT-310 stays several psi under "
     "68 psi. Work through the causes in order.", [
         ("Air in the pump casing, or the suction valve partly closed.",
          "Open the bleed cock on top of the volute until a steady stream of water runs, and check "
          "that the suction valve position indicator shows OPEN."),
         ("Worn impeller or wear rings.",
          "Run a shut-off head test; if it is more than 10% under the pump curve, pull the rotating "
          "assembly and measure wear ring clearance. Replace the rings when clearance exceeds "
          "0.030 in. per side."),
         ("Check valve on an idle pump stuck open, so water recirculates back through it.",
          "Listen at the idle pump for flow noise, or close its discharge isolation valve and watch "
          "whether header pressure recovers. Repair the flapper hinge."),
         ("Demand above station capacity (main break or fire flow).",
          "Compare FT-320 with the 1,800 gpm station rating and call the distribution on-call "
          "supervisor."),
     ]),
    ("Header pressure swings and the pumps hunt up and down in speed",
     "Pressure cycles a few psi either side of setpoint every 10 to 60 seconds and the drive "
     "speed follows it.", [
         ("PID loop tuned too hot after settings were changed.",
          "Return the loop to the commissioning values: proportional gain 0.8, integral time 20 s, "
          "derivative off."),
         ("Air or sediment in the PT-310 sensing line, or a plugged pressure snubber.",
          "Close the root valve, bleed the sensing line at the transmitter manifold and replace the "
          "snubber."),
         ("Lag pump staging on and off too often.",
          "Widen the stage-on/stage-off deadband to at least 4 psi and set the stage delay to 60 s."),
     ]),
    ("Drive trips on F-OC as soon as the pump is started",
     "The trip comes within the first few seconds of a start command, before the pump reaches "
     "minimum speed.", [
         ("Acceleration ramp too short for a 75 hp pump.",
          "Set the acceleration time to 15 s (parameter P1-04)."),
         ("Pump or motor mechanically bound: debris in the impeller or a seized bearing.",
          "Lock out and try to turn the shaft by hand at the coupling guard opening."),
         ("Damaged motor cable or wet motor winding.",
          "Disconnect the motor leads at the drive and megger each phase to ground at 1000 V. "
          "Below 100 megohms, dry the motor out or replace the cable."),
         ("Starting into a pump that is spinning backwards.",
          "Check its discharge check valve, and enable flying start (P2-10 = 1)."),
     ]),
    ("Drive trips on F-OV when a pump is stopped or slowed down",
     "The trip comes during deceleration, often at night when the lag pump is shed.", [
         ("Deceleration too fast: the water column keeps the pump turning and the motor "
          "regenerates onto the DC bus.",
          "Increase the deceleration time to 30 s (P1-05), or set stop mode to coast (P1-07 = 1)."),
         ("Incoming supply voltage high at night when the utility feeder is lightly loaded.",
          "Log the line voltage; if above 506 V, ask the power company to change the transformer tap."),
         ("Bus voltage regulation switched off.",
          "Set P2-22 (overvoltage controller) to ON."),
     ]),
    ("Pumps shut down on LOW SUCTION PRESSURE and then restart over and over",
     "PS-305 opens, the running pumps stop, suction recovers and the PLC restarts them after the "
     "restart delay.", [
         ("Suction basket strainer clogged.",
          "Compare the gauges either side of the strainer. Above 5 psi difference, valve in the "
          "standby strainer and clean the basket."),
         ("Clearwell level low at the treatment works, so less head on the suction main.",
          "Check clearwell level on SCADA; if below 8 ft, lower the station flow setpoint and tell "
          "the plant operator."),
         ("Too many pumps running for the 20 in. suction main.",
          "Limit the station to two pumps whenever suction is below 30 psi."),
         ("Pressure switch PS-305 has drifted.",
          "Test it against a calibrated gauge; reset cut-out to 18 psi and cut-in to 25 psi."),
     ]),
    ("Drive heat sink warning on hot afternoons",
     "F-OH warning at 80 C, sometimes the trip at 90 C.", [
         ("Door intake filters blocked.", "Replace the filter mats (12 x 12 in.)."),
         ("Drive cooling fan failed.",
          "Confirm the fan runs whenever the drive is running; replace the fan assembly."),
         ("Room ventilation fan not starting.", "Check thermostat TS-330 is set at 80 F."),
     ]),
]


def _write_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.core_properties.title = "Quarry Lane Booster Pump Station - O&M Manual"
    d.core_properties.created = FIXED_DATE.replace(tzinfo=None)
    d.core_properties.modified = FIXED_DATE.replace(tzinfo=None)
    d.add_heading("Quarry Lane Booster Pump Station", level=0)
    d.add_paragraph("Operation and Maintenance Manual - Hollins Ridge Water Authority, Distribution "
                    "Operations. Document DO-BPS-02, Volume 2 of 3.")

    d.add_heading("1 Station overview", level=1)
    d.add_paragraph(
        "Quarry Lane lifts treated water from the Hollins Ridge clearwell into the high-pressure "
        "zone. Three Marrick MHS-150 horizontal split-case pumps (P-301, P-302, P-303), 75 hp "
        "each, are driven by Stromvale SD-7 variable frequency drives. A Tessaly T200 PLC holds "
        "the discharge header at 68 psi from transmitter PT-310, stages the lag pumps and "
        "alternates the lead pump every 24 hours. Pressure switch PS-305 on the 20 in. suction "
        "main stops all pumps below 18 psi and allows restart above 25 psi.")

    d.add_heading("2 Normal operating values", level=1)
    for text in ("Suction pressure: 28 to 40 psi.",
                 "Discharge header pressure: 66 to 70 psi.",
                 "Drive output: 38 to 60 Hz; motor current at 60 Hz about 88 A.",
                 "Station flow: up to 1,800 gpm with two pumps.",
                 "Drive heat sink: below 70 C in normal service."):
        d.add_paragraph(text, style="List Bullet")

    d.add_heading("3 Drive fault codes and station alarms", level=1)
    d.add_paragraph("Faults are shown on the drive keypad and passed to the PLC. The PLC also raises "
                    "LOW SUCTION PRESSURE, HIGH DISCHARGE PRESSURE (80 psi) and PUMP FAIL TO START "
                    "(no run feedback within 10 s).")
    table = d.add_table(rows=len(BOOSTER_FAULT_CODES), cols=4)
    table.style = "Table Grid"
    for r, cells in enumerate(BOOSTER_FAULT_CODES):
        for c, text in enumerate(cells):
            table.cell(r, c).text = text
            if r == 0:
                table.cell(r, c).paragraphs[0].runs[0].bold = True

    d.add_heading("4 Returning a pump to service after maintenance", level=1)
    for text in ("Confirm all locks and tags are removed and the drive shows READY.",
                 "Open the suction valve fully and vent air from the casing at the top vent.",
                 "Select HAND at 10 Hz for a few seconds to check rotation against the arrow.",
                 "Open the discharge valve slowly and watch header pressure on PT-310.",
                 "Select AUTO and check the PLC shows the pump available for staging."):
        d.add_paragraph(text, style="List Number")

    d.add_heading("5 Troubleshooting", level=1)
    d.add_paragraph("Each problem lists the likely causes, most likely first. Where a drive "
                    "parameter is named, record the old value in the station log before changing it.")
    for title, lead, causes in BOOSTER_TROUBLE:
        d.add_heading(title, level=2)
        d.add_paragraph(lead)
        for cause, remedy in causes:
            p = d.add_paragraph()
            p.add_run(cause).bold = True
            p.add_run(" " + remedy)
    d.save(str(path))
    _fix_zip_times(path)
    return path


def _fix_zip_times(path: Path) -> None:
    """Rewrite the DOCX zip with a fixed timestamp on every member, so the bytes are repeatable."""
    with zipfile.ZipFile(path) as zin:
        members = [(info.filename, zin.read(info)) for info in zin.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)


# --------------------------------------------------------------------------------------------
# 3. HTML: intranet chapter on filtration and backwash
# --------------------------------------------------------------------------------------------

FILTER_TROUBLE = [
    ("Filter runs short: headloss reaches 8 ft in less than 24 h (normal run 60 to 72 h).", [
        ("Floc carrying over from the clarifiers (settled water above 2 NTU).",
         "Check settled water turbidity, run a jar test and adjust the alum dose."),
        ("Mudballs and a surface mat left by incomplete backwashes.",
         "Lengthen air scour to 5 min. If mudballs exceed 1% by volume, rake the surface and "
         "remove them by hand."),
        ("Algae in the raw water blinding the top of the anthracite.",
         "Start the raw water permanganate feed and ask the lab for an algae count."),
    ]),
    ("Effluent turbidity climbs above 0.15 NTU part way through the run while headloss is still low.", [
        ("Filter aid polymer dose too low, or the polymer pump has lost prime.",
         "Check the polymer day tank draw-down; target 0.03 mg/L filter aid ahead of the filters."),
        ("Flow surge on the remaining filters when one is taken out for backwash.",
         "Set the rate-of-change limit on the flow controllers to 5% per minute."),
        ("Coagulant dose no longer matches the raw water after a storm or a cold snap.",
         "Compare the streaming current reading with its target and retune the coagulant dose."),
    ]),
    ("Anthracite in the washwater troughs or on the drain channel floor.", [
        ("Backwash rate too high for the water temperature (cold water expands the bed more).",
         "Lower the high-rate wash by 2 gpm/sq ft for each 10 F drop in water temperature; use the "
         "winter rate card on the backwash panel."),
        ("Air scour still on when the water reached the troughs.",
         "Check the sequence timer: air must stop while the level is at least 6 in. below the "
         "trough lip."),
        ("Trough weir damaged or out of level.",
         "Survey the trough weirs with a level and shim or replace them."),
    ]),
    ("Uneven wash: violent boiling in one area, dead spots elsewhere.", [
        ("Underdrain block broken or grout failed.",
         "Drain the filter, dig out the media over the boil and inspect the underdrain blocks."),
        ("Air left in the underdrain after air scour.",
         "Run the low-rate purge for a full 2 min before the high-rate wash."),
        ("Media mounded by earlier boiling.",
         "Probe bed depth on a 3 ft grid and level the bed before the next wash."),
    ]),
    ("Turbidity spike when a filter goes back into service after backwash.", [
        ("Filter-to-waste period too short.",
         "Extend filter-to-waste to 30 min or until the effluent is below 0.10 NTU."),
        ("Filter restarted at full rate.",
         "Restart at 50% rate and ramp up over 15 min."),
    ]),
    ("On-line turbidimeter reads much higher than the lab bench meter on a grab sample.", [
        ("Air bubbles in the sample line, usually just after a wash or a valve change.",
         "Check that the bubble trap is full and sample flow is 250 to 750 mL/min."),
        ("Fouled flow cell or optical window.",
         "Clean the flow cell with a lint-free cloth and isopropyl alcohol."),
        ("Calibration drift.",
         "Check with the 0.5 NTU secondary standard; recalibrate if more than 10% off."),
    ]),
]


def _html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _filter_html() -> str:
    rows = []
    for problem, causes in FILTER_TROUBLE:
        for i, (cause, action) in enumerate(causes):
            first = (f'      <th scope="row" rowspan="{len(causes)}">{_html_escape(problem)}</th>\n'
                     if i == 0 else "")
            rows.append(f"    <tr>\n{first}      <td>{_html_escape(cause)}</td>\n"
                        f"      <td>{_html_escape(action)}</td>\n    </tr>")
    trouble_rows = "\n".join(rows)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Process Control Manual - Chapter 5: Filtration and Backwash</title>
<style>
  body {{ font-family: Arial, sans-serif; max-width: 60em; margin: 1em auto; }}
  table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
  th, td {{ border: 1px solid #888; padding: 4px 8px; vertical-align: top; text-align: left; }}
  .crumbs, .rev {{ font-size: 0.85em; color: #555; }}
</style>
</head>
<body>
<nav class="crumbs"><a href="index.html">Ops intranet</a> &gt; <a href="pcm.html">Process Control
Manual</a> &gt; Chapter 5</nav>
<h1>Chapter 5 - Filtration and Backwash</h1>
<p class="rev">Hollins Ridge Water Treatment Works. Owner: Process Lead. Revision 11.</p>

<h2 id="s5-1">5.1 The filters</h2>
<p>Six dual-media gravity filters (F1 to F6), 24 in. of anthracite over 12 in. of sand on a
plastic block underdrain with air scour laterals. Design rate 4 gpm/sq ft. Each filter has an
effluent rate-control valve, a headloss transmitter and a Lumetra TX-3 on-line turbidimeter on
its effluent. Backwash water comes from the washwater tank through backwash pumps BWP-1 and
BWP-2; air comes from blower AB-1.</p>

<h2 id="s5-2">5.2 Backwash sequence (automatic, or step-by-step from the filter console)</h2>
<ol>
  <li>Close the influent valve and let the level drain to 6 in. above the media.</li>
  <li>Close the effluent valve and open the drain valve.</li>
  <li>Air scour for 3 min at 3 scfm/sq ft.</li>
  <li>Stop the air. Low-rate wash at 6 gpm/sq ft for 2 min to purge air from the bed.</li>
  <li>High-rate wash at 15 gpm/sq ft until washwater turbidity is below 10 NTU (about 8 min).</li>
  <li>Low-rate wash for 1 min to restratify the media, then close the washwater valve.</li>
  <li>Filter-to-waste for 15 min or until effluent is below 0.10 NTU.</li>
  <li>Close the filter-to-waste valve and return the filter to service.</li>
</ol>

<h2 id="s5-3">5.3 Alarm and control setpoints</h2>
<table>
  <tr><th>Signal</th><th>Setpoint</th><th>Action</th></tr>
  <tr><td>Individual filter effluent turbidity</td><td>0.15 NTU</td><td>Warning on SCADA</td></tr>
  <tr><td>Individual filter effluent turbidity</td><td>0.30 NTU</td><td>Alarm; filter taken out and backwashed</td></tr>
  <tr><td>Filter headloss</td><td>8.0 ft</td><td>Backwash requested</td></tr>
  <tr><td>Filter run time</td><td>72 h</td><td>Backwash requested</td></tr>
  <tr><td>Combined filter effluent turbidity</td><td>0.30 NTU</td><td>Alarm; call the Process Lead</td></tr>
  <tr><td>Washwater tank level</td><td>6 ft</td><td>Backwash inhibited until refilled</td></tr>
</table>

<h2 id="s5-4">5.4 Troubleshooting</h2>
<p>Before changing chemical doses, confirm the on-line reading against a grab sample on the
lab bench meter.</p>
<table>
  <tr><th>Problem</th><th>Likely cause</th><th>What to do</th></tr>
{trouble_rows}
</table>

<h2 id="s5-5">5.5 Reporting</h2>
<p>Combined filter effluent must be at or below 0.3 NTU in at least 95% of the readings each
month and never above 1 NTU. Any individual filter above 1.0 NTU in two readings 15 minutes
apart is reported to the Process Lead the same day and noted in the monthly operating report.</p>
</body>
</html>
"""


# --------------------------------------------------------------------------------------------
# 4. Plain text: shift runbook, standby power and telemetry
# --------------------------------------------------------------------------------------------

RUNBOOK_TEXT = """\
HOLLINS RIDGE WATER TREATMENT WORKS
OPERATOR SHIFT RUNBOOK
SECTION 9 - STANDBY POWER AND TELEMETRY                                   Rev 6
==============================================================================

9.1  STANDBY GENERATOR - GENERAL

     GEN-1 is a Kestrel Power KP-350D, 350 kW, 480 V, 3 phase, on a 500 gal
     sub-base fuel tank filled from the 1,000 gal bulk tank by transfer pump
     FTP-1. Automatic transfer switch ATS-1 (Orrin Controls OTS-800, 800 A)
     starts the engine when utility voltage drops below 85% for 3 s. Starting
     batteries: two 12 V in series (24 V) on charger BC-1 (float 27.2 V).

9.2  WEEKLY EXERCISE (TUESDAY DAY SHIFT)

     1. Tell the control room the generator will be exercised under load.
     2. Check oil level, coolant level and sub-base fuel gauge. Log them.
     3. At ATS-1 press TEST. The engine should crank, start and reach rated
        speed within 10 s.
     4. ATS-1 transfers to the generator after its 10 s time delay. Run
        loaded for 30 min. Log kW, oil pressure and coolant temperature.
     5. Press RESET. ATS-1 returns to utility after 5 min and the engine runs
        a 5 min cooldown before it stops.

9.3  GEN-1 ANNUNCIATOR

     OVERCRANK ............ 3 crank cycles of 15 s without a start
     LOW OIL PRESSURE ..... shutdown below 20 psi
     HIGH COOLANT TEMP .... shutdown above 221 F
     LOW COOLANT TEMP ..... warning below 70 F (jacket water heater)
     LOW FUEL ............. sub-base tank below 25%
     NOT IN AUTO .......... control switch not in AUTO
     CHARGER FAIL ......... BC-1 output lost

9.4  GEN-1 TROUBLESHOOTING

SYMPTOM: ENGINE TURNS OVER BUT WILL NOT START (OVERCRANK AFTER 3 TRIES)
  Cause A: No fuel reaching the engine - sub-base tank low or FTP-1 not
           running.
       Do: Read the sub-base sight gauge. Run FTP-1 in HAND and fill to 75%.
           Check the bulk tank outlet valve is open.
  Cause B: Air in the fuel system after a filter change.
       Do: Work the hand primer on the secondary fuel filter until the fuel
           comes through with no bubbles, then try again.
  Cause C: Engine too cold - jacket water heater off (LOW COOLANT TEMP lit).
       Do: Check heater breaker CB-14 in panel LP-2; allow 2 h to warm.
  Cause D: The fuel shutoff solenoid is not opening.
       Do: Listen for the click at crank; check for 24 V at its terminals.

SYMPTOM: ENGINE DOES NOT TURN OVER AT ALL (STARTER SILENT OR ONLY CLICKS)
  Cause A: Batteries flat - BC-1 failed or its AC breaker is off.
       Do: Battery voltage at rest below 24 V means a flat bank. Check BC-1
           reads 27.2 V and breaker CB-9 in LP-2 is on.
  Cause B: Loose or corroded battery terminals.
       Do: Clean with a wire brush and baking soda solution; tighten.
  Cause C: E-STOP pushed in, or control switch at OFF/RESET.
       Do: Pull out the E-STOP on the engine panel, reset the controller
           and put the switch back to AUTO.
  Cause D: Starter motor or starter relay failed.
       Do: Call the generator service contractor (number on the ATS door).

SYMPTOM: GENERATOR RUNNING BUT ATS-1 WILL NOT TRANSFER
  Cause A: Voltage or frequency below the ATS acceptance band (90% voltage,
           95% frequency).
       Do: Read the generator meters. Low frequency: check the governor
           speed setting on the controller.
  Cause B: Transfer time delay still timing (10 s).
       Do: Wait for it.
  Cause C: Transfer inhibit from the plant PLC during load shedding.
       Do: Check input TRANSFER INHIBIT at ATS terminal TB-3.

SYMPTOM: GENERATOR SHUTS DOWN ON HIGH COOLANT TEMP AFTER RUNNING A WHILE
  Cause A: Radiator core packed with cottonwood fluff and leaves.
       Do: Blow out from the fan side with low-pressure air.
  Cause B: Room louvres not opening.
       Do: Check the louvre actuator opens when the engine runs.
  Cause C: Low coolant or slipping fan belt.
       Do: Top up with 50/50 coolant when cold; adjust belt tension.

9.5  RADIO TELEMETRY - GENERAL

     The SCADA master at the works polls RTU-2 (Quarry Lane booster) and
     RTU-3 (Pike Hill reservoir) over licensed 900 MHz radios (Corvane CR-9)
     using Modbus RTU, every 5 s. SCADA raises COMM FAIL after 3 missed polls.
     Yagi antennas at each end. Normal RSSI is -70 to -80 dBm.

9.6  TELEMETRY TROUBLESHOOTING

SYMPTOM: A SITE DROPS IN AND OUT - COMM FAIL COMES AND CLEARS, WORSE IN WET
         WEATHER
  Cause A: Water in the antenna coax connector.
       Do: Open the N-type connector at the antenna. Dry it, replace it if
           green inside, rewrap with self-amalgamating tape.
  Cause B: Yagi knocked off aim by wind.
       Do: Read signal strength on the radio diagnostics page and re-aim for
           best signal; it must be better than -85 dBm.
  Cause C: Trees grown into the radio path.
       Do: Report to the Distribution Supervisor for tree cutting.

SYMPTOM: NUMBERS FROM A REMOTE SITE STOP CHANGING BUT THERE IS NO COMM FAIL
  Cause A: RTU PLC in PROGRAM or STOP. The comms module still answers polls
           with the last values, so SCADA sees no failure.
       Do: Watch the RTU heartbeat tag on SCADA (counts up every second). If
           it is not moving, turn the PLC key switch to RUN.
  Cause B: Analog input card failed or 24 V loop fuse blown; the value is
           held at last good.
       Do: Check loop fuse F3 in the RTU panel and the card status LEDs.
  Cause C: Modbus register map changed after an RTU firmware update.
       Do: Call the SCADA integrator. Do not change the master poll table.
"""


def write_all(folder: Path) -> Path:
    folder = Path(folder)
    _write_pdf(folder / PDF_NAME)
    _write_docx(folder / DOCX_NAME)
    (folder / HTML_NAME).write_text(_filter_html(), encoding="utf-8")
    (folder / TXT_NAME).write_text(RUNBOOK_TEXT, encoding="utf-8")
    return folder


def _q(n: int, question: str, source: str | None, keywords: list[str]) -> dict:
    return symptom_question("sy2", n, question, source, keywords)


QUESTIONS: list[dict] = [
    # chlorinator PDF
    _q(1, "chlorinator lost its suction, needle on the ejector gauge sitting at 0 and red light on",
       PDF_NAME, ["Y-strainer", "muriatic acid"]),
    _q(2, "vacuum gauge looks ok but the cl2 ball is on the bottom, nothing going into the main",
       PDF_NAME, ["inlet filter pad", "tare weight"]),
    _q(3, "chlorine rotameter won't settle, keeps jumping around", PDF_NAME,
       ["pressure-reducing valve", "reliquefying"]),
    _q(4, "smell chlorine where the tank hooks up to the regulator", PDF_NAME,
       ["lead gasket", "packing nut"]),
    _q(5, "theres water inside the chlorinator flow tube", PDF_NAME,
       ["check valve diaphragm", "dry nitrogen"]),
    # booster station DOCX
    _q(6, "quarry lane pump maxed out at 60 hz and still can't make pressure", DOCX_NAME,
       ["bleed cock", "wear ring clearance"]),
    _q(7, "booster pressure going up and down every few seconds, drives keep revving", DOCX_NAME,
       ["proportional gain", "snubber"]),
    _q(8, "vfd faults out the instant I hit start on pump 2", DOCX_NAME,
       ["acceleration time", "megger"]),
    _q(9, "booster drive trips every time a pump gets shut off", DOCX_NAME,
       ["stop mode to coast", "transformer tap"]),
    _q(10, "booster pumps keep cutting out and coming back, inlet gauge dipping", DOCX_NAME,
       ["standby strainer", "clearwell level"]),
    # filtration HTML
    _q(11, "filter 3 needs washing every 12 hours now, loses head really fast", HTML_NAME,
       ["jar test", "algae count"]),
    _q(12, "filter 5 water going cloudy halfway through even though it isnt dirty yet", HTML_NAME,
       ["filter aid", "rate-of-change limit"]),
    _q(13, "finding black coal grains in the wash gutters", HTML_NAME,
       ["water temperature", "trough lip"]),
    _q(14, "online turbidity meter says 0.4 but the bench unit says 0.08", HTML_NAME,
       ["bubble trap", "flow cell"]),
    # generator and telemetry TXT
    _q(15, "genset cranking and cranking but never catches", TXT_NAME,
       ["hand primer", "fuel shutoff solenoid"]),
    _q(16, "hit test on the transfer switch and the generator does nothing, not even trying",
       TXT_NAME, ["baking soda", "E-STOP"]),
    _q(17, "pike hill keeps losing comms whenever it rains", TXT_NAME,
       ["self-amalgamating tape", "re-aim"]),
    _q(18, "reservoir level on scada flatlined for an hour but no alarm", TXT_NAME,
       ["heartbeat", "loop fuse"]),
    # not in corpus
    _q(19, "water spraying out of the mechanical seal on booster pump 1 onto the motor", None, []),
    _q(20, "clearwell chlorine analyzer reading way higher than my handheld DPD test", None, []),
    _q(21, "generator day tank overflowing out the vent when the transfer pump runs", None, []),
    _q(22, "filter 2 effluent valve actuator won't open after the wash, stuck at 0%", None, []),
]
