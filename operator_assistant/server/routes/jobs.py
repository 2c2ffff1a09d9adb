"""The index jobs: any console follows one it started, an admin cancels one. It must not reach into the
index or the models, nor import Qt.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi import Path as PathParam

from operator_assistant.core.history import MAX_ID
from operator_assistant.folder.wire import Json
from operator_assistant.remote.protocol import PREFIX
from operator_assistant.server.deps import admin, admin_refusals, console
from operator_assistant.server.service import ApiError, ConsoleId, PlantService


def router(service: PlantService) -> APIRouter:
    """The job routes over `service`."""
    api = APIRouter()

    @api.get(f"{PREFIX}/jobs/{{job_id}}")
    async def job(job_id: Annotated[int, PathParam(ge=1, le=MAX_ID)], who: ConsoleId = Depends(console)) -> Json:
        found = service.jobs.get(job_id)
        if found is None:
            raise ApiError(404, "no_job", f"no job {job_id} on the plant server", "it may have finished long ago")
        return found.to_json()

    @api.post(f"{PREFIX}/admin/jobs/{{job_id}}/cancel", responses=admin_refusals)
    async def cancel(job_id: Annotated[int, PathParam(ge=1, le=MAX_ID)], who: ConsoleId = Depends(admin)
                     ) -> Json:
        found = service.jobs.cancel(job_id)
        if found is None:
            raise ApiError(404, "no_job", f"no job {job_id} on the plant server", "")
        return found.to_json()

    return api
