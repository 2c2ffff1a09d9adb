"""The evaluation harness: how well the app finds and answers, measured the way an operator meets it.

- metrics: nDCG, recall, MRR, percentiles, latency summaries (no app imports);
- beir: BEIR-format test sets (SciFact) indexed into a scratch engine and searched;
- golden: the golden question files (also read by calibration) and retrieval on them;
- answers: every question asked through the assistant, scored on what the window shows first.

It composes the app the way the app does (an Engine or a LocalFolder, an Assistant from it) and
must not write into an operator's data folder: evaluations index into a scratch folder. Nothing
in the app imports it except the command line's `eval` and `calibrate`, the server's calibrate
route and the self-test, which read golden question files with it.
"""
