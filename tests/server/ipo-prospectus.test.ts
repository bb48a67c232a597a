import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPO_PROSPECTUS_MAX_BYTES, type AdminIpoOffering, type IpoOfferingView } from '../../contract/ipo.ts';
import { ipoClient, offeringBody, openOffering, staffOf } from './ipo-support.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG_AS_PDF = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function fileBody(content: Buffer, filename: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----traderoom${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('IPO prospectus on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await staffOf(t);
  });
  afterAll(() => t.close());

  const upload = (id: number, content: Buffer, filename: string, headers = admin, lang = 'en') => {
    const body = fileBody(content, filename);
    return t.request({ method: 'POST', url: `/api/admin/ipo/offerings/${id}/prospectus`, payload: body.payload, headers: { ...headers, ...body.headers, 'accept-language': lang } });
  };

  it('lets staff upload and replace a PDF that signed-in clients download from the offering', async () => {
    const offering = await openOffering(t, admin);
    const first = await upload(offering.id, PDF, 'nrdl-prospectus.pdf');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminIpoOffering>().prospectus).toEqual({ file_name: 'nrdl-prospectus.pdf', size: PDF.length });
    const second = Buffer.concat([PDF, Buffer.from('% second edition\n')]);
    expect((await upload(offering.id, second, 'nrdl-prospectus-v2.pdf')).json<AdminIpoOffering>().prospectus).toEqual({ file_name: 'nrdl-prospectus-v2.pdf', size: second.length });

    const c = await ipoClient(t, '100');
    const view = (await t.request({ method: 'GET', url: `/api/ipo/offerings/${offering.id}`, headers: c.headers })).json<IpoOfferingView>();
    expect(view.offering.prospectus).toEqual({ file_name: 'nrdl-prospectus-v2.pdf', size: second.length });
    const file = await t.request({ method: 'GET', url: `/api/ipo/offerings/${offering.id}/prospectus`, headers: c.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(second)).toBe(true);
    expect((await t.request({ method: 'GET', url: `/api/ipo/offerings/${offering.id}/prospectus` })).statusCode).toBe(401);
  });

  it('refuses a file that is not a PDF by its content, whatever its name, in the caller’s language', async () => {
    const offering = await openOffering(t, admin);
    const refused = await upload(offering.id, PNG_AS_PDF, 'prospectus.pdf', admin, 'ru');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual(['Проспект должен быть документом PDF.']);
    const declared = await t.request({
      method: 'POST',
      url: `/api/admin/ipo/offerings/${offering.id}/prospectus`,
      payload: 'x',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(IPO_PROSPECTUS_MAX_BYTES + 1024 * 1024) },
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe('The prospectus must not be larger than 20 MB.');
    expect((await t.request({ method: 'GET', url: `/api/admin/ipo/offerings/${offering.id}`, headers: admin })).json<AdminIpoOffering>().prospectus).toBeNull();
  });

  it('keeps uploads to staff and a draft’s prospectus from clients', async () => {
    const c = await ipoClient(t, '100');
    const draft = (await t.post('/api/admin/ipo/offerings', await offeringBody(t, admin), admin)).json<AdminIpoOffering>();
    expect((await upload(draft.id, PDF, 'draft.pdf', c.headers)).statusCode).toBe(403);
    expect((await upload(draft.id, PDF, 'draft.pdf')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/ipo/offerings/${draft.id}/prospectus`, headers: c.headers })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/ipo/offerings/${draft.id}/prospectus`, headers: admin })).statusCode).toBe(200);
  });
});
