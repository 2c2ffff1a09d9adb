"""Language models: the interface and the llama.cpp backends (in process, or llama.cpp's server).
No backend may reach the network; what a model writes is checked by the answer stage (core/answer/claims.py)."""
