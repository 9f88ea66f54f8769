// The text the substring search runs over: lower-cased, without accents
// ("José" is "jose", "Joiería" is "joieria"), one field per line so a term
// never matches across two fields, plus the phone's digits alone ("600123"
// finds "+34 600 123 456"). Written with every create and edit.

const SEPARATOR = "\u001f"; // a control character nobody can type into the search box

export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function searchTextOf(repair: {
  repairNumber: string;
  customerName: string;
  customerPhone: string | null;
  itemDescription: string;
}): string {
  const phone = repair.customerPhone ?? "";
  return [repair.repairNumber, repair.customerName, phone, phone.replace(/\D/g, ""), repair.itemDescription]
    .map(foldText)
    .join(SEPARATOR);
}

/** A typed term as the text is: folded, control characters as spaces, trimmed. */
export function foldTerm(term: string): string {
  return foldText(term.replace(/\p{Cc}/gu, " ").trim());
}

/** A LIKE pattern for a typed term: folded like the text, with %, _ and \ taken literally. */
export function searchPattern(term: string): string {
  return `%${foldTerm(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
