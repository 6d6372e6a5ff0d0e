"""Round 3 of the Python cases, command-line tools a shell or exec tool runs here: gcc, make, tar, jq,
python -m json.tool, curl and git, with their stderr or stdout as the tool returns it. The truth and its
reason are stated next to each call, by the principles in ../../LABELLING.md. Scratch paths are fixed under
/tmp/rb-corpus/py/r3; ports and elapsed times are rewritten to fixed values."""
import os
import re
import subprocess
import sys

from common import SCRATCH
from round2 import NOBODY

R3 = f"{SCRATCH}/r3"
ENV = {**os.environ, "LC_ALL": "C", "LANG": "C", "NO_PROXY": "*", "no_proxy": "*"}


def _version(argv):
    return subprocess.run(argv, capture_output=True, text=True, env=ENV).stdout.split("\n")[0].strip()


def _run(argv, cwd, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=ENV, **kwargs)


def tools3(c):
    source = "python-subprocess"
    build = f"{R3}/build"
    os.makedirs(build, exist_ok=True)
    gcc = _version(["gcc", "--version"])
    with open(f"{build}/report.c", "w") as f:
        f.write("#include <stdio.h>\n\nint count_rows(const char *path);\n\nint main(void) {\n    int total = count_rows(\"rows.csv\")\n    printf(\"%d rows\\n\", totl);\n    return 0;\n}\n")
    run = _run(["gcc", "-Wall", "-o", "report", "report.c"], build)
    c.add(source, "gcc-compile-error", "stderr", run.stderr, "ambiguous", "a compile error in the code the command built, not in the call", f"gcc -Wall -o report report.c of a file with a missing ';' and a misspelled name, stderr, exit {run.returncode} ({gcc}, LC_ALL=C)")
    with open(f"{build}/error_handler.c", "w") as f:
        f.write("#include <stdio.h>\n\nint report_error(const char *msg) {\n    int unused_errno;\n    return fprintf(stderr, \"error: %s\\n\", msg);\n}\n")
    run = _run(["gcc", "-Wall", "-c", "error_handler.c"], build)
    c.add(source, "gcc-warning-only", "stderr", run.stderr, "none", "the object file was compiled (exit 0); the output is one warning about an unused variable", f"gcc -Wall -c error_handler.c, stderr, exit {run.returncode} ({gcc}, LC_ALL=C)")
    with open(f"{build}/Makefile", "w") as f:
        f.write("error_handler.o: error_handler.c\n\tgcc -Wall -c error_handler.c\n")
    run = _run(["make", "error_handler.o"], build)
    make = _version(["make", "--version"])
    c.add(source, "make-up-to-date", "stdout", run.stdout, "none", "make found the target already built; the target's name contains 'error'", f"make error_handler.o after it was built, stdout, exit {run.returncode} ({make}, LC_ALL=C)")

    tar = _version(["tar", "--version"])
    data = f"{R3}/tar"
    os.makedirs(f"{data}/logs", exist_ok=True)
    for name, text in [("error.log", "2026-01-02 10:00:01 ERROR upstream timed out\n"), ("access.log", "GET /health 200\n")]:
        with open(f"{data}/logs/{name}", "w") as f:
            f.write(text)
    _run(["tar", "--mtime=2026-01-02 10:00:00", "--owner=0", "--group=0", "--sort=name", "-czf", "logs.tar.gz", "logs"], data, check=True)
    run = _run(["tar", "-tzf", "logs.tar.gz"], data)
    c.add(source, "tar-list-error-log", "stdout", run.stdout, "none", "the archive was listed; one member is named error.log", f"tar -tzf logs.tar.gz, stdout, exit {run.returncode} ({tar})")
    with open(f"{data}/backup.tar.gz", "w") as f:
        f.write("<html><head><title>Sign in</title></head><body>Session expired</body></html>\n")
    run = _run(["tar", "-xzf", "backup.tar.gz"], data)
    c.add(source, "tar-not-gzip", "stderr", run.stderr, "ambiguous", "the file read is not gzip data; where it came from and what to do is not said", f"tar -xzf of an HTML file saved as backup.tar.gz, stderr, exit {run.returncode} ({tar})")
    _run(["tar", "-cf", "flat.tar", "-C", "logs", "--mtime=2026-01-02 10:00:00", "--owner=0", "--group=0", "--sort=name", "access.log", "error.log"], data, check=True)
    os.makedirs(f"{SCRATCH}/shared", exist_ok=True)
    os.chmod(f"{SCRATCH}/shared", 0o755)
    os.chmod(R3, 0o755)
    os.chmod(data, 0o755)
    os.chmod(f"{data}/flat.tar", 0o644)
    run = subprocess.run([*NOBODY, "tar", "-xf", f"{data}/flat.tar", "-C", f"{SCRATCH}/shared"], capture_output=True, text=True, env=ENV)
    c.add(source, "tar-extract-permission", "stderr", run.stderr, "unrecoverable", "Permission denied writing into the target directory", f"tar -xf into a root-owned directory as user nobody (setpriv), stderr, exit {run.returncode} ({tar})")

    with open(f"{R3}/config.json", "w") as f:
        f.write('{\n  "host": "db.internal",\n  "port": 5432,\n}\n')
    run = _run([sys.executable, "-m", "json.tool", "config.json"], R3)
    c.add(source, "json-tool-invalid", "stderr", run.stderr, "ambiguous", "a parse error of the file the command read; the fix is in the data", f"python3 -m json.tool of a file with a trailing comma, stderr, exit {run.returncode}")
    with open(f"{R3}/result.json", "w") as f:
        f.write('{"job": "nightly-export", "status": "succeeded", "error": null, "warnings": ["retried 1 chunk after a timeout"]}\n')
    jq = _version(["jq", "--version"])
    run = _run(["jq", "{status, error, warnings}", "result.json"], R3)
    c.add(source, "jq-error-null", "stdout", run.stdout, "none", "jq printed the fields asked for; error is null and the warning is history", f"jq '{{status, error, warnings}}' result.json, stdout, exit {run.returncode} ({jq})")

    curl = _version(["curl", "--version"]).split(" (")[0]
    run = _run(["curl", "-sS", f"http://127.0.0.1:{c.reset}/v1/export"], R3)
    c.add(source, "curl-reset", "stderr", run.stderr, "transient", "a shell command reports a connection reset by the peer", f"{curl} -sS to a listener that resets, stderr, exit {run.returncode}")
    run = _run(["curl", "-sS", "--max-time", "1", f"http://127.0.0.1:{c.silent}/v1/export"], R3)
    text = re.sub(r"after \d+ milliseconds", "after 1001 milliseconds", run.stderr)
    c.add(source, "curl-timeout", "stderr", text, "transient", "the network request timed out with no answer from the server", f"{curl} -sS --max-time 1 to a listener that never answers, stderr, exit {run.returncode} (elapsed ms fixed to 1001)")
    git = _version(["git", "--version"])
    run = _run(["git", "clone", f"http://127.0.0.1:{c.closed}/team/app.git"], R3)
    text = re.sub(r"after \d+ ms", "after 0 ms", run.stderr).replace(f"port {c.closed} ", "port 8001 ")
    c.add(source, "git-clone-refused", "stderr", text, "transient", "the clone failed on a refused connection", f"git clone over http from a closed port, stderr, exit {run.returncode} ({git}; elapsed ms fixed to 0, port to 8001)")
