import { expect, test, type Route } from "@playwright/test";
import { signedInOwner } from "./session";

// Only the server's answer ends a session: a guard check that is interrupted
// (a reload, a bookmark opened while the page loads) or that cannot reach the
// server keeps it; signing out in one tab signs out the others.

const stored = (page: import("@playwright/test").Page) => page.evaluate(() => localStorage.getItem("accessToken"));

test("a reload while the guard's check is still on its way keeps the user signed in", async ({ page, request }) => {
  await signedInOwner(page, request);
  const held: Route[] = [];
  await page.route("**/api/auth/me", (route) => void held.push(route));
  await page.goto("/dashboard");
  await expect.poll(() => held.length).toBe(1);
  // The check never answered; the user opens another page meanwhile, which aborts it.
  await page.unroute("**/api/auth/me");
  await page.goto("/repairs");
  await expect(page).toHaveURL(/\/repairs$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await stored(page)).toBeTruthy();
});

test("a check that cannot reach the server keeps the session, says so, and the page loads once it answers", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request, "Marta Puig");
  await page.route("**/api/auth/me", (route) => route.abort("internetdisconnected"));
  await page.goto("/dashboard");
  await expect(
    page.getByRole("alert").filter({ hasText: "Cannot reach the server. You are still signed in." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await stored(page)).toBeTruthy();
  await page.unroute("**/api/auth/me");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Marta Puig" })).toBeVisible();
});

test("the retry state tries again by itself when the browser is back online", async ({ page, request, context }) => {
  await signedInOwner(page, request, "Marta Puig");
  await page.route("**/api/auth/me", (route) => route.abort("internetdisconnected"));
  await page.goto("/dashboard");
  await expect(page.getByText("Cannot reach the server. You are still signed in.")).toBeVisible();
  await page.unroute("**/api/auth/me");
  // The connection drops and comes back: the browser says "online", and the page loads without a click.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Welcome, Marta Puig" })).toBeVisible();
  expect(await stored(page)).toBeTruthy();
});

test("a refresh that cannot reach the server keeps the session and what was typed", async ({ page, request }) => {
  await signedInOwner(page, request);
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const dialog = page.getByRole("dialog", { name: "New repair" });
  await dialog.getByLabel("Repair number").fill("R-WIFI");
  await dialog.getByLabel("Customer name").fill("Anna Vidal");
  await dialog.getByLabel("Item description").fill("Omega, no va");
  // The access token has expired and the Wi-Fi drops just as the form is saved.
  await page.evaluate(() => localStorage.setItem("accessToken", "expired.token.value"));
  await page.route("**/api/auth/refresh-token", (route) => route.abort("internetdisconnected"));
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog.getByText("Cannot reach the server. Check the connection and try again")).toBeVisible();
  await expect(page).toHaveURL(/\/repairs$/);
  await expect(dialog.getByLabel("Customer name")).toHaveValue("Anna Vidal");
  expect(await page.evaluate(() => localStorage.getItem("refreshToken"))).toBeTruthy();
  // Back online: the same press saves it.
  await page.unroute("**/api/auth/refresh-token");
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog).toHaveCount(0);
});

test("logging out in one tab signs out the other", async ({ page, request, context }) => {
  await signedInOwner(page, request);
  await page.goto("/repairs");
  const other = await context.newPage();
  await other.goto("/dashboard");
  await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login/);
});
