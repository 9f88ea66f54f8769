import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addRepair, signedInOwner } from "./session";

// axe finds no serious or critical violation on any screen, on a phone or a desktop.
async function serious(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`no serious accessibility violation at ${size.width}px`, async ({ page, request }) => {
    await page.setViewportSize(size);
    await page.goto("/login");
    expect(await serious(page), "/login").toEqual([]);

    const { headers } = await signedInOwner(page, request);
    const repair = await addRepair(request, headers, {
      repair_number: "R-A11Y",
      customer_name: "Emma",
      item_description: "Rellotge",
      status: "quoting",
    });
    await request.patch(`/api/repairs/${repair.id}/quote`, { headers, data: { amount: 10 } });
    for (const path of [
      "/dashboard",
      "/repairs",
      `/repairs/${repair.id}`,
      "/export",
      "/settings",
      "/setup-2fa",
      "/disable-2fa",
      "/create-subaccount",
    ]) {
      await page.goto(path);
      await expect(page.locator("body")).not.toContainText("Loading...");
      expect(await serious(page), path).toEqual([]);
    }

    // Open widgets too: the status list, the create dialog, the quote dialog.
    await page.goto("/repairs");
    await page
      .getByRole("button", { name: /^Change status/ })
      .first()
      .click();
    expect(await serious(page), "status menu").toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "New repair" }).click();
    expect(await serious(page), "create dialog").toEqual([]);
    await page.keyboard.press("Escape");
    await page.goto(`/repairs/${repair.id}`);
    await page.getByRole("button", { name: "Update quote" }).click();
    expect(await serious(page), "quote dialog").toEqual([]);
  });
}
