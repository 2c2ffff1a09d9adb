"""Symptom corpus, set 7: an invented sludge treatment centre with anaerobic digesters, biogas CHP and dewatering.

The site is the Sallowmere Bioresources Centre (SBRC), a made-up sludge treatment centre run by the equally made-up
Fenlow Vale Water. Tankered sludge is tipped at reception RT-101 through screen SC-102 into buffer tank SBT-110 and
fed through macerators MAC-121/122 by progressing cavity feed pumps DFP-201/202 to two mesophilic digesters PD-1 and
PD-2 (jet mixing pumps MXP-213/223, recirculation pumps HRP-212/222, sludge heat exchangers HX-214/224, ferric
chloride dosing FCD-230). Biogas is stored in double-membrane gas holder GH-301, drained at condensate pots
CP-305/306, boosted by fans GBF-311/312, dried in gas chiller GC-320, cleaned in siloxane filter SF-330 and burnt in
a gas engine CHP-401 (the invented Torvane TGE 612 genset, dump radiator DR-405), a dual-fuel boiler B-350 or the
flare WGB-340. Digested sludge is stored in DST-501 and dewatered by decanter centrifuges CF-501/502 (invented vendor
Halvard) with polymer make-up PU-510, dosing pumps PDP-511/512, cake pumps CKP-521/522 to cake silo CS-525,
centrate return pumps CRP-541/542 and a cake bay sump pump SP-561. An odour control unit OCU-601 serves the
reception hall. Every name, vendor, tag and number is invented.

The five documents, each with its own layout:

1. ``sbrc_chp401_torvane_fault_guide.pdf`` - the engine vendor's operator fault guide (fpdf2, Helvetica, six
   pages). A fault message table (code | HMI text | class | automatic reaction) sits on its own page; the remedies
   follow on later pages as labelled paragraphs per code: "Problem:", then numbered "Possible cause n:" each with
   its "Remedy:".
2. ``sbrc_om_vol4_sec9_dewatering.docx`` - section 9 of the owner's O&M manual for dewatering. The centrifuge
   troubleshooting is a symptom matrix (numbered causes as rows, five symptoms as columns marked "x", remedy in the
   last column). The polymer and cake pump troubleshooting is a classic Symptom | Possible cause | Remedy table in
   which each symptom cell is merged down over its cause rows.
3. ``sbrc_digesters_biogas_decision_charts.html`` - an intranet ops wiki page with decision charts: each symptom
   is an ordered list of yes/no questions, "Yes:" giving the cause and the action and "No:" pointing to the next
   step, the last step being the catch-all action.
4. ``sbrc_sludge_side_night_notes.md`` - a senior process technician's Markdown notes for nights. The
   troubleshooting is narrative prose under a heading per symptom ("Nine times out of ten ... the next suspect ...
   the last one ..."), with no tables.
5. ``sbrc_gas_alarm_response.csv`` - a SCADA alarm response list for the gas treatment plant: one row per alarm
   (tag, alarm text, priority, setpoint) with numbered "1) 2) 3)" probable causes in one column and the matching
   numbered operator responses in the next.

Near misses: every document also uses the same words outside troubleshooting. The PDF has a normal operating
values table, an alarm and shutdown setpoint table, information-only messages, a restart procedure and maintenance
intervals. The DOCX has a scope paragraph, normal values with alarm levels (including the centrate pumps it does
not troubleshoot), start-up and shutdown steps and maintenance intervals. The HTML has normal digester values, the
gas holder level action table and a sampling schedule. The Markdown notes have a normal night, "things that look
like faults but aren't" and a handover checklist. The CSV has normal-event alarms and rows that only point to other
documents. Look-alike symptom pairs with different causes sit in the same document: jacket water temperature high
vs jacket water pressure low and start failure vs synchronising timeout (PDF); dirty centrate vs wet cake and cake
pump pressure high vs cake pump not delivering (DOCX); gas holder falling fast vs gas holder full with the flare
not lighting (HTML); feed pump tripping on high pressure vs on dry run (Markdown); booster fan discharge pressure
low vs high and gas chiller outlet temperature high vs low (CSV).

``QUESTIONS`` holds 18 answerable questions (4 PDF, 4 DOCX, 4 HTML, 3 Markdown, 3 CSV) and 4 about equipment the
site has that no document troubleshoots: centrate return pump pressure high (near miss of the cake pump pressure
high), digester mixing pump vibration (near miss of the centrifuge vibration column), the odour control unit fan
and the cake bay sump pump. Each answerable question has two answer keywords copied verbatim from the causes and
remedies of its symptom, one from the first cause and one from the last; each occurs once in the whole corpus.
"""

from __future__ import annotations

import csv
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

FIXED_TIME = dt.datetime(2025, 1, 20, 5, 15, tzinfo=dt.UTC)
_ZIP_TIME = (2025, 1, 20, 5, 15, 0)

PDF_NAME = "sbrc_chp401_torvane_fault_guide.pdf"
DOCX_NAME = "sbrc_om_vol4_sec9_dewatering.docx"
HTML_NAME = "sbrc_digesters_biogas_decision_charts.html"
MD_NAME = "sbrc_sludge_side_night_notes.md"
CSV_NAME = "sbrc_gas_alarm_response.csv"

# ---------------------------------------------------------------------------------------------------------------
# 1. PDF: engine vendor fault message list, remedies as labelled paragraphs further on
# ---------------------------------------------------------------------------------------------------------------

_PDF_SCOPE = (
    "This guide covers the fault messages of the TEC-7 engine controller fitted to genset CHP-401 (engine number "
    "612-0388) at Sallowmere Bioresources Centre. It tells the site operator what may be checked and reset. Work "
    "inside the gas train, on the ignition system or on the engine itself is for Torvane-trained staff only. "
    "Always read the first message in the event log: the messages that follow a shutdown are often consequences."
)

_PDF_NORMAL = [
    ("Parameter", "Normal at full load", "Unit"),
    ("Electrical output", "1,080 - 1,160", "kW"),
    ("Engine speed", "1,500", "rpm"),
    ("Gas pressure at zero-pressure regulator inlet", "45 - 80", "mbar"),
    ("Methane content of biogas", "58 - 66", "%"),
    ("Jacket water outlet temperature", "86 - 90", "°C"),
    ("Jacket water pressure", "2.2 - 2.8", "bar"),
    ("Lube oil pressure", "4.2 - 5.0", "bar"),
    ("Lube oil temperature", "80 - 88", "°C"),
    ("Charge air temperature after intercooler", "42 - 48", "°C"),
    ("Exhaust temperature after cylinders", "480 - 540", "°C"),
]

_PDF_SETPOINTS = [
    ("Measurement", "Warning", "Shutdown"),
    ("Gas pressure at regulator inlet low", "35 mbar (W-104)", "25 mbar (S-105)"),
    ("Jacket water pressure low", "1.6 bar (W-211)", "1.2 bar (S-213)"),
    ("Jacket water temperature high", "94 °C", "98 °C (S-212)"),
    ("Lube oil pressure low", "3.2 bar", "2.5 bar (S-230)"),
    ("Charge air temperature high", "55 °C", "62 °C"),
    ("Exhaust temperature deviation from mean", "± 40 K (W-455)", "± 70 K"),
    ("Knock control ignition retard", "6° crank for 60 s (W-318)", "-"),
]

_PDF_FAULTS = [
    ("Code", "HMI text", "Class", "Automatic reaction"),
    ("I-011", "SERVICE INTERVAL 2000H DUE", "Info", "None, message only"),
    ("I-014", "OIL TOP-UP ACTIVE", "Info", "None, top-up pump runs"),
    ("W-104", "GAS PRESS INLET LOW", "Warning", "Load limited to 70 %"),
    ("S-105", "GAS PRESS INLET LOW LOW", "Shutdown", "Gas valves close, soft stop"),
    ("W-211", "JW PRESSURE LOW", "Warning", "None"),
    ("S-212", "JW TEMP HIGH", "Shutdown", "Breaker opens, 5 min cool-down run"),
    ("S-213", "JW PRESSURE LOW LOW", "Shutdown", "Breaker opens, immediate stop"),
    ("S-230", "LUBE OIL PRESS LOW", "Shutdown", "Immediate stop, no cool-down"),
    ("W-318", "KNOCK CYL xx RETARD LIMIT", "Warning", "Ignition retarded, then load cut by 10 %"),
    ("S-322", "MISFIRE CYL xx", "Shutdown", "Breaker opens, stop"),
    ("S-401", "START FAIL - IGN SPEED NOT REACHED", "Lockout", "Three start attempts, then lockout"),
    ("S-402", "SYNC TIMEOUT", "Shutdown", "Runs down after 120 s at rated speed without breaker close"),
    ("W-455", "EXH TEMP DEV CYL xx", "Warning", "None"),
]

# (code and HMI text, problem, [(possible cause, remedy), ...])
_PDF_REMEDIES: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "W-104 GAS PRESS INLET LOW / S-105 GAS PRESS INLET LOW LOW",
        "The gas pressure ahead of the zero-pressure regulator has fallen below 35 mbar (load limited to 70 %) or "
        "below 25 mbar (engine stopped).",
        [
            ("The gas holder GH-301 is nearly empty and the booster fans cannot hold the pressure.",
             "Let the engine run at the limited load; the plant controller stops it at 15 % holder level. Do not "
             "override the load limit by hand."),
            ("Booster fan GBF-311 or GBF-312 has tripped and the duty change-over has not taken place.",
             "Start the standby fan from the gas panel and reset the tripped fan once."),
            ("Water lying in the gas pipe at the low point outside the engine room.",
             "Open the engine room drain cock until gas comes, close it again and report the condensate pot."),
        ],
    ),
    (
        "W-211 JW PRESSURE LOW",
        "Jacket water pressure is below 1.6 bar with the engine running. The engine keeps running; at 1.2 bar it "
        "stops on S-213.",
        [
            ("A leak at a hose clamp, at the jacket water pump seal or in the heat recovery plate exchanger.",
             "Look for wet lagging and drips under the engine and tighten the clamps. A leaking pump seal is a "
             "Torvane job."),
            ("The expansion vessel has lost its gas pre-charge and is full of water.",
             "With the engine cold, check the pre-charge at the vessel valve: it should be 1.0 bar. Re-charge with "
             "nitrogen or dry air."),
        ],
    ),
    (
        "S-212 JW TEMP HIGH",
        "The jacket water outlet temperature has reached 98 °C. The generator breaker opened and the engine "
        "stopped after its cool-down run. The surplus heat could not be rejected.",
        [
            ("The dump radiator DR-405 fans are not running: a fan drive has tripped or a fan isolator was left off "
             "after cleaning.",
             "Check the fan isolators on the roof, reset the fan drives at panel DR-405-CP and run the fans in hand "
             "for five minutes before the restart."),
            ("The three-way heat dump valve TV-406 is stuck in the heat recovery position while the digesters take "
             "little heat.",
             "Stroke the valve from the HMI service page and watch the position indicator; if it does not move, "
             "check the 24 V supply to the actuator."),
            ("Air trapped in the jacket water circuit after a top-up or a pump change, leaving the temperature "
             "sensor in a steam pocket.",
             "Bleed the air from the vents on the cylinder head manifold and at the cooler inlet with the jacket "
             "water pump running, then top up to the sight glass mark."),
        ],
    ),
    (
        "S-230 LUBE OIL PRESS LOW",
        "Lube oil pressure has fallen below 2.5 bar and the engine has stopped at once, without a cool-down run.",
        [
            ("Oil level low because the automatic top-up day tank is empty (I-014 has been showing for a long "
             "time).",
             "Fill the day tank with the approved gas engine oil and check the sump level on the dipstick before "
             "the restart."),
            ("Oil filter blocked: filter differential pressure above 1.5 bar.",
             "Change both filter elements and send an oil sample for analysis."),
            ("Pressure sender faulty or its cable damaged.",
             "Compare with the mechanical gauge on the oil gallery; if the gauge reads normal the sender is at "
             "fault. Call Torvane."),
        ],
    ),
    (
        "W-318 KNOCK CYL xx RETARD LIMIT",
        "The knock controller has retarded the ignition of one or more cylinders to its limit and has then reduced "
        "the load. The engine may be heard knocking.",
        [
            ("Charge air too hot: the low-temperature (LT) intercooler circuit is not cooling because the LT pump "
             "has stopped or the LT radiator fins are clogged with fluff and leaves.",
             "Check the LT circuit pump is running and clean the LT radiator fins with a low-pressure hose; charge "
             "air should fall below 50 °C."),
            ("Methane content has jumped above 66 % (for example during a digester upset) and the mixture is too "
             "rich.",
             "Hold the engine at 85 % load and ask Torvane service to reset the lambda setpoint for the new gas "
             "quality."),
            ("Spark plugs worn beyond the limit: electrode gap grown over 0.40 mm.",
             "Change the plugs on the affected bank as a set and gap the new ones to 0.30 mm."),
            ("Siloxane deposits (a white silica coating) on the piston crowns and plugs because the carbon in "
             "SF-330 is exhausted.",
             "Ask for the SF-330 outlet siloxane result; above 5 mg/m3 change the lead carbon vessel and book a "
             "borescope inspection of the combustion chambers."),
        ],
    ),
    (
        "S-401 START FAIL - IGN SPEED NOT REACHED",
        "The engine has failed to fire on three start attempts and the controller has locked out.",
        [
            ("Starter batteries weak: the cranking speed stays under 120 rpm.",
             "Measure the battery voltage while cranking; below 18 V charge the 24 V set for 8 hours or replace "
             "it."),
            ("The gas valve proving check failed, so the main gas valves never opened.",
             "Read the fault lamp on the valve proving unit and run the check once more; a second failure means a "
             "leaking valve. Call Torvane."),
            ("Gas pressure too low for a start because the gas holder is below 20 %.",
             "Wait for the holder to recover above 30 % before the next start attempt."),
            ("No spark: the ignition controller has lost its supply.",
             "Look at the status LED on the ignition controller; red means the primary supply fuse F14 in the "
             "control cabinet has blown. Replace it once."),
        ],
    ),
    (
        "S-402 SYNC TIMEOUT",
        "The engine reached rated speed but the generator breaker did not close within 120 s; the engine has run "
        "down.",
        [
            ("Mains voltage or frequency is outside the window the synchroniser accepts (grid disturbance, tap "
             "change at the substation).",
             "Read mains voltage and frequency on the grid protection relay display; if they are outside 400 V "
             "± 6 % or 49.8 - 50.2 Hz, wait 15 minutes and try again."),
            ("The generator breaker closing spring is not charged because the spring charging motor supply is off.",
             "Look for the 'spring charged' flag on the breaker front; if it is not shown, switch on MCB Q12 and "
             "charge the spring by hand with the lever."),
            ("Speed or voltage hunting, so the phase angle never stays inside the window: governor or AVR gains "
             "have drifted.",
             "Record the speed and voltage trend for 2 minutes and call Torvane to retune the governor gains."),
        ],
    ),
]

_PDF_RESTART = [
    "1. Find the first message in the event log and deal with its cause before any reset.",
    "2. Check the jacket water level in the sight glass and the oil level on the dipstick.",
    "3. Check the gas holder level is above 30 % and both booster fans are available.",
    "4. Reset the fault at the TEC-7 panel and select AUTO.",
    "5. The engine prelubricates for 60 s, cranks, fires at about 250 rpm, runs up to 1,500 rpm, synchronises "
    "and ramps to load at 50 kW per minute.",
    "6. Do not make more than three resets in one hour without speaking to Torvane.",
]

_PDF_MAINTENANCE = [
    ("Task", "Interval", "By"),
    ("Oil sample for analysis", "500 h", "Site"),
    ("Oil and filter change", "On oil analysis, at most 2,000 h", "Site"),
    ("Spark plug change", "2,000 h", "Site (trained)"),
    ("Valve clearance check", "2,000 h", "Torvane"),
    ("Intercooler and LT radiator cleaning", "4,000 h", "Site"),
    ("Combustion chamber endoscope check", "10,000 h", "Torvane"),
    ("Dump radiator fan bearings", "Annual", "Site"),
    ("Starter battery load test", "6 months", "Site"),
]


class _GuidePDF(FPDF):
    def header(self) -> None:
        self.set_font("Helvetica", "B", 9)
        self.cell(120, 6, "TORVANE ENERGIETECHNIK - TGE 612 biogas genset", align="L")
        self.cell(0, 6, "CHP-401 Sallowmere", align="R", new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def footer(self) -> None:
        self.set_y(-14)
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 6, f"Operator fault guide TV-612-OFG-07 Rev B - page {self.page_no()} of {{nb}}", align="C")


def _pdf_heading(pdf: FPDF, text: str, size: int = 12) -> None:
    pdf.ln(2)
    pdf.set_font("Helvetica", "B", size)
    pdf.multi_cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)


def _pdf_para(pdf: FPDF, text: str, indent: float = 0) -> None:
    pdf.set_x(pdf.l_margin + indent)
    pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)


def _pdf_label(pdf: FPDF, label: str, text: str, indent: float = 0) -> None:
    pdf.set_x(pdf.l_margin + indent)
    pdf.multi_cell(0, 5, f"**{label}** {text}", markdown=True, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)


def _pdf_table(pdf: FPDF, rows: list[tuple[str, ...]], widths: tuple[int, ...]) -> None:
    pdf.set_font("Helvetica", "", 9)
    with pdf.table(col_widths=widths, line_height=5, text_align="LEFT", first_row_as_headings=True) as table:
        for values in rows:
            row = table.row()
            for value in values:
                row.cell(value)
    pdf.set_font("Helvetica", "", 10)
    pdf.ln(2)


def _pdf_remedy(pdf: FPDF, title: str, problem: str, causes: list[tuple[str, str]]) -> None:
    _pdf_heading(pdf, title, 11)
    _pdf_label(pdf, "Problem:", problem)
    for number, (cause, remedy) in enumerate(causes, start=1):
        _pdf_label(pdf, f"Possible cause {number}:", cause)
        _pdf_label(pdf, "Remedy:", remedy, 6)


def _write_pdf(path: pathlib.Path) -> None:
    pdf = _GuidePDF(format="A4")
    pdf.set_creation_date(FIXED_TIME)
    pdf.set_title("TGE 612 operator fault guide - CHP-401 Sallowmere")
    pdf.set_author("Torvane Energietechnik Service")
    pdf.set_auto_page_break(True, margin=18)
    pdf.set_margins(18, 14, 18)

    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.multi_cell(0, 9, "Operator fault guide\nTGE 612 biogas genset, unit CHP-401", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    _pdf_para(pdf, "Document TV-612-OFG-07, revision B, issued for Sallowmere Bioresources Centre (Fenlow Vale Water).")
    _pdf_heading(pdf, "1 Scope")
    _pdf_para(pdf, _PDF_SCOPE)
    _pdf_heading(pdf, "2 Normal operating values")
    _pdf_table(pdf, _PDF_NORMAL, (100, 45, 25))
    _pdf_heading(pdf, "3 Warning and shutdown setpoints")
    _pdf_table(pdf, _PDF_SETPOINTS, (80, 50, 44))

    pdf.add_page()
    _pdf_heading(pdf, "4 Fault message list")
    _pdf_para(
        pdf,
        "Class Info: message only. Warning: the engine keeps running, possibly at reduced load. Shutdown: the engine "
        "stops and restarts in AUTO after a reset. Lockout: a reset at the TEC-7 panel is needed before any start. "
        "Remedies for the messages that the operator can deal with are given in section 5.",
    )
    _pdf_table(pdf, _PDF_FAULTS, (18, 62, 22, 72))

    pdf.add_page()
    _pdf_heading(pdf, "5 Remedies")
    _pdf_para(pdf, "Work through the possible causes in the order given. Reset once only after a cause has been found.")
    for title, problem, causes in _PDF_REMEDIES:
        _pdf_remedy(pdf, title, problem, causes)

    pdf.add_page()
    _pdf_heading(pdf, "6 Restart after a shutdown")
    for step in _PDF_RESTART:
        _pdf_para(pdf, step, 4)
    _pdf_heading(pdf, "7 Maintenance intervals (operator tasks and Torvane tasks)")
    _pdf_table(pdf, _PDF_MAINTENANCE, (90, 55, 29))
    pdf.output(str(path))


# ---------------------------------------------------------------------------------------------------------------
# 2. DOCX: owner's O&M manual section, symptom matrix and merged-cell troubleshooting table
# ---------------------------------------------------------------------------------------------------------------

_DOCX_SCOPE = (
    "This section covers the dewatering of digested sludge from storage tank DST-501: centrifuge feed pumps "
    "CFP-531 and CFP-532, decanter centrifuges CF-501 and CF-502 (Halvard DC-45), polymer make-up unit PU-510 with "
    "dosing pumps PDP-511 and PDP-512, cake pumps CKP-521 and CKP-522 delivering to cake silo CS-525, centrate "
    "return pumps CRP-541 and CRP-542 back to the works inlet, and the cake bay sump pump SP-561. The centrate "
    "return pumps and the sump pump are general duty pumps and are covered in Volume 2, Pumping stations."
)

_DOCX_NORMAL = [
    ("Parameter", "Normal", "Alarm / trip"),
    ("Centrifuge feed flow (each machine)", "16 - 22 m3/h", "Low flow 10 m3/h"),
    ("Feed dry solids", "2.8 - 3.5 %", "-"),
    ("Polymer dose", "9 - 12 kg/t DS", "-"),
    ("Polymer solution strength", "0.25 %", "-"),
    ("Bowl speed", "2,950 rpm", "Underspeed 2,700 rpm"),
    ("Differential speed", "3 - 8 rpm", "-"),
    ("Scroll torque", "45 - 70 %", "High 85 %, trip 95 %"),
    ("Vibration, main bearing housing", "below 7 mm/s", "Alarm 9 mm/s, trip 12 mm/s"),
    ("Cake dry solids", "24 - 28 %", "-"),
    ("Centrate suspended solids", "below 1,000 mg/l", "-"),
    ("Cake pump discharge pressure", "12 - 25 bar", "High 40 bar, trip 48 bar"),
    ("Centrate return pump discharge pressure", "1.5 - 2.5 bar", "High 4 bar"),
]

_DOCX_STARTUP = [
    "Check that the polymer make-up unit has a matured batch and that the cake silo has room for the run.",
    "Start the centrifuge from its local panel. The bowl takes about 6 minutes to reach speed; do not start the "
    "feed before it is at speed.",
    "Start the cake pump, then the polymer dosing pump, then the feed pump at 12 m3/h. Raise the feed by 2 m3/h "
    "every 10 minutes to the target.",
    "To shut down, stop the feed and the polymer, let the automatic flush sequence run (hot water, 20 minutes), "
    "then stop the bowl and the cake pump.",
]

_MATRIX_SYMPTOMS = ("Dirty centrate", "Wet cake", "Vibration high", "Torque high", "Slow to reach speed")

# (cause, symptom columns marked, remedy)
_MATRIX_ROWS: list[tuple[str, str, str]] = [
    ("Polymer dose too low, or the polymer solution too old.", "AB",
     "Raise the polymer dose in 0.5 kg/t DS steps, waiting 10 minutes between steps; make a fresh batch if the "
     "solution is over 36 hours old."),
    ("Feed flow above the machine capacity for the feed solids.", "ABD",
     "Reduce the feed flow to 15 m3/h, then build it back up by 1 m3/h every 15 minutes while watching torque and "
     "centrate."),
    ("Pond too shallow (weir plates set on too large a radius).", "A",
     "At the next planned stop move the weir plates one ring deeper and record the ring on the machine card."),
    ("Pond too deep (weir plates set on too small a radius).", "B",
     "At the next planned stop move the weir plates one ring shallower and record the ring on the machine card."),
    ("Differential speed too high; solids leave the beach before they are drained.", "B",
     "Lower the differential speed in 0.5 rpm steps down to no less than 3 rpm."),
    ("Differential speed too low for the solids load.", "D",
     "Raise the differential speed by 1 rpm, or switch the back drive to torque control mode."),
    ("Scroll tiles worn at the feed zone, so solids are not conveyed.", "A",
     "Measure the tile gap through the inspection port and retile the scroll when the gap exceeds 3 mm."),
    ("Solids left in the bowl after a stop without a flush.", "CE",
     "Run the flush sequence with hot water for 20 minutes at low speed before the restart. Never restart a machine "
     "that tripped on vibration without flushing it."),
    ("Main bearings worn or short of grease.", "CE",
     "Check the bearing temperatures (alarm 85 °C) and grease as the lubrication chart; if the vibration stays "
     "above 9 mm/s call Halvard for a bearing change."),
    ("Drive belts slipping.", "E", "Check the belt tension with the gauge; change the belts as a matched set."),
    ("Grit settled in DST-501 drawn off in slugs.", "CD",
     "Take the feed from the upper draw-off valve on DST-501 until the tank has been mixed for two hours."),
    ("Cake discharge chute blocked, cake backing up into the casing.", "D",
     "Stop the feed, rod the discharge chute from the access door with the machine locked off, then check the cake "
     "pump (9.5)."),
]

# (symptom, [(possible cause, remedy), ...])
_DOCX_TABLE: list[tuple[str, list[tuple[str, str]]]] = [
    ("Polymer solution lumpy (fish-eyes); dosing pump strainers blocking", [
        ("Wetting water flow too low at the powder wetting cone.",
         "Clean the wetting cone spray ring and check that the make-up water flow is at least 3 m3/h on FI-512."),
        ("Powder in the hopper has taken on damp and caked.",
         "Empty the hopper, discard the caked powder and keep the lid shut; the polymer room dehumidifier must run."),
        ("Maturing time too short since the timer was changed.", "Set the maturing tank timer back to 45 minutes."),
    ]),
    ("Make-up unit not starting a batch; solution tank level falling", [
        ("Powder screw feeder bridged, no powder reaching the cone.",
         "Start the hopper vibrator in hand and check the low powder level probe."),
        ("Water pressure below 2 bar, so the inlet solenoid valve does not open.",
         "Clean the strainer on the water inlet and check the site water booster set."),
        ("Level probe in the solution tank coated with polymer.", "Wipe the probe clean with a damp cloth."),
    ]),
    ("Cake pump discharge pressure high (alarm 40 bar)", [
        ("Boundary lubrication lost: the water injection into the cake line is switched off or blocked.",
         "Check the lubrication ring water injection is on and flowing 0.3 - 0.5 l/s; clear the injection nozzle."),
        ("Silo inlet slide gate not fully open.", "Open the slide gate fully from the silo top panel and check its "
         "limit switch."),
        ("Cake line plugged with old, dried cake after a long stop.",
         "Flush the line with water from the rodding point at the silo roof, working back towards the pump; never "
         "clear a plug by running the pump against it."),
    ]),
    ("Cake pump running but hopper level rising; no cake reaching the silo", [
        ("Cake bridging over the feed screw in the hopper.", "Start the bridge breaker and check its shear pin."),
        ("Rotor and stator worn, the pump slips back at pressure.",
         "Check the output against the silo level rise and plan a rotor and stator change."),
        ("Pump turning backwards after motor work.",
         "Check the direction of rotation against the arrow on the drive head."),
    ]),
]

_DOCX_MAINTENANCE = [
    ("Item", "Interval", "Note"),
    ("Centrifuge main bearings", "Grease every 500 h", "Lubrication chart, Halvard manual"),
    ("Scroll tile gap", "Check every 2,000 h", "Inspection port"),
    ("Centrifuge drive belts", "Tension monthly", "-"),
    ("Polymer wetting cone", "Weekly clean", "-"),
    ("Cake pump rotor and stator", "On loss of output, about 4,000 h", "-"),
    ("Centrate return pumps CRP-541/542", "See Volume 2", "-"),
    ("Sump pump SP-561 float switches", "Monthly test", "See Volume 2"),
]


def _shade(cell: Any, fill: str) -> None:
    tc_pr = cell._tc.get_or_add_tcPr()
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    tc_pr.append(shd)


def _bold_header(row_cells: Any) -> None:
    for cell in row_cells:
        _shade(cell, "D9D9D9")
        for run in cell.paragraphs[0].runs:
            run.bold = True


def _docx_simple_table(doc: Any, rows: list[tuple[str, ...]]) -> None:
    table = doc.add_table(rows=0, cols=len(rows[0]))
    table.style = "Table Grid"
    for index, values in enumerate(rows):
        cells = table.add_row().cells
        for cell, value in zip(cells, values):
            cell.text = value
        if index == 0:
            _bold_header(cells)


def _docx_matrix(doc: Any) -> None:
    header = ("No.", "Possible cause", *_MATRIX_SYMPTOMS, "Remedy")
    table = doc.add_table(rows=0, cols=len(header))
    table.style = "Table Grid"
    cells = table.add_row().cells
    for cell, value in zip(cells, header):
        cell.text = value
    _bold_header(cells)
    for number, (cause, marks, remedy) in enumerate(_MATRIX_ROWS, start=1):
        cells = table.add_row().cells
        values = [str(number), cause]
        values += ["x" if letter in marks else "" for letter in "ABCDE"]
        values.append(remedy)
        for cell, value in zip(cells, values):
            cell.text = value
    for row in table.rows:
        for cell in row.cells:
            for paragraph in cell.paragraphs:
                for run in paragraph.runs:
                    run.font.size = Pt(8)


def _docx_troubleshooting(doc: Any) -> None:
    table = doc.add_table(rows=1, cols=3)
    table.style = "Table Grid"
    for cell, value in zip(table.rows[0].cells, ("Symptom", "Possible cause", "Remedy")):
        cell.text = value
    _bold_header(table.rows[0].cells)
    for symptom, causes in _DOCX_TABLE:
        first = len(table.rows)
        for cause, remedy in causes:
            cells = table.add_row().cells
            cells[1].text = cause
            cells[2].text = remedy
        merged = table.cell(first, 0).merge(table.cell(len(table.rows) - 1, 0))
        merged.text = symptom
        merged.paragraphs[0].runs[0].bold = True


def _write_docx(path: pathlib.Path) -> None:
    doc = Document()
    props = doc.core_properties
    props.author = "Fenlow Vale Water - Bioresources"
    props.last_modified_by = "Fenlow Vale Water - Bioresources"
    props.title = "SBRC O&M Manual Volume 4 Section 9 - Digested sludge dewatering"
    props.created = FIXED_TIME
    props.modified = FIXED_TIME
    props.last_printed = FIXED_TIME
    props.revision = 3

    doc.add_heading("Sallowmere Bioresources Centre - Operation and Maintenance Manual", level=0)
    doc.add_paragraph("Volume 4, Section 9: Digested sludge dewatering. Revision 3, January 2025.")
    doc.add_heading("9.1 Scope", level=1)
    doc.add_paragraph(_DOCX_SCOPE)
    doc.add_heading("9.2 Normal operating values", level=1)
    _docx_simple_table(doc, _DOCX_NORMAL)
    doc.add_heading("9.3 Start-up and shutdown", level=1)
    for step in _DOCX_STARTUP:
        doc.add_paragraph(step, style="List Number")
    doc.add_heading("9.4 Troubleshooting - centrifuges CF-501 and CF-502", level=1)
    doc.add_paragraph(
        "Find the symptom column and work down the causes marked x in order; the first marked cause is the most "
        "likely one. Make one change at a time and give the machine 15 minutes to settle before judging it."
    )
    _docx_matrix(doc)
    doc.add_heading("9.5 Troubleshooting - polymer make-up and cake pumps", level=1)
    _docx_troubleshooting(doc)
    doc.add_heading("9.6 Routine maintenance", level=1)
    _docx_simple_table(doc, _DOCX_MAINTENANCE)

    buffer = io.BytesIO()
    doc.save(buffer)
    path.write_bytes(fixed_zip(buffer.getvalue(), _ZIP_TIME))


# ---------------------------------------------------------------------------------------------------------------
# 3. HTML: ops wiki page with yes/no decision charts
# ---------------------------------------------------------------------------------------------------------------

_HTML_NORMAL = [
    ("Measurement", "Normal range", "Notes"),
    ("Digester temperature (TT-215, TT-225)", "36.5 - 38.0 °C", "Mesophilic"),
    ("Digester pH", "7.0 - 7.4", "Daily grab sample"),
    ("VFA", "below 500 mg/l", "-"),
    ("VFA to alkalinity ratio", "below 0.3", "-"),
    ("Biogas methane", "60 - 65 %", "AT-332"),
    ("Digester level", "11.2 - 11.8 m", "Overflow at 12.2 m"),
    ("Mixing pumps MXP-213 / MXP-223", "15 min on, 15 min off", "Runs on the mixing timer"),
    ("Heat exchanger hot water flow temperature", "75 - 80 °C", "From CHP-401 or B-350"),
    ("Recirculation flow through HX-214 / HX-224", "45 - 60 m3/h", "-"),
]

_HTML_HOLDER = [
    ("GH-301 level", "What the control system does"),
    ("90 %", "Flare WGB-340 starts"),
    ("80 %", "Flare WGB-340 stops"),
    ("40 %", "Boiler B-350 changes from biogas to gas oil"),
    ("25 %", "CHP-401 load reduced"),
    ("15 %", "CHP-401 stops"),
]

_HTML_SAMPLING = [
    ("Sample", "Where", "When"),
    ("Digester pH, VFA, alkalinity", "Recirculation sample points PD-1 and PD-2", "Daily, 08:00"),
    ("Digester dry solids", "Recirculation sample points", "Monday and Thursday"),
    ("Biogas H2S and siloxane", "SF-330 inlet and outlet", "Monthly, by contractor"),
    ("Imported sludge", "RT-101 tipping point", "Every tanker"),
]

# (title, [(question, yes text, no text or None for the last step), ...])
_HTML_CHARTS: list[tuple[str, list[tuple[str, str, str | None]]]] = [
    ("Chart A - Digester foaming (foam in the gas line, the sight glass or at the PVRV)", [
        ("Has a tanker of fats, oils and grease (FOG) or food-waste sludge been tipped at RT-101 in the last 24 "
         "hours?",
         "Imported fat is the usual trigger. Stop tipping FOG and food-waste loads, "
         "spread imported loads over the day once the foam is down, and log the tanker numbers.",
         "go to step 2."),
        ("Is today's feed to the digester more than 10 % above last week's daily average?",
         "The digester is overloaded. Bring the feed back to last week's average on the feed pump timer.",
         "go to step 3."),
        ("Has the mixing pump (MXP-213 or MXP-223) just been restarted after more than 12 hours off?",
         "Gas trapped in the settled sludge is let go at once. Run the mixing in short bursts, 5 minutes in every "
         "30, for the next 24 hours.",
         "go to step 4."),
        ("Is there thick, brown, stable foam on the aeration lanes at the works as well?",
         "Filamentous foam is coming in with the surplus activated sludge. Dose antifoam AF-90 at 20 l/h into the "
         "digester feed and tell the works process scientist.",
         "go to step 5."),
        ("None of the above?",
         "Draw the digester level down to 11.0 m into DST-501 to give headroom, and check the foam probe is clean: "
         "a coated probe gives a late warning.",
         None),
    ]),
    ("Chart B - Digester temperature falling (below 36.5 °C)", [
        ("Is the hot water flow temperature to the heat exchanger below 70 °C?",
         "There is no heat to give. CHP-401 is off or on low load and the boiler has not picked up: "
         "put B-350 in auto on the heating panel and check that it fires.",
         "go to step 2."),
        ("Is the sludge flow through HX-214 or HX-224 below 40 m3/h with the recirculation pump running?",
         "The sludge side is ragged or recirculation pump HRP-212 or HRP-222 is blocked. Back-flush the sludge side "
         "of the heat exchanger and clear the pump.",
         "go to step 3."),
        ("Is the hot water temperature drop across the exchanger less than 5 K while the sludge is cold?",
         "The water side is scaled and not passing heat. Raise the flow temperature to 80 °C for now and book a "
         "descale.",
         "go to step 4."),
        ("Has the feed volume gone up, or is the feed thin and cold (winter, storm flows)?",
         "Cold feed is taking the heat. Feed little and often round the clock instead of in big batches.",
         "go to step 5."),
        ("Still falling with good heat and good flow?",
         "Check TT-215 (or TT-225) against a hand thermometer at the recirculation sample point; a drifted probe "
         "reads low and the digester may be fine.",
         None),
    ]),
    ("Chart C - Gas holder level falling fast (more than 10 % in an hour)", [
        ("Is the flare WGB-340 burning while the holder is below 80 %?",
         "The flare should have stopped. Stop it from the HMI and check at the flare that XV-341 has closed; a "
         "valve that hangs open burns off the holder.",
         "go to step 2."),
        ("Are CHP-401 at full load and the boiler B-350 on biogas at the same time?",
         "Demand is more than the digesters make. Change B-350 over to gas oil firing.",
         "go to step 3."),
        ("Has gas production on FT-216 and FT-226 dropped against yesterday?",
         "A digester is upset. Take VFA and alkalinity samples from both digesters and cut the feed by a third "
         "until the ratio is back under 0.3.",
         "go to step 4."),
        ("None of the above?",
         "Gas is escaping. Walk the gas line with the portable gas detector; the usual place is a blown water seal "
         "on condensate pot CP-305 or CP-306. Top up the seal and report it.",
         None),
    ]),
    ("Chart D - Gas holder full (above 90 %) and the flare will not light", [
        ("Is the pilot propane bottle gauge below 1 bar?",
         "Change over to the spare propane bottle in the flare cage and re-light from the flare panel.",
         "go to step 2."),
        ("Does the pilot light (you can see it through the sight port) but the panel trips on flame failure after "
         "10 seconds?",
         "The UV scanner cannot see the flame. Clean the UV scanner lens with a dry cloth and check that the "
         "scanner is aimed at the pilot.",
         "go to step 3."),
        ("Does the pilot hold but the main flame not come in?",
         "The main gas valve is not opening. Check that the instrument air to XV-341 is above 5 bar.",
         "go to step 4."),
        ("None of the above?",
         "Reset WGB-340-CP once. If it locks out again, call the flare contractor on the out-of-hours number and "
         "reduce the digester feed to slow gas production; the PVRVs lift at 45 mbar.",
         None),
    ]),
]


def _html_table(rows: list[tuple[str, ...]]) -> str:
    head = "".join(f"<th>{html.escape(value)}</th>" for value in rows[0])
    body = "\n".join(
        "    <tr>" + "".join(f"<td>{html.escape(value)}</td>" for value in values) + "</tr>" for values in rows[1:]
    )
    return f"<table>\n  <thead><tr>{head}</tr></thead>\n  <tbody>\n{body}\n  </tbody>\n</table>"


def _html_chart(title: str, steps: list[tuple[str, str, str | None]]) -> str:
    items = []
    for question, yes, no in steps:
        if no is None:
            item = f"<p>{html.escape(question)}</p>\n      <p><b>Action:</b> {html.escape(yes)}</p>"
        else:
            item = (
                f"<p>{html.escape(question)}</p>\n      <p><b>Yes:</b> {html.escape(yes)}</p>\n"
                f"      <p><b>No:</b> {html.escape(no)}</p>"
            )
        items.append(f"    <li>\n      {item}\n    </li>")
    body = "\n".join(items)
    return f'<section class="chart">\n  <h2>{html.escape(title)}</h2>\n  <ol>\n{body}\n  </ol>\n</section>'


def _html_text() -> str:
    charts = "\n".join(_html_chart(title, steps) for title, steps in _HTML_CHARTS)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>OPS-SBRC-DIG-04 Digesters and biogas - decision charts</title>
</head>
<body>
<nav>Fenlow Vale Water Ops wiki &gt; Bioresources &gt; Sallowmere BRC &gt; Digesters</nav>
<h1>Digesters and biogas: decision charts (OPS-SBRC-DIG-04)</h1>
<p>Work down each chart in order. Stop at the first Yes and do what it says; carry on down only if that did not put
it right. Tell the duty manager about anything that needs a digester feed change of more than a third.</p>
<h2>Normal values</h2>
{_html_table(_HTML_NORMAL)}
<h2>What happens at each gas holder level</h2>
{_html_table(_HTML_HOLDER)}
{charts}
<h2>Sampling schedule</h2>
{_html_table(_HTML_SAMPLING)}
<footer>Page owner: Process Operations, Bioresources. Last reviewed 14/01/2025.</footer>
</body>
</html>
"""


# ---------------------------------------------------------------------------------------------------------------
# 4. Markdown: a senior technician's narrative night notes
# ---------------------------------------------------------------------------------------------------------------

_MD = """# Sludge side - night shift notes

*R. Tamsett, senior process technician, Sallowmere BRC. Not a controlled document - if these notes and the O&M
manuals disagree, the manuals win. Last tidied January 2025.*

## A normal night

On a quiet night the tanker reception RT-101 is shut from 22:00 to 06:00, so the buffer tank SBT-110 should sit
somewhere between 40 and 70 % and slowly draw down. The digester feed pumps DFP-201 and DFP-202 run on the timer,
ten minutes in every hour each, and show 3 to 5 bar on the discharge gauge. The digesters sit at 37 to 37.5 °C.
The boiler B-350 should be off unless the engine is down. The odour control unit OCU-601 fan runs all the time with
the stack damper open, and the cake bay sump pump SP-561 cycles two or three times an hour when it rains.

## Things that look like faults but aren't

The feed pump discharge pressure jumps to 7 or 8 bar for a few seconds every time a pump starts. That is just the
line coming up to pressure; the trip is at 10 bar with a 20 second delay.

When tankers are tipping, SC-102 runs continuously and its wash water comes on every two minutes. It is noisy but
it is meant to be.

The boiler purges for 60 seconds before every light. That is not a fault, leave it alone.

## When it goes wrong

### Feed pump tripping on high pressure

Nine times out of ten when DFP-201 or DFP-202 trips on high discharge pressure, somebody has swapped the feed over
to the other digester and left the inlet valve on the digester wall shut, or only half open. Go down and
check the valve line-up before you reset anything - the pump will happily build 10 bar against a shut valve and
split its stator. If the valves are right, the next suspect is a grease plug in the feed line into PD-2; that line runs cold
along the north wall and fat sets in it in winter. Put a hot water flush through it from the flushing connection at
the digester wall for a good ten minutes, then try the pump again. The last one, and it has caught me twice, is the
pressure switch PS-203 itself: its diaphragm seal cakes up with sludge and it trips at normal pressure. If the gauge
reads normal when it trips, swap the switch for the spare on the shelf in the MCC room and put a note in the log.

### Feed pump tripping on dry run

Different problem altogether. The dry-run protection is a temperature probe in the stator and it trips the pump
when nothing is coming in. Most of the time the buffer tank has ratholed: the sludge is thick, the pump sucks a hole
straight down to the outlet and leaves sludge standing all round it. Run the SBT-110 mixer for 20 minutes and try
again. Otherwise one of the macerators, MAC-121 or MAC-122, has ragged up solid on the suction side; reverse it twice
from the local panel and, if it won't clear, isolate it and open it up. Now and then it is the stator probe cable -
if the pump trips the moment it starts, get the electrician.

### Boiler locking out on biogas

The burner on B-350 wants 15 mbar at its governor on biogas. When the boiler goes to lockout on flame failure, the
first thing to look at is the gas pressure gauge on the burner train. Nearly always it has dropped because the gas
holder is low and the engine is taking everything. Don't keep resetting it: put the boiler on oil from the fuel
selector and leave it there till the morning. If the pressure is fine, it is wet gas - the little condensate trap
under the burner gas train fills up in cold weather, so drain it. And if it still locks out with good pressure and a
dry trap, it is the burner itself: either the UV cell is sooted or the burner head is coked. That is a job for the
burner engineer in the morning; run on oil until then.

### Tankers queuing at reception

When tankers start queuing at the gate it is usually the reception screen SC-102 not keeping up. First look at the
wash water: if the spray bar nozzles are blocked, the screenings don't get washed off the basket and it blinds. Pull
the spray bar (two wing nuts) and rod the nozzles out with a bit of stiff wire. Next, a rag-heavy load from one of
the small works will beat the screen whatever you do, so turn that tanker down to half discharge rate and let the
screen catch up. Last thing, and the one people forget: if the screenings skip under the compactor is full, the
compactor pushes against the pile, trips on torque and takes the screen out with it. Ring the skip firm (the number
is on the board by the door) and get the skip swapped before you restart.

## Handover checklist

- Gas holder level, flare state and CHP-401 load at 06:00
- Both digester temperatures and the last feed pump run times
- SBT-110 level and any tankers turned away, with the haulier and the reason
- OCU-601 running and stack damper open
- Centrifuge run hours and the cake silo level
- Anything left isolated, with the lock numbers
"""

# ---------------------------------------------------------------------------------------------------------------
# 5. CSV: SCADA alarm response list for the gas treatment plant
# ---------------------------------------------------------------------------------------------------------------

_CSV_ROWS = [
    ("Tag", "Alarm text", "Priority", "Setpoint", "Probable causes", "Operator response"),
    ("GH-301-LAH", "GAS HOLDER LEVEL HIGH", "Low", "90 %",
     "Normal event: production above demand; flare WGB-340 starts automatically.",
     "None. Confirm the flare has lit; if it has not, see decision chart OPS-SBRC-DIG-04 chart D."),
    ("GH-301-LAL", "GAS HOLDER LEVEL LOW", "Medium", "25 %",
     "Normal event: CHP-401 load is reduced automatically.",
     "Watch the level; if it is falling fast, see decision chart OPS-SBRC-DIG-04 chart C."),
    ("GBF-311-PAL", "BOOSTER FAN 311 DISCH PRESS LOW", "High", "60 mbar",
     "1) Inlet isolating valve shut or part shut after maintenance. 2) Condensate lying in the suction line at the "
     "low point ahead of the fans. 3) Fan turning backwards after motor work. 4) Casing drain valve left open, fan "
     "drawing air.",
     "1) Check the inlet butterfly valve is fully open (handle in line with the pipe). 2) Drain the low point "
     "through CP-305 and check its auto-drain float. 3) Bump the motor and compare the rotation with the arrow on "
     "the fan casing. 4) Close the casing drain and check the area with a gas monitor before restarting."),
    ("GBF-312-PAL", "BOOSTER FAN 312 DISCH PRESS LOW", "High", "60 mbar", "As GBF-311-PAL.", "As GBF-311-PAL."),
    ("GBF-311-PAH", "BOOSTER FAN 311 DISCH PRESS HIGH", "Medium", "140 mbar",
     "1) CHP-401 has tripped with the fan still running, so there is no gas draw. 2) Gas side of chiller GC-320 "
     "blocked with ice. 3) Siloxane filter SF-330 heavily loaded.",
     "1) Normal after an engine trip; the fan stops after 2 minutes. 2) Put GC-320 into defrost and check its outlet "
     "setpoint is not below 3 °C. 3) Check the SF-330 differential pressure (see SF-330-PDAH)."),
    ("GC-320-TAH", "GAS CHILLER OUTLET TEMP HIGH", "Medium", "8 °C",
     "1) Refrigeration unit tripped on high head pressure: condenser fins blocked with dust, pollen or leaves. "
     "2) Glycol circulating pump stopped. 3) Gas flow above the chiller rating (CHP and boiler both on biogas). "
     "4) Refrigerant charge low (frost on the expansion valve, unit short-cycling).",
     "1) Brush the condenser fins clean and reset the HP cut-out on the unit panel. 2) Restart the glycol pump and "
     "check the glycol header tank level. 3) Take the boiler off biogas. 4) Call the refrigeration contractor; do "
     "not add refrigerant on site."),
    ("GC-320-TAL", "GAS CHILLER OUTLET TEMP LOW", "Medium", "2 °C",
     "1) Outlet temperature setpoint changed to below 3 °C. 2) Very low gas flow (CHP off), chiller over-cooling.",
     "1) Set the outlet setpoint back to 5 °C. 2) Put the chiller in standby while the CHP is off; ice can form on "
     "the gas side."),
    ("SF-330-PDAH", "SILOXANE FILTER DIFF PRESS HIGH", "Medium", "25 mbar",
     "1) Carbon wetted by condensate carried over from a failed chiller. 2) Carbon dust on the outlet strainer.",
     "1) Put the chiller right first (see GC-320-TAH), then change the wetted carbon. 2) Clean the outlet strainer "
     "basket."),
    ("AT-331-QAH", "H2S IN BIOGAS HIGH", "High", "250 ppm",
     "1) Ferric dosing pump FCD-230 stopped or air-locked. 2) Ferric chloride bulk tank empty. 3) Imported loads "
     "high in sulphate (paper mill and brewery tankers). 4) Analyser reading high: sample line wet or sensor cell "
     "at end of life.",
     "1) Check FCD-230 is running and prime it from the priming valve on the pump head. 2) Check the bulk tank "
     "level and order a delivery; do not run the pump dry. 3) Hold high-sulphate tankers at the gate until H2S is "
     "below 150 ppm. 4) Check the reading with a gas detector tube at the sample point and drain the sample line "
     "catch pot."),
    ("AT-332-QAL", "METHANE LOW", "Medium", "52 %",
     "1) Air getting into the gas space through a leak in the GH-301 inner membrane. 2) Analyser drift.",
     "1) Check oxygen on AT-333; above 1 % isolate GH-301 and call the gas holder contractor. 2) Calibrate with "
     "the test gas."),
    ("WGB-340-XA", "FLARE FLAME FAILURE", "High", "-",
     "See decision chart OPS-SBRC-DIG-04 chart D.", "See decision chart OPS-SBRC-DIG-04 chart D."),
    ("CP-305-LAH", "CONDENSATE POT 305 LEVEL HIGH", "Low", "-",
     "1) Auto-drain pump switched off or its float stuck.", "1) Drain by hand to the drain sump and free the float."),
    ("CHP-401-XA", "CHP COMMON FAULT", "High", "-",
     "See the TEC-7 panel for the fault code.", "Follow the Torvane operator fault guide TV-612-OFG-07."),
]


def _csv_text() -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(_CSV_ROWS)
    return out.getvalue()


def write_all(folder: pathlib.Path) -> pathlib.Path:
    """Write the five documents into ``folder`` (created if needed) and return it."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    _write_pdf(folder / PDF_NAME)
    _write_docx(folder / DOCX_NAME)
    (folder / HTML_NAME).write_text(_html_text(), encoding="utf-8", newline="\n")
    (folder / MD_NAME).write_text(_MD, encoding="utf-8", newline="\n")
    (folder / CSV_NAME).write_text(_csv_text(), encoding="utf-8", newline="\n")
    return folder


def _q(number: int, question: str, source: str | None, keywords: list[str]) -> dict:
    return symptom_question("sy7", number, question, source, keywords)


QUESTIONS: list[dict] = [
    # PDF - Torvane CHP operator fault guide
    _q(1, "gas eng tripped on JW TEMP HIGH again, 3rd time tonight", PDF_NAME,
       ["fan isolators on the roof", "cylinder head manifold"]),
    _q(2, "chp pinking on a couple of cyls, its pulled the load back to 900kw", PDF_NAME,
       ["clean the LT radiator fins", "borescope inspection"]),
    _q(3, "engine wont fire up. cranks and cranks then locks out", PDF_NAME,
       ["below 18 V", "primary supply fuse F14"]),
    _q(4, "chp sat at 1500 but the breaker never closes, runs down after a couple of min", PDF_NAME,
       ["grid protection relay display", "retune the governor gains"]),
    # DOCX - dewatering O&M section 9
    _q(5, "cent 2 centrate looks like chocolate milk", DOCX_NAME,
       ["0.5 kg/t DS steps", "retile the scroll"]),
    _q(6, "CF-501 torque keeps going high and knocking the feed off", DOCX_NAME,
       ["build it back up by 1 m3/h", "rod the discharge chute"]),
    _q(7, "snotty blobs in the poly, pdp 511 keeps losing flow", DOCX_NAME,
       ["wetting cone spray ring", "maturing tank timer"]),
    _q(8, "cake pump 522 pressure going through the roof", DOCX_NAME,
       ["lubrication ring water injection", "rodding point at the silo roof"]),
    # HTML - digesters and biogas decision charts
    _q(9, "brown froth coming out the top of PD1 again", HTML_NAME,
       ["spread imported loads over the day", "foam probe is clean"]),
    _q(10, "PD2 losing heat, 35.8 and still dropping", HTML_NAME,
       ["put B-350 in auto", "hand thermometer"]),
    _q(11, "gasbag emptying really fast, lost 30% in an hour", HTML_NAME,
       ["XV-341 has closed", "Walk the gas line"]),
    _q(12, "holder at 95% and the flare won't light", HTML_NAME,
       ["spare propane bottle", "flare contractor"]),
    # Markdown - night notes
    _q(13, "feed pump 201 keeps dropping out on high press", MD_NAME,
       ["check the valve line-up", "spare on the shelf in the MCC room"]),
    _q(14, "boiler wont stay lit on bio, keeps going to lockout", MD_NAME,
       ["put the boiler on oil", "burner head is coked"]),
    _q(15, "drivers moaning, tanker bay backed up, reception screen keeps stopping", MD_NAME,
       ["rod the nozzles out", "Ring the skip firm"]),
    # CSV - gas alarm response list
    _q(16, "booster fan 311 low disch press alarm but the fan is running", CSV_NAME,
       ["inlet butterfly valve", "Close the casing drain"]),
    _q(17, "biogas leaving the chiller too warm, 11 deg", CSV_NAME,
       ["reset the HP cut-out", "refrigeration contractor"]),
    _q(18, "h2s on the gas gone through 300ppm", CSV_NAME,
       ["priming valve on the pump head", "gas detector tube"]),
    # Not in the corpus: equipment the site has that no document troubleshoots
    _q(19, "centrate pump 541 disch pressure way high", None, []),
    _q(20, "mixing pump on PD2 vibrating like mad", None, []),
    _q(21, "odour unit fan tripped, neighbours complaining about the smell", None, []),
    _q(22, "cake bay sump pump 561 tripped and the sump is overflowing", None, []),
]
