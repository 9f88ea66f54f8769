// The text the substring search runs over: lower-cased, without accents
// ("José" is "jose", "Joiería" is "joieria"), one field per line so a term
// never matches across two fields, plus the phone's digits alone ("600123"
// finds "+34 600 123 456"). Written with every create and edit. The fields
// are the registry's (./fields.ts) marked `search`, in its order. A repair
// whose text has fewer fields than that (written before a field was searched)
// and a value in a field it lacks is written again at start
// (./search-rewrite.ts); with none of those values it finds the same.

import { columnsWhere, fieldSpec, type ColumnsWith, type PropOf } from "./fields";

const SEPARATOR = "\u001f"; // a control character nobody can type into the search box

export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

type SearchColumn = ColumnsWith<{ search: true | "digits" }>;
const SEARCHED = columnsWhere((spec) => spec.search) as SearchColumn[];
/** The record's values the search text is made of (./fields.ts marks them). */
export type SearchFields = { [C in SearchColumn as PropOf<C>]?: string | null };
/** The record's names of those fields (what an edit merges before writing the text again). */
export const SEARCH_PROPS = SEARCHED.map((column) => fieldSpec(column).prop as keyof SearchFields);

export function searchTextOf(repair: SearchFields): string {
  return SEARCHED.flatMap((column) => {
    const { prop, search } = fieldSpec(column);
    const text = repair[prop as keyof SearchFields] ?? "";
    return search === "digits" ? [text, text.replace(/\D/g, "")] : [text];
  })
    .map(foldText)
    .join(SEPARATOR);
}

/** How many fields a search text of this release holds (its separators, plus one). */
export const SEARCH_TEXT_FIELDS = searchTextOf({}).split(SEPARATOR).length;
export { SEPARATOR as SEARCH_TEXT_SEPARATOR };

/** A typed term as the text is: folded, control characters as spaces, trimmed. */
export function foldTerm(term: string): string {
  return foldText(term.replace(/\p{Cc}/gu, " ").trim());
}

/** A LIKE pattern for a typed term: folded like the text, with %, _ and \ taken literally. */
export function searchPattern(term: string): string {
  return `%${foldTerm(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
