import { describe, expect, it } from 'vitest';
import { checkPython, pathWithPython } from './python.ts';

describe('python check', () => {
  it('names the missing interpreter in one line', async () => {
    await expect(checkPython('/nonexistent/python3')).rejects.toMatchObject({ code: 'coding:missing-python', message: expect.stringContaining('/nonexistent/python3') });
  });

  it('says so when pytest is missing for the interpreter', async () => {
    // `python3 -I -S` would still find pytest in site-packages; an interpreter without it is simulated by a shell
    // script that runs Python but refuses `-m pytest`.
    const { writeFileSync, chmodSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'coding-nopytest-'));
    const fake = join(dir, 'python3');
    writeFileSync(fake, '#!/bin/sh\nif [ "$1" = "-m" ]; then echo "No module named pytest" >&2; exit 1; fi\nexec python3 "$@"\n');
    chmodSync(fake, 0o755);
    await expect(checkPython(fake)).rejects.toMatchObject({ code: 'coding:missing-pytest', hint: `${fake} -m pip install pytest` });
  });
});

describe("the agent's PATH", () => {
  it('puts the folder of the checked Python first, once', () => {
    expect(pathWithPython('/opt/py/bin/python3', '/usr/bin:/opt/py/bin:/bin')).toBe('/opt/py/bin:/usr/bin:/bin');
  });

  it('leaves PATH alone for a bare command name', () => {
    expect(pathWithPython('python3', '/usr/bin:/bin')).toBe('/usr/bin:/bin');
  });
});
