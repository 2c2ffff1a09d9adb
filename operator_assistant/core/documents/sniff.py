"""What a file with no known suffix holds, from its first few kilobytes: text, a format we read, or
binary data that is not a document (and what it is, for the reason shown).

A MIB named `IF-MIB`, a BACnet `.tpi`, a `.cfg`, `.ini`, `.log`, `.xml` or `.json` file is text and is read
as plain text; a program, an archive or a database is named and skipped. A PDF, a Word or Excel file or
an image under another name is read by its own loader.
It must not read more than the head of a file to decide (a folder may hold large archives).
"""

from __future__ import annotations

import io
import os
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path

SNIFF_BYTES = 8192  # as much as decode_text looks at for NUL bytes

# Leading bytes of binary formats, and what to call them in the reason a file is skipped.
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x7fELF", "a program or library (ELF)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old-format Office file (.doc, .xls or .ppt); save it as .docx or .xlsx"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"\xfd7zXZ\x00", "an xz archive"),
    (b"\x28\xb5\x2f\xfd", "a zstd archive"),
    (b"BZh", "a bzip2 archive"),
    (b"MSCF", "a Windows cabinet archive"),
    (b"GIF87a", "an image (GIF; images are read by OCR as PNG, JPEG or TIFF)"),
    (b"GIF89a", "an image (GIF; images are read by OCR as PNG, JPEG or TIFF)"),
    (b"BM", "an image (BMP; images are read by OCR as PNG, JPEG or TIFF)"),
    (b"\x00\x00\x01\x00", "an icon image"),
    (b"RIFF", "audio, video or a WebP image (RIFF)"),
    (b"OggS", "audio or video (Ogg)"),
    (b"ID3", "audio (MP3)"),
    (b"\xca\xfe\xba\xbe", "a program (Java class or macOS binary)"),
    (b"\xcf\xfa\xed\xfe", "a program (macOS)"),
    (b"\xfe\xed\xfa\xcf", "a program (macOS)"),
    (b"AC10", "an AutoCAD drawing (DWG)"),
    (b"\x00asm", "a WebAssembly program"),
    (b"wOFF", "a font"),
    (b"wOF2", "a font"),
    (b"\x00\x01\x00\x00\x00", "a font"),
    (b"OTTO", "a font"),
)
_MZ = b"MZ"  # a Windows program or library (PE): checked with its NUL bytes, as "MZ" can start a line of text
_TAR = (257, b"ustar")
_ZIP = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
# Formats with a loader, by their magic: the suffix whose loader reads them.
_READABLE: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", ".png"), (b"\xff\xd8\xff", ".jpg"), (b"II*\x00", ".tif"), (b"MM\x00*", ".tif"),
)
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")
# Text that is no document: what an HTML manual's folder holds beside its pages (Sphinx's _static/, a
# saved page's files). Read as text, a script or a style sheet would fill the index with code.
_WEB_ASSETS = frozenset({".js", ".mjs", ".css", ".map"})


def by_name(path: Path) -> Sniffed | None:
    """What the name alone says: a web page's script or style sheet is no document; None when it says nothing."""
    if path.suffix.lower() in _WEB_ASSETS:
        return Sniffed(reason="not a document: a web page's script or style sheet")
    return None


@dataclass(frozen=True)
class Sniffed:
    """How to read a file: with the loader for `suffix` (".txt" for text), or not at all, for `reason`."""

    suffix: str = ""
    reason: str = ""


def sniff(head: bytes) -> Sniffed:
    """What the first bytes of a file say it is. A zip archive is `.zip`: which one (DOCX, XLSX or
    another) needs its list of members (`zip_kind`)."""
    if not head.strip():
        return Sniffed(".txt")  # empty or blank: the text loader says "empty file"
    if head.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")):
        return Sniffed(".txt")  # a byte order mark: UTF-16 or UTF-8 text
    if head.lstrip().startswith(b"{\\rtf"):  # text, but markup through and through: read as text it is noise
        return Sniffed(reason="not read: an RTF document; save it as .docx to index it")
    # Some magic numbers are letters ("BM", "AC10", "RIFF") that a line of text can start with too:
    # those count only where the bytes after them are binary, as a real header's are.
    binary = any(byte < 0x20 and byte not in _TEXT_CONTROLS for byte in head[:64])
    pdf = head.find(b"%PDF-")
    if pdf == 0 or 0 < pdf < 1024 and binary:  # a PDF's header may follow some junk, within the first 1024 bytes
        return Sniffed(".pdf")
    if head.startswith(_ZIP):
        return Sniffed(".zip")
    for magic, suffix in _READABLE:
        if head.startswith(magic):
            return Sniffed(suffix)
    for magic, what in _MAGIC:
        if head.startswith(magic) and (binary or not _printable(magic)):
            return Sniffed(reason=f"not a document: {what}")
    if head.startswith(_MZ) and binary:
        return Sniffed(reason="not a document: a Windows program or library (EXE, DLL)")
    if head[_TAR[0]:_TAR[0] + len(_TAR[1])] == _TAR[1]:
        return Sniffed(reason="not a document: a tar archive")
    if b"\x00" in head:
        return Sniffed(reason="not a document: binary data (NUL bytes), not text")
    controls = sum(1 for byte in head if byte < 0x20 and byte not in _TEXT_CONTROLS)
    if controls * 20 > len(head):  # more than 5% control characters: no text encoding reads like that
        return Sniffed(reason="not a document: binary data (control characters), not text")
    return Sniffed(".txt")


def _printable(magic: bytes) -> bool:
    return all(0x20 <= byte < 0x7f for byte in magic)


def zip_kind(names: list[str]) -> Sniffed:
    """A zip archive by its members: a Word or Excel file under another name, or an archive we do not open."""
    if "word/document.xml" in names:
        return Sniffed(".docx")
    if "xl/workbook.xml" in names:
        return Sniffed(".xlsx")
    return Sniffed(reason="not a document: a zip archive (its files are not read; unpack it to index them)")


def sniff_file(path: Path) -> Sniffed:
    """What the file at `path` holds, from its head (and, for a zip, its list of members).
    A file that cannot be read here is left to the reader, which reports why (`Sniffed(".txt")`)."""
    if (named := by_name(path)) is not None:
        return named
    try:
        # O_NONBLOCK: a pipe under a document's name must not hang the folder's listing
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return Sniffed(".txt")
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return Sniffed(".txt")
        try:
            head = handle.read(SNIFF_BYTES)
        except OSError:
            return Sniffed(".txt")
        found = sniff(head)
        if found.suffix != ".zip":
            return found
        try:
            handle.seek(0)
            with zipfile.ZipFile(handle) as archive:  # reads the member list at the end, not the members
                return zip_kind(archive.namelist())
        except (zipfile.BadZipFile, OSError, ValueError, EOFError):
            return Sniffed(reason="not a document: a damaged zip archive")


def sniff_data(data: bytes) -> Sniffed:
    """What the bytes of a whole file hold (as `sniff_file`, with the bytes already read)."""
    found = sniff(data[:SNIFF_BYTES])
    if found.suffix != ".zip":
        return found
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return zip_kind(archive.namelist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return Sniffed(reason="not a document: a damaged zip archive")
