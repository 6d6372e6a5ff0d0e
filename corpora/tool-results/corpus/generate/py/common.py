"""What every Python case shares: the scratch directory, the forms a tool returns an exception in, and the
record collector that rewrites ephemeral ports to fixed ones."""
import json
import os
import re
import sqlite3
import subprocess
import sys

SCRATCH = "/tmp/rb-corpus/py"
PRODUCER = "corpus/generate/py/python_corpus.py"
PYTHON_AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c"]
NOBODY = PYTHON_AS_NOBODY[:-2]  # setpriv ... (without /usr/bin/python3 -c)


def forms(e):
    return {"str": str(e), "named": f"{type(e).__name__}: {e}", "repr": repr(e)}


def caught(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 - every case must fail; a success is a generator bug
        return e
    raise AssertionError("the call was expected to fail and did not")


class Corpus:
    def __init__(self):
        self.records = []
        self.ports = {}

    def port(self, real, canonical):
        self.ports[str(real)] = str(canonical)

    def add(self, source, case, form, text, truth, reason, how, is_error=False):
        message = {"role": "tool", "content": text}
        if is_error:
            message["is_error"] = True
        self.records.append({
            "id": f"{source}/{case}#{form}", "source": source,
            "producer": f"{PRODUCER} ({how}; python {sys.version.split()[0]})",
            "message": message, "truth": truth, "reason": reason,
        })

    def add_forms(self, source, case, e, truth, reason, how, which=("str", "named", "repr")):
        f = forms(e)
        for form in which:
            self.add(source, case, form, f[form], truth, reason, how)

    def finish(self):
        pattern = re.compile(r"(127\.0\.0\.1[:', ]+(?:port=)?)(\d+)")
        for record in self.records:
            record["message"]["content"] = pattern.sub(lambda m: m.group(1) + self.ports.get(m.group(2), m.group(2)), record["message"]["content"])
        return self.records


def fresh_sqlite(path, *statements):
    """A new SQLite database at path (an old one removed) with the statements run and committed."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    return db


def _child_env():
    return {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "NO_PROXY": "*", "no_proxy": "*"}


def run_python(code, *args, as_nobody=False, timeout=20):
    argv = (PYTHON_AS_NOBODY if as_nobody else [sys.executable, "-c"]) + [code, *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=SCRATCH, env=_child_env())


def as_nobody_forms(c, source, case, code, truth, reason, setup="", traceback=False):
    """Runs `code` as user nobody with /usr/bin/python3 and records the exception in the str, named and repr forms
    (and, if asked, the traceback of the same code left uncaught)."""
    run = run_python(f"import json, os\n{setup}\ntry:\n    {code}\nexcept Exception as e:\n    print(json.dumps({{'str': str(e), 'named': f'{{type(e).__name__}}: {{e}}', 'repr': repr(e)}}))", as_nobody=True)
    f = json.loads(run.stdout)
    for form in ("str", "named", "repr"):
        c.add(source, case, form, f[form], truth, reason, f"{code} as user nobody (setpriv, /usr/bin/python3)")
    if traceback:
        run = run_python(f"import os\n{setup}\n{code}", as_nobody=True)
        c.add(source, case, "traceback", run.stderr, truth, reason, f"{code} as user nobody, uncaught, stderr, exit {run.returncode}")


def self_signed_cert(directory, cn, san):
    """A self-signed certificate for cn (subjectAltName san) and its key, written into directory; returns their paths."""
    os.makedirs(directory, exist_ok=True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={cn}", "-addext", f"subjectAltName={san}",
                    "-keyout", f"{directory}/key.pem", "-out", f"{directory}/cert.pem"], check=True, capture_output=True)
    return f"{directory}/cert.pem", f"{directory}/key.pem"


# What the httpx scripts of run_httpx start with: `out` collects what they print; `fail(case, call, how, which)`
# records the forms of the exception that `call` raises; `api_bodies(client, base, prefix, names)` records the
# body of each `/PREFIX/NAME` of servers.py (and, for a failure status, the status line before it).
HTTPX_PRELUDE = r'''
import json, sys
import httpx
out = []
def fail(case, call, how, which=("str", "named")):
    try:
        call()
    except Exception as e:
        f = {"str": str(e), "named": f"{type(e).__name__}: {e}", "repr": repr(e)}
        out.append({"case": case, "forms": {k: f[k] for k in which}, "how": how})
        return
    raise AssertionError(case + " did not fail")
def api_bodies(client, base, prefix, names):
    for name in names:
        r = client.get(f"{base}/{prefix}/{name}")
        forms = {"body": r.text}
        if r.status_code >= 400:
            forms["status-body"] = f"{r.status_code} {r.reason_phrase}: {r.text}"
        out.append({"case": f"api-{name}", "name": name, "forms": forms, "how": f"response.text of /{prefix}/{name} (body written in servers.py)"})
'''


def run_httpx(code, *args):
    """Runs code, which prints `{"version": httpx.__version__, "out": ...}`, in /usr/bin/python3: httpx is Debian's
    python3-httpx, installed for that Python only. Returns the printed object and the how-label `httpx V (Debian
    python3-httpx, /usr/bin/python3 V)`, or None where there is no /usr/bin/python3 or no httpx in it."""
    if not os.path.exists("/usr/bin/python3"):
        return None
    run = subprocess.run(["/usr/bin/python3", "-c", code, *args], capture_output=True, text=True, timeout=60, cwd=SCRATCH, env=_child_env())
    if run.returncode != 0 and "No module named 'httpx'" in run.stderr:
        return None
    result = json.loads(run.stdout)
    version = subprocess.run(["/usr/bin/python3", "--version"], capture_output=True, text=True).stdout.split()[1]
    return result, f"httpx {result['version']} (Debian python3-httpx, /usr/bin/python3 {version})"


# ---------------------------------------------------------------------------------------------------------


# What the cases' commands run with: the C locale (stable messages), no bytecode, no proxy; git with a fixed
# identity and dates and no user or system configuration.
COMMAND_ENV = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONDONTWRITEBYTECODE": "1", "NO_PROXY": "*", "no_proxy": "*"}
GIT_ENV = {**COMMAND_ENV, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com",
           "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_DATE": "2026-01-02T10:00:00+00:00", "GIT_COMMITTER_DATE": "2026-01-02T10:00:00+00:00"}


def write_file(path, text, mode=None):
    """Writes text to path, making its directory; with mode, sets the file's mode."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if mode is not None:
        os.chmod(path, mode)


def git_repo(path, files, message):
    """A git repository at path (branch main) whose first commit, `message`, holds files {name: text}."""
    os.makedirs(path, exist_ok=True)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q"], cwd=path, env=GIT_ENV, check=True)
    for name, text in files.items():
        write_file(f"{path}/{name}", text)
    subprocess.run(["git", "add", "."], cwd=path, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=path, env=GIT_ENV, check=True)


def run_command(argv, cwd, env=COMMAND_ENV, **kwargs):
    """Runs a command as a shell or exec tool would, in cwd, and keeps its text output."""
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=env, **kwargs)


def coreutils_version(tool):
    """The coreutils version as `tool --version` prints it (`9.1`), for the how-label of a coreutils case."""
    return run_command([tool, "--version"], cwd="/").stdout.split("\n")[0].split(") ")[-1]
