"""Helpers shared by the test tiers (unit, integration, gui): no tests here, only what several test modules use."""
