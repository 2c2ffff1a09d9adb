"""Held-out confirmation set 3 for the conflict finder: a fictional wastewater plant.

Eight documents of the Millbrook Creek Water Reclamation Facility and its collection system
(aeration blowers, secondary clarifiers, headworks, UV disinfection, sludge thickening, standby
generators, two lift stations) in Markdown, plain text and DOCX. PLANTED lists the real
disagreements between current documents, each as its two values as written; NEAR_MISSES
describes the pairs a careful engineer would not call a conflict (same value in another unit,
sibling tags or quantities, ranges, bounds, changes by an amount, two lift stations, the two
revisions of SOP-410, revision-history lines, design values against setpoints).

This set was written without reading the conflict finder's rules or code, and without reading
the other conflict test sets, so that it measures the finder rather than echoing it.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # SOP-410 Rev 4 sentence vs PCR-100 table row (tag AB-101).
    frozenset({"9.5 psi", "9.0 psi"}),
    # SOP-530 step "Set ... RAS-P1, to 700 gpm" vs PCR-100 RAS-P1 flow setpoint 1.2 MGD (833 gpm).
    frozenset({"700 gpm", "1.2 MGD"}),
    # SOP-530 "Clarifier 1 sludge blanket high alarm: 1.1 m" (3.6 ft) vs PCR-100 SC-1 3.0 ft.
    frozenset({"1.1 m", "3.0 ft"}),
    # SOP-530 "WAS-P1 run time per cycle: 20 minutes" vs PCR-100 0.5 h.
    frozenset({"20 minutes", "0.5 h"}),
    # OPS-CL-01 sentence, LIT-201 influent channel high level alarm 4.5 ft vs PCR-100 1.5 m (4.9 ft).
    frozenset({"4.5 ft", "1.5 m"}),
    # OPS-CL-01 sentence, BS-2 high differential alarm 12 inches vs PCR-100 15 in.
    frozenset({"12 inches", "15 in"}),
    # OPS-CL-01 UV table (UV-1 row, unit in header) vs PCR-100 UV-1 minimum UV dose.
    frozenset({"40 mJ/cm2", "30 mJ/cm2"}),
    # OPS-CL-01 "FCP-1 dose setpoint: 15 mg/L" vs PCR-100 FCP-1 18 ppm.
    frozenset({"15 mg/L", "18 ppm"}),
    # SOP-615 step, GEN-1 exercise 45 minutes (also its table) vs PCR-100 30 min.
    frozenset({"45 minutes", "30 min"}),
    # SOP-615 table (GEN-1 column, unit in row label) vs PCR-100 99 °C (210.2 °F).
    frozenset({"215 °F", "99 °C"}),
    # SOP-615 sentence, ATS-1 retransfer after 15 minutes vs PCR-100 300 s.
    frozenset({"15 minutes", "300 s"}),
    # SOP-615 table GEN-LS3 exercise run time vs Lift Station 3 manual step.
    frozenset({"25 min", "40 minutes"}),
    # Lift Station 3 manual level table vs PCR-100 row LS3-LIT-301 lead pump start.
    frozenset({"7.0 ft", "6.5 ft"}),
    # Lift Station 9 manual "Wet well high level alarm (LS9-LIT-901): 8.5 ft" vs PCR-100 2.8 m (9.2 ft).
    frozenset({"8.5 ft", "2.8 m"}),
    # SOP-410 Rev 4 sentence vs OPS-CL-01 sentence, AB-103 bearing temperature high alarm.
    frozenset({"185 °F", "90 °C"}),
]

NEAR_MISSES: list[str] = [
    "RAS-P2 flow: SOP-530 sets 1,000 gpm, PCR-100 lists 1.44 MGD - the same flow in two units.",
    "BS-1 rake start differential: OPS-CL-01 says 6 in, PCR-100 says 0.5 ft - the same value in two units.",
    "GEN-1 jacket water heater setpoint: SOP-615 says 40 °C, PCR-100 says 104 °F - the same temperature.",
    "GEN-1 cooldown: SOP-615 says 180 seconds, PCR-100 says 3 min - the same time.",
    "GBT-1 polymer dose: OPS-CL-01 says 12 mg/L, PCR-100 says 12 ppm - equal in water.",
    "Discharge pressure high alarm: PCR-100 gives AB-101 9.0 psi and AB-102 9.5 psi - Blower 1 vs Blower 2 "
    "(SOP-410 Rev 4's 9.5 psi for AB-101 matching AB-102's row is not a conflict either).",
    "SOP-410 blower table: AB-101/AB-102 (lead/lag) rated 3200 scfm, AB-103 (standby) 2400 scfm - different tags.",
    "AB-101 inlet air temperature high alarm 120 °F (SOP-410 Rev 4) vs discharge air temperature high alarm "
    "240 °F (PCR-100) - inlet vs outlet.",
    "Lag blower start DO 1.2 mg/L and stop DO 2.4 mg/L (SOP-410) vs DO setpoint 1.8 mg/L (PCR-100) - "
    "start/stop thresholds, not the setpoint.",
    "Clarifier 2 sludge blanket high alarm 0.8 m (SOP-530) vs SC-1 (Clarifier 1) 3.0 ft (PCR-100) - "
    "Clarifier 1 vs 2.",
    "LIT-201 low level alarm 1.0 ft (OPS-CL-01) vs LIT-201 high level alarm 1.5 m (PCR-100) - high vs low.",
    "GEN-1 high coolant temperature alarm 205 °F (SOP-615) vs high coolant temperature shutdown 99 °C "
    "(PCR-100) - alarm vs shutdown.",
    "GEN-LS3 column of SOP-615 (shutdown 220 °F, exercise 25 min) vs GEN-1 values (99 °C in PCR-100, "
    "45 minutes) - two generators.",
    "GC-1 channel velocity 0.8 to 1.2 ft/s (OPS-CL-01) vs velocity target 1.0 ft/s (PCR-100) - value "
    "inside the range.",
    "SOP-530 sludge blanket kept between 1 and 2 ft with 1.5 ft typical - a range and a value inside it.",
    "Raise the DO setpoint by 0.3 mg/L (SOP-410 Rev 4) and increase RAS-P1 by 50 gpm (SOP-530) - "
    "changes by an amount, not setpoints.",
    "PIT-410 air header pressure must not exceed 10 psi (SOP-410 Rev 4) vs normal operating pressure "
    "7.8 psi (PCR-100) - a bound, not a value.",
    "Lift Station 3 vs Lift Station 9 manuals: pump rated capacity 450 vs 600 gpm, wet well high level "
    "alarm 10.0 vs 8.5 ft, lead pump start 7.0 vs 5.0 ft - two different stations.",
    "Lift Station 3 manual high level alarm 10.0 ft vs PCR-100 LS9-LIT-901 2.8 m; Lift Station 9 lead "
    "pump start 5.0 ft vs PCR-100 LS3-LIT-301 6.5 ft - different stations.",
    "SOP-410 Rev 3 DO setpoint 2.0 mg/L vs SOP-410 Rev 4 1.8 mg/L - two revisions of one document.",
    "SOP-410 Rev 3 (superseded) DO setpoint 2.0 mg/L vs PCR-100 AIT-410 1.8 mg/L - Rev 3 is not current.",
    "SOP-615 states GEN-1 exercise 45 minutes in a step and again in its table - repeated in one document.",
    "Revision-history lines: SOP-530 'changed from 900 gpm to 700 gpm' and SOP-410 Rev 4 'from 2.0 mg/L "
    "to 1.8 mg/L' - old values in history, not current statements.",
    "RAS-P1 rated capacity 1,400 gpm (SOP-530) vs RAS-P1 flow setpoint 1.2 MGD (PCR-100) - design "
    "capacity vs operating setpoint.",
    "GEN-1 500 kW rating vs 375 kW annual load bank test load (SOP-615) - rating vs test load.",
    "BS-1 rake start differential 6 in vs BS-2 high differential alarm 12 inches (OPS-CL-01) - "
    "different screens and quantities.",
    "LS3-LIT-301 lead pump stop 2.5 ft in both the Lift Station 3 manual and PCR-100 - agreement.",
]


SOP_410_REV3 = """\
# Aeration Blower Operation

**SOP-410 Rev 3, effective 2024-03-15**
Millbrook Creek WRF - Secondary Treatment. Owner: Process Supervisor.

## 1. Purpose
This procedure covers routine operation of the three multistage centrifugal blowers
(AB-101, AB-102, AB-103) that supply air to Aeration Basins 1 and 2.

## 2. Normal setpoints
- Dissolved oxygen setpoint: 2.0 mg/L
- DO control analyzer: AIT-410
- Lead blower selection: rotate weekly on Monday day shift

## 3. Blower line-up
| Blower | Duty | Rated flow (scfm) | Motor (hp) |
|---|---|---|---|
| AB-101 | Lead | 3200 | 150 |
| AB-102 | Lag | 3200 | 150 |
| AB-103 | Standby | 2400 | 125 |

## 4. Starting a blower
1. Confirm the inlet filter is clean and the inlet guide vanes are at minimum.
2. Open the discharge isolation valve fully.
3. Start the blower from the MCC local panel and listen for surge.
4. Return control to the SCADA DO loop.

## 5. Lag blower control
The lag blower starts when DO stays below 1.2 mg/L for 5 minutes and stops when DO
stays above 2.4 mg/L for 10 minutes.

## Revision history
- Rev 3 (2024-03-15): blower rotation changed to weekly.
- Rev 2 (2022-08-01): AB-103 added as standby.
"""

SOP_410_REV4 = [
    ("Title", "Aeration Blower Operation"),
    ("", "SOP-410 Rev 4, effective 2025-02-01"),
    ("", "Millbrook Creek WRF - Secondary Treatment. Owner: Process Supervisor. Supersedes Rev 3."),
    ("Heading 1", "1. Purpose"),
    ("", "This procedure covers routine operation of the three multistage centrifugal blowers "
         "(AB-101, AB-102, AB-103) that supply air to Aeration Basins 1 and 2."),
    ("Heading 1", "2. Normal setpoints"),
    ("", "Dissolved oxygen setpoint: 1.8 mg/L"),
    ("", "DO control analyzer: AIT-410"),
    ("", "AB-101 inlet air temperature high alarm: 120 °F"),
    ("", "Blower AB-101 discharge pressure high alarm is set at 9.5 psi; confirm the setting in "
         "SCADA after any PLC download."),
    ("", "Air header pressure (PIT-410) must not exceed 10 psi with any combination of blowers running."),
    ("Heading 1", "3. Blower line-up"),
    ("row", "Blower|Duty|Rated flow (scfm)|Motor (hp)"),
    ("row", "AB-101|Lead|3200|150"),
    ("row", "AB-102|Lag|3200|150"),
    ("row", "AB-103|Standby|2400|125"),
    ("Heading 1", "4. Starting a blower"),
    ("", "1. Confirm the inlet filter is clean and the inlet guide vanes are at minimum."),
    ("", "2. Open the discharge isolation valve fully."),
    ("", "3. Start the blower from the MCC local panel and listen for surge."),
    ("", "4. Return control to the SCADA DO loop."),
    ("Heading 1", "5. Lag blower control"),
    ("", "The lag blower starts when DO stays below 1.2 mg/L for 5 minutes and stops when DO stays "
         "above 2.4 mg/L for 10 minutes."),
    ("", "If ammonia bleed-through shows on the effluent analyzer, raise the DO setpoint by 0.3 mg/L "
         "and notify the Process Supervisor."),
    ("", "The high bearing temperature alarm on AB-103 trips at 185 °F; if it alarms, start AB-102 "
         "and shut AB-103 down."),
    ("Heading 1", "Revision history"),
    ("", "Rev 4 (2025-02-01): DO setpoint lowered from 2.0 mg/L to 1.8 mg/L; AB-101 discharge alarm, "
         "header pressure limit and AB-103 bearing alarm response added."),
    ("", "Rev 3 (2024-03-15): blower rotation changed to weekly."),
]

PCR_100 = """\
# Process Control Setpoint Register

PCR-100 Rev 7, effective 2025-06-15
Millbrook Creek Water Reclamation Facility - maintained by Instrumentation & Controls.
Values are the setpoints configured in SCADA and the PLCs on the date above.

| Tag | Service | Parameter | Setpoint | Units |
|---|---|---|---|---|
| AB-101 | Aeration Blower 1 | Discharge pressure high alarm | 9.0 | psi |
| AB-101 | Aeration Blower 1 | Discharge air temperature high alarm | 240 | °F |
| AB-102 | Aeration Blower 2 | Discharge pressure high alarm | 9.5 | psi |
| AIT-410 | Aeration basins dissolved oxygen | DO setpoint | 1.8 | mg/L |
| PIT-410 | Aeration air header | Normal operating pressure | 7.8 | psi |
| RAS-P1 | Clarifier 1 return activated sludge pump | Flow setpoint | 1.2 | MGD |
| RAS-P2 | Clarifier 2 return activated sludge pump | Flow setpoint | 1.44 | MGD |
| SC-1 | Secondary Clarifier 1 | Sludge blanket high alarm | 3.0 | ft |
| WAS-P1 | Waste activated sludge pump | Run time per cycle | 0.5 | h |
| LIT-201 | Influent channel level | High level alarm | 1.5 | m |
| BS-1 | Mechanical bar screen 1 | Rake start differential | 0.5 | ft |
| BS-2 | Mechanical bar screen 2 | High differential alarm | 15 | in |
| GC-1 | Grit chamber | Channel velocity target | 1.0 | ft/s |
| FCP-1 | Ferric chloride metering pump | Dose setpoint | 18 | ppm |
| GBT-1 | Gravity belt thickener 1 | Polymer dose | 12 | ppm |
| UV-1 | UV disinfection channel 1 | Minimum UV dose | 30 | mJ/cm2 |
| GEN-1 | Plant standby generator | Exercise run time | 30 | min |
| GEN-1 | Plant standby generator | High coolant temperature shutdown | 99 | °C |
| GEN-1 | Plant standby generator | Jacket water heater setpoint | 104 | °F |
| GEN-1 | Plant standby generator | Cooldown run | 3 | min |
| ATS-1 | Main automatic transfer switch | Retransfer delay | 300 | s |
| LS3-LIT-301 | Lift Station 3 wet well level | Lead pump start | 6.5 | ft |
| LS3-LIT-301 | Lift Station 3 wet well level | Lead pump stop | 2.5 | ft |
| LS9-LIT-901 | Lift Station 9 wet well level | High level alarm | 2.8 | m |

Changes to any row need a Management of Change form signed by the Operations Manager.

Rev 7 (2025-06-15): LS9-LIT-901 rows re-entered after the transmitter was replaced.
"""

SOP_530 = """\
MILLBROOK CREEK WATER RECLAMATION FACILITY
STANDARD OPERATING PROCEDURE

SOP-530 Rev 2, effective 2024-11-04
SECONDARY CLARIFIER OPERATION AND SLUDGE WASTING

1. SCOPE
Secondary Clarifiers 1 and 2 (SC-1, SC-2), return activated sludge pumps
RAS-P1 and RAS-P2, and waste activated sludge pump WAS-P1.

2. EQUIPMENT
RAS-P1 rated capacity: 1,400 gpm
RAS-P2 rated capacity: 1,400 gpm
WAS-P1 rated capacity: 250 gpm

3. ALARM SETTINGS
Clarifier 1 sludge blanket high alarm: 1.1 m
Clarifier 2 sludge blanket high alarm: 0.8 m

4. ROUTINE OPERATION
4.1 Measure the sludge blanket in both clarifiers with the core sampler at
    0800 and 1400. Keep the blanket between 1 and 2 ft deep; about 1.5 ft
    is typical in summer.
4.2 Set the Clarifier 1 RAS pump, RAS-P1, to 700 gpm.
4.3 Set RAS-P2 (Clarifier 2) to 1,000 gpm.
4.4 If the Clarifier 1 blanket rises above 2 ft for two readings in a row,
    increase RAS-P1 by 50 gpm and recheck after one hour.
4.5 WAS-P1 run time per cycle: 20 minutes
    WAS-P1 cycle interval: every 2 hours
4.6 Record pump run hours and the blanket readings on the daily log sheet.

5. CAUTIONS
- Do not run a RAS pump against a closed discharge valve.
- Check the scum trough and skimmer arm on every round.
- Report any rising sludge or floating clumps to the shift lead.

REVISION HISTORY
Rev 2 (2024-11-04): Clarifier 1 RAS setpoint changed from 900 gpm to 700 gpm.
Rev 1 (2021-05-17): Initial issue.
"""

OPS_CL_01 = [
    ("Title", "Daily Operator Rounds - Headworks, UV Disinfection and Solids"),
    ("", "OPS-CL-01 Rev 6, effective 2025-03-10"),
    ("", "Complete these rounds at the start of each shift and initial the log sheet."),
    ("Heading 1", "Headworks"),
    ("", "1. Walk the influent channel. The influent channel high level alarm (LIT-201) is set at "
         "4.5 ft; the low level alarm is 1.0 ft."),
    ("", "2. Check both mechanical bar screens. BS-1 rakes start at a differential level of 6 in."),
    ("", "3. Bar screen BS-2 gives a high differential alarm at 12 inches; if it is in alarm, run the "
         "rake in HAND and look for rags on the bars."),
    ("", "4. Grit chamber GC-1: keep the channel velocity between 0.8 and 1.2 ft/s by adjusting the "
         "outlet weir gates."),
    ("", "Ferric chloride metering pump FCP-1 dose setpoint: 15 mg/L"),
    ("", "5. Check the ferric day tank level and the containment sump for leaks."),
    ("Heading 1", "Aeration gallery"),
    ("", "The AB-103 bearing temperature high alarm is 90 °C; feel the bearing housings of all three "
         "blowers and report any that are too hot to touch."),
    ("Heading 1", "UV disinfection"),
    ("row", "Channel|Minimum UV dose (mJ/cm2)|Design peak flow (MGD)|Lamps"),
    ("row", "UV-1|40|6.0|96"),
    ("row", "UV-2|40|6.0|96"),
    ("", "6. Confirm the wiper cycle ran and no lamp-failure alarms are active."),
    ("", "7. Log UV transmittance from the online analyzer."),
    ("Heading 1", "Solids"),
    ("", "GBT-1 polymer dose: 12 mg/L"),
    ("", "Thickened sludge target: 5 to 6 % solids"),
    ("", "8. Check the GBT-1 belt tracking and wash water spray bars."),
    ("", "9. Grab a thickened sludge sample for the lab at 1000."),
]

SOP_615 = [
    ("Title", "Standby Generator Operation and Testing"),
    ("", "SOP-615 Rev 5, effective 2025-04-01"),
    ("", "Applies to the plant standby generator GEN-1 (500 kW diesel) and the Lift Station 3 "
         "generator GEN-LS3 (150 kW diesel)."),
    ("Heading 1", "1. Weekly exercise"),
    ("", "1. Notify the control room before starting any test."),
    ("", "2. Exercise GEN-1 weekly under building load for 45 minutes using the ATS-1 test switch."),
    ("", "3. Record oil pressure, coolant temperature, battery voltage and kW at the start and end "
         "of the run."),
    ("", "4. After the test, let the engine run unloaded for its cooldown period."),
    ("", "GEN-1 cooldown period: 180 seconds"),
    ("", "GEN-1 jacket water heater setpoint: 40 °C"),
    ("Heading 1", "2. Transfer switch"),
    ("", "On loss of utility power ATS-1 transfers the plant to GEN-1. ATS-1 retransfers to utility "
         "power after the utility has been stable for 15 minutes."),
    ("Heading 1", "3. Engine protection settings"),
    ("row", "Setting|GEN-1|GEN-LS3"),
    ("row", "High coolant temperature alarm (°F)|205|210"),
    ("row", "High coolant temperature shutdown (°F)|215|220"),
    ("row", "Low oil pressure shutdown (psi)|25|20"),
    ("row", "Exercise run time (min)|45|25"),
    ("Heading 1", "4. Annual load bank test"),
    ("", "GEN-1 is load bank tested once a year at 375 kW, 75 % of its 500 kW rating, for 2 hours."),
    ("Heading 1", "Revision history"),
    ("", "Rev 5 (2025-04-01): GEN-LS3 added to scope."),
]

LS_M_03 = """\
# Lift Station 3 - Operations Manual

LS-M-03 Rev 2, effective 2024-06-20
Location: Orchard Road at the Millbrook Creek crossing. Two submersible pumps, duplex alternating.

## Station data
- Pump rated capacity: 450 gpm each at 62 ft TDH
- Wet well high level alarm: 10.0 ft
- Force main: 8 in ductile iron, 2,300 ft long
- Standby power: GEN-LS3, 150 kW diesel, with automatic transfer switch ATS-LS3

## Level controls
| Tag | Function | Level (ft) |
|---|---|---|
| LS3-LIT-301 | Lead pump start | 7.0 |
| LS3-LIT-301 | Lag pump start | 8.0 |
| LS3-LIT-301 | Lead pump stop | 2.5 |
| LS3-LSL-302 | Low level float (pump cutout) | 1.75 |

Levels are measured above the wet well floor.

## Weekly checks
1. Log pump run hours and starts for LS3-P1 and LS3-P2.
2. Exercise GEN-LS3 for 40 minutes under station load and confirm ATS-LS3 retransfers.
3. Hose down the wet well walls and check the floats for grease.
4. If starts exceed 10 per hour on either pump, check the lead pump stop level and the check valves.

## Alarms
The wet well high level alarm dials out to the on-call operator. Respond within one hour.
"""

LS_M_09 = """\
LIFT STATION 9 - OPERATIONS MANUAL
LS-M-09 Rev 1, effective 2025-01-10
Millbrook Creek WRF Collection System

Location: Harlan Industrial Park, east end of Depot Street.
Two dry-pit pumps, LS9-P1 and LS9-P2, lead/lag with weekly alternation.

STATION DATA
Pump rated capacity: 600 gpm each at 48 ft TDH
Force main: 10 in PVC, 1,150 ft long
Standby power: portable generator connection only (no permanent generator)

LEVEL CONTROLS (levels above wet well floor)
Lead pump start (LS9-LIT-901): 5.0 ft
Lag pump start: 6.0 ft
Lead pump stop: 2.0 ft
Wet well high level alarm (LS9-LIT-901): 8.5 ft

WEEKLY CHECKS
1. Confirm both pumps are in AUTO and the lead pump alternated.
2. Check seal water pressure; it should read between 15 and 25 psi.
3. Inspect the dry pit sump pump and the wet well bubbler line.
4. If utility power is lost for more than 2 hours, connect portable
   generator PG-4 at the exterior receptacle and start it per the
   rental unit instructions.

ALARMS
High level and pump fail alarms dial out to the on-call operator.
"""


def write_all(folder: Path) -> Path:
    """Write the eight documents into folder and return it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    texts = {
        "sop-410-aeration-blowers-rev3.md": SOP_410_REV3,
        "pcr-100-setpoint-register.md": PCR_100,
        "sop-530-secondary-clarifiers.txt": SOP_530,
        "ls-m-03-lift-station-3.md": LS_M_03,
        "ls-m-09-lift-station-9.txt": LS_M_09,
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    make_docx(folder / "sop-410-aeration-blowers-rev4.docx", SOP_410_REV4)
    make_docx(folder / "ops-cl-01-daily-rounds.docx", OPS_CL_01)
    make_docx(folder / "sop-615-standby-generators.docx", SOP_615)
    return folder
