from pathlib import Path

import pytest

from operator_assistant.config import load_settings
from operator_assistant.errors import UserError


def test_defaults_file_env_and_arguments_in_order(tmp_path: Path, monkeypatch):
    (tmp_path / "config.toml").write_text('top_k = 7\nembedder = "from-file"\n', encoding="utf-8")
    monkeypatch.setenv("OPERATOR_ASSISTANT_EMBEDDER", "from-env")
    s = load_settings(data_dir=tmp_path, top_k=9)
    assert (s.top_k, s.embedder, s.rrf_k) == (9, "from-env", 60)
    assert s.index_dir == tmp_path.resolve() / "index"


def test_data_dir_from_environment(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("OPERATOR_ASSISTANT_DATA_DIR", str(tmp_path / "d"))
    assert load_settings().data_dir == (tmp_path / "d").resolve()


@pytest.mark.parametrize("content, message", [
    ("topk = 3\n", "unknown setting"),
    ('top_k = "five"\n', "must be int"),
    ("chunk_overlap = 0.9\n", "between 0 and 0.5"),
    ("top_k = 0\n", "must be positive"),
    ("top_k = \n", "cannot read settings file"),
    ("chunk_target = 2000\n", "chunk_max"),
    ('embed_backend = "gpu"\n', "'onnx', 'int8', 'torch' or 'bf16', not 'gpu'"),
    ("ingest_readers = -1\n", "must be 0 \\(from the core count\\) to 16"),
    ("ingest_readers = 99\n", "must be 0 \\(from the core count\\) to 16"),
])
def test_bad_settings_file_gives_a_clear_message(tmp_path: Path, content: str, message: str):
    (tmp_path / "config.toml").write_text(content, encoding="utf-8")
    with pytest.raises(UserError, match=message):
        load_settings(data_dir=tmp_path)


def test_save_settings_round_trip_and_validation(tmp_path: Path):
    from operator_assistant.config import save_settings

    (tmp_path / "config.toml").write_text("chunk_target = 900\n", encoding="utf-8")
    saved = save_settings(tmp_path, {"top_k": 7, "temperature": 0.2, "embedder": 'my "plant" embedder'})
    assert (saved.top_k, saved.temperature, saved.chunk_target, saved.embedder) == (7, 0.2, 900, 'my "plant" embedder')
    with pytest.raises(UserError, match="must be positive"):
        save_settings(tmp_path, {"top_k": 0})
    assert load_settings(data_dir=tmp_path).top_k == 7  # a refused save changes nothing


def test_remembered_data_dir_is_the_default_below_environment_and_arguments(tmp_path: Path, monkeypatch):
    from operator_assistant.config import ENV_DATA_DIR, check_data_dir, location_file, remember_data_dir

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv(ENV_DATA_DIR, raising=False)
    chosen = remember_data_dir(tmp_path / "chosen \"quoted\" folder")
    assert location_file().is_relative_to(tmp_path / "config")
    assert load_settings().data_dir == chosen
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "env"))
    assert load_settings().data_dir == tmp_path / "env"
    assert load_settings(data_dir=tmp_path / "arg").data_dir == tmp_path / "arg"
    location_file().write_text("data_dir = [", encoding="utf-8")
    monkeypatch.delenv(ENV_DATA_DIR)
    with pytest.raises(UserError, match="cannot read"):
        load_settings()
    with pytest.raises(UserError, match="cannot write"):
        check_data_dir(tmp_path / "config" / "operator-assistant" / "location.toml" / "below-a-file")


def test_readers_from_the_core_count_unless_set():
    from operator_assistant.config import ingest_readers_for

    assert [ingest_readers_for(0, cores) for cores in (1, 2, 4, 8, 16, 64)] == [1, 1, 2, 4, 8, 16]
    assert ingest_readers_for(3, 2) == 3  # an admin's setting wins
