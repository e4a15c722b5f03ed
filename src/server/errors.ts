import { defaultErrorCode, type ErrorCode } from '../shared/error-codes';
import { AUTH_REQUIRED } from '../shared/messages';
// Named errors carry their HTTP status and a stable code; the error handler in app.ts turns them
// into `{ "error": "...", "code": "..." }`. Anything else is a 500 whose details stay in the log.
export class HttpError extends Error {
  public readonly code: ErrorCode;
  constructor(
    public readonly statusCode: number,
    message: string,
    code?: ErrorCode,
    /** Fields the answer carries beside error and code (listed in errorAnswerSchema). */
    public readonly extra?: { waitlist?: boolean },
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

export const badRequest = (message: string, code?: ErrorCode) => new HttpError(400, message, code);
export const unauthorized = (message = AUTH_REQUIRED, code?: ErrorCode) => new HttpError(401, message, code);
export const forbidden = (message = 'You do not have permission to do this', code?: ErrorCode) => new HttpError(403, message, code);
export const notFound = (message = 'Not found', code?: ErrorCode) => new HttpError(404, message, code);
export const conflict = (message: string, code?: ErrorCode) => new HttpError(409, message, code);
export const payloadTooLarge = (message: string, code?: ErrorCode) => new HttpError(413, message, code);
export const unsupportedMedia = (message: string, code?: ErrorCode) => new HttpError(415, message, code);
export const tooManyRequests = (message: string, code?: ErrorCode) => new HttpError(429, message, code);
