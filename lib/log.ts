import pino, { type Logger } from "pino";
import { settings } from "@/lib/env";
import { processWide } from "@/lib/process-wide";

// One structured logger for the server: JSON lines on stdout, one per request
// (scripts/serve.ts) plus errors with their cause. Nothing here ever logs a
// request body, a header, a query string or a database URL, so no password,
// token, TOTP code or secret can reach the logs; the redaction below is a second
// line of defence for fields someone adds later.

export function logger(): Logger {
  return processWide<Logger>("logger", () =>
    pino({
      level: settings().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [
          "password",
          "*.password",
          "token",
          "*.token",
          "refreshToken",
          "*.refreshToken",
          "secret",
          "*.secret",
          "authorization",
          "*.authorization",
          "cookie",
          "*.cookie",
        ],
        censor: "[redacted]",
      },
    }),
  );
}

/**
 * Paths that are credentials themselves: a customer's status link opens the
 * status page and answers the quote; a photo's or a signature's name is what
 * lets an <img> fetch it. The log keeps their route, never the secret part.
 */
const CREDENTIAL_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/^\/t\/[^/]+/, "/t/:token"],
  [/^\/uploads\/.*$/, "/uploads/:file"],
];

/** A request's path as the log keeps it: no query string (one-time tokens, `/setup?token=`), no credential. */
export function loggedPath(url: string | undefined): string {
  const raw = url ?? "/";
  const end = raw.search(/[?#]/);
  const path = (end === -1 ? raw : raw.slice(0, end)).slice(0, 300);
  for (const [pattern, route] of CREDENTIAL_PATHS) if (pattern.test(path)) return path.replace(pattern, route);
  return path;
}

/**
 * Prisma's messages can quote the call's arguments ("Invalid `prisma.x()`
 * invocation: { where: { ... } }"), values included: keep only the reason.
 */
function plainMessage(message: string): string {
  const text = message.trim();
  const reason = /^Invalid `[^`]*` invocation/.test(text) ? (text.split(/\n\s*\n/).pop() ?? "") : text;
  return reason.trim().slice(0, 500);
}

/** An error as a log field: its name, message and code, and the same for each cause (no stack, no values). */
export function errorFields(error: unknown): Record<string, unknown> {
  const chain: Array<Record<string, unknown>> = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    if (typeof e !== "object") {
      chain.push({ message: String(e) });
      break;
    }
    const { name, message, code } = e as { name?: unknown; message?: unknown; code?: unknown };
    chain.push({
      ...(typeof name === "string" ? { name } : {}),
      ...(typeof message === "string" ? { message: plainMessage(message) } : {}),
      ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    });
    e = (e as { cause?: unknown }).cause;
  }
  const [first, ...causes] = chain;
  return { ...first, ...(causes.length ? { causes } : {}) };
}

/** The request id set by the server (scripts/serve.ts) on every request. */
export function requestId(request: Request | undefined): string | undefined {
  return request?.headers.get("x-request-id") ?? undefined;
}
