import { createInterface } from 'node:readline';
import {
  APIS, FORMS, LayerInputError, processRequest, RULE_SETS,
  type Api, type Form, type LayerOptions, type ProcessOptions, type RuleSetName,
} from '@recovery-bench/toolerror-core';
import { oneOfOption, parseCommandArgs, readStdin, UsageError } from './args.ts';
import { runAuditCommand } from './layer-audit.ts';

const LAYER_HELP = `usage: recovery-bench layer [--form off|c1|c2|c3|c4] [--rules paper|extended] [--user-agent UA]
                            [--api chat|anthropic|responses] [--retry-safety off|annotations]
                            [--note-quoting off|fenced] [--jsonl]
       recovery-bench layer audit <records.jsonl…> [--labels CORPUS] [--split dev|test|all] [--json]

Reads one request body (JSON) on stdin and writes {"body","header","changed","detections"} on stdout.
--jsonl: one {"body", "form"?, "rules"?, "userAgent"?, "api"?} per input line, one result per output line;
a line that cannot be processed yields {"error": "…"} and the batch goes on.`;

const OPTIONS = {
  form: { type: 'string' },
  rules: { type: 'string' },
  'user-agent': { type: 'string' },
  api: { type: 'string' },
  'retry-safety': { type: 'string' },
  'note-quoting': { type: 'string' },
  jsonl: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export async function runLayerCommand(args: string[]): Promise<number> {
  if (args[0] === 'audit') return runAuditCommand(args.slice(1));
  const { values } = parseCommandArgs(args, OPTIONS);
  if (values.help) {
    process.stdout.write(`${LAYER_HELP}\n`);
    return 0;
  }
  const defaults = layerDefaults(values);
  if (values.jsonl) return runBatch(defaults);
  const output = processOne(await readStdin(), defaults);
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
}

function layerDefaults(values: Record<string, string | boolean | undefined>): ProcessOptions {
  const options: LayerOptions = {};
  const retry = oneOfOption(values['retry-safety'] as string | undefined, ['off', 'annotations'] as const, '--retry-safety');
  const quoting = oneOfOption(values['note-quoting'] as string | undefined, ['off', 'fenced'] as const, '--note-quoting');
  if (retry) options.retry_safety = retry;
  if (quoting) options.note_quoting = quoting;
  return {
    form: oneOfOption(values.form as string | undefined, FORMS, '--form') ?? 'off',
    rules: oneOfOption(values.rules as string | undefined, RULE_SETS, '--rules') ?? 'paper',
    api: oneOfOption(values.api as string | undefined, APIS, '--api') ?? 'chat',
    userAgent: values['user-agent'] as string | undefined,
    options,
  };
}

/** The command-line contract's object for one request. */
function processOne(body: unknown, opts: ProcessOptions) {
  const text = typeof body === 'string' ? body : undefined;
  if (text !== undefined && text.trim() === '') throw new LayerInputError('layer:not-json', 'no request on stdin');
  const request = text !== undefined ? parseJson(text) : body;
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw new LayerInputError('layer:not-a-request', `the request must be a JSON object (${opts.api} API)`);
  }
  const result = processRequest(request as Record<string, unknown>, opts);
  return { body: result.body, header: result.header, changed: result.changed, detections: result.detections };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LayerInputError('layer:not-json', `stdin is not JSON: ${(error as Error).message}`);
  }
}

async function runBatch(defaults: ProcessOptions): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let out: unknown;
    try {
      out = processOne(...batchLine(line, defaults));
    } catch (error) {
      if (!(error instanceof LayerInputError || error instanceof UsageError)) throw error;
      out = { error: error.message };
    }
    if (!process.stdout.write(`${JSON.stringify(out)}\n`)) await new Promise((r) => process.stdout.once('drain', r));
  }
  return 0;
}

function batchLine(line: string, defaults: ProcessOptions): [unknown, ProcessOptions] {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    throw new LayerInputError('layer:not-json', `line is not JSON: ${(error as Error).message}`);
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record) || !('body' in record)) {
    throw new LayerInputError('layer:not-a-request', 'each line must be an object with a "body"');
  }
  const r = record as Record<string, unknown>;
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const v = r[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new UsageError(`"${key}" must be a string`);
    return oneOfOption(v, allowed, `"${key}"`);
  };
  const opts: ProcessOptions = {
    ...defaults,
    form: pick<Form>('form', FORMS) ?? defaults.form,
    rules: pick<RuleSetName>('rules', RULE_SETS) ?? defaults.rules,
    api: pick<Api>('api', APIS) ?? defaults.api,
    userAgent: typeof r.userAgent === 'string' ? r.userAgent : defaults.userAgent,
  };
  return [r.body, opts];
}
