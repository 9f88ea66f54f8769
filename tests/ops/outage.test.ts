import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, ownerIn, signInOver, startApp, type AppServer } from "../helpers/app-server";
import { tcpProxy, throughProxy, type TcpProxy } from "../helpers/tcp-proxy";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The database goes away under a running server (every connection dropped,
// new ones refused) and comes back: clear 503s meanwhile, fast, the server
// stays up, and it recovers by itself.

const UNAVAILABLE = {
  error: "The database is not available. Please try again in a moment.",
  code: "databaseUnavailable",
};

let database: TestDatabase;
let proxy: TcpProxy;
let app: AppServer;
beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
});
afterAll(async () => {
  await app?.stop();
  await proxy?.close();
  await database?.drop();
});

async function timed(call: () => Promise<Response>) {
  const started = Date.now();
  const response = await call();
  return { response, ms: Date.now() - started, body: await response.json() };
}

describe("a database outage", () => {
  it(
    "answers 503 within seconds, keeps serving, and recovers when the database returns",
    { timeout: 300_000 },
    async () => {
      const owner = await ownerIn(database.url, "Outage");
      app = await startApp({ databaseUrl: throughProxy(database.url, proxy) });
      const token = await signInOver(app.base, owner.email, owner.password);
      const created = await apiCall(app.base, token, "/api/repairs", {
        repair_number: "OUT-1",
        customer_name: "Marta Vila",
        item_description: "Rolex Datejust",
      });
      expect(created.status).toBe(201);
      const repair = (await created.json()) as { id: string };

      proxy.cut();

      const calls: Array<[string, () => Promise<Response>]> = [
        ["list", () => apiCall(app.base, token, "/api/repairs")],
        ["detail", () => apiCall(app.base, token, `/api/repairs/${repair.id}`)],
        [
          "create",
          () =>
            apiCall(app.base, token, "/api/repairs", {
              repair_number: "OUT-2",
              customer_name: "Lost Write",
              item_description: "Seiko",
            }),
        ],
        [
          "status",
          () => apiCall(app.base, token, `/api/repairs/${repair.id}/status`, { status: "diagnosing" }, "PATCH"),
        ],
        [
          "login",
          () =>
            fetch(`${app.base}/api/auth/login`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(owner),
            }),
        ],
      ];
      for (const [name, call] of calls) {
        const { response, ms, body } = await timed(call);
        expect({ name, status: response.status, body }).toEqual({ name, status: 503, body: UNAVAILABLE });
        expect(response.headers.get("retry-after")).toBe("5");
        expect(ms, `${name} took ${ms} ms`).toBeLessThan(8_000);
      }
      const health = await timed(() => fetch(`${app.base}/api/health`));
      expect(health.response.status).toBe(503);
      expect(health.body).toEqual({ status: "unavailable" });
      // The server itself is up: pages that need no data still load.
      expect((await fetch(`${app.base}/login`)).status).toBe(200);

      proxy.restore();

      let recovered: Response | undefined;
      const until = Date.now() + 20_000;
      while (Date.now() < until) {
        recovered = await apiCall(app.base, token, "/api/repairs");
        if (recovered.status === 200) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(recovered?.status).toBe(200);
      const list = (await recovered!.json()) as { repairs: Array<{ repair_number: string; status: string }> };
      // The write refused during the outage did not happen; the one before it is intact.
      expect(list.repairs.map((r) => [r.repair_number, r.status])).toEqual([["OUT-1", "received"]]);
      expect(
        (await apiCall(app.base, token, `/api/repairs/${repair.id}/status`, { status: "diagnosing" }, "PATCH")).status,
      ).toBe(200);
      expect((await fetch(`${app.base}/api/health`)).status).toBe(200);

      // Same server process all along, and the outage is in its logs with the cause.
      expect(app.child.exitCode).toBeNull();
      const lines = app.logLines();
      expect(lines.filter((l) => l.msg === "request" && l.status === 503).length).toBeGreaterThanOrEqual(calls.length);
      const warning = lines.find((l) => l.msg === "database unavailable") as
        { error?: Record<string, unknown>; reqId?: string } | undefined;
      expect(warning?.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(warning?.error)).toMatch(
        /closed the connection|Connection terminated|ECONNRESET|ECONNREFUSED|DatabaseNotReachable|Can.t reach/i,
      );
    },
  );
});
