import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "lib/generated/**", "data/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
  {
    // lib/ is the bottom layer: it never imports screens or components.
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/app/*", "@/components/*"] }],
    },
  },
]);
