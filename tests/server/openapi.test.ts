import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';

const committed = () => JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as unknown;

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0]!);
  });
  afterAll(async () => t?.close());

  test('is served at /api/openapi.json as committed in docs/openapi.json (`npm run openapi` writes it)', async () => {
    const served = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(served.statusCode).toBe(200);
    expect(served.json(), 'docs/openapi.json is out of date: run `npm run openapi`').toEqual(committed());
  });

  test('gives every operation a summary and its answers', () => {
    const { paths } = committed() as { paths: Record<string, Record<string, { summary?: string; responses?: object }>> };
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });
});
