"""What the made-up symptom sets share: a question line as `eval answers` reads it, and a DOCX's archive made
byte-identical from run to run (python-docx stamps each member with the time it was written)."""

from __future__ import annotations

import io
import zipfile


def symptom_question(prefix: str, number: int, question: str, source: str | None, keywords: list[str]) -> dict:
    """One question of a set: a symptom of `source`, or not in the documents where `source` is None."""
    return {
        "id": f"{prefix}-{number:02d}",
        "question": question,
        "kind": "symptom" if source else "not-in-corpus",
        "source_file": source,
        "section": "",
        "answer_keywords": keywords,
        "follows": None,
    }


def fixed_zip(data: bytes, when: tuple[int, int, int, int, int, int], mode: int = 0o644) -> bytes:
    """The same archive with every member stamped `when` and given `mode`."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=when)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = mode << 16
            dst.writestr(fixed, src.read(info.filename))
    return out.getvalue()
