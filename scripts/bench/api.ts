// The API scenarios: each call at 1 and 16 clients, in interleaved rounds against the floor.
import { onServer as withClient } from "@/lib/db/admin";
import { encodeCursor } from "@/lib/repairs/queries";
import { QUEUES } from "@/lib/repairs/workflow";
import { cpuTimeMs, runLoad, type Call } from "./load";
import { onlyHas, ROWS, SECONDS, ROUNDS } from "./options";
import { type Server, signIn } from "./server";
import { window, medianBy, type Row, FLOOR, notOkCount, notOkAnswers, verdict } from "./report";

/** How long the bench uses an access token (they live 15 minutes) before signing in again. */
const TOKEN_USE_MS = 10 * 60_000;

/** Forty customers' names as the seed writes them (scripts/seed-repairs.ts), for the many names' search. */
const NAMES = ["José", "María", "Núria", "Jordi", "Montserrat", "Pere", "Laura", "Carlos"].flatMap((first) =>
  ["García", "Puig", "Vidal", "Ferrer", "Soler"].map((last) => `${first} ${last}`),
);

export async function apiScenarios(server: Server, url: string, shop: string): Promise<Row[]> {
  // The calls read these two objects as they are sent: a new sign-in updates both.
  const auth = { authorization: "" };
  const json = { ...auth, "content-type": "application/json" };
  let signedInAt = -Infinity;
  // The API section outlasts an access token (about 25 minutes at 4 s a
  // scenario): a run that went on with an expired one measured 401s.
  const freshToken = async () => {
    if (performance.now() - signedInAt < TOKEN_USE_MS) return;
    auth.authorization = json.authorization = `Bearer ${(await signIn(server.base)).accessToken}`;
    signedInAt = performance.now();
  };
  await freshToken();
  const { ids, payable, deep, rare, number, links, pool, emailed, bulkGroups, workshop } = await withClient(
    url,
    async (c) => {
      const some = (
        await c.query("SELECT id FROM repairs WHERE shop_id = $1 ORDER BY created_at DESC LIMIT 200", [shop])
      ).rows.map((r) => r.id as string);
      const depth = Math.floor(ROWS * 0.95);
      const at = (
        await c.query(
          "SELECT id, created_at FROM repairs WHERE shop_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1",
          [shop, depth],
        )
      ).rows[0];
      const number = (await c.query("SELECT repair_number FROM repairs WHERE id = $1", [some[100]])).rows[0]
        .repair_number as string;
      // 16 groups of 100 repairs for the bulk status change, one group per client.
      const bulkGroups = (
        await c.query(
          "SELECT id FROM repairs WHERE shop_id = $1 AND customer_email IS NULL ORDER BY created_at DESC OFFSET 1000 LIMIT 1600",
          [shop],
        )
      ).rows.map((r) => r.id as string);
      // In any of the eleven statuses, as a selection on the list finds them.
      await c.query(
        "UPDATE repairs SET status = (enum_range(NULL::repair_status))[1 + floor(random() * 11)::int] WHERE id = ANY($1::uuid[])",
        [bulkGroups],
      );
      // A repair's history (issue 17), for the detail's timeline: the detail's
      // repairs each given a year's worth of a busy repair's entries (created,
      // a dozen status changes by the owner, quotes, a final price, photos),
      // once; a later run finds them there.
      const owner = (await c.query("SELECT id FROM users WHERE shop_id = $1 ORDER BY created_at LIMIT 1", [shop]))
        .rows[0].id as string;
      await c.query(
        `WITH fresh AS (SELECT r.id, r.created_at FROM repairs r WHERE r.id = ANY($1::uuid[])
         AND NOT EXISTS (SELECT 1 FROM repair_events e WHERE e.repair_id = r.id))
       , changes AS (
         INSERT INTO status_history (shop_id, repair_id, from_status, to_status, changed_by_id, changed_at)
         SELECT $2, f.id, CASE WHEN n = 0 THEN NULL ELSE (enum_range(NULL::repair_status))[1 + (n - 1) % 11] END,
           (enum_range(NULL::repair_status))[1 + n % 11], $3, f.created_at + n * interval '1 day'
         FROM fresh f, generate_series(0, 12) n)
       INSERT INTO repair_events (shop_id, repair_id, kind, detail, changed_by_id, changed_at)
       SELECT $2, f.id, (ARRAY['quote_set', 'quote_set', 'final_price_set', 'photo_added', 'photo_added', 'photo_removed'])[n]::repair_event_kind,
         (ARRAY['90.50', '120.00', '115.00', 'front.jpg', 'back.jpg', 'front.jpg'])[n], $3, f.created_at + n * interval '2 days' + interval '1 hour'
       FROM fresh f, generate_series(1, 6) n`,
        [some, shop, owner],
      );
      // Repairs whose customers have an email, for the status changes that queue a notice.
      const emailed = (
        await c.query(
          `UPDATE repairs SET customer_email = 'client' || substr(id::text, 1, 8) || '@example.com'
         WHERE id IN (SELECT id FROM repairs WHERE shop_id = $1 ORDER BY created_at DESC OFFSET 200 LIMIT 200)
         RETURNING id`,
          [shop],
        )
      ).rows.map((r) => r.id as string);
      await c.query(`UPDATE shops SET notify_ready = true, notify_statuses = '{in_progress}' WHERE id = $1`, [shop]);
      // The customer's side: the status links of the same repairs, and a pool of
      // older repairs with a pending quote, each answered once by link. Links are
      // kept sealed: each gets a new one here, in clear until the next start seals it.
      const links = (
        await c.query("UPDATE repairs SET status_token = DEFAULT WHERE id = ANY($1::uuid[]) RETURNING status_token", [
          some,
        ])
      ).rows.map((r) => r.status_token as string);
      const pool = (
        await c.query(
          `UPDATE repairs SET status = 'quoting', quote_amount = 120, quote_status = 'pending', status_token = DEFAULT,
           quote_created_at = now(), quote_expires_at = now() + interval '7 days', picked_up_at = NULL
         WHERE id IN (SELECT id FROM repairs WHERE shop_id = $1 ORDER BY created_at LIMIT $2)
         RETURNING status_token`,
          [shop, Math.min(60_000, Math.floor(ROWS / 4))],
        )
      ).rows.map((r) => r.status_token as string);
      const workshop = (await c.query("SELECT id FROM workshops WHERE shop_id = $1 ORDER BY name LIMIT 1", [shop]))
        .rows[0]?.id as string | undefined;
      if (!workshop) throw new Error("the seed made no outside workshops");
      // The lines above rewrote up to 60,000 rows at once, which no shop does:
      // vacuum, as the table of a shop whose writes trickle in stays, so the
      // queues' index-only scans are measured as they run there. (Measured
      // without it: the 60,000 waiting quotes' page took 140 ms, each entry
      // checked against its row; docs/performance.md.)
      // So the tables the scenarios write to (the histories' above, and what
      // earlier runs' status changes and notices left), as autovacuum would
      // keep them on a server where it runs (off on this machine's).
      // A busy day at the counter: 2,500 payments today (made once a day; a later run finds them).
      await c.query(
        `INSERT INTO payments (shop_id, repair_id, kind, amount, method, created_by_id, created_at)
       SELECT $1, r.id, 'payment', 10 + n % 90, (ARRAY['cash', 'card', 'bizum'])[1 + n % 3]::payment_method, $2,
         date_trunc('day', now()) + n * interval '10 seconds'
       FROM generate_series(1, 2500 - (SELECT count(*)::int FROM payments WHERE shop_id = $1 AND created_at >= date_trunc('day', now()))) n
       JOIN LATERAL (SELECT id FROM repairs WHERE id = ($3::uuid[])[1 + n % array_length($3::uuid[], 1)]) r ON true`,
        [shop, owner, some],
      );
      // The creates take the shop's series under the bench's prefix (B-…, dropped
      // by the next run), and the payments go to repairs of the bench's own.
      await c.query("UPDATE shops SET repair_number_prefix = 'B' WHERE id = $1", [shop]);
      const payable = (
        await c.query(
          `INSERT INTO repairs (shop_id, repair_number, customer_name, item_description)
         SELECT $1, 'B-pay-' || n, 'Bench payer ' || n, 'Anell d''or' FROM generate_series(1, 200) n RETURNING id`,
          [shop],
        )
      ).rows.map((r) => r.id as string);
      for (const table of ["repair_records", "status_history", "repair_events", "payments", "notices"])
        await c.query(`VACUUM (ANALYZE) ${table}`);
      return {
        workshop,
        payable,
        ids: some,
        deep: encodeCursor({ createdAt: at.created_at as Date, id: at.id as string }),
        rare: number.slice(-7),
        number,
        links,
        pool,
        emailed,
        bulkGroups,
      };
    },
  );
  let answered = 0;
  // Each request its own address: the per-address limit (60 per 5 minutes) is not what is measured.
  const address = (c: number, i: number) => `10.${c}.${(i >> 8) & 255}.${i & 255}`;
  let created = 0;
  const scenarios: Array<[string, (client: number, i: number) => Call]> = [
    ["list page 1", () => ({ name: "x", path: "/api/repairs", headers: auth })],
    [
      `deep page (${Math.floor(ROWS * 0.95).toLocaleString("en")} rows in)`,
      () => ({ name: "x", path: `/api/repairs?cursor=${deep}`, headers: auth }),
    ],
    ["status filter", () => ({ name: "x", path: "/api/repairs?statuses=ready", headers: auth })],
    ["search, common term", () => ({ name: "x", path: "/api/repairs?search=garcia", headers: auth })],
    [`search, rare term`, () => ({ name: "x", path: `/api/repairs?search=${rare}`, headers: auth })],
    // A scanned tag or a number typed at the counter: one repair, by the number's index.
    ["search, exact number (scanner)", () => ({ name: "x", path: `/api/repairs?search=${number}`, headers: auth })],
    // Forty customers' names in turn, as a day at the counter asks them (one name repeated stays cached).
    [
      "search, many names",
      (c, i) => ({
        name: "x",
        path: `/api/repairs?search=${encodeURIComponent(NAMES[(c * 7 + i) % NAMES.length])}`,
        headers: auth,
      }),
    ],
    // The commonest search at a counter: a customer's full name, as typed (1 in 400 repairs has this one).
    [
      "search, customer's name",
      () => ({ name: "x", path: `/api/repairs?search=${encodeURIComponent("José García")}`, headers: auth }),
    ],
    ["detail", (c, i) => ({ name: "x", path: `/api/repairs/${ids[(c * 13 + i) % ids.length]}`, headers: auth })],
    // The detail's timeline: 19 entries and more (the status changes below add theirs).
    [
      "history (a repair's timeline)",
      (c, i) => ({ name: "x", path: `/api/repairs/${ids[(c * 13 + i) % ids.length]}/history`, headers: auth }),
    ],
    // The work queues (issue 17): the dashboard's counts, and each filter's first page.
    ["dashboard queues", () => ({ name: "x", path: "/api/repairs/queues", headers: auth })],
    // What the shop holds: the totals and the first page of each list.
    ["goods on the premises", () => ({ name: "x", path: "/api/repairs/premises", headers: auth })],
    // A busy day's takings (2,500 payments today): the totals and the first page.
    ["takings, a busy day", () => ({ name: "x", path: "/api/payments", headers: auth })],
    ...QUEUES.map((queue): [string, (client: number, i: number) => Call] => [
      `queue ${queue}${queue === "overdue" ? ", by deadline" : ""}`,
      () => ({
        name: "x",
        path: `/api/repairs?queue=${queue}${queue === "overdue" ? "&sort=deadline" : ""}`,
        headers: auth,
      }),
    ]),
    ["at one outside workshop", () => ({ name: "x", path: `/api/repairs?workshop=${workshop}`, headers: auth })],
    ["sorted by deadline", () => ({ name: "x", path: "/api/repairs?sort=deadline", headers: auth })],
    [
      "create",
      () => ({
        name: "x",
        method: "POST",
        path: "/api/repairs",
        headers: json,
        // The number left empty, as at the counter: the next of the shop's
        // series, under the shop's lock that every create takes in turn.
        body: JSON.stringify({
          customer_name: `Núria Bench ${++created}`,
          item_description: "Omega Speedmaster, revisió",
        }),
      }),
    ],
    [
      "status change",
      (c, i) => ({
        name: "x",
        method: "PATCH",
        path: `/api/repairs/${ids[(c * 13 + i) % ids.length]}/status`,
        headers: json,
        body: JSON.stringify({ status: i % 2 ? "in_progress" : "ready" }),
      }),
    ],
    [
      "payment",
      (c, i) => ({
        name: "x",
        method: "POST",
        path: `/api/repairs/${payable[(c * 13 + i) % payable.length]}/payments`,
        headers: json,
        body: JSON.stringify({ kind: "payment", amount: "1,5", method: i % 2 ? "card" : "cash" }),
      }),
    ],
    [
      "status change, notice queued",
      (c, i) => ({
        name: "x",
        method: "PATCH",
        path: `/api/repairs/${emailed[(c * 13 + i) % emailed.length]}/status`,
        headers: json,
        body: JSON.stringify({ status: i % 2 ? "in_progress" : "ready" }),
      }),
    ],
    [
      "bulk status change, 50 repairs",
      (c, i) => ({
        name: "x",
        method: "PATCH",
        path: "/api/repairs/status",
        headers: json,
        // 50 of the client's 100, a window that moves on each time, to one of
        // five statuses in turn: each change meets repairs in mixed statuses,
        // as a selection on the list does (16 at once deadlocked on the status
        // counters before they were taken in one order).
        body: JSON.stringify({
          ids: window(bulkGroups.slice((c % 16) * 100, (c % 16) * 100 + 100), i * 37, 50),
          status: ["in_progress", "in_repair", "ready", "diagnosing", "quoting"][(c + i) % 5],
        }),
      }),
    ],
    [
      "status page (customer link)",
      (c, i) => ({
        name: "x",
        path: `/t/${links[(c * 13 + i) % links.length]}`,
        headers: { "x-forwarded-for": address(c, i) },
      }),
    ],
    [
      "quote approved by link",
      (c, i) => ({
        name: "x",
        method: "POST",
        path: `/t/${pool[answered++ % pool.length]}`,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address(c, i) },
        body: "answer=approve",
      }),
    ],
  ];
  // The floor: the same server's /api/health (Next's and Node's own cost per
  // request plus one database round trip), measured just before each
  // scenario at the same concurrency. Each scenario's rate is also given as
  // a share of that floor, which a slow hour moves far less than the
  // absolute figures. (One floor at the start of each round let a dip during
  // those 4 s, or a drift over the round's minutes, move every share of the
  // round: in one whole run the detail and a repair's history came out at
  // 1.08 and 1.07 of the floor, 0.93 and 0.76 in the run before.)
  const floor = (): Call => ({ name: "x", path: "/api/health" });
  const chosen = scenarios.filter(([name]) => onlyHas(name));
  if (chosen.length === 0) return [];
  // The rounds interleave the scenarios (all of them, then all again), so a
  // drift in the machine's speed, which is large on shared machines, falls on
  // every scenario alike; each line is the round with the median share.
  // The floor's lines first, as before (its measurements are many: one before each scenario).
  const keyOf = (scenario: string, concurrency: number) => `${scenario}\0${concurrency}`;
  const rounds = new Map<string, Row[]>([
    [keyOf(FLOOR, 1), []],
    [keyOf(FLOOR, 16), []],
  ]);
  const measure = async (scenario: string, concurrency: number, next: (client: number, i: number) => Call) => {
    const cpuBefore = cpuTimeMs(server.pid);
    const result = await runLoad({ base: server.base, concurrency, durationMs: SECONDS * 1000, next });
    const serverCpuMs = Math.round(((cpuTimeMs(server.pid) - cpuBefore) / result.total) * 100) / 100;
    const stats = result.byName.x;
    const errors = notOkCount(result.total, stats.statuses);
    const notOk = errors ? notOkAnswers(stats.statuses, result.problems) : undefined;
    return { scenario, concurrency, ...stats, errors, notOk, serverCpuMs };
  };
  const keep = (row: Row) => {
    const key = keyOf(row.scenario, row.concurrency);
    rounds.set(key, [...(rounds.get(key) ?? []), row]);
  };
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`  round ${round} of ${ROUNDS}...`);
    for (const [scenario, next] of chosen) {
      for (const concurrency of [1, 16]) {
        await freshToken();
        if (round === 1 && scenario === chosen[0][0])
          await runLoad({ base: server.base, concurrency, durationMs: 1_500, next: floor }); // warm-up
        const base = await measure(FLOOR, concurrency, floor);
        keep({ ...base, ofFloor: 1 });
        await runLoad({ base: server.base, concurrency, durationMs: 1_500, next }); // warm-up
        const row = await measure(scenario, concurrency, next);
        keep({ ...row, ofFloor: Math.round((row.rps / base.rps) * 100) / 100 });
      }
    }
  }
  const rows: Row[] = [];
  for (const measured of rounds.values()) {
    const rates = measured.map((r) => r.rps);
    const row: Row = {
      // The floor's own line: its measurement with the median rate.
      ...medianBy(measured, (r) => (r.scenario === FLOOR ? r.rps : r.ofFloor!)),
      errors: measured.reduce((n, r) => n + r.errors, 0),
      notOk: measured.flatMap((r) => (r.notOk ? [r.notOk] : [])).join("; ") || undefined,
      rpsRange: [Math.min(...rates), Math.max(...rates)] as [number, number],
    };
    row.verdict = verdict(row);
    rows.push(row);
    const range =
      measured.length > 1
        ? ` (${row.scenario === FLOOR ? `${measured.length} measurements` : "rounds"} ${row.rpsRange![0]}-${row.rpsRange![1]})`
        : "";
    const share = row.scenario === FLOOR ? "" : ` = ${row.ofFloor} of floor`;
    // At 16 clients the server's one thread is what runs out: its CPU per request bounds the rate.
    const cpu = row.concurrency === 16 ? `, server CPU ${row.serverCpuMs} ms/req` : "";
    console.log(
      `  ${row.scenario.padEnd(34)} c=${String(row.concurrency).padEnd(2)} p50 ${row.p50}  p95 ${row.p95}  p99 ${row.p99} ms  ${row.rps} req/s${share}${cpu}${range}${row.errors ? `  (${row.errors} not 2xx: ${row.notOk})` : ""}${row.verdict ? `  ${row.verdict}` : ""}`,
    );
  }
  return rows;
}
