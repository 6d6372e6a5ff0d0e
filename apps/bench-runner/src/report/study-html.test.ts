import { describe, expect, it } from 'vitest';
import { studyHtml } from './study-html.ts';

describe('a benchmark\'s report section in report.html', () => {
  it('turns its headings, pipe tables, lists and paragraphs into HTML, escaping the text', () => {
    const html = studyHtml(['## Study <x>', '', 'A *note* with `code`.', '', '| a | b |', '|---|---:|', '| 1 & 2 | **3** |', '', '- one', '- two'].join('\n'));
    expect(html).toBe([
      '<section class="study"><h2>Study &lt;x&gt;</h2>',
      '<p>A <em>note</em> with <code>code</code>.</p>',
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1 &amp; 2</td><td><strong>3</strong></td></tr></tbody></table>',
      '<ul><li>one</li><li>two</li></ul></section>',
    ].join('\n'));
  });
});
