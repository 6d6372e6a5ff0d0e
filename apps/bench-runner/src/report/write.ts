import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHtml, renderMarkdown } from './render.ts';
import type { Summary } from './summarize.ts';

/** Writes summary.json, report.json (the same numbers), report.md and report.html into `dir`, and benchmarks' own JSON. */
export function writeReport(dir: string, summary: Summary): { md: string; html: string; json: string; summary: string } {
  const paths = { summary: join(dir, 'summary.json'), json: join(dir, 'report.json'), md: join(dir, 'report.md'), html: join(dir, 'report.html') };
  const { files, ...numbers } = summary;
  const json = `${JSON.stringify(numbers, null, 2)}\n`;
  writeFileSync(paths.summary, json);
  writeFileSync(paths.json, json);
  for (const file of files) writeFileSync(join(dir, file.name), `${JSON.stringify(file.json, null, 2)}\n`);
  writeFileSync(paths.md, renderMarkdown(summary));
  writeFileSync(paths.html, renderHtml(summary));
  return paths;
}
