import { cpSync, mkdirSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { POST as refreshRoute } from "@/app/api/auth/refresh-token/route";
import { hashPassword } from "@/lib/auth/password";
import { hashToken, newRefreshToken } from "@/lib/auth/tokens";
import { createDb } from "@/lib/db";
import { onServer } from "@/lib/db/admin";
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from "@/lib/db/migrate";
import { env } from "@/lib/env";
import { createRepair } from "@/lib/repairs/mutations";
import { addPayment, listPayments } from "@/lib/payments/payments";
import { deleteRepair, listDeleted } from "@/lib/repairs/archive";
import { fillStatusLink, statusUrl } from "@/lib/status-link/link";
import { readStatusPage } from "@/lib/status-link/page";
import { sealStoredTokens } from "@/lib/status-link/token";
import { jsonRequest } from "../helpers/requests";
import { tempDir } from "../helpers/temp-dir";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Upgrading a shop with years of repairs in place: the database of the
// release before this one (its migrations only), filled with its kind of
// data, then migrated to this release. Nothing is lost, and the new columns
// read as the README says (Europe/Madrid, no stored successor, no lockout).

/** The last migration of the release before the hardening and time zone work. */
const PREVIOUS_RELEASE = "20261121170000_repair_counts_lock_order";

const databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(databases.splice(0).map((d) => d.drop()));
});

async function previousRelease(release = PREVIOUS_RELEASE): Promise<string> {
  const database = await createTestDatabase();
  databases.push(database);
  await onServer(database.url, async (c) => {
    await c.query("DROP SCHEMA public CASCADE");
    await c.query("CREATE SCHEMA public");
  });
  const dir = path.join(tempDir("rd-previous-"), "migrations");
  mkdirSync(dir);
  for (const { name } of (await readMigrations()).filter((m) => m.name <= release)) {
    cpSync(path.join(MIGRATIONS_DIR, name), path.join(dir, name), { recursive: true });
  }
  await applyMigrations(database.url, { dir });
  return database.url;
}

/** A shop as every release holds it: a name is all it needs. */
async function insertShop(c: pg.Client, name: string): Promise<string> {
  return (await c.query<{ id: string }>("INSERT INTO shops (name) VALUES ($1) RETURNING id", [name])).rows[0].id;
}

describe("upgrading from the previous release", () => {
  it("keeps every shop, account, session and repair, and fills the new columns", async () => {
    const url = await previousRelease();
    const refreshToken = newRefreshToken();
    const passwordHash = await hashPassword("Correct-Horse-9");
    await onServer(url, async (c) => {
      // Rows as the previous release wrote them, with its columns only.
      const shop = await insertShop(c, "Rellotgeria Vidal");
      const user = (
        await c.query<{ id: string }>(
          "INSERT INTO users (shop_id, name, email, password_hash, role, language) VALUES ($1, 'Anna Vidal', 'anna@example.com', $2, 'owner', 'ca') RETURNING id",
          [shop, passwordHash],
        )
      ).rows[0].id;
      const family = (
        await c.query<{ id: string }>(
          "INSERT INTO refresh_token_families (user_id, expires_at) VALUES ($1, now() + interval '30 days') RETURNING id",
          [user],
        )
      ).rows[0].id;
      await c.query(
        "INSERT INTO refresh_tokens (family_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '7 days')",
        [family, hashToken(refreshToken)],
      );
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, created_at, quote_amount, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Rellotge', 'received', now() - n * interval '1 day', 10 + n, 'r-' || n
         FROM generate_series(1, 500) n`,
        [shop],
      );
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual(
      (await readMigrations()).filter((m) => m.name > PREVIOUS_RELEASE).map((m) => m.name),
    );

    const client = createDb(url, 2);
    try {
      const shop = await client.shop.findFirstOrThrow({ where: { name: "Rellotgeria Vidal" } });
      expect(shop.timeZone).toBe("Europe/Madrid");
      expect(await client.repair.count({ where: { shopId: shop.id } })).toBe(500);
      expect((await client.repair.findFirstOrThrow({ where: { repairNumber: "R-7" } })).quoteAmount?.toFixed(2)).toBe(
        "17.00",
      );
      expect(await client.user.findUniqueOrThrow({ where: { email: "anna@example.com" } })).toMatchObject({
        language: "ca",
        passwordHash,
      });
      expect(await client.accountLockout.count()).toBe(0);
    } finally {
      await client.$disconnect();
    }

    // A session from before the upgrade still refreshes, now with a remembered successor.
    process.env.DATABASE_URL = url;
    const refreshed = await refreshRoute(jsonRequest("/api/auth/refresh-token", { refreshToken }));
    expect(refreshed.status).toBe(200);
    const again = await refreshRoute(jsonRequest("/api/auth/refresh-token", { refreshToken }));
    expect((await again.json()).refreshToken).toBe((await refreshed.json()).refreshToken);
    const { closeDb } = await import("@/lib/db");
    await closeDb();
  });

  it("gives every repair of the last release its own status link and its shop's language, and notices their defaults", async () => {
    const release = "20261123120000_shop_details";
    const url = await previousRelease(release);
    let shop = "";
    await onServer(url, async (c) => {
      shop = await insertShop(c, "Joieria Puig");
      const other = await insertShop(c, "Watch Co");
      // A staff account older than the owner must not decide the shop's language.
      await c.query(
        `INSERT INTO users (shop_id, name, email, password_hash, role, language, created_at) VALUES
           ($1, 'Pau', 'pau@example.com', 'x', 'staff', 'es', now() - interval '2 days'),
           ($1, 'Marta', 'marta@example.com', 'x', 'owner', 'ca', now() - interval '1 day'),
           ($2, 'Ann', 'ann@example.com', 'x', 'owner', 'en', now())`,
        [shop, other],
      );
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Anell', 'r-' || n FROM generate_series(1, 300) n`,
        [shop],
      );
      await c.query(
        `INSERT INTO status_history (shop_id, repair_id, to_status) SELECT shop_id, id, 'received' FROM repairs`,
      );
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));

    await onServer(url, async (c) => {
      const shops = await c.query<{ name: string; language: string }>("SELECT name, language FROM shops ORDER BY name");
      expect(shops.rows).toEqual([
        { name: "Joieria Puig", language: "ca" },
        { name: "Watch Co", language: "en" },
      ]);
      const repairs = await c.query<{ status_token: string; customer_language: string }>(
        "SELECT status_token, customer_language FROM repairs WHERE shop_id = $1",
        [shop],
      );
      expect(repairs.rows).toHaveLength(300);
      expect(new Set(repairs.rows.map((r) => r.status_token)).size).toBe(300);
      for (const row of repairs.rows) {
        expect(row.status_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(row.customer_language).toBe("ca");
      }
      const history = await c.query("SELECT count(*)::int AS n FROM status_history WHERE NOT by_customer");
      expect(history.rows[0].n).toBe(300);
      // Notices: the three moments on, the reminders off, no email on file, nothing queued.
      const switches = await c.query(
        `SELECT DISTINCT notify_received, notify_quote, notify_ready, notify_quote_expiring,
           notify_not_collected_days, notify_statuses::text FROM shops`,
      );
      expect(switches.rows).toEqual([
        {
          notify_received: true,
          notify_quote: true,
          notify_ready: true,
          notify_quote_expiring: false,
          notify_not_collected_days: null,
          notify_statuses: "{}",
        },
      ]);
      expect((await c.query("SELECT count(*)::int AS n FROM repairs WHERE customer_email IS NOT NULL")).rows[0].n).toBe(
        0,
      );
      expect((await c.query("SELECT count(*)::int AS n FROM notices")).rows[0].n).toBe(0);
    });
  });

  it("gives the last release's ready and outsourced repairs the time they got their status, and an item out its date sent", async () => {
    const release = "20261123180000_repair_events";
    const url = await previousRelease(release);
    await onServer(url, async (c) => {
      const shop = (
        await c.query<{ id: string }>(
          "INSERT INTO shops (name, time_zone) VALUES ('Joieria Puig', 'Pacific/Kiritimati') RETURNING id",
        )
      ).rows[0].id;
      // 200 repairs: one outsourced, one in repair, the rest ready.
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, search_text, updated_at)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Anell',
                CASE n WHEN 1 THEN 'outsourced' WHEN 3 THEN 'in_repair' ELSE 'ready' END::repair_status,
                'r-' || n, TIMESTAMPTZ '2026-11-01T12:00:00Z'
         FROM generate_series(1, 200) n`,
        [shop],
      );
      await c.query(
        `INSERT INTO status_history (shop_id, repair_id, to_status, changed_at)
         SELECT shop_id, id, 'received', TIMESTAMPTZ '2026-11-10T09:00:00Z' FROM repairs`,
      );
      await c.query(
        `INSERT INTO status_history (shop_id, repair_id, from_status, to_status, changed_at)
         SELECT shop_id, id, 'received', status, TIMESTAMPTZ '2026-11-17T12:30:00Z' FROM repairs WHERE repair_number <> 'R-2'`,
      );
      // One whose history never recorded its status (made by a script): its last change stands in.
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));

    await onServer(url, async (c) => {
      const rows = await c.query<{ repair_number: string; since: string | null; sent: string | null; returned: null }>(
        `SELECT repair_number, to_char(status_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS since,
                to_char(sent_out_on, 'YYYY-MM-DD') AS sent, returned_at AS returned FROM repairs`,
      );
      expect(rows.rows).toHaveLength(200);
      const byNumber = new Map(rows.rows.map((r) => [r.repair_number, r]));
      expect(byNumber.get("R-2")).toEqual({
        repair_number: "R-2",
        since: "2026-11-01T12:00",
        sent: null,
        returned: null,
      });
      // 12:30 UTC on the 17th is already the 18th in Kiritimati (UTC+14).
      expect(byNumber.get("R-1")).toEqual({
        repair_number: "R-1",
        since: "2026-11-17T12:30",
        sent: "2026-11-18",
        returned: null,
      });
      // Not ready nor out: nothing asks since when, so the upgrade leaves its row alone (null until its next change).
      expect(byNumber.get("R-3")).toEqual({ repair_number: "R-3", since: null, sent: null, returned: null });
      const others = rows.rows.filter((r) => !["R-1", "R-2", "R-3"].includes(r.repair_number));
      expect(new Set(others.map((r) => `${r.since}|${r.sent}`))).toEqual(new Set(["2026-11-17T12:30|null"]));
      // The trigger keeps it from now on: a status change stamps it, and leaving the workshop stamps the return.
      await c.query("UPDATE repairs SET status = 'ready' WHERE repair_number = 'R-1'");
      const moved = await c.query(
        "SELECT status_since > now() - interval '1 minute' AS fresh, returned_at IS NOT NULL AS back FROM repairs WHERE repair_number = 'R-1'",
      );
      expect(moved.rows).toEqual([{ fresh: true, back: true }]);
      expect((await c.query("SELECT count(*)::int AS n FROM workshops")).rows[0].n).toBe(0);
      expect((await c.query("SELECT DISTINCT ready_waiting_days FROM shops")).rows).toEqual([
        { ready_waiting_days: 7 },
      ]);
    });
  });

  it("keeps the last release's per-status counters true, now counted once per statement", async () => {
    const release = "20261124100000_workshops_and_queues";
    const url = await previousRelease(release);
    const STATUSES = ["received", "diagnosing", "in_repair", "ready", "picked_up"];
    await onServer(url, async (c) => {
      const shop = await insertShop(c, "Joieria Roca");
      // Counted by the last release's trigger, a row at a time.
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Rellotge', ($2::repair_status[])[1 + n % 5], 'r-' || n
         FROM generate_series(1, 300) n`,
        [shop, STATUSES],
      );
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));

    await onServer(url, async (c) => {
      const countsTrue = async () => {
        const kept = await c.query("SELECT status::text, count FROM repair_counts WHERE count <> 0 ORDER BY status");
        const counted = await c.query(
          "SELECT status::text, count(*)::int AS count FROM repairs GROUP BY status ORDER BY status",
        );
        expect(kept.rows).toEqual(counted.rows);
      };
      await countsTrue();
      // Many rows in one statement, each kind of statement.
      await c.query("UPDATE repairs SET status = 'ready' WHERE repair_number LIKE 'R-1%'");
      await countsTrue();
      await c.query("UPDATE repairs SET notes = 'revisat'");
      await countsTrue();
      await c.query("DELETE FROM repairs WHERE repair_number LIKE 'R-2%'");
      await countsTrue();
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, search_text)
         SELECT shop_id, 'N-' || repair_number || '-' || n, 'Client', 'Anell', 'diagnosing', 'n'
         FROM repairs CROSS JOIN generate_series(1, 2) n
         WHERE repair_number IN ('R-3', 'R-4')`,
      );
      await countsTrue();
      expect((await c.query("SELECT sum(count)::int AS n FROM repair_counts")).rows[0].n).toBe(
        300 - 111 + 4, // deleted; 4 added
      );
      // A shop that goes takes its repairs and its counters with it.
      await c.query("DELETE FROM shops");
      expect((await c.query("SELECT count(*)::int AS n FROM repair_counts")).rows[0].n).toBe(0);
    });
  });

  it("gives the last release's repairs their words, for searches of several words, and keeps them", async () => {
    const release = "20261124120000_repair_counts_per_statement";
    const url = await previousRelease(release);
    let shop = "";
    await onServer(url, async (c) => {
      shop = await insertShop(c, "Joieria Roca");
      // Search texts as that release wrote them: folded fields, a control character between.
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
         VALUES ($1, 'R-1', 'José García', 'Rellotge', 'r-1' || chr(31) || 'jose garcia' || chr(31) || 'rellotge'),
                ($1, 'R-2', 'Núria Puig', 'Anell d''or', 'r-2' || chr(31) || 'nuria puig' || chr(31) || 'anell d''or')`,
        [shop],
      );
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));

    await onServer(url, async (c) => {
      const words = async () =>
        (await c.query<{ word: string }>("SELECT word FROM search_words ORDER BY word")).rows.map((r) => r.word);
      expect(await words()).toEqual(["anell", "d", "garcia", "jose", "nuria", "or", "puig", "r", "rellotge"]);
      await c.query(
        `UPDATE repairs SET customer_name = 'Jon Zubizarreta',
           search_text = 'r-1' || chr(31) || 'jon zubizarreta' || chr(31) || 'rellotge' WHERE repair_number = 'R-1'`,
      );
      expect(await words()).toEqual(expect.arrayContaining(["jon", "zubizarreta", "jose"]));
      // Through the words' index, as the list reads them (lib/repairs/search-words.ts).
      const byWords = await c.query(
        `SELECT repair_number FROM repairs WHERE strpos(search_text, 'jon zubi') > 0
           AND repair_search_words(search_text) @> '{jon}' AND repair_search_words(search_text) && '{zubizarreta}'`,
      );
      expect(byWords.rows).toEqual([{ repair_number: "R-1" }]);
      await c.query("DELETE FROM shops");
      expect(await words()).toEqual([]);
    });
  });

  it("gives the last release's repairs their dated words, for a name's newest repairs, and keeps them", async () => {
    const release = "20261124150000_search_words";
    const url = await previousRelease(release);
    await onServer(url, async (c) => {
      const shop = await insertShop(c, "Joieria Roca");
      const other = await insertShop(c, "Rellotgeria Vidal");
      // As that release wrote them: a search text, a date, two shops.
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, created_at, search_text)
         VALUES ($1, 'R-1', 'José García', 'Rellotge', '2022-03-01T10:00:00Z', 'r-1' || chr(31) || 'jose garcia' || chr(31) || 'rellotge'),
                ($1, 'R-2', 'José García', 'Anell d''or', '2025-06-01T10:00:00Z', 'r-2' || chr(31) || 'jose garcia' || chr(31) || 'anell d''or'),
                ($2, 'R-1', 'José García', 'Collaret', '2024-01-01T10:00:00Z', 'r-1' || chr(31) || 'jose garcia' || chr(31) || 'collaret')`,
        [shop, other],
      );
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));

    await onServer(url, async (c) => {
      const rowsOf = async (number: string) =>
        (
          await c.query<{ word: string; at: string }>(
            `SELECT w.word, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS at FROM repair_words w
               JOIN repairs r ON r.id = repair_word_repair(w.key) AND r.shop_id = w.shop_id
                 AND w.key = repair_word_key(r.created_at, r.id)
               JOIN shops s ON s.id = r.shop_id AND s.name = 'Joieria Roca'
             WHERE r.repair_number = $1 ORDER BY w.word`,
            [number],
          )
        ).rows.map((r) => `${r.word} ${r.at}`);
      expect(await rowsOf("R-1")).toEqual([
        "garcia 2022-03-01",
        "jose 2022-03-01",
        "r 2022-03-01",
        "rellotge 2022-03-01",
      ]);
      expect(await rowsOf("R-2")).toHaveLength(6);
      expect((await c.query("SELECT count(*)::int AS n FROM repair_words")).rows[0].n).toBe(14);
      // A name's repairs in one shop, newest first, from the words alone.
      const newest = await c.query(
        `SELECT r.repair_number FROM repair_words a
           JOIN repair_words b ON b.shop_id = a.shop_id AND b.word = 'garcia' AND b.key = a.key
           JOIN repairs r ON r.id = repair_word_repair(a.key)
         WHERE a.shop_id = (SELECT id FROM shops WHERE name = 'Joieria Roca') AND a.word = 'jose'
         ORDER BY a.key DESC`,
      );
      expect(newest.rows).toEqual([{ repair_number: "R-2" }, { repair_number: "R-1" }]);
      await c.query(
        `UPDATE repairs SET customer_name = 'Jon Zubizarreta',
           search_text = 'r-1' || chr(31) || 'jon zubizarreta' || chr(31) || 'rellotge' WHERE repair_number = 'R-1'`,
      );
      expect(await rowsOf("R-1")).toEqual([
        "jon 2022-03-01",
        "r 2022-03-01",
        "rellotge 2022-03-01",
        "zubizarreta 2022-03-01",
      ]);
      await c.query("DELETE FROM repairs WHERE repair_number = 'R-2'");
      expect((await c.query("SELECT count(*)::int AS n FROM repair_words")).rows[0].n).toBe(8);
      await c.query("DELETE FROM shops");
      expect((await c.query("SELECT count(*)::int AS n FROM repair_words")).rows[0].n).toBe(0);
    });
  });

  it("keeps the last release's status links working, sealed at the next start, with no link in clear left in the database", async () => {
    const release = "20261126130000_password_resets";
    const url = await previousRelease(release);
    let tokens: string[] = [];
    await onServer(url, async (c) => {
      const shop = await insertShop(c, "Joieria Roca");
      const made = await c.query<{ id: string; status_token: string }>(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, customer_email, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Anell', 'client' || n || '@example.com', 'r-' || n
         FROM generate_series(1, 1200) n RETURNING id, status_token`,
        [shop],
      );
      tokens = made.rows.map((r) => r.status_token);
      // A notice as that release wrote it: the link in clear in both bodies.
      await c.query(
        `INSERT INTO notices (shop_id, repair_id, event, to_email, language, subject, text_body, html_body)
         VALUES ($1, $2, 'ready', 'client1@example.com', 'ca', 'Llest',
                 'Segueix-la: http://localhost:3000/t/' || $3, '<a href="http://localhost:3000/t/' || $3 || '">')`,
        [shop, made.rows[0].id, made.rows[0].status_token],
      );
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    const client = createDb(url, 2);
    try {
      // Straight after the migration, before any start: every old link opens its page.
      expect(await readStatusPage(client, tokens[0])).toMatchObject({ repairNumber: "R-1" });
      expect(await sealStoredTokens(url, env().ENCRYPTION_KEY, { batch: 500 })).toBe(1200);
      expect(await sealStoredTokens(url, env().ENCRYPTION_KEY)).toBe(0);
      // After it: the same links open the same pages, and the staff's screens show them.
      expect(await readStatusPage(client, tokens[0])).toMatchObject({ repairNumber: "R-1" });
      expect(await readStatusPage(client, tokens[1199])).toMatchObject({ repairNumber: "R-1200" });
      const stored = await client.repair.findFirstOrThrow({ where: { repairNumber: "R-1" } });
      expect(stored.statusToken).toMatch(/^v1\./);
      expect(statusUrl(stored.statusToken)).toBe(`http://localhost:3000/t/${tokens[0]}`);
      await onServer(url, async (c) => {
        // What a copy of the database (a backup) holds: no token in clear anywhere.
        const leaks = await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM repairs r, notices n
            WHERE strpos(r.status_token, $1) > 0 OR strpos(n.text_body, $1) > 0 OR strpos(n.html_body, $1) > 0`,
          [tokens[0]],
        );
        expect(leaks.rows[0].n).toBe(0);
        const notice = await c.query<{ text_body: string }>("SELECT text_body FROM notices");
        expect(fillStatusLink(notice.rows[0].text_body, stored.statusToken)).toBe(
          `Segueix-la: http://localhost:3000/t/${tokens[0]}`,
        );
        // A row made by hand after the upgrade takes a link in clear, is found by it, and is sealed at the next start.
        const [{ status_token }] = (
          await c.query<{ status_token: string }>(
            `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description)
             SELECT id, 'R-9999', 'Nova', 'Anell' FROM shops RETURNING status_token`,
          )
        ).rows;
        expect(await readStatusPage(client, status_token)).toMatchObject({ repairNumber: "R-9999" });
        expect(await sealStoredTokens(url, env().ENCRYPTION_KEY)).toBe(1);
        expect(await readStatusPage(client, status_token)).toMatchObject({ repairNumber: "R-9999" });
      });
    } finally {
      await client.$disconnect();
    }
  });

  it("gives the last release's repairs an empty counter's record and its photos the intake stage, and numbers new repairs from 1", async () => {
    const release = "20261126150000_repair_version";
    const url = await previousRelease(release);
    let shop = "";
    await onServer(url, async (c) => {
      shop = await insertShop(c, "Rellotgeria Vidal");
      const made = await c.query<{ id: string }>(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, item_type, quote_amount, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Rellotge', 'watch', 10 + n, 'r-' || n
         FROM generate_series(1, 2000) n RETURNING id`,
        [shop],
      );
      await c.query(
        `INSERT INTO photos (shop_id, repair_id, file_name, file_path, mime_type, size_bytes)
         VALUES ($1, $2, 'a.jpg', 'ab/' || md5('a') || '.jpg', 'image/jpeg', 100)`,
        [shop, made.rows[0].id],
      );
    });

    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    await onServer(url, async (c) => {
      const repairs = await c.query<{ n: number; versions: number; quoted: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE version = 1)::int AS versions,
                count(*) FILTER (WHERE quote_amount IS NOT NULL)::int AS quoted
         FROM repairs WHERE condition = '{}' AND brand IS NULL AND serial_number IS NULL AND declared_value IS NULL
           AND collected_by IS NULL AND id_checked IS NULL`,
      );
      // Every repair kept, none rewritten (its version unchanged), the record empty.
      expect(repairs.rows[0]).toEqual({ n: 2000, versions: 2000, quoted: 2000 });
      expect((await c.query("SELECT stage FROM photos")).rows).toEqual([{ stage: "intake" }]);
      expect(
        (await c.query("SELECT repair_number_prefix, next_repair_number, legal_name, tax_id FROM shops")).rows,
      ).toEqual([{ repair_number_prefix: "R", next_repair_number: 1, legal_name: null, tax_id: null }]);
    });
    const client = createDb(url, 2);
    try {
      // The first number the shop gives after the upgrade is its series' first.
      const user = await client.user.create({
        data: { shopId: shop, name: "Anna", email: "anna-upgrade@example.com", passwordHash: "x", role: "owner" },
      });
      const made = await createRepair(
        client,
        { shopId: shop, userId: user.id },
        {
          customer_name: "Nova",
          item_description: "Rellotge",
          serial_number: "SN-1",
        },
      );
      expect(made.repair_number).toMatch(/^R-\d{8}-00001$/);
      expect(made.serial_number).toBe("SN-1");
    } finally {
      await client.$disconnect();
    }
  });

  it("gives the last release's repairs nothing paid, and takes payments on them at once", async () => {
    const release = "20261126160000_counter_record";
    const url = await previousRelease(release);
    let shop = "";
    await onServer(url, async (c) => {
      shop = await insertShop(c, "Rellotgeria Vidal");
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, final_price, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Rellotge', (CASE WHEN n % 2 = 0 THEN 'picked_up' ELSE 'ready' END)::repair_status, 100, 'r-' || n
         FROM generate_series(1, 1500) n`,
        [shop],
      );
    });
    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    await onServer(url, async (c) => {
      const repairs = await c.query<{ n: number; unchanged: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE version = 1)::int AS unchanged
         FROM repairs WHERE paid_total = 0 AND last_payment_at IS NULL`,
      );
      expect(repairs.rows[0]).toEqual({ n: 1500, unchanged: 1500 });
      expect((await c.query("SELECT deposit_percent FROM shops")).rows).toEqual([{ deposit_percent: null }]);
      // Collected before payments were recorded, with a final price: each counts as not fully paid.
      const unpaid = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM repairs WHERE status = 'picked_up'
           AND coalesce(final_price, CASE WHEN quote_status = 'approved' THEN quote_amount END, 0) > paid_total`,
      );
      expect(unpaid.rows[0].n).toBe(750);
    });
    const client = createDb(url, 2);
    try {
      const user = await client.user.create({
        data: { shopId: shop, name: "Anna", email: "anna-pay@example.com", passwordHash: "x", role: "owner" },
      });
      const repair = await client.repair.findFirstOrThrow({ where: { repairNumber: "R-1" } });
      await addPayment(
        client,
        { shopId: shop, userId: user.id },
        repair.id,
        { kind: "payment", amount: "60", method: "cash" },
        "es",
      );
      expect(await listPayments(client, shop, repair.id)).toMatchObject({ paid_total: 60, balance_due: 40 });
    } finally {
      await client.$disconnect();
    }
  });

  it("gives the last release's collected repairs their three months from pickup, in the shop's time zone", async () => {
    const release = "20261126170000_payments";
    const url = await previousRelease(release);
    await onServer(url, async (c) => {
      const shop = await insertShop(c, "Rellotgeria Vidal");
      // 1,000 open repairs, and three collected around month ends and the shop's midnight.
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Rellotge', 'r-' || n FROM generate_series(1, 1000) n`,
        [shop],
      );
      for (const [number, at] of [
        ["P-1", "2025-11-30T12:00:00Z"],
        ["P-2", "2026-03-31T21:30:00Z"],
        ["P-3", "2026-03-31T22:30:00Z"],
      ])
        await c.query(
          `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, picked_up_at, search_text)
           VALUES ($1, $2, 'Client', 'Rellotge', 'picked_up', $3, $2)`,
          [shop, number, at],
        );
    });
    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    await onServer(url, async (c) => {
      const picked = await c.query<{ repair_number: string; until: string }>(
        `SELECT repair_number, to_char(warranty_until, 'YYYY-MM-DD') AS until FROM repairs
         WHERE status = 'picked_up' ORDER BY repair_number`,
      );
      expect(picked.rows).toEqual([
        { repair_number: "P-1", until: "2026-02-28" },
        { repair_number: "P-2", until: "2026-06-30" },
        { repair_number: "P-3", until: "2026-07-01" },
      ]);
      const open = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM repairs WHERE status <> 'picked_up' AND warranty_until IS NULL
           AND warranty_months = 3 AND NOT under_warranty AND warranty_of IS NULL AND rate_before IS NULL`,
      );
      expect(open.rows[0].n).toBe(1000);
      expect((await c.query("SELECT warranty_months FROM shops")).rows).toEqual([{ warranty_months: 3 }]);
    });
  });

  it("gives every shop left without an owner its oldest account in use as owner, and leaves the others", async () => {
    const release = "20261126190000_warranty";
    const url = await previousRelease(release);
    const account = (c: pg.Client, shop: string, email: string, role: string, at: string, removed = false) =>
      c.query(
        `INSERT INTO users (shop_id, name, email, password_hash, role, created_at, removed_at)
         VALUES ($1, $2, $2, 'x', $3::user_role, $4, ${removed ? "now()" : "NULL"})`,
        [shop, email, role, at],
      );
    await onServer(url, async (c) => {
      // Its owner was removed by a colleague: two staff left, the older one becomes the owner.
      const orphan = await insertShop(c, "Rellotgeria Sense Amo");
      await account(c, orphan, "owner@orphan.example", "owner", "2026-01-01T09:00:00Z", true);
      await account(c, orphan, "older@orphan.example", "staff", "2026-02-01T09:00:00Z");
      await account(c, orphan, "newer@orphan.example", "staff", "2026-03-01T09:00:00Z");
      // An owner and staff: nothing changes.
      const kept = await insertShop(c, "Joieria Amb Amo");
      await account(c, kept, "staff@kept.example", "staff", "2025-01-01T09:00:00Z");
      await account(c, kept, "owner@kept.example", "owner", "2026-01-01T09:00:00Z");
    });
    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    await onServer(url, async (c) => {
      const roles = await c.query<{ email: string; role: string }>(
        "SELECT email, role::text FROM users WHERE removed_at IS NULL ORDER BY email",
      );
      expect(roles.rows).toEqual([
        { email: "newer@orphan.example", role: "staff" },
        { email: "older@orphan.example", role: "owner" },
        { email: "owner@kept.example", role: "owner" },
        { email: "staff@kept.example", role: "staff" },
      ]);
    });
  });

  it("keeps the last release's repairs, payments and history as they were, and from then on archives a paid one rather than erase it", async () => {
    const release = "20261127100000_shop_owner";
    const url = await previousRelease(release);
    let shop = "";
    let owner = "";
    await onServer(url, async (c) => {
      shop = await insertShop(c, "Joieria Puig");
      owner = (
        await c.query<{ id: string }>(
          `INSERT INTO users (shop_id, name, email, password_hash, role) VALUES ($1, 'Marta', 'marta@puig.example', 'x', 'owner') RETURNING id`,
          [shop],
        )
      ).rows[0].id;
      await c.query(
        `INSERT INTO users (shop_id, name, email, password_hash, role) VALUES ($1, 'Pere', 'pere@puig.example', 'x', 'staff')`,
        [shop],
      );
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, picked_up_at, search_text)
         SELECT $1, 'R-' || n, 'Client ' || n, 'Anell', (CASE WHEN n = 3 THEN 'picked_up' ELSE 'received' END)::repair_status,
           CASE WHEN n = 3 THEN now() END, 'r-' || n
         FROM generate_series(1, 400) n`,
        [shop],
      );
      await c.query(
        `INSERT INTO status_history (shop_id, repair_id, to_status, changed_by_id)
         SELECT shop_id, id, 'received', $2 FROM repairs WHERE shop_id = $1`,
        [shop, owner],
      );
      await c.query(
        `INSERT INTO payments (shop_id, repair_id, kind, amount, method, created_by_id)
         SELECT shop_id, id, 'deposit', 10, 'cash', $1::uuid FROM repairs WHERE repair_number IN ('R-1', 'R-2')`,
        [owner],
      );
      await c.query(`UPDATE repairs SET paid_total = 10 WHERE repair_number IN ('R-1', 'R-2')`);
      await c.query(
        `INSERT INTO payments (shop_id, repair_id, kind, amount, method, created_by_id)
         SELECT shop_id, id, 'refund', 10, 'cash', $1::uuid FROM repairs WHERE repair_number = 'R-2'`,
        [owner],
      );
      await c.query(`UPDATE repairs SET paid_total = 0 WHERE repair_number = 'R-2'`);
    });
    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    await onServer(url, async (c) => {
      expect((await c.query("SELECT count(*)::int AS n FROM repairs")).rows).toEqual([{ n: 400 }]);
      expect((await c.query("SELECT count(*)::int AS n FROM repair_records WHERE deleted_at IS NULL")).rows).toEqual([
        { n: 400 },
      ]);
      expect((await c.query("SELECT sum(count)::int AS n FROM repair_counts")).rows).toEqual([{ n: 400 }]);
      expect((await c.query("SELECT count(*)::int AS n FROM payments")).rows).toEqual([{ n: 3 }]);
      expect((await c.query("SELECT count(*)::int AS n FROM status_history")).rows).toEqual([{ n: 400 }]);
      expect((await c.query("SELECT count(*)::int AS n FROM activity")).rows).toEqual([{ n: 0 }]);
    });
    const client = createDb(url, 2);
    try {
      const actor = { shopId: shop, userId: owner };
      const id = async (number: string) =>
        (await client.repair.findFirstOrThrow({ where: { repairNumber: number } })).id;
      // Paid and not given back: refused. Paid and given back, or handed over: kept. Neither: erased.
      await expect(deleteRepair(client, actor, await id("R-1"), {})).rejects.toMatchObject({ code: "repairHasMoney" });
      expect(await deleteRepair(client, actor, await id("R-2"), { reason: "Anul·lada" })).toBe("archived");
      expect(await deleteRepair(client, actor, await id("R-3"), {})).toBe("archived");
      expect(await deleteRepair(client, actor, await id("R-4"), {})).toBe("erased");
      const { archived, erased } = await listDeleted(client, shop);
      expect(archived.map((r) => r.repair_number).sort()).toEqual(["R-2", "R-3"]);
      expect(erased.map((r) => r.repair_number)).toEqual(["R-4"]);
      expect(await client.repair.count()).toBe(397);
      expect(await client.payment.count()).toBe(3);
    } finally {
      await client.$disconnect();
    }
  });

  it("gives the last release's per-status counters their declared values, as the repairs hold them", async () => {
    const release = "20261127140000_records_kept";
    const url = await previousRelease(release);
    await onServer(url, async (c) => {
      const shop = await insertShop(c, "Joieria Puig");
      await c.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, declared_value, search_text)
         SELECT $1, 'R-' || n, 'Client', 'Anell', (CASE WHEN n % 3 = 0 THEN 'ready' ELSE 'received' END)::repair_status,
           CASE WHEN n % 4 = 0 THEN NULL ELSE n * 1.25 END, 'r'
         FROM generate_series(1, 2000) n`,
        [shop],
      );
      // One archived: it counts nowhere.
      await c.query("UPDATE repairs SET deleted_at = now() WHERE repair_number = 'R-1'");
    });
    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    await onServer(url, async (c) => {
      const kept = await c.query(
        "SELECT status::text, count, declared_total::text, undeclared FROM repair_counts ORDER BY status",
      );
      const counted = await c.query(
        `SELECT status::text, count(*)::int AS count, sum(declared_value)::numeric(16,2)::text AS declared_total,
           count(*) FILTER (WHERE declared_value IS NULL)::int AS undeclared
         FROM repairs GROUP BY status ORDER BY status`,
      );
      expect(kept.rows).toEqual(counted.rows);
      expect(counted.rows.reduce((n, r) => n + r.count, 0)).toBe(1999);
    });
  });

  it("keeps the last release's ticket terms in the shop's language, its repairs with no work or price agreed at intake, and its refunds as money given back", async () => {
    const release = "20261127180000_queues_in_use";
    const url = await previousRelease(release);
    let repairId = "";
    await onServer(url, async (c) => {
      const shop = await insertShop(c, "Joieria Puig");
      await c.query(
        "UPDATE shops SET language = 'ca', ticket_terms = 'Les peces no recollides en 90 dies…' WHERE id = $1",
        [shop],
      );
      await insertShop(c, "Sense condicions");
      repairId = (
        await c.query<{ id: string }>(
          `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
           VALUES ($1, 'R-1', 'Anna', 'Anell', 'r-1') RETURNING id`,
          [shop],
        )
      ).rows[0].id;
      await c.query(
        `INSERT INTO payments (shop_id, repair_id, kind, amount, method) VALUES ($1, $2, 'refund', 20, 'cash')`,
        [shop, repairId],
      );
    });
    const result = await applyMigrations(url);
    expect(result.applied).toEqual((await readMigrations()).filter((m) => m.name > release).map((m) => m.name));
    await onServer(url, async (c) => {
      // A refund before discounts gave money back: what is due stays.
      expect((await c.query("SELECT kind::text, discount FROM payments")).rows).toEqual([
        { kind: "refund", discount: false },
      ]);
      const shops = await c.query("SELECT name, ticket_terms FROM shops ORDER BY name");
      expect(shops.rows).toEqual([
        { name: "Joieria Puig", ticket_terms: { ca: "Les peces no recollides en 90 dies…" } },
        { name: "Sense condicions", ticket_terms: {} },
      ]);
      // The view the app reads has the new columns; the old repair has none of them.
      const repair = await c.query(
        "SELECT repair_number, work_requested, price_basis, estimate_amount FROM repairs WHERE id = $1",
        [repairId],
      );
      expect(repair.rows).toEqual([
        { repair_number: "R-1", work_requested: null, price_basis: null, estimate_amount: null },
      ]);
    });
  });

  it("migrates an empty database to the same schema", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    await onServer(database.url, async (c) => {
      await c.query("DROP SCHEMA public CASCADE");
      await c.query("CREATE SCHEMA public");
    });
    const result = await applyMigrations(database.url);
    expect(result.applied).toEqual((await readMigrations()).map((m) => m.name));
    await onServer(database.url, async (c) => {
      const { rows } = await c.query(
        "SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'shops' AND column_name = 'time_zone'",
      );
      expect(rows).toEqual([{ column_name: "time_zone", column_default: "'Europe/Madrid'::text" }]);
    });
  });
});
