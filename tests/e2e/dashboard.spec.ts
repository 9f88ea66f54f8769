import { expect, test } from "@playwright/test";
import { signedInOwner } from "./session";

test("signed-in routes send a visitor without a session to /login", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/repairs");
  await expect(page).toHaveURL(/\/login$/);
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
