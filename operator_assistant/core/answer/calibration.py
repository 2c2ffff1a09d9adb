"""Calibrating when to refuse without asking the model.

The evidence score of each golden question (answerable or not in the corpus) is
computed on the current index; the threshold refuses as many not-in-corpus questions
as possible while refusing at most 5% of the answerable ones. It is stored with the
index, tagged with the signal it applies to (the hybrid evidence or a cross-encoder) and the
embedder of the index it was fitted on; it applies to nothing else (evidence.stored_calibration).
It must not change the index's documents; it only reads scores and stores the threshold.
It takes the evidence as a function and the questions by their fields, so the answer stage
does not import the assistant that composes it nor the evaluation harness that reads the files.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict

from operator_assistant.core.answer.followup import search_query
from operator_assistant.core.answer.policy import DEFAULT_POLICY
from operator_assistant.core.index.manifest import Manifest
from operator_assistant.folder.records import Calibration, CalibrationQuestion


def choose_threshold(answerable: Sequence[float], unanswerable: Sequence[float],
                     max_false_refusal: float = DEFAULT_POLICY.max_false_refusal) -> float:
    """Refuse below the threshold: highest refusal of unanswerable questions, at most
    `max_false_refusal` of answerable ones refused, and a margin on both sides."""
    ordered = sorted(answerable)
    if not ordered:
        raise ValueError("calibration needs answerable questions")
    allowed = math.floor(max_false_refusal * len(ordered))
    ceiling = ordered[allowed]  # refusing below this refuses at most `allowed` answerable questions
    below = [u for u in unanswerable if u < ceiling]
    floor_ = max(below) if below else ceiling - 0.05
    return (floor_ + ceiling) / 2


def question_evidence(evidence: Callable[[str], float], questions: Sequence[CalibrationQuestion]
                      ) -> list[tuple[CalibrationQuestion, float]]:
    """Each question's evidence score, a follow-up searched with the question it follows."""
    by_id = {q.id: q for q in questions}
    scores = []
    for q in questions:
        before = by_id.get(q.follows) if q.follows else None
        scores.append((q, evidence(search_query(q.question, before.question if before else None))))
    return scores


def calibrate(evidence: Callable[[str], float], questions: Sequence[CalibrationQuestion], signal: str,
              embedder: str) -> Calibration:
    """The threshold for `signal` fitted on the questions' evidence (`evidence` scores a search query)."""
    scored = question_evidence(evidence, questions)
    ans = [e for q, e in scored if q.source_file]
    una = [e for q, e in scored if not q.source_file]
    threshold = choose_threshold(ans, una)
    loo_ans = loo_una = 0
    for i, (q, e) in enumerate(scored):
        rest_ans = [x for j, (p, x) in enumerate(scored) if j != i and p.source_file]
        rest_una = [x for j, (p, x) in enumerate(scored) if j != i and not p.source_file]
        t = choose_threshold(rest_ans, rest_una)
        if e < t:
            loo_ans += bool(q.source_file)
            loo_una += not q.source_file
    return Calibration(signal, embedder, threshold, len(ans), len(una), sum(e < threshold for e in ans),
                       sum(e < threshold for e in una), loo_ans, loo_una)


def store_calibration(manifest: Manifest, result: Calibration) -> None:
    """Keep the threshold with the index (read back by evidence.stored_calibration)."""
    with manifest.transaction() as db:
        manifest.set_meta("refusal_signal", result.signal, db)
        manifest.set_meta("refusal_embedder", result.embedder, db)
        manifest.set_meta("refusal_threshold", repr(result.threshold), db)
        manifest.set_meta("refusal_calibration", json.dumps({**asdict(result), "at": time.time()}), db)
