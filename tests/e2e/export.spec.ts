import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addRepair, signedInOwner } from "./session";

test("the export screen downloads the chosen fields and statuses as repairs_export_{date}.xlsx", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  await addRepair(request, headers, { repair_number: "R-E1", customer_name: "Laura Serra", item_description: "Anell", status: "ready", final_price: 45 });
  await addRepair(request, headers, { repair_number: "R-E2", customer_name: "Marc Font", item_description: "Rellotge", status: "received" });
  await page.goto("/export");

  // The spec's 8 fields are on by default.
  for (const label of ["Repair number", "Customer", "Phone", "Type", "Item description", "Status", "Deadline", "Created"]) {
    await expect(page.getByLabel(label, { exact: true })).toBeChecked();
  }
  await expect(page.getByLabel("Final price", { exact: true })).not.toBeChecked();

  await page.getByRole("button", { name: "Select none" }).click();
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please select at least one field to export");

  await page.getByLabel("Repair number", { exact: true }).check();
  await page.getByLabel("Start date (optional, DD/MM/YYYY)").fill("31/02/2026");
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Dates must be real dates (YYYY-MM-DD or DD/MM/YYYY)");
  const d = new Date();
  const today = `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
  await page.getByLabel("Start date (optional, DD/MM/YYYY)").fill(today);
  await page.getByLabel("End date (optional, DD/MM/YYYY)").fill(today);
  await page.getByLabel("Final price", { exact: true }).check();
  await page.getByRole("group", { name: "Statuses (none ticked: all)" }).getByLabel("Ready").check();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`repairs_export_${new Date().toISOString().slice(0, 10)}.xlsx`);
  await expect(page.getByRole("status").filter({ hasText: "Your file has been downloaded." })).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const rows = workbook.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
  expect(rows).toEqual([["Repair number", "Final price"], ["R-E1", 45]]);

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
