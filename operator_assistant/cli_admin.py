"""Admin mode on the command line: asking for the passphrase, or refusing when nobody can be asked.

The rules are core/roles.py's; this module must not store or compare passphrases itself.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import time

from operator_assistant.config import Settings
from operator_assistant.core.roles import (
    ENV_ADMIN_PASSPHRASE,
    AdminSession,
    change_passphrase,
    check_passphrase,
    is_passphrase_set,
    set_passphrase,
)
from operator_assistant.errors import UserError

TRIES = 3
WRONG_DELAY_SECONDS = 1.0  # after each wrong passphrase, so a script cannot guess at scrypt speed


def _can_prompt() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


def _ask_new_passphrase() -> str:
    first = getpass.getpass("New admin passphrase (at least 8 characters): ")
    if getpass.getpass("Type it again: ") != first:
        raise UserError("the two passphrases differ", "nothing was changed; run the command again")
    return first


def require_admin(settings: Settings, change: str = "changing the corpus") -> None:
    """Return when this command may run as admin; raise UserError otherwise.

    Order: the passphrase in $OPERATOR_ASSISTANT_ADMIN_PASSPHRASE (scripted admin jobs),
    else a prompt on the terminal (setting the passphrase on first use), else a refusal.
    """
    data_dir = settings.data_dir
    scripted = os.environ.get(ENV_ADMIN_PASSPHRASE)
    if scripted:
        if not is_passphrase_set(data_dir):
            set_passphrase(data_dir, scripted)  # first use from a script: the script's passphrase becomes it
            return
        if not check_passphrase(data_dir, scripted):
            time.sleep(WRONG_DELAY_SECONDS)
            raise UserError(f"{change} needs admin mode, and the passphrase in ${ENV_ADMIN_PASSPHRASE} is wrong",
                            "nothing was changed; set the variable to the admin passphrase")
        return
    if not _can_prompt():
        raise UserError(f"{change} needs admin mode, and no passphrase can be asked here (no terminal)",
                        f"run the command in a terminal to be asked for it, or, for scripted admin jobs, "
                        f"set ${ENV_ADMIN_PASSPHRASE}")
    if not is_passphrase_set(data_dir):
        print(f"{change.capitalize()} needs admin mode. No admin passphrase is set for {data_dir} yet: set one now.",
              file=sys.stderr)
        set_passphrase(data_dir, _ask_new_passphrase())
        return
    session = AdminSession(data_dir, settings.admin_idle_minutes)
    for _ in range(TRIES):
        if session.unlock(getpass.getpass(f"Admin passphrase ({change} needs admin mode): ")):
            return
        time.sleep(WRONG_DELAY_SECONDS)
        print("wrong passphrase", file=sys.stderr)
    raise UserError(f"{change} needs admin mode: {TRIES} wrong passphrases", "nothing was changed")


def add_admin_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    admin = sub.add_parser("admin", help="set or change the admin passphrase (admin mode changes corpus and settings)")
    actions = admin.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("set-passphrase", help="set the admin passphrase on first use")
    actions.add_parser("change-passphrase", help="change the admin passphrase (needs the current one)")


def cmd_admin(args: argparse.Namespace, settings: Settings) -> int:
    data_dir = settings.data_dir
    if args.action == "set-passphrase":
        if is_passphrase_set(data_dir):
            raise UserError(f"an admin passphrase is already set for {data_dir}",
                            "change it with `operator-assistant admin change-passphrase`")
        scripted = os.environ.get(ENV_ADMIN_PASSPHRASE)
        if not scripted and not _can_prompt():
            raise UserError("no passphrase can be asked here (no terminal)",
                            f"run the command in a terminal, or set ${ENV_ADMIN_PASSPHRASE}")
        set_passphrase(data_dir, scripted or _ask_new_passphrase())
        print(f"admin passphrase set for {data_dir}")
        return 0
    if not _can_prompt():
        raise UserError("changing the admin passphrase needs a terminal to ask for the old and new ones")
    if not is_passphrase_set(data_dir):
        raise UserError(f"no admin passphrase is set for {data_dir} yet",
                        "set one with `operator-assistant admin set-passphrase`")
    old = getpass.getpass("Current admin passphrase: ")
    if not check_passphrase(data_dir, old):
        time.sleep(WRONG_DELAY_SECONDS)
        raise UserError("the current admin passphrase is wrong", "the passphrase was not changed")
    change_passphrase(data_dir, old, _ask_new_passphrase())
    print(f"admin passphrase changed for {data_dir}")
    return 0
