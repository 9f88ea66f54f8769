import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

// The JavaScript a phone downloads before the repairs list can run: the
// scripts the page's HTML names (not the routes prefetched later, not the
// noModule polyfills modern browsers skip), gzipped, as `npm run bench`
// counts it. A size, not a time: the same build gives the same bytes.
const BUDGET_KB = 152;

test(`/repairs loads at most ${BUDGET_KB} kB of JavaScript (gzip) before it runs`, async ({ request }) => {
  const html = await (await request.get("/repairs")).text();
  const sources = [
    ...new Set(
      [...html.matchAll(/<script\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => !/\bnomodule\b/i.test(tag))
        .flatMap((tag) => tag.match(/\bsrc="([^"]+)"/)?.[1] ?? []),
    ),
  ];
  expect(sources.length).toBeGreaterThan(3);
  let bytes = 0;
  for (const source of sources) bytes += gzipSync(await (await request.get(source)).body(), { level: 9 }).length;
  const kB = Math.round(bytes / 102.4) / 10;
  expect(kB, `first-load JS of /repairs: ${kB} kB from ${sources.length} files`).toBeLessThanOrEqual(BUDGET_KB);
});
