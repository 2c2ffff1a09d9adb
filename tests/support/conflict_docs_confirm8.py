"""Held-out set 8 for the conflict finder: the made-up Tarrow Supply Scheme, a regional water transmission system.

The fictional Harrowfield Regional Water Authority runs the Tarrow Supply Scheme. Raw water leaves Lake Tarrow
through the Tarrow Dam outlet works, where the hydroelectric unit HT-1 (a Kestrel Hydro KF-1000 horizontal
Francis turbine-generator with inlet butterfly valve BFV-101, bypass cone valve CV-102 and compensation valve
CV-104 to Tarrow Brook) sits ahead of the 48-inch raw water main to Millbrook Reservoir (inlet valve FCV-201).
Treated groundwater comes from the Sorrel Flats wellfield: four well pumps W-1 to W-4 filling ground storage
tank GST-300 on its level, and the Sorrel Flats feed building (sodium hypochlorite, aqua ammonia for
chloramine, fluorosilicic acid). The 24-inch treated main feeds two pressure-reducing-valve vaults: Vault A at
Ashcombe Road (main valve PRV-11, low-flow valve PRV-12, relief valve PSV-13) and Vault B at Kellow Lane
(PRV-21, PRV-22, PSV-23). Eight documents: the scheme O&M manual TS-OM-100 (Markdown), the turbine vendor's
IOM with its Tarrow site data sheet (DOCX), well pump SOP TS-SOP-140 in two revisions (Rev 2 as plain text,
superseded by Rev 3 as DOCX), the instrument and alarm setpoint register TS-INS-060 (Markdown, a unit column),
the daily operator round sheet TS-FRM-022 (plain text), the Sorrel Flats site manual TS-SM-310 (Markdown) and
the Kellow Lane PRV Vault B site manual TS-SM-420 (plain text; the site is named only in its title).

Written without reading the finder's code, without running it or any script, without reading the README's
section on conflicts and without reading the earlier sets' documents. The author had seen confirm7's
docstring and its first lines (the module contract), the scoring helper `figures` in conflict_docs.py (pairs
are matched by their numbers; the grep also showed the few lines after it, the base set's `sop_114` and
`write_all`) and `make_docx` in tests/conftest.py. Every planted pair and near miss was chosen by what a plant
engineer would call a conflict, not by what a finder might catch. All effective dates lie before 2026-06-01.
Each planted subject is stated in exactly two current documents, so each planted disagreement is one pair.

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: HT-1 rated flow 50 MGD / 2,190 L/s; rated net head 180 ft / 55 m; guide
  bearing alarm 85 °C / 185 °F and trip 95 °C / 203 °F; thrust bearing alarm 90 °C / 194 °F and trip
  100 °C / 212 °F; stator winding alarm 130 °C / 266 °F; HPU low pressure alarm 50 bar / 725 psi; Vault B
  main valve 470 kPa / 68 psi and low-flow valve 495 kPa / 72 psi; GST-300 lag well start 3.2 m / 10.5 ft
  and all-wells stop 6.4 m / 21.0 ft; W-1 and W-2 1,200 gpm / 75.7 L/s; W-3 1,500 gpm / 94.6 L/s; fluoride
  feed low-flow permissive 300 gpm / 19 L/s; treated main design pressure 150 psi / 10.3 bar; compensation
  release 3.0 MGD / 131 L/s (summer) and 4.0 MGD / 175 L/s (winter);
- the same value repeated: HT-1 1,000 kW and 600 rpm (IOM, O&M); HT-1 normal load 850 kW (O&M, round sheet);
  guide bearing alarm 85 °C and stator alarm 130 °C (IOM, round sheet); PRV-11 60 psi, PRV-21 68 psi,
  PRV-22 72 psi (register, round sheet); Vault A downstream high alarm 80 psi (register, round sheet);
  Millbrook high alarm 28.0 ft (register, round sheet); FCV-201 reopen 22.0 ft (O&M, register); well
  discharge high-pressure shutdown 125 psi; W-1/W-2/W-4 low-low stop 130/135/120 ft (register, site manual);
  W-3 1,500 gpm (O&M, site manual); withdrawal permit 6.0 MGD; fluoride target 0.7 mg/L; fluoride high-high
  1.5 mg/L; total chlorine 2.5 mg/L; free ammonia high alarm 0.15 mg/L; Vault B sump high level 15 in.;
  well discharge pressure 75 to 95 psi (both SOP revisions);
- different subjects of one kind: W-1/W-2 (1,200 gpm, 75 kW) vs W-3 (1,500 gpm, 112 kW) vs W-4 (800 gpm,
  55 kW); low-low stop levels of the four wells; PRV-11 60 vs PRV-12 vs PRV-21 68 vs PRV-22 72 psi; PSV-13
  95 psi vs PSV-23; Vault A flood alarm 8 in. vs Vault B's; Vault A high alarm 80 psi vs Vault B 85 psi;
  guide vs thrust bearing; FSA day tank low 20 % vs ammonia day tank low 25 %; Lake Tarrow vs Millbrook
  Reservoir levels; Vault B sump pump levels vs its flood switch;
- high vs high-high / alarm vs trip / low vs low-low: bearing alarm vs trip; HPU low 50 bar vs low-low
  (and 725 vs 600 psi in the register); stator winding alarm 130 °C vs trip; Millbrook high 28.0 vs
  high-high 29.5 ft, low 12.0 vs low-low 9.0 ft; fluoride high vs high-high 1.5 mg/L; total chlorine low
  2.0, low-low 1.6, high 3.5 mg/L; free ammonia high 0.15 vs high-high 0.30 mg/L; W-3 low alarm 140 ft vs
  low-low stop; Vault A downstream high 80 vs high-high 90 psi; Vault B high 85 vs high-high 95 psi;
- start vs stop, lead vs lag, inlet vs outlet, summer vs winter: GST-300 lead start vs lag start 3.2 m /
  10.5 ft vs stop 6.4 m / 21.0 ft; HPU pump start 57 bar vs stop 62 bar; Vault B sump pump start 8 in. vs
  stop 3 in.; FCV-201 close vs reopen 22.0 ft; compensation release summer vs winter; Vault A upstream
  130 psi vs downstream; Vault B main valve vs low-flow valve;
- a range and a value inside it: fluoride 0.6-0.8 mg/L vs 0.7 mg/L; total chlorine 2.0-3.0 mg/L vs
  2.5 mg/L; Millbrook normal 16 to 24 ft vs reopen 22.0 ft; HPU normal 55-62 bar vs 60 bar; HT-1 400 to
  1,000 kW vs 850 kW; PRV-11 58-62 psi vs 60 psi; Vault A upstream 115 to 145 psi vs 130 psi;
- changes and bounds: raise the FSA pump speed by 5 %; lower the low-flow valve by 20 kPa while flushing;
  one pilot screw turn about 35 kPa; compensation release not less than 2.5 MGD; oxygen at least 19.5 %,
  flammable gas below 10 % LEL; not more than 3 starts per hour; do not run HT-1 below 400 kW; free
  ammonia kept below 0.10 mg/L vs its 0.15 mg/L alarm; double the pump-to-waste time after 30 days idle;
- regulatory limit vs stricter operating figure: fluoride MCL 4.0 and secondary standard 2.0 mg/L vs
  high-high 1.5 mg/L; withdrawal permit 6.0 MGD vs operating limit 5.5 MGD; licence compensation 2.5 MGD
  vs targets 3.0/4.0 MGD; chloramine MRDL 4.0 mg/L vs total chlorine high alarm 3.5 mg/L;
- design capacity vs operating rate: raw water main 60 MGD vs 35 MGD normal; wellfield 4,700 gpm design,
  3,200 gpm firm vs 2,400 gpm normal; HT-1 1,000 kW rated vs 850 kW; FSA pumps 4.0 L/h vs about 1.3 L/h;
- the superseded SOP revision (Rev 2) that differs from Rev 3 and from current documents: restart delay
  15 min, pump-to-waste 8 min, turbidity 0.8 NTU, 4 starts per hour, minimum run 20 min;
- revision-history notes with old values: FCV-201 close level 25.5 ft and W-3 1,350 gpm (O&M); PRV-11
  64 psi and FSA day tank 15 % (register); restart delay 15 min and pump-to-waste 8 min (SOP Rev 3);
  pump-to-waste 5 min (SOP Rev 2); W-3 1,350 gpm (site manual); relief valve 105 psi (Vault B manual).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # Kestrel IOM site data sheet vs setpoint register: HT-1 overspeed trip (SE-105).
    frozenset({"690 rpm", "720"}),
    # Kestrel IOM vs setpoint register: HPU accumulator pressure low-low unit trip (PT-121), 45 bar vs 600 psi.
    frozenset({"45 bar", "600"}),
    # Kestrel IOM vs O&M manual: turbine inlet valve BFV-101 closing time on a trip.
    frozenset({"60 s", "3 min"}),
    # Kestrel IOM vs round sheet: HT-1 generator stator winding temperature trip.
    frozenset({"145 °C", "155 °C"}),
    # O&M manual vs setpoint register: Millbrook Reservoir level at which inlet valve FCV-201 closes.
    frozenset({"27.0 ft", "26.0"}),
    # Sorrel Flats site manual vs setpoint register: well pump 3 low-low water level stop (LT-331), depth to water.
    frozenset({"142 ft", "148"}),
    # O&M manual vs Sorrel Flats site manual: well W-4 pump rated capacity, 800 gpm vs 63 L/s.
    frozenset({"800 gpm", "63 L/s"}),
    # SOP TS-SOP-140 Rev 3 vs setpoint register: well pump restart (anti-backspin) delay KS-300, 10 min vs 900 s.
    frozenset({"10 min", "900"}),
    # Sorrel Flats site manual vs setpoint register: fluoride residual high alarm (AIT-350).
    frozenset({"1.0 mg/L", "1.2"}),
    # Sorrel Flats site manual vs O&M manual: chlorine-to-ammonia-nitrogen weight ratio for chloramine.
    frozenset({"4.5:1", "5:1"}),
    # Setpoint register vs round sheet: Vault A low-flow valve PRV-12 downstream setpoint.
    frozenset({"65", "70 psi"}),
    # Kellow Lane Vault B site manual ("the relief valve") vs setpoint register: PSV-23 set pressure.
    frozenset({"110 psi", "100"}),
    # Kellow Lane Vault B site manual (float switch) vs setpoint register: Vault B flood alarm LSH-215 height.
    frozenset({"6 in.", "12"}),
    # O&M manual vs round sheet: Lake Tarrow level below which HT-1 is taken off line.
    frozenset({"1,212.0 ft", "1,215.0 ft"}),
    # Sorrel Flats site manual vs setpoint register: GST-300 level at which the lead well starts, 3.8 m vs 14.0 ft.
    frozenset({"3.8 m", "14.0"}),
    # SOP TS-SOP-140 Rev 3 vs Sorrel Flats site manual: pump-to-waste time at well start-up, 5 min vs 480 s.
    frozenset({"5 min", "480 s"}),
]


OM_MANUAL = """\
# Tarrow Supply Scheme — Operation and Maintenance Manual

Document No.: TS-OM-100
Revision: 5
Effective date: 2025-03-17
Owner: Harrowfield Regional Water Authority, Transmission Operations

## 1. System overview

The Tarrow Supply Scheme has two sources. Raw water from Lake Tarrow passes the Tarrow Dam outlet works and the
hydroelectric unit HT-1 and runs in the 48-inch raw water main (11.2 miles) to Millbrook Reservoir, from which the
Millbrook treatment works draws. Groundwater from the Sorrel Flats wellfield is disinfected, chloraminated and
fluoridated in the Sorrel Flats feed building and sent through the 24-inch treated main to the Ashcombe and Kellow
pressure zones, each fed through a pressure-reducing-valve vault.

The raw water main has a design capacity of 60 MGD; normal delivery is about 35 MGD. The treated main and its
fittings are rated for a design pressure of 150 psi.

## 2. Lake Tarrow and the Tarrow Dam outlet works

- Normal pool: el. 1,248.0 ft. Spillway crest: el. 1,252.0 ft.
- Compensation release to Tarrow Brook through valve CV-104: the abstraction licence requires not less than
  2.5 MGD at all times. The Authority's operating target is 3.0 MGD from May to October and 4.0 MGD from
  November to April.
- HT-1 is taken off line when Lake Tarrow falls to el. 1,212.0 ft; below that level the whole delivery to
  Millbrook goes through the bypass cone valve CV-102.

## 3. Hydroelectric unit HT-1

HT-1 is a Kestrel Hydro KF-1000 horizontal Francis turbine driving a synchronous generator, rated 1,000 kW at
600 rpm at a rated net head of 180 ft and a rated flow of 50 MGD. It is normally loaded to 850 kW. Its operating
range is 400 to 1,000 kW; do not run it below 400 kW, where the draft tube surges (rough zone).

On a unit trip the wicket gates close, the bypass cone valve CV-102 opens to keep water moving to Millbrook, and
the turbine inlet valve BFV-101 closes in 3 min so the long raw water main sees no surge. Bearing and winding
protection settings are in the vendor's IOM and the setpoint register TS-INS-060.

## 4. Raw water main and Millbrook Reservoir

Millbrook Reservoir is normally held between 16 and 24 ft on LIT-201. The inlet control valve FCV-201 closes when
Millbrook Reservoir reaches 27.0 ft and reopens when the level has fallen back to 22.0 ft. While FCV-201 is
closed HT-1 is shut down and the outlet works release only the compensation flow to Tarrow Brook.

## 5. Sorrel Flats wellfield

| Well | Pump type | Rated capacity | Motor |
|------|-----------|----------------|-------|
| W-1 | Vertical turbine | 1,200 gpm | 75 kW |
| W-2 | Vertical turbine | 1,200 gpm | 75 kW |
| W-3 | Vertical turbine | 1,500 gpm | 112 kW |
| W-4 | Submersible | 800 gpm | 55 kW |

With all four wells running the wellfield's design capacity is 4,700 gpm; its firm capacity, with the largest
well out of service, is 3,200 gpm. Normal production is about 2,400 gpm. The groundwater withdrawal permit allows
6.0 MGD. Wells start and stop on the level of ground storage tank GST-300; see the Sorrel Flats site manual
TS-SM-310 and SOP TS-SOP-140.

## 6. Sorrel Flats feed building

Well water receives sodium hypochlorite at the well header and, after 10 minutes' contact in GST-300, aqua
ammonia to form monochloramine. Chloramine is formed at a chlorine-to-ammonia-nitrogen weight ratio of 5:1, and
fluorosilicic acid (FSA) is added last to a fluoride target of 0.7 mg/L.

## 7. Treated main and PRV vaults

Vault A at Ashcombe Road holds the 16-inch main valve PRV-11 and the 6-inch low-flow valve PRV-12 in parallel,
with relief valve PSV-13. Vault B at Kellow Lane holds PRV-21, PRV-22 and PSV-23 in the same arrangement. The
upstream pressure at Vault A is normally between 115 and 145 psi. Pilot setpoints are kept in the setpoint
register TS-INS-060; see also the Kellow Lane site manual TS-SM-420.

Both vaults are permit-required confined spaces: before entry the atmosphere must show oxygen of at least 19.5 %
and flammable gas below 10 % LEL.

## Revision history

- Rev 5 (2025-03-17): FCV-201 close level raised from 25.5 ft to 27.0 ft after the Millbrook overflow weir
  repair; W-3 re-rated from 1,350 gpm to 1,500 gpm after its 2024 pump replacement.
- Rev 4 (2022-06-06): HT-1 and the bypass cone valve added.
"""


REGISTER = """\
# Instrument and Alarm Setpoint Register — Tarrow Supply Scheme

Document No.: TS-INS-060
Revision: 7
Effective date: 2025-11-03

Setpoints as configured in the SCADA and in the field devices. Any change needs a management-of-change form and a
new revision of this register.

## Tarrow Dam outlet works and HT-1

| Tag | Description | Setpoint | Unit |
|-----|-------------|----------|------|
| LT-101 | Lake Tarrow level high alarm (elevation) | 1,251.0 | ft |
| PT-103 | HT-1 turbine inlet pressure low alarm | 52 | psi |
| SE-105 | HT-1 overspeed trip | 720 | rpm |
| TAH-111 | HT-1 guide bearing temperature high alarm | 185 | °F |
| TAHH-111 | HT-1 guide bearing temperature trip | 203 | °F |
| TAH-112 | HT-1 thrust bearing temperature high alarm | 194 | °F |
| TAHH-112 | HT-1 thrust bearing temperature trip | 212 | °F |
| TAH-115 | HT-1 generator stator winding temperature high alarm | 266 | °F |
| PAL-121 | HT-1 HPU accumulator pressure low alarm | 725 | psi |
| PALL-121 | HT-1 HPU accumulator pressure low-low, unit trip | 600 | psi |

## Millbrook Reservoir

| Tag | Description | Setpoint | Unit |
|-----|-------------|----------|------|
| LAH-201 | Reservoir level high alarm | 28.0 | ft |
| LAHH-201 | Reservoir level high-high alarm | 29.5 | ft |
| LAL-201 | Reservoir level low alarm | 12.0 | ft |
| LALL-201 | Reservoir level low-low alarm | 9.0 | ft |
| FCV-201 | Inlet valve close on reservoir level | 26.0 | ft |
| FCV-201 | Inlet valve reopen on reservoir level | 22.0 | ft |

## Sorrel Flats wellfield and feed building

| Tag | Description | Setpoint | Unit |
|-----|-------------|----------|------|
| LIT-301 | GST-300 level, lead well start | 14.0 | ft |
| LIT-301 | GST-300 level, lag well start | 10.5 | ft |
| LIT-301 | GST-300 level, all wells stop | 21.0 | ft |
| LALL-311 | W-1 water level low-low, pump stop (depth to water) | 130 | ft |
| LALL-321 | W-2 water level low-low, pump stop (depth to water) | 135 | ft |
| LAL-331 | W-3 water level low alarm (depth to water) | 140 | ft |
| LALL-331 | W-3 water level low-low, pump stop (depth to water) | 148 | ft |
| LALL-341 | W-4 water level low-low, pump stop (depth to water) | 120 | ft |
| PSHH-300 | Well discharge high pressure shutdown (all wells) | 125 | psi |
| KS-300 | Well pump restart (anti-backspin) delay | 900 | s |
| FSL-350 | Fluoride feed permissive, wellfield flow low | 19 | L/s |
| AAH-350 | Fluoride residual high alarm | 1.2 | mg/L |
| AAHH-350 | Fluoride residual high-high, FSA pumps stop | 1.5 | mg/L |
| AAL-360 | Total chlorine low alarm | 2.0 | mg/L |
| AALL-360 | Total chlorine low-low alarm | 1.6 | mg/L |
| AAH-360 | Total chlorine high alarm | 3.5 | mg/L |
| AAH-361 | Free ammonia high alarm | 0.15 | mg/L |
| AAHH-361 | Free ammonia high-high alarm | 0.30 | mg/L |
| LAL-352 | FSA day tank low level | 20 | % |
| LAL-362 | Aqua ammonia day tank low level | 25 | % |

## Ashcombe Road, Vault A

| Tag | Description | Setpoint | Unit |
|-----|-------------|----------|------|
| PRV-11 | Main valve (16-in.) downstream pressure setpoint | 60 | psi |
| PRV-12 | Low-flow valve (6-in.) downstream pressure setpoint | 65 | psi |
| PSV-13 | Pressure relief valve set pressure | 95 | psi |
| PAH-113 | Downstream pressure high alarm | 80 | psi |
| PAHH-113 | Downstream pressure high-high alarm | 90 | psi |
| PAL-113 | Downstream pressure low alarm | 50 | psi |
| LSH-115 | Vault flood alarm, height above floor | 8 | in. |

## Kellow Lane, Vault B

| Tag | Description | Setpoint | Unit |
|-----|-------------|----------|------|
| PRV-21 | Main valve (16-in.) downstream pressure setpoint | 68 | psi |
| PRV-22 | Low-flow valve (6-in.) downstream pressure setpoint | 72 | psi |
| PSV-23 | Pressure relief valve set pressure | 100 | psi |
| PAH-213 | Downstream pressure high alarm | 85 | psi |
| PAHH-213 | Downstream pressure high-high alarm | 95 | psi |
| LSH-215 | Vault flood alarm, height above floor | 12 | in. |
| LSH-216 | Sump high level alarm | 15 | in. |

## Revision history

- Rev 7 (2025-11-03): PRV-11 setpoint lowered from 64 psi to 60 psi after the Ashcombe zone pressure study.
- Rev 6 (2024-09-30): FSA day tank low level raised from 15 % to 20 %; LAL-331 added.
"""


ROUND_SHEET = """\
DAILY OPERATOR ROUND SHEET — TARROW SUPPLY SCHEME
Document No.: TS-FRM-022
Revision: 4
Effective date: 2025-06-02

Date: ____________   Operator: ____________   Time started: ______   Time finished: ______

Record each reading. Circle any reading outside the figure in brackets and tell the control room.

A. TARROW DAM OUTLET WORKS AND HT-1
  Lake Tarrow level ................ el. ________ ft   (HT-1 off line below el. 1,215.0 ft)
  Compensation release FT-104 ...... ________ L/s      (target 131 L/s May-Oct, 175 L/s Nov-Apr)
  HT-1 output ...................... ________ kW       (normally about 850 kW)
  HT-1 guide bearing temperature ... ________ °C       (alarm 85 °C)
  HT-1 stator winding temperature .. ________ °C       (alarm 130 °C, trip 155 °C)
  HPU accumulator pressure ......... ________ bar      (normal 55-62 bar)
  HPU oil level in sight glass ..... OK / LOW

B. MILLBROOK RESERVOIR
  Level LIT-201 .................... ________ ft       (normal 16-24 ft; high alarm 28.0 ft)
  FCV-201 position ................. OPEN / CLOSED

C. SORREL FLATS WELLFIELD AND FEED BUILDING
  Wells running:  W-1 [ ]   W-2 [ ]   W-3 [ ]   W-4 [ ]      Lead well this week: ______
  GST-300 level .................... ________ ft
  Fluoride, grab sample ............ ________ mg/L     (0.6-0.8 mg/L)
  Total chlorine, grab sample ...... ________ mg/L     (2.0-3.0 mg/L, target 2.5 mg/L)
  Free ammonia (as N) .............. ________ mg/L     (keep below 0.10 mg/L)
  FSA day tank ..................... ________ %
  Aqua ammonia day tank ............ ________ %
  If fluoride reads below 0.6 mg/L on two readings in a row, raise the FSA pump speed by 5 % and
  recheck after 1 h.

D. ASHCOMBE ROAD VAULT A (telemetry; visit on Tuesdays)
  Upstream pressure ................ ________ psi      (typically 130 psi)
  PRV-11 downstream ................ ________ psi      (set 60 psi, expect 58-62 psi)
  PRV-12 downstream ................ ________ psi      (set 70 psi)
  Downstream high alarm active? .... YES / NO         (alarm 80 psi)

E. KELLOW LANE VAULT B (telemetry; visit on Thursdays)
  PRV-21 downstream ................ ________ psi      (set 68 psi)
  PRV-22 downstream ................ ________ psi      (set 72 psi)
  Sump pump run since last round ... YES / NO

Remarks: __________________________________________________________________________

Revision notes: Rev 4 (2025-06-02) added the compensation release targets and the free ammonia line.
"""


SORREL_FLATS = """\
# Sorrel Flats Wellfield and Feed Building — Site Manual

Document No.: TS-SM-310
Revision: 2
Effective date: 2024-10-14

## 1. The site

Four wells in the Sorrel Flats sand and gravel aquifer pump to the 0.5 MG ground storage tank GST-300. The feed
building next to the tank doses sodium hypochlorite, aqua ammonia and fluorosilicic acid (FSA), and the high-lift
connection sends the water into the 24-inch treated main. The groundwater withdrawal permit allows 6.0 MGD; the
Authority's own operating limit for the site is 5.5 MGD.

## 2. Wells

- Well 1: vertical turbine pump, 75.7 L/s, 75 kW motor. Low-low stop at 130 ft depth to water.
- Well 2: vertical turbine pump, 75.7 L/s, 75 kW motor. Low-low stop at 135 ft depth to water.
- Well 3: vertical turbine pump, 1,500 gpm (94.6 L/s), 112 kW motor.
- Well 4: submersible pump, 63 L/s, 55 kW motor. Low-low stop at 120 ft depth to water.

Well pump 3 stops when the depth to water in the well reaches 142 ft; the pump is set deeper than the others
but its bowls need more submergence.

All well pumps shut down if their discharge pressure exceeds 125 psi (closed valve on the tank inlet).

## 3. Well control from GST-300

The lead well starts when GST-300 falls to 3.8 m, the lag well at 3.2 m, and all wells stop at 6.4 m. The lead
well changes every Monday (see SOP TS-SOP-140).

Each start goes to waste first: the pump-to-waste timer runs 480 s before the valve to GST-300 opens.

## 4. Feed building

- Sodium hypochlorite is dosed at the well header for a total chlorine of 2.5 mg/L leaving the site.
- Aqua ammonia is dosed at the GST-300 outlet. Hold the chlorine-to-ammonia-nitrogen weight ratio at 4.5:1;
  free ammonia high alarm: 0.15 mg/L.
- FSA is dosed last, paced on wellfield flow, to a fluoride target of 0.7 mg/L (the groundwater carries about
  0.2 mg/L naturally). Fluoride and ammonia feed are interlocked off when wellfield flow is below 300 gpm.
- Fluoride high alarm: 1.0 mg/L. At the high-high of 1.5 mg/L the FSA pumps stop.
- The fluoride MCL is 4.0 mg/L and the secondary standard 2.0 mg/L; the chloramine MRDL is 4.0 mg/L as Cl2.
- The two FSA metering pumps are rated 4.0 L/h each; normal feed is about 1.3 L/h.

## Revision history

- Rev 2 (2024-10-14): Well 3 re-rated from 1,350 gpm to 1,500 gpm after the 2024 pump replacement.
- Rev 1 (2021-03-01): first issue.
"""


KELLOW_LANE = """\
KELLOW LANE PRV VAULT B — SITE MANUAL
Document No.: TS-SM-420
Revision: 1
Effective date: 2024-04-29

1. DESCRIPTION

The vault sits on the 24-inch treated main where it enters the Kellow pressure zone. It holds a 16-inch main
valve and a 6-inch low-flow valve in parallel, each with its own pilot, a pressure relief valve, a sump with a
submersible sump pump, and a float switch for flooding. The main and all vault piping are rated for a design
pressure of 10.3 bar.

2. SETPOINTS

Main valve (16-in.) downstream setpoint: 470 kPa
Low-flow valve (6-in.) downstream setpoint: 495 kPa

The low-flow valve is set higher than the main valve so that it carries the night flow alone and the main valve
opens only when demand pulls the zone down.

The relief valve opens at 110 psi and discharges to the sump.

3. ADJUSTING A PILOT

  1. Read the downstream gauge and note the reading in the vault log.
  2. Loosen the lock nut on the pilot adjusting screw.
  3. Turn the screw clockwise to raise the setpoint; one full turn moves it about 35 kPa.
  4. Let the zone settle, read the gauge again and tighten the lock nut.
  5. During unidirectional flushing in the Kellow zone, lower the low-flow valve setpoint by 20 kPa and
     restore it when flushing ends.

4. SUMP AND FLOOD PROTECTION

The sump pump starts at 8 in. and stops at 3 in. above the sump floor; the sump high level alarm is at 15 in.
A float switch 6 in. above the vault floor raises the flood alarm to SCADA.

5. ENTRY

Permit-required confined space. Ventilate the vault, then test: oxygen at least 19.5 %, flammable gas
below 10 % LEL, hydrogen sulfide below 10 ppm. An attendant stays at the hatch.

6. REVISION HISTORY

Rev 1 (2024-04-29): relief valve reset after recertification (Rev 0 listed 105 psi); setpoints restated in kPa.
Rev 0 (2019-07-15): first issue.
"""


SOP_140_REV2 = """\
SORREL FLATS WELL PUMP START-UP, CHANGEOVER AND SHUTDOWN
Document No.: TS-SOP-140
Revision: 2
Effective date: 2023-05-08

1. PURPOSE
How operators start, rotate and stop the four well pumps at Sorrel Flats (W-1 to W-4).

2. BEFORE STARTING A WELL
2.1 Confirm on the HMI that GST-300 is below the all-wells stop level and the feed building is in AUTO.
2.2 Do not restart a well pump until 15 min after it stopped; the column must drain and the pump must stop
    turning backward (backspin).
2.3 No more than 4 starts per hour on any well.

3. START-UP
3.1 Open the pump-to-waste valve and close the valve to GST-300.
3.2 Start the pump in HAND at the MCC.
3.3 Pump to waste for 8 min and until turbidity is below 0.8 NTU.
3.4 Open the valve to GST-300 slowly, then close the pump-to-waste valve.
3.5 Check that discharge pressure settles between 75 and 95 psi.
3.6 Put the pump in AUTO.

4. CHANGEOVER
4.1 Rotate the lead well every Monday on day shift.
4.2 Let a well run at least 20 min before stopping it.

5. SHUTDOWN
5.1 Put the pump in HAND and stop it at the MCC.
5.2 Close the valve to GST-300 and record the run hours.

6. REVISION HISTORY
Rev 2 (2023-05-08): pump-to-waste extended from 5 min to 8 min.
Rev 1 (2019-02-04): first issue.
"""


def vendor_iom(folder: Path) -> Path:
    return make_docx(folder / "kestrel-kf-1000-iom.docx", [
        ("Title", "Kestrel Hydro KF-1000 Francis Turbine-Generator — Installation, Operation and Maintenance Manual"),
        ("", "Document No.: KH-IOM-1000"),
        ("", "Revision: 2"),
        ("", "Effective date: 2021-11-15"),
        ("", "Supplied for: Harrowfield Regional Water Authority, Tarrow Dam outlet works, unit HT-1"),
        ("Heading 1", "1. Description"),
        ("", "The KF-1000 is a horizontal-shaft Francis turbine directly coupled to a 12-pole synchronous generator. "
             "A hydraulic power unit (HPU) with a bladder accumulator drives the governor and the wicket gates."),
        ("Heading 1", "2. Tarrow site data sheet"),
        ("row", "Parameter|Value"),
        ("row", "Rated output|1,000 kW"),
        ("row", "Rated speed|600 rpm"),
        ("row", "Overspeed trip (electrical and mechanical)|690 rpm"),
        ("row", "Runaway speed|1,140 rpm"),
        ("row", "Rated net head|55 m"),
        ("row", "Minimum net head|38 m"),
        ("row", "Rated flow|2,190 L/s"),
        ("row", "Generator voltage|4,160 V"),
        ("row", "Generator rated current|154 A"),
        ("row", "Guide bearing temperature, alarm|85 °C"),
        ("row", "Guide bearing temperature, trip|95 °C"),
        ("row", "Thrust bearing temperature, alarm|90 °C"),
        ("row", "Thrust bearing temperature, trip|100 °C"),
        ("row", "Stator winding temperature, alarm|130 °C"),
        ("row", "Stator winding temperature, trip|145 °C"),
        ("row", "HPU normal operating pressure|60 bar"),
        ("row", "HPU low pressure alarm|50 bar"),
        ("Heading 1", "3. Protection and shutdown"),
        ("", "Inlet valve closing time: 60 s"),
        ("", "The HPU pump starts at 57 bar and stops at 62 bar. If accumulator pressure falls to 45 bar the governor "
             "can no longer be relied on to close the wicket gates, and the protection relay trips the unit."),
        ("", "On any trip the wicket gates close first and the inlet valve follows; the plant's bypass valve must be "
             "arranged by the purchaser."),
        ("Heading 1", "4. Maintenance"),
        ("List Bullet", "Change the HPU oil filter when its differential pressure reaches 2.5 bar."),
        ("List Bullet", "Regrease the guide bearing every 500 h of operation."),
        ("List Bullet", "Test the overspeed trip at each annual outage."),
    ])


def sop_140_rev3(folder: Path) -> Path:
    return make_docx(folder / "sop-140-rev-3.docx", [
        ("Title", "Sorrel Flats Well Pump Start-up, Changeover and Shutdown"),
        ("", "Document No.: TS-SOP-140"),
        ("", "Revision: 3"),
        ("", "Effective date: 2025-09-22"),
        ("", "Approved by: Transmission Operations Superintendent"),
        ("Heading 1", "1. Purpose"),
        ("", "How operators start, rotate and stop the four well pumps at Sorrel Flats (W-1 to W-4)."),
        ("Heading 1", "2. Before starting a well"),
        ("List Number", "Confirm on the HMI that GST-300 is below the all-wells stop level and the feed building is in AUTO."),
        ("List Number", "Wait 10 min after a well pump stops before restarting it, so that the column has drained and the "
                        "pump is no longer turning backward."),
        ("List Number", "Check that the well has not been started more than 3 times in the last hour."),
        ("Heading 1", "3. Start-up"),
        ("List Number", "Open the pump-to-waste valve and close the valve to GST-300."),
        ("List Number", "Start the pump in HAND at the MCC."),
        ("List Number", "Pump to waste for 5 min and until turbidity is below 0.5 NTU."),
        ("List Number", "Open the valve to GST-300 slowly, then close the pump-to-waste valve."),
        ("List Number", "Check that discharge pressure settles between 75 and 95 psi."),
        ("List Number", "Put the pump in AUTO."),
        ("", "After a well has been out of service for more than 30 days, double the pump-to-waste time and take a "
             "bacteriological sample before sending water to GST-300."),
        ("Heading 1", "4. Changeover"),
        ("List Bullet", "Rotate the lead well every Monday on day shift."),
        ("List Bullet", "Minimum run time before a planned stop: 30 min."),
        ("Heading 1", "5. Shutdown"),
        ("List Number", "Put the pump in HAND and stop it at the MCC."),
        ("List Number", "Close the valve to GST-300 and record the run hours."),
        ("Heading 1", "6. Revision history"),
        ("", "Rev 3 (2025-09-22): restart delay reduced from 15 min to 10 min per the pump supplier's letter of "
             "2025-08-11; pump-to-waste shortened from 8 min to 5 min; turbidity limit tightened to 0.5 NTU; no more "
             "than 3 starts per hour; minimum run time 30 min."),
        ("", "Rev 2 (2023-05-08): pump-to-waste extended from 5 min to 8 min."),
    ])


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    (folder / "setpoint-register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "round-sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "sorrel-flats-site-manual.md").write_text(SORREL_FLATS, encoding="utf-8")
    (folder / "kellow-lane-prv-vault-b.txt").write_text(KELLOW_LANE, encoding="utf-8")
    (folder / "sop-140-rev-2.txt").write_text(SOP_140_REV2, encoding="utf-8")  # superseded by Rev 3
    vendor_iom(folder)
    sop_140_rev3(folder)
    return folder
