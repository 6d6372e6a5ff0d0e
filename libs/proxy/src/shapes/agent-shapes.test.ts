import { afterEach, describe, expect, it } from 'vitest';
import { chunks, completion, sendJson, sendSse } from '../testing/fake-engine.ts';
import { startPair, type Pair } from '../testing/proxy-pair.ts';
import { loadAgentShapes, shapePaths } from './agent-shapes.ts';
import { handlingOf, unknownPaths } from './known-fields.ts';
import { requestPaths } from './request-shape.ts';

// The request shapes each pinned agent version sent through the proxy, recorded from the real agents by their
// end-to-end test (apps/bench-runner, BENCH_AGENTS=1 RECORD_AGENT_SHAPES=1): replayed here in milliseconds, so that
// an agent version that sends a new field, or a change of the proxy that loses one, fails by name.
const SHAPES = loadAgentShapes();
const NOTE = 'Note from the tool runtime: the last attempt called';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

describe('the field table', () => {
  it('names the fields of a request it does not cover, and covers a schema\'s insides by its root', () => {
    const body = {
      model: 'm', max_tokens: 10,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral', ttl: '1h' } }] }, { role: 'system', content: 'y', effort_hint: 'low' }],
      tools: [{ name: 't', input_schema: { type: 'object', properties: { a: { type: 'string' } } } }],
      speed: 'fast',
    };
    expect(unknownPaths('anthropic', requestPaths(body))).toEqual(['messages[].effort_hint', 'speed']);
    expect(handlingOf('anthropic', 'tools[].input_schema.properties.a.type')).toBe('converted');
    expect(handlingOf('anthropic', 'messages[].content[text].cache_control.ttl')).toBe('ignored');
    expect(handlingOf('responses', 'previous_response_id')).toBe('refused');
    expect(handlingOf('chat', 'temperature')).toBe('pinned');
  });
});

describe('recorded agent shapes', () => {
  it('cover every agent the suite pins, as its driver runs it and as its users run it', () => {
    expect(SHAPES.map((s) => `${s.agent} ${s.mode}`).sort()).toEqual(
      ['claude-code', 'codex', 'kilo', 'opencode', 'qwen-code'].flatMap((a) => [`${a} pinned`, `${a} plain`]),
    );
    for (const shape of SHAPES) expect(shape.requests.filter((r) => r.failedTool), `${shape.agent} ${shape.mode}: the failed turn`).toHaveLength(1);
  });

  it.each(SHAPES.map((s) => [`${s.agent}@${s.version} ${s.mode}`, s] as const))('%s: every field is one the proxy knows what to do with', (_name, shape) => {
    expect(unknownPaths(shape.surface, shapePaths(shape)), `fields of ${shape.agent} ${shape.version} (${shape.mode}) missing from the proxy's field table (src/shapes/known-fields.ts, PROXY.md)`).toEqual([]);
    expect(shapePaths(shape).filter((p) => handlingOf(shape.surface, p) === 'refused')).toEqual([]);
  });

  it.each(SHAPES.map((s) => [`${s.agent}@${s.version} ${s.mode}`, s] as const))('%s: replayed through the proxy, every request is answered 200 and the failed turn reaches the engine rewritten', async (_name, shape) => {
    pair = await startPair((req, res) => {
      const stream = (req.json as { stream?: boolean } | undefined)?.stream === true;
      return stream ? sendSse(res, chunks({ content: 'ok' })) : sendJson(res, 200, completion({ content: 'ok' }));
    }, { layer: { form: 'c3', rules: shape.rules } });
    for (const request of shape.requests) {
      const answer = await pair.post(JSON.stringify(request.body), { 'user-agent': shape.userAgent }, request.route);
      expect(answer.status, `${request.route}: ${answer.text.slice(0, 300)}`).toBe(200);
    }
    const records = await pair.records();
    const failed = records.filter((_r, i) => shape.requests[i]!.failedTool);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.detections).toContainEqual(expect.objectContaining({ scope: 'decision', kind: 'unrecoverable' }));
    const sent = pair.engine.chatBodies()[shape.requests.findIndex((r) => r.failedTool)]!.messages as { role: string; content: string }[];
    expect(sent.at(-1)!.role).toBe('user');
    expect(String(sent.at(-1)!.content)).toContain(NOTE);
    expect(records.filter((_r, i) => !shape.requests[i]!.failedTool).every((r) => !r.layer.changed)).toBe(true);
  });
});

