import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readPdf } from "./pdf";
import { addRepair, inCatalan, inSpanish } from "./session";

// The intake receipt a shop hands over (Decret 213/2001, art. 3): on an 80 mm
// roll and on A5, a fully filled watch printed, its PDF measured (page size
// and length, no word broken inside) and its text read back for each line
// the decree asks: the shop, the number and date, the customer and phone,
// the item and its condition, the work asked for, the price as agreed, the
// warranty, the deposit, the expected date, the terms, the signatures, and
// a copy for each side.

const SHOP = {
  name: "Rellotgeria Montserrat",
  legal_name: "Rellotgeria i Joieria Montserrat Ferrer SL",
  tax_id: "B12345674",
  address: "Carrer de la Diputació 245, baixos\n08007 Barcelona",
  phone: "+34 933 112 233",
  email: "botiga@rellotgeria-montserrat.example",
  ticket_terms: {
    ca: "Les peces no recollides en 90 dies des de l'avís es consideren abandonades. Cal presentar aquest resguard per recollir l'article.",
    es: "Las piezas no recogidas en 90 días desde el aviso se consideran abandonadas. Hay que presentar este resguardo para recoger el artículo.",
  },
};

/** A watch with every field the counter fills in. */
const WATCH = {
  customer_name: "Montserrat Ferrer i Soler",
  customer_phone: "+34 612 345 678",
  customer_email: "montse@example.com",
  item_type: "watch",
  item_description: "Rellotge automàtic d'home, caixa d'acer de 41 mm amb bisell giratori",
  work_requested: "Revisió completa del moviment, canvi de juntes i prova d'estanquitat",
  price_basis: "estimate",
  estimate_amount: 285.5,
  brand: "Omega",
  model: "Seamaster Diver 300M",
  reference: "210.30.42.20.03.001",
  serial_number: "SN-87654321",
  calibre: "Omega 8800 Co-Axial",
  condition: ["scratched_case", "scratched_crystal", "worn_strap", "not_running"],
  condition_notes: "Ratllada profunda al bisell a les 3; la corona costa de roscar",
  accessories: "Capsa original, papers de garantia i una baula de recanvi",
  declared_value: 4200,
  deadline: "18/12/2026",
};

async function fullShop(request: APIRequestContext, headers: Record<string, string>, language: string) {
  const response = await request.put("/api/shop", { headers, data: { ...SHOP, language } });
  expect(response.status()).toBe(200);
}

async function takeIn(request: APIRequestContext, headers: Record<string, string>, language: string) {
  const repair = await addRepair(request, headers, { ...WATCH, customer_language: language });
  const deposit = await request.post(`/api/repairs/${repair.id}/payments`, {
    headers,
    data: { kind: "deposit", amount: 50, method: "card" },
  });
  expect(deposit.status()).toBe(201);
  return repair as { id: string; repair_number: string };
}

/** The watch and, in the same visit, a ring and a second watch: three items under one receipt. */
async function visitOfThree(request: APIRequestContext, headers: Record<string, string>, language: string) {
  const watch = await takeIn(request, headers, language);
  const more = [
    {
      item_type: "jewelry",
      item_description: "Anell d'or groc amb tres brillants",
      work_requested: "Reduir la talla de 56 a 53 i polir",
      metal: "Or groc",
      fineness: "750",
      weight_grams: 4.2,
      condition: ["scratched_case"],
    },
    {
      item_type: "watch",
      item_description: "Rellotge de quars de senyora",
      work_requested: "Canvi de pila",
      brand: "Tissot",
      model: "Lovely",
      serial_number: "TS-1234",
    },
  ];
  const items = [watch];
  for (const item of more)
    items.push(
      await addRepair(request, headers, {
        customer_name: WATCH.customer_name,
        customer_phone: WATCH.customer_phone,
        customer_language: language,
        same_visit_as: watch.id,
        ...item,
      }),
    );
  const deposit = await request.post(`/api/repairs/${items[1].id}/payments`, {
    headers,
    data: { kind: "deposit", amount: 20, method: "cash" },
  });
  expect(deposit.status()).toBe(201);
  return items as { id: string; repair_number: string }[];
}

/** The page's words that a line break cuts in two (the status link's address aside: it is one long word). */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const sheets = document.querySelectorAll("article[data-copy]");
    for (const sheet of sheets) {
      const walker = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest("[data-address]")) continue;
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** The print page, laid out for print: its PDF read back, and the words it breaks. */
async function printed(page: Page, id: string, format: "receipt" | "a5" | "a4") {
  await page.goto(`/repairs/${id}/print?format=${format}`);
  await expect(page.locator("[data-print-ready]")).toBeVisible();
  await expect
    .poll(() => page.locator("article img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
  await page.emulateMedia({ media: "print" });
  const broken = await brokenWords(page);
  const pdf = await readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  await page.emulateMedia({ media: "screen" });
  const text = (n: number) => pdf.pages[n].text.replace(/\s+/g, " ");
  return { pdf, broken, text };
}

test.describe("at 360 px in Catalan", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("a fully filled watch's intake on an 80 mm roll: two copies, each under 300 mm, no word broken, every line the decree asks", async ({
    page,
    request,
  }) => {
    const { headers } = await inCatalan(page, request);
    await fullShop(request, headers, "ca");
    const watch = await takeIn(request, headers, "ca");

    const { pdf, broken, text } = await printed(page, watch.id, "receipt");
    expect(broken).toEqual([]);
    expect(pdf.pageCount).toBe(2);
    for (const sheet of pdf.pages) {
      expect(sheet.widthMm).toBe(80);
      expect(sheet.heightMm).toBeLessThanOrEqual(300);
    }
    const customer = text(0);
    expect(customer).toContain("Còpia per al client");
    expect(text(1)).toContain("Còpia per a la botiga");
    for (const line of [
      "Rellotgeria Montserrat",
      "Rellotgeria i Joieria Montserrat Ferrer SL · NIF B12345674",
      "Carrer de la Diputació 245, baixos",
      "08007 Barcelona",
      "+34 933 112 233",
      watch.repair_number,
      "Montserrat Ferrer i Soler",
      "Telèfon: +34 612 345 678",
      "Treball sol·licitat: Revisió completa del moviment, canvi de juntes i prova d'estanquitat",
      "Preu: Estimat a l'entrada",
      "Estimació: 285,50 €",
      "Garantia: 3 mesos sobre el treball fet, des de la recollida",
      "Omega",
      "Seamaster Diver 300M",
      "SN-87654321",
      "Caixa ratllada",
      "Capsa original, papers de garantia i una baula de recanvi",
      "4.200,00 €",
      "18/12/2026",
      "Paga i senyal",
      "50,00 €",
      "Les peces no recollides en 90 dies",
      "Signatura del client",
      "Per la botiga",
      "no és una factura",
    ])
      expect(customer).toContain(line);
    // The text is printed at 9 pt or more: no line of fine print below it.
    const sizes = await page
      .locator("article[data-copy] *")
      .evaluateAll((nodes) =>
        nodes
          .filter((n) => [...n.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim()))
          .map((n) => parseFloat(getComputedStyle(n).fontSize)),
      );
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual((9 * 96) / 72 - 0.01);

    // Collected and paid: the pickup receipt, one copy by default, under 350 mm.
    expect((await request.put(`/api/repairs/${watch.id}`, { headers, data: { final_price: 285.5 } })).status()).toBe(
      200,
    );
    await request.post(`/api/repairs/${watch.id}/payments`, {
      headers,
      data: { kind: "payment", amount: 235.5, method: "cash" },
    });
    const pickup = await request.patch(`/api/repairs/${watch.id}/status`, { headers, data: { status: "picked_up" } });
    expect(pickup.status()).toBe(200);
    const after = await printed(page, watch.id, "receipt");
    expect(after.broken).toEqual([]);
    expect(after.pdf.pageCount).toBe(1);
    expect(after.pdf.pages[0].heightMm).toBeLessThanOrEqual(350);
    expect(after.text(0)).toContain("Resguard de recollida");
    expect(after.text(0)).toContain("Preu final: 285,50 €");
    expect(after.text(0)).toContain("Pendent de pagament: 0,00 €");
  });

  test("three items left in one visit: one receipt on the roll lists them all, each copy one page, no word broken", async ({
    page,
    request,
  }) => {
    const { headers } = await inCatalan(page, request);
    await fullShop(request, headers, "ca");
    const items = await visitOfThree(request, headers, "ca");

    // Printed from the last item: it leads, the others follow, each with its own facts and what was paid on it.
    const { pdf, broken, text } = await printed(page, items[2].id, "receipt");
    expect(broken).toEqual([]);
    expect(pdf.pageCount).toBe(2);
    for (const sheet of pdf.pages) {
      expect(sheet.widthMm).toBe(80);
      expect(sheet.heightMm).toBeLessThanOrEqual(420);
    }
    const numbers = items.map((item) => item.repair_number);
    for (const copy of [text(0), text(1)]) {
      expect(copy).toContain(`3 articles deixats junts: ${numbers.join(", ")}`);
      for (const line of [
        "Rellotge de quars de senyora",
        "Tissot",
        `${numbers[0]} Article: Rellotge: Rellotge automàtic d'home`,
        "SN-87654321",
        "Pagat: 50,00 €",
        "Pagat: 20,00 €",
        `${numbers[1]} Article: Joia: Anell d'or groc amb tres brillants`,
        "Treball sol·licitat: Reduir la talla de 56 a 53 i polir",
        "Llei: 750",
        "Signatura del client",
        "Per la botiga",
      ])
        expect(copy).toContain(line);
    }
  });
});

test.describe("at 1440 px in Spanish", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a fully filled watch's intake on A5: each copy on one page with its signatures, the terms in the customer's language; the A4 pickup on one page", async ({
    page,
    request,
  }) => {
    const { headers } = await inSpanish(page, request);
    await fullShop(request, headers, "ca");
    const watch = await takeIn(request, headers, "es");

    const { pdf, broken, text } = await printed(page, watch.id, "a5");
    expect(broken).toEqual([]);
    expect(pdf.pageCount).toBe(2);
    for (let n = 0; n < 2; n++) {
      expect(pdf.pages[n]).toMatchObject({ widthMm: 148, heightMm: 210 });
      // The item and the signatures on the same page.
      expect(text(n)).toContain("Seamaster Diver 300M");
      expect(text(n)).toContain("Firma del cliente");
      expect(text(n)).toContain("Por la tienda");
    }
    expect(text(0)).toContain("Copia para el cliente");
    expect(text(1)).toContain("Copia para la tienda");
    for (const line of [
      "Teléfono",
      "+34 612 345 678",
      "Trabajo solicitado",
      "Estimación",
      "285,50 €",
      "3 meses sobre el trabajo realizado, desde la recogida",
      "Las piezas no recogidas en 90 días",
    ])
      expect(text(0)).toContain(line);
    expect(text(0)).not.toContain("Les peces no recollides");

    // The copies are the shop's choice: unticked, the customer's alone.
    await page.getByLabel("También la copia de la tienda").uncheck();
    await expect(page.locator("article[data-copy]")).toHaveCount(1);

    await request.patch(`/api/repairs/${watch.id}/status`, { headers, data: { status: "picked_up" } });
    const a4 = await printed(page, watch.id, "a4");
    expect(a4.broken).toEqual([]);
    expect(a4.pdf.pageCount).toBe(1);
    expect(a4.pdf.pages[0]).toMatchObject({ widthMm: 210, heightMm: 297 });
    expect(a4.text(0)).toContain("Resguardo de recogida");
  });
  test("three items left in one visit on A5: the receipt lists them all, no word broken, signatures with the last item", async ({
    page,
    request,
  }) => {
    const { headers } = await inSpanish(page, request);
    await fullShop(request, headers, "ca");
    const items = await visitOfThree(request, headers, "es");
    const { pdf, broken, text } = await printed(page, items[0].id, "a5");
    expect(broken).toEqual([]);
    // Three items do not fit one A5 page: each copy takes two, no item cut across them, and the
    // signatures on the page of the last item.
    expect(pdf.pageCount).toBe(4);
    for (const sheet of pdf.pages) expect(sheet).toMatchObject({ widthMm: 148, heightMm: 210 });
    const numbers = items.map((item) => item.repair_number);
    for (const [first, copy] of [
      [0, "Copia para el cliente"],
      [2, "Copia para la tienda"],
    ] as const) {
      const copyText = `${text(first)} ${text(first + 1)}`;
      expect(text(first)).toContain(copy);
      expect(text(first)).toContain(`3 artículos dejados juntos: ${numbers.join(", ")}`);
      expect(text(first)).toContain("Seamaster Diver 300M");
      const last = text(first + 1);
      expect(last).toContain(`${numbers[2]} Artículo: Reloj: Rellotge de quars de senyora`);
      expect(last).toContain("TS-1234");
      expect(last).toContain("Firma del cliente");
      expect(last).toContain("Por la tienda");
      expect(copyText).toContain(`${numbers[1]} Artículo: Joya: Anell d'or groc amb tres brillants`);
      expect(copyText).toContain("Pagado: 20,00 €");
      // Each item's facts on one page: its heading and its warranty line on the same one.
      for (const number of numbers.slice(1)) {
        const page = [text(first), last].find((t) => t.includes(`${number} Artículo`))!;
        expect(page.slice(page.indexOf(`${number} Artículo`))).toContain("Garantía: 3 meses");
      }
    }
  });
});
