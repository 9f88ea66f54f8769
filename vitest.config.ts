import path from "node:path";
import { defineConfig } from "vitest/config";

// Three projects, by speed and by what they need:
// - unit: pure logic beside the code and tests/unit, no database (seconds);
// - api:  route handlers and services on a real Postgres (DATABASE_URL's
//         server, a database per file from a migrated template; or PGlite);
// - ops:  the production server started as the README says (npm start),
//         under faults, restarts and load (minutes; one file at a time).
// `npm test` runs unit and api side by side, then ops alone (scripts/test.mjs).
const shared = {
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
};
const env = {
  NEXT_TELEMETRY_DISABLED: "1",
  // Test-only values: the app reads real ones from the environment or DATA_DIR.
  JWT_SECRET: "tq9LxZ2mN8pR4sW6yB1cD5fG7hJ0kVe3-test-only",
  ENCRYPTION_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
  // Test-only: bcrypt at its floor (production ignores this; lib/auth/password.ts).
  BCRYPT_COST: "4",
  // The producer the invoicing records name (docs/invoicing.md); 89890001K is the AEAT's examples' NIF.
  VERIFACTU_PRODUCER_NAME: "Repair Desk test build",
  VERIFACTU_PRODUCER_TAX_ID: "89890001K",
};

export default defineConfig({
  ...shared,
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env,
    projects: [
      { ...shared, test: { name: "unit", include: ["lib/**/*.test.ts", "tests/unit/**/*.test.ts"], env } },
      {
        ...shared,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/setup/global-database.ts"],
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...shared,
        test: {
          name: "ops",
          include: ["tests/ops/**/*.test.ts"],
          globalSetup: ["tests/setup/global-database.ts"],
          env,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
