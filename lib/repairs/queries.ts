import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/uuid";
import { rows } from "@/lib/db";
import { decodeInstantKey, encodeInstantKey, holdable } from "@/lib/db/keyset";
import { Prisma, type Photo, type PrismaClient } from "@/lib/generated/prisma/client";
import { listQuerySchema, type ListQuery } from "./schema";
import { selectRepairColumns } from "./columns";
import { searchCondition, walkCut, wholeNameGuess, wordsBeginningSearch, wordWalk, type Search } from "./search-words";
import { isSeriesNumber } from "./series";
import {
  LIST_COLUMNS,
  listRepairJson,
  repairJson,
  type Instant,
  type ListFields,
  type RepairFields,
} from "./serialize";
import { queueCondition } from "./queues";

// Reading repairs, always within the caller's shop. Totals come from the
// trigger-kept repair_counts (no count(*) over the table); a search, a work
// queue or a workshop filter, which they cannot answer, counts its matches up
// to LIST_COUNT_CAP only.

/**
 * Past this many matches the list says "more than 100": counting further
 * reads every further match, which for a common name in a large shop costs
 * more than the page itself.
 */
export const LIST_COUNT_CAP = 100;
/** The most rows a page number may skip (page 201 at 50 a page); docs/security.md. */
export const MAX_OFFSET = 10_000;

/** Another shop's id and a missing id get the very same answer. */
export const notFound = () => new AppError("repairNotFound");

export function assertRepairId(id: string): void {
  if (!isUuid(id)) throw notFound();
}

/**
 * A position in the list: the last row's sort key and id. Newest first, the
 * key is created_at; by deadline, the deadline (none sorts as 'infinity',
 * after every date, as the index repairs_shop_deadline_idx has it).
 */
type Cursor = { sort: "created"; createdAt: string; id: string } | { sort: "deadline"; deadline: string; id: string };
type SortKey = { createdAt: Instant; deadline?: Instant | null; id: string };

const dayOf = (value: Instant | null | undefined) =>
  value == null ? "infinity" : (typeof value === "string" ? value : value.toISOString()).slice(0, 10);

/** An opaque position in the list, in the order `sort` reads it. */
export function encodeCursor(row: SortKey, sort: ListQuery["sort"] = "created"): string {
  if (sort !== "deadline") return encodeInstantKey(row);
  return Buffer.from(JSON.stringify(["d", dayOf(row.deadline), row.id])).toString("base64url");
}

function decodeCursor(cursor: string, sort: ListQuery["sort"]): Cursor {
  if (sort !== "deadline") {
    const key = decodeInstantKey(cursor);
    if (!key) throw new AppError("listQueryInvalid");
    return { sort, ...key };
  }
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as string[];
    const [mark, day, id] = key;
    const valid = day === "infinity" || (/^\d{4}-\d{2}-\d{2}$/.test(day) && holdable(new Date(day)));
    if (mark !== "d" || key.length !== 3 || !valid || !isUuid(id)) throw new Error("bad cursor");
    return { sort, deadline: day, id };
  } catch {
    throw new AppError("listQueryInvalid");
  }
}

const statusList = (statuses: string[]) => Prisma.join(statuses.map((s) => Prisma.sql`${s}::repair_status`));
/** The deadline sort's key: the index's own expression. */
const DEADLINE_KEY = Prisma.raw(`coalesce(deadline, 'infinity'::date)`);

/** What a list reads: the query, and its search's condition (lib/repairs/search-words.ts). */
type Reading = { query: ListQuery; search: Search | null };

function conditions(shopId: string, { query, search }: Reading, now: Date, cursor?: Cursor): Prisma.Sql {
  const parts = [Prisma.sql`shop_id = ${shopId}::uuid`];
  if (cursor?.sort === "created")
    parts.push(Prisma.sql`(created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  if (cursor?.sort === "deadline")
    parts.push(Prisma.sql`(${DEADLINE_KEY}, id) > (${cursor.deadline}::date, ${cursor.id}::uuid)`);
  if (query.statuses?.length) {
    parts.push(Prisma.sql`status IN (${statusList(query.statuses)})`);
  }
  if (search) parts.push(search.where);
  if (query.queue) parts.push(queueCondition(query.queue, shopId, now));
  if (query.workshop) {
    parts.push(Prisma.sql`status = 'outsourced'`);
    if (query.workshop !== "any") parts.push(Prisma.sql`workshop_id = ${workshopId(query.workshop)}::uuid`);
  }
  return Prisma.join(parts, " AND ");
}

/** A workshop filter's id (another shop's finds nothing, being no repair's workshop here). */
function workshopId(value: string): string {
  if (!isUuid(value)) throw new AppError("listQueryInvalid");
  return value;
}

/** Whether only a capped count can answer (the counters hold statuses only). */
const countsRows = (query: ListQuery) => Boolean(query.search || query.queue || query.workshop);

/** How many repairs match: exact from the counters, or else up to the cap plus one. */
function countQuery(shopId: string, reading: Reading, now: Date): Prisma.Sql {
  const { query } = reading;
  if (countsRows(query)) {
    const matches = walks(reading)
      ? walkedRows(shopId, reading, now, Prisma.sql`1`, LIST_COUNT_CAP + 1)
      : Prisma.sql`SELECT 1 FROM repairs WHERE ${conditions(shopId, reading, now)} LIMIT ${LIST_COUNT_CAP + 1}`;
    return Prisma.sql`SELECT count(*)::int AS n FROM (${matches}) matches`;
  }
  const statuses = query.statuses?.length ? Prisma.sql` AND status IN (${statusList(query.statuses)})` : Prisma.empty;
  return Prisma.sql`SELECT coalesce(sum(count), 0)::int AS n FROM repair_counts WHERE shop_id = ${shopId}::uuid${statuses}`;
}

// Every column of a repair a reader sees, under its Prisma field name (lib/repairs/columns.ts).
const ALL_COLUMNS = selectRepairColumns();
// The list's: what a list row holds (lib/repairs/serialize.ts).
const PAGE_COLUMNS = selectRepairColumns(LIST_COLUMNS);

/**
 * Whether the list walks its search's words (Search.walk): sorted newest
 * first, with no work queue or workshop filter (those read their own
 * indexes).
 */
const walks = ({ query, search }: Reading) => Boolean(search?.walk) && walkable(query);
const walkable = (query: ListQuery) => query.sort !== "deadline" && !query.queue && !query.workshop;

/**
 * `select` of the repairs the search's words walk to, newest first, `limit`
 * of them from `offset`: the walk's rows joined to their repairs, which the
 * list's conditions then check.
 */
function walkedRows(
  shopId: string,
  reading: Reading,
  now: Date,
  select: Prisma.Sql,
  limit: number,
  offset = 0,
  cursor?: Cursor,
): Prisma.Sql {
  const before = cursor?.sort === "created" ? cursor : undefined;
  const walk = reading.search!.walk!;
  const rest = conditions(shopId, { ...reading, search: { where: walk.where, walk: null } }, now);
  return Prisma.sql`SELECT ${select} FROM (${wordWalk(shopId, walk.words, before)}) walk
    JOIN repairs ON repairs.id = repair_word_repair(walk.word_key) WHERE ${rest}
    ORDER BY walk.word_key DESC LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * One page (plus one row, to know whether more follow) and the count, in one
 * query: a round trip is a good part of a list request's cost. From the top
 * or a cursor the page is read along the index. A bare page number, or a work
 * queue, first finds the page's ids (an index-only scan: skipping rows, or
 * picking a queue's newest from its partial index, which carries the order's
 * columns), then reads just those rows. The count comes on every row, and on
 * a single row of nulls when the page is empty.
 */
async function readPage<Extra extends object = object>(
  client: PrismaClient,
  shopId: string,
  reading: Reading,
  cursor: Cursor | undefined,
  offset: number,
  now: Date,
  extras: Prisma.Sql[] = [],
) {
  const { query } = reading;
  const where = conditions(shopId, reading, now, cursor);
  const byDeadline = query.sort === "deadline";
  const order = byDeadline
    ? Prisma.sql`ORDER BY ${DEADLINE_KEY}, id LIMIT ${query.limit + 1}`
    : Prisma.sql`ORDER BY created_at DESC, id DESC LIMIT ${query.limit + 1}`;
  const outerOrder = byDeadline
    ? Prisma.sql`ORDER BY coalesce(page.deadline, 'infinity'::date), page.id`
    : Prisma.sql`ORDER BY page."createdAt" DESC, page.id DESC`;
  const page = walks(reading)
    ? walkedRows(shopId, reading, now, PAGE_COLUMNS, query.limit + 1, offset, cursor)
    : offset === 0 && !query.queue
      ? Prisma.sql`SELECT ${PAGE_COLUMNS} FROM repairs WHERE ${where} ${order}`
      : Prisma.sql`SELECT ${PAGE_COLUMNS} FROM repairs
          WHERE shop_id = ${shopId}::uuid AND id IN (SELECT id FROM repairs WHERE ${where} ${order} OFFSET ${offset})`;
  const capped = countsRows(query);
  const first = !cursor && offset === 0;
  // What else the statement answers, once, on its first row (listRepairs).
  const also = Prisma.join([Prisma.empty, ...extras], ", ", "", "");
  // A first page that is not full holds every match: it is the count, and the
  // matches are not read a second time to count them (a rare term's trigrams,
  // or a customer with a few repairs: one scan of the index instead of two).
  // Only a full page asks for the capped count, which Postgres then runs.
  // A walk's first page is the first rows of the walk to the cap: one walk
  // gives both (the rows are read for the conditions anyway).
  // A walk that found less than it was asked for (the page, or the count to
  // the cap) says whether it may have stopped at its budget (`cut`).
  const walk = walks(reading) ? reading.search!.walk! : null;
  const cut = (short: Prisma.Sql) =>
    walk
      ? Prisma.sql`, CASE WHEN ${short} THEN ${walkCut(shopId, walk.words, cursor?.sort === "created" ? cursor : undefined)} END AS cut`
      : Prisma.empty;
  const statement =
    capped && first && walk
      ? Prisma.sql`WITH found AS MATERIALIZED (${walkedRows(shopId, reading, now, PAGE_COLUMNS, Math.max(query.limit, LIST_COUNT_CAP) + 1)})
        SELECT (SELECT count(*)::int FROM found) AS matches${also}${cut(Prisma.sql`(SELECT count(*) FROM found) <= ${LIST_COUNT_CAP}`)}, page.*
        FROM (SELECT 1) one LEFT JOIN (SELECT * FROM found ORDER BY found."createdAt" DESC, found.id DESC LIMIT ${query.limit + 1}) page ON true ${outerOrder}`
      : capped && first
        ? Prisma.sql`WITH page AS MATERIALIZED (${page})
        SELECT CASE WHEN (SELECT count(*) FROM page) <= ${query.limit} THEN (SELECT count(*)::int FROM page)
          ELSE (${countQuery(shopId, reading, now)}) END AS matches${also}, page.*
        FROM (SELECT 1) one LEFT JOIN page ON true ${outerOrder}`
        : walk
          ? Prisma.sql`WITH page AS MATERIALIZED (${page})
        SELECT counted.n AS matches${also}${cut(Prisma.sql`counted.n <= ${LIST_COUNT_CAP} OR (SELECT count(*) FROM page) <= ${query.limit}`)}, page.*
        FROM (${countQuery(shopId, reading, now)}) counted LEFT JOIN page ON true ${outerOrder}`
          : Prisma.sql`SELECT counted.n AS matches${also}, page.* FROM (${countQuery(shopId, reading, now)}) counted
        LEFT JOIN LATERAL (${page}) page ON true ${outerOrder}`;
  // A walk is prepared too: its plan (the words' index read backwards, merged,
  // each repair then read by its id) is the best one whatever the words, so
  // the generic plan Postgres settles on after five saves planning every
  // time. Other searches' plans depend on the term (prepare: false).
  const found = await rows<ListFields & { matches: number; cut?: boolean | null } & Extra>(client, statement, {
    prepare: !query.search || walk !== null,
  });
  const matches = found[0].matches;
  const repairs: ListFields[] = found[0].id === null ? [] : found;
  return {
    also: found[0] as Extra,
    page: repairs,
    total: capped ? Math.min(matches, LIST_COUNT_CAP) : matches,
    capped: capped ? matches > LIST_COUNT_CAP : false,
    // A walk that may have stopped at its budget (WALK_BUDGET): readList then
    // reads the page through the words' GIN index.
    short: found[0].cut === true,
  };
}

/** GET /repairs: `params` are the query's, as sent. */
export async function listRepairs(client: PrismaClient, shopId: string, params: unknown, now = new Date()) {
  const query = listQuerySchema.parse(params);
  // With a cursor the page is read from the index where the last one ended;
  // a bare page number skips (page - 1) * limit rows to get there.
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const offset = cursor ? 0 : (query.page - 1) * query.limit;
  // Skipping rows costs time in proportion: deeper than this, the cursor is the way.
  if (offset > MAX_OFFSET) throw new AppError("pageTooDeep");
  const { page, total, capped, exact } = await readList(client, shopId, query, cursor, offset, now);
  const repairs = page.slice(0, query.limit).map((row) => listRepairJson(row, now));
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
      nextCursor: hasMore && last ? encodeCursor(last, query.sort) : null,
    },
  };
}

/**
 * A list's page, count and, for a search's first page, the repair its term
 * names exactly: each search in as few statements (round trips) as it can.
 * A full name ("José García") in one (wholeNameGuess); a name whose last word
 * begins other words too in two, the second knowing them; a substring in one.
 */
async function readList(
  client: PrismaClient,
  shopId: string,
  query: ListQuery,
  cursor: Cursor | undefined,
  offset: number,
  now: Date,
) {
  const readOnce = <Extra extends object>(search: Search | null, extras: Prisma.Sql[] = []) =>
    readPage<Extra>(client, shopId, { query, search }, cursor, offset, now, extras);
  /** A page read by a walk cut short, read again through the GIN index (Search.where), what else it answered kept. */
  const whole = async <Extra extends object>(
    search: Search | null,
    page: Awaited<ReturnType<typeof readOnce<Extra>>>,
  ) => (page.short ? { ...(await readOnce({ where: search!.where, walk: null })), also: page.also } : page);
  const read = async <Extra extends object>(search: Search | null, extras: Prisma.Sql[] = []) =>
    whole(search, await readOnce<Extra>(search, extras));
  const term = query.search;
  if (!term) return { ...(await read(null)), exact: null };
  // A series number (a scanned tag, a number typed at the counter) is that
  // repair: looked up by the (shop_id, repair_number) index before any word
  // search, which would read thousands of index pages to find the one row.
  if (!cursor && offset === 0 && isSeriesNumber(term)) {
    const named = await namedRepair(client, shopId, query, now, term);
    if (named) return named;
  }
  const exact = cursor ? [] : [exactMatch(shopId, term)];
  /** A phrase that finds nothing as typed is read again with its words as beginnings ("montse ferrer"). */
  const orBeginnings = async <Page extends { total: number }>(page: Page) => {
    if (page.total > 0) return page;
    const beginnings = await wordsBeginningSearch(client, shopId, term);
    return beginnings ? { ...(await read(beginnings)), exact: null } : page;
  };
  const guess = walkable(query) ? wholeNameGuess(shopId, term) : null;
  if (guess) {
    const first = await readOnce<{ exactId?: string | null; endings: string[] }>(guess.search, [
      ...exact,
      Prisma.sql`${guess.endings} AS endings`,
    ]);
    const exactId = first.also.exactId ?? null;
    const search = guess.otherwise(first.also.endings);
    return orBeginnings({ ...(search ? await read(search) : await whole(guess.search, first)), exact: exactId });
  }
  const page = await read<{ exactId?: string | null }>(await searchCondition(client, shopId, term), exact);
  return orBeginnings({ ...page, exact: page.also.exactId ?? null });
}

/** The list's page when exactly one repair has the number and the list's other conditions keep it; else null. */
async function namedRepair(client: PrismaClient, shopId: string, query: ListQuery, now: Date, term: string) {
  const text = term.trim();
  const found = await rows<ListFields>(
    client,
    Prisma.sql`SELECT ${PAGE_COLUMNS} FROM repairs WHERE ${conditions(shopId, { query, search: null }, now)}
      AND repair_number IN (${text}, ${text.toUpperCase()}) LIMIT 2`,
    { prepare: true },
  );
  if (found.length !== 1) return null;
  return { also: {}, page: found, total: 1, capped: false, short: false, exact: found[0].id };
}

/**
 * The one repair whose number is the search text (a scanned tag, a number
 * typed at the counter), through the (shop_id, repair_number) unique index:
 * as typed or in capitals, and only when exactly one repair has it. A column
 * of the page's statement, so it costs no round trip of its own.
 */
function exactMatch(shopId: string, search: string): Prisma.Sql {
  const text = search.trim();
  return Prisma.sql`(SELECT CASE WHEN count(*) = 1 THEN min(id::text) END FROM (SELECT id FROM repairs
    WHERE shop_id = ${shopId}::uuid AND repair_number IN (${text}, ${text.toUpperCase()}) LIMIT 2) named) AS "exactId"`;
}

type PhotoRow = Pick<Photo, "id" | "fileName" | "filePath" | "stage"> & { uploadedAt: string };

export async function getRepair(client: PrismaClient, shopId: string, id: string, now = new Date()) {
  assertRepairId(id);
  // One round trip: the row (of this shop) and its photos, as JSON, oldest
  // first, along photos_repair_id_uploaded_at_idx.
  const [repair] = await rows<RepairFields & { photos: PhotoRow[] }>(
    client,
    Prisma.sql`
    SELECT ${ALL_COLUMNS}, coalesce((
      SELECT json_agg(json_build_object('id', p.id, 'fileName', p.file_name, 'filePath', p.file_path, 'uploadedAt', p.uploaded_at, 'stage', p.stage) ORDER BY p.uploaded_at, p.id)
      FROM photos p WHERE p.repair_id = repairs.id), '[]') AS photos
    FROM repairs WHERE id = ${id}::uuid AND shop_id = ${shopId}::uuid`,
  );
  if (!repair) throw notFound();
  return repairJson(
    { ...repair, photos: repair.photos.map((p) => ({ ...p, uploadedAt: new Date(p.uploadedAt) })) },
    now,
  );
}
