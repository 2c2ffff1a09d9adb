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


def _imports(path) -> set[str]:
    """Every module a source file imports, at the top or inside a function (relative imports resolved)."""
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _front_ends():
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "operator_assistant"
    gui = sorted((package / "gui").glob("*.py"))
    return package, gui, [package / "cli.py", package / "cli_admin.py", package / "cli_server.py", package / "selftest.py"]


def _reaching(files, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.name} imports {name}" for path in files for name in sorted(_imports(path))
            if any(name == f or name.startswith(f + ".") for f in forbidden)]


def test_the_window_opens_a_data_folder_only_through_the_workspace():
    """The GUI never reaches into the index, the model files or the engine: it talks to a LocalFolder."""
    _, gui, _ = _front_ends()
    assert gui, "no GUI modules found"
    assert _reaching(gui, ("operator_assistant.core.index", "operator_assistant.core.models",
                           "operator_assistant.core.engine")) == []


def test_the_command_line_and_self_test_open_a_data_folder_only_through_the_workspace():
    _, _, front = _front_ends()
    assert _reaching(front, ("operator_assistant.core.index", "operator_assistant.core.engine",
                             "operator_assistant.core.assistant.open_assistant")) == []


def test_the_index_layer_knows_nothing_of_answers():
    """No cycle: the engine and the index never import the answer side, which imports them."""
    package, _, _ = _front_ends()
    below = [package / "core" / "engine.py", *sorted((package / "core" / "index").glob("*.py"))]
    assert _reaching(below, ("operator_assistant.core.assistant", "operator_assistant.core.answer",
                             "operator_assistant.core.local_folder")) == []


def test_core_and_the_command_line_never_load_a_web_framework():
    """The server's framework loads only when `serve` runs; a console's command line never needs it."""
    code = (
        "import sys, pkgutil, importlib, operator_assistant.core as core\n"
        "for m in pkgutil.walk_packages(core.__path__, 'operator_assistant.core.'):\n"
        "    importlib.import_module(m.name)\n"
        "import operator_assistant.cli, operator_assistant.cli_server, operator_assistant.remote.client\n"
        "print(sorted({n.split('.')[0] for n in sys.modules} & {'fastapi', 'starlette', 'uvicorn', 'PySide6'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_server_and_the_console_client_keep_to_their_layers():
    """Core imports neither; the server opens data only through its LocalFolder; the client only talks HTTP."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "operator_assistant"
    core = sorted((package / "core").rglob("*.py"))
    server = sorted((package / "server").rglob("*.py"))
    remote = sorted((package / "remote").glob("*.py"))
    assert server and remote
    web = ("fastapi", "starlette", "uvicorn", "httpx", "operator_assistant.server", "operator_assistant.remote")
    assert _reaching(core, web) == []
    assert _reaching(server + remote, ("PySide6", "operator_assistant.gui")) == []
    assert _reaching(server, ("operator_assistant.core.index", "operator_assistant.core.engine",
                              "operator_assistant.core.models", "operator_assistant.core.assistant")) == []
    assert _reaching(remote, ("operator_assistant.server", "fastapi", "starlette", "uvicorn",
                              "operator_assistant.core.local_folder", "operator_assistant.core.index",
                              "operator_assistant.core.engine", "operator_assistant.core.assistant")) == []


def test_the_answer_stage_never_imports_what_composes_it():
    """core/answer is composed by the assistant and measured by the evaluation package; it imports
    neither (calibration takes the evidence as a function), and the model backends and the settings
    it reads from sit below it."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "operator_assistant"
    answer = sorted((package / "core" / "answer").glob("*.py"))
    core = sorted((package / "core").rglob("*.py"))
    below = [*sorted((package / "core" / "llm").glob("*.py")), package / "config.py"]
    assert answer and below
    assert _reaching(answer, ("operator_assistant.core.assistant", "operator_assistant.core.local_folder",
                              "operator_assistant.evaluation")) == []
    assert _reaching(core, ("operator_assistant.evaluation",)) == []
    assert _reaching(below, ("operator_assistant.core.answer", "operator_assistant.core.assistant")) == []


def test_the_data_folder_contract_loads_nothing_it_describes():
    """folder/ is records, Protocols and JSON: importing it loads no index, no model, no Qt and no HTTP
    (it names core's types for the type checker only)."""
    code = (
        "import sys, pkgutil, importlib, operator_assistant.folder as folder\n"
        "for m in pkgutil.walk_packages(folder.__path__, 'operator_assistant.folder.'):\n"
        "    importlib.import_module(m.name)\n"
        "inner = ('operator_assistant.core', 'operator_assistant.remote', 'operator_assistant.server',\n"
        "         'operator_assistant.gui', 'operator_assistant.evaluation')\n"
        "outer = {'PySide6', 'httpx', 'fastapi', 'sqlite3', 'numpy', 'chromadb', 'torch'}\n"
        "print(sorted(n for n in sys.modules if n.startswith(inner) or n.split('.')[0] in outer))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
