import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FuzzReport, formatReport, runFuzz } from './fuzz/run.ts';
import { documentedRoutes, registeredRoutes, routeKey } from './fuzz/routes.ts';
import { ADMIN_EMAIL, CLIENT_EMAIL, DIALECTS, startTestApp, type TestApp } from './support.ts';

/**
 * Malformed bodies, queries, ids, headers and uploads to every route the app registers, as a
 * guest, the demo client, the demo admin and a forged token: nothing may answer 500 or more, and
 * the app must still answer afterwards. `npm run fuzz` runs the same cases, more of them
 * (FUZZ_CASES), and writes the counts to FUZZ_REPORT.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 1500);
const REPORT = process.env.FUZZ_REPORT;
/** Seven minutes between cases: at most nine cases an hour, below every per-hour throttle. */
const CLOCK_STEP_MS = 7 * 60_000;

describe.each(DIALECTS)('fuzz on $name', (dialect) => {
  let t: TestApp;
  let built: string;
  beforeAll(async () => {
    // A built app to serve, so that odd app paths reach the shell and the static files.
    built = mkdtempSync(join(tmpdir(), 'traderoom-fuzz-dist-'));
    mkdirSync(join(built, 'assets'));
    writeFileSync(join(built, 'index.html'), '<!doctype html><title>Traderoom</title>');
    writeFileSync(join(built, 'assets', 'app.js'), 'export {};');
    t = await startTestApp(dialect, { config: { staticDir: built } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(built, { recursive: true, force: true });
  });

  test('the fuzzed routes are exactly the operations of the OpenAPI document', async () => {
    const registered = registeredRoutes(t.app).map(routeKey).sort();
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = documentedRoutes(document).map(routeKey).sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(registered).toEqual(documented);
  });

  test(`${CASES} malformed requests: no answer of 500 or more, no crash`, { timeout: 60_000 + CASES * 100 }, async () => {
    const started = Date.now();
    const report: FuzzReport = await runFuzz(
      {
        app: t.app,
        async signIn(who) {
          const user = await t.app.services.users.findByEmail(who === 'admin' ? ADMIN_EMAIL : CLIENT_EMAIL);
          const issued = await t.app.services.tokens.issue(user!.id, { remember: true, userAgent: 'fuzz', ip: '127.0.0.1' });
          return issued.token;
        },
        between: () => t.clock.advance(CLOCK_STEP_MS),
      },
      registeredRoutes(t.app),
      { count: CASES },
    );
    const text = formatReport(dialect.name, report, (Date.now() - started) / 1000);
    if (REPORT) writeFileSync(`${REPORT}.${dialect.name}.txt`, text);
    expect(report.cases).toBe(CASES);
    expect(report.serverErrors, text).toEqual([]);
    expect(report.crashes, text).toEqual([]);
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
