import { expect, test } from "@playwright/test";
import { formatDate } from "@/lib/repairs/dates";
import { printedSheet } from "./pdf";
import { addRepair, expectNoSidewaysScroll, inCatalan } from "./session";

// After the repair on a phone at 360 px, in Catalan: the service report
// typed, the watch collected with its warranty, the pickup receipt read back,
// and the watch coming back under warranty.

test.use({ viewport: { width: 360, height: 740 } });

test("a watch's service report, its pickup with the warranty on the receipt, and its comeback under warranty", async ({
  page,
  request,
}) => {
  const { headers } = await inCatalan(page, request);
  await request.put("/api/shop", { headers, data: { language: "ca" } });
  const first = await addRepair(request, headers, {
    customer_name: "Joana Ferrer",
    customer_phone: "+34 611 222 333",
    item_type: "watch",
    item_description: "Revisió completa",
    brand: "Omega",
    serial_number: "SN-55512345",
    status: "ready",
  });

  // The service report, typed in the edit form as people type numbers.
  await page.goto(`/repairs/${first.id}`);
  await page.getByRole("button", { name: "Edita", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Edita la reparació" });
  await form.getByLabel("Marxa abans (s/dia)").fill("-12,5");
  await form.getByLabel("Marxa després (s/dia)").fill("2");
  await form.getByLabel("Amplitud després (°)").fill("400");
  await form.getByRole("button", { name: "Desa els canvis" }).click();
  await expect(form.getByText("Introdueix una amplitud en graus, de 0 a 360")).toBeVisible();
  await form.getByLabel("Amplitud després (°)").fill("285");
  await form.getByLabel("Resultat de la prova d'estanquitat").selectOption("pass");
  await form.getByRole("button", { name: "Desa els canvis" }).click();
  await expect(form).toBeHidden();
  const report = page.getByRole("region", { name: "Informe de revisió" });
  await expect(report.getByText("-12,50")).toBeVisible();
  await expect(report.getByText("Superada")).toBeVisible();

  // Collected: the warranty's last day shows, three months from today.
  await page.getByRole("button", { name: "Marca com a recollit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Marca com a recollit" }).click();
  await expect(page.getByRole("button", { name: "Recollit: no es pot canviar" })).toBeVisible();
  const collected = await (await request.get(`/api/repairs/${first.id}`, { headers })).json();
  expect(collected.warranty_until).not.toBeNull();
  const until = formatDate(collected.warranty_until);
  const warranty = page.getByRole("region", { name: "Garantia" });
  await expect(warranty.getByText(until)).toBeVisible();

  // The pickup receipt says it, with the service report.
  await page.goto(`/repairs/${first.id}/print?format=a5`);
  const { text } = await printedSheet(page);
  for (const part of [
    "Resguard de recollida",
    `Garantit fins al: ${until}`,
    "Marxa abans (s/dia): -12,50",
    "Amplitud després (°): 285,00",
    "Superada",
    "no és una factura",
  ])
    expect(text).toContain(part);

  // It comes back: a new repair for the same customer and watch, linked and under warranty.
  await page.goto(`/repairs/${first.id}`);
  await page.getByRole("button", { name: "Ha tornat: nova reparació" }).click();
  const comeback = page.getByRole("dialog", { name: "Nova reparació" });
  await expect(comeback.getByText(`Retorn de ${first.repair_number}`)).toBeVisible();
  await expect(comeback.getByLabel("Nom del client")).toHaveValue("Joana Ferrer");
  await expect(comeback.getByLabel("Número de sèrie")).toHaveValue("SN-55512345");
  await comeback.getByLabel("Descripció de l'article").fill("Torna a atrasar");
  await comeback.getByRole("button", { name: "Crea la reparació" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/repairs/${first.id}$`));
  const returned = page.getByRole("region", { name: "Garantia" });
  await expect(returned.getByText(`${first.repair_number} · en garantia`)).toBeVisible();
  // Under warranty: nothing to pay unless the shop sets a price.
  await expect(page.getByRole("region", { name: "Pressupost" }).getByText("0,00 €")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // And the first repair shows it came back.
  await page.goto(`/repairs/${first.id}`);
  await expect(page.getByRole("region", { name: "Garantia" }).getByText("Ha tornat com a")).toBeVisible();
});
