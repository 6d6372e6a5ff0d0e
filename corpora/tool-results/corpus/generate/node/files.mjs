// fs, fs/promises and node:stream: missing and existing paths, permissions (also as user nobody, through
// setpriv), links, modes, flags, encodings, copies, streams cut short, and configs that do not parse; and reads
// whose text only looks like an error. The truth of each case is stated with it (../../LABELLING.md).
import { accessSync, chownSync, constants, createReadStream, createWriteStream, linkSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { get as httpGetRaw } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseYaml } from 'yaml';
import { add, addAsNobody, addError, addThrown, run, SCRATCH, thrown, YAML_VERSION } from './common.mjs';

export async function files() {
  const source = 'node-fs';
  mkdirSync(`${SCRATCH}/dir/sub`, { recursive: true });
  writeFileSync(`${SCRATCH}/dir/notes.txt`, 'hello\n');
  writeFileSync(`${SCRATCH}/tool.sh`, 'echo hi\n', { mode: 0o644 });
  const cases = [
    ['enoent', () => readFileSync(`${SCRATCH}/missing.txt`), 'ambiguous', 'missing file', 'readFileSync of a missing file'],
    ['eisdir', () => readFileSync(`${SCRATCH}/dir`), 'ambiguous', 'the path is a directory', 'readFileSync of a directory'],
    ['enotdir', () => readdirSync(`${SCRATCH}/dir/notes.txt`), 'ambiguous', 'the path is not a directory', 'readdirSync of a file'],
    ['eexist', () => mkdirSync(`${SCRATCH}/dir`), 'ambiguous', 'the target exists', 'mkdirSync of an existing directory'],
    ['enotempty', () => rmdirSync(`${SCRATCH}/dir`), 'ambiguous', 'the directory is not empty', 'rmdirSync of a non-empty directory'],
    ['eacces-exec', () => accessSync(`${SCRATCH}/tool.sh`, constants.X_OK), 'unrecoverable', 'permission denied', 'accessSync X_OK on a 0644 file'],
    ['eperm-link', () => linkSync(`${SCRATCH}/dir`, `${SCRATCH}/dir-link`), 'unrecoverable', 'operation not permitted', 'linkSync of a directory'],
    ['invalid-arg', () => readFileSync(42.5), 'fixable', 'names the path argument and the types it accepts', 'readFileSync(42.5)'],
  ];
  await addThrown(source, cases);
  for (const [kase, code, reason] of [
    ['eacces-read', "require('fs').readFileSync('/etc/shadow')", 'permission denied reading a protected file'],
    ['eacces-write', "require('fs').writeFileSync('/root/report.txt', 'x')", 'permission denied writing a protected directory'],
  ]) {
    const out = await run('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', `try { ${code} } catch (e) { console.log(JSON.stringify({ message: e.message, string: String(e) })) }`]);
    const texts = JSON.parse(out.stdout);
    add(source, kase, 'message', texts.message, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
    add(source, kase, 'string', texts.string, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
    const uncaught = await run('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', code]);
    add(source, kase, 'uncaught', uncaught.stderr, 'unrecoverable', reason, `node -e "${code}" as user nobody, uncaught, stderr, exit ${uncaught.code}`);
  }
  const listing = readdirSync(`${SCRATCH}/dir`).join('\n');
  add(source, 'listing', 'text', listing, 'none', 'a directory listing', 'readdirSync of a directory');
}

export async function permissionsLoopsAndLongNames() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs2`;
  mkdirSync(`${dir}/locked`, { recursive: true });
  mkdirSync(`${dir}/cache/entries`, { recursive: true });
  writeFileSync(`${dir}/locked/data.db`, 'x');
  writeFileSync(`${dir}/cache/entries/a.json`, '{}');
  writeFileSync(`${dir}/owned.txt`, 'x');
  chownSync(`${dir}/owned.txt`, 65534, 65534);
  writeFileSync(`${dir}/config.json`, '{\n  "port": 8080,\n  "host": "localhost",\n}\n');
  writeFileSync(`${dir}/app.log`, '2026-03-02T10:00:01Z INFO  server started on :8080\n2026-03-02T10:00:07Z ERROR db: connect ECONNREFUSED 10.0.0.5:5432 (attempt 1/5)\n2026-03-02T10:00:09Z WARN  db: retrying in 2s\n2026-03-02T10:00:11Z INFO  db: connected\n2026-03-02T10:02:40Z ERROR GET /api/orders/77 -> 404 Not Found\n');
  for (const name of ['errors.log', 'failed-uploads.csv', 'timeout-report.txt', 'README.md']) writeFileSync(`${dir}/${name}`, '');
  symlinkSync(`${dir}/loop-b`, `${dir}/loop-a`);
  symlinkSync(`${dir}/loop-a`, `${dir}/loop-b`);
  await addAsNobody(source, [
    ['eacces-scandir', "require('fs').readdirSync('/root')", 'permission denied listing a protected directory'],
    ['eacces-unlink', `require('fs').unlinkSync('${dir}/locked/data.db')`, 'permission denied deleting a file in a directory of another user'],
    ['eperm-chown', `require('fs').chownSync('${dir}/owned.txt', 0, 0)`, 'operation not permitted: only root may give a file away'],
    ['eacces-mkdir', "require('fs').mkdirSync('/usr/local/share/rb-cache/v1', { recursive: true })", 'permission denied creating a directory under /usr/local'],
  ]);
  const cases = [
    ['eloop', () => readFileSync(`${dir}/loop-a`), 'ambiguous', 'a symbolic link loop; which path is meant is not said', 'readFileSync of a symlink loop'],
    ['enametoolong', () => writeFileSync(`${dir}/${'summary-of-the-quarterly-report-'.repeat(9)}.md`, 'x'), 'fixable', 'quotes the file name and says it is too long: a shorter name is the fix', 'writeFileSync of a 288-character file name'],
    ['eexist-wx', () => writeFileSync(`${dir}/app.log`, 'x', { flag: 'wx' }), 'ambiguous', 'the file exists; overwrite or pick another name is not said', "writeFileSync with flag 'wx' of an existing file"],
    ['eisdir-rm', () => rmSync(`${dir}/cache`), 'ambiguous', 'the path is a directory', 'rmSync of a directory without recursive'],
    ['json-parse-config', () => JSON.parse(readFileSync(`${dir}/config.json`, 'utf8')), 'ambiguous', 'a JSON parse error of the data the tool read', 'JSON.parse(readFileSync) of a config with a trailing comma'],
  ];
  await addThrown(source, cases);
  add(source, 'ok-log-errors', 'text', readFileSync(`${dir}/app.log`, 'utf8'), 'none', 'the log file was read; its lines name errors', 'readFileSync of a log file');
  add(source, 'ok-listing-error-names', 'text', readdirSync(dir).filter((n) => /\./.test(n) && !n.startsWith('config')).join('\n'), 'none', 'a directory listing whose file names are error words', 'readdirSync of a directory');
}

export async function streams(env) {
  const source = 'node-stream';
  const dir = `${SCRATCH}/streams3`;
  mkdirSync(dir, { recursive: true });
  const download = (url, target) => new Promise((resolve, reject) => {
    httpGetRaw(url, (res) => pipeline(res, createWriteStream(target)).then(resolve, reject)).on('error', reject);
  });
  {
    const e = await thrown(() => download(`http://127.0.0.1:${env.azureSlackAwsPort}/cut-body`, `${dir}/export.bin`));
    const what = 'stream.promises.pipeline(http.get response, fs.createWriteStream) of a body the server cuts off';
    add(source, 'pipeline-download-aborted', 'message', e.message, 'ambiguous', 'the text says only aborted; that the server cut the transfer is not said', what);
    add(source, 'pipeline-download-aborted', 'string', String(e), 'ambiguous', 'the text says only aborted; that the server cut the transfer is not said', what);
    add(source, 'pipeline-download-aborted', 'code-message', `${e.code}: ${e.message}`, 'transient', 'ECONNRESET: the connection was reset during the download', `${what}: \`\${e.code}: \${e.message}\``);
  }
  addError(source, 'pipeline-enospc', await thrown(() => pipeline(Readable.from([Buffer.alloc(65536, 'x')]), createWriteStream('/dev/full'))), 'ambiguous', 'no space left on the device: fits no row; freeing space or writing elsewhere is not said', 'stream.promises.pipeline into fs.createWriteStream(/dev/full)');
}

export async function copiesRenamesAndYamlConfigs() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs3`;
  mkdirSync(`${dir}/site/assets`, { recursive: true });
  writeFileSync(`${dir}/site/index.html`, '<h1>hi</h1>\n');
  writeFileSync(`${dir}/report.csv`, 'id,total\n1,20\n');
  writeFileSync(`${dir}/deploy.yaml`, 'service: api\nreplicas: 2\nenv:\n  - name: PORT\n    value: "8080"\n   - name: HOST\n    value: 0.0.0.0\n');
  const cases = [
    ['cp-dir-not-recursive', () => fsp.cp(`${dir}/site`, `${dir}/site-backup`), 'ambiguous', 'the path is a directory; the recursive option is not named', 'fs.promises.cp of a directory without recursive'],
    ['rename-missing-dir', () => fsp.rename(`${dir}/report.csv`, `${dir}/archive/2026/report.csv`), 'ambiguous', 'a path of the rename does not exist; which one is not said', 'fs.promises.rename into a directory that does not exist'],
  ];
  await addThrown(source, cases);
  await addAsNobody(source, [['eacces-copyfile', `require('fs').copyFileSync('/etc/shadow', '${dir}/shadow.bak')`, 'permission denied copying a protected file']]);
  const yamlError = await thrown(async () => parseYaml(await fsp.readFile(`${dir}/deploy.yaml`, 'utf8')));
  const yamlHow = `yaml ${YAML_VERSION} parse() of a file read with fs.promises.readFile, indentation broken`;
  add('node-yaml', 'parse-bad-indentation', 'message', yamlError.message, 'ambiguous', 'a YAML parse error of the data the tool read', yamlHow);
  add('node-yaml', 'parse-bad-indentation', 'string', String(yamlError), 'ambiguous', 'a YAML parse error of the data the tool read', yamlHow);
}

export async function logsReadOnlyFilesAndEmptyJson() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs4`;
  mkdirSync(`${dir}/reports`, { recursive: true });
  writeFileSync(`${dir}/reports/q1.md`, '# Q1\n');
  writeFileSync(`${dir}/state.json`, '');
  writeFileSync(`${dir}/settings.lock`, '{}\n', { mode: 0o444 });
  chownSync(`${dir}/settings.lock`, 65534, 65534);
  writeFileSync(`${dir}/sync-status.json`, '{"lastRun":"2026-03-02T02:00:00Z","synced":1284,"failed":0,"errors":[],"lastError":null,"note":"retried 2 uploads after ETIMEDOUT; all succeeded"}\n');
  await addAsNobody(source, [
    ['eacces-append-log', "require('fs').appendFileSync('/var/log/rb-agent.log', 'started\\n')", 'permission denied writing under /var/log'],
    ['eacces-readonly-file', `require('fs').writeFileSync('${dir}/settings.lock', '{"v":2}')`, 'permission denied: the file is read-only (mode 0444)'],
  ]);
  const cases = [
    ['enoent-write-parent', () => fsp.writeFile(`${dir}/out/2026-03/summary.md`, '# Summary\n'), 'ambiguous', 'a directory of the path does not exist; create it or write elsewhere is not said', 'fs.promises.writeFile into a directory that does not exist'],
    ['invalid-arg-data', () => fsp.writeFile(`${dir}/reports/q2.json`, { quarter: 2, total: 1200 }), 'fixable', 'names the data argument and the types it must be', 'fs.promises.writeFile with a plain object as data'],
    ['json-parse-empty-file', async () => JSON.parse(await fsp.readFile(`${dir}/state.json`, 'utf8')), 'ambiguous', 'a JSON parse error of the (empty) data the tool read', 'JSON.parse(await fs.promises.readFile) of an empty file'],
  ];
  await addThrown(source, cases);
  add(source, 'ok-status-json-error-fields', 'text', readFileSync(`${dir}/sync-status.json`, 'utf8'), 'none', 'the status file was read; failed 0, errors empty, lastError null', 'readFileSync of a JSON status file');
}

export async function statsExclusiveCopiesAndRanges() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs5`;
  mkdirSync(`${dir}/exports`, { recursive: true });
  writeFileSync(`${dir}/exports/orders.csv`, 'id,total\n1,20\n2,35\n');
  writeFileSync(`${dir}/server.log`, '10:00:00 INFO  listening on :3000\n'.repeat(20));
  const cases = [
    ['stat-enoent', () => fsp.stat(`${dir}/exports/2026-04/orders.csv`), 'ambiguous', 'the path does not exist; which one is meant is not said', 'fs.promises.stat of a missing path'],
    ['copyfile-excl-eexist', () => fsp.copyFile(`${dir}/exports/orders.csv`, `${dir}/server.log`, constants.COPYFILE_EXCL), 'ambiguous', 'the destination exists; overwrite or pick another name is not said', 'fs.promises.copyFile with COPYFILE_EXCL onto an existing file'],
    ['read-stream-range', () => new Promise((resolve, reject) => createReadStream(`${dir}/server.log`, { start: 120, end: 40 }).on('error', reject).on('end', resolve).resume()), 'fixable', 'names start, the bound it must respect and the value it received', 'fs.createReadStream with start 120 and end 40 (a line-range tool with its arguments swapped)'],
  ];
  await addThrown(source, cases);
  await addAsNobody(source, [
    ['eacces-rename-etc', "require('fs').renameSync('/etc/hosts', '/etc/hosts.bak')", 'permission denied renaming a file under /etc'],
    ['eacces-open-rw', "require('fs').openSync('/etc/passwd', 'r+')", 'permission denied opening a system file for writing'],
  ]);
}

export async function recursiveMkdirsAndModes() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs6`;
  mkdirSync(`${dir}/uploads`, { recursive: true });
  await addAsNobody(source, [
    ['eacces-mkdir-recursive-opt', "require('fs').mkdirSync('/opt/rb-cache/thumbnails', { recursive: true })", 'permission denied creating a directory under /opt'],
  ]);
  const cases = [
    ['readdir-enoent', () => fsp.readdir(`${dir}/uploads/2026-06`), 'ambiguous', 'the directory does not exist; which one is meant is not said', 'fs.promises.readdir of a missing directory'],
    ['invalid-arg-mode', () => fsp.writeFile(`${dir}/deploy.sh`, '#!/bin/sh\necho deploy\n', { mode: 'rwxr-xr-x' }), 'fixable', 'names the mode argument, what it must be and the value it received', "fs.promises.writeFile with mode 'rwxr-xr-x' (a write_file tool passing a mode argument through)"],
  ];
  await addThrown(source, cases);
}

export async function copyfilesRenamesAndEncodings() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs7`;
  mkdirSync(`${dir}/build`, { recursive: true });
  mkdirSync(`${dir}/published`, { recursive: true });
  writeFileSync(`${dir}/build/cli.js`, '#!/usr/bin/env node\nconsole.log("rb-tool");\n');
  writeFileSync(`${dir}/notes.txt`, 'standup notes\n');
  await addAsNobody(source, [
    ['eacces-copyfile-usr-local', `require('fs').copyFileSync('${dir}/build/cli.js', '/usr/local/bin/rb-tool')`, 'permission denied installing a file under /usr/local/bin'],
  ]);
  const cases = [
    ['rename-enoent', () => fsp.rename(`${dir}/drafts/launch-post.md`, `${dir}/published/launch-post.md`), 'ambiguous', 'the source path does not exist; which one is meant is not said', 'fs.promises.rename of a missing file'],
    ['invalid-encoding', () => fsp.readFile(`${dir}/notes.txt`, { encoding: 'utf-8-sig' }), 'fixable', 'names the encoding argument and the invalid value it received', "fs.promises.readFile with encoding 'utf-8-sig' (a read_file tool passing an encoding argument through)"],
  ];
  await addThrown(source, cases);
}

export async function systemLogsTimesAndOpenFlags() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs8`;
  mkdirSync(`${dir}/out`, { recursive: true });
  writeFileSync(`${dir}/notes.md`, '# Notes\n');
  writeFileSync(`${dir}/api-health.csv`, 'date,endpoint,requests,errors,timeouts,retries\n2026-08-01,/v1/orders,18422,0,0,3\n2026-08-01,/v1/invoices,9310,0,0,0\n2026-08-02,/v1/orders,17980,0,0,1\n');
  await addAsNobody(source, [
    ['r8-eacces-append-var-log', "require('fs').appendFileSync('/var/log/rb-agent.log', 'run 42 started\\n')", 'permission denied appending to a log under /var/log'],
    ['r8-eperm-utimes-etc', "require('fs').utimesSync('/etc/hosts', 1767225600, 1767225600)", 'operation not permitted: only the owner may set the times of a file'],
  ]);
  const cases = [
    ['r8-writefile-missing-dir', () => fsp.writeFile(`${dir}/out/2026-08/summary.md`, '# Summary\n'), 'ambiguous', 'a directory of the path does not exist; create it or write elsewhere is not said', 'fs.promises.writeFile into a directory that does not exist'],
    ['r8-open-invalid-flags', () => fsp.open(`${dir}/notes.md`, 'rw'), 'fixable', "names the flags argument and the invalid value 'rw' it received", "fs.promises.open with flags 'rw' (a file tool passing a mode argument through)"],
  ];
  await addThrown(source, cases);
  add(source, 'r8-ok-csv-error-columns', 'text', readFileSync(`${dir}/api-health.csv`, 'utf8'), 'none', 'the CSV was read; its columns are named errors and timeouts', 'readFileSync of a CSV report');
}

export async function systemDirsConfigsAndCopies() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs9`;
  mkdirSync(`${dir}/locked`, { recursive: true, mode: 0o755 });
  mkdirSync(`${dir}/assets/icons`, { recursive: true });
  writeFileSync(`${dir}/locked/build.log`, 'build 311 ok\n');
  writeFileSync(`${dir}/assets/icons/logo.svg`, '<svg/>\n');
  writeFileSync(`${dir}/CHANGELOG.md`, '# Changelog\n\n## 2.4.1\n\n- Fixed: uploads failed with ECONNRESET behind some proxies\n- Fixed: a 401 Unauthorized after token refresh was reported as a 500\n- Changed: TimeoutError messages now name the endpoint\n');
  await addAsNobody(source, [
    ['r9-eacces-mkdir-var-lib', "require('fs').mkdirSync('/var/lib/rb-agent/cache', { recursive: true })", 'permission denied creating a directory under /var/lib'],
    ['r9-eacces-unlink-root-dir', `require('fs').unlinkSync('${dir}/locked/build.log')`, "permission denied removing a file from a directory of another user"],
  ]);
  await addThrown(source, [
    ['r9-config-enoent', () => fsp.readFile(`${dir}/config/production.json`, 'utf8'), 'ambiguous', 'the config file does not exist; which one is meant is not said', 'fs.promises.readFile of a missing config file'],
    ['r9-cp-directory', () => fsp.cp(`${dir}/assets`, `${dir}/public`), 'ambiguous', 'EISDIR: the source is a directory; what to do instead is not said', 'fs.promises.cp of a directory without options (a copy tool)'],
  ]);
  add(source, 'r9-ok-changelog', 'text', readFileSync(`${dir}/CHANGELOG.md`, 'utf8'), 'none', 'the changelog was read; its entries name fixed errors', 'readFileSync of a CHANGELOG');
}

export async function npmrcHostsAndComponents() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs10`;
  mkdirSync(`${dir}/src/components`, { recursive: true });
  mkdirSync(`${dir}/dist`, { recursive: true });
  writeFileSync(`${dir}/.env.example`, 'PORT=3000\nDATABASE_URL=postgres://localhost:5432/app\nLOG_LEVEL=error\nSENTRY_DSN=\nREQUEST_TIMEOUT_MS=5000\nRETRY_ON_ERROR=true\n');
  await addAsNobody(source, [
    ['r10-eacces-read-root-npmrc', "require('fs').readFileSync('/root/.npmrc', 'utf8')", 'permission denied reading a file under /root'],
    ['r10-eacces-write-etc-hosts', "require('fs').writeFileSync('/etc/hosts', '127.0.0.1 api.local\\n', { flag: 'a' })", 'permission denied writing /etc/hosts'],
  ]);
  await addThrown(source, [
    ['r10-read-enoent-component', () => fsp.readFile(`${dir}/src/components/Header.tsx`, 'utf8'), 'ambiguous', 'the file does not exist; which one is meant is not said', 'fs.promises.readFile of a missing source file'],
    ['r10-mkdir-eexist', () => fsp.mkdir(`${dir}/dist`), 'ambiguous', 'the directory exists; what to do instead is not said', 'fs.promises.mkdir of an existing directory without recursive'],
  ]);
  add(source, 'r10-ok-env-example', 'text', readFileSync(`${dir}/.env.example`, 'utf8'), 'none', 'the file was read; its keys name errors and timeouts', 'readFileSync of a .env.example');
}

export async function sshKeysEnvFilesAndConfigs() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs11`;
  mkdirSync(`${dir}/app/src`, { recursive: true });
  writeFileSync(`${dir}/app/appsettings.json`, '{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "ConnectionStrings": { "Default": "Server=localhost;Database=app" },\n}\n');
  await addAsNobody(source, [
    ['r11-eacces-read-ssh-key', "require('fs').readFileSync('/root/.ssh/id_ed25519', 'utf8')", 'permission denied reading a key under /root'],
  ]);
  await addThrown(source, [
    ['r11-read-enoent-env-local', () => fsp.readFile(`${dir}/app/.env.local`, 'utf8'), 'ambiguous', 'the file does not exist; which one is meant is not said', 'fs.promises.readFile of a missing .env.local'],
    ['r11-write-enoent-parent', () => fsp.writeFile(`${dir}/app/src/hooks/useAuth.ts`, 'export function useAuth() {}\n'), 'ambiguous', 'a directory of the path does not exist; create it or write elsewhere is not said', 'fs.promises.writeFile under a directory that does not exist'],
    ['r11-json-parse-config', async () => JSON.parse(await fsp.readFile(`${dir}/app/appsettings.json`, 'utf8')), 'ambiguous', 'a JSON parse error of the data the tool read (a trailing comma)', 'JSON.parse of fs.promises.readFile of a settings file with a trailing comma'],
  ]);
}
