"""The cross-encoder path, for real: a tiny BERT cross-encoder trained here, declared in a
models manifest, loaded through it, and shown to move the right passage to the top."""

import hashlib
import json
from pathlib import Path

import pytest
import torch

from operator_assistant.core.index.manifest import ChunkRecord, DocumentInfo
from operator_assistant.core.retrieval.rerank import (
    CrossEncoderReranker,
    NoReranker,
    RankedHit,
    drop_near_duplicates,
    load_reranker,
)
from operator_assistant.core.retrieval.retriever import SearchHit

PASSAGES = {
    "alarm": "The high discharge pressure alarm on booster B-2 is 118 psi.",
    "grease": "Grease the pump bearings every 2000 running hours.",
    "locks": "Personal lockout padlocks are red and carry the owner's name.",
    "chlorine": "The free chlorine residual target leaving the clearwell is 1.2 mg/L.",
}
TRAIN = [  # (query, passage key) pairs that belong together; every other pairing is negative
    ("what is the discharge pressure alarm", "alarm"),
    ("high pressure alarm booster", "alarm"),
    ("how often grease bearings", "grease"),
    ("bearing grease interval", "grease"),
    ("what color are lockout locks", "locks"),
    ("personal padlock color", "locks"),
    ("chlorine residual target", "chlorine"),
    ("clearwell chlorine level", "chlorine"),
]


def train_tiny_cross_encoder(folder: Path) -> None:
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    words = sorted({w for text in [*PASSAGES.values(), *(q for q, _ in TRAIN)]
                    for w in text.lower().replace(".", " ").replace("'", " ").replace("/", " ").split()})
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words]
    folder.mkdir(parents=True)
    tokenizer = BertTokenizerFast(vocab={w: i for i, w in enumerate(vocab)}, do_lower_case=True)
    torch.manual_seed(0)
    config = BertConfig(vocab_size=len(vocab), hidden_size=64, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=128, max_position_embeddings=128, num_labels=1,
                        hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
    model = BertForSequenceClassification(config)
    pairs = [(q, PASSAGES[k], 1.0 if k == key else 0.0) for q, key in TRAIN for k in PASSAGES]
    batch = tokenizer([q for q, _, _ in pairs], [p for _, p, _ in pairs], padding=True, return_tensors="pt")
    labels = torch.tensor([y for _, _, y in pairs])
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model.train()
    for step in range(600):
        optimizer.zero_grad()
        logits = model(**batch).logits.squeeze(-1)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, labels)
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            positive = logits[labels == 1].min()
            negative = logits[labels == 0].max()
        if step > 20 and positive > negative + 1.0:
            break  # every right pair now outscores every wrong one
    assert positive > negative, "the tiny cross-encoder failed to separate its training pairs"
    model.eval()
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)


@pytest.fixture(scope="module")
def models_dir(tmp_path_factory) -> Path:
    models = tmp_path_factory.mktemp("models")
    train_tiny_cross_encoder(models / "tiny-reranker")
    files = {p.relative_to(models / "tiny-reranker").as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted((models / "tiny-reranker").rglob("*")) if p.is_file()}
    lines = "\n".join(f'"{rel}" = "{sha}"' for rel, sha in files.items())
    (models / "manifest.toml").write_text(
        '[[model]]\nname = "tiny-reranker"\nrole = "reranker"\nfolder = "tiny-reranker"\n'
        'source = "trained in this test"\nwheel_path = "-"\nlicence = "test only"\n\n'
        f"[model.files]\n{lines}\n", encoding="utf-8")
    return models


def hit(key: str, score: float) -> SearchHit:
    doc = DocumentInfo("d", "/docs/manual.md", "Manual", "markdown", "h", 1, None, "v", 0.0, "indexed")
    chunk = ChunkRecord(f"d:{key}", "d", 0, 0, len(PASSAGES[key]), ("Manual",), (), "", PASSAGES[key], "h", "e")
    return SearchHit(chunk, doc, score, 1, 1)


def test_cross_encoder_from_the_manifest_moves_the_right_passage_up(models_dir):
    reranker = load_reranker(models_dir, "")  # found through the manifest, hashes checked
    assert isinstance(reranker, CrossEncoderReranker) and reranker.is_model
    assert reranker.name.startswith("tiny-reranker@")
    # hybrid order puts the right passage last
    hits = [hit("locks", 0.05), hit("chlorine", 0.04), hit("grease", 0.03), hit("alarm", 0.02)]
    # the model is trained on a handful of pairs, so it is asked its own training questions
    ranked = reranker.rerank("what is the discharge pressure alarm", hits, k=4)
    assert ranked[0].hit.chunk.chunk_id == "d:alarm"
    assert ranked[0].score > max(r.score for r in ranked[1:])
    ranked = reranker.rerank("how often grease bearings", hits, k=2)
    assert [r.hit.chunk.chunk_id for r in ranked][0] == "d:grease" and len(ranked) == 2


def test_corrupted_reranker_is_refused(models_dir, tmp_path):
    import shutil

    from operator_assistant.errors import ModelError

    broken = tmp_path / "models"
    shutil.copytree(models_dir, broken)
    (broken / "tiny-reranker" / "config.json").write_text(json.dumps({"broken": True}), encoding="utf-8")
    with pytest.raises(ModelError, match="models fetch"):
        load_reranker(broken, "tiny-reranker")


def test_without_a_cross_encoder_the_order_is_kept(tmp_path):
    from tests.conftest import REPO

    reranker = load_reranker(REPO / "models", "")
    assert isinstance(reranker, NoReranker) and not reranker.is_model
    hits = [hit("locks", 0.05), hit("alarm", 0.02)]
    assert [r.hit for r in reranker.rerank("alarm", hits, k=5)] == hits


def test_near_duplicates_do_not_fill_the_prompt():
    boiler = "This procedure is uncontrolled when printed. Check the revision on the intranet before use."
    items = [RankedHit(hit("alarm", 0.9), 0.9)]
    for i in range(5):
        h = hit("locks", 0.5)
        chunk = ChunkRecord(f"d:b{i}", "d", i, 0, 1, ("Manual",), (), "", boiler, "h", "e")
        items.append(RankedHit(SearchHit(chunk, h.document, 0.5, 1, 1), 0.5 - i / 100))
    items.append(RankedHit(hit("grease", 0.1), 0.1))
    kept = drop_near_duplicates(items)
    assert [r.hit.chunk.chunk_id for r in kept] == ["d:alarm", "d:b0", "d:grease"]


def test_without_torch_a_cross_encoder_is_refused_with_what_to_do(models_dir, monkeypatch):
    from operator_assistant.core import models as models_module
    from operator_assistant.errors import ModelError

    monkeypatch.setattr(models_module, "torch_installed", lambda: False)
    with pytest.raises(ModelError, match="runs on torch, which this installation leaves out") as refused:
        load_reranker(models_dir, "tiny-reranker")
    assert "--with-torch" in refused.value.hint
