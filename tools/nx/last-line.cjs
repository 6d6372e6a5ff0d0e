#!/usr/bin/env node
// Runs a command for an Nx target and makes its last line of stdout the last line the terminal or pipe gets, after
// Nx's own summary, so that `npx nx run bench:toolmaze | tail -1` is the run directory.
//
//   node tools/nx/last-line.cjs <command> [args…]
//
// The command's stdout passes through as it comes, except its last line, which is held back. When the command ends
// with exit code 0 under an Nx process, a detached helper is given that process's stdout (/proc/<pid>/fd/1, opened
// while it still runs) and writes the line once the Nx process has exited. Elsewhere (no Nx above, not Linux, a
// failure) the line is written at once, as the command wrote it. The exit code is the command's.
'use strict';
const { spawn } = require('node:child_process');
const { openSync, readFileSync, readlinkSync } = require('node:fs');
const { basename } = require('node:path');

if (process.argv[2] === '--after') {
  // The helper: <pid> <line>; stdout is the Nx process's stdout.
  const pid = Number(process.argv[3]);
  const line = process.argv[4];
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return error.code === 'EPERM';
    }
  };
  const started = Date.now();
  const timer = setInterval(() => {
    if (alive() && Date.now() - started < 60_000) return;
    clearInterval(timer);
    process.stdout.write(`${line}\n`);
  }, 20);
  return;
}

/** The outermost `nx` process above this one, if any (Linux /proc). */
function nxAncestor() {
  let found;
  try {
    for (let pid = process.ppid; pid > 1;) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv.slice(0, 2).some((a) => /^nx(\.js)?$/.test(basename(a)))) found = pid;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    }
  } catch {
    return found;
  }
  return found;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node tools/nx/last-line.cjs <command> [args…]\n');
  process.exit(2);
}
const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'inherit'] });
let held = '';
child.stdout.setEncoding('utf8').on('data', (chunk) => {
  const text = held + chunk;
  // Hold back the last complete line (and any partial one after it) until the next chunk or the end.
  const cut = text.trimEnd().lastIndexOf('\n');
  if (cut === -1) {
    held = text;
    return;
  }
  process.stdout.write(text.slice(0, cut + 1));
  held = text.slice(cut + 1);
});
child.on('error', (error) => {
  process.stderr.write(`last-line: cannot run ${command}: ${error.message}\n`);
  process.exit(127);
});
child.on('close', (code, signal) => {
  const line = held.replace(/\n+$/, '');
  const nx = code === 0 && line !== '' && !line.includes('\n') ? nxAncestor() : undefined;
  let out;
  if (nx !== undefined) {
    try {
      readlinkSync(`/proc/${nx}/fd/1`);
      out = openSync(`/proc/${nx}/fd/1`, 'a');
    } catch {
      out = undefined;
    }
  }
  if (out === undefined) {
    process.stdout.write(held);
  } else {
    spawn(process.execPath, [__filename, '--after', String(nx), line], { detached: true, stdio: ['ignore', out, 'ignore'] }).unref();
  }
  process.exitCode = code ?? (signal ? 1 : 0);
});
