"""The desktop window: a thin Qt layer over operator_assistant.core."""
