import type { AgentLoopSettingsInput, TaskRef, ToolSpec as ModelToolSpec } from '@recovery-bench/harness';
import type { BridgeOptions } from './bridge/bridge-client.ts';
import type { PromptKind, PromptVariant } from './prompts.ts';
import type { Mode, Task, ToolSpec } from './schema.ts';

export type SampleExecutor = { kind: 'fixture'; tools: Record<string, ToolSpec> } | { kind: 'checkout'; bridge: BridgeOptions };

/** One runnable task: everything `run` needs besides the model, as data. */
export interface ToolmazeSample extends TaskRef {
  condition: Mode;
  /** The base task: reports resample a base task's P0–P4 runs together. */
  unit: string;
  task: Task;
  /** The offered tools as the model sees them. */
  tools: ModelToolSpec[];
  systemPrompt: string;
  promptKind: PromptKind;
  promptVariant: PromptVariant;
  loop: AgentLoopSettingsInput;
  executor: SampleExecutor;
}
