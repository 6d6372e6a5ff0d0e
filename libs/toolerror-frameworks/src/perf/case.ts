/** One adapter's hook under the benchmark: a fresh input per call, the call, and a check that it did its work. */
export interface BenchCase {
  name: string;
  hook: string;
  input(): unknown;
  call(input: unknown): unknown;
  /** The hook wrote the note into a fresh input (so the time measured is the rewriting path). */
  check(): Promise<boolean>;
}
