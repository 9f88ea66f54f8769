import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/ops/**/*.test.ts"],
    globalSetup: ["tests/setup/global-database.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      // Test-only values: the app reads real ones from the environment or DATA_DIR.
      JWT_SECRET: "tq9LxZ2mN8pR4sW6yB1cD5fG7hJ0kVe3-test-only",
      // Test-only: bcrypt at its floor (production ignores this; lib/auth/password.ts).
      BCRYPT_COST: "4",
      ENCRYPTION_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
    },
  },
});
