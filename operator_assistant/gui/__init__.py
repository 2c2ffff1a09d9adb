"""The desktop window: a thin Qt layer over operator_assistant.core.

Nothing in gui/ opens the index or the models directly: it goes through a Workspace.
"""
