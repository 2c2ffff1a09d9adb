"""Held-out set 14 for the conflict finder: the made-up Tamsworth Vale Advanced Water Purification Facility.

The fictional Kestrel Basin Reclamation Authority runs a 24,000 m³/d water-reuse plant at Tamsworth Vale that
purifies nitrified secondary effluent from the neighbouring water reclamation plant for groundwater recharge, with
no membranes: feed equalization tank TK-100 (LIT-100) and feed pumps FP-101 to FP-103; ozone from liquid oxygen
(LOX tank TK-210, LIT-210) in three Caldera Ozone Technik CX-60 generators OZG-201 to OZG-203 (cooling water
outlet TIT-205A/B/C with TSH/TSHH-205A/B/C, cooling water flow FIT-206A/B/C with the generator's own FSL-206),
sidestream injection into contactors OC-220A/B (dissolved ozone AIT-224A/B and AIT-226A/B), thermal-catalytic
off-gas destruct units ODU-231/232 (vent ozone AIT-235) and ambient ozone monitors AIT-240 (generator room) and
AIT-241 (contactor gallery); biologically active carbon filters BAC-301 to BAC-308 (headloss LDIT-301 to 308,
filter effluent turbidity AIT-311 to 318, combined AIT-310) backwashed from the unchlorinated filtrate tank TK-320;
GAC pressure contactors GAC-401 to GAC-406 in three lead/lag pairs (dP PDIT-401 to 406, TOC AIT-410); UV
advanced oxidation in reactors UV-501 to UV-503 with hydrogen peroxide (UVT AIT-510, peroxide residual AIT-525);
sodium hypochlorite ahead of chlorine contact tank CCT-601 (free chlorine AIT-615/AIC-615); product tank TK-700
(LIT-700) and product pumps PWP-701 to PWP-703; and recharge through spreading basins SB-1 to SB-4 and injection
wells IW-1 to IW-3 (wellhead pressure PSH/PSHH-821 to 823) under recharge permit KBRA/RP/2019-07.

Seven documents: the plant O&M manual TV-OM-100 Rev 2 (Markdown, header table, revision history), the
instrument setpoint and alarm register TV-INS-040 Rev 6 (Markdown, a unit column), the Caldera Ozone Technik
IOM COT-IOM-CX60 Rev F for the generators and destruct units with its data sheet and protection table (DOCX),
the BAC filter backwash SOP TV-SOP-310 in two revisions (Rev 3 as plain text, superseded by Rev 4 as DOCX), the
daily operator round sheet TV-FRM-020 (plain text form) and the UV-AOP, chlorination and recharge operating
guide TV-OG-500 (HTML, US units in brackets for the well field).

Written without reading the finder's code, without running it, the eval or any script, and without reading the
README, BENCHMARKS or the earlier sets' documents. The author had read confirm13's docstring (its first 75
lines: the module contract and its kinds of near misses), its import lines, the format of its PLANTED list and
the signature and body of its write_all, the scoring helper `figures` in conflict_docs.py (pairs are matched by
their numbers; the lines shown with it also showed that module's short sop_114 writer and write_all) and
`make_docx` in tests/conftest.py. Every planted pair and near miss was chosen by what a plant
engineer would call a conflict, not by what a finder might catch. Each planted subject is stated in exactly two
current documents (the superseded SOP Rev 3 is not current), and the numbers of the planted pairs are all
distinct from one another.

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: design capacity 24,000 m³/d / 6.34 MGD (O&M); feed pumps 500 m³/h at 28 m /
  2,200 gpm at 92 ft (O&M); LOX tank 30 m³ / 7,925 US gal (O&M); generator 60 kg/d / 132 lb/d and cooling water
  12 m³/h / 53 gpm, preheat 70 °C / 158 °F (IOM); O&M rating 68 kg/d / 150 lb/d; GAC dP 0.7 bar / 10 psi (O&M)
  against the register's 0.7 bar; injection well high alarm 150 psi / 10.3 bar (guide, round sheet, register);
  IW flows 1,100 gpm / 250 m³/h and 900 gpm / 204 m³/h (guide); basin depth 1.2 m / 3.9 ft (guide); backwash
  45 m/h / 1,080 m³/h for one filter (O&M); peroxide 3.0 mg/L / about 5.0 L/h of 50 % solution (guide);
- the same value repeated: 10 wt% rating basis (IOM, O&M, round sheet); cooling water outlet alarm 32 °C (IOM,
  register, round sheet); ambient ozone alarm 0.1 ppm (IOM, O&M, register, round sheet); ODU vent 0.1 ppm (IOM,
  register); contactor outlet dissolved ozone below 0.05 mg/L (O&M, register, round sheet); TK-100 low-low
  1.2 m (O&M, register); LOX reorder 40 % (O&M, round sheet); air scour 55 m/h (O&M, SOP Rev 4); run time 72 h
  (SOP Rev 3, Rev 4); BAC combined turbidity alarm 0.4 NTU (register, round sheet, guide); GAC dP 0.7 bar (O&M,
  register); UV dose at least 900 mJ/cm² and design UVT 95 % (guide, round sheet); peroxide residual low alarm
  2.0 mg/L (guide, register); TOC internal alert 1.7 mg/L and permit 2.0 mg/L (guide, register); bromate 10 and
  5 µg/L (O&M, guide); free chlorine permit 0.5 / 4.0 mg/L (guide, round sheet); TK-700 lead start 3.8 m (O&M,
  register); O3:TOC 0.8 / 0.9 (O&M, round sheet);
- different subjects of one kind: AIT-240 vs AIT-241 high-high (0.5 vs 0.3 ppm, the register; only AIT-240
  disagrees with the O&M); BAC combined effluent AIT-310 alarm 0.4 NTU vs the per-filter backwash trigger;
  IW-1/IW-2 vs IW-3 flows; SB-1 to SB-4 areas; BAC EBCT 18 min vs GAC 20 min per pair; peroxide dose vs
  residual downstream of UV; free chlorine alarms 1.0 / 3.0 mg/L vs the target; cooling water design flow 12
  vs minimum; supply temperature 25 °C vs outlet alarm; ODU vent ozone vs ambient ozone; AIT-224 low 0.2 mg/L
  vs AIT-226 high 0.05 mg/L;
- high vs high-high / alarm vs trip / low vs low-low: cooling water outlet 32 vs trip (IOM, register); ambient
  ozone 0.1 vs shutdown; TK-100 high 5.1 vs HH 5.7 vs overflow 6.0 m; BAC headloss backwash 1.8 vs HH 2.5 m;
  UVT low 90 vs low-low 88 %; LOX low 25 vs low-low 15 %; TK-700 high 4.6 vs HH 5.0 vs overflow 5.3 m; IW
  wellhead 150 psi / 10.3 bar vs shut-in; feed gas dew point alarm -65 vs trip -60 °C; feed gas pressure low
  1.3 vs trip 1.1 bar g (IOM);
- start vs stop, lead vs lag: TK-700 lead start 3.8 / stop 2.0 m, lag start 4.2 / stop 2.6 m; FP duty vs
  standby; GAC lead vs lag vessel;
- summer vs winter: O3:TOC ratio 0.9 summer / 0.8 winter; spreading basin drying 10 days summer / 21 days winter;
- a range and a value inside it: O3:TOC 0.6 to 1.0 vs 0.8 / 0.9; infiltration 0.3 to 0.6 m/d vs design 0.6 m/d;
  feed gas supply pressure 1.5 to 2.0 bar g vs its low alarm and trip (IOM);
- permit limit vs stricter operating figure: bromate 10 vs 5 µg/L; TOC 2.0 vs alert 1.7 mg/L; BAC effluent
  turbidity permit 2 NTU average / 5 NTU maximum vs alarm 0.4 NTU; free chlorine 0.5 to 4.0 mg/L vs target;
- design vs operating figures: 24,000 vs 17,800 m³/d; generator rating vs about 43 kg/d each; BAC loading 6.0
  vs about 4.4 m/h;
- the superseded SOP revision that differs: Rev 3 headloss 2.4 m, air scour 50 m/h, turbidity 0.45 NTU;
- revision-history notes with old values: O&M Rev 2 (chlorine target from 1.9 mg/L, GAC change-out from 75 %);
  SOP Rev 4 history (2.4 to 2.1 m, 50 to 55 m/h, 0.45 to 0.35 NTU).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # IOM vs register TSHH-205A/B/C: ozone generator trip on cooling water outlet temperature
    frozenset({"35 °C", "38"}),
    # IOM data sheet vs O&M: rated ozone production of one CX-60 generator at 10 wt%
    frozenset({"60", "68 kg/d"}),
    # IOM vs round sheet: minimum cooling water flow per generator, below which it trips
    frozenset({"9.5", "7.5 m³/h"}),
    # O&M vs register AIT-240: generator room ambient ozone high-high that shuts down the generators
    frozenset({"0.3 ppm", "0.5"}),
    # O&M vs register LIT-100: feed equalization tank TK-100 high level alarm
    frozenset({"5.4 m", "5.1"}),
    # SOP Rev 4 vs register LDIT-301 to 308: BAC headloss that initiates a backwash
    frozenset({"2.1 m", "1.8"}),
    # SOP Rev 4 vs round sheet: maximum BAC filter run time between backwashes
    frozenset({"72 h", "96 h"}),
    # SOP Rev 4 vs O&M: BAC high-rate backwash water rate
    frozenset({"40 m/h", "45 m/h"}),
    # SOP Rev 4 vs register AIT-311 to 318: BAC filter effluent turbidity that initiates a backwash
    frozenset({"0.35 NTU", "0.25"}),
    # operating guide vs register AIT-510: UV feed UVT low alarm
    frozenset({"92 %", "90"}),
    # operating guide vs round sheet: hydrogen peroxide dose target ahead of the UV reactors
    frozenset({"3.0 mg/L", "4.5 mg/L"}),
    # operating guide vs O&M: free chlorine residual setpoint / target at the CCT-601 outlet (AIC-615)
    frozenset({"1.6 mg/L", "2.2 mg/L"}),
    # operating guide vs register PSHH-821 to 823: injection well wellhead pressure shut-in (180 psi = 12.4 bar)
    frozenset({"180 psi", "11.0"}),
    # operating guide vs O&M: maximum ponded depth in the spreading basins
    frozenset({"1.2 m", "1.5 m"}),
    # IOM vs O&M: off-gas preheat temperature ahead of the destruct catalyst
    frozenset({"70 °C", "55 °C"}),
    # O&M vs round sheet: lead GAC contactor change-out at effluent TOC as a share of influent TOC
    frozenset({"65 %", "80 %"}),
]


OM_MANUAL = """\
# Tamsworth Vale Advanced Water Purification Facility — Operation and Maintenance Manual

| Field | Entry |
|---|---|
| Document | TV-OM-100 |
| Revision | 2 |
| Effective | 2024-09-30 |
| Owner | Kestrel Basin Reclamation Authority, Operations Division |
| Approved by | Plant Superintendent |

## 1 Purpose

This manual describes how the Tamsworth Vale Advanced Water Purification Facility (AWPF) is operated and
maintained. Setpoints for individual instruments are held in the setpoint and alarm register TV-INS-040;
step-by-step work is in the SOPs. Where this manual and a vendor manual differ on a machine limit, raise it
with the process engineer before changing anything.

## 2 Plant overview

The AWPF takes nitrified secondary effluent from the Tamsworth Vale Water Reclamation Plant (WRP) next door
and purifies it by ozonation, biologically active carbon (BAC) filtration, granular activated carbon (GAC)
adsorption and UV advanced oxidation, followed by chlorination. The product recharges the Lower Vale aquifer
through spreading basins and injection wells under recharge permit KBRA/RP/2019-07.

The design capacity is 24,000 m³/d (6.34 MGD). In 2024 the plant produced an average of 17,800 m³/d.

### 2.1 Feed equalization and feed pumps

Secondary effluent enters feed equalization tank TK-100 (3,200 m³). Level is measured by LIT-100. Three feed
pumps FP-101, FP-102 and FP-103 (two duty, one standby) are each rated 500 m³/h at 28 m (2,200 gpm at 92 ft)
and run on variable speed to follow the plant flow setpoint.

The high level alarm on TK-100 is set at 5.4 m; the tank overflows back to the WRP outfall channel at 6.0 m.
At the low-low level of 1.2 m the feed pumps stop to protect them from air entrainment.

## 3 Ozone system

### 3.1 Oxygen supply

Oxygen comes from a 30 m³ (7,925 US gal) liquid oxygen tank TK-210 with two ambient vaporizers. The LOX
supplier is called for a delivery when the tank reaches 40 %.

### 3.2 Ozone generators

Three Caldera Ozone Technik CX-60 generators, OZG-201, OZG-202 and OZG-203, are installed as two duty and one
standby. Each generator is rated 68 kg/d (150 lb/d) of ozone at 10 % by weight. In 2024 the two duty
generators ran at about 43 kg/d each. Each generator has its own closed cooling water loop through a plate
heat exchanger; cooling water limits and the generator protections are given in the vendor IOM
COT-IOM-CX60 and are not repeated here.

### 3.3 Dose control and contactors

Ozone is dosed in proportion to feed TOC (AIT-106). The O3:TOC ratio is set at 0.8 in winter (November to
April) and 0.9 in summer (May to October). The process engineer may set any ratio between 0.6 and 1.0 for
trials. Bromate is the limit on how far the dose can go: the permit limit is 10 µg/L and the plant operates
to keep bromate below 5 µg/L.

Ozone is injected by sidestream pumps and venturi injectors into the two contactors OC-220A and OC-220B.
Dissolved ozone is measured in the first cell (AIT-224A/B) and at the contactor outlet (AIT-226A/B). The
ozone residual leaving the contactors should be below 0.05 mg/L so that no ozone reaches the BAC biomass.

### 3.4 Off-gas destruct

Contactor off-gas is drawn through a demister by the blowers of the thermal-catalytic destruct units ODU-231
(duty) and ODU-232 (standby). The off-gas is heated to 55 °C before it passes over the catalyst bed, which keeps
moisture from condensing on the catalyst.

### 3.5 Ozone safety

Ambient ozone monitors are installed in the generator room (AIT-240) and the contactor gallery (AIT-241).
Both alarm at 0.1 ppm: the room ventilation goes to high speed and the warning beacons light. At 0.3 ppm all
generators are shut down, and the room shall not be entered without self-contained breathing apparatus
until the reading has fallen below 0.1 ppm.

## 4 BAC filters

Eight gravity BAC filters, BAC-301 to BAC-308, each 24 m² (4 m by 6 m), hold 1.8 m of biologically active
GAC over 0.3 m of sand. With seven filters in service at design flow the filtration rate is 6.0 m/h and the
empty-bed contact time is 18 min; at 2024 flows the rate was about 4.4 m/h.

Filters are backwashed with unchlorinated BAC filtrate from tank TK-320; chlorinated water kills the biomass
and shall never be used. A backwash is a drain-down, air scour at 55 m/h, a combined air and low-rate water
wash, a high-rate water wash at 45 m/h (1,080 m³/h for one filter) and a rinse to waste. What starts a
backwash is set out in SOP TV-SOP-310 and in the register. Spent backwash water goes to TK-330 and is
returned to the WRP headworks.

## 5 GAC contactors

Six GAC pressure contactors, GAC-401 to GAC-406, are piped as three lead/lag pairs (401/402, 403/404 and
405/406). Each pair gives an empty-bed contact time of 20 min at design flow. A differential pressure of
0.7 bar (10 psi) across a vessel (PDIT-401 to 406) calls for a backwash of that vessel.

The lead contactor of a pair is taken out of service for a carbon change-out when the TOC of its effluent
reaches 65 % of the GAC influent TOC. The vessel with fresh carbon is returned in the lag position.

## 6 UV advanced oxidation and chlorination

Three UV reactors, UV-501 to UV-503 (two duty, one standby), treat the GAC effluent with hydrogen peroxide
for the removal of trace organics; dosing and alarms are in operating guide TV-OG-500.

Sodium hypochlorite (12.5 %) is dosed ahead of chlorine contact tank CCT-601. It first quenches the residual
peroxide and then holds a free chlorine residual of 2.2 mg/L at the CCT outlet, controlled by AIC-615.

## 7 Product water and recharge

Product tank TK-700 (2,500 m³, overflow at 5.3 m) feeds product pumps PWP-701 to PWP-703. The lead pump
starts at 3.8 m in TK-700; the other pump levels are in the register.

Four spreading basins take most of the product: SB-1 (2.1 ha), SB-2 (2.6 ha), SB-3 (2.4 ha) and SB-4
(1.9 ha). The maximum ponded depth in a basin is 1.5 m. Injection wells IW-1 to IW-3 take the rest; see
TV-OG-500 for the wet and dry cycles and the well limits.

## 8 Revision history

| Rev | Date | Change |
|---|---|---|
| 1 | 2021-03-15 | First issue at commissioning. |
| 2 | 2024-09-30 | CCT outlet chlorine target raised from 1.9 mg/L to 2.2 mg/L; GAC change-out moved from 75 % to 65 %. |
"""


REGISTER = """\
# TV-INS-040 Instrument Setpoint and Alarm Register

Tamsworth Vale AWPF. Revision 6, issued 2025-03-10. Controlled copy: the SCADA configuration shall match this
register. Changes only by instrument change request (ICR).

| Tag | Service | Function | Setpoint | Unit | Action |
|---|---|---|---|---|---|
| LIT-100 | TK-100 feed equalization level | High | 5.1 | m | Alarm |
| LIT-100 | TK-100 feed equalization level | High-high | 5.7 | m | Alarm; ask WRP to divert |
| LIT-100 | TK-100 feed equalization level | Low | 1.8 | m | Alarm |
| LIT-100 | TK-100 feed equalization level | Low-low | 1.2 | m | Feed pumps stop |
| AIT-106 | Feed TOC | High | 9.0 | mg/L | Alarm |
| LIT-210 | LOX tank TK-210 level | Low | 25 | % | Alarm |
| LIT-210 | LOX tank TK-210 level | Low-low | 15 | % | Alarm to on-call |
| TSH-205A/B/C | OZG-201/202/203 cooling water outlet temperature | High | 32 | °C | Alarm |
| TSHH-205A/B/C | OZG-201/202/203 cooling water outlet temperature | High-high | 38 | °C | Generator trip |
| AIT-224A/B | Contactor first cell dissolved ozone | Low | 0.2 | mg/L | Alarm |
| AIT-226A/B | Contactor outlet dissolved ozone | High | 0.05 | mg/L | Alarm |
| AIT-235 | ODU vent ozone | High | 0.1 | ppm | Alarm; change to standby ODU |
| AIT-240 | Ambient ozone, generator room | High | 0.1 | ppm | Alarm; ventilation high speed |
| AIT-240 | Ambient ozone, generator room | High-high | 0.5 | ppm | All generators shut down |
| AIT-241 | Ambient ozone, contactor gallery | High | 0.1 | ppm | Alarm; ventilation high speed |
| AIT-241 | Ambient ozone, contactor gallery | High-high | 0.3 | ppm | All generators shut down |
| LDIT-301 to 308 | BAC filter headloss | High | 1.8 | m | Filter queued for backwash |
| LDIT-301 to 308 | BAC filter headloss | High-high | 2.5 | m | Alarm: filter overdue for backwash |
| AIT-311 to 318 | BAC filter effluent turbidity | High | 0.25 | NTU | Filter queued for backwash |
| AIT-310 | BAC combined effluent turbidity | High | 0.4 | NTU | Alarm |
| PDIT-401 to 406 | GAC contactor differential pressure | High | 0.7 | bar | Alarm; backwash vessel |
| AIT-410 | GAC combined effluent TOC | High | 1.7 | mg/L | Internal alert (permit limit 2.0 mg/L) |
| AIT-510 | UV feed UV transmittance | Low | 90 | % | Alarm |
| AIT-510 | UV feed UV transmittance | Low-low | 88 | % | Start standby reactor; reduce flow |
| AIT-525 | Hydrogen peroxide residual downstream of UV | Low | 2.0 | mg/L | Alarm |
| AIT-615 | CCT outlet free chlorine | Low | 1.0 | mg/L | Alarm |
| AIT-615 | CCT outlet free chlorine | High | 3.0 | mg/L | Alarm |
| LIT-700 | TK-700 product tank level | High | 4.6 | m | Alarm |
| LIT-700 | TK-700 product tank level | High-high | 5.0 | m | Alarm; reduce plant flow |
| LIT-700 | TK-700 product tank level | Lead PWP start | 3.8 | m | |
| LIT-700 | TK-700 product tank level | Lead PWP stop | 2.0 | m | |
| LIT-700 | TK-700 product tank level | Lag PWP start | 4.2 | m | |
| LIT-700 | TK-700 product tank level | Lag PWP stop | 2.6 | m | |
| PSH-821 to 823 | IW-1 to IW-3 wellhead pressure | High | 10.3 | bar | Alarm |
| PSHH-821 to 823 | IW-1 to IW-3 wellhead pressure | High-high | 11.0 | bar | Shut in well (close well control valve) |

Notes:
1. Ozone generator low cooling water flow protection (FSL-206) is internal to the Caldera control panel and is
   not configured in SCADA.
2. Spreading basin levels are indication only; no alarms are configured.
"""


def iom(folder: Path) -> Path:
    return make_docx(folder / "COT-IOM-CX60 Caldera Ozone Generator IOM Rev F.docx", [
        ("Title", "Caldera Ozone Technik — CX-60 Ozone Generator and CDU Destruct Units"),
        ("", "Installation, Operation and Maintenance Manual COT-IOM-CX60-EN, Rev F (2022-11)"),
        ("", "Project: Tamsworth Vale AWPF, Kestrel Basin Reclamation Authority. Units OZG-201, OZG-202, OZG-203; "
             "destruct units ODU-231, ODU-232."),
        ("Heading 1", "1 Safety"),
        ("", "Ozone is toxic. The owner shall provide ambient ozone monitors in the generator room; Caldera "
             "recommends that they alarm at 0.1 ppm. Do not open the generator vessel while it is pressurised."),
        ("Heading 1", "2 Project data sheet"),
        ("row", "Parameter|Value|Unit"),
        ("row", "Model|CX-60|"),
        ("row", "Rated ozone production at 10 wt%|60|kg/d (132 lb/d)"),
        ("row", "Ozone concentration at rated production|10|wt%"),
        ("row", "Specific energy at rated production|8.8|kWh/kg O3"),
        ("row", "Feed gas|Oxygen from LOX, dew point -70 °C or drier|"),
        ("row", "Feed gas supply pressure|1.5 to 2.0|bar g"),
        ("row", "Cooling water design flow|12|m³/h (53 gpm)"),
        ("row", "Cooling water supply temperature, maximum|25|°C"),
        ("row", "Minimum cooling water flow (FSL-206 trip)|9.5|m³/h"),
        ("Heading 1", "3 Generator protections"),
        ("", "The generator control panel supervises the following and trips the power supply unit on any trip "
             "condition. Trips latch and need a local reset."),
        ("row", "Condition|Alarm|Trip|Unit"),
        ("row", "Cooling water outlet temperature, high|32|35|°C"),
        ("row", "Cooling water flow, low|–|9.5|m³/h"),
        ("row", "Feed gas dew point, high|-65|-60|°C"),
        ("row", "Feed gas pressure, low|1.3|1.1|bar g"),
        ("", "Note: the generator trips at a cooling water outlet temperature of 35 °C. Running the dielectrics "
             "hotter shortens their life and lowers the ozone yield."),
        ("Heading 1", "4 CDU thermal-catalytic destruct units"),
        ("", "Off-gas from the contactors is drawn through the demister and the electric preheater, then over "
             "the manganese-dioxide catalyst. The preheater setpoint is 70 °C (158 °F); below it, condensate "
             "can wet the catalyst and ozone will slip. Ozone at the vent shall not exceed 0.1 ppm."),
        ("Heading 1", "5 Start-up"),
        ("List Number", "Confirm the cooling water loop is running and its flow is above the minimum."),
        ("List Number", "Confirm the destruct unit is running and at temperature."),
        ("List Number", "Open the oxygen supply valve and purge the generator for 5 minutes."),
        ("List Number", "Start the power supply unit at 20 % and raise the output in steps of 10 %."),
        ("Heading 1", "6 Maintenance"),
        ("", "Inspect the dielectric tubes every 8,000 operating hours. Replace the catalyst charge when the vent "
             "ozone cannot be held within limits at design gas flow."),
    ])


SOP_REV3 = """\
KESTREL BASIN RECLAMATION AUTHORITY - TAMSWORTH VALE AWPF
STANDARD OPERATING PROCEDURE

Title:      BAC Filter Backwash
Number:     TV-SOP-310
Revision:   Rev 3, effective 2023-04-03
Supersedes: Rev 2
Approved:   Operations Supervisor

1. PURPOSE
   Backwash a BAC filter (BAC-301 to BAC-308) without harming the biomass.

2. WHEN TO BACKWASH
   A filter is backwashed at the first of:
   a) headloss 2.4 m (LDIT-301 to 308);
   b) 72 h run time since the last backwash;
   c) filter effluent turbidity above 0.45 NTU (AIT-311 to 318) for 15 minutes.

3. PRECAUTIONS
   - Backwash only with BAC filtrate from TK-320. Never use chlorinated water.
   - Only one filter may be in backwash at a time.

4. PROCEDURE
   4.1 Confirm TK-320 holds enough water for one wash (level above 2.8 m).
   4.2 Close the filter influent valve and drain down to 0.2 m above the media.
   4.3 Air scour at 50 m/h for 3 minutes.
   4.4 Combined air scour and low-rate water at 15 m/h for 2 minutes.
   4.5 Stop air. High-rate water wash at 40 m/h for 8 minutes.
   4.6 Rinse to waste until turbidity is below 0.2 NTU, then return the filter to service.
   4.7 Record the backwash in the log.
"""


def sop_rev4(folder: Path) -> Path:
    return make_docx(folder / "TV-SOP-310 Rev 4 BAC Filter Backwash.docx", [
        ("Title", "BAC Filter Backwash"),
        ("", "TV-SOP-310 Rev 4, effective 2025-02-17. Supersedes Rev 3."),
        ("", "Tamsworth Vale AWPF — Kestrel Basin Reclamation Authority"),
        ("Heading 1", "1 Purpose"),
        ("", "Backwash a BAC filter (BAC-301 to BAC-308) without harming the biomass on the carbon."),
        ("Heading 1", "2 Backwash triggers"),
        ("", "Backwash the filter at the first of the following:"),
        ("List Bullet", "Headloss reaches 2.1 m (LDIT-301 to 308)."),
        ("List Bullet", "Maximum run time: 72 h since the last backwash."),
        ("List Bullet", "Filter effluent turbidity above 0.35 NTU (AIT-311 to 318) for 15 minutes."),
        ("Heading 1", "3 Precautions"),
        ("List Bullet", "Backwash only with BAC filtrate from TK-320. Chlorinated water kills the biomass."),
        ("List Bullet", "Only one filter in backwash at a time; no more than two backwashes in one hour."),
        ("Heading 1", "4 Procedure"),
        ("List Number", "Confirm TK-320 level is above 2.8 m."),
        ("List Number", "Close the filter influent valve and drain down to 0.2 m above the media."),
        ("List Number", "Air scour at 55 m/h for 3 minutes."),
        ("List Number", "Combined air scour and low-rate water at 15 m/h for 2 minutes."),
        ("List Number", "Stop air. High-rate water wash at 40 m/h for 8 minutes."),
        ("List Number", "Rinse to waste until turbidity is below 0.2 NTU; return the filter to service."),
        ("List Number", "Record the backwash, the trigger and the headloss before and after in the log."),
        ("Heading 1", "5 Revision history"),
        ("row", "Rev|Date|Change"),
        ("row", "3|2023-04-03|Turbidity trigger added."),
        ("row", "4|2025-02-17|Headloss trigger lowered from 2.4 m to 2.1 m; air scour raised from 50 to 55 m/h; "
                "turbidity trigger lowered from 0.45 to 0.35 NTU."),
    ])


ROUND_SHEET = """\
TAMSWORTH VALE AWPF                                  FORM TV-FRM-020 Rev 1
DAILY OPERATOR ROUND SHEET

Date: ____________   Shift: Day / Night   Operator: ____________

FEED
  TK-100 level (LIT-100) ..................... ______ m
  Feed TOC (AIT-106) ......................... ______ mg/L
  Plant flow ................................. ______ m³/h

OZONE
  LOX tank TK-210 level ...................... ______ %   (call supplier at 40 %)
  O3:TOC ratio in use ........................ ______     (0.8 winter / 0.9 summer)
                           OZG-201    OZG-202    OZG-203
  Status (duty/standby) ..  ______     ______     ______
  Production, kg/d .......  ______     ______     ______
  Concentration, wt% .....  ______     ______     ______   (target 10)
  Cooling water flow
    FIT-206A/B/C, m³/h ...  ______     ______     ______   (min 7.5 m³/h - generator trips below)
  Cooling water outlet
    TIT-205A/B/C, °C .....  ______     ______     ______   (alarm 32 °C)
  Contactor outlet dissolved O3, AIT-226A / B ...... ______ / ______ mg/L  (must be below 0.05)
  Ambient O3, AIT-240 / AIT-241 .................... ______ / ______ ppm   (alarm 0.1)

BAC FILTERS
  Filter          301   302   303   304   305   306   307   308
  Hours since BW  ___   ___   ___   ___   ___   ___   ___   ___   (backwash by 96 h at the latest)
  Headloss, m     ___   ___   ___   ___   ___   ___   ___   ___
  Combined effluent turbidity AIT-310 ......... ______ NTU   (alarm 0.4)

GAC CONTACTORS
  Pair                          401/402   403/404   405/406
  Lead effluent TOC / influent TOC, % ..  ______    ______    ______   (change-out at 80 %)

UV-AOP
  UVT (AIT-510) .............................. ______ %   (design 95 %)
  Calculated UV dose ......................... ______ mJ/cm²  (min 900)
  H2O2 dose .................................. ______ mg/L   (target 4.5 mg/L)
  H2O2 day tank level ........................ ______ %

CHLORINATION
  CCT outlet free chlorine (AIT-615) ......... ______ mg/L  (permit: min 0.5, max 4.0)

PRODUCT AND RECHARGE
  TK-700 level ............................... ______ m
  Spreading basins  SB-1 ____  SB-2 ____  SB-3 ____  SB-4 ____   (W = wetting, D = drying)
  Basin depth, m    SB-1 ____  SB-2 ____  SB-3 ____  SB-4 ____
  Injection wells        IW-1      IW-2      IW-3
    Flow, gpm ......... ______    ______    ______
    Wellhead, psi ..... ______    ______    ______   (alarm 150 psi)

Remarks: ______________________________________________________________________

Shift supervisor signature: ____________
"""


OPERATING_GUIDE = """\
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>TV-OG-500 UV-AOP, Chlorination and Recharge Operating Guide</title></head>
<body>
<h1>UV-AOP, Chlorination and Recharge Operating Guide</h1>
<p>Document TV-OG-500, Revision 1, effective 2025-06-01. Tamsworth Vale Advanced Water Purification Facility,
Kestrel Basin Reclamation Authority. Recharge permit KBRA/RP/2019-07.</p>

<h2>1. UV advanced oxidation</h2>
<p>Reactors UV-501, UV-502 and UV-503 (two duty, one standby) are sized for a 0.5-log reduction of
1,4-dioxane at a design UV transmittance of 95 %. The reactor control holds a calculated UV dose of at least
900 mJ/cm².</p>
<p>When the UV transmittance at AIT-510 falls below 92 % the low UVT alarm is raised. Check the GAC effluent
for a breakthrough and the UVT analyser for fouling before anything else.</p>

<h3>1.1 Hydrogen peroxide</h3>
<ul>
<li>Dose target: 3.0 mg/L as H2O2, flow-paced (about 5.0 L/h of 50 % solution at design flow).</li>
<li>Residual downstream of the reactors (AIT-525): low alarm 2.0 mg/L.</li>
<li>Peroxide is stored as 50 % solution in TK-520 and dosed by DP-521 / DP-522.</li>
</ul>

<h2>2. Chlorination</h2>
<p>Sodium hypochlorite quenches the residual peroxide before it disinfects: allow about 2.09 mg/L of chlorine
for each mg/L of peroxide. The free chlorine controller AIC-615 shall be set to 1.6 mg/L at the CCT-601 outlet.
The permit requires a free chlorine residual of at least 0.5 mg/L and not more than 4.0 mg/L in the water
leaving the plant.</p>

<h2>3. Permit limits and internal alerts</h2>
<table>
<tr><th>Parameter</th><th>Permit limit</th><th>Internal alert / target</th></tr>
<tr><td>Product TOC (20-week running average)</td><td>2.0 mg/L</td><td>alert at 1.7 mg/L</td></tr>
<tr><td>Bromate</td><td>10 µg/L</td><td>target below 5 µg/L</td></tr>
<tr><td>BAC combined effluent turbidity</td><td>2 NTU 24-h average, 5 NTU maximum</td><td>alarm 0.4 NTU</td></tr>
<tr><td>Free chlorine leaving the plant</td><td>0.5 to 4.0 mg/L</td><td>see section 2</td></tr>
</table>

<h2>4. Spreading basins</h2>
<p>Basins SB-1 to SB-4 are run in wetting and drying cycles so that the infiltration surface recovers.</p>
<ul>
<li>Wetting: 10 days.</li>
<li>Drying, summer (May to October): 10 days.</li>
<li>Drying, winter (November to April): 21 days.</li>
</ul>
<p>Ponding depth shall not exceed 1.2 m (3.9 ft) in any basin. Design infiltration rate 0.6 m/d; a clean basin
usually infiltrates 0.3 to 0.6 m/d. Scrape the basin floor when a wetting cycle ends below 0.3 m/d.</p>

<h2>5. Injection wells</h2>
<table>
<tr><th>Well</th><th>Design injection rate</th></tr>
<tr><td>IW-1</td><td>1,100 gpm (250 m³/h)</td></tr>
<tr><td>IW-2</td><td>1,100 gpm (250 m³/h)</td></tr>
<tr><td>IW-3</td><td>900 gpm (204 m³/h)</td></tr>
</table>
<p>Wellhead pressure (PSH-821 to 823) alarms at 150 psi (10.3 bar). At 180 psi (12.4 bar) the well is shut in
by closing its well control valve; backflush the well before it is returned to service. Each well is backflushed
weekly for 20 minutes in any case.</p>
</body>
</html>
"""


def write_all(folder: Path) -> Path:
    """Write the seven Tamsworth Vale documents into folder and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "TV-OM-100 O&M Manual Rev 2.md").write_text(OM_MANUAL, encoding="utf-8")
    (folder / "TV-INS-040 Setpoint and Alarm Register.md").write_text(REGISTER, encoding="utf-8")
    iom(folder)
    (folder / "TV-SOP-310 Rev 3 BAC Filter Backwash.txt").write_text(SOP_REV3, encoding="utf-8")
    sop_rev4(folder)
    (folder / "TV-FRM-020 Daily Round Sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "TV-OG-500 UV-AOP Chlorination and Recharge Guide.html").write_text(OPERATING_GUIDE, encoding="utf-8")
    return folder
