import { expect, test } from "@playwright/test";
import { e2eDb } from "./database";
import { addRepair, signedInOwner } from "./session";

test("instants show as the day they fell on in the shop's time zone, which settings change", async ({
  page,
  request,
}) => {
  const { headers, login } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-TZ1",
    customer_name: "Jordi",
    item_description: "Rellotge",
  });
  const client = e2eDb();
  try {
    await client.shop.update({ where: { id: login.user.shopId }, data: { timeZone: "Europe/Madrid" } });
    // 00:30 on 2 March in Madrid is still 1 March in UTC.
    await client.repair.update({ where: { id: repair.id }, data: { createdAt: new Date("2026-03-01T23:30:00Z") } });
  } finally {
    await client.$disconnect();
  }
  await page.goto(`/repairs/${repair.id}`);
  await expect(page.getByText("Created 02/03/2026")).toBeVisible();

  await page.goto("/settings");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("Europe/Madrid");
  await zone.selectOption("America/New_York");
  await page.getByRole("region", { name: "Time zone" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Time zone saved" })).toBeVisible();
  expect((await (await request.get("/api/settings", { headers })).json()).time_zone).toBe("America/New_York");

  await page.goto(`/repairs/${repair.id}`);
  await expect(page.getByText("Created 01/03/2026")).toBeVisible();
});
