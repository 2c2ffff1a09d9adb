"""Admin passphrase and admin session (core/roles.py), with the real scrypt and a fake clock."""

import base64
import json
import os
import stat

import pytest

from operator_assistant import files
from operator_assistant.config import load_settings
from operator_assistant.core import roles
from operator_assistant.core.roles import (
    AdminSession,
    ScryptParams,
    admin_file,
    change_passphrase,
    check_passphrase,
    is_passphrase_set,
    set_passphrase,
)
from operator_assistant.errors import UserError
from tests.support.clock import FakeClock

PASS = "correct horse battery"


def test_stored_hash_is_salted_scrypt_not_the_passphrase(tmp_path):
    set_passphrase(tmp_path, PASS)
    raw = admin_file(tmp_path).read_text(encoding="utf-8")
    assert PASS not in raw and PASS.encode().hex() not in raw
    record = json.loads(raw)
    assert record["kdf"] == "scrypt" and record["n"] >= 2**14 and record["r"] == 8 and record["p"] >= 1
    salt, digest = base64.b64decode(record["salt"]), base64.b64decode(record["hash"])
    assert len(salt) >= 16 and len(digest) == record["dklen"]
    import hashlib

    params = ScryptParams(record["n"], record["r"], record["p"], record["dklen"])
    assert digest == hashlib.scrypt(PASS.encode(), salt=salt, n=params.n, r=params.r, p=params.p,
                                    dklen=params.dklen, maxmem=params.maxmem)
    assert is_passphrase_set(tmp_path)


def test_same_passphrase_twice_gives_different_salts_and_hashes(tmp_path):
    set_passphrase(tmp_path / "a", PASS)
    set_passphrase(tmp_path / "b", PASS)
    a = json.loads(admin_file(tmp_path / "a").read_text(encoding="utf-8"))
    b = json.loads(admin_file(tmp_path / "b").read_text(encoding="utf-8"))
    assert a["salt"] != b["salt"] and a["hash"] != b["hash"]


def test_right_and_wrong_passphrases(tmp_path):
    set_passphrase(tmp_path, PASS)
    assert check_passphrase(tmp_path, PASS)
    assert not check_passphrase(tmp_path, PASS + " ")
    assert not check_passphrase(tmp_path, PASS.upper())
    assert not check_passphrase(tmp_path, "")


def test_unicode_passphrase_matches_in_either_normal_form(tmp_path):
    set_passphrase(tmp_path, "Kl\u00e4ranlage-Nord")  # precomposed a-umlaut
    assert check_passphrase(tmp_path, "Kla\u0308ranlage-Nord")  # a + combining diaeresis


def test_short_passphrase_is_refused_and_nothing_is_written(tmp_path):
    with pytest.raises(UserError, match="at least 8 characters"):
        set_passphrase(tmp_path, "short")
    assert not is_passphrase_set(tmp_path)


def test_set_twice_is_refused_and_change_needs_the_old_one(tmp_path):
    set_passphrase(tmp_path, PASS)
    with pytest.raises(UserError, match="already set"):
        set_passphrase(tmp_path, "another passphrase")
    with pytest.raises(UserError, match="current admin passphrase is wrong"):
        change_passphrase(tmp_path, "not the passphrase", "another passphrase")
    assert check_passphrase(tmp_path, PASS)
    with pytest.raises(UserError, match="at least 8"):
        change_passphrase(tmp_path, PASS, "tiny")
    change_passphrase(tmp_path, PASS, "another passphrase")
    assert check_passphrase(tmp_path, "another passphrase") and not check_passphrase(tmp_path, PASS)


def test_no_passphrase_and_damaged_file_give_clear_messages(tmp_path):
    with pytest.raises(UserError, match="no admin passphrase is set yet"):
        check_passphrase(tmp_path, PASS)
    admin_file(tmp_path).write_text("{not json", encoding="utf-8")
    with pytest.raises(UserError) as caught:
        check_passphrase(tmp_path, PASS)
    assert "cannot read" in caught.value.message and "delete" in caught.value.hint


def test_file_is_written_atomically_and_private(tmp_path, monkeypatch):
    set_passphrase(tmp_path, PASS)
    before = admin_file(tmp_path).read_bytes()
    if os.name == "posix":
        assert stat.S_IMODE(admin_file(tmp_path).stat().st_mode) == 0o600

    def power_cut(src, dst):
        raise OSError("power cut during rename")

    monkeypatch.setattr(files.os, "replace", power_cut)  # the one atomic write (operator_assistant.files)
    with pytest.raises(OSError, match="power cut"):
        change_passphrase(tmp_path, PASS, "another passphrase")
    monkeypatch.undo()
    assert admin_file(tmp_path).read_bytes() == before  # the old passphrase still works, untouched
    assert check_passphrase(tmp_path, PASS)
    assert [p.name for p in tmp_path.iterdir()] == ["admin.json"]  # no partial file left behind


def test_weaker_stored_parameters_are_upgraded_on_a_successful_check(tmp_path):
    set_passphrase(tmp_path, PASS, params=ScryptParams(n=2**10, r=8, p=1))
    assert not check_passphrase(tmp_path, "wrong passphrase")
    assert json.loads(admin_file(tmp_path).read_text(encoding="utf-8"))["n"] == 2**10
    assert check_passphrase(tmp_path, PASS)
    assert json.loads(admin_file(tmp_path).read_text(encoding="utf-8"))["n"] == roles.DEFAULT_PARAMS.n
    assert check_passphrase(tmp_path, PASS)


def test_session_unlocks_and_locks_after_idle_time(tmp_path):
    set_passphrase(tmp_path, PASS)
    clock = FakeClock()
    session = AdminSession(tmp_path, idle_minutes=10, clock=clock)
    assert not session.is_unlocked
    assert not session.unlock("wrong passphrase") and not session.is_unlocked
    assert session.unlock(PASS) and session.is_unlocked
    clock.now += 9 * 60
    session.touch()  # admin activity restarts the countdown
    clock.now += 9 * 60
    assert session.is_unlocked and session.seconds_left() == pytest.approx(60)
    clock.now += 61
    assert not session.is_unlocked and session.seconds_left() == 0
    session.touch()  # activity after the timeout does not unlock again
    assert not session.is_unlocked
    assert session.unlock(PASS)
    session.lock()
    assert not session.is_unlocked


def test_idle_time_comes_from_settings(tmp_path):
    (tmp_path / "config.toml").write_text("admin_idle_minutes = 2\n", encoding="utf-8")
    assert load_settings(data_dir=tmp_path).admin_idle_minutes == 2.0
    (tmp_path / "config.toml").write_text("admin_idle_minutes = 0\n", encoding="utf-8")
    with pytest.raises(UserError, match="admin_idle_minutes"):
        load_settings(data_dir=tmp_path)


def test_repeated_wrong_passphrases_lock_the_session_out_for_a_while(tmp_path):
    set_passphrase(tmp_path, PASS, params=ScryptParams(n=2**10))  # cheap: many tries in this test
    clock = FakeClock()
    session = AdminSession(tmp_path, clock=clock)
    for _ in range(roles.MAX_FAILURES):
        assert not session.unlock("wrong passphrase")
    with pytest.raises(UserError, match="too many wrong passphrases"):
        session.unlock(PASS)  # even the right one is not tried during the lockout
    assert not session.is_unlocked
    clock.now += roles.LOCKOUT_SECONDS + 1
    assert session.unlock(PASS)
