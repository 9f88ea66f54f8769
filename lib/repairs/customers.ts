import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { Locale } from "@/i18n/config";
import { MIN_CUSTOMER_LOOKUP } from "./limits";
import { searchCondition, wordsBeginningSearch, type Search } from "./search-words";

// The customers of a shop's earlier repairs, looked up as the counter types a
// name or a phone in the new-repair form (docs/counter.md): found as the
// list's search finds their repairs, the newest first, each customer once.

/** How many customers the form offers. */
const OFFERED = 5;
/** How many of the newest matching repairs the customers are taken from. */
const READ = 100;

export type CustomerSuggestion = {
  name: string;
  phone: string | null;
  email: string | null;
  language: Locale;
  repairs: number;
};

async function customersWhere(client: PrismaClient, shopId: string, search: Search) {
  return rows<CustomerSuggestion>(
    client,
    Prisma.sql`SELECT name, phone, email, language, count(*)::int AS repairs FROM (
        SELECT customer_name AS name, customer_phone AS phone, customer_email AS email,
          customer_language::text AS language, created_at
        FROM repairs WHERE shop_id = ${shopId}::uuid AND ${search.where}
        ORDER BY created_at DESC LIMIT ${READ}
      ) found GROUP BY name, phone, email, language ORDER BY max(created_at) DESC LIMIT ${OFFERED}`,
  );
}

/** GET /repairs/customers?q=: the customers whose earlier repairs the typed name or phone finds. */
export async function customerSuggestions(client: PrismaClient, shopId: string, term: unknown) {
  const text = typeof term === "string" ? term.trim().slice(0, 200) : "";
  if (text.length < MIN_CUSTOMER_LOOKUP) return { customers: [] };
  const found = await customersWhere(client, shopId, await searchCondition(client, shopId, text));
  if (found.length > 0) return { customers: found };
  const beginnings = await wordsBeginningSearch(client, shopId, text);
  return { customers: beginnings ? await customersWhere(client, shopId, beginnings) : [] };
}
