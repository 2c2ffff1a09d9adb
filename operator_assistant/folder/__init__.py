"""The contract of a data folder, whoever holds it: this process (core/local_folder.py, LocalFolder) or a
plant server (remote/folder.py, RemoteFolder).

`contract.DataFolder` is what the window, the command line and the server's routes are typed
against; `records` holds the results that cross it; `wire` turns those records into JSON and back
for the plant server's API, with the API version; `admin` is the idle timer both admin sessions
share. Plain data and Protocols only: no I/O, no Qt, no HTTP, and nothing from core/ but names
for type checking (tests/unit/test_layering.py checks the imports).
"""
