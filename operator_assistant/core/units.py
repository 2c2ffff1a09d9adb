"""The units a figure may carry ("118 psi", "4 mg/L", "82 deg C"): one list for the whole program.

The model's wording is checked figure by figure with them (core/answer/claims.py) and the chat
bolds the same figures (gui/chat.py). This module only recognises units; it must not convert them.
"""

from __future__ import annotations

import re

# Matched ignoring case; longer spellings before their prefixes where both could match.
UNIT = (r"psi|kpa|bar|mg/l|ppm|gpm|gal|l/s|mgd|ft|m|in|mm|%|percent|deg\s?c|deg\s?f|°c|°f|ma|v|kv|a|hp|kw|rpm|"
        r"hours?|hrs?|h|minutes?|min|seconds?|s|sec|days?|ft-lb|lb|lbs|ntu|turns?")
NUMBER = r"\d+(?:[.,]\d+)*"
# A number written with one of the units: "118 psi", "1,200 gpm", "50%".
MEASUREMENT = re.compile(rf"(?<![\w.,]){NUMBER}\s?(?:{UNIT})(?![\w/])", re.IGNORECASE)


def normalise_unit(unit: str) -> str:
    """The form facts are compared in: lower case, no spaces ("deg C" -> "degc")."""
    return unit.lower().replace(" ", "")


# What bounds a figure from below or above, as written before it: "< 1000 V", "up to 600 V", "at least 3 bar".
BELOW = r"(?:<=?|\u2264|=<|\bless\s+than|\bbelow|\bunder|\bup\s+to|\bnot\s+more\s+than|\bnot\s+exceeding)"
ABOVE = r"(?:>=?|\u2265|=>|\bmore\s+than|\bgreater\s+than|\babove|\bover|\bat\s+least|\bexceeding)"
