import { describe, expect, it } from 'vitest';
import { isRecoveryBenchError, RecoveryBenchError } from './index.ts';

class ConfigError extends RecoveryBenchError {
  declare readonly code: 'config:invalid' | 'config:internal';
  constructor(code: 'config:invalid' | 'config:internal', message: string, hint?: string) {
    super(code, message, { userError: code !== 'config:internal', hint });
    this.name = 'ConfigError';
  }
}

describe('RecoveryBenchError', () => {
  it('carries a code, a hint, details, a cause and whose mistake it is', () => {
    const cause = new Error('ENOENT');
    const error = new RecoveryBenchError('config:invalid', 'lab.yaml: no such file', { userError: true, hint: 'check the path', details: { file: 'lab.yaml' }, cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RecoveryBenchError', code: 'config:invalid', message: 'lab.yaml: no such file', hint: 'check the path', userError: true, cause });
    expect(error.details).toEqual({ file: 'lab.yaml' });
    expect(String(error)).toBe('RecoveryBenchError: lab.yaml: no such file');
  });

  it('has a JSON form with the hint and details only when there are some', () => {
    expect(new RecoveryBenchError('internal', 'boom', { userError: false }).toRecord()).toEqual({ code: 'internal', message: 'boom' });
    const full = new RecoveryBenchError('model:http', 'HTTP 500', { userError: true, hint: 'see the engine log', details: { status: 500 } });
    expect(JSON.parse(JSON.stringify(full.toRecord()))).toEqual({ code: 'model:http', message: 'HTTP 500', hint: 'see the engine log', details: { status: 500 } });
  });

  it('lets a subclass narrow its code and decide userError from it', () => {
    const mistake = new ConfigError('config:invalid', 'bad key', 'remove it');
    const bug = new ConfigError('config:internal', 'schema out of step');
    expect([mistake.userError, bug.userError]).toEqual([true, false]);
    expect(mistake.code).toBe('config:invalid');
    expect(mistake.name).toBe('ConfigError');
    expect(isRecoveryBenchError(mistake)).toBe(true);
  });

  it('tells its errors from any other thrown value', () => {
    expect(isRecoveryBenchError(new Error('plain'))).toBe(false);
    expect(isRecoveryBenchError({ code: 'config:invalid', message: 'look-alike', userError: true })).toBe(false);
    expect(isRecoveryBenchError(undefined)).toBe(false);
  });
});
