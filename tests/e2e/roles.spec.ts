import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, inCatalan, PASSWORD } from "./session";

// Roles on a phone at 360 px, in Catalan: what only an owner may do is not
// offered to staff, and says why; the owner makes a colleague an owner.

test.use({ viewport: { width: 360, height: 740 } });

test("a staff member sees no Remove and the shop's settings closed, saying why; the owner makes them an owner", async ({
  page,
  request,
  browser,
}) => {
  const owner = await inCatalan(page, request);
  const email = `staff-${Date.now()}@example.com`;
  const created = await request.post("/api/auth/create-subaccount", {
    headers: owner.headers,
    data: { name: "Pere Soler", email, password: PASSWORD },
  });
  expect(created.status()).toBe(201);

  // The colleague, on their own phone, in Catalan.
  const staffContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const staff = await staffContext.newPage();
  const login = await (await request.post("/api/auth/login", { data: { email, password: PASSWORD } })).json();
  await request.put("/api/settings", {
    headers: { Authorization: `Bearer ${login.accessToken}` },
    data: { language: "ca" },
  });
  await staffContext.addCookies([{ name: "lang", value: "ca", url: test.info().project.use.baseURL! }]);
  await staff.addInitScript((session) => {
    if (window.sessionStorage.getItem("seeded")) return;
    window.sessionStorage.setItem("seeded", "1");
    window.localStorage.setItem("accessToken", session.accessToken);
    window.localStorage.setItem("refreshToken", session.refreshToken);
    window.localStorage.setItem("user", JSON.stringify({ ...session.user, language: "ca" }));
    window.localStorage.setItem("language", "ca");
  }, login);

  await staff.goto("/settings");
  const accounts = staff.getByRole("region", { name: "Comptes" });
  await expect(accounts.getByText(owner.name)).toBeVisible();
  await expect(accounts.getByText("Propietari", { exact: true })).toBeVisible();
  await expect(accounts.getByRole("button", { name: /Elimina/ })).toHaveCount(0);
  await expect(accounts.getByRole("button", { name: /Fes propietari/ })).toHaveCount(0);
  await expect(accounts.getByText("Només el propietari de la botiga pot afegir o eliminar comptes.")).toBeVisible();
  await expect(accounts.getByRole("link", { name: "Crea un compte per al personal" })).toHaveCount(0);
  const shop = staff.getByRole("region", { name: "Botiga" });
  await expect(shop.getByText("Només el propietari de la botiga pot canviar aquesta configuració.")).toBeVisible();
  await expect(shop.getByLabel("Raó social (per als resguards)")).toBeDisabled();
  await expect(shop.getByRole("button", { name: "Desa" })).toBeDisabled();
  // The shop's records are the owners'.
  await expect(staff.getByRole("link", { name: "Reparacions eliminades" })).toHaveCount(0);
  await expect(staff.getByRole("link", { name: "Activitat" })).toHaveCount(0);
  await expectNoSidewaysScroll(staff);
  await staff.goto("/create-subaccount");
  await expect(staff.getByText("Només el propietari de la botiga pot afegir o eliminar comptes.")).toBeVisible();

  // The owner sees the colleague with Remove and makes them an owner.
  await page.goto("/settings");
  const own = page.getByRole("region", { name: "Comptes" });
  await expect(own.getByRole("button", { name: "Elimina el compte de Pere Soler" })).toBeVisible();
  await own.getByRole("button", { name: "Fes propietari: Pere Soler" }).click();
  await expect(own.getByText("Pere Soler ara és propietari.")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Now an owner, the colleague's screen opens the shop's settings.
  await staff.goto("/settings");
  await expect(
    staff.getByRole("region", { name: "Botiga" }).getByLabel("Raó social (per als resguards)"),
  ).toBeEnabled();
  await staffContext.close();
});
