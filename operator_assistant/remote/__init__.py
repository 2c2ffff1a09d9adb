"""Talking to a plant server from a console: the wire contract and the HTTP client.

Nothing here imports Qt or a web framework's server side, and nothing here opens an index or a
model: a console that points at a server reads everything through it.
"""
