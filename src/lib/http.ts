import { ofetch, FetchError, type FetchContext, type FetchOptions } from 'ofetch';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales';
import { readCookie } from './cookies';
import { isStepUpRequired } from '../../contract/security';
import { askStepUp } from './step-up';

/** What the HTTP layer needs from the rest of the app; wired once at start-up (see runtime.ts). */
export interface HttpHooks {
  getToken(): string | null;
  getLocale(): Locale;
  getSocketId(): string | undefined;
  requestStarted(): void;
  requestFinished(): void;
  /** A 401 on a call made with a token: the session shows the expiry alert, then signs out. */
  unauthorized(): void;
  /** A 5xx answer (seed, section 8). */
  serverError(error: ServerErrorInfo): void;
}

export interface ServerErrorInfo {
  status: number;
  /** The HTML page when the server answered with one (debug mode), else null. */
  html: string | null;
  message: string | null;
}

export interface RequestOptions {
  /** false: this request does not turn the page loader on (seed: requests may opt out). */
  loader?: boolean;
  /** true: a 401 is the caller's business (the user fetch, logout), not the session-expired flow. */
  quiet401?: boolean;
}

type Options = FetchOptions<'json'> & RequestOptions;

let hooks: HttpHooks = {
  getToken: () => null,
  getLocale: () => DEFAULT_LOCALE,
  getSocketId: () => undefined,
  requestStarted: () => {},
  requestFinished: () => {},
  unauthorized: () => {},
  serverError: () => {},
};

export function setHttpHooks(next: HttpHooks): void {
  hooks = next;
}

function optionsOf(context: FetchContext): Options {
  return context.options as Options;
}

function finish(context: FetchContext): void {
  if (optionsOf(context).loader !== false) hooks.requestFinished();
}

/** The one HTTP client of the app: every call goes through these interceptors. */
export const http = ofetch.create({
  baseURL: '/',
  retry: 0,
  onRequest(context) {
    const headers = new Headers(context.options.headers);
    headers.set('Accept', 'application/json');
    headers.set('Accept-Language', hooks.getLocale());
    const token = hooks.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const socketId = hooks.getSocketId();
    if (socketId) headers.set('X-Socket-ID', socketId);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    context.options.headers = headers;
    if (optionsOf(context).loader !== false) hooks.requestStarted();
  },
  onRequestError(context) {
    finish(context);
  },
  onResponse(context) {
    if (context.response.ok) finish(context);
  },
  onResponseError(context) {
    finish(context);
    const { status } = context.response;
    if (status === 401 && !optionsOf(context).quiet401 && hooks.getToken()) {
      hooks.unauthorized();
    } else if (status >= 500) {
      const contentType = context.response.headers.get('content-type') ?? '';
      const body: unknown = context.response._data;
      hooks.serverError({
        status,
        html: contentType.includes('text/html') && typeof body === 'string' ? body : null,
        message: messageOf(body),
      });
    }
  },
});

export async function request<T>(url: string, options: Options = {}): Promise<T> {
  try {
    return await http<T>(url, options as FetchOptions<'json'>);
  } catch (error) {
    // 423: the action needs the second factor again; once proved, the same request goes again.
    const body = errorBody(error);
    if (errorStatus(error) !== 423 || !isStepUpRequired(body) || !(await askStepUp(body.methods))) throw error;
    return http<T>(url, options as FetchOptions<'json'>);
  }
}

/** The body of a failed call, whatever shape it had. */
export function errorBody(error: unknown): unknown {
  return error instanceof FetchError ? error.data : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof FetchError ? error.statusCode : undefined;
}

export function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return null;
}

export { FetchError };

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** A failed upload, shaped like ofetch's error (`data`, `statusCode`) so forms read it the same way. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    readonly statusCode: number,
    readonly data: unknown,
  ) {
    super(`Upload failed with ${statusCode}`);
  }
}

/**
 * POST of a multipart body with upload progress, which fetch cannot report: XMLHttpRequest with
 * the same headers and the same 401/5xx handling as every other call.
 */
export function upload<T>(url: string, body: FormData, { onProgress }: { onProgress?: (progress: UploadProgress) => void } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', hooks.getLocale());
    const token = hooks.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    hooks.requestStarted();
    xhr.onerror = () => {
      hooks.requestFinished();
      reject(new UploadError(0, null));
    };
    xhr.onload = () => {
      hooks.requestFinished();
      const data: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      if (xhr.status === 401 && token) hooks.unauthorized();
      else if (xhr.status >= 500) hooks.serverError({ status: xhr.status, html: null, message: messageOf(data) });
      reject(new UploadError(xhr.status, data));
    };
    xhr.send(body);
  });
}
