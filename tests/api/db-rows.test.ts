import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, isoFromTimestamptz, rows } from "@/lib/db";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { withTestDatabase } from "../helpers/test-database";

// rows(): the hot reads' plain-SQL path (lib/db/index.ts). On a database server it
// uses named statements, parsed and planned once per connection; on the
// embedded PGlite, one session shared by all connections, it must not.

const database = withTestDatabase();
const clients: PrismaClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect()));
});

function client(url: string, poolMax: number) {
  const made = createDb(url, poolMax);
  clients.push(made);
  return made;
}

const lookup = (id: string) => Prisma.sql`SELECT ${id}::uuid AS id, 'x'::text AS label`;
const ID = "6f1c1c1e-8f49-4b43-9d0b-2a43ad0b7a0d";

describe("rows()", () => {
  it("answers the same statement from many requests at once", async () => {
    const db = client(database.url(), 4);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => rows<{ id: string; label: string }>(db, lookup(ID))),
    );
    for (const answer of answers) expect(answer).toEqual([{ id: ID, label: "x" }]);
  });

  it("runs each request's statements without parallel workers, and in UTC", async () => {
    const db = client(database.url(), 2);
    const [settings] = await rows<{ workers: string; zone: string }>(
      db,
      Prisma.sql`SELECT current_setting('max_parallel_workers_per_gather') AS workers, current_setting('TimeZone') AS zone`,
    );
    expect(settings).toEqual({ workers: "0", zone: "UTC" });
  });

  it("keeps a statement working after a value it could not take", async () => {
    const db = client(database.url(), 1);
    await expect(rows(db, lookup("not-a-uuid"))).rejects.toMatchObject({ code: "22P02" });
    expect(await rows(db, lookup(ID))).toEqual([{ id: ID, label: "x" }]);
  });

  it("reads instants and days as the API's ISO 8601 strings in UTC, whatever the session's time zone", async () => {
    const db = client(database.url(), 1);
    const read = () =>
      rows<{ at: string; day: string; none: null }>(
        db,
        Prisma.sql`
        SELECT '2026-03-29 01:30:00.5+00'::timestamptz AS at, '2026-03-29'::date AS day, NULL::timestamptz AS none`,
      );
    const expected = [{ at: "2026-03-29T01:30:00.500Z", day: "2026-03-29T00:00:00.000Z", none: null }];
    // The pool's sessions are in UTC (the fast path); another zone still reads right.
    expect(await rows(db, Prisma.sql`SELECT current_setting('TimeZone') AS tz`)).toEqual([{ tz: "UTC" }]);
    expect(await read()).toEqual(expected);
    await rows(db, Prisma.sql`SET TIME ZONE 'Asia/Kolkata'`, { prepare: false });
    expect(await read()).toEqual(expected);
  });

  it.each([
    ["2026-11-21 19:00:00+00", "2026-11-21T19:00:00.000Z"],
    ["2026-11-21 19:00:00.5+00", "2026-11-21T19:00:00.500Z"],
    ["2026-11-21 19:00:00.123+00", "2026-11-21T19:00:00.123Z"],
    ["2026-11-21 19:00:00.12+00", "2026-11-21T19:00:00.120Z"],
    ["2026-11-21 19:00:00.123456+00", "2026-11-21T19:00:00.123Z"],
    ["0999-01-02 03:04:05.9+00", "0999-01-02T03:04:05.900Z"],
    ["2026-11-21 20:00:00.123+01", "2026-11-21T19:00:00.123Z"],
    ["2026-11-21 13:30:00.1-05:30", "2026-11-21T19:00:00.100Z"],
  ])("turns Postgres' %s into %s", (text, iso) => {
    expect(isoFromTimestamptz(text)).toBe(iso);
  });

  it("prepares named statements on a database server", async () => {
    const db = client(database.url(), 1);
    await rows(db, lookup(ID));
    const prepared = await rows<{ name: string; statement: string }>(
      db,
      Prisma.sql`SELECT name, statement FROM pg_prepared_statements`,
    );
    const isEmbedded = process.env.TEST_DB_MODE !== "server";
    expect(prepared.some((p) => p.name.startsWith("rd_") && p.statement.includes("AS label"))).toBe(!isEmbedded);
  });

  it("uses no named statement on the embedded database, where connections share one session", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rd-rows-"));
    const embedded = await startEmbeddedPostgres({ dataDir: dir });
    try {
      const db = client(embedded.url, 4);
      const answers = await Promise.all(Array.from({ length: 40 }, () => rows<{ id: string }>(db, lookup(ID))));
      for (const answer of answers) expect(answer).toEqual([{ id: ID, label: "x" }]);
      expect(await rows(db, Prisma.sql`SELECT name FROM pg_prepared_statements`)).toEqual([]);
      await db.$disconnect();
    } finally {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
