// The calls each agent is made to run, one session per case, with the true kind of what the call runs into
// (../LABELLING.md). The last step is the call whose result is recorded; earlier steps satisfy the agent's own
// preconditions (OpenCode and Kilo Code refuse to edit a file they have not read in the session).
// `env.web` is a local HTTP server (`/status/NNN`), `env.closed` a port nobody listens on, `env.root` the
// directory holding one workspace per case (`<root>/<case id>`), each with notes.txt ("alpha\nbeta\nbeta\n")
// and app.py (a script that raises TypeError).

import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ws = (env, id, file) => `${env.root}/${id}/${file}`;
const refusedScript = (env) => `python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:${env.closed}/health', timeout=5)"`;

/** Shell cases shared by every agent; `shell(command)` builds the agent's own shell call. */
function shellCases(env, shell) {
  return [
    { id: 'shell-exit', steps: [shell('ls /rb-nowhere')], truth: 'ambiguous', reason: 'a command failed on a missing path' },
    { id: 'shell-false', steps: [shell('false')], truth: 'ambiguous', reason: 'a bare non-zero exit' },
    { id: 'shell-not-found', steps: [shell('rb-no-such-program --version')], truth: 'ambiguous', reason: 'command not found' },
    { id: 'shell-refused', steps: [shell(refusedScript(env))], truth: 'ambiguous', reason: 'the program failed on a refused connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'shell-permission', steps: [shell('cat /etc/shadow')], truth: 'unrecoverable', reason: 'permission denied' },
    { id: 'shell-script-error', steps: [shell('python3 app.py')], truth: 'ambiguous', reason: 'a programming error in the script the command ran' },
    { id: 'shell-ok-error-words', steps: [shell("echo 'checked 12 files: 0 errors, 0 timeouts'")], truth: 'none', reason: 'the command succeeded; its output names error words' },
    { id: 'shell-ok', steps: [shell('ls')], truth: 'none', reason: 'a successful listing' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// `setup(ws)` runs as root after the workspace was handed to nobody, so what it creates is root-owned
// (readable, not writable by the agent).
const files = (entries) => (dir) => {
  for (const [name, text] of Object.entries(entries)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
};
const TOTAL_TEST = {
  'total.py': 'def total(items, tax):\n    return round(sum(items) * tax, 2)\n',
  'test_total.py': 'import unittest\n\nfrom total import total\n\n\nclass TotalTest(unittest.TestCase):\n    def test_adds_tax(self):\n        self.assertEqual(total([10, 20], 0.1), 33.0)\n\n\nif __name__ == "__main__":\n    unittest.main()\n',
};
const C_BUILD = {
  Makefile: 'CFLAGS = -Wall -Wextra -O2\n\napp: main.o words.o\n\t$(CC) -o app main.o words.o\n\t@echo "app: build complete"\n\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n',
  'main.c': '#include <stdio.h>\n\nint count_words(const char *s);\n\nint main(int argc, char **argv) {\n    printf("%d\\n", count_words("error: 0 warnings"));\n    return 0;\n}\n',
  'words.c': '#include <string.h>\n\nint count_words(const char *s) {\n    int n = 1, spaces;\n    for (size_t i = 0; i < strlen(s); i++)\n        if (s[i] == \' \') n++;\n    return n;\n}\n',
};
const MIRRORS = {
  'fetch_notes.py': 'import sys\nimport urllib.error\nimport urllib.request\n\n# Tries each mirror in turn until one answers.\nfor url in sys.argv[1:]:\n    try:\n        with urllib.request.urlopen(url, timeout=5) as r:\n            print(f"GET {url} -> {r.status} ({len(r.read())} bytes)")\n            break\n    except urllib.error.URLError as e:\n        print(f"Error: GET {url} failed: {e.reason}; trying next mirror")\nelse:\n    sys.exit("all mirrors failed")\n',
};
const PING = {
  'ping_cache.py': 'import socket\nimport sys\n\nhost, port = sys.argv[1].rsplit(":", 1)\nwith socket.create_connection((host, int(port)), timeout=5) as s:\n    s.sendall(b"PING\\r\\n")\n    print(s.recv(64).decode().strip())\n',
};
const MIGRATE = {
  'migrate.py': 'import sqlite3\n\n# The app\'s background worker keeps a write transaction open on the same database.\nworker = sqlite3.connect("app.db", isolation_level=None)\nworker.execute("BEGIN EXCLUSIVE")\n\ndb = sqlite3.connect("app.db", timeout=0.1)\ndb.execute("CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, email TEXT NOT NULL)")\nprint("migrated")\n',
};

/** Shell cases shared by every agent: network commands, permissions, git, tests and builds. */
function networkPermissionAndBuildShellCases(env, shell) {
  return [
    { id: 'sh-curl-refused', steps: [shell(`curl -sS http://127.0.0.1:${env.closed}/health`)], truth: 'ambiguous', reason: 'curl: connection refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'sh-curl-503', steps: [shell(`curl -fsS ${env.web}/status/503`)], truth: 'transient', reason: 'curl: the server answered 503' },
    { id: 'sh-socket-refused', setup: files(PING), steps: [shell(`python3 ping_cache.py 127.0.0.1:${env.closed}`)], truth: 'ambiguous', reason: 'the script failed with ConnectionRefusedError; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'sh-sqlite-locked', setup: files(MIGRATE), steps: [shell('python3 migrate.py')], truth: 'transient', reason: 'sqlite3.OperationalError: database is locked' },
    { id: 'sh-curl-401', steps: [shell(`curl -fsS ${env.web}/status/401`)], truth: 'unrecoverable', reason: 'curl: the server answered 401' },
    { id: 'sh-touch-etc', steps: [shell('touch /etc/rb-corpus.lock')], truth: 'unrecoverable', reason: 'touch: Permission denied' },
    { id: 'sh-py-permission', steps: [shell(`python3 -c "import shutil; shutil.copy('notes.txt', '/usr/local/bin/notes')"`)], truth: 'unrecoverable', reason: 'PermissionError writing a root-owned directory' },
    { id: 'sh-curl-404', steps: [shell(`curl -fsS ${env.web}/status/404`)], truth: 'ambiguous', reason: 'curl: the server answered 404' },
    { id: 'sh-git-status', steps: [shell('git status --short')], truth: 'ambiguous', reason: 'not a git repository' },
    { id: 'sh-timeout-124', steps: [shell(`timeout 2 python3 -c "import time; time.sleep(10)"`)], truth: 'ambiguous', reason: "the command's own time limit (timeout exits 124)" },
    { id: 'sh-unittest-fail', setup: files(TOTAL_TEST), steps: [shell('python3 -m unittest test_total')], truth: 'ambiguous', reason: 'a failing test: the code is wrong, not the call' },
    { id: 'sh-make-warnings', setup: files(C_BUILD), steps: [shell('make 2>&1')], truth: 'none', reason: 'the build succeeded; the compiler printed warnings' },
    { id: 'sh-mirror-fallback', setup: files(MIRRORS), steps: [shell(`python3 fetch_notes.py http://127.0.0.1:${env.closed}/release-notes ${env.web}/release-notes`)], truth: 'none', reason: 'the first mirror refused, the second answered; the script succeeded' },
  ];
}

const BINARY = { 'data.bin': Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)) };
const lockedDir = (dir) => mkdirSync(join(dir, 'locked'), { recursive: true });
const rootOwned = files({ 'generated.txt': '# generated by build.sh; do not edit\nversion = 1\n' });

// ---------------------------------------------------------------------------------------------------------------
// `env.web` also serves `/reset` (resets the connection), `/api/rate-limit` (429, per-minute limit),
// `/api/quota` (429, daily quota) and `/api/items` (422 naming per_page); see API_BODIES in agents.mjs.
const CALL_API = {
  'call_api.py': 'import sys\nimport urllib.error\nimport urllib.request\n\ntry:\n    with urllib.request.urlopen(sys.argv[1], timeout=5) as r:\n        print(r.read().decode())\nexcept urllib.error.HTTPError as e:\n    sys.exit(f"{e.code} {e.reason}: {e.read().decode()}")\n',
};
// A release archive cut off halfway through its download (gzip of a fixed text; node writes mtime 0).
const TRUNCATED_TAR = (dir) => {
  const gz = gzipSync(Buffer.from(Array.from({ length: 400 }, (_, i) => `release/file-${i}.txt: build ${i * 7919 % 1000}\n`).join('')));
  writeFileSync(join(dir, 'release.tar.gz'), gz.subarray(0, Math.floor(gz.length / 2)));
};
// A database owned by root: the agent (nobody) may read it but not write it.
const READONLY_DB = (dir) => execFileSync('sqlite3', [join(dir, 'app.db'), 'CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL);']);
const API_TESTS = {
  'test_api.py': 'import unittest\n\n\ndef status_for(user):\n    return 200 if user.get("admin") else 403\n\n\ndef should_retry(code):\n    return code in ("ECONNRESET", "ETIMEDOUT")\n\n\nclass ApiTest(unittest.TestCase):\n    def test_forbidden_returns_403(self):\n        self.assertEqual(status_for({"admin": False}), 403)\n\n    def test_retries_on_econnreset(self):\n        self.assertTrue(should_retry("ECONNRESET"))\n\n\nif __name__ == "__main__":\n    unittest.main()\n',
};
// A file with CRLF line endings, handed to the agent (nobody) so that only the line endings stand in the way.
const CRLF_INI = (dir) => {
  files({ 'settings.ini': '[server]\r\nhost = 0.0.0.0\r\nport = 8080\r\n' })(dir);
  execFileSync('chown', ['65534:65534', join(dir, 'settings.ini')]);
};
const BROKEN_C = { 'parse.c': '#include <stdlib.h>\n\nint parse_port(const char *s) {\n    int port = atoi(s)\n    return port > 0 && port < 65536 ? port : -1;\n}\n' };

/** Shell cases shared by every agent: timeouts, quotas, read-only and corrupt data. */
function timeoutQuotaAndCorruptDataShellCases(env, shell) {
  return [
    { id: 'sh3-py-429', setup: files(CALL_API), steps: [shell(`python3 call_api.py ${env.web}/api/rate-limit`)], truth: 'transient', reason: 'the script got HTTP 429 with a per-minute rate limit (try again in 20s)' },
    { id: 'sh3-curl-reset', steps: [shell(`curl -sS ${env.web}/reset`)], truth: 'transient', reason: 'curl: connection reset by peer' },
    { id: 'sh3-node-refused', steps: [shell(`node -e "require('http').get('http://127.0.0.1:${env.closed}/api/health', (r) => console.log(r.statusCode))"`)], truth: 'ambiguous', reason: 'a node program died with ECONNREFUSED; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'sh3-curl-timeout', steps: [shell(`curl -sS -m 2 ${env.web}/hang`)], truth: 'transient', reason: 'curl: the request timed out (a network request timeout, curl -m)' },
    { id: 'sh3-py-read-timeout', steps: [shell(`python3 -c "import urllib.request; urllib.request.urlopen('${env.web}/hang', timeout=2)"`)], truth: 'transient', reason: 'the script failed with a read timeout of its HTTP request' },
    { id: 'sh3-py-quota', setup: files(CALL_API), steps: [shell(`python3 call_api.py ${env.web}/api/quota`)], truth: 'unrecoverable', reason: 'a daily quota is exhausted until midnight (RESOURCE_EXHAUSTED)' },
    { id: 'sh3-sqlite-readonly', setup: READONLY_DB, steps: [shell(`sqlite3 app.db "INSERT INTO users (email) VALUES ('ada@example.com');"`)], truth: 'unrecoverable', reason: 'attempt to write a readonly database' },
    { id: 'sh3-tar-corrupt', setup: TRUNCATED_TAR, steps: [shell('tar -xzf release.tar.gz')], truth: 'ambiguous', reason: 'a truncated archive: the data is bad, the call is not' },
    { id: 'sh3-make-no-target', setup: files(C_BUILD), steps: [shell('make install')], truth: 'ambiguous', reason: 'make has no rule for the target; which target is meant is not said' },
    { id: 'sh3-unittest-ok-words', setup: files(API_TESTS), steps: [shell('python3 -m unittest -v test_api')], truth: 'none', reason: 'the tests passed; their names mention 403 and ECONNRESET' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// `env.web` also serves `/api/unavailable` (503, Google-style UNAVAILABLE, Retry-After 30) and `/api/user`
// (401, GitHub-style "Bad credentials"); see API_BODIES in agents.mjs.
const SLUG_TEST = {
  'slug.js': "function slugify(s) {\n  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-');\n}\n\nmodule.exports = { slugify };\n",
  'slug.test.js': "const assert = require('node:assert');\nconst { slugify } = require('./slug');\n\nassert.strictEqual(slugify('Release Notes'), 'release-notes');\nassert.strictEqual(slugify('Hello, World!'), 'hello-world');\nconsole.log('slug tests passed');\n",
};
const RETRY_TEST = {
  'worker.py': 'import logging\n\nlog = logging.getLogger("worker")\n\n\ndef fetch_with_retry(fetch, attempts=3):\n    for attempt in range(1, attempts + 1):\n        try:\n            return fetch()\n        except ConnectionError as e:\n            log.error("attempt %d failed: %s; retrying", attempt, e)\n    raise ConnectionError("all attempts failed")\n',
  'test_worker.py': 'import unittest\n\nfrom worker import fetch_with_retry\n\n\nclass RetryTest(unittest.TestCase):\n    def test_recovers_after_503(self):\n        answers = [ConnectionError("upstream returned 503 Service Unavailable"), "ok"]\n\n        def fetch():\n            answer = answers.pop(0)\n            if isinstance(answer, Exception):\n                raise answer\n            return answer\n\n        self.assertEqual(fetch_with_retry(fetch), "ok")\n\n\nif __name__ == "__main__":\n    unittest.main()\n',
};
const CONFIG_JSON = { 'config.json': '{"service": "billing", "retries": 3, "endpoints": ["https://api.example.com/v1"]}\n' };
// A git repository with one commit on main (fixed author and dates), handed to the agent (nobody).
const GIT_REPO = (dir) => {
  const env = { ...process.env, GIT_AUTHOR_DATE: '2024-01-02T03:04:05Z', GIT_COMMITTER_DATE: '2024-01-02T03:04:05Z' };
  const git = (...args) => execFileSync('git', ['-C', dir, '-c', 'safe.directory=*', '-c', 'user.name=RB Corpus', '-c', 'user.email=corpus@example.com', ...args], { env });
  git('init', '-q', '-b', 'main');
  git('add', 'notes.txt', 'app.py');
  git('commit', '-q', '-m', 'Add tax calculation');
  execFileSync('chown', ['-R', '65534:65534', dir]);
};

/** Shell cases shared by every agent: statuses a script reports, a missing branch, failing assertions. */
function statusBranchAndAssertionShellCases(env, shell) {
  return [
    { id: 'r4-sh-curl-500', steps: [shell(`curl -fsS ${env.web}/status/500`)], truth: 'transient', reason: 'curl: the server answered 500' },
    { id: 'r4-sh-py-503', setup: files(CALL_API), steps: [shell(`python3 call_api.py ${env.web}/api/unavailable`)], truth: 'transient', reason: 'the script got HTTP 503 UNAVAILABLE from the API' },
    { id: 'r4-sh-py-401', setup: files(CALL_API), steps: [shell(`python3 call_api.py ${env.web}/api/user`)], truth: 'unrecoverable', reason: 'the script got HTTP 401 Bad credentials' },
    { id: 'r4-sh-git-missing-branch', setup: GIT_REPO, steps: [shell('git checkout release/2.1')], truth: 'ambiguous', reason: 'the branch does not exist; which one is meant is not said' },
    { id: 'r4-sh-node-assert', setup: files(SLUG_TEST), steps: [shell('node slug.test.js')], truth: 'ambiguous', reason: 'a failing assertion in the test script: the code is wrong, not the call' },
    { id: 'r4-sh-json-indent', setup: files(CONFIG_JSON), steps: [shell('python3 -m json.tool --indent two config.json')], truth: 'fixable', reason: 'argparse names the option --indent and that it takes an int' },
    { id: 'r4-sh-unittest-log-errors', setup: files(RETRY_TEST), steps: [shell('python3 -m unittest test_worker')], truth: 'none', reason: 'the test passed; the code under test logged a 503 error before its retry succeeded' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// `env.web` serves `/status/NNN` for any status; psql is the Debian postgresql-client.
// A git repository whose main and feature/tax branches changed the same line of app.py (fixed author and dates),
// handed to the agent (nobody), so that merging the branch conflicts. The repository has its own user.name and
// user.email (git merge asks for an identity before it merges).
const GIT_CONFLICT = (dir) => {
  const env = { ...process.env, GIT_AUTHOR_DATE: '2024-01-02T03:04:05Z', GIT_COMMITTER_DATE: '2024-01-02T03:04:05Z' };
  const git = (...args) => execFileSync('git', ['-C', dir, '-c', 'safe.directory=*', '-c', 'user.name=RB Corpus', '-c', 'user.email=corpus@example.com', ...args], { env });
  const app = (line) => writeFileSync(join(dir, 'app.py'), `def total(items, tax):\n${line}\n\nprint(total([1, 2]))\n`);
  git('init', '-q', '-b', 'main');
  git('add', 'notes.txt', 'app.py');
  git('commit', '-q', '-m', 'Add tax calculation');
  git('checkout', '-q', '-b', 'feature/tax');
  app('    return round(sum(items) * (1 + tax), 2)');
  git('commit', '-q', '-am', 'Round totals to cents');
  git('checkout', '-q', 'main');
  app('    return sum(items) * (1.0 + tax)');
  git('commit', '-q', '-am', 'Use float tax rate');
  git('config', 'user.name', 'RB Corpus');
  git('config', 'user.email', 'corpus@example.com');
  execFileSync('chown', ['-R', '65534:65534', dir]);
};
const SERVER_LOG = {
  'logs/server.log': [
    '2024-05-02T10:15:01Z INFO  started worker pool (4 workers)',
    '2024-05-02T10:15:03Z ERROR upstream timed out after 30s (GET /api/orders)',
    '2024-05-02T10:15:04Z INFO  GET /api/orders 200 in 112ms',
    '2024-05-02T10:16:40Z ERROR connection refused by redis at 127.0.0.1:6379; retrying in 5s',
    '2024-05-02T10:16:45Z INFO  redis connection restored',
    '',
  ].join('\n'),
};

/** Shell cases shared by every agent: a rate limit, a refused database, a merge conflict. */
function rateLimitDatabaseAndMergeShellCases(env, shell) {
  return [
    { id: 'r5-sh-curl-429', steps: [shell(`curl -fsS ${env.web}/status/429`)], truth: 'transient', reason: 'curl: the server answered 429' },
    { id: 'r5-sh-psql-refused', steps: [shell(`psql postgresql://app@127.0.0.1:${env.closed}/appdb -c 'SELECT 1'`)], truth: 'ambiguous', reason: 'psql: connection to the database server refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'r5-sh-mkdir-permission', steps: [shell('mkdir -p /var/lib/rb-app/cache')], truth: 'unrecoverable', reason: 'mkdir: Permission denied under root-owned /var/lib' },
    { id: 'r5-sh-git-merge-conflict', setup: GIT_CONFLICT, steps: [shell('git merge feature/tax')], truth: 'ambiguous', reason: 'a merge conflict with stored data: which side to keep is not said' },
    { id: 'r5-sh-grep-log-errors', setup: files(SERVER_LOG), steps: [shell('grep -n ERROR logs/server.log')], truth: 'none', reason: 'the search succeeded; the log lines it found report errors' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// A script with a syntax error (a failing `node --check`), and a job-status JSON body whose `error` is null.
const BROKEN_SERVER = { 'server.js': "const http = require('node:http');\n\nconst server = http.createServer((req, res) => {\n  res.end('ok');\n};\n\nserver.listen(3000);\n" };
const JOB_JSON = { 'job.json': '{"id": "job_7f3a", "status": "succeeded", "error": null, "errors": [], "retries": 0, "message": "exported 120 rows; 0 errors"}\n' };

/** Shell cases shared by every agent: a bad gateway, a refused fetch, a syntax check. */
function badGatewayAndSyntaxCheckShellCases(env, shell) {
  return [
    { id: 'r6-sh-curl-502', steps: [shell(`curl -fsS ${env.web}/status/502`)], truth: 'transient', reason: 'curl: the server answered 502' },
    { id: 'r6-sh-node-fetch-refused', steps: [shell(`node -e "fetch('http://127.0.0.1:${env.closed}/api/health').then((r) => console.log(r.status))"`)], truth: 'ambiguous', reason: 'a node fetch failed with ECONNREFUSED; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'r6-sh-node-check-syntax', setup: files(BROKEN_SERVER), steps: [shell('node --check server.js')], truth: 'ambiguous', reason: 'a syntax error in the checked script: the code is wrong, not the call' },
    { id: 'r6-sh-json-error-null', setup: files(JOB_JSON), steps: [shell('python3 -m json.tool job.json')], truth: 'none', reason: 'the file was pretty-printed; its body says "error": null and 0 errors' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// A deploy hook that calls the local web server with urllib (no retry of its own), a report script that
// imports a package the system Python lacks, a git history whose subjects name errors, and a worker log with
// ERROR lines.
const DEPLOY_HOOK = {
  'deploy_hook.py': 'import sys\nimport urllib.request\n\n# Tells the release service that a build is ready.\nreq = urllib.request.Request(sys.argv[1], data=b\'{"build": "2024.05.2"}\', headers={"content-type": "application/json"})\nwith urllib.request.urlopen(req, timeout=5) as r:\n    print(r.status, r.read().decode())\n',
};
const REPORT = {
  'report.py': 'import json\n\nimport requests\n\nresp = requests.get("https://api.example.com/v1/orders", timeout=10)\nprint(json.dumps(resp.json(), indent=2))\n',
};
// A git repository with three commits whose subjects mention errors (fixed author and dates), handed to the
// agent (nobody).
const GIT_HISTORY = (dir) => {
  const git = (date, ...args) => execFileSync('git', ['-C', dir, '-c', 'safe.directory=*', '-c', 'user.name=RB Corpus', '-c', 'user.email=corpus@example.com', ...args], { env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
  git('2024-01-02T03:04:05Z', 'init', '-q', '-b', 'main');
  git('2024-01-02T03:04:05Z', 'add', 'notes.txt', 'app.py');
  git('2024-01-02T03:04:05Z', 'commit', '-q', '-m', 'Add tax calculation');
  writeFileSync(join(dir, 'app.py'), 'def total(items, tax=0.0):\n    return sum(items) * (1 + tax)\n\nprint(total([1, 2]))\n');
  git('2024-01-03T03:04:05Z', 'commit', '-q', '-am', 'Fix TypeError when total() is called without tax');
  writeFileSync(join(dir, 'notes.txt'), 'alpha\nbeta\nbeta\nretry on ECONNRESET and 503 errors\n');
  git('2024-01-04T03:04:05Z', 'commit', '-q', '-am', 'Retry on ECONNRESET and 503 errors instead of failing');
  execFileSync('chown', ['-R', '65534:65534', dir]);
};
const WORKER_LOG = {
  'logs/worker.log': [
    '2024-05-03T08:00:00Z INFO  worker started (queue=exports)',
    '2024-05-03T08:00:12Z ERROR job exp_41 failed: 429 Too Many Requests from api.example.com; retrying in 20s',
    '2024-05-03T08:00:32Z INFO  job exp_41 succeeded (120 rows)',
    '2024-05-03T08:02:05Z ERROR job exp_42 failed: permission denied writing /mnt/exports; giving up',
    '2024-05-03T08:02:06Z INFO  worker idle',
    '',
  ].join('\n'),
};

/** Shell cases shared by every agent: urlopen of a 503, a missing module, head and /etc/hosts. */
function urlopenModuleAndHostsShellCases(env, shell) {
  return [
    { id: 'r7-sh-py-urlopen-503', setup: files(DEPLOY_HOOK), steps: [shell(`python3 deploy_hook.py ${env.web}/status/503`)], truth: 'transient', reason: 'the script died with urllib.error.HTTPError: HTTP Error 503: Service Unavailable' },
    { id: 'r7-sh-py-no-module', setup: files(REPORT), steps: [shell('python3 report.py')], truth: 'ambiguous', reason: "ModuleNotFoundError: No module named 'requests' (the script's environment lacks a package; whether to install it or use another interpreter is not said)" },
    { id: 'r7-sh-head-bad-count', steps: [shell('head -n ten notes.txt')], truth: 'fixable', reason: "head names the value 'ten' of -n as an invalid number of lines" },
    { id: 'r7-sh-append-hosts', steps: [shell("echo '127.0.0.1 api.local' >> /etc/hosts")], truth: 'unrecoverable', reason: 'the shell cannot open /etc/hosts for appending: Permission denied' },
  ];
}

export const AGENT_CASES = {
  'qwen-code': (env) => {
    const shell = (command, extra = {}) => ({ name: 'run_shell_command', arguments: { command, ...extra } });
    const read = (id, file) => ({ name: 'read_file', arguments: { file_path: ws(env, id, file) } });
    const edit = (id, file, oldString, newString) => ({ name: 'edit', arguments: { file_path: ws(env, id, file), old_string: oldString, new_string: newString } });
    // web_fetch is one of Qwen Code's deferred tools, reached through tool_call.
    const webFetch = (url) => ({ name: 'tool_call', arguments: { name: 'web_fetch', arguments: { url, prompt: 'Summarise the release notes.' } } });
    return [
      { id: 'read-missing', steps: [read('read-missing', 'missing.txt')], truth: 'ambiguous', reason: 'missing file' },
      { id: 'read-relative', steps: [{ name: 'read_file', arguments: { file_path: 'notes.txt' } }], truth: 'fixable', reason: 'a relative path where an absolute one is required' },
      { id: 'read-no-path', steps: [{ name: 'read_file', arguments: { path: ws(env, 'read-no-path', 'notes.txt') } }], truth: 'fixable', reason: 'the required parameter file_path is missing' },
      { id: 'read-directory', steps: [{ name: 'read_file', arguments: { file_path: `${env.root}/read-directory` } }], truth: 'ambiguous', reason: 'the path is a directory' },
      { id: 'read-permission', steps: [{ name: 'read_file', arguments: { file_path: '/etc/shadow' } }], truth: 'unrecoverable', reason: 'permission denied' },
      { id: 'read-ok', steps: [read('read-ok', 'notes.txt')], truth: 'none', reason: 'the file was read' },
      { id: 'edit-not-found', steps: [read('edit-not-found', 'notes.txt'), edit('edit-not-found', 'notes.txt', 'gamma', 'delta')], truth: 'fixable', reason: 'old_string not found' },
      { id: 'edit-not-unique', steps: [read('edit-not-unique', 'notes.txt'), edit('edit-not-unique', 'notes.txt', 'beta', 'delta')], truth: 'fixable', reason: 'old_string occurs twice' },
      { id: 'edit-identical', steps: [read('edit-identical', 'notes.txt'), edit('edit-identical', 'notes.txt', 'alpha', 'alpha')], truth: 'fixable', reason: 'old_string equals new_string' },
      { id: 'edit-missing-file', steps: [edit('edit-missing-file', 'missing.txt', 'alpha', 'delta')], truth: 'ambiguous', reason: 'the file to edit does not exist' },
      { id: 'edit-permission', steps: [{ name: 'read_file', arguments: { file_path: '/etc/hosts' } }, { name: 'edit', arguments: { file_path: '/etc/hosts', old_string: 'localhost', new_string: 'localhost.localdomain' } }], truth: 'unrecoverable', reason: 'permission denied writing a system file' },
      { id: 'edit-ok', steps: [read('edit-ok', 'notes.txt'), edit('edit-ok', 'notes.txt', 'alpha', 'gamma')], truth: 'none', reason: 'the edit was applied' },
      { id: 'write-permission', steps: [{ name: 'write_file', arguments: { file_path: '/etc/rb-corpus.conf', content: 'x=1\n' } }], truth: 'unrecoverable', reason: 'permission denied writing /etc' },
      { id: 'write-no-content', steps: [{ name: 'write_file', arguments: { file_path: ws(env, 'write-no-content', 'out.txt') } }], truth: 'fixable', reason: 'the required parameter content is missing' },
      { id: 'write-ok', steps: [{ name: 'write_file', arguments: { file_path: ws(env, 'write-ok', 'out.txt'), content: 'Error handling: retry on 503, stop on 403.\n' } }], truth: 'none', reason: 'the file was written' },
      { id: 'unknown-tool', steps: [{ name: 'list_directory', arguments: { path: `${env.root}/unknown-tool` } }], truth: 'fixable', reason: 'an unknown tool name' },
      { id: 'glob-none', steps: [{ name: 'glob', arguments: { pattern: '**/*.rs', path: `${env.root}/glob-none` } }], truth: 'none', reason: 'a search that found nothing' },
      { id: 'shell-timeout', steps: [shell('sleep 5', { timeout: 1000 })], truth: 'fixable', reason: 'Qwen Code blocks a bare sleep and names the argument to change (is_background: true)' },
      { id: 'shell-timeout-python', steps: [shell('python3 -c "import time; time.sleep(5)"', { timeout: 1000 })], truth: 'ambiguous', reason: "the command's own timeout" },
      ...shellCases(env, shell),
      ...networkPermissionAndBuildShellCases(env, shell),
      { id: 'sh-grep-nomatch', steps: [shell('grep -rn FIXME .')], truth: 'ambiguous', reason: 'a bare exit code 1 (grep found nothing)' },
      { id: 'sh-wrong-type', steps: [shell('ls', { is_background: 'no' })], truth: 'fixable', reason: 'is_background must be a boolean' },
      { id: 'read-offset-past-end', steps: [{ name: 'read_file', arguments: { file_path: ws(env, 'read-offset-past-end', 'notes.txt'), offset: 100, limit: 20 } }], truth: 'none', reason: 'Qwen Code reports the empty range past the end of the file (of 4 total lines) without an error' },
      { id: 'read-wrong-type', steps: [{ name: 'read_file', arguments: { file_path: ws(env, 'read-wrong-type', 'notes.txt'), offset: 'ten', limit: 5 } }], truth: 'fixable', reason: 'offset must be an integer' },
      { id: 'read-binary', setup: files(BINARY), steps: [read('read-binary', 'data.bin')], truth: 'ambiguous', reason: 'a binary file' },
      { id: 'write-locked-dir', setup: lockedDir, steps: [{ name: 'write_file', arguments: { file_path: ws(env, 'write-locked-dir', 'locked/out.txt'), content: 'x=1\n' } }], truth: 'unrecoverable', reason: 'permission denied writing a root-owned directory' },
      { id: 'edit-root-owned', setup: rootOwned, steps: [read('edit-root-owned', 'generated.txt'), edit('edit-root-owned', 'generated.txt', 'version = 1', 'version = 2')], truth: 'unrecoverable', reason: 'permission denied writing a root-owned file' },
      { id: 'edit-empty-old', steps: [read('edit-empty-old', 'notes.txt'), edit('edit-empty-old', 'notes.txt', '', 'gamma\n')], truth: 'ambiguous', reason: 'Qwen Code says only that the file already exists and cannot be created; it names no argument' },
      { id: 'grep-bad-regex', steps: [{ name: 'grep_search', arguments: { pattern: 'total(items', path: `${env.root}/grep-bad-regex` } }], truth: 'fixable', reason: 'the pattern is not a valid regular expression' },
      { id: 'glob-missing-dir', steps: [{ name: 'glob', arguments: { pattern: '*.py', path: `${env.root}/glob-missing-dir/src` } }], truth: 'ambiguous', reason: 'the directory to search does not exist' },
      { id: 'agent-unknown-type', steps: [{ name: 'agent', arguments: { description: 'Review app.py', prompt: 'Review app.py for bugs.', subagent_type: 'code-reviewer' } }], truth: 'fixable', reason: 'an unknown subagent type' },
      { id: 'tool-call-unknown', steps: [{ name: 'tool_call', arguments: { name: 'web_search', arguments: { query: 'python sqlite database is locked' } } }], truth: 'fixable', reason: 'an unknown deferred tool name' },
      { id: 'fetch-401', steps: [webFetch(`${env.web}/status/401`)], truth: 'unrecoverable', reason: '401' },
      { id: 'fetch-429', steps: [webFetch(`${env.web}/status/429`)], truth: 'transient', reason: '429' },
      { id: 'fetch-502', steps: [webFetch(`${env.web}/status/502`)], truth: 'transient', reason: '502' },
      { id: 'fetch-504', steps: [webFetch(`${env.web}/status/504`)], truth: 'transient', reason: '504' },
      { id: 'fetch-invalid-url', steps: [webFetch('http://[127.0.0.1]/release-notes')], truth: 'fixable', reason: 'the url is not a valid URL; the text says what it must be' },
      { id: 'fetch-redirect-loop', steps: [webFetch(`${env.web}/loop`)], truth: 'ambiguous', reason: 'too many redirects: the URL to use instead is not said' },
      ...timeoutQuotaAndCorruptDataShellCases(env, shell),
      { id: 'write-root-owned', setup: rootOwned, steps: [read('write-root-owned', 'generated.txt'), { name: 'write_file', arguments: { file_path: ws(env, 'write-root-owned', 'generated.txt'), content: 'version = 2\n' } }], truth: 'unrecoverable', reason: 'permission denied writing over a root-owned file' },
      { id: 'edit-crlf', setup: CRLF_INI, steps: [read('edit-crlf', 'settings.ini'), edit('edit-crlf', 'settings.ini', 'host = 0.0.0.0\nport = 8080', 'host = 127.0.0.1\nport = 8080')], truth: 'none', reason: 'Qwen Code matched the LF old_string against the CRLF file and applied the edit' },
      { id: 'edit-replace-all', steps: [read('edit-replace-all', 'notes.txt'), { name: 'edit', arguments: { file_path: ws(env, 'edit-replace-all', 'notes.txt'), old_string: 'beta', new_string: 'delta', replace_all: true } }], truth: 'none', reason: 'both occurrences were replaced' },
      { id: 'tool-search-empty', steps: [{ name: 'tool_search', arguments: { query: '' } }], truth: 'fixable', reason: 'query must not be empty' },
      { id: 'sh3-timeout-too-long', steps: [shell('python3 -m unittest', { timeout: 900000 })], truth: 'fixable', reason: 'timeout is above its maximum of 600000' },
      { id: 'notebook-not-ipynb', steps: [{ name: 'notebook_edit', arguments: { notebook_path: ws(env, 'notebook-not-ipynb', 'app.py'), cell_id: 'cell-0', new_source: 'print(1)', edit_mode: 'replace' } }], truth: 'fixable', reason: 'notebook_path must end with .ipynb' },
      { id: 'update-goal-bad-status', steps: [{ name: 'update_goal', arguments: { status: 'done', reason: 'the tax test passes' } }], truth: 'fixable', reason: 'status must be complete or blocked' },
      { id: 'grep-limit-zero', steps: [{ name: 'grep_search', arguments: { pattern: 'def total', path: `${env.root}/grep-limit-zero`, limit: 0 } }], truth: 'fixable', reason: 'limit must be a positive integer' },
      { id: 'fetch3-field-422', steps: [webFetch(`${env.web}/api/items?per_page=500`)], truth: 'ambiguous', reason: 'the tool reports only the status 422, not the body that names per_page' },
      ...statusBranchAndAssertionShellCases(env, shell),
      { id: 'r4-edit-stale', steps: [read('r4-edit-stale', 'app.py'), edit('r4-edit-stale', 'app.py', 'return sum(items) * tax', 'return round(sum(items) * (1 + tax), 2)')], truth: 'fixable', reason: 'old_string (a stale version of the line) is not in the file' },
      { id: 'r4-write-opt', steps: [{ name: 'write_file', arguments: { file_path: '/opt/rb-app/config.json', content: '{"retries": 3}\n' } }], truth: 'unrecoverable', reason: 'permission denied creating a directory under root-owned /opt' },
      { id: 'r4-fetch-503', steps: [webFetch(`${env.web}/status/503`)], truth: 'transient', reason: '503' },
      ...rateLimitDatabaseAndMergeShellCases(env, shell),
      { id: 'r5-edit-tab-indent', steps: [read('r5-edit-tab-indent', 'app.py'), edit('r5-edit-tab-indent', 'app.py', '\treturn sum(items) * (1 + tax)', '\treturn round(sum(items) * (1 + tax), 2)')], truth: 'fixable', reason: 'old_string (indented with a tab; the file uses spaces) is not in the file' },
      { id: 'r5-read-negative-offset', steps: [{ name: 'read_file', arguments: { file_path: ws(env, 'r5-read-negative-offset', 'app.py'), offset: -5, limit: 10 } }], truth: 'fixable', reason: 'offset must be a non-negative integer' },
      { id: 'r5-fetch-404', steps: [webFetch(`${env.web}/status/404`)], truth: 'ambiguous', reason: '404' },
      ...badGatewayAndSyntaxCheckShellCases(env, shell),
      { id: 'r6-edit-not-unique-call', steps: [read('r6-edit-not-unique-call', 'app.py'), edit('r6-edit-not-unique-call', 'app.py', 'total(', 'subtotal(')], truth: 'fixable', reason: 'old_string occurs twice (the definition and the call)' },
      { id: 'r6-write-etc-hosts', steps: [{ name: 'read_file', arguments: { file_path: '/etc/hosts' } }, { name: 'write_file', arguments: { file_path: '/etc/hosts', content: '127.0.0.1 localhost api.local\n' } }], truth: 'unrecoverable', reason: 'permission denied overwriting a root-owned system file' },
      { id: 'r6-fetch-409', steps: [webFetch(`${env.web}/status/409`)], truth: 'ambiguous', reason: '409' },
      ...urlopenModuleAndHostsShellCases(env, shell),
      { id: 'r7-sh-git-log-error-words', setup: GIT_HISTORY, steps: [shell('git log --oneline')], truth: 'none', reason: 'the log was listed; its commit subjects name TypeError, ECONNRESET and 503 errors' },
      { id: 'r7-fetch-500', steps: [webFetch(`${env.web}/status/500`)], truth: 'transient', reason: '500' },
    ];
  },

  opencode: (env) => [...openCodeFamily(env, 'bash'), ...openCodeCrlfEditsAndFetchFormats(env), ...openCodeOwnToolErrors(env), ...openCodeStaleEditsAndProtectedWrites(env), ...openCodeTabEditsAndMissingContent(env, { id: 'r5-fetch-409', status: 409, truth: 'ambiguous', reason: '409' }), ...openCodeRepeatedCallsAndHostsFile(env, { id: 'r6-fetch-408', status: 408, truth: 'transient', reason: '408 (a request timeout)' }), ...openCodeUrlopenAndOwnCases(env, [
    { id: 'r7-edit-stale-signature', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'app.py') } }), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'app.py'), oldString: 'def total(items, tax=0.0):', newString: 'def total(items, tax=0.0, rounding=2):' } })], truth: 'fixable', reason: 'oldString (a signature the file does not have) is not in the file' },
    { id: 'r7-read-log-errors', setup: files(WORKER_LOG), steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'logs/worker.log') } })], truth: 'none', reason: 'the log file was read; its lines report a 429 and a permission error' },
  ])],
  'kilo-code': (env) => [...openCodeFamily(env, 'bash'), ...openCodeCrlfEditsAndFetchFormats(env), ...kiloOwnToolErrors(env), ...openCodeStaleEditsAndProtectedWrites(env), ...openCodeTabEditsAndMissingContent(env, { id: 'r5-fetch-408', status: 408, truth: 'transient', reason: '408 (a request timeout)' }), ...openCodeRepeatedCallsAndHostsFile(env, { id: 'r6-fetch-405', status: 405, truth: 'ambiguous', reason: '405' }), ...openCodeUrlopenAndOwnCases(env, [
    { id: 'r7-fetch-api-unavailable', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/unavailable`, format: 'text' } })], truth: 'transient', reason: 'the API answered 503 UNAVAILABLE' },
    { id: 'r7-read-missing-config', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'config/settings.yaml') } })], truth: 'ambiguous', reason: 'the file to read does not exist' },
  ])],
};

/** OpenCode and Kilo Code: the urlopen, module and hosts shell cases and each agent's own file and fetch cases, whose
 * steps are built from the case id. */
function openCodeUrlopenAndOwnCases(env, own) {
  const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
  return [
    ...urlopenModuleAndHostsShellCases(env, shell),
    ...own.map(({ steps, ...kase }) => ({ ...kase, steps: steps.map((step) => step(kase.id)) })),
  ];
}

/** OpenCode and Kilo Code: the bad-gateway shell cases, a repeated call, /etc/hosts; `fetch` is the status each fetches (one neither has fetched before). */
function openCodeRepeatedCallsAndHostsFile(env, fetch) {
  const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
  const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
  return [
    ...badGatewayAndSyntaxCheckShellCases(env, shell),
    { id: 'r6-edit-not-unique-call', steps: [read('r6-edit-not-unique-call', 'app.py'), { name: 'edit', arguments: { filePath: ws(env, 'r6-edit-not-unique-call', 'app.py'), oldString: 'total(', newString: 'subtotal(' } }], truth: 'fixable', reason: 'oldString occurs twice (the definition and the call)' },
    { id: 'r6-write-etc-hosts', steps: [{ name: 'read', arguments: { filePath: '/etc/hosts' } }, { name: 'write', arguments: { filePath: '/etc/hosts', content: '127.0.0.1 localhost api.local\n' } }], truth: 'unrecoverable', reason: 'permission denied overwriting a root-owned system file' },
    { id: fetch.id, steps: [{ name: 'webfetch', arguments: { url: `${env.web}/status/${fetch.status}`, format: 'text' } }], truth: fetch.truth, reason: fetch.reason },
  ];
}

/** OpenCode and Kilo Code: the rate-limit shell cases, a tab-indented edit, a write without content; `fetch` is the status each fetches (one neither has fetched before). */
function openCodeTabEditsAndMissingContent(env, fetch) {
  const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
  const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
  return [
    ...rateLimitDatabaseAndMergeShellCases(env, shell),
    { id: 'r5-edit-tab-indent', steps: [read('r5-edit-tab-indent', 'app.py'), { name: 'edit', arguments: { filePath: ws(env, 'r5-edit-tab-indent', 'app.py'), oldString: '\treturn sum(items) * (1 + tax)', newString: '\treturn round(sum(items) * (1 + tax), 2)' } }], truth: 'none', reason: 'the agent matched the tab-indented oldString against the space-indented line and applied the edit' },
    { id: 'r5-write-no-content', steps: [{ name: 'write', arguments: { filePath: ws(env, 'r5-write-no-content', 'config.json') } }], truth: 'fixable', reason: 'the required parameter content is missing' },
    { id: fetch.id, steps: [{ name: 'webfetch', arguments: { url: `${env.web}/status/${fetch.status}`, format: 'text' } }], truth: fetch.truth, reason: fetch.reason },
  ];
}

/** OpenCode and Kilo Code: the status shell cases, a stale edit, a write under /opt. */
function openCodeStaleEditsAndProtectedWrites(env) {
  const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
  const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
  return [
    ...statusBranchAndAssertionShellCases(env, shell),
    { id: 'r4-edit-stale', steps: [read('r4-edit-stale', 'app.py'), { name: 'edit', arguments: { filePath: ws(env, 'r4-edit-stale', 'app.py'), oldString: 'return sum(items) * tax', newString: 'return round(sum(items) * (1 + tax), 2)' } }], truth: 'fixable', reason: 'oldString (a stale version of the line) is not in the file' },
    { id: 'r4-write-opt', steps: [{ name: 'write', arguments: { filePath: '/opt/rb-app/config.json', content: '{"retries": 3}\n' } }], truth: 'unrecoverable', reason: 'permission denied creating a directory under root-owned /opt' },
    { id: 'r4-fetch-500', steps: [{ name: 'webfetch', arguments: { url: `${env.web}/status/500`, format: 'text' } }], truth: 'transient', reason: '500' },
  ];
}

/** OpenCode and Kilo Code: the timeout shell cases, CRLF and replace-all edits, fetch formats. */
function openCodeCrlfEditsAndFetchFormats(env) {
  const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
  const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
  return [
    ...timeoutQuotaAndCorruptDataShellCases(env, shell),
    { id: 'edit-crlf', setup: CRLF_INI, steps: [read('edit-crlf', 'settings.ini'), { name: 'edit', arguments: { filePath: ws(env, 'edit-crlf', 'settings.ini'), oldString: 'host = 0.0.0.0\nport = 8080', newString: 'host = 127.0.0.1\nport = 8080' } }], truth: 'none', reason: 'the agent matched the LF oldString against the CRLF file and applied the edit' },
    { id: 'edit-replace-all', steps: [read('edit-replace-all', 'notes.txt'), { name: 'edit', arguments: { filePath: ws(env, 'edit-replace-all', 'notes.txt'), oldString: 'beta', newString: 'delta', replaceAll: true } }], truth: 'none', reason: 'both occurrences were replaced' },
    { id: 'fetch3-bad-format', steps: [{ name: 'webfetch', arguments: { url: `${env.web}/release-notes`, format: 'json' } }], truth: 'fixable', reason: 'format must be text, markdown or html' },
    { id: 'fetch3-field-422', steps: [{ name: 'webfetch', arguments: { url: `${env.web}/api/items?per_page=500`, format: 'text' } }], truth: 'ambiguous', reason: 'the tool reports only the status 422, not the body that names per_page' },
  ];
}

function openCodeOwnToolErrors(env) {
  const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
  const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
  return [
    { id: 'sh3-git-clone-missing', steps: [shell('git clone /tmp/rb-corpus/repos/tools.git tools')], truth: 'ambiguous', reason: 'the repository to clone does not exist' },
    { id: 'sh3-workdir-missing', steps: [{ name: 'bash', arguments: { command: 'ls', description: 'run a command', workdir: ws(env, 'sh3-workdir-missing', 'build') } }], truth: 'ambiguous', reason: 'the working directory does not exist' },
    { id: 'sh3-node-eacces', steps: [shell(`node -e "require('fs').writeFileSync('/usr/lib/rb-corpus.json', '{}')"`)], truth: 'unrecoverable', reason: 'EACCES: permission denied writing /usr/lib' },
    { id: 'read-root-dir', steps: [{ name: 'read', arguments: { filePath: '/root' } }], truth: 'unrecoverable', reason: 'permission denied reading a root-only directory' },
    { id: 'todo-not-array', steps: [{ name: 'todowrite', arguments: { todos: 'Fix the failing tax test' } }], truth: 'fixable', reason: 'todos must be an array' },
    { id: 'task-no-prompt', steps: [{ name: 'task', arguments: { description: 'Review app.py', subagent_type: 'general' } }], truth: 'fixable', reason: 'the required parameter prompt is missing' },
  ];
}

function kiloOwnToolErrors(env) {
  const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
  return [
    { id: 'sh3-chmod-root', setup: rootOwned, steps: [shell('chmod 600 generated.txt')], truth: 'unrecoverable', reason: 'chmod: Operation not permitted on a root-owned file' },
    { id: 'sh3-compile-error', setup: files(BROKEN_C), steps: [shell('gcc -Wall -c parse.c')], truth: 'ambiguous', reason: 'a compile error: the code is wrong, not the call' },
    { id: 'sh3-timeout-kill', steps: [shell('timeout -s KILL 2 python3 -c "import time; time.sleep(10)"')], truth: 'ambiguous', reason: "the command's own time limit (timeout -s KILL); Kilo Code reports only (no output), neither the kill nor an exit code" },
    { id: 'goal-bad-action', steps: [{ name: 'goal', arguments: { action: 'stop', objective: 'Make the tax test pass.' } }], truth: 'fixable', reason: 'action must be start or resume' },
    { id: 'cron-bad-expr', steps: [{ name: 'cron_create', arguments: { prompt: 'Run the test suite and report failures.', cron: 'every 5 minutes' } }], truth: 'fixable', reason: 'cron is not a 5-field cron expression' },
    { id: 'wakeup-bad-delay', steps: [{ name: 'schedule_wakeup', arguments: { prompt: 'Check whether the deploy finished.', delay: 'soon' } }], truth: 'fixable', reason: 'delay is not a relative span like 30s or 5m' },
    { id: 'recall-no-session', steps: [{ name: 'kilo_local_recall', arguments: { mode: 'read' } }], truth: 'fixable', reason: 'read mode requires sessionID' },
    { id: 'background-unknown-id', steps: [{ name: 'background_process', arguments: { action: 'logs', id: 'bp-7' } }], truth: 'ambiguous', reason: 'no background process has that id; which one is meant is not said' },
  ];
}

/** OpenCode and its fork Kilo Code share tool names and parameters. */
function openCodeFamily(env, bash) {
  const shell = (command, extra = {}) => ({ name: bash, arguments: { command, description: 'run a command', ...extra } });
  const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
  const edit = (id, file, oldString, newString) => ({ name: 'edit', arguments: { filePath: ws(env, id, file), oldString, newString } });
  const fetchUrl = (url) => ({ name: 'webfetch', arguments: { url, format: 'text' } });
  return [
    { id: 'read-missing', steps: [read('read-missing', 'missing.txt')], truth: 'ambiguous', reason: 'missing file' },
    { id: 'read-relative', steps: [{ name: 'read', arguments: { filePath: 'notes.txt' } }], truth: 'none', reason: 'the relative path is resolved against the workspace and the file is read' },
    { id: 'read-no-path', steps: [{ name: 'read', arguments: { path: ws(env, 'read-no-path', 'notes.txt') } }], truth: 'fixable', reason: 'the required parameter filePath is missing' },
    { id: 'read-permission', steps: [{ name: 'read', arguments: { filePath: '/etc/shadow' } }], truth: 'unrecoverable', reason: 'permission denied' },
    { id: 'read-ok', steps: [read('read-ok', 'notes.txt')], truth: 'none', reason: 'the file was read' },
    { id: 'edit-not-found', steps: [read('edit-not-found', 'notes.txt'), edit('edit-not-found', 'notes.txt', 'gamma', 'delta')], truth: 'fixable', reason: 'oldString not found' },
    { id: 'edit-not-unique', steps: [read('edit-not-unique', 'notes.txt'), edit('edit-not-unique', 'notes.txt', 'beta', 'delta')], truth: 'fixable', reason: 'oldString occurs twice' },
    { id: 'edit-identical', steps: [read('edit-identical', 'notes.txt'), edit('edit-identical', 'notes.txt', 'alpha', 'alpha')], truth: 'fixable', reason: 'oldString equals newString' },
    { id: 'edit-unread', steps: [edit('edit-unread', 'notes.txt', 'alpha', 'gamma')], truth: 'none', reason: 'the edit was applied without a prior read' },
    { id: 'edit-permission', steps: [{ name: 'read', arguments: { filePath: '/etc/hosts' } }, { name: 'edit', arguments: { filePath: '/etc/hosts', oldString: 'localhost', newString: 'localhost.localdomain' } }], truth: 'unrecoverable', reason: 'permission denied writing a system file' },
    { id: 'edit-ok', steps: [read('edit-ok', 'notes.txt'), edit('edit-ok', 'notes.txt', 'alpha', 'gamma')], truth: 'none', reason: 'the edit was applied' },
    { id: 'write-permission', steps: [{ name: 'write', arguments: { filePath: '/etc/rb-corpus.conf', content: 'x=1\n' } }], truth: 'unrecoverable', reason: 'permission denied writing /etc' },
    { id: 'write-ok', steps: [{ name: 'write', arguments: { filePath: ws(env, 'write-ok', 'out.txt'), content: 'Error handling: retry on 503, stop on 403.\n' } }], truth: 'none', reason: 'the file was written' },
    { id: 'read-denied-by-config', permission: { external_directory: 'deny' }, steps: [{ name: 'read', arguments: { filePath: '/etc/hostname' } }], truth: 'unrecoverable', reason: 'the agent configuration denies the call' },
    { id: 'unknown-tool', steps: [{ name: 'list_directory', arguments: { path: `${env.root}/unknown-tool` } }], truth: 'fixable', reason: 'an unknown tool name' },
    { id: 'skill-unknown', steps: [{ name: 'skill', arguments: { name: 'deploy' } }], truth: 'fixable', reason: 'an unknown skill name; the text lists the available ones' },
    { id: 'fetch-refused', steps: [fetchUrl(`http://127.0.0.1:${env.closed}/notes`)], truth: 'transient', reason: 'connection refused' },
    { id: 'fetch-404', steps: [fetchUrl(`${env.web}/status/404`)], truth: 'ambiguous', reason: '404' },
    { id: 'fetch-503', steps: [fetchUrl(`${env.web}/status/503`)], truth: 'transient', reason: '503' },
    { id: 'fetch-403', steps: [fetchUrl(`${env.web}/status/403`)], truth: 'unrecoverable', reason: '403' },
    { id: 'fetch-bad-scheme', steps: [fetchUrl('ftp://127.0.0.1/notes')], truth: 'fixable', reason: 'the URL must start with http:// or https://' },
    { id: 'fetch-ok', steps: [fetchUrl(`${env.web}/release-notes`)], truth: 'none', reason: 'the page was fetched' },
    { id: 'shell-timeout', steps: [shell('sleep 5', { timeout: 1000 })], truth: 'ambiguous', reason: "the command's own timeout" },
    ...shellCases(env, shell),
    ...networkPermissionAndBuildShellCases(env, shell),
    { id: 'sh-wrong-type', steps: [shell('ls', { timeout: '30s' })], truth: 'fixable', reason: 'timeout must be a number' },
    { id: 'read-offset-past-end', steps: [{ name: 'read', arguments: { filePath: ws(env, 'read-offset-past-end', 'notes.txt'), offset: 100 } }], truth: 'fixable', reason: 'the offset lies past the end of the file' },
    { id: 'read-wrong-type', steps: [{ name: 'read', arguments: { filePath: ws(env, 'read-wrong-type', 'notes.txt'), offset: 'ten' } }], truth: 'fixable', reason: 'offset must be an integer' },
    { id: 'read-binary', setup: files(BINARY), steps: [read('read-binary', 'data.bin')], truth: 'ambiguous', reason: 'a binary file' },
    { id: 'write-locked-dir', setup: lockedDir, steps: [{ name: 'write', arguments: { filePath: ws(env, 'write-locked-dir', 'locked/out.txt'), content: 'x=1\n' } }], truth: 'unrecoverable', reason: 'permission denied writing a root-owned directory' },
    { id: 'edit-root-owned', setup: rootOwned, steps: [read('edit-root-owned', 'generated.txt'), edit('edit-root-owned', 'generated.txt', 'version = 1', 'version = 2')], truth: 'unrecoverable', reason: 'permission denied writing a root-owned file' },
    { id: 'edit-empty-old', steps: [read('edit-empty-old', 'notes.txt'), edit('edit-empty-old', 'notes.txt', '', 'gamma\n')], truth: 'fixable', reason: 'an empty oldString on an existing file' },
    { id: 'grep-bad-regex', ripgrep: true, steps: [{ name: 'grep', arguments: { pattern: 'total(items', path: `${env.root}/grep-bad-regex` } }], truth: 'fixable', reason: 'the pattern is not a valid regular expression' },
    { id: 'grep-no-ripgrep', steps: [{ name: 'grep', arguments: { pattern: 'def total', path: `${env.root}/grep-no-ripgrep` } }], truth: 'ambiguous', reason: 'the search tool could not run ripgrep (it failed to download it); the text names no cause the agent can act on' },
    { id: 'glob-missing-dir', ripgrep: true, steps: [{ name: 'glob', arguments: { pattern: '*.py', path: `${env.root}/glob-missing-dir/src` } }], truth: 'ambiguous', reason: 'the directory to search does not exist' },
    { id: 'todo-malformed', steps: [{ name: 'todowrite', arguments: { todos: [{ content: 'Fix the failing tax test', status: 'pending' }] } }], truth: 'fixable', reason: 'a todo item lacks its required priority' },
    { id: 'task-unknown-agent', steps: [{ name: 'task', arguments: { description: 'Review app.py', prompt: 'Review app.py for bugs.', subagent_type: 'code-reviewer' } }], truth: 'fixable', reason: 'an unknown subagent type' },
    { id: 'fetch-401', steps: [fetchUrl(`${env.web}/status/401`)], truth: 'unrecoverable', reason: '401' },
    { id: 'fetch-429', steps: [fetchUrl(`${env.web}/status/429`)], truth: 'transient', reason: '429' },
    { id: 'fetch-502', steps: [fetchUrl(`${env.web}/status/502`)], truth: 'transient', reason: '502' },
    { id: 'fetch-504', steps: [fetchUrl(`${env.web}/status/504`)], truth: 'transient', reason: '504' },
    { id: 'fetch-timeout', steps: [{ name: 'webfetch', arguments: { url: `${env.web}/hang`, format: 'text', timeout: 2 } }], truth: 'transient', reason: 'the request timed out (a network request timeout)' },
    { id: 'fetch-invalid-url', steps: [fetchUrl('http://[127.0.0.1]/release-notes')], truth: 'fixable', reason: 'a malformed URL' },
    { id: 'fetch-redirect-loop', steps: [fetchUrl(`${env.web}/loop`)], truth: 'ambiguous', reason: 'a bare transport error (the page redirects to itself); the text names no cause' },
  ];
}

/** Appends cases ({agent: (env) => cases}) after each agent's earlier cases, which keep their place. */
function appendCases(byAgent) {
  for (const [agent, cases] of Object.entries(byAgent)) {
    const before = AGENT_CASES[agent];
    AGENT_CASES[agent] = (env) => [...before(env), ...cases(env)];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A health check that reports a non-200 status in its own words, a module whose doctest fails, and a
// changelog and a deploy log whose lines name errors. These cases are appended to each agent's list below.
const HEALTHCHECK = {
  'healthcheck.py': 'import http.client\nimport sys\nfrom urllib.parse import urlsplit\n\nurl = urlsplit(sys.argv[1])\nconn = http.client.HTTPConnection(url.hostname, url.port, timeout=5)\nconn.request("GET", url.path)\nresp = conn.getresponse()\nif resp.status != 200:\n    sys.exit(f"health check failed: {resp.status} {resp.reason} from {url.geturl()}")\nprint("healthy")\n',
};
const DOCTEST_TAX = {
  'tax.py': 'def total(items, tax):\n    """Return the total of items with tax, rounded to cents.\n\n    >>> total([1.10, 2.20], 0.1)\n    3.63\n    """\n    return sum(items) * (1 + tax)\n',
};
const CHANGELOG = {
  'CHANGELOG.md': [
    '# Changelog',
    '',
    '## 2.4.1',
    '- Fixed: uploads over 10 MB failed with 413 Payload Too Large.',
    '- Fixed: the worker crashed with ECONNRESET when the cache restarted.',
    '- Changed: a 401 from the billing API now stops the sync instead of retrying.',
    '',
  ].join('\n'),
};
const DEPLOY_LOG = {
  'logs/deploy.log': [
    '2024-06-11T14:00:02Z INFO  deploy 2024.06.1 started',
    '2024-06-11T14:00:09Z ERROR health check failed: 502 Bad Gateway; retrying in 10s',
    '2024-06-11T14:00:19Z INFO  health check passed',
    '2024-06-11T14:00:20Z WARN  3 deprecation warnings in config (see docs/upgrade.md)',
    '2024-06-11T14:00:21Z INFO  deploy 2024.06.1 finished',
    '',
  ].join('\n'),
};

/** Shell cases shared by every agent: remotes, health checks, doctests, a changelog. */
function remoteHealthCheckAndDoctestShellCases(env, shell) {
  return [
    { id: 'r8-sh-git-ls-remote-refused', steps: [shell(`git ls-remote http://127.0.0.1:${env.closed}/tools.git`)], truth: 'ambiguous', reason: 'git could not connect to the remote: connection refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'r8-sh-curl-body-429', steps: [shell(`curl -sS --fail-with-body ${env.web}/api/rate-limit`)], truth: 'transient', reason: 'curl: 429 with a per-minute rate-limit body (try again in 20s)' },
    { id: 'r8-sh-py-health-502', setup: files(HEALTHCHECK), steps: [shell(`python3 healthcheck.py ${env.web}/status/502`)], truth: 'transient', reason: 'the script reports the service answered 502 Bad Gateway' },
    { id: 'r8-sh-venv-opt', steps: [shell('python3 -m venv /opt/rb-venv')], truth: 'unrecoverable', reason: 'venv: Permission denied creating a directory under root-owned /opt' },
    { id: 'r8-sh-mv-var-log', steps: [shell('mv notes.txt /var/log/')], truth: 'unrecoverable', reason: 'mv: Permission denied moving into root-owned /var/log' },
    { id: 'r8-sh-ls-bad-color', steps: [shell('ls --color=sometimes')], truth: 'fixable', reason: "ls names the invalid value 'sometimes' of --color and lists the valid ones" },
    { id: 'r8-sh-py-missing-script', steps: [shell('python3 manage.py migrate')], truth: 'ambiguous', reason: 'the script to run does not exist (No such file or directory)' },
    { id: 'r8-sh-doctest-fail', setup: files(DOCTEST_TAX), steps: [shell('python3 -m doctest tax.py')], truth: 'ambiguous', reason: 'a failing doctest: the code is wrong, not the call' },
    { id: 'r8-sh-git-branch-exists', setup: GIT_REPO, steps: [shell('git switch -c main')], truth: 'ambiguous', reason: 'a branch of that name already exists (EEXIST-like); which name is meant is not said' },
    { id: 'r8-sh-changelog-words', setup: files(CHANGELOG), steps: [shell('tail -n 4 CHANGELOG.md')], truth: 'none', reason: 'the file was printed; its lines name 413, ECONNRESET and 401' },
  ];
}

/** The health-check and doctest cases: the shared shell cases and each agent's own file and fetch cases, whose steps are
 * built from the case id. */
const withIds = (own) => own.map(({ steps, ...kase }) => ({ ...kase, steps: steps.map((step) => step(kase.id)) }));
const HEALTH_CHECK_AND_DOCTEST_CASES = {
  'qwen-code': (env) => {
    const shell = (command) => ({ name: 'run_shell_command', arguments: { command } });
    const webFetch = (url) => ({ name: 'tool_call', arguments: { name: 'web_fetch', arguments: { url, prompt: 'Summarise the release notes.' } } });
    return [
      ...remoteHealthCheckAndDoctestShellCases(env, shell),
      ...withIds([
        { id: 'r8-edit-relative-path', steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, 'app.py') } }), () => ({ name: 'edit', arguments: { file_path: 'app.py', old_string: 'print(total([1, 2]))', new_string: 'print(total([1, 2], 0.2))' } })], truth: 'fixable', reason: 'a relative file_path where an absolute one is required' },
        { id: 'r8-write-usr-local', steps: [() => ({ name: 'write_file', arguments: { file_path: '/usr/local/bin/rb-deploy', content: '#!/bin/sh\nexec python3 -m app "$@"\n' } })], truth: 'unrecoverable', reason: 'permission denied writing root-owned /usr/local/bin' },
        { id: 'r8-fetch-403', steps: [() => webFetch(`${env.web}/status/403`)], truth: 'unrecoverable', reason: '403' },
        { id: 'r8-fetch-rate-limit', steps: [() => webFetch(`${env.web}/api/rate-limit`)], truth: 'transient', reason: 'the API answered 429 (rate limit)' },
        { id: 'r8-grep-log-errors', setup: files(DEPLOY_LOG), steps: [(id) => ({ name: 'grep_search', arguments: { pattern: 'ERROR|WARN', path: `${env.root}/${id}/logs` } })], truth: 'none', reason: 'the search found the lines; they report a 502 and deprecation warnings' },
      ]),
    ];
  },
  opencode: (env) => [
    ...remoteHealthCheckAndDoctestShellCases(env, (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } })),
    ...withIds([
      { id: 'r8-read-typo', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'note.txt') } })], truth: 'ambiguous', reason: 'the file is not found (a misspelt name); the text suggests no other' },
      { id: 'r8-edit-spacing', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'app.py') } }), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'app.py'), oldString: 'print(total([1,2]))', newString: 'print(total([1, 2], 0.2))' } })], truth: 'fixable', reason: 'oldString (spaced differently from the file) is not found' },
      { id: 'r8-edit-missing-file', steps: [(id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'src/app.py'), oldString: 'return sum(items)', newString: 'return round(sum(items), 2)' } })], truth: 'ambiguous', reason: 'the file to edit does not exist' },
      { id: 'r8-fetch-api-user', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/user`, format: 'text' } })], truth: 'unrecoverable', reason: 'the API answered 401' },
      { id: 'r8-fetch-rate-limit', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/rate-limit`, format: 'markdown' } })], truth: 'transient', reason: 'the API answered 429 (rate limit)' },
    ]),
  ],
  'kilo-code': (env) => [
    ...remoteHealthCheckAndDoctestShellCases(env, (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } })),
    ...withIds([
      { id: 'r8-read-typo', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'app.pyy') } })], truth: 'ambiguous', reason: 'the file is not found (a misspelt extension); the text suggests no other' },
      { id: 'r8-edit-renamed-var', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'app.py') } }), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'app.py'), oldString: 'return sum(values) * (1 + tax)', newString: 'return round(sum(values) * (1 + tax), 2)' } })], truth: 'fixable', reason: 'oldString (with a variable name the file does not use) is not found' },
      { id: 'r8-fetch-api-user', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/user`, format: 'text' } })], truth: 'unrecoverable', reason: 'the API answered 401' },
      { id: 'r8-fetch-quota', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/quota`, format: 'text' } })], truth: 'transient', reason: 'the tool reports only the status 429, not the body that names a daily quota' },
    ]),
  ],
};
appendCases(HEALTH_CHECK_AND_DOCTEST_CASES);

// ---------------------------------------------------------------------------------------------------------------
// A Node package whose test fails (npm writes no log file: the project's .npmrc sets logs-max=0, so the
// text names no timestamped log path), a C program that does not link (built by make, so the object file has a
// fixed name), an error-report database whose rows name errors, and small files the agents' own tools fail on.
// `env.web` also serves `/api/hooks` (403, GitHub-style) and `/api/orders/ord_9x2` (404, Stripe-style); see
// API_BODIES in agents.mjs. Files created here are handed to the agent (nobody) unless the case says otherwise.
const ownedFiles = (entries) => (dir) => {
  files(entries)(dir);
  for (const name of Object.keys(entries)) execFileSync('chown', ['-R', '65534:65534', join(dir, name.split('/')[0])]);
};
const NPM_BILLING = {
  '.npmrc': 'logs-max=0\n',
  'package.json': '{\n  "name": "billing",\n  "version": "1.4.0",\n  "private": true,\n  "scripts": {\n    "start": "node src/server.js",\n    "test": "node test/total.test.js"\n  }\n}\n',
  'test/total.test.js': "const assert = require('node:assert');\n\nfunction total(items, tax) {\n  return items.reduce((sum, x) => sum + x, 0) * tax;\n}\n\nassert.strictEqual(total([10, 20], 0.1), 33);\nconsole.log('total tests passed');\n",
};
const C_LINK = {
  Makefile: 'CFLAGS = -Wall -O2\n\nreport: report.o\n\t$(CC) -o report report.o\n\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n',
  'report.c': '#include <stdio.h>\n\ndouble format_total(double amount, const char *currency);\n\nint main(void) {\n    printf("%.2f\\n", format_total(33.0, "EUR"));\n    return 0;\n}\n',
};
// A root-owned database of yesterday's error reports (readable by the agent).
const ERROR_REPORTS_DB = (dir) => execFileSync('sqlite3', [join(dir, 'reports.db'), [
  'CREATE TABLE errors (code TEXT NOT NULL, message TEXT NOT NULL, count INTEGER NOT NULL);',
  "INSERT INTO errors VALUES ('ETIMEDOUT', 'upstream request timed out', 14), ('503', 'Service Unavailable from payments', 6), ('EACCES', 'permission denied writing /var/cache/app', 1);",
].join('\n')]);
const ERROR_CATALOG = {
  'docs/errors.md': [
    '# Error codes',
    '',
    '| code | meaning | client should |',
    '|---|---|---|',
    '| E1001 | upstream timed out (504) | retry with backoff |',
    '| E1002 | invalid API key (401) | stop and ask for a new key |',
    '| E1003 | order not found (404) | check the order id |',
    '',
  ].join('\n'),
};
const SETTINGS_PY = { 'settings.py': 'DEBUG = True\nALLOWED_HOSTS = ["localhost"]\nDATABASE_URL = "sqlite:///app.db"\n' };
const SERVICE_TOML = { 'service.toml': '[http]\nport = 8080\ntimeout = 30\n\n[worker]\nconcurrency = 4\ntimeout = 30\n' };
const API_CONFIG_JS = { 'config.js': "module.exports = {\n  apiBase: 'https://api.example.com/v2',\n  retries: 3,\n};\n" };
// A root-only credentials file in the workspace (mode 600): the agent (nobody) cannot read it. (OpenCode asks
// before it reads a `.env` file, and a headless run rejects the prompt, so the file has another name.)
const ROOT_SECRETS = (dir) => {
  writeFileSync(join(dir, 'credentials.json'), '{"database_url": "postgres://billing@db.internal/billing", "stripe_key": "sk_live_redacted"}\n');
  execFileSync('chmod', ['600', join(dir, 'credentials.json')]);
};

/** Shell cases shared by every agent: fetch timeouts, installs, a failing npm test, a link error. */
function fetchTimeoutInstallAndLinkShellCases(env, shell) {
  return [
    { id: 'r9-sh-wget-refused', steps: [shell(`wget -nv -O latest.tar.gz http://127.0.0.1:${env.closed}/releases/latest.tar.gz`)], truth: 'ambiguous', reason: 'wget: the download failed on a refused connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'r9-sh-curl-504', steps: [shell(`curl -fsS -o /dev/null ${env.web}/status/504`)], truth: 'transient', reason: 'curl: the server answered 504' },
    { id: 'r9-sh-node-fetch-timeout', steps: [shell(`node -e "fetch('${env.web}/hang', { signal: AbortSignal.timeout(2000) }).then((r) => console.log(r.status))"`)], truth: 'transient', reason: "a node fetch's own request timeout fired (TimeoutError: aborted due to timeout), a network request timeout" },
    { id: 'r9-sh-curl-hooks-403', steps: [shell(`curl -sS --fail-with-body -H 'Authorization: Bearer ghp_example' ${env.web}/api/hooks`)], truth: 'unrecoverable', reason: 'curl: 403, the token may not access the resource' },
    { id: 'r9-sh-apt-install', steps: [shell('apt-get install -y jq')], truth: 'unrecoverable', reason: 'apt-get: the dpkg lock cannot be opened (Permission denied; are you root?)' },
    { id: 'r9-sh-npm-missing-script', setup: ownedFiles(NPM_BILLING), steps: [shell('npm run typecheck')], truth: 'ambiguous', reason: 'npm: the package has no such script and the text does not list the ones it has' },
    { id: 'r9-sh-npm-test-fail', setup: ownedFiles(NPM_BILLING), steps: [shell('npm test')], truth: 'ambiguous', reason: 'a failing assertion in the test the command ran: the code is wrong, not the call' },
    { id: 'r9-sh-git-log-typo', setup: GIT_REPO, steps: [shell('git log --onelin -5')], truth: 'fixable', reason: 'git names the unrecognized argument --onelin (a command-line usage error)' },
    { id: 'r9-sh-make-link-error', setup: ownedFiles(C_LINK), steps: [shell('make')], truth: 'ambiguous', reason: 'a link error (undefined reference) in the program being built: the code is wrong, not the call' },
    { id: 'r9-sh-sqlite-error-rows', setup: ERROR_REPORTS_DB, steps: [shell('sqlite3 -header reports.db "SELECT code, message, count FROM errors ORDER BY count DESC"')], truth: 'none', reason: 'the query succeeded; its rows name ETIMEDOUT, 503 and a permission error' },
  ];
}

const NPM_TEST_LINK_AND_REPORT_CASES = {
  'qwen-code': (env) => {
    const shell = (command) => ({ name: 'run_shell_command', arguments: { command } });
    const webFetch = (url) => ({ name: 'tool_call', arguments: { name: 'web_fetch', arguments: { url, prompt: 'Summarise the response.' } } });
    return [
      ...fetchTimeoutInstallAndLinkShellCases(env, shell),
      ...withIds([
        { id: 'r9-sh-test-dist', steps: [() => shell('test -f dist/app.js')], truth: 'ambiguous', reason: 'a bare exit code 1 with no output' },
        { id: 'r9-read-root-bashrc', steps: [() => ({ name: 'read_file', arguments: { file_path: '/root/.bashrc' } })], truth: 'unrecoverable', reason: 'permission denied reading a file under root-only /root' },
        { id: 'r9-write-relative', steps: [() => ({ name: 'write_file', arguments: { file_path: 'config/settings.json', content: '{"retries": 3}\n' } })], truth: 'fixable', reason: 'a relative file_path where an absolute one is required' },
        { id: 'r9-edit-case-mismatch', setup: ownedFiles(SETTINGS_PY), steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, 'settings.py') } }), (id) => ({ name: 'edit', arguments: { file_path: ws(env, id, 'settings.py'), old_string: 'DEBUG = true', new_string: 'DEBUG = False' } })], truth: 'fixable', reason: 'old_string (lower-case true; the file says True) is not in the file' },
        { id: 'r9-read-error-catalog', setup: files(ERROR_CATALOG), steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, 'docs/errors.md') } })], truth: 'none', reason: 'the file was read; its table names timeouts, 401 and 404' },
        { id: 'r9-fetch-502', steps: [() => webFetch(`${env.web}/status/502`)], truth: 'transient', reason: '502' },
        { id: 'r9-fetch-api-user', steps: [() => webFetch(`${env.web}/api/user`)], truth: 'unrecoverable', reason: 'the API answered 401' },
      ]),
    ];
  },
  opencode: (env) => {
    const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
    return [
      ...fetchTimeoutInstallAndLinkShellCases(env, shell),
      ...withIds([
        { id: 'r9-sh-git-push-no-remote', setup: GIT_REPO, steps: [() => shell('git push')], truth: 'ambiguous', reason: 'git has no push destination; which remote URL is meant is not said' },
        { id: 'r9-read-root-secrets', setup: ROOT_SECRETS, steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'credentials.json') } })], truth: 'unrecoverable', reason: 'permission denied reading a root-only file' },
        { id: 'r9-write-directory', setup: ownedFiles({ 'logs/.keep': '' }), steps: [(id) => ({ name: 'write', arguments: { filePath: ws(env, id, 'logs'), content: 'started\n' } })], truth: 'ambiguous', reason: 'the path to write is a directory; the tool reports only BadResource on it, naming no fix' },
        { id: 'r9-edit-not-unique-timeout', setup: ownedFiles(SERVICE_TOML), steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'service.toml') } }), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'service.toml'), oldString: 'timeout = 30', newString: 'timeout = 60' } })], truth: 'fixable', reason: 'oldString occurs twice (in two sections)' },
        { id: 'r9-fetch-api-unavailable', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/unavailable`, format: 'text' } })], truth: 'transient', reason: 'the API answered 503' },
        { id: 'r9-fetch-order-404', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/orders/ord_9x2`, format: 'markdown' } })], truth: 'ambiguous', reason: '404' },
      ]),
    ];
  },
  'kilo-code': (env) => {
    const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
    return [
      ...fetchTimeoutInstallAndLinkShellCases(env, shell),
      ...withIds([
        { id: 'r9-sh-pnpm-missing', setup: ownedFiles(NPM_BILLING), steps: [() => shell('pnpm install --frozen-lockfile')], truth: 'ambiguous', reason: 'command not found' },
        { id: 'r9-sh-docker-ps', steps: [() => shell('docker ps')], truth: 'unrecoverable', reason: 'docker: permission denied connecting to the daemon socket' },
        { id: 'r9-edit-quote-style', setup: ownedFiles(API_CONFIG_JS), steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'config.js') } }), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'config.js'), oldString: 'apiBase: "https://api.example.com/v2",', newString: 'apiBase: "https://api.example.com/v3",' } })], truth: 'fixable', reason: 'oldString (double quotes; the file uses single quotes) is not in the file' },
        { id: 'r9-read-directory', setup: files(ERROR_CATALOG), steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'docs') } })], truth: 'none', reason: 'the tool listed the directory' },
        { id: 'r9-fetch-hooks-403', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/hooks`, format: 'text' } })], truth: 'unrecoverable', reason: 'the API answered 403' },
        { id: 'r9-fetch-rate-limit', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/rate-limit`, format: 'text' } })], truth: 'transient', reason: 'the API answered 429 (rate limit)' },
      ]),
    ];
  },
};
appendCases(NPM_TEST_LINK_AND_REPORT_CASES);

// ---------------------------------------------------------------------------------------------------------------
// An ordinary working day: tests that fail, scripts and curl calls against local APIs that refuse,
// throttle, fail or reject the key, git (a rejected push, divergent branches, a rebase conflict, an unknown branch,
// no repository), installs without a registry, permission errors as nobody, missing files and commands, bad flags,
// the agents' file tools and web fetches, and a few successes whose output names errors. `env.web` also serves
// the working day's endpoints of API_BODIES in agents.mjs. Files created here are handed to the agent (nobody) unless
// the case says otherwise.

const INVOICE_TESTS = {
  'invoice.py': 'def line_total(qty, unit_price, discount=0):\n    return qty * unit_price - discount\n\n\ndef apply_vat(amount, rate):\n    """Return the amount with VAT added."""\n    return round(amount * rate, 2)\n',
  'test_invoice.py': 'import unittest\n\nfrom invoice import apply_vat, line_total\n\n\nclass InvoiceTest(unittest.TestCase):\n    def test_line_total(self):\n        self.assertEqual(line_total(3, 2.5), 7.5)\n\n    def test_line_total_with_discount(self):\n        self.assertEqual(line_total(2, 10, discount=5), 15)\n\n    def test_apply_vat(self):\n        self.assertEqual(apply_vat(100, 0.2), 120.0)\n',
};
const ORDERS_PYTEST = {
  'orders.py': 'def order_status(order):\n    return "shipped" if order.get("tracking") else "pending"\n',
  'tests/test_orders.py': 'from orders import order_status\n\n\ndef test_pending_without_tracking():\n    assert order_status({}) == "pending"\n',
};
const SEED_USERS = {
  'scripts/seed_users.py': 'import json\nimport sys\nimport urllib.request\n\n# Seeds the local dev API (uvicorn app.main:app --reload) with two users.\nBASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"\nUSERS = [{"email": "ada@example.com", "name": "Ada"}, {"email": "grace@example.com", "name": "Grace"}]\n\nfor user in USERS:\n    req = urllib.request.Request(f"{BASE}/api/users", data=json.dumps(user).encode(), headers={"content-type": "application/json"}, method="POST")\n    with urllib.request.urlopen(req, timeout=5) as r:\n        print("created", json.load(r)["id"])\n',
};
const NPM_CLI = {
  '.npmrc': 'logs-max=0\n',
  'package.json': '{\n  "name": "rb-release-cli",\n  "version": "0.3.0",\n  "bin": {\n    "rb-release": "bin/release.js"\n  }\n}\n',
  'bin/release.js': "#!/usr/bin/env node\nconsole.log('release', process.argv.slice(2).join(' '));\n",
};
const TROUBLESHOOTING = {
  'docs/troubleshooting.md': [
    '# Troubleshooting',
    '',
    '## `ECONNREFUSED 127.0.0.1:5432`',
    'Postgres is not running. Start it with `docker compose up -d db`.',
    '',
    '## `401 Unauthorized` from the billing API',
    'The API key in `.env` has expired; ask #billing for a new one.',
    '',
    '## `429 Too Many Requests`',
    'The importer retries on its own after the Retry-After delay.',
    '',
  ].join('\n'),
};
// A repository whose origin (a bare repository next to the workspace, `<ws>-origin.git`) has a commit the local
// main lacks, while the local main has one of its own (fixed author and dates); handed to the agent (nobody).
const GIT_DIVERGED = (dir) => {
  const origin = `${dir}-origin.git`;
  const scratch = `${dir}-scratch`;
  rmSync(origin, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  const env = { ...process.env, GIT_AUTHOR_DATE: '2024-01-02T03:04:05Z', GIT_COMMITTER_DATE: '2024-01-02T03:04:05Z' };
  const git = (cwd, ...args) => execFileSync('git', ['-C', cwd, '-c', 'safe.directory=*', '-c', 'user.name=RB Corpus', '-c', 'user.email=corpus@example.com', ...args], { env, stdio: 'pipe' });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', 'notes.txt', 'app.py');
  git(dir, 'commit', '-q', '-m', 'Add tax calculation');
  git(dir, 'clone', '-q', '--bare', dir, origin);
  git(dir, 'clone', '-q', origin, scratch);
  writeFileSync(join(scratch, 'notes.txt'), 'alpha\nbeta\nbeta\ngamma\n');
  git(scratch, 'commit', '-q', '-am', 'Add gamma to notes');
  git(scratch, 'push', '-q', 'origin', 'main');
  rmSync(scratch, { recursive: true, force: true });
  writeFileSync(join(dir, 'app.py'), 'def total(items, tax):\n    return round(sum(items) * (1 + tax), 2)\n\nprint(total([1, 2]))\n');
  git(dir, 'commit', '-q', '-am', 'Round totals to cents');
  git(dir, 'remote', 'add', 'origin', origin);
  git(dir, 'config', 'user.name', 'RB Corpus');
  git(dir, 'config', 'user.email', 'corpus@example.com');
  execFileSync('chown', ['-R', '65534:65534', dir, origin]);
};
const SMOKE_MJS = {
  'scripts/smoke.mjs': "// Smoke test against the local Express API (npm run dev).\nconst base = process.env.API_URL ?? 'http://127.0.0.1:3000';\nconst res = await fetch(`${base}/api/orders?limit=5`);\nconsole.log(res.status, await res.json());\n",
};
const NPM_OFFLINE = (env) => ({
  '.npmrc': `registry=http://127.0.0.1:${env.closed}/\nfetch-retries=0\nlogs-max=0\n`,
  'package.json': '{\n  "name": "orders-api",\n  "version": "0.9.0",\n  "private": true,\n  "dependencies": {\n    "express": "^4.19.2"\n  }\n}\n',
});
const SYSTEMD_UNIT = {
  'deploy/billing.service': '[Unit]\nDescription=Billing API\nAfter=network.target\n\n[Service]\nExecStart=/usr/bin/node /srv/billing/src/server.js\nRestart=on-failure\n\n[Install]\nWantedBy=multi-user.target\n',
};
const WATCH_JS = {
  'watch.js': "// Rebuilds on change; runs until stopped (like `tsc --watch` or `vite`).\nconsole.log('[watch] build finished in 0.4s; watching for file changes...');\nsetInterval(() => {}, 1000);\n",
};
const ORDERS_TESTS = {
  'orders.py': 'def order_total(lines):\n    return sum(line["qty"] * line["price"] for line in lines)\n\n\ndef can_cancel(order):\n    return order["status"] == "pending"\n',
  'test_orders.py': 'import unittest\n\nfrom orders import can_cancel, order_total\n\n\nclass OrdersTest(unittest.TestCase):\n    def test_order_total(self):\n        self.assertEqual(order_total([{"qty": 2, "price": 5}]), 10)\n\n    def test_cannot_cancel_shipped(self):\n        self.assertFalse(can_cancel({"status": "shipped"}))\n\n    def test_can_cancel_paid(self):\n        self.assertTrue(can_cancel({"status": "paid"}))\n',
};
const HTTP_ERRORS_TESTS = {
  'http_errors.py': 'RETRYABLE = {408, 429, 500, 502, 503, 504}\n\n\ndef should_retry(status):\n    return status in RETRYABLE\n\n\ndef error_name(status):\n    return {401: "Unauthorized", 404: "Not Found", 503: "Service Unavailable"}.get(status, "Error")\n',
  'test_http_errors.py': 'import unittest\n\nfrom http_errors import error_name, should_retry\n\n\nclass HttpErrorsTest(unittest.TestCase):\n    def test_401_unauthorized_is_not_retried(self):\n        self.assertFalse(should_retry(401))\n\n    def test_503_service_unavailable_is_retried(self):\n        self.assertTrue(should_retry(503))\n\n    def test_error_name_for_404(self):\n        self.assertEqual(error_name(404), "Not Found")\n',
};
const COMPOSE_YML = {
  'docker-compose.yml': 'services:\n  api:\n    build: .\n    ports:\n      - "8000:8000"\n    restart: always\n  worker:\n    build: .\n    command: python -m worker\n    restart: always\n',
};
const DURATION_TESTS = {
  'duration.py': 'import re\n\n\ndef parse_duration(text):\n    """Parse "1h30m", "45s" or "2m" into seconds."""\n    units = {"h": 3600, "m": 60, "s": 1}\n    match = re.fullmatch(r"(\\d+)([hms])", text)\n    if not match:\n        raise ValueError(f"invalid duration: {text!r}")\n    return int(match.group(1)) * units[match.group(2)]\n',
  'test_duration.py': 'import unittest\n\nfrom duration import parse_duration\n\n\nclass DurationTest(unittest.TestCase):\n    def test_seconds(self):\n        self.assertEqual(parse_duration("45s"), 45)\n\n    def test_hours_and_minutes(self):\n        self.assertEqual(parse_duration("1h30m"), 5400)\n',
};
const REQUIREMENTS = { 'requirements.txt': 'fastapi==0.111.0\nuvicorn[standard]==0.30.1\nhttpx==0.27.0\n' };
const EXPORT_REPORT = {
  'scripts/export_report.py': 'import csv\nimport os\n\nOUT_DIR = "/var/lib/billing/exports"\nrows = [("2024-06-11", "ord_1001", 42.50), ("2024-06-11", "ord_1002", 19.99)]\n\nos.makedirs(OUT_DIR, exist_ok=True)\nwith open(os.path.join(OUT_DIR, "daily.csv"), "w", newline="") as f:\n    csv.writer(f).writerows(rows)\nprint(f"wrote {len(rows)} rows")\n',
};
const NPM_RETRY_TESTS = {
  '.npmrc': 'logs-max=0\n',
  'package.json': '{\n  "name": "http-client",\n  "version": "2.1.0",\n  "private": true,\n  "scripts": {\n    "test": "node test/retry.test.js"\n  }\n}\n',
  'test/retry.test.js': "const assert = require('node:assert');\n\nconst RETRYABLE = new Set(['ECONNRESET', 'ETIMEDOUT', 503]);\nconst shouldRetry = (err) => RETRYABLE.has(err.code ?? err.status);\n\nassert.ok(shouldRetry({ status: 503 }));\nconsole.log('ok - retries on 503 Service Unavailable');\nassert.ok(shouldRetry({ code: 'ECONNRESET' }));\nconsole.log('ok - retries on ECONNRESET');\nassert.ok(!shouldRetry({ status: 401 }));\nconsole.log('ok - does not retry 401 Unauthorized');\nconsole.log('3 passed, 0 failed');\n",
};
const ERRORS_TS = {
  'src/errors.ts': "export class ApiError extends Error {\n  constructor(public status: number, message: string) {\n    super(message);\n  }\n}\n\nexport const isRetryable = (e: ApiError) => e.status === 429 || e.status >= 500;\n",
};

const WORKING_DAY_CASES = {
  'qwen-code': (env) => {
    const shell = (command) => ({ name: 'run_shell_command', arguments: { command } });
    const webFetch = (url) => ({ name: 'tool_call', arguments: { name: 'web_fetch', arguments: { url, prompt: 'Summarise the response.' } } });
    return withIds([
      { id: 'r10-sh-unittest-discover-fail', setup: ownedFiles(INVOICE_TESTS), steps: [() => shell('python3 -m unittest discover -v')], truth: 'ambiguous', reason: 'a failing test: the code is wrong, not the call' },
      { id: 'r10-sh-pytest-missing', setup: ownedFiles(ORDERS_PYTEST), steps: [() => shell('python3 -m pytest -q tests/test_orders.py')], truth: 'ambiguous', reason: 'the interpreter has no pytest module; whether to install it or use another interpreter is not said' },
      { id: 'r10-sh-seed-refused', setup: ownedFiles(SEED_USERS), steps: [() => shell(`python3 scripts/seed_users.py http://127.0.0.1:${env.closed}`)], truth: 'ambiguous', reason: 'the script failed on a refused connection to the local dev API; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r10-sh-curl-stripe-401', steps: [() => shell(`curl -sS --fail-with-body -u sk_test_expired: '${env.web}/v1/charges?limit=3'`)], truth: 'unrecoverable', reason: 'curl: 401, the API key is invalid' },
      { id: 'r10-sh-curl-openai-500', steps: [() => shell(`curl -sS --fail-with-body ${env.web}/v1/chat/completions -H 'Content-Type: application/json' -d '{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "ping"}]}'`)], truth: 'transient', reason: 'curl: the API answered 500 server_error' },
      { id: 'r10-sh-curl-timeout', steps: [() => shell(`curl -sS -m 2 -H 'Accept: application/json' ${env.web}/hang`)], truth: 'transient', reason: 'curl: the request timed out (a network request timeout, curl -m)' },
      { id: 'r10-sh-git-push-rejected', setup: GIT_DIVERGED, steps: [() => shell('git push origin main')], truth: 'ambiguous', reason: 'the push was rejected: the remote has work the local branch lacks (a conflict with stored data)' },
      { id: 'r10-sh-git-commit-no-message', setup: GIT_REPO, steps: [() => shell('git commit -am')], truth: 'fixable', reason: "git names the switch -m and that it requires a value (a command-line usage error)" },
      { id: 'r10-sh-npm-global-eacces', setup: ownedFiles(NPM_CLI), steps: [() => shell('npm link')], truth: 'unrecoverable', reason: 'npm: EACCES, permission denied linking into the root-owned global node_modules' },
      { id: 'r10-sh-curl-health-ok', steps: [() => shell(`curl -sS ${env.web}/api/v2/health`)], truth: 'none', reason: 'the health check answered 200 ok; its body has errors: [] and last_error: null' },
      { id: 'r10-read-missing-config', steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, 'config/database.yml') } })], truth: 'ambiguous', reason: 'the file to read does not exist' },
      { id: 'r10-edit-not-found', steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, 'app.py') } }), (id) => ({ name: 'edit', arguments: { file_path: ws(env, id, 'app.py'), old_string: 'return sum(items) * (1 + tax_rate)', new_string: 'return round(sum(items) * (1 + tax_rate), 2)' } })], truth: 'fixable', reason: 'old_string (with a parameter name the file does not use) is not in the file' },
      { id: 'r10-read-relative', steps: [() => ({ name: 'read_file', arguments: { file_path: 'src/index.ts' } })], truth: 'fixable', reason: 'a relative file_path where an absolute one is required' },
      { id: 'r10-read-ok-words', setup: ownedFiles(TROUBLESHOOTING), steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, 'docs/troubleshooting.md') } })], truth: 'none', reason: 'the file was read; its headings name ECONNREFUSED, 401 and 429' },
      { id: 'r10-fetch-github-404', steps: [() => webFetch(`${env.web}/repos/acme/billing/pulls/4812`)], truth: 'ambiguous', reason: '404' },
      { id: 'r10-fetch-django-503', steps: [() => webFetch(`${env.web}/api/v1/reports/daily`)], truth: 'transient', reason: 'the API answered 503' },
      { id: 'r10-fetch-slack-429', steps: [() => webFetch(`${env.web}/api/conversations.history?channel=C024BE91L&limit=50`)], truth: 'transient', reason: 'the API answered 429 (rate limited)' },
    ]);
  },
  opencode: (env) => {
    const shell = (command, extra = {}) => ({ name: 'bash', arguments: { command, description: 'run a command', ...extra } });
    return withIds([
      { id: 'r10-sh-unittest-fail', setup: ownedFiles(ORDERS_TESTS), steps: [() => shell('python3 -m unittest test_orders')], truth: 'ambiguous', reason: 'a failing test: the code is wrong, not the call' },
      { id: 'r10-sh-node-fetch-refused', setup: ownedFiles(SMOKE_MJS), steps: [() => shell(`API_URL=http://127.0.0.1:${env.closed} node scripts/smoke.mjs`)], truth: 'ambiguous', reason: 'the smoke script failed: fetch failed with ECONNREFUSED (the local API is not running); the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r10-sh-curl-openai-401', steps: [() => shell(`curl -sS --fail-with-body ${env.web}/v1/models -H 'Authorization: Bearer sk-proj-revoked' 2>&1`)], truth: 'unrecoverable', reason: 'curl: 401, the API key is incorrect or revoked' },
      { id: 'r10-sh-py-slack-429', setup: files(CALL_API), steps: [() => shell(`python3 call_api.py '${env.web}/api/chat.postMessage?channel=C024BE91L&text=deploy+finished'`)], truth: 'transient', reason: 'the script got HTTP 429 (ratelimited)' },
      { id: 'r10-sh-git-pull-divergent', setup: GIT_DIVERGED, steps: [() => shell('git pull origin main')], truth: 'fixable', reason: 'git refuses to pull divergent branches and names the options to pass (--rebase, --no-rebase, --ff-only)' },
      { id: 'r10-sh-git-not-repo', steps: [() => shell('git log --oneline -3')], truth: 'ambiguous', reason: 'not a git repository' },
      { id: 'r10-sh-npm-install-refused', setup: (dir) => ownedFiles(NPM_OFFLINE(env))(dir), steps: [() => shell('npm install')], truth: 'ambiguous', reason: 'npm: the registry refused the connection (ECONNREFUSED); the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r10-sh-cp-systemd', setup: ownedFiles(SYSTEMD_UNIT), steps: [() => shell('cp deploy/billing.service /etc/systemd/system/billing.service')], truth: 'unrecoverable', reason: 'cp: Permission denied writing root-owned /etc/systemd/system' },
      { id: 'r10-sh-yarn-missing', steps: [() => shell('yarn install --frozen-lockfile')], truth: 'ambiguous', reason: 'command not found' },
      { id: 'r10-sh-http-server-port-flag', steps: [() => shell('python3 -m http.server --port 8000')], truth: 'fixable', reason: 'argparse names the unrecognized argument --port (the port is positional)' },
      { id: 'r10-sh-watch-timeout', setup: ownedFiles(WATCH_JS), steps: [() => shell('node watch.js', { timeout: 3000 })], truth: 'ambiguous', reason: "the command's own timeout (a watcher that never exits)" },
      { id: 'r10-sh-unittest-ok-words', setup: ownedFiles(HTTP_ERRORS_TESTS), steps: [() => shell('python3 -m unittest -v test_http_errors')], truth: 'none', reason: 'the tests passed; their names mention 401 Unauthorized, 503 and 404' },
      { id: 'r10-read-missing-route', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'src/routes/orders.ts') } })], truth: 'ambiguous', reason: 'the file to read does not exist' },
      { id: 'r10-edit-not-unique', setup: ownedFiles(COMPOSE_YML), steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'docker-compose.yml') } }), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'docker-compose.yml'), oldString: '    restart: always', newString: '    restart: unless-stopped' } })], truth: 'fixable', reason: 'oldString occurs twice (in two services)' },
      { id: 'r10-fetch-openai-500', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/v1/embeddings`, format: 'text' } })], truth: 'transient', reason: '500' },
      { id: 'r10-fetch-github-404', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/repos/acme/billing/issues/977`, format: 'markdown' } })], truth: 'ambiguous', reason: '404' },
    ]);
  },
  'kilo-code': (env) => {
    const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
    return withIds([
      { id: 'r10-sh-unittest-fail', setup: ownedFiles(DURATION_TESTS), steps: [() => shell('python3 -m unittest test_duration')], truth: 'ambiguous', reason: 'a failing test (an uncaught ValueError in the code under test): the code is wrong, not the call' },
      { id: 'r10-sh-curl-refused', steps: [() => shell(`curl -sS -H 'Accept: application/json' http://127.0.0.1:${env.closed}/api/v1/orders/`)], truth: 'ambiguous', reason: 'curl: connection refused (the local Django server is not running); the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r10-sh-curl-fastapi-422', steps: [() => shell(`curl -sS --fail-with-body -X POST ${env.web}/api/v1/users -H 'Content-Type: application/json' -d '{"email": "ada", "name": "Ada"}' 2>&1`)], truth: 'fixable', reason: 'the 422 body names the field email and says a valid one needs an @-sign' },
      { id: 'r10-sh-curl-lambda-429', steps: [() => shell(`curl -sS --fail-with-body -X POST ${env.web}/2015-03-31/functions/resize-images/invocations -d '{"key": "uploads/cat.png"}' 2>&1`)], truth: 'transient', reason: 'curl: 429, the function is throttled (Rate Exceeded)' },
      { id: 'r10-sh-git-checkout-unknown', setup: GIT_REPO, steps: [() => shell('git checkout feature/login')], truth: 'ambiguous', reason: 'the branch does not exist; which one is meant is not said' },
      { id: 'r10-sh-git-rebase-conflict', setup: GIT_CONFLICT, steps: [() => shell('git rebase feature/tax 2>&1')], truth: 'ambiguous', reason: 'a rebase conflict with stored data: which side to keep is not said' },
      { id: 'r10-sh-pip-externally-managed', setup: ownedFiles(REQUIREMENTS), steps: [() => shell('pip install -r requirements.txt')], truth: 'ambiguous', reason: 'the system Python refuses installs (PEP 668); whether to use a venv, apt or an override is left open' },
      { id: 'r10-sh-export-permission', setup: ownedFiles(EXPORT_REPORT), steps: [() => shell('python3 scripts/export_report.py')], truth: 'unrecoverable', reason: 'PermissionError creating a directory under root-owned /var/lib' },
      { id: 'r10-sh-missing-script', steps: [() => shell('bash scripts/deploy.sh staging')], truth: 'ambiguous', reason: 'the script to run does not exist (No such file or directory)' },
      { id: 'r10-sh-curl-bad-timeout', steps: [() => shell(`curl -sS -m ten ${env.web}/api/v2/health`)], truth: 'fixable', reason: 'curl names the option -m and that it expects a number' },
      { id: 'r10-sh-npm-test-ok-words', setup: ownedFiles(NPM_RETRY_TESTS), steps: [() => shell('npm test')], truth: 'none', reason: 'the tests passed; their lines name 503, ECONNRESET and 401' },
      { id: 'r10-read-missing-compose', steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'docker-compose.yml') } })], truth: 'ambiguous', reason: 'the file to read does not exist' },
      { id: 'r10-edit-not-found', setup: ownedFiles(COMPOSE_YML), steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'docker-compose.yml') } }), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'docker-compose.yml'), oldString: '      - "8080:8080"', newString: '      - "8081:8080"' } })], truth: 'fixable', reason: 'oldString (a port mapping the file does not have) is not in the file' },
      { id: 'r10-read-ok-words', setup: ownedFiles(ERRORS_TS), steps: [(id) => ({ name: 'read', arguments: { filePath: ws(env, id, 'src/errors.ts') } })], truth: 'none', reason: 'the file was read; it defines ApiError and names 429' },
      { id: 'r10-fetch-express-502', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/v1/payments/sync`, format: 'text' } })], truth: 'transient', reason: '502' },
      { id: 'r10-fetch-stripe-401', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/v1/customers?limit=10`, format: 'text' } })], truth: 'unrecoverable', reason: '401' },
    ]);
  },
};
appendCases(WORKING_DAY_CASES);

// ---------------------------------------------------------------------------------------------------------------
// Another ordinary working day, in its everyday proportions: failing tests, a build and a type check that
// fail, scripts and curl calls against local APIs that refuse, throttle, fail, time out or reject the token, git
// (a rejected push, a merge conflict, an unknown revision or branch, no repository, nothing to commit), installs
// without a registry, permission errors as nobody, missing files, modules and commands, a bad flag, the agents'
// file tools and web fetches, and a few successes whose output names errors. `env.web` also serves that day's
// endpoints of API_BODIES in agents.mjs. Files created with `ownedFiles` are handed to the agent (nobody); those
// created with `files` stay root-owned.
const CART_TESTS = {
  'cart.py': 'def apply_discount(subtotal, percent):\n    """Return the subtotal after a percentage discount (percent is 0-100)."""\n    return subtotal - subtotal * percent\n',
  'test_cart.py': 'import unittest\n\nfrom cart import apply_discount\n\n\nclass CartTest(unittest.TestCase):\n    def test_no_discount(self):\n        self.assertEqual(apply_discount(200.0, 0), 200.0)\n\n    def test_ten_percent(self):\n        self.assertEqual(apply_discount(200.0, 10), 180.0)\n\n\nif __name__ == "__main__":\n    unittest.main()\n',
};
const SYNC_INVENTORY = {
  'scripts/sync_inventory.py': 'import json\nimport sys\nimport urllib.request\n\n# Pulls changed stock levels from the local inventory API (uvicorn app.main:app --port 8000).\nAPI = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"\nwith urllib.request.urlopen(f"{API}/api/inventory?since=2024-06-01", timeout=5) as r:\n    items = json.load(r)\nprint(f"synced {len(items)} items")\n',
};
const HTTPX_PYDANTIC_REQUIREMENTS = { 'requirements.txt': 'httpx==0.27.0\npydantic==2.7.4\n' };
const TS_PRICING = {
  'tsconfig.json': '{\n  "compilerOptions": {\n    "target": "es2022",\n    "module": "commonjs",\n    "strict": true,\n    "noEmit": true\n  },\n  "include": ["src"]\n}\n',
  'src/pricing.ts': "export interface Price {\n  amount: number;\n  currency: string;\n}\n\nexport function formatPrice(p: Price): string {\n  return `${p.amount.toFixed(2)} ${p.currency}`;\n}\n\nexport const shipping: Price = { amount: '4.90', currency: 'EUR' };\n",
};
const CONFIG_YAML = { 'config.yaml': 'database:\n  host: localhost\n  retries: 3\ncache:\n  host: localhost\n  retries: 3\n' };
const RETRY_POLICY = {
  'retry_policy.py': 'RETRYABLE = {"ECONNRESET", "ETIMEDOUT", "EAI_AGAIN"}\n\n\ndef is_retryable(code):\n    return code in RETRYABLE\n',
  'test_retry_policy.py': 'import unittest\n\nfrom retry_policy import is_retryable\n\n\nclass RetryPolicyTest(unittest.TestCase):\n    def test_econnreset_error_is_retried(self):\n        self.assertTrue(is_retryable("ECONNRESET"))\n\n    def test_enoent_error_is_not_retried(self):\n        self.assertFalse(is_retryable("ENOENT"))\n\n    def test_permission_error_is_not_retried(self):\n        self.assertFalse(is_retryable("EACCES"))\n\n\nif __name__ == "__main__":\n    unittest.main()\n',
};
const NPM_SLUGIFY = {
  '.npmrc': 'logs-max=0\n',
  'package.json': '{\n  "name": "slugify-lite",\n  "version": "1.3.0",\n  "private": true,\n  "scripts": {\n    "test": "node test/slugify.test.js"\n  }\n}\n',
  'src/slugify.js': "module.exports = (title) => title.toLowerCase().replace(/ /g, '-');\n",
  'test/slugify.test.js': "const assert = require('node:assert');\nconst slugify = require('../src/slugify');\n\nassert.strictEqual(slugify('Hello World'), 'hello-world');\nassert.strictEqual(slugify('  Release notes: v2.0!  '), 'release-notes-v2-0');\nconsole.log('slugify: all tests passed');\n",
};
const REPLAY_WEBHOOK = {
  'scripts/replay_webhook.mjs': "// Replays a saved Stripe event against the local Express server (npm run dev).\nconst base = process.argv[2] ?? 'http://127.0.0.1:3000';\nconst res = await fetch(`${base}/webhooks/stripe`, {\n  method: 'POST',\n  headers: { 'content-type': 'application/json' },\n  body: JSON.stringify({ id: 'evt_1001', type: 'invoice.paid' }),\n});\nconsole.log(res.status, await res.text());\n",
};
const C_STATS = {
  Makefile: 'CFLAGS = -Wall -O2\n\nstats: stats.o\n\t$(CC) -o stats stats.o\n\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n',
  'stats.c': '#include <stdio.h>\n\ndouble mean(const double *xs, int n) {\n    double sum = 0;\n    for (int i = 0; i < n; i++)\n        sum += xs[i];\n    return sum / count;\n}\n\nint main(void) {\n    double xs[] = {1.0, 2.0, 4.0};\n    printf("%.2f\\n", mean(xs, 3));\n    return 0;\n}\n',
};
const LOAD_FIXTURES = {
  'scripts/load_fixtures.py': 'import json\n\nimport requests\n\nwith open("fixtures/users.json") as f:\n    users = json.load(f)\nfor user in users:\n    requests.post("http://127.0.0.1:8000/api/users/", json=user, timeout=5).raise_for_status()\nprint(f"loaded {len(users)} users")\n',
};
const SETTINGS_TS = { 'src/config.ts': "export const config = {\n  apiBase: process.env.API_BASE ?? 'http://localhost:3000',\n  timeout: 30_000,\n  retries: 2,\n};\n" };
const VAT_TESTS = {
  'vat.py': 'RATES = {"DE": 0.19, "FR": 0.20, "NL": 0.21}\n\n\ndef vat(amount, country):\n    return round(amount * RATES.get(country, 0), 2)\n',
  'tests/__init__.py': '',
  'tests/test_vat.py': 'import unittest\n\nfrom vat import vat\n\n\nclass VatTest(unittest.TestCase):\n    def test_germany(self):\n        self.assertEqual(vat(100, "DE"), 19.0)\n\n    def test_unknown_country_raises(self):\n        with self.assertRaises(KeyError):\n            vat(100, "XX")\n',
};
const SIGNUP_FORM_NPM_OFFLINE = (env) => ({
  '.npmrc': `registry=http://127.0.0.1:${env.closed}/\nfetch-retries=0\nlogs-max=0\n`,
  'package.json': '{\n  "name": "signup-form",\n  "version": "0.4.0",\n  "private": true,\n  "dependencies": {\n    "zod": "^3.23.8"\n  }\n}\n',
});
const JAVA_INVOICE = {
  'src/Invoice.java': 'import java.util.List;\n\npublic class Invoice {\n    private final List<Double> lines;\n\n    public Invoice(List<Double> lines) {\n        this.lines = lines;\n    }\n\n    public int total() {\n        double sum = 0;\n        for (double line : lines) sum += line;\n        return sum;\n    }\n}\n',
};
const EXPORT_CLI = {
  'scripts/export_orders.py': 'import argparse\n\nparser = argparse.ArgumentParser(description="Export orders for the finance team.")\nparser.add_argument("--format", choices=["csv", "json"], default="csv")\nparser.add_argument("--since", default="2024-06-01")\nargs = parser.parse_args()\nprint(f"exporting orders since {args.since} as {args.format}")\n',
};
const NGINX_CONF = { 'deploy/nginx.conf': 'server {\n    listen 80;\n\n    location /api/ {\n        proxy_pass http://127.0.0.1:8000;\n        proxy_read_timeout 30s;\n    }\n\n    location /ws/ {\n        proxy_pass http://127.0.0.1:8001;\n        proxy_read_timeout 30s;\n    }\n}\n' };
const DIST = { 'dist/.keep': '' };
const JUNIT_SUMMARY = { 'reports/summary.json': '{"suite": "api", "passed": 48, "failed": 0, "errors": 0, "skipped": 1, "slowest": "test_retry_after_timeout_error", "error_messages": []}\n' };

const BUILD_AND_TYPE_CHECK_DAY_CASES = {
  'qwen-code': (env) => {
    const shell = (command) => ({ name: 'run_shell_command', arguments: { command } });
    const webFetch = (url) => ({ name: 'tool_call', arguments: { name: 'web_fetch', arguments: { url, prompt: 'Summarise the response.' } } });
    return withIds([
      { id: 'r11-sh-unittest-fail', setup: ownedFiles(CART_TESTS), steps: [() => shell('python3 -m unittest -v test_cart')], truth: 'ambiguous', reason: 'a failing test: the code is wrong, not the call' },
      { id: 'r11-sh-sync-refused', setup: ownedFiles(SYNC_INVENTORY), steps: [() => shell(`python3 scripts/sync_inventory.py http://127.0.0.1:${env.closed}`)], truth: 'ambiguous', reason: 'the script failed on a refused connection to the local API; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r11-sh-curl-github-401', steps: [() => shell(`curl -sS -H 'Authorization: Bearer ghp_sim0ld7oken' -H 'Accept: application/vnd.github+json' -w '\\nHTTP %{http_code}\\n' '${env.web}/user/repos?per_page=100'`)], truth: 'unrecoverable', reason: 'the API answered 401 Bad credentials' },
      { id: 'r11-sh-curl-openai-429', steps: [() => shell(`curl -sS ${env.web}/v1/responses -H 'Content-Type: application/json' -H 'Authorization: Bearer sk-proj-sim' -d '{"model": "gpt-4o-mini", "input": "Summarise the changelog"}'`)], truth: 'transient', reason: 'a 429 rate limit on tokens per minute' },
      { id: 'r11-sh-git-push-rejected', setup: GIT_DIVERGED, steps: [() => shell('git push origin main')], truth: 'ambiguous', reason: 'the push was rejected: the remote has work the local branch lacks' },
      { id: 'r11-sh-git-unknown-revision', setup: GIT_REPO, steps: [() => shell('git diff --stat v2.3.0..HEAD')], truth: 'ambiguous', reason: 'unknown revision; the valid ones are not listed' },
      { id: 'r11-sh-pip-offline', setup: ownedFiles(HTTPX_PYDANTIC_REQUIREMENTS), steps: [() => shell(`python3 -m venv .venv && .venv/bin/pip install --retries 0 --index-url http://127.0.0.1:${env.closed}/simple -r requirements.txt`)], truth: 'ambiguous', reason: 'pip found no version of the package; the text gives no cause' },
      { id: 'r11-sh-tsc-fail', setup: ownedFiles(TS_PRICING), steps: [() => shell('/work/main/node_modules/.bin/tsc -p .')], truth: 'ambiguous', reason: 'a type error in the code the command checked' },
      { id: 'r11-sh-mkdir-var-log', steps: [() => shell('mkdir -p /var/log/orders-api && touch /var/log/orders-api/access.log')], truth: 'unrecoverable', reason: 'permission denied' },
      { id: 'r11-sh-yarn-missing', steps: [() => shell('yarn install --frozen-lockfile')], truth: 'ambiguous', reason: 'command not found' },
      { id: 'r11-read-missing-env', steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, '.env.local') } })], truth: 'ambiguous', reason: 'the file does not exist' },
      { id: 'r11-edit-not-unique', setup: ownedFiles(CONFIG_YAML), steps: [(id) => ({ name: 'read_file', arguments: { file_path: ws(env, id, 'config.yaml') } }), (id) => ({ name: 'edit', arguments: { file_path: ws(env, id, 'config.yaml'), old_string: '  retries: 3', new_string: '  retries: 5' } })], truth: 'fixable', reason: 'old_string occurs twice in the file' },
      { id: 'r11-edit-relative-path', setup: ownedFiles(CONFIG_YAML), steps: [() => ({ name: 'edit', arguments: { file_path: 'config.yaml', old_string: 'database:\n  host: localhost', new_string: 'database:\n  host: db' } })], truth: 'fixable', reason: 'file_path must be absolute' },
      { id: 'r11-fetch-502', steps: [() => webFetch(`${env.web}/status/502`)], truth: 'transient', reason: '502' },
      { id: 'r11-fetch-status-ok', steps: [() => webFetch(`${env.web}/api/v1/status`)], truth: 'none', reason: 'the status page was fetched and summarised' },
      { id: 'r11-sh-unittest-ok-error-words', setup: ownedFiles(RETRY_POLICY), steps: [() => shell('python3 -m unittest -v test_retry_policy')], truth: 'none', reason: 'the tests passed; their names name errors' },
    ]);
  },
  opencode: (env) => {
    const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
    const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
    return withIds([
      { id: 'r11-sh-npm-test-fail', setup: ownedFiles(NPM_SLUGIFY), steps: [() => shell('npm test')], truth: 'ambiguous', reason: 'a failing test: the code is wrong, not the call' },
      { id: 'r11-sh-webhook-refused', setup: ownedFiles(REPLAY_WEBHOOK), steps: [() => shell(`node scripts/replay_webhook.mjs http://127.0.0.1:${env.closed}`)], truth: 'ambiguous', reason: 'fetch failed on a refused connection to the local server; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r11-sh-curl-stripe-429', steps: [() => shell(`curl -sS ${env.web}/v1/payment_intents -u sk_test_sim: -d amount=2000 -d currency=usd`)], truth: 'transient', reason: 'a 429 rate limit' },
      { id: 'r11-sh-curl-slack-invalid-auth', steps: [() => shell(`curl -sS -X POST -H 'Authorization: Bearer xoxb-sim-revoked' ${env.web}/api/auth.test`)], truth: 'unrecoverable', reason: 'the token is invalid (invalid_auth)' },
      { id: 'r11-sh-curl-timeout', steps: [() => shell(`curl -sS --max-time 2 ${env.web}/hang`)], truth: 'transient', reason: 'the HTTP request timed out' },
      { id: 'r11-sh-git-merge-conflict', setup: GIT_CONFLICT, steps: [() => shell('git merge --no-edit feature/tax')], truth: 'ambiguous', reason: 'a merge conflict in the working tree' },
      { id: 'r11-sh-git-not-repo', steps: [() => shell('git status --short')], truth: 'ambiguous', reason: 'the directory is not a git repository' },
      { id: 'r11-sh-make-fail', setup: ownedFiles(C_STATS), steps: [() => shell('make')], truth: 'ambiguous', reason: 'a compile error in the code the build compiled' },
      { id: 'r11-sh-docker-permission', steps: [() => shell("docker ps --format '{{.Names}}'")], truth: 'unrecoverable', reason: 'permission denied on the Docker socket' },
      { id: 'r11-sh-module-missing', setup: ownedFiles(LOAD_FIXTURES), steps: [() => shell('python3 scripts/load_fixtures.py')], truth: 'ambiguous', reason: 'the interpreter has no requests module; whether to install it or use another interpreter is not said' },
      { id: 'r11-sh-cat-missing', steps: [() => shell('cat config/settings.local.json')], truth: 'ambiguous', reason: 'the file does not exist' },
      { id: 'r11-read-missing', steps: [(id) => read(id, 'src/routes/users.ts')], truth: 'ambiguous', reason: 'the file does not exist' },
      { id: 'r11-edit-not-found', setup: ownedFiles(SETTINGS_TS), steps: [(id) => read(id, 'src/config.ts'), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'src/config.ts'), oldString: '  timeout: 3000,', newString: '  timeout: 10_000,' } })], truth: 'fixable', reason: 'oldString is not in the file' },
      { id: 'r11-fetch-404', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/repos/acme/web/releases/tags/v3.2.0`, format: 'text' } })], truth: 'ambiguous', reason: '404' },
      { id: 'r11-fetch-401', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/v1/me`, format: 'text' } })], truth: 'unrecoverable', reason: '401: the token is invalid or expired' },
      { id: 'r11-sh-git-log-ok', setup: GIT_HISTORY, steps: [() => shell("git log --format='%h %s' -n 3")], truth: 'none', reason: 'the log was listed; commit subjects name errors' },
    ]);
  },
  'kilo-code': (env) => {
    const shell = (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } });
    const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
    return withIds([
      { id: 'r11-sh-unittest-fail', setup: ownedFiles(VAT_TESTS), steps: [() => shell('python3 -m unittest -v tests.test_vat')], truth: 'ambiguous', reason: 'a failing test: the code is wrong, not the call' },
      { id: 'r11-sh-psql-refused', steps: [() => shell(`psql postgresql://app@127.0.0.1:${env.closed}/orders -c 'select count(*) from orders'`)], truth: 'ambiguous', reason: 'the database refused the connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r11-sh-curl-checkout-500', steps: [() => shell(`curl -sS -X POST ${env.web}/api/v1/carts/checkout -H 'Content-Type: application/json' -d '{"customer_id": 42, "items": [{"sku": "TSHIRT-M", "qty": 2}]}' -w '\\nHTTP %{http_code}\\n'`)], truth: 'transient', reason: 'the API answered 500' },
      { id: 'r11-sh-curl-gcs-403', steps: [() => shell(`curl -sS -H 'Authorization: Bearer ya29.sim' '${env.web}/storage/v1/b/acme-assets/o?prefix=uploads/'`)], truth: 'unrecoverable', reason: 'a 403: the account lacks the permission' },
      { id: 'r11-sh-git-checkout-unknown', setup: GIT_REPO, steps: [() => shell('git checkout release/2.4')], truth: 'ambiguous', reason: 'the branch does not exist; the valid ones are not listed' },
      { id: 'r11-sh-git-nothing-to-commit', setup: GIT_CONFLICT, steps: [() => shell("git commit -am 'Fix rounding of totals'")], truth: 'ambiguous', reason: 'nothing to commit: the call did nothing, the text does not say what to change' },
      { id: 'r11-sh-npm-install-offline', setup: (dir) => ownedFiles(SIGNUP_FORM_NPM_OFFLINE(env))(dir), steps: [() => shell('npm install')], truth: 'ambiguous', reason: 'the registry refused the connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
      { id: 'r11-sh-javac-fail', setup: ownedFiles(JAVA_INVOICE), steps: [() => shell('javac -d build src/Invoice.java')], truth: 'ambiguous', reason: 'a compile error in the code' },
      { id: 'r11-sh-etc-hosts-permission', steps: [() => shell("echo '127.0.0.1 api.local' >> /etc/hosts")], truth: 'unrecoverable', reason: 'permission denied' },
      { id: 'r11-sh-argparse-choice', setup: ownedFiles(EXPORT_CLI), steps: [() => shell('python3 scripts/export_orders.py --format xlsx')], truth: 'fixable', reason: 'a usage error naming the option and its valid choices' },
      { id: 'r11-read-missing', steps: [(id) => read(id, 'docs/setup.md')], truth: 'ambiguous', reason: 'the file does not exist' },
      { id: 'r11-edit-not-unique', setup: ownedFiles(NGINX_CONF), steps: [(id) => read(id, 'deploy/nginx.conf'), (id) => ({ name: 'edit', arguments: { filePath: ws(env, id, 'deploy/nginx.conf'), oldString: 'proxy_read_timeout 30s;', newString: 'proxy_read_timeout 120s;' } })], truth: 'fixable', reason: 'oldString occurs twice in the file' },
      { id: 'r11-write-root-owned-dir', setup: files(DIST), steps: [(id) => ({ name: 'write', arguments: { filePath: ws(env, id, 'dist/config.json'), content: '{"apiBase": "/api"}\n' } })], truth: 'unrecoverable', reason: 'permission denied: the directory is root-owned' },
      { id: 'r11-fetch-429', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/api/v1/search?q=invoice`, format: 'text' } })], truth: 'transient', reason: '429' },
      { id: 'r11-fetch-504', steps: [() => ({ name: 'webfetch', arguments: { url: `${env.web}/status/504`, format: 'text' } })], truth: 'transient', reason: '504' },
      { id: 'r11-sh-jq-ok-error-words', setup: ownedFiles(JUNIT_SUMMARY), steps: [() => shell("jq '{passed, failed, errors, error_messages}' reports/summary.json")], truth: 'none', reason: 'the summary was printed; it names errors only as zero counts' },
    ]);
  },
};
appendCases(BUILD_AND_TYPE_CHECK_DAY_CASES);

// ---------------------------------------------------------------------------------------------------------------
// Round 12: Codex CLI and Claude Code join, with the first shared shell cases; then failing commands whose errors
// other producers give as the whole tool result, here wrapped in each agent's own shell result (exit-code lines,
// stdout/stderr blocks, JSON envelopes, truncation), and successes whose output names errors. Codex CLI's shell
// tool is `exec_command` (unified exec), Claude Code's `Bash`.
const codexShell = (command) => ({ name: 'exec_command', arguments: { cmd: command } });
const claudeShell = (command) => ({ name: 'Bash', arguments: { command, description: 'run a command' } });
AGENT_CASES.codex = (env) => shellCases(env, codexShell);
AGENT_CASES['claude-code'] = (env) => shellCases(env, claudeShell);

// The failing commands of the issue that asked for the agents' shell envelopes (a 503 and a 403 from a local
// service, a traceback, a refused connection, timeouts, permission errors, a missing module, a TypeError on a
// keyword argument, a long output that ends in a 503), and three successes whose output names errors. Each is
// judged by what the command printed (LABELLING.md, "Shell and exec results").
const SCRIPT_TRACEBACK = {
  'order_totals.py': 'import json\n\n# Sums the amounts of yesterday\'s orders.\norders = json.loads(\'[{"id": 1, "amount": 12.5}, {"id": 2, "total": 8.0}]\')\nprint(sum(order["amount"] for order in orders))\n',
};
const SCRIPT_KWARG = {
  'invoice.py': 'def line_total(qty, unit_price, discount=0):\n    return qty * unit_price - discount\n\n\nprint(line_total(2, 10, discount_pct=5))\n',
};
const SYNC_PAGES = {
  'sync_pages.py': 'import sys\nimport urllib.request\n\n# Mirrors the wiki\'s pages, then asks the search service to reindex them.\nfor n in range(1, 1201):\n    print(f"mirrored page {n:04d}/1200: docs/page-{n:04d}.md (2.1 kB)")\nreq = urllib.request.Request(sys.argv[1], data=b"{}", headers={"content-type": "application/json"})\nwith urllib.request.urlopen(req, timeout=5) as r:\n    print("reindex:", r.status)\n',
};
const AMOUNT_TESTS = {
  'test_amounts.py': 'import unittest\n\n\ndef parse_amount(text):\n    return float(text.replace(",", ""))\n\n\nclass ParseAmountTest(unittest.TestCase):\n    def test_plain(self):\n        self.assertEqual(parse_amount("1,250.50"), 1250.5)\n\n    @unittest.expectedFailure\n    def test_european_format(self):\n        # Known bug #412: "1.250,50" is read as 1.2505.\n        self.assertEqual(parse_amount("1.250,50"), 1250.5)\n\n    @unittest.expectedFailure\n    def test_currency_symbol(self):\n        # Known bug #413: a currency symbol raises ValueError.\n        self.assertEqual(parse_amount("\\u20ac12"), 12.0)\n\n\nif __name__ == "__main__":\n    unittest.main()\n',
};
const SYNC_USERS = {
  'sync_users.py': 'import logging\nimport sys\n\nlogging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")\nlog = logging.getLogger("sync")\n\n# The directory answers the first page only on a second try; the sync retries once.\nattempts = iter([ConnectionResetError(104, "Connection reset by peer"), ["ada", "grace", "linus"]])\nwhile True:\n    answer = next(attempts)\n    if isinstance(answer, Exception):\n        log.error("fetching users failed: %r; retrying", answer)\n        continue\n    break\nlog.info("synced %d users (error count since last run: 0)", len(answer))\n',
};
const NPM_BUILD = {
  '.npmrc': 'logs-max=0\nupdate-notifier=false\n',
  'package.json': '{\n  "name": "orders-web",\n  "version": "1.2.0",\n  "private": true,\n  "type": "module",\n  "scripts": {\n    "build": "node build.mjs"\n  }\n}\n',
  'build.mjs': "import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';\n\n// Concatenates the sources into dist/app.js after checking that each one parses.\nconst sources = ['src/config.js', 'src/routes.js', 'src/server.js'];\nlet errors = 0;\nconst out = [];\nfor (const file of sources) {\n  const code = readFileSync(file, 'utf8');\n  try {\n    new Function(code);\n  } catch (e) {\n    errors++;\n    console.error(`${file}: ${e.message}`);\n  }\n  out.push(`// ${file}\\n${code}`);\n}\nmkdirSync('dist', { recursive: true });\nwriteFileSync('dist/app.js', out.join('\\n'));\nconsole.log(`built dist/app.js from ${sources.length} modules: ${errors} errors, 0 warnings`);\nprocess.exitCode = errors ? 1 : 0;\n",
  'src/config.js': "const config = { port: 8080, retries: 3 };\n",
  'src/routes.js': "const routes = { '/orders': 'listOrders', '/orders/:id': 'getOrder' };\n",
  'src/server.js': "const server = { start() { return 'listening'; } };\n",
};

/** `own` overrides a case's truth and reason for one agent, where its text did not end the way the case expected. */
function issueShellCases(env, shell, own = {}) {
  const webPort = new URL(env.web).port;
  return [
    { id: 'r12-sh-curl-503', steps: [shell(`curl -sS --fail-with-body ${env.web}/status/503`)], truth: 'transient', reason: 'curl: the local service answered 503' },
    { id: 'r12-sh-py-urlopen-503', steps: [shell(`python3 -c "import urllib.request; print(urllib.request.urlopen('${env.web}/status/503', timeout=5).read())"`)], truth: 'transient', reason: 'the program died with urllib.error.HTTPError: HTTP Error 503: Service Unavailable' },
    { id: 'r12-sh-node-fetch-503', steps: [shell(`node -e "fetch('${env.web}/api/unavailable').then(async (r) => { if (!r.ok) throw new Error('HTTP ' + r.status + ' ' + r.statusText + ': ' + (await r.text())); console.log(await r.text()); })"`)], truth: 'transient', reason: 'the program threw on the API\'s 503 UNAVAILABLE' },
    { id: 'r12-sh-curl-403', steps: [shell(`curl -fsS ${env.web}/status/403`)], truth: 'unrecoverable', reason: 'curl: the local service answered 403' },
    { id: 'r12-sh-py-urlopen-403', steps: [shell(`python3 -c "import urllib.request; print(urllib.request.urlopen('${env.web}/status/403', timeout=5).read())"`)], truth: 'unrecoverable', reason: 'the program died with urllib.error.HTTPError: HTTP Error 403: Forbidden' },
    { id: 'r12-sh-wget-403', steps: [shell(`wget -nv -O report.html ${env.web}/status/403`)], truth: 'unrecoverable', reason: 'wget: the server answered 403 Forbidden' },
    { id: 'r12-sh-py-traceback', setup: ownedFiles(SCRIPT_TRACEBACK), steps: [shell('python3 order_totals.py')], truth: 'ambiguous', reason: "an uncaught KeyError in the script the command ran: the code (or its data) is wrong, not the call" },
    { id: 'r12-sh-py-kwarg-typeerror', setup: ownedFiles(SCRIPT_KWARG), steps: [shell('python3 invoice.py')], truth: 'ambiguous', reason: "a TypeError (unexpected keyword argument) raised inside the script the command ran: the script's code is wrong, not the command" },
    { id: 'r12-sh-py-http-refused', steps: [shell(`python3 -c "import http.client; c = http.client.HTTPConnection('127.0.0.1', ${env.closed}, timeout=5); c.request('GET', '/health'); print(c.getresponse().status)"`)], truth: 'ambiguous', reason: 'the program failed with ConnectionRefusedError; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
    { id: 'r12-sh-timeout-sleep', steps: [shell('timeout 1 sleep 5')], truth: 'ambiguous', reason: "the command's own time limit (timeout exits 124 with no output)" },
    { id: 'r12-sh-py-socket-timeout', steps: [shell(`python3 -c "import socket; s = socket.create_connection(('127.0.0.1', ${webPort}), timeout=2); s.sendall(b'GET /hang HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n'); print(s.recv(1024))"`)], truth: 'transient', reason: 'the program failed with a socket read timeout (TimeoutError: timed out), a network timeout' },
    { id: 'r12-sh-py-permission', setup: ROOT_SECRETS, steps: [shell(`python3 -c "import json; print(json.load(open('credentials.json'))['database_url'])"`)], truth: 'unrecoverable', reason: 'PermissionError: [Errno 13] reading a root-only file as nobody' },
    { id: 'r12-sh-node-eacces', setup: ROOT_SECRETS, steps: [shell(`node -e "console.log(require('fs').readFileSync('credentials.json', 'utf8'))"`)], truth: 'unrecoverable', reason: 'EACCES: permission denied reading a root-only file as nobody' },
    { id: 'r12-sh-py-no-module', steps: [shell('python3 -c "import rb_no_such_module"')], truth: 'ambiguous', reason: 'ModuleNotFoundError: whether to install a package or fix the name is not said' },
    { id: 'r12-sh-long-output-503', setup: ownedFiles(SYNC_PAGES), steps: [shell(`python3 -u sync_pages.py ${env.web}/status/503`)], truth: 'transient', reason: 'after 1,200 lines of progress the script died with HTTP Error 503: Service Unavailable' },
    { id: 'r12-sh-unittest-expected-failures', setup: ownedFiles(AMOUNT_TESTS), steps: [shell('python3 -m unittest -v test_amounts')], truth: 'none', reason: 'the run passed (OK); it lists two expected failures' },
    { id: 'r12-sh-log-error-line', setup: ownedFiles(SYNC_USERS), steps: [shell('python3 sync_users.py')], truth: 'none', reason: 'the sync succeeded; its log has an ERROR line for a reset it retried' },
    { id: 'r12-sh-npm-build-0-errors', setup: ownedFiles(NPM_BUILD), steps: [shell('npm run build')], truth: 'none', reason: 'the build succeeded and prints 0 errors' },
  ].map((kase) => ({ ...kase, ...own[kase.id] }));
}

// OpenCode and Claude Code cut the long output so that the traceback's last line (the 503) is not in the text.
const LONG_OUTPUT_CUT = (reason) => ({ 'r12-sh-long-output-503': { truth: 'ambiguous', reason } });

appendCases({
  'qwen-code': (env) => issueShellCases(env, (command) => ({ name: 'run_shell_command', arguments: { command } })),
  opencode: (env) => issueShellCases(env, (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } }), LONG_OUTPUT_CUT('OpenCode truncated the output to progress lines and the path of the full output: the text shows no error and no exit code')),
  'kilo-code': (env) => issueShellCases(env, (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } })),
  codex: (env) => issueShellCases(env, codexShell),
  'claude-code': (env) => issueShellCases(env, claudeShell, LONG_OUTPUT_CUT('Claude Code truncated the output to its first progress lines: the text shows exit code 1 and no error (a bare non-zero exit)')),
});
