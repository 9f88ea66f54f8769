import { expect, test, type APIRequestContext } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { generate } from "otplib";
import { createShopWithOwner } from "@/lib/accounts/create-shop";
import { e2eDb } from "./database";

const PASSWORD = "Correct-Horse-9";

async function newOwner(email: string) {
  const client = e2eDb();
  try {
    await createShopWithOwner(client, { shopName: "Joieria Puig", name: "Marta Puig", email, password: PASSWORD });
  } finally {
    await client.$disconnect();
  }
}

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** A new owner with 2FA turned on through the API, as the settings screen does it: its secret and recovery codes. */
async function ownerWith2fa(request: APIRequestContext, email: string) {
  await newOwner(email);
  const { accessToken } = await (await request.post("/api/auth/login", { data: { email, password: PASSWORD } })).json();
  const auth = { Authorization: `Bearer ${accessToken}` };
  const { secret } = await (await request.post("/api/auth/setup-2fa", { headers: auth })).json();
  // The last step's code is accepted (one step of leeway): not in the instant before the next one begins.
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 27) await new Promise((resolve) => setTimeout(resolve, (30.5 - intoStep) * 1000));
  const verified = await request.post("/api/auth/verify-2fa", {
    headers: auth,
    data: { code: await codeAt(secret, -30), password: PASSWORD },
  });
  expect(verified.status()).toBe(200);
  const { recovery_codes } = (await verified.json()) as { recovery_codes: string[] };
  return { secret: secret as string, recovery_codes };
}

test("a wrong password shows the server's message and stays on /login", async ({ page }) => {
  await newOwner("wrong.password@example.com");
  await page.goto("/login");
  await page.getByLabel("Email").fill("wrong.password@example.com");
  await page.getByLabel("Password").fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/login$/);
});

test("the server's message comes in the chosen language", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Language").selectOption("es");
  await page.getByLabel("Correo electrónico").fill("nobody@example.com");
  await page.getByLabel("Contraseña").fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Correo electrónico o contraseña incorrectos");
});

test("sign-in with 2FA: the code field appears, email and password lock, a real code gets in", async ({
  page,
  request,
}) => {
  const email = "two.factor@example.com";
  const { secret } = await ownerWith2fa(request, email);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  const code = page.getByLabel("2FA code");
  await expect(code).toBeVisible();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByLabel("Password")).toBeDisabled();
  await expect(code).toHaveAttribute("maxlength", "6");
  await expect(code).toHaveAttribute("required", "");

  const current = await codeAt(secret);
  await code.fill(String((Number(current) + 1) % 1_000_000).padStart(6, "0"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid 2FA code");

  await code.fill(current);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem("accessToken"),
    refresh: localStorage.getItem("refreshToken"),
    user: JSON.parse(localStorage.getItem("user") ?? "{}"),
  }));
  expect(stored.access).toMatch(/^eyJ/);
  expect(stored.refresh).toBeTruthy();
  expect(stored.user).toMatchObject({ email, role: "owner", twofa_enabled: true });
});

test("after sign-in the account's saved language wins at once, from the first screen", async ({ page }) => {
  const email = "saved.spanish@example.com";
  await newOwner(email);
  const client = e2eDb();
  try {
    await client.user.update({ where: { email }, data: { language: "es" } });
  } finally {
    await client.$disconnect();
  }
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Hola, Marta Puig" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByText("Welcome")).toHaveCount(0);
});

test("the 2FA step offers to use another account, and a signed-in visit to / or /login goes to the dashboard", async ({
  page,
  request,
}) => {
  const email = "other.account@example.com";
  const { secret } = await ownerWith2fa(request, email);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("2FA code")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await page.getByRole("button", { name: "Use another account" }).click();
  await expect(page.getByLabel("2FA code")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toBeEnabled();
  await expect(page.getByLabel("Password")).toHaveValue("");

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("2FA code").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard settled (its guard asked who is signed in) before the next visit starts.
  const welcome = page.getByRole("heading", { name: /^Welcome, / });
  await expect(welcome).toBeVisible();
  for (const path of ["/login", "/"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(welcome).toBeVisible();
  }
});

test("an unknown address shows a translated page with a way back", async ({ page }) => {
  await page.context().addCookies([{ name: "lang", value: "ca", url: test.info().project.use.baseURL! }]);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No s'ha trobat la pàgina" })).toBeVisible();
  await page.getByRole("link", { name: "Ves al tauler" }).click();
  await expect(page).toHaveURL(/\/(dashboard|login)$/);
});

const HOSTILE_NEXT = [
  "%2F.%2F%2Fevil.example%2Fx",
  "%2F..%2F%2Fevil.example%2Fy",
  "%2Frepairs%2F..%2F%2Fevil.example",
  "%2F%2E%2F%2Fevil.example",
  "%2F%09%2Fevil.example%2Fx",
  "/%09/evil.example",
  "%2F%5Cevil.example",
  "%2F%2Fevil.example",
  "https%3A%2F%2Fevil.example%2F",
  "https:/evil.example",
  "javascript%3Aalert(1)",
  "data%3Atext%2Fhtml%2C%3Cscript%3Ealert(1)%3C%2Fscript%3E",
];

test("a hostile ?next= leads to the dashboard after sign-in, and at once when signed in, never to another site", async ({
  page,
}) => {
  await newOwner("hostile.next@example.com");
  // Any request that leaves the app's own address is recorded and stopped.
  const elsewhere: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) return route.fallback();
    elsewhere.push(url);
    return route.abort();
  });
  const [first, ...rest] = HOSTILE_NEXT;
  await page.goto(`/login?next=${first}`);
  await page.getByLabel("Email").fill("hostile.next@example.com");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  for (const next of rest) {
    await page.goto(`/login?next=${next}`);
    await expect(page, next).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  }
  expect(elsewhere).toEqual([]);
});

test("a lost phone: a recovery code signs in once, and the dashboard says how many are left", async ({
  page,
  request,
}) => {
  const email = "lost.phone@example.com";
  const { recovery_codes } = await ownerWith2fa(request, email);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Lost your phone? Use a recovery code" }).click();
  const field = page.getByLabel("Recovery code");
  await expect(field).toHaveAttribute("maxlength", "11");
  await field.fill(recovery_codes[0].toLowerCase());
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole("status").filter({ hasText: "You signed in with a recovery code. 9 are left." }),
  ).toBeVisible();
  // Said once: not again on the next visit.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("You signed in with a recovery code")).toHaveCount(0);
});

test("forgot password: the sign-in page links to it, a link is asked for, and the mailed link's page sets a new one", async ({
  page,
}) => {
  const email = "forgetful@example.com";
  await newOwner(email);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(
    page.getByText("If an account has this email, a link to choose a new password is on its way."),
  ).toBeVisible();

  // The link the mail carries (the e2e mail server is not read here): made as the server makes it.
  const token = randomBytes(32).toString("base64url");
  const client = e2eDb();
  try {
    const user = await client.user.findUniqueOrThrow({ where: { email } });
    await client.passwordReset.create({
      data: {
        userId: user.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 30 * 60_000),
      },
    });
  } finally {
    await client.$disconnect();
  }
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel("New password", { exact: true }).fill("Another-Horse-77");
  await page.getByLabel("Confirm the new password").fill("Another-Horse-77");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password has been changed")).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Another-Horse-77");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Used once: the same link again says so.
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel("New password", { exact: true }).fill("Third-Horse-999");
  await page.getByLabel("Confirm the new password").fill("Third-Horse-999");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText(
    "This link to choose a new password does not work",
  );
});

test("the sign-in page speaks the browser's language until one is picked; the pick becomes the account's", async ({
  browser,
}) => {
  const email = "picked.catalan@example.com";
  await newOwner(email);
  const context = await browser.newContext({ locale: "es-ES" });
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    // Picked here, before signing in: the account (saved in English) takes it from this sign-in on.
    await page.getByLabel("Idioma").selectOption("ca");
    await expect(page.getByRole("button", { name: "Inicia la sessió" })).toBeVisible();
    await page.getByLabel("Correu electrònic").fill(email);
    await page.getByLabel("Contrasenya").fill(PASSWORD);
    await page.getByRole("button", { name: "Inicia la sessió" }).click();
    await expect(page.getByRole("heading", { name: "Hola, Marta Puig" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ca");
    const client = e2eDb();
    try {
      expect((await client.user.findUniqueOrThrow({ where: { email } })).language).toBe("ca");
    } finally {
      await client.$disconnect();
    }
  } finally {
    await context.close();
  }
});
