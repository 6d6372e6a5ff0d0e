// child_process: commands a shell or exec tool runs (git, npm, curl, tar, make, grep, ls, mkdir, head, pip,
// docker, python3 and node scripts), with the output the tool returns, through exec, execFile, spawn and execa;
// and programs killed by a signal or by their time limit. Ports and elapsed times are rewritten to fixed values.
// The truth of each case is stated with it (../../LABELLING.md).
import { exec, execFileSync, execSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { execa } from 'execa';
import { add, addThrown, EXECA_VERSION, execAsync, run, SCRATCH, thrown } from './common.mjs';

export async function processes(env) {
  const source = 'node-child-process';
  const cases = [
    ['exec-exit-2', () => execSync(`ls ${SCRATCH}/nowhere`, { stdio: 'pipe' }), 'ambiguous', 'a non-zero exit of a command', 'execSync of ls on a missing path'],
    ['exec-false', () => execSync('false', { stdio: 'pipe' }), 'ambiguous', 'a bare non-zero exit', "execSync('false')"],
    ['spawnsync-timeout', () => execSync('sleep 5', { timeout: 300, stdio: 'pipe' }), 'ambiguous', "the command's own timeout", "execSync('sleep 5', {timeout: 300})"],
    ['spawn-enoent', () => new Promise((resolve, reject) => spawn('rb-no-such-program').on('error', reject).on('exit', resolve)), 'ambiguous', 'the program does not exist', 'spawn of a missing program'],
    ['spawn-eacces', () => new Promise((resolve, reject) => spawn(`${SCRATCH}/tool.sh`).on('error', reject).on('exit', resolve)), 'unrecoverable', 'permission denied', 'spawn of a file without an execute bit'],
    ['exec-timeout', () => new Promise((resolve, reject) => exec('sleep 5', { timeout: 300 }, (e) => (e ? reject(e) : resolve()))), 'ambiguous', "the command's own timeout (killed)", "exec('sleep 5', {timeout: 300})"],
    ['max-buffer', () => execSync('head -c 4096 /dev/zero', { maxBuffer: 100, stdio: 'pipe' }), 'ambiguous', 'the output was larger than the buffer', 'execSync with maxBuffer 100'],
  ];
  await addThrown(source, cases);
  const node = (code) => run(process.execPath, ['-e', code]);
  const refused = await node(`fetch('http://127.0.0.1:${env.refusedPort}/v1/items').then((r) => r.text())`);
  add(source, 'node-uncaught-fetch-refused', 'stderr', refused.stderr, 'ambiguous', 'the program failed on a refused connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)', `node -e fetch to a closed port, uncaught, stderr, exit ${refused.code}`);
  const typeError = await node('const cfg = undefined; console.log(cfg.port)');
  add(source, 'node-uncaught-type-error', 'stderr', typeError.stderr, 'ambiguous', 'a programming error in the script the command ran', `node -e reading a property of undefined, stderr, exit ${typeError.code}`);
  const passing = await node("console.log('ok 1 - retries after ECONNRESET'); console.log('ok 2 - maps 403 to Forbidden'); console.log('# pass 2'); console.log('# fail 0')");
  add(source, 'tap-output', 'stdout', passing.stdout, 'none', 'passing test output naming error words', 'node -e printing TAP lines');
}

export async function signalsNpmScriptsAndGrep(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/proc2`;
  mkdirSync(`${dir}/app`, { recursive: true });
  mkdirSync(`${dir}/broken`, { recursive: true });
  writeFileSync(`${dir}/app/package.json`, '{"name":"app","version":"1.0.0","scripts":{"test":"node --test","lint":"eslint ."}}\n');
  writeFileSync(`${dir}/broken/package.json`, '{"name":"app",\n');
  writeFileSync(`${dir}/app.log`, '10:00:01 INFO  started\n10:00:07 ERROR db: connect ECONNREFUSED (attempt 1/5)\n10:00:11 INFO  db: connected\n10:02:40 ERROR GET /api/orders/77 -> 404\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false' };
  const cases = [
    ['killed-sigkill', () => execFileSync(process.execPath, ['-e', "process.kill(process.pid, 'SIGKILL')"], { stdio: 'pipe' }), 'ambiguous', 'a bare failure of the command: the text names neither a signal nor a cause', 'execFileSync of a node program killed by SIGKILL'],
    ['exec-permission-denied', () => execSync('cat /etc/shadow', { uid: 65534, gid: 65534, stdio: 'pipe' }), 'unrecoverable', 'the command printed Permission denied', "execSync('cat /etc/shadow') as user nobody"],
    ['npm-missing-script', () => execSync('npm run build', { cwd: `${dir}/app`, env: npmEnv, stdio: 'pipe' }), 'ambiguous', 'names the missing script but not the ones the package has (only how to list them)', "execSync('npm run build') in a package without a build script (npm_config_logs_max=0)"],
    ['npm-ejsonparse', () => execSync('npm run test', { cwd: `${dir}/broken`, env: npmEnv, stdio: 'pipe' }), 'ambiguous', 'the project file the command read is not valid JSON', "execSync('npm run test') with a truncated package.json (npm_config_logs_max=0)"],
  ];
  await addThrown(source, cases);
  const refused = await run(process.execPath, ['-e', `require('http').get('http://127.0.0.1:${env.refusedPort}/health', (res) => res.resume())`]);
  add(source, 'script-http-refused', 'stderr', refused.stderr, 'ambiguous', 'the program failed on a refused connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)', `node -e http.get to a closed port, uncaught error event, stderr, exit ${refused.code}`);
  add(source, 'grep-log-errors', 'stdout', execSync('grep -n ERROR app.log', { cwd: dir, encoding: 'utf8' }), 'none', 'grep found the lines it was asked for', "execSync('grep -n ERROR app.log')");
}

export async function cli(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli3`;
  mkdirSync(`${dir}/plain`, { recursive: true });
  mkdirSync(`${dir}/pkg`, { recursive: true });
  writeFileSync(`${dir}/backup.tar.gz`, 'id,total\n1,20\n');
  writeFileSync(`${dir}/pkg/package.json`, '{"name":"pkg","version":"1.0.0"}\n');
  const base = `http://127.0.0.1:${env.azureSlackAwsPort}`;
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_registry: `${base}/npm/`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cases = [
    ['git-not-a-repo', () => execAsync('git status --short', { cwd: `${dir}/plain`, env: gitEnv }), 'ambiguous', "git's own error: the directory is not a repository; which one is meant is not said", "child_process.exec('git status --short') outside a repository"],
    ['git-clone-503', () => execAsync(`git clone ${base}/git/acme/api.git`, { cwd: dir, env: gitEnv }), 'transient', 'the git server answered 503', "child_process.exec('git clone') of a smart-HTTP URL that answers 503"],
    ['tar-not-gzip', () => execAsync('tar -xzf backup.tar.gz', { cwd: dir, env: gitEnv }), 'ambiguous', 'the archive the command read is not gzip data (tar says the error is not recoverable, yet it is a data problem)', "child_process.exec('tar -xzf backup.tar.gz') of a CSV file"],
    ['npm-install-503', () => execAsync('npm install rb-left-pad', { cwd: `${dir}/pkg`, env: npmEnv }), 'transient', 'the registry answered 503', "child_process.exec('npm install') against a registry that answers 503 (npm_config_fetch_retries=0, logs_max=0)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    add(source, kase, 'stderr', String(e.stderr), truth, reason, `${how}: the error's stderr`);
  }
  const spawnCwd = await thrown(() => new Promise((resolve, reject) => spawn('ls', ['-la'], { cwd: `${dir}/missing-workdir` }).on('error', reject).on('exit', resolve)));
  add(source, 'spawn-missing-cwd', 'message', spawnCwd.message, 'ambiguous', 'spawn reports ENOENT for ls though the working directory is what is missing; the fix is not said', 'spawn of ls with a cwd that does not exist');
  add(source, 'spawn-missing-cwd', 'string', String(spawnCwd), 'ambiguous', 'spawn reports ENOENT for ls though the working directory is what is missing; the fix is not said', 'spawn of ls with a cwd that does not exist');
  execSync('git init -q -b main repo && cd repo && git -c user.name=dev -c user.email=dev@example.com commit -q --allow-empty -m "fix: retry uploads after ECONNRESET" && git -c user.name=dev -c user.email=dev@example.com commit -q --allow-empty -m "map 403 Forbidden to PermissionError"', { cwd: dir, env: gitEnv, shell: '/bin/sh' });
  add(source, 'git-log-error-words', 'stdout', execSync('git log --format=%s', { cwd: `${dir}/repo`, env: gitEnv, encoding: 'utf8' }), 'none', 'git printed the log it was asked for; the commit subjects name errors', "execSync('git log --format=%s')");
  const execaHow = `execa ${EXECA_VERSION}`;
  const segv = await thrown(() => execa(process.execPath, ['-e', "process.kill(process.pid, 'SIGSEGV')"]));
  add('node-execa', 'killed-sigsegv', 'message', segv.message.replaceAll(process.execPath, 'node'), 'ambiguous', 'the program crashed with a signal; the cause is not said', `${execaHow} of a node program that kills itself with SIGSEGV (the node path shortened to node)`);
  const curl = await thrown(() => execa('curl', ['-sS', '--fail', `${base}/api/retry-503`]));
  add('node-execa', 'curl-503', 'message', curl.message, 'transient', 'curl printed that the server answered 503', `${execaHow} of curl -sS --fail of a 503 endpoint`);
}

export async function pythonScriptsPushesAndNpmView(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli4`;
  mkdirSync(dir, { recursive: true });
  const base = `http://127.0.0.1:${env.githubStripeFastapiPort}`;
  writeFileSync(`${dir}/report.py`, 'import json\n\nrows = [{"region": "eu", "total": 120}, {"region": "us", "total": "95"}]\n\ndef grand_total(rows):\n    total = 0\n    for row in rows:\n        total += row["total"]\n    return total\n\nprint(json.dumps({"total": grand_total(rows)}))\n');
  writeFileSync(`${dir}/sync.py`, `import sys\nimport urllib.request\n\nurl = sys.argv[1]\nwith urllib.request.urlopen(url, timeout=5) as res:\n    print(res.read().decode())\n`);
  writeFileSync(`${dir}/lint.py`, 'print("checked 42 files: 0 errors, 0 warnings")\nprint("fixed since last run: 3 \'unused import\' errors, 1 \'undefined name\' error")\n');
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  execSync(`git init -q --bare -b main remote.git && git clone -q remote.git alice 2>/dev/null && cd alice && git ${id} commit -q --allow-empty -m init && git push -q origin main && cd .. && git clone -q remote.git bob && cd alice && echo a > a.txt && git add a.txt && git ${id} commit -q -m "add a" && git push -q origin main && cd ../bob && echo b > b.txt && git add b.txt && git ${id} commit -q -m "add b"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_registry: `http://127.0.0.1:${env.refusedPort}/`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cases = [
    ['python-type-error', () => execAsync('python3 report.py', { cwd: dir }), 'ambiguous', "a traceback of the script the command ran: the code is wrong, not the call", "child_process.exec('python3 report.py') of a script that adds an int and a str"],
    ['python-urlopen-refused', () => execAsync(`python3 sync.py http://127.0.0.1:${env.refusedPort}/v1/orders`, { cwd: dir }), 'ambiguous', 'the script failed on a refused connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)', "child_process.exec('python3 sync.py URL') of a urllib script, to a closed port"],
    ['python-urlopen-503', () => execAsync(`python3 sync.py ${base}/api/503-maintenance`, { cwd: dir }), 'transient', 'the script failed on an HTTP 503', "child_process.exec('python3 sync.py URL') of a urllib script, to a 503 maintenance page"],
    ['git-push-rejected', () => execAsync('git push origin main', { cwd: `${dir}/bob`, env: gitEnv }), 'ambiguous', 'the remote has work the local branch lacks: a conflict with stored data; pull and merge or rebase is a choice', "child_process.exec('git push origin main') behind the remote"],
    ['grep-no-match', () => execAsync('grep -rn "TODO(release)" .', { cwd: dir }), 'ambiguous', 'a bare non-zero exit: grep found nothing, not said why', "child_process.exec('grep -rn ...') with no match (exit 1)"],
    ['ls-permission-denied', () => execAsync('ls -la /root', { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'the command printed Permission denied', "child_process.exec('ls -la /root') as user nobody"],
    ['npm-view-refused', () => execAsync('npm view left-pad version', { cwd: dir, env: npmEnv }), 'ambiguous', 'the registry connection was refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)', "child_process.exec('npm view left-pad version') against a registry on a closed port (npm_config_fetch_retries=0, logs_max=0)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    // grep prints nothing when it finds nothing: its empty stderr is no text of its own.
    if (String(e.stderr) !== '') add(source, kase, 'stderr', String(e.stderr), truth, reason, `${how}: the error's stderr`);
  }
  const curl = await thrown(() => execAsync(`curl -sS --max-time 0.3 http://127.0.0.1:${env.silentPort}/v1/items`, { cwd: dir }));
  const ms = (t) => t.replace(/after \d+ milliseconds/, 'after 300 milliseconds');
  const curlHow = "child_process.exec('curl -sS --max-time 0.3') of a server that never answers (the elapsed milliseconds fixed to 300)";
  add(source, 'curl-max-time', 'message', ms(curl.message), 'transient', 'the request timed out (curl exit 28)', curlHow);
  add(source, 'curl-max-time', 'stderr', ms(String(curl.stderr)), 'transient', 'the request timed out (curl exit 28)', `${curlHow}: the error's stderr`);
  add(source, 'ok-lint-zero-errors', 'stdout', await execAsync('python3 lint.py', { cwd: dir }), 'none', 'the linter ran and found no errors; it names errors fixed earlier', "child_process.exec('python3 lint.py')");
}

export async function sqliteLocksFetchesAndDocker(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli5`;
  mkdirSync(`${dir}/tests`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  execSync(`git init -q -b main repo && cd repo && echo '# api' > README.md && git add README.md && git -c user.name=dev -c user.email=dev@example.com commit -q -m init && git remote add origin http://127.0.0.1:${env.refusedPort}/acme/api.git`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/import_orders.py`, 'import sqlite3\n\ncon = sqlite3.connect("shop.db", timeout=0.2)\ncon.execute("INSERT INTO orders (id, total) VALUES (?, ?)", (1042, 89.5))\ncon.commit()\nprint("imported 1 order")\n');
  writeFileSync(`${dir}/tests/retry.test.mjs`, "import { test } from 'node:test';\nimport assert from 'node:assert';\n\ntest('retries a request after ECONNRESET', () => assert.equal(1 + 1, 2));\ntest('gives up with TimeoutError after 3 attempts', () => assert.ok(true));\ntest('maps 401 Unauthorized to AuthError', () => assert.ok(true));\n");
  execFileSync('python3', ['-c', 'import sqlite3; c = sqlite3.connect("shop.db"); c.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL)"); c.commit()'], { cwd: dir });
  // Another process holds a write lock on the database while the import runs.
  const holder = spawn('python3', ['-c', 'import sqlite3, time\nc = sqlite3.connect("shop.db", isolation_level=None)\nc.execute("BEGIN EXCLUSIVE")\nprint("locked", flush=True)\ntime.sleep(60)'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => holder.stdout.once('data', resolve));
  const refused = (t) => t.replaceAll(`port ${env.refusedPort} after`, 'port 8101 after').replace(/after \d+ ms/g, 'after 0 ms');
  const cases = [
    ['python-sqlite-locked', () => execAsync('python3 import_orders.py', { cwd: dir }), 'transient', 'the script failed because the database is locked by another process', "child_process.exec('python3 import_orders.py') while another process holds an exclusive sqlite lock"],
    ['git-fetch-refused', () => execAsync('git fetch origin', { cwd: `${dir}/repo`, env: gitEnv }), 'ambiguous', 'the connection to the git server was refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)', "child_process.exec('git fetch origin') of a remote on a closed port (the port and the elapsed ms fixed)"],
    ['git-checkout-pathspec', () => execAsync('git checkout release/2.3', { cwd: `${dir}/repo`, env: gitEnv }), 'ambiguous', "git's own error: no branch or file of that name; which one is meant is not said", "child_process.exec('git checkout release/2.3') of a branch that does not exist"],
    ['docker-permission-denied', () => execAsync('docker ps', { cwd: dir, uid: 65534, gid: 65534, env: { PATH: process.env.PATH, HOME: dir } }), 'unrecoverable', 'permission denied connecting to the Docker daemon socket', "child_process.exec('docker ps') as user nobody (not in the docker group)"],
  ];
  try {
    for (const [kase, action, truth, reason, how] of cases) {
      const e = await thrown(action);
      add(source, kase, 'message', refused(e.message), truth, reason, how);
      add(source, kase, 'stderr', refused(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
    }
  } finally {
    holder.kill();
  }
  const tap = await execAsync('node --test --test-reporter=tap tests/', { cwd: dir });
  add(source, 'ok-node-test-error-names', 'stdout', tap.replace(/(duration_ms:? )[\d.]+/g, (m, key) => `${key}1.5`), 'none', 'all tests passed; their names are error words', "child_process.exec('node --test --test-reporter=tap tests/') (the durations fixed to 1.5 ms)");
}

export async function pipLsRemoteAndNpmBuilds(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli6`;
  mkdirSync(`${dir}/web`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  execSync("git init -q -b main repo && cd repo && mkdir -p src/errors && echo '# app' > README.md && git add README.md && git -c user.name=dev -c user.email=dev@example.com commit -q -m init && echo 'export class TimeoutError extends Error {}' > src/errors/timeout-error.ts && echo 'test' > src/errors/retry-on-econnreset.test.ts && echo '# app, v2' > README.md", { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  execSync('git init -q -b main clean && cd clean && echo x > a.txt && git add a.txt && git -c user.name=dev -c user.email=dev@example.com commit -q -m init', { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/web/package.json`, '{\n  "name": "web",\n  "version": "1.0.0",\n  "private": true,\n  "scripts": {\n    "build": "tsc -p tsconfig.json"\n  }\n}\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false', PATH: '/usr/local/bin:/usr/bin:/bin' };
  const fixed = (t) => t.replaceAll(`:${env.refusedPort}`, ':8101').replaceAll(`:${env.resetPort}`, ':8103').replaceAll(`:${env.openaiSendgridShopifyPort}`, ':8111').replace(/after \d+ ms/g, 'after 0 ms').replace(/ object at 0x[0-9a-f]+/g, ' object at 0x7f0000000000');
  const cases = [
    ['pip-install-refused', () => execAsync(`python3 -m pip install --disable-pip-version-check --no-cache-dir --retries 1 --timeout 2 --index-url http://127.0.0.1:${env.refusedPort}/simple requests==2.32.3`, { cwd: dir, env: { ...process.env, PIP_CONFIG_FILE: '/dev/null' } }), 'ambiguous', 'pip printed that the connection to the package index was refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)', "child_process.exec('python3 -m pip install --retries 1 --index-url URL requests==2.32.3') of an index on a closed port (the port and the object address fixed)"],
    ['git-ls-remote-reset', () => execAsync(`git ls-remote http://127.0.0.1:${env.resetPort}/acme/api.git`, { cwd: dir, env: gitEnv }), 'transient', 'the connection to the git server was reset', "child_process.exec('git ls-remote URL') of a server that resets the connection (the port fixed)"],
    ['curl-fail-403', () => execAsync(`curl -sS --fail http://127.0.0.1:${env.openaiSendgridShopifyPort}/api/github-403-sso`, { cwd: dir }), 'unrecoverable', 'curl reports that the server answered 403', "child_process.exec('curl -sS --fail URL') of a 403 (the port fixed)"],
    ['git-commit-nothing', () => new Promise((resolve, reject) => exec('git -c user.name=dev -c user.email=dev@example.com commit -m "fix: handle empty cart"', { cwd: `${dir}/clean`, env: gitEnv, encoding: 'utf8' }, (e, stdout, stderr) => (e ? reject(Object.assign(e, { stdout, stderr })) : resolve(stdout)))), 'ambiguous', 'a non-zero exit: git found nothing to commit; what to change or stage is not said', "child_process.exec('git commit -m ...') with a clean working tree (exit 1)"],
    ['npm-run-build-not-found', () => execAsync('npm run build', { cwd: `${dir}/web`, env: npmEnv }), 'ambiguous', "the script's program (tsc) is not installed: exit 127; installing it or another command is not said", "child_process.exec('npm run build') whose build script calls tsc, which is not installed"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
    // git commit prints why it did nothing on stdout.
    else if (e.stdout) add(source, kase, 'stdout', fixed(String(e.stdout)), truth, reason, `${how}: the error's stdout`);
  }
  add(source, 'ok-git-status-error-files', 'stdout', await execAsync('git status --short --untracked-files=all', { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'git listed the changed files it was asked for; their names are error words', "child_process.exec('git status --short --untracked-files=all')");
}

export async function curlNpmMakeTarAndHead(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli7`;
  mkdirSync(`${dir}/app`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-07-01T10:00:00Z" GIT_COMMITTER_DATE="2026-07-01T10:00:00Z"';
  execSync(`git init -q -b main repo && cd repo && echo a > a.txt && git add a.txt && ${dates} git ${id} commit -q -m "init" && echo b >> a.txt && ${dates} git ${id} commit -q -am "fix: retry uploads on ECONNRESET and 503 responses" && echo c >> a.txt && ${dates} git ${id} commit -q -am "Handle TimeoutError in the billing client" && echo d >> a.txt && ${dates} git ${id} commit -q -am "test: cover 401 Unauthorized and permission denied paths"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/app/Makefile`, 'build:\n\t@echo building\n');
  writeFileSync(`${dir}/app/server.log`, '10:00:00 INFO  listening on :3000\n'.repeat(20));
  mkdirSync(`${dir}/bundle/bin`, { recursive: true });
  writeFileSync(`${dir}/bundle/bin/rb-tool`, 'echo rb-tool\n');
  execFileSync('tar', ['-czf', 'bundle.tar.gz', 'bundle'], { cwd: dir });
  writeFileSync(`${dir}/app/package.json`, '{\n  "name": "app",\n  "version": "1.0.0",\n  "private": true\n}\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const fixed = (t) => t.replaceAll(`:${env.resetPort}`, ':8103').replaceAll(`:${env.twilioGcsJiraPort}`, ':8112');
  const cases = [
    ['curl-fail-503', () => execAsync(`curl -sS --fail http://127.0.0.1:${env.twilioGcsJiraPort}/api/gcs-503`, { cwd: dir }), 'transient', 'curl reports that the server answered 503', "child_process.exec('curl -sS --fail URL') of a 503 (the port fixed)"],
    ['npm-install-reset', () => execAsync(`npm install left-pad@1.3.0 --registry=http://127.0.0.1:${env.resetPort}/`, { cwd: `${dir}/app`, env: npmEnv }), 'transient', 'npm printed that the connection to the registry was reset', "child_process.exec('npm install left-pad@1.3.0 --registry=URL') of a registry that resets the connection (npm_config_fetch_retries=0, logs_max=0; the port fixed)"],
    ['make-no-rule', () => execAsync('make test', { cwd: `${dir}/app` }), 'ambiguous', "make has no rule for the target test; the targets that exist are not listed", "child_process.exec('make test') of a Makefile that has only build"],
    ['tar-extract-permission-denied', () => execAsync(`tar -xzf ${dir}/bundle.tar.gz -C /usr/local`, { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'tar printed Permission denied creating the directories', "child_process.exec('tar -xzf bundle.tar.gz -C /usr/local') as user nobody"],
    ['head-invalid-lines', () => execAsync('head -n ten server.log', { cwd: `${dir}/app`, env: { ...process.env, LANG: 'C', LC_ALL: 'C' } }), 'fixable', "head names the -n value 'ten' as an invalid number of lines", "child_process.exec('head -n ten server.log') (LC_ALL=C)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  add(source, 'ok-git-log-error-words', 'stdout', await execAsync('git log --oneline --no-decorate', { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'git listed the commits it was asked for; their messages are error words', "child_process.exec('git log --oneline --no-decorate') (fixed commit dates)");
}

export async function curlMkdirPushesAndMissingModules(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli8`;
  mkdirSync(`${dir}/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-08-03T09:00:00Z" GIT_COMMITTER_DATE="2026-08-03T09:00:00Z"';
  // A shared remote that someone else pushed to after our clone.
  execSync(`git init -q --bare -b main remote.git && git clone -q remote.git theirs && cd theirs && echo v1 > VERSION && git add VERSION && ${dates} git ${id} commit -q -m "release 1" && git push -q origin main && cd .. && git clone -q remote.git ours && cd theirs && echo v2 > VERSION && ${dates} git ${id} commit -q -am "release 2" && git push -q origin main && cd ../ours && echo 'retry uploads' > NOTES && git add NOTES && ${dates} git ${id} commit -q -m "notes"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/scripts/report.js`, "const { Client } = require('pg');\n\nconst client = new Client();\nclient.connect().then(() => console.log('connected'));\n");
  writeFileSync(`${dir}/app.log`, '09:00:01 INFO listening\n09:00:05 ERROR upstream timeout\n09:00:06 WARN retrying\n09:00:07 INFO recovered\n09:10:44 ERROR 503 from billing\n09:10:45 INFO recovered\n');
  const fixed = (t) => t.replaceAll(`:${env.silentPort}`, ':8102').replace(/after \d+ milliseconds/g, 'after 1000 milliseconds');
  const cases = [
    ['r8-curl-max-time', () => execAsync(`curl -sS --max-time 1 http://127.0.0.1:${env.silentPort}/v1/reports/daily`, { cwd: dir }), 'transient', 'curl printed that the request timed out (a network timeout)', "child_process.exec('curl -sS --max-time 1 URL') of a server that never answers (the port and the elapsed ms fixed)"],
    ['r8-mkdir-permission-denied', () => execAsync('mkdir -p /srv/rb-data/uploads', { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'mkdir printed Permission denied', "child_process.exec('mkdir -p /srv/rb-data/uploads') as user nobody"],
    ['r8-git-push-rejected', () => execAsync('git push origin main', { cwd: `${dir}/ours`, env: gitEnv }), 'ambiguous', 'the push is rejected because the remote has newer commits: a conflict with stored data; how to integrate them is not said', "child_process.exec('git push origin main') behind a remote that has new commits"],
    ['r8-node-module-not-found', () => execAsync('node scripts/report.js', { cwd: dir }), 'ambiguous', "the script's dependency pg is not installed: a program's own error, not the call", "child_process.exec('node scripts/report.js') that requires a package that is not installed"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  add(source, 'r8-ok-log-level-counts', 'stdout', await execAsync("awk '{print $2}' app.log | sort | uniq -c", { cwd: dir }), 'none', 'the command counted the log levels it was asked for; ERROR is one of them', "child_process.exec(\"awk '{print $2}' app.log | sort | uniq -c\")");
}

export async function clonesInstallsSyntaxErrorsAndCheckouts(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli9`;
  mkdirSync(`${dir}/app/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-09-01T08:30:00Z" GIT_COMMITTER_DATE="2026-09-01T08:30:00Z"';
  execSync(`git init -q -b main repo && cd repo && mkdir -p src && printf 'export const retries = 3;\\n' > src/config.js && git add . && ${dates} git ${id} commit -q -m init && git branch release && printf 'export const retries = 5;\\n' > src/config.js && printf 'export class UpstreamTimeoutError extends Error {}\\n' > src/errors.js && git add . && ${dates} git ${id} commit -q -m "Retry 5 times on UpstreamTimeoutError" && printf 'export const retries = 4;\\n' > src/config.js`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/app/package.json`, '{\n  "name": "app",\n  "version": "1.0.0",\n  "private": true,\n  "scripts": {\n    "test": "node --test"\n  }\n}\n');
  writeFileSync(`${dir}/app/scripts/migrate.js`, "const steps = [\n  'add_column users.last_login',\n  'drop_index orders_by_date'\n\nfor (const step of steps) console.log(step);\n");
  writeFileSync(`${dir}/notes.txt`, 'not an archive\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const fixed = (t) => t.replaceAll(` port ${env.refusedPort} `, ' port 8101 ').replace(/after \d+ ms/g, 'after 0 ms');
  const cases = [
    ['r9-curl-refused', () => execAsync(`curl -sS http://127.0.0.1:${env.refusedPort}/healthz`, { cwd: dir }), 'ambiguous', "curl could not connect (the connection was refused); the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", "child_process.exec('curl -sS URL') of a closed port (the port and the elapsed ms fixed)"],
    ['r9-git-clone-auth', () => execAsync(`git clone http://127.0.0.1:${env.xMailgunCloudfrontPort}/acme/payments.git`, { cwd: dir, env: gitEnv }), 'unrecoverable', 'the git server asks for credentials and none can be given', "child_process.exec('git clone URL') of a server that answers 401 (GIT_TERMINAL_PROMPT=0)"],
    ['r9-npm-install-404', () => execAsync(`npm install rb-retry-utilz@^2.0.0 --registry=http://127.0.0.1:${env.xMailgunCloudfrontPort}/`, { cwd: `${dir}/app`, env: npmEnv }), 'ambiguous', 'npm printed 404: the package is not in the registry; which one is meant is not said', "child_process.exec('npm install rb-retry-utilz@^2.0.0 --registry=URL') of a registry that answers 404 (logs_max=0)"],
    ['r9-npm-run-missing-script', () => execAsync('npm run lint', { cwd: `${dir}/app`, env: npmEnv }), 'ambiguous', 'npm has no script lint; the scripts that exist are not listed (its suggestion is an npm command)', "child_process.exec('npm run lint') of a package.json that has only test"],
    ['r9-tar-not-gzip', () => execAsync('tar -xzf notes.txt', { cwd: dir }), 'ambiguous', 'the file is not a gzip archive: the data the command read is wrong', "child_process.exec('tar -xzf notes.txt') of a text file"],
    ['r9-find-permission-denied', () => execAsync("find /root -name '*.log'", { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'find printed Permission denied', "child_process.exec(\"find /root -name '*.log'\") as user nobody"],
    ['r9-node-syntax-error', () => execAsync('node scripts/migrate.js', { cwd: `${dir}/app` }), 'ambiguous', "a SyntaxError in the script the command ran: the code is wrong, not the call", "child_process.exec('node scripts/migrate.js') of a script with a syntax error"],
    ['r9-git-checkout-local-changes', () => execAsync('git checkout release', { cwd: `${dir}/repo`, env: gitEnv }), 'ambiguous', 'local changes would be overwritten: commit or stash is not decided by the text', "child_process.exec('git checkout release') with uncommitted changes to a file that differs"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  add(source, 'r9-ok-git-show-stat', 'stdout', await execAsync("git show --stat --format='%h %s' HEAD", { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'git showed the commit it was asked for; its subject and a file name are error words', "child_process.exec(\"git show --stat --format='%h %s' HEAD\") (fixed commit dates)");
}

export async function everydayNpmTestsInstallsAndScripts(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli10`;
  mkdirSync(`${dir}/web/test`, { recursive: true });
  mkdirSync(`${dir}/web/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C', LC_ALL: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-10-05T09:00:00Z" GIT_COMMITTER_DATE="2026-10-05T09:00:00Z"';
  writeFileSync(`${dir}/web/package.json`, '{\n  "name": "web",\n  "version": "2.14.0",\n  "private": true,\n  "scripts": {\n    "test": "node --test test/"\n  }\n}\n');
  writeFileSync(`${dir}/web/test/price.test.js`, "const test = require('node:test');\nconst assert = require('node:assert');\n\nconst withTax = (cents) => Math.floor(cents * 1.19);\n\ntest('adds 19% tax', () => {\n  assert.strictEqual(withTax(1000), 1190);\n});\n\ntest('rounds half cents up', () => {\n  assert.strictEqual(withTax(1050), 1250);\n});\n");
  writeFileSync(`${dir}/web/scripts/seed.js`, "const config = require('./config.json');\n\nconst url = config.database.url;\nconsole.log(`seeding ${url}`);\n");
  writeFileSync(`${dir}/web/scripts/config.json`, '{ "db": { "url": "postgres://localhost:5432/app" } }\n');
  mkdirSync(`${dir}/errors-ok/test`, { recursive: true });
  writeFileSync(`${dir}/errors-ok/test/errors.test.js`, "const test = require('node:test');\nconst assert = require('node:assert');\n\ntest('maps ECONNRESET to a retryable error', () => assert.ok(true));\ntest('maps 403 to PermissionError', () => assert.ok(true));\n");
  execSync(`git init -q -b main repo && cd repo && echo '# web' > README.md && git add README.md && ${dates} git ${id} commit -q -m init`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cEnv = { ...process.env, LANG: 'C', LC_ALL: 'C' };
  // node --test prints the time each test took: fixed here.
  const fixed = (t) => t.replace(/(duration_ms:? )[\d.]+/g, (m, key) => `${key}1.0`).replace(/ \([\d.]+ms\)/g, ' (1.0ms)');
  const cases = [
    ['r10-git-checkout-pathspec', () => execAsync('git checkout feature/login-page', { cwd: `${dir}/repo`, env: gitEnv }), 'ambiguous', 'no branch or file of that name; which one is meant is not said', "child_process.exec('git checkout feature/login-page') of a branch that does not exist"],
    ['r10-npm-test-failing', () => execAsync('npm test', { cwd: `${dir}/web`, env: npmEnv }), 'ambiguous', 'a failing test of the project: the code is wrong, not the call', "child_process.exec('npm test') of a node --test suite with a failing assertion (durations fixed)"],
    ['r10-npm-install-refused', () => execAsync(`npm install express@4 --registry=http://127.0.0.1:${env.refusedPort}/`, { cwd: `${dir}/web`, env: npmEnv }), 'ambiguous', 'npm printed that the connection to the registry was refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)', "child_process.exec('npm install express@4 --registry=URL') of a closed port (fetch_retries=0, logs_max=0; the port fixed)"],
    ['r10-node-script-type-error', () => execAsync('node scripts/seed.js', { cwd: `${dir}/web` }), 'ambiguous', 'a TypeError in the script the command ran: the code or its config is wrong, not the call', "child_process.exec('node scripts/seed.js') of a script reading a missing config key"],
    ['r10-ls-invalid-sort', () => execAsync('ls -l --sort=date', { cwd: dir, env: cEnv }), 'fixable', "ls names the invalid --sort argument and lists the valid ones", "child_process.exec('ls -l --sort=date') (LC_ALL=C)"],
    ['r10-mkdir-missing-parent', () => execAsync('mkdir src/components/ui', { cwd: dir, env: cEnv }), 'ambiguous', 'a parent directory does not exist; create it or pick another path is not said', "child_process.exec('mkdir src/components/ui') without -p (LC_ALL=C)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  // An exec tool that returns the exit code and the output, of the failing suite above.
  const testRun = await run('npm', ['test'], { cwd: `${dir}/web`, env: npmEnv });
  add(source, 'r10-npm-test-failing', 'exit-output', fixed(`exit code ${testRun.code}\n${testRun.stdout}${testRun.stderr}`), 'ambiguous', 'a failing test of the project: the code is wrong, not the call', "execFile('npm', ['test']) of the same suite: `exit code ${code}\\n${stdout}${stderr}` (durations fixed)");
  add(source, 'r10-ok-node-test-error-names', 'stdout', fixed(await execAsync('node --test test/', { cwd: `${dir}/errors-ok` })), 'none', 'the tests passed; their names are error words', "child_process.exec('node --test test/') of a passing suite (durations fixed)");
}

export async function everydayPushesModulesAndDevServers(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli11`;
  mkdirSync(`${dir}/api/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C', LC_ALL: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-11-02T09:00:00Z" GIT_COMMITTER_DATE="2026-11-02T09:00:00Z"';
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cEnv = { ...process.env, LANG: 'C', LC_ALL: 'C' };
  writeFileSync(`${dir}/api/package.json`, '{\n  "name": "api",\n  "version": "0.9.0",\n  "private": true,\n  "scripts": {\n    "start": "node server.js",\n    "test": "node --test"\n  }\n}\n');
  writeFileSync(`${dir}/api/scripts/migrate.js`, "const db = require('../db');\n\ndb.migrate().then(() => console.log('migrated'));\n");
  // A dev server that keeps running (it stops itself after 5 s, so that nothing is left behind).
  writeFileSync(`${dir}/api/server.js`, "require('node:http').createServer((req, res) => res.end('ok')).listen(0, () => console.log('listening'));\nsetTimeout(() => process.exit(0), 5000);\n");
  // A repository with a bare remote: a branch that was never pushed, and two branches that edit one line.
  execSync([
    'git init -q --bare -b main remote.git', 'git clone -q remote.git repo 2>/dev/null', 'cd repo',
    "printf 'export const API_URL = \"http://localhost:3000\";\\n' > config.js", 'git add config.js', `${dates} git ${id} commit -q -m "add config"`, 'git push -q origin main',
    'git checkout -q -b feature/api-url', "printf 'export const API_URL = \"https://api.acme.dev\";\\n' > config.js", `${dates} git ${id} commit -q -am "use the hosted API"`,
    'git checkout -q main', "printf 'export const API_URL = \"http://localhost:8080\";\\n' > config.js", `${dates} git ${id} commit -q -am "move the dev server to 8080"`,
    'git checkout -q -b fix/retry-on-econnreset', `${dates} git ${id} commit -q --allow-empty -m "fix: retry uploads on ECONNRESET"`, `${dates} git ${id} commit -q --allow-empty -m "fix: return 404 instead of 500 for unknown orders"`,
  ].join(' && '), { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const fixed = (t) => t.replaceAll(`port ${env.refusedPort}`, 'port 8101').replaceAll(`:${env.refusedPort}`, ':8101').replaceAll(`:${env.everydayStripeDjangoPort}`, ':8116').replace(/after \d+ ms/g, 'after 0 ms');
  const cases = [
    ['r11-git-push-no-upstream', () => execAsync('git push', { cwd: `${dir}/repo`, env: gitEnv }), 'fixable', 'git names the command to use instead: push with --set-upstream origin and the branch', "child_process.exec('git push') of a branch that has no upstream"],
    ['r11-git-unknown-option', () => execAsync(`git ${id} commit --amendd --no-edit`, { cwd: `${dir}/repo`, env: gitEnv }), 'fixable', "git names the unknown option and prints the usage with the valid ones", "child_process.exec('git commit --amendd --no-edit')"],
    ['r11-npm-missing-script', () => execAsync('npm run lint', { cwd: `${dir}/api`, env: npmEnv }), 'ambiguous', 'npm: the script lint is not there; the valid ones are not listed', "child_process.exec('npm run lint') of a package without that script (logs_max=0)"],
    ['r11-npm-install-e404', () => execAsync(`npm install expresss --registry=http://127.0.0.1:${env.everydayStripeDjangoPort}/`, { cwd: `${dir}/api`, env: npmEnv }), 'ambiguous', 'npm: the package is not in the registry; which one is meant is not said', "child_process.exec('npm install expresss --registry=URL') of a registry that answers 404 (logs_max=0; the port fixed)"],
    ['r11-node-cannot-find-module', () => execAsync('node scripts/migrate.js', { cwd: `${dir}/api` }), 'ambiguous', "the script requires a local module that does not exist: a program's own error, not the call", "child_process.exec('node scripts/migrate.js') that requires a missing local module"],
    ['r11-ls-permission-denied', () => execAsync('ls -la /root/.config', { cwd: dir, env: cEnv, uid: 65534, gid: 65534 }), 'unrecoverable', 'ls printed Permission denied', "child_process.exec('ls -la /root/.config') as user nobody (LC_ALL=C)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr ?? '') !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  // An exec tool with a time limit, of a dev server that does not exit: the error, and the tool's own wording.
  const killed = await thrown(() => execAsync('node server.js', { cwd: `${dir}/api`, timeout: 1500 }));
  const killedReason = "the tool's own time limit killed a command that does not exit: repeating would time out again";
  add(source, 'r11-dev-server-killed', 'message', killed.message, 'ambiguous', killedReason, "child_process.exec('node server.js', {timeout: 1500}) of a server that keeps running");
  add(source, 'r11-dev-server-killed', 'tool', `Command timed out after 1500 ms and was killed (${killed.signal}): node server.js`, 'ambiguous', killedReason, "child_process.exec('node server.js', {timeout: 1500}): `Command timed out after 1500 ms and was killed (${e.signal}): ${command}`");
  // An exec tool that returns the exit code and the output: a merge that stops on a conflict.
  const conflict = await run('sh', ['-c', `git checkout -q main && git ${id} merge feature/api-url`], { cwd: `${dir}/repo`, env: gitEnv });
  add(source, 'r11-git-merge-conflict', 'exit-output', `exit code ${conflict.code}\n${conflict.stdout}${conflict.stderr}`, 'ambiguous', 'a merge conflict with stored changes; how to resolve it is not said', "execFile('sh', ['-c', 'git checkout main && git merge feature/api-url']) of two branches that edit one line: `exit code ${code}\\n${stdout}${stderr}`");
  execSync('git merge --abort', { cwd: `${dir}/repo`, env: gitEnv, stdio: 'ignore' });
  add(source, 'r11-ok-git-log-fixes', 'stdout', await execAsync('git log --oneline --format=%s main..fix/retry-on-econnreset', { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'the log lists the commits asked for; their subjects name errors', "child_process.exec('git log --oneline --format=%s main..fix/retry-on-econnreset')");
}
