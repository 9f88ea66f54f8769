// npm run bench:export [-- --start 2026-01-01]: exports the bench shop's repairs
// (npm run seed) with the 8 default fields and prints time and peak RSS.
import { parseArgs } from "node:util";
import { createDb } from "@/lib/db";
import { exportRepairs } from "@/lib/export/excel";
import { DEFAULT_EXPORT_FIELDS } from "@/lib/export/fields";
import { openDatabase } from "@/lib/runtime/database";
import { commandConfig, exitWith } from "../lib/config";

async function main() {
  const { values } = parseArgs({
    options: { start: { type: "string" }, email: { type: "string", default: "bench@example.com" } },
  });
  const database = await openDatabase(commandConfig());
  const client = createDb(database.url, 2);
  try {
    const owner = await client.user.findUniqueOrThrow({ where: { email: values.email! } });
    const rows = await client.repair.count({
      where: { shopId: owner.shopId, ...(values.start ? { createdAt: { gte: new Date(values.start) } } : {}) },
    });
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const { body } = await exportRepairs(
      client,
      owner.shopId,
      { language: "en", timeZone: "Europe/Madrid" },
      { fields: DEFAULT_EXPORT_FIELDS, startDate: values.start ?? null },
    );
    let bytes = 0;
    const reader = body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    clearInterval(sampler);
    // The shop's export slot is freed when the stream closes: wait for it, so the next run may start.
    for (
      let i = 0;
      i < 50 && (await client.rateLimit.count({ where: { key: { startsWith: "export:" }, count: { gt: 0 } } })) > 0;
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({
        rows,
        bytes,
        seconds: +seconds.toFixed(1),
        rssIdleMB: Math.round(idle / 1e6),
        rssPeakMB: Math.round(peak / 1e6),
        rssAboveIdleMB: Math.round((peak - idle) / 1e6),
      }),
    );
  } finally {
    await client.$disconnect();
    await database.close();
  }
}

main().catch(exitWith);
