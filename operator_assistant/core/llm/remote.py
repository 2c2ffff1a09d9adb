"""A llama.cpp model server on this machine's loopback, through its OpenAI-compatible chat API.

Works with llama.cpp's own `llama-server` and with llama-cpp-python's `llama_cpp.server`: both apply
the GGUF's chat template and take llama.cpp's sampling extras (grammar, top_k, repeat_penalty) in a
chat request. Several questions can be worded at once, one server slot each; the server queues the rest.
The checks on what the model writes are the caller's, exactly as for the in-process model.
The core keeps to the standard library for HTTP (tests/unit/test_layering.py): one request per
connection, on loopback only.
"""

from __future__ import annotations

import http.client
import json
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit

from operator_assistant.core.llm.base import Message
from operator_assistant.core.loopback import loopback_url
from operator_assistant.errors import Cancelled, ModelError
from operator_assistant.folder.wire import Json

log = logging.getLogger("llm")

START_HINT = "start it (`operator-assistant serve --model-server` does), or set llm_server = \"\" to load the model here"
# llama-server counts the prompt's last tokens in its repeat penalty window (the in-process model only
# what it generated), which pushes the model off the card's own words and numbers: with the policy's
# 1.1 it invented numbers and 1 of 44 golden wordings passed the checks, against 25 in process
# (BENCHMARKS.md, "Issue 15: the model server"). So served models word without it.
SERVED_REPEAT_PENALTY = 1.0
# a question waits for a free slot before its first token, so reads may pause for a long time
READ_SECONDS = 300.0


class RemoteModel:
    def __init__(self, url: str, model_id: str, context_size: int = 2048,
                 repeat_penalty: float = SERVED_REPEAT_PENALTY) -> None:
        self.url = loopback_url(url, "llm_server", "a model server")
        parts = urlsplit(self.url)
        self._host, self._port = parts.hostname or "127.0.0.1", parts.port or 80
        self.model_id = model_id
        self.context_size = context_size  # per slot: the server is started with slots x this
        self.repeat_penalty = repeat_penalty
        self._tokenize_path: str | None = None  # which of the two servers' routes answered

    def _post(self, path: str, body: Json) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        """The connection and its response, open: the caller reads, then closes the connection."""
        connection = http.client.HTTPConnection(self._host, self._port, timeout=READ_SECONDS)
        try:
            connection.request("POST", path, json.dumps(body).encode("utf-8"),
                               {"Content-Type": "application/json", "Connection": "close"})
            return connection, connection.getresponse()
        except (OSError, http.client.HTTPException) as exc:
            connection.close()
            raise ModelError(f"the model server at {self.url} is not answering: {exc}", START_HINT) from exc

    def _json(self, path: str, body: Json) -> tuple[int, Any]:
        connection, response = self._post(path, body)
        try:
            raw = response.read()
        except (OSError, http.client.HTTPException) as exc:
            raise ModelError(f"the model server at {self.url} stopped answering: {exc}", START_HINT) from exc
        finally:
            connection.close()
        try:
            return response.status, json.loads(raw or b"null")
        except ValueError:
            return response.status, raw[:200].decode("utf-8", "replace")

    def count_tokens(self, text: str) -> int:
        routes: dict[str, Json] = {"/tokenize": {"content": text, "add_special": False},  # llama-server
                                             "/extras/tokenize": {"input": text}}  # llama_cpp.server
        for path in [self._tokenize_path] if self._tokenize_path else list(routes):
            status, body = self._json(path, routes[path])
            if status == 404 and self._tokenize_path is None:
                continue
            _ok(status, body, self.url)
            self._tokenize_path = path
            return len(body["tokens"])
        raise ModelError(f"the model server at {self.url} has no tokenize route", "use llama-server or llama_cpp.server")

    def stream(self, messages: Sequence[Message], max_tokens: int, temperature: float,
               cancel: Callable[[], bool] | None = None, grammar: str | None = None) -> Iterator[str]:
        body: Json = {
            "messages": list(messages), "stream": True, "max_tokens": max_tokens, "temperature": temperature,
            "top_p": 0.95 if temperature > 0 else 1.0, "top_k": 40 if temperature > 0 else 1,
            "repeat_penalty": self.repeat_penalty, "seed": 0,
        }
        if grammar is not None:
            body["grammar"] = grammar
        connection, response = self._post("/v1/chat/completions", body)
        # closing the connection (on cancel too) stops that slot at the server between tokens
        try:
            if response.status != 200:
                raw = response.read()
                try:
                    _ok(response.status, json.loads(raw), self.url)
                except ValueError:
                    _ok(response.status, raw[:200].decode("utf-8", "replace"), self.url)
            while line := response.readline():
                if cancel is not None and cancel():
                    raise Cancelled()
                text = line.decode("utf-8").strip()
                if not text.startswith("data:"):
                    continue
                data = text[5:].strip()
                if data == "[DONE]":
                    return
                chunk = json.loads(data)
                if "error" in chunk:
                    raise ModelError(f"the model server failed: {_message(chunk)}", "see the model server's log")
                choices = chunk.get("choices") or [{}]
                piece = (choices[0].get("delta") or {}).get("content")
                if piece:
                    yield piece
        except (OSError, http.client.HTTPException) as exc:
            raise ModelError(f"the model server at {self.url} stopped answering: {exc}", START_HINT) from exc
        finally:
            connection.close()


def _message(body: Any) -> str:
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        return str(error.get("message", error))
    return str(error or body)


def _ok(status: int, body: Any, url: str) -> None:
    if status != 200:
        raise ModelError(f"the model server at {url} refused the request ({status}): {_message(body)}",
                         "see the model server's log")
