import { defineConfig } from "prisma/config";

// The CLI reads the URL only for `migrate deploy` and friends; `generate`
// needs none, so an unset DATABASE_URL must not fail the install.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
