import { expect, test } from "@playwright/test";

test("/ redirects to /login, which shows the sign-in form", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The 2FA code field appears only when the server asks for it.
  await expect(page.getByLabel("2FA code")).toHaveCount(0);
});

test("the login form checks its fields before calling the server", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill("anna");
  await expect(page.getByText("Email is required")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email format")).toBeVisible();
});

test("the language choice changes the screen and the page language, and is remembered", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Language").selectOption("ca");
  await expect(page.getByRole("heading", { name: "Inicia la sessió" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ca");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Inicia la sessió" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ca");

  await page.getByLabel("Idioma").selectOption("es");
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
