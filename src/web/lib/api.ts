// The one API client of the public site. Failed answers become an ApiError whose message is
// "<status>: <body text or status text>" (SPEC.md §7); the parsed body stays available.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's `{ error }` text, when it sent one. */
  get serverMessage(): string | undefined {
    const b = this.body as { error?: unknown } | null;
    return b && typeof b.error === 'string' ? b.error : undefined;
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parsed);
  return parsed as T;
}

export const apiGet = <T>(path: string) => request<T>('GET', path);
export const apiPost = <T>(path: string, body: unknown) => request<T>('POST', path, body);
