import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive the system Chromium against the production server,
// started exactly as the README says (`npm start`). `npm test` passes a fresh
// database in E2E_DATABASE_URL when DATABASE_URL is set; otherwise the server
// runs on the embedded database in a temporary DATA_DIR. The directory is made
// here once, in the runner's process, and the workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "rd-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// The e2e server's mail server (tests/e2e/global-smtp.ts), on the next port.
process.env.E2E_SMTP_PORT ??= String(port + 1);

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // A fake camera that grants itself, for the camera capture tests.
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  forbidOnly: !!process.env.CI,
  globalSetup: "./tests/e2e/global-smtp.ts",
  reporter: [["list"], ["json", { outputFile: "tests/.artifacts/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // First-run setup needs a database without accounts, so it runs before the rest.
    { name: "first-run", testMatch: /first-run\.spec\.ts/, use: chromium },
    // The screenshots are pictures to look at, not checks: `npm run screenshots` takes them.
    {
      name: "chromium",
      testIgnore: process.env.SCREENSHOTS ? /first-run\.spec\.ts/ : [/first-run\.spec\.ts/, /screenshots\.spec\.ts/],
      dependencies: ["first-run"],
      use: chromium,
    },
  ],
  webServer: {
    command: "npm start",
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      // The status links and tag codes the app makes point at this server.
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      UPLOAD_DIR: path.join(process.env.E2E_DATA_DIR, "uploads"),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      NEXT_TELEMETRY_DISABLED: "1",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "Joieria Puig <botiga@example.com>",
      NOTICE_POLL_MS: "200",
      NOTICE_RETRY_BASE_MS: "500",
      // One JSON line per request would bury the test output; warnings and errors still show.
      LOG_LEVEL: "warn",
    },
  },
});
