import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createIdempotentPoster } from './idempotent-post';
import { mockServer } from '../../../test/msw';

const server = mockServer();

/** Answers every deposit with `status`, recording the Idempotency-Key each request carried. */
function recordKeys(status = 201) {
  const keys: string[] = [];
  server.use(
    mock.post('*/api/wallet/deposit', ({ request }) => {
      keys.push(request.headers.get('idempotency-key') ?? '');
      return status >= 400 ? HttpResponse.json({ message: 'Server Error' }, { status }) : HttpResponse.json({ id: 1 }, { status });
    }),
  );
  return keys;
}

describe('wallet requests with an Idempotency-Key', () => {
  it('sends the same key when the same request is retried, so the server moves the money once', async () => {
    const keys = recordKeys(503);
    const poster = createIdempotentPoster();
    const body = { account_id: '7', amount: '100' };
    await expect(poster.post('/api/wallet/deposit', body)).rejects.toThrow();
    await expect(poster.post('/api/wallet/deposit', { ...body })).rejects.toThrow();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new key once the content changes', async () => {
    const keys = recordKeys(503);
    const poster = createIdempotentPoster();
    await expect(poster.post('/api/wallet/deposit', { account_id: '7', amount: '100' })).rejects.toThrow();
    await expect(poster.post('/api/wallet/deposit', { account_id: '7', amount: '150' })).rejects.toThrow();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('uses a new key for the next operation after a success, even with the same content', async () => {
    const keys = recordKeys(201);
    const poster = createIdempotentPoster();
    const body = { account_id: '7', amount: '100' };
    await poster.post('/api/wallet/deposit', body);
    poster.done();
    await poster.post('/api/wallet/deposit', body);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
