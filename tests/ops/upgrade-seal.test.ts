import { cpSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onServer } from "@/lib/db/admin";
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from "@/lib/db/migrate";
import { startApp, type AppServer } from "../helpers/app-server";
import { tempDir } from "../helpers/temp-dir";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// A big shop upgrading from a release before the status links were sealed:
// npm start serves at once and seals the links beside the traffic, each
// link working throughout (it took 10 minutes before serving, issue 53).

const BEFORE_THE_SEAL = "20261126130000_password_resets";
const LINKS = 60_000;

let database: TestDatabase;
let app: AppServer | undefined;
afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

describe("an upgrade with many status links in clear", () => {
  it(
    "serves from the start, opens every link while it seals them, and leaves none in clear",
    { timeout: 300_000 },
    async () => {
      database = await createTestDatabase();
      await onServer(database.url, async (c) => {
        await c.query("DROP SCHEMA public CASCADE");
        await c.query("CREATE SCHEMA public");
      });
      const dir = path.join(tempDir("rd-before-seal-"), "migrations");
      mkdirSync(dir);
      for (const { name } of (await readMigrations()).filter((m) => m.name <= BEFORE_THE_SEAL))
        cpSync(path.join(MIGRATIONS_DIR, name), path.join(dir, name), { recursive: true });
      await applyMigrations(database.url, { dir });
      let tokens: string[] = [];
      await onServer(database.url, async (c) => {
        const shop = (await c.query<{ id: string }>("INSERT INTO shops (name) VALUES ('Joieria Gran') RETURNING id"))
          .rows[0].id;
        const made = await c.query<{ status_token: string }>(
          `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Anell', 'r-' || n FROM generate_series(1, ${LINKS}) n
         RETURNING status_token`,
          [shop],
        );
        tokens = made.rows.map((r) => r.status_token);
      });
      const inClear = () =>
        onServer(database.url, async (c) =>
          Number(
            (await c.query("SELECT count(*) AS n FROM repair_records WHERE status_token NOT LIKE 'v1.%'")).rows[0].n,
          ),
        );

      app = await startApp({ databaseUrl: database.url });
      // Serving while most links are still in clear; the health check passes meanwhile.
      expect(await inClear()).toBeGreaterThan(0);
      expect((await fetch(`${app.base}/api/health`)).status).toBe(200);
      const page = await fetch(`${app.base}/t/${tokens[LINKS - 1]}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`R-${LINKS}`);

      // Then every link sealed, and the same links open the same pages.
      for (let waited = 0; (await inClear()) > 0 && waited < 120_000; waited += 500) {
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(await inClear()).toBe(0);
      expect(app.output()).toContain(`Sealed ${LINKS} status link(s) with ENCRYPTION_KEY.`);
      for (const token of [tokens[0], tokens[LINKS - 1]]) {
        expect((await fetch(`${app.base}/t/${token}`)).status).toBe(200);
      }
    },
  );
});
