"""The plant server: one process that opens a data folder and answers consoles over HTTP.

`operator-assistant serve` runs it (run.py); the FastAPI app is in app.py, its routes in routes/
(over service.py's PlantService, with deps.py's console and admin checks), console tokens in
tokens.py, the one background index job in jobs.py. It builds on core/local_folder.py and must
not reach into the index, the models or the answer stage on its own, nor import Qt.
"""
