import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { addRepair, inCatalan } from "./session";

// A phone at 360 px in Catalan, the longest of the three languages: one bar of
// navigation, nothing wider than the screen, menus inside it.

test.use({ viewport: { width: 360, height: 740 } });

const LONG = "Cal·librePatek-Philippe-5711/1A-010-NúmeroDeSèrie4829301847562910384756";

async function expectFits(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  const bar = await page.getByRole("navigation").first().boundingBox();
  expect(bar!.height, `${screen}: the navigation takes more than one line`).toBeLessThan(64);
}

test("every screen fits a 360 px phone in Catalan, with one bar of navigation", async ({ page, request }) => {
  const { headers } = await inCatalan(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-23112026-00001-LLARG",
    customer_name: "Maria Dolors Puigdomènech i Fontanals",
    customer_phone: "+34 600 111 222",
    item_description: LONG,
    notes: `https://exemple.cat/${"camí-".repeat(12)}fitxa`,
    outsourced_to: "Taller de Rellotgeria Fina de Barcelona",
    status: "quoting",
  });
  await request.patch(`/api/repairs/${repair.id}/quote`, { headers, data: { amount: 1234.5, notes: LONG } });
  for (const path of [
    "/dashboard",
    "/repairs",
    `/repairs/${repair.id}`,
    "/settings",
    "/export",
    "/create-subaccount",
    "/setup-2fa",
    "/disable-2fa",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFits(page, path);
  }
});

test("the menu button opens the links on a phone", async ({ page, request }) => {
  await inCatalan(page, request);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation");
  await expect(nav.getByRole("link", { name: "Exportar" })).toBeHidden();
  await nav.getByRole("button", { name: "Menú", exact: true }).click();
  await nav.getByRole("link", { name: "Exportar" }).click();
  await expect(page).toHaveURL(/\/export$/);
  await expect(nav.getByRole("link", { name: "Exportar" })).toBeHidden();
});

test("the status menu of a row stays inside a phone's screen", async ({ page, request }) => {
  const { headers } = await inCatalan(page, request);
  await addRepair(request, headers, {
    repair_number: "R-MENU",
    customer_name: "Pau",
    item_description: "Rellotge",
    status: "diagnosing",
  });
  await page.goto("/repairs");
  await page
    .getByRole("button", { name: /En diagnosi/ })
    .first()
    .click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  for (const item of await menu.getByRole("menuitemradio").all()) {
    const itemBox = (await item.boundingBox())!;
    expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(360);
  }
});

test("a refused save on a phone brings the first error into view, with the focus on its field", async ({
  page,
  request,
}) => {
  const { headers } = await inCatalan(page, request);
  await addRepair(request, headers, { repair_number: "R-DUP", customer_name: "Anna", item_description: "Anell" });
  await page.goto("/repairs");
  await page.getByRole("button", { name: "Nova reparació" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nova reparació" });
  const number = dialog.getByLabel("Número de reparació");
  await number.fill("R-DUP");
  await dialog.getByLabel("Nom del client").fill("Jordi Casals");
  await dialog.getByLabel("Descripció de l'article").fill("Longines, no arrenca");
  const save = dialog.getByRole("button", { name: "Crea la reparació" });
  await save.scrollIntoViewIfNeeded();
  await expect(number).not.toBeInViewport();

  // The server refuses the number: its error, at the top of the form, comes into view with the focus.
  await save.click();
  await expect(dialog.getByText("Ja existeix una reparació amb aquest número")).toBeInViewport();
  await expect(number).toBeFocused();

  // The form's own checks do the same.
  const name = dialog.getByLabel("Nom del client");
  await name.fill("");
  await save.scrollIntoViewIfNeeded();
  await expect(name).not.toBeInViewport();
  await save.click();
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
});

test("the photo viewer fits a phone in Catalan: Previous, Next and Close on one line, and the photo opens full size", async ({
  page,
  request,
}) => {
  const { headers } = await inCatalan(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-FOTO",
    customer_name: "Anna",
    item_description: "Rellotge",
  });
  for (const color of ["#884422", "#224488"]) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
      .png()
      .toBuffer();
    await request.post(`/api/repairs/${repair.id}/photos`, {
      headers,
      multipart: { photos: { name: `${color.slice(1)}.png`, mimeType: "image/png", buffer: png } },
    });
  }
  await page.goto(`/repairs/${repair.id}`);
  await page.getByRole("button", { name: /884422/ }).click();
  const viewer = page.getByRole("dialog");
  const boxes = await Promise.all(
    ["← Anterior", "Següent →", "Tanca"].map((name) => viewer.getByRole("button", { name }).boundingBox()),
  );
  for (const box of boxes) {
    expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThan(4);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  const full = viewer.getByRole("link", { name: "Obre a mida completa (per ampliar)" });
  expect(await full.getAttribute("href")).toMatch(/^\/uploads\/.+\.(png|webp|jpg)$/);
});

test("a ticket's print preview on a phone starts at the screen's left edge: the shop's name and the number are not cut off", async ({
  page,
  request,
}) => {
  const { headers } = await inCatalan(page, request);
  const repair = await addRepair(request, headers, {
    repair_number: "R-TIQUET",
    customer_name: "Anna",
    item_description: "Anell",
  });
  await page.goto(`/repairs/${repair.id}/print?format=a5`);
  const sheet = page.locator("[data-print-ready]");
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())!.x).toBeGreaterThanOrEqual(0);
  await expect(sheet.getByText("R-TIQUET")).toBeVisible();
});
