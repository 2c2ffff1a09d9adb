"""Two made-up revisions of one SOP, as a plant keeps them: Rev B in Word, Rev C as a PDF, with known
changes between them (values, steps added, removed, moved and reworded, a section added and one
removed) and text that only moved (a re-wrapped paragraph, a new page break) which is not a change."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_docx

PURPOSE = ("This procedure sets how operators keep the free chlorine residual leaving the clearwell "
           "within its limits, and what they do when an analyser alarm is raised.")
RECORDS_B = "Record the residual every four hours on form CL-2 and keep the forms for three years."
RECORDS_C = "Record the residual every four hours on form CL-2 and keep the forms for five years."

STEPS_B = [
    "Confirm the hypochlorite day tank level is above 30 percent.",
    "Open the suction valve HV-201 on the duty dosing pump.",
    "Start the duty dosing pump P-201 in manual at 20 percent stroke.",
    "Check the discharge pressure reads between 2 and 4 bar.",
    "Switch the pump to automatic once the residual is stable.",
    "Log the start time in the shift record.",
]
STEPS_C = [
    "Confirm the hypochlorite day tank level is above 30 percent.",
    "Open the suction valve HV-201 on the duty dosing pump.",
    "Vent the pump head through the priming valve until no gas is seen.",  # added
    "Start the duty dosing pump P-201 in manual at 25 percent stroke.",  # value changed
    "Switch the pump to automatic once the residual is stable.",  # moved up (was after the pressure check)
    "Verify the discharge pressure reads between 2 and 4 bar on the local gauge PI-201.",  # reworded, moved
]  # "Log the start time ..." removed

SETPOINTS_B = [("Free chlorine high alarm", "3.5", "mg/L"), ("Free chlorine low alarm", "0.8", "mg/L"),
               ("Dosing pump maximum stroke", "80", "%")]
SETPOINTS_C = [("Free chlorine high alarm", "4.0", "mg/L"), ("Free chlorine low alarm", "0.8", "mg/L"),
               ("Dosing pump maximum stroke", "80", "%")]

ALARM_B = "On a high residual alarm, reduce the pump stroke by 5 percent and sample again after 15 minutes."
ALARM_C = "On a high residual alarm, reduce the pump stroke by 5 percent and sample again after 10 minutes."
TRAINING_C = "Operators complete the dosing pump training module before running this procedure alone."
SHUTDOWN = ["Stop the duty dosing pump P-201.", "Close the suction valve HV-201."]


def rev_b_docx(folder: Path) -> Path:
    items: list[tuple[str, str]] = [
        ("Title", "Clearwell Chlorine Residual Control"),
        ("", "SOP-114 Rev B, effective 2025-01-10"),
        ("Heading 1", "1. Purpose"), ("", PURPOSE),
        ("Heading 1", "2. Setpoints"), ("row", "Parameter|Setpoint|Unit"),
        *[("row", "|".join(r)) for r in SETPOINTS_B],
        ("Heading 1", "3. Start-up"), *[("", f"{i}. {s}") for i, s in enumerate(STEPS_B, 1)],
        ("Heading 1", "4. Alarm response"), ("", ALARM_B),
        ("Heading 1", "5. Shutdown"), *[("", f"{i}. {s}") for i, s in enumerate(SHUTDOWN, 1)],
        ("Heading 1", "6. Records"), ("", RECORDS_B),
        ("Heading 1", "7. Spill kit"), ("", "The spill kit is kept in the chemical room by the eye wash."),
    ]
    return make_docx(folder / "sop-114-rev-b.docx", items)


def rev_c_pdf(folder: Path, effective: str = "2026-05-01") -> Path:
    """Rev C as a PDF: the purpose wraps at other places than in Word, and a page break falls
    inside the start-up steps."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_title("Clearwell Chlorine Residual Control")

    def line(text: str, size: float = 10, bold: bool = False) -> None:
        pdf.set_font("Helvetica", "B" if bold else "", size)
        pdf.multi_cell(0, size * 0.6, text, new_x="LMARGIN", new_y="NEXT")

    def heading(text: str) -> None:
        pdf.ln(2)
        line(text, 13, True)

    pdf.add_page()
    line("Clearwell Chlorine Residual Control", 18, True)
    line(f"SOP-114 Rev C, effective {effective}")
    heading("1. Purpose")
    line(PURPOSE)
    heading("2. Setpoints")
    pdf.set_font("Helvetica", "", 10)
    with pdf.table(col_widths=(80, 40, 30), text_align="LEFT") as table:
        for row in [("Parameter", "Setpoint", "Unit"), *SETPOINTS_C]:
            cells = table.row()
            for value in row:
                cells.cell(value)
    heading("3. Start-up")
    for i, step in enumerate(STEPS_C, 1):
        if i == 4:
            pdf.add_page()
        line(f"{i}. {step}")
    heading("4. Alarm response")
    line(ALARM_C)
    heading("5. Shutdown")
    for i, step in enumerate(SHUTDOWN, 1):
        line(f"{i}. {step}")
    heading("6. Records")
    line(RECORDS_C)
    heading("7. Training")
    line(TRAINING_C)
    path = folder / "sop-114-rev-c.pdf"
    pdf.output(str(path))
    return path
