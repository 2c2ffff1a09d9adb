"""The keys `eval golden|answers --json` print, as tests/unit/test_eval_results.py and the CLI's tests check them."""

LATENCY_KEYS = ["p50_ms", "p95_ms", "mean_ms"]
GOLDEN_KEYS = ["questions", "answerable", "not_in_corpus", "recall@5", "recall@1", "mrr@10", "section_recall@5",
               "keywords_in_top5", "by_kind", "latency", "misses"]  # then "rows" (left out of --json), or the CLI's "index"
GOLDEN_KIND_KEYS = ["questions", "recall@5"]
GOLDEN_ROW_KEYS = ["id", "kind", "top_file", "top_score", "rank", "section_rank", "keywords_in_top"]
GOLDEN_NOT_IN_CORPUS_ROW_KEYS = ["id", "kind", "top_file", "top_score"]
ANSWERS_KEYS = ["questions", "answer_correct", "citation_accuracy", "keyword_hit_rate", "refused_answerable",
                "refused_not_in_corpus", "shown_unsupported_values", "words_shown", "answerable", "not_in_corpus",
                "answer_correct_number_identifier", "words_shown_non_procedure_mean", "cards", "wording_shown",
                "wording_left_out", "by_kind", "latency", "rows"]
ANSWERS_ANSWERABLE_KIND_KEYS = ["questions", "answer_correct", "citation_accuracy", "keyword_hit_rate",
                                "refused_answerable", "shown_unsupported_values", "words_shown"]
ANSWERS_ROW_KEYS = ["id", "kind", "answerable", "refused", "answer_correct", "cited_expected", "keywords", "card",
                    "wording_shown", "wording_note", "unsupported", "words", "claims", "evidence", "card_ms",
                    "first_token_ms", "total_ms", "retrieve_rerank_ms", "answer", "cited", "split", "refusal_reason"]
