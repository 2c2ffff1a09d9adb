"""Language models: the interface, the llama.cpp backend and the citation check. No backend may reach the network."""
