import en from "@/messages/en.json" with { type: "json" };

// One error type for the whole server. The code is stable (the client
// translates it); the text is the English one from messages/en.json, which
// holds the spec's texts word for word.
export type ErrorCode = keyof typeof en.errors;
export type SuccessCode = keyof typeof en.success;

export function errorText(code: ErrorCode): string {
  return en.errors[code];
}

export function successText(code: SuccessCode): string {
  return en.success[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(en.errors, value);
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly fields?: Record<string, ErrorCode>,
    /** Seconds until a rate-limited caller may try again (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(errorText(code));
    this.name = "AppError";
  }
}
