"""The bad-input catalogue, through the real ingestion path: the engine (real embedder,
Chroma and BM25 on disk) and the `operator-assistant ingest` command in a subprocess.

Every case: a clear message for the bad file, the rest of the batch indexed, and the
document indexed before the bad batch still there and searchable.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import REPO, make_docx
from tests.support.engines import MODELS, consistent, make_engine
from tests.support.files import SIZE_LIMIT_MB, encrypted_pdf, real_pdf_bytes, scanned_pdf, write_config
from tests.support.spreadsheets import alarm_csv, replace_part, setpoint_workbook

PASSPHRASE = "bad-input-tests"  # the CLI's ingest needs admin mode; a script passes it in the environment
MANUAL = ("# Pump Manual\n\n## Alarms\n\nPT-2105 high discharge alarm is 85 psi. The low alarm is 40 psi.\n\n"
          "## Maintenance\n\nGrease the bearings of P-201A every 2,000 running hours.\n")
@dataclass
class Case:
    """Files of one bad batch and what each must come out as: name -> (status, words in the message)."""

    expected: dict[str, tuple[str, str]]
    # (query, file name of the top hit, text that hit must contain): what must be findable afterwards
    searches: list[tuple[str, str, str]] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)  # text that must be in no chunk
    on_progress: Callable[[str], None] | None = None  # runs as each file is about to be read
    cli: bool = True  # False where the case needs a hook inside the running batch


def good_file(folder: Path, case: str, number: int) -> tuple[str, tuple[str, str], tuple[str, str, str]]:
    """A good document in every bad batch: it must be indexed regardless."""
    name = f"{case}-good.md"
    (folder / name).write_text(f"# Check valves\n\nCheck valve CV-{number} on the {case} line is inspected weekly.\n",
                               encoding="utf-8")
    return name, ("added", ""), (f"CV-{number} check valve", name, f"CV-{number}")


ENCODED = {  # encoding -> (text, a word to search for)
    "cp1252": ("Température de l'eau: 12 °C. Vérifier la pompe P-7301 avant démarrage. Œuvre « sûre » — été.\n",
               "P-7301"),
    "shift_jis": ("ポンプ P-7302 の吐出圧力警報は 85 psi です。起動前にバルブを確認してください。\n", "P-7302"),
    "koi8_r": ("Давление нагнетания насоса P-7303: аварийный сигнал при 85 psi. Перед пуском проверьте задвижку.\n",
               "P-7303"),
}


def build(case: str, folder: Path) -> Case:
    """Write one case's files into `folder`."""
    number = 100 + sorted(CASES).index(case)
    good, good_expect, good_search = good_file(folder, case, number)
    expected: dict[str, tuple[str, str]] = {good: good_expect}
    result = Case(expected, [good_search])
    random = bytes(range(256)) * 8 + os.urandom(2048)  # binary: every byte value, NULs included
    if case == "empty":
        (folder / "empty.txt").write_bytes(b"")
        (folder / "blank.md").write_bytes(b"  \n\n\t\n")
        expected |= {"empty.txt": ("failed", "empty file"), "blank.md": ("failed", "empty file")}
    elif case == "binary":
        for name in ("photo.pdf", "blob.md", "report.docx"):
            (folder / name).write_bytes(random)
        expected |= {"photo.pdf": ("failed", "not a PDF file"), "blob.md": ("failed", "binary data"),
                     "report.docx": ("failed", "not a valid DOCX file")}
    elif case == "corrupt-pdf":
        data = real_pdf_bytes(folder)
        (folder / "truncated.pdf").write_bytes(data[:len(data) * 2 // 3])
        (folder / "garbled.pdf").write_bytes(data[:400] + os.urandom(2000))
        expected |= {"truncated.pdf": ("failed", "damaged or unreadable PDF"),
                     "garbled.pdf": ("failed", "damaged or unreadable PDF")}
    elif case == "encrypted-pdf":
        encrypted_pdf(folder / "locked.pdf")
        expected["locked.pdf"] = ("failed", "encrypted PDF: it needs a password")
        result.absent.append("90 psi")
    elif case == "scanned-pdf":
        scanned_pdf(folder / "scan.pdf")  # read by OCR now: indexed and found by its words
        expected["scan.pdf"] = ("added", "")
        result.searches.append(("PT-2105 high alarm", "scan.pdf", "PT-2105"))
    elif case == "too-large":
        line = "Routine log line: all pumps normal, no alarms. " * 20 + "\n"
        (folder / "huge.txt").write_text(line * (int(SIZE_LIMIT_MB * 1.5 * 2**20) // len(line)), encoding="utf-8")
        expected["huge.txt"] = ("failed", (f"file too large: 1.5 MB, above the limit of {SIZE_LIMIT_MB} MB; "
                                           "raise max_file_mb in config.toml"))
    elif case == "legacy-encoding":
        for encoding, (text, word) in ENCODED.items():
            name = f"notes-{encoding}.txt"
            (folder / name).write_bytes(text.encode(encoding))
            expected[name] = ("added", "")
            result.searches.append((word, name, text.strip()))
        # and by their own words, which only match if they were decoded right
        result.searches += [("Température de l'eau avant démarrage", "notes-cp1252.txt", "Œuvre « sûre » — été"),
                            ("Давление нагнетания насоса", "notes-koi8_r.txt", "проверьте задвижку")]
    elif case == "docx-no-text":
        make_docx(folder / "blank.docx", [])
        make_docx(folder / "spaces.docx", [("", "   "), ("", "")])
        expected |= {"blank.docx": ("failed", "no text found"), "spaces.docx": ("failed", "no text found")}
    elif case == "html-active-content":
        (folder / "page.html").write_text(
            "<html><head><title>Valve Program</title><script src='https://example.invalid/a.js'></script>"
            "<link rel='stylesheet' href='https://example.invalid/s.css'>"
            "<meta http-equiv='refresh' content='0; url=https://example.invalid/'></head><body>"
            "<h1>Valve Program</h1><img src='https://example.invalid/logo.png' alt='logo'>"
            "<p>Exercise valve VLV-7309 every year.</p><iframe src='https://example.invalid/frame'>FRAMETEXT</iframe>"
            "<script>fetch('https://example.invalid/x'); var SCRIPTTEXT = 1;</script>"
            "<object data='https://example.invalid/o.swf'>OBJECTTEXT</object></body></html>", encoding="utf-8")
        expected["page.html"] = ("added", "")
        result.searches.append(("VLV-7309 exercise", "page.html", "Exercise valve VLV-7309 every year."))
        result.absent += ["SCRIPTTEXT", "FRAMETEXT", "OBJECTTEXT", "example.invalid"]
    elif case == "disappears":
        (folder / "vanishing.md").write_text("# Gone\n\nThis file is deleted during the batch.\n", encoding="utf-8")
        (folder / "swapped.txt").write_text("SWAPPED\n\nReplaced by a pipe during the batch.\n", encoding="utf-8")
        expected |= {"vanishing.md": ("failed", "the file disappeared before it could be read"),
                     "swapped.txt": ("failed", "not a regular file")}

        meddled: set[str] = set()

        def meddle(current: str) -> None:  # what another program could do between listing and reading
            path = Path(current)
            if path.name in meddled:  # progress also comes again for the same file (its chunks, its end)
                return
            meddled.add(path.name)
            if path.name in ("vanishing.md", "swapped.txt"):
                path.unlink()
            if path.name == "swapped.txt":
                os.mkfifo(path)  # a read would wait for a writer forever

        result.on_progress = meddle
        result.cli = False
    elif case == "unreadable":
        (folder / "locked.md").write_text("# Locked\n\nNo one may read this.\n", encoding="utf-8")
        (folder / "locked.md").chmod(0)
        expected["locked.md"] = ("failed", "cannot read file: Permission denied")
    elif case == "not-a-file":
        os.mkfifo(folder / "pipe.txt")  # reading it would wait forever for a writer
        (folder / "dangling.pdf").symlink_to(folder / "nowhere.pdf")
        expected |= {"pipe.txt": ("failed", "not a regular file"),
                     "dangling.pdf": ("failed", "broken link: it points to")}
    elif case == "symlink-loop":
        sub = folder / "sub"
        sub.mkdir()
        (sub / "inner.md").write_text("# Inner\n\nBlower BL-7311 runs at night.\n", encoding="utf-8")
        (sub / "loop").symlink_to(folder, target_is_directory=True)
        expected |= {"sub/loop": ("skipped", "symlink loop: leads back to"), "sub/inner.md": ("added", "")}
        result.searches.append(("BL-7311 blower", "inner.md", "BL-7311"))
    elif case == "duplicate":
        text = "# Chlorine\n\nFree chlorine residual CL2-7312 target is 1.2 mg/L.\n"
        (folder / "chlorine.md").write_text(text, encoding="utf-8")
        (folder / "renamed copy.md").write_text(text, encoding="utf-8")  # read after chlorine.md
        expected |= {"chlorine.md": ("added", ""), "renamed copy.md": ("duplicate", "same content as")}
        result.searches.append(("CL2-7312 chlorine residual", "chlorine.md", "1.2 mg/L"))
    elif case == "unusual-names":
        name = "Насос 泵 pump manual №3.md"
        (folder / name).write_text("Pump room sump pump SP-7313 starts at 60 percent level.\n", encoding="utf-8")
        expected[name] = ("added", "")
        result.searches.append(("SP-7313 sump pump", name, "SP-7313"))
        bad_name = os.fsdecode(b"caf\xe9 notes.md")  # Latin-1 bytes: not a valid UTF-8 file name
        (folder / bad_name).write_text("# Cafe\n\nNothing here matters.\n", encoding="utf-8")
        expected["caf\ufffd notes.md"] = ("failed", "the file name is not valid UTF-8; rename the file")
    elif case == "damaged-sheets":
        workbook = setpoint_workbook()
        (folder / "setpoints.xlsx").write_bytes(workbook)
        (folder / "alarms.csv").write_bytes(alarm_csv(";", "cp1252"))
        (folder / "truncated.xlsx").write_bytes(workbook[:len(workbook) // 2])
        (folder / "garbled.xlsx").write_bytes(replace_part(workbook, "xl/worksheets/sheet1.xml", b"<worksheet><row"))
        (folder / "damaged.csv").write_bytes(b"Tag;Value\n" + random)
        expected |= {"setpoints.xlsx": ("added", ""), "alarms.csv": ("added", ""),
                     "truncated.xlsx": ("failed", "not a valid XLSX file"),
                     "garbled.xlsx": ("failed", "damaged XLSX file: a part inside it is not valid XML"),
                     "damaged.csv": ("failed", "binary data")}
        result.searches += [("PT-7105 alarm limits trip", "setpoints.xlsx", "PT-7105 | 40 | 85 | 95 | psi"),
                            ("TT-4101 bearing temperature", "alarms.csv", "TT-4101 | Bearing temperature high")]
    elif case == "unknown-types":
        (folder / "PUMP-MIB").write_text('PUMP-MIB DEFINITIONS ::= BEGIN\npumpSealLeak NOTIFICATION-TYPE\n'
                                         '    DESCRIPTION "Seal leak detected on pump PS-7314."\n'
                                         '    ::= { pumpAlarms 17 }\nEND\n', encoding="utf-8")
        (folder / "device.tpi").write_text("BACnet Protocol Implementation Conformance Statement\n\n"
                                           "Vendor: Example controls. Model PLC-7315 supports BACnet/IP.\n",
                                           encoding="utf-8")
        (folder / "firmware.bin").write_bytes(b"\x7fELF\x02\x01\x01\x00" + random)
        (folder / "backup.zip").write_bytes(zip_of({"old.txt": b"old notes"}))
        expected |= {"PUMP-MIB": ("added", ""), "device.tpi": ("added", ""),
                     "firmware.bin": ("skipped", "not a document: a program or library (ELF)"),
                     "backup.zip": ("skipped", "not a document: a zip archive")}
        result.searches += [("PS-7314 seal leak", "PUMP-MIB", "pumpSealLeak NOTIFICATION-TYPE"),
                            ("PLC-7315 BACnet", "device.tpi", "PLC-7315")]
        result.absent.append("old notes")
    else:
        raise AssertionError(case)
    return result


def zip_of(members: dict[str, bytes]) -> bytes:
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return out.getvalue()


CASES = ["empty", "binary", "corrupt-pdf", "encrypted-pdf", "scanned-pdf", "too-large", "legacy-encoding",
         "docx-no-text", "html-active-content", "disappears", "unreadable", "not-a-file", "symlink-loop",
         "duplicate", "unusual-names", "damaged-sheets", "unknown-types"]


def relative(source: str, folder: Path) -> str:
    path = Path(source)
    return str(path.relative_to(folder)) if path.is_relative_to(folder) else path.name


def needs_user_permissions(case: str) -> None:
    if case == "unreadable" and os.geteuid() == 0:
        pytest.skip("running as root: chmod cannot make a file unreadable (the 'disappears' case covers a read "
                    "that fails mid-batch)")


def assert_searchable(engine, spec: Case) -> None:
    """The document indexed before is still found, so is the rest of the batch; nothing unwanted was indexed."""
    for query, name, text in [("PT-2105 high discharge alarm", "manual.md", "85 psi"), *spec.searches]:
        hit = engine.search(query, k=1).hits[0]
        assert (Path(hit.document.source).name, text in hit.chunk.text) == (name, True), (query, hit.chunk.text)
    ids = [cid for cid, *_ in engine.store.manifest.lexical_rows()]
    all_text = "\n".join(c.context + "\n" + c.text for c in engine.store.manifest.chunks(ids).values())
    for text in spec.absent:
        assert text not in all_text


@pytest.fixture
def no_network(monkeypatch):
    """Record every attempt to resolve a name or open a connection while the test runs."""
    attempts: list[str] = []
    real_connect, real_getaddrinfo = socket.socket.connect, socket.getaddrinfo

    def connect(sock, address):
        attempts.append(f"connect {address}")
        return real_connect(sock, address)

    def getaddrinfo(host, *args, **kwargs):
        attempts.append(f"resolve {host}")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", lambda sock, address: attempts.append(f"connect {address}") or 1)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return attempts


@pytest.mark.parametrize("case", CASES)
def test_bad_batch_through_the_engine(case, tmp_path, embedder, no_network):
    needs_user_permissions(case)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    data = tmp_path / "data"
    write_config(data)
    engine = make_engine(data, embedder)
    assert engine.settings.max_file_mb == SIZE_LIMIT_MB
    assert engine.ingest([docs]).count("added") == 1
    before = consistent(engine)

    spec = build(case, docs)
    progress = (lambda state: spec.on_progress(state.current) if state.current else None) if spec.on_progress else None
    report = engine.ingest([docs], progress=progress)

    got = {relative(r.source, docs): (r.status, r.message) for r in report.results}
    expected = spec.expected | {"manual.md": ("unchanged", "")}
    assert set(got) == set(expected), got
    for name, (status, words) in expected.items():
        assert got[name][0] == status, (name, got[name])
        assert words in got[name][1], (name, got[name])
    # failed files are remembered with their reason, and nothing else about them
    for doc in engine.store.manifest.documents():
        if doc.status == "failed":
            assert got[relative(doc.source, docs)] == ("failed", doc.error)
    # the document indexed before is still there and found; so is the rest of the batch
    assert_searchable(engine, spec)
    # each added file's chunks are in both indexes (a workbook has one or more per sheet)
    assert consistent(engine) == before + sum(r.chunks_total for r in report.results if r.status == "added")
    assert sum(r.status == "added" for r in report.results) == sum(s == "added" for s, _ in spec.expected.values())
    assert not no_network, no_network  # documents never make us fetch anything
    engine.close()


CLI_CASES = [case for case in CASES if case not in ("disappears",)]


def run_cli(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OPERATOR_ASSISTANT_ADMIN_PASSPHRASE": PASSPHRASE, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "operator_assistant", "--data-dir", str(data), "--models-dir",
                           str(MODELS), *args], capture_output=True, text=True, encoding="utf-8", env=env,
                          cwd=REPO, timeout=600)


@pytest.fixture(scope="module")
def cli_batch(tmp_path_factory):
    """One `ingest` run over every case's files (each in its own folder), after a good first run."""
    root = tmp_path_factory.mktemp("cli-bad-input")
    data = root / "data"
    write_config(data)
    docs = root / "docs"
    docs.mkdir()
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    first = run_cli(data, "ingest", str(docs))
    assert first.returncode == 0, first.stdout + first.stderr
    specs = {}
    for case in CLI_CASES:
        (docs / case).mkdir()
        specs[case] = build(case, docs / case)
    if os.geteuid() == 0:
        (docs / "unreadable" / "locked.md").unlink()  # readable to root anyway; the case is skipped
    second = run_cli(data, "ingest", str(docs))
    return docs, data, specs, second


@pytest.mark.parametrize("case", CLI_CASES)
def test_bad_batch_through_the_cli(case, cli_batch, app_embedder):
    needs_user_permissions(case)
    docs, data, specs, run = cli_batch
    assert run.returncode == 1, run.stdout + run.stderr  # some files failed: exit 1, after the whole batch
    spec = specs[case]
    for name, (status, words) in spec.expected.items():
        path = f"{docs / case / name}"
        line = next((line for line in run.stdout.splitlines() if line.split(None, 1)[-1].startswith(path)
                     and line.split(None, 1)[-1][len(path):len(path) + 1] in ("", " ")), None)
        assert line is not None, (name, run.stdout)
        assert line.startswith(f"{status:<9} {path}"), line
        assert words in line, line
    assert f"unchanged {docs / 'manual.md'}" in run.stdout
    # what the command wrote is searchable (opened here: a search subprocess per query would be slow)
    engine = make_engine(data, app_embedder)  # the index the command built
    try:
        assert_searchable(engine, spec)
        consistent(engine)
    finally:
        engine.close()
