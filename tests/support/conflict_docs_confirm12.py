"""Held-out set 12 for the conflict finder: the made-up Tamsin River Water Treatment Plant, a conventional plant.

The fictional Harrowgate Valley Water Authority (HVWA) draws raw water from the Tamsin River through two passive
wedge-wire intake screens (IS-1, IS-2, differential PDIT-102) and lifts it with low-lift pumps LLP-1 to LLP-3
(LLP-3 on a VFD). Alum is dosed at rapid mixer RM-1 ahead of three-stage flocculation and sedimentation basins
SB-1 and SB-2 (settled water turbidity AIT-250, AIT-251). Four dual-media filters F-1 to F-4 (loss of head
PDIT-301 to 304, effluent turbidity AIT-311 to 314) are backwashed with air scour blowers ASB-1/ASB-2 and backwash
pumps under FIC-330. Chlorine gas from ton containers is fed by two Vestmark VC-480 vacuum chlorinators, CL-1
(pre-chlorination) and CL-2 (post-chlorination), with leak detector AIT-610 and free chlorine analyzer AIT-620.
Fluorosilicic acid (FSA) from T-520 / day tank T-521 is fed by MP-521/522 (fluoride analyzer AIT-530); alum is
stored in T-510 and fed by MP-511 to MP-513. Clearwell CW-1 (LIT-700) feeds high-service pumps HSP-1 to HSP-3
(PIT-710). In distribution, the Kestrel Road Booster Station (BP-1, BP-2, jockey BP-3, suction PIT-901, discharge
PIT-902) fills the Hawthorn Hill Elevated Tank (LIT-950).
Eight documents: the plant O&M manual TR-OM-200 Rev 6 (Markdown, a header table with number, revision and
effective date), the Vestmark VC-480 chlorinator IOM VM-IOM-480-TR with its project data sheet (DOCX, metric), the
filter backwash SOP TR-SOP-310 in two revisions (Rev 4 as plain text, superseded by Rev 5 as DOCX, later effective
date), the instrument setpoint and alarm register TR-INS-040 (Markdown, tag/description/value/unit columns; the
clearwell rows are in metres, the Hawthorn Hill rows in feet), the daily operator round sheet TR-FRM-007 (plain
text form with blanks), the coagulant and fluoride feed operating guide TR-OG-500 (DOCX, a tank table with the
unit in its column header) and the Kestrel Road / Hawthorn Hill site manual TR-SM-900 (HTML; tank levels in metres
above the bowl floor, pump data in US units).

Written without reading the finder's code, without running it or any script, without reading the README or
BENCHMARKS and without reading the earlier sets' documents. The author had seen confirm10's docstring (the module
contract) and its import lines, the scoring helper `figures` in conflict_docs.py (pairs are matched by their
numbers) and `make_docx` in tests/conftest.py. Every planted pair and near miss was chosen by what a plant
engineer would call a conflict, not by what a finder might catch. All effective dates lie before 2026-06-01.
Each planted subject is stated in exactly two current documents, so each planted disagreement is one pair.

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: design capacity 12 MGD / 45,400 m³/d (O&M, IOM); CL-1 capacity 100 lb/day /
  1.9 kg/h (O&M, IOM); chlorine room above 50 °F / 10 °C (O&M, IOM); filter area 700 ft² / 65 m² (O&M, SOP Rev 5);
  clearwell high 15.0 ft / 4.57 m and low-low 4.0 ft / 1.22 m (O&M, register); Hawthorn Hill overflow 12.2 m /
  40.0 ft, high alarm 11.8 m / 38.7 ft, lead start 9.5 m / 31.2 ft, lag start 8.8 m / 28.9 ft, lag stop 10.7 m /
  35.1 ft, low alarm 7.5 m / 24.6 ft (site manual, register); tank volume 0.75 MG / 2,840 m³ (O&M, site manual);
  booster TDH 145 ft / 44 m (site manual);
- the same value repeated: free chlorine target 1.8 mg/L and range 1.5 to 2.2 mg/L (O&M, round sheet); fluoride
  target 0.7 mg/L (O&M, guide, round sheet); fluoride high-high 1.5 mg/L (guide, register); leak detector second
  alarm 3 ppm (IOM, register); T-520 1,500 gal (O&M, guide); alum dose 28 to 45 mg/L (O&M, guide, round sheet); HSP high
  pressure 105 psi (O&M, register); booster discharge high 95 psi (site manual, register); air scour 4 scfm/ft²
  and high-rate wash 8 min (O&M, SOP Rev 5); booster TDH 145 ft (O&M, site manual); settled water 2.0 NTU (O&M
  goal, register alarms); backwash turbidity trigger 0.15 NTU and loss of head 8 ft (SOP Rev 4, Rev 5);
- different subjects of one kind: LLP-1/2 4,200 gpm vs LLP-3 5,600 gpm; SB-1 0.65 MG vs SB-2 0.90 MG; F-1 to F-3
  media 20 in. / 10 in. vs F-4 24 in. / 12 in.; CL-1 vs CL-2 capacities; BP-1/BP-2 vs jockey BP-3 250 gpm; AIT-250
  vs AIT-251 rows; T-510, T-520, T-521 volumes; MP-511 to 513 30 gph vs MP-521/522 5 gph;
- high vs high-high / alarm vs trip / low vs low-low: filter turbidity 0.20 vs 0.40 NTU; loss of head 7.0 vs
  9.0 ft (register); leak detector 1 vs 3 ppm (IOM) and 0.5 vs 3 ppm (register); fluoride 1.0 vs 1.5 mg/L (guide)
  and 1.2 vs 1.5 mg/L (register); clearwell low 6.5 vs low-low 4.0 ft and 2.3 vs 1.22 m; booster suction low alarm
  30 psi vs cutoff 20 psi; Hawthorn Hill high 11.8 vs overflow 12.2 m; HSP pressure high 105 vs low 70 psi; AIT-620
  low vs high 2.8 mg/L; intake screen air-burst (O&M 4 in., round sheet 6 in.) vs PDIT-102 high-high 10 in.;
- start vs stop, lead vs lag, duty vs standby: Hawthorn Hill lead start 9.5 / stop 11.0 m, lag start 8.8 / stop
  10.7 m (register 31.2 / 37.5 / 28.9 / 35.1 ft); ASB-1 duty vs ASB-2 standby; MP-521 duty vs MP-522 standby;
- a range and a value inside it: alum 28 to 45 mg/L vs 34 mg/L average; free chlorine 1.5 to 2.2 vs 1.8 mg/L;
  fluoride 0.6 to 0.8 vs 0.7 mg/L;
- permit/regulatory limit vs stricter operating figure: filtered turbidity 0.3 NTU (95 %) and 1 NTU vs the 0.10 NTU
  goal and the alarms; chlorine entry-point minimum 0.2 mg/L and MRDL 4.0 mg/L vs target and alarms; fluoride MCL
  4.0 mg/L and SMCL 2.0 mg/L vs target and alarms;
- design capacity vs operating rate: 12 MGD design vs 7.5 MGD average day; filter rate 4 gpm/ft² vs about
  2.7 gpm/ft²; booster pumps rated vs about 900 gpm running; CL-2 capacity vs typical feed;
- the superseded SOP revision that differs: TR-SOP-310 Rev 4 air scour 3 scfm/ft² for 3 min, 96 h run limit and
  30 min filter-to-waste against Rev 5 (4 scfm/ft², 2 min, 72 h, 20 min);
- revision-history notes with old values: O&M clearwell low alarm 5.5 ft before Rev 5 and alum range 20 to 35 mg/L
  before Rev 6; SOP Rev 5's history of Rev 4 values.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # O&M manual vs setpoint register: clearwell CW-1 low level alarm (6.5 ft = 1.98 m, register LIT-700 2.3 m).
    frozenset({"6.5 ft", "2.3"}),
    # O&M manual vs chlorinator IOM data sheet: CL-2 post-chlorinator capacity (4.7 kg/h = about 250 lb/day).
    frozenset({"200 lb/day", "4.7"}),
    # Chlorinator IOM vs setpoint register: chlorine leak detector AIT-610 first (high) alarm.
    frozenset({"1 ppm", "0.5"}),
    # O&M manual vs backwash SOP Rev 5: filter high-rate backwash rate.
    frozenset({"18 gpm/ft²", "15 gpm/ft²"}),
    # Backwash SOP Rev 5 vs setpoint register: filter loss of head at which a backwash is called for.
    frozenset({"8 ft", "7.0"}),
    # Setpoint register vs round sheet: filter effluent turbidity high alarm AIT-311 to 314.
    frozenset({"0.20", "0.25 NTU"}),
    # Coagulant/fluoride guide vs setpoint register: finished water fluoride high alarm AIT-530.
    frozenset({"1.0 mg/L", "1.2"}),
    # O&M manual vs coagulant/fluoride guide tank table: alum bulk tank T-510 capacity.
    frozenset({"7,500 gallons", "6,500"}),
    # O&M manual vs Kestrel Road site manual: booster pump BP-1/BP-2 rated flow.
    frozenset({"1,000 gpm", "1,200 gpm"}),
    # Site manual vs setpoint register: Hawthorn Hill lead booster pump stop level (11.0 m = 36.1 ft).
    frozenset({"11.0 m", "37.5"}),
    # Site manual vs round sheet: Kestrel Road low suction pressure cutoff PIT-901.
    frozenset({"20 psi", "25 psi"}),
    # O&M manual vs chlorinator IOM: minimum injector inlet water pressure (3.4 bar = 49 psi).
    frozenset({"40 psi", "3.4 bar"}),
    # O&M manual vs setpoint register: clearwell effluent free chlorine low alarm AIT-620.
    frozenset({"1.0 mg/L", "0.8"}),
    # Coagulant/fluoride guide vs round sheet: alum tank T-510 reorder level.
    frozenset({"35 %", "25 %"}),
    # O&M manual vs round sheet: intake screen differential that starts an air-burst cleaning.
    frozenset({"4 in.", "6 in."}),
    # Backwash SOP Rev 5 vs round sheet: maximum filter-to-waste time after a backwash.
    frozenset({"20 min", "15 min"}),
]


OM_MANUAL = """# Tamsin River Water Treatment Plant — Operation and Maintenance Manual

| | |
|---|---|
| Document No. | TR-OM-200 |
| Revision | 6 |
| Effective date | 2024-05-20 |
| Owner | Harrowgate Valley Water Authority (HVWA), Production Section |
| Approved | R. Okonjo, Production Superintendent |

## 1 Abbreviations

- DMF: dual-media filter (anthracite over silica sand)
- FSA: fluorosilicic acid
- HSP: high-service pump
- LOH: loss of head across a filter bed
- MRDL: maximum residual disinfectant level
- TDH: total dynamic head
- TRWTP: Tamsin River Water Treatment Plant

## 2 Plant overview

The TRWTP is a conventional surface-water treatment plant with a rated design capacity of 12 MGD. In 2024 the
average day production was 7.5 MGD and the maximum day 10.1 MGD. Treatment consists of coagulation with alum,
three-stage flocculation, sedimentation, filtration through four DMFs, disinfection with chlorine gas and
fluoridation with FSA. Treated water is stored in the clearwell and pumped to the distribution system by the HSPs.

## 3 River intake and low-lift pumping

Raw water enters through two passive wedge-wire screens, IS-1 and IS-2 (3 mm slot), set in the Tamsin River
about 130 ft off the east bank. The differential across the screens is measured by PDIT-102. An air-burst cleaning
cycle is started automatically when the screen differential exceeds 4 in. of water column; operators may also
start a cycle by hand from the intake HMI.

| Pump | Rated flow | TDH | Drive |
|---|---|---|---|
| LLP-1 | 4,200 gpm | 62 ft | constant speed |
| LLP-2 | 4,200 gpm | 62 ft | constant speed |
| LLP-3 | 5,600 gpm | 62 ft | VFD |

## 4 Coagulation, flocculation and sedimentation

Liquid alum is injected at rapid mixer RM-1, which gives about 30 s of detention at design flow. The normal alum
dose is 28 to 45 mg/L as dry alum; the 2024 average was 34 mg/L. Bulk alum is kept in tank T-510, which holds
7,500 gallons of liquid alum and is filled by tanker from the south yard. See TR-OG-500 for the feed pumps.

The flocculation basins have three tapered-energy stages with a total detention time of 30 min at design flow.
Sedimentation basin SB-1 holds 0.65 MG and SB-2, built in the 2010 expansion, holds 0.90 MG. The settled water
goal is below 2.0 NTU.

## 5 Filtration

There are four DMFs, F-1 to F-4, each with a bed area of 700 ft². The design filtration rate is 4 gpm/ft²; at the
2024 average flow the filters ran at about 2.7 gpm/ft².

| Filter | Anthracite | Sand | Underdrain |
|---|---|---|---|
| F-1, F-2, F-3 | 20 in. | 10 in. | clay tile with gravel |
| F-4 (rebuilt 2023) | 24 in. | 12 in. | plastic block with IMS cap |

Regulatory limit for combined filter effluent: 0.3 NTU in at least 95 % of monthly measurements and never above
1 NTU. The plant goal for each filter is 0.10 NTU or lower.

Backwash summary (the steps are in SOP TR-SOP-310): the bed is air scoured at 4 scfm/ft² with blower ASB-1 (duty)
or ASB-2 (standby), then washed with water at a high-rate wash of 18 gpm/ft² for 8 minutes.

## 6 Disinfection

Chlorine gas is withdrawn from 1-ton containers on scales. Two Vestmark VC-480 vacuum chlorinators are installed:
CL-1 for pre-chlorination at the rapid mixer, rated 100 lb/day, and CL-2 for post-chlorination at the clearwell
inlet, rated 200 lb/day. Injector water is taken from the plant water system and must be at least 40 psi at the
injector inlet. The chlorine room is heated so that it never falls below 50 °F. Leak detector AIT-610 is mounted
12 in. above the floor; its alarm settings are in TR-INS-040.

Free chlorine target leaving clearwell: 1.8 mg/L
Normal operating range: 1.5 to 2.2 mg/L
Low free chlorine alarm (AIT-620): 1.0 mg/L
Regulatory minimum at the entry point: 0.2 mg/L
MRDL: 4.0 mg/L

## 7 Fluoridation

FSA is delivered to bulk tank T-520 (1,500 gallons) and transferred to a day tank. The fluoride target in
finished water is 0.7 mg/L, with an acceptable range of 0.6 to 0.8 mg/L. Alarm settings are in TR-OG-500.

## 8 Clearwell and high-service pumping

Clearwell CW-1 is a 1.5 MG cast-in-place tank with a 17 ft side water depth. Level transmitter LIT-700 gives a
high level alarm at 15.0 ft and a low level alarm at 6.5 ft; at low-low level, 4.0 ft, all HSPs are tripped.

High-service pumps HSP-1, HSP-2 and HSP-3 are each rated 3,500 gpm at 210 ft TDH. The discharge header pressure
(PIT-710) alarms high at 105 psi.

## 9 Distribution

The Kestrel Road Booster Station has two horizontal split-case pumps, BP-1 and BP-2, each 1,000 gpm at 145 ft TDH,
which fill the 0.75 MG Hawthorn Hill Elevated Tank. See site manual TR-SM-900.

## 10 Revision history

| Rev | Date | Change |
|---|---|---|
| 4 | 2017-03-01 | Reissued after the SB-2 and clearwell work. |
| 5 | 2020-06-15 | Clearwell low level alarm raised from 5.5 ft to 6.5 ft. |
| 6 | 2024-05-20 | Alum dose range changed from 20 to 35 mg/L to 28 to 45 mg/L; intake air-burst section added; F-4 media. |
"""


REGISTER = """# TR-INS-040 Instrument Setpoint and Alarm Register — Tamsin River WTP

Revision 9, effective 2025-01-15. Prepared by I&C, HVWA Production Section.

Values are the SCADA setpoints in force. The unit of each value is in the Unit column. LIT-700 is scaled in metres
above the clearwell floor; LIT-950 is scaled in feet above the Hawthorn Hill bowl floor.

| Tag | Description | Value | Unit | Action |
|---|---|---|---|---|
| LIT-101 | River level low, intake wet well | 405.0 | ft (elev.) | alarm |
| PDIT-102 | Intake screen differential high-high | 10 | in. w.c. | alarm, call-out |
| PIT-110 | Low-lift discharge header pressure high | 32 | psi | alarm |
| AIT-121 | Raw water turbidity high | 50 | NTU | alarm |
| AIT-250 | SB-1 settled water turbidity high | 2.0 | NTU | alarm |
| AIT-251 | SB-2 settled water turbidity high | 2.0 | NTU | alarm |
| PDIT-301 to PDIT-304 | Filter LOH high, backwash request | 7.0 | ft | backwash request |
| PDIT-301 to PDIT-304 | Filter LOH high-high | 9.0 | ft | alarm |
| AIT-311 to AIT-314 | Filter effluent turbidity high | 0.20 | NTU | alarm |
| AIT-311 to AIT-314 | Filter effluent turbidity high-high | 0.40 | NTU | filter to waste, then off |
| AIT-610 | Chlorine room leak detector high | 0.5 | ppm | alarm, horn |
| AIT-610 | Chlorine room leak detector high-high | 3 | ppm | close container valves, call-out |
| AIT-620 | Clearwell effluent free chlorine low | 0.8 | mg/L | alarm |
| AIT-620 | Clearwell effluent free chlorine high | 2.8 | mg/L | alarm |
| AIT-530 | Finished water fluoride high | 1.2 | mg/L | alarm |
| AIT-530 | Finished water fluoride high-high | 1.5 | mg/L | stop MP-521/MP-522 |
| LIT-700 | Clearwell level high | 4.57 | m | alarm |
| LIT-700 | Clearwell level low | 2.3 | m | alarm |
| LIT-700 | Clearwell level low-low | 1.22 | m | trip HSP-1 to HSP-3 |
| PIT-710 | HSP discharge header pressure high | 105 | psi | alarm |
| PIT-710 | HSP discharge header pressure low | 70 | psi | alarm |
| PIT-902 | Kestrel Road discharge pressure high | 95 | psi | alarm, stop pumps |
| LIT-950 | Hawthorn Hill overflow elevation | 40.0 | ft | reference |
| LIT-950 | Hawthorn Hill level high | 38.7 | ft | alarm |
| LIT-950 | Lead booster pump stop | 37.5 | ft | control |
| LIT-950 | Lag booster pump stop | 35.1 | ft | control |
| LIT-950 | Lead booster pump start | 31.2 | ft | control |
| LIT-950 | Lag booster pump start | 28.9 | ft | control |
| LIT-950 | Hawthorn Hill level low | 24.6 | ft | alarm |

Notes
1. Changes to any value in this register need an MOC form signed by the Production Superintendent.
2. Filter rows apply to all four filters alike.
"""


ROUND_SHEET = """HARROWGATE VALLEY WATER AUTHORITY - TAMSIN RIVER WTP
DAILY OPERATOR ROUND SHEET                 Form TR-FRM-007   Rev 3   Effective 2024-12-02

Date: ____________   Shift (circle):  Day   Swing   Night   Operator: ____________________

1. INTAKE AND LOW-LIFT
   River level, LIT-101 ............................ ______ ft (elev.)
   Intake screen differential, PDIT-102 ............ ______ in.
      Air-burst should start by itself at 6 in. If it has not, start it from the intake HMI.
   Low-lift pumps running (circle) ................. LLP-1   LLP-2   LLP-3 (VFD ______ %)
   Raw water flow, FIT-120 ......................... ______ MGD
   Raw turbidity, AIT-121 .......................... ______ NTU

2. COAGULATION / SEDIMENTATION
   Alum dose ...................................... ______ mg/L   (normal 28 to 45 mg/L)
   Settled turbidity  SB-1 ______ NTU    SB-2 ______ NTU

3. FILTERS   (call the shift supervisor if any filter effluent reaches the alarm at 0.25 NTU)

   Filter | Effluent NTU | LOH ft | Rate gpm/ft2 | Hours since wash
   F-1    | ______       | ______ | ______       | ______
   F-2    | ______       | ______ | ______       | ______
   F-3    | ______       | ______ | ______       | ______
   F-4    | ______       | ______ | ______       | ______

   Backwash log:  Filter ____  Start time ______  Filter-to-waste time ______ min (15 min max)

4. CHLORINE
   Ton container on line: No. ______   Scale reading ______ lb
   CL-1 rotameter ______ lb/day     CL-2 rotameter ______ lb/day
   Injector water pressure ______ psi
   Free chlorine leaving clearwell, AIT-620 ______ mg/L  (target 1.8 mg/L, range 1.5 to 2.2 mg/L)
   Leak detector AIT-610 reading ______ ppm   Self-test done  Y / N

5. FLUORIDE AND ALUM STORAGE
   Fluoride, AIT-530 ______ mg/L (target 0.7 mg/L)    Grab sample ______ mg/L
   FSA day tank T-521 ______ in.
   Alum tank T-510 level ______ %   Order alum at 25 % - tell the supervisor the same day.

6. CLEARWELL AND HIGH SERVICE
   Clearwell level, LIT-700 ______ m
   HSPs running (circle): HSP-1  HSP-2  HSP-3      Discharge pressure PIT-710 ______ psi

7. KESTREL ROAD BOOSTER STATION (Day shift only)
   Suction pressure, PIT-901 ______ psi   (pumps trip at 25 psi)
   Discharge pressure, PIT-902 ______ psi
   Pump running: BP-1 / BP-2 / BP-3      Hawthorn Hill level, LIT-950 ______ ft
   Building: heater on  Y / N     sump pump OK  Y / N     intrusion alarm tested  Y / N

Remarks: ________________________________________________________________________________
Reviewed by: ______________________   Date: ____________
"""


SOP_REV4 = """HARROWGATE VALLEY WATER AUTHORITY
STANDARD OPERATING PROCEDURE

Document number: TR-SOP-310
Title:           Filter Backwash, Dual-Media Filters F-1 to F-4
Revision:        4
Effective date:  2021-02-01
Status:          Current

1. PURPOSE
   To backwash a dual-media filter so that it returns to service clean and below the turbidity goal.

2. WHEN TO BACKWASH
   Backwash a filter when any of the following occurs:
   a) the loss of head reaches 8 ft;
   b) the filter effluent turbidity reaches 0.15 NTU;
   c) the filter has run 96 h since its last wash.

3. PROCEDURE
   3.1 Close the influent valve and let the water level fall to about 12 in. above the anthracite.
   3.2 Close the effluent valve and open the drain valve.
   3.3 Start the duty air scour blower and scour at 3 scfm/ft2 for 3 min.
   3.4 Stop the air and start the low-rate wash at 5 gpm/ft2 for 2 min.
   3.5 Raise the wash to the high-rate of 15 gpm/ft2 and hold for 8 min.
   3.6 Stop the wash and let the bed settle for 5 min.
   3.7 Filter to waste until the effluent is below 0.10 NTU, for no longer than 30 min.
   3.8 Return the filter to service and record the wash on the round sheet.

4. SAFETY
   Do not enter the filter gallery pipe chase during a wash.
"""


def _sop_rev5(path: Path) -> Path:
    return make_docx(
        path,
        [
            ("Title", "TR-SOP-310 Filter Backwash, Dual-Media Filters F-1 to F-4"),
            ("", "Harrowgate Valley Water Authority — Tamsin River Water Treatment Plant"),
            ("row", "Document number|TR-SOP-310"),
            ("row", "Revision|5 (supersedes Rev 4 of 2021-02-01)"),
            ("row", "Effective date|2024-10-07"),
            ("row", "Approved by|R. Okonjo, Production Superintendent"),
            ("Heading 1", "1 Purpose"),
            ("", "To backwash one dual-media filter (700 ft², 65 m² bed) and return it to service below the "
                 "plant turbidity goal."),
            ("Heading 1", "2 When to backwash"),
            ("", "A filter is backwashed as soon as its loss of head reaches 8 ft, its effluent turbidity reaches "
                 "0.15 NTU, or it has been in service for 72 h, whichever comes first. Do not wash two filters at "
                 "the same time."),
            ("Heading 1", "3 Backwash sequence"),
            ("row", "Step|Action|Setting|Duration"),
            ("row", "1|Close influent valve; lower level to about 12 in. above the anthracite|—|—"),
            ("row", "2|Close effluent valve, open drain valve|—|—"),
            ("row", "3|Air scour with ASB-1 (duty) or ASB-2 (standby)|4 scfm/ft² (2,800 scfm)|2 min"),
            ("row", "4|Air off, low-rate wash|5 gpm/ft²|2 min"),
            ("row", "5|High-rate wash, FIC-330 in auto|15 gpm/ft² (10,500 gpm)|8 min"),
            ("row", "6|Wash off, settle bed|—|5 min"),
            ("row", "7|Filter to waste until effluent below 0.10 NTU|—|20 min maximum"),
            ("row", "8|Return to service; log the wash on TR-FRM-007|—|—"),
            ("Heading 1", "4 Notes"),
            ("List Bullet", "If the filter-to-waste turbidity has not fallen below 0.10 NTU at the end of step 7, "
                            "keep the filter out of service and call the supervisor."),
            ("List Bullet", "Watch the bed surface during step 5 for media carry-over to the troughs."),
            ("Heading 1", "5 Revision history"),
            ("row", "Rev|Date|Change"),
            ("row", "4|2021-02-01|Air scour 3 scfm/ft² for 3 min; maximum run 96 h; filter to waste up to 30 min."),
            ("row", "5|2024-10-07|Air scour raised to 4 scfm/ft² for 2 min after the F-4 rebuild; run limit 72 h; "
                    "filter to waste limited to 20 min."),
        ],
    )


def _chlorinator_iom(path: Path) -> Path:
    return make_docx(
        path,
        [
            ("Title", "Vestmark VC-480 Vacuum Gas Chlorinator — Installation, Operation and Maintenance"),
            ("", "Document VM-IOM-480-TR, Revision B, 2019-09-12. Vestmark Dosing AB, Norrvik."),
            ("", "Project: Harrowgate Valley Water Authority, Tamsin River WTP, chlorination upgrade."),
            ("Heading 1", "1 Project data sheet"),
            ("row", "Item|Unit|CL-1|CL-2"),
            ("row", "Service|—|Pre-chlorination, rapid mix|Post-chlorination, clearwell inlet"),
            ("row", "Maximum feed capacity|kg/h|1.9|4.7"),
            ("row", "Chlorine supply|—|1-ton containers, vacuum regulator on container|1-ton containers, "
                    "vacuum regulator on container"),
            ("row", "Switchover|—|automatic, vacuum-operated|automatic, vacuum-operated"),
            ("row", "Injector size|mm|20|25"),
            ("row", "Plant design flow|m³/d|45,400|45,400"),
            ("Heading 1", "2 Installation"),
            ("", "Mount the vacuum regulators directly on the container valves and run the vacuum lines to the "
                 "wall-mounted feeders with a continuous fall back to the regulators. The injector needs a steady "
                 "water supply: provide a minimum inlet pressure of 3.4 bar at the injector with the solution line "
                 "at its design back-pressure. A lower supply pressure reduces the vacuum and the feed rate."),
            ("", "Keep the chlorine room at 10 °C or warmer; at lower temperatures the withdrawal rate from a "
                 "container falls off. Do not withdraw more than 180 kg/d from a single ton container."),
            ("Heading 1", "3 Gas leak detection"),
            ("", "The VGD-10 gas detector supplied with the system (plant tag AIT-610) is factory-set to give its "
                 "first alarm at 1 ppm chlorine and its second alarm at 3 ppm. The second alarm closes the "
                 "container valve actuators when these are fitted."),
            ("Heading 1", "4 Start-up"),
            ("List Number", "Open the injector water supply and check the vacuum gauge reads in the green band."),
            ("List Number", "Open one container valve a quarter turn and check all joints with ammonia vapour."),
            ("List Number", "Set the rate valve to the required feed and let the rotameter settle."),
            ("Heading 1", "5 Maintenance"),
            ("row", "Task|Interval"),
            ("row", "Replace injector check valve and diaphragm|12 months"),
            ("row", "Replace vacuum regulator inlet filter and gaskets|12 months or at each container change "
                    "if fouled"),
            ("row", "Function test gas detector with test gas|3 months"),
        ],
    )


def _chemical_guide(path: Path) -> Path:
    return make_docx(
        path,
        [
            ("Title", "Coagulant and Fluoride Feed Operating Guide"),
            ("", "Document TR-OG-500, Revision 2, effective 2023-08-01. Tamsin River WTP, HVWA Production Section."),
            ("Heading 1", "1 Storage tanks"),
            ("row", "Tag|Chemical|Capacity (gal)|Diameter (ft)|High level alarm (%)"),
            ("row", "T-510|Liquid alum, 48.5 %|6,500|10|90"),
            ("row", "T-520|Fluorosilicic acid (FSA), 23 %|1,500|6|90"),
            ("row", "T-521|FSA day tank|100|2.5|90"),
            ("", "All tanks sit in lined containment sized for 110 % of the largest tank."),
            ("Heading 1", "2 Alum feed"),
            ("", "Alum is pumped from T-510 by metering pumps MP-511, MP-512 and MP-513 (30 gph each, two duty and "
                 "one standby) to rapid mixer RM-1. The dose is set from jar tests; the normal range is 28 to 45 "
                 "mg/L as dry alum."),
            ("", "Place an alum order when T-510 falls to 35 % (about 2,300 gal), so that a full tanker can be "
                 "received."),
            ("Heading 1", "3 Fluoride feed"),
            ("", "FSA is transferred each morning from T-520 to day tank T-521 and fed by MP-521 (duty) or MP-522 "
                 "(standby), 5 gph each, flow-paced from the finished water flow."),
            ("List Bullet", "Fluoride target: 0.7 mg/L, range 0.6 to 0.8 mg/L."),
            ("List Bullet", "The analyzer AIT-530 gives a high alarm at 1.0 mg/L; confirm with a grab sample and "
                            "reduce the feed."),
            ("List Bullet", "At 1.5 mg/L (high-high) MP-521 and MP-522 are stopped by interlock."),
            ("List Bullet", "Regulatory limits for comparison: MCL 4.0 mg/L, secondary standard (SMCL) 2.0 mg/L."),
            ("Heading 1", "4 Safety"),
            ("", "Wear a face shield and acid gloves when handling FSA. The eyewash at the day tank is tested "
                 "weekly."),
        ],
    )


SITE_MANUAL = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>TR-SM-900 Kestrel Road Booster Station and Hawthorn Hill Elevated Tank</title></head>
<body>
<h1>Kestrel Road Booster Station and Hawthorn Hill Elevated Tank — Site Manual</h1>
<p>Document TR-SM-900, Revision 1, effective 2022-11-30. Harrowgate Valley Water Authority, Distribution Section.</p>

<h2>1 Station description</h2>
<p>The booster station stands on Kestrel Road beside the 16 in. transmission main from the treatment plant. BP-1 and
BP-2 are identical horizontal split-case pumps, each rated 1,200 gpm at 145 ft TDH (44 m), with 60 hp motors. BP-3 is
a small jockey pump of 250 gpm at 150 ft TDH that runs at night when demand is low. With one main pump on line the
station normally delivers about 900 gpm.</p>

<h2>2 Hawthorn Hill Elevated Tank</h2>
<p>The tank is a 0.75 MG (2,840 m³) welded-steel composite tank. Levels in this manual are given in metres above the
bowl floor, as shown on the local HMI.</p>
<ul>
  <li>Overflow: 12.2 m</li>
  <li>High level alarm: 11.8 m</li>
  <li>Lead pump stop: 11.0 m</li>
  <li>Lag pump stop: 10.7 m</li>
  <li>Lead pump start: 9.5 m</li>
  <li>Lag pump start: 8.8 m</li>
  <li>Low level alarm: 7.5 m</li>
</ul>

<h2>3 Pressure protection</h2>
<pre>
Suction low pressure alarm (PIT-901) ............ 30 psi
Suction low pressure cutoff, pumps stop ......... 20 psi
Discharge high pressure alarm (PIT-902) ......... 95 psi
</pre>
<p>After a low suction cutoff the pumps restart by themselves once suction pressure has recovered for 5 min.</p>

<h2>4 Routine checks</h2>
<table border="1">
  <tr><th>Check</th><th>Frequency</th></tr>
  <tr><td>Pump packing leak-off and bearing temperature</td><td>Weekly</td></tr>
  <tr><td>Tank hatch and vent screen inspection</td><td>Quarterly</td></tr>
  <tr><td>Altitude gauge board against LIT-950</td><td>Monthly</td></tr>
</table>
</body>
</html>
"""


def write_all(folder: Path) -> Path:
    """Write the eight Tamsin River WTP documents into folder and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "TR-OM-200_OM_Manual_Rev6.md").write_text(OM_MANUAL, encoding="utf-8")
    (folder / "TR-INS-040_Setpoint_Alarm_Register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "TR-FRM-007_Daily_Round_Sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "TR-SOP-310_Filter_Backwash_Rev4.txt").write_text(SOP_REV4, encoding="utf-8")
    _sop_rev5(folder / "TR-SOP-310_Filter_Backwash_Rev5.docx")
    _chlorinator_iom(folder / "VM-IOM-480-TR_Chlorinator_IOM.docx")
    _chemical_guide(folder / "TR-OG-500_Coagulant_Fluoride_Guide.docx")
    (folder / "TR-SM-900_Kestrel_Road_Site_Manual.html").write_text(SITE_MANUAL, encoding="utf-8")
    return folder
