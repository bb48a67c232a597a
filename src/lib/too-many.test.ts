import { i18n } from '@lingui/core';
import { http as mock, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorsFromResponse } from '../../machines/form/form-errors';
import { request } from './http';
import { explainTooMany, retryAfterSeconds } from './too-many';
import { mockServer } from '../test/msw';

const server = mockServer();
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const refuse = (headers: Record<string, string>) =>
  server.use(mock.post('*/api/email/resend', () => HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429, headers })));

describe('a 429 answer', () => {
  it('tells the form how long to wait, from Retry-After', async () => {
    refuse({ 'retry-after': '42' });
    const failure = await explainTooMany(() => request('/api/email/resend', { method: 'POST', body: {} }), (s) => `wait ${s}`).catch((e: unknown) => e);
    expect(errorsFromResponse(failure)).toEqual({ errors: {}, message: 'wait 42' });
  });

  it('assumes a minute when Retry-After is missing', async () => {
    refuse({});
    const failure = await request('/api/email/resend', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(retryAfterSeconds(failure)).toBe(60);
  });

  it('leaves other failures as they were', async () => {
    server.use(mock.post('*/api/email/resend', () => HttpResponse.json({ message: 'nope', errors: { email: ['bad'] } }, { status: 422 })));
    const failure = await explainTooMany(() => request('/api/email/resend', { method: 'POST', body: {} }), () => 'wait').catch((e: unknown) => e);
    expect(retryAfterSeconds(failure)).toBeNull();
    expect(errorsFromResponse(failure)).toEqual({ errors: { email: ['bad'] }, message: null });
  });
});
