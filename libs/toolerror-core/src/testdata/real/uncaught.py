"""Programs that end the way a tool's shell command ends: CPython prints its own output and exit status.

Run as `uncaught.py CASE`:
- `type-error`: calls a function with a missing argument; the TypeError escapes (traceback on stderr, exit 1).
- `permission`: runs a file that has no execute bit (EACCES even for root); the PermissionError escapes.
- `exception-group-refused`: an asyncio.TaskGroup whose task connects to a closed port; the ExceptionGroup
  escapes and CPython prints its `  + Exception Group Traceback` form.
- `exception-group-503`: the same, with a task whose urllib request gets HTTP 503 from the local server.
- `mentions-type-error`: a passing check that prints a caught TypeError in the middle of its output (exit 0).
"""
import asyncio
import os
import subprocess
import sys
import tempfile
import urllib.request

from local_server import closed_port, start


def two_args(a, b):
    return a + b


def type_error():
    two_args(1)


def permission():
    with tempfile.TemporaryDirectory(prefix="toolerror-real-") as scratch:
        path = os.path.join(scratch, "tool.sh")
        with open(path, "w") as f:
            f.write("echo hi\n")
        subprocess.run([path])


async def in_group(make_task):
    async with asyncio.TaskGroup() as group:
        group.create_task(make_task())


def exception_group_refused():
    port = closed_port()
    asyncio.run(in_group(lambda: asyncio.open_connection("127.0.0.1", port)))


def exception_group_503():
    _server, base = start()
    asyncio.run(in_group(lambda: asyncio.to_thread(urllib.request.urlopen, f"{base}/status/503", timeout=5)))


def mentions_type_error():
    print("checking two_args")
    print("two_args(1, 2) == 3: ok")
    try:
        two_args(1)
    except TypeError as e:
        print(f"two_args(1) raised {type(e).__name__}: {e} (expected)")
    print("2 checks passed")


CASES = {
    "type-error": type_error,
    "permission": permission,
    "exception-group-refused": exception_group_refused,
    "exception-group-503": exception_group_503,
    "mentions-type-error": mentions_type_error,
}

CASES[sys.argv[1]]()
