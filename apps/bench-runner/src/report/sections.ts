import type { ReportBlock, ReportSection } from '@recovery-bench/harness';
import { escapeXml, forestPlot } from './svg.ts';

/** A table cell in Markdown: a pipe would end the cell, a line break the row. */
const mdCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const pts = (v: number | null) => (v === null ? '–' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`);

function blockMarkdown(block: ReportBlock): string[] {
  switch (block.kind) {
    case 'text':
      return [block.text];
    case 'list':
      return block.items.map((item) => `- ${item}`);
    case 'table':
      return [
        ...(block.caption ? [block.caption, ''] : []),
        `| ${block.header.map(mdCell).join(' | ')} |`,
        `|${block.header.map(() => '---').join('|')}|`,
        ...block.rows.map((row) => `| ${row.map(mdCell).join(' | ')} |`),
      ];
    case 'forest':
      return [`| ${mdCell(block.title)} | difference (points) [interval] |`, '|---|---:|', ...block.rows.map((r) => `| ${mdCell(r.label)} | ${pts(r.estimate)} [${pts(r.lower)}, ${pts(r.upper)}] |`)];
  }
}

/** A benchmark's section in report.md: its heading, then each block, a blank line between them. */
export function sectionMarkdown(section: ReportSection): string {
  const lines = [`${'#'.repeat(section.level ?? 2)} ${section.title}`, ''];
  for (const block of section.blocks) lines.push(...blockMarkdown(block), '');
  return lines.join('\n');
}

export function htmlTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `<table><thead><tr>${header.map((h) => `<th>${escapeXml(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeXml(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

function blockHtml(block: ReportBlock): string {
  switch (block.kind) {
    case 'text':
      return `<p>${escapeXml(block.text)}</p>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${escapeXml(item)}</li>`).join('')}</ul>`;
    case 'table':
      return `${block.caption ? `<p>${escapeXml(block.caption)}</p>` : ''}${htmlTable(block.header, block.rows)}`;
    case 'forest':
      return forestPlot(block.rows, block.title);
  }
}

/** The same section in report.html. */
export function sectionHtml(section: ReportSection): string {
  const level = section.level ?? 2;
  return `<section class="benchmark"><h${level}>${escapeXml(section.title)}</h${level}>\n${section.blocks.map(blockHtml).join('\n')}</section>`;
}
