"""Round 2 of the Python cases, standard library: value parsing, files and archives, processes and shells,
sqlite3, and the network modules (http.client, ssl, smtplib, DNS). The truth and its reason are stated next to
each call, by the principles in ../../LABELLING.md. Scratch paths are fixed under /tmp/rb-corpus/py."""
import datetime
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
import zipfile

import servers
from common import PYTHON_AS_NOBODY, SCRATCH, caught, fresh_sqlite, run_python

NOBODY = PYTHON_AS_NOBODY[:-2]  # setpriv ... (without /usr/bin/python3 -c)


def _port(base):
    return int(base.rsplit(":", 1)[1])


def _as_nobody_forms(c, source, case, code, truth, reason, setup="", traceback=False):
    """Runs `code` as user nobody with /usr/bin/python3 and records the exception in the str, named and repr forms
    (and, if asked, the traceback of the same code left uncaught)."""
    run = run_python(f"import json, os\n{setup}\ntry:\n    {code}\nexcept Exception as e:\n    print(json.dumps({{'str': str(e), 'named': f'{{type(e).__name__}}: {{e}}', 'repr': repr(e)}}))", as_nobody=True)
    f = json.loads(run.stdout)
    for form in ("str", "named", "repr"):
        c.add(source, case, form, f[form], truth, reason, f"{code} as user nobody (setpriv, /usr/bin/python3)")
    if traceback:
        run = run_python(f"import os\n{setup}\n{code}", as_nobody=True)
        c.add(source, case, "traceback", run.stderr, truth, reason, f"{code} as user nobody, uncaught, stderr, exit {run.returncode}")


def values2(c):
    source = "python-builtins"
    c.add_forms(source, "strptime-format", caught(lambda: datetime.datetime.strptime("05/01/2026", "%Y-%m-%d")), "fixable", "quotes the value and the format %Y-%m-%d it must match", "datetime.strptime('05/01/2026', '%Y-%m-%d')")
    c.add_forms(source, "regex-error", caught(lambda: re.compile("(GET|POST /api")), "fixable", "the pattern argument is malformed; the text says what is missing and where", "re.compile of an unbalanced pattern")
    c.add_forms(source, "unicode-decode", caught(lambda: b"name,city\n\xe9mile,Paris\n".decode("utf-8")), "ambiguous", "a decode error of data the tool read; which encoding is meant is not said", "bytes.decode('utf-8') of Latin-1 data")


def files2(c):
    source = "python-os"
    data = f"{SCRATCH}/r2"
    os.makedirs(f"{data}/src/sub", exist_ok=True)
    with open(f"{data}/src/notes.txt", "w") as f:
        f.write("hello\n")
    os.symlink(f"{data}/loop-b", f"{data}/loop-a")
    os.symlink(f"{data}/loop-a", f"{data}/loop-b")
    c.add_forms(source, "symlink-loop", caught(lambda: open(f"{data}/loop-a")), "ambiguous", "a symbolic-link loop; which target is meant is not said", "open() of a symlink loop (ELOOP)")
    with open(f"{data}/upload.bin", "w") as f:
        f.write("x")
    c.add_forms(source, "cross-device", caught(lambda: os.rename(f"{data}/upload.bin", "/dev/shm/rb-corpus-upload.bin")), "ambiguous", "a rename across file systems; copying instead is a different call, not a changed value", "os.rename from /tmp to /dev/shm (EXDEV)")

    def write_full():
        with open("/dev/full", "w") as f:
            f.write("rows\n")
            f.flush()

    c.add_forms(source, "no-space", caught(write_full), "ambiguous", "the device is full; freeing space or stopping depends on context", "write and flush to /dev/full (ENOSPC)")
    script = f"{data}/build.sh"
    with open(script, "w") as f:
        f.write("echo building\nmake all\n")
    os.chmod(script, 0o755)
    c.add_forms(source, "exec-format", caught(lambda: subprocess.run([script])), "ambiguous", "the file is not an executable format (no #! line); the text does not say what to run instead", "subprocess.run of an executable script without a shebang (ENOEXEC)")
    os.makedirs(f"{SCRATCH}/shared", exist_ok=True)
    os.chmod(f"{SCRATCH}/shared", 0o755)
    with open(f"{SCRATCH}/shared/settings.json", "w") as f:
        f.write('{"debug": false}\n')
    os.chmod(f"{SCRATCH}/shared/settings.json", 0o444)
    os.chmod(SCRATCH, 0o755)
    _as_nobody_forms(c, source, "write-readonly-file", f"open('{SCRATCH}/shared/settings.json', 'w').write('{{}}')", "unrecoverable", "permission denied writing a read-only file", traceback=True)
    _as_nobody_forms(c, source, "chown-not-permitted", f"os.chown('{SCRATCH}/shared/settings.json', 65534, 65534)", "unrecoverable", "operation not permitted for this user")
    _as_nobody_forms(c, source, "remove-in-protected-dir", f"os.remove('{SCRATCH}/shared/settings.json')", "unrecoverable", "permission denied removing a file in a directory the user cannot write")

    source = "python-shutil"
    c.add_forms(source, "same-file", caught(lambda: shutil.copy(f"{data}/src/notes.txt", f"{data}/src/notes.txt")), "fixable", "names source and destination and says they are the same file; the destination must differ", "shutil.copy of a file onto itself")

    source = "python-archive"
    with open(f"{data}/export.zip", "w") as f:
        f.write("<html><body>Sign in to download</body></html>\n")
    c.add_forms(source, "bad-zip", caught(lambda: zipfile.ZipFile(f"{data}/export.zip")), "ambiguous", "the data read is not a zip file; where it came from is not said", "zipfile.ZipFile of an HTML file")


def processes2(c):
    source = "python-subprocess"
    c.add_forms(source, "run-timeout", caught(lambda: subprocess.run(["bash", "-c", "sleep 5"], capture_output=True, timeout=0.5)), "ambiguous", "the command's own time limit; repeating may time out again", "subprocess.run(['bash', '-c', 'sleep 5'], capture_output=True, timeout=0.5)")
    os.makedirs(f"{SCRATCH}/r2/notrepo", exist_ok=True)
    e = caught(lambda: subprocess.run(["git", "-C", f"{SCRATCH}/r2/notrepo", "log", "-1"], check=True, capture_output=True, text=True, env={**os.environ, "GIT_CEILING_DIRECTORIES": SCRATCH}))
    git = subprocess.run(["git", "--version"], capture_output=True, text=True).stdout.strip()
    c.add(source, "git-not-repo", "named-stderr", f"{type(e).__name__}: {e}\n{e.stderr}", "ambiguous", "a command's own error: the directory is not a repository", f"subprocess.run(['git', 'log', '-1'], check=True) outside a repository, '{{Name}}: {{e}}\\n{{e.stderr}}' ({git})")
    c.add(source, "git-not-repo", "stderr", e.stderr, "ambiguous", "a command's own error: the directory is not a repository", f"stderr of git log -1 outside a repository ({git})")
    curl = subprocess.run(["curl", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" (")[0]
    run = subprocess.run(["curl", "-sS", f"http://127.0.0.1:{c.closed}/v1/health"], capture_output=True, text=True)
    c.add(source, "curl-refused", "stderr", re.sub(r"after \d+ ms", "after 0 ms", run.stderr).replace(f"port {c.closed} ", "port 8001 "), "transient", "a shell command reports a refused connection", f"{curl} -sS to a closed port, stderr, exit {run.returncode} (elapsed ms fixed to 0, port to 8001)")
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


def sqlite2(c):
    source = "python-sqlite3"
    path = f"{SCRATCH}/r2/shop.db"
    db = fresh_sqlite(
        path,
        "PRAGMA foreign_keys = ON",
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)",
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), qty INTEGER CHECK (qty > 0), note TEXT)",
        "INSERT INTO customers VALUES (1, 'Ada')",
    )
    how = f"sqlite3 {sqlite3.sqlite_version}"
    c.add_forms(source, "check-constraint", caught(lambda: db.execute("INSERT INTO orders (customer_id, qty) VALUES (1, 0)")), "fixable", "names the constraint qty > 0 the value must satisfy", f"{how} a value that fails a CHECK constraint")
    c.add_forms(source, "foreign-key", caught(lambda: db.execute("INSERT INTO orders (customer_id, qty) VALUES (42, 1)")), "ambiguous", "conflicts with stored data; which key is missing is not said", f"{how} an order for a missing customer with foreign keys on")
    with open(f"{SCRATCH}/r2/export.db", "w") as f:
        f.write("id,name\n1,Ada\n" * 200)
    other = sqlite3.connect(f"{SCRATCH}/r2/export.db")
    other.close()
    db.close()


def _self_signed(directory, cn, san):
    os.makedirs(directory, exist_ok=True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={cn}", "-addext", f"subjectAltName={san}",
                    "-keyout", f"{directory}/key.pem", "-out", f"{directory}/cert.pem"], check=True, capture_output=True)
    return f"{directory}/cert.pem", f"{directory}/key.pem"


def network2(c):
    import http.client
    import smtplib

    source = "python-http-client"
    conn = http.client.HTTPConnection("127.0.0.1", _port(c.base), timeout=5)
    conn.request("GET", "/short-body")
    response = conn.getresponse()
    c.add_forms(source, "incomplete-read", caught(response.read), "transient", "the connection dropped in the middle of the body", "http.client response.read() of a body cut short by the server")
    ssh = servers.banner_listener(b"SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3\r\n")
    c.port(ssh.getsockname()[1], 8010)

    def http_to_ssh():
        conn = http.client.HTTPConnection("127.0.0.1", ssh.getsockname()[1], timeout=5)
        conn.request("GET", "/")
        conn.getresponse()

    c.add_forms(source, "bad-status-line", caught(http_to_ssh), "ambiguous", "the port answers with a non-HTTP banner; which port is meant is not said", "http.client GET to a listener that sends an SSH banner (banner written in servers.py)")
    c.add_forms(source, "url-control-char", caught(lambda: http.client.HTTPConnection("127.0.0.1", 80).request("GET", "/v1/search?q=red shoes")), "fixable", "quotes the URL and the character it must not contain", "http.client request of a URL with a space (no connection made)")

    source = "python-ssl"
    cert, key = _self_signed(f"{SCRATCH}/r2/tls", "api.internal.example", "DNS:api.internal.example")
    tls, port = servers.tls_server(cert, key)
    c.port(port, 8011)
    reason = "the server's certificate is not trusted; stopping or using another endpoint depends on context"
    e = caught(lambda: urllib.request.urlopen(f"https://127.0.0.1:{port}/ok", timeout=5))
    c.add_forms(source, "self-signed", e, "ambiguous", reason, "urllib.request.urlopen of a local TLS server with a self-signed certificate (openssl req -x509)")
    run = run_python("import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)", f"https://127.0.0.1:{port}/ok")
    c.add(source, "self-signed", "traceback", run.stderr, "ambiguous", reason, f"python3 -c urlopen of the same server, uncaught, stderr, exit {run.returncode}")

    source = "python-smtplib"
    how = "smtplib against a local SMTP listener (replies written in servers.py)"
    busy = servers.smtp_listener("busy")
    c.port(busy.getsockname()[1], 8012)
    c.add_forms(source, "service-not-available", caught(lambda: smtplib.SMTP("127.0.0.1", busy.getsockname()[1], timeout=5)), "transient", "421: the mail service is temporarily not available", f"{how}: SMTP() to a server that greets with 421")
    auth = servers.smtp_listener("auth")
    c.port(auth.getsockname()[1], 8013)

    def login():
        s = smtplib.SMTP("127.0.0.1", auth.getsockname()[1], timeout=5)
        try:
            s.login("reports@example.com", "wrong-app-password")
        finally:
            s.close()

    c.add_forms(source, "auth-failed", caught(login), "unrecoverable", "the credentials are refused", f"{how}: login() refused with 535")

    def send():
        s = smtplib.SMTP("127.0.0.1", auth.getsockname()[1], timeout=5)
        try:
            s.sendmail("reports@example.com", ["nobody@example.com"], "Subject: report\r\n\r\nattached\r\n")
        finally:
            s.close()

    c.add_forms(source, "recipient-refused", caught(send), "ambiguous", "the recipient is unknown; which address is meant is not said", f"{how}: sendmail() to a recipient refused with 550")

    drop = servers.smtp_listener("drop")
    c.port(drop.getsockname()[1], 8016)
    c.add_forms(source, "server-disconnected", caught(lambda: smtplib.SMTP("127.0.0.1", drop.getsockname()[1], timeout=5)), "transient", "the server dropped the connection before its greeting", f"{how}: SMTP() to a server that closes at once")

    source = "python-socket"

    def send_after_close():
        s = socket.create_connection(("127.0.0.1", c.closing), timeout=5)
        s.sendall(b"POST /v1/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")
        s.recv(1024)  # b'': the peer has closed
        for _ in range(5):
            s.sendall(b"x" * 65536)
            time.sleep(0.1)

    c.add_forms(source, "broken-pipe", caught(send_after_close), "transient", "EPIPE: the peer closed the connection while the body was being sent", "socket sendall to a listener that closed after reading the headers")
    c.add_forms(source, "dns-invalid-name", caught(lambda: socket.getaddrinfo("api.rb-corpus.invalid", 443)), "ambiguous", "the name does not exist (not a temporary failure); which host is meant is not said", "socket.getaddrinfo of a .invalid name on this machine")
    for listener in (ssh, busy, auth, drop):
        listener.close()
    tls.socket.close()
