"""The records of a data folder's contract as the plant server's JSON, and back, with the API version.

Encoders give exactly the JSON the server has always sent (a console of this API version reads it);
decoders take what they know and ignore fields they do not, so a server may add a field without
breaking a console. A change of a field's meaning or a removal raises API_VERSION. The answer records
(core/answer/records.py) keep their own to_json/from_json: the conversation history stores them in
the same form, and the event stream is theirs.
"""

from __future__ import annotations

import dataclasses
import time
from datetime import date
from pathlib import Path
from typing import Any

from operator_assistant.folder.records import (
    ConflictInfo,
    DiffPlace,
    DocumentInfo,
    FactInfo,
    FileResult,
    FolderStatus,
    IndexHealth,
    IngestReport,
    JobProgress,
    ModelInfo,
    OcrPage,
    OcrWord,
    Passage,
    Passages,
    RefusalInfo,
    RevisionChange,
    RevisionDiff,
    RevisionInfo,
    StatusDocument,
)

# Raised when a request or response changes shape; a console and a server of different API versions
# refuse each other (the app version is shown to people, the API version decides).
API_VERSION = 1

# A JSON object where it crosses an edge: this API, the audit log's lines, llama-server's API. Between our
# own modules results travel as the records above, so `dict[str, Any]` is left for the other edges (TOML,
# Chroma's metadata, small JSON files).
Json = dict[str, Any]


def _known(cls: type, data: Json) -> Json:
    """The fields of `data` that `cls` has: a newer server's extra fields are left out, not an error."""
    names = {f.name for f in dataclasses.fields(cls)}
    return {k: v for k, v in data.items() if k in names}


# documents and revisions

def document_to_json(doc: DocumentInfo, revision: RevisionInfo | None = None) -> Json:
    """A document as GET /documents lists it: its record, the file's name, the OCR note and the revision."""
    out = {**dataclasses.asdict(doc), "name": Path(doc.source).name, "ocr_note": doc.ocr_note,
           "revision": revision.label or None if revision else None}
    if revision is not None:
        out["revision_info"] = revision_to_json(revision)
    return out


def document_from_json(data: Json) -> DocumentInfo:
    values = _known(DocumentInfo, data)
    values["unreadable_pages"] = tuple(values.get("unreadable_pages") or ())
    return DocumentInfo(**values)


def revision_to_json(revision: RevisionInfo) -> Json:
    return {**dataclasses.asdict(revision),
            "effective": revision.effective.isoformat() if revision.effective else None,
            "in_force_from": revision.in_force_from.isoformat() if revision.in_force_from else None}


def revision_from_json(data: Json) -> RevisionInfo:
    values = _known(RevisionInfo, data)
    for key in ("effective", "in_force_from"):
        values[key] = date.fromisoformat(values[key]) if values.get(key) else None
    return RevisionInfo(**values)


def diff_to_json(diff: RevisionDiff) -> Json:
    """GET /revisions/diff and `revisions diff --json`."""
    def place(p: DiffPlace | None) -> Json | None:
        return None if p is None else {**dataclasses.asdict(p), "section": list(p.section), "pages": list(p.pages)}

    return {"number": diff.number, "heading": diff.heading, "old": revision_to_json(diff.old),
            "new": revision_to_json(diff.new), "old_document": diff.old_document, "old_source": diff.old_source,
            "new_document": diff.new_document, "new_source": diff.new_source,
            "changes": [{"kind": c.kind, "what": c.what, "section": c.section, "summary": c.summary,
                         "old": place(c.old), "new": place(c.new), "values": [list(v) for v in c.values],
                         "moved": c.moved} for c in diff.changes]}


def diff_from_json(data: Json) -> RevisionDiff:
    def place(p: Json | None) -> DiffPlace | None:
        if p is None:
            return None
        values = _known(DiffPlace, p)
        return DiffPlace(**{**values, "section": tuple(values.get("section") or ()),
                            "pages": tuple(values.get("pages") or ())})

    changes = tuple(RevisionChange(c["kind"], c["what"], c["section"], place(c.get("old")), place(c.get("new")),
                                   tuple((v[0], v[1], v[2]) for v in c.get("values") or ()), bool(c.get("moved")))
                    for c in data.get("changes", []))
    return RevisionDiff(data["number"], revision_from_json(data["old"]), revision_from_json(data["new"]),
                        data["old_document"], data["old_source"], data["new_document"], data["new_source"], changes)


def conflict_to_json(conflict: ConflictInfo) -> Json:
    """GET /conflicts and `conflicts --json`."""
    def fact(f: FactInfo) -> Json:
        return {**dataclasses.asdict(f), "section": list(f.section), "pages": list(f.pages)}

    return {"key": conflict.key, "first": fact(conflict.first), "second": fact(conflict.second),
            "settled": conflict.settled, "settled_by": conflict.settled_by, "settled_at": conflict.settled_at,
            "note": conflict.note}


def conflict_from_json(data: Json) -> ConflictInfo:
    def fact(f: Json) -> FactInfo:
        values = _known(FactInfo, f)
        return FactInfo(**{**values, "section": tuple(values.get("section") or ()),
                           "pages": tuple(values.get("pages") or ())})

    return ConflictInfo(data["key"], fact(data["first"]), fact(data["second"]), bool(data.get("settled")),
                        data.get("settled_by") or "", data.get("settled_at"), data.get("note") or "")


def document_revision(data: Json) -> RevisionInfo | None:
    """The revision a listed document carries; a server before `revision_info` sends its label only."""
    if data.get("revision_info"):
        return revision_from_json(data["revision_info"])
    return RevisionInfo(data["doc_id"], data["revision"]) if data.get("revision") else None


def ocr_pages_to_json(pages: dict[int, OcrPage]) -> Json:
    """A document's OCR pages by page index, as GET /documents/ID/ocr gives them."""
    return {str(index): {"text": p.text, "confidence": p.confidence, "words": [dataclasses.asdict(w) for w in p.words]}
            for index, p in sorted(pages.items())}


def ocr_pages_from_json(data: Json) -> dict[int, OcrPage]:
    return {int(index): OcrPage(page["text"], tuple(OcrWord(w["start"], w["end"], tuple(w["box"]), w["confidence"])
                                                    for w in page.get("words", [])), page.get("confidence"))
            for index, page in data.items()}


# status

def health_to_json(health: IndexHealth) -> Json:
    return {**dataclasses.asdict(health), "problems": list(health.problems)}


def health_from_json(data: Json) -> IndexHealth:
    values = _known(IndexHealth, data)
    values["problems"] = tuple(values.get("problems") or ())
    return IndexHealth(**values)


def status_document(doc: DocumentInfo) -> StatusDocument:
    """A document as the status lists it (a summary: the full record is GET /documents')."""
    return StatusDocument(doc.title, doc.source, doc.format, doc.status, doc.chunks, doc.pages, doc.error,
                          doc.content_hash[:12], doc.ocr_note, doc.ocr_pages, doc.ocr_confidence,
                          doc.unreadable_pages, time.strftime("%Y-%m-%d %H:%M", time.localtime(doc.indexed_at)))


def _status_document_json(d: StatusDocument) -> Json:
    out: Json = {"title": d.title, "source": d.source, "format": d.format, "status": d.status, "chunks": d.chunks,
                 "pages": d.pages, "error": d.error, "hash": d.hash, "ocr_note": d.ocr_note}
    if d.ocr_pages:
        out["ocr"] = {"pages": d.ocr_pages,
                      "mean_confidence": round(d.ocr_confidence, 3) if d.ocr_confidence is not None else None,
                      "unreadable_pages": list(d.unreadable_pages)}
    out["indexed_at"] = d.indexed_at
    return out


def _status_document(data: Json) -> StatusDocument:
    ocr = data.get("ocr") or {}
    return StatusDocument(data["title"], data["source"], data["format"], data["status"], data.get("chunks", 0),
                          data.get("pages"), data.get("error"), data.get("hash", ""), data.get("ocr_note", ""),
                          ocr.get("pages", 0), ocr.get("mean_confidence"), tuple(ocr.get("unreadable_pages") or ()),
                          data.get("indexed_at", ""))


def status_to_json(status: FolderStatus) -> Json:
    """GET /status and `status --json`; where the folder is kept is left out when the status does not say."""
    out: Json = {"reranker": status.reranker, "refusal": dataclasses.asdict(status.refusal)}
    if status.data_dir is not None:
        out["data_dir"] = status.data_dir
    if status.models_dir is not None:
        out["models_dir"] = status.models_dir
    out.update({"documents": [_status_document_json(d) for d in status.documents], "chunks": status.chunks,
                "index": health_to_json(status.index), "embedder_configured": status.embedder_configured,
                "llm_configured": status.llm_configured, "models": [dataclasses.asdict(m) for m in status.models]})
    return out


def status_from_json(data: Json) -> FolderStatus:
    return FolderStatus(data.get("reranker", ""), RefusalInfo(**_known(RefusalInfo, data.get("refusal") or {})),
                        tuple(_status_document(d) for d in data.get("documents", [])), health_from_json(data["index"]),
                        data.get("embedder_configured", ""), data.get("llm_configured", ""),
                        tuple(ModelInfo(**_known(ModelInfo, m)) for m in data.get("models", [])),
                        data.get("data_dir"), data.get("models_dir"))


# ingest

def progress_to_json(progress: JobProgress) -> Json:
    """An ingest job's progress as the server keeps it; the file is named, not its path on the server."""
    return {"files_done": progress.files_done, "files_total": progress.files_total, "chunks": progress.chunks,
            "current": Path(progress.current).name if progress.current else "", "detail": progress.detail,
            "text": progress.text}


def progress_from_json(data: Json) -> JobProgress:
    return JobProgress(**_known(JobProgress, data))


def file_result_to_json(result: FileResult) -> Json:
    return dataclasses.asdict(result)


def file_result_from_json(data: Json) -> FileResult:
    return FileResult(**_known(FileResult, data))


def report_to_json(report: IngestReport) -> Json:
    return {"results": [file_result_to_json(r) for r in report.results], "skipped_unsupported": report.skipped,
            "seconds": round(report.seconds, 2), "chunks_embedded": report.chunks_embedded,
            "notes": report.notes, "cancelled": report.cancelled}


def report_from_json(data: Json, cancelled: bool = False) -> IngestReport:
    """An ingest job's result; `cancelled` when the job itself says so."""
    return IngestReport([file_result_from_json(r) for r in data.get("results", [])],
                        data.get("skipped_unsupported", 0), data.get("seconds", 0.0), data.get("chunks_embedded", 0),
                        cancelled or bool(data.get("cancelled")), list(data.get("notes", [])))


# search

def passages_to_json(found: Passages) -> Json:
    """GET /search and `search --json` (which leaves out doc_id)."""
    return {"query": found.query,
            "results": [{"chunk_id": p.chunk_id, "score": round(p.score, 6), "document": p.document,
                         "source": p.source, "section": list(p.section), "pages": list(p.pages), "start": p.start,
                         "end": p.end, "dense_rank": p.dense_rank, "lexical_rank": p.lexical_rank, "text": p.text,
                         "doc_id": p.doc_id, "revision": p.revision} for p in found.passages],
            "timings_ms": {key: round(v, 1) for key, v in found.timings_ms.items()}}


def passages_from_json(data: Json) -> Passages:
    return Passages(data["query"], tuple(Passage(r["chunk_id"], r.get("doc_id", ""), r["document"], r["source"],
                                                 tuple(r["section"]), tuple(r["pages"]), r["start"], r["end"],
                                                 r["score"], r.get("dense_rank"), r.get("lexical_rank"), r["text"],
                                                 r.get("revision"))
                                         for r in data.get("results", [])),
                    dict(data.get("timings_ms") or {}))
