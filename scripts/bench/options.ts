// The bench's options (npm run bench -- --help in run.ts's first line) and the accounts it seeds.
import path from "node:path";
import { parseArgs } from "node:util";

export const EMAIL = "bench@example.com";
/** A second shop, for two exports at once (one runs at a time per shop). */
export const SECOND_EMAIL = "bench-second@example.com";
export const PASSWORD = "Bench-Password-1";
export const ROOT = process.cwd();

export const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    "skip-frontend": { type: "boolean", default: false },
    "frontend-only": { type: "boolean", default: false },
    /** Only the API scenarios whose name holds one of these texts ("a|b"), or these sections: notices, sign-in, photos, hostile, export, memory. */
    only: { type: "string" },
    /** The embedded database (PGlite, npm start's default) under bench-results/embedded-<rows>, instead of DATABASE_URL's server. */
    embedded: { type: "boolean", default: false },
    /** The seed's status mix (every status alike) or "realistic" (a shop's book after years: all but the last 60 days collected). */
    mix: { type: "string", default: "seed" },
  },
});
/** --only's texts, separated by "|" (scenario names hold commas); none: everything. */
export const onlyTexts = () => values.only?.split("|").map((text) => text.trim()) ?? [];
export const onlyHas = (name: string) => !values.only || onlyTexts().some((text) => name.includes(text));
export const ROWS = Number(values.rows);
export const SECONDS = Number(values.seconds);
// An odd number of rounds, so the median is a round that was measured (the
// lower middle of an even count flattered every time).
export const ROUNDS = Math.max(1, Number(values.rounds)) | 1;
export const EMBEDDED = values.embedded!;
export const MIX = values.mix === "realistic" ? "realistic" : "seed";
export const SECOND_SHOP_ROWS = Math.min(100_000, ROWS);
export const EMBEDDED_DIR = path.join(ROOT, "bench-results", `embedded-${ROWS}${MIX === "seed" ? "" : `-${MIX}`}`);
