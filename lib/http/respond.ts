import { ZodError } from "zod";
import { AppError, errorText, isErrorCode, type ErrorCode } from "@/lib/errors";
import { errorFields, logger, requestId } from "@/lib/log";

// Every route handler answers errors through `errorResponse`: one shape,
// `{ error, code }` (plus `fields` for bad input), no stack traces, and
// nothing a client can send turns into a 500.

export function json(body: unknown, init?: ResponseInit): Response {
  return Response.json(body, init);
}

function fail(status: number, code: ErrorCode, extra?: Record<string, unknown>, headers?: HeadersInit): Response {
  return Response.json({ error: errorText(code), code, ...extra }, { status, headers });
}

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P03"]);
// Prisma's own codes for "cannot reach / lost the database" and pool timeouts.
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// What @prisma/adapter-pg reports (meta.driverAdapterError.cause.kind).
const ADAPTER_UNAVAILABLE = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "DatabaseDoesNotExist"]);

function isDatabaseDown(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_ERRORS.has(code) || PRISMA_UNAVAILABLE.has(code))) return true;
    const kind = (e as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta?.driverAdapterError?.cause?.kind;
    if (typeof kind === "string" && ADAPTER_UNAVAILABLE.has(kind)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Can't reach database server/i.test(message)) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof AppError) {
    if (error.retryAfter !== undefined) {
      return fail(error.status, error.code, { retryAfter: error.retryAfter }, { "Retry-After": String(error.retryAfter) });
    }
    return fail(error.status, error.code, error.fields ? { fields: error.fields } : undefined);
  }
  if (error instanceof ZodError) {
    const fields: Record<string, ErrorCode> = {};
    for (const issue of error.issues) {
      const key = issue.path.join(".") || "_";
      if (!fields[key]) fields[key] = isErrorCode(issue.message) ? issue.message : "internal";
    }
    const first = Object.values(fields)[0] ?? "internal";
    return fail(400, first, { fields });
  }
  const reqId = requestId(request);
  if (isDatabaseDown(error)) {
    logger().warn({ reqId, error: errorFields(error) }, "database unavailable");
    return fail(503, "databaseUnavailable", undefined, { "Retry-After": "5" });
  }
  // P2028: no transaction could start in time (a burst of writes); P2034: a
  // write conflict or deadlock the database broke. Busy, not broken: try again.
  const code = (error as { code?: unknown })?.code;
  if (code === "P2028" || code === "P2034") {
    logger().warn({ reqId, error: errorFields(error) }, "database busy");
    return fail(503, "busy", undefined, { "Retry-After": "1" });
  }
  logger().error({ reqId, error: errorFields(error) }, "unhandled error in a route handler");
  return fail(500, "internal");
}

/** Reads a JSON body; anything that is not a JSON object is a clear 400/415. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) throw new AppError("unsupportedMediaType", 415);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new AppError("invalidJson", 400);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new AppError("invalidJson", 400);
  return body as Record<string, unknown>;
}
