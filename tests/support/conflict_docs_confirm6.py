"""Held-out set 6 for the conflict finder: the made-up Cedar Notch Water Treatment Plant.

The fictional Marrowfield Regional Water Authority runs Cedar Notch WTP, a 30 MGD conventional
surface-water plant on the (also fictional) Tamble River: three raw water intake pumps, intermediate
ozone from two Kelvane KZG-250 generators fed with liquid oxygen, ACH coagulation, three-stage
flocculation and plate settlers, six dual-media filters, three UV reactors, a clearwell with free
chlorine followed by chloramine conversion, and four high-service pumps. In distribution, the
Ridgeline Booster Station (BS-1, VFD pressure control) serves a higher zone and the Tamsin Hill
Booster Station (BS-2, constant speed) fills the Hollis Road Tank. Eight documents: the plant O&M
manual (Markdown), the ozone generator vendor's IOM with its site data sheet (DOCX), filter backwash
SOP CN-SOP-140 in two revisions (Rev 3 as plain text, superseded by Rev 4 as DOCX), the instrument
and alarm setpoint register (Markdown), the operator round sheet (plain text), and one manual per
booster station (BS-1 Markdown, BS-2 with the tank as plain text).

Written without reading the finder's code, without running it, and without reading the earlier
sets' documents. The author had seen confirm5's docstring and the start of its PLANTED list (the
module contract), the scoring helper `figures` (pairs are matched by their numbers; an over-wide print
also showed the base set's `sop_114` and `write_all` helpers just below it) and the README's
paragraphs on how document numbers, revisions and effective dates are read; every planted pair and
near miss was chosen by what a plant engineer would call a conflict. All effective dates lie before
2026-06-01, the date the measurement uses as today.

Sixteen planted disagreements are listed in PLANTED. Near misses, none of them a conflict:
- the same value in two units: ozone cooling water low flow 20 gpm / 1.26 L/s; cooling water supply
  limit 86 °F / 30 °C; wet well low alarm 8.5 ft / 2.6 m; filter-to-waste 15 min / 900 s; maximum filter
  run 96 h / 4 days; clearwell high alarm 22.0 ft / 6.7 m; HSP header low alarm 60 psi / 414 kPa;
  BS-1 high-high discharge trip 105 psi / 724 kPa; BS-2 suction cutout 15 psi / 103 kPa; Hollis Road
  Tank lag start 25 ft / 7.6 m, pump stop 34 ft / 10.4 m, high alarm 37 ft / 11.3 m;
- the same value repeated in two documents: ambient ozone high alarm 0.1 ppm; generator rating
  250 lb/day; applied ozone dose 1.5 mg/L; dissolved ozone residual 0.25 mg/L; ACH winter dose
  25 mg/L; air scour 3 scfm/ft²; plant effluent total chlorine 3.2 mg/L; chlorine to ammonia-N ratio 4.6:1;
- different subjects of one kind: Filter 3 vs Filter 4 turbidity alarm; flocculator stages FL-311/312/313;
  UV-501/502 vs UV-503 lamp life; HSP-701/702 (VFD) vs HSP-703/704; BS-1 vs BS-2 suction cutout and
  discharge trip; clearwell-inlet free chlorine vs plant-effluent total chlorine vs tank-outlet minimum;
- high vs high-high / alarm vs trip / low vs low-low: ambient ozone 0.1 vs 0.3 (vendor) and 0.1 vs 0.5
  (register); cooling water outlet alarm 95 °F vs shutdown 104 °F; wet well low vs low-low; free
  chlorine high 3.0 vs low 1.0; UV intensity low 60 % vs low-low 45 %; HSP header high vs low; HSP motor
  winding alarm 130 °C vs trip 145 °C; BS-1 suction low alarm 30 psi vs cutout 20 psi; screen wash start
  6 in. vs differential alarm 12 in.;
- start vs stop, lead vs lag, duty vs standby, inlet vs outlet, summer vs winter, day vs night: BS-1 lag
  start 60 s vs stop 120 s; tank lead start vs lag start vs stop; cooling water inlet maximum vs outlet
  alarm; ACH 18 mg/L summer vs 25 mg/L winter; sludge blowdown every 4 h by day vs 6 h at night;
- a range and a value inside it: wash rate 15-20 gpm/ft² vs 18 gpm/ft²; clearwell 14-20 ft vs normal
  17 ft; feed gas 18-22 psig normal vs 14 psig low alarm; HSP header 88-96 psi normal;
- changes and bounds: "raise the hypochlorite dose by 0.2 mg/L"; entry point residual at least 0.2 mg/L;
  ozone residual at least 0.15 mg/L for CT; clearwell at least 8 ft for CT; tank outlet at least 1.5 mg/L;
- regulatory limit vs stricter operating figure: turbidity 0.3 NTU (95 %) vs goal 0.10 NTU; MRDL 4.0 mg/L
  vs 3.2 mg/L setpoint; validated UV dose 12 mJ/cm² vs setpoint;
- design capacity vs operating rate: plant 30 MGD vs 14 MGD average; generator 250 vs 140 lb/day;
  backwash pumps 12,000 gpm vs 10,800 gpm wash flow; BS-1 pumps 1,500 gpm vs 700 gpm average;
- revisions: SOP-140 Rev 3 vs Rev 4 differ on head loss (9.0 ft vs 2.7 m), wash flow (9,000 vs
  10,800 gpm), air scour time (3 vs 4 min) and filter-to-waste (20 vs 15 min); Rev 3 (superseded) also
  differs from the O&M manual's head loss; Rev 4's revision history and the register's revision note
  mention old values (9,000 gpm, 570 L/s).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # Kelvane site data sheet table (°F) vs register TSH-207 (°C column): ozone generator cooling water
    # outlet temperature high alarm (95 °F = 35 °C against 32 °C)
    frozenset({"95 °F", "32"}),
    # O&M manual bullet ("raw water pumps shut down ... low-low") vs register LSLL-101 ("RWP trip", m column):
    # intake wet well low-low level (6.0 ft = 1.83 m against 2.1 m)
    frozenset({"6.0 ft", "2.1"}),
    # Kelvane IOM safety sentence ("shut down the generators") vs register AIT-215 high-high row:
    # ambient ozone shutdown level
    frozenset({"0.3 ppm", "0.5"}),
    # O&M manual sentence vs CN-SOP-140 Rev 4 bullet: filter terminal head loss (8.0 ft = 2.44 m vs 2.7 m)
    frozenset({"8.0 ft", "2.7 m"}),
    # CN-SOP-140 Rev 4 numbered step "Set ... FIC-450 to" vs register FIC-450 (L/s column): backwash supply
    # flow setpoint (10,800 gpm = 681 L/s vs 620 L/s)
    frozenset({"10,800 gpm", "620"}),
    # O&M manual "Label: value" line vs register AIC-500: UV dose setpoint
    frozenset({"40 mJ/cm²", "30"}),
    # O&M manual words ("high-service pump discharge header") vs round sheet tag only (PSH-710, kPa):
    # header pressure high alarm (110 psi = 758 kPa vs 690 kPa)
    frozenset({"110 psi", "690 kPa"}),
    # Round sheet "Label: value" with tag (ft) vs O&M manual sentence "alert" (m): clearwell low level alarm
    # (12.0 ft = 3.66 m vs 3.0 m)
    frozenset({"12.0 ft", "3.0 m"}),
    # O&M manual "Label (tag): value" vs register AIC-610: free chlorine residual setpoint at the clearwell inlet
    frozenset({"2.2 mg/L", "1.8"}),
    # Ridgeline Booster Station manual table ("low cutout") vs register PSLL-811 ("BS-1 ... low-low, pump
    # shutdown", kPa column): suction pressure low cutout (20 psi = 138 kPa vs 125 kPa)
    frozenset({"20 psi", "125"}),
    # Ridgeline Booster Station manual sentence vs register PIC-812 "set point": BS-1 discharge pressure setpoint
    frozenset({"85 psi", "80"}),
    # Tamsin Hill manual sentence (ft) vs register LIT-950 row (m column): Hollis Road Tank level at which the
    # BS-2 lead pump starts (28 ft = 8.53 m vs 8.0 m)
    frozenset({"28 ft", "8.0"}),
    # Tamsin Hill manual value with its tag in brackets vs register PSHH-922 (kPa column): BS-2 discharge
    # pressure high trip (120 psi = 827 kPa vs 760 kPa)
    frozenset({"120 psi", "760"}),
    # Kelvane IOM restart sentence (s) vs O&M manual sentence (min): generator purge time before a restart
    frozenset({"180 s", "5 min"}),
    # Kelvane site data sheet table (psig) vs O&M manual with "liquid oxygen (LOX)" spelled out (bar):
    # feed gas pressure low alarm PAL-204 (14 psig = 0.97 bar vs 1.2 bar)
    frozenset({"14 psig", "1.2 bar"}),
    # O&M manual sentence (MGD) vs register FSH-110 (gpm column): raw water flow high alarm
    # (24 MGD = 16,700 gpm vs 15,000 gpm)
    frozenset({"24 MGD", "15,000"}),
]


OM_MANUAL = """\
# Cedar Notch Water Treatment Plant — Operation and Maintenance Manual

Document No.: CN-OM-001
Revision: 5
Effective date: 2025-03-03
Owner: Marrowfield Regional Water Authority, Treatment Division

## 1. Purpose and scope

This manual describes the normal operation of the Cedar Notch Water Treatment Plant (WTP), from the
raw water intake on the Tamble River to the discharge of the high-service pump station. The two
distribution booster stations have their own manuals (CN-OM-021 for Ridgeline, CN-OM-022 for Tamsin
Hill and the Hollis Road Tank). Alarm and control setpoints are collected in the instrument and alarm
setpoint register, CN-REG-010. Procedures that change often, such as filter backwashing, are issued
as separate SOPs and are not repeated here.

Operators are expected to read this manual together with the register. Where a setting is given in
both, report any difference to the operations supervisor so that one of the two can be corrected.

## 2. Plant overview

| Item | Value |
|---|---|
| Rated treatment capacity | 30 MGD |
| Average day production (2024) | 14 MGD |
| Source | Tamble River, screened shoreline intake |
| Treatment | Intermediate ozone, ACH coagulation, flocculation, plate settling, dual-media filtration, UV |
| Disinfection | Free chlorine through the clearwell, chloramine leaving the plant |
| Clearwell volume | 3.5 MG |

The rated capacity is a design figure. Summer peak days have so far stayed well below it, and the
raw water flow alarm described in Section 3 is set to warn before the settlers and filters are pushed
beyond the rates they were proven at during commissioning.

## 3. Raw water intake

Three vertical turbine raw water pumps (RWP-101, RWP-102 and RWP-103) lift water from the intake wet
well to the ozone contactor. Each pump has a design capacity of 7,000 gpm at 95 ft total dynamic head.
Normally two pumps run as duty pumps and the third is on standby; the standby pump is rotated on the
first working day of each month.

Two traveling screens (TS-1 and TS-2) protect the wet well. A screen wash cycle starts automatically
when the differential level across a screen reaches 6 in., and a screen differential high alarm is
raised at 12 in. A screen that alarms repeatedly during leaf fall or an algae bloom should be washed
manually and inspected for torn mesh.

The wet well level is measured by LIT-101 above the wet well floor:

- Low level alarm (LSL-101): 8.5 ft.
- If the level keeps falling, all raw water pumps shut down on wet well low-low level at 6.0 ft and
  stay locked out until an operator resets them at the intake control panel.

Raw water flow is measured by the magnetic flow meter FIT-110 on the 42-inch raw water main. The raw
water flow high alarm at FIT-110 is 24 MGD; when it sounds, reduce the pump speed or take a duty pump
out of service before the downstream processes are overloaded.

### 3.1 Restarting the intake after a low-low trip

1. Find the cause: a blinded screen, a low river stage or a failed level transmitter.
2. Wash both screens and confirm that the wet well level is recovering on LIT-101.
3. Reset the lockout at the intake control panel.
4. Start one raw water pump, wait until the flow at FIT-110 is steady, then start the second.
5. Record the event and the cause in the shift log.

## 4. Ozone

Ozone is generated from liquid oxygen (LOX) by two Kelvane KZG-250 generators, OZ-201 (duty) and
OZ-202 (standby), each rated at 250 lb/day. At present flows a single generator typically produces
about 140 lb/day, so the standby unit is started only for maintenance changeovers.

Applied ozone dose setpoint: 1.5 mg/L

The dissolved ozone residual setpoint at contactor cell 2 (AIT-220) is 0.25 mg/L. The inactivation
credit in the plant's disinfection profile requires a residual of at least 0.15 mg/L at that monitor;
a residual below this is logged as a treatment deviation.

LOX is vaporized at the tank pad and regulated down to the generator skid. The low feed-gas pressure
alarm (PAL-204) is set at 1.2 bar; below it the generator output falls and the generator's own
protection may trip the unit.

The generators are cooled by a closed cooling water loop with a plate heat exchanger on plant water.
The cooling water supply to the generators should not exceed 30 °C; above that the generator derates
its output. Clean the heat exchanger plates before summer.

After any trip the generator controller purges the generator vessel for 5 min before it will accept a
restart command. Do not bypass the purge. The ambient ozone monitor AIT-215 in the generator room both
alarms and shuts the generators down; its settings are in the setpoint register.

## 5. Coagulation, flocculation and sedimentation

Aluminum chlorohydrate (ACH) is fed by metering pumps CFP-301 and CFP-302 to the rapid mix. The dose
is set from weekly jar tests. Typical ACH dose: 18 mg/L in summer (May to October) and 25 mg/L in winter
(November to April), when cold water flocculates more slowly.

| Flocculation stage | Flocculator | Paddle speed |
|---|---|---|
| Stage 1 | FL-311 | 30 rpm |
| Stage 2 | FL-312 | 20 rpm |
| Stage 3 | FL-313 | 12 rpm |

Two sedimentation basins (SB-1 and SB-2) are fitted with inclined plate settlers. Sludge is blown down
every 4 h during the day shift and every 6 h at night, when the plant flow is lower.

## 6. Filtration

Six dual-media filters (F-1 to F-6), each 600 ft², have 24 in. of anthracite over 12 in. of sand. The
design filtration rate is 6 gpm/ft² with all six filters in service.

Filters are backwashed at a terminal head loss of 8.0 ft, after a maximum run of 4 days, or when the
filter effluent turbidity rises to its alarm, whichever comes first.

Turbidity limits:

- Regulatory limit: combined filter effluent turbidity not more than 0.3 NTU in at least 95 % of the
  monthly readings, and never above 1 NTU.
- Plant operating goal: 0.10 NTU or lower from each filter.

Backwash water is supplied by two backwash pumps (BWP-451 duty, BWP-452 standby) with a design capacity
of 12,000 gpm each. Depending on the water temperature, the high-rate wash is run at 15-20 gpm/ft²;
air scour is supplied by blower ASB-455 at 3 scfm/ft². The step-by-step procedure is CN-SOP-140.

## 7. UV disinfection

Three UV reactors are installed: UV-501 and UV-502 (2016) and UV-503 (2024). Two are on duty and one on
standby.

UV dose setpoint: 40 mJ/cm²

The validated dose required for 3-log Cryptosporidium credit is 12 mJ/cm². The higher setpoint leaves
margin for lamp ageing, sleeve fouling and low UV transmittance in spring runoff. Lamps in UV-501 and
UV-502 are replaced every 12,000 h; the newer lamps in UV-503 are rated for 16,000 h.

## 8. Disinfection and clearwell

Sodium hypochlorite is added at the clearwell inlet.

Free chlorine residual setpoint at the clearwell inlet (AIC-610): 2.2 mg/L

Leaving the clearwell, ammonium sulfate is added to form monochloramine at a chlorine to ammonia-N
weight ratio of 4.6:1. The plant effluent total chlorine setpoint (AIC-620) is 3.2 mg/L. The regulatory
maximum residual disinfectant level is 4.0 mg/L as Cl2 (running annual average), and the residual at
the entry point must be at least 0.2 mg/L at all times.

The clearwell is operated between 14-20 ft. The contact time calculation needs a level of at least
8 ft. The level transmitter LIT-601 was replaced in 2024 and now reads in metres: the clearwell
low-level alert is set at 3.0 m and the high-level alert at 6.7 m.

## 9. High-service pumps

Four high-service pumps (HSP-701 to HSP-704), each rated at 6,000 gpm, deliver finished water to the
transmission main. HSP-701 and HSP-702 have variable frequency drives with a minimum speed of 70 %;
HSP-703 and HSP-704 run at constant speed. The normal discharge header pressure is 88-96 psi.

A high alarm is raised when the high-service pump discharge header pressure reaches 110 psi, and a low
alarm at 60 psi. Each motor has winding RTDs: alarm at 130 °C, trip at 145 °C.

## 10. Revision history

| Revision | Date | Change |
|---|---|---|
| 5 | 2025-03-03 | Section 7 rewritten for UV-503; clearwell level transmitter now reads in metres |
| 4 | 2022-06-20 | ACH replaced alum as coagulant; flocculator speeds revised |
"""


def vendor_manual(folder: Path) -> Path:
    return make_docx(folder / "kelvane-kzg-250-iom.docx", [
        ("Title", "Kelvane KZG-250 Ozone Generator — Installation, Operation and Maintenance Manual"),
        ("", "Kelvane Systems, manual KV-IOM-250, issue 2. Supplied for Cedar Notch WTP, units OZ-201 and OZ-202."),
        ("Heading 1", "1. Safety"),
        ("", "Ozone is a toxic gas. The generator room must have a working ambient ozone monitor interlocked "
             "with the generators. The ambient ozone monitor shall alarm at 0.1 ppm and shut down the "
             "generators at 0.3 ppm. Do not enter the room after a shutdown until the monitor reads below "
             "the alarm level and the room ventilation has run for at least 15 minutes."),
        ("", "Oxygen-enriched atmospheres increase the risk of fire. Keep oil and grease away from feed gas "
             "fittings and use only oxygen-compatible lubricants."),
        ("Heading 1", "2. Description"),
        ("", "The KZG-250 is a medium-frequency corona discharge generator with water-cooled stainless steel "
             "dielectric tubes. Oxygen from the site LOX system passes through the tube bank, where part of "
             "it is converted to ozone. A power supply unit with an inverter sets the production from the "
             "plant's dose control signal. Heat from the tubes is removed by a closed cooling water loop."),
        ("Heading 1", "3. Site data sheet — Cedar Notch WTP"),
        ("", "The values below apply to each generator, OZ-201 and OZ-202."),
        ("row", "Parameter|Value"),
        ("row", "Rated ozone production (each generator)|250 lb/day at 10 wt%"),
        ("row", "Feed gas|Oxygen from LOX vaporizers, 99.5 % purity"),
        ("row", "Feed gas supply pressure, normal range|18-22 psig"),
        ("row", "Feed gas pressure, low alarm|14 psig"),
        ("row", "Cooling water inlet temperature, maximum|86 °F"),
        ("row", "Cooling water flow, low alarm|20 gpm"),
        ("row", "Cooling water outlet temperature, high alarm|95 °F"),
        ("row", "Cooling water outlet temperature, shutdown|104 °F"),
        ("row", "Power supply|480 V, 3-phase, 60 Hz"),
        ("Heading 1", "4. Start-up"),
        ("List Number", "Confirm that the cooling water pump is running and that the flow is above the low-flow "
                        "alarm."),
        ("List Number", "Open the feed gas isolation valve slowly and check the feed gas pressure at the skid gauge."),
        ("List Number", "Confirm that the ambient ozone monitor and the ozone destruct unit are in service."),
        ("List Number", "Select the generator in AUTO at the local panel and release it to the plant control system."),
        ("List Number", "Watch the power and production readings for the first 30 minutes after start-up."),
        ("Heading 1", "5. Shutdown and restart"),
        ("", "A normal stop ramps the power down before the feed gas valve closes. A protective trip opens "
             "the main contactor at once. After a trip, the generator vessel is purged with feed gas for "
             "180 s before a restart is permitted; the controller blocks the restart command until the "
             "purge timer has run out. Find and clear the cause of the trip before resetting."),
        ("Heading 1", "6. Maintenance"),
        ("List Bullet", "Inspect the dielectric tubes every 8,000 operating hours or at the annual shutdown."),
        ("List Bullet", "Check the cooling water loop for conductivity and top up with deionized water."),
        ("List Bullet", "Test the ambient ozone monitor with span gas every quarter."),
        ("List Bullet", "Record feed gas pressure, cooling water temperatures and power at every operator round."),
        ("Heading 1", "7. Troubleshooting"),
        ("row", "Symptom|Likely cause|Action"),
        ("row", "Low production at full power|Fouled tubes or low feed gas purity|Check purity; inspect tubes"),
        ("row", "Cooling water temperature alarm|Fouled heat exchanger or low flow|Clean plates; check pump"),
        ("row", "Feed gas pressure alarm|Regulator fault or empty LOX tank|Check tank level and regulator"),
    ])


SOP_140_REV_3 = """\
CEDAR NOTCH WATER TREATMENT PLANT
CN-SOP-140 Rev 3, effective 2024-02-12
FILTER BACKWASH (FILTERS F-1 TO F-6)

1. PURPOSE

This procedure sets out when and how the dual-media filters are backwashed. It applies to all
operators on shift. Backwashes are normally run from the filter console in the operations building.

2. WHEN TO BACKWASH

A filter is backwashed when any one of the following occurs:

  - the head loss across the filter reaches 9.0 ft;
  - the filter has run 96 h since its last backwash;
  - the filter effluent turbidity reaches the high alarm for that filter in the setpoint register.

Do not backwash two filters at the same time. Allow at least one hour between backwashes so that the
washwater recovery basin can settle.

3. PROCEDURE

  1. Confirm that the washwater recovery basin has room for a full backwash.
  2. Close the filter influent valve and let the water level drain to the top of the wash troughs.
  3. Close the filter effluent valve.
  4. Start air scour blower ASB-455 and scour at 3 scfm/ft² for 3 min.
  5. Stop the blower and open the backwash supply valve.
  6. Set the backwash supply flow controller FIC-450 to 9,000 gpm (15 gpm/ft²) and hold for 10 min.
  7. Close the backwash supply valve and let the media settle for 5 minutes.
  8. Open the filter influent valve and then the filter-to-waste valve.
  9. Filter to waste for 20 min or until the filter effluent turbidity is below 0.10 NTU.
 10. Close the filter-to-waste valve, open the effluent valve and return the filter to service.

4. RECORDS

Record the filter number, the time, the head loss and turbidity before the backwash, and the
filter-to-waste time on the backwash log sheet.

5. SAFETY

Do not stand on the filter walkway grating during air scour. Report any media carry-over into the
troughs to the supervisor.
"""


def sop_140_rev_4(folder: Path) -> Path:
    return make_docx(folder / "cn-sop-140-rev-4.docx", [
        ("Title", "Filter Backwash (Filters F-1 to F-6)"),
        ("", "CN-SOP-140 Rev 4, effective 2025-09-15"),
        ("", "Cedar Notch Water Treatment Plant — Marrowfield Regional Water Authority"),
        ("Heading 1", "1. Purpose"),
        ("", "This procedure sets out when and how the dual-media filters are backwashed. It applies to all "
             "operators on shift. Backwashes are run from the new filter HMI in the operations building, "
             "which shows filter head loss in metres."),
        ("Heading 1", "2. When to backwash"),
        ("", "A filter is backwashed when any one of the following occurs:"),
        ("List Bullet", "the head loss across the filter reaches 2.7 m;"),
        ("List Bullet", "the filter has run 96 h since its last backwash;"),
        ("List Bullet", "the filter effluent turbidity reaches the high alarm for that filter in CN-REG-010."),
        ("", "Do not backwash two filters at the same time. Allow at least one hour between backwashes so "
             "that the washwater recovery basin can settle."),
        ("Heading 1", "3. Procedure"),
        ("List Number", "Confirm that the washwater recovery basin has room for a full backwash."),
        ("List Number", "Close the filter influent valve and let the water level drain to the top of the wash "
                        "troughs."),
        ("List Number", "Close the filter effluent valve."),
        ("List Number", "Start air scour blower ASB-455 and scour at 3 scfm/ft² for 4 min."),
        ("List Number", "Stop the blower, wait one minute for the air to release, and open the backwash supply valve."),
        ("List Number", "Set the backwash supply flow controller FIC-450 to 10,800 gpm (18 gpm/ft²) and hold "
                        "for 10 min."),
        ("List Number", "Close the backwash supply valve and let the media settle for 5 minutes."),
        ("List Number", "Open the filter influent valve and then the filter-to-waste valve."),
        ("List Number", "Filter to waste for 15 min or until the filter effluent turbidity is below 0.10 NTU."),
        ("List Number", "Close the filter-to-waste valve, open the effluent valve and return the filter to service."),
        ("Heading 1", "4. Records"),
        ("", "Record the filter number, the time, the head loss and turbidity before the backwash, and the "
             "filter-to-waste time in the HMI backwash log. Print the log weekly for the supervisor."),
        ("Heading 1", "5. Safety"),
        ("", "Do not stand on the filter walkway grating during air scour. Report any media carry-over into "
             "the troughs to the supervisor."),
        ("Heading 1", "6. Revision history"),
        ("row", "Revision|Date|Change"),
        ("row", "4|2025-09-15|Head-loss trigger changed from 9.0 ft to 2.7 m for the new HMI; backwash supply "
                "flow raised from 9,000 gpm to 10,800 gpm; air scour lengthened from 3 min to 4 min; "
                "filter-to-waste shortened from 20 min to 15 min"),
        ("row", "3|2024-02-12|Filter-to-waste end point added"),
    ])


REGISTER = """\
# Instrument and Alarm Setpoint Register — Cedar Notch WTP and Distribution

Document No.: CN-REG-010
Revision: 12
Effective date: 2025-11-20

This register is the master list of alarm, trip and control setpoints held in the plant PLCs and the
distribution telemetry system. A setpoint may be changed only under a change request approved by the
operations supervisor; the register is reissued after each batch of changes. High-service pump alarms
are held in the HSP PLC setpoint file and are not listed here.

## 1. Raw water intake

| Tag | Service | Setpoint | Unit | Action |
|---|---|---|---|---|
| LSL-101 | Intake wet well level low | 2.6 | m | Alarm |
| LSLL-101 | Intake wet well level low-low, RWP trip | 2.1 | m | Shutdown RWP-101/102/103, lockout |
| FSH-110 | Raw water flow high | 15,000 | gpm | Alarm |

## 2. Ozone

| Tag | Service | Setpoint | Unit | Action |
|---|---|---|---|---|
| FSL-206 | OZ-201/OZ-202 cooling water flow low | 1.26 | L/s | Alarm |
| TSH-207 | OZ-201/OZ-202 cooling water outlet temperature high | 32 | °C | Alarm |
| AIT-215 | Generator room ambient ozone high | 0.1 | ppm | Alarm, start room exhaust fan |
| AIT-215 | Generator room ambient ozone high-high | 0.5 | ppm | Shutdown OZ-201 and OZ-202 |
| AIC-220 | Contactor cell 2 dissolved ozone residual setpoint | 0.25 | mg/L | Control |

## 3. Filtration

| Tag | Service | Setpoint | Unit | Action |
|---|---|---|---|---|
| AIT-411 | Filter 1 effluent turbidity high | 0.15 | NTU | Alarm |
| AIT-421 | Filter 2 effluent turbidity high | 0.15 | NTU | Alarm |
| AIT-431 | Filter 3 effluent turbidity high | 0.15 | NTU | Alarm |
| AIT-441 | Filter 4 effluent turbidity high (media trial) | 0.12 | NTU | Alarm |
| AIT-451 | Filter 5 effluent turbidity high | 0.15 | NTU | Alarm |
| AIT-461 | Filter 6 effluent turbidity high | 0.15 | NTU | Alarm |
| FIC-450 | Backwash supply flow setpoint | 620 | L/s | Control |
| KT-452 | Filter-to-waste maximum duration | 900 | s | Ends filter-to-waste |

## 4. UV disinfection

| Tag | Service | Setpoint | Unit | Action |
|---|---|---|---|---|
| AIC-500 | UV dose setpoint, reactors UV-501 to UV-503 | 30 | mJ/cm² | Control |
| AIT-511 | UV-501 UV intensity low | 60 | % | Alarm |
| AIT-511 | UV-501 UV intensity low-low | 45 | % | Transfer to standby reactor |

## 5. Disinfection

| Tag | Service | Setpoint | Unit | Action |
|---|---|---|---|---|
| AIC-610 | Free chlorine residual setpoint, clearwell inlet | 1.8 | mg/L | Control |
| AIT-610 | Free chlorine, clearwell inlet, high | 3.0 | mg/L | Alarm |
| AIT-610 | Free chlorine, clearwell inlet, low | 1.0 | mg/L | Alarm |
| FFIC-615 | Chlorine to ammonia-N weight ratio | 4.6:1 | ratio | Control |
| AIC-620 | Plant effluent total chlorine setpoint | 3.2 | mg/L | Control |

## 6. Ridgeline Booster Station (BS-1)

| Tag | Service | Setpoint | Unit | Action |
|---|---|---|---|---|
| PSLL-811 | BS-1 suction pressure low-low | 125 | kPa | Pump shutdown after 10 s |
| PIC-812 | BS-1 discharge pressure set point | 80 | psi | VFD control |
| PSHH-812 | BS-1 discharge pressure high-high | 724 | kPa | Pump trip |

## 7. Tamsin Hill Booster Station (BS-2) and Hollis Road Tank

| Tag | Service | Setpoint | Unit | Action |
|---|---|---|---|---|
| PSLL-921 | BS-2 suction pressure low-low | 103 | kPa | Pump shutdown after 10 s |
| PSHH-922 | BS-2 discharge pressure high-high | 760 | kPa | Pump trip |
| LIT-950 | Hollis Road Tank level, BS-2 lead pump start | 8.0 | m | Start lead pump |
| LIT-950 | Hollis Road Tank level, BS-2 lag pump start | 7.6 | m | Start lag pump |
| LIT-950 | Hollis Road Tank level, BS-2 pumps stop | 10.4 | m | Stop both pumps |
| LSH-950 | Hollis Road Tank level high | 11.3 | m | Alarm |

## 8. Revision notes

- Rev 12 (2025-11-20): FIC-450 backwash supply flow setpoint changed from 570 L/s to 620 L/s after the
  backwash trials; AIT-441 alarm lowered for the Filter 4 media trial.
- Rev 11 (2025-04-02): UV-503 added; AIT-215 exhaust fan start added to the high alarm.
"""


ROUND_SHEET = """\
CEDAR NOTCH WTP - OPERATOR ROUND SHEET (DAY AND NIGHT SHIFTS)
Form CN-FRM-031, Revision 2, effective 2025-01-06

Complete one sheet per round, at least twice per shift. Write readings in the blanks, tick each box
when the check is done, and note anything abnormal on the back with the time. Expected values are
printed so that a reading out of line is noticed on the spot; if an alarm setting on the HMI does
not match this sheet, tell the shift lead.

Date ____________  Shift  DAY / NIGHT  Operator ____________  Round time ________

1. RAW WATER INTAKE
[ ] Wet well level LIT-101 ________ ft
[ ] Screen differential TS-1 ______ in.   TS-2 ______ in.
[ ] Raw water pumps running: RWP-101 / RWP-102 / RWP-103 (circle)
[ ] Raw water flow FIT-110 ________ MGD
[ ] Pump bearings: no unusual noise, vibration or heat

2. OZONE
[ ] Generator in service: OZ-201 / OZ-202 (circle)
[ ] Applied ozone dose: 1.5 mg/L (check the HMI setpoint, record the actual ______ mg/L)
[ ] Dissolved ozone residual AIT-220 ________ mg/L
[ ] Ambient ozone AIT-215 ________ ppm (should read close to zero)
[ ] LOX tank level ________ %   Vaporizer frost normal: Y / N
[ ] Cooling water temperature in ______ out ______

3. COAGULATION AND SETTLING
[ ] ACH dose target (winter schedule, November to April): 25 mg/L. Summer target per O&M manual.
[ ] ACH day tank level ________ %
[ ] Sludge blowdown SB-1 / SB-2 done on schedule (day and night intervals per O&M manual)
[ ] Plate settlers: no floc carry-over at the launders

4. FILTERS
[ ] Head loss  F-1 ____ F-2 ____ F-3 ____ F-4 ____ F-5 ____ F-6 ____ (m, from the filter HMI)
[ ] Turbidity  F-1 ____ F-2 ____ F-3 ____ F-4 ____ F-5 ____ F-6 ____ NTU
[ ] Filters due for backwash (see CN-SOP-140): ________

5. UV
[ ] Reactors in service: UV-501 / UV-502 / UV-503 (circle)
[ ] UV transmittance ________ %   Any lamp failure alarms: Y / N

6. CLEARWELL AND DISINFECTION
[ ] Clearwell level LIT-601 ________ ft (HMI shows ft and m; normal about 17 ft)
    Clearwell level - low alarm (LSL-601): 12.0 ft
    Clearwell level - high alarm (LSH-601): 22.0 ft
[ ] Free chlorine AIT-610 ________ mg/L
    If free chlorine trends low, raise the hypochlorite dose by 0.2 mg/L and recheck after 30 min.
[ ] Total chlorine AIT-620 ________ mg/L
[ ] Hypochlorite and ammonium sulfate tank levels ______ % / ______ %

7. HIGH-SERVICE PUMPS
[ ] Pumps running: HSP-701 / HSP-702 / HSP-703 / HSP-704 (circle)
[ ] HSP header pressure PIT-710 ________ kPa
    PSH-710 alarm at 690 kPa. PSL-710 alarm at 414 kPa.
[ ] Motor winding temperatures normal on the HSP screen: Y / N

8. BOOSTER STATIONS (telemetry screen, once per shift)
[ ] BS-1 Ridgeline: lead pump ______ suction ______ psi discharge ______ psi
[ ] BS-2 Tamsin Hill: pumps running ______ Hollis Road Tank level ________ ft
[ ] Communication alarms: none / list on the back

Round completed by ____________  Checked by shift lead ____________
"""


BS1_MANUAL = """\
# Ridgeline Booster Station (BS-1) — Operation and Maintenance Manual

Document No.: CN-OM-021
Revision: 2
Effective date: 2024-10-07

## 1. Station description

The Ridgeline Booster Station lifts water from the plant's main pressure zone to the Ridgeline zone,
which serves about 3,800 connections on the east ridge. It has no storage of its own: the zone is
supplied directly by the pumps, so pressure control at the station is what the customers feel.

| Item | Value |
|---|---|
| Pumps | P-1A and P-1B, horizontal split case, 75 hp each |
| Drives | Variable frequency drives, one per pump |
| Design capacity (each pump) | 1,500 gpm at 140 ft TDH |
| Firm capacity (one pump out of service) | 1,500 gpm |
| Average station flow (2024) | 700 gpm |
| Suction main | 16-inch from the transmission main |
| Standby power | Connection for the Authority's portable generator |

## 2. Pressure control

The VFDs hold a discharge pressure set point of 85 psi at the station discharge transmitter PIT-812.
The lead pump runs alone for most of the day. The lag pump starts when the lead pump has run at 100 %
speed for 60 s, and stops when both pumps have run below 65 % speed for 120 s. The lead pump is
alternated every Monday at 06:00 so that both pumps see similar hours.

## 3. Protection settings

| Function | Device | Setting |
|---|---|---|
| Suction pressure low alarm | PSL-811 | 30 psi |
| Suction pressure low cutout (both pumps stop) | PSLL-811 | 20 psi |
| Suction low cutout time delay | PLC timer | 10 s |
| Discharge pressure high-high trip | PSHH-812 | 105 psi |
| Automatic restart after a low suction cutout | PLC | suction above 35 psi for 2 min |

The suction cutout protects the transmission main and the plant's own customers from being drawn down
when the main is out of service or a large main break occurs upstream. Do not raise the cutout without
asking the distribution engineer.

## 4. Routine checks

- Weekly: record suction and discharge pressures, pump hours and VFD fault history.
- Weekly: check the pump seals for leakage and the motor for unusual noise.
- Monthly: exercise the station isolation valves and check the surge anticipator valve.
- Quarterly: test the low suction cutout by closing the suction valve slowly with the lag pump locked out.

## 5. Abnormal operation

On a power failure both pumps stop and the Ridgeline zone is supplied only through the pressure
reducing bypass, at a lower pressure. Connect the portable generator if the outage is expected to last
more than an hour. After a high-high discharge trip, check the check valves and the PIT-812 transmitter
before resetting; a sticking transmitter is the most common cause.
"""


BS2_MANUAL = """\
TAMSIN HILL BOOSTER STATION (BS-2) AND HOLLIS ROAD TANK
Operation and Maintenance Manual
Document No.: CN-OM-022   Revision: 1   Effective date: 2023-05-22

1. GENERAL

The Tamsin Hill Booster Station fills the Hollis Road Tank, which floats on the Tamsin Hill pressure
zone. The station has two constant-speed pumps, P-2A and P-2B (60 hp, 1,000 gpm each), with a
common discharge to a 12-inch main. The pumps are started and stopped by the tank level, sent from
the tank site to the station by radio telemetry.

The Hollis Road Tank is a welded steel standpipe, 65 ft in diameter, holding about 1.0 MG between
the floor and the overflow at 40 ft. The level transmitter LIT-950 at the tank reads in feet above the
tank floor.

2. LEVEL CONTROL

The lead pump starts when the Hollis Road Tank level falls to 28 ft; the lag pump joins at 25 ft, and
both pumps stop when the tank refills to 34 ft. The lead pump is alternated after each stop.

Tank alarms (telemetry):

  Alarm                       Level
  Tank high level             37 ft
  Tank low level              20 ft

3. STATION PROTECTION

Suction pressure: both pumps stop on suction pressure low cutout (PSLL-921) at 15 psi, after a 10 s
delay, and restart automatically when the suction pressure recovers.

Discharge pressure: the pumps shut down on high discharge pressure at 120 psi [PSHH-922]. This
normally means a closed valve on the discharge main or a tank inlet valve shut for maintenance.
The trip must be reset at the station.

4. WATER QUALITY

Total chlorine at the tank outlet sample tap should be at least 1.5 mg/L. Sample weekly. If the
residual falls below this, increase the tank turnover by lowering the level band for a week with the
approval of the distribution supervisor, and flush the dead ends of the zone.

5. ROUTINE CHECKS

  - Weekly: station walk-through, pump hours, seal leakage, telemetry signal strength.
  - Monthly: exercise the tank inlet/outlet valve and the station isolation valves.
  - Yearly: inspect the tank hatch, vent screen and overflow flap; check the cathodic protection.
  - Every five years: drain, clean and inspect the tank interior.

6. LOSS OF TELEMETRY

If the radio link fails, the station PLC stops both pumps and raises a communication alarm at the
plant. The on-call operator runs the pumps in HAND from the station, watching the tank level on the
local display at the tank site, until the link is restored.
"""


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cedar-notch-om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    vendor_manual(folder)
    (folder / "cn-sop-140-rev-3.txt").write_text(SOP_140_REV_3, encoding="utf-8")  # superseded by Rev 4
    sop_140_rev_4(folder)
    (folder / "setpoint-register.md").write_text(REGISTER, encoding="utf-8")
    (folder / "operator-round-sheet.txt").write_text(ROUND_SHEET, encoding="utf-8")
    (folder / "ridgeline-booster-station-bs1.md").write_text(BS1_MANUAL, encoding="utf-8")
    (folder / "tamsin-hill-booster-station-bs2.txt").write_text(BS2_MANUAL, encoding="utf-8")
    return folder
