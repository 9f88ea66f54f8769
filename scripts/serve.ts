// The production HTTP server: Next's request handler behind a plain Node
// server of ours, which gives every request an id and one JSON log line, and
// stops gracefully. `npm start` runs it as a child process (the embedded
// database stays in the parent); the Docker image runs it directly.
//
// Shutdown (SIGTERM or SIGINT): stop accepting connections, let requests in
// flight finish (uploads, exports) for up to SHUTDOWN_TIMEOUT_MS, then close
// the database pool and exit 0. A second signal does not cut it short; the
// timeout does.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { closeDb } from "@/lib/db";
import { errorText } from "@/lib/errors";
import { CLIENT_ADDRESS_HEADER, clientAddress, trustedProxies } from "@/lib/http/client-address";
import { boundUnreadBody } from "@/lib/http/linger";
import { settings } from "@/lib/env";
import { errorFields, loggedPath, logger } from "@/lib/log";
import { collectWhenIdle, memoryAfterCollection } from "@/lib/runtime/gc";
import { requestStarted } from "@/lib/runtime/requests";

/**
 * How much of a response is buffered before a write waits for the socket:
 * at Node's default a list page waited for 'drain' after its body, and Next's
 * end of the chunked body became a system call of its own; within this they
 * go out together (docs/performance.md).
 */
const RESPONSE_BUFFER_BYTES = 64 * 1024;

/** res.flushHeaders: the headers wait for the first chunk, which follows at once (Next's pipe-readable). */
function headersGoWithTheBody(): void {}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Whether the browser reached us over HTTPS: TLS on this socket, or a reverse
 * proxy that terminated it and said so (X-Forwarded-Proto). HSTS is only
 * meaningful there (browsers ignore it over plain HTTP).
 */
function isHttps(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",")[0].trim().toLowerCase() === "https";
}

/** The methods the app answers; any other (TRACE, CONNECT, made-up ones) is a 405 before Next sees it. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

async function main() {
  const log = logger();
  const config = settings();
  const trusted = trustedProxies(config.TRUST_PROXY);
  const app = next({ dev: false, dir: process.cwd(), hostname: config.HOSTNAME, port: config.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  let inFlight = 0;
  let stopping = false;
  const worked = collectWhenIdle(() => inFlight === 0);

  const server = createServer({ highWaterMark: RESPONSE_BUFFER_BYTES }, (req: IncomingMessage, res: ServerResponse) => {
    if (!METHODS.has(req.method ?? "")) {
      res.writeHead(405, { Allow: [...METHODS].join(", "), "Content-Type": "application/json", Connection: "close" });
      res.end(JSON.stringify({ error: errorText("methodNotAllowed"), code: "methodNotAllowed" }));
      return;
    }
    // Per-address limits read this; a client never sets it (lib/http/client-address.ts).
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      trusted,
    );
    const incoming = req.headers["x-request-id"];
    const reqId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers["x-request-id"] = reqId;
    res.setHeader("X-Request-Id", reqId);
    if (stopping) res.setHeader("Connection", "close");
    if (config.HSTS_MAX_AGE > 0 && isHttps(req))
      res.setHeader("Strict-Transport-Security", `max-age=${config.HSTS_MAX_AGE}; includeSubDomains`);
    // Next flushes a response's headers with a system call of their own,
    // then writes its first chunk at once: they go out together instead.
    res.flushHeaders = headersGoWithTheBody;
    const started = process.hrtime.bigint();
    inFlight++;
    // An export's thread gives way while this is served.
    const served = requestStarted();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      inFlight--;
      served();
      worked();
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const line = {
        reqId,
        method: req.method,
        path: loggedPath(req.url),
        status: res.statusCode,
        durationMs,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) log.error(line, "request");
      else log.info(line, "request");
      if (stopping && inFlight === 0) server.closeIdleConnections();
    };
    res.on("finish", done);
    res.on("close", done);
    // An answer that leaves its body unread (a 404 before an upload's bytes): the rest within the refused bodies' budget.
    boundUnreadBody(req, res);
    handle(req, res).catch((error: unknown) => {
      log.error({ reqId, error: errorFields(error) }, "request handler failed");
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ error: errorText("internal"), code: "internal" }));
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info(
      { reason, inFlight, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
      "shutting down: no new connections, finishing requests in flight",
    );
    const force = setTimeout(() => {
      log.warn({ inFlight }, "shutdown timeout reached: closing the remaining connections");
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
        await app.close();
      } catch (error) {
        log.warn({ error: errorFields(error) }, "Next did not close cleanly");
      }
      await closeDb().catch((error: unknown) =>
        log.warn({ error: errorFields(error) }, "database pool did not close cleanly"),
      );
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGUSR2", () => logger().info(memoryAfterCollection(), "memory"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // Started by `npm start`: when that parent goes (and the embedded database
  // with it), this server has nothing to serve.
  if (process.send) process.on("disconnect", () => shutdown("parent process exited"));

  server.listen(config.PORT, config.HOSTNAME, () => {
    log.info({ port: config.PORT, hostname: config.HOSTNAME }, "ready");
    // The human line operators (and the tests) wait for.
    console.log(`Ready on http://${config.HOSTNAME === "0.0.0.0" ? "localhost" : config.HOSTNAME}:${config.PORT}`);
  });
}

main().catch((error: unknown) => {
  logger().fatal({ error: errorFields(error) }, "server failed to start");
  process.exit(1);
});
