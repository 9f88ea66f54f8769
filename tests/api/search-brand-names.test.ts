import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { rewriteSearchTexts, TO_REWRITE } from "@/lib/repairs/search-rewrite";
import { SEARCH_TEXT_FIELDS } from "@/lib/repairs/search-text";
import { createRepair, shopSession, type RepairsClient } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// The search finds a watch by its brand and model, and a customer by the
// beginnings of their names ("montse ferrer" for Montserrat Ferrer i Soler),
// as the counter types them (issue 51). Repairs written before the brand and
// model were searched are written again at start (lib/repairs/search-rewrite.ts).

const database = withTestDatabase();

const found = async (api: RepairsClient, term: string) =>
  ((await (await api.list(`?search=${encodeURIComponent(term)}`)).json()).repairs as { id: string }[]).map((r) => r.id);

describe("searching what the counter types", () => {
  it("finds a watch by its brand and its model, whatever the capitals", async () => {
    const { api } = await shopSession();
    const watch = await createRepair(api, {
      item_type: "watch",
      item_description: "Rellotge d'home",
      brand: "Zenith",
      model: "Chronomaster Sport",
    });
    await createRepair(api, { item_type: "watch", item_description: "Rellotge", brand: "Tissot", model: "PRX" });
    expect(await found(api, "zenith")).toEqual([watch.id]);
    expect(await found(api, "Chronomaster")).toEqual([watch.id]);
    expect(await found(api, "chronomaster sport")).toEqual([watch.id]);
  });

  it("finds a customer by the beginnings of their names, in any order, when the phrase as typed finds nothing", async () => {
    const { api } = await shopSession();
    const montse = await createRepair(api, { customer_name: "Montserrat Ferrer i Soler" });
    const other = await createRepair(api, { customer_name: "Montserrat Puig" });
    await createRepair(api, { customer_name: "Joan Ferrer" });
    expect(await found(api, "montse ferrer")).toEqual([montse.id]);
    expect(await found(api, "Ferrer Montse")).toEqual([montse.id]);
    expect(await found(api, "mont sol")).toEqual([montse.id]);
    // Whole words found nowhere as a phrase are a new customer's name: nothing, as before.
    expect(await found(api, "ferrer montserrat")).toEqual([]);
    // The phrase as typed still comes first when it finds something.
    expect(await found(api, "montserrat puig")).toEqual([other.id]);
    // A word that begins none of the shop's words: nothing.
    expect(await found(api, "montse zzz")).toEqual([]);
  });

  it("writes again the search text of repairs from before brand and model were searched, and leaves the rest", async () => {
    const { api, owner } = await shopSession();
    const watch = await createRepair(api, { item_type: "watch", brand: "Longines", model: "Conquest" });
    const plain = await createRepair(api, { customer_name: "Pere Soler" });
    // As the last release wrote them: without the brand and the model.
    await db()
      .$executeRaw`UPDATE repairs SET search_text = replace(replace(search_text, 'longines', ''), 'conquest', '')
      WHERE id = ${watch.id}::uuid`;
    await db().$executeRaw`UPDATE repairs SET search_text = replace(search_text, ${"\u001f\u001f\u001f"}, ${"\u001f"})
      WHERE shop_id = ${owner.shopId}::uuid`;
    const before = await db().repair.findUniqueOrThrow({ where: { id: plain.id }, select: { searchText: true } });
    expect(await found(api, "longines")).toEqual([]);

    expect(await rewriteSearchTexts(database.url(), { batch: 1 })).toBe(1);
    expect(await found(api, "longines")).toEqual([watch.id]);
    expect(await found(api, "conquest")).toEqual([watch.id]);
    // A repair with no brand or model keeps its text; a second pass has nothing to do.
    expect(await db().repair.findUniqueOrThrow({ where: { id: plain.id }, select: { searchText: true } })).toEqual(
      before,
    );
    expect(await rewriteSearchTexts(database.url())).toBe(0);
  });

  it("finds the repairs to write again through their own index, not by reading the table at every start", async () => {
    // The pass's own condition, as it asks it, planned where the table's rows are no option.
    const plan = await db().$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT id FROM repair_records WHERE id > '00000000-0000-0000-0000-000000000000' AND (${TO_REWRITE})
          ORDER BY id LIMIT 500`,
      );
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("repairs_search_text_to_rewrite_idx");
    // The index is of this release's layout: a field newly searched needs a new one.
    const [index] = await db().$queryRaw<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes WHERE indexname = 'repairs_search_text_to_rewrite_idx'`;
    expect(index.indexdef).toContain(`< ${SEARCH_TEXT_FIELDS - 1})`);
  });
});
