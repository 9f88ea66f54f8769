// npm run seed -- --count 1000000 [--email bench@example.com] [--mix seed|realistic]
// Fills one shop with realistic repairs for benchmarks and plans: customers,
// phones and descriptions in Spanish, Catalan and English, every status (the
// outsourced ones sent to one of five outside workshops),
// creation dates over 5 years, quotes and final prices on part of them, and
// photo records (without files) on about one repair in 25.
// Inserts in batches of 5,000 rows (one statement each, through unnest).
// With ENCRYPTION_KEY set, the status links are written sealed under it, as
// the server writes them; without, in clear, as a release before the seal
// did (the server's start seals them).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { createShopWithOwner } from "@/lib/accounts/create-shop";
import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { searchTextOf } from "@/lib/repairs/search-text";
import { newStatusToken } from "@/lib/status-link/token";
import { ITEM_TYPES, REPAIR_STATUSES } from "@/lib/repairs/workflow";
import { openDatabase } from "@/lib/runtime/database";
import { commandConfig, exitWith } from "./lib/config";

const FIRST = [
  "José",
  "María",
  "Núria",
  "Jordi",
  "Montserrat",
  "Pere",
  "Laura",
  "Carlos",
  "Lucía",
  "Marc",
  "Anna",
  "Javier",
  "Emma",
  "Oliver",
  "Sophie",
  "Àlex",
  "Mireia",
  "Iñaki",
  "Raquel",
  "Xavier",
];
const LAST = [
  "García",
  "Martínez",
  "Puig",
  "Vidal",
  "Ferrer",
  "Soler",
  "López",
  "Sánchez",
  "Roca",
  "Serra",
  "Smith",
  "Brown",
  "Pérez",
  "Font",
  "Casals",
  "Gómez",
  "Rovira",
  "Muñoz",
  "Castells",
  "Jones",
];
const ITEMS: Record<string, string[]> = {
  watch: [
    "Omega Seamaster, cristal rayado",
    "Rolex Datejust, revisión completa",
    "Rellotge de butxaca, canvi de pila",
    "Seiko automatic, strap replacement",
    "Tissot, corona rota",
    "Longines, no arranca",
  ],
  jewelry: [
    "Anillo de oro, ajustar talla",
    "Collaret de perles, enfilar de nou",
    "Silver bracelet, broken clasp",
    "Pendientes de plata, soldar cierre",
    "Anell de compromís, engastar pedra",
    "Gold chain, repair link",
  ],
  other: [
    "Gafas de sol, bisagra",
    "Encenedor antic, revisió",
    "Music box, mechanism stuck",
    "Pitillera de plata, pulir",
  ],
};

const pick = <T>(items: readonly T[], i: number) => items[i % items.length];

/**
 * The statuses: "seed" spreads them evenly (82% of repairs still in the
 * shop's hands); "realistic" is a shop's book after years: everything older
 * than 60 days collected, the recent ones spread.
 */
type Mix = "seed" | "realistic";
const COLLECTED_AFTER = 60 * 86_400_000;

function rows(start: number, count: number, now: number, mix: Mix, key: string | undefined) {
  const five = 5 * 365 * 86_400_000;
  const out: Record<string, unknown[]> = {
    repair_number: [],
    customer_name: [],
    customer_phone: [],
    item_type: [],
    item_description: [],
    status: [],
    deadline: [],
    quote_amount: [],
    quote_status: [],
    quote_created_at: [],
    quote_expires_at: [],
    final_price: [],
    picked_up_at: [],
    created_at: [],
    search_text: [],
    status_token: [],
    status_token_hash: [],
  };
  for (let i = start; i < start + count; i++) {
    // A cheap, repeatable spread (no Math.random: the same seed gives the same data).
    const h = (i * 2654435761) >>> 0;
    const created = new Date(now - Math.floor((h / 2 ** 32) * five));
    const itemType = pick(ITEM_TYPES, h >>> 3);
    const status =
      mix === "realistic" && now - created.getTime() > COLLECTED_AFTER ? "picked_up" : pick(REPAIR_STATUSES, h >>> 7);
    const hasQuote = h % 3 === 0;
    const name = `${pick(FIRST, h >>> 11)} ${pick(LAST, h >>> 15)}`;
    const phone = `+34 6${String(h % 100_000_000).padStart(8, "0")}`;
    const dd = String(created.getUTCDate()).padStart(2, "0");
    const mm = String(created.getUTCMonth() + 1).padStart(2, "0");
    const repair = {
      repairNumber: `R-${dd}${mm}${created.getUTCFullYear()}-${String(i + 1).padStart(7, "0")}`,
      customerName: name,
      customerPhone: phone,
      itemDescription: pick(ITEMS[itemType], h >>> 19),
    };
    out.repair_number.push(repair.repairNumber);
    out.customer_name.push(name);
    out.customer_phone.push(phone);
    out.item_type.push(itemType);
    out.item_description.push(repair.itemDescription);
    out.status.push(status);
    out.deadline.push(h % 2 ? new Date(created.getTime() + 14 * 86_400_000).toISOString().slice(0, 10) : null);
    out.quote_amount.push(hasQuote ? ((h % 50_000) / 100).toFixed(2) : null);
    out.quote_status.push(hasQuote ? pick(["pending", "approved", "denied", "no_response"], h >>> 5) : null);
    out.quote_created_at.push(hasQuote ? created : null);
    out.quote_expires_at.push(hasQuote ? new Date(created.getTime() + 7 * 86_400_000) : null);
    out.final_price.push(status === "picked_up" || status === "ready" ? ((h % 80_000) / 100).toFixed(2) : null);
    out.picked_up_at.push(status === "picked_up" ? new Date(created.getTime() + 20 * 86_400_000) : null);
    out.created_at.push(created);
    out.search_text.push(searchTextOf(repair));
    const link = key ? newStatusToken(key) : null;
    out.status_token.push(link?.statusToken ?? randomBytes(32).toString("base64url"));
    out.status_token_hash.push(link?.statusTokenHash.toString("hex") ?? null);
  }
  return out;
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "100000" },
      email: { type: "string", default: "bench@example.com" },
      mix: { type: "string", default: "seed" },
    },
  });
  const total = Number(values.count);
  const database = await openDatabase(commandConfig());
  await applyMigrations(database.url);
  const client = createDb(database.url, 1);
  const raw = new pg.Client({ connectionString: database.url });
  await raw.connect();
  try {
    const existing = await client.user.findUnique({ where: { email: values.email! } });
    const shopId =
      existing?.shopId ??
      (
        await createShopWithOwner(client, {
          shopName: "Bench shop",
          name: "Bench Owner",
          email: values.email!,
          password: "Bench-Password-1",
        })
      ).shopId;
    const already = await client.repair.count({ where: { shopId } });
    const started = performance.now();
    const now = Date.now();
    for (let done = already; done < total; done += 5000) {
      const mix = values.mix === "realistic" ? "realistic" : "seed";
      const batch = rows(done, Math.min(5000, total - done), now, mix, process.env.ENCRYPTION_KEY || undefined);
      await raw.query(
        `INSERT INTO repairs (shop_id, repair_number, customer_name, customer_phone, item_type, item_description, status, deadline,
           quote_amount, quote_status, quote_created_at, quote_expires_at, final_price, picked_up_at, created_at, updated_at, status_since, search_text,
           status_token, status_token_hash)
         SELECT $1::uuid, a, b, c, d::item_type, e, f::repair_status, g::date, h::numeric, i::quote_status, j, k, l::numeric, m, n, n, n, o,
           p, decode(q, 'hex')
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                     $11::timestamptz[], $12::timestamptz[], $13::text[], $14::timestamptz[], $15::timestamptz[], $16::text[], $17::text[], $18::text[])
           AS t(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q)`,
        [shopId, ...Object.values(batch)],
      );
      // Photo records (no files: the benchmarks read records) on one repair in 25 of this batch.
      await raw.query(
        `INSERT INTO photos (shop_id, repair_id, file_name, file_path, mime_type, size_bytes, uploaded_at)
         SELECT r.shop_id, r.id, 'photo.jpg', substr(md5(r.id::text), 1, 2) || '/' || md5(r.id::text) || '.jpg', 'image/jpeg', 180000, r.created_at
         FROM repairs r WHERE r.shop_id = $1::uuid AND r.repair_number = ANY($2::text[]) AND get_byte(uuid_send(r.id), 15) % 25 = 0`,
        [shopId, batch.repair_number],
      );
      if ((done / 5000) % 20 === 0) console.log(`${Math.min(done + 5000, total)} / ${total} rows`);
    }
    // Five outside workshops, and every outsourced repair sent to one of them
    // on its creation day, expected back 10 to 29 days later (most are late by
    // now), some with a cost and a tracking number.
    if ((await raw.query("SELECT 1 FROM workshops WHERE shop_id = $1", [shopId])).rowCount === 0)
      await raw.query(
        `INSERT INTO workshops (shop_id, name, contact)
         SELECT $1::uuid, 'Workshop ' || n, '+34 93 000 00 0' || n FROM generate_series(1, 5) n`,
        [shopId],
      );
    await raw.query(
      `UPDATE repairs r SET workshop_id = w.id, outsourced_to = w.name, sent_out_on = r.created_at::date,
         expected_back_on = r.created_at::date + 10 + get_byte(uuid_send(r.id), 14) % 20,
         outsource_cost = CASE WHEN get_byte(uuid_send(r.id), 13) % 2 = 0 THEN 35.00 END,
         outsource_tracking = CASE WHEN get_byte(uuid_send(r.id), 13) % 3 = 0 THEN 'PK-' || left(r.id::text, 8) END
       FROM (SELECT id, name, row_number() OVER (ORDER BY name) - 1 AS k FROM workshops WHERE shop_id = $1::uuid) w
       WHERE r.shop_id = $1::uuid AND r.status = 'outsourced' AND r.workshop_id IS NULL
         AND w.k = get_byte(uuid_send(r.id), 15) % 5`,
      [shopId],
    );
    await raw.query("ANALYZE repair_records");
    const seconds = (performance.now() - started) / 1000;
    const photos = await client.photo.count({ where: { shopId } });
    console.log(
      `Shop ${shopId} (${values.email}, password Bench-Password-1): ${Math.max(total, already)} repairs, ${photos} photo records; inserted ${Math.max(0, total - already)} in ${seconds.toFixed(1)} s`,
    );
  } finally {
    await raw.end();
    await client.$disconnect();
    await database.close();
  }
}

main().catch(exitWith);
