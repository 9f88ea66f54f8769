// What hostile or heavy input costs the server (the third security review):
// JSON bodies nested deep, refused uploads written whole, and a busy shop's
// takings, each beside another shop's list or timed on its own.
import { spawn } from "node:child_process";
import { onServer as withClient } from "@/lib/db/admin";
import { TAKINGS_PAGE } from "@/lib/payments/takings";
import { runLoad, type Call } from "./load";
import { SECOND_EMAIL } from "./options";
import { type Server, signIn } from "./server";
import { listBeside, type Work } from "./beside";

/** `{"a":[[…]]}`, nested `depth` levels deep. */
const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

/**
 * JSON bodies of growing depth to sign-in (no token, a 4 KB cap) and to a new
 * repair (signed in, 64 KB), 4 clients for 2 s each: what one costs the
 * server. Up to 32 levels the route's schema answers; past it, the one scan
 * before parsing (400 jsonTooDeep).
 */
export async function jsonDepthTable(server: Server, token: string) {
  const routes: Array<{ name: string; path: string; cap: number; headers: Record<string, string> }> = [
    { name: "sign-in", path: "/api/auth/login", cap: 4 * 1024, headers: {} },
    { name: "new repair", path: "/api/repairs", cap: 64 * 1024, headers: { authorization: `Bearer ${token}` } },
  ];
  const rows = [];
  console.log("  JSON bodies by depth, c=4, 2 s each:");
  for (const route of routes) {
    for (const depth of [8, 32, 33, 2_040, 30_000]) {
      const body = nested(depth);
      if (body.length > route.cap) continue;
      const call = (): Call => ({
        name: "x",
        method: "POST",
        path: route.path,
        headers: { ...route.headers, "content-type": "application/json" },
        body,
      });
      const stats = (await runLoad({ base: server.base, concurrency: 4, durationMs: 2_000, next: call })).byName.x;
      const row = { route: route.name, depth, bytes: body.length, ...stats };
      rows.push(row);
      console.log(
        `    ${route.name.padEnd(11)} depth ${String(depth).padStart(6)} (${(body.length / 1024).toFixed(1).padStart(5)} KB)  ${Object.entries(
          stats.statuses,
        )
          .map(([status, n]) => `${n}x${status}`)
          .join(" ")}  p50 ${stats.p50} ms  p99 ${stats.p99} ms  ${stats.rps} req/s`,
      );
    }
  }
  return rows;
}

/** A command's standard output, once it exits. */
function output(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", () => resolve(out));
  });
}

/** Repeats `once` (a round of work from other processes) until `durationMs` has passed. */
const repeatFor =
  (once: () => Promise<{ done: number; notOk: number }>): Work["run"] =>
  async (durationMs) => {
    const started = performance.now();
    let done = 0;
    let notOk = 0;
    while (performance.now() - started < durationMs) {
      const round = await once();
      done += round.done;
      notOk += round.notOk;
    }
    return { perSecond: Math.round((done / ((performance.now() - started) / 1000)) * 10) / 10, notOk };
  };

/**
 * The list beside uploads to a repair that is not there, each written whole
 * whatever the answer (scripts/lib/body-flood.ts, in a process of its own):
 * 20 at once, again every second, as the security review sent them; 20 MB
 * bodies, and the same requests with 1 KB ones, so what the bodies cost shows
 * apart from what the requests do.
 */
export async function listWhileRefusingUploads(server: Server, token: string) {
  const refused = (bytes: number) =>
    listBeside(server, token, {
      label: `20 refused ${bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`} uploads/s`,
      unit: "refused uploads",
      run: async (durationMs) => {
        const url = `${server.base}/api/repairs/00000000-0000-4000-8000-000000000000/photos`;
        const started = performance.now();
        const out = await output(process.execPath, [
          "--import",
          "tsx",
          "scripts/lib/body-flood.ts",
          url,
          token,
          "20",
          String(bytes),
          String(durationMs / 1000),
          "1000",
        ]);
        const answers = JSON.parse(out) as Array<{ status: string }>;
        const seconds = (performance.now() - started) / 1000;
        // Refused is what is asked for (404, or 429 past the shop's upload slots; none when cut off).
        const notOk = answers.filter((a) => a.status && !/ (404|429) /.test(a.status)).length;
        return { perSecond: Math.round((answers.length / seconds) * 10) / 10, notOk };
      },
    });
  return { bodies20MB: await refused(20 * 1024 * 1024), bodies1KB: await refused(1024) };
}

const TAKINGS_PAYMENTS = 50_000;
const TAKINGS_MONTH = { from: "01/10/2026", to: "31/10/2026" };

/** The second shop's October: 50,000 payments over its 1,000 newest repairs (made once, kept). */
async function busyMonth(url: string) {
  await withClient(url, async (c) => {
    const { rows } = await c.query(
      `SELECT count(*)::int AS n FROM payments p JOIN users u ON u.shop_id = p.shop_id
        WHERE u.email = $1 AND p.note = 'bench-takings'`,
      [SECOND_EMAIL],
    );
    if (rows[0].n >= TAKINGS_PAYMENTS) return;
    await c.query(
      `WITH shop AS (SELECT shop_id FROM users WHERE email = $1),
            chosen AS (SELECT array_agg(id) AS ids FROM (SELECT r.id FROM repairs r, shop s WHERE r.shop_id = s.shop_id
                       ORDER BY r.created_at DESC LIMIT 1000) x)
       INSERT INTO payments (shop_id, repair_id, kind, amount, method, note, created_at)
       SELECT s.shop_id, c.ids[1 + n % array_length(c.ids, 1)],
              (CASE WHEN n % 20 = 0 THEN 'refund' WHEN n % 7 = 0 THEN 'deposit' ELSE 'payment' END)::payment_kind,
              10 + n % 400, (ARRAY['cash', 'card', 'bizum', 'transfer'])[1 + n % 4]::payment_method, 'bench-takings',
              '2026-10-01T06:00:00Z'::timestamptz + n * interval '51 seconds'
       FROM shop s, chosen c, generate_series(1, $2::int) n`,
      [SECOND_EMAIL, TAKINGS_PAYMENTS],
    );
    await c.query("ANALYZE payments");
  });
}

/**
 * The list beside another shop reading its month of 50,000 payments non-stop:
 * its .xlsx (on an export's thread) and its JSON (totals and a page), each
 * fetched by curl in a process of its own.
 */
export async function listWhileTakings(server: Server, url: string, token: string) {
  await busyMonth(url);
  const second = (await signIn(server.base, SECOND_EMAIL)).accessToken;
  const query = new URLSearchParams(TAKINGS_MONTH);
  const curl = (path: string) =>
    output("curl", [
      "--silent",
      "--output",
      "/dev/null",
      "--write-out",
      "%{http_code} %{time_total}",
      "--header",
      `authorization: Bearer ${second}`,
      `${server.base}${path}`,
    ]).then((out) => {
      const [status, seconds] = out.split(" ");
      return { status: Number(status), seconds: Number(seconds) };
    });
  const file = await curl(`/api/payments?${query}&format=xlsx`);
  const page = await curl(`/api/payments?${query}`);
  console.log(
    `  takings of ${TAKINGS_PAYMENTS.toLocaleString("en")} payments: .xlsx ${file.status} in ${file.seconds} s, JSON (totals and ${TAKINGS_PAGE} lines) ${page.status} in ${page.seconds} s`,
  );
  const beside = await listBeside(server, token, {
    label: "another shop reads 50k payments",
    unit: "takings",
    run: repeatFor(async () => {
      const answers = await Promise.all([curl(`/api/payments?${query}&format=xlsx`), curl(`/api/payments?${query}`)]);
      return { done: answers.length, notOk: answers.filter((a) => a.status !== 200).length };
    }),
  });
  return { payments: TAKINGS_PAYMENTS, xlsxSeconds: file.seconds, jsonSeconds: page.seconds, listBeside: beside };
}
