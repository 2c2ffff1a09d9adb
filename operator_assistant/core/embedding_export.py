"""Embedders on ONNX Runtime: exports made from the verified weights, so torch is not needed to run them.

Two kinds. "fp32" is the default way every embedder runs: the whole sentence-transformers
pipeline (transformer, pooling, normalisation) exported to ONNX in float32, accepted only
when its vectors are within cosine 0.9999 of torch's; its vectors are the model's own, so
the index records the model's id unchanged. "int8" (an option, about twice as fast at
ingest) quantizes the weight matrices and gets an id of its own.

`operator-assistant models fetch` (run by `make setup` and the bundle build) builds both for
the shipped embedders; a sentence-transformers folder an admin adds is exported the first
time it is loaded, where torch is installed. Each export's sha256 and the weights it was
made from are recorded in `export.json` beside it; at load anything that does not match is
refused. Nothing is downloaded. torch and onnx are imported only while building; loading
needs onnxruntime alone.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

from operator_assistant.core import models
from operator_assistant.core.models import FETCH_HINT, ResolvedModel, VerifiedCache, sha256_file
from operator_assistant.errors import ModelError
from operator_assistant.files import write_atomically

log = logging.getLogger("models")

EXPORT_FILE = "model.onnx"
RECORD_FILE = "export.json"


@dataclass(frozen=True)
class ExportKind:
    name: str
    folder: str  # beside the model's own files
    # Bumped whenever the export or quantization changes, so older exports are rebuilt, not trusted.
    recipe: str
    min_cosine: float  # lowest cosine to torch's vectors on the check sentences for the export to be accepted


FP32 = ExportKind("fp32", "onnx-fp32", "st-pipeline-opset17-fp32/1", 0.9999)
# Per-channel int8 weights on the MatMuls only: per-tensor scales lost too much (mean cosine
# to the torch vectors 0.946 on the sample corpus, 0.994 per channel; BENCHMARKS.md).
INT8 = ExportKind("int8", "onnx-int8", "st-pipeline-opset17+dynamic-int8-matmul-per-channel/1", 0.98)
KINDS = (FP32, INT8)
# Sentences the export is checked on before it is accepted (fp32 export vs torch, and int8).
_CHECK_TEXTS = (
    "Close the discharge valve before starting pump P-101A.",
    "The chlorine residual alarm is set at 0.2 mg/L at the clearwell outlet.",
    "Lockout/tagout: isolate, verify zero energy, then apply your personal lock and tag.",
    "Bacterial growth in distribution mains increases when water temperature rises above 20 °C.",
)


@dataclass(frozen=True)
class ExportRecord:
    recipe: str
    source_model_id: str  # the embedder's id (from its manifest hashes) the export was made from
    file: str
    sha256: str
    inputs: list[str]
    dimension: int
    max_seq_length: int
    versions: dict[str, str]


def export_dir(model: ResolvedModel, kind: ExportKind) -> Path:
    """Beside the model's files; in the user's cache where that folder cannot be written (a read-only
    bundle), and for an admin's folder whose export beside it was made from other weights (a copy of
    another model's folder, or weights replaced since): that one is left as it is, never used."""
    here = model.path / kind.folder
    if here.exists():
        if model.in_manifest or _made_from(here, model):
            return here  # a shipped model's stale export is refused where it is (`models fetch` rebuilds it)
    elif os.access(model.path, os.W_OK):
        return here
    cache = Path(platformdirs.user_cache_dir("operator-assistant", appauthor=False))
    return cache / "exports" / model.model_id.replace("@", "-") / kind.folder


def _made_from(folder: Path, model: ResolvedModel) -> bool:
    try:
        return json.loads((folder / RECORD_FILE).read_text(encoding="utf-8")).get("source_model_id") == model.model_id
    except (OSError, ValueError, AttributeError):
        return False


def read_record(model: ResolvedModel, kind: ExportKind) -> ExportRecord | None:
    """The export's record, or None when no export was made."""
    path = export_dir(model, kind) / RECORD_FILE
    if not path.is_file():
        return None
    try:
        return ExportRecord(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError) as exc:
        raise ModelError(f"embedder export record {path} is unreadable: {exc}", FETCH_HINT) from exc


def export_problems(model: ResolvedModel, record: ExportRecord, kind: ExportKind,
                    use_cache: bool = False) -> list[str]:
    """Why an export cannot be trusted; empty when it is the one made from these weights.

    With `use_cache`, a file whose size and modification time match its last check is not hashed
    again (as the weights at start-up: the float32 export is 90 MB)."""
    problems = []
    if record.recipe != kind.recipe:
        problems.append(f"made by an older recipe ({record.recipe})")
    if record.source_model_id != model.model_id:
        problems.append(f"made from other weights ({record.source_model_id}, now {model.model_id})")
    folder = export_dir(model, kind)
    file = folder / record.file
    if not file.is_file():
        problems.append(f"{kind.folder}/{record.file}: missing")
    else:
        cache = VerifiedCache(folder)
        if cache.sha(file, record.file, use_cache) != record.sha256:
            problems.append(f"{kind.folder}/{record.file}: sha256 does not match {RECORD_FILE} (damaged or replaced)")
        cache.save()
    return problems


def verified_record(model: ResolvedModel, kind: ExportKind, use_cache: bool = False) -> ExportRecord | None:
    """The export's record after checking it; None when there is none; ModelError when it is damaged."""
    record = read_record(model, kind)
    if record is None:
        return None
    problems = export_problems(model, record, kind, use_cache)
    if problems:
        raise ModelError(f"the {kind.name} ONNX export of embedder {model.name} is not usable: {'; '.join(problems)}",
                         f"{FETCH_HINT} (it rebuilds the export from the bundled weights)")
    return record


def prepare_export(model: ResolvedModel, report: Callable[[str], None], kind: ExportKind) -> ExportRecord | None:
    """Build an export from the model's own files unless a verified one is there already.

    Returns None for a model the export does not reproduce (it then runs on torch)."""
    try:
        record = read_record(model, kind)
    except ModelError:
        record = None
    if record is not None and not export_problems(model, record, kind):
        report(f"{model.name}: {kind.name} export present and verified")
        return record
    if record is not None:
        report(f"{model.name}: rebuilding the {kind.name} export ({'; '.join(export_problems(model, record, kind))})")
    return _build(model, report, kind)


def _build(model: ResolvedModel, report: Callable[[str], None], kind: ExportKind) -> ExportRecord | None:
    if not (model.path / "modules.json").is_file() or not (model.path / "tokenizer.json").is_file():
        # Not a sentence-transformers folder with a fast tokenizer: nothing to export.
        log.info("%s: no modules.json or tokenizer.json, no %s export; the torch path is used", model.name, kind.name)
        return None
    if kind is INT8:
        return _quantize(model, report)
    if not models.torch_installed():
        raise ModelError(f"embedder {model.name} has no {kind.name} ONNX export, and making one needs torch,"
                         " which this installation leaves out",
                         "run `operator-assistant models prepare` where torch is installed (a source checkout, or a"
                         " bundle built with --with-torch) and copy the model folder back, or choose another embedder")
    # Heavy imports only here: building needs torch and onnx, loading does not.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import numpy as np
    import onnx
    import onnxruntime
    import torch
    from sentence_transformers import SentenceTransformer

    target = export_dir(model, kind)
    try:
        st = SentenceTransformer(str(model.path), device="cpu", local_files_only=True).eval()
    except Exception as exc:  # not loadable: loading it for use will say so with the same error
        report(f"{model.name}: could not be loaded to export it ({exc}); the torch path is used")
        return None
    preprocess = getattr(st, "preprocess", None) or st.tokenize  # renamed in sentence-transformers 6
    features = preprocess(list(_CHECK_TEXTS))
    names = [name for name, value in features.items() if isinstance(value, torch.Tensor)]
    constants = {name: value for name, value in features.items() if name not in names}  # e.g. "modality"
    if not set(names) <= {"input_ids", "attention_mask", "token_type_ids"}:
        report(f"{model.name}: its tokenizer gives inputs {sorted(names)}, which the export does not handle;"
               " the torch path is used")
        return None

    class Pipeline(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.st = st

        def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
            return self.st(constants | dict(zip(names, inputs)))["sentence_embedding"]

    reference = st.encode(list(_CHECK_TEXTS), normalize_embeddings=True, convert_to_numpy=True)
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target, prefix=".build-") as tmp:
        fp32 = Path(tmp) / "fp32.onnx"
        axes = {name: {0: "batch", 1: "tokens"} for name in names} | {"sentence_embedding": {0: "batch"}}
        with torch.no_grad(), warnings.catch_warnings():
            # the tracer's notes on shapes it fixes (batch and length stay dynamic, checked below)
            warnings.simplefilter("ignore")
            torch.onnx.export(Pipeline().eval(), tuple(features[n] for n in names), str(fp32),
                              input_names=names, output_names=["sentence_embedding"],
                              dynamic_axes=axes, opset_version=17, dynamo=False)
        built = fp32
        session = onnxruntime.InferenceSession(str(built), providers=["CPUExecutionProvider"])
        out = session.run(None, {n: features[n].numpy() for n in names})[0]
        out = out / np.linalg.norm(out, axis=1, keepdims=True)
        cosine = float((out * reference).sum(axis=1).min())
        if cosine < kind.min_cosine:
            report(f"{model.name}: {kind.name} export differs from the model (cosine {cosine:.5f},"
                   f" {kind.min_cosine} needed); the torch path is used")
            return None
        if not st.max_seq_length:  # the fast path cuts texts where the model does: it must know where
            report(f"{model.name}: the model gives no maximum text length; the torch path is used")
            return None
        record = ExportRecord(
            recipe=kind.recipe, source_model_id=model.model_id, file=EXPORT_FILE, sha256=sha256_file(built),
            inputs=names, dimension=int(out.shape[1]), max_seq_length=int(st.max_seq_length),
            versions={"torch": torch.__version__, "onnx": onnx.__version__, "onnxruntime": onnxruntime.__version__},
        )
        os.replace(built, target / EXPORT_FILE)
    write_atomically(target / RECORD_FILE, json.dumps(asdict(record), indent=1))
    report(f"{model.name}: {kind.name} export built and recorded (sha256 {record.sha256[:12]},"
           f" check cosine {cosine:.6f})")
    return record


def _quantize(model: ResolvedModel, report: Callable[[str], None]) -> ExportRecord | None:
    """The int8 export, made from the verified float32 one (so without torch: the default bundle
    ships only the float32 export and makes this one the first time it is asked for)."""
    source = prepare_export(model, report, FP32)
    if source is None:
        return None
    import numpy as np
    import onnx
    import onnxruntime
    from onnxruntime.quantization import QuantType, quantize_dynamic

    fp32 = export_dir(model, FP32) / source.file
    target = export_dir(model, INT8)
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target, prefix=".build-") as tmp:
        int8 = Path(tmp) / EXPORT_FILE
        graph = onnx.load(str(fp32), load_external_data=False)
        # Only MatMuls whose second input is a weight; attention's activation-by-activation products stay float.
        weights = {init.name for init in graph.graph.initializer}
        activation_matmuls = [n.name for n in graph.graph.node if n.op_type == "MatMul" and n.input[1] not in weights]
        # the quantizer's advice on image models goes to the root logger, which a CLI user would read
        advice = _Drop("Please consider to run pre-processing before quantization")
        logging.getLogger().addFilter(advice)
        try:
            quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True,
                             op_types_to_quantize=["MatMul"], nodes_to_exclude=activation_matmuls)
        finally:
            logging.getLogger().removeFilter(advice)
        feed = _check_feed(model, source)
        vectors = []
        for file in (fp32, int8):
            out = onnxruntime.InferenceSession(str(file), providers=["CPUExecutionProvider"]).run(None, feed)[0]
            vectors.append(out / np.linalg.norm(out, axis=1, keepdims=True))
        # the float32 export is the model's own vectors (within cosine FP32.min_cosine of torch's)
        cosine = float((vectors[0] * vectors[1]).sum(axis=1).min())
        if cosine < INT8.min_cosine:
            report(f"{model.name}: int8 export differs from the model (cosine {cosine:.5f}, {INT8.min_cosine} needed);"
                   " it is not made")
            return None
        record = ExportRecord(
            recipe=INT8.recipe, source_model_id=model.model_id, file=EXPORT_FILE, sha256=sha256_file(int8),
            inputs=source.inputs, dimension=source.dimension, max_seq_length=source.max_seq_length,
            versions={"from_fp32_sha256": source.sha256, "onnx": onnx.__version__, "onnxruntime": onnxruntime.__version__},
        )
        os.replace(int8, target / EXPORT_FILE)
    write_atomically(target / RECORD_FILE, json.dumps(asdict(record), indent=1))
    report(f"{model.name}: int8 export built and recorded (sha256 {record.sha256[:12]}, check cosine {cosine:.6f})")
    return record


class _Drop(logging.Filter):
    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(self.prefix)


def model_inputs(encodings: list, names: list[str]) -> dict:
    """Tokenizer encodings (`tokenizers`, made with padding off) as the export's inputs: padded to
    the longest, with the padding masked."""
    import numpy as np

    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    types = np.zeros_like(ids)
    for row, enc in enumerate(encodings):
        n = len(enc.ids)
        ids[row, :n] = enc.ids
        mask[row, :n] = 1
        types[row, :n] = enc.type_ids
    feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
    return {name: feed[name] for name in names}


def _check_feed(model: ResolvedModel, record: ExportRecord) -> dict:
    """The check sentences as the export's inputs, tokenized as the embedder tokenizes them."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(model.path / "tokenizer.json"))
    tokenizer.enable_truncation(record.max_seq_length)
    tokenizer.no_padding()  # a tokenizer.json may pad to a fixed length; model_inputs pads and masks
    return model_inputs(tokenizer.encode_batch(list(_CHECK_TEXTS)), record.inputs)
