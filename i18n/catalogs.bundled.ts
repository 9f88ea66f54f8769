import ca from "@/messages/ca.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

// ./catalogs.ts as Next's build has it (see there): no import attribute, so
// next-intl's loader precompiles the messages.
export const CATALOGS = { en, es, ca } as const;
