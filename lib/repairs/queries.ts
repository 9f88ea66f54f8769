import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/uuid";
import { rows } from "@/lib/db";
import { Prisma, type Photo, type PrismaClient } from "@/lib/generated/prisma/client";
import { listQuerySchema, type ListQuery } from "./schema";
import { selectRepairColumns } from "./columns";
import { searchPattern } from "./search-text";
import { repairJson, type Instant, type RepairFields } from "./serialize";

// Reading repairs, always within the caller's shop. Totals come from the
// trigger-kept repair_counts (no count(*) over the table); a search, which
// they cannot answer, counts its matches up to SEARCH_COUNT_CAP only.

export const SEARCH_COUNT_CAP = 1000;
/** The most rows a page number may skip (page 201 at 50 a page); README, Security. */
export const MAX_OFFSET = 10_000;

/** Another shop's id and a missing id get the very same answer. */
export const notFound = () => new AppError("repairNotFound");

export function assertRepairId(id: string): void {
  if (!isUuid(id)) throw notFound();
}

type Cursor = { createdAt: Date; id: string };

/** An opaque position in the list: the last row's (created_at, id). */
export function encodeCursor(row: { createdAt: Instant; id: string }): string {
  const at = typeof row.createdAt === "string" ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(JSON.stringify([at, row.id])).toString("base64url");
}

function decodeCursor(cursor: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const createdAt = new Date(at);
    // Postgres' timestamps end sooner than JavaScript's Dates: keep to years it can hold.
    const year = createdAt.getUTCFullYear();
    if (!isUuid(id) || Number.isNaN(createdAt.getTime()) || year < 1900 || year > 9999) throw new Error("bad cursor");
    return { createdAt, id };
  } catch {
    throw new AppError("listQueryInvalid");
  }
}

const statusList = (statuses: string[]) => Prisma.join(statuses.map((s) => Prisma.sql`${s}::repair_status`));

function conditions(shopId: string, query: ListQuery, cursor?: Cursor): Prisma.Sql {
  const parts = [Prisma.sql`shop_id = ${shopId}::uuid`];
  if (cursor) parts.push(Prisma.sql`(created_at, id) < (${cursor.createdAt}, ${cursor.id}::uuid)`);
  if (query.statuses?.length) {
    parts.push(Prisma.sql`status IN (${statusList(query.statuses)})`);
  }
  if (query.search) parts.push(Prisma.sql`search_text LIKE ${searchPattern(query.search)}`);
  return Prisma.join(parts, " AND ");
}

/** How many repairs match: exact from the counters, or a search's up to the cap plus one. */
function countQuery(shopId: string, query: ListQuery): Prisma.Sql {
  if (query.search) {
    return Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM repairs WHERE ${conditions(shopId, query)} LIMIT ${SEARCH_COUNT_CAP + 1}) matches`;
  }
  const statuses = query.statuses?.length ? Prisma.sql` AND status IN (${statusList(query.statuses)})` : Prisma.empty;
  return Prisma.sql`SELECT coalesce(sum(count), 0)::int AS n FROM repair_counts WHERE shop_id = ${shopId}::uuid${statuses}`;
}

// Every column of a repair a reader sees, under its Prisma field name (lib/repairs/columns.ts).
const REPAIR_COLUMNS = selectRepairColumns();

/**
 * One page (plus one row, to know whether more follow) and the count, in one
 * query: a round trip is a good part of a list request's cost. From the top
 * or a cursor the page is read along the index; a bare page number first
 * finds the ids (an index-only scan skips the rows before it cheaply), then
 * reads just those rows. The count comes on every row, and on a single row of
 * nulls when the page is empty.
 */
async function readPage(
  client: PrismaClient,
  shopId: string,
  query: ListQuery,
  cursor: Cursor | undefined,
  offset: number,
) {
  const where = conditions(shopId, query, cursor);
  const order = Prisma.sql`ORDER BY created_at DESC, id DESC LIMIT ${query.limit + 1}`;
  const page =
    offset === 0
      ? Prisma.sql`SELECT ${REPAIR_COLUMNS} FROM repairs WHERE ${where} ${order}`
      : Prisma.sql`SELECT ${REPAIR_COLUMNS} FROM repairs
          WHERE shop_id = ${shopId}::uuid AND id IN (SELECT id FROM repairs WHERE ${where} ${order} OFFSET ${offset})`;
  const found = await rows<RepairFields & { matches: number }>(
    client,
    Prisma.sql`
    SELECT counted.n AS matches, page.* FROM (${countQuery(shopId, query)}) counted LEFT JOIN LATERAL (${page}) page ON true
    ORDER BY page."createdAt" DESC, page.id DESC`,
    { prepare: !query.search },
  );
  const matches = found[0].matches;
  const repairs: RepairFields[] = found[0].id === null ? [] : found;
  return {
    page: repairs,
    total: query.search ? Math.min(matches, SEARCH_COUNT_CAP) : matches,
    capped: query.search ? matches > SEARCH_COUNT_CAP : false,
  };
}

/** GET /repairs: `params` are the query's, as sent. */
export async function listRepairs(client: PrismaClient, shopId: string, params: unknown, now = new Date()) {
  const query = listQuerySchema.parse(params);
  // With a cursor the page is read from the index where the last one ended;
  // a bare page number skips (page - 1) * limit rows to get there.
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = cursor ? 0 : (query.page - 1) * query.limit;
  // Skipping rows costs time in proportion: deeper than this, the cursor is the way.
  if (offset > MAX_OFFSET) throw new AppError("pageTooDeep");
  const [{ page, total, capped }, exact] = await Promise.all([
    readPage(client, shopId, query, cursor, offset),
    query.search && !cursor ? exactMatch(client, shopId, query.search) : null,
  ]);
  const repairs = page.slice(0, query.limit).map((row) => repairJson(row, now));
  const hasMore = page.length > query.limit;
  const last = page[Math.min(page.length, query.limit) - 1];
  return {
    repairs,
    /** A search that is a repair's number exactly (as typed, or in capitals): that repair's id, to open it. */
    exact_match: exact,
    pagination: {
      page: query.page,
      limit: query.limit,
      // A capped search total is a lower bound; never below what was seen.
      total: Math.max(total, offset + repairs.length + (hasMore ? 1 : 0)),
      totalCapped: capped,
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    },
  };
}

/**
 * The one repair whose number is the search text (a scanned tag, a number
 * typed at the counter), through the (shop_id, repair_number) unique index:
 * as typed or in capitals, and only when exactly one repair has it.
 */
async function exactMatch(client: PrismaClient, shopId: string, search: string): Promise<string | null> {
  const text = search.trim();
  const found = await rows<{ id: string }>(
    client,
    Prisma.sql`SELECT id FROM repairs WHERE shop_id = ${shopId}::uuid AND repair_number IN (${text}, ${text.toUpperCase()}) LIMIT 2`,
  );
  return found.length === 1 ? found[0].id : null;
}

type PhotoRow = Pick<Photo, "id" | "fileName" | "filePath"> & { uploadedAt: string };

export async function getRepair(client: PrismaClient, shopId: string, id: string, now = new Date()) {
  assertRepairId(id);
  // One round trip: the row (of this shop) and its photos, as JSON, oldest
  // first, along photos_repair_id_uploaded_at_idx.
  const [repair] = await rows<RepairFields & { photos: PhotoRow[] }>(
    client,
    Prisma.sql`
    SELECT ${REPAIR_COLUMNS}, coalesce((
      SELECT json_agg(json_build_object('id', p.id, 'fileName', p.file_name, 'filePath', p.file_path, 'uploadedAt', p.uploaded_at) ORDER BY p.uploaded_at, p.id)
      FROM photos p WHERE p.repair_id = repairs.id), '[]') AS photos
    FROM repairs WHERE id = ${id}::uuid AND shop_id = ${shopId}::uuid`,
  );
  if (!repair) throw notFound();
  return repairJson(
    { ...repair, photos: repair.photos.map((p) => ({ ...p, uploadedAt: new Date(p.uploadedAt) })) },
    now,
  );
}
