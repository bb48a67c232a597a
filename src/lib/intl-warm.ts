/**
 * The first date or amount a page formats loads the browser's internationalisation data (with the
 * CPU four times slower, as Lighthouse's phone, 108-274 ms on the main thread before the first one
 * is written: docs/adr/0121). That data is shared by the page's threads, so a worker that formats once in
 * the page's language, while the main thread evaluates the app, leaves it loaded for the screen.
 * For the signed-in screens (dates, balances); the guest screens format none. Without workers the
 * screen loads the data itself, as before.
 */
export function warmIntl(locale: string): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-worker.ts', import.meta.url), { type: 'module', name: 'intl-warm' });
    // The worker closes itself once done; a worker that fails to start is of no further use.
    const end = () => worker.terminate();
    worker.addEventListener('message', end, { once: true });
    worker.addEventListener('error', end, { once: true });
    worker.postMessage(locale);
  } catch {
    // A browser that refuses the worker (a policy): the screen loads the data itself.
  }
}
