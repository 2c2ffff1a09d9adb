"""The application without a window: documents, index, retrieval, answers. Never imports Qt (tests/unit/test_layering.py)."""
