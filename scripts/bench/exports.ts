// Exports: their time and memory, the list while they run, and memory over many.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { onServer as withClient } from "@/lib/db/admin";
import { DEFAULT_EXPORT_FIELDS } from "@/lib/export/fields";
import { residentMB as rssMB, runLoad, type Call } from "./load";
import { SECOND_EMAIL, ROWS, SECONDS, ROUNDS, EMBEDDED } from "./options";
import { type Server, signIn, memoryNow, type Memory, pairText, pairVerdict } from "./server";
import { medianBy } from "./report";

/** A start date that selects the newest `rows` repairs, and how many it selects. */
function exportRange(url: string, shop: string, rows: number) {
  return withClient(url, async (c) => {
    const start =
      rows >= ROWS
        ? null
        : (
            (
              await c.query(
                "SELECT created_at FROM repairs WHERE shop_id = $1 ORDER BY created_at DESC OFFSET $2 LIMIT 1",
                [shop, rows - 1],
              )
            ).rows[0].created_at as Date
          )
            .toISOString()
            .slice(0, 10);
    const { rows: r } = await c.query(
      "SELECT count(*)::int AS n FROM repairs WHERE shop_id = $1 AND ($2::date IS NULL OR created_at >= $2::date)",
      [shop, start],
    );
    return { startDate: start, exported: r[0].n as number };
  });
}

/** One export with the 8 default fields, read to its last byte. */
async function download(server: Server, token: string, startDate: string | null) {
  const started = performance.now();
  const response = await fetch(`${server.base}/api/export/excel`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ fields: DEFAULT_EXPORT_FIELDS, startDate }),
  });
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  return { status: response.status, bytes, seconds: (performance.now() - started) / 1000 };
}

/**
 * An export downloaded by another process (curl), as a browser elsewhere
 * would: the list's latency measured meanwhile is then not also the bench's
 * own event loop reading the file (it read two downloads and timed the list
 * in one loop).
 */
function downloadElsewhere(server: Server, token: string, startDate: string | null): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const curl = spawn(
      "curl",
      [
        "--silent",
        "--output",
        "/dev/null",
        "--write-out",
        "%{http_code}",
        "--header",
        `authorization: Bearer ${token}`,
        "--header",
        "content-type: application/json",
        "--data",
        JSON.stringify({ fields: DEFAULT_EXPORT_FIELDS, startDate }),
        `${server.base}/api/export/excel`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    curl.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    curl.on("error", reject);
    curl.on("close", () => resolve({ status: Number(out) }));
  });
}

export async function exportRun(server: Server, url: string, token: string, shop: string, rows: number) {
  const { startDate, exported } = await exportRange(url, shop, rows);
  await sleep(2_000);
  const idle = rssMB(server.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB(server.pid))), 100);
  const { status, bytes, seconds } = await download(server, token, startDate);
  clearInterval(sampler);
  const result = {
    rows: exported,
    status,
    seconds: Math.round(seconds * 10) / 10,
    megabytes: Math.round(bytes / 1e5) / 10,
    rssIdleMB: Math.round(idle),
    rssPeakMB: Math.round(peak),
    rssAboveIdleMB: Math.round(peak - idle),
  };
  console.log(
    `  export ${exported.toLocaleString("en")} rows: ${result.seconds} s to the last byte, ${result.megabytes} MB, server RSS +${result.rssAboveIdleMB} MB above idle (${result.rssIdleMB} → ${result.rssPeakMB})`,
  );
  return result;
}

/**
 * The list (c=1) and status changes (c=1) while an export of `rows` runs,
 * for `seconds` (less than the export takes), against the same calm just
 * before: an export must leave the list fast and refuse no write.
 */
export async function whileExporting(
  server: Server,
  url: string,
  token: string,
  shop: string,
  rows: number,
  seconds: number,
) {
  const auth = { authorization: `Bearer ${token}` };
  const ids = await withClient(url, async (c) =>
    (
      await c.query("SELECT id FROM repairs WHERE shop_id = $1 ORDER BY created_at DESC OFFSET 400 LIMIT 50", [shop])
    ).rows.map((r) => r.id as string),
  );
  const list = (): Call => ({ name: "x", path: "/api/repairs", headers: auth });
  const write = (_c: number, i: number): Call => ({
    name: "x",
    method: "PATCH",
    path: `/api/repairs/${ids[i % ids.length]}/status`,
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ status: i % 2 ? "in_progress" : "ready" }),
  });
  const durationMs = Math.max(1_000, seconds * 1000);
  const both = () =>
    Promise.all([
      runLoad({ base: server.base, concurrency: 1, durationMs, next: list }),
      runLoad({ base: server.base, concurrency: 1, durationMs, next: write }),
    ]);
  const [calmList] = await both();
  const { startDate, exported } = await exportRange(url, shop, rows);
  const exporting = downloadElsewhere(server, token, startDate);
  const exportStarted = performance.now();
  await sleep(200);
  const [busyList, busyWrite] = await both();
  const first = await exporting;
  // A refused or failed export would time nothing: say so rather than print a figure.
  if (first.status !== 200) throw new Error(`the export beside the list answered ${first.status}`);
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  // Two exports at once, from two shops (one runs at a time per shop), each
  // round against a calm and one export measured just before it. Each export
  // starts again as soon as it ends, so the list is measured for the same
  // SECONDS in every state (an export alone lasts a second or two, whose p99
  // would be a few samples); the line gives the median of the rounds' ratios.
  const second = await signIn(server.base, SECOND_EMAIL);
  const secondRange = await exportRange(url, second.user.shopId, rows);
  const shops = [
    { token, startDate },
    { token: second.accessToken, startDate: secondRange.startDate },
  ];
  const listP99 = async (exporting: typeof shops) => {
    let stop = false;
    const loops = exporting.map(async (shop) => {
      while (!stop) {
        // The shop's export slot may be freed a moment after the last byte.
        const { status } = await downloadElsewhere(server, shop.token, shop.startDate);
        if (status !== 200) await sleep(20);
      }
    });
    if (exporting.length) await sleep(200);
    const listed = await runLoad({ base: server.base, concurrency: 1, durationMs: SECONDS * 1000, next: list });
    stop = true;
    await Promise.all(loops);
    return listed.byName.x.p99;
  };
  const times = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const twoRounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const calm = await listP99([]);
    const one = await listP99(shops.slice(0, 1));
    const two = await listP99(shops);
    twoRounds.push({ calm, one, two, vsCalm: times(two, calm), vsOne: times(two, one) });
  }
  const twoExports = medianBy(twoRounds, (r) => r.vsCalm);
  const refused = busyWrite.total - (busyWrite.byName.x.statuses["200"] ?? 0);
  const result = {
    exportRows: exported,
    exportSeconds: Math.round(exportSeconds * 10) / 10,
    listCalm: calmList.byName.x,
    listDuringExport: busyList.byName.x,
    writesDuringExport: busyWrite.total,
    writesRefused: refused,
    /** The list's p99 (ms) calm, during one export and during two, per round; the median round's ratios. */
    twoExports: { ...twoExports, rounds: twoRounds },
  };
  const target = EMBEDDED ? 50 : 30;
  console.log(
    `  list c=1 while a ${exported.toLocaleString("en")}-row export runs (${result.exportSeconds} s): p50 ${busyList.byName.x.p50}  p95 ${busyList.byName.x.p95}  p99 ${busyList.byName.x.p99} ms (calm p95 ${calmList.byName.x.p95}); ${busyWrite.total} status changes meanwhile, ${refused} refused  (p95 ≤ ${target} ${busyList.byName.x.p95 <= target ? "✓" : "✗"}; none refused ${refused === 0 ? "✓" : "✗"})`,
  );
  console.log(
    `  list c=1 while two shops export ${exported.toLocaleString("en")} rows each: p99 ${twoExports.two} ms; calm ${twoExports.calm} (x${twoExports.vsCalm}), one export ${twoExports.one} (x${twoExports.vsOne}); rounds ${twoRounds.map((r) => `x${r.vsCalm}`).join(", ")}  (under x2 of calm ${twoExports.vsCalm < 2 ? "✓" : "✗"})`,
  );
  return result;
}

/**
 * Idle memory after the run, and over 20 exports in a row: the RSS after
 * each (a leak shows as a climb), then idle again once the server has
 * collected its garbage (it does after 10 s without requests).
 */
export async function memoryAfterWork(server: Server, url: string, token: string, shop: string) {
  const { startDate } = await exportRange(url, shop, Math.min(10_000, ROWS));
  const afterEach: number[] = [];
  for (let i = 0; i < 20; i++) {
    await download(server, token, startDate);
    afterEach.push(Math.round(rssMB(server.pid)));
  }
  await sleep(20_000);
  const idle = memoryNow(server);
  const report = await server.memoryReport();
  console.log(
    `  server RSS after each of 20 exports of ${Math.min(10_000, ROWS).toLocaleString("en")} rows: ${afterEach.join(", ")} MB`,
  );
  console.log(
    `  idle 20 s later: ${pairText(idle)} (Node's code counted once)  (server ≤ 250 ${idle.serverMB <= 250 ? "✓" : "✗"}${EMBEDDED ? `; ${pairVerdict(idle)}` : ""})`,
  );
  if (report)
    console.log(
      `  the server's V8 heap after a full collection: ${report.heapUsedMB} MB used of ${report.heapTotalMB} MB, ${report.externalMB} MB outside it (RSS ${report.rssMB} MB)`,
    );
  // Embedded, npm start's process vacuums once the database has been quiet
  // for 2 s, checked every 30 s (lib/db/embedded-maintenance.ts): as a shop
  // lives, that is part of the idle pair.
  let afterMaintenance: Memory | undefined;
  if (EMBEDDED) {
    await sleep(75_000);
    afterMaintenance = memoryNow(server);
    const vacuumed = await withClient(url, async (c) => {
      const { rows } = await c.query(
        "SELECT count(*) FILTER (WHERE last_vacuum IS NOT NULL)::int AS done, count(*)::int AS tables FROM pg_stat_user_tables",
      );
      return rows[0] as { done: number; tables: number };
    });
    console.log(
      `  idle 95 s later, ${vacuumed.done} of ${vacuumed.tables} tables vacuumed and analyzed by npm start's process: ${pairText(afterMaintenance)}  (${pairVerdict(afterMaintenance)})`,
    );
  }
  return { afterEachExportMB: afterEach, idle, heapAfterCollection: report, afterMaintenance };
}
