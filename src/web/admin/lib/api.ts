// The back office's one HTTP client: bearer token from localStorage, errors as "status: body".

export const TOKEN_KEY = 'token';

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

/** A failed response: message is "status: body" (SPEC.md §7); serverMessage is the body's error field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | null,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

/** The server's error sentence when it gave one, else the fallback text. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

let onUnauthorized: (() => void) | null = null;
/** The session registers itself so an expired token signs the user out everywhere. */
export function setUnauthorizedHandler(fn: (() => void) | null) {
  onUnauthorized = fn;
}

function parseServerMessage(text: string): string | null {
  try {
    const data = JSON.parse(text) as unknown;
    if (data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string') {
      return (data as { error: string }).error;
    }
  } catch {
    /* not JSON */
  }
  return null;
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, parseServerMessage(text), res.statusText);
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export interface RequestOptions {
  /** Skip the signed-out handler (the login call itself). */
  anonymous?: boolean;
}

/** JSON in, JSON out (undefined for 204). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.anonymous ? {} : authHeaders()) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (res.status === 401 && !opts.anonymous && headers.Authorization) onUnauthorized?.();
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/**
 * Multipart upload through XMLHttpRequest: fetch cannot report upload progress.
 * onProgress receives 0..100.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          resolve(undefined as T);
        }
        return;
      }
      if (xhr.status === 401) onUnauthorized?.();
      reject(new ApiError(xhr.status, text, parseServerMessage(text), xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
