import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prerenderedPathOf, SIGNED_IN_FRAME, SIGNED_IN_SEGMENTS, START_AFTER_PAINT, startAfterPaint, startModules } from '../../server/http/prerendered.ts';
import { renderShell } from '../../server/http/page-shell.ts';

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

describe('what index.html loads from the start', () => {
  it('is its entry and the modules it preloads, not its stylesheet', () => {
    expect(startModules(INDEX)).toEqual(['/assets/index-1.js', '/assets/runtime-1.js', '/assets/vendor-1.js']);
  });
});

describe('which prerendered page an address gets', () => {
  it('a guest screen without a session, the signed-in frame for a signed-in screen with one', () => {
    expect(prerenderedPathOf('/ru/login', false)).toEqual({ locale: 'ru', path: '/login' });
    expect(prerenderedPathOf('/ru/login', true)).toBeNull();
    expect(prerenderedPathOf('/ua/home', true)).toEqual({ locale: 'ua', path: SIGNED_IN_FRAME });
    expect(prerenderedPathOf('/en/administration/chats', true)).toEqual({ locale: 'en', path: SIGNED_IN_FRAME });
    expect(prerenderedPathOf('/en/home', false)).toBeNull();
    expect(prerenderedPathOf('/en/email/verify', true)).toBeNull();
    expect(prerenderedPathOf('/de/home', true)).toBeNull();
  });

  it('knows every signed-in screen the router has: the route files and folders under _auth, and the administration', () => {
    const segments = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => !/^[-_]/.test(entry.name) && entry.name !== 'route.tsx')
        .map((entry) => entry.name.replace(/\.tsx$/, ''));
    const routes = [...segments('src/routes/$lang/_auth'), ...segments('src/routes/$lang/_auth/_admin')].sort();
    expect([...SIGNED_IN_SEGMENTS].sort()).toEqual(routes);
  });
});

describe("the page's <html> tag", () => {
  it('says how many OAuth providers the server has, so the sign-in form holds their place; nothing without any', () => {
    const choice = { locale: 'en', theme: 'dark-theme' } as const;
    expect(renderShell(INDEX, choice, '', 2)).toContain('<html lang="en" class="dark-theme" style="color-scheme: dark" data-oauth-providers="2">');
    expect(renderShell(INDEX, choice)).toContain('<html lang="en" class="dark-theme" style="color-scheme: dark">');
  });
});
