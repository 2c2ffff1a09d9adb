"""Held-out set 13 for the conflict finder: the made-up Corran Head Seawater Desalination Plant, an SWRO plant.

The fictional Vellmouth Regional Water Board runs a 40,000 m³/d seawater reverse osmosis plant at Corran Head.
Seawater comes in through an open intake (offshore intake head, travelling band screens TS-101/102, seawater
intake pumps SWP-101 to SWP-104, intake wet well LIT-101), is clarified in dissolved air flotation units DAF-201
and DAF-202 (saturator PIT-221, recycle FIT-222, ferric chloride) and filtered in dual media filters DMF-211 to
DMF-220 (headloss LDIT-211 to LDIT-220, filtrate turbidity AIT-230). Sodium bisulfite (ORP AIT-305) and
antiscalant are dosed ahead of the 5 µm cartridge filters CF-A1/A2 and CF-B1/B2 (dP PDIT-311A/B). Each of the
two RO trains (Train A, 120 vessels; Train B, 126 vessels) has a Marrick MHP-8 high-pressure pump (HPP-A, HPP-B;
suction PSL/PSLL-410A/B, discharge PSH/PSHH-412A/B) and an array of sixteen Isobar IX-300 rotary pressure
exchangers with a booster pump (BP-A, BP-B); permeate conductivity AIT-451A/B. Membranes are cleaned from CIP
tank T-480 with pump CIP-P1. Post-treatment is a lime saturator LS-501 with CO2 injection and sodium hypochlorite
(pH AIT-710, free chlorine AIT-720/AIC-720) ahead of product water tanks PWT-701 and PWT-702 (LIT-701/702). The
remote Skerry Lane Transfer Pump Station (break tank BT-801, LIT-801; transfer pumps TP-801 to TP-803; surge
vessel SV-801; discharge PSH/PSHH-811) lifts part of the product to Halvard Heights Reservoir. Brine goes to sea
through a diffuser outfall (brine conductivity AIT-610) under discharge permit VRWB/DP/0417.

Eight documents: the plant O&M manual CM-OM-001 Rev 3 (Markdown, header table), the Marrick Hydraulics IOM
MH-IOM-0815 for the HP pump and energy recovery package with its project data sheet (DOCX), the RO clean-in-place
SOP CM-SOP-430 in two revisions (Rev 4 as plain text, superseded by Rev 5 as DOCX), the instrument setpoint and
alarm register CM-INS-020 (Markdown, a unit column), the daily operator round sheet CM-FRM-015 (plain text form),
the chemical systems, post-treatment and brine outfall operating guide CM-OG-600 (HTML) and the Skerry Lane
Transfer Pump Station site manual CM-SM-800 (plain text, US units).

Written without reading the finder's code, without running it or any script, without reading the README or
BENCHMARKS and without reading the earlier sets' documents. The author had seen confirm10's docstring (its first
75 lines: the module contract) and its import lines, the scoring helper `figures` in conflict_docs.py (pairs are
matched by their numbers) and `make_docx` in tests/conftest.py. Every planted pair and near miss was chosen by
what a plant engineer would call a conflict, not by what a finder might catch. Each planted subject is stated in
exactly two current documents, so each planted disagreement is one pair (the register's two AIT-451 rows, one per
train, both disagree with the O&M manual's one figure).

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: design capacity 40,000 m³/d / 10.6 MGD (O&M); transfer pumps 1,400 gpm at 310 ft
  and 150 hp / 318 m³/h at 94.5 m and 112 kW (site manual, O&M); SV-801 5,300 US gal / 20 m³ and BT-801
  150,000 US gal / 568 m³ (site manual, O&M); BT-801 high level 14.0 ft / 4.27 m, lead start 11.0 ft / 3.35 m,
  low-low 3.0 ft / 0.91 m and PSH-811 150 psi / 10.3 bar (site manual, register); HP motor 2,100 kW / 2.1 MW
  (IOM, O&M); CIP recirculation 8 m³/h / 35 gpm per vessel (SOP Rev 5, O&M); ERD unit 68 m³/h (300 gpm) and CIP
  limit 40 °C (104 °F) each within one document;
- the same value repeated: HP pump rated 860 m³/h (IOM, O&M); ERD minimum 30 m³/h per unit (IOM, O&M); HP
  suction low alarm 2.5 bar and discharge high alarm 75 bar, bearing alarm 90 °C (IOM, register); DAF saturator
  5.5 bar (O&M, round sheet); filtrate turbidity 0.2 NTU (O&M, register, round sheet); SDI below 3.0 (O&M, round
  sheet); product pH 7.8 to 8.3 (O&M, guide, round sheet); PWT high level 8.5 m (O&M, register); mixing zone
  2 ppt at 100 m (O&M, guide); intake shock chlorination 2 mg/L for 1 h (O&M, guide); ferric 3 to 8 mg/L as Fe
  (O&M, guide); ORP 350 mV (register, round sheet); normalized dP rise 20 % (O&M, SOP Rev 5); CIP pump 350 m³/h
  (O&M, SOP Rev 5); NPF decline 10 % (SOP Rev 4, Rev 5);
- different subjects of one kind: Train A 120 vs Train B 126 vessels; PWT-701 10,000 m³ vs PWT-702 12,500 m³;
  intake shock 2 mg/L vs product free chlorine setpoint; HP pump minimum flow 300 m³/h vs ERD unit flows; the
  free chlorine alarms 0.5 / 2.0 mg/L vs the setpoint; AIT-451A vs AIT-451B rows; SWP-101 to 104 vs TP-801 to 803;
- high vs high-high / alarm vs trip / low vs low-low: ORP 350 vs 400 mV; HP discharge 75 vs 82 bar (IOM) and
  75 vs 80.0 bar (register); HP suction 2.5 vs 2.0 bar (IOM) and 2.5 vs 1.6 bar (register); permeate 800 vs
  1,000 µS/cm; bearing 90 vs 100 °C; intake wet well 3.4 vs 2.7 m; PWT high 8.5 m vs overflow 9.2 m; BT-801
  high 14.0 vs overflow 15.5 ft; PSH-811 150 vs PSHH-811 165 psi, 10.3 vs 12.0 bar; pH alarms 7.7 / 8.4;
- start vs stop, lead vs lag: BT-801 lead start 11.0 / stop 6.5 ft, lag start 12.5 / stop 8.0 ft, register
  lead start 3.35 / stop 2.4 m; SWP duty vs standby; TP lead rotation;
- a range and a value inside it: SBS 2 to 4 mg/L vs about 3.0 mg/L (guide, round sheet); pH 7.8 to 8.3 vs
  target 8.0; ERD 30 to 68 (IOM) and 30 to 72 m³/h (O&M) vs about 64 m³/h at design; discharge 125 to 140 psi;
- permit or warranty limit vs stricter operating figure: brine TDS 75 g/L vs internal alert 66 g/L (guide); free
  chlorine at least 0.2 and at most 4.0 mg/L vs the setpoint; SDI warranty 4.0 vs target below 3.0;
- design capacity vs operating rate: 40,000 m³/d vs 31,500 m³/d in 2024; HP pump rated 860 vs about 833 m³/h;
  SWP 1,400 m³/h each, three duty;
- the superseded SOP revision that differs: Rev 4 maximum 38 °C and 7 m³/h per vessel against Rev 5 and the O&M;
- revision-history notes with old values: O&M DAF recycle raised from 10 % to 12 % in Rev 3; SOP Rev 5 history.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # register PDIT-311A/B vs round sheet: cartridge filter dP at which elements are changed (14.5 vs 10 psi)
    frozenset({"1.0", "10 psi"}),
    # IOM prose vs register PSLL-410A/B: HP pump low suction pressure trip
    frozenset({"2.0 bar g", "1.6"}),
    # IOM data sheet vs O&M: maximum flow per Isobar IX-300 pressure exchanger
    frozenset({"68 m³/h", "72 m³/h"}),
    # operating guide dosing table vs round sheet: antiscalant dose
    frozenset({"1.2 mg/L", "1.8 mg/L"}),
    # O&M vs register AIT-451A/B: RO permeate conductivity high alarm
    frozenset({"650 µS/cm", "800"}),
    # operating guide vs round sheet: product water free chlorine setpoint / target (AIC-720)
    frozenset({"1.0 mg/L", "0.8 mg/L"}),
    # operating guide vs O&M: product water alkalinity target
    frozenset({"60 mg/L", "45 mg/L"}),
    # site manual vs register LIT-801: BT-801 lead transfer pump stop level (6.5 ft = 1.98 m)
    frozenset({"6.5 ft", "2.4"}),
    # site manual vs O&M: SV-801 surge vessel gas precharge (4.0 bar = 58 psi)
    frozenset({"45 psi", "4.0 bar"}),
    # site manual vs register PSHH-811: transfer pump discharge high-high shutdown (12.0 bar = 174 psi)
    frozenset({"165 psi", "12.0"}),
    # IOM protection table vs register PSHH-412A/B: HP pump discharge high pressure trip
    frozenset({"82", "80.0"}),
    # O&M vs SOP Rev 5: maximum CIP solution temperature
    frozenset({"40 °C", "35 °C"}),
    # O&M vs SOP Rev 5: normalized permeate flow decline that calls for a CIP
    frozenset({"15 %", "10 %"}),
    # O&M vs round sheet: DAF recycle rate as a share of forward flow
    frozenset({"12 %", "8 %"}),
    # round sheet vs register LDIT-211 to 220: media filter headloss that starts a backwash
    frozenset({"2.2 m", "2.6"}),
    # operating guide vs O&M: discharge permit limit on brine TDS at the outfall chamber
    frozenset({"75 g/L", "70,000 mg/L"}),
]


OM_MANUAL = """\
# Corran Head Seawater Desalination Plant — Operation and Maintenance Manual

| Field | Entry |
|---|---|
| Document No. | CM-OM-001 |
| Revision | 3 |
| Effective date | 20 May 2024 |
| Owner | Vellmouth Regional Water Board — Production Section |
| Approved | K. Ardagh, Production Manager |

## 1 Plant overview

Corran Head is a seawater reverse osmosis (SWRO) plant with a design net production capacity of
40,000 m³/d (10.6 MGD). In 2024 it averaged 31,500 m³/d. The treatment train is: open intake, dissolved
air flotation (DAF), dual media filtration, sodium bisulfite and antiscalant dosing, cartridge filtration,
two RO trains with isobaric energy recovery, remineralisation with lime and CO2, chlorination, product
water storage, and transfer to the Skerry Lane Transfer Pump Station. Brine returns to sea through the
diffuser outfall.

## 2 Seawater intake

The intake head sits 650 m offshore in about 11 m of water and feeds two DN1400 HDPE pipelines to the
intake pump station. Travelling band screens TS-101 and TS-102 (3 mm mesh) protect seawater intake pumps
SWP-101 to SWP-104 (three duty, one standby), each rated 1,400 m³/h at 32 m. Shock chlorination at the
intake head doses sodium hypochlorite to 2 mg/L for 1 h per day to keep mussels out of the pipelines.

## 3 Dissolved air flotation

DAF-201 and DAF-202 run in parallel. Ferric chloride is dosed at the flash mixer at 3 to 8 mg/L as Fe,
followed by polymer. Clarified water is pumped through the saturator (normally 5.5 bar on PIT-221) and
returned to the contact zone; the recycle is held at 12 % of forward flow on FIT-222. DAF may be bypassed
when raw turbidity stays below 2 NTU and there is no algal bloom warning.

## 4 Dual media filters

Ten gravity filters DMF-211 to DMF-220 (anthracite over sand) run at about 7.5 m/h. A filter is
backwashed on headloss (setpoint in CM-INS-020), when its filtrate turbidity exceeds 0.2 NTU, or after
48 h in service, whichever comes first. Filtered water SDI15 is targeted below 3.0; the membrane warranty
allows 4.0 at most.

## 5 Bisulfite, antiscalant and cartridge filters

Sodium bisulfite removes residual chlorine ahead of the membranes; ORP is watched on AIT-305. Antiscalant
is dosed at the same point (doses in CM-OG-600). Cartridge filters CF-A1 and CF-A2 serve Train A, CF-B1
and CF-B2 serve Train B, each housing with 5 µm melt-blown elements. Clean elements show about 0.3 bar.
The change-out differential is set on PDIT-311A/B; see the register.

## 6 High-pressure pumps and energy recovery

Each train has one Marrick MHP-8 ring-section HP pump (HPP-A, HPP-B) on a VFD, driven by a 2.1 MW,
6.6 kV motor. The pumps are rated 860 m³/h and normally deliver about 833 m³/h at design production.
Brine pressure is recovered by sixteen Isobar IX-300 rotary pressure exchangers per train; each unit may
pass between 30 and 72 m³/h and carries about 64 m³/h at design. Booster pumps BP-A and BP-B make up the
pressure difference across the exchangers. Always start the low-pressure feed and the booster pump before
the HP pump (see MH-IOM-0815 for permissives and protection settings).

## 7 Reverse osmosis trains

Train A has 120 pressure vessels and Train B 126 (six positions added in 2021), seven 8-inch elements per
vessel, at 45 % recovery. Feed pressure is about 62 bar at 20 °C. Permeate conductivity is measured on
AIT-451A and AIT-451B: a reading above 650 µS/cm raises the permeate quality high alarm and the train
must be looked at before the product tank is affected.

## 8 Membrane cleaning

A train is cleaned when its normalized permeate flow (NPF) has fallen 15 % below the post-clean baseline,
or when normalized differential pressure has risen 20 %. Cleaning solutions are made up in CIP tank T-480
(30 m³, electric heater) and circulated by CIP-P1 (350 m³/h) at about 35 gpm per vessel. Cleaning solution
temperature shall not exceed 40 °C (104 °F) at any time. Follow CM-SOP-430.

## 9 Post-treatment

Permeate is remineralised by lime saturator LS-501 and CO2 injection. The two are trimmed together to give
a product alkalinity target of 45 mg/L as CaCO3 with pH between 7.8 and 8.3 (AIT-710). Sodium hypochlorite
is dosed ahead of the product water tanks; the free chlorine setpoint is given in CM-OG-600.

## 10 Product water storage and transfer

PWT-701 (10,000 m³, 2012) and PWT-702 (12,500 m³, 2019) have 9.5 m sidewalls; the high level alarm is
8.5 m and the overflow 9.2 m. Product pumps deliver about half of the output through a DN800 main to the
Skerry Lane Transfer Pump Station, where three transfer pumps TP-801 to TP-803 (two duty, one standby),
each 318 m³/h at 94.5 m with a 112 kW motor, draw from break tank BT-801 (568 m³) and lift to Halvard
Heights Reservoir. Surge vessel SV-801 (20 m³, bladder type) is kept at a gas precharge of 4.0 bar.
Details are in site manual CM-SM-800.

## 11 Brine outfall

Brine from both trains flows to the outfall chamber and a 1.2 km outfall with a 24-port diffuser. Discharge
permit VRWB/DP/0417 limits brine TDS at the outfall chamber to 70,000 mg/L (daily maximum) and the salinity
at the edge of the 100 m mixing zone to 2 ppt above ambient. Brine conductivity is measured on AIT-610.

## Revision history

| Rev | Date | Change |
|---|---|---|
| 1 | Aug 2012 | First issue |
| 2 | Nov 2019 | PWT-702 added; DAF recycle set at 10 % of forward flow |
| 3 | May 2024 | Train B extension; DAF recycle raised from 10 % to 12 %; ERD section rewritten |
"""


def iom(folder: Path) -> Path:
    row = "row"
    return make_docx(
        folder / "MH-IOM-0815 HP pump and ERD package IOM.docx",
        [
            ("Title", "Marrick Hydraulics Ltd — Installation, Operation and Maintenance Manual"),
            ("", "HP Pump and Energy Recovery Package: MHP-8 pump with Isobar IX-300 pressure exchangers"),
            ("", "Document MH-IOM-0815, Revision C, issued 17 February 2023. Project: Corran Head SWRO, "
                 "Vellmouth Regional Water Board. Equipment: HPP-A / HPP-B, BP-A / BP-B, ERD arrays A and B."),
            ("Heading 1", "1 Safety"),
            ("List Bullet", "The package operates at pressures above 60 bar. Never loosen a fitting on a "
                            "pressurised line; depressurise and verify zero on the local gauge first."),
            ("List Bullet", "Lock out the VFD and the 6.6 kV supply before any work on the pump or motor."),
            ("Heading 1", "2 Installation"),
            ("", "Grout the baseplate before final alignment. Shaft alignment tolerance after grouting is "
                 "0.05 mm offset. Flush suction piping through a temporary strainer before first start."),
            ("Heading 1", "3 Operation"),
            ("", "Start permissives: low-pressure feed flowing through the ERD array, booster pump running, "
                 "suction pressure healthy, minimum flow valve open. The HP pump must not run with its "
                 "suction pressure below 2.0 bar g; the low suction pressure trip shall be set at 2.0 bar g "
                 "with a 5 s delay, and a low suction alarm at 2.5 bar g gives the operator warning."),
            ("", "Do not run the HP pump below its minimum continuous flow of 300 m³/h; the minimum flow "
                 "valve opens automatically below this flow."),
            ("Heading 2", "3.1 Protection settings"),
            (row, "Function|Setting|Unit|Action"),
            (row, "Discharge pressure high|75|bar g|Alarm"),
            (row, "Discharge pressure high trip|82|bar g|Trip HP pump, open vent valve"),
            (row, "Bearing temperature high|90|°C|Alarm"),
            (row, "Bearing temperature high trip|100|°C|Trip HP pump"),
            (row, "Motor winding temperature high|130|°C|Alarm"),
            ("Heading 1", "4 Energy recovery devices"),
            ("", "Each IX-300 rotor must see balanced high-pressure and low-pressure flows. Set the booster "
                 "pump speed so that high-pressure outlet flow equals brine flow; a lubrication flow of about "
                 "1 % is normal. Running a unit above its rated flow raises mixing and wears the ceramics."),
            ("Heading 1", "5 Maintenance"),
            ("List Bullet", "Change bearing oil every 4,000 running hours or yearly."),
            ("List Bullet", "Mechanical seal leakage above 20 drops per minute: plan a seal change."),
            ("List Bullet", "Inspect ERD ceramics at 25,000 h or when mixing exceeds 4 %."),
            ("Heading 1", "6 Project data sheet"),
            (row, "Item|Value"),
            (row, "HP pump model|MHP-8, 8-stage ring section"),
            (row, "Rated flow|860 m³/h"),
            (row, "Rated discharge pressure|66 bar g"),
            (row, "Efficiency at rated point|84 %"),
            (row, "Speed|2,985 rpm"),
            (row, "Motor|2,100 kW, 6.6 kV, VFD"),
            (row, "ERD model|Isobar IX-300 rotary pressure exchanger"),
            (row, "ERD units per train|16"),
            (row, "Minimum flow per unit|30 m³/h"),
            (row, "Maximum flow per unit|68 m³/h (300 gpm)"),
            (row, "Booster pump rated duty|1,050 m³/h at 3.5 bar"),
        ],
    )


SOP_REV4 = """\
VELLMOUTH REGIONAL WATER BOARD - CORRAN HEAD SWRO
STANDARD OPERATING PROCEDURE

SOP No.:     CM-SOP-430
Title:       RO Train Clean-in-Place (CIP)
Revision:    4
Effective:   14 March 2022
Approved:    K. Ardagh

1. PURPOSE
   To restore permeability of an RO train by a low pH clean followed by a high pH clean.

2. WHEN TO CLEAN
   Clean a train when its normalized permeate flow (NPF) has fallen 10 % below baseline,
   or normalized differential pressure has risen 20 %. Agree the date with the shift supervisor.

3. PPE
   Face shield, chemical gloves, apron. Eyewash at T-480 tested before start.

4. PREPARATION
   4.1 Take the train offline and flush with permeate for 20 min.
   4.2 Fill T-480 with permeate and switch on the heater.
   4.3 Line up CIP-P1 to the first stage of the train.

5. LOW pH CLEAN
   5.1 Make up 2 % w/w citric acid and adjust to pH 2.5 to 3.0.
   5.2 Heat to 30 to 38 C. Maximum solution temperature 38 C.
   5.3 Recirculate at 7 m3/h per pressure vessel for 30 min, soak 1 h, recirculate 30 min.
   5.4 Drain to the neutralisation tank and flush with permeate.

6. HIGH pH CLEAN
   6.1 Make up 0.1 % NaOH with 0.025 % SDS, pH 11.5 to 12.0 (never above 12.0).
   6.2 Same temperature and flow limits as step 5.
   6.3 Recirculate 30 min, soak 1 h, recirculate 30 min, drain, flush.

7. RETURN TO SERVICE
   Flush to drain until permeate pH is within 0.5 of normal. Record NPF after 24 h as new baseline.
"""


def sop_rev5(folder: Path) -> Path:
    return make_docx(
        folder / "CM-SOP-430 Rev 5 RO CIP.docx",
        [
            ("Title", "Standard Operating Procedure — RO Train Clean-in-Place (CIP)"),
            ("", "SOP No.: CM-SOP-430    Revision: 5    Effective: 2 September 2024    Supersedes: Rev 4"),
            ("", "Site: Corran Head SWRO, Vellmouth Regional Water Board. Approved: K. Ardagh."),
            ("Heading 1", "1 Purpose and trigger"),
            ("", "This procedure restores permeability of one RO train by a low pH clean followed by a high "
                 "pH clean. A clean is called when normalized permeate flow has dropped 10 % below the "
                 "post-clean baseline, or normalized differential pressure has increased 20 %."),
            ("Heading 1", "2 Before you start"),
            ("List Number", "Wear face shield, chemical gloves and apron; test the eyewash beside T-480."),
            ("List Number", "Take the train offline and flush it with permeate for 20 min."),
            ("List Number", "Fill T-480 with permeate, start the heater and line up CIP-P1 (350 m³/h) to stage 1."),
            ("Heading 1", "3 Low pH clean"),
            ("List Number", "Make up 2 % w/w citric acid and trim to pH 2.5 to 3.0."),
            ("List Number", "Heat to 30 °C. Do not let the solution exceed 35 °C; switch the heater off at 34 °C."),
            ("List Number", "Recirculate at 8 m³/h per pressure vessel for 30 min, soak 1 h, recirculate 30 min."),
            ("List Number", "Drain to the neutralisation tank and flush with permeate."),
            ("Heading 1", "4 High pH clean"),
            ("List Number", "Make up 0.1 % NaOH with 0.025 % SDS, pH 11.5 to 12.0, never above 12.0."),
            ("List Number", "Same temperature and flow limits as section 3."),
            ("List Number", "Recirculate 30 min, soak 1 h, recirculate 30 min, drain, flush."),
            ("Heading 1", "5 Return to service"),
            ("", "Flush to drain until permeate pH is within 0.5 of normal. Record NPF after 24 h in "
                 "service as the new baseline and file the CIP record sheet."),
            ("Heading 1", "Revision history"),
            ("row", "Rev|Date|Change"),
            ("row", "4|14 Mar 2022|Temperature limit 38 °C; recirculation 7 m³/h per vessel"),
            ("row", "5|2 Sep 2024|Maximum temperature lowered from 38 °C to 35 °C after element supplier "
                    "bulletin; recirculation raised from 7 to 8 m³/h per vessel"),
        ],
    )


REGISTER = """\
# Instrument Setpoint and Alarm Register — Corran Head SWRO

Document CM-INS-020 · Revision 6 · Effective 13 January 2025 · Owner: I&C Section

Values are the PLC setpoints in service. Changes only under a management-of-change form; update this
register the same day.

| Tag | Description | Value | Unit | Action |
|---|---|---|---|---|
| LSL-101 | Intake wet well level low | 3.4 | m | Alarm; inhibit start of further SWP |
| LSLL-101 | Intake wet well level low-low | 2.7 | m | Trip SWP-101 to SWP-104 |
| PDIT-102 | Band screen differential high | 150 | mm | High-speed spray wash |
| PIT-221 | DAF saturator pressure low | 4.5 | bar | Alarm |
| LDIT-211 to LDIT-220 | Media filter headloss high | 2.6 | m | Request backwash |
| AIT-230 | Combined filtrate turbidity high | 0.2 | NTU | Alarm |
| AIT-305 | Bisulfite ORP high | 350 | mV | Alarm |
| AIT-305 | Bisulfite ORP high-high | 400 | mV | Stop HP pumps, feed to drain |
| PDIT-311A | Train A cartridge filter dP high (change elements) | 1.0 | bar | Alarm |
| PDIT-311B | Train B cartridge filter dP high (change elements) | 1.0 | bar | Alarm |
| PSL-410A/B | HP pump suction pressure low | 2.5 | bar g | Alarm |
| PSLL-410A/B | HP pump suction pressure low-low | 1.6 | bar g | Trip HP pump after 5 s |
| PSH-412A/B | HP pump discharge pressure high | 75 | bar g | Alarm |
| PSHH-412A/B | HP pump discharge pressure high-high | 80.0 | bar g | Trip HP pump |
| TSH-415A/B | HP pump bearing temperature high | 90 | °C | Alarm |
| AIT-451A | Train A permeate conductivity high | 800 | µS/cm | Alarm |
| AIT-451A | Train A permeate conductivity high-high | 1,000 | µS/cm | Divert permeate to drain |
| AIT-451B | Train B permeate conductivity high | 800 | µS/cm | Alarm |
| AIT-451B | Train B permeate conductivity high-high | 1,000 | µS/cm | Divert permeate to drain |
| AIT-610 | Brine conductivity high | 105 | mS/cm | Alarm |
| AIT-710 | Product pH low / high | 7.7 / 8.4 | pH | Alarm |
| AIT-720 | Product free chlorine low | 0.5 | mg/L | Alarm |
| AIT-720 | Product free chlorine high | 2.0 | mg/L | Alarm |
| LIT-701 | PWT-701 level high | 8.5 | m | Alarm; reduce production |
| LIT-701 | PWT-701 level low | 1.5 | m | Alarm |
| LIT-702 | PWT-702 level high | 8.5 | m | Alarm; reduce production |
| LIT-702 | PWT-702 level low | 1.5 | m | Alarm |
| LIT-801 | BT-801 level high (Skerry Lane) | 4.27 | m | Alarm |
| LIT-801 | BT-801 lead transfer pump start | 3.35 | m | Control |
| LIT-801 | BT-801 lead transfer pump stop | 2.4 | m | Control |
| LIT-801 | BT-801 level low-low, all TP off | 0.91 | m | Interlock |
| PSH-811 | Transfer pump common discharge high | 10.3 | bar | Alarm |
| PSHH-811 | Transfer pump common discharge high-high | 12.0 | bar | Stop all TP, manual reset |

Levels at BT-801 are metres above the tank floor.
"""


ROUND_SHEET = """\
CORRAN HEAD SWRO - DAILY OPERATOR ROUND SHEET
Form CM-FRM-015      Rev 2      Effective 1 July 2024

Date: ____________     Shift:  DAY / NIGHT     Operator: ____________________

Record every reading. Circle any reading off target and tell the shift supervisor.

A. INTAKE PUMP STATION
   TS-101 / TS-102 running, spray wash on ............ [ ] yes  [ ] no
   SWP in service (circle) ............................ 101   102   103   104
   Intake wet well level LIT-101 ...................... ________ m

B. DAF
   Saturator pressure PIT-221 (normal 5.5 bar) ........ ________ bar
   Recycle FIT-222, target 8 % of forward flow ........ ________ %
   Ferric dose ........................................ ________ mg/L as Fe
   Float removal / skimmer running ..................... [ ] DAF-201  [ ] DAF-202

C. MEDIA FILTERS
   Call for a backwash when any filter reaches 2.2 m headloss.
   Highest headloss: filter DMF-____ at ________ m
   Combined filtrate turbidity AIT-230 (<= 0.2 NTU) .... ________ NTU
   SDI15 (lab, Mon and Thu), target below 3.0 .......... ________

D. BISULFITE / ANTISCALANT / CARTRIDGE FILTERS
   SBS dose (about 3.0 mg/L) .......................... ________ mg/L
   ORP AIT-305 (keep below 350 mV) .................... ________ mV
   Antiscalant dose, target 1.8 mg/L .................. ________ mg/L
   Cartridge filter dP (change elements at 10 psi):
      CF-A1 ______ psi   CF-A2 ______ psi   CF-B1 ______ psi   CF-B2 ______ psi

E. HP PUMPS, ERD AND RO                       TRAIN A        TRAIN B
   HP suction pressure PIT-410 (bar g)       ________       ________
   HP discharge pressure PIT-412 (bar g)     ________       ________
   HP bearing temperature (deg C)            ________       ________
   ERD HP outlet flow FIT-430 (m3/h)         ________       ________
   Permeate flow FIT-450 (m3/h)              ________       ________
   Permeate conductivity AIT-451 (uS/cm)     ________       ________
   NPF, % of baseline (spreadsheet)          ________       ________

F. POST-TREATMENT
   Product pH AIT-710 (7.8 - 8.3, aim 8.0) ............ ________
   Free chlorine AIT-720, target 0.8 mg/L ............. ________ mg/L
   Lime saturator LS-501 outlet turbidity ............. ________ NTU
   CO2 flow ........................................... ________ kg/h

G. STORAGE AND TRANSFER
   PWT-701 level ________ m        PWT-702 level ________ m
   Skerry Lane BT-801 level (SCADA) ________ ft     TP running: 801 / 802 / 803

H. BRINE
   Brine conductivity AIT-610 ......................... ________ mS/cm
   Outfall flow FIT-620 ............................... ________ m3/h

Remarks: ______________________________________________________________

Operator signature: ______________   Supervisor check: ______________
"""


OPERATING_GUIDE = """\
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>CM-OG-600 Chemical Systems, Post-Treatment and Brine Outfall</title></head>
<body>
<h1>Chemical Systems, Post-Treatment and Brine Outfall — Operating Guide</h1>
<p>Corran Head SWRO · Document CM-OG-600 · Revision 1 · Effective 4 November 2024 · Vellmouth Regional
Water Board, Production Section</p>

<h2>1 Chemical dosing</h2>
<p>All doses are on the flow at the dosing point. Dose pumps are flow paced from the plant PLC; trim only
within the ranges below without the process engineer's agreement.</p>
<table>
<tr><th>Chemical</th><th>Dosing point</th><th>Pumps</th><th>Dose</th></tr>
<tr><td>Sodium hypochlorite 12.5 % (shock)</td><td>Intake head</td><td>CP-101/102</td><td>2 mg/L for 1 h daily</td></tr>
<tr><td>Ferric chloride</td><td>DAF flash mixer</td><td>MP-201/202</td><td>3 to 8 mg/L as Fe</td></tr>
<tr><td>Sodium bisulfite</td><td>Ahead of cartridge filters</td><td>MP-301/302</td><td>2 to 4 mg/L</td></tr>
<tr><td>Antiscalant (phosphonate blend)</td><td>Ahead of cartridge filters</td><td>MP-311/312</td><td>1.2 mg/L</td></tr>
<tr><td>Lime (saturated solution)</td><td>Post-treatment contact chamber</td><td>LS-501</td><td>to alkalinity target</td></tr>
<tr><td>Carbon dioxide</td><td>Post-treatment contact chamber</td><td>CO2 skid</td><td>to pH band</td></tr>
<tr><td>Sodium hypochlorite 12.5 %</td><td>Ahead of PWT-701/702</td><td>MP-721/722</td><td>to free chlorine setpoint</td></tr>
</table>

<h2>2 Remineralisation</h2>
<p>RO permeate is soft and aggressive. Lime from saturator LS-501 and CO2 are trimmed together so that the
product water leaves the contact chamber at an alkalinity of 60 mg/L as CaCO3, a pH of 7.8 to 8.3 and a
Langelier index between 0 and +0.3. Check the lime saturator outlet turbidity every shift; a cloudy outlet
means the saturator needs desludging.</p>

<h2>3 Chlorination</h2>
<p>The free chlorine controller AIC-720 holds a setpoint of 1.0 mg/L free chlorine at the inlet to the
product water tanks. The drinking water regulations require at least 0.2 mg/L at the point of entry to the
network and no more than 4.0 mg/L anywhere.</p>

<h2>4 Brine outfall</h2>
<ul>
<li>Permit VRWB/DP/0417: brine TDS at the outfall chamber not more than 75 g/L (daily maximum).</li>
<li>Salinity at the edge of the 100 m mixing zone: not more than 2 ppt above ambient (quarterly survey).</li>
<li>Internal alert: if the daily brine TDS reaches 66 g/L, tell the process engineer and review recovery.</li>
<li>Never send CIP waste to the outfall without neutralisation and the process engineer's sign-off.</li>
</ul>

<h2>5 Chemical storage</h2>
<p>Hypochlorite T-720 holds 30 m³ and is kept out of direct sun. Reorder bulk chemicals when a tank falls to
one third; antiscalant comes in IBCs and two full IBCs are kept on site.</p>
</body>
</html>
"""


SITE_MANUAL = """\
SKERRY LANE TRANSFER PUMP STATION
SITE MANUAL

Document:   CM-SM-800
Revision:   1
Effective:  9 October 2023
Owner:      Vellmouth Regional Water Board, Production Section (Corran Head SWRO)

1. GENERAL
The station is unstaffed and monitored from the Corran Head control room over radio telemetry. Operators
visit once a week and on any alarm. Gate and building keys are held by the shift supervisor.

2. EQUIPMENT
   Break tank BT-801 ........ 150,000 US gal, 40 ft diameter, 16 ft sidewall, welded steel
   Transfer pumps ........... TP-801, TP-802, TP-803, horizontal split case, each 1,400 gpm
                              at 310 ft TDH, 1,780 rpm, 150 hp motor on VFD
   Duty ..................... two duty, one standby; lead pump rotates every Monday
   Surge vessel SV-801 ...... 5,300 US gal bladder type, nitrogen precharge 45 psi
   Discharge main ........... 24 in. ductile iron to Halvard Heights Reservoir
   Standby generator ........ 500 kW diesel, automatic transfer switch

3. LEVEL CONTROL (feet above BT-801 floor, transmitter LIT-801)
   - High level alarm .................. 14.0 ft
   - Lag pump start .................... 12.5 ft
   - Lead pump start ................... 11.0 ft
   - Lag pump stop ..................... 8.0 ft
   - Lead pump stop .................... 6.5 ft
   - Low-low level, all pumps locked out  3.0 ft
   The tank overflows at 15.5 ft through the overflow weir to the storm drain.

4. PRESSURE PROTECTION
Normal common discharge pressure is 125 to 140 psi with two pumps on line. PSH-811 alarms at 150 psi.
PSHH-811 stops all transfer pumps at 165 psi and needs a manual reset at the station panel. Before
resetting, walk the discharge main valves: a closed valve at the reservoir inlet is the usual cause.

5. SURGE VESSEL
Check the SV-801 bladder precharge every three months with the vessel isolated and drained. Top up with
dry nitrogen only. A falling precharge means a leaking bladder or charging valve.

6. WEEKLY VISIT
   [ ] Read pump hours and discharge pressure; note in the station log.
   [ ] Check pump seals and bearing housings for leaks and heat.
   [ ] Exercise the generator 30 min on load; record fuel level.
   [ ] Check the tank hatch locks and vent screens.
   [ ] Clear the sump and test the sump pump float.

7. CONTACTS
Corran Head control room, 24 h. I&C on-call technician. Halvard Heights Reservoir keyholder.
"""


def write_all(folder: Path) -> Path:
    """Write the eight Corran Head documents into folder and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "CM-OM-001 O&M Manual Rev 3.md").write_text(OM_MANUAL, encoding="utf-8")
    iom(folder)
    (folder / "CM-SOP-430 Rev 4 RO CIP.txt").write_text(SOP_REV4, encoding="utf-8")
    sop_rev5(folder)
    (folder / "CM-INS-020 Setpoint and Alarm Register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "CM-FRM-015 Daily Round Sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "CM-OG-600 Chemical Post-Treatment and Outfall Guide.html").write_text(
        OPERATING_GUIDE, encoding="utf-8"
    )
    (folder / "CM-SM-800 Skerry Lane Transfer Pump Station.txt").write_text(SITE_MANUAL, encoding="utf-8")
    return folder
