"""Tool results produced by CPython, its standard library and the Python libraries installed here.

Prints one JSON record per line: {id, source, producer, message, truth, reason}. Every text comes from a call
that really fails (or succeeds) here; the truth and its reason are stated with the case, by the principles in
../../LABELLING.md. `--only GROUP[,GROUP]` runs some groups (the stability test uses it).

A tool returns an exception in one of a few ways, and each is a form of the case: `str` (`str(e)`), `named`
(`f"{type(e).__name__}: {e}"`), `repr` (`repr(e)`), `traceback` (the stderr of a program that let it escape),
`body` (the response body of a failed HTTP call).
"""
import argparse
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import servers  # noqa: E402
from common import SCRATCH, Corpus, caught, fresh_sqlite, run_python  # noqa: E402
from libraries import aws, flask_app, validation  # noqa: E402
import round2  # noqa: E402
import round2_http  # noqa: E402
import round2_libs  # noqa: E402
import round3  # noqa: E402
import round3_http  # noqa: E402
import round3_libs  # noqa: E402
import round3_tools  # noqa: E402
import round4  # noqa: E402
import round4_http  # noqa: E402
import round5  # noqa: E402
import round5_http  # noqa: E402
import round6  # noqa: E402
import round6_http  # noqa: E402
import round7  # noqa: E402
import round7_http  # noqa: E402
import round8  # noqa: E402
import round8_http  # noqa: E402
import round9  # noqa: E402
import round9_http  # noqa: E402
import round10  # noqa: E402
import round10_http  # noqa: E402
import round11  # noqa: E402
import round11_http  # noqa: E402


# The truth of a status whose text names nothing more than the status.
BARE_STATUS = {
    400: ("ambiguous", "a bare 400 names no field or value to change"),
    401: ("unrecoverable", "401: the credentials are refused; no argument fixes that"),
    403: ("unrecoverable", "403: access is forbidden"),
    404: ("ambiguous", "404: missing resource; the next step depends on context"),
    408: ("transient", "408: the request timed out on the network"),
    409: ("ambiguous", "409: a state conflict; re-read or give up depending on context"),
    422: ("ambiguous", "a bare 422 names no field"),
    429: ("transient", "429: rate limited"),
    500: ("transient", "500: server error that SDKs retry"),
    502: ("transient", "502: bad gateway"),
    503: ("transient", "503: service unavailable"),
    504: ("transient", "504: gateway timeout"),
}
# The truth of the API body of a status (servers.API_BODIES): 400 and 422 name their field.
API_STATUS = dict(BARE_STATUS)
API_STATUS[400] = ("fixable", "400 body names the parameter limit and the expected type")
API_STATUS[422] = ("fixable", "422 body names the missing field title")


def http_urllib(c, base):
    source = "python-urllib"
    for status, (truth, reason) in BARE_STATUS.items():
        e = caught(lambda: urllib.request.urlopen(f"{base}/bare/{status}", timeout=5))
        c.add_forms(source, f"http-{status}", e, truth, reason, f"urllib.request.urlopen of /bare/{status} on a local http.server")
        c.add(source, f"http-{status}", "body", e.read().decode(), truth, reason, f"the body of urllib's HTTPError: CPython http.server send_error({status})")
        run = run_python("import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)", f"{base}/bare/{status}")
        c.add(source, f"http-{status}", "traceback", run.stderr, truth, reason, f"python3 -c 'urllib.request.urlopen(...)' uncaught, stderr, exit {run.returncode}")
    for status, (truth, reason) in API_STATUS.items():
        e = caught(lambda: urllib.request.urlopen(f"{base}/api/{status}", timeout=5))
        c.add(source, f"api-{status}", "body", e.read().decode(), truth, reason, f"the body of urllib's HTTPError from /api/{status} (body written in servers.py)")
    ok = urllib.request.urlopen(f"{base}/ok", timeout=5).read().decode()
    c.add(source, "ok", "body", ok, "none", "a 200 body; its empty errors list is not a failure", "urllib.request.urlopen of /ok")


def http_requests(c, base):
    import requests

    source = "python-requests"
    how = f"requests {requests.__version__}"
    for status, (truth, reason) in BARE_STATUS.items():
        response = requests.get(f"{base}/bare/{status}", timeout=5)
        e = caught(response.raise_for_status)
        c.add_forms(source, f"http-{status}", e, truth, reason, f"{how} raise_for_status() of /bare/{status}", which=("str", "named"))
    for status, (truth, reason) in API_STATUS.items():
        response = requests.get(f"{base}/api/{status}", timeout=5)
        c.add(source, f"api-{status}", "body", response.text, truth, reason, f"{how} response.text of /api/{status} (body written in servers.py)")
        c.add(source, f"api-{status}", "status-body", f"{response.status_code} {response.reason}: {response.text}", truth, reason, f"{how} f'{{status_code}} {{reason}}: {{text}}' of /api/{status}")
    ok = requests.get(f"{base}/ok", timeout=5)
    c.add(source, "ok", "body", ok.text, "none", "a 200 body; its empty errors list is not a failure", f"{how} response.text of /ok")
    refused = caught(lambda: requests.get(f"http://127.0.0.1:{c.closed}/v1/items", timeout=5))
    c.add_forms(source, "connection-refused", refused, "transient", "connection refused", f"{how} get() to a closed port", which=("str", "named"))
    reset = caught(lambda: requests.get(f"http://127.0.0.1:{c.reset}/v1/items", timeout=5))
    c.add_forms(source, "connection-reset", reset, "transient", "connection reset by the peer", f"{how} get() to a listener that resets", which=("str", "named"))
    closed = caught(lambda: requests.get(f"http://127.0.0.1:{c.closing}/v1/items", timeout=5))
    c.add_forms(source, "remote-closed", closed, "transient", "the server dropped the connection without answering", f"{how} get() to a listener that closes", which=("str", "named"))
    timeout = caught(lambda: requests.get(f"http://127.0.0.1:{c.silent}/v1/items", timeout=0.3))
    c.add_forms(source, "read-timeout", timeout, "transient", "network read timeout", f"{how} get(timeout=0.3) to a listener that never answers", which=("str", "named"))
    schema = caught(lambda: requests.get("api.example.com/v1/items", timeout=5))
    c.add_forms(source, "missing-schema", schema, "fixable", "the URL argument lacks a scheme and the text says which", f"{how} get() of a URL without scheme (no connection made)", which=("str", "named"))
    invalid = caught(lambda: requests.get("http://", timeout=5))
    c.add_forms(source, "invalid-url", invalid, "fixable", "the URL argument has no host; the text says so", f"{how} get('http://') (no connection made)", which=("str", "named"))


def network_stdlib(c, base):
    source = "python-socket"
    refused = caught(lambda: socket.create_connection(("127.0.0.1", c.closed), timeout=5))
    c.add_forms(source, "connection-refused", refused, "transient", "connection refused", "socket.create_connection to a closed port")

    def recv_after_reset():
        s = socket.create_connection(("127.0.0.1", c.reset), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        s.recv(1024)
        s.recv(1024)

    c.add_forms(source, "connection-reset", caught(recv_after_reset), "transient", "connection reset by the peer", "socket recv from a listener that resets")

    def recv_timeout():
        s = socket.create_connection(("127.0.0.1", c.silent), timeout=0.3)
        s.recv(1024)

    c.add_forms(source, "recv-timeout", caught(recv_timeout), "transient", "network read timeout", "socket recv with timeout 0.3 from a silent listener")

    source = "python-urllib"
    c.add_forms(source, "connection-refused", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.closed}/", timeout=5)), "transient", "connection refused", "urllib.request.urlopen to a closed port")
    c.add_forms(source, "remote-closed", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.closing}/", timeout=5)), "transient", "the server dropped the connection without answering", "urllib.request.urlopen to a listener that closes")
    c.add_forms(source, "read-timeout", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.silent}/", timeout=0.3)), "transient", "network read timeout", "urllib.request.urlopen(timeout=0.3) to a silent listener")
    c.add_forms(source, "unknown-url-type", caught(lambda: urllib.request.urlopen("api.example.com/items", timeout=5)), "fixable", "the URL argument is not a full URL; the text quotes it", "urllib.request.urlopen of a URL without scheme")
    run = run_python("import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)", f"http://127.0.0.1:{c.closed}/")
    c.add(source, "connection-refused", "traceback", run.stderr, "transient", "connection refused", f"python3 -c urlopen to a closed port, uncaught, stderr, exit {run.returncode}")


def files_and_processes(c):
    source = "python-os"
    os.makedirs(f"{SCRATCH}/data", exist_ok=True)
    with open(f"{SCRATCH}/data/notes.txt", "w") as f:
        f.write("hello\n")
    tool = f"{SCRATCH}/tool.sh"
    with open(tool, "w") as f:
        f.write("echo hi\n")
    os.chmod(tool, 0o644)
    c.add_forms(source, "file-not-found", caught(lambda: open(f"{SCRATCH}/data/missing.txt")), "ambiguous", "missing file", "open() of a missing file")
    c.add_forms(source, "is-a-directory", caught(lambda: open(f"{SCRATCH}/data")), "ambiguous", "the path is a directory; which file is meant is not said", "open() of a directory")
    c.add_forms(source, "not-a-directory", caught(lambda: os.listdir(f"{SCRATCH}/data/notes.txt")), "ambiguous", "the path is a file, not a directory", "os.listdir of a file")
    c.add_forms(source, "file-exists", caught(lambda: os.mkdir(f"{SCRATCH}/data")), "ambiguous", "the target exists; overwrite, rename or stop depends on context", "os.mkdir of an existing directory")
    c.add_forms(source, "dir-not-empty", caught(lambda: os.rmdir(f"{SCRATCH}/data")), "ambiguous", "the directory is not empty", "os.rmdir of a non-empty directory")
    c.add_forms(source, "exec-permission", caught(lambda: subprocess.run([tool])), "unrecoverable", "permission denied", "subprocess.run of a file without an execute bit")
    for case, code, reason in [
        ("read-shadow", "open('/etc/shadow').read()", "permission denied reading a protected file"),
        ("write-root", "open('/root/report.txt', 'w').write('x')", "permission denied writing a protected directory"),
    ]:
        run = run_python(f"import json\ntry:\n    {code}\nexcept Exception as e:\n    print(json.dumps({{'str': str(e), 'named': f'{{type(e).__name__}}: {{e}}', 'repr': repr(e)}}))", as_nobody=True)
        f = json.loads(run.stdout)
        for form in ("str", "named", "repr"):
            c.add(source, case, form, f[form], "unrecoverable", reason, f"{code} as user nobody (setpriv, /usr/bin/python3)")
        run = run_python(code, as_nobody=True)
        c.add(source, case, "traceback", run.stderr, "unrecoverable", reason, f"{code} as user nobody, uncaught, stderr, exit {run.returncode}")

    source = "python-subprocess"
    c.add_forms(source, "called-process-error", caught(lambda: subprocess.run(["ls", f"{SCRATCH}/nowhere"], check=True, capture_output=True)), "ambiguous", "a bare non-zero exit status", "subprocess.run(['ls', missing], check=True)")
    c.add_forms(source, "exit-1", caught(lambda: subprocess.run(["false"], check=True)), "ambiguous", "a bare non-zero exit status", "subprocess.run(['false'], check=True)")
    sleeper = subprocess.Popen(["sleep", "5"])
    c.add_forms(source, "timeout-expired", caught(lambda: sleeper.wait(timeout=0.3)), "ambiguous", "the command's own timeout", "subprocess.Popen(['sleep', '5']).wait(timeout=0.3)")
    sleeper.kill()
    sleeper.wait()
    c.add_forms(source, "no-such-program", caught(lambda: subprocess.run(["rb-no-such-program"])), "ambiguous", "the program does not exist", "subprocess.run of a missing executable")
    run = subprocess.run(["bash", "-c", "ls /rb-nowhere; exit 2"], capture_output=True, text=True)
    c.add(source, "ls-missing", "stderr", run.stderr, "ambiguous", "missing path reported by a command", "bash -c 'ls /rb-nowhere', stderr")
    run = subprocess.run(["bash", "-c", "rb-no-such-program --version"], capture_output=True, text=True)
    c.add(source, "command-not-found", "stderr", run.stderr, "ambiguous", "command not found", "bash -c 'rb-no-such-program', stderr")
    with open(f"{SCRATCH}/data/app.log", "w") as f:
        f.write("2026-01-02 10:00:01 INFO retrying after ECONNRESET (attempt 1 of 3)\n2026-01-02 10:00:02 INFO upload finished: 3 files, 0 errors\n")
    run = subprocess.run(["cat", f"{SCRATCH}/data/app.log"], capture_output=True, text=True)
    c.add(source, "log-with-error-words", "stdout", run.stdout, "none", "the log reports a finished upload; the reset was retried", "cat of a log file")
    with open(f"{SCRATCH}/data/errors.py", "w") as f:
        f.write("class QuotaError(Exception):\n    \"\"\"Raised on 429 Too Many Requests.\"\"\"\n\n\ndef is_permission_denied(err):\n    return 'Permission denied' in str(err)\n")
    run = subprocess.run(["grep", "-n", "Error\\|denied", f"{SCRATCH}/data/errors.py"], capture_output=True, text=True)
    c.add(source, "grep-error-words", "stdout", run.stdout, "none", "grep found the lines it was asked for", "grep -n of a source file")
    with open(f"{SCRATCH}/test_client.py", "w") as f:
        f.write("import unittest\n\n\nclass ClientTest(unittest.TestCase):\n    def test_retries_after_connection_reset(self):\n        pass\n\n    def test_permission_denied_is_reported(self):\n        pass\n\n    def test_timeout_error_message(self):\n        pass\n")
    run = subprocess.run([sys.executable, "-m", "unittest", "-v", "test_client"], capture_output=True, text=True, cwd=SCRATCH)
    c.add(source, "unittest-pass", "stderr", re.sub(r"in \d+\.\d+s", "in 0.000s", run.stderr), "none", "all tests passed; their names mention errors", "python3 -m unittest -v of passing tests (run time fixed to 0.000s)")
    with open(f"{SCRATCH}/data/replica.log", "w") as f:
        f.write("ERROR: replica lag 12s (resolved at 10:02:07)\nINFO: replica in sync\n")
    run = subprocess.run(["cat", f"{SCRATCH}/data/replica.log"], capture_output=True, text=True)
    c.add(source, "log-starting-with-error", "stdout", run.stdout, "none", "the file was read; its first line is a resolved log entry", "cat of a log file whose first line starts with ERROR:")
    run = subprocess.run([sys.executable, "-c", "import json; print(json.dumps({'error': None, 'result': {'rows': 3, 'warnings': ['Rate limit headers missing']}}))"], capture_output=True, text=True)
    c.add(source, "json-error-null", "stdout", run.stdout, "none", "a result whose error field is null", "python3 -c json.dumps with error None")
    run = subprocess.run([sys.executable, "-c", "print('Error: none'); print('status: ok')"], capture_output=True, text=True)
    c.add(source, "prints-error-none", "stdout", run.stdout, "none", "the program reports no error", "python3 -c printing 'Error: none'")

    source = "python-traceback"
    scripts = {
        "type-error": ("def total(items, tax):\n    return sum(items) * (1 + tax)\n\nprint(total([1, 2]))\n", "ambiguous", "a programming error in the script the command ran"),
        "name-error": ("print(totl)\n", "ambiguous", "a programming error in the script the command ran"),
        "key-error": ("config = {'host': 'db'}\nprint(config['port'])\n", "ambiguous", "a programming error in the script the command ran"),
        "zero-division": ("rows = []\nprint(sum(rows) / len(rows))\n", "ambiguous", "a programming error in the script the command ran"),
        "module-not-found": ("import rb_missing_module\n", "ambiguous", "a missing module: install or change the code"),
        "assertion": ("assert 1 + 1 == 3, 'arithmetic is broken'\n", "ambiguous", "a failing check"),
        "syntax-error": ("def f(:\n    pass\n", "ambiguous", "a syntax error in the script, not in the call"),
        "recursion": ("def f(n):\n    return f(n + 1)\n\nf(0)\n", "ambiguous", "a programming error in the script the command ran"),
    }
    for case, (code, truth, reason) in scripts.items():
        path = f"{SCRATCH}/{case.replace('-', '_')}.py"
        with open(path, "w") as f:
            f.write(code)
        run = subprocess.run([sys.executable, path], capture_output=True, text=True, cwd=SCRATCH)
        text = run.stderr if case != "recursion" else run.stderr[-1500:]
        c.add(source, case, "traceback", text, truth, reason, f"python3 {os.path.basename(path)}, stderr, exit {run.returncode}")


def search(query, limit=10):
    return query, limit


def values_and_types(c):
    source = "python-builtins"
    c.add_forms(source, "missing-argument", caught(lambda: search()), "fixable", "names the missing argument query", "calling a tool function without its required argument")
    c.add_forms(source, "unexpected-keyword", caught(lambda: search("x", max_results=5)), "fixable", "names the unexpected keyword max_results", "calling a tool function with an unknown keyword")
    c.add_forms(source, "too-many-positional", caught(lambda: search("x", 5, True)), "fixable", "says how many arguments the function takes", "calling a tool function with too many arguments")
    c.add_forms(source, "int-parse", caught(lambda: int("ten")), "fixable", "names the value 'ten' and that an integer is expected", "int('ten') on an argument")
    c.add_forms(source, "date-parse", caught(lambda: __import__("datetime").date.fromisoformat("2026-13-01")), "fixable", "names the value and the expected ISO format", "date.fromisoformat('2026-13-01')")
    c.add_forms(source, "json-decode", caught(lambda: json.loads('{"a": }')), "ambiguous", "a parse error of data the tool read; which value is wrong is not named", "json.loads of a malformed document")
    c.add_forms(source, "key-error", caught(lambda: {"host": "db"}["port"]), "ambiguous", "a missing key inside the tool", "a dict lookup of a missing key")
    c.add_forms(source, "zero-division", caught(lambda: 1 / 0), "ambiguous", "a programming error inside the tool", "1 / 0")


def databases(c):
    source = "python-sqlite3"
    path = f"{SCRATCH}/app.db"
    db = fresh_sqlite(
        path,
        "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, error TEXT)",
        "CREATE TABLE counts (n INTEGER) STRICT",
        "INSERT INTO users (email, error) VALUES ('a@example.com', NULL)",
    )
    how = f"sqlite3 {sqlite3.sqlite_version}"
    c.add_forms(source, "no-such-table", caught(lambda: db.execute("SELECT * FROM userz")), "ambiguous", "an unknown table; which one is meant is not said", f"{how} SELECT from a missing table")
    c.add_forms(source, "no-such-column", caught(lambda: db.execute("SELECT nmae FROM users")), "ambiguous", "an unknown column; which one is meant is not said", f"{how} SELECT of a missing column")
    c.add_forms(source, "syntax-error", caught(lambda: db.execute("SELEC * FROM users")), "fixable", "names the token with the syntax error in the query argument", f"{how} a misspelled keyword")
    c.add_forms(source, "unique", caught(lambda: db.execute("INSERT INTO users (email) VALUES ('a@example.com')")), "ambiguous", "conflicts with stored data", f"{how} a duplicate of a UNIQUE column")
    c.add_forms(source, "not-null", caught(lambda: db.execute("INSERT INTO users (email) VALUES (NULL)")), "fixable", "names the field users.email that must not be null", f"{how} NULL into a NOT NULL column")
    c.add_forms(source, "strict-type", caught(lambda: db.execute("INSERT INTO counts VALUES ('many')")), "fixable", "names the column and the type it needs", f"{how} TEXT into a STRICT INTEGER column")
    c.add_forms(source, "bindings", caught(lambda: db.execute("SELECT * FROM users WHERE id = ?", (1, 2))), "fixable", "says how many bindings the query takes", f"{how} too many bindings")
    db.rollback()
    locker = sqlite3.connect(path, timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    other = sqlite3.connect(path, timeout=0)
    c.add_forms(source, "locked", caught(lambda: other.execute("SELECT * FROM users").fetchall()), "transient", "another connection holds the lock", f"{how} read while another connection holds an exclusive lock")
    locker.rollback()
    ro = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    c.add_forms(source, "readonly", caught(lambda: ro.execute("DELETE FROM users")), "unrecoverable", "the database is open read-only", f"{how} DELETE on a read-only connection")
    c.add_forms(source, "cannot-open", caught(lambda: sqlite3.connect(f"file:{SCRATCH}/nodir/x.db?mode=rw", uri=True)), "ambiguous", "the database file cannot be opened", f"{how} connect to a missing file")
    rows = db.execute("SELECT id, email, error FROM users").fetchall()
    c.add(source, "rows-with-error-column", "str", json.dumps([{"id": r[0], "email": r[1], "error": r[2]} for r in rows]), "none", "query rows; the error column is empty", f"{how} SELECT rows as JSON")


def _with_base(c, base):
    c.base = base
    return c


GROUPS = {
    "http-urllib": lambda c, base: http_urllib(c, base),
    "http-requests": lambda c, base: http_requests(c, base),
    "network": lambda c, base: network_stdlib(c, base),
    "files": lambda c, base: files_and_processes(c),
    "values": lambda c, base: values_and_types(c),
    "sqlite": lambda c, base: databases(c),
    "validation": lambda c, base: validation(c),
    "aws": lambda c, base: aws(c, base),
    "flask": lambda c, base: flask_app(c),
    # Round 2 (round2*.py): new cases only; the groups above are unchanged.
    "values2": lambda c, base: round2.values2(c),
    "files2": lambda c, base: round2.files2(c),
    "processes2": lambda c, base: round2.processes2(_with_base(c, base)),
    "sqlite2": lambda c, base: round2.sqlite2(c),
    "network2": lambda c, base: round2.network2(_with_base(c, base)),
    "http2-urllib": lambda c, base: round2_http.urllib2(c, base),
    "http2-requests": lambda c, base: round2_http.requests2(c, base),
    "httpx": lambda c, base: round2_http.httpx2(c, base),
    "pydantic2": lambda c, base: round2_libs.pydantic2(c),
    "jsonschema2": lambda c, base: round2_libs.jsonschema2(c),
    "aws2": lambda c, base: round2_libs.aws2(c, base),
    "flask2": lambda c, base: round2_libs.flask2(c),
    # Round 3 (round3*.py): new cases only; the groups above are unchanged.
    "values3": lambda c, base: round3.values3(c),
    "processes3": lambda c, base: round3.processes3(c),
    "mail3": lambda c, base: round3.mail3(c),
    "xmlrpc3": lambda c, base: round3.xmlrpc3(c, base),
    "tools3": lambda c, base: round3_tools.tools3(_with_base(c, base)),
    "http3": lambda c, base: round3_http.http3(_with_base(c, base)),
    "libs3": lambda c, base: round3_libs.libs3(c, base),
    # Round 4 (round4*.py): new cases only; the groups above are unchanged.
    "files4": lambda c, base: round4.files4(c),
    "processes4": lambda c, base: round4.processes4(c),
    "sqlite4": lambda c, base: round4.sqlite4(c),
    "values4": lambda c, base: round4.values4(c),
    "http4": lambda c, base: round4_http.http4(_with_base(c, base)),
    # Round 5 (round5*.py): new cases only; the groups above are unchanged.
    "files5": lambda c, base: round5.files5(c),
    "processes5": lambda c, base: round5.processes5(c),
    "sqlite5": lambda c, base: round5.sqlite5(c),
    "values5": lambda c, base: round5.values5(c),
    "http5": lambda c, base: round5_http.http5(_with_base(c, base)),
    # Round 6 (round6*.py): new cases only; the groups above are unchanged.
    "files6": lambda c, base: round6.files6(c),
    "processes6": lambda c, base: round6.processes6(c),
    "sqlite6": lambda c, base: round6.sqlite6(c),
    "values6": lambda c, base: round6.values6(c),
    "http6": lambda c, base: round6_http.http6(_with_base(c, base)),
    # Round 7 (round7*.py): new cases only; the groups above are unchanged.
    "files7": lambda c, base: round7.files7(c),
    "processes7": lambda c, base: round7.processes7(_with_base(c, base)),
    "sqlite7": lambda c, base: round7.sqlite7(c),
    "values7": lambda c, base: round7.values7(c),
    "http7": lambda c, base: round7_http.http7(_with_base(c, base)),
    # Round 8 (round8*.py): new cases only; the groups above are unchanged.
    "files8": lambda c, base: round8.files8(c),
    "processes8": lambda c, base: round8.processes8(c),
    "sqlite8": lambda c, base: round8.sqlite8(c),
    "values8": lambda c, base: round8.values8(c),
    "http8": lambda c, base: round8_http.http8(c),
    # Round 9 (round9*.py): new cases only; the groups above are unchanged.
    "files9": lambda c, base: round9.files9(c),
    "processes9": lambda c, base: round9.processes9(c),
    "sqlite9": lambda c, base: round9.sqlite9(c),
    "values9": lambda c, base: round9.values9(c),
    "http9": lambda c, base: round9_http.http9(c),
    # Round 10 (round10*.py): new cases only; the groups above are unchanged.
    "files10": lambda c, base: round10.files10(c),
    "processes10": lambda c, base: round10.processes10(c),
    "sqlite10": lambda c, base: round10.sqlite10(c),
    "values10": lambda c, base: round10.values10(c),
    "http10": lambda c, base: round10_http.http10(c),
    # Round 11 (round11*.py): new cases only; the groups above are unchanged.
    "files11": lambda c, base: round11.files11(c),
    "processes11": lambda c, base: round11.processes11(c),
    "sqlite11": lambda c, base: round11.sqlite11(c),
    "values11": lambda c, base: round11.values11(c),
    "http11": lambda c, base: round11_http.http11(c),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default=",".join(GROUPS))
    args = parser.parse_args()
    shutil.rmtree(SCRATCH, ignore_errors=True)
    os.makedirs(SCRATCH)
    c = Corpus()
    _server, port = servers.start()
    c.port(port, 8000)
    c.closed = servers.closed_port()
    c.port(c.closed, 8001)
    silent = servers.silent_listener()
    c.silent = silent.getsockname()[1]
    c.port(c.silent, 8002)
    reset = servers.resetting_listener()
    c.reset = reset.getsockname()[1]
    c.port(c.reset, 8003)
    closing = servers.closing_listener()
    c.closing = closing.getsockname()[1]
    c.port(c.closing, 8004)
    base = f"http://127.0.0.1:{port}"
    for name in args.only.split(","):
        GROUPS[name](c, base)
    for record in c.finish():
        print(json.dumps(record))
    shutil.rmtree(SCRATCH, ignore_errors=True)


main()
