/**
 * The long animation frames of a page's load with the CPU four times slower (Lighthouse's phone),
 * each with the scripts it ran (Chromium's `long-animation-frame` entries): which module, callback
 * or timer made a frame long, for comparing two builds frame by frame (docs/adr/0116). Lighthouse's
 * total blocking time is a simulation over the same work; this reads the frames themselves.
 * On a running server, after a build:
 *   npx tsx scripts/frames.ts http://127.0.0.1:PORT/en/home [--signed-in] [--runs N]
 */
import { chromium } from '@playwright/test';
import { ARGS, CHROMIUM, cookiesOf, signedInCookie, type SignedIn } from './bench-client';

interface Frame {
  start: number;
  duration: number;
  blocking: number;
  scripts: Array<{ invoker: string; source: string; duration: number }>;
}

const url = process.argv[2];
if (!url) throw new Error('usage: tsx scripts/frames.ts http://127.0.0.1:PORT/path [--signed-in] [--runs N]');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const visitor: SignedIn | undefined = process.argv.includes('--signed-in') ? await signedInCookie(browser, new URL(url).origin) : undefined;
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (visitor) await context.addCookies(cookiesOf(visitor, url));
    const page = await context.newPage();
    await page.addInitScript(() => {
      const frames: unknown[] = [];
      (window as unknown as { __frames: unknown[] }).__frames = frames;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          startTime: number;
          duration: number;
          blockingDuration: number;
          scripts: Array<{ invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }>;
        }>) {
          frames.push({
            start: Math.round(entry.startTime),
            duration: Math.round(entry.duration),
            blocking: Math.round(entry.blockingDuration),
            scripts: entry.scripts.map((script) => ({
              invoker: script.invoker,
              source: `${script.sourceURL.split('/').pop() ?? ''}${script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ''}`,
              duration: Math.round(script.duration),
            })),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Frames end after the network is quiet too (the socket's start waits for an idle moment).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    const frames = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
    console.log(`\n${url}, run ${run} of ${runs} (CPU x4): frames over 50 ms`);
    for (const frame of frames) {
      // The invoker says how the script ran (a module's evaluation, `import.then`, a timer, React's scheduler message).
      const invoker = (script: Frame['scripts'][number]) => script.invoker.replace(/https?:\/\/[^ ]*\//g, '');
      const scripts = frame.scripts.map((script) => `${invoker(script)} [${script.source}] ${script.duration} ms`).join('; ');
      console.log(`  at ${String(frame.start).padStart(5)} ms  ${String(frame.duration).padStart(4)} ms, blocking ${String(frame.blocking).padStart(3)}  ${scripts}`);
    }
    console.log(`  blocking in all: ${frames.reduce((sum, frame) => sum + frame.blocking, 0)} ms`);
    await context.close();
  }
} finally {
  await browser.close();
}
