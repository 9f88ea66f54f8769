import { expect, test } from "@playwright/test";
import { signedInOwner } from "./session";

test("signed-in routes send a visitor without a session to /login, remembering where they were going", async ({
  page,
}) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/repairs");
  await expect(page).toHaveURL(/\/login\?next=%2Frepairs$/);
});

test("a session the server refuses is cleared on the way to /login", async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("accessToken", "forged.token.value");
    localStorage.setItem("refreshToken", "not-a-real-refresh-token");
  });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
});

test("the dashboard greets the user, links the three areas, and logs out for real", async ({ page, request }) => {
  const { email, login } = await signedInOwner(page, request, "Anna Vidal");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Anna Vidal" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByText("Role: Owner")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /Repairs/ })).toHaveAttribute("href", "/repairs");
  await expect(main.getByRole("link", { name: /Settings/ })).toHaveAttribute("href", "/settings");
  await expect(main.getByRole("link", { name: /Export/ })).toHaveAttribute("href", "/export");

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("refreshToken"))).toBeNull();
  // The session ended on the server too.
  const refreshed = await request.post("/api/auth/refresh-token", { data: { refreshToken: login.refreshToken } });
  expect(refreshed.status()).toBe(401);
});

test("the signed-in screens follow the account's language", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request, "Lucía");
  await request.put("/api/settings", { headers, data: { language: "es" } });
  await request.post("/api/repairs", {
    headers,
    data: { repair_number: "R-ES", customer_name: "Lucía", item_description: "Reloj", status: "ready" },
  });
  // Sign-in and the settings screen store the choice (localStorage and the cookie the server renders with).
  await page.context().addCookies([{ name: "lang", value: "es", url: test.info().project.use.baseURL! }]);
  await page.addInitScript(() => localStorage.setItem("language", "es"));
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Hola, Lucía" })).toBeVisible();
  await expect(page.getByText("Rol: Propietario")).toBeVisible();
  await page.getByRole("navigation").getByRole("link", { name: "Reparaciones" }).click();
  await expect(page).toHaveURL(/\/repairs$/);
  await expect(page.getByRole("heading", { name: "Reparaciones", exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cambiar el estado, ahora Listo" })).toBeVisible();
  await expect(page.getByText("Mostrando 1 de 1 reparación")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
