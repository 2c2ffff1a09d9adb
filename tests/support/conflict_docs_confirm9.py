"""Held-out set 9 for the conflict finder: the made-up Fennick Creek Wastewater Lagoon Facility, a small town's lagoon system.

The fictional Town of Fennick Creek (Environmental Services) collects its wastewater through three duplex
submersible sewage pumping stations, each with a standby diesel generator and automatic transfer switch:
PS-1 Main Street (P-101, P-102, generator G-1), PS-2 Mill Street (P-201, P-202, G-2) and PS-3 Riverside
(P-301, P-302, G-3, rebuilt in 2024). At the lagoon site a fine screen and Parshall flume (FIT-001) feed the
aerated lagoon Cell 1 (surface aerators A-1 to A-4, DO analyzer C1-AIT-301) and two facultative polishing
cells, then a UV disinfection channel with two lamp banks (UVT analyzer UV-AIT-510) and the outfall to Fennick
Creek. Rural haulers discharge septage through screen SC-401 into holding tank ST-1, which transfer pump P-402
bleeds to the headworks. The biosolids dewatering building holds two Halvard HSP-350 screw presses (SP-1,
SP-2) and the PolyMax PM-2 emulsion polymer make-down unit PMU-1. Eight documents: the facility O&M manual
FC-OM-100 (Markdown), the screw press and polymer unit vendor IOM HD-IOM-350-FC with its project data sheet
(DOCX), septage receiving SOP FC-SOP-230 in two revisions (Rev 2 as plain text, superseded by Rev 3 as DOCX),
the instrument setpoint and alarm register FC-INS-050 (Markdown, a unit column), the daily operator round
sheet FC-FRM-012 (plain text), the Mill Street pumping station site manual FC-SM-220 (plain text; the site is
named only in its title) and the Riverside pumping station site manual FC-SM-230 (Markdown, metric; the site is
named only in its title).

Written without reading the finder's code, without running it or any script, without reading the README and
without reading the earlier sets' documents. The author had seen confirm8's docstring (the first 60 lines of
that module: the module contract) and its import lines, the scoring helper `figures` in conflict_docs.py
(pairs are matched by their numbers; the grep also showed the few lines after it, the base set's `sop_114` and
`write_all`) and `make_docx` in tests/conftest.py. Every planted pair and near miss was chosen by what a plant
engineer would call a conflict, not by what a finder might catch. All effective dates lie before 2026-06-01.
Each planted subject is stated in exactly two current documents, so each planted disagreement is one pair.

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: PS-3 lead pump start 1.4 m / 4.6 ft, lag start 1.9 m / 6.2 ft and pumps stop
  0.6 m / 2.0 ft (site manual, register); screw press cone air pressure 2.5 bar / 36 psi (IOM, register);
  PS-2 pumps 25 L/s / 396 gpm (O&M, site manual); ST-1 volume 36 m³ / 9,510 US gal (O&M, SOP); largest
  septage load 15 m³ / 4,000 US gal (SOP, round sheet); screw diameter 350 mm / 14 in. (IOM, O&M); PS-3
  forcemain 250 mm / 10 in. and bypass connection 150 mm / 6 in. (site manual, O&M); press wash water
  25 L/min / 1.5 m³/h (IOM, O&M); design flow 1,900 m³/d / 0.50 MGD; Cell 1 depth 3.0 m / 9.8 ft and Cells
  2-3 1.8 m / 5.9 ft; aerators 11 kW / 15 hp; G-2 day tank 500 L / 132 US gal; septage camlock 4 in. / 100 mm;
- the same value repeated: G-3 50 kW (O&M, PS-3 manual); PS-2 motors 7.5 kW and 12 m TDH, PS-3 14 m TDH;
  PS-2 lag start 7.2 ft, pumps stop 2.5 ft, high level alarm 8.0 ft (site manual, register); ATS retransfer
  5 min (O&M, PS-2 manual); UV wipers every 4 h (O&M, round sheet); UV Bank 2 enable 3,000 m³/d (O&M,
  register); effluent pH permit 6.0 to 9.5 (O&M, round sheet); screw torque alarm 80 % and trip 95 % (IOM,
  register, round sheet); normal screw speed 0.8 rpm (IOM, O&M); Cell 1 DO 4 mg/L step-down (O&M, register);
  septage pH upper limit 11.0 (SOP Rev 3, round sheet); H2S monitor alarm 10 ppm and oxygen 19.5 % (site
  manuals, SOP); generator fuel at least 75 % (PS-2 manual, round sheet); aerators summer 3 / winter 2;
- different subjects of one kind: PS-1 / PS-2 / PS-3 pumps 55 / 25 / 45 L/s, motors 22 / 7.5 / 15 kW,
  generators 100 / 60 / 50 kW, pump FLA 27 / 9 / 24 A on the round sheet; the high level alarms of PS-1,
  PS-2 (8.0 ft) and PS-3 against one another; lead, lag and stop levels of the three stations; SP-1 vs SP-2
  (both 36 psi, 80 %, 95 %); UV Bank 1 vs Bank 2 intensity low alarm 55 %; Cell 1 depth vs Cells 2-3; polymer batch
  0.4 % vs in-line dilution 0.1 %; PS-2 6 starts per hour vs PS-3 10; generator low fuel alarm 25 % (all three);
- high vs high-high / alarm vs trip / low vs low-low: PS-1 high 2.1 vs high-high float 2.6 m; PS-2 high
  8.0 vs backup float 8.5 ft; PS-3 high alarm vs overflow 3.6 m; Cell 1 DO low alarm (planted) vs low-low
  0.5 mg/L; UVT low alarm (planted) vs low-low 45 %; ST-1 high alarm (planted) vs high-high 95 % and low
  10 %; torque alarm 80 % vs trip 95 %; polymer day tank low 15 % vs low-low 5 %; H2S alarm 10 vs high alarm
  15 ppm; effluent pH low alarm 6.2 vs high alarm 9.2;
- start vs stop, lead vs lag, inlet vs outlet, summer vs winter, one pump vs two: PS-2 stop 2.5 / lead
  start (planted) / lag 7.2 ft; PS-3 stop 0.6 / lead 1.4 / lag 1.9 m; ATS start 3 s vs retransfer 5 min;
  aerators 3 in summer vs 2 in winter; ammonia limit 5 mg/L summer vs 10 mg/L winter (targets 3 and 7); raw
  influent TSS 200 mg/L vs Cell 3 effluent 15 mg/L; PS-3 discharge 135 to 150 kPa with one pump vs 165 kPa
  with two;
- a range and a value inside it: screw speed 0.2 to 2.0 rpm vs 0.8 rpm; feed solids 2 to 4 % vs design 3 %;
  polymer dose 8 to 12 kg/t vs typical 10 kg/t; Cell 1 DO 2 to 4 mg/L vs step-down 4.0 mg/L; effluent pH
  6.0 to 9.5 vs alarms 6.2 and 9.2; PS-3 discharge 135 to 150 kPa vs typical 140 kPa; dilution water 3 to 6 bar;
- changes and bounds: raise cone pressure by 0.5 bar and wait 10 min; feed solids not below 1.2 %; do not
  accept a load above 75 % in ST-1; do not bleed below 10 L/s influent; not more than 6 (PS-2) or 10 (PS-3)
  starts per hour; fuel at least 75 %; oxygen at least 19.5 %, flammable gas below 10 % LEL; solids capture
  at least 95 %; UV dose at least 30 mJ/cm²; take one aerator off above 4 mg/L DO;
- permit limit vs stricter operating figure: cBOD5 25 vs 15 mg/L; TSS 30 vs 20 mg/L; ammonia 5 vs 3 and
  10 vs 7 mg/L; E. coli 200 vs 100 cfu/100 mL; effluent pH permit 6.0 to 9.5 vs alarms 6.2 / 9.2;
- design capacity vs operating rate: plant 1,900 m³/d design vs 1,250 m³/d current; press hydraulic
  capacity 3.5 L/s vs operated at 2.4 L/s; press solids capacity 52 kg DS/h;
- the superseded SOP revision (Rev 2) that differs: ST-1 high alarm 80 % (Rev 3 85 %, register 90 %);
  acceptance limit 70 % (Rev 3 75 %); bleed rate 1.5 L/s (Rev 3 2.0 L/s, O&M 40 gpm); Rev 2 sets no pH limits;
- revision-history notes with old values: O&M polymer 0.5 % to 0.4 %; SOP Rev 3 history 80 % to 85 %, 70 %
  to 75 %, 1.5 to 2.0 L/s; register UVT low alarm 60 % to 65 %; PS-2 manual lead pump start 5.5 ft to 6.3 ft.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    frozenset({"50 %", "65"}),  # O&M manual vs setpoint register: UV transmittance low alarm (UV-AIT-510)
    frozenset({"6.3 ft", "5.8"}),  # Mill Street site manual vs register: PS-2 lead pump start level (PS2-LIT-201)
    frozenset({"2.9 m", "10.5"}),  # Riverside site manual vs register (ft column): PS-3 high wet-well level alarm
    frozenset({"0.25 %", "0.4 %"}),  # vendor IOM vs O&M manual: PMU-1 polymer batch solution concentration
    frozenset({"5.5 bar", "70 psi"}),  # vendor IOM vs round sheet: screw press spray wash water pressure
    frozenset({"85 %", "90"}),  # SOP FC-SOP-230 Rev 3 vs register: septage holding tank ST-1 high level alarm
    frozenset({"2.0 L/s", "40 gpm"}),  # SOP Rev 3 vs O&M manual: P-402 septage bleed rate to the headworks
    frozenset({"60 kW", "80 kW"}),  # O&M manual vs Mill Street site manual: PS-2 standby generator G-2 rating
    frozenset({"45 L/s", "38 L/s"}),  # O&M manual vs Riverside site manual: PS-3 pumps P-301/P-302 rated flow
    frozenset({"1.0", "1.5 mg/L"}),  # register vs round sheet: Cell 1 dissolved oxygen low alarm (C1-AIT-301)
    frozenset({"30 min", "1 hour"}),  # round sheet vs Mill Street site manual: G-2 weekly exercise time under load
    frozenset({"20 min", "35"}),  # vendor IOM vs register: PMU-1 polymer batch aging time
    frozenset({"18 %", "22 %"}),  # O&M manual vs round sheet: dewatered cake solids target
    frozenset({"5.0", "6.5"}),  # SOP Rev 3 vs round sheet: septage load rejected below this pH
    frozenset({"21 A", "24 A"}),  # Riverside site manual vs round sheet: P-301/P-302 motor full-load current
    frozenset({"7.5 ft", "2.1"}),  # O&M manual vs register (m column): PS-1 high wet-well level alarm
]

OM_MANUAL = """\
# Fennick Creek Wastewater Lagoon Facility — Operations and Maintenance Manual

Document No.: FC-OM-100
Revision: 4
Effective date: 2025-03-17
Owner: Town of Fennick Creek, Environmental Services

## 1. Facility overview

The Town of Fennick Creek collects wastewater through three sewage pumping stations and treats it in a three-cell
lagoon system: an aerated lagoon (Cell 1) followed by two facultative polishing cells (Cells 2 and 3), ultraviolet
disinfection and discharge to Fennick Creek. Septage from rural haulers is received beside the headworks, and
lagoon sludge and septage solids are dewatered in the biosolids dewatering building.

- Design average day flow: 1,900 m³/d (0.50 MGD)
- Design peak flow: 5,700 m³/d
- Current average day flow (2024): 1,250 m³/d
- Raw influent TSS is typically 200 mg/L; Cell 3 effluent TSS is typically 15 mg/L.

## 2. Sewage pumping stations

All three stations are duplex submersible stations with a standby diesel generator and an automatic transfer
switch (ATS). Wet-well level setpoints are listed in the register FC-INS-050 and in each station's site manual.

| Station | Pumps | Rated flow, each | TDH | Motor, each | Standby generator |
|---|---|---|---|---|---|
| PS-1 Main Street | P-101, P-102 | 55 L/s | 18 m | 22 kW | G-1, 100 kW |
| PS-2 Mill Street | P-201, P-202 | 25 L/s | 12 m | 7.5 kW | G-2, 60 kW |
| PS-3 Riverside | P-301, P-302 | 45 L/s | 14 m | 15 kW | G-3, 50 kW |

At every station the ATS starts the generator after 3 s of utility failure and retransfers to utility after
5 min of stable utility power.

The PS-1 high-level alarm is set at 7.5 ft above the wet-well floor and dials out to the on-call operator.

The PS-3 forcemain is 10 in. ductile iron to the headworks. PS-3 also has a 6 in. bypass pumping connection
in its valve chamber for use during pump removal.

## 3. Headworks

A mechanical fine screen with 6 mm openings protects the lagoon. Raw flow is measured by a Parshall flume with
a 9 in. throat and ultrasonic level transmitter FIT-001.

## 4. Aerated lagoon (Cell 1)

Cell 1 operates at a depth of 3.0 m (9.8 ft); Cells 2 and 3 operate at 1.8 m (5.9 ft). Cell 1 has four floating
surface aerators, A-1 to A-4, each 11 kW (15 hp).

- Summer (May 1 to October 31): run three aerators.
- Winter: run two aerators, rotating the duty units weekly.

Operate Cell 1 at a dissolved oxygen of 2 to 4 mg/L. When the DO stays above 4 mg/L for a full day in summer,
take one aerator off.

## 5. UV disinfection

The UV channel holds two banks of low-pressure high-output lamps. Bank 1 is the duty bank; Bank 2 is brought on
automatically when the influent flow exceeds 3,000 m³/d. The system was sized to deliver a dose of at least
30 mJ/cm² at design peak flow. The lamp sleeves are wiped automatically every 4 h.

The UV transmittance analyzer reads the channel influent continuously. The low UVT alarm at 50 % usually means
an algae bloom in Cell 3: check the Cell 3 outlet baffle and take a grab sample for E. coli the same day.

## 6. Effluent limits

| Parameter | Permit limit | Operating target |
|---|---|---|
| cBOD5, monthly average | 25 mg/L | 15 mg/L |
| TSS, monthly average | 30 mg/L | 20 mg/L |
| Total ammonia nitrogen, summer (May to October) | 5 mg/L | 3 mg/L |
| Total ammonia nitrogen, winter | 10 mg/L | 7 mg/L |
| E. coli, monthly geometric mean | 200 cfu/100 mL | 100 cfu/100 mL |
| pH | 6.0 to 9.5 | — |

## 7. Septage receiving

Haulers discharge through the receiving station screen SC-401 into holding tank ST-1, which has a working volume
of 36 m³. Transfer pump P-402 bleeds septage to the headworks at 40 gpm so that the load on Cell 1 is spread
over the day. Receiving hours are 07:30 to 15:00 on weekdays. Acceptance rules are in SOP FC-SOP-230.

## 8. Biosolids dewatering

Two Halvard HSP-350 screw presses, SP-1 and SP-2, each with a 14 in. screw, dewater sludge drawn from the Cell 1
sludge hopper and the ST-1 bottoms. Progressive cavity pumps FP-1 and FP-2 feed the presses with sludge at 2 to
4 % TS. Operate each press at about 2.4 L/s of feed; the screw speed is normally 0.8 rpm.

Emulsion polymer is made down by PMU-1 to a 0.4 % solution, then diluted in line to about 0.1 % ahead of each
press's flocculation tank. The dose is normally 8 to 12 kg of active polymer per dry tonne.

Spray wash water is plant effluent water, 1.5 m³/h per press while washing.

Target cake solids: 18 % TS, with a solids capture of at least 95 %. Cake goes to the covered storage pad until
it is land applied under the Town's biosolids approval.

## 9. Revision history

- Rev 4 (2025-03-17): septage receiving section added; UV Bank 2 enabling flow added.
- Rev 3 (2021-02-08): polymer solution concentration changed from 0.5 % to 0.4 %.
- Rev 2 (2017-06-01): aerators A-3 and A-4 added to Cell 1.
"""

SOP_230_REV2 = """\
TOWN OF FENNICK CREEK - ENVIRONMENTAL SERVICES
STANDARD OPERATING PROCEDURE: SEPTAGE RECEIVING AND TRANSFER

Document No.: FC-SOP-230
Revision: 2
Effective date: 2023-05-02
Status: SUPERSEDED by Revision 3

1. PURPOSE
   How the operator accepts a hauler's septage load, discharges it to holding tank ST-1 and bleeds it to the
   lagoon headworks.

2. ACCEPTANCE
   - Residential septic tank and holding-tank waste only, from haulers on the Town's approved list.
   - Maximum single load: 15 m3 (4,000 US gal).
   - Holding tank ST-1 holds 9,510 US gal. Do not accept a load when ST-1 is above 70 %.

3. PROCEDURE
   1. Check the manifest and the hauler's permit. Record the hauler, the origin and the volume.
   2. Check the ST-1 level on the receiving station panel.
   3. Take a grab sample from the first flow and record its pH on the septage log.
   4. Start screen SC-401, then connect the hauler's hose to the 4 in. camlock.
   5. Open the receiving valve. The ST-1 high-level alarm sounds at 80 %; tell the hauler to stop at once.
   6. When the truck is empty, flush the screen for 2 min and close the receiving valve.
   7. Start transfer pump P-402. It bleeds septage to the headworks at 1.5 L/s. Do not bleed while the
      influent flow is below 10 L/s.

4. SAFETY
   Wear a personal H2S monitor (alarm 10 ppm). Wash down the pad after every load.

5. REVISION HISTORY
   Rev 2 (2023-05-02): transfer pump P-402 added; the old gravity bleed valve removed.
   Rev 1 (2018-04-16): first issue.
"""

REGISTER = """\
# Instrument Setpoint and Alarm Register

Document No.: FC-INS-050
Revision: 6
Effective date: 2025-11-03
Facility: Fennick Creek Wastewater Lagoon Facility and sewage pumping stations

Pumping station levels are measured above the wet-well floor.

## Pumping stations

| Tag | Description | Setpoint | Unit |
|---|---|---|---|
| PS1-LIT-101 | PS-1 lead pump start | 1.2 | m |
| PS1-LIT-101 | PS-1 lag pump start | 1.6 | m |
| PS1-LIT-101 | PS-1 pumps stop | 0.5 | m |
| PS1-LIT-101 | PS-1 high level alarm | 2.1 | m |
| PS1-LSHH-102 | PS-1 high-high level float (overflow imminent) | 2.6 | m |
| PS2-LIT-201 | PS-2 lead pump start | 5.8 | ft |
| PS2-LIT-201 | PS-2 lag pump start | 7.2 | ft |
| PS2-LIT-201 | PS-2 pumps stop | 2.5 | ft |
| PS2-LIT-201 | PS-2 high level alarm | 8.0 | ft |
| PS3-LIT-301 | PS-3 lead pump start | 4.6 | ft |
| PS3-LIT-301 | PS-3 lag pump start | 6.2 | ft |
| PS3-LIT-301 | PS-3 pumps stop | 2.0 | ft |
| PS3-LIT-301 | PS-3 high level alarm | 10.5 | ft |
| G1-LIT-01, G2-LIT-01, G3-LIT-01 | Standby generator fuel tank low level alarm | 25 | % |

## Lagoon, UV and effluent

| Tag | Description | Setpoint | Unit |
|---|---|---|---|
| C1-AIT-301 | Cell 1 DO low alarm | 1.0 | mg/L |
| C1-AIT-301 | Cell 1 DO low-low alarm (all aerators called) | 0.5 | mg/L |
| C1-AIT-301 | Cell 1 DO high (step one aerator down) | 4.0 | mg/L |
| FIT-001 | Influent flow, UV Bank 2 enable | 3,000 | m³/d |
| UV-AIT-510 | UV transmittance low alarm | 65 | % |
| UV-AIT-510 | UV transmittance low-low alarm | 45 | % |
| UV-AE-511 | Bank 1 UV intensity low alarm | 55 | % |
| UV-AE-512 | Bank 2 UV intensity low alarm | 55 | % |
| EFF-AIT-601 | Effluent pH low alarm | 6.2 | pH |
| EFF-AIT-601 | Effluent pH high alarm | 9.2 | pH |

## Septage receiving and dewatering

| Tag | Description | Setpoint | Unit |
|---|---|---|---|
| SRS-LIT-401 | ST-1 high level alarm | 90 | % |
| SRS-LIT-401 | ST-1 high-high level (receiving valve closes) | 95 | % |
| SRS-LIT-401 | ST-1 low level (P-402 stops) | 10 | % |
| SP1-KIT-610 | SP-1 screw torque high alarm | 80 | % |
| SP1-KIT-610 | SP-1 screw torque trip | 95 | % |
| SP2-KIT-620 | SP-2 screw torque high alarm | 80 | % |
| SP2-KIT-620 | SP-2 screw torque trip | 95 | % |
| SP1-PIC-611 | SP-1 outlet cone air pressure | 36 | psi |
| SP2-PIC-621 | SP-2 outlet cone air pressure | 36 | psi |
| PMU1-KS-630 | Polymer batch aging time | 35 | min |
| PMU1-LIT-631 | Polymer day tank low level | 15 | % |
| PMU1-LIT-631 | Polymer day tank low-low (presses stop) | 5 | % |

## Revision notes

- Rev 6 (2025-11-03): UV-AIT-510 low alarm raised from 60 % to 65 % after the 2025 algae season; PS-1 levels
  re-entered in metres for the new radar transmitter.
- Rev 5 (2024-06-10): polymer day tank low-low added.
"""

ROUND_SHEET = """\
FENNICK CREEK WASTEWATER LAGOON FACILITY
DAILY OPERATOR ROUND SHEET

Document No.: FC-FRM-012
Revision: 5
Effective date: 2025-06-30

Date: ____________   Operator: ____________   Time: ________

HEADWORKS
[ ] Fine screen running, no high differential alarm
Influent flow (FIT-001) ____________ m3/d

CELL 1 - AERATED LAGOON
Aerators running:  A-1 [ ]  A-2 [ ]  A-3 [ ]  A-4 [ ]   (summer: 3 on; winter: 2 on)
DO ________ mg/L   DO low alarm 1.5 mg/L - below this, start the standby aerator and call the supervisor.
[ ] Scum or ice build-up at the aerators

UV DISINFECTION
[ ] Bank 1 on    [ ] Bank 2 on
UVT ________ %     Lamp hours: Bank 1 ________  Bank 2 ________
[ ] Wipers cycled within the last 4 h
Effluent pH ________ (permit 6.0 to 9.5)
Effluent grab sample for E. coli: Tuesdays.

SEPTAGE RECEIVING
Loads received ______   Total volume ______ m3   ST-1 level ______ %
Each load: pH ______ - reject the load if pH < 6.5 or > 11.0. Largest load accepted: 4,000 US gal.

BIOSOLIDS DEWATERING
SP-1 [ ] running   torque ______ %     SP-2 [ ] running   torque ______ %     (torque alarm 80 %)
Spray wash water pressure ________ psi (normal 70 psi)
Cake solids (lab, daily composite) ________ % TS    Target: 22 %
Polymer day tank level ________ %

WEEKLY (MONDAYS) - PUMPING STATIONS
Exercise each standby generator (G-1, G-2, G-3) under load for 30 min; record run hours and fuel level.
Fuel below 75 %: order a delivery.
PS-1 Main St      P-101 ______ A    P-102 ______ A    (FLA 27 A)
PS-2 Mill St      P-201 ______ A    P-202 ______ A    (FLA 9 A)
PS-3 Riverside    P-301 ______ A    P-302 ______ A    (FLA 24 A)
Report any pump drawing more than its FLA.

Reviewed by: ____________
"""

MILL_STREET_MANUAL = """\
MILL STREET PUMPING STATION - SITE MANUAL
Town of Fennick Creek, Environmental Services

Document No.: FC-SM-220
Revision: 2
Effective date: 2024-04-15
Location: 14 Mill Street, behind the works yard

1. STATION
   Duplex submersible station in a 2.7 m diameter precast wet well.
   Pumps P-201 and P-202: each 25 L/s (396 gpm) at 12 m TDH; motors 7.5 kW, 600 V, 3-phase.
   Not more than 6 starts per hour per pump.

2. LEVEL CONTROL
   Ultrasonic level transmitter LIT-201; levels above the wet-well floor.
   Pumps stop ........................ 2.5 ft
   Lead pump start ................... 6.3 ft
   Lag pump start .................... 7.2 ft
   High level alarm (dial-out) ....... 8.0 ft
   Backup float, starts both pumps ... 8.5 ft
   Lead and lag alternate on every pumping cycle.

3. STANDBY POWER
   Standby generator: 80 kW diesel, 600 V, with automatic transfer switch.
   The ATS retransfers to utility after 5 minutes of stable utility power.
   Day tank: 500 L (132 US gal). Keep the tank at least 75 % full.
   Exercise the generator weekly under load for 1 hour and log the run hours.

4. ENTRY AND SAFETY
   The wet well is a confined space. Before entry: oxygen at least 19.5 %, flammable gas below 10 % LEL,
   H2S below 10 ppm. Personal monitor: H2S alarm 10 ppm, high alarm 15 ppm.
   Lock out both pumps at the MCC before lifting a pump.

5. REVISION HISTORY
   Rev 2 (2024-04-15): lead pump start raised from 5.5 ft to 6.3 ft to reduce short cycling; standby power
   section rewritten after the 2023 generator replacement.
   Rev 1 (2016-09-01): first issue.
"""

RIVERSIDE_MANUAL = """\
# Riverside Pumping Station — Site Manual

Document No.: FC-SM-230
Revision: 1
Effective date: 2025-01-20
Owner: Town of Fennick Creek, Environmental Services

## Station

Duplex submersible station beside the Riverside Park boat launch, rebuilt in 2024 with new pumps and controls.

- Pumps P-301 and P-302: each rated 38 L/s at 14 m TDH
- Motors: 15 kW, 575 V, 3-phase; full-load current 21 A
- Forcemain: 250 mm ductile iron, 1.2 km to the lagoon headworks
- Bypass pumping connection: 150 mm camlock in the valve chamber
- Magnetic flow meter FIT-301, range 0 to 100 L/s
- Not more than 10 starts per hour per pump

Discharge pressure at the outlet header is normally 135 to 150 kPa with one pump running (typically 140 kPa)
and about 165 kPa with both pumps running.

## Wet-well levels

Levels are measured above the wet-well floor by radar transmitter LIT-301.

| Function | Level |
|---|---|
| Pumps stop | 0.6 m |
| Lead pump start | 1.4 m |
| Lag pump start | 1.9 m |
| High wet-well level alarm | 2.9 m |
| Emergency overflow to the river | 3.6 m |

## Standby power

Generator G-3, 50 kW diesel, in the weatherproof enclosure; the ATS is in the control kiosk. The generator is
exercised with the other stations' generators (see the daily round sheet FC-FRM-012).

## Entry

Wet-well entry follows the Town's confined-space program: oxygen at least 19.5 %, personal H2S monitor alarm
10 ppm.

## Revision history

- Rev 1 (2025-01-20): first issue after the 2024 rebuild.
"""


def write_iom(path: Path) -> Path:
    return make_docx(path, [
        ("Title", "Halvard HSP-350 Screw Press and PolyMax PM-2 Polymer Make-Down Unit"),
        ("", "Installation, Operation and Maintenance Manual — Fennick Creek Biosolids Dewatering Building "
             "(screw presses SP-1 and SP-2, make-down unit PMU-1)"),
        ("", "Document No.: HD-IOM-350-FC"),
        ("", "Revision: C"),
        ("", "Effective date: 2024-08-12"),
        ("", "Halvard Dewatering Systems"),
        ("Heading 1", "1. Project data sheet"),
        ("", "Values apply to each press."),
        ("row", "Item|Value|Unit"),
        ("row", "Screw diameter|350|mm"),
        ("row", "Screw speed range|0.2 to 2.0|rpm"),
        ("row", "Normal screw speed (commissioning)|0.8|rpm"),
        ("row", "Hydraulic capacity (design)|3.5|L/s"),
        ("row", "Solids capacity (design)|52|kg DS/h"),
        ("row", "Design feed solids|3|% TS"),
        ("row", "Drive motor|1.1|kW"),
        ("row", "Outlet cone air pressure (initial setting)|2.5|bar"),
        ("row", "Torque alarm|80|% of rated"),
        ("row", "Torque trip (press stops)|95|% of rated"),
        ("row", "Spray wash interval|15|min"),
        ("row", "Spray wash duration|2|min"),
        ("Heading 1", "2. PolyMax PM-2 polymer make-down"),
        ("", "The PM-2 meters neat emulsion polymer into dilution water and delivers each batch to the day tank. "
             "Set the neat polymer pump and the dilution water flow for a 0.25 % solution (product basis). "
             "Dilution water supply pressure: 3 to 6 bar."),
        ("", "Allow an aging time of 20 min before a batch is transferred to the day tank; a shorter aging time "
             "leaves the polymer partly uncoiled and raises the dose."),
        ("", "Typical dose for lagoon sludge: 10 kg of active polymer per dry tonne."),
        ("Heading 1", "3. Operation"),
        ("", "Wash water: supply 5.5 bar at the spray bar, 25 L/min per press while washing."),
        ("", "Do not run the press with feed solids below 1.2 % TS."),
        ("", "If the cake is wet, raise the cone air pressure by 0.5 bar and wait 10 min before a further change."),
        ("Heading 1", "4. Maintenance"),
        ("", "Change the gearbox oil every 10,000 h or every 2 years, whichever comes first."),
        ("", "Inspect the screen baskets and the brush strips every 2,000 h."),
    ])


def write_sop_rev3(path: Path) -> Path:
    return make_docx(path, [
        ("Title", "Septage Receiving and Transfer"),
        ("", "Town of Fennick Creek — Environmental Services — Standard Operating Procedure"),
        ("", "Document No.: FC-SOP-230"),
        ("", "Revision: 3"),
        ("", "Effective date: 2025-09-22"),
        ("", "Supersedes: Revision 2 (2023-05-02)"),
        ("Heading 1", "1. Purpose"),
        ("", "How the operator accepts a hauler's septage load, discharges it to holding tank ST-1 and bleeds it "
             "to the lagoon headworks."),
        ("Heading 1", "2. Acceptance criteria"),
        ("", "Residential septic tank and holding-tank waste only, from haulers on the Town's approved list; no "
             "grease trap or industrial waste."),
        ("", "Maximum single load: 15 m³ (4,000 US gal)."),
        ("", "Holding tank ST-1 holds 9,510 US gal. Do not accept a load when ST-1 is above 75 %."),
        ("", "Reject the load if the pH of the first-flow grab sample is below 5.0 or above 11.0."),
        ("Heading 1", "3. Procedure"),
        ("", "1. Check the manifest and the hauler's permit. Record the hauler, the origin and the volume."),
        ("", "2. Check the ST-1 level on the receiving station panel."),
        ("", "3. Take a grab sample from the first flow, measure its pH and apply section 2."),
        ("", "4. Start screen SC-401, then connect the hauler's hose to the 4 in. (100 mm) camlock."),
        ("", "5. Open the receiving valve. The ST-1 high-level alarm sounds at 85 %: tell the hauler to stop "
             "discharging at once."),
        ("", "6. When the truck is empty, flush the screen for 2 min and close the receiving valve."),
        ("", "7. Put transfer pump P-402 in AUTO; it bleeds septage to the headworks at 2.0 L/s. Do not bleed "
             "while the influent flow is below 10 L/s or while the Cell 1 DO low alarm is active."),
        ("Heading 1", "4. Safety"),
        ("", "Wear a personal H2S monitor (alarm 10 ppm). Wash down the pad after every load."),
        ("Heading 1", "5. Revision history"),
        ("row", "Revision|Date|Change"),
        ("row", "3|2025-09-22|ST-1 high-level alarm moved from 80 % to 85 % after SRS-LIT-401 was recalibrated; "
                "acceptance limit raised from 70 % to 75 %; bleed rate raised from 1.5 L/s to 2.0 L/s; pH "
                "acceptance limits added"),
        ("row", "2|2023-05-02|Transfer pump P-402 added"),
    ])


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "fc-om-100-lagoon-om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    write_iom(folder / "halvard-hsp-350-iom-fennick-creek.docx")
    # superseded: Rev 2's 80 %, 70 % and 1.5 L/s are no one's conflict
    (folder / "fc-sop-230-septage-receiving-rev2.txt").write_text(SOP_230_REV2, encoding="utf-8")
    write_sop_rev3(folder / "fc-sop-230-septage-receiving-rev3.docx")
    (folder / "fc-ins-050-setpoint-alarm-register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "fc-frm-012-daily-round-sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "fc-sm-220-mill-street-pumping-station.txt").write_text(MILL_STREET_MANUAL, encoding="utf-8")
    (folder / "fc-sm-230-riverside-pumping-station.md").write_text(RIVERSIDE_MANUAL, encoding="utf-8")
    return folder
