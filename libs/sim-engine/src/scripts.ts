import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { SimConfigError } from './errors.ts';
import { withoutNotes } from './note.ts';
import { sha256Hex } from './random.ts';

const ScriptCallSchema = z.object({
  name: z.string().min(1),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).default({}),
}).strict();
export type SimScriptCall = z.output<typeof ScriptCallSchema>;

/** The user turn (1-based) a step belongs to, in a conversation of several user turns; absent: any turn. */
const TurnSchema = z.number().int().min(1).optional();

const ScriptStepSchema = z.union([
  z.object({ call: ScriptCallSchema, turn: TurnSchema }).strict(),
  z.object({ calls: z.array(ScriptCallSchema).min(1), turn: TurnSchema }).strict(),
  z.object({ answer: z.string() }).strict(),
]);
export type SimScriptStep = z.output<typeof ScriptStepSchema>;

/**
 * A task's intended path for the scripted policy. `match.marker` is a substring of the first user message;
 * `match.firstUserSha256` is the SHA-256 (hex) of that message's text with any runtime note cut off.
 * An `answer` may contain `{{lastToolResult}}`, replaced by the text of the last tool result.
 */
export const SimScriptSchema = z.object({
  id: z.string().min(1),
  description: z.string().optional(),
  match: z.object({
    marker: z.string().min(1).optional(),
    firstUserSha256: z.string().regex(/^[0-9a-f]{64}$/, 'a lower-case hex SHA-256').optional(),
  }).strict().refine((m) => m.marker !== undefined || m.firstUserSha256 !== undefined, 'give a marker or firstUserSha256'),
  steps: z.array(ScriptStepSchema).min(1),
}).strict();
export type SimScript = z.output<typeof SimScriptSchema>;
export type SimScriptInput = z.input<typeof SimScriptSchema>;

const SCRIPT_FILE = /\.(ya?ml|json)$/i;

/** Scripts by task. Hash matches win over markers; among markers, the first registered wins. */
export class ScriptRegistry {
  readonly #scripts: SimScript[] = [];

  add(script: unknown, where = 'script object'): SimScript {
    const result = SimScriptSchema.safeParse(script);
    if (!result.success) throw new SimConfigError('sim:invalid-script', `${where}: invalid script\n${z.prettifyError(result.error)}`);
    if (this.#scripts.some((s) => s.id === result.data.id)) throw new SimConfigError('sim:invalid-script', `${where}: a script with id "${result.data.id}" is already registered`);
    this.#scripts.push(result.data);
    return result.data;
  }

  /** Reads one file holding a script or a list of scripts. */
  async loadFile(path: string): Promise<SimScript[]> {
    let data: unknown;
    try {
      data = parseYaml(await readFile(path, 'utf8'));
    } catch (error) {
      throw new SimConfigError('sim:invalid-script', `${path}: cannot read script (${(error as Error).message.split('\n')[0]})`);
    }
    const items = Array.isArray(data) ? data : [data];
    return items.map((item, i) => this.add(item, items.length > 1 ? `${path}[${i}]` : path));
  }

  /** Loads every `.yaml`, `.yml` and `.json` file under `dir`, recursively, in name order. */
  async loadDirectory(dir: string): Promise<number> {
    let entries: string[];
    try {
      entries = (await readdir(dir)).sort();
    } catch (error) {
      throw new SimConfigError('sim:invalid-script', `${dir}: cannot read script directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    let count = 0;
    for (const entry of entries) {
      const path = join(dir, entry);
      if ((await stat(path)).isDirectory()) count += await this.loadDirectory(path);
      else if (SCRIPT_FILE.test(entry)) count += (await this.loadFile(path)).length;
    }
    return count;
  }

  match(firstUserText: string): SimScript | undefined {
    const text = withoutNotes(firstUserText);
    const hash = sha256Hex(text);
    return this.#scripts.find((s) => s.match.firstUserSha256 === hash)
      ?? this.#scripts.find((s) => s.match.marker !== undefined && text.includes(s.match.marker));
  }

  list(): readonly SimScript[] {
    return this.#scripts;
  }

  static async fromDirectory(dir: string): Promise<ScriptRegistry> {
    const registry = new ScriptRegistry();
    await registry.loadDirectory(dir);
    return registry;
  }
}
