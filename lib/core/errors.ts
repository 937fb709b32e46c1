export type FieldErrors = Record<string, string[]>;

/** A failure the caller can act on: carries the HTTP status and a machine-readable code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, errors?: FieldErrors, code = "VALIDATION_FAILED") =>
  new AppError(400, code, message, errors);
export const unauthorized = (message = "Please sign in to continue", code = "UNAUTHORIZED") =>
  new AppError(401, code, message);
export const forbidden = (message = "You are not allowed to do this", code = "FORBIDDEN") =>
  new AppError(403, code, message);
export const notFound = (message = "Not found", code = "NOT_FOUND") => new AppError(404, code, message);
export const conflict = (message: string, code = "CONFLICT", errors?: FieldErrors) =>
  new AppError(409, code, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, "RATE_LIMITED", message, undefined, { "Retry-After": String(retryAfterSeconds) });
