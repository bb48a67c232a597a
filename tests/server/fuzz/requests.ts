import fc from 'fast-check';
import { type Route, routeKey } from './routes.ts';
import { TEMPLATES } from './templates.ts';

/** Who sends a case: nobody, the demo client, the demo admin, or a bearer token that is no token. */
export type Caller = 'guest' | 'client' | 'admin' | 'forged';

export interface FuzzCase {
  /** The route aimed at; null for an odd URL that matches none. */
  route: Route | null;
  method: string;
  /** Path and query, as sent (may hold invalid percent-encoding on purpose). */
  url: string;
  caller: Caller;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

/** The fields the contract's schemas read, so that many cases reach past "field missing". */
const FIELDS = [
  'email', 'password', 'password_confirmation', 'remember', 'first_name', 'second_name', 'current_password', 'token',
  'currency_id', 'type', 'leverage', 'account_id', 'amount', 'from_account_id', 'to_account_id', 'service_id', 'note',
  'user_id', 'message', 'last_read_id', 'reason', 'kind', 'socket_id', 'channel_name', 'date', 'time', 'time_zone',
  'country', 'currency', 'importance', 'currencies', 'title_en', 'title_ru', 'title_ua', 'actual', 'forecast', 'previous',
] as const;

const QUERY_NAMES = [
  'page', 'per_page', 'status', 'after', 'search', 'range', 'date', 'days', 'time_zone', 'currencies', 'importance', 'lang',
  'account_id', 'kind', 'from', 'to', 'download', 'expires', 'signature', 'code', 'state', 'error',
] as const;

/** Text that has broken servers: NUL, ids past 32 bits, numbers past doubles, odd digits and dates. */
const NASTY_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', 'USD\u0000', '1\u0000', '\u0000@example.com', 'client@traderoom.test\u0000',
  '0', '-1', '1', '2', '1.5', '01', ' 1', '1e3', '0x1F', 'NaN', 'Infinity', '-0',
  '2147483647', '2147483648', '4294967296', '9007199254740991', '9007199254740993', '99999999999999999999', '1e309',
  '١٢٣', '１２', '2031-02-30', '0000-00-00', '9999-12-31', '2031-13-01', '25:61', '23:59', 'Europe/Kyiv', 'Europe/Kyiv\u0000',
  'Etc/GMT+14', 'europe/KYIV', 'USD', 'USD,EUR', 'USD,,', '1,2,3', '1,\u0000', 'live', 'demo', 'pending', 'deposit',
  'a'.repeat(300), 'x'.repeat(5000), '\ud800', '\udfff\ud800', '😀'.repeat(50), '\u202eabc', "' or 1=1 --", '"; drop table users; --',
  '../../../etc/passwd', '%00', '%', '<script>alert(1)</script>', '__proto__', 'constructor', 'client@traderoom.test',
  'admin@traderoom.test', 'not-an-email', 'a@b', '250,50', '1 000.00', '0.001', '-250.00', '1000000000000000000000',
];

const NASTY_NUMBERS = [0, -1, 1, 2, 3, 0.5, -0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21, 1e308, -1e308, Number.MIN_VALUE];

/** Ids just past what a 32-bit column holds, and past what a double holds exactly. */
const BIG_IDS = [2 ** 31, 2 ** 31 + 1, 2 ** 32, 2 ** 53 + 2, 1e21, 2 ** 63];

/** A valid value made invalid the way a database notices: a NUL inside text, an id past 32 bits. */
function poisoned(valid: unknown): fc.Arbitrary<unknown> {
  if (typeof valid === 'string') {
    return fc.oneof(
      fc.nat(valid.length).map((at) => `${valid.slice(0, at)}\u0000${valid.slice(at)}`),
      fc.constantFrom(...BIG_IDS).map(String),
    );
  }
  if (Array.isArray(valid)) return fc.nat(Math.max(valid.length - 1, 0)).chain((at) => poisoned(valid[at]).map((v) => valid.map((x, i) => (i === at ? v : x))));
  return fc.oneof(fc.constantFrom(...BIG_IDS), fc.constantFrom(...BIG_IDS).map(String), fc.constant('1\u0000'));
}

const printable = (maxLength: number) =>
  fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength }).map((codes) => String.fromCharCode(...codes));

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY_TEXT), fc.string({ maxLength: 8 })).map(([a, b]) => a + b) },
);

const scalar = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** A JSON value: mostly scalars, sometimes lists and objects of them. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 3 }) },
);

const fieldName = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: text });

/** JSON text: an object of known and unknown fields, another JSON value, JSON with big numbers, or not JSON at all. */
const jsonText = fc.oneof(
  { weight: 10, arbitrary: fc.dictionary(fieldName, value, { maxKeys: 7 }).map((body) => JSON.stringify(body)) },
  { weight: 1, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '-0', '2147483648')).map(([k, n]) => `{"${k}":${n}}`) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', ' ', '"\\u0000"', '{"email":"\\u0000"}') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);

const MAGIC = {
  png: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  jpeg: Buffer.from('ffd8ffe000104a464946', 'hex'),
  pdf: Buffer.from('%PDF-1.4\n%âãÏÓ\n', 'latin1'),
};

const fileBytes = fc.oneof(
  fc.constantFrom(...Object.values(MAGIC)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
);

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

function multipartBody(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ name: fc.constantFrom('kind', 'file', 'x'), content: text.map((t) => Buffer.from(t, 'utf8')) }),
  fc.record({
    name: fc.constantFrom('file', 'file', 'kind', 'other'),
    filename: fc.oneof(text, fc.constantFrom('passport.png', '../../x.pdf', 'a\u0000.jpg')),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/plain', ''),
    content: fileBytes,
  }),
);

/** An upload: well formed or not (no boundary, another boundary, cut short, a declared size it lacks). */
const upload = fc
  .record({
    parts: fc.array(part, { maxLength: 4 }),
    boundary: fc.constantFrom('----fuzzboundary', 'x', 'a'.repeat(70)),
    flaw: fc.constantFrom('none', 'none', 'no-boundary', 'other-boundary', 'cut', 'quoted-boundary', 'huge-length'),
    cutAt: fc.nat(),
  })
  .map(({ parts, boundary, flaw, cutAt }) => {
    const body = multipartBody(boundary, parts);
    const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    if (flaw === 'no-boundary') headers['content-type'] = 'multipart/form-data';
    if (flaw === 'other-boundary') headers['content-type'] = 'multipart/form-data; boundary=not-the-one';
    if (flaw === 'quoted-boundary') headers['content-type'] = `multipart/form-data; boundary="${boundary}"`;
    if (flaw === 'huge-length') headers['content-length'] = '999999999';
    return { headers, payload: flaw === 'cut' ? body.subarray(0, cutAt % (body.length + 1)) : body };
  });

/** What a case sends as its body, with the matching headers. */
const body: fc.Arbitrary<{ headers: Record<string, string>; payload?: string | Buffer }> = fc.oneof(
  { weight: 12, arbitrary: jsonText.map((payload) => ({ headers: { 'content-type': 'application/json' }, payload })) },
  { weight: 2, arbitrary: fc.constant({ headers: {} }) },
  { weight: 2, arbitrary: upload },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=latin1', 'application/xml', 'multipart/mixed', ';;;'), jsonText).map(
      ([type, payload]) => ({ headers: { 'content-type': type }, payload }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.constantFrom('socket_id', 'channel_name', 'email', 'x'), text, { maxKeys: 3 })
      .map((form) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form as Record<string, string>).toString() })),
  },
);

/** A path parameter: ids in and out of range, words, NUL, and (rarely) raw invalid percent-encoding. */
const paramValue = fc.oneof(
  { weight: 6, arbitrary: text.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, 'x')) || '%20') },
  { weight: 2, arbitrary: fc.constantFrom('1', '2', '3', 'github', 'google', 'oidc', 'demo') },
  { weight: 2, arbitrary: fc.constantFrom(...BIG_IDS.map((n) => n.toLocaleString('en', { useGrouping: false })), '2147483647', '9007199254740993', '1%00', '%00') },
  { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', 'a'.repeat(120), '1'.repeat(40)) },
);

const queryString = fc
  .array(fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...QUERY_NAMES) }, { weight: 1, arbitrary: text }), text), { maxLength: 5 })
  .chain((pairs) =>
    fc.oneof(
      { weight: 9, arbitrary: fc.constant(pairs.map(([k, v]) => `${encodeURIComponent(safe(k))}=${encodeURIComponent(safe(v))}`).join('&')) },
      { weight: 1, arbitrary: fc.constantFrom('page=%', 'a=%ZZ&b=1', 'page[]=1&page[]=2', 'search=%00', '&&&=', 'date=2031-01-01&date=2031-01-02') },
    ),
  );

/** A lone surrogate cannot be percent-encoded; a client would send U+FFFD. */
function safe(text: string): string {
  return text.replace(/[\ud800-\udfff]/g, '\ufffd');
}

/** Paths no route has: deep, encoded, dotted, long; under /api/ (JSON 404) and outside (the app shell). */
const oddPath = fc.oneof(
  fc.constantFrom('/api', '/api/', '/api//user', '/api/user/', '/api/%', '/api/%ZZ', '/%E0%A4%A', '/../etc/passwd', '/api/./user', '/api/USER', '/app/%', '/en/%ZZ', '/en/login?x=%'),
  fc.array(paramValue, { minLength: 1, maxLength: 4 }).map((segments) => `/api/${segments.join('/')}`),
  fc.array(paramValue, { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join('/')}`),
);

const caller = fc.constantFrom<Caller>('guest', 'client', 'client', 'admin', 'admin', 'forged');

const extraHeaders = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom('en', 'ru', 'ua', 'uk-UA,uk;q=0.9', '*', '', 'xx;q=abc', 'ru;q=1e400', 'a'.repeat(300)), printable(30)),
    'idempotency-key': fc.oneof({ weight: 1, arbitrary: printable(300) }, { weight: 4, arbitrary: fc.uuid() }),
    'x-socket-id': fc.oneof(fc.constantFrom('123.456', '1.1', '99999999999999999999.1'), printable(30)),
    cookie: fc.oneof(fc.constantFrom('token=x', 'oauth_state=garbage', 'oauth_state=a.b.c', 'theme=dark; locale=ru'), printable(60)),
    origin: fc.constantFrom('http://localhost:8000', 'https://evil.example', 'null'),
    'user-agent': printable(200),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1'),
  },
  { requiredKeys: ['idempotency-key'] },
);

const forgedToken = fc.oneof(printable(60).map((t) => `Bearer ${t}`), fc.constantFrom('Bearer', 'Basic YTpi', 'bearer x', `Bearer ${'a'.repeat(43)}`));

const remoteAddress = fc.tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })).map((parts) => parts.join('.'));

interface Target {
  route: Route | null;
  method: string;
  url: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const REMOVE = Symbol('remove');

/**
 * One or two fields of `template` poisoned (NUL inside, an id past 32 bits), replaced by malformed
 * values, removed, or added.
 */
function mutated<T>(template: Record<string, T>, replacement: fc.Arbitrary<T>, poison: (valid: T) => fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> {
  const own = Object.keys(template);
  const names = [...own, ...FIELDS, ...QUERY_NAMES];
  const edit = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...own).chain((key) => poison(template[key]!).map((v) => [key, v] as const)) },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...names), replacement) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...own), fc.constant<typeof REMOVE>(REMOVE)) },
  );
  return fc.tuple(fc.array(edit, { minLength: 1, maxLength: 2 }), fc.nat()).map(([edits, n]) => {
    const result: Record<string, T> = {};
    for (const [key, v] of Object.entries(template)) result[key] = (v === '{email}' ? `fuzz-${n}@example.com` : v) as T;
    for (const [key, v] of edits) {
      if (v === REMOVE) delete result[key];
      else result[key] = v;
    }
    return result;
  });
}

const queryOf = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `${encodeURIComponent(safe(k))}=${encodeURIComponent(safe(v))}`).join('&');

/** What a case sends beside its method and URL, from the route's template when it has one. */
function partsFor(route: Route | null) {
  const template = route ? TEMPLATES[routeKey(route)] : undefined;
  const randomQuery = fc.option(queryString, { freq: 2 });
  const json = (b: Record<string, unknown>) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(b) });
  return fc.record({
    params: fc.array(paramValue, { minLength: 4, maxLength: 4 }),
    query: template?.query
      ? fc.oneof({ weight: 3, arbitrary: mutated(template.query, text, (v) => poisoned(v).map(String)).map(queryOf) }, { weight: 1, arbitrary: fc.constant(queryOf(template.query)) }, { weight: 1, arbitrary: randomQuery })
      : randomQuery,
    body: template?.body ? fc.oneof({ weight: 3, arbitrary: mutated(template.body, value, poisoned).map(json) }, { weight: 2, arbitrary: body }) : body,
  });
}

/** Cases over `routes` (and odd URLs), each a request a client could send. */
export function fuzzCases(routes: Route[]): fc.Arbitrary<FuzzCase> {
  const target = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...routes).map((route): Target => ({ route, method: route.method, url: route.url })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...routes), fc.constantFrom(...METHODS)).map(([route, method]): Target => ({ route: null, method, url: route.url })) },
    { weight: 1, arbitrary: fc.tuple(oddPath, fc.constantFrom(...METHODS)).map(([url, method]): Target => ({ route: null, method, url })) },
  );
  return target.chain((target) =>
    fc.record({ parts: partsFor(target.route), caller, forged: forgedToken, extra: extraHeaders, remoteAddress }).map(({ parts, caller, forged, extra, remoteAddress }) => {
      let n = 0;
      const path = target.url.replace(/:\w+/g, () => parts.params[n++] ?? '1');
      const headers: Record<string, string> = { ...extra, ...parts.body.headers };
      if (caller === 'forged') headers.authorization = forged;
      const withBody = target.method !== 'GET' && target.method !== 'OPTIONS';
      const query = parts.query;
      return {
        route: target.route,
        method: target.method,
        url: query === null || query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`,
        caller,
        headers: withBody ? headers : { ...extra },
        ...(withBody && parts.body.payload !== undefined ? { payload: parts.body.payload } : {}),
        remoteAddress,
      };
    }),
  );
}
