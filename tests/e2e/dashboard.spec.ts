import { expect, test } from "@playwright/test";
import { addRepair, signedInOwner } from "./session";

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
  // The sign-in screen says why it is shown.
  await expect(page).toHaveURL(/\/login\?ended=sessionExpired$/);
  await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
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

test("the dashboard takes in a repair; its screen calls and writes with a tap; a passed deadline shows in red", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  await addRepair(request, headers, {
    repair_number: "R-LATE",
    customer_name: "Pau",
    item_type: "watch",
    item_description: "Rellotge",
    brand: "Longines",
    deadline: "01/02/2026",
  });
  await addRepair(request, headers, {
    repair_number: "R-DONE",
    customer_name: "Pau",
    item_description: "Anell",
    deadline: "01/02/2026",
    status: "ready",
  });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "New repair" }).click();
  const dialog = page.getByRole("dialog", { name: "New repair" });
  await dialog.getByLabel("Repair number").fill("R-DASH");
  await dialog.getByLabel("Customer name").fill("Núria Vidal");
  await dialog.getByLabel("Customer phone").fill("+34 600 111 222");
  await dialog.getByLabel("Customer email").fill("nuria@example.com");
  await dialog.getByLabel("Item description").fill("Omega");
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(page.getByRole("heading", { name: "R-DASH" })).toBeVisible();
  await expect(page.getByRole("link", { name: "+34 600 111 222" })).toHaveAttribute("href", "tel:+34600111222");
  await expect(page.getByRole("link", { name: "nuria@example.com" })).toHaveAttribute(
    "href",
    "mailto:nuria@example.com",
  );

  await page.goto("/repairs");
  const deadline = (number: string) => page.locator("tbody tr").filter({ hasText: number }).getByText("01/02/2026");
  await expect(deadline("R-LATE")).toHaveClass(/text-red-700/);
  await expect(deadline("R-DONE")).not.toHaveClass(/text-red-700/);
  // A watch's brand has a column of its own (the registry puts it on the list).
  const brand = page.getByRole("columnheader").nth(5);
  await expect(brand).toHaveText("Brand");
  await expect(page.locator("tbody tr").filter({ hasText: "R-LATE" }).locator("td").nth(5)).toHaveText("Longines");
});
