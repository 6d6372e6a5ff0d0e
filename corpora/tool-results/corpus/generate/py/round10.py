"""Round 10 of the Python cases, a representative day: file operations (a missing config file, a .env that user
nobody may not write, a directory that exists already), commands a shell or exec tool runs every day (git status
outside a repository, a merge conflict and a log, pytest failing, passing and given an option of a missing
plugin, pip offline, a script's argparse choice, ls, cp and mkdir), sqlite3 queries (a missing table, a unique and a
NOT NULL constraint, a locked database) and the parsing and validation of a tool's arguments and data (json,
strptime, csv, pydantic, botocore). The truth and its reason are stated next to each call, by the principles in
../../LABELLING.md. Scratch paths are fixed under /tmp/rb-corpus/py/r10; the command helpers are round6's."""
import csv
import datetime
import json
import os
import pathlib
import re
import sqlite3
import subprocess
import sys

from common import GIT_ENV, SCRATCH, caught, fresh_sqlite, git_repo, write_file as _write
from round2 import NOBODY, _as_nobody_forms
from round6 import ENV, _coreutils, _run
from libraries import optional_import

R10 = f"{SCRATCH}/r10"


def _protected():
    """R10/srv/app (root, 0755) with a root-owned .env that nobody may read but not write."""
    os.makedirs(f"{R10}/srv/app", exist_ok=True)
    for path in (SCRATCH, R10, f"{R10}/srv", f"{R10}/srv/app"):
        os.chmod(path, 0o755)
    _write(f"{R10}/srv/app/.env", "DATABASE_URL=postgres://app@db:5432/app\nLOG_LEVEL=info\n", 0o644)


def files10(c):
    _protected()
    # ambiguous by rule 6: ENOENT; which config file is meant is not said
    c.add_forms("python-builtins", "open-missing-local-config", caught(lambda: open(f"{R10}/config/settings.local.yaml")), "ambiguous", "the config file does not exist; which one is meant is not said", "open() of a missing config file")
    # unrecoverable by rule 2: Permission denied writing a root-owned file
    _as_nobody_forms(c, "python-builtins", "write-env-permission", f"open('{R10}/srv/app/.env', 'a').write('SENTRY_DSN=\\n')", "unrecoverable", "permission denied appending to a file of another user")
    os.makedirs(f"{R10}/build", exist_ok=True)
    # ambiguous by rule 6: EEXIST; reuse, remove or stop depends on context
    c.add_forms("python-pathlib", "mkdir-build-exists", caught(lambda: pathlib.Path(f"{R10}/build").mkdir()), "ambiguous", "the directory exists already; reuse, remove or stop depends on context", "pathlib.Path.mkdir() of an existing directory")


def processes10(c):
    _protected()
    source = "python-subprocess"
    git = _run(["git", "--version"], cwd=R10).stdout.strip()
    os.makedirs(f"{R10}/notes", exist_ok=True)
    run = _run(["git", "status"], cwd=f"{R10}/notes", env=GIT_ENV)
    # ambiguous by rule 6: the directory is not a repository; which one is meant is not said
    c.add(source, "git-status-not-a-repo", "stderr", run.stderr, "ambiguous", "the working directory is not a git repository; which directory is meant is not said", f"git status outside a repository, stderr, exit {run.returncode} ({git})")

    repo = f"{R10}/webapp"
    git_repo(repo, {"app/settings.py": "DEBUG = False\nALLOWED_HOSTS = ['app.example.com']\n"}, "Initial commit")
    subprocess.run(["git", "checkout", "-q", "-b", "feature/staging-hosts"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/app/settings.py", "DEBUG = False\nALLOWED_HOSTS = ['app.example.com', 'staging.example.com']\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Allow the staging host"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/app/settings.py", "DEBUG = False\nALLOWED_HOSTS = ['app.example.com', 'www.example.com']\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Fix 400 Bad Request on www (ALLOWED_HOSTS)"], cwd=repo, env=GIT_ENV, check=True)
    run = _run(["git", "log", "--oneline", "--all"], cwd=repo, env=GIT_ENV)
    # none by rule 1: the log that was asked for; the error words are commit messages
    c.add(source, "git-log-oneline-fix-400", "stdout", run.stdout, "none", "the log that was asked for; 400 Bad Request is a commit message", f"git log --oneline --all, stdout, exit {run.returncode} ({git}, fixed dates)")
    run = _run(["git", "merge", "feature/staging-hosts"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: a merge conflict; which side to keep depends on context
    c.add(source, "git-merge-conflict-settings", "stdout", run.stdout, "ambiguous", "a merge conflict in app/settings.py; which side to keep depends on context", f"git merge of a branch that changed the same line, stdout, exit {run.returncode} ({git})")
    subprocess.run(["git", "merge", "--abort"], cwd=repo, env=GIT_ENV, check=True)

    pytest = optional_import("pytest")
    if pytest is not None:
        how = f"pytest {pytest.__version__}"
        tests = f"{R10}/svc"
        _write(f"{tests}/pricing.py", "def total_cents(items, discount=0):\n    subtotal = sum(i['price_cents'] * i['qty'] for i in items)\n    return round(subtotal * (1 - discount))\n")
        _write(f"{tests}/test_pricing.py", "from pricing import total_cents\n\n\ndef test_total_without_discount():\n    assert total_cents([{'price_cents': 1999, 'qty': 2}]) == 3998\n\n\n"
               "def test_total_with_discount():\n    assert total_cents([{'price_cents': 1999, 'qty': 2}], discount=0.1) == 3599\n\n\n"
               "def test_empty_cart():\n    assert total_cents([]) == 0\n")
        run = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_pricing.py"], cwd=tests)
        # ambiguous by rule 6: a failing test; the code or the test is wrong, not the call
        c.add(source, "pytest-fail-pricing", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "ambiguous", "a failing test; whether the code or the test is wrong is not said", f"python3 -m pytest -q with one failing test ({how}; run time fixed to 0.01s), stdout, exit {run.returncode}")

        _write(f"{tests}/test_http_errors.py", "import pytest\n\n\nclass UpstreamTimeoutError(Exception):\n    pass\n\n\n"
               "def fetch(status):\n    if status == 504:\n        raise UpstreamTimeoutError('504 Gateway Timeout')\n    if status == 403:\n        raise PermissionError('403 Forbidden')\n    return status\n\n\n"
               "def test_504_raises_upstream_timeout_error():\n    with pytest.raises(UpstreamTimeoutError):\n        fetch(504)\n\n\n"
               "def test_403_raises_permission_error():\n    with pytest.raises(PermissionError, match='Forbidden'):\n        fetch(403)\n\n\n"
               "def test_200_passes_through():\n    assert fetch(200) == 200\n")
        run = _run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "test_http_errors.py"], cwd=tests)
        # none by rule 1: every test passed; the error words are test names
        c.add(source, "pytest-pass-http-errors", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "all tests passed; their names mention errors, timeouts and 403", f"python3 -m pytest -v of passing tests ({how}; run time fixed to 0.01s), stdout, exit {run.returncode}")

        run = _run([sys.executable, "-m", "pytest", "--cov=pricing", "--cov-report=term-missing", "-p", "no:cacheprovider", "test_pricing.py"], cwd=tests)
        # fixable by the argparse row: a usage error naming the unrecognized arguments
        c.add(source, "pytest-unrecognized-cov", "stderr", run.stderr, "fixable", "a usage error naming the unrecognized arguments --cov and --cov-report", f"python3 -m pytest --cov=... without pytest-cov installed ({how}), stderr, exit {run.returncode}")

    version = _run([sys.executable, "-m", "pip", "--version"], cwd=R10).stdout.split(" from ")[0]
    _write(f"{R10}/api/requirements.txt", "fastapi==0.115.6\nuvicorn[standard]==0.32.1\n")
    os.makedirs(f"{R10}/api/wheels", exist_ok=True)
    run = _run([sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index", "--find-links", "wheels", "-r", "requirements.txt"], cwd=f"{R10}/api")
    # ambiguous by rule 6: no distribution found; whether the name, the version or the wheel directory is wrong is not said
    c.add(source, "pip-offline-no-distribution", "stderr", run.stderr, "ambiguous", "no matching distribution in the local wheel directory; what is missing where is not said", f"python3 -m pip install --no-index --find-links wheels -r requirements.txt with an empty wheel directory, stderr, exit {run.returncode} ({version})")

    _write(f"{R10}/deploy.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='deploy.py', description='Deploy a service.')\n"
           "parser.add_argument('service')\nparser.add_argument('--env', choices=['dev', 'staging', 'production'], default='dev')\n"
           "parser.add_argument('--dry-run', action='store_true')\nargs = parser.parse_args()\nprint(f'deploying {args.service} to {args.env}')\n")
    run = _run([sys.executable, "deploy.py", "billing-api", "--env", "prod"], cwd=R10)
    # fixable by the argparse row: names --env, the invalid choice and the valid ones
    c.add(source, "argparse-invalid-choice-env", "stderr", run.stderr, "fixable", "names the option --env, the invalid choice prod and the valid choices", f"python3 deploy.py --env prod, stderr, exit {run.returncode}")

    coreutils = _coreutils()
    os.makedirs(f"{R10}/frontend/assets/img", exist_ok=True)
    _write(f"{R10}/frontend/assets/img/logo.svg", "<svg/>\n")
    run = _run(["ls", "-la", "dist"], cwd=f"{R10}/frontend")
    # ambiguous by rule 6: ENOENT reported by a command; which directory is meant is not said
    c.add(source, "ls-dist-missing", "stderr", run.stderr, "ambiguous", "the directory to list does not exist; which one is meant is not said", f"ls -la of a missing directory, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    os.makedirs(f"{R10}/frontend/public", exist_ok=True)
    run = _run(["cp", "assets", "public/"], cwd=f"{R10}/frontend")
    # fixable: the text names the missing option -r and the directory it omitted
    c.add(source, "cp-directory-without-r", "stderr", run.stderr, "fixable", "says -r is not specified for the directory assets; the option to add is named", f"cp of a directory without -r, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = subprocess.run([*NOBODY, "mkdir", "-p", f"{R10}/srv/app/media/uploads"], capture_output=True, text=True, env=ENV, cwd="/")
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "mkdir-p-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"mkdir -p under a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")


def sqlite10(c):
    source = "python-sqlite3"
    os.makedirs(R10, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    path = f"{R10}/shop.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE customers (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL, plan TEXT DEFAULT 'free')",
                      "INSERT INTO customers (email, name) VALUES ('ada@example.com', 'Ada Lovelace')")
    # ambiguous by rule 6: an unknown table (the singular of customers); which one is meant is not said
    c.add_forms(source, "no-such-table-customer", caught(lambda: db.execute("SELECT id, email FROM customer WHERE plan = ?", ("pro",))), "ambiguous", "an unknown table; which one is meant is not said", f"{how} SELECT from a table that does not exist")
    # ambiguous by rule 6: a conflict with stored data
    c.add_forms(source, "unique-customer-email", caught(lambda: db.execute("INSERT INTO customers (email, name) VALUES (?, ?)", ("ada@example.com", "Ada L."))), "ambiguous", "the email conflicts with a stored customer; update, skip or stop depends on context", f"{how} INSERT of a duplicate UNIQUE email")
    # fixable by rule 5: a constraint that names its field
    c.add_forms(source, "not-null-customer-name", caught(lambda: db.execute("INSERT INTO customers (email) VALUES (?)", ("grace@example.com",))), "fixable", "names the field customers.name that must not be null", f"{how} INSERT without a NOT NULL column")
    db.commit()
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE customers SET plan = 'pro' WHERE id = 1")
    other = sqlite3.connect(path, timeout=0)
    # transient by rule 4: database is locked by another writer
    c.add_forms(source, "locked-update-plan", caught(lambda: other.execute("UPDATE customers SET plan = 'team' WHERE id = 1")), "transient", "another connection holds the write lock", f"{how} UPDATE while another connection has an open write transaction")
    writer.rollback()
    writer.close()
    other.close()
    db.close()


def values10(c):
    _write(f"{R10}/config/app.json", '{\n  "port": 8080,\n  "debug": true,\n}\n')

    def load_config():
        with open(f"{R10}/config/app.json") as f:
            return json.load(f)

    # ambiguous by rule 6: a parse error of data the tool read (a trailing comma in the file)
    c.add_forms("python-builtins", "json-load-trailing-comma", caught(load_config), "ambiguous", "a parse error of a JSON file the tool read; the fix is in the data, not a changed value", "json.load of a config file with a trailing comma")
    # fixable by rule 5: quotes the value and the format it must match
    c.add_forms("python-builtins", "strptime-iso-z", caught(lambda: datetime.datetime.strptime("2026-01-15T09:30:00Z", "%Y-%m-%d %H:%M:%S")), "fixable", "quotes the time value and the format it does not match", "datetime.strptime('2026-01-15T09:30:00Z', '%Y-%m-%d %H:%M:%S')")

    _write(f"{R10}/exports/jobs.csv", "job,status,attempts,error\nsync-invoices,succeeded,1,\nretry-timeouts,succeeded,2,\nresend-failed-webhooks,succeeded,1,\n")
    with open(f"{R10}/exports/jobs.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    # none by rule 1: the rows that were asked for; error is empty and the error words are job names
    c.add("python-csv", "dictreader-job-rows", "str", str(rows), "none", "the rows that were asked for; every error field is empty and the error words are job names", "str(list(csv.DictReader(f))) of a CSV export")

    pydantic = optional_import("pydantic")
    if pydantic is not None:
        from typing import Literal

        class CreateInvoice(pydantic.BaseModel):
            customer_id: int
            amount_cents: int
            currency: Literal["usd", "eur", "gbp"]

        # fixable by rule 5: names customer_id and currency and what each must be
        c.add_forms("python-pydantic", "invoice-two-errors", caught(lambda: CreateInvoice(customer_id="cus_RkT4mZp9XwQ2aL", amount_cents=1999, currency="USD")), "fixable", "names customer_id (a valid integer) and currency (one of usd, eur, gbp)", f"pydantic {pydantic.VERSION} model validation of a request body", which=("str", "named"))

    botocore = optional_import("botocore.session")
    if botocore is not None:
        import botocore as bc

        client = botocore.get_session().create_client("s3", region_name="us-east-1", aws_access_key_id="AKIAEXAMPLEEXAMPLE00", aws_secret_access_key="example-secret-key-example-secret-key0")
        # fixable by rule 5: botocore's ParamValidationError names the missing parameter Key
        c.add_forms("python-botocore", "put-object-missing-key", caught(lambda: client.put_object(Bucket="acme-exports", Body=b"id,total\n1,99.50\n")), "fixable", "names the missing required parameter Key", f"botocore {bc.__version__} s3 put_object without Key (no request made)", which=("str", "named"))
