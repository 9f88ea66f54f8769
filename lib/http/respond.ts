import { ZodError } from "zod";
import { AppError, errorText, isErrorCode, statusOf, uniqueViolation, type ErrorCode } from "@/lib/errors";
import { errorFields, logger, requestId } from "@/lib/log";
import { declaredLength, giveLingerRoom, LINGER, takeLingerRoom } from "./linger";

// Every route handler answers errors through `errorResponse`: one shape,
// `{ error, code }` (plus `fields` for bad input), no stack traces, and
// nothing a client can send turns into a 500.

// Every API answer is private and current (tokens, 2FA secrets, a shop's
// data): no browser or proxy may keep it. next.config.mjs says the same for
// anything under /api that does not come through here.
const NO_STORE = { "Cache-Control": "no-store" };

/** A JSON answer, never kept by a browser or proxy. */
export function json(body: unknown, init?: ResponseInit): Response {
  return Response.json(body, {
    ...init,
    headers: { ...NO_STORE, ...(init?.headers as Record<string, string> | undefined) },
  });
}

function fail(
  code: ErrorCode,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
  status = statusOf(code),
): Response {
  return Response.json({ error: errorText(code), code, ...extra }, { status, headers: { ...NO_STORE, ...headers } });
}

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P03"]);
// Prisma's own codes for "cannot reach / lost the database" and pool timeouts.
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// What @prisma/adapter-pg reports (meta.driverAdapterError.cause.kind).
const ADAPTER_UNAVAILABLE = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "DatabaseDoesNotExist",
]);

/** An error and the errors it wraps (Prisma's `cause`), a few levels deep. */
function* causes(error: unknown): Generator<Record<string, unknown>> {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    yield e as Record<string, unknown>;
    e = (e as { cause?: unknown }).cause;
  }
}

type AdapterCause = { meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } } };
const adapterCause = (e: unknown) => (e as AdapterCause).meta?.driverAdapterError?.cause;

function isDatabaseDown(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = e.code;
    if (typeof code === "string" && (CONNECTION_ERRORS.has(code) || PRISMA_UNAVAILABLE.has(code))) return true;
    const kind = adapterCause(e)?.kind;
    if (typeof kind === "string" && ADAPTER_UNAVAILABLE.has(kind)) return true;
    const message = e.message;
    if (
      typeof message === "string" &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Can't reach database server/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** Postgres cancelled a statement that ran past statement_timeout (SQLSTATE 57014). */
function isStatementTimeout(error: unknown): boolean {
  for (const e of causes(error)) if (e.code === "57014" || adapterCause(e)?.originalCode === "57014") return true;
  return false;
}

export function errorResponse(thrown: unknown, request?: Request): Response {
  const error = uniqueViolation(thrown) ?? thrown;
  if (error instanceof AppError) {
    if (error.retryAfter !== undefined) {
      return fail(error.code, { retryAfter: error.retryAfter }, { "Retry-After": String(error.retryAfter) });
    }
    // Too large: the connection is closed after the answer (readCapped read the rest of the body
    // within the refused bodies' budget first, so the client reads the answer; past it, cut off).
    const close = error.status === 413 ? { Connection: "close" } : undefined;
    return fail(error.code, error.fields ? { fields: error.fields } : undefined, close);
  }
  if (error instanceof ZodError) {
    const fields: Record<string, ErrorCode> = {};
    for (const issue of error.issues) {
      const key = issue.path.join(".") || "_";
      if (!fields[key]) fields[key] = isErrorCode(issue.message) ? issue.message : "invalidField";
    }
    const first = Object.values(fields)[0] ?? "invalidField";
    // Input that fails its schema is bad input (400), whichever code says why.
    return fail(first, { fields }, undefined, 400);
  }
  const reqId = requestId(request);
  if (isDatabaseDown(error)) {
    logger().warn({ reqId, error: errorFields(error) }, "database unavailable");
    return fail("databaseUnavailable", undefined, { "Retry-After": "5" });
  }
  // A statement that ran past statement_timeout: the request took too long, not the database is gone.
  if (isStatementTimeout(error)) {
    logger().warn({ reqId, error: errorFields(error) }, "statement timeout");
    return fail("queryTimeout", undefined, { "Retry-After": "5" });
  }
  // P2028: no transaction could start in time (a burst of writes); P2034: a
  // write conflict or deadlock the database broke. Busy, not broken: try again.
  const code = (error as { code?: unknown })?.code;
  if (code === "P2028" || code === "P2034") {
    logger().warn({ reqId, error: errorFields(error) }, "database busy");
    return fail("busy", undefined, { "Retry-After": "1" });
  }
  logger().error({ reqId, error: errorFields(error) }, "unhandled error in a route handler");
  return fail("internal");
}

/** Body caps, in bytes, by what an endpoint takes (documented in docs/security.md). */
export const BODY_LIMITS = {
  /** Credentials, codes, settings: a few short fields. */
  small: 4 * 1024,
  /** A repair with its longest notes (5,000 characters, up to 4 bytes each) and the rest. */
  repair: 64 * 1024,
  /** A signature drawn at the counter: a PNG of at most 512 KB, as base64 in JSON. */
  signature: 720 * 1024,
} as const;

/**
 * Reads and throws away the rest of an over-cap body, at most `room` bytes or
 * LINGER.ms; the bytes read.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, room: number): Promise<number> {
  const deadline = Date.now() + LINGER.ms;
  let read = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  while (read <= room && Date.now() < deadline) {
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, deadline - Date.now(), null)));
    const chunk = await Promise.race([reader.read(), late]).catch(() => null);
    clearTimeout(timer);
    if (!chunk || chunk.done) break;
    read += chunk.value.byteLength;
  }
  return read;
}

/**
 * The body's bytes, never more than `limit`: nothing past it is kept, and a
 * body over it is refused (413) once read to its end, so a client still
 * sending reads the 413 (a lingering close, within the refused bodies' budget
 * and bound of ./linger.ts; past them the connection closes after the answer).
 * So no body, however large or slow, is held or parsed whole.
 */
export async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared > LINGER.bytes) throw new AppError("bodyTooLarge");
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new AppError("invalidJson");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      const room = Math.max(0, declared - size);
      if (takeLingerRoom(room)) giveLingerRoom(room - (await discardRest(reader, room)));
      throw new AppError("bodyTooLarge");
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Objects and arrays may nest this deep in a JSON body: no request of the
 * API nests past 3. A deeper body is refused (400) before it is parsed, so
 * nothing that walks a body (the NUL check, a schema) meets a deep one.
 */
export const JSON_MAX_DEPTH = 32;

/** Whether the JSON text nests objects or arrays deeper than `max`; one pass, strings skipped. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The path of the first string (key or value) holding a character Postgres
 * cannot store in text (NUL), or null. Such a string is refused as bad input
 * instead of failing in the database. The path is built only for the string
 * found; bodies reach here at most JSON_MAX_DEPTH deep.
 */
export function pathOfNul(value: unknown): string | null {
  const keys = keysToNul(value);
  return keys === null ? null : keys.join(".") || "_";
}

function keysToNul(value: unknown): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? [] : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return ["_"];
    const found = keysToNul(inner);
    if (found !== null) return [key, ...found];
  }
  return null;
}

/** Refuses a text with a NUL character as a 400 naming the field. */
export function assertNoNul(value: unknown): void {
  const field = pathOfNul(value);
  if (field !== null) throw new AppError("textInvalid", { fields: { [field]: "textInvalid" } });
}

/**
 * Reads a JSON object body of at most `limit` bytes (see BODY_LIMITS);
 * anything else is a clear 400, 413 or 415, never a 500.
 */
export async function readJson(request: Request, limit: number = BODY_LIMITS.small): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) throw new AppError("unsupportedMediaType");
  const bytes = await readCapped(request, limit);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalidJson");
  }
  if (nestsDeeperThan(text, JSON_MAX_DEPTH)) throw new AppError("jsonTooDeep");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("invalidJson");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new AppError("invalidJson");
  assertNoNul(body);
  return body as Record<string, unknown>;
}

/** readJson for a call whose body may be left out (no length, no type): `{}` then. */
export async function readJsonIfAny(request: Request, limit: number = BODY_LIMITS.small) {
  const length = request.headers.get("content-length");
  const none = !request.headers.get("content-type") && !request.headers.get("transfer-encoding");
  if (none && (length === null || length === "0")) return {};
  return readJson(request, limit);
}

/** A request's query parameters, each checked like a JSON body's strings. */
export function readQuery(request: Request): Record<string, string> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  assertNoNul(query);
  return query;
}
