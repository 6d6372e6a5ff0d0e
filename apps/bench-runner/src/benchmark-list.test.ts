import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkPackage, findBenchmarks } from './benchmark-list.ts';

/** A workspace in a temporary folder with the given packages (folder → package.json). */
function workspace(packages: Record<string, object>): string {
  const root = mkdtempSync(join(tmpdir(), 'rb-found-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'lab', private: true, workspaces: ['benchmarks/*', 'tools'] }));
  for (const [dir, pkg] of Object.entries(packages)) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify(pkg));
  }
  return root;
}
const declaring = (name: string, benchmark: object, exports: object = { './entry': { '@recovery-bench/source': './src/entry.ts', default: './dist/entry.js' } }) => ({ name, exports, recoveryBench: { benchmark } });

describe('finding benchmarks by their package.json', () => {
  it('finds the suite\'s own in their order, then the workspace\'s, by id', () => {
    const root = workspace({
      'benchmarks/zeta': declaring('@lab/zeta', { id: 'zeta', entry: './entry' }),
      'benchmarks/alpha': declaring('@lab/alpha', { id: 'alpha', entry: './entry', export: 'alphaEntry' }),
      'benchmarks/not-one': { name: '@lab/helper' },
      tools: { name: '@lab/tools' },
    });
    const found = findBenchmarks(root);
    expect(found.map((b) => b.id)).toEqual(['toolmaze', 'loudquiet', 'delivery', 'coding', 'alpha', 'zeta']);
    expect(found.find((b) => b.id === 'alpha')).toMatchObject({ packageName: '@lab/alpha', exportName: 'alphaEntry', file: join(root, 'benchmarks/alpha/src/entry.ts') });
    expect(found.find((b) => b.id === 'zeta')?.exportName).toBe('benchmark');
  });

  it('names both packages when two declare one id, and the file when a declaration is malformed', () => {
    const clash = workspace({ 'benchmarks/mine': declaring('@lab/mine', { id: 'toolmaze', entry: './entry' }) });
    expect(() => findBenchmarks(clash)).toThrow(/^two packages declare the benchmark "toolmaze": @lab\/mine \(.*benchmarks\/mine\) and @recovery-bench\/toolmaze-adapter \(.*libs\/toolmaze-adapter\)$/);
    const bad = workspace({
      'benchmarks/a': declaring('@lab/a', { id: 'Has Spaces', entry: './entry' }),
      'benchmarks/b': declaring('@lab/b', { id: 'b' }),
      'benchmarks/c': declaring('@lab/c', { id: 'c', entry: './missing' }),
    });
    expect(() => benchmarkPackage(join(bad, 'benchmarks/a'))).toThrow(/benchmarks\/a\/package\.json: recoveryBench\.benchmark\.id must be a lower-case name/);
    expect(() => benchmarkPackage(join(bad, 'benchmarks/b'))).toThrow(/benchmarks\/b\/package\.json: recoveryBench\.benchmark\.entry must name a subpath/);
    expect(() => benchmarkPackage(join(bad, 'benchmarks/c'))).toThrow(/benchmarks\/c\/package\.json: its exports give no file for \.\/missing/);
    expect(benchmarkPackage(join(bad, '..'))).toBeUndefined();
  });
});
