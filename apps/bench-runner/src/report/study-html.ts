import { escapeXml } from './svg.ts';

/** Inline Markdown of a study section: `**bold**`, `*emphasis*` and `` `code` `` on escaped text. */
function inline(text: string): string {
  return escapeXml(text).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/\*([^*]+)\*/g, '<em>$1</em>').replace(/`([^`]+)`/g, '<code>$1</code>');
}

const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

/**
 * A benchmark's report section (the subset of Markdown it is written in: `##`/`###` headings, pipe tables, `- `
 * lists and paragraphs) as HTML for report.html.
 */
export function studyHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^(#{2,4}) (.*)$/.exec(line);
    if (heading) out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
    else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) if (!/^\|[-:| ]+\|$/.test(lines[i]!)) rows.push(cells(lines[i]!));
      i--;
      const [head, ...body] = rows;
      out.push(`<table><thead><tr>${head!.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`);
    } else if (line.startsWith('- ')) {
      const items: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith('- '); i++) items.push(`<li>${inline(lines[i]!.slice(2))}</li>`);
      i--;
      out.push(`<ul>${items.join('')}</ul>`);
    } else if (line.trim() !== '') out.push(`<p>${inline(line)}</p>`);
  }
  return `<section class="study">${out.join('\n')}</section>`;
}
