import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { type Caller, type FuzzCase, fuzzCases } from './requests.ts';
import { type Route, routeKey } from './routes.ts';

/** The seed every run uses, so that a 500 found once is found again. */
export const FUZZ_SEED = 20_261_123;

export interface FuzzTarget {
  app: FastifyInstance;
  /** A fresh bearer token of the demo client or admin. */
  signIn(who: 'client' | 'admin'): Promise<string>;
  /** Called between cases (the suite moves its clock on so that per-hour throttles refill). */
  between?(): void;
}

export interface Finding {
  request: Omit<FuzzCase, 'route' | 'payload'> & { payload?: string };
  status?: number;
  answer?: string;
  error?: string;
}

export interface FuzzReport {
  cases: number;
  /** Cases per endpoint (`METHOD /path`), plus "odd URL" for the ones aimed at no route. */
  perEndpoint: Record<string, number>;
  statuses: Record<string, number>;
  /** Answers of 500 or more. */
  serverErrors: Finding[];
  /** Requests that got no answer at all. */
  crashes: Finding[];
}

const describe = (c: FuzzCase, status?: number, answer?: string, error?: string): Finding => ({
  request: {
    method: c.method,
    url: c.url,
    caller: c.caller,
    headers: c.headers,
    remoteAddress: c.remoteAddress,
    ...(c.payload === undefined ? {} : { payload: String(c.payload).slice(0, 500) }),
  },
  ...(status === undefined ? {} : { status }),
  ...(answer === undefined ? {} : { answer: answer.slice(0, 300) }),
  ...(error === undefined ? {} : { error }),
});

/** Sends `count` generated cases (fixed `seed`) to the app, one after another, and counts what came back. */
export async function runFuzz(target: FuzzTarget, routes: Route[], { count, seed = FUZZ_SEED }: { count: number; seed?: number }): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, perEndpoint: {}, statuses: {}, serverErrors: [], crashes: [] };
  const tokens = new Map<Caller, string>();
  const tokenOf = async (who: 'client' | 'admin') => {
    if (!tokens.has(who)) tokens.set(who, await target.signIn(who));
    return tokens.get(who)!;
  };

  for (const c of fc.sample(fuzzCases(routes), { seed, numRuns: count })) {
    target.between?.();
    const group = c.route ? routeKey(c.route) : 'odd URL or method';
    report.perEndpoint[group] = (report.perEndpoint[group] ?? 0) + 1;
    report.cases += 1;
    const headers = { ...c.headers };
    if (c.caller === 'client' || c.caller === 'admin') headers.authorization = `Bearer ${await tokenOf(c.caller)}`;
    try {
      const res = await target.app.inject({
        method: c.method as 'GET',
        url: c.url,
        headers,
        remoteAddress: c.remoteAddress,
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) report.serverErrors.push(describe(c, res.statusCode, res.body));
      // The case may have ended its own session (logout, revoking sessions): sign in again next time.
      if ((c.caller === 'client' || c.caller === 'admin') && (res.statusCode === 401 || /logout|sessions/.test(c.url))) tokens.delete(c.caller);
    } catch (error) {
      report.crashes.push(describe(c, undefined, undefined, error instanceof Error ? error.message : String(error)));
    }
  }
  return report;
}

/** The report as lines a person reads: totals, statuses, then cases per endpoint. */
export function formatReport(title: string, report: FuzzReport, seconds: number): string {
  const lines = [
    `${title}: ${report.cases} cases in ${seconds.toFixed(1)} s, ${report.serverErrors.length} answers of 500 or more, ${report.crashes.length} crashes`,
    `  statuses: ${Object.entries(report.statuses).map(([status, n]) => `${status}×${n}`).join(' ')}`,
    '  cases per endpoint:',
    ...Object.entries(report.perEndpoint)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint, n]) => `    ${String(n).padStart(6)}  ${endpoint}`),
  ];
  for (const finding of [...report.serverErrors, ...report.crashes]) lines.push(`  ✖ ${JSON.stringify(finding)}`);
  return lines.join('\n');
}
