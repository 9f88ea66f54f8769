import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

// The browser's side of lib/: what screens may import as values. Everything
// else in lib/ is the server's (the database, secrets, files); a type import
// from it is fine, since types leave nothing in the bundle.
const BROWSER_SAFE = [
  "@/lib/client/*",
  "@/lib/time-zone",
  "@/lib/errors",
  "@/lib/accounts/limits",
  "@/lib/activity/text",
  "@/lib/auth/rules",
  "@/lib/auth/schema",
  "@/lib/export/fields",
  "@/lib/export/schema",
  "@/lib/notices/chat-number",
  "@/lib/payments/kinds",
  "@/lib/repairs/balance",
  "@/lib/repairs/dates",
  "@/lib/repairs/event-detail",
  "@/lib/repairs/field-text",
  "@/lib/repairs/fields",
  "@/lib/repairs/limits",
  "@/lib/repairs/value-text",
  "@/lib/repairs/money",
  "@/lib/repairs/quick-actions",
  "@/lib/repairs/schema",
  "@/lib/repairs/series",
  "@/lib/repairs/workflow",
  "@/lib/schema-parts",
  "@/lib/settings/schema",
  "@/lib/shop/terms",
  "@/lib/workshops/schema",
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const serverOnly = {
  regex: `^@/lib/(?!(${BROWSER_SAFE.map((path) => escape(path.slice("@/lib/".length)).replace("\\*", ".+")).join("|")})$)`,
  allowTypeImports: true,
  message: "This module is the server's (database, secrets, files). Screens call the API through @/lib/client/api.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "lib/generated/**",
    "data/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    // lib/ is the bottom layer: it never imports screens or components.
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/app/*", "@/components/*"] }],
    },
  },
  {
    // Screens and the browser's client reach the server only through the API.
    files: ["components/**/*.{ts,tsx}", "lib/client/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverOnly] }],
    },
  },
  {
    // Route handlers parse, call one lib/ function and answer: they never query the database themselves.
    files: ["app/api/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/generated/*", "@/lib/generated/**", "@prisma/*", "pg"],
              allowTypeImports: true,
              message: "Handlers reach the database through lib/ services.",
            },
          ],
          paths: [{ name: "@/lib/db", message: "Handlers get the client from route(); lib/ services query it." }],
        },
      ],
    },
  },
]);
