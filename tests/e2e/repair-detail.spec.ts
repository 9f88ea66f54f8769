import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { dayIn, defaultTimeZone } from "@/lib/time-zone";
import { e2eDb } from "./database";
import { addRepair, signedInOwner } from "./session";

/** Today in the shop's time zone (a new shop takes the server's, or Europe/Madrid). */
const today = () => dayIn(new Date(), defaultTimeZone());

test("a repair goes from received to picked up through the quick actions, with a quote and a final price", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  await addRepair(request, headers, {
    repair_number: "R-D1",
    customer_name: "Núria Vidal",
    customer_phone: "+34 600 111 222",
    item_type: "watch",
    item_description: "Omega, cristal rayado",
    notes: "Clienta habitual",
    deadline: "24/12/2026",
  });
  await page.goto("/repairs");
  await page.getByRole("link", { name: "R-D1" }).first().click();

  await expect(page.getByRole("heading", { name: "R-D1" })).toBeVisible();
  await expect(page.getByText(`Created ${today()}`)).toBeVisible();
  await expect(page.getByText("+34 600 111 222")).toBeVisible();
  await expect(page.getByText("Clienta habitual")).toBeVisible();
  await expect(page.getByText("24/12/2026")).toBeVisible();

  await page.getByRole("button", { name: "Start diagnosing" }).click();
  await expect(page.getByRole("button", { name: "Change status, now Diagnosing" })).toBeVisible();

  await page.getByRole("button", { name: "Create quote" }).click();
  // Titled like the button that opened it.
  const dialog = page.getByRole("dialog", { name: "Create quote" });
  await dialog.getByLabel("Amount (€)").fill("-5");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter an amount of 0 or more, with at most 2 decimals")).toBeVisible();
  await dialog.getByLabel("Amount (€)").fill("120.50");
  await dialog.getByLabel("Quote notes").fill("Cristal de zafiro");
  await dialog.getByLabel("Expires in (days, 1 to 90)").fill("91");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The quote must expire in 1 to 90 days")).toBeVisible();
  // Days are whole: "90,5" is said to be wrong, never read as 905.
  await dialog.getByLabel("Expires in (days, 1 to 90)").fill("90,5");
  await expect(dialog.getByLabel("Expires in (days, 1 to 90)")).toHaveValue("90,5");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The quote must expire in 1 to 90 days")).toBeVisible();
  await dialog.getByLabel("Expires in (days, 1 to 90)").fill("10");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Change status, now Quoting" })).toBeVisible();
  // In the Quote section (the History repeats the amount).
  const quote = page.getByRole("region", { name: "Quote", exact: true });
  await expect(quote.getByText("€120.50")).toBeVisible();
  await expect(quote.getByText("Pending")).toBeVisible();

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("button", { name: "Change status, now Approved" })).toBeVisible();
  await page.getByRole("button", { name: "Start repair" }).click();
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByRole("button", { name: "Change status, now Ready" })).toBeVisible();

  await page.getByRole("button", { name: "Set final price" }).click();
  await page.getByRole("dialog").getByLabel("Amount (€)").fill("150");
  // More than the approved quote: asked first; no keeps the dialog open with nothing saved, yes saves.
  const asked: string[] = [];
  page.once("dialog", (question) => {
    asked.push(question.message());
    void question.dismiss();
  });
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect
    .poll(() => asked)
    .toEqual(["The final price (€150.00) is more than the quote the customer approved (€120.50). Set it anyway?"]);
  await expect(page.getByRole("dialog").getByLabel("Amount (€)")).toHaveValue("150");
  page.once("dialog", (question) => void question.accept());
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("region", { name: "Final price", exact: true }).getByText("€150.00")).toBeVisible();

  await page.getByRole("button", { name: "Mark picked up" }).click();
  // It locks the repair for good, so it asks first.
  const confirm = page.getByRole("dialog", { name: "Mark as picked up?" });
  await expect(confirm).toContainText("Its status, quote and final price cannot change after this.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Change status, now Ready" })).toBeVisible();
  await page.getByRole("button", { name: "Mark picked up" }).click();
  await confirm.getByRole("button", { name: "Mark picked up" }).click();
  await expect(page.getByText(`Repair completed and picked up on ${today()}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Picked up: cannot change" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Update final price" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Update quote" })).toBeDisabled();
});

test("a denied quote says so; photos enlarge and delete with confirmation; deleting names the repair", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-D2",
    customer_name: "Pere Soler",
    item_description: "Anell",
    status: "diagnosing",
  });
  await request.patch(`/api/repairs/${repair.id}/quote`, { headers, data: { amount: 30 } });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();
  await request.post(`/api/repairs/${repair.id}/photos`, {
    headers,
    multipart: { photos: { name: "ring.png", mimeType: "image/png", buffer: png } },
  });

  const consoleErrors: string[] = [];
  page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
  // Opened from a searched list.
  await page.goto("/repairs?q=R-D");
  await page.getByRole("link", { name: "R-D2" }).first().click();
  await expect(page.getByRole("heading", { name: "R-D2" })).toBeVisible();
  // Deny does not look like Approve.
  const background = (name: string) =>
    page.getByRole("button", { name }).evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(await background("Deny")).not.toBe(await background("Approve"));
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByText("Quote was denied by customer")).toBeVisible();

  await page.getByRole("button", { name: "Enlarge photo ring.png" }).click();
  const photo = page.getByRole("dialog", { name: "ring.png" });
  await expect(photo.getByRole("img", { name: "ring.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(photo).toBeHidden();
  // A second photo: the viewer steps between them, and closes with its own button.
  await request.post(`/api/repairs/${repair.id}/photos`, {
    headers,
    multipart: { photos: { name: "clasp.png", mimeType: "image/png", buffer: png } },
  });
  await page.reload();
  await page.getByRole("button", { name: "Enlarge photo ring.png" }).click();
  await page.getByRole("dialog", { name: "ring.png" }).getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "clasp.png" }).getByRole("img", { name: "clasp.png" })).toBeVisible();
  await page.getByRole("dialog", { name: "clasp.png" }).getByRole("button", { name: "Previous" }).click();
  await page.getByRole("dialog", { name: "ring.png" }).getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Delete photo" }).last().click();
  await page.getByRole("dialog", { name: "Delete photo" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("button", { name: /^Enlarge photo/ })).toHaveCount(1);

  await page.getByRole("button", { name: "Delete photo" }).click();
  await page.getByRole("dialog", { name: "Delete photo" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("img", { name: "ring.png" })).toBeVisible();
  await page.getByRole("button", { name: "Delete photo" }).click();
  await page.getByRole("dialog", { name: "Delete photo" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No photos yet")).toBeVisible();

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete repair" });
  await expect(confirm).toContainText("R-D2");
  await expect(confirm).toContainText("Pere Soler");
  // The dialogs' scroll lock adds its style with the page's nonce: nothing is blocked.
  expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  await confirm.getByLabel("Why is it deleted?").fill("Entered twice");
  await confirm.getByRole("button", { name: "Delete" }).click();
  // Back on the list as it was searched, which says what happened.
  await expect(page).toHaveURL(/\/repairs\?q=R-D$/);
  await expect(page.getByText("Repair R-D2 deleted.")).toBeVisible();
  await expect(page.getByLabel("Search repairs")).toHaveValue("R-D");
});

test("a missing repair shows the not-found state with a way back", async ({ page, request }) => {
  await signedInOwner(page, request);
  await page.goto("/repairs/00000000-0000-0000-0000-000000000000");
  await expect(page.getByRole("heading", { name: "Repair not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to repairs" }).click();
  await expect(page).toHaveURL(/\/repairs$/);
});

for (const [language, typed, shown, title, amount, save] of [
  ["es", "90,5", "90,50 €", "Fijar precio final", "Importe (€)", "Guardar"],
  ["ca", "1.234,5", "1.234,50 €", "Fixa el preu final", "Import (€)", "Desa"],
  ["en", "90,5", "€90.50", "Set final price", "Amount (€)", "Save"],
] as const) {
  test(`a price typed the way ${language} writes it (${typed}) is saved as that amount, and shown back before saving`, async ({
    page,
    request,
  }) => {
    const { headers } = await signedInOwner(page, request);
    await request.put("/api/settings", { headers, data: { language } });
    await page.context().addCookies([{ name: "lang", value: language, url: test.info().project.use.baseURL! }]);
    await page.addInitScript((lang) => localStorage.setItem("language", lang), language);
    const repair = await addRepair(request, headers, {
      repair_number: `R-M${language}`,
      customer_name: "Pau",
      item_description: "Anell",
      status: "ready",
    });
    await page.goto(`/repairs/${repair.id}`);
    await page.getByRole("button", { name: title }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByLabel(amount).fill(typed);
    await expect(dialog.getByText(shown)).toBeVisible();
    await dialog.getByRole("button", { name: save }).click();
    await expect(dialog).toBeHidden();
    const saved = await (await request.get(`/api/repairs/${repair.id}`, { headers })).json();
    expect(saved.final_price).toBe(typed === "1.234,5" ? 1234.5 : 90.5);
    await expect(page.getByText(shown).first()).toBeVisible();
  });
}

test("a slip on the badge is undone within the grace period, and the customer is never mailed", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const numbers = ["R-U1", "R-U2"];
  const made = await Promise.all(
    numbers.map((repair_number) =>
      addRepair(request, headers, {
        repair_number,
        customer_name: "Marta Soler",
        customer_email: `${repair_number.toLowerCase()}@example.com`,
        item_description: "Anell",
      }),
    ),
  );
  const client = e2eDb();
  const held = (id: string) => client.notice.count({ where: { repairId: id, event: "ready" } });
  try {
    // On the repair's screen.
    await page.goto(`/repairs/${made[0].id}`);
    await page.getByRole("button", { name: "Change status, now Received" }).click();
    await page.getByRole("menuitemradio", { name: "Ready" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Status updated" })).toBeVisible();
    expect(await held(made[0].id)).toBe(1);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Change undone.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Change status, now Received" })).toBeVisible();
    expect(await held(made[0].id)).toBe(0);

    // On the list, the same.
    await page.goto("/repairs");
    const row = page.locator("tbody tr").filter({ hasText: "R-U2" });
    await row.getByRole("button", { name: "Change status, now Received" }).click();
    await page.getByRole("menuitemradio", { name: "Ready" }).click();
    await expect(row.getByRole("button", { name: "Change status, now Ready" })).toBeVisible();
    expect(await held(made[1].id)).toBe(1);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Change undone.")).toBeVisible();
    await expect(row.getByRole("button", { name: "Change status, now Received" })).toBeVisible();
    expect(await held(made[1].id)).toBe(0);
  } finally {
    await client.$disconnect();
  }
});

test("the Photos card adds a photo itself, and a camera-sized photo is shrunk on the phone before it is sent", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-BIGPHOTO",
    customer_name: "Pau",
    item_description: "Rellotge",
  });
  const big = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 100 })
    .toBuffer();
  // Over the server's 10 MB a photo: as it is, it would be refused.
  expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
  await page.goto(`/repairs/${repair.id}`);
  const card = page.getByRole("region", { name: "Photos" });
  await expect(card.getByText("No photos yet")).toBeVisible();
  await card.getByLabel("Add photos").setInputFiles({ name: "camera.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(card.getByRole("button", { name: /camera\.jpg/ })).toBeVisible({ timeout: 30_000 });
  // Accepted, so it went out under the server's cap.
  expect((await (await request.get(`/api/repairs/${repair.id}`, { headers })).json()).photos).toHaveLength(1);
});
