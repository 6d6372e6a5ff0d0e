"""Round 8 of the Python cases, a day-to-day sample: file operations (a rename as user nobody in a root-owned
directory, a scandir of a missing directory, an empty JSON config), commands a shell or exec tool runs (git
commit, merge and push to a local bare repository, tar of a missing directory, an unterminated sed expression,
pip with a missing requirements file and a malformed requirement, the sqlite3 command-line shell, grep -c, a
python script whose own code fails), sqlite3 queries (a closed connection, a table name as a parameter) and the
parsing and validation of a tool's arguments and data (fromisoformat, csv.DictWriter, pydantic). The truth and
its reason are stated next to each call, by the principles in ../../LABELLING.md. Scratch paths are fixed under
/tmp/rb-corpus/py/r8; the command helpers are round6's."""
import csv
import datetime
import io
import json
import os
import sqlite3
import subprocess
import sys

from common import GIT_ENV, SCRATCH, caught, fresh_sqlite, git_repo, write_file as _write
from round2 import NOBODY, _as_nobody_forms
from round6 import ENV, _run
from libraries import optional_import

R8 = f"{SCRATCH}/r8"


def _protected():
    """R8/srv/uploads (root, 0755) with a root-owned file that nobody may read but not move."""
    os.makedirs(f"{R8}/srv/uploads", exist_ok=True)
    for path in (SCRATCH, R8, f"{R8}/srv", f"{R8}/srv/uploads"):
        os.chmod(path, 0o755)
    _write(f"{R8}/srv/uploads/avatar.png", "png\n", 0o644)


def files8(c):
    _protected()
    # unrecoverable by rule 2: the directory belongs to root; nobody may not rename in it
    _as_nobody_forms(c, "python-pathlib", "rename-permission", f"__import__('pathlib').Path('{R8}/srv/uploads/avatar.png').rename('{R8}/srv/uploads/avatar-old.png')", "unrecoverable", "permission denied renaming a file in a root-owned directory")

    # ambiguous by rule 6: ENOENT; which directory is meant is not said
    c.add_forms("python-os", "scandir-missing", caught(lambda: list(os.scandir(f"{R8}/exports/2026-01"))), "ambiguous", "the directory to list does not exist; which one is meant is not said", "os.scandir of a missing directory")

    _write(f"{R8}/config/settings.json", "")

    def load_settings():
        with open(f"{R8}/config/settings.json") as f:
            return json.load(f)

    # ambiguous by rule 6: a parse error of data the tool read (the file is empty)
    c.add_forms("python-builtins", "json-load-empty-file", caught(load_settings), "ambiguous", "a parse error of a JSON file the tool read (it is empty); the fix is in the data, not a changed value", "json.load of an empty file")


def processes8(c):
    os.makedirs(R8, exist_ok=True)
    source = "python-subprocess"
    git = _run(["git", "--version"], cwd=R8).stdout.strip()

    repo = f"{R8}/repo"
    git_repo(repo, {"client.py": "TIMEOUT = 30\nRETRIES = 3\n"}, "Initial commit")
    run = _run(["git", "commit", "-m", "Raise the client timeout"], cwd=repo, env=GIT_ENV)
    # ambiguous: a bare exit 1; there is nothing to commit and whether a change was meant to be made first is not said
    c.add(source, "git-nothing-to-commit", "stdout", run.stdout, "ambiguous", "nothing was committed because nothing changed; whether an edit is missing or the work is done depends on context", f"git commit with a clean working tree, stdout, exit {run.returncode} ({git})")

    _write(f"{repo}/client.py", "TIMEOUT = 60\nRETRIES = 3\n")
    run = _run(["git", "commit", "-a", "-m", "Fix read timeout error on slow uploads (retry 500 and 503)"], cwd=repo, env=GIT_ENV)
    # none by rule 1: the commit was made; its message names errors and statuses
    c.add(source, "git-commit-error-words", "stdout", run.stdout, "none", "the commit that was asked for was made; the error words are its message", f"git commit -a, stdout, exit {run.returncode} ({git})")

    subprocess.run(["git", "checkout", "-q", "-b", "feature/retries", "HEAD~1"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/client.py", "TIMEOUT = 45\nRETRIES = 5\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Tune retries"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=repo, env=GIT_ENV, check=True)
    run = _run(["git", "merge", "feature/retries"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: a conflict with the stored content; how to resolve it is not said
    c.add(source, "git-merge-conflict", "stdout", run.stdout, "ambiguous", "a merge conflict in client.py; which side to keep depends on context", f"git merge of a branch that changed the same line, stdout, exit {run.returncode} ({git})")
    subprocess.run(["git", "merge", "--abort"], cwd=repo, env=GIT_ENV, check=True)

    remote = f"{R8}/remote.git"
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q", "--bare", remote], env=GIT_ENV, check=True)
    subprocess.run(["git", "push", "-q", remote, "main"], cwd=repo, env=GIT_ENV, check=True)
    other = f"{R8}/other"
    subprocess.run(["git", "clone", "-q", remote, other], env=GIT_ENV, check=True)
    _write(f"{other}/README.md", "# client\n")
    subprocess.run(["git", "add", "README.md"], cwd=other, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Add README"], cwd=other, env=GIT_ENV, check=True)
    subprocess.run(["git", "push", "-q", "origin", "main"], cwd=other, env=GIT_ENV, check=True)
    _write(f"{repo}/client.py", "TIMEOUT = 90\nRETRIES = 3\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Raise timeout again"], cwd=repo, env=GIT_ENV, check=True)
    run = _run(["git", "push", remote, "main"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: the remote has work the local branch lacks (a conflict with stored data); pull and merge
    # or stop depends on context
    c.add(source, "git-push-rejected", "stderr", run.stderr, "ambiguous", "the push is rejected because the remote has newer commits; fetching and merging or stopping depends on context", f"git push of a branch behind its remote (a local bare repository), stderr, exit {run.returncode} ({git})")

    tar = _run(["tar", "--version"], cwd=R8).stdout.split("\n")[0]
    os.makedirs(f"{R8}/app/static", exist_ok=True)
    run = _run(["tar", "-czf", "backup.tar.gz", "static", "media"], cwd=f"{R8}/app")
    # ambiguous by rule 6: ENOENT reported by a command; which directory is meant is not said
    c.add(source, "tar-create-missing", "stderr", run.stderr, "ambiguous", "a directory to archive does not exist; which one is meant is not said", f"tar -czf of a missing directory, stderr, exit {run.returncode} ({tar}, LC_ALL=C)")

    sed = _run(["sed", "--version"], cwd=R8).stdout.split("\n")[0]
    _write(f"{R8}/app/config.ini", "[http]\ntimeout=30\nretries=3\n")
    run = _run(["sed", "-i", "s/timeout=30/timeout=60", "config.ini"], cwd=f"{R8}/app")
    # fixable: the expression argument is malformed and the text says what (the s command is not terminated)
    c.add(source, "sed-unterminated-s", "stderr", run.stderr, "fixable", "the sed expression argument lacks its closing delimiter; the text says the s command is unterminated", f"sed -i with an s command missing its last slash, stderr, exit {run.returncode} ({sed}, LC_ALL=C)")

    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index"]
    version = _run([sys.executable, "-m", "pip", "--version"], cwd=R8).stdout.split(" from ")[0]
    run = _run([*pip, "-r", "requirements.txt"], cwd=f"{R8}/app")
    # ambiguous by rule 6: ENOENT of the requirements file; which file is meant is not said
    c.add(source, "pip-requirements-missing", "stderr", run.stderr, "ambiguous", "the requirements file does not exist; which file is meant is not said", f"python3 -m pip install --no-index -r requirements.txt without the file, stderr, exit {run.returncode} ({version})")
    run = _run([*pip, "requests>=2.31,"], cwd=f"{R8}/app")
    # fixable: quotes the malformed requirement argument
    c.add(source, "pip-invalid-requirement", "stderr", run.stderr, "fixable", "quotes the requirement argument that is malformed (a trailing comma)", f"python3 -m pip install --no-index 'requests>=2.31,', stderr, exit {run.returncode} ({version})")

    _write(f"{R8}/logs/errors-api.log", "2026-01-02 10:00:00 INFO started\n")
    _write(f"{R8}/logs/errors-worker.log", "2026-01-02 10:00:00 INFO started\n")
    grep = _run(["grep", "--version"], cwd=R8).stdout.split("\n")[0]
    run = _run(["grep", "-c", "Traceback", "logs/errors-api.log", "logs/errors-worker.log"], cwd=R8)
    # none by rule 1: grep counted what it was asked to (zero matches, hence exit 1)
    c.add(source, "grep-count-zero", "stdout", run.stdout, "none", "the counts that were asked for: no tracebacks in either log (grep exits 1 when nothing matches)", f"grep -c of two logs without a match, stdout, exit {run.returncode} ({grep})")

    _write(f"{R8}/report.py", "import csv\n\ntotal = 0\nwith open('invoices.csv') as f:\n    for row in csv.DictReader(f):\n        total += row['amount']\nprint(f'total: {total:.2f}')\n")
    _write(f"{R8}/invoices.csv", "id,customer,amount\n1,Acme GmbH,99.50\n2,Globex,12.00\n")
    run = _run([sys.executable, "report.py"], cwd=R8)
    # ambiguous by rule 6: the script's own code fails (CSV values are strings); the code is wrong, not the call
    c.add("python-traceback", "unsupported-operand", "traceback", run.stderr, "ambiguous", "the script's own code adds a string to an int; the code is wrong, not the call", f"python3 report.py summing CSV values without converting them, stderr, exit {run.returncode}")

    sqlite3_cli = "sqlite3 " + _run(["sqlite3", "--version"], cwd=R8).stdout.split()[0]
    db = fresh_sqlite(f"{R8}/jobs.db",
                      "CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT, status TEXT, attempts INTEGER, last_error TEXT)",
                      "INSERT INTO jobs VALUES (1, 'nightly-export', 'succeeded', 1, NULL)",
                      "INSERT INTO jobs (name, status, attempts, last_error) VALUES ('invoice-sync', 'succeeded', 2, 'database is locked (attempt 1)')",
                      "INSERT INTO jobs (name, status, attempts, last_error) VALUES ('thumbnails', 'succeeded', 3, 'HTTP 503 from storage (attempts 1-2)')")
    db.close()
    os.chmod(f"{R8}/jobs.db", 0o644)
    run = _run(["sqlite3", "jobs.db", "SELECT name, last_error FROM jobs WHERE state = 'failed'"], cwd=R8)
    # ambiguous by rule 6: an unknown column; which one is meant (status?) is not said
    c.add(source, "sqlite3-cli-no-such-column", "stderr", run.stderr, "ambiguous", "an unknown column state; which column is meant is not said", f"{sqlite3_cli} with a column the table does not have in WHERE, stderr, exit {run.returncode}")
    run = _run(["sqlite3", "-header", "-column", "jobs.db", "SELECT name, status, attempts, last_error FROM jobs WHERE attempts > 1"], cwd=R8)
    # none by rule 1: the rows that were asked for; last_error holds errors of earlier attempts of succeeded jobs
    c.add(source, "sqlite3-cli-retried-jobs", "stdout", run.stdout, "none", "the rows that were asked for; the errors are history of jobs that succeeded", f"{sqlite3_cli} -header -column SELECT, stdout, exit {run.returncode}")
    run = subprocess.run([*NOBODY, "sqlite3", f"{R8}/jobs.db", "UPDATE jobs SET attempts = 0"], capture_output=True, text=True, env=ENV, cwd=R8)
    # unrecoverable by rule 2: a read-only database (the file belongs to root)
    c.add(source, "sqlite3-cli-readonly", "stderr", run.stderr, "unrecoverable", "the database file is read-only for this user", f"{sqlite3_cli} UPDATE as user nobody (setpriv) on a root-owned database, stderr, exit {run.returncode}")


def sqlite8(c):
    source = "python-sqlite3"
    os.makedirs(R8, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    db = fresh_sqlite(f"{R8}/crm.db",
                      "CREATE TABLE contacts (id INTEGER PRIMARY KEY, email TEXT NOT NULL, company TEXT)",
                      "INSERT INTO contacts (email, company) VALUES ('ada@example.com', 'Acme GmbH')")
    # fixable by rule 5: an SQL syntax error naming its token (a table name cannot be a bound parameter)
    c.add_forms(source, "table-name-parameter", caught(lambda: db.execute("SELECT * FROM ? LIMIT 5", ("contacts",))), "fixable", "names the token ? where the syntax error is (the table name cannot be a parameter)", f"{how} SELECT with the table name as a bound parameter")
    db.close()
    # ambiguous by rule 6: the tool's own connection is closed; no argument of the call is wrong
    c.add_forms(source, "closed-database", caught(lambda: db.execute("SELECT count(*) FROM contacts")), "ambiguous", "the tool's own connection was closed; no argument of the call is named", f"{how} execute() on a closed connection")


def values8(c):
    # fixable by rule 5: quotes the value that is not an ISO 8601 string
    c.add_forms("python-builtins", "isoformat-timezone-name", caught(lambda: datetime.datetime.fromisoformat("2026-01-02 10:00:00 UTC")), "fixable", "quotes the value and that it must be an ISO format string", "datetime.fromisoformat('2026-01-02 10:00:00 UTC')")

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["id", "name", "total"])
    writer.writeheader()
    # fixable by rule 5: names the field email that is not among the fieldnames
    c.add_forms("python-csv", "dictwriter-extra-field", caught(lambda: writer.writerow({"id": 1, "name": "Acme GmbH", "total": 99.5, "email": "billing@acme.example"})), "fixable", "names the field email that is not in fieldnames", "csv.DictWriter.writerow of a row with a key outside fieldnames")

    pydantic = optional_import("pydantic")
    if pydantic is None:
        return

    class Flags(pydantic.BaseModel):
        name: str
        enabled: bool

    # fixable by rule 5: names enabled and that it must be a boolean
    c.add_forms("python-pydantic", "bool-parsing", caught(lambda: Flags(name="new-checkout", enabled="sometimes")), "fixable", "names enabled and that a valid boolean is needed", f"pydantic {pydantic.VERSION} model validation of a bool field", which=("str", "named"))
