import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { LIST_COUNT_CAP } from "@/lib/repairs/queries";
import { MAX_ENDINGS, MAX_WALK_WORDS, searchCondition, WALK_BUDGET, wordWalk } from "@/lib/repairs/search-words";
import { planOf } from "../helpers/plan";
import { createRepair, shopSession, type RepairsClient } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// A search of several words (a customer's name at the counter) is read
// through the index of the repairs' words (lib/repairs/search-words.ts). It
// must find what the substring search finds: the repairs whose text holds the
// phrase, newest first, only the shop's own, however the words were written.

withTestDatabase();

const found = async (api: RepairsClient, term: string) =>
  ((await (await api.list(`?search=${encodeURIComponent(term)}`)).json()).repairs as { id: string }[]).map((r) => r.id);

/** The shop's repairs whose search text holds the term as typed, newest first: the substring search's answer. */
const holding = async (shopId: string, term: string) =>
  (
    await db().$queryRaw<{ id: string }[]>`
      SELECT id FROM repairs WHERE shop_id = ${shopId}::uuid
        AND strpos(search_text, lower(${term})) > 0 ORDER BY created_at DESC, id DESC`
  ).map((r) => r.id);

/** The statements on repairs the app's pool runs from now on (`spy.mockRestore()` to stop). */
function countStatements() {
  const statements: string[] = [];
  const query = pg.Pool.prototype.query;
  const spy = vi.spyOn(pg.Pool.prototype, "query").mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
    const text = (args[0] as { text?: string }).text ?? String(args[0]);
    if (/\brepairs\b/.test(text)) statements.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  return { statements, spy };
}

const item = { item_description: "Rellotge de butxaca" };

describe("GET /api/repairs?search= with several words", () => {
  it("finds every repair holding the phrase, the last word as typed so far, whatever the case and accents", async () => {
    const { api, owner } = await shopSession();
    const named = async (customer_name: string, extra: Record<string, unknown> = {}) =>
      (await createRepair(api, { customer_name, ...item, ...extra })).id;
    const full = await named("José García López");
    const middle = await named("María José García");
    const longer = await named("José Garcías");
    const reversed = await named("García José");
    const inDescription = await named("Pere", { item_description: "Encàrrec de José García per a la filla" });
    const josep = await named("Josep García");
    const hyphen = await named("José-García");
    const other = await shopSession();
    await createRepair(other.api, { customer_name: "José García", ...item });

    const newestFirst = [inDescription, longer, middle, full];
    expect(await found(api, "jose garcia")).toEqual(newestFirst);
    expect(await found(api, "JOSÉ GARCÍA")).toEqual(newestFirst);
    expect(await found(api, "  José García ")).toEqual(newestFirst);
    // While the last word is being typed.
    expect(await found(api, "jose garc")).toEqual(newestFirst);
    expect(await found(api, "jose g")).toEqual(newestFirst);
    expect(await found(api, "maria jose garcia")).toEqual([middle]);
    expect(await found(api, "jose garcia lopez")).toEqual([full]);
    expect(await found(api, "garcia jose")).toEqual([reversed]);
    expect(await found(api, "josep garcia")).toEqual([josep]);
    expect(await found(api, "garcia lopez")).toEqual([full]);
    expect(await found(api, "jose garcias")).toEqual([longer]);
    expect(await found(api, "jose garciass")).toEqual([]);
    expect(await found(api, "jose lopez")).toEqual([]);
    // Found nowhere as typed, a phrase with a name shortened is read again as the beginnings of words, in any order.
    expect(await found(api, "lop jos")).toEqual([full]);
    // Not words of letters one space apart: the substring search, as ever.
    expect(await found(api, "jose-garcia")).toEqual([hyphen]);
    expect(await found(api, "jose  garcia")).toEqual([]);

    // Each answer is the substring search's own.
    for (const term of ["jose garcia", "jose garc", "maria jose garcia", "garcia jose", "garcia lopez", "de jose"])
      expect(await found(api, term), term).toEqual(await holding(owner.shopId, term));
  });

  it("bounds a search of dozens of words: the walk joins a few of them, and finds exactly the phrase", async () => {
    const { api, owner } = await shopSession();
    // 66 words of two letters (197 characters): once a join each to plan, seconds of it.
    const words = Array.from(
      { length: 66 },
      (_, i) => `${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
    );
    const phrase = words.join(" ");
    const holdingIt = (await createRepair(api, { customer_name: "Anna", item_description: phrase })).id;
    // The same words with the last two swapped: not the phrase.
    const swapped = [...words.slice(0, -2), words[65], words[64]].join(" ");
    await createRepair(api, { customer_name: "Anna", item_description: swapped });
    expect(phrase.length).toBeLessThanOrEqual(200);

    const search = await searchCondition(db(), owner.shopId, phrase);
    expect(search.walk?.words.length).toBeLessThanOrEqual(MAX_WALK_WORDS);
    expect(search.walk?.words[0]).toBe(words[0]);
    expect(await found(api, phrase)).toEqual([holdingIt]);
    expect(await found(api, words.slice(0, 60).join(" "))).toHaveLength(2);
    expect(await found(api, words.slice(1, 61).join(" "))).toHaveLength(2);
    expect(await holding(owner.shopId, phrase)).toEqual([holdingIt]);
  });

  it("takes its first word whole: the one way it differs from a substring", async () => {
    const { api } = await shopSession();
    const joined = (await createRepair(api, { customer_name: "Mariajosé García", ...item })).id;
    expect(await found(api, "jose garcia")).toEqual([]);
    expect(await found(api, "mariajose garcia")).toEqual([joined]);
    expect(await found(api, "josé")).toEqual([joined]);
  });

  it("finds the words of a repair as it was just created or edited, and of many created in one statement", async () => {
    const { api, owner } = await shopSession();
    const repair = await createRepair(api, { customer_name: "Anna Puig", ...item });
    expect(await found(api, "anna puig")).toEqual([repair.id]);
    expect((await api.update(repair.id, { customer_name: "Jon Zubizarreta" })).status).toBe(200);
    expect(await found(api, "jon zubi")).toEqual([repair.id]);
    expect(await found(api, "anna puig")).toEqual([]);

    // A last word that begins more than MAX_ENDINGS words reads the trigrams:
    // the same answer, "more than 100" of them.
    await db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, search_text)
      SELECT ${owner.shopId}::uuid, 'W-' || n, 'Client', 'Anell',
        'w-' || n || chr(31) || 'nuria zz' || chr(97 + n / 26) || chr(97 + n % 26) || chr(31) || 'anell'
      FROM generate_series(0, ${MAX_ENDINGS}::int) n`;
    const many = await (await api.list("?search=nuria%20zz")).json();
    expect(many.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, hasMore: true });
    expect(await found(api, "nuria zzab")).toHaveLength(1);
    expect(await found(api, "nuria zzd")).toHaveLength(MAX_ENDINGS + 1 - 3 * 26);
  });

  it("keeps up when many repairs with the same new words are created at once", async () => {
    const { api } = await shopSession();
    const words = ["Quirze", "Ximena", "Wendelin", "Yolanda"];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        api.create({
          repair_number: `CONC-${i}`,
          customer_name: `${words[i % 4]} ${words[(i + 1) % 4]} ${words[(i + 2) % 4]}`,
          item_description: [...words].reverse().join(" "),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(201));
    expect(await found(api, "quirze ximena")).toHaveLength(8);
    expect(await found(api, "yolanda wendelin")).toHaveLength(16);
  });

  it("reads a full name in one statement, and a name whose last word begins others in two, with its exact number", async () => {
    const { api } = await shopSession();
    const garcia = (await createRepair(api, { customer_name: "José García", ...item })).id;
    const garcias = (await createRepair(api, { customer_name: "José Garcías", ...item })).id;
    // A repair numbered with the very words: the one to open, found in the same statements.
    const numbered = (await createRepair(api, { repair_number: "JOSE GARCIAS", customer_name: "Pere", ...item })).id;
    const { statements, spy } = countStatements();
    const read = async (term: string) => {
      statements.length = 0;
      const body = await (await api.list(`?search=${encodeURIComponent(term)}`)).json();
      return {
        ids: (body.repairs as { id: string }[]).map((r) => r.id),
        exact: body.exact_match,
        statements: statements.length,
      };
    };
    try {
      // "garcias" begins no other word: one statement, walked.
      expect(await read("jose garcias")).toEqual({ ids: [numbered, garcias], exact: numbered, statements: 1 });
      // "garcia" begins "garcias" too: a second statement, knowing both.
      expect(await read("José García")).toEqual({ ids: [numbered, garcias, garcia], exact: null, statements: 2 });
      expect(await read("jose garc")).toEqual({ ids: [numbered, garcias, garcia], exact: null, statements: 2 });
      expect(await read("JOSE GARCIAS")).toEqual({ ids: [numbered, garcias], exact: numbered, statements: 1 });
      // No such word: one statement, nothing found.
      expect(await read("jose garciass")).toEqual({ ids: [], exact: null, statements: 1 });
      // One word: the substring, with the exact number, in one statement.
      expect(await read("garcias")).toEqual({ ids: [numbered, garcias], exact: null, statements: 1 });
    } finally {
      spy.mockRestore();
    }
  });

  it("is read through the index of the repairs' words, not the trigrams", async () => {
    const { api, owner } = await shopSession();
    await createRepair(api, { customer_name: "José García", ...item });
    await createRepair(api, { customer_name: "Pere Gómez", ...item });
    // "g" begins two words: only "jose" is whole, and one word is not walked.
    const condition = await searchCondition(db(), owner.shopId, "josé g");
    expect(condition.walk).toBeNull();
    const text = await planOf(Prisma.sql`SELECT id FROM repairs WHERE ${condition.where}`, ["seqscan"]);
    expect(text).toContain("repairs_search_words_idx");
    expect(text).not.toContain("repairs_search_trgm_idx");
  });
});

const pagesOf = async (api: RepairsClient, query: string) => {
  const ids: string[] = [];
  let cursor = "";
  for (;;) {
    const body = await (await api.list(`${query}${cursor && `&cursor=${cursor}`}`)).json();
    ids.push(...(body.repairs as { id: string }[]).map((r) => r.id));
    if (!body.pagination.nextCursor) return ids;
    cursor = body.pagination.nextCursor;
  }
};

/** The repairs' words in repair_words, per repair number: what the triggers keep. */
const wordRows = async (shopId: string) =>
  Object.fromEntries(
    (
      await db().$queryRaw<{ number: string; words: string[] }[]>`
        SELECT r.repair_number AS number, array_agg(w.word ORDER BY w.word) AS words
        FROM repair_words w JOIN repairs r ON w.key = repair_word_key(r.created_at, r.id)
        WHERE w.shop_id = ${shopId}::uuid GROUP BY r.repair_number`
    ).map((row) => [row.number, row.words]),
  );

describe("GET /api/repairs?search= with whole words, walked newest first", () => {
  it("gives the substring search's answer page after page, filtered, counted to the cap, only the shop's own", async () => {
    const { api, owner } = await shopSession();
    // 110 "Anna Puig" (three at each instant, so the id orders them), 7 "Marc Puig",
    // some "Anna Roca" and "Puig Anna", in three statuses.
    await db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, status, created_at, search_text)
      SELECT ${owner.shopId}::uuid, 'P-' || n, name, 'Anell', (ARRAY['received', 'ready', 'in_progress'])[1 + n % 3]::repair_status,
        date_trunc('hour', now()) - (n / 3) * interval '1 hour',
        'p-' || n || chr(31) || lower(name) || chr(31) || 'anell'
      FROM generate_series(0, 139) n,
        LATERAL (SELECT CASE WHEN n < 110 THEN 'Anna Puig' WHEN n < 117 THEN 'Marc Puig' WHEN n < 130 THEN 'Anna Roca' ELSE 'Puig Anna' END AS name) named`;
    const other = await shopSession();
    await createRepair(other.api, { customer_name: "Anna Puig", ...item });

    expect((await searchCondition(db(), owner.shopId, "anna puig")).walk?.words).toEqual(["anna", "puig"]);
    const all = await holding(owner.shopId, "anna puig");
    expect(all).toHaveLength(110);

    const first = await (await api.list("?search=Anna%20Puig")).json();
    expect(first.repairs.map((r: { id: string }) => r.id)).toEqual(all.slice(0, 50));
    expect(first.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, hasMore: true });
    expect(await pagesOf(api, "?search=anna%20puig")).toEqual(all);
    expect(await pagesOf(api, "?search=anna%20puig&limit=7")).toEqual(all);
    const second = await (await api.list("?search=anna%20puig&page=2")).json();
    expect(second.repairs.map((r: { id: string }) => r.id)).toEqual(all.slice(50, 100));
    const hundred = await (await api.list("?search=anna%20puig&limit=100")).json();
    expect(hundred.repairs.map((r: { id: string }) => r.id)).toEqual(all.slice(0, 100));
    expect(hundred.pagination).toMatchObject({ totalCapped: true, hasMore: true });

    const ready = (
      await db().$queryRaw<{ id: string }[]>`SELECT id FROM repairs WHERE shop_id = ${owner.shopId}::uuid
        AND status = 'ready' AND customer_name = 'Anna Puig' ORDER BY created_at DESC, id DESC`
    ).map((r) => r.id);
    expect(await pagesOf(api, "?search=anna%20puig&statuses=ready")).toEqual(ready);
    const filtered = await (await api.list("?search=anna%20puig&statuses=ready")).json();
    expect(filtered.pagination).toMatchObject({ total: 37, totalCapped: false, hasMore: false });

    const marc = await (await api.list("?search=marc%20puig")).json();
    expect(marc.repairs.map((r: { id: string }) => r.id)).toEqual(await holding(owner.shopId, "marc puig"));
    expect(marc.pagination).toMatchObject({ total: 7, totalCapped: false, hasMore: false });
    expect(await found(api, "puig anna")).toEqual(await holding(owner.shopId, "puig anna"));
    expect(await found(api, "anna marc")).toEqual([]);
    // Sorted by deadline, the words' index is read instead: the same repairs.
    expect((await pagesOf(api, "?search=anna%20puig&sort=deadline")).sort()).toEqual([...all].sort());
  });

  it("finds words seldom together past the walk's budget, through the GIN index, page after page and counted", async () => {
    const { api, owner } = await shopSession();
    // The newest WALK_BUDGET + 50 say "Pere Soler"; older, 3 "Pere Vidal" and 120 "Anna Vidal Pere Vidal".
    await db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, created_at, search_text)
      SELECT ${owner.shopId}::uuid, 'B-' || n, name, 'Anell', date_trunc('hour', now()) - n * interval '1 minute',
        'b-' || n || chr(31) || lower(name) || chr(31) || 'anell'
      FROM generate_series(0, ${WALK_BUDGET + 50 + 3 + 120 - 1}) n,
        LATERAL (SELECT CASE WHEN n < ${WALK_BUDGET + 50} THEN 'Pere Soler' WHEN n < ${WALK_BUDGET + 53} THEN 'Pere Vidal'
          ELSE 'Anna Vidal Pere Vidal' END AS name) named`;
    // As autovacuum would after such a load: the planner knows the words' rows.
    await db().$executeRaw`ANALYZE repair_records, repair_words`;
    const { statements, spy } = countStatements();
    try {
      const all = await holding(owner.shopId, "pere vidal");
      expect(all).toHaveLength(123);
      statements.length = 0;
      const first = await (await api.list("?search=Pere%20Vidal")).json();
      expect(first.repairs.map((r: { id: string }) => r.id)).toEqual(all.slice(0, 50));
      expect(first.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, hasMore: true });
      // The walk found none among "pere"'s newest rows, and said it stopped there: the GIN index read the page.
      expect(statements).toHaveLength(2);
      expect(await pagesOf(api, "?search=pere%20vidal")).toEqual(all);
      expect(await pagesOf(api, "?search=pere%20vidal&limit=7")).toEqual(all);
      const third = await (await api.list("?search=pere%20vidal&page=3")).json();
      expect(third.repairs.map((r: { id: string }) => r.id)).toEqual(all.slice(100));
      // Three alone: found and counted exactly.
      await db()
        .$executeRaw`UPDATE repairs SET search_text = replace(search_text, 'anna vidal pere vidal', 'anna vidal')
        WHERE shop_id = ${owner.shopId}::uuid`;
      const few = await (await api.list("?search=pere%20vidal")).json();
      expect(few.repairs.map((r: { id: string }) => r.id)).toEqual(await holding(owner.shopId, "pere vidal"));
      expect(few.pagination).toMatchObject({ total: 3, totalCapped: false, hasMore: false });
      // Words seldom together, never a phrase: nothing, without reading every row of both.
      expect(await found(api, "soler vidal")).toEqual([]);
      // A customer with a few repairs whose first word is rare: one statement, walked to the end.
      const annaVidal = await holding(owner.shopId, "anna vidal");
      statements.length = 0;
      expect(await found(api, "anna vidal")).toEqual(annaVidal.slice(0, 50));
      expect(statements).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps each repair's words as it is created, edited, moved on and deleted", async () => {
    const { api, owner } = await shopSession();
    const repair = await createRepair(api, {
      customer_name: "Núria Vidal",
      item_description: "Anell d'or",
      repair_number: "V-1",
    });
    await createRepair(api, { customer_name: "Pere Soler", item_description: "Rellotge", repair_number: "V-2" });
    expect(await wordRows(owner.shopId)).toEqual({
      "V-1": ["anell", "d", "nuria", "or", "v", "vidal"],
      "V-2": ["pere", "rellotge", "soler", "v"],
    });
    expect((await api.status(repair.id, "in_progress")).status).toBe(200);
    expect((await api.update(repair.id, { customer_name: "Núria Vidal Roca" })).status).toBe(200);
    expect((await wordRows(owner.shopId))["V-1"]).toEqual(["anell", "d", "nuria", "or", "roca", "v", "vidal"]);
    expect(await found(api, "vidal roca")).toEqual([repair.id]);
    expect((await api.update(repair.id, { customer_name: "Jon Zubizarreta" })).status).toBe(200);
    expect(await found(api, "vidal roca")).toEqual([]);
    expect(await found(api, "jon zubizarreta")).toEqual([repair.id]);
    expect((await api.remove(repair.id)).status).toBe(200);
    expect(await wordRows(owner.shopId)).toEqual({ "V-2": ["pere", "rellotge", "soler", "v"] });
    expect(await db().$queryRaw`SELECT * FROM repair_words WHERE repair_word_repair(key) = ${repair.id}::uuid`).toEqual(
      [],
    );
  });

  it("reads the words' index backwards, newest first, without sorting", async () => {
    const { owner } = await shopSession();
    const walk = wordWalk(owner.shopId, ["anna", "puig"]);
    const text = await planOf(Prisma.sql`SELECT word_key FROM (${walk}) walk ORDER BY word_key DESC LIMIT 51`, [
      "seqscan",
      "sort",
    ]);
    expect(text).toContain("Index Only Scan Backward using repair_words_pkey");
    expect(text).not.toContain("Sort");
  });
});
