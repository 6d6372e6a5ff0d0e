/** Small SVG charts for the report, written as text: no browser, no canvas, no dependency. */

const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="12"';
const PALETTE = ['#4269d0', '#efb118', '#ff725c', '#6cc5b0', '#3ca951', '#ff8ab7', '#a463f2', '#97bbf5'];

export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

export interface ForestRow {
  label: string;
  estimate: number | null;
  lower: number | null;
  upper: number | null;
  /** Drawn in the accent colour (e.g. supported). */
  highlight?: boolean;
}

/** A forest plot of differences in points (−100…100), one row per contrast, with a zero line. */
export function forestPlot(rows: readonly ForestRow[], title: string): string {
  const labelWidth = Math.min(420, 40 + 6.4 * Math.max(10, ...rows.map((r) => r.label.length)));
  const plotWidth = 360;
  const rowHeight = 24;
  const top = 36;
  const height = top + rows.length * rowHeight + 36;
  const values = rows.flatMap((r) => [r.lower, r.upper, r.estimate]).filter((v): v is number => v !== null).map((v) => v * 100);
  const extent = Math.max(10, ...values.map(Math.abs));
  const max = Math.ceil(extent / 10) * 10;
  const x = (points: number) => labelWidth + ((points + max) / (2 * max)) * plotWidth;
  const parts: string[] = [
    `<text x="0" y="16" font-weight="600">${escapeXml(title)}</text>`,
    `<line x1="${fmt(x(0))}" y1="${top - 6}" x2="${fmt(x(0))}" y2="${height - 30}" stroke="#888" stroke-dasharray="3,3"/>`,
  ];
  for (const tick of [-max, -max / 2, 0, max / 2, max]) {
    parts.push(`<text x="${fmt(x(tick))}" y="${height - 14}" text-anchor="middle" fill="#555">${tick > 0 ? '+' : ''}${tick}</text>`);
  }
  parts.push(`<text x="${fmt(x(0))}" y="${height - 1}" text-anchor="middle" fill="#555">difference (points)</text>`);
  rows.forEach((r, i) => {
    const y = top + i * rowHeight + rowHeight / 2;
    parts.push(`<text x="0" y="${y + 4}">${escapeXml(r.label)}</text>`);
    if (r.estimate === null || r.lower === null || r.upper === null) {
      parts.push(`<text x="${fmt(x(0) + 6)}" y="${y + 4}" fill="#888">no paired tasks</text>`);
      return;
    }
    const colour = r.highlight ? '#d03c3c' : '#333';
    parts.push(`<line x1="${fmt(x(r.lower * 100))}" y1="${y}" x2="${fmt(x(r.upper * 100))}" y2="${y}" stroke="${colour}" stroke-width="2"/>`);
    parts.push(`<circle cx="${fmt(x(r.estimate * 100))}" cy="${y}" r="4.5" fill="${colour}"><title>${escapeXml(`${r.label}: ${fmt(r.estimate * 100)} [${fmt(r.lower * 100)}, ${fmt(r.upper * 100)}]`)}</title></circle>`);
  });
  return svg(labelWidth + plotWidth + 20, height, parts);
}

export interface BarGroup {
  label: string;
  bars: { series: string; value: number; lower: number; upper: number }[];
}

/** Grouped bars of rates (0–1) with interval whiskers, one group per condition, one colour per system. */
export function groupedBars(groups: readonly BarGroup[], series: readonly string[], title: string): string {
  const barWidth = 14;
  const gap = 18;
  const groupWidth = series.length * barWidth + gap;
  const left = 40;
  const top = 30;
  const plotHeight = 180;
  const legendHeight = 20 * Math.ceil(series.length / 4);
  const legendWidth = left + Math.min(series.length, 4) * 130;
  const width = Math.max(360, legendWidth, left + groups.length * groupWidth + 20);
  const height = top + plotHeight + 40 + legendHeight;
  const y = (v: number) => top + plotHeight * (1 - v);
  const parts: string[] = [`<text x="0" y="16" font-weight="600">${escapeXml(title)}</text>`];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line x1="${left}" y1="${fmt(y(tick))}" x2="${width - 10}" y2="${fmt(y(tick))}" stroke="#e3e3e3"/>`);
    parts.push(`<text x="${left - 6}" y="${fmt(y(tick) + 4)}" text-anchor="end" fill="#555">${tick * 100}%</text>`);
  }
  groups.forEach((g, gi) => {
    const x0 = left + gap / 2 + gi * groupWidth;
    g.bars.forEach((b) => {
      const si = series.indexOf(b.series);
      const x = x0 + si * barWidth;
      const colour = PALETTE[si % PALETTE.length]!;
      parts.push(`<rect x="${fmt(x)}" y="${fmt(y(b.value))}" width="${barWidth - 2}" height="${fmt(plotHeight * b.value)}" fill="${colour}"><title>${escapeXml(`${g.label} · ${b.series}: ${fmt(b.value * 100)}% [${fmt(b.lower * 100)}, ${fmt(b.upper * 100)}]`)}</title></rect>`);
      const cx = x + (barWidth - 2) / 2;
      parts.push(`<line x1="${fmt(cx)}" y1="${fmt(y(b.lower))}" x2="${fmt(cx)}" y2="${fmt(y(b.upper))}" stroke="#222"/>`);
    });
    parts.push(`<text x="${fmt(x0 + (series.length * barWidth) / 2)}" y="${top + plotHeight + 16}" text-anchor="middle">${escapeXml(g.label)}</text>`);
  });
  series.forEach((s, si) => {
    const lx = left + (si % 4) * 130;
    const ly = top + plotHeight + 34 + Math.floor(si / 4) * 20;
    parts.push(`<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${PALETTE[si % PALETTE.length]}"/><text x="${lx + 16}" y="${ly}">${escapeXml(s)}</text>`);
  });
  return svg(width, height, parts);
}

function svg(width: number, height: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width)}" height="${Math.ceil(height)}" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(height)}" ${FONT}>${parts.join('')}</svg>`;
}
