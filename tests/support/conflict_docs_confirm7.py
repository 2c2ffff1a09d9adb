"""Held-out set 7 for the conflict finder: the made-up utilities water system of the Wexley paper mill.

The fictional Corran Ridge Paper Company runs the Wexley Mill on the (also fictional) Ossery River. Its
Utilities Water Department takes river water at the River Makeup Pump Station (RMS-2: three constant-speed
vertical turbine pumps RMP-201/202/203 that fill Raw Water Tank T-210 on its level) and reuses the mill's
own treated effluent: the Reclaim Pump Station (RPS-1: two VFD pumps RCP-101/102, duty/standby, on wet well
level) lifts it to two ultrafiltration trains (UF-1, UF-2) and two Hydrenza HRO-600 reverse osmosis trains
(RO-A, RO-B). RO permeate is the makeup for the four-cell cooling tower CT-1 and, after the mixed-bed
polisher MB-1, the boiler feedwater: deaerator DA-401, boiler feed pumps BFP-411/412 (motor) and BFP-413
(steam turbine), Boilers 1 and 2. Eight documents: the utilities O&M manual WX-OM-100 (Markdown), the RO
vendor's IOM with its Wexley site data sheet (DOCX), RO clean-in-place SOP WX-SOP-312 in two revisions
(Rev 2 as plain text, superseded by Rev 3 as DOCX), the instrument and alarm setpoint register WX-INS-050
(Markdown, a unit column), the shift round sheet WX-FRM-021 (plain text), and one manual per pump station
(RPS-1 Markdown, RMS-2 with Tank T-210 as plain text).

Written without reading the finder's code, without running it, and without reading the earlier sets'
documents. The author had seen confirm6's docstring and the start of its PLANTED list (the module
contract), the scoring helper `figures` (pairs are matched by their numbers; the few lines printed above
it showed the tail of the base set's sample text), `make_docx` in tests/conftest.py, and the README's
paragraphs on document numbers, revisions and effective dates (the grep also reached the opening
paragraph of "When documents disagree"). Every planted pair and near miss was chosen by what a plant
engineer would call a conflict, not by what a finder might catch. All effective dates lie before
2026-06-01, the date the measurement uses as today. Each planted subject is stated in exactly two
current documents, so each planted disagreement is one pair.

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: RO feed pressure high alarm 250 psi / 17.2 bar; RO feed pump suction
  low-low trip 12 psi / 83 kPa; RO design feed temperature 77 °F / 25 °C; low-pH cleaning solution
  25 °C (vendor) / 77 °F (SOP Rev 3); UF backwash interval 30 min / 1,800 s; RPS-1 pump rating 1,000 gpm
  / 63 L/s; RPS-1 wet well high alarm 12.0 ft / 3.66 m; RMS-2 wet well low alarm 5.0 ft / 1.52 m; T-210
  lead pump start 22 ft / 6.7 m; T-210 pumps stop 28 ft / 8.5 m; T-210 high alarm 30 ft / 9.1 m; mill
  water plant rating 6 MGD / 4,170 gpm; CT-1 return water high alarm 110 °F / 43.3 °C; CT-1 basin low
  alarm 42 in. / 1.07 m; deaerator storage low alarm 24 in. / 0.61 m; feedwater leaving the deaerator
  227 °F / 108 °C; BFP minimum-flow recirculation 120 gpm / 7.6 L/s;
- the same value repeated in two documents: withdrawal permit 9.5 MGD; RMS-2 pumps 2,500 gpm; RPS-1
  normal discharge pressure 52 psi; UF feed total chlorine 2.0 mg/L; RO rated permeate 520 gpm per
  train; RO design feed pressure 180 psi; antiscalant 3.0 mg/L; RO feed ORP high alarm 300 mV; RO
  permeate conductivity high alarm 50 µS/cm; cleaning flow 40 gpm per vessel; low-pH recirculation
  30 min; CT-1 cycles of concentration 5; MB-1 effluent conductivity alarm 0.2 µS/cm; clean at 15 %;
- different subjects of one kind: RMP-201/202 (2,500 gpm) vs RMP-203 (1,800 gpm); BFP-411/412 (300 gpm)
  vs BFP-413 (250 gpm); RPS-1 vs RMS-2 discharge high-high trip (90 vs 75 psi), wet well low alarm
  (4.0 vs 5.0 ft) and low-low (3.0 ft vs 3.5 ft and the O&M manual's 1.5 m for RMS-2); CT-1 fan
  staging, Cell 1-4 at 80/82/84/86 °F; Boiler 1 vs Boiler 2 continuous blowdown (3,000 vs 3,500 µS/cm);
  cooling tower blowdown vs boiler blowdown; UF feed total chlorine 2.0 mg/L vs CT-1 free chlorine;
  RO-A and RO-B permeate flow controllers;
- high vs high-high / alarm vs trip / low vs low-low: RO feed pressure 250 vs 290 psi; RO suction low
  16 psi vs low-low 12 psi; permeate conductivity 50 vs 80 µS/cm; ORP 300 vs 400 mV; RPS-1 wet well
  high 12.0 vs high-high 13.5 ft, low 4.0 vs low-low 3.0 ft; RMS-2 wet well low 5.0 vs low-low 3.5 ft;
  T-210 high 30 vs high-high 32 ft; CT-1 basin makeup 54 in. vs low 42 in. vs low-low 30 in.; CT-1
  conductivity high alarm 2,800 µS/cm vs blowdown setpoint; deaerator storage low 24 in. vs low-low
  12 in.; BFP bearing alarm 185 °F vs trip 200 °F; RMS-2 motor winding alarm 155 °C vs trip 170 °C;
- start vs stop, lead vs lag, duty vs standby, inlet vs outlet, summer vs winter: T-210 lead start
  22 ft vs lag start vs stop 28 ft; CT-1 supply 85 °F vs return 100 °F; RO feed 180 psi vs concentrate
  165 psi; CT-1 free chlorine 0.5 mg/L summer vs 0.3 mg/L winter; high-pH vs low-pH cleaning temperature
  and recirculation time;
- a range and a value inside it: RO recovery 70 to 80 % vs setpoints; RO feed pressure 150-210 psi vs
  180 psi; UF flux 30 to 40 gfd vs 34 gfd; RPS-1 band 7.5 to 10.5 ft vs level setpoint; CT-1 pH 7.5-8.5;
  CT-1 free chlorine 0.2-0.5 mg/L; sulfite 20 to 40 mg/L vs target 30 mg/L; low-pH 2.0-3.0 vs pH 2.5;
  BFP discharge header 780 psig vs normal 52-56 bar; T-210 normal 20-28 ft; RPS-1 discharge 48-56 psi;
- changes and bounds: raise the antiscalant dose by 0.5 mg/L; reduce the blowdown setpoint by
  200 µS/cm; clean at 15 % below/above baseline; through-screen velocity not more than 0.5 ft/s;
  sulfite at least 20 mg/L; maximum feed temperature 113 °F (45 °C); feed free chlorine not more than
  0.1 mg/L; permeate to drain until below 50 µS/cm; ORP normally below 250 mV; not above pH 12.0;
- regulatory limit vs stricter operating figure: withdrawal permit 9.5 MGD vs mill operating limit
  8.0 MGD; Outfall 002 TRC permit 0.019 mg/L vs operating limit 0.012 mg/L; screen velocity permit
  0.5 ft/s vs 0.38 ft/s design;
- design capacity vs operating rate: RMS-2 firm capacity 6.2 MGD vs 4.5 MGD average; RPS-1 pump
  1,000 gpm vs 650 gpm average; RO rated 520 gpm vs setpoint; CT-1 18,000 gpm design vs 15,500 gpm;
  BFP 300 gpm rated vs 180 gpm normal; boilers 750 psig design vs 600 psig operating;
- revisions: WX-SOP-312 Rev 2 vs Rev 3 differ on high-pH temperature (95 °F vs 104 °F), high-pH
  recirculation (30 vs 45 min), cleaning flow (35 vs 40 gpm per vessel) and permeate flow after cleaning
  (420 vs 450 gpm); Rev 2 (superseded) also differs from the vendor (95 °F vs 30 °C, 30 vs 60 min, 35 vs
  40 gpm) and from the register (420 gpm vs 25.0 L/s); Rev 3's revision history, the register's revision
  note (2.6 m, 26.5 L/s) and the O&M manual's revision history (4 cycles) mention old values.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # Hydrenza site data sheet table (°F unit column) vs register TAH-512 (°C unit column): RO feed
    # temperature high alarm (99 °F = 37.2 °C against 35 °C)
    frozenset({"99", "35"}),
    # O&M manual "Label: value" line ("RO recovery setpoint") vs register FFIC-535 worded as "concentrate
    # ratio control, recovery" (% column): RO recovery setpoint
    frozenset({"75 %", "78"}),
    # O&M manual sentence ("blowdown valve opens when ... reaches") vs round sheet "Label (tag): value"
    # (AIC-610 setpoint): CT-1 blowdown conductivity setpoint
    frozenset({"2,400 µS/cm", "2,100 µS/cm"}),
    # O&M manual bullet ("sulfuric acid feed holds the basin pH at") vs register AIC-612 row: CT-1 basin pH setpoint
    frozenset({"8.2", "7.8"}),
    # O&M manual sentence (psig) vs register PIC-405 (kPa column): deaerator operating pressure
    # (5 psig = 34.5 kPa against 55 kPa)
    frozenset({"5 psig", "55"}),
    # O&M manual sentence ("standby boiler feed pump starts automatically") vs round sheet PSL-420 line (bar):
    # feedwater header low pressure, standby BFP start (690 psig = 47.6 bar against 45 bar)
    frozenset({"690 psig", "45 bar"}),
    # RPS-1 manual sentence ("duty pump's VFD holds the wet well at") vs register LIC-110 (m column): reclaim
    # wet well level setpoint (9.0 ft = 2.74 m against 2.4 m)
    frozenset({"9.0 ft", "2.4"}),
    # RPS-1 manual "Label (tag): value" in MGD vs register FAH-105 (gpm column): reclaim discharge flow high
    # alarm (1.8 MGD = 1,250 gpm against 1,100 gpm)
    frozenset({"1.8 MGD", "1,100"}),
    # RMS-2 manual sentence (station and tank named around it) vs register LIC-210 "RMS-2 lag pump start"
    # (m column): Tank T-210 level that starts the lag river pump (18 ft = 5.49 m against 6.1 m)
    frozenset({"18 ft", "6.1"}),
    # RMS-2 manual bullet (LSLL-202, ft) vs O&M manual sentence ("river makeup pumps trip on wet well
    # low-low", m): RMS-2 wet well low-low trip level (3.5 ft = 1.07 m against 1.5 m)
    frozenset({"3.5 ft", "1.5 m"}),
    # O&M manual "UF maximum TMP before chemical clean" (psi) vs register PDIT-460 "transmembrane pressure
    # high, chemical clean required" (bar column): UF clean trigger (20 psi = 1.38 bar against 1.0 bar)
    frozenset({"20 psi", "1.0"}),
    # WX-SOP-312 Rev 3 numbered step (°F) vs Hydrenza IOM cleaning table (°C column): high-pH cleaning
    # solution temperature (104 °F = 40 °C against 30 °C)
    frozenset({"104 °F", "30"}),
    # WX-SOP-312 Rev 3 numbered step vs Hydrenza IOM cleaning table (min column): high-pH recirculation time
    frozenset({"45 min", "60"}),
    # WX-SOP-312 Rev 3 step "Return ... (FIC-530 on RO-A, FIC-540 on RO-B) to" (gpm) vs register FIC-530 and
    # FIC-540 (L/s column): RO permeate flow setpoint (450 gpm = 28.4 L/s against 25.0 L/s)
    frozenset({"450 gpm", "25.0"}),
    # O&M manual "Label: value" in words vs round sheet with the tag (AIT-408, "dissolved O2"): deaerator
    # outlet dissolved oxygen high alarm
    frozenset({"10 ppb", "7 ppb"}),
    # O&M manual sentence ("makeup valve (LV-620) opens when the basin level falls to", in.) vs register
    # LIC-620 (m column): CT-1 basin makeup level (54 in. = 1.37 m against 1.2 m)
    frozenset({"54 in.", "1.2"}),
]


OM_MANUAL = """\
# Wexley Mill Utilities Water System: Operation and Maintenance Manual

Document No.: WX-OM-100
Revision: 4
Effective date: 17 March 2025

Corran Ridge Paper Company, Wexley Mill. Owner: Utilities Water Department.

## 1. System overview

The mill draws raw water from the Ossery River at the River Makeup Pump Station (RMS-2). RMS-2 has two
2,500 gpm pumps and one 1,800 gpm pump and fills Raw Water Tank T-210, which feeds the mill water plant
(rated 6 MGD) and the emergency makeup to the cooling tower.

The state water withdrawal permit limits the river intake to 9.5 MGD on any day. The mill's operating
limit is 8.0 MGD, so that a high day never puts the permit at risk.

Treated mill effluent is pumped from the secondary clarifier outlet channel by the Reclaim Pump Station
(RPS-1, two 63 L/s VFD pumps, duty and standby) to two ultrafiltration trains (UF-1, UF-2) and two
reverse osmosis trains (RO-A, RO-B, Hydrenza HRO-600). RO permeate is the makeup water for cooling tower
CT-1 and, after the mixed-bed polisher MB-1, the boiler feedwater.

## 2. River makeup and Tank T-210

RMS-2 runs on the level of Tank T-210; the pump start and stop levels are given in the RMS-2 operating
manual (WX-OM-120). The river makeup pumps trip on wet well low-low level at 1.5 m. Restart is manual,
after the operator has checked the traveling screens.

Tank T-210 high level alarm: 9.1 m

## 3. Reclaim pumping (RPS-1)

RPS-1 discharge pressure is normally 52 psi. Sodium hypochlorite and ammonia are added at the RPS-1
discharge to form chloramine ahead of the UF membranes.

## 4. Ultrafiltration

- Total chlorine (chloramine) at the UF feed: 2.0 mg/L.
- Each UF train backwashes every 30 min; a backwash lasts 90 s.
- Design flux range 30 to 40 gfd; the trains normally run at 34 gfd.

UF maximum TMP before chemical clean: 20 psi

## 5. Reverse osmosis

Each RO train is rated for 520 gpm of permeate.

Design feed temperature: 25 °C

Feed pressure at design conditions: 180 psi

RO recovery setpoint: 75 %

Antiscalant is dosed at 3.0 mg/L ahead of the cartridge filters. If the concentrate LSI rises above 2.5,
raise the antiscalant dose by 0.5 mg/L and tell the mill chemist. Sodium bisulfite removes the chloramine
ahead of the RO; the feed ORP is normally below 250 mV.

## 6. Cooling tower CT-1

CT-1 is a four-cell counterflow tower with a design circulation of 18,000 gpm. The two duty circulating
pumps (CWP-631, CWP-632) normally deliver about 15,500 gpm together; CWP-633 is the standby pump.

Design cold water (supply) temperature is 85 °F. Design hot water (return) temperature is 100 °F.

Return water temperature high alarm (TAH-625): 110 °F

The cell fans are staged on the supply temperature:

| Fan | Starts at supply temperature |
|---|---|
| Cell 1 | 80 °F |
| Cell 2 | 82 °F |
| Cell 3 | 84 °F |
| Cell 4 | 86 °F |

### Water treatment

The CT-1 blowdown valve opens when the basin conductivity reaches 2,400 µS/cm.

Cycles of concentration: 5

If basin silica exceeds 150 mg/L, reduce the blowdown setpoint by 200 µS/cm until it is back below.

Chemical feed:

- sulfuric acid feed holds the basin pH at 8.2;
- sodium hypochlorite keeps free chlorine at 0.5 mg/L in summer (May to September) and 0.3 mg/L in winter;
- the corrosion inhibitor is fed in proportion to makeup flow.

Blowdown leaves through Outfall 002. The permit limit for total residual chlorine at Outfall 002 is
0.019 mg/L; the mill's operating limit is 0.012 mg/L, met by the bisulfite dechlorination station.

### Basin level

The CT-1 basin makeup valve (LV-620) opens when the basin level falls to 54 in. The basin low level alarm
is at 42 in. The circulating pumps trip at 30 in. (low-low).

## 7. Boiler feedwater

RO permeate is polished in mixed bed MB-1; the MB-1 effluent conductivity alarm is 0.2 µS/cm.

The deaerator (DA-401) operates at 5 psig. Feedwater leaves the deaerator at 227 °F.

Deaerator storage level: low alarm 24 in.; low-low at 12 in. trips the boiler feed pumps.

Dissolved oxygen leaving the deaerator is guaranteed by the manufacturer at 0.005 cc/L.

Deaerator outlet dissolved oxygen high alarm: 10 ppb

Boiler water sulfite residual is held at 20 to 40 mg/L; keep it at least 20 mg/L at all times.

BFP-411 and BFP-412 are motor driven, rated 300 gpm each; BFP-413 is steam-turbine driven, rated 250 gpm.
Normal feedwater flow is 180 gpm. Each pump's minimum-flow recirculation valve opens below 120 gpm.

The BFP discharge header normally runs at 780 psig. The standby boiler feed pump starts automatically when
the feedwater header pressure drops to 690 psig.

BFP motor bearing temperature: alarm at 185 °F, trip at 200 °F.

Boilers 1 and 2 are designed for 750 psig and operated at 600 psig. Continuous blowdown is controlled on
conductivity: Boiler 1 at 3,000 µS/cm, Boiler 2 at 3,500 µS/cm (Boiler 2 has the older drum internals).

## Revision history

- Rev 4 (2025-03-17): boiler feedwater section rewritten for the new deaerator.
- Rev 3 (2023-05-02): CT-1 cycles of concentration raised from 4 to 5 after the reclaim plant start-up.
"""


REGISTER = """\
# Instrument and Alarm Setpoint Register: Utilities Water

Document No.: WX-INS-050
Revision: 5
Effective date: 22 September 2025

Setpoints as configured in the utilities DCS. Units are those shown on the operator screens. A change to
any setpoint needs a management-of-change form and a new revision of this register.

## Raw water (RMS-2 and Tank T-210)

| Tag | Description | Setpoint | Unit | Action |
|---|---|---|---|---|
| LAL-202 | RMS-2 wet well level low | 1.52 | m | Alarm |
| LIC-210 | Tank T-210 level, RMS-2 lead pump start | 6.7 | m | Start lead pump |
| LIC-210 | Tank T-210 level, RMS-2 lag pump start | 6.1 | m | Start lag pump |
| LIC-210 | Tank T-210 level, RMS-2 pumps stop | 8.5 | m | Stop all pumps |

## Reclaim pump station (RPS-1)

| Tag | Description | Setpoint | Unit | Action |
|---|---|---|---|---|
| LIC-110 | Reclaim wet well level setpoint | 2.4 | m | VFD speed control |
| FAH-105 | Reclaim discharge flow high | 1,100 | gpm | Alarm |

## Ultrafiltration

| Tag | Description | Setpoint | Unit | Action |
|---|---|---|---|---|
| KS-455 | UF backwash interval | 1,800 | s | Start backwash |
| PDIT-460 | UF transmembrane pressure high, chemical clean required | 1.0 | bar | Alarm |
| AIT-465 | UF filtrate turbidity high | 0.15 | NTU | Alarm |

## Reverse osmosis

| Tag | Description | Setpoint | Unit | Action |
|---|---|---|---|---|
| TAH-512 | RO feed temperature high | 35 | °C | Alarm |
| AIT-515 | RO feed ORP high | 300 | mV | Alarm |
| AIT-515 | RO feed ORP high-high | 400 | mV | RO shutdown |
| PSLL-520 | RO feed pump suction pressure low-low | 83 | kPa | Trip |
| PAH-521 | RO feed pressure high | 17.2 | bar | Alarm |
| FIC-530 | RO-A permeate flow setpoint | 25.0 | L/s | Control |
| FIC-540 | RO-B permeate flow setpoint | 25.0 | L/s | Control |
| FFIC-535 | RO-A/RO-B concentrate ratio control, recovery | 78 | % | Control |
| AAH-532 | RO permeate conductivity high | 50 | µS/cm | Alarm |
| AAHH-533 | RO permeate conductivity high-high | 80 | µS/cm | Divert permeate to drain |

## Cooling tower CT-1

| Tag | Description | Setpoint | Unit | Action |
|---|---|---|---|---|
| AAH-611 | CT-1 basin conductivity high | 2,800 | µS/cm | Alarm |
| AIC-612 | CT-1 basin pH, sulfuric acid feed | 7.8 | pH | Control |
| LIC-620 | CT-1 basin level, makeup valve LV-620 opens | 1.2 | m | Open makeup |
| LAL-621 | CT-1 basin level low | 1.07 | m | Alarm |
| TAH-625 | CT-1 return water temperature high | 43.3 | °C | Alarm |

## Boiler feed

| Tag | Description | Setpoint | Unit | Action |
|---|---|---|---|---|
| PIC-405 | Deaerator pressure | 55 | kPa | Steam pressure control |
| LAL-402 | Deaerator storage level low | 0.61 | m | Alarm |
| FIC-415 | BFP minimum-flow recirculation | 7.6 | L/s | Recirculation valve opens below |
| AAH-450 | MB-1 mixed-bed effluent conductivity high | 0.2 | µS/cm | Alarm |

## Revision note

Rev 5 (2025-09-22): LIC-110 lowered from 2.6 m after the wet well cleaning; FIC-530 and FIC-540 lowered
from 26.5 L/s to match the cooling tower demand. Rev 4 (2024-02-12): AAHH-533 added.
"""


ROUND_SHEET = """\
WEXLEY MILL UTILITIES WATER - SHIFT ROUND SHEET
Form No.: WX-FRM-021    Revision: 1    Effective date: 2025-01-06

Operator: ______________   Shift: Day / Night   Date: __________

Record each reading. Call the shift supervisor for anything outside its normal range.

RMS-2 / TANK T-210
  Pumps running:  RMP-201 [ ]   RMP-202 [ ]   RMP-203 [ ]
  T-210 level ______ ft            (normal 20-28 ft)

RPS-1
  Duty pump:  RCP-101 [ ]   RCP-102 [ ]      Speed ______ %
  Wet well level ______ ft         (normal 7.5-10.5 ft)
  Wet well high alarm (LAH-111): 3.66 m
  Discharge pressure ______ psi    (normal 48-56 psi)

UF / RO
  UF feed total chlorine target: 2.0 mg/L        reading ______
  RO feed pressure ______ psi      (normal 150-210 psi)
  RO feed ORP ______ mV            (normal below 250 mV)
  RO permeate conductivity high alarm: 50 µS/cm  reading ______

CT-1
  Blowdown conductivity setpoint (AIC-610): 2,100 µS/cm   reading ______
  Cycles of concentration (calc.) ______    target 5
  Basin pH ______                  (normal 7.5-8.5)
  Free chlorine ______ mg/L        (normal 0.2-0.5 mg/L)

BOILER FEED
  Feedwater temperature leaving DA: 108 °C      reading ______
  AIT-408 dissolved O2 high alarm: 7 ppb         reading ______
  BFP discharge header ______ bar  (normal 52-56 bar)
  BFP header low, standby pump start (PSL-420): 45 bar
  Boiler water sulfite target: 30 mg/L   Boiler 1 ______   Boiler 2 ______

Supervisor review: ______________
"""


RPS1_MANUAL = """\
# Reclaim Pump Station (RPS-1) Operations Manual

Document No.: WX-OM-110
Revision: 2
Effective date: 3 June 2024

## 1. Description

RPS-1 lifts treated mill effluent from the secondary clarifier outlet channel to the reclaim plant. Two
identical vertical turbine pumps, RCP-101 and RCP-102, each rated 1,000 gpm at 95 ft TDH, run on VFDs as
duty and standby. The duty pump alternates every Monday on day shift. The average flow is about 650 gpm.

## 2. Level control

The duty pump's VFD holds the wet well at 9.0 ft. The normal operating band is 7.5 to 10.5 ft. The VFD
minimum speed is 40 %. If the duty pump faults, the standby pump starts after a 15 s delay.

## 3. Alarms and trips

| Condition | Tag | Setting | Unit |
|---|---|---|---|
| Wet well high | LAH-111 | 12.0 | ft |
| Wet well high-high (overflow to effluent channel) | LSHH-112 | 13.5 | ft |
| Wet well low | LAL-113 | 4.0 | ft |
| Wet well low-low, pumps stop | LSLL-114 | 3.0 | ft |
| Discharge pressure high-high, pump trip | PSHH-106 | 90 | psi |

Normal discharge pressure: 52 psi

Discharge flow high alarm (FAH-105): 1.8 MGD

## 4. Maintenance

Pull and inspect the bar rack at the channel inlet every week. Exercise the standby pump for 30 min each
week if it has not run.
"""


RMS2_MANUAL = """\
RIVER MAKEUP PUMP STATION (RMS-2) OPERATING MANUAL
Document No.: WX-OM-120
Revision: 1
Effective date: 21 November 2022

1. STATION

RMS-2 takes Ossery River water through two traveling screens into a wet well and pumps it to Raw Water
Tank T-210.

  RMP-201   vertical turbine, 2,500 gpm at 140 ft TDH, 150 hp
  RMP-202   vertical turbine, 2,500 gpm at 140 ft TDH, 150 hp
  RMP-203   vertical turbine, 1,800 gpm at 135 ft TDH, 100 hp

Firm capacity (largest pump out of service): 6.2 MGD. The average withdrawal is about 4.5 MGD. The mill
water plant downstream of T-210 is rated for 4,170 gpm.

2. PERMIT CONDITIONS

Withdrawal permit WD-0417: not more than 9.5 MGD on any day.
The through-screen velocity must not exceed 0.5 ft/s. The screens were sized for 0.38 ft/s at firm
capacity.

3. WET WELL PROTECTION (LIT-202, level above the wet well floor)

  - Wet well low alarm (LAL-202): 5.0 ft
  - Wet well low-low, all river pumps trip (LSLL-202): 3.5 ft
  - After a low-low trip the pumps are restarted by hand from the station panel.

4. PUMP CONTROL ON TANK T-210 LEVEL (LIT-210)

The lead pump starts when Tank T-210 falls to 22 ft. The lag pump starts when Tank T-210 falls to 18 ft.
All running pumps stop when the tank reaches 28 ft. RMP-201 and RMP-202 alternate as lead each week;
RMP-203 is normally the lag pump.

Tank T-210 high alarm: 30 ft
Tank T-210 high-high (overflow imminent): 32 ft

5. PROTECTION

Discharge pressure high-high, pump trip (PSHH-205): 75 psi
Motor winding temperature: alarm at 155 °C, trip at 170 °C.
"""


SOP_312_REV2 = """\
WEXLEY MILL UTILITIES WATER DEPARTMENT
STANDARD OPERATING PROCEDURE

RO Train Clean-in-Place (CIP)
WX-SOP-312 Rev 2, effective 2023-08-14
Applies to RO-A and RO-B.

1. WHEN TO CLEAN
Clean a train when the normalized permeate flow falls 15 % below baseline or the normalized differential
pressure rises 15 % above baseline.

2. PREPARATION
2.1 Take the train out of service and close the permeate and concentrate valves to the CT-1 makeup header.
2.2 Flush the train with RO permeate for 15 min.
2.3 Fill the CIP tank with RO permeate and add sodium hydroxide to pH 12.0.

3. HIGH-PH CLEAN
3.1 Heat the high-pH cleaning solution to 95 °F.
3.2 Set the CIP pump to 35 gpm per pressure vessel.
3.3 Recirculate the high-pH solution through the train for 30 min.
3.4 Drain the CIP tank and rinse with RO permeate until the rinse pH is below 8.5.

4. LOW-PH CLEAN
4.1 Make up citric acid solution at pH 2.5.
4.2 Heat the low-pH solution to 77 °F.
4.3 Recirculate for 30 min, then drain and rinse until the rinse pH is above 6.0.

5. RETURN TO SERVICE
5.1 Start the train with the permeate to drain until the permeate conductivity is below 50 µS/cm.
5.2 Set FIC-530 (RO-A) or FIC-540 (RO-B) to 420 gpm.
5.3 Record the cleaning in the RO log.
"""


def vendor_iom(folder: Path) -> Path:
    return make_docx(folder / "hydrenza-hro-600-iom.docx", [
        ("Title", "Hydrenza HRO-600 Series Reverse Osmosis System"),
        ("", "Installation, Operation and Maintenance Manual"),
        ("", "Document No.: HZ-IOM-600"),
        ("", "Revision: D"),
        ("", "Effective date: 12 February 2024"),
        ("Heading 1", "1. System description"),
        ("", "The HRO-600 is a two-stage reverse osmosis train with 8-inch spiral-wound elements in a 4:2 array of "
             "pressure vessels. Each train supplied to the Wexley Mill is rated for 520 gpm of permeate."),
        ("", "Recovery range: 70 to 80 %"),
        ("", "Design feed temperature: 77 °F"),
        ("", "Maximum feed temperature: 113 °F (45 °C). Operation above this temperature voids the membrane warranty."),
        ("", "Antiscalant dose: 3.0 mg/L"),
        ("", "Free chlorine in the feed must not exceed 0.1 mg/L; the membranes are damaged by oxidants."),
        ("Heading 1", "2. Site data sheet: Wexley Mill, RO-A and RO-B"),
        ("row", "Setting|Tag|Value|Unit"),
        ("row", "Feed pump suction pressure low alarm|PAL-520|16|psi"),
        ("row", "Feed pump suction pressure low-low trip|PSLL-520|12|psi"),
        ("row", "Feed pressure high alarm|PAH-521|250|psi"),
        ("row", "Feed pressure high-high trip|PSHH-522|290|psi"),
        ("row", "Feed water temperature high alarm|TAH-512|99|°F"),
        ("row", "Feed ORP high alarm|AIT-515|300|mV"),
        ("row", "Design feed pressure|PI-521|180|psi"),
        ("row", "Concentrate pressure at design conditions|PI-525|165|psi"),
        ("Heading 1", "3. Operation"),
        ("", "At start-up the permeate is sent to drain until its conductivity is below 50 µS/cm. Record the "
             "normalized data every shift; the trend, not a single reading, decides when to clean."),
        ("Heading 1", "4. Cleaning"),
        ("", "Clean a train when its normalized permeate flow falls 15 % below the baseline, or its normalized "
             "differential pressure rises 15 % above it. Clean with the high-pH solution first, then the low-pH "
             "solution, and use RO permeate to make up both."),
        ("row", "Cleaning parameter|Value|Unit"),
        ("row", "High-pH solution pH|11.5-12.0|pH"),
        ("row", "High-pH solution temperature|30|°C"),
        ("row", "High-pH recirculation time|60|min"),
        ("row", "Low-pH solution pH|2.0-3.0|pH"),
        ("row", "Low-pH solution temperature|25|°C"),
        ("row", "Low-pH recirculation time|30|min"),
        ("row", "Cleaning flow per 8-inch pressure vessel|40|gpm"),
        ("", "Never heat a cleaning solution above the maximum feed temperature."),
    ])


def sop_312_rev3(folder: Path) -> Path:
    return make_docx(folder / "wx-sop-312-rev3.docx", [
        ("Title", "RO Train Clean-in-Place (CIP)"),
        ("", "WX-SOP-312 Rev 3, effective 2025-10-06"),
        ("", "Wexley Mill Utilities Water Department. Applies to RO-A and RO-B."),
        ("Heading 1", "1. When to clean"),
        ("", "Clean a train when the normalized permeate flow falls 15 % below baseline or the normalized "
             "differential pressure rises 15 % above baseline."),
        ("Heading 1", "2. Preparation"),
        ("List Number", "Take the train out of service from the DCS and close the permeate and concentrate valves to "
                        "the CT-1 makeup header."),
        ("List Number", "Flush the train with RO permeate for 15 min."),
        ("List Number", "Fill the CIP tank with RO permeate and add sodium hydroxide until the pH reaches 12.0, "
                        "never higher."),
        ("Heading 1", "3. High-pH clean"),
        ("List Number", "Heat the high-pH cleaning solution to 104 °F with the CIP tank heater."),
        ("List Number", "Set the CIP pump to 40 gpm per pressure vessel."),
        ("List Number", "Recirculate the high-pH solution through the train for 45 min."),
        ("List Number", "Drain the CIP tank and rinse the train with RO permeate until the rinse pH is below 8.5."),
        ("Heading 1", "4. Low-pH clean"),
        ("List Number", "Make up citric acid solution at pH 2.5."),
        ("List Number", "Heat the low-pH solution to 77 °F."),
        ("List Number", "Recirculate for 30 min, then drain and rinse until the rinse pH is above 6.0."),
        ("Heading 1", "5. Return to service"),
        ("List Number", "Start the train with the permeate to drain until the permeate conductivity is below 50 µS/cm."),
        ("List Number", "Return the train's permeate flow controller (FIC-530 on RO-A, FIC-540 on RO-B) to 450 gpm."),
        ("List Number", "Record the cleaning in the RO log with the normalized data before and after."),
        ("Heading 1", "Revision history"),
        ("row", "Rev|Date|Change"),
        ("row", "2|2023-08-14|Issued for the reclaim plant start-up."),
        ("row", "3|2025-10-06|High-pH solution temperature raised from 95 °F to 104 °F; high-pH recirculation "
                "extended from 30 min to 45 min; cleaning flow raised from 35 to 40 gpm per vessel; permeate "
                "flow after cleaning changed from 420 gpm to 450 gpm."),
    ])


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "wx-om-100-utilities-om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    (folder / "wx-ins-050-setpoint-register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "wx-frm-021-shift-round-sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "rps-1-reclaim-pump-station.md").write_text(RPS1_MANUAL, encoding="utf-8")
    (folder / "rms-2-river-makeup-pump-station.txt").write_text(RMS2_MANUAL, encoding="utf-8")
    (folder / "wx-sop-312-rev2.txt").write_text(SOP_312_REV2, encoding="utf-8")  # superseded by Rev 3
    vendor_iom(folder)
    sop_312_rev3(folder)
    return folder
