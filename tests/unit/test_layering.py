import subprocess
import sys


def test_core_never_imports_qt():
    code = (
        "import sys, pkgutil, importlib, operator_assistant.core as core\n"
        "for m in pkgutil.walk_packages(core.__path__, 'operator_assistant.core.'):\n"
        "    importlib.import_module(m.name)\n"
        "import operator_assistant.cli\n"
        "print(sorted(n for n in sys.modules if n.startswith('PySide6')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
