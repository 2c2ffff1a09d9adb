"""A llama.cpp model server on this machine's loopback, through its OpenAI-compatible chat API.

Works with llama.cpp's own `llama-server` and with llama-cpp-python's `llama_cpp.server`: both apply
the GGUF's chat template and take llama.cpp's sampling extras (grammar, top_k, repeat_penalty) in a
chat request. Several questions can be worded at once, one server slot each; the server queues the rest.
The checks on what the model writes are the caller's, exactly as for the in-process model.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import httpx

from operator_assistant.core.llm.base import Message
from operator_assistant.core.loopback import loopback_url
from operator_assistant.errors import Cancelled, ModelError

log = logging.getLogger("llm")

START_HINT = "start it (`operator-assistant serve --model-server` does), or set llm_server = \"\" to load the model here"
# llama-server counts the prompt's last tokens in its repeat penalty window (the in-process model only
# what it generated), which pushes the model off the card's own words and numbers: with the policy's
# 1.1 it invented numbers and 1 of 44 golden wordings passed the checks, against 25 in process
# (BENCHMARKS.md, "Issue 15: the model server"). So served models word without it.
SERVED_REPEAT_PENALTY = 1.0
# a question waits for a free slot before its first token, so reads may pause for a long time
TIMEOUT = httpx.Timeout(connect=5.0, read=300.0, write=30.0, pool=30.0)


class RemoteModel:
    def __init__(self, url: str, model_id: str, context_size: int = 2048,
                 repeat_penalty: float = SERVED_REPEAT_PENALTY) -> None:
        self.url = loopback_url(url, "llm_server", "a model server")
        self.model_id = model_id
        self.context_size = context_size  # per slot: the server is started with slots x this
        self.repeat_penalty = repeat_penalty
        self._http = httpx.Client(base_url=self.url, timeout=TIMEOUT)
        self._tokenize_path: str | None = None  # which of the two servers' routes answered

    def close(self) -> None:
        self._http.close()

    def _post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        try:
            return self._http.post(path, json=body)
        except httpx.HTTPError as exc:
            raise ModelError(f"the model server at {self.url} is not answering: {exc}", START_HINT) from exc

    def count_tokens(self, text: str) -> int:
        if self._tokenize_path is None:
            response = self._post("/tokenize", {"content": text, "add_special": False})  # llama-server
            if response.status_code == 404:
                response = self._post("/extras/tokenize", {"input": text})  # llama_cpp.server
                self._tokenize_path = "/extras/tokenize"
            else:
                self._tokenize_path = "/tokenize"
        elif self._tokenize_path == "/tokenize":
            response = self._post("/tokenize", {"content": text, "add_special": False})
        else:
            response = self._post("/extras/tokenize", {"input": text})
        return len(_ok(response, self.url).json()["tokens"])

    def stream(self, messages: Sequence[Message], max_tokens: int, temperature: float,
               cancel: Callable[[], bool] | None = None, grammar: str | None = None) -> Iterator[str]:
        body: dict[str, Any] = {
            "messages": list(messages), "stream": True, "max_tokens": max_tokens, "temperature": temperature,
            "top_p": 0.95 if temperature > 0 else 1.0, "top_k": 40 if temperature > 0 else 1,
            "repeat_penalty": self.repeat_penalty, "seed": 0,
        }
        if grammar is not None:
            body["grammar"] = grammar
        try:
            with self._http.stream("POST", "/v1/chat/completions", json=body) as response:
                if response.status_code != 200:
                    response.read()
                    _ok(response, self.url)
                # leaving this block closes the connection: the server stops that slot between tokens
                for line in response.iter_lines():
                    if cancel is not None and cancel():
                        raise Cancelled()
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        return
                    chunk = json.loads(data)
                    if "error" in chunk:
                        raise ModelError(f"the model server failed: {_message(chunk)}", "see the model server's log")
                    choices = chunk.get("choices") or [{}]
                    piece = (choices[0].get("delta") or {}).get("content")
                    if piece:
                        yield piece
        except httpx.HTTPError as exc:
            raise ModelError(f"the model server at {self.url} stopped answering: {exc}", START_HINT) from exc


def _message(body: Any) -> str:
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        return str(error.get("message", error))
    return str(error or body)


def _ok(response: httpx.Response, url: str) -> httpx.Response:
    if response.status_code == 200:
        return response
    try:
        detail = _message(response.json())
    except ValueError:
        detail = response.text[:200]
    raise ModelError(f"the model server at {url} refused the request ({response.status_code}): {detail}",
                     "see the model server's log")
