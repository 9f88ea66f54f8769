import { expect, test } from "@playwright/test";
import { issueSetupToken } from "@/lib/setup/first-run";
import { e2eDb } from "./database";

// The first-run screen creates the first shop once and is gone afterwards.
test("first-run setup creates the shop and its main account, then disappears", async ({ page }) => {
  const client = e2eDb();
  try {
    const token = await issueSetupToken(client);
    expect(token, "the e2e database must start with no account").not.toBeNull();

    for (const size of [
      { name: "small-phone", width: 360, height: 740 },
      { name: "phone", width: 390, height: 844 },
      { name: "desktop", width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/setup?token=${token}`);
      await expect(page.getByRole("heading", { name: "Set up your shop" })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/${size.name}-setup.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    // Field errors follow the language switch.
    await page.getByRole("button", { name: "Create shop" }).click();
    await expect(page.getByText("Shop name is required")).toBeVisible();
    await page.getByLabel("Language").selectOption("es");
    await expect(page.getByText("El nombre de la tienda es obligatorio")).toBeVisible();
    await page.getByLabel("Idioma").selectOption("en");
    await expect(page.getByText("Shop name is required")).toBeVisible();

    await page.getByLabel("Shop name").fill("Rellotgeria Vidal");
    await page.getByLabel("Full name").fill("Anna Vidal");
    await page.getByLabel("Email").fill("anna@vidal.cat");
    await page.getByLabel("Password", { exact: true }).fill("weakpassword");
    await expect(page.getByText("At least 12 characters")).toHaveAttribute("data-met", "true");
    await expect(page.getByText("One uppercase letter")).toHaveAttribute("data-met", "false");
    await page.getByLabel("Confirm password").fill("weakpassword");
    await page.getByRole("button", { name: "Create shop" }).click();
    await expect(page.getByText("Password must contain at least one uppercase letter")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("Correct-Horse-9");
    await page.getByLabel("Confirm password").fill("Correct-Horse-8");
    await page.getByRole("button", { name: "Create shop" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Confirm password").fill("Correct-Horse-9");
    await page.getByRole("button", { name: "Create shop" }).click();
    await expect(page.getByText("Your shop is ready. You can now sign in.")).toBeVisible();
    expect(await client.user.findUnique({ where: { email: "anna@vidal.cat" }, select: { role: true } })).toEqual({
      role: "owner",
    });

    const gone = await page.goto(`/setup?token=${token}`);
    expect(gone?.status()).toBe(404);
  } finally {
    await client.$disconnect();
  }
});
