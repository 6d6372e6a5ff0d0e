/**
 * `npm run bench:delivery-perf -w @recovery-bench/bench-runner`: the delivery study's figures.
 * 1. Baseline, in the same run: the default's 8,640 decision-step conversations sent straight to one sim engine per
 *    profile over HTTP, all at once (the runner's own OpenAIClient, no runner, no proxy, 16 in flight each): what the engine
 *    round trip costs.
 * 2. The built-in default as a user runs it (`recovery-bench run delivery`, every paper profile, 60 scenarios × 6
 *    forms × 3 kinds), as a child process: wall time with the report (target < 120 s), and its ratio to the baseline.
 * 3. `recovery-bench delivery plan` for the README's question (+5 points of C3 over C2 at 80 % power; target < 30 s).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DELIVERY_FORMS, generateStimuli, stimulusConversation, TOOL_SPECS } from '@recovery-bench/delivery-study';
import { startSimEngine } from '@recovery-bench/sim-engine';
import { OpenAIClient } from '@recovery-bench/engines';
import { presetConfig } from '../config/load.ts';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';

async function directBaseline(): Promise<{ seconds: number; calls: number }> {
  const config = presetConfig('delivery');
  const conversations = generateStimuli().flatMap((st) => DELIVERY_FORMS.map((form) => stimulusConversation(st, form)));
  const sims = await Promise.all(Object.values(config.models).map((entry) => startSimEngine({ profile: entry.simProfile!, seed: 0 })));
  const t0 = performance.now();
  let calls = 0;
  try {
    // All engines at once, 16 in flight each: the runner's own concurrency (perEngine 16) without the runner.
    await Promise.all(sims.map(async (sim) => {
      const client = new OpenAIClient({ baseUrl: sim.baseUrl, model: sim.model });
      let next = 0;
      await Promise.all(Array.from({ length: 16 }, async () => {
        while (next < conversations.length) {
          const messages = conversations[next++]!;
          await client.generate({ messages, tools: [...TOOL_SPECS], temperature: 0 });
          calls++;
        }
      }));
      await client.close();
    }));
    return { seconds: (performance.now() - t0) / 1000, calls };
  } finally {
    await Promise.all(sims.map((sim) => sim.close()));
  }
}

function timed(args: string[]): { seconds: number; stdout: string } {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (child.status !== 0) throw new Error(`recovery-bench ${args.join(' ')} exited ${child.status}: ${child.stderr.split('\n').slice(-5).join('\n')}`);
  return { seconds: (performance.now() - t0) / 1000, stdout: child.stdout };
}

async function main(): Promise<void> {
  const base = await directBaseline();
  console.log(`baseline: ${base.calls.toLocaleString('en')} decision-step calls straight to the sim engine (8 engines at once, 16 in flight each): ${base.seconds.toFixed(1)} s`);
  const run = timed(['run', 'delivery', '--out', mkdtempSync(join(tmpdir(), 'rb-delivery-perf-'))]);
  console.log(`bench:delivery default (recovery-bench run delivery, 8,640 samples through runner and proxy, with the report): ${run.seconds.toFixed(1)} s wall (target < 120 s), ${(run.seconds / base.seconds).toFixed(2)}× the baseline`);
  const plan = timed(['delivery', 'plan', '--profile', 'paper/llama-3.1-8b', '--effect', '5']);
  console.log(`plan --profile paper/llama-3.1-8b --effect 5: ${plan.seconds.toFixed(1)} s wall (target < 30 s); answer: ${plan.stdout.split('\n').find((l) => l.startsWith('scenarios needed')) ?? '?'}`);
}

await main();
