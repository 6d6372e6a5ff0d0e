import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { CodingError } from './errors.ts';

const run = promisify(execFile);

/** Python 3 with pytest, checked once per interpreter and process: the testbed cannot score a run without them. */
const checked = new Map<string, Promise<string>>();

export function checkPython(python = process.env.CODING_PYTHON): Promise<string> {
  const key = python ?? '';
  let probing = checked.get(key);
  if (!probing) {
    probing = python !== undefined ? probe(python) : firstWithPytest();
    checked.set(key, probing);
  }
  return probing;
}

/** Where an interpreter really is: its executable (behind any shim) and the prefixes its modules come from. */
export interface PythonInstallation {
  executable: string;
  /** `sys.prefix` and `sys.base_prefix` (a virtual environment has both), which a sandbox lets the agent read. */
  prefixes: string[];
}

const installations = new Map<string, Promise<PythonInstallation>>();

/** The installation behind `python` (a version manager's shim resolves to the interpreter it runs). */
export function pythonInstallation(python: string): Promise<PythonInstallation> {
  let found = installations.get(python);
  if (!found) {
    found = run(python, ['-c', 'import sys; print(sys.executable); print(sys.prefix); print(sys.base_prefix)'], { timeout: 120_000 }).then(({ stdout }) => {
      const [executable, ...prefixes] = stdout.trim().split('\n');
      return { executable: executable!, prefixes: [...new Set(prefixes)] };
    });
    installations.set(python, found);
  }
  return found;
}

/**
 * PATH with the folder of `python` first (when it is a path), so that an agent's shell, which runs `python3` and
 * `pytest` by name, finds the interpreter the testbed checked rather than one without pytest.
 */
export function pathWithPython(python: string, path = process.env.PATH ?? ''): string {
  if (!python.includes('/')) return path;
  return [dirname(python), ...path.split(delimiter).filter((dir) => dir !== '' && dir !== dirname(python))].join(delimiter);
}

/**
 * The first `python3` on PATH that has pytest. npm and Nx put the folder of Node's own executable first on PATH
 * (often /usr/bin), which can hide the interpreter the user installed pytest for behind the system's.
 */
async function firstWithPytest(): Promise<string> {
  const candidates = [...new Set((process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'python3')).filter(isExecutable))];
  let firstError: unknown;
  for (const candidate of candidates) {
    try {
      return await probe(candidate);
    } catch (error) {
      firstError ??= error;
    }
  }
  if (candidates.length === 0) return probe('python3');
  throw firstError;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function probe(python: string): Promise<string> {
  // Generous limits: on a loaded machine an interpreter behind a version manager's shim starts slowly.
  try {
    await run(python, ['-c', 'import sys; assert sys.version_info >= (3, 8)'], { timeout: 120_000 });
  } catch (error) {
    throw new CodingError('coding:missing-python', `the coding testbed needs Python 3.8 or newer as "${python}" (${(error as NodeJS.ErrnoException).code ?? 'it did not run'})`, { hint: 'install python3, or name it with CODING_PYTHON' });
  }
  try {
    await run(python, ['-m', 'pytest', '--version'], { timeout: 120_000 });
  } catch (error) {
    const e = error as { killed?: boolean; stderr?: string };
    const why = e.killed ? 'it did not answer within 120 s' : (e.stderr ?? '').trim().split('\n').at(-1) || 'it did not run';
    throw new CodingError('coding:missing-pytest', `the coding testbed needs pytest for "${python}" (${python} -m pytest --version: ${why})`, { hint: `${python} -m pip install pytest` });
  }
  return python;
}
