"""The plant server's routes, one router each for reading, asking, the admin's work and the index jobs;
server/app.py includes them. Each module's `router(service)` gives its routes over one PlantService.
"""
