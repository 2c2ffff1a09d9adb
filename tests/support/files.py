"""Documents the tests write: scanned, encrypted and plain PDFs, small manuals, a MIB, and the file size limit."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_pdf

SIZE_LIMIT_MB = 1  # set in config.toml for the tests; the default is 200


def write_config(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "config.toml").write_text(f"max_file_mb = {SIZE_LIMIT_MB}\n", encoding="utf-8")


def scanned_pdf(path: Path) -> Path:
    """A page that is only a picture of text, as a scanner makes it."""
    from fpdf import FPDF
    from PIL import Image, ImageDraw

    image = Image.new("L", (800, 400), 255)
    ImageDraw.Draw(image).text((40, 40), "HIGH ALARM PT-2105 85 PSI", fill=0)
    picture = path.with_suffix(".png")
    image.save(picture)
    pdf = FPDF()
    pdf.add_page()
    pdf.image(str(picture), x=10, y=10, w=180)
    pdf.output(str(path))
    picture.unlink()
    return path


def encrypted_pdf(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_encryption(owner_password="owner-secret", user_password="user-secret")
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    pdf.cell(text="Confidential: the PT-2105 trip is at 90 psi.")
    pdf.output(str(path))
    return path


def real_pdf_bytes(folder: Path) -> bytes:
    path = make_pdf(folder / "source.tmp", [[("Booster Manual", 18), ("The B-2 pump trips at 95 psi. " * 30, 10)]] * 3)
    data = path.read_bytes()
    path.unlink()
    return data


MANUAL = """# Pump Manual

## Alarms

PT-2105 high discharge alarm is 85 psi. The low alarm is 40 psi.

## Maintenance

Grease the bearings of P-201A every 2,000 running hours.

## Contacts

Call the control room on extension 4410.
"""

TOPICS = ("chlorine contact tank", "backwash pump", "sludge thickener", "ozone generator", "lime silo",
          "raw water intake")


def manuals(folder: Path, count: int = 6) -> list[Path]:
    """Small real manuals, each about one piece of plant with its own setpoint."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for n, topic in enumerate(TOPICS[:count]):
        file = folder / f"manual-{n + 1}.md"
        file.write_text(f"# {topic.title()} manual\n\n## Alarms\n\nThe {topic} high alarm setpoint is {n + 3}.{n} bar. "
                        f"Check the {topic} every shift and log the reading.\n\n## Maintenance\n\n"
                        f"Grease the {topic} bearings every {n + 2} weeks.\n", encoding="utf-8")
        files.append(file)
    return files


MIB = """FOO-MIB DEFINITIONS ::= BEGIN

fooAlarms OBJECT IDENTIFIER ::= { foo 3 }

fooAlarmHighTemp OBJECT-TYPE
    SYNTAX      INTEGER { normal(1), alarm(2) }
    MAX-ACCESS  read-only
    STATUS      current
    DESCRIPTION
        "The cabinet temperature is above its high limit.
         Check the fans and the filter."
    ::= { fooAlarms 17 }

fooAlarmDoorOpen OBJECT-TYPE
    SYNTAX      INTEGER
    MAX-ACCESS  read-only
    STATUS      current
    DESCRIPTION "The cabinet door is open."
    ::= { fooAlarms 18 }

fooPowerFail TRAP-TYPE
    ENTERPRISE  foo
    VARIABLES   { fooAlarmHighTemp }
    DESCRIPTION
        "Mains power to the cabinet has failed."
    ::= 10

END
"""
