"""Dense embedders. The interface is small so that any sentence-transformers model
an admin puts in models/ can be used.

Backends (the `embed_backend` setting):
- "onnx", the default: the model's float32 ONNX export (core/embedding_export.py) on ONNX
  Runtime, for passages and questions alike. Its vectors are torch's within cosine 0.9999, so
  it records the model's own id, and torch is not imported (the default bundle leaves it out).
- "int8": passages by the int8 export (about 1.4 times as fast at ingest on two cores, vectors
  within cosine 0.98), questions by the float32 export; an id of its own.
- "torch": sentence-transformers on torch in float32, the same vectors and id as "onnx".
- "bf16": passages in bfloat16 under torch on CPUs with bfloat16 instructions, questions in
  float32; an id of its own.
All embed texts in order of length, so a batch pads to similar lengths, and return the
vectors in the caller's order."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

import numpy as np

from operator_assistant.core.embedding_export import ExportKind, ExportRecord
from operator_assistant.core.models import FETCH_HINT, ResolvedModel
from operator_assistant.errors import Cancelled, ModelError

log = logging.getLogger("retrieval")

BACKENDS = ("onnx", "int8", "torch", "bf16")
ALIASES = {"auto": "int8"}  # "auto" was the int8 option's name in earlier releases


class Embedder(Protocol):
    model_id: str
    dimension: int

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        """Unit-length float32 vectors, one row per text."""

    def embed_query(self, text: str) -> np.ndarray: ...

    def embed_like_query(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts compared with a question's vector at question time (the evidence's sentences)."""


# Batch size for the sentences embedded at question time (BENCHMARKS.md, "Issue 25, point 3").
QUESTION_TIME_BATCH = 8


def length_groups(lengths: Sequence[int], size: int) -> Iterator[np.ndarray]:
    """Indices into `lengths`, longest first, in groups of `size`: each group pads to similar lengths."""
    order = np.argsort(-np.asarray(lengths, dtype=np.int64), kind="stable")
    for start in range(0, len(order), size):
        yield order[start:start + size]


def _embed_in_groups(texts: Sequence[str], dimension: int, group: int,
                     encode: Callable[[list[str]], np.ndarray],
                     progress: Callable[[int], None] | None, cancel: Callable[[], bool] | None) -> np.ndarray:
    out = np.zeros((len(texts), dimension), dtype=np.float32)
    done = 0
    # Groups of a few hundred keep cancel responsive; sorting across all of them (not only
    # inside each) is what keeps padding low when short and long chunks are mixed.
    for idx in length_groups([len(t) for t in texts], group):
        if cancel is not None and cancel():
            raise Cancelled()
        out[idx] = encode([texts[i] for i in idx])
        done += len(idx)
        if progress is not None:
            progress(done)
    return out


class SentenceTransformerEmbedder:
    """A sentence-transformers model loaded from a local folder, never from a hub."""

    def __init__(self, model: ResolvedModel, batch_size: int = 32) -> None:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        try:
            self._model = SentenceTransformer(str(model.path), device="cpu", local_files_only=True)
        except Exception as exc:  # any load failure means the files are not a usable model
            raise ModelError(f"embedder {model.name} at {model.path} could not be loaded: {exc}", FETCH_HINT) from exc
        self.model_id = model.model_id
        self.backend = "torch"
        dimension = self._model.get_embedding_dimension()
        if dimension is None:
            raise ModelError(f"embedder {model.name} at {model.path} does not say its vector size", FETCH_HINT)
        self.dimension = int(dimension)
        self.batch_size = batch_size

    def _encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        return self._model.encode(texts, batch_size=batch_size or self.batch_size, normalize_embeddings=True,
                                  convert_to_numpy=True, show_progress_bar=False)

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        return _embed_in_groups(texts, self.dimension, self.batch_size * 8, self._encode, progress, cancel)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def embed_like_query(self, texts: Sequence[str]) -> np.ndarray:
        # a question's few dozen sentences in small batches: one long table row pads a batch of 32 to its
        # length (48 sentences of 5 passages: 1.2 s in batches of 32, 0.8 s in batches of 8, two cores)
        return _embed_in_groups(texts, self.dimension, max(len(texts), 1),
                                lambda part: self._encode(part, QUESTION_TIME_BATCH), None, None)


class OnnxEmbedder:
    """An embedder's ONNX export (core/embedding_export.py) run with onnxruntime."""

    def __init__(self, model: ResolvedModel, kind: ExportKind, record: ExportRecord, batch_size: int = 32,
                 threads: int = 0) -> None:
        """`record`: the export's, verified (`_ready_export`)."""
        import onnxruntime
        from tokenizers import Tokenizer

        from operator_assistant.core.embedding_export import export_dir

        self.record = record
        self._tokenizer = Tokenizer.from_file(str(model.path / "tokenizer.json"))
        # The same cut as sentence-transformers: max_seq_length word pieces, special tokens included.
        self._tokenizer.enable_truncation(record.max_seq_length)
        self._tokenizer.no_padding()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads  # 0 = one per physical core
        options.inter_op_num_threads = 1
        try:
            self._session = onnxruntime.InferenceSession(str(export_dir(model, kind) / record.file), options,
                                                         providers=["CPUExecutionProvider"])
        except Exception as exc:  # the hash matched, so this is an onnxruntime that cannot run it
            raise ModelError(f"the {kind.name} export of {model.name} could not be loaded: {exc}", FETCH_HINT) from exc
        # The index records this id. The float32 export gives the model's own vectors (checked
        # within cosine 0.9999 when it was made), so it shares torch's id and either can read an
        # index the other built; int8 vectors differ, so switching to or from them re-embeds.
        self.model_id = model.model_id if kind.name == "fp32" else f"{model.model_id}+int8@{record.sha256[:12]}"
        self.backend = f"onnx-{kind.name}"
        self.dimension = record.dimension
        self.batch_size = batch_size

    def _run(self, encodings: list) -> np.ndarray:
        from operator_assistant.core.embedding_export import model_inputs

        vectors = self._session.run(None, model_inputs(encodings, self.record.inputs))[0]
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return (vectors / np.maximum(norms, 1e-12)).astype(np.float32)

    def _encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        # Within the group, sort by word pieces (exact) rather than characters.
        for idx in length_groups([len(e.ids) for e in encodings], batch_size or self.batch_size):
            out[idx] = self._run([encodings[i] for i in idx])
        return out

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        return _embed_in_groups(texts, self.dimension, self.batch_size * 8, self._encode, progress, cancel)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def embed_like_query(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(list(texts), QUESTION_TIME_BATCH) if texts else np.zeros((0, self.dimension), np.float32)


class SplitEmbedder:
    """Passages by one embedder, questions by another of the same model.

    Ingest embeds every passage of a library, and the int8 export does it faster. A
    question is one short text: it is embedded by the full-precision model, and so is what is
    compared with it at question time (the sentences whose similarity is the refusal evidence),
    so the refusal signal and its fitted threshold are the full model's. The index holds the
    passages' vectors and records their id; a full-precision question ranks them as the
    export's own question vector would within measurement noise (BENCHMARKS.md "Ingest speed:
    embedder").
    """

    def __init__(self, passages: Embedder, questions: Embedder, backend: str) -> None:
        if passages.dimension != questions.dimension:
            raise ModelError(f"the passages' embedder gives {passages.dimension} numbers a vector,"
                             f" the questions' {questions.dimension}", FETCH_HINT)
        self.passages, self.questions = passages, questions
        self.model_id = passages.model_id  # what the index holds
        self.dimension = passages.dimension
        self.backend = backend

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        return self.passages.embed(texts, progress, cancel)

    def embed_query(self, text: str) -> np.ndarray:
        return self.questions.embed_query(text)

    def embed_like_query(self, texts: Sequence[str]) -> np.ndarray:
        return self.questions.embed_like_query(texts)


def bf16_unsupported_reason() -> str | None:
    """Why bfloat16 would not be faster on this CPU, or None when it would.

    Without native bfloat16 dot products (AVX512-BF16 or AMX) oneDNN emulates them, which
    is no faster than float32, and the vectors would still differ from float32's."""
    import torch

    cpu = getattr(torch, "cpu", None)
    checks = [getattr(cpu, name, None) for name in ("_is_avx512_bf16_supported", "_is_amx_tile_supported")]
    if not any(check is not None for check in checks):
        return f"torch {torch.__version__} cannot tell whether this CPU has bfloat16 instructions"
    if not any(check() for check in checks if check is not None):
        return "this CPU has no bfloat16 instructions (AVX512-BF16 or AMX)"
    return None


class Bf16PassageEmbedder:
    """Passages by the model under bfloat16 autocast, questions and evidence sentences in float32.

    Ingest embeds every passage of a library: in bfloat16 on a CPU with AVX512-BF16 that takes
    about half the CPU time, with vectors within cosine 0.9999 of float32's (BENCHMARKS.md
    "bfloat16 passages"). Autocast rather than a bfloat16 copy of the weights: one model in memory, and
    layer norms and softmax stay in float32. Autocast is per thread, so a question embedded
    while an ingest runs on another thread is float32. The question side is left in float32
    so the refusal evidence, and any threshold calibrated on it, is the full model's."""

    def __init__(self, model: SentenceTransformerEmbedder) -> None:
        self.questions = model
        # The index records this id: bfloat16 vectors are close to float32's but not equal,
        # so switching either way re-embeds the index (core/ingest.py).
        self.model_id = f"{model.model_id}+bf16"
        self.dimension = model.dimension
        self.backend = "torch bf16 passages, float32 questions"

    def _encode(self, texts: list[str]) -> np.ndarray:
        import torch

        with torch.autocast("cpu", dtype=torch.bfloat16):
            vectors = self.questions._encode(texts)
        return np.asarray(vectors, dtype=np.float32)

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        return _embed_in_groups(texts, self.dimension, self.questions.batch_size * 8, self._encode, progress, cancel)

    def embed_query(self, text: str) -> np.ndarray:
        return self.questions.embed_query(text)

    def embed_like_query(self, texts: Sequence[str]) -> np.ndarray:
        return self.questions.embed_like_query(texts)


def default_backend(model_id: str, index_embedder_id: str | None) -> str:
    """The backend when the settings name none: the one the index was built with (its id's suffix),
    so that an existing index is never re-embedded by an upgrade; otherwise "onnx", the float32
    export, which shares torch's id (an index built on torch in float32 is read as it is).
    A bfloat16 index where torch is not installed (the default bundle) is re-embedded by "onnx"."""
    from operator_assistant.core.models import torch_installed

    if index_embedder_id is not None and index_embedder_id.startswith(model_id):
        suffix = index_embedder_id[len(model_id):]
        if suffix == "+bf16" and torch_installed():
            return "bf16"
        if suffix.startswith("+int8@"):
            return "int8"
    return "onnx"


def _ready_export(model: ResolvedModel, kind: ExportKind) -> ExportRecord | None:
    """The export's record when a verified export is there, or has just been made (first use of an
    admin's model); None when the model cannot be exported. A damaged or stale export raises
    ModelError: it is rebuilt only by `models fetch` / `models prepare`, never behind the admin's back."""
    from operator_assistant.core.embedding_export import prepare_export, read_record, verified_record

    if read_record(model, kind) is not None:
        return verified_record(model, kind, use_cache=True)
    log.info("embedder %s: making its %s ONNX export (first use)", model.name, kind.name)
    return prepare_export(model, lambda line: log.info("%s", line), kind)


def load_embedder(model: ResolvedModel, batch_size: int = 32, backend: str = "onnx",
                  threads: int = 0) -> Embedder:
    """The embedder for `backend` (see the module's docstring).

    The float32 export is made the first time an admin's model is loaded (where torch is
    installed); a model it does not reproduce runs on torch with the same id. A damaged or stale
    export is refused with a ModelError rather than silently replaced: the index must not mix
    vectors of two kinds."""
    from operator_assistant.core.embedding_export import FP32, INT8
    from operator_assistant.core.models import torch_installed

    backend = ALIASES.get(backend, backend)
    if backend in ("onnx", "int8"):
        fp32 = _ready_export(model, FP32)
        if fp32 is not None:
            questions = OnnxEmbedder(model, FP32, fp32, batch_size, threads)
            if backend == "onnx":
                return questions
            int8 = _ready_export(model, INT8)
            if int8 is not None:
                return SplitEmbedder(OnnxEmbedder(model, INT8, int8, batch_size, threads), questions,
                                     "onnx-int8 passages, onnx-fp32 questions")
            log.warning("embedder %s has no int8 export; embedding in float32", model.name)
            return questions
        if not torch_installed():
            raise ModelError(f"embedder {model.name} cannot be exported to ONNX, and this installation has no torch"
                             " to run it", "choose another embedder, or use a bundle built with --with-torch")
        log.warning("embedder %s cannot be exported to ONNX; running it on torch", model.name)
    embedder = SentenceTransformerEmbedder(model, batch_size)
    if backend == "bf16":
        reason = bf16_unsupported_reason()
        if reason is None:
            return Bf16PassageEmbedder(embedder)
        log.warning("embed_backend \"bf16\" asked for, but %s: embedding in float32 (slower)", reason)
    return embedder
