"""Made-up plant documents with disagreements planted in them, and near misses that are not
disagreements: for measuring the conflict finder's precision and recall (tests and BENCHMARKS.md).

PLANTED: each disagreement as the pair of values written in the two documents.
Near misses, which must not be reported: the same value in two units (20 psi / 1.38 bar, 60 psi /
4.1 bar), one value for two tags (P-101 / P-102), siblings (high / low alarm, start / stop level,
lead / lag pump), a range against a value, a change by an amount, two stations, revisions of one
SOP, and a value written twice in one document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from tests.conftest import make_docx

PLANTED: list[frozenset[str]] = [frozenset(pair) for pair in [
    ("3.5 mg/L", "4.0 mg/L"),  # clearwell chlorine high alarm: O&M manual vs SOP-114 table
    ("10 seconds", "15 s"),  # P-101 overcurrent trip delay: vendor manual vs setpoint sheet
    ("12.5 ft", "3.2 m"),  # wet well high level alarm, in two units that differ after conversion
    ("118 psi", "8.9 bar"),  # B-2 discharge pressure high alarm
    ("10 minutes", "12 min"),  # filter backwash duration
    ("0.3 NTU", "0.5 NTU"),  # combined filter effluent turbidity alarm
    ("0.7 mg/L", "0.8 mg/L"),  # fluoride target dose
    ("30 minutes", "1 hour"),  # generator exercise run time
    ("8 ft", "10 ft"),  # reservoir low level alarm
    ("30 minutes", "20 min"),  # minimum chlorine contact time
]]

OM_MANUAL = """# Water Treatment Plant O&M Manual

## Clearwell

The clearwell free chlorine high alarm is set at 3.5 mg/L.
The free chlorine low alarm is 0.8 mg/L.
The minimum chlorine contact time is 30 minutes.

## Raw water pumps

The P-101 overcurrent trip delay is 10 seconds.
The P-102 overcurrent trip delay is 20 seconds.
The B-1 suction pressure low alarm is 20 psi.
The B-2 discharge pressure high alarm is 118 psi.
The discharge pressure of B-3 should be kept between 2 and 4 bar.
The B-4 discharge pressure setpoint is 60 psi.

## Filters

The filter backwash duration is 10 minutes.
The combined filter effluent turbidity alarm is 0.3 NTU.
When the alarm sounds, reduce the filter rate by 5 percent.

## Lift station

The lead pump start level is 6 ft.
The lead pump stop level is 3 ft.
The lag pump start level is 7 ft.
The wet well high level alarm is 12.5 ft.
The Station A wet well overflow alarm is 14 ft.
"""

DISTRIBUTION_SOP = """# SOP-220 Distribution and Storage

SOP-220 Rev A, effective 2024-02-01

## Reservoir

The reservoir low level alarm is 8 ft.
The fluoride target dose is 0.7 mg/L.
The Station B wet well overflow alarm is 16 ft.

## Generator

The generator exercise run time is 30 minutes.
The generator exercise run time is 30 minutes, once a week.
"""

SETPOINT_SHEET = """# Plant setpoint sheet

| Parameter | Setpoint | Unit |
|---|---|---|
| P-101 overcurrent trip delay | 15 | s |
| P-102 overcurrent trip delay | 20 | s |
| B-1 suction pressure low alarm | 1.38 | bar |
| B-2 discharge pressure high alarm | 8.9 | bar |
| B-4 discharge pressure setpoint | 4.1 | bar |
| Filter backwash duration | 12 | min |
| Lead pump start level | 6 | ft |
| Lead pump stop level | 3 | ft |
| Wet well high level alarm | 3.2 | m |
| Reservoir low level alarm | 10 | ft |
"""

LAB_NOTES = """Laboratory and treatment notes

The combined filter effluent turbidity alarm is 0.5 NTU.
The fluoride target dose is 0.8 mg/L.
The minimum chlorine contact time is 20 min.
The generator exercise run time is 1 hour.
The discharge pressure of B-3 is 3 bar.
The filter rate is 80 percent of design.
"""


def figures(values: Iterable[str]) -> frozenset[str]:
    """A pair judged by its figures: a set may write "8.25" for a cell whose unit is in its column."""
    return frozenset(re.match(r"[\d.,]+", v.strip()).group().replace(",", "") for v in values)


def sop_114(folder: Path, revision: str, effective: str, high: str) -> Path:
    return make_docx(folder / f"sop-114-rev-{revision.lower()}.docx", [
        ("Title", "Chlorine Dosing at the Clearwell"), ("", f"SOP-114 Rev {revision}, effective {effective}"),
        ("Heading 1", "1. Setpoints"), ("row", "Parameter|Setpoint|Unit"),
        ("row", f"Free chlorine high alarm|{high}|mg/L"), ("row", "Free chlorine low alarm|0.8|mg/L"),
    ])


def write_all(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    (folder / "sop-220-distribution.md").write_text(DISTRIBUTION_SOP, encoding="utf-8")
    (folder / "setpoint-sheet.md").write_text(SETPOINT_SHEET, encoding="utf-8")
    (folder / "lab-notes.txt").write_text(LAB_NOTES, encoding="utf-8")
    sop_114(folder, "B", "2025-01-10", "3.8")  # superseded: its 3.8 is no one's conflict
    sop_114(folder, "C", "2026-05-01", "4.0")
    return folder
