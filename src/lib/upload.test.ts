import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorsFromResponse } from '../../machines/form/form-errors';
import { setHttpHooks, upload, UploadError, type HttpHooks } from './http';
import { mockServer } from '../test/msw';

const server = mockServer();

function hooks(): HttpHooks {
  const value: HttpHooks = {
    getToken: () => 'secret-token',
    getLocale: () => 'ua',
    getSocketId: () => undefined,
    requestStarted: vi.fn(),
    requestFinished: vi.fn(),
    unauthorized: vi.fn(),
    serverError: vi.fn(),
  };
  setHttpHooks(value);
  return value;
}

const body = () => {
  const form = new FormData();
  form.append('kind', 'identity');
  form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'a.pdf');
  return form;
};

describe('uploads with progress', () => {
  it('sends the multipart body with the same headers as every call, and answers the JSON', async () => {
    const h = hooks();
    let seen: { headers: Headers; kind: FormDataEntryValue | null } | undefined;
    server.use(
      mock.post('*/api/verification/documents', async ({ request }) => {
        seen = { headers: request.headers, kind: (await request.formData()).get('kind') };
        return HttpResponse.json({ id: 1, status: 'pending' }, { status: 201 });
      }),
    );
    await expect(upload('/api/verification/documents', body())).resolves.toEqual({ id: 1, status: 'pending' });
    expect(seen?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(seen?.headers.get('accept-language')).toBe('ua');
    expect(seen?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.kind).toBe('identity');
    expect(h.requestStarted).toHaveBeenCalledTimes(1);
    expect(h.requestFinished).toHaveBeenCalledTimes(1);
  });

  it('fails with the body where the form reads field errors', async () => {
    hooks();
    const refusal = { message: 'The file must be a PNG or JPEG image or a PDF document.', errors: { file: ['The file must be a PNG or JPEG image or a PDF document.'] } };
    server.use(mock.post('*/api/verification/documents', () => HttpResponse.json(refusal, { status: 422 })));
    const error = await upload('/api/verification/documents', body()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).statusCode).toBe(422);
    expect(errorsFromResponse(error)).toEqual({ errors: refusal.errors, message: null });
  });

  it('reports a 401 as an expired session and a 500 as a server error', async () => {
    const h = hooks();
    server.use(mock.post('*/api/a', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    server.use(mock.post('*/api/b', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    await expect(upload('/api/a', body())).rejects.toBeInstanceOf(UploadError);
    expect(h.unauthorized).toHaveBeenCalledTimes(1);
    await expect(upload('/api/b', body())).rejects.toBeInstanceOf(UploadError);
    expect(h.serverError).toHaveBeenCalledWith({ status: 500, html: null, message: 'Server Error' });
  });
});
