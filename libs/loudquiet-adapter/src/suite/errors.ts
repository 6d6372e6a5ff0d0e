import { BenchError } from '@recovery-bench/harness';

/** A bad or missing suite / reference file: one line naming the file and the field. */
export class SuiteFileError extends BenchError {
  readonly file: string;
  readonly field: string;

  constructor(file: string, field: string, message: string) {
    super('task:invalid', `${file}: ${field}: ${message}`, { details: { file, field } });
    this.name = 'SuiteFileError';
    this.file = file;
    this.field = field;
  }
}
