import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeDataHash, gitHead, loadCheckout } from './checkout.ts';
import { PyFloat } from './python-json.ts';
import { checkSuite, loadSuiteFile } from './suite-file.ts';
import { tempCheckout, type TempCheckout } from './testing/fake-checkout.ts';
import { parseToolDefinitions } from './tool-yaml.ts';

let co: TempCheckout | undefined;
const open = () => (co = tempCheckout());
afterEach(() => co?.dispose());

type RawStep = Record<string, unknown>;
const P1 = 'data/perturbed_tasks/c1/C1_task_001_P1.json';
const P0 = 'data/perturbed_tasks/c1/C1_task_001_P0.json';
const P2 = 'data/perturbed_tasks/c1/C1_task_001_P2.json';
const P3 = 'data/perturbed_tasks/c1/C1_task_001_P3.json';

function editTrace(c: TempCheckout, rel: string, edit: (trace: RawStep[]) => void, more: Record<string, unknown> = {}) {
  const task = c.readJson(rel);
  edit(task.execution_trace as RawStep[]);
  c.writeJson(rel, { ...task, ...more });
}

describe('loading a ToolMaze checkout', () => {
  it('normalises tasks: ids, query, gold path, fault, offered tools, floats', () => {
    const c = open();
    const { suite, warnings } = loadCheckout(c.root);
    expect(suite.source).toEqual({ kind: 'toolmaze-checkout', root: c.root });
    expect(suite.tasks.map((t) => t.id)).toEqual(['C1_task_001_P0', 'C1_task_001_P1', 'C1_task_001_P2', 'C1_task_001_P3', 'C1_task_001_P4']);
    const p2 = suite.tasks[2]!;
    expect(p2).toMatchObject({
      baseId: 'C1_task_001', complexity: 'C1', mode: 'P2', query: 'Stand-in query: invoice order O-1 for its total.', templateId: 'stand-in-orders',
      domains: ['orders'], offeredTools: ['fx_find_order', 'fx_get_price', 'fx_create_invoice'], declaredPerturbationPoint: 1,
      fault: { toolName: 'fx_get_price', stepIndex: 1, payload: { error: 'stand-in service gone' }, payloadStatus: 'error', visibility: 'explicit', persistence: 'permanent', victimIsLastNode: false },
    });
    expect(p2.multiPath).toBeUndefined();
    expect((p2.raw as { task_id: string }).task_id).toBe('C1_task_001');
    expect(suite.tasks[0]!.fault).toBeNull();
    expect(suite.tasks[3]!.fault).toMatchObject({ visibility: 'implicit', persistence: 'transient', payloadStatus: 'success' });
    expect((suite.tasks[0]!.requiredPath[2]!.arguments as { amount_usd: unknown }).amount_usd).toBeInstanceOf(PyFloat);
    // The stand-in checkout has no .git, so it is not at the paper's code commit.
    expect(warnings.map((w) => w.code)).toEqual(['c1-file-count', 'code-commit-mismatch']);
  });

  it('reads tool specs from paradigms.function_call.spec, else the top level, with mcp.output_schema', () => {
    const { suite } = loadCheckout(open().root);
    expect(suite.tools.fx_find_order).toEqual({
      name: 'fx_find_order', description: 'Find an order.', category: 'orders', outputSchema: { type: 'object' },
      parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    });
    expect(suite.tools.fx_crash!.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('accepts one tool per document, a list, or a name → tool map', () => {
    const tools = parseToolDefinitions(
      ['name: one', 'description: first', '---', '- name: two', '  description: second', '---', 'three:', '  description: third', '  parameters: {type: object, properties: {x: {type: integer}}}'].join('\n'),
      'defs.yaml',
    );
    expect(tools.map((t) => [t.name, t.description, t.parameters])).toEqual([
      ['one', 'first', { type: 'object', properties: {} }],
      ['two', 'second', { type: 'object', properties: {} }],
      ['three', 'third', { type: 'object', properties: { x: { type: 'integer' } } }],
    ]);
    expect(() => parseToolDefinitions('name: "bad name!"', 'defs.yaml')).toThrow(/defs\.yaml.*invalid tool definition/s);
  });

  it('warns when a later definition replaces a tool, and reads C1/ as well as c1/', () => {
    const c = open();
    c.write('tools/definitions/zz/extra.yml', 'name: fx_get_price\ndescription: replaced\n');
    const { suite, warnings } = loadCheckout(c.root);
    expect(suite.tools.fx_get_price!.description).toBe('replaced');
    expect(warnings.find((w) => w.code === 'duplicate-tool')?.message).toMatch(/fx_get_price/);
  });

  it('collects the loader warnings', () => {
    const c = open();
    editTrace(c, P2, (t) => void (t[1]!.output = { status: 'down' }));
    editTrace(c, P3, (t) => void (t[1]!.output = { error: 'looks explicit' }), { perturbation_point: 2, valid_paths: [{ path_id: 'x', tools: ['fx_get_price'], execution_trace: [] }] });
    editTrace(c, P1, (t) => void Object.assign(t[2]!, { is_perturbed: true, output: { error: 'again' } }));
    c.write('data/perturbed_tasks/c1/notes.json', '{}');
    const { warnings } = loadCheckout(c.root);
    const codes = warnings.map((w) => w.code).sort();
    expect(codes).toEqual(['c1-file-count', 'c1-valid-paths-ignored', 'code-commit-mismatch', 'explicit-payload-without-error', 'implicit-payload-with-error', 'perturbation-point-mismatch', 'several-perturbed-steps', 'skipped-file']);
    const explicit = warnings.find((w) => w.code === 'explicit-payload-without-error')!;
    expect(explicit.where).toBe(`${join(c.root, P2)}: execution_trace[1].output`);
  });

  it('error 1: a P0 task with a perturbed step, naming file and field', () => {
    const c = open();
    editTrace(c, P0, (t) => void (t[1]!.is_perturbed = true));
    expect(() => loadCheckout(c.root)).toThrow(`${join(c.root, P0)}: execution_trace[1].is_perturbed: a P0 task has no perturbed step`);
  });

  it('error 2: a faulted task without a perturbed step', () => {
    const c = open();
    editTrace(c, P1, (t) => void (t[1]!.is_perturbed = false));
    expect(() => loadCheckout(c.root)).toThrow(`${join(c.root, P1)}: execution_trace: a P1 task needs at least one perturbed step`);
  });

  it('error 5: an offered tool without a spec', () => {
    const c = open();
    c.write('tools/definitions/orders.yaml', '[{"name": "fx_find_order", "description": "x"}, {"name": "fx_get_price", "description": "y"}]');
    expect(() => loadCheckout(c.root)).toThrow(`${join(c.root, P0)}: execution_trace[2].tool_name: no tool spec for "fx_create_invoice"`);
  });

  it('uses task_id as the id when it ends in the mode, and cross-checks the file name', () => {
    const c = open();
    const raw = c.readJson(P2);
    c.writeJson(P2, { ...raw, task_id: 'C1_task_001_P4' });
    expect(() => loadCheckout(c.root)).toThrow(/C1_task_001_P2\.json: task_id: the task's id "C1_task_001_P4" does not match the file name \(C1_task_001_P2\)/);
    c.writeJson(P2, { ...raw, perturbation_mode: 'P4' });
    expect(() => loadCheckout(c.root)).toThrow(/perturbation_mode: "P4" but the file name says P2/);
    c.writeJson(P2, { ...raw, task_id: 'C1_task_002' });
    expect(() => loadCheckout(c.root)).toThrow(/does not match the file name/);
  });

  it('rejects a task file that is not a ToolMaze task, and a missing checkout', () => {
    const c = open();
    c.writeJson(P0, { task_id: 'C1_task_001', complexity: 'C9' });
    expect(() => loadCheckout(c.root)).toThrow(/C1_task_001_P0\.json: not a ToolMaze task/);
    expect(() => loadCheckout(join(c.root, 'nowhere'))).toThrow(/ToolMaze checkout not found/);
    c.remove('data/perturbed_tasks/c1');
    expect(() => loadCheckout(c.root)).toThrow(/perturbed_tasks\/c1: not found/);
  });

  it('parses C2 into multiPath: the first valid path as the required path, all paths’ tools offered', () => {
    const { suite } = loadCheckout(open().root, { complexities: ['C2'] });
    const task = suite.tasks[0]!;
    expect(task).toMatchObject({ id: 'C2_task_001_P1', complexity: 'C2', offeredTools: ['fx_find_order', 'fx_get_price', 'fx_create_invoice'], fault: { toolName: 'fx_get_price', stepIndex: 1 } });
    expect(task.multiPath?.validPaths.map((p) => p.pathId)).toEqual(['p1', 'p2']);
    expect(task.multiPath?.alternativeTools).toEqual(['fx_get_price', 'fx_create_invoice']);
  });

  it('computes the data hash of spec §1 on request, and warns on a mismatch', () => {
    const c = open();
    c.write('data/perturbed_tasks/c1/nested/extra.json', '{"x": 1}');
    const script = `
import hashlib, os, sys
root = sys.argv[1]
files = []
for d, _, names in os.walk(os.path.join(root, 'data', 'perturbed_tasks')):
    for n in names:
        if n.endswith('.json'):
            files.append(os.path.relpath(os.path.join(d, n), root).replace(os.sep, '/'))
h = hashlib.sha256()
for rel in sorted(files):
    h.update(open(os.path.join(root, rel), 'rb').read())
print(h.hexdigest(), len(files))`;
    const py = spawnSync('python3', ['-c', script, c.root], { encoding: 'utf8' });
    const [sha, count] = py.stdout.trim().split(' ');
    expect(computeDataHash(c.root)).toEqual({ sha256: sha, files: Number(count) });
    const { suite, warnings } = loadCheckout(c.root, { computeDataHash: true });
    expect(suite.source.perturbedTasksSha256).toBe(sha);
    expect(warnings.some((w) => w.code === 'data-hash-mismatch')).toBe(true);
  });

  it('reads the checkout HEAD from .git: a branch, a packed ref, or a detached commit', () => {
    const c = open();
    expect(gitHead(c.root)).toBeUndefined();
    const sha = 'a'.repeat(40);
    mkdirSync(join(c.root, '.git', 'refs', 'heads'), { recursive: true });
    writeFileSync(join(c.root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(c.root, '.git', 'packed-refs'), `# pack-refs\n${sha} refs/heads/main\n`);
    expect(gitHead(c.root)).toBe(sha);
    writeFileSync(join(c.root, '.git', 'refs', 'heads', 'main'), `${'b'.repeat(40)}\n`);
    expect(gitHead(c.root)).toBe('b'.repeat(40));
    writeFileSync(join(c.root, '.git', 'HEAD'), `${'c'.repeat(40)}\n`);
    expect(loadCheckout(c.root).suite.source.codeCommit).toBe('c'.repeat(40));
  });
});

describe('loading a suite file (the fixture shape)', () => {
  const base = () => JSON.parse(JSON.stringify(loadSuiteFile().suite)) as { tasks: Record<string, unknown>[]; tools: Record<string, Record<string, unknown>>; prompts?: unknown };

  it('loads the built-in fixture suite without warnings', () => {
    const { suite, warnings } = loadSuiteFile();
    expect(suite.source.kind).toBe('fixture');
    expect(suite.tasks.length).toBeGreaterThanOrEqual(5 + 1 + 20 * 5);
    expect(warnings).toEqual([]);
  });

  it('error 3: a C1 task with multiPath', () => {
    const s = base();
    s.tasks[1]!.multiPath = { validPaths: [] };
    expect(() => checkSuite(s, 'suite.json')).toThrow('suite.json: tasks[1].multiPath: a C1 task has no multiPath');
  });

  it('error 4: duplicate ids', () => {
    const s = base();
    s.tasks[3]!.id = s.tasks[2]!.id;
    expect(() => checkSuite(s, 'suite.json')).toThrow(/suite\.json: tasks\[3\]\.id: duplicate task id "FX_001_P2" \(also in suite\.json: tasks\[2\]\)/);
  });

  it('error 5 and the fault consistency check', () => {
    const s = base();
    (s.tasks[0]!.offeredTools as string[]).push('fx_unknown');
    expect(() => checkSuite(s, 'suite.json')).toThrow('suite.json: tasks[0].offeredTools[3]: no tool spec for "fx_unknown"');
    const t = base();
    (t.tasks[1]!.fault as Record<string, unknown>).victimIsLastNode = true;
    expect(() => checkSuite(t, 'suite.json')).toThrow(/tasks\[1\]\.fault: does not match the first perturbed step/);
  });

  it('fixtures need prompts, responders and tool keys equal to names', () => {
    const s = base();
    delete s.prompts;
    delete s.tools.fx_get_price!.responder;
    s.tools.fx_find_order!.name = 'other';
    const message = (() => {
      try {
        checkSuite(s, 'suite.json');
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^suite\.json: invalid suite/);
    expect(message).toMatch(/prompts/);
    expect(message).toMatch(/tools\.fx_get_price\.responder/);
    expect(message).toMatch(/must equal its key "fx_find_order"/);
  });

  it('rejects a missing or broken suite file with one clear line', () => {
    expect(() => loadSuiteFile('/nonexistent/suite.json')).toThrow('/nonexistent/suite.json: cannot read the suite (ENOENT)');
  });
});
