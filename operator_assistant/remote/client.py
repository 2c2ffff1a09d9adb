"""A console's connection to the plant server: the same calls the command line makes locally, over HTTP.

Qt-free, so the command line, a script and (later) the window share it. When the server is down
it says so plainly and retries with backoff; a server of another API version is refused. It
must not open an index or load a model: everything comes from the server.
"""

from __future__ import annotations

import io
import json
import logging
import os
import socket
import ssl
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import httpx

from operator_assistant.core.answer.records import (
    Answer,
    Answered,
    Card,
    CardReady,
    Event,
    Source,
    SourcesFound,
    TextGenerated,
    Turn,
)
from operator_assistant.core.loopback import is_loopback
from operator_assistant.core.os_account import os_user
from operator_assistant.errors import Cancelled, UserError
from operator_assistant.folder.records import OcrPage
from operator_assistant.folder.wire import Json, ocr_pages_from_json
from operator_assistant.remote.protocol import (
    ADMIN_HEADER,
    API_HEADER,
    API_VERSION,
    APP_VERSION,
    CONSOLE_HOST_HEADER,
    CONSOLE_USER_HEADER,
    ENV_SERVER_CA,
    ENV_TOKEN,
    PREFIX,
    VERSION_HINT,
    VERSION_MISMATCH_STATUS,
    encode_passphrase,
    version_refusal,
)

log = logging.getLogger("remote")

TOKEN_FILE = "console-token"  # in the user's config folder: one line, the token an admin issued
JOB_POLL_SECONDS = 0.5


class ServerUnavailable(UserError):
    """The plant server does not answer (down, restarting, or not reachable from here)."""


class VersionMismatch(UserError):
    """The console and the plant server speak different API versions."""


class ServerRefused(UserError):
    """The plant server answered with a refusal: no token, not admin, bad input, busy."""

    def __init__(self, status: int, code: str, message: str, hint: str = "") -> None:
        super().__init__(message, hint)
        self.status, self.code = status, code


@dataclass(frozen=True)
class Backoff:
    """Waits between tries when the server does not answer: first, doubled each time up to `most`."""

    first: float = 0.5
    most: float = 8.0
    give_up_after: float = 60.0  # seconds of trying before the console gives up on a request

    def delays(self) -> Iterator[float]:
        delay = self.first
        while True:
            yield delay
            delay = min(self.most, delay * 2)


def token_file() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("operator-assistant", appauthor=False)) / TOKEN_FILE


def find_token(explicit: str | None = None) -> str:
    """The console token: given, else $OPERATOR_ASSISTANT_TOKEN, else the token file; UserError when none."""
    token = explicit or os.environ.get(ENV_TOKEN)
    if not token:
        path = token_file()
        try:
            token = path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            token = ""
        except OSError as exc:
            raise UserError(f"cannot read the console token file {path}: {exc}") from exc
    if not token:
        raise UserError("this console has no token for the plant server",
                        f"an admin issues one on the server (`operator-assistant serve token add NAME`); give it "
                        f"with --token, ${ENV_TOKEN} or in {token_file()}")
    return token


class PlantClient:
    """One console's session with one plant server."""

    def __init__(self, url: str, token: str, *, admin_passphrase: str | None = None, ca_file: Path | None = None,
                 backoff: Backoff = Backoff(), on_retry: Callable[[str], None] | None = None,
                 timeout: float = 30.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise UserError(f"{url!r} is not a plant server address", "give it as https://HOST:PORT (or http://127.0.0.1:PORT)")
        if url.startswith("http://") and not is_loopback(urlsplit(url).hostname or ""):
            # the server refuses to listen so; the console must not send its token and the passphrase so either
            raise UserError(f"{url!r} is not encrypted: this console would send its token and the admin passphrase "
                            "across the network in clear text", "give the plant server's https:// address (with "
                            "--server-ca for a certificate the plant made); http:// is for this machine's loopback only")
        if not token or not token.isprintable() or not token.isascii() or " " in token:
            raise UserError("the console token is not valid (it must be one line of letters, digits, '-' and '_')",
                            "copy it again from what `operator-assistant serve token add NAME` printed")
        self.url = url.rstrip("/")
        self.backoff = backoff
        self.on_retry = on_retry or (lambda message: log.warning("%s", message))
        self.admin_passphrase = admin_passphrase
        self.server: Json | None = None  # the handshake's answer, once made
        self.reranker = ""  # as the server reports it with each answer
        verify: ssl.SSLContext | bool = True
        if ca_file is not None:
            if not ca_file.is_file():
                raise UserError(f"no certificate file at {ca_file}", "give the plant server's certificate (server.crt)")
            verify = ssl.create_default_context(cafile=str(ca_file))
        self._http = httpx.Client(
            base_url=self.url + PREFIX, verify=verify, timeout=httpx.Timeout(timeout, connect=5.0),
            headers={"Authorization": f"Bearer {token}", API_HEADER: str(API_VERSION),
                     "User-Agent": f"operator-assistant/{APP_VERSION}",
                     CONSOLE_HOST_HEADER: socket.gethostname(), CONSOLE_USER_HEADER: os_user()})

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> PlantClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # sending, with retries while the server does not answer

    def _send(self, method: str, path: str, *, admin: bool = False, stream: bool = False, retry_sent: bool = True,
              **kwargs: Any) -> httpx.Response:
        """One request. A request that never reached the server is tried again with backoff; one that may
        have reached it is tried again only when `retry_sent` (reads, which can run twice without harm)."""
        headers = dict(kwargs.pop("headers", {}) or {})
        if admin:
            if not self.admin_passphrase:
                raise UserError("this needs admin mode on the plant server, and no admin passphrase was given",
                                "set $OPERATOR_ASSISTANT_ADMIN_PASSPHRASE, or run it in a terminal to be asked")
            headers[ADMIN_HEADER] = encode_passphrase(self.admin_passphrase)
        started = time.monotonic()
        delays = self.backoff.delays()
        body = kwargs.get("content")
        while True:
            if isinstance(body, io.IOBase):  # a retried upload sends the whole file again, not what the last try left
                body.seek(0)
            try:
                request = self._http.build_request(method, path, headers=headers, **kwargs)
                response = self._http.send(request, stream=stream)
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                if "CERTIFICATE_VERIFY_FAILED" in str(exc):  # waiting will not help: the certificate is not trusted
                    raise UserError(f"this console does not trust the certificate of the plant server at {self.url}",
                                    f"give the plant's certificate with --server-ca FILE or ${ENV_SERVER_CA} ({exc})"
                                    ) from exc
                problem: Exception = exc
            except (httpx.ReadError, httpx.RemoteProtocolError, httpx.ReadTimeout, httpx.WriteError) as exc:
                if not retry_sent:
                    raise ServerUnavailable(f"the connection to the plant server at {self.url} broke: {exc}",
                                            "it may have done the change: look before you try again") from exc
                problem = exc
            except httpx.HTTPError as exc:
                raise ServerUnavailable(f"cannot talk to the plant server at {self.url}: {exc}") from exc
            else:
                if response.status_code not in (502, 503, 504):
                    return response
                problem = RuntimeError(f"HTTP {response.status_code}")
                response.close()
            delay = next(delays)
            if time.monotonic() - started + delay > self.backoff.give_up_after:
                raise ServerUnavailable(f"the plant server at {self.url} is not answering ({problem})",
                                        "check that it runs (`operator-assistant serve`) and that this console can "
                                        "reach it; nothing here was lost")
            self.on_retry(f"the plant server at {self.url} is not answering; retrying in {delay:.0f} s")
            time.sleep(delay)

    def _checked(self, response: httpx.Response) -> httpx.Response:
        if response.status_code < 400:
            return response
        if response.is_stream_consumed is False:
            response.read()
        try:
            body = response.json()
            message, hint, code = body.get("message", ""), body.get("hint", ""), body.get("error", "")
        except ValueError:
            message, hint, code = response.text[:200], "", ""
        if response.status_code == VERSION_MISMATCH_STATUS:
            raise VersionMismatch(f"the plant server at {self.url} refused this console: {message}", hint or VERSION_HINT)
        raise ServerRefused(response.status_code, code, message or f"HTTP {response.status_code}", hint)

    def handshake(self) -> Json:
        """The server's version, checked once: a server of another API version is refused here."""
        if self.server is None:
            info = self._checked(self._send("GET", "/version")).json()
            if info.get("api") != API_VERSION:
                raise VersionMismatch(f"the plant server at {self.url} cannot be used: "
                                      + version_refusal(info.get("api"), info.get("version"), "console"), VERSION_HINT)
            self.server = info
        return self.server

    def _json(self, method: str, path: str, **kwargs: Any) -> Any:
        self.handshake()
        return self._checked(self._send(method, path, **kwargs)).json()

    # reading

    def status(self) -> Json:
        return self._json("GET", "/status")

    def documents(self) -> list[Json]:
        return self._json("GET", "/documents")["documents"]

    def search(self, query: str, k: int | None = None, documents: list[str] | None = None, section: str | None = None,
               all_revisions: bool = False) -> Json:
        params: list[tuple[str, str | int | bool]] = [("q", query), ("all_revisions", all_revisions)]
        params += [("k", k)] if k is not None else []
        params += [("section", section)] if section else []
        params += [("document", d) for d in documents or []]
        return self._json("GET", "/search", params=params)

    def conflicts(self) -> list[Json]:
        return self._json("GET", "/conflicts")["conflicts"]

    def settle_conflict(self, key: str, settled: bool = True, note: str = "") -> Json:
        return self._json("POST", f"/conflicts/{quote(key, safe='')}", admin=True,
                          json={"settled": settled, "note": note})

    def revision_diff(self, number: str, older: str | None = None, newer: str | None = None) -> Json:
        params = [("number", number)] + [(k, v) for k, v in (("older", older), ("newer", newer)) if v]
        return self._json("GET", "/revisions/diff", params=params)

    def document_file(self, doc_id: str) -> bytes:
        self.handshake()
        return self._checked(self._send("GET", f"/documents/{quote(doc_id, safe='')}/file")).content

    def ocr_pages(self, doc_id: str) -> dict[int, OcrPage]:
        return ocr_pages_from_json(self._json("GET", f"/documents/{quote(doc_id, safe='')}/ocr")["pages"])

    def conversations(self) -> list[Json]:
        return self._json("GET", "/conversations")["conversations"]

    def start_conversation(self, title: str) -> int:
        return int(self._json("POST", "/conversations", json={"title": title}, retry_sent=False)["id"])

    def conversation(self, conversation_id: int) -> list[Answer]:
        return [Answer.from_json(a) for a in self._json("GET", f"/conversations/{conversation_id}")["answers"]]

    # asking

    def ask(self, question: str, *, conversation: int | None = None, mode: str | None = None,
            temperature: float | None = None, all_revisions: bool = False,
            cancel: Callable[[], bool] | None = None, history: Sequence[Turn] | None = None) -> Iterator[Event]:
        """The same events as the local assistant: sources, the card, the model's text, the answer.
        `history`: the turns this console has shown (else the server's conversation gives the context)."""
        self.handshake()
        body: Json = {"question": question, "conversation": conversation, "mode": mode,
                                "temperature": temperature, "all_revisions": all_revisions}
        if history is not None:
            body["history"] = [{"question": t.question, "answer": t.answer} for t in history]
        # a question can be asked again without harm if the server never answered
        response = self._checked(self._send("POST", "/ask", json=body, stream=True,
                                            timeout=httpx.Timeout(30.0, connect=5.0, read=600.0)))
        try:
            for event, data in _server_sent_events(response.iter_lines()):
                if cancel is not None and cancel():
                    raise Cancelled()
                if event == "sources":
                    yield SourcesFound([Source.from_json(s) for s in data["sources"]])
                elif event == "card":
                    yield CardReady(Card.from_json(data["card"]), [Source.from_json(s) for s in data["sources"]])
                elif event == "token":
                    yield TextGenerated(data["text"])
                elif event == "answer":
                    answer = Answer.from_json(data)
                    answer.audit_warning = data.get("audit_warning", "")
                    self.reranker = data.get("reranker", "")
                    yield Answered(answer)
                    return
                elif event == "error":
                    raise ServerRefused(200, data.get("error", ""), data.get("message", "the plant server failed"),
                                        data.get("hint", ""))
        except (httpx.ReadError, httpx.RemoteProtocolError, httpx.ReadTimeout) as exc:
            raise ServerUnavailable(f"the connection to the plant server at {self.url} broke during the answer: {exc}",
                                    "ask again when it is back") from exc
        finally:
            response.close()
        raise ServerUnavailable(f"the plant server at {self.url} ended the answer before it was complete",
                                "ask again")

    # admin: uploads and index jobs

    def upload(self, path: Path, name: str) -> Json:
        self.handshake()
        with path.open("rb") as data:
            return self._checked(self._send("PUT", f"/admin/files/{quote(name)}", admin=True, content=data,
                                            timeout=httpx.Timeout(300.0, connect=5.0))).json()

    def check_admin(self, passphrase: str) -> bool:
        """Whether the server takes `passphrase` as the admin passphrase; kept for later admin requests when it does."""
        self.handshake()
        response = self._send("GET", "/admin/check", headers={ADMIN_HEADER: encode_passphrase(passphrase)})
        if response.status_code == 403 and response.json().get("error") == "admin_wrong":
            return False
        self._checked(response)
        self.admin_passphrase = passphrase
        return True

    def job(self, job_id: int) -> Json:
        return self._json("GET", f"/jobs/{job_id}")

    def cancel_job(self, job_id: int) -> Json:
        return self._json("POST", f"/admin/jobs/{job_id}/cancel", admin=True)

    def wait(self, job: Json, progress: Callable[[Json], None] | None = None,
             cancel: Callable[[], bool] | None = None, report: Callable[[Json], None] | None = None
             ) -> Json:
        """Poll a job until it ends; `cancel` asks the server to stop it (finished files stay indexed)."""
        reported, cancel_sent = 0, False
        while True:
            for entry in job.get("files", [])[reported:]:
                if report is not None:
                    report(entry)
                reported += 1
            if progress is not None and job.get("progress"):
                progress(job["progress"])
            if job["state"] != "running":
                break
            if cancel is not None and cancel() and not cancel_sent:
                job, cancel_sent = self.cancel_job(job["id"]), True
                continue
            time.sleep(JOB_POLL_SECONDS)
            job = self.job(job["id"])
        if job["state"] == "failed" and job.get("error"):
            raise ServerRefused(200, "job_interrupted" if job.get("interrupted") else "job_failed",
                                job["error"]["message"], job["error"].get("hint", ""))
        return job

    def ingest(self, paths: Iterable[Path], progress: Callable[[Json], None] | None = None,
               cancel: Callable[[], bool] | None = None, report: Callable[[Json], None] | None = None,
               force: bool = False) -> Json:
        """Upload files and folders to the server and index them there; returns the finished job."""
        names = []
        for path, name in upload_names(paths):
            if cancel is not None and cancel():
                raise Cancelled()
            self.upload(path, name)
            names.append(name)
        if not names:
            raise UserError("no files to add", "give files or folders that hold documents")
        return self.wait(self.start_ingest(names, force), progress, cancel, report)

    def start_ingest(self, names: list[str], force: bool = False) -> Json:
        """Start indexing files uploaded before (by their names on the server); returns the running job."""
        return self._json("POST", "/admin/ingest", json={"files": names, "force": force}, admin=True, retry_sent=False)

    def remove(self, doc_ids: list[str]) -> Json:
        return self._json("POST", "/admin/remove", json={"documents": doc_ids}, admin=True, retry_sent=False)

    def start_reindex(self) -> Json:
        """Start re-embedding every chunk on the server; returns the running job."""
        return self._json("POST", "/admin/reindex", admin=True, retry_sent=False)

    def reindex(self) -> Json:
        return self.wait(self.start_reindex())

    def start_calibrate(self, golden: str | None = None) -> Json:
        """Start calibrating on `golden` (JSONL text; the server's bundled questions when None)."""
        return self._json("POST", "/admin/calibrate", json={"golden": golden}, admin=True, retry_sent=False)

    def calibrate(self, golden: str | None = None) -> Json:
        return self.wait(self.start_calibrate(golden))

    # admin: the server's audit log

    def audit_records(self, tail: int) -> list[Json]:
        return self._json("GET", "/admin/audit", params={"tail": tail}, admin=True)["records"]

    def verify_audit(self) -> Json:
        """The hash chain checked on the server: ok, lines, files, problem, notes, folder and the last record."""
        return self._json("GET", "/admin/audit/verify", admin=True)


def upload_names(paths: Iterable[Path]) -> list[tuple[Path, str]]:
    """(file, name on the server) for files and the files in folders (a folder keeps its own name above them)."""
    out: list[tuple[Path, str]] = []
    for given in paths:
        path = Path(given).expanduser()
        if path.is_file():
            out.append((path, path.name))
        elif path.is_dir():
            root = path.resolve()
            for file in sorted(root.rglob("*")):
                relative = file.relative_to(root)
                if file.is_file() and not any(part.startswith(".") for part in relative.parts):
                    out.append((file, f"{root.name}/{relative.as_posix()}"))
        else:
            raise UserError(f"no file or folder at {given}")
    return out


def _server_sent_events(lines: Iterator[str]) -> Iterator[tuple[str, Any]]:
    event, data = "message", list[str]()
    for line in lines:
        if not line:
            if data:
                yield event, json.loads("\n".join(data))
            event, data = "message", list[str]()
        elif line.startswith(":"):
            continue  # a keep-alive comment
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())
    if data:
        yield event, json.loads("\n".join(data))
