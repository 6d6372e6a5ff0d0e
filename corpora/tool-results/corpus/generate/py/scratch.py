"""The scratch trees the cases work in, under SCRATCH. The cases of one sample share a directory of their own
(R3 is /tmp/rb-corpus/py/r3, and so on); the recorded texts quote paths in them, so the directory names are part
of the data. The functions build the root-owned parts of a tree that the calls as user nobody meet."""
import os

from common import SCRATCH, write_file


R3 = f"{SCRATCH}/r3"
R4 = f"{SCRATCH}/r4"
R5 = f"{SCRATCH}/r5"
R6 = f"{SCRATCH}/r6"
R7 = f"{SCRATCH}/r7"
R8 = f"{SCRATCH}/r8"
R9 = f"{SCRATCH}/r9"
R10 = f"{SCRATCH}/r10"
R11 = f"{SCRATCH}/r11"


def root_owned_tree(root, open_dirs, files, private=()):
    """Root-owned files under root, each {path: (text, mode)}, for the calls as user nobody: SCRATCH, root and
    open_dirs (paths under root) are opened to others (0755), the `private` directories closed (0700); the other
    directories on the way keep the mode they are created with."""
    for path in (*open_dirs, *private, *(os.path.dirname(name) for name in files)):
        os.makedirs(f"{root}/{path}", exist_ok=True)
    for path in (SCRATCH, root, *(f"{root}/{d}" for d in open_dirs)):
        os.chmod(path, 0o755)
    for name, (text, mode) in files.items():
        write_file(f"{root}/{name}", text, mode)
    for path in private:
        os.chmod(f"{root}/{path}", 0o700)


def shared_report_and_private_keys():
    """R4/shared (root, 0755) with a root-owned report and R4/private (root, 0700)."""
    root_owned_tree(R4, ["shared"], {"shared/report.csv": ("month,total\n2026-01,4711\n", 0o644), "private/keys.txt": ("k\n", 0o600)}, private=["private"])


def root_owned_configs():
    """R5/etc (root, 0755) with root-owned files nobody may read but not write."""
    root_owned_tree(R5, ["etc"], {
        "etc/app.log": ("2026-01-02 10:00:00 INFO started\n", 0o644),
        "etc/nginx.conf": ("server {\n    listen 80;\n    server_name reports.example.com;\n}\n", 0o644),
        "home/notes.md": ("# Deploy notes\n", 0o644),
    })


def root_owned_deploy_script():
    """R6/srv (root, 0755) with a root-owned file that nobody may read but not change."""
    root_owned_tree(R6, ["srv"], {"srv/deploy.sh": ("#!/bin/sh\necho deploying\n", 0o644)})


def root_owned_uploads():
    """R8/srv/uploads (root, 0755) with a root-owned file that nobody may read but not move."""
    root_owned_tree(R8, ["srv", "srv/uploads"], {"srv/uploads/avatar.png": ("png\n", 0o644)})


def root_owned_service_tree():
    """R9/srv (root, 0755) with data/ and logs/ that belong to root, and a private/ that nobody may not enter."""
    root_owned_tree(R9, ["srv", "srv/data", "srv/logs"], {"srv/private/keys/deploy.key": ("not a real key\n", 0o600)}, private=["srv/private"])


def root_owned_env_file():
    """R10/srv/app (root, 0755) with a root-owned .env that nobody may read but not write."""
    root_owned_tree(R10, ["srv", "srv/app"], {"srv/app/.env": ("DATABASE_URL=postgres://app@db:5432/app\nLOG_LEVEL=info\n", 0o644)})


def root_owned_credentials_and_logs():
    """R11/srv (root, 0755) with a root-owned credentials file (0600) and a root-owned logs directory."""
    root_owned_tree(R11, ["srv", "srv/logs", "srv/logs/2025-12"], {
        "srv/credentials": ("[default]\naws_access_key_id = AKIAEXAMPLEEXAMPLE11\n", 0o600),
        "srv/logs/2025-12/api.log": ("2025-12-31 23:59:59 INFO shutdown\n", 0o644),
    })
