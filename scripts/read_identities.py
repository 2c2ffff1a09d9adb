"""Print the identity (number, revision, effective date) the reader assigns to each document in folders."""

from __future__ import annotations

import sys
from pathlib import Path

from operator_assistant.core.documents import is_supported, load_document
from operator_assistant.core.documents.identity import read_identity
from operator_assistant.errors import DocumentError


def main(folders: list[str]) -> None:
    for folder in folders:
        for path in sorted(Path(folder).rglob("*")):
            if not path.is_file() or not is_supported(path):
                continue
            try:
                doc = load_document(path)
            except DocumentError as exc:
                print(f"{path.name}: not read ({exc.message})")
                continue
            found = read_identity(doc.title, doc.first_page_text(), doc.properties, path.name)
            fields = (f"number {found.number or '-'}, revision {found.revision or '-'}, "
                      f"effective {found.effective or '-'}" + (f" ({found.found_in})" if found.found_in else ""))
            print(f"{path.name}: {fields if found else 'no identity'}")


if __name__ == "__main__":
    main(sys.argv[1:])
