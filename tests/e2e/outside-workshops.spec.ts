import { expect, test, type Page } from "@playwright/test";
import { dayIn } from "@/lib/time-zone";
import { addRepair, signedInOwner } from "./session";

// Outside workshops and work queues (issue 17, parts 2 and 3) in Chromium.

const dayFrom = (days: number, zone: string) => dayIn(new Date(Date.now() + days * 86_400_000), zone);

async function shopZone(request: Parameters<typeof signedInOwner>[1], headers: Record<string, string>) {
  return ((await (await request.get("/api/auth/me", { headers })).json()) as { time_zone: string }).time_zone;
}

async function expectFits(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

test("workshops are kept in settings; a repair goes out from its badge and comes back by quick action", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const zone = await shopZone(request, headers);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Outside workshops" });
  await expect(section.getByText("No outside workshops yet.")).toBeVisible();
  await section.getByLabel("Name").fill("Relojería Puig");
  await section.getByLabel("Contact").fill("+34 933 000 000");
  await section.getByRole("button", { name: "Add workshop" }).click();
  await expect(section.getByText("+34 933 000 000")).toBeVisible();
  await section.getByLabel("Name").fill("relojería puig");
  await section.getByRole("button", { name: "Add workshop" }).click();
  await expect(section.getByText("A workshop with this name already exists")).toBeVisible();
  await section.getByLabel("Name").fill("Atelier Bosch");
  await section.getByRole("button", { name: "Add workshop" }).click();
  await section.getByRole("button", { name: "Edit: Atelier Bosch" }).click();
  await section.getByRole("listitem").getByLabel("Notes").fill("Engraving only");
  await section.getByRole("listitem").getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("Engraving only")).toBeVisible();
  await section.getByRole("button", { name: "Delete: Atelier Bosch" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(section.getByText("Atelier Bosch")).toHaveCount(0);
  // How long a ready item may wait before the dashboard flags it: the shop's own days.
  const shop = page.getByRole("region", { name: "Shop", exact: true });
  await shop.getByLabel("Days a ready item may wait before the dashboard flags it").fill("3");
  await shop.getByRole("button", { name: "Save" }).click();
  await expect(shop.getByText("Shop details saved")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByText("Ready for more than 3 days")).toBeVisible();

  const repair = await addRepair(request, headers, {
    repair_number: "R-OUT-1",
    customer_name: "Pere Serra",
    item_description: "Omega, revisió",
    status: "in_repair",
  });
  await page.goto("/repairs");
  const row = page.getByRole("row", { name: /R-OUT-1 / });
  await row.getByRole("button", { name: "Change status, now In repair" }).click();
  await page.getByRole("menuitemradio", { name: "Outsourced" }).click();
  const dialog = page.getByRole("dialog", { name: "Send to an outside workshop" });
  // The only workshop is chosen already; the date sent is today in the shop's zone.
  await expect(dialog.getByLabel("Workshop")).toHaveValue(/.+/);
  await expect(dialog.getByLabel("Date sent")).toHaveValue(dayFrom(0, zone));
  await dialog.getByLabel("Expected return").fill(dayFrom(-3, zone));
  await dialog.getByRole("button", { name: "Send out" }).click();
  await expect(dialog.getByText("Expected return cannot be before the date sent")).toBeVisible();
  await dialog.getByLabel("Expected return").fill(dayFrom(10, zone).replaceAll("/", ""));
  await dialog.getByLabel("Cost (optional)").fill("45,50");
  await dialog.getByLabel("Tracking number (optional)").fill("PK-778");
  await dialog.getByRole("button", { name: "Send out" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Change status, now Outsourced" })).toBeVisible();

  await page.goto(`/repairs/${repair.id}`);
  const details = page.getByRole("region", { name: "Repair details" });
  await expect(details.getByText(`At Relojería Puig since ${dayFrom(0, zone)}`)).toBeVisible();
  await expect(details.getByText(dayFrom(10, zone), { exact: true })).toBeVisible();
  await expect(details.getByText("€45.50")).toBeVisible();
  await expect(details.getByText("PK-778")).toBeVisible();
  await expect(page.getByRole("region", { name: "History" }).getByText("Sent to Relojería Puig")).toBeVisible();

  // The workshop says it needs longer: the details change, the status stays.
  await details.getByRole("button", { name: "Change send-out" }).click();
  const change = page.getByRole("dialog", { name: "Send to an outside workshop" });
  await expect(change.getByLabel("Cost (optional)")).toHaveValue("45.50");
  await expect(change.getByLabel("Tracking number (optional)")).toHaveValue("PK-778");
  await change.getByLabel("Expected return").fill(dayFrom(20, zone));
  await change.getByRole("button", { name: "Send out" }).click();
  await expect(details.getByText(dayFrom(20, zone), { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Change status, now Outsourced" })).toBeVisible();

  await page.getByRole("button", { name: "Back from the workshop" }).click();
  await expect(page.getByRole("button", { name: "Change status, now In repair" })).toBeVisible();
  await expect(details.getByText(`Back from Relojería Puig on ${dayFrom(0, zone)}`)).toBeVisible();
});

test("the dashboard counts what needs doing and each count opens the list so filtered", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  const zone = await shopZone(request, headers);
  await addRepair(request, headers, {
    repair_number: "R-LATE",
    customer_name: "Late",
    item_description: "Anell",
    deadline: dayFrom(-2, zone),
  });
  await addRepair(request, headers, {
    repair_number: "R-LATER",
    customer_name: "Later",
    item_description: "Anell",
    deadline: dayFrom(-5, zone),
  });
  await addRepair(request, headers, {
    repair_number: "R-DONE",
    customer_name: "Done",
    item_description: "Anell",
    deadline: dayFrom(-5, zone),
    status: "ready",
  });
  const out = await addRepair(request, headers, {
    repair_number: "R-AWAY",
    customer_name: "Away",
    item_description: "x",
  });
  const workshop = await (await request.post("/api/workshops", { headers, data: { name: "Puig" } })).json();
  await request.patch(`/api/repairs/${out.id}/status`, {
    headers,
    data: {
      status: "outsourced",
      send_out: { workshop_id: workshop.workshop.id, sent_on: dayFrom(-9, zone), expected_back: dayFrom(-1, zone) },
    },
  });

  await page.goto("/dashboard");
  const queues = page.getByRole("region", { name: "What needs doing" });
  await expect(queues.getByText("Ready for more than 7 days")).toBeVisible();
  await expect(queues.getByRole("link", { name: /^Overdue/ })).toContainText("2");
  await expect(queues.getByRole("link", { name: /^Late back from a workshop/ })).toContainText("1");
  await expect(queues.getByRole("link", { name: /^Quotes expired/ })).toContainText("0");
  const statuses = page.getByRole("region", { name: "Repairs by status" });
  await expect(statuses.getByRole("link", { name: /^Received/ })).toContainText("2");

  // Overdue opens soonest deadline first.
  await queues.getByRole("link", { name: /^Overdue/ }).click();
  await expect(page).toHaveURL(/\/repairs\?queue=overdue&sort=deadline$/);
  await expect(page.getByLabel("Show", { exact: true })).toHaveValue("overdue");
  await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("deadline");
  await expect(page.getByRole("row").filter({ hasText: /R-LATE/ })).toHaveCount(2);
  await expect(page.getByRole("rowgroup").last().getByRole("row").first()).toContainText("R-LATER");
  await expect(page.getByText("R-DONE")).toHaveCount(0);

  // The list's own controls: a workshop, then everything again.
  await page.getByLabel("Show", { exact: true }).selectOption("");
  await page.getByLabel("Outside workshop", { exact: true }).selectOption({ label: "Puig" });
  await expect(page).toHaveURL(new RegExp(`workshop=${workshop.workshop.id}`));
  await expect(page.getByText("Showing 1 of 1 repair", { exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: /R-AWAY / })).toBeVisible();

  await page.goto("/dashboard");
  await queues.getByRole("link", { name: /^Late back from a workshop/ }).click();
  await expect(page).toHaveURL(/\/repairs\?queue=workshop_overdue$/);
  await expect(page.getByRole("row", { name: /R-AWAY / })).toBeVisible();
  await expect(page.getByText("Showing 1 of 1 repair", { exact: true })).toBeVisible();
});

test.describe("on a 360 px phone in Catalan", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the edit form sends a repair out, naming a new workshop, and the dashboard fits", async ({ page, request }) => {
    const { headers } = await signedInOwner(page, request, "Montserrat Roca i Puigdomènech");
    await request.put("/api/settings", { headers, data: { language: "ca" } });
    await page.context().addCookies([{ name: "lang", value: "ca", url: test.info().project.use.baseURL! }]);
    await page.addInitScript(() => localStorage.setItem("language", "ca"));
    const repair = await addRepair(request, headers, {
      repair_number: "R-CA-1",
      customer_name: "Maria Dolors",
      item_description: "Rellotge de butxaca",
      deadline: "01/01/2026",
    });

    await page.goto(`/repairs/${repair.id}`);
    await page.getByRole("button", { name: "Edita" }).click();
    const form = page.getByRole("dialog", { name: "Edita la reparació" });
    await form.getByRole("combobox", { name: /^Estat/ }).selectOption("outsourced");
    await form.getByRole("button", { name: "Desa els canvis" }).click();
    const dialog = page.getByRole("dialog", { name: "Envia a un taller extern" });
    // No workshop yet: a new one is named here.
    await expect(dialog.getByLabel("Taller", { exact: true })).toHaveValue("new");
    await dialog.getByRole("button", { name: "Envia" }).click();
    await expect(dialog.getByText("El nom del taller és obligatori")).toBeVisible();
    await dialog.getByLabel("Nom del taller nou").fill("Taller de Rellotgeria Fina de Barcelona");
    await expectFits(page, "the send-out dialog");
    await dialog.getByRole("button", { name: "Envia" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(form).toHaveCount(0);
    await expect(page.getByText(/A Taller de Rellotgeria Fina de Barcelona des del/)).toBeVisible();
    await expectFits(page, "the repair");

    await page.goto("/dashboard");
    const queues = page.getByRole("region", { name: "Què cal fer" });
    await expect(queues.getByRole("link", { name: /^Amb retard/ })).toContainText("1");
    await expectFits(page, "the dashboard");
    await page.goto("/repairs?workshop=any");
    await expect(page.getByLabel("Taller extern", { exact: true })).toHaveValue("any");
    await expect(page.getByRole("checkbox", { name: /R-CA-1/ })).toBeVisible();
    await expect(page.getByText("Es mostren 1 de 1 reparació", { exact: true })).toBeVisible();
    await expectFits(page, "the filtered list");
  });
});
