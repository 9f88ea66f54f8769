import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { LIST_COUNT_CAP } from "@/lib/repairs/queries";
import { MAX_ENDINGS, searchCondition } from "@/lib/repairs/search-words";
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
    // Not words of letters one space apart: the substring search, as ever.
    expect(await found(api, "jose-garcia")).toEqual([hyphen]);
    expect(await found(api, "jose  garcia")).toEqual([]);

    // Each answer is the substring search's own.
    for (const term of ["jose garcia", "jose garc", "maria jose garcia", "garcia jose", "garcia lopez", "de jose"])
      expect(await found(api, term), term).toEqual(await holding(owner.shopId, term));
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

  it("is read through the index of the repairs' words, not the trigrams", async () => {
    const { api, owner } = await shopSession();
    await createRepair(api, { customer_name: "José García", ...item });
    const condition = await searchCondition(db(), owner.shopId, "josé garc");
    const text = await planOf(Prisma.sql`SELECT id FROM repairs WHERE ${condition}`, ["seqscan"]);
    expect(text).toContain("repairs_search_words_idx");
    expect(text).not.toContain("repairs_search_trgm_idx");
  });
});
