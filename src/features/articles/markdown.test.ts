import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and tables', () => {
    const html = renderMarkdown('## Levels\n\n- **1.0920** top\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h2>Levels</h2>');
    expect(html).toContain('<strong>1.0920</strong>');
    expect(html).toContain('<div class="table-scroll"><table>');
  });

  it('shows raw HTML from the content as text, never as markup', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses script links and opens outside links in a new tab without the opener', () => {
    expect(renderMarkdown('[click](javascript:alert(1))')).not.toContain('href="javascript');
    const outside = renderMarkdown('[ECB](https://www.ecb.europa.eu/)');
    expect(outside).toContain('target="_blank"');
    expect(outside).toContain('rel="noopener noreferrer nofollow"');
    expect(renderMarkdown('[calendar](/en/calendar)')).not.toContain('target=');
  });
});
