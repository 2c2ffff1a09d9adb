"""Operator Assistant: offline answers from a plant's own SOPs and manuals.

Importing it must not load models, Qt or the index: the package is imported by every entry point.
"""

import os

__version__ = "0.1.0"

# Set before any Hugging Face or Chroma module is imported: they read these once.
# A control-room workstation has no network, and nothing may ever try to reach one.
for _name, _value in {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "ANONYMIZED_TELEMETRY": "False",
    "TOKENIZERS_PARALLELISM": "false",
}.items():
    os.environ[_name] = _value
