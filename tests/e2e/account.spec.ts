import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { e2eDb } from "./database";
import { PASSWORD, signedInOwner } from "./session";

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const alert = (page: Page) => page.getByRole("main").getByRole("alert");

test("/setup-2fa: explain, generate, confirm a real code, then back to the dashboard after 2 seconds", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request);
  await page.goto("/setup-2fa");
  await expect(page.getByText(/Google Authenticator or any TOTP app/)).toBeVisible();
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator("code").textContent())!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = page.getByLabel("6-digit code from the app");
  await expect(code).toHaveAttribute("maxlength", "6");
  await code.fill("12345");
  await expect(page.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await code.fill(await codeAt(secret));
  // Turning 2FA on asks for the account password again.
  await expect(page.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await page.getByLabel("Your account password").fill("Not-My-Password-1");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(alert(page)).toHaveText("Incorrect password");
  await page.getByLabel("Your account password").fill(PASSWORD);
  await code.fill(wrong(await codeAt(secret)));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(alert(page)).toHaveText("Invalid 2FA code");

  await code.fill(await codeAt(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  // The recovery codes, shown once; nothing moves on until they are saved.
  const codes = page.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  // Kept somewhere safe without copying them by hand: the text file holds all ten.
  const file = page.getByRole("link", { name: "Download as a text file" });
  const saved = decodeURIComponent((await file.getAttribute("href"))!.split(",")[1])
    .trim()
    .split("\n");
  expect(saved).toEqual(await codes.allTextContents());
  await expect(page.getByRole("button", { name: "Print them" })).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page).toHaveURL(/\/setup-2fa$/);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2FA enabled successfully" })).toBeVisible();
  await expect(page).toHaveURL(/\/setup-2fa$/);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
});

test("/disable-2fa: digits only, a real code, a success screen, then the dashboard", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  const { secret } = await (await request.post("/api/auth/setup-2fa", { headers })).json();
  expect(
    (
      await request.post("/api/auth/verify-2fa", {
        headers,
        data: { code: await codeAt(secret, -30), password: PASSWORD },
      })
    ).status(),
  ).toBe(200);

  await page.goto("/disable-2fa");
  await expect(page.getByText(/less secure/)).toBeVisible();
  const field = page.getByLabel("6-digit code from your authenticator app");
  await field.fill("12a3-b");
  await expect(field).toHaveValue("123");
  await expect(page.getByRole("button", { name: "Disable 2FA" })).toBeDisabled();
  await field.fill(wrong(await codeAt(secret)));
  await page.getByRole("button", { name: "Disable 2FA" }).click();
  await expect(alert(page)).toHaveText("Invalid 2FA code");
  await field.fill(await codeAt(secret));
  await page.getByRole("button", { name: "Disable 2FA" }).click();
  await expect(page.getByText("Two-factor authentication was disabled successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  expect((await (await request.get("/api/auth/me", { headers })).json()).twofa_enabled).toBe(false);

  await page.goto("/disable-2fa");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("/settings: profile, 2FA on with a code and off with the password, and the language saved", async ({
  page,
  request,
}) => {
  const { email, headers } = await signedInOwner(page, request);
  await page.goto("/settings");
  const profile = page.locator("dl");
  await expect(profile).toContainText(email);
  await expect(profile).toContainText("Owner");
  await expect(profile).toContainText("Disabled");

  await page.getByRole("button", { name: "Enable 2FA" }).click();
  const secret = (await page.locator("code").textContent())!;
  await page.getByLabel("6-digit code from the app").fill(await codeAt(secret));
  await page.getByLabel("Your account password").fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2FA enabled successfully" })).toBeVisible();
  await expect(profile).toContainText("Enabled");

  await page.getByRole("button", { name: "Disable 2FA" }).click();
  await page.getByLabel("Password").fill("Not-My-Password-1");
  await page.getByRole("button", { name: "Disable", exact: true }).click();
  await expect(alert(page)).toHaveText("Incorrect password");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Disable", exact: true }).click();
  await expect(profile).toContainText("Disabled");

  const save = page.getByRole("region", { name: "Language" }).getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await page.getByRole("region", { name: "Language" }).getByLabel("Català", { exact: true }).check();
  await save.click();
  await expect(page.getByRole("heading", { name: "Configuració" })).toBeVisible();
  // "Language saved", said in the language just chosen.
  await expect(page.getByRole("status").filter({ hasText: "Idioma desat" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ca");
  expect(await (await request.get("/api/settings", { headers })).json()).toMatchObject({ language: "ca" });
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ca");

  await page.getByRole("link", { name: "Crea un compte per al personal" }).click();
  await expect(page).toHaveURL(/\/create-subaccount$/);
});

test("/create-subaccount: the live checklist, the rules, success with a cleared form, and the 3-account limit", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  await page.goto("/create-subaccount");
  await expect(page.getByText(/up to 3 accounts/)).toBeVisible();

  const fill = async (name: string, email: string, password: string, confirm = password) => {
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(confirm);
  };
  await fill("Pere Soler", `pere-${Date.now()}@example.com`, "short");
  await expect(page.getByText("At least 12 characters")).toHaveAttribute("data-met", "false");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 12 characters long")).toBeVisible();

  await fill("Pere Soler", `pere-${Date.now()}@example.com`, "Correct-Horse-9", "Correct-Horse-8");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  const pere = `pere-${Date.now()}@example.com`;
  await fill("Pere Soler", pere, "Correct-Horse-9");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Subaccount created successfully!" })).toBeVisible();
  // The new account's email under it, so the person knows which one was made.
  await expect(page.getByRole("status").filter({ hasText: pere })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("");
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  // The form was opened with room for one more, and someone else took it meanwhile: the server says so.
  await page.goto("/create-subaccount");
  await expect(page.getByLabel("Full name")).toBeVisible();
  const third = await request.post("/api/auth/create-subaccount", {
    headers,
    data: { name: "Laia Roca", email: `laia-${Date.now()}@example.com`, password: "Correct-Horse-9" },
  });
  expect(third.status()).toBe(201);
  await fill("Four Th", `fourth-${Date.now()}@example.com`, "Correct-Horse-9");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(alert(page)).toHaveText("This shop already has the maximum of 3 accounts");
  // Coming back, the screen says it before the form.
  await page.goto("/create-subaccount");
  await expect(
    page.getByText("This shop already has the maximum of 3 accounts, so no other can be created."),
  ).toBeVisible();
});

test("/setup-2fa with 2FA already on says so; /create-subaccount with 3 accounts says the limit is reached", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  const { secret } = await (await request.post("/api/auth/setup-2fa", { headers })).json();
  // The current step's code: the previous step's was refused when a step began between the two.
  const verified = await request.post("/api/auth/verify-2fa", {
    headers,
    data: { code: await codeAt(secret), password: PASSWORD },
  });
  expect(verified.status()).toBe(200);
  await page.goto("/setup-2fa");
  await expect(page.getByText("Two-factor authentication is already on for your account.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate" })).toHaveCount(0);
  await page.getByRole("link", { name: "Disable 2FA" }).click();
  await expect(page).toHaveURL(/\/disable-2fa$/);

  for (const n of [1, 2]) {
    const made = await request.post("/api/auth/create-subaccount", {
      headers,
      data: { name: `Staff ${n}`, email: `staff${n}-${Date.now()}@example.com`, password: "Another-Horse-42" },
    });
    expect(made.status()).toBe(201);
  }
  await page.goto("/create-subaccount");
  await expect(
    page.getByText("This shop already has the maximum of 3 accounts, so no other can be created."),
  ).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveCount(0);
});

test("/settings: the shop's details, saved and shown again, with a clear error for a bad email", async ({
  page,
  request,
}) => {
  const { headers } = await signedInOwner(page, request);
  await page.goto("/settings");
  const shop = page.getByRole("region", { name: "Shop" });
  await expect(shop.getByLabel("Shop name")).toHaveValue("Joieria Puig");
  await shop.getByLabel("Address").fill("Carrer de la Boqueria 3, Barcelona");
  await shop.getByLabel("Email").fill("not-an-email");
  await shop.getByRole("button", { name: "Save" }).click();
  await expect(shop.getByText("Invalid email format")).toBeVisible();
  await shop.getByLabel("Email").fill("Botiga@Puig.cat");
  await shop.getByLabel("Opening hours").fill("Dl-Dv 10-14, 17-20");
  await shop.getByRole("button", { name: "Save" }).click();
  await expect(shop.getByRole("status").filter({ hasText: "Shop details saved" })).toBeVisible();
  await expect(shop.getByLabel("Email")).toHaveValue("botiga@puig.cat");
  expect(await (await request.get("/api/shop", { headers })).json()).toMatchObject({
    address: "Carrer de la Boqueria 3, Barcelona",
    email: "botiga@puig.cat",
    opening_hours: "Dl-Dv 10-14, 17-20",
  });
  await page.reload();
  await expect(page.getByRole("region", { name: "Shop" }).getByLabel("Address")).toHaveValue(
    "Carrer de la Boqueria 3, Barcelona",
  );
});

test("/settings: the shop's accounts, and a colleague who left removed with one's password, in Catalan on a phone", async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { headers } = await signedInOwner(page, request);
  const email = `leaver-${Date.now()}@example.com`;
  const created = await request.post("/api/auth/create-subaccount", {
    headers,
    data: { name: "Pere Soler", email, password: PASSWORD },
  });
  expect(created.status()).toBe(201);
  // The colleague is signed in on another device.
  const other = await browser.newContext();
  const login = await (await other.request.post("/api/auth/login", { data: { email, password: PASSWORD } })).json();
  await request.put("/api/settings", { headers, data: { language: "ca" } });
  await page.context().addCookies([{ name: "lang", value: "ca", url: test.info().project.use.baseURL! }]);
  await page.addInitScript(() => localStorage.setItem("language", "ca"));

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Comptes" });
  await expect(section.getByText("Pere Soler")).toBeVisible();
  await expect(section.getByText(/Darrer accés: \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  await section.getByRole("button", { name: "Elimina el compte de Pere Soler" }).click();
  await section.getByLabel("La teva contrasenya").fill("Not-My-Password-1");
  await section.getByRole("button", { name: "Elimina el compte" }).click();
  await expect(section.getByRole("alert")).toHaveText("Contrasenya incorrecta");
  await section.getByLabel("La teva contrasenya").fill(PASSWORD);
  await section.getByRole("button", { name: "Elimina el compte" }).click();
  await expect(section.getByText("Compte eliminat. Les seves sessions s'han tancat.")).toBeVisible();
  await expect(section.getByText("Pere Soler")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const signedOut = await other.request.get("/api/auth/me", {
    headers: { Authorization: `Bearer ${login.accessToken}` },
  });
  expect(signedOut.status()).toBe(401);
  await other.close();
});

test("/disable-2fa in a session signed in a while ago asks for the password too, then disables", async ({
  page,
  request,
}) => {
  const { headers, email } = await signedInOwner(page, request);
  const { secret } = await (await request.post("/api/auth/setup-2fa", { headers })).json();
  // The spec's call: the code alone, in a session just signed in.
  expect(
    (await request.post("/api/auth/verify-2fa", { headers, data: { code: await codeAt(secret, -30) } })).status(),
  ).toBe(200);
  const client = e2eDb();
  try {
    await client.refreshTokenFamily.updateMany({
      where: { user: { email } },
      data: { createdAt: new Date(Date.now() - 60 * 60_000) },
    });
  } finally {
    await client.$disconnect();
  }

  await page.goto("/disable-2fa");
  await page.getByLabel("6-digit code from your authenticator app").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Disable 2FA" }).click();
  await expect(alert(page)).toHaveText("Please confirm your password to continue.");
  await page.getByLabel("Your account password").fill(PASSWORD);
  await page.getByRole("button", { name: "Disable 2FA" }).click();
  await expect(page.getByText("Two-factor authentication was disabled successfully.")).toBeVisible();
});
