"""The command line as a user runs it."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from operator_assistant.cli import main
from tests.conftest import SAMPLE_DOCS
from tests.support.engines import MODELS
from tests.support.eval_keys import ANSWERS_KEYS, ANSWERS_ROW_KEYS, GOLDEN_KEYS
from tests.support.spreadsheets import setpoint_workbook


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("cli-data")
    assert main(["--data-dir", str(data), "--models-dir", str(MODELS), "ingest", str(SAMPLE_DOCS)]) == 0
    return data


def test_ingest_reports_each_file_and_fails_on_a_bad_one(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(SAMPLE_DOCS / "filter-backwash-procedure.md", docs)
    (docs / "scan.pdf").write_bytes(b"%PDF-1.7 broken")
    (docs / "photo.jpg").write_bytes(b"\xff\xd8\xff")  # images are read by OCR: a cut-off one fails, named
    (docs / "drawing.dwg").write_bytes(b"AC1032\x00\x00\x00\x00\x00\x06" + bytes(200))  # no document: named, skipped
    code, out, _ = run(capsys, "--data-dir", str(tmp_path / "d"), "--models-dir", str(MODELS), "ingest", str(docs))
    assert code == 1
    assert "added     " in out and "filter-backwash-procedure.md" in out
    assert "failed    " in out and "scan.pdf" in out and "PDF" in out
    assert "photo.jpg" in out and "damaged or unreadable image" in out
    assert f"skipped   {docs / 'drawing.dwg'}  (not a document: an AutoCAD drawing (DWG))" in out
    assert "1 added, 1 skipped, 2 failed" in out and "unsupported type" not in out


def test_ingest_with_nothing_new_to_read_prints_no_traceback(indexed):
    # a process of its own: the reader's child, started while the embedder loads, is still coming up when the
    # ingest finds every file unchanged, and a child left starting as its parent exits prints a traceback
    run_ = subprocess.run([sys.executable, "-m", "operator_assistant", "--data-dir", str(indexed), "--models-dir",
                           str(MODELS), "ingest", str(SAMPLE_DOCS)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert run_.returncode == 0 and "unchanged" in run_.stdout
    assert "Traceback" not in run_.stderr, run_.stderr


def test_ask_over_a_setpoint_sheet_names_the_cells(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "setpoints.xlsx").write_bytes(setpoint_workbook())
    data = tmp_path / "d"
    assert run(capsys, "--data-dir", str(data), "--models-dir", str(MODELS), "ingest", str(docs))[0] == 0
    code, out, _ = run(capsys, "--data-dir", str(data), "--models-dir", str(MODELS), "ask",
                       "What is the high alarm limit on PT-7105?")
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("PT-7105 | ") and " 85" in line for line in lines), out
    cells = next(line for line in lines if line.startswith("Cells: "))
    assert "Setpoints!A5" in cells and "Setpoints!C5" in cells, cells


def test_search_json_has_locations(indexed, capsys):
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "search", "--json", "--k", "3",
                       "What is the discharge pressure alarm threshold on the B-series boosters?")
    assert code == 0
    result = json.loads(out)
    first = result["results"][0]
    assert Path(first["source"]).name == "booster-station-b-om-manual.pdf"
    assert first["pages"] == [2] and first["end"] > first["start"] and first["section"]
    assert len(result["results"]) == 3 and result["timings_ms"]["total_ms"] > 0


def test_search_plain_output(indexed, capsys):
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "search", "VLV3042B")
    assert code == 0 and "1. Valve Exercising Program" in out and "valve-exercising-program.html" in out


def test_search_plain_output_names_a_single_page_as_one_page(indexed, capsys):
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "search", "--k", "1",
                       "What is the discharge pressure alarm threshold on the B-series boosters?")
    assert code == 0 and "booster-station-b-om-manual.pdf" in out
    assert ", p. 2\n" in out  # one page, not its digits as a range


def test_status_reports_health_and_models(indexed, capsys):
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "status", "--json")
    status = json.loads(out)
    assert code == 0 and len(status["documents"]) == 14 and status["index"]["consistent"]
    states = {m["role"]: m["state"] for m in status["models"]}
    assert states.keys() == {"embedder", "llm", "ocr"} and all(s.startswith("ok") for s in states.values()), states
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "status")
    assert "14 indexed, 0 failed" in out and "consistent" in out


def test_empty_index_and_bad_model_give_one_clear_message(tmp_path, capsys):
    code, _, err = run(capsys, "--data-dir", str(tmp_path / "empty"), "--models-dir", str(MODELS), "search", "pump")
    assert code == 2 and "index is empty" in err
    broken = tmp_path / "models"
    shutil.copytree(MODELS, broken, ignore=shutil.ignore_patterns("*.gguf", ".verified.json"))
    (broken / "all-MiniLM-L6-v2" / "config.json").write_text("{}", encoding="utf-8")
    code, out, err = run(capsys, "--models-dir", str(broken), "models", "verify")
    assert code == 2 and "NOT OK" in out and "operator-assistant models fetch" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path / "d"), "--models-dir", str(broken), "ingest", str(SAMPLE_DOCS))
    assert code == 2
    assert "embedder model all-MiniLM-L6-v2 is not usable" in err and "run `operator-assistant models fetch`" in err


def test_eval_retrieval_on_a_small_beir_folder(tmp_path, capsys):
    beir = tmp_path / "beir"
    (beir / "qrels").mkdir(parents=True)
    docs = {"d1": ("Chlorine", "Sodium hypochlorite raises the free chlorine residual."),
            "d2": ("Pumps", "Centrifugal pumps move water through the distribution system."),
            "d3": ("Filters", "Rapid sand filters are backwashed when head loss is high.")}
    (beir / "corpus.jsonl").write_text("".join(json.dumps({"_id": k, "title": t, "text": x}) + "\n"
                                               for k, (t, x) in docs.items()), encoding="utf-8")
    (beir / "queries.jsonl").write_text(json.dumps({"_id": "q1", "text": "what raises chlorine residual"}) + "\n"
                                        + json.dumps({"_id": "q2", "text": "when to backwash a sand filter"}) + "\n",
                                        encoding="utf-8")
    (beir / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td3\t1\n", encoding="utf-8")
    args = ["--models-dir", str(MODELS), "eval", "retrieval", "--beir", str(beir), "--work-dir", str(tmp_path / "w"), "--json"]
    code, out, _ = run(capsys, *args)
    first = json.loads(out)
    assert code == 0 and first["ndcg@10"] == 1.0 and first["recall@100"] == 1.0 and first["mrr@10"] == 1.0
    assert first["index_reused"] is False and first["queries"] == 2 and first["documents"] == 3
    code, out, _ = run(capsys, *args)
    assert json.loads(out)["index_reused"] is True


def test_ask_json_contract(indexed, capsys):
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "ask", "--json",
                       "--temperature", "0", "What is the high discharge pressure alarm setpoint for booster pump B-2?")
    answer = json.loads(out)
    assert code == 0 and set(answer) >= {"answer", "refused", "citations", "timings"}
    assert answer["refused"] is False and answer["citations"]
    assert set(answer["citations"][0]) >= {"document", "section", "page", "start", "end", "text"}
    assert set(answer["timings"]) >= {"retrieve_ms", "rerank_ms", "card_ms", "total_ms"}
    card = answer["card"]  # the shipped default: the documents' words only
    assert card["kind"] == "table" and "High alarm" in card["columns"] and answer["mode"] == "card"
    assert any(cell["text"] == "118" for row in card["rows"] for cell in row)
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "ask", "--json", "--mode",
                       "card+model", "--temperature", "0", "What is the high discharge pressure alarm setpoint for B-2?")
    answer = json.loads(out)
    assert code == 0 and answer["mode"] == "card+model" and answer["timings"]["first_token_ms"] > 0
    assert bool(answer["wording"]) != bool(answer["wording_note"])  # shown, or left out with the reason


def test_ask_prints_the_card_first(indexed, capsys):
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "ask",
                       "What is the discharge pressure alarm threshold on the B-series boosters?")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "2.1 Discharge Pressure Alarm Thresholds: [1]"
    assert lines[1] == "Pump | Transmitter | Low alarm | High alarm | High-high trip | Unit"
    assert lines[3] == "B-2 | PT-2102 | 66 | 118 | 127 | psi" and "Sources:" in out


def test_ask_refuses_and_lists_closest_sections(indexed, capsys):
    code, out, _ = run(capsys, "--data-dir", str(indexed), "--models-dir", str(MODELS), "ask",
                       "What is the overtime pay rate for operators who work a public holiday?")
    assert code == 0
    assert "I don't have that information in the provided documents." in out
    assert "Closest sections in the documents:" in out and "reranker: none installed" in out
    assert "No indexed document mentions: overtime" in out


def test_eval_answers_contract(tmp_path, capsys):
    golden = tmp_path / "golden.jsonl"
    golden.write_text(
        json.dumps({"id": "a", "question": "What color lock do contractors use for lockout?", "kind": "fact",
                    "source_file": "lockout-tagout-procedure.docx", "answer_keywords": ["Yellow"]}) + "\n"
        + json.dumps({"id": "b", "question": "How often do we service the ozone generators?", "kind": "not-in-corpus",
                      "source_file": None, "answer_keywords": []}) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "--models-dir", str(MODELS), "eval", "answers", str(golden), "--corpus", str(SAMPLE_DOCS),
                       "--work-dir", str(tmp_path / "w"), "--json")
    result = json.loads(out)
    assert code == 0 and result["questions"] == 2
    # the keys and their order as printed before the results were typed (scripts and BENCHMARKS.md read them)
    assert list(result) == [*ANSWERS_KEYS, "reranker", "threshold", "mode", "index"]
    assert all(list(row) == ANSWERS_ROW_KEYS for row in result["rows"])
    assert list(result["threshold"]) == ["value", "calibrated"]
    assert result["answer_correct"] == 1.0 and result["shown_unsupported_values"] == 0
    assert result["refused_not_in_corpus"] == 1.0 and result["refused_answerable"] == 0.0
    assert set(result["latency"]) == {"card", "first_token", "total", "retrieve_rerank"}
    assert set(result["by_kind"]) == {"fact", "not-in-corpus"}
    # the output names the index it scored: where it is, which documents folder it holds, how big it is
    index = result["index"]
    assert index["data_dir"] == str((tmp_path / "w").resolve()) and index["corpus"] == str(SAMPLE_DOCS.resolve())
    assert index["documents"] == 14 and index["chunks"] > 0
    assert list(index) == ["data_dir", "corpus", "documents", "chunks", "embedder"]
    code, out, _ = run(capsys, "--models-dir", str(MODELS), "eval", "answers", str(golden), "--corpus", str(SAMPLE_DOCS),
                       "--work-dir", str(tmp_path / "w"))
    assert code == 0 and f"index scored: {(tmp_path / 'w').resolve()} (14 documents from {SAMPLE_DOCS.resolve()}" in out


def test_eval_refuses_a_work_dir_that_holds_another_corpus(tmp_path, capsys):
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(SAMPLE_DOCS / "filter-backwash-procedure.md", other)
    golden = tmp_path / "golden.jsonl"
    golden.write_text(json.dumps({"id": "a", "question": "How is the filter backwashed?", "kind": "procedure",
                                  "source_file": "filter-backwash-procedure.md", "answer_keywords": []}) + "\n",
                      encoding="utf-8")
    work = tmp_path / "w"
    code, out, _ = run(capsys, "--models-dir", str(MODELS), "eval", "golden", str(golden), "--corpus", str(other),
                       "--work-dir", str(work), "--json")
    assert code == 0 and list(json.loads(out)) == [*GOLDEN_KEYS, "index"]  # no rows in the golden JSON
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(SAMPLE_DOCS / "lockout-tagout-procedure.docx", mine)
    code, _, err = run(capsys, "--models-dir", str(MODELS), "eval", "golden", str(golden), "--corpus", str(mine),
                       "--work-dir", str(work))
    assert code == 2 and "also holds 1 document(s) from outside" in err and "--work-dir" in err
