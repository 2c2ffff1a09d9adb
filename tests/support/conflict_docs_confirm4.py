"""Held-out documents for measuring the conflict finder (confirmation set 4).

A fictional small municipal utility (Millbrook Municipal Utilities) that runs a water
system (raw water intake, chemical feed, reservoirs, pressure zones) and a district
energy plant (steam boilers, condensate pumps, chillers, cooling towers). Eight files:
Markdown, plain text and DOCX, one controlled document (DE-210) in two revisions.

PLANTED lists each real disagreement between two current documents as its two values;
NEAR_MISSES describes pairs that a careful engineer would not call a conflict.

This set was written without reading the finder's rules (operator_assistant/) or the
other conflict test sets, so it measures the finder rather than echoing it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [
    # WTP-101 sentence vs WTP-150 table (subject worded differently)
    frozenset({"1.2 mg/L", "1.5 mg/L"}),
    # WTP-101 "Label: value" in MGD vs WTP-140 sentence in gpm (3.0 MGD = 2,083 gpm)
    frozenset({"3.0 MGD", "2,400 gpm"}),
    # WTP-101 alarm table vs WTP-150 tag-first table (LIT-301 = clearwell level)
    frozenset({"7.0 ft", "6.0 ft"}),
    # WTP-101 alarm table in ft vs WTP-150 tag-first table in m (0.75 m = 2.46 ft)
    frozenset({"3.0 ft", "0.75 m"}),
    # WTP-140 "RES-H overflow level: 28.5 ft" vs WTP-150 table, unit in header (8.5 m = 27.9 ft)
    frozenset({"28.5 ft", "8.5 m"}),
    # WTP-140 sentence vs WTP-150 sentence, BPS-2 discharge pressure (6.0 bar = 87 psi)
    frozenset({"92 psi", "6.0 bar"}),
    # DE-210 Rev 2 step vs DE-250 tag table, deaerator temperature (105 degC = 221 degF)
    frozenset({"227 degF", "105 degC"}),
    # DE-210 Rev 2 sentence vs DE-250 tag table, CP-1 start level
    frozenset({"60%", "65 %"}),
    # DE-210 Rev 2 "Label: value" vs DE-250 tag table, FWP-1 discharge (12.0 bar = 174 psi)
    frozenset({"165 psig", "12.0 bar"}),
    # DE-230 "Label: value" vs DE-250 table, Chiller Plant 1 CHWS setpoint (6.0 degC = 42.8 degF)
    frozenset({"44 degF", "6.0 degC"}),
    # DE-230 step sentence vs DE-250 tag table, CT-1 fan start
    frozenset({"78 degF", "76 degF"}),
    # DE-230 table vs DE-250 table, CH-1 anti-recycle timer (900 s = 15 min)
    frozenset({"20 min", "900 s"}),
    # DE-230 sentence vs DE-250 tag table, CT-1 basin low level alarm (0.30 m = 11.8 in)
    frozenset({"14 in", "0.30 m"}),
    # DE-210 Rev 2 sentence vs DE-230 sentence, PRV-S3 / CH-2 steam supply pressure
    frozenset({"15 psig", "12 psig"}),
]

NEAR_MISSES: list[str] = [
    "DE-210 Rev 1 (superseded) says steam header setpoint 95 psig and lag start 88 psig; Rev 2 says 100 "
    "psig and 92 psig: two revisions of one document.",
    "DE-210 Rev 1 steam header setpoint 95 psig vs DE-250 setpoint 100 psig: Rev 1 is superseded, not current.",
    "DE-210 Rev 2 revision-history line 'raised from 95 psig to 100 psig' vs DE-250 100 psig: the 95 is "
    "history, not a stated value.",
    "DE-210 Rev 2 steam header design pressure 150 psig vs DE-250 steam header setpoint 100 psig / high "
    "alarm 125 psig: design value vs operating setpoint and alarm.",
    "DE-210 Rev 2 'stack temperature must not exceed 450 degF' vs DE-250 B-1 stack high alarm 425 degF: "
    "a bound vs an alarm set below it.",
    "DE-250 B-1 stack high alarm 425 degF vs B-2 stack high alarm 440 degF: Boiler 1 vs Boiler 2.",
    "DE-210 Rev 2 CP-1 (duty) start at 60% vs DE-250 CP-2 (standby) start at 80% and CP-1 stop at 30%: "
    "duty/standby and start/stop siblings.",
    "DE-210 Rev 2 boiler water blowdown conductivity 3,000 uS/cm vs DE-230 cooling tower blowdown 1,800 "
    "uS/cm: different subjects sharing words.",
    "DE-230 (Chiller Plant 1) CHWS setpoint 44 degF, condenser water setpoint 80 degF, loop DP 15 psi vs "
    "DE-231 (Chiller Plant 2) 42 degF, 78 degF, 18 psi: two plants' manuals.",
    "DE-250 (Central Plant / Chiller Plant 1) CHWS setpoint 6.0 degC vs DE-231 (Chiller Plant 2) 42 degF: different plants.",
    "DE-230 chilled water design supply temperature 42 degF vs DE-230 setpoint 44 degF and DE-250 "
    "setpoint 6.0 degC: design value vs operating setpoint.",
    "DE-230 loop differential pressure setpoint 15 psi vs DE-250 loop DP setpoint 103 kPa: the same value in two units.",
    "DE-230 CT-1 fan start 78 degF vs DE-250 CT-2 fan start 79 degF (and CT-2 stop 73 degF): one value each for two tags.",
    "DE-230 condenser water supply temperature setpoint 80 degF vs DE-250 CT-1 fan start on condenser "
    "water supply 76 degF: different quantities sharing words.",
    "DE-230 CT-1 basin low alarm 14 in vs DE-231 CT-3 basin low alarm 12 in: different towers at different plants.",
    "DE-231 'drifts 2 degF above setpoint' and 'reset upward to 46 degF' vs its 42 degF setpoint and "
    "DE-230 44 degF: a change by an amount and a reset value at another plant.",
    "DE-230 CH-1 1,200 tons / CH-2 800 tons vs DE-231 CH-3 and CH-4 1,000 tons: capacities of different chillers.",
    "WTP-101 RWP-1 rated capacity 2.5 MGD vs WTP-150 RWP-2 rated capacity 2.0 MGD: one value each for two tags.",
    "WTP-101 / WTP-140 HSP-1 capacity vs WTP-150 HSP-2 rated capacity 1,800 gpm: different pumps.",
    "WTP-101 raw water pump discharge pressure 'between 35 and 45 psi' vs WTP-150 RWP-1 normal discharge "
    "pressure 40 psi: a value inside the range.",
    "WTP-101 fluoride residual 0.7 mg/L vs WTP-150 finished water fluoride target 0.7 ppm: the same value (mg/L = ppm in water).",
    "WTP-101 clearwell high level alarm 16.5 ft vs WTP-150 LIT-301 low alarm 6.0 ft: high/low siblings (the high alarms agree).",
    "WTP-101 'confirm wet well level above 4.5 ft' start permissive vs WTP-150 LIT-101 low alarm 0.75 m "
    "and high alarm 3.2 m: different quantities on the same instrument.",
    "WTP-101 raw water turbidity high 50 NTU (stated twice in WTP-101) vs WTP-150 filter effluent "
    "turbidity alarm 0.3 NTU: different subjects; the repeat within WTP-101 agrees.",
    "WTP-101 'if the chlorine residual drops by 0.3 mg/L' vs clearwell residual 1.2 / 1.5 mg/L: a change by an amount.",
    "WTP-140 distribution minimum free chlorine 'at least 0.2 mg/L' vs clearwell residual 1.2 / 1.5 "
    "mg/L: a bound at a different location.",
    "WTP-140 PRV-12 outlet setpoint 65 psi vs WTP-150 PRV-12 outlet 448 kPa: the same value in two units.",
    "WTP-140 RES-N overflow 24.0 ft and RES-H low alarm 9.0 ft vs WTP-150 7.32 m and 2.74 m: the same values in two units.",
    "WTP-140 RES-H overflow 28.5 ft vs WTP-150 RES-N overflow 7.32 m: different reservoirs.",
    "WTP-140 Zone 2 normal pressure 60 to 85 psi vs WTP-150 Zone 2 Ridge Road reading 72 psi: a value "
    "inside the range; Zone 1 range 55 to 75 psi is a sibling.",
    "WTP-140 'lower the BPS-2 discharge setpoint by 5 psi' and 'no zone below 20 psi' vs BPS-2 92 psi / "
    "6.0 bar: a change by an amount and a bound.",
]


def _text(body: str) -> str:
    return textwrap.dedent(body).lstrip("\n")


WTP_101 = _text(
    """
    # Millbrook Municipal Utilities - Water Treatment Plant
    ## WTP-101 Raw Water Intake and Chemical Feed

    WTP-101 Rev 3, effective 2025-02-10

    ### 1. Purpose
    This procedure covers starting the raw water intake pumps and the daily
    adjustment of chemical feed at the Millbrook WTP.

    ### 2. Equipment data
    - RWP-1 rated capacity: 2.5 MGD
    - RWP-2 rated capacity: 2.0 MGD
    - HSP-1 rated capacity: 3.0 MGD
    - Sodium hypochlorite day tank: 250 gal

    ### 3. Starting a raw water pump
    1. Confirm the intake wet well level is above 4.5 ft on LIT-101 before starting.
    2. Check that the traveling screen differential is below 6 in.
    3. Start RWP-1 as the duty pump. RWP-2 is standby; start it only if RWP-1 trips.
    4. Verify the discharge pressure settles between 35 and 45 psi.
    5. Record raw water turbidity. If it is above 50 NTU, notify the chief operator
       and increase jar testing to every two hours.

    ### 4. Chemical feed
    1. Set the alum feed pump for a dose of 22 mg/L, then adjust by jar test.
    2. Maintain a free chlorine residual of 1.2 mg/L leaving the clearwell.
    3. Hold the fluoride residual in finished water at 0.7 mg/L.
    4. If the chlorine residual drops by 0.3 mg/L within an hour, check the
       hypochlorite pump stroke and the day tank level.

    ### 5. Alarm setpoints
    | Alarm | Setpoint |
    |---|---|
    | Clearwell low level | 7.0 ft |
    | Clearwell high level | 16.5 ft |
    | Intake wet well low level | 3.0 ft |
    | Raw water turbidity high | 50 NTU |
    """
)

WTP_140 = _text(
    """
    MILLBROOK MUNICIPAL UTILITIES - WATER DISTRIBUTION
    WTP-140  DISTRIBUTION RESERVOIRS AND PRESSURE ZONES
    WTP-140 Rev 1, effective 2024-11-04

    1. GENERAL
    Finished water leaves the plant through high-service pump HSP-1, which has a
    rated capacity of 2,400 gpm, and feeds Zone 1 (Low) directly. Zone 2 (High)
    is fed from Zone 1 through booster station BPS-2.

    2. RESERVOIRS
    North Reservoir (RES-N), 1.5 MG steel standpipe
      RES-N overflow level: 24.0 ft
      RES-N pump stop level: 21.5 ft
      RES-N pump start level: 17.0 ft
    Hilltop Reservoir (RES-H), 0.75 MG ground storage tank
      RES-H overflow level: 28.5 ft
      RES-H low level alarm: 9.0 ft

    3. PRESSURE ZONES
    Zone 1 (Low) normal static pressure is 55 to 75 psi at customer taps.
    Zone 2 (High) normal static pressure is 60 to 85 psi.
    PRV-12 reduces Zone 2 into the Cedar Hollow subzone; its outlet setpoint is 65 psi.
    Booster station BPS-2 holds a discharge pressure of 92 psi with the lead pump running.
    Do not allow any zone to fall below 20 psi; that is the regulatory minimum.
    Keep at least 0.2 mg/L free chlorine at the far ends of each zone.

    4. OPERATING NOTES
    a. When RES-H reaches its low level alarm, start the second pump at BPS-2.
    b. Lower the BPS-2 discharge setpoint by 5 psi during the winter low-demand period.
    c. Reservoir levels are read on the SCADA overview screen; confirm them against
       the local gauge weekly and log any difference over 0.5 ft.
    """
)


def _wtp_150() -> list[tuple[str, str]]:
    return [
        ("Title", "Millbrook WTP Setpoint and Alarm Register"),
        ("", "WTP-150 Rev 0, effective 2025-05-19"),
        ("", "This register lists the setpoints configured in the plant SCADA. "
             "Report any difference between an SOP and this register to the chief operator."),
        ("Heading 1", "Treatment setpoints"),
        ("row", "Parameter|Value|Units"),
        ("row", "Clearwell effluent free chlorine residual|1.5|mg/L"),
        ("row", "Finished water fluoride target|0.7|ppm"),
        ("row", "Filter effluent turbidity alarm|0.3|NTU"),
        ("row", "RWP-1 discharge pressure, normal|40|psi"),
        ("Heading 1", "Pumps"),
        ("row", "Tag|Service|Rated capacity"),
        ("row", "RWP-2|Raw water pump 2 (standby)|2.0 MGD"),
        ("row", "HSP-2|High-service pump 2|1,800 gpm"),
        ("Heading 1", "Level instruments"),
        ("row", "Tag|Service|Low alarm|High alarm|Units"),
        ("row", "LIT-101|Intake wet well level|0.75|3.2|m"),
        ("row", "LIT-301|Clearwell level|6.0|16.5|ft"),
        ("Heading 1", "Reservoirs"),
        ("row", "Reservoir|Overflow level (m)|Low level alarm (m)"),
        ("row", "North Reservoir (RES-N)|7.32|4.0"),
        ("row", "Hilltop Reservoir (RES-H)|8.5|2.74"),
        ("Heading 1", "Pressure control"),
        ("", "Booster station BPS-2 discharge pressure setpoint is 6.0 bar with the lead pump running."),
        ("", "Zone 2 (High) pressure at the Ridge Road monitoring point normally reads about 72 psi."),
        ("row", "Tag|Service|Setpoint|Units"),
        ("row", "PRV-12|Cedar Hollow subzone PRV, outlet pressure|448|kPa"),
        ("row", "HSP-1|High-service discharge header pressure|70|psi"),
    ]


DE_210_REV1 = _text(
    """
    # Millbrook District Energy - Central Plant
    ## DE-210 Steam Boiler Operation

    DE-210 Rev 1, effective 2023-09-01

    Boilers B-1 and B-2 are firetube boilers feeding the central steam header.

    ### Boiler data
    - B-1 capacity: 20,000 lb/h
    - B-2 capacity: 15,000 lb/h
    - Steam header design pressure: 150 psig
    - Steam header pressure setpoint: 95 psig
    - FWP-1 discharge pressure: 165 psig

    ### Start-up
    1. Confirm the low water cutoff was tested within the last 24 hours.
    2. Open the B-1 main steam stop only after drum pressure reaches header pressure.
    3. Place B-1 in lead and B-2 in lag. The lag boiler starts if header pressure falls to 88 psig.
    4. Hold header pressure at the 95 psig setpoint.
    5. Maintain feedwater temperature at 227 degF in the deaerator.
    6. Check stack temperature; it must not exceed 450 degF on either boiler.
    7. PRV-S3 reduces header steam to 15 psig for absorption chiller CH-2.

    ### Condensate
    Condensate pumps CP-1 (duty) and CP-2 (standby) return condensate from the
    receiver to the deaerator. CP-1 starts when the receiver level reaches 60% and
    stops at 30%.

    ### Blowdown
    Surface blowdown holds boiler water conductivity at 3,000 uS/cm.
    Bottom blowdown B-1 and B-2 once per shift for 10 seconds.

    ### Revision history
    - Rev 1 (2023-09-01): added condensate section.
    - Rev 0 (2021-05-10): initial issue.
    """
)

DE_210_REV2 = _text(
    """
    # Millbrook District Energy - Central Plant
    ## DE-210 Steam Boiler Operation

    DE-210 Rev 2, effective 2025-03-15
    Supersedes DE-210 Rev 1.

    Boilers B-1 and B-2 are firetube boilers feeding the central steam header.

    ### Boiler data
    - B-1 capacity: 20,000 lb/h
    - B-2 capacity: 15,000 lb/h
    - Steam header design pressure: 150 psig
    - Steam header pressure setpoint: 100 psig
    - FWP-1 discharge pressure: 165 psig

    ### Start-up
    1. Confirm the low water cutoff was tested within the last 24 hours.
    2. Open the B-1 main steam stop only after drum pressure reaches header pressure.
    3. Place B-1 in lead and B-2 in lag. The lag boiler starts if header pressure falls to 92 psig.
    4. Hold header pressure at the 100 psig setpoint.
    5. Maintain feedwater temperature at 227 degF in the deaerator.
    6. Check stack temperature; it must not exceed 450 degF on either boiler.
    7. PRV-S3 reduces header steam to 15 psig for absorption chiller CH-2.

    ### Condensate
    Condensate pumps CP-1 (duty) and CP-2 (standby) return condensate from the
    receiver to the deaerator. CP-1 starts when the receiver level reaches 60% and
    stops at 30%. Condensate should arrive back at the plant at 180 degF or warmer.

    ### Blowdown
    Surface blowdown holds boiler water conductivity at 3,000 uS/cm.
    Bottom blowdown B-1 and B-2 once per shift for 10 seconds.

    ### Revision history
    - Rev 2 (2025-03-15): steam header pressure setpoint raised from 95 psig to 100 psig;
      lag boiler start raised from 88 psig to 92 psig.
    - Rev 1 (2023-09-01): added condensate section.
    - Rev 0 (2021-05-10): initial issue.
    """
)


def _de_230() -> list[tuple[str, str]]:
    return [
        ("Title", "Chiller Plant 1 Operations - Central Plant"),
        ("", "DE-230 Rev 4, effective 2024-08-12"),
        ("Heading 1", "Scope"),
        ("", "Covers electric centrifugal chiller CH-1, steam absorption chiller CH-2, "
             "cooling towers CT-1 and CT-2 and the chilled water pumps at Chiller Plant 1. "
             "Chiller Plant 2 (Riverside) is covered by DE-231."),
        ("Heading 1", "Design data"),
        ("row", "Item|Design value"),
        ("row", "CH-1 capacity|1,200 tons"),
        ("row", "CH-2 capacity|800 tons"),
        ("row", "Chilled water design supply temperature|42 degF"),
        ("row", "Chilled water design return temperature|56 degF"),
        ("Heading 1", "Operating setpoints"),
        ("", "Chilled water supply temperature setpoint: 44 degF"),
        ("", "Condenser water supply temperature setpoint: 80 degF"),
        ("row", "Setpoint|Value"),
        ("row", "Chilled water loop differential pressure setpoint|15 psi"),
        ("row", "CH-1 anti-recycle timer (start to start)|20 min"),
        ("Heading 1", "Starting a chiller"),
        ("", "1. Start chilled water pump CHWP-1 and confirm CH-1 evaporator flow is at least 1,100 gpm."),
        ("", "2. Start condenser water pump CWP-1 and put the CT-1 fan in auto."),
        ("", "3. Start CH-1 from the panel; wait 30 minutes before loading it above 80%."),
        ("", "4. The CT-1 fan starts when condenser water supply rises to 78 degF and stops at 72 degF."),
        ("", "5. Steam to absorption chiller CH-2 is supplied at 12 psig through pressure-reducing station PRV-S3."),
        ("Heading 1", "Cooling tower water treatment"),
        ("", "Blowdown on CT-1 and CT-2 opens at a conductivity of 1,800 uS/cm."),
        ("", "CT-1 basin low level alarm is set at 14 in."),
    ]


DE_231 = _text(
    """
    MILLBROOK DISTRICT ENERGY
    DE-231  CHILLER PLANT 2 (RIVERSIDE) OPERATIONS
    DE-231 Rev 2, effective 2025-01-20

    This procedure applies only to Chiller Plant 2 at the Riverside site.
    Chiller Plant 1 at the Central Plant is covered by DE-230.

    EQUIPMENT
      CH-3 capacity: 1,000 tons
      CH-4 capacity: 1,000 tons
      CT-3 and CT-4: two-cell induced-draft towers

    SETPOINTS
      Chilled water supply temperature setpoint: 42 degF
      Condenser water supply temperature setpoint: 78 degF
      Loop differential pressure setpoint: 18 psi
      CT-3 basin low level alarm: 12 in

    DAILY ROUNDS
    1. Read chilled water supply and return temperatures; the difference should be
       12 to 16 degF at full load.
    2. Check CT-3 and CT-4 blowdown; conductivity is held at 1,500 uS/cm.
    3. Confirm CH-3 condenser water flow is at least 3,000 gpm.
    4. If chilled water supply drifts 2 degF above setpoint for more than 10 minutes,
       start the second chiller.
    5. Record CH-3 and CH-4 run hours on the log sheet.

    NOTES
    - The Plant 2 chilled water supply setpoint may be reset upward to 46 degF when
      outdoor air is below 55 degF.
    """
)

DE_250 = _text(
    """
    # DE-250 Central Plant Alarm and Setpoint Schedule

    DE-250 Rev 1, effective 2025-06-02

    Applies to the Central Plant: steam boilers B-1 and B-2 and Chiller Plant 1.
    Chiller Plant 2 (Riverside) keeps its own setpoints in DE-231.

    The steam header pressure setpoint is 100 psig. Do not change it without the
    plant superintendent's approval.

    ## Boiler plant
    | Tag | Service | Setpoint | Units |
    |---|---|---|---|
    | PT-201 | Steam header pressure, high alarm | 125 | psig |
    | PT-201 | Steam header pressure, low alarm | 85 | psig |
    | FWP-1 | Boiler feedwater pump discharge pressure | 12.0 | bar |
    | TT-210 | Deaerator outlet temperature | 105 | degC |
    | CP-1 | Condensate receiver level, duty pump start | 65 | % |
    | CP-1 | Condensate receiver level, duty pump stop | 30 | % |
    | CP-2 | Condensate receiver level, standby pump start | 80 | % |
    | TT-215 | B-1 stack temperature, high alarm | 425 | degF |
    | TT-216 | B-2 stack temperature, high alarm | 440 | degF |

    ## Chiller Plant 1
    | Parameter | Value |
    |---|---|
    | Chilled water supply temperature setpoint | 6.0 degC |
    | Chilled water loop DP setpoint | 103 kPa |
    | CH-1 anti-recycle timer, start to start | 900 s |

    | Tag | Description | Fan start | Fan stop | Basin low alarm |
    |---|---|---|---|---|
    | CT-1 | Cooling tower cell 1, on condenser water supply temperature | 76 degF | 72 degF | 0.30 m |
    | CT-2 | Cooling tower cell 2, on condenser water supply temperature | 79 degF | 73 degF | 0.30 m |

    ## Revision history
    - Rev 1 (2025-06-02): added CP-2 standby start and CT-2 settings.
    - Rev 0 (2024-10-01): initial issue.
    """
)


def write_all(folder: Path) -> Path:
    """Write the eight documents into folder and return it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "wtp-101_raw_water_intake_chemical_feed.md").write_text(WTP_101, encoding="utf-8")
    (folder / "wtp-140_reservoirs_pressure_zones.txt").write_text(WTP_140, encoding="utf-8")
    make_docx(folder / "wtp-150_setpoint_register.docx", _wtp_150())
    (folder / "de-210_steam_boiler_operation_rev1.md").write_text(DE_210_REV1, encoding="utf-8")
    (folder / "de-210_steam_boiler_operation_rev2.md").write_text(DE_210_REV2, encoding="utf-8")
    make_docx(folder / "de-230_chiller_plant_1.docx", _de_230())
    (folder / "de-231_chiller_plant_2.txt").write_text(DE_231, encoding="utf-8")
    (folder / "de-250_central_plant_setpoints.md").write_text(DE_250, encoding="utf-8")
    return folder
