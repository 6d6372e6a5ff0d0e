"""Round 4 of the Python cases, a day-to-day sample: file operations (rename, remove, copy, listdir, also as user
nobody), commands a shell or exec tool runs (mv, rm, mkdir, find, git, pip, pytest, python scripts that fail
in different ways), sqlite3 queries and the validation of a tool's arguments (pydantic, jsonschema, a tool's
own ValueError). The truth and its reason are stated next to each call, by the principles in
../../LABELLING.md. Scratch paths are fixed under /tmp/rb-corpus/py/r4."""
import importlib.metadata
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

from common import COMMAND_ENV, SCRATCH, caught, fresh_sqlite, write_file as _write
from round2 import NOBODY, _as_nobody_forms
from libraries import optional_import

R4 = f"{SCRATCH}/r4"
ENV = COMMAND_ENV


def _run(argv, cwd=R4, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=ENV, **kwargs)


def _protected():
    """R4/shared (root, 0755) with a root-owned report and R4/private (root, 0700), for the calls as nobody."""
    os.makedirs(R4, exist_ok=True)
    for path in (SCRATCH, R4):
        os.chmod(path, 0o755)
    os.makedirs(f"{R4}/shared", exist_ok=True)
    os.chmod(f"{R4}/shared", 0o755)
    _write(f"{R4}/shared/report.csv", "month,total\n2026-01,4711\n", 0o644)
    os.makedirs(f"{R4}/private", exist_ok=True)
    os.chmod(f"{R4}/private", 0o700)
    _write(f"{R4}/private/keys.txt", "k\n", 0o600)


def files4(c):
    _protected()
    source = "python-os"
    _write(f"{R4}/work/draft.md", "# Notes\n")
    os.makedirs(f"{R4}/work/build", exist_ok=True)
    c.add_forms(source, "rename-missing-source", caught(lambda: os.rename(f"{R4}/work/report-final.md", f"{R4}/work/archive/report-final.md")), "ambiguous", "the source (or the target directory) does not exist; which path is wrong is not said", "os.rename of a missing file")
    c.add_forms(source, "remove-directory", caught(lambda: os.remove(f"{R4}/work/build")), "ambiguous", "the path is a directory; removing the tree or another file is a different call, not a changed value", "os.remove of a directory (EISDIR)")
    _as_nobody_forms(c, source, "listdir-permission", f"os.listdir('{R4}/private')", "unrecoverable", "permission denied listing a directory of another user", traceback=True)

    source = "python-shutil"
    _as_nobody_forms(c, source, "copy-permission", f"shutil.copy('{R4}/work/draft.md', '{R4}/shared/draft.md')", "unrecoverable", "permission denied writing into a directory the user cannot write", setup="import shutil")


def processes4(c):
    _protected()
    source = "python-subprocess"
    coreutils = _run(["rm", "--version"]).stdout.split("\n")[0].split(") ")[-1]
    findutils = _run(["find", "--version"]).stdout.split("\n")[0]
    run = subprocess.run([*NOBODY, "rm", f"{R4}/shared/report.csv"], capture_output=True, text=True, env=ENV)
    c.add(source, "rm-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"rm of a file in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = subprocess.run([*NOBODY, "mkdir", f"{R4}/shared/exports"], capture_output=True, text=True, env=ENV)
    c.add(source, "mkdir-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"mkdir in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    os.makedirs(f"{R4}/dist", exist_ok=True)
    run = _run(["mv", "build/report.pdf", "dist/"])
    c.add(source, "mv-missing", "stderr", run.stderr, "ambiguous", "a command reports a missing source path; which path is meant is not said", f"mv build/report.pdf dist/ of a missing file, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    for name in ("error.log", "access.log", "worker-errors.log"):
        _write(f"{R4}/logs/{name}", "")
    run = _run(["find", "logs", "-name", "*error*", "-type", "f"])
    lines = "".join(sorted(run.stdout.splitlines(keepends=True)))  # find's order follows the directory, sorted here
    c.add(source, "find-error-logs", "stdout", lines, "none", "find listed the files it was asked for; their names contain 'error'", f"find logs -name '*error*' -type f, stdout sorted, exit {run.returncode} ({findutils})")

    # git: a checkout of a branch that does not exist
    repo = f"{R4}/repo"
    os.makedirs(repo, exist_ok=True)
    genv = {**ENV, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com",
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_DATE": "2026-01-02T10:00:00+00:00", "GIT_COMMITTER_DATE": "2026-01-02T10:00:00+00:00"}
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=genv, check=True)
    _write(f"{repo}/README.md", "# app\n")
    subprocess.run(["git", "add", "README.md"], cwd=repo, env=genv, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Initial commit"], cwd=repo, env=genv, check=True)
    git = subprocess.run(["git", "--version"], capture_output=True, text=True).stdout.strip()
    run = subprocess.run(["git", "checkout", "feature/retry-budget"], capture_output=True, text=True, cwd=repo, env=genv)
    c.add(source, "git-checkout-unknown", "stderr", run.stderr, "ambiguous", "no branch or path of that name; which one is meant is not said", f"git checkout of a branch that does not exist, stderr, exit {run.returncode} ({git})")

    # pip, offline: --isolated ignores this machine's pip configuration and environment
    pip = f"pip {importlib.metadata.version('pip')}"
    run = _run([sys.executable, "-m", "pip", "--isolated", "install", "--no-index", "--disable-pip-version-check", "reportlab-tools"])
    c.add(source, "pip-no-matching-distribution", "stderr", run.stderr, "ambiguous", "no distribution of that name was found; misspelled, unpublished or another index is not said", f"python3 -m pip --isolated install --no-index of a package not present, stderr, exit {run.returncode} ({pip})")
    run = subprocess.run([sys.executable, "-m", "pip", "--isolated", "download", "--no-deps", "--disable-pip-version-check", "-d", f"{R4}/wheels", "--retries", "1", "--timeout", "1",
                          "--index-url", f"http://127.0.0.1:{c.closed}/simple", "reportlab-tools"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=R4, env=ENV)
    text = re.sub(r" at 0x[0-9a-f]+", " at 0x7f0000000000", run.stdout)
    # transient by the shell rule: the command printed a refused connection to the index
    c.add(source, "pip-index-refused", "output", text, "transient", "the package index refused the connection; no versions could be fetched", f"python3 -m pip --isolated download from an index on a closed port, stdout and stderr merged, exit {run.returncode} ({pip}; object address fixed)")

    # python scripts that fail in different ways
    _write(f"{R4}/load_config.py", "import json\n\n\ndef load(path):\n    with open(path) as f:\n        return json.load(f)\n\n\nsettings = load('config/settings.json')\nprint(settings['database'])\n")
    run = _run([sys.executable, "load_config.py"])
    c.add("python-traceback", "config-file-not-found", "traceback", run.stderr, "ambiguous", "the script's own file is missing; which path is meant is not said", f"python3 load_config.py reading a missing config file, stderr, exit {run.returncode}")
    _write(f"{R4}/export.py", "import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument('--since', required=True, help='first day, YYYY-MM-DD')\n"
           "parser.add_argument('--format', choices=['csv', 'json'], default='csv')\nargs = parser.parse_args()\nprint(f'exporting since {args.since} as {args.format}')\n")
    run = _run([sys.executable, "export.py", "--format", "csv"])
    c.add(source, "argparse-required", "stderr", run.stderr, "fixable", "names the missing command-line argument --since", f"python3 export.py without its required --since, stderr, exit {run.returncode}")
    run = _run([sys.executable, "export.py", "--since", "2026-01-01", "--format", "yaml"])
    c.add(source, "argparse-invalid-choice", "stderr", run.stderr, "fixable", "names --format, the value yaml and the choices csv and json", f"python3 export.py --format yaml, stderr, exit {run.returncode}")

    # pytest: a failing test, and a passing run with an expected failure
    tests = f"{R4}/tests"
    _write(f"{tests}/test_invoice.py", "def total(lines):\n    return sum(q * p for q, p in lines)\n\n\ndef test_total_with_discount():\n    lines = [(2, 9.5), (1, 20.0)]\n    assert total(lines) == 35.1\n\n\ndef test_empty():\n    assert total([]) == 0\n")
    try:
        import pytest

        pyt = f"pytest {pytest.__version__}"
        run = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_invoice.py"], cwd=tests)
        c.add(source, "pytest-fail", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "ambiguous", "a failing test: the code or the test is wrong, not the call", f"python3 -m pytest -q of a failing test ({pyt}; run time fixed to 0.01s), exit {run.returncode}")
        _write(f"{tests}/test_retry_xfail.py", "import pytest\n\n\n@pytest.mark.xfail(reason='retry on ConnectionResetError not implemented yet (#231)')\ndef test_retries_connection_reset():\n    raise ConnectionResetError(104, 'Connection reset by peer')\n\n\ndef test_gives_up_after_3_errors():\n    assert min(3, 5) == 3\n")
        run = _run([sys.executable, "-m", "pytest", "-q", "-rx", "-p", "no:cacheprovider", "test_retry_xfail.py"], cwd=tests)
        c.add(source, "pytest-xfail", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "the run passed (exit 0): one test passed and one failed as expected; the words are its data", f"python3 -m pytest -q -rx with an xfail test ({pyt}; run time fixed to 0.01s), exit {run.returncode}")
    except ImportError:
        pass


def sqlite4(c):
    _protected()
    source = "python-sqlite3"
    path = f"{R4}/jobs.db"
    db = fresh_sqlite(path, "CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL, error TEXT)")
    db.executemany("INSERT INTO jobs VALUES (?, ?, ?, ?)", [(1, "sync-invoices", "failed", "ConnectionRefusedError: [Errno 111] Connection refused"), (2, "export-csv", "succeeded", None), (3, "resize-images", "failed", "PermissionError: [Errno 13] Permission denied: '/srv/media'")])
    db.commit()
    os.chmod(path, 0o644)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    c.add_forms(source, "values-count", caught(lambda: db.execute("INSERT INTO jobs VALUES ('rebuild-index', 'queued', NULL)")), "fixable", "names the table and says it has 4 columns but 3 values were given", f"{how} INSERT without a column list and one value short")
    c.add_forms(source, "table-exists", caught(lambda: db.execute("CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT)")), "ambiguous", "the table exists already; keep it, drop it or use another name depends on context", f"{how} CREATE TABLE of an existing table")
    rows = db.execute("SELECT id, name, error FROM jobs WHERE status = 'failed' ORDER BY id").fetchall()
    c.add(source, "select-failed-jobs", "str", json.dumps([{"id": r[0], "name": r[1], "error": r[2]} for r in rows]), "none", "the query returned the failed jobs it asked for; the errors are stored data", f"{how} SELECT of failed jobs as JSON")
    db.close()
    if shutil.which("sqlite3"):
        cli = _run(["sqlite3", "--version"]).stdout.split()[0]
        locker = sqlite3.connect(path, timeout=0)
        locker.execute("BEGIN IMMEDIATE")
        locker.execute("UPDATE jobs SET status = 'running' WHERE id = 2")
        run = _run(["sqlite3", path, "UPDATE jobs SET status = 'queued' WHERE id = 1;"])
        locker.rollback()
        locker.close()
        # transient by rule 4: another connection holds the write lock
        c.add(source, "cli-locked", "stderr", run.stderr, "transient", "database is locked: another connection is writing", f"sqlite3 CLI {cli} UPDATE while another connection holds a write transaction, stderr, exit {run.returncode}")
    # unrecoverable by rule 2: a database the user may only read
    _as_nobody_forms(c, source, "readonly-file", f"sqlite3.connect('{path}').execute(\"UPDATE jobs SET status = 'queued' WHERE id = 1\")", "unrecoverable", "the database file belongs to another user and can only be read", setup="import sqlite3")


def list_issues(repo, state="open", per_page=30):
    """A tool function that checks its own arguments the way tool code does."""
    if state not in ("open", "closed", "all"):
        raise ValueError(f"state must be one of 'open', 'closed', 'all', got {state!r}")
    if not 1 <= per_page <= 100:
        raise ValueError(f"per_page must be between 1 and 100, got {per_page}")
    return {"repo": repo, "state": state, "per_page": per_page}


def values4(c):
    source = "python-builtins"
    c.add_forms(source, "tool-value-error", caught(lambda: list_issues("acme/billing", per_page=500)), "fixable", "names per_page, its value and the range it must be in", "a tool function's own ValueError about its argument per_page")
    os.makedirs(R4, exist_ok=True)
    _write(f"{R4}/records.json", "{'id': 17, 'status': 'open'}\n")

    def load_records():
        with open(f"{R4}/records.json") as f:
            return json.load(f)

    c.add_forms(source, "json-single-quotes", caught(load_records), "ambiguous", "a parse error of a data file the tool read; the fix is in the data, not the call", "json.load of a file written with Python's repr (single quotes)")
    pydantic = optional_import("pydantic")
    if pydantic is not None:
        how = f"pydantic {pydantic.VERSION}"

        class Line(pydantic.BaseModel):
            sku: str
            quantity: int = pydantic.Field(gt=0)

        class CreateOrder(pydantic.BaseModel):
            customer_id: int
            lines: list[Line]

        data = {"customer_id": 42, "lines": [{"sku": "A-100", "quantity": 2}, {"sku": "B-200", "quantity": 0}]}
        c.add_forms("python-pydantic", "nested-list-item", caught(lambda: CreateOrder(**data)), "fixable", "names lines.1.quantity and that it must be greater than 0", f"{how} model validation of a nested list item", which=("str", "named"))
    jsonschema = optional_import("jsonschema")
    if jsonschema is None:
        return
    how = f"jsonschema {importlib.metadata.version('jsonschema')}"
    schema = {"type": "object", "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": 100}}, "required": ["query"]}
    e = caught(lambda: jsonschema.validate({"query": "status:failed", "limit": 500}, schema))
    reason = "quotes the value 500 and the maximum 100 (str adds the path limit)"
    c.add("python-jsonschema", "maximum", "message", e.message, "fixable", reason, f"{how} ValidationError.message")
    c.add("python-jsonschema", "maximum", "str", str(e), "fixable", reason, f"{how} str(ValidationError)")
    c.add("python-jsonschema", "maximum", "named", f"{type(e).__name__}: {e.message}", "fixable", reason, f"{how} Name: message")
