import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";
import { liveServer } from "@/lib/runtime/data-dir-lock";
import { apiCall, ownerIn, signInOver, startApp, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { tempDir } from "../helpers/temp-dir";

// kill -9 of the server in the middle of a burst of writes, then a restart:
// every write answered 2xx is there, nothing is half-applied (each repair has
// its history, the status counters match the rows), and the embedded database
// opens cleanly after losing its process.

type Acked = { id: string; repair_number: string; customer_name: string; item_description: string; moved: boolean };

/** Eight clients creating repairs and moving each one on, until the server dies. */
async function writeBurst(app: AppServer, token: string, label: string, killAfterMs: number) {
  const acked = new Map<string, Acked>();
  let dead = false;
  const worker = async (w: number) => {
    for (let i = 0; !dead; i++) {
      const input = {
        repair_number: `${label}-${w}-${i}`,
        customer_name: `Client ${w}.${i} Ferrer`,
        item_description: `Cartier Tank, strap ${w}.${i}`,
      };
      try {
        const created = await apiCall(app.base, token, "/api/repairs", input);
        if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
        const { id } = (await created.json()) as { id: string };
        acked.set(id, { id, ...input, moved: false });
        const moved = await apiCall(app.base, token, `/api/repairs/${id}/status`, { status: "diagnosing" }, "PATCH");
        if (moved.status !== 200) throw new Error(`status answered ${moved.status}: ${await moved.text()}`);
        acked.get(id)!.moved = true;
      } catch (error) {
        if (dead) return; // the connection died with the server: this write was never answered
        throw error;
      }
    }
  };
  const workers = Array.from({ length: 8 }, (_, w) => worker(w));
  await new Promise((r) => setTimeout(r, killAfterMs));
  dead = true;
  await app.crash();
  await Promise.all(workers);
  return acked;
}

/** Every acknowledged write is there, and every repair is whole. */
async function expectIntact(databaseUrl: string, acked: Map<string, Acked>) {
  const client = createDb(databaseUrl, 1);
  try {
    const repairs = await client.repair.findMany({
      select: { id: true, repairNumber: true, customerName: true, itemDescription: true, status: true, shopId: true },
    });
    const byId = new Map(repairs.map((r) => [r.id, r]));
    for (const write of acked.values()) {
      const row = byId.get(write.id);
      expect(row, `acknowledged repair ${write.repair_number}`).toBeDefined();
      expect(row).toMatchObject({
        repairNumber: write.repair_number,
        customerName: write.customer_name,
        itemDescription: write.item_description,
      });
      if (write.moved) expect(row!.status).toBe("diagnosing");
    }
    // Each repair's last history entry is its status: no change without its record.
    const latest = await client.$queryRaw<Array<{ id: string; status: string; last: string | null; entries: bigint }>>`
      SELECT r.id, r.status::text AS status,
             (SELECT h.to_status::text FROM status_history h WHERE h.repair_id = r.id ORDER BY h.changed_at DESC, h.from_status IS NULL LIMIT 1) AS last,
             (SELECT count(*) FROM status_history h WHERE h.repair_id = r.id) AS entries
      FROM repairs r`;
    for (const row of latest) {
      expect(row.last, `history of ${row.id}`).toBe(row.status);
      expect(Number(row.entries)).toBe(row.status === "received" ? 1 : 2);
    }
    // The trigger-kept counters agree with the rows.
    const counted = await client.$queryRaw<Array<{ status: string; n: bigint; kept: number | null }>>`
      SELECT r.status::text AS status, count(*) AS n,
             (SELECT c.count FROM repair_counts c WHERE c.shop_id = r.shop_id AND c.status = r.status) AS kept
      FROM repairs r GROUP BY r.shop_id, r.status`;
    for (const row of counted) expect(row.kept).toBe(Number(row.n));
    return repairs.length;
  } finally {
    await client.$disconnect();
  }
}

describe("kill -9 during a burst of writes", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it("on a database server: every answered write survives, none is half-applied", { timeout: 300_000 }, async () => {
    const owner = await ownerIn(database.url, "Crash");
    const app = await startApp({ databaseUrl: database.url });
    const token = await signInOver(app.base, owner.email, owner.password);
    const acked = await writeBurst(app, token, "K", 2_500);
    expect(acked.size).toBeGreaterThan(20);

    const again = await startApp({ databaseUrl: database.url, dataDir: app.dataDir });
    try {
      const rows = await expectIntact(database.url, acked);
      expect(rows).toBeGreaterThanOrEqual(acked.size);
      expect((await fetch(`${again.base}/api/health`)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it(
    "on the embedded database: it opens cleanly after the crash, with every answered write",
    { timeout: 400_000 },
    async () => {
      const dataDir = tempDir("rd-crash-embedded-");
      const app = await startApp({ dataDir, env: { DATABASE_URL: undefined } });
      const owner = await ownerIn(liveServer(dataDir)!.url!, "Embedded");
      const token = await signInOver(app.base, owner.email, owner.password);
      const acked = await writeBurst(app, token, "E", 2_500);
      expect(acked.size).toBeGreaterThan(5);

      const again = await startApp({ dataDir, env: { DATABASE_URL: undefined } });
      try {
        expect((await fetch(`${again.base}/api/health`)).status).toBe(200);
        const rows = await expectIntact(liveServer(dataDir)!.url!, acked);
        expect(rows).toBeGreaterThanOrEqual(acked.size);
        // And it takes writes again.
        const token2 = await signInOver(again.base, owner.email, owner.password);
        expect(
          (
            await apiCall(again.base, token2, "/api/repairs", {
              repair_number: "E-after",
              customer_name: "Après",
              item_description: "Omega",
            })
          ).status,
        ).toBe(201);
      } finally {
        expect(await again.stop()).toBe(0);
      }
    },
  );
});
