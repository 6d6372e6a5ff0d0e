"""Commands a shell or exec tool runs, one at a time, with their stderr or stdout as the tool returns it: coreutils
(cat, cp, mv, rm, mkdir, ls, touch, chmod, head, tail, wc, diff, timeout), find, grep, sed, tar, gcc, make, jq,
python -m json.tool, curl, wget, git, pip, pytest and Python scripts that fail in their own ways. Ports, elapsed
times and run times are rewritten to fixed values. The truth and its reason are stated next to each call, by the
principles in ../../LABELLING.md."""
import importlib.metadata
import os
import re
import subprocess
import sys

from common import COMMAND_ENV, GIT_ENV, NOBODY, SCRATCH, caught, coreutils_version, run_command, run_python, write_file
from scratch import R3, R4, R5, R6, R7, root_owned_configs, root_owned_deploy_script, shared_report_and_private_keys


def version_line(argv):
    """The first line of what a tool prints for --version, for the how-label of its case."""
    return subprocess.run(argv, capture_output=True, text=True, env=COMMAND_ENV).stdout.split("\n")[0].strip()


def timeouts_git_curl_and_passing_tests(c):
    source = "python-subprocess"
    c.add_forms(source, "run-timeout", caught(lambda: subprocess.run(["bash", "-c", "sleep 5"], capture_output=True, timeout=0.5)), "ambiguous", "the command's own time limit; repeating may time out again", "subprocess.run(['bash', '-c', 'sleep 5'], capture_output=True, timeout=0.5)")
    os.makedirs(f"{SCRATCH}/r2/notrepo", exist_ok=True)
    e = caught(lambda: subprocess.run(["git", "-C", f"{SCRATCH}/r2/notrepo", "log", "-1"], check=True, capture_output=True, text=True, env={**os.environ, "GIT_CEILING_DIRECTORIES": SCRATCH}))
    git = subprocess.run(["git", "--version"], capture_output=True, text=True).stdout.strip()
    c.add(source, "git-not-repo", "named-stderr", f"{type(e).__name__}: {e}\n{e.stderr}", "ambiguous", "a command's own error: the directory is not a repository", f"subprocess.run(['git', 'log', '-1'], check=True) outside a repository, '{{Name}}: {{e}}\\n{{e.stderr}}' ({git})")
    c.add(source, "git-not-repo", "stderr", e.stderr, "ambiguous", "a command's own error: the directory is not a repository", f"stderr of git log -1 outside a repository ({git})")
    curl = subprocess.run(["curl", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" (")[0]
    run = subprocess.run(["curl", "-sS", f"http://127.0.0.1:{c.closed}/v1/health"], capture_output=True, text=True)
    c.add(source, "curl-refused", "stderr", re.sub(r"after \d+ ms", "after 0 ms", run.stderr).replace(f"port {c.closed} ", "port 8001 "), "ambiguous", "a shell command reports a refused connection; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"{curl} -sS to a closed port, stderr, exit {run.returncode} (elapsed ms fixed to 0, port to 8001)")
    run = subprocess.run(["curl", "-sS", "--fail", f"{c.base}/bare/503"], capture_output=True, text=True)
    c.add(source, "curl-fail-503", "stderr", run.stderr, "transient", "a shell command reports an HTTP 503", f"{curl} -sS --fail of /bare/503, stderr, exit {run.returncode}")
    run = subprocess.run([*NOBODY, "cat", "/etc/shadow"], capture_output=True, text=True)
    c.add(source, "cat-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"cat /etc/shadow as user nobody (setpriv), stderr, exit {run.returncode}")

    tests = f"{SCRATCH}/r2/tests"
    os.makedirs(tests, exist_ok=True)
    with open(f"{tests}/test_errors.py", "w") as f:
        f.write(
            "import pytest\n\n\nclass RateLimitError(Exception):\n    pass\n\n\n"
            "def test_raises_rate_limit_error():\n    with pytest.raises(RateLimitError):\n        raise RateLimitError('429 Too Many Requests')\n\n\n"
            "def test_permission_denied_message():\n    assert 'Permission denied' in str(PermissionError(13, 'Permission denied'))\n\n\n"
            "def test_timeout_is_retried():\n    assert True\n\n\n"
            "def test_connection_reset_logged(caplog):\n    assert True\n\n\n"
            "def test_zero_errors():\n    assert sum([]) == 0\n"
        )
    try:
        import pytest

        run = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "test_errors.py"], capture_output=True, text=True, cwd=tests)
        c.add(source, "pytest-pass", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "all tests passed; their names mention errors", f"python3 -m pytest -v of passing tests (pytest {pytest.__version__}; run time fixed to 0.01s), exit {run.returncode}")
        with open(f"{tests}/test_retry.py", "w") as f:
            f.write(
                "import warnings\n\n\ndef retry(on_error=None, on=None):\n"
                "    if on_error is not None:\n"
                "        warnings.warn('on_error= is deprecated; use on=(ConnectionError, TimeoutError)', DeprecationWarning, stacklevel=2)\n"
                "    return on or on_error\n\n\n"
                "def test_retry_on_connection_error():\n    assert retry(on_error=ConnectionError) is ConnectionError\n"
            )
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_retry.py"], capture_output=True, text=True, cwd=tests)
        c.add(source, "pytest-pass-warning", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "the test passed; the warning summary names errors but nothing failed", f"python3 -m pytest -q of a passing test with a DeprecationWarning (pytest {pytest.__version__}; run time fixed to 0.01s), exit {run.returncode}")
    except ImportError:
        pass
    repo = f"{SCRATCH}/r2/repo"
    os.makedirs(repo, exist_ok=True)
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=env, check=True)
    for day, message in enumerate(["Handle 429 Too Many Requests with exponential backoff", "Fix TypeError when the config file is missing", "Stop retrying on 401 Unauthorized and 403 Forbidden"], 1):
        with open(f"{repo}/CHANGES.md", "a") as f:
            f.write(f"- {message}\n")
        date = f"2026-01-0{day}T10:00:00+00:00"
        subprocess.run(["git", "add", "CHANGES.md"], cwd=repo, env=env, check=True)
        subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, env={**env, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}, check=True)
    run = subprocess.run(["git", "log", "--oneline"], capture_output=True, text=True, cwd=repo, env=env)
    c.add(source, "git-log-error-words", "stdout", run.stdout, "none", "the log was listed; its commit messages name errors", f"git log --oneline of a scratch repository with fixed dates ({git})")
    # A client that really retries: the first attempt goes to a closed port, the second to the local server.
    code = (
        "import sys, time, urllib.request\n"
        "urls = sys.argv[1:]\n"
        "for attempt, url in enumerate(urls, 1):\n"
        "    try:\n"
        "        body = urllib.request.urlopen(url, timeout=5).read().decode()\n"
        "    except OSError as e:\n"
        "        print(f'attempt {attempt} failed: {e}; retrying in 1s')\n"
        "        continue\n"
        "    print(f'attempt {attempt} ok: {body}')\n"
        "    break\n"
    )
    run = run_python(code, f"http://127.0.0.1:{c.closed}/ok", f"{c.base}/ok")
    c.add(source, "retry-recovered", "stdout", run.stdout, "none", "the second attempt succeeded; the refused first one was retried", f"python3 -c retry loop of urlopen (closed port, then /ok), stdout, exit {run.returncode}")


def compilers_archives_json_tools_and_clones(c):
    source = "python-subprocess"
    build = f"{R3}/build"
    os.makedirs(build, exist_ok=True)
    gcc = version_line(["gcc", "--version"])
    with open(f"{build}/report.c", "w") as f:
        f.write("#include <stdio.h>\n\nint count_rows(const char *path);\n\nint main(void) {\n    int total = count_rows(\"rows.csv\")\n    printf(\"%d rows\\n\", totl);\n    return 0;\n}\n")
    run = run_command(["gcc", "-Wall", "-o", "report", "report.c"], build)
    c.add(source, "gcc-compile-error", "stderr", run.stderr, "ambiguous", "a compile error in the code the command built, not in the call", f"gcc -Wall -o report report.c of a file with a missing ';' and a misspelled name, stderr, exit {run.returncode} ({gcc}, LC_ALL=C)")
    with open(f"{build}/error_handler.c", "w") as f:
        f.write("#include <stdio.h>\n\nint report_error(const char *msg) {\n    int unused_errno;\n    return fprintf(stderr, \"error: %s\\n\", msg);\n}\n")
    run = run_command(["gcc", "-Wall", "-c", "error_handler.c"], build)
    c.add(source, "gcc-warning-only", "stderr", run.stderr, "none", "the object file was compiled (exit 0); the output is one warning about an unused variable", f"gcc -Wall -c error_handler.c, stderr, exit {run.returncode} ({gcc}, LC_ALL=C)")
    with open(f"{build}/Makefile", "w") as f:
        f.write("error_handler.o: error_handler.c\n\tgcc -Wall -c error_handler.c\n")
    run = run_command(["make", "error_handler.o"], build)
    make = version_line(["make", "--version"])
    c.add(source, "make-up-to-date", "stdout", run.stdout, "none", "make found the target already built; the target's name contains 'error'", f"make error_handler.o after it was built, stdout, exit {run.returncode} ({make}, LC_ALL=C)")

    tar = version_line(["tar", "--version"])
    data = f"{R3}/tar"
    os.makedirs(f"{data}/logs", exist_ok=True)
    for name, text in [("error.log", "2026-01-02 10:00:01 ERROR upstream timed out\n"), ("access.log", "GET /health 200\n")]:
        with open(f"{data}/logs/{name}", "w") as f:
            f.write(text)
    run_command(["tar", "--mtime=2026-01-02 10:00:00", "--owner=0", "--group=0", "--sort=name", "-czf", "logs.tar.gz", "logs"], data, check=True)
    run = run_command(["tar", "-tzf", "logs.tar.gz"], data)
    c.add(source, "tar-list-error-log", "stdout", run.stdout, "none", "the archive was listed; one member is named error.log", f"tar -tzf logs.tar.gz, stdout, exit {run.returncode} ({tar})")
    with open(f"{data}/backup.tar.gz", "w") as f:
        f.write("<html><head><title>Sign in</title></head><body>Session expired</body></html>\n")
    run = run_command(["tar", "-xzf", "backup.tar.gz"], data)
    c.add(source, "tar-not-gzip", "stderr", run.stderr, "ambiguous", "the file read is not gzip data; where it came from and what to do is not said", f"tar -xzf of an HTML file saved as backup.tar.gz, stderr, exit {run.returncode} ({tar})")
    run_command(["tar", "-cf", "flat.tar", "-C", "logs", "--mtime=2026-01-02 10:00:00", "--owner=0", "--group=0", "--sort=name", "access.log", "error.log"], data, check=True)
    os.makedirs(f"{SCRATCH}/shared", exist_ok=True)
    os.chmod(f"{SCRATCH}/shared", 0o755)
    os.chmod(R3, 0o755)
    os.chmod(data, 0o755)
    os.chmod(f"{data}/flat.tar", 0o644)
    run = subprocess.run([*NOBODY, "tar", "-xf", f"{data}/flat.tar", "-C", f"{SCRATCH}/shared"], capture_output=True, text=True, env=COMMAND_ENV)
    c.add(source, "tar-extract-permission", "stderr", run.stderr, "unrecoverable", "Permission denied writing into the target directory", f"tar -xf into a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} ({tar})")

    with open(f"{R3}/config.json", "w") as f:
        f.write('{\n  "host": "db.internal",\n  "port": 5432,\n}\n')
    run = run_command([sys.executable, "-m", "json.tool", "config.json"], R3)
    c.add(source, "json-tool-invalid", "stderr", run.stderr, "ambiguous", "a parse error of the file the command read; the fix is in the data", f"python3 -m json.tool of a file with a trailing comma, stderr, exit {run.returncode}")
    with open(f"{R3}/result.json", "w") as f:
        f.write('{"job": "nightly-export", "status": "succeeded", "error": null, "warnings": ["retried 1 chunk after a timeout"]}\n')
    jq = version_line(["jq", "--version"])
    run = run_command(["jq", "{status, error, warnings}", "result.json"], R3)
    c.add(source, "jq-error-null", "stdout", run.stdout, "none", "jq printed the fields asked for; error is null and the warning is history", f"jq '{{status, error, warnings}}' result.json, stdout, exit {run.returncode} ({jq})")

    curl = version_line(["curl", "--version"]).split(" (")[0]
    run = run_command(["curl", "-sS", f"http://127.0.0.1:{c.reset}/v1/export"], R3)
    c.add(source, "curl-reset", "stderr", run.stderr, "transient", "a shell command reports a connection reset by the peer", f"{curl} -sS to a listener that resets, stderr, exit {run.returncode}")
    run = run_command(["curl", "-sS", "--max-time", "1", f"http://127.0.0.1:{c.silent}/v1/export"], R3)
    text = re.sub(r"after \d+ milliseconds", "after 1001 milliseconds", run.stderr)
    c.add(source, "curl-timeout", "stderr", text, "transient", "the network request timed out with no answer from the server", f"{curl} -sS --max-time 1 to a listener that never answers, stderr, exit {run.returncode} (elapsed ms fixed to 1001)")
    git = version_line(["git", "--version"])
    run = run_command(["git", "clone", f"http://127.0.0.1:{c.closed}/team/app.git"], R3)
    text = re.sub(r"after \d+ ms", "after 0 ms", run.stderr).replace(f"port {c.closed} ", "port 8001 ")
    c.add(source, "git-clone-refused", "stderr", text, "ambiguous", "the clone failed on a refused connection; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"git clone over http from a closed port, stderr, exit {run.returncode} ({git}; elapsed ms fixed to 0, port to 8001)")


def file_commands_pip_argparse_and_pytest(c):
    shared_report_and_private_keys()
    source = "python-subprocess"
    coreutils = run_command(["rm", "--version"], cwd=R4).stdout.split("\n")[0].split(") ")[-1]
    findutils = run_command(["find", "--version"], cwd=R4).stdout.split("\n")[0]
    run = subprocess.run([*NOBODY, "rm", f"{R4}/shared/report.csv"], capture_output=True, text=True, env=COMMAND_ENV)
    c.add(source, "rm-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"rm of a file in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    run = subprocess.run([*NOBODY, "mkdir", f"{R4}/shared/exports"], capture_output=True, text=True, env=COMMAND_ENV)
    c.add(source, "mkdir-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"mkdir in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    os.makedirs(f"{R4}/dist", exist_ok=True)
    run = run_command(["mv", "build/report.pdf", "dist/"], cwd=R4)
    c.add(source, "mv-missing", "stderr", run.stderr, "ambiguous", "a command reports a missing source path; which path is meant is not said", f"mv build/report.pdf dist/ of a missing file, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    for name in ("error.log", "access.log", "worker-errors.log"):
        write_file(f"{R4}/logs/{name}", "")
    run = run_command(["find", "logs", "-name", "*error*", "-type", "f"], cwd=R4)
    lines = "".join(sorted(run.stdout.splitlines(keepends=True)))  # find's order follows the directory, sorted here
    c.add(source, "find-error-logs", "stdout", lines, "none", "find listed the files it was asked for; their names contain 'error'", f"find logs -name '*error*' -type f, stdout sorted, exit {run.returncode} ({findutils})")

    # git: a checkout of a branch that does not exist
    repo = f"{R4}/repo"
    os.makedirs(repo, exist_ok=True)
    genv = {**COMMAND_ENV, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com",
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_DATE": "2026-01-02T10:00:00+00:00", "GIT_COMMITTER_DATE": "2026-01-02T10:00:00+00:00"}
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=genv, check=True)
    write_file(f"{repo}/README.md", "# app\n")
    subprocess.run(["git", "add", "README.md"], cwd=repo, env=genv, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Initial commit"], cwd=repo, env=genv, check=True)
    git = subprocess.run(["git", "--version"], capture_output=True, text=True).stdout.strip()
    run = subprocess.run(["git", "checkout", "feature/retry-budget"], capture_output=True, text=True, cwd=repo, env=genv)
    c.add(source, "git-checkout-unknown", "stderr", run.stderr, "ambiguous", "no branch or path of that name; which one is meant is not said", f"git checkout of a branch that does not exist, stderr, exit {run.returncode} ({git})")

    # pip, offline: --isolated ignores this machine's pip configuration and environment
    pip = f"pip {importlib.metadata.version('pip')}"
    run = run_command([sys.executable, "-m", "pip", "--isolated", "install", "--no-index", "--disable-pip-version-check", "reportlab-tools"], cwd=R4)
    c.add(source, "pip-no-matching-distribution", "stderr", run.stderr, "ambiguous", "no distribution of that name was found; misspelled, unpublished or another index is not said", f"python3 -m pip --isolated install --no-index of a package not present, stderr, exit {run.returncode} ({pip})")
    run = subprocess.run([sys.executable, "-m", "pip", "--isolated", "download", "--no-deps", "--disable-pip-version-check", "-d", f"{R4}/wheels", "--retries", "1", "--timeout", "1",
                          "--index-url", f"http://127.0.0.1:{c.closed}/simple", "reportlab-tools"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=R4, env=COMMAND_ENV)
    text = re.sub(r" at 0x[0-9a-f]+", " at 0x7f0000000000", run.stdout)
    # transient by the shell rule: the command printed a refused connection to the index
    c.add(source, "pip-index-refused", "output", text, "ambiguous", "the package index refused the connection; no versions could be fetched; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"python3 -m pip --isolated download from an index on a closed port, stdout and stderr merged, exit {run.returncode} ({pip}; object address fixed)")

    # python scripts that fail in different ways
    write_file(f"{R4}/load_config.py", "import json\n\n\ndef load(path):\n    with open(path) as f:\n        return json.load(f)\n\n\nsettings = load('config/settings.json')\nprint(settings['database'])\n")
    run = run_command([sys.executable, "load_config.py"], cwd=R4)
    c.add("python-traceback", "config-file-not-found", "traceback", run.stderr, "ambiguous", "the script's own file is missing; which path is meant is not said", f"python3 load_config.py reading a missing config file, stderr, exit {run.returncode}")
    write_file(f"{R4}/export.py", "import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument('--since', required=True, help='first day, YYYY-MM-DD')\n"
           "parser.add_argument('--format', choices=['csv', 'json'], default='csv')\nargs = parser.parse_args()\nprint(f'exporting since {args.since} as {args.format}')\n")
    run = run_command([sys.executable, "export.py", "--format", "csv"], cwd=R4)
    c.add(source, "argparse-required", "stderr", run.stderr, "fixable", "names the missing command-line argument --since", f"python3 export.py without its required --since, stderr, exit {run.returncode}")
    run = run_command([sys.executable, "export.py", "--since", "2026-01-01", "--format", "yaml"], cwd=R4)
    c.add(source, "argparse-invalid-choice", "stderr", run.stderr, "fixable", "names --format, the value yaml and the choices csv and json", f"python3 export.py --format yaml, stderr, exit {run.returncode}")

    # pytest: a failing test, and a passing run with an expected failure
    tests = f"{R4}/tests"
    write_file(f"{tests}/test_invoice.py", "def total(lines):\n    return sum(q * p for q, p in lines)\n\n\ndef test_total_with_discount():\n    lines = [(2, 9.5), (1, 20.0)]\n    assert total(lines) == 35.1\n\n\ndef test_empty():\n    assert total([]) == 0\n")
    try:
        import pytest

        pyt = f"pytest {pytest.__version__}"
        run = run_command([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_invoice.py"], cwd=tests)
        c.add(source, "pytest-fail", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "ambiguous", "a failing test: the code or the test is wrong, not the call", f"python3 -m pytest -q of a failing test ({pyt}; run time fixed to 0.01s), exit {run.returncode}")
        write_file(f"{tests}/test_retry_xfail.py", "import pytest\n\n\n@pytest.mark.xfail(reason='retry on ConnectionResetError not implemented yet (#231)')\ndef test_retries_connection_reset():\n    raise ConnectionResetError(104, 'Connection reset by peer')\n\n\ndef test_gives_up_after_3_errors():\n    assert min(3, 5) == 3\n")
        run = run_command([sys.executable, "-m", "pytest", "-q", "-rx", "-p", "no:cacheprovider", "test_retry_xfail.py"], cwd=tests)
        c.add(source, "pytest-xfail", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "the run passed (exit 0): one test passed and one failed as expected; the words are its data", f"python3 -m pytest -q -rx with an xfail test ({pyt}; run time fixed to 0.01s), exit {run.returncode}")
    except ImportError:
        pass


def coreutils_make_git_patches_and_empty_replies(c):
    root_owned_configs()
    source = "python-subprocess"
    coreutils = coreutils_version("cp")
    run = subprocess.run([*NOBODY, "cp", f"{R5}/home/notes.md", f"{R5}/etc/notes.md"], capture_output=True, text=True, env=COMMAND_ENV)
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "cp-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"cp into a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")
    sed = run_command(["sed", "--version"], cwd=R5).stdout.split("\n")[0]
    run = subprocess.run([*NOBODY, "sed", "-i", "s/listen 80;/listen 8080;/", f"{R5}/etc/nginx.conf"], capture_output=True, text=True, env=COMMAND_ENV, cwd=R5)
    text = re.sub(r"sed[A-Za-z0-9]{6}", "sedXXXXXX", run.stderr)
    c.add(source, "sed-inplace-permission", "stderr", text, "unrecoverable", "a shell command reports Permission denied", f"sed -i of a file in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} ({sed}, LC_ALL=C; temp name fixed)")
    run = run_command(["ls", "--color=sometimes", "."], cwd=R5)
    # fixable: names the option, the value and its valid arguments
    c.add(source, "ls-invalid-argument", "stderr", run.stderr, "fixable", "names --color, the invalid value sometimes and the valid arguments", f"ls --color=sometimes, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    # make: a target that does not exist
    write_file(f"{R5}/app/Makefile", "build:\n\tmkdir -p dist\n\ntest:\n\tpython3 -m pytest -q\n")
    make = run_command(["make", "--version"], cwd=R5).stdout.split("\n")[0]
    run = run_command(["make", "deploy"], cwd=f"{R5}/app")
    c.add(source, "make-no-rule", "stderr", run.stderr, "ambiguous", "no rule for the target; which target is meant is not said", f"make deploy in a Makefile without it, stderr, exit {run.returncode} ({make}, LC_ALL=C)")

    # git: a patch that does not apply, and an --author value of the wrong form
    repo = f"{R5}/repo"
    os.makedirs(repo, exist_ok=True)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/app.py", "def total(items):\n    return sum(i.price for i in items)\n")
    subprocess.run(["git", "add", "app.py"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Add total"], cwd=repo, env=GIT_ENV, check=True)
    git = run_command(["git", "--version"], cwd=R5).stdout.strip()
    write_file(f"{repo}/fix.patch", "--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n def total(lines):\n-    return sum(l.amount for l in lines)\n+    return sum(l.amount * l.qty for l in lines)\n")
    run = run_command(["git", "apply", "fix.patch"], cwd=repo, env=GIT_ENV)
    c.add(source, "git-apply-failed", "stderr", run.stderr, "ambiguous", "the patch does not match the file; whether the patch or the file is out of date is not said", f"git apply of a patch whose context does not match, stderr, exit {run.returncode} ({git})")
    write_file(f"{repo}/app.py", "def total(items):\n    return sum(i.price * i.qty for i in items)\n")
    run = run_command(["git", "commit", "-a", "-m", "Count quantities", "--author", "Grace Hopper"], cwd=repo, env=GIT_ENV)
    assert run.returncode != 0, "git commit --author was expected to fail"
    c.add(source, "git-author-format", "stderr", run.stderr, "fixable", "names --author, its value and the form 'Name <email>' it must have", f"git commit --author 'Grace Hopper' (no such author in the history), stderr, exit {run.returncode} ({git})")

    # curl and git against listeners that drop or reset the connection
    curl = run_command(["curl", "--version"], cwd=R5).stdout.split("\n")[0].split(" (")[0]
    run = run_command(["curl", "-sS", f"http://127.0.0.1:{c.closing}/v1/status"], cwd=R5)
    c.add(source, "curl-empty-reply", "stderr", run.stderr, "transient", "the server closed the connection without answering", f"{curl} -sS to a listener that closes without answering, stderr, exit {run.returncode}")
    run = run_command(["git", "ls-remote", f"http://127.0.0.1:{c.reset}/team/billing.git"], env=GIT_ENV, cwd=R5)
    text = run.stderr.replace(f"127.0.0.1:{c.reset}/", "127.0.0.1:8003/")
    c.add(source, "git-ls-remote-reset", "stderr", text, "transient", "the connection was reset by the peer", f"git ls-remote over http to a listener that resets, stderr, exit {run.returncode} ({git}; port fixed to 8003)")

    # a python script whose own code fails
    write_file(f"{R5}/parse_log.py", "import re\n\n\ndef request_id(line):\n    return re.search(r'request_id=(\\w+)', line).group(1)\n\n\nwith open('app.log') as f:\n    for line in f:\n        print(request_id(line))\n")
    write_file(f"{R5}/app.log", "2026-01-02 10:00:00 GET /v1/orders 200 request_id=a1b2c3\n2026-01-02 10:00:01 GET /health 200\n")
    run = run_command([sys.executable, "parse_log.py"], cwd=R5)
    c.add("python-traceback", "attribute-none", "traceback", run.stderr, "ambiguous", "the script's own code fails on a line without a match; the code or the data is wrong, not the call", f"python3 parse_log.py on a log line without request_id, stderr, exit {run.returncode}")

    # pytest: a passing run with a skipped test whose reason names a connection error
    tests = f"{R5}/tests"
    write_file(f"{tests}/test_client.py", "import pytest\n\n\ndef test_parse_error_body():\n    body = {'error': {'type': 'rate_limit_error', 'message': 'Too many requests'}}\n    assert body['error']['type'] == 'rate_limit_error'\n\n\n"
           "@pytest.mark.skip(reason='needs a live API: ConnectionRefusedError on localhost:8443 in CI')\ndef test_live_roundtrip():\n    pass\n")
    try:
        import pytest

        pyt = f"pytest {pytest.__version__}"
        run = run_command([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "test_client.py"], cwd=tests)
        c.add(source, "pytest-skip", "stdout", re.sub(r" in \d+\.\d+s", " in 0.01s", run.stdout), "none", "the run passed (exit 0): one test passed and one was skipped; the error words are test data and a skip reason", f"python3 -m pytest -q -rs with a skipped test ({pyt}; run time fixed to 0.01s), exit {run.returncode}")
    except ImportError:
        pass


def head_grep_diff_wget_and_rejected_pushes(c):
    root_owned_deploy_script()
    source = "python-subprocess"
    coreutils = coreutils_version("head")
    run = subprocess.run([*NOBODY, "touch", f"{R6}/srv/.deployed"], capture_output=True, text=True, env=COMMAND_ENV)
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "touch-permission", "stderr", run.stderr, "unrecoverable", "a shell command reports Permission denied", f"touch in a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    write_file(f"{R6}/logs/app.log", "".join(f"2026-01-02 10:00:{i:02d} INFO request {i} served\n" for i in range(12)))
    run = run_command(["head", "-n", "ten", "logs/app.log"], cwd=R6)
    # fixable: quotes the value of -n that is not a number of lines
    c.add(source, "head-invalid-lines", "stderr", run.stderr, "fixable", "names the invalid number of lines 'ten' given to -n", f"head -n ten, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    grep = run_command(["grep", "--version"], cwd=R6).stdout.split("\n")[0]
    run = run_command(["grep", "-rn", "TODO", "src"], cwd=R6)
    # ambiguous by rule 6: ENOENT reported by a command; which directory is meant is not said
    c.add(source, "grep-missing-dir", "stderr", run.stderr, "ambiguous", "the directory to search does not exist; which one is meant is not said", f"grep -rn TODO src in a directory without src, stderr, exit {run.returncode} ({grep}, LC_ALL=C)")

    e = caught(lambda: subprocess.run(["timeout", "0.5", "sleep", "5"], check=True, capture_output=True))
    # ambiguous by rule 6: a bare non-zero exit status (124 is timeout's own, which the text does not explain)
    c.add_forms(source, "timeout-124", e, "ambiguous", "a bare non-zero exit status of the command", "subprocess.run(['timeout', '0.5', 'sleep', '5'], check=True)")

    write_file(f"{R6}/config/old.env", "LOG_LEVEL=error\nRETRY_ON_ERROR=false\nTIMEOUT=30\n")
    write_file(f"{R6}/config/new.env", "LOG_LEVEL=error\nRETRY_ON_ERROR=true\nTIMEOUT=60\n")
    diff = run_command(["diff", "--version"], cwd=R6).stdout.split("\n")[0]
    run = run_command(["diff", "-u", "--label", "config/old.env", "--label", "config/new.env", "config/old.env", "config/new.env"], cwd=R6)
    # none by rule 1: diff exits 1 when the files differ; it printed the differences it was asked for
    c.add(source, "diff-changes", "stdout", run.stdout, "none", "the differences that were asked for (diff exits 1 when files differ); error words are config keys", f"diff -u of two config files, stdout, exit {run.returncode} ({diff})")

    wget = run_command(["wget", "--version"], cwd=R6).stdout.split("\n")[0].split(" built")[0]
    run = run_command(["wget", "-O", "-", "--tries=1", f"http://127.0.0.1:{c.closed}/v1/health"], cwd=R6)
    text = re.sub(r"^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d--", "--2026-01-02 10:00:00--", run.stderr.replace(f"127.0.0.1:{c.closed}", "127.0.0.1:8001"), flags=re.M)
    # transient by the shell rule: a refused connection
    c.add(source, "wget-refused", "stderr", text, "ambiguous", "connection refused; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"{wget} -O - --tries=1 to a closed port, stderr, exit {run.returncode} (port fixed to 8001, timestamp fixed)")

    repo = f"{R6}/repo"
    os.makedirs(repo, exist_ok=True)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/README.md", "# billing\n")
    subprocess.run(["git", "add", "README.md"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Initial commit"], cwd=repo, env=GIT_ENV, check=True)
    git = run_command(["git", "--version"], cwd=R6).stdout.strip()
    run = run_command(["git", "push", f"http://127.0.0.1:{c.closed}/team/billing.git", "main"], cwd=repo, env=GIT_ENV)
    text = re.sub(r"after \d+ ms", "after 0 ms", run.stderr.replace(f"127.0.0.1:{c.closed}", "127.0.0.1:8001").replace(f"port {c.closed}", "port 8001"))
    # transient by the shell rule: the server refused the connection
    c.add(source, "git-push-refused", "stderr", text, "ambiguous", "the connection to the remote was refused; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"git push over http to a closed port, stderr, exit {run.returncode} ({git}; port fixed to 8001, time fixed to 0 ms)")

    write_file(f"{R6}/export_orders.py", "import argparse\n\nparser = argparse.ArgumentParser(prog='export_orders.py', description='Export orders as CSV.')\n"
           "parser.add_argument('--since', required=True, help='first day, YYYY-MM-DD')\nparser.add_argument('--output', default='orders.csv')\n"
           "args = parser.parse_args()\nprint(f'exporting orders since {args.since} to {args.output}')\n")
    run = run_command([sys.executable, "export_orders.py", "--since", "2026-01-01", "--dry-run"], cwd=R6)
    # fixable by the argparse row of LABELLING.md: names the unrecognized option; the usage line lists the valid ones
    c.add(source, "argparse-unrecognized", "stderr", run.stderr, "fixable", "names the unrecognized argument --dry-run and the usage lists the valid options", f"python3 export_orders.py with an option it does not define, stderr, exit {run.returncode}")

    write_file(f"{R6}/summarize.py", "import csv\n\nwith open('sales.csv') as f:\n    rows = list(csv.reader(f))\n\nfor row in rows[1:]:\n    region, amount = row[0], float(row[2])\n    print(region, amount)\n")
    write_file(f"{R6}/sales.csv", "region,month,amount\nnorth,2026-01,1200.50\nsouth,2026-01\n")
    run = run_command([sys.executable, "summarize.py"], cwd=R6)
    # ambiguous by rule 6: the script's own code fails on a short row; the code or the data is wrong, not the call
    c.add("python-traceback", "index-error", "traceback", run.stderr, "ambiguous", "the script's own code fails on a CSV row with a missing field; the code or the data is wrong, not the call", f"python3 summarize.py on a CSV with a short row, stderr, exit {run.returncode}")


def chmod_scripts_branches_and_log_tails(c):
    os.makedirs(R7, exist_ok=True)
    source = "python-subprocess"
    coreutils = coreutils_version("head")

    write_file(f"{R7}/deploy.sh", "#!/bin/sh\necho deploying\n", 0o644)
    run = run_command(["chmod", "0o755", "deploy.sh"], cwd=R7)
    # fixable: quotes the mode '0o755' that chmod does not accept (octal is written 755)
    c.add(source, "chmod-invalid-mode", "stderr", run.stderr, "fixable", "quotes the invalid mode argument '0o755'", f"chmod 0o755 deploy.sh, stderr, exit {run.returncode} (GNU coreutils {coreutils}, LC_ALL=C)")

    run = run_command(["bash", "-c", "./deploy.sh"], cwd=R7)
    # unrecoverable by the shell rule: Permission denied
    c.add(source, "script-permission", "stderr", run.stderr, "unrecoverable", "the shell reports Permission denied running the script", f"bash -c ./deploy.sh of a script without an execute bit, stderr, exit {run.returncode}")

    repo = f"{R7}/repo"
    os.makedirs(repo, exist_ok=True)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=repo, env=GIT_ENV, check=True)
    write_file(f"{repo}/app.py", "print('hello')\n")
    subprocess.run(["git", "add", "app.py"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "Initial commit"], cwd=repo, env=GIT_ENV, check=True)
    subprocess.run(["git", "branch", "fix/retry-timeout"], cwd=repo, env=GIT_ENV, check=True)
    git = run_command(["git", "--version"], cwd=R7).stdout.strip()
    run = run_command(["git", "checkout", "-b", "fix/retry-timeout"], cwd=repo, env=GIT_ENV)
    # ambiguous by rule 6: the branch exists (EEXIST-like); switch to it, rename or stop depends on context
    c.add(source, "git-branch-exists", "stderr", run.stderr, "ambiguous", "the branch already exists; switching to it or choosing another name depends on context", f"git checkout -b of an existing branch, stderr, exit {run.returncode} ({git})")

    curl = run_command(["curl", "--version"], cwd=R7).stdout.split("\n")[0].split(" (")[0]
    run = run_command(["curl", "-sS", "--fail", f"{c.base}/v1/releases/latest"], cwd=R7)
    # ambiguous by the shell rule and rule 6: a 404 reported by the command
    c.add(source, "curl-fail-404", "stderr", run.stderr, "ambiguous", "404: missing resource; the next step depends on context", f"{curl} -sS --fail of a path the local server does not have, stderr, exit {run.returncode}")

    write_file(f"{R7}/logs/errors.log", "".join(f"2026-01-02 09:{i:02d}:00 ERROR job {i} failed\n" for i in range(7)))
    write_file(f"{R7}/logs/timeouts.log", "2026-01-02 09:15:00 WARN upstream timeout after 30s\n2026-01-02 09:40:00 WARN upstream timeout after 30s\n")
    run = run_command(["wc", "-l", "logs/errors.log", "logs/timeouts.log"], cwd=R7)
    # none by rule 1: the line counts that were asked for; the file names contain error words
    c.add(source, "wc-error-logs", "stdout", run.stdout, "none", "the line counts that were asked for; errors and timeouts are file names", f"wc -l of two log files, stdout, exit {run.returncode} (GNU coreutils {coreutils})")

    write_file(f"{R7}/logs/sync.log", "2026-01-02 10:00:00 INFO sync started (412 records)\n2026-01-02 10:00:03 WARN attempt 1 failed: 503 Service Unavailable, retrying in 2s\n"
           "2026-01-02 10:00:05 INFO attempt 2 succeeded\n2026-01-02 10:00:06 INFO sync finished: 412 records, 0 failed\n")
    run = run_command(["tail", "-n", "3", "logs/sync.log"], cwd=R7)
    # none by rule 1: the log lines that were asked for; the 503 was retried and the sync finished
    c.add(source, "tail-sync-recovered", "stdout", run.stdout, "none", "the last log lines that were asked for; the failed attempt was retried and the sync finished", f"tail -n 3 of a log file, stdout, exit {run.returncode} (GNU coreutils {coreutils})")
