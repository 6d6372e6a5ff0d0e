import { errorChain, httpStatus } from '../shared/error-kind.ts';

/**
 * The text a failed tool call's result carries to the model instead of Agents JS's fixed "An error occurred while
 * running the tool. Please try again.": the error's class and its own message, as `Error.prototype.toString` writes
 * them (`TypeError: fetch_page() got an unexpected keyword argument 'timeout'`), then what else the object says
 * about the failure:
 * - an HTTP status (`status`, `statusCode`, `response.status`, also on a `cause`) that the message does not already
 *   name: `Error: upstream refused the call (status 503)`;
 * - the issues of a schema check (zod's, or any Standard Schema's) that caused it (`originalError`, `cause`), which
 *   its own message may not say: `InvalidToolInputError: Invalid JSON input for tool (count: Too small: expected
 *   number to be >=1)`.
 * Anything thrown that is not an object reads `Error: <value>`.
 */
export function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return `Error: ${String(error)}`;
  const { name, message } = error as { name?: unknown; message?: unknown };
  const className = typeof name === 'string' && name !== '' ? name : 'Error';
  const own = typeof message === 'string' ? message : '';
  let text = own === '' ? className : own.startsWith(`${className}:`) ? own : `${className}: ${own}`;
  const status = statusOf(error);
  if (status !== undefined && !new RegExp(`\\b${status}\\b`).test(own)) text += ` (status ${status})`;
  const issues = schemaIssues(error);
  if (issues) text += ` (${issues})`;
  return text;
}

function statusOf(error: object): number | undefined {
  for (const e of errorChain(error)) {
    const status = httpStatus(e);
    if (status !== undefined) return status;
  }
  return undefined;
}

/** `path: message` per issue of the first cause that lists issues, joined with `; `; undefined where none does. */
function schemaIssues(error: object): string | undefined {
  for (const e of errorChain(error)) {
    // The error's own issues are in its message already (a ZodError's message is their JSON).
    if (e === error || !Array.isArray(e.issues) || e.issues.length === 0) continue;
    return (e.issues as { path?: unknown; message?: unknown }[])
      .map((issue) => {
        const path = Array.isArray(issue.path) ? issue.path.map((k) => (typeof k === 'object' && k !== null ? String((k as { key?: unknown }).key) : String(k))).join('.') : '';
        return path === '' ? String(issue.message) : `${path}: ${String(issue.message)}`;
      })
      .join('; ');
  }
  return undefined;
}
