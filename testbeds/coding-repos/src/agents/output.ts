import type { SandboxResult } from '@recovery-bench/harness';
import type { AgentRunResult } from './types.ts';

/** The end of a long output, for reading a failed run. */
export const tail = (text: string, chars = 4000): string => (text.length > chars ? text.slice(-chars) : text);

/** An agent's run as the driver reports it: what its output says, and how its process ended in the sandbox. */
export function runResult(read: Pick<AgentRunResult, 'finalMessage' | 'turns' | 'toolCalls' | 'apiErrors'>, result: SandboxResult): AgentRunResult {
  return { ...read, exitCode: result.exitCode, timedOut: result.timedOut, wallMs: result.wallMs, outputTail: tail(`${result.stdout}\n${result.stderr}`), leftovers: result.leftovers };
}
