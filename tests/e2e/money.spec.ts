import { expect, test } from "@playwright/test";
import { printedSheet } from "./pdf";
import { expectNoSidewaysScroll, inCatalan } from "./session";

// Money at the counter on a phone at 360 px, in Catalan: a deposit as the
// item is left, the rest taken as it is collected, the receipt printed and
// read back, and the day's takings.

test.use({ viewport: { width: 360, height: 740 } });

test("a deposit at intake, the balance taken at pickup, the payment receipt and the day's takings", async ({
  page,
  request,
}) => {
  const { headers } = await inCatalan(page, request);
  // The shop's language is its new customers' (their receipts are in it).
  await request.put("/api/shop", {
    headers,
    data: { legal_name: "Joieria Puig SL", tax_id: "B12345674", language: "ca" },
  });
  await page.goto("/repairs");
  await page.getByRole("button", { name: "Nova reparació" }).click();
  const form = page.getByRole("dialog", { name: "Nova reparació" });
  await form.getByLabel("Nom del client").fill("Joana Ferrer");
  await form.getByLabel("Descripció de l'article").fill("Canvi de pila");
  const deposit = form.getByRole("group", { name: "Paga i senyal (opcional)" });
  await deposit.getByLabel("Import (€)").fill("20,5x");
  await form.getByRole("button", { name: "Crea la reparació" }).click();
  await expect(deposit.getByText("Introdueix un import de 0 o més, amb 2 decimals com a màxim")).toBeVisible();
  await deposit.getByLabel("Import (€)").fill("20,5");
  await expect(deposit.getByText("Es desarà com a 20,50 €")).toBeVisible();
  await form.getByRole("button", { name: "Crea la reparació" }).click();
  await expect(form).toBeHidden();

  const [repair] = (await (await request.get("/api/repairs?search=Joana", { headers })).json()).repairs;
  expect(repair).toMatchObject({ paid_total: 20.5 });
  await request.put(`/api/repairs/${repair.id}`, { headers, data: { final_price: 120, status: "ready" } });
  // The list marks what is ready with money still owed.
  await page.reload();
  await expect(page.getByRole("listitem").getByText("Pendent 99,50 €")).toBeVisible();

  await page.goto(`/repairs/${repair.id}`);
  const money = page.getByRole("region", { name: "Pagaments" });
  await expect(money.getByText("Paga i senyal · 20,50 €")).toBeVisible();
  await expect(money.getByText("99,50 €")).toBeVisible();

  // Collected: what is left is shown and taken there, by card.
  await page.getByRole("button", { name: "Marca com a recollit" }).click();
  const pickup = page.getByRole("dialog", { name: "Vols marcar-la com a recollida?" });
  await expect(pickup.getByText("Pendent de pagament: 99,50 €")).toBeVisible();
  await expect(pickup.getByLabel("Cobra ara")).toBeChecked();
  await expect(pickup.getByLabel("Import (€)")).toHaveValue("99,50");
  await pickup.getByLabel("Forma de pagament").selectOption("card");
  await pickup.getByRole("button", { name: "Marca com a recollit" }).click();
  await expect(pickup).toBeHidden();
  await expect(page.getByRole("button", { name: "Recollit: no es pot canviar" })).toBeVisible();
  await expect(money.getByText("Pagament · 99,50 €")).toBeVisible();
  await expect(money.getByText("Pendent de pagament")).toBeVisible();
  await expect(money.getByText("0,00 €", { exact: true })).toBeVisible();

  // The payment receipt, read back from the printed PDF.
  await money.getByRole("link", { name: "Imprimeix el justificant de pagament" }).click();
  const { text } = await printedSheet(page);
  for (const part of [
    "Justificant de pagament",
    "Joieria Puig SL · NIF B12345674",
    repair.repair_number,
    "Paga i senyal",
    "20,50 €",
    "Targeta",
    "99,50 €",
    "Pagat: 120,00 €",
    "Pendent de pagament: 0,00 €",
    "no és una factura",
  ])
    expect(text).toContain(part);

  // The day's takings: cash in the drawer, the card apart, both payments with their repair.
  await page.goto("/takings");
  await expect(page.getByText("Efectiu que hi ha d'haver a la caixa: 20,50 €")).toBeVisible();
  const lines = page.getByRole("region", { name: "Pagaments" });
  await expect(lines.getByRole("link", { name: repair.repair_number })).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Per forma de pagament" }).getByText("120,00 €")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Baixa l'.xlsx" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^takings_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expectNoSidewaysScroll(page);

  // A busy day: the totals are the whole day's, the lines come 100 at a time.
  for (let i = 0; i < 110; i++)
    await request.post(`/api/repairs/${repair.id}/payments`, {
      headers,
      data: { kind: "payment", amount: 1, method: "cash" },
    });
  await page.reload();
  await expect(page.getByText("Efectiu que hi ha d'haver a la caixa: 130,50 €")).toBeVisible();
  await expect(lines.getByText("Es mostren 100 de 112 pagaments")).toBeVisible();
  await expect(lines.getByRole("link", { name: repair.repair_number })).toHaveCount(100);
  await lines.getByRole("button", { name: "Carrega'n més" }).click();
  await expect(lines.getByRole("link", { name: repair.repair_number })).toHaveCount(112);
  await expect(lines.getByRole("button", { name: "Carrega'n més" })).toBeHidden();
});
