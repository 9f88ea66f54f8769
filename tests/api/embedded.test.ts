import pg from "pg";
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { createDb, isEmbedded } from "@/lib/db";
import { exportRepairs } from "@/lib/export/excel";
import { EMBEDDED_SHARED_BUFFERS, startEmbeddedPostgres } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { DataDirLockedError } from "@/lib/runtime/data-dir-lock";
import { answerQuote, readStatusPage } from "@/lib/status-link/page";
import { workQueues } from "@/lib/repairs/queues";
import { listRepairs } from "@/lib/repairs/queries";
import { changeStatus, createRepair } from "@/lib/repairs/mutations";
import { addPayment, listPayments } from "@/lib/payments/payments";
import { takings } from "@/lib/payments/takings";
import { deleteRepair, listDeleted, restoreRepair } from "@/lib/repairs/archive";
import { exited, startUntil, TSX } from "../helpers/processes";
import { tempDir } from "../helpers/temp-dir";

// The embedded database (PGlite behind pglite-socket), whatever DATABASE_URL says.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the embedded database", () => {
  it("keeps transactions of two connections apart", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir() });
    const a = new pg.Client({ connectionString: embedded.url });
    const b = new pg.Client({ connectionString: embedded.url });
    try {
      await applyMigrations(embedded.url);
      await Promise.all([a.connect(), b.connect()]);
      await a.query("BEGIN");
      await a.query(`INSERT INTO shops (name) VALUES ('uncommitted')`);
      let seen: number | undefined;
      const read = b.query(`SELECT count(*)::int AS n FROM shops`).then((r) => (seen = r.rows[0].n));
      await sleep(300);
      expect(seen).toBeUndefined(); // b waits while a is inside its transaction
      await a.query("ROLLBACK");
      await read;
      expect(seen).toBe(0); // and never saw a's row
    } finally {
      await Promise.all([a.end(), b.end()]);
      await embedded.stop();
    }
  });

  it("serialises concurrent interactive transactions through Prisma: no lost update", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir() });
    const client = createDb(embedded.url, 3);
    try {
      await applyMigrations(embedded.url);
      await client.rateLimit.create({ data: { key: "counter", count: 0, resetAt: new Date() } });
      await Promise.all(
        Array.from({ length: 5 }, () =>
          client.$transaction(async (tx) => {
            const row = await tx.rateLimit.findUniqueOrThrow({ where: { key: "counter" } });
            await sleep(30);
            await tx.rateLimit.update({ where: { key: "counter" }, data: { count: row.count + 1 } });
          }),
        ),
      );
      expect((await client.rateLimit.findUniqueOrThrow({ where: { key: "counter" } })).count).toBe(5);
    } finally {
      await client.$disconnect();
      await embedded.stop();
    }
  });

  it("never mixes two connections' protocol batches, inside or outside transactions", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir() });
    const client = createDb(embedded.url, 8);
    try {
      await applyMigrations(embedded.url);
      const shop = await client.shop.create({ data: { name: "Busy shop" } });
      const reads = Array.from({ length: 40 }, (_, i) =>
        client.shop.findFirst({ where: { id: shop.id, name: { not: `x${i}` } }, select: { name: true } }),
      );
      const writes = Array.from({ length: 20 }, (_, i) =>
        client.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT id FROM shops WHERE id = ${shop.id}::uuid FOR UPDATE`;
          const count = await tx.repair.count({ where: { shopId: shop.id } });
          await tx.repair.create({
            data: { shopId: shop.id, repairNumber: `R-${i}-${count}`, customerName: "Ana", itemDescription: "Anell" },
          });
        }),
      );
      const results = await Promise.allSettled([...reads, ...writes]);
      const failures = results
        .filter((r) => r.status === "rejected")
        .map((r) => String((r as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      expect(await client.repair.count({ where: { shopId: shop.id } })).toBe(20);
    } finally {
      await client.$disconnect();
      await embedded.stop();
    }
  });

  it("makes each repair's status link, answers a quote by link exactly once, and counts the work queues", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir() });
    const client = createDb(embedded.url, 3);
    try {
      await applyMigrations(embedded.url);
      const shop = await client.shop.create({ data: { name: "Joieria Puig", language: "ca" } });
      const make = (n: number) =>
        client.repair.create({
          data: {
            shopId: shop.id,
            repairNumber: `R-${n}`,
            customerName: "Joana",
            itemDescription: "Anell",
            status: "quoting",
            quoteAmount: 90.5,
            quoteStatus: "pending",
            quoteExpiresAt: new Date(Date.now() + 86_400_000),
          },
        });
      const [repair, other] = [await make(1), await make(2)];
      expect(repair.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(other.statusToken).not.toBe(repair.statusToken);
      expect(await readStatusPage(client, repair.statusToken)).toMatchObject({ repairNumber: "R-1" });
      expect(await readStatusPage(client, "A".repeat(43))).toBeNull();

      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) => answerQuote(client, repair.statusToken, i % 2 ? "decline" : "approve")),
      );
      expect(outcomes.filter((o) => o === "answered")).toHaveLength(1);
      expect(await client.statusHistory.count({ where: { repairId: repair.id, byCustomer: true } })).toBe(1);
      expect((await client.repair.findUniqueOrThrow({ where: { id: other.id } })).quoteStatus).toBe("pending");

      // The work queues and the outside workshop's trigger run here too.
      const workshop = await client.workshop.create({ data: { shopId: shop.id, name: "Puig" } });
      await client.repair.update({
        where: { id: other.id },
        data: { status: "outsourced", workshopId: workshop.id, expectedBackOn: new Date("2020-01-01") },
      });
      const counts = await workQueues(client, shop.id);
      expect(counts.queues).toMatchObject({ workshop_overdue: { count: 1 }, quote_waiting: { count: 1 } });
      expect(counts.statuses).toMatchObject({ approved: 1, outsourced: 1 });
      const back = await client.repair.update({ where: { id: other.id }, data: { status: "ready" } });
      expect(back.returnedAt).not.toBeNull();
      const page = await listRepairs(client, shop.id, { sort: "deadline", workshop: "any" });
      expect(page.repairs).toEqual([]);
    } finally {
      await client.$disconnect();
      await embedded.stop();
    }
  });

  it("gives 10 repairs made at once the next numbers of the shop's series, and keeps their counter's record", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir() });
    const client = createDb(embedded.url, 3);
    try {
      await applyMigrations(embedded.url);
      const shop = await client.shop.create({ data: { name: "Joieria Puig", repairNumberPrefix: "JP" } });
      const user = await client.user.create({
        data: { shopId: shop.id, name: "Joana", email: "joana-embedded@example.com", passwordHash: "x" },
      });
      const made = await Promise.all(
        Array.from({ length: 10 }, () =>
          createRepair(
            client,
            { shopId: shop.id, userId: user.id },
            {
              customer_name: "Joana",
              item_type: "jewelry",
              item_description: "Anell",
              weight_grams: "3,47",
              condition: ["bent"],
            },
          ),
        ),
      );
      expect(made.map((r) => Number(r.repair_number.slice(-5))).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      expect(made.every((r) => /^JP-\d{8}-000\d\d$/.test(r.repair_number))).toBe(true);
      expect(made[0]).toMatchObject({ weight_grams: 3.47, condition: ["bent"] });
      // Money too: payments made at once all count, under the repair's lock.
      await client.repair.update({ where: { id: made[0].id }, data: { finalPrice: 120 } });
      await Promise.all(
        [20, 30].map((amount) =>
          addPayment(
            client,
            { shopId: shop.id, userId: user.id },
            made[0].id,
            { kind: "deposit", amount, method: "cash" },
            "ca",
          ),
        ),
      );
      expect(await listPayments(client, shop.id, made[0].id)).toMatchObject({ paid_total: 50, balance_due: 70 });
      // And the warranty: from the day of pickup, a comeback under it.
      await changeStatus(client, { shopId: shop.id, userId: user.id }, made[1].id, { status: "picked_up" });
      const comeback = await createRepair(
        client,
        { shopId: shop.id, userId: user.id },
        { customer_name: "Joana", item_description: "Torna", warranty_of: made[1].id },
      );
      expect(comeback).toMatchObject({ under_warranty: true, quote_amount: 0 });
    } finally {
      await client.$disconnect();
      await embedded.stop();
    }
  });

  it("keeps a paid repair when deleted, its money in the takings, and refuses a payment's delete", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir() });
    const client = createDb(embedded.url, 2);
    try {
      await applyMigrations(embedded.url);
      const shop = await client.shop.create({ data: { name: "Joieria Puig" } });
      const user = await client.user.create({
        data: { shopId: shop.id, name: "Joana", email: "joana-kept@example.com", passwordHash: "x", role: "owner" },
      });
      const actor = { shopId: shop.id, userId: user.id };
      const paid = await createRepair(client, actor, { customer_name: "Núria", item_description: "Anell" });
      const plain = await createRepair(client, actor, { customer_name: "Marc", item_description: "Collaret" });
      const deposit = await addPayment(client, actor, paid.id, { kind: "deposit", amount: "10", method: "cash" }, "ca");
      await expect(deleteRepair(client, actor, paid.id, {})).rejects.toMatchObject({ code: "repairHasMoney" });
      await addPayment(client, actor, paid.id, { kind: "refund", amount: "10", method: "cash" }, "ca");
      expect(await deleteRepair(client, actor, paid.id, { reason: "Anul·lada" })).toBe("archived");
      expect(await deleteRepair(client, actor, plain.id, {})).toBe("erased");
      expect(await client.repair.count()).toBe(0);
      expect(await takings(client, shop.id, {})).toMatchObject({ totals: { by_kind: { deposit: 10, refund: 10 } } });
      const { archived, erased } = await listDeleted(client, shop.id);
      expect([archived.map((r) => r.reason), erased.map((r) => r.repair_number)]).toEqual([
        ["Anul·lada"],
        [plain.repair_number],
      ]);
      await expect(client.$executeRaw`DELETE FROM payments WHERE id = ${deposit.id}::uuid`).rejects.toThrow(/never/);
      await restoreRepair(client, actor, paid.id);
      expect(await client.repair.count()).toBe(1);
    } finally {
      await client.$disconnect();
      await embedded.stop();
    }
  });

  it("exports in small batches, every row once and newest first, while other requests go on between them", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir() });
    const client = createDb(embedded.url, 3);
    try {
      await applyMigrations(embedded.url);
      expect(await isEmbedded(client)).toBe(true);
      const shop = await client.shop.create({ data: { name: "Joieria Puig", language: "ca" } });
      // 6,000 repairs, one a minute: 24 of the embedded database's batches, and
      // notes that do not deflate much, so the file comes in many chunks.
      await client.$executeRaw`INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, notes, created_at)
        SELECT ${shop.id}::uuid, 'R-' || n, 'Client ' || n, 'Rellotge', md5(n::text) || md5((n * 7)::text),
          timestamptz '2026-01-01' + n * interval '1 minute'
        FROM generate_series(1, 6000) n`;
      const { body } = await exportRepairs(
        client,
        shop.id,
        { language: "ca", timeZone: "Europe/Madrid" },
        { fields: ["repair_number", "notes"] },
      );
      // A list request made while the file is being written is answered before it ends.
      const reader = body.getReader();
      const chunks: Uint8Array[] = [(await reader.read()).value!];
      let listed = false;
      const list = listRepairs(client, shop.id, {}).then(() => (listed = true));
      let listedBeforeEnd = false;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        chunks.push(chunk.value);
        listedBeforeEnd ||= listed;
      }
      await list;
      expect(listedBeforeEnd).toBe(true);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      const numbers = workbook.worksheets[0]
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[])[1]);
      expect(chunks.length).toBeGreaterThan(3);
      expect(numbers).toEqual(Array.from({ length: 6000 }, (_, i) => `R-${6000 - i}`));
    } finally {
      await client.$disconnect();
      await embedded.stop();
    }
  });

  it("vacuums and analyzes its tables itself when idle, never inside a connection's transaction", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir(), maintenance: { checkMs: 50, idleMs: 300 } });
    const c = new pg.Client({ connectionString: embedded.url });
    try {
      await applyMigrations(embedded.url);
      await c.connect();
      const analyzed = async (table: string) =>
        (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stats WHERE tablename = $1", [table])).rows[0]
          .n > 0;
      const shop = (await c.query<{ id: string }>("INSERT INTO shops (name) VALUES ('Rellotgeria') RETURNING id"))
        .rows[0].id;
      // A transaction kept open (and busy) across many checks: nothing runs inside it.
      await c.query("BEGIN");
      for (let i = 0; i < 8; i++) {
        await c.query(
          `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
           SELECT $1, 'M-' || $2 || '-' || n, 'Anna Puig', 'Anell', 'm' || chr(31) || 'anna puig' FROM generate_series(1, 100) n`,
          [shop, i],
        );
        await sleep(100);
      }
      // The repairs' table behind the view the app reads (lib/repairs/archive.ts).
      expect(await analyzed("repair_records")).toBe(false);
      await sleep(600); // idle, but inside the transaction: the session is not free
      expect(await analyzed("repair_records")).toBe(false);
      await c.query("COMMIT");
      // Idle and free: every table, one at a time (asked seldom: each question is a message, and not idle).
      for (let waited = 0; !(await analyzed("repair_words")) && waited < 20_000; waited += 1_000) await sleep(1_000);
      expect(await analyzed("repair_records")).toBe(true);
      expect(await analyzed("repair_words")).toBe(true);
      const { rows } = await c.query<{ relname: string; reltuples: number }>(
        "SELECT relname, reltuples FROM pg_class WHERE relname IN ('repair_records', 'repair_words') ORDER BY relname",
      );
      expect(rows).toEqual([
        { relname: "repair_records", reltuples: 800 },
        { relname: "repair_words", reltuples: 2400 }, // m, anna, puig
      ]);
      expect(await embedded.maintenance.pass()).toEqual([]); // nothing left due
    } finally {
      await c.end();
      await embedded.stop();
    }
  });

  it("keeps its data across a restart", async () => {
    const dir = tempDir();
    const first = await startEmbeddedPostgres({ dataDir: dir });
    const client = createDb(first.url, 1);
    await applyMigrations(first.url);
    await client.shop.create({ data: { name: "Rellotgeria Vidal" } });
    await client.$disconnect();
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir: dir });
    const again = createDb(second.url, 1);
    try {
      expect(await applyMigrations(second.url)).toMatchObject({ applied: [] });
      expect((await again.shop.findMany()).map((s) => s.name)).toEqual(["Rellotgeria Vidal"]);
      // Its buffer pool is the small one chosen for memory (docs/performance.md), on every start.
      expect(await again.$queryRaw`SHOW shared_buffers`).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }]);
    } finally {
      await again.$disconnect();
      await second.stop();
    }
  });

  it("refuses a second process on the same DATA_DIR, and recovers the data after a kill -9", async () => {
    const dir = tempDir();
    const holder = await startUntil([...TSX, "tests/helpers/hold-embedded.ts", dir], {}, /READY (\S+)/);
    const url = holder.match[1];
    await applyMigrations(url);
    const client = createDb(url, 1);
    await client.shop.create({ data: { name: "Before the crash" } });
    await client.$disconnect();

    await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toThrow(/already using the embedded database/);

    holder.child.kill("SIGKILL");
    await exited(holder.child);
    const reopened = await startEmbeddedPostgres({ dataDir: dir });
    const after = createDb(reopened.url, 1);
    try {
      expect((await after.shop.findMany()).map((s) => s.name)).toEqual(["Before the crash"]);
    } finally {
      await after.$disconnect();
      await reopened.stop();
    }
  });

  it("refuses to open the same DATA_DIR twice in one process", async () => {
    const dir = tempDir();
    const first = await startEmbeddedPostgres({ dataDir: dir });
    try {
      await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.stop();
    }
  });
});
