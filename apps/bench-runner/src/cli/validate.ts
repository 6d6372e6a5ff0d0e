import { configJsonSchema, loadRunConfig } from '../config/load.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const HELP = `usage: recovery-bench validate <config.yaml>
       recovery-bench validate --schema      (prints the config's JSON Schema, for editors)

Checks a config with the same parser as \`run\`; errors name the file and every bad field.`;

export async function runValidateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { schema: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (values.schema) {
    process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('name one config file');
  const config = loadRunConfig(positionals[0]!);
  process.stdout.write(`${positionals[0]}: valid (${config.systems.length} systems, ${Object.keys(config.models).length} models, benchmarks: ${Object.keys(config.benchmarks).filter((b) => config.benchmarks[b] !== undefined).join(', ')})\n`);
  return 0;
}
