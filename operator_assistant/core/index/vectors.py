"""Dense index in ChromaDB: cosine space, vectors always computed by us.

Chroma must never compute vectors or fetch a model: ours come precomputed.
"""

from __future__ import annotations

import hashlib
import logging
import sys
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import numpy as np

from operator_assistant.errors import UserError

log = logging.getLogger("ingest")

_BATCH = 1000
# Chroma holds the GIL while it writes: small write batches keep a GUI thread responsive.
_WRITE_BATCH = 64


@lru_cache(maxsize=1)
def _precomputed_vectors_class() -> type:
    """An embedding function that refuses to embed: Chroma must never compute vectors
    (its default would download a model). Built lazily because chromadb is slow to import."""
    from chromadb.api.types import EmbeddingFunction

    class PrecomputedVectors(EmbeddingFunction):
        def __init__(self, model_id: str = "") -> None:
            self.model_id = model_id

        def __call__(self, input: Any) -> Any:
            raise RuntimeError("Chroma was asked to embed text; vectors must come from our embedder")

        @staticmethod
        def name() -> str:
            return "operator-assistant-precomputed"

        def get_config(self) -> dict[str, Any]:
            return {"model_id": self.model_id}

        @staticmethod
        def build_from_config(config: dict[str, Any]) -> PrecomputedVectors:
            return PrecomputedVectors(config.get("model_id", ""))

        def default_space(self) -> Literal["cosine"]:
            return "cosine"

    return PrecomputedVectors


def import_chroma_in_background() -> None:
    """Start importing chromadb (about a second of one core) on a thread while this process waits on other work.

    An ingest's first write opens Chroma; the import can run while the first files are parsed and
    embedded instead of after. A failed import is left to the real one, which reports it."""
    if "chromadb" in sys.modules:
        return

    def load() -> None:
        try:
            import chromadb  # noqa: F401
        except Exception:  # noqa: BLE001 - reported by the import that needs it
            log.debug("chromadb import ahead of time failed", exc_info=True)

    threading.Thread(target=load, name="import-chromadb", daemon=True).start()


def _chroma_client(path: Path, server: str) -> Any:
    """Chroma in this process on `path`, or (`server`: "http://127.0.0.1:PORT") a `chroma run` on loopback.

    A server must be on this machine's loopback (Chroma 1.x has no working auth of its own). Client and
    server come from the same chromadb wheel: the plant server runs that installation's `chroma run`."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    if not server:
        path.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(path), settings=settings)
    from urllib.parse import urlsplit

    from operator_assistant.core.loopback import loopback_url

    url = urlsplit(loopback_url(server, "chroma_server", "a Chroma server"))
    try:
        client = chromadb.HttpClient(host=url.hostname or "127.0.0.1", port=url.port or 80, settings=settings)
        client.heartbeat()
    except Exception as exc:  # broad on purpose: chromadb raises several types for a server that is not there
        raise UserError(f"the Chroma server at {server} is not answering: {exc}",
                        "start it (`operator-assistant serve --chroma` does), or set chroma_server = \"\"") from exc
    return client


class VectorStore:
    """One Chroma collection per embedder, so vectors of two models never mix."""

    def __init__(self, path: Path, embedder_id: str, server: str = "") -> None:
        self.client = _chroma_client(path, server)
        self.embedder_id = embedder_id
        self.name = self.collection_name(embedder_id)
        self.collection = self.client.get_or_create_collection(
            self.name,
            embedding_function=_precomputed_vectors_class()(embedder_id),
            configuration={"hnsw": {"space": "cosine", "ef_construction": 200, "ef_search": 200}},
            metadata={"embedder_id": embedder_id},
        )

    def close(self) -> None:
        """Release Chroma's files and connections (its System is shared per path and stopped with the
        last client on it); without this each opened index keeps a dozen descriptors until exit."""
        self.client.close()

    @staticmethod
    def collection_name(embedder_id: str) -> str:
        return "chunks-" + hashlib.sha256(embedder_id.encode()).hexdigest()[:16]

    def count(self) -> int:
        return self.collection.count()

    def ids(self) -> set[str]:
        return set(self.collection.get(include=[])["ids"])

    def upsert(self, ids: Sequence[str], vectors: np.ndarray, metadatas: Sequence[dict[str, Any]]) -> None:
        for start in range(0, len(ids), _WRITE_BATCH):
            self.collection.upsert(
                ids=list(ids[start:start + _WRITE_BATCH]),
                embeddings=vectors[start:start + _WRITE_BATCH],
                metadatas=list(metadatas[start:start + _WRITE_BATCH]),
            )

    def delete(self, ids: Sequence[str]) -> None:
        for start in range(0, len(ids), _BATCH):
            self.collection.delete(ids=list(ids[start:start + _BATCH]))

    def query(self, vector: np.ndarray, n: int, where: dict[str, Any] | None = None) -> list[tuple[str, float]]:
        """Top n (chunk id, cosine similarity) among the chunks whose metadata match `where`."""
        total = self.count()
        if total == 0:
            return []
        result = self.collection.query(
            query_embeddings=[vector.astype(np.float32).tolist()], n_results=min(n, total), where=where,
            include=["distances"],
        )
        distances = result["distances"]
        assert distances is not None  # asked for in `include`
        return [(cid, 1.0 - float(dist)) for cid, dist in zip(result["ids"][0], distances[0])]

    def drop_other_collections(self) -> list[str]:
        """Remove collections left by a previous embedder; returns their names."""
        dropped = []
        for collection in self.client.list_collections():
            name = collection if isinstance(collection, str) else collection.name
            if name != self.name and name.startswith("chunks-"):
                self.client.delete_collection(name)
                dropped.append(name)
        return dropped
