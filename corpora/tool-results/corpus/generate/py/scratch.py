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


def shared_report_and_private_keys():
    """R4/shared (root, 0755) with a root-owned report and R4/private (root, 0700), for the calls as nobody."""
    os.makedirs(R4, exist_ok=True)
    for path in (SCRATCH, R4):
        os.chmod(path, 0o755)
    os.makedirs(f"{R4}/shared", exist_ok=True)
    os.chmod(f"{R4}/shared", 0o755)
    write_file(f"{R4}/shared/report.csv", "month,total\n2026-01,4711\n", 0o644)
    os.makedirs(f"{R4}/private", exist_ok=True)
    os.chmod(f"{R4}/private", 0o700)
    write_file(f"{R4}/private/keys.txt", "k\n", 0o600)


def root_owned_configs():
    """R5/etc (root, 0755) with root-owned files nobody may read but not write."""
    os.makedirs(R5, exist_ok=True)
    for path in (SCRATCH, R5):
        os.chmod(path, 0o755)
    os.makedirs(f"{R5}/etc", exist_ok=True)
    os.chmod(f"{R5}/etc", 0o755)
    write_file(f"{R5}/etc/app.log", "2026-01-02 10:00:00 INFO started\n", 0o644)
    write_file(f"{R5}/etc/nginx.conf", "server {\n    listen 80;\n    server_name reports.example.com;\n}\n", 0o644)
    write_file(f"{R5}/home/notes.md", "# Deploy notes\n", 0o644)


def root_owned_deploy_script():
    """R6/srv (root, 0755) with a root-owned file that nobody may read but not change."""
    os.makedirs(f"{R6}/srv", exist_ok=True)
    for path in (SCRATCH, R6, f"{R6}/srv"):
        os.chmod(path, 0o755)
    write_file(f"{R6}/srv/deploy.sh", "#!/bin/sh\necho deploying\n", 0o644)


def root_owned_uploads():
    """R8/srv/uploads (root, 0755) with a root-owned file that nobody may read but not move."""
    os.makedirs(f"{R8}/srv/uploads", exist_ok=True)
    for path in (SCRATCH, R8, f"{R8}/srv", f"{R8}/srv/uploads"):
        os.chmod(path, 0o755)
    write_file(f"{R8}/srv/uploads/avatar.png", "png\n", 0o644)


def root_owned_service_tree():
    """R9/srv (root, 0755) with data/ and logs/ that belong to root, and a private/ that nobody may not enter."""
    for sub in ("data", "logs", "private/keys"):
        os.makedirs(f"{R9}/srv/{sub}", exist_ok=True)
    for path in (SCRATCH, R9, f"{R9}/srv", f"{R9}/srv/data", f"{R9}/srv/logs"):
        os.chmod(path, 0o755)
    write_file(f"{R9}/srv/private/keys/deploy.key", "not a real key\n", 0o600)
    os.chmod(f"{R9}/srv/private", 0o700)


def root_owned_env_file():
    """R10/srv/app (root, 0755) with a root-owned .env that nobody may read but not write."""
    os.makedirs(f"{R10}/srv/app", exist_ok=True)
    for path in (SCRATCH, R10, f"{R10}/srv", f"{R10}/srv/app"):
        os.chmod(path, 0o755)
    write_file(f"{R10}/srv/app/.env", "DATABASE_URL=postgres://app@db:5432/app\nLOG_LEVEL=info\n", 0o644)


def root_owned_credentials_and_logs():
    """R11/srv (root, 0755) with a root-owned credentials file (0600) and a root-owned logs directory."""
    os.makedirs(f"{R11}/srv/logs/2025-12", exist_ok=True)
    for path in (SCRATCH, R11, f"{R11}/srv", f"{R11}/srv/logs", f"{R11}/srv/logs/2025-12"):
        os.chmod(path, 0o755)
    write_file(f"{R11}/srv/credentials", "[default]\naws_access_key_id = AKIAEXAMPLEEXAMPLE11\n", 0o600)
    write_file(f"{R11}/srv/logs/2025-12/api.log", "2025-12-31 23:59:59 INFO shutdown\n", 0o644)
