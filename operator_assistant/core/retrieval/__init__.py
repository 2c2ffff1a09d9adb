"""Search: hybrid retrieval, fusion and reranking. It reads the index and never writes it."""
