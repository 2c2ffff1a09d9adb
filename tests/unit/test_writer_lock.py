"""The index's writer lock: one writer across processes, reentrant for its holder, never stale."""

import getpass
import os
import signal
import subprocess
import sys
import threading

import pytest

from operator_assistant.core.index.lock import WriterLock
from operator_assistant.errors import IndexBusy, UserError

HOLD = """
import sys
from pathlib import Path
from operator_assistant.core.index.lock import WriterLock
lock = WriterLock(Path(sys.argv[1]))
assert lock.try_acquire()
print("holding", flush=True)
sys.stdin.readline()
"""


def test_holder_may_reenter_from_any_thread_and_others_are_refused(tmp_path):
    lock, other = WriterLock(tmp_path), WriterLock(tmp_path)
    with lock.hold():
        entered = []
        thread = threading.Thread(target=lambda: entered.append(lock.try_acquire() and (lock.release() or True)))
        thread.start()
        thread.join()
        assert entered == [True]  # ingest on a worker thread re-enters for its own repair
        with lock.hold():
            assert not other.try_acquire()
        with pytest.raises(IndexBusy) as refused, other.hold():
            pass
    assert isinstance(refused.value, UserError)
    assert refused.value.message == (f"the index is being changed by another Operator Assistant "
                                     f"(pid {os.getpid()}, user {getpass.getuser()}); try again when it finishes")
    assert not (tmp_path / "writer.json").exists()  # the holder's note goes with the lock
    assert other.try_acquire()
    other.release()


def test_lock_of_a_killed_process_is_free_at_once(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        lock = WriterLock(tmp_path)
        assert not lock.try_acquire()
        assert f"(pid {holder.pid}, user " in lock.busy_error().message
        os.kill(holder.pid, signal.SIGKILL)  # power cut: no chance to clean up
        holder.wait()
        assert lock.try_acquire()  # the OS released it; the stale note is overwritten
        assert lock.holder()["pid"] == os.getpid()
        lock.release()
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
