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
