"""The desktop window: a thin Qt layer over operator_assistant.core.

Nothing in gui/ opens the index or the models directly: it goes through folder/contract.py's
DataFolder (a LocalFolder or, on a console, a RemoteFolder).
"""
