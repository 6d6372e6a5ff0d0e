import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The stand-in checkout under `src/testdata/fake-toolmaze` (self-authored; see its README). */
export const FAKE_CHECKOUT = fileURLToPath(new URL('../testdata/fake-toolmaze/', import.meta.url));

export interface TempCheckout {
  root: string;
  write(rel: string, text: string): void;
  writeJson(rel: string, value: unknown): void;
  readJson(rel: string): Record<string, unknown>;
  remove(rel: string): void;
  dispose(): void;
}

/** A fresh copy of the stand-in checkout in a temp dir, to edit freely. */
export function tempCheckout(): TempCheckout {
  const root = mkdtempSync(join(tmpdir(), 'toolmaze-checkout-'));
  cpSync(FAKE_CHECKOUT, root, { recursive: true });
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  return {
    root,
    write,
    writeJson: (rel, value) => write(rel, `${JSON.stringify(value, null, 2)}\n`),
    readJson: (rel) => JSON.parse(readFileSync(join(root, rel), 'utf8')) as Record<string, unknown>,
    remove: (rel) => rmSync(join(root, rel), { recursive: true, force: true }),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
