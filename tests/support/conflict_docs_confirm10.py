"""Held-out set 10 for the conflict finder: the made-up Larkspur Ridge Water Reclamation Facility, an MBR plant.

The fictional City of Larkspur Ridge (Public Works, Wastewater Division) treats its wastewater in a membrane
bioreactor (MBR) and sends disinfected reclaimed water to two remote storage tanks for irrigation. Coarse bar
screen BS-100 and two 2 mm perforated-plate fine screens (FS-101, FS-102, differential transmitters LDIT-101/102)
feed MBR Train 1 and Train 2, each an anoxic zone, an aerobic zone (DO analyzers AIT-131, AIT-231) and a membrane
tank of eight Aquenta HF-900 cassettes with a permeate pump (PP-101, PP-201), a TMP transmitter (PIT-115, PIT-215)
and a permeate turbidimeter (AIT-140, AIT-240); membrane air scour blowers MSB-1 to MSB-3 serve both trains.
Hypochlorite is dosed ahead of the chlorine contact tank (AIT-650). The chemical building holds sodium
hypochlorite T-601, citric acid T-602 and alum T-603 with metering pumps MP-601 to MP-607 (alum flow pacing
FIC-605; MP-607 feeds the scrubber). Foul air goes through the packed-tower scrubber OCS-701 (fan EF-701,
recirculation pump RCP-701, pH AIT-710, ORP AIT-711, outlet H2S AIT-715). Reclaimed water pumps RWP-1 to RWP-3
fill the Hilltop Tank (LIT-810, altitude valve AV-1) and the Quarry Road Tank (LIT-820, altitude valve AV-2).
Eight documents: the facility O&M manual LR-OM-100 (Markdown), the Aquenta HF-900 vendor IOM AQ-IOM-900-LR with
its project data sheet (DOCX), the membrane maintenance clean SOP LR-SOP-140 in two revisions (Rev 2 as plain
text, superseded by Rev 3 as DOCX), the instrument setpoint and alarm register LR-INS-050 (Markdown, a unit
column), the daily operator round sheet LR-FRM-012 (plain text), the chemical building and odour control operating
guide LR-OG-600 (DOCX, a tank table with units in its headers), the Hilltop Tank site manual LR-SM-810 (plain
text, US units; the site is named only in its title) and the Quarry Road Tank site manual LR-SM-820 (Markdown,
metric; the site is named only in its title).

Written without reading the finder's code, without running it or any script, without reading the README or
BENCHMARKS and without reading the earlier sets' documents. The author had seen confirm9's docstring (its first 50
lines: the module contract), its import lines and the names of its functions, the scoring helper `figures` in
conflict_docs.py (pairs are matched by their numbers) and `make_docx` in tests/conftest.py. Every planted pair and
near miss was chosen by what a plant engineer would call a conflict, not by what a finder might catch. All
effective dates lie before 2026-06-01. Each planted subject is stated in exactly two current documents, so each
planted disagreement is one pair (the register's two turbidity rows, one per train, both disagree with the round
sheet's one figure).

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: design flow 3.0 MGD / 11,360 m³/d; membrane area per train 100,000 ft² /
  9,290 m² (O&M, IOM); peak net flux 41 LMH / 24 gfd (O&M, IOM); TMP high-high 70 kPa / 10.2 psi (IOM,
  register); filtration time 9 min / 540 s (IOM, register); cleaning solution limit 104 °F / 40 °C (IOM, SOP
  Rev 3); minimum mixed liquor temperature 12 °C / 54 °F (IOM, O&M); screen wash water 80 psi / 5.5 bar (O&M,
  round sheet); T-602 3,000 US gal / 11.4 m³ and T-603 8,000 US gal / 30.3 m³ (O&M, guide); chemical building
  above 10 °C / 50 °F, hypochlorite storage 29 °C / 85 °F, eyewash water 16 to 38 °C / 60 to 100 °F (O&M,
  guide); RCP-701 36 m³/h / 160 gpm and packing differential 1.0 kPa / 4.0 in. w.c. (O&M, guide); Quarry Road
  altitude valve closing 11.0 m / 36.1 ft and low level alarm 4.0 m / 13.1 ft (site manual, register);
- the same value repeated: aerobic DO 2.0 mg/L and CCT total chlorine 4.0 mg/L (O&M, register, round sheet);
  maintenance clean 200 mg/L hypochlorite and 2,500 mg/L citric acid, weekly and monthly (IOM, SOP Rev 3);
  recovery clean 1,000 mg/L for 6 h (IOM, O&M); scrubber ORP 650 mV (guide, register); outlet H2S alarm 5 ppm
  (guide, register, round sheet); Hilltop high level 37.0 ft and low-low 12.0 ft (site manual, register); AV-2
  200 mm (O&M, site manual); Hilltop 0.70 MG (O&M, site manual); tank alarms 90 % and 20 % (guide, register);
  TMP normal range 5 to 35 kPa (IOM, round sheet); reclaimed water pump start/stop pressures (O&M, register);
  2 mm screening (O&M, IOM); Hilltop normal band 25 to 36 ft (site manual, round sheet); hypochlorite order
  point 40 % (guide, round sheet); citric pH 2.0 to 3.0 (SOP Rev 2, Rev 3);
- different subjects of one kind: Train 1 vs Train 2 anoxic volume 0.25 / 0.30 MG; AIT-140 vs AIT-240 and
  AIT-131 vs AIT-231 rows; Hilltop vs Quarry Road tank capacities, altitude valves 8 in. / 200 mm, low-low
  12.0 ft / 2.5 m; T-601, T-602 and T-603 volumes; MP-601/602 10 gph vs MP-603 12 gph vs MP-605/606 22 gph;
  scrubber inlet H2S 20 to 50 ppm vs outlet alarm 5 ppm;
- high vs high-high / alarm vs trip / low vs low-low: TMP 55 vs 70 kPa (IOM) and 7.0 vs 10.2 psi (register);
  permeate turbidity 0.15 vs 0.40 NTU; DO low 1.0 vs low-low 0.5 mg/L; T-601 high 90 vs high-high 95 % and low
  20 vs low-low 10 %; outlet H2S 5 vs 10 ppm; headworks channel 30 vs 36 in.; Hilltop high 37.0 ft vs overflow
  39.0 ft, low 18.0 vs low-low 12.0 ft; Quarry Road high 11.3 vs high-high 11.7 m vs overflow 12.0 m, low 4.0
  vs low-low 2.5 m; CCT chlorine low 2.5 vs high 6.0 mg/L;
- start vs stop, lead vs lag, summer vs winter, inlet vs outlet: screen wash start 8.0 vs stop 3.0 in.;
  reclaimed water lead pump start 85 / stop 105 psi, lag start 75 / stop 100 psi; MP-601 lead vs MP-602 lag;
  EF-701 100 % in summer vs 80 % in winter; scrubber inlet vs outlet H2S; FS-101 duty vs FS-102 standby;
- a range and a value inside it: MLSS 8,000 to 12,000 mg/L vs target 10,000; alum 20 to 40 mg/L vs the two
  dose setpoints; Hilltop band 25 to 36 ft; Quarry Road band 7.5 to 10.0 m; citric pH 2.0 to 3.0 vs about 2.5;
- changes and bounds: raise ORP by 50 mV, not above 750 mV; TMP at least 5 kPa lower after a clean; AV-1
  reopens after a 3 ft fall, AV-2 after 0.9 m; peak flux not more than 4 h in 24 h; wash water not less than
  80 psi; alum raised in 5 mg/L steps; screening 2 mm or finer; delivery only at or below 40 %;
- permit limit vs stricter operating figure: turbidity 0.2 NTU (95 %) and 0.5 NTU vs the alarms; total
  phosphorus 1.0 vs 0.5 mg/L; BOD5 10 vs 5 mg/L;
- design capacity vs operating rate: 3.0 MGD design vs 2.1 MGD in 2024; fine screens 7.5 MGD each; MSB blowers
  1,500 scfm each vs 1,400 scfm per train; alum pumps 22 gph vs about 8 gph;
- the superseded SOP revision that differs: Rev 2 hypochlorite 150 mg/L, citric acid 2,000 mg/L and soak
  30 min against Rev 3 and against the IOM;
- revision-history notes with old values: O&M alum range 10 to 30 mg/L before Rev 4; SOP Rev 3's history.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # O&M LR-OM-100 vs vendor IOM data sheet: membrane air scour flow per train (IOM table, scfm column)
    frozenset({"1,400 scfm", "1,150"}),
    # IOM data sheet (kPa column) vs register LR-INS-050 PIT-115/215 (psi column): membrane TMP high alarm
    frozenset({"55", "7.0"}),
    # register AIT-140 / AIT-240 (NTU column) vs round sheet LR-FRM-012: permeate turbidity high alarm
    frozenset({"0.15", "0.10 NTU"}),
    # O&M vs chemical/odour guide LR-OG-600 tank table (m³ header): T-601 hypochlorite tank capacity
    frozenset({"6,000 US gal", "26.5"}),
    # register FIC-605 (mg/L column) vs guide: flow-paced alum dose setpoint
    frozenset({"25", "35 mg/L"}),
    # register AIT-710 vs guide: OCS-701 scrubber recirculation pH setpoint
    frozenset({"10.5", "9.5"}),
    # guide vs O&M: scrubber fan EF-701 design airflow (8,500 cfm is about 14,400 m³/h)
    frozenset({"8,500 cfm", "12,000 m³/h"}),
    # Hilltop Tank site manual LR-SM-810 vs register AV-1 (ft column): Hilltop altitude valve closing level
    frozenset({"36.5 ft", "35.0"}),
    # Quarry Road Tank site manual LR-SM-820 (m) vs register LIT-820 (ft column): Quarry Road high level alarm
    frozenset({"11.3 m", "38.0"}),
    # Quarry Road site manual vs O&M: Quarry Road Tank capacity (0.45 MG is about 1,700 m³)
    frozenset({"2,000 m³", "0.45 MG"}),
    # Hilltop site manual vs O&M storage table: altitude valve AV-1 size (250 mm is 10 in.)
    frozenset({"8 in.", "250 mm"}),
    # register LDIT-101/102 (in. column) vs O&M: fine screen differential that starts the wash (150 mm is 5.9 in.)
    frozenset({"8.0", "150 mm"}),
    # IOM data sheet (gfd column) vs O&M: membrane design net flux (15 gfd is 25.5 LMH)
    frozenset({"15", "30 LMH"}),
    # IOM text vs register PP-101/201 (s column): permeate pump relaxation duration
    frozenset({"60 s", "90"}),
    # IOM numbered steps vs SOP LR-SOP-140 Rev 3: maintenance clean soak time
    frozenset({"45 min", "75 min"}),
    # Hilltop site manual vs round sheet: Hilltop Tank low level alarm
    frozenset({"18.0 ft", "20 ft"}),
]

OM_MANUAL = """# Larkspur Ridge Water Reclamation Facility — Operation and Maintenance Manual

Document No.: LR-OM-100
Revision: 4
Effective date: 2025-04-22
Owner: City of Larkspur Ridge, Public Works — Wastewater Division

## 1. Facility overview

The Larkspur Ridge Water Reclamation Facility (LRWRF) treats municipal wastewater in a membrane bioreactor
(MBR) and delivers disinfected reclaimed water to two remote storage tanks that supply park and golf course
irrigation. The plant is designed for an average daily flow of 3.0 MGD (11,360 m³/d) and a peak hour flow of
7.5 MGD. The average flow in 2024 was 2.1 MGD.

Process sequence: coarse bar screen BS-100 → fine screens FS-101 / FS-102 → MBR Train 1 and Train 2 (anoxic
zone, aerobic zone, membrane tank) → chlorine contact tank (CCT) → reclaimed water wet well → reclaimed water
pumps RWP-1 to RWP-3 → Hilltop Tank and Quarry Road Tank.

## 2. Headworks

BS-100 is a 6 mm climber screen that protects the fine screens from rags and grit-laden debris.

The fine screens FS-101 and FS-102 are 2 mm perforated-plate band screens, each rated for 7.5 MGD. One screen
carries the whole flow (duty) and the other waits in auto standby; the duty screen is alternated every Monday.
A screen runs its wash cycle when the upstream-to-downstream differential across the plate reaches 150 mm.
Spray wash water is reclaimed water at not less than 80 psi; below that, screenings carry over into the MBR.
Screenings go to washer compactor WC-101 and a 10 yd³ roll-off bin.

## 3. Membrane bioreactor

### 3.1 Biological process

| Item | Train 1 | Train 2 |
|---|---|---|
| Anoxic zone volume | 0.25 MG | 0.30 MG |
| Aerobic zone volume | 0.50 MG | 0.50 MG |
| Membrane tank volume | 0.12 MG | 0.12 MG |
| Average design flow | 1.5 MGD | 1.5 MGD |

Train 2 was built in 2019 with a larger anoxic zone than Train 1.

Aerobic zone dissolved oxygen is trimmed by process blowers AB-101 to AB-103 to hold 2.0 mg/L in each train.
Mixed liquor is returned from each membrane tank to its anoxic zone by RP-101 (Train 1) and RP-201 (Train 2)
at about 400 % of the train's influent. Membrane tank MLSS is kept between 8,000 and 12,000 mg/L by wasting
from the membrane tanks. The process is designed for a minimum mixed liquor temperature of 54 °F.

### 3.2 Membranes

Each train holds eight Aquenta HF-900 cassettes with 100,000 ft² of membrane area. The design net flux is
30 LMH; a peak net flux of 41 LMH is allowed for not more than 4 h in any 24 h. Screening ahead of the
membranes must be 2 mm or finer.

Permeate pumps PP-101 (Train 1) and PP-201 (Train 2) are rated 2,800 gpm each at 40 ft TDH.

Three membrane air scour blowers MSB-1, MSB-2 and MSB-3 are each rated 1,500 scfm at 6.5 psig. One blower
serves each train and the third is an installed standby. Each train is scoured with 1,400 scfm whenever its
permeate pump is in filtration or relaxation.

Maintenance cleans follow LR-SOP-140. When maintenance cleans no longer restore permeability, Aquenta is called
for a recovery clean: a soak in 1,000 mg/L sodium hypochlorite for 6 h.

## 4. Disinfection

Sodium hypochlorite is dosed into the permeate header at the CCT inlet by metering pumps MP-601 (lead) and
MP-602 (lag). The dose is trimmed to hold a total chlorine residual of 4.0 mg/L at the CCT outlet (AIT-650).

## 5. Chemical building

Bulk storage:

- T-601, sodium hypochlorite 12.5 %: 6,000 US gal, FRP
- T-602, citric acid 50 %: 3,000 US gal, HDPE
- T-603, alum (48 % aluminium sulphate solution): 8,000 US gal, FRP

Alum is fed to the aerobic zones for phosphorus removal by MP-605 and MP-606, flow paced from plant influent
flow. The dose is normally between 20 and 40 mg/L as product.

The unit heaters keep the building above 10 °C in winter. Hypochlorite loses strength quickly when warm; keep
the storage room at no more than 29 °C. The emergency eyewash and shower are fed tempered water at 16 to 38 °C.

## 6. Odour control

Foul air from the headworks and the membrane tank covers is drawn by fan EF-701 (design 12,000 m³/h) through
the packed-tower scrubber OCS-701. Recirculation pump RCP-701 circulates 36 m³/h over the packing. A packing
differential pressure above 1.0 kPa means the packing is fouling. The fan runs at 100 % speed in summer
(May to September) and 80 % in winter.

## 7. Reclaimed water pumping and storage

Reclaimed water pumps RWP-1, RWP-2 and RWP-3 are each rated 1,200 gpm at 210 ft TDH (lead, lag and standby).
They run on the discharge header pressure PIT-800: the lead pump starts at 85 psi and stops at 105 psi; the lag
pump starts at 75 psi and stops at 100 psi.

| Tank | Location | Nominal capacity | Altitude valve |
|---|---|---|---|
| Hilltop Tank | Hilltop Road reservoir site | 0.70 MG | AV-1, 250 mm |
| Quarry Road Tank | Quarry Road at Ridge Lane | 0.45 MG | AV-2, 200 mm |

See the site manuals LR-SM-810 and LR-SM-820 for tank levels and vault entry.

## 8. Discharge permit and operating targets

| Parameter | Permit limit | Operating target |
|---|---|---|
| Reclaimed water turbidity | 0.2 NTU in 95 % of readings; 0.5 NTU at any time | see LR-INS-050 |
| Total phosphorus, monthly average | 1.0 mg/L | 0.5 mg/L |
| BOD5, monthly average | 10 mg/L | 5 mg/L |

## Revision history

- Rev 4 (2025-04-22): Quarry Road Tank added to section 7; alum dose range changed from 10 to 30 mg/L to
  20 to 40 mg/L.
- Rev 3 (2023-08-09): Train 2 data added after commissioning.
"""

REGISTER = """# LRWRF Instrument Setpoint and Alarm Register

Document No.: LR-INS-050
Revision: 7
Effective date: 2025-08-14
Approved: Chief Operator

Changes to any setpoint below need a management-of-change form. Levels are above the tank or channel floor.

| Tag | Description | Setpoint | Unit | Action |
|---|---|---|---|---|
| LIT-100 | Headworks channel level high | 30 | in. | Alarm |
| LIT-100 | Headworks channel level high-high | 36 | in. | Alarm; start standby fine screen |
| LDIT-101/102 | Fine screen differential, start wash | 8.0 | in. | Wash cycle |
| LDIT-101/102 | Fine screen differential, stop wash | 3.0 | in. | Wash cycle |
| AIT-131 | Train 1 aerobic zone DO setpoint | 2.0 | mg/L | Blower trim |
| AIT-231 | Train 2 aerobic zone DO setpoint | 2.0 | mg/L | Blower trim |
| AIT-131/231 | Aerobic zone DO low | 1.0 | mg/L | Alarm |
| AIT-131/231 | Aerobic zone DO low-low | 0.5 | mg/L | Alarm; call operator |
| PIT-115/215 | Membrane TMP high, Train 1 / Train 2 | 7.0 | psi | Alarm |
| PIT-115/215 | Membrane TMP high-high | 10.2 | psi | Trip permeate pump |
| PP-101/201 | Permeate filtration time | 540 | s | Cycle timer |
| PP-101/201 | Permeate relax time | 90 | s | Cycle timer |
| AIT-140 | Train 1 permeate turbidity high | 0.15 | NTU | Alarm |
| AIT-240 | Train 2 permeate turbidity high | 0.15 | NTU | Alarm |
| AIT-140/240 | Permeate turbidity high-high | 0.40 | NTU | Train to standby |
| FIC-605 | Alum dose, flow paced | 25 | mg/L | MP-605/606 speed |
| AIT-650 | CCT outlet total chlorine setpoint | 4.0 | mg/L | MP-601/602 trim |
| AIT-650 | CCT outlet total chlorine low | 2.5 | mg/L | Alarm |
| AIT-650 | CCT outlet total chlorine high | 6.0 | mg/L | Alarm |
| LIT-601 | T-601 hypochlorite level high | 90 | % | Alarm |
| LIT-601 | T-601 hypochlorite level high-high | 95 | % | Alarm; close fill valve |
| LIT-601 | T-601 hypochlorite level low | 20 | % | Alarm |
| LIT-601 | T-601 hypochlorite level low-low | 10 | % | Stop MP-601/602/603 |
| LIT-603 | T-603 alum level low | 20 | % | Alarm |
| AIT-710 | OCS-701 recirculation pH setpoint | 10.5 | pH | Caustic feed |
| AIT-711 | OCS-701 recirculation ORP setpoint | 650 | mV | Hypochlorite feed |
| AIT-715 | OCS-701 outlet H2S high | 5 | ppm | Alarm |
| AIT-715 | OCS-701 outlet H2S high-high | 10 | ppm | Alarm; call operator |
| PIT-800 | RW header pressure, lead pump start | 85 | psi | RWP control |
| PIT-800 | RW header pressure, lead pump stop | 105 | psi | RWP control |
| PIT-800 | RW header pressure, lag pump start | 75 | psi | RWP control |
| PIT-800 | RW header pressure, lag pump stop | 100 | psi | RWP control |
| LIT-810 | Hilltop Tank level high | 37.0 | ft | Alarm |
| LIT-810 | Hilltop Tank level low-low | 12.0 | ft | Alarm; irrigation reserve |
| AV-1 | Hilltop Tank altitude valve close level | 35.0 | ft | Pilot setting |
| LIT-820 | Quarry Road Tank level high | 38.0 | ft | Alarm |
| LIT-820 | Quarry Road Tank level low | 13.1 | ft | Alarm |
| AV-2 | Quarry Road Tank altitude valve close level | 36.1 | ft | Pilot setting |
"""

ROUND_SHEET = """LARKSPUR RIDGE WRF - DAILY OPERATOR ROUND SHEET

Document No.: LR-FRM-012
Revision: 2
Effective date: 2025-09-02

Date: __________   Operator: __________   Shift:  D / N

HEADWORKS
[ ] Duty fine screen: FS-101 / FS-102      Standby screen in AUTO [ ]
[ ] Spray wash water pressure ______ bar   (minimum 5.5 bar)
[ ] WC-101 running, bin ______ % full

MBR TRAINS                                     Train 1      Train 2
TMP, kPa (normal 5 to 35)                      ______       ______
Permeate turbidity, NTU                        ______       ______
    Permeate turbidity alarm 0.10 NTU: call the supervisor and sample the train.
Aerobic DO, mg/L (setpoint 2.0)                ______       ______
Membrane tank MLSS, mg/L (target 10,000)       ______       ______
Air scour blower amps, A (FLA 68)              ______       ______

DISINFECTION
CCT outlet total chlorine ______ mg/L (setpoint 4.0)

CHEMICAL BUILDING
T-601 hypochlorite ______ %   (order a load at 40 %)
T-602 citric acid  ______ %
T-603 alum         ______ %
Room temperature   ______ F
[ ] Eyewash and shower flushed, water tepid

ODOUR CONTROL
OCS-701 pH ______   ORP ______ mV   Outlet H2S ______ ppm (alarm 5 ppm)
Packing dP ______ in. w.c.

REMOTE TANKS (read from SCADA)
Hilltop Tank level ______ ft        normal 25 to 36 ft; low level alarm 20 ft
Quarry Road Tank level ______ m     normal 7.5 to 10.0 m
AV-1 ______ AV-2 ______ (open / closed)

Remarks: ______________________________________________________________
"""

SOP_REV2 = """LARKSPUR RIDGE WATER RECLAMATION FACILITY
STANDARD OPERATING PROCEDURE: MEMBRANE MAINTENANCE CLEAN

Document No.: LR-SOP-140
Revision: 2
Effective date: 2024-03-11
Supersedes: Revision 1 (2021-06-07)

1. PURPOSE
Keep membrane permeability up between recovery cleans by a weekly hypochlorite clean and a monthly citric acid
clean of each MBR train.

2. CHEMICALS
Hypochlorite clean: 150 mg/L as free chlorine, from T-601 by MP-603.
Citric acid clean: 2,000 mg/L, from T-602. Check the solution pH is between 2.0 and 3.0.
Cleaning solution temperature: not above 40 C.

3. PROCEDURE
3.1 Confirm the other train can carry the plant flow. Record the TMP of the train to be cleaned.
3.2 Place the train in CLEAN mode on SCADA. The permeate pump stops and the permeate valve closes.
3.3 Start MP-603 and backpulse the cleaning solution into the membranes.
3.4 Stop the backpulse. Soak 30 min with air scour off.
3.5 Backpulse with permeate for 5 min, restore air scour and return the train to filtration.
3.6 Divert permeate to the plant drain for the first 10 min.

4. REVISION HISTORY
Rev 2 (2024-03-11): citric acid clean added.
"""

HILLTOP_MANUAL = """HILLTOP RECLAIMED WATER STORAGE TANK - SITE MANUAL

Larkspur Ridge Water Reclamation Facility, reclaimed water system
Document No.: LR-SM-810
Revision: 1
Effective date: 2025-02-10

1  DESCRIPTION
1.1  Welded steel ground storage tank, 56 ft diameter, 42 ft shell height, nominal capacity 0.70 MG at the
     overflow. Painted 2022.
1.2  The tank fills and drains through a common 12 in. connection to the reclaimed water transmission main.
     The altitude valve vault sits beside the tank on the south side.
1.3  AV-1 is an 8 in. single-acting altitude valve with a bypass check: the tank fills through the valve
     and drains back to the main through the check.
1.4  Level transmitter LIT-810 (0 to 50 ft) reports to plant SCADA by radio; the plant polls the site every
     30 s.

2  LEVELS (feet above tank floor)
   Overflow weir ................................. 39.0 ft
   High level alarm .............................. 37.0 ft
   Altitude valve closes at ...................... 36.5 ft
   Altitude valve reopens after the level falls .. 3 ft below the closing level
   Normal operating band ......................... 25 to 36 ft
   Low level alarm ............................... 18.0 ft
   Low-low level alarm (irrigation reserve) ...... 12.0 ft

3  ROUTINE CHECKS (weekly)
-  Read gauge PI-811 upstream of the altitude valve; normal 70 to 85 psi with a pump running at the plant.
-  The vault is a permit-required confined space: test the air before entry (oxygen at least 19.5 %).
-  Check the vault sump pump and the vault heater (keeps the vault above 40 F in winter).
-  Look for overflow staining at the weir and for ice on the roof vent in winter.

4  ALTITUDE VALVE ADJUSTMENT
Adjust the pilot only with the plant informed and the tank level trend on screen. Turning the pilot
adjusting screw clockwise raises the closing level. Record every change on the revision log of this manual.
"""

QUARRY_MANUAL = """# Quarry Road Reclaimed Water Storage Tank — Site Manual

Document No.: LR-SM-820
Revision: 1
Effective date: 2025-05-19
System: Larkspur Ridge WRF reclaimed water

## 1. Description

Glass-fused-to-steel bolted tank, 15.0 m diameter and 12.5 m shell height, with a nominal capacity of
2,000 m³. The tank is filled from the 300 mm transmission main through altitude valve AV-2 (200 mm) in a
buried vault at the site entrance. Level transmitter LIT-820 and float switch LSHH-821 report to the plant
by radio.

## 2. Level settings (metres above tank floor)

- Overflow: 12.0 m
- High-high alarm (float switch LSHH-821): 11.7 m
- High level alarm: 11.3 m
- Altitude valve closing level: 11.0 m; the valve reopens after a 0.9 m drawdown
- Normal operating band: 7.5 to 10.0 m
- Low level alarm: 4.0 m
- Low-low alarm: 2.5 m

## 3. Routine checks

1. Read gauge PI-821 at the vault; normal 480 to 590 kPa with a pump running at the plant.
2. Test the vault air before entry (oxygen at least 19.5 %); the vault is a permit-required confined space.
3. Check that the vault heater keeps the vault above 5 °C from November to March.
4. Check the overflow screen and the flap gate at the drain outfall.
"""


def write_iom(path: Path) -> Path:
    """The membrane vendor's IOM with its project data sheet (a table with a unit column)."""
    return make_docx(path, [
        ("Title", "Aquenta HF-900 Immersed Membrane System — Installation, Operation and Maintenance Manual"),
        ("", "Document No.: AQ-IOM-900-LR"),
        ("", "Revision: 1"),
        ("", "Effective date: 2024-11-18"),
        ("", "Project: Larkspur Ridge Water Reclamation Facility, City of Larkspur Ridge"),
        ("Heading 1", "1. Scope"),
        ("", "This manual covers the two immersed hollow-fibre membrane trains supplied by Aquenta Membrane Systems "
             "for the Larkspur Ridge MBR: cassettes, permeate and air scour connections, controls and cleaning."),
        ("Heading 1", "2. Project data sheet"),
        ("row", "Parameter|Value|Unit"),
        ("row", "Number of trains|2|-"),
        ("row", "Cassettes per train|8|-"),
        ("row", "Modules per cassette|48|-"),
        ("row", "Nominal pore size|0.04|µm"),
        ("row", "Membrane area per train|9,290|m²"),
        ("row", "Design net flux|15|gfd"),
        ("row", "Peak net flux (4 h maximum in any 24 h)|24|gfd"),
        ("row", "Air scour flow per train|1,150|scfm"),
        ("row", "TMP, normal operating range|5 to 35|kPa"),
        ("row", "TMP, high alarm|55|kPa"),
        ("row", "TMP, high-high (permeate pump trip)|70|kPa"),
        ("row", "Maximum MLSS in membrane tank|15,000|mg/L"),
        ("row", "Minimum design mixed liquor temperature|12|°C"),
        ("row", "Maximum cleaning solution temperature|104|°F"),
        ("Heading 1", "3. Pretreatment"),
        ("", "Screening ahead of the membranes must be 2 mm or finer. Hair and fibres that pass coarser screens "
             "wrap the fibre bundles and are not removed by cleaning."),
        ("Heading 1", "4. Filtration cycle"),
        ("", "Each permeate pump runs a fixed cycle: 9 min of filtration followed by a 60 s relaxation, during "
             "which the pump stops and air scour continues. Do not shorten the relaxation without Aquenta's "
             "written approval."),
        ("Heading 1", "5. Maintenance cleaning"),
        ("", "Maintenance cleans are made in place with the train out of filtration: once a week with 200 mg/L "
             "sodium hypochlorite and once a month with 2,500 mg/L citric acid (solution pH about 2.5)."),
        ("List Number", "Stop the permeate pump and close the train's permeate valve."),
        ("List Number", "Backpulse the cleaning solution through the membranes at 1.5 times the design net flux."),
        ("List Number", "Stop the backpulse; keep air scour off."),
        ("List Number", "Let the membranes soak for 45 min."),
        ("List Number", "Backpulse with permeate for 5 min, restore air scour and return the train to filtration. "
                        "After a successful clean the TMP is at least 5 kPa lower than before."),
        ("Heading 1", "6. Recovery cleaning"),
        ("", "A recovery clean is needed when permeability stays below 100 LMH/bar after a maintenance clean. "
             "Drain the membrane tank and soak the cassettes in 1,000 mg/L sodium hypochlorite for 6 h."),
    ])


def write_sop_rev3(path: Path) -> Path:
    """LR-SOP-140 Rev 3, the current revision of the membrane maintenance clean."""
    return make_docx(path, [
        ("Title", "Membrane Maintenance Clean"),
        ("", "Larkspur Ridge Water Reclamation Facility — Standard Operating Procedure"),
        ("", "Document No.: LR-SOP-140"),
        ("", "Revision: 3"),
        ("", "Effective date: 2025-10-06"),
        ("", "Supersedes: Revision 2 (2024-03-11)"),
        ("Heading 1", "1. Purpose"),
        ("", "Keep membrane permeability up between recovery cleans by a weekly hypochlorite clean and a "
             "monthly citric acid clean of each MBR train."),
        ("Heading 1", "2. Chemicals and limits"),
        ("List Bullet", "Hypochlorite clean: once a week on each train, 200 mg/L as free chlorine, from T-601 by MP-603."),
        ("List Bullet", "Citric acid clean: once a month on each train, 2,500 mg/L, from T-602."),
        ("List Bullet", "Citric acid solution pH between 2.0 and 3.0 before backpulsing."),
        ("List Bullet", "Cleaning solution no warmer than 40 °C."),
        ("Heading 1", "3. Procedure"),
        ("List Number", "Confirm the other train can carry the plant flow. Record the TMP of the train to be cleaned."),
        ("List Number", "Place the train in CLEAN mode on SCADA; the permeate pump stops and the permeate valve closes."),
        ("List Number", "Start MP-603 and backpulse the cleaning solution into the membranes."),
        ("List Number", "Stop the backpulse and leave the membranes to soak for 75 min with air scour off."),
        ("List Number", "Backpulse with permeate for 5 min, restore air scour and return the train to filtration. "
                        "Divert permeate to the plant drain for the first 10 min."),
        ("List Number", "After 1 h of filtration record the TMP again; it should be at least 5 kPa lower than in step 1."),
        ("Heading 1", "4. Revision history"),
        ("", "Rev 3 (2025-10-06): hypochlorite raised from 150 mg/L to 200 mg/L; citric acid raised from 2,000 mg/L "
             "to 2,500 mg/L; soak lengthened from 30 min to 75 min."),
        ("", "Rev 2 (2024-03-11): citric acid clean added."),
    ])


def write_chemical_guide(path: Path) -> Path:
    """LR-OG-600: chemical building and odour control; the tank table carries its units in the headers."""
    return make_docx(path, [
        ("Title", "Chemical Building and Odour Control — Operating Guide"),
        ("", "Larkspur Ridge Water Reclamation Facility"),
        ("", "Document No.: LR-OG-600"),
        ("", "Revision: 2"),
        ("", "Effective date: 2025-06-30"),
        ("Heading 1", "1. Bulk storage"),
        ("row", "Tank|Chemical|Strength|Working volume (m³)|High alarm (%)|Low alarm (%)"),
        ("row", "T-601|Sodium hypochlorite|12.5 %|26.5|90|20"),
        ("row", "T-602|Citric acid|50 %|11.4|90|20"),
        ("row", "T-603|Alum (aluminium sulphate)|48 %|30.3|90|20"),
        ("", "Order hypochlorite when T-601 reaches 40 %. Do not accept a delivery unless the tank is at or below "
             "40 %, so that a full load fits."),
        ("Heading 1", "2. Metering pumps"),
        ("List Bullet", "MP-601 (lead) and MP-602 (lag): disinfection hypochlorite, each 10 gph maximum."),
        ("List Bullet", "MP-603: membrane cleaning hypochlorite and citric acid, 12 gph maximum."),
        ("List Bullet", "MP-605 and MP-606: alum, each 22 gph maximum; normal output about 8 gph at current flows."),
        ("Heading 1", "3. Alum feed"),
        ("", "FIC-605 paces alum to plant influent flow. Set the flow-paced dose at 35 mg/L. If the weekly total "
             "phosphorus result is above 0.5 mg/L, raise the dose in 5 mg/L steps and tell the chief operator."),
        ("Heading 1", "4. Building conditions"),
        ("List Bullet", "Keep the building above 50 °F; alum and citric acid thicken in the cold."),
        ("List Bullet", "Hypochlorite storage temperature: not above 85 °F."),
        ("List Bullet", "Eyewash and shower tempered water: 60 to 100 °F. Flush weekly."),
        ("Heading 1", "5. Odour control scrubber OCS-701"),
        ("", "The packed tower treats foul air drawn from the headworks and membrane tank covers by fan EF-701, "
             "rated 8,500 cfm. Recirculation pump RCP-701 circulates 160 gpm over the packing. Caustic from the "
             "tote at the skid holds the sump at pH 9.5 and hypochlorite from MP-607 holds the ORP at 650 mV."),
        ("", "Inlet H2S is normally 20 to 50 ppm. The outlet H2S alarm is at 5 ppm. If outlet H2S stays above "
             "2 ppm for an hour, raise the ORP setpoint by 50 mV, but not above 750 mV."),
        ("", "Packing differential pressure alarm: 4.0 in. w.c. Wash the packing when it is reached."),
    ])


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "lr-om-100-om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    (folder / "lr-ins-050-setpoint-register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "lr-frm-012-round-sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "lr-sop-140-rev2.txt").write_text(SOP_REV2, encoding="utf-8")  # superseded by Rev 3
    write_sop_rev3(folder / "lr-sop-140-rev3.docx")
    write_iom(folder / "aquenta-hf900-iom.docx")
    write_chemical_guide(folder / "lr-og-600-chemical-odour-guide.docx")
    (folder / "lr-sm-810-hilltop-tank.txt").write_text(HILLTOP_MANUAL, encoding="utf-8")
    (folder / "lr-sm-820-quarry-road-tank.md").write_text(QUARRY_MANUAL, encoding="utf-8")
    return folder
