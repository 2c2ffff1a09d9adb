"""The embedder's fast path: an int8 ONNX export made at build time from the bundled weights.

`operator-assistant models fetch` (run by `make setup`) verifies the embedder's weights
against the manifest, exports the whole sentence-transformers pipeline to ONNX, quantizes
its weight matrices to int8 and records the sha256 of the result in `export.json` beside
it. Nothing is downloaded. At load the record is checked against the weights it was made
from and the file's hash; anything that does not match is refused.

torch and onnx are imported only while building; loading needs onnxruntime alone.
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

from operator_assistant.core.models import FETCH_HINT, ResolvedModel, sha256_file
from operator_assistant.errors import ModelError
from operator_assistant.files import write_atomically

log = logging.getLogger("models")

EXPORT_DIR = "onnx-int8"
EXPORT_FILE = "model.onnx"
RECORD_FILE = "export.json"
# Bumped whenever the export or quantization changes, so older exports are rebuilt, not trusted.
# Per-channel int8 weights on the MatMuls only: per-tensor scales lost too much (mean cosine
# to the torch vectors 0.946 on the sample corpus, 0.994 per channel; BENCHMARKS.md).
RECIPE = "st-pipeline-opset17+dynamic-int8-matmul-per-channel/1"
# Sentences the export is checked on before it is accepted (fp32 export vs torch, and int8).
_CHECK_TEXTS = (
    "Close the discharge valve before starting pump P-101A.",
    "The chlorine residual alarm is set at 0.2 mg/L at the clearwell outlet.",
    "Lockout/tagout: isolate, verify zero energy, then apply your personal lock and tag.",
    "Bacterial growth in distribution mains increases when water temperature rises above 20 °C.",
)
MIN_CHECK_COSINE = 0.98


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


def export_dir(model: ResolvedModel) -> Path:
    return model.path / EXPORT_DIR


def read_record(model: ResolvedModel) -> ExportRecord | None:
    """The export's record, or None when no export was made (the torch path is used then)."""
    path = export_dir(model) / RECORD_FILE
    if not path.is_file():
        return None
    try:
        return ExportRecord(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError) as exc:
        raise ModelError(f"embedder export record {path} is unreadable: {exc}", FETCH_HINT) from exc


def export_problems(model: ResolvedModel, record: ExportRecord) -> list[str]:
    """Why an export cannot be trusted; empty when it is the one made from these weights."""
    problems = []
    if record.recipe != RECIPE:
        problems.append(f"made by an older recipe ({record.recipe})")
    if record.source_model_id != model.model_id:
        problems.append(f"made from other weights ({record.source_model_id}, now {model.model_id})")
    file = export_dir(model) / record.file
    if not file.is_file():
        problems.append(f"{EXPORT_DIR}/{record.file}: missing")
    elif sha256_file(file) != record.sha256:
        problems.append(f"{EXPORT_DIR}/{record.file}: sha256 does not match {RECORD_FILE} (damaged or replaced)")
    return problems


def verified_record(model: ResolvedModel) -> ExportRecord | None:
    """The export's record after checking it; None when there is none; ModelError when it is damaged."""
    record = read_record(model)
    if record is None:
        return None
    problems = export_problems(model, record)
    if problems:
        raise ModelError(f"the fast embedder export of {model.name} is not usable: {'; '.join(problems)}",
                         f"{FETCH_HINT} (it rebuilds the export from the bundled weights)")
    return record


def prepare_export(model: ResolvedModel, report: Callable[[str], None] = print) -> ExportRecord | None:
    """Build the int8 export from the model's own files unless a verified one is there already.

    Returns None (and the torch path stays in use) for a model the export does not reproduce."""
    try:
        record = read_record(model)
    except ModelError:
        record = None
    if record is not None and not export_problems(model, record):
        report(f"{model.name}: int8 export present and verified")
        return record
    if record is not None:
        report(f"{model.name}: rebuilding the int8 export ({'; '.join(export_problems(model, record))})")
    return _build(model, report)


def _build(model: ResolvedModel, report: Callable[[str], None]) -> ExportRecord | None:
    if not (model.path / "modules.json").is_file() or not (model.path / "tokenizer.json").is_file():
        # Not a sentence-transformers folder with a fast tokenizer: nothing to export.
        log.info("%s: no modules.json or tokenizer.json, no int8 export; the torch path is used", model.name)
        return None
    # Heavy imports only here: building needs torch and onnx, loading does not.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import numpy as np
    import onnx
    import onnxruntime
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from sentence_transformers import SentenceTransformer

    target = export_dir(model)
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
        fp32, int8 = Path(tmp) / "fp32.onnx", Path(tmp) / EXPORT_FILE
        axes = {name: {0: "batch", 1: "tokens"} for name in names} | {"sentence_embedding": {0: "batch"}}
        with torch.no_grad(), warnings.catch_warnings():
            # the tracer's notes on shapes it fixes (batch and length stay dynamic, checked below)
            warnings.simplefilter("ignore")
            torch.onnx.export(Pipeline().eval(), tuple(features[n] for n in names), str(fp32),
                              input_names=names, output_names=["sentence_embedding"],
                              dynamic_axes=axes, opset_version=17, dynamo=False)
        graph = onnx.load(str(fp32), load_external_data=False)
        # Only MatMuls whose second input is a weight; attention's activation-by-activation
        # products stay float.
        weights = {init.name for init in graph.graph.initializer}
        activation_matmuls = [n.name for n in graph.graph.node
                              if n.op_type == "MatMul" and n.input[1] not in weights]
        quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True,
                         op_types_to_quantize=["MatMul"], nodes_to_exclude=activation_matmuls)
        session = onnxruntime.InferenceSession(str(int8), providers=["CPUExecutionProvider"])
        out = session.run(None, {n: features[n].numpy() for n in names})[0]
        out = out / np.linalg.norm(out, axis=1, keepdims=True)
        cosine = float((out * reference).sum(axis=1).min())
        if cosine < MIN_CHECK_COSINE:
            report(f"{model.name}: int8 export differs from the model (cosine {cosine:.3f}); the torch path is used")
            return None
        if not st.max_seq_length:  # the fast path cuts texts where the model does: it must know where
            report(f"{model.name}: the model gives no maximum text length; the torch path is used")
            return None
        record = ExportRecord(
            recipe=RECIPE, source_model_id=model.model_id, file=EXPORT_FILE, sha256=sha256_file(int8),
            inputs=names, dimension=int(out.shape[1]), max_seq_length=int(st.max_seq_length),
            versions={"torch": torch.__version__, "onnx": onnx.__version__, "onnxruntime": onnxruntime.__version__},
        )
        os.replace(int8, target / EXPORT_FILE)
    write_atomically(target / RECORD_FILE, json.dumps(asdict(record), indent=1))
    report(f"{model.name}: int8 export built and recorded (sha256 {record.sha256[:12]}, check cosine {cosine:.4f})")
    return record
