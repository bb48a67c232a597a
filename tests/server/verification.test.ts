import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../contract/verification.ts';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DIALECTS, startTestApp, uniqueEmail, type TestApp } from './support.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML_AS_PNG = Buffer.from('<!doctype html><script>alert(1)</script>');
const ZIP_AS_PDF = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----traderoom${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('identity verification on $name', (dialect) => {
  let t: TestApp;
  let admin: string;
  const uploadDir = mkdtempSync(join(tmpdir(), 'traderoom-uploads-'));

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { uploadDir } });
    admin = await t.login(ADMIN_EMAIL);
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  /** A fresh client, so one test's uploads never decide another's state. */
  async function client(): Promise<string> {
    const email = uniqueEmail('kyc');
    const password = 'a good password';
    await t.registerVerified({ first_name: 'Olena', second_name: 'Shevchenko', email, password });
    return t.login(email, password);
  }

  const upload = (token: string, parts: Part[], headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return t.request({ method: 'POST', url: '/api/verification/documents', payload: body.payload, headers: { ...bearer(token), ...body.headers, ...headers } });
  };
  const uploadFile = (token: string, kind: string, file: Buffer, filename = 'scan.png') =>
    upload(token, [{ name: 'kind', value: kind }, { name: 'file', value: file, filename, type: 'application/octet-stream' }]);
  const overview = async (token: string) => (await t.request({ method: 'GET', url: '/api/verification', headers: bearer(token) })).json();
  const queue = async (query = '') => (await t.request({ method: 'GET', url: `/api/admin/verifications${query}`, headers: bearer(admin) })).json();

  it('starts with both documents not submitted', async () => {
    const token = await client();
    expect(await overview(token)).toEqual({
      verified: false,
      documents: [
        { kind: 'identity', status: 'not_submitted', document: null },
        { kind: 'address', status: 'not_submitted', document: null },
      ],
    });
  });

  it('accepts a PNG, a JPEG and a PDF, told by their content, and shows them pending', async () => {
    const token = await client();
    const res = await uploadFile(token, 'identity', PNG, 'passport.png');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'identity', status: 'pending', file_name: 'passport.png', mime_type: 'image/png', size: PNG.length, rejection_reason: null });

    // A JPEG named .pdf is a JPEG: the name decides nothing.
    const jpeg = await uploadFile(token, 'address', JPEG, 'bill.pdf');
    expect(jpeg.json()).toMatchObject({ mime_type: 'image/jpeg', file_name: 'bill.pdf' });
    const state = await overview(token);
    expect(state.documents.map((d: { status: string }) => d.status)).toEqual(['pending', 'pending']);

    const other = await client();
    expect((await uploadFile(other, 'address', PDF, 'statement.pdf')).json()).toMatchObject({ mime_type: 'application/pdf' });
  });

  it('refuses a file of another type disguised by its extension, and keeps nothing of it', async () => {
    const token = await client();
    const filesBefore = readdirSync(uploadDir).length;
    for (const [file, name] of [
      [HTML_AS_PNG, 'photo.png'],
      [ZIP_AS_PDF, 'statement.pdf'],
    ] as const) {
      const res = await uploadFile(token, 'identity', file, name);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The file must be a PNG or JPEG image or a PDF document.',
        errors: { file: ['The file must be a PNG or JPEG image or a PDF document.'] },
      });
    }
    expect((await overview(token)).documents[0].status).toBe('not_submitted');
    expect(readdirSync(uploadDir).length).toBe(filesBefore);
  });

  it('refuses a file over 10 MB with a translated message and stores nothing', async () => {
    const token = await client();
    const big = Buffer.concat([PNG, Buffer.alloc(DOCUMENT_MAX_BYTES, 0)]);
    const res = await upload(token, [{ name: 'kind', value: 'identity' }, { name: 'file', value: big, filename: 'huge.png' }], { 'accept-language': 'ua' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['Розмір файлу не має перевищувати 10 МБ.'] });
    expect((await overview(token)).documents[0].status).toBe('not_submitted');
    expect(await t.db.selectFrom('verification_documents').select('id').where('original_name', '=', 'huge.png').execute()).toEqual([]);
  });

  it('refuses a request whose declared length is far over the limit before reading it, with 413', async () => {
    const token = await client();
    const huge = Buffer.concat([PNG, Buffer.alloc(DOCUMENT_MAX_BYTES * 2, 0)]);
    const res = await upload(token, [{ name: 'kind', value: 'identity' }, { name: 'file', value: huge, filename: 'huge.png' }], { 'accept-language': 'ru' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Размер файла не должен превышать 10 МБ.' });
    expect((await overview(token)).documents[0].status).toBe('not_submitted');
  });

  it('refuses two files in one request and keeps neither', async () => {
    const token = await client();
    const filesBefore = readdirSync(uploadDir).length;
    const two = await upload(token, [
      { name: 'kind', value: 'identity' },
      { name: 'file', value: PNG, filename: 'a.png' },
      { name: 'file', value: PNG, filename: 'b.png' },
    ]);
    expect(two.statusCode).toBe(422);
    expect(two.json().errors).toEqual({ file: ['Send one file at a time.'] });
    expect(readdirSync(uploadDir).length).toBe(filesBefore);
    expect((await overview(token)).documents[0].status).toBe('not_submitted');
  });

  it('accepts a file of exactly 10 MB', async () => {
    const token = await client();
    const exact = Buffer.concat([PNG, Buffer.alloc(DOCUMENT_MAX_BYTES - PNG.length, 0)]);
    const res = await uploadFile(token, 'identity', exact);
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(DOCUMENT_MAX_BYTES);
  });

  it('requires a known kind and a file', async () => {
    const token = await client();
    expect((await upload(token, [{ name: 'file', value: PNG, filename: 'a.png' }])).json()).toEqual({
      message: 'The document kind field is required.',
      errors: { kind: ['The document kind field is required.'] },
    });
    expect((await uploadFile(token, 'selfie', PNG)).json().errors).toEqual({ kind: ['The document kind field is invalid.'] });
    const none = await upload(token, [{ name: 'kind', value: 'identity' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ file: ['The file field is required.'] });
    const empty = await uploadFile(token, 'identity', Buffer.alloc(0));
    expect(empty.json().errors).toEqual({ file: ['The file field is required.'] });
    const json = await t.request({ method: 'POST', url: '/api/verification/documents', payload: { kind: 'identity' }, headers: bearer(token) });
    expect(json.statusCode).toBe(422);
    // Only multipart is read here: a JSON body carries neither field.
    expect(Object.keys(json.json().errors)).toEqual(['kind', 'file']);
  });

  it('refuses a second document of a kind while one is pending, and after it was approved', async () => {
    const token = await client();
    const first = (await uploadFile(token, 'identity', PNG)).json();
    const again = await uploadFile(token, 'identity', JPEG);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ kind: ['A document of this kind is already waiting for review.'] });
    await t.post(`/api/admin/verifications/${first.id}/approve`, {}, bearer(admin));
    expect((await uploadFile(token, 'identity', JPEG)).json().errors).toEqual({ kind: ['A document of this kind has already been approved.'] });
  });

  it('needs a signed-in user for every client call', async () => {
    expect((await t.request({ method: 'GET', url: '/api/verification' })).statusCode).toBe(401);
    const body = multipart([{ name: 'kind', value: 'identity' }, { name: 'file', value: PNG, filename: 'a.png' }]);
    expect((await t.request({ method: 'POST', url: '/api/verification/documents', payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/verification/documents/1/file' })).statusCode).toBe(401);
  });

  it('keeps the file outside the web root under a random name, and gives it back to its owner and to staff only', async () => {
    const token = await client();
    const doc = (await uploadFile(token, 'identity', PNG, 'пас порт.png')).json();
    const row = await t.db.selectFrom('verification_documents').select('storage_name').where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.storage_name).toMatch(/^[0-9a-f]{32}$/);

    const own = await t.request({ method: 'GET', url: `/api/verification/documents/${doc.id}/file`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect(own.headers['content-disposition']).toBe(`inline; filename="___ ____.png"; filename*=UTF-8''${encodeURIComponent('пас порт.png')}`);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const download = await t.request({ method: 'GET', url: `/api/verification/documents/${doc.id}/file?download=1`, headers: bearer(admin) });
    expect(download.statusCode).toBe(200);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);

    // Another client: as if the document did not exist.
    const stranger = await client();
    const res = await t.request({ method: 'GET', url: `/api/verification/documents/${doc.id}/file`, headers: bearer(stranger) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
    expect((await t.request({ method: 'GET', url: '/api/verification/documents/999999/file', headers: bearer(token) })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/verification/documents/abc/file', headers: bearer(token) })).statusCode).toBe(404);
  });

  it('stores uploads in the configured directory, readable by the server only', async () => {
    const token = await client();
    const doc = (await uploadFile(token, 'address', PDF, 'bill.pdf')).json();
    const row = await t.db.selectFrom('verification_documents').select('storage_name').where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(readdirSync(uploadDir)).toContain(row.storage_name);
    expect(statSync(join(uploadDir, row.storage_name)).mode & 0o777).toBe(0o600);
  });

  describe('review by staff', () => {
    it('lists pending documents first, oldest first, with the client, and filters by status', async () => {
      const a = await client();
      const b = await client();
      const first = (await uploadFile(a, 'identity', PNG)).json();
      t.clock.advance(1000);
      const second = (await uploadFile(b, 'address', PDF, 'bill.pdf')).json();
      t.clock.advance(1000);
      const reviewed = (await uploadFile(b, 'identity', JPEG, 'id.jpg')).json();
      await t.post(`/api/admin/verifications/${reviewed.id}/approve`, {}, bearer(admin));

      const all = await queue();
      const ids = all.map((d: { id: number }) => d.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(reviewed.id));
      const lastPending = all.map((d: { status: string }) => d.status).lastIndexOf('pending');
      expect(all.slice(0, lastPending + 1).every((d: { status: string }) => d.status === 'pending')).toBe(true);
      expect(all.find((d: { id: number }) => d.id === second.id)).toMatchObject({
        kind: 'address',
        status: 'pending',
        file_name: 'bill.pdf',
        user: { first_name: 'Olena', second_name: 'Shevchenko', email: expect.stringMatching(/^kyc-/) },
      });

      const approved = await queue('?status=approved');
      expect(approved.every((d: { status: string }) => d.status === 'approved')).toBe(true);
      expect(approved.map((d: { id: number }) => d.id)).toContain(reviewed.id);
      const bad = await t.request({ method: 'GET', url: '/api/admin/verifications?status=lost', headers: bearer(admin) });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ status: ['The selected status is invalid.'] });
    });

    it('approves a pending document: the client sees it approved, and verified once both are', async () => {
      const token = await client();
      const identity = (await uploadFile(token, 'identity', PNG)).json();
      const address = (await uploadFile(token, 'address', PDF)).json();
      const res = await t.post(`/api/admin/verifications/${identity.id}/approve`, {}, bearer(admin));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: identity.id, status: 'approved', reviewed_at: t.clock.current.toISOString() });
      expect((await overview(token)).verified).toBe(false);
      await t.post(`/api/admin/verifications/${address.id}/approve`, {}, bearer(admin));
      const state = await overview(token);
      expect(state.verified).toBe(true);
      expect(state.documents.map((d: { status: string }) => d.status)).toEqual(['approved', 'approved']);
    });

    it('rejects with a reason the client then reads, and lets the client send a new document', async () => {
      const token = await client();
      const doc = (await uploadFile(token, 'identity', PNG)).json();
      const res = await t.post(`/api/admin/verifications/${doc.id}/reject`, { reason: '  The photo is blurred.  ' }, bearer(admin));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'rejected', rejection_reason: 'The photo is blurred.' });
      expect((await overview(token)).documents[0]).toMatchObject({
        status: 'rejected',
        document: { id: doc.id, rejection_reason: 'The photo is blurred.' },
      });

      const again = await uploadFile(token, 'identity', JPEG, 'sharper.jpg');
      expect(again.statusCode).toBe(201);
      expect((await overview(token)).documents[0]).toMatchObject({ status: 'pending', document: { id: again.json().id, rejection_reason: null } });
    });

    it('refuses a rejection without a reason, in the request language', async () => {
      const token = await client();
      const doc = (await uploadFile(token, 'identity', PNG)).json();
      const res = await t.post(`/api/admin/verifications/${doc.id}/reject`, { reason: '   ' }, bearer(admin));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The reason field is required.', errors: { reason: ['The reason field is required.'] } });
      const ru = await t.post(`/api/admin/verifications/${doc.id}/reject`, {}, { ...bearer(admin), 'accept-language': 'ru' });
      expect(ru.json().errors).toEqual({ reason: ['Поле «причина» обязательно для заполнения.'] });
      const long = await t.post(`/api/admin/verifications/${doc.id}/reject`, { reason: 'x'.repeat(501) }, bearer(admin));
      expect(long.json().errors.reason).toEqual(['The reason field must not be greater than 500 characters.']);
      expect((await overview(token)).documents[0].status).toBe('pending');
    });

    it('decides a document once: a second decision is 409, an unknown id 404', async () => {
      const token = await client();
      const doc = (await uploadFile(token, 'identity', PNG)).json();
      await t.post(`/api/admin/verifications/${doc.id}/approve`, {}, bearer(admin));
      const twice = await t.post(`/api/admin/verifications/${doc.id}/reject`, { reason: 'Changed my mind' }, bearer(admin));
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: 'This document has already been reviewed.' });
      expect((await t.post('/api/admin/verifications/999999/approve', {}, bearer(admin))).statusCode).toBe(404);
    });

    it('takes a document into review with an expected time, then decides it; every step on its timeline', async () => {
      const token = await client();
      const doc = (await uploadFile(token, 'identity', PNG)).json();
      expect(doc).toMatchObject({ status: 'pending', state: 'uploaded', expected_at: null });
      const review = await t.post(`/api/admin/verifications/${doc.id}/review`, { expected_at: '2030-01-16T09:00:00.000Z' }, bearer(admin));
      expect(review.statusCode, review.body).toBe(200);
      expect(review.json()).toMatchObject({ status: 'pending', state: 'under_review', expected_at: '2030-01-16T09:00:00.000Z' });
      expect((await overview(token)).documents[0].document).toMatchObject({ state: 'under_review', expected_at: '2030-01-16T09:00:00.000Z' });
      const rejected = await t.post(`/api/admin/verifications/${doc.id}/reject`, { reason: 'The corners are cut off.' }, bearer(admin));
      expect(rejected.json()).toMatchObject({ status: 'rejected', state: 'rejected', rejection_reason: 'The corners are cut off.', expected_at: null });

      const timeline = await t.request({ method: 'GET', url: `/api/verification/documents/${doc.id}/timeline`, headers: bearer(token) });
      expect(timeline.json()).toMatchObject({ kind: 'identity_document', id: doc.id, state: 'rejected', expected_at: null });
      expect(timeline.json().steps.map((s: { from: string | null; to: string; by: string; reason: string | null }) => [s.from, s.to, s.by, s.reason])).toEqual([
        [null, 'uploaded', 'client', null],
        ['uploaded', 'under_review', 'staff', null],
        ['under_review', 'rejected', 'staff', 'The corners are cut off.'],
      ]);
      expect((await t.post(`/api/admin/verifications/${doc.id}/review`, {}, bearer(admin))).statusCode).toBe(409);
    });

    it('shows a document’s timeline to its owner and staff only', async () => {
      const token = await client();
      const doc = (await uploadFile(token, 'identity', PNG)).json();
      const url = `/api/verification/documents/${doc.id}/timeline`;
      expect((await t.request({ method: 'GET', url, headers: bearer(admin) })).json()).toMatchObject({ state: 'uploaded' });
      expect((await t.request({ method: 'GET', url, headers: bearer(await client()) })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('decides exactly once when 20 reviewers decide together', async () => {
      const token = await client();
      const doc = (await uploadFile(token, 'identity', PNG)).json();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? t.post(`/api/admin/verifications/${doc.id}/approve`, {}, bearer(admin))
            : t.post(`/api/admin/verifications/${doc.id}/reject`, { reason: `Reason ${i}` }, bearer(admin)),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const steps = (await t.request({ method: 'GET', url: `/api/verification/documents/${doc.id}/timeline`, headers: bearer(token) })).json().steps;
      expect(steps).toHaveLength(2);
    });

    it('refuses every staff call to a client with 403, and to nobody with 401', async () => {
      const token = await client();
      const doc = (await uploadFile(token, 'identity', PNG)).json();
      const calls = [
        { method: 'GET' as const, url: '/api/admin/verifications' },
        { method: 'POST' as const, url: `/api/admin/verifications/${doc.id}/approve` },
        { method: 'POST' as const, url: `/api/admin/verifications/${doc.id}/reject`, payload: { reason: 'x' } },
        { method: 'POST' as const, url: `/api/admin/verifications/${doc.id}/review`, payload: {} },
      ];
      const demo = await t.login(CLIENT_EMAIL);
      for (const call of calls) {
        const res = await t.request({ ...call, headers: bearer(demo) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
        expect((await t.request(call)).statusCode).toBe(401);
      }
      expect((await overview(token)).documents[0].status).toBe('pending');
    });
  });
});

