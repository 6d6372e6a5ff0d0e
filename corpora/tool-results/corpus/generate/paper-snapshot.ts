// Freezes the `paper` rule set's answer on every corpus record into corpus/paper-snapshot.json, which
// test/corpus.test.ts compares against, so that no change to the rules can alter the paper set's results.
// Run after the labels are written, from corpora/tool-results: `npx tsx corpus/generate/paper-snapshot.ts`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentOf, detectToolResult, parseAuditRecord } from '@recovery-bench/toolerror-core';

const corpus = join(import.meta.dirname, '..');
const answers: Record<string, string> = {};
for (const file of readdirSync(corpus).filter((f) => f.endsWith('.jsonl')).sort()) {
  for (const line of readFileSync(join(corpus, file), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = parseAuditRecord(JSON.parse(line), file);
    const match = detectToolResult(record.message, agentOf(record.userAgent), 'paper');
    answers[record.id!] = match ? `${match.rule}:${match.kind}` : 'none';
  }
}
writeFileSync(join(corpus, 'paper-snapshot.json'), `${JSON.stringify(answers, null, 0).replaceAll('","', '",\n"')}\n`);
process.stderr.write(`paper-snapshot.json: ${Object.keys(answers).length} records\n`);
