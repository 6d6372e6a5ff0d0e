"""Files and processes through os, shutil, pathlib, zipfile and subprocess: missing and existing paths, links,
full devices, permissions (as root and, through setpriv, as user nobody in root-owned trees), signals and
programs that cannot run, and the stdout of commands whose output only looks like an error. The truth and its
reason are stated next to each call, by the principles in ../../LABELLING.md."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

from common import COMMAND_ENV, NOBODY, SCRATCH, as_nobody_forms, caught, run_python, write_file
from scratch import (R3, R4, R5, R6, R7, R8, R9, R10, R11, root_owned_configs, root_owned_credentials_and_logs,
                     root_owned_deploy_script, root_owned_env_file, root_owned_service_tree, root_owned_uploads,
                     shared_report_and_private_keys)


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


def links_full_devices_and_read_only_files(c):
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
    as_nobody_forms(c, source, "write-readonly-file", f"open('{SCRATCH}/shared/settings.json', 'w').write('{{}}')", "unrecoverable", "permission denied writing a read-only file", traceback=True)
    as_nobody_forms(c, source, "chown-not-permitted", f"os.chown('{SCRATCH}/shared/settings.json', 65534, 65534)", "unrecoverable", "operation not permitted for this user")
    as_nobody_forms(c, source, "remove-in-protected-dir", f"os.remove('{SCRATCH}/shared/settings.json')", "unrecoverable", "permission denied removing a file in a directory the user cannot write")

    source = "python-shutil"
    c.add_forms(source, "same-file", caught(lambda: shutil.copy(f"{data}/src/notes.txt", f"{data}/src/notes.txt")), "fixable", "names source and destination and says they are the same file; the destination must differ", "shutil.copy of a file onto itself")

    source = "python-archive"
    with open(f"{data}/export.zip", "w") as f:
        f.write("<html><body>Sign in to download</body></html>\n")
    c.add_forms(source, "bad-zip", caught(lambda: zipfile.ZipFile(f"{data}/export.zip")), "ambiguous", "the data read is not a zip file; where it came from is not said", "zipfile.ZipFile of an HTML file")


def signals_and_ended_processes(c):
    source = "python-os"
    child = subprocess.Popen(["true"])
    child.wait()  # reaped: its pid names no process any more
    c.add_forms(source, "process-lookup", caught(lambda: os.kill(child.pid, 15)), "ambiguous", "no such process; whether it already ended or the pid is wrong is not said", "os.kill(pid, SIGTERM) of a process that has exited and been reaped")
    as_nobody_forms(c, source, "kill-not-permitted", "os.kill(1, 15)", "unrecoverable", "operation not permitted: the process belongs to another user")
    source = "python-shutil"
    c.add_forms(source, "disk-usage-missing", caught(lambda: shutil.disk_usage(f"{R3}/mnt/backup")), "ambiguous", "the path does not exist; which one is meant is not said", "shutil.disk_usage of a missing mount point")
    source = "python-subprocess"
    crash = [sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"]
    e = caught(lambda: subprocess.run(crash, check=True, capture_output=True))
    e.cmd = ["python3", "render.py"]  # the command line a tool would show; the signal comes from the real run
    c.add_forms(source, "died-with-signal", e, "ambiguous", "the program crashed with a signal; the text does not say why", "subprocess.run(check=True) of a Python process that dies of SIGSEGV, cmd shown as ['python3', 'render.py']", which=("str", "named"))


def renames_removals_and_closed_directories(c):
    shared_report_and_private_keys()
    source = "python-os"
    write_file(f"{R4}/work/draft.md", "# Notes\n")
    os.makedirs(f"{R4}/work/build", exist_ok=True)
    c.add_forms(source, "rename-missing-source", caught(lambda: os.rename(f"{R4}/work/report-final.md", f"{R4}/work/archive/report-final.md")), "ambiguous", "the source (or the target directory) does not exist; which path is wrong is not said", "os.rename of a missing file")
    c.add_forms(source, "remove-directory", caught(lambda: os.remove(f"{R4}/work/build")), "ambiguous", "the path is a directory; removing the tree or another file is a different call, not a changed value", "os.remove of a directory (EISDIR)")
    as_nobody_forms(c, source, "listdir-permission", f"os.listdir('{R4}/private')", "unrecoverable", "permission denied listing a directory of another user", traceback=True)

    source = "python-shutil"
    as_nobody_forms(c, source, "copy-permission", f"shutil.copy('{R4}/work/draft.md', '{R4}/shared/draft.md')", "unrecoverable", "permission denied writing into a directory the user cannot write", setup="import shutil")


def appends_copytrees_and_missing_paths(c):
    root_owned_configs()
    # unrecoverable by rule 2: the file belongs to another user and may only be read
    as_nobody_forms(c, "python-os", "append-permission", f"open('{R5}/etc/app.log', 'a').write('2026-01-02 10:00:01 INFO export done\\n')", "unrecoverable", "permission denied appending to a file of another user")

    source = "python-shutil"
    os.makedirs(f"{R5}/site/assets", exist_ok=True)
    write_file(f"{R5}/site/index.html", "<h1>Reports</h1>\n")
    os.makedirs(f"{R5}/public", exist_ok=True)
    # ambiguous by rule 6: EEXIST; overwrite (dirs_exist_ok), another target or stop depends on context
    c.add_forms(source, "copytree-exists", caught(lambda: shutil.copytree(f"{R5}/site", f"{R5}/public")), "ambiguous", "the target directory exists; overwrite, another target or stop depends on context", "shutil.copytree into an existing directory")

    source = "python-pathlib"
    # ambiguous by rule 6: ENOENT of a relative path; which file is meant is not said
    cwd = os.getcwd()
    os.chdir(R5)
    try:
        c.add_forms(source, "read-text-missing", caught(lambda: pathlib.Path("config/app.yaml").read_text()), "ambiguous", "missing file; which path is meant is not said", "pathlib.Path('config/app.yaml').read_text() in a directory without it")
    finally:
        os.chdir(cwd)


def makedirs_chmod_and_missing_copies(c):
    root_owned_deploy_script()
    # unrecoverable by rule 2: the parent directory belongs to root
    as_nobody_forms(c, "python-os", "makedirs-permission", f"os.makedirs('{R6}/srv/cache/thumbnails')", "unrecoverable", "permission denied creating a directory under a root-owned one")
    # unrecoverable by rule 2: only the owner may change the mode (EPERM)
    as_nobody_forms(c, "python-os", "chmod-not-permitted", f"os.chmod('{R6}/srv/deploy.sh', 0o755)", "unrecoverable", "operation not permitted: the file belongs to another user")

    source = "python-shutil"
    os.makedirs(f"{R6}/backup", exist_ok=True)
    # ambiguous by rule 6: ENOENT of the source; which file is meant is not said
    c.add_forms(source, "copy-missing-source", caught(lambda: shutil.copy(f"{R6}/exports/2026-01-01.csv", f"{R6}/backup/")), "ambiguous", "the file to copy does not exist; which one is meant is not said", "shutil.copy of a missing file")


def missing_parents_and_root_owned_trees(c):
    os.makedirs(R7, exist_ok=True)
    # ambiguous by rule 6: ENOENT of a parent directory; whether to create it or which path is meant is not said
    c.add_forms("python-pathlib", "write-missing-parent", caught(lambda: pathlib.Path(f"{R7}/reports/2026/q1/summary.md").write_text("# Q1 summary\n")), "ambiguous", "the directory to write into does not exist; create it or fix the path depends on context", "pathlib.Path.write_text into a directory that does not exist")

    for path in (SCRATCH, R7):
        os.chmod(path, 0o755)
    write_file(f"{R7}/var/cache/build/index.json", '{"entries": []}\n', 0o644)
    # unrecoverable by rule 2: the tree belongs to root; nobody may not delete from it
    as_nobody_forms(c, "python-shutil", "rmtree-permission", f"__import__('shutil').rmtree('{R7}/var/cache/build')", "unrecoverable", "permission denied deleting files of a root-owned directory")


def renames_scandirs_and_empty_json(c):
    root_owned_uploads()
    # unrecoverable by rule 2: the directory belongs to root; nobody may not rename in it
    as_nobody_forms(c, "python-pathlib", "rename-permission", f"__import__('pathlib').Path('{R8}/srv/uploads/avatar.png').rename('{R8}/srv/uploads/avatar-old.png')", "unrecoverable", "permission denied renaming a file in a root-owned directory")

    # ambiguous by rule 6: ENOENT; which directory is meant is not said
    c.add_forms("python-os", "scandir-missing", caught(lambda: list(os.scandir(f"{R8}/exports/2026-01"))), "ambiguous", "the directory to list does not exist; which one is meant is not said", "os.scandir of a missing directory")

    write_file(f"{R8}/config/settings.json", "")

    def load_settings():
        with open(f"{R8}/config/settings.json") as f:
            return json.load(f)

    # ambiguous by rule 6: a parse error of data the tool read (the file is empty)
    c.add_forms("python-builtins", "json-load-empty-file", caught(load_settings), "ambiguous", "a parse error of a JSON file the tool read (it is empty); the fix is in the data, not a changed value", "json.load of an empty file")


def protected_logs_size_limits_and_working_dirs(c):
    root_owned_service_tree()
    # ambiguous by rule 6: SQLite says only that the file cannot be opened (the cause, a root-owned directory, is not said)
    as_nobody_forms(c, "python-sqlite3", "create-in-protected-dir", f"__import__('sqlite3').connect('{R9}/srv/data/cache.db').execute('CREATE TABLE hits (url TEXT)')", "ambiguous", "the database file cannot be opened; why (here a root-owned directory) is not said")

    write_file(f"{R9}/srv/worker.py", "import logging\n\nlogging.basicConfig(filename='" + R9 + "/srv/logs/worker.log', level=logging.INFO)\n"
           "logging.info('worker started')\n", 0o644)
    run = subprocess.run([*NOBODY, "/usr/bin/python3", f"{R9}/srv/worker.py"], capture_output=True, text=True, env=COMMAND_ENV, cwd=R9)
    # unrecoverable by rule 2: Permission denied opening the log file
    c.add("python-traceback", "log-file-permission", "traceback", run.stderr, "unrecoverable", "the script may not create its log file in a root-owned directory (Permission denied)", f"python3 worker.py as user nobody (setpriv, /usr/bin/python3), logging.basicConfig(filename=...), stderr, exit {run.returncode}")

    code = f"with open('{R9}/export.ndjson', 'w') as f:\n    f.write('{{\"id\": 1}}\\n' * 4096)\n"
    run = subprocess.run(["bash", "-c", f"ulimit -f 16 && exec {sys.executable} -c \"$0\"", "import json\ntry:\n" + "".join("    " + line + "\n" for line in code.splitlines())
                          + "except Exception as e:\n    print(json.dumps({'str': str(e), 'named': f'{type(e).__name__}: {e}', 'repr': repr(e)}))\n"], capture_output=True, text=True, env=COMMAND_ENV, cwd=R9)
    forms = json.loads(run.stdout)
    for form in ("str", "named", "repr"):
        # ambiguous by rule 6 (like a full device): EFBIG; raising the limit or writing less depends on context
        c.add("python-builtins", "file-too-large", form, forms[form], "ambiguous", "the write passes the file-size limit; raising the limit or writing less depends on context", "open().write of 40 KiB under ulimit -f 16 (bash), CPython ignoring SIGXFSZ")

    source = "python-subprocess"
    # ambiguous by rule 6: ENOENT of the working directory; which one is meant is not said
    c.add_forms(source, "cwd-missing", caught(lambda: subprocess.run(["git", "status"], cwd=f"{R9}/checkout/billing-api", capture_output=True)), "ambiguous", "the working directory does not exist; which one is meant is not said", "subprocess.run(['git', 'status'], cwd=missing directory)")
    # ambiguous by rule 6: the whole command line is taken as the program, which is not found; the text does not say to split it
    c.add_forms(source, "command-line-as-program", caught(lambda: subprocess.run("git status --short", capture_output=True)), "ambiguous", "no program named 'git status --short'; that the string must be split or run by a shell is not said", "subprocess.run('git status --short') without shell=True")


def local_configs_env_files_and_build_dirs(c):
    root_owned_env_file()
    # ambiguous by rule 6: ENOENT; which config file is meant is not said
    c.add_forms("python-builtins", "open-missing-local-config", caught(lambda: open(f"{R10}/config/settings.local.yaml")), "ambiguous", "the config file does not exist; which one is meant is not said", "open() of a missing config file")
    # unrecoverable by rule 2: Permission denied writing a root-owned file
    as_nobody_forms(c, "python-builtins", "write-env-permission", f"open('{R10}/srv/app/.env', 'a').write('SENTRY_DSN=\\n')", "unrecoverable", "permission denied appending to a file of another user")
    os.makedirs(f"{R10}/build", exist_ok=True)
    # ambiguous by rule 6: EEXIST; reuse, remove or stop depends on context
    c.add_forms("python-pathlib", "mkdir-build-exists", caught(lambda: pathlib.Path(f"{R10}/build").mkdir()), "ambiguous", "the directory exists already; reuse, remove or stop depends on context", "pathlib.Path.mkdir() of an existing directory")


def customer_csvs_credentials_and_directory_removal(c):
    root_owned_credentials_and_logs()
    # ambiguous by rule 6: ENOENT; which file is meant is not said
    c.add_forms("python-builtins", "r11-open-missing-customers-csv", caught(lambda: open(f"{R11}/data/customers_2025.csv", newline="")), "ambiguous", "the CSV file does not exist; which one is meant is not said", "open() of a missing CSV file")
    # unrecoverable by rule 2: Permission denied reading a file of another user
    as_nobody_forms(c, "python-builtins", "r11-read-credentials-permission", f"open('{R11}/srv/credentials').read()", "unrecoverable", "permission denied reading a root-owned 0600 credentials file")
    os.makedirs(f"{R11}/tmp/cache", exist_ok=True)
    # ambiguous by rule 6: EISDIR; whether to remove the tree or another path is meant is not said
    c.add_forms("python-os", "r11-remove-directory", caught(lambda: os.remove(f"{R11}/tmp/cache")), "ambiguous", "the path is a directory; whether the tree should go or another path is meant is not said", "os.remove() of a directory")
