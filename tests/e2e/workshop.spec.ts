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
