import { expect, test, type Browser } from "@playwright/test";
import { PRINT_FORMATS } from "@/components/print/formats";
import { dayIn } from "@/lib/time-zone";
import { e2eDb } from "./database";
import { readPdf } from "./pdf";
import { addRepair, PASSWORD, signedInOwner } from "./session";

// The customer's side (issue 15) in Chromium: the status page on a phone with
// no JavaScript, the quote answered by link exactly once, the staff's link
// tools, the printouts read back from PDF with their QR codes decoded, and
// scanning.

/** A phone at 360 px with JavaScript off: the page must work as plain HTML. */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
  return context.newPage();
}

async function shopDetails(request: Parameters<typeof signedInOwner>[1], headers: Record<string, string>) {
  const saved = await request.put("/api/shop", {
    headers,
    data: {
      name: "Rellotgeria Vidal",
      address: "Carrer Major 1, Palma",
      phone: "+34 971 000 111",
      email: "botiga@vidal.cat",
      opening_hours: "Dl-Dv 10-14 i 17-20",
      ticket_terms: { ca: "Les peces no recollides en 90 dies es consideren abandonades." },
      language: "ca",
    },
  });
  expect(saved.status()).toBe(200);
}

test("the customer follows the repair and approves the quote by link, once, on a phone without JavaScript", async ({
  page,
  request,
  browser,
}) => {
  const { headers } = await signedInOwner(page, request);
  await shopDetails(request, headers);
  const repair = await addRepair(request, headers, {
    repair_number: "R-L1",
    customer_name: "Joana Ferrer",
    customer_phone: "+34 600 123 456",
    notes: "Nota interna secreta",
    item_type: "watch",
    item_description: "Omega Seamaster",
  });
  expect(repair.customer_language).toBe("ca");
  await request.patch(`/api/repairs/${repair.id}/quote`, {
    headers,
    data: { amount: 90.5, notes: "Vidre de safir", expires_in_hours: 72 },
  });

  // Staff read the link off the repair's screen.
  await page.goto(`/repairs/${repair.id}`);
  const link = await page.getByRole("textbox", { name: "Customer's status link" }).inputValue();
  expect(link).toBe(repair.status_url);

  // Two phones open the link; both answer at once.
  const [first, second] = [await phone(browser), await phone(browser)];
  await first.goto(link);
  await expect(first.getByRole("heading", { name: "Reparació R-L1" })).toBeVisible();
  await expect(first.getByText("Pressupost preparat, a l'espera de la vostra resposta")).toBeVisible();
  await expect(first.getByText("90,50 €")).toBeVisible();
  await expect(first.getByText("Vidre de safir")).toBeVisible();
  for (const secret of ["+34 600 123 456", "Nota interna secreta", "Joana Ferrer"])
    await expect(first.getByText(secret)).toHaveCount(0);
  const width = await first.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // The language switch, as a plain link.
  await first.getByRole("link", { name: "Español" }).click();
  await expect(first.getByRole("button", { name: "Aceptar el presupuesto" })).toBeVisible();

  await second.goto(link);
  await Promise.all([
    first.getByRole("button", { name: "Aceptar el presupuesto" }).click(),
    second.getByRole("button", { name: "Rebutjar el pressupost" }).click(),
  ]);
  await expect(first.getByRole("button", { name: "Aceptar el presupuesto" })).toHaveCount(0);
  await expect(second.getByRole("button", { name: "Rebutjar el pressupost" })).toHaveCount(0);

  const client = e2eDb();
  try {
    const answers = await client.statusHistory.findMany({ where: { repairId: repair.id, byCustomer: true } });
    expect(answers).toHaveLength(1);
    const answered = answers[0].toStatus;
    // Both phones now show the one answer that counted.
    const shown =
      answered === "approved"
        ? ["Presupuesto aceptado.", "Pressupost acceptat."]
        : ["Presupuesto rechazado.", "Pressupost rebutjat."];
    await expect(first.getByText(shown[0])).toBeVisible();
    await expect(second.getByText(shown[1])).toBeVisible();

    // Staff see the answer on their usual way back to the list and the repair.
    await page.goto("/repairs");
    const label = answered === "approved" ? "Approved" : "Denied";
    await expect(
      page.getByRole("row", { name: /R-L1/ }).getByRole("button", { name: `Change status, now ${label}` }),
    ).toBeVisible();
    await page.getByRole("link", { name: "R-L1" }).first().click();
    await expect(page.getByRole("button", { name: `Change status, now ${label}` })).toBeVisible();
  } finally {
    await client.$disconnect();
  }
});

test("staff's Approve on a page opened before the customer declined is refused; the page shows the customer's answer", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-L9",
    customer_name: "Pau Soler",
    item_description: "Rellotge de butxaca",
  });
  await request.patch(`/api/repairs/${repair.id}/quote`, { headers, data: { amount: 120, expires_in_hours: 72 } });
  await page.goto(`/repairs/${repair.id}`);
  await expect(page.getByRole("button", { name: "Change status, now Quoting" })).toBeVisible();

  // Meanwhile the customer declines by link.
  const token = repair.status_url.split("/t/")[1];
  const declined = await request.post(`/t/${token}`, { form: { answer: "decline" }, maxRedirects: 0 });
  expect(declined.status()).toBe(303);

  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(
    page.getByText("This repair changed since you opened it: it now shows what it is. Check it and try again."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Change status, now Denied" })).toBeVisible();
  const client = e2eDb();
  try {
    const history = await client.statusHistory.findMany({
      where: { repairId: repair.id },
      orderBy: { changedAt: "asc" },
    });
    expect(history.map((h) => h.toStatus)).toEqual(["received", "quoting", "denied"]);
  } finally {
    await client.$disconnect();
  }
});

test("staff copy the link, show it as a QR code, and replace it; the old link stops at once", async ({
  page,
  request,
  browser,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { headers } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-L2",
    customer_name: "Pere Serra",
    item_description: "Anell d'or",
  });
  await page.goto(`/repairs/${repair.id}`);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(repair.status_url);

  await page.getByRole("button", { name: "Show QR code" }).click();
  await expect(page.getByRole("img", { name: "QR code of the customer's status link" })).toBeVisible();

  await page.getByRole("button", { name: "Replace link" }).click();
  await page
    .getByRole("dialog", { name: "Replace the status link?" })
    .getByRole("button", { name: "Replace link" })
    .click();
  await expect(page.getByText("Link replaced: the old one no longer works")).toBeVisible();
  const fresh = await page.getByRole("textbox", { name: "Customer's status link" }).inputValue();
  expect(fresh).not.toBe(repair.status_url);

  const customer = await phone(browser);
  const old = await customer.goto(repair.status_url);
  expect(old?.status()).toBe(404);
  await expect(customer.getByRole("heading", { name: "Link not found" })).toBeVisible();
  expect((await customer.goto(fresh))?.status()).toBe(200);
  await expect(customer.getByRole("heading", { name: "Repair R-L2" })).toBeVisible();
});

test("each printout is one page of its paper a copy (the intake's ticket the customer's and the shop's), with its texts and a QR code that decodes to the right link", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  await shopDetails(request, headers);
  const repair = await addRepair(request, headers, {
    repair_number: "R-P1",
    customer_name: "Joana Ferrer Puig",
    item_type: "jewelry",
    item_description: "Collaret de perles, tancament trencat",
    deadline: "24/12/2026",
  });
  await request.patch(`/api/repairs/${repair.id}/quote`, { headers, data: { amount: 1234.5, expires_in_hours: 168 } });
  const received = dayIn(repair.created_at, (await (await request.get("/api/shop", { headers })).json()).time_zone);
  const staffLink = new URL(`/repairs/${repair.id}`, repair.status_url).toString();

  const expected = {
    a5: { size: [148, 210] },
    a4: { size: [210, 297] },
    receipt: { size: [80, null] },
    tag: { size: [62, 29] },
  } as const;
  for (const format of PRINT_FORMATS) {
    await page.goto(`/repairs/${repair.id}/print?format=${format}`);
    await expect(page.locator("[data-print-ready]")).toBeVisible();
    const pdf = await readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(pdf.pageCount, format).toBe(format === "tag" ? 1 : 2);
    const [sheet] = pdf.pages;
    if (format !== "tag") expect(pdf.pages[1].text.replace(/\s+/g, " "), format).toContain("Còpia per a la botiga");
    if (format === "receipt") {
      // A roll: the page is as long as the receipt, not a sheet of A4's length.
      expect(sheet.widthMm, format).toBe(80);
      expect(sheet.heightMm, format).toBeGreaterThan(100);
      expect(sheet.heightMm, format).toBeLessThan(250);
    } else expect([sheet.widthMm, sheet.heightMm], format).toEqual(expected[format].size);
    const text = sheet.text.replace(/\s+/g, " ");
    if (format === "tag") {
      for (const part of ["R-P1", "Joana Ferrer Puig", "24/12/2026"]) expect(text, format).toContain(part);
      expect(sheet.qrCodes, format).toEqual([staffLink]);
    } else {
      for (const part of [
        "Rellotgeria Vidal",
        "+34 971 000 111",
        "Resguard de reparació",
        "R-P1",
        received,
        "Joana Ferrer Puig",
        "Joia: Collaret de perles, tancament trencat",
        "24/12/2026",
        "1.234,50 €",
        "Les peces no recollides en 90 dies",
        "Signatura del client",
      ])
        expect(text, `${format}: ${part}`).toContain(part);
      expect(text.replace(/\s/g, ""), format).toContain(repair.status_url);
      expect(sheet.qrCodes, format).toEqual([repair.status_url]);
    }
  }
});

test("the ticket speaks the customer's language, the tag the shop's", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  await shopDetails(request, headers);
  const repair = await addRepair(request, headers, {
    repair_number: "R-P2",
    customer_name: "María José García López",
    customer_language: "es",
    item_type: "watch",
    item_description: "Longines",
  });
  await page.goto(`/repairs/${repair.id}/print?format=a5`);
  await expect(page.locator("[data-print-ready]")).toContainText("Resguardo de reparación");
  await expect(page.locator("[data-print-ready]")).toContainText("Reloj: Longines");
  await page.goto(`/repairs/${repair.id}/print?format=tag`);
  await expect(page.locator("[data-print-ready]")).toContainText("María José García López");
});

test("a scanned repair number opens the repair; a scanned tag opens it after signing in", async ({
  page,
  request,
  browser,
}) => {
  const { headers, email } = await signedInOwner(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-S1",
    customer_name: "Marc Soler",
    item_description: "Rellotge de butxaca",
  });
  await addRepair(request, headers, { repair_number: "R-S10", customer_name: "Anna", item_description: "Anell" });
  await page.goto("/repairs");
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("R-S1");
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/repairs/${repair.id}$`));
  await expect(page.getByRole("heading", { name: "R-S1" })).toBeVisible();

  // The tag's QR code on a phone that is not signed in.
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const scanner = await phoneContext.newPage();
  await scanner.goto(new URL(`/repairs/${repair.id}`, repair.status_url).toString());
  await expect(scanner).toHaveURL(/\/login\?next=/);
  await scanner.getByLabel("Email").fill(email);
  await scanner.getByLabel("Password").fill(PASSWORD);
  await scanner.getByRole("button", { name: "Sign in" }).click();
  await expect(scanner).toHaveURL(new RegExp(`/repairs/${repair.id}$`));
  await expect(scanner.getByRole("heading", { name: "R-S1" })).toBeVisible();
  await phoneContext.close();
});

test("the customer's language is the shop's by default in the form, can be changed, and the page speaks it", async ({
  page,
  request,
  browser,
}) => {
  const { headers } = await signedInOwner(page, request);
  await request.put("/api/shop", { headers, data: { language: "es" } });
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const dialog = page.getByRole("dialog", { name: "New repair" });
  await expect(dialog.getByLabel("Customer's language")).toHaveValue("es");
  await dialog.getByLabel("Repair number").fill("R-LANG");
  await dialog.getByLabel("Customer name").fill("Jordi Puig");
  await dialog.getByLabel("Item description").fill("Polsera de plata");
  await dialog.getByLabel("Customer's language").selectOption("ca");
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "R-LANG" }).first().click();
  await expect(page.getByText("Català")).toBeVisible();
  const link = await page.getByRole("textbox", { name: "Customer's status link" }).inputValue();

  const customer = await phone(browser);
  await customer.goto(link);
  await expect(customer.getByText("Rebut a la botiga")).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit repair" });
  await edit.getByLabel("Customer's language").selectOption("en");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await customer.reload();
  await expect(customer.getByText("Received at the shop")).toBeVisible();
});

test("notices: the shop's switches, each email's state on the repair, and one change not told", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  await page.goto("/settings");
  const notices = page.getByRole("region", { name: "Customer notices" });
  await expect(notices.getByLabel("Item received, with the status link")).toBeChecked();
  await expect(notices.getByText("For example: “we have your watch (repair R-0042)”")).toBeVisible();
  await notices.getByRole("checkbox", { name: "In repair" }).check();
  await notices.getByRole("button", { name: "Save" }).click();
  await expect(notices.getByText("Notice settings saved")).toBeVisible();

  const repair = await addRepair(request, headers, {
    repair_number: "R-MAIL",
    customer_name: "Joana Ferrer",
    item_description: "Omega",
    customer_email: "joana@example.com",
  });
  await page.goto(`/repairs/${repair.id}`);
  const section = page.getByRole("region", { name: "Customer notices" });
  await expect(section.getByText("Item received")).toBeVisible();
  await expect(section.getByText("Sent", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(section.getByText("joana@example.com")).toBeVisible();

  // Not told this once: the box unticked, then a change.
  await section.getByLabel("Email the customer about the next change").uncheck();
  await page.getByRole("button", { name: "Change status, now Received" }).click();
  await page.getByRole("menuitemradio", { name: "In repair" }).click();
  await expect(page.getByRole("button", { name: "Change status, now In repair" })).toBeVisible();
  await expect(section.getByLabel("Email the customer about the next change")).toBeChecked();
  await expect(section.getByText("Status: In repair")).toHaveCount(0);
  // The next one is told.
  await page.getByRole("button", { name: "Change status, now In repair" }).click();
  await page.getByRole("menuitemradio", { name: "Ready" }).click();
  await expect(section.getByText("Ready for pickup")).toBeVisible();
  // A status change's email waits its 20 s of Undo before it leaves.
  await expect(section.getByText("Sent", { exact: true })).toHaveCount(2, { timeout: 40_000 });

  await section.getByRole("button", { name: "Send again" }).first().click();
  await expect(section.getByText("The notice will be sent again")).toBeVisible();
  await expect(section.getByText("Sent", { exact: true })).toHaveCount(3, { timeout: 15_000 });
});

test("an owner has the shop emailed when a customer answers; the answer's email is listed on the repair as the shop's", async ({
  page,
  request,
  browser,
}) => {
  const { headers } = await signedInOwner(page, request);
  await page.goto("/settings");
  const notices = page.getByRole("region", { name: "Customer notices" });
  const hear = notices.getByRole("checkbox", { name: "Email the shop when a customer approves or declines a quote" });
  // No address of the shop's own yet: the setting says where to give one.
  await expect(notices.getByText("Sent to the shop’s own email: add one under Shop first.")).toBeVisible();
  await expect(hear).not.toBeChecked();
  await shopDetails(request, headers);
  await page.reload();
  await expect(notices.getByText("Sent to the shop’s own email (botiga@vidal.cat)", { exact: false })).toBeVisible();
  await hear.check();
  await notices.getByRole("button", { name: "Save" }).click();
  await expect(notices.getByText("Notice settings saved")).toBeVisible();

  const repair = await addRepair(request, headers, {
    repair_number: "R-HEAR",
    customer_name: "Joana Ferrer",
    item_description: "Omega Seamaster",
  });
  await request.patch(`/api/repairs/${repair.id}/quote`, { headers, data: { amount: 90.5, expires_in_hours: 72 } });
  const customer = await phone(browser);
  await customer.goto(repair.status_url);
  await customer.getByRole("button", { name: "Acceptar el pressupost" }).click();
  await expect(customer.getByText("Pressupost acceptat.")).toBeVisible();

  await page.goto(`/repairs/${repair.id}`);
  const section = page.getByRole("region", { name: "Customer notices" });
  // The shop's language is Catalan: the list names the email in the reader's words, and its address.
  await expect(section.getByText("To the shop: Approved")).toBeVisible();
  await expect(section.getByText("botiga@vidal.cat")).toBeVisible();
  await expect(section.getByText("Sent", { exact: true })).toBeVisible({ timeout: 15_000 });
});
