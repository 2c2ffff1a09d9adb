"""The admin's work, each route behind the admin passphrase: the check a console's Unlock admin makes,
uploads into the server's library, the index jobs (ingest, reindex, calibrate) and removal, the audit
log, and every console's conversations. It must not reach into the index or the models, nor import Qt.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from operator_assistant.core.audit import record_event
from operator_assistant.folder.wire import (
    Json,
    conflict_to_json,
    file_result_to_json,
    progress_to_json,
    report_to_json,
)
from operator_assistant.remote.protocol import PREFIX
from operator_assistant.server.deps import Text, admin, admin_refusals
from operator_assistant.server.service import ApiError, ConsoleId, PlantService

log = logging.getLogger("server")

AUDIT_TAIL_MAX = 10_000  # records one `audit show` may ask for; the files themselves are on the server


class IngestRequest(BaseModel):
    files: list[Text] = Field(min_length=1, max_length=10_000)
    force: bool = False


class RemoveRequest(BaseModel):
    documents: list[Text] = Field(min_length=1, max_length=10_000)


class SettleRequest(BaseModel):
    settled: bool = True
    note: Text = Field(default="", max_length=2000)


class CalibrateRequest(BaseModel):
    golden: Text | None = None  # JSONL text; the bundled golden questions when absent


def _library_path(library: Path, name: str) -> Path:
    """Where an uploaded file goes: `name` is a relative path with no '.' or '..' and no odd characters."""
    parts = name.split("/")  # as given: PurePosixPath would read '.' as no name at all, i.e. the library itself
    if not name or "\\" in name or any(p in ("", ".", "..") for p in parts) \
            or any(not p.isprintable() for p in parts) or len(name) > 400:
        raise ApiError(400, "bad_name", f"{name[:100]!r} is not a file name the server can keep",
                       "use a relative path of plain names, e.g. 'sops/SOP-114 Rev C.pdf'")
    return library.joinpath(*parts)


def _refuse_taken(library: Path, target: Path) -> None:
    """An upload may not replace a folder, nor go below a file: the library stays a tree of folders and files."""
    for above in [*reversed(target.relative_to(library).parents[:-1]), None]:
        path = target if above is None else library / above
        if path.is_dir() if above is None else path.exists() and not path.is_dir():
            raise ApiError(409, "name_taken", f"{path.relative_to(library).as_posix()!r} is "
                           f"{'a folder' if above is None else 'a file'} in the plant server's library already",
                           "upload it under another name")


def router(service: PlantService) -> APIRouter:
    """The admin routes over `service`."""
    api = APIRouter()
    workspace = service.workspace

    @api.get(f"{PREFIX}/admin/conversations", responses=admin_refusals)
    async def all_conversations(who: ConsoleId = Depends(admin)) -> Json:
        found = await service.run("read", who, lambda: workspace.history.conversations())
        await service.run("read", who, lambda: record_event(workspace.audit, "conversations read", count=len(found)))
        return {"conversations": [dataclasses.asdict(c) for c in found]}

    # admin: uploads and the one index job at a time

    @api.get(f"{PREFIX}/admin/check", responses=admin_refusals)
    async def admin_check(who: ConsoleId = Depends(admin)) -> Json:
        # a console's Unlock admin: the passphrase is checked here, never on the console
        return {"admin": True, "console": who.name}

    @api.put(f"{PREFIX}/admin/files/{{name:path}}", responses=admin_refusals)
    async def upload(name: str, request: Request, who: ConsoleId = Depends(admin)) -> Json:
        target = _library_path(service.library, name)
        _refuse_taken(service.library, target)
        limit = service.settings.max_file_mb * 2**20
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file of that name appeared on the way since the check
            raise ApiError(409, "name_taken", f"the plant server cannot make the folder for {name[:100]!r}: {exc}",
                           "upload it under another name") from exc
        # its own name per request: every upload runs on the event loop's one thread, and two at once of the
        # same file (or a console's retry while its cut-off upload is still being read) must not share one
        partial = target.with_name(f".{target.name}.{secrets.token_hex(8)}.upload")
        digest, size = hashlib.sha256(), 0
        try:
            with partial.open("wb") as out:
                async for piece in request.stream():
                    size += len(piece)
                    if size > limit:
                        raise ApiError(413, "too_big", f"{name} is larger than max_file_mb ({service.settings.max_file_mb} MB)",
                                       "split the document, or raise max_file_mb in the server's config.toml")
                    digest.update(piece)
                    await asyncio.to_thread(out.write, piece)
                await asyncio.to_thread(out.flush)
            # a console cut off mid-upload leaves only the partial file, removed below: never half a document
            try:
                partial.replace(target)
            except OSError as exc:  # a folder of that name appeared since the check
                raise ApiError(409, "name_taken", f"the plant server cannot keep {name[:100]!r}: {exc}",
                               "upload it under another name") from exc
        finally:
            partial.unlink(missing_ok=True)
        log.info("console %s uploaded %s (%d bytes)", who.name, name, size)
        return {"name": name, "bytes": size, "sha256": digest.hexdigest()}

    @api.post(f"{PREFIX}/admin/ingest", status_code=202, responses=admin_refusals)
    async def ingest(body: IngestRequest, who: ConsoleId = Depends(admin)) -> Json:
        paths = [_library_path(service.library, name) for name in body.files]
        missing = [name for name, path in zip(body.files, paths) if not path.exists()]
        if missing:
            raise ApiError(404, "not_uploaded", f"not uploaded to the plant server: {', '.join(missing[:5])}",
                           "upload the files first (PUT /v1/admin/files/NAME)")

        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> Json:
            report = workspace.ingest(paths, lambda state: progress(progress_to_json(state)), cancel,
                                      lambda r: settled(file_result_to_json(r)), body.force)
            return report_to_json(report)

        return service.start_job("ingest", who, work).to_json()

    @api.post(f"{PREFIX}/admin/reindex", status_code=202, responses=admin_refusals)
    async def reindex(who: ConsoleId = Depends(admin)) -> Json:
        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> Json:
            return {"chunks": workspace.reindex(), "embedder": workspace.embedder_id}

        return service.start_job("reindex", who, work).to_json()

    @api.post(f"{PREFIX}/admin/calibrate", status_code=202, responses=admin_refusals)
    async def calibrate(body: CalibrateRequest, who: ConsoleId = Depends(admin)) -> Json:
        from operator_assistant.evaluation.golden import load_golden
        from operator_assistant.resources import golden_questions

        if body.golden is not None:
            folder = Path(service.settings.data_dir) / "server"
            folder.mkdir(parents=True, exist_ok=True)
            file = folder / "calibration-questions.jsonl"
            file.write_text(body.golden, encoding="utf-8")
        else:
            file = golden_questions()
        questions = load_golden(file)

        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> Json:
            return dataclasses.asdict(workspace.calibrate(questions))

        return service.start_job("calibrate", who, work).to_json()

    @api.post(f"{PREFIX}/admin/remove", responses=admin_refusals)
    async def remove(body: RemoveRequest, who: ConsoleId = Depends(admin)) -> Json:
        docs = await service.run("read", who, lambda: workspace.documents(body.documents))
        unknown = sorted(set(body.documents) - {d.doc_id for d in docs})
        if unknown:
            raise ApiError(404, "no_document", f"not indexed on the plant server: {', '.join(unknown[:5])}",
                           "list the documents again: give their ids")
        done = threading.Event()

        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> Json:
            try:
                chunks = workspace.remove([d.doc_id for d in docs])
                for doc in docs:  # the server's copy of an uploaded file goes with it
                    path = Path(doc.source)
                    if path.is_relative_to(service.library):
                        path.unlink(missing_ok=True)
                return {"removed": [d.source for d in docs], "chunks": chunks}
            finally:
                done.set()

        job = service.start_job("remove", who, work)
        await asyncio.to_thread(done.wait)
        while job.finished is None:  # the runner marks it a moment after the work returns
            await asyncio.sleep(0.01)
        if job.error:
            raise ApiError(409 if job.state == "failed" else 400, "remove_failed", job.error["message"], job.error["hint"])
        return job.to_json()

    @api.post(f"{PREFIX}/conflicts/{{key}}", responses=admin_refusals)
    async def settle_conflict(key: str, body: SettleRequest, who: ConsoleId = Depends(admin)) -> Json:
        return await service.run("read", who, lambda: conflict_to_json(workspace.settle_conflict(key, body.settled,
                                                                                                  body.note)))

    # the audit log: the server's one log, read by an admin from any console; reading it is recorded too

    @api.get(f"{PREFIX}/admin/audit", responses=admin_refusals)
    async def audit_records(tail: int = Query(20, ge=0, le=AUDIT_TAIL_MAX),
                            who: ConsoleId = Depends(admin)) -> Json:
        audit = workspace.audit
        records = await asyncio.to_thread(audit.tail, tail)
        await service.run("read", who, lambda: record_event(audit, "audit read", action="show", records=len(records)))
        return {"records": records, "folder": str(audit.folder)}

    @api.get(f"{PREFIX}/admin/audit/verify", responses=admin_refusals)
    async def audit_verify(who: ConsoleId = Depends(admin)) -> Json:
        audit = workspace.audit
        result = await asyncio.to_thread(audit.verify)
        last = await asyncio.to_thread(audit.tail, 1)  # the last record checked: this request's own comes after it
        await service.run("read", who, lambda: record_event(audit, "audit read", action="verify", intact=result.ok))
        return {**result.to_json(), "folder": str(audit.folder), "last": last[0] if last else None}

    return api
