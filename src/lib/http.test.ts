import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fetchUser } from './session-api';
import { request, setHttpHooks, type HttpHooks } from './http';
import { mockServer } from '../test/msw';

const server = mockServer();

function hooks(overrides: Partial<HttpHooks> = {}): HttpHooks {
  const value: HttpHooks = {
    getToken: () => 'secret-token',
    getLocale: () => 'ru',
    getSocketId: () => undefined,
    requestStarted: vi.fn(),
    requestFinished: vi.fn(),
    unauthorized: vi.fn(),
    serverError: vi.fn(),
    ...overrides,
  };
  setHttpHooks(value);
  return value;
}

describe('the HTTP client', () => {
  it('sends the bearer token, the language, the socket id and the XSRF token', async () => {
    hooks({ getSocketId: () => '123.456' });
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
    let seen: Headers | undefined;
    server.use(
      mock.get('*/api/user', ({ request: req }) => {
        seen = req.headers;
        return HttpResponse.json({ id: 1 });
      }),
    );
    await request('/api/user');
    expect(seen?.get('authorization')).toBe('Bearer secret-token');
    expect(seen?.get('accept-language')).toBe('ru');
    expect(seen?.get('x-socket-id')).toBe('123.456');
    expect(seen?.get('x-xsrf-token')).toBe('xsrf-value');
  });

  it('sends no Authorization header without a token', async () => {
    hooks({ getToken: () => null });
    let auth: string | null = 'unset';
    server.use(
      mock.get('*/api/articles', ({ request: req }) => {
        auth = req.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await request('/api/articles');
    expect(auth).toBeNull();
  });

  it('counts each request on the loader once, failed or not, unless the request opts out', async () => {
    const h = hooks();
    server.use(
      mock.get('*/ok', () => HttpResponse.json({})),
      mock.get('*/bad', () => HttpResponse.json({ message: 'no' }, { status: 422 })),
    );
    await request('/ok');
    await request('/bad').catch(() => {});
    await request('/ok', { loader: false });
    expect(h.requestStarted).toHaveBeenCalledTimes(2);
    expect(h.requestFinished).toHaveBeenCalledTimes(2);
  });

  it('reports a 401 on a call made with a token as an expired session', async () => {
    const h = hooks();
    server.use(mock.get('*/api/x', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    await expect(request('/api/x')).rejects.toThrow();
    expect(h.unauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to the caller when asked to (the user fetch at start-up)', async () => {
    const h = hooks();
    server.use(mock.get('*/api/user', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    await expect(request('/api/user', { quiet401: true })).rejects.toThrow();
    expect(h.unauthorized).not.toHaveBeenCalled();
  });

  it('treats a 401 on the user fetch as expiry only when it refreshes a signed-in session', async () => {
    const h = hooks();
    server.use(mock.get('*/api/user', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    await expect(fetchUser('stale')).rejects.toThrow();
    expect(h.unauthorized).not.toHaveBeenCalled();
    expect(h.requestStarted).toHaveBeenCalledTimes(1);
    await expect(fetchUser('revoked', { refresh: true })).rejects.toThrow();
    expect(h.unauthorized).toHaveBeenCalledTimes(1);
    // A refresh runs behind the screen: the loader stays off.
    expect(h.requestStarted).toHaveBeenCalledTimes(1);
  });

  it('hands an HTML 5xx page to the full-screen frame and a JSON 5xx to the error alert', async () => {
    const h = hooks();
    server.use(
      mock.get('*/html', () => new HttpResponse('<h1>Boom</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } })),
      mock.get('*/json', () => HttpResponse.json({ message: 'Server Error' }, { status: 503 })),
    );
    await request('/html').catch(() => {});
    await request('/json').catch(() => {});
    expect(h.serverError).toHaveBeenNthCalledWith(1, { status: 500, html: '<h1>Boom</h1>', message: null });
    expect(h.serverError).toHaveBeenNthCalledWith(2, { status: 503, html: null, message: 'Server Error' });
  });

  it('passes 4xx answers other than 401 to the caller with their body', async () => {
    const h = hooks();
    server.use(
      mock.post('*/api/login', () =>
        HttpResponse.json({ message: 'Bad', errors: { email: ['Bad'] } }, { status: 422 }),
      ),
    );
    const error = await request('/api/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect((error as { data: unknown }).data).toEqual({ message: 'Bad', errors: { email: ['Bad'] } });
    expect(h.unauthorized).not.toHaveBeenCalled();
    expect(h.serverError).not.toHaveBeenCalled();
  });
});
