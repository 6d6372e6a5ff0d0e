import type { ParsedToolCall, ToolExecutor, ToolOutcome } from '@recovery-bench/harness';
import type { BridgeClient } from '../bridge/bridge-client.ts';
import type { Task } from '../schema.ts';
import { callArguments, FaultInjector } from './injection.ts';
import { toolOutcome } from './outcome.ts';

/**
 * Checkout mode: injection here, clean calls through ToolMaze's own executor and plug-ins in the Python
 * bridge. Injected steps are recorded in the run's context there, so plug-ins that read earlier steps see
 * them as the sandbox would. All text the model reads is printed by Python.
 */
export class CheckoutToolExecutor implements ToolExecutor {
  readonly #injector: FaultInjector;
  readonly #bridge: BridgeClient;
  readonly #run: string;

  constructor(task: Task, bridge: BridgeClient, run: string) {
    this.#injector = new FaultInjector(task);
    this.#bridge = bridge;
    this.#run = run;
  }

  async execute(call: ParsedToolCall): Promise<ToolOutcome> {
    const args = callArguments(call);
    const injection = this.#injector.next(call.name);
    if (injection) {
      const { text } = await this.#bridge.recordPerturbed(this.#run, call.name, args, injection.payload, injection.status);
      return toolOutcome(injection.payload, text, injection.fault);
    }
    const { output, text } = await this.#bridge.call(this.#run, call.name, args);
    return toolOutcome(output, text);
  }
}
