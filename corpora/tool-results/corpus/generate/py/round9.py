"""Round 9 of the Python cases, a day-to-day sample: file operations (an SQLite database and a service's log
file created as user nobody in root-owned directories, a write past the file-size limit, subprocess calls with a
missing working directory or a whole command line as the program), commands a shell or exec tool runs (git
checkout over local changes and git status, grep -E with an unbalanced group, find as user nobody, make with
spaces for a tab, jq with an unfinished filter, pip install -e of a directory that is no project, the sqlite3
shell with a misspelt keyword, a python script with an option missing its value, json.tool), sqlite3 queries
(a dict as a parameter, a missing named parameter, a database at its page limit) and the parsing and
validation of a tool's arguments and data (strptime, ipaddress, pydantic). The truth and its reason are stated
next to each call, by the principles in ../../LABELLING.md. Scratch paths are fixed under /tmp/rb-corpus/py/r9;
the command helpers are round6's."""
import datetime
import ipaddress
import json
import os
import sqlite3
import subprocess
import sys

from common import GIT_ENV, SCRATCH, caught, fresh_sqlite, git_repo, write_file as _write
from round2 import NOBODY, _as_nobody_forms
from round6 import ENV, _run
from libraries import optional_import

R9 = f"{SCRATCH}/r9"


def _protected():
    """R9/srv (root, 0755) with data/ and logs/ that belong to root, and a private/ that nobody may not enter."""
    for sub in ("data", "logs", "private/keys"):
        os.makedirs(f"{R9}/srv/{sub}", exist_ok=True)
    for path in (SCRATCH, R9, f"{R9}/srv", f"{R9}/srv/data", f"{R9}/srv/logs"):
        os.chmod(path, 0o755)
    _write(f"{R9}/srv/private/keys/deploy.key", "not a real key\n", 0o600)
    os.chmod(f"{R9}/srv/private", 0o700)


def files9(c):
    _protected()
    # ambiguous by rule 6: SQLite says only that the file cannot be opened (the cause, a root-owned directory, is not said)
    _as_nobody_forms(c, "python-sqlite3", "create-in-protected-dir", f"__import__('sqlite3').connect('{R9}/srv/data/cache.db').execute('CREATE TABLE hits (url TEXT)')", "ambiguous", "the database file cannot be opened; why (here a root-owned directory) is not said")

    _write(f"{R9}/srv/worker.py", "import logging\n\nlogging.basicConfig(filename='" + R9 + "/srv/logs/worker.log', level=logging.INFO)\n"
           "logging.info('worker started')\n", 0o644)
    run = subprocess.run([*NOBODY, "/usr/bin/python3", f"{R9}/srv/worker.py"], capture_output=True, text=True, env=ENV, cwd=R9)
    # unrecoverable by rule 2: Permission denied opening the log file
    c.add("python-traceback", "log-file-permission", "traceback", run.stderr, "unrecoverable", "the script may not create its log file in a root-owned directory (Permission denied)", f"python3 worker.py as user nobody (setpriv, /usr/bin/python3), logging.basicConfig(filename=...), stderr, exit {run.returncode}")

    code = f"with open('{R9}/export.ndjson', 'w') as f:\n    f.write('{{\"id\": 1}}\\n' * 4096)\n"
    run = subprocess.run(["bash", "-c", f"ulimit -f 16 && exec {sys.executable} -c \"$0\"", "import json\ntry:\n" + "".join("    " + line + "\n" for line in code.splitlines())
                          + "except Exception as e:\n    print(json.dumps({'str': str(e), 'named': f'{type(e).__name__}: {e}', 'repr': repr(e)}))\n"], capture_output=True, text=True, env=ENV, cwd=R9)
    forms = json.loads(run.stdout)
    for form in ("str", "named", "repr"):
        # ambiguous by rule 6 (like a full device): EFBIG; raising the limit or writing less depends on context
        c.add("python-builtins", "file-too-large", form, forms[form], "ambiguous", "the write passes the file-size limit; raising the limit or writing less depends on context", "open().write of 40 KiB under ulimit -f 16 (bash), CPython ignoring SIGXFSZ")

    source = "python-subprocess"
    # ambiguous by rule 6: ENOENT of the working directory; which one is meant is not said
    c.add_forms(source, "cwd-missing", caught(lambda: subprocess.run(["git", "status"], cwd=f"{R9}/checkout/billing-api", capture_output=True)), "ambiguous", "the working directory does not exist; which one is meant is not said", "subprocess.run(['git', 'status'], cwd=missing directory)")
    # ambiguous by rule 6: the whole command line is taken as the program, which is not found; the text does not say to split it
    c.add_forms(source, "command-line-as-program", caught(lambda: subprocess.run("git status --short", capture_output=True)), "ambiguous", "no program named 'git status --short'; that the string must be split or run by a shell is not said", "subprocess.run('git status --short') without shell=True")


def processes9(c):
    _protected()
    source = "python-subprocess"
    git = _run(["git", "--version"], cwd=R9).stdout.strip()
    repo = f"{R9}/repo"
    git_repo(repo, {"src/errors.py": "class RetryError(Exception):\n    pass\n", "src/client.py": "TIMEOUT = 30\n"}, "Initial commit")
    subprocess.run(["git", "checkout", "-q", "-b", "release/2.4"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/src/client.py", "TIMEOUT = 45\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Release timeout"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/src/client.py", "TIMEOUT = 60\n")
    run = _run(["git", "checkout", "release/2.4"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: local changes conflict with the branch; commit, stash or drop them depends on context
    c.add(source, "git-checkout-local-changes", "stderr", run.stderr, "ambiguous", "local changes would be overwritten; committing, stashing or dropping them depends on context", f"git checkout of a branch while the same file has local changes, stderr, exit {run.returncode} ({git})")

    _write(f"{repo}/src/errors.py", "class RetryError(Exception):\n    pass\n\n\nclass TimeoutError_(RetryError):\n    pass\n")
    _write(f"{repo}/tests/test_errors.py", "def test_timeout_error_is_retry_error():\n    pass\n")
    run = _run(["git", "status", "--short"], cwd=repo, env=GIT_ENV)
    # none by rule 1: the status that was asked for; the error words are file names
    c.add(source, "git-status-error-files", "stdout", run.stdout, "none", "the working tree status that was asked for; errors are file names", f"git status --short, stdout, exit {run.returncode} ({git})")

    grep = _run(["grep", "--version"], cwd=R9).stdout.split("\n")[0]
    _write(f"{R9}/logs/api.log", "2026-01-02 10:00:00 WARN upstream timeout (30s)\n2026-01-02 10:00:05 INFO retried\n")
    run = _run(["grep", "-E", "timeout(s|ed", "logs/api.log"], cwd=R9)
    # fixable: the pattern argument is malformed and the text says how (an unmatched parenthesis)
    c.add(source, "grep-unmatched-paren", "stderr", run.stderr, "fixable", "the pattern argument has an unmatched ( and the text says so", f"grep -E with an unbalanced group, stderr, exit {run.returncode} ({grep}, LC_ALL=C)")

    find = _run(["find", "--version"], cwd=R9).stdout.split("\n")[0]
    run = subprocess.run([*NOBODY, "find", f"{R9}/srv/private", "-name", "*.key"], capture_output=True, text=True, env=ENV, cwd="/")
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "find-permission", "stderr", run.stderr, "unrecoverable", "find reports Permission denied on the directory to search", f"find in a root-only directory as user nobody (setpriv), stderr, exit {run.returncode} ({find}, LC_ALL=C)")

    make = _run(["make", "--version"], cwd=R9).stdout.split("\n")[0]
    _write(f"{R9}/app/Makefile", "test:\n    python3 -m pytest -q\n")
    run = _run(["make", "test"], cwd=f"{R9}/app")
    # ambiguous by rule 6: the Makefile itself is wrong (spaces for a tab); the project's file, not the call
    c.add(source, "make-missing-separator", "stderr", run.stderr, "ambiguous", "the Makefile has a syntax error (a recipe indented with spaces); the file is wrong, not the call", f"make test with a recipe indented by spaces, stderr, exit {run.returncode} ({make}, LC_ALL=C)")

    jq = _run(["jq", "--version"], cwd=R9).stdout.strip()
    _write(f"{R9}/jobs.json", '{"jobs": [{"name": "nightly-export", "status": "failed"}, {"name": "thumbnails", "status": "succeeded"}]}\n')
    run = _run(["jq", '.jobs[] | select(.status == "failed"', "jobs.json"], cwd=R9)
    # fixable by rule 5 (as an SQL syntax error): the filter argument is unfinished and the text shows where
    c.add(source, "jq-syntax-error", "stderr", run.stderr, "fixable", "a syntax error in the filter argument (an unclosed parenthesis), quoted by the text", f"jq with an unclosed select(, stderr, exit {run.returncode} ({jq})")

    version = _run([sys.executable, "-m", "pip", "--version"], cwd=R9).stdout.split(" from ")[0]
    os.makedirs(f"{R9}/app/docs", exist_ok=True)
    run = _run([sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index", "-e", "."], cwd=f"{R9}/app/docs")
    # ambiguous by rule 6: the directory is not a Python project; which directory is meant is not said
    c.add(source, "pip-editable-not-project", "stderr", run.stderr, "ambiguous", "the directory has neither setup.py nor pyproject.toml; which directory is meant is not said", f"python3 -m pip install --no-index -e . in a directory without a project, stderr, exit {run.returncode} ({version})")

    sqlite3_cli = "sqlite3 " + _run(["sqlite3", "--version"], cwd=R9).stdout.split()[0]
    fresh_sqlite(f"{R9}/orders.db", "CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT)").close()
    run = _run(["sqlite3", "orders.db", "SELECT id, status FORM orders WHERE status = 'failed'"], cwd=R9)
    # fixable by rule 5: an SQL syntax error naming its token
    c.add(source, "sqlite3-cli-syntax-error", "stderr", run.stderr, "fixable", "names where the syntax error is (near \"orders\", after the misspelt FORM, with a caret under the query)", f"{sqlite3_cli} with FROM misspelt, stderr, exit {run.returncode}")

    _write(f"{R9}/rotate_keys.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='rotate_keys.py', description='Rotate API keys of a project.')\n"
           "parser.add_argument('--project', required=True)\nparser.add_argument('--older-than', type=int, default=90, help='age in days')\n"
           "args = parser.parse_args()\nprint(f'rotating keys of {args.project} older than {args.older_than} days')\n")
    run = _run([sys.executable, "rotate_keys.py", "--older-than", "30", "--project"], cwd=R9)
    # fixable by the argparse row of LABELLING.md: names the option --project that needs a value
    c.add(source, "argparse-expected-one", "stderr", run.stderr, "fixable", "names the option --project that expects one argument", f"python3 rotate_keys.py with --project last and no value, stderr, exit {run.returncode}")

    _write(f"{R9}/event.json", '{"event":"upload.finished","error":null,"retries":{"ECONNRESET":1,"503":1},"files":3}\n')
    run = _run([sys.executable, "-m", "json.tool", "event.json"], cwd=R9)
    # none by rule 1: the document that was asked for, formatted; error is null and the retries are history
    c.add(source, "json-tool-retries", "stdout", run.stdout, "none", "the formatted document that was asked for; its error is null and the retries were counted before success", f"python3 -m json.tool of an event file, stdout, exit {run.returncode}")


def sqlite9(c):
    source = "python-sqlite3"
    os.makedirs(R9, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    db = fresh_sqlite(f"{R9}/tickets.db",
                      "CREATE TABLE tickets (id INTEGER PRIMARY KEY, title TEXT NOT NULL, status TEXT, meta TEXT)",
                      "INSERT INTO tickets (title, status) VALUES ('Checkout returns 502', 'open')")
    # fixable: names the parameter (number 3) and the type dict that it cannot bind
    c.add_forms(source, "bind-dict", caught(lambda: db.execute("INSERT INTO tickets (title, status, meta) VALUES (?, ?, ?)", ("Login times out", "open", {"source": "email"}))), "fixable", "names the parameter that cannot be bound and its type dict", f"{how} INSERT with a dict as a parameter")
    # fixable: names the named parameter :status that has no value
    c.add_forms(source, "missing-named-parameter", caught(lambda: db.execute("SELECT id, title FROM tickets WHERE status = :status AND title LIKE :q", {"q": "%502%"})), "fixable", "names the binding parameter :status that was not supplied", f"{how} SELECT whose named parameter is missing from the dict")
    db.execute("INSERT INTO tickets (title, status) VALUES ('Permission denied on export bucket', 'closed')")
    rows = db.execute("SELECT id, title, status FROM tickets ORDER BY id").fetchall()
    # none by rule 1: the rows that were asked for; the status codes and errors are ticket titles
    c.add(source, "ticket-rows-error-titles", "str", str(rows), "none", "the rows that were asked for; 502 and Permission denied are ticket titles", f"{how} str(fetchall()) of a SELECT")
    db.close()

    full = sqlite3.connect(f"{R9}/small.db")
    full.execute("PRAGMA max_page_count = 8")
    full.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT)")

    def fill():
        for i in range(200):
            full.execute("INSERT INTO events (payload) VALUES (?)", ("x" * 500,))

    # ambiguous by rule 6 (like a full device): SQLITE_FULL; freeing space or raising the limit depends on context
    c.add_forms(source, "database-full", caught(fill), "ambiguous", "the database or disk is full; freeing space or raising the limit depends on context", f"{how} INSERTs past PRAGMA max_page_count")
    full.close()


def values9(c):
    source = "python-builtins"
    # fixable by rule 5: says the day is out of range for the month of the value
    c.add_forms(source, "strptime-day-out-of-range", caught(lambda: datetime.datetime.strptime("2026-02-30", "%Y-%m-%d")), "fixable", "says the day of the date argument is out of range for its month", "datetime.strptime('2026-02-30', '%Y-%m-%d')")
    # fixable by rule 5: quotes the network value and what is wrong with it (host bits set)
    c.add_forms("python-ipaddress", "host-bits-set", caught(lambda: ipaddress.ip_network("10.20.30.40/24")), "fixable", "quotes the network argument and says it has host bits set", "ipaddress.ip_network('10.20.30.40/24')")

    pydantic = optional_import("pydantic")
    if pydantic is None:
        return
    import uuid

    class Refund(pydantic.BaseModel):
        order_id: uuid.UUID
        amount: float

    # fixable by rule 5: names order_id and that it must be a valid UUID
    c.add_forms("python-pydantic", "uuid-parsing", caught(lambda: Refund(order_id="ord_8c1f2e", amount=12.5)), "fixable", "names order_id and that it must be a valid UUID", f"pydantic {pydantic.VERSION} model validation of a UUID field", which=("str", "named"))
