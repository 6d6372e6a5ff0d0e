import type { ParsedToolCall, ToolExecutor, ToolOutcome } from '@recovery-bench/harness';
import { pythonJsonDumps } from '../python-json.ts';
import type { Task, ToolSpec } from '../schema.ts';
import { callArguments, FaultInjector } from './injection.ts';
import { toolOutcome } from './outcome.ts';
import { runFixtureCall } from './responders.ts';

/** Fixture mode: injection, then ToolMaze's executor steps ported to TypeScript with declarative responders. */
export class FixtureToolExecutor implements ToolExecutor {
  readonly #injector: FaultInjector;
  readonly #tools: Readonly<Record<string, ToolSpec>>;

  constructor(task: Task, tools: Readonly<Record<string, ToolSpec>>) {
    this.#injector = new FaultInjector(task);
    this.#tools = tools;
  }

  async execute(call: ParsedToolCall): Promise<ToolOutcome> {
    const args = callArguments(call);
    const injection = this.#injector.next(call.name);
    if (injection) return toolOutcome(injection.payload, pythonJsonDumps(injection.payload), injection.fault);
    const result = runFixtureCall(this.#tools, call.name, args);
    return toolOutcome(result, pythonJsonDumps(result));
  }
}
