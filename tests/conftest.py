"""Shared fixtures: tiny documents of every format, made in the test itself, and the real bundled embedder."""

from __future__ import annotations

from pathlib import Path

import pytest

# The shared helpers' asserts report their values as a test module's do (pytest rewrites only
# test modules and conftests unless told).
pytest.register_assert_rewrite("tests.support")

# Tiers by folder: `make test-fast` (unit and the window's own tests, about two minutes) while
# editing, `make test` (everything, what CI runs) before a commit lands. A marker set in a
# conftest's pytestmark reaches only that conftest's own tests, so the folder decides here.
_TIERS = {"integration": ("integration",), "gui": ("gui",), "packaging": ("integration", "slow")}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.parent.name
        for name in _TIERS.get(folder, ()):
            item.add_marker(name)

REPO = Path(__file__).resolve().parent.parent
SAMPLE_DOCS = REPO / "corpus" / "documents"
TEST_ADMIN_PASSPHRASE = "test-admin-passphrase"


@pytest.fixture(autouse=True, scope="session")
def scripted_admin_passphrase():
    """Changing the corpus from the CLI needs admin mode. Tests run it as a scripted admin
    job would: the passphrase in the environment (subprocesses inherit it). Tests of the
    refusal remove it with monkeypatch.delenv."""
    from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_ADMIN_PASSPHRASE, TEST_ADMIN_PASSPHRASE)
        yield


# The real bundled embedder, loaded once a session, for the integration and window tests that ask for it.
@pytest.fixture(scope="session")
def embedder():
    from operator_assistant.core.embedding import load_embedder
    from operator_assistant.core.models import resolve_model
    from operator_assistant.errors import ModelError
    from tests.support.engines import MODELS

    try:
        model = resolve_model(MODELS, "all-MiniLM-L6-v2", "embedder")
    except ModelError as exc:
        pytest.fail(f"{exc} (the integration tests need the bundled weights)")
    return load_embedder(model)


@pytest.fixture(scope="session")
def app_embedder():
    """The embedder the app picks for a new data folder (bfloat16 passages where the CPU has them):
    for opening an index the command line built."""
    from operator_assistant.core.embedding import default_backend, load_embedder
    from operator_assistant.core.models import resolve_model
    from tests.support.engines import MODELS

    model = resolve_model(MODELS, "all-MiniLM-L6-v2", "embedder")
    return load_embedder(model, backend=default_backend(model.model_id, None))


def make_pdf(path: Path, pages: list[list[tuple[str, float]]], title: str | None = None) -> Path:
    """A real PDF with a text layer: each page is a list of (line, font size)."""
    from fpdf import FPDF

    pdf = FPDF()
    if title:
        pdf.set_title(title)
    for lines in pages:
        pdf.add_page()
        for text, size in lines:
            pdf.set_font("Helvetica", "B" if size > 11 else "", size)
            pdf.multi_cell(0, size * 0.6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def make_docx(path: Path, items: list[tuple[str, str]]) -> Path:
    """A real DOCX: items are (style or 'table:' row cells joined by |, text)."""
    import docx

    document = docx.Document()
    table_rows: list[list[str]] = []

    def flush_table() -> None:
        if table_rows:
            table = document.add_table(rows=len(table_rows), cols=len(table_rows[0]))
            for r, row in enumerate(table_rows):
                for c, cell in enumerate(row):
                    table.cell(r, c).text = cell
            table_rows.clear()

    for style, text in items:
        if style == "row":
            table_rows.append(text.split("|"))
            continue
        flush_table()
        if style.startswith("Heading"):
            document.add_heading(text, level=int(style[-1]))
        else:
            document.add_paragraph(text, style=style or None)
    flush_table()
    document.save(str(path))
    return path


@pytest.fixture
def sample_copy(tmp_path: Path) -> Path:
    """A private copy of the sample corpus that a test may change."""
    import shutil

    target = tmp_path / "docs"
    shutil.copytree(SAMPLE_DOCS, target)
    return target


# Scanned pages for the OCR tests: known text drawn at 150 dpi in the font bundled with Pillow
# (the same glyphs on every machine), each line's box kept to check where OCR puts the words.
SCAN_DPI = 150


def scanned_page(lines: list[str], font_size: int = 36):  # noqa: ANN201 - (PIL image, line boxes in pixels)
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default(size=font_size)
    image = Image.new("L", (1275, 1650), 255)  # US letter at 150 dpi
    draw = ImageDraw.Draw(image)
    boxes = []
    for n, line in enumerate(lines):
        at = (120, 150 + n * 2 * font_size)
        draw.text(at, line, font=font, fill=0)
        boxes.append(draw.textbbox(at, line, font=font))
    return image, boxes


def noise_page():  # noqa: ANN201 - a PIL image
    """A page of grey speckle with no text on it: what a bad scan of a blank sheet looks like."""
    import numpy as np
    from PIL import Image

    return Image.fromarray((np.random.default_rng(7).random((1650, 1275)) * 255).astype("uint8"))


def image_pdf(path: Path, pages: list) -> Path:
    """A PDF whose pages are only pictures (no text layer), as a scanner makes it."""
    pages[0].save(path, "PDF", save_all=True, append_images=pages[1:], resolution=SCAN_DPI)
    return path
