import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing/run-cli.ts';

/** Folders whose Markdown is not the project's own (installed packages, build output, runs). */
const SKIP = new Set(['node_modules', 'dist', '.git', '.nx', 'runs']);
/** A repository path as the docs write one: `libs/proxy/src/server.ts`, `src/entry.ts`, `../harness/README.md`. */
const PATH = /^(?:\.\.\/)*(?:libs|apps|tools|testbeds|corpora|docker|docs|src|test|bin|python|reference|corpus)\/[\w.@+\-/]*\w$/;

function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) markdownFiles(path, out);
    else if (entry.name.endsWith('.md')) out.push(path);
  }
  return out;
}

/** Paths in code spans and link targets (a `:line` suffix dropped); read from the file's folder or the root. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  const links = [...text.matchAll(/\]\(([^)#\s]+)/g)].map((m) => m[1]!);
  return [...spans, ...links].map((p) => p.replace(/:\d+(?:-\d+)?$/, '')).filter((p) => PATH.test(p));
}

describe('the docs', () => {
  it('name only files and folders that exist', () => {
    const files = markdownFiles(REPO_ROOT);
    expect(files.length).toBeGreaterThan(10);
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const path of namedPaths(readFileSync(file, 'utf8'))) {
        checked++;
        if (!existsSync(join(dirname(file), path)) && !existsSync(join(REPO_ROOT, path))) missing.push(`${relative(REPO_ROOT, file)}: ${path}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
