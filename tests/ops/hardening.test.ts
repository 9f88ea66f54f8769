import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FloodAnswer } from "@/scripts/lib/body-flood";
import { apiCall, ownerIn, signInOver, startApp, type AppServer } from "../helpers/app-server";
import { run, TSX } from "../helpers/processes";
import { tempDir } from "../helpers/temp-dir";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The outside review's findings that only show on the production server
// (`npm start`): a huge body with no login, headers set around Next, and
// photos across a restart.

let database: TestDatabase;
let app: AppServer;
const dataDir = tempDir("rd-hardening-");
const start = () =>
  startApp({ databaseUrl: database.url, dataDir, env: { UPLOAD_DIR: undefined, HSTS_MAX_AGE: "31536000" } });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await start();
});
afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

/** Posts `size` bytes of JSON password to the login, declared or chunked; resolves with the status and the time to it. */
function hugeLogin(base: string, size: number, declared: boolean): Promise<{ status: number; ms: number }> {
  const head = Buffer.from('{"email":"someone@example.com","password":"');
  const tail = Buffer.from('"}');
  const total = head.length + size + tail.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(declared ? { "content-length": total } : {}) },
    });
    req.on("response", (res) => {
      resolve({ status: res.statusCode ?? 0, ms: performance.now() - started });
      res.resume();
      req.destroy();
    });
    // The server may close the connection once it has answered: that is fine here.
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    req.write(head);
    const chunk = Buffer.alloc(1024 * 1024, "x");
    let sent = 0;
    const pump = () => {
      while (sent < size && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end(tail);
    };
    pump();
  });
}

/** Health's answer times and the server's peak memory while `work` runs. */
async function watchServer(pid: number, base: string, work: () => Promise<unknown>) {
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  const before = rss();
  let peak = before;
  const health: number[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const t = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      health.push(performance.now() - t);
      peak = Math.max(peak, rss());
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  try {
    await work();
  } finally {
    watching = false;
    await watch;
  }
  return { health, grewBy: peak - before };
}

/**
 * A JSON body of `size` bytes sent over a raw socket the way a phone sends
 * it: a piece at a time, the server answering while it still comes. What the
 * client received before the connection ended (a reset throws away what was
 * not read yet, as a browser then shows a network error).
 */
function slowBody(base: string, token: string, path: string, size: number): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    socket.on("data", (data) => (received += data));
    socket.on("error", () => resolve(received));
    socket.on("close", () => resolve(received));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n{"notes":"`,
    );
    const piece = Buffer.alloc(64 * 1024, 0x6e);
    let sent = 10;
    const pump = () => {
      if (socket.destroyed) return;
      if (sent + piece.length >= size) return void socket.write(Buffer.alloc(size - sent, 0x6e));
      sent += piece.length;
      socket.write(piece, () => setTimeout(pump, 2));
    };
    pump();
  });
}

/**
 * A JSON body of `size` bytes written all at once, as fetch and browsers do,
 * more than the sockets' buffers hold: whether every byte was taken (a
 * server that closes early makes the write fail with a reset) and what was
 * answered.
 */
function wholeBody(base: string, token: string, path: string, size: number) {
  const { hostname, port } = new URL(base);
  return new Promise<{ wroteAll: boolean; answer: string }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    let wroteAll = false;
    // Done once the body is written and the answer came (a connection kept open ends here).
    socket.on("data", (data) => {
      answer += data;
      if (wroteAll) socket.end();
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ wroteAll, answer }));
    const head =
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n{"notes":"`;
    socket.write(head);
    socket.write(Buffer.alloc(size - 10, 0x6e), (error) => {
      wroteAll = !error;
      if (wroteAll && answer) socket.end();
    });
  });
}

/** The 95th percentile of some timings. */
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)];

describe("the production server under hostile input", () => {
  it("refuses a 30 MB password at once while /api/health keeps answering", async () => {
    const health: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const t = performance.now();
        const response = await fetch(`${app.base}/api/health`);
        expect(response.status).toBe(200);
        health.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const declared = await hugeLogin(app.base, 30 * 1024 * 1024, true);
    const chunked = await hugeLogin(app.base, 30 * 1024 * 1024, false);
    polling = false;
    await poll;
    expect(declared.status).toBe(413);
    expect(chunked.status).toBe(413);
    // Bounds loose enough for a busy CI machine (a 2-core run of the whole suite
    // saw 1.9 s once): the old behaviour took 6 to 20 s and froze everything.
    expect(declared.ms).toBeLessThan(5_000);
    expect(chunked.ms).toBeLessThan(5_000);
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health)).toBeLessThan(5_000);
    // The server's memory stayed where it was: no 30 MB string was ever built.
    const signedIn = await ownerIn(database.url, "Huge");
    expect(
      (
        await fetch(`${app.base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(signedIn),
        })
      ).status,
    ).toBe(200);
  });

  it("keeps answering every shop while one account sends 20 uploads of 20 MB at once", async () => {
    const owner = await ownerIn(database.url, "Flood");
    const token = await signInOver(app.base, owner.email, owner.password);
    const repair = await (
      await apiCall(app.base, token, "/api/repairs", {
        repair_number: "R-F",
        customer_name: "Ana",
        item_description: "Watch",
      })
    ).json();
    // The shop's own repair: two bodies are read at a time, the rest are told to wait. The clients
    // write two 10 MB photo parts each, from a process of their own. (A repair that does not exist: the next test.)
    let answers: FloodAnswer[] = [];
    const url = `${app.base}/api/repairs/${repair.id}/photos`;
    const real = await watchServer(app.serverPid, app.base, async () => {
      const { stdout } = await run(
        [...TSX, "scripts/lib/body-flood.ts", url, token, "20", String(20 * 1024 * 1024), "--multipart"],
        {},
      );
      answers = JSON.parse(stdout) as FloodAnswer[];
    });
    const statuses = answers.map((a) => Number(a.status.split(" ")[1] ?? 0)).filter(Boolean);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((s) => s === 429 || s === 422)).toBe(true);
    // Loose bounds for a 2-core machine that also runs the 20 writers: the bench measures the list beside such uploads.
    const figures = JSON.stringify(real.health.map(Math.round));
    expect(p95(real.health), figures).toBeLessThan(500);
    expect(Math.max(...real.health), figures).toBeLessThan(1_000);
    expect(real.grewBy).toBeLessThan(100 * 1024 * 1024);
  });

  it("bounds what refused bodies cost together: 20 uploads of 20 MB sent whole to a missing repair", async () => {
    const owner = await ownerIn(database.url, "Refused");
    const token = await signInOver(app.base, owner.email, owner.password);
    const calm = await watchServer(app.serverPid, app.base, () => new Promise((r) => setTimeout(r, 2_000)));
    // Clients that write the whole body whatever the answer, in a process of their own.
    const url = `${app.base}/api/repairs/00000000-0000-4000-8000-000000000000/photos`;
    let answers: FloodAnswer[] = [];
    const flood = await watchServer(app.serverPid, app.base, async () => {
      const { stdout } = await run(
        [...TSX, "scripts/lib/body-flood.ts", url, token, "20", String(20 * 1024 * 1024)],
        {},
      );
      answers = JSON.parse(stdout) as FloodAnswer[];
    });
    // Every answer that arrived is the 404 (or the 429 of the shop's two upload slots); the budget took the
    // whole of a few bodies, the rest were cut off.
    expect(answers).toHaveLength(20);
    for (const { status } of answers) if (status) expect(status).toMatch(/^HTTP\/1\.1 (404|429) /);
    expect(answers.filter((a) => a.status).length).toBeGreaterThan(0);
    // Without the budget every byte of all 20 was read (and health answered in up to 0.6 s, against 20 to 35 ms calm).
    expect(answers.filter((a) => a.wroteAll).length).toBeLessThan(10);
    // Loose bounds for a busy machine: the bench measures the list beside refused uploads.
    const figures = JSON.stringify({ calm: p95(calm.health), flood: flood.health.map(Math.round) });
    expect(Math.max(...flood.health), figures).toBeLessThan(1_000);
    expect(flood.grewBy).toBeLessThan(100 * 1024 * 1024);
    // The budget refills (48 MB at 16 MB/s) before the next test's own refused bodies.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
  });

  it("lets a client still sending an over-cap body read its 413 (a lingering close), every time", async () => {
    const owner = await ownerIn(database.url, "Slow");
    const token = await signInOver(app.base, owner.email, owner.password);
    for (let i = 0; i < 3; i++) {
      const answer = await slowBody(app.base, token, "/api/repairs", 5 * 1024 * 1024);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('"code":"bodyTooLarge"');
    }
  });

  it("takes the whole of an over-cap body sent at once (12 MB, more than the sockets buffer) before its 413, so the sender sees no reset", async () => {
    const owner = await ownerIn(database.url, "Whole");
    const token = await signInOver(app.base, owner.email, owner.password);
    for (let i = 0; i < 2; i++) {
      const { wroteAll, answer } = await wholeBody(app.base, token, "/api/repairs", 12 * 1024 * 1024);
      expect(wroteAll).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    }
  });

  it("answers a body over its cap with a 413 the client can read, and an unknown method with a 405", async () => {
    const owner = await ownerIn(database.url, "Cap");
    const token = await signInOver(app.base, owner.email, owner.password);
    // fetch sends the whole body; the server refuses it at 64 KB, and the client reads why.
    const tooLong = await apiCall(app.base, token, "/api/repairs", {
      repair_number: "R-413",
      customer_name: "Ana",
      item_description: "Watch",
      notes: "x".repeat(5 * 1024 * 1024),
    });
    expect(tooLong.status).toBe(413);
    expect((await tooLong.json()).code).toBe("bodyTooLarge");
    // A photo upload to a repair that is not there: answered before its 20 MB are read, and readable too.
    const form = new FormData();
    form.append("photos", new Blob([new Uint8Array(10 * 1024 * 1024 - 4096)], { type: "image/jpeg" }), "a.jpg");
    form.append("photos", new Blob([new Uint8Array(10 * 1024 * 1024 - 4096)], { type: "image/jpeg" }), "b.jpg");
    const missing = await fetch(`${app.base}/api/repairs/00000000-0000-4000-8000-000000000000/photos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe("repairNotFound");

    for (const method of ["TRACE", "PROPFIND"]) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${app.base}/api/health`, { method }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end();
      });
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body).code).toBe("methodNotAllowed");
      expect(answer.body).not.toMatch(/at .*\.js/);
    }
  });

  it("marks API answers no-store, and sends HSTS only where the browser came over HTTPS", async () => {
    const login = await fetch(`${app.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(login.headers.get("cache-control")).toBe("no-store");
    const plain = await fetch(`${app.base}/api/health`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const proxied = await fetch(`${app.base}/login`, { headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("keeps photos out of public/, served with their sandbox before and after a restart, and a deleted one is a 404", async () => {
    const owner = await ownerIn(database.url, "Photos");
    let token = await signInOver(app.base, owner.email, owner.password);
    const repair = await (
      await apiCall(app.base, token, "/api/repairs", {
        repair_number: "R-1",
        customer_name: "Ana",
        item_description: "Ring",
      })
    ).json();
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#b08d57" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("photos", new Blob([jpeg as BlobPart], { type: "image/jpeg" }), "ring.jpg");
    const uploaded = await fetch(`${app.base}/api/repairs/${repair.id}/photos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [photo] = (await uploaded.json()).photos as { id: string; file_path: string }[];
    expect(existsSync(path.join(dataDir, "uploads", photo.file_path))).toBe(true);
    expect(existsSync(path.join("public", "uploads", photo.file_path))).toBe(false);

    await app.stop();
    app = await start();
    const served = await fetch(`${app.base}/uploads/${photo.file_path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("content-type")).toBe("image/jpeg");

    token = await signInOver(app.base, owner.email, owner.password);
    expect(
      (await apiCall(app.base, token, `/api/repairs/${repair.id}/photos/${photo.id}`, undefined, "DELETE")).status,
    ).toBe(200);
    const gone = await fetch(`${app.base}/uploads/${photo.file_path}`);
    expect(gone.status).toBe(404);
  });

  // Last: it spends this address's sign-in attempts.
  it("counts sign-ins per connection address, whatever X-Forwarded-For a client sends itself", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await fetch(`${app.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}, 198.51.100.${i}` },
        body: JSON.stringify({ email: `guess${i}@example.com`, password: "Wrong-Horse-99" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
