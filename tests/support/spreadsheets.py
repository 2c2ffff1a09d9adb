"""Spreadsheets made by the tests: a CSV alarm list in any dialect and an XLSX setpoint workbook
with two sheets (one hidden), merged header cells and formulas with and without a cached value."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path

ALARMS = [["Tag", "Description", "Priority", "Setpoint (°C)"],
          ["TT-4101", "Bearing temperature high", "1", "82"],
          ["LT-3001", "Wet well level, low", "2", "3.5"],
          ["FT-7106", 'Seal water flow "low"', "1", "0.5"]]
ALARM_PREFACE = "Alarm list - North plant"


def alarm_csv(delimiter: str = ",", encoding: str = "utf-8", preface: bool = True, newline: str = "\r\n") -> bytes:
    """The alarm list as a SCADA export writes it: a title line, then the header and rows."""
    def field(text: str) -> str:
        if delimiter in text or '"' in text or "," in text:
            return '"' + text.replace('"', '""') + '"'
        return text
    lines = ([ALARM_PREFACE] if preface else []) + [delimiter.join(field(c) for c in row) for row in ALARMS]
    return (newline.join(lines) + newline).encode(encoding)


def setpoint_workbook() -> bytes:
    """Sheet "Setpoints" (visible): a title line, a two-line header with merged cells, formulas in
    column D (D5 with the value Excel cached, D6 with none); sheet "Limits" (hidden)."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Setpoints"
    sheet["A1"] = "North plant setpoints, rev 3"
    sheet.append([])
    sheet.append(["Tag", "Alarm limits", None, "Trip", "Unit", "Reviewed"])
    sheet.append([None, "Low", "High"])
    for merged in ("A3:A4", "B3:C3", "D3:D4", "E3:E4", "F3:F4"):
        sheet.merge_cells(merged)
    sheet.append(["PT-7105", 40, 85.0, "=C5+10", "psi", dt.datetime(2024, 3, 1)])
    sheet.append(["LT-3001", 2.5, 12.25, "=C6+10", "ft", dt.datetime(2024, 3, 2, 14, 30)])
    sheet["C6"].number_format = "0.00"
    limits = book.create_sheet("Limits")
    limits.sheet_state = "hidden"
    limits.append(["Pump", "Trip pressure (psi)", "Speed"])
    limits.append(["B-2", 95, 0.85])
    limits["C2"].number_format = "0%"
    out = io.BytesIO()
    book.save(out)
    # openpyxl writes formulas without the value Excel would cache; write one as Excel does (<v>95</v>)
    return with_cached_value(out.getvalue(), "xl/worksheets/sheet1.xml", "D5", "C5+10", "95")


def with_cached_value(data: bytes, part: str, ref: str, formula: str, value: str) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            content = source.read(item.filename)
            if item.filename == part:
                written = f'<c r="{ref}"><f>{formula}</f><v></v></c>'.encode()
                assert written in content, content
                content = content.replace(written, f'<c r="{ref}"><f>{formula}</f><v>{value}</v></c>'.encode())
            target.writestr(item, content)
    return out.getvalue()


def replace_part(data: bytes, part: str, content: bytes) -> bytes:
    """The workbook with one part's bytes replaced (to damage it)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            target.writestr(item, content if item.filename == part else source.read(item.filename))
    return out.getvalue()


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
