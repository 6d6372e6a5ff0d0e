"""Round 7 of the Python cases, a day-to-day sample: file operations (a write into a missing directory, an
rmtree of a root-owned tree as user nobody), commands a shell or exec tool runs (chmod with a Python-style
mode, a script without its execute bit, git checkout -b of an existing branch, curl --fail of a 404, tail and
wc of logs), sqlite3 queries (a commit while another connection reads, a reserved word as a column name, a
file that is not a database) and the parsing and validation of a tool's arguments and data (JSON, base64,
shlex, pydantic). The truth and its reason are stated next to each call, by the principles in
../../LABELLING.md. Scratch paths are fixed under /tmp/rb-corpus/py/r7; the command helpers are round6's."""
import base64
import json
import os
import pathlib
import shlex
import sqlite3
import subprocess

from common import SCRATCH, caught, fresh_sqlite
from round2 import _as_nobody_forms
from round6 import GIT_ENV, _coreutils, _run, _write
from libraries import optional_import

R7 = f"{SCRATCH}/r7"


def files7(c):
    os.makedirs(R7, exist_ok=True)
    # ambiguous by rule 6: ENOENT of a parent directory; whether to create it or which path is meant is not said
    c.add_forms("python-pathlib", "write-missing-parent", caught(lambda: pathlib.Path(f"{R7}/reports/2026/q1/summary.md").write_text("# Q1 summary\n")), "ambiguous", "the directory to write into does not exist; create it or fix the path depends on context", "pathlib.Path.write_text into a directory that does not exist")

    for path in (SCRATCH, R7):
        os.chmod(path, 0o755)
    _write(f"{R7}/var/cache/build/index.json", '{"entries": []}\n', 0o644)
    # unrecoverable by rule 2: the tree belongs to root; nobody may not delete from it
    _as_nobody_forms(c, "python-shutil", "rmtree-permission", f"__import__('shutil').rmtree('{R7}/var/cache/build')", "unrecoverable", "permission denied deleting files of a root-owned directory")


def processes7(c):
    os.makedirs(R7, exist_ok=True)
    source = "python-subprocess"
    coreutils = _coreutils()

    _write(f"{R7}/deploy.sh", "#!/bin/sh\necho deploying\n", 0o644)
    run = _run(["chmod", "0o755", "deploy.sh"], cwd=R7)
    # fixable: quotes the mode '0o755' that chmod does not accept (octal is written 755)
    c.add(source, "chmod-invalid-mode", "stderr", run.stderr, "fixable", "quotes the invalid mode argument '0o755'", f"chmod 0o755 deploy.sh, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    run = _run(["bash", "-c", "./deploy.sh"], cwd=R7)
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "script-permission", "stderr", run.stderr, "unrecoverable", "the shell reports Permission denied running the script", f"bash -c ./deploy.sh of a script without an execute bit, stderr, exit {run.returncode}")

    repo = f"{R7}/repo"
    os.makedirs(repo, exist_ok=True)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/app.py", "print('hello')\n")
    subprocess.run(["git", "add", "app.py"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Initial commit"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "branch", "fix/retry-timeout"], cwd=repo, env=GIT_ENV, check=True)
    git = _run(["git", "--version"], cwd=R7).stdout.strip()
    run = _run(["git", "checkout", "-b", "fix/retry-timeout"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: the branch exists (EEXIST-like); switch to it, rename or stop depends on context
    c.add(source, "git-branch-exists", "stderr", run.stderr, "ambiguous", "the branch already exists; switching to it or choosing another name depends on context", f"git checkout -b of an existing branch, stderr, exit {run.returncode} ({git})")

    curl = _run(["curl", "--version"], cwd=R7).stdout.split("\n")[0].split(" (")[0]
    run = _run(["curl", "-sS", "--fail", f"{c.base}/v1/releases/latest"], cwd=R7)
    # ambiguous by the shell rule and rule 6: a 404 reported by the command
    c.add(source, "curl-fail-404", "stderr", run.stderr, "ambiguous", "404: missing resource; the next step depends on context", f"{curl} -sS --fail of a path the local server does not have, stderr, exit {run.returncode}")

    _write(f"{R7}/logs/errors.log", "".join(f"2026-01-02 09:{i:02d}:00 ERROR job {i} failed\n" for i in range(7)))
    _write(f"{R7}/logs/timeouts.log", "2026-01-02 09:15:00 WARN upstream timeout after 30s\n2026-01-02 09:40:00 WARN upstream timeout after 30s\n")
    run = _run(["wc", "-l", "logs/errors.log", "logs/timeouts.log"], cwd=R7)
    # none by rule 1: the line counts that were asked for; the file names contain error words
    c.add(source, "wc-error-logs", "stdout", run.stdout, "none", "the line counts that were asked for; errors and timeouts are file names", f"wc -l of two log files, stdout, exit {run.returncode} (GNU coreutils {coreutils})")

    _write(f"{R7}/logs/sync.log", "2026-01-02 10:00:00 INFO sync started (412 records)\n2026-01-02 10:00:03 WARN attempt 1 failed: 503 Service Unavailable, retrying in 2s\n"
           "2026-01-02 10:00:05 INFO attempt 2 succeeded\n2026-01-02 10:00:06 INFO sync finished: 412 records, 0 failed\n")
    run = _run(["tail", "-n", "3", "logs/sync.log"], cwd=R7)
    # none by rule 1: the log lines that were asked for; the 503 was retried and the sync finished
    c.add(source, "tail-sync-recovered", "stdout", run.stdout, "none", "the last log lines that were asked for; the failed attempt was retried and the sync finished", f"tail -n 3 of a log file, stdout, exit {run.returncode} (GNU coreutils {coreutils})")


def sqlite7(c):
    source = "python-sqlite3"
    os.makedirs(R7, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    path = f"{R7}/inventory.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE products (sku TEXT PRIMARY KEY, name TEXT NOT NULL, stock INTEGER NOT NULL)",
                      "CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT, team TEXT)",
                      "INSERT INTO products VALUES ('A-100', 'USB-C cable', 40)")
    # fixable by rule 5: an SQL syntax error naming its token (group is a keyword, the column is team)
    c.add_forms(source, "reserved-word", caught(lambda: db.execute("SELECT id, name, group FROM members")), "fixable", "names the token group where the syntax error is", f"{how} SELECT of a column named like the keyword GROUP")
    db.close()

    reader = sqlite3.connect(path, timeout=0)
    reader.execute("BEGIN")
    reader.execute("SELECT * FROM products").fetchall()
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("UPDATE products SET stock = stock - 1 WHERE sku = 'A-100'")
    # transient by rule 4: database is locked (another connection holds a read transaction)
    c.add_forms(source, "commit-while-reading", caught(writer.commit), "transient", "another connection's read transaction holds the lock", f"{how} commit() of an UPDATE while another connection has an open read transaction")
    writer.rollback()
    writer.close()
    reader.rollback()
    reader.close()

    _write(f"{R7}/orders.db", "id,customer,total\n1,Acme GmbH,99.50\n2,Globex,12.00\n")
    not_db = sqlite3.connect(f"{R7}/orders.db")
    # ambiguous by rule 6: the file is not a database; which file is meant is not said
    c.add_forms(source, "not-a-database", caught(lambda: not_db.execute("SELECT * FROM orders")), "ambiguous", "the file opened is not an SQLite database; which file is meant is not said", f"{how} SELECT on a CSV file opened as a database")
    not_db.close()


def values7(c):
    # ambiguous by rule 6: a parse error of data the tool read
    c.add_forms("python-builtins", "json-trailing-comma", caught(lambda: json.loads('{"service": "billing", "replicas": 2,}')), "ambiguous", "a parse error of JSON data the tool read; the fix is in the data, not a changed value", "json.loads of an object with a trailing comma")
    # ambiguous by rule 6: a decode error of data the tool read
    c.add_forms("python-base64", "incorrect-padding", caught(lambda: base64.b64decode("eyJ1c2VyIjoiYWRhIn0")), "ambiguous", "a decode error of data the tool read; which part is wrong is not said", "base64.b64decode of a token without its padding")
    # fixable: the command-line argument is malformed and the text says what is missing
    c.add_forms("python-shlex", "no-closing-quotation", caught(lambda: shlex.split('git commit -m "Fix retry loop')), "fixable", "the command argument lacks a closing quotation mark; the text says so", "shlex.split of a command string with an unclosed quote")

    pydantic = optional_import("pydantic")
    if pydantic is None:
        return

    class LineItem(pydantic.BaseModel):
        sku: str
        quantity: int

    # fixable by rule 5: names quantity and that it must be a whole number
    c.add_forms("python-pydantic", "int-from-float", caught(lambda: LineItem(sku="A-100", quantity=2.5)), "fixable", "names quantity and that it must be an integer without a fractional part", f"pydantic {pydantic.VERSION} model validation of 2.5 for an int field", which=("str", "named"))
