import { rewriteRepairs, type Pace } from "@/lib/db/paced-pass";
import { columnsWhere, fieldSpec, type RepairColumn } from "./fields";
import { SEARCH_TEXT_FIELDS, SEARCH_TEXT_SEPARATOR, searchTextOf, type SearchFields } from "./search-text";

// A field newly searched (a watch's brand and model) is in the search text of
// repairs written since; older repairs that have a value in it get their text
// written again by npm start beside the traffic (lib/db/paced-pass.ts, as the
// status links' seal): the search works throughout, and finds them once their
// batch is done. A repair whose text is of an older layout but has none of
// the new values finds the same as it would rewritten, and is left alone.

/** The searched fields, read as the record's names (what searchTextOf takes). */
const SELECT = columnsWhere((spec) => spec.search)
  .map((column) => `${column} AS "${fieldSpec(column).prop}"`)
  .join(", ");

/**
 * The fields searched since repairs were first written without them: a
 * repair with a value in one of them and a text of an older layout (fewer
 * fields) is written again. A field newly marked `search` goes here too.
 */
const NEWLY_SEARCHED: RepairColumn[] = ["brand", "model"];

/**
 * The repairs to write again: the condition of the partial index that finds
 * them (migration 20261128130000_search_text_to_rewrite), written out with
 * the same constants so the planner reads that index, one probe once every
 * repair is done (tests/api/search-brand-names.test.ts holds the two equal).
 */
export const TO_REWRITE = `(${NEWLY_SEARCHED.map((c) => `${c} IS NOT NULL`).join(" OR ")})
      AND length(search_text) - length(replace(search_text, E'\\x${SEARCH_TEXT_SEPARATOR.charCodeAt(0).toString(16)}', '')) < ${SEARCH_TEXT_FIELDS - 1}`;

/** Writes again the search text of every repair that needs it; how many were written. */
export function rewriteSearchTexts(databaseUrl: string, pace: Pace = {}): Promise<number> {
  return rewriteRepairs<SearchFields>(databaseUrl, pace, {
    column: "search_text",
    select: SELECT,
    where: TO_REWRITE,
    next: (row) => searchTextOf(row),
  });
}
