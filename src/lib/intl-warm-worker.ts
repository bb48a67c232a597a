/**
 * Runs in a worker of its own (src/lib/intl-warm.ts): builds and uses once the kinds of formatter a
 * signed-in screen first needs, in the page's language, then closes. The browser's
 * internationalisation library loads its data and caches it for the whole page's process, so the
 * page's own first date and amount find it loaded instead of loading it on the main thread.
 * Imports nothing: the worker's file is this alone.
 */
self.onmessage = (event: MessageEvent<string>) => {
  const locale = event.data;
  const now = new Date();
  // The browser's time zone (rememberTimeZone), and a clock in a named one (the greeting).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  new Intl.DateTimeFormat(locale, { hour: '2-digit', timeZone }).format(now);
  // Dates and times as the screens write them.
  new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(now);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(now);
  // Counts and money, and the plural forms of the messages.
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(1234);
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1234.5);
  new Intl.PluralRules(locale).select(2);
  self.postMessage('warm');
  self.close();
};
