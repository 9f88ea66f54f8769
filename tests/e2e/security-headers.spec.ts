import { expect, test } from "@playwright/test";
import { signedInOwner } from "./session";

test("pages carry a nonce-based CSP that their own scripts satisfy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/login");
  const headers = response!.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");

  // The nonce changes with every request, and the page's scripts carry it.
  const again = (await page.request.get("/login")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);
  const nonce = csp.match(/'nonce-([^']+)'/)![1];
  const scripts = await page.locator("script").evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  for (const value of scripts) expect(value).toBe(nonce);

  // The page works under it: the client code runs.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  expect(violations).toEqual([]);
});

test("API answers allow nothing to run and cannot be framed", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["referrer-policy"]).toBe("no-referrer");
});

test("a body over the cap sent from the browser gets a 413 it can read, not a network error", async ({
  page,
  request,
}) => {
  const { login } = await signedInOwner(page, request);
  await page.goto("/dashboard");
  const answers = await page.evaluate(async (token) => {
    const results: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      try {
        const response = await fetch("/api/repairs", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            repair_number: `R-BIG-${i}`,
            customer_name: "Ana",
            item_description: "Rellotge",
            notes: "n".repeat(5 * 1024 * 1024),
          }),
        });
        results.push([response.status, (await response.json()).code]);
      } catch (error) {
        results.push(String(error));
      }
    }
    return results;
  }, login.accessToken);
  expect(answers).toEqual(Array(3).fill([413, "bodyTooLarge"]));
});
