import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { NOT_BACKED_UP, TABLES } from "@/lib/backup/archive";
import { onServer } from "@/lib/db/admin";
import { lockRepair } from "@/lib/repairs/lock";
import { insertRepair, updateRepairs } from "@/lib/repairs/row";
import { withTestDatabase } from "../helpers/test-database";

// Proves that the migrated database is what prisma/schema.prisma describes:
// every table, column, type, nullability, enum and named index, and that every
// model round-trips through the generated client with all its fields set.

type Field = { column: string; type: string; optional: boolean; native?: string };
type Model = { table: string; fields: Field[]; indexes: string[] };

const SCALARS = new Set(["String", "Int", "Boolean", "DateTime", "Decimal", "BigInt", "Float", "Json", "Bytes"]);

function parseSchema(text: string) {
  const enums = new Map<string, { name: string; values: string[] }>();
  for (const [, name, body] of text.matchAll(/^enum (\w+) \{([\s\S]*?)^\}/gm)) {
    const lines = body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("//"));
    const mapped = lines.find((l) => l.startsWith("@@map"))?.match(/"(.+)"/)?.[1];
    enums.set(name, { name: mapped ?? name, values: lines.filter((l) => !l.startsWith("@@")) });
  }
  const models = new Map<string, Model>();
  for (const [, name, body] of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const lines = body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("//"));
    const table = lines.find((l) => l.startsWith("@@map"))?.match(/"(.+)"/)?.[1] ?? name;
    const fields: Field[] = [];
    for (const line of lines) {
      const match = line.match(/^(\w+)\s+(\w+)(\??)(\[\])?\s*(.*)$/);
      if (!match || line.startsWith("@@")) continue;
      const [, fieldName, type, optional, list, attributes] = match;
      // Relations are left out; a list of an enum or a scalar is a column (an array of it).
      if (!SCALARS.has(type) && !enums.has(type)) continue;
      fields.push({
        column: attributes.match(/@map\("(.+?)"\)/)?.[1] ?? fieldName,
        type: list ? `${type}[]` : type,
        optional: optional === "?",
        native: attributes.match(/@db\.(\w+(?:\([^)]*\))?)/)?.[1],
      });
    }
    const indexes = lines.flatMap((l) => l.match(/^@@(?:index|unique).*map: "(.+?)"/)?.[1] ?? []);
    models.set(name, { table, fields, indexes });
  }
  return { enums, models };
}

function expectedType(field: Field, enums: Map<string, { name: string }>): string {
  if (field.type === "String[]") return "ARRAY:_text";
  if (field.type.endsWith("[]")) return `ARRAY:_${enums.get(field.type.slice(0, -2))!.name}`;
  if (enums.has(field.type)) return `USER-DEFINED:${enums.get(field.type)!.name}`;
  const native: Record<string, string> = {
    Uuid: "uuid",
    "Timestamptz(3)": "timestamp with time zone",
    Date: "date",
    "Decimal(10, 2)": "numeric(10,2)",
    "Decimal(8, 2)": "numeric(8,2)",
    "Decimal(16, 2)": "numeric(16,2)",
    "Decimal(12, 2)": "numeric(12,2)",
    "Decimal(5, 2)": "numeric(5,2)",
  };
  if (field.native) return native[field.native] ?? `unknown native ${field.native}`;
  const plain: Record<string, string> = {
    String: "text",
    Int: "integer",
    Boolean: "boolean",
    DateTime: "timestamp without time zone",
    BigInt: "bigint",
    Bytes: "bytea",
    Json: "jsonb",
  };
  return plain[field.type] ?? `unknown ${field.type}`;
}

const schema = parseSchema(readFileSync("prisma/schema.prisma", "utf8"));
/** Models read through a view of their table (a view's columns all read as nullable). */
const VIEWS: Record<string, string> = { repairs: "repair_records" };
const database = withTestDatabase();

describe("the migrated database matches prisma/schema.prisma", () => {
  it("has every model's table and columns, with their types and nullability, and nothing else", async () => {
    await onServer(database.url(), async (c) => {
      for (const model of schema.models.values()) {
        const { rows } = await c.query<{
          column_name: string;
          data_type: string;
          udt_name: string;
          is_nullable: string;
          precision: number | null;
          scale: number | null;
        }>(
          `SELECT column_name, data_type, udt_name, is_nullable, numeric_precision AS precision, numeric_scale AS scale
             FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
          [VIEWS[model.table] ?? model.table],
        );
        const actual = Object.fromEntries(
          rows.map((r) => [
            r.column_name,
            {
              type:
                r.data_type === "USER-DEFINED"
                  ? `USER-DEFINED:${r.udt_name}`
                  : r.data_type === "ARRAY"
                    ? `ARRAY:${r.udt_name}`
                    : r.data_type === "numeric"
                      ? `numeric(${r.precision},${r.scale})`
                      : r.data_type,
              nullable: r.is_nullable === "YES",
            },
          ]),
        );
        const expected = Object.fromEntries(
          model.fields.map((f) => [f.column, { type: expectedType(f, schema.enums), nullable: f.optional }]),
        );
        expect(actual, model.table).toEqual(expected);
      }
    });
  });

  it("has each view with every column of its table, in order, and only the rows not archived", async () => {
    await onServer(database.url(), async (c) => {
      for (const [view, table] of Object.entries(VIEWS)) {
        const columns = async (name: string) =>
          (
            await c.query<{ column_name: string; column_default: string | null }>(
              `SELECT column_name, column_default FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
                 ORDER BY ordinal_position`,
              [name],
            )
          ).rows;
        // Every column, in order, each with its table's default (a column written as DEFAULT through the view).
        expect(await columns(view), `${view} is made again when ${table} gets a column`).toEqual(await columns(table));
        const { rows } = await c.query<{ definition: string }>("SELECT pg_get_viewdef($1::regclass) AS definition", [
          view,
        ]);
        expect(rows[0].definition).toContain("deleted_at IS NULL");
      }
    });
  });

  it("has every table either in the backup or named as left out of it", async () => {
    await onServer(database.url(), async (c) => {
      const { rows } = await c.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      const covered = new Set([...TABLES.map((t) => t.name), ...NOT_BACKED_UP]);
      expect(rows.map((r) => r.table_name).filter((name) => !covered.has(name))).toEqual([]);
    });
  });

  it("has every enum with exactly the schema's values, in order", async () => {
    await onServer(database.url(), async (c) => {
      for (const { name, values } of schema.enums.values()) {
        const { rows } = await c.query<{ label: string }>(
          `SELECT e.enumlabel AS label FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
            WHERE t.typname = $1 ORDER BY e.enumsortorder`,
          [name],
        );
        expect(
          rows.map((r) => r.label),
          name,
        ).toEqual(values);
      }
    });
  });

  it("has the named indexes, including the trigram search index", async () => {
    await onServer(database.url(), async (c) => {
      const { rows } = await c.query<{ indexname: string; indexdef: string }>(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
      );
      const names = new Set(rows.map((r) => r.indexname));
      for (const model of schema.models.values())
        for (const index of model.indexes) expect(names, index).toContain(index);
      expect(rows.find((r) => r.indexname === "repairs_search_trgm_idx")?.indexdef).toContain("gin_trgm_ops");
    });
  });

  it("round-trips every model through the client with every field set", async () => {
    const client = createDb(database.url(), 2);
    try {
      const now = new Date("2026-03-04T05:06:07.089Z");
      const shop = await client.shop.create({
        data: {
          name: "Joieria Puig",
          timeZone: "Atlantic/Canary",
          address: "Carrer Major 1",
          phone: "+34 971 000 000",
          email: "botiga@joieria.cat",
          openingHours: "10-14",
          ticketTerms: "90 dies",
          language: "ca",
          notifyReceived: false,
          notifyQuote: false,
          notifyReady: false,
          notifyQuoteExpiring: true,
          notifyNotCollectedDays: 14,
          notifyStatuses: ["in_repair", "outsourced"],
        },
      });
      const user = await client.user.create({
        data: {
          shopId: shop.id,
          name: "Marta Puig",
          email: "marta@joieria.cat",
          passwordHash: "$2b$11$hash",
          role: "owner",
          language: "ca",
          twofaEnabled: true,
          twofaSecret: "ciphertext",
          twofaLastStep: 59_000_000,
        },
      });
      const family = await client.refreshTokenFamily.create({
        data: { userId: user.id, expiresAt: now, revokedAt: now },
      });
      const token = await client.refreshToken.create({
        data: {
          familyId: family.id,
          tokenHash: "a".repeat(64),
          expiresAt: now,
          rotatedAt: now,
          successorSealed: "v1.iv.tag.body",
        },
      });
      const repair = await client.repair.create({
        data: {
          shopId: shop.id,
          repairNumber: "R-04032026-00001",
          customerName: "José García",
          customerPhone: "+34 600 000 000",
          itemType: "watch",
          itemDescription: "Omega Seamaster, cristal rayado",
          notes: "Cliente habitual",
          status: "quoting",
          deadline: new Date("2026-04-01T00:00:00.000Z"),
          outsourcedTo: "Taller Central",
          quoteAmount: new Prisma.Decimal("1234.56"),
          quoteNotes: "Cambio de cristal",
          quoteStatus: "pending",
          quoteCreatedAt: now,
          quoteExpiresAt: now,
          finalPrice: new Prisma.Decimal("99999999.99"),
          pickedUpAt: now,
          searchText: "r-04032026-00001 jose garcia",
          statusToken: "t".repeat(43),
          customerLanguage: "es",
          customerEmail: "jose@example.com",
        },
      });
      const photo = await client.photo.create({
        data: {
          shopId: shop.id,
          repairId: repair.id,
          fileName: "front.jpg",
          filePath: "ab/cd.jpg",
          mimeType: "image/jpeg",
          sizeBytes: 1234,
        },
      });
      const history = await client.statusHistory.create({
        data: {
          shopId: shop.id,
          repairId: repair.id,
          fromStatus: "diagnosing",
          toStatus: "quoting",
          changedById: user.id,
          byCustomer: true,
        },
      });
      const notice = await client.notice.create({
        data: {
          shopId: shop.id,
          repairId: repair.id,
          event: "status",
          status: "in_repair",
          toEmail: "jose@example.com",
          language: "es",
          subject: "Reparación R-1",
          textBody: "Texto",
          htmlBody: "<p>Texto</p>",
          state: "failed",
          attempts: 7,
          nextAttemptAt: now,
          leaseUntil: now,
          lastError: "550 no such user",
          dedupeKey: "quote_expiring:x",
          sentAt: now,
        },
      });
      const event = await client.repairEvent.create({
        data: {
          shopId: shop.id,
          repairId: repair.id,
          kind: "photo_removed",
          detail: "front.jpg",
          changedById: user.id,
          changedAt: now,
        },
      });
      const limit = await client.rateLimit.create({ data: { key: "login:ip:127.0.0.1", count: 3, resetAt: now } });
      const setup = await client.setupToken.create({ data: { tokenHash: "b".repeat(64), expiresAt: now } });
      const lockout = await client.accountLockout.create({
        data: { email: "marta@joieria.cat", failures: 20, lockedUntil: now, updatedAt: now },
      });

      expect(await client.shop.findUniqueOrThrow({ where: { id: shop.id } })).toEqual(shop);
      expect(await client.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(user);
      expect(await client.refreshTokenFamily.findUniqueOrThrow({ where: { id: family.id } })).toEqual(family);
      expect(await client.refreshToken.findUniqueOrThrow({ where: { id: token.id } })).toEqual(token);
      const readRepair = await client.repair.findUniqueOrThrow({ where: { id: repair.id } });
      expect(readRepair).toEqual(repair);
      // The lock's one-statement read (lib/repairs/lock.ts) gives the same row, every field typed alike.
      expect(await client.$transaction((tx) => lockRepair(tx, shop.id, repair.id))).toEqual(readRepair);
      expect(readRepair.quoteAmount?.toFixed(2)).toBe("1234.56");
      expect(readRepair.finalPrice?.toFixed(2)).toBe("99999999.99");
      expect(await client.photo.findUniqueOrThrow({ where: { id: photo.id } })).toEqual(photo);
      expect(await client.statusHistory.findUniqueOrThrow({ where: { id: history.id } })).toEqual(history);
      expect(await client.notice.findUniqueOrThrow({ where: { id: notice.id } })).toEqual(notice);
      expect(await client.repairEvent.findUniqueOrThrow({ where: { id: event.id } })).toEqual(event);
      expect(await client.rateLimit.findUniqueOrThrow({ where: { key: limit.key } })).toEqual(limit);
      expect(await client.setupToken.findUniqueOrThrow({ where: { id: setup.id } })).toEqual(setup);
      expect(await client.accountLockout.findUniqueOrThrow({ where: { email: lockout.email } })).toEqual(lockout);
    } finally {
      await client.$disconnect();
    }
  });

  it("writes a repair's row in one statement (lib/repairs/row.ts) as the client writes it, every kind of field", async () => {
    const client = createDb(database.url(), 2);
    try {
      const shop = await client.shop.create({ data: { name: "Joieria Puig" } });
      const now = new Date("2026-03-04T05:06:07.089Z");
      const data = {
        shopId: shop.id,
        customerName: "Núria Puig",
        customerPhone: "+34 600 000 000",
        itemType: "jewelry" as const,
        itemDescription: "Anell d'or",
        status: "quoting" as const,
        deadline: new Date("2026-04-01T00:00:00.000Z"),
        quoteAmount: new Prisma.Decimal("1234.56"),
        quoteStatus: "pending" as const,
        quoteExpiresAt: now,
        finalPrice: 90.5,
        searchText: "anell d'or nuria puig",
        customerLanguage: "ca" as const,
        metal: "Or 18k",
        weightGrams: "3.125",
        condition: ["scratched", "dented"],
        idChecked: true,
        warrantyMonths: 6,
        underWarranty: true,
        sentOutOn: new Date("2026-03-05T00:00:00.000Z"),
      };
      const sealed = (n: number) => ({ statusToken: `v1.${n}`, statusTokenHash: Buffer.alloc(32, n) });
      const byClient = await client.repair.create({ data: { ...data, repairNumber: "R-1", ...sealed(1) } });
      const byRow = (await client.$transaction((tx) =>
        insertRepair(tx, { ...data, repairNumber: "R-2", ...sealed(2) }),
      ))!;
      expect(Buffer.from(byRow.statusTokenHash)).toEqual(sealed(2).statusTokenHash);
      const { id, repairNumber, statusToken, statusTokenHash, createdAt, updatedAt, statusSince } = byClient;
      const own = { id, repairNumber, statusToken, statusTokenHash, createdAt, updatedAt, statusSince };
      expect({ ...byRow, ...own }).toEqual(byClient);
      expect(await client.repair.findUniqueOrThrow({ where: { id: byRow.id } })).toEqual(byRow);
      // Changed and cleared, on this shop's repair only.
      const change = {
        status: "in_repair" as const,
        quoteAmount: null,
        condition: [],
        deadline: null,
        idChecked: false,
      };
      const [updated] = await client.$transaction((tx) => updateRepairs(tx, shop.id, [byRow.id], change, now));
      expect(updated).toEqual({ ...byRow, ...change, updatedAt: now, statusSince: updated.statusSince, version: 2 });
      const other = await client.shop.create({ data: { name: "Altra" } });
      expect(await client.$transaction((tx) => updateRepairs(tx, other.id, [byRow.id], change, now))).toEqual([]);
      await expect(insertRepair(client, { nonsense: 1 } as never)).rejects.toThrow("Not a repair's field: nonsense");
    } finally {
      await client.$disconnect();
    }
  });

  it("keeps repair numbers unique per shop, not across shops", async () => {
    const client = createDb(database.url(), 2);
    try {
      const [a, b] = await Promise.all([
        client.shop.create({ data: { name: "A" } }),
        client.shop.create({ data: { name: "B" } }),
      ]);
      const repair = { repairNumber: "R-01012026-00001", customerName: "Ana", itemDescription: "Anillo" };
      await client.repair.create({ data: { ...repair, shopId: a.id } });
      await client.repair.create({ data: { ...repair, shopId: b.id } });
      await expect(client.repair.create({ data: { ...repair, shopId: a.id } })).rejects.toMatchObject({
        code: "P2002",
      });
    } finally {
      await client.$disconnect();
    }
  });
});
