import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createShopWithOwner } from "@/lib/accounts/create-shop";
import { e2eDb } from "./database";

export const PASSWORD = "Correct-Horse-9";
let shops = 0;

/** A new shop and owner, signed in through the API; the page gets the session in localStorage. */
export async function signedInOwner(page: Page, request: APIRequestContext, name = "Marta Puig") {
  const email = `owner${++shops}-${Date.now()}@example.com`;
  const client = e2eDb();
  try {
    await createShopWithOwner(client, { shopName: "Joieria Puig", name, email, password: PASSWORD });
  } finally {
    await client.$disconnect();
  }
  const login = await (await request.post("/api/auth/login", { data: { email, password: PASSWORD } })).json();
  await page.addInitScript((session) => {
    if (!window.sessionStorage.getItem("seeded")) {
      window.sessionStorage.setItem("seeded", "1");
      window.localStorage.setItem("accessToken", session.accessToken);
      window.localStorage.setItem("refreshToken", session.refreshToken);
      window.localStorage.setItem("user", JSON.stringify(session.user));
    }
  }, login);
  const headers = { Authorization: `Bearer ${login.accessToken}` };
  return { email, name, headers, login };
}

export async function addRepair(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
) {
  const response = await request.post("/api/repairs", { headers, data });
  if (response.status() !== 201) throw new Error(`repair not created: ${await response.text()}`);
  return response.json();
}

/** A new owner whose account, cookie and browser all say this language. */
async function inLanguage(page: Page, request: APIRequestContext, language: "ca" | "es", name?: string) {
  const owner = await signedInOwner(page, request, name);
  await request.put("/api/settings", { headers: owner.headers, data: { language } });
  await page.context().addCookies([{ name: "lang", value: language, url: test.info().project.use.baseURL! }]);
  await page.addInitScript((chosen) => localStorage.setItem("language", chosen), language);
  return owner;
}

/** A new owner whose account, cookie and browser all say Catalan (the longest of the three languages). */
export const inCatalan = (page: Page, request: APIRequestContext, name = "Montserrat Roca i Puigdomènech") =>
  inLanguage(page, request, "ca", name);

/** A new owner whose account, cookie and browser all say Spanish. */
export const inSpanish = (page: Page, request: APIRequestContext) => inLanguage(page, request, "es");

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
