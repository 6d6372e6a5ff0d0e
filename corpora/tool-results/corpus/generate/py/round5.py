"""Round 5 of the Python cases, a day-to-day sample: file operations (append as user nobody, copytree, pathlib),
commands a shell or exec tool runs (cp and sed as user nobody, ls, make, git, curl, a python script, pytest),
sqlite3 queries and the validation and parsing of a tool's arguments and data (pydantic, jsonschema, json).
The truth and its reason are stated next to each call, by the principles in ../../LABELLING.md. Scratch
paths are fixed under /tmp/rb-corpus/py/r5."""
import importlib.metadata
import json
import os
import pathlib
import re
import shutil
import sqlite3
import subprocess
import sys

from common import COMMAND_ENV, GIT_ENV, SCRATCH, caught, fresh_sqlite, write_file as _write
from round2 import NOBODY, _as_nobody_forms
from libraries import optional_import

R5 = f"{SCRATCH}/r5"
ENV = COMMAND_ENV


def _run(argv, cwd=R5, env=ENV, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=env, **kwargs)


def _coreutils():
    return _run(["cp", "--version"], cwd="/").stdout.split("\n")[0].split(") ")[-1]


def _protected():
    """R5/etc (root, 0755) with root-owned files nobody may read but not write."""
    os.makedirs(R5, exist_ok=True)
    for path in (SCRATCH, R5):
        os.chmod(path, 0o755)
    os.makedirs(f"{R5}/etc", exist_ok=True)
    os.chmod(f"{R5}/etc", 0o755)
    _write(f"{R5}/etc/app.log", "2026-01-02 10:00:00 INFO started\n", 0o644)
    _write(f"{R5}/etc/nginx.conf", "server {\n    listen 80;\n    server_name reports.example.com;\n}\n", 0o644)
    _write(f"{R5}/home/notes.md", "# Deploy notes\n", 0o644)


def files5(c):
    _protected()
    # unrecoverable by rule 2: the file belongs to another user and may only be read
    _as_nobody_forms(c, "python-os", "append-permission", f"open('{R5}/etc/app.log', 'a').write('2026-01-02 10:00:01 INFO export done\\n')", "unrecoverable", "permission denied appending to a file of another user")

    source = "python-shutil"
    os.makedirs(f"{R5}/site/assets", exist_ok=True)
    _write(f"{R5}/site/index.html", "<h1>Reports</h1>\n")
    os.makedirs(f"{R5}/public", exist_ok=True)
    # ambiguous by rule 6: EEXIST; overwrite (dirs_exist_ok), another target or stop depends on context
    c.add_forms(source, "copytree-exists", caught(lambda: shutil.copytree(f"{R5}/site", f"{R5}/public")), "ambiguous", "the target directory exists; overwrite, another target or stop depends on context", "shutil.copytree into an existing directory")

    source = "python-pathlib"
    # ambiguous by rule 6: ENOENT of a relative path; which file is meant is not said
    cwd = os.getcwd()
    os.chdir(R5)
    try:
        c.add_forms(source, "read-text-missing", caught(lambda: pathlib.Path("config/app.yaml").read_text()), "ambiguous", "missing file; which path is meant is not said", "pathlib.Path('config/app.yaml').read_text() in a directory without it")
    finally:
        os.chdir(cwd)


def processes5(c):
    _protected()
    source = "python-subprocess"
    coreutils = _coreutils()
    run = subprocess.run([*NOBODY, "cp", f"{R5}/home/notes.md", f"{R5}/etc/notes.md"], capture_output=True, text=True, env=ENV)
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "cp-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"cp into a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    sed = _run(["sed", "--version"]).stdout.split("\n")[0]
    run = subprocess.run([*NOBODY, "sed", "-i", "s/listen 80;/listen 8080;/", f"{R5}/etc/nginx.conf"], capture_output=True, text=True, env=ENV, cwd=R5)
    text = re.sub(r"sed[A-Za-z0-9]{6}", "sedXXXXXX", run.stderr)
    c.add(source, "sed-inplace-permission", "stderr", text, "unrecoverable", "a shell command reports Permission denied", f"sed -i of a file in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} ({sed}, LC_ALL=C; temp name fixed)")
    run = _run(["ls", "--color=sometimes", "."])
    # fixable: names the option, the value and its valid arguments
    c.add(source, "ls-invalid-argument", "stderr", run.stderr, "fixable", "names --color, the invalid value sometimes and the valid arguments", f"ls --color=sometimes, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    # make: a target that does not exist
    _write(f"{R5}/app/Makefile", "build:\n\tmkdir -p dist\n\ntest:\n\tpython3 -m pytest -q\n")
    make = _run(["make", "--version"]).stdout.split("\n")[0]
    run = _run(["make", "deploy"], cwd=f"{R5}/app")
    c.add(source, "make-no-rule", "stderr", run.stderr, "ambiguous", "no rule for the target; which target is meant is not said", f"make deploy in a Makefile without it, stderr, exit {run.returncode} ({make}, LC_ALL=C)")

    # git: a patch that does not apply, and an --author value of the wrong form
    repo = f"{R5}/repo"
    os.makedirs(repo, exist_ok=True)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/app.py", "def total(items):\n    return sum(i.price for i in items)\n")
    subprocess.run(["git", "add", "app.py"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Add total"], cwd=repo, env=GIT_ENV, check=True)
    git = _run(["git", "--version"]).stdout.strip()
    _write(f"{repo}/fix.patch", "--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n def total(lines):\n-    return sum(l.amount for l in lines)\n+    return sum(l.amount * l.qty for l in lines)\n")
    run = _run(["git", "apply", "fix.patch"], cwd=repo, env=GIT_ENV)
    c.add(source, "git-apply-failed", "stderr", run.stderr, "ambiguous", "the patch does not match the file; whether the patch or the file is out of date is not said", f"git apply of a patch whose context does not match, stderr, exit {run.returncode} ({git})")
    _write(f"{repo}/app.py", "def total(items):\n    return sum(i.price * i.qty for i in items)\n")
    run = _run(["git", "commit", "-a", "-m", "Count quantities", "--author", "Grace Hopper"], cwd=repo, env=GIT_ENV)
    assert run.returncode != 0, "git commit --author was expected to fail"
    c.add(source, "git-author-format", "stderr", run.stderr, "fixable", "names --author, its value and the form 'Name <email>' it must have", f"git commit --author 'Grace Hopper' (no such author in the history), stderr, exit {run.returncode} ({git})")

    # curl and git against listeners that drop or reset the connection
    curl = _run(["curl", "--version"]).stdout.split("\n")[0].split(" (")[0]
    run = _run(["curl", "-sS", f"http://127.0.0.1:{c.closing}/v1/status"])
    c.add(source, "curl-empty-reply", "stderr", run.stderr, "transient", "the server closed the connection without answering", f"{curl} -sS to a listener that closes without answering, stderr, exit {run.returncode}")
    run = _run(["git", "ls-remote", f"http://127.0.0.1:{c.reset}/team/billing.git"], env=GIT_ENV)
    text = run.stderr.replace(f"127.0.0.1:{c.reset}/", "127.0.0.1:8003/")
    c.add(source, "git-ls-remote-reset", "stderr", text, "transient", "the connection was reset by the peer", f"git ls-remote over http to a listener that resets, stderr, exit {run.returncode} ({git}; port fixed to 8003)")

    # a python script whose own code fails
    _write(f"{R5}/parse_log.py", "import re\n\n\ndef request_id(line):\n    return re.search(r'request_id=(\\w+)', line).group(1)\n\n\nwith open('app.log') as f:\n    for line in f:\n        print(request_id(line))\n")
    _write(f"{R5}/app.log", "2026-01-02 10:00:00 GET /v1/orders 200 request_id=a1b2c3\n2026-01-02 10:00:01 GET /health 200\n")
    run = _run([sys.executable, "parse_log.py"])
    c.add("python-traceback", "attribute-none", "traceback", run.stderr, "ambiguous", "the script's own code fails on a line without a match; the code or the data is wrong, not the call", f"python3 parse_log.py on a log line without request_id, stderr, exit {run.returncode}")

    # pytest: a passing run with a skipped test whose reason names a connection error
    tests = f"{R5}/tests"
    _write(f"{tests}/test_client.py", "import pytest\n\n\ndef test_parse_error_body():\n    body = {'error': {'type': 'rate_limit_error', 'message': 'Too many requests'}}\n    assert body['error']['type'] == 'rate_limit_error'\n\n\n"
           "@pytest.mark.skip(reason='needs a live API: ConnectionRefusedError on localhost:8443 in CI')\ndef test_live_roundtrip():\n    pass\n")
    try:
        import pytest

        pyt = f"pytest {pytest.__version__}"
        run = _run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "test_client.py"], cwd=tests)
        c.add(source, "pytest-skip", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "the run passed (exit 0): one test passed and one was skipped; the error words are test data and a skip reason", f"python3 -m pytest -q -rs with a skipped test ({pyt}; run time fixed to 0.01s), exit {run.returncode}")
    except ImportError:
        pass


def sqlite5(c):
    source = "python-sqlite3"
    os.makedirs(R5, exist_ok=True)
    db = fresh_sqlite(f"{R5}/events.db",
                      "CREATE TABLE events (id INTEGER PRIMARY KEY, service TEXT NOT NULL, level TEXT NOT NULL, message TEXT, created_at TEXT NOT NULL)")
    db.executemany("INSERT INTO events (service, level, message, created_at) VALUES (?, ?, ?, ?)", [
        ("billing", "ERROR", "Timeout calling payments API", "2026-01-02 09:00:00"),
        ("billing", "ERROR", "Connection reset by peer", "2026-01-02 09:05:00"),
        ("search", "WARNING", "Slow query: 2.3s", "2026-01-02 09:10:00"),
        ("search", "ERROR", "Permission denied: /var/lib/index", "2026-01-02 09:20:00"),
    ])
    db.commit()
    how = f"sqlite3 {sqlite3.sqlite_version}"
    # fixable by rule 5: the unknown function is the name to change (SQLite has datetime(), not NOW())
    c.add_forms(source, "no-such-function", caught(lambda: db.execute("SELECT id FROM events WHERE created_at > NOW() - 3600")), "fixable", "names the unknown function NOW; the name is the value to change", f"{how} SELECT with MySQL's NOW()")
    # ambiguous by rule 6: a type mismatch that names no column
    c.add_forms(source, "datatype-mismatch", caught(lambda: db.execute("INSERT INTO events (id, service, level, created_at) VALUES ('evt-5', 'billing', 'INFO', '2026-01-02 09:30:00')")), "ambiguous", "a datatype mismatch that names no column or value", f"{how} INSERT of a text id into an INTEGER PRIMARY KEY")
    rows = db.execute("SELECT service, COUNT(*) AS errors FROM events WHERE level = 'ERROR' GROUP BY service ORDER BY service").fetchall()
    c.add(source, "error-counts", "str", json.dumps([{"service": r[0], "errors": r[1]} for r in rows]), "none", "the query returned the error counts it asked for; the word errors is a column name", f"{how} SELECT of error counts per service as JSON")
    db.close()


def values5(c):
    source = "python-builtins"
    os.makedirs(R5, exist_ok=True)
    _write(f"{R5}/events.json", '{"id": 1, "type": "deploy", "status": "ok"}\n{"id": 2, "type": "deploy", "status": "failed"}\n')

    def load_events():
        with open(f"{R5}/events.json") as f:
            return json.load(f)

    # ambiguous by rule 6: a parse error of data the tool read (JSON Lines read as one document)
    c.add_forms(source, "json-extra-data", caught(load_events), "ambiguous", "a parse error of a data file the tool read; the fix is in the data or the reader, not a changed value", "json.load of a JSON Lines file")
    pydantic = optional_import("pydantic")
    if pydantic is not None:
        import datetime

        how = f"pydantic {pydantic.VERSION}"

        class Reminder(pydantic.BaseModel):
            title: str
            remind_at: datetime.datetime

        c.add_forms("python-pydantic", "datetime-parsing", caught(lambda: Reminder(title="Renew TLS certificate", remind_at="next friday 9am")), "fixable", "names remind_at and that a valid datetime is needed", f"{how} model validation of a datetime field", which=("str", "named"))

        class JobResult(pydantic.BaseModel):
            job_id: str
            status: str
            error: str | None = None
            error_count: int = 0

        ok = JobResult(job_id="nightly-export", status="succeeded")
        c.add("python-pydantic", "valid-error-fields", "json", ok.model_dump_json(), "none", "a validated result; error is null and error_count is 0", f"{how} model_dump_json")
    jsonschema = optional_import("jsonschema")
    if jsonschema is None:
        return
    how = f"jsonschema {importlib.metadata.version('jsonschema')}"
    schema = {"type": "object", "properties": {"to": {"type": "array", "items": {"type": "string"}, "minItems": 1}, "subject": {"type": "string"}}, "required": ["to", "subject"]}
    e = caught(lambda: jsonschema.validate({"to": [], "subject": "Weekly report"}, schema))
    reason = "says the value [] of to should be non-empty (str adds the path to and minItems 1)"
    c.add("python-jsonschema", "min-items", "message", e.message, "fixable", reason, f"{how} ValidationError.message")
    c.add("python-jsonschema", "min-items", "str", str(e), "fixable", reason, f"{how} str(ValidationError)")
    c.add("python-jsonschema", "min-items", "named", f"{type(e).__name__}: {e.message}", "fixable", reason, f"{how} Name: message")
