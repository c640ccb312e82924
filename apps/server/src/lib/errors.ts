import type { ErrorCode, ErrorCodeWithStatus } from '@jara/shared';

/**
 * The one error type services throw; the error handler maps it to `{ success:false, message, code }`.
 * Its code is one of the catalogue's (packages/shared/src/error-codes.ts) with this very status.
 */
export class AppError<S extends number = number> extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: S,
    code: ErrorCodeWithStatus<S>,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.code = code;
  }
}

/** The body of an error answer, for the few places that answer without throwing (the error handler, ops). */
export const errorBody = <C extends ErrorCode>(code: C, message: string, extra?: Record<string, unknown>) => ({
  success: false as const,
  message,
  code,
  ...extra,
});

export const badRequest = (message: string, code: ErrorCodeWithStatus<400> = 'bad_request', details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCodeWithStatus<409> = 'conflict') =>
  new AppError(409, code, message);
export const DATABASE_UNAVAILABLE = 'Jara cannot reach its database right now. Please try again in a minute.';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNREACHABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|connection timeout/i;

/**
 * Whether an error (or one it wraps, as the ORM wraps the driver's) says the database could not
 * be reached: the request is answered 503 and may be retried; the process recovers by itself.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_TEXT.test(e.message)) return true;
  }
  return false;
}

export const tooMany = (message = 'Too many requests. Please wait a moment and try again.') =>
  new AppError(429, 'rate_limited', message);
