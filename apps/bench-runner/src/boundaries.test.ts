import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing/run-cli.ts';

const CHECK = join(REPO_ROOT, 'tools/check-boundaries.mjs');

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rb-bounds-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string): { code: number; output: string } {
  try {
    return { code: 0, output: execFileSync(process.execPath, [CHECK, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    const e = error as { status: number; stderr: string };
    return { code: e.status, output: e.stderr };
  }
}

const project = (name: string, tag: string) => JSON.stringify({ name, tags: [tag] });
const pkg = (name: string) => JSON.stringify({ name });

describe('module boundary check', () => {
  const base = {
    'libs/core/project.json': project('core', 'type:pure'),
    'libs/core/package.json': pkg('@w/core'),
    'libs/io/project.json': project('io', 'type:io'),
    'libs/io/package.json': pkg('@w/io'),
    'libs/bench/project.json': project('bench', 'type:benchmark'),
    'libs/bench/package.json': pkg('@w/bench'),
  };

  it('passes a workspace whose arrows point one way', () => {
    const root = workspace({ ...base, 'libs/io/src/a.ts': "import { x } from '@w/core';\n", 'libs/core/src/a.test.ts': "import { readFileSync } from 'node:fs';\n" });
    expect(check(root)).toMatchObject({ code: 0 });
  });

  it('fails a benchmark importing engines, and a pure library doing I/O', () => {
    const root = workspace({
      ...base,
      'libs/bench/src/a.ts': "import { startProxy } from '@w/io';\n",
      'libs/core/src/b.ts': "import { readFileSync } from 'node:fs';\nexport const y = await import('node:child_process');\n",
    });
    const r = check(root);
    expect(r.code).toBe(1);
    expect(r.output).toContain('libs/bench/src/a.ts: type:benchmark may not import io (type:io)');
    expect(r.output).toContain('libs/core/src/b.ts: pure library imports I/O module node:fs');
    expect(r.output).toContain('libs/core/src/b.ts: pure library imports I/O module node:child_process');
  });

  it('checks the real workspace', () => {
    expect(check(REPO_ROOT)).toMatchObject({ code: 0 });
  });
});
