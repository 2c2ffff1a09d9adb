"""A held-out set for measuring the conflict finder: seven made-up documents of the Riverbend Water
Reclamation Facility and two of its collection-system pump stations, with known real disagreements
(PLANTED) and near misses that a careful engineer would not call a conflict (NEAR_MISSES).

It was written from the finder's description only, without reading the finder's rules or the
other conflict test set, so that it measures the finder rather than echoing it.

Current documents: SOP-310 Rev B, OM-220 (DOCX), Pump Station 4 and Pump Station 7 O&M manuals,
the instrument setpoint register ISR-100 and SOP-415. SOP-310 Rev A is superseded by Rev B, so
nothing in Rev A conflicts with anything.

Each PLANTED pair holds the two values exactly as written in the documents. Where a value comes from
a table with a "Unit" column or a unit in the column header, the written string is the bare number
(e.g. "28.5", unit ft in the next column; "8.25", header "Setpoint (ft)"); each such number appears
once in the whole set.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # Primary digester temperature setpoint: SOP-310 Rev B sentence vs OM-220 table (95 degF).
    frozenset({"98 degF", "35 degC"}),
    # Raw sludge feed pump flow (P-215): SOP-310 Rev B "shall be" vs OM-220 table (6.6 L/s = 105 gpm).
    frozenset({"90 gpm", "6.6 L/s"}),
    # Digester mixer run time per cycle: two sentences, SOP-310 Rev B vs OM-220.
    frozenset({"60 minutes", "1.5 hours"}),
    # LIT-204 high level alarm: ISR-100 table with Unit column (ft) vs OM-220 sentence (8.2 m = 26.9 ft).
    frozenset({"28.5", "8.2 m"}),
    # TIT-204 digester temperature high alarm: ISR-100 table (degF) vs OM-220 table (41 degC = 105.8 degF).
    frozenset({"101", "41 degC"}),
    # P-221 low flow alarm: two sentences, SOP-310 Rev B vs OM-220 (9.5 L/s = 150.6 gpm).
    frozenset({"120 gpm", "9.5 L/s"}),
    # Pump Station 4 wet well high level alarm (LIT-404): PS4 manual "name: value" vs ISR-100 table.
    frozenset({"9.5 ft", "10.75 ft"}),
    # Pump Station 4 lead pump start (LIT-404): PS4 manual vs ISR-100 table.
    frozenset({"6.0 ft", "6.5 ft"}),
    # Pump Station 4 high-high float LSH-405: PS4 manual vs ISR-100 table (3.1 m = 10.2 ft).
    frozenset({"11.0 ft", "3.1 m"}),
    # P-401 high discharge pressure trip: PS4 manual "trips at" vs ISR-100 (4.1 bar = 59.5 psi).
    frozenset({"65 psi", "4.1 bar"}),
    # Pump Station 7 wet well high level alarm LIT-704: PS7 table "(ft)" header vs ISR-100 (2.3 m = 7.5 ft).
    frozenset({"8.25", "2.3 m"}),
    # Pump Station 7 suction pressure low trip PIT-702: PS7 table "(psi)" header vs ISR-100 (35 kPa = 5.1 psi).
    frozenset({"2.8", "35 kPa"}),
    # AIT-501 free chlorine high alarm: SOP-415 "alarms high at" (mg/L) vs ISR-100 (ppm).
    frozenset({"4.0 mg/L", "3.0 ppm"}),
    # AIT-501 alarm delay: SOP-415 "shall be" vs ISR-100 table.
    frozenset({"5 minutes", "120 seconds"}),
]

NEAR_MISSES: list[str] = [
    "Same value, two units: recirculation pump flow 250 gpm (SOP-310 Rev B) vs 15.8 L/s (OM-220 table).",
    "Same value, two units: LIT-204 low level alarm 12.0 ft (ISR-100, Unit column) vs 3.66 m (OM-220).",
    "Same value, two units: TIT-510 hypochlorite room temperature setpoint 20 degC (SOP-415) vs 68 degF (ISR-100).",
    "Same value, two units: PIT-701 discharge pressure high alarm 50 psi (PS7 '(psi)' header) vs 3.45 bar (ISR-100).",
    "Same value, two units: PS7 lead pump start 4.5 ft (PS7 '(ft)' header) vs 1.37 m (ISR-100).",
    "mg/L vs ppm: AIT-501 summer residual setpoint 1.5 mg/L (SOP-415) vs 1.5 ppm (ISR-100).",
    "Two revisions of one SOP: recirculation pump flow 220 gpm (SOP-310 Rev A) vs 250 gpm (Rev B).",
    "Two revisions of one SOP: digester temperature limit 100 degF (SOP-310 Rev A) vs 102 degF (Rev B).",
    "Superseded revision vs a current document: 220 gpm recirculation flow (SOP-310 Rev A) vs 15.8 L/s (OM-220).",
    "Revision history 'raised from 220 gpm to 250 gpm' (SOP-310 Rev B) vs 15.8 L/s (OM-220): an old value, not a current one.",
    "Two different tags: P-501 discharge pressure high alarm 8.0 bar (ISR-100) vs P-502 at 7 bar (SOP-415).",
    "Two different tags: P-221 low flow alarm 120 gpm (SOP-310 Rev B) vs FIT-222 / P-222 low flow alarm 140 gpm (ISR-100).",
    "High vs low alarm: AIT-501 high alarm 4.0 mg/L (SOP-415) vs AIT-501 low alarm 0.5 ppm (ISR-100).",
    "Start vs stop: PS4 lead pump start 6.0 ft (PS4 manual) vs lead pump stop 2.5 ft (ISR-100).",
    "Lead vs lag: PS4 lead pump start 6.0 ft (PS4 manual) vs lag pump start 7.5 ft (ISR-100).",
    "Inlet vs outlet: HX-220 hot water inlet 150 degF (SOP-310 Rev B) vs hot water outlet 130 degF (OM-220).",
    "Summer vs winter: AIT-501 winter setpoint 1.0 mg/L (SOP-415) vs summer setpoint 1.5 ppm (ISR-100).",
    "Range vs value inside it: HX-220 hot water inlet 140 to 160 degF (OM-220) vs 150 degF (SOP-310 Rev B).",
    "Range vs value inside it: digester pH 6.8 to 7.2 (OM-220) vs target pH 7.0 (SOP-310 Rev B).",
    "Change by an amount: 'raise the AIT-501 setpoint by 0.3 mg/L' (SOP-415) vs setpoint 1.5 ppm (ISR-100).",
    "Change by an amount: 'lower the lead pump start by 1.0 ft' (PS4 manual) vs lead pump start 6.5 ft (ISR-100).",
    "Bound vs setpoint: digester temperature 'must not exceed 102 degF' (SOP-310 Rev B) vs setpoint 35 degC (OM-220).",
    "Bound vs alarm: digester temperature 'must not exceed 102 degF' (SOP-310 Rev B) vs TIT-204 high alarm 101 degF (ISR-100).",
    "Bound vs float setpoint: PS4 wet well level 'must not exceed 12 ft' (PS4 manual) vs LSH-405 3.1 m (ISR-100).",
    "Bound vs setpoint: hypochlorite room 'must not exceed 30 degC' (SOP-415) vs TIT-510 setpoint 68 degF (ISR-100).",
    "Two stations' manuals: wet well high level alarm 9.5 ft (Pump Station 4) vs 8.25 ft (Pump Station 7).",
    "Two stations' manuals: lead pump start 6.0 ft / stop 2.5 ft (Pump Station 4) vs 4.5 ft / 1.75 ft (Pump Station 7).",
    "Other station's register row: PS7 high level alarm 2.3 m (ISR-100) vs PS4 high level alarm 9.5 ft (PS4 manual).",
    "Value repeated in one document: LIT-204 low level alarm 3.66 m in the OM-220 table and again in its prose.",
    "Different quantity of the same equipment: PS4 wet well depth 14 ft vs its level setpoints.",
]


SOP_310_REV_A = """\
# Primary Digester Operation

SOP-310 Rev A, effective 2023-09-15
Riverbend Water Reclamation Facility - Solids Handling
Owner: Solids Supervisor

## 1. Purpose

This procedure covers routine operation of the primary anaerobic digester (Digester 1),
its recirculation pumps P-221 and P-222 and the sludge heat exchanger HX-220.

## 2. Heating

1. Maintain the digester temperature as listed in the digester O&M manual (OM-220).
2. Set the hot water inlet temperature to the heat exchanger at 150 degF.
3. Digester temperature must not exceed 100 degF. If it does, close the boiler mixing valve
   TV-225 and notify the Solids Supervisor.

## 3. Recirculation

1. Run one recirculation pump at all times; alternate P-221 and P-222 weekly.
2. The recirculation pump flow shall be 220 gpm.
3. Check the seal water flow on both pumps on every round.

## 4. Monitoring

- Target pH: 7.0
- Sample for volatile acids and alkalinity twice a week.
- Record temperature, level and gas production on form SH-3 each shift.
"""

SOP_310_REV_B = """\
# Primary Digester Operation

SOP-310 Rev B, effective 2025-03-01
Riverbend Water Reclamation Facility - Solids Handling
Supersedes SOP-310 Rev A. Owner: Solids Supervisor

## 1. Purpose

This procedure covers routine operation of the primary anaerobic digester (Digester 1),
its recirculation pumps P-221 and P-222, the raw sludge feed pump P-215 and the sludge
heat exchanger HX-220.

## 2. Heating

1. The primary digester temperature setpoint is 98 degF.
2. Set the hot water inlet temperature to the heat exchanger at 150 degF.
3. Digester temperature must not exceed 102 degF. If it does, close the boiler mixing valve
   TV-225 and notify the Solids Supervisor.

## 3. Feed and recirculation

1. Raw sludge feed pump flow shall be 90 gpm while feeding. Feed in at least six batches a day.
2. Run one recirculation pump at all times; alternate P-221 and P-222 weekly.
3. The recirculation pump flow shall be 250 gpm.
4. P-221 alarms on low flow at 120 gpm. Check for a plugged suction before resetting.

## 4. Mixing

The mixer run time per cycle shall be 60 minutes. Do not run the mixer while the digester
level is below the low level alarm.

## 5. Monitoring

- Target pH: 7.0
- Sample for volatile acids and alkalinity twice a week.
- Record temperature, level and gas production on form SH-3 each shift.

## Revision history

| Rev | Effective | Change |
|-----|-----------|--------|
| A | 2023-09-15 | First issue |
| B | 2025-03-01 | Recirculation flow raised from 220 gpm to 250 gpm; temperature limit raised; mixing section added |
"""

OM_220_ITEMS: list[tuple[str, str]] = [
    ("Title", "Anaerobic Digester Complex O&M Manual"),
    ("", "OM-220 Rev 4, effective 2024-11-01"),
    ("", "Riverbend Water Reclamation Facility"),
    ("Heading 1", "1 Scope"),
    (
        "",
        "This manual covers Digester 1, recirculation pumps P-221 and P-222, raw sludge feed pump "
        "P-215, heat exchanger HX-220 and the digester mixer MX-230.",
    ),
    ("Heading 1", "2 Operating parameters"),
    ("", "Design operating values for Digester 1 are listed below."),
    ("row", "Parameter|Value"),
    ("row", "Digester temperature setpoint|35 degC"),
    ("row", "Digester temperature high alarm (TIT-204)|41 degC"),
    ("row", "Raw sludge feed pump flow (P-215)|6.6 L/s"),
    ("row", "Recirculation pump flow (P-221 or P-222)|15.8 L/s"),
    ("row", "pH operating range|6.8 to 7.2"),
    ("row", "Heat exchanger hot water inlet temperature|140 to 160 degF"),
    ("row", "Heat exchanger hot water outlet temperature|130 degF"),
    ("row", "LIT-204 low level alarm|3.66 m"),
    ("Heading 1", "3 Mixing"),
    (
        "",
        "The digester mixer MX-230 runs on a timer. The digester mixer run time is 1.5 hours per "
        "cycle, followed by a rest period so that grit can settle to the cone.",
    ),
    ("Heading 1", "4 Level and flow alarms"),
    (
        "",
        "Level is measured by LIT-204 from the floor of the digester cone. The LIT-204 high level "
        "alarm is set at 8.2 m; at this level the overflow box is close to spilling. The LIT-204 low "
        "level alarm of 3.66 m protects the mixer from running uncovered.",
    ),
    ("", "The low flow alarm for recirculation pump P-221 is set at 9.5 L/s."),
    ("Heading 1", "5 Records"),
    ("", "Keep the heat exchanger cleaning log and the mixer service record with this manual."),
]

PS4_MANUAL = """\
Pump Station 4 O&M Manual
OM-404 Rev 2, effective 2024-06-10
Riverbend collection system - Millbrook Road lift station

1. STATION DESCRIPTION
Pump Station 4 has two submersible pumps, P-401 and P-402, in a 14 ft deep wet well.
Wet well level is measured by the ultrasonic transmitter LIT-404. A backup float
switch LSH-405 starts both pumps directly if the PLC fails.

2. LEVEL CONTROL SETPOINTS (LIT-404)
Lead pump start: 6.0 ft
Lead pump stop: 2.5 ft
Lag pump start: 7.5 ft
Wet well high level alarm: 9.5 ft
High-high level float LSH-405: 11.0 ft

Levels are measured from the wet well floor. The lead and lag pumps alternate on
every cycle.

3. OPERATING LIMITS
The wet well level must not exceed 12 ft; above this the Millbrook Road sewer
surcharges into basements.
When heavy rain is forecast, the operator may lower the lead pump start by 1.0 ft
to draw the wet well down ahead of the storm. Restore the setpoint afterwards.

4. PUMP PROTECTION
P-401 trips on high discharge pressure at 65 psi. A trip needs a manual reset at
the local control panel after the discharge valve has been checked.
Each pump has a seal leak probe and motor winding thermostats.

5. ROUNDS
Visit weekly. Record run hours for both pumps, wet well level and any alarms.
"""

PS7_MANUAL = """\
# Pump Station 7 O&M Manual

OM-407 Rev 1, effective 2025-01-20
Riverbend collection system - Harbor Street pump station

## Station description

Pump Station 7 is a dry-pit station with two horizontal pumps, P-701 and P-702, drawing from a
common suction header out of the wet well. Level is measured by LIT-704. Discharge header pressure
is read by PIT-701 and suction header pressure by PIT-702.

## Level control

| Function | Tag | Setpoint (ft) |
|----------|-----|---------------|
| Lead pump start | LIT-704 | 4.5 |
| Lead pump stop | LIT-704 | 1.75 |
| Lag pump start | LIT-704 | 5.5 |
| Wet well high level alarm | LIT-704 | 8.25 |

## Pressure protection

| Function | Tag | Setpoint (psi) |
|----------|-----|----------------|
| Discharge pressure high alarm | PIT-701 | 50 |
| Suction pressure low trip | PIT-702 | 2.8 |

A suction pressure low trip stops both pumps to protect the seals from running dry. Reset it at the
local panel only after the wet well level has recovered.

## Rounds

Visit twice a week. Exercise the standby pump for at least 10 minutes if it has not run since the
last visit.
"""

SETPOINT_REGISTER = """\
# Instrument Setpoint Register

ISR-100 Rev 6, effective 2025-08-01
Riverbend Water Reclamation Facility and collection system
Maintained by: Instrumentation & Controls

Setpoints below are the values loaded in SCADA and the station PLCs. Any change needs an approved
change request.

## Digester complex

| Tag | Service | Function | Setpoint | Unit |
|-----|---------|----------|----------|------|
| LIT-204 | Primary digester level | High alarm | 28.5 | ft |
| LIT-204 | Primary digester level | Low alarm | 12.0 | ft |
| TIT-204 | Primary digester temperature | High alarm | 101 | degF |
| TIT-204 | Primary digester temperature | Low alarm | 90 | degF |
| FIT-222 | Recirculation pump P-222 flow | Low flow alarm | 140 | gpm |

## Disinfection

| Tag | Service | Function | Setpoint |
|-----|---------|----------|----------|
| AIT-501 | Contact tank outlet free chlorine | Setpoint (summer) | 1.5 ppm |
| AIT-501 | Contact tank outlet free chlorine | High alarm | 3.0 ppm |
| AIT-501 | Contact tank outlet free chlorine | Low alarm | 0.5 ppm |
| AIT-501 | Contact tank outlet free chlorine | Alarm delay | 120 seconds |
| PIT-501 | Hypochlorite metering pump P-501 | Discharge pressure high alarm | 8.0 bar |
| TIT-510 | Hypochlorite storage room | Temperature setpoint | 68 degF |

## Pump stations

| Tag | Station | Function | Setpoint |
|-----|---------|----------|----------|
| LIT-404 | Pump Station 4 | Wet well high level alarm | 10.75 ft |
| LIT-404 | Pump Station 4 | Lead pump start | 6.5 ft |
| LIT-404 | Pump Station 4 | Lead pump stop | 2.5 ft |
| LIT-404 | Pump Station 4 | Lag pump start | 7.5 ft |
| LSH-405 | Pump Station 4 | High-high level float | 3.1 m |
| PIT-401 | Pump Station 4 | P-401 discharge pressure high trip | 4.1 bar |
| LIT-704 | Pump Station 7 | Wet well high level alarm | 2.3 m |
| LIT-704 | Pump Station 7 | Lead pump start | 1.37 m |
| PIT-701 | Pump Station 7 | Discharge pressure high alarm | 3.45 bar |
| PIT-702 | Pump Station 7 | Suction pressure low trip | 35 kPa |
"""

SOP_415 = """\
SOP-415 Rev C, effective 2025-05-12
Disinfection - Chlorine Contact Tank and Hypochlorite Feed
Riverbend Water Reclamation Facility

1. PURPOSE
This procedure sets the free chlorine residual leaving the chlorine contact tank and
the operation of the hypochlorite metering pumps P-501 and P-502.

2. RESIDUAL CONTROL
2.1 The free chlorine residual setpoint for AIT-501 is 1.5 mg/L from May through
    September (summer) and 1.0 mg/L from October through April (winter).
2.2 AIT-501 alarms high at 4.0 mg/L. On a high alarm, check the analyser reagent
    before changing the pump speed.
2.3 The AIT-501 alarm delay shall be 5 minutes, so that short spikes after a
    filter backwash do not raise an alarm.
2.4 If the outfall grab sample is below the permit minimum, raise the AIT-501
    setpoint by 0.3 mg/L and take a second grab sample after one hour.

3. METERING PUMPS
3.1 Run one metering pump as duty; the other is standby.
3.2 The P-502 discharge pressure high alarm is set at 7 bar. P-502 feeds the
    longer line to the outfall booster point.
3.3 Check the pulsation dampener charge monthly.

4. STORAGE
4.1 Hypochlorite storage room temperature setpoint: 20 degC (TIT-510).
4.2 The storage room temperature must not exceed 30 degC; hypochlorite strength
    drops quickly above this.
4.3 Rotate stock so that no drum is kept longer than 45 days.
"""

TEXT_FILES: dict[str, str] = {
    "SOP-310_RevA_Primary_Digester.md": SOP_310_REV_A,
    "SOP-310_RevB_Primary_Digester.md": SOP_310_REV_B,
    "Pump_Station_4_OM_Manual.txt": PS4_MANUAL,
    "Pump_Station_7_OM_Manual.md": PS7_MANUAL,
    "ISR-100_Instrument_Setpoint_Register.md": SETPOINT_REGISTER,
    "SOP-415_Disinfection.txt": SOP_415,
}
DOCX_FILE = "OM-220_Digester_Complex_OM_Manual.docx"


def write_all(folder: Path) -> Path:
    """Write the seven documents into folder (created if missing) and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in TEXT_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    make_docx(folder / DOCX_FILE, OM_220_ITEMS)
    return folder
