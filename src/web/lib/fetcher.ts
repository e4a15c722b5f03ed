import { ApiError, apiGet } from './api';

/**
 * How queries read the API. In the browser it is fetch; during server rendering the server
 * passes one that calls its own routes in-process (same JSON, no network hop).
 */
export type GetJson = <T>(path: string) => Promise<T>;

export type RawGet = (path: string) => Promise<{ status: number; body: string }>;

/** Wraps an in-process reader into a GetJson that fails like the browser client does. */
export function fromRaw(raw: RawGet): GetJson {
  return async <T>(path: string) => {
    const { status, body } = await raw(path);
    let parsed: unknown = null;
    try {
      parsed = body ? JSON.parse(body) : null;
    } catch {
      parsed = null;
    }
    if (status >= 400) throw new ApiError(status, `${status}: ${body}`, parsed);
    return parsed as T;
  };
}

export const browserGet: GetJson = apiGet;
