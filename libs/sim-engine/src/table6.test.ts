import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversation, isCorrect, STIMULUS_TOOLS, stimuli, type Stimulus } from './testing/delivery-stimuli.ts';
import { TABLE_6, TABLE_6_FORMS } from './testing/paper-table6.ts';
import { resolveProfile, type SimProfile } from './profiles.ts';
import type { ChatMessage } from './request.ts';
import { startSimEngine, type SimEngine } from './server.ts';
import { simulateTurn } from './simulate.ts';
import type { SimAction, SimErrorKind, SimSituation } from './types.ts';

// Tolerance. With a good hash, each cell's count is Binomial(n, p). A cell passes when
// |k/n − p| ≤ 4·√(p(1−p)/n) + 1/(2n): four standard deviations (two-sided tail 6.3e-5 per cell, under 1% over
// the 144 cells checked here) plus half a step, because the published shares are counts out of 60 rounded to
// two decimals. Cells at 0 or 1 must match exactly. Per model, a pooled z over its twelve cells must stay
// within ±4, which a systematic bias across cells would break even when every cell passes alone. (Pooling
// across models would overstate z: u depends on the conversation, not the profile, so two profiles see
// the same u for the same conversation; their counts are correlated by design.)
function tolerance(p: number, n: number): number {
  return p === 0 || p === 1 ? 0 : 4 * Math.sqrt((p * (1 - p)) / n) + 1 / (2 * n);
}

const ALL = stimuli();
const byKind = (kind: SimErrorKind) => ALL.filter((s) => s.kind === kind);

interface Cell { id: string; kind: SimErrorKind; form: SimSituation; p: number; k: number; n: number }

function runCell(profile: SimProfile, kind: SimErrorKind, form: SimSituation, seeds: readonly number[]): number {
  let k = 0;
  for (const seed of seeds) {
    for (const st of byKind(kind)) {
      if (isCorrect(st, simulateTurn({ messages: conversation(st, form), tools: [...STIMULUS_TOOLS] }, { profile, seed }))) k++;
    }
  }
  return k;
}

function expectPooledPerModel(cells: readonly Cell[]): void {
  for (const id of new Set(cells.map((c) => c.id))) {
    expect(Math.abs(pooledZ(cells.filter((c) => c.id === id))), id).toBeLessThanOrEqual(4);
  }
}

function pooledZ(cells: readonly Cell[]): number {
  const diff = cells.reduce((s, c) => s + c.k - c.n * c.p, 0);
  const variance = cells.reduce((s, c) => s + c.n * c.p * (1 - c.p), 0);
  return variance === 0 ? 0 : diff / Math.sqrt(variance);
}

function printCells(title: string, cells: readonly Cell[]): void {
  if (!process.env.SIM_TABLE6_PRINT) return;
  const lines = [title];
  for (const id of [...new Set(cells.map((c) => c.id))]) {
    const row = cells.filter((c) => c.id === id).map((c) => `${(c.k / c.n).toFixed(2)}/${c.p.toFixed(2)}`);
    lines.push(`${id.padEnd(24)} ${row.join(' ')}`);
  }
  console.info(lines.join('\n'));
}

describe('the paper/<model> profiles reproduce Table 6 at the decision step', () => {
  const profiles = new Map<string, SimProfile>();
  beforeAll(async () => {
    for (const id of Object.keys(TABLE_6)) profiles.set(id, await resolveProfile(id));
  });

  function table6Cells(seeds: readonly number[]): Cell[] {
    const cells: Cell[] = [];
    for (const [id, row] of Object.entries(TABLE_6)) {
      for (const kind of ['transient', 'fixable', 'unrecoverable'] as const) {
        TABLE_6_FORMS.forEach((form, col) => {
          const k = runCell(profiles.get(id)!, kind, form, seeds);
          cells.push({ id, kind, form, p: row[kind][col]!, k, n: 60 * seeds.length });
        });
      }
    }
    return cells;
  }

  it('every cell of every model within sampling error, 60 conversations per cell as in the paper', () => {
    const cells = table6Cells([0]);
    printCells('Table 6, observed/published, seed 0 (per kind: C0 C1 note C2)', cells);
    for (const c of cells) {
      expect(Math.abs(c.k / c.n - c.p), `${c.id} ${c.kind} ${c.form}: ${c.k}/${c.n} vs ${c.p}`).toBeLessThanOrEqual(tolerance(c.p, c.n));
    }
    expectPooledPerModel(cells);
  });

  it('converges on the published rates over ten seeds (600 conversations per cell)', () => {
    const cells = table6Cells([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    printCells('Table 6, observed/published, seeds 0-9', cells);
    for (const c of cells) expect(Math.abs(c.k / c.n - c.p), `${c.id} ${c.kind} ${c.form}`).toBeLessThanOrEqual(tolerance(c.p, c.n));
    expectPooledPerModel(cells);
  });

  it('C3 and C4 follow Study 2: Llama-3.1-8B stops under C3 only, and repeats transient calls less', () => {
    const llama = profiles.get('paper/llama-3.1-8b')!;
    const share = (kind: SimErrorKind, form: SimSituation) => runCell(llama, kind, form, [0]) / 60;
    const stopC3 = share('unrecoverable', 'C3');
    expect(Math.abs(stopC3 - 0.98)).toBeLessThanOrEqual(tolerance(0.98, 60));
    expect(share('unrecoverable', 'C2')).toBe(0);
    expect(share('unrecoverable', 'C4')).toBe(0);
    expect(Math.abs(share('transient', 'C3') - 0.82)).toBeLessThanOrEqual(tolerance(0.82, 60));
    expect(share('transient', 'C2')).toBe(1);
  });

  it('C3 and C4 of every model within sampling error of the profile', () => {
    const cells: Cell[] = [];
    for (const [id, profile] of profiles) {
      for (const kind of ['transient', 'fixable', 'unrecoverable'] as const) {
        for (const form of ['C3', 'C4'] as const) cells.push({ id, kind, form, p: profile.rates[kind][form].p, k: runCell(profile, kind, form, [0]), n: 60 });
      }
    }
    printCells('C3 and C4, observed/profile, seed 0 (per kind: C3 C4)', cells);
    for (const c of cells) expect(Math.abs(c.k / c.n - c.p), `${c.id} ${c.kind} ${c.form}`).toBeLessThanOrEqual(tolerance(c.p, c.n));
  });
});

describe('the same study over HTTP with the official openai client', () => {
  let sim: SimEngine;
  let client: OpenAI;
  beforeAll(async () => {
    sim = await startSimEngine({ profile: 'paper/qwen3-8b', seed: 0 });
    client = new OpenAI({ baseURL: sim.baseUrl, apiKey: 'unused', maxRetries: 0 });
  });
  afterAll(() => sim.close());

  function toAction(message: OpenAI.Chat.Completions.ChatCompletionMessage): SimAction {
    const calls = (message.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ name: c.function.name, arguments: c.function.arguments }] : []));
    return calls.length > 0 ? { type: 'tool_calls', calls } : { type: 'text', content: message.content ?? '' };
  }

  it('Qwen3-8B: the wire gives the same decisions as in-process, and H1.1’s direction (A2B1 ≫ A1B1) holds', async () => {
    const profile = await resolveProfile('paper/qwen3-8b');
    const counts: Record<string, number> = {};
    for (const form of TABLE_6_FORMS) {
      for (const st of ALL) {
        const messages = conversation(st, form);
        const completion = await client.chat.completions.create({ model: sim.model, messages: messages as OpenAI.Chat.ChatCompletionMessageParam[], tools: [...STIMULUS_TOOLS] as OpenAI.Chat.ChatCompletionTool[] });
        const overWire = { action: toAction(completion.choices[0]!.message), trace: { policy: 'generic', step: 0 } } as const;
        const local = simulateTurn({ messages: messages as ChatMessage[], tools: [...STIMULUS_TOOLS] }, { profile, seed: 0 });
        expect(isCorrect(st, overWire)).toBe(isCorrect(st, local));
        const key = `${st.kind}/${form}`;
        counts[key] = (counts[key] ?? 0) + (isCorrect(st as Stimulus, overWire) ? 1 : 0);
      }
    }
    expect(counts['transient/note-no-guidance']! - counts['transient/C0']!).toBeGreaterThan(50);
    expect(counts['unrecoverable/note-no-guidance']).toBeLessThan(counts['unrecoverable/C2']!);
  }, 120_000);
});
