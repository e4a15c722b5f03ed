// The one HTTP client of the browser: the public site, the server-rendering reader and the back
// office all fail the same way. A failed answer is an ApiError whose message is
// "<status>: <body text, or the status text when the body is empty>" (SPEC.md §7); screens
// choose their words by its `code`, never by the server's sentence.
//
// The back office plugs in its bearer token and its signed-out handler with configureApiClient
// (from admin code), so this module carries nothing of the back office into public pages.
import type { ErrorCode } from '../../shared/error-codes';

/** A failed response: message "status: body"; serverMessage and code come from the body's `{ error, code }`. */
export class ApiError extends Error {
  /** The server's `{ error }` sentence, or null when the body is not JSON or has none. */
  readonly serverMessage: string | null;
  /** The answer's stable `code` (src/shared/error-codes.ts), or null when it has none (no answer from our API). */
  readonly code: ErrorCode | null;
  constructor(
    readonly status: number,
    /** The response body as text ('' when empty). */
    readonly body: string,
    statusText = '',
    /** The back office's words for the server's sentence (configureApiClient's translateError). */
    translate?: (message: string, code: ErrorCode | null) => string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    const answer = readErrorAnswer(body);
    this.code = answer.code;
    this.serverMessage = answer.error !== null && translate ? translate(answer.error, answer.code) : answer.error;
  }
}

/** The server's error sentence when it gave one, else the fallback text. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

/** The error's code when it is an API answer carrying one. */
export const errorCode = (err: unknown): ErrorCode | null => (err instanceof ApiError ? err.code : null);

function readErrorAnswer(text: string): { error: string | null; code: ErrorCode | null } {
  const none = { error: null, code: null };
  if (!text) return none;
  try {
    const data = JSON.parse(text) as { error?: unknown; code?: unknown } | null;
    if (!data || typeof data !== 'object') return none;
    return {
      error: typeof data.error === 'string' ? data.error : null,
      // Not checked against the list (its descriptions would ride in every page): an unknown code matches no choice.
      code: typeof data.code === 'string' ? (data.code as ErrorCode) : null,
    };
  } catch {
    return none;
  }
}

/** JSON text → value; '' → undefined; anything else that is not JSON → undefined. */
function parseJson<T>(text: string): T {
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined as T;
  }
}

export interface ApiClientConfig {
  /** The bearer token to send, if any (the back office's stored session token). */
  getToken?: () => string | null;
  /** Called when a request that carried a token is answered 401: the session has ended. */
  onUnauthorized?: () => void;
  /** Rewrites a server sentence before screens show it, by its code (the back office: the generic English ones in French). */
  translateError?: (message: string, code: ErrorCode | null) => string;
  /** An answer already asked for this GET (the back office's first screen: admin/lib/early-requests.ts), taken once. */
  takeEarly?: (url: string, token: string | null) => Promise<Response> | undefined;
}

let config: ApiClientConfig = {};

/** Sets (or, with {}, removes) the token source and the signed-out handler. */
export function configureApiClient(next: ApiClientConfig): void {
  config = next;
}

const currentToken = (): string | null => {
  try {
    return config.getToken?.() ?? null;
  } catch {
    return null;
  }
};

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText, config.translateError);
}

export interface RequestOptions {
  /** Send no token and never call the signed-out handler (the login call itself). */
  anonymous?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** JSON in, JSON out (undefined for 204 or an empty body). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const token = opts.anonymous ? null : currentToken();
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const send = () => fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'include' });
  const early = method === 'GET' && !opts.anonymous ? config.takeEarly?.(url, token) : undefined;
  // An early read that failed on the way is asked again, as if it had never been made.
  const res = early ? await early.catch(send) : await send();
  if (res.status === 401 && token) config.onUnauthorized?.();
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  return parseJson<T>(await res.text());
}

/** A file the API answers (a PDF, an export) as bytes, with the name the server gives it; fails like apiRequest. */
export async function apiFile(url: string): Promise<{ blob: Blob; filename: string | null }> {
  const token = currentToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (res.status === 401 && token) config.onUnauthorized?.();
  await throwIfNotOk(res);
  return { blob: await res.blob(), filename: /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null };
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);
export const apiPost = <T>(url: string, body: unknown, opts?: RequestOptions) => apiRequest<T>('POST', url, body, opts);

/**
 * Multipart upload through XMLHttpRequest: fetch cannot report upload progress.
 * onProgress receives 0..100.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(parseJson<T>(text));
        return;
      }
      if (xhr.status === 401 && token) config.onUnauthorized?.();
      reject(new ApiError(xhr.status, text, xhr.statusText, config.translateError));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}

/**
 * How the public site's queries read the API: fetch in the browser; during server rendering,
 * a reader that calls the server's own routes in-process (same JSON, no network hop).
 */
export type GetJson = <T>(path: string) => Promise<T>;

export type RawGet = (path: string) => Promise<{ status: number; body: string; statusText?: string }>;

/** Wraps an in-process reader into a GetJson that fails exactly like apiGet. */
export function fromRaw(raw: RawGet): GetJson {
  return async <T>(path: string) => {
    const { status, body, statusText } = await raw(path);
    if (status < 200 || status >= 300) throw new ApiError(status, body, statusText ?? '');
    return parseJson<T>(body);
  };
}
