"""Round 11 of the Python cases, a representative day: file operations (a missing CSV, credentials that user nobody
may not read, a directory removed as a file), commands a shell or exec tool runs every day (git push without a
remote, a checkout of a missing branch, pytest with a failing test, a script's KeyError and argparse usage error,
pip offline, mv, rm as user nobody, ls with a bad --sort value, a script that outlives its timeout, json.tool of a
clean response), sqlite3 queries (an unknown column, a syntax error, a locked database, rows with an empty error
column) and the parsing and validation of a tool's arguments and data (json, date, pydantic, jsonschema,
botocore). The truth and its reason are stated next to each call, by the principles in ../../LABELLING.md.
Scratch paths are fixed under /tmp/rb-corpus/py/r11; the command helpers are round6's."""
import datetime
import json
import os
import re
import sqlite3
import subprocess
import sys

from common import GIT_ENV, SCRATCH, caught, fresh_sqlite, git_repo, write_file as _write
from round2 import NOBODY, _as_nobody_forms
from round6 import ENV, _coreutils, _run
from libraries import jsonschema_cases, optional_import

R11 = f"{SCRATCH}/r11"


def _protected():
    """R11/srv (root, 0755) with a root-owned credentials file (0600) and a root-owned logs directory."""
    os.makedirs(f"{R11}/srv/logs/2025-12", exist_ok=True)
    for path in (SCRATCH, R11, f"{R11}/srv", f"{R11}/srv/logs", f"{R11}/srv/logs/2025-12"):
        os.chmod(path, 0o755)
    _write(f"{R11}/srv/credentials", "[default]\naws_access_key_id = AKIAEXAMPLEEXAMPLE11\n", 0o600)
    _write(f"{R11}/srv/logs/2025-12/api.log", "2025-12-31 23:59:59 INFO shutdown\n", 0o644)


def files11(c):
    _protected()
    # ambiguous by rule 6: ENOENT; which file is meant is not said
    c.add_forms("python-builtins", "r11-open-missing-customers-csv", caught(lambda: open(f"{R11}/data/customers_2025.csv", newline="")), "ambiguous", "the CSV file does not exist; which one is meant is not said", "open() of a missing CSV file")
    # unrecoverable by rule 2: Permission denied reading a file of another user
    _as_nobody_forms(c, "python-builtins", "r11-read-credentials-permission", f"open('{R11}/srv/credentials').read()", "unrecoverable", "permission denied reading a root-owned 0600 credentials file")
    os.makedirs(f"{R11}/tmp/cache", exist_ok=True)
    # ambiguous by rule 6: EISDIR; whether to remove the tree or another path is meant is not said
    c.add_forms("python-os", "r11-remove-directory", caught(lambda: os.remove(f"{R11}/tmp/cache")), "ambiguous", "the path is a directory; whether the tree should go or another path is meant is not said", "os.remove() of a directory")


SLUGIFY_TESTS = """from slugify_title import slugify


def test_plain_title():
    assert slugify("Hello World") == "hello-world"


def test_title_with_punctuation():
    assert slugify("Q4 Report: Revenue & Costs!") == "q4-report-revenue-costs"
"""


def processes11(c):
    _protected()
    source = "python-subprocess"
    git = _run(["git", "--version"], cwd=R11).stdout.strip()
    repo = f"{R11}/api"
    git_repo(repo, {"README.md": "# api\n", "app/main.py": "from fastapi import FastAPI\n\napp = FastAPI()\n"}, "Initial commit")
    run = _run(["git", "push", "-u", "origin", "main"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: no remote named origin; which remote or URL is meant is not said
    c.add(source, "r11-git-push-no-origin", "stderr", run.stderr, "ambiguous", "origin is not a configured remote; which remote or URL is meant is not said", f"git push -u origin main in a repository without remotes, stderr, exit {run.returncode} ({git})")
    run = _run(["git", "checkout", "feature/login-rate-limit"], cwd=repo, env=GIT_ENV)
    # ambiguous by the pathspec row: a name not found without the valid ones listed
    c.add(source, "r11-git-checkout-missing-branch", "stderr", run.stderr, "ambiguous", "the branch is not found and the existing ones are not listed", f"git checkout of a branch that does not exist, stderr, exit {run.returncode} ({git})")

    pytest = optional_import("pytest")
    if pytest is not None:
        how = f"pytest {pytest.__version__}"
        tests = f"{R11}/blog"
        _write(f"{tests}/slugify_title.py", "import re\n\n\ndef slugify(title):\n    return re.sub(r'[^a-z0-9]+', '-', title.lower())\n")
        _write(f"{tests}/test_slugify.py", SLUGIFY_TESTS)
        run = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_slugify.py"], cwd=tests)
        # ambiguous by rule 6: a failing test; the code or the test is wrong, not the call
        c.add(source, "r11-pytest-fail-slugify", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "ambiguous", "a failing test; whether the code or the test is wrong is not said", f"python3 -m pytest -q with one failing test ({how}; run time fixed to 0.01s), stdout, exit {run.returncode}")

    _write(f"{R11}/seed_db.py", "import os\nimport sqlite3\n\nurl = os.environ['DATABASE_URL']\ndb = sqlite3.connect(url.removeprefix('sqlite:///'))\nprint('seeded', db)\n")
    env = {k: v for k, v in ENV.items() if k != "DATABASE_URL"}
    run = _run([sys.executable, "seed_db.py"], cwd=R11, env=env)
    # ambiguous by rule 6: a program's own error (a missing environment variable)
    c.add("python-traceback", "r11-script-keyerror-env", "traceback", run.stderr, "ambiguous", "the script needs an environment variable that is not set; a program's own error", f"python3 seed_db.py without DATABASE_URL, stderr, exit {run.returncode}")

    _write(f"{R11}/import_orders.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='import_orders.py', description='Import orders from a CSV export.')\n"
           "parser.add_argument('--input', required=True, help='path of the CSV file')\nparser.add_argument('--batch-size', type=int, default=500)\n"
           "args = parser.parse_args()\nprint(f'importing {args.input} in batches of {args.batch_size}')\n")
    run = _run([sys.executable, "import_orders.py", "--batch-size", "200"], cwd=R11)
    # fixable by the argparse row: a usage error naming the missing required argument
    c.add(source, "r11-argparse-required-input", "stderr", run.stderr, "fixable", "names the required argument --input that is missing", f"python3 import_orders.py without --input, stderr, exit {run.returncode}")

    version = _run([sys.executable, "-m", "pip", "--version"], cwd=R11).stdout.split(" from ")[0]
    run = _run([sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index", "python-dotenv==1.0.1"], cwd=R11)
    # ambiguous by rule 6: no distribution found; whether the name, the version or the index is at fault is not said
    c.add(source, "r11-pip-no-index-dotenv", "stderr", run.stderr, "ambiguous", "no matching distribution without an index; what is missing where is not said", f"python3 -m pip install --no-index python-dotenv==1.0.1, stderr, exit {run.returncode} ({version})")

    coreutils = _coreutils()
    _write(f"{R11}/web/src/app.ts", "// TODO: handle 429 from the API\nexport const retries = 3;\n")
    run = _run(["mv", "dist/bundle.js", "public/js/"], cwd=f"{R11}/web")
    # ambiguous by rule 6: ENOENT reported by a command
    c.add(source, "r11-mv-missing-source", "stderr", run.stderr, "ambiguous", "the file to move does not exist; which one is meant is not said", f"mv of a missing file, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = _run(["ls", "-lh", "--sort=date", "src"], cwd=f"{R11}/web")
    # fixable by the argparse row: a usage error naming the invalid argument and the valid ones
    c.add(source, "r11-ls-invalid-sort", "stderr", run.stderr, "fixable", "names the invalid --sort value and lists the valid arguments", f"ls --sort=date, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = subprocess.run([*NOBODY, "rm", "-rf", f"{R11}/srv/logs/2025-12"], capture_output=True, text=True, env=ENV, cwd="/")
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "r11-rm-rf-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"rm -rf of a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    _write(f"{R11}/wait_for_db.py", "import time\n\nwhile True:\n    print('waiting for postgres on db:5432 ...', flush=True)\n    time.sleep(1)\n")
    # ambiguous by rule 3: the command's own time limit
    c.add_forms(source, "r11-timeout-wait-for-db", caught(lambda: subprocess.run([sys.executable, "wait_for_db.py"], capture_output=True, timeout=0.5, cwd=R11, env=ENV)), "ambiguous", "the command's own timeout; repeating may time out again", "subprocess.run([python3, 'wait_for_db.py'], timeout=0.5)", which=("str", "named"))

    _write(f"{R11}/data/webhook_response.json", '{"delivered": 48, "failed": 0, "errors": [], "last_error": null, "retried_after_timeout": 2}')
    run = _run([sys.executable, "-m", "json.tool", "data/webhook_response.json"], cwd=R11)
    # none by rule 1: the formatted document that was asked for; no error in it
    c.add(source, "r11-json-tool-webhook-ok", "stdout", run.stdout, "none", "the document was formatted; failed is 0, errors empty, last_error null", f"python3 -m json.tool of a response file, stdout, exit {run.returncode}")


def sqlite11(c):
    source = "python-sqlite3"
    os.makedirs(R11, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    path = f"{R11}/app.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, total_cents INTEGER NOT NULL, status TEXT NOT NULL, placed_at TEXT NOT NULL)",
                      "INSERT INTO orders (customer_id, total_cents, status, placed_at) VALUES (7, 4999, 'paid', '2026-01-02 09:00:00')",
                      "CREATE TABLE jobs (name TEXT PRIMARY KEY, status TEXT, last_error TEXT)",
                      "INSERT INTO jobs VALUES ('retry-failed-payments', 'ok', NULL), ('purge-error-logs', 'ok', NULL)")
    # ambiguous by rule 6: an unknown column; which one is meant is not said
    c.add_forms(source, "r11-no-such-column-created-at", caught(lambda: db.execute("SELECT id, total_cents FROM orders WHERE created_at >= ?", ("2026-01-01",))), "ambiguous", "an unknown column; which one is meant is not said", f"{how} SELECT with a column that does not exist")
    # fixable by rule 5: an SQL syntax error naming its token
    c.add_forms(source, "r11-syntax-trailing-comma", caught(lambda: db.execute("SELECT id, status, FROM orders")), "fixable", "names the token FROM where the query is malformed", f"{how} SELECT with a trailing comma before FROM")
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE orders SET status = 'refunded' WHERE id = 1")
    other = sqlite3.connect(path, timeout=0)
    # transient by rule 4: database is locked by another writer
    c.add_forms(source, "r11-locked-insert-order", caught(lambda: other.execute("INSERT INTO orders (customer_id, total_cents, status, placed_at) VALUES (8, 1200, 'paid', '2026-01-02 09:05:00')")), "transient", "another connection holds the write lock", f"{how} INSERT while another connection has an open write transaction")
    writer.rollback()
    writer.close()
    other.close()
    rows = db.execute("SELECT name, status, last_error FROM jobs ORDER BY name").fetchall()
    # none by rule 1: the rows that were asked for; last_error is empty and the error words are job names
    c.add(source, "r11-jobs-rows-no-error", "str", str(rows), "none", "the rows that were asked for; last_error is None and the error words are job names", f"{how} str(fetchall()) of a jobs table")
    db.close()


def values11(c):
    # ambiguous by rule 6: a parse error of data the tool read (an empty response body)
    c.add_forms("python-builtins", "r11-json-loads-empty-body", caught(lambda: json.loads("")), "ambiguous", "a JSON parse error of an empty body the tool read; why it is empty is not said", "json.loads('') of an empty response body")
    # fixable by rule 5: quotes the value and says it is not an ISO date
    c.add_forms("python-builtins", "r11-fromisoformat-unpadded", caught(lambda: datetime.date.fromisoformat("2026-1-15")), "fixable", "quotes the date value and says it is not an ISO format string", "date.fromisoformat('2026-1-15')")

    pydantic = optional_import("pydantic")
    if pydantic is not None:
        class ListIssues(pydantic.BaseModel):
            repo: str
            state: str = "open"
            per_page: int = pydantic.Field(30, ge=1, le=100)

        # fixable by rule 5: names per_page and its bound
        c.add_forms("python-pydantic", "r11-per-page-too-large", caught(lambda: ListIssues(repo="acme/api", per_page=500)), "fixable", "names per_page and that it must be at most 100", f"pydantic {pydantic.VERSION} model validation of a tool's arguments", which=("str", "named"))

    jsonschema = optional_import("jsonschema")
    if jsonschema is not None:
        schema = {"type": "object", "properties": {"channel": {"type": "string"}, "text": {"type": "string"}, "thread_ts": {"type": "string"}}, "required": ["channel", "text"], "additionalProperties": False}
        # fixable by rule 5: names the value of thread_ts and the type it must have
        jsonschema_cases(c, jsonschema, schema, [("r11-thread-ts-type", {"channel": "#deploys", "text": "deploy finished", "thread_ts": 1767348000.0002}, "names the value of thread_ts and that it must be a string")])

    botocore = optional_import("botocore.session")
    if botocore is not None:
        import botocore as bc

        client = botocore.get_session().create_client("s3", region_name="us-east-1", aws_access_key_id="AKIAEXAMPLEEXAMPLE11", aws_secret_access_key="example-secret-key-example-secret-key1")
        # fixable by rule 5: botocore's ParamValidationError names the bucket value and the pattern it must match
        c.add_forms("python-botocore", "r11-get-object-bucket-with-slash", caught(lambda: client.get_object(Bucket="acme-exports/2026-01", Key="invoices.csv")), "fixable", "names the invalid Bucket value and the pattern it must match", f"botocore {bc.__version__} s3 get_object with a key prefix in Bucket (no request made)", which=("str", "named"))
