import { expect, test } from "@playwright/test";
import { addRepair, signedInOwner } from "./session";

// Running the workshop (issue 17) in Chromium.

test("the repair's screen lists the same customer's other repairs, newest first, each a link", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const older = await addRepair(request, headers, {
    repair_number: "R-OLD",
    customer_name: "Pere Serra",
    customer_phone: "+34 611 222 333",
    item_type: "watch",
    item_description: "Longines, pila",
  });
  await addRepair(request, headers, {
    repair_number: "R-MAIL-ONLY",
    customer_name: "Pere Serra",
    customer_email: "pere@example.com",
    item_description: "Anell, talla",
  });
  const current = await addRepair(request, headers, {
    repair_number: "R-NOW",
    customer_name: "Pere Serra",
    customer_phone: "611222333",
    customer_email: "Pere@Example.com",
    item_description: "Collaret",
  });
  await addRepair(request, headers, {
    repair_number: "R-OTHER",
    customer_name: "Anna",
    customer_phone: "699000111",
    item_description: "x",
  });

  await page.goto(`/repairs/${current.id}`);
  const section = page.getByRole("region", { name: "The customer's other repairs" });
  await expect(section.getByRole("link")).toHaveText(["R-MAIL-ONLY", "R-OLD"]);
  await expect(section.getByText("Watch: Longines, pila")).toBeVisible();
  await section.getByRole("link", { name: "R-OLD" }).click();
  await expect(page).toHaveURL(new RegExp(`/repairs/${older.id}$`));
  await expect(page.getByRole("heading", { name: "R-OLD" })).toBeVisible();
  await expect(page.getByRole("region", { name: "The customer's other repairs" }).getByRole("link")).toHaveText([
    "R-NOW",
  ]);
});

test("the repair's history shows each change with who and when, the customer's answer by link among them", async ({
  page,
  request,
  browser,
}) => {
  const { headers } = await signedInOwner(page, request, "Marta Puig");
  const repair = await addRepair(request, headers, {
    repair_number: "R-HIST",
    customer_name: "Pere Serra",
    item_description: "Rellotge",
  });
  await page.goto(`/repairs/${repair.id}`);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Created as Received")).toBeVisible();
  await page.getByRole("button", { name: "Start diagnosing" }).click();
  await expect(history.getByText("Received → Diagnosing")).toBeVisible();
  await expect(history.getByText(/ · Marta Puig$/).first()).toBeVisible();

  await page.getByRole("button", { name: "Create quote" }).click();
  const dialog = page.getByRole("dialog", { name: "Create quote" });
  await dialog.getByLabel("Amount (€)").fill("45");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(history.getByText("Quote set: €45.00")).toBeVisible();

  // The customer declines by link; the staff's next look shows it, and who.
  const customer = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await customer.goto(repair.status_url);
  await customer.getByRole("button", { name: "Decline the quote" }).click();
  await page.reload();
  await expect(history.getByText("Quote answered: Denied")).toBeVisible();
  await expect(history.getByText(/ · customer, by link$/)).toBeVisible();
});

test("several repairs change status together, confirmed once, in the table and on a phone's cards", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  for (const number of ["R-B1", "R-B2", "R-B3"])
    await addRepair(request, headers, { repair_number: number, customer_name: "Client", item_description: "Anell" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/repairs");
  await page.getByRole("checkbox", { name: "Select R-B1" }).check();
  await page.getByRole("checkbox", { name: "Select R-B3" }).check();
  const bar = page.getByRole("region", { name: "2 repairs selected" });
  await bar.getByRole("combobox", { name: "New status" }).selectOption("ready");
  await bar.getByRole("button", { name: "Change status" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the status of several repairs?" });
  await expect(dialog.getByText("2 repairs move to Ready: R-B3, R-B1.")).toBeVisible();
  await dialog.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("2 repairs moved to Ready")).toBeVisible();
  const row = (number: string) => page.getByRole("row", { name: new RegExp(number + " ") });
  await expect(row("R-B1").getByRole("button", { name: "Change status, now Ready" })).toBeVisible();
  await expect(row("R-B3").getByRole("button", { name: "Change status, now Ready" })).toBeVisible();
  await expect(row("R-B2").getByRole("button", { name: "Change status, now Received" })).toBeVisible();
  await expect(page.getByRole("region", { name: /selected/ })).toHaveCount(0);

  // The same on a phone's cards.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await page.getByRole("checkbox", { name: "Select R-B2" }).check();
  const phoneBar = page.getByRole("region", { name: "1 repair selected" });
  await phoneBar.getByRole("combobox", { name: "New status" }).selectOption("in_repair");
  await phoneBar.getByRole("button", { name: "Change status" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("1 repair moved to In repair")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change status, now In repair" })).toBeVisible();
});
