"""Real exceptions raised by CPython and its standard library, printed as JSON.

Each entry maps a case to the forms a tool commonly returns: `str` (`str(e)`), `repr` (`repr(e)`) and `named`
(`f"{type(e).__name__}: {e}"`). Nothing here constructs an exception by hand; each one comes from a failing call.

PermissionError: the tests may run as root, where file modes do not stop reads or writes. Executing a file
without any execute bit fails with EACCES even for root (execve needs at least one x bit), so the
PermissionError below comes from subprocess running such a file.
"""
import json
import os
import socket
import subprocess
import tempfile
import urllib.error
import urllib.request

from local_server import closed_port, silent_listener


def forms(e):
    return {"str": str(e), "repr": repr(e), "named": f"{type(e).__name__}: {e}"}


def caught(call):
    try:
        call()
    except Exception as e:  # each case must fail; a success is reported as a missing entry
        return forms(e)
    return None


def two_args(a, b):
    return a + b


def main():
    with tempfile.TemporaryDirectory(prefix="toolerror-real-") as scratch:
        print(json.dumps(collect(scratch)))


def collect(scratch):
    not_executable = os.path.join(scratch, "tool.sh")
    with open(not_executable, "w") as f:
        f.write("echo hi\n")
    os.chmod(not_executable, 0o644)
    port = closed_port()
    listener = silent_listener()
    silent = listener.getsockname()[1]
    cases = {
        "type_missing_positional": caught(lambda: two_args(1)),
        "type_unexpected_keyword": caught(lambda: two_args(1, 2, c=3)),
        "type_too_many_positional": caught(lambda: two_args(1, 2, 3)),
        "connection_refused": caught(lambda: socket.create_connection(("127.0.0.1", port), timeout=5)),
        "urlopen_refused": caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)),
        "permission_exec": caught(lambda: subprocess.run([not_executable])),
        "is_a_directory": caught(lambda: open(scratch, "w")),
        "json_decode": caught(lambda: json.loads('{"a": }')),
        "urlopen_timeout": caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{silent}/", timeout=0.2)),
        "file_not_found": caught(lambda: open(os.path.join(scratch, "missing.txt"))),
    }
    listener.close()
    return cases


main()
