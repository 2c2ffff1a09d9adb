"""Held-out set 11 for the conflict finder: the made-up Harrowgate Springs Groundwater Treatment Plant.

The fictional Oxbow Valley Water Authority (OVWA, Production Division) pumps four wells (W-1 to W-4, flowmeters
FIT-101 to FIT-104, well level transducers LIT-101 to LIT-104 reading feet below top of casing) through two
packed-tower air strippers for trichloroethylene removal (AS-1, AS-2, blowers AB-1, AB-2, airflow FIT-211/212,
sump levels LIT-201/202), doses potassium permanganate and sodium hypochlorite, and removes iron and manganese in
four Ferrex PF-120 vertical pressure filters (F-1 to F-4, differential pressure PDIT-301 to PDIT-304, effluent
turbidity AIT-311 to AIT-314, backwash flow controller FIC-320). Filtered water goes to clearwell CW-1 (LIT-401,
free chlorine AIT-410, pH AIT-411) and high service pumps HSP-1 to HSP-3 (header PIT-501) pump to the
distribution system, which has two remote booster stations: Kestrel Hill (KP-1, KP-2, PIT-710 suction, PIT-711
discharge, hypochlorite tank T-710) and Millrace Road (MRP-1 to MRP-3, PIT-720 suction, PIT-721 discharge,
generator GEN-2). Chemical tanks: hypochlorite T-601, permanganate T-602, caustic soda T-603.

Eight documents (nine files): the plant O&M manual HG-OM-100 Rev D (Markdown, header table); the Ferrex PF-120
vendor IOM FX-IOM-120-HG with its project data sheet (DOCX, a unit column); the filter backwash SOP HG-SOP-310 in
two revisions (Rev 4 as plain text, superseded by Rev 5 as DOCX with a later effective date); the instrument
setpoint and alarm register HG-INS-040 (Markdown, tag/description/value/unit columns); the daily operator round
sheet HG-FRM-021 (plain text form with blanks); the chemical feed and air stripping operating guide HG-OG-500
(HTML, units in table headers); the Kestrel Hill Booster Station site manual HG-SM-710 (plain text, US units,
dot leaders) and the Millrace Road Booster Station site manual HG-SM-720 (Markdown, metric).

Written without reading the finder's code, without running it or any script, without reading the README or
BENCHMARKS and without reading the other sets' documents. The author had seen confirm10's docstring (the module
contract), its import lines, the scoring helper `figures` in conflict_docs.py (pairs are matched by their numbers)
and `make_docx` in tests/conftest.py. Every planted pair and near miss was chosen by what a plant engineer would
call a conflict. All effective dates lie before 2026-06-01. Each planted subject is stated in exactly two current
documents (the register's two blower rows, AB-1 and AB-2, both disagree with the guide's one low-flow figure).

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: design flow 2.0 MGD / 1,390 gpm (O&M, IOM); filter diameter 10 ft / 120 in.
  (O&M, IOM); backwash rate 12 gpm/ft2 / 29 m/h (IOM, SOP Rev 5); Millrace pumps 700 gpm at 150 ft TDH, 40 hp /
  44 L/s at 46 m, 30 kW (O&M, site manual); stripper blowers 3,200 scfm / 5,440 m3/h (O&M, guide); Millrace
  suction low alarm 2.0 bar / 29 psi (site manual, register); Millrace normal discharge 5.0 to 5.5 bar / 72 to
  80 psi (site manual, round sheet);
- the same value repeated: W-1, W-2, W-4 low-water cutoffs 118, 126, 131 ft (O&M, register); anthracite 18 in.,
  support gravel 12 in., filter area 78.5 ft2 (O&M, IOM); filter effluent turbidity alarm 0.3 NTU (IOM, SOP Rev 5,
  register, round sheet); clearwell free chlorine target 1.2 mg/L (O&M, guide, round sheet); T-602 400 gal and
  T-603 2,000 gal (O&M, guide); stripper sump high 3.5 ft and high-high 4.2 ft (guide, register); AB low-low
  shutdown 1,600 scfm (guide, register); air scour 2 scfm/ft2 for 3 min and backwash 10 min (IOM, SOP Rev 5);
  HSP start/stop pressures (O&M, register); Kestrel Hill lag start 52, stops 75/72, alarm 110, trip 120, suction
  cutout 20 psi (site manual, register); Kestrel Hill residual 1.0 mg/L (guide, site manual); GEN-2 100 kW (O&M,
  site manual); Kestrel Hill pumps 600 gpm (O&M, site manual);
- different subjects of one kind: W-1 vs W-2 vs W-3 vs W-4 cutoffs and rated capacities; AS-1 vs AS-2, AB-1 vs
  AB-2; F-1 to F-4 rows; T-601 vs T-602 vs T-603 vs T-710 capacities; Kestrel Hill pumps (600 gpm) vs Millrace
  Road pumps (700 gpm) vs HSP (1,000 gpm at 210 ft); stripper 7 ft diameter vs filter 10 ft diameter;
- high vs high-high / alarm vs trip / low vs low-low: filter DP high alarm 12 psi vs vessel maximum 15 psi;
  clearwell high 16.0 ft vs overflow 18.0 ft, low 6.5 vs low-low 4.0 ft; chlorine low 0.8 vs high 2.0 mg/L;
  AB low-flow alarm vs low-low shutdown 1,600 scfm; sump high 3.5 vs high-high 4.2 ft; Kestrel Hill discharge
  alarm 110 vs trip 120 psi; Millrace suction alarm 2.0 bar vs trip; pH low 7.0 vs high 8.2;
- start vs stop, lead vs lag, duty vs standby: HSP lead start 55 / stop 70, lag start 50 / stop 68 psi; Kestrel
  Hill lead start vs lag start 52 psi, lead stop 75 vs lag stop 72 psi; AB-1 duty on AS-1 vs AB-2 on AS-2;
  MRP two duty, one standby;
- a range and a value inside it: KMnO4 1.0 to 2.5 mg/L vs the dose targets; pH 7.3 to 7.9 vs target 7.6;
  clearwell band 10 to 15 ft; Kestrel Hill normal 65 to 75 psi; free chlorine 0.2 to 0.5 mg/L in filter effluent;
- permit limit vs stricter operating target: TCE MCL 5 ug/L vs stripper target 1 ug/L; manganese SMCL 0.05 vs
  target 0.02 mg/L; iron SMCL 0.3 vs target 0.1 mg/L;
- design capacity vs operating rate: 2.0 MGD design vs 1.3 MGD average in 2024; W-2 rated 450 gpm vs throttled to
  380 gpm; AB rated 3,200 scfm vs normal 2,800 scfm; design filtration rate 4.4 gpm/ft2 vs maximum per filter;
- the superseded SOP revision that differs: Rev 4 backwash at 7 psi, after 60 hours, FIC-320 860 gpm
  (11 gpm/ft2), against Rev 5, the IOM, the O&M and the register;
- revision-history notes with old values: O&M Rev C W-3 cutoff 128 ft before 142 ft, KMnO4 range 1.0 to 2.0
  mg/L before Rev D; register LAL-401 5.5 ft before 6.5 ft; SOP Rev 5's history (7 to 8 psi, 860 to 940 gpm,
  60 to 96 h).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # O&M manual (prose) vs register LSL-103 (value column): W-3 low-water pump cutoff, ft below TOC.
    frozenset({"142 ft", "135"}),
    # O&M manual (media list) vs IOM data sheet (unit column): manganese greensand depth.
    frozenset({"24 in.", "30"}),
    # IOM (operation prose) vs SOP Rev 5 (when-to-backwash list): filter differential pressure that starts a backwash.
    frozenset({"10 psi", "8 psi"}),
    # O&M manual (label line) vs SOP Rev 5 (sentence): longest filter run between backwashes.
    frozenset({"72 h", "96 hours"}),
    # IOM data sheet (unit column) vs round sheet (form note): maximum flow through one filter.
    frozenset({"350", "390 gpm"}),
    # SOP Rev 5 (step) vs register FIC-320 (value column): backwash flow setpoint.
    frozenset({"940 gpm", "1,020"}),
    # Register LAL-401 (value column) vs round sheet (form): clearwell low level alarm.
    frozenset({"6.5", "7.5 ft"}),
    # Guide (table, scfm in header) vs register FAL-211/FAL-212 (value column): stripper blower low airflow alarm.
    frozenset({"2,400", "2,100"}),
    # O&M manual (prose) vs guide (table, gal in header): hypochlorite bulk tank T-601 capacity.
    frozenset({"2,500-gallon", "3,000"}),
    # Guide (prose) vs round sheet (form): permanganate dose target.
    frozenset({"1.8 mg/L", "1.5 mg/L"}),
    # Guide (table, gal in header) vs Kestrel Hill site manual (prose): Kestrel Hill hypochlorite tank T-710 capacity.
    frozenset({"250", "300-gallon"}),
    # Kestrel Hill site manual (dot leader) vs register PIT-711 (value column): lead pump start pressure.
    frozenset({"62 psi", "58"}),
    # O&M manual (booster table) vs Kestrel Hill site manual (dot leader): KP-1/KP-2 rated head at 600 gpm.
    frozenset({"180 ft", "195 ft"}),
    # Millrace Road site manual (prose, bar) vs register PSLL-720 (psi): suction low-low pump trip (1.4 bar = 20 psi).
    frozenset({"1.4 bar", "25"}),
    # O&M manual (list) vs Millrace Road site manual (table): GEN-2 sub-base fuel tank (1,500 L = 396 gal).
    frozenset({"500 gal", "1,500 L"}),
    # Round sheet (form, psi) vs Millrace Road site manual (bullet, bar): discharge high pressure alarm (95 psi = 6.55 bar).
    frozenset({"95 psi", "6.0 bar"}),
]


OM_MANUAL = """# Harrowgate Springs Groundwater Treatment Plant — Operation and Maintenance Manual

| Document No. | HG-OM-100 |
|---|---|
| Revision | D |
| Effective date | 2024-11-04 |
| Owner | Oxbow Valley Water Authority (OVWA), Production Division |
| Approved | R. Tennant, Production Superintendent |

## 1 Plant overview

The Harrowgate Springs Groundwater Treatment Plant (GWTP) treats water from four wells for iron, manganese and
trichloroethylene (TCE). Raw water is stripped of TCE in two packed-tower air strippers, oxidised with potassium
permanganate (KMnO4) and sodium hypochlorite, filtered in four vertical pressure filters and stored in clearwell
CW-1, from which the high service pumps deliver to the Oxbow Valley distribution system and its two booster
stations.

The plant design capacity is 2.0 MGD. Average day production in 2024 was 1.3 MGD.

## 2 Wells

Each well has a submersible pump, a magnetic flowmeter (FIT-101 to FIT-104) and a submersible level transducer
(LIT-101 to LIT-104) that reads the pumping water level in feet below top of casing (TOC).

| Well | Rated capacity (gpm) | Motor (hp) | Pump setting (ft below TOC) |
|---|---|---|---|
| W-1 | 500 | 60 | 140 |
| W-2 | 450 | 50 | 150 |
| W-3 | 550 | 75 | 170 |
| W-4 | 400 | 50 | 155 |

W-2 is throttled to about 380 gpm to limit drawdown at the neighbouring Calder farm well. The pumps in W-1, W-2
and W-4 stop on low water level at 118 ft, 126 ft and 131 ft below TOC respectively. W-3, whose pump was reset
deeper in 2022, is protected by a low-water cutoff at 142 ft below TOC so that the intake stays submerged during
summer drawdown. Wells are rotated weekly so that each pump runs at least 40 hours a week.

## 3 Air stripping

Two packed towers, AS-1 and AS-2, remove TCE. Each tower is 7 ft in diameter with 20 ft of 2-in. polyethylene
packing. Blower AB-1 serves AS-1 and AB-2 serves AS-2; each blower is rated 3,200 scfm at 6 in. w.c., giving an
air-to-water ratio of about 34:1 at 695 gpm per tower. The maximum contaminant level (MCL) for TCE is 5 ug/L;
the plant operates to keep stripper effluent below 1 ug/L. Stripped water falls to the tower sumps (LIT-201,
LIT-202) and transfer pumps TP-1 to TP-3 lift it to the filters.

## 4 Oxidation and filtration

KMnO4 is fed ahead of the filters at 1.0 to 2.5 mg/L, trimmed by the operator on filter effluent colour and
manganese. Hypochlorite is fed at the same point to keep 0.2 to 0.5 mg/L free chlorine in the filter effluent
for continuous regeneration of the greensand.

The four Ferrex PF-120 pressure filters, F-1 to F-4, are 10 ft in diameter (78.5 ft2 each). Media, top down:

- anthracite cap: 18 in.
- manganese greensand: 24 in.
- graded support gravel: 12 in., on a stainless steel lateral underdrain

Filter operating limits:

- Maximum time in service between backwashes: 72 h
- Filter effluent iron target: below 0.1 mg/L (secondary MCL, SMCL, 0.3 mg/L)
- Filter effluent manganese target: below 0.02 mg/L (SMCL 0.05 mg/L)
- Backwash procedure: see HG-SOP-310

## 5 Chemical feed

Sodium hypochlorite (12.5 %) is received in bulk and stored in T-601, a 2,500-gallon HDPE tank in the chemical
room, and is fed by metering pumps CP-601 (pre-chlorination) and CP-604 (clearwell). Permanganate is batched as
a 3 % solution in T-602 (400 gal) and fed by CP-602. Caustic soda (25 %) is stored in T-603 (2,000 gal) and fed
by CP-603 to hold clearwell pH at 7.6 within a 7.3 to 7.9 band. The clearwell free chlorine target is 1.2 mg/L.

## 6 Clearwell and high service pumping

Clearwell CW-1 holds 0.25 MG at its 18.0 ft overflow and is normally operated between 10 and 15 ft. High service
pumps HSP-1 to HSP-3 are each rated 1,000 gpm at 210 ft TDH (total dynamic head) and are controlled on discharge
header pressure PIT-501: the lead pump starts at 55 psi and stops at 70 psi; the lag pump starts at 50 psi and
stops at 68 psi.

## 7 Remote booster stations

| Station | Pumps | Rated duty, each | Motors | Standby power |
|---|---|---|---|---|
| Kestrel Hill (HG-SM-710) | KP-1, KP-2 (one duty, one standby) | 600 gpm at 180 ft TDH | 40 hp | portable generator connection |
| Millrace Road (HG-SM-720) | MRP-1 to MRP-3 (two duty, one standby) | 700 gpm at 150 ft TDH | 40 hp | GEN-2, diesel |

Millrace Road standby generator GEN-2:

- rating: 100 kW, 480 V, 3-phase
- fuel: ultra-low-sulphur diesel
- sub-base fuel tank: 500 gal
- automatic transfer switch ATS-2 transfers on loss of utility power after 10 s

## 8 Revision history

| Rev | Date | Change |
|---|---|---|
| B | 2019-05-06 | Air strippers added. |
| C | 2022-08-19 | W-3 low-water cutoff lowered from 128 ft to 142 ft below TOC after the pump was reset deeper. |
| D | 2024-11-04 | GEN-2 data added; KMnO4 dose range widened from 1.0 to 2.0 mg/L to 1.0 to 2.5 mg/L. |
"""


def iom(folder: Path) -> Path:
    return make_docx(folder / "ferrex-pf120-iom.docx", [
        ("Title", "Ferrex PF-120 Vertical Pressure Filter — Installation, Operation and Maintenance Manual"),
        ("", "Document FX-IOM-120-HG, Issue 2, March 2021. Prepared by Ferrex Filtration Systems for the Oxbow "
             "Valley Water Authority, Harrowgate Springs Groundwater Treatment Plant."),
        ("Heading 1", "1. Description"),
        ("", "The supply comprises four 120-in. diameter vertical pressure filters, F-1 to F-4, with anthracite over "
             "manganese greensand over graded gravel, a stainless steel lateral underdrain, air scour distributor "
             "and face piping with pneumatic valves. Each vessel is ASME stamped for 75 psi working pressure."),
        ("Heading 1", "2. Project data sheet"),
        ("row", "Parameter|Value|Unit"),
        ("row", "Number of filters|4|-"),
        ("row", "Vessel diameter|120|in."),
        ("row", "Filter area, each|78.5|ft2"),
        ("row", "Design working pressure|75|psi"),
        ("row", "Plant design flow|1,390|gpm"),
        ("row", "Design filtration rate|4.4|gpm/ft2"),
        ("row", "Maximum flow per filter|350|gpm"),
        ("row", "Anthracite depth|18|in."),
        ("row", "Greensand depth|30|in."),
        ("row", "Support gravel depth|12|in."),
        ("row", "Backwash rate|12|gpm/ft2"),
        ("row", "Air scour rate|2|scfm/ft2"),
        ("row", "Maximum differential pressure, vessel internals|15|psi"),
        ("Heading 1", "3. Operation"),
        ("", "Greensand is operated in continuous regeneration: an oxidant residual of 0.2 to 0.5 mg/L free chlorine "
             "should be present in the filter effluent at all times."),
        ("", "Backwash each filter when its head loss reaches 10 psi as read on the filter differential pressure "
             "transmitter, or sooner if effluent turbidity rises above 0.3 NTU."),
        ("Heading 2", "3.1 Backwash sequence"),
        ("List Number", "Isolate the filter and drain down to 6 in. above the media."),
        ("List Number", "Air scour at 2 scfm/ft2 for 3 min."),
        ("List Number", "Backwash at 12 gpm/ft2 for 10 min, raising the rate gradually over the first minute."),
        ("List Number", "Settle for 2 min, then rinse to waste until the effluent is below 0.3 NTU, typically 5 min."),
        ("Heading 1", "4. Maintenance"),
        ("List Bullet", "Probe media depth annually; add media if the bed has lost more than 2 in."),
        ("List Bullet", "Inspect the underdrain laterals every five years or after any gravel upset."),
        ("List Bullet", "Calibrate the differential pressure transmitters every six months."),
    ])


SOP_REV4 = """OXBOW VALLEY WATER AUTHORITY - HARROWGATE SPRINGS GWTP
STANDARD OPERATING PROCEDURE

Document: HG-SOP-310          Revision: 4          Effective: 2023-03-15
Title: Pressure Filter Backwash

1. PURPOSE
   To backwash pressure filters F-1 to F-4 so that iron and manganese are removed from the media.

2. WHEN TO BACKWASH
   a. Differential pressure on PDIT-301 to PDIT-304 reaches 7 psi, or
   b. the filter has been in service 60 hours, or
   c. filter effluent turbidity (AIT-311 to AIT-314) exceeds 0.3 NTU.

3. PROCEDURE
   3.1 Check clearwell level is above 12 ft before starting; backwash water is drawn from CW-1.
   3.2 Place the filter in MANUAL at the filter panel and close the inlet and effluent valves.
   3.3 Drain down to 6 in. above the media.
   3.4 Air scour at 2 scfm/ft2 for 3 minutes.
   3.5 Start backwash pump BWP-1 and set FIC-320 to 860 gpm (11 gpm/ft2). Backwash for 10 minutes.
   3.6 Settle 2 minutes, then rinse to waste until effluent turbidity is below 0.3 NTU.
   3.7 Return the filter to AUTO and record the backwash on the round sheet.

Prepared: D. Okafor     Approved: R. Tennant
"""


def sop_rev5(folder: Path) -> Path:
    return make_docx(folder / "hg-sop-310-rev5.docx", [
        ("Title", "Pressure Filter Backwash"),
        ("", "Standard Operating Procedure HG-SOP-310, Revision 5, effective 2025-02-10. "
             "Supersedes Revision 4 (2023-03-15)."),
        ("Heading 1", "1. Purpose"),
        ("", "To backwash pressure filters F-1 to F-4 so that oxidised iron and manganese are removed from the media "
             "and the greensand stays regenerated."),
        ("Heading 1", "2. When to backwash"),
        ("List Bullet", "Differential pressure on PDIT-301 to PDIT-304 reaches 8 psi."),
        ("List Bullet", "Filter effluent turbidity on AIT-311 to AIT-314 exceeds 0.3 NTU."),
        ("", "Do not leave a filter in service longer than 96 hours without a backwash, even when head loss is low."),
        ("Heading 1", "3. Procedure"),
        ("List Number", "Confirm clearwell level is above 12 ft; backwash water is drawn from CW-1."),
        ("List Number", "Place the filter in MANUAL at the filter panel and close the inlet and effluent valves."),
        ("List Number", "Drain down to 6 in. above the media."),
        ("List Number", "Air scour at 2 scfm/ft2 for 3 minutes, then stop the air scour blower."),
        ("List Number", "Start backwash pump BWP-1 and set backwash flow controller FIC-320 to 940 gpm, which is "
                        "12 gpm/ft2 (29 m/h). Backwash for 10 minutes."),
        ("List Number", "Settle 2 minutes, then rinse to waste until effluent turbidity is below 0.3 NTU."),
        ("List Number", "Return the filter to AUTO and record the time, head loss before backwash and rinse time "
                        "on HG-FRM-021."),
        ("Heading 1", "4. Revision history"),
        ("row", "Rev|Date|Change"),
        ("row", "4|2023-03-15|Rinse-to-waste end point set by turbidity."),
        ("row", "5|2025-02-10|Backwash trigger raised from 7 to 8 psi; FIC-320 from 860 to 940 gpm; "
                           "run limit from 60 to 96 h."),
        ("", "Prepared: D. Okafor. Approved: R. Tennant."),
    ])


REGISTER = """# Instrument Setpoint and Alarm Register — Harrowgate Springs GWTP

Document HG-INS-040 · Revision 6 · Effective 2025-05-20 · Custodian: OVWA Instrumentation & Controls

Values are as configured in the plant PLC (PLC-1) and the booster station PLCs. Millrace Road discharge pressure
alarms are set in the station PLC; see HG-SM-720.

## Wells and air stripping

| Tag | Description | Value | Unit | Action |
|---|---|---|---|---|
| LSL-101 | W-1 low water level, pump cutoff | 118 | ft below TOC | Stop WP-1 |
| LSL-102 | W-2 low water level, pump cutoff | 126 | ft below TOC | Stop WP-2 |
| LSL-103 | W-3 low water level, pump cutoff | 135 | ft below TOC | Stop WP-3 |
| LSL-104 | W-4 low water level, pump cutoff | 131 | ft below TOC | Stop WP-4 |
| FAL-211 | AB-1 airflow low | 2,100 | scfm | Alarm |
| FAL-212 | AB-2 airflow low | 2,100 | scfm | Alarm |
| FSLL-211 | AB-1 airflow low-low | 1,600 | scfm | Stop wells feeding AS-1 |
| FSLL-212 | AB-2 airflow low-low | 1,600 | scfm | Stop wells feeding AS-2 |
| LAH-201 | AS-1 sump level high | 3.5 | ft | Alarm |
| LSHH-201 | AS-1 sump level high-high | 4.2 | ft | Stop wells |
| LAH-202 | AS-2 sump level high | 3.5 | ft | Alarm |
| LSHH-202 | AS-2 sump level high-high | 4.2 | ft | Stop wells |

## Filters

| Tag | Description | Value | Unit | Action |
|---|---|---|---|---|
| PDAH-301 to PDAH-304 | Filter differential pressure high | 12 | psi | Alarm |
| AAH-311 to AAH-314 | Filter effluent turbidity high | 0.3 | NTU | Alarm; call for backwash |
| FIC-320 | Backwash flow setpoint | 1,020 | gpm | BWP-1 control valve |

## Clearwell and high service

| Tag | Description | Value | Unit | Action |
|---|---|---|---|---|
| LAH-401 | Clearwell level high | 16.0 | ft | Alarm |
| LAL-401 | Clearwell level low | 6.5 | ft | Alarm |
| LALL-401 | Clearwell level low-low | 4.0 | ft | Trip HSP-1 to HSP-3 |
| AAL-410 | Clearwell free chlorine low | 0.8 | mg/L | Alarm |
| AAH-410 | Clearwell free chlorine high | 2.0 | mg/L | Alarm |
| AAL-411 | Clearwell pH low | 7.0 | pH | Alarm |
| AAH-411 | Clearwell pH high | 8.2 | pH | Alarm |
| PIT-501 | HSP lead pump start | 55 | psi | Start lead HSP |
| PIT-501 | HSP lead pump stop | 70 | psi | Stop lead HSP |
| PIT-501 | HSP lag pump start | 50 | psi | Start lag HSP |
| PIT-501 | HSP lag pump stop | 68 | psi | Stop lag HSP |

## Booster stations

| Tag | Description | Value | Unit | Action |
|---|---|---|---|---|
| PSL-710 | Kestrel Hill suction pressure low, cutout | 20 | psi | Stop KP-1/KP-2 |
| PIT-711 | Kestrel Hill lead pump start | 58 | psi | Start lead KP |
| PIT-711 | Kestrel Hill lead pump stop | 75 | psi | Stop lead KP |
| PIT-711 | Kestrel Hill lag pump start | 52 | psi | Start lag KP |
| PIT-711 | Kestrel Hill lag pump stop | 72 | psi | Stop lag KP |
| PAH-711 | Kestrel Hill discharge pressure high | 110 | psi | Alarm |
| PSHH-711 | Kestrel Hill discharge pressure high-high | 120 | psi | Trip KP-1/KP-2 |
| PAL-720 | Millrace Road suction pressure low | 29 | psi | Alarm |
| PSLL-720 | Millrace Road suction pressure low-low | 25 | psi | Trip MRP-1 to MRP-3 |

## Change log

- Rev 5 (2024-02-12): FSLL-211/212 added.
- Rev 6 (2025-05-20): LAL-401 raised from 5.5 ft to 6.5 ft to give more warning before the HSP trip.
"""


ROUND_SHEET = """HARROWGATE SPRINGS GWTP                                   FORM HG-FRM-021  Rev 3
DAILY OPERATOR ROUND SHEET                                  Effective 2024-07-01

Date ______________   Operator ______________   Shift:  Day / Swing / Night

WELLS                  Running (Y/N)   Flow (gpm)     Water level (ft below TOC)
  W-1                  ______          ______         ______
  W-2                  ______          ______         ______
  W-3                  ______          ______         ______
  W-4                  ______          ______         ______

AIR STRIPPERS
  AB-1 airflow ______ scfm     AB-2 airflow ______ scfm     (normal 2,800 scfm each)
  AS-1 sump ______ ft          AS-2 sump ______ ft

PRESSURE FILTERS   (flow per filter not to exceed 390 gpm; backwash per HG-SOP-310)
  Filter   Flow (gpm)   DP (psi)   Turbidity (NTU)   Hours since backwash
  F-1      ______       ______     ______            ______
  F-2      ______       ______     ______            ______
  F-3      ______       ______     ______            ______
  F-4      ______       ______     ______            ______
  Turbidity alarm is 0.3 NTU on every filter.

CHEMICALS
  T-601 hypochlorite level ______ %      T-603 caustic level ______ %
  KMnO4 dose ______ mg/L  (target 1.5 mg/L)       Filter effluent colour: clear / pink
  Clearwell free Cl2 ______ mg/L  (target 1.2)     Clearwell pH ______

CLEARWELL
  Level ______ ft   (normal 10 to 15 ft; low alarm 7.5 ft)

REMOTE SITES (read at SCADA)
  Kestrel Hill discharge ______ psi   (normal 65 to 75)
  Millrace Rd discharge ______ psi    (normal 72 to 80; high alarm 95 psi)
  Millrace Rd GEN-2 status: ready / running / fault

Remarks: __________________________________________________________________
_______________________________________________________________________________

Reviewed by (Chief Operator) ______________
"""


GUIDE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>HG-OG-500 Chemical Feed and Air Stripping Operating Guide</title></head>
<body>
<h1>Chemical Feed and Air Stripping Operating Guide</h1>
<p>Harrowgate Springs GWTP &middot; Document HG-OG-500 &middot; Revision 2 &middot; Effective 2024-09-16</p>

<h2>1. Air stripping</h2>
<p>Run both towers whenever two or more wells are on. AB-1 is dedicated to AS-1 and AB-2 to AS-2; a tower must
never receive water without its blower running. Each blower is rated 5,440 m&sup3;/h. Normal airflow is about
2,800 scfm per tower.</p>
<table border="1">
<tr><th>Blower</th><th>Serves</th><th>Low airflow alarm (scfm)</th><th>Low-low shutdown (scfm)</th></tr>
<tr><td>AB-1</td><td>AS-1</td><td>2,400</td><td>1,600</td></tr>
<tr><td>AB-2</td><td>AS-2</td><td>2,400</td><td>1,600</td></tr>
</table>
<p>Sump levels: high alarm at 3.5 ft; high-high at 4.2 ft stops the well pumps feeding that tower. Quarterly TCE
samples at the stripper outlet should stay below 1 ug/L; the MCL is 5 ug/L.</p>

<h2>2. Permanganate</h2>
<p>Potassium permanganate is fed by CP-602 ahead of the filters. The dose target for normal well rotation is
1.8 mg/L, adjusted within the 1.0 to 2.5 mg/L range of the O&amp;M manual. Pink water at the filter effluent means
overfeed: lower the dose in 0.1 mg/L steps. Batch T-602 with 100 lb of KMnO4 per 400 gal of water.</p>

<h2>3. Hypochlorite and caustic</h2>
<p>Pre-chlorination (CP-601) holds 0.2 to 0.5 mg/L free chlorine in the filter effluent. Post-chlorination
(CP-604) is paced on AIT-410 to a clearwell free chlorine target of 1.2 mg/L. Caustic (CP-603) is paced on
AIT-411 to pH 7.6. At Kestrel Hill, CP-710 boosts the residual leaving the station to 1.0 mg/L.</p>

<h2>4. Chemical storage</h2>
<table border="1">
<tr><th>Tank</th><th>Chemical</th><th>Location</th><th>Capacity (gal)</th><th>Order at (% full)</th></tr>
<tr><td>T-601</td><td>Sodium hypochlorite 12.5 %</td><td>Chemical room</td><td>3,000</td><td>35</td></tr>
<tr><td>T-602</td><td>Potassium permanganate 3 %</td><td>Chemical room</td><td>400</td><td>batch</td></tr>
<tr><td>T-603</td><td>Caustic soda 25 %</td><td>Caustic room</td><td>2,000</td><td>40</td></tr>
<tr><td>T-710</td><td>Sodium hypochlorite 12.5 %</td><td>Kestrel Hill booster station</td><td>250</td><td>50</td></tr>
</table>
<p>Wear a face shield and chemical gloves when connecting the delivery hose. Hypochlorite and caustic are never
unloaded at the same time.</p>
</body>
</html>
"""


KESTREL = """OXBOW VALLEY WATER AUTHORITY
KESTREL HILL BOOSTER STATION - SITE MANUAL
Document HG-SM-710   Revision 1   Effective 2023-10-02

1. GENERAL
The station lifts water from the 16-in. Ridgeline main to the Kestrel Hill pressure zone. It is unmanned and is
monitored from the Harrowgate Springs GWTP SCADA. There is no standby generator; a portable generator can be
connected at the exterior receptacle.

2. PUMPS
Two horizontal split-case pumps, KP-1 and KP-2, one duty and one standby, alternate on each start.

  Manufacturer ................ Wexley Pump Co.
  Model ....................... WX-6x8-14
  Rated point ................. 600 gpm at 195 ft TDH
  Motor ....................... 40 hp, 1,780 rpm, 460 V
  Starter ..................... reduced-voltage soft starter

3. CONTROL SETPOINTS (discharge pressure PIT-711, suction pressure PIT-710)
  Lead pump start ............. 62 psi
  Lead pump stop .............. 75 psi
  Lag pump start .............. 52 psi
  Lag pump stop ............... 72 psi
  High discharge alarm ........ 110 psi
  High-high discharge trip .... 120 psi
  Suction low cutout .......... 20 psi

4. RECHLORINATION
Sodium hypochlorite is fed from a 300-gallon tank (T-710) by metering pump CP-710, paced on station flow, to
hold a free chlorine residual of 1.0 mg/L leaving the station. Check the tank level on every weekly visit and
call for delivery when it is half full.

5. WEEKLY VISIT
  - Walk the station; check for leaks at the pump seals and the CP-710 tubing.
  - Record pump hours for KP-1 and KP-2 and the residual on the station analyzer.
  - Swap the lead pump if the automatic alternation has failed.
"""


MILLRACE = """# Millrace Road Booster Station — Site Manual

Document HG-SM-720, Revision 2, effective 2025-01-13. Oxbow Valley Water Authority. Units are metric.

## 1 Description

The Millrace Road Booster Station supplies the Millrace pressure zone from the 400 mm Valley Road main. Three
vertical in-line pumps, MRP-1 to MRP-3, operate two duty and one standby; each is rated 44 L/s at 46 m TDH with a
30 kW motor on a variable frequency drive.

## 2 Pressure control

- normal discharge pressure (PIT-721): 5.0 to 5.5 bar
- high discharge pressure alarm: 6.0 bar
- suction pressure low alarm (PIT-720): 2.0 bar

To protect the suction main from collapse and backsiphonage, the station PLC trips all running pumps when
suction pressure falls below 1.4 bar and holds them off for 10 minutes after pressure recovers.

## 3 Standby power

| Item | Value |
|---|---|
| Generator | GEN-2, 100 kW, 480 V |
| Fuel | ultra-low-sulphur diesel |
| Sub-base tank capacity | 1,500 L |
| Transfer | automatic, ATS-2 |
| Exercise | weekly, 30 min on load bank |

Refuel when the sub-base gauge reads half full.

## 4 Routine checks

1. Check the pump seals and the VFD fault log.
2. Read PIT-720 and PIT-721 locally and compare them with SCADA.
3. Record generator hours and fuel level.
"""


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hg-om-100-om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    iom(folder)
    (folder / "hg-sop-310-rev4.txt").write_text(SOP_REV4, encoding="utf-8")
    sop_rev5(folder)
    (folder / "hg-ins-040-setpoint-register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "hg-frm-021-round-sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "hg-og-500-chemical-stripping-guide.html").write_text(GUIDE, encoding="utf-8")
    (folder / "hg-sm-710-kestrel-hill.txt").write_text(KESTREL, encoding="utf-8")
    (folder / "hg-sm-720-millrace-road.md").write_text(MILLRACE, encoding="utf-8")
    return folder
