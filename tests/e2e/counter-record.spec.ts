import { expect, test, type Page } from "@playwright/test";
import { drawSignature } from "./draw";
import { printedSheet } from "./pdf";
import { inCatalan } from "./session";

// The counter's record on a phone at 360 px, in Catalan: a watch and a ring
// taken in with their identity, condition and declared value, numbered by
// the shop, signed with a finger, and the receipt printed and read back.

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

async function printed(page: Page, id: string) {
  await page.goto(`/repairs/${id}/print?format=a5`);
  return printedSheet(page);
}

test("a watch and a ring are taken in with their record, numbered by the shop, signed, and the receipt says it all", async ({
  page,
  request,
}) => {
  const { headers } = await inCatalan(page, request);
  await request.put("/api/shop", {
    headers,
    data: { name: "Joieria Puig", legal_name: "Joieria Puig SL", tax_id: "B12345674", language: "ca" },
  });
  await page.goto("/repairs");
  await page.getByRole("button", { name: "Nova reparació" }).click();
  let form = page.getByRole("dialog", { name: "Nova reparació" });
  await expect(form.getByLabel("Número de reparació")).toHaveAttribute("placeholder", "S'assigna en desar");
  await form.getByLabel("Nom del client").fill("Joana Ferrer");
  await form.getByLabel("Telèfon del client").fill("+34 611 222 333");
  await form.getByLabel("Tipus d'article").selectOption("watch");
  await form.getByLabel("Descripció de l'article").fill("Revisió completa");
  // A watch asks for a watch's identity, not a ring's.
  await expect(form.getByLabel("Metall")).toHaveCount(0);
  await form.getByLabel("Marca").fill("Omega");
  await form.getByLabel("Model").fill("Seamaster 300");
  await form.getByLabel("Número de sèrie").fill("SN-55512345");
  await form.getByLabel("Vidre ratllat").check();
  await form.getByLabel("Corretja gastada").check();
  await form.getByLabel("Accessoris").fill("Capsa i papers");
  await form.getByLabel("Valor declarat").fill("1.250,5x");
  await form.getByRole("button", { name: "Crea la reparació" }).click();
  await expect(form.getByText("Introdueix un import de 0 o més, amb 2 decimals com a màxim")).toBeVisible();
  await form.getByLabel("Valor declarat").fill("1.250,50");
  await form.getByRole("button", { name: "Crea la reparació" }).click();
  await expect(form).toBeHidden();
  const offer = page.getByRole("region", { name: /R-\d{8}-00001/ });
  await expect(offer).toBeVisible();

  // The ring is the same customer's: her details come typed in.
  await offer.getByRole("button", { name: "Un altre article d'aquest client" }).click();
  form = page.getByRole("dialog", { name: "Nova reparació" });
  await expect(form.getByLabel("Nom del client")).toHaveValue("Joana Ferrer");
  await expect(form.getByLabel("Telèfon del client")).toHaveValue("+34 611 222 333");
  await form.getByLabel("Tipus d'article").selectOption("jewelry");
  await form.getByLabel("Descripció de l'article").fill("Anell solitari, ajustar la talla");
  await expect(form.getByLabel("Marca")).toHaveCount(0);
  await form.getByLabel("Metall").fill("Or blanc");
  await form.getByLabel("Llei").fill("750");
  await form.getByLabel("Pes (g)").fill("3,47");
  await form.getByLabel("Grapes gastades").check();
  await form.getByLabel("Valor declarat").fill("900");
  await form.getByRole("button", { name: "Crea la reparació" }).click();
  await expect(form).toBeHidden();
  const ringOffer = page.getByRole("region", { name: /R-\d{8}-00002/ });
  await ringOffer.getByRole("link", { name: "Signatura del client" }).click();

  // The counter hands the phone over: the customer signs with a finger.
  const sign = page.getByRole("dialog", { name: "Signatura del client" });
  await expect(sign.getByLabel("Nom de qui signa")).toHaveValue("Joana Ferrer");
  await sign.getByRole("button", { name: "Desa la signatura" }).click();
  await expect(sign.getByText("Demana primer al client que signi al requadre")).toBeVisible();
  await drawSignature(page, sign.getByRole("img", { name: /Requadre de signatura/ }));
  await sign.getByRole("button", { name: "Desa la signatura" }).click();
  await expect(sign).toBeHidden();
  await expect(page.getByText(/A l'entrada · Signat per Joana Ferrer el/)).toBeVisible();
  await expect(page.getByText("Grapes gastades")).toBeVisible();
  const ringId = page.url().split("/repairs/")[1].split("?")[0];

  const ring = await printed(page, ringId);
  for (const part of [
    "Joieria Puig SL · NIF B12345674",
    "R-",
    "-00002",
    "Or blanc",
    "3,47",
    "Grapes gastades",
    "900,00 €",
    "Signatura del client: Joana Ferrer",
    "no és una factura",
  ])
    expect(ring.text).toContain(part);
  // The drawn signature is on the sheet (wider than tall, unlike the QR code).
  expect(ring.images.some((image) => image.width > 1.3 * image.height)).toBe(true);

  // The watch was left in the same visit: its receipt says so, lists the ring, and carries the one signature.
  const [watch] = (await (await request.get("/api/repairs?search=SN-555", { headers })).json()).repairs;
  const sheet = await printed(page, watch.id);
  for (const part of [
    "-00001",
    "Omega",
    "Seamaster 300",
    "SN-55512345",
    "Vidre ratllat, Corretja gastada",
    "Capsa i papers",
    "1.250,50 €",
    "2 articles deixats junts",
    "Anell solitari, ajustar la talla",
    "Signatura del client: Joana Ferrer",
  ])
    expect(sheet.text).toContain(part);
  expect(sheet.images.some((image) => image.width > 1.3 * image.height)).toBe(true);

  // The list shows a watch's brand and model: fields the registry puts on the list (on a phone, in its card).
  await page.goto("/repairs");
  const card = page.getByRole("listitem").filter({ hasText: /-00001/ });
  await expect(card.getByText("Marca", { exact: true })).toBeVisible();
  await expect(card.getByText("Omega", { exact: true })).toBeVisible();
  await expect(card.getByText("Seamaster 300")).toBeVisible();
});
