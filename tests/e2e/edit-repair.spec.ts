import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { addRepair, signedInOwner } from "./session";

test("the edit form starts from the repair, saves every field, and adds photos at once", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-ED1",
    customer_name: "Laia Roca",
    item_description: "Collaret",
    deadline: "05/01/2027",
    item_type: "jewelry",
  });
  await page.goto(`/repairs/${repair.id}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("dialog", { name: "Edit repair" });
  await expect(form.getByLabel("Repair number")).toHaveValue("R-ED1");
  await expect(form.getByLabel("Item type")).toHaveValue("jewelry");
  await expect(form.getByLabel("Deadline (DD/MM/YYYY)")).toHaveValue("05/01/2027");

  await form.getByLabel("Customer name").fill("Laia Roca Puig");
  await form.getByLabel("Outsourced to").fill("Taller Central");
  await form.getByLabel("Final price (€)").fill("-1");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Enter an amount of 0 or more, with at most 2 decimals")).toBeVisible();
  await form.getByLabel("Final price (€)").fill("75.5");
  await form.getByLabel("Status").selectOption("outsourced");
  await form.getByRole("button", { name: "Save changes" }).click();
  // Going out asks where: the shop has no workshop yet, so one is named here (it becomes outsourced_to).
  const sendOut = page.getByRole("dialog", { name: "Send to an outside workshop" });
  await sendOut.getByLabel("New workshop's name").fill("Taller Central");
  await sendOut.getByRole("button", { name: "Send out" }).click();
  await expect(sendOut).toBeHidden();
  await expect(form).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Repair updated" })).toBeVisible();
  await expect(page.getByText("Laia Roca Puig")).toBeVisible();
  await expect(page.getByText("Taller Central", { exact: true })).toBeVisible();
  await expect(page.getByText(/^At Taller Central since /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Final price", exact: true }).getByText("€75.50")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change status, now Outsourced" })).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).click();
  // A change typed but not saved survives adding a photo: the form stays open with it.
  await form.getByLabel("Internal notes").fill("Tancador fluix");
  const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: "#552200" } })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: "clasp.png", mimeType: "image/png", buffer: png });
  await expect(form.getByRole("status").filter({ hasText: "Photos added" })).toBeVisible();
  await expect(form.getByLabel("Internal notes")).toHaveValue("Tancador fluix");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Tancador fluix")).toBeVisible();
  await expect(page.getByRole("button", { name: "Enlarge photo clasp.png" })).toBeVisible();
});

test("a picked-up repair's details can still be corrected without touching its price", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-ED2",
    customer_name: "Marc",
    item_description: "Rellotge",
    final_price: 20,
    status: "picked_up",
  });
  await page.goto(`/repairs/${repair.id}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("dialog", { name: "Edit repair" });
  await form.getByLabel("Customer phone").fill("+34 622 000 111");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("+34 622 000 111")).toBeVisible();
  await expect(page.getByRole("region", { name: "Final price", exact: true }).getByText("€20.00")).toBeVisible();
});
