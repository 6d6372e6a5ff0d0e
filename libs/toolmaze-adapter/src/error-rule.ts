import { isJsonObject } from './python-json.ts';

/**
 * ToolMaze's one error rule (spec §4): a result is an error iff it is a JSON object with the key "error".
 * Anything else succeeds, even the string "Error: …".
 */
export function isErrorResult(result: unknown): boolean {
  return isJsonObject(result) && Object.hasOwn(result, 'error');
}
