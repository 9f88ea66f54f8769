import ca from "@/messages/ca.json" with { type: "json" };
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };

// The catalogs for code outside React: error texts, the export's headers and
// labels, customers' notices and the status page. Node (npm start's process,
// the scripts, the tests) reads them here as JSON, for next-intl's full ICU
// formatter. In Next's build next.config.mjs points this module at
// ./catalogs.bundled.ts instead, whose imports go through next-intl's loader
// and come precompiled, as the formatter there expects (the ICU parser stays
// out of the pages' JavaScript).
export const CATALOGS = { en, es, ca } as const;
