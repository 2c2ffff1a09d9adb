"""Held-out set 5 for the conflict finder: the made-up Harrow Bend Water Reclamation Facility.

The fictional Lower Teel Valley Sanitation District runs Harrow Bend WRF, an activated-sludge
wastewater plant with four Kestrel KT-300 turbo blowers, two anaerobic digesters with a membrane
gas holder, a biogas CHP engine (CHP-1), and remote lift stations No. 3 (Harbor Road) and No. 7
(Quarry Lane). Eight documents: an O&M manual, the blower vendor's IOM with its site data sheet,
SOP-220 in two revisions (Rev C superseded by Rev D), the instrument and alarm setpoint register,
an operator shift checklist and one manual per lift station.

Written without reading the finder's code or the earlier sets' documents. The author had seen the
README's user-facing summary of how conflicts are judged and the scoring helper `figures` (pairs
are matched by their numbers), but chose every planted pair and near miss by what a plant engineer
would call a conflict, not by those rules. All effective dates lie before 2026-06-01, the date the
measurement uses as today.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # O&M manual (procedure step) vs Kestrel IOM site data sheet: blower discharge pressure high alarm
    frozenset({"8.5 psi", "8.0 psi"}),
    # O&M manual vs setpoint register AIC-201: aeration basin dissolved oxygen setpoint
    frozenset({"2.0 mg/L", "1.5"}),
    # Kestrel IOM site data table vs register TSHH-112: blower discharge air temperature high trip
    # (250 °F = 121 °C against 115 °C)
    frozenset({"250 °F", "115"}),
    # Kestrel IOM site data sheet sentence vs register PDSH-111: blower inlet filter differential pressure alarm
    frozenset({"2.5 kPa", "2.0"}),
    # O&M manual vs SOP-220 Rev D setpoint table: digester temperature setpoint (35 °C = 95 °F vs 98 °F)
    frozenset({"35 °C", "98"}),
    # SOP-220 Rev D "digester gas holder high pressure alarm" vs register PSH-410 "Gas holder
    # pressure high alarm"
    frozenset({"9.0 in. w.c.", "10.5"}),
    # O&M manual (words) vs shift checklist (tag TIC-305 only): digester heat exchanger hot water
    # supply temperature setpoint (140 °F = 60 °C vs 65 °C)
    frozenset({"140 °F", "65 °C"}),
    # O&M manual bullet vs register TSH-425: CHP engine jacket water temperature high alarm
    # (203 °F = 95 °C vs 92 °C)
    frozenset({"203 °F", "92"}),
    # SOP-220 Rev D numbered step vs register PSLL-420: CHP engine fuel gas inlet pressure low trip
    # (6 in. w.c. = 1.5 kPa vs 2.2 kPa)
    frozenset({"6 in. w.c.", "2.2"}),
    # Lift Station No. 3 manual table vs register LSH-301: LS-3 wet well high level alarm
    # (9.0 ft = 2.74 m vs 2.90 m)
    frozenset({"9.0 ft", "2.90"}),
    # Lift Station No. 7 manual sentence vs register LIT-701: LS-7 pump stop level
    # (3.5 ft = 1.07 m vs 1.2 m)
    frozenset({"3.5 ft", "1.2"}),
    # Lift Station No. 3 manual vs register PSH-305: LS-3 force main pressure high alarm
    # (45 psi = 310 kPa vs 290 kPa)
    frozenset({"45 psi", "290"}),
    # Lift Station No. 7 manual vs register KS-701: LS-7 high level alarm time delay (90 s vs 2 min)
    frozenset({"90 s", "2"}),
    # O&M manual "Label: value" vs register FIC-220: RAS pump flow setpoint (1,200 gpm = 75.7 L/s vs 70 L/s)
    frozenset({"1,200 gpm", "70"}),
    # O&M manual "lube oil pressure low shutdown" vs shift checklist "lube oil pressure, low trip
    # setting": CHP engine (3.5 bar = 50.8 psi vs 45 psi)
    frozenset({"3.5 bar", "45 psi"}),
    # O&M manual vs SOP-220 Rev D setpoint table: digester sludge recirculation flow through HX-301
    # (400 gpm = 25.2 L/s vs 30 L/s)
    frozenset({"400 gpm", "30"}),
]

NEAR_MISSES: list[str] = [
    # revisions of one document, and a superseded revision against current documents
    "SOP-220 Rev C (superseded) vs Rev D setpoint table: digester temperature setpoint 96 °F vs 98 °F and "
    "sludge recirculation flow 28 L/s vs 30 L/s (two revisions of one SOP)",
    "SOP-220 Rev C vs Rev D: gas holder high pressure alarm 11.0 in. w.c. vs 9.0 in. w.c. and the CHP fuel gas "
    "low trip step 8 in. w.c. vs 6 in. w.c. (two revisions of one SOP)",
    "SOP-220 Rev C (superseded) vs current documents: 96 °F vs O&M 35 °C, 11.0 in. w.c. vs register 10.5, "
    "28 L/s vs O&M 400 gpm, 8 in. w.c. vs register 2.2 kPa (a superseded revision conflicts with no one)",
    # blowers
    "O&M blower discharge pressure high alarm 8.5 psi vs Kestrel site data blower discharge pressure high "
    "trip 9.0 psi (alarm vs trip)",
    "Kestrel site data blower discharge pressure high trip 9.0 psi vs register PSHH-110 62 kPa (same value, "
    "62.05 kPa)",
    "Kestrel site data discharge air temperature high alarm 230 °F vs register TSH-112 110 °C (same value)",
    "Kestrel discharge air temperature high alarm 230 °F vs register TSHH-112 trip 115 °C, and Kestrel trip "
    "250 °F vs register TSH-112 alarm 110 °C (alarm vs trip)",
    "Kestrel inlet air temperature high alarm 113 °F vs register blower discharge air temperature high "
    "alarm 110 °C (inlet vs discharge)",
    "Kestrel factory default discharge pressure alarm 10.0 psi (labelled as replaced by the site data sheet) "
    "vs O&M 8.5 psi, and Kestrel rated (design) discharge pressure 7.8 psi vs register PIC-110 header "
    "pressure control setpoint 6.5 psi (default/design value vs operating setting)",
    "O&M 'raise the header pressure setpoint by 0.5 psi' (a change) vs register header pressure setpoint "
    "6.5 psi",
    "Register PIC-110 header pressure setpoint 6.5 psi vs shift checklist 6.5 psi (value repeated identically)",
    # activated sludge and plant flow
    "Register AIT-201 dissolved oxygen low alarm 0.8 mg/L vs O&M DO setpoint 2.0 mg/L (alarm vs setpoint)",
    "O&M winter MLSS target 3,600 mg/L vs checklist summer MLSS target 2,800 mg/L (summer vs winter; the "
    "summer value is identical in both)",
    "O&M WAS pump flow setpoint 150 gpm vs register FIC-230 9.5 L/s (same value, 9.46 L/s); O&M RAS 1,200 gpm "
    "vs register WAS 9.5 L/s and register RAS 70 L/s vs O&M WAS 150 gpm (RAS vs WAS)",
    "O&M revision history 'RAS flow setpoint previously 1,000 gpm per pump' vs register RAS 70 L/s "
    "(revision-history line quoting an old value)",
    "O&M influent flow high alarm 14.0 MGD vs register FIT-090 plant effluent flow high alarm 13.5 MGD "
    "(influent vs effluent)",
    # digesters, gas and CHP-1
    "SOP-220 Rev D digester 1 temperature high alarm 102 °F vs register TSH-301 39 °C (same value, 102.2 °F)",
    "SOP-220 Rev D digester 2 temperature high alarm 104 °F vs register TSH-301 digester 1 high alarm 39 °C "
    "(two different digesters)",
    "Checklist HX-301 hot water return temperature 55 °C vs O&M hot water supply temperature 140 °F "
    "(supply vs return)",
    "SOP-220 Rev D digester pH range 6.8 to 7.4 vs checklist digester pH target 7.0 (value inside the range)",
    "SOP-220 Rev D gas holder high pressure alarm 9.0 in. w.c. vs register PSL-410 low alarm 3.0 in. w.c. "
    "(high vs low); the low alarm 3.0 in. w.c. is identical in both",
    "O&M gas holder relief valve setting 12 in. w.c. and membrane design pressure 14 in. w.c. vs register "
    "gas holder pressure high alarm 10.5 in. w.c. (relief/design vs alarm)",
    "O&M jacket water temperature high shutdown 210 °F vs register TSHH-425 trip 99 °C (same value), and "
    "O&M jacket water alarm 203 °F vs register trip 99 °C (alarm vs trip)",
    "Checklist lube oil low trip 45 psi and O&M lube oil low shutdown 3.5 bar vs register PSL-424 lube oil "
    "pressure low alarm 3.8 bar (trip vs alarm)",
    # lift stations
    "Lift Station No. 3 manual high wet well level alarm 9.0 ft vs Lift Station No. 7 manual 11.5 ft, "
    "register LS-7 3.51 m vs LS-3 manual 9.0 ft, register LS-3 2.90 m vs LS-7 manual 11.5 ft (different stations)",
    "Register LSH-701 LS-7 wet well high level alarm 3.51 m vs LS-7 manual 11.5 ft (same value, 3.505 m)",
    "LS-3 manual lead pump start 6.5 ft vs register LIT-301 LS-3 lag pump start 2.29 m (lead vs lag; the LS-3 "
    "lag start 7.5 ft agrees with 2.29 m); LS-7 manual lag start 8.0 ft vs register LS-3 lag start 2.29 m "
    "(different stations)",
    "LS-7 manual lead pump start 6.0 ft and lag pump start 8.0 ft vs register LS-7 pump stop level 1.2 m "
    "(start vs stop); LS-3 manual pumps stop 3.0 ft vs register LS-7 stop 1.2 m (different stations)",
    "LS-3 manual bound 'not more than 10 ft above the floor' vs register LS-3 high level alarm 2.90 m "
    "(a bound, not a setpoint)",
    "LS-3 manual high level alarm delay 1 min vs register KS-301 60 s (same value); LS-3 1 min vs register "
    "LS-7 2 min, LS-7 90 s vs register LS-3 60 s, LS-3 force main 45 psi vs LS-7 60 psi and LS-7 60 psi vs "
    "register LS-3 290 kPa (different stations)",
]


OM_MANUAL = textwrap.dedent("""\
    # Harrow Bend Water Reclamation Facility - Operation and Maintenance Manual, Volume 2: Secondary Treatment, Solids and Energy

    Document No.: HB-OM-200
    Revision: 6
    Effective date: 14 March 2025

    Prepared for the Lower Teel Valley Sanitation District. This volume covers the aeration basins,
    the aeration blowers, return and waste activated sludge, the anaerobic digesters, the gas holder
    and the combined heat and power engine CHP-1.

    ## Revision history

    | Rev | Date | Change |
    |-----|------|--------|
    | 5 | 2023-08-21 | Blower controls changed to header pressure control. |
    | 6 | 2025-03-14 | Section 3.4 rewritten; RAS flow setpoint previously 1,000 gpm per pump. |

    ## 3 Secondary treatment

    ### 3.1 Plant flow

    Raw sewage from the interceptor and from the lift stations enters the headworks and is metered
    by the influent Parshall flume. The influent flow high alarm is 14.0 MGD.

    ### 3.2 Dissolved oxygen control

    The dissolved oxygen setpoint for the aeration basins is 2.0 mg/L. Each basin's DO analyser
    trims its own air control valve, and the blower master controller holds the common header
    pressure so that the most-open valve stays near its target position.

    If the DO cannot be held with every air valve more than 85 percent open, raise the header
    pressure setpoint by 0.5 psi and watch the basins for half an hour before changing it again.

    Mixed liquor targets:

    - Summer (May to October) MLSS target: 2,800 mg/L
    - Winter (November to April) MLSS target: 3,600 mg/L

    ### 3.3 Aeration blowers

    Four Kestrel KT-300 high-speed turbo blowers (B-1 to B-4) discharge into a common header. The
    blower vendor's manual holds the full protection list; the steps below are the plant's own.

    Restoring blower protection after a controller replacement:

    1. Load the site parameter file from the engineering workstation into the new controller.
    2. Set the blower discharge pressure high alarm to 8.5 psi.
    3. Confirm the high trip settings match the vendor's site data sheet.
    4. Run the blower at minimum speed for ten minutes and check the vibration trend.

    ### 3.4 Return and waste activated sludge

    Return activated sludge flow setpoint, each RAS pump: 1,200 gpm

    WAS pump flow setpoint: 150 gpm

    ## 4 Anaerobic digesters

    Digesters 1 and 2 are mesophilic, fed with thickened primary and waste activated sludge.

    The digester temperature setpoint is 35 °C.

    Hot water from the boiler loop is held by TIC-305, which positions the three-way valve on the
    digester heat exchanger HX-301. The digester heat exchanger hot water supply temperature is set
    at 140 °F.

    Sludge recirculation flow through HX-301: 400 gpm

    ### 4.1 Gas holder

    Digester gas is stored under the double-membrane cover of Digester 2. The gas holder pressure
    relief valves are set at 12 in. w.c. The membrane design pressure is 14 in. w.c.; the operating
    alarms are listed in the setpoint register.

    ## 5 Combined heat and power engine CHP-1

    CHP-1 burns digester gas and supplies hot water to the digester heating loop. Fuel gas to the
    engine must not exceed 250 ppm hydrogen sulfide; change the iron sponge media before it does.

    Engine protective settings:

    - Jacket water temperature high alarm: 203 °F
    - Jacket water temperature high shutdown: 210 °F
    - Lube oil pressure low shutdown: 3.5 bar
    """)

VENDOR_MANUAL = textwrap.dedent("""\
    # Kestrel KT-300 High-Speed Turbo Blower

    ## Installation, Operation and Maintenance Manual

    Document No.: KT-300-IOM
    Revision: 2

    Kestrel Air Systems. This manual applies to KT-300 blowers with controller firmware 4.x.

    ## 5 Controls and protection

    ### 5.2 Protection settings

    The controller is shipped with factory protection settings. Factory default (before site
    commissioning) discharge pressure alarm: 10.0 psi. The values in the site data sheet, section 9,
    replace the factory defaults and are the ones in force.

    A surge event is detected from motor power and speed; after three surge events in one hour the
    blower stops and must be reset locally.

    ## 6 Maintenance

    ### 6.4 Inlet filter

    Replace the filter elements when the filter differential pressure alarm given in the site data
    sheet is raised. Never run the blower with the filter housing open.

    ## 9 Site data sheet - Harrow Bend WRF, blowers B-1 to B-4

    Settings entered at commissioning by the Kestrel service engineer.

    8.0 psi is the high alarm point for blower discharge pressure.

    The inlet filter differential pressure alarm is set at 2.5 kPa; replace the filter elements when
    it is raised.

    | Parameter | Site setting |
    |-----------|--------------|
    | Discharge air temperature, high alarm | 230 °F |
    | Discharge air temperature, high trip | 250 °F |
    | Blower discharge pressure, high trip | 9.0 psi |
    | Inlet air temperature, high alarm | 113 °F |
    | Rated discharge pressure (design) | 7.8 psi |
    """)

SOP_220_REV_C = textwrap.dedent("""\
    ANAEROBIC DIGESTER AND DIGESTER GAS SYSTEM OPERATION
    SOP-220 Rev C, effective 2023-04-15

    Applies to Digesters 1 and 2, the gas holder, the waste gas burner and the fuel gas supply to CHP-1.

    1. SETPOINTS

    Digester temperature setpoint: 96 °F
    Sludge recirculation flow: 28 L/s
    Digester 1 temperature high alarm: 102 °F
    Digester 2 temperature high alarm: 104 °F

    2. GAS HOLDER

    Digester gas holder high pressure alarm: 11.0 in. w.c.
    Gas holder low pressure alarm: 3.0 in. w.c.

    3. PROCESS MONITORING

    Keep the digester pH between 6.8 and 7.4. Sample each digester daily for volatile acids and
    alkalinity.

    4. PLACING CHP-1 ON DIGESTER GAS

    1. Confirm the gas holder pressure is above the low alarm and the waste gas burner pilot is lit.
    2. Open the fuel gas isolation valve XV-421.
    3. Confirm the engine fuel gas inlet pressure low trip is set to 8 in. w.c. on pressure switch PSLL-420.
    4. Start CHP-1 from the local panel and hold it at part load until the jacket water is warm.
    """)

CHECKLIST = textwrap.dedent("""\
    HARROW BEND WRF - OPERATOR SHIFT CHECKLIST, SOLIDS AND ENERGY BUILDING
    Form No.: HB-F-031
    Revision: 4
    Effective date: 2 June 2025

    Tick each item, record the reading beside it, and call the shift supervisor if a reading is
    away from the setting shown.

    Aeration
    [ ] Aeration header pressure setpoint (PIC-110): 6.5 psi
    [ ] Summer MLSS target: 2,800 mg/L
    [ ] Walk the basins; note any foam or dead zones.

    Digesters
    [ ] TIC-305 setpoint: 65 °C
    [ ] Hot water return temperature (HX-301), expected: 55 °C
    [ ] Digester pH target: 7.0
    [ ] Read the gas holder pressure on PIT-410 and log it.

    CHP-1
    [ ] CHP engine lube oil pressure, low trip setting: 45 psi
    [ ] Check the iron sponge differential pressure and the condensate traps.
    [ ] Record the engine hours and kWh.
    """)

LS3_MANUAL = textwrap.dedent("""\
    # Lift Station No. 3 (Harbor Road) - Operation and Maintenance Manual

    Document No.: HB-LS-003
    Revision: 2
    Effective date: 30 September 2024

    Lift Station No. 3 serves the Harbor Road basin. Two submersible pumps (P-301 and P-302)
    alternate as lead and lag and discharge into a 10-inch force main to the headworks. Each pump is
    rated 850 gpm at 96 ft TDH.

    ## Wet well level settings

    Levels are measured above the wet well floor by the ultrasonic level transmitter, with a float
    switch as backup for the high level alarm.

    | Setting | Level above wet well floor |
    |---------|----------------------------|
    | Pumps stop | 3.0 ft |
    | Lead pump start | 6.5 ft |
    | Lag pump start | 7.5 ft |
    | High wet well level alarm | 9.0 ft |
    | Low wet well level alarm | 1.8 ft |

    High level alarm delay: 1 min

    Do not allow the wet well level to rise more than 10 ft above the floor; above that the
    Harbor Road gravity sewer surcharges.

    ## Force main

    Force main pressure high alarm: 45 psi

    A high force main pressure with low flow usually means a closed valve or a blockage; stop the
    pumps and inspect the air release valves before restarting.
    """)

LS7_MANUAL = textwrap.dedent("""\
    LIFT STATION NO. 7 (QUARRY LANE) - OPERATION MANUAL
    Document No.: HB-LS-007
    Revision: 1
    Effective date: 22 May 2023

    Lift Station No. 7 is a dry-pit station with three pumps (P-701 to P-703) serving the Quarry
    Lane industrial park.

    LEVEL CONTROL

    Lead pump start level: 6.0 ft
    Lag pump start level: 8.0 ft
    The pump stop level is 3.5 ft above the wet well floor.
    High level alarm: 11.5 ft
    High level alarm time delay: 90 s

    FORCE MAIN

    Force main pressure high alarm: 60 psi

    When the alarm is raised, check the discharge valves of the running pumps and the check valve
    on the standby pump.
    """)


def write_sop_220_rev_d(path: Path) -> Path:
    return make_docx(path, [
        ("Heading 1", "Anaerobic Digester and Digester Gas System Operation"),
        ("", "SOP-220 Rev D, effective 2025-09-01"),
        ("", "Supersedes Rev C. Applies to Digesters 1 and 2, the gas holder, the waste gas burner and the "
             "fuel gas supply to CHP-1."),
        ("Heading 2", "1. Setpoints"),
        ("row", "Parameter|Setpoint|Unit"),
        ("row", "Digester temperature setpoint|98|°F"),
        ("row", "Sludge recirculation flow|30|L/s"),
        ("row", "Digester 1 temperature high alarm|102|°F"),
        ("row", "Digester 2 temperature high alarm|104|°F"),
        ("Heading 2", "2. Gas holder"),
        ("", "Digester gas holder high pressure alarm: 9.0 in. w.c."),
        ("", "Gas holder low pressure alarm: 3.0 in. w.c."),
        ("Heading 2", "3. Process monitoring"),
        ("", "Keep the digester pH between 6.8 and 7.4. Sample each digester daily for volatile acids and "
             "alkalinity."),
        ("Heading 2", "4. Placing CHP-1 on digester gas"),
        ("", "1. Confirm the gas holder pressure is above the low alarm and the waste gas burner pilot is lit."),
        ("", "2. Open the fuel gas isolation valve XV-421."),
        ("", "3. Confirm the engine fuel gas inlet pressure low trip is set to 6 in. w.c. on pressure switch "
             "PSLL-420."),
        ("", "4. Start CHP-1 from the local panel and hold it at part load until the jacket water is warm."),
        ("Heading 2", "5. Revision history"),
        ("", "Rev D: digester temperature setpoint raised; sludge recirculation flow and gas holder high "
             "pressure alarm changed; fuel gas low trip check corrected."),
    ])


def write_register(path: Path) -> Path:
    header = ("row", "Tag|Description|Setpoint|Unit")
    return make_docx(path, [
        ("Heading 1", "Instrument and Alarm Setpoint Register - Harrow Bend WRF"),
        ("", "Document No.: HB-REG-010"),
        ("", "Revision: 11"),
        ("", "Effective date: 3 November 2025"),
        ("", "The settings in force in the plant control system. Changes need a management of change form."),
        ("Heading 2", "1. Aeration, blowers and activated sludge"),
        header,
        ("row", "AIC-201|Aeration basins dissolved oxygen setpoint|1.5|mg/L"),
        ("row", "AIT-201|Aeration basin 1 dissolved oxygen low alarm|0.8|mg/L"),
        ("row", "PIC-110|Aeration header pressure control setpoint|6.5|psi"),
        ("row", "PSHH-110|Blower discharge pressure high-high trip|62|kPa"),
        ("row", "TSH-112|Blower discharge air temperature high alarm|110|°C"),
        ("row", "TSHH-112|Blower discharge air temperature high trip|115|°C"),
        ("row", "PDSH-111|Blower inlet filter differential pressure high alarm|2.0|kPa"),
        ("row", "FIC-220|RAS pump flow setpoint|70|L/s"),
        ("row", "FIC-230|WAS pump flow setpoint|9.5|L/s"),
        ("row", "FIT-090|Plant effluent flow high alarm|13.5|MGD"),
        ("Heading 2", "2. Digesters, gas holder and CHP-1"),
        header,
        ("row", "TSH-301|Digester 1 temperature high alarm|39|°C"),
        ("row", "PSH-410|Gas holder pressure high alarm|10.5|in. w.c."),
        ("row", "PSL-410|Gas holder pressure low alarm|3.0|in. w.c."),
        ("row", "PSLL-420|CHP engine fuel gas inlet pressure low trip|2.2|kPa"),
        ("row", "TSH-425|CHP engine jacket water temperature high alarm|92|°C"),
        ("row", "TSHH-425|CHP engine jacket water temperature high trip|99|°C"),
        ("row", "PSL-424|CHP engine lube oil pressure low alarm|3.8|bar"),
        ("Heading 2", "3. Lift stations"),
        header,
        ("row", "LSH-301|LS-3 wet well high level alarm|2.90|m"),
        ("row", "LIT-301|LS-3 lag pump start level|2.29|m"),
        ("row", "KS-301|LS-3 high level alarm delay|60|s"),
        ("row", "PSH-305|LS-3 force main discharge pressure high alarm|290|kPa"),
        ("row", "LSH-701|LS-7 wet well high level alarm|3.51|m"),
        ("row", "LIT-701|LS-7 pump stop level|1.2|m"),
        ("row", "KS-701|LS-7 high level alarm delay|2|min"),
    ])


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hb-om-200-secondary-solids-energy.md").write_text(OM_MANUAL, encoding="utf-8")
    (folder / "kestrel-kt300-blower-iom.md").write_text(VENDOR_MANUAL, encoding="utf-8")
    (folder / "SOP-220 Rev C - Digester and Gas System.txt").write_text(SOP_220_REV_C, encoding="utf-8")
    write_sop_220_rev_d(folder / "SOP-220 Rev D - Digester and Gas System.docx")
    write_register(folder / "hb-reg-010-setpoint-register.docx")
    (folder / "hb-f-031-shift-checklist.txt").write_text(CHECKLIST, encoding="utf-8")
    (folder / "ls-3-harbor-road-manual.md").write_text(LS3_MANUAL, encoding="utf-8")
    (folder / "ls-7-quarry-lane-manual.txt").write_text(LS7_MANUAL, encoding="utf-8")
    return folder
