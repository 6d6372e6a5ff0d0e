import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudyReport } from '@recovery-bench/harness';
import { benchmarkEntries } from '../benchmarks.ts';
import { renderHtml, renderMarkdown } from './render.ts';
import type { Summary } from './summarize.ts';

/** The benchmarks' own sections for the runs of a summary (e.g. the delivery study's table 6 and verdicts). */
function studyReports(summary: Summary): StudyReport[] {
  const out: StudyReport[] = [];
  for (const entry of benchmarkEntries()) {
    const dirs = summary.runs.filter((r) => r.benchmark === entry.id).map((r) => r.dir);
    const study = dirs.length > 0 ? entry.studyReport?.(dirs) : undefined;
    if (study) out.push(study);
  }
  return out;
}

/** Writes summary.json, report.json (the same numbers), report.md and report.html into `dir`, and benchmarks' own JSON. */
export function writeReport(dir: string, summary: Summary): { md: string; html: string; json: string; summary: string } {
  const paths = { summary: join(dir, 'summary.json'), json: join(dir, 'report.json'), md: join(dir, 'report.md'), html: join(dir, 'report.html') };
  const json = `${JSON.stringify(summary, null, 2)}\n`;
  const studies = studyReports(summary);
  writeFileSync(paths.summary, json);
  writeFileSync(paths.json, json);
  for (const study of studies) writeFileSync(join(dir, study.file), `${JSON.stringify(study.json, null, 2)}\n`);
  writeFileSync(paths.md, renderMarkdown(summary, studies.map((st) => st.markdown)));
  writeFileSync(paths.html, renderHtml(summary, studies.map((st) => st.markdown)));
  return paths;
}
