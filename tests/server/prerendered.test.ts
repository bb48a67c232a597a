import { describe, expect, it } from 'vitest';
import { START_AFTER_PAINT, startAfterPaint } from '../../server/http/prerendered.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Traderoom</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>`;

describe('a prerendered page starts its scripts after its first paint', () => {
  it('requests nothing from its head: the entry and its preloads move to the start script at the end of the body', () => {
    const page = startAfterPaint(INDEX);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    // What else the head holds stays (the stylesheet is inlined by the build afterwards).
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(page).toContain(
      `<div id="app"></div>\n  <script data-entry="/assets/index-1.js" data-preload="/assets/runtime-1.js /assets/vendor-1.js">${START_AFTER_PAINT}</script>\n  </body>`,
    );
  });

  it('refuses a page whose entry it cannot find, rather than writing a page that never starts', () => {
    expect(() => startAfterPaint(INDEX.replace(/<script[^>]*><\/script>/, ''))).toThrow(/one entry script/);
  });
});
