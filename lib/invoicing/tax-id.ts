// A Spanish tax id (NIF) as the tax agency issues them, checked by its
// control character: a person's DNI (8 digits and a letter), a foreigner's
// NIE (X, Y or Z, 7 digits and a letter), the K, L and M NIFs of people
// without either, and a legal entity's (a letter for its kind, 7 digits and a
// control digit or letter). Browser-safe: the settings form checks as typed.

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const ENTITY_LETTERS = "JABCDEFGHI";

/** The id as written on an invoice: upper case, no spaces, dots or dashes. */
export const normalTaxId = (text: string) => text.toUpperCase().replace(/[\s.\-]/g, "");

const personLetter = (digits: string) => DNI_LETTERS[Number(digits) % 23];

function entityControl(digits: string): { digit: string; letter: string } {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(digits[i]);
    // The 1st, 3rd, 5th and 7th digits are doubled, and the doubled number's digits added.
    sum += i % 2 === 0 ? Math.floor((n * 2) / 10) + ((n * 2) % 10) : n;
  }
  const control = (10 - (sum % 10)) % 10;
  return { digit: String(control), letter: ENTITY_LETTERS[control] };
}

/** Whether `text` (after normalTaxId) is a valid Spanish NIF. */
export function isTaxId(text: string): boolean {
  const id = normalTaxId(text);
  let match = /^(\d{8})([A-Z])$/.exec(id);
  if (match) return personLetter(match[1]) === match[2];
  match = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (match) return personLetter(`${"XYZ".indexOf(match[1])}${match[2]}`) === match[3];
  match = /^([KLM])(\d{7})([A-Z])$/.exec(id);
  if (match) return personLetter(match[2]) === match[3];
  match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!match) return false;
  const [, kind, digits, given] = match;
  const { digit, letter } = entityControl(digits);
  // Companies and some others end in a digit, public bodies and foreign entities in a letter.
  if ("ABEH".includes(kind)) return given === digit;
  if ("KPQSNW".includes(kind)) return given === letter;
  return given === digit || given === letter;
}
