"""Held-out confirmation set (2) for the ingest-time conflict finder.

A small corpus of a fictional drinking-water utility (Millbrook Water Utility: the Harlan Road
treatment plant with Filters 1-4, a clearwell and high-service pumps; a four-well field; Booster
Stations 2 and 5; the North and South elevated tanks). It plants real disagreements between
CURRENT documents (``PLANTED``, each as the pair of values exactly as written, or "number unit"
for a table cell whose unit sits in another column or in the header) and many near misses that a
careful engineer would not call a conflict (``NEAR_MISSES``), so that both recall and, above all,
precision of the finder can be measured.

This set was written without reading the finder's rules (operator_assistant/) or the other
conflict test sets (tests/support/conflict_docs.py, tests/support/conflict_docs_confirm.py).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # Clearwell low level alarm: SCH-100 table (unit column) vs SOP-320 sentence, ft vs m.
    frozenset({"6.5 ft", "2.1 m"}),
    # Clearwell low-low trip of the high-service pumps: SOP-610 Rev 3 sentence vs SOP-320 sentence.
    frozenset({"4.5 ft", "1.2 m"}),
    # AIT-420 clearwell effluent free chlorine low alarm: SCH-100 table vs SOP-320 label line.
    frozenset({"0.8 mg/L", "1.0 ppm"}),
    # Filter 3 effluent turbidity alarm: SCH-100 table vs SOP-320 table (unit in header).
    frozenset({"0.30 NTU", "0.25 NTU"}),
    # FIT-101 Filter 1 effluent high flow alarm: SCH-100 table vs SOP-320 sentence.
    frozenset({"1,750 gpm", "120 L/s"}),
    # PIT-610 discharge header low pressure alarm: SCH-100 table vs SOP-610 Rev 3.
    frozenset({"58 psi", "4.4 bar"}),
    # High-service pump restart delay after power loss: SOP-610 Rev 3 vs SCH-100 (KS-610).
    frozenset({"90 seconds", "2 min"}),
    # PSL-602 Booster Station 2 low suction cutout: SCH-100 vs OM-602 "trip at".
    frozenset({"26 psi", "140 kPa"}),
    # PIC-605 Booster Station 5 discharge pressure setpoint: SCH-100 vs OM-605 label line.
    frozenset({"77 psi", "82 psi"}),
    # LIT-720N North Tank high level alarm: SCH-100 table vs SOP-720 table.
    frozenset({"38.0 ft", "37.0 ft"}),
    # Booster Station 5 lead pump start on South Tank level: SOP-720 sentence vs OM-605 sentence.
    frozenset({"26.0 ft", "24.0 ft"}),
    # PSH-502 Well W-2 high discharge pressure trip: SCH-100 note sentence vs SOP-505 sentence.
    frozenset({"125 psi", "130 psi"}),
    # FSH-504 Well W-4 high flow alarm: SCH-100 table vs SOP-505 label line.
    frozenset({"1,200 gpm", "1.5 MGD"}),
    # TSH-613 HSP-3 motor winding temperature trip: SCH-100 table vs SOP-610 Rev 3 "trips at".
    frozenset({"300 degF", "155 °C"}),
]

NEAR_MISSES: list[str] = [
    "SOP-610 Rev 2 vs Rev 3: PIT-610 high pressure alarm 95 psi vs 92 psi (two revisions of one controlled document).",
    "SOP-610 Rev 2 (superseded) says 95 psi for the PIT-610 high alarm while SCH-100 says 92 psi: a "
    "superseded revision is not current.",
    "SOP-610 Rev 3 revision-history line 'lowered from 95 psi to 92 psi' is history, not a current value.",
    "Clearwell high level alarm: SCH-100 21.0 ft vs SOP-320 '6.4 m (21.0 ft)': same value in two units.",
    "FIT-102 Filter 2 high flow alarm: SCH-100 1,750 gpm vs SOP-320 110 L/s: same value (110.4 L/s) in two units.",
    "FSH-503 Well W-3 high flow alarm: SCH-100 950 gpm vs SOP-505 60 L/s: same value in two units.",
    "High-service anti-cycle time: SCH-100 KS-611 0.25 h vs SOP-610 Rev 3 15 minutes: same value.",
    "PSL-605 Booster Station 5 low suction cutout: SCH-100 18 psi vs OM-605 124 kPa: same value.",
    "Clearwell low level alarm (6.5 ft, SCH-100) vs clearwell low-low trip (4.5 ft, SOP-610): sibling "
    "setpoints, not one quantity.",
    "Filter 3 turbidity alarm 0.25 NTU vs Filters 1, 2 and 4 at 0.30 NTU in SOP-320: one value each for different filters.",
    "AIT-301 filter influent pre-chlorine residual 1.4 mg/L vs AIT-420 clearwell effluent low alarm: "
    "different analyzers and points.",
    "Combined filter influent turbidity alarm 5.0 NTU vs combined filter effluent (AIT-399) 0.20 NTU: inlet/outlet siblings.",
    "PSH-501 Well W-1 high discharge pressure trip 135 psi vs PSH-502 Well W-2: different wells.",
    "North Tank high level alarm (37.0/38.0 ft) vs South Tank high level alarm 34.5 ft: different tanks.",
    "Bypass relief valve 110 psi in the Booster Station 2 manual vs 120 psi in the Booster Station 5 "
    "manual: only the titles name the station.",
    "Lead/lag alternation every 24 hours (Booster Station 2 manual) vs every 168 hours (Booster Station "
    "5 manual): different stations.",
    "PIC-602 setpoint 75 psi (SCH-100) vs OM-602 control band 'between 72 and 78 psi': a range containing the value.",
    "OM-605 'raise the discharge pressure setpoint by 5 psi' during fire flow: a change by an amount, not a setpoint.",
    "OM-602 'lag pump starts 2.0 ft below the lead pump start level': an offset, not a level.",
    "Booster Station 2 lead pump start 30.0 ft (summer) vs 27.0 ft (winter): seasonal siblings, stated "
    "alike in OM-602 and SOP-720.",
    "SOP-610 day discharge pressure setpoint 80 psi vs night setpoint 74 psi: day/night siblings.",
    "Booster Station 5 lead pump start (24.0/26.0 ft) vs pump stop 31.0 ft; BS5 lag pump start 22.0 ft: "
    "start/stop and lead/lag siblings.",
    "FSH-500 well field combined high flow alarm 4.0 MGD vs 'must not exceed 4.5 MGD' permit limit: a "
    "bound, not the alarm setpoint.",
    "PAL-602S Booster Station 2 suction low alarm 30 psi vs PSL-602 low suction cutout: alarm vs trip.",
    "SOP-720 revision-history line 'raised from 25.0 ft to 26.0 ft' is history, not a current value.",
    "SOP-720 states the North Tank high alarm 37.0 ft twice (table and prose): a value repeated in one document.",
    "Booster Station 2 suction-recovery restart delay 60 seconds vs high-service pump restart delay: different equipment.",
    "HSP bearing high temperature alarm 85 °C (185 °F) vs Booster Station 2 pump bearing alarm 180 °F: different equipment.",
]


SCH_100 = [
    ("Title", "Harlan Road WTP and Distribution - SCADA Alarm and Setpoint Schedule"),
    ("", "SCH-100 Rev 5, effective 2025-09-15"),
    ("", "Owner: Operations Supervisor, Millbrook Water Utility. This schedule lists the field "
         "setpoints entered in SCADA. Values are confirmed at each annual instrument calibration."),
    ("Heading 1", "1. Treatment Plant"),
    ("row", "Tag|Service|Alarm / Setpoint|Value|Unit"),
    ("row", "LIT-310|Clearwell level|Low level alarm|6.5|ft"),
    ("row", "LIT-310|Clearwell level|High level alarm|21.0|ft"),
    ("row", "AIT-420|Clearwell effluent free chlorine|Low residual alarm|0.8|mg/L"),
    ("row", "AIT-399|Combined filter effluent turbidity|High alarm|0.20|NTU"),
    ("row", "FIT-101|Filter 1 effluent flow|High flow alarm|1,750|gpm"),
    ("row", "FIT-102|Filter 2 effluent flow|High flow alarm|1,750|gpm"),
    ("row", "PIT-610|High-service discharge header pressure|High pressure alarm|92|psi"),
    ("row", "PIT-610|High-service discharge header pressure|Low pressure alarm|58|psi"),
    ("row", "KS-610|High-service pump restart|Restart time delay after power loss|2|min"),
    ("row", "KS-611|High-service pump anti-cycle|Minimum time between starts|0.25|h"),
    ("row", "TSH-613|HSP-3 motor winding temperature|High temperature trip|300|degF"),
    ("Heading 1", "2. Filters"),
    ("row", "Filter|Turbidity Alarm (NTU)|Terminal Headloss (ft)|Run Time Limit (h)"),
    ("row", "Filter 1|0.30|8.0|96"),
    ("row", "Filter 2|0.30|8.0|96"),
    ("row", "Filter 3|0.30|8.0|96"),
    ("row", "Filter 4|0.30|8.0|96"),
    ("Heading 1", "3. Well Field"),
    ("row", "Tag|Service|Alarm / Setpoint|Value|Unit"),
    ("row", "PSH-501|Well W-1 discharge pressure|High pressure trip|135|psi"),
    ("row", "FSH-503|Well W-3 discharge flow|High flow alarm|950|gpm"),
    ("row", "FSH-504|Well W-4 discharge flow|High flow alarm|1,200|gpm"),
    ("row", "FSH-500|Well field combined flow|High flow alarm|4.0|MGD"),
    ("", "Note 1: PSH-502, the Well W-2 high discharge pressure trip, is set at 125 psi. It is a "
         "local switch at the wellhead and is not shown in the table above."),
    ("Heading 1", "4. Booster Stations and Elevated Storage"),
    ("row", "Tag|Service|Alarm / Setpoint|Value|Unit"),
    ("row", "PSL-602|Booster Station 2 suction header|Low suction pressure cutout|26|psi"),
    ("row", "PIC-602|Booster Station 2 discharge|Pressure control setpoint|75|psi"),
    ("row", "PSL-605|Booster Station 5 suction header|Low suction pressure cutout|18|psi"),
    ("row", "PIC-605|Booster Station 5 discharge|Pressure control setpoint|77|psi"),
    ("row", "LIT-720N|North Tank level|High level alarm|38.0|ft"),
    ("row", "LIT-720S|South Tank level|High level alarm|34.5|ft"),
    ("", "Note 2: Tank levels are measured from the tank floor. Booster pump start and stop "
         "levels are held in the station PLCs and are listed in SOP-720."),
]

SOP_320 = [
    ("Title", "Filtration and Clearwell Operation"),
    ("", "SOP-320 Rev 2, effective 2024-11-04"),
    ("Heading 1", "1. Purpose"),
    ("", "This procedure covers routine operation of Filters 1 through 4 and the clearwell at the "
         "Harlan Road WTP. It applies to all certified operators on shift."),
    ("Heading 1", "2. Filter Setpoints"),
    ("", "Each filter is a dual-media gravity filter. The settings below are entered at the filter "
         "control panel and checked at the start of each shift."),
    ("row", "Filter|Effluent Turbidity Alarm (NTU)|Terminal Headloss (ft)|Backwash Trigger"),
    ("row", "Filter 1|0.30|8.0|Headloss or 96 h in service"),
    ("row", "Filter 2|0.30|8.0|Headloss or 96 h in service"),
    ("row", "Filter 3|0.25|8.0|Headloss or 96 h in service"),
    ("row", "Filter 4|0.30|8.0|Headloss or 96 h in service"),
    ("", "Filter 1 effluent high flow alarm (FIT-101) is set at 120 L/s."),
    ("", "Filter 2 effluent high flow alarm (FIT-102) is set at 110 L/s."),
    ("", "Combined filter influent turbidity alarm: 5.0 NTU"),
    ("", "Combined filter effluent turbidity alarm (AIT-399): 0.20 NTU"),
    ("", "No filter shall remain in service longer than 96 hours without a backwash."),
    ("Heading 1", "3. Clearwell"),
    ("", "Clearwell level is read on LIT-310. The high level alarm is 6.4 m (21.0 ft); at this "
         "level close the filter effluent valves one at a time."),
    ("", "The low level alarm for the clearwell is set at 2.1 m. On this alarm, notify the "
         "high-service operator and reduce pumping."),
    ("", "The clearwell low-low level trip is set at 1.2 m and stops all high-service pumps."),
    ("", "AIT-420 clearwell effluent free chlorine low alarm: 1.0 ppm"),
    ("", "Pre-chlorine residual at the filter influent (AIT-301) is maintained at 1.4 mg/L."),
    ("Heading 1", "4. Backwash"),
    ("", "Start the backwash from the filter console. The high-rate wash lasts 8 minutes. "
         "Filter-to-waste shall continue for 20 minutes or until effluent turbidity is below 0.10 NTU."),
]


def _sop_610(rev: int) -> str:
    high_alarm = "95 psi" if rev == 2 else "92 psi"
    if rev == 2:
        title = "SOP-610 Rev 2, effective 2023-03-01"
        supersedes = "Supersedes: SOP-610 Rev 1"
        history = [
            "| 1 | 2021-06-14 | Initial issue. |",
            "| 2 | 2023-03-01 | Added HSP-3 variable-frequency drive. |",
        ]
    else:
        title = "SOP-610 Rev 3, effective 2025-04-01"
        supersedes = "Supersedes: SOP-610 Rev 2"
        history = [
            "| 2 | 2023-03-01 | Added HSP-3 variable-frequency drive. |",
            "| 3 | 2025-04-01 | Discharge header high pressure alarm lowered from 95 psi to 92 psi. |",
        ]
    lines = [
        "# High-Service Pump Operation",
        "",
        title,
        supersedes,
        "",
        "## 1. Scope",
        "",
        "High-service pumps HSP-1, HSP-2 and HSP-3 draw from the clearwell and discharge to the",
        "distribution header, where pressure is read on PIT-610.",
        "",
        "## 2. Pumps",
        "",
        "| Pump | Drive | Rated Flow | Rated Head | Motor |",
        "|---|---|---|---|---|",
        "| HSP-1 | Constant speed | 2,100 gpm | 210 ft | 150 hp |",
        "| HSP-2 | Constant speed | 2,100 gpm | 210 ft | 150 hp |",
        "| HSP-3 | VFD | 3,500 gpm | 205 ft | 250 hp |",
        "",
        "## 3. Pressure Settings",
        "",
        f"- Discharge header high pressure alarm (PIT-610): {high_alarm}",
        "- The PIT-610 low pressure alarm is 4.4 bar.",
        "- Day discharge pressure setpoint (0600-2200): 80 psi",
        "- Night discharge pressure setpoint (2200-0600): 74 psi",
        "",
        "## 4. Protection",
        "",
        "High-service pumps trip on clearwell low-low level at 4.5 ft.",
        "After a power failure, the high-service pump restart delay is 90 seconds, so that the",
        "pumps come back one at a time.",
        "Minimum time between starts of any one pump shall be 15 minutes.",
        "The HSP-3 motor winding protection relay (TSH-613) trips at 155 °C.",
        "HSP bearing high temperature alarm: 85 °C (185 °F)",
        "",
        "## 5. Operator Actions",
        "",
        f"1. If the PIT-610 high pressure alarm ({high_alarm}) comes in, stop the lag pump first.",
        "2. If pressure keeps rising, reduce HSP-3 speed and check the North Tank level.",
        "3. Record every trip in the shift log with the time and the SCADA alarm text.",
        "",
        "## Revision History",
        "",
        "| Rev | Date | Change |",
        "|---|---|---|",
        *history,
        "",
    ]
    return "\n".join(lines)


SOP_505 = """\
WELL FIELD OPERATION
SOP-505 Rev 1, effective 2024-06-17
Millbrook Water Utility - Harlan Road WTP raw water supply

1. GENERAL
Four vertical turbine wells (W-1 to W-4) pump to the raw water collector main,
which delivers to the aerator at the plant. The lead well is rotated weekly.

2. WELL DATA
Well   Pump Tag   Capacity    Pump Setting
W-1    WP-501     700 gpm     180 ft
W-2    WP-502     750 gpm     185 ft
W-3    WP-503     900 gpm     190 ft
W-4    WP-504     1,050 gpm   200 ft

3. PROTECTIVE SETTINGS
Well W-1 high discharge pressure trip (PSH-501) is 135 psi.
Well pump W-2 (PSH-502) trips on high discharge pressure at 130 psi.
Well W-3 high flow alarm (FSH-503) is set at 60 L/s.
Well W-4 high flow alarm (FSH-504): 1.5 MGD
Combined well field flow must not exceed 4.5 MGD under the state withdrawal permit.

4. STARTUP
a. Confirm the aerator is in service and the collector main is open.
b. Start the lead well from SCADA or the local panel.
c. Pump to waste for 5 minutes after each start, then open the plant valve.
d. Check discharge pressure and flow against Section 3 and log both.

5. SHUTDOWN
Stop the well from SCADA. If a well trips on high pressure, do not reset it
until the discharge valve position has been checked in the field.
"""

OM_602 = """\
# Booster Station 2 - Operation and Maintenance Manual

OM-602 Rev 1, effective 2024-02-20

Booster Station 2 (Ridge Road) lifts water from the lower pressure zone to the North Tank.

## Pumps

| Tag | Service | Rated Flow (gpm) | Rated Head (ft) |
|---|---|---|---|
| BP-2A | Lead/lag booster pump | 1,000 | 165 |
| BP-2B | Lead/lag booster pump | 1,000 | 165 |
| BP-2C | Standby booster pump | 1,000 | 165 |

## Controls

- PIC-602 holds station discharge pressure between 72 and 78 psi.
- Lead pump start: North Tank level 30.0 ft (summer), 27.0 ft (winter)
- The lag pump starts 2.0 ft below the lead pump start level.
- All pumps stop when the North Tank reaches 35.0 ft.
- Lead/lag alternation: every 24 hours

## Protection

The booster pumps trip at a suction pressure of 140 kPa (PSL-602). They restart
automatically once suction has recovered for 60 seconds.

Suction pressure low alarm (PAL-602S): 30 psi

The station bypass relief valve is set at 110 psi.

Pump bearing high temperature alarm: 180 °F

## Routine Checks

1. Weekly: exercise the standby pump for 15 minutes.
2. Monthly: test the relief valve and record the lift pressure.
3. Quarterly: check the PSL-602 switch against a test gauge.
"""

OM_605 = """\
BOOSTER STATION 5 - OPERATIONS MANUAL
OM-605 Rev 0, effective 2025-01-13

Booster Station 5 (Quarry Hill) fills the South Tank and serves the east
high-pressure zone. Two pumps, BP-5A and BP-5B, are each rated 800 gpm
at 150 ft TDH. A sodium hypochlorite feeder rechlorinates the discharge.

SETTINGS
  Discharge pressure setpoint (PIC-605): 82 psi
  During fire-flow events the operator may raise the discharge pressure
  setpoint by 5 psi, and must return it within 24 hours.
  The lead pump is called at a South Tank level of 24.0 ft; it stops at 31.0 ft.
  Lag pump start: 22.0 ft
  Lead/lag alternation: every 168 hours
  Free chlorine target at the station discharge (AIT-605): 1.3 mg/L

PROTECTION
  The pumps trip at a suction pressure of 124 kPa (PSL-605).
  The bypass relief valve shall be set at 120 psi.

ALARM RESPONSE
  1. Low suction trip: check the upstream zone pressure and the suction
     isolation valve before resetting.
  2. South Tank not filling: confirm the lead pump is running and the
     altitude valve is open.
  3. Low chlorine at AIT-605: check the hypochlorite day tank and pump.
"""

SOP_720 = """\
# Elevated Storage Tank Operation - North Tank and South Tank

SOP-720 Rev 2, effective 2025-07-07

## 1. Tank Data

| Tank | Level Tag | Overflow (ft) | High Alarm (ft) | Low Alarm (ft) |
|---|---|---|---|---|
| North Tank | LIT-720N | 40.0 | 37.0 | 20.0 |
| South Tank | LIT-720S | 36.0 | 34.5 | 18.0 |

Levels are measured from the tank floor.

## 2. Fill Control

The North Tank is filled by Booster Station 2. The Booster Station 2 lead pump starts
at 30.0 ft in summer and 27.0 ft in winter (November through March); all pumps stop at 35.0 ft.

The South Tank is filled by Booster Station 5. The Booster Station 5 lead pump starts when
South Tank level falls to 26.0 ft and stops at 31.0 ft.

## 3. Alarm Response

- The North Tank high level alarm at 37.0 ft warns of approaching overflow. Confirm that the
  Booster Station 2 pumps have stopped and that the altitude valve has closed.
- On a low level alarm, check the fill station and look for a main break in the zone.

## 4. Water Quality

Free chlorine residual in either tank shall not fall below 0.5 mg/L. Sample both tanks weekly.

## Revision History

- Rev 1 (2022-05-02): Initial issue.
- Rev 2 (2025-07-07): Booster Station 5 lead pump start raised from 25.0 ft to 26.0 ft.
"""


def write_all(folder: Path) -> Path:
    """Write the eight documents into folder and return it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    make_docx(folder / "sch-100-alarm-setpoint-schedule.docx", SCH_100)
    make_docx(folder / "sop-320-filtration-clearwell.docx", SOP_320)
    (folder / "sop-610-rev2-high-service-pumps.md").write_text(_sop_610(2), encoding="utf-8")
    (folder / "sop-610-rev3-high-service-pumps.md").write_text(_sop_610(3), encoding="utf-8")
    (folder / "sop-505-well-field.txt").write_text(SOP_505, encoding="utf-8")
    (folder / "om-602-booster-station-2.md").write_text(OM_602, encoding="utf-8")
    (folder / "om-605-booster-station-5.txt").write_text(OM_605, encoding="utf-8")
    (folder / "sop-720-elevated-storage-tanks.md").write_text(SOP_720, encoding="utf-8")
    return folder
