"""Round 6 of the Python cases, a day-to-day sample: file operations (makedirs and chmod as user nobody, a copy
of a missing file), commands a shell or exec tool runs (touch as user nobody, head, grep, diff, timeout, wget,
git push, a python script with argparse and one whose own code fails), sqlite3 queries (a write while another
connection writes, a trailing comma, an ambiguous column) and the parsing and validation of a tool's arguments
and data (float, pydantic, csv, YAML). The truth and its reason are stated next to each call, by the
principles in ../../LABELLING.md. Scratch paths are fixed under /tmp/rb-corpus/py/r6."""
import csv
import io
import os
import re
import shutil
import sqlite3
import subprocess
import sys

from common import COMMAND_ENV, GIT_ENV, SCRATCH, caught, fresh_sqlite, write_file as _write
from round2 import NOBODY, _as_nobody_forms
from libraries import optional_import

R6 = f"{SCRATCH}/r6"
ENV = COMMAND_ENV


def _run(argv, cwd=R6, env=ENV, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=env, **kwargs)


def _coreutils():
    return _run(["head", "--version"], cwd="/").stdout.split("\n")[0].split(") ")[-1]


def _protected():
    """R6/srv (root, 0755) with a root-owned file that nobody may read but not change."""
    os.makedirs(f"{R6}/srv", exist_ok=True)
    for path in (SCRATCH, R6, f"{R6}/srv"):
        os.chmod(path, 0o755)
    _write(f"{R6}/srv/deploy.sh", "#!/bin/sh\necho deploying\n", 0o644)


def files6(c):
    _protected()
    # unrecoverable by rule 2: the parent directory belongs to root
    _as_nobody_forms(c, "python-os", "makedirs-permission", f"os.makedirs('{R6}/srv/cache/thumbnails')", "unrecoverable", "permission denied creating a directory under a root-owned one")
    # unrecoverable by rule 2: only the owner may change the mode (EPERM)
    _as_nobody_forms(c, "python-os", "chmod-not-permitted", f"os.chmod('{R6}/srv/deploy.sh', 0o755)", "unrecoverable", "operation not permitted: the file belongs to another user")

    source = "python-shutil"
    os.makedirs(f"{R6}/backup", exist_ok=True)
    # ambiguous by rule 6: ENOENT of the source; which file is meant is not said
    c.add_forms(source, "copy-missing-source", caught(lambda: shutil.copy(f"{R6}/exports/2026-01-01.csv", f"{R6}/backup/")), "ambiguous", "the file to copy does not exist; which one is meant is not said", "shutil.copy of a missing file")


def processes6(c):
    _protected()
    source = "python-subprocess"
    coreutils = _coreutils()
    run = subprocess.run([*NOBODY, "touch", f"{R6}/srv/.deployed"], capture_output=True, text=True, env=ENV)
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "touch-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"touch in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    _write(f"{R6}/logs/app.log", "".join(f"2026-01-02 10:00:{i:02d} INFO request {i} served\n" for i in range(12)))
    run = _run(["head", "-n", "ten", "logs/app.log"])
    # fixable: quotes the value of -n that is not a number of lines
    c.add(source, "head-invalid-lines", "stderr", run.stderr, "fixable", "names the invalid number of lines 'ten' given to -n", f"head -n ten, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    grep = _run(["grep", "--version"]).stdout.split("\n")[0]
    run = _run(["grep", "-rn", "TODO", "src"])
    # ambiguous by rule 6: ENOENT reported by a command; which directory is meant is not said
    c.add(source, "grep-missing-dir", "stderr", run.stderr, "ambiguous", "the directory to search does not exist; which one is meant is not said", f"grep -rn TODO src in a directory without src, stderr, exit {run.returncode} ({grep}, LC_ALL=C)")

    e = caught(lambda: subprocess.run(["timeout", "0.5", "sleep", "5"], check=True, capture_output=True))
    # ambiguous by rule 6: a bare non-zero exit status (124 is timeout's own, which the text does not explain)
    c.add_forms(source, "timeout-124", e, "ambiguous", "a bare non-zero exit status of the command", "subprocess.run(['timeout', '0.5', 'sleep', '5'], check=True)")

    _write(f"{R6}/config/old.env", "LOG_LEVEL=error\nRETRY_ON_ERROR=false\nTIMEOUT=30\n")
    _write(f"{R6}/config/new.env", "LOG_LEVEL=error\nRETRY_ON_ERROR=true\nTIMEOUT=60\n")
    diff = _run(["diff", "--version"]).stdout.split("\n")[0]
    run = _run(["diff", "-u", "--label", "config/old.env", "--label", "config/new.env", "config/old.env", "config/new.env"])
    # none by rule 1: diff exits 1 when the files differ; it printed the differences it was asked for
    c.add(source, "diff-changes", "stdout", run.stdout, "none", "the differences that were asked for (diff exits 1 when files differ); error words are config keys", f"diff -u of two config files, stdout, exit {run.returncode} ({diff})")

    wget = _run(["wget", "--version"]).stdout.split("\n")[0].split(" built")[0]
    run = _run(["wget", "-O", "-", "--tries=1", f"http://127.0.0.1:{c.closed}/v1/health"])
    text = re.sub(r"^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d--", "--2026-01-02 10:00:00--", run.stderr.replace(f"127.0.0.1:{c.closed}", "127.0.0.1:8001"), flags=re.M)
    # transient by the shell rule: a refused connection
    c.add(source, "wget-refused", "stderr", text, "transient", "connection refused", f"{wget} -O - --tries=1 to a closed port, stderr, exit {run.returncode} (port fixed to 8001, timestamp fixed)")

    repo = f"{R6}/repo"
    os.makedirs(repo, exist_ok=True)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=GIT_ENV, check=True)
    _write(f"{repo}/README.md", "# billing\n")
    subprocess.run(["git", "add", "README.md"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Initial commit"], cwd=repo, env=GIT_ENV, check=True)
    git = _run(["git", "--version"]).stdout.strip()
    run = _run(["git", "push", f"http://127.0.0.1:{c.closed}/team/billing.git", "main"], cwd=repo, env=GIT_ENV)
    text = re.sub(r"after \d+ ms", "after 0 ms", run.stderr.replace(f"127.0.0.1:{c.closed}", "127.0.0.1:8001").replace(f"port {c.closed}", "port 8001"))
    # transient by the shell rule: the server refused the connection
    c.add(source, "git-push-refused", "stderr", text, "transient", "the connection to the remote was refused", f"git push over http to a closed port, stderr, exit {run.returncode} ({git}; port fixed to 8001, time fixed to 0 ms)")

    _write(f"{R6}/export_orders.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='export_orders.py', description='Export orders as CSV.')\n"
           "parser.add_argument('--since', required=True, help='first day, YYYY-MM-DD')\nparser.add_argument('--output', default='orders.csv')\n"
           "args = parser.parse_args()\nprint(f'exporting orders since {args.since} to {args.output}')\n")
    run = _run([sys.executable, "export_orders.py", "--since", "2026-01-01", "--dry-run"])
    # fixable by the argparse row of LABELLING.md: names the unrecognized option; the usage line lists the valid ones
    c.add(source, "argparse-unrecognized", "stderr", run.stderr, "fixable", "names the unrecognized argument --dry-run and the usage lists the valid options", f"python3 export_orders.py with an option it does not define, stderr, exit {run.returncode}")

    _write(f"{R6}/summarize.py", "import csv\n\nwith open('sales.csv') as f:\n    rows = list(csv.reader(f))\n\nfor row in rows[1:]:\n    region, amount = row[0], float(row[2])\n    print(region, amount)\n")
    _write(f"{R6}/sales.csv", "region,month,amount\nnorth,2026-01,1200.50\nsouth,2026-01\n")
    run = _run([sys.executable, "summarize.py"])
    # ambiguous by rule 6: the script's own code fails on a short row; the code or the data is wrong, not the call
    c.add("python-traceback", "index-error", "traceback", run.stderr, "ambiguous", "the script's own code fails on a CSV row with a missing field; the code or the data is wrong, not the call", f"python3 summarize.py on a CSV with a short row, stderr, exit {run.returncode}")


def sqlite6(c):
    source = "python-sqlite3"
    os.makedirs(R6, exist_ok=True)
    path = f"{R6}/shop.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT)",
                      "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total REAL NOT NULL)",
                      "INSERT INTO customers (name, country) VALUES ('Acme GmbH', 'DE')",
                      "INSERT INTO orders (customer_id, total) VALUES (1, 99.5)")
    how = f"sqlite3 {sqlite3.sqlite_version}"
    # fixable by rule 5: an SQL syntax error naming its token (the comma before FROM)
    c.add_forms(source, "trailing-comma", caught(lambda: db.execute("SELECT id, name, FROM customers")), "fixable", "names the token FROM where the syntax error is (a trailing comma before it)", f"{how} SELECT with a comma before FROM")
    # fixable by rule 5: names the column id that must be qualified with its table
    c.add_forms(source, "ambiguous-column", caught(lambda: db.execute("SELECT id, name, total FROM customers JOIN orders ON orders.customer_id = customers.id")), "fixable", "names the column id that is ambiguous in the join; qualifying it is the change", f"{how} a join selecting an unqualified column both tables have")
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE orders SET total = 101.0 WHERE id = 1")
    other = sqlite3.connect(path, timeout=0)
    # transient by rule 4: database is locked (another connection holds the write lock)
    c.add_forms(source, "insert-while-writing", caught(lambda: other.execute("INSERT INTO orders (customer_id, total) VALUES (1, 12.0)")), "transient", "another connection holds the write lock", f"{how} INSERT while another connection has an open write transaction (BEGIN IMMEDIATE)")
    writer.rollback()
    writer.close()
    other.close()
    db.close()


def values6(c):
    source = "python-builtins"
    # fixable by rule 5: names the value '1,5' that is not a float
    c.add_forms(source, "float-parse", caught(lambda: float("1,5")), "fixable", "names the value '1,5' and that it must be a float", "float('1,5') on an argument")

    pydantic = optional_import("pydantic")
    if pydantic is not None:
        how = f"pydantic {pydantic.VERSION}"

        class Post(pydantic.BaseModel):
            title: str
            tags: list[str] = pydantic.Field(default_factory=list, max_length=3)

        # fixable by rule 5: names tags and the maximum of 3 items
        c.add_forms("python-pydantic", "list-too-long", caught(lambda: Post(title="Release notes 2.4", tags=["release", "changelog", "api", "python"])), "fixable", "names tags and that it may have at most 3 items", f"{how} model validation of a list with max_length=3", which=("str", "named"))

    source = "python-csv"
    data = 'id,name,note\n1,"Acme GmbH","net 30"\n2,"Globex" Inc,"prepaid"\n'
    # ambiguous by rule 6: a parse error of data the tool read
    c.add_forms(source, "strict-quote", caught(lambda: list(csv.reader(io.StringIO(data), strict=True))), "ambiguous", "a parse error of CSV data the tool read; the fix is in the data, not a changed value", "csv.reader(strict=True) of a row with text after a closing quote")
    rows = list(csv.DictReader(io.StringIO("job,status,error\nnightly-export,succeeded,\nthumbnails,succeeded,\n")))
    # none by rule 1: the rows were read; the error column is empty
    c.add(source, "rows-with-error-field", "str", str(rows), "none", "the rows that were read; their error fields are empty", "str(list(csv.DictReader(...))) of a CSV with an error column")

    yaml = optional_import("yaml")
    if yaml is None:
        return
    doc = "service: billing\nreplicas: 2\nenv:\n  LOG_LEVEL: info\n  DATABASE_URL: postgres://db:5432/billing\n   TIMEOUT: 30\n"
    # ambiguous by rule 6: a parse error of data the tool read (a key indented one space too far)
    c.add_forms("python-yaml", "mapping-values", caught(lambda: yaml.safe_load(doc)), "ambiguous", "a parse error of YAML data the tool read; the fix is in the data, not a changed value", f"PyYAML {yaml.__version__} safe_load of a mapping with a mis-indented key", which=("str", "named"))
