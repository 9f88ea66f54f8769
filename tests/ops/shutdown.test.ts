import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";
import { apiCall, ownerIn, signInOver, startApp } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// SIGTERM while an upload is still arriving: the server stops taking
// connections, finishes that upload, closes its pool and exits 0; past the
// shutdown timeout it gives up on what is left, and nothing half-stored remains.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

const BOUNDARY = "----rd-shutdown-test";

async function photoBody(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b08d57" } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="dial.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Starts an upload and sends only the first half of its body. */
function startUpload(url: string, token: string, body: Buffer) {
  const req = request(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": body.length,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  req.write(body.subarray(0, body.length / 2));
  return { finish: () => req.end(body.subarray(body.length / 2)), response };
}

async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const photosOf = async (repairId: string) => {
  const client = createDb(database.url, 1);
  try {
    return await client.photo.findMany({ where: { repairId } });
  } finally {
    await client.$disconnect();
  }
};

const storedFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe("graceful shutdown", () => {
  it(
    "finishes an upload in flight after SIGTERM, refuses new connections, closes the pool and exits 0",
    { timeout: 300_000 },
    async () => {
      const owner = await ownerIn(database.url, "Shutdown");
      const app = await startApp({ databaseUrl: database.url });
      const token = await signInOver(app.base, owner.email, owner.password);
      const created = await apiCall(app.base, token, "/api/repairs", {
        repair_number: "SD-1",
        customer_name: "Núria Puig",
        item_description: "Longines",
      });
      expect(created.status).toBe(201);
      const repair = (await created.json()) as { id: string };

      const upload = startUpload(`${app.base}/api/repairs/${repair.id}/photos`, token, await photoBody());
      await new Promise((r) => setTimeout(r, 300));
      const exit = app.stop("SIGTERM");
      await waitFor(() => app.output().includes("shutting down"), "the shutdown to begin");

      // No new connections while the upload finishes.
      await expect(fetch(`${app.base}/api/health`)).rejects.toThrow();

      upload.finish();
      const answer = await upload.response;
      expect(answer.status).toBe(201);
      const photoId = (JSON.parse(answer.body) as { photos: Array<{ id: string }> }).photos[0].id;
      expect(await exit).toBe(0);

      const lines = app.logLines();
      expect(lines.find((l) => l.path === `/api/repairs/${repair.id}/photos` && l.method === "POST")).toMatchObject({
        status: 201,
      });
      expect(lines.map((l) => l.msg)).toContain("stopped");
      // The answered upload is stored: record and file.
      const photos = await photosOf(repair.id);
      expect(photos.map((p) => p.id)).toEqual([photoId]);
      expect(existsSync(path.join(app.uploadDir, photos[0].filePath))).toBe(true);
    },
  );

  it(
    "gives up on a request that outlives SHUTDOWN_TIMEOUT_MS, still exits 0, and stores nothing of it",
    { timeout: 300_000 },
    async () => {
      const owner = await ownerIn(database.url, "Timeout");
      const app = await startApp({ databaseUrl: database.url, env: { SHUTDOWN_TIMEOUT_MS: "1500" } });
      const token = await signInOver(app.base, owner.email, owner.password);
      const created = await apiCall(app.base, token, "/api/repairs", {
        repair_number: "SD-2",
        customer_name: "Pau Soler",
        item_description: "Tissot",
      });
      const repair = (await created.json()) as { id: string };

      const upload = startUpload(`${app.base}/api/repairs/${repair.id}/photos`, token, await photoBody());
      upload.response.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      const stopped = Date.now();
      expect(await app.stop("SIGTERM")).toBe(0);
      expect(Date.now() - stopped).toBeLessThan(15_000);
      await expect(upload.response).rejects.toThrow();
      expect(app.logLines().map((l) => l.msg)).toContain("shutdown timeout reached: closing the remaining connections");

      expect(await photosOf(repair.id)).toEqual([]);
      expect(storedFiles(app.uploadDir)).toEqual([]);
    },
  );
});
