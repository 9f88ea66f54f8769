import { Prisma, type Repair } from "@/lib/generated/prisma/client";

// A repair's row written and read back in one statement, for the writes a
// counter makes all day (a create, a status change): Prisma's create and
// update cost several times a raw statement's server time. Every column is
// its field's name in snake_case (tests/api/schema-drift.test.ts holds it),
// so a write names its columns from the fields it sets, and the values go
// in as one JSON object that Postgres reads as a row of the table
// (json_populate_record): each value cast by its column's own type.

/** Every field of a repair under its own name, from its column. */
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const REPAIR_ROW = Prisma.raw(
  Object.values(Prisma.RepairScalarFieldEnum)
    .map((field) => `"${snake(field)}" AS "${field}"`)
    .join(", "),
);

const FIELDS = new Set<string>(Object.values(Prisma.RepairScalarFieldEnum));

/** A repair's fields by name (as Prisma's data takes them), unset ones left out. */
type RepairData = { [Field in keyof Repair]?: unknown };

/** The columns `data` sets, and its values as JSON (bytes as Postgres writes them). */
function columnsOf(data: RepairData): { columns: Prisma.Sql; values: string } {
  const set = Object.entries(data).filter(([, value]) => value !== undefined);
  for (const [field] of set) if (!FIELDS.has(field)) throw new Error(`Not a repair's field: ${field}`);
  const json = Object.fromEntries(
    set.map(([field, value]) => [
      snake(field),
      value instanceof Uint8Array ? `\\x${Buffer.from(value).toString("hex")}` : value,
    ]),
  );
  return {
    columns: Prisma.raw(
      Object.keys(json)
        .map((column) => `"${column}"`)
        .join(", "),
    ),
    values: JSON.stringify(json),
  };
}

/**
 * Inserts a repair (columns not set take their defaults) and reads it back.
 * In the same statement: `also`, statements over the row inserted (named
 * `created`: its first history row); `unless`, a condition over the row to
 * insert (named `fresh`) under which nothing is written and nothing returned.
 */
export async function insertRepair(
  tx: Prisma.TransactionClient,
  data: RepairData,
  { also = [], unless }: { also?: Prisma.Sql[]; unless?: Prisma.Sql } = {},
): Promise<Repair | undefined> {
  const { columns, values } = columnsOf(data);
  const [repair] = await tx.$queryRaw<Repair[]>`
    WITH created AS (
      INSERT INTO repairs (${columns}) SELECT ${columns} FROM json_populate_record(NULL::repairs, ${values}::json) fresh
      ${unless ? Prisma.sql`WHERE NOT (${unless})` : Prisma.empty}
      RETURNING *
    )${
      also.length
        ? Prisma.join(
            also.map((statement, n) => Prisma.sql`, ${Prisma.raw(`also_${n}`)} AS (${statement})`),
            "",
          )
        : Prisma.empty
    }
    SELECT ${REPAIR_ROW} FROM created`;
  return repair;
}

/**
 * Sets `data` on the shop's repairs `ids` (their updated_at to `now`, as
 * Prisma's @updatedAt would) and reads them back, in one statement; `computed`
 * sets columns from SQL over the row as it was (a pickup's warranty date).
 */
export async function updateRepairs(
  tx: Prisma.TransactionClient,
  shopId: string,
  ids: string[],
  data: RepairData,
  now: Date,
  computed: Prisma.Sql = Prisma.empty,
): Promise<Repair[]> {
  const { columns, values } = columnsOf({ ...data, updatedAt: now });
  return tx.$queryRaw<Repair[]>`
    UPDATE repairs SET (${columns}) = (SELECT ${columns} FROM json_populate_record(NULL::repairs, ${values}::json))
      ${computed}
    WHERE shop_id = ${shopId}::uuid AND id = ANY(${ids}::uuid[])
    RETURNING ${REPAIR_ROW}`;
}
