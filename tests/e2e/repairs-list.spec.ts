import { expect, test } from "@playwright/test";
import { addRepair, signedInOwner } from "./session";

test("the list pages by 50, searches after a pause, filters by status, and says how much is shown", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  for (let i = 1; i <= 53; i++) {
    await addRepair(request, headers, {
      repair_number: `R-21112026-${String(i).padStart(5, "0")}`,
      customer_name: i === 7 ? "José Pérez" : `Client ${i}`,
      item_description: i % 2 ? "Rellotge de polsera" : "Anell d'or",
      status: i === 3 ? "ready" : "received",
    });
  }
  await page.goto("/repairs");
  await expect(page.getByText("Showing 50 of 53 repairs")).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("R-21112026-00053"); // newest first
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(53);
  await expect(page.getByText("Showing 53 of 53 repairs")).toBeVisible();
  // Said beside the count and at the bottom of the list, where the reader is.
  await expect(page.getByText("All loaded")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  const search = page.getByLabel("Search repairs");
  await search.fill("jose");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("José Pérez");
  await search.fill("nobody-like-this");
  await expect(page.getByText("No repairs match “nobody-like-this”")).toBeVisible();
  await search.fill("");
  await expect(rows).toHaveCount(50);

  await page.getByRole("button", { name: "Status", exact: true }).click();
  await page.getByRole("menuitemcheckbox", { name: "Ready" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByLabel("1 selected")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("R-21112026-00003");
  await page.getByRole("button", { name: /^Status/ }).click();
  await page.getByRole("menuitem", { name: "Clear" }).click();
  await expect(rows).toHaveCount(50);

  await rows.nth(1).getByRole("cell").nth(1).click();
  await expect(page).toHaveURL(/\/repairs\/[0-9a-f-]{36}$/);
});

test("the inline badge changes the status, lists all 11, flips up near the bottom, and locks at picked up", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-1",
    customer_name: "Núria",
    item_description: "Collaret",
  });
  await addRepair(request, headers, {
    repair_number: "R-2",
    customer_name: "Pere",
    item_description: "Rellotge",
    status: "picked_up",
  });
  await page.goto("/repairs");

  const badge = page.getByRole("button", { name: "Change status, now Received" });
  await badge.click();
  const items = page.getByRole("menuitemradio");
  await expect(items).toHaveCount(11);
  await expect(page.locator("[data-side-chosen]")).toHaveAttribute("data-side-chosen", "bottom");
  await page.getByRole("menuitemradio", { name: "In repair" }).click();
  await expect(page.getByRole("button", { name: "Change status, now In repair" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Status updated" })).toBeVisible();
  expect((await (await request.get(`/api/repairs/${repair.id}`, { headers })).json()).status).toBe("in_repair");
  await expect(page).toHaveURL(/\/repairs$/); // the badge does not open the repair

  await expect(page.getByRole("button", { name: "Picked up: cannot change" })).toBeDisabled();

  // Less than 350 px below the badge: the list opens upward.
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.getByRole("button", { name: "Change status, now In repair" }).click();
  await expect(page.locator("[data-side-chosen]")).toHaveAttribute("data-side-chosen", "top");
});

test("the badge and the filter open from the keyboard too, their menus loaded on first use", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  await addRepair(request, headers, { repair_number: "K-1", customer_name: "Laia", item_description: "Anell" });
  await page.goto("/repairs");

  const badge = page.getByRole("button", { name: "Change status, now Received" });
  await expect(badge).toHaveAttribute("aria-haspopup", "menu");
  await badge.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio")).toHaveCount(11);
  await expect(page.getByRole("menuitemradio", { name: "Received" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitemradio")).toHaveCount(0);
  await expect(badge).toBeFocused();

  const filter = page.getByRole("button", { name: "Status", exact: true });
  await filter.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemcheckbox")).toHaveCount(11);
});

test("an empty shop says so, and phones get cards instead of the table", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  await page.goto("/repairs");
  await expect(page.getByText("No repairs yet")).toBeVisible();

  await addRepair(request, headers, {
    repair_number: "R-9",
    customer_name: "Laura",
    item_description: "Arracades",
    final_price: 35,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator("table")).toBeHidden();
  const card = page.getByRole("listitem").filter({ hasText: "R-9" });
  await expect(card).toContainText("Laura");
  await expect(card).toContainText("€35.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a refused access token is refreshed, the call replayed, and the new tokens kept", async ({ page, request }) => {
  const { headers, login } = await signedInOwner(page, request);
  await addRepair(request, headers, { repair_number: "R-401", customer_name: "Xavier", item_description: "Rellotge" });
  await page.addInitScript(() => localStorage.setItem("accessToken", "expired.or.revoked"));
  const refreshes: string[] = [];
  page.on("request", (r) => r.url().endsWith("/api/auth/refresh-token") && refreshes.push(r.url()));
  await page.goto("/repairs");
  await expect(page.locator("tbody tr")).toHaveCount(1);
  expect(refreshes).toHaveLength(1);
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem("accessToken"),
    refresh: localStorage.getItem("refreshToken"),
  }));
  expect(stored.access).not.toBe("expired.or.revoked");
  expect(stored.refresh).not.toBe(login.refreshToken);
});

test("coming back from a repair finds the list as it was left: search, filter, loaded rows and place", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  for (let i = 1; i <= 60; i++) {
    await addRepair(request, headers, {
      repair_number: `R-BACK-${String(i).padStart(3, "0")}`,
      customer_name: `Client ${i}`,
      item_description: "Rellotge",
      status: "received",
    });
  }
  await addRepair(request, headers, {
    repair_number: "R-OTHER-1",
    customer_name: "Another",
    item_description: "Anell",
    status: "received",
  });
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto("/repairs");
  await page.getByLabel("Search repairs").fill("R-BACK");
  const rows = page.locator("tbody tr");
  await expect(page.getByText("Showing 50 of 60 repairs")).toBeVisible();
  await page.getByRole("button", { name: "Status", exact: true }).click();
  await page.getByRole("menuitemcheckbox", { name: "Received" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/repairs\?q=R-BACK&statuses=received$/);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(60);

  // Far down the list, a repair is opened and its status changed.
  await page.getByRole("link", { name: "R-BACK-003" }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await page.getByRole("link", { name: "R-BACK-003" }).click();
  await expect(page.getByRole("heading", { name: "R-BACK-003" })).toBeVisible();
  await page.getByRole("button", { name: "Start diagnosing" }).click();
  await expect(page.getByRole("button", { name: "Change status, now Diagnosing" })).toBeVisible();

  for (const way of ["back", "link"] as const) {
    if (way === "back") await page.goBack();
    else await page.getByRole("link", { name: "← Back to repairs" }).click();
    await expect(page.getByLabel("Search repairs")).toHaveValue("R-BACK");
    await expect(page.getByLabel("1 selected")).toBeVisible();
    // Read again at once: the repair now diagnosing has left the "Received" filter.
    await expect(page.getByText("Showing 59 of 59 repairs")).toBeVisible();
    await expect(rows).toHaveCount(59);
    await expect(rows.filter({ hasText: "R-BACK-003" })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 200);
    if (way === "back") await page.getByRole("link", { name: "R-BACK-004" }).click();
  }
});

test("the list never shows the past: Back shows the rows left and reads them again at once; the menu and a reload read afresh", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const made: Record<string, { id: string }> = {};
  for (const n of [1, 2, 3])
    made[n] = await addRepair(request, headers, {
      repair_number: `R-NOW-${n}`,
      customer_name: `Client ${n}`,
      item_description: "Rellotge",
    });
  const colleague = {
    moves: (n: number, status: string) =>
      request.patch(`/api/repairs/${made[n].id}/status`, { headers, data: { status } }),
    adds: (n: number) =>
      addRepair(request, headers, { repair_number: `R-NOW-${n}`, customer_name: "New", item_description: "Anell" }),
  };
  const rows = page.locator("tbody tr");
  const statusOf = (number: string, status: string) =>
    rows.filter({ hasText: number }).getByRole("button", { name: `Change status, now ${status}` });
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto("/repairs");
  await expect(page.getByText("Showing 3 of 3 repairs")).toBeVisible();

  // Back: meanwhile a colleague moved one and took in another.
  await page.getByRole("link", { name: "R-NOW-1" }).click();
  await expect(page.getByRole("heading", { name: "R-NOW-1" })).toBeVisible();
  await colleague.moves(2, "in_repair");
  await colleague.adds(4);
  await page.goBack();
  await expect(page.getByText("Showing 4 of 4 repairs")).toBeVisible();
  await expect(statusOf("R-NOW-2", "In repair")).toBeVisible();

  // The menu, from a repair opened from the list.
  await page.getByRole("link", { name: "R-NOW-1" }).click();
  await expect(page.getByRole("heading", { name: "R-NOW-1" })).toBeVisible();
  await colleague.adds(5);
  await page.getByRole("navigation").getByRole("link", { name: "Repairs" }).click();
  await expect(page.getByText("Showing 5 of 5 repairs")).toBeVisible();

  // A reload, after opening a repair and coming back.
  await page.getByRole("link", { name: "R-NOW-3" }).click();
  await expect(page.getByRole("heading", { name: "R-NOW-3" })).toBeVisible();
  await page.goBack();
  await expect(page.getByText("Showing 5 of 5 repairs")).toBeVisible();
  await colleague.moves(3, "ready");
  await page.reload();
  await expect(statusOf("R-NOW-3", "Ready")).toBeVisible();
});

test("Picked up on a badge asks who collects and what is due, as the button does; a row changed since the list was read is refused and shown as it is", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const ready = await addRepair(request, headers, {
    repair_number: "P-1",
    customer_name: "Marta Soler",
    item_description: "Rellotge",
    status: "ready",
    final_price: 50,
  });
  const other = await addRepair(request, headers, {
    repair_number: "P-2",
    customer_name: "Pere",
    item_description: "Anell",
  });
  await page.goto("/repairs");
  const row = (number: string) => page.getByRole("row").filter({ hasText: number });
  await expect(row("P-2").getByRole("button", { name: "Change status, now Received" })).toBeVisible();

  // A colleague moves P-2 on while this list is open: the stale change is refused, the row then shows theirs.
  await request.patch(`/api/repairs/${other.id}/status`, { headers, data: { status: "in_repair" } });
  await row("P-2").getByRole("button", { name: "Change status, now Received" }).click();
  await page.getByRole("menuitemradio", { name: "Ready" }).click();
  await expect(
    page.getByText("This repair changed since you opened it: it now shows what it is. Check it and try again."),
  ).toBeVisible();
  await expect(row("P-2").getByRole("button", { name: "Change status, now In repair" })).toBeVisible();
  expect((await (await request.get(`/api/repairs/${other.id}`, { headers })).json()).status).toBe("in_repair");

  // Picked up from the list's badge: the pickup dialog, with what is still due taken there.
  await row("P-1").getByRole("button", { name: "Change status, now Ready" }).click();
  await page.getByRole("menuitemradio", { name: "Picked up" }).click();
  const pickup = page.getByRole("dialog", { name: "Mark as picked up?" });
  await expect(pickup.getByText("Still to pay: €50.00")).toBeVisible();
  await pickup.getByLabel("Collected by").fill("Marta Soler");
  await pickup.getByRole("button", { name: "Mark picked up" }).click();
  await expect(pickup).toBeHidden();
  await expect(row("P-1").getByRole("button", { name: "Picked up: cannot change" })).toBeDisabled();
  expect(await (await request.get(`/api/repairs/${ready.id}`, { headers })).json()).toMatchObject({
    status: "picked_up",
    collected_by: "Marta Soler",
    paid_total: 50,
    balance_due: 0,
  });

  // Several at once are never handed over together.
  await row("P-2").getByRole("checkbox").check();
  await expect(page.getByLabel("New status").locator("option")).toHaveCount(10);
  await expect(page.getByLabel("New status").locator("option", { hasText: "Picked up" })).toHaveCount(0);

  // The repair's own badge asks the same; cancelling changes nothing.
  await page.goto(`/repairs/${other.id}`);
  await page.getByRole("button", { name: "Change status, now In repair" }).click();
  await page.getByRole("menuitemradio", { name: "Picked up" }).click();
  await expect(page.getByRole("dialog", { name: "Mark as picked up?" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  expect((await (await request.get(`/api/repairs/${other.id}`, { headers })).json()).status).toBe("in_repair");
});
