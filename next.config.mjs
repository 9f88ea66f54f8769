import createNextIntlPlugin from "next-intl/plugin";
import { API_POLICY, COMMON_HEADERS } from "./lib/http/static-headers.mjs";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: {
    messages: { path: "./messages", format: "json", locales: "infer", precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The catalogs, precompiled by next-intl's loader in the build (i18n/catalogs.ts).
  turbopack: { resolveAlias: { "@/i18n/catalogs": "./i18n/catalogs.bundled.ts" } },
  // Types are checked once, by `npm run typecheck` (lint and CI run it); the
  // build `npm start` makes need not check them again.
  typescript: { ignoreBuildErrors: true },
  // PGlite and pg are Node-only and load their own files at run time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pg",
    "@prisma/adapter-pg",
    "nodemailer",
  ],
  // proxy.ts sets the pages' CSP per request (a nonce); the API's policy and
  // the common headers are fixed, so they are set here, without the proxy.
  async headers() {
    const common = Object.entries(COMMON_HEADERS).map(([key, value]) => ({ key, value }));
    return [
      { source: "/:path*", headers: common },
      // API answers hold a shop's data, tokens and 2FA secrets: never kept by a browser or a proxy.
      {
        source: "/api/:path*",
        headers: [
          { key: "Content-Security-Policy", value: API_POLICY },
          { key: "Cache-Control", value: "no-store" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
