import { expect, test } from "@playwright/test";
import { addRepair, signedInOwner } from "./session";

// A picture of every screen on a phone and a desktop, kept with the test
// results (test-results/screens), to be looked at after a change.
const SIZES = [
  { name: "small-phone", width: 360, height: 740 },
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
];

test("screenshots of every screen", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request, "Montserrat Roca");
  const statuses = ["received", "diagnosing", "quoting", "in_repair", "ready", "picked_up", "denied", "outsourced"];
  const ids: string[] = [];
  for (const [i, status] of statuses.entries()) {
    const { id } = await addRepair(request, headers, {
      repair_number: `R-2111202${i}-0000${i}`,
      customer_name: ["José García", "Núria Vidal", "Emma Brown", "Jordi Puig"][i % 4],
      item_type: ["watch", "jewelry", "other"][i % 3],
      item_description: ["Omega Seamaster, cristal rayado", "Anell d'or, ajustar talla", "Music box, mechanism stuck"][
        i % 3
      ],
      status,
      deadline: `1${i}/12/2026`,
      final_price: i % 2 ? 120.5 * i : null,
    });
    ids.push(id);
  }
  await request.patch(`/api/repairs/${ids[2]}/quote`, { headers, data: { amount: 89.9, notes: "Cristal de zafiro" } });
  // The sign-in screen as a visitor sees it (signed in, it leads to the dashboard).
  const visitor = await page.context().browser()!.newPage();
  for (const size of SIZES) {
    await visitor.setViewportSize(size);
    await visitor.goto(`${test.info().project.use.baseURL}/login`);
    await visitor.screenshot({ path: `test-results/screens/${size.name}-login.png`, fullPage: true });
  }
  await visitor.close();
  const screens = [
    "/dashboard",
    "/repairs",
    `/repairs/${ids[2]}`,
    "/export",
    "/settings",
    "/setup-2fa",
    "/disable-2fa",
    "/create-subaccount",
  ];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator("body")).not.toContainText("Loading...");
      await page.screenshot({
        path: `test-results/screens/${size.name}${path.replace(/[0-9a-f-]{36}$/, "id").replaceAll("/", "-")}.png`,
        fullPage: true,
      });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${path} fits ${size.width}px`,
      ).toBe(true);
    }
  }
});
