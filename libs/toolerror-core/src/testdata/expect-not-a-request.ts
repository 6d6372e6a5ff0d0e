import { expect } from 'vitest';
import { LayerInputError } from '../errors.ts';

/** The call throws `layer:not-a-request` with a one-line message (the CLI prints it as its one line on stderr). */
export function expectNotARequest(run: () => unknown): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(LayerInputError);
  const error = caught as LayerInputError;
  expect(error.code).toBe('layer:not-a-request');
  expect(error.message).toMatch(/^[^\n]+$/);
}
