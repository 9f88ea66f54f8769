import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Ways of reading a table the planner may be kept from (Postgres' enable_* settings). */
type Method = "seqscan" | "bitmapscan" | "indexscan" | "sort";

/**
 * The plan Postgres chooses for `query` (EXPLAIN's text), with `without` turned
 * off for it alone. A test table is small enough to read whole, so a test asks
 * for the plan a big table gets by taking the whole-table ways away.
 */
export async function planOf(query: Prisma.Sql, without: Method[]): Promise<string> {
  const lines = await db().$transaction(async (tx) => {
    for (const method of without) await tx.$executeRawUnsafe(`SET LOCAL enable_${method} = off`);
    return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${query.text}`, ...query.values);
  });
  return lines.map((line) => line["QUERY PLAN"]).join("\n");
}
