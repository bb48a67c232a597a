import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { APP_KEY, listen, RawClient, upgradeAnswer } from './realtime-support.ts';

/**
 * What arrives at the server's edge before any route decides: WebSocket upgrades, malformed HTTP,
 * bad URLs, slow bodies, broken multipart. The server answers each in the contract's
 * `{"message": …}` shape and goes on serving. The rules sit below the database, so SQLite is enough.
 */
const [sqlite] = DIALECTS;

/** Writes `text` on a raw connection (then `trickle`'s bytes, one at a time, as the server reads); resolves with all it answered once it closes. */
function rawHttp(port: number, text: string, trickle = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    let left = trickle;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      // A byte each time the previous one has left: a client that keeps the body coming, slowly.
      const next = () => {
        if (left === '' || socket.destroyed) return;
        const byte = left[0]!;
        left = left.slice(1);
        setImmediate(() => socket.write(byte, next));
      };
      next();
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
  });
}

function parseAnswer(raw: string): { status: number; body: unknown } {
  const [head, body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), body: body ? JSON.parse(body) : null };
}

describe('the server keeps serving, whatever arrives', () => {
  let t: TestApp;
  let base: string;
  let port: number;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(sqlite!);
    ({ base, port } = await listen(t.app));
    token = await t.login(CLIENT_EMAIL);
  });
  afterAll(() => t.close());

  it('refuses WebSocket upgrades to paths that are not valid percent-encoding with 400 and still answers', async () => {
    for (const path of ['/app/%E0%A4%A', '/app/%', '/app/%ZZ', '/app/%E0%A4%A?protocol=7']) {
      const answer = await upgradeAnswer(port, path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toEqual({ message: 'The app key in the path is not valid percent-encoding.' });
    }
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const client = await RawClient.open(port, APP_KEY, { origin: 'http://localhost:8000' });
    expect(client.frames[0]!.event).toBe('pusher:connection_established');
    client.close();
  });

  it("lets pages of APP_URL's origin (and its loopback aliases) open the hub and refuses other origins with 403", async () => {
    const path = `/app/${APP_KEY}?protocol=7`;
    for (const origin of ['http://localhost:8000', 'http://127.0.0.1:8000', 'http://[::1]:8000']) {
      expect((await upgradeAnswer(port, path, { origin })).status, origin).toBe(101);
    }
    // Not a browser (an SDK, a server-side client): no Origin, let in.
    expect((await upgradeAnswer(port, path)).status).toBe(101);
    for (const origin of ['https://attacker.example', 'http://localhost:8001', 'null']) {
      const answer = await upgradeAnswer(port, path, { origin });
      expect(answer.status, origin).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ message: 'This origin may not connect.' });
    }
  });

  it('answers a URL that is not valid percent-encoding with 400 in the contract shape, in the caller language', async () => {
    for (const url of ['/api/%', '/api/chat/room/%E0%A4%A/messages', '/api/verification/documents/%ZZ/file']) {
      const res = await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'The address of the request is not valid.' });
    }
    const ru = await t.request({ method: 'GET', url: '/api/%', headers: { 'accept-language': 'ru' } });
    expect(ru.json()).toEqual({ message: 'Адрес запроса некорректен.' });
  });

  it('answers a path parameter over the length limit with 404 in the contract shape', async () => {
    for (const [method, url] of [
      ['DELETE', `/api/settings/sessions/${'1'.repeat(150)}`],
      ['POST', `/api/chat/room/${'1'.repeat(150)}/message`],
      ['POST', `/api/oauth/${'g'.repeat(150)}`],
    ] as const) {
      const res = await t.request({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it("answers what Node cannot read as HTTP in the contract shape: a bad or missing header 400, oversized headers 431", async () => {
    const cases: Array<[string, number, string]> = [
      ['GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 400, 'The request could not be understood.'],
      ['NOT HTTP AT ALL\r\n\r\n', 400, 'The request could not be understood.'],
      ['GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', 400, 'The request could not be understood.'],
      ['GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'The request could not be understood.'],
      ['GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n', 400, 'The request could not be understood.'],
      ['GET /api/health HTTP/1.1\r\nHost: x\r\nX-Control: a\u0001b\r\n\r\n', 400, 'The request could not be understood.'],
      [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'The request headers are too large.'],
    ];
    for (const [request, status, message] of cases) {
      const answer = parseAnswer(await rawHttp(port, request));
      expect(answer, request.slice(0, 40)).toEqual({ status, body: { message } });
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('goes on serving when a realtime publish fails after the request (Redis down): the failure is logged, not thrown', async () => {
    const { broadcaster } = t.app.realtime;
    const publish = broadcaster.publish;
    broadcaster.publish = async () => {
      throw new Error('Redis is down');
    };
    try {
      const event = {
        date: '2031-03-10', time: '23:30', time_zone: 'UTC', country: 'JP', currency: 'JPY', importance: 3,
        title_en: 'Tokyo CPI', title_ru: 'ИПЦ Токио', title_ua: 'ІСЦ Токіо',
      };
      const res = await t.post('/api/admin/calendar/events', event, bearer(await t.login(ADMIN_EMAIL)));
      expect(res.statusCode, res.body).toBe(201);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    } finally {
      broadcaster.publish = publish;
    }
  });

  describe('malformed multipart on the document upload', () => {
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\npassport\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000`;
    const upload = (contentType: string, payload: string) =>
      t.request({
        method: 'POST',
        url: '/api/verification/documents',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': 'ua' },
        payload,
      });

    it.each([
      ['no boundary', 'multipart/form-data', `${part('abc')}\r\n--abc--\r\n`],
      ['a wrong boundary', 'multipart/form-data; boundary=zzz', `${part('abc')}\r\n--abc--\r\n`],
      ['a body cut off', 'multipart/form-data; boundary=abc', part('abc')],
    ])('answers %s with 400, never 500', async (_label, contentType, payload) => {
      const res = await upload(contentType, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Не вдалося прочитати завантаження: запит пошкоджений або обірваний.' });
    });
  });
});

describe('a request whose body never finishes arriving', () => {
  let t: TestApp;
  let base: string;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(sqlite!, { config: { requestTimeoutMs: 300 } });
    ({ base, port } = await listen(t.app));
  });
  afterAll(() => t.close());

  it('is cut off with 408 in the contract shape while other requests are served', async () => {
    const head = 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept-Language: ru\r\nContent-Length: 100000\r\n\r\n{"email":"';
    const slow = rawHttp(port, head, 'a'.repeat(100_000));
    const stalled = rawHttp(port, head);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    for (const answer of [await slow, await stalled]) {
      expect(parseAnswer(answer)).toEqual({ status: 408, body: { message: 'Запрос поступал слишком долго.' } });
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

describe('the connection cap behind a trusted proxy', () => {
  let t: TestApp;
  let port: number;
  const clients: RawClient[] = [];
  beforeAll(async () => {
    t = await startTestApp(sqlite!, {
      config: {
        trustProxy: true,
        realtimeLimits: { allowedOrigins: ['http://localhost:8000'], maxConnectionsPerAddress: 1, maxChannelsPerConnection: 100 },
      },
    });
    ({ port } = await listen(t.app));
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  it("counts each client's forwarded address, not the proxy's", async () => {
    const open = async (address: string) => {
      const client = await RawClient.open(port, APP_KEY, { 'x-forwarded-for': address });
      clients.push(client);
      return client;
    };
    expect((await open('203.0.113.1')).frames[0]!.event).toBe('pusher:connection_established');
    expect((await open('203.0.113.2')).frames[0]!.event).toBe('pusher:connection_established');
    const over = await open('203.0.113.1');
    expect(over.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } });
    expect((await over.closed).code).toBe(4100);
  });
});
