import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const base='http://127.0.0.1:8233';
async function shot(name, path, { width, theme, lang }) {
  const ctx = await b.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
  await ctx.addCookies([{ name: 'user-theme', value: theme + '-theme', url: base }]);
  const p = await ctx.newPage();
  await p.goto(base + '/en/login');
  await p.getByLabel('E-mail').fill('client@traderoom.test');
  await p.getByLabel('Password').fill('traderoom-demo');
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
  await p.waitForURL(/home/);
  await p.goto(base + `/${lang}` + path); await p.waitForLoadState('networkidle');
  await p.screenshot({ path: `/tmp/shot5/${name}.png`, fullPage: true });
  console.log(name, await p.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]));
  await ctx.close();
}
for (const [n, path] of [['investing', '/investing'], ['strategy', '/investing/strategies/1'], ['investor', '/investor']]) {
  await shot(`${n}-1440-light-en`, path, { width: 1440, theme: 'light', lang: 'en' });
  await shot(`${n}-360-dark-ru`, path, { width: 360, theme: 'dark', lang: 'ru' });
}
await b.close();
