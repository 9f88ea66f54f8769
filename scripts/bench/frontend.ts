// The screens in Chromium: first-load JavaScript, LCP, CLS, an interaction, the status page's weight.
import { gzipSync } from "node:zlib";
import { type Server } from "./server";
import { window } from "./report";

export async function frontEnd(
  server: Server,
  session: { accessToken: string; refreshToken: string; user: unknown },
  repairId: string,
) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const routes = ["/login", "/dashboard", "/repairs", `/repairs/${repairId}`, "/settings", "/export"];
  const firstLoadJs: Record<string, { files: number; gzipKB: number; rawKB: number }> = {};
  const cache = new Map<string, Buffer>();
  // A browser context whose pages start signed in (the session in localStorage).
  const signedIn = async (options: Parameters<typeof browser.newContext>[0] = {}) => {
    const context = await browser.newContext(options);
    await context.addInitScript((s) => {
      localStorage.setItem("accessToken", s.accessToken);
      localStorage.setItem("refreshToken", s.refreshToken);
      localStorage.setItem("user", JSON.stringify(s.user));
    }, session);
    return context;
  };
  try {
    for (const route of routes) {
      const context = await signedIn();
      const page = await context.newPage();
      await page.goto(server.base + route, { waitUntil: "domcontentloaded" });
      // First-load JS as Next counts it: the scripts the page's HTML names, not
      // the routes prefetched afterwards for the links on screen.
      // (noModule polyfills are skipped: browsers with modules never load them.)
      const scripts = await page.evaluate(() => [
        ...new Set(
          Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]:not([nomodule])"), (s) => s.src),
        ),
      ]);
      let gzip = 0;
      let raw = 0;
      for (const src of scripts) {
        if (!cache.has(src)) cache.set(src, Buffer.from(await (await fetch(src)).arrayBuffer()));
        raw += cache.get(src)!.length;
        gzip += gzipSync(cache.get(src)!, { level: 9 }).length;
      }
      firstLoadJs[route.replace(repairId, "[id]")] = {
        files: scripts.length,
        gzipKB: Math.round(gzip / 102.4) / 10,
        rawKB: Math.round(raw / 102.4) / 10,
      };
      await context.close();
    }

    // /repairs: Largest Contentful Paint, layout shift, and the latency of an interaction.
    const vitals: Array<{ lcpMs: number; cls: number; interactionMs: number | null }> = [];
    for (let run = 0; run < 5; run++) {
      const context = await signedIn({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number; __events: number[] };
        w.__cls = 0;
        w.__events = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: "layout-shift", buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__events.push(e.duration);
        }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
      });
      const page = await context.newPage();
      await page.goto(`${server.base}/repairs`);
      await page.locator('a[href^="/repairs/"]').first().waitFor(); // the first repair of the list
      await page.waitForTimeout(500);
      const lcpMs = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1].startTime);
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      await page
        .getByRole("button", { name: /new repair/i })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(300);
      const { cls, events } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __events: number[] };
        return { cls: w.__cls, events: w.__events };
      });
      vitals.push({
        lcpMs: Math.round(lcpMs),
        cls: Math.round(cls * 1000) / 1000,
        interactionMs: events.length ? Math.round(Math.max(...events)) : null,
      });
      await context.close();
    }
    // The customer's status page on a phone: every byte it transfers, scripts apart.
    const statusPage = await (async () => {
      const repair = (await (
        await fetch(`${server.base}/api/repairs/${repairId}`, {
          headers: { authorization: `Bearer ${session.accessToken}` },
        })
      ).json()) as { status_url: string };
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const sizes = { scriptBytes: 0, scripts: 0, totalBytes: 0 };
      page.on("response", async (response) => {
        const bytes = (await response.body().catch(() => Buffer.alloc(0))).length;
        sizes.totalBytes += bytes;
        if (response.request().resourceType() === "script") {
          sizes.scripts += 1;
          sizes.scriptBytes += bytes;
        }
      });
      await page.goto(server.base + new URL(repair.status_url).pathname, { waitUntil: "networkidle" });
      await context.close();
      return sizes;
    })();
    console.log(
      `  status page (customer link): ${statusPage.scripts} scripts, ${statusPage.scriptBytes} B of JavaScript, ${Math.round(statusPage.totalBytes / 102.4) / 10} kB in all`,
    );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const repairs = {
      lcpMsMedian: median(vitals.map((v) => v.lcpMs)),
      clsMax: Math.max(...vitals.map((v) => v.cls)),
      interactionMs: vitals.map((v) => v.interactionMs),
      runs: vitals,
    };
    for (const [route, size] of Object.entries(firstLoadJs))
      console.log(`  first-load JS ${route.padEnd(16)} ${size.gzipKB} kB gzip (${size.rawKB} kB, ${size.files} files)`);
    console.log(
      `  /repairs LCP ${repairs.lcpMsMedian} ms (median of 5), CLS ${repairs.clsMax} (worst), "New repair" click: ${repairs.interactionMs.map((v) => (v === null ? "<16" : v)).join(", ")} ms`,
    );
    return { firstLoadJs, repairs, statusPage };
  } finally {
    await browser.close();
  }
}
