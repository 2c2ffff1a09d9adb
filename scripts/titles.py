"""Print the title each document in folders is given, one `file -> title` line each, read without OCR
(a scanned PDF is reported as not read). With --before FILE, a second column shows the titles an
earlier run printed to FILE, so a change to how titles are chosen can be judged file by file."""

from __future__ import annotations

import argparse
from pathlib import Path

from operator_assistant.core.documents import is_supported, load_document
from operator_assistant.errors import DocumentError

ARROW = " -> "


def read_titles(folders: list[str]) -> dict[str, str]:
    titles = {}
    for folder in folders:
        for path in sorted(Path(folder).rglob("*")):
            if not path.is_file() or not is_supported(path):
                continue
            try:
                doc = load_document(path)  # no page reader: OCR off
            except DocumentError as exc:
                titles[path.name] = f"(not read: {exc.message})"
                continue
            tabs = sum("\t" in line.strip() for line in doc.text.splitlines())
            titles[path.name] = repr(doc.title) + (f"  [{tabs} lines with tabs]" if tabs else "")
    return titles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--before", type=Path, help="an earlier run's output to show beside this one")
    args = parser.parse_args()
    before = {}
    if args.before:
        for line in args.before.read_text(encoding="utf-8").splitlines():
            name, _, title = line.partition(ARROW)
            before[name] = title
    for name, title in read_titles(args.folders).items():
        print(f"{name}{ARROW}{title}" + (f"    (before: {before[name]})" if name in before else ""))


if __name__ == "__main__":
    main()
