"""Commands a shell or exec tool runs in a project's working tree, against scratch git repositories (with a local
bare remote where a push is needed): git commits, merges, checkouts, pushes and status; pytest of the project's
tests; pip installs with no index; the project's scripts and their argparse errors; tar, sed, grep, find, make,
jq, ls, cp, mv, rm and timeout; and the sqlite3 shell on the project's data. The truth and its reason are stated
next to each call, by the principles in ../../LABELLING.md."""
import os
import re
import subprocess
import sys

from common import COMMAND_ENV, GIT_ENV, NOBODY, caught, coreutils_version, fresh_sqlite, git_repo, run_command, write_file
from libraries import optional_import
from scratch import R8, R9, R10, R11, root_owned_credentials_and_logs, root_owned_env_file, root_owned_service_tree


def commits_merges_pushes_and_the_sqlite_shell(c):
    os.makedirs(R8, exist_ok=True)
    source = "python-subprocess"
    git = run_command(["git", "--version"], cwd=R8).stdout.strip()

    repo = f"{R8}/repo"
    git_repo(repo, {"client.py": "TIMEOUT = 30\nRETRIES = 3\n"}, "Initial commit")
    run = run_command(["git", "commit", "-m", "Raise the client timeout"], cwd=repo, env=GIT_ENV)
    # ambiguous: a bare exit 1; there is nothing to commit and whether a change was meant to be made first is not said
    c.add(source, "git-nothing-to-commit", "stdout", run.stdout, "ambiguous", "nothing was committed because nothing changed; whether an edit is missing or the work is done depends on context", f"git commit with a clean working tree, stdout, exit {run.returncode} ({git})")

    write_file(f"{repo}/client.py", "TIMEOUT = 60\nRETRIES = 3\n")
    run = run_command(["git", "commit", "-a", "-m", "Fix read timeout error on slow uploads (retry 500 and 503)"], cwd=repo, env=GIT_ENV)
    # none by rule 1: the commit was made; its message names errors and statuses
    c.add(source, "git-commit-error-words", "stdout", run.stdout, "none", "the commit that was asked for was made; the error words are its message", f"git commit -a, stdout, exit {run.returncode} ({git})")

    subprocess.run(["git", "checkout", "-q", "-b", "feature/retries", "HEAD~1"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/client.py", "TIMEOUT = 45\nRETRIES = 5\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Tune retries"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=repo, env=GIT_ENV, check=True)
    run = run_command(["git", "merge", "feature/retries"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: a conflict with the stored content; how to resolve it is not said
    c.add(source, "git-merge-conflict", "stdout", run.stdout, "ambiguous", "a merge conflict in client.py; which side to keep depends on context", f"git merge of a branch that changed the same line, stdout, exit {run.returncode} ({git})")
    subprocess.run(["git", "merge", "--abort"], cwd=repo, env=GIT_ENV, check=True)

    remote = f"{R8}/remote.git"
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q", "--bare", remote], env=GIT_ENV, check=True)
    subprocess.run(["git", "push", "-q", remote, "main"], cwd=repo, env=GIT_ENV, check=True)
    other = f"{R8}/other"
    subprocess.run(["git", "clone", "-q", remote, other], env=GIT_ENV, check=True)
    write_file(f"{other}/README.md", "# client\n")
    subprocess.run(["git", "add", "README.md"], cwd=other, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Add README"], cwd=other, env=GIT_ENV, check=True)
    subprocess.run(["git", "push", "-q", "origin", "main"], cwd=other, env=GIT_ENV, check=True)
    write_file(f"{repo}/client.py", "TIMEOUT = 90\nRETRIES = 3\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Raise timeout again"], cwd=repo, env=GIT_ENV, check=True)
    run = run_command(["git", "push", remote, "main"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: the remote has work the local branch lacks (a conflict with stored data); pull and merge
    # or stop depends on context
    c.add(source, "git-push-rejected", "stderr", run.stderr, "ambiguous", "the push is rejected because the remote has newer commits; fetching and merging or stopping depends on context", f"git push of a branch behind its remote (a local bare repository), stderr, exit {run.returncode} ({git})")

    tar = run_command(["tar", "--version"], cwd=R8).stdout.split("\n")[0]
    os.makedirs(f"{R8}/app/static", exist_ok=True)
    run = run_command(["tar", "-czf", "backup.tar.gz", "static", "media"], cwd=f"{R8}/app")
    # ambiguous by rule 6: ENOENT reported by a command; which directory is meant is not said
    c.add(source, "tar-create-missing", "stderr", run.stderr, "ambiguous", "a directory to archive does not exist; which one is meant is not said", f"tar -czf of a missing directory, stderr, exit {run.returncode} ({tar}, LC_ALL=C)")

    sed = run_command(["sed", "--version"], cwd=R8).stdout.split("\n")[0]
    write_file(f"{R8}/app/config.ini", "[http]\ntimeout=30\nretries=3\n")
    run = run_command(["sed", "-i", "s/timeout=30/timeout=60", "config.ini"], cwd=f"{R8}/app")
    # fixable: the expression argument is malformed and the text says what (the s command is not terminated)
    c.add(source, "sed-unterminated-s", "stderr", run.stderr, "fixable", "the sed expression argument lacks its closing delimiter; the text says the s command is unterminated", f"sed -i with an s command missing its last slash, stderr, exit {run.returncode} ({sed}, LC_ALL=C)")

    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index"]
    version = run_command([sys.executable, "-m", "pip", "--version"], cwd=R8).stdout.split(" from ")[0]
    run = run_command([*pip, "-r", "requirements.txt"], cwd=f"{R8}/app")
    # ambiguous by rule 6: ENOENT of the requirements file; which file is meant is not said
    c.add(source, "pip-requirements-missing", "stderr", run.stderr, "ambiguous", "the requirements file does not exist; which file is meant is not said", f"python3 -m pip install --no-index -r requirements.txt without the file, stderr, exit {run.returncode} ({version})")
    run = run_command([*pip, "requests>=2.31,"], cwd=f"{R8}/app")
    # fixable: quotes the malformed requirement argument
    c.add(source, "pip-invalid-requirement", "stderr", run.stderr, "fixable", "quotes the requirement argument that is malformed (a trailing comma)", f"python3 -m pip install --no-index 'requests>=2.31,', stderr, exit {run.returncode} ({version})")

    write_file(f"{R8}/logs/errors-api.log", "2026-01-02 10:00:00 INFO started\n")
    write_file(f"{R8}/logs/errors-worker.log", "2026-01-02 10:00:00 INFO started\n")
    grep = run_command(["grep", "--version"], cwd=R8).stdout.split("\n")[0]
    run = run_command(["grep", "-c", "Traceback", "logs/errors-api.log", "logs/errors-worker.log"], cwd=R8)
    # none by rule 1: grep counted what it was asked to (zero matches, hence exit 1)
    c.add(source, "grep-count-zero", "stdout", run.stdout, "none", "the counts that were asked for: no tracebacks in either log (grep exits 1 when nothing matches)", f"grep -c of two logs without a match, stdout, exit {run.returncode} ({grep})")

    write_file(f"{R8}/report.py", "import csv\n\ntotal = 0\nwith open('invoices.csv') as f:\n    for row in csv.DictReader(f):\n        total += row['amount']\nprint(f'total: {total:.2f}')\n")
    write_file(f"{R8}/invoices.csv", "id,customer,amount\n1,Acme GmbH,99.50\n2,Globex,12.00\n")
    run = run_command([sys.executable, "report.py"], cwd=R8)
    # ambiguous by rule 6: the script's own code fails (CSV values are strings); the code is wrong, not the call
    c.add("python-traceback", "unsupported-operand", "traceback", run.stderr, "ambiguous", "the script's own code adds a string to an int; the code is wrong, not the call", f"python3 report.py summing CSV values without converting them, stderr, exit {run.returncode}")

    sqlite3_cli = "sqlite3 " + run_command(["sqlite3", "--version"], cwd=R8).stdout.split()[0]
    db = fresh_sqlite(f"{R8}/jobs.db",
                      "CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT, status TEXT, attempts INTEGER, last_error TEXT)",
                      "INSERT INTO jobs VALUES (1, 'nightly-export', 'succeeded', 1, NULL)",
                      "INSERT INTO jobs (name, status, attempts, last_error) VALUES ('invoice-sync', 'succeeded', 2, 'database is locked (attempt 1)')",
                      "INSERT INTO jobs (name, status, attempts, last_error) VALUES ('thumbnails', 'succeeded', 3, 'HTTP 503 from storage (attempts 1-2)')")
    db.close()
    os.chmod(f"{R8}/jobs.db", 0o644)
    run = run_command(["sqlite3", "jobs.db", "SELECT name, last_error FROM jobs WHERE state = 'failed'"], cwd=R8)
    # ambiguous by rule 6: an unknown column; which one is meant (status?) is not said
    c.add(source, "sqlite3-cli-no-such-column", "stderr", run.stderr, "ambiguous", "an unknown column state; which column is meant is not said", f"{sqlite3_cli} with a column the table does not have in WHERE, stderr, exit {run.returncode}")
    run = run_command(["sqlite3", "-header", "-column", "jobs.db", "SELECT name, status, attempts, last_error FROM jobs WHERE attempts > 1"], cwd=R8)
    # none by rule 1: the rows that were asked for; last_error holds errors of earlier attempts of succeeded jobs
    c.add(source, "sqlite3-cli-retried-jobs", "stdout", run.stdout, "none", "the rows that were asked for; the errors are history of jobs that succeeded", f"{sqlite3_cli} -header -column SELECT, stdout, exit {run.returncode}")
    run = subprocess.run([*NOBODY, "sqlite3", f"{R8}/jobs.db", "UPDATE jobs SET attempts = 0"], capture_output=True, text=True, env=COMMAND_ENV, cwd=R8)
    # unrecoverable by rule 2: a read-only database (the file belongs to root)
    c.add(source, "sqlite3-cli-readonly", "stderr", run.stderr, "unrecoverable", "the database file is read-only for this user", f"{sqlite3_cli} UPDATE as user nobody (setpriv) on a root-owned database, stderr, exit {run.returncode}")


def checkouts_patterns_makefiles_and_filters(c):
    root_owned_service_tree()
    source = "python-subprocess"
    git = run_command(["git", "--version"], cwd=R9).stdout.strip()
    repo = f"{R9}/repo"
    git_repo(repo, {"src/errors.py": "class RetryError(Exception):\n    pass\n", "src/client.py": "TIMEOUT = 30\n"}, "Initial commit")
    subprocess.run(["git", "checkout", "-q", "-b", "release/2.4"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/src/client.py", "TIMEOUT = 45\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Release timeout"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/src/client.py", "TIMEOUT = 60\n")
    run = run_command(["git", "checkout", "release/2.4"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: local changes conflict with the branch; commit, stash or drop them depends on context
    c.add(source, "git-checkout-local-changes", "stderr", run.stderr, "ambiguous", "local changes would be overwritten; committing, stashing or dropping them depends on context", f"git checkout of a branch while the same file has local changes, stderr, exit {run.returncode} ({git})")

    write_file(f"{repo}/src/errors.py", "class RetryError(Exception):\n    pass\n\n\nclass TimeoutError_(RetryError):\n    pass\n")
    write_file(f"{repo}/tests/test_errors.py", "def test_timeout_error_is_retry_error():\n    pass\n")
    run = run_command(["git", "status", "--short"], cwd=repo, env=GIT_ENV)
    # none by rule 1: the status that was asked for; the error words are file names
    c.add(source, "git-status-error-files", "stdout", run.stdout, "none", "the working tree status that was asked for; errors are file names", f"git status --short, stdout, exit {run.returncode} ({git})")

    grep = run_command(["grep", "--version"], cwd=R9).stdout.split("\n")[0]
    write_file(f"{R9}/logs/api.log", "2026-01-02 10:00:00 WARN upstream timeout (30s)\n2026-01-02 10:00:05 INFO retried\n")
    run = run_command(["grep", "-E", "timeout(s|ed", "logs/api.log"], cwd=R9)
    # fixable: the pattern argument is malformed and the text says how (an unmatched parenthesis)
    c.add(source, "grep-unmatched-paren", "stderr", run.stderr, "fixable", "the pattern argument has an unmatched ( and the text says so", f"grep -E with an unbalanced group, stderr, exit {run.returncode} ({grep}, LC_ALL=C)")

    find = run_command(["find", "--version"], cwd=R9).stdout.split("\n")[0]
    run = subprocess.run([*NOBODY, "find", f"{R9}/srv/private", "-name", "*.key"], capture_output=True, text=True, env=COMMAND_ENV, cwd="/")
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "find-permission", "stderr", run.stderr, "unrecoverable", "find reports Permission denied on the directory to search", f"find in a root-only directory as user nobody (setpriv), stderr, exit {run.returncode} ({find}, LC_ALL=C)")

    make = run_command(["make", "--version"], cwd=R9).stdout.split("\n")[0]
    write_file(f"{R9}/app/Makefile", "test:\n    python3 -m pytest -q\n")
    run = run_command(["make", "test"], cwd=f"{R9}/app")
    # ambiguous by rule 6: the Makefile itself is wrong (spaces for a tab); the project's file, not the call
    c.add(source, "make-missing-separator", "stderr", run.stderr, "ambiguous", "the Makefile has a syntax error (a recipe indented with spaces); the file is wrong, not the call", f"make test with a recipe indented by spaces, stderr, exit {run.returncode} ({make}, LC_ALL=C)")

    jq = run_command(["jq", "--version"], cwd=R9).stdout.strip()
    write_file(f"{R9}/jobs.json", '{"jobs": [{"name": "nightly-export", "status": "failed"}, {"name": "thumbnails", "status": "succeeded"}]}\n')
    run = run_command(["jq", '.jobs[] | select(.status == "failed"', "jobs.json"], cwd=R9)
    # fixable by rule 5 (as an SQL syntax error): the filter argument is unfinished and the text shows where
    c.add(source, "jq-syntax-error", "stderr", run.stderr, "fixable", "a syntax error in the filter argument (an unclosed parenthesis), quoted by the text", f"jq with an unclosed select(, stderr, exit {run.returncode} ({jq})")

    version = run_command([sys.executable, "-m", "pip", "--version"], cwd=R9).stdout.split(" from ")[0]
    os.makedirs(f"{R9}/app/docs", exist_ok=True)
    run = run_command([sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index", "-e", "."], cwd=f"{R9}/app/docs")
    # ambiguous by rule 6: the directory is not a Python project; which directory is meant is not said
    c.add(source, "pip-editable-not-project", "stderr", run.stderr, "ambiguous", "the directory has neither setup.py nor pyproject.toml; which directory is meant is not said", f"python3 -m pip install --no-index -e . in a directory without a project, stderr, exit {run.returncode} ({version})")

    sqlite3_cli = "sqlite3 " + run_command(["sqlite3", "--version"], cwd=R9).stdout.split()[0]
    fresh_sqlite(f"{R9}/orders.db", "CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT)").close()
    run = run_command(["sqlite3", "orders.db", "SELECT id, status FORM orders WHERE status = 'failed'"], cwd=R9)
    # fixable by rule 5: an SQL syntax error naming its token
    c.add(source, "sqlite3-cli-syntax-error", "stderr", run.stderr, "fixable", "names where the syntax error is (near \"orders\", after the misspelt FORM, with a caret under the query)", f"{sqlite3_cli} with FROM misspelt, stderr, exit {run.returncode}")

    write_file(f"{R9}/rotate_keys.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='rotate_keys.py', description='Rotate API keys of a project.')\n"
           "parser.add_argument('--project', required=True)\nparser.add_argument('--older-than', type=int, default=90, help='age in days')\n"
           "args = parser.parse_args()\nprint(f'rotating keys of {args.project} older than {args.older_than} days')\n")
    run = run_command([sys.executable, "rotate_keys.py", "--older-than", "30", "--project"], cwd=R9)
    # fixable by the argparse row of LABELLING.md: names the option --project that needs a value
    c.add(source, "argparse-expected-one", "stderr", run.stderr, "fixable", "names the option --project that expects one argument", f"python3 rotate_keys.py with --project last and no value, stderr, exit {run.returncode}")

    write_file(f"{R9}/event.json", '{"event":"upload.finished","error":null,"retries":{"ECONNRESET":1,"503":1},"files":3}\n')
    run = run_command([sys.executable, "-m", "json.tool", "event.json"], cwd=R9)
    # none by rule 1: the document that was asked for, formatted; error is null and the retries are history
    c.add(source, "json-tool-retries", "stdout", run.stdout, "none", "the formatted document that was asked for; its error is null and the retries were counted before success", f"python3 -m json.tool of an event file, stdout, exit {run.returncode}")


def everyday_git_pytest_pip_and_coreutils(c):
    root_owned_env_file()
    source = "python-subprocess"
    git = run_command(["git", "--version"], cwd=R10).stdout.strip()
    os.makedirs(f"{R10}/notes", exist_ok=True)
    run = run_command(["git", "status"], cwd=f"{R10}/notes", env=GIT_ENV)
    # ambiguous by rule 6: the directory is not a repository; which one is meant is not said
    c.add(source, "git-status-not-a-repo", "stderr", run.stderr, "ambiguous", "the working directory is not a git repository; which directory is meant is not said", f"git status outside a repository, stderr, exit {run.returncode} ({git})")

    repo = f"{R10}/webapp"
    git_repo(repo, {"app/settings.py": "DEBUG = False\nALLOWED_HOSTS = ['app.example.com']\n"}, "Initial commit")
    subprocess.run(["git", "checkout", "-q", "-b", "feature/staging-hosts"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/app/settings.py", "DEBUG = False\nALLOWED_HOSTS = ['app.example.com', 'staging.example.com']\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Allow the staging host"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/app/settings.py", "DEBUG = False\nALLOWED_HOSTS = ['app.example.com', 'www.example.com']\n")
    subprocess.run(["git", "commit", "-q", "-a", "-m", "Fix 400 Bad Request on www (ALLOWED_HOSTS)"], cwd=repo, env=GIT_ENV, check=True)
    run = run_command(["git", "log", "--oneline", "--all"], cwd=repo, env=GIT_ENV)
    # none by rule 1: the log that was asked for; the error words are commit messages
    c.add(source, "git-log-oneline-fix-400", "stdout", run.stdout, "none", "the log that was asked for; 400 Bad Request is a commit message", f"git log --oneline --all, stdout, exit {run.returncode} ({git}, fixed dates)")
    run = run_command(["git", "merge", "feature/staging-hosts"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: a merge conflict; which side to keep depends on context
    c.add(source, "git-merge-conflict-settings", "stdout", run.stdout, "ambiguous", "a merge conflict in app/settings.py; which side to keep depends on context", f"git merge of a branch that changed the same line, stdout, exit {run.returncode} ({git})")
    subprocess.run(["git", "merge", "--abort"], cwd=repo, env=GIT_ENV, check=True)

    pytest = optional_import("pytest")
    if pytest is not None:
        how = f"pytest {pytest.__version__}"
        tests = f"{R10}/svc"
        write_file(f"{tests}/pricing.py", "def total_cents(items, discount=0):\n    subtotal = sum(i['price_cents'] * i['qty'] for i in items)\n    return round(subtotal * (1 - discount))\n")
        write_file(f"{tests}/test_pricing.py", "from pricing import total_cents\n\n\ndef test_total_without_discount():\n    assert total_cents([{'price_cents': 1999, 'qty': 2}]) == 3998\n\n\n"
               "def test_total_with_discount():\n    assert total_cents([{'price_cents': 1999, 'qty': 2}], discount=0.1) == 3599\n\n\n"
               "def test_empty_cart():\n    assert total_cents([]) == 0\n")
        run = run_command([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_pricing.py"], cwd=tests)
        # ambiguous by rule 6: a failing test; the code or the test is wrong, not the call
        c.add(source, "pytest-fail-pricing", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "ambiguous", "a failing test; whether the code or the test is wrong is not said", f"python3 -m pytest -q with one failing test ({how}; run time fixed to 0.01s), stdout, exit {run.returncode}")

        write_file(f"{tests}/test_http_errors.py", "import pytest\n\n\nclass UpstreamTimeoutError(Exception):\n    pass\n\n\n"
               "def fetch(status):\n    if status == 504:\n        raise UpstreamTimeoutError('504 Gateway Timeout')\n    if status == 403:\n        raise PermissionError('403 Forbidden')\n    return status\n\n\n"
               "def test_504_raises_upstream_timeout_error():\n    with pytest.raises(UpstreamTimeoutError):\n        fetch(504)\n\n\n"
               "def test_403_raises_permission_error():\n    with pytest.raises(PermissionError, match='Forbidden'):\n        fetch(403)\n\n\n"
               "def test_200_passes_through():\n    assert fetch(200) == 200\n")
        run = run_command([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "test_http_errors.py"], cwd=tests)
        # none by rule 1: every test passed; the error words are test names
        c.add(source, "pytest-pass-http-errors", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "all tests passed; their names mention errors, timeouts and 403", f"python3 -m pytest -v of passing tests ({how}; run time fixed to 0.01s), stdout, exit {run.returncode}")

        run = run_command([sys.executable, "-m", "pytest", "--cov=pricing", "--cov-report=term-missing", "-p", "no:cacheprovider", "test_pricing.py"], cwd=tests)
        # fixable by the argparse row: a usage error naming the unrecognized arguments
        c.add(source, "pytest-unrecognized-cov", "stderr", run.stderr, "fixable", "a usage error naming the unrecognized arguments --cov and --cov-report", f"python3 -m pytest --cov=... without pytest-cov installed ({how}), stderr, exit {run.returncode}")

    version = run_command([sys.executable, "-m", "pip", "--version"], cwd=R10).stdout.split(" from ")[0]
    write_file(f"{R10}/api/requirements.txt", "fastapi==0.115.6\nuvicorn[standard]==0.32.1\n")
    os.makedirs(f"{R10}/api/wheels", exist_ok=True)
    run = run_command([sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index", "--find-links", "wheels", "-r", "requirements.txt"], cwd=f"{R10}/api")
    # ambiguous by rule 6: no distribution found; whether the name, the version or the wheel directory is wrong is not said
    c.add(source, "pip-offline-no-distribution", "stderr", run.stderr, "ambiguous", "no matching distribution in the local wheel directory; what is missing where is not said", f"python3 -m pip install --no-index --find-links wheels -r requirements.txt with an empty wheel directory, stderr, exit {run.returncode} ({version})")

    write_file(f"{R10}/deploy.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='deploy.py', description='Deploy a service.')\n"
           "parser.add_argument('service')\nparser.add_argument('--env', choices=['dev', 'staging', 'production'], default='dev')\n"
           "parser.add_argument('--dry-run', action='store_true')\nargs = parser.parse_args()\nprint(f'deploying {args.service} to {args.env}')\n")
    run = run_command([sys.executable, "deploy.py", "billing-api", "--env", "prod"], cwd=R10)
    # fixable by the argparse row: names --env, the invalid choice and the valid ones
    c.add(source, "argparse-invalid-choice-env", "stderr", run.stderr, "fixable", "names the option --env, the invalid choice prod and the valid choices", f"python3 deploy.py --env prod, stderr, exit {run.returncode}")

    coreutils = coreutils_version("head")
    os.makedirs(f"{R10}/frontend/assets/img", exist_ok=True)
    write_file(f"{R10}/frontend/assets/img/logo.svg", "<svg/>\n")
    run = run_command(["ls", "-la", "dist"], cwd=f"{R10}/frontend")
    # ambiguous by rule 6: ENOENT reported by a command; which directory is meant is not said
    c.add(source, "ls-dist-missing", "stderr", run.stderr, "ambiguous", "the directory to list does not exist; which one is meant is not said", f"ls -la of a missing directory, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    os.makedirs(f"{R10}/frontend/public", exist_ok=True)
    run = run_command(["cp", "assets", "public/"], cwd=f"{R10}/frontend")
    # fixable: the text names the missing option -r and the directory it omitted
    c.add(source, "cp-directory-without-r", "stderr", run.stderr, "fixable", "says -r is not specified for the directory assets; the option to add is named", f"cp of a directory without -r, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = subprocess.run([*NOBODY, "mkdir", "-p", f"{R10}/srv/app/media/uploads"], capture_output=True, text=True, env=COMMAND_ENV, cwd="/")
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "mkdir-p-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"mkdir -p under a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")


SLUGIFY_TESTS = """from slugify_title import slugify


def test_plain_title():
    assert slugify("Hello World") == "hello-world"


def test_title_with_punctuation():
    assert slugify("Q4 Report: Revenue & Costs!") == "q4-report-revenue-costs"
"""


def everyday_pushes_tests_scripts_and_file_commands(c):
    root_owned_credentials_and_logs()
    source = "python-subprocess"
    git = run_command(["git", "--version"], cwd=R11).stdout.strip()
    repo = f"{R11}/api"
    git_repo(repo, {"README.md": "# api\n", "app/main.py": "from fastapi import FastAPI\n\napp = FastAPI()\n"}, "Initial commit")
    run = run_command(["git", "push", "-u", "origin", "main"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: no remote named origin; which remote or URL is meant is not said
    c.add(source, "r11-git-push-no-origin", "stderr", run.stderr, "ambiguous", "origin is not a configured remote; which remote or URL is meant is not said", f"git push -u origin main in a repository without remotes, stderr, exit {run.returncode} ({git})")
    run = run_command(["git", "checkout", "feature/login-rate-limit"], cwd=repo, env=GIT_ENV)
    # ambiguous by the pathspec row: a name not found without the valid ones listed
    c.add(source, "r11-git-checkout-missing-branch", "stderr", run.stderr, "ambiguous", "the branch is not found and the existing ones are not listed", f"git checkout of a branch that does not exist, stderr, exit {run.returncode} ({git})")

    pytest = optional_import("pytest")
    if pytest is not None:
        how = f"pytest {pytest.__version__}"
        tests = f"{R11}/blog"
        write_file(f"{tests}/slugify_title.py", "import re\n\n\ndef slugify(title):\n    return re.sub(r'[^a-z0-9]+', '-', title.lower())\n")
        write_file(f"{tests}/test_slugify.py", SLUGIFY_TESTS)
        run = run_command([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_slugify.py"], cwd=tests)
        # ambiguous by rule 6: a failing test; the code or the test is wrong, not the call
        c.add(source, "r11-pytest-fail-slugify", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "ambiguous", "a failing test; whether the code or the test is wrong is not said", f"python3 -m pytest -q with one failing test ({how}; run time fixed to 0.01s), stdout, exit {run.returncode}")

    write_file(f"{R11}/seed_db.py", "import os\nimport sqlite3\n\nurl = os.environ['DATABASE_URL']\ndb = sqlite3.connect(url.removeprefix('sqlite:///'))\nprint('seeded', db)\n")
    env = {k: v for k, v in COMMAND_ENV.items() if k != "DATABASE_URL"}
    run = run_command([sys.executable, "seed_db.py"], cwd=R11, env=env)
    # ambiguous by rule 6: a program's own error (a missing environment variable)
    c.add("python-traceback", "r11-script-keyerror-env", "traceback", run.stderr, "ambiguous", "the script needs an environment variable that is not set; a program's own error", f"python3 seed_db.py without DATABASE_URL, stderr, exit {run.returncode}")

    write_file(f"{R11}/import_orders.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='import_orders.py', description='Import orders from a CSV export.')\n"
           "parser.add_argument('--input', required=True, help='path of the CSV file')\nparser.add_argument('--batch-size', type=int, default=500)\n"
           "args = parser.parse_args()\nprint(f'importing {args.input} in batches of {args.batch_size}')\n")
    run = run_command([sys.executable, "import_orders.py", "--batch-size", "200"], cwd=R11)
    # fixable by the argparse row: a usage error naming the missing required argument
    c.add(source, "r11-argparse-required-input", "stderr", run.stderr, "fixable", "names the required argument --input that is missing", f"python3 import_orders.py without --input, stderr, exit {run.returncode}")

    version = run_command([sys.executable, "-m", "pip", "--version"], cwd=R11).stdout.split(" from ")[0]
    run = run_command([sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--no-index", "python-dotenv==1.0.1"], cwd=R11)
    # ambiguous by rule 6: no distribution found; whether the name, the version or the index is at fault is not said
    c.add(source, "r11-pip-no-index-dotenv", "stderr", run.stderr, "ambiguous", "no matching distribution without an index; what is missing where is not said", f"python3 -m pip install --no-index python-dotenv==1.0.1, stderr, exit {run.returncode} ({version})")

    coreutils = coreutils_version("head")
    write_file(f"{R11}/web/src/app.ts", "// TODO: handle 429 from the API\nexport const retries = 3;\n")
    run = run_command(["mv", "dist/bundle.js", "public/js/"], cwd=f"{R11}/web")
    # ambiguous by rule 6: ENOENT reported by a command
    c.add(source, "r11-mv-missing-source", "stderr", run.stderr, "ambiguous", "the file to move does not exist; which one is meant is not said", f"mv of a missing file, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = run_command(["ls", "-lh", "--sort=date", "src"], cwd=f"{R11}/web")
    # fixable by the argparse row: a usage error naming the invalid argument and the valid ones
    c.add(source, "r11-ls-invalid-sort", "stderr", run.stderr, "fixable", "names the invalid --sort value and lists the valid arguments", f"ls --sort=date, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = subprocess.run([*NOBODY, "rm", "-rf", f"{R11}/srv/logs/2025-12"], capture_output=True, text=True, env=COMMAND_ENV, cwd="/")
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "r11-rm-rf-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"rm -rf of a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    write_file(f"{R11}/wait_for_db.py", "import time\n\nwhile True:\n    print('waiting for postgres on db:5432 ...', flush=True)\n    time.sleep(1)\n")
    # ambiguous by rule 3: the command's own time limit
    c.add_forms(source, "r11-timeout-wait-for-db", caught(lambda: subprocess.run([sys.executable, "wait_for_db.py"], capture_output=True, timeout=0.5, cwd=R11, env=COMMAND_ENV)), "ambiguous", "the command's own timeout; repeating may time out again", "subprocess.run([python3, 'wait_for_db.py'], timeout=0.5)", which=("str", "named"))

    write_file(f"{R11}/data/webhook_response.json", '{"delivered": 48, "failed": 0, "errors": [], "last_error": null, "retried_after_timeout": 2}')
    run = run_command([sys.executable, "-m", "json.tool", "data/webhook_response.json"], cwd=R11)
    # none by rule 1: the formatted document that was asked for; no error in it
    c.add(source, "r11-json-tool-webhook-ok", "stdout", run.stdout, "none", "the document was formatted; failed is 0, errors empty, last_error null", f"python3 -m json.tool of a response file, stdout, exit {run.returncode}")
