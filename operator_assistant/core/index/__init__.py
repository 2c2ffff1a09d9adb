"""The index: the SQLite manifest, Chroma vectors and BM25 kept in step.

Only core/ imports it; the GUI reaches it through a LocalFolder.
"""
